"""What OpenSpiel's C++ API costs OpenSpiel's own Python games: the yardstick for the
adapters' cost.

A game written in Python for OpenSpiel (``open_spiel.python.games``) is played at random
two ways, in the same run:

- ``direct``: its own Python methods (``_legal_actions``, ``_apply_action``,
  ``current_player``, ``is_terminal``, ``chance_outcomes``), as its native protocol;
- ``pyspiel``: the same state through OpenSpiel's API (``legal_actions``,
  ``apply_action``, ``is_chance_node``), each call crossing from C++ to Python, as any
  OpenSpiel client plays it.

Such a game's actions are integers already, so its share is the cost of the crossing
alone. A Terranova game through its adapter pays that crossing too, plus numbering its
actions (``benchmarks/interop_speed.py``: ``openspiel`` against ``native+outcomes``).

Every side plays whole games on one core (CPU time of this process), in rounds that run the
sides in turn, the order rotated every round. Prints each game's decisions per second both
ways and the share ``pyspiel / direct``.

    PYTHONPATH=src .venv/bin/python benchmarks/openspiel_peer.py [--rounds 3] [--seconds 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import pyspiel
from open_spiel.python.games import block_dominoes, kuhn_poker, liars_poker, tic_tac_toe

GAMES = {
    "python_tic_tac_toe": tic_tac_toe,
    "python_kuhn_poker": kuhn_poker,
    "python_liars_poker": liars_poker,
    "python_block_dominoes": block_dominoes,
}
"""OpenSpiel's Python games measured, by the name they are loaded with (each module
registers its game when imported)."""


def direct(game: Any, rng: random.Random) -> int:
    """One random game through the game's own Python methods; its decisions."""
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state._apply_action(rng.choices(actions, probabilities)[0])
            continue
        legal = state._legal_actions(player)
        state._apply_action(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def through_pyspiel(game: Any, rng: random.Random) -> int:
    """One random game through OpenSpiel's API; its decisions."""
    return play_pyspiel(game.new_initial_state(), rng)


def play_pyspiel(
    state: Any, rng: random.Random, before: Callable[[Any], None] | None = None
) -> int:
    """Play a ``pyspiel`` state to its end at random, calling ``before(state)`` before each
    decision; its decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
            continue
        if before is not None:
            before(state)
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


SIDES = {"direct": direct, "pyspiel": through_pyspiel}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per side a round")
    args = parser.parse_args()
    for name in GAMES:
        game = pyspiel.load_game(name)
        totals = {side: [0, 0.0] for side in SIDES}
        rng = random.Random(0)
        for round_ in range(args.rounds):
            order = list(SIDES)[round_ % 2 :] + list(SIDES)[: round_ % 2]
            for side in order:
                start = time.process_time()
                decisions = 0
                while time.process_time() - start < args.seconds:
                    decisions += SIDES[side](game, rng)
                totals[side][0] += decisions
                totals[side][1] += time.process_time() - start
        rates = {side: decisions / spent for side, (decisions, spent) in totals.items()}
        print(
            f"{name:36} direct {rates['direct']:9,.0f}/s  pyspiel {rates['pyspiel']:9,.0f}/s"
            f"  {rates['pyspiel'] / rates['direct']:5.2f} of direct"
        )


if __name__ == "__main__":
    main()
