"""Random-play throughput of The Discovery, with full legal-move enumeration at every decision.

Prints games/s, decisions/s and tile placements/s for 2 and 4 players, the cost of
``clone()``, and peak memory, on one core (CPU time of this process).

    .venv/bin/python benchmarks/discovery_speed.py [--games 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
import tracemalloc

import terranova
from terranova.core.state import CHANCE, State

TARGET_GAMES_PER_SECOND = 300  # 2 players, one core
REFERENCE_PLACEMENTS_PER_SECOND = 12_500  # best pure-Python Carcassonne engine we know


def play_random(players: int, rng: random.Random, **params: object) -> tuple[int, int]:
    """Play one random game; returns (decisions, tile placements)."""
    state: State = terranova.make("discovery", players=players, **params)
    decisions = 0
    placements = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if str(action).startswith("place"):
            placements += 1
        state.apply(action)
        decisions += 1
    return decisions, placements


def throughput(players: int, games: int, seed: int) -> dict[str, float]:
    """Games, decisions and placements per CPU second over ``games`` games."""
    rng = random.Random(seed)
    for _ in range(min(50, games)):  # warm the action caches, as in any long run
        play_random(players, rng)
    decisions = placements = 0
    start = time.process_time()
    for _ in range(games):
        d, p = play_random(players, rng)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
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
