"""Consistency checks over a whole state, used by the property tests and the simulator.

Returns a list of problems (empty when the state is sound). Kept out of the hot path.
"""

from .state import CUBES


def problems(s) -> list:
    out = []
    rules = s.rules
    places = {}

    def put(cid, where):
        places.setdefault(cid, []).append(where)

    for age in (1, 2, 3):
        for cid in s.removed[age]:
            put(cid, f"removed{age}")
    dealt = s.age if s.structure else 0          # base game: Age I is dealt after the draft
    for age in range(dealt + 1, 4):
        for cid in s.decks[age]:
            put(cid, f"deck{age}")
    for cid in s.structure:
        if cid != -1:
            put(cid, "structure")
    for p in (0, 1):
        for cid in s.city[p]:
            put(cid, f"city{p}")
        for cid in s.senators[p]:
            put(cid, f"senators{p}")
        for cid in s.built[p].values():
            put(cid, f"wonder{p}")
        for _, status, cid in s.conspiracies[p]:
            if cid != -1:
                put(cid, f"conspiracy{p}")
    for cid in s.discard:
        put(cid, "discard")
    # Every Age card and Senator of the rule set, plus the 3 Guilds dealt into Age III.
    expected = {c for age in (1, 2, 3) for c in rules.age_cards[age]} | set(rules.senators) | \
        {c for c in s.decks[3] if rules.cards[c].guild}
    if set(places) != expected:
        missing = [rules.cards[c].name for c in expected - set(places)]
        extra = [rules.cards[c].name for c in set(places) - expected]
        out.append(f"cards missing {missing} / unexpected {extra}")
    for cid, where in places.items():
        if len(where) > 1:
            out.append(f"card {rules.cards[cid].name} is in several places: {where}")
    for p in (0, 1):
        if s.coins[p] < 0:
            out.append(f"player {p} has negative coins")
    if abs(s.pawn) > rules.capital:
        out.append("pawn off the track")
    for slot in s.accessible:
        if not s.face_up[slot] or s.structure[slot] == -1:
            out.append(f"accessible slot {slot} is face down or empty")
    if s.is_terminal and s.result is None:
        out.append("terminal without result")
    if s.agora:
        for p in (0, 1):
            on_board = sum(s.cubes[ch * 2 + p] for ch in range(6))
            if not 0 <= on_board <= CUBES:
                out.append(f"player {p} has {on_board} cubes on the board")
        for ch in range(6):
            a, b = s.cubes[ch * 2], s.cubes[ch * 2 + 1]
            expected = 0 if a > b else 1 if b > a else None
            if s.control[ch] != expected:
                out.append(f"chamber {ch} control {s.control[ch]} != {expected}")
        decrees = [d for ch in s.chamber_decrees for d in ch]
        if len(decrees) != 6 or len(set(decrees)) != 6:
            out.append(f"Senate holds decrees {decrees}")
        tokens = s.progress_board + s.progress_box + s.progress_locked + \
            s.progress_owned[0] + s.progress_owned[1]
        if sorted(tokens) != list(range(len(rules.progress))):
            out.append("progress tokens not conserved")
        owned = [c for p in (0, 1) for c, _, _ in s.conspiracies[p]]
        for step in s.pending:                     # drawn, not yet kept or put back
            if step[0] == "keep":
                owned.extend(step[2])
            elif step[0] == "return":
                owned.append(step[2])
        if sorted(owned + s.conspiracy_deck) != list(range(len(rules.conspiracies))):
            out.append("conspiracies not conserved")
    return out
