"""Words for actions: short option labels for dialogs and log lines for the game log."""
from __future__ import annotations

from ui.text.i18n import t
from ui.text.names import display_name as dn


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


def quiet_line(action, who: str) -> str:
    """The line of a decision that changed nothing on the table (a decline, 'no more Senate
    actions'): no event tells it, but the other player wants to know it was made."""
    k, s = action.kind, action.subject
    if k == "decline":
        return t(f"log.decline.{s}", who=who) if s in ("progress", "move", "trigger", "scrap") \
            else t("log.decline_any", who=who)
    if k == "stop":
        return t("log.stop", who=who)
    if k == "start":
        return ""                       # the 'age' event says who starts
    return ""


def log_line(action, before, after, viewer: int | None, names=None) -> str:
    """The log of one applied action as `viewer` reads it (one string; the game uses the lines).

    Made from the events the action caused (`after.events` past `before.events`)."""
    from ui.table.story import mask_for, story

    events = after.events[len(before.events):]
    names = names or [seat_name(0, viewer), seat_name(1, viewer)]
    you = viewer if names == [seat_name(0, viewer), seat_name(1, viewer)] else None
    lines = [line for _, line in story(mask_for(events, viewer), after.rules, you, names)]
    if not lines:
        lines = [quiet_line(action, seat_name(action.player, viewer, names))]
    return " ".join(line for line in lines if line)
