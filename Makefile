# `make play` and `make test` each set up .venv on first use, then run.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The native core (native/, Rust): rebuilt into the venv when its sources change.
NATIVE_STAMP := $(VENV)/.native
NATIVE_SOURCES := $(wildcard native/Cargo.toml native/Cargo.lock native/pyproject.toml native/src/*.rs native/src/*/*.rs)
HAVE_CARGO := $(shell command -v cargo 2>/dev/null)
NO_RUST := No Rust toolchain (cargo) here: the native core is not built and the AI uses the pure-Python search (install Rust from https://rustup.rs for the fast AI).

.PHONY: play test native simulate bench dist icon clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

# A core that fails to build does not keep anyone from playing; the tests need it.
play: $(STAMP)
	@$(MAKE) --no-print-directory native || echo "The native core did not build (above): the AI uses the pure-Python search."
	$(PY) main.py

test: $(STAMP) native
ifneq ($(HAVE_CARGO),)
	cargo test --quiet --release --manifest-path native/Cargo.toml
	@if cargo clippy --version >/dev/null 2>&1; then \
	  cargo clippy --quiet --release --all-targets --manifest-path native/Cargo.toml -- -D warnings; \
	else echo "cargo clippy is not installed: the core's lints are not checked"; fi
endif
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n auto --dist loadscope

ifneq ($(HAVE_CARGO),)
native: $(NATIVE_STAMP)
$(NATIVE_STAMP): $(STAMP) $(NATIVE_SOURCES)
	VIRTUAL_ENV=$(abspath $(VENV)) $(PY) -m maturin develop --quiet --release --manifest-path native/Cargo.toml
	touch $(NATIVE_STAMP)
else
native:
	@echo "$(NO_RUST)"
endif

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
	rm -rf $(VENV) .pytest_cache build dist native/target
