"""Packaging: the three-OS workflow is sound, and the Linux app builds and self-tests."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
MAX_MB = 80


def test_workflow_builds_three_systems_with_the_spec_and_selftests():
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "build.yml").read_text())
    job = flow["jobs"]["build"]
    assert set(job["strategy"]["matrix"]["os"]) == {"windows-latest", "macos-latest", "ubuntu-22.04"}
    commands = "\n".join(step.get("run", "") for step in job["steps"])
    assert "build.spec" in commands
    assert commands.count("--selftest") >= 2          # plain folder and macOS .app
    assert any("upload-artifact" in step.get("uses", "") for step in job["steps"])


def test_spec_bundles_data_and_assets_but_no_tests():
    spec = (ROOT / "build.spec").read_text()
    for needed in ('"data"', '"locale"', '"fonts"', '"sounds"', "agora-duel.ico", "agora-duel.icns", "BUNDLE"):
        assert needed in spec
    assert '"tests"' not in spec and "pytest" in spec   # pytest appears only as an exclusion


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
    assert (internal / "assets" / "fonts" / "NanumGothic.ttf").is_file()
    assert (internal / "assets" / "fonts" / "OFL-NanumGothic.txt").is_file()
    assert len(list((internal / "assets" / "sounds").glob("*.wav"))) >= 20
    assert not list(app.rglob("test_*.py")) and not list(app.rglob("pytest*"))
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
    assert list(elsewhere.iterdir()) == []          # wrote nothing into the working directory
