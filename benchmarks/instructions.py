"""Instructions a game's random play costs on this tree's code and on an older commit's,
counted by valgrind's callgrind: a figure the machine's load does not change.

Each side plays the same ``--games`` random games (every decision's legal actions listed,
chance drawn with ``sample_chance``, one seeded ``random.Random``) in a fresh interpreter
with its own ``src`` first on the import path; the same run with no game is taken away, so
what is left is the games' own work. The older commit is checked out in a temporary git
worktree (:mod:`alternate`). Needs valgrind; slow (a run takes minutes).

    PYTHONPATH=src .venv/bin/python benchmarks/instructions.py discovery --against 2985443
    PYTHONPATH=src .venv/bin/python benchmarks/instructions.py evolution-explore \\
        --against 2985443 --games 10
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import alternate
import terranova
from random_play import play_random


def play(game: str, games: int, seed: int) -> None:
    """Play ``games`` random games of ``game`` (random_play's loop), the first made before
    them."""
    terranova.make(game)
    rng = random.Random(seed)
    for _ in range(games):
        play_random(game, rng, None)


def counted(src: Path, game: str, games: int, seed: int) -> int:
    """Instructions a worker playing ``games`` games on ``src`` runs, start-up included."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    worker = [sys.executable, __file__, game, "--worker", "--games", str(games)]
    worker += ["--seed", str(seed)]
    subprocess.run(worker, env=env, check=True, capture_output=True)  # compiled once first
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *worker],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id")
    parser.add_argument("--against", metavar="COMMIT", help="the older commit")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.game not in terranova.games():
        parser.error(f"unknown game {args.game!r}; known: {', '.join(sorted(terranova.games()))}")
    if args.worker:
        play(args.game, args.games, args.seed)
        return
    if not args.against:
        parser.error("--against COMMIT is needed")
    with alternate.sides(args.against) as sides:
        print(f"{args.game}: {args.games} random games, seed {args.seed}; "
              f"{alternate.describe(args.against)}")  # fmt: skip
        work = {}
        for name in ("old", "new"):
            start = counted(sides[name], args.game, 0, args.seed)
            total = counted(sides[name], args.game, args.games, args.seed)
            work[name] = total - start
            print(f"{name}: {work[name]:,} instructions for the games ({start:,} to start)")
    print(f"ratio new / old: {work['old'] / work['new']:.3f}x speed (instructions old / new)")


if __name__ == "__main__":
    main()
