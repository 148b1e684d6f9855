//! The static tables of one rule set (base or Agora), handed over by Python once.
//!
//! Nothing here is written out by hand: `game/ai/native.py` compiles `data/cards.yaml`
//! (through `game.rules.rules_for`) into these plain numbers, so the YAML stays the one
//! data source. Ids are the Python engine's ids (index into `rules.cards`, `.wonders`, ...).

pub const NONE: u8 = 255;
pub const N_RES: usize = 5;
/// Colour codes, in `game.data.COLORS` order; `WONDER` is the "colour" of a Wonder
/// (Decree D14's construction coins, Architecture's discount).
pub const BROWN: u8 = 0;
pub const GREY: u8 = 1;
pub const BLUE: u8 = 2;
pub const GREEN: u8 = 3;
pub const YELLOW: u8 = 4;
pub const RED: u8 = 5;
pub const PURPLE: u8 = 6;
pub const WONDER: u8 = 7;
pub const N_COLORS: usize = 7;

/// Counter of `coins_per` and `guild` effects: bits 0..6 colours, these two specials.
pub const COUNT_WONDERS: u16 = 1 << 8;
pub const COUNT_COINS: u16 = 1 << 9;

/// Effect kinds (the on-gain vocabulary of game/effects.py, senate.py, conspiracies.py).
pub mod fx {
    pub const COINS: u8 = 0;
    pub const SHIELDS: u8 = 1;
    pub const COINS_PER: u8 = 2;
    pub const GUILD: u8 = 3;
    pub const PLAY_AGAIN: u8 = 4;
    pub const OPPONENT_LOSES_COINS: u8 = 5;
    pub const DESTROY_OPPONENT_CARD: u8 = 6;
    pub const BUILD_FROM_DISCARD: u8 = 7;
    pub const DRAW_PROGRESS: u8 = 8;
    pub const CONSPIRE: u8 = 9;
    pub const PLACE_CUBE: u8 = 10;
    pub const MAY_MOVE_CUBE: u8 = 11;
    pub const REMOVE_OPPONENT_CUBE: u8 = 12;
    pub const TRIGGER_UNPREPARED: u8 = 13;
    pub const TAKE_OPPONENT_WONDER: u8 = 14;
    pub const TAKE_OPPONENT_COINS: u8 = 15;
    pub const DISCARD_OPPONENT_CARD: u8 = 16;
    pub const LOCK_PROGRESS: u8 = 17;
    pub const BUILD_FROM_TOP_ROW: u8 = 18;
    pub const BUILD_FROM_REMOVED: u8 = 19;
    pub const TAKE_BOXED_PROGRESS: u8 = 20;
    pub const DISCARD_ACCESSIBLE: u8 = 21;
    pub const COINS_PER_OWN_CUBE: u8 = 22;
    pub const OPPONENT_LOSES_PER_CUBE: u8 = 23;
    pub const TAKE_OPPONENT_CARD: u8 = 24;
    pub const SWAP_CARD: u8 = 25;
    pub const MOVE_DECREE: u8 = 26;
    pub const RETURN_OPPONENT_WONDER: u8 = 27;
    pub const COUNT: u8 = 28;
}

/// Where an effect comes from (its source's kind): shields read it (colour bonus, the
/// Agora deferral of a construction's military tokens).
pub mod src {
    pub const CARD: u8 = 0;
    pub const WONDER: u8 = 1;
    pub const DRAFT: u8 = 2;
    pub const PROGRESS: u8 = 3;
    pub const MILITARY: u8 = 4;
    pub const CONSPIRACY: u8 = 5;
    pub const DECREE: u8 = 6;
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Effect {
    pub kind: u8,
    pub a: u16,
    pub b: u8,
    pub c: u8,
}

#[derive(Clone, Debug, Default)]
pub struct Card {
    pub color: u8,
    pub coin_cost: u8,
    pub res: [u8; N_RES],
    pub units: u8,
    pub chain_in: u8,
    pub chain_out: u8,
    pub prod: [u8; N_RES],
    pub has_prod: bool,
    pub choice: u8,
    pub points: u8,
    pub shields: u8,
    pub science: u8,
    pub fixed: u8,
    pub guild_counter: u16,
    pub guild_points: u8,
    pub guild_per: u8,
    pub is_guild: bool,
    /// 0 not a Senator, 1 Politician, 2 Conspirator.
    pub senator: u8,
    /// Politician's section: 0 left, 1 middle, 2 right.
    pub section: u8,
    pub age: u8,
    pub on_gain: Vec<u8>,
}

#[derive(Clone, Debug, Default)]
pub struct Wonder {
    pub res: [u8; N_RES],
    pub units: u8,
    pub points: u8,
    pub choice: u8,
    pub on_gain: Vec<u8>,
    pub draft_effects: Vec<u8>,
}

#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub points: u8,
    pub science: u8,
    pub on_gain: Vec<u8>,
    /// discount units per target colour (index WONDER for Wonders).
    pub discount: [u8; 8],
    /// extra shields per colour (an owned token sets, not adds: game/city.py).
    pub extra_shields: [u8; N_COLORS],
    pub has_extra_shields: u8, // colour mask
    pub trade_income: bool,
    pub points_per_progress: u8,
    pub wonders_play_again: bool,
    pub chain_coins: u8,
    pub free_recruit: bool,
    pub keep_both: bool,
}

#[derive(Clone, Debug, Default)]
pub struct MilitaryToken {
    pub lo: i8,
    pub hi: i8,
    pub on_gain: Vec<u8>,
}

#[derive(Clone, Debug, Default)]
pub struct Decree {
    pub shields: u8,
    pub construction_coins: u8, // colour or NONE
    pub ignore_color: u8,       // colour or NONE
    pub wonder_discount: u8,
    pub trade_disc_mask: u8,
    pub trade_disc_coins: u8,
    pub blue_bonus: u8,
    pub discard_bonus: u8,
    pub opp_chains: bool,
    pub consp_extra: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Chamber {
    pub points: u8,
    pub section: u8,
}

#[derive(Clone, Debug, Default)]
pub struct Layout {
    pub n: u8,
    pub covers: Vec<Vec<u8>>,
    pub covered_by: Vec<Vec<u8>>,
    pub face_up: u32,
    pub top_row: u32,
    /// slots covered by nothing: accessible when the Age is dealt
    pub open: u32,
    /// the same relations as bitsets over slots, without a heap hop (the playouts' path)
    pub covers_mask: [u32; 25],
    pub covered_by_mask: [u32; 25],
}

impl Layout {
    pub fn new(n: u8, covers: Vec<Vec<u8>>, covered_by: Vec<Vec<u8>>, face_up: u32, top_row: u32, open: u32) -> Layout {
        let masks = |v: &Vec<Vec<u8>>| -> [u32; 25] {
            let mut m = [0u32; 25];
            for (slot, x) in v.iter().enumerate().take(25) {
                m[slot] = x.iter().filter(|&&s| s < 25).fold(0, |acc, &s| acc | 1 << s);
            }
            m
        };
        Layout { covers_mask: masks(&covers), covered_by_mask: masks(&covered_by), n, covers, covered_by, face_up, top_row, open }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Names {
    pub cards: Vec<String>,
    pub wonders: Vec<String>,
    pub progress: Vec<String>,
    pub conspiracies: Vec<String>,
    pub chambers: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Tables {
    pub agora: bool,
    pub cards: Vec<Card>,
    pub wonders: Vec<Wonder>,
    pub progress: Vec<Progress>,
    pub military: Vec<MilitaryToken>,
    pub decrees: Vec<Decree>,
    pub conspiracies: Vec<Vec<u8>>,
    pub chambers: Vec<Chamber>,
    pub layouts: Vec<Layout>, // index age-1
    pub effects: Vec<Effect>,
    pub military_points: Vec<u8>,
    pub capital: i8,
    /// Senator cards, as a bitset over card ids.
    pub senator_mask: u128,
    pub names: Names,
    /// effect index of `coins n` for Urbanism's chain bonus (by n), and of `play_again`
    /// (Theology): the engine queues them with a progress token as source.
    pub coins_fx: Vec<(u8, u8)>,
    pub play_again_fx: u8,
}

impl Tables {
    /// Checks that every id the tables use points inside them; a message names what is wrong.
    pub fn check(&self) -> Result<(), String> {
        if self.cards.len() > 128 {
            return Err(format!("{} cards: the core holds at most 128", self.cards.len()));
        }
        if self.wonders.len() > 14 || self.progress.len() > 12 || self.conspiracies.len() > 16
            || self.decrees.len() > 16 || self.military.len() > 8
        {
            return Err("too many Wonders, tokens, Decrees or Conspiracies for the core".into());
        }
        if self.layouts.len() != 3 {
            return Err("the tables need three layouts".into());
        }
        for l in &self.layouts {
            if l.n as usize > 25 || l.covers.len() != l.n as usize || l.covered_by.len() != l.n as usize {
                return Err("a layout is larger than 25 slots or inconsistent".into());
            }
            if l.covers.iter().chain(l.covered_by.iter()).any(|x| x.len() > 2) {
                return Err("a layout slot overlaps more than two others".into());
            }
        }
        let ne = self.effects.len();
        let bad = |v: &Vec<u8>| v.iter().any(|&e| e as usize >= ne);
        if self.cards.iter().any(|c| bad(&c.on_gain))
            || self.wonders.iter().any(|w| bad(&w.on_gain) || bad(&w.draft_effects))
            || self.progress.iter().any(|t| bad(&t.on_gain))
            || self.military.iter().any(|t| bad(&t.on_gain))
            || self.conspiracies.iter().any(bad)
        {
            return Err("an effect index is out of range".into());
        }
        if self.effects.iter().any(|e| e.kind >= fx::COUNT) {
            return Err("an effect kind is unknown".into());
        }
        if self.agora && self.chambers.len() != 6 {
            return Err("Agora tables need six Chambers".into());
        }
        if self.military_points.len() < self.capital as usize + 1 {
            return Err("military points table too short".into());
        }
        Ok(())
    }
}
