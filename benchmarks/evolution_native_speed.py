"""Discovery (evolution)'s native engine against its Python engine, in one run, CPU time,
for both games (Explore and Bluff).

Random games (every legal action listed at each decision, one chosen uniformly, chance
drawn with its probabilities), timed two ways on both engines:

- ``playouts``: the whole game played natively by the engine itself (``random_games``),
  against the Python engine's own loop (``sample_chance``, ``legal_actions()``,
  ``apply()``);
- ``protocol``: both engines driven one decision at a time from that same Python loop;
- ``vector``: ``terranova.vector`` with 16 games, each step one decision in each (a random
  legal index per game from ``legal_actions()``), the observations (the standard encoding)
  and masks written each step, ended games started again: played and observed natively
  (the engine's batch) against the same on the Python engines (``TERRANOVA_NATIVE=0``).

The sides alternate, ``--rounds`` times (the order swapped every round); each ratio
(native / Python, in decisions per CPU second) is over all rounds.

    .venv/bin/python benchmarks/evolution_native_speed.py [--rounds 4] [--games 10] \
        [--players 4] [--jokers 2] [--steps 64]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

import terranova
from terranova.core.registry import NATIVE_OFF
from terranova.core.state import CHANCE
from terranova.games.evolution import EvolutionState
from terranova.games.evolution.native_state import random_games
from terranova.interop.vector import VectorGames

BATCH = 16
"""The games of the ``vector`` sides."""


def loop(
    game: str, engine: str, params: dict[str, Any], games: int, seed: int
) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` random games played through the protocol."""
    rng = random.Random(seed)
    start = time.process_time()
    decisions = 0
    for _ in range(games):
        state = terranova.make(game, engine=engine, **params)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return time.process_time() - start, decisions


def playouts(game: str, params: dict[str, Any], games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` random games played natively."""
    reference = terranova.make(game, **params)
    assert isinstance(reference, EvolutionState)
    start = time.process_time()
    decisions = random_games(reference.mode, reference, games, seed)
    return time.process_time() - start, decisions


def vector(
    game: str, params: dict[str, Any], steps: int, seed: int, python: bool
) -> tuple[float, int]:
    """CPU seconds and decisions of ``steps`` steps of :data:`BATCH` games at once (made and
    reset untimed), natively or on the Python engines."""
    if python:
        os.environ[NATIVE_OFF] = "0"
    try:
        games = VectorGames(game, BATCH, seed=seed, **params)
    finally:
        os.environ.pop(NATIVE_OFF, None)
    assert bool(games.tables) == python
    games.reset()
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(steps):
        games.step([rng.choice(legal) for legal in games.legal_actions()])
    return time.process_time() - start, BATCH * steps


def measure(game: str, params: dict[str, Any], rounds: int, games: int, steps: int) -> None:
    runs = {
        "python": lambda seed: loop(game, "python", params, games, seed),
        "native protocol": lambda seed: loop(game, "native", params, games, seed),
        "native playouts": lambda seed: playouts(game, params, 20 * games, seed),
        "vector": lambda seed: vector(game, params, steps, seed, python=False),
        "vector-python": lambda seed: vector(game, params, steps, seed, python=True),
    }
    totals = {name: [0.0, 0] for name in runs}
    for r in range(rounds):
        order = list(runs) if r % 2 == 0 else list(reversed(runs))
        for name in order:
            seconds, decisions = runs[name](r)
            totals[name][0] += seconds
            totals[name][1] += int(decisions)
    rates = {name: decisions / seconds for name, (seconds, decisions) in totals.items()}
    print(f"{game} {params}")
    for name, rate in rates.items():
        print(f"{name:>18}: {rate:12,.0f} decisions per CPU second")
    print(f"  playouts native / Python: {rates['native playouts'] / rates['python']:.1f}x")
    print(f"  protocol native / Python: {rates['native protocol'] / rates['python']:.1f}x")
    print(f"  vector native / Python:   {rates['vector'] / rates['vector-python']:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jokers", type=int, default=2)
    parser.add_argument("--steps", type=int, default=64, help="steps of a vector side a round")
    args = parser.parse_args()
    params = {"players": args.players, "jokers": args.jokers}
    for game in ("evolution-explore", "evolution-bluff"):
        measure(game, params, args.rounds, args.games, args.steps)


if __name__ == "__main__":
    main()
