# `make play` and `make test` each set up .venv on first use, then run.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test simulate bench dist icon clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n auto --dist loadscope

simulate: $(STAMP)
	$(PY) -m game simulate --games 200 --seed 1

bench: $(STAMP)
	$(PY) bench/engine_speed.py

# One-folder app for the current OS in dist/AgoraDuel/ (AgoraDuel.app on macOS).
dist: $(STAMP)
	$(PY) -m PyInstaller --noconfirm --clean build.spec

icon: $(STAMP)
	$(PY) tools/make_icon.py

clean:
	rm -rf $(VENV) .pytest_cache build dist
