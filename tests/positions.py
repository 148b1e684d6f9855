"""Building constructed positions for rules tests.

    s = position(agora=False)              # Age I, seat 0 to play, empty cities, 7 coins each
    give(s, 0, "Clay Pool", "Quarry")      # Buildings straight into a city
    offer(s, "Palace")                     # make a card accessible in the structure
    act(s, "build Palace")                 # play by notation

Positions are set directly on the state (as a referee setting up a table would); the
game then runs through the normal engine API.
"""

from dataclasses import dataclass

from game import new_game
from game.senate import reevaluate


def position(agora=False, seed=0, player=0, age=1, coins=7):
    """A fresh game after the draft, at the start of a turn of `player` in `age`.

    Wonders, cubes, Conspiracies and tokens owned are cleared; the board's progress tokens
    and the Decrees are as dealt by `seed` (replace them with `board_tokens`/`decree`).
    """
    s = new_game(seed, agora=agora, first_player=player)
    while s.phase == "draft":
        s.apply(s.legal_actions()[0])
    s.wonders = [[], []]
    s.built = [{}, {}]
    s.coins = [coins, coins]
    if agora:
        s.cubes = [0] * 12
        s.control = [None] * 6
        s.conspiracies = [[], []]
        s.conspiracy_deck = list(range(len(s.rules.conspiracies)))
        s.deck_knowledge = [[], []]
        s.progress_owned = [[], []]
        for ch in range(6):
            s.decree_up[s.chamber_decrees[ch][0]] = s.rules.chambers[ch].decree_face_up
    if age != 1:
        s.deal_age(age)
    s.pending = [("turn", player, True)]
    s.refresh(0)
    s.refresh(1)
    s._legal = None
    return s


def give(s, p, *names):
    """Put Buildings (or Senators) into p's city, as if constructed earlier (no effects)."""
    for name in names:
        cid = s.rules.card_id[name]
        _detach(s, cid)
        if s.rules.cards[cid].senator:
            s.senators[p].append(cid)
        else:
            s.city[p].append(cid)
    s.refresh(p)
    s._legal = None


def wonders(s, p, *names, built=()):
    """Give p these unbuilt Wonders, and `built` ones already constructed."""
    ids = s.rules.wonder_id
    for name in names:
        s.wonders[p].append(ids[name])
    for name in built:
        s.wonders[p].append(ids[name])
        s.built[p][ids[name]] = _spare_card(s)
    s.refresh(p)
    s._legal = None


def tokens(s, p, *names):
    """p owns these progress tokens (taken off the board/box; no immediate effects)."""
    for name in names:
        tid = s.rules.progress_id[name]
        for pile in (s.progress_board, s.progress_box):
            if tid in pile:
                pile.remove(tid)
        s.progress_owned[p].append(tid)
    s.refresh(p)
    s._legal = None


def board_tokens(s, *names):
    """Replace the progress tokens on the board (the others go to the box)."""
    ids = [s.rules.progress_id[n] for n in names]
    owned = set(s.progress_owned[0] + s.progress_owned[1])
    s.progress_board = ids
    s.progress_box = [t for t in range(len(s.rules.progress)) if t not in ids and t not in owned]
    s._legal = None


def offer(s, *names):
    """Make each named card accessible (it replaces an accessible card of the structure)."""
    for i, name in enumerate(names):
        cid = s.rules.card_id[name]
        if cid in s.structure and s.structure.index(cid) in s.accessible:
            continue
        _detach(s, cid)
        free = [slot for slot in s.accessible if s.rules.cards[s.structure[slot]].name not in names]
        slot = free[0]
        s.structure[slot] = cid
    s._legal = None


def discard(s, *names):
    for name in names:
        cid = s.rules.card_id[name]
        _detach(s, cid)
        s.discard.append(cid)
    s._legal = None


def cubes(s, **chambers):
    """Set cubes, e.g. cubes(s, ch1=(2, 1)); control is derived (no Decree effects run)."""
    for key, (a, b) in chambers.items():
        ch = int(key[2:]) - 1
        s.cubes[ch * 2], s.cubes[ch * 2 + 1] = a, b
        s.control[ch] = 0 if a > b else 1 if b > a else None
        if s.control[ch] is not None:
            for d in s.chamber_decrees[ch]:
                s.decree_up[d] = True
    s.senate_changed()
    s._legal = None


def decree(s, chamber, name, face_up=True):
    """Put Decree `name` (alone) in Chamber number `chamber` (1-6)."""
    did = s.rules.decree_id[name]
    for ch in s.chamber_decrees:
        if did in ch:
            ch.remove(did)
    s.chamber_decrees[chamber - 1] = [did]
    s.decree_up[did] = face_up
    s.senate_changed()
    s._legal = None


def conspiracy(s, p, name, status="unprepared", card=None):
    """p owns Conspiracy `name`: 'unprepared', 'prepared' (with `card` or a spare) or 'triggered'."""
    from game.senate import UNPREPARED, PREPARED, TRIGGERED
    cid = s.rules.conspiracy_id[name]
    s.conspiracy_deck.remove(cid)
    st = {"unprepared": UNPREPARED, "prepared": PREPARED, "triggered": TRIGGERED}[status]
    tucked = -1
    if st != UNPREPARED:
        tucked = s.rules.card_id[card] if card else _spare_card(s)
        _detach(s, tucked)
    s.conspiracies[p].append((cid, st, tucked))
    s._legal = None


def act(s, text):
    s.apply(s.parse_action(text))


def legal(s):
    return [str(a) for a in s.legal_actions()]


def _spare_card(s):
    """A card from a later Age deck, to tuck under things."""
    for age in (3, 2):
        for cid in s.decks[age]:
            if cid not in s.structure and not s.rules.cards[cid].senator:
                _detach(s, cid)
                return cid
    raise RuntimeError("no spare card")


def _detach(s, cid):
    """Take a card out of wherever it is, so it is never in two places."""
    if cid in s.structure:
        slot = s.structure.index(cid)
        used = set(s.structure) | set(s.city[0] + s.city[1] + s.discard)
        spare = next((c for age in (3, 2, 1) for c in s.decks[age] + s.removed[age]
                      if c not in used and not s.rules.cards[c].senator), None)
        if spare is None:
            raise RuntimeError(f"no spare card to replace {s.rules.cards[cid].name} in the structure")
        s.structure[slot] = spare
    for pile in (s.city[0], s.city[1], s.senators[0], s.senators[1], s.discard):
        if cid in pile:
            pile.remove(cid)
    s.decks = {age: [c for c in cards if c != cid] for age, cards in s.decks.items()}
    s.removed = {age: [c for c in cards if c != cid] for age, cards in s.removed.items()}


def recheck(s, ch):
    """Re-derive control of Chamber number `ch` (1-6) through the engine."""
    reevaluate(s, ch - 1)


def replayed(seed, actions, agora=False, first_player=0):
    """The position reached by playing `actions` (notation) from a new game: how the AI
    tests rebuild a real game's position from its log."""
    s = new_game(seed, agora=agora, first_player=first_player)
    for text in actions:
        s.apply(s.parse_action(text))
    return s


@dataclass(frozen=True)
class AnchorGamePosition:
    """A position of a recorded base game against indjev99's MCTS (issue #37): our seat
    `seat` to move after the recorded moves `actions` (a field of each subclass, last)."""
    game_seed: int
    first_player: int
    seat: int

    def position(self):
        return replayed(self.game_seed, list(self.actions), agora=False,
                        first_player=self.first_player)

    def __str__(self):
        return f"seed{self.game_seed}-{len(self.actions)}"


def after_turn(s, text):
    """A copy of `s` after `text` and its follow-ups played greedily (as the threat checks
    play them)."""
    from game.ai.tactics import settle
    c = s.clone()
    c.apply(c.parse_action(text))
    settle(c)
    return c
