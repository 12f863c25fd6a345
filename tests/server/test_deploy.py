"""compose.yaml and deploy/nginx.conf.template, run without Docker (CI cannot pull the
base images: docs/deploy.md): app1's and app2's commands as two real server processes on
the test's PostgreSQL (only the database URL, the address and port, and the trusted proxy's
address replaced), and a real nginx with the template filled as the nginx image fills it.
Everything the test does as a player goes through nginx."""

from __future__ import annotations

import ipaddress
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from tests.server.process import Server, free_port
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "compose.yaml"
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
DOCKERFILE = ROOT / "Dockerfile"
APPS = ("app1", "app2")
NETWORK = "terranova"
LOCAL = "127.0.0.1"
"""Where the test's nginx connects to the apps from: their trusted proxy here."""

HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
ACTIONS = 'route="/api/games/{game_id}/actions"'


# -- compose.yaml, read as Compose reads it ---------------------------------------------

_COMPOSE_VARIABLE = re.compile(r"\$(?:\$|\{(\w+)(?::?-([^}]*))?\}|(\w+))")


def interpolate(value: Any) -> str:
    """Compose's interpolation with no variable set: ``${X:-default}`` is its default,
    ``$$`` a ``$``."""

    def one(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        return match.group(2) or ""

    return _COMPOSE_VARIABLE.sub(one, str(value))


def environment(service: dict[str, Any]) -> dict[str, str]:
    """A service's ``environment`` (a mapping or a list of ``NAME=value``), interpolated."""
    items = service.get("environment") or {}
    if isinstance(items, list):
        items = dict(str(item).partition("=")[::2] for item in items)
    return {str(name): interpolate(value) for name, value in items.items()}


def address(service: dict[str, Any]) -> str:
    return str(service["networks"][NETWORK]["ipv4_address"])


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def app_options(service: dict[str, Any], database_url: str, port: int) -> list[str]:
    """The options of a service's ``terranova serve`` command, for a process here."""
    command = [interpolate(part) for part in service["command"]]
    assert command[:2] == ["terranova", "serve"], command
    options = command[2:]
    local = {
        "--host": LOCAL,
        "--port": str(port),
        "--database-url": database_url,
        # the proxy's fixed address in compose; here nginx connects from the loopback
        "--trusted-proxy": LOCAL,
    }
    for name, value in local.items():
        assert options.count(name) == 1, (name, options)
        options[options.index(name) + 1] = value
    assert "$" not in " ".join(options), options
    return options


def health_code(test: list[str], port: int) -> str:
    """The Python a ``["CMD", "python", "-c", CODE]`` health check runs, for a process
    on ``port`` here."""
    assert test[:3] == ["CMD", "python", "-c"] and len(test) == 4, test
    assert "127.0.0.1:8000" in test[3], test
    return test[3].replace("127.0.0.1:8000", f"127.0.0.1:{port}")


def dockerfile_healthcheck() -> list[str]:
    """The Dockerfile's HEALTHCHECK command (its exec form)."""
    text = DOCKERFILE.read_text(encoding="utf-8").replace("\\\n", " ")
    match = re.search(r"^HEALTHCHECK\b.*?\bCMD\s+(\[.*\])\s*$", text, re.MULTILINE)
    assert match, "the Dockerfile has no HEALTHCHECK ... CMD [...]"
    return ["CMD", *json.loads(match.group(1))]


def test_compose_file_hangs_together(compose: dict[str, Any]) -> None:
    """What the test below cannot see, since it replaces them: the addresses."""
    services = compose["services"]
    assert set(services) >= {"db", *APPS, "proxy"}
    subnet = ipaddress.ip_network(compose["networks"][NETWORK]["ipam"]["config"][0]["subnet"])
    proxy = address(services["proxy"])
    assert {address(services[name]) for name in (*APPS, "proxy")} <= {
        str(host) for host in subnet.hosts()
    }
    assert len({address(services[name]) for name in (*APPS, "proxy")}) == 3
    first = services[APPS[0]]
    for name in APPS:  # the same process twice
        service = services[name]
        assert service["command"] == first["command"]
        assert service.get("environment") == first.get("environment")
        command = [interpolate(part) for part in service["command"]]
        assert command[command.index("--trusted-proxy") + 1] == proxy
        assert command[command.index("--port") + 1] == "8000"
        assert interpolate(services["proxy"]["environment"][name.upper()]) == f"{name}:8000"
        assert services[name]["depends_on"]["db"]["condition"] == "service_healthy"
        url = command[command.index("--database-url") + 1]
        db = environment(services["db"])
        assert url == (
            f"postgresql+psycopg://{db['POSTGRES_USER']}:{db['POSTGRES_PASSWORD']}"
            f"@db/{db['POSTGRES_DB']}"
        )
    published = [interpolate(port) for port in services["proxy"]["ports"]]
    listen = environment(services["proxy"])["LISTEN"]
    assert published == [f"8080:{listen}"]
    template = "/etc/nginx/templates/default.conf.template"
    assert f"./deploy/nginx.conf.template:{template}:ro" in services["proxy"]["volumes"]


# -- nginx, as the official image runs it -------------------------------------------------


def nginx_binary() -> str:
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None
    )
    if found is None:
        if os.environ.get("CI"):  # .ci/run installs it
            pytest.fail("nginx is not installed (Debian: nginx-light)")
        pytest.skip("nginx is not installed (Debian: apt-get install nginx-light)")
    return found


_ENVSUBST_VARIABLE = re.compile(r"\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)")


def envsubst(template: str, variables: dict[str, str]) -> str:
    """What the nginx image does with a template: ``${NAME}`` and ``$NAME`` replaced for
    the variables of its environment that ``NGINX_ENVSUBST_FILTER`` matches; any other
    ``$`` (nginx's own variables) left alone."""
    pattern = variables.get("NGINX_ENVSUBST_FILTER", "")
    names = {name for name in variables if re.search(pattern, name)}

    def one(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        return variables[name] if name in names else match.group(0)

    return _ENVSUBST_VARIABLE.sub(one, template)


def nginx_conf(folder: Path, site: Path) -> Path:
    """A main configuration like the image's (its http block includes the filled
    template), with every file nginx writes in ``folder``."""
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    lines = [
        "user root;" if os.geteuid() == 0 else "",  # workers that may enter tmp_path
        "worker_processes 1;",
        f"pid {folder / 'nginx.pid'};",
        f"error_log {folder / 'error.log'} info;",
        "events { worker_connections 512; }",
        "http {",
        f"    access_log {folder / 'http-access.log'};",  # the image's, for other servers
        f"    client_body_temp_path {temp['body']};",
        f"    proxy_temp_path {temp['proxy']};",
        f"    fastcgi_temp_path {temp['fastcgi']};",
        f"    uwsgi_temp_path {temp['uwsgi']};",
        f"    scgi_temp_path {temp['scgi']};",
        "    keepalive_timeout 65;",
        f"    include {site};",
        "}",
    ]
    conf = folder / "nginx.conf"
    conf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return conf


@contextmanager
def nginx(variables: dict[str, str], folder: Path, port: int) -> Iterator[str]:
    """A real nginx with the template filled from ``variables``; its base URL."""
    binary = nginx_binary()
    folder.mkdir()
    site = folder / "default.conf"
    filled = envsubst(TEMPLATE.read_text(encoding="utf-8"), variables)
    assert "${" not in filled, "a variable of the template is not in the proxy's environment"
    site.write_text(filled, encoding="utf-8")
    conf = nginx_conf(folder, site)
    command = [binary, "-c", str(conf), "-p", f"{folder}/", "-g", "daemon off;"]
    check = subprocess.run([*command[:5], "-t"], capture_output=True, text=True, timeout=30)
    assert check.returncode == 0, check.stderr
    log = folder / "nginx.out"
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        base = f"http://{LOCAL}:{port}"
        deadline = time.monotonic() + 10
        while True:
            assert process.poll() is None, log.read_text() + shlex.join(command)
            try:
                httpx.get(f"{base}/healthz", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.05)
        yield base
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # the master stops its workers
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


# -- a player's calls, through nginx --------------------------------------------------------


def request(client: httpx.Client, method: str, path: str, **kwargs: Any) -> httpx.Response:
    """A request, waiting out the apps' request limit (20 a second per address)."""
    for _ in range(40):
        response = client.request(method, path, **kwargs)
        if response.status_code != 429:
            return response
        time.sleep(0.25)
    return response


def get(client: httpx.Client, path: str, **params: Any) -> Any:
    response = request(client, "GET", path, params=params)
    assert response.status_code == 200, response.text
    return response.json()


def wait_for(what: Callable[[], Any], seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        found = what()
        if found:
            return found
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def receive(ws: Any, until: Callable[[dict[str, Any]], bool], seconds: float = 10) -> Any:
    """The first state message on ``ws`` that ``until`` accepts."""
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message.get("type") == "state" and until(message):
            return message


def play_one(client: httpx.Client, game_id: str, tokens: list[str], ply: int) -> int:
    """A legal move of the seat to move, once the game is at ``ply`` or further; the ply
    it led to. The process that takes the move may not have heard of the last one yet
    (live updates between processes take a few milliseconds): it answers 409, and the
    move is made again from the position as it stands."""
    for _ in range(20):

        def my_turn() -> Any:
            summary = get(client, f"/api/games/{game_id}")
            seat = summary["to_move"]
            if seat is None or summary["ply"] < ply:
                return None
            state = get(client, f"/api/games/{game_id}/state", seat=seat, token=tokens[seat])
            return (seat, state) if state["legal"] and state["ply"] >= ply else None

        seat, state = wait_for(my_turn)
        body = {
            "seat": seat,
            "token": tokens[seat],
            "action": state["legal"][0],
            "ply": state["ply"],
        }
        answer = request(client, "POST", f"/api/games/{game_id}/actions", json=body)
        if answer.status_code == 200:
            return int(answer.json()["ply"])
        assert answer.status_code == 409, answer.text
        time.sleep(0.05)
    raise AssertionError("no move landed in 20 tries")


def metric(server: Server, prefix: str) -> float:
    """The sum of a process's own samples whose line starts with ``prefix``."""
    text = server.client.get("/metrics").text
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(prefix))


def api_requests(server: Server) -> float:
    return metric(server, 'terranova_request_seconds_count{method="GET",route="/api/') + metric(
        server, 'terranova_request_seconds_count{method="POST",route="/api/'
    )


def moves(server: Server) -> float:
    return metric(server, f'terranova_request_seconds_count{{method="POST",{ACTIONS},status="200"')


GREEDY = 16
"""Requests the greedy client keeps in flight at once."""


def from_address(base: str, local: str, **kwargs: Any) -> httpx.Client:
    """A client of ``base`` whose connections come from the loopback address ``local``."""
    transport = httpx.HTTPTransport(local_address=local)
    return httpx.Client(base_url=base, transport=transport, timeout=10, **kwargs)


# -- the test -------------------------------------------------------------------------------


def test_the_compose_processes_serve_one_game_through_nginx(
    compose: dict[str, Any], postgres_url: str, tmp_path: Path
) -> None:
    nginx_binary()  # skipped (or failed in CI) before anything starts
    services = compose["services"]
    with ExitStack() as stack:
        apps: list[Server] = []
        for name in APPS:
            port = free_port()
            app = Server(
                postgres_url,
                tmp_path / f"{name}.log",
                port=port,
                options=app_options(services[name], postgres_url, port),
                env=environment(services[name]),
            )
            stack.callback(app.stop)
            apps.append(app)
        for app in apps:  # both at once, as compose starts them
            app.spawn()
        for app in apps:
            app.wait_started()

        # the health checks of compose (readiness) and of the image (liveness), as written
        for name, app in zip(APPS, apps, strict=True):
            for test in (services[name]["healthcheck"]["test"], dockerfile_healthcheck()):
                check = [sys.executable, "-c", health_code(test, app.port)]
                done = subprocess.run(check, capture_output=True, text=True, timeout=30)
                assert done.returncode == 0, done.stderr

        variables = environment(services["proxy"])
        proxy_port = free_port()
        access_log = tmp_path / "nginx" / "access.log"
        variables.update(
            APP1=f"{LOCAL}:{apps[0].port}",
            APP2=f"{LOCAL}:{apps[1].port}",
            LISTEN=f"{LOCAL}:{proxy_port}",
            ACCESS_LOG=str(access_log),
        )
        base = stack.enter_context(nginx(variables, tmp_path / "nginx", proxy_port))
        client = stack.enter_context(httpx.Client(base_url=base, timeout=10))
        wait_for(lambda: client.get("/readyz").status_code == 200)
        assert client.get("/healthz").json() == {"status": "ok"}
        assert client.get("/").status_code == 200

        answer = request(
            client, "POST", "/api/games", json={"game": "discovery", "seats": HUMANS, "params": {}}
        )
        assert answer.status_code == 200, answer.text
        game_id = answer.json()["game_id"]
        tokens = [seat["token"] for seat in answer.json()["seats"]]
        socket = f"ws://{LOCAL}:{proxy_port}/ws/games/{game_id}?seat=1&token={tokens[1]}"
        with connect(socket) as ws:
            first = receive(ws, lambda m: True)
            assert first["seat"] == 1
            # the socket is held by one process; moves go to both, round-robin, and those
            # the other takes reach this socket by PostgreSQL NOTIFY
            sockets = [metric(app, "terranova_open_sockets") for app in apps]
            assert sorted(sockets) == [0, 1], sockets
            holder, other = (apps[0], apps[1]) if sockets[0] else (apps[1], apps[0])
            ply, made = first["ply"], 0
            while made < 6 or not moves(other):
                assert made < 30, "no move went to the process without the socket"
                reached = play_one(client, game_id, tokens, ply)
                made += 1
                seen = receive(ws, lambda m, reached=reached: m["ply"] >= reached)
                ply = seen["ply"]
                assert seen["status"] != "finished", "the game ended: make it longer"
            assert moves(holder) + moves(other) == made  # each move landed once
        assert all(api_requests(app) > 0 for app in apps)
        for app in apps:  # both processes show the position the socket saw last
            app.wait(game_id, None, None, lambda s: s["ply"] == ply)

        # /metrics: open to this machine, closed to other addresses (127.0.0.2 stands for
        # one: the config allows 127.0.0.1 and the private networks)
        assert "terranova_request_seconds" in client.get("/metrics").text
        with from_address(base, "127.0.0.2") as outsider:
            assert outsider.get("/metrics").status_code == 403
            assert outsider.get("/metrics/").status_code == 403
            assert outsider.get("/healthz").status_code == 200

        # the apps count requests under the address nginx saw (X-Forwarded-For from their
        # trusted proxy), not under nginx's, nor under one the client claims
        # Replays, whose limit is the lowest (a burst of 30 per process, then 2 a second): a
        # loaded machine's two processes answered fewer than the 40 plain requests a second
        # that it takes to pass the limit of /api/, and no request was ever refused
        # (the game goes on, so each is answered 409, "once the game is over", but counted)
        replay = f"/api/games/{game_id}/replay/1"
        with from_address(base, "127.0.0.2") as greedy, ThreadPoolExecutor(GREEDY) as pool:
            codes: list[int] = []
            while 429 not in codes:
                assert len(codes) < 2000, "no request refused"
                codes += pool.map(lambda _: greedy.get(replay).status_code, range(GREEDY))
            assert set(codes) == {409, 429}
        headers = {"X-Forwarded-For": "127.0.0.2"}
        with from_address(base, "127.0.0.3", headers=headers) as other_client:
            assert [other_client.get(replay).status_code for _ in range(4)] == [409] * 4

        # nginx's access log: every request, no seat token
        logged = access_log.read_text(encoding="utf-8")
        assert f"/api/games/{game_id}/actions" in logged and f"/ws/games/{game_id} " in logged
        assert "token" not in logged and tokens[1] not in logged

        # compose's --log-format json: one JSON object per line, access lines included
        for app in apps:
            lines = app.log.read_text(encoding="utf-8").splitlines()
            records = [json.loads(line) for line in lines if line.startswith("{")]
            assert any(record["logger"] == "uvicorn.access" for record in records), lines[:5]
