"""The result a finished game's summary gives (the lobby's "My games" shows it): the points
as a player reads them, not the returns with their tie-break fractions, and no winner where
a game ended with none."""

from __future__ import annotations

import random

import pytest

from terranova.core.records import Seat
from terranova.games.evolution.render import render_svg
from terranova.games.evolution.rules import bluff
from terranova.server.live import Timeline


def finished(game: str, params: dict[str, object], seed: int) -> Timeline:
    """A game played to its end at random."""
    timeline = Timeline(game, params, [Seat(f"p{k}") for k in range(3)], seed)
    rng = random.Random(seed)
    state = timeline.state
    while not state.is_terminal():
        if state.current_player() < 0:
            timeline.apply(state.sample_chance(rng))
        else:
            timeline.apply(rng.choice(state.legal_actions()))
    return timeline


@pytest.mark.parametrize("game", ["entdecker", "small-islands"])
def test_points_are_whole_without_the_tie_breaks(game: str) -> None:
    result = finished(game, {"players": 3}, 0).result()
    assert result is not None and result.points is not None
    # the returns carry the tie-breaks as fractions; the points are what a player reads
    assert any(score != int(score) for score in result.scores)
    assert result.points == [int(score) for score in result.scores]
    best = max(result.points)
    assert set(result.winners) <= {k for k, p in enumerate(result.points) if p == best}


def test_a_bluff_game_with_no_winner_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    # a game that reaches its limit of turns ends with no winner (ruling 49)
    monkeypatch.setattr(bluff, "TURN_LIMIT_PER_SEAT", 2)
    timeline = finished("evolution-bluff", {"players": 3}, 1)
    result = timeline.result()
    assert result is not None
    assert result.scores == [0, 0, 0]
    assert "Game over: no winner" in render_svg(timeline.state)  # the picture says so
    assert result.winners == []  # not all three, sharing a score of 0
    assert result.points is None  # Bluff is won or lost: no points to show


def test_a_bluff_game_won_names_its_winner() -> None:
    result = finished("evolution-bluff", {"players": 3}, 0).result()
    assert result is not None and len(result.winners) == 1 and result.points is None
