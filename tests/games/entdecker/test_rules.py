"""One test per rule, on built positions (docs/entdecker/rules.md, in its order)."""

from __future__ import annotations

import random

import pytest

from terranova.core.errors import IllegalActionError
from terranova.core.state import CHANCE
from terranova.games.entdecker import exploring as ex
from terranova.games.entdecker import new_game, scoring
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import Hut, Natives, Trekking, TurnOver
from terranova.kit.grid import E, N, W
from tests.games.entdecker.helpers import (
    at_step,
    blank,
    close_long_island,
    english,
    exploring,
    four_on_the_long_island,
    lay,
    long_island,
    play,
    pos,
    random_game,
    starting,
    texts,
    unit,
)

# ----------------------------------------------------------------------- 1. income


def turn_of(g: EntdeckerState, seat: int) -> None:
    g.agenda.clear()
    ex.begin_turn(g, seat)
    g.changed()


def test_income_the_roller_takes_x_and_every_other_player_x_plus_one() -> None:
    g = blank(3)
    g.gold[:] = [7, 3, 9]
    turn_of(g, 1)
    assert g.current_player() == CHANCE
    outcomes = {str(a): p for a, p in g.chance_outcomes()}
    assert outcomes == pytest.approx(
        {"roll 2": 1 / 6, "roll 3": 2 / 6, "roll 4": 2 / 6, "roll wheel": 1 / 6}
    )
    play(g, "roll 3")
    assert g.gold == [11, 6, 13]
    assert g.bank == -11
    assert g.current_player() == 1  # now to choose a start


def test_the_ships_wheel_lets_the_roller_choose_two_to_six() -> None:
    g = blank(2)
    g.gold[:] = [0, 5]
    turn_of(g, 0)
    play(g, "roll wheel")
    assert texts(g.legal_actions()) == [f"wheel {v}" for v in range(2, 7)]
    play(g, "wheel 6")
    assert g.gold == [6, 12]


def test_no_die_with_four_gold_or_more() -> None:
    g = blank(2)
    g.gold[:] = [4, 0]
    turn_of(g, 0)
    assert g.current_player() == 0


# --------------------------------------------------------------- 2-3. start, costs


def test_edge_costs_bottom_free_sides_one_top_two() -> None:
    g = blank(2)
    g.gold[0] = 2  # one hidden tile costs 1: the top (2) is too dear
    starting(g, 0)
    assert {t[6] for t in texts(g.legal_actions())} == {"E", "S", "W"}
    play(g, "start W3")
    assert (g.gold[0], g.bank) == (1, 1)
    assert texts(g.legal_actions()) == ["announce 1 hidden"]
    g = blank(2)
    starting(g, 0)
    play(g, "start S4")
    assert g.gold[0] == 7
    g = blank(2)
    starting(g, 0)
    play(g, "start N4")
    assert g.gold[0] == 5


def test_edge_costs_variant_free() -> None:
    g = blank(2, edge_costs="free")
    g.gold[0] = 1
    starting(g, 0)
    assert len(g.legal_actions()) == 40  # every start point of the empty board
    play(g, "start N0")
    assert g.gold[0] == 1


def two_routes() -> EntdeckerState:
    """Two routes to the sea at 2,2: from W2 through seat 1's fort on the cape at 1,2
    (1 coin and a toll), or from N2 down column 2 (2 coins, no toll)."""
    g = blank(3)
    for x, y in [(0, 2), (2, 2), (2, 0), (2, 1)]:
        lay(g, x, y, "sea-cross")
    lay(g, 1, 2, "cape")  # land N, lanes E-S-W
    unit(g, 1, 2, 1, "fort")
    starting(g, 0)
    return g


def test_a_start_on_a_tile_is_reached_by_white_lines_and_the_player_chooses_the_route() -> None:
    g = two_routes()
    g.gold[0] = 10
    g.changed()
    starts = [t for t in texts(g.legal_actions()) if t.startswith("start 2,2")]
    assert starts == [
        "start 2,2 E via W2 toll 1",
        "start 2,2 E via N2",
        "start 2,2 S via W2 toll 1",
        "start 2,2 S via N2",
    ]
    # the fort stands on the start tile itself: a toll on every route; the route from the
    # top (2 coins and the same toll) is never better, so it is not offered
    assert [t for t in texts(g.legal_actions()) if t.startswith("start 1,2")] == [
        "start 1,2 S via W2 toll 1"
    ]
    play(g, "start 2,2 E via W2 toll 1")
    assert g.gold == [7, 9, 7]  # 1 coin to the bank, 2 gold to seat 1
    assert g.bank == 1
    assert g.turn is not None and g.turn.exits == [(pos(g, 3, 2), W)]


def test_tolls_are_paid_only_to_opponents_and_only_when_affordable() -> None:
    g = two_routes()
    g.gold[0] = 3  # the toll route costs 1 + 2 + a tile: too dear
    g.changed()
    assert [t for t in texts(g.legal_actions()) if t.startswith("start 2,2 E")] == [
        "start 2,2 E via N2"
    ]
    g = two_routes()
    starting(g, 1)  # seat 1 owns the fort: no toll for it
    assert "start 2,2 E via W2" in texts(g.legal_actions())


def test_a_start_must_lead_to_an_undiscovered_square() -> None:
    g = blank(2)
    lay(g, 0, 0, "sea-cross")
    starting(g, 0)
    legal = texts(g.legal_actions())
    assert "start N0" not in legal and "start W0" not in legal  # the square is discovered
    # from the corner tile, by either of its start points (both cost 1 from W0, 2 from N0)
    assert [t for t in legal if t.startswith("start 0,0")] == [
        "start 0,0 E via W0",
        "start 0,0 S via W0",
    ]


# ----------------------------------------------------------------- 4. announce, pay


def test_announce_and_pay_all_of_one_kind_at_least_one_no_refund() -> None:
    g = blank(2)
    g.gold[0] = 9
    starting(g, 0)
    play(g, "start S0")
    legal = texts(g.legal_actions())
    assert legal == [f"announce {k} hidden" for k in range(1, 10)] + [
        "announce 1 open",
        "announce 2 open",
    ]
    play(g, "announce 2 open")
    assert g.gold[0] == 1 and g.bank == 8
    assert texts(g.legal_actions()) == [f"take {k}" for k in range(1, 7)] + ["stop"]
    play(g, "stop")  # stopped early: nothing back
    assert g.gold[0] == 1


def test_tile_cap_variant_three_tiles_at_most() -> None:
    g = blank(2, tile_cap=3)
    starting(g, 0)
    play(g, "start S0")
    assert texts(g.legal_actions()) == [f"announce {k} hidden" for k in (1, 2, 3)] + [
        "announce 1 open"
    ]


# ----------------------------------------------------------------- 5. exploring


def test_a_tile_that_fits_must_be_laid_with_a_legal_rotation() -> None:
    g = blank(2)
    lay(g, 2, 2, "sea-cross")
    lay(g, 3, 1, "open-6")  # land above the square 3,2
    exploring(g, 0, "hidden", 2, [(3, 2, W)], ship=(2, 2))
    play(g, "draw", "reveal coast")
    # the coast (land N and E, lanes S-W) must show land north (to 3,1) and a lane west
    assert texts(g.legal_actions()) == ["place coast 3,2 0"]
    with pytest.raises(IllegalActionError):
        play(g, "stop")
    play(g, "place coast 3,2 0")
    turn = g.turn
    assert turn is not None and turn.ship == pos(g, 3, 2)
    assert turn.exits == [(pos(g, 3, 3), N)]  # the lane goes on south


def test_a_tile_that_does_not_fit_is_discarded() -> None:
    g = blank(2)
    lay(g, 2, 2, "sea-cross")
    exploring(g, 0, "hidden", 2, [(3, 2, W)], ship=(2, 2))
    play(g, "draw", "reveal inland")  # all land: no white line to sail in by
    assert g.discards == [g.tables.index["inland"]]
    assert g.turn is not None and g.turn.left == 1
    assert texts(g.legal_actions()) == ["draw", "stop"]


def test_open_tiles_are_chosen_by_number() -> None:
    g = blank(2)
    lay(g, 2, 2, "sea-cross")
    exploring(g, 0, "open", 1, [(3, 2, W)], ship=(2, 2))
    play(g, "take 5")
    assert g.open_stacks[5] == 7
    assert texts(g.legal_actions()) == ["place open-5 3,2 0"]  # the bay opens west


def test_a_bay_ends_the_white_line() -> None:
    g = blank(2)
    lay(g, 2, 2, "sea-cross")
    exploring(g, 0, "hidden", 3, [(3, 2, W)], ship=(2, 2))
    play(g, "draw", "reveal bay", "place bay 3,2 0")
    legal = texts(g.legal_actions())
    assert "draw" not in legal  # two tiles announced, nowhere to sail
    assert legal == ["scout 3,2/0", "fort 3,2/0", "settlement 3,2/0", "stop"]


# ----------------------------------------------------------------------- events


def place_event(design: str, rotation: int = 0, **variants: object) -> EntdeckerState:
    g = blank(2, **variants)
    lay(g, 2, 2, "sea-cross")
    g.gold[:] = [7, 7]
    exploring(g, 0, "hidden", 2, [(3, 2, W)], ship=(2, 2))
    play(g, "draw", f"reveal {design}", f"place {design} 3,2 {rotation * 90}")
    return g


def test_mine_three_gold_from_the_bank() -> None:
    g = place_event("coast-mine")
    assert g.gold == [10, 7] and g.bank == -3


def test_pirates_take_half_the_gold_rounded_down() -> None:
    g = place_event("pirates")
    assert g.gold == [4, 7] and g.bank == 3


def test_storm_ends_the_turn_at_once_with_no_unit() -> None:
    g = place_event("storm")
    assert g.current_player() == 1  # seat 1's turn (7 gold: no die)
    assert g.units == []
    assert any(e["what"] == "storm" for e in g.log)


def test_event_only_when_the_tile_is_laid() -> None:
    g = blank(2)
    lay(g, 2, 2, "sea-cross")
    lay(g, 3, 1, "sea-cross")  # water above 3,2: the mine's coast cannot lie there
    lay(g, 4, 2, "sea-cross")
    lay(g, 3, 3, "sea-cross")
    exploring(g, 0, "hidden", 2, [(3, 2, W)], ship=(2, 2))
    play(g, "draw", "reveal coast-mine")
    assert g.gold[0] == 7 and g.discards == [g.tables.index["coast-mine"]]


def test_friendly_natives_a_free_scout_onto_a_path() -> None:
    g = place_event("cape-natives")
    assert isinstance(g.agenda[-1], Natives)
    assert texts(g.legal_actions()) == [f"path p{k}" for k in range(1, 8)]
    play(g, "path p3")
    assert g.paths[2][0] == 0 and g.supply[0][0] == 18
    assert isinstance(g.agenda[-1], Hut) and g.current_player() == CHANCE
    play(g, "token corn")
    assert g.current_player() == 0  # exploring again: one tile left, or a unit
    assert "draw" in texts(g.legal_actions())


def test_friendly_natives_variant_scout_on_the_natives_land() -> None:
    g = place_event("cape-natives", natives="scout")
    assert g.units == [(g.first_node[pos(g, 3, 2)], 0, 0)]
    assert g.supply[0][0] == 18
    assert "scout 3,2/0" in texts(g.legal_actions())  # the turn's unit is still to come


# ------------------------------------------------------------------------ 6. units


def test_unit_costs_and_one_unit_ends_the_exploration() -> None:
    for kind, cost in (("scout", 1), ("fort", 3), ("settlement", 6)):
        g = place_event("cape")
        play(g, f"{kind} 3,2/0")
        assert g.gold[0] == 7 - cost
        assert g.current_player() == 1  # the turn is over
    g = place_event("cape")
    g.gold[0] = 5
    g.changed()
    assert texts(g.legal_actions()) == ["draw", "scout 3,2/0", "fort 3,2/0", "stop"]


def test_no_unit_on_a_tile_from_an_earlier_turn() -> None:
    g = blank(2)
    lay(g, 2, 2, "cape")
    exploring(g, 0, "hidden", 1, [(3, 2, W)], ship=(2, 2))
    assert texts(g.legal_actions()) == ["draw", "stop"]


def test_out_of_scouts_one_is_taken_back_and_leaves_a_gap_on_its_path() -> None:
    g = place_event("cape")
    g.supply[0][0] = 0
    g.paths[0][:2] = [1, 0]
    g.changed()
    assert texts(g.legal_actions())[:2] == ["draw", "scout 3,2/0 from p1/2"]
    play(g, "scout 3,2/0 from p1/2")
    assert g.paths[0][:2] == [1, -1] and g.supply[0][0] == 0
    scoring.trek(g, 1, 0, from_supply=True)  # anyone may fill the gap later
    assert g.paths[0][:3] == [1, 1, -1]


# ------------------------------------------------------------ 7. enclosed spaces


def hole(g: EntdeckerState) -> None:
    """Sea around the square 5,5."""
    for x, y in [(5, 4), (6, 5), (5, 6), (4, 5)]:
        lay(g, x, y, "sea-cross")


def close_turn(g: EntdeckerState) -> None:
    lay(g, 0, 7, "sea-cross")
    exploring(g, 0, "hidden", 0, [], ship=None)
    at_step(g, TurnOver(0))
    ex.end_exploration(g, 0)
    g.advance()


def test_enclosed_single_space_filled_from_the_open_stacks() -> None:
    g = blank(2)
    hole(g)
    close_turn(g)
    assert g.map.tiles[-1] == (pos(g, 5, 5), g.tables.index["open-1"], 0)
    assert g.open_stacks[1] == 7


def test_enclosed_space_then_from_the_discards() -> None:
    g = blank(2)
    hole(g)
    g.open_stacks[1] = 0
    g.discards = [g.tables.index["inland"], g.tables.index["sea-bends"]]
    close_turn(g)
    assert g.map.tiles[-1][1] == g.tables.index["sea-bends"]
    assert g.discards == [g.tables.index["inland"]]


def test_enclosed_space_then_searched_out_of_the_hidden_stacks() -> None:
    g = blank(2)
    hole(g)
    g.open_stacks[1] = 0
    close_turn(g)
    assert g.current_player() == CHANCE
    fitting = sorted(str(a) for a, _ in g.chance_outcomes())
    assert fitting == sorted(
        f"fill {d}" for d in ["sea-cross", "sea-strait", "sea-bends", "sea-islet", "pirates",
                              "storm"]
    )  # fmt: skip
    play(g, "fill sea-islet")
    assert g.map.tiles[-1][1] == g.tables.index["sea-islet"]
    assert g.hidden[g.tables.index["sea-islet"]] == 3
    assert g.current_player() == 1


def test_a_square_on_the_boards_edge_is_enclosed_by_tiles_and_the_frame() -> None:
    for frame, filled in (("closed", True), ("open", False)):
        g = blank(2, frame=frame)
        for x, y in [(4, 0), (6, 0), (5, 1)]:  # 5,0 is on the top edge, start point N5
            lay(g, x, y, "sea-cross")
        close_turn(g)
        assert (pos(g, 5, 0) in g.map.at) is filled, frame
        assert g.current_player() == 1


# -------------------------------------------------------------- 8. island scoring


def test_island_completed_at_the_boards_edge_is_scored() -> None:
    g = blank(2)
    long_island(g)
    unit(g, 3, 0, 1, "fort")
    close_long_island(g, 0)
    assert g.score == [0, 9]  # 9 tiles, the board's edge closing them north
    assert g.supply[1][1] == 2  # the fort is back
    assert g.log[-1]["value"] == 9


def test_scoring_cascade_with_four_players_and_an_odd_value() -> None:
    g = four_on_the_long_island()
    assert g.score == [9, 5, 3, 2]
    assert g.supply[0][2] == 1 and g.supply[1][1] == 2 and g.supply[2][1] == 2
    assert isinstance(g.agenda[-1], Trekking) and g.current_player() == 3


def test_waterfall_bonus_adds_to_the_value() -> None:
    g = blank(2)
    lay(g, 0, 0, "falls-10")  # land all round, in the corner: open E and S
    lay(g, 1, 0, "cape", 3)  # land W
    unit(g, 1, 0, 1, "scout")
    exploring(g, 0, "hidden", 1, [(0, 1, E)], ship=None)
    play(g, "draw", "reveal cape", "place cape 0,1 0", "stop")  # land N closes it
    assert g.log[-1]["value"] == 13 and g.score == [0, 13]


def test_majority_by_strongest_type_then_count() -> None:
    g = blank(3)
    rank = scoring.ranking
    assert [r[0] for r in rank(g, [(0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 1, 1)], 0)] == [1, 0]
    assert [r[0] for r in rank(g, [(0, 0, 1), (0, 0, 1), (0, 1, 2)], 0)] == [1, 0]
    assert [r[0] for r in rank(g, [(0, 0, 1), (0, 1, 1), (0, 1, 1)], 0)] == [1, 0]


def test_island_tie_goes_to_the_active_player_then_turn_order() -> None:
    g = blank(3)
    units = [(0, 0, 1), (0, 1, 1), (0, 2, 1)]
    assert [(r[0], r[3]) for r in scoring.ranking(g, units, 1)] == [(1, 1), (2, 2), (0, 3)]


def test_island_tie_variant_share() -> None:
    g = blank(3, island_tie="share")
    units = [(0, 0, 1), (0, 1, 1), (0, 2, 0)]
    assert [(r[0], r[3]) for r in scoring.ranking(g, units, 2)] == [(0, 1), (1, 1), (2, 3)]


def test_scouts_go_onto_the_paths_active_player_first_then_turn_order() -> None:
    g = blank(3)
    long_island(g)
    unit(g, 1, 0, 0, "scout")
    unit(g, 2, 0, 0, "scout")
    unit(g, 3, 0, 2, "scout")
    close_long_island(g, 1)
    order = [s.seat for s in g.agenda if isinstance(s, Trekking)]
    assert order[::-1] == [2, 0, 0]
    play(g, "path p2")
    assert g.paths[1][0] == 2  # the space nearest the hut
    assert isinstance(g.agenda[-1], Hut)


def test_hut_tokens_are_seen_by_the_player_who_drew_only() -> None:
    g = blank(3)
    g.paths[1][0] = 2
    at_step(g, Hut(2, 1))
    assert g.describe_action(g.tables.tokens[0], 2) == "token peanut"
    assert g.describe_action(g.tables.tokens[0], 0) == "token ?"
    assert g.describe_action(g.tables.tokens[0], None) == "token ?"
    scoring.token_drawn(g, 2, 1, 0)
    starting(g, 0)
    assert g.view(2)["huts"][1]["token"] == "peanut"
    assert g.view(0)["huts"][1]["token"] == "?" and g.view(None)["huts"][1]["value"] is None
    other = g.resample(0, __import__("random").Random(1))
    assert other.view(0) == g.view(0)


# ------------------------------------------------------------------------- the end


def test_end_hut_to_most_scouts_tie_to_the_scout_nearest_the_hut() -> None:
    g = blank(3)
    g.huts[0], g.huts[1] = 2, 0  # pineapple (15), peanut (10)
    g.paths[0][:4] = [1, 0, 0, 1]  # 2 each: seat 1's scout is nearest
    g.paths[1][:3] = [2, 0, 0]  # seat 0 has most
    scoring.finish(g, scoring.FULL, 0)
    assert g.score == [10, 15, 0]


def test_gold_breaks_a_tie_and_the_variant_shares_the_win() -> None:
    g = blank(2)
    g.score[:] = [10, 10]
    g.gold[:] = [3, 5]
    scoring.finish(g, scoring.FULL, 0)
    assert g.winners() == [1] and g.returns() == [10.003, 10.005]
    g = blank(2, tiebreak="shared")
    g.score[:] = [10, 10]
    scoring.finish(g, scoring.FULL, 0)
    assert g.winners() == [0, 1]


def test_the_game_ends_when_the_board_is_full() -> None:
    g = blank(2)
    for y in range(8):
        for x in range(12):
            if (x, y) != (11, 7):
                lay(g, x, y, "sea-cross")
    exploring(g, 0, "hidden", 1, [(11, 7, W)], ship=(10, 7))
    play(g, "draw", "reveal sea-cross", "place sea-cross 11,7 0")
    assert g.is_terminal()  # no land for a unit: the exploration ends, and the game


def stall(g: EntdeckerState, rng: random.Random) -> None:
    """Play one decision or chance outcome the stalling way: announce the fewest tiles,
    then stop without drawing (the FAQ allows exploring no tile)."""
    if g.current_player() == CHANCE:
        g.apply(g.sample_chance(rng))
        return
    legal = g.legal_actions()
    stop = [a for a in legal if a == ex.STOP]
    g.apply(stop[0] if stop else legal[0])


def test_a_stalling_game_ends_after_the_turn_limit_and_scores_as_usual() -> None:
    """Ruling 22: announcing and stopping every turn would go on for ever; the game ends
    after the turn that reaches the limit, with the usual final scoring."""
    g = new_game(players=3)
    g.huts[0] = 2  # pineapple (15) in hut p1, seat 1's scout on its path
    g.bag.remove(2)
    g.paths[0][0] = 1
    tiles = len(g.view(None)["map"])
    rng = random.Random(1)
    while g.turns < scoring.TURN_LIMIT - 1:
        stall(g, rng)
    assert not g.is_terminal()
    while not g.is_terminal():
        stall(g, rng)
    assert g.turns == scoring.TURN_LIMIT
    assert len(g.view(None)["map"]) == tiles  # nothing was explored
    assert g.score == [0, 15, 0]  # the hut scored at the end, as in any game
    assert g.winners() == [1]
    assert g.returns() == [p + gold / 1000 for p, gold in zip(g.score, g.gold, strict=True)]
    assert [english(e["what"]) for e in g.log[-2:]] == [
        "hut",
        f"the game ends: the turn limit ({scoring.TURN_LIMIT} turns) is reached",
    ]
    assert english(g.view(None)["end_reason"]) == scoring.TURN_LIMIT_REACHED


def test_the_turn_that_reaches_the_limit_is_played_out_in_full() -> None:
    """Ruling 22: the last turn fills and scores as any other, then the game ends."""
    g = blank(2)
    long_island(g)
    unit(g, 3, 0, 1, "fort")
    g.turns = scoring.TURN_LIMIT - 1
    close_long_island(g, 0)
    assert g.is_terminal()
    assert g.score == [0, 9]  # the island completed in the last turn is scored


def test_a_game_played_in_earnest_never_meets_the_turn_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A random game ends by the board (ruling 11) far below the limit, and plays the same
    with no limit at all."""
    g, _ = random_game(7, players=3)
    assert g.turns < scoring.TURN_LIMIT / 3
    assert english(g.view(None)["end_reason"]) != scoring.TURN_LIMIT_REACHED
    monkeypatch.setattr(scoring, "TURN_LIMIT", 10**9)
    unlimited, _ = random_game(7, players=3)
    assert unlimited.history() == g.history() and unlimited.returns() == g.returns()


# ------------------------------------------------------------------------- variants


def test_variable_setup_draws_a_layout() -> None:
    g = new_game(players=2, setup="variable")
    assert g.current_player() == CHANCE
    assert [str(a) for a, _ in g.chance_outcomes()] == ["layout v1", "layout v2", "layout v3",
                                                         "layout v4"]  # fmt: skip
    play(g, "layout v3")
    assert len(g.view(None)["map"]) == 9 and g.view(None)["layout"] == "v3"
    beginner = new_game(players=2)
    assert beginner.view(None)["layout"] == "beginner"


def test_friendly_natives_with_no_scout_left_give_nothing() -> None:
    g = blank(2)
    g.supply[0][0] = 0
    lay(g, 2, 2, "sea-cross")
    exploring(g, 0, "hidden", 2, [(3, 2, W)], ship=(2, 2))
    play(g, "draw", "reveal cape-natives", "place cape-natives 3,2 0")
    assert g.current_player() == 0 and "draw" in texts(g.legal_actions())
    assert all(space < 0 for path in g.paths for space in path)


def test_the_game_ends_when_no_undiscovered_square_can_be_reached() -> None:
    """Ruling 11: a lake enclosed by land that no tile left fits stays undiscovered, and no
    ship can reach it: the game ends, saying why."""
    g = blank(2)
    for y in range(8):
        for x in range(12):
            if (x, y) not in ((5, 3), (5, 4), (10, 7), (11, 7)):
                lay(g, x, y, "open-6")  # land everywhere: a lake of two squares at 5,3-5,4
    lay(g, 10, 7, "open-5", 2)  # a bay opening east, towards 11,7
    t = g.tables
    g.open_stacks = [0] * 7
    g.hidden = [0] * len(g.hidden)
    g.hidden[t.index["bay"]] = 1
    g.hidden[t.index["sea-cross"]] = 5  # tiles are left, but none fits the lake
    exploring(g, 0, "hidden", 1, [(11, 7, W)], ship=(10, 7))
    play(g, "draw", "reveal bay", "place bay 11,7 0", "stop")
    assert g.is_terminal()
    assert len(g.view(None)["map"]) == 94
    assert english(g.view(None)["end_reason"]) == scoring.UNREACHABLE
    assert english(g.log[-1]["what"]) == f"the game ends: {scoring.UNREACHABLE}"


def test_the_game_ends_when_every_player_in_a_row_cannot_pay() -> None:
    """Ruling 11: nobody can pay for a start, so nobody will explore again: the squares
    left are filled as enclosed spaces (while tiles last), then the game ends."""
    g = blank(2)
    g.gold[:] = [0, 0]
    g.hidden = [0] * len(g.hidden)  # open tiles only: 4 gold and the start point's coins
    for x in range(12):
        lay(g, x, 7, "open-6")  # the free bottom edge is closed
    g.agenda.clear()
    g.agenda.append(TurnOver(1))
    g.gold[:] = [4, 4]
    g.advance()
    assert g.is_terminal() and g.passes == 2
    assert english(g.view(None)["end_reason"]) == scoring.NO_START
    assert sum(g.open_stacks) == 0  # the 50 open tiles filled 50 of the 84 squares left
    assert len(g.map.tiles) == 12 + 50
    assert f"{scoring.NO_START}: the squares left are filled" in [english(e["what"]) for e in g.log]
    assert english(g.log[-1]["what"]) == f"the game ends: {scoring.NO_START}"


def test_resample_redraws_only_the_tokens_the_seat_has_not_seen() -> None:
    g = blank(3)
    scoring.token_drawn(g, 0, 0, 0)  # seat 0 saw peanut in hut p1
    scoring.token_drawn(g, 1, 1, 1)  # seat 1 saw cocoa in hut p2
    starting(g, 0)
    import random

    seen = set()
    for k in range(20):
        other = g.resample(0, random.Random(k))
        assert other.huts[0] == 0
        seen.add(other.huts[1])
        assert sorted([other.huts[1], *other.bag]) == sorted([1, *g.bag])
    assert len(seen) > 3


def forts_or_a_settlement() -> EntdeckerState:
    """Seat 0 to start with 20 gold: from S0 the ship would pass two of seat 1's forts,
    from S2 one of its settlements, to the sea at 1,5 (ruling 4)."""
    g = blank(2)
    for x in (0, 2):
        lay(g, x, 7, "channel", 1)  # a lane north-south between land
        lay(g, x, 6, "channel", 1)
    for x in (0, 1, 2):
        lay(g, x, 5, "sea-cross")
    unit(g, 0, 7, 1, "fort", 0)
    unit(g, 0, 6, 1, "fort", 0)
    unit(g, 2, 7, 1, "settlement", 0)
    starting(g, 0)
    g.gold[0] = 20
    return g


def test_a_route_paying_the_same_players_more_often_for_no_less_is_not_offered() -> None:
    """Ruling 4: from S0 the ship passes two of seat 1's forts (4 gold), from S2 one of its
    settlements (2 gold), both start points free: only the route via S2 is offered."""
    g = forts_or_a_settlement()
    offered = [t for t in texts(g.legal_actions()) if t.startswith("start 1,5 N")]
    assert offered == ["start 1,5 N via S2 toll 1", "start 1,5 N via W5"]
