"""The web app under load: many concurrent games over WebSockets on loopback.

Starts a real server (``python -m terranova.server``) on a free port of 127.0.0.1 with a
fresh SQLite database in a temporary directory (or ``--database-url``), creates
``--games`` games through ``POST /api/games`` and plays them over WebSockets, starting a
new game in a slot whenever one ends, until ``--seconds`` or ``--moves`` is reached:

- a share of the games (``--human-share``) has one scripted human seat: the client
  connects with the seat's token and, whenever its state message lists ``legal`` actions,
  sends one of them at random (seeded); the other seats are bots;
- the other games are bots only, watched by a spectator connection.

With ``--processes N`` (PostgreSQL only), N server processes share the database: game
``k`` is created through process ``k mod N`` (which then runs its bots) and watched or
played over a WebSocket to process ``k + 1 mod N``, so that every bot's move reaches its
client through the other process (PostgreSQL's NOTIFY).

It prints the moves (decisions) per second, the 50th/90th/99th percentile latency of a
human move (from sending the ``action`` message to receiving the state message that
reflects it), the bots' move throughput and how long they take beyond their pause, and
the CPU the server and this client used. The server is stopped at the end, also on
Ctrl-C or an error.

    .venv/bin/python benchmarks/web_load.py [--games 50] [--seconds 30 | --moves N]
        [--bot-delay-ms 600] [--human-share 0.5] [--players 2] [--bot greedy]
        [--think-ms 0] [--warmup 3] [--seed 1] [--compression deflate|none]
        [--database-url URL [--processes N]] [--profile server.prof]

The client keeps to the server's limits (docs/web.md): at most ``ws_messages_per_second``
messages per connection and the ``/api/`` token bucket of one address, read from
``Settings()``; the time it waits for them is reported, not counted as latency.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection, connect

from terranova.server.settings import Settings

TARGET_GAMES = 50
TARGET_P99_MS = 100.0
LOOPBACK = "127.0.0.1"
MAX_SECONDS = 3600.0
"""No run lasts longer than this, whatever it is asked."""
STARTUP_TIMEOUT = 60.0
PASSWORD = re.compile(r"(://[^:/@\s]*:)\S*@")
"""A password in a database URL, kept out of what the script prints."""
LOAD_OPTIONS = (
    "--sockets-per-address",
    "100000",
    "--socket-connects-per-second",
    "100000",
    "--max-games-per-address",
    "0",
    "--max-games-per-address-per-hour",
    "0",
)
"""The client stands for many players, all from one address."""
SILENCE_TIMEOUT = 30.0
"""A game that sends nothing for this long (beyond its bots' pause) is given up."""


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


class Server:
    """``python -m terranova.server`` in a subprocess of its own session (so that a Ctrl-C
    in the terminal reaches only this script, which then stops the server itself)."""

    def __init__(
        self,
        database_url: str,
        workdir: Path,
        profile: Path | None,
        index: int = 0,
        options: Sequence[str] = LOAD_OPTIONS,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """``options``: the server's options beyond its address and database; ``env``: its
        environment (None: this process's)."""
        self.port = free_port()
        self.database_url = database_url
        self.log_path = workdir / f"server-{index}.log"
        self.profile = profile
        command = [sys.executable]
        if profile is not None:
            command += ["-m", "cProfile", "-o", str(profile)]
        command += [
            "-m",
            "terranova.server",
            "--host",
            LOOPBACK,
            "--port",
            str(self.port),
            "--database-url",
            database_url,
            *options,
        ]
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            command,
            cwd=workdir,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env=None if env is None else dict(env),
        )

    @property
    def base(self) -> str:
        return f"http://{LOOPBACK}:{self.port}"

    def wait_ready(self) -> None:
        """Until the app answers (polls ``/openapi.json``: outside ``/api/``, so the polls
        do not spend the address's request budget)."""
        deadline = time.monotonic() + STARTUP_TIMEOUT
        with httpx.Client(timeout=2.0) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited at start:\n{self.log_tail()}")
                with contextlib.suppress(httpx.HTTPError):
                    if client.get(f"{self.base}/openapi.json").status_code == 200:
                        return
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer in {STARTUP_TIMEOUT:.0f} s")

    def cpu_seconds(self) -> float | None:
        """User + system CPU time of the server process so far (Linux ``/proc``)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float | None:
        """The server process's resident memory now (``VmRSS`` of Linux ``/proc``), in MB."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return None
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
        return None if match is None else int(match.group(1)) / 1024

    def stop(self) -> int | None:
        """SIGINT (uvicorn's orderly shutdown, and cProfile writes its file), then SIGTERM,
        then SIGKILL; returns the exit code."""
        process = self.process
        for sig, wait in ((signal.SIGINT, 20.0), (signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
            if process.poll() is not None:
                break
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=wait)
        self._log.close()
        return process.poll()

    def log_tail(self, lines: int = 30) -> str:
        self._log.flush()
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


# ---------------------------------------------------------------------- measurements


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Stats:
    human_latency: list[float] = field(default_factory=list)
    """Seconds from sending a human's action to the state message reflecting it."""
    bot_overrun: list[float] = field(default_factory=list)
    """Seconds a bot took beyond its pause: from the state where it is to move to the state
    after its move, less ``bot_delay_ms``."""
    bot_moves: int = 0
    human_moves: int = 0
    message_bytes: int = 0
    messages: int = 0
    message_plies: int = 0
    create_latency: list[float] = field(default_factory=list)
    games_created: int = 0
    games_finished: int = 0
    refused_429: int = 0
    http_wait: float = 0.0
    ws_wait: float = 0.0
    errors: Counter[str] = field(default_factory=Counter)
    concurrent: list[int] = field(default_factory=list)

    @property
    def moves(self) -> int:
        return self.bot_moves + self.human_moves


class Run:
    """What the game slots share: the server's address, the clock, the limits."""

    def __init__(self, args: argparse.Namespace, bases: list[str], settings: Settings) -> None:
        self.args = args
        self.bases = bases
        """The servers' addresses: game ``k`` is made through ``bases[k % len(bases)]``
        and played through the next one."""
        self.stats = Stats()
        self.stop = asyncio.Event()
        self.measuring = False
        self.playing = 0
        self.ws_rate = settings.ws_messages_per_second
        # the client's own token bucket, a little under the server's so it never hits 429
        self.http_rate = settings.http_requests_per_second * 0.9
        self.http_burst = max(1.0, settings.http_burst - 5.0)
        self._tokens = self.http_burst
        self._refilled = time.monotonic()
        self._http_lock = asyncio.Lock()
        self.http: httpx.AsyncClient | None = None

    def count_moves(self, human: int = 0, bot: int = 0) -> None:
        if not self.measuring:
            return
        self.stats.human_moves += human
        self.stats.bot_moves += bot
        if self.args.moves and self.stats.moves >= self.args.moves:
            self.stop.set()

    async def http_slot(self) -> None:
        """Wait for a token of the client's ``/api/`` bucket."""
        async with self._http_lock:
            while True:
                now = time.monotonic()
                self._tokens = min(
                    self.http_burst, self._tokens + (now - self._refilled) * self.http_rate
                )
                self._refilled = now
                if self._tokens >= 1.0:
                    self._tokens -= 1.0
                    return
                wait = (1.0 - self._tokens) / self.http_rate
                if self.measuring:
                    self.stats.http_wait += wait
                await asyncio.sleep(wait)

    def ws_base(self, game: int) -> str:
        """Where game ``game``'s WebSocket goes: the server after the one that made it."""
        base = self.bases[(game + 1) % len(self.bases)]
        return base.replace("http://", "ws://", 1)

    async def create_game(self, seats: list[dict[str, Any]], game: int) -> dict[str, Any] | None:
        """``POST /api/games`` through server ``game % len(bases)`` (None when the run
        stops first or the server refuses)."""
        assert self.http is not None
        body = {"game": "discovery", "seats": seats, "bot_delay_ms": self.args.bot_delay_ms}
        for _attempt in range(20):
            if self.stop.is_set():
                return None
            await self.http_slot()
            start = time.perf_counter()
            try:
                base = self.bases[game % len(self.bases)]
                answer = await self.http.post(f"{base}/api/games", json=body)
            except httpx.HTTPError as exc:
                self.stats.errors[f"POST /api/games: {type(exc).__name__}"] += 1
                await asyncio.sleep(0.5)
                continue
            elapsed = time.perf_counter() - start
            if answer.status_code == 429:
                self.stats.refused_429 += 1
                await asyncio.sleep(1.0 / self.http_rate)
                continue
            if answer.status_code != 200:
                self.stats.errors[f"POST /api/games: {answer.status_code} {answer.text}"] += 1
                return None
            if self.measuring:
                self.stats.create_latency.append(elapsed)
            self.stats.games_created += 1
            result: dict[str, Any] = answer.json()
            return result
        return None


class SendWindow:
    """The client side of the server's per-connection limit: at most ``limit`` messages in
    any second (with a small margin)."""

    def __init__(self, limit: int) -> None:
        self.limit = max(1, limit - 1)
        self.sent: deque[float] = deque()

    async def wait(self) -> float:
        waited = 0.0
        while True:
            now = time.monotonic()
            while self.sent and self.sent[0] <= now - 1.05:
                self.sent.popleft()
            if len(self.sent) < self.limit:
                self.sent.append(now)
                return waited
            pause = self.sent[0] + 1.05 - now
            waited += pause
            await asyncio.sleep(pause)


async def play(run: Run, slot: int, game_no: int) -> bool:
    """Create one game in ``slot`` and play or watch it until it ends or the run stops;
    False if no game could be created."""
    args = run.args
    rng = random.Random(f"{args.seed}/{slot}/{game_no}")
    human_seat: int | None = None
    if slot < round(args.games * args.human_share):
        human_seat = rng.randrange(args.players)
    seats: list[dict[str, Any]] = [
        {"kind": "human", "name": "Scripted"}
        if i == human_seat
        else {"kind": "bot", "bot": args.bot}
        for i in range(args.players)
    ]
    number = game_no * args.games + slot
    created = await run.create_game(seats, number)
    if created is None:
        return False
    game_id = created["game_id"]
    url = f"{run.ws_base(number)}/ws/games/{game_id}"
    if human_seat is not None:
        url += f"?seat={human_seat}&token={created['seats'][human_seat]['token']}"
    bot_seats = {s["seat"] for s in created["seats"] if s["kind"] == "bot"}
    delay = args.bot_delay_ms / 1000
    silence = SILENCE_TIMEOUT + delay
    window = SendWindow(run.ws_rate)
    stats = run.stats
    compression = None if args.compression == "none" else "deflate"
    async with connect(
        url,
        open_timeout=15,
        close_timeout=2,
        ping_interval=None,
        max_size=16 * 2**20,
        compression=compression,
        proxy=None,
    ) as ws:
        run.playing += 1
        try:
            await exchange(run, ws, rng, human_seat, bot_seats, delay, silence, window, stats)
        finally:
            run.playing -= 1
    return True


async def exchange(
    run: Run,
    ws: ClientConnection,
    rng: random.Random,
    human_seat: int | None,
    bot_seats: set[int],
    delay: float,
    silence: float,
    window: SendWindow,
    stats: Stats,
) -> None:
    pending: tuple[float, int, bool] | None = None  # sent at, at ply, while measuring
    last_ply: int | None = None
    last_at = 0.0
    last_to_move: int | None = None
    while not run.stop.is_set():
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=silence)
        except TimeoutError:
            stats.errors["a game went silent"] += 1
            return
        except websockets.ConnectionClosed as exc:
            stats.errors[f"connection closed by the server ({exc.rcvd and exc.rcvd.code})"] += 1
            return
        now = time.perf_counter()
        message = json.loads(raw)
        if run.measuring:
            stats.messages += 1
            stats.message_bytes += len(raw)
        kind = message.get("type")
        if kind == "error":
            stats.errors[f"error message: {message.get('code')}"] += 1
            return  # no state follows an error: give the game up
        if kind != "state":
            continue
        ply = message["ply"]
        if run.measuring:
            stats.message_plies += ply
        if last_ply is not None and ply > last_ply:
            if pending is not None and ply > pending[1]:
                if pending[2]:
                    stats.human_latency.append(now - pending[0])
                run.count_moves(human=1)
                pending = None
            elif last_to_move in bot_seats:
                if run.measuring:
                    stats.bot_overrun.append(now - last_at - delay)
                run.count_moves(bot=1)
        last_ply, last_at, last_to_move = ply, now, message["to_move"]
        if message["status"] == "finished":
            stats.games_finished += 1
            return
        legal = message["legal"]
        if human_seat is not None and message["to_move"] == human_seat and legal:
            if pending is not None:
                stats.errors["a state message did not reflect the move sent"] += 1
                return
            action = legal[rng.randrange(len(legal))]
            waited = await window.wait()
            if run.args.think_ms:
                await asyncio.sleep(run.args.think_ms / 1000)
            if run.measuring:
                stats.ws_wait += waited
            text = json.dumps({"type": "action", "action": action, "ply": ply})
            pending = (time.perf_counter(), ply, run.measuring)
            await ws.send(text)


async def slot_loop(run: Run, slot: int) -> None:
    """Keep one game open in ``slot`` until the run stops (a failure is counted, and the
    slot tries again half a second later)."""
    game_no = 0
    while not run.stop.is_set():
        try:
            played = await play(run, slot, game_no)
        except Exception as exc:  # counted and reported; the slot goes on
            run.stats.errors[f"{type(exc).__name__}: {exc}"[:120]] += 1
            played = False
        if not played and not run.stop.is_set():
            await asyncio.sleep(0.5)
        game_no += 1


def cpu_seconds(servers: list[Server]) -> float | None:
    """The servers' CPU time so far, together."""
    times = [server.cpu_seconds() for server in servers]
    return None if None in times else sum(t for t in times if t is not None)


async def drive(
    args: argparse.Namespace, servers: list[Server], settings: Settings
) -> dict[str, Any]:
    run = Run(args, [server.base for server in servers], settings)
    limits = httpx.Limits(max_connections=20, max_keepalive_connections=20)
    async with httpx.AsyncClient(timeout=30.0, limits=limits) as http:
        run.http = http
        tasks = [asyncio.create_task(slot_loop(run, i)) for i in range(args.games)]
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(run.stop.wait(), timeout=args.warmup)
            run.measuring = True
            started = time.perf_counter()
            server_cpu0 = cpu_seconds(servers)
            client_cpu0 = time.process_time()
            load_start = os.getloadavg()
            limit = args.seconds if args.seconds else MAX_SECONDS
            while not run.stop.is_set():
                elapsed = time.perf_counter() - started
                if elapsed >= limit:
                    break
                if any(server.process.poll() is not None for server in servers):
                    run.stats.errors["a server exited during the run"] += 1
                    break
                run.stats.concurrent.append(run.playing)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(run.stop.wait(), timeout=min(0.5, limit - elapsed))
            run.measuring = False
            seconds = time.perf_counter() - started
            server_cpu1 = cpu_seconds(servers)
            client_cpu = time.process_time() - client_cpu0
            load_end = os.getloadavg()
        finally:
            run.stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=15)
    server_cpu = None if server_cpu0 is None or server_cpu1 is None else server_cpu1 - server_cpu0
    return {
        "stats": run.stats,
        "seconds": seconds,
        "server_cpu": server_cpu,
        "client_cpu": client_cpu,
        "load_start": load_start,
        "load_end": load_end,
    }


# ---------------------------------------------------------------------- the report


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def spread(values: list[float]) -> str:
    if not values:
        return "none measured"
    return (
        f"p50 {ms(percentile(values, 50))}, p90 {ms(percentile(values, 90))}, "
        f"p99 {ms(percentile(values, 99))}, max {ms(max(values))}"
    )


def report(args: argparse.Namespace, servers: list[Server], result: dict[str, Any]) -> bool:
    """Print the figures; True if the target (p99 under 100 ms at 50 games) is met."""
    stats: Stats = result["stats"]
    seconds: float = result["seconds"]
    humans = round(args.games * args.human_share)
    database = "SQLite (temporary file)" if args.database_url is None else "--database-url"
    print(
        f"Terranova web app under load: {args.games} concurrent games of The Discovery "
        f"({humans} with a scripted human seat, {args.games - humans} bots only), "
        f"{args.players} players, bots {args.bot!r}, bot delay {args.bot_delay_ms} ms, "
        f"human think time {args.think_ms} ms"
    )
    command = PASSWORD.sub(r"\1***@", " ".join([Path(sys.executable).name, *sys.argv]))
    print(f"command: {command}")
    ports = ", ".join(str(server.port) for server in servers)
    processes = f"{len(servers)} processes" if len(servers) > 1 else "one process"
    print(
        f"server: python -m terranova.server ({processes}) on {LOOPBACK}:{ports}, {database}; "
        f"client: websockets {websockets.__version__}, compression {args.compression}; "
        f"{os.cpu_count()} CPUs"
    )
    load_start, load_end = result["load_start"], result["load_end"]
    print(
        f"measured {seconds:.1f} s after a {args.warmup:g} s warm-up; load average "
        f"{' '.join(f'{x:.2f}' for x in load_start)} at the start, "
        f"{' '.join(f'{x:.2f}' for x in load_end)} at the end"
    )
    mean_games = sum(stats.concurrent) / len(stats.concurrent) if stats.concurrent else 0.0
    low = min(stats.concurrent) if stats.concurrent else 0
    print(
        f"games: {mean_games:.1f} open on average (lowest {low}); {stats.games_created} "
        f"created, {stats.games_finished} finished in all"
    )
    print(f"moves/s (all decisions): {stats.moves / seconds:.1f}  ({stats.moves} moves)")
    print(
        f"human moves: {stats.human_moves / seconds:.1f}/s ({stats.human_moves}); latency "
        f"{spread(stats.human_latency)}"
    )
    print(
        f"bot moves: {stats.bot_moves / seconds:.1f}/s ({stats.bot_moves}); time beyond "
        f"the {args.bot_delay_ms} ms pause {spread(stats.bot_overrun)}"
    )
    mean_kib = stats.message_bytes / max(1, stats.messages) / 1024
    print(
        f"state messages received: {stats.messages / seconds:.1f}/s, {mean_kib:.1f} KiB "
        f"on average ({stats.message_bytes / seconds / 2**20:.2f} MiB/s decompressed), "
        f"at ply {stats.message_plies / max(1, stats.messages):.0f} on average"
    )
    print(
        f"POST /api/games: {spread(stats.create_latency)}; 429 answers {stats.refused_429}; "
        f"waited for the /api/ limit {stats.http_wait:.1f} s, for the WebSocket limit "
        f"{stats.ws_wait:.1f} s (not counted as latency)"
    )
    server_cpu = result["server_cpu"]
    server_text = "unknown" if server_cpu is None else f"{server_cpu / seconds:.2f}"
    per_move = (
        ""
        if server_cpu is None or not stats.moves
        else f" ({server_cpu / stats.moves * 1000:.1f} ms of server CPU per move)"
    )
    print(
        f"CPU (cores busy on average): server {server_text}, this client "
        f"{result['client_cpu'] / seconds:.2f}{per_move}"
    )
    if stats.errors:
        print("errors:")
        for text, count in stats.errors.most_common():
            print(f"  {count} x {text}")
    else:
        print("errors: none")
    if not stats.human_latency:
        print("target: not measured (no human moves)")
        return False
    p99 = percentile(stats.human_latency, 99) * 1000
    if args.games < TARGET_GAMES:
        print(f"target: for {TARGET_GAMES} games, not measured here ({args.games} games)")
        return False
    met = p99 < TARGET_P99_MS and args.games >= TARGET_GAMES and not stats.errors
    verdict = "met" if met else "NOT met"
    print(
        f"target ({TARGET_GAMES} games, p99 move latency < {TARGET_P99_MS:.0f} ms, no errors): "
        f"{verdict} (p99 {p99:.1f} ms with {args.games} games)"
    )
    return met


def print_profile(path: Path, lines: int = 25) -> None:
    import pstats

    if not path.exists():
        print(f"no profile written to {path}")
        return
    print(f"\nserver profile ({path}), by own time:")
    pstats.Stats(str(path)).sort_stats("tottime").print_stats(lines)


# ---------------------------------------------------------------------- main


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES, help="concurrent games")
    bound = parser.add_mutually_exclusive_group()
    bound.add_argument("--seconds", type=float, default=None, help="measure this long (30)")
    bound.add_argument("--moves", type=int, default=None, help="measure this many moves")
    parser.add_argument(
        "--bot-delay-ms",
        type=int,
        default=Settings().bot_delay_ms,
        help="bots' pause before each move (default: the server's, %(default)s)",
    )
    parser.add_argument(
        "--human-share", type=float, default=0.5, help="share of games with a human seat"
    )
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--bot", default="greedy", help="bot spec of the bot seats")
    parser.add_argument(
        "--think-ms", type=int, default=0, help="pause of a scripted human before each move"
    )
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds not measured")
    parser.add_argument("--seed", type=int, default=1, help="seed of the scripted humans")
    parser.add_argument(
        "--compression",
        choices=("deflate", "none"),
        default="deflate",
        help="offer permessage-deflate as browsers do (deflate), or not",
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="run the server on this database (e.g. postgresql+psycopg://…) instead of a "
        "fresh SQLite file; the games played stay in it",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes sharing the database (more than one: PostgreSQL only)",
    )
    parser.add_argument(
        "--profile", type=Path, default=None, help="run the server under cProfile into this file"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.processes <= 16:
        parser.error("--processes is 1 to 16")
    if args.processes > 1 and not (args.database_url or "").startswith("postgresql"):
        parser.error("several --processes share a PostgreSQL database: give --database-url")
    if args.processes > 1 and args.profile is not None:
        parser.error("--profile profiles one server process")
    if not 1 <= args.games <= 1000:
        parser.error("--games is 1 to 1000")
    if not 0.0 <= args.human_share <= 1.0:
        parser.error("--human-share is 0 to 1")
    if not 0 <= args.bot_delay_ms <= Settings().max_bot_delay_ms:
        parser.error(f"--bot-delay-ms is 0 to {Settings().max_bot_delay_ms}")
    if not 0 <= args.think_ms <= 10_000:
        parser.error("--think-ms is 0 to 10000")
    if args.seconds is not None and not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds is more than 0 and at most {MAX_SECONDS:.0f}")
    if args.moves is not None and args.moves < 1:
        parser.error("--moves is at least 1")
    if args.seconds is None and args.moves is None:
        args.seconds = 30.0
    if not 0 <= args.warmup <= 600:
        parser.error("--warmup is 0 to 600")
    return args


def _terminate(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def stop_on_signals() -> None:
    """Ctrl-C, and SIGINT/SIGTERM from a script (a background job may inherit SIGINT
    ignored), end the run through the same path (KeyboardInterrupt), which stops the
    server."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _terminate)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    stop_on_signals()
    settings = Settings()  # the server runs with the defaults: the client keeps to them
    with tempfile.TemporaryDirectory(prefix="terranova-load-") as tmp:
        workdir = Path(tmp)
        url = args.database_url or f"sqlite:///{workdir / 'load.db'}"
        profile = args.profile.resolve() if args.profile is not None else None
        servers = [Server(url, workdir, profile, i) for i in range(args.processes)]
        try:
            for server in servers:
                server.wait_ready()
            result = asyncio.run(drive(args, servers, settings))
        except KeyboardInterrupt:
            print("interrupted: stopping the server", file=sys.stderr)
            return 130
        except Exception:
            for server in servers:
                print(
                    f"the run failed; {server.log_path.name} ends with:\n{server.log_tail()}",
                    file=sys.stderr,
                )
            raise
        finally:
            for server in servers:
                code = server.stop()
                if code not in (0, None) and code != -signal.SIGINT:
                    print(f"{server.log_path.name} exited with code {code}", file=sys.stderr)
        report(args, servers, result)
    if profile is not None:
        print_profile(profile)
    stats: Stats = result["stats"]
    return 0 if (stats.human_latency or stats.bot_moves) and not stats.errors else 1


if __name__ == "__main__":
    sys.exit(main())
