"""A clock for the searches' time budgets that moves by itself: each reading is a fixed
step later than the last, so that a search spends its seconds in the same number of
iterations however busy the machine (a budget checked against the real clock made the
tests' pass depend on the machine's speed)."""

from __future__ import annotations

import pytest

from terranova.agents import mcts


class Ticking:
    """Stands in for the :mod:`time` module of :mod:`terranova.agents.mcts`, whose searches
    read only ``perf_counter``: ``step`` seconds pass at each reading. A search that reads
    it more than ``most`` times has run past its budget: the reading fails."""

    def __init__(self, step: float, most: int) -> None:
        self.step = step
        self.most = most
        self.readings = 0

    def perf_counter(self) -> float:
        self.readings += 1
        assert self.readings <= self.most, "the search ran past its time budget"
        return self.readings * self.step


def ticking(monkeypatch: pytest.MonkeyPatch, step: float, most: int = 100_000) -> Ticking:
    """The searches' clock, a :class:`Ticking` one for the rest of the test."""
    clock = Ticking(step, most)
    monkeypatch.setattr(mcts, "time", clock)
    return clock
