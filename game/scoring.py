"""End of the game: the score sheet (score-pad categories) and the result."""

from dataclasses import dataclass, field

from .effects import count_in_city

CATEGORIES = ("blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military",
              "senate")


@dataclass(frozen=True)
class Result:
    winner: object                 # 0, 1, or None for a draw
    victory: str                   # 'military' | 'science' | 'political' | 'civilian'
    scores: tuple                  # two dicts: category -> points, plus 'total'
    tiebreak: bool = False         # a civilian tie decided by blue points
    details: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"winner": self.winner, "victory": self.victory,
                "scores": [dict(s) for s in self.scores], "tiebreak": self.tiebreak}


def score_sheet(s, p) -> dict:
    rules = s.rules
    cards = rules.cards
    sheet = dict.fromkeys(CATEGORIES, 0)
    for cid in s.city[p]:
        c = cards[cid]
        if c.color in ("blue", "green", "yellow"):
            sheet[c.color] += c.points
        if c.guild_rule:
            g = c.guild_rule
            best = max(count_in_city(s, 0, g["count"]), count_in_city(s, 1, g["count"]))
            sheet["purple"] += g.get("points_each", 0) * (best // g.get("per", 1))
    sheet["wonders"] = sum(rules.wonders[w].points for w in s.built[p])
    owned = s.progress_owned[p]
    for t in owned:
        tok = rules.progress[t]
        sheet["progress"] += tok.points + tok.passive.get("points_per_progress", 0) * len(owned)
    sheet["coins"] = s.coins[p] // 3
    distance = s.pawn if p == 0 else -s.pawn
    if distance > 0:
        sheet["military"] = rules.military_points[distance]
    if s.agora:
        sheet["senate"] = sum(ch.points for ch in rules.chambers if s.control[ch.index] == p)
    sheet["total"] = sum(sheet[c] for c in CATEGORIES)
    return sheet


def finish(s, winner, victory):
    """Close the game: compute both score sheets and, for a civilian end, the winner."""
    sheets = (score_sheet(s, 0), score_sheet(s, 1))
    tiebreak = False
    if victory == "civilian":
        a, b = sheets[0]["total"], sheets[1]["total"]
        if a != b:
            winner = 0 if a > b else 1
        else:
            blue_a, blue_b = sheets[0]["blue"], sheets[1]["blue"]
            tiebreak = True
            winner = None if blue_a == blue_b else (0 if blue_a > blue_b else 1)
    s.result = Result(winner, victory, sheets, tiebreak)
    if s.recording:
        s.emit("game_over", winner, victory=victory, scores=(dict(sheets[0]), dict(sheets[1])),
               tiebreak=tiebreak)
    s.phase = "over"
    s.pending.clear()
    s._legal = None
