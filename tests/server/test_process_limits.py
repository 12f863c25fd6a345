"""The server as a real process: it stops promptly on SIGINT and SIGTERM while bots think,
and closes connections whose request headers do not arrive in time."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.server.process import (
    Server,
    child_env,
    cpu_seconds,
    server,
    server_command,
    slowness,
)

HEAVY = {"kind": "bot", "bot": "mcts:seconds=30,depth=-1"}
"""A search of 30 s (allowed by --max-bot-seconds 30): a server that waited for its
searches to end would take that long to stop, far beyond the bound even on a loaded
machine."""
STOP_SECONDS = 2.0
"""How long a stop may take on a quiet machine; on a busy one, that many times more as
the machine runs slower (:func:`~tests.server.process.slowness`), up to half a search."""
GREEDY = {"kind": "bot", "bot": "greedy"}


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found.extend(int(x) for x in text)
    return found


def _gone(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_the_server_stops_within_two_seconds_while_bots_think(
    tmp_path: Path, sig: signal.Signals
) -> None:
    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    args = ["--bot-processes", "2", "--max-bot-seconds", "30"]
    with server(url, tmp_path / "server.log", args) as srv:
        srv.start()
        for bots in ([HEAVY, HEAVY], [HEAVY, HEAVY], [GREEDY, GREEDY, GREEDY]):
            srv.create(bots, bot_delay_ms=0)
        listener = socket.create_connection(("127.0.0.1", srv.port))  # an idle connection
        assert srv.process is not None
        # until the searches are well under way: their work done, not a fixed sleep (a
        # loaded machine starts them late)
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while not workers or sum(map(cpu_seconds, workers)) < 1.5:
            assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()[-2000:]
            time.sleep(0.1)
            workers = _children(srv.process.pid)
        slow = slowness()
        start = time.monotonic()
        srv.process.send_signal(sig)
        srv.process.wait(timeout=60)
        took = time.monotonic() - start
        slow = max(slow, slowness())
        listener.close()
        bound = min(STOP_SECONDS * slow, 15.0)
        print(f"stopped in {took:.2f} s (bound {bound:.1f} s, the machine {slow:.1f} times slow)")
        assert took < bound, (took, bound, (tmp_path / "server.log").read_text()[-12000:])
        # killed as it stops, each is gone long before its search's 30 s would end
        deadline = time.monotonic() + 10
        while not all(_gone(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(_gone(pid) for pid in workers), workers


HANGING = """
import sys, time
from terranova.server import __main__ as entry, runner, service

runner.STOP_DEADLINE_SECONDS = 1.0

async def hang(self):
    time.sleep(3600)

service.GameService.close = hang
entry.main(sys.argv[1:])
"""
"""A server whose games' service hangs as it closes."""


def test_a_server_whose_stop_hangs_ends_at_the_deadline_and_logs_its_threads(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    script, log = tmp_path / "hanging.py", tmp_path / "server.log"
    script.write_text(HANGING)
    srv = Server(url, log)
    command = [sys.executable, str(script), *server_command(srv.port, url)[3:]]
    try:
        with log.open("ab") as out:
            srv.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=child_env()
            )
        srv.wait_started()
        srv.process.send_signal(signal.SIGTERM)
        status = srv.process.wait(timeout=60)  # without the deadline: an hour
        text = log.read_text()
        assert status == 1, text
        assert "the server did not stop within 1 s; its threads were at:" in text
        assert re.search(r'hanging\.py", line \d+ in hang\n', text), text  # where it hung
    finally:
        srv.stop()


def _closed(conn: socket.socket, wait: float = 10) -> bool:
    """Whether the server has closed ``conn`` (read: end of stream or reset), waiting up to
    ``wait`` seconds (an answer comes at once when it has: the wait is long for a loaded
    machine's sake, and short only where the test expects no close)."""
    conn.settimeout(wait)
    try:
        return conn.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False  # still held open


def test_half_sent_requests_are_closed_after_the_request_timeout(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    args = ["--request-timeout", "1", "--connections-per-address", "1000"]
    with server(url, tmp_path / "server.log", args) as srv:
        srv.start()
        half: list[socket.socket] = []
        for _ in range(200):
            conn = socket.create_connection(("127.0.0.1", srv.port))
            conn.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n")  # never finished
            half.append(conn)
        half.append(socket.create_connection(("127.0.0.1", srv.port)))  # sends nothing
        # headers in time, then a body that trickles in
        slow = socket.create_connection(("127.0.0.1", srv.port))
        slow.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        # until the server cuts the trickle (a generous bound: a loaded machine's timer
        # fires late, but the body's 100 bytes would take 25 s to come, and never do)
        start = time.monotonic()
        cut = False
        while not cut and time.monotonic() - start < 20:
            try:
                slow.sendall(b" ")
            except OSError:
                cut = True
            time.sleep(0.25)
        half.append(slow)
        closed = sum(_closed(conn) for conn in half)
        for conn in half:
            conn.close()
        assert closed == len(half)
        assert cut  # the body's trickle was cut, long before its end
        # a whole request in time is served as usual
        assert srv.client.get("/api/catalog").status_code == 200


def test_one_address_holds_a_bounded_number_of_connections(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    with server(url, tmp_path / "server.log", ["--connections-per-address", "20"]) as srv:
        srv.start()
        srv.client.close()  # its pooled connection would count too
        held = [socket.create_connection(("127.0.0.1", srv.port)) for _ in range(20)]
        time.sleep(0.3)
        extra = socket.create_connection(("127.0.0.1", srv.port))
        assert _closed(extra)
        assert not any(_closed(conn, wait=0.1) for conn in held)
        for conn in held[:5]:
            conn.close()
        # once the server has seen them closed (however late a loaded machine lets it), a
        # new connection is served
        deadline = time.monotonic() + 60
        while not _served(srv.port):
            assert time.monotonic() < deadline, "closed connections were never freed"
            time.sleep(0.1)
        for conn in [*held[5:], extra]:
            conn.close()


def _served(port: int) -> bool:
    """Whether a new connection to ``port`` gets its request answered (not closed)."""
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.settimeout(30)
        try:
            conn.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return conn.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:  # closed at once: no room yet
            return False


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    """Behind no trusted proxy, X-Forwarded-For cannot buy a client a fresh request
    budget; a trusted proxy's clients are counted each on their own."""

    def burst(srv: Server, forwarded: bool) -> int:
        refused = 0
        for i in range(80):
            headers = {"X-Forwarded-For": f"10.9.0.{i}"} if forwarded else {}
            refused += srv.client.get("/api/catalog", headers=headers).status_code == 429
        return refused

    # refilled so slowly that 80 requests overdraw the burst of 60 however long they take
    slow = ["--requests-per-second", "0.01"]
    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    with server(url, tmp_path / "a.log", slow) as srv:
        srv.start()
        assert burst(srv, forwarded=True) > 0
    with server(url, tmp_path / "b.log", [*slow, "--trusted-proxy", "127.0.0.1"]) as srv:
        srv.start()
        assert burst(srv, forwarded=True) == 0
        assert burst(srv, forwarded=False) > 0


def test_bot_workers_die_at_once_with_a_killed_server(tmp_path: Path) -> None:
    """SIGKILL leaves the server no chance to stop its workers: they end by themselves,
    mid-search, instead of searching on for half a minute."""
    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    long = {"kind": "bot", "bot": "mcts:seconds=60,depth=-1"}
    args = ["--bot-processes", "1", "--max-bot-seconds", "60"]
    with server(url, tmp_path / "server.log", args) as srv:
        srv.start()
        srv.create([long, long], bot_delay_ms=0)
        assert srv.process is not None
        deadline = time.monotonic() + 60
        workers: list[int] = []
        # until the worker has started and searched for a while (its start takes less)
        while not workers or sum(map(cpu_seconds, workers)) < 3:
            assert time.monotonic() < deadline, (tmp_path / "server.log").read_text()[-2000:]
            time.sleep(0.1)
            workers = _children(srv.process.pid)
        srv.kill()
        # a generous bound, far short of the minute its search would go on for
        deadline = time.monotonic() + 30
        while not all(_gone(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        alive = [pid for pid in workers if not _gone(pid)]
        for pid in alive:  # the old way: do not leave them searching after the test
            os.kill(pid, signal.SIGKILL)
        assert not alive, "bot workers outlived their server"
