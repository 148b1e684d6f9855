"""The Windows and macOS builds run only on GitHub: here, at least, their workflow is checked
against the published GitHub-workflow schema (check-jsonschema ships it: no network needed),
so a mistyped key or a step of the wrong shape fails `make test`, not the next push."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def _check(path: Path) -> subprocess.CompletedProcess:
    # The module, not the script on PATH: it is the one of this Python (make test's .venv).
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", str(path)], capture_output=True, text=True, timeout=120)


def test_check_jsonschema_is_pinned_for_make_test():
    pins = (ROOT / "requirements-dev.txt").read_text().splitlines()
    assert any(line.startswith("check-jsonschema==") for line in pins)


def test_build_workflow_matches_the_github_workflow_schema():
    done = _check(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok -- validation done" in done.stdout


def test_the_schema_check_catches_a_broken_workflow(tmp_path):
    broken = tmp_path / "build.yml"
    text = WORKFLOW.read_text()
    assert "runs-on:" in text
    broken.write_text(text.replace("runs-on:", "runs_on:", 1))     # a typo GitHub would reject
    done = _check(broken)
    assert done.returncode != 0
    assert "runs_on" in done.stdout + done.stderr or "runs-on" in done.stdout + done.stderr
