"""How games of Small Islands come out, for docs/small-islands/components.md: length, rounds,
how games end, islands, houses, scores, how often a round's Mission is met, and the solo
game against each Alexis card; played here with ``random`` or ``greedy`` in every seat.

    python -m tests.games.small_islands.report [--games 200] [--bot greedy]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

import terranova
from terranova.agents import make_agent
from terranova.core.state import CHANCE
from terranova.games.small_islands.islands import island, islands
from terranova.games.small_islands.objectives import fulfils, mission
from terranova.games.small_islands.state import SmallIslandsState


def play(
    params: dict[str, object], bot: str, seed: int
) -> tuple[SmallIslandsState, int, list[bool]]:
    """One game: the final state, its decisions, and per round end and player whether some
    island met the Mission when the ship landed."""
    state = terranova.make("small-islands", **params)
    assert isinstance(state, SmallIslandsState)
    rng = random.Random(seed)
    agents = [make_agent(bot, seed * 10 + seat) for seat in range(state.num_seats)]
    decisions = 0
    met: list[bool] = []
    landed = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(agents[state.current_player()].select(state))
        decisions += 1
        if len(state.ships) > landed:  # a ship just landed: the Missions as they stand
            landed = len(state.ships)
            for seat in range(state.num_seats):
                if state.now[seat]:
                    wanted = mission(state, seat)
                    met.append(any(
                        len(squares) >= 2 and fulfils(wanted, island(state, root))
                        for root, squares in islands(state).items()
                    ))  # fmt: skip
    return state, decisions, met


def report(params: dict[str, object], bot: str, games: int) -> str:
    lengths, round_counts, tiles, big, largest, houses, scores = [], [], [], [], [], [], []
    ends: Counter[str] = Counter()
    met: list[bool] = []
    wins = 0
    for seed in range(games):
        state, decisions, round_met = play(params, bot, seed)
        lengths.append(decisions)
        round_counts.append(state.round)
        ends[str(state.ended)] += 1
        laid = islands(state)
        tiles.append(sum(map(len, laid.values())))
        big.append(sum(len(s) >= 2 for s in laid.values()))
        largest.append(max(map(len, laid.values())))
        houses.append(statistics.mean(state.built[: state.num_seats]))
        scores.append(statistics.mean(state.returns()))
        met.extend(round_met)
        wins += bool(state.winners())
    line = (
        f"{params}: {games} games of {bot}; decisions {statistics.mean(lengths):.0f}, "
        f"rounds {statistics.mean(round_counts):.2f}, tiles laid {statistics.mean(tiles):.1f}, "
        f"islands of 2+ tiles {statistics.mean(big):.1f} (largest {statistics.mean(largest):.1f}),"
        f" houses built per player {statistics.mean(houses):.1f}, mean score "
        f"{statistics.mean(scores):.1f}, Mission met at the landing "
        f"{100 * sum(met) / len(met):.0f} %"
        f"; ends: " + ", ".join(f"{reason} {n}" for reason, n in ends.most_common())
    )
    if params.get("players") == 1:
        line += f"; beat Alexis in {wins} ({100 * wins / games:.0f} %)"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    for players in (1, 2, 3, 4):
        for mode in ("normal", "advanced"):
            print(report({"players": players, "mode": mode}, args.bot, args.games))
    for stars in (1, 2, 3):
        print(report({"players": 1, "alexis": stars}, args.bot, args.games))


if __name__ == "__main__":
    main()
