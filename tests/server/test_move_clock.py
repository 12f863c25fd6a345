"""A time per move at live tables: past it the server plays greedy's move for the person;
a move in time starts the next clock; the limit is bounded and kept with the game."""

from __future__ import annotations

import time

from tests.server.conftest import Api, OpenApi

GAME = "evolution-explore"
PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def create(api: Api, seconds: float | None, seats: list[dict[str, str]] = PEOPLE) -> dict:
    body = {"game": GAME, "seats": seats, "bot_delay_ms": 0}
    if seconds is not None:
        body["move_seconds"] = seconds
    answer = api.client.post("/api/games", json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_a_move_past_its_time_is_played_for_the_person(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url)
    # no reading of her clock here: on a loaded machine the first state read may come
    # after her 1.5 s, her move played already (test_a_moves_clock_starts_with_its_position)
    started = time.monotonic()
    created = create(api, 1.5)
    game_id = created["game_id"]
    assert api.client.get(f"/api/games/{game_id}").json()["move_seconds"] == 1.5
    deadline = time.monotonic() + 60
    while not (played := [e for e in api.state(game_id)["log"] if e["seat"] is not None]):
        assert time.monotonic() < deadline, "nobody played for Ana"
        time.sleep(0.1)
    assert time.monotonic() - started >= 1.45  # not before her time (less rounding)
    after = api.state(game_id)
    assert played[0]["seat"] == 0, after["log"]  # the first move was hers
    assert after["status"] == "playing"


def test_a_moves_clock_starts_with_its_position(api: Api) -> None:
    earliest = time.time()
    created = create(api, 30)
    latest = time.time()
    state = api.state(created["game_id"], 0, created["seats"][0]["token"])
    assert state["to_move"] == 0  # Ana's 30 s are not over
    ends = state["move_ends_at"] / 1000
    assert earliest + 30 - 0.01 <= ends <= latest + 30 + 0.01  # ms, rounded either way


def test_a_move_in_time_starts_the_next_clock(api: Api) -> None:
    created = create(api, 30)
    game_id = created["game_id"]
    ana = created["seats"][0]["token"]
    state = api.state(game_id, 0, ana)
    first = state["move_ends_at"]
    time.sleep(0.05)
    answer = api.act(game_id, 0, ana, state["legal"][0], state["ply"])
    assert answer.status_code == 200
    now = api.state(game_id)
    assert now["move_ends_at"] is not None
    assert now["move_ends_at"] > first  # a new clock for the new position


def test_no_clock_without_a_limit_or_for_bots(api: Api) -> None:
    created = create(api, None)
    assert api.state(created["game_id"])["move_ends_at"] is None
    bots = create(api, 5, [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}])
    assert api.state(bots["game_id"])["move_ends_at"] is None


def test_the_limit_is_bounded(open_api: OpenApi) -> None:
    api = open_api(max_move_seconds=60)
    for seconds, says in [(0.5, "from 1 to 60"), (61, "from 1 to 60"), (0, "greater than 0")]:
        body = {"game": GAME, "seats": PEOPLE, "move_seconds": seconds}
        answer = api.client.post("/api/games", json=body)
        assert answer.status_code == 400, answer.text
        assert says in answer.json()["detail"]


def test_no_move_is_timed_while_a_response_window_is_open(api: Api) -> None:
    """In Bluff every card placed opens a window for the others: the clock stops while it
    is open and a person's move is timed again once it closes."""
    body = {
        "game": "evolution-bluff",
        "seats": PEOPLE,
        "bot_delay_ms": 0,
        "move_seconds": 30,
        "response_seconds": 60,
    }
    created = api.client.post("/api/games", json=body).json()
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    opened = closed = False
    for _ in range(40):
        state = api.state(game_id)
        if state["status"] != "playing":
            break
        if state["window"] is not None:
            assert state["move_ends_at"] is None
            opened = True
        elif state["to_move"] is not None:
            assert state["move_ends_at"] is not None
            closed = closed or opened
        for seat in (0, 1):
            mine = api.state(game_id, seat, tokens[seat])
            if mine["legal"]:
                api.act(game_id, seat, tokens[seat], mine["legal"][0], mine["ply"])
                break
        if opened and closed:
            break
    assert opened and closed
