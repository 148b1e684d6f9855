"""Words for hints and the analysis: a move, a reason, a percentage, in the player's language."""
from __future__ import annotations

from ui.text.i18n import t
from ui.text.names import display_name as dn

NAMED = ("draft", "build", "recruit", "discard", "trigger", "progress", "destroy", "mausoleum", "keep",
         "take", "lock", "sabotage", "scrap")


def percent(chance: float) -> str:
    return t("insight.percent", pct=round(100 * max(0.0, min(1.0, float(chance)))))


def seat_label(seat: int, human: int | None, names=None) -> str:
    if names and names[seat]:
        return names[seat]
    if human is None:
        return t("who.player", n=seat + 1)
    return t("who.you") if seat == human else t("who.opponent")


def move_label(move, notation: str = "", names=None) -> str:
    """'Build Baths' from (kind, subject, target); the notation when the kind is unknown."""
    try:
        kind, subject, target = (list(move) + [None, None, None])[:3]
    except TypeError:
        return notation
    if kind in NAMED:
        return t(f"insight.move.{kind}", name=dn(subject or ""))
    if kind == "library":
        return t("insight.move.progress", name=dn(subject or ""))
    if kind in ("wonder", "prepare"):
        return t(f"insight.move.{kind}", name=dn(subject or ""), card=dn(target or ""))
    if kind == "start":
        try:
            who = seat_label(int(subject), None, names)
        except (TypeError, ValueError):
            who = str(subject)
        return t("insight.move.start", who=who)
    if kind in ("place", "remove"):
        return t(f"insight.move.{kind}", chamber=dn(subject or ""))
    if kind in ("move", "swap", "move_decree"):
        return t(f"insight.move.{kind}", a=dn(subject or ""), b=dn(target or ""))
    if kind == "return":
        return t(f"insight.move.return_{'top' if target == 'top' else 'bottom'}", name=dn(subject or ""))
    if kind in ("decline", "stop", "conspire"):
        return t(f"insight.move.{kind}")
    if kind == "concede":
        return t("concede.move")
    if kind in ("abandon", "timeout"):            # the server's forfeits (game.actions.FORFEITS)
        return t(f"forfeits.move.{kind}")
    return t("insight.move.generic", action=notation or str(kind))


def reason_text(code: str, params: dict | None = None) -> str:
    params = params or {}
    victory = params.get("victory")
    if code == "wins":
        return t("insight.reason.wins_kind", victory=t(f"insight.victory.{victory}")) if victory in (
            "military", "science", "political", "civilian") else t("insight.reason.wins")
    if code == "blocks":
        return t("insight.reason.blocks", victory=t(f"insight.victory.{victory}")) if victory in (
            "military", "science", "political") else t("insight.reason.blocks_any")
    if code == "denies":
        return t("insight.reason.denies", card=dn(str(params.get("card", ""))))
    return t(f"insight.reason.{code}")


def reasons_text(reasons) -> str:
    """The reasons joined into one short phrase ('takes a science pair, denies Law')."""
    parts = []
    for item in reasons or ():
        try:
            code, params = item
        except (TypeError, ValueError):
            continue
        parts.append(reason_text(str(code), params if isinstance(params, dict) else {}))
    return t("list.separator").join(parts)
