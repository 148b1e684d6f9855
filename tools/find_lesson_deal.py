"""Search the deals for the Agora lesson (data/lessons/agora.yaml) and print its script.

The lesson's story, all in Age I, the learner being seat 0 and starting (the lesson loader
deals `new_game(seed, agora=True, first_player=0)`):
  1. recruit a Politician and place a cube in a Chamber of its section that borders another
     section (best: a face-down one, whose Decree is revealed);
  2. the opponent puts a cube in the neighbouring Chamber of that other section;
  3. recruit a Conspirator, conspire, keep Coup, put the other card at the bottom;
  4. prepare Coup with a card, build a red card and two blue cards, in the order the
     structure allows;
  5. trigger Coup: its two shields reach the small military token, whose cube ties the
     opponent's Chamber; then recruit a second Politician of the first section (two blue
     cards: two Senate actions): place in the first Chamber, move a cube into the tied one.
The opponent fills its other turns with cheap buildings that neither push the pawn nor take
a card the lesson needs. Each seed is tried with a few random orders (`--tries`); the draft
is random too, Knossos and Curia Julia kept from the learner.

    python tools/find_lesson_deal.py find [--seeds N] [--tries K]   # seeds whose deal fits
    python tools/find_lesson_deal.py show SEED                      # its script, to copy
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game import new_game  # noqa: E402

AVOID_WONDERS = {"Knossos", "Curia Julia"}     # their draft effects would blur the lesson


class Fail(Exception):
    pass


def accessible_cards(s):
    return [s.card(s.structure[i]) for i in s.accessible]


def accessible_names(s):
    return [c.name for c in accessible_cards(s)]


SECTIONS = ["left", "middle", "right"]
BORDERS = {1: 2, 2: 1, 3: 4, 4: 3}      # a Chamber next to another section -> its neighbour there


def section_of(ch):
    return SECTIONS[ch // 2]


def act(s, script, tag, text):
    a = s.parse_action(text)
    script.append((tag, s.current_player, str(a)))
    return s.apply(a)


def draft(s, script, rng, learner):
    """Both seats draft; Knossos' cube and Curia Julia's Conspiracy stay out of the way."""
    while s.phase == "draft" or (s.decision and s.decision != "turn"):
        acts = s.legal_actions()
        d = s.decision
        if d == "draft":
            plain = [a for a in acts if a.subject not in AVOID_WONDERS]
            if s.current_player == learner and plain:
                a = rng.choice(plain)
            else:
                a = rng.choice(acts)
            script.append(("draft", s.current_player, str(a)))
        elif d == "place":            # Knossos: a cube far from the lesson's Chambers
            a = s.parse_action("place in Chamber 6" if s.current_player == learner
                               else "place in Chamber 1")
            script.append(("knossos", s.current_player, str(a)))
        elif d == "keep":             # Curia Julia: never take Coup away
            a = next(x for x in acts if x.subject != "Coup")
            script.append(("curia", s.current_player, str(a)))
        elif d == "return":
            a = next(x for x in acts if x.target == "top")
            script.append(("curia", s.current_player, str(a)))
        else:
            raise Fail("draft decision " + str(d))
        s.apply(a)
        if s.current_player is None:
            raise Fail("over")
    if any(s.cubes):
        raise Fail("knossos")       # keep the Senate empty for the lesson


def filler(s, p, reserved, rng):
    """A quiet move: a cheap building that neither pushes the pawn nor takes a needed card."""
    options = []
    for c in accessible_cards(s):
        if c.name in reserved or c.senator or c.color == "red":
            continue
        pay = s.payment(p, c.name)
        if pay.affordable and pay.total <= 2:
            options.append("build " + c.name)
    if not options:
        options = ["discard " + c.name for c in accessible_cards(s) if c.name not in reserved]
    if not options:
        raise Fail("no filler")
    return rng.choice(options)


def plan(seed, rng):
    # the lesson loader deals with the starting seat given (first = learner = 0)
    s = new_game(seed, agora=True, first_player=0)
    L = s.current_player
    O = 1 - L
    script = []
    draft(s, script, rng, L)
    if s.current_player != L or s.phase != "play":
        raise Fail("start")
    age1 = [s.card(c).name for c in s.structure if c >= 0]
    # the learner's Politician, its Chamber a and the opponent's Chamber b next to it
    first = [c for c in accessible_cards(s) if c.section]
    if not first:
        raise Fail("no politician at start")
    p1 = rng.choice(first)
    sec = SECTIONS.index(p1.section)
    a = rng.choice([ch for ch in (sec * 2, sec * 2 + 1) if ch in BORDERS])
    b = BORDERS[a]
    seconds = [n for n in age1 if n != p1.name and n.startswith(p1.section.capitalize() + " Pol")]
    if not seconds:
        raise Fail("one politician")
    p2 = seconds[0]
    reserved = {p1.name, p2}
    act(s, script, "L-recruit", "recruit " + p1.name)
    act(s, script, "L-place", f"place in Chamber {a + 1}")
    tasks = ["cons", "prepare", "red", "blue", "blue"]
    o_placed = False
    extra = 0
    while True:
        if s.current_player != O or s.age != 1:
            raise Fail("turn order")
        # opponent: its cube in b as soon as it can, else a quiet move
        o_move = None
        if not o_placed:
            for c in accessible_cards(s):
                if c.name in reserved or not c.senator:
                    continue
                if c.section and section_of(b) == c.section or (not c.section and "cons" not in tasks):
                    o_move = c
                    break
        if o_move is not None:
            act(s, script, "O-recruit", "recruit " + o_move.name)   # a Politician, or a Conspirator
            act(s, script, "O-place", f"place in Chamber {b + 1}")
            o_placed = True
        else:
            act(s, script, "O-fill", filler(s, O, reserved, rng))
        if s.current_player != L or s.age != 1:
            raise Fail("turn order")
        if not tasks:
            break
        doable = []
        for t in set(tasks):
            cards = accessible_cards(s)
            if t == "cons":
                cands = [c.name for c in cards if c.senator and not c.section]
                if cands and s.recruit_cost(L) <= s.coins[L]:
                    doable.append((t, cands))
            elif t == "prepare":
                if "cons" in tasks:
                    continue
                cands = [c.name for c in cards if c.name not in reserved and c.color not in ("blue", "red")]
                if cands:
                    doable.append((t, cands))
            else:
                cands = [c.name for c in cards if c.color == t and c.name not in reserved
                         and s.payment(L, c.name).affordable]
                if cands:
                    doable.append((t, cands))
        if not doable:
            extra += 1
            if extra > 1:
                raise Fail("stuck")
            act(s, script, "L-extra", filler(s, L, reserved, rng))
            continue
        doable.sort()
        t, cands = rng.choice(doable)
        name = rng.choice(cands)
        if t == "cons":
            act(s, script, "L-recruit-c", "recruit " + name)
            act(s, script, "L-conspire", "conspire")
            keeps = [str(x) for x in s.legal_actions()]
            if "keep Coup" not in keeps:
                raise Fail("no coup")
            other = [k for k in keeps if k != "keep Coup"][0][5:]
            act(s, script, "L-keep", "keep Coup")
            act(s, script, "L-return", f"return {other} to the bottom")
        elif t == "prepare":
            act(s, script, "L-prepare", f"prepare Coup with {name}")
        else:
            act(s, script, "L-" + t, "build " + name)
        tasks.remove(t)
    if not o_placed or s.control[b] != O:
        raise Fail("opponent chamber")
    if s.pawn * (1 if L == 0 else -1) != 1:
        raise Fail("pawn")
    if p2 not in accessible_names(s):
        raise Fail("p2 not accessible")
    act(s, script, "L-trigger", "trigger Coup")
    if s.decision != "place":
        raise Fail("no token")
    act(s, script, "L-token", f"place in Chamber {b + 1}")
    if s.recruit_cost(L) > s.coins[L]:
        raise Fail("coins")
    act(s, script, "L-recruit-2", "recruit " + p2)
    act(s, script, "L-place-2", f"place in Chamber {a + 1}")
    act(s, script, "L-move", f"move Chamber {a + 1} to Chamber {b + 1}")
    if s.control[b] != L or s.control[a] != L:
        raise Fail("final control")
    return s, script, extra


def attempt(seed, tries):
    for k in range(tries):
        rng = random.Random(seed * 1000 + k)
        try:
            s, script, extra = plan(seed, rng)
        except Fail:
            continue
        except ValueError:          # an illegal scripted action: this order does not fit
            continue
        return k, s, script, extra
    return None


def find(n, tries):
    for seed in range(n):
        got = attempt(seed, tries)
        if got:
            k, s, script, extra = got
            print(seed, "try", k, "actions", len(script), "extra", extra, flush=True)


def show(seed, tries):
    got = attempt(seed, tries)
    if not got:
        print("no plan")
        return
    k, s, script, extra = got
    for tag, p, a in script:
        print(f"{tag:14} seat {p}: {a}")
    print("cubes", s.cubes, "control", s.control)
    print("decrees", [[(s.rules.decrees[d].name, s.decree_up[d]) for d in ds] for ds in s.chamber_decrees])
    print("pawn", s.pawn, "coins", s.coins, "senators", [[s.card(c).name for c in x] for x in s.senators])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["find", "show"])
    ap.add_argument("seed", nargs="?", type=int)
    ap.add_argument("--seeds", type=int, default=2000)
    ap.add_argument("--tries", type=int, default=30)
    args = ap.parse_args()
    if args.mode == "find":
        find(args.seeds, args.tries)
    else:
        show(args.seed, args.tries)


if __name__ == "__main__":
    main()
