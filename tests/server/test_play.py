"""Playing through the app: whole games against bots over the WebSocket and HTTP, refused
moves, hidden information, undo, records and replays."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from terranova.records import GameRecord, replay

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}


def receive_state(ws: Any) -> dict[str, Any]:
    message = ws.receive_json()
    assert message["type"] == "state", message
    return dict(message)


def receive_error(ws: Any, code: str) -> dict[str, Any]:
    message = ws.receive_json()
    assert message["type"] == "error", message
    assert message["code"] == code, message
    assert isinstance(message["message"], str) and message["message"]
    return dict(message)


def test_whole_game_against_bots_over_websocket(api: Any) -> None:
    """One human seat against two bots, to the end, with refused messages on the way; then
    the record replays."""
    created = api.create([GREEDY, HUMAN, RANDOM], params={"hand": 2})
    game_id = created["game_id"]
    token = created["seats"][1]["token"]
    rng = random.Random(7)
    decisions = 0
    refusals = 0
    with api.client.websocket_connect(f"/ws/games/{game_id}?seat=1&token={token}") as ws:
        state = receive_state(ws)
        assert state["seat"] == 1
        while state["status"] != "finished":
            if not state["legal"]:
                assert state["to_move"] != 1
                state = receive_state(ws)
                continue
            ply = state["ply"]
            if decisions % 10 == 3:  # refused messages leave the game as it was
                ws.send_json({"type": "action", "action": "fly to the moon", "ply": ply})
                receive_error(ws, "malformed")
                ws.send_json({"type": "action", "action": "deploy 99", "ply": ply})
                receive_error(ws, "illegal")
                ws.send_json({"type": "action", "action": state["legal"][0], "ply": ply - 1})
                receive_error(ws, "stale")
                ws.send_text("{not json")
                receive_error(ws, "malformed")
                ws.send_json({"type": "dance"})
                receive_error(ws, "malformed")
                again = api.state(game_id, 1, token)
                assert again["ply"] == ply and again["view"] == state["view"]
                refusals += 1
            ws.send_json({"type": "action", "action": rng.choice(state["legal"]), "ply": ply})
            decisions += 1
            state = receive_state(ws)
            assert state["ply"] > ply
    assert decisions > 20 and refusals > 2
    assert state["result"] is not None
    assert state["legal"] == [] and state["to_move"] is None and state["can_undo"] is False
    assert len(state["result"]["scores"]) == 3

    summary = api.client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["result"] == state["result"]

    response = api.client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = GameRecord.from_dict(response.json())
    assert [s.kind for s in record.seats] == ["bot", "human", "bot"]
    assert record.seats[1].name == "Ana"
    final = replay(record)
    assert final.is_terminal()
    assert list(final.returns()) == state["result"]["scores"]
    assert state["result"]["reason"] is None  # a game that gives no reason: the record has none
    # the record keeps the returns and winners; the message adds the points a player reads
    assert record.result == {
        k: v for k, v in state["result"].items() if k not in ("reason", "points")
    }
    assert state["result"]["points"] == final.points()
    assert len(record.actions) == state["ply"]

    # replays of the finished game: the spectator's message after any ply
    start = api.client.get(f"/api/games/{game_id}/replay/0").json()
    assert start["ply"] == 0 and start["log"] == [] and start["seat"] is None
    middle_ply = state["ply"] // 2
    middle = api.client.get(f"/api/games/{game_id}/replay/{middle_ply}").json()
    assert middle["ply"] == middle_ply and middle["status"] == "playing"
    assert middle["view"] == replay(record, upto=middle_ply).view(None)
    end = api.client.get(f"/api/games/{game_id}/replay/{state['ply']}").json()
    assert end["status"] == "finished" and end["result"] == state["result"]
    assert api.client.get(f"/api/games/{game_id}/replay/{state['ply'] + 1}").status_code == 404

    # nothing more can be played
    response = api.act(game_id, 1, token, "pass", state["ply"])
    assert response.status_code == 400 and "over" in response.json()["detail"]


def test_whole_game_over_http_with_scores_by_turn(api: Any) -> None:
    created = api.create([HUMAN, GREEDY])
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    state = api.play_until(game_id, 0, token, lambda s: False, random.Random(3))
    assert state["status"] == "finished"
    turns = state["scores_by_turn"]
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1))
    assert {t["seat"] for t in turns} == {0, 1}
    assert turns[-1]["scores"] == state["result"]["scores"]
    seats_in_log = {entry["seat"] for entry in state["log"]}
    assert seats_in_log == {None, 0, 1}  # chance outcomes have no seat
    assert [e["ply"] for e in state["log"]] == list(range(1, state["ply"] + 1))
    record = GameRecord.from_dict(api.client.get(f"/api/games/{game_id}/record").json())
    assert replay(record).is_terminal()


def test_scores_by_turn_carry_the_players_holding_no_seat(api: Any) -> None:
    """Alexis's score after each turn of a solo Small Islands game, for the chart; none in
    a game without such a player."""
    created = api.create([HUMAN], params={"players": 1}, game="small-islands")
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = api.play_until(
        game_id, 0, token, lambda s: len(s["scores_by_turn"]) >= 3, random.Random(5)
    )
    turns = state["scores_by_turn"]
    assert all(set(t["others"]) == {"alexis"} for t in turns)
    record = api.service.games[game_id].record
    assert [t["others"] for t in turns] == [t.others for t in record.turns[: len(turns)]]
    other = api.create([HUMAN, GREEDY])
    plain = api.state(other["game_id"], 0, other["seats"][0]["token"])
    assert all(t["others"] == {} for t in plain["scores_by_turn"])


def test_illegal_and_malformed_over_http_leave_the_game_unchanged(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    before = api.state(game_id, 0, tokens[0])
    ply = before["ply"]
    cases = [
        ("teleport", ply, 400, "not an action"),
        ("deploy 0", ply, 400, "illegal action"),
        ("place 99 0,1 0", ply, 400, "illegal action"),
        (before["legal"][0], ply + 1, 409, "moved on"),
        (before["legal"][0], ply - 1, 409, "moved on"),
    ]
    for action, at, status, words in cases:
        response = api.act(game_id, 0, tokens[0], action, at)
        assert response.status_code == status, (action, response.text)
        assert words in response.json()["detail"]
    # not your turn
    response = api.act(game_id, 1, tokens[1], before["legal"][0], ply)
    assert response.status_code == 400 and "not your turn" in response.json()["detail"]
    after = api.state(game_id, 0, tokens[0])
    assert after == before
    # and play goes on
    response = api.act(game_id, 0, tokens[0], before["legal"][0], ply)
    assert response.status_code == 200
    assert response.json()["ply"] == ply + 1 and response.json()["seat"] == 0


def test_hidden_hands_stay_hidden(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2, GREEDY], params={"hand": 2, "hand_visibility": "private"})
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    mine = api.state(game_id, 0, tokens[0])
    theirs = api.state(game_id, 1, tokens[1])
    spectator = api.state(game_id)
    hand0 = mine["view"]["hands"][0]["tiles"]
    hand1 = theirs["view"]["hands"][1]["tiles"]
    assert len(hand0) == 2 and len(hand1) == 2
    assert theirs["view"]["hands"][0] == {"seat": 0, "count": 2, "tiles": None}
    assert spectator["view"]["hands"][0]["tiles"] is None
    assert mine["view"]["hands"][1]["tiles"] is None

    # the log shows a seat its own draws and "draw ?" for the others'
    def draws(message: dict[str, Any]) -> list[str]:
        return [e["text"] for e in message["log"] if e["text"].startswith("draw")]

    assert sorted(d for d in draws(mine) if d != "draw ?") == sorted(f"draw {t}" for t in hand0)
    assert sorted(d for d in draws(theirs) if d != "draw ?") == sorted(f"draw {t}" for t in hand1)
    assert set(draws(spectator)) == {"draw ?"}
    assert draws(mine).count("draw ?") == 4

    # no id of seat 0's hidden tiles anywhere in what seat 1 or a spectator receives
    # (except the ones that are also visible to them)
    visible_to_1 = set(hand1) | {m["design"] for m in theirs["view"]["map"]}
    secret = set(hand0) - visible_to_1
    for message in (theirs, spectator):
        text = str(message)
        for tile in secret:
            assert f"draw {tile}" not in text
            assert not re.search(rf"place {tile} ", text)
        # nor in the data or the words of its log: they hide what the text hides
        for entry in message["log"]:
            assert tile not in json.dumps(entry["fields"]) and tile not in entry["says"]
            if entry["text"] == "draw ?":
                assert entry["kind"] == "Draw" and entry["fields"] == {"design": None}
    assert theirs["legal"] == [] and theirs["moves"] == [] and "legal_actions" not in theirs["view"]
    # the seat to move gets its moves as data and words, in the order of legal
    assert [m["text"] for m in mine["moves"]] == mine["legal"]
    assert all(m["kind"] and m["says"] for m in mine["moves"])
    own = [e for e in mine["log"] if e["kind"] == "Draw" and e["fields"]["design"] is not None]
    assert sorted(e["fields"]["design"] for e in own) == sorted(hand0)

    # after seat 0 plays, seat 1's log shows the placed tile but not the refill
    action = next(a for a in mine["legal"] if a.startswith("place"))
    state = api.act(game_id, 0, tokens[0], action, mine["ply"]).json()
    follow = next(a for a in state["legal"] if a == "pass")
    state = api.act(game_id, 0, tokens[0], follow, state["ply"]).json()
    theirs = api.state(game_id, 1, tokens[1])
    # by ply, not by place from the end: a tile that fits nowhere is drawn again after
    placed = mine["ply"] + 1
    at = {e["ply"]: e for e in theirs["log"]}
    assert at[placed]["text"] == action, theirs["log"][-5:]
    refill = [e for e in state["log"] if e["ply"] == placed + 2]  # after the follower step
    assert refill and refill[0]["seat"] is None and refill[0]["text"] != "draw ?"
    assert at[placed + 2] == {
        "ply": placed + 2,
        "seat": None,
        "text": "draw ?",
        "kind": "Draw",
        "fields": {"design": None},
        "says": at[placed + 2]["says"],
    }


def test_undo_in_a_practice_game_goes_back_past_bots_and_draws(api: Any) -> None:
    created = api.create([HUMAN, GREEDY, RANDOM], practice=True)
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    start = api.wait_turn(game_id, 0, token)
    assert start["can_undo"] is False
    response = api.undo(game_id, 0, token)
    assert response.status_code == 400 and "nothing to undo" in response.json()["detail"]

    place = start["legal"][0]
    placed = api.act(game_id, 0, token, place, start["ply"]).json()
    assert placed["can_undo"] is True
    follower = placed["legal"][-1]
    api.act(game_id, 0, token, follower, placed["ply"])
    api.wait_idle()
    later = api.wait_turn(game_id, 0, token)
    assert later["ply"] > placed["ply"] + 1  # the bots have played

    # back to before the follower step: the bots' turns and the draws are taken back
    back = api.undo(game_id, 0, token).json()
    assert back["ply"] == placed["ply"]
    assert back["view"] == placed["view"] and back["legal"] == placed["legal"]
    assert back["log"] == placed["log"]
    # the same decision again gives the same game (bots and draws are seeded by the ply)
    api.act(game_id, 0, token, follower, back["ply"])
    api.wait_idle()
    assert api.wait_turn(game_id, 0, token) == later

    # two undos: before the place
    api.undo(game_id, 0, token)
    first = api.undo(game_id, 0, token).json()
    assert first["ply"] == start["ply"] and first["view"] == start["view"]
    assert first["can_undo"] is False
    # a stale move from before the undo is refused
    response = api.act(game_id, 0, token, follower, later["ply"])
    assert response.status_code == 409

    # the log keeps everything: undo entries are appended, nothing is deleted
    entries = api.client.portal.call(_log, api.service, game_id)
    kinds = [e.kind for e in entries]
    assert kinds.count("undo") == 3
    assert [e.seq for e in entries] == list(range(len(entries)))
    assert len(entries) > later["ply"] + 3


async def _log(service: Any, game_id: str) -> Any:
    import asyncio

    return await asyncio.to_thread(service.store.log, game_id)


def test_undo_over_websocket(api: Any) -> None:
    created = api.create([HUMAN, GREEDY])
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    with api.client.websocket_connect(f"/ws/games/{game_id}?seat=0&token={token}") as ws:
        start = receive_state(ws)
        ws.send_json({"type": "undo"})
        receive_error(ws, "refused")
        ws.send_json({"type": "action", "action": start["legal"][0], "ply": start["ply"]})
        placed = receive_state(ws)
        assert placed["can_undo"]
        ws.send_json({"type": "undo"})
        back = receive_state(ws)
        assert back["ply"] == start["ply"] and back["view"] == start["view"]


def test_bot_only_game_plays_itself_out(api: Any) -> None:
    created = api.create([GREEDY, RANDOM, GREEDY], params={"hand": 2})
    game_id = created["game_id"]
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        state = receive_state(ws)
        while state["status"] != "finished":
            state = receive_state(ws)
            assert state["legal"] == [] and state["seat"] is None
    record = GameRecord.from_dict(api.client.get(f"/api/games/{game_id}/record").json())
    assert replay(record).is_terminal()
    assert [s.name for s in record.seats] == ["greedy 1", "random", "greedy 2"]  # told apart
