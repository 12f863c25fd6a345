"""Entdecker's native engine against its Python engine, in one run, CPU time.

Random games (every legal action listed at each decision, one chosen uniformly, chance
drawn with its probabilities), timed three ways:

- ``python``: the Python engine's loop, one step at a time (``legal_actions()``,
  ``sample_chance()``, ``apply()``);
- ``native``: the same loop through the state protocol on the native engine;
- ``playouts``: whole games played by the native engine itself (``random_games``);
- ``vector``: ``terranova.vector`` with 16 games, each call one decision in each (a random
  legal index per game from ``legal_actions()``), every game's observation and mask written
  each step, ended games started again: played and observed natively (the batch);
- ``vector-python``: the same batch on the Python engines (``TERRANOVA_NATIVE=0``).

The sides alternate, ``--rounds`` times (the order swapped every round), and each ratio
to the Python engine is in decisions per CPU second over all rounds.

    .venv/bin/python benchmarks/entdecker_native_speed.py [--rounds 6] [--games 20] \
        [--players 3] [--calls 30]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from functools import cache

import terranova
from terranova.core.registry import NATIVE_OFF
from terranova.core.state import CHANCE
from terranova.games.entdecker.native_state import random_games
from terranova.interop.vector import VectorGames

BATCH = 16
"""The games of the ``vector`` sides."""


def protocol(engine: str, params: dict[str, object], games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` random games through the protocol."""
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        state = terranova.make("entdecker", engine=engine, **params)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
    return time.process_time() - start, decisions


def playouts(params: dict[str, object], games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` random games played natively."""
    start = time.process_time()
    decisions, _ = random_games(params, games, seed)
    return time.process_time() - start, decisions


@cache
def _batch(python: bool, players: int) -> VectorGames:
    """The batch of a side, made and reset once a run: its games go on from call to call."""
    if python:
        os.environ[NATIVE_OFF] = "0"
    try:
        games = VectorGames("entdecker", BATCH, seed=0, players=players)
    finally:
        os.environ.pop(NATIVE_OFF, None)
    assert (games._native is None) == python, "the batch is not on the engine asked for"
    games.reset()
    return games


def batched(python: bool, players: int, calls: int, seed: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``calls`` steps of the batch, a random legal index per
    game (drawn from its indices: no scan of the mask)."""
    games = _batch(python, players)
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(calls):
        games.step([rng.choice(legal) for legal in games.legal_actions()])
    return time.process_time() - start, BATCH * calls


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--calls", type=int, default=30, help="steps of vector-python a round")
    args = parser.parse_args()
    games = args.games
    params = terranova.make("entdecker", players=args.players).params()
    # warm the shared tables and action objects of both engines, as in any long run
    protocol("python", params, 2, args.seed)
    protocol("native", params, 2, args.seed)
    native_games = games * 50  # native playouts are that much faster: time them long enough
    sides = {
        "python": lambda seed: protocol("python", params, games, seed),
        "native": lambda seed: protocol("native", params, games, seed),
        "playouts": lambda seed: playouts(params, native_games, seed),
        "vector": lambda seed: batched(False, args.players, 20 * args.calls, seed),
        "vector-python": lambda seed: batched(True, args.players, args.calls, seed),
    }
    played = {"python": games, "native": games, "playouts": native_games}
    totals = {name: [0.0, 0] for name in sides}  # seconds, decisions
    print(f"Entdecker, {args.players} players, random games; {args.rounds} rounds")
    print(f"{'round':>5} {'side':>13} {'games':>6} {'games/s':>9} {'decisions/s':>12}")
    for k in range(args.rounds):
        order = list(sides) if k % 2 == 0 else list(reversed(sides))
        for name in order:
            seconds, decisions = sides[name](args.seed + k)
            totals[name][0] += seconds
            totals[name][1] += decisions
            # the batch's games go on from round to round: no whole games to count
            per_second = f"{played[name] / seconds:>9.1f}" if name in played else f"{'-':>9}"
            shown = played.get(name, BATCH)
            print(f"{k + 1:>5} {name:>13} {shown:>6} {per_second} {decisions / seconds:>12.0f}")
    rate = {name: decisions / seconds for name, (seconds, decisions) in totals.items()}
    print(
        f"decisions/s: python {rate['python']:.0f}, native through the protocol "
        f"{rate['native']:.0f}, native playouts {rate['playouts']:.0f}"
    )
    print(f"native playouts / python: {rate['playouts'] / rate['python']:.1f}x")
    print(f"native through the protocol / python: {rate['native'] / rate['python']:.2f}x")
    print(
        f"vector {rate['vector']:.0f}, vector-python {rate['vector-python']:.0f} decisions/s: "
        f"vector / vector-python {rate['vector'] / rate['vector-python']:.1f}x, "
        f"vector / native through the protocol {rate['vector'] / rate['native']:.1f}x"
    )


if __name__ == "__main__":
    main()
