"""Random-play decisions per second of a game through each research interface, against the
native protocol, in the same run.

Every side plays whole random games (chance drawn with its probabilities, a legal action
picked uniformly), on one core (CPU time of this process), in rounds that run the sides in
turn, the order rotated every round, so that a change of the machine's load falls on all:

- ``native``: ``state.legal_actions()`` and ``state.apply`` (chance by ``sample_chance``);
- ``native+outcomes``: the same, but chance drawn from the listed ``chance_outcomes()`` with
  their probabilities, as OpenSpiel's API has its clients do: the part of the adapters' cost
  that comes with that API rather than with the adapter;
- ``openspiel``: ``pyspiel`` states: ``legal_actions()``, ``apply_action``, chance from
  ``chance_outcomes()``;
- ``openspiel+tensor``: the same, filling the mover's observation tensor each decision
  through the game's observer (``make_py_observer().set_from``: a NumPy array;
  ``state.observation_tensor()`` copies it into a Python list, much slower for a big one);
- ``pettingzoo``: the AEC environment, ``last()`` (observation and mask) and ``step`` on an
  index from ``info["legal_actions"]``;
- ``pettingzoo+scan``: the same, the index found by scanning the mask
  (``np.flatnonzero``), as a client that reads only the observation does;
- ``gymnasium``: seat 0 against ``random`` bots, ``step`` on an index from
  ``info["legal_actions"]``. The bots' decisions are counted too, as the native side
  counts every seat's (chance steps are counted by neither), so the learner itself steps
  at about a half of the figure with 2 players, less with more;
- ``vector``: ``terranova.vector`` with 16 games, each step one decision in each (a random
  legal index per game from ``legal_actions()``), the stacked observations and masks
  written each step, ended games started again: the batched API against the one-game loops
  above. A game whose native engine offers it (The Discovery's and Small Islands', in the
  compact encoding; Entdecker's and Discovery (evolution)'s Explore and Bluff, in the
  standard one) is played and observed natively;
- ``vector-python``: the same on the Python engines (``TERRANOVA_NATIVE=0``).

The adapters play a game on its native engine where that engine writes the encoding's
observations (``registry.native_observer``); ``openspiel+tensor-python``,
``pettingzoo-python`` and ``gymnasium-python`` are those sides on the Python engines
(their game or environment made with ``TERRANOVA_NATIVE=0``), in the same rounds.

With ``--encodings standard,compact`` every interface side runs once in each encoding named
(``openspiel/compact`` ...), in the same rounds. Each interface's game, observer or
environment is made once a run and reset for each game, as a training loop does.

Prints each round, each side's decisions/s over all rounds, and its ratio to ``native``.

    PYTHONPATH=src .venv/bin/python benchmarks/interop_speed.py discovery [--rounds 4]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pyspiel

import terranova
import terranova.interop.openspiel as adapter
from openspiel_peer import play_pyspiel
from random_play import play_random
from rounds import add_round_options, check_rounds, play_aec
from terranova.core.encoding import STANDARD, encoding_of
from terranova.core.errors import TerranovaError
from terranova.core.registry import NATIVE_OFF as OFF
from terranova.core.registry import game_info
from terranova.core.state import CHANCE
from terranova.interop.gymnasium import SeatEnv
from terranova.interop.pettingzoo import RawEnv
from terranova.interop.vector import VectorGames

BATCH = 16
"""The games of the ``vector`` side."""
BATCH_STEPS = 32
"""The steps of one call of the ``vector`` side (each a decision in every game)."""


def native(game: str, seed: int) -> int:
    return play_random(game, random.Random(seed), None)


def native_outcomes(game: str, seed: int) -> int:
    rng = random.Random(seed)
    state = terranova.make(game)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(actions, probabilities)[0])
            continue
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


@contextlib.contextmanager
def engines(python: bool) -> Iterator[None]:
    """The native engines turned off while what is made here is made, for a side on the
    Python engines (a table keeps the engine it was made on)."""
    was = os.environ.get(OFF)
    if python:
        os.environ[OFF] = "0"
    try:
        yield
    finally:
        if was is None:
            os.environ.pop(OFF, None)
        else:
            os.environ[OFF] = was


@functools.cache
def _pyspiel_game(game: str, encoding: str, python: bool = False) -> tuple[Any, Any]:
    """The game loaded in OpenSpiel, and an observer of it: made once a run."""
    params = {} if encoding == STANDARD else {"encoding": encoding}
    with engines(python):
        loaded = pyspiel.load_game(adapter.short_name(game), params)
    return loaded, loaded.make_py_observer()


@functools.cache
def _aec_env(game: str, encoding: str, python: bool = False) -> RawEnv:
    """The AEC environment, made once a run and reset for each game."""
    with engines(python):
        return RawEnv(game, encoding=encoding)


@functools.cache
def _seat_env(game: str, encoding: str, python: bool = False) -> SeatEnv:
    """The Gymnasium environment, made once a run and reset for each game."""
    with engines(python):
        return SeatEnv(game, opponents=["random"], encoding=encoding)


def openspiel(
    game: str, seed: int, encoding: str, tensor: bool = False, python: bool = False
) -> int:
    loaded, observer = _pyspiel_game(game, encoding, python)

    def observe(state: Any) -> None:
        observer.set_from(state, state.current_player())

    state = loaded.new_initial_state()
    return play_pyspiel(state, random.Random(seed), observe if tensor else None)


def pettingzoo(
    game: str, seed: int, encoding: str, scan: bool = False, python: bool = False
) -> int:
    env = _aec_env(game, encoding, python)
    env.reset(seed=seed)
    return play_aec(env, random.Random(seed), scan)


def gymnasium(game: str, seed: int, encoding: str, python: bool = False) -> int:
    rng = random.Random(seed)
    env = _seat_env(game, encoding, python)
    _, info = env.reset(seed=seed)
    while True:
        legal = info["legal_actions"]
        _, _, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        if terminated or truncated:
            break
    global _uncounted
    start = time.process_time()
    decisions = _decisions(game, env.table.state.history())
    _uncounted += time.process_time() - start
    return decisions


@functools.cache
def _vector(game: str, encoding: str, python: bool = False) -> VectorGames:
    """The batch, made and reset once a run: its games go on from call to call."""
    with engines(python):
        games = VectorGames(game, BATCH, seed=0, encoding=encoding)
    games.reset()
    return games


def batched(game: str, seed: int, encoding: str, python: bool = False) -> int:
    games = _vector(game, encoding, python)
    rng = random.Random(seed)
    for _ in range(BATCH_STEPS):
        # a random legal index per game, from its indices (no scan of a large mask)
        games.step([rng.choice(legal) for legal in games.legal_actions()])
    return BATCH * BATCH_STEPS


_uncounted = 0.0
"""CPU time spent counting a game's decisions by replaying it, taken off the side's time."""


def _decisions(game: str, history: list[Any]) -> int:
    state = terranova.make(game)
    decisions = 0
    for action in history:
        decisions += state.current_player() != CHANCE
        state.apply(action)
    return decisions


NATIVE: dict[str, Callable[[str, int], int]] = {
    "native": native,
    "native+outcomes": native_outcomes,
}
INTERFACES: dict[str, Callable[[str, int, str], int]] = {
    "openspiel": openspiel,
    "openspiel+tensor": lambda g, s, e: openspiel(g, s, e, tensor=True),
    "pettingzoo": pettingzoo,
    "pettingzoo+scan": lambda g, s, e: pettingzoo(g, s, e, scan=True),
    "gymnasium": gymnasium,
    "openspiel+tensor-python": lambda g, s, e: openspiel(g, s, e, tensor=True, python=True),
    "pettingzoo-python": lambda g, s, e: pettingzoo(g, s, e, python=True),
    "gymnasium-python": lambda g, s, e: gymnasium(g, s, e, python=True),
    "vector": batched,
    "vector-python": lambda g, s, e: batched(g, s, e, python=True),
}


def sides(encodings: list[str]) -> dict[str, Callable[[str, int], int]]:
    """Every side of the run: native play, then each interface in each encoding."""
    out = dict(NATIVE)
    for encoding in encodings:
        suffix = "" if encoding == STANDARD else f"/{encoding}"
        for name, side in INTERFACES.items():
            out[name + suffix] = functools.partial(_in, side, encoding)
    return out


def _in(side: Callable[[str, int, str], int], encoding: str, game: str, seed: int) -> int:
    return side(game, seed, encoding)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    add_round_options(parser, rounds=4, seconds=3.0)
    parser.add_argument(
        "--encodings", default=STANDARD, help="the encodings to run, by name, comma-separated"
    )
    args = parser.parse_args()
    check_rounds(parser, args)
    try:
        terranova.make(args.game)
        wanted = [name.strip() for name in args.encodings.split(",")]
        for name in wanted:
            encoding_of(game_info(args.game), {}, name)
    except TerranovaError as error:
        parser.error(str(error))
    run = sides(wanted)
    totals = {side: [0, 0.0] for side in run}
    names = list(run)
    seed = 0
    for round_ in range(args.rounds):
        order = names[round_ % len(names) :] + names[: round_ % len(names)]
        shown = []
        for side in order:
            global _uncounted
            _uncounted = 0.0
            start = time.process_time()
            decisions = 0
            while time.process_time() - start - _uncounted < args.seconds:
                seed += 1
                decisions += run[side](args.game, seed)
            spent = time.process_time() - start - _uncounted
            totals[side][0] += decisions
            totals[side][1] += spent
            shown.append(f"{side} {decisions / spent:,.0f}/s")
        print(f"round {round_ + 1}: " + ", ".join(shown))
    base = totals["native"][0] / totals["native"][1]
    print(f"{args.game}: decisions per second over {args.rounds} rounds")
    for side, (decisions, spent) in totals.items():
        rate = decisions / spent
        print(f"  {side:26} {rate:10,.0f}/s  {rate / base:5.2f} of native")


if __name__ == "__main__":
    main()
