"""Dialogs for every engine decision, built generically from legal_actions().

Actions are grouped by kind; declining actions (`progress none`, `move none`, `stop`,
...) become the dialog's cancel. Senate decisions also show the Senate board, where
highlighted chambers can be clicked.
"""
from __future__ import annotations

from ui.i18n import t
from ui.names import display_name as dn
from ui.scenes.options import Option, OptionDialog
from ui.scenes.senate_dialog import SenateDialog
from ui.table.text import option_label

DECLINES = ("decline", "stop")
CHAMBER_KINDS = ("place", "remove", "move", "move_decree")


def picture_for(state, action):
    rules = state.rules
    name = action.subject
    if action.kind == "return":
        return ("conspiracy", name)
    if action.kind == "start" or action.kind in CHAMBER_KINDS or name is None:
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
    k = action.kind
    if k == "lock":
        return t(f"group.lock.{action.target}")
    if k in ("place", "move", "remove", "conspire", "move_decree"):
        return t(f"group.{k}")
    return ""


def _detail(state, action, seat) -> str:
    """A short extra line under an option (prices where they matter)."""
    if action.kind in ("mausoleum",):
        return t("option.free")
    return ""


def body_for(session, state, kind, legal) -> str:
    seat = state.current_player
    params = {"who": session.name(seat)}
    if kind == "return":
        params["name"] = dn(legal[0].subject)
    if kind == "start":
        params["age"] = t(f"age.roman.{state.age + 1 if state.age < 3 else 3}")
    if kind == "senate":
        step = state.pending[-1]
        params["n"] = step[3] if len(step) > 3 else 1
        params["section"] = t(f"senate.section.{step[2]}") if len(step) > 2 else ""
    return t(f"decision.{kind}.body", **params)


def decision_dialog(game) -> OptionDialog:
    session = game.session
    state = session.state
    kind = state.decision
    legal = list(state.legal_actions())
    seat = state.current_player
    declines = [a for a in legal if a.kind in DECLINES]
    options = []
    for a in legal:
        if a in declines:
            continue
        label = option_label(a, [session.name(0), session.name(1)])
        options.append(Option(label, a, picture=picture_for(state, a), group=group_for(state, a),
                              detail=_detail(state, a, seat)))
    cancel = Option(option_label(declines[0]), declines[0]) if declines else None
    title = t(f"decision.{kind}.title")
    body = body_for(session, state, kind, legal)
    if any(a.kind in CHAMBER_KINDS for a in legal):
        return SenateDialog(game, title, body, options, cancel=cancel, badge=t("decision.badge"))
    return OptionDialog(game, title, body, options, cancel=cancel, badge=t("decision.badge"))


def trigger_dialog(game, action) -> OptionDialog:
    """Confirm triggering a prepared Conspiracy at the start of the turn."""
    name = action.subject
    options = [Option(t("option.trigger", name=dn(name)), action, picture=("conspiracy", name))]
    return OptionDialog(game, t("decision.trigger.title"), t("decision.trigger.body", name=dn(name)), options,
                        closable=True, can_peek=False, badge=t("decision.badge"))
