//! The Agora Duel rules core: the base game and Agora, as a flat copyable state.
//!
//! `tables` holds the static data (handed over from `data/cards.yaml` by the Python bridge),
//! `core` the state and the rules, `rng` the state's SplitMix64, `notation` the engine's
//! action notation; `py` (feature `python`) the PyO3 bindings. See docs/native.md.
#![forbid(unsafe_code)]
// An arm per effect kind / decision mirrors game/'s tables one to one; folding an arm's
// `if` into a guard would send the other case to the catch-all arm instead.
#![allow(clippy::collapsible_match)]

pub mod core;
pub mod evaluate;
pub mod notation;
pub mod rng;
pub mod search;
pub mod tables;

#[cfg(feature = "python")]
mod py;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");
