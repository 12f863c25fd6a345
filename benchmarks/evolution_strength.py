"""Playing strength in Discovery (evolution): seat-balanced tournaments (every deal played in
every seat permutation up to 3 players, every rotation above) of greedy against random in
Explore (2 and 4 players), and of the Bluff memory bot at recall 1.0, 0.5 and 0.0 (the three
at one table, then each pair); ``--mcts`` adds greedy against mcts in Explore.

Prints, for each match and bot: games, win share (a win shared by k counts 1/k) with a 95 %
interval over deals, mean score, and the mean and longest time per decision (CPU and wall);
with more than two bots, how often each outscored each other one. Figures are in
docs/strength.md. About a minute with 2 workers, e.g.

    .venv/bin/python benchmarks/evolution_strength.py --games 200 --workers 2
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from terranova.arena.plots import write_results
from terranova.arena.stats import mean_interval
from terranova.arena.tournament import TournamentConfig, TournamentResult, run_tournament

EXPLORE = "evolution-explore"
BLUFF = "evolution-bluff"
RECALLS = ("memory:recall=1", "memory:recall=0.5", "memory:recall=0")


def bot_rates(result: TournamentResult, bot: int) -> list[float]:
    """A bot's win share per game in each deal (the unit of the intervals)."""
    per_deal: dict[int, list[float]] = {}
    for game in result.outcomes:
        seat = game.seating.index(bot) if bot in game.seating else -1
        if seat >= 0:
            share = 1.0 / len(game.winners) if seat in game.winners else 0.0
            per_deal.setdefault(game.deal, []).append(share)
    return [sum(v) / len(v) for _, v in sorted(per_deal.items())]


def match(
    game: str, bots: list[str], players: int, args: argparse.Namespace, games: int | None = None
) -> TournamentResult:
    config = TournamentConfig(
        game, bots, players=players, games=games or args.games, seed=args.seed
    )
    result = run_tournament(config, workers=args.workers)
    if args.out is not None:
        name = f"{game}-{players}p-" + "-vs-".join(bots)
        write_results(result, args.out / name.replace(":", "_").replace("=", ""))
    return result


def report(title: str, result: TournamentResult) -> None:
    print(f"{title}: {result.games} games ({result.deals} deals), {result.seconds:.0f} s")
    for bot in result.bots:
        rate = mean_interval(bot_rates(result, bot.index))
        times = bot.times
        cpu = 1000 * times.cpu_seconds / times.decisions if times.decisions else 0.0
        wall = 1000 * times.seconds / times.decisions if times.decisions else 0.0
        print(
            f"  {bot.label:18} wins {bot.win_share:6.1f} of {bot.games:4} ({rate.mean:6.1%}, "
            f"95 % {rate.low:6.1%}..{rate.high:6.1%}); mean score {bot.mean_score:6.1f}; "
            f"{cpu:5.2f} ms CPU, {wall:5.2f} ms wall per decision, longest "
            f"{1000 * times.cpu_longest:3.0f} ms CPU, {1000 * times.longest:3.0f} ms wall"
        )
    if len(result.bots) > 2:
        for i, row in enumerate(result.pairwise()):
            cells = [
                f"{result.bots[j].label} {cell['win_rate']:.0%}"
                for j, cell in enumerate(row)
                if cell is not None and cell["win_rate"] is not None
            ]
            print(f"  {result.bots[i].label} outscored: " + ", ".join(cells))
    print(flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="write results and plots here")
    parser.add_argument("--mcts", action="store_true", help="greedy against mcts in Explore")
    parser.add_argument("--mcts-games", type=int, default=40)
    args = parser.parse_args()
    print(f"Discovery (evolution), seed {args.seed}, {args.workers} workers\n", flush=True)
    start = time.perf_counter()
    report("Explore, 2 players", match(EXPLORE, ["greedy", "random"], 2, args))
    four = ["greedy", "random", "random", "random"]
    report("Explore, 4 players", match(EXPLORE, four, 4, args))
    report("Bluff, 3 players", match(BLUFF, list(RECALLS), 3, args))
    for i, a in enumerate(RECALLS):
        for b in RECALLS[i + 1 :]:
            report("Bluff, 2 players", match(BLUFF, [a, b], 2, args))
    if args.mcts:
        result = match(EXPLORE, ["greedy", "mcts"], 2, args, args.mcts_games)
        report("Explore, 2 players", result)
    print(f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
