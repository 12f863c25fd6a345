"""Measure the bots' published ratings (terranova.arena.bot_ratings) and write them into the
data file: for each game asked for (default: every registered game), a tournament of the
bots the web lobby offers, every pair at a two-seat table, rated in deal order.

Games already in the file and not asked for are kept, so slow games may be measured apart:

    .venv/bin/python benchmarks/bot_ratings.py --game discovery --games 36 --seed 1

The search bots are slow in some games (Entdecker, Small Islands: tens of seconds per game
at the lobby's budgets), so the number of games differs by game; the file records it.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

from terranova.agents.registry import split_specs
from terranova.arena import bot_ratings
from terranova.arena.tournament import DealResult, TournamentResult
from terranova.core.registry import games

SHIPPED = Path(bot_ratings.__file__).parent / "data" / bot_ratings.DATA_FILE


def table(measured: dict[str, bot_ratings.Measurement]) -> str:
    """The ratings as the rows of a Markdown table: game, bot, mu, sigma, display, games."""
    rows = []
    for game_id in sorted(measured):
        for spec, bot in sorted(measured[game_id].bots.items(), key=lambda b: -b[1].skill.mu):
            skill = bot.skill
            rows.append(
                f"| {game_id} | `{spec}` | {skill.mu:.2f} | {skill.sigma:.2f} "
                f"| {skill.display} | {bot.games} |"
            )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable; default all)")
    parser.add_argument("--games", type=int, default=36, help="games per game, whole deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--bots", help="comma-separated specs instead of the served bots")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="the data file to update")
    parser.add_argument(
        "--table", action="store_true", help="print the file's ratings as docs/ratings.md's table"
    )
    args = parser.parse_args(argv)
    measured = bot_ratings.read_measurements(args.out) if args.out.exists() else {}
    if args.table:
        print(table(measured))
        return 0
    for game_id in args.game or sorted(games()):
        command = ["benchmarks/bot_ratings.py", "--game", game_id, "--games", str(args.games)]
        command += ["--seed", str(args.seed)]
        if args.bots:
            command += ["--bots", args.bots]
        start = time.perf_counter()

        def progress(deal: DealResult, result: TournamentResult, game_id: str = game_id) -> None:
            print(f"{game_id}: deal {deal.deal}, {result.games} games", flush=True)

        measured[game_id] = bot_ratings.measure(
            game_id,
            args.games,
            args.seed,
            shlex.join(command),
            bots=split_specs(args.bots) if args.bots else None,
            workers=args.workers,
            on_deal=progress,
        )
        # written after each game, so a long run keeps what it measured
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(bot_ratings.to_toml(measured), encoding="utf-8")
        seconds = time.perf_counter() - start
        print(f"{game_id}: {measured[game_id].games} games in {seconds:.0f} s", flush=True)
        for spec, bot in measured[game_id].bots.items():
            print(
                f"  {spec:10} mu {bot.skill.mu:7.3f}  sigma {bot.skill.sigma:6.3f}  "
                f"display {bot.skill.display:5}  games {bot.games}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
