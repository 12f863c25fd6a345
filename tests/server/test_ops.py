"""For whoever runs the server: liveness, readiness, the Prometheus metrics, JSON logs."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import logging.config
import re
import threading
import time
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from terranova.server.routes.ops import READY_EVERY
from terranova.server.runner import log_config

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}


def samples(api: Any) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``, by name and labels."""
    response = api.client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    found = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def test_healthz_and_readyz_answer_when_the_app_runs(api: Any) -> None:
    assert api.client.get("/healthz").json() == {"status": "ok"}
    ready = api.client.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ready", "resuming": 0}
    assert "/healthz" not in api.client.get("/openapi.json").json()["paths"]


def test_readyz_is_503_when_the_database_does_not_answer(
    api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = api.client.app.state.db

    def unreachable() -> Any:
        raise ConnectionError("the database went away")

    monkeypatch.setattr(db, "revisions", unreachable)
    ready = api.client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["why"] == "the database cannot be reached (ConnectionError)"
    assert api.client.get("/healthz").status_code == 200  # alive all the same


def test_readyz_is_503_on_an_old_schema(api: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    db = api.client.app.state.db
    head = db.revisions()[1]
    monkeypatch.setattr(db, "revisions", lambda: ("0001", head))
    ready = api.client.get("/readyz")
    assert ready.status_code == 503 and "schema is at 0001" in ready.json()["why"]


def test_readyz_is_503_once_the_app_stops(api: Any) -> None:
    service = api.service
    service._closing = True
    try:
        assert api.client.get("/readyz").status_code == 503
    finally:
        service._closing = False


def test_metrics_count_moves_requests_store_time_and_sockets(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    before = samples(api)
    assert before[("terranova_open_sockets", ())] == 0
    # both shown from the start; the deal at creation is no move
    assert before[("terranova_moves_total", (("by", "person"),))] == 0
    assert before[("terranova_moves_total", (("by", "server"),))] == 0
    logged = len(api.client.app.state.db.log(game_id))
    with api.client.websocket_connect(f"/ws/games/{game_id}?seat=0&token={token}") as ws:
        state = ws.receive_json()
        assert samples(api)[("terranova_open_sockets", ())] == 1
        response = api.act(game_id, 0, token, state["legal"][0], state["ply"])
        assert response.status_code == 200
        refused = api.act(game_id, 0, token, state["legal"][0], state["ply"])
        assert refused.status_code == 409  # stale: counted as a request, not as a move
    after = samples(api)
    assert after[("terranova_moves_total", (("by", "person"),))] == 1
    assert after[("terranova_moves_total", (("by", "server"),))] == 0  # nothing drawn yet
    assert after[("terranova_move_seconds_count", ())] == 1
    actions = "/api/games/{game_id}/actions"
    ok = (("method", "POST"), ("route", actions), ("status", "200"))
    stale = (("method", "POST"), ("route", actions), ("status", "409"))
    assert after[("terranova_request_seconds_count", ok)] == 1
    assert after[("terranova_request_seconds_count", stale)] == 1
    assert not any(game_id in label for (_, labels) in after for _, label in labels)
    append = (("operation", "append"),)
    assert after[("terranova_store_seconds_count", append)] >= 1
    assert after[("terranova_store_seconds_count", (("operation", "create_game"),))] == 1
    assert after[("terranova_games_in_memory", ())] >= 1
    assert after[("terranova_bot_queue", ())] == 0

    # people play on until chance draws a tile: the draws are the server's moves
    db = api.client.app.state.db
    tokens = [seat["token"] for seat in created["seats"]]
    people = 1
    while len(db.log(game_id)) - logged == people:
        seat = api.state(game_id)["to_move"]
        state = api.state(game_id, seat, tokens[seat])
        assert api.act(game_id, seat, tokens[seat], state["legal"][0], state["ply"]).is_success
        people += 1
    last = samples(api)
    assert last[("terranova_moves_total", (("by", "person"),))] == people
    drawn = len(db.log(game_id)) - logged - people
    assert drawn > 0
    assert last[("terranova_moves_total", (("by", "server"),))] == drawn


def test_a_path_no_route_matches_is_counted_as_unmatched(api: Any) -> None:
    assert api.client.get("/no/such/page").status_code == 404
    unmatched = (("method", "GET"), ("route", "unmatched"), ("status", "404"))
    assert samples(api)[("terranova_request_seconds_count", unmatched)] == 1


def test_json_logs_are_one_object_per_line_without_tokens() -> None:
    config = log_config("json")
    stream = io.StringIO()
    config["handlers"]["default"]["stream"] = stream
    config["disable_existing_loggers"] = False
    logging.config.dictConfig(config)
    try:
        logging.getLogger("terranova.server").warning("game %s: seat %d left", "abc", 1)
        logging.getLogger("uvicorn.error").info(
            "GET /ws/games/abc?seat=0&token=s3cret",
            extra={"color_message": "\x1b[36mGET\x1b[0m"},  # as uvicorn adds: not written
        )
    finally:
        logging.config.dictConfig({"version": 1, "disable_existing_loggers": False})
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [line["message"] for line in lines] == [
        "game abc: seat 1 left",
        "GET /ws/games/abc?seat=0&token=…",
    ]
    first = lines[0]
    assert first["level"] == "WARNING" and first["logger"] == "terranova.server"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}", first["time"])
    assert isinstance(first["process"], int)
    assert set(lines[1]) == {"time", "level", "logger", "process", "message"}


def test_an_unknown_log_format_is_refused() -> None:
    with pytest.raises(ValueError, match="text or json, not 'xml'"):
        log_config("xml")


def test_readyz_waits_for_the_other_processes_moves_on_postgresql(
    database_url: str, open_api: Any
) -> None:
    api = open_api(database_url)
    relay = api.client.app.state.relay
    if relay is None:  # SQLite: one process, nobody else to hear
        assert api.client.get("/readyz").status_code == 200
        return
    deadline = time.monotonic() + 10
    while api.client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, api.client.get("/readyz").json()
        time.sleep(0.05)
    api.client.portal.call(relay.listening.clear)  # as while it connects again
    try:
        ready = api.client.get("/readyz")
        assert ready.status_code == 503 and "other processes" in ready.json()["why"]
    finally:
        api.client.portal.call(relay.listening.set)


def test_readyz_asks_the_database_at_most_once_a_second(
    api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = api.client.app.state.db
    asked = []
    revisions = db.revisions
    monkeypatch.setattr(db, "revisions", lambda: asked.append(1) or revisions())
    now = [time.monotonic() + READY_EVERY]  # past any answer kept from before
    monkeypatch.setattr(api.client.app.state.readiness, "clock", lambda: now[0])

    def ready_twenty_times() -> int:
        for _ in range(20):
            assert api.client.get("/readyz").status_code == 200
        return len(asked)

    assert ready_twenty_times() == 1
    now[0] += READY_EVERY / 2
    assert ready_twenty_times() == 1
    now[0] += READY_EVERY / 2
    assert ready_twenty_times() == 2


def test_static_files_are_counted_under_their_mount(api: Any) -> None:
    assert api.client.get("/static/common.js").status_code == 200
    mounted = (("method", "GET"), ("route", "/static"), ("status", "200"))
    assert samples(api)[("terranova_request_seconds_count", mounted)] == 1


GREEDY = {"kind": "bot", "bot": "greedy"}


def test_readyz_is_ready_while_the_games_of_a_dead_process_are_still_resumed(
    open_api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process taking over the games of one that died (here: whose leases expired) is
    ready before it has replayed them, and says how many are left: their replays (held up
    here until the test lets them go) neither hold readiness nor stall the requests."""
    from terranova.server import cache

    first = open_api()
    for _ in range(3):
        first.create([GREEDY, GREEDY], bot_delay_ms=10_000)  # a bot to move: a lease
    first.close()  # gives its leases up at once, as a dead process's expire
    entered, go = threading.Event(), threading.Event()
    replayed: list[str] = []
    rebuild = cache.rebuild

    def slow(stored: Any) -> Any:
        entered.set()
        go.wait(10)  # bounded: with the replay on the event loop, nothing answers meanwhile
        replayed.append(stored.public_id)
        return rebuild(stored)

    monkeypatch.setattr(cache, "rebuild", slow)
    second = open_api()
    try:
        assert entered.wait(10)
        ready = second.client.get("/readyz")
        assert not replayed  # answered while the first replay is held up
        assert ready.status_code == 200, ready.json()
        assert ready.json()["resuming"] == 3
    finally:
        go.set()
    deadline = time.monotonic() + 30
    while (body := second.client.get("/readyz").json())["resuming"]:
        assert time.monotonic() < deadline, body
        time.sleep(0.05)
    assert body == {"status": "ready", "resuming": 0}


def test_readyz_checks_the_database_on_its_own_thread(
    open_api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Readiness does not queue behind the games' work in the shared threads: with every
    one of them busy, the database's answer still comes."""
    api = open_api()
    later = time.monotonic() + READY_EVERY  # past any answer kept from before
    monkeypatch.setattr(api.client.app.state.readiness, "clock", lambda: later)
    free = threading.Event()

    async def occupy() -> None:
        for _ in range(64):  # more than the default executor's threads (at most 32)
            asyncio.get_running_loop().run_in_executor(None, free.wait, 10)

    try:
        api.client.portal.call(occupy)
        ready = api.client.get("/readyz")
    finally:
        free.set()
    assert ready.status_code == 200, ready.json()


def test_readyz_names_everything_it_waits_for(api: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """503's body lists what the process still waits for, not only the first thing."""
    db = api.client.app.state.db
    monkeypatch.setattr(db, "revisions", lambda: ("0001", "0009"))
    later = time.monotonic() + READY_EVERY  # past any answer kept from before
    monkeypatch.setattr(api.client.app.state.readiness, "clock", lambda: later)
    relay = api.client.app.state.relay
    if relay is not None:
        api.client.portal.call(relay.listening.clear)
    try:
        ready = api.client.get("/readyz")
    finally:
        if relay is not None:
            api.client.portal.call(relay.listening.set)
    assert ready.status_code == 503
    body = ready.json()
    assert body["why"] == body["waiting_for"][0]
    assert body["waiting_for"][-1] == "the database's schema is at 0001, not 0009"
    assert len(body["waiting_for"]) == (1 if relay is None else 2)
    assert body["resuming"] == 0
