"""Undo never reveals what comes next: a seat takes back only its own decisions made since
something it could not see was shown (a draw, another seat's decision, what its own
decision revealed); practice games undo without limit (docs/web.md, "Undo")."""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest
from sqlalchemy import text

from terranova.core.registry import game_info, make
from terranova.core.state import CHANCE
from terranova.records import GameRecord, replay
from terranova.server.db import Database, Entry, StoredSeat
from terranova.server.service import hash_token

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}
SLOW = 10_000
"""A bot pause long enough that the bots do not move while a test looks."""


def refused(api: Any, game_id: str, token: str, reason: str = "your last move stands") -> None:
    """An undo by seat 0 is refused, and changes nothing."""
    before = api.state(game_id, 0, token)
    assert before["can_undo"] is False
    response = api.undo(game_id, 0, token)
    assert response.status_code == 400, response.text
    assert reason in response.json()["detail"]
    assert api.state(game_id, 0, token)["ply"] == before["ply"]


def stored_game(
    api: Any, game: str, kinds: list[str], texts: list[str], bot_delay_ms: int = 0
) -> tuple[str, str]:
    """A game whose history is ``texts`` (the deal chosen, not drawn), with seat 0 a person
    and the other seats greedy bots, written straight to the database; its id and seat 0's
    token. The server plays on from there as from any stored game."""
    token = secrets.token_urlsafe(24)
    seats = [
        StoredSeat(0, "human", "Ana", None, hash_token(token)),
        *(StoredSeat(s, "bot", "greedy", "greedy", None) for s in range(1, len(kinds))),
    ]
    return store(api, game, seats, texts, bot_delay_ms), token


def store(api: Any, game: str, seats: list[StoredSeat], texts: list[str], bot_delay_ms: int) -> str:
    """Write a game of these seats whose history is ``texts`` to the app's database; its id."""
    state = make(game, players=len(seats))
    for action in texts:
        state.apply(state.parse_action(action))
    public_id = secrets.token_urlsafe(9)
    api.service.store.create_game(
        public_id,
        game,
        state.params(),
        1,
        game_info(game).rules_version,
        bot_delay_ms,
        60.0,
        seats,
        [Entry(ply, ply, action) for ply, action in enumerate(texts)],
        "playing",
        None,
    )
    return public_id


def first_deal(game: str, players: int) -> list[str]:
    """The deal (and any other chance before the first decision) that always takes the
    first outcome: in Discovery (evolution), reserve and hands in the printed order."""
    state = make(game, players=players)
    texts = []
    while state.current_player() == CHANCE:
        texts.append(str(state.legal_actions()[0]))
        state.apply(state.legal_actions()[0])
    return texts


# Bluff for two: seat 0 holds australopithecus (no prerequisite) and galet-taille (which
# needs australopithecus); the pile is empty and seat 0 is to move
BLUFF_TWO = first_deal("evolution-bluff", 2)


def last_entry(api: Any, game_id: str, token: str) -> tuple[int | None, str]:
    entry = api.state(game_id, 0, token)["log"][-1]
    return entry["seat"], entry["text"]


# --------------------------------------------------------------------------- refused


def test_undo_is_refused_once_a_draw_showed_the_next_tile(api: Any) -> None:
    """Discovery against a bot: the follower step ends the turn and the bot's next tile is
    drawn (hands are shown); taking the step back would let the player see the tile to
    come, then play the turn again knowing it."""
    created = api.create([HUMAN, GREEDY], bot_delay_ms=SLOW)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    start = api.wait_turn(game_id, 0, token)
    placed = api.act(game_id, 0, token, start["legal"][0], start["ply"]).json()
    ended = api.act(game_id, 0, token, placed["legal"][-1], placed["ply"]).json()
    assert ended["to_move"] == 1  # the bot waits: nothing but the draw came after the step
    drawn = [e for e in ended["log"] if e["ply"] > placed["ply"] + 1]
    assert drawn and all(e["seat"] is None for e in drawn)
    assert placed["view"]["hands"][1]["tiles"] == []
    assert len(ended["view"]["hands"][1]["tiles"]) == 1
    refused(api, game_id, token)


def test_undo_is_refused_after_a_bots_answer(api: Any) -> None:
    """Bluff against a bot: seat 0 places a valid card and the bot lets it pass; the turn
    goes on with no draw, but the answer was the bot's decision, so the placement stands."""
    game_id, token = stored_game(api, "evolution-bluff", ["human", "bot"], BLUFF_TWO)
    start = api.wait_turn(game_id, 0, token)
    response = api.act(game_id, 0, token, "place hand australopithecus", start["ply"])
    assert response.status_code == 200, response.text
    after = api.wait_turn(game_id, 0, token)
    assert last_entry(api, game_id, token) == (1, "accept")
    assert after["ply"] == start["ply"] + 2
    refused(api, game_id, token)


def test_undo_is_refused_after_a_bot_caught_a_bluff(api: Any) -> None:
    """Bluff against a bot: seat 0 places galet-taille on the empty pile (its prerequisite
    is missing), the bot says Stop; seat 0 may not take the card back to escape the Stop."""
    game_id, token = stored_game(api, "evolution-bluff", ["human", "bot"], BLUFF_TWO)
    start = api.wait_turn(game_id, 0, token)
    response = api.act(game_id, 0, token, "place hand galet-taille", start["ply"])
    assert response.status_code == 200, response.text
    caught = api.wait_turn(game_id, 0, token)
    assert last_entry(api, game_id, token) == (1, "stop")
    assert sorted(caught["legal"]) == ["concede", "verify"]
    refused(api, game_id, token)


# Bluff for three, seat 0 a person: seat 0 ends its turn and draws; seat 1 announces that
# era 2 is open and everybody lets it pass (it earns a special action)
BLUFF_THREE = [
    *first_deal("evolution-bluff", 3),
    "end",
    "draw brai-de-bouleau",
    "announce open 2",
    "accept",
]


@pytest.mark.parametrize(
    ("history", "undoable"),
    [
        # seat 0 is the last asked about the announcement: letting it pass shows nothing
        (BLUFF_THREE, True),
        # seat 1 then calls bande, which seat 2 holds; seat 2 lets the call pass, seat 0 is
        # asked last: letting it pass resolves the call, and seat 0 sees seat 2 give bande
        ([*BLUFF_THREE, "accept", "call bande", "accept"], False),
    ],
)
def test_a_decision_that_shows_its_seat_something_hidden_stands(
    api: Any, history: list[str], undoable: bool
) -> None:
    game_id, token = stored_game(
        api, "evolution-bluff", ["human", "bot", "bot"], history, bot_delay_ms=SLOW
    )
    asked = api.state(game_id, 0, token)
    assert asked["window"]["waiting"] and asked["to_move"] == 0
    response = api.act(game_id, 0, token, "accept", asked["ply"])
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["to_move"] == 1 and last_entry(api, game_id, token) == (0, "accept")
    if not undoable:
        assert after["view"]["last_call"]["given_by"] == 2
        refused(api, game_id, token)
        return
    assert after["can_undo"] is True
    back = api.undo(game_id, 0, token).json()
    assert back["ply"] == asked["ply"] and back["view"] == asked["view"]
    assert back["can_undo"] is False  # before it: the other seats' answers


# --------------------------------------------------------------------------- allowed


def test_undo_within_the_span_of_a_turn(api: Any) -> None:
    """Discovery against a bot: a tile placed may be taken back before the follower step
    (nothing was drawn in between), but not past the draws and the bot's turn before it."""
    created = api.create([HUMAN, GREEDY])
    game_id, token = created["game_id"], created["seats"][0]["token"]
    start = api.wait_turn(game_id, 0, token)
    placed = api.act(game_id, 0, token, start["legal"][0], start["ply"]).json()
    assert placed["can_undo"] is True
    back = api.undo(game_id, 0, token).json()
    assert back["ply"] == start["ply"] and back["view"] == start["view"]
    assert back["legal"] == start["legal"]
    # the whole turn, then the bot's
    placed = api.act(game_id, 0, token, start["legal"][0], start["ply"]).json()
    api.act(game_id, 0, token, placed["legal"][-1], placed["ply"])
    api.wait_idle()
    turn = api.wait_turn(game_id, 0, token)
    assert turn["ply"] > placed["ply"] + 2 and turn["log"][-1]["seat"] is None
    refused(api, game_id, token)
    # a new turn: its placement may be taken back, to the start of the turn only
    placed = api.act(game_id, 0, token, turn["legal"][0], turn["ply"]).json()
    assert placed["can_undo"] is True
    back = api.undo(game_id, 0, token).json()
    assert back["ply"] == turn["ply"] and back["view"] == turn["view"]
    assert back["can_undo"] is False
    refused(api, game_id, token)


def test_a_practice_game_undoes_without_limit(api: Any) -> None:
    """The old unlimited undo (back past the bots' turns and the draws, as
    test_play.py's practice test goes on to check); the practice flag is in the summary,
    the state messages and the record."""
    created = api.create([HUMAN, GREEDY], practice=True)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    assert api.client.get(f"/api/games/{game_id}").json()["practice"] is True
    start = api.wait_turn(game_id, 0, token)
    assert start["practice"] is True and api.state(game_id)["practice"] is True
    placed = api.act(game_id, 0, token, start["legal"][0], start["ply"]).json()
    api.act(game_id, 0, token, placed["legal"][-1], placed["ply"])
    api.wait_idle()
    later = api.wait_turn(game_id, 0, token)
    assert later["ply"] > placed["ply"] + 2 and later["can_undo"] is True
    back = api.undo(game_id, 0, token).json()
    assert back["ply"] == placed["ply"] and back["view"] == placed["view"]
    # to the end: the record says practice, and replays
    api.play_until(game_id, 0, token, lambda s: False, random.Random(5))
    record = api.client.get(f"/api/games/{game_id}/record").json()
    assert record["practice"] is True
    assert GameRecord.from_dict(record).practice is True
    assert replay(GameRecord.from_dict(record)).is_terminal()


def test_practice_is_off_unless_asked(api: Any) -> None:
    created = api.create([HUMAN, GREEDY])
    game_id = created["game_id"]
    assert api.client.get(f"/api/games/{game_id}").json()["practice"] is False
    assert api.state(game_id)["practice"] is False
    body = {"game": "discovery", "seats": [HUMAN, GREEDY]}
    for bad in ("yes", 1, None):
        response = api.client.post("/api/games", json={**body, "practice": bad})
        assert response.status_code == 400, (bad, response.text)


def test_the_migration_gives_old_games_no_practice(sqlite_url: str) -> None:
    """A database made before practice games existed is upgraded in place."""
    from alembic import command

    from terranova.server.db import alembic_config

    db = Database(sqlite_url)
    try:
        config = alembic_config()
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0002")
            connection.execute(
                text(
                    "INSERT INTO games (public_id, game, params, seed, rules_version,"
                    " bot_delay_ms, response_seconds, created_at, status) VALUES ('old',"
                    " 'discovery', '{}', 1, '1', 0, 10, '2026-01-01 00:00:00', 'playing')"
                )
            )
        db.migrate()
        stored = db.load_game("old")
        assert stored is not None and stored.practice is False
    finally:
        db.dispose()


# --------------------------------------------------------------------------- between people


def people_game(open_api: Any, url: str, game: str, texts: list[str]) -> tuple[Any, str, list[str]]:
    """An app on ``url`` with a game between two people whose history is ``texts`` (stored
    as :func:`stored_game` does); the app, the game's id and the seats' tokens."""
    api = open_api(url)
    tokens = [secrets.token_urlsafe(24) for _ in range(2)]
    seats = [
        StoredSeat(s, "human", n, None, hash_token(tokens[s])) for s, n in enumerate(["Ana", "Bo"])
    ]
    return api, store(api, game, seats, texts, 0), tokens


def ws_until(ws: Any, ply: int) -> dict[str, Any]:
    """The first state message at ``ply`` the socket receives."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and message["ply"] == ply:
            return dict(message)


def test_between_people_a_placement_is_taken_back_before_the_follower_step(
    open_api: Any, database_url: str
) -> None:
    """Discovery between two people: Ana may take her tile back while her turn goes on (the
    follower step still to come), and Bo's page sees the position go back; once the step
    ended her turn (and the next tile was drawn) it stands. Bo has nothing to undo."""
    api, game_id, (ana, bo) = people_game(
        open_api, database_url, "discovery", first_deal("discovery", 2)
    )
    start = api.wait_turn(game_id, 0, ana)
    assert start["can_undo"] is False
    with api.client.websocket_connect(f"/ws/games/{game_id}?seat=1&token={bo}") as ws:
        ws_until(ws, start["ply"])
        placed = api.act(game_id, 0, ana, start["legal"][0], start["ply"]).json()
        assert placed["can_undo"] is True and placed["to_move"] == 0
        seen = ws_until(ws, placed["ply"])
        assert seen["can_undo"] is False and seen["view"] != start["view"]
        response = api.undo(game_id, 0, ana)
        assert response.status_code == 200, response.text
        back = response.json()
        assert back["ply"] == start["ply"] and back["view"] == start["view"]
        assert back["legal"] == start["legal"] and back["can_undo"] is False
        # Bo's page is told: the position went back, the log says so
        told = ws_until(ws, start["ply"])
        assert told["to_move"] == 0 and told["log"] == api.state(game_id, 1, bo)["log"]
        assert told["view"] == api.state(game_id, 1, bo)["view"]
    # the whole turn: the step passes it to Bo (and draws his tile)
    placed = api.act(game_id, 0, ana, start["legal"][0], start["ply"]).json()
    ended = api.act(game_id, 0, ana, placed["legal"][-1], placed["ply"]).json()
    assert ended["to_move"] == 1 and ended["can_undo"] is False
    refused(api, game_id, ana)
    response = api.undo(game_id, 1, bo)
    assert response.status_code == 400 and "nothing to undo" in response.json()["detail"]


def test_between_people_undo_is_refused_once_the_turn_passed(
    open_api: Any, database_url: str
) -> None:
    """Bluff between two people: a card placed opens Bo's window to say Stop; nothing was
    drawn and Bo has not answered, but the turn is his to answer: Ana's card stands."""
    api, game_id, (ana, bo) = people_game(open_api, database_url, "evolution-bluff", BLUFF_TWO)
    start = api.wait_turn(game_id, 0, ana)
    response = api.act(game_id, 0, ana, "place hand australopithecus", start["ply"])
    assert response.status_code == 200, response.text
    placed = response.json()
    assert placed["ply"] == start["ply"] + 1 and placed["window"] is not None
    assert api.state(game_id, 1, bo)["window"]["waiting"] is True
    refused(api, game_id, ana, "your turn has passed")


def test_between_people_undo_is_refused_after_a_draw(open_api: Any, database_url: str) -> None:
    """Entdecker between two people: Ana's start and announcement may be taken back (her
    turn goes on, nothing shown), but once she drew a tile it stands, though she is still
    to place it."""
    api, game_id, (ana, _bo) = people_game(open_api, database_url, "entdecker", [])
    start = api.wait_turn(game_id, 0, ana)
    first = api.act(game_id, 0, ana, "start N9", start["ply"]).json()
    assert first["can_undo"] is True
    back = api.undo(game_id, 0, ana).json()
    assert back["ply"] == start["ply"] and back["view"] == start["view"]
    first = api.act(game_id, 0, ana, "start N9", start["ply"]).json()
    announced = api.act(game_id, 0, ana, "announce 5 hidden", first["ply"]).json()
    drew = api.act(game_id, 0, ana, "draw", announced["ply"]).json()
    assert drew["to_move"] == 0 and drew["ply"] == announced["ply"] + 2  # the reveal
    refused(api, game_id, ana)
