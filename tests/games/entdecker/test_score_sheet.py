"""The score sheet (terranova.core.scoring): a line for each seat placed on an island scored
and for each hut's token at the end, with the ply of the action that scored it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from terranova.core.scoring import SCORING
from terranova.games.entdecker.state import EntdeckerState
from terranova.kit.grid import E, W
from tests.games.entdecker.helpers import (
    blank,
    close_long_island,
    exploring,
    four_on_the_long_island,
    lay,
    long_island,
    play,
    random_game,
    unit,
)


def sheet(g: EntdeckerState) -> list[dict[str, Any]]:
    """The score sheet every seat sees, each line's words in English."""
    lines = g.view(None)[SCORING]
    assert all(g.view(seat)[SCORING] == lines for seat in range(g.num_seats))
    assert lines == [x.json() for x in g.sheet]
    return [
        {
            "seats": list(x.seats),
            "points": x.points,
            "kind": x.kind,
            "what": str(x.what),
            "ply": x.ply,
        }
        for x in g.sheet
    ]


def line(seat: int, points: int, kind: str, what: str, ply: int) -> dict[str, Any]:
    return {"seats": [seat], "points": points, "kind": kind, "what": what, "ply": ply}


def test_an_island_gives_a_line_to_each_seat_placed_with_the_ply_that_closed_it() -> None:
    g = four_on_the_long_island()
    assert str(g.history()[3]) == "stop"  # the move that ended the turn, and scored
    island = "on an island of 9 tiles"
    assert sheet(g) == [
        line(0, 9, "island", f"1st with a settlement {island}", 4),
        line(1, 5, "island", f"2nd with 2 forts {island}", 4),
        line(2, 3, "island", f"3rd with a fort {island}", 4),
        line(3, 2, "island", f"4th with a scout {island}", 4),
    ]
    assert g.scores() == [9, 5, 3, 2]


def test_an_island_with_a_waterfall_says_its_bonus() -> None:
    g = blank(2)
    lay(g, 0, 0, "falls-10")  # land all round, in the corner: open E and S
    lay(g, 1, 0, "cape", 3)  # land W
    unit(g, 1, 0, 1, "scout")
    exploring(g, 0, "hidden", 1, [(0, 1, E)], ship=None)
    play(g, "draw", "reveal cape", "place cape 0,1 0", "stop")  # land N closes it
    assert sheet(g) == [
        line(1, 13, "island", "1st with a scout on an island of 3 tiles + 10 waterfall", 4)
    ]


def test_a_shared_place_is_called_shared() -> None:
    g = blank(3, island_tie="share")
    long_island(g)
    unit(g, 1, 0, 0, "fort")
    unit(g, 2, 0, 2, "fort")
    unit(g, 3, 0, 1, "scout")
    close_long_island(g, 1)
    island = "on an island of 9 tiles"
    assert sheet(g) == [
        line(2, 9, "island", f"1st (shared) with a fort {island}", 4),  # turn order from 1
        line(0, 9, "island", f"1st (shared) with a fort {island}", 4),
        line(1, 3, "island", f"3rd with a scout {island}", 4),
    ]


def test_an_island_with_no_unit_gives_no_line() -> None:
    g = blank(2)
    long_island(g)
    close_long_island(g, 0)
    assert sheet(g) == [] and g.scores() == [0, 0]


def test_the_huts_at_the_end_give_a_line_each_with_the_ply_that_ended_the_game() -> None:
    g = blank(3)
    for y in range(8):
        for x in range(12):
            if (x, y) != (11, 7):
                lay(g, x, y, "sea-cross")
    g.huts[:3] = [2, 0, 1]  # pineapple (15), peanut (10), cocoa (5)
    g.paths[0][:4] = [1, 0, 0, 1]  # 2 each: seat 1's scout is nearest
    g.paths[1][:3] = [2, 0, 2]  # seat 2 has most
    g.paths[2][:2] = [0, 0]  # seat 0 alone
    exploring(g, 0, "hidden", 1, [(11, 7, W)], ship=(10, 7))
    play(g, "draw", "reveal sea-cross", "place sea-cross 11,7 0")
    assert g.is_terminal()
    assert sheet(g) == [
        line(
            1,
            15,
            "hut",
            "the hut at the end of path p1: pineapple, 2 scouts, tied: nearest the hut",
            3,
        ),
        line(2, 10, "hut", "the hut at the end of path p2: peanut, most scouts (2)", 3),
        line(0, 5, "hut", "the hut at the end of path p3: cocoa, 2 scouts, alone on the path", 3),
    ]
    assert g.score == [5, 15, 10]


@pytest.mark.parametrize(
    "params",
    [{}, {"players": 4, "island_tie": "share"}, {"players": 2, "tiebreak": "shared"}],
    ids=["default", "four-share", "two-shared"],
)
def test_a_finished_games_sheet_adds_up_to_its_scores(params: dict[str, object]) -> None:
    for seed in range(3):
        g, seen = random_game(seed, **params)
        lines = sheet(g)
        assert {entry["kind"] for entry in lines} <= {"island", "hut"}
        assert any(entry["kind"] == "hut" for entry in lines)
        added = [0] * g.num_seats
        for entry in lines:
            for s in entry["seats"]:
                added[s] += entry["points"]
        assert added == g.score
        assert all(0 <= score - a < 1 for score, a in zip(g.scores(), added, strict=True))
        middle = seen[len(seen) // 2]
        other = middle.resample(0, random.Random(seed))
        assert other.view(None)[SCORING] == middle.view(None)[SCORING]
        assert (
            g.view(None)[SCORING][: len(middle.view(None)[SCORING])] == middle.view(None)[SCORING]
        )
