"""The game state: an OpenSpiel-style state machine for 7 Wonders Duel (+ Agora).

A turn can need several decisions (a card action, then a progress token, then a Senate
action...). Pending work is kept as a stack of small tuples, `pending`: the top entry is
either a *decision* (waiting for an Action from one player) or an *automatic* step that
`_advance` resolves at once. Steps are plain data, so cloning and saving a state is copying
lists — no generators or callbacks hidden inside.

The step kinds and the effect vocabulary live in `game.steps`, `game.effects` and
`game.senate`; this module holds the state's data and the shared rule mechanics.
"""

from .actions import FORFEITS, Action, IllegalActionError
from .events import (BUILDERS, COINS_FIELDS, DEAL_FIELDS, MEMO_LIMIT, REVEAL_FIELDS,
                     TAKEN_FIELDS, TAKEN_WONDER_FIELDS, Event, memo_for, new_event)
from .city import CityInfo
from .payment import Payment, explain, trade_cost
from .data import RESOURCES
from . import registry

START_COINS = 7
CUBES = 12

# Effect kinds that never ask for a decision: a construction runs them at once instead of
# queueing them (same order, less bookkeeping on the hottest path).
_new = object.__new__

INSTANT_EFFECTS = frozenset({"coins", "coins_per", "guild", "play_again",
                             "opponent_loses_coins", "shields"})


class State:
    """One game position. Create with `game.new_game()`; drive with `legal_actions()` / `apply()`."""

    def __init__(self, rules):
        self.rules = rules
        self.agora = rules.agora
        self.rng = None
        self.first_player = 0
        self.age = 1
        self.phase = "draft"                 # 'draft' -> 'play' -> 'over'
        self.coins = [START_COINS, START_COINS]
        self.city = [[], []]                 # Buildings (card ids) in construction order
        self.senators = [[], []]             # recruited Senators (card ids)
        self.wonders = [[], []]              # owned Wonder ids (built or not), in order obtained
        self.built = [{}, {}]                # built Wonder id -> card id tucked under it
        self.wonders_out = []                # Wonders boxed by the 7-Wonder limit or Sabotage
        self.draft_pool = []                 # Wonders on display in the current draft round
        self.draft_deck = []                 # Wonders still face down (second round + unused)
        self.draft_pick = 0                  # index into the 8-pick draft order
        self.progress_board = []
        self.progress_box = []
        self.progress_owned = [[], []]
        self.progress_locked = []            # Agora: Obscurantism
        self.pawn = 0                        # seat 0 pushes toward +capital, seat 1 toward -capital
        self.military_tokens = []            # token ids still on the track
        self.decks = {1: [], 2: [], 3: []}   # shuffled Age decks (dealt at the start of each Age)
        self.removed = {1: [], 2: [], 3: []} # cards boxed at setup (Treason may take them)
        self.structure = []                  # card id per layout slot, -1 once taken
        self.face_up = []
        self.accessible = []                 # slots that may be taken now
        self.reveal_pending = []             # slots uncovered this turn, revealed at its end
        self.remaining = 0
        self.discard = []
        self.pending = []
        self.extra_turn = False
        self.last_player = 0
        self.deferred_tokens = []            # (pusher, token) collected by a construction's shields
        self.history = []
        self.result = None
        self._winner = None                  # (winner or None, kind) once a victory happened
        # The account of the game (game.events). Not saved: rebuilt by replaying the actions.
        self.events = []
        self.recording = True                # False for the AI's search states: no events kept
        # Events and reasons already built for these rules (game.events: interning).
        self._interned, self._reasons = memo_for(rules)
        self.cause = None                    # reason of the component acting now (cubes, destroy...)
        # Agora
        self.cubes = [0] * 12                # cubes[chamber * 2 + player]
        self.control = [None] * 6
        self.chamber_decrees = [[] for _ in range(6)]
        self.decree_up = []                  # per decree id: face up?
        self.conspiracy_deck = []
        self.conspiracies = [[], []]         # (conspiracy id, status, tucked card id or -1)
        self.deck_knowledge = [[], []]       # (conspiracy id, 'top'/'bottom') a player put back
        self.secret_seen = [[], []]          # names a player looked at secretly (Treason, ...)
        # derived
        self.info = [None, None]
        self._legal = None
        self._prices = [None, None]
        self._decree_fx = [None, None]
        self._costs = [{}, {}]           # card id, or -1 - Wonder id -> price, per player

    # ------------------------------------------------------------------ public API

    @property
    def current_player(self):
        if self.result is not None or not self.pending:
            return None
        return self.pending[-1][1]

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    @property
    def layout(self):
        return self.rules.layouts[self.age]

    @property
    def decision(self):
        """The kind of decision waiting (e.g. 'turn', 'progress'), or None when over."""
        return None if self.result is not None or not self.pending else self.pending[-1][0]

    def legal_actions(self) -> list:
        if self._legal is None:
            if self.result is not None or not self.pending:
                self._legal = []
            else:
                step = self.pending[-1]
                self._legal = registry.DECISIONS[step[0]][0](self, step)
        return self._legal

    def apply(self, action) -> list:
        """Play one action and return the Events it caused, in order ([] when not recording).

        An illegal action raises IllegalActionError and changes nothing."""
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            if isinstance(action, tuple) and len(action) > 1 and action[1] in FORFEITS:
                return self._forfeit(action)
            if self.result is not None:
                raise IllegalActionError(f"the game is over; '{action}' cannot be played")
            raise IllegalActionError(
                f"'{action}' is not legal for player {action[0] if isinstance(action, tuple) else '?'} "
                f"now ({self.pending[-1][0]} decision of player {self.current_player})")
        step = self.pending.pop()
        self._legal = None
        self.history.append(action)
        start = len(self.events)
        registry.DECISIONS[step[0]][1](self, step, action)
        self._advance()
        return self.events[start:] if self.recording else []

    def _forfeit(self, action) -> list:
        """A forfeit (game.actions.FORFEITS: concede, abandon, timeout): either seat, any time
        before the end; the other seat wins with the forfeit's victory kind (concession,
        forfeit, time), reported by the usual game_over event."""
        if self.result is not None or self._winner is not None:
            raise IllegalActionError(f"the game is over; '{action}' cannot be played")
        if action[0] not in (0, 1) or action[2] is not None or action[3] is not None:
            raise IllegalActionError(f"'{action}' is not a valid {action[1]} (player {action[0]!r})")
        action = Action(*action)
        self._legal = None
        self.history.append(action)
        start = len(self.events)
        self.win(1 - action[0], FORFEITS[action[1]])
        self._advance()
        return self.events[start:] if self.recording else []

    def parse_action(self, text: str, player: int = None) -> Action:
        """The action written `text` (its notation, docs/engine.md). A forfeit (`concede`,
        `abandon`, `timeout`) names no decision, so its `player` is needed (default: the seat
        to move)."""
        text = " ".join(str(text).split())
        if text.lower() in FORFEITS:
            seat = self.current_player if player is None else player
            if seat not in (0, 1):
                raise IllegalActionError(f"'{text}' needs the seat that plays it")
            return Action(seat, text.lower())
        for a in self.legal_actions():
            if str(a).lower() == text.lower():
                return a
        raise IllegalActionError(f"'{text}' is not a legal action now")

    def clone(self, record: bool = True) -> "State":
        """An independent copy. record=False: the copy keeps no events (search states)."""
        s = State.__new__(State)
        s.__dict__.update(self.__dict__)
        if record and self.recording:
            s.events = self.events[:]
        else:
            s.events = []
            s.recording = False
        s.rng = self.rng.clone()
        s.coins = self.coins[:]
        s.city = [self.city[0][:], self.city[1][:]]
        s.senators = [self.senators[0][:], self.senators[1][:]]
        s.wonders = [self.wonders[0][:], self.wonders[1][:]]
        s.built = [dict(self.built[0]), dict(self.built[1])]
        s.wonders_out = self.wonders_out[:]
        s.draft_pool = self.draft_pool[:]
        s.draft_deck = self.draft_deck[:]
        s.progress_board = self.progress_board[:]
        s.progress_box = self.progress_box[:]
        s.progress_owned = [self.progress_owned[0][:], self.progress_owned[1][:]]
        s.progress_locked = self.progress_locked[:]
        s.military_tokens = self.military_tokens[:]
        s.structure = self.structure[:]
        s.face_up = self.face_up[:]
        s.accessible = self.accessible[:]
        s.reveal_pending = self.reveal_pending[:]
        s.discard = self.discard[:]
        s.pending = self.pending[:]
        s.deferred_tokens = self.deferred_tokens[:]
        s.history = self.history[:]
        s.info = self.info[:]
        s._prices = self._prices[:]
        s._decree_fx = self._decree_fx[:]
        # The price caches are shared, not emptied: every change that can alter a price
        # replaces the changed state's dict (refresh, senate_changed, construct), so an
        # entry either copy adds holds for both while they still share the dict.
        s._costs = self._costs[:]
        if self.agora:
            s.cubes = self.cubes[:]
            s.control = self.control[:]
            s.chamber_decrees = [d[:] for d in self.chamber_decrees]
            s.decree_up = self.decree_up[:]
            s.conspiracy_deck = self.conspiracy_deck[:]
            s.conspiracies = [self.conspiracies[0][:], self.conspiracies[1][:]]
            s.deck_knowledge = [self.deck_knowledge[0][:], self.deck_knowledge[1][:]]
            s.secret_seen = [self.secret_seen[0][:], self.secret_seen[1][:]]
        # decks, removed and the rules never change after setup: shared.
        return s

    def events_for(self, player: int, since: int = 0) -> list:
        """The events from index `since` on, as seat `player` may know them (game.events)."""
        from .events import mask
        return [mask(e, player) for e in self.events[since:]]

    def observation(self, player: int) -> dict:
        from .observation import observe
        return observe(self, player)

    def to_json(self) -> str:
        from .encoding import dumps
        return dumps(self)

    # ---------------------------------------------------------------- queries

    def card(self, cid):
        return self.rules.cards[cid]

    def accessible_cards(self) -> list:
        return [self.structure[s] for s in self.accessible]

    def slot_of(self, name: str) -> int:
        """Accessible slot holding the card called `name`."""
        cid = self.rules.card_id.get(name)
        if cid is not None and cid in self.structure:
            slot = self.structure.index(cid)
            if slot in self.accessible:
                return slot
        raise IllegalActionError(f"'{name}' is not an accessible card")

    def unbuilt_wonders(self, p) -> list:
        built = self.built[p]
        return [w for w in self.wonders[p] if w not in built]

    def standing_wonders(self) -> int:
        return len(self.built[0]) + len(self.built[1])

    def discard_value(self, p) -> int:
        """Coins gained by discarding a card now."""
        return 2 + self.info[p].count("yellow") + self.decree_value(p, "discard_bonus", 0)

    def recruit_cost(self, p) -> int:
        if self.info[p].passive.get("free_recruit"):
            return 0
        return len(self.senators[p])

    def prices(self, p) -> list:
        """Unit price of each resource for player p (base §7.4–7.5, Decrees D10–D11)."""
        cached = self._prices[p]
        if cached is not None:
            return cached
        opp_prod = self.info[1 - p].prod
        fixed = self.info[p].fixed
        prices = [1 if fixed[r] else 2 + opp_prod[r] for r in range(len(RESOURCES))]
        if self.agora:
            for arg in self.decree_args(p, "trade_discount"):
                for name in arg["resources"]:
                    r = RESOURCES.index(name)
                    prices[r] = max(1, prices[r] - arg["coins"])
        prices = self._prices[p] = tuple(prices)
        return prices

    def chain_for(self, p, cid):
        """The chain symbol that makes card `cid` free for p, or None; second: from the opponent."""
        sym = self.rules.cards[cid].chain_in
        if sym is None:
            return None, False
        if sym in self.info[p].chains:
            return sym, False
        if self.agora and self.decree_value(p, "opponent_chains") and sym in self.info[1 - p].chains:
            return sym, True
        return None, False

    def building_price(self, p, cid):
        """(total coins, trade coins, chain symbol or None) for constructing card cid."""
        cached = self._costs[p].get(cid)
        if cached is None:
            cached = self._costs[p][cid] = self._building_price(p, cid)
        return cached

    def _building_price(self, p, cid):
        c = self.rules.cards[cid]
        info = self.info[p]
        if c.chain_in is not None:
            if c.chain_in in info.chains:
                return 0, 0, c.chain_in
            if self.agora and self.chain_for(p, cid)[0]:
                return 0, 0, c.chain_in
        waive = info.passive.get(c.discount_key, 0) if info.passive else 0
        prices = self._prices[p] or self.prices(p)
        trade = trade_cost(c.resources, info.prod, info.choices, prices, waive)
        total = c.coin_cost + trade
        if self.agora and c.color in self.decree_args(p, "ignore_cost_symbol"):
            # Decrees D5-D7: ignore one cost symbol, the whole coin cost or one resource unit.
            unit = trade_cost(c.resources, info.prod, info.choices, prices, waive + 1)
            if c.coin_cost and trade <= c.coin_cost + unit:
                return trade, trade, None
            if c.coin_cost + unit < total:
                return c.coin_cost + unit, unit, None
        return total, trade, None

    def wonder_price(self, p, wid):
        """(total coins, trade coins) for constructing Wonder wid."""
        key = -1 - wid                    # Wonders share the cache with cards (ids >= 0)
        cached = self._costs[p].get(key)
        if cached is None:
            cached = self._costs[p][key] = self._wonder_price(p, wid)
        return cached

    def _wonder_price(self, p, wid):
        w = self.rules.wonders[wid]
        info = self.info[p]
        waive = info.passive.get("discount_wonder", 0)
        if self.agora:
            waive += self.decree_value(p, "wonder_discount", 0)
        trade = trade_cost(w.resources, info.prod, info.choices, self._prices[p] or self.prices(p), waive)
        return trade, trade

    def payment(self, p, name: str, card: str = None) -> Payment:
        """Cheapest payment for Building/Senator/Wonder `name`, with its full breakdown."""
        rules = self.rules
        if name in rules.wonder_id:
            wid = rules.wonder_id[name]
            total, trade = self.wonder_price(p, wid)
            need, coin_cost = rules.wonders[wid].resources, 0
            sources = list(self.info[p].passive.get("discount_sources_wonder", []))
            if self.agora:
                for did in self.controlled_decrees(p):
                    n = rules.decrees[did].passive.get("wonder_discount")
                    if n:
                        sources.append((rules.decrees[did].name, n))
            color = "wonder"
        else:
            cid = rules.card_id.get(name)
            if cid is None:
                raise ValueError(f"payment: '{name}' is not a Building, Senator or Wonder "
                                 f"of this game")
            c = rules.cards[cid]
            if c.senator:
                cost = self.recruit_cost(p)
                free = "corruption" if self.info[p].passive.get("free_recruit") else None
                return Payment(total=cost, affordable=cost <= self.coins[p], coin_cost=cost,
                               free_reason=free)
            chain, from_opp = self.chain_for(p, cid)
            if chain:
                return Payment(total=0, affordable=True, chain=chain, chain_from_opponent=from_opp,
                               free_reason="chain")
            total, trade, _ = self.building_price(p, cid)
            need, coin_cost, color = c.resources, c.coin_cost, c.color
            sources = list(self.info[p].passive.get("discount_sources_" + c.color, []))
            if self.agora and total - trade != coin_cost:   # the Decree waived the coin cost
                coin_cost = 0
            elif self.agora and self.decree_has(p, "ignore_cost_symbol", c.color):
                sources.append((self._decree_name(p, "ignore_cost_symbol", c.color), 1))
        info = self.info[p]
        prices = self.prices(p)
        reasons = []
        for r in range(len(RESOURCES)):
            if info.fixed[r]:
                reasons.append(("fixed", info.fixed_source[r]))
            else:
                reasons.append(("opponent", self.info[1 - p].prod[r]))
        waive = sum(n for _, n in sources)
        produced, used, waived, purchases, trade_check = explain(
            need, info.prod, info.choices, info.choice_names, prices, reasons, waive, sources)
        pay = Payment(total=total, affordable=total <= self.coins[p], coin_cost=coin_cost,
                      trade=trade, produced=produced, choices=used, waived=waived,
                      purchases=purchases,
                      trade_to_opponent=bool(trade and self.info[1 - p].passive.get("trade_income")))
        if color != "wonder" and coin_cost == 0 and rules.cards[rules.card_id[name]].coin_cost:
            pay.waived.append((self._decree_name(p, "ignore_cost_symbol", color), "coins"))
        return pay

    # ------------------------------------------------------------ Agora queries
    # (defined here because payment and discards read them; base games have no Senate)

    def controlled_decrees(self, p) -> list:
        if not self.agora:
            return []
        out = []
        for ch in range(6):
            if self.control[ch] == p:
                out.extend(self.chamber_decrees[ch])
        return out

    def decree_args(self, p, kind):
        """Arguments of every `kind` Decree effect p benefits from (cached until control changes)."""
        table = self._decree_fx[p]
        if table is None:
            table = self._decree_table(p)
        return table.get(kind, ())

    def _decree_table(self, p) -> dict:
        table = {}
        decrees = self.rules.decrees
        for d in self.controlled_decrees(p):
            for k, arg in decrees[d].passive.items():
                table.setdefault(k, []).append(arg)
        self._decree_fx[p] = table
        return table

    def decree_value(self, p, kind, default=None):
        if not self.agora:
            return default
        args = self.decree_args(p, kind)
        if not args:
            return default
        if isinstance(args[0], bool):
            return True
        return sum(args) if isinstance(args[0], int) else args[0]

    def decree_has(self, p, kind, value) -> bool:
        return value in self.decree_args(p, kind)

    def _decree_name(self, p, kind, value):
        decrees = self.rules.decrees
        for d in self.controlled_decrees(p):
            if decrees[d].passive.get(kind) == value:
                return decrees[d].name
        return None

    def decree_controller(self, kind, value=None):
        """Who controls a Decree with this effect (and argument), or None."""
        if not self.agora:
            return None
        decrees = self.rules.decrees
        for ch in range(6):
            owner = self.control[ch]
            if owner is None:
                continue
            for d in self.chamber_decrees[ch]:
                arg = decrees[d].passive.get(kind)
                if arg is not None and (value is None or arg == value):
                    return owner
        return None

    # ------------------------------------------------------------ engine core

    def _advance(self):
        """Resolve automatic steps until a decision is on top or the game is over."""
        pending = self.pending
        auto = registry.AUTOMATIC
        decisions = registry.DECISIONS
        self._legal = None
        while pending and self._winner is None:
            step = pending[-1]
            if step[0] in decisions:
                if step[0] == "turn" and self.accessible:
                    # A turn with a card on offer can always discard it: it is never
                    # skipped, so its actions are listed only when asked for (search
                    # states are often just evaluated).
                    break
                legal = decisions[step[0]][0](self, step)
                if legal:
                    self._legal = legal      # kept: the caller asks for them next
                    break
                pending.pop()            # a decision with no possible choice is skipped
                continue
            pending.pop()
            auto[step[0]](self, step)
        if self._winner is not None and self.result is None:
            from .scoring import finish
            finish(self, *self._winner)

    def push(self, *steps):
        """Schedule steps to run in the given order, before anything already pending.
        (The hot paths append a single step to `pending` themselves: a call with *steps
        costs several times the append.)"""
        self.pending.extend(reversed(steps))

    def run_steps(self, steps):
        """Run leading steps that cannot ask for a decision now; schedule the rest (in order)."""
        effects = registry.EFFECTS
        for i, step in enumerate(steps):
            if step[0] == "fx" and step[2] in INSTANT_EFFECTS:
                effects[step[2]](self, step[1], step[3], step[4])
                if self._winner is not None:
                    return
            elif step[0] == "construction_done":
                registry.AUTOMATIC["construction_done"](self, step)
            else:
                self.pending.extend(reversed(steps[i:]))     # push(*steps[i:])
                return

    def refresh(self, p):
        """Recompute player p's derived city facts after any change to their city."""
        built = self.built[p]
        self.info[p] = CityInfo(self.rules, self.city[p], built.keys(), self.progress_owned[p])
        self._prices[0] = self._prices[1] = None
        self._costs = [{}, {}]

    def senate_changed(self):
        """Forget what depends on Chamber control: prices and active Decree effects."""
        self._prices[0] = self._prices[1] = None
        self._decree_fx[0] = self._decree_fx[1] = None
        self._costs = [{}, {}]

    def win(self, winner, kind):
        if self._winner is None:
            self._winner = (winner, kind)
            self.pending.clear()

    @property
    def over(self) -> bool:
        return self._winner is not None

    # --- the account of what happens (game.events)

    def emit(self, kind, player=None, **fields):
        """Report an event built afresh (see `record` for the common ones)."""
        if self.recording:
            self.events.append(new_event(kind, player, fields))

    def record(self, key):
        """Report the event `key` describes: the tuple (form, player, *values), FORMS in
        game.events. The caller checks `recording` first (saves a call on the search path);
        one tuple argument, not *key: a call with exact arguments is several times cheaper."""
        memo = self._interned
        event = memo.get(key)
        if event is None:
            # First time in this rule set: built and kept (forgotten all at once past the limit).
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            event = memo[key] = BUILDERS[key[0]](self, key)
        self.events.append(event)

    def card_name(self, card):
        """A card's name from its id (names and None pass through)."""
        return self.rules.cards[card].name if card.__class__ is int else card

    def reason(self, source):
        """A reason (kind, name) from an effect source (kind, id); names pass through."""
        if source is None:
            return None
        reason = self._reasons.get(source)
        if reason is None:
            reason = self._reasons[source] = self._reason(source)
        return reason

    def _reason(self, source):
        kind, ident = source
        if not isinstance(ident, int):
            return source
        rules = self.rules
        if kind == "card":
            c = rules.cards[ident]
            return ("senator" if c.senator else "card", c.name)
        if kind in ("wonder", "draft"):
            return ("wonder", rules.wonders[ident].name)
        space = {"progress": rules.progress, "military": rules.military_tokens,
                 "conspiracy": rules.conspiracies, "decree": rules.decrees}[kind]
        return (kind, space[ident].name)

    def card_moved(self, player, cid, frm, to, frm_player=None, to_player=None, reason=None,
                   **fields):
        """Report a card that changed place (the caller moved it)."""
        if self.recording:
            self.events.append(new_event("card", player, {
                "card": self.rules.cards[cid].name, "frm": frm, "to": to,
                "frm_player": frm_player, "to_player": to_player, "reason": self.reason(reason),
                **fields}))

    def card_from_structure(self, player, cid, to, to_player, reason, slot, wonder=None):
        """Report the card the turn's action took from `slot` (built afresh: game.events)."""
        event = _new(Event)
        event._kind = "card"
        event._player = player
        name = self.rules.cards[cid].name
        reason = None if reason is None else self.reason(reason)
        if wonder is None:
            event._names = TAKEN_FIELDS
            event._values = (name, "structure", to, None, to_player, reason, slot)
        else:
            event._names = TAKEN_WONDER_FIELDS
            event._values = (name, "structure", to, None, to_player, reason, slot, wonder)
        self.events.append(event)

    def coins_changed(self, p, delta, reason):
        """Report a change of p's coins (the caller made it; built afresh: game.events)."""
        event = _new(Event)
        event._kind = "coins"
        event._player = p
        event._names = COINS_FIELDS
        if reason is not None:
            reason = self._reasons.get(reason) or self.reason(reason)
        event._values = (delta, reason)
        self.events.append(event)

    def gain_coins(self, p, n, reason=None):
        if n:
            self.coins[p] += n
            if self.recording:
                self.coins_changed(p, n, reason)

    def lose_coins(self, p, n, reason=None):
        lost = min(n, self.coins[p])
        if lost:
            self.coins[p] -= lost
            if self.recording:
                self.coins_changed(p, -lost, reason)

    def grant_extra_turn(self, p, reason):
        if not self.extra_turn:
            self.extra_turn = True
            if self.recording:
                self.record(("extra_turn", p, reason))

    def take_from_structure(self, slot) -> int:
        """Remove the card at `slot`; uncovered cards are revealed at the end of the turn."""
        cid = self.structure[slot]
        self.structure[slot] = -1
        self.remaining -= 1
        if slot in self.accessible:
            self.accessible.remove(slot)
        layout = self.rules.layouts[self.age]
        structure = self.structure
        for above in layout.covers[slot]:
            if structure[above] == -1:
                continue
            for b in layout.covered_by[above]:
                if structure[b] != -1:
                    break
            else:
                self.reveal_pending.append(above)
        return cid

    def reveal(self):
        """Turn face up and make accessible every card uncovered since the last reveal."""
        if self.reveal_pending:
            for slot in self.reveal_pending:
                if self.structure[slot] < 0:     # taken before its turn ended (Property Fraud)
                    continue
                if not self.face_up[slot] and self.recording:
                    event = _new(Event)          # afresh, like the card taken (game.events)
                    event._kind = "reveal"
                    event._player = None
                    event._names = REVEAL_FIELDS
                    event._values = (slot, self.rules.cards[self.structure[slot]].name)
                    self.events.append(event)
                self.face_up[slot] = True
                if slot not in self.accessible:
                    self.accessible.append(slot)
            self.accessible.sort()
            self.reveal_pending = []

    def deal_age(self, age):
        self.age = age
        layout = self.rules.layouts[age]
        deck = self.decks[age]
        self.structure = list(deck[:len(layout)])
        self.face_up = list(layout.face_up)
        self.accessible = [s for s in range(len(layout)) if not layout.covered_by[s]]
        self.reveal_pending = []
        self.remaining = len(layout)
        if self.recording:
            cards, backs = self.rules.cards, self.rules.card_backs
            append = self.events.append
            new, fields = _new, DEAL_FIELDS
            for slot, cid in enumerate(self.structure):
                face_up = self.face_up[slot]
                event = new(Event)
                event._kind = "card"
                event._player = None
                event._names = fields
                event._values = (cards[cid].name, "deck", "structure", None, None, None, slot,
                                 face_up, backs[cid], None if face_up else "all")
                append(event)

    # --- military

    def push_pawn(self, pusher, n, reason=None) -> list:
        """Move the pawn n spaces toward pusher's opponent; return military tokens collected."""
        step = 1 if pusher == 0 else -1
        capital = self.rules.capital
        zones = self.rules.military_zone
        collected = []
        start = self.pawn
        for _ in range(n):
            self.pawn += step
            if self.pawn * step >= capital:
                self.pawn = step * capital
                collected = []
                break
            for tid in self.military_tokens:
                lo, hi = zones[tid]
                if lo <= self.pawn <= hi:
                    self.military_tokens.remove(tid)
                    collected.append(tid)
                    break
        if self.recording and self.pawn != start:
            self.record(("pawn", pusher, start, self.pawn, reason))
            tokens = self.rules.military_tokens
            for tid in collected:
                self.record(("military_token", pusher, tokens[tid].name,
                            "+".join(kind for kind, _ in tokens[tid].on_gain), reason))
        if self.pawn * step >= capital:
            self.win(pusher, "military")
        return collected

    def token_steps(self, pusher, tokens) -> list:
        src_tokens = self.rules.military_tokens
        return [("fx", pusher, kind, arg, ("military", tid))
                for tid in tokens for kind, arg in src_tokens[tid].on_gain]

    # --- science

    def science_pair(self, p, symbol) -> bool:
        """Did p just complete a pair of `symbol` (and may take a progress token)?"""
        return self.info[p].symbols.get(symbol, 0) == 2 and bool(self.progress_board)

    def check_science(self, p) -> bool:
        if len(self.info[p].symbols) >= 6:
            self.win(p, "science")
            return True
        return False

    # --- construction

    def construct(self, p, cid, via="normal"):
        """Put Building cid in p's city and schedule all its effects (base §16).

        via: 'normal' (paid), 'chain' (free through a chain: Urbanism pays), or 'free'
        (The Mausoleum, Treason, Property Fraud: no chain bonus).
        """
        c = self.rules.cards[cid]
        if c.senator:
            return registry.AUTOMATIC["recruit"](self, ("recruit", p, cid, True))
        self.city[p].append(cid)
        self.info[p] = self.info[p].plus_card(c)
        # A Building changes its owner's costs only through production, fixed trade prices
        # or a chain symbol; the opponent's only through production (and chains under D15).
        if c.production or c.choice or c.trade_fixed or c.chain_out:
            self._prices[p] = None
            self._costs[p] = {}
        if c.production or (c.chain_out and self.agora):
            self._prices[1 - p] = None
            self._costs[1 - p] = {}
        src = ("card", cid)
        self.cause = src
        steps = []
        if self.agora:
            self._construction_coins(c.color)
        if c.science:
            if self.check_science(p):
                return
            pair = self.science_pair(p, c.science)
        else:
            pair = False
        for kind, arg in c.on_gain:
            steps.append(("fx", p, kind, arg, src))
        if via == "chain":
            bonus = self.info[p].passive.get("chain_coins")
            if bonus:
                steps.append(("fx", p, "coins", bonus, ("progress", self._chain_token(p))))
        if pair:
            if self.recording:
                self.record(("science_pair", p, c.science))
            steps.append(("progress", p))
        steps.append(("construction_done", p))
        self.run_steps(steps)

    def construct_wonder(self, p, wid, tucked):
        self.built[p][wid] = tucked
        wonders = self.rules.wonders
        if self.recording:
            self.record(("wonder", p, wonders[wid].name, "built", None, None))
        if self.standing_wonders() >= 7:
            for q in (0, 1):
                for w in self.unbuilt_wonders(q):
                    self.wonders[q].remove(w)
                    self.wonders_out.append(w)
                    if self.recording:
                        self.record(("wonder", q, wonders[w].name, "boxed", q,
                                    ("rule", "seven_wonders")))
        self.refresh(p)
        if self.agora:
            self._construction_coins("wonder")
        w = wonders[wid]
        src = ("wonder", wid)
        self.cause = src
        steps = [("fx", p, kind, arg, src) for kind, arg in w.on_gain]
        if self.info[p].passive.get("wonders_play_again"):
            theology = self._token_with(p, "wonders_play_again")
            steps.append(("fx", p, "play_again", True, ("progress", theology)))
        steps.append(("construction_done", p))
        self.run_steps(steps)

    def _construction_coins(self, color):
        """Decrees D1-D4: their controller gains coins for each construction of a colour."""
        owner = self.decree_controller("construction_coins", color)
        if owner is not None:
            name = self._decree_name(owner, "construction_coins", color)
            self.gain_coins(owner, self.age, ("decree", name))

    def _token_with(self, p, passive):
        """The progress token of p that has this passive effect (for reasons)."""
        for tid in self.progress_owned[p]:
            if passive in self.rules.progress[tid].passive:
                return tid
        return None

    def _chain_token(self, p):
        return self._token_with(p, "chain_coins")

    def gain_progress(self, p, tid, frm="board"):
        """p takes progress token tid (from the board or the box): effects apply at once."""
        self.progress_owned[p].append(tid)
        self.refresh(p)
        t = self.rules.progress[tid]
        self.cause = ("progress", tid)
        if self.recording:
            self.record(("progress", p, t.name, "gained", frm, None))
        if t.science and self.check_science(p):
            return
        self.push(*[("fx", p, kind, arg, ("progress", tid)) for kind, arg in t.on_gain])
