"""Every log line starts with a capital letter, even where it opens with a cause named in
running text (the military token a pawn reached)."""
from game.events import Event
from game.rules import rules_for
from ui.table.story import mask_for, story


def _lines(events, names=("You", "Opponent"), you=0):
    return [text for _, text in story(mask_for(events, 0), rules_for(False), you, list(names))]


def test_a_military_token_loss_opens_with_a_capital(english):
    loss = Event("coins", 1, delta=-2, reason=("military", "Base 2-Coin Token (seat 1 half)"))
    assert _lines([loss]) == ["Military token: the opponent lost 2 coins."]


def test_player_names_keep_their_own_spelling_inside_the_line(english):
    loss = Event("coins", 1, delta=-2, reason=("military", "Base 2-Coin Token (seat 1 half)"))
    # Hot-seat: both seats named as typed.
    assert _lines([loss], names=("ann", "bob"), you=None) == ["Military token: bob lost 2 coins."]


def test_a_line_that_opens_with_a_name_typed_in_lower_case_keeps_it(english):
    built = Event("card", 1, card="Quarry", frm="structure", to="city", frm_player=None, to_player=1, slot=3)
    assert _lines([built], names=("ann", "bob"), you=None) == ["bob built Quarry for free."]
