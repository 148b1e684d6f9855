//! A learned evaluation of the position at an Age's end: a logistic model over features
//! of both cities, fitted on the outcomes of playouts from such positions
//! (`tools/fit_cutoff_eval.py`). The search can stop a playout at the end of Age I or II
//! and take the model's chance instead of playing the rest (`Params::cutoff`).

use crate::core::State;
use crate::tables::{Tables, YELLOW};

pub const N_FEATURES: usize = 55;
/// Where the per-Wonder and per-token features start (16 slots each: the masks' width).
const WONDERS_AT: usize = 23;
const TOKENS_AT: usize = WONDERS_AT + 16;

/// The features of `s` from seat `p`'s side: each is p's minus the opponent's (or signed
/// toward p), so the model is antisymmetric: one seat's chance is one minus the other's.
pub fn features(t: &Tables, s: &State, p: usize) -> [f32; N_FEATURES] {
    let o = 1 - p;
    let mut f = [0f32; N_FEATURES];
    let sheet = |q: usize| s.score_sheet(t, q);
    let (a, b) = (sheet(p), sheet(o));
    // points but the military's (the pawn below carries those)
    f[0] = ((a[9] - a[7]) - (b[9] - b[7])) as f32;
    f[1] = s.coins[p] as f32 - s.coins[o] as f32;
    let d = if p == 0 { s.pawn as i32 } else { -(s.pawn as i32) };
    let sign = d.signum() as f32;
    f[2] = d as f32;
    f[3] = sign * (d.abs() - 2).max(0) as f32;
    f[4] = sign * (d.abs() - 5).max(0) as f32;
    let distinct = |q: usize| s.city[q].symbols.iter().filter(|&&x| x > 0).count() as i32;
    let (sp, so) = (distinct(p), distinct(o));
    f[5] = (sp - so) as f32;
    f[6] = (sp >= 4) as i32 as f32 - (so >= 4) as i32 as f32;
    f[7] = (sp >= 5) as i32 as f32 - (so >= 5) as i32 as f32;
    f[8] = s.progress_owned[p].count_ones() as f32 - s.progress_owned[o].count_ones() as f32;
    for r in 0..5 {
        let q = |x: usize| s.city[x].prod[r].min(3) as f32;
        f[9 + r] = q(p) - q(o);
    }
    f[14] = s.city[p].nchoice as f32 - s.city[o].nchoice as f32;
    f[15] = s.city[p].fixed.count_ones() as f32 - s.city[o].fixed.count_ones() as f32;
    f[16] = s.built[p].count_ones() as f32 - s.built[o].count_ones() as f32;
    // Wonders still to build (none once seven stand)
    let standing = (s.built[0] | s.built[1]).count_ones();
    let open = |q: usize| if standing >= 7 { 0.0 } else { (s.wonders[q] & !s.built[q]).count_ones() as f32 };
    f[17] = open(p) - open(o);
    f[18] = s.city[p].chains.count_ones() as f32 - s.city[o].chains.count_ones() as f32;
    f[19] = s.city[p].colors[YELLOW as usize] as f32 - s.city[o].colors[YELLOW as usize] as f32;
    // who moves next (at an Age's start: who chooses who starts)
    f[20] = match s.current_player() {
        Some(q) if q as usize == p => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    };
    // coins matter less as they grow: their square root
    let root = |x: u16| (x as f32).sqrt();
    f[21] = root(s.coins[p]) - root(s.coins[o]);
    let pairs = |q: usize| s.city[q].symbols.iter().filter(|&&x| x >= 2).count() as f32;
    f[22] = pairs(p) - pairs(o);
    // each Wonder still to build, each progress token owned: + for p's, - for the opponent's
    for q in [p, o] {
        let sign = if q == p { 1.0 } else { -1.0 };
        if standing < 7 {
            let mut m = s.wonders[q] & !s.built[q];
            while m != 0 {
                f[WONDERS_AT + m.trailing_zeros() as usize] += sign;
                m &= m - 1;
            }
        }
        let mut m = s.progress_owned[q];
        while m != 0 {
            f[TOKENS_AT + m.trailing_zeros() as usize] += sign;
            m &= m - 1;
        }
    }
    f
}

/// Seat `p`'s chance of winning by the model `w`.
pub fn chance(t: &Tables, s: &State, p: usize, w: &[f32; N_FEATURES]) -> f64 {
    let f = features(t, s, p);
    let z: f32 = f.iter().zip(w.iter()).map(|(x, y)| x * y).sum();
    1.0 / (1.0 + (-(z as f64)).exp())
}
