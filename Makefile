# Two entry points that work on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

.PHONY: run demo test lint typecheck pytest setup clean

$(STAMP): pyproject.toml
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
	$(BIN)/ruff check src tests scripts benchmarks examples
	$(BIN)/ruff format --check src tests scripts benchmarks examples
	$(BIN)/lint-imports
	node_modules/.bin/tsc --noEmit -p tsconfig.json
	node_modules/.bin/eslint --max-warnings=0 .

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP)
	$(BIN)/python -m pytest

test: lint typecheck pytest

clean:
	rm -rf $(VENV) node_modules .mypy_cache .pytest_cache .ruff_cache
