"""Rules version 3: the board fills (ruling 8: squares no ship can ever reach are filled),
the scouts of every island a turn completes go onto the paths after all are scored
(ruling 23), and the end of a game says why (ruling 11) in the view, the log and the
record."""

from __future__ import annotations

import pytest

from terranova.arena.series import seat_agents
from terranova.core.i18n import as_data
from terranova.core.records import play as play_bots
from terranova.core.records import replay
from terranova.core.registry import make
from terranova.core.state import CHANCE
from terranova.games.entdecker import scoring
from terranova.games.entdecker.steps import Hut, Trekking
from terranova.kit.grid import S
from tests.games.entdecker.helpers import (
    blank,
    english,
    exploring,
    lay,
    long_island,
    play,
    pos,
    unit,
    words,
)
from tests.games.entdecker.test_rules import close_turn

LAKE = [(5, 3), (5, 4)]
SHORE = [(5, 2), (4, 3), (6, 3), (4, 4), (6, 4), (5, 5)]


def test_a_lake_of_two_squares_no_ship_can_reach_is_filled() -> None:
    """Ruling 8: two undiscovered squares enclosed by land are no single enclosed space,
    yet no ship can ever reach them: they are filled at the end of the turn (from the open
    stacks, lowest number first), and the game goes on."""
    g = blank(2)
    for x, y in SHORE:
        lay(g, x, y, "open-6")
    assert scoring.out_of_reach(g) == {pos(g, x, y) for x, y in LAKE}
    close_turn(g)
    assert all(pos(g, x, y) in g.map.at for x, y in LAKE)
    assert g.open_stacks[5] == 6  # a bay each, land on three sides
    assert not g.is_terminal() and g.current_player() == 1
    assert [english(e["what"]) for e in g.log[-2:]] == [
        "open 5 from an open stack fills 5,3",
        "open 5 from an open stack fills 5,4",
    ]


def test_a_lake_a_white_line_leads_into_is_within_reach() -> None:
    """The same lake with a channel's white line leading into it from the board's edge is
    within reach: it is left to the ships."""
    g = blank(2)
    for x, y in SHORE:
        if (x, y) != (4, 3):
            lay(g, x, y, "open-6")
    for x in range(4):
        lay(g, x, 3, "channel")  # land N and S, a line W-E from start point W3 to 5,3
    lay(g, 4, 3, "channel")
    assert scoring.out_of_reach(g) == frozenset()
    g.hidden = [0] * len(g.hidden)
    g.open_stacks = [0] * 7  # no tile left a ship could lay there: beyond reach
    g.reach_cache = None
    assert scoring.out_of_reach(g) == {q for q in g.tables.squares if q not in g.map.at}


def two_islands_closed_at_once() -> list[int]:
    """Seat 1 lays a channel at 8,0 (land W and E, two pieces): it closes the long island
    (scouts of seats 0 and 1) and the small island at 9,0 (a scout of seat 2), in that
    order of pieces the small one first. Returns the seats whose scouts go onto the paths,
    in order."""
    g = blank(3)
    long_island(g)
    lay(g, 9, 0, "cape", 3)  # land W only: an island of one tile open towards 8,0
    unit(g, 9, 0, 2, "scout")
    unit(g, 1, 0, 0, "scout")
    unit(g, 2, 0, 1, "scout")
    exploring(g, 1, "hidden", 1, [(8, 0, S)], ship=None)
    play(g, "draw", "reveal channel", "place channel 8,0 90", "stop")
    assert [str(line.what).split(" on ")[1] for line in g.sheet] == [
        "an island of 2 tiles",
        "an island of 9 tiles",
        "an island of 9 tiles",
    ]
    order = []
    while isinstance(g.agenda[-1], (Trekking, Hut)):
        if g.current_player() == CHANCE:  # a produce token into the hut
            g.apply(g.chance_outcomes()[0][0])
        else:
            order.append(g.current_player())
            g.apply(g.legal_actions()[0])
    return order


def test_scouts_go_onto_the_paths_once_every_island_of_the_turn_is_scored() -> None:
    """Ruling 23: every island completed this turn is scored first; then all their scouts
    go onto the paths, the active player's first (seat 1, from the second island), then in
    turn order (seat 2, from the first island, then seat 0)."""
    assert two_islands_closed_at_once() == [1, 2, 0]


def test_the_end_reason_is_in_the_view_the_log_and_the_record() -> None:
    state = make("entdecker", players=2)
    record = play_bots(state, seat_agents(["greedy", "greedy"], 5), 5)
    view = state.view(0)
    reason = english(view["end_reason"])
    assert reason in scoring.END_REASONS
    said = state.end_reason()
    assert said is not None and as_data(said) == view["end_reason"]
    assert english(view["log"][-1]["what"]) == f"the game ends: {reason}"
    assert view["log"][-1]["end"] == view["end_reason"]
    assert (
        words(view["log"][-1]["what"]).render("fr") == f"la partie se termine : {said.render('fr')}"
    )
    assert record.result is not None and record.result["reason"] == view["end_reason"]
    assert replay(record).end_reason() == said
    before = make("entdecker", players=2)
    assert before.view(None)["end_reason"] is None and before.end_reason() is None


def test_a_record_of_rules_version_2_is_refused() -> None:
    state = make("entdecker", players=2)
    record = play_bots(state, seat_agents(["greedy", "greedy"], 5), 5)
    record.rules_version = "2"
    with pytest.raises(Exception, match="rules 2, this is 3"):
        replay(record)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_fill_the_board(players: int) -> None:
    """A handful of seeded greedy games end with the board full, well within the turn
    limit (200 games per player count in docs/entdecker/components.md: 100 %)."""
    for seed in range(2):
        state = make("entdecker", players=players)
        play_bots(state, seat_agents(["greedy"] * players, seed), seed)
        assert len(state.view(None)["map"]) == 96, (players, seed)
        assert state.view(None)["turns"] < scoring.TURN_LIMIT / 4
