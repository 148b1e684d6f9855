"""The coach's nudge names the actual mistake (issue #47 point 5): at every step of both
lessons that teaches a move, in English and Korean, a move with another card gets the step's
own nudge (which card to take), and the right card with another action (Discard instead of
Build, the top of the deck instead of the bottom) gets a nudge naming both actions."""
import pytest

from game.actions import is_forfeit
from game.lesson import load_lesson
from ui.files import storage
from ui.scenes.tutorial import DEFAULT_NUDGE, TutorialScene, card_of, verb_of
from ui.text import i18n
from ui.text.i18n import t


@pytest.fixture
def lesson_folder(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path / "data"))
    yield
    storage.use(previous)
    i18n.set_language("en")


def _steps(lesson):
    return [i for i, step in enumerate(lesson.steps) if step.kind == "do"]


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("lesson_id", ["base", "agora"])
def test_every_step_nudges_a_wrong_card_and_a_wrong_action_apart(lesson_folder, lang, lesson_id):
    i18n.set_language(lang)
    lesson = load_lesson(lesson_id)
    tried_card = tried_action = 0
    for index in _steps(lesson):
        scene = TutorialScene(lesson, index)
        step = scene.step
        taught = scene.taught_action()
        assert taught is not None, step.id
        legal = [a for a in scene.state.legal_actions() if not is_forfeit(a) and a != taught]
        own = t(step.nudge or DEFAULT_NUDGE)
        other_card = next((a for a in legal if card_of(a) != card_of(taught)), None)
        if other_card is not None:
            assert not scene.choose(other_card)
            assert scene.nudge == own, (step.id, str(other_card), scene.nudge)
            tried_card += 1
        same_card = [a for a in legal if card_of(a) == card_of(taught) and card_of(a) is not None
                     and (a.kind != taught.kind or a.kind == "return")]
        for action in same_card:
            assert not scene.choose(action)
            expected = t("tutorial.nudge_action", want=verb_of(taught), did=verb_of(action))
            assert scene.nudge == expected, (step.id, str(action), scene.nudge)
            assert scene.nudge != own and verb_of(taught) in scene.nudge and verb_of(action) in scene.nudge
            tried_action += 1
        assert scene.state.history == TutorialScene(lesson, index).state.history    # nothing was played
    assert tried_card >= 5 and tried_action >= 3, (tried_card, tried_action)


def test_discard_instead_of_build_and_build_instead_of_discard_say_so(lesson_folder):
    lesson = load_lesson("base")
    first = TutorialScene(lesson, lesson.index_of("first-card"))
    discard = next(a for a in first.state.legal_actions() if a.kind == "discard" and a.subject == "Lumber Yard")
    first.choose(discard)
    assert first.nudge == "Not that move: this step is to build it, not to discard it for coins."
    second = TutorialScene(lesson, lesson.index_of("discard"))
    build = next((a for a in second.state.legal_actions() if a.kind == "build" and a.subject == "Apothecary"), None)
    if build is not None:
        second.choose(build)
        assert second.nudge == "Not that move: this step is to discard it for coins, not to build it."
