//! Information-set Monte Carlo tree search over the core's states (the AI level `hard`).
//!
//! One tree over the searching seat's information set: every iteration takes one of the
//! determinizations the caller drew from the seat's observation (`game/ai/determinize.py`;
//! the core never sees the real hidden state), reseeds its generator (later chance, The
//! Great Library), walks down the tree playing the tree's actions in it, adds one node,
//! plays the rest of the game with the playout policy below and backs the result up
//! (1 win, 1/2 draw, 0 loss, for the player who chose each edge). The tree is keyed by
//! actions, so the hidden parts differ between iterations and the statistics average over
//! them; a child's exploration term counts only the iterations in which it was legal
//! ("availability"). A decision with one legal action is played through, never a node.
//!
//! Selection: PUCT at the root (priors from the caller: `game/`'s one-ply evaluation), or
//! UCB1 there too (`c_root` <= 0), UCB1 with availability below. The tree survives between
//! decisions (`Tree::advance` walks it down the actions played since); with `age_stop` it
//! ends at the next Age. With `redeal` (the base game's level) each iteration first deals its
//! determinization's unseen cards afresh (`State::shuffle_unseen`), as the anchor draws its
//! reveals. With `leaf_eval` the leaf an iteration adds is valued by the evaluation
//! (`crate::evaluate`, evaluate.py's) as well as, or instead of, a playout (off: measured).
//! With `guided` an iteration is the Python `hard`'s instead (`guided`, Agora's level):
//! follow-ups played greedily, priors at every node, the leaf valued by the evaluation.
//!
//! The playout policy (`Policy`) gives each player a plan for the whole playout, as the
//! anchor's does (docs/ai.md): science (green cards first, Law, The Mausoleum for a green
//! card), military (red cards first), or plain; in Age I a plain player builds production
//! and trade cards first; otherwise a turn is a Wonder, a build or a discard with weights
//! 50 / 35 / 15 among those on offer. With `finishes` (the default) a red card that reaches
//! the opponent's capital and a green card that completes a science supremacy are always
//! taken; with `lookahead` a
//! science (military) plan reaches a green (red) card through a Wonder that plays again,
//! and with `deny` a player takes the green card an opponent with five symbols needs, with
//! `guard` the red card that would carry the opponent into its capital. With
//! `card_first` a plain turn is the anchor's: a card drawn first, then a kind, until legal.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::time::Instant;

use crate::core::{act, phase, step, Act, State};
use crate::evaluate::Evaluator;
use crate::rng;
use crate::tables::{fx, Tables};

mod guided;

const GREEN: u8 = 3;
const RED: u8 = 5;
const BROWN: u8 = 0;
const GREY: u8 = 1;
const YELLOW: u8 = 4;

#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// PUCT constant at the root (values in [0, 1]); 0 or less: UCB1 with `c` there too,
    /// the priors unused (the anchor's root).
    pub c_root: f64,
    /// UCB1 constant below the root.
    pub c: f64,
    /// 0: uniform random playouts; 1: the plan policy.
    pub policy: u8,
    /// Share of playouts in which a player plans science (the rest: military `mil`, else plain).
    pub science: f64,
    pub military: f64,
    /// Weight of the point margin in a playout's value: (1 - m) × outcome + m × a logistic
    /// of the margin (a civilian game is decided by points: a near win is worth more).
    pub margin: f64,
    /// Agora: share of the Senate's decisions a playout plays by the control they give
    /// (`senate_score`; the rest uniform), and how often a turn recruits a Senator when a
    /// player controls four Chambers or more (either side: the political race is on).
    pub senate: f64,
    /// The anchor's look-ahead (agent_mcts' simulator): a science or military plan builds a
    /// Wonder that plays again with a card that uncovers one of its colour it can then
    /// afford, a science plan in Age III The Mausoleum when a green card lies in the
    /// discard; and the player choosing who starts an Age starts it.
    pub lookahead: bool,
    /// Science denial: a player takes (builds, else discards) a green card whose symbol the
    /// opponent, holding five, lacks, as it takes its own finishes.
    pub deny: bool,
    /// Military defence: a player takes (builds, else discards) a red card with which the
    /// opponent would reach its capital, as `deny` takes a green one (an opponent who
    /// defends, as an evaluation-guided one does). 0: no one; 1: both players; 2: only the
    /// searching seat's opponent (the search still sees a threat to its own capital).
    pub guard: u8,
    /// Agora: share of playouts in which a player plans politics (taken from the plain
    /// share): it recruits a Senator whenever it can and places every cube for control, so
    /// the search sees a Senate won in Age I coming before four Chambers are gone.
    pub politics: f64,
    /// Share of a playout's builds (Ages II and III) that take the card worth the most
    /// points on offer rather than one at random: players who race for points, as an
    /// evaluation-guided opponent does.
    pub points: f64,
    /// Each iteration deals the unseen cards of its determinization afresh
    /// (`State::shuffle_unseen`), as the anchor draws its reveals, instead of reusing the
    /// pool's deals (the base game's level; Agora's measured it and does not).
    pub redeal: bool,
    /// The anchor's plain turn (game_simulator.cpp): a card drawn among the accessible ones,
    /// then discard 15 / build 35 / Wonder 50 (no Wonder left to build: 30 / 70), drawn
    /// again until legal, instead of a kind first and then an action of that kind.
    pub card_first: bool,
    /// The tree stops at the next Age (the anchor's): an iteration that reaches it plays out
    /// from there without a node.
    pub age_stop: bool,
    /// The finishes every plan takes (a red card to the capital, a sixth science symbol);
    /// the anchor's playouts have none.
    pub finishes: bool,
    /// Weight of the evaluation (`crate::evaluate`, game/ai/evaluate.py's) at the leaf a
    /// walk down the tree adds: its winning chance blended with the playout's result, 1
    /// without a playout (the Python `hard`'s leaves); 0 playouts only. Needs an evaluator.
    pub leaf_eval: f64,
    /// The guided search (`guided`, the Python `hard`'s): no playouts, follow-ups greedy,
    /// PUCT with constant `c` and priors everywhere. Needs an evaluator.
    pub guided: bool,
    /// Guided: visits after which a node's priors are the one-ply scores.
    pub upgrade: u32,
    /// Guided: the softmax temperature (points) of the priors.
    pub prior_temperature: f64,
    /// Guided, Agora: the Senate's decisions (recruiting's cubes, a move, a removal, a
    /// Conspirator) are searched as nodes, not played greedily, while either player lacks
    /// at most this many cubes of every Chamber (0: never).
    pub senate_edges: u8,
}

impl Default for Params {
    fn default() -> Self {
        Params { c_root: 1.0, c: 0.7, policy: 1, science: 0.4, military: 0.2, margin: 0.0, senate: 0.0,
                 lookahead: false, deny: false, guard: 0, politics: 0.0, points: 0.0, redeal: false,
                 card_first: false, age_stop: false, finishes: true, leaf_eval: 0.0,
                 guided: false, upgrade: 4, prior_temperature: 2.5, senate_edges: 0 }
    }
}

struct Node {
    act: Act,
    mover: u8,
    n: u32,
    avail: u32,
    w: f64,
    prior: f32,
    /// Guided search: the children's priors are one-ply scores.
    seeded: bool,
    children: Vec<u32>,
}

impl Node {
    fn new(act: Act, mover: u8, prior: f32) -> Node {
        Node { act, mover, n: 0, avail: 0, w: 0.0, prior, seeded: false, children: Vec::new() }
    }
}

/// The search tree; index 0 is always the root.
pub struct Tree {
    nodes: Vec<Node>,
    /// How many iterations the last `run` did.
    pub last_iterations: u64,
}

impl Default for Tree {
    fn default() -> Self {
        Tree::new()
    }
}

const ROOT_ACT: Act = Act::new(255, 255, 255);

impl Tree {
    pub fn new() -> Tree {
        Tree { nodes: vec![Node::new(ROOT_ACT, 255, 0.0)], last_iterations: 0 }
    }

    pub fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(ROOT_ACT, 255, 0.0));
    }

    pub fn size(&self) -> usize {
        self.nodes.len()
    }

    pub fn root_visits(&self) -> u32 {
        self.nodes[0].n
    }

    /// Walk the root down the actions played since the last search (matched by `same`,
    /// the caller's notation test). Returns false (and resets the tree) when an action was
    /// never tried in the tree: its statistics would be of another position. `step_over`
    /// (the node's children's actions, the action's index) may pass over an action the
    /// tree holds no node for: the guided search's follow-ups, played greedily in it.
    pub fn advance(&mut self, mut same: impl FnMut(Act, usize) -> bool,
                   mut step_over: impl FnMut(&[Act], usize) -> bool, count: usize) -> bool {
        let mut cur = 0u32;
        for i in 0..count {
            let node = &self.nodes[cur as usize];
            match node.children.iter().copied().find(|&c| same(self.nodes[c as usize].act, i)) {
                Some(c) => cur = c,
                None => {
                    // a forced action (one legal choice) makes no node: step over it
                    // only if the tree has nothing to match it against at all
                    if node.children.is_empty() && cur != 0 {
                        continue;
                    }
                    let acts: Vec<Act> = node.children.iter().map(|&c| self.nodes[c as usize].act).collect();
                    if cur != 0 && step_over(&acts, i) {
                        continue;
                    }
                    self.reset();
                    return false;
                }
            }
        }
        if cur == 0 {
            return self.nodes[0].n > 0;
        }
        // rebuild the arena from the new root (the rest is garbage)
        let mut nodes = Vec::with_capacity(self.nodes.len() / 4 + 1);
        let mut root = std::mem::replace(&mut self.nodes[cur as usize], Node::new(ROOT_ACT, 255, 0.0));
        root.act = ROOT_ACT;
        nodes.push(root);
        let mut i = 0;
        while i < nodes.len() {
            let kids = std::mem::take(&mut nodes[i].children);
            let mut new = Vec::with_capacity(kids.len());
            for k in kids {
                let n = std::mem::replace(&mut self.nodes[k as usize], Node::new(ROOT_ACT, 255, 0.0));
                new.push(nodes.len() as u32);
                nodes.push(n);
            }
            nodes[i].children = new;
            i += 1;
        }
        self.nodes = nodes;
        true
    }

    /// Priors for the root's children (the caller's evaluation); unknown children get none.
    /// `value` > 0 children not visited yet start with `virtual_n` visits of that value (the
    /// evaluation's winning chance for the mover): knowledge the playouts then refine.
    pub fn set_root_priors(&mut self, priors: &[(Act, f32, f32)], mover: u8, virtual_n: u32) {
        for &(a, p, v) in priors {
            let found = self.nodes[0].children.iter().copied().find(|&c| self.nodes[c as usize].act == a);
            let c = match found {
                Some(c) => c,
                None => {
                    let id = self.nodes.len() as u32;
                    self.nodes.push(Node::new(a, mover, p));
                    self.nodes[0].children.push(id);
                    id
                }
            };
            let node = &mut self.nodes[c as usize];
            node.prior = p;
            if virtual_n > 0 && node.n == 0 && v >= 0.0 {
                node.n = virtual_n;
                node.w = virtual_n as f64 * v as f64;
                self.nodes[0].n += virtual_n;
            }
        }
        self.nodes[0].seeded = !priors.is_empty();
    }

    /// The root's children: (action, visits, mean value for the player who chose it).
    pub fn root_stats(&self) -> Vec<(Act, u32, f64)> {
        self.nodes[0].children.iter().map(|&c| {
            let n = &self.nodes[c as usize];
            (n.act, n.n, if n.n > 0 { n.w / n.n as f64 } else { 0.0 })
        }).collect()
    }

    /// Run iterations over `pool` (determinizations of the searching seat's observation)
    /// until `iterations` are done or `deadline` passes. Returns the iterations done.
    #[allow(clippy::too_many_arguments)] // one call site, from the bindings: each is a knob of the search
    pub fn run(&mut self, t: &Tables, pool: &[State], me: u8, iterations: u64, deadline: Option<Instant>,
               params: &Params, seed: u64, eval: Option<&Evaluator>) -> u64 {
        if pool.is_empty() {
            return 0;
        }
        let mut r = seed ^ 0x5851_F42D_4C95_7F2D;
        let mut buf = Vec::with_capacity(128);
        let mut buf2 = Vec::with_capacity(128);
        let mut path: Vec<u32> = Vec::with_capacity(64);
        let mut guide = match eval {
            Some(e) if params.guided => Some(guided::Guide::new(t, e, params.senate_edges)),
            _ => None,
        };
        let mut it = 0u64;
        while it < iterations {
            if it.is_multiple_of(32) {
                if let Some(d) = deadline {
                    if Instant::now() >= d {
                        break;
                    }
                }
            }
            let mut s = pool[(it as usize) % pool.len()];
            s.rng ^= rng::next64(&mut r);
            if params.redeal {
                s.shuffle_unseen(t, &mut r);
            }
            let value = match guide.as_mut() {
                Some(g) => self.iterate_guided(g, &mut s, me, params, &mut path),
                None => self.iterate(t, &mut s, me, params, eval, &mut r, &mut buf, &mut buf2, &mut path),
            };
            if let Some(v) = value {
                for &id in &path {
                    let nd = &mut self.nodes[id as usize];
                    nd.n += 1;
                    if nd.mover < 2 {
                        nd.w += if nd.mover == me { v } else { 1.0 - v };
                    }
                }
            }
            it += 1;
        }
        self.last_iterations = it;
        it
    }

    #[allow(clippy::too_many_arguments)]
    fn iterate(&mut self, t: &Tables, s: &mut State, me: u8, params: &Params, eval: Option<&Evaluator>,
               r: &mut u64, buf: &mut Vec<Act>, buf2: &mut Vec<Act>, path: &mut Vec<u32>) -> Option<f64> {
        path.clear();
        path.push(0);
        let mut node = 0u32;
        let mut guard = 0;
        let (age, in_draft) = (s.age, s.phase == phase::DRAFT);
        loop {
            if s.phase == phase::OVER {
                return Some(leaf_value(t, s, me, params.margin));
            }
            if params.age_stop && node != 0 && (s.age != age || in_draft != (s.phase == phase::DRAFT)) {
                break;
            }
            guard += 1;
            if guard > 400 {
                return None;
            }
            s.legal(t, buf);
            if buf.is_empty() {
                return None;
            }
            if buf.len() == 1 {
                let a = buf[0];
                if s.apply(t, a, buf2).is_err() {
                    return None;
                }
                continue;
            }
            let mover = s.current_player().unwrap_or(0);
            let child = self.select(node, buf, mover, params, r);
            let a = self.nodes[child as usize].act;
            if s.apply(t, a, buf2).is_err() {
                return None;
            }
            node = child;
            path.push(node);
            if self.nodes[node as usize].n == 0 {
                break;
            }
        }
        if s.phase == phase::OVER {
            return Some(leaf_value(t, s, me, params.margin));
        }
        let judged = match eval {
            Some(e) if params.leaf_eval > 0.0 => e.win_chance(e.evaluate(t, s, me as usize, 0, true), s.age),
            _ => return play_out(t, s, me, params, r, buf, buf2),
        };
        if params.leaf_eval >= 1.0 {
            return Some(judged);
        }
        let played = play_out(t, s, me, params, r, buf, buf2)?;
        Some((1.0 - params.leaf_eval) * played + params.leaf_eval * judged)
    }


    /// Pick the child to follow among the legal actions `legal` (creating missing ones).
    fn select(&mut self, node: u32, legal: &[Act], mover: u8, params: &Params, r: &mut u64) -> u32 {
        let is_root = node == 0 && params.c_root > 0.0;
        let parent_n = self.nodes[node as usize].n;
        let mut best = u32::MAX;
        let mut best_u = f64::NEG_INFINITY;
        let mut unvisited = 0u32;
        for &a in legal {
            let found = self.nodes[node as usize].children.iter().copied().find(|&c| self.nodes[c as usize].act == a);
            let c = match found {
                Some(c) => c,
                None => {
                    let id = self.nodes.len() as u32;
                    self.nodes.push(Node::new(a, mover, 0.0));
                    self.nodes[node as usize].children.push(id);
                    id
                }
            };
            let ch = &mut self.nodes[c as usize];
            ch.avail += 1;
            let u = if is_root {
                // PUCT with the caller's priors (a child without one gets a small share)
                let q = if ch.n > 0 { ch.w / ch.n as f64 } else { 0.5 };
                let p = if ch.prior > 0.0 { ch.prior as f64 } else { 1.0 / legal.len() as f64 };
                q + params.c_root * p * ((parent_n.max(1)) as f64).sqrt() / (1.0 + ch.n as f64)
            } else if ch.n == 0 {
                // untried children first, in random order (reservoir draw)
                unvisited += 1;
                if rng::quick_below(r, unvisited as u64) == 0 {
                    best = c;
                }
                best_u = f64::INFINITY;
                continue;
            } else {
                ch.w / ch.n as f64 + params.c * ((ch.avail as f64).ln() / ch.n as f64).sqrt()
            };
            if u > best_u {
                best_u = u;
                best = c;
            }
        }
        best
    }
}

/// The rest of the game by the playout policy: its value for `me`.
#[allow(clippy::too_many_arguments)]
fn play_out(t: &Tables, s: &mut State, me: u8, params: &Params, r: &mut u64,
            buf: &mut Vec<Act>, buf2: &mut Vec<Act>) -> Option<f64> {
    let mut pol = Policy::new(params, t.agora, me, r);
    if pol.play(t, s, r, buf, buf2).is_err() {
        return None;
    }
    Some(leaf_value(t, s, me, params.margin))
}

/// 1 for a win of `me`, 0 for a loss, 1/2 for a draw.
fn outcome(s: &State, me: u8) -> f64 {
    if s.winner == me {
        1.0
    } else if s.winner < 2 {
        0.0
    } else {
        0.5
    }
}

/// An ended game's value for `me` (see `Params::margin`).
fn leaf_value(t: &Tables, s: &State, me: u8, margin: f64) -> f64 {
    let o = outcome(s, me);
    if margin <= 0.0 {
        return o;
    }
    let d = (s.score_sheet(t, me as usize)[9] - s.score_sheet(t, 1 - me as usize)[9]) as f64;
    (1.0 - margin) * o + margin / (1.0 + (-d / 8.0).exp())
}

const PLAIN: u8 = 0;
const SCIENCE: u8 = 1;
const MILITARY: u8 = 2;
const POLITICS: u8 = 3;

/// A uniform number in [0, 1).
fn unit(r: &mut u64) -> f64 {
    (rng::next64(r) >> 11) as f64 / (1u64 << 53) as f64
}

/// A uniform choice among the actions of `legal` that `f` accepts (one pass, one draw per
/// accepted action), or None.
fn draw_among(legal: &[Act], r: &mut u64, mut f: impl FnMut(Act) -> bool) -> Option<Act> {
    let mut k = 0u64;
    let mut got = None;
    for &a in legal {
        if f(a) {
            k += 1;
            if rng::quick_below(r, k) == 0 {
                got = Some(a);
            }
        }
    }
    got
}

/// The playout policy: a plan per player for the whole playout.
pub struct Policy {
    plan: [u8; 2],
    uniform: bool,
    senate: f64,
    lookahead: bool,
    deny: bool,
    guard: [bool; 2],
    points: f64,
    card_first: bool,
    finishes: bool,
}

/// Chambers each seat controls for a distribution of cubes (`cubes[ch * 2 + seat]`).
fn controls(cubes: &[u8; 12]) -> [u32; 2] {
    let mut n = [0u32; 2];
    for ch in 0..6 {
        let (a, b) = (cubes[ch * 2], cubes[ch * 2 + 1]);
        if a > b {
            n[0] += 1;
        } else if b > a {
            n[1] += 1;
        }
    }
    n
}

/// What a Senate action is worth to seat `p` by the control of the Chambers it leaves:
/// all six is the political supremacy; an opponent left at five is close to it; otherwise
/// ten a Chamber of difference, plus one for a cube into a Chamber within one cube of a
/// tie (a lead held, a tie broken next time). Stopping, declining or conspiring is 0.
/// Decrees and Chamber points are left to the search above.
fn senate_score(s: &State, p: usize, a: Act) -> i32 {
    let mut cubes = s.cubes;
    let o = 1 - p;
    let mut contested = false;
    match a.k {
        act::PLACE => {
            let ch = a.a as usize;
            contested = (cubes[ch * 2 + p] as i32 - cubes[ch * 2 + o] as i32).abs() <= 1;
            cubes[ch * 2 + p] += 1;
        }
        act::REMOVE => {
            let ch = a.a as usize;
            cubes[ch * 2 + o] = cubes[ch * 2 + o].saturating_sub(1);
        }
        act::MOVE => {
            let (from, to) = (a.a as usize, a.b as usize);
            cubes[from * 2 + p] = cubes[from * 2 + p].saturating_sub(1);
            contested = (cubes[to * 2 + p] as i32 - cubes[to * 2 + o] as i32).abs() <= 1;
            cubes[to * 2 + p] += 1;
        }
        _ => return 0,
    }
    let n = controls(&cubes);
    if n[p] == 6 {
        return 1000;
    }
    let mut v = 10 * (n[p] as i32 - n[o] as i32) - 10 * {
        let before = controls(&s.cubes);
        before[p] as i32 - before[o] as i32
    };
    if n[o] >= 5 {
        v -= 100;
    }
    if contested {
        v += 1;
    }
    v
}

impl Policy {
    /// The playout policy's action in `s` for players on the given plans (0 plain, 1
    /// science, 2 military, 3 politics): what the tests read of it. None when `s` has no decision.
    pub fn pick_with(t: &Tables, s: &State, plan: [u8; 2], params: &Params, seed: u64) -> Option<Act> {
        let mut legal = Vec::new();
        s.legal(t, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let pol = Policy::with_plan(plan, params);
        let mut r = seed;
        Some(pol.pick(t, s, &legal, &mut r))
    }

    fn with_plan(plan: [u8; 2], params: &Params) -> Policy {
        Policy { plan, uniform: params.policy == 0, senate: params.senate, lookahead: params.lookahead,
                 deny: params.deny, guard: [params.guard > 0; 2], points: params.points,
                 card_first: params.card_first, finishes: params.finishes }
    }

    pub fn new(params: &Params, agora: bool, me: u8, r: &mut u64) -> Policy {
        let mut plan = [PLAIN; 2];
        let politics = if agora { params.politics } else { 0.0 };
        let mil = params.science + params.military;
        for p in &mut plan {
            let x = unit(r);
            *p = if x < params.science { SCIENCE } else if x < mil { MILITARY }
                 else if x < mil + politics { POLITICS } else { PLAIN };
        }
        let mut pol = Policy::with_plan(plan, params);
        if params.guard == 2 {
            pol.guard[me as usize & 1] = false;
        }
        pol
    }

    pub fn play(&mut self, t: &Tables, s: &mut State, r: &mut u64, buf: &mut Vec<Act>, buf2: &mut Vec<Act>) -> Result<(), String> {
        if self.uniform {
            return s.playout(t, rng::next64(r), buf);
        }
        let mut guard = 0;
        while s.phase != phase::OVER {
            s.legal(t, buf);
            if buf.is_empty() {
                return Err("no legal action in a position that is not over".into());
            }
            let a = if buf.len() == 1 { buf[0] } else { self.pick(t, s, buf, r) };
            s.apply_unchecked(t, a, buf2);
            s.playout_step_done(&mut guard)?;
        }
        Ok(())
    }

    fn pick(&self, t: &Tables, s: &State, legal: &[Act], r: &mut u64) -> Act {
        let top = s.top().map(|x| x[0]).unwrap_or(255);
        let p = s.current_player().unwrap_or(0) as usize;
        let plan = self.plan[p];
        let any = |r: &mut u64, f: &dyn Fn(Act) -> bool| draw_among(legal, r, f);
        let color = |a: Act| -> u8 { t.cards[a.a as usize].color };
        // a red card whose shields carry the army of seat `q` into its opponent's capital
        let red_reaching = |a: Act, q: usize| color(a) == RED
            && t.cards[a.a as usize].shields as i32 >= steps_to_capital(t, s, q);
        match top {
            step::TURN => {
                // the finishes: a red card that reaches the capital, a green card that
                // completes six different symbols
                if self.finishes {
                    if let Some(a) = any(r, &|a| a.k == act::BUILD && red_reaching(a, p)) {
                        return a;
                    }
                    let syms = s.city[p].symbols.iter().filter(|&&x| x > 0).count();
                    if syms >= 5 {
                        if let Some(a) = any(r, &|a| a.k == act::BUILD && color(a) == GREEN) {
                            return a;
                        }
                    }
                }
                if self.deny {
                    let o = &s.city[1 - p].symbols;
                    if o.iter().filter(|&&x| x > 0).count() >= 5 {
                        let lacks = |a: Act| {
                            let c = &t.cards[a.a as usize];
                            c.color == GREEN && (c.science as usize) < o.len() && o[c.science as usize] == 0
                        };
                        if let Some(a) = any(r, &|a| a.k == act::BUILD && lacks(a))
                            .or_else(|| any(r, &|a| a.k == act::DISCARD && lacks(a))) {
                            return a;
                        }
                    }
                }
                if self.guard[p] {
                    if let Some(a) = any(r, &|a| a.k == act::BUILD && red_reaching(a, 1 - p))
                        .or_else(|| any(r, &|a| a.k == act::DISCARD && red_reaching(a, 1 - p))) {
                        return a;
                    }
                }
                if plan == SCIENCE {
                    if let Some(a) = any(r, &|a| a.k == act::BUILD && color(a) == GREEN) {
                        return a;
                    }
                } else if plan == MILITARY {
                    if let Some(a) = any(r, &|a| a.k == act::BUILD && color(a) == RED) {
                        return a;
                    }
                } else if plan == POLITICS {
                    if let Some(a) = any(r, &|a| a.k == act::RECRUIT) {
                        return a;
                    }
                }
                if self.lookahead && matches!(plan, SCIENCE | MILITARY) {
                    if let Some(a) = lookahead_wonder(t, s, p, legal, if plan == SCIENCE { GREEN } else { RED }, r) {
                        return a;
                    }
                }
                // the political race: a Senator while either side holds four Chambers or more
                if self.senate > 0.0 && t.agora {
                    let n = controls(&s.cubes);
                    if n[0].max(n[1]) >= 4 && unit(r) < self.senate {
                        if let Some(a) = any(r, &|a| a.k == act::RECRUIT) {
                            return a;
                        }
                    }
                }
                if s.age == 1 && plan != MILITARY && plan != POLITICS {
                    if let Some(a) = any(r, &|a| a.k == act::BUILD && matches!(color(a), BROWN | GREY | YELLOW)) {
                        return a;
                    }
                }
                if self.card_first && !t.agora {
                    if let Some(a) = card_first_turn(s, p, legal, r) {
                        return a;
                    }
                }
                // a Wonder 50, a build (or a Senator, a Conspiracy) 35, a discard 15
                let x = rng::quick_below(r, 100);
                let order: [&dyn Fn(Act) -> bool; 3] = if x < 50 {
                    [&|a: Act| a.k == act::WONDER, &|a: Act| !matches!(a.k, act::WONDER | act::DISCARD), &|a: Act| a.k == act::DISCARD]
                } else if x < 85 {
                    [&|a: Act| !matches!(a.k, act::WONDER | act::DISCARD), &|a: Act| a.k == act::WONDER, &|a: Act| a.k == act::DISCARD]
                } else {
                    [&|a: Act| a.k == act::DISCARD, &|a: Act| !matches!(a.k, act::WONDER | act::DISCARD), &|a: Act| a.k == act::WONDER]
                };
                for f in order {
                    // the race for points: when builds are the kind tried here (`f` accepts one)
                    let builds_now = self.points > 0.0 && s.age > 1 && f(Act::new(act::BUILD, 0, 0));
                    if builds_now && unit(r) < self.points {
                        if let Some(a) = most_points(t, legal, r) {
                            return a;
                        }
                    }
                    if let Some(a) = any(r, f) {
                        return a;
                    }
                }
                legal[rng::quick_below(r, legal.len() as u64) as usize]
            }
            step::SENATE | step::PLACE | step::REMOVE | step::MAY_MOVE | step::CONSPIRATOR
                if plan == POLITICS || (self.senate > 0.0 && unit(r) < self.senate) => {
                // the best by control, ties drawn at random
                let mut best = i32::MIN;
                let mut k = 0u64;
                let mut got = legal[0];
                for &a in legal {
                    let v = senate_score(s, p, a);
                    if v > best {
                        best = v;
                        k = 1;
                        got = a;
                    } else if v == best {
                        k += 1;
                        if rng::quick_below(r, k) == 0 {
                            got = a;
                        }
                    }
                }
                // a Conspirator places a cube only to change a Chamber's control; else
                // placing and conspiring are drawn alike
                if top == step::CONSPIRATOR && best < 10 {
                    return legal[rng::quick_below(r, legal.len() as u64) as usize];
                }
                got
            }
            step::START if self.lookahead => Act::new(act::START, p as u8, 0),
            step::PROGRESS if plan == SCIENCE => {
                let law = t.names.progress.iter().position(|n| n == "Law").map(|i| i as u8);
                any(r, &|a| a.k == act::PROGRESS && Some(a.a) == law)
                    .unwrap_or_else(|| legal[rng::quick_below(r, legal.len() as u64) as usize])
            }
            step::MAUSOLEUM if plan == SCIENCE => {
                any(r, &|a| a.k == act::MAUSOLEUM && color(a) == GREEN)
                    .unwrap_or_else(|| legal[rng::quick_below(r, legal.len() as u64) as usize])
            }
            _ => legal[rng::quick_below(r, legal.len() as u64) as usize],
        }
    }
}

/// Shields seat `q`'s army still needs to reach its opponent's capital (seat 0 pushes the
/// pawn toward +capital, seat 1 toward -capital).
fn steps_to_capital(t: &Tables, s: &State, q: usize) -> i32 {
    t.capital as i32 - if q == 0 { s.pawn as i32 } else { -(s.pawn as i32) }
}

/// The anchor's plain turn (`Params::card_first`): a card drawn among the accessible ones
/// (those `legal` can discard), then a kind, again until the pair is legal.
fn card_first_turn(s: &State, p: usize, legal: &[Act], r: &mut u64) -> Option<Act> {
    let mut cards = [0u8; 25];
    let mut n = 0;
    for a in legal {
        if a.k == act::DISCARD && n < cards.len() {
            cards[n] = a.a;
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let built_all = (s.built[0] | s.built[1]).count_ones();
    let unbuilt = s.wonders[p] & !s.built[p];
    let can_wonder = built_all < 7 && unbuilt != 0;
    let span = if can_wonder { 1.0 } else { 0.5 };
    for _ in 0..1000 {
        let card = cards[rng::quick_below(r, n as u64) as usize];
        let roll = unit(r) * span;
        let want = if roll < 0.15 {
            Act::new(act::DISCARD, card, 0)
        } else if roll < 0.5 {
            Act::new(act::BUILD, card, 0)
        } else {
            let k = rng::quick_below(r, unbuilt.count_ones() as u64) as u32;
            let mut m = unbuilt;
            for _ in 0..k {
                m &= m - 1;
            }
            Act::new(act::WONDER, m.trailing_zeros() as u8, card)
        };
        if let Some(&a) = legal.iter().find(|a| a.k == want.k && a.a == want.a && (a.k != act::WONDER || a.b == want.b)) {
            return Some(a);
        }
    }
    None
}

/// The card worth the most points among the builds of `legal` (ties drawn at random;
/// a Guild at its most), or None when none is worth any.
fn most_points(t: &Tables, legal: &[Act], r: &mut u64) -> Option<Act> {
    let worth = |a: Act| {
        let c = &t.cards[a.a as usize];
        c.points.max(if c.is_guild { c.guild_points.saturating_mul(3) } else { 0 })
    };
    let best = legal.iter().filter(|a| a.k == act::BUILD).map(|&a| worth(a)).max()?;
    if best == 0 {
        return None;
    }
    draw_among(legal, r, |a| a.k == act::BUILD && worth(a) == best)
}

/// The look-ahead of a plan for `color` (`Params::lookahead`): The Mausoleum for a green
/// card in the discard (Age III, science), else a Wonder that plays again built with a card
/// whose removal uncovers a card of `color` that p can afford once the Wonder is paid (its
/// coins counted, its production not); a uniform choice among those, or None.
fn lookahead_wonder(t: &Tables, s: &State, p: usize, legal: &[Act], color: u8, r: &mut u64) -> Option<Act> {
    let has = |w: u8, kind: u8| t.wonders[w as usize].on_gain.iter().any(|&e| t.effects[e as usize].kind == kind);
    if color == GREEN && s.age == 3 {
        let mut d = s.discard;
        let mut green = false;
        while d != 0 {
            green |= t.cards[d.trailing_zeros() as usize].color == GREEN;
            d &= d - 1;
        }
        if green {
            let got = draw_among(legal, r, |a| a.k == act::WONDER && has(a.a, fx::BUILD_FROM_DISCARD));
            if got.is_some() {
                return got;
            }
        }
    }
    // the coins p has left once the Wonder is paid and its own coins gained, by Wonder
    let mut left = [u32::MAX; 16];
    let mut prices = None; // p's price_ctx, made at the first Wonder that plays again
    draw_among(legal, r, |a| {
        if a.k != act::WONDER || !has(a.a, fx::PLAY_AGAIN) {
            return false;
        }
        let w = a.a as usize & 15;
        let ctx = prices.get_or_insert_with(|| s.price_ctx(t, p));
        if left[w] == u32::MAX {
            let gain: u32 = t.wonders[w].on_gain.iter().map(|&e| &t.effects[e as usize])
                .filter(|e| e.kind == fx::COINS).map(|e| e.a as u32).sum();
            left[w] = (s.coins[p] as u32 + gain).saturating_sub(s.wonder_price_with(t, p, w, ctx));
        }
        s.uncovers_takeable(t, p, a.b, color, left[w], ctx)
    })
}

/// The exact end of the game (game/ai/endgame.py, the same values): alpha-beta over every
/// decision to the final score on one complete state (a determinization), for seat `me`.
/// A value is the outcome (win 1, draw 0, loss -1) × 100 plus the point margin clipped
/// to ±40. `None` when `limit` nodes or the deadline ran out.
pub struct Solver<'a> {
    t: &'a Tables,
    me: u8,
    pub nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    /// Transposition table: a position's hash -> (value, EXACT / LOWER / UPPER). Two move
    /// orders reaching one position (each player's cards taken in another order, the
    /// Senate's cube moves) share an entry; the state is keyed whole.
    table: HashMap<u64, (f64, u8)>,
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

fn key(s: &State) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

pub const OUTCOME: f64 = 100.0;
const MARGIN_CLIP: f64 = 40.0;

impl<'a> Solver<'a> {
    pub fn new(t: &'a Tables, me: u8, limit: u64, deadline: Option<Instant>) -> Solver<'a> {
        Solver { t, me, nodes: 0, limit, deadline, table: HashMap::new() }
    }

    fn final_value(&self, s: &State) -> f64 {
        let outcome = if s.winner == self.me { 1.0 } else if s.winner < 2 { -1.0 } else { 0.0 };
        let a = s.score_sheet(self.t, self.me as usize)[9] as f64;
        let b = s.score_sheet(self.t, 1 - self.me as usize)[9] as f64;
        outcome * OUTCOME + (a - b).clamp(-MARGIN_CLIP, MARGIN_CLIP)
    }

    /// The states after every legal action: ended games first, discards last.
    fn children(&mut self, s: &State) -> Option<Vec<(Act, State)>> {
        let mut legal = Vec::with_capacity(32);
        let mut buf = Vec::with_capacity(32);
        s.legal(self.t, &mut legal);
        let mut ended = Vec::new();
        let mut rest = Vec::with_capacity(legal.len());
        let mut discards = Vec::new();
        for &a in &legal {
            let mut c = *s;
            if c.apply(self.t, a, &mut buf).is_err() {
                continue;
            }
            if c.phase == phase::OVER {
                ended.push((a, c));
            } else if a.k == act::DISCARD {
                discards.push((a, c));
            } else {
                rest.push((a, c));
            }
        }
        self.nodes += legal.len() as u64;
        if self.nodes > self.limit {
            return None;
        }
        if self.nodes & 1023 < legal.len() as u64 {
            if let Some(d) = self.deadline {
                if Instant::now() > d {
                    return None;
                }
            }
        }
        ended.extend(rest);
        ended.extend(discards);
        Some(ended)
    }

    fn value(&mut self, s: &State, alpha: f64, beta: f64) -> Option<f64> {
        if s.phase == phase::OVER {
            return Some(self.final_value(s));
        }
        let k = key(s);
        if let Some(&(v, kind)) = self.table.get(&k) {
            if kind == EXACT || (kind == LOWER && v >= beta) || (kind == UPPER && v <= alpha) {
                return Some(v);
            }
        }
        let v = self.search(s, alpha, beta)?;
        let kind = if v <= alpha { UPPER } else if v >= beta { LOWER } else { EXACT };
        self.table.insert(k, (v, kind));
        Some(v)
    }

    fn search(&mut self, s: &State, mut alpha: f64, mut beta: f64) -> Option<f64> {
        let maximise = s.current_player() == Some(self.me);
        let kids = self.children(s)?;
        if kids.is_empty() {
            return Some(0.0);
        }
        let mut best = if maximise { -2.0 * OUTCOME } else { 2.0 * OUTCOME };
        for (_, c) in &kids {
            let v = self.value(c, alpha, beta)?;
            if maximise {
                if v > best {
                    best = v;
                    alpha = alpha.max(best);
                }
            } else if v < best {
                best = v;
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }

    /// The exact value of every legal action at `s` (whose player is `me`).
    pub fn root_values(&mut self, s: &State) -> Option<Vec<(Act, f64)>> {
        let kids = self.children(s)?;
        let mut out = Vec::with_capacity(kids.len());
        for (a, c) in kids {
            out.push((a, self.value(&c, -2.0 * OUTCOME, 2.0 * OUTCOME)?));
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_cubes(cubes: [u8; 12]) -> State {
        let mut s = State::zeroed();
        s.cubes = cubes;
        s
    }

    /// root -> build 1 (seat 0) -> build 2 (seat 1) -> build 3 (seat 0)
    fn chain() -> Tree {
        let mut tr = Tree::new();
        for (i, mover) in [(1u8, 0u8), (2, 1), (3, 0)] {
            let id = tr.nodes.len() as u32;
            tr.nodes.push(Node::new(Act::new(act::BUILD, i, 0), mover, 0.0));
            tr.nodes[id as usize - 1].children.push(id);
            tr.nodes[id as usize].n = 10 - i as u32;
        }
        tr
    }

    #[test]
    fn advance_steps_over_only_what_it_is_told_to() {
        let played = [Act::new(act::BUILD, 1, 0), Act::new(act::PROGRESS, 4, 0), Act::new(act::BUILD, 2, 0)];
        let same = |a: Act, i: usize| a == played[i];
        // the progress token between the two turns has no node: kept only when stepped over
        let mut tr = chain();
        assert!(tr.advance(same, |_: &[Act], i: usize| played[i].k == act::PROGRESS, 3));
        assert_eq!((tr.size(), tr.root_visits()), (2, 8));
        let mut tr = chain();
        assert!(!tr.advance(same, |_: &[Act], _: usize| false, 3));
        assert_eq!((tr.size(), tr.root_visits()), (1, 0));
        // the first action must be one of the root's own
        let mut tr = chain();
        assert!(!tr.advance(|a: Act, _: usize| a == Act::new(act::PROGRESS, 4, 0), |_: &[Act], _: usize| true, 1));
    }

    #[test]
    fn a_cube_that_takes_a_chamber_scores_ten_and_the_sixth_wins() {
        let empty = with_cubes([0; 12]);
        assert_eq!(senate_score(&empty, 0, Act::new(act::PLACE, 2, 0)), 11); // taken, was tied
        assert_eq!(senate_score(&empty, 0, Act::new(act::STOP, 0, 0)), 0);
        // seat 1 holds five Chambers, the sixth is empty
        let five = with_cubes([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0]);
        assert_eq!(senate_score(&five, 1, Act::new(act::PLACE, 5, 0)), 1000);
    }

    #[test]
    fn breaking_the_opponents_five_beats_taking_an_empty_chamber() {
        let five = with_cubes([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0]);
        let remove = senate_score(&five, 0, Act::new(act::REMOVE, 0, 0));
        let place = senate_score(&five, 0, Act::new(act::PLACE, 5, 0));
        assert_eq!(remove, 10);
        assert!(place < 0 && remove > place, "remove {remove}, place {place}");
        // a lone cube moved to an empty Chamber trades one Chamber for another: only the
        // bonus of a contested Chamber is left
        let mine = with_cubes([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(senate_score(&mine, 0, Act::new(act::MOVE, 0, 1)), 1);
    }

    #[test]
    fn guard_two_leaves_the_searching_seat_unguarded() {
        let only_opponent = Params { guard: 2, ..Default::default() };
        for me in 0..2u8 {
            let pol = Policy::new(&only_opponent, true, me, &mut 7u64);
            assert_eq!(pol.guard, [me == 1, me == 0]);
        }
        let both = Policy::new(&Params { guard: 1, ..Default::default() }, true, 0, &mut 7u64);
        assert_eq!(both.guard, [true, true]);
        let none = Policy::new(&Params::default(), true, 1, &mut 7u64);
        assert_eq!(none.guard, [false, false]);
    }
}
