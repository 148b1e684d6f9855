"""Learn to play (issue #38): the lessons are data that check themselves at load, every step
of every lesson in data/lessons/ points at something that is on the screen and teaches a move
that is legal there, its texts exist in both languages and fit the coach panel at 1280x720, a
wrong move is refused with the step's nudge, and a lesson left halfway resumes at its step."""
import copy

import pygame
import pytest
import yaml

from game.lesson import LESSON_DIR, LessonError, lesson_ids, load_lesson, parse_lesson
from ui.table import geometry as G
from ui.text import i18n

LESSONS = lesson_ids()


def raw(lesson_id):
    with open(LESSON_DIR / f"{lesson_id}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


# --- the lesson files (pure) -------------------------------------------------------------------

def test_there_are_lessons_for_the_base_game_and_they_load():
    assert "base" in LESSONS
    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        kinds = {s.kind for s in lesson.steps}
        assert {"do", "next"} <= kinds, lesson_id
        assert len({s.id for s in lesson.steps}) == len(lesson.steps)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_taught_move_is_the_learners_and_legal_where_it_stands(lesson_id):
    lesson = load_lesson(lesson_id)
    for i, step in enumerate(lesson.steps):
        if step.kind not in ("do", "opponent"):
            continue
        state = lesson.state_before(i)
        action = state.parse_action(step.actions[0])
        assert action in state.legal_actions()
        seat = lesson.learner if step.kind == "do" else lesson.opponent
        assert action.player == seat, (step.id, str(action))


def test_the_base_lesson_covers_the_moments_of_the_issue_and_ends_on_points():
    lesson = load_lesson("base")
    taught = " | ".join(s.do for s in lesson.steps if s.do)
    for kind in ("draft ", "build ", "discard ", "wonder ", "progress "):
        assert kind in taught, kind
    final = lesson.state_before(len(lesson.steps))
    assert final.is_terminal and final.result.victory == "civilian" and final.result.winner == lesson.learner
    assert any(p.kind == "score" for s in lesson.steps for p in s.point)
    assert any(p.kind == "conflict" for s in lesson.steps for p in s.point)
    assert 25 <= len(lesson.steps) <= 45


@pytest.mark.parametrize("change, message", [
    (lambda d: d["steps"][6].update(do="build Baths"), "step 'first-card': 'build Baths' is not legal here"),
    (lambda d: d["steps"][7].update(opponent="build Palisade"), "step 'opponent-wood': 'build Palisade' is not legal here"),
    (lambda d: d["steps"][1].update(colour="red"), "step 'draft-intro': unknown key 'colour'"),
    (lambda d: d["steps"][2].update(id="welcome"), "step 'welcome': the id is used by an earlier step"),
    (lambda d: d["steps"][5].update(point=["plinth 3"]), "step 'structure': cannot point at 'plinth'"),
    (lambda d: d["steps"][5].update(point=["card Lumber Yrd"]), "step 'structure': 'point: card Lumber Yrd': no card"),
    (lambda d: d.update(seed="ten"), "'seed' must be an integer"),
    (lambda d: d["steps"][6].update(play=["build Tavern"]), "step 'first-card': a step has one of"),
])
def test_a_broken_lesson_is_refused_in_one_line_naming_the_step(change, message):
    data = copy.deepcopy(raw("base"))
    change(data)
    with pytest.raises(LessonError) as caught:
        parse_lesson(data, LESSON_DIR / "base.yaml")
    text = str(caught.value)
    assert "\n" not in text and text.startswith("data/lessons/base.yaml")
    assert message in text, text


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_text_of_a_lesson_is_in_both_catalogues(lesson_id):
    lesson = load_lesson(lesson_id)
    keys = set(lesson.keys()) | {"tutorial.nudge", "tutorial.nudge_next", "tutorial.heading", "tutorial.end.body",
                                 "tutorial.end.more", "tutorial.button.play_easy", "tutorial.menu.button"}
    keys |= {f"rules.page.{c}.title" for c in lesson.more}
    for lang in ("en", "ko"):
        catalogue = i18n.load_catalogue(lang)
        missing = sorted(k for k in keys if k not in catalogue)
        assert not missing, f"{lang}: {missing}"


# --- through the window -------------------------------------------------------------------------

def open_at(app, lesson_id, index, frames=6):
    from ui.scenes.tutorial import TutorialScene
    from ui.scenes.menu import MenuScene
    app.reset(MenuScene())
    scene = TutorialScene(load_lesson(lesson_id), index)
    app.push(scene)
    for _ in range(frames):
        app.step(1 / 60)
    return scene


def text_rects(laid):
    return [pygame.Rect(pos, img.get_size()) for img, pos in laid.blocks] + list(laid.buttons.values())


def check_fits(scene, where):
    """The coach's text at 1280x720: inside its panel, on the screen, nothing over anything."""
    from ui.draw import fonts
    from ui.scenes import tutorial_coach as coach
    view = scene.coach_view()
    laid = coach.choose_place(scene.layout, view, scene.keep_clear(), scene.lesson.agora)
    assert not laid.overflow, f"{where}: the text does not fit the coach panel"
    assert pygame.Rect((0, 0), scene.layout.size).contains(laid.rect), where
    boxes = [r.inflate(-2, -2) for r in text_rects(laid)]
    for i, a in enumerate(boxes):
        assert laid.rect.contains(a), where
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), f"{where}: two lines of the coach overlap"
    assert all(img.get_height() >= fonts.MIN_PX for img, _ in laid.blocks)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_step_points_at_something_on_the_screen_and_its_text_fits(app, lesson_id, settings_kept):
    settings_kept.animation_speed = "instant"
    lesson = load_lesson(lesson_id)
    for i, step in enumerate(lesson.steps):
        if step.kind in ("play", "opponent") and not step.say:
            continue                    # played straight through: the lesson does not stop there
        scene = open_at(app, lesson_id, i)
        assert scene.index == i
        where = f"{lesson_id} step '{step.id}'"
        if step.kind == "do":
            action = scene.taught_action()
            assert action is not None, where
            top = app.top
            pos = top.target_for(action) if top is not scene else scene.target_for(action)
            assert pos is not None, f"{where}: nothing to click for '{step.do}' on {type(top).__name__}"
            assert scene.target_rects(), f"{where}: the taught move's target is not outlined"
        for p in step.point:
            assert scene.point_rects(p), f"{where}: 'point: {p}' is not on the screen"
        for lang in ("en", "ko"):
            i18n.set_language(lang)
            check_fits(scene, f"{where} ({lang})")
        i18n.set_language("en")
        targets = scene.target_rects()
        laid = scene.laid
        assert laid is not None, f"{where}: the coach is not shown"
        assert not any(laid.rect.colliderect(r) for r in targets), f"{where}: the coach hides the target"
        if lesson.agora:
            senate = scene.layout.rect(*G.senate_rect(True))
            assert not laid.rect.colliderect(senate), f"{where}: the coach hides the Senate"


def test_a_wrong_move_is_refused_with_the_nudge_and_the_step_goes_on(app, settings_kept):
    settings_kept.animation_speed = "instant"
    lesson = load_lesson("base")
    index = lesson.index_of("first-card")
    scene = open_at(app, "base", index)
    version = scene.session.version
    wrong = scene.state.parse_action("build Tavern")
    assert not scene.choose(wrong)
    assert scene.index == index and scene.session.version == version
    assert scene.nudge == i18n.t("lesson.base.first_card_nudge")
    for _ in range(3):
        app.step(1 / 60)
    assert scene.coach_view().nudge == scene.nudge           # said in the panel
    assert scene.choose(scene.state.parse_action("build Lumber Yard"))
    assert scene.index == index + 1 and scene.nudge == ""
    assert "Lumber Yard" in " ".join(scene.session.saved.actions[-1][1:])
    assert scene.then_line == i18n.t("lesson.base.first_card_then")


def test_the_then_line_is_read_from_the_moves_events(app, settings_kept):
    settings_kept.animation_speed = "instant"
    lesson = load_lesson("base")
    scene = open_at(app, "base", lesson.index_of("bank"))
    assert scene.choose(scene.state.parse_action("build Garrison"))
    assert "You paid 2 coins to the bank" in scene.then_line
    assert "1 space" in scene.then_line


def test_back_returns_to_the_position_of_the_step_before(app, settings_kept):
    settings_kept.animation_speed = "instant"
    lesson = load_lesson("base")
    index = lesson.index_of("bank")
    scene = open_at(app, "base", index)
    scene.skip()                        # the taught move, made for the learner
    for _ in range(3):
        app.step(1 / 60)
    assert scene.index == index + 1
    scene.back()
    assert scene.index == index
    assert [str(a) for a in scene.state.history] == [str(a) for a in lesson.state_before(index).history]


def test_a_lesson_left_halfway_resumes_at_its_step(app, settings_kept):
    from ui.files import lesson_progress
    from ui.scenes.tutorial import TutorialScene, open_lesson
    from ui.scenes.tutorial_menu import LearnScene
    settings_kept.animation_speed = "instant"
    lesson = load_lesson("base")
    index = lesson.index_of("discard")
    scene = open_at(app, "base", index)
    assert lesson_progress.step_of("base") == "discard"
    app.go_home()                       # left for the title menu
    learn = LearnScene()
    app.push(learn)
    app.step(1 / 60)
    labels = [b.text for b in learn.group.buttons]
    n, total = lesson.step_number(index)
    continue_label = i18n.t("tutorial.learn.continue", n=n, total=total)
    assert continue_label in labels
    assert i18n.t("tutorial.learn.start_over") in labels
    learn.group.buttons[labels.index(continue_label)].activate()
    resumed = app.top
    assert isinstance(resumed, TutorialScene) and resumed is not scene
    assert resumed.index == index
    assert [str(a) for a in resumed.state.history] == [str(a) for a in lesson.state_before(index).history]
    app.go_home()
    assert open_lesson(app, "base", start_over=True)
    again = next(s for s in app.stack if isinstance(s, TutorialScene))
    assert again.index == 0 and lesson_progress.step_of("base") == "welcome"


def test_learn_to_play_is_in_the_title_menu(app):
    from ui.scenes.menu import MenuScene
    from ui.scenes.tutorial_menu import LearnScene
    app.push(MenuScene())
    app.step(1 / 60)
    button = next(b for b in app.top.group.buttons if b.text == i18n.t("tutorial.menu.button"))
    button.activate()
    assert isinstance(app.top, LearnScene)
    menu = app.stack[0]
    rects = [b.rect for b in menu.group.buttons]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert max(r.bottom for r in rects) < app.layout.size[1] - app.layout.px(90)     # above the key hints


def test_the_lesson_ends_with_a_first_game_against_easy_with_hints(app, settings_kept):
    from ui.scenes.game import GameScene
    from ui.scenes.tutorial import press
    settings_kept.animation_speed = "instant"
    settings_kept.hints = False
    lesson = load_lesson("base")
    scene = open_at(app, "base", len(lesson.steps))
    assert scene.finished
    view = scene.coach_view()
    assert [b[0] for b in view.buttons] == ["menu", "rules", "play"]
    assert "Not covered here" in view.say
    for lang in ("en", "ko"):
        i18n.set_language(lang)
        check_fits(scene, f"the end panel ({lang})")
    i18n.set_language("en")
    press(scene, "play")
    game = next(s for s in app.stack if type(s) is GameScene)
    assert scene not in app.stack
    assert isinstance(game, GameScene) and not game.session.state.agora
    assert game.session.players[1].name == "easy" and game.hint().enabled


def test_the_outline_follows_the_taught_move_into_the_cards_popup(app, settings_kept):
    from ui.scenes.card_actions import CardActionDialog
    from ui.testing.autoplay import click
    settings_kept.animation_speed = "instant"
    lesson = load_lesson("base")
    scene = open_at(app, "base", lesson.index_of("bank"))
    action = scene.taught_action()
    assert scene.target_rects()[0].collidepoint(scene.target_for(action))      # the card on the table
    click(scene.target_for(action))
    for _ in range(3):
        app.step(1 / 60)
    popup = app.top
    assert isinstance(popup, CardActionDialog)
    row = next(o for o in popup.options if o.action == action)
    assert scene.target_rects() == [row.rect]                                   # then its Build row
    assert not scene.laid.rect.colliderect(popup.rect)                           # the coach leaves the popup clear


def test_the_learner_counts_only_the_steps_where_the_lesson_stops():
    lesson = load_lesson("agora")
    stops = [step for step in lesson.steps if step.stops]
    assert not lesson.steps[0].stops                # the draft is played straight through
    assert lesson.step_number(0) == (1, len(stops)) == lesson.step_number(1)
    assert lesson.step_number(len(lesson.steps) - 1) == (len(stops), len(stops))
    assert len(stops) < len(lesson.steps)
