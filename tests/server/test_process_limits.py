"""The server as a real process: it stops promptly on SIGINT and SIGTERM while bots think,
and closes connections whose request headers do not arrive in time."""

from __future__ import annotations

import signal
import socket
import time
from pathlib import Path

import pytest
from tests.server.process import Server, server

HEAVY = {"kind": "bot", "bot": "mcts:seconds=5,depth=-1"}
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
    with server(url, tmp_path / "server.log", ["--bot-processes", "2"]) as srv:
        srv.start()
        for bots in ([HEAVY, HEAVY], [HEAVY, HEAVY], [GREEDY, GREEDY, GREEDY]):
            srv.create(bots, bot_delay_ms=0)
        listener = socket.create_connection(("127.0.0.1", srv.port))  # an idle connection
        time.sleep(3)  # the searches are well under way (each may take 5 s)
        assert srv.process is not None
        workers = _children(srv.process.pid)
        start = time.monotonic()
        srv.process.send_signal(sig)
        srv.process.wait(timeout=30)
        took = time.monotonic() - start
        listener.close()
        print(f"stopped in {took:.2f} s")
        assert took < 2.0, (took, (tmp_path / "server.log").read_text()[-2000:])
        deadline = time.monotonic() + 2
        while not all(_gone(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(_gone(pid) for pid in workers), workers


def test_half_sent_requests_are_closed_after_the_header_timeout(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    with server(url, tmp_path / "server.log", ["--header-timeout", "1"]) as srv:
        srv.start()
        half: list[socket.socket] = []
        for _ in range(200):
            conn = socket.create_connection(("127.0.0.1", srv.port))
            conn.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n")  # never finished
            half.append(conn)
        silent = socket.create_connection(("127.0.0.1", srv.port))  # sends nothing at all
        half.append(silent)
        time.sleep(2.5)
        closed = 0
        for conn in half:
            conn.settimeout(2)
            try:
                closed += conn.recv(1024) == b""
            except ConnectionResetError:
                closed += 1
            except TimeoutError:
                pass  # still held open
            conn.close()
        assert closed == len(half)
        # a whole request in time is served as usual
        assert srv.client.get("/api/catalog").status_code == 200


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    """Behind no trusted proxy, X-Forwarded-For cannot buy a client a fresh request
    budget; a trusted proxy's clients are counted each on their own."""

    def burst(srv: Server, forwarded: bool) -> int:
        refused = 0
        for i in range(80):
            headers = {"X-Forwarded-For": f"10.9.0.{i}"} if forwarded else {}
            refused += srv.client.get("/api/catalog", headers=headers).status_code == 429
        return refused

    url = f"sqlite:///{tmp_path / 'terranova.db'}"
    with server(url, tmp_path / "a.log") as srv:
        srv.start()
        assert burst(srv, forwarded=True) > 0
    with server(url, tmp_path / "b.log", ["--trusted-proxy", "127.0.0.1"]) as srv:
        srv.start()
        assert burst(srv, forwarded=True) == 0
        assert burst(srv, forwarded=False) > 0
