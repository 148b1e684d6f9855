"""net/guard.py's sliding windows, with the time given (no waiting): the count survives
anything a connection does, the cool-down ends, old keys are forgotten, 0 limits nothing."""

from net.guard import Window


def test_a_cool_down_starts_at_the_limit_and_ends():
    w = Window(3, 60.0, cooldown=300.0)
    for t in (0.0, 1.0):
        w.count("a", t)
        assert w.wait("a", t) == 0
    w.count("a", 2.0)
    assert w.wait("a", 2.0) == 300.0 and w.wait("b", 2.0) == 0
    assert w.wait("a", 301.9) > 0 and w.wait("a", 302.0) == 0


def test_without_a_cool_down_the_window_frees_a_place():
    w = Window(2, 3600.0)
    w.count("a", 0.0)
    w.count("a", 10.0)
    assert w.wait("a", 20.0) == 3580.0
    assert w.wait("a", 3600.0) == 0


def test_old_keys_are_forgotten_and_zero_limits_nothing():
    w = Window(5, 60.0, cooldown=10.0)
    w.count("a", 0.0)
    w.prune(100.0)
    assert len(w) == 0
    free = Window(0, 60.0, cooldown=10.0)
    for t in range(20):
        free.count("a", float(t))
    assert free.wait("a", 20.0) == 0
