"""The HTTP API through the app factory: catalog, creating games, reading them, refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def test_catalog_lists_games_and_bots(api: Any) -> None:
    data = api.client.get("/api/catalog").json()
    discovery = next(g for g in data["games"] if g["id"] == "discovery")
    assert discovery["seats"] == {"min": 2, "max": 5, "default": 2}
    assert {"hand", "hand_visibility", "equal_turns"} <= set(discovery["variants"])
    assert "tileset" not in discovery["variants"]  # free text (a server path): not on the web
    assert {"random", "greedy"} <= set(data["bots"])


def test_catalog_lists_the_bots_of_each_game(api: Any) -> None:
    data = api.client.get("/api/catalog").json()
    bots = {g["id"]: g["bots"] for g in data["games"]}
    assert "memory" in data["bots"]  # every bot, as before
    assert "memory" not in bots["discovery"] and "memory" not in bots["evolution-explore"]
    assert "memory" in bots["evolution-bluff"]
    for game_bots in bots.values():
        assert {"random", "greedy"} <= set(game_bots) <= set(data["bots"])


def test_create_refuses_a_bot_that_does_not_play_the_game(api: Any) -> None:
    for game in ("discovery", "evolution"):  # an id or an alias
        seats = [HUMAN, {"kind": "bot", "bot": "memory:recall=0.5"}]
        response = api.client.post("/api/games", json={"game": game, "seats": seats})
        assert response.status_code == 400, response.text
        assert response.json()["detail"].startswith(
            "seat 2: bot 'memory' plays only evolution-bluff, not"
        )
    created = api.create([HUMAN, {"kind": "bot", "bot": "memory"}], game="evolution-bluff")
    assert created["seats"][1]["bot"] == "memory"


def test_create_refuses_a_bot_that_does_not_play_these_settings(api: Any) -> None:
    """``learned`` plays two-player Explore with the default variants only (its network's)."""
    seats = [HUMAN, HUMAN, {"kind": "bot", "bot": "learned"}]
    response = api.client.post("/api/games", json={"game": "evolution-explore", "seats": seats})
    assert response.status_code == 400, response.text
    assert response.json()["detail"] == (
        "seat 3: bot 'learned' plays Explore with 2 players and the default variants only "
        "(its network's)"
    )
    created = api.create([HUMAN, {"kind": "bot", "bot": "learned"}], game="evolution-explore")
    assert created["seats"][1]["bot"] == "learned"


def test_openapi_document(api: Any) -> None:
    doc = api.client.get("/openapi.json").json()
    for path in (
        "/api/catalog",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/state",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/rematch",
        "/api/games/{game_id}/join",
        "/api/games/{game_id}/hint",
        "/api/games/{game_id}/analysis",
        "/api/games/{game_id}/resign",
        "/api/games/{game_id}/components",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/replay/{ply}",
    ):
        assert path in doc["paths"], path


def test_create_answers_tokens_for_human_seats_only(api: Any) -> None:
    created = api.create([HUMAN, GREEDY, {"kind": "human"}])
    game_id = created["game_id"]
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert [s["name"] for s in seats] == ["Ana", "greedy", "Player 3"]
    assert seats[1]["token"] is None and seats[1]["link"] is None
    for seat in (seats[0], seats[2]):
        assert len(seat["token"]) >= 24
        assert seat["link"] == f"/play/{game_id}?seat={seat['seat']}&token={seat['token']}"
    assert seats[0]["token"] != seats[2]["token"]
    assert created["spectator_link"] == f"/play/{game_id}"

    summary = api.client.get(f"/api/games/{game_id}").json()
    assert summary["game"] == "discovery" and summary["name"] == "The Discovery"
    assert summary["params"]["players"] == 3
    assert summary["status"] == "playing" and summary["result"] is None
    assert summary["ply"] >= 1  # the first draw is made at once
    assert summary["to_move"] == 0
    assert summary["seats"] == [
        {"seat": 0, "kind": "human", "name": "Ana", "bot": None},
        {"seat": 1, "kind": "bot", "name": "greedy", "bot": "greedy"},
        {"seat": 2, "kind": "human", "name": "Player 3", "bot": None},
    ]
    assert "token" not in str(summary) and "seed" not in summary


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "seats": [HUMAN, GREEDY]}, "no game 'chess'"),
        ({"game": "discovery", "seats": [HUMAN]}, "2 to 5 players"),
        ({"game": "discovery", "seats": [HUMAN] * 6}, "2 to 5 players"),
        ({"game": "discovery", "seats": [HUMAN, GREEDY], "params": {"players": 3}}, "players"),
        ({"game": "discovery", "seats": [HUMAN, GREEDY], "params": {"hand": 3}}, "hand"),
        ({"game": "discovery", "seats": [HUMAN, GREEDY], "params": {"colour": "red"}}, "colour"),
        (
            {"game": "discovery", "seats": [HUMAN, GREEDY], "params": {"tileset": "/etc/passwd"}},
            "cannot be set on the web",
        ),
        ({"game": "discovery", "seats": [HUMAN, {"kind": "bot"}]}, "say which"),
        ({"game": "discovery", "seats": [HUMAN, {"kind": "bot", "bot": "deep"}]}, "no bot 'deep'"),
        (
            {"game": "discovery", "seats": [HUMAN, {"kind": "bot", "bot": "greedy:depth=2"}]},
            "no parameter 'depth'",
        ),
        ({"game": "discovery", "seats": [HUMAN, {"kind": "robot"}]}, "kind"),
        ({"game": "discovery", "seats": [{"kind": "human", "name": "x" * 41}, GREEDY]}, "name"),
        ({"game": "discovery", "seats": [{"kind": "human", "name": "a\nb"}, GREEDY]}, "name"),
        ({"game": "discovery", "seats": [HUMAN, GREEDY], "bot_delay_ms": 10**6}, "bot_delay_ms"),
        ({"game": "discovery", "seats": [HUMAN, GREEDY], "seed": 1}, "seed"),
        ({"game": "discovery"}, "seats"),
    ],
)
def test_create_refuses_bad_requests(api: Any, body: dict[str, Any], message: str) -> None:
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and message in detail


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Ana\u202egnp.exe", "U+202E"),  # right-to-left override
        ("\u202aAna", "U+202A"),
        ("\u2066Ana\u2069", "U+2066"),  # isolates
        ("A\u200ena", "U+200E"),  # direction marks
        ("A\u200fna", "U+200F"),
        ("A\u061cna", "U+061C"),
        ("A\x85na", "U+0085"),  # a C1 control
        ("A\tna", "U+0009"),
        ("A\u2028na", "U+2028"),  # line separator
    ],
)
def test_seat_names_refuse_control_and_direction_characters(api: Any, name: str, code: str) -> None:
    body = {"game": "discovery", "seats": [HUMAN, {"kind": "human", "name": name}]}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert detail.startswith("seat 2: a name has no control") and code in detail, detail


def test_seat_names_lose_their_invisible_characters(api: Any) -> None:
    created = api.create(
        [
            {"kind": "human", "name": "\ufeffA\u200bn\u200ca\u200d\u2060\u00ad"},
            {"kind": "human", "name": " \u200b "},  # nothing left: the default
            {"kind": "bot", "bot": "greedy", "name": "\u200b\u200b"},
            {"kind": "human", "name": "x" * 40 + "\u200b" * 10},  # 40 characters left
        ]
    )
    names = [s["name"] for s in created["seats"]]
    assert names == ["Ana", "Player 2", "greedy", "x" * 40]
    summary = api.client.get(f"/api/games/{created['game_id']}").json()
    assert [s["name"] for s in summary["seats"]] == names


def test_seats_that_share_a_name_are_numbered(api: Any) -> None:
    """Two bots both named "greedy" (an end card's "greedy wins" said neither): seats that
    share a name are numbered in seat order; a name said once stays as it is."""
    created = api.create(
        [GREEDY, HUMAN, GREEDY, {"kind": "human", "name": "Ana"}],
        game="evolution-explore",
        params={"players": 4},
    )
    names = [s["name"] for s in created["seats"]]
    assert names == ["greedy 1", "Ana 1", "greedy 2", "Ana 2"]
    summary = api.client.get(f"/api/games/{created['game_id']}").json()
    assert [s["name"] for s in summary["seats"]] == names
    alone = api.create([GREEDY, HUMAN, {"kind": "bot", "bot": "random"}])
    assert [s["name"] for s in alone["seats"]] == ["greedy", "Ana", "random"]


def test_state_for_seat_and_spectator(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    token0 = created["seats"][0]["token"]
    mine = api.state(game_id, 0, token0)
    assert mine["type"] == "state" and mine["seat"] == 0 and mine["to_move"] == 0
    assert mine["legal"] and all(isinstance(a, str) for a in mine["legal"])
    assert mine["view"]["seat"] == 0
    assert mine["can_undo"] is False  # a human opponent
    assert mine["seats"][1]["name"] == "Bo"
    spectator = api.state(game_id)
    assert spectator["seat"] is None and spectator["legal"] == []
    assert spectator["view"]["seat"] is None
    other = api.state(game_id, 1, created["seats"][1]["token"])
    assert other["legal"] == [] and other["to_move"] == 0


def test_state_refuses_a_wrong_or_missing_token(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    url = f"/api/games/{game_id}/state"
    assert api.client.get(url, params={"seat": 0, "token": tokens[1]}).status_code == 403
    assert api.client.get(url, params={"seat": 0}).status_code == 403
    assert api.client.get(url, params={"seat": 5, "token": tokens[0]}).status_code == 403
    assert api.client.get(url, params={"token": tokens[0]}).status_code == 403


def test_state_refuses_a_malformed_seat(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    url = f"/api/games/{created['game_id']}/state"
    token = created["seats"][1]["token"]
    for seat in ("abc", "1.0", "+1", "", "0x1", " 1", "01", "-0", "-01", "00"):
        response = api.client.get(url, params={"seat": seat, "token": token})
        assert response.status_code == 400, (seat, response.text)
        assert response.json()["detail"] == (
            f"seat: a seat number written plainly, such as 0 or 1, not {seat!r}"
        ), response.text
    assert api.client.get(url, params={"seat": "1", "token": token}).status_code == 200
    assert api.client.get(url, params={"seat": "-1", "token": token}).status_code == 403


def test_acting_for_another_seat_or_without_token_is_forbidden(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2, GREEDY])
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    state = api.state(game_id, 0, tokens[0])
    action, ply = state["legal"][0], state["ply"]
    for seat, token in [(0, tokens[1]), (0, None), (0, ""), (2, tokens[0]), (7, tokens[0])]:
        response = api.act(game_id, seat, token, action, ply)
        assert response.status_code == 403, (seat, token, response.text)
        assert isinstance(response.json()["detail"], str)
    assert api.undo(game_id, 0, tokens[1]).status_code == 403
    assert api.state(game_id)["ply"] == ply  # unchanged
    assert api.act(game_id, 0, tokens[0], action, ply).status_code == 200


def test_unknown_game_is_404(api: Any) -> None:
    for path in ("", "/state", "/components", "/record", "/replay/0"):
        response = api.client.get(f"/api/games/nope{path}")
        assert response.status_code == 404, path
        assert response.json()["detail"] == "no game 'nope'"
        assert response.json()["code"] == "not_found"
    assert api.client.get("/api/games/a%20b!").status_code == 404
    response = api.act("nope", 0, "t", "pass", 0)
    assert response.status_code == 404


def test_components(api: Any) -> None:
    game_id = api.create([HUMAN, GREEDY])["game_id"]
    components = api.client.get(f"/api/games/{game_id}/components").json()
    assert components["designs"] and "start" in components


def test_record_and_replay_wait_for_the_end(api: Any) -> None:
    game_id = api.create([HUMAN, HUMAN2])["game_id"]
    assert api.client.get(f"/api/games/{game_id}/record").status_code == 409
    assert api.client.get(f"/api/games/{game_id}/replay/0").status_code == 409


def test_bad_bodies_answer_400_with_a_message(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    url = f"/api/games/{created['game_id']}/actions"
    for body in ({}, {"seat": "x", "action": "pass", "ply": 0}, {"seat": 0, "ply": 0}):
        response = api.client.post(url, json=body)
        assert response.status_code == 400
        assert isinstance(response.json()["detail"], str)
    response = api.client.post(
        url, content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"bot_delay_ms": "600"}, "bot_delay_ms"),
        ({"bot_delay_ms": 600.0}, "bot_delay_ms"),
        ({"bot_delay_ms": True}, "bot_delay_ms"),
        ({"response_seconds": "10"}, "response_seconds"),
        ({"response_seconds": True}, "response_seconds"),
        ({"params": {"hand": True}}, "params.hand"),
        ({"params": {"hand": 2.0}}, "params.hand"),
        ({"params": {"players": "2", "hand": [2]}}, "params.hand"),
        ({"seats": [{"kind": "human", "name": 7}, GREEDY]}, "seats.0.name"),
        ({"seats": [HUMAN, {"kind": "bot", "bot": True}]}, "seats.1.bot"),
    ],
)
def test_create_takes_fields_of_their_own_type_only(
    api: Any, extra: dict[str, Any], field: str
) -> None:
    """No conversion: ``"600"``, ``600.0`` and ``true`` are not whole numbers."""
    body = {"game": "discovery", "seats": [HUMAN, GREEDY], **extra}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["detail"].startswith(field), response.text


def test_response_seconds_takes_whole_and_decimal_numbers(api: Any) -> None:
    for seconds in (5, 2.5):
        created = api.create([HUMAN, GREEDY], response_seconds=seconds)
        summary = api.client.get(f"/api/games/{created['game_id']}").json()
        assert summary["response_seconds"] == seconds


def test_actions_and_undos_take_fields_of_their_own_type_only(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    state = api.state(game_id, 0, token)
    action, ply = state["legal"][0], state["ply"]
    url = f"/api/games/{game_id}"
    for body, field in (
        ({"seat": "0", "token": token, "action": action, "ply": ply}, "seat"),
        ({"seat": 0.0, "token": token, "action": action, "ply": ply}, "seat"),
        ({"seat": False, "token": token, "action": action, "ply": ply}, "seat"),
        ({"seat": 0, "token": token, "action": action, "ply": str(ply)}, "ply"),
        ({"seat": 0, "token": token, "action": action, "ply": True}, "ply"),
        ({"seat": 0, "token": token, "action": action, "ply": float(ply)}, "ply"),
        ({"seat": 0, "token": 5, "action": action, "ply": ply}, "token"),
        ({"seat": 0, "token": token, "action": 5, "ply": ply}, "action"),
    ):
        response = api.client.post(f"{url}/actions", json=body)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["detail"].startswith(field), response.text
    for body in ({"seat": "0", "token": token}, {"seat": True, "token": token}):
        response = api.client.post(f"{url}/undo", json=body)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["detail"].startswith("seat"), response.text
    assert api.state(game_id)["ply"] == ply  # unchanged
    assert api.act(game_id, 0, token, action, ply).status_code == 200


def test_a_wrong_method_answers_405_with_allow(api: Any) -> None:
    # Allow names every method the path takes, also where several routes share it
    for method, path, allowed in (
        ("PUT", "/api/games", "GET, POST"),
        ("DELETE", "/api/games", "GET, POST"),
        ("DELETE", "/api/catalog", "GET"),
        ("POST", "/api/games/x/state", "GET"),
    ):
        response = api.client.request(method, path)
        assert response.status_code == 405, (method, path)
        assert response.headers.get("allow") == allowed, (method, path)
        assert isinstance(response.json()["detail"], str)


def test_large_bodies_are_refused(api: Any) -> None:
    body = {"game": "discovery", "seats": [HUMAN, GREEDY], "params": {"x": "y" * 20_000}}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 413
    assert "bytes" in response.json()["detail"]


def test_too_many_requests(open_api: Any) -> None:
    api = open_api(http_requests_per_second=0.001, http_burst=5)
    codes = [api.client.get("/api/catalog").status_code for _ in range(8)]
    assert codes[:5] == [200] * 5
    assert codes[5:] == [429] * 3
    assert api.client.get("/openapi.json").status_code == 200  # only /api/ is limited


def test_pages_and_static_files(open_api: Any, tmp_path: Path) -> None:
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "index.html").write_text("<h1>lobby</h1>")
    (static / "play.html").write_text("<h1>board</h1>")
    (static / "account.html").write_text("<h1>account</h1>")
    (static / "js" / "app.js").write_text("console.log(1)")
    api = open_api(static_dir=static)
    assert api.client.get("/").text == "<h1>lobby</h1>"
    assert api.client.get("/play/abc123?seat=0&token=x").text == "<h1>board</h1>"
    for path in ("/account", "/account/sign-in", "/account/sign-up", "/account/forgot"):
        assert api.client.get(path).text == "<h1>account</h1>", path
    assert api.client.get("/account/verify?token=x").text == "<h1>account</h1>"
    assert api.client.get("/account/reset?token=x").text == "<h1>account</h1>"
    unknown = api.client.get("/account/elsewhere")
    assert unknown.status_code == 404 and "no page" in unknown.json()["detail"]
    response = api.client.get("/static/js/app.js")
    assert response.status_code == 200 and response.text == "console.log(1)"
    assert api.client.get("/static/missing.js").status_code == 404


def test_pages_without_the_ui_installed(open_api: Any, tmp_path: Path) -> None:
    api = open_api(static_dir=tmp_path / "nowhere")
    assert api.client.get("/").status_code == 404
    assert api.client.get("/play/abc").status_code == 404
    assert api.client.get("/static/app.js").status_code == 404
