"""Search speed on The Discovery (or another game, ``--game``): MCTS iterations per second
for 2 and 4 players.

Positions are taken from greedy self-play games (every seat greedy, one position in eight
with a real choice, place and follower steps alike). Each bot searches each position with a
fixed number of iterations; the figures are iterations per CPU second of this process (one
core) and the CPU time per decision, mean and longest:

- ``mcts``: the default bot (scores the leaf with the game's estimate, no rollout);
- ``mcts:depth=8``: 8 random decisions before the estimate;
- ``mcts:depth=-1``: random rollouts to the end of the game (plain UCT);
- ``ismcts``: a new determinization every iteration.

    .venv/bin/python benchmarks/mcts_speed.py [--positions 40] [--seed 1]

With ``--engines`` it compares the two engines instead, 2 players: each bot searches the same
positions on the Python engine (``TERRANOVA_NATIVE=0``) and on the native one, alternately,
``--rounds`` times (the order swapped every round), checks that both chose the same moves,
and prints each side's iterations per CPU second and the ratio native / Python.

    .venv/bin/python benchmarks/mcts_speed.py --engines [--rounds 4] [--positions 20]

``--game`` takes another game with a native engine (Small Islands: ``--game small-islands``)
and ``--bot`` (repeated) the bots to time instead of the four above, e.g. the search bots
at their default settings:

    .venv/bin/python benchmarks/mcts_speed.py --engines --game small-islands --bot mcts \
        --bot ismcts
"""

from __future__ import annotations

import argparse
import os
import random
import time

import terranova
from terranova.agents import make_agent
from terranova.agents.mcts import DEFAULT_ITERATIONS
from terranova.core.registry import NATIVE_OFF as OFF
from terranova.core.registry import game_info
from terranova.core.state import CHANCE, State

BOTS = (
    f"mcts:iterations={DEFAULT_ITERATIONS}",
    f"mcts:iterations={DEFAULT_ITERATIONS},depth=8",
    "mcts:iterations=100,depth=-1",
    f"ismcts:iterations={DEFAULT_ITERATIONS}",
)


def positions(players: int, count: int, seed: int, game: str = "discovery") -> list[State]:
    """``count`` positions with a choice, spread over greedy self-play games."""
    rng = random.Random(seed)
    bots = [make_agent("greedy", seed + s) for s in range(players)]
    out: list[State] = []
    while len(out) < count:
        state = terranova.make(game, players=players)
        while not state.is_terminal() and len(out) < count:
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.125:
                out.append(state.clone())
            state.apply(bots[state.current_player()].select(state))
    return out


def speed(spec: str, states: list[State], seed: int) -> dict[str, float]:
    """Iterations per CPU second and CPU seconds per decision of one bot over ``states``."""
    bot = make_agent(spec, seed)
    iterations = 0
    longest = 0.0
    total = 0.0
    for state in states:
        start = time.process_time()
        bot.select(state)
        elapsed = time.process_time() - start
        total += elapsed
        longest = max(longest, elapsed)
        iterations += getattr(bot, "last_iterations", 0)
    return {
        "iterations_per_s": iterations / total,
        "ms_per_decision": 1000 * total / len(states),
        "ms_longest": 1000 * longest,
    }


def engines(states: list[State], rounds: int, seed: int, bots: tuple[str, ...] = BOTS) -> None:
    """Each bot on both engines, alternating; the same moves checked."""
    print(f"{'bot':<32} {'python it/s':>12} {'native it/s':>12} {'native/python':>14}")
    for spec in bots:
        totals = {"0": [0, 0.0], "1": [0, 0.0]}  # iterations, CPU seconds
        moves: dict[str, list[object]] = {}
        for k in range(rounds):
            for off in ("0", "1") if k % 2 == 0 else ("1", "0"):
                os.environ[OFF] = off
                bot = make_agent(spec, seed + k)
                chosen = []
                for state in states:
                    start = time.process_time()
                    chosen.append(bot.select(state))
                    totals[off][1] += time.process_time() - start
                    totals[off][0] += getattr(bot, "last_iterations", 0)
                moves[f"{k}{off}"] = chosen
            if moves[f"{k}0"] != moves[f"{k}1"]:
                raise SystemExit(f"{spec}: the two engines chose differently (round {k + 1})")
        python, native = (totals[o][0] / totals[o][1] for o in ("0", "1"))
        print(f"{spec:<32} {python:>12.0f} {native:>12.0f} {native / python:>13.2f}x", flush=True)
    os.environ.pop(OFF, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engines", action="store_true", help="Python against native")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--game", default="discovery", help="the game searched")
    parser.add_argument("--bot", action="append", help="a bot to time (repeated)")
    args = parser.parse_args()
    bots = tuple(args.bot) if args.bot else BOTS
    name = game_info(args.game).name
    if args.engines:
        os.environ[OFF] = "0"  # the positions come from the Python engine's greedy games
        states = positions(2, args.positions, args.seed, args.game)
        print(
            f"{name}, 2 players: search on each engine over {args.positions} positions, "
            f"{args.rounds} rounds, one core (CPU time)"
        )
        engines(states, args.rounds, args.seed, bots)
        return
    print(f"{name}: search speed over {args.positions} positions per row, one core (CPU time)")
    print(f"{'players':>7}  {'bot':<32} {'iterations/s':>12} {'ms/decision':>12} {'longest':>8}")
    for players in (2, 4):
        states = positions(players, args.positions, args.seed, args.game)
        make_agent(bots[0], 0).select(states[0])  # warm the game's caches
        for spec in bots:
            row = speed(spec, states, args.seed)
            print(
                f"{players:>7}  {spec:<32} {row['iterations_per_s']:>12.0f} "
                f"{row['ms_per_decision']:>12.1f} {row['ms_longest']:>8.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
