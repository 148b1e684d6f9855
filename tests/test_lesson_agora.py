"""The Agora lesson (data/lessons/agora.yaml, issue #38) plays as written and teaches Agora.

Engine only: the lesson is replayed from its deal, step by step. Every taught action is
legal for the learner where it stands, every scripted move for the opponent, every jump;
the moments the lesson promises really happen (read from the engine's events: a Senator
recruited, Influence placed and moved, a Chamber taken and its face-down Decree revealed,
a Conspiracy drawn, kept, prepared and triggered, an Agora military token); the facts its
texts state about this deal are true; every text exists in English and Korean.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import new_game  # noqa: E402
from ui.text import i18n  # noqa: E402

LESSON = ROOT / "data" / "lessons" / "agora.yaml"
ACTION_KEYS = ("do", "opponent", "play")


def load():
    with open(LESSON, encoding="utf-8") as f:
        return yaml.safe_load(f)


def replay(lesson):
    """Play the lesson from its deal: [(step, events of its actions)], the final state.
    An action that is illegal where it stands, or belongs to the wrong seat, fails the test."""
    state = new_game(lesson["seed"], agora=lesson["agora"], first_player=lesson.get("first", lesson["learner"]))
    learner = lesson["learner"]
    played = []
    for step in lesson["steps"]:
        texts = [step["do"]] if "do" in step else [step["opponent"]] if "opponent" in step else step.get("play", [])
        seat = learner if "do" in step else 1 - learner if "opponent" in step else None
        events = []
        for text in texts:
            assert not state.is_terminal, f"step {step['id']}: '{text}' after the end of the game"
            legal = {str(a): a for a in state.legal_actions()}
            assert text in legal, f"step {step['id']}: '{text}' is not legal here ({sorted(legal)})"
            if seat is not None:
                assert state.current_player == seat, f"step {step['id']}: '{text}' is the other seat's to play"
            events.extend(state.apply(legal[text]))
        played.append((step, events))
    return played, state


@pytest.fixture(scope="module")
def lesson():
    return load()


@pytest.fixture(scope="module")
def run(lesson):
    return replay(lesson)


def step_events(run, step_id):
    played, _ = run
    return next(events for step, events in played if step["id"] == step_id)


def all_events(run):
    played, _ = run
    return [e for _, events in played for e in events]


# --- the file --------------------------------------------------------------------------------

def test_the_lesson_is_an_agora_deal_with_unique_steps_of_one_kind_each(lesson):
    assert lesson["lesson"] == LESSON.stem and lesson["agora"] is True
    ids = [s["id"] for s in lesson["steps"]]
    assert len(ids) == len(set(ids))
    for step in lesson["steps"]:
        assert sum(k in step for k in ACTION_KEYS) <= 1, step["id"]
        assert "say" in step or any(k in step for k in ACTION_KEYS), step["id"]
        if "then" in step:
            assert "do" in step or "opponent" in step, step["id"]
        if "nudge" in step:
            assert "do" in step, step["id"]
    # about ten minutes: 25-35 steps, most of them the learner's own moves or reading
    assert 25 <= len(ids) <= 35
    assert sum("do" in s for s in lesson["steps"]) >= 12


def test_every_step_replays_legally_for_its_seat(run, lesson):
    played, state = run
    assert len(played) == len(lesson["steps"])
    assert not state.is_terminal
    # the lesson stays in Age I: short, and nothing of the later Ages is needed
    assert state.age == 1


def test_every_text_is_in_english_and_korean(lesson):
    keys = [lesson["title"]] + [s[k] for s in lesson["steps"] for k in ("say", "nudge", "then") if k in s]
    catalogues = {code: i18n.load_catalogue(code) for code in ("en", "ko")}
    for code, catalogue in catalogues.items():
        missing = [k for k in keys if k not in catalogue]
        assert not missing, f"{code}: {missing}"
    for key in keys:
        # the texts name this deal's components directly: no parameter to fill
        assert not i18n.placeholders(catalogues["en"][key]), key
        assert not i18n.placeholders(catalogues["ko"][key]), key
        assert not re.search(r"[A-Za-z]", catalogues["ko"][key]), key       # Korean, not half English
        assert re.search(r"[\uac00-\ud7a3]", catalogues["ko"][key]), key
        # short enough for the side panel at 1280x720
        assert len(catalogues["en"][key]) <= 220, key


# --- the moments of Agora --------------------------------------------------------------------

def test_the_learner_recruits_a_politician_and_a_placed_cube_takes_a_chamber_revealing_its_decree(run, lesson):
    learner = lesson["learner"]
    recruit = step_events(run, "recruit-politician")
    assert any(e.kind == "card" and e.to == "senate" and e.player == learner for e in recruit)
    place = step_events(run, "place")
    assert [(e.kind, e.action, e.chamber) for e in place if e.kind == "cube"] == [("cube", "placed", 1)]
    assert any(e.kind == "control" and e.player == learner and e.chamber == 1 for e in place)
    revealed = [e for e in place if e.kind == "decree" and e.action == "revealed"]
    assert [(e.decree, e.chamber) for e in revealed] == [("Scientific Exemption", 1)]   # said in place_then


def test_the_opponent_takes_chamber_3_with_conspirators_reward(run, lesson):
    _, state = run
    opponent = 1 - lesson["learner"]
    events = step_events(run, "opponent-place")
    assert any(e.kind == "control" and e.player == opponent and e.chamber == 2 for e in events)
    names = [state.rules.decrees[d].name for d in state.chamber_decrees[2]]
    assert names == ["Conspirators' Reward"]


def test_the_learner_conspires_keeps_prepares_and_triggers_coup(run, lesson):
    learner = lesson["learner"]
    mine = [e for e in all_events(run) if e.kind == "conspiracy" and e.player == learner]
    actions = [(e.action, e.conspiracy) for e in mine]
    assert ("drawn", "Coup") in actions and ("drawn", "Treason") in actions
    assert ("kept", "Coup") in actions and ("returned_bottom", "Treason") in actions
    assert ("prepared", "Coup") in actions and ("triggered", "Coup") in actions
    recruit = step_events(run, "recruit-conspirator")
    assert [e.delta for e in recruit if e.kind == "coins"] == [-1]      # said: the second Senator costs 1
    order = [a for a, _ in actions if a in ("drawn", "kept", "prepared", "triggered")]
    assert order.index("kept") < order.index("prepared") < order.index("triggered")
    # prepared with the card the text names, and triggered on a later turn
    assert [e.card for e in step_events(run, "prepare") if e.kind == "conspiracy"] == ["Stone Reserve"]


def test_coup_reaches_the_small_military_token_whose_cube_ties_the_opponents_chamber(run, lesson):
    learner = lesson["learner"]
    forward = 1 if learner == 0 else -1
    stable = step_events(run, "red-card")
    assert [e.to * forward for e in stable if e.kind == "pawn"] == [1]
    assert [e.delta for e in stable if e.kind == "coins" and e.player == learner] == [-2]   # said in red_card
    trigger = step_events(run, "trigger")
    assert [(e.start * forward, e.to * forward) for e in trigger if e.kind == "pawn"] == [(1, 3)]
    tokens = [e for e in trigger if e.kind == "military_token"]
    assert len(tokens) == 1 and tokens[0].player == learner and tokens[0].effect == "place_cube"
    cube = step_events(run, "token-cube")
    assert any(e.kind == "cube" and e.action == "placed" and e.chamber == 2 for e in cube)
    assert any(e.kind == "control" and e.player is None and e.chamber == 2 and e.previous == 1 - learner
               for e in cube)


def test_two_blue_cards_give_the_second_politician_a_place_and_a_move_that_take_chamber_3(run, lesson):
    _, state = run
    learner = lesson["learner"]
    assert sum(state.card(c).color == "blue" for c in state.city[learner]) == 2
    recruit = step_events(run, "recruit-second-politician")
    assert [e.delta for e in recruit if e.kind == "coins"] == [-2]      # said: 2 coins, two Senators
    assert [e.action for e in step_events(run, "place-again") if e.kind == "cube"] == ["placed"]
    move = step_events(run, "move")
    assert [(e.action, e.chamber, e.to) for e in move if e.kind == "cube"] == [("moved", 1, 2)]
    assert any(e.kind == "control" and e.player == learner and e.chamber == 2 for e in move)
    # 1-0 in Chamber 2 and 2-1 in Chamber 3, as move_then says
    assert (state.cubes[1 * 2 + learner], state.cubes[1 * 2 + 1 - learner]) == (1, 0)
    assert (state.cubes[2 * 2 + learner], state.cubes[2 * 2 + 1 - learner]) == (2, 1)
    assert state.control[1] == learner and state.control[2] == learner


def test_political_supremacy_is_shown_on_all_six_chambers_and_the_learner_holds_conspirators_reward(run, lesson):
    _, state = run
    supremacy = next(s for s in lesson["steps"] if s["id"] == "supremacy")
    assert sorted(supremacy["point"]) == [f"senate {n}" for n in range(1, 7)]
    assert "do" not in supremacy
    assert state.control.count(lesson["learner"]) == 2                        # said: two Chambers of six
    assert state.control.count(1 - lesson["learner"]) == 0
    reward = [state.rules.decrees[d].name for d in state.chamber_decrees[2]]     # said in reward
    assert reward == ["Conspirators' Reward"] and state.decree_up[state.chamber_decrees[2][0]]


def test_the_points_name_components_of_this_game(run, lesson):
    _, state = run
    rules = state.rules
    names = {
        "senator": {c.name for c in rules.cards if c.senator},
        "card": {c.name for c in rules.cards},
        "decree": {d.name for d in rules.decrees},
        "wonder": {w.name for w in rules.wonders},
    }
    dealt = {state.rules.decrees[d].name for ds in state.chamber_decrees for d in ds}
    for step in lesson["steps"]:
        for point in step.get("point", []):
            kind, _, arg = point.partition(" ")
            if kind in names:
                assert arg in names[kind], (step["id"], point)
            if kind == "decree":
                assert arg in dealt, (step["id"], point)


def test_the_framework_loader_accepts_the_lesson_where_it_exists():
    lesson_module = pytest.importorskip("game.lesson")
    loaded = lesson_module.load_lesson(LESSON)
    assert loaded.id == "agora" and loaded.agora
