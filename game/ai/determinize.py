"""Determinization: turn what one player may see into a complete game `State`.

An observation (`state.observation(p)`, see docs/engine.md) hides some components behind
placeholders ("?1", "?guild", "?senator", "?wonder", "?progress", "?decree",
"?conspiracy", and "?" in the masked parts of `history`). `Determinizer(obs)` works out,
once per decision, which components could be behind each placeholder, and `sample(rng)`
fills every placeholder with a random consistent component and decodes the result:

- a face-down / deck / removed card gets a card of the right back (Age, Guild, Senator)
  that is visible nowhere else; cards the player looked at secretly (`secret_seen`:
  Treason, Espionage, Obscurantism) are shown by name in the observation and stay put;
- hidden Wonders, progress tokens (box, Library draw, Obscurantism's secret lock),
  Decrees and Conspiracies are drawn from the components not visible anywhere;
- the Conspiracy deck keeps every card whose position is known (the player's own
  `deck_knowledge`, and the top/bottom of the opponent's returns) in its place;
- an undealt deck is known only by its count of each back: its sampled cards are
  shuffled (the placeholders' order means nothing);
- the decks of Ages already dealt are rebuilt from the structure (they are never read
  again by the rules, but the state stays sound for `game.invariants`);
- the random generator gets a random seed.

Every sample is a state the observing player cannot tell apart from the real one, so
the acting player's legal actions are the same (tests/test_ai.py checks this).
"""

import random

from ..rules import rules_for
from ..serialize import decode
from ..observation import card_back

AGE_BACKS = ("?1", "?2", "?3", "?guild", "?senator")


def _copy(obs):
    """A copy deep enough that filling placeholders never touches the observation."""
    out = dict(obs)
    for key in ("structure", "draft_deck", "progress_box", "progress_locked", "removed", "decks",
                "history", "pending", "chamber_decrees", "conspiracy_deck", "conspiracies",
                "deck_knowledge", "secret_seen"):
        if key not in obs:
            continue
        v = obs[key]
        if key in ("removed", "decks"):
            out[key] = {a: list(cards) for a, cards in v.items()}
        elif key == "conspiracies":
            out[key] = [[dict(c) for c in side] for side in v]
        elif key in ("history", "pending", "chamber_decrees", "deck_knowledge", "secret_seen"):
            out[key] = [list(x) for x in v]
        else:
            out[key] = list(v)
    return out


class Determinizer:
    """Sampler of full states consistent with one observation (see the module docstring)."""

    def __init__(self, obs):
        self.obs = obs
        self.agora = bool(obs["agora"])
        self.rules = rules_for(self.agora)
        self.me = obs["observer"]
        self.opp = 1 - self.me
        self._cards()
        self._tokens()
        if self.agora:
            self._conspiracies()

    # ------------------------------------------------------------------ cards

    def _visible_cards(self):
        o = self.obs
        seen = []
        for p in (0, 1):
            seen += o["city"][p]
            seen += o["senators"][p]
            seen += list(o["built"][p].values())
            if self.agora:
                seen += [c["card"] for c in o["conspiracies"][p] if c["card"]]
        seen += o["discard"]
        seen += [c for c in o["structure"] if c and not c.startswith("?")]
        for cards in o["removed"].values():
            seen += [c for c in cards if not c.startswith("?")]
        return {c for c in seen if c}

    def _cards(self):
        o, rules = self.obs, self.rules
        visible = self._visible_cards()
        self.pool = {b: [] for b in AGE_BACKS}        # cards that may hide behind each back
        self.out = {b: [] for b in AGE_BACKS}         # visible cards (for the dealt decks)
        for c in rules.cards:
            back = card_back(rules, c.id)
            (self.out if c.name in visible else self.pool)[back].append(c.name)
        # Where the placeholders are: (key, age or None, index)
        self.dealt = o["age"] if o["structure"] else 0
        self.holes = []
        for i, name in enumerate(o["structure"]):
            if name and name.startswith("?"):
                self.holes.append(("structure", None, i, name))
        for a in ("1", "2", "3"):
            if int(a) > self.dealt:
                for i, name in enumerate(o["decks"][a]):
                    self.holes.append(("decks", a, i, name))
            for i, name in enumerate(o["removed"][a]):
                if name.startswith("?"):
                    self.holes.append(("removed", a, i, name))
        # A real game always has exactly enough candidates; a position set up by hand
        # (tests) may not, and then cards of the right back are reused (see _draw).
        self.all_of_back = {b: self.pool[b] + self.out[b] for b in AGE_BACKS}
        # Hidden structure slots (the observer does not know these cards).
        self.hidden_slots = [i for (key, _, i, _) in self.holes if key == "structure"]

    # ------------------------------------------------------------------ tokens

    def _tokens(self):
        o, rules = self.obs, self.rules
        named = set(o["progress_board"]) | set(o["progress_owned"][0]) | set(o["progress_owned"][1])
        named |= {t for t in o["progress_box"] if not t.startswith("?")}
        named |= {t for t in o["progress_locked"] if not t.startswith("?")}
        self.progress_pool = [t.name for t in rules.progress if t.name not in named]
        self.wonder_pool = []
        if "?wonder" in o["draft_deck"]:
            shown = set(o["draft_pool"]) | set(o["wonders_out"]) | set(o["wonders"][0]) | \
                set(o["wonders"][1])
            self.wonder_pool = [w.name for w in rules.wonders if w.name not in shown]
        self.decree_pool = []
        if self.agora:
            shown = {d for ch in o["chamber_decrees"] for d in ch if not d.startswith("?")}
            self.decree_pool = [d.name for d in rules.decrees if d.name not in shown]

    # ------------------------------------------------------------------ conspiracies

    def _conspiracies(self):
        o, me, opp = self.obs, self.me, self.opp
        known = {c["name"] for c in o["conspiracies"][me]}
        known |= {c["name"] for c in o["conspiracies"][opp] if not c["name"].startswith("?")}
        known |= {name for name, _ in o["deck_knowledge"][me]}
        for step in o["pending"]:
            if step[0] == "keep":
                known |= {c for c in step[2] if not c.startswith("?")}
            elif step[0] == "return" and not step[2].startswith("?"):
                known.add(step[2])
        self.conspiracy_pool = [c.name for c in self.rules.conspiracies if c.name not in known]
        # Order of the known cards of the deck: tops (newest first) ... bottoms (oldest first).
        returns = [(i, a[0], a[2], a[3]) for i, a in enumerate(o["history"]) if a[1] == "return"]
        entries = []                       # (time, position, name or None, owner)
        for p in (me, opp):
            mine = [r for r in returns if r[1] == p]
            for name, pos in reversed(o["deck_knowledge"][p]):
                t = -1
                for k in range(len(mine) - 1, -1, -1):
                    r = mine[k]
                    if r[3] == pos and (p == opp or r[2] == name):
                        t = r[0]
                        mine = mine[:k]
                        break
                entries.append((t, pos, None if p == opp else name, p))
        self.deck_tops = sorted((e for e in entries if e[1] == "top"), key=lambda e: -e[0])
        self.deck_bottoms = sorted((e for e in entries if e[1] == "bottom"), key=lambda e: e[0])

    # ------------------------------------------------------------------ sampling

    def sample(self, rng: random.Random):
        """A full State consistent with the observation."""
        return decode(self.sample_dict(rng), record=False)

    def sample_dict(self, rng: random.Random) -> dict:
        o = self.obs
        d = _copy(o)
        d.pop("legal_actions", None)
        d.pop("observer", None)
        d["rng"] = rng.getrandbits(63)
        self._fill_cards(d, rng)
        self._fill_dealt_decks(d)
        if self.wonder_pool:
            pool = _Pool(self.wonder_pool, [w.name for w in self.rules.wonders], rng)
            d["draft_deck"] = [pool.pop() for _ in d["draft_deck"]]
        self._fill_progress(d, rng)
        if self.agora:
            pool = self.decree_pool[:]
            rng.shuffle(pool)
            for ch in d["chamber_decrees"]:
                for i, name in enumerate(ch):
                    if name.startswith("?"):
                        ch[i] = _draw(pool, self.decree_pool, rng)
            self._fill_conspiracies(d, rng)
        return d

    def _fill_cards(self, d, rng):
        pools = {}
        for back, names in self.pool.items():
            names = names[:]
            rng.shuffle(names)
            pools[back] = names
        for key, age, i, back in self.holes:
            card = _draw(pools[back], self.all_of_back[back], rng)
            if key == "structure":
                d["structure"][i] = card
            else:
                d[key][age][i] = card
        # An undealt deck's observation gives only counts per back (sorted): deal its
        # cards in a random order, never in the order of the placeholders.
        for a in ("1", "2", "3"):
            if int(a) > self.dealt:
                rng.shuffle(d["decks"][a])

    def _fill_dealt_decks(self, d):
        """Decks of the Ages already dealt: structure cards in place, other slots from the
        cards that left the structure (their order is not recorded anywhere)."""
        if not self.dealt:
            return
        out = {b: names[:] for b, names in self.out.items()}
        used = {c for c in d["structure"] if c}
        for a in range(1, self.dealt + 1):
            deck = d["decks"][str(a)]
            current = a == self.dealt
            for i, name in enumerate(deck):
                if current and i < len(d["structure"]) and d["structure"][i]:
                    deck[i] = d["structure"][i]
                    continue
                back = name if name.startswith("?") else card_back(self.rules,
                                                                    self.rules.card_id[name])
                pile = out[back]
                while pile and pile[-1] in used:
                    pile.pop()
                deck[i] = pile.pop() if pile else None
                if deck[i]:
                    used.add(deck[i])

    def _fill_progress(self, d, rng):
        pool = self.progress_pool[:]
        rng.shuffle(pool)
        box = d["progress_box"]
        for i, t in enumerate(box):
            if t.startswith("?"):
                box[i] = _draw(pool, self.progress_pool, rng)
        locked = d["progress_locked"]
        secret_locks = []
        for i, t in enumerate(locked):
            if t.startswith("?"):
                locked[i] = _draw(pool, self.progress_pool, rng)
                secret_locks.append(locked[i])
        if secret_locks:                      # name the opponent's secret locks in history
            it = iter(secret_locks)
            for a in d["history"]:
                if a[1] == "lock" and a[2] == "?" and a[3] == "box":
                    a[2] = next(it, "?")
        for step in d["pending"]:
            if step[0] == "library" and any(t.startswith("?") for t in step[2]):
                step[2] = rng.sample(box, min(len(step[2]), len(box)))

    def _fill_conspiracies(self, d, rng):
        opp = self.opp
        pool = _Pool(self.conspiracy_pool, [c.name for c in self.rules.conspiracies], rng)
        # The opponent's hidden Conspiracies, and what they drew but did not resolve yet.
        for c in d["conspiracies"][opp]:
            if c["name"].startswith("?"):
                c["name"] = pool.pop()
        for step in d["pending"]:
            if step[0] == "keep":
                step[2] = [pool.pop() if c.startswith("?") else c for c in step[2]]
            elif step[0] == "return" and step[2].startswith("?"):
                step[2] = pool.pop()
        # The deck: known tops, unknown middle, known bottoms.
        size = len(d["conspiracy_deck"])
        opp_names = {}
        def name_of(e):
            if e[2] is not None:
                return e[2]
            key = id(e)
            if key not in opp_names:
                opp_names[key] = pool.pop()
            return opp_names[key]
        tops = [name_of(e) for e in self.deck_tops]
        bottoms = [name_of(e) for e in self.deck_bottoms]
        middle = [pool.pop() for _ in range(max(0, size - len(tops) - len(bottoms)))]
        deck = (tops + middle + bottoms)[:size]
        d["conspiracy_deck"] = deck
        # The opponent's knowledge, in their own order.
        theirs = [e for e in self.deck_tops + self.deck_bottoms if e[3] == opp]
        theirs.sort(key=lambda e: e[0])
        d["deck_knowledge"][opp] = [[name_of(e), e[1]] for e in theirs]
        # History: name the Conspiracies the opponent prepared (by their tucked card).
        by_card = {c["card"]: c["name"] for c in d["conspiracies"][opp] if c["card"]}
        for a in d["history"]:
            if a[0] == opp and a[1] == "prepare" and a[2] == "?":
                a[2] = by_card.get(a[3], "?")


def _draw(pool, fallback, rng):
    """Pop a candidate; a hand-built position short of candidates reuses one (never a real game)."""
    if pool:
        return pool.pop()
    return rng.choice(fallback)


class _Pool(list):
    """A shuffled list of candidates whose pop() falls back on reuse when exhausted."""

    def __init__(self, names, fallback, rng):
        super().__init__(names)
        rng.shuffle(self)
        self.fallback = fallback
        self.rng = rng

    def pop(self):
        if len(self):
            return super().pop()
        return self.rng.choice(self.fallback)


def determinize(obs, rng=None):
    """One full State consistent with `obs` (a convenience around `Determinizer`)."""
    if rng is None:
        rng = random.Random()
    elif isinstance(rng, int):
        rng = random.Random(rng)
    return Determinizer(obs).sample(rng)
