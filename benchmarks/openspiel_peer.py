"""What OpenSpiel's C++ API costs OpenSpiel's own Python games: the yardstick for the
adapters' cost.

A game written in Python for OpenSpiel (``open_spiel.python.games``) is played at random
three ways, in the same run:

- ``direct``: its own Python methods (``_legal_actions``, ``_apply_action``,
  ``current_player``, ``is_terminal``, ``chance_outcomes``), as its native protocol;
- ``pyspiel``: the same state through OpenSpiel's API (``legal_actions``,
  ``apply_action``, ``is_chance_node``), each call crossing from C++ to Python, as any
  OpenSpiel client plays it;
- ``pyspiel+tensor``: the same, filling the mover's observation tensor each decision
  through the game's own observer (``make_py_observer().set_from``), as
  ``interop_speed.py``'s ``openspiel+tensor`` side does.

Such a game's actions are integers already, so its share is the cost of the crossing
alone. A Terranova game through its adapter pays that crossing too, plus numbering its
actions (``benchmarks/interop_speed.py``: ``openspiel`` against ``native+outcomes``).

Every side plays whole games on one core (CPU time of this process), in rounds that run the
sides in turn, the order rotated every round (``rounds.alternate``). Prints each game's
decisions per second each way and each share of ``direct``.

    PYTHONPATH=src .venv/bin/python benchmarks/openspiel_peer.py [--rounds 3] [--seconds 1]
"""

from __future__ import annotations

import argparse
import functools
import random
from collections.abc import Callable
from typing import Any

import pyspiel
from open_spiel.python.games import block_dominoes, kuhn_poker, liars_poker, tic_tac_toe

from rounds import Side, add_round_options, alternate, check_rounds

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


def with_tensor(game: Any, observer: Any, rng: random.Random) -> int:
    """One random game through OpenSpiel's API, the mover's observation tensor filled by
    ``observer`` (made once a run) before each decision; its decisions."""

    def observe(state: Any) -> None:
        observer.set_from(state, state.current_player())

    return play_pyspiel(game.new_initial_state(), rng, observe)


def sides(game: Any) -> dict[str, Side]:
    """The three ways of playing ``game``, by name."""
    observer = game.make_py_observer()
    return {
        "direct": functools.partial(direct, game),
        "pyspiel": functools.partial(through_pyspiel, game),
        "pyspiel+tensor": functools.partial(with_tensor, game, observer),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_round_options(parser, rounds=3, seconds=1.0)
    args = parser.parse_args()
    check_rounds(parser, args)
    for name in GAMES:
        rates = alternate(sides(pyspiel.load_game(name)), args.rounds, args.seconds)
        shown = "  ".join(
            f"{side} {rate:9,.0f}/s {rate / rates['direct']:4.2f}" for side, rate in rates.items()
        )
        print(f"{name:24} {shown}")


if __name__ == "__main__":
    main()
