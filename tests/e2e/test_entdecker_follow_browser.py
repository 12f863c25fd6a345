"""Entdecker in the browser: following the others' moves on the map. Ana (seat 0) plays some
moves at random over HTTP against a bot; her page marks every move of the others since her
last decision that left something on the map (a tile laid, a unit placed, a scout sent onto
a jungle path, a tile from the hidden stacks filling an enclosed space), a click on a log
line marks where that move went (and survives the next state), and the log names places as
the board shows them, never by coordinates.

The marks expected are computed here from the API state's log, independently of the board's
JavaScript. Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_until, wait_ready_to_act, wait_until

PLACE = re.compile(r"^place \S+ (-?\d+),(-?\d+) \d+$")
UNIT = re.compile(r"^(?:scout|fort|settlement) (-?\d+),(-?\d+)/\d+(?: from \S+)?$")
PATH = re.compile(r"^path (\S+)$")
FILL = re.compile(r"^fill \S+$")
COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")


def filled_squares(state: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """The square each ``fill`` of the log filled, as far as the game's recent events tell
    (the k-th last fill is the k-th last tile from the hidden stacks filling a space)."""
    fills = [e for e in state["log"] if FILL.match(e["text"])]
    events = [
        e["filled"] for e in state["view"]["log"] if e.get("filled", {}).get("from") == "hidden"
    ]
    out = {}
    for k in range(1, min(len(fills), len(events)) + 1):
        m = events[-k]
        out[fills[-k]["ply"]] = (int(m["x"]), int(m["y"]))
    return out


def left_something(entry: dict[str, Any], filled: dict[int, tuple[int, int]]) -> bool:
    text = entry["text"]
    if PLACE.match(text) or UNIT.match(text) or PATH.match(text):
        return True
    return bool(FILL.match(text)) and entry["ply"] in filled


def expected_marks(state: dict[str, Any], seat: int) -> list[int]:
    """The plies of the others' moves since ``seat``'s last decision that left something on
    the map (before a first decision: the newest of them)."""
    log = state["log"]
    filled = filled_squares(state)
    moves = [e["ply"] for e in log if e["seat"] != seat and left_something(e, filled)]
    own = [e["ply"] for e in log if e["seat"] == seat]
    if not own:
        return moves[-1:]
    return [p for p in moves if p > own[-1]]


def new_game(server: Server) -> tuple[str, str, dict[str, Any]]:
    """A game where Ana has played at random until ply 60 or more and is to choose the
    start of a new turn (the bot, whose turn came between, waits for her: the state stands
    still)."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]
    created = server.post("/api/games", {"game": "entdecker", "seats": seats, "bot_delay_ms": 0})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = play_until(
        server, game_id, token, random.randrange(1 << 30),
        stop=lambda s: s["ply"] >= 60 and bool(s["legal"]) and s["view"]["step"] == "start",
    )  # fmt: skip
    return game_id, token, state


def open_page(new_page: Any, server: Server, game_id: str, token: str, ply: int) -> Any:
    page = new_page(1400, 900)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=ply)
    page.wait_for_selector("#log .log-entry")
    return page


def mark_plies(page: Any, selector: str) -> list[int]:
    plies = page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.ply)")
    return sorted(int(p) for p in plies)


def test_the_others_moves_since_the_last_are_marked_and_the_log_shows_them(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    game_id, token, state = new_game(server)
    expected = expected_marks(state, 0)
    assert state["ply"] >= 60 and state["status"] == "playing"
    page = open_page(new_page, server, game_id, token, state["ply"])

    # every move of the bot since Ana's last decision that left something is marked, once
    marked = page.eval_on_selector_all(
        "[data-testid='since-mark']", "els => els.map(e => [Number(e.dataset.ply), e.dataset.seat])"
    )
    assert sorted(p for p, _ in marked) == sorted(expected), (marked, expected)
    assert all(seat != "0" for _, seat in marked)
    assert page.locator(".since-mark").count() == len(expected)
    # the bot's newest move gets a short animation, the others none
    animated = mark_plies(page, ".since-mark.since-newest")
    assert animated == ([max(expected)] if expected else [])

    # no log text names a square by its coordinates
    texts = page.eval_on_selector_all("#log .log-text", "els => els.map(e => e.textContent)")
    assert texts
    assert not [t for t in texts if COORDINATES.search(t)], texts

    # the newest tile laid: a click marks its square; the mark outlives a new state
    laid = [(e, m) for e in state["log"] if (m := PLACE.match(e["text"]))]
    assert laid, state["log"]
    entry, m = laid[-1]
    ply = entry["ply"]
    page.click(f"#log .log-entry[data-ply='{ply}']")
    pick = page.locator("[data-testid='log-pick']")
    assert pick.count() == 1
    assert pick.get_attribute("data-ply") == str(ply)
    assert (pick.get_attribute("data-x"), pick.get_attribute("data-y")) == (m[1], m[2])
    tile = page.locator(f".layer-tiles [data-x='{m[1]}'][data-y='{m[2]}']")
    assert tile.count() == 1
    box, tile_box = pick.bounding_box(), tile.bounding_box()
    assert box["x"] <= tile_box["x"]
    assert box["x"] + box["width"] >= tile_box["x"] + tile_box["width"]
    assert page.locator(f"#log .log-entry.picked[data-ply='{ply}']").count() == 1
    page.screenshot(path=str(screenshots / "follow-entdecker.png"))

    # a move that left nothing (an announcement) shows nothing
    quiet = [e for e in state["log"] if e["text"].startswith("announce ")]
    if quiet:
        page.click(f"#log .log-entry[data-ply='{quiet[-1]['ply']}']")
        assert page.locator("[data-testid='log-pick']").count() == 0

    # a scout sent onto a path is marked on that path
    treks = [(e, p) for e in state["log"] if (p := PATH.match(e["text"]))]
    if treks:
        trek, path = treks[-1]
        page.click(f"#log .log-entry[data-ply='{trek['ply']}']")
        assert page.get_attribute("[data-testid='log-pick']", "data-path") == path[1]
        page.click(f"#log .log-entry[data-ply='{ply}']")
        assert page.get_attribute("[data-testid='log-pick']", "data-ply") == str(ply)

    # the tile's move picked again (the announcement's click, with no scout's after it to
    # pick it again, left no pick), for what follows
    if mark_plies(page, "[data-testid='log-pick']") != [ply]:
        page.click(f"#log .log-entry[data-ply='{ply}']")
    assert mark_plies(page, "[data-testid='log-pick']") == [ply]

    # Ana moves: the pick stays on the map through the new states
    move = {"seat": 0, "token": token, "action": state["legal"][0], "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    wait_until(page, "(p) => Number(document.body.dataset.ply) > p", arg=state["ply"])
    assert mark_plies(page, "[data-testid='log-pick']") == [ply]

    # a second click clears it
    page.click(f"#log .log-entry[data-ply='{ply}']")
    assert page.locator("[data-testid='log-pick']").count() == 0
    assert page.locator("#log .log-entry.picked").count() == 0


ANIMATED = """([x, y]) => {
    const el = document.querySelector(`.layer-tiles [data-x='${x}'][data-y='${y}']`);
    return el !== null && el.getAnimations().length > 0;
}"""


def test_a_tile_the_bot_lays_slides_onto_its_square(server: Server, new_page: Any) -> None:
    """While Ana watches, the bot's moves are animated on the map once they arrive: a tile
    it lays is the element animated (it slides onto its square), a set-up tile is not. The
    page's animations are frozen (the browser's playback rate 0), so that none can end
    before it is looked at, however slow the machine."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]
    created = server.post("/api/games", {"game": "entdecker", "seats": seats, "bot_delay_ms": 0})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    first = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    setup = first["view"]["map"][0]
    page = new_page(1400, 900)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    wait_ready_to_act(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0})
    opened = int(page.evaluate("document.body.dataset.ply"))

    def laid_by_the_bot(state: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            e for e in state["log"] if e["seat"] == 1 and e["kind"] == "Place" and e["ply"] > opened
        ]

    state = play_until(
        server, game_id, token, 3, stop=lambda s: bool(laid_by_the_bot(s)) and bool(s["legal"])
    )
    laid = laid_by_the_bot(state)
    assert laid, state["log"][-5:]
    wait_until(page, "(p) => Number(document.body.dataset.ply) >= p", arg=state["ply"])
    tile = laid[-1]["fields"]
    wait_until(page, ANIMATED, arg=[tile["x"], tile["y"]])
    still = f".layer-tiles [data-x='{setup['x']}'][data-y='{setup['y']}']"
    assert page.eval_on_selector(still, "el => el.getAnimations().length") == 0
