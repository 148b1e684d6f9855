//! PyO3 bindings: `agora_native.Tables` (built once from the bridge's dict) and
//! `agora_native.Core` (one state). Every bad input raises ValueError with one line.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::core::{phase, step, victory, Act, State, MAX_PENDING};
use crate::notation;
use crate::tables::*;

/// Bumped whenever the Python-facing interface (the dicts, the methods) changes.
pub const INTERFACE: u32 = 1;

fn err(msg: impl Into<String>) -> PyErr {
    PyValueError::new_err(msg.into())
}

fn get<'py>(d: &Bound<'py, PyDict>, key: &str, what: &str) -> PyResult<Bound<'py, PyAny>> {
    d.get_item(key)?.ok_or_else(|| err(format!("{what}: missing '{key}'")))
}

fn ext<'py, T: FromPyObject<'py>>(d: &Bound<'py, PyDict>, key: &str, what: &str) -> PyResult<T> {
    get(d, key, what)?
        .extract::<T>()
        .map_err(|_| err(format!("{what}: '{key}' has the wrong type or is out of range")))
}

fn ints(v: &[i64], n: usize, what: &str) -> PyResult<()> {
    if v.len() != n {
        return Err(err(format!("tables: {what} needs {n} numbers, got {}", v.len())));
    }
    Ok(())
}

fn u8v(v: &[i64], i: usize) -> u8 {
    v.get(i).map(|&x| if (0..=255).contains(&x) { x as u8 } else { NONE }).unwrap_or(NONE)
}

fn res5(v: &[i64], i: usize) -> [u8; N_RES] {
    std::array::from_fn(|k| u8v(v, i + k))
}

/// A layout as the bridge hands it over: slots, covers, covered-by, face-up, top-row and open masks.
type LayoutRow = (u8, Vec<Vec<u8>>, Vec<Vec<u8>>, u32, u32, u32);

/// The static tables of one rule set.
#[pyclass(frozen, module = "agora_native")]
pub struct Tables {
    t: Arc<crate::tables::Tables>,
}

#[pymethods]
impl Tables {
    #[new]
    fn new(d: &Bound<'_, PyDict>) -> PyResult<Self> {
        let w = "tables";
        let mut t = crate::tables::Tables { agora: ext(d, "agora", w)?, ..Default::default() };
        let cards: Vec<(Vec<i64>, Vec<u8>)> = ext(d, "cards", w)?;
        for (v, on_gain) in cards {
            ints(&v, 26, "a card")?;
            let res = res5(&v, 2);
            t.cards.push(Card {
                color: u8v(&v, 0), coin_cost: u8v(&v, 1), res, units: res.iter().sum(),
                chain_in: u8v(&v, 7), chain_out: u8v(&v, 8), prod: if v[14] != 0 { res5(&v, 9) } else { [0; N_RES] }, has_prod: v[14] != 0,
                choice: u8v(&v, 15), points: u8v(&v, 16), shields: u8v(&v, 17), science: u8v(&v, 18),
                fixed: u8v(&v, 19), guild_counter: v[20] as u16, guild_points: u8v(&v, 21),
                guild_per: u8v(&v, 22), is_guild: v[23] != 0, senator: u8v(&v, 24), section: u8v(&v, 25),
                age: 0, on_gain,
            });
        }
        let ages: Vec<u8> = ext(d, "card_ages", w)?;
        if ages.len() != t.cards.len() {
            return Err(err("tables: card_ages has the wrong length"));
        }
        for (c, a) in t.cards.iter_mut().zip(ages) {
            c.age = a;
        }
        let wonders: Vec<(Vec<i64>, Vec<u8>, Vec<u8>)> = ext(d, "wonders", w)?;
        for (v, on_gain, draft_effects) in wonders {
            ints(&v, 7, "a Wonder")?;
            let res = res5(&v, 0);
            t.wonders.push(Wonder { res, units: res.iter().sum(), points: u8v(&v, 5), choice: u8v(&v, 6),
                                    on_gain, draft_effects });
        }
        let progress: Vec<(Vec<i64>, Vec<u8>)> = ext(d, "progress", w)?;
        for (v, on_gain) in progress {
            ints(&v, 25, "a progress token")?;
            let mut p = Progress { points: u8v(&v, 0), science: u8v(&v, 1), on_gain, ..Default::default() };
            for k in 0..8 {
                p.discount[k] = u8v(&v, 2 + k);
            }
            for k in 0..N_COLORS {
                p.extra_shields[k] = u8v(&v, 10 + k);
            }
            p.has_extra_shields = u8v(&v, 17);
            p.trade_income = v[18] != 0;
            p.points_per_progress = u8v(&v, 19);
            p.wonders_play_again = v[20] != 0;
            p.chain_coins = u8v(&v, 21);
            p.free_recruit = v[22] != 0;
            p.keep_both = v[23] != 0;
            t.progress.push(p);
        }
        let military: Vec<(i8, i8, Vec<u8>)> = ext(d, "military", w)?;
        t.military = military.into_iter().map(|(lo, hi, on_gain)| MilitaryToken { lo, hi, on_gain }).collect();
        let decrees: Vec<Vec<i64>> = ext(d, "decrees", w)?;
        for v in decrees {
            ints(&v, 10, "a Decree")?;
            t.decrees.push(Decree {
                shields: u8v(&v, 0), construction_coins: u8v(&v, 1), ignore_color: u8v(&v, 2),
                wonder_discount: u8v(&v, 3), trade_disc_mask: u8v(&v, 4), trade_disc_coins: u8v(&v, 5),
                blue_bonus: u8v(&v, 6), discard_bonus: u8v(&v, 7), opp_chains: v[8] != 0, consp_extra: v[9] != 0,
            });
        }
        t.conspiracies = ext(d, "conspiracies", w)?;
        let chambers: Vec<(u8, u8)> = ext(d, "chambers", w)?;
        t.chambers = chambers.into_iter().map(|(points, section)| Chamber { points, section }).collect();
        let layouts: Vec<LayoutRow> = ext(d, "layouts", w)?;
        t.layouts = layouts.into_iter()
            .map(|(n, covers, covered_by, face_up, top_row, open)| Layout::new(n, covers, covered_by, face_up, top_row, open))
            .collect();
        for l in &t.layouts {
            let n = l.n as usize;
            if n > 25 || l.covers.iter().chain(l.covered_by.iter()).flatten().any(|&s| s as usize >= n) {
                return Err(err("tables: a layout's slot is out of range"));
            }
        }
        let effects: Vec<(u8, u16, u8, u8)> = ext(d, "effects", w)?;
        t.effects = effects.into_iter().map(|(kind, a, b, c)| Effect { kind, a, b, c }).collect();
        t.military_points = ext(d, "military_points", w)?;
        t.capital = ext(d, "capital", w)?;
        t.senator_mask = ext(d, "senator_mask", w)?;
        t.coins_fx = ext(d, "coins_fx", w)?;
        t.play_again_fx = ext(d, "play_again_fx", w)?;
        t.names = Names {
            cards: ext(d, "card_names", w)?,
            wonders: ext(d, "wonder_names", w)?,
            progress: ext(d, "progress_names", w)?,
            conspiracies: ext(d, "conspiracy_names", w)?,
            chambers: ext(d, "chamber_names", w)?,
        };
        t.check().map_err(|m| err(format!("tables: {m}")))?;
        Ok(Tables { t: Arc::new(t) })
    }

    #[getter]
    fn agora(&self) -> bool {
        self.t.agora
    }
}

/// One position of the core.
#[pyclass(module = "agora_native")]
pub struct Core {
    t: Arc<crate::tables::Tables>,
    s: State,
    buf: Vec<Act>,
}

fn check_id(v: u8, n: usize, what: &str) -> PyResult<u8> {
    if (v as usize) < n { Ok(v) } else { Err(err(format!("state: {what} id {v} is out of range ({n} in these tables)"))) }
}

fn check_mask(m: u128, n: usize, what: &str) -> PyResult<()> {
    if n < 128 && m >> n != 0 {
        return Err(err(format!("state: {what} names an id out of range ({n} in these tables)")));
    }
    Ok(())
}

fn load_state(t: &crate::tables::Tables, d: &Bound<'_, PyDict>) -> PyResult<State> {
    let w = "state";
    let agora: bool = ext(d, "agora", w)?;
    if agora != t.agora {
        return Err(err(format!("state: an {} state cannot go into {} tables",
                               if agora { "Agora" } else { "base-game" }, if t.agora { "Agora" } else { "base-game" })));
    }
    let nc = t.cards.len();
    let nw = t.wonders.len();
    let np = t.progress.len();
    let nk = t.conspiracies.len();
    let mut s = State::zeroed();
    s.rng = ext(d, "rng", w)?;
    let owned: [u128; 2] = ext(d, "owned", w)?;
    let discard: u128 = ext(d, "discard", w)?;
    let removed: u128 = ext(d, "removed", w)?;
    for m in owned.iter().chain([&discard, &removed]) {
        check_mask(*m, nc, "a card set")?;
    }
    if owned[0] & owned[1] != 0 || (owned[0] | owned[1]) & (discard | removed) != 0 || discard & removed != 0 {
        return Err(err("state: a card is in two places"));
    }
    s.owned = owned;
    s.discard = discard;
    s.removed = removed;
    s.coins = ext(d, "coins", w)?;
    let wonders: [u16; 2] = ext(d, "wonders", w)?;
    let built: [u16; 2] = ext(d, "built", w)?;
    s.wonders_out = ext(d, "wonders_out", w)?;
    s.draft_pool = ext(d, "draft_pool", w)?;
    for m in wonders.iter().chain(built.iter()).chain([&s.wonders_out, &s.draft_pool]) {
        check_mask(*m as u128, nw, "a Wonder set")?;
    }
    if wonders[0] & wonders[1] != 0 || built[0] & !wonders[0] != 0 || built[1] & !wonders[1] != 0 {
        return Err(err("state: Wonders owned and built disagree"));
    }
    s.wonders = wonders;
    s.built = built;
    let tucked: Vec<(u8, u8)> = ext(d, "tucked", w)?;
    for (wid, cid) in tucked {
        check_id(wid, nw, "Wonder")?;
        s.tucked[wid as usize] = check_id(cid, nc, "card")?;
    }
    let deck: Vec<u8> = ext(d, "draft_deck", w)?;
    if deck.len() > 16 {
        return Err(err("state: the draft deck is too long"));
    }
    for (i, &x) in deck.iter().enumerate() {
        s.draft_deck[i] = check_id(x, nw, "Wonder")?;
    }
    s.draft_deck_len = deck.len() as u8;
    s.draft_deck_pos = 0;
    s.progress_board = ext(d, "progress_board", w)?;
    s.progress_owned = ext(d, "progress_owned", w)?;
    s.progress_locked = ext(d, "progress_locked", w)?;
    for m in s.progress_owned.iter().chain([&s.progress_board, &s.progress_locked]) {
        check_mask(*m as u128, np, "a progress token set")?;
    }
    let bx: Vec<u8> = ext(d, "progress_box", w)?;
    if bx.len() > 12 {
        return Err(err("state: the progress box is too long"));
    }
    for (i, &x) in bx.iter().enumerate() {
        s.progress_box[i] = check_id(x, np, "progress token")?;
    }
    s.box_len = bx.len() as u8;
    s.age = ext(d, "age", w)?;
    if !(1..=3).contains(&s.age) {
        return Err(err(format!("state: age {} is not 1, 2 or 3", s.age)));
    }
    let n = t.layouts[s.age as usize - 1].n as usize;
    let structure: Vec<i16> = ext(d, "structure", w)?;
    if !structure.is_empty() && structure.len() != n {
        return Err(err(format!("state: the structure has {} slots, Age {} has {}", structure.len(), s.age, n)));
    }
    for (i, &c) in structure.iter().enumerate() {
        s.structure[i] = if c < 0 { NONE } else { check_id(c.min(255) as u8, nc, "card")? };
    }
    s.face_up = ext(d, "face_up", w)?;
    s.accessible = ext(d, "accessible", w)?;
    s.reveal_pending = ext(d, "reveal_pending", w)?;
    if (s.face_up | s.accessible | s.reveal_pending) >> n != 0 && !structure.is_empty() {
        return Err(err("state: a slot is out of the layout"));
    }
    if !structure.is_empty() && (0..n).any(|i| (s.accessible | s.reveal_pending) & (1 << i) != 0 && s.structure[i] == NONE) {
        return Err(err("state: an accessible slot holds no card"));
    }
    let decks: Vec<Vec<u8>> = ext(d, "decks", w)?;
    if decks.len() != 3 {
        return Err(err("state: three decks are needed"));
    }
    for (a, dk) in decks.iter().enumerate() {
        let need = t.layouts[a].n as usize;
        if dk.len() < need && a + 1 >= s.age as usize {
            return Err(err(format!("state: the Age {} deck has {} cards, its layout {}", a + 1, dk.len(), need)));
        }
        for (i, &c) in dk.iter().take(25).enumerate() {
            let c = check_id(c, nc, "card")?;
            if a >= 1 {
                s.decks[a - 1][i] = c;
            } else if structure.is_empty() && i < n {
                // base game's draft: Age I not dealt yet; the structure holds its deck
                s.structure[i] = c;
            }
        }
    }
    s.present = s.occupancy(n);
    s.pawn = ext(d, "pawn", w)?;
    if s.pawn.abs() > t.capital {
        return Err(err("state: the pawn is off the track"));
    }
    let ph: String = ext(d, "phase", w)?;
    s.phase = match ph.as_str() {
        "draft" => phase::DRAFT,
        "play" => phase::PLAY,
        "over" => phase::OVER,
        _ => return Err(err(format!("state: unknown phase '{ph}'"))),
    };
    s.first_player = ext::<u8>(d, "first_player", w)? & 1;
    s.draft_pick = ext(d, "draft_pick", w)?;
    if s.draft_pick as usize > crate::core::DRAFT_ORDER.len() {
        return Err(err(format!("state: draft pick {} is past the draft", s.draft_pick)));
    }
    s.extra_turn = ext(d, "extra_turn", w)?;
    s.last_player = ext::<u8>(d, "last_player", w)? & 1;
    s.remaining = ext(d, "remaining", w)?;
    s.military_tokens = ext(d, "military_tokens", w)?;
    check_mask(s.military_tokens as u128, t.military.len(), "the military tokens")?;
    let deferred: Vec<(u8, u8)> = ext(d, "deferred", w)?;
    if deferred.len() > 4 {
        return Err(err("state: too many deferred military tokens"));
    }
    for (i, (p, tid)) in deferred.iter().enumerate() {
        check_id(*tid, t.military.len(), "military token")?;
        s.deferred[i] = (p & 1) << 4 | tid;
    }
    s.n_deferred = deferred.len() as u8;
    if t.agora {
        s.cubes = ext(d, "cubes", w)?;
        for p in 0..2 {
            if (0..6).map(|ch| s.cubes[ch * 2 + p] as u32).sum::<u32>() > 12 {
                return Err(err("state: a player has more than 12 cubes on the board"));
            }
        }
        let control: Vec<Option<u8>> = ext(d, "control", w)?;
        if control.len() != 6 {
            return Err(err("state: six Chambers are needed"));
        }
        for (i, c) in control.iter().enumerate() {
            s.control[i] = match c { Some(p) if *p < 2 => *p, None => NONE, _ => return Err(err("state: bad Chamber control")) };
        }
        let decs: Vec<(u8, u8)> = ext(d, "decrees", w)?;
        if decs.len() > 6 {
            return Err(err("state: more than six Decrees in play"));
        }
        for (i, (dd, ch)) in decs.iter().enumerate() {
            s.dec_id[i] = check_id(*dd, t.decrees.len(), "Decree")?;
            s.dec_ch[i] = check_id(*ch, 6, "Chamber")?;
        }
        s.decree_up = ext(d, "decree_up", w)?;
        let cdeck: Vec<u8> = ext(d, "conspiracy_deck", w)?;
        if cdeck.len() > 16 {
            return Err(err("state: the Conspiracy deck is too long"));
        }
        for (i, &k) in cdeck.iter().enumerate() {
            s.cdeck[i] = check_id(k, nk, "Conspiracy")?;
        }
        s.cdeck_len = cdeck.len() as u8;
        let cons: Vec<(u8, u8, u8, i16)> = ext(d, "conspiracies", w)?;
        for (k, p, status, card) in cons {
            check_id(k, nk, "Conspiracy")?;
            if p > 1 || status > 2 {
                return Err(err("state: bad Conspiracy owner or status"));
            }
            s.cons[k as usize] = p | status << 1;
            s.cons_card[k as usize] = if card < 0 { NONE } else { check_id(card.min(255) as u8, nc, "card")? };
        }
    }
    let pending: Vec<Vec<i64>> = ext(d, "pending", w)?;
    if pending.len() > MAX_PENDING {
        return Err(err(format!("state: {} pending steps, the core holds {}", pending.len(), MAX_PENDING)));
    }
    for (i, st) in pending.iter().enumerate() {
        if st.len() != 5 || !(0..step::COUNT as i64).contains(&st[0]) {
            return Err(err(format!("state: pending step {i} is malformed")));
        }
        let x: [u8; 5] = std::array::from_fn(|k| u8v(st, k));
        if x[1] > 1 && x[0] != step::DRAFT_NEXT {
            return Err(err(format!("state: pending step {i} has no player")));
        }
        check_step(t, &x).map_err(|m| err(format!("state: pending step {i} ({}): {m}", step::NAMES[x[0] as usize])))?;
        s.pending[i] = x;
    }
    s.n_pending = pending.len() as u8;
    let result: Option<(Option<u8>, String)> = ext(d, "result", w)?;
    if let Some((wn, v)) = result {
        s.winner = wn.map(|x| x & 1).unwrap_or(2);
        s.victory = victory::NAMES.iter().position(|&n| n == v).map(|i| i as u8).unwrap_or(victory::CIVILIAN);
        if s.victory == victory::NONE {
            s.victory = victory::CIVILIAN;
        }
        s.phase = phase::OVER;
    }
    s.refresh(t, 0);
    s.refresh(t, 1);
    s.recount_conspiracies();
    Ok(s)
}

/// Each argument of a pending step inside the tables (a bad one would index past them).
fn check_step(t: &crate::tables::Tables, x: &[u8; 5]) -> Result<(), String> {
    let (nc, nw, np, nk) = (t.cards.len(), t.wonders.len(), t.progress.len(), t.conspiracies.len());
    let id = |v: u8, n: usize, none_ok: bool| -> Result<(), String> {
        if (v as usize) < n || (none_ok && v == NONE) { Ok(()) } else { Err(format!("id {v} is out of range")) }
    };
    let agora_only = matches!(x[0], step::SENATE | step::CONSPIRATOR | step::KEEP | step::RETURN | step::PLACE
        | step::REMOVE | step::MAY_MOVE | step::TRIGGER_UNPREPARED | step::EXTORT | step::LOCK | step::TOP_ROW
        | step::TREASON | step::ESPIONAGE | step::SCRAP | step::FORECLOSE | step::COERCE | step::MOVE_DECREE
        | step::SABOTAGE | step::AFTER_TRIGGER);
    if agora_only && !t.agora {
        return Err("an Agora step in a base game".into());
    }
    match x[0] {
        step::TURN => if x[2] > 1 { return Err("bad flag".into()) },
        step::LIBRARY => for &v in &x[2..5] { id(v, np, true)? },
        step::DESTROY => id(x[2], N_COLORS, false)?,
        step::FX => {
            id(x[2], t.effects.len(), false)?;
            match x[3] {
                crate::tables::src::CARD => id(x[4], nc, false)?,
                crate::tables::src::WONDER | crate::tables::src::DRAFT => id(x[4], nw, true)?,
                crate::tables::src::PROGRESS => id(x[4], np, true)?,
                crate::tables::src::MILITARY => id(x[4], t.military.len(), true)?,
                crate::tables::src::CONSPIRACY => id(x[4], nk, true)?,
                crate::tables::src::DECREE => id(x[4], t.decrees.len(), true)?,
                _ => return Err("unknown effect source".into()),
            }
        }
        step::RECRUIT => {
            id(x[2], nc, false)?;
            if t.cards[x[2] as usize].senator == 0 {
                return Err("recruits a card that is no Senator".into());
            }
        }
        step::SENATE => if x[2] > 2 || x[3] > 3 { return Err("bad section or count".into()) },
        step::KEEP => { id(x[2], nk, true)?; id(x[3], nk, true)? }
        step::RETURN => id(x[2], nk, false)?,
        step::FORECLOSE | step::COERCE => if x[2] >> N_COLORS != 0 { return Err("bad colours".into()) },
        _ => {}
    }
    Ok(())
}

fn tup<'py, T: IntoPyObject<'py> + Copy>(py: Python<'py>, v: &[T]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, v.iter().copied())
}

fn ids128(m: u128) -> Vec<u8> {
    crate::core::bits128(m).collect()
}

fn ids16(m: u16) -> Vec<u8> {
    (0..16).filter(|&i| m & (1 << i) != 0).collect()
}

#[pymethods]
impl Core {
    #[new]
    fn new(tables: &Tables, state: &Bound<'_, PyDict>) -> PyResult<Self> {
        let t = tables.t.clone();
        let s = load_state(&t, state)?;
        let mut c = Core { t, s, buf: Vec::with_capacity(128) };
        // A state handed over mid-advance is advanced as game/ would have.
        c.s.advance(&c.t, &mut c.buf);
        if c.s.overflow {
            return Err(err("state: the pending stack overflowed while advancing"));
        }
        Ok(c)
    }

    fn clone(&self) -> Core {
        Core { t: self.t.clone(), s: self.s, buf: Vec::with_capacity(128) }
    }

    fn __copy__(&self) -> Core {
        self.clone()
    }

    fn legal_actions(&mut self) -> Vec<String> {
        self.s.legal(&self.t, &mut self.buf);
        self.buf.iter().map(|&a| notation::format(&self.t, a)).collect()
    }

    fn apply(&mut self, notation_text: &Bound<'_, PyAny>) -> PyResult<()> {
        let text: String = notation_text.extract().map_err(|_| err("an action must be given as its notation (a str)"))?;
        if self.s.is_terminal() {
            return Err(err(format!("the game is over; '{text}' cannot be played")));
        }
        let want = notation::normalize(&text);
        if want.is_empty() {
            return Err(err("an empty action"));
        }
        self.s.legal(&self.t, &mut self.buf);
        let found = self.buf.iter().copied().find(|&a| notation::normalize(&notation::format(&self.t, a)) == want);
        let Some(a) = found else {
            let kind = self.s.top().map(|s| step::NAMES[s[0] as usize]).unwrap_or("none");
            return Err(err(format!("'{text}' is not a legal action now ({kind} decision)")));
        };
        let mut buf = std::mem::take(&mut self.buf);
        let r = self.s.apply(&self.t, a, &mut buf);
        self.buf = buf;
        r.map_err(err)
    }

    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.s.current_player()
    }

    #[getter]
    fn decision(&self) -> Option<&'static str> {
        self.s.top().map(|s| step::NAMES[s[0] as usize])
    }

    #[getter]
    fn is_terminal(&self) -> bool {
        self.s.is_terminal()
    }

    /// (winner or None, victory, (sheet 0, sheet 1)) once over, else None.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        if !self.s.is_terminal() {
            return Ok(None);
        }
        let w: Option<u8> = if self.s.winner < 2 { Some(self.s.winner) } else { None };
        let a = tup(py, &self.s.score_sheet(&self.t, 0))?;
        let b = tup(py, &self.s.score_sheet(&self.t, 1))?;
        let sheets = PyTuple::new(py, [a, b])?;
        Ok(Some(PyTuple::new(py, [w.into_pyobject(py)?.into_any(),
                                  victory::NAMES[self.s.victory as usize].into_pyobject(py)?.into_any(),
                                  sheets.into_any()])?))
    }

    /// The comparable digest (game/ai/native.py `digest_of` builds the same from a State).
    fn digest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = &self.s;
        let t = &self.t;
        let d = PyDict::new(py);
        let pair = |f: &dyn Fn(usize) -> Vec<u8>| -> PyResult<Bound<'py, PyTuple>> {
            PyTuple::new(py, [tup(py, &f(0))?, tup(py, &f(1))?])
        };
        d.set_item("age", s.age)?;
        d.set_item("phase", ["draft", "play", "over"][s.phase as usize])?;
        d.set_item("player", s.current_player())?;
        d.set_item("decision", s.top().map(|x| step::NAMES[x[0] as usize]))?;
        d.set_item("coins", tup(py, &[s.coins[0] as i64, s.coins[1] as i64])?)?;
        d.set_item("pawn", s.pawn)?;
        d.set_item("military_tokens", tup(py, &ids16(s.military_tokens as u16))?)?;
        d.set_item("city", pair(&|p| ids128(s.owned[p] & !t.senator_mask))?)?;
        d.set_item("senators", pair(&|p| ids128(s.owned[p] & t.senator_mask))?)?;
        d.set_item("wonders", pair(&|p| ids16(s.wonders[p]))?)?;
        let built = |p: usize| -> PyResult<Bound<'py, PyTuple>> {
            let items: Vec<Bound<'py, PyTuple>> = ids16(s.built[p]).into_iter()
                .map(|w| tup(py, &[w as i64, s.tucked[w as usize] as i64])).collect::<PyResult<_>>()?;
            PyTuple::new(py, items)
        };
        d.set_item("built", PyTuple::new(py, [built(0)?, built(1)?])?)?;
        d.set_item("wonders_out", tup(py, &ids16(s.wonders_out))?)?;
        d.set_item("draft_pool", tup(py, &ids16(s.draft_pool))?)?;
        d.set_item("draft_pick", s.draft_pick)?;
        d.set_item("progress_board", tup(py, &ids16(s.progress_board))?)?;
        d.set_item("progress_box", tup(py, s.box_tokens())?)?;
        d.set_item("progress_owned", pair(&|p| ids16(s.progress_owned[p]))?)?;
        d.set_item("progress_locked", tup(py, &ids16(s.progress_locked))?)?;
        let dealt = t.agora || s.phase != phase::DRAFT;
        let n = if dealt { t.layouts[s.age as usize - 1].n as usize } else { 0 };
        let structure: Vec<i64> = s.structure[..n].iter().map(|&c| if c == NONE { -1 } else { c as i64 }).collect();
        d.set_item("structure", tup(py, &structure)?)?;
        let face_up: Vec<bool> = (0..n).map(|i| s.face_up & (1 << i) != 0).collect();
        d.set_item("face_up", tup(py, &face_up)?)?;
        let acc: Vec<u8> = (0..n as u8).filter(|&i| s.accessible & (1 << i) != 0).collect();
        d.set_item("accessible", tup(py, &acc)?)?;
        d.set_item("discard", tup(py, &ids128(s.discard))?)?;
        d.set_item("removed", tup(py, &ids128(s.removed))?)?;
        d.set_item("extra_turn", s.extra_turn)?;
        d.set_item("rng", s.rng)?;
        d.set_item("remaining", s.remaining)?;
        d.set_item("scores", PyTuple::new(py, [tup(py, &s.score_sheet(t, 0))?, tup(py, &s.score_sheet(t, 1))?])?)?;
        if s.is_terminal() {
            let w: Option<u8> = if s.winner < 2 { Some(s.winner) } else { None };
            d.set_item("result", (w, victory::NAMES[s.victory as usize]))?;
        } else {
            d.set_item("result", py.None())?;
        }
        if t.agora {
            d.set_item("cubes", tup(py, &s.cubes)?)?;
            let control: Vec<Option<u8>> = s.control.iter().map(|&c| if c == NONE { None } else { Some(c) }).collect();
            d.set_item("control", PyTuple::new(py, control)?)?;
            let chambers: Vec<Bound<'py, PyTuple>> = (0..6u8)
                .map(|ch| {
                    let ds: Vec<u8> = (0..6).filter(|&i| s.dec_ch[i] == ch).map(|i| s.dec_id[i]).collect();
                    tup(py, &ds)
                })
                .collect::<PyResult<_>>()?;
            d.set_item("chamber_decrees", PyTuple::new(py, chambers)?)?;
            d.set_item("decree_up", tup(py, &ids16(s.decree_up))?)?;
            d.set_item("conspiracy_deck", tup(py, &s.cdeck[..s.cdeck_len as usize])?)?;
            let cons = |p: usize| -> PyResult<Bound<'py, PyTuple>> {
                let items: Vec<Bound<'py, PyTuple>> = (0..16u8)
                    .filter(|&k| s.cons[k as usize] != NONE && (s.cons[k as usize] & 1) as usize == p)
                    .map(|k| {
                        let card = s.cons_card[k as usize];
                        tup(py, &[k as i64, (s.cons[k as usize] >> 1) as i64, if card == NONE { -1 } else { card as i64 }])
                    })
                    .collect::<PyResult<_>>()?;
                PyTuple::new(py, items)
            };
            d.set_item("conspiracies", PyTuple::new(py, [cons(0)?, cons(1)?])?)?;
        }
        Ok(d)
    }

    /// Play uniformly random actions to the end (from this state, changed in place); the
    /// seed drives the choices. Returns (winner or None, victory).
    fn playout(&mut self, py: Python<'_>, seed: u64) -> PyResult<(Option<u8>, &'static str)> {
        let t = self.t.clone();
        let mut s = self.s;
        let mut buf = std::mem::take(&mut self.buf);
        let r = py.allow_threads(|| s.playout(&t, seed, &mut buf));
        self.buf = buf;
        r.map_err(err)?;
        self.s = s;
        let w = if s.winner < 2 { Some(s.winner) } else { None };
        Ok((w, victory::NAMES[s.victory as usize]))
    }

    /// The action the search's playout policy takes here for players on `plans` (0 plain,
    /// 1 science, 2 military, 3 politics) with its options (search.rs `Params`): for the tests.
    #[pyo3(signature = (plans, seed, lookahead=false, deny=false, senate=0.0, points=0.0,
                        card_first=false, finishes=true, guard=false))]
    #[allow(clippy::too_many_arguments)]
    fn policy_action(&self, plans: (u8, u8), seed: u64, lookahead: bool, deny: bool, senate: f64, points: f64,
                     card_first: bool, finishes: bool, guard: bool) -> PyResult<Option<String>> {
        if plans.0 > 3 || plans.1 > 3 {
            return Err(err("policy_action: a plan is 0, 1, 2 or 3"));
        }
        let params = crate::search::Params { lookahead, deny, guard: guard as u8, senate, points, card_first, finishes,
                                              ..Default::default() };
        let a = crate::search::Policy::pick_with(&self.t, &self.s, [plans.0, plans.1], &params, seed);
        Ok(a.map(|a| crate::notation::format(&self.t, a)))
    }

    /// Base game: the unseen cards dealt afresh, in place (`State::shuffle_unseen`, what
    /// the search's `redeal` does every iteration); the seed drives the deal.
    fn shuffle_unseen(&mut self, seed: u64) {
        let mut r = seed;
        let t = self.t.clone();
        self.s.shuffle_unseen(&t, &mut r);
    }

    /// `n` random playouts from copies of this state (seeds seed, seed+1, ...; each copy's
    /// own generator reseeded too); returns the wins of seat 0, seat 1 and the draws.
    fn playouts(&self, py: Python<'_>, n: u64, seed: u64) -> PyResult<(u64, u64, u64)> {
        let t = self.t.clone();
        let start = self.s;
        py.allow_threads(move || {
            let mut buf = Vec::with_capacity(128);
            let mut wins = (0, 0, 0);
            for i in 0..n {
                let mut s = start;
                s.rng ^= seed.wrapping_add(i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                s.playout(&t, seed.wrapping_add(i), &mut buf)?;
                match s.winner {
                    0 => wins.0 += 1,
                    1 => wins.1 += 1,
                    _ => wins.2 += 1,
                }
            }
            Ok(wins)
        }).map_err(|e: String| err(e))
    }

    /// `n` times: copy the state and apply one of its legal actions to the copy (the
    /// search's inner step); returns a checksum so the work is not optimised away.
    fn copy_apply_loop(&self, py: Python<'_>, n: u64) -> u64 {
        let t = self.t.clone();
        let start = self.s;
        py.allow_threads(move || {
            let mut buf = Vec::with_capacity(128);
            start.legal(&t, &mut buf);
            let acts = buf.clone();
            if acts.is_empty() {
                return 0;
            }
            let mut sum = 0u64;
            for i in 0..n {
                let mut s = std::hint::black_box(start);
                s.apply_unchecked(&t, acts[(i as usize) % acts.len()], &mut buf);
                sum = sum.wrapping_add(s.coins[0] as u64 + s.n_pending as u64);
            }
            sum
        })
    }

    /// The state as the plain numbers `Core(tables, dict)` reads (game/ai/native.py turns
    /// them back into a game.State).
    fn export<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = &self.s;
        let t = &self.t;
        let d = PyDict::new(py);
        d.set_item("agora", t.agora)?;
        d.set_item("rng", s.rng)?;
        d.set_item("owned", (s.owned[0], s.owned[1]))?;
        d.set_item("discard", s.discard)?;
        d.set_item("removed", s.removed)?;
        d.set_item("coins", (s.coins[0], s.coins[1]))?;
        d.set_item("wonders", (s.wonders[0], s.wonders[1]))?;
        d.set_item("built", (s.built[0], s.built[1]))?;
        let tucked: Vec<(u8, u8)> = (0..14u8).filter(|&w| (s.built[0] | s.built[1]) & (1 << w) != 0)
            .map(|w| (w, s.tucked[w as usize])).collect();
        d.set_item("tucked", tucked)?;
        d.set_item("wonders_out", s.wonders_out)?;
        d.set_item("draft_pool", s.draft_pool)?;
        d.set_item("draft_deck", s.draft_deck[s.draft_deck_pos as usize..s.draft_deck_len as usize].to_vec())?;
        d.set_item("draft_pick", s.draft_pick)?;
        d.set_item("progress_board", s.progress_board)?;
        d.set_item("progress_box", s.box_tokens().to_vec())?;
        d.set_item("progress_owned", (s.progress_owned[0], s.progress_owned[1]))?;
        d.set_item("progress_locked", s.progress_locked)?;
        let dealt = t.agora || s.phase != phase::DRAFT;
        let n = if dealt { t.layouts[s.age as usize - 1].n as usize } else { 0 };
        let structure: Vec<i64> = s.structure[..n].iter().map(|&c| if c == NONE { -1 } else { c as i64 }).collect();
        d.set_item("structure", structure)?;
        d.set_item("decks", (s.decks[0].to_vec(), s.decks[1].to_vec()))?;
        d.set_item("face_up", if dealt { s.face_up } else { 0 })?;
        d.set_item("accessible", if dealt { s.accessible } else { 0 })?;
        d.set_item("reveal_pending", s.reveal_pending)?;
        d.set_item("pawn", s.pawn)?;
        d.set_item("age", s.age)?;
        d.set_item("phase", ["draft", "play", "over"][s.phase as usize])?;
        d.set_item("first_player", s.first_player)?;
        d.set_item("extra_turn", s.extra_turn)?;
        d.set_item("last_player", s.last_player)?;
        d.set_item("remaining", s.remaining)?;
        d.set_item("military_tokens", s.military_tokens)?;
        let deferred: Vec<(u8, u8)> = s.deferred[..s.n_deferred as usize].iter().map(|&x| (x >> 4, x & 15)).collect();
        d.set_item("deferred", deferred)?;
        if t.agora {
            d.set_item("cubes", s.cubes.to_vec())?;
            let control: Vec<Option<u8>> = s.control.iter().map(|&c| if c == NONE { None } else { Some(c) }).collect();
            d.set_item("control", control)?;
            let decs: Vec<(u8, u8)> = (0..6).filter(|&i| s.dec_ch[i] != NONE).map(|i| (s.dec_id[i], s.dec_ch[i])).collect();
            d.set_item("decrees", decs)?;
            d.set_item("decree_up", s.decree_up)?;
            d.set_item("conspiracy_deck", s.cdeck[..s.cdeck_len as usize].to_vec())?;
            let cons: Vec<(u8, u8, u8, i16)> = (0..16u8).filter(|&k| s.cons[k as usize] != NONE)
                .map(|k| {
                    let v = s.cons[k as usize];
                    let c = s.cons_card[k as usize];
                    (k, v & 1, v >> 1, if c == NONE { -1 } else { c as i16 })
                })
                .collect();
            d.set_item("conspiracies", cons)?;
        }
        let pending: Vec<Vec<u8>> = if s.is_terminal() { vec![] } else {
            s.pending[..s.n_pending as usize].iter().map(|x| x.to_vec()).collect()
        };
        d.set_item("pending", pending)?;
        if s.is_terminal() {
            let w: Option<u8> = if s.winner < 2 { Some(s.winner) } else { None };
            d.set_item("result", (w, victory::NAMES[s.victory as usize]))?;
            d.set_item("sheets", (s.score_sheet(t, 0).to_vec(), s.score_sheet(t, 1).to_vec()))?;
            d.set_item("tiebreak", s.tiebreak)?;
        } else {
            d.set_item("result", py.None())?;
        }
        Ok(d)
    }

    /// game/ai/evaluate.py `evaluate(s, me, hidden, tempo=tempo)` with the weights handed
    /// over (`hidden`: slots whose card `me` cannot know).
    #[pyo3(signature = (me, weights, hidden=Vec::new(), tempo=true))]
    fn evaluate(&self, me: u8, weights: &EvalWeights, hidden: Vec<u8>, tempo: bool) -> PyResult<f64> {
        let hidden = weights.check(&self.t, me, &hidden)?;
        Ok(weights.e.evaluate(&self.t, &self.s, me as usize, hidden, tempo))
    }

    /// evaluate.py `terms`: {term name: value} (the terms its dict holds), for debugging.
    #[pyo3(signature = (me, weights, hidden=Vec::new(), tempo=true))]
    fn evaluate_terms<'py>(&self, py: Python<'py>, me: u8, weights: &EvalWeights, hidden: Vec<u8>, tempo: bool)
                           -> PyResult<Bound<'py, PyDict>> {
        let hidden = weights.check(&self.t, me, &hidden)?;
        let terms = weights.e.terms(&self.t, &self.s, me as usize, hidden, tempo);
        let d = PyDict::new(py);
        for k in crate::evaluate::term::SUM_ORDER {
            if terms.has(k) {
                d.set_item(crate::evaluate::TERM_NAMES[k], terms.v[k])?;
            }
        }
        Ok(d)
    }

    #[staticmethod]
    fn state_bytes() -> usize {
        std::mem::size_of::<State>()
    }

    fn __repr__(&self) -> String {
        format!("<agora_native.Core {} age {} {}>", if self.t.agora { "Agora" } else { "base" }, self.s.age,
                self.s.top().map(|x| step::NAMES[x[0] as usize]).unwrap_or("over"))
    }
}

#[pymodule]
fn agora_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VERSION", crate::VERSION)?;
    // game/ai/native.py refuses a build whose interface differs from the one it speaks.
    m.add("INTERFACE", INTERFACE)?;
    m.add_class::<Tables>()?;
    m.add_class::<Core>()?;
    m.add_class::<Search>()?;
    m.add_class::<EvalWeights>()?;
    let _ = PyList::empty(m.py());
    Ok(())
}

/// The information-set search (`crate::search`): one tree kept between decisions.
#[pyclass(module = "agora_native")]
pub struct Search {
    t: Arc<crate::tables::Tables>,
    tree: crate::search::Tree,
    /// The trees of the other threads (`run(threads=k)`), kept between searches as the
    /// first one is.
    helpers: Vec<crate::search::Tree>,
}

#[pymethods]
impl Search {
    #[new]
    fn new(tables: &Tables) -> Self {
        Search { t: tables.t.clone(), tree: crate::search::Tree::new(), helpers: Vec::new() }
    }

    /// Forget the tree (every thread's).
    fn reset(&mut self) {
        self.tree.reset();
        self.helpers.iter_mut().for_each(|h| h.reset());
    }

    /// Walk the root down the actions played since the last search (notations); returns
    /// whether the tree was kept (False: it was reset). `followups`: the tree is the guided
    /// search's, which holds no node for a turn's follow-ups; an action of a kind (its
    /// notation's verb) none of the node's children has is stepped over (mcts.py `subtree`).
    #[pyo3(signature = (played, followups=false))]
    fn advance(&mut self, played: Vec<String>, followups: bool) -> bool {
        let want: Vec<String> = played.iter().map(|x| notation::normalize(x)).collect();
        let t = self.t.clone();
        let same = |a: Act, i: usize| notation::normalize(&notation::format(&t, a)) == want[i];
        let verb = |x: &str| x.split_whitespace().next().unwrap_or("").to_string();
        let step_over = |acts: &[Act], i: usize| {
            followups && !acts.iter().any(|&a| verb(&notation::format(&t, a)) == verb(&want[i]))
        };
        for h in &mut self.helpers {
            h.advance(same, step_over, want.len());
        }
        self.tree.advance(same, step_over, want.len())
    }

    #[getter]
    fn size(&self) -> usize {
        self.tree.size()
    }

    #[getter]
    fn root_visits(&self) -> u32 {
        self.tree.root_visits()
    }

    #[getter]
    fn last_iterations(&self) -> u64 {
        self.tree.last_iterations
    }

    /// The exact end of the game on each state of `pool` (complete determinizations of
    /// seat `me`'s observation): per root action, its mean exact value over the states (an
    /// action missing from a state counts as a loss there), or None when `nodes` or
    /// `seconds` (0: no limit) ran out. The GIL is released.
    #[pyo3(signature = (pool, me, nodes, seconds=0.0))]
    fn solve(&self, py: Python<'_>, pool: Vec<PyRef<'_, Core>>, me: u8, nodes: u64, seconds: f64)
             -> PyResult<Option<Vec<(String, f64)>>> {
        if pool.is_empty() || me > 1 || !seconds.is_finite() || seconds < 0.0 {
            return Err(err("solve: an empty pool or bad arguments"));
        }
        if pool.iter().any(|c| c.t.agora != self.t.agora) {
            return Err(err("solve: a state of another rule set"));
        }
        let states: Vec<State> = pool.iter().map(|c| c.s).collect();
        drop(pool);
        let t = self.t.clone();
        let deadline = if seconds > 0.0 {
            Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(seconds))
        } else {
            None
        };
        let got = py.allow_threads(|| {
            let mut totals: Vec<(Act, f64, u32)> = Vec::new();
            let mut used = 0u64;
            for s in &states {
                let mut solver = crate::search::Solver::new(&t, me, nodes.saturating_sub(used), deadline);
                let values = solver.root_values(s)?;
                used += solver.nodes;
                for (a, v) in values {
                    match totals.iter_mut().find(|x| x.0 == a) {
                        Some(x) => { x.1 += v; x.2 += 1; }
                        None => totals.push((a, v, 1)),
                    }
                }
            }
            let n = states.len() as f64;
            Some(totals.into_iter().map(|(a, v, k)| (a, (v - (n - k as f64) * crate::search::OUTCOME) / n)).collect::<Vec<_>>())
        });
        Ok(got.map(|v| v.into_iter().map(|(a, x)| (notation::format(&t, a), x)).collect()))
    }

    /// Search from `pool` (determinizations of the seat `me`'s observation, all at the
    /// same decision) for at most `iterations` iterations and `seconds` seconds (0: no
    /// limit), the GIL released. `priors`: (notation, prior, value or -1) for the root's
    /// actions; with `virtual_n` > 0 an unvisited root child starts with that many visits
    /// of its value.
    /// `threads` > 1 adds that many less one independent trees (root parallel), each over its
    /// own share of `pool` when it holds one state a thread or more, kept
    /// between searches as this one is, whose root statistics are summed with this one's.
    /// Returns (notation, visits, mean value for me).
    #[pyo3(signature = (pool, me, iterations, seconds, seed, priors, c_root=1.0, c=0.7, policy=1,
                        science=0.4, military=0.2, margin=0.0, threads=1, virtual_n=0, senate=0.0,
                        lookahead=false, deny=false, politics=0.0, points=0.0, redeal=false, card_first=false, age_stop=false,
                        finishes=true, guard=0, leaf_eval=0.0, guided=false, upgrade=4,
                        prior_temperature=2.5, senate_edges=0, weights=None))]
    #[allow(clippy::too_many_arguments)]
    fn run(&mut self, py: Python<'_>, pool: Vec<PyRef<'_, Core>>, me: u8, iterations: u64, seconds: f64,
           seed: u64, priors: Vec<(String, f64, f64)>, c_root: f64, c: f64, policy: u8, science: f64,
           military: f64, margin: f64, threads: usize, virtual_n: u32, senate: f64,
           lookahead: bool, deny: bool, politics: f64, points: f64, redeal: bool,
           card_first: bool, age_stop: bool, finishes: bool, guard: u8, leaf_eval: f64,
           guided: bool, upgrade: u32, prior_temperature: f64, senate_edges: u8,
           weights: Option<PyRef<'_, EvalWeights>>) -> PyResult<Vec<(String, u32, f64)>> {
        if pool.is_empty() {
            return Err(err("search: an empty pool of states"));
        }
        if !(0.0..=1.0).contains(&leaf_eval) {
            return Err(err("search: leaf_eval must lie in [0, 1]"));
        }
        let evaluator = match &weights {
            Some(w) => {
                w.check(&self.t, me, &[])?;
                Some(w.e.clone())
            }
            None if leaf_eval > 0.0 || guided => {
                return Err(err("search: leaf_eval and guided need evaluation weights"))
            }
            None => None,
        };
        drop(weights);
        if !(prior_temperature.is_finite() && prior_temperature > 0.0) {
            return Err(err("search: prior_temperature must be a positive number"));
        }
        if me > 1 || threads == 0 || threads > 64 || !seconds.is_finite() || seconds < 0.0 || guard > 2 {
            return Err(err("search: bad arguments (seat, threads, seconds or guard)"));
        }
        let mut states = Vec::with_capacity(pool.len());
        for c in &pool {
            if c.t.agora != self.t.agora {
                return Err(err("search: a state of another rule set"));
            }
            states.push(c.s);
        }
        drop(pool);
        let t = self.t.clone();
        let mut buf = Vec::new();
        states[0].legal(&t, &mut buf);
        let mover = states[0].current_player().unwrap_or(me);
        let mut acts = Vec::new();
        for (text, p, v) in &priors {
            let want = notation::normalize(text);
            if let Some(&a) = buf.iter().find(|&&a| notation::normalize(&notation::format(&t, a)) == want) {
                acts.push((a, *p as f32, *v as f32));
            }
        }
        let params = crate::search::Params { c_root, c, policy, science, military, margin, senate, lookahead, deny,
                                              guard, politics, points, redeal, card_first,
                                              age_stop, finishes, leaf_eval, guided, upgrade, prior_temperature,
                                              senate_edges };
        let deadline = if seconds > 0.0 {
            Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(seconds))
        } else {
            None
        };
        let tree = &mut self.tree;
        tree.set_root_priors(&acts, mover, virtual_n);
        self.helpers.resize_with(threads - 1, crate::search::Tree::new);
        let helpers = &mut self.helpers;
        let per = if threads > 1 { iterations.div_ceil(threads as u64) } else { iterations };
        // each tree searches its own share of the determinizations: the guided search is
        // deterministic given its states, so trees over the same pool would grow alike
        let n = states.len();
        let part = |k: usize| if n < threads { &states[..] } else { &states[k * n / threads..(k + 1) * n / threads] };
        let extra: Vec<Vec<(Act, u32, f64)>> = py.allow_threads(|| {
            std::thread::scope(|sc| {
                let handles: Vec<_> = helpers.iter_mut().enumerate().map(|(k, other)| {
                    let (t, states, acts, evaluator) = (&t, part(k + 1), &acts, &evaluator);
                    sc.spawn(move || {
                        other.set_root_priors(acts, mover, virtual_n);
                        other.run(t, states, me, per, deadline, &params, seed.wrapping_add((k as u64 + 1) * 0x9E37_79B9),
                                  evaluator.as_deref());
                        other.root_stats()
                    })
                }).collect();
                tree.run(&t, part(0), me, per, deadline, &params, seed, evaluator.as_deref());
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        });
        let mut stats: Vec<(Act, u32, f64)> = self.tree.root_stats().into_iter().map(|(a, n, q)| (a, n, q * n as f64)).collect();
        for more in extra {
            for (a, n, q) in more {
                match stats.iter_mut().find(|x| x.0 == a) {
                    Some(x) => { x.1 += n; x.2 += q * n as f64; }
                    None => stats.push((a, n, q * n as f64)),
                }
            }
        }
        // values for `me`: a child chosen by the opponent holds the opponent's value
        Ok(stats.into_iter().filter(|x| buf.contains(&x.0)).map(|(a, n, w)| {
            let q = if n > 0 { w / n as f64 } else { 0.0 };
            (notation::format(&t, a), n, if mover == me { q } else { 1.0 - q })
        }).collect())
    }
}

/// The position evaluation of one rule set (`crate::evaluate`), its numbers handed over
/// once from game/ai/evaluate.py by the bridge (game/ai/native.py `eval_weights`): a dict
/// with "weights" (WEIGHTS with CAP and DIMINISH, by name), "term_scale" (term: 3 scales),
/// "value_scale" (3), and per id "token_passive" (None, a number or 3), "wonder_extra",
/// "decree_value" (3 each) and "conspiracy_base".
#[pyclass(frozen, module = "agora_native")]
pub struct EvalWeights {
    t: Arc<crate::tables::Tables>,
    e: Arc<crate::evaluate::Evaluator>,
    /// Another compilation of the same rule set, once found to be one (the states a game
    /// deals may hold it): later calls then skip comparing the names. Kept alive here, so
    /// its address can never be another table's.
    twin: std::sync::OnceLock<Arc<crate::tables::Tables>>,
}

/// A number or a sequence of numbers, as a list.
fn numbers(v: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<f64>> {
    if let Ok(x) = v.extract::<f64>() {
        return Ok(vec![x]);
    }
    v.extract::<Vec<f64>>().map_err(|_| err(format!("evaluation weights: {what} must be a number or a list of numbers")))
}

/// A dict of named numbers (a name: a number or a list of numbers).
fn named_numbers(d: &Bound<'_, PyDict>, key: &str) -> PyResult<Vec<(String, Vec<f64>)>> {
    let inner = get(d, key, "evaluation weights")?;
    let inner = inner.downcast::<PyDict>().map_err(|_| err(format!("evaluation weights: '{key}' must be a dict")))?;
    inner.iter().map(|(k, v)| {
        let name: String = k.extract().map_err(|_| err(format!("evaluation weights: a key of '{key}' is not a str")))?;
        let v = numbers(&v, &format!("{key}.{name}"))?;
        Ok((name, v))
    }).collect()
}

/// A list with an entry per id: each a number or a list of numbers (`none_ok`: or None).
fn per_id_numbers(d: &Bound<'_, PyDict>, key: &str, none_ok: bool) -> PyResult<Vec<Option<Vec<f64>>>> {
    let list = get(d, key, "evaluation weights")?;
    let items: Vec<Bound<'_, PyAny>> = list.extract().map_err(|_| err(format!("evaluation weights: '{key}' must be a list")))?;
    items.iter().enumerate().map(|(i, v)| {
        if v.is_none() && none_ok {
            return Ok(None);
        }
        numbers(v, &format!("{key}[{i}]")).map(Some)
    }).collect()
}

fn scalars(v: Vec<Option<Vec<f64>>>, key: &str) -> PyResult<Vec<f64>> {
    v.into_iter().enumerate().map(|(i, x)| match x.as_deref() {
        Some([one]) => Ok(*one),
        _ => Err(err(format!("evaluation weights: {key}[{i}] must be one number"))),
    }).collect()
}

/// Two compilations of the same rule set (the bridge compiles once per `Rules` object, and
/// game/ may hold more than one): the same components under the same names.
fn same_rules(a: &crate::tables::Tables, b: &crate::tables::Tables) -> bool {
    a.agora == b.agora && a.cards.len() == b.cards.len() && a.wonders.len() == b.wonders.len()
        && a.progress.len() == b.progress.len() && a.decrees.len() == b.decrees.len()
        && a.conspiracies.len() == b.conspiracies.len() && a.effects.len() == b.effects.len()
        && a.names.cards == b.names.cards && a.names.wonders == b.names.wonders
        && a.names.progress == b.names.progress && a.names.conspiracies == b.names.conspiracies
}

impl EvalWeights {
    /// The checks of an evaluation call: these weights' tables, a seat, the hidden slots
    /// (as a bit per slot).
    fn check(&self, t: &Arc<crate::tables::Tables>, me: u8, hidden: &[u8]) -> PyResult<u32> {
        let known = Arc::ptr_eq(&self.t, t) || self.twin.get().is_some_and(|x| Arc::ptr_eq(x, t));
        if !known {
            if !same_rules(&self.t, t) {
                return Err(err("these evaluation weights were made for other tables"));
            }
            let _ = self.twin.set(t.clone());
        }
        if me > 1 {
            return Err(err(format!("seat {me} is not 0 or 1")));
        }
        hidden.iter().try_fold(0u32, |m, &slot| {
            if slot < 25 { Ok(m | 1 << slot) } else { Err(err(format!("hidden slot {slot} is out of the structure"))) }
        })
    }
}

#[pymethods]
impl EvalWeights {
    #[new]
    fn new(tables: &Tables, d: &Bound<'_, PyDict>) -> PyResult<Self> {
        let w = "evaluation weights";
        let spec = crate::evaluate::Spec {
            weights: named_numbers(d, "weights")?,
            term_scale: named_numbers(d, "term_scale")?,
            value_scale: ext(d, "value_scale", w)?,
            token_passive: per_id_numbers(d, "token_passive", true)?,
            wonder_extra: scalars(per_id_numbers(d, "wonder_extra", false)?, "wonder_extra")?,
            decree_value: per_id_numbers(d, "decree_value", false)?.into_iter().flatten().collect(),
            conspiracy_base: scalars(per_id_numbers(d, "conspiracy_base", false)?, "conspiracy_base")?,
        };
        let e = crate::evaluate::Evaluator::new(&tables.t, &spec).map_err(|m| err(format!("{w}: {m}")))?;
        Ok(EvalWeights { t: tables.t.clone(), e: Arc::new(e), twin: std::sync::OnceLock::new() })
    }

    /// evaluate.py `win_chance(v, age)`.
    #[pyo3(signature = (v, age=2))]
    fn win_chance(&self, v: f64, age: u8) -> PyResult<f64> {
        if !(1..=3).contains(&age) {
            return Err(err(format!("age {age} is not 1, 2 or 3")));
        }
        Ok(self.e.win_chance(v, age))
    }

    /// The terms' names, in game/ai/weights.py TERM_NAMES order.
    #[getter]
    fn term_names(&self) -> Vec<&'static str> {
        crate::evaluate::TERM_NAMES.to_vec()
    }
}
