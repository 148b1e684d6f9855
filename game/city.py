"""Derived facts about one player's city, recomputed whenever the city changes.

A `CityInfo` is immutable: the state replaces it instead of editing it, so cloning a
state shares it for free. It answers the questions hot paths ask every turn: what the
player produces, which chain symbols they own, how many cards of each colour, which
science symbols, and which ongoing progress-token effects apply.
"""

from .data import RESOURCES

N_RES = len(RESOURCES)


class CityInfo:
    __slots__ = ("prod", "choices", "choice_names", "fixed", "fixed_source", "chains",
                 "colors", "symbols", "passive", "wonders_built")

    def __init__(self, rules, city, built_wonders, tokens):
        prod = [0] * N_RES
        choices, choice_names = [], []
        fixed = [False] * N_RES
        fixed_source = [None] * N_RES
        chains = set()
        colors = {}
        symbols = {}
        cards = rules.cards
        for cid in city:
            c = cards[cid]
            colors[c.color] = colors.get(c.color, 0) + 1
            if c.production:
                for r in range(N_RES):
                    prod[r] += c.production[r]
            if c.choice:
                choices.append(c.choice)
                choice_names.append(c.name)
            for r in c.trade_fixed:
                fixed[r] = True
                fixed_source[r] = c.name
            if c.chain_out:
                chains.add(c.chain_out)
            if c.science:
                symbols[c.science] = symbols.get(c.science, 0) + 1
        for wid in built_wonders:
            w = rules.wonders[wid]
            if w.choice:
                choices.append(w.choice)
                choice_names.append(w.name)
        passive = {}
        for tid in tokens:
            t = rules.progress[tid]
            if t.science:
                symbols[t.science] = symbols.get(t.science, 0) + 1
            for kind, arg in t.passive.items():
                if kind == "discount":
                    passive["discount_" + arg["target"]] = (
                        passive.get("discount_" + arg["target"], 0) + arg["units"])
                    passive.setdefault("discount_sources_" + arg["target"], []).append(
                        (t.name, arg["units"]))
                elif kind == "extra_shields":
                    passive["extra_shields_" + arg["color"]] = arg["shields"]
                else:
                    passive[kind] = arg
        self.prod = tuple(prod)
        self.choices = tuple(choices)
        self.choice_names = tuple(choice_names)
        self.fixed = tuple(fixed)
        self.fixed_source = tuple(fixed_source)
        self.chains = frozenset(chains)
        self.colors = colors
        self.symbols = symbols
        self.passive = passive
        self.wonders_built = len(built_wonders)

    def plus_card(self, c) -> "CityInfo":
        """The same city with one more Building (the common case: no full recount)."""
        new = CityInfo.__new__(CityInfo)
        new.prod = (tuple(a + b for a, b in zip(self.prod, c.production))
                    if c.production else self.prod)
        new.choices = self.choices + (c.choice,) if c.choice else self.choices
        new.choice_names = self.choice_names + (c.name,) if c.choice else self.choice_names
        if c.trade_fixed:
            fixed, source = list(self.fixed), list(self.fixed_source)
            for r in c.trade_fixed:
                fixed[r], source[r] = True, c.name
            new.fixed, new.fixed_source = tuple(fixed), tuple(source)
        else:
            new.fixed, new.fixed_source = self.fixed, self.fixed_source
        new.chains = self.chains | {c.chain_out} if c.chain_out else self.chains
        new.colors = dict(self.colors)
        new.colors[c.color] = new.colors.get(c.color, 0) + 1
        if c.science:
            new.symbols = dict(self.symbols)
            new.symbols[c.science] = new.symbols.get(c.science, 0) + 1
        else:
            new.symbols = self.symbols
        new.passive = self.passive
        new.wonders_built = self.wonders_built
        return new

    def count(self, color: str) -> int:
        return self.colors.get(color, 0)
