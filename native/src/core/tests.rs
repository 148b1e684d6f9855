//! Unit tests of the core on a small hand-made rule set (the real tables come from
//! data/cards.yaml through Python; tests/test_native_differential_*.py check those against
//! game/). These check the mechanics themselves: payments, the structure, the pawn,
//! science pairs, the decision stack, refusals, and the state's size.

use super::*;
use crate::tables::{self as tb, Card, Effect, Layout, MilitaryToken, Progress, Wonder};

const COINS4: u8 = 0;
const SHIELD1: u8 = 1;
const SHIELD9: u8 = 2;
const LOSE2: u8 = 3;

fn card(color: u8, age: u8, on_gain: Vec<u8>) -> Card {
    Card { color, age, chain_in: NONE, chain_out: NONE, science: NONE, on_gain, ..Default::default() }
}

/// Three Ages of two slots (slot 0 on top, covered by slot 1), eight free Wonders, two
/// progress tokens, the base game's military track.
fn tiny() -> Tables {
    let mut cards = vec![
        card(tb::BROWN, 1, vec![]),
        card(tb::RED, 1, vec![SHIELD1]),
        card(tb::YELLOW, 2, vec![COINS4]),
        card(tb::GREEN, 2, vec![]),
        card(tb::GREEN, 3, vec![]),
        card(tb::RED, 3, vec![SHIELD9]),
    ];
    cards[0].prod = [1, 0, 0, 0, 0];
    cards[0].has_prod = true;
    cards[1].res = [2, 0, 0, 0, 0];
    cards[1].units = 2;
    cards[1].shields = 1;
    cards[3].science = 0;
    cards[4].science = 0;
    cards[4].points = 2;
    let layout = || Layout::new(2, vec![vec![], vec![0]], vec![vec![1], vec![]], 0b11, 0b01, 0b10);
    let mut t = Tables {
        agora: false,
        cards,
        wonders: (0..8).map(|i| Wonder { points: i, ..Default::default() }).collect(),
        progress: vec![Progress { points: 4, science: NONE, ..Default::default() },
                       Progress { points: 7, science: NONE, ..Default::default() }],
        military: vec![MilitaryToken { lo: -8, hi: -6, on_gain: vec![] },
                       MilitaryToken { lo: -5, hi: -3, on_gain: vec![LOSE2] },
                       MilitaryToken { lo: 1, hi: 1, on_gain: vec![LOSE2] },
                       MilitaryToken { lo: 6, hi: 8, on_gain: vec![] }],
        layouts: vec![layout(), layout(), layout()],
        effects: vec![Effect { kind: fx::COINS, a: 4, b: 0, c: 0 },
                      Effect { kind: fx::SHIELDS, a: 1, b: 0, c: 0 },
                      Effect { kind: fx::SHIELDS, a: 9, b: 0, c: 0 },
                      Effect { kind: fx::OPPONENT_LOSES_COINS, a: 2, b: 0, c: 0 }],
        military_points: vec![0, 2, 2, 5, 5, 5, 10, 10, 10, 10],
        capital: 9,
        ..Default::default()
    };
    t.play_again_fx = 0;
    t.check().unwrap();
    t
}

fn new_game(t: &Tables, first: u8) -> (State, Vec<Act>) {
    let mut s = State::zeroed();
    s.first_player = first;
    for i in 0..8 {
        s.draft_deck[i] = i as u8;
    }
    s.draft_deck_len = 8;
    s.structure[0] = 0;
    s.structure[1] = 1;
    s.decks[0][..2].copy_from_slice(&[2, 3]);
    s.decks[1][..2].copy_from_slice(&[4, 5]);
    s.progress_board = 0b11;
    s.military_tokens = 0b1111;
    s.refresh(t, 0);
    s.refresh(t, 1);
    s.push([step::DRAFT_NEXT, NONE, 0, 0, 0]);
    let mut buf = Vec::new();
    s.advance(t, &mut buf);
    (s, buf)
}

fn draft(t: &Tables, s: &mut State, buf: &mut Vec<Act>) {
    while s.phase == phase::DRAFT {
        s.legal(t, buf);
        let a = buf[0];
        s.apply(t, a, buf).unwrap();
    }
}

#[test]
fn a_state_is_a_small_plain_copy() {
    assert!(std::mem::size_of::<State>() <= 512, "{} bytes", std::mem::size_of::<State>());
    fn is_copy<T: Copy>() {}
    is_copy::<State>();
}

#[test]
fn trade_cost_buys_what_production_lacks() {
    let prices = [2, 3, 4, 2, 2];
    assert_eq!(trade_cost(&[1, 0, 0, 0, 0], &[1, 0, 0, 0, 0], &[], &prices, 0), 0);
    assert_eq!(trade_cost(&[2, 1, 0, 0, 0], &[1, 0, 0, 0, 0], &[], &prices, 0), 2 + 3);
    // waived units are the dearest ones
    assert_eq!(trade_cost(&[0, 1, 2, 0, 0], &[0; 5], &[], &prices, 2), 3);
    // a choice producer (wood/clay/stone) covers the dearest missing unit
    assert_eq!(trade_cost(&[1, 0, 1, 0, 0], &[0; 5], &[0b111], &prices, 0), 2);
    // two producers and a waived unit together
    assert_eq!(trade_cost(&[1, 1, 1, 1, 0], &[0; 5], &[0b111, 0b11000], &prices, 1), 2);
    // nothing useful to choose: the producer is skipped
    assert_eq!(trade_cost(&[0, 0, 0, 1, 0], &[0; 5], &[0b111], &prices, 0), 2);
}

#[test]
fn the_draft_hands_out_eight_wonders_then_age_one_begins() {
    let t = tiny();
    let (mut s, mut buf) = new_game(&t, 1);
    assert_eq!(s.top().unwrap()[0], step::DRAFT);
    assert_eq!(s.current_player(), Some(1));
    draft(&t, &mut s, &mut buf);
    assert_eq!((s.wonders[0].count_ones(), s.wonders[1].count_ones()), (4, 4));
    assert_eq!(s.phase, phase::PLAY);
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.accessible, 0b10); // only the uncovered bottom card
}

#[test]
fn taking_a_card_uncovers_the_one_above_at_the_end_of_the_turn() {
    let t = tiny();
    let (mut s, mut buf) = new_game(&t, 0);
    draft(&t, &mut s, &mut buf);
    s.apply(&t, Act::new(act::DISCARD, 1, 0), &mut buf).unwrap();
    assert_eq!(s.coins[0], 9); // 7 + 2 for the discard
    assert_eq!(s.accessible, 0b01);
    assert_eq!(s.current_player(), Some(1));
    s.legal(&t, &mut buf);
    assert!(buf.contains(&Act::new(act::BUILD, 0, 0)));
    assert!(buf.contains(&Act::new(act::DISCARD, 0, 0)));
}

#[test]
fn a_price_beyond_the_purse_is_not_offered_and_an_illegal_action_changes_nothing() {
    let t = tiny();
    let (mut s, mut buf) = new_game(&t, 0);
    draft(&t, &mut s, &mut buf);
    s.coins[0] = 3; // the red card needs two wood at 2 each
    s.legal(&t, &mut buf);
    assert!(!buf.contains(&Act::new(act::BUILD, 1, 0)));
    let before = s;
    assert!(s.apply(&t, Act::new(act::BUILD, 1, 0), &mut buf).is_err());
    assert!(s.apply(&t, Act::new(act::DRAFT, 0, 0), &mut buf).is_err());
    assert_eq!(s, before);
    s.coins[0] = 4;
    s.legal(&t, &mut buf);
    assert!(buf.contains(&Act::new(act::BUILD, 1, 0)));
    s.apply(&t, Act::new(act::BUILD, 1, 0), &mut buf).unwrap();
    assert_eq!(s.coins[0], 0);
    assert_eq!(s.pawn, 1);
    assert_eq!(s.coins[1], 5, "the token at 1 took 2 coins from seat 1");
    assert_eq!(s.military_tokens, 0b1011);
}

#[test]
fn the_pawn_at_a_capital_ends_the_game() {
    let t = tiny();
    let (mut s, mut buf) = new_game(&t, 1);
    draft(&t, &mut s, &mut buf);
    s.pawn = 0;
    s.age = 3;
    s.structure[..2].copy_from_slice(&[4, 5]);
    s.coins[1] = 0;
    s.apply(&t, Act::new(act::BUILD, 5, 0), &mut buf).unwrap();
    assert!(s.is_terminal());
    assert_eq!((s.winner, s.victory, s.pawn), (1, victory::MILITARY, -9));
}

#[test]
fn a_science_pair_offers_a_progress_token_that_may_be_declined() {
    let t = tiny();
    let (mut s, mut buf) = new_game(&t, 0);
    draft(&t, &mut s, &mut buf);
    s.owned[0] |= 1 << 3; // a first mortar
    s.refresh(&t, 0);
    s.age = 3;
    s.structure[..2].copy_from_slice(&[5, 4]);
    s.apply(&t, Act::new(act::BUILD, 4, 0), &mut buf).unwrap();
    assert_eq!(s.top().unwrap()[0], step::PROGRESS);
    s.legal(&t, &mut buf);
    assert_eq!(buf.len(), 3); // two tokens and "progress none"
    s.apply(&t, Act::new(act::PROGRESS, 1, 0), &mut buf).unwrap();
    assert_eq!(s.progress_owned[0], 0b10);
    assert_eq!(s.score_sheet(&t, 0)[5], 7);
}

#[test]
fn random_games_always_end_with_a_victory() {
    let t = tiny();
    for seed in 0..300 {
        let (mut s, mut buf) = new_game(&t, (seed % 2) as u8);
        s.playout(&t, seed, &mut buf).unwrap();
        assert!(s.is_terminal() && s.victory != victory::NONE && !s.overflow);
        let (a, b) = (s.score_sheet(&t, 0), s.score_sheet(&t, 1));
        assert_eq!(a[9], a[..9].iter().sum::<i32>());
        if s.victory == victory::CIVILIAN && a[9] != b[9] {
            assert_eq!(s.winner, if a[9] > b[9] { 0 } else { 1 });
        }
    }
}

#[test]
fn the_quick_random_turn_action_is_always_legal_and_reaches_every_kind() {
    let t = tiny();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..200u64 {
        let (mut s, mut buf) = new_game(&t, (seed % 2) as u8);
        draft(&t, &mut s, &mut buf);
        let mut r = seed;
        while !s.is_terminal() {
            let top = s.top().unwrap();
            s.legal(&t, &mut buf);
            let a = if top[0] == step::TURN {
                let mut pick = Pick { a: Act::new(0, 0, 0), price: None, slot: NONE };
                assert!(s.random_turn_action(&t, top[1] as usize, top[2] != 0, &mut r, &mut pick));
                let Pick { a, price, slot } = pick;
                assert!(buf.contains(&a), "{a:?} is not legal");
                let card = if a.k == act::WONDER || a.k == act::PREPARE { a.b } else { a.a };
                assert!(a.k == act::TRIGGER || s.structure[slot as usize] == card);
                if let Some(price) = price {
                    // a drawn build or Wonder comes priced: the price apply would compute
                    let p = top[1] as usize;
                    if a.k == act::WONDER {
                        let w = s.wonder_price(&t, p, a.a as usize);
                        assert_eq!(price, (w, w, false));
                    } else {
                        assert_eq!(price, s.building_price(&t, p, a.a as usize));
                    }
                }
                seen.insert(a.k);
                a
            } else {
                buf[0]
            };
            s.apply(&t, a, &mut buf).unwrap();
        }
    }
    for k in [act::BUILD, act::DISCARD, act::WONDER] {
        assert!(seen.contains(&k), "never drew kind {k}");
    }
}
