"""What to do with the card clicked on the human's turn: Build or Recruit, Discard,
a Wonder, or Prepare a Conspiracy — impossible ones disabled, with the reason."""
from __future__ import annotations

from game import Action
from ui.i18n import t
from ui.names import display_name as dn
from ui.scenes.options import Option, OptionDialog

PICTURE_H = 0


def card_options(state, seat: int, name: str) -> list[Option]:
    legal = set(state.legal_actions())
    rules = state.rules
    card = rules.cards[rules.card_id[name]]
    coins = state.coins[seat]
    out = []
    # (a) Build or recruit.
    kind = "recruit" if card.senator else "build"
    pay = state.payment(seat, name)
    act = Action(seat, kind, name)
    if pay.chain:
        detail = t("option.free_chain")
    elif pay.total == 0:
        detail = t("option.free")
    else:
        detail = t("option.cost", coins=pay.total)
    reason = "" if act in legal else t("reason.coins", need=pay.total, have=coins)
    out.append(Option(t(f"option.{kind}"), act, act in legal, reason, picture=None,
                      group=t("group.card"), detail=detail))
    # (b) Discard for coins.
    act = Action(seat, "discard", name)
    out.append(Option(t("option.discard", coins=state.discard_value(seat)), act, act in legal,
                      "" if act in legal else t("reason.not_now"), group=t("group.card")))
    # (c) A Wonder.
    unbuilt = state.unbuilt_wonders(seat)
    for wid in unbuilt:
        wname = rules.wonders[wid].name
        act = Action(seat, "wonder", wname, name)
        total = state.wonder_price(seat, wid)[0]
        if act in legal:
            reason = ""
        elif state.standing_wonders() >= 7:
            reason = t("reason.seven_wonders")
        else:
            reason = t("reason.coins", need=total, have=coins)
        out.append(Option(dn(wname), act, act in legal, reason, picture=("wonder", wname),
                          group=t("group.wonder"), detail=t("option.cost", coins=total) if total else t("option.free")))
    if not unbuilt:
        out.append(Option(t("option.no_wonder"), None, False, t("reason.no_wonder"), group=t("group.wonder")))
    # (d) Prepare a Conspiracy (Agora).
    if state.agora:
        unprepared = [rules.conspiracies[c].name for c, st, _ in state.conspiracies[seat] if st == 0]
        for cname in unprepared:
            act = Action(seat, "prepare", cname, name)
            out.append(Option(dn(cname), act, act in legal, "" if act in legal else t("reason.not_now"),
                              picture=("conspiracy", cname), group=t("group.prepare")))
        if not unprepared:
            out.append(Option(t("option.no_conspiracy"), None, False, t("reason.no_conspiracy"),
                              group=t("group.prepare")))
    return out


class CardActionDialog(OptionDialog):
    def __init__(self, game, slot: int):
        state = game.session.state
        self.slot = slot
        self.version = game.session.version
        cid = state.structure[slot]
        name = state.rules.cards[cid].name
        self.card_name = name
        seat = state.current_player
        super().__init__(game, dn(name), t("cardaction.body"), card_options(state, seat, name),
                         closable=True, can_peek=False, badge=t("cardaction.badge"))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.session.version != self.version and self.app is not None:
            self.close()            # the position changed under us (cannot happen on the human's turn)

    def draw_extra(self, surface, layout) -> None:
        art = self.game.art
        img = art.card(self.card_name, layout.px(118))
        x = self.panel.x + layout.px(44)
        y = self.panel.y + layout.px(40)
        surface.blit(img, (x, y))
