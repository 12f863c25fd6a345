"""The Discovery's native playouts against the Numba rollouts of satou-aaaaa/carcassonne-research,
in one run: tile placements per CPU second, the two sides alternating.

Both sides play whole random 2-player games from their start, listing every legal placement
at each turn and choosing one uniformly: ours natively (``random_games``: every legal action
at each decision, followers included, chance drawn with its probabilities), the peer's with
its own ``Fast.rollout`` (a new shuffled deck each game, a follower with probability 0.3, as
its rollouts do). Each side runs in its own process, after a warm-up (the peer's JIT
compilation is not counted), and measures its own CPU time.

The peer's code is never part of this repository: it is cloned into a temporary folder
(``git clone``, which needs the network), or read from a checkout given with ``--peer``; its
Python, with Numba and NumPy from the package registry, is a temporary virtual environment
made here, or the one given with ``--peer-python``.

    .venv/bin/python benchmarks/discovery_peer.py [--rounds 6] [--games 2000]
    .venv/bin/python benchmarks/discovery_peer.py --peer CHECKOUT --peer-python PYTHON
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PEER = "https://github.com/satou-aaaaa/carcassonne-research"


def peer_worker(checkout: str, games: int, seed: int) -> dict[str, float]:
    """The peer's side, run by the peer's Python: its rollouts from shuffled decks."""
    import random

    sys.path.insert(0, str(Path(checkout) / "src"))
    from carcassonne import fast  # the peer's own module

    engine = fast.Fast()
    tiles = engine.ts
    full = [i for i, t in enumerate(tiles.types) for _ in range(t.count - (i == tiles.start))]
    rng = random.Random(seed)
    fast.seed_rng(seed)

    def play(n: int) -> int:
        placed = 0
        for _ in range(n):
            deck = full[:]
            rng.shuffle(deck)
            state = engine.new_game(deck)
            engine.rollout(state)
            placed += int(state[10][fast.SC_N]) - 1  # the tiles laid, start tile aside
        return placed

    play(20)  # compiles (or loads) the JIT code
    start = time.process_time()
    placements = play(games)
    return {"seconds": time.process_time() - start, "placements": placements, "games": games}


def our_worker(games: int, seed: int) -> dict[str, float]:
    """Our side: The Discovery's native playouts, 2 players."""
    import terranova
    from terranova.games.discovery.native_state import random_games

    game = terranova.make("discovery", players=2).game  # type: ignore[attr-defined]
    random_games(game, 20, seed)
    start = time.process_time()
    _, placements = random_games(game, games, seed)
    return {"seconds": time.process_time() - start, "placements": placements, "games": games}


def run(python: str, arguments: list[str]) -> dict[str, float]:
    done = subprocess.run(
        [python, __file__, *arguments], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"a worker failed:\n{done.stderr}")
    row: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def peer_version(checkout: Path, python: str) -> str:
    commit = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    numba = subprocess.run(
        [python, "-c", "import numba, numpy; print(numba.__version__, numpy.__version__)"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    where = f"commit {commit}" if commit else f"a copy in {checkout.name} (not a git checkout)"
    return f"{where}; Numba {numba[0]}, NumPy {numba[1]}" if len(numba) == 2 else where


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--peer", help="a checkout of the peer (default: cloned into a temp)")
    parser.add_argument("--peer-python", help="a Python with numba (default: a temp venv)")
    parser.add_argument("--worker", choices=["peer", "ours"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker == "peer":
        print(json.dumps(peer_worker(args.peer, args.games, args.seed)))
        return
    if args.worker == "ours":
        print(json.dumps(our_worker(args.games, args.seed)))
        return
    with tempfile.TemporaryDirectory(prefix="terranova-peer-") as tmp:
        checkout = Path(args.peer) if args.peer else Path(tmp) / "peer"
        if not args.peer:
            subprocess.run(
                ["git", "clone", "--quiet", "--depth", "1", PEER, str(checkout)], check=True
            )
        python = args.peer_python
        if not python:
            venv = Path(tmp) / "venv"
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            python = str(venv / "bin" / "python")
            subprocess.run(
                [python, "-m", "pip", "install", "--quiet", "numba", "numpy"], check=True
            )
        version = peer_version(checkout, python)
        print(
            f"The Discovery's native playouts against the peer's Numba rollouts, 2 players, "
            f"{args.games} games a run, {args.rounds} rounds; peer: {version}"
        )
        print(f"{'round':>5} {'side':>5} {'games/s':>9} {'placements/s':>13}")
        totals = {"ours": [0.0, 0.0], "peer": [0.0, 0.0]}
        for k in range(args.rounds):
            for side in ("ours", "peer") if k % 2 == 0 else ("peer", "ours"):
                common = [
                    "--worker",
                    side,
                    "--games",
                    str(args.games),
                    "--seed",
                    str(args.seed + k),
                ]
                if side == "peer":
                    row = run(python, [*common, "--peer", str(checkout)])
                else:
                    row = run(sys.executable, common)
                totals[side][0] += row["seconds"]
                totals[side][1] += row["placements"]
                print(
                    f"{k + 1:>5} {side:>5} {row['games'] / row['seconds']:>9.0f} "
                    f"{row['placements'] / row['seconds']:>13.0f}"
                )
        ours, peer = (totals[s][1] / totals[s][0] for s in ("ours", "peer"))
        print(f"placements/s: ours {ours:.0f}, peer {peer:.0f}; ours / peer = {ours / peer:.2f}x")


if __name__ == "__main__":
    main()
