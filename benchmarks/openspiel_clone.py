"""What a clone costs through the OpenSpiel adapter (``state.clone()`` of a
``python_terranova_<id>`` state, C++'s clone of a Python state) against the Terranova
state's own ``clone()``, in every encoded game, at positions of seeded random games.

Each figure is CPU microseconds per clone of this process (one core), the mean over the
positions. With ``--against COMMIT`` it runs this tree's code and that commit's in turn,
``--rounds`` times, the order swapped every round, and gives the ratio per game.

    PYTHONPATH=src .venv/bin/python benchmarks/openspiel_clone.py [--against HEAD~1]
"""

from __future__ import annotations

import argparse
import json
import random
import time

import pyspiel

import alternate
import terranova.interop.openspiel as adapter
from terranova.interop.table import encoded_games

CLONES = 400
"""Clones timed at each position."""
PLIES = (10, 40, 120)
"""The positions: after this many moves (chance included) of a seeded random game."""


def position(game: str, plies: int, seed: int) -> tuple[object, object]:
    """An OpenSpiel state after ``plies`` random moves, and its Terranova state."""
    loaded = pyspiel.load_game(adapter.short_name(game))
    state = loaded.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state, state.terranova


def per_clone(state: object) -> float:
    """CPU microseconds per ``clone()`` of ``state``."""
    clone = state.clone  # type: ignore[attr-defined]
    start = time.process_time()
    for _ in range(CLONES):
        clone()
    return (time.process_time() - start) / CLONES * 1e6


def measure(seed: int) -> dict[str, float]:
    """Each game's mean clone time, through OpenSpiel and natively."""
    adapter.register_games()
    out = {}
    for game in sorted(encoded_games()):
        spiel, native = [], []
        for plies in PLIES:
            state, own = position(game, plies, seed)
            spiel.append(per_clone(state))
            native.append(per_clone(own))
        out[f"{game} openspiel"] = sum(spiel) / len(spiel)
        out[f"{game} native"] = sum(native) / len(native)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="COMMIT", help="compare with an older commit")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.seed)))
        return
    if args.against is None:
        for name, micros in measure(args.seed).items():
            print(f"{name:34} {micros:7.1f} us")
        return
    totals: dict[str, dict[str, float]] = {"old": {}, "new": {}}
    with alternate.sides(args.against) as sides:
        print(f"clone CPU us, {args.rounds} rounds; {alternate.describe(args.against)}")
        for k in range(args.rounds):
            for name in alternate.order(k):
                row = alternate.run_worker(__file__, sides[name], ["--seed", str(args.seed)])
                for key, micros in row.items():
                    totals[name][key] = totals[name].get(key, 0.0) + micros / args.rounds
    for key in totals["new"]:
        old, new = totals["old"][key], totals["new"][key]
        print(f"{key:34} old {old:7.1f} us  new {new:7.1f} us  new/old {new / old:5.2f}")


if __name__ == "__main__":
    main()
