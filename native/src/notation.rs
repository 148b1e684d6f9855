//! Actions in the engine's own notation (game/actions.py `Action.__str__`).

use crate::core::{act, Act};
use crate::tables::Tables;

fn name(list: &[String], i: u8) -> &str {
    list.get(i as usize).map(|s| s.as_str()).unwrap_or("?")
}

pub fn format(t: &Tables, a: Act) -> String {
    let n = &t.names;
    let card = |i| name(&n.cards, i);
    let wonder = |i| name(&n.wonders, i);
    let token = |i| name(&n.progress, i);
    let cons = |i| name(&n.conspiracies, i);
    let ch = |i| name(&n.chambers, i);
    match a.k {
        act::DRAFT => format!("draft {}", wonder(a.a)),
        act::BUILD => format!("build {}", card(a.a)),
        act::RECRUIT => format!("recruit {}", card(a.a)),
        act::DISCARD => format!("discard {}", card(a.a)),
        act::WONDER => format!("wonder {} with {}", wonder(a.a), card(a.b)),
        act::PREPARE => format!("prepare {} with {}", cons(a.a), card(a.b)),
        act::TRIGGER => format!("trigger {}", cons(a.a)),
        act::START => format!("start player {}", a.a),
        act::PROGRESS => format!("progress {}", token(a.a)),
        act::DECLINE => format!("{} none", ["progress", "move", "trigger", "scrap"][(a.a as usize).min(3)]),
        act::LIBRARY => format!("library {}", token(a.a)),
        act::DESTROY => format!("destroy {}", card(a.a)),
        act::MAUSOLEUM => format!("mausoleum {}", card(a.a)),
        act::PLACE => format!("place in {}", ch(a.a)),
        act::MOVE => format!("move {} to {}", ch(a.a), ch(a.b)),
        act::STOP => "stop".to_string(),
        act::CONSPIRE => "conspire".to_string(),
        act::KEEP => format!("keep {}", cons(a.a)),
        act::RETURN => format!("return {} to the {}", cons(a.a), if a.b == 0 { "top" } else { "bottom" }),
        act::REMOVE => format!("remove from {}", ch(a.a)),
        act::TAKE_WONDER => format!("take {}", wonder(a.a)),
        act::LOCK => format!("lock {} from the {}", token(a.a), ["board", "opponent", "box"][(a.b as usize).min(2)]),
        act::SCRAP => format!("scrap {}", card(a.a)),
        act::TAKE_CARD => format!("take {}", card(a.a)),
        act::SWAP => format!("take {} and give {}", card(a.a), card(a.b)),
        act::MOVE_DECREE => format!("move the Decree of {} to {}", ch(a.a), ch(a.b)),
        act::SABOTAGE => format!("sabotage {}", wonder(a.a)),
        _ => "?".to_string(),
    }
}

/// The notation as `State.parse_action` compares it: case and spacing ignored.
pub fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}
