"""A bot worker made slow on purpose, for the runner's tests: its searches pause before
each iteration as the test says, so that a decision runs out of time the same way whatever
the machine's speed or load."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from terranova.agents.mcts import SearchAgent
from terranova.agents.worker import worker_main


def slow_worker_main(pauses: tuple[float, ...], *args: Any) -> None:
    """:func:`~terranova.agents.worker.worker_main`, but each search's iteration ``i``
    first sleeps ``pauses[i]`` seconds (the last one for every iteration after)."""
    search = SearchAgent._search

    def slowed(self: SearchAgent, iterate: Callable[[], int], *rest: Any) -> None:
        done = 0

        def step() -> int:
            nonlocal done
            time.sleep(pauses[min(done, len(pauses) - 1)])
            done += 1
            return iterate()

        search(self, step, *rest)

    SearchAgent._search = slowed  # type: ignore[method-assign]
    worker_main(*args)
