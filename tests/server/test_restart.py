"""The server as a real process: killed with SIGKILL mid-game and started again, every game
is exactly where it was, bots carry on, and play goes on."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from terranova.records import GameRecord, replay

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}
SRC = Path(__file__).resolve().parents[2] / "src"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``python -m terranova.server`` on a loopback port."""

    def __init__(self, database_url: str, log: Path) -> None:
        self.database_url = database_url
        self.log = log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)

    def start(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "terranova.server",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--database-url",
                    self.database_url,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
            )
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if self.client.get("/api/catalog").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        assert self.process.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.client.close()

    # the calls the test makes
    def create(self, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        response = self.client.post(
            "/api/games", json={"game": "discovery", "seats": seats, **extra}
        )
        assert response.status_code == 200, response.text
        return dict(response.json())

    def get(self, path: str, **params: Any) -> Any:
        """GET, waiting out the server's request limit (20 a second) if need be."""
        for _ in range(20):
            response = self.client.get(path, params=params)
            if response.status_code != 429:
                break
            time.sleep(0.5)
        assert response.status_code == 200, response.text
        return response.json()

    def state(self, game_id: str, seat: int | None = None, token: str | None = None) -> Any:
        params = {} if seat is None else {"seat": seat, "token": token}
        return self.get(f"/api/games/{game_id}/state", **params)

    def act(self, game_id: str, seat: int, token: str, action: str, ply: int) -> Any:
        body = {"seat": seat, "token": token, "action": action, "ply": ply}
        response = self.client.post(f"/api/games/{game_id}/actions", json=body)
        assert response.status_code == 200, response.text
        return response.json()

    def wait(self, game_id: str, seat: int | None, token: str | None, done: Any) -> Any:
        deadline = time.monotonic() + 60
        while True:
            state = self.state(game_id, seat, token)
            if done(state):
                return state
            assert time.monotonic() < deadline, state
            time.sleep(0.1)

    def wait_turn(self, game_id: str, seat: int, token: str) -> Any:
        return self.wait(
            game_id, seat, token, lambda s: bool(s["legal"]) or s["status"] == "finished"
        )


@contextmanager
def server(database_url: str, log: Path) -> Iterator[Server]:
    process = Server(database_url, log)
    try:
        yield process
    finally:
        process.stop()


def test_killed_and_started_again(database_url: str, tmp_path: Path) -> None:
    rng = random.Random(5)
    with server(database_url, tmp_path / "server.log") as srv:
        srv.start()
        # a human against two bots, hidden hands, part played
        vs_bots = srv.create(
            [HUMAN, GREEDY, RANDOM],
            params={"hand": 2, "hand_visibility": "private"},
            bot_delay_ms=0,
        )
        bots_id, bots_token = vs_bots["game_id"], vs_bots["seats"][0]["token"]
        for _ in range(6):
            state = srv.wait_turn(bots_id, 0, bots_token)
            srv.act(bots_id, 0, bots_token, rng.choice(state["legal"]), state["ply"])
        srv.wait_turn(bots_id, 0, bots_token)
        # two people
        friends = srv.create([HUMAN, HUMAN2])
        friends_id = friends["game_id"]
        tokens = [s["token"] for s in friends["seats"]]
        for _ in range(5):
            summary = srv.get(f"/api/games/{friends_id}")
            seat = summary["to_move"]
            state = srv.state(friends_id, seat, tokens[seat])
            srv.act(friends_id, seat, tokens[seat], rng.choice(state["legal"]), state["ply"])
        # bots only, slow enough to be killed in the middle
        auto = srv.create([GREEDY, RANDOM], bot_delay_ms=10)
        auto_id = auto["game_id"]
        seen = srv.wait(auto_id, None, None, lambda s: s["ply"] >= 10)

        who: list[tuple[str, int | None, str | None]] = [
            (bots_id, 0, bots_token),
            (bots_id, None, None),
            (friends_id, 0, tokens[0]),
            (friends_id, 1, tokens[1]),
            (friends_id, None, None),
        ]
        views = [srv.state(*w) for w in who]
        summaries = [srv.get(f"/api/games/{g}") for g in (bots_id, friends_id)]
        srv.kill()

        srv.start()
        assert [srv.state(*w) for w in who] == views
        assert [srv.get(f"/api/games/{g}") for g in (bots_id, friends_id)] == (summaries)

        # play goes on where it was
        state = srv.wait_turn(bots_id, 0, bots_token)
        assert state == views[0]
        for _ in range(3):
            state = srv.wait_turn(bots_id, 0, bots_token)
            srv.act(bots_id, 0, bots_token, rng.choice(state["legal"]), state["ply"])
        after = srv.wait_turn(bots_id, 0, bots_token)
        assert after["ply"] > state["ply"]

        # the bot game was resumed and finished; its past is what was seen before the kill
        done = srv.wait(auto_id, None, None, lambda s: s["status"] == "finished")
        record = GameRecord.from_dict(srv.get(f"/api/games/{auto_id}/record"))
        assert replay(record).is_terminal()
        past = srv.get(f"/api/games/{auto_id}/replay/{seen['ply']}")
        for key in ("ply", "view", "log", "scores_by_turn"):
            assert past[key] == seen[key], key
        assert done["log"][: len(seen["log"])] == seen["log"]
        srv.kill()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "Logging error" not in log
    assert "token=…" in log  # request lines are logged with the tokens left out
    for token in (bots_token, *tokens):
        assert token not in log
