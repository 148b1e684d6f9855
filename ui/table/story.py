"""Log lines made from the engine's events (game/events.py): the one account of a move.

`story(events, rules, you, names)` turns the events of one action into the lines a
seat reads. The events must already be masked for that seat (`mask_for`): a hidden name
is None and the line then says "a Conspiracy", "a token". `you` is the seat addressed in
the second person ("You gained …"), None when every seat is named (hot-seat, AI vs AI).

A few events belong together in one sentence: the payment of a construction goes into
the "built" line, the coins of a discard into the "discarded" line, the card tucked under
a Wonder into the Wonder's line, a Decree revealed by a change of control into the
control line. Events nobody needs to read (a new turn, a card turned face up, the Age's
cards dealt) make no line.
"""
from __future__ import annotations

from game.actions import FORFEIT_VICTORIES
from ui.text.i18n import t
from ui.text.names import display_name as dn

SILENT = {"turn", "reveal"}
TRANSFER_COINS = "take_opponent_coins"       # the effect kind that moves coins from one player to the other


def mask_for(events, seat: int | None) -> list:
    """The events as `seat` may know them; seat None: what both may know (nobody's secrets)."""
    out = []
    for e in events:
        secret = e.get("secret")
        if secret is not None and secret != seat:
            e = _hide(e)
        out.append(e)
    return out


def _hide(event):
    try:
        from game.events import mask
        return mask(event, -1)          # neither seat: every secret field hidden
    except ImportError:                 # an engine without the helper: hide the name fields
        hidden = {k: None for k in ("card", "token", "conspiracy", "decree") if event.get(k) is not None}
        return event.replace(**hidden)


class Voice:
    """How a seat is written in the lines of one viewer."""

    def __init__(self, you: int | None, names) -> None:
        self.you = you
        self.names = list(names)

    def who(self, seat) -> str:
        if seat is None:
            return ""
        if seat == self.you:
            return t("events.who.you")
        return self.names[seat]

    def mid(self, seat) -> str:
        """The seat inside a sentence ("…: you lost 3 coins")."""
        if seat == self.you:
            return t("events.who.you_mid")
        if self.you is not None:
            return t("events.who.opponent_mid")
        return self.names[seat]

    def whose(self, seat) -> str:
        """The possessive ("your", "the opponent's", "Ann's")."""
        if seat is None:
            return t("events.whose.nobody")
        if seat == self.you:
            return t("events.whose.you")
        if self.you is not None:
            return t("events.whose.opponent")
        return t("events.whose.named", name=self.names[seat])

    def owner(self, seat) -> str:
        """The possessive pronoun ("yours", "the opponent's", "Ann's")."""
        if seat is None:
            return t("events.owner.nobody")
        if seat == self.you:
            return t("events.owner.you")
        if self.you is not None:
            return t("events.owner.opponent")
        return t("events.owner.named", name=self.names[seat])

    def form(self, seat) -> str:
        """'you' or 'other': the key suffix where English verbs agree ("You win" / "Ann wins")."""
        return "you" if seat is not None and seat == self.you else "other"


def reason_text(reason) -> str:
    """The cause in words: a component's name, or what the rule is."""
    if not reason:
        return ""
    kind, name = reason[0], reason[1] if len(reason) > 1 else None
    if kind == "military":
        return t("events.reason.military")
    if kind == "rule":
        key = f"events.rule.{name}"
        text = t(key)
        return text if text != key else str(name)
    if kind == "trade":
        return t("events.reason.trade", name=dn(name) if name else "")
    if name is None:
        return t(f"events.hidden.{kind}") if kind in ("conspiracy", "progress") else ""
    return dn(name)


def _card(name) -> str:
    return dn(name) if name else t("events.hidden.card")


def _chamber(rules, index) -> str:
    try:
        return dn(rules.chambers[index].name)
    except (AttributeError, IndexError, TypeError):
        return t("events.chamber", n=(index or 0) + 1)


def _coins(n: int) -> dict:
    return {"n": abs(n)}


class _Lines:
    """Builds the lines of one batch of events (one action)."""

    def __init__(self, events, rules, voice: Voice) -> None:
        self.events = list(events)
        self.rules = rules
        self.v = voice
        self.used: set[int] = set()
        self.out: list[tuple[int | None, str]] = []

    def find(self, start: int, test, window: int = 4):
        """Index of an unused event soon after `start` passing `test`, or None."""
        for j in range(start + 1, min(len(self.events), start + 1 + window)):
            if j not in self.used and test(self.events[j]):
                return j
        return None

    def payment(self, i: int, name) -> int:
        """Coins paid for `name` around event i (taken out of the log as their own line)."""
        paid = 0
        for j, e in enumerate(self.events):
            if j in self.used or e.kind != "coins" or abs(j - i) > 4:
                continue
            reason = e.get("reason")
            if reason and reason[0] == "payment" and reason[1] == name and e.delta < 0:
                paid -= e.delta
                self.used.add(j)
        return paid

    def _paid_for(self, i: int, name) -> bool:
        """Whether a construction of `name` (a card or a Wonder) follows the payment event i."""
        for e in self.events[i + 1:i + 5]:
            if e.kind == "card" and e.get("card") == name and e.get("to") in ("city", "senate"):
                return True
            if e.kind == "wonder" and e.get("wonder") == name and e.get("action") == "built":
                return True
        return False

    def add(self, seat, text: str) -> None:
        if text:
            # A line may open with a cause in running text ("military token: ..."); a log
            # line starts with a capital all the same, but a player's name stays as typed
            # (Korean has no case: unchanged).
            if not any(name and text.startswith(name) for name in self.v.names):
                text = text[:1].upper() + text[1:]
            self.out.append((seat, text))

    def build(self) -> list:
        for i, e in enumerate(self.events):
            if i in self.used:
                continue
            self.used.add(i)
            method = getattr(self, "on_" + e.kind, None)
            if method is not None and e.kind not in SILENT:
                method(i, e)
        return self.out

    # --- one method per event kind ------------------------------------------------

    def on_coins(self, i, e) -> None:
        reason = e.get("reason")
        kind = reason[0] if reason else None
        n = e.delta
        if n < 0 and _moves_coins_between_players(self.rules, reason):
            j = self.find(i, lambda c: c.kind == "coins" and c.get("reason") == reason
                          and c.player == _other(e.player) and c.delta == -n, 2)
            if j is not None:
                self.used.add(j)
                taker = self.events[j].player
                self.add(taker, t("events.coins.taken_from", who=self.v.who(taker), giver=self.v.mid(e.player),
                                  why=reason_text(reason), **_coins(n)))
                return
        if kind == "payment" and self._paid_for(i, reason[1]):
            self.used.discard(i)        # told by the construction's own line
            return
        if kind == "discard" and n > 0:
            key = "events.coins.discard_gain"
        elif kind == "payment":
            key = "events.coins.pay"
        elif kind == "trade":
            key = "events.coins.trade"
        elif reason:
            key = "events.coins.gain_because" if n > 0 else "events.coins.lose_because"
        else:
            key = "events.coins.gain" if n > 0 else "events.coins.lose"
        self.add(e.player, t(key, who=self.v.who(e.player), mid=self.v.mid(e.player), why=reason_text(reason),
                             **_coins(n)))

    def on_pawn(self, i, e) -> None:
        steps = abs(e.to - e.start)
        why = reason_text(e.get("reason"))
        key = "events.pawn_because" if why else "events.pawn"
        self.add(e.player, t(key, who=self.v.who(e.player), n=steps, why=why,
                             toward=self.v.whose(None if e.player is None else 1 - e.player)))

    def on_military_token(self, i, e) -> None:
        self.add(e.player, t("events.military_token", who=self.v.who(e.player)))

    def on_card(self, i, e) -> None:
        frm, to = e.get("frm"), e.get("to")
        name = e.get("card")
        who = self.v.who(e.player)
        why = reason_text(e.get("reason"))
        owner = e.get("frm_player")
        if frm == "deck" or to == "wonder" or to == "conspiracy":
            return                  # dealt at an Age's start / told by the Wonder's or Conspiracy's line
        if frm == "structure" and to == "city":
            paid = self.payment(i, name)
            key = "events.card.built_paid" if paid else "events.card.built_free_because" if why \
                else "events.card.built_free"
            self.add(e.player, t(key, who=who, name=_card(name), n=paid, why=why))
        elif frm == "structure" and to == "senate":
            paid = self.payment(i, name)
            key = "events.card.recruited_paid" if paid else "events.card.recruited_free"
            self.add(e.player, t(key, who=who, name=_card(name), n=paid))
        elif frm == "structure" and to == "discard":
            got = 0
            for j, c in enumerate(self.events):
                r = c.get("reason") if c.kind == "coins" else None
                if j not in self.used and r and r[0] == "discard" and c.player == e.player and abs(j - i) <= 3:
                    got += c.delta
                    self.used.add(j)
            if why and not got:
                self.add(e.player, t("events.card.scrapped", who=who, name=_card(name), why=why))
            else:
                self.add(e.player, t("events.card.discarded", who=who, name=_card(name), n=got))
        elif frm in ("city", "senate") and to in ("discard", "box"):
            key = "events.card.destroyed_because" if why else "events.card.destroyed"
            self.add(e.player, t(key, who=who, whose=self.v.whose(owner), name=_card(name), why=why))
        elif frm in ("city", "senate") and to in ("city", "senate"):
            receiver = e.get("to_player", e.player)
            if receiver is not None and receiver != e.player:
                # the acting player handed one of their cards over (Coercion): told from the receiver
                self.add(receiver, t(f"events.card.given.{self.v.form(receiver)}", who=self.v.who(receiver),
                                     whose=self.v.whose(owner), name=_card(name), why=why or "-"))
                return
            key = "events.card.taken_because" if why else "events.card.taken"
            self.add(e.player, t(key, who=who, whose=self.v.whose(owner), name=_card(name), why=why))
        elif frm == "wonder" and to == "discard":
            # the card under a Wonder sent back to the box (Sabotage), when the Wonder's line did not tell it
            self.add(owner, t("events.card.from_wonder", whose=self.v.whose(owner), name=_card(name),
                              wonder=dn(e.get("wonder") or ""), why=why or "-"))
        elif frm in ("discard", "box") and to in ("city", "senate"):
            paid = self.payment(i, name)
            key = f"events.card.built_from_{frm}"
            self.add(e.player, t(key, who=who, name=_card(name), why=why or "-", n=paid))
        elif to == "box":
            self.add(e.player, t("events.card.boxed", name=_card(name), why=why or "-"))
        elif to == "discard":
            self.add(e.player, t("events.card.discarded", who=who, name=_card(name), n=0))
        else:
            self.add(e.player, t("events.card.moved", who=who, name=_card(name)))

    def on_wonder(self, i, e) -> None:
        action, name = e.get("action"), dn(e.get("wonder") or "")
        who = self.v.who(e.player)
        if action == "offered":
            return
        if action == "drafted":
            self.add(e.player, t("events.wonder.drafted", who=who, name=name))
        elif action == "built":
            tucked = [c for c in self.events if c.kind == "card" and c.get("to") == "wonder"
                      and c.get("wonder") in (None, e.get("wonder"))]
            card = tucked[0].get("card") if tucked else None
            paid = self.payment(i, e.get("wonder"))
            key = "events.wonder.built_paid" if paid else "events.wonder.built_free"
            self.add(e.player, t(key, who=who, name=name, card=_card(card), n=paid))
        elif action == "boxed":
            self.add(None, t("events.wonder.boxed", name=name, why=reason_text(e.get("reason")) or "-"))
        elif action == "taken":
            self.add(e.player, t("events.wonder.taken", who=who, name=name, whose=self.v.whose(e.get("from_player")),
                                 why=reason_text(e.get("reason")) or "-"))
        elif action == "returned":
            # Sabotage: the opponent's built Wonder goes to the box, the card under it to the discard pile
            j = self.find(i, lambda c: c.kind == "card" and c.get("frm") == "wonder"
                          and c.get("wonder") == e.get("wonder"), 3)
            fields = dict(who=who, name=name, whose=self.v.whose(e.get("from_player")),
                          why=reason_text(e.get("reason")) or "-")
            if j is None:
                self.add(e.player, t("events.wonder.returned", **fields))
            else:
                self.used.add(j)
                self.add(e.player, t("events.wonder.returned_with_card", card=_card(self.events[j].get("card")),
                                     **fields))

    def on_progress(self, i, e) -> None:
        action, token = e.get("action"), e.get("token")
        name = dn(token) if token else t("events.hidden.progress")
        who = self.v.who(e.player)
        frm = e.get("frm")
        if action == "locked" and frm in ("board", "opponent", "box"):
            why = reason_text(e.get("reason")) or "-"
            self.add(e.player, t(f"events.progress.locked_{frm}", who=who, name=name, why=why,
                                 whose=self.v.whose(_other(e.player))))
        elif action == "gained" and frm == "box":
            self.add(e.player, t("events.progress.gained_box", who=who, name=name))
        elif action in ("gained", "declined", "locked", "returned", "drawn"):
            self.add(e.player, t(f"events.progress.{action}", who=who, name=name))

    def on_cube(self, i, e) -> None:
        by = e.get("by")
        by = e.player if by is None else by
        action = e.get("action")
        chamber = _chamber(self.rules, e.get("chamber"))
        to = _chamber(self.rules, e.get("to")) if e.get("to") is not None else ""
        own = "own" if by == e.player else "other"
        self.add(by, t(f"events.cube.{action}_{own}", who=self.v.who(by), whose=self.v.whose(e.player),
                       chamber=chamber, to=to))

    def on_control(self, i, e) -> None:
        chamber = _chamber(self.rules, e.get("chamber"))
        j = self.find(i, lambda c: c.kind == "decree" and c.get("action") == "revealed"
                      and c.get("chamber") == e.get("chamber"), 6)
        if e.player is None:
            key, seat = "events.control.lost", e.get("previous")
        else:
            key, seat = "events.control.gained", e.player
        text = t(key, chamber=chamber, whose=self.v.whose(seat), owner=self.v.owner(seat))
        if j is not None:
            self.used.add(j)
            text = t("events.control.with_decree", line=text, decree=_decree(self.events[j]))
        self.add(e.player, text)

    def on_decree(self, i, e) -> None:
        chamber = _chamber(self.rules, e.get("chamber"))
        if e.get("action") == "moved":
            key = "events.decree.moved" if e.get("decree") else "events.decree.moved_hidden"
            self.add(None, t(key, decree=_decree(e), chamber=chamber, to=_chamber(self.rules, e.get("to"))))
        else:
            self.add(None, t("events.decree.revealed", decree=_decree(e), chamber=chamber))

    def on_conspiracy(self, i, e) -> None:
        action = e.get("action")
        name = dn(e.conspiracy) if e.get("conspiracy") else t("events.hidden.conspiracy")
        card = e.get("card")
        if action == "prepared" and not card:
            tucked = [c for c in self.events if c.kind == "card" and c.get("to") == "conspiracy"]
            card = tucked[0].get("card") if tucked else None
        who = self.v.who(e.player)
        if action == "prepared" and card:
            self.add(e.player, t("events.conspiracy.prepared_with", who=who, name=name, card=_card(card)))
        elif action in ("drawn", "kept", "returned_top", "returned_bottom", "prepared", "triggered"):
            self.add(e.player, t(f"events.conspiracy.{action}", who=who, name=name))

    def on_science_pair(self, i, e) -> None:
        self.add(e.player, t("events.science_pair", who=self.v.who(e.player)))

    def on_extra_turn(self, i, e) -> None:
        why = reason_text(e.get("reason"))
        key = f"events.extra_turn.{self.v.form(e.player)}"
        self.add(e.player, t(key, who=self.v.who(e.player), why=why or "-"))

    def on_age(self, i, e) -> None:
        self.add(None, t(f"events.age.{self.v.form(e.player)}", age=t(f"age.roman.{e.get('age')}"),
                         who=self.v.who(e.player)))

    def on_game_over(self, i, e) -> None:
        if e.player is None:
            self.add(None, t("events.draw"))
            return
        if e.get("victory") in FORFEIT_VICTORIES:        # the other seat conceded (game.actions.FORFEITS)
            loser = 1 - e.player
            self.add(loser, t(f"events.forfeit.{e.get('victory')}", who=self.v.who(loser),
                              winner=self.v.mid(e.player)))
            return
        kind = t(f"victory.kind.{e.get('victory')}")
        self.add(e.player, t(f"events.victory.{self.v.form(e.player)}", who=self.v.who(e.player), kind=kind))


def _other(seat):
    return None if seat is None else 1 - seat


# reason kind -> (the rules' table of such components, its name -> index map)
_TABLES = {"conspiracy": ("conspiracies", "conspiracy_id"), "card": ("cards", "card_id"),
           "wonder": ("wonders", "wonder_id"), "progress": ("progress", "progress_id"),
           "decree": ("decrees", "decree_id")}


def _moves_coins_between_players(rules, reason) -> bool:
    """Whether the component behind `reason` takes coins from one player for the other
    (Blackmail): its loss and the gain that follows are then one line, giver to receiver."""
    if not reason or len(reason) < 2 or reason[0] not in _TABLES:
        return False
    table, ids = _TABLES[reason[0]]
    try:
        comp = getattr(rules, table)[getattr(rules, ids)[reason[1]]]
    except (AttributeError, KeyError, IndexError, TypeError):
        return False
    defn = getattr(comp, "defn", None)
    effects = list(getattr(defn, "effects", ()) or ()) + list(getattr(defn, "steps", ()) or ())
    return any(getattr(fx, "kind", None) == TRANSFER_COINS for fx in effects)


def _decree(e) -> str:
    name = e.get("decree")
    return dn(name) if name else t("events.hidden.decree")


def story(events, rules, you: int | None, names) -> list[tuple[int | None, str]]:
    """(seat, line) for each line the events make, in order (seat None: a line about the game)."""
    return _Lines(events, rules, Voice(you, names)).build()
