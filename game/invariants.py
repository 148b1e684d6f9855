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
        out.append(f"pawn at {s.pawn} is off the track (-{rules.capital}..{rules.capital})")
    if len(set(s.military_tokens)) != len(s.military_tokens):
        out.append("a military token is on the track twice")
    for tid in s.military_tokens:
        lo, hi = rules.military_zone[tid]
        if (lo > 0 and s.pawn >= lo) or (hi < 0 and s.pawn <= hi):
            out.append(f"military token {rules.military_tokens[tid].name} is still on the track "
                       f"behind the pawn at {s.pawn}")
    wonder_places = [w for p in (0, 1) for w in s.wonders[p]] + s.draft_pool + s.draft_deck + \
        s.wonders_out
    if len(set(wonder_places)) != len(wonder_places):
        out.append("a Wonder is in several places")
    for p in (0, 1):
        if not set(s.built[p]) <= set(s.wonders[p]):
            out.append(f"player {p} has built a Wonder they do not own")
    out += _structure_problems(s)
    if s.is_terminal and s.result is None:
        out.append("terminal without result")
    if s.agora:
        for p in (0, 1):
            on_board = sum(s.cubes[ch * 2 + p] for ch in range(6))
            if not 0 <= on_board <= CUBES:
                out.append(f"player {p} has {on_board} cubes on the board")
            if any(s.cubes[ch * 2 + p] < 0 for ch in range(6)):
                out.append(f"player {p} has a negative number of cubes in a chamber")
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


def _structure_problems(s) -> list:
    """The structure's slots, face-up flags, accessible and to-be-revealed slots agree with
    the Age's layout: a card is accessible exactly when nothing covers it any more (or it is
    waiting for the end-of-turn reveal), an accessible card is face up, and a covered card
    is face up only if it was dealt face up."""
    if not s.structure:
        if s.face_up or s.accessible or s.reveal_pending:
            return ["face_up/accessible given without a structure"]
        return []
    layout = s.rules.layouts[s.age]
    n = len(layout)
    if len(s.structure) != n or len(s.face_up) != n:
        return [f"structure has {len(s.structure)} slots and face_up {len(s.face_up)}, "
                f"the Age {s.age} layout has {n}"]
    out = []
    for name, slots in (("accessible", s.accessible), ("reveal_pending", s.reveal_pending)):
        bad = [x for x in slots if not 0 <= x < n]
        if bad or len(set(slots)) != len(slots):
            out.append(f"{name} slots {slots} are out of range or repeated")
            return out
    structure = s.structure

    def free(slot):
        return all(structure[b] == -1 for b in layout.covered_by[slot])

    out += _taken_too_early(s, layout)
    for slot in range(n):
        if structure[slot] == -1:
            continue
        where = f"slot {slot} ({layout.name(slot)})"
        if slot in s.accessible:
            if not s.face_up[slot]:
                out.append(f"accessible {where} is face down")
            if not free(slot):
                out.append(f"accessible {where} is still covered")
        elif free(slot) and slot not in s.reveal_pending:
            out.append(f"uncovered {where} is not accessible")
        if not free(slot) and s.face_up[slot] != layout.face_up[slot]:
            out.append(f"covered {where} is face {'up' if s.face_up[slot] else 'down'}")
    for slot in s.accessible:
        if structure[slot] == -1:
            out.append(f"accessible slot {slot} is empty")
    for slot in s.reveal_pending:
        if slot in s.accessible or not free(slot):
            out.append(f"slot {slot} waits to be revealed but is accessible or covered")
    return out


def _taken_too_early(s, layout) -> list:
    """An empty slot whose covering cards still lie on the table: a card is taken only once
    nothing covers it, so the slot must still hold its card. The one exception is Property
    Fraud (Agora C7), which builds a card of the top row while it is still overlapped."""
    out = []
    structure = s.structure
    for slot in range(len(layout)):
        if structure[slot] != -1 or (s.agora and slot in layout.top_row):
            continue
        over = [b for b in layout.covered_by[slot] if structure[b] != -1]
        if over:
            names = ", ".join(f"slot {b} ({layout.name(b)})" for b in over)
            out.append(f"Age {s.age} slot {slot} ({layout.name(slot)}) is empty while {names} "
                       f"still covers it: its card cannot have been taken yet")
    return out
