"""What PettingZoo's API costs PettingZoo's own board games: the yardstick for the PettingZoo
adapter's cost.

Two of PettingZoo's classic environments are played at random two ways, in the same run:

- ``direct``: the game's own logic, as its native protocol. Chess: python-chess's
  ``Board`` (``legal_moves``, ``push``), ending where the environment ends a game
  (no legal move, insufficient material, or a draw that can be claimed). Tic-tac-toe: the
  environment's own ``Board`` (``legal_moves``, ``play_turn``, ``game_status``).
- ``pettingzoo``: the AEC environment without its wrappers (``raw_env``, as
  ``interop_speed.py`` plays Terranova's ``RawEnv``), made once a run and reset for each
  game, ``last()`` (observation and action mask) and ``step`` on an index found by scanning
  the mask (``np.flatnonzero``), as its clients do: these environments list no legal
  actions elsewhere.

Chess's observation is 8 x 8 x 111 numbers (the position, then the last eight positions)
and its mask 4,672; tic-tac-toe's 3 x 3 x 2 and 9. A Terranova game through its adapter
pays the same API (``benchmarks/interop_speed.py``: ``pettingzoo+scan`` against
``native``).

Needs the optional ``bench`` dependencies (python-chess, and pygame, which PettingZoo's
classic environments import): ``pip install -e '.[bench]'``. Prints each game's decisions
per second both ways and the share ``pettingzoo / direct``.

    PYTHONPATH=src .venv/bin/python benchmarks/pettingzoo_peer.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import functools
import random
from typing import Any

import chess
from pettingzoo.classic import chess_v6, tictactoe_v3
from pettingzoo.classic.tictactoe.board import TTT_GAME_NOT_OVER, Board

from rounds import add_round_options, alternate, check_rounds, play_aec


def direct_chess(rng: random.Random) -> int:
    """One random game of python-chess, ended as PettingZoo's chess ends it; its moves."""
    board = chess.Board()
    moves = 0
    while True:
        legal = list(board.legal_moves)
        if not legal or board.is_insufficient_material() or board.can_claim_draw():
            return moves
        board.push(legal[rng.randrange(len(legal))])
        moves += 1


def direct_tictactoe(rng: random.Random) -> int:
    """One random game on tic-tac-toe's own board; its moves."""
    board = Board()
    moves = 0
    while board.game_status() == TTT_GAME_NOT_OVER:
        legal = board.legal_moves()
        board.play_turn(moves % 2, legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def through_pettingzoo(env: Any, rng: random.Random) -> int:
    """One random game through an AEC environment (made once a run), reset first; its
    decisions."""
    env.reset(seed=rng.randrange(1 << 30))
    return play_aec(env, rng)


GAMES = {
    "chess": (direct_chess, chess_v6.raw_env),
    "tic-tac-toe": (direct_tictactoe, tictactoe_v3.raw_env),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_round_options(parser, rounds=3, seconds=1.0)
    args = parser.parse_args()
    check_rounds(parser, args)
    for name, (direct, make) in GAMES.items():
        sides = {"direct": direct, "pettingzoo": functools.partial(through_pettingzoo, make())}
        rates = alternate(sides, args.rounds, args.seconds)
        print(
            f"{name:12} direct {rates['direct']:9,.0f}/s  pettingzoo {rates['pettingzoo']:9,.0f}/s"
            f"  {rates['pettingzoo'] / rates['direct']:5.2f} of direct"
        )


if __name__ == "__main__":
    main()
