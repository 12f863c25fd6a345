"""Small Islands' native observation writer against the Python path, in one run, CPU time.

The positions of a few random games (chance drawn with its probabilities) are kept on both
engines; each is observed, for the seat to move (seat 0 at chance nodes and at the end), in
each encoding three ways, as ``interop/table.py``'s Table observes:

- ``python``: the reference state's ``view(seat)``, then the encoding's ``observe_into``
  (the legal actions listed where the encoding lists them);
- ``python on native``: the same from the native state, whose ``view`` converts the
  position to the reference's;
- ``native``: the native writer (``native_engine.observer``) over the same row.

The ways alternate, ``--rounds`` times (the order swapped every round); each figure is the
CPU time per observation over all rounds.

    .venv/bin/python benchmarks/small_islands_observe_speed.py [--rounds 4] \
        [--games 2] [--players 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import terranova
from terranova.core.actions import Action
from terranova.core.encoding import Encoding
from terranova.core.state import CHANCE, State
from terranova.games.small_islands import native_engine
from terranova.games.small_islands.encoding import compact, encoding

WAYS = ("python", "python on native", "native")


def positions(players: int, games: int, seed: int) -> list[tuple[State, State]]:
    """Every position of ``games`` random games, on the reference and the native engine."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        reference = terranova.make("small-islands", players=players)
        native = terranova.make("small-islands", engine="native", players=players)
        while True:
            out.append((reference.clone(), native.clone()))
            if reference.is_terminal():
                break
            chance = reference.current_player() == CHANCE
            action = (
                reference.sample_chance(rng) if chance else rng.choice(reference.legal_actions())
            )
            reference.apply(action)
            native.apply(action)
    return out


def seat_of(state: State) -> int:
    return max(0, state.current_player())


def listed(coding: Encoding, state: State, seat: int) -> Sequence[Action]:
    """The legal actions a Table lists (``Table.listed``)."""
    if coding.listing is not None and seat == state.current_player():
        return state.legal_actions()
    return ()


def timed(each: Callable[[State], None], states: list[State]) -> float:
    start = time.process_time()
    for state in states:
        each(state)
    return time.process_time() - start


def runs(coding: Encoding, writer: Any) -> dict[str, Callable[[State], None]]:
    """Each way of observing one state over one row."""
    row = np.zeros(coding.observation_size, np.float32)
    planes = coding.planes_of(row)

    def python(state: State) -> None:
        seat = seat_of(state)
        coding.observe_into(state.view(seat), row, planes, listed(coding, state, seat))

    def native(state: State) -> None:
        writer.write(state, seat_of(state), row)

    return {"python": python, "python on native": python, "native": native}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    both = positions(args.players, args.games, seed=1)
    reference = [r for r, _ in both]
    native = [n for _, n in both]
    params = reference[0].params()
    print(f"{len(both)} positions, {args.players} players, {args.rounds} rounds")
    for name, make in (("standard", encoding), ("compact", compact)):
        coding = make(params)
        writer = native_engine.observer(params, name, coding)
        assert writer is not None, "the native engine is not built"
        ways = runs(coding, writer)
        states = {"python": reference, "python on native": native, "native": native}
        totals = dict.fromkeys(WAYS, 0.0)
        for r in range(args.rounds):
            for way in WAYS if r % 2 == 0 else reversed(WAYS):
                totals[way] += timed(ways[way], states[way])
        calls = args.rounds * len(both)
        each = {way: 1e6 * seconds / calls for way, seconds in totals.items()}
        print(f"{name} ({coding.observation_size:,} numbers):")
        for way in WAYS:
            print(f"  {way:>16}: {each[way]:10,.1f} us per observation")
        ratios = [f"{way} / native: {each[way] / each['native']:.0f}x" for way in WAYS[:2]]
        print("  " + ", ".join(ratios))


if __name__ == "__main__":
    main()
