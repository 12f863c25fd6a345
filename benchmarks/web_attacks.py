"""Attacks on the web app, each against a real server while a victim plays another game.

For each attack (and a baseline with none), a fresh server process
(``python -m terranova.server``, with ``PYTHONPATH`` set to ``--src``, so the same script
runs against another checkout of the project) is started on a free port of 127.0.0.1 with
a fresh SQLite database in a temporary directory. A victim plays a game of The Discovery
against a ``greedy`` bot (``bot_delay_ms`` 0) over a WebSocket from 127.0.0.1, new games
following as they end, and reads its state (``GET /api/games/{id}/state``) every 100 ms.
The attacker comes from other loopback addresses (127.0.0.2, …: ``--addresses``), since the
server's limits are per client address, and runs for ``--seconds``:

- ``churn``: creates ``--games`` games between two people (more than the server keeps in
  memory, 256), 20 from each of the addresses 127.0.0.101 on (its server runs with
  ``--max-games-per-address 0``, and ``--max-cached-games`` where it knows the option),
  then opens a WebSocket to one of them at random, reads the first message and closes,
  in ``--loops`` concurrent loops;
- ``bots``: keeps 20 games of two ``greedy`` bots at ``bot_delay_ms`` 0, one created as
  another ends, and counts the plies they play (from the games' summaries);
- ``replays``: finishes 8 such games first, then asks ``GET /api/games/{id}/replay/{ply}``
  at random plies in ``--loops`` loops;
- ``analysis``: finishes 8 such games first, then asks ``GET /api/games/{id}/analysis`` of
  them in ``--loops`` loops (a game against a bot that its person resigns would do as
  well, but its bots take tens of seconds to end it on a busy machine);
- ``metrics``: ``GET /metrics`` in ``--loops`` loops.

The victim runs in a process of its own, so that the attacker's client does not slow it.
It prints one row per attack: the victim's move latency (from sending an action to the
state message reflecting it) and state GET latency percentiles, the server's resident
memory (``VmRSS``, sampled every second: when it is ready, the peak, at the end), the CPU
time of the server process (and of its worker processes) during the attack, and what the
attack counted (answers by status, connections accepted or refused); ``--json`` prints the
same as JSON. Only loopback addresses are ever targets, and every loop stops by itself
after ``--seconds`` (and a bounded number of requests).

    .venv/bin/python benchmarks/web_attacks.py [--attack churn ...] [--seconds 20]
        [--loops 32] [--games 300] [--addresses 1] [--src PATH] [--against PATH] [--json]

With ``--against`` (the src folder of another checkout, e.g. a git worktree of an older
commit), each attack runs on that server, then on ``--src``'s, one after the other, so
that both sides meet the same hour of a shared machine; the table's ``side`` column says
which (``against`` or ``src``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import connect

from terranova.server.settings import Settings
from web_load import (
    LOOPBACK,
    Run,
    SendWindow,
    Server,
    exchange,
    percentile,
    stop_on_signals,
)

ROOT = Path(__file__).resolve().parents[1]
ATTACKS = ("churn", "bots", "replays", "analysis", "metrics")
MAX_SECONDS = 600.0
MAX_REQUESTS = 1_000_000
"""No loop of an attack makes more requests (or connections) than this, whatever its time."""
BOT_GAMES = 20
"""The games of bots only the ``bots`` attack keeps going."""
FINISHED_GAMES = 8
"""The finished games (two bots each) the ``replays`` and ``analysis`` attacks ask for."""
OBSERVER = "127.0.0.250"
"""The address that reads the ``bots`` games' summaries (not the attacker's)."""
VICTIM_SEATS = [{"kind": "human", "name": "Victim"}, {"kind": "bot", "bot": "greedy"}]
BOT_SEATS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
PEOPLE_SEATS = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
STATE_EVERY = 0.1
GAMES_PER_ADDRESS = 20
"""The churn attack's games made from one address (the server's default limit)."""


# ---------------------------------------------------------------------- the server


def server_env(src: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "300"}


def server_options(src: Path) -> set[str]:
    """The options the server of ``src`` knows (from its ``--help``)."""
    done = subprocess.run(
        [sys.executable, "-m", "terranova.server", "--help"],
        env=server_env(src),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the server of {src} did not start:\n{done.stderr[-2000:]}")
    return set(re.findall(r"--[a-z][a-z0-9-]*", done.stdout))


def worker_cpu_seconds(pid: int) -> float:
    """CPU time of ``pid``'s child processes (the bots' workers) so far: those running, and
    those ended that it has waited for."""
    tick = os.sysconf("SC_CLK_TCK")
    try:
        own = (Path(f"/proc/{pid}/stat")).read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    total = (int(own[13]) + int(own[14])) / tick
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


# ---------------------------------------------------------------------- one attack


@dataclass
class Attack:
    """What an attack's loops share: where the server is, whence to attack, when to stop."""

    name: str
    base: str
    addresses: list[str]
    loops: int
    games: int
    deadline: float = 0.0
    counts: Counter[str] = field(default_factory=Counter)
    clients: dict[str, httpx.AsyncClient] = field(default_factory=dict)
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    plies: int = 0
    finished: list[tuple[str, int]] = field(default_factory=list)

    def client(self, loop: int) -> httpx.AsyncClient:
        """The HTTP client of loop ``loop``: its sockets bound to an attacker's address."""
        return self.clients[self.addresses[loop % len(self.addresses)]]

    def going(self) -> bool:
        return time.monotonic() < self.deadline

    async def open(self) -> None:
        limits = httpx.Limits(max_connections=self.loops, max_keepalive_connections=self.loops)
        for address in [*self.addresses, OBSERVER]:
            transport = httpx.AsyncHTTPTransport(local_address=address, limits=limits)
            self.clients[address] = httpx.AsyncClient(
                transport=transport, timeout=30.0, base_url=self.base
            )

    async def close(self) -> None:
        for client in self.clients.values():
            await client.aclose()

    async def request(
        self, loop: int, method: str, path: str, label: str, **kwargs: Any
    ) -> httpx.Response | None:
        """One request of loop ``loop``, its answer counted as ``label status``."""
        try:
            answer = await self.client(loop).request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            self.counts[f"{label} {type(exc).__name__}"] += 1
            await asyncio.sleep(0.05)
            return None
        self.counts[f"{label} {answer.status_code}"] += 1
        return answer

    async def create(self, loop: int, seats: list[dict[str, Any]]) -> dict[str, Any] | None:
        body = {"game": "discovery", "seats": seats, "bot_delay_ms": 0}
        answer = await self.request(loop, "POST", "/api/games", "create", json=body)
        if answer is None or answer.status_code != 200:
            await asyncio.sleep(0.2)
            return None
        created: dict[str, Any] = answer.json()
        return created

    async def loop_until_deadline(self, body: Callable[[int], Awaitable[None]]) -> None:
        async def one(loop: int) -> None:
            for _ in range(MAX_REQUESTS):
                if not self.going():
                    return
                await body(loop)

        await asyncio.gather(*(one(i) for i in range(self.loops)))

    async def summary(self, game_id: str) -> dict[str, Any] | None:
        """The game's summary, read from the observer's address."""
        with contextlib.suppress(httpx.HTTPError, ValueError):
            answer = await self.clients[OBSERVER].get(f"/api/games/{game_id}")
            if answer.status_code == 200:
                result: dict[str, Any] = answer.json()
                return result
        return None


async def prepare_churn(attack: Attack) -> list[str]:
    """``attack.games`` games between two people, made through ``GAMES_PER_ADDRESS`` each
    from addresses of their own (127.0.0.101 on: the limits on games and on /api/
    requests are per address), so that the attack's own address starts afresh."""
    ids: list[str] = []
    makers = -(-attack.games // GAMES_PER_ADDRESS)
    limits = httpx.Limits(max_connections=4)

    async def make(maker: int) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{101 + maker}", limits=limits)
        body = {"game": "discovery", "seats": PEOPLE_SEATS, "bot_delay_ms": 0}
        share = min(GAMES_PER_ADDRESS, attack.games - maker * GAMES_PER_ADDRESS)
        async with httpx.AsyncClient(transport=transport, base_url=attack.base) as client:
            made = 0
            for _ in range(10 * share):
                if made >= share or not attack.going():
                    return
                try:
                    answer = await client.post("/api/games", json=body)
                except httpx.HTTPError as exc:
                    attack.counts[f"create {type(exc).__name__}"] += 1
                    continue
                attack.counts[f"create {answer.status_code}"] += 1
                if answer.status_code == 200:
                    ids.append(answer.json()["game_id"])
                    made += 1
                else:
                    await asyncio.sleep(0.5)

    await asyncio.gather(*(make(i) for i in range(makers)))
    return ids


async def churn(attack: Attack, ids: list[str]) -> None:
    ws_base = attack.base.replace("http://", "ws://", 1)

    async def once(loop: int) -> None:
        url = f"{ws_base}/ws/games/{attack.rng.choice(ids)}"
        local = attack.addresses[loop % len(attack.addresses)]
        attack.counts["connect attempted"] += 1
        try:
            options = {"open_timeout": 10, "close_timeout": 1, "max_size": 2**24}
            async with connect(url, proxy=None, local_addr=(local, 0), **options) as ws:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
        except websockets.ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else None
            attack.counts["connect refused" if code == 4429 else f"connect closed {code}"] += 1
            return
        except websockets.InvalidStatus as exc:
            status = exc.response.status_code
            attack.counts["connect refused" if status == 429 else f"connect HTTP {status}"] += 1
            return
        except (OSError, TimeoutError, websockets.InvalidHandshake) as exc:
            attack.counts[f"connect {type(exc).__name__}"] += 1
            await asyncio.sleep(0.05)
            return
        if message.get("type") == "state":
            attack.counts["connect accepted"] += 1
        elif message.get("code") == "rate":
            attack.counts["connect refused"] += 1
        else:
            attack.counts[f"connect error {message.get('code')}"] += 1

    await attack.loop_until_deadline(once)


async def bots(attack: Attack) -> None:
    """``BOT_GAMES`` games of bots only, one created (from the first attacker address) as
    another ends; the plies they play are read from their summaries."""

    async def slot(loop: int) -> None:
        while attack.going():
            created = await attack.create(0, BOT_SEATS)
            if created is None:
                await asyncio.sleep(0.8)
                continue
            game_id, seen = created["game_id"], 0
            while attack.going():
                await asyncio.sleep(2.0 + loop * 0.01)
                summary = await attack.summary(game_id)
                if summary is None:
                    continue
                attack.plies += summary["ply"] - seen
                seen = summary["ply"]
                if summary["status"] != "playing":
                    attack.counts["games finished"] += 1
                    break

    await asyncio.gather(*(slot(i) for i in range(BOT_GAMES)))


async def finish_games(attack: Attack, count: int, limit: float) -> None:
    """``count`` games of bots only played to their end (at most ``limit`` seconds), into
    ``attack.finished`` as (id, ply)."""
    deadline = time.monotonic() + limit
    games = [await attack.create(0, BOT_SEATS) for _ in range(count)]
    for created in games:
        while created is not None and time.monotonic() < deadline:
            summary = await attack.summary(created["game_id"])
            if summary is not None and summary["status"] == "finished":
                attack.finished.append((created["game_id"], summary["ply"]))
                break
            await asyncio.sleep(0.5)


async def replays(attack: Attack) -> None:
    async def once(loop: int) -> None:
        game_id, ply = attack.rng.choice(attack.finished)
        path = f"/api/games/{game_id}/replay/{attack.rng.randint(0, ply)}"
        await attack.request(loop, "GET", path, "replay")

    await attack.loop_until_deadline(once)


async def analysis(attack: Attack) -> None:
    async def once(loop: int) -> None:
        game_id, _ply = attack.rng.choice(attack.finished)
        await attack.request(loop, "GET", f"/api/games/{game_id}/analysis", "analysis")

    await attack.loop_until_deadline(once)


async def metrics(attack: Attack) -> None:
    async def once(loop: int) -> None:
        await attack.request(loop, "GET", "/metrics", "metrics")

    await attack.loop_until_deadline(once)


# ---------------------------------------------------------------------- the victim


@dataclass
class Victim:
    run: Run
    game_id: str | None = None
    state_latency: list[float] = field(default_factory=list)
    games: int = 0


async def victim_plays(victim: Victim) -> None:
    """Games against a bot, one after another, until the run stops."""
    run = victim.run
    rng = random.Random(1)
    ws_base = run.bases[0].replace("http://", "ws://", 1)
    for number in range(10_000):
        if run.stop.is_set():
            return
        created = await run.create_game(VICTIM_SEATS, number)
        if created is None:
            await asyncio.sleep(0.5)
            continue
        victim.game_id = created["game_id"]
        victim.games += 1
        url = f"{ws_base}/ws/games/{victim.game_id}?seat=0&token={created['seats'][0]['token']}"
        try:
            async with connect(
                url, open_timeout=15, close_timeout=2, ping_interval=None, proxy=None
            ) as ws:
                window = SendWindow(run.ws_rate)
                await exchange(run, ws, rng, 0, {1}, 0.0, 30.0, window, run.stats)
        except (OSError, TimeoutError, websockets.WebSocketException) as exc:
            run.stats.errors[f"victim: {type(exc).__name__}"] += 1
            await asyncio.sleep(0.5)


async def victim_reads(victim: Victim) -> None:
    """``GET /api/games/{id}/state`` of the victim's game every ``STATE_EVERY`` seconds."""
    run = victim.run
    assert run.http is not None
    while not run.stop.is_set():
        await asyncio.sleep(STATE_EVERY)
        if victim.game_id is None:
            continue
        await run.http_slot()
        start = time.perf_counter()
        try:
            answer = await run.http.get(f"{run.bases[0]}/api/games/{victim.game_id}/state")
        except httpx.HTTPError as exc:
            run.stats.errors[f"victim state GET: {type(exc).__name__}"] += 1
            continue
        if answer.status_code != 200:
            run.stats.errors[f"victim state GET: {answer.status_code}"] += 1
        elif run.measuring:
            victim.state_latency.append(time.perf_counter() - start)


def victim_main(base: str, think_ms: int, ready: Any, measuring: Any, stop: Any, out: Any) -> None:
    """The victim, in a process of its own (so that the attacker's client does not slow it
    down): sets ``ready`` once it plays, measures while ``measuring`` is set, ends when
    ``stop`` is, sends its figures to ``out``."""
    options = argparse.Namespace(moves=None, think_ms=think_ms, bot_delay_ms=0)
    victim = Victim(Run(options, [base], Settings()))

    async def main() -> None:
        async with httpx.AsyncClient(timeout=30.0) as http:
            victim.run.http = http
            tasks = [asyncio.create_task(victim_plays(victim))]
            tasks.append(asyncio.create_task(victim_reads(victim)))
            deadline = time.monotonic() + 3 * MAX_SECONDS
            while not stop.is_set() and time.monotonic() < deadline:
                victim.run.measuring = measuring.is_set()
                if victim.games:
                    ready.set()
                await asyncio.sleep(0.02)
            victim.run.stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=15)

    asyncio.run(main())
    stats = victim.run.stats
    out.send(
        {
            "moves": stats.human_latency,
            "state": victim.state_latency,
            "games": victim.games,
            "errors": dict(stats.errors),
        }
    )


# ---------------------------------------------------------------------- one run


async def sample_rss(server: Server, samples: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        rss = server.rss_mb()
        if rss is not None:
            samples.append(rss)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=1.0)


async def drive(args: argparse.Namespace, name: str, server: Server) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    ready, measuring, stop = context.Event(), context.Event(), context.Event()
    receiving, sending = context.Pipe(duplex=False)
    victim = context.Process(
        target=victim_main, args=(server.base, args.think_ms, ready, measuring, stop, sending)
    )
    addresses = [f"127.0.0.{2 + i}" for i in range(args.addresses)]
    attack = Attack(name, server.base, addresses, args.loops, args.games)
    rss: list[float] = []
    sampling = asyncio.Event()
    sampler = asyncio.create_task(sample_rss(server, rss, sampling))
    await attack.open()
    victim.start()
    try:
        # set up (not measured): the victim's first game, the attack's games
        attack.deadline = time.monotonic() + 120.0
        ids: list[str] = []
        if name == "churn":
            ids = await prepare_churn(attack)
            attack.counts["games created"] = len(ids)
        elif name in ("replays", "analysis"):
            await finish_games(attack, FINISHED_GAMES, 120.0)
            if not attack.finished:
                raise RuntimeError("no game of bots finished in 120 s")
        if not await asyncio.to_thread(ready.wait, 120.0):
            raise RuntimeError("the victim did not start a game in 120 s")
        await asyncio.sleep(1.0)
        setup = time.monotonic() - (attack.deadline - 120.0)
        measuring.set()
        cpu0 = server.cpu_seconds() or 0.0
        workers0 = worker_cpu_seconds(server.process.pid)
        client0 = time.process_time()
        started = time.perf_counter()
        attack.deadline = time.monotonic() + args.seconds
        if name == "churn":
            await churn(attack, ids)
        elif name == "bots":
            await bots(attack)
        elif name == "replays":
            await replays(attack)
        elif name == "analysis":
            await analysis(attack)
        elif name == "metrics":
            await metrics(attack)
        remaining = attack.deadline - time.monotonic()
        if remaining > 0:
            await asyncio.sleep(remaining)
        seconds = time.perf_counter() - started
        measuring.clear()
        cpu = (server.cpu_seconds() or 0.0) - cpu0
        workers = worker_cpu_seconds(server.process.pid) - workers0
        client = time.process_time() - client0
    finally:
        stop.set()
        sampling.set()
        await asyncio.wait([sampler], timeout=5)
        await attack.close()
        figures: dict[str, Any] = {"moves": [], "state": [], "games": 0, "errors": {}}
        if await asyncio.to_thread(receiving.poll, 30):
            figures = receiving.recv()
        victim.join(timeout=10)
        if victim.is_alive():
            victim.kill()
    errors = Counter(figures["errors"])
    if server.process.poll() is not None:
        errors["the server exited during the run"] += 1
    counts = dict(sorted(attack.counts.items()))
    if name == "bots":
        counts["plies/s"] = round(attack.plies / seconds, 1)
    moves, state = figures["moves"], figures["state"]
    return {
        "attack": name,
        "seconds": round(seconds, 1),
        "setup_seconds": round(setup, 1),
        "victim_moves": len(moves),
        "victim_games": figures["games"],
        "victim_ms": {q: _ms(moves, q) for q in ("p50", "p90", "p99")},
        "state_gets": len(state),
        "state_ms": {q: _ms(state, q) for q in ("p50", "p90", "p99")},
        "rss_mb": {
            "start": round(rss[0], 1) if rss else None,
            "peak": round(max(rss), 1) if rss else None,
            "end": round(rss[-1], 1) if rss else None,
        },
        "server_cpu_s": round(cpu, 1),
        "workers_cpu_s": round(workers, 1),
        "client_cpu_s": round(client, 1),
        "counts": counts,
        "victim_errors": dict(errors),
    }


def _ms(values: list[float], q: str) -> float | None:
    return round(percentile(values, float(q[1:])) * 1000, 1) if values else None


def run_one(args: argparse.Namespace, name: str, src: Path, options: set[str]) -> dict[str, Any]:
    """One attack against a fresh server (with a fresh database) of ``src``."""
    extra: list[str] = []
    if name == "churn":
        # the churn's games are made from several addresses, each within the default limit
        # of unfinished games per address: this one lifts it, should an address fall short
        extra += ["--max-games-per-address", "0"]
        if "--max-cached-games" in options:
            extra += ["--max-cached-games", str(args.max_cached_games)]
    with tempfile.TemporaryDirectory(prefix="terranova-attacks-") as tmp:
        workdir = Path(tmp)
        server = Server(
            f"sqlite:///{workdir / 'attacks.db'}",
            workdir,
            None,
            options=extra,
            env=server_env(src),
        )
        try:
            server.wait_ready()
            result = asyncio.run(drive(args, name, server))
        except Exception:
            print(f"{name}: the run failed; the server's log ends with:\n{server.log_tail()}")
            raise
        finally:
            server.stop()
    result["server_options"] = extra
    result["side"] = "against" if src != args.src else "src"
    return result


# ---------------------------------------------------------------------- the report


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def table(results: list[dict[str, Any]]) -> str:
    header = (
        f"{'attack':<9} {'victim p50/p90/p99 ms':>22} {'state p99':>9} "
        f"{'RSS start/peak/end MB':>22} {'CPU s':>11}  counts"
    )
    sides = len({r["side"] for r in results}) > 1
    if sides:
        header = f"{'side':<8} {header}"
    lines = [header, "-" * len(header)]
    for r in results:
        victim = "/".join(_cell(r["victim_ms"][q]) for q in ("p50", "p90", "p99"))
        rss = "/".join(_cell(r["rss_mb"][k]) for k in ("start", "peak", "end"))
        cpu = f"{r['server_cpu_s']:.1f}+{r['workers_cpu_s']:.1f}"
        counts = ", ".join(f"{k}: {v}" for k, v in r["counts"].items()) or "-"
        side = f"{r['side']:<8} " if sides else ""
        lines.append(
            f"{side}{r['attack']:<9} {victim:>22} {_cell(r['state_ms']['p99']):>9} {rss:>22} "
            f"{cpu:>11}  {counts}"
        )
    return "\n".join(lines)


def report(args: argparse.Namespace, results: list[dict[str, Any]]) -> None:
    print(
        f"Terranova web app under attack: {args.seconds:g} s per attack, {args.loops} "
        f"concurrent loops from {args.addresses} address(es) 127.0.0.2.., victim from "
        f"{LOOPBACK} (a person against 'greedy', bot delay 0, think {args.think_ms} ms, "
        f"state GET every {STATE_EVERY * 1000:.0f} ms); churn: {args.games} games"
    )
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"{os.cpu_count()} CPUs; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(table(results))
    print(
        "CPU s: the server process + its worker processes during the attack; victim: "
        "action to the state message reflecting it"
    )
    for r in results:
        notes = [f"set up in {r['setup_seconds']:.0f} s"]
        notes.append(f"{r['victim_moves']} victim moves in {r['victim_games']} games")
        notes.append(f"{r['state_gets']} state GETs, client CPU {r['client_cpu_s']:.1f} s")
        if r["server_options"]:
            notes.append(f"server options {' '.join(r['server_options'])}")
        if r["victim_errors"]:
            notes.append(f"victim errors {r['victim_errors']}")
        print(f"  {r['side']} {r['attack']}: {'; '.join(notes)}")


# ---------------------------------------------------------------------- main


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--attack",
        action="append",
        choices=ATTACKS,
        help="an attack to run (repeat for several; default: all)",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per attack")
    parser.add_argument("--loops", type=int, default=32, help="the attacker's concurrent loops")
    parser.add_argument("--games", type=int, default=300, help="games the churn attack makes")
    parser.add_argument(
        "--max-cached-games",
        type=int,
        default=256,
        help="passed to the churn attack's server where it knows the option",
    )
    parser.add_argument(
        "--addresses", type=int, default=1, help="attacker addresses (127.0.0.2 on)"
    )
    parser.add_argument("--think-ms", type=int, default=100, help="the victim's pause per move")
    parser.add_argument("--no-baseline", action="store_true", help="skip the run with no attack")
    parser.add_argument(
        "--src", type=Path, default=ROOT / "src", help="the src folder of the server to attack"
    )
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        help="the src folder of another server (an older checkout, say): each attack runs "
        "on it, then on --src's, in turn",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds is more than 0 and at most {MAX_SECONDS:.0f}")
    if not 1 <= args.loops <= 512:
        parser.error("--loops is 1 to 512")
    if not 1 <= args.games <= 2000:
        parser.error("--games is 1 to 2000")
    if not 1 <= args.addresses <= 90:
        parser.error("--addresses is 1 to 90")
    if not 0 <= args.think_ms <= 10_000:
        parser.error("--think-ms is 0 to 10000")
    args.src = args.src.resolve()
    if args.against is not None:
        args.against = args.against.resolve()
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    stop_on_signals()
    # the other side first, then this one, attack by attack: both meet the same hour
    srcs = [args.src] if args.against is None else [args.against, args.src]
    options = {src: server_options(src) for src in srcs}
    names = ["baseline"] * (not args.no_baseline) + list(dict.fromkeys(args.attack or ATTACKS))
    results = []
    try:
        for name in names:
            for src in srcs:
                results.append(run_one(args, name, src, options[src]))
                print(f"{name} ({src}): done", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("interrupted: the server is stopped", file=sys.stderr)
        return 130
    report(args, results)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0 if all(r["victim_moves"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
