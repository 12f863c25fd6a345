"""Random-play decisions per second of a game and of a reference game, in the same run.

Both games are played at random with every decision's legal actions listed (chance drawn
with ``sample_chance``), on one core (CPU time of this process), in rounds that alternate
the two games (the order swapped every round) so that a change of the machine's load
falls on both. Prints each round, each game's decisions/s over all rounds, and the ratio
(with ``--target``, whether it meets it).

    PYTHONPATH=src .venv/bin/python benchmarks/random_play.py small-islands [--rounds 6]
    PYTHONPATH=src .venv/bin/python benchmarks/random_play.py entdecker --target 0.5

The reference is The Discovery unless ``--reference`` names another game. Each game is
played at its default seat count unless ``--players`` names one for both.

With ``--against COMMIT`` it compares the game on this tree's code with the game on an
older commit's instead (:mod:`alternate`: a temporary git worktree, separate processes,
the order old/new swapped every round) and prints the ratio new / old.

    PYTHONPATH=src .venv/bin/python benchmarks/random_play.py entdecker --against 559623f
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import time
from pathlib import Path

import alternate
import terranova
from terranova.core.state import CHANCE


def play_random(game: str, rng: random.Random, players: int | None) -> int:
    """Play one random game; returns its decisions (chance steps not counted)."""
    params = {} if players is None else {"players": players}
    state = terranova.make(game, **params)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def measure(
    game: str, seconds: float, rng: random.Random, players: int | None
) -> tuple[int, int, float]:
    """Whole games played for about ``seconds`` of CPU time: games, decisions, seconds."""
    games = decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        decisions += play_random(game, rng, players)
        games += 1
        elapsed = time.process_time() - start
    return games, decisions, elapsed


def against(
    game: str, commit: str, rounds: int, seconds: float, seed: int, players: int | None
) -> None:
    """Alternate the game on the old commit's code and on this tree's, and compare."""
    with alternate.sides(commit) as sides:
        print(
            f"{game} random play, {rounds} rounds of {seconds:g} CPU s per side; "
            f"{alternate.describe(commit)}"
        )
        print(f"{'round':>5} {'side':>4} {'games':>6} {'decisions':>10} {'decisions/s':>12}")
        totals = {name: [0, 0, 0.0] for name in sides}
        for k in range(rounds):
            for name in alternate.order(k):
                arguments = [game, "--seconds", str(seconds), "--seed", str(seed + k)]
                if players is not None:
                    arguments += ["--players", str(players)]
                row = alternate.run_worker(__file__, sides[name], arguments)
                total = totals[name]
                total[0] += int(row["games"])
                total[1] += int(row["decisions"])
                total[2] += row["seconds"]
                rate = row["decisions"] / row["seconds"]
                print(
                    f"{k + 1:>5} {name:>4} {row['games']:>6.0f} {row['decisions']:>10.0f} "
                    f"{rate:>12.0f}"
                )
    rates = {name: decisions / sec for name, (_, decisions, sec) in totals.items()}
    for name in ("old", "new"):
        print(f"{name}: {rates[name]:.0f} decisions/s (all rounds)")
    print(f"ratio new / old: {rates['new'] / rates['old']:.2f}x decisions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id")
    parser.add_argument("--reference", default="discovery", help="the game compared with")
    parser.add_argument("--target", type=float, default=None, help="ratio to reach, at least")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per game and round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="seats of both games")
    parser.add_argument("--against", metavar="COMMIT", help="compare with an older commit")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.game not in terranova.games():
        parser.error(f"unknown game {args.game!r}; known: {', '.join(sorted(terranova.games()))}")
    if args.worker:  # one side of --against: the game on the terranova on the import path
        rng = random.Random(f"{args.seed}-{args.game}")
        measure(args.game, 0.5, rng, args.players)  # warm the tables and caches
        games, decisions, seconds = measure(args.game, args.seconds, rng, args.players)
        print(json.dumps({"games": games, "decisions": decisions, "seconds": seconds}))
        return
    if args.against:
        against(args.game, args.against, args.rounds, args.seconds, args.seed, args.players)
        return
    compare((args.game, args.reference), args.rounds, args.seconds, args.seed, args.players,
            args.target)  # fmt: skip


def compare(
    pair: tuple[str, str],
    rounds: int,
    seconds_each: float,
    seed: int,
    players: int | None,
    target: float | None,
) -> None:
    """Alternate the two games in one process and print the ratio of their decisions/s."""
    root = Path(__file__).resolve().parents[1]
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
    ).stdout.strip()
    rngs = {game: random.Random(f"{seed}-{game}") for game in pair}
    for game in pair:  # warm the tables and caches
        measure(game, 0.5, rngs[game], players)
    print(
        f"random play, {rounds} rounds of {seconds_each:g} CPU s per game, one core; "
        f"commit {commit or '?'}, {time.strftime('%Y-%m-%d')}"
    )
    width = max(map(len, pair))
    print(f"{'round':>5} {'game':>{width}} {'games':>6} {'decisions':>10} {'decisions/s':>12}")
    totals = {game: [0, 0, 0.0] for game in pair}
    for k in range(rounds):
        order = pair if k % 2 == 0 else pair[::-1]
        for game in order:
            games, decisions, seconds = measure(game, seconds_each, rngs[game], players)
            total = totals[game]
            total[0] += games
            total[1] += decisions
            total[2] += seconds
            print(
                f"{k + 1:>5} {game:>{width}} {games:>6} {decisions:>10} "
                f"{decisions / seconds:>12.0f}"
            )
    rate = {}
    for game, (games, decisions, seconds) in totals.items():
        rate[game] = decisions / seconds
        print(
            f"{game}: {rate[game]:.0f} decisions/s, {games / seconds:.1f} games/s, "
            f"{decisions / games:.0f} decisions a game (all rounds)"
        )
    ratio = rate[pair[0]] / rate[pair[1]]
    line = f"ratio {pair[0]} / {pair[1]}: {ratio:.2f}"
    if target is not None:
        line += f" ({'meets' if ratio >= target else 'misses'} the target {target})"
    print(line)


if __name__ == "__main__":
    main()
