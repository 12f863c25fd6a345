"""Shared parts of the comparisons: sides played in alternating rounds, each for some CPU
time, and random play through an AEC environment."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

Side = Callable[[random.Random], int]
"""Plays one whole game with this generator; returns its decisions."""


def add_round_options(parser: argparse.ArgumentParser, rounds: int, seconds: float) -> None:
    """``--rounds`` and ``--seconds`` (CPU seconds per side a round), with these defaults;
    :func:`check_rounds` checks them once parsed."""
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument(
        "--seconds", type=float, default=seconds, help="CPU seconds per side a round"
    )


def check_rounds(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse ``--rounds`` below 1 and ``--seconds`` not above 0, as a usage error."""
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")


def alternate(sides: dict[str, Side], rounds: int, seconds: float) -> dict[str, float]:
    """Decisions per CPU second of each side: ``rounds`` rounds that run every side in turn
    for ``seconds`` each, the order rotated every round, so that a change of the machine's
    load falls on all of them."""
    totals = {side: [0, 0.0] for side in sides}
    names = list(sides)
    rng = random.Random(0)
    for round_ in range(rounds):
        for name in names[round_ % len(names) :] + names[: round_ % len(names)]:
            start = time.process_time()
            decisions = 0
            while time.process_time() - start < seconds:
                decisions += sides[name](rng)
            totals[name][0] += decisions
            totals[name][1] += time.process_time() - start
    return {side: decisions / spent for side, (decisions, spent) in totals.items()}


def play_aec(env: Any, rng: random.Random, scan: bool = True) -> int:
    """Play a reset AEC environment to its end at random; its decisions. The index is found
    by scanning the mask (``np.flatnonzero``), or, with ``scan=False``, taken from
    ``info["legal_actions"]``, which Terranova's environments give."""
    decisions = 0
    for _ in env.agent_iter():
        observation, _, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"]) if scan else info["legal_actions"]
        env.step(int(legal[rng.randrange(len(legal))]))
        decisions += 1
    return decisions
