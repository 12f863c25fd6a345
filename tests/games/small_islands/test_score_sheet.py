"""The score sheet (terranova.core.scoring) of Small Islands: a line for each house its
objective pays for, for the ports around one's own ship (as it lands, and as tiles and port
tokens come beside it), and for each Discovery token once the game is over; built positions,
then whole games whose sheets add up to the final scores."""

from __future__ import annotations

import random
from typing import Any

import pytest

from terranova.core.i18n import as_data
from terranova.core.scoring import SCORING
from terranova.core.state import CHANCE
from terranova.games.small_islands import new_game
from terranova.games.small_islands.sheet import KINDS
from terranova.games.small_islands.state import SmallIslandsState
from terranova.games.small_islands.steps import Placing, Turn
from tests.games.small_islands.helpers import (
    at_step,
    blank,
    hand,
    harbour,
    lay,
    navigation,
    objective,
    play,
    random_step,
    row,
    ship,
    token,
)


def sheet(g: SmallIslandsState, seat: int | None = None) -> list[dict[str, Any]]:
    """The view's lines, each line's words (sent as data) said in English, its kind's words
    checked and left out."""
    lines: list[dict[str, Any]] = g.view(seat)[SCORING]
    assert len(lines) == len(g.sheet)
    out = []
    for line, scored in zip(lines, g.sheet, strict=True):
        assert line["what"] == as_data(scored.what)
        assert line.pop("kind_says") == as_data(KINDS[line["kind"]])
        out.append({**line, "what": str(scored.what)})
    return out


def totals(g: SmallIslandsState) -> list[int]:
    out = [0] * g.num_seats
    for line in sheet(g):
        for seat in line["seats"]:
            out[seat] += line["points"]
    return out


def land_at_dock(g: SmallIslandsState, seat: int, kind: str = "grey") -> None:
    """``seat`` lands at a one-tile islet far from everything (no port around): the round
    ends."""
    lay(g, 30, 0, "spit")
    g.nav = 0
    at_step(g, Turn(seat))
    play(g, f"land {kind} 30,1")


# ======================================================================== objectives


@pytest.mark.parametrize(
    ("cards", "island", "points", "what"),
    [
        (
            ("O12",),
            ["lea", "flo"],
            6,
            "objective 'as many leaves as flowers → 6 points' fulfilled in round 2: "
            "a house on an island of 2 tiles (1 flower, 0 fruits and 1 leaf)",
        ),
        (
            ("O01",),
            ["flo", "flo", "fru", "tem"],
            4,
            "objective 'more flowers than fruits → 1 per flower + 2' fulfilled in round 2: "
            "a house on an island of 4 tiles (2 flowers, 1 fruit, 0 leaves and 1 temple)",
        ),
        (
            ("M10", "R08"),
            ["flo", "flo", "lea", "lea", "fru"],
            6,
            "objective 'as many flowers as fruits or leaves → 6 points' fulfilled in "
            "round 2: a house on an island of 5 tiles (2 flowers, 1 fruit and 2 leaves)",
        ),
    ],
)
def test_a_house_built_for_an_objective_is_a_line(
    cards: tuple[str, ...], island: list[str], points: int, what: str
) -> None:
    g = blank(2, mode="advanced" if len(cards) == 2 else "normal")
    g.round = 2
    for x, name in enumerate(island):
        lay(g, x, 0, name)
    objective(g, 0, *cards)
    land_at_dock(g, 1)  # a grey ship: no points
    assert sheet(g) == []
    play(g, "house 0,0")
    line = {"seats": [0], "points": points, "kind": "objective", "what": what, "ply": 2}
    assert sheet(g) == [line]
    assert sheet(g, 0) == sheet(g, 1) == [line]
    assert totals(g) == [int(s) for s in g.scores()] == [points, 0]


def test_each_house_is_a_line_of_its_own() -> None:
    g = blank(2)
    g.round = 1
    for y in (0, 2):
        lay(g, 0, y, "lea")
        lay(g, 1, y, "flo")
    objective(g, 0, "O12")
    land_at_dock(g, 1)
    play(g, "house 0,0", "house 0,2")
    assert [(line["points"], line["ply"]) for line in sheet(g)] == [(6, 2), (6, 3)]
    assert totals(g) == [12, 0]


# ======================================================================== ports, ships


def test_landing_ones_own_ship_scores_the_ports_around_it_a_grey_one_nothing() -> None:
    g = blank(2)
    harbour(g, 0, 0, ports=5)  # five capes with a printed port, three spits
    token(g, 1, "port", -1, -1)  # a sixth port, placed before any ship
    harbour(g, 10, 0, ports=8)
    g.nav = 0
    at_step(g, Turn(1))
    play(g, "land grey 10,0")
    assert sheet(g) == []
    g = blank(2)
    harbour(g, 0, 0, ports=5)
    token(g, 1, "port", -1, -1)
    g.nav = 0
    at_step(g, Turn(0))
    play(g, "land own 0,0")
    what = "own ship landed with 6 ports on the tiles around it"
    assert sheet(g) == [{"seats": [0], "points": 6, "kind": "ship", "what": what, "ply": 1}]
    assert totals(g) == [int(s) for s in g.scores()] == [6, 0]


def test_a_tile_or_a_port_token_beside_a_ship_scores_for_its_owner() -> None:
    g = blank(2)
    lay(g, 30, 0, "cape")  # land N only, a printed port
    ship(g, 30, 1, 1)  # seat 1's ship south of it (one port around)
    ship(g, 20, 1, -1)  # a grey ship: scores nobody
    lay(g, 20, 0, "spit")
    before = g.scores()
    hand(g, 0, "cape", "cape")
    row(g, "spit", "spit")  # seat 1 has a tile to take next
    navigation(g, 6)
    at_step(g, Placing(0))
    play(g, "place cape 21,1 90")  # beside the grey ship: nothing
    assert sheet(g) == []
    at_step(g, Placing(0))
    play(g, "place cape 31,1 90", "reveal land")  # seat 0 lays a port beside seat 1's ship
    assert sheet(g) == [
        {
            "seats": [1],
            "points": 1,
            "kind": "ship",
            "what": "a tile with 1 port laid beside its ship",
            "ply": 2,
        }
    ]
    play(g, "token port 31,1")  # seat 0's port token there: one more for seat 1
    assert sheet(g)[1:] == [
        {
            "seats": [1],
            "points": 1,
            "kind": "ship",
            "what": "a port token placed beside its ship",
            "ply": 4,
        }
    ]
    assert not g.is_terminal()
    assert g.scores()[1] - before[1] == 2


# ======================================================================== Discovery tokens


def test_discovery_tokens_enter_the_sheet_only_at_the_end() -> None:
    g = blank(2)
    for x, name in enumerate(["tem", "tem", "flo", "flo"]):
        lay(g, x, 0, name)
    ship(g, 10, 10, 0)
    ship(g, 12, 10, 1)
    ship(g, 14, 10, -1)  # the last ship lands next: the game ends after this round
    objective(g, 0, "O06")  # a temple and two flowers: Discovery
    land_at_dock(g, 0)
    play(g, "house 0,0", "discover D12", "discover D01")
    assert g.current_player() == 0
    play(g, "choose D12")  # worth 6: its own view counts it, the others' do not
    assert g.is_terminal()
    line = {
        "seats": [0],
        "points": 6,
        "kind": "discovery",
        "what": "Discovery token worth 6, revealed at the end",
        "ply": 5,
    }
    assert sheet(g) == sheet(g, 1) == [line]
    scores = g.scores()
    assert totals(g) == [int(s) for s in scores] == [6, 0]
    assert all(0 <= s - t < 1 for s, t in zip(scores, totals(g), strict=True))


def test_a_discovery_token_kept_before_the_end_is_not_on_the_sheet() -> None:
    g = blank(2)
    for x, name in enumerate(["tem", "tem", "flo", "flo"]):
        lay(g, x, 0, name)
    objective(g, 0, "O06")
    land_at_dock(g, 0)
    play(g, "house 0,0", "discover D12", "discover D01", "choose D12")
    assert not g.is_terminal()
    assert g.view(0)["seats"][0]["score"] == 6  # its own view counts its token
    assert sheet(g) == sheet(g, 0) == sheet(g, 1) == []
    assert g.scores() == [0.0, 0.0]


# ======================================================================== whole games


def play_out(g: SmallIslandsState, seed: int) -> None:
    """Random play to the end (houses built whenever possible); no Discovery line before
    the end."""
    rng = random.Random(seed)
    while not g.is_terminal():
        if g.current_player() != CHANCE:
            built = [a for a in g.legal_actions() if str(a).startswith("house")]
            if built:
                g.apply(built[0])
                continue
        random_step(g, rng)
        if not g.is_terminal():
            assert all(line["kind"] != "discovery" for line in sheet(g))


@pytest.mark.parametrize(
    ("params", "seed"),
    [
        ({"players": 1, "alexis": 1}, 1),
        ({"players": 1, "alexis": 3, "mode": "advanced"}, 2),
        ({"players": 3}, 3),
        ({"players": 3, "mode": "advanced", "tokens": "cover"}, 4),
        ({"players": 4}, 5),
    ],
)
def test_a_finished_games_sheet_adds_up_to_the_final_scores(
    params: dict[str, Any], seed: int
) -> None:
    g = new_game(**params)
    play_out(g, seed)
    lines = sheet(g)
    assert lines and all(line["kind"] in {"objective", "ship", "discovery"} for line in lines)
    assert all(len(line["seats"]) == 1 and line["seats"][0] < g.num_seats for line in lines)
    scores = g.scores()
    if g.num_seats == 1:  # the solo game: the player's points only, no tie-break
        assert totals(g) == [scores[0]]
        assert "alexis" in g.view(None)
    else:
        assert all(0 <= s - t < 1 for s, t in zip(scores, totals(g), strict=True))
    # every Discovery token kept, at the last action's ply
    values = g.tables.discoveries
    kept = [(s, values[t]) for s in range(g.num_seats) for t in g.discoveries[s] if values[t]]
    tokens = [line for line in lines if line["kind"] == "discovery"]
    found = [(line["seats"][0], line["points"]) for line in tokens]
    assert found == kept
    assert all(
        line["what"] == f"Discovery token worth {line['points']}, revealed at the end"
        for line in tokens
    )
    assert all(line["ply"] == len(g.history()) for line in tokens)


def test_clones_and_resampled_states_keep_the_sheet_and_do_not_share_it() -> None:
    g = new_game(players=2)
    rng = random.Random(7)
    while not any(line["kind"] == "objective" for line in sheet(g)):
        if g.current_player() != CHANCE:
            built = [a for a in g.legal_actions() if str(a).startswith("house")]
            if built:
                g.apply(built[0])
                continue
        random_step(g, rng)
    lines = sheet(g)
    other = g.clone()
    assert sheet(other) == lines
    if g.current_player() != CHANCE:
        assert sheet(g.resample(g.current_player(), random.Random(1))) == lines
    play_out(other, 8)
    assert sheet(g) == lines
