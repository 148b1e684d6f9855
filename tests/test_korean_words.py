"""The Korean words for an on/off state (issue #33, item 8): a setting that is on shows "켬",
one that is off shows "끔" — the state, as Korean settings screens say it — never the action
words "켜기" / "끄기" ("to turn on" / "to turn off"), and the sound's notice uses the same
two words."""
import dataclasses

import pytest

from ui.draw import fonts
from ui.text import i18n
from ui.files import storage
from ui.shell.app import App
from ui.scenes.menu import MenuScene
from ui.files.settings import SETTINGS

ON, OFF = "켬", "끔"
# Action words and other state words once used for a setting's value, now stale.
STALE = ("켜기", "끄기", "꺼짐", "켜짐")


@pytest.fixture
def folder(tmp_path):
    previous = storage.use(storage.Storage.under(tmp_path))
    kept = dataclasses.replace(SETTINGS)
    yield tmp_path
    SETTINGS.__dict__.update(kept.__dict__)
    storage.use(previous)
    i18n.set_language("en")


def test_the_on_and_off_values_are_the_agreed_words():
    ko = i18n.load_catalogue("ko")
    assert ko["settings.on"] == ON and ko["settings.off"] == OFF
    assert ko["sound.muted"].startswith(f"소리 {OFF}") and ko["sound.unmuted"].startswith(f"소리 {ON}")


def test_no_stale_on_off_word_is_left_in_the_catalogue():
    ko = i18n.load_catalogue("ko")
    stale = {key: value for key, value in ko.items() if any(word in value for word in STALE)}
    assert not stale, stale


def shown(scene_factory, lang="ko") -> list[str]:
    """Every string a scene draws in a frame of a 1280x720 window."""
    i18n.set_language(lang)
    app = App((1280, 720), home=MenuScene)
    seen: list[str] = []
    try:
        app.push(scene_factory())
        app.step(1 / 60)
        fonts.clear_caches()
        fonts.RENDER_HOOK = seen.append
        app.step(1 / 60)
    finally:
        fonts.RENDER_HOOK = None
        app.close()
    return seen


@pytest.mark.parametrize("on", [True, False])
def test_the_settings_screen_shows_the_state_words(folder, on):
    from ui.scenes.settings import SettingsScene
    SETTINGS.show_opponent_prices = on
    SETTINGS.hints = on
    SETTINGS.muted = not on      # the sound rows live on the settings screen too
    texts = shown(SettingsScene)
    assert (ON if on else OFF) in texts, texts
    assert not any(word in text for text in texts for word in STALE), texts
