"""Tools that drive the real window for tests and --selftest: autoplay, the self-test."""
