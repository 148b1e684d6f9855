"""Rules tables compiled once from `data/cards.yaml`.

The database keeps effects as generic lists; the engine's hot paths want flat per-card
facts (production, price fixing, chain symbols, shields...). `Rules` precomputes them
and splits each component's effects into *passive* facts, read while the component is
owned, and *on-gain* effects, executed once by the effect interpreter when it is built or
taken. Which kind is which is decided by the vocabulary tables below, not per card.
"""

from functools import lru_cache

from .actions import Action
from .data import RESOURCES, load_database

RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}

# Effect kinds that describe what an owned component *is* rather than something that
# happens once. Everything else in the vocabulary runs once, in list order, on gain.
PASSIVE_KINDS = frozenset({
    "produce", "produce_choice", "points", "science", "trade_fixed", "discount",
    "trade_income", "points_per_progress", "extra_shields", "wonders_play_again",
    "chain_coins", "free_recruit", "keep_both_conspiracies", "construction_coins",
    "ignore_cost_symbol", "wonder_discount", "trade_discount", "senate_blue_bonus",
    "discard_bonus", "opponent_chains", "conspirator_extra_turn",
})


def _res_vector(mapping) -> tuple:
    vec = [0] * len(RESOURCES)
    for name, n in mapping.items():
        vec[RES_INDEX[name]] += n
    return tuple(vec)


class Component:
    """Flat facts about one card, Wonder or progress token."""

    __slots__ = ("id", "name", "age", "color", "guild", "senator", "section", "coin_cost",
                 "resources", "chain_in", "chain_out", "production", "choice", "points",
                 "shields", "science", "trade_fixed", "guild_rule", "on_gain", "passive",
                 "draft_effects", "expansion", "defn", "discount_key", "units")

    def __init__(self, cid, defn, effects=(), **facts):
        self.id = cid
        self.name = defn.name
        self.defn = defn
        self.age = facts.get("age", 0)
        self.color = facts.get("color")
        self.discount_key = f"discount_{self.color}"     # e.g. Masonry's 'discount_blue'
        self.guild = facts.get("guild", False)
        self.senator = facts.get("senator")        # 'politician' / 'conspirator' / None
        self.section = facts.get("section")
        self.coin_cost = facts.get("coin_cost", 0)
        self.resources = facts.get("resources", (0,) * len(RESOURCES))
        self.units = sum(self.resources)
        self.chain_in = facts.get("chain_in")
        self.chain_out = facts.get("chain_out")
        self.expansion = facts.get("expansion", "base")
        self.draft_effects = tuple((e.kind, e.arg) for e in facts.get("draft_effects", ()))
        self.production = None
        self.choice = None
        self.points = 0
        self.shields = 0
        self.science = None
        self.trade_fixed = ()
        self.guild_rule = None
        passive = {}
        on_gain = []
        for eff in effects:
            kind, arg = eff.kind, eff.arg
            if kind == "produce":
                self.production = _res_vector(arg)
            elif kind == "produce_choice":
                self.choice = tuple(RES_INDEX[r] for r in arg)
            elif kind == "points":
                self.points += arg
            elif kind == "science":
                self.science = arg
            elif kind == "trade_fixed":
                self.trade_fixed = tuple(RES_INDEX[r] for r in arg)
            elif kind == "guild":
                self.guild_rule = arg
                if arg.get("coins_each", 0):
                    on_gain.append((kind, arg))
                continue
            if kind == "shields":
                self.shields += arg
            if kind in PASSIVE_KINDS:
                passive[kind] = arg
            else:
                on_gain.append((kind, arg))
        self.passive = passive
        self.on_gain = tuple(on_gain)

    def __repr__(self):
        return f"<{self.name}>"


class TurnActions:
    """Every card action of one seat, built once: turns are listed without new tuples."""

    def __init__(self, rules, p):
        cards = rules.cards
        self.take = [Action(p, "recruit" if c.senator else "build", c.name) for c in cards]
        self.discard = [Action(p, "discard", c.name) for c in cards]
        self.wonder = [[Action(p, "wonder", w.name, c.name) for c in cards] for w in rules.wonders]
        self.prepare = [[Action(p, "prepare", k.name, c.name) for c in cards]
                        for k in rules.conspiracies]


class Layout:
    """One Age structure: slot coordinates and who overlaps whom."""

    def __init__(self, rows):
        self.slots = [(r + 1, c) for r, cols in enumerate(rows) for c in cols]
        index = {pos: i for i, pos in enumerate(self.slots)}
        self.covered_by = [tuple(index[(r + 1, c + d)] for d in (-1, 1) if (r + 1, c + d) in index)
                           for (r, c) in self.slots]
        self.covers = [tuple(index[(r - 1, c + d)] for d in (-1, 1) if (r - 1, c + d) in index)
                       for (r, c) in self.slots]
        self.face_up = [r % 2 == 1 for (r, c) in self.slots]
        self.top_row = tuple(i for i, (r, c) in enumerate(self.slots) if r == 1)

    def __len__(self):
        return len(self.slots)

    def name(self, slot: int) -> str:
        r, c = self.slots[slot]
        return f"R{r}C{c}"


class Rules:
    """Everything static about one rule set (base or Agora)."""

    def __init__(self, db, agora: bool):
        self.db = db
        self.agora = agora
        expansions = ("base", "agora") if agora else ("base",)

        self.cards = []
        for d in db.cards:
            self.cards.append(Component(
                len(self.cards), d, d.effects, age=d.age, color=d.color, guild=d.guild,
                coin_cost=d.coin_cost, resources=tuple(d.resources), chain_in=d.chain_in,
                chain_out=d.chain_out))
        if agora:
            for d in db.senators:
                self.cards.append(Component(len(self.cards), d, (), senator=d.kind,
                                            section=d.section))
        self.card_id = {c.name: c.id for c in self.cards}
        # What a dealt card shows face down (its deal event's `back`): Age, Guild or Senator.
        self.card_backs = ["senator" if c.senator else "guild" if c.guild else str(c.age)
                           for c in self.cards]
        for d in db.cards:
            if d.alias:
                self.card_id.setdefault(d.alias, self.card_id[d.name])

        self.age_cards = {age: [c.id for c in self.cards
                                if c.age == age and not c.guild and not c.senator]
                          for age in (1, 2, 3)}
        self.guilds = [c.id for c in self.cards if c.guild]
        self.senators = [c.id for c in self.cards if c.senator]

        self.wonders = [Component(i, d, d.effects, resources=tuple(d.resources),
                                  expansion=d.expansion, draft_effects=d.draft_effects)
                        for i, d in enumerate(w for w in db.wonders if w.expansion in expansions)]
        self.wonder_id = {w.name: w.id for w in self.wonders}
        self.progress = [Component(i, d, d.effects, expansion=d.expansion)
                         for i, d in enumerate(p for p in db.progress_tokens
                                               if p.expansion in expansions)]
        self.progress_id = {p.name: p.id for p in self.progress}

        token_set = "agora" if agora else "base"
        self.military_tokens = [Component(i, d, d.effects) for i, d in
                                enumerate(t for t in db.military_tokens if t.set == token_set)]
        self.military_zone = [tuple(d.zone) for d in
                              (t for t in db.military_tokens if t.set == token_set)]
        self.military_token_id = {t.name: t.id for t in self.military_tokens}
        self.capital = db.capital
        # points for the pusher by distance from the centre (index = |pawn|)
        self.military_points = [0] * (db.capital + 1)
        for z in db.military_zones:
            for d in range(z.start, z.end + 1):
                self.military_points[d] = z.points

        layouts = db.layouts["agora" if agora else "base"]
        self.layouts = {age: Layout(layouts[age]) for age in (1, 2, 3)}

        self.chambers = list(db.chambers) if agora else []
        self.chamber_id = {c.name: c.index for c in self.chambers}
        self.decrees = [Component(i, d, d.effects) for i, d in enumerate(db.decrees)] if agora else []
        self.decree_id = {d.name: d.id for d in self.decrees}
        self.conspiracies = ([Component(i, d, d.steps) for i, d in enumerate(db.conspiracies)]
                             if agora else [])
        self.conspiracy_id = {c.name: c.id for c in self.conspiracies}

        self.science_symbols = tuple(db.science_symbols)
        self.turn_actions = (TurnActions(self, 0), TurnActions(self, 1))


@lru_cache(maxsize=4)
def rules_for(agora: bool, path=None) -> Rules:
    return Rules(load_database(path), agora)
