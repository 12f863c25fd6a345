# Two entry points that work on a fresh machine: `make run` and `make test`.
# The tiers (README, "Testing"): `make check` lint, types and the fast tier; `make test` lint,
# types and every test but the slow sweeps, the process tests and the browser tier (of
# which it runs the smoke tests: each game's board in a real browser, a move made there);
# `make test-browser` the rest of the browser tier; `make test-slow` the slow sweeps and
# the whole games played by clicking; `make test-load` the tests that start processes,
# while scripts/load.py keeps the cores busy; `make test-learn` the Stable-Baselines3 tests
# (the `learn` extra: torch). `.ci/run` runs test, test-browser, test-slow and test-load:
# every test but the learn tier, each once; then `make test-python`, the bots',
# tournaments', games' and research interfaces' tests again with the native engines off.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
# pytest-xdist workers: both cores of the CI machine (`make test JOBS=4` for more)
JOBS ?= 2
PYTEST := $(BIN)/python -m pytest -n $(JOBS) --dist loadgroup
FAST := not slow and not e2e and not processes and not heavy and not learn

.PHONY: run demo test check lint typecheck pytest pytest-fast test-browser test-slow test-load test-python test-learn setup clean

# the editable install compiles the games' native cores (CMakeLists.txt): editing their C++
# or CMake files installs again, which rebuilds them
$(STAMP): pyproject.toml CMakeLists.txt $(wildcard src/terranova/games/*/native/* src/terranova/core/native/*)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,openspiel,pettingzoo,bench]'
	touch $(STAMP)

# TypeScript and ESLint for the browser code, at the versions package-lock.json pins
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

setup: $(STAMP) $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/terranova serve --host 127.0.0.1 --port 8000

demo: $(STAMP)
	$(BIN)/terranova play discovery --players 3 --bots greedy,greedy,random --seed 2026 --save games/last-game.json

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests scripts benchmarks examples cmake
	$(BIN)/ruff format --check src tests scripts benchmarks examples cmake
	$(BIN)/lint-imports
	node_modules/.bin/tsc --noEmit -p tsconfig.json
	node_modules/.bin/eslint --max-warnings=0 .

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

# the `processes` tier runs once, in test-load, under load: the harder test of its waits;
# of the browser tier (`e2e`), the smoke tests, the rest in test-browser
pytest: $(STAMP)
	$(PYTEST) -m "not slow and not learn and not processes and (not e2e or smoke)"

pytest-fast: $(STAMP)
	$(PYTEST) -m "$(FAST)"

test: lint typecheck pytest

check: lint typecheck pytest-fast

# the browser tier but its smoke tests (make test runs those) and its whole games by
# clicking (make test-slow)
test-browser: $(STAMP)
	$(PYTEST) -m "e2e and not smoke and not slow and not processes and not learn"

test-slow: $(STAMP)
	$(PYTEST) -m slow

# one pass of the tests that start processes and wait on them, while a load of our own keeps
# every core busy (scripts/load.py; stopped when the pass ends, whatever its result)
test-load: $(STAMP)
	$(BIN)/python scripts/load.py -- $(PYTEST) -m processes

# the pure-Python path: the bots', tournaments' and games' tests with every native engine
# turned off (docs/architecture.md, "Two engines"); the native engines' own tests left out
test-python: $(STAMP)
	TERRANOVA_NATIVE=0 $(PYTEST) -m "not native and not slow and not processes and not learn and not e2e" tests/agents tests/arena tests/games tests/interop

# Stable-Baselines3 and sb3-contrib on the registered ids (tests/interop/test_sb3.py): the
# `learn` extra brings torch, which nothing else needs (installing PyTorch's CPU-only build
# first keeps it small)
LEARN_STAMP := $(VENV)/.learn-installed
$(LEARN_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,pettingzoo,learn]'
	touch $(LEARN_STAMP)

test-learn: $(LEARN_STAMP)
	$(PYTEST) -m learn

clean:
	rm -rf $(VENV) node_modules .mypy_cache .pytest_cache .ruff_cache
