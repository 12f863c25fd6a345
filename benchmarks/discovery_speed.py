"""Random-play throughput of The Discovery, with full legal-move enumeration at every decision.

Prints games/s, decisions/s and tile placements/s for 2 and 4 players, the cost of
``clone()``, and peak memory, on one core (CPU time of this process).

    .venv/bin/python benchmarks/discovery_speed.py [--games 2000] [--seed 1]

With ``--against COMMIT`` it compares this tree's code with the code of an older commit
instead: it checks that commit out in a temporary git worktree and runs the same random
games (this script's own loop, in separate processes) alternately on the old code and
on this tree's, ``--rounds`` times (the order old/new swapped every round), then prints
each side's games/s and placements/s over all rounds and the ratio new / old.

    .venv/bin/python benchmarks/discovery_speed.py --against e0fdd23 [--rounds 6] [--games 400]
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import time
import tracemalloc

import alternate
import terranova
from terranova.core.state import CHANCE, State

TARGET_GAMES_PER_SECOND = 300  # 2 players, one core
REFERENCE_PLACEMENTS_PER_SECOND = 12_500  # best pure-Python Carcassonne engine we know


def play_random(
    players: int, rng: random.Random, engine: str = "python", **params: object
) -> tuple[int, int]:
    """Play one random game on ``engine``; returns (decisions, tile placements)."""
    state: State = terranova.make("discovery", engine=engine, players=players, **params)
    decisions = 0
    placements = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if type(action).__name__ == "Place":  # (formatting the action would cost more)
            placements += 1
        state.apply(action)
        decisions += 1
    return decisions, placements


def throughput(
    players: int, games: int, seed: int, params: dict[str, object] | None = None
) -> dict[str, float]:
    """Games, decisions and placements per CPU second over ``games`` games."""
    params = params or {}
    rng = random.Random(seed)
    for _ in range(min(50, games)):  # warm the action caches, as in any long run
        play_random(players, rng, **params)
    decisions = placements = 0
    start = time.process_time()
    for _ in range(games):
        d, p = play_random(players, rng, **params)
        decisions += d
        placements += p
    seconds = time.process_time() - start
    return {
        "games_per_s": games / seconds,
        "decisions_per_s": decisions / seconds,
        "placements_per_s": placements / seconds,
    }


def clone_cost(seed: int, samples: int = 2000) -> dict[str, float]:
    """Mean microseconds of ``clone()`` at positions spread over random 2-player games."""
    rng = random.Random(seed)
    positions: list[State] = []
    while len(positions) < 200:
        state = terranova.make("discovery", players=2)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                if rng.random() < 0.1:
                    positions.append(state.clone())
    per_state = []
    for state in positions:
        start = time.perf_counter()
        for _ in range(samples // 100):
            state.clone()
        per_state.append((time.perf_counter() - start) / (samples // 100) * 1e6)
    return {"clone_us_mean": statistics.mean(per_state), "clone_us_max": max(per_state)}


def peak_memory(seed: int) -> dict[str, float]:
    """Peak Python allocation while playing one 4-player game, and the process's max RSS."""
    tracemalloc.start()
    play_random(4, random.Random(seed))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"game_peak_kib": peak / 1024, "process_max_rss_mib": rss}


def worker(players: int, games: int, seed: int, params: dict[str, object]) -> None:
    """One side of a comparison: the throughput of the ``terranova`` on sys.path, as JSON."""
    row = throughput(players, games, seed, params)
    print(json.dumps({"seconds": games / row["games_per_s"], **row}))


def against(
    commit: str, rounds: int, players: int, games: int, seed: int, variants: list[str]
) -> None:
    """Alternate the old commit's code and this tree's, ``rounds`` times, and compare."""
    with alternate.sides(commit) as sides:
        print(
            f"The Discovery random play, {players} players"
            f"{''.join(f', {v}' for v in variants)}, {games} games per run, "
            f"{rounds} rounds; {alternate.describe(commit)}"
        )
        print(f"{'round':>5} {'side':>4} {'games/s':>9} {'placements/s':>13}")
        totals = {name: [0.0, 0.0, 0.0] for name in sides}  # games, placements, seconds
        for k in range(rounds):
            for name in alternate.order(k):
                arguments = ["--players", str(players), "--games", str(games)]
                arguments += ["--seed", str(seed + k)]
                for variant in variants:
                    arguments += ["--variant", variant]
                row = alternate.run_worker(__file__, sides[name], arguments)
                total = totals[name]
                total[0] += games
                total[1] += row["placements_per_s"] * row["seconds"]
                total[2] += row["seconds"]
                print(
                    f"{k + 1:>5} {name:>4} {row['games_per_s']:>9.0f} "
                    f"{row['placements_per_s']:>13.0f}"
                )
    rate = {name: (g / sec, p / sec) for name, (g, p, sec) in totals.items()}
    for name in ("old", "new"):
        print(f"{name}: {rate[name][0]:.0f} games/s, {rate[name][1]:.0f} placements/s (all rounds)")
    print(
        f"ratio new / old: {rate['new'][0] / rate['old'][0]:.2f}x games/s, "
        f"{rate['new'][1] / rate['old'][1]:.2f}x placements/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games per row (per run)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="COMMIT", help="compare with an older commit")
    parser.add_argument("--rounds", type=int, default=6, help="with --against: rounds")
    parser.add_argument("--players", type=int, default=2, help="with --against: players")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="with --against: a game variant, e.g. hand=2 (repeatable)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    params = {}
    for variant in args.variant:
        name, _, value = variant.partition("=")
        params[name] = int(value) if value.isdigit() else value
    if args.worker:
        worker(args.players, args.games, args.seed, params)
        return
    if args.against:
        against(args.against, args.rounds, args.players, args.games or 400, args.seed, args.variant)
        return
    args.games = args.games or 2000
    print(f"The Discovery random play, {args.games} games per row, one core (CPU time)")
    print(f"{'players':>7} {'games/s':>9} {'decisions/s':>12} {'placements/s':>13}")
    rows = {}
    for players in (2, 4):
        row = rows[players] = throughput(players, args.games, args.seed)
        print(
            f"{players:>7} {row['games_per_s']:>9.0f} {row['decisions_per_s']:>12.0f} "
            f"{row['placements_per_s']:>13.0f}"
        )
    two = rows[2]
    print(
        f"2 players: {two['games_per_s'] / TARGET_GAMES_PER_SECOND:.2f} x the target of "
        f"{TARGET_GAMES_PER_SECOND} games/s; "
        f"{two['placements_per_s'] / REFERENCE_PLACEMENTS_PER_SECOND:.2f} x the reference "
        f"{REFERENCE_PLACEMENTS_PER_SECOND} placements/s"
    )
    clone = clone_cost(args.seed)
    print(f"clone(): mean {clone['clone_us_mean']:.1f} us, max {clone['clone_us_max']:.1f} us")
    memory = peak_memory(args.seed)
    print(
        f"memory: one 4-player game peaks at {memory['game_peak_kib']:.0f} KiB allocated; "
        f"process max RSS {memory['process_max_rss_mib']:.0f} MiB"
    )


if __name__ == "__main__":
    main()
