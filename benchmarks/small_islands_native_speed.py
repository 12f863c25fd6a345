"""Small Islands' native engine against its Python engine, in one run, CPU time.

Random games (every legal action listed at each decision, one chosen uniformly, chance
drawn with its probabilities), timed two ways on both engines:

- ``playouts``: the whole game played natively by the engine itself (``random_games``),
  against the Python engine's own loop (``sample_chance``, ``legal_actions()``,
  ``apply()``);
- ``protocol``: both engines driven one decision at a time from that same Python loop.

The sides alternate, ``--rounds`` times (the order swapped every round); each ratio
(native / Python, in decisions per CPU second) is over all rounds.

    .venv/bin/python benchmarks/small_islands_native_speed.py [--rounds 4] [--games 40] \
        [--players 2]
"""

from __future__ import annotations

import argparse
import random
import time

import terranova
from terranova.core.state import CHANCE
from terranova.games.small_islands.native_state import random_games


def loop(engine: str, players: int, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` random games played through the protocol."""
    rng = random.Random(seed)
    start = time.process_time()
    decisions = 0
    for _ in range(games):
        state = terranova.make("small-islands", engine=engine, players=players)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return time.process_time() - start, decisions


def playouts(players: int, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` random games played natively."""
    params = terranova.make("small-islands", players=players).params()
    start = time.process_time()
    decisions = random_games(params, games, seed)
    return time.process_time() - start, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    totals = {name: [0.0, 0] for name in ("python", "native protocol", "native playouts")}
    runs = {
        "python": lambda seed: loop("python", args.players, args.games, seed),
        "native protocol": lambda seed: loop("native", args.players, args.games, seed),
        "native playouts": lambda seed: playouts(args.players, 10 * args.games, seed),
    }
    for r in range(args.rounds):
        order = list(runs) if r % 2 == 0 else list(reversed(runs))
        for name in order:
            seconds, decisions = runs[name](r)
            totals[name][0] += seconds
            totals[name][1] += int(decisions)
    rates = {name: decisions / seconds for name, (seconds, decisions) in totals.items()}
    for name, rate in rates.items():
        print(f"{name:>16}: {rate:12,.0f} decisions per CPU second")
    print(f"playouts native / Python: {rates['native playouts'] / rates['python']:.1f}x")
    print(f"protocol native / Python: {rates['native protocol'] / rates['python']:.1f}x")


if __name__ == "__main__":
    main()
