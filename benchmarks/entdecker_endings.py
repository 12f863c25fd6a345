"""How games of Entdecker end: a count of the end reasons of bot games.

    python benchmarks/entdecker_endings.py [--bots greedy] [--players 2 3 4] [--games N] [--seed S]
        [--variant NAME=VALUE ...]

Plays ``--games`` games per player count between the named bot in every seat (each game
seeded as game ``i`` of a series, so a game can be played again), and prints, per player
count, how many ended for each reason the state's view gives (``end_reason``), the turns
and the squares left undiscovered. The figures are in ``docs/entdecker/components.md``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from terranova.arena.series import seat_agents
from terranova.core.i18n import from_data
from terranova.core.records import play
from terranova.core.registry import make, parse_variants
from terranova.core.rng import derive_seed


def end_reason(state: object) -> str:
    """The reason the view gives (``end_reason``), else what the log's last entry says."""
    view = state.view(None)  # type: ignore[attr-defined]
    reason = view.get("end_reason")
    if reason:
        return str(from_data(reason))
    tiles = len(view["map"])
    if tiles == 96:
        return "the board is full"
    if view["turns"] >= 900:
        return "the turn limit (ruling 22)"
    # rules version 2 gave no reason: find it as its turn_over did
    from terranova.games.entdecker import routes

    if state._passes >= state._n:  # type: ignore[attr-defined]
        return "no player could pay for a start"
    if routes.cheapest_tile(state) is None:  # type: ignore[arg-type]
        return "no tile is left"
    if not routes.reachable(state):  # type: ignore[arg-type]
        return "no undiscovered square can be reached"
    return "other (no reason given)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", default=[], help="NAME=VALUE")
    args = parser.parse_args()
    params = parse_variants(args.variant)
    for players in args.players:
        reasons: Counter[str] = Counter()
        turns, empty, capped = [], [], 0
        start = time.perf_counter()
        for i in range(args.games):
            seed = derive_seed(args.seed, "game", i)
            state = make("entdecker", **{**params, "players": players})
            play(state, seat_agents([args.bots] * players, seed), seed)
            reasons[end_reason(state)] += 1
            view = state.view(None)
            turns.append(view["turns"])
            empty.append(96 - len(view["map"]))
            capped += view["turns"] >= 900
        took = time.perf_counter() - start
        print(
            f"{args.bots} x{players}: {args.games} games, turns {statistics.mean(turns):.1f} "
            f"(max {max(turns)}), squares left {statistics.mean(empty):.1f} "
            f"(max {max(empty)}), {took:.0f} s"
        )
        full = sum(1 for e in empty if e == 0)
        print(f"  board full at the end: {full / args.games:.1%}; at the turn limit: {capped}")
        for reason, count in reasons.most_common():
            print(f"  {count / args.games:6.1%}  {count:4d}  {reason}")


if __name__ == "__main__":
    main()
