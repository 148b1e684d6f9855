//! SplitMix64, bit for bit as game/rng.py: the state's generator drives The Great Library's
//! draw, so the core must draw exactly what `game/` draws.

pub fn next64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Uniform integer in [0, n) by rejection (game/rng.py `below`); n must be positive.
pub fn below(state: &mut u64, n: u64) -> u64 {
    debug_assert!(n > 0);
    let n = n.max(1);
    // limit = MASK - 2^64 % n
    let rem = (u64::MAX % n).wrapping_add(1) % n;
    let limit = u64::MAX - rem;
    loop {
        let x = next64(state);
        if x <= limit {
            return x % n;
        }
    }
}

/// A number in [0, n) for the playouts' own choices (not the game's generator, which must
/// match game/ exactly): one multiply, no division; its bias (below n / 2^64) is immaterial.
#[inline]
pub fn quick_below(state: &mut u64, n: u64) -> u64 {
    ((next64(state) as u128 * n as u128) >> 64) as u64
}

/// Fisher-Yates as game/rng.py `shuffle`.
pub fn shuffle(state: &mut u64, items: &mut [u8]) {
    let mut i = items.len();
    while i > 1 {
        i -= 1;
        let j = below(state, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_python_splitmix() {
        // Values from game/rng.py: Rng(0).next64() twice, Rng(12345).below(10) five times.
        let mut s = 0u64;
        assert_eq!(next64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(next64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        let mut s = 12345u64;
        let got: Vec<u64> = (0..5).map(|_| below(&mut s, 10)).collect();
        assert_eq!(got, PY_BELOW_12345.to_vec());
    }

    // From Python: Rng(12345).below(10) x5; Rng(99).shuffle(list(range(12))).
    const PY_BELOW_12345: [u64; 5] = [4, 7, 5, 0, 3];

    #[test]
    fn shuffle_matches_python() {
        let mut s = 99u64;
        let mut x: Vec<u8> = (0..12).collect();
        shuffle(&mut s, &mut x);
        assert_eq!(x, vec![9, 5, 10, 8, 0, 3, 1, 4, 2, 7, 6, 11]);
    }
}
