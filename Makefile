# Two entry points that work on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run demo test lint typecheck pytest setup clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,openspiel,pettingzoo,bench]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/terranova serve --host 127.0.0.1 --port 8000

demo: $(STAMP)
	$(BIN)/terranova play discovery --players 3 --bots greedy,greedy,random --seed 2026 --save games/last-game.json

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts benchmarks examples
	$(BIN)/ruff format --check src tests scripts benchmarks examples
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP)
	$(BIN)/python -m pytest

test: lint typecheck pytest

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
