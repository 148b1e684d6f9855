"""Words and pictures for the engine's decisions, and the Conspiracy trigger's confirmation.

The decisions themselves are chosen on the table (ui/scenes/prompt.py): these helpers give
the prompt its body text and the picture of each item it offers off the table.
"""
from __future__ import annotations

from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.scenes.options import Option, OptionDialog

CHAMBER_KINDS = ("place", "remove", "move", "move_decree")


def picture_for(state, action):
    rules = state.rules
    name = action.subject
    if action.kind in ("return", "start"):
        return None                 # plain buttons: "On top of the deck" / "At the bottom ...", "You start" or action.kind in CHAMBER_KINDS or name is None:
        return None
    if action.kind == "trigger" or name in rules.conspiracy_id:
        return ("conspiracy", name)
    if name in rules.wonder_id:
        return ("wonder", name)
    if name in rules.progress_id:
        return ("progress", name)
    if name in rules.card_id:
        return ("card", name)
    return None


def group_for(state, action) -> str:
    """The heading an option belongs under (where a locked token comes from, what a Senate click does)."""
    k = action.kind
    if k == "lock":
        return t(f"group.lock.{action.target}")
    if k in ("place", "move", "remove", "conspire", "move_decree"):
        return t(f"group.{k}")
    return ""


def body_for(session, state, kind, legal) -> str:
    seat = state.current_player
    params = {"who": session.name(seat)}
    if kind == "return":
        params["name"] = dn(legal[0].subject)
    if kind == "start":
        params["age"] = t(f"age.roman.{state.age}")       # the new Age is dealt before this choice
    if kind == "senate":
        step = state.pending[-1]
        params["n"] = step[3] if len(step) > 3 else 1
        params["section"] = t(f"senate.section.{step[2]}") if len(step) > 2 else ""
    return t(f"decision.{kind}.body", **params)


def trigger_dialog(game, action) -> OptionDialog:
    """Confirm triggering a prepared Conspiracy at the start of the turn."""
    name = action.subject
    options = [Option(t("option.trigger", name=dn(name)), action, picture=("conspiracy", name))]
    return OptionDialog(game, t("decision.trigger.title"), t("decision.trigger.body", name=dn(name)), options,
                        closable=True, can_peek=False, badge=t("decision.badge"))
