"""The Discovery's observations written natively against the Python encodings, in one run.

For each encoding (``standard``, ``compact``), the same positions of random games and the
same seats (every seat and a spectator, at every position) observed three ways:

- ``native``: the engine's writer (``native_engine.observer``) over one row;
- ``python``: the reference state's ``view(seat)``, then the encoding's fill over one row
  (``Encoding.observe_into``, the legal actions listed for the seat to move);
- ``converted``: the same on the native state, whose ``view`` converts it to the
  reference first: what ``interop.Table`` does for a native state without a writer.

The sides alternate, ``--rounds`` times (the order swapped every round); each figure is
the CPU time of one call over all rounds.

    .venv/bin/python benchmarks/discovery_observe_speed.py [--rounds 4] [--games 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import terranova
from terranova.core.encoding import Encoding, encoding_of
from terranova.core.registry import game_info
from terranova.core.state import CHANCE, State
from terranova.games.discovery import native_engine


def positions(params: dict[str, Any], games: int, seed: int) -> list[tuple[State, State]]:
    """Every position of ``games`` random games: (reference state, native state)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        reference = terranova.make("discovery", **params)
        native = terranova.make("discovery", engine="native", **params)
        while True:
            out.append((reference.clone(), native.clone()))
            if reference.is_terminal():
                break
            legal = reference.legal_actions()
            chance = reference.current_player() == CHANCE
            action = reference.sample_chance(rng) if chance else rng.choice(legal)
            reference.apply(action)
            native.apply(action)
    return out


def listed(coding: Encoding, state: State, seat: int | None) -> Any:
    """The legal actions an observation of ``seat`` lists (as ``Table.listed``)."""
    if coding.listing is None or seat is None or seat != state.current_player():
        return ()
    return state.legal_actions()


def sides(
    coding: Encoding, writer: Any, cases: list[tuple[State, State, int | None]]
) -> dict[str, Callable[[], None]]:
    """Each side: a call over every case."""
    row = np.zeros(coding.observation_size, dtype=np.float32)
    planes = coding.planes_of(row)

    def native() -> None:
        for _, state, seat in cases:
            writer.write(state, seat, row)

    def python(use_native: bool) -> Callable[[], None]:
        def run() -> None:
            for reference, state, seat in cases:
                observed = state if use_native else reference
                coding.observe_into(
                    observed.view(seat), row, planes, listed(coding, observed, seat)
                )

        return run

    return {"native": native, "python": python(False), "converted": python(True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hand", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    info = game_info("discovery")
    params = info.resolve({"players": args.players, "hand": args.hand})
    cases = [
        (reference, native, seat)
        for reference, native in positions(params, args.games, args.seed)
        for seat in (None, *range(args.players))
    ]
    print(
        f"The Discovery, {args.players} players, hand {args.hand}: {len(cases)} observations "
        f"a round; {args.rounds} rounds; µs a call (CPU)"
    )
    for name in ("standard", "compact"):
        coding = encoding_of(info, params, name)
        writer = native_engine.observer(params, name, coding)
        calls = sides(coding, writer, cases)
        totals = dict.fromkeys(calls, 0.0)
        for k in range(args.rounds):
            for side in list(calls) if k % 2 == 0 else list(reversed(calls)):
                start = time.process_time()
                calls[side]()
                totals[side] += time.process_time() - start
        each = {
            side: 1e6 * seconds / (args.rounds * len(cases)) for side, seconds in totals.items()
        }
        print(
            f"{name:>9} ({coding.observation_size} numbers): native {each['native']:.1f}, "
            f"python {each['python']:.1f} ({each['python'] / each['native']:.0f}x), "
            f"converted {each['converted']:.1f} ({each['converted'] / each['native']:.0f}x)"
        )


if __name__ == "__main__":
    main()
