"""The native engine of a game against its Python engine, in one run, CPU time.

Three ways of playing random games (every legal action listed at each decision, one
chosen uniformly, chance drawn with its probabilities), each timed on both engines:

- ``playouts``: the whole game played by the engine itself, natively (``random_games``),
  against the Python engine's own loop (``state.sample_chance``, ``legal_actions()`` and
  ``apply()``, as in discovery_speed.py);
- ``protocol``: both driven one decision at a time from a Python loop through the state
  protocol (``legal_actions()``, ``apply()``, ``sample_chance()``).

The sides alternate, ``--rounds`` times (the order swapped every round), and the ratio
native / Python of each way is over all rounds. Only The Discovery has a native engine
so far.

    .venv/bin/python benchmarks/native_speed.py [--rounds 6] [--games 200] [--players 2]
"""

from __future__ import annotations

import argparse
import random
import time

import terranova
from discovery_speed import play_random
from terranova.games.discovery.native_state import random_games


def protocol(engine: str, players: int, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and placements of ``games`` games through the protocol (the loop of
    discovery_speed.py)."""
    rng = random.Random(seed)
    start = time.process_time()
    placements = 0
    for _ in range(games):
        placements += play_random(players, rng, engine=engine)[1]
    return time.process_time() - start, placements


def playouts(players: int, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and placements of ``games`` games played natively."""
    game = terranova.make("discovery", players=players).game  # type: ignore[attr-defined]
    start = time.process_time()
    _, placements = random_games(game, games, seed)
    return time.process_time() - start, placements


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games, players = args.games, args.players
    # warm the shared action objects of both engines, as in any long run
    protocol("python", players, 50, args.seed)
    protocol("native", players, 50, args.seed)
    native_games = games * 40  # native playouts are that much faster: time them long enough
    sides = {
        "python": lambda seed: protocol("python", players, games, seed),
        "native": lambda seed: protocol("native", players, games, seed),
        "playouts": lambda seed: playouts(players, native_games, seed),
    }
    played = {"python": games, "native": games, "playouts": native_games}
    totals = {name: [0.0, 0] for name in sides}  # seconds, placements
    print(f"The Discovery, {players} players, random games; {args.rounds} rounds")
    print(f"{'round':>5} {'side':>9} {'games':>6} {'games/s':>9} {'placements/s':>13}")
    for k in range(args.rounds):
        order = list(sides) if k % 2 == 0 else list(reversed(sides))
        for name in order:
            seconds, placements = sides[name](args.seed + k)
            totals[name][0] += seconds
            totals[name][1] += placements
            print(
                f"{k + 1:>5} {name:>9} {played[name]:>6} {played[name] / seconds:>9.0f} "
                f"{placements / seconds:>13.0f}"
            )
    rate = {name: placements / seconds for name, (seconds, placements) in totals.items()}
    print(
        f"placements/s: python {rate['python']:.0f}, native through the protocol "
        f"{rate['native']:.0f}, native playouts {rate['playouts']:.0f}"
    )
    print(f"native playouts / python: {rate['playouts'] / rate['python']:.1f}x")
    print(f"native through the protocol / python: {rate['native'] / rate['python']:.2f}x")


if __name__ == "__main__":
    main()
