"""Playing strength on The Discovery, 2 players: seat-rotated tournaments (every deal played
with the seats swapped) of greedy against random and mcts at its default level against
greedy, checked against the targets in docs/strength.md.

Prints, for each match: games, the first bot's win rate (ties count half) with a 95 %
interval over deals, the mean score difference with its interval, and the first bot's mean
and longest wall time per decision. ``--sweep`` adds shorter matches of mcts at other
iteration counts against greedy. Long: run it in the background, e.g.

    nohup .venv/bin/python benchmarks/discovery_strength.py --games 200 --workers 2 \
        --out tournaments/strength > strength.log 2>&1 &
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from terranova.agents.mcts import DEFAULT_ITERATIONS
from terranova.arena.plots import write_results
from terranova.arena.stats import mean_interval
from terranova.arena.tournament import TournamentConfig, TournamentResult, run_tournament

TARGETS = {("greedy", "random"): 0.90, ("mcts", "greedy"): 0.75}
"""Win rate the first bot must reach, over at least 200 games."""
MAX_SECONDS_PER_DECISION = 1.0
"""mcts at its default level: the longest decision allowed."""
SWEEP = (25, 50, 100, 200, 400, 1000)


def first_bot_rates(result: TournamentResult) -> list[float]:
    """The first bot's win rate in each deal (a tie counts half)."""
    per_deal: dict[int, list[float]] = {}
    for game in result.outcomes:
        a = game.scores[game.seating.index(0)]
        b = game.scores[game.seating.index(1)]
        per_deal.setdefault(game.deal, []).append(1.0 if a > b else 0.5 if a == b else 0.0)
    return [sum(v) / len(v) for _, v in sorted(per_deal.items())]


def match(
    a: str, b: str, games: int, seed: int, workers: int, out: Path | None
) -> TournamentResult:
    config = TournamentConfig("discovery", [a, b], players=2, games=games, seed=seed)
    result = run_tournament(config, workers=workers)
    if out is not None:
        write_results(result, out / f"{a}-vs-{b}".replace(":", "_").replace(",", "_"))
    return result


def report(result: TournamentResult, target: float | None) -> bool:
    first, second = result.bots
    rate = mean_interval(first_bot_rates(result))
    diff = result.score_difference()
    assert diff is not None
    times = first.times
    per = times.seconds / times.decisions if times.decisions else 0.0
    verdict = ""
    ok = True
    if target is not None:
        ok = rate.mean >= target and result.games >= 200
        verdict = f"  target >= {target:.0%} over >= 200 games: {'MET' if ok else 'NOT MET'}"
    print(
        f"{first.label} vs {second.label}: {result.games} games, {first.label} wins "
        f"{first.win_share:g} ({rate.mean:.1%}, 95 % interval {rate.low:.1%}..{rate.high:.1%}); "
        f"scores {first.mean_score:.1f} vs {second.mean_score:.1f}, difference "
        f"{diff.mean:+.1f} ({diff.low:+.1f}..{diff.high:+.1f}); {first.label} "
        f"{1000 * per:.1f} ms/decision, longest {1000 * times.longest:.0f} ms wall, "
        f"{1000 * times.cpu_longest:.0f} ms CPU; "
        f"{result.seconds:.0f} s" + verdict,
        flush=True,
    )
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (>= 200)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="write results and plots here")
    parser.add_argument("--sweep", action="store_true", help="mcts at other levels too")
    parser.add_argument("--sweep-games", type=int, default=40)
    args = parser.parse_args()
    print(
        f"The Discovery, 2 players, seats swapped in every deal, seed {args.seed}, "
        f"{args.workers} workers; mcts default = {DEFAULT_ITERATIONS} iterations",
        flush=True,
    )
    start = time.perf_counter()
    ok = True
    for (a, b), target in TARGETS.items():
        result = match(a, b, args.games, args.seed, args.workers, args.out)
        ok = report(result, target) and ok
        if a == "mcts":
            times = result.bots[0].times
            fast = times.longest <= MAX_SECONDS_PER_DECISION
            ok = ok and fast
            print(
                f"mcts default level: longest decision {times.longest:.3f} s wall "
                f"({times.cpu_longest:.3f} s CPU) over {times.decisions} decisions "
                f"(target <= {MAX_SECONDS_PER_DECISION:g} s): {'MET' if fast else 'NOT MET'}",
                flush=True,
            )
    if args.sweep:
        for iterations in SWEEP:
            result = match(
                f"mcts:iterations={iterations}",
                "greedy",
                args.sweep_games,
                args.seed + 1,
                args.workers,
                args.out,
            )
            report(result, None)
    print(f"all targets met: {ok}; {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
