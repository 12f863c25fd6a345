"""The routes the view gives the board (views.py, routes.course): while a seat chooses its
start, each start it may take by its text, square by square from its start point with the
side each square is entered by, the way out, the tolls and to whom; during the turn, the
route of the start taken. Checked against the rules on built positions and random games:
the walk follows white lines, pays exactly the start's tolls, and costs what taking the
start takes from the player's gold."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from terranova.core.state import CHANCE
from terranova.games.entdecker import new_game
from terranova.games.entdecker.state import EntdeckerState
from tests.games.entdecker.helpers import play
from tests.games.entdecker.test_rules import forts_or_a_settlement, two_routes

SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def xy(square: str) -> tuple[int, int]:
    x, y = square.split(",")
    return int(x), int(y)


def line(point: str, cost: int, squares: str, entered: str, leave: str, tolls: Any) -> Any:
    """A route entering each of ``squares`` (``x,y`` separated by spaces) from side
    ``entered`` and heading out by ``leave``."""
    at = squares.split()
    x, y = xy(at[-1])
    into = f"{x + STEP[leave][0]},{y + STEP[leave][1]}"
    return {
        "point": point,
        "cost": cost,
        "squares": [{"square": square, "from": entered} for square in at],
        "leave": leave,
        "into": into,
        "tolls": tolls,
    }


def test_each_start_has_its_route_square_by_square() -> None:
    g = two_routes()
    g.gold[0] = 10
    g.changed()
    routes = g.view(0)["routes"]
    assert set(routes) == {str(a) for a in g.legal_actions()}
    w2, n2 = g.edge_cost[g.tables.point_index["W2"]], g.edge_cost[g.tables.point_index["N2"]]
    toll = [{"seat": 1, "square": "1,2"}]
    assert routes["start 2,2 E via W2 toll 1"] == line("W2", w2 + 2, "0,2 1,2 2,2", "W", "E", toll)
    assert routes["start 2,2 S via N2"] == line("N2", n2, "2,0 2,1 2,2", "N", "S", [])
    # the fort on the start tile itself takes its toll
    assert routes["start 1,2 S via W2 toll 1"]["tolls"] == [{"seat": 1, "square": "1,2"}]
    assert routes["start 1,2 S via W2 toll 1"]["squares"][-1] == {"square": "1,2", "from": "W"}
    # from the edge: the undiscovered square the ship sails into
    assert routes["start N5"] == {
        "point": "N5",
        "cost": g.edge_cost[g.tables.point_index["N5"]],
        "squares": [{"square": "5,0", "from": "N"}],
        "leave": None,
        "into": None,
        "tolls": [],
    }
    # every seat and a spectator see the same routes; the next step has none
    assert all(g.view(s)["routes"] == routes for s in (1, 2, None))
    play(g, "start 2,2 E via W2 toll 1")
    view = g.view(1)
    assert view["routes"] == {}
    assert view["turn"]["route"] == routes["start 2,2 E via W2 toll 1"]


def test_a_route_passing_a_settlement_names_it() -> None:
    """Ruling 4's position: the route via S2 passes seat 1's settlement on 2,7."""
    g = forts_or_a_settlement()
    route = g.view(0)["routes"]["start 1,5 N via S2 toll 1"]
    assert [s["square"] for s in route["squares"]] == ["2,7", "2,6", "2,5", "1,5"]
    assert route["tolls"] == [{"seat": 1, "square": "2,7"}]


def check_route(g: EntdeckerState, seat: int, text: str, route: dict[str, Any]) -> None:
    """The route of start ``text`` follows white lines from its start point to the start
    tile and out on its heading, pays exactly the start's tolls to opponents' forts and
    settlements on it, and costs what the start takes from ``seat``'s gold."""
    t = g.tables
    action = g.parse_action(text)
    point = t.points[t.point_index[route["point"]]]
    first = route["squares"][0]
    assert (first["square"], first["from"]) == (t.where(point.pos), SIDES[point.edge])
    squares = [xy(s["square"]) for s in route["squares"]]
    for step, nxt in zip(route["squares"], route["squares"][1:], strict=False):
        x, y = xy(step["square"])
        side = SIDES[(SIDES.index(nxt["from"]) + 2) % 4]
        assert (x + STEP[side][0], y + STEP[side][1]) == xy(nxt["square"])
    if route["leave"] is None:
        assert text == f"start {route['point']}"
        assert g.map.at.get(point.pos) is None
    else:
        for k, step in enumerate(route["squares"]):  # along one white line of each tile
            x, y = squares[k]
            _, d, r = g.map.tiles[g.map.at[t.grid.encode(x, y)]]
            lane = t.lane[d][r][SIDES.index(step["from"])]
            out = route["leave"] if k == len(squares) - 1 else None
            if out is None:
                nx, ny = squares[k + 1]
                out = next(s for s, (dx, dy) in STEP.items() if (x + dx, y + dy) == (nx, ny))
            assert lane >= 0 and SIDES.index(out) in t.lane_edges[d][r][lane]
        assert squares[-1] == (action.x, action.y) and route["leave"] == action.heading
        assert g.map.at.get(t.grid.encode(*xy(route["into"]))) is None
        paid = [int(s) for s in action.tolls.split(",")] if action.tolls else []
        assert Counter(x["seat"] for x in route["tolls"]) == Counter(paid)
        on = Counter((x["seat"], x["square"]) for x in route["tolls"])
        for (owner, square), n in on.items():
            assert owner != seat and square in {s["square"] for s in route["squares"]}
            strong = [u for u in g.view(None)["units"] if (u["x"], u["y"]) == xy(square)
                      and u["seat"] == owner and u["unit"] != "scout"]  # fmt: skip
            assert len(strong) >= n
    after = g.clone()
    before = after.gold[seat]
    after.apply(action)
    assert before - after.gold[seat] == route["cost"]
    assert after.view(None)["turn"]["route"] == route


def test_routes_agree_with_the_rules_in_random_games() -> None:
    """Seeded games where seat 1 places every fort and settlement it can (so that routes pay
    tolls): at every start, every start offered has its route, and it agrees with the rules."""
    tolls = 0
    for seed in range(2):
        g = new_game(players=2)
        rng = random.Random(seed)
        while not g.is_terminal() and g.turns < 40:
            seat = g.current_player()
            if seat == CHANCE:
                g.apply(g.sample_chance(rng))
                continue
            actions = g.legal_actions()
            view = g.view(seat)
            if view["step"] == "start":
                routes = view["routes"]
                assert set(routes) == {str(a) for a in actions}
                assert g.view(None)["routes"] == routes
                for text, route in routes.items():
                    check_route(g, seat, text, route)
                    tolls += len(route["tolls"])
            strong = [a for a in actions if str(a).split()[0] in ("fort", "settlement")]
            g.apply(rng.choice(strong) if strong and seat == 1 else rng.choice(actions))
    assert tolls > 0
