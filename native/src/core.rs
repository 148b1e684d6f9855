//! The rules: one flat `State` (plain `Copy`, no heap) and the functions that list the
//! legal actions and apply one. Each function follows its counterpart in `game/` (named in
//! its comment) step for step: `game/` is the referee, and the differential test
//! (tests/test_native_differential_*.py) compares the two at every step.

use crate::rng;
use crate::tables::{fx, src, Tables, BLUE, COUNT_COINS, COUNT_WONDERS, NONE, N_COLORS, N_RES, WONDER,
                    YELLOW};

pub const CUBES: u8 = 12;
pub const MAX_PENDING: usize = 20;
pub const DRAFT_ORDER: [u8; 8] = [0, 1, 1, 0, 1, 0, 0, 1];
pub const DRAFT_ROUND: usize = 4;

/// Step kinds of the pending stack (game/steps.py, senate.py, conspiracies.py).
pub mod step {
    // decisions
    pub const TURN: u8 = 0;
    pub const DRAFT: u8 = 1;
    pub const START: u8 = 2;
    pub const PROGRESS: u8 = 3;
    pub const LIBRARY: u8 = 4;
    pub const DESTROY: u8 = 5;
    pub const MAUSOLEUM: u8 = 6;
    pub const SENATE: u8 = 7;
    pub const CONSPIRATOR: u8 = 8;
    pub const KEEP: u8 = 9;
    pub const RETURN: u8 = 10;
    pub const PLACE: u8 = 11;
    pub const REMOVE: u8 = 12;
    pub const MAY_MOVE: u8 = 13;
    pub const TRIGGER_UNPREPARED: u8 = 14;
    pub const EXTORT: u8 = 15;
    pub const LOCK: u8 = 16;
    pub const TOP_ROW: u8 = 17;
    pub const TREASON: u8 = 18;
    pub const ESPIONAGE: u8 = 19;
    pub const SCRAP: u8 = 20;
    pub const FORECLOSE: u8 = 21;
    pub const COERCE: u8 = 22;
    pub const MOVE_DECREE: u8 = 23;
    pub const SABOTAGE: u8 = 24;
    pub const N_DECISIONS: u8 = 25;
    // automatic
    pub const END_TURN: u8 = 25;
    pub const DRAFT_NEXT: u8 = 26;
    pub const CONSTRUCTION_DONE: u8 = 27;
    pub const FX: u8 = 28;
    pub const RECRUIT: u8 = 29;
    pub const AFTER_TRIGGER: u8 = 30;
    pub const COUNT: u8 = 31;

    /// The engine's names of the step kinds, indexed by code.
    pub const NAMES: [&str; COUNT as usize] = [
        "turn", "draft", "start", "progress", "library", "destroy", "mausoleum", "senate",
        "conspirator", "keep", "return", "place", "remove", "may_move", "trigger_unprepared",
        "extort", "lock", "top_row", "treason", "espionage", "scrap", "foreclose", "coerce",
        "move_decree", "sabotage", "end_turn", "draft_next", "construction_done", "fx",
        "recruit", "after_trigger",
    ];
}

/// Action kinds; an action is (kind, a, b).
pub mod act {
    pub const DRAFT: u8 = 0;
    pub const BUILD: u8 = 1;
    pub const RECRUIT: u8 = 2;
    pub const DISCARD: u8 = 3;
    pub const WONDER: u8 = 4;
    pub const PREPARE: u8 = 5;
    pub const TRIGGER: u8 = 6;
    pub const START: u8 = 7;
    pub const PROGRESS: u8 = 8;
    pub const DECLINE: u8 = 9; // a: 0 progress, 1 move, 2 trigger, 3 scrap
    pub const LIBRARY: u8 = 10;
    pub const DESTROY: u8 = 11;
    pub const MAUSOLEUM: u8 = 12;
    pub const PLACE: u8 = 13;
    pub const MOVE: u8 = 14;
    pub const STOP: u8 = 15;
    pub const CONSPIRE: u8 = 16;
    pub const KEEP: u8 = 17;
    pub const RETURN: u8 = 18; // b: 0 top, 1 bottom
    pub const REMOVE: u8 = 19;
    pub const TAKE_WONDER: u8 = 20;
    pub const LOCK: u8 = 21; // b: 0 board, 1 opponent, 2 box
    pub const SCRAP: u8 = 22;
    pub const TAKE_CARD: u8 = 23;
    pub const SWAP: u8 = 24; // a theirs, b mine
    pub const MOVE_DECREE: u8 = 25;
    pub const SABOTAGE: u8 = 26;
}

pub mod phase {
    pub const DRAFT: u8 = 0;
    pub const PLAY: u8 = 1;
    pub const OVER: u8 = 2;
}

pub mod victory {
    pub const NONE: u8 = 0;
    pub const MILITARY: u8 = 1;
    pub const SCIENCE: u8 = 2;
    pub const POLITICAL: u8 = 3;
    pub const CIVILIAN: u8 = 4;
    /// The last three only arrive with a finished game handed over (a forfeit: game/actions.py).
    pub const NAMES: [&str; 8] = ["", "military", "science", "political", "civilian", "concession", "forfeit", "time"];
}

pub const UNPREPARED: u8 = 0;
pub const PREPARED: u8 = 1;
pub const TRIGGERED: u8 = 2;

/// Four-byte aligned: moved whole as one word (three loose bytes were packed and unpacked
/// through the stack on the playouts' path, each time waiting on the stores before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(align(4))]
pub struct Act {
    pub k: u8,
    pub a: u8,
    pub b: u8,
}

impl Act {
    pub const fn new(k: u8, a: u8, b: u8) -> Act {
        Act { k, a, b }
    }
}

/// Derived facts about one city (game/city.py CityInfo), recomputed on every change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct City {
    pub prod: [u8; N_RES],
    pub fixed: u8,
    pub nchoice: u8,
    pub choices: [u8; 4],
    pub chains: u32,
    pub colors: [u8; N_COLORS],
    pub symbols: [u8; 7],
}

/// One game position. Plain data: copying it is a memcpy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub rng: u64,
    /// Buildings and Senators owned by each seat (bitset over card ids).
    pub owned: [u128; 2],
    pub discard: u128,
    /// cards removed at setup (all Ages) still in the box
    pub removed: u128,
    pub coins: [u16; 2],
    pub wonders: [u16; 2],
    pub built: [u16; 2],
    pub wonders_out: u16,
    pub draft_pool: u16,
    pub progress_board: u16,
    pub progress_owned: [u16; 2],
    pub progress_locked: u16,
    pub decree_up: u16,
    pub face_up: u32,
    pub accessible: u32,
    pub reveal_pending: u32,
    /// the structure's slots that hold a card (derived from `structure`: its bitset)
    pub present: u32,
    /// card tucked under each built Wonder
    pub tucked: [u8; 14],
    pub draft_deck: [u8; 16],
    pub draft_deck_pos: u8,
    pub draft_deck_len: u8,
    pub progress_box: [u8; 12],
    pub box_len: u8,
    pub structure: [u8; 25],
    /// the Age II and III decks (Age I's is dealt into `structure` at setup: during the
    /// base game's draft the structure already holds it, face down and not yet in play)
    pub decks: [[u8; 25]; 2],
    pub pawn: i8,
    pub age: u8,
    pub phase: u8,
    pub first_player: u8,
    pub draft_pick: u8,
    pub extra_turn: bool,
    pub last_player: u8,
    pub remaining: u8,
    pub military_tokens: u8,
    pub deferred: [u8; 4], // pusher << 4 | token
    pub n_deferred: u8,
    pub cubes: [u8; 12],
    pub control: [u8; 6],
    /// The Decrees in play in the order of their Chambers' lists: a Chamber's Decrees are
    /// the entries with its number, first first (Insider Influence moves the first).
    pub dec_id: [u8; 6],
    pub dec_ch: [u8; 6],
    pub cdeck: [u8; 16],
    pub cdeck_len: u8,
    /// per Conspiracy: NONE (not owned) or owner | status << 1
    pub cons: [u8; 16],
    pub cons_card: [u8; 16],
    /// the Conspiracies each seat holds, whatever their status (derived from `cons`)
    pub cons_owned: [u16; 2],
    pub pending: [[u8; 5]; MAX_PENDING],
    pub n_pending: u8,
    pub overflow: bool,
    pub city: [City; 2],
    pub winner: u8, // NONE, 0, 1, or 2 = a draw
    pub victory: u8,
    pub tiebreak: bool,
}

pub type Res<T> = Result<T, String>;

/// Prices and discounts of one seat, gathered once (see `State::price_ctx`); aligned so
/// that it is copied by words, not byte by byte.
#[derive(Clone, Copy, Debug)]
#[repr(align(8))]
pub struct PriceCtx {
    pub prices: [u8; N_RES],
    pub dearest: u8,
    pub disc: [u8; 8],
    pub ignore: u8,
    pub opp_chains: bool,
    pub wonder_disc: u8,
}

/// Effect kinds that never ask for a decision (game/state.py INSTANT_EFFECTS).
const INSTANT: [bool; fx::COUNT as usize] = {
    let mut a = [false; fx::COUNT as usize];
    a[fx::COINS as usize] = true;
    a[fx::COINS_PER as usize] = true;
    a[fx::GUILD as usize] = true;
    a[fx::PLAY_AGAIN as usize] = true;
    a[fx::OPPONENT_LOSES_COINS as usize] = true;
    a[fx::SHIELDS as usize] = true;
    a
};

/// A few steps gathered in order before they run or are queued.
#[derive(Default)]
struct Steps {
    s: [[u8; 5]; 12],
    n: usize,
}

impl Steps {
    fn add(&mut self, x: [u8; 5]) {
        if self.n < self.s.len() {
            self.s[self.n] = x;
            self.n += 1;
        }
    }

    fn list(&self) -> &[[u8; 5]] {
        &self.s[..self.n]
    }
}

/// (total coins, trade coins, free by a chain) of a construction.
pub type Price = (u32, u32, bool);

/// The action a playout draws, with what it learnt drawing it: the price of a construction
/// and the slot of the card taken. Filled in place by the caller's own copy: returned by
/// value, the compiler spilled it byte by byte and read it back whole (a stalled load).
struct Pick {
    a: Act,
    price: Option<Price>,
    slot: u8,
}

impl Pick {
    #[inline]
    fn set(&mut self, a: Act, price: Option<Price>, slot: u8) -> bool {
        self.a = a;
        self.price = price;
        self.slot = slot;
        true
    }
}

/// Military tokens collected by one push, in the order the pawn reached them.
#[derive(Clone, Copy, Default)]
pub struct Tokens {
    pub ids: [u8; 4],
    pub n: u8,
}

impl Tokens {
    pub fn list(&self) -> &[u8] {
        &self.ids[..self.n as usize]
    }
}

/// Set bits by table: the wheel is built for baseline x86-64, which has no popcount
/// instruction, and `count_ones` there is a dozen-step bit trick on the playouts' hot path.
const POP8: [u8; 256] = {
    let mut a = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        a[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    a
};

#[inline]
fn pop16(x: u16) -> u32 {
    POP8[(x & 0xFF) as usize] as u32 + POP8[(x >> 8) as usize] as u32
}

#[inline]
fn bits16(mut m: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(i)
        }
    })
}

#[inline]
fn bits32(mut m: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(i)
        }
    })
}

#[inline]
pub fn bits128(mut m: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Minimal coins to buy what `need` lacks (game/payment.py `trade_cost`).
pub fn trade_cost(need: &[u8; N_RES], prod: &[u8; N_RES], choices: &[u8], prices: &[u8; N_RES],
                  waive: u8) -> u32 {
    // without branches: which resources a card needs is random on the playouts' path
    let mut missing = [0u8; N_RES];
    let mut total = 0u32;
    for r in 0..N_RES {
        missing[r] = need[r].saturating_sub(prod[r]);
        total += missing[r] as u32;
    }
    if total == 0 || total <= waive as u32 {
        return 0;
    }
    if choices.is_empty() {
        return cost_of(&missing, prices, waive);
    }
    let mut best = u32::MAX;
    search(&mut missing, choices, prices, waive, &mut best);
    best
}

fn cost_of(missing: &[u8; N_RES], prices: &[u8; N_RES], waive: u8) -> u32 {
    let mut total: u32 = (0..N_RES).map(|r| missing[r] as u32 * prices[r] as u32).sum();
    if waive == 0 {
        return total;
    }
    // Waive the dearest units (game/payment.py sorts every unit; the sum is the same).
    let mut left = waive as u32;
    let mut done = 0u8; // resources already used
    while left > 0 {
        let mut best = N_RES;
        for r in 0..N_RES {
            if done & (1 << r) == 0 && missing[r] > 0 && (best == N_RES || prices[r] > prices[best]) {
                best = r;
            }
        }
        if best == N_RES {
            break;
        }
        done |= 1 << best;
        let k = left.min(missing[best] as u32);
        total -= k * prices[best] as u32;
        left -= k;
    }
    total
}

fn search(missing: &mut [u8; N_RES], choices: &[u8], prices: &[u8; N_RES], waive: u8, best: &mut u32) {
    if choices.is_empty() {
        let c = cost_of(missing, prices, waive);
        if c < *best {
            *best = c;
        }
        return;
    }
    let mask = choices[0];
    let mut useful = false;
    for r in 0..N_RES {
        if mask & (1 << r) != 0 && missing[r] > 0 {
            useful = true;
            missing[r] -= 1;
            search(missing, &choices[1..], prices, waive, best);
            missing[r] += 1;
        }
    }
    if !useful {
        search(missing, &choices[1..], prices, waive, best);
    }
}

impl State {
    pub fn zeroed() -> State {
        State {
            rng: 0, owned: [0; 2], discard: 0, removed: 0, coins: [7; 2], wonders: [0; 2],
            built: [0; 2], wonders_out: 0, draft_pool: 0, progress_board: 0,
            progress_owned: [0; 2], progress_locked: 0, decree_up: 0, face_up: 0, accessible: 0,
            reveal_pending: 0, present: 0, tucked: [NONE; 14], draft_deck: [NONE; 16], draft_deck_pos: 0,
            draft_deck_len: 0, progress_box: [NONE; 12], box_len: 0, structure: [NONE; 25],
            decks: [[NONE; 25]; 2], pawn: 0, age: 1, phase: phase::DRAFT, first_player: 0,
            draft_pick: 0, extra_turn: false, last_player: 0, remaining: 0, military_tokens: 0,
            deferred: [0; 4], n_deferred: 0, cubes: [0; 12], control: [NONE; 6],
            dec_id: [NONE; 6], dec_ch: [NONE; 6], cdeck: [NONE; 16], cdeck_len: 0,
            cons: [NONE; 16], cons_card: [NONE; 16], cons_owned: [0; 2], pending: [[0; 5]; MAX_PENDING],
            n_pending: 0, overflow: false, city: [City::default(); 2], winner: NONE,
            victory: victory::NONE, tiebreak: false,
        }
    }

    // ------------------------------------------------------------------ queries

    #[inline]
    pub fn won(&self) -> bool {
        self.victory != victory::NONE
    }

    /// Deal the cards no one has seen afresh: the face-down cards of the structure, the
    /// cards removed at setup and the decks of the Ages to come are permuted among their
    /// slots, each card keeping a slot of its back (its Age, a Guild, a Senator). What
    /// either seat sees stays as it is, so the result is another state the searching seat
    /// cannot tell from this one: a new determinization drawn in the core. (In Agora a
    /// seat that looked at the removed cards, by Treason, knows them: its caller does not
    /// redeal then, `game/ai/native_search.py`.)
    pub fn shuffle_unseen(&mut self, t: &Tables, r: &mut u64) {
        if self.phase == phase::OVER {
            return;
        }
        let back = |c: u8| -> usize {
            let card = &t.cards[c as usize];
            if card.senator != 0 { 4 } else if card.is_guild { 0 } else { card.age as usize }
        };
        // per back: the unseen cards, shuffled, then dealt back in the order they were read
        let mut cards = [[0u8; 64]; 5];
        let mut len = [0usize; 5];
        self.map_unseen(t, |c| {
            let b = back(c);
            cards[b][len[b]] = c;
            len[b] += 1;
            c
        });
        for b in 0..5 {
            rng::shuffle(r, &mut cards[b][..len[b]]);
        }
        let mut next = [0usize; 5];
        self.map_unseen(t, |c| {
            let b = back(c);
            next[b] += 1;
            cards[b][next[b] - 1]
        });
    }

    /// Replace every card no seat has seen (face-down in the structure, removed at setup,
    /// in the decks of the Ages to come) by `f` of it, always in the same order.
    fn map_unseen(&mut self, t: &Tables, mut f: impl FnMut(u8) -> u8) {
        let n = t.layouts[self.age as usize - 1].n as usize;
        let hidden = self.present & !self.face_up;
        for i in 0..n {
            if hidden & (1 << i) != 0 {
                self.structure[i] = f(self.structure[i]);
            }
        }
        let mut removed = self.removed;
        let mut now = 0u128;
        while removed != 0 {
            now |= 1u128 << f(removed.trailing_zeros() as u8);
            removed &= removed - 1;
        }
        self.removed = now;
        for age in (self.age + 1)..=3 {
            let m = t.layouts[age as usize - 1].n as usize;
            for c in &mut self.decks[age as usize - 2][..m] {
                *c = f(*c);
            }
        }
    }

    pub fn is_terminal(&self) -> bool {
        self.phase == phase::OVER
    }

    pub fn top(&self) -> Option<[u8; 5]> {
        if self.phase == phase::OVER || self.n_pending == 0 {
            None
        } else {
            Some(self.pending[self.n_pending as usize - 1])
        }
    }

    pub fn current_player(&self) -> Option<u8> {
        self.top().map(|s| s[1])
    }

    #[inline]
    fn push(&mut self, s: [u8; 5]) {
        if (self.n_pending as usize) < MAX_PENDING {
            self.pending[self.n_pending as usize] = s;
            self.n_pending += 1;
        } else {
            self.overflow = true;
        }
    }

    fn win(&mut self, winner: u8, kind: u8) {
        if self.victory == victory::NONE {
            self.winner = winner;
            self.victory = kind;
            self.n_pending = 0;
        }
    }

    #[inline]
    pub(crate) fn city_cards(&self, t: &Tables, p: usize) -> u128 {
        self.owned[p] & !t.senator_mask
    }

    fn n_senators(&self, t: &Tables, p: usize) -> u32 {
        (self.owned[p] & t.senator_mask).count_ones()
    }

    pub(crate) fn unbuilt(&self, p: usize) -> u16 {
        self.wonders[p] & !self.built[p]
    }

    pub(crate) fn standing_wonders(&self) -> u32 {
        pop16(self.built[0] | self.built[1])
    }

    pub fn box_tokens(&self) -> &[u8] {
        &self.progress_box[..self.box_len as usize]
    }

    fn box_remove(&mut self, tid: u8) {
        let n = self.box_len as usize;
        if let Some(i) = self.progress_box[..n].iter().position(|&x| x == tid) {
            self.progress_box.copy_within(i + 1..n, i);
            self.progress_box[n - 1] = NONE;
            self.box_len -= 1;
        }
    }

    pub(crate) fn token_flag(&self, t: &Tables, p: usize, f: impl Fn(&crate::tables::Progress) -> bool) -> bool {
        bits16(self.progress_owned[p]).any(|i| f(&t.progress[i as usize]))
    }

    pub(crate) fn extra_shields(&self, t: &Tables, p: usize, color: u8) -> u8 {
        let mut v = 0;
        for i in bits16(self.progress_owned[p]) {
            let tok = &t.progress[i as usize];
            if tok.has_extra_shields & (1 << color) != 0 {
                v = tok.extra_shields[color as usize];
            }
        }
        v
    }

    fn chain_coins(&self, t: &Tables, p: usize) -> (u8, u8) {
        let mut v = (0, NONE);
        for i in bits16(self.progress_owned[p]) {
            if t.progress[i as usize].chain_coins != 0 {
                v = (t.progress[i as usize].chain_coins, i);
            }
        }
        v
    }

    pub fn refresh(&mut self, t: &Tables, p: usize) {
        self.city[p] = City::default();
        for cid in bits128(self.city_cards(t, p)) {
            self.plus_card(t, p, cid);
        }
        let mut c = self.city[p];
        for w in bits16(self.built[p]) {
            let ch = t.wonders[w as usize].choice;
            if ch != 0 && (c.nchoice as usize) < 4 {
                c.choices[c.nchoice as usize] = ch;
                c.nchoice += 1;
            }
        }
        for i in bits16(self.progress_owned[p]) {
            let s = t.progress[i as usize].science;
            if s != NONE {
                c.symbols[s as usize] += 1;
            }
        }
        self.city[p] = c;
    }

    /// The city facts with one more Building (game/city.py `plus_card`).
    fn plus_card(&mut self, t: &Tables, p: usize, cid: u8) {
        let card = &t.cards[cid as usize];
        let c = &mut self.city[p];
        c.colors[card.color as usize] += 1;
        // no branches on the card's kind (random on the playouts' path): a card that
        // produces nothing adds zeros, a card with no chain symbol adds no bit
        for r in 0..N_RES {
            c.prod[r] += card.prod[r];
        }
        if card.choice != 0 && (c.nchoice as usize) < 4 {
            c.choices[c.nchoice as usize] = card.choice;
            c.nchoice += 1;
        }
        c.fixed |= card.fixed;
        c.chains |= ((card.chain_out != NONE) as u32) << (card.chain_out & 31);
        if card.science != NONE {
            c.symbols[card.science as usize] += 1;
        }
    }

    pub(crate) fn distinct_symbols(&self, p: usize) -> usize {
        self.city[p].symbols.iter().filter(|&&n| n > 0).count()
    }

    // --- Agora: Decrees (game/state.py: controlled_decrees, decree_args, ...)

    pub(crate) fn controlled(&self, p: usize) -> impl Iterator<Item = u8> + '_ {
        (0..6).filter_map(move |i| {
            let ch = self.dec_ch[i];
            if ch != NONE && self.control[ch as usize] == p as u8 { Some(self.dec_id[i]) } else { None }
        })
    }

    pub(crate) fn decree_sum(&self, t: &Tables, p: usize, f: impl Fn(&crate::tables::Decree) -> u8) -> u8 {
        if !t.agora {
            return 0;
        }
        self.controlled(p).map(|d| f(&t.decrees[d as usize])).sum()
    }

    fn decree_any(&self, t: &Tables, p: usize, f: impl Fn(&crate::tables::Decree) -> bool) -> bool {
        t.agora && self.controlled(p).any(|d| f(&t.decrees[d as usize]))
    }

    /// What prices depend on, gathered once for a whole list of actions.
    pub fn price_ctx(&self, t: &Tables, p: usize) -> PriceCtx {
        let opp = &self.city[1 - p].prod;
        let fixed = self.city[p].fixed;
        // 1 where a fixed price holds, else 2 plus what the opponent produces (no branch)
        let mut prices = [0u8; N_RES];
        let mut dearest = 0u8;
        for r in 0..N_RES {
            let fixed_here = (fixed >> r) & 1;
            prices[r] = (2 + opp[r]) - fixed_here * (1 + opp[r]);
            dearest = dearest.max(prices[r]);
        }
        let mut disc = [0u8; 8];
        for i in bits16(self.progress_owned[p]) {
            let d = &t.progress[i as usize].discount;
            for k in 0..8 {
                disc[k] += d[k];
            }
        }
        let mut ignore = 0u8;
        let mut opp_chains = false;
        let mut wonder_disc = 0u8;
        // a seat that controls no Chamber has no Decree to read (most turns)
        if t.agora && self.control.contains(&(p as u8)) {
            for i in 0..6 {
                let ch = self.dec_ch[i];
                if ch == NONE || self.control[ch as usize] != p as u8 {
                    continue;
                }
                let dec = &t.decrees[self.dec_id[i] as usize];
                if dec.ignore_color != NONE {
                    ignore |= 1 << dec.ignore_color;
                }
                opp_chains |= dec.opp_chains;
                wonder_disc += dec.wonder_discount;
                if dec.trade_disc_mask != 0 {
                    for (r, price) in prices.iter_mut().enumerate() {
                        if dec.trade_disc_mask & (1 << r) != 0 {
                            *price = price.saturating_sub(dec.trade_disc_coins).max(1);
                        }
                    }
                    dearest = *prices.iter().max().unwrap_or(&0);
                }
            }
        }
        PriceCtx { dearest, prices, disc, ignore, opp_chains, wonder_disc }
    }

    /// (total, trade, chained) for building card cid (game/state.py `_building_price`).
    pub fn building_price(&self, t: &Tables, p: usize, cid: usize) -> (u32, u32, bool) {
        self.building_price_with(t, p, cid, &self.price_ctx(t, p))
    }

    #[inline]
    fn chained(&self, p: usize, sym: u8, ctx: &PriceCtx) -> bool {
        // non-short-circuit operators: one branch for the caller, none inside
        let bit = 1u32 << (sym & 31);
        let theirs = if ctx.opp_chains { self.city[1 - p].chains } else { 0 };
        (sym != NONE) & ((self.city[p].chains | theirs) & bit != 0)
    }

    pub fn building_price_with(&self, t: &Tables, p: usize, cid: usize, ctx: &PriceCtx) -> (u32, u32, bool) {
        let c = &t.cards[cid];
        if self.chained(p, c.chain_in, ctx) {
            return (0, 0, true);
        }
        let info = &self.city[p];
        let waive = ctx.disc[c.color as usize];
        let prices = ctx.prices;
        let choices = &info.choices[..info.nchoice as usize];
        let trade = trade_cost(&c.res, &info.prod, choices, &prices, waive);
        let coin = c.coin_cost as u32;
        let total = coin + trade;
        if ctx.ignore & (1 << c.color) != 0 {
            let unit = trade_cost(&c.res, &info.prod, choices, &prices, waive + 1);
            if coin != 0 && trade <= coin + unit {
                return (trade, trade, false);
            }
            if coin + unit < total {
                return (coin + unit, unit, false);
            }
        }
        (total, trade, false)
    }

    /// Can p pay `coin` coins plus resources `need` (waiving `waive` units)? Bounds first:
    /// the plain price (no choice producer, nothing waived) and a floor (every choice
    /// producer and waived unit used, the rest at the cheapest missing price) decide most
    /// cases without the producers' search.
    fn can_pay(&self, p: usize, coin: u32, need: &[u8; N_RES], waive: u8, ctx: &PriceCtx, coins: u32) -> Option<bool> {
        if coin > coins {
            return Some(false);
        }
        let info = &self.city[p];
        let mut units = 0u32;
        let mut plain = 0u32;
        let mut cheapest = u32::MAX;
        for (r, &n) in need.iter().enumerate() {
            // without branches (the resources needed are random on the playouts' path)
            let m = n.saturating_sub(info.prod[r]) as u32;
            units += m;
            plain += m * ctx.prices[r] as u32;
            let price = if m != 0 { ctx.prices[r] as u32 } else { u32::MAX };
            cheapest = cheapest.min(price);
        }
        if coin + plain <= coins {
            return Some(true);
        }
        let floor = units.saturating_sub(info.nchoice as u32 + waive as u32) * cheapest.min(255);
        if coin + floor > coins {
            return Some(false);
        }
        None
    }

    pub fn wonder_price(&self, t: &Tables, p: usize, w: usize) -> u32 {
        self.wonder_price_with(t, p, w, &self.price_ctx(t, p))
    }

    pub fn wonder_price_with(&self, t: &Tables, p: usize, w: usize, ctx: &PriceCtx) -> u32 {
        let waive = ctx.disc[WONDER as usize] + ctx.wonder_disc;
        let info = &self.city[p];
        trade_cost(&t.wonders[w].res, &info.prod, &info.choices[..info.nchoice as usize], &ctx.prices, waive)
    }

    pub(crate) fn recruit_cost(&self, t: &Tables, p: usize) -> u32 {
        if self.token_flag(t, p, |x| x.free_recruit) { 0 } else { self.n_senators(t, p) }
    }

    pub(crate) fn discard_value(&self, t: &Tables, p: usize) -> u32 {
        2 + self.city[p].colors[YELLOW as usize] as u32 + self.decree_sum(t, p, |d| d.discard_bonus) as u32
    }

    // ------------------------------------------------------------------ coins

    fn gain(&mut self, p: usize, n: u32) {
        self.coins[p] = (self.coins[p] as u32 + n).min(u16::MAX as u32) as u16;
    }

    fn lose(&mut self, p: usize, n: u32) {
        self.coins[p] -= (n.min(self.coins[p] as u32)) as u16;
    }

    pub(crate) fn count_in_city(&self, q: usize, counter: u16) -> u32 {
        if counter & COUNT_WONDERS != 0 {
            return pop16(self.built[q]);
        }
        if counter & COUNT_COINS != 0 {
            return self.coins[q] as u32;
        }
        (0..N_COLORS).filter(|&c| counter & (1 << c) != 0).map(|c| self.city[q].colors[c] as u32).sum()
    }

    // ------------------------------------------------------------------ structure

    fn take_from_structure(&mut self, t: &Tables, slot: usize) -> u8 {
        let cid = self.structure[slot];
        self.structure[slot] = NONE;
        self.remaining = self.remaining.saturating_sub(1);
        self.accessible &= !(1 << slot);
        self.present &= !(1 << slot);
        // A card above is uncovered when nothing below it holds a card any more. At most
        // two cards lie above: both tested without a branch (which card a playout takes is
        // random, so branches here were mispredicted about once a turn).
        let layout = &t.layouts[self.age as usize - 1];
        let above = layout.covers_mask[slot] & self.present;
        let first = above & above.wrapping_neg();
        let rest = above ^ first;
        let second = rest & rest.wrapping_neg();
        let uncovered = |bit: u32| -> u32 {
            let below = layout.covered_by_mask[(bit.trailing_zeros() & 31) as usize % 25];
            bit & ((below & self.present == 0) as u32).wrapping_neg()
        };
        self.reveal_pending |= uncovered(first) | uncovered(second);
        cid
    }

    fn reveal(&mut self) {
        // Only slots that still hold a card: Curia Julia can trigger Property Fraud on a
        // top-row card uncovered earlier in the same turn (docs/native.md, "differences").
        let held = self.reveal_pending & self.present;
        self.face_up |= held;
        self.accessible |= held;
        self.reveal_pending = 0;
    }

    fn deal_age(&mut self, t: &Tables, age: u8) {
        self.age = age;
        let l = &t.layouts[age as usize - 1];
        let n = l.n as usize;
        if age >= 2 {
            self.structure = [NONE; 25];
            self.structure[..n].copy_from_slice(&self.decks[age as usize - 2][..n]);
        }
        self.face_up = l.face_up;
        self.accessible = l.open;
        self.reveal_pending = 0;
        self.remaining = l.n;
        self.present = self.occupancy(n);
    }

    /// The bitset of the first `n` slots that hold a card (`present` from `structure`).
    pub fn occupancy(&self, n: usize) -> u32 {
        (0..n.min(25)).filter(|&i| self.structure[i] != NONE).fold(0, |m, i| m | 1 << i)
    }

    fn slot_of(&self, t: &Tables, cid: u8) -> Option<usize> {
        let n = t.layouts[self.age as usize - 1].n as usize;
        self.structure[..n].iter().position(|&c| c == cid).filter(|&s| self.accessible & (1 << s) != 0)
    }

    // ------------------------------------------------------------------ military

    /// game/state.py `push_pawn`: returns the tokens collected, in the order collected.
    fn push_pawn(&mut self, t: &Tables, pusher: usize, n: u32) -> Tokens {
        let step: i8 = if pusher == 0 { 1 } else { -1 };
        let capital = t.capital;
        let mut collected = Tokens::default();
        for _ in 0..n {
            self.pawn += step;
            if self.pawn * step >= capital {
                self.pawn = step * capital;
                collected = Tokens::default();
                break;
            }
            for tid in 0..t.military.len() {
                if self.military_tokens & (1 << tid) != 0 {
                    let tok = &t.military[tid];
                    if tok.lo <= self.pawn && self.pawn <= tok.hi {
                        self.military_tokens &= !(1 << tid);
                        if (collected.n as usize) < collected.ids.len() {
                            collected.ids[collected.n as usize] = tid as u8;
                            collected.n += 1;
                        }
                        break;
                    }
                }
            }
        }
        if self.pawn * step >= capital {
            self.win(pusher as u8, victory::MILITARY);
        }
        collected
    }

    /// Push the fx steps of military tokens so they run in order (token by token).
    fn push_token_steps(&mut self, t: &Tables, pusher: usize, tokens: &[u8]) {
        for &tid in tokens.iter().rev() {
            for &e in t.military[tid as usize].on_gain.iter().rev() {
                self.push([step::FX, pusher as u8, e, src::MILITARY, tid]);
            }
        }
    }

    // ------------------------------------------------------------------ science

    fn check_science(&mut self, p: usize) -> bool {
        if self.distinct_symbols(p) >= 6 {
            self.win(p as u8, victory::SCIENCE);
            return true;
        }
        false
    }

    // ------------------------------------------------------------------ construction

    /// Queue effects to run in order: push in reverse.
    fn push_fx_list(&mut self, p: usize, list: &[u8], sk: u8, sid: u8) {
        for &e in list.iter().rev() {
            self.push([step::FX, p as u8, e, sk, sid]);
        }
    }

    /// game/state.py `construct`. via: 0 normal, 1 chain, 2 free.
    fn construct(&mut self, t: &Tables, p: usize, cid: u8, via: u8) {
        let c = &t.cards[cid as usize];
        if c.senator != 0 {
            self.recruit(t, p, cid);
            return;
        }
        self.owned[p] |= 1u128 << cid;
        self.plus_card(t, p, cid);
        if t.agora {
            self.construction_coins(t, c.color);
        }
        let mut pair = false;
        if c.science != NONE {
            if self.check_science(p) {
                return;
            }
            pair = self.city[p].symbols[c.science as usize] == 2 && self.progress_board != 0;
        }
        // steps in order: on_gain fx, chain bonus, progress, construction_done
        let mut steps = Steps::default();
        for &e in &c.on_gain {
            steps.add([step::FX, p as u8, e, src::CARD, cid]);
        }
        if via == 1 {
            let (bonus, tok) = self.chain_coins(t, p);
            if bonus != 0 {
                let e = t.coins_fx.iter().find(|x| x.0 == bonus).map(|x| x.1).unwrap_or(NONE);
                if e != NONE {
                    steps.add([step::FX, p as u8, e, src::PROGRESS, tok]);
                }
            }
        }
        if pair {
            steps.add([step::PROGRESS, p as u8, 0, 0, 0]);
        }
        steps.add([step::CONSTRUCTION_DONE, p as u8, 0, 0, 0]);
        self.run_steps(t, steps.list());
    }

    /// game/state.py `run_steps`: run the leading steps that cannot ask for a decision
    /// (INSTANT_EFFECTS, construction_done) at once; queue the rest, in order.
    fn run_steps(&mut self, t: &Tables, steps: &[[u8; 5]]) {
        for (i, s) in steps.iter().enumerate() {
            if s[0] == step::FX && INSTANT[t.effects[s[2] as usize].kind as usize] {
                self.run_effect(t, s[1] as usize, s[2], s[3], s[4]);
                if self.won() {
                    return;
                }
            } else if s[0] == step::CONSTRUCTION_DONE {
                self.construction_done(t);
            } else {
                for r in steps[i..].iter().rev() {
                    self.push(*r);
                }
                return;
            }
        }
    }

    fn construct_wonder(&mut self, t: &Tables, p: usize, w: u8, tucked: u8) {
        self.built[p] |= 1 << w;
        self.tucked[w as usize] = tucked;
        if self.standing_wonders() >= 7 {
            for q in 0..2 {
                let un = self.unbuilt(q);
                self.wonders[q] &= !un;
                self.wonders_out |= un;
            }
        }
        // A Wonder adds at most a choice producer to the city: no full recount unless the
        // four choice places are taken (refresh keeps the Buildings' first, as game/ does)
        let ch = t.wonders[w as usize].choice;
        if ch != 0 {
            let c = &mut self.city[p];
            if (c.nchoice as usize) < c.choices.len() {
                c.choices[c.nchoice as usize] = ch;
                c.nchoice += 1;
            } else {
                self.refresh(t, p);
            }
        }
        if t.agora {
            self.construction_coins(t, WONDER);
        }
        let mut steps = Steps::default();
        for &e in &t.wonders[w as usize].on_gain {
            steps.add([step::FX, p as u8, e, src::WONDER, w]);
        }
        if self.token_flag(t, p, |x| x.wonders_play_again) {
            let theology = bits16(self.progress_owned[p])
                .find(|&i| t.progress[i as usize].wonders_play_again).unwrap_or(NONE);
            steps.add([step::FX, p as u8, t.play_again_fx, src::PROGRESS, theology]);
        }
        steps.add([step::CONSTRUCTION_DONE, p as u8, 0, 0, 0]);
        self.run_steps(t, steps.list());
    }

    fn construction_coins(&mut self, t: &Tables, color: u8) {
        // no Chamber controlled: no Decree pays (checked first: most constructions)
        if self.control == [NONE; 6] {
            return;
        }
        // decree_controller: the first controlled Chamber (in order) holding such a Decree
        let mut best = NONE;
        for i in 0..6 {
            let ch = self.dec_ch[i];
            if ch != NONE && ch < best && self.control[ch as usize] != NONE
                && t.decrees[self.dec_id[i] as usize].construction_coins == color {
                best = ch;
            }
        }
        if best != NONE {
            let owner = self.control[best as usize] as usize;
            let age = self.age as u32;
            self.gain(owner, age);
        }
    }

    fn gain_progress(&mut self, t: &Tables, p: usize, tid: u8) {
        self.progress_owned[p] |= 1 << tid;
        self.refresh(t, p);
        let tok = &t.progress[tid as usize];
        if tok.science != NONE && self.check_science(p) {
            return;
        }
        self.push_fx_list(p, &tok.on_gain, src::PROGRESS, tid);
    }

    fn start_turn(&mut self, p: u8) {
        self.push([step::TURN, p, 1, 0, 0]);
    }

    // ------------------------------------------------------------------ Senate

    pub(crate) fn supply(&self, p: usize) -> u8 {
        CUBES - (0..6).map(|ch| self.cubes[ch * 2 + p]).sum::<u8>()
    }

    pub(crate) fn on_board(&self, p: usize) -> u32 {
        (0..6).map(|ch| self.cubes[ch * 2 + p] as u32).sum()
    }

    fn controller(&self, ch: usize) -> u8 {
        let (a, b) = (self.cubes[ch * 2], self.cubes[ch * 2 + 1]);
        if a > b { 0 } else if b > a { 1 } else { NONE }
    }

    fn chamber_shields(&self, t: &Tables, ch: u8) -> u32 {
        (0..6).filter(|&i| self.dec_ch[i] == ch).map(|i| t.decrees[self.dec_id[i] as usize].shields as u32).sum()
    }

    fn decree_pawn(&mut self, t: &Tables, pusher: usize, n: u32) {
        if n != 0 {
            let tokens = self.push_pawn(t, pusher, n);
            if tokens.n != 0 {
                self.push_token_steps(t, pusher, tokens.list());
            }
        }
    }

    fn reevaluate(&mut self, t: &Tables, ch: usize, check: bool) {
        let new = self.controller(ch);
        let old = self.control[ch];
        if new == old {
            return;
        }
        let n = self.chamber_shields(t, ch as u8);
        if old != NONE {
            self.control[ch] = NONE;
            self.decree_pawn(t, 1 - old as usize, n);
        }
        if new != NONE && !self.won() {
            self.control[ch] = new;
            for i in 0..6 {
                if self.dec_ch[i] == ch as u8 {
                    self.decree_up |= 1 << self.dec_id[i];
                }
            }
            self.decree_pawn(t, new as usize, n);
        }
        if check {
            self.check_political();
        }
    }

    fn check_political(&mut self) {
        if self.won() {
            return;
        }
        let first = self.control[0];
        if first != NONE && self.control.iter().all(|&c| c == first) {
            self.win(first, victory::POLITICAL);
        }
    }

    fn place(&mut self, t: &Tables, p: usize, ch: usize) {
        self.cubes[ch * 2 + p] += 1;
        self.reevaluate(t, ch, true);
    }

    fn remove_cube(&mut self, t: &Tables, q: usize, ch: usize) {
        self.cubes[ch * 2 + q] = self.cubes[ch * 2 + q].saturating_sub(1);
        self.reevaluate(t, ch, true);
    }

    fn move_cube(&mut self, t: &Tables, p: usize, a: usize, b: usize) {
        self.cubes[a * 2 + p] = self.cubes[a * 2 + p].saturating_sub(1);
        self.reevaluate(t, a, false);
        if self.won() {
            return;
        }
        self.cubes[b * 2 + p] += 1;
        self.reevaluate(t, b, false);
        self.check_political();
    }

    fn move_decree(&mut self, t: &Tables, a: u8, b: u8) {
        let Some(i) = (0..6).find(|&i| self.dec_ch[i] == a) else { return };
        let d = self.dec_id[i];
        // to the end of the list (the end of Chamber b's list)
        for j in i..5 {
            self.dec_id[j] = self.dec_id[j + 1];
            self.dec_ch[j] = self.dec_ch[j + 1];
        }
        self.dec_id[5] = d;
        self.dec_ch[5] = b;
        let (x, y) = (self.control[a as usize], self.control[b as usize]);
        if x == y {
            return;
        }
        let n = t.decrees[d as usize].shields as u32;
        if x != NONE {
            self.decree_pawn(t, 1 - x as usize, n);
        }
        if y != NONE && !self.won() {
            self.decree_up |= 1 << d;
            self.decree_pawn(t, y as usize, n);
        }
    }

    fn recruit(&mut self, t: &Tables, p: usize, cid: u8) {
        self.owned[p] |= 1u128 << cid;
        let c = &t.cards[cid as usize];
        if c.senator == 2 {
            if self.decree_any(t, p, |d| d.consp_extra) {
                self.extra_turn = true;
            }
            self.push([step::CONSPIRATOR, p as u8, 0, 0, 0]);
        } else {
            let blue = self.city[p].colors[BLUE as usize] as u32 + self.decree_sum(t, p, |d| d.blue_bonus) as u32;
            let n = if blue <= 1 { 1 } else if blue <= 3 { 2 } else { 3 };
            self.push([step::SENATE, p as u8, c.section, n, 0]);
        }
    }

    fn conspire(&mut self, t: &Tables, p: usize) {
        let n = (self.cdeck_len as usize).min(2);
        let mut drawn = [NONE; 2];
        drawn[..n].copy_from_slice(&self.cdeck[..n]);
        let len = self.cdeck_len as usize;
        self.cdeck.copy_within(n..len, 0);
        for i in len - n..len {
            self.cdeck[i] = NONE;
        }
        self.cdeck_len -= n as u8;
        if n < 2 || self.token_flag(t, p, |x| x.keep_both) {
            for &c in &drawn[..n] {
                self.cons[c as usize] = p as u8;
                self.cons_owned[p] |= 1 << c;
            }
            return;
        }
        self.push([step::KEEP, p as u8, drawn[0], drawn[1], 0]);
    }

    fn run_conspiracy(&mut self, t: &Tables, p: usize, k: u8) {
        self.push_fx_list(p, &t.conspiracies[k as usize], src::CONSPIRACY, k);
    }

    fn cons_of(&self, p: usize, status: u8) -> u16 {
        let want = p as u8 | status << 1;
        let mut m = 0u16;
        for k in bits16(self.cons_owned[p]) {
            if self.cons[k as usize] == want {
                m |= 1 << k;
            }
        }
        m
    }

    /// (prepared, unprepared) Conspiracies of p, in one pass.
    fn cons_pair(&self, p: usize) -> (u16, u16) {
        let (mut x, mut y) = (0u16, 0u16);
        for k in bits16(self.cons_owned[p]) {
            match self.cons[k as usize] >> 1 {
                PREPARED => x |= 1 << k,
                UNPREPARED => y |= 1 << k,
                _ => {}
            }
        }
        (x, y)
    }

    /// Recompute `cons_owned` from `cons` (after loading a state).
    pub fn recount_conspiracies(&mut self) {
        self.cons_owned = [0; 2];
        for (k, &v) in self.cons.iter().enumerate() {
            if v != NONE {
                self.cons_owned[(v & 1) as usize] |= 1 << k;
            }
        }
    }

    fn top_row_buildings(&self, t: &Tables) -> u32 {
        let l = &t.layouts[self.age as usize - 1];
        let mut m = 0;
        for s in bits32(l.top_row) {
            let c = self.structure[s as usize];
            if c != NONE && t.cards[c as usize].senator == 0 {
                m |= 1 << s;
            }
        }
        m
    }

    fn removed_so_far(&self, t: &Tables) -> u128 {
        let mut m = 0;
        for c in bits128(self.removed) {
            if t.cards[c as usize].age <= self.age {
                m |= 1u128 << c;
            }
        }
        m
    }

    fn cards_of(&self, t: &Tables, q: usize, colors: u8) -> u128 {
        let mut m = 0;
        for c in bits128(self.city_cards(t, q)) {
            if colors & (1 << t.cards[c as usize].color) != 0 {
                m |= 1u128 << c;
            }
        }
        m
    }

    // ------------------------------------------------------------------ effects

    fn run_effect(&mut self, t: &Tables, p: usize, e: u8, sk: u8, sid: u8) {
        let eff = t.effects[e as usize];
        let o = 1 - p;
        match eff.kind {
            fx::COINS => self.gain(p, eff.a as u32),
            fx::SHIELDS => {
                let mut n = eff.a as u32;
                if sk == src::CARD {
                    n += self.extra_shields(t, p, t.cards[sid as usize].color) as u32;
                }
                let tokens = self.push_pawn(t, p, n);
                if tokens.n == 0 {
                    return;
                }
                if t.agora && (sk == src::CARD || sk == src::WONDER) {
                    for &tid in tokens.list() {
                        if (self.n_deferred as usize) < 4 {
                            self.deferred[self.n_deferred as usize] = (p as u8) << 4 | tid;
                            self.n_deferred += 1;
                        } else {
                            self.overflow = true;
                        }
                    }
                } else if !t.agora {
                    // Base: the coin loss is immediate (game/effects.py `_shields`: run_steps)
                    let mut steps = Steps::default();
                    for &tid in tokens.list() {
                        for &e in &t.military[tid as usize].on_gain {
                            steps.add([step::FX, p as u8, e, src::MILITARY, tid]);
                        }
                    }
                    self.run_steps(t, steps.list());
                } else {
                    self.push_token_steps(t, p, tokens.list());
                }
            }
            fx::COINS_PER => {
                let n = eff.b as u32 * self.count_in_city(p, eff.a);
                self.gain(p, n);
            }
            fx::GUILD => {
                let best = self.count_in_city(0, eff.a).max(self.count_in_city(1, eff.a));
                let per = (eff.c as u32).max(1);
                self.gain(p, eff.b as u32 * (best / per));
            }
            fx::PLAY_AGAIN => self.extra_turn = true,
            fx::OPPONENT_LOSES_COINS => self.lose(o, eff.a as u32),
            fx::DESTROY_OPPONENT_CARD | fx::DISCARD_OPPONENT_CARD => {
                if self.cards_of(t, o, 1 << eff.a) != 0 {
                    self.push([step::DESTROY, p as u8, eff.a as u8, 0, 0]);
                }
            }
            fx::BUILD_FROM_DISCARD => {
                if self.discard != 0 {
                    self.push([step::MAUSOLEUM, p as u8, 0, 0, 0]);
                }
            }
            fx::DRAW_PROGRESS => {
                if self.box_len > 0 {
                    let n = self.box_len as usize;
                    let mut pool = self.progress_box;
                    rng::shuffle(&mut self.rng, &mut pool[..n]);
                    let k = (eff.a as usize).min(n).min(3);
                    let mut d = [NONE; 3];
                    d[..k].copy_from_slice(&pool[..k]);
                    self.push([step::LIBRARY, p as u8, d[0], d[1], d[2]]);
                }
            }
            fx::CONSPIRE => self.conspire(t, p),
            fx::PLACE_CUBE => {
                if self.supply(p) > 0 {
                    self.push([step::PLACE, p as u8, 0, 0, 0]);
                }
            }
            fx::MAY_MOVE_CUBE => {
                if self.on_board(p) > 0 {
                    self.push([step::MAY_MOVE, p as u8, 0, 0, 0]);
                }
            }
            fx::REMOVE_OPPONENT_CUBE => {
                if self.on_board(o) > 0 {
                    self.push([step::REMOVE, p as u8, 0, 0, 0]);
                }
            }
            fx::TRIGGER_UNPREPARED => {
                if self.cons_of(p, UNPREPARED) != 0 {
                    self.push([step::TRIGGER_UNPREPARED, p as u8, 0, 0, 0]);
                }
            }
            fx::TAKE_OPPONENT_WONDER => {
                if self.unbuilt(o) != 0 {
                    self.push([step::EXTORT, p as u8, 0, 0, 0]);
                }
            }
            fx::TAKE_OPPONENT_COINS => {
                let amount = (self.coins[o] as u32).div_ceil(2);
                self.lose(o, amount);
                self.gain(p, amount);
            }
            fx::LOCK_PROGRESS => {
                if self.progress_board != 0 || self.progress_owned[o] != 0 || self.box_len > 0 {
                    self.push([step::LOCK, p as u8, 0, 0, 0]);
                }
            }
            fx::BUILD_FROM_TOP_ROW => {
                if self.top_row_buildings(t) != 0 {
                    self.push([step::TOP_ROW, p as u8, 0, 0, 0]);
                }
            }
            fx::BUILD_FROM_REMOVED => {
                if self.removed_so_far(t) != 0 {
                    self.push([step::TREASON, p as u8, 0, 0, 0]);
                }
            }
            fx::TAKE_BOXED_PROGRESS => {
                if self.box_len > 0 {
                    self.push([step::ESPIONAGE, p as u8, 0, 0, 0]);
                }
            }
            fx::DISCARD_ACCESSIBLE => {
                if self.accessible != 0 {
                    self.push([step::SCRAP, p as u8, eff.a as u8, eff.b, 0]);
                }
            }
            fx::COINS_PER_OWN_CUBE => {
                let n = eff.a as u32 * self.on_board(p);
                self.gain(p, n);
            }
            fx::OPPONENT_LOSES_PER_CUBE => {
                let n = eff.a as u32 * self.on_board(o);
                self.lose(o, n);
            }
            fx::TAKE_OPPONENT_CARD => {
                if self.cards_of(t, o, eff.a as u8) != 0 {
                    self.push([step::FORECLOSE, p as u8, eff.a as u8, 0, 0]);
                }
            }
            fx::SWAP_CARD => {
                let colors = eff.a as u8;
                let any = (0..N_COLORS as u8).filter(|&c| colors & (1 << c) != 0)
                    .any(|c| self.cards_of(t, 0, 1 << c) != 0 && self.cards_of(t, 1, 1 << c) != 0);
                if any {
                    self.push([step::COERCE, p as u8, colors, 0, 0]);
                }
            }
            fx::MOVE_DECREE => self.push([step::MOVE_DECREE, p as u8, 0, 0, 0]),
            fx::RETURN_OPPONENT_WONDER => {
                if self.built[o] != 0 {
                    self.push([step::SABOTAGE, p as u8, 0, 0, 0]);
                }
            }
            _ => {}
        }
    }

    // ------------------------------------------------------------------ legal actions

    /// The legal actions of the decision `s` (game/steps.py `_legal_*` and friends).
    pub fn legal_for(&self, t: &Tables, s: [u8; 5], out: &mut Vec<Act>) {
        out.clear();
        let p = s[1] as usize;
        let o = 1 - p;
        match s[0] {
            step::TURN => self.legal_turn(t, p, s[2] != 0, out),
            step::DRAFT => out.extend(bits16(self.draft_pool).map(|w| Act::new(act::DRAFT, w, 0))),
            step::START => {
                out.push(Act::new(act::START, 0, 0));
                out.push(Act::new(act::START, 1, 0));
            }
            step::PROGRESS => {
                if self.progress_board != 0 {
                    out.extend(bits16(self.progress_board).map(|x| Act::new(act::PROGRESS, x, 0)));
                    out.push(Act::new(act::DECLINE, 0, 0));
                }
            }
            step::LIBRARY => {
                for &x in &s[2..5] {
                    if x != NONE {
                        out.push(Act::new(act::LIBRARY, x, 0));
                    }
                }
            }
            step::DESTROY => {
                out.extend(bits128(self.cards_of(t, o, 1 << s[2])).map(|c| Act::new(act::DESTROY, c, 0)))
            }
            step::MAUSOLEUM => out.extend(bits128(self.discard).map(|c| Act::new(act::MAUSOLEUM, c, 0))),
            step::SENATE => {
                if self.supply(p) > 0 {
                    for ch in 0..6u8 {
                        if t.chambers[ch as usize].section == s[2] {
                            out.push(Act::new(act::PLACE, ch, 0));
                        }
                    }
                }
                self.move_actions(p, out);
                if !out.is_empty() {
                    out.push(Act::new(act::STOP, 0, 0));
                }
            }
            step::CONSPIRATOR => {
                if self.supply(p) > 0 {
                    out.extend((0..6).map(|ch| Act::new(act::PLACE, ch, 0)));
                }
                out.push(Act::new(act::CONSPIRE, 0, 0));
            }
            step::KEEP => {
                for &k in &s[2..4] {
                    if k != NONE {
                        out.push(Act::new(act::KEEP, k, 0));
                    }
                }
            }
            step::RETURN => {
                out.push(Act::new(act::RETURN, s[2], 0));
                out.push(Act::new(act::RETURN, s[2], 1));
            }
            step::PLACE => {
                if self.supply(p) > 0 {
                    out.extend((0..6).map(|ch| Act::new(act::PLACE, ch, 0)));
                }
            }
            step::REMOVE => {
                for ch in 0..6u8 {
                    if self.cubes[ch as usize * 2 + o] > 0 {
                        out.push(Act::new(act::REMOVE, ch, 0));
                    }
                }
            }
            step::MAY_MOVE => {
                self.move_actions(p, out);
                if !out.is_empty() {
                    out.push(Act::new(act::DECLINE, 1, 0));
                }
            }
            step::TRIGGER_UNPREPARED => {
                out.extend(bits16(self.cons_of(p, UNPREPARED)).map(|k| Act::new(act::TRIGGER, k, 0)));
                out.push(Act::new(act::DECLINE, 2, 0));
            }
            step::EXTORT => out.extend(bits16(self.unbuilt(o)).map(|w| Act::new(act::TAKE_WONDER, w, 0))),
            step::LOCK => {
                out.extend(bits16(self.progress_board).map(|x| Act::new(act::LOCK, x, 0)));
                out.extend(bits16(self.progress_owned[o]).map(|x| Act::new(act::LOCK, x, 1)));
                out.extend(self.box_tokens().iter().map(|&x| Act::new(act::LOCK, x, 2)));
            }
            step::TOP_ROW => {
                for sl in bits32(self.top_row_buildings(t)) {
                    out.push(Act::new(act::BUILD, self.structure[sl as usize], 0));
                }
            }
            step::TREASON => out.extend(bits128(self.removed_so_far(t)).map(|c| Act::new(act::BUILD, c, 0))),
            step::ESPIONAGE => out.extend(self.box_tokens().iter().map(|&x| Act::new(act::PROGRESS, x, 0))),
            step::SCRAP => {
                if self.accessible != 0 {
                    for sl in bits32(self.accessible) {
                        if self.structure[sl as usize] != NONE {
                            out.push(Act::new(act::SCRAP, self.structure[sl as usize], 0));
                        }
                    }
                    if s[2] == 0 {
                        out.push(Act::new(act::DECLINE, 3, 0));
                    }
                }
            }
            step::FORECLOSE => out.extend(bits128(self.cards_of(t, o, s[2])).map(|c| Act::new(act::TAKE_CARD, c, 0))),
            step::COERCE => {
                for c in 0..N_COLORS as u8 {
                    if s[2] & (1 << c) != 0 {
                        let mine = self.cards_of(t, p, 1 << c);
                        for th in bits128(self.cards_of(t, o, 1 << c)) {
                            for m in bits128(mine) {
                                out.push(Act::new(act::SWAP, th, m));
                            }
                        }
                    }
                }
            }
            step::MOVE_DECREE => {
                for a in 0..6u8 {
                    if self.dec_ch.contains(&a) {
                        for b in 0..6u8 {
                            if b != a {
                                out.push(Act::new(act::MOVE_DECREE, a, b));
                            }
                        }
                    }
                }
            }
            step::SABOTAGE => out.extend(bits16(self.built[o]).map(|w| Act::new(act::SABOTAGE, w, 0))),
            _ => {}
        }
    }

    fn move_actions(&self, p: usize, out: &mut Vec<Act>) {
        for ch in 0..6u8 {
            if self.cubes[ch as usize * 2 + p] > 0 {
                if ch > 0 {
                    out.push(Act::new(act::MOVE, ch, ch - 1));
                }
                if ch < 5 {
                    out.push(Act::new(act::MOVE, ch, ch + 1));
                }
            }
        }
    }

    fn legal_turn(&self, t: &Tables, p: usize, may_trigger: bool, out: &mut Vec<Act>) {
        let coins = self.coins[p] as u32;
        let prepared = if t.agora { self.cons_of(p, PREPARED) } else { 0 };
        if may_trigger {
            out.extend(bits16(prepared).map(|k| Act::new(act::TRIGGER, k, 0)));
        }
        let ctx = self.price_ctx(t, p);
        let dearest = ctx.dearest as u32;
        let mut wonder_rows = 0u16;
        if self.standing_wonders() < 7 {
            for w in bits16(self.unbuilt(p)) {
                let wd = &t.wonders[w as usize];
                let waive = ctx.disc[WONDER as usize] + ctx.wonder_disc;
                let ok = wd.units as u32 * dearest <= coins
                    || self.can_pay(p, 0, &wd.res, waive, &ctx, coins)
                        .unwrap_or_else(|| self.wonder_price_with(t, p, w as usize, &ctx) <= coins);
                if ok {
                    wonder_rows |= 1 << w;
                }
            }
        }
        let unprepared = if t.agora { self.cons_of(p, UNPREPARED) } else { 0 };
        let recruit = t.agora && self.recruit_cost(t, p) <= coins;
        for slot in bits32(self.accessible) {
            let cid = self.structure[slot as usize];
            if cid == NONE {
                continue;
            }
            let c = &t.cards[cid as usize];
            if c.senator != 0 {
                if recruit {
                    out.push(Act::new(act::RECRUIT, cid, 0));
                }
            } else if c.coin_cost as u32 + c.units as u32 * dearest <= coins
                || self.chained(p, c.chain_in, &ctx)
                || if ctx.ignore & (1 << c.color) != 0 {
                    self.building_price_with(t, p, cid as usize, &ctx).0 <= coins
                } else {
                    self.can_pay(p, c.coin_cost as u32, &c.res, ctx.disc[c.color as usize], &ctx, coins)
                        .unwrap_or_else(|| self.building_price_with(t, p, cid as usize, &ctx).0 <= coins)
                } {
                out.push(Act::new(act::BUILD, cid, 0));
            }
            out.push(Act::new(act::DISCARD, cid, 0));
            for w in bits16(wonder_rows) {
                out.push(Act::new(act::WONDER, w, cid));
            }
            for k in bits16(unprepared) {
                out.push(Act::new(act::PREPARE, k, cid));
            }
        }
    }

    /// The legal actions now (empty when the game is over).
    pub fn legal(&self, t: &Tables, out: &mut Vec<Act>) {
        match self.top() {
            Some(s) => self.legal_for(t, s, out),
            None => out.clear(),
        }
    }

    // ------------------------------------------------------------------ apply

    /// Play one action; it must be one of `legal` (checked). The state is unchanged on error.
    pub fn apply(&mut self, t: &Tables, a: Act, buf: &mut Vec<Act>) -> Res<()> {
        let Some(top) = self.top() else { return Err("the game is over".into()) };
        self.legal_for(t, top, buf);
        if !buf.contains(&a) {
            return Err("not a legal action now".into());
        }
        let mut next = *self;
        next.apply_unchecked(t, a, buf);
        if next.overflow {
            return Err("the core's pending stack overflowed (a bug: please report)".into());
        }
        *self = next;
        Ok(())
    }

    /// Play an action known to be legal (the playout loop; `apply` checks first).
    pub fn apply_unchecked(&mut self, t: &Tables, a: Act, buf: &mut Vec<Act>) {
        self.apply_priced(t, a, buf, None, NONE);
    }

    /// `apply_unchecked` with the price of a build already known (the playouts priced it
    /// while drawing it: no second pass over the prices).
    /// (`slot`: where the card taken lies, when the caller knows; NONE: look for it.)
    fn apply_priced(&mut self, t: &Tables, a: Act, buf: &mut Vec<Act>, price: Option<Price>, slot: u8) {
        self.n_pending -= 1;
        let s = self.pending[self.n_pending as usize];
        if s[0] == step::TURN {
            self.apply_turn(t, s[1] as usize, a, price, slot);
        } else {
            self.decide(t, s, a);
        }
        self.advance(t, buf);
    }

    fn decide(&mut self, t: &Tables, s: [u8; 5], a: Act) {
        let p = s[1] as usize;
        let o = 1 - p;
        match s[0] {
            step::DRAFT => self.give_wonder(t, p, a.a),
            step::TURN => self.apply_turn(t, p, a, None, NONE),
            step::START => self.start_turn(a.a),
            step::PROGRESS => {
                if a.k == act::PROGRESS {
                    self.progress_board &= !(1 << a.a);
                    self.gain_progress(t, p, a.a);
                }
            }
            step::LIBRARY => {
                self.box_remove(a.a);
                self.gain_progress(t, p, a.a);
            }
            step::DESTROY => {
                self.owned[o] &= !(1u128 << a.a);
                self.discard |= 1u128 << a.a;
                self.refresh(t, o);
            }
            step::MAUSOLEUM => {
                self.discard &= !(1u128 << a.a);
                self.construct(t, p, a.a, 2);
            }
            step::SENATE => {
                if a.k == act::STOP {
                    return;
                }
                if s[3] > 1 {
                    self.push([step::SENATE, p as u8, s[2], s[3] - 1, 0]);
                }
                self.cube_action(t, p, a);
            }
            step::CONSPIRATOR => {
                if a.k == act::CONSPIRE {
                    self.conspire(t, p);
                } else {
                    self.cube_action(t, p, a);
                }
            }
            step::KEEP => {
                self.cons[a.a as usize] = p as u8;
                self.cons_owned[p] |= 1 << a.a;
                let other = if s[2] == a.a { s[3] } else { s[2] };
                self.push([step::RETURN, p as u8, other, 0, 0]);
            }
            step::RETURN => {
                let n = self.cdeck_len as usize;
                if n < 16 {
                    if a.b == 0 {
                        self.cdeck.copy_within(0..n, 1);
                        self.cdeck[0] = a.a;
                    } else {
                        self.cdeck[n] = a.a;
                    }
                    self.cdeck_len += 1;
                }
            }
            step::PLACE | step::REMOVE => self.cube_action(t, p, a),
            step::MAY_MOVE => {
                if a.k != act::DECLINE {
                    self.cube_action(t, p, a);
                }
            }
            step::TRIGGER_UNPREPARED => {
                if a.k == act::DECLINE {
                    return;
                }
                self.cons[a.a as usize] = p as u8 | TRIGGERED << 1;
                self.cons_card[a.a as usize] = NONE;
                self.run_conspiracy(t, p, a.a);
            }
            step::EXTORT => {
                self.wonders[o] &= !(1 << a.a);
                self.wonders[p] |= 1 << a.a;
            }
            step::LOCK => {
                match a.b {
                    0 => self.progress_board &= !(1 << a.a),
                    1 => {
                        self.progress_owned[o] &= !(1 << a.a);
                        self.refresh(t, o);
                    }
                    _ => self.box_remove(a.a),
                }
                self.progress_locked |= 1 << a.a;
            }
            step::TOP_ROW => {
                let n = t.layouts[self.age as usize - 1].n as usize;
                if let Some(slot) = self.structure[..n].iter().position(|&c| c == a.a) {
                    self.take_from_structure(t, slot);
                    self.construct(t, p, a.a, 2);
                }
            }
            step::TREASON => {
                self.removed &= !(1u128 << a.a);
                self.construct(t, p, a.a, 2);
            }
            step::ESPIONAGE => {
                self.box_remove(a.a);
                self.gain_progress(t, p, a.a);
            }
            step::SCRAP => {
                if a.k == act::DECLINE {
                    return;
                }
                if let Some(slot) = self.slot_of(t, a.a) {
                    let cid = self.take_from_structure(t, slot);
                    self.discard |= 1u128 << cid;
                    self.reveal();
                }
                if s[2] > 1 {
                    self.push([step::SCRAP, p as u8, s[2] - 1, s[3], 0]);
                } else if s[3] > 0 {
                    self.push([step::SCRAP, p as u8, 0, s[3] - 1, 0]);
                }
            }
            step::FORECLOSE => {
                self.owned[o] &= !(1u128 << a.a);
                self.owned[p] |= 1u128 << a.a;
                self.refresh(t, 0);
                self.refresh(t, 1);
            }
            step::COERCE => self.coerce(t, p, a.a, a.b),
            step::MOVE_DECREE => {
                self.move_decree(t, a.a, a.b);
                self.check_political();
            }
            step::SABOTAGE => {
                let w = a.a;
                self.built[o] &= !(1 << w);
                self.wonders[o] &= !(1 << w);
                self.wonders_out |= 1 << w;
                let tucked = self.tucked[w as usize];
                self.tucked[w as usize] = NONE;
                if tucked != NONE {
                    self.discard |= 1u128 << tucked;
                }
                self.refresh(t, o);
            }
            _ => {}
        }
    }

    fn coerce(&mut self, t: &Tables, p: usize, theirs: u8, mine: u8) {
        let o = 1 - p;
        self.owned[o] &= !(1u128 << theirs);
        self.owned[p] |= 1u128 << theirs;
        self.owned[p] &= !(1u128 << mine);
        self.owned[o] |= 1u128 << mine;
        self.refresh(t, 0);
        self.refresh(t, 1);
        let six_p = self.distinct_symbols(p) >= 6;
        let six_o = self.distinct_symbols(o) >= 6;
        if six_p && six_o {
            self.win(2, victory::SCIENCE);
            return;
        }
        if six_p {
            self.win(p as u8, victory::SCIENCE);
            return;
        }
        if six_o {
            self.win(o as u8, victory::SCIENCE);
            return;
        }
        let mut pairs = [NONE; 2];
        for (i, (q, got)) in [(p, theirs), (o, mine)].into_iter().enumerate() {
            let sym = t.cards[got as usize].science;
            if sym != NONE && self.city[q].symbols[sym as usize] == 2 {
                pairs[i] = q as u8;
            }
        }
        for &q in pairs.iter().rev() {
            if q != NONE {
                self.push([step::PROGRESS, q, 0, 0, 0]);
            }
        }
    }

    fn cube_action(&mut self, t: &Tables, p: usize, a: Act) {
        match a.k {
            act::PLACE => self.place(t, p, a.a as usize),
            act::MOVE => self.move_cube(t, p, a.a as usize, a.b as usize),
            act::REMOVE => self.remove_cube(t, 1 - p, a.a as usize),
            _ => {}
        }
    }

    fn give_wonder(&mut self, t: &Tables, p: usize, w: u8) {
        self.draft_pool &= !(1 << w);
        self.wonders[p] |= 1 << w;
        self.draft_pick += 1;
        self.push([step::DRAFT_NEXT, NONE, 0, 0, 0]);
        self.push_fx_list(p, &t.wonders[w as usize].draft_effects, src::DRAFT, w);
    }

    fn apply_turn(&mut self, t: &Tables, p: usize, a: Act, price: Option<Price>, slot_hint: u8) {
        if a.k == act::TRIGGER {
            let k = a.a as usize;
            self.cons[k] = p as u8 | TRIGGERED << 1;
            self.push([step::AFTER_TRIGGER, p as u8, 0, 0, 0]);
            self.run_conspiracy(t, p, a.a);
            return;
        }
        let cid_in = if a.k == act::WONDER || a.k == act::PREPARE { a.b } else { a.a };
        let slot = if slot_hint != NONE && self.structure[slot_hint as usize] == cid_in {
            slot_hint as usize
        } else {
            let Some(slot) = self.slot_of(t, cid_in) else { return };
            slot
        };
        let cid = self.take_from_structure(t, slot);
        self.last_player = p as u8;
        self.push([step::END_TURN, p as u8, 0, 0, 0]);
        match a.k {
            act::BUILD => {
                let (total, trade, chain) = price.unwrap_or_else(|| self.building_price(t, p, cid as usize));
                self.pay(t, p, total, trade);
                self.construct(t, p, cid, if chain { 1 } else { 0 });
            }
            act::DISCARD => {
                self.discard |= 1u128 << cid;
                let v = self.discard_value(t, p);
                self.gain(p, v);
            }
            act::WONDER => {
                let trade = match price {
                    Some((total, _, _)) => total,
                    None => self.wonder_price(t, p, a.a as usize),
                };
                self.pay(t, p, trade, trade);
                self.construct_wonder(t, p, a.a, cid);
            }
            act::RECRUIT => {
                let cost = self.recruit_cost(t, p);
                self.coins[p] -= cost.min(self.coins[p] as u32) as u16;
                self.push([step::RECRUIT, p as u8, cid, 0, 0]);
            }
            act::PREPARE => {
                self.cons[a.a as usize] = p as u8 | PREPARED << 1;
                self.cons_card[a.a as usize] = cid;
            }
            _ => {}
        }
    }

    fn pay(&mut self, t: &Tables, p: usize, total: u32, trade: u32) {
        self.coins[p] -= total.min(self.coins[p] as u32) as u16;
        if trade != 0 && self.token_flag(t, 1 - p, |x| x.trade_income) {
            self.gain(1 - p, trade);
        }
    }

    fn end_turn(&mut self, t: &Tables, p: u8) {
        self.reveal();
        let replay = self.extra_turn;
        self.extra_turn = false;
        if self.remaining == 0 {
            if self.age == 3 {
                self.win(NONE, victory::CIVILIAN);
                return;
            }
            self.deal_age(t, self.age + 1);
            let chooser = if self.pawn > 0 { 1 } else if self.pawn < 0 { 0 } else { self.last_player };
            self.push([step::START, chooser, 0, 0, 0]);
        } else {
            self.start_turn(if replay { p } else { 1 - p });
        }
    }

    fn draft_next(&mut self, t: &Tables) {
        let k = self.draft_pick as usize;
        if k == DRAFT_ORDER.len() {
            self.phase = phase::PLAY;
            if !t.agora {
                self.deal_age(t, 1);
            }
            let fp = self.first_player;
            self.start_turn(fp);
            return;
        }
        if self.draft_pool == 0 {
            let start = self.draft_deck_pos as usize;
            let end = (start + DRAFT_ROUND).min(self.draft_deck_len as usize);
            for i in start..end {
                self.draft_pool |= 1 << self.draft_deck[i];
            }
            self.draft_deck_pos = end as u8;
        }
        let p = self.first_player ^ DRAFT_ORDER[k];
        if pop16(self.draft_pool) == 1 {
            let w = self.draft_pool.trailing_zeros() as u8;
            self.give_wonder(t, p as usize, w);
        } else {
            self.push([step::DRAFT, p, 0, 0, 0]);
        }
    }

    fn run_auto(&mut self, t: &Tables, s: [u8; 5]) {
        let p = s[1] as usize;
        match s[0] {
            step::END_TURN => self.end_turn(t, s[1]),
            step::DRAFT_NEXT => self.draft_next(t),
            step::CONSTRUCTION_DONE => self.construction_done(t),
            step::FX => self.run_effect(t, p, s[2], s[3], s[4]),
            step::RECRUIT => self.recruit(t, p, s[2]),
            step::AFTER_TRIGGER => {
                if self.remaining == 0 {
                    self.last_player = p as u8;
                    self.push([step::END_TURN, p as u8, 0, 0, 0]);
                } else {
                    self.push([step::TURN, p as u8, 0, 0, 0]);
                }
            }
            _ => {}
        }
    }

    /// Agora: the military tokens a construction reached act once it is done.
    fn construction_done(&mut self, t: &Tables) {
        let n = self.n_deferred as usize;
        if n > 0 {
            let d = self.deferred;
            self.n_deferred = 0;
            for &x in d[..n].iter().rev() {
                self.push_token_steps(t, (x >> 4) as usize, &[x & 15]);
            }
        }
    }

    /// game/state.py `_advance`: run automatic steps until a decision with choices is on top.
    pub fn advance(&mut self, t: &Tables, buf: &mut Vec<Act>) {
        // Most turns run their effects at once and leave only their end on the stack: that
        // end, then the next turn, without the general loop's dispatch (the playouts' path)
        if self.n_pending > 0 && !self.won() && !self.overflow {
            let s = self.pending[self.n_pending as usize - 1];
            if s[0] == step::END_TURN {
                self.n_pending -= 1;
                self.end_turn(t, s[1]);
                if self.n_pending > 0 && !self.won() && !self.overflow && self.accessible != 0
                    && self.pending[self.n_pending as usize - 1][0] == step::TURN {
                    return;
                }
            }
        }
        while self.n_pending > 0 && !self.won() && !self.overflow {
            let s = self.pending[self.n_pending as usize - 1];
            if s[0] < step::N_DECISIONS {
                if s[0] == step::TURN && self.accessible != 0 {
                    break;
                }
                self.legal_for(t, s, buf);
                if !buf.is_empty() {
                    break;
                }
                self.n_pending -= 1;
                continue;
            }
            self.n_pending -= 1;
            self.run_auto(t, s);
        }
        if self.won() && self.phase != phase::OVER {
            self.finish(t);
        }
    }

    fn finish(&mut self, t: &Tables) {
        if self.victory == victory::CIVILIAN {
            let a = self.score_sheet(t, 0);
            let b = self.score_sheet(t, 1);
            if a[9] != b[9] {
                self.winner = if a[9] > b[9] { 0 } else { 1 };
            } else {
                self.tiebreak = true;
                self.winner = if a[0] == b[0] { 2 } else if a[0] > b[0] { 0 } else { 1 };
            }
        }
        if self.winner == NONE {
            self.winner = 2;
        }
        self.phase = phase::OVER;
        self.n_pending = 0;
    }

    /// game/scoring.py `score_sheet`: blue green yellow purple wonders progress coins
    /// military senate, then the total.
    pub fn score_sheet(&self, t: &Tables, p: usize) -> [i32; 10] {
        let mut s = [0i32; 10];
        // a card's points by colour without a branch: blue, green, yellow, and a bin
        const COLUMN: [usize; 8] = {
            let mut a = [3; 8];
            a[BLUE as usize] = 0;
            a[crate::tables::GREEN as usize] = 1;
            a[YELLOW as usize] = 2;
            a
        };
        let mut by_color = [0i32; 4];
        for cid in bits128(self.city_cards(t, p)) {
            let c = &t.cards[cid as usize];
            by_color[COLUMN[c.color as usize & 7]] += c.points as i32;
            if c.is_guild {
                let best = self.count_in_city(0, c.guild_counter).max(self.count_in_city(1, c.guild_counter));
                s[3] += c.guild_points as i32 * (best / (c.guild_per as u32).max(1)) as i32;
            }
        }
        s[..3].copy_from_slice(&by_color[..3]);
        s[4] = bits16(self.built[p]).map(|w| t.wonders[w as usize].points as i32).sum();
        let owned = self.progress_owned[p];
        let n = owned.count_ones() as i32;
        for i in bits16(owned) {
            let tok = &t.progress[i as usize];
            s[5] += tok.points as i32 + tok.points_per_progress as i32 * n;
        }
        s[6] = self.coins[p] as i32 / 3;
        let d = if p == 0 { self.pawn } else { -self.pawn };
        if d > 0 {
            s[7] = t.military_points[d as usize] as i32;
        }
        if t.agora {
            s[8] = (0..6).filter(|&ch| self.control[ch] == p as u8).map(|ch| t.chambers[ch].points as i32).sum();
        }
        s[9] = s[..9].iter().sum();
        s
    }

    /// Would p, left with `coins` coins (after a Wonder's price and gains), be able to take
    /// a card of colour `color` that taking the accessible card `cid` uncovers? `ctx` is
    /// p's `price_ctx` (prices do not depend on p's coins). The playouts' look ahead through
    /// a Wonder that plays again (search.rs `Policy`).
    pub fn uncovers_takeable(&self, t: &Tables, p: usize, cid: u8, color: u8, coins: u32, ctx: &PriceCtx) -> bool {
        let Some(slot) = self.slot_of(t, cid) else { return false };
        let layout = &t.layouts[self.age as usize - 1];
        let present = self.present & !(1u32 << slot);
        let mut above = layout.covers_mask[slot] & present;
        while above != 0 {
            let j = above.trailing_zeros() as usize;
            above &= above - 1;
            let c = self.structure[j];
            if layout.covered_by_mask[j] & present == 0 && c != NONE
                && t.cards[c as usize].color == color && self.can_take_with(t, p, c, ctx, coins) {
                return true;
            }
        }
        false
    }

    /// Is building card `cid` (or recruiting it) within p's means now?
    fn can_take(&self, t: &Tables, p: usize, cid: u8, ctx: &PriceCtx) -> bool {
        self.can_take_with(t, p, cid, ctx, self.coins[p] as u32)
    }

    /// `can_take` for p holding `coins` coins.
    fn can_take_with(&self, t: &Tables, p: usize, cid: u8, ctx: &PriceCtx, coins: u32) -> bool {
        let c = &t.cards[cid as usize];
        if c.senator != 0 {
            return t.agora && self.recruit_cost(t, p) <= coins;
        }
        c.coin_cost as u32 + c.units as u32 * ctx.dearest as u32 <= coins
            || self.chained(p, c.chain_in, ctx)
            || if ctx.ignore & (1 << c.color) != 0 {
                self.building_price_with(t, p, cid as usize, ctx).0 <= coins
            } else {
                self.can_pay(p, c.coin_cost as u32, &c.res, ctx.disc[c.color as usize], ctx, coins)
                    .unwrap_or_else(|| self.building_price_with(t, p, cid as usize, ctx).0 <= coins)
            }
    }

    /// A uniformly random legal action of a turn, without listing them all: draw from a
    /// superset (every card built, every Wonder affordable) and redraw when the action
    /// drawn is not legal. Each legal action has one place in the superset: uniform.
    fn random_turn_action(&self, t: &Tables, p: usize, may_trigger: bool, r: &mut u64, pick: &mut Pick) -> bool {
        let (prepared, unprepared) = if t.agora { self.cons_pair(p) } else { (0, 0) };
        let triggers = if may_trigger { prepared } else { 0 };
        let nt = if triggers == 0 { 0 } else { pop16(triggers) as u64 }; // base game: always 0
        let wonders = if self.standing_wonders() < 7 { self.unbuilt(p) } else { 0 };
        let nw = pop16(wonders) as u64;
        let np = if unprepared == 0 { 0 } else { pop16(unprepared) as u64 };
        let mut slots = [0u8; 25];
        let mut k = 0usize;
        for sl in bits32(self.accessible & self.present) {
            slots[k] = sl;
            k += 1;
        }
        let per = 2 + nw + np;
        let total = nt + k as u64 * per;
        if total == 0 {
            return false;
        }
        let mut ctx: Option<PriceCtx> = None;
        // what each redraw already learnt: affordable Wonders (computed once), cards checked
        let (mut wonder_checked, mut wonder_ok) = (0u16, 0u16);
        let (mut card_checked, mut card_ok) = (0u32, 0u32);
        for _ in 0..64 {
            // a trigger with probability nt / total; else a card and one of its actions,
            // each uniform (independent draws: no division on the hot path)
            if nt > 0 {
                let x = rng::quick_below(r, total);
                if x < nt {
                    let Some(c) = bits16(triggers).nth(x as usize) else { return false };
                    return pick.set(Act::new(act::TRIGGER, c, 0), None, NONE);
                }
            }
            // one 64-bit draw, two 32-bit halves: the card and its action (k, per < 32: the
            // multiply-shift's bias is below 2^-27)
            let x = rng::next64(r);
            let ci = (((x & 0xFFFF_FFFF) * k as u64) >> 32) as usize;
            let j = ((x >> 32) * per) >> 32;
            let slot = slots[ci];
            let cid = self.structure[slot as usize];
            if j == 1 {
                return pick.set(Act::new(act::DISCARD, cid, 0), None, slot);
            }
            if j >= 2 + nw {
                let Some(c) = bits16(unprepared).nth((j - 2 - nw) as usize) else { return false };
                return pick.set(Act::new(act::PREPARE, c, cid), None, slot);
            }
            let cx: &PriceCtx = ctx.get_or_insert_with(|| self.price_ctx(t, p));
            if j == 0 {
                let bit = 1u32 << ci;
                if card_checked & bit == 0 {
                    card_checked |= bit;
                    if self.can_take(t, p, cid, cx) {
                        card_ok |= bit;
                    }
                }
                if card_ok & bit != 0 {
                    if t.cards[cid as usize].senator != 0 {
                        return pick.set(Act::new(act::RECRUIT, cid, 0), None, slot);
                    }
                    let price = self.building_price_with(t, p, cid as usize, cx);
                    return pick.set(Act::new(act::BUILD, cid, 0), Some(price), slot);
                }
            } else {
                let Some(w) = bits16(wonders).nth((j - 2) as usize) else { return false };
                if wonder_checked & (1 << w) == 0 {
                    wonder_checked |= 1 << w;
                    let coins = self.coins[p] as u32;
                    let waive = cx.disc[WONDER as usize] + cx.wonder_disc;
                    let wd = &t.wonders[w as usize];
                    if wd.units as u32 * cx.dearest as u32 <= coins
                        || self.can_pay(p, 0, &wd.res, waive, cx, coins)
                            .unwrap_or_else(|| self.wonder_price_with(t, p, w as usize, cx) <= coins) {
                        wonder_ok |= 1 << w;
                    }
                }
                if wonder_ok & (1 << w) != 0 {
                    // priced here with the turn's prices: apply needs no second price_ctx
                    let trade = self.wonder_price_with(t, p, w as usize, cx);
                    return pick.set(Act::new(act::WONDER, w, cid), Some((trade, trade, false)), slot);
                }
            }
        }
        false
    }

    /// A uniformly random game to the end from here; `seed` drives the choices only.
    pub fn playout(&mut self, t: &Tables, seed: u64, buf: &mut Vec<Act>) -> Res<()> {
        let mut r = seed;
        let mut guard = 0;
        let mut pick = Pick { a: Act::new(0, 0, 0), price: None, slot: NONE };
        while self.phase != phase::OVER {
            let top = self.pending[self.n_pending.max(1) as usize - 1];
            if !(top[0] == step::TURN && self.n_pending > 0
                 && self.random_turn_action(t, top[1] as usize, top[2] != 0, &mut r, &mut pick)) {
                self.legal(t, buf);
                if buf.is_empty() {
                    return Err("no legal action in a position that is not over".into());
                }
                pick.set(buf[rng::quick_below(&mut r, buf.len() as u64) as usize], None, NONE);
            }
            self.apply_priced(t, pick.a, buf, pick.price, pick.slot);
            self.playout_step_done(&mut guard)?;
        }
        Ok(())
    }

    /// After a playout's step: an error if the pending stack overflowed or the playout has
    /// run past 2,000 actions (`steps` counts them).
    pub fn playout_step_done(&self, steps: &mut u32) -> Res<()> {
        if self.overflow {
            return Err("the core's pending stack overflowed".into());
        }
        *steps += 1;
        if *steps > 2000 {
            return Err("a playout did not end within 2000 actions".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
