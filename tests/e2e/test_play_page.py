"""The play page when things go wrong: a link whose token is refused, and the top bar's
reconnect countdown while the server is away."""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, wait_until

# what a seat could click: the board's controls, Undo, the replay
ACTION_BUTTONS = "#board-panel button, #map button, #undo-button, #replay-button"


def test_a_refused_token_says_so_once_and_offers_to_watch(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """``?seat=1&token=wrong``: the top bar and the message number the seat alike (from 1,
    as everywhere on the page), no buttons to act, and a link to watch instead."""
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
            "bot_delay_ms": 0,
        },
    )
    game_id = created["game_id"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=1&token=wrong")
    page.wait_for_selector("#turn-banner.error")
    page.screenshot(path=str(screenshots / "play-refused-token.png"))

    title = page.inner_text("#game-title")
    shown = re.search(r"seat (\d+)", title)
    assert shown, title
    number = shown.group(1)
    assert number == "2"  # seat index 1 is the second seat
    banner = page.inner_text("#turn-banner")
    assert banner == f"This link's token is not valid for seat {number}.", banner
    page_text = page.inner_text("body")
    assert not re.search(rf"seat (?!{number}\b)\d+", page_text, re.IGNORECASE), page_text
    assert page.locator(ACTION_BUTTONS).filter(visible=True).count() == 0
    watch = page.locator("[data-testid='watch-link']")
    assert watch.is_visible()
    href = str(watch.get_attribute("href"))
    assert href == f"/play/{game_id}"
    watch.click()
    page.wait_for_selector("body[data-conn='online']")
    wait_until(page, "document.body.dataset.status === 'playing'")
    assert "spectator" in page.inner_text("#game-title")
    assert page.inner_text("#turn-banner").startswith("Watching")


def test_a_seat_played_by_a_bot_or_missing_is_refused_in_the_same_numbers(
    server: Server, new_page: Any
) -> None:
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            "bot_delay_ms": 0,
        },
    )
    game_id = created["game_id"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=1&token=any")
    page.wait_for_selector("#turn-banner.error")
    assert page.inner_text("#turn-banner") == "Seat 2 is played by a bot."
    assert page.locator(ACTION_BUTTONS).filter(visible=True).count() == 0
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=5&token=any")
    page.wait_for_selector("#turn-banner.error")
    assert page.inner_text("#turn-banner") == "This game has no seat 6."
    assert page.locator("[data-testid='watch-link']").is_visible()


# Every change of the top bar's connection text, consecutive repeats left out.
WATCH_CONN = """() => {
    window.connTexts = [];
    const conn = document.getElementById('conn');
    const note = () => {
        const text = conn.textContent;
        if (window.connTexts[window.connTexts.length - 1] !== text) window.connTexts.push(text);
    };
    new MutationObserver(note).observe(conn, {childList: true, characterData: true, subtree: true});
}"""

# The numbers of each wait: runs of "offline: retrying in N s" between two attempts.
WAITS = """() => {
    const waits = [];
    let wait = null;
    for (const text of window.connTexts) {
        const m = /^offline: retrying in (\\d+) s$/.exec(text);
        if (!m) { wait = null; continue; }
        if (!wait) { wait = []; waits.push(wait); }
        wait.push(Number(m[1]));
    }
    return waits;
}"""


def test_the_reconnect_countdown_runs_and_stays_within_the_cap(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """While the server is away the top bar says "offline: retrying in N s", N going down
    every second, the waits doubling up to 10 s (docs/web-ui.md), jitter included: with
    the highest jitter the sixth wait (0.5 s x 2**5 = 16 s, x 1.2) is still 10 s."""
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            "bot_delay_ms": 0,
        },
    )
    page = new_page()
    page.clock.install()  # the page's clock, run by the test: no real wait of 20 s
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("body[data-conn='online']")
    wait_until(page, "document.body.dataset.status === 'playing'")
    page.evaluate(WATCH_CONN)
    page.evaluate("Math.random = () => 0.999")  # the longest waits the jitter allows
    page.clock.pause_at(page.evaluate("Date.now()") + 1)

    server.stop()
    # until the sixth wait (the first at the cap) has counted down a little, or is over;
    # the page's clock moves a quarter second at a time, and each failed attempt to connect
    # arrives in real time between two steps
    sixth_wait_seen = "(w) => w.length >= 7 || (w.length === 6 && w[5].length >= 3)"
    for _ in range(400):  # 100 s of the page's time
        if page.evaluate(f"() => ({sixth_wait_seen})(({WAITS})())"):
            break
        page.clock.run_for(250)
        time.sleep(0.005)
    page.screenshot(path=str(screenshots / "play-offline-countdown.png"))
    waits: list[list[int]] = page.evaluate(WAITS)
    assert len(waits) >= 6, waits
    assert max(n for wait in waits for n in wait) == 10, waits
    for wait in waits:  # counting down by 1 s
        assert all(a - b == 1 for a, b in itertools.pairwise(wait)), waits
    for wait in waits[:5]:  # finished waits end at 1 s
        assert wait[-1] == 1, waits
    # 0.6, 1.2, 2.4, 4.8, 9.6 s, then the cap
    assert [wait[0] for wait in waits[:6]] == [1, 2, 3, 5, 10, 10], waits
    assert len(waits[5]) >= 3, waits

    server.start()
    for _ in range(100):  # the rest of the wait at the cap, at most
        if page.evaluate("document.body.dataset.conn") == "online":
            break
        page.clock.run_for(250)
        time.sleep(0.01)
    page.wait_for_selector("body[data-conn='online']", timeout=30_000)
    assert page.inner_text("#conn") == "live"


def test_an_abandoned_game_says_so_and_offers_no_move(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    from typer.testing import CliRunner

    from terranova.cli import app as cli
    from tests.server.test_retention import _age

    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            "bot_delay_ms": 0,
        },
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    server.stop()
    _age(server.database_url, game_id, 200)
    pruned = CliRunner().invoke(cli, ["admin", "prune", "--database-url", server.database_url])
    assert pruned.exit_code == 0 and game_id in pruned.output, pruned.output
    server.start()
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    wait_until(page, "document.body.dataset.status === 'abandoned'")
    page.screenshot(path=str(screenshots / "play-abandoned.png"))
    assert "closed as abandoned" in page.inner_text("#turn-banner")
    # nothing to play: no tile in hand to place, no spot offered (the map's zoom buttons stay)
    assert page.locator("#board-panel button").filter(visible=True).count() == 0
    assert page.evaluate("document.querySelectorAll('#map .layer-spots *').length") == 0
    assert not page.locator("#undo-button").is_visible()
