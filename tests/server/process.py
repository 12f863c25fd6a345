"""The server as a real process (``python -m terranova.server``) for the tests that need
one: restarts, signals, sockets."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

import terranova

SOURCE = Path(terranova.__file__).resolve().parents[1]
"""The folder of the terranova these tests import (a worktree's, or the installed one)."""


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a process that must run the terranova these tests import: its
    folder first on PYTHONPATH (a relative entry such as ``src`` finds nothing from another
    working directory)."""
    paths = [str(SOURCE), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, **extra, "PYTHONPATH": os.pathsep.join(paths)}


def server_command(port: int, database_url: str, *args: str) -> list[str]:
    """The command line of a server on the loopback ``port`` with this database (games of
    bots alone at the pace they ask for, as in the tests' apps)."""
    return [
        sys.executable,
        "-m",
        "terranova.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--database-url",
        database_url,
        "--min-unwatched-bot-delay-ms",
        "0",
        *args,
    ]


def cpu_seconds(pid: int) -> float:
    """User and system time ``pid`` has used so far (0 once it is gone; Linux's /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def slowness(work: float = 0.2) -> float:
    """How many times slower than on a free core this machine runs now: the clock time a
    fixed piece of work (``work`` seconds of this process's CPU) takes, over that CPU time
    (1 on a free core, about 4 with four busy processes a core)."""
    wall, cpu = time.monotonic(), time.process_time()
    while time.process_time() - cpu < work:
        pass
    return max(1.0, (time.monotonic() - wall) / work)


class Patience:
    """A wait for a process that gives up on its lack of progress, not on the clock: after
    ``cpu`` seconds of the process's own CPU time (it works and gets nowhere), or after
    ``wall`` seconds however busy the machine (a last bound, under the tests' timeout). A
    start that takes 2 s of a quiet machine's time takes 20 s or more while other jobs hold
    the cores: a wall-clock bound of 30 s failed there with nothing wrong."""

    def __init__(self, pid: int, cpu: float = 30.0, wall: float = 100.0) -> None:
        self.pid = pid
        self.cpu = cpu
        self.deadline = time.monotonic() + wall

    def left(self) -> bool:
        """Whether waiting on is still worth it."""
        return cpu_seconds(self.pid) < self.cpu and time.monotonic() < self.deadline


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``python -m terranova.server`` on a loopback port.

    ``options``, if given, replaces the whole option list (``--host``, ``--port``,
    ``--database-url`` and ``args``): it must name ``--host 127.0.0.1 --port PORT``, with
    ``port`` given too; ``env`` adds to the process's environment."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        args: Sequence[str] = (),
        *,
        port: int | None = None,
        options: Sequence[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.log = log
        self.args = list(args)
        self.port = free_port() if port is None else port
        self.options = None if options is None else list(options)
        self.env = dict(env or {})
        self.process: subprocess.Popen[bytes] | None = None
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)

    def start(self) -> None:
        """Start the process and wait until it answers."""
        self.spawn()
        self.wait_started()

    def spawn(self) -> None:
        """Start the process (without waiting for it)."""
        env = child_env(**self.env)
        if self.options is None:
            command = server_command(self.port, self.database_url, *self.args)
        else:
            command = [sys.executable, "-m", "terranova.server", *self.options]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
            )

    def wait_started(self) -> None:
        """Wait until the process answers (it fails the test if the process exits)."""
        assert self.process is not None
        patience = Patience(self.process.pid)
        while True:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if self.client.get("/api/catalog").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert patience.left(), f"the server did not start:\n{self.log.read_text()}"
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
def server(database_url: str, log: Path, args: Sequence[str] = ()) -> Iterator[Server]:
    process = Server(database_url, log, args)
    try:
        yield process
    finally:
        process.stop()
