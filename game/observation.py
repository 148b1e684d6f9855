"""What one player may know: the state's encoding with every secret masked.

The observation has the same shape as `serialize.encode` (docs/engine.md), with hidden
values replaced by placeholders beginning with "?":
  "?1" "?2" "?3"   an Age card of that Age (face-down card, deck or box)
  "?guild"         a Guild (face-down Guilds show a Guild back)
  "?senator"       a Senator (face-down Senators show a Senator back)
  "?wonder" "?progress" "?decree" "?conspiracy"   a hidden Wonder, token, Decree, Conspiracy
Hidden: face-down structure cards, the decks (undealt ones also their order: their backs
are listed sorted) and the cards removed at setup, undrafted
Wonders, boxed progress tokens, face-down Decrees, the Conspiracy deck order, the
opponent's untriggered Conspiracies, what the opponent looked at secretly, and the RNG.
"""

from .data import TRIGGERED
from .encoding import encode

SECRET_OF_OWNER = {"keep", "return", "prepare"}


def card_back(rules, cid) -> str:
    c = rules.cards[cid]
    return "?senator" if c.senator else "?guild" if c.guild else f"?{c.age}"


def observe(s, player) -> dict:
    rules = s.rules
    d = encode(s)
    opp = 1 - player
    seen = set(s.secret_seen[player]) if s.agora else set()
    d["observer"] = player
    d["rng"] = None
    d["structure"] = [None if cid == -1 else
                      rules.cards[cid].name if s.face_up[slot] else card_back(rules, cid)
                      for slot, cid in enumerate(s.structure)]
    d["decks"] = {str(a): _deck_backs(s, a) for a in (1, 2, 3)}
    d["removed"] = {str(a): [rules.cards[c].name if rules.cards[c].name in seen
                             else card_back(rules, c) for c in s.removed[a]] for a in (1, 2, 3)}
    d["draft_deck"] = ["?wonder"] * len(s.draft_deck)
    d["progress_box"] = [rules.progress[t].name if rules.progress[t].name in seen else "?progress"
                         for t in s.progress_box]
    d["progress_locked"] = _locked(s, player)
    d["pending"] = [_mask_step(s, step, player) for step in d["pending"]]
    d["history"] = [_mask_action(a) if a[0] == opp else a for a in d["history"]]
    if s.agora:
        d["chamber_decrees"] = [[rules.decrees[x].name if s.decree_up[x] else "?decree" for x in ds]
                                for ds in s.chamber_decrees]
        d["conspiracy_deck"] = ["?conspiracy"] * len(s.conspiracy_deck)
        for c in d["conspiracies"][opp]:
            if c["status"] != TRIGGERED:
                c["name"] = "?conspiracy"
        d["deck_knowledge"][opp] = [["?conspiracy", pos] for _, pos in d["deck_knowledge"][opp]]
        d["secret_seen"][opp] = []
    if s.current_player == player:
        d["legal_actions"] = [str(a) for a in s.legal_actions()]
    return d


def _deck_backs(s, age):
    """An Age deck's backs. Undealt: sorted, so only the count per back shows — the order
    would tell which structure slots will hold Senators and Guilds. Dealt: the structure's
    backs in slot order, which the table shows anyway."""
    backs = [card_back(s.rules, c) for c in s.decks[age]]
    dealt = s.age if s.structure else 0
    return sorted(backs) if age > dealt else backs


def _locked(s, player):
    """Tokens locked by Obscurantism: from the box they stay secret to the opponent."""
    from_box_by_opponent = sum(1 for a in s.history if a.kind == "lock" and a.target == "box"
                               and a.player != player)
    names = [s.rules.progress[t].name for t in s.progress_locked]
    secret = {a.subject for a in s.history if a.kind == "lock" and a.target == "box"
              and a.player != player}
    out = [n for n in names if n not in secret]
    return out + ["?progress"] * from_box_by_opponent


def _mask_step(s, step, player):
    kind, who = step[0], step[1]
    if who != player and kind == "library":
        return [kind, who, ["?progress"] * len(step[2])]
    if who != player and kind == "keep":
        return [kind, who, ["?conspiracy"] * len(step[2])]
    if who != player and kind == "return":
        return [kind, who, "?conspiracy"]
    return step


def _mask_action(a):
    player, kind, subject, target = a
    if kind in SECRET_OF_OWNER or (kind == "lock" and target == "box"):
        return [player, kind, "?", target]
    return a
