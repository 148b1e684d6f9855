"""Words for actions: short option labels for dialogs and log lines for the game log."""
from __future__ import annotations

from ui.i18n import t
from ui.names import display_name as dn


def seat_name(seat: int, viewer: int | None, names: list[str] | None = None) -> str:
    if names and names[seat]:
        return names[seat]
    if viewer is None:
        return t("who.player", n=seat + 1)
    return t("who.you") if seat == viewer else t("who.opponent")


def option_label(action, names: list[str] | None = None) -> str:
    """The short label of one choice in a dialog (names: the two seats' names, for 'start')."""
    k, s, g = action.kind, action.subject, action.target
    if k == "decline":
        return t(f"option.decline.{s}") if s in ("progress", "move", "trigger", "scrap") else t("option.decline_any")
    if k == "stop":
        return t("option.stop")
    if k == "conspire":
        return t("option.conspire")
    if k == "start":
        return t("option.start", who=seat_name(int(s), None, names))
    if k == "place":
        return t("option.place", chamber=dn(s))
    if k == "remove":
        return t("option.remove", chamber=dn(s))
    if k == "move":
        return t("option.move", a=dn(s), b=dn(g))
    if k == "return":
        return t(f"option.return.{g}")
    if k == "lock":
        return t(f"option.lock.{g}", name=dn(s))
    if k == "swap":
        return t("option.swap", a=dn(s), b=dn(g))
    if k == "move_decree":
        return t("option.move_decree", a=dn(s), b=dn(g))
    if k == "wonder":
        return t("option.wonder", name=dn(s))
    if k == "prepare":
        return t("option.prepare", name=dn(s))
    return dn(s) if s else k


def log_line(action, before, after, viewer: int | None, names=None) -> str:
    """One line of the game log for an action just applied (before/after: the states around it)."""
    p = action.player
    who = seat_name(p, viewer, names)
    k, s, g = action.kind, action.subject, action.target
    mine = viewer is None or p == viewer
    gained = after.coins[p] - before.coins[p]
    if k == "draft":
        return t("log.draft", who=who, name=dn(s))
    if k == "build":
        paid = -gained if gained < 0 else 0
        return t("log.build", who=who, name=dn(s), coins=paid) if paid else t("log.build_free", who=who, name=dn(s))
    if k == "recruit":
        paid = max(0, -gained)
        return t("log.recruit", who=who, name=dn(s), coins=paid) if paid else t("log.recruit_free", who=who, name=dn(s))
    if k == "discard":
        return t("log.discard", who=who, name=dn(s), coins=max(0, gained))
    if k == "wonder":
        return t("log.wonder", who=who, name=dn(s), card=dn(g))
    if k == "prepare":
        return t("log.prepare", who=who, name=dn(s), card=dn(g)) if mine else t("log.prepare_hidden", who=who)
    if k == "trigger":
        return t("log.trigger", who=who, name=dn(s))
    if k == "start":
        return t("log.start", who=who, first=seat_name(int(s), viewer, names))
    if k in ("progress", "library"):
        return t("log.progress", who=who, name=dn(s))
    if k == "decline":
        return t(f"log.decline.{s}", who=who) if s in ("progress", "move", "trigger", "scrap") \
            else t("log.decline_any", who=who)
    if k == "destroy":
        return t("log.destroy", who=who, name=dn(s))
    if k == "mausoleum":
        return t("log.mausoleum", who=who, name=dn(s))
    if k == "place":
        return t("log.place", who=who, chamber=dn(s))
    if k == "move":
        return t("log.move", who=who, a=dn(s), b=dn(g))
    if k == "remove":
        return t("log.remove", who=who, chamber=dn(s))
    if k == "stop":
        return t("log.stop", who=who)
    if k == "conspire":
        return t("log.conspire", who=who)
    if k == "keep":
        return t("log.keep", who=who, name=dn(s)) if mine else t("log.keep_hidden", who=who)
    if k == "return":
        return t(f"log.return.{g}", who=who, name=dn(s)) if mine else t("log.return_hidden", who=who)
    if k == "take":
        return t("log.take", who=who, name=dn(s))
    if k == "lock":
        hidden = g == "box" and not mine
        return t("log.lock_hidden", who=who) if hidden else t("log.lock", who=who, name=dn(s))
    if k == "sabotage":
        return t("log.sabotage", who=who, name=dn(s))
    if k == "scrap":
        return t("log.scrap", who=who, name=dn(s))
    if k == "swap":
        return t("log.swap", who=who, a=dn(s), b=dn(g))
    if k == "move_decree":
        return t("log.move_decree", who=who, a=dn(s), b=dn(g))
    return t("log.generic", who=who, action=str(action))
