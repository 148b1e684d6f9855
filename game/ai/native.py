"""Bridge to the Rust rules core (`native/`, the `agora_native` extension; docs/native.md).

The core is a fast second implementation of the rules for the AI's thinking; `game/` stays
the referee. Importing this module never fails: without the extension `AVAILABLE` is False
and `WHY_NOT` says why in one line.
"""
from __future__ import annotations

try:
    import agora_native as _core
except ImportError:  # not built: no Rust toolchain, or `make` has not built it yet
    _core = None

AVAILABLE = _core is not None
WHY_NOT = (None if AVAILABLE else
           "the native core is not built (no Rust toolchain): the AI uses the pure-Python search")
