"""Registries of step kinds and effect kinds.

DECISIONS[kind] = (legal(state, step) -> list of Actions, apply(state, step, action))
AUTOMATIC[kind] = run(state, step)
EFFECTS[kind]   = run(state, player, arg, source)   # one entry per vocabulary kind

Modules register with the decorators below; the engine only ever looks things up here.
"""

DECISIONS = {}
AUTOMATIC = {}
EFFECTS = {}


def decision(kind, legal):
    def register(apply):
        DECISIONS[kind] = (legal, apply)
        return apply
    return register


def automatic(kind):
    def register(fn):
        AUTOMATIC[kind] = fn
        return fn
    return register


def effect(*kinds):
    def register(fn):
        for kind in kinds:
            EFFECTS[kind] = fn
        return fn
    return register
