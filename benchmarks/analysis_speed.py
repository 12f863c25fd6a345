"""How long the web's post-game analysis takes: a game played by greedy bots, then every
decision with a choice searched by ``ismcts`` as ``GET /api/games/{id}/analysis`` does
(:func:`terranova.agents.advice.review`, the server's ``analysis_iterations``), on one
core, timed by the wall clock.

    PYTHONPATH=src .venv/bin/python benchmarks/analysis_speed.py discovery --players 3
"""

from __future__ import annotations

import argparse
import time

import terranova
from terranova.agents import make_agent
from terranova.agents.advice import review_game
from terranova.core.errors import TerranovaError
from terranova.core.records import play
from terranova.server.settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=Settings().analysis_iterations)
    parser.add_argument("--extra", default=",depth=0", help="more of the spec (the server's)")
    args = parser.parse_args()
    try:
        terranova.make(args.game, players=args.players)
    except TerranovaError as error:
        parser.error(str(error))
    spec = f"ismcts:iterations={args.iterations}{args.extra}"
    for seed in range(args.games):
        state = terranova.make(args.game, players=args.players)
        bots = [make_agent("greedy", seed * 10 + s) for s in range(args.players)]
        record = play(state, bots, seed=seed)
        began = time.perf_counter()
        judged = review_game(record.game, record.params, record.actions, spec, seed)
        seconds = time.perf_counter() - began
        print(
            f"{args.game}, {args.players} players, game {seed}: {len(judged)} decisions "
            f"reviewed by {spec} in {seconds:.2f} s ({1000 * seconds / len(judged):.1f} ms each)"
        )


if __name__ == "__main__":
    main()
