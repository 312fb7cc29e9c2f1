# Two commands for a fresh machine with Python 3.11+ and make:
#
#   make play                        install what is missing into .venv, then open the game
#   make play ARGS="--players 5"     ... with options for the game (tarot --help lists them)
#   make test                        the developer tools too, then lint, types, dead code and
#                                    every test, headless (no display, no sound card needed)
#   make test ARGS="-k replay"       ... with options for pytest
#   make test-fast                   the engine's and the bots' tests alone, in seconds
#   make test-pure                   ... on the pure-Python engine (no compiled twins)
#   make test JOBS=1                 the tests in one process (default: two, with pytest-xdist)
#
# The virtual environment is the project's own (.venv); it is made, and brought up to date
# when pyproject.toml (or the compiled engine, setup.py and engine/_*.c, engine/_*.h) changes, by
# whichever command needs it. PYTHON=python3.12 picks the interpreter that makes it.

PYTHON ?= python3
VENV := .venv
ENGINE_SOURCES := $(wildcard engine/_*.c engine/_*.h)
ifeq ($(OS),Windows_NT)
BIN := $(VENV)/Scripts
else
BIN := $(VENV)/bin
endif
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# Says whether the install built the engine's compiled speed-ups (setup.py skips them quietly
# where no C compiler is found).
ENGINE_BUILT := $(BIN)/python -c "from engine.speedups import MODULE; print('engine: compiled' \
  if MODULE else 'engine: pure Python (no C compiler was found): the same game, more slowly')"
ARGS ?=
# pytest-xdist's workers: two halve the suite's time on two cores; each holds one share
JOBS ?= 2
PYTEST := $(HEADLESS) $(BIN)/python -m pytest $(if $(filter-out 0 1,$(JOBS)),-n $(JOBS))

.PHONY: play test test-fast test-pure lint build clean-venv

play: $(VENV)/.player
	$(BIN)/python -m game $(ARGS)

test: $(VENV)/.developer
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/vulture engine game tests/vulture_whitelist.py --min-confidence 60
	$(PYTEST) $(ARGS)

# The engine and the bots (tests/engine, tests/ai) without the few slow ones: no window.
test-fast: $(VENV)/.developer
	$(PYTEST) tests/engine tests/ai -m "not slow" $(ARGS)

# The engine's and the bots' tests again on the pure-Python engine, as a player without a C
# compiler plays it: the compiled twins are faster, never different (engine/speedups.py).
test-pure: $(VENV)/.developer
	TAROT_PURE_PYTHON=1 $(PYTEST) tests/engine tests/ai -m "not slow" $(ARGS)

# The standalone executable, built and checked (its self-test, size and start-up budgets).
# The start-up budget is a ratio to a reference start (the venv's Python importing pygame)
# timed in turn with the program on the same machine, so that a machine busy with other
# work does not fail the build (build/README.md).
build: $(VENV)/.developer
	$(HEADLESS) $(BIN)/python build/build.py --clean --check $(ARGS)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "The game needs Python 3.11 or newer; '$(PYTHON)' is not (or is missing)."; \
	  echo "Install Python 3.11+, then run: make $(MAKECMDGOALS) PYTHON=python3.11"; exit 1; }
	@$(PYTHON) -m venv $(VENV) || { \
	  echo "Could not make a virtual environment with '$(PYTHON) -m venv'."; \
	  echo "On Debian or Ubuntu: sudo apt install python3-venv"; exit 1; }

# What a player needs: the game and the libraries it runs on (pyproject.toml's dependencies:
# pygame-ce, PyYAML, platformdirs, polib), no developer tools.
$(VENV)/.player: pyproject.toml setup.py $(ENGINE_SOURCES) | $(BIN)/python
	$(PIP) install -e .
	@$(ENGINE_BUILT)
	@touch $@

# Everything: the game and the developer tools (pyproject.toml's dev extra: pytest,
# pytest-xdist, hypothesis, ruff, mypy, vulture, types-PyYAML, types-polib, pyinstaller).
$(VENV)/.developer: pyproject.toml setup.py $(ENGINE_SOURCES) | $(BIN)/python
	$(PIP) install -e ".[dev]"
	@$(ENGINE_BUILT)
	@touch $@ $(VENV)/.player

clean-venv:
	rm -rf $(VENV)
