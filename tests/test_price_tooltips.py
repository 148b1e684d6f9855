"""Price tooltips give one clear breakdown, each figure once (issue #33, item 8): a Senator's
recruiting price is listed once (not as recruiting cost, printed cost and total); a card whose
only cost is its printed coins says the figure once; a single purchase is not priced twice;
several parts are listed with their coins and add up to the total; the price of the
opponent's Wonder speaks of the opponent's production and coins, not "yours"."""
import random
import re

import pytest

from crowded import builder_move
from ui.text import i18n
from ui.table.session import GameConfig, GameSession, SeatSetup
from ui.table.tooltip import cost_lines

# What the player holds, said beside the total: "(you have 5)", "(Opponent has 5)", "(보유 5개)".
HOLDING = {"en": re.compile(r"\((you have|[^()]* has) \d+\)"), "ko": re.compile(r"\(([^()]* )?보유 \d+개\)")}
COINS = {"en": r"\b{n} coins?\b", "ko": r"주화 {n}개"}


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def turns(seeds=range(4), agora=True):
    """(session, state) at every turn of some seeded two-player games where cities fill up."""
    for seed in seeds:
        session = GameSession(GameConfig(seed=seed, agora=agora, first="me",
                                         seats=[SeatSetup("human"), SeatSetup("human")]))
        rng = random.Random(seed)
        s = session.state
        while not s.is_terminal:
            if s.phase == "play" and s.decision == "turn":
                yield session, s
            session.apply(builder_move(s, rng))
            s = session.state


def priced(lang, want, limit=6, seeds=range(4)):
    """Up to `limit` (lines, payment, coins held, name) for the accessible cards and unbuilt
    Wonders whose payment satisfies `want(state, name, payment)`."""
    i18n.set_language(lang)
    found, seen = [], set()
    for session, s in turns(seeds):
        p = s.current_player
        names = [s.rules.cards[s.structure[slot]].name for slot in s.accessible]
        names += [s.rules.wonders[w].name for w in s.unbuilt_wonders(p)]
        for name in names:
            pay = s.payment(p, name)
            if want(s, name, pay) and (name, pay.total) not in seen:
                seen.add((name, pay.total))
                found.append((cost_lines(s, p, name, session.name(p)), pay, s.coins[p], name))
                if len(found) >= limit:
                    return found
    return found


def body(lines, pay, have, lang):
    """The lines under the heading, without what the player holds and the 'N coins short' line."""
    short = i18n.t("tip.too_expensive", missing=pay.total - have)
    return [HOLDING[lang].sub("", text) for text, style in lines[1:] if text != short]


def mentions(lines, n, lang) -> int:
    """How many lines name the figure n as an amount of coins or a bare number."""
    coins = re.compile(COINS[lang].format(n=n))
    bare = re.compile(rf"(?<!\d){n}(?!\d)")
    return sum(1 for line in lines if coins.search(line) or bare.search(line))


def is_senator(state, name):
    return name in state.rules.card_id and state.rules.cards[state.rules.card_id[name]].senator


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_senators_recruiting_price_is_listed_once(lang):
    cases = priced(lang, lambda s, name, pay: is_senator(s, name) and pay.total >= 1 and not pay.free_reason)
    assert any(pay.total == 1 for _, pay, *_ in cases), "no Senator costing 1 coin was met"
    for lines, pay, have, name in cases:
        rest = body(lines, pay, have, lang)
        assert len(rest) == 1, (name, lines)                 # one line: the price and why
        assert mentions(rest, pay.total, lang) == 1, (name, lines)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_first_senator_is_said_to_be_free_once(lang):
    cases = priced(lang, lambda s, name, pay: is_senator(s, name) and pay.total == 0, limit=2)
    assert cases
    for lines, pay, have, name in cases:
        rest = body(lines, pay, have, lang)
        assert len(rest) == 1, (name, lines)


def test_a_printed_coin_cost_alone_is_said_once():
    def only_coins(s, name, pay):
        return not is_senator(s, name) and pay.coin_cost and not pay.purchases and pay.total == pay.coin_cost
    cases = priced("en", only_coins)
    assert cases
    for lines, pay, have, name in cases:
        rest = body(lines, pay, have, "en")
        assert sum("coin" in line.lower() for line in rest) == 1, (name, lines)    # not "printed" and "total"


def test_a_single_purchase_is_priced_once():
    def one_buy(s, name, pay):
        return not pay.coin_cost and len(pay.purchases) == 1 and pay.total >= 2
    cases = priced("en", one_buy)
    assert cases
    for lines, pay, have, name in cases:
        rest = body(lines, pay, have, "en")
        coins = re.compile(COINS["en"].format(n=pay.total))
        assert sum(1 for line in rest if coins.search(line)) == 1, (name, lines)


def test_several_parts_are_listed_and_add_up_to_the_total():
    def parts(s, name, pay):
        return (1 if pay.coin_cost else 0) + len(pay.purchases) >= 2
    cases = priced("en", parts)
    assert cases
    for lines, pay, have, name in cases:
        rest = body(lines, pay, have, "en")
        total = [line for line in rest if line.startswith("Total")]
        items = [line for line in rest if line.startswith(("Buy", "Printed"))]
        assert len(total) == 1 and len(items) == (1 if pay.coin_cost else 0) + len(pay.purchases), lines
        figures = [int(re.search(r"(\d+) coins?\b", line).group(1)) if line.startswith("Buy")
                   else int(re.search(r"(\d+)\s*$", line).group(1)) for line in items]
        assert sum(figures) == pay.total, (lines, figures)


def test_the_opponents_wonder_speaks_of_the_opponent():
    i18n.set_language("en")
    for session, s in turns(range(2)):
        other = 1 - s.current_player
        for w in s.unbuilt_wonders(other):
            name = s.rules.wonders[w].name
            pay = s.payment(other, name)
            if not pay.produced or not pay.total:
                continue
            lines = [text for text, _ in cost_lines(s, other, name, "Opponent")]
            assert not any("you have" in line or line.startswith("Your") for line in lines), lines
            assert any(f"Opponent has {s.coins[other]}" in line for line in lines), lines
            return
    pytest.fail("no priced Wonder of the opponent was met")
