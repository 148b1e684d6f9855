"""Korean and English, complete and natural.

* The whole merged catalogues (data/locale/<lang>.yaml + <lang>/*.yaml) have the same keys
  and the same placeholders, and every string draws with the bundled font — each
  character compared with the font's "missing glyph" box, since the font reports metrics
  even for some characters it cannot draw.
* Korean particles written in pairs ("{name}을(를)") agree with the word filled in.
* A whole game is played through the real screens in Korean and in English (headless).
* Every screen is drawn in Korean while the text renderer is watched: no Latin word
  may appear (only numbers, player names and the key labels printed on keyboards), and
  no catalogue key is missing. The same screens in English show no Hangul.
* Screenshots, in Korean, of the table, a tooltip, a Conspiracy dialog, the score sheet,
  the rules and other screens are written under a temporary folder — and into
  $AGORA_SCREENSHOTS when that variable names a folder.

Run `python tests/test_i18n.py OUTDIR [en|ko] [WxH]` to write the screenshots by hand.
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.draw import fonts  # noqa: E402
from ui.text import i18n  # noqa: E402
from ui.files import paths, storage  # noqa: E402
from ui.text.josa import fix_particles  # noqa: E402

LANGS = ("en", "ko")
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"[A-Za-z]+")
# Labels printed on the keys of every keyboard, Korean ones included: the Korean text names
# them as they are printed ("Esc 키"), as Korean software does.
KEY_LABELS = {"Esc", "Enter", "Tab", "Ctrl", "Z", "Backspace", "F", "M", "H",  # H: the hint key
              "Space", "Shift", "PgUp", "PgDn", "Home", "End", "Delete"}  # the help's Keys chapter
# Characters the catalogues must never use: the bundled font has no glyph for them, yet
# reports metrics (so a naive check passes) and draws an empty box.
FORBIDDEN = set("↶↷⏮⏭⏯✓✔✗✘✖★☆")


# --- the catalogues -------------------------------------------------------------------------

def test_whole_catalogues_have_the_same_keys_and_placeholders():
    en, ko = i18n.load_catalogue("en"), i18n.load_catalogue("ko")
    assert len(en) > 900, "the merged English catalogue looks incomplete"
    assert set(en) == set(ko), sorted(set(en) ^ set(ko))
    for key in en:
        assert i18n.placeholders(en[key]) == i18n.placeholders(ko[key]), key
        assert ko[key].strip() and en[key].strip(), key


def test_no_catalogue_key_is_defined_twice():
    """A key in <lang>.yaml and again in <lang>/*.yaml would silently hide one of them."""
    import yaml
    from ui.text.i18n import _flatten
    for lang in LANGS:
        seen: dict[str, str] = {}
        paths_ = [paths.locale_dir() / f"{lang}.yaml"] + sorted((paths.locale_dir() / lang).glob("*.yaml"))
        for path in paths_:
            for key in _flatten(yaml.safe_load(path.read_text(encoding="utf-8"))):
                assert key not in seen, f"{lang}: {key} in {seen.get(key)} and {path.name}"
                seen[key] = path.name


def _tofu(font: pygame.font.Font) -> bytes:
    return pygame.image.tobytes(font.render("\ue000", False, (255, 255, 255), (0, 0, 0)), "RGB")


def _missing_glyphs(text: str, font: pygame.font.Font, tofu: bytes) -> set[str]:
    missing = set()
    for ch in set(text):
        if ch.isspace():
            continue
        drawn = pygame.image.tobytes(font.render(ch, False, (255, 255, 255), (0, 0, 0)), "RGB")
        if drawn == tofu:
            missing.add(ch)
    return missing


def test_the_glyph_check_sees_missing_glyphs():
    pygame.font.init()
    font = pygame.font.Font(str(paths.font_path()), 24)
    tofu = _tofu(font)
    assert _missing_glyphs("↶✓⏭", font, tofu) == {"↶", "✓", "⏭"}       # metrics or not: no glyph
    assert not _missing_glyphs("가나다 ABC 123 → × – — · … ‹ › ↑ ↓ ← →", font, tofu)


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_draws_with_the_bundled_font(lang):
    pygame.font.init()
    fonts_ = [pygame.font.Font(str(paths.font_path(bold)), 24) for bold in (False, True)]
    tofus = [_tofu(f) for f in fonts_]
    chars = set()
    for key, text in i18n.load_catalogue(lang).items():
        assert not (set(text) & FORBIDDEN), f"{lang}:{key} uses {sorted(set(text) & FORBIDDEN)}"
        chars |= set(text)
    text = "".join(sorted(chars))
    for font, tofu in zip(fonts_, tofus):
        assert not _missing_glyphs(text, font, tofu)


def test_korean_catalogue_has_no_english_words():
    """Key labels aside, Korean strings contain no Latin letters (language names excepted)."""
    allowed_keys = {"settings.lang.en"}                 # "English", the name of the other language
    for key, text in i18n.load_catalogue("ko").items():
        if key in allowed_keys:
            continue
        words = set(LATIN_WORD.findall(re.sub(r"\{[^}]*\}", "", text))) - KEY_LABELS
        assert not words, (key, text, words)


def test_english_catalogue_has_no_hangul():
    allowed_keys = {"settings.lang.ko"}                 # "한국어", the name of the other language
    for key, text in i18n.load_catalogue("en").items():
        assert key in allowed_keys or not HANGUL.search(text), (key, text)


def test_korean_uses_the_chosen_terms():
    """진흙 (not 점토), 조합 (not 길드), Ages as in KO-2 ("1시대"), and the glossary terms."""
    ko = i18n.load_catalogue("ko")
    everything = "\n".join(ko.values())
    for wrong in ("점토", "길드", "I시대", "II시대", "III시대", "Ⅰ", "Ⅱ", "Ⅲ", "의회실", "공모자", "모략 카드",
                  "법령", "영향력 마커", "전쟁 마커", "연쇄"):
        assert wrong not in everything, wrong
    for term in ("의원 카드", "정치가", "모략가", "음모 카드", "정책 토큰", "영향력 큐브", "회의소", "장악",
                 "정치 승리", "쿠리아 율리아", "크노소스", "부패", "조직 범죄", "원로원", "좌익", "중도", "우익",
                 "승점", "주화", "불가사의", "진보 토큰", "군사 경쟁 말", "연계 상징", "진흙", "조합", "1시대"):
        assert term in everything, term
    assert ko["resource.clay"] == "진흙" and ko["names.clay_reserve"] == "진흙 창고"
    assert ko["names.merchants_guild"] == "상인 조합"


# --- formatting: particles, plurals, lists ----------------------------------------------------

def test_korean_particles_follow_the_word_filled_in():
    try:
        i18n.set_language("ko")
        line = i18n.t("log.discard", who="상대", name="모략가", coins=3)
        assert line == "상대: 모략가를 버리고 주화 3개를 받았습니다."
        assert "성벽을" in i18n.t("log.build", who="나", name="성벽", coins=2)
        assert i18n.t("log.move", who="나", a="회의소 1", b="회의소 3").endswith("회의소 3으로 옮겼습니다.")
        assert i18n.t("log.move", who="나", a="회의소 3", b="회의소 2").endswith("회의소 2로 옮겼습니다.")
        assert i18n.t("log.start", who="상대", first="나") == "상대: 다음 시대를 먼저 시작할 플레이어로 나를 골랐습니다."
        assert i18n.join_words(["유리", "파피루스"]) == "유리와 파피루스"
        assert i18n.join_words(["나무", "진흙", "돌"]) == "나무, 진흙과 돌"
        assert i18n.join_words(["갈색", "회색"], "or") == "갈색 또는 회색"
    finally:
        i18n.set_language("en")


def test_no_unresolved_particle_pair_is_left_after_formatting():
    pairs = re.compile(r"을\(를\)|이\(가\)|은\(는\)|과\(와\)|\(으\)로")
    try:
        i18n.set_language("ko")
        for key, template in i18n.load_catalogue("ko").items():
            if key.startswith("list."):               # joins a list: the word before it comes later
                continue
            params = {name: "회의소 3" for name in i18n.placeholders(template)}
            try:
                text = i18n.t(key, **{k: (2 if k in ("n", "coins", "each", "count", "more", "units", "shields",
                                                      "points", "need", "have", "missing", "price", "per")
                                          else v) for k, v in params.items()})
            except Exception as exc:          # pragma: no cover - t never raises
                pytest.fail(f"{key}: {exc}")
            assert not pairs.search(text), (key, text)
    finally:
        i18n.set_language("en")


def test_english_plurals():
    assert i18n.t("effect.coins", n=1) == "Gain 1 coin."
    assert i18n.t("effect.coins", n=4) == "Gain 4 coins."
    assert i18n.t("effect.points", n=1) == "1 victory point."
    assert i18n.join_words(["wood", "clay", "stone"]) == "wood, clay and stone"
    assert i18n.join_words(["glass", "papyrus"], "or") == "glass or papyrus"


def test_particles_after_names_of_the_game():
    assert fix_particles("정책 토큰을(를)") == "정책 토큰을"
    assert fix_particles("피라미드을(를)") == "피라미드를"
    assert fix_particles("회의소 6(으)로") == "회의소 6으로"


# --- the longest words fit their room at 1280x720 ------------------------------------------------

def _fits(text: str, size: float, room: float, bold: bool, min_ratio: float, layout) -> bool:
    """Whether text, set no smaller than min_ratio of its size, is at most room design units."""
    px = fonts.fit_px(text, layout.px(size), layout.px(room), bold, min_ratio)
    return fonts.get_font(px, bold).size(text)[0] <= layout.px(room)


# (keys or key prefixes, text size, room in design units, bold, smallest type allowed)
ROOMS = [
    (["menu.new_game", "menu.continue", "menu.rules", "menu.settings", "menu.load", "menu.quit"], 26, 400 - 74, True, 0.8),
    (["pause.resume", "menu.rules", "menu.settings", "pause.menu", "menu.quit"], 22, 340 - 74, True, 0.8),
    (["over.new_game", "over.replay", "over.view_table", "over.menu"], 20, 184 - 74, True, 0.6),
    (["setup.start", "setup.back"], 26, 240 - 74, True, 0.8),
    (["setup.mode_ai", "setup.mode_hotseat"], 20, 320 - 44, True, 0.72),
    (["ai.", "setup.agora_on", "setup.agora_off", "setup.first_random", "setup.first_me", "setup.first_ai"],
     20, 230 - 44, True, 0.72),
    (["decision.", "cardaction.badge"], 30, 1180 - 360, True, 0.72),
    (["group."], 17, 1180 - 100, True, 0.72),
    (["option.build", "option.recruit", "option.no_wonder", "option.no_conspiracy", "option.conspire",
      "option.decline", "option.stop", "option.return"], 18, 300 - 50, True, 0.72),
    (["reason."], 13, 300 + 14, False, 0.72),
    (["table.built"], 11, 58, True, 0.72),
    (["table.out"], 11, 70, True, 0.72),
    (["table.to_move"], 13, 86, True, 0.72),
    (["table.menu"], 15, 80, True, 0.72),
    (["table.undo"], 14, 80, True, 0.72),
    (["table.conspiracy_status."], 10, 68, True, 0.72),
    (["table.production", "table.prices", "table.chains", "table.progress"], 13, 180, False, 0.72),
    (["saves.status."], 14, 124, True, 0.72),
    (["saves.resume", "saves.replay"], 16, 140, True, 0.72),
    (["saves.delete"], 16, 100, True, 0.72),
    (["replay.flip"], 15, 176 - 34, True, 0.72),
    (["score."], 19, 360, True, 0.8),
    (["rules.page."], 17, 330 - 70, False, 0.72),
    (["rules.caption."], 15, 1110 - 80 - 580 - 76, True, 0.9),
    (["settings.broken.title", "dialog.quit.title", "saves.delete_title", "saves.cannot_open", "error.title"],
     36, 700 - 80, True, 0.8),
    (["victory.long."], 20, 740, False, 0.72),
    (["handover.menu", "dialog.close", "dialog.back", "dialog.view_table", "dialog.next_page",
      "dialog.prev_page", "table.undo"], 19, 200 - 74 + 60, True, 0.72),
]


@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_words_fit_their_room(lang):
    from ui.draw.layout import Layout
    pygame.font.init()
    layout = Layout((1280, 720))
    catalogue = i18n.load_catalogue(lang)
    checked = 0
    for keys, size, room, bold, ratio in ROOMS:
        for key, text in catalogue.items():
            if not any(key == k or (k.endswith(".") and key.startswith(k)) for k in keys):
                continue
            if key.startswith("rules.page.") and not key.endswith(".title"):
                continue
            if key.startswith("decision.") and not key.endswith((".title", ".badge")):
                continue
            if "{" in text:
                continue
            checked += 1
            assert _fits(text, size, room, bold, ratio, layout), (lang, key, text)
    assert checked > 100


@pytest.mark.parametrize("lang", LANGS)
def test_settings_rows_fit(lang):
    from ui.draw.layout import Layout
    pygame.font.init()
    layout = Layout((1280, 720))
    catalogue = i18n.load_catalogue(lang)
    values = [v for k, v in catalogue.items() if k.startswith(("settings.speed.", "settings.lang."))] + \
        [catalogue[k] for k in ("settings.on", "settings.off", "settings.undo_on", "settings.undo_off", "takeback.setting.across",
                                "settings.fullscreen", "settings.window")] + ["2560 × 1440"]
    widest = max(fonts.get_font(layout.px(20), True).size(v)[0] for v in values)
    for key, label in catalogue.items():
        if key.startswith("settings.row."):
            used = fonts.get_font(layout.px(19)).size(label)[0] + widest + layout.px(26 * 2 + 20 + 40)
            assert used <= layout.px(720), (lang, key, label)


# --- every log line, option and decision of many games -------------------------------------

def test_game_words_in_korean_have_no_english_and_no_loose_particles():
    """Log lines, dialog options and decision texts of random games, in Korean."""
    from game import new_game
    from ui.scenes.choice import body_for, group_for
    from ui.table.text import log_line, option_label

    class Names:                       # what body_for needs of a session
        def name(self, seat):
            return i18n.t("who.you") if seat == 0 else i18n.t("who.opponent")

    pairs = re.compile(r"을\(를\)|이\(가\)|은\(는\)|과\(와\)|\(으\)로")
    warned = set(i18n._warned)
    try:
        i18n.set_language("ko")
        kinds = set()
        for seed in range(10):
            state = new_game(seed, agora=seed % 4 != 0)
            rng = random.Random(seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                texts = [option_label(a) for a in legal] + [group_for(state, a) for a in legal]
                if state.decision not in ("turn", "draft"):
                    kinds.add(state.decision)
                    texts += [i18n.t(f"decision.{state.decision}.title"), body_for(Names(), state, state.decision, legal)]
                action = rng.choice(legal)
                before = state.clone()
                state.apply(action)
                texts += [log_line(action, before, state, viewer) for viewer in (0, 1, None)]
                for text in texts:
                    words = set(LATIN_WORD.findall(text)) - KEY_LABELS
                    assert not words and "{" not in text and not pairs.search(text), (action, text)
        assert {"senate", "keep", "progress", "start"} <= kinds
    finally:
        i18n.set_language("en")
    assert set(i18n._warned) == warned, sorted(set(i18n._warned) - warned)


# --- the system language --------------------------------------------------------------------

@pytest.mark.parametrize("lang_env,expected", [("ko_KR.UTF-8", "ko"), ("en_US.UTF-8", "en"), ("fr_FR.UTF-8", "en")])
def test_first_start_follows_the_system_language(tmp_path, lang_env, expected):
    """No settings file yet: the window opens in the system's language."""
    env = dict(ENV, LANG=lang_env)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(var, None)
    code = ("import sys; sys.argv=['main.py','--data-dir',sys.argv[1],'--exit-after-frames','2'];"
            "import ui.text.i18n as i, ui.shell.app as a; seen=[]; run=a._run\n"
            "def spy(args):\n    r=run(args); seen.append(i.language()); return r\n"
            "a._run=spy; import main; main.main(sys.argv[1:]); print('LANG=' + seen[0])")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "data")], capture_output=True, text=True,
                         timeout=120, env=env, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    assert f"LANG={expected}" in out.stdout


# --- whole games through the screens ------------------------------------------------------------

def test_autoplay_completes_in_english(english_autoplay):
    result, _ = english_autoplay                # the game tests/test_history_ui.py also checks
    assert result.returncode == 0, result.stderr[-2000:]
    game = json.loads(result.stdout.strip().splitlines()[-1])
    assert game["victory"] in ("military", "science", "political", "civilian")
    assert "missing translation" not in result.stderr


def test_a_korean_autoplay_shows_no_english_word(tmp_path, capsys):
    """A whole game in Korean, in this process, with every string drawn recorded: it ends
    with a victory, no translation missing, no English word shown. (Its own process, as
    `main.py --autoplay`, is the English game's check above.)"""
    import argparse
    from ui.testing.autoplay import run_autoplay
    args = argparse.Namespace(seed=21, p0="random", p1="random", base_only=False, lang="ko", size=(1280, 720),
                              screenshot=None, frame_stats=False, exit_when_done=True, anim_speed="fast",
                              data_dir=str(tmp_path / "data"), hotseat=False)
    import dataclasses
    from ui.scenes.setup import SetupScene
    from ui.files.settings import SETTINGS
    kept = dataclasses.replace(SETTINGS)
    wishes, seed, remembered = SetupScene.pilot_wishes, SetupScene.forced_seed, SetupScene.remembered
    SetupScene.remembered = {}                 # no player names typed by other tests
    warned = set(i18n._warned)
    try:
        with Watch() as watch:
            assert run_autoplay(args) == 0
    finally:                       # autoplay is made for a process of its own: put back what it changes
        i18n.set_language("en")
        SETTINGS.__dict__.update(kept.__dict__)
        SetupScene.pilot_wishes, SetupScene.forced_seed, SetupScene.remembered = wishes, seed, remembered
    out, err = capsys.readouterr()
    game = json.loads(out.strip().splitlines()[-1])
    assert game["actions"] > 20 and game["victory"] in ("military", "science", "political", "civilian")
    assert "missing translation" not in err
    assert set(i18n._warned) == warned, sorted(set(i18n._warned) - warned)
    assert len(watch.seen) > 1000 and any(HANGUL.search(s) for s in watch.seen)
    for s in set(watch.seen):
        assert not set(LATIN_WORD.findall(s)) - KEY_LABELS, s


# --- every screen, watched --------------------------------------------------------------------

class Watch:
    """Collects every string the fonts draw (ui.draw.fonts.RENDER_HOOK)."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __enter__(self):
        from ui.draw import art
        fonts.clear_caches()
        art.clear_caches()
        fonts.RENDER_HOOK = self.seen.append
        return self

    def __exit__(self, *exc):
        fonts.RENDER_HOOK = None


def _shots_dirs(tmp: Path) -> list[Path]:
    out = [tmp]
    extra = os.environ.get("AGORA_SCREENSHOTS")
    if extra:
        out.append(Path(extra))
    for d in out:
        d.mkdir(parents=True, exist_ok=True)
    return out


def _post(kind, pos, **extra):
    if kind == pygame.MOUSEMOTION:
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)}
    elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"button": 1}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def _click(app, pos):
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        _post(kind, pos)
    app.step(1 / 60)


def _settle(app, frames=4, dt=1 / 30):
    for _ in range(frames):
        app.step(dt)


def _key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def _play(want, agora: bool = True, mode: str = "ai", seeds=range(1, 400), limit: int = 400):
    """A game session played at random up to a position for which want(state) holds: a
    real session (its log, its save), the human at seat 0 (or two humans: mode 'hotseat')."""
    from ui.table.session import GameConfig, GameSession, SeatSetup
    for seed in seeds:
        seats = [SeatSetup("human"), SeatSetup("ai", "random")] if mode == "ai" else \
            [SeatSetup("human"), SeatSetup("human")]
        session = GameSession(GameConfig(seed=seed, agora=agora, first="me", seats=seats))
        rng = random.Random(seed)
        for _ in range(limit):
            state = session.state
            if want(state):
                if mode != "ai" and not state.is_terminal:
                    session.hand_over()
                return session
            if state.is_terminal:
                break
            session.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def capture_screens(outdirs: list[Path], lang: str, size=(1280, 720), data_dir: Path | None = None,
                    saved=None) -> dict[str, list[str]]:
    """Draw every screen of the game in `lang`, save a PNG of each (of those named in `saved`
    when given: writing a PNG costs more than drawing the screen); returns what each showed."""
    from ui.files import saves
    from ui.shell.app import App
    from ui.scenes.age import AgeScene
    from ui.scenes.dialog import quit_confirmation
    from ui.scenes.game import GameScene
    from ui.scenes.replay import ReplayScene
    from ui.scenes.gameover import GameOverScene
    from ui.scenes.load import LoadScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.prompt import TablePrompt
    from ui.scenes.rules import PAGES, RulesScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.setup import SetupScene
    from ui.files.settings import SETTINGS
    from ui.table.session import CURRENT, GameConfig, GameSession, SeatSetup

    shown: dict[str, list[str]] = {}
    i18n.set_language(lang)
    speed = SETTINGS.animation_speed
    SETTINGS.animation_speed = "instant"
    previous = storage.use(storage.Storage.under(data_dir) if data_dir else storage.Storage.memory())
    app = App(size, home=MenuScene)

    def snap(name: str, watch: Watch) -> None:
        shown[name] = list(watch.seen)
        if saved is None or name in saved:
            for d in outdirs:
                app.save_screenshot(d / f"{lang}_{name}.png")

    try:
        with Watch() as w:
            app.push(MenuScene())
            _settle(app)
            snap("menu", w)
        remembered, SetupScene.remembered = SetupScene.remembered, {}    # no names typed in other tests
        with Watch() as w:
            app.push(SetupScene())
            _settle(app)
            snap("setup", w)
            app.pop()
        SetupScene.remembered = remembered
        with Watch() as w:
            app.push(SettingsScene())
            _settle(app)
            snap("settings", w)
            app.pop()
        for i in range(len(PAGES)):
            with Watch() as w:
                app.push(RulesScene(page=i))
                _settle(app, 2)
                snap(f"rules_{i + 1:02d}_{PAGES[i][0]}", w)
                app.pop()
        # The table in the middle of a game (Age II, the human to play), and a tooltip.
        session = _play(lambda s: s.age == 2 and s.decision == "turn" and s.current_player == 0
                        and len(s.history) > 60 and any(c for c in s.conspiracies[0]))
        state = session.state
        with Watch() as w:
            game = GameScene(session)
            app.push(game)
            _settle(app)
            snap("table", w)
        with Watch() as w:
            slot = next(h for h in game.view.hits_of("slot") if h.data in state.accessible and h.name)
            _post(pygame.MOUSEMOTION, slot.rect.center)
            _settle(app, 12)
            snap("tooltip", w)
        with Watch() as w:
            wonder = next(h for h in game.view.hits_of("wonder") if h.seat == 0)
            _post(pygame.MOUSEMOTION, wonder.rect.center)
            _settle(app, 12)
            snap("tooltip_wonder", w)
        with Watch() as w:
            _click(app, slot.rect.center)
            _settle(app)
            snap("card_actions", w)
        app.reset(MenuScene())
        # A Conspiracy dialog: keep one of two Conspiracies.
        session = _play(lambda s: s.decision == "keep" and s.current_player == 0)
        with Watch() as w:
            app.push(GameScene(session))
            _settle(app, 6)
            assert isinstance(app.top, TablePrompt)          # a compact panel, the table in view
            snap("conspiracy_dialog", w)
        app.reset(MenuScene())
        # A Senate decision.
        session = _play(lambda s: s.decision == "senate" and s.current_player == 0)
        with Watch() as w:
            app.push(GameScene(session))
            _settle(app, 6)
            snap("senate_dialog", w)
        app.reset(MenuScene())
        # The score sheet after Age III.
        session = _play(lambda s: s.is_terminal and s.result.victory == "civilian")
        with Watch() as w:
            app.push(GameScene(session))
            _settle(app, 8)
            assert isinstance(app.top, GameOverScene)
            snap("score_sheet", w)
        app.reset(MenuScene())
        # The draft, the hand-over of a hot-seat game, the pause menu, the saved games.
        with Watch() as w:
            fresh = GameSession(GameConfig(seed=3, agora=True, first="me",
                                           seats=[SeatSetup("human"), SeatSetup("ai", "random")]))
            app.push(GameScene(fresh))
            _settle(app, 4)
            snap("draft", w)
        app.reset(MenuScene())
        hot = _play(lambda s: s.decision == "turn" and len(s.history) > 30 and s.current_player == 1, mode="hotseat")
        hot.looking = 0                        # seat 0 just played: the screen goes to seat 1
        with Watch() as w:
            app.push(GameScene(hot))
            _settle(app, 4)
            snap("handover", w)
        app.reset(MenuScene())
        with Watch() as w:
            game = GameScene(_play(lambda s: s.decision == "turn" and len(s.history) > 20 and s.current_player == 0))
            app.push(game)
            _settle(app, 2)
            game.open_pause()
            _settle(app, 4)
            snap("pause", w)
        app.reset(MenuScene())
        with Watch() as w:
            game = GameScene(_play(lambda s: s.age == 2 and s.phase == "play" and s.current_player == 0))
            app.push(game)
            app.push(AgeScene(game, 2))
            _settle(app, 2, 1 / 60)
            snap("age_banner", w)
        app.reset(MenuScene())
        with Watch() as w:
            app.push(quit_confirmation(app.quit))
            _settle(app)
            snap("quit_dialog", w)
        app.reset(MenuScene())
        finished = _play(lambda s: s.is_terminal and s.result.victory != "civilian")
        with Watch() as w:
            app.push(ReplayScene(finished.saved, step=len(finished.saved.actions) // 2))
            _settle(app)
            snap("replay", w)
        app.reset(MenuScene())
        saves.flush(timeout=10)
        if data_dir is not None:
            (storage.saves_dir() / "broken.json").write_text("{ not a save", encoding="utf-8")
        with Watch() as w:
            app.push(LoadScene())
            _settle(app)
            snap("saves", w)
    finally:
        app.close()
        storage.use(previous)
        CURRENT["session"] = None
        SETTINGS.animation_speed = speed
        i18n.set_language("en")
    return shown


KOREAN_SHOTS = ("table", "tooltip", "conspiracy_dialog", "score_sheet", "rules_01_duel")     # the PNGs checked


@pytest.fixture(scope="module")
def korean_screens(tmp_path_factory):
    outdir = tmp_path_factory.mktemp("screens")
    warned = set(i18n._warned)
    kept = os.environ.get("AGORA_SCREENSHOTS")          # a folder to look at: every screen
    shown = capture_screens(_shots_dirs(outdir), "ko", data_dir=tmp_path_factory.mktemp("data_ko"),
                            saved=None if kept else KOREAN_SHOTS)
    return outdir, shown, set(i18n._warned) - warned


@pytest.fixture(scope="module")
def english_screens(tmp_path_factory):
    outdir = tmp_path_factory.mktemp("screens_en")
    warned = set(i18n._warned)
    shown = capture_screens([outdir], "en", data_dir=tmp_path_factory.mktemp("data_en"), saved=())   # what is shown, no PNG
    return outdir, shown, set(i18n._warned) - warned


def test_korean_screenshots_are_written(korean_screens):
    outdir, shown, _ = korean_screens
    for name in KOREAN_SHOTS:
        image = pygame.image.load(str(outdir / f"ko_{name}.png"))
        assert image.get_size() == (1280, 720)
        assert any(HANGUL.search(s) for s in shown[name]), name


def test_korean_screens_show_no_english_word(korean_screens):
    _, shown, warned = korean_screens
    assert not warned, f"missing or broken catalogue entries: {sorted(warned)}"
    for screen, strings in shown.items():
        for s in strings:
            words = set(LATIN_WORD.findall(s)) - KEY_LABELS
            assert not words, (screen, s)


def test_english_screens_show_no_hangul(english_screens):
    _, shown, warned = english_screens
    assert not warned, f"missing or broken catalogue entries: {sorted(warned)}"
    for screen, strings in shown.items():
        for s in strings:
            if screen == "settings" and s == "한국어":
                continue
            assert not HANGUL.search(s), (screen, s)


def test_no_text_is_cut_in_korean(korean_screens):
    """Lines fitted to their room end in "…" only for names typed by players (none here)."""
    _, shown, _ = korean_screens
    for screen, strings in shown.items():
        cut = [s for s in strings if s.endswith("…") and not s.endswith("중…")]
        assert not cut, (screen, cut)


def test_no_text_is_cut_in_english(english_screens):
    _, shown, _ = english_screens
    for screen, strings in shown.items():
        cut = [s for s in strings if s.endswith("…") and not s.endswith("choosing…")]
        assert not cut, (screen, cut)


if __name__ == "__main__":        # python tests/test_i18n.py OUTDIR [en|ko] [WxH]
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/agora_screens")
    lang = sys.argv[2] if len(sys.argv) > 2 else "ko"
    size = tuple(int(v) for v in sys.argv[3].split("x")) if len(sys.argv) > 3 else (1280, 720)
    out.mkdir(parents=True, exist_ok=True)
    import tempfile
    seen = capture_screens([out], lang, size, data_dir=Path(tempfile.mkdtemp()))
    latin = {k: sorted({w for s in v for w in LATIN_WORD.findall(s)} - KEY_LABELS) for k, v in seen.items()}
    print(json.dumps({k: v for k, v in latin.items() if v}, ensure_ascii=False, indent=1))
    print("missing keys:", sorted(i18n._warned))
