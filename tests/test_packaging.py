"""Packaging: the three-OS workflow is sound, the spec carries online play (net/, websockets,
ssl), and the Linux app builds and self-tests, an online game included."""

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
MAX_MB = 50          # 46 MB: stripped libraries, subset fonts, zeroconf as Python (83 MB before)


def test_workflow_builds_three_systems_with_the_spec_and_selftests():
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "build.yml").read_text())
    job = flow["jobs"]["build"]
    assert set(job["strategy"]["matrix"]["os"]) == {"windows-latest", "macos-latest", "ubuntu-22.04"}
    commands = "\n".join(step.get("run", "") for step in job["steps"])
    assert "build.spec" in commands
    assert commands.count("--selftest") >= 2          # plain folder and macOS .app
    assert any("upload-artifact" in step.get("uses", "") for step in job["steps"])


def test_workflow_builds_the_native_core_before_the_app_and_requires_it():
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "build.yml").read_text())
    job = flow["jobs"]["build"]
    steps = job["steps"]
    rust = next(i for i, s in enumerate(steps) if "rust-toolchain" in s.get("uses", ""))
    core = next(i for i, s in enumerate(steps) if "./native" in s.get("run", ""))
    app = next(i for i, s in enumerate(steps) if "build.spec" in s.get("run", ""))
    assert rust < core < app
    assert job["env"].get("AGORA_DUEL_REQUIRE_NATIVE")     # a frozen app without the core fails


def test_spec_bundles_data_and_assets_but_no_tests():
    spec = (ROOT / "build.spec").read_text()
    for needed in ('"data"', '"locale"', '"fonts"', '"sounds"', "agora-duel.ico", "agora-duel.icns", "BUNDLE"):
        assert needed in spec
    assert '"tests"' not in spec and "pytest" in spec   # pytest appears only as an exclusion


def test_spec_carries_online_play_and_the_server():
    spec = (ROOT / "build.spec").read_text()
    code = "\n".join(line.split("#")[0] for line in spec.splitlines())   # not the comments
    assert '"net"' in code                               # every net/ module, as game/ and ui/
    assert "collect_submodules(\"websockets\")" in code
    assert '"ssl"' in code and '"_ssl"' in code
    excluded = code[code.index("excluded = ["):]
    excluded = excluded[:excluded.index("]")]
    for needed in ("ssl", "_ssl", "_hashlib"):          # a client must reach a wss:// server
        assert f'"{needed}"' not in excluded
    assert "never goes online" not in spec
    assert "import zeroconf" in code and "except ImportError" in code    # bundled where installed


def test_spec_strips_linux_libraries_and_carries_zeroconf_as_python():
    spec = (ROOT / "build.spec").read_text()
    code = "\n".join(line.split("#")[0] for line in spec.splitlines())
    assert 'STRIP = sys.platform.startswith("linux")' in code     # no strip on Windows or macOS
    assert code.count("strip=STRIP") == 2                          # the executable and the libraries
    assert 'python_instead_of_compiled(a, "zeroconf")' in code
    excluded = code[code.index("excluded = ["):]
    assert '"readline"' in excluded[:excluded.index("]")]


def test_spec_lists_every_net_module_for_the_analysis():
    # The spec's own loop, run here: every module of game/, ui/ and net/ is a hidden import.
    spec = (ROOT / "build.spec").read_text()
    start = spec.index("hidden = []")
    loop = spec[start:spec.index("# Online play")]
    scope = {"ROOT": ROOT}
    exec(loop, scope)
    hidden = set(scope["hidden"])
    for module in ("net", "net.server", "net.client", "net.referee", "net.store", "net.bot",
                   "game.actions", "ui.testing.selftest"):
        assert module in hidden


def test_selftest_plays_an_online_game_on_loopback():
    from ui.testing import selftest
    source = (ROOT / "ui" / "testing" / "selftest.py").read_text()
    assert '_check("online", _online, failures)' in source
    detail = selftest._online()                          # the check the frozen app runs
    assert "127.0.0.1" in detail and "TLS available" in detail
    assert int(detail.split()[0]) > 20                   # a whole game, not a handshake


def _folder_mb(path: Path) -> float:
    # Symbolic links (PyInstaller links some libraries) would count the same bytes twice.
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) / 1e6


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux build is tested here")
@pytest.mark.skipif(shutil.which("pyinstaller") is None and
                    subprocess.run([sys.executable, "-c", "import PyInstaller"]).returncode != 0,
                    reason="PyInstaller is not installed")
def test_linux_app_builds_and_passes_its_selftest(tmp_path):
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build"),
         str(ROOT / "build.spec")],
        cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    app = tmp_path / "dist" / "AgoraDuel"
    exe = app / "AgoraDuel"
    assert exe.is_file()
    internal = app / "_internal"
    assert (internal / "data" / "cards.yaml").is_file()
    assert (internal / "assets" / "fonts" / "AgoraGothic.ttf").is_file()
    assert (internal / "assets" / "fonts" / "OFL-NanumGothic.txt").is_file()
    assert len(list((internal / "assets" / "sounds").glob("*.wav"))) >= 20
    assert not list(app.rglob("test_*.py")) and not list(app.rglob("pytest*"))
    assert not list(app.rglob("zeroconf/**/*.so")) and not list(app.rglob("libreadline*"))
    libpython = [f for f in internal.glob("libpython3*.so*") if not f.is_symlink()]
    assert libpython and all(f.stat().st_size < 10e6 for f in libpython)    # stripped (23 MB with symbols)
    size = _folder_mb(app)
    assert size < MAX_MB, f"{size:.1f} MB"
    # Run from elsewhere: the app must find its files relative to itself, not the cwd.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "xdg-data"),
               XDG_CONFIG_HOME=str(tmp_path / "xdg-config"))
    run = subprocess.run([str(exe), "--selftest"], cwd=elsewhere, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "self-test passed" in run.stdout and "(frozen)" in run.stdout
    assert "ok   sounds" in run.stdout                  # every sound loaded and played in the frozen app
    assert "ok   online" in run.stdout                  # a server and two clients, frozen
    if importlib.util.find_spec("agora_native") is not None:    # built here: carried and used
        assert "ok   native core (in use" in run.stdout, run.stdout
    assert list(elsewhere.iterdir()) == []          # wrote nothing into the working directory
