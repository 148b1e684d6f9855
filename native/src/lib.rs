//! The Agora Duel rules core: the base game and Agora, as a flat copyable state.
#![forbid(unsafe_code)]

#[cfg(feature = "python")]
mod py;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");
