"""Several server processes on one PostgreSQL database serve the same games live: a move
made through one reaches the WebSockets of the other, two moves at once through both never
both land, and when the process that runs a game's bots is killed, the other takes them
over with no move lost."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
from tests.server.process import Server, server
from websockets.sync.client import connect

from terranova.records import GameRecord, replay
from terranova.server.db import Database

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}
LEASE = ["--lease-seconds", "1.5"]


@contextmanager
def two_servers(url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    with ExitStack() as stack:
        a = stack.enter_context(server(url, tmp_path / "a.log", LEASE))
        b = stack.enter_context(server(url, tmp_path / "b.log", LEASE))
        a.spawn()  # both at once, on a database without tables: one migrates it, not both
        b.spawn()
        a.wait_started()
        b.wait_started()
        yield a, b


def socket_url(srv: Server, game_id: str, seat: int | None = None, token: str = "") -> str:
    query = "" if seat is None else f"?seat={seat}&token={token}"
    return f"ws://127.0.0.1:{srv.port}/ws/games/{game_id}{query}"


def server_moves(srv: Server) -> float:
    """The commits ``srv`` made for bots and chance (its metrics)."""
    for line in srv.client.get("/metrics").text.splitlines():
        if line.startswith('terranova_moves_total{by="server"}'):
            return float(line.split()[-1])
    return 0.0


def receive(ws: Any, until: Any, seconds: float = 10) -> dict[str, Any]:
    """The first state message that ``until`` accepts."""
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message.get("type") == "state" and until(message):
            return dict(message)


def private_hands(srv: Server) -> tuple[str, list[str]]:
    """A game of two people, each with a hand of two tiles the other may not see, made
    through ``srv``: its id and the seats' tokens."""
    created = srv.create([HUMAN, HUMAN2], params={"hand": 2, "hand_visibility": "private"})
    return created["game_id"], [s["token"] for s in created["seats"]]


def test_a_move_through_one_process_reaches_the_sockets_of_the_other(
    postgres_url: str, tmp_path: Path
) -> None:
    with two_servers(postgres_url, tmp_path) as (a, b):
        game_id, tokens = private_hands(a)
        with (
            connect(socket_url(b, game_id, 1, tokens[1])) as seat1,
            connect(socket_url(b, game_id)) as spectator,
        ):
            first = receive(seat1, lambda m: True)
            receive(spectator, lambda m: True)
            reached = first["ply"]
            for turn in range(6):  # the moves alternate between the two processes
                mover = (a, b)[turn % 2]
                # the mover has heard of the last move (else its answer would be 409)
                mover.wait(game_id, None, None, lambda s, p=reached: s["ply"] >= p)
                seat = mover.get(f"/api/games/{game_id}")["to_move"]
                state = mover.wait_turn(game_id, seat, tokens[seat])
                ply = state["ply"]
                reached = mover.act(game_id, seat, tokens[seat], state["legal"][0], ply)["ply"]
                seen = receive(seat1, lambda m, ply=ply: m["ply"] > ply, seconds=30)
                watched = receive(spectator, lambda m, ply=ply: m["ply"] > ply, seconds=30)
                assert seen["ply"] == watched["ply"] == b.state(game_id)["ply"]
                assert seen["seat"] == 1 and watched["seat"] is None
                # each socket sees its own view: seat 1 its hand, the spectator no hand
                assert seen["view"] != watched["view"]
            assert seen["ply"] > first["ply"]
        # once both have heard of the last move, they show the same
        for srv in (a, b):
            srv.wait(game_id, None, None, lambda s, p=reached: s["ply"] >= p)
        assert a.state(game_id) == b.state(game_id)


def race(
    servers: tuple[Server, Server], game_id: str, body: list[dict[str, Any]]
) -> list[httpx.Response]:
    """Send ``body[i]`` as a move to ``servers[i]``, both at once; their answers."""
    answers: list[httpx.Response] = []
    start = threading.Barrier(2)

    def send(i: int) -> None:
        with httpx.Client(base_url=str(servers[i].client.base_url), timeout=10) as client:
            start.wait()
            answers.append(client.post(f"/api/games/{game_id}/actions", json=body[i]))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_two_moves_at_once_through_both_processes_never_both_land(
    postgres_url: str, tmp_path: Path
) -> None:
    with two_servers(postgres_url, tmp_path) as (a, b):
        created = a.create([HUMAN, HUMAN2])
        game_id = created["game_id"]
        tokens = [s["token"] for s in created["seats"]]
        for _ in range(8):
            summary = a.get(f"/api/games/{game_id}")
            seat, ply = summary["to_move"], summary["ply"]
            # both processes hold the position before the race
            states = [
                srv.wait(game_id, seat, tokens[seat], lambda s, p=ply: s["ply"] == p)
                for srv in (a, b)
            ]
            legal = states[0]["legal"]
            bodies = [
                {"seat": seat, "token": tokens[seat], "action": move, "ply": ply}
                for move in (legal[0], legal[-1])
            ]
            answers = race((a, b), game_id, bodies)
            assert sorted(r.status_code for r in answers) == [200, 409], answers
            landed = next(r.json() for r in answers if r.status_code == 200)
            for srv in (a, b):  # both show the move that landed, and no other
                after = srv.wait(game_id, None, None, lambda s, p=ply: s["ply"] > p)
                assert after["ply"] == landed["ply"]
        log = Database(postgres_url).log(game_id)
        assert [e.seq for e in log] == list(range(len(log)))
        assert [e.ply for e in log] == list(range(len(log)))  # each ply once: no move twice


def test_the_other_process_takes_over_the_bots_of_a_killed_one(
    postgres_url: str, tmp_path: Path
) -> None:
    with two_servers(postgres_url, tmp_path) as (a, b):
        # made through a: a holds the game's lease and runs its bots
        created = a.create([GREEDY, RANDOM], bot_delay_ms=40)
        game_id = created["game_id"]
        with connect(socket_url(b, game_id)) as watcher:
            before = receive(watcher, lambda m: m["ply"] >= 12, seconds=30)
            # one process at a time runs a game's bots: a, not b
            assert server_moves(a) > 0 and server_moves(b) == 0
            killed_at = time.monotonic()
            a.kill()
            # b takes them over once a's leases run out (1.5 s): a bound for a loaded
            # machine, not a measure of how soon
            after = receive(watcher, lambda m: m["ply"] > before["ply"] + 2, seconds=60)
            print(f"b took {time.monotonic() - killed_at:.1f} s to take the bots over")
        assert after["log"][: len(before["log"])] == before["log"]  # no move lost
        final = b.wait(game_id, None, None, lambda s: s["status"] == "finished")
        record = GameRecord.from_dict(b.get(f"/api/games/{game_id}/record"))
        assert replay(record).is_terminal()
        assert len(record.actions) == final["ply"]
        assert server_moves(b) > 0


def test_a_seat_resigned_through_one_process_stops_seeing_its_hand_through_the_other(
    postgres_url: str, tmp_path: Path
) -> None:
    with two_servers(postgres_url, tmp_path) as (a, b):
        game_id, tokens = private_hands(a)
        with connect(socket_url(b, game_id, 1, tokens[1])) as seat1:
            mine = receive(seat1, lambda m: True)
            assert mine["seat"] == 1 and mine["view"]["hands"][1]["tiles"]
            answer = a.client.post(
                f"/api/games/{game_id}/resign", json={"seat": 1, "token": tokens[1]}
            )
            assert answer.status_code == 200, answer.text
            after = receive(seat1, lambda m: m["seats"][1]["kind"] == "bot")
            assert after["seat"] is None  # a spectator's connection now
            assert all(hand["tiles"] is None for hand in after["view"]["hands"])
            assert (
                b.client.get(
                    f"/api/games/{game_id}/state", params={"seat": 1, "token": tokens[1]}
                ).status_code
                == 403
            )
