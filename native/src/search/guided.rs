//! The guided search: the Python `hard`'s tree search (game/ai/mcts.py `SearchPlayer.iterate`,
//! 9c5c6fa's level) over the core's states, valued by the core's evaluation (`crate::evaluate`).
//!
//! Against the playout search of the parent module it differs in every part of an iteration:
//! - the tree branches on turn-level decisions only (a fresh turn, the Wonder draft, who
//!   starts an Age); the follow-ups of a turn (a progress token, the Senate's actions, a
//!   Conspiracy's choices) are played greedily by their mover's evaluation, but for the
//!   Senate's while a Senate is near (`Params::senate_edges`): those are nodes;
//! - PUCT everywhere, `Q + c · P · √avail / (1 + n)`, with priors from quick per-action gains
//!   (`Evaluator::quick_scores`) when a node is first reached, replaced by one-ply scores
//!   (each action and the greedy rest of its mover's turn, evaluated) once it has `upgrade`
//!   visits; those scores also give each child one visit of their winning chance. An untried
//!   child starts at its parent's value;
//! - no playout: the new leaf is valued by the evaluation's winning chance.

use super::{Node, Params, Tree};
use crate::core::{step, Act, State};
use crate::evaluate::{Evaluator, WIN};
use crate::tables::Tables;

/// Decisions whose greedy follow-up is scored by `cube_terms` (mcts.py `CUBE_DECISIONS`).
fn cube_decision(kind: u8) -> bool {
    matches!(kind, step::SENATE | step::PLACE | step::REMOVE | step::MAY_MOVE | step::CONSPIRATOR)
}

/// A decision the tree branches on (mcts.py `is_edge`); with `senate` > 0 also the
/// Senate's while a player lacks at most `senate` cubes of every Chamber.
fn is_edge(s: &State, senate: u8) -> bool {
    match s.top() {
        Some(st) => st[0] == step::DRAFT || st[0] == step::START || (st[0] == step::TURN && st[2] != 0)
            || (senate > 0 && cube_decision(st[0]) && senate_near(s, senate)),
        None => false,
    }
}

/// Does either player lack at most `senate` cubes of every Chamber?
fn senate_near(s: &State, senate: u8) -> bool {
    (0..2).any(|p| Evaluator::political_need(s, p) <= senate as i64)
}

/// The rest of a turn already begun (heuristic.py `is_followup`).
fn is_followup(s: &State) -> bool {
    match s.top() {
        Some(st) => !(st[0] == step::TURN && st[2] != 0),
        None => false,
    }
}

/// The softmax of `scores` at `temperature` (mcts.py `softmax`).
fn softmax(scores: &[f64], temperature: f64) -> Vec<f32> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ex: Vec<f64> = scores.iter().map(|&x| ((x.min(top) - top) / temperature).exp()).collect();
    let total: f64 = ex.iter().sum();
    ex.iter().map(|e| (e / total) as f32).collect()
}

/// The buffers and knowledge one iteration works with.
pub(super) struct Guide<'a> {
    pub t: &'a Tables,
    pub e: &'a Evaluator,
    pub legal: Vec<Act>,
    pub more: Vec<Act>,
    pub buf: Vec<Act>,
    pub scores: Vec<f64>,
    /// `Params::senate_edges`.
    pub senate: u8,
}

impl<'a> Guide<'a> {
    pub fn new(t: &'a Tables, e: &'a Evaluator, senate: u8) -> Guide<'a> {
        Guide { t, e, legal: Vec::with_capacity(64), more: Vec::with_capacity(64), buf: Vec::with_capacity(64),
                scores: Vec::with_capacity(64), senate }
    }

    /// Play every follow-up decision greedily until the next turn-level one (mcts.py
    /// `finish_followups`).
    fn finish_followups(&mut self, s: &mut State) -> Option<()> {
        let (t, e) = (self.t, self.e);
        let mut guard = 0;
        while !s.is_terminal() && s.top().is_some() && !is_edge(s, self.senate) && guard < 40 {
            let kind = s.top()?[0];
            let p = s.current_player()? as usize;
            s.legal(t, &mut self.more);
            let a = match self.more.len() {
                0 => return None,
                1 => self.more[0],
                _ => {
                    let mut best = (self.more[0], f64::NEG_INFINITY);
                    for &a in &self.more {
                        let mut c = *s;
                        c.apply(t, a, &mut self.buf).ok()?;
                        let v = if c.is_terminal() {
                            e.evaluate(t, &c, p, 0, true)
                        } else if cube_decision(kind) {
                            e.cube_terms(t, &c, p)
                        } else {
                            e.evaluate(t, &c, p, 0, false)
                        };
                        if v > best.1 {
                            best = (a, v);
                        }
                    }
                    best.0
                }
            };
            s.apply(t, a, &mut self.buf).ok()?;
            guard += 1;
        }
        Some(())
    }

    /// `me`'s value of `s` as heuristic.py's `Lookahead.value`: a new Age's cards unknown.
    fn look_value(&self, s: &State, me: usize, age: u8) -> f64 {
        let hidden = if s.age == age { 0 } else { self.e.structure_slots(self.t, s) };
        self.e.evaluate(self.t, s, me, hidden, true)
    }

    /// The rest of `me`'s own turn played greedily; its final value (heuristic.py
    /// `Lookahead.finish_turn`).
    fn finish_turn(&mut self, s: &mut State, me: usize, age: u8) -> f64 {
        let t = self.t;
        let mut depth = 0;
        let mut known = None;
        // `more` is free here (finish_followups does not run during a one-ply score)
        let mut legal = std::mem::take(&mut self.more);
        while !s.is_terminal() && s.current_player() == Some(me as u8) && is_followup(s) && depth < 12 {
            s.legal(t, &mut legal);
            if legal.is_empty() {
                self.more = legal;
                return -WIN;
            }
            let mut best = legal[0];
            known = None;
            if legal.len() > 1 {
                let mut best_v = f64::NEG_INFINITY;
                for &a in &legal {
                    let mut c = *s;
                    if c.apply(t, a, &mut self.buf).is_err() {
                        continue;
                    }
                    let v = self.look_value(&c, me, age);
                    if v > best_v {
                        best = a;
                        best_v = v;
                    }
                }
                if best_v > f64::NEG_INFINITY {
                    known = Some(best_v);
                }
            }
            if s.apply(t, best, &mut self.buf).is_err() {
                self.more = legal;
                return -WIN;
            }
            depth += 1;
        }
        self.more = legal;
        known.unwrap_or_else(|| self.look_value(s, me, age))
    }

    /// `cube_terms` after each of `self.legal` for `mover`, into `self.scores`: the priors
    /// of a Senate decision searched as a node (`quick_scores` knows only turns).
    fn cube_scores(&mut self, s: &State, mover: usize) {
        self.scores.clear();
        for &a in &self.legal {
            let mut c = *s;
            let v = match c.apply(self.t, a, &mut self.buf) {
                Ok(_) => self.e.cube_terms(self.t, &c, mover),
                Err(_) => -2.0 * WIN,
            };
            self.scores.push(v);
        }
    }

    /// The one-ply score of each of `self.legal` for the mover of `s`, into `self.scores`
    /// (heuristic.py `Lookahead.score_all`).
    fn one_ply(&mut self, s: &State, mover: usize) {
        let legal = std::mem::take(&mut self.legal);
        self.scores.clear();
        for &a in &legal {
            let mut c = *s;
            let v = if c.apply(self.t, a, &mut self.buf).is_err() {
                -2.0 * WIN
            } else {
                self.finish_turn(&mut c, mover, s.age)
            };
            self.scores.push(v);
        }
        self.legal = legal;
    }
}

impl Tree {
    /// One iteration of the guided search on `s` (a determinization); the path walked is in
    /// `path`, the value for `me` returned (None: a defect on a hypothetical line).
    pub(super) fn iterate_guided(&mut self, g: &mut Guide, s: &mut State, me: u8, params: &Params,
                                 path: &mut Vec<u32>) -> Option<f64> {
        let (t, e) = (g.t, g.e);
        path.clear();
        path.push(0);
        let mut node = 0u32;
        for _ in 0..400 {
            if s.is_terminal() {
                return Some(e.win_chance(e.evaluate(t, s, me as usize, 0, true), 2));
            }
            s.legal(t, &mut g.legal);
            if g.legal.is_empty() {
                return None;
            }
            let mover = s.current_player()?;
            let nd = &self.nodes[node as usize];
            if !nd.seeded && nd.n >= params.upgrade {
                g.one_ply(s, mover as usize);
                self.seed_children(node, &g.legal, &g.scores, mover, params.prior_temperature, e, s.age);
            } else if nd.children.is_empty() {
                match s.top() {
                    Some(st) if cube_decision(st[0]) => g.cube_scores(s, mover as usize),
                    _ => e.quick_scores(t, s, &g.legal, &mut g.scores),
                }
                let priors = softmax(&g.scores, params.prior_temperature);
                for (&a, &p) in g.legal.iter().zip(&priors) {
                    let id = self.nodes.len() as u32;
                    self.nodes.push(Node::new(a, mover, p));
                    self.nodes[node as usize].children.push(id);
                }
            }
            let child = self.select_guided(node, &g.legal, mover, params.c);
            let a = self.nodes[child as usize].act;
            s.apply(t, a, &mut g.buf).ok()?;
            g.finish_followups(s)?;
            node = child;
            path.push(node);
            if self.nodes[node as usize].n == 0 {
                return Some(e.win_chance(e.evaluate(t, s, me as usize, 0, true), s.age));
            }
        }
        None
    }

    /// One-ply scores as priors of `node`'s children, and one visit of their winning chance
    /// for a child not visited yet (mcts.py `seed_children`).
    #[allow(clippy::too_many_arguments)]
    fn seed_children(&mut self, node: u32, legal: &[Act], scores: &[f64], mover: u8, temperature: f64,
                     e: &Evaluator, age: u8) {
        let priors = softmax(scores, temperature);
        for ((&a, &v), &p) in legal.iter().zip(scores).zip(&priors) {
            let c = self.child(node, a, mover, p);
            let ch = &mut self.nodes[c as usize];
            ch.prior = p;
            if ch.n == 0 {
                ch.n = 1;
                ch.w = e.win_chance(v, age);
            }
        }
        self.nodes[node as usize].seeded = true;
    }

    /// `node`'s child for `a`, made (with `prior`) when missing.
    fn child(&mut self, node: u32, a: Act, mover: u8, prior: f32) -> u32 {
        let found = self.nodes[node as usize].children.iter().copied().find(|&c| self.nodes[c as usize].act == a);
        found.unwrap_or_else(|| {
            let id = self.nodes.len() as u32;
            self.nodes.push(Node::new(a, mover, prior));
            self.nodes[node as usize].children.push(id);
            id
        })
    }

    /// PUCT with availability; an untried child at its parent's value (mcts.py `iterate`).
    fn select_guided(&mut self, node: u32, legal: &[Act], mover: u8, c: f64) -> u32 {
        let nd = &self.nodes[node as usize];
        let fpu = if nd.n > 0 && nd.mover < 2 {
            let q = nd.w / nd.n as f64;
            if nd.mover == mover { q } else { 1.0 - q }
        } else {
            0.5
        };
        let mut best = (u32::MAX, f64::NEG_INFINITY);
        for &a in legal {
            let fresh = 1.0 / (1 + self.nodes[node as usize].children.len()) as f32;
            let id = self.child(node, a, mover, fresh);
            let ch = &mut self.nodes[id as usize];
            ch.avail += 1;
            let q = if ch.n > 0 { ch.w / ch.n as f64 } else { fpu };
            let u = q + c * ch.prior as f64 * (ch.avail as f64).sqrt() / (1.0 + ch.n as f64);
            if u > best.1 {
                best = (id, u);
            }
        }
        best.0
    }
}
