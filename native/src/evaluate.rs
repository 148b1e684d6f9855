//! The position evaluation of `game/ai/evaluate.py`, over the core's `State`: the same
//! terms, the same numbers, so that the search can value its leaves without Python.
//!
//! Every function names its counterpart in evaluate.py and follows it step for step
//! (tests/test_native_evaluate.py compares the two term by term). No weight is written
//! here: `WEIGHTS`, the per-Age term scales, `VALUE_SCALE` and the per-id tables
//! (TOKEN_PASSIVE, WONDER_EXTRA, DECREE_VALUE, CONSPIRACY_BASE, CAP, DIMINISH) arrive once
//! from the bridge as a `Spec` (game/ai/native.py `eval_weights`). What stays here is the
//! code's own shape: which token or Conspiracy a rule of the code singles out (by its name,
//! as evaluate.py does) and the few constants written inside evaluate.py's functions.

use crate::core::{act, bits128, phase, step, Act, PriceCtx, State, PREPARED, TRIGGERED};
use crate::tables::{fx, Tables, BLUE, NONE, N_RES};

/// evaluate.py `WIN`: the value of a decided game.
pub const WIN: f64 = 1000.0;

/// The terms, in game/ai/weights.py `TERM_NAMES` order (the file's and the fit's order).
pub const TERM_NAMES: [&str; 12] = [
    "points", "coins", "production", "military", "science", "tokens", "chains", "wonders",
    "senate", "conspiracies", "pending", "tempo",
];

/// Indices into `TERM_NAMES`.
pub mod term {
    pub const POINTS: usize = 0;
    pub const COINS: usize = 1;
    pub const PRODUCTION: usize = 2;
    pub const MILITARY: usize = 3;
    pub const SCIENCE: usize = 4;
    pub const TOKENS: usize = 5;
    pub const CHAINS: usize = 6;
    pub const WONDERS: usize = 7;
    pub const SENATE: usize = 8;
    pub const CONSPIRACIES: usize = 9;
    pub const PENDING: usize = 10;
    pub const TEMPO: usize = 11;
    /// evaluate.py `terms` builds its dict in this order; `evaluate` sums it in this order.
    pub const SUM_ORDER: [usize; 12] = [PENDING, POINTS, COINS, PRODUCTION, MILITARY, SCIENCE,
                                        TOKENS, CHAINS, WONDERS, SENATE, CONSPIRACIES, TEMPO];
}

/// The keys of evaluate.py `WEIGHTS` with the count of numbers each holds (0: any count),
/// plus the two module tables `CAP` and `DIMINISH`. The bridge must hand over exactly these.
pub const WEIGHT_NAMES: [(&str, usize); 37] = [
    ("point", 1), ("coin_end", 1), ("coin_use", 3), ("coin_use_cap", 1),
    ("resource_unit", 3), ("choice_unit", 3), ("fixed_price", 3), ("trade_pressure", 3),
    ("military_track", 9), ("military_threat_late", 1),
    ("science_symbols", 6), ("science_live", 6), ("science_live_own", 6),
    ("science_next_mover", 1), ("science_next_waiting", 1), ("science_pair_open", 1),
    ("science_out_of_reach", 1), ("science_mausoleum_later", 1),
    ("chamber_control", 1), ("cube_margin", 1), ("cube_contest", 1), ("political_threat", 0),
    ("wonder_unbuilt", 1), ("extra_turn", 1),
    ("conspiracy_prepared", 1), ("conspiracy_unprepared", 1), ("conspiracy_hidden", 1),
    ("pending_senate_action", 1), ("pending_place", 1), ("pending_remove", 1),
    ("pending_conspirator", 1), ("pending_other", 1),
    ("tempo", 1), ("unknown_card", 3), ("chain_out", 3),
    ("cap", N_RES), ("diminish", 0),
];

/// evaluate.py `WEIGHTS` (and `CAP`, `DIMINISH`), field for key.
#[derive(Clone, Debug, Default)]
pub struct Weights {
    pub point: f64,
    pub coin_end: f64,
    pub coin_use: [f64; 3],
    pub coin_use_cap: f64,
    pub resource_unit: [f64; 3],
    pub choice_unit: [f64; 3],
    pub fixed_price: [f64; 3],
    pub trade_pressure: [f64; 3],
    pub military_track: [f64; 9],
    pub military_threat_late: f64,
    pub science_symbols: [f64; 6],
    pub science_live: [f64; 6],
    pub science_live_own: [f64; 6],
    pub science_next_mover: f64,
    pub science_next_waiting: f64,
    pub science_pair_open: f64,
    pub science_out_of_reach: f64,
    pub science_mausoleum_later: f64,
    pub chamber_control: f64,
    pub cube_margin: f64,
    pub cube_contest: f64,
    /// by cubes missing; any length (evaluate.py reads `len(table)`)
    pub political_threat: Vec<f64>,
    pub wonder_unbuilt: f64,
    pub extra_turn: f64,
    pub conspiracy_prepared: f64,
    pub conspiracy_unprepared: f64,
    pub conspiracy_hidden: f64,
    pub pending_senate_action: f64,
    pub pending_place: f64,
    pub pending_remove: f64,
    pub pending_conspirator: f64,
    pub pending_other: f64,
    pub tempo: f64,
    pub unknown_card: [f64; 3],
    pub chain_out: [f64; 3],
    /// units of each resource worth producing
    pub cap: [usize; N_RES],
    /// value of the 1st, 2nd, ... unit
    pub diminish: Vec<f64>,
}

/// Everything the evaluation reads beside the rules, as the bridge hands it over: the
/// named weights (a scalar is a list of one), the term scales by term name (Ages I-III),
/// the value scale, and per id of the rule set: a token's lasting value (none, one number,
/// or one per Age), a Wonder's extra value, a Decree's value per Age, a Conspiracy's base.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    pub weights: Vec<(String, Vec<f64>)>,
    pub term_scale: Vec<(String, Vec<f64>)>,
    pub value_scale: Vec<f64>,
    pub token_passive: Vec<Option<Vec<f64>>>,
    pub wonder_extra: Vec<f64>,
    pub decree_value: Vec<Vec<f64>>,
    pub conspiracy_base: Vec<f64>,
}

/// How evaluate.py's code treats a progress token beyond its points and coins.
#[derive(Clone, Copy, Debug, PartialEq)]
enum TokenRole {
    /// not in TOKEN_PASSIVE
    Plain,
    /// Architecture, Theology: a value per unbuilt Wonder
    PerWonder(f64),
    /// Mathematics: its points are on the sheet, a value fading with the game
    Mathematics(f64),
    /// the rest: a value per Age
    PerAge([f64; 3]),
}

/// The Conspiracies `conspiracy_value` values by the position, by name.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ConspiracyRole {
    Base,
    Blackmail,
    Coup,
    Sabotage,
    Expropriation,
    Extortion,
    Embezzlement,
}

/// A Wonder's value once built beside its price (evaluate.py `Tables.wonder_value`).
#[derive(Clone, Copy, Debug, Default)]
struct WonderValue {
    points: f64,
    coins: f64,
    loss: u32,
    shields: i32,
    again: bool,
    extra: f64,
}

/// What the evaluation reads of one rule set (evaluate.py `Tables`), computed once.
#[derive(Clone, Debug, Default)]
struct Facts {
    wonder_value: Vec<WonderValue>,
    token_points: Vec<f64>,
    token_coins: Vec<f64>,
    token_role: Vec<TokenRole>,
    /// per chain symbol: the cards it makes free
    chain_targets: [u128; 32],
    /// the cards that bear a scientific symbol
    science_cards: u128,
    decree_value: Vec<[f64; 3]>,
    conspiracy_base: Vec<f64>,
    conspiracy_role: Vec<ConspiracyRole>,
    law: Option<u8>,
    /// Mathematics: its points per token owned are counted by name (`_points`)
    mathematics: Option<u8>,
    /// Law's symbol ("scales")
    law_symbol: Option<u8>,
    mausoleum: Option<u8>,
}

/// What every card gain of one player in one position shares (evaluate.py `best_option`
/// computes the marginal coin and the discard's gain once; the prices' context likewise).
struct Offer {
    mc: f64,
    discard: f64,
    ctx: PriceCtx,
}

/// The evaluation of one rule set: its weights and facts. Built once, read by any thread.
#[derive(Clone, Debug)]
pub struct Evaluator {
    w: Weights,
    term_scale: [[f64; 3]; 12],
    value_scale: [f64; 3],
    f: Facts,
}

/// The terms of one evaluation, each already me-minus-opponent and scaled; `present` has a
/// bit per term evaluate.py's dict holds (pending only with steps owed, Senate and
/// Conspiracies only in Agora).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms {
    pub v: [f64; 12],
    pub present: u16,
}

impl Terms {
    fn set(&mut self, k: usize, v: f64) {
        self.v[k] = v;
        self.present |= 1 << k;
    }

    pub fn has(&self, k: usize) -> bool {
        self.present & (1 << k) != 0
    }

    /// evaluate.py `evaluate`: the terms summed in the order of its dict.
    pub fn sum(&self) -> f64 {
        term::SUM_ORDER.iter().filter(|&&k| self.has(k)).fold(0.0, |acc, &k| acc + self.v[k])
    }
}

// ---------------------------------------------------------------- reading the Spec

fn fixed<const N: usize>(v: &[f64]) -> [f64; N] {
    std::array::from_fn(|i| v[i])
}

fn age_triple(v: &[f64], what: &str) -> Result<[f64; 3], String> {
    if v.len() != 3 {
        return Err(format!("{what}: expected 3 numbers (Ages I-III), got {}", v.len()));
    }
    Ok(fixed(v))
}

fn finite(v: &[f64], what: &str) -> Result<(), String> {
    if v.iter().all(|x| x.is_finite()) { Ok(()) } else { Err(format!("{what}: a number is not finite")) }
}

impl Weights {
    /// The weights from their names; every key of `WEIGHT_NAMES` (before `term_scale`) must
    /// be there with its count of numbers, and no other.
    fn from_named(named: &[(String, Vec<f64>)]) -> Result<Weights, String> {
        let mut seen = std::collections::HashMap::new();
        for (name, v) in named {
            let Some(&(_, n)) = WEIGHT_NAMES.iter().find(|(k, _)| k == name) else {
                return Err(format!("weights: unknown weight '{name}' (the core does not read it)"));
            };
            if n != 0 && v.len() != n {
                return Err(format!("weights: '{name}' needs {n} numbers, got {}", v.len()));
            }
            finite(v, name)?;
            seen.insert(name.as_str(), v.as_slice());
        }
        let get = |k: &str| -> Result<&[f64], String> {
            seen.get(k).copied().ok_or_else(|| format!("weights: missing '{k}'"))
        };
        let one = |k: &str| -> Result<f64, String> { Ok(get(k)?[0]) };
        let cap_raw = get("cap")?;
        if cap_raw.iter().any(|&c| c < 0.0 || c.fract() != 0.0) {
            return Err("weights: 'cap' must hold whole numbers".into());
        }
        let cap: [usize; N_RES] = std::array::from_fn(|r| cap_raw[r] as usize);
        let diminish = get("diminish")?.to_vec();
        if cap.iter().any(|&c| c > diminish.len()) {
            return Err("weights: 'diminish' is shorter than the largest 'cap'".into());
        }
        Ok(Weights {
            point: one("point")?,
            coin_end: one("coin_end")?,
            coin_use: fixed(get("coin_use")?),
            coin_use_cap: one("coin_use_cap")?,
            resource_unit: fixed(get("resource_unit")?),
            choice_unit: fixed(get("choice_unit")?),
            fixed_price: fixed(get("fixed_price")?),
            trade_pressure: fixed(get("trade_pressure")?),
            military_track: fixed(get("military_track")?),
            military_threat_late: one("military_threat_late")?,
            science_symbols: fixed(get("science_symbols")?),
            science_live: fixed(get("science_live")?),
            science_live_own: fixed(get("science_live_own")?),
            science_next_mover: one("science_next_mover")?,
            science_next_waiting: one("science_next_waiting")?,
            science_pair_open: one("science_pair_open")?,
            science_out_of_reach: one("science_out_of_reach")?,
            science_mausoleum_later: one("science_mausoleum_later")?,
            chamber_control: one("chamber_control")?,
            cube_margin: one("cube_margin")?,
            cube_contest: one("cube_contest")?,
            political_threat: get("political_threat")?.to_vec(),
            wonder_unbuilt: one("wonder_unbuilt")?,
            extra_turn: one("extra_turn")?,
            conspiracy_prepared: one("conspiracy_prepared")?,
            conspiracy_unprepared: one("conspiracy_unprepared")?,
            conspiracy_hidden: one("conspiracy_hidden")?,
            pending_senate_action: one("pending_senate_action")?,
            pending_place: one("pending_place")?,
            pending_remove: one("pending_remove")?,
            pending_conspirator: one("pending_conspirator")?,
            pending_other: one("pending_other")?,
            tempo: one("tempo")?,
            unknown_card: fixed(get("unknown_card")?),
            chain_out: fixed(get("chain_out")?),
            cap,
            diminish,
        })
    }
}

fn term_scales(named: &[(String, Vec<f64>)]) -> Result<[[f64; 3]; 12], String> {
    if let Some((name, _)) = named.iter().find(|(k, _)| !TERM_NAMES.contains(&k.as_str())) {
        return Err(format!("term_scale: unknown term '{name}'"));
    }
    let mut out = [[0.0; 3]; 12];
    for (k, name) in TERM_NAMES.iter().enumerate() {
        let Some((_, v)) = named.iter().find(|(n, _)| n == name) else {
            return Err(format!("term_scale: missing the term '{name}'"));
        };
        finite(v, name)?;
        out[k] = age_triple(v, &format!("term_scale.{name}"))?;
    }
    Ok(out)
}

fn per_id<T: Clone>(v: &[T], n: usize, what: &str) -> Result<Vec<T>, String> {
    if v.len() != n {
        return Err(format!("{what}: {} entries for {n} in the tables", v.len()));
    }
    Ok(v.to_vec())
}

/// The id of the component called `name`, if the rule set has it.
fn id_named(names: &[String], name: &str) -> Option<u8> {
    names.iter().position(|n| n == name).map(|i| i as u8)
}

fn token_role(name: &str, value: &Option<Vec<f64>>) -> Result<TokenRole, String> {
    let Some(v) = value else { return Ok(TokenRole::Plain) };
    finite(v, name)?;
    let scalar = || -> Result<f64, String> {
        if v.len() == 1 { Ok(v[0]) } else { Err(format!("token_passive: {name} needs one number")) }
    };
    Ok(match name {
        "Architecture" | "Theology" => TokenRole::PerWonder(scalar()?),
        "Mathematics" => TokenRole::Mathematics(scalar()?),
        _ => TokenRole::PerAge(age_triple(v, &format!("token_passive: {name}"))?),
    })
}

fn conspiracy_role(name: &str) -> ConspiracyRole {
    match name {
        "Blackmail" => ConspiracyRole::Blackmail,
        "Coup" => ConspiracyRole::Coup,
        "Sabotage" => ConspiracyRole::Sabotage,
        "Expropriation" => ConspiracyRole::Expropriation,
        "Extortion" => ConspiracyRole::Extortion,
        "Embezzlement" => ConspiracyRole::Embezzlement,
        _ => ConspiracyRole::Base,
    }
}

/// Sum of the arguments of one effect kind in a list (a Wonder's coins, a token's coins...).
fn effect_sum(t: &Tables, list: &[u8], kind: u8) -> u32 {
    list.iter().map(|&e| t.effects[e as usize]).filter(|e| e.kind == kind).map(|e| e.a as u32).sum()
}

impl Facts {
    fn new(t: &Tables, spec: &Spec) -> Result<Facts, String> {
        let names = &t.names;
        let extra = per_id(&spec.wonder_extra, t.wonders.len(), "wonder_extra")?;
        finite(&extra, "wonder_extra")?;
        let wonder_value = t.wonders.iter().zip(&extra).map(|(w, &extra)| WonderValue {
            points: w.points as f64,
            coins: effect_sum(t, &w.on_gain, fx::COINS) as f64,
            loss: effect_sum(t, &w.on_gain, fx::OPPONENT_LOSES_COINS),
            shields: effect_sum(t, &w.on_gain, fx::SHIELDS) as i32,
            again: w.on_gain.iter().any(|&e| t.effects[e as usize].kind == fx::PLAY_AGAIN),
            extra,
        }).collect();
        let passive = per_id(&spec.token_passive, t.progress.len(), "token_passive")?;
        let token_role = passive.iter().enumerate()
            .map(|(i, v)| token_role(names.progress.get(i).map(String::as_str).unwrap_or(""), v))
            .collect::<Result<Vec<_>, _>>()?;
        let mut chain_targets = [0u128; 32];
        let mut science_cards = 0u128;
        for (cid, c) in t.cards.iter().enumerate() {
            if (c.chain_in as usize) < 32 {
                chain_targets[c.chain_in as usize] |= 1u128 << cid;
            }
            if c.science != NONE {
                science_cards |= 1u128 << cid;
            }
        }
        let decree_value = per_id(&spec.decree_value, t.decrees.len(), "decree_value")?
            .iter().enumerate().map(|(i, v)| age_triple(v, &format!("decree_value[{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let conspiracy_base = per_id(&spec.conspiracy_base, t.conspiracies.len(), "conspiracy_base")?;
        finite(&conspiracy_base, "conspiracy_base")?;
        let law = id_named(&names.progress, "Law");
        Ok(Facts {
            wonder_value,
            token_points: t.progress.iter().map(|p| p.points as f64).collect(),
            token_coins: t.progress.iter().map(|p| effect_sum(t, &p.on_gain, fx::COINS) as f64).collect(),
            token_role,
            chain_targets,
            science_cards,
            decree_value,
            conspiracy_base,
            conspiracy_role: (0..t.conspiracies.len())
                .map(|k| conspiracy_role(names.conspiracies.get(k).map(String::as_str).unwrap_or("")))
                .collect(),
            law,
            mathematics: id_named(&names.progress, "Mathematics"),
            law_symbol: law.map(|l| t.progress[l as usize].science).filter(|&s| s != NONE),
            mausoleum: id_named(&names.wonders, "The Mausoleum"),
        })
    }
}

// ---------------------------------------------------------------- the state, as evaluate.py reads it

fn has_fixed(s: &State, p: usize, r: usize) -> bool {
    s.city[p].fixed & (1 << r) != 0
}

/// evaluate.py `_distance`: the pawn's distance toward p's opponent's capital.
fn distance(s: &State, p: usize) -> i32 {
    if p == 0 { s.pawn as i32 } else { -(s.pawn as i32) }
}

/// Does the core's state list the structure as game/'s does? During the base game's draft
/// game/'s structure is empty, while the core already holds the Age I deck there.
fn structure_listed(s: &State, t: &Tables) -> bool {
    s.phase != phase::DRAFT || t.agora
}

/// The structure's length as game/ lists it (`len(s.structure)`).
fn structure_len(s: &State, t: &Tables) -> usize {
    if structure_listed(s, t) { t.layouts[s.age as usize - 1].n as usize } else { 0 }
}

/// The cards in game/'s `s.structure` (face up or down, still in place).
fn structure_cards(s: &State, t: &Tables) -> u128 {
    s.structure[..structure_len(s, t)].iter().filter(|&&c| c != NONE).fold(0, |m, &c| m | 1u128 << c)
}

fn slots(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |i| mask & (1 << i) != 0)
}

fn ids16(mask: u16) -> impl Iterator<Item = usize> {
    (0..16).filter(move |i| mask & (1 << i) != 0)
}

// ---------------------------------------------------------------- the evaluation

impl Evaluator {
    /// The evaluation of the rule set `t` with the bridge's `spec`; a message says what is
    /// wrong with it.
    pub fn new(t: &Tables, spec: &Spec) -> Result<Evaluator, String> {
        let w = Weights::from_named(&spec.weights)?;
        let term_scale = term_scales(&spec.term_scale)?;
        finite(&spec.value_scale, "value_scale")?;
        let value_scale = age_triple(&spec.value_scale, "value_scale")?;
        if value_scale.iter().any(|&v| v <= 0.0) {
            return Err("value_scale: the scales must be positive".into());
        }
        Ok(Evaluator { w, term_scale, value_scale, f: Facts::new(t, spec)? })
    }

    pub fn weights(&self) -> &Weights {
        &self.w
    }

    /// evaluate.py `win_chance`: an evaluation as a chance of winning (Age 1..3).
    pub fn win_chance(&self, v: f64, age: u8) -> f64 {
        if v >= WIN / 2.0 {
            return 1.0;
        }
        if v <= -WIN / 2.0 {
            return 0.0;
        }
        1.0 / (1.0 + (-v / self.value_scale[age.clamp(1, 3) as usize - 1]).exp())
    }

    /// evaluate.py `evaluate`: the position's value for seat `me` (victory-point
    /// equivalents; about ±WIN when decided). `hidden`: the structure's slots whose card
    /// `me` cannot know (bit per slot); `tempo`: count the mover's best option.
    pub fn evaluate(&self, t: &Tables, s: &State, me: usize, hidden: u32, tempo: bool) -> f64 {
        if s.is_terminal() {
            return self.final_value(t, s, me);
        }
        self.terms(t, s, me, hidden, tempo).sum()
    }

    /// A finished game: ±WIN and a hundredth of the score margin (capped at 50).
    fn final_value(&self, t: &Tables, s: &State, me: usize) -> f64 {
        if s.winner > 1 {
            return 0.0;
        }
        let margin = s.score_sheet(t, me)[9] - s.score_sheet(t, 1 - me)[9];
        let bonus = margin.clamp(-50, 50) as f64 * 0.01;
        if s.winner as usize == me { WIN + bonus } else { -WIN + bonus }
    }

    /// evaluate.py `terms`: the named terms, each me-minus-opponent, scaled per Age.
    pub fn terms(&self, t: &Tables, s: &State, me: usize, hidden: u32, tempo: bool) -> Terms {
        let opp = 1 - me;
        let mut out = Terms::default();
        if s.n_pending > 0 {
            out.set(term::PENDING, self.pending_value(t, s, me, me) - self.pending_value(t, s, opp, me));
        }
        out.set(term::POINTS, self.w.point * (self.points(t, s, me) - self.points(t, s, opp)));
        out.set(term::COINS, self.coin_value(s.age, s.coins[me]) - self.coin_value(s.age, s.coins[opp]));
        out.set(term::PRODUCTION, self.production(s, me) - self.production(s, opp));
        out.set(term::MILITARY, self.military_value(t, s, distance(s, me)));
        let live = self.live_symbols(t, s);
        out.set(term::SCIENCE, self.science_value(t, s, me, live, hidden, true)
            - self.science_value(t, s, opp, live, hidden, false));
        out.set(term::TOKENS, self.tokens(t, s, me) - self.tokens(t, s, opp));
        out.set(term::CHAINS, self.chains(t, s, me) - self.chains(t, s, opp));
        out.set(term::WONDERS, self.wonders(t, s, me) - self.wonders(t, s, opp));
        if t.agora {
            out.set(term::SENATE, self.senate(t, s, me) - self.senate(t, s, opp));
            out.set(term::CONSPIRACIES, self.conspiracies(t, s, me, me) - self.conspiracies(t, s, opp, me));
        }
        out.set(term::TEMPO, if tempo { self.tempo(t, s, me, hidden) } else { 0.0 });
        let k = s.age as usize - 1;
        for (i, v) in out.v.iter_mut().enumerate() {
            *v *= self.term_scale[i][k];
        }
        out
    }

    /// Every slot of the structure as a hidden mask (heuristic.py `Lookahead.value` once
    /// the Age has changed: `range(len(s.structure))`).
    pub fn structure_slots(&self, t: &Tables, s: &State) -> u32 {
        let n = structure_len(s, t);
        if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
    }

    /// evaluate.py `cube_terms`: the terms a Senate choice can change (the guided search
    /// scores its quick follow-up decisions with them, as mcts.py does).
    pub fn cube_terms(&self, t: &Tables, s: &State, me: usize) -> f64 {
        let opp = 1 - me;
        let k = s.age as usize - 1;
        let scale = |i: usize| self.term_scale[i][k];
        let mut v = self.military_value(t, s, distance(s, me)) * scale(term::MILITARY);
        if t.agora {
            v += (self.senate(t, s, me) - self.senate(t, s, opp)) * scale(term::SENATE);
            v += (self.conspiracies(t, s, me, me) - self.conspiracies(t, s, opp, me)) * scale(term::CONSPIRACIES);
        }
        if s.n_pending > 0 {
            v += (self.pending_value(t, s, me, me) - self.pending_value(t, s, opp, me)) * scale(term::PENDING);
        }
        v
    }

    /// mcts.py `quick_score` of each of `legal` (one position's actions, by its mover), in
    /// order into `out`: the guided search's priors below the root. A card's gain is worked
    /// out once per player (mcts.py `CardGains`); taking a card the opponent would gain from
    /// adds 0.3 of that gain, at most 3.
    pub fn quick_scores(&self, t: &Tables, s: &State, legal: &[Act], out: &mut Vec<f64>) {
        out.clear();
        let Some(p) = s.current_player() else {
            out.resize(legal.len(), 0.0);
            return;
        };
        let p = p as usize;
        let offer = |q: usize| {
            let mc = self.marginal_coin(s.age, s.coins[q]);
            Offer { mc, discard: s.discard_value(t, q) as f64 * mc, ctx: s.price_ctx(t, q) }
        };
        let offers = [offer(0), offer(1)];
        let mut memo: Vec<(usize, u8, f64)> = Vec::with_capacity(16);
        let mut gain = |q: usize, cid: u8| -> f64 {
            if let Some(&(_, _, g)) = memo.iter().find(|m| m.0 == q && m.1 == cid) {
                return g;
            }
            let g = self.card_gain(t, s, q, cid, &offers[q]);
            memo.push((q, cid, g));
            g
        };
        let opp = 1 - p;
        for &a in legal {
            let v = match a.k {
                act::BUILD | act::RECRUIT => gain(p, a.a) + 0.3 * gain(opp, a.a).min(10.0),
                act::DISCARD => offers[p].discard + 0.3 * gain(opp, a.a).min(10.0),
                act::WONDER => {
                    let w = a.a as usize;
                    self.wonder_gain(t, s, p, w, offers[p].mc) - s.wonder_price(t, p, w) as f64 * offers[p].mc
                        + 0.3 * gain(opp, a.b).min(10.0)
                }
                act::PREPARE => 0.4 * self.conspiracy_value(t, s, p, a.a as usize) + 0.3 * gain(opp, a.b).min(10.0),
                act::TRIGGER => self.conspiracy_value(t, s, p, a.a as usize),
                _ => 0.0,
            };
            out.push(v);
        }
    }

    /// The mover takes the best option on offer: it counts for the mover, against the other.
    fn tempo(&self, t: &Tables, s: &State, me: usize, hidden: u32) -> f64 {
        let Some(top) = s.top() else { return 0.0 };
        if top[0] != step::TURN {
            return 0.0;
        }
        let mover = top[1] as usize;
        let g = self.best_option(t, s, mover, hidden).min(40.0);
        self.w.tempo * if mover == me { g } else { -g }
    }

    // ------------------------------------------------------------ helpers

    /// evaluate.py `coin_value`.
    fn coin_value(&self, age: u8, coins: u16) -> f64 {
        let use_ = self.w.coin_use[age as usize - 1];
        self.w.coin_end * coins as f64 + use_ * (coins as f64).min(self.w.coin_use_cap)
    }

    /// evaluate.py `marginal_coin`.
    fn marginal_coin(&self, age: u8, coins: u16) -> f64 {
        self.w.coin_end + if (coins as f64) < self.w.coin_use_cap { self.w.coin_use[age as usize - 1] } else { 0.0 }
    }

    /// evaluate.py `progress_of_game`: 0 at the start of Age I, 1 when Age III's last card is taken.
    fn progress_of_game(&self, t: &Tables, s: &State) -> f64 {
        let n = structure_len(s, t);
        let left = if n > 0 { s.remaining as f64 / n as f64 } else { 1.0 };
        (((s.age as f64 - 1.0) + (1.0 - left)) / 3.0).min(1.0)
    }

    /// evaluate.py `military_value`: the pawn `distance` spaces toward the opponent's capital.
    fn military_value(&self, t: &Tables, s: &State, distance: i32) -> f64 {
        let sign = if distance >= 0 { 1.0 } else { -1.0 };
        let d = distance.unsigned_abs().min(8) as usize;
        let mut track = self.w.military_track[d];
        let late = self.progress_of_game(t, s);
        if late > 0.8 {
            // fewer cards left to push with: the threat part fades
            let pts = t.military_points[d] as f64;
            track = pts + (track - pts) * (1.0 - (late - 0.8) * 5.0 * (1.0 - self.w.military_threat_late));
        }
        sign * track
    }

    /// evaluate.py `_mausoleum_ready(coins=False)`: can p still build The Mausoleum?
    fn mausoleum_ready(&self, s: &State, p: usize) -> bool {
        match self.f.mausoleum {
            Some(m) => s.unbuilt(p) & (1 << m) != 0 && s.standing_wonders() < 7,
            None => false,
        }
    }

    /// evaluate.py `live_symbols`: the scientific symbols that can still be obtained (bit
    /// per symbol).
    fn live_symbols(&self, t: &Tables, s: &State) -> u32 {
        let mut gone = s.city_cards(t, 0) | s.city_cards(t, 1);
        let mut structure = structure_cards(s, t);
        if self.mausoleum_ready(s, 0) || self.mausoleum_ready(s, 1) {
            structure |= s.discard; // a Mausoleum still to build brings one back
        } else {
            gone |= s.discard;
        }
        let age = if s.phase == phase::PLAY { s.age } else { 0 };
        let mut live = 0u32;
        for c in bits128(self.f.science_cards & !gone) {
            if t.cards[c as usize].age > age || structure & (1u128 << c) != 0 {
                live |= 1 << t.cards[c as usize].science;
            }
        }
        if let (Some(law), Some(sym)) = (self.f.law, self.f.law_symbol) {
            if s.progress_board & (1 << law) != 0 {
                live |= 1 << sym;
            }
        }
        live
    }

    fn symbols_mask(s: &State, p: usize) -> u32 {
        s.city[p].symbols.iter().enumerate().filter(|(_, &n)| n > 0).fold(0, |m, (i, _)| m | 1 << i)
    }

    /// evaluate.py `science_value`; `own` when p is the evaluating seat (its curve is then
    /// science_live_own; the opponent's symbols are charged on science_live).
    fn science_value(&self, t: &Tables, s: &State, p: usize, live: u32, hidden: u32, own: bool) -> f64 {
        let n = s.distinct_symbols(p);
        if n >= 6 {
            return WIN;
        }
        let mut v = self.w.science_symbols[n];
        let reachable = (live & !Self::symbols_mask(s, p)).count_ones() as usize;
        if reachable < 6 - n {
            v *= self.w.science_out_of_reach;
        } else {
            let curve = if own { &self.w.science_live_own } else { &self.w.science_live };
            v = curve[n];
            v += self.next_symbol_threat(t, s, p, hidden, curve);
        }
        if s.progress_board != 0 {
            let singles = s.city[p].symbols.iter().filter(|&&k| k == 1).count();
            v += self.w.science_pair_open * singles as f64 * (1.0 - self.progress_of_game(t, s));
        }
        v
    }

    fn law_on_board(&self, s: &State) -> bool {
        self.f.law.is_some_and(|l| s.progress_board & (1 << l) != 0)
    }

    fn has_law_symbol(&self, s: &State, p: usize) -> bool {
        self.f.law_symbol.is_some_and(|sym| s.city[p].symbols[sym as usize] > 0)
    }

    /// evaluate.py `next_symbol_step`: the step on the live curve card cid gives p now.
    fn next_symbol_step(&self, t: &Tables, s: &State, p: usize, cid: u8, curve: &[f64; 6]) -> f64 {
        let sym = t.cards[cid as usize].science;
        if sym == NONE {
            return 0.0;
        }
        let mut have = s.city[p].symbols[sym as usize];
        let n = s.distinct_symbols(p);
        if have == 1 && self.law_on_board(s) && !self.has_law_symbol(s, p) {
            have = 0; // the second of a pair brings Law, a symbol of its own
        }
        if have != 0 || n >= 5 {
            return if have != 0 { 0.0 } else { WIN };
        }
        curve[n + 1] - curve[n]
    }

    /// evaluate.py `_next_symbol_threat`: the best step on offer p can pay for now, for the
    /// player to move and, less, for the other.
    fn next_symbol_threat(&self, t: &Tables, s: &State, p: usize, hidden: u32, curve: &[f64; 6]) -> f64 {
        if s.phase != phase::PLAY || s.accessible == 0 {
            return 0.0;
        }
        let coins = s.coins[p] as u32;
        let cap = curve[5];
        let mut best: f64 = 0.0;
        let mut unknown = None;
        for slot in slots(s.accessible) {
            let step = if hidden & (1 << slot) != 0 {
                *unknown.get_or_insert_with(|| self.hidden_step(t, s, p, hidden, curve))
            } else {
                let cid = s.structure[slot];
                let step = self.next_symbol_step(t, s, p, cid, curve);
                if step > 0.0 && s.building_price(t, p, cid as usize).0 > coins { 0.0 } else { step }
            };
            best = best.max(step.min(cap));
        }
        if s.discard != 0 && self.mausoleum_ready(s, p) {
            // The Mausoleum builds a discarded card for free: a green card discarded to
            // deny it is still on offer to the player who can build it.
            let affordable = self.f.mausoleum.is_some_and(|m| s.wonder_price(t, p, m as usize) <= coins);
            let share = if affordable { 1.0 } else { self.w.science_mausoleum_later };
            for cid in bits128(s.discard) {
                best = best.max(share * self.next_symbol_step(t, s, p, cid, curve).min(cap));
            }
        }
        if best == 0.0 {
            return 0.0;
        }
        let moving = s.top().is_some_and(|x| x[0] == step::TURN && x[1] as usize == p);
        if moving { self.w.science_next_mover * best } else { self.w.science_next_waiting * best }
    }

    /// evaluate.py `_hidden_step`: the mean step over the cards in the hidden slots.
    fn hidden_step(&self, t: &Tables, s: &State, p: usize, hidden: u32, curve: &[f64; 6]) -> f64 {
        let cap = curve[5];
        let (mut total, mut n) = (0.0, 0);
        for slot in slots(hidden) {
            if slot < structure_len(s, t) && s.structure[slot] != NONE {
                n += 1;
                total += self.next_symbol_step(t, s, p, s.structure[slot], curve).min(cap);
            }
        }
        if n > 0 { total / n as f64 } else { 0.0 }
    }

    // ------------------------------------------------------------ terms

    /// evaluate.py `_points`: civilian points on the sheet (military and Senate apart).
    fn points(&self, t: &Tables, s: &State, p: usize) -> f64 {
        let mut pts: i64 = 0;
        for cid in bits128(s.city_cards(t, p)) {
            let c = &t.cards[cid as usize];
            pts += c.points as i64;
            if c.is_guild {
                pts += guild_points(s, c) as i64;
            }
        }
        pts += ids16(s.built[p]).map(|w| t.wonders[w].points as i64).sum::<i64>();
        let owned = s.progress_owned[p];
        for i in ids16(owned) {
            pts += self.f.token_points[i] as i64;
            if self.f.mathematics == Some(i as u8) {
                pts += 3 * owned.count_ones() as i64;
            }
        }
        pts as f64
    }

    /// evaluate.py `_production_value`.
    fn production(&self, s: &State, p: usize) -> f64 {
        let age = s.age as usize - 1;
        let (info, opp) = (&s.city[p], &s.city[1 - p]);
        let unit = self.w.resource_unit[age];
        let choice = self.w.choice_unit[age];
        let mut extra = [0.0f64; N_RES];
        for &ch in &info.choices[..info.nchoice as usize] {
            let share = 1.0 / ch.count_ones() as f64;
            for (r, e) in extra.iter_mut().enumerate() {
                if ch & (1 << r) != 0 {
                    *e += share;
                }
            }
        }
        let mut v = 0.0;
        for (r, &extra) in extra.iter().enumerate() {
            let have = info.prod[r] as usize;
            let fixed = has_fixed(s, p, r);
            let scale = if fixed { 0.5 } else { 1.0 };
            for k in 0..have.min(self.w.cap[r]) {
                v += unit * self.w.diminish[k] * scale;
            }
            if extra != 0.0 && have < self.w.cap[r] {
                v += choice * extra * scale;
            }
            if fixed {
                v += self.w.fixed_price[age] * (1.0 + opp.prod[r] as f64) * 0.5;
            }
            if have > 0 && !has_fixed(s, 1 - p, r) {
                v += self.w.trade_pressure[age] * have.min(2) as f64;
            }
        }
        v
    }

    /// Is a card in `targets` still to come (not in a city; a later Age's or in the structure)?
    fn any_to_come(&self, t: &Tables, s: &State, targets: u128, gone: u128, structure: u128) -> bool {
        bits128(targets & !gone).any(|c| t.cards[c as usize].age > s.age || structure & (1u128 << c) != 0)
    }

    /// evaluate.py `_chains`: chain symbols owned whose free card is still to come.
    fn chains(&self, t: &Tables, s: &State, p: usize) -> f64 {
        let chains = s.city[p].chains;
        if s.age >= 3 || chains == 0 {
            return 0.0;
        }
        let value = self.w.chain_out[s.age as usize - 1];
        let gone = s.city_cards(t, 0) | s.city_cards(t, 1);
        let structure = structure_cards(s, t);
        let mut v = 0.0;
        for sym in slots(chains) {
            let targets = self.f.chain_targets[sym];
            if targets != 0 && self.any_to_come(t, s, targets, gone, structure) {
                v += value;
            }
        }
        v
    }

    /// evaluate.py `_tokens`: the lasting effects of owned progress tokens.
    fn tokens(&self, t: &Tables, s: &State, p: usize) -> f64 {
        let age = s.age as usize - 1;
        let mut v = 0.0;
        for i in ids16(s.progress_owned[p]) {
            v += match self.f.token_role[i] {
                TokenRole::Plain => continue,
                TokenRole::PerWonder(val) => {
                    if s.standing_wonders() < 7 { val * s.unbuilt(p).count_ones() as f64 } else { 0.0 }
                }
                TokenRole::Mathematics(val) => val * (1.0 - self.progress_of_game(t, s)),
                TokenRole::PerAge(val) => val[age],
            };
        }
        v
    }

    /// evaluate.py `_wonder_gain`: Wonder wid once built by p (not its price); `mc` p's
    /// marginal coin.
    fn wonder_gain(&self, t: &Tables, s: &State, p: usize, wid: usize, mc: f64) -> f64 {
        let wv = self.f.wonder_value[wid];
        let mut v = wv.points + wv.coins * mc + wv.extra;
        if wv.loss > 0 {
            let theirs = s.coins[1 - p];
            v += wv.loss.min(theirs as u32) as f64 * self.marginal_coin(s.age, theirs);
        }
        if wv.again || s.token_flag(t, p, |x| x.wonders_play_again) {
            v += self.w.extra_turn;
        }
        if wv.shields != 0 {
            let d = distance(s, p);
            if d + wv.shields >= t.capital as i32 {
                return WIN;
            }
            v += self.military_value(t, s, d + wv.shields) - self.military_value(t, s, d);
        }
        v
    }

    /// evaluate.py `_wonders`: the potential of Wonders owned but not built yet.
    fn wonders(&self, t: &Tables, s: &State, p: usize) -> f64 {
        let standing = s.standing_wonders();
        let unbuilt = s.unbuilt(p);
        if standing >= 7 || unbuilt == 0 {
            return 0.0;
        }
        let share = self.w.wonder_unbuilt * if standing == 6 { 0.55 } else { 1.0 };
        let coins = s.coins[p] as f64;
        let mc = self.marginal_coin(s.age, s.coins[p]);
        let drafting = s.phase == phase::DRAFT;
        let ctx = s.price_ctx(t, p);
        let mut v = 0.0;
        for wid in ids16(unbuilt) {
            // evaluate.py `_draft_price` while drafting: the resources at 1.5 coins each
            let price = if drafting { t.wonders[wid].units as f64 * 1.5 } else { s.wonder_price_with(t, p, wid, &ctx) as f64 };
            let reach = if price <= coins { 1.0 } else { (1.0 - (price - coins) / 12.0).max(0.25) };
            let mut gain = self.wonder_gain(t, s, p, wid, mc);
            if gain >= WIN {
                gain = 12.0;
            }
            v += share * reach * (gain - 0.25 * price).max(0.0);
        }
        v
    }

    /// evaluate.py `conspiracy_value`: Conspiracy k to p if triggered now (roughly).
    fn conspiracy_value(&self, t: &Tables, s: &State, p: usize, k: usize) -> f64 {
        let opp = 1 - p;
        match self.f.conspiracy_role[k] {
            ConspiracyRole::Blackmail => {
                let half_up = (s.coins[opp] as u32).div_ceil(2) * 2;
                1.0 + half_up as f64 * self.marginal_coin(s.age, s.coins[opp])
            }
            ConspiracyRole::Coup => {
                let d = distance(s, p);
                if d + 2 >= t.capital as i32 {
                    return 15.0;
                }
                1.0 + self.military_value(t, s, d + 2) - self.military_value(t, s, d)
            }
            ConspiracyRole::Sabotage => match ids16(s.built[opp]).map(|w| t.wonders[w].points).max() {
                Some(best) => 1.0 + best as f64,
                None => 1.0,
            },
            ConspiracyRole::Expropriation => {
                let blues = bits128(s.city_cards(t, opp)).map(|c| &t.cards[c as usize]).filter(|c| c.color == BLUE);
                match blues.map(|c| c.points).max() {
                    Some(best) => 0.8 + best as f64,
                    None => 1.0,
                }
            }
            ConspiracyRole::Extortion => 1.0 + if s.unbuilt(opp) != 0 { 4.0 } else { 0.0 },
            ConspiracyRole::Embezzlement => {
                let mine = s.on_board(p);
                let theirs = (s.coins[opp] as u32).min(s.on_board(opp));
                0.8 + (mine + theirs) as f64 * 0.45
            }
            ConspiracyRole::Base => self.f.conspiracy_base[k],
        }
    }

    /// evaluate.py `_senate_value`: Chambers controlled, their Decrees, the cube margins and
    /// the threat of Political Supremacy.
    fn senate(&self, t: &Tables, s: &State, p: usize) -> f64 {
        let age = s.age as usize - 1;
        let mut v = 0.0;
        for ch in 0..6 {
            let mine = s.cubes[ch * 2 + p] as i32;
            if s.control[ch] == p as u8 {
                let theirs = s.cubes[ch * 2 + 1 - p] as i32;
                v += t.chambers[ch].points as f64 * self.w.point + self.w.chamber_control;
                v += self.w.cube_margin * (mine - theirs - 1).min(2) as f64;
                for i in 0..6 {
                    if s.dec_ch[i] == ch as u8 {
                        v += self.f.decree_value[s.dec_id[i] as usize][age];
                    }
                }
            } else if mine > 0 {
                v += self.w.cube_contest * mine as f64;
            }
        }
        v + self.political_threat(s, p)
    }

    /// evaluate.py `political_need`: cubes p still has to bring to control every Chamber.
    pub fn political_need(s: &State, p: usize) -> i64 {
        (0..6).map(|ch| {
            let (mine, theirs) = (s.cubes[ch * 2 + p] as i64, s.cubes[ch * 2 + 1 - p] as i64);
            if mine <= theirs { theirs - mine + 1 } else { 0 }
        }).sum()
    }

    /// evaluate.py `political_threat`.
    fn political_threat(&self, s: &State, p: usize) -> f64 {
        let need = Self::political_need(s, p);
        let table = &self.w.political_threat;
        if need as usize >= table.len() {
            return 0.0;
        }
        if (s.supply(p) as i64) < need {
            return table[need as usize] * 0.3;
        }
        table[need as usize]
    }

    /// evaluate.py `_conspiracies`: Conspiracies not yet triggered (the opponent's at the
    /// average value: their identity is hidden from `me`).
    fn conspiracies(&self, t: &Tables, s: &State, p: usize, me: usize) -> f64 {
        let mut v = 0.0;
        for k in ids16(s.cons_owned[p]) {
            let status = s.cons[k] >> 1;
            if status == TRIGGERED {
                continue;
            }
            let val = if p != me { self.w.conspiracy_hidden } else { self.conspiracy_value(t, s, p, k) };
            v += val * if status == PREPARED { self.w.conspiracy_prepared } else { self.w.conspiracy_unprepared };
        }
        v
    }

    // ------------------------------------------------------------ card gain

    /// evaluate.py `token_gain`: progress token tid to p now.
    fn token_gain(&self, t: &Tables, s: &State, p: usize, tid: usize) -> f64 {
        let mut v = self.f.token_points[tid] + self.f.token_coins[tid] * self.marginal_coin(s.age, s.coins[p]);
        if self.f.law == Some(tid as u8) {
            let n = s.distinct_symbols(p);
            if !self.has_law_symbol(s, p) {
                if n + 1 >= 6 {
                    return WIN;
                }
                v += self.w.science_symbols[n + 1] - self.w.science_symbols[n];
            }
            return v;
        }
        match self.f.token_role[tid] {
            TokenRole::Plain => {}
            TokenRole::PerWonder(val) => v += val * s.unbuilt(p).count_ones() as f64,
            TokenRole::Mathematics(val) => {
                v += 3.0 * (s.progress_owned[p].count_ones() + 1) as f64 + val * (1.0 - self.progress_of_game(t, s));
            }
            TokenRole::PerAge(val) => v += val[s.age as usize - 1],
        }
        v
    }

    /// The best token_gain among the tokens in `mask` (None when it is empty).
    fn best_token_gain(&self, t: &Tables, s: &State, p: usize, mask: u16) -> Option<f64> {
        ids16(mask).map(|i| self.token_gain(t, s, p, i)).reduce(f64::max)
    }

    /// evaluate.py `_card_gain` for a Senator: recruit it or discard it.
    fn senator_gain(&self, t: &Tables, s: &State, p: usize, kind: u8, o: &Offer) -> f64 {
        let (mc, discard) = (o.mc, o.discard);
        let cost = s.recruit_cost(t, p);
        if cost > s.coins[p] as u32 {
            return discard;
        }
        let g = if kind == 1 {
            let blue = s.city[p].colors[BLUE as usize] as u32 + (s.decree_sum(t, p, |d| d.blue_bonus) as u32);
            let n = if blue <= 1 { 1 } else if blue <= 3 { 2 } else { 3 };
            if Self::political_need(s, p) <= n as i64 {
                return WIN * 0.5; // may win politically (checked exactly elsewhere)
            }
            1.6 * n as f64 + 0.8
        } else {
            2.8
        };
        discard.max(g - cost as f64 * mc)
    }

    /// evaluate.py `_card_gain`: card cid taken by p now, the best of build and discard
    /// (`o`: p's marginal coin, the discard's gain, p's prices). WIN for a card that wins.
    fn card_gain(&self, t: &Tables, s: &State, p: usize, cid: u8, o: &Offer) -> f64 {
        let c = &t.cards[cid as usize];
        let age = s.age as usize - 1;
        let (mc, discard) = (o.mc, o.discard);
        if c.senator != 0 {
            return self.senator_gain(t, s, p, c.senator, o);
        }
        let price = s.building_price_with(t, p, cid as usize, &o.ctx).0;
        if price > s.coins[p] as u32 {
            return discard;
        }
        let (info, opp) = (&s.city[p], &s.city[1 - p]);
        let mut g = c.points as f64 - price as f64 * mc;
        if c.shields != 0 {
            let sh = (c.shields as u32 + (s.extra_shields(t, p, c.color) as u32)) as i32;
            let d = distance(s, p);
            if d + sh >= t.capital as i32 {
                return WIN;
            }
            g += self.military_value(t, s, d + sh) - self.military_value(t, s, d);
        }
        if c.science != NONE {
            let n = s.distinct_symbols(p);
            let have = info.symbols[c.science as usize];
            if have == 0 {
                if n + 1 >= 6 {
                    return WIN;
                }
                g += self.w.science_symbols[n + 1] - self.w.science_symbols[n];
            } else if have == 1 && s.progress_board != 0 {
                let best = self.best_token_gain(t, s, p, s.progress_board).unwrap_or(0.0);
                if best >= WIN {
                    return WIN;
                }
                g += best;
            }
        }
        g += self.production_gain(s, p, c, age);
        if c.choice != 0 {
            g += self.w.choice_unit[age];
        }
        for r in (0..N_RES).filter(|&r| c.fixed & (1 << r) != 0) {
            if !has_fixed(s, p, r) {
                g += self.w.fixed_price[age] * (1.0 + opp.prod[r] as f64) * 0.5;
            }
        }
        g += self.on_gain_coins(t, s, p, c, mc);
        if c.is_guild {
            let best = s.count_in_city(0, c.guild_counter).max(s.count_in_city(1, c.guild_counter));
            g += (c.guild_points as u32 * (best / (c.guild_per as u32).max(1))) as f64 + 1.0;
            g += (guild_coins_each(t, c) * best) as f64 * mc;
        }
        if c.chain_out != NONE && s.age < 3 && (c.chain_out as usize) < 32
            && self.f.chain_targets[c.chain_out as usize] != 0 {
            g += self.w.chain_out[age];
        }
        discard.max(g)
    }

    /// The production part of `_card_gain`: each unit up to CAP, and the pressure on the
    /// opponent's prices.
    fn production_gain(&self, s: &State, p: usize, c: &crate::tables::Card, age: usize) -> f64 {
        let mut g = 0.0;
        for r in 0..N_RES {
            let have = s.city[p].prod[r] as usize;
            let half = if has_fixed(s, p, r) { 0.5 } else { 1.0 };
            for j in 0..c.prod[r] as usize {
                if have + j < self.w.cap[r] {
                    g += self.w.resource_unit[age] * self.w.diminish[have + j] * half;
                }
                if !has_fixed(s, 1 - p, r) && have + j < 2 {
                    g += self.w.trade_pressure[age];
                }
            }
        }
        g
    }

    /// The coins of a card's on-gain effects (`coins`, `coins_per`) at p's marginal value.
    fn on_gain_coins(&self, t: &Tables, s: &State, p: usize, c: &crate::tables::Card, mc: f64) -> f64 {
        let mut g = 0.0;
        for &e in &c.on_gain {
            let e = t.effects[e as usize];
            match e.kind {
                fx::COINS => g += e.a as f64 * mc,
                fx::COINS_PER => g += (e.b as u32 * s.count_in_city(p, e.a)) as f64 * mc,
                _ => {}
            }
        }
        g
    }

    /// evaluate.py `best_option`: the best gain p can make with one card action now.
    fn best_option(&self, t: &Tables, s: &State, p: usize, hidden: u32) -> f64 {
        if s.accessible == 0 {
            return 0.0;
        }
        let mc = self.marginal_coin(s.age, s.coins[p]);
        let o = Offer { mc, discard: s.discard_value(t, p) as f64 * mc, ctx: s.price_ctx(t, p) };
        let mut best = o.discard;
        let unknown = self.w.unknown_card[s.age as usize - 1];
        for slot in slots(s.accessible) {
            let g = if hidden & (1 << slot) != 0 {
                unknown
            } else {
                self.card_gain(t, s, p, s.structure[slot], &o)
            };
            if g > best {
                best = g;
                if best >= WIN {
                    return best;
                }
            }
        }
        if s.standing_wonders() < 7 {
            let coins = s.coins[p] as u32;
            for wid in ids16(s.unbuilt(p)) {
                let price = s.wonder_price_with(t, p, wid, &o.ctx);
                if price <= coins {
                    let g = (1.0 - self.w.wonder_unbuilt) * self.wonder_gain(t, s, p, wid, mc) - price as f64 * 0.2;
                    best = best.max(g);
                }
            }
        }
        best
    }

    // ------------------------------------------------------------ pending

    /// evaluate.py `pending_value`: the decisions p is still owed (steps on the stack).
    fn pending_value(&self, t: &Tables, s: &State, p: usize, me: usize) -> f64 {
        let mut v = 0.0;
        for st in &s.pending[..s.n_pending as usize] {
            if st[1] as usize != p {
                continue;
            }
            v += self.step_value(t, s, p, me, st);
        }
        v
    }

    /// The value of one step owed to p (0 for the kinds evaluate.py does not value).
    fn step_value(&self, t: &Tables, s: &State, p: usize, me: usize, st: &[u8; 5]) -> f64 {
        let share = self.w.conspiracy_unprepared;
        match st[0] {
            step::PROGRESS => self.best_token_gain(t, s, p, s.progress_board).map_or(0.0, |g| g.min(12.0)),
            step::LIBRARY => {
                let offered = st[2..5].iter().filter(|&&x| x != NONE).fold(0u16, |m, &x| m | 1 << x);
                self.best_token_gain(t, s, p, offered).map_or(0.0, |g| g.min(12.0))
            }
            step::KEEP if p == me => {
                let best = st[2..4].iter().filter(|&&x| x != NONE)
                    .map(|&k| self.conspiracy_value(t, s, p, k as usize)).reduce(f64::max);
                best.map_or(0.0, |b| share * b)
            }
            step::KEEP => share * self.w.conspiracy_hidden * 1.2,
            step::SENATE => self.w.pending_senate_action * st[3] as f64,
            step::PLACE => self.w.pending_place,
            step::REMOVE => self.w.pending_remove,
            step::CONSPIRATOR => self.w.pending_conspirator,
            step::MAUSOLEUM => 3.0,
            step::TRIGGER_UNPREPARED => self.w.conspiracy_hidden,
            step::DESTROY | step::EXTORT | step::LOCK | step::TOP_ROW | step::TREASON | step::ESPIONAGE
            | step::FORECLOSE | step::COERCE | step::SABOTAGE => self.w.pending_other * 2.0,
            _ => 0.0,
        }
    }
}

/// evaluate.py `_guild_points`.
fn guild_points(s: &State, c: &crate::tables::Card) -> u32 {
    let best = s.count_in_city(0, c.guild_counter).max(s.count_in_city(1, c.guild_counter));
    c.guild_points as u32 * (best / (c.guild_per as u32).max(1))
}

/// A Guild's coins per counted item: its on-gain `guild` effect (present only when it pays
/// coins: game/rules.py).
fn guild_coins_each(t: &Tables, c: &crate::tables::Card) -> u32 {
    c.on_gain.iter().map(|&e| t.effects[e as usize]).find(|e| e.kind == fx::GUILD).map_or(0, |e| e.b as u32)
}

#[cfg(test)]
mod tests {
    //! The evaluation's own mechanics on a small hand-made rule set; its numbers against
    //! game/ai/evaluate.py are checked by tests/test_native_evaluate.py on the real tables.
    use super::*;
    use crate::tables::{self as tb, Card, Effect, Layout, Names, Progress, Wonder};

    fn card(color: u8, age: u8, points: u8) -> Card {
        Card { color, age, points, chain_in: NONE, chain_out: NONE, science: NONE, ..Default::default() }
    }

    /// Three Ages of two slots, four Wonders, two progress tokens (one called Mathematics).
    fn tables() -> Tables {
        let layout = || Layout::new(2, vec![vec![], vec![0]], vec![vec![1], vec![]], 0b11, 0b01, 0b10);
        let mut cards = vec![card(tb::BLUE, 1, 3), card(tb::RED, 1, 0), card(tb::BLUE, 2, 5), card(tb::GREEN, 2, 1)];
        cards[1].shields = 2;
        cards[3].science = 0;
        let t = Tables {
            cards,
            wonders: (0..4).map(|i| Wonder { points: i, ..Default::default() }).collect(),
            progress: vec![Progress { points: 4, science: NONE, ..Default::default() },
                           Progress { points: 0, science: NONE, points_per_progress: 3, ..Default::default() }],
            layouts: vec![layout(), layout(), layout()],
            effects: vec![Effect { kind: fx::COINS, a: 4, b: 0, c: 0 }],
            military_points: vec![0, 2, 2, 5, 5, 5, 10, 10, 10, 10],
            capital: 9,
            names: Names { progress: vec!["Wheel".into(), "Mathematics".into()], ..Default::default() },
            ..Default::default()
        };
        t.check().unwrap();
        t
    }

    /// Made-up weights (not the program's: those come from Python): every key, simple numbers.
    fn spec(t: &Tables) -> Spec {
        let weights = WEIGHT_NAMES.iter().map(|&(name, n)| {
            let n = match (name, n) {
                ("political_threat", _) => 9,
                ("diminish", _) => 3,
                (_, n) => n,
            };
            let v = if name == "cap" { vec![3.0, 3.0, 3.0, 2.0, 2.0] } else { (0..n).map(|i| 1.0 + i as f64).collect() };
            (name.to_string(), v)
        }).collect();
        Spec {
            weights,
            term_scale: TERM_NAMES.iter().map(|&n| (n.to_string(), vec![1.0, 1.0, 1.0])).collect(),
            value_scale: vec![18.0, 14.0, 10.0],
            token_passive: vec![None, Some(vec![1.5])],
            wonder_extra: vec![0.0; t.wonders.len()],
            decree_value: vec![],
            conspiracy_base: vec![],
        }
    }

    fn playing(t: &Tables) -> State {
        let mut s = State::zeroed();
        s.phase = phase::PLAY;
        s.structure[0] = 2;
        s.structure[1] = 3;
        s.present = 0b11;
        s.face_up = 0b11;
        s.accessible = 0b10;
        s.remaining = 2;
        s.age = 2;
        s.pending[0] = [step::TURN, 0, 1, 0, 0];
        s.n_pending = 1;
        s.refresh(t, 0);
        s.refresh(t, 1);
        s
    }

    #[test]
    fn every_weight_must_be_handed_over_and_no_other() {
        let t = tables();
        assert!(Evaluator::new(&t, &spec(&t)).is_ok());
        let mut missing = spec(&t);
        missing.weights.retain(|(n, _)| n != "tempo");
        assert!(Evaluator::new(&t, &missing).unwrap_err().contains("missing 'tempo'"));
        let mut unknown = spec(&t);
        unknown.weights.push(("surprise".into(), vec![1.0]));
        assert!(Evaluator::new(&t, &unknown).unwrap_err().contains("surprise"));
        let mut short = spec(&t);
        short.weights.iter_mut().find(|(n, _)| n == "coin_use").unwrap().1.pop();
        assert!(Evaluator::new(&t, &short).unwrap_err().contains("coin_use"));
        let mut scales = spec(&t);
        scales.term_scale.pop();
        assert!(Evaluator::new(&t, &scales).unwrap_err().contains("tempo"));
        let mut ids = spec(&t);
        ids.wonder_extra.pop();
        assert!(Evaluator::new(&t, &ids).unwrap_err().contains("wonder_extra"));
    }

    #[test]
    fn win_chance_is_a_logistic_of_the_value_per_age() {
        let t = tables();
        let e = Evaluator::new(&t, &spec(&t)).unwrap();
        assert_eq!(e.win_chance(0.0, 2), 0.5);
        assert_eq!(e.win_chance(WIN / 2.0, 1), 1.0);
        assert_eq!(e.win_chance(-WIN / 2.0, 3), 0.0);
        assert!((e.win_chance(10.0, 3) - 1.0 / (1.0 + (-1.0f64).exp())).abs() < 1e-15);
        assert!((e.win_chance(5.0, 1) + e.win_chance(-5.0, 1) - 1.0).abs() < 1e-15);
    }

    #[test]
    fn a_finished_game_is_worth_win_and_a_hundredth_of_the_margin() {
        let t = tables();
        let e = Evaluator::new(&t, &spec(&t)).unwrap();
        let mut s = playing(&t);
        s.owned[0] = 1 << 0; // 3 points
        s.refresh(&t, 0);
        s.phase = phase::OVER;
        s.winner = 0;
        // seat 0: 3 points and 2 for its 7 coins, seat 1: 2 for its coins
        assert!((e.evaluate(&t, &s, 0, 0, true) - (WIN + 0.03)).abs() < 1e-12);
        assert!((e.evaluate(&t, &s, 1, 0, true) - (-WIN - 0.03)).abs() < 1e-12);
        s.winner = 2;
        assert_eq!(e.evaluate(&t, &s, 0, 0, true), 0.0);
    }

    #[test]
    fn the_terms_sum_to_the_evaluation_and_read_the_position() {
        let t = tables();
        let e = Evaluator::new(&t, &spec(&t)).unwrap();
        let mut s = playing(&t);
        s.owned[0] = 1 << 0;
        s.progress_owned[0] = 0b10; // Mathematics: 3 per token owned
        s.refresh(&t, 0);
        let terms = e.terms(&t, &s, 0, 0, true);
        assert_eq!(terms.v[term::POINTS], 3.0 + 3.0);
        assert!(terms.has(term::PENDING) && !terms.has(term::SENATE));
        assert!((terms.sum() - e.evaluate(&t, &s, 0, 0, true)).abs() < 1e-12);
        // the pawn toward seat 1's capital: good for seat 0, as bad for seat 1
        s.pawn = 3;
        let m0 = e.terms(&t, &s, 0, 0, false).v[term::MILITARY];
        let m1 = e.terms(&t, &s, 1, 0, false).v[term::MILITARY];
        assert!(m0 > 0.0 && m0 == -m1);
        // without tempo the term is there and zero
        let quiet = e.terms(&t, &s, 0, 0, false);
        assert!(quiet.has(term::TEMPO) && quiet.v[term::TEMPO] == 0.0);
    }

    #[test]
    fn the_mover_counts_its_best_card_and_a_hidden_card_its_average() {
        let t = tables();
        let e = Evaluator::new(&t, &spec(&t)).unwrap();
        let s = playing(&t);
        let seen = e.terms(&t, &s, 0, 0, true).v[term::TEMPO];
        assert!(seen > 0.0);
        assert_eq!(e.terms(&t, &s, 1, 0, true).v[term::TEMPO], -seen);
        // the accessible slot hidden: the unknown card's weight (Age II: the 2nd number)
        let hidden = e.terms(&t, &s, 0, 0b10, true).v[term::TEMPO];
        let mc = e.marginal_coin(2, 7);
        let discard = 2.0 * mc;
        assert_eq!(hidden, e.weights().tempo * e.weights().unknown_card[1].max(discard));
    }
}
