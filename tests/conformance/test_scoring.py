"""Every game's score sheet (terranova.core.scoring): in every view, after every action of
whole random games, the lines are well formed, only ever added to, the same for every
viewer, and add up to the scores."""

from __future__ import annotations

import json
from typing import Any

import pytest

import terranova
from terranova.core.scoring import SCORING
from terranova.core.state import State
from tests.conformance.test_protocol import CASES, IDS
from tests.conformance.walk import game_history, key, viewers

case = pytest.mark.parametrize(("game_id", "params"), CASES, ids=IDS)
LINE_KEYS = {"seats", "points", "kind", "what", "ply", "kind_says"}


def sheet(state: State, seat: int | None) -> list[dict[str, Any]]:
    view = state.view(seat)
    assert SCORING in view, f"the view has no {SCORING!r} key (core/scoring.py)"
    lines = view[SCORING]
    assert isinstance(lines, list)
    return lines


def check_lines(lines: list[dict[str, Any]], state: State) -> None:
    plies = len(state.history())
    last = 0
    for line in lines:
        assert set(line) == LINE_KEYS, line
        assert line["seats"], line
        assert all(0 <= s < state.num_seats for s in line["seats"]), line
        assert len(set(line["seats"])) == len(line["seats"]), line
        assert isinstance(line["points"], int) and line["points"] != 0, line
        assert isinstance(line["kind"], str) and line["kind"], line
        assert isinstance(line["what"], str | dict) and line["what"], line
        assert isinstance(line["kind_says"], str | dict) and line["kind_says"], line
        assert last <= line["ply"] <= plies, f"{line} out of order or ahead of ply {plies}"
        last = line["ply"]


def adds_up(lines: list[dict[str, Any]], state: State) -> None:
    totals = [0] * state.num_seats
    for line in lines:
        for seat in line["seats"]:
            totals[seat] += line["points"]
    for seat, score in enumerate(state.scores()):
        if state.is_terminal():
            # a finished game may add a tie-break below one point
            assert 0 <= score - totals[seat] < 1, (seat, score, totals[seat], lines)
        else:
            assert score == totals[seat], (seat, score, totals[seat], lines)


@case
def test_the_score_sheet_adds_up_to_the_scores(game_id: str, params: dict[str, object]) -> None:
    for seed in range(2):
        texts = game_history(game_id, key(params), seed)
        state = terranova.make(game_id, **params)
        before: list[dict[str, Any]] = []
        for ply, text in enumerate(texts, start=1):
            state.apply(state.parse_action(text))
            lines = sheet(state, None)
            assert lines[: len(before)] == before, f"ply {ply}: a line changed or went away"
            assert all(line["ply"] == ply for line in lines[len(before) :]), (
                f"ply {ply}: a new line names another ply"
            )
            check_lines(lines, state)
            adds_up(lines, state)
            if ply % 7 == 0 or ply == len(texts):
                for seat in viewers(state)[1:]:
                    assert json.dumps(sheet(state, seat)) == json.dumps(lines), (
                        "every seat sees the same sheet"
                    )
            before = lines
        assert state.is_terminal()
