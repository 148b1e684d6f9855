"""Readable effect text for every component, built from the data's effect lists.

No rule logic: each effect kind of data/cards.yaml has one sentence template in the
catalogues (`effect.<kind>`), filled with translated colours, resources and symbols.
"""
from __future__ import annotations

from ui.text.i18n import join_words, language, load_catalogue, t
from ui.text.names import display_name, slug

SECTIONS = ("left", "middle", "right")


def color_name(color: str) -> str:
    return t(f"color.{color}")


def resource_name(res: str) -> str:
    return t(f"resource.{res}")


def amount(n: int, what: str) -> str:
    """'2 wood' / '나무 2개'."""
    return t("effect.amount", n=n, what=what)


def _colors(value) -> str:
    if isinstance(value, str):
        return t("effect.count_wonders") if value == "wonders" else \
            t("effect.count_coins") if value == "coins" else color_name(value)
    return join_words([color_name(c) for c in value], "or")


def effect_line(kind: str, arg) -> str:
    """One sentence for one effect (falls back to the kind's name)."""
    if kind == "produce":
        return t("effect.produce", what=join_words([amount(n, resource_name(r)) for r, n in dict(arg).items()]))
    if kind == "produce_choice":
        return t("effect.produce_choice", what=join_words([resource_name(r) for r in arg], "or"))
    if kind == "trade_fixed":
        return t("effect.trade_fixed", what=join_words([resource_name(r) for r in arg]))
    if kind == "science":
        return t("effect.science", symbol=t(f"science.{arg}"))
    if kind == "coins_per":
        if arg["count"] == "wonders":
            return t("effect.coins_per_wonder", each=arg["each"])
        return t("effect.coins_per", each=arg["each"], what=_colors(arg["count"]))
    if kind == "guild":
        per = arg.get("per", 1)
        parts = []
        if arg.get("points_each"):
            if per != 1:
                parts.append(t("effect.guild_points_per", each=arg["points_each"], per=per))
            elif arg.get("count") == "wonders":
                parts.append(t("effect.guild_points_wonders", each=arg["points_each"]))
            else:
                parts.append(t("effect.guild_points", each=arg["points_each"], what=_colors(arg["count"])))
        if arg.get("coins_each"):
            parts.append(t("effect.guild_coins", each=arg["coins_each"], what=_colors(arg["count"])))
        return " ".join(parts)
    if kind == "construction_coins" and arg == "wonder":
        return t("effect.construction_coins_wonder")
    if kind in ("destroy_opponent_card", "discard_opponent_card", "construction_coins", "ignore_cost_symbol"):
        return t(f"effect.{kind}", color=_colors(arg) if arg != "wonder" else t("effect.a_wonder"))
    if kind == "take_opponent_card" or kind == "swap_card":
        return t(f"effect.{kind}", color=_colors(arg))
    if kind == "discount":
        if arg["target"] == "wonder":
            return t("effect.discount_wonder", units=arg["units"])
        return t("effect.discount", units=arg["units"], target=color_name(arg["target"]))
    if kind == "extra_shields":
        return t("effect.extra_shields", shields=arg["shields"], color=color_name(arg["color"]))
    if kind == "trade_discount":
        return t("effect.trade_discount", coins=arg["coins"],
                 what=join_words([resource_name(r) for r in arg["resources"]]))
    if kind == "discard_accessible":
        return t("effect.discard_accessible", count=arg.get("count", 1), more=arg.get("optional_more", 0))
    if kind == "take_opponent_coins":
        return t("effect.take_opponent_coins")
    if isinstance(arg, bool) or arg is None:
        return t(f"effect.{kind}")
    return t(f"effect.{kind}", n=arg)


def _component(rules, name: str):
    for table, ids in ((rules.cards, rules.card_id), (rules.wonders, rules.wonder_id),
                       (rules.progress, rules.progress_id), (rules.decrees, rules.decree_id),
                       (rules.conspiracies, rules.conspiracy_id)):
        if name in ids:
            return table[ids[name]]
    return None


def rule_text(rules, name: str) -> list[str]:
    """What a component does, for a tooltip: its written rule text (effects.<slug> of the
    catalogues, exact sentences) plus its chain symbols; the generated lines of `describe`
    for a component without a written text (a made-up card)."""
    text = load_catalogue(language()).get("effects." + slug(name)) or load_catalogue("en").get("effects." + slug(name))
    if not text:
        return describe(rules, name)
    return [text] + chain_lines(getattr(_component(rules, name), "defn", None))


def chain_lines(defn) -> list[str]:
    """The chain symbols a card gives (for a later card) and takes (from an earlier one)."""
    lines = []
    for field, key in (("chain_out", "effect.chain_out"), ("chain_in", "effect.chain_in")):
        symbol = getattr(defn, field, None)
        if symbol:
            lines.append(t(key, symbol=t(f"chain.{symbol}")))
    return lines


def describe(rules, name: str) -> list[str]:
    """Effect lines of a card, Senator, Wonder, progress token, Decree or Conspiracy."""
    comp = _component(rules, name)
    if comp is None:
        for token in rules.military_tokens:
            if token.name == name:
                return [effect_line(e.kind, e.arg) for e in token.defn.effects]
        return []
    defn = comp.defn
    if getattr(comp, "senator", None) == "politician":
        return [t("effect.politician", section=t(f"senate.section.{comp.section}"))]
    if getattr(comp, "senator", None) == "conspirator":
        return [t("effect.conspirator")]
    lines = []
    for e in getattr(defn, "draft_effects", ()) or ():
        lines.append(t("effect.when_drafted", what=effect_line(e.kind, e.arg)))
    effects = list(getattr(defn, "effects", ()) or ()) + list(getattr(defn, "steps", ()) or ())
    lines.extend(effect_line(e.kind, e.arg) for e in effects)
    return lines + chain_lines(defn)


def kind_label(rules, name: str) -> str:
    """'Blue card · Age II', 'Wonder', 'Progress token', ... for a tooltip's header."""
    comp = _component(rules, name)
    if comp is None:
        if any(token.name == name for token in rules.military_tokens):
            return t("kind.military")
        return ""
    if name in rules.wonder_id:
        return t("kind.wonder")
    if name in rules.progress_id:
        return t("kind.progress")
    if name in rules.decree_id:
        return t("kind.decree")
    if name in rules.conspiracy_id:
        return t("kind.conspiracy")
    if comp.senator:
        return t(f"kind.{comp.senator}")
    if comp.guild:
        return t("kind.guild")
    return t("kind.card", color=color_name(comp.color), age=t(f"age.roman.{comp.age}"))


def display(name: str) -> str:
    return display_name(name)
