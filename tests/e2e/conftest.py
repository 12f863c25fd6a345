"""Fixtures of the browser end-to-end tests: the real server in a subprocess (a free
loopback port, a fresh SQLite file; one for each module's tests) and Debian's Chromium
driven by Playwright.

Outside CI the tests are skipped when Playwright or Chromium is missing; in CI (``CI`` set)
a missing browser is a failure, never a skip. Setup:

    apt-get install -y chromium-headless-shell
    .venv/bin/pip install playwright==1.65.2

The tests run Debian's headless shell of Chromium where it is installed (the same engine
without the browser's own window and services: a quarter less CPU for the same tests), else
its ``chromium``; ``TERRANOVA_CHROMIUM`` names another binary. Screenshots go to
``out/screenshots/`` (``TERRANOVA_SCREENSHOTS`` names another folder).

The modules marked ``smoke`` run in ``make test`` (each game's board drawn by the play page,
and the waits the others use); the rest of this folder is ``make test-browser``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.server.mailbox import Mailbox, smtp_server
from tests.server.process import Patience, child_env, free_port, server_command

IN_CI = bool(os.environ.get("CI"))
if IN_CI:
    import playwright.sync_api as sync_api
else:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

ROOT = Path(__file__).resolve().parents[2]
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("TERRANOVA_CHROMIUM") or (
    HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else "/usr/bin/chromium"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT = 300
WHOLE_GAME_BY_CLICKING = pytest.mark.slow
"""A whole game played by clicking every decision (a minute or more of Chromium): in the
``slow`` tier, which CI runs (``make test-slow``). ``make test`` keeps each kind of decision
clicked (the guides, the boards' own tests) and each game's end card (the score sheet's
tests) in shorter tests."""
FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Mark a test whose call failed, so that its fixtures can say what they saw."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


def failed(request: pytest.FixtureRequest) -> bool:
    return request.node.stash.get(FAILED, False)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects: `pytest -m "not e2e"` skips these
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)
            if not item.get_closest_marker("timeout"):
                item.add_marker(pytest.mark.timeout(TIMEOUT))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: browser end-to-end tests (Playwright + Chromium)")
    config.addinivalue_line(
        "markers", "own_server: a browser test that needs a server of its own, not its module's"
    )


REQUESTS_PER_SECOND = 500


class Server:
    """``python -m terranova.server`` on a loopback port with its own SQLite file; it can be
    stopped and started again on the same port and database (to test reconnecting).
    ``extra`` adds to its command line (``["--smtp-url", url, "--public-url", base]``).

    Its request limit is :data:`REQUESTS_PER_SECOND` from the one address of every test's
    pages and of the seats the tests play over HTTP (whole games of hundreds of moves): the
    site's 20 a second would set their pace (tests/server checks the limit itself)."""

    def __init__(self, workdir: Path, extra: Sequence[str] = ()) -> None:
        self.workdir = workdir
        self.extra = list(extra)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.database_url = f"sqlite:///{workdir / 'e2e.db'}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = workdir / "server.log"

    def start(self) -> None:
        log = self.log_path.open("ab")
        env = child_env(PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            server_command(
                self.port,
                self.database_url,
                "--requests-per-second",
                str(REQUESTS_PER_SECOND),
                *self.extra,
            ),
            cwd=self.workdir,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        log.close()
        patience = Patience(self.process.pid)  # gives up on no progress, not on the clock
        while patience.left():
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited early:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.base + "/api/catalog", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start:\n{self.log()}")

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None

    def log(self, since: int = 0) -> str:
        """The end of the server's log (of what it wrote after ``since`` bytes)."""
        with contextlib.suppress(OSError), self.log_path.open("rb") as log:
            log.seek(since)
            return log.read().decode(errors="replace")[-4000:]
        return ""

    def log_size(self) -> int:
        with contextlib.suppress(OSError):
            return self.log_path.stat().st_size
        return 0

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def get(self, path: str) -> Any:
        return self._ask(urllib.request.Request(self.base + path))

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        return self._ask(request)

    @staticmethod
    def _ask(request: urllib.request.Request) -> Any:
        """The answer's JSON, waiting out the server's request limit (20 a second for one
        address) as a client should: tests that poll the state met it in CI."""
        for attempt in range(20):
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return json.loads(answer.read())
            except urllib.error.HTTPError as error:
                if error.code != 429 or attempt == 19:
                    raise
            time.sleep(0.5)


@contextlib.contextmanager
def running(server: Server, request: pytest.FixtureRequest) -> Iterator[Server]:
    """The server started, then stopped (its log printed if the test failed)."""
    server.start()
    try:
        yield server
    finally:
        server.stop()
        if failed(request):  # shown with the failure, under "Captured stdout teardown"
            print(f"the server's log, its end:\n{server.log()}")


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server that a module's tests share (each makes games and accounts of its own):
    starting one costs a second or two of a core, as much as many a test."""
    shared = Server(tmp_path_factory.mktemp("server"))
    shared.start()
    try:
        yield shared
    finally:
        shared.stop()


@pytest.fixture
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    """The module's server (a test that stops it to test restarting starts it again; if it
    left it stopped, it is started for the next test), or one of the test's own for a test
    marked ``own_server`` (one that needs the server to itself: who is online, fixed
    accounts). A failed test is shown the server's log from its own start."""
    if request.node.get_closest_marker("own_server"):
        with running(Server(request.getfixturevalue("tmp_path")), request) as started:
            yield started
        return
    shared: Server = request.getfixturevalue("module_server")
    began = shared.log_size()
    yield shared
    if failed(request):
        print(f"the server's log since the test began:\n{shared.log(since=began)}")
    if not shared.running():
        shared.start()


@pytest.fixture
def mail_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Server, Mailbox]]:
    """A server with e-mail on: it sends to a real SMTP server whose mailbox the test reads
    (``tests/server/mailbox.py``), its links naming the server's own address."""
    with smtp_server() as (box, url):
        mailing = Server(tmp_path)
        mailing.extra = ["--smtp-url", url, "--public-url", mailing.base]
        with running(mailing, request) as started:
            yield started, box


# module scope, not session: Playwright's sync API keeps an event loop running in this thread
# while it is open, which would break later tests that call asyncio.run()
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which(CHROMIUM) is None:
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium-headless-shell)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


class PageErrors:
    """JavaScript errors and failed requests seen by the pages of a test."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Any) -> Any:
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on(
            "console",
            lambda msg: (
                self.errors.append(f"console error: {msg.text}")
                if msg.type == "error"
                and "WebSocket" not in msg.text
                and "Failed to load resource" not in msg.text
                else None
            ),
        )
        return page


@pytest.fixture
def page_errors() -> Iterator[PageErrors]:
    errors = PageErrors()
    yield errors
    assert not errors.errors, "\n".join(errors.errors)


@pytest.fixture
def new_page(
    browser: Any, page_errors: PageErrors, request: pytest.FixtureRequest
) -> Iterator[Any]:
    """new_page(width=1280, height=800, locale=None): a page in a fresh browser context (its
    own localStorage; ``locale`` such as "fr-FR" sets its Accept-Language), watched for
    JavaScript errors. When the test fails, each page's URL,
    its body's data attributes (ply, status, turn, connection) and connection banner are
    printed."""
    contexts: list[Any] = []

    def make(width: int = 1280, height: int = 800, locale: str | None = None) -> Any:
        options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
        if locale is not None:
            options["locale"] = locale
        context = browser.new_context(**options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return page_errors.watch(context.new_page())

    yield make
    if failed(request):
        for context in contexts:
            for page in context.pages:
                print(f"page {page.url}: {describe(page)}")
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()


def describe(page: Any) -> str:
    """What a page shows of its game, for a failure's report."""
    try:
        return str(
            page.evaluate(
                """() => JSON.stringify({
                    body: {...document.body.dataset},
                    conn: document.getElementById('conn')?.textContent ?? null,
                })"""
            )
        )
    except Exception as exc:  # a closed or crashed page: say so, the failure is elsewhere
        return f"cannot be read ({exc})"


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = Path(os.environ.get("TERRANOVA_SCREENSHOTS", ROOT / "out" / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# ---------------------------------------------------------------------- shared helpers


def create_from_lobby(
    page: Any,
    server: Server,
    seats: list[str],
    name: str = "Ana",
    game: str = "discovery",
    variants: dict[str, int | str] | None = None,
    response_seconds: int | None = None,
    practice: bool = False,
    guide: bool = False,
    rated: bool = False,
) -> str:
    """Create a game from the lobby by clicking; seats: "human", "open" or a bot name (seats the
    automaton plays, variant ``automata``, are left as the lobby shows them); ``practice``
    ticks "Practice (unlimited undo)", ``guide`` "First game: guide me", ``rated`` "Rated".
    Returns the game id (the created card's)."""
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", game)
    page.select_option("#players-select", str(len(seats)))
    for key, value in (variants or {}).items():
        selector = f"#variant-{key}"
        if page.evaluate("(s) => document.querySelector(s).tagName", selector) == "SELECT":
            page.select_option(selector, str(value))
        else:
            page.fill(selector, str(value))
    for index, kind in enumerate(seats):
        if page.locator(f"#seat-{index}-kind").count() == 0:
            continue  # the automaton's seat
        if kind in ("human", "open"):
            page.select_option(f"#seat-{index}-kind", kind)
        else:
            page.select_option(f"#seat-{index}-kind", "bot")
            page.select_option(f"#seat-{index}-bot", kind)
    page.fill("#seat-0-name", name)
    page.select_option("#bot-delay", "0")
    if response_seconds is not None:
        page.fill("#response-seconds", str(response_seconds))
    if practice:
        page.check("#practice")
    if guide:
        page.check("#guide")
    if rated:
        page.check("#rated")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    return str(page.get_attribute("#created", "data-game-id"))


def play_at_random(
    server: Server,
    game: str,
    seats: list[dict[str, Any]],
    seed: int,
    stop: Callable[[dict[str, Any]], bool] | None = None,
    **extra: Any,
) -> tuple[str, str]:
    """A new game whose seat 0 is a person playing at random over HTTP (the other seats as
    given), played as :func:`play_until` does; the game's id and seat 0's token. Each deal
    is the server's own."""
    created = server.post("/api/games", {"game": game, "seats": seats, "bot_delay_ms": 0, **extra})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    play_until(server, game_id, token, seed, stop)
    return game_id, token


def play_until(
    server: Server,
    game_id: str,
    token: str,
    seed: int,
    stop: Callable[[dict[str, Any]], bool] | None = None,
) -> dict[str, Any]:
    """Seat 0 plays at random until ``stop(its state)`` holds or the game is over; that
    last state. A game may take as long as it takes: only a game that makes no move for
    ``STALLED_S`` seconds fails (a whole game on a loaded machine takes minutes)."""
    rng = random.Random(seed)
    ply, moved = -1, time.monotonic()
    while True:
        state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
        if state["status"] == "finished" or (stop is not None and stop(state)):
            return dict(state)
        if state["ply"] != ply:
            ply, moved = state["ply"], time.monotonic()
        assert time.monotonic() - moved < STALLED_S, state
        if state["legal"]:
            action = rng.choice(state["legal"])
            move = {"seat": 0, "token": token, "action": action, "ply": state["ply"]}
            server.post(f"/api/games/{game_id}/actions", move)
        else:
            time.sleep(0.02)  # the others' turn: the server's own bots move meanwhile


STALLED_S = 120
"""How long :func:`play_until` waits for a game to make any move at all."""


POLL_MS = 100
"""How often :func:`wait_until` looks. 25 ms saved Entdecker's game by clicking 7 of its 51
seconds, but a test that measures what a wait returns on then meets more of the page's
animations half-way (a piece 1 px high): kept at 100 until those tests wait for them."""


def wait_until(page: Any, expression: str, arg: Any = None, timeout: float | None = None) -> Any:
    """``page.wait_for_function`` polling every ``POLL_MS`` ms. Its default polls on
    animation frames, which a loaded machine's headless Chromium can hold back for seconds:
    the wait then times out with nothing wrong on the page.

    The wait goes on across a navigation, and its first looks at the new page can come
    before that page has a body: until it has one, the answer is "not yet" rather than the
    expression's error (a clean-clone run failed so on ``document.body.dataset``)."""
    return page.wait_for_function(
        body_guarded(expression), arg=arg, timeout=timeout, polling=POLL_MS
    )


FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\([^()]*\)\s*=>|\w+\s*=>)")


def body_guarded(expression: str) -> str:
    """``expression`` (a JavaScript function or expression) as a function that is false
    while the document has no body."""
    if FUNCTION.match(expression):
        return f"(arg) => document.body !== null && ({expression})(arg)"
    return f"() => document.body !== null && ({expression})"


def wait_ready_to_act(page: Any, after_ply: int | None = None) -> None:
    """Wait until this page's seat has something to decide (its turn, or a response window
    waiting for it) at a ply other than ``after_ply``, or the game is over."""
    wait_until(
        page,
        """(after) => {
            const b = document.body.dataset;
            if (after !== null && b.ply === String(after)) return false;
            return b.status === 'finished' || b.myTurn === '1';
        }""",
        arg=after_ply,
    )


def wait_still(page: Any, selector: str) -> None:
    """Wait until nothing matching ``selector`` (nor inside it) is animated: the others'
    moves arrive animated, and a size measured mid-animation is not the size shown. The
    endless pulses of the squares a move may go to are not waited for: they never end (a
    run stopped on Small Islands' map at the seat's turn waited out its timeout so)."""
    wait_until(
        page,
        """(selector) => [...document.querySelectorAll(selector)].every(
            (el) => el.getAnimations({ subtree: true }).every(
                (a) => a.effect.getComputedTiming().iterations === Infinity))""",
        arg=selector,
    )


def points(n: int) -> str:
    """How the English page says ``n`` points ("1 point", "0 points", "12 points")."""
    return f"{n} point" if n == 1 else f"{n} points"


def ply(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.ply"))


def phase(page: Any) -> str:
    """The step the board shows (its map's ``data-phase``)."""
    return str(page.get_attribute("#map", "data-phase"))


def click_and_wait(page: Any, selector_or_element: Any) -> str:
    """Click a control that plays an action (a selector's first match, or an element), and
    wait for the next state. Returns the control's ``data-action``."""
    before = ply(page)
    element = (
        page.locator(selector_or_element).first
        if isinstance(selector_or_element, str)
        else selector_or_element
    )
    action = str(element.get_attribute("data-action"))
    element.click()
    wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=before)
    return action


def page_scores(page: Any, seats: int) -> list[int]:
    """The final scores the end card shows, by seat."""
    return [
        int(page.get_attribute(f"[data-testid='final-{seat}'] .final-score", "data-final-score"))
        for seat in range(seats)
    ]


def no_horizontal_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))
