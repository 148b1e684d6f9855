"""Why a pending decision arose, in words: "Military token: place an Influence cube".

The engine keeps, in `State.cause`, the component whose effect is acting now (set when
an effect runs, a Senator is recruited, a Conspiracy is triggered, a Wonder is drafted
...). A decision an effect asks for is reached right after that effect, so the cause
still names it when the decision is shown. A few decisions always have the same origin
(a pair of scientific symbols, a new Age): those are named by their kind. Read-only.
"""
from __future__ import annotations

from ui.text.i18n import t
from ui.text.names import display_name as dn

NAMED = ("wonder", "card", "senator", "conspiracy", "progress", "decree")


def cause_name(state) -> str | None:
    """The name of what asked for the pending decision (a Wonder, a Senator, 'Military token' ...)."""
    kind = state.decision
    if kind == "progress":
        return t("prompts.cause.science_pair")
    if kind == "start":
        return t("prompts.cause.new_age", age=t(f"age.roman.{state.age}"))     # the Age just dealt
    source = getattr(state, "cause", None)
    if source is None:
        return None
    try:
        what, name = state.reason(source)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    if what == "military":
        return t("prompts.cause.military")
    return dn(name) if what in NAMED and isinstance(name, str) and name else None


def what_text(state, kind: str | None = None) -> str:
    """What the pending decision asks, as the tail of a title ("place an Influence cube")."""
    kind = kind or state.decision
    step = state.pending[-1] if state.pending else ()
    params = {}
    if kind == "destroy" and len(step) > 2:
        params["color"] = t(f"color.{step[2]}")
    if kind == "senate":
        params["n"] = step[3] if len(step) > 3 else 1
    return t(f"prompts.what.{kind}", **params)


def title_for(state) -> str:
    """The prompt's title: its cause and what it asks, or the decision's plain title."""
    kind = state.decision
    cause = cause_name(state)
    if cause is None:
        return t(f"decision.{kind}.title")
    return t("prompts.title", cause=cause, what=what_text(state, kind))


def then_text(state, action_kind: str, origin: str) -> str:
    """The title once the origin of a two-click choice is picked (a cube, a Decree, a card to take)."""
    what = t(f"prompts.then.{action_kind}", name=origin)
    cause = cause_name(state)
    return t("prompts.title", cause=cause, what=what) if cause else what
