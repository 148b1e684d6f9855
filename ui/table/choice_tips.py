"""Tooltips for the things a decision offers, wherever they are shown: a Chamber of the
Senate (with its Decrees), and any component offered off the table (The Great Library's
draw, the Mausoleum's discard, a Conspiracy to keep, a boxed token). Kept apart from
tooltip.py, which explains the table's own pieces."""
from __future__ import annotations

from ui.text.i18n import t
from ui.text.names import display_name as dn
from ui.text.describe import kind_label, rule_text


def component_lines(state, name: str) -> list[tuple]:
    """Title, kind and rule text of a named component (card, Senator, Wonder, token, ...)."""
    rules = state.rules
    out = [(dn(name), "title")]
    label = kind_label(rules, name)
    if label:
        out.append((label, "kind"))
    out.extend((line, "body") for line in rule_text(rules, name))
    return out


def chamber_lines(state, session, index: int) -> list[tuple]:
    """A Chamber: number, section, points, its Decrees (face-down ones unnamed), cubes, control."""
    rules = state.rules
    ch = rules.chambers[index]
    cubes = (state.cubes[index * 2], state.cubes[index * 2 + 1])
    ctrl = state.control[index]
    owner = t("tip.nobody") if ctrl is None else session.name(ctrl)
    if owner == t("who.you"):
        owner = t("tip.you")
    out = [(dn(ch.name), "title"),
           (t("tip.chamber", points=ch.points, section=t(f"senate.section.{ch.section}")), "body")]
    for d in state.chamber_decrees[index]:
        decree = rules.decrees[d]
        if state.decree_up[d]:
            text = " ".join(rule_text(rules, decree.name))
            out.append((t("targets.tip.decree", name=dn(decree.name), text=text), "body"))
        else:
            out.append((t("targets.tip.decree_hidden"), "note"))
    out.append((t("tip.cubes", a=session.name(0), n0=cubes[0], b=session.name(1), n1=cubes[1]), "body"))
    out.append((t("tip.control", who=owner), "note"))
    return out


def hit_lines(hit, state, session) -> list[tuple] | None:
    """Lines for a table hit this module explains better than tooltip.py, else None."""
    if hit.kind == "chamber" and isinstance(hit.data, int) and 0 <= hit.data < len(state.rules.chambers) \
            and state.agora:
        return chamber_lines(state, session, hit.data)
    return None


def action_lines(state, session, action, label: str) -> list[tuple]:
    """An item of the prompt's panel: the component it names, else just its label."""
    rules = state.rules
    name = action.subject
    if action.kind == "start":
        return [(label, "title"), (t("targets.tip.start"), "body")]
    if action.kind == "return":         # which end of the deck, and what that means
        where = t(f"prompts.return.{action.target}")
        return [(t("prompts.return.tip_title", name=dn(name), where=where), "title"),
                (t(f"prompts.return.tip_{action.target}"), "note")] + component_lines(state, name)[1:]
    known = name is not None and any(name in ids for ids in (rules.card_id, rules.wonder_id, rules.progress_id,
                                                              rules.decree_id, rules.conspiracy_id))
    if known:
        lines = component_lines(state, name)
        if action.kind == "lock":
            lines.append((label, "note"))
        elif action.kind == "keep":
            lines.append((t("prompts.keep.tip"), "note"))
        return lines
    return [(label, "title")]
