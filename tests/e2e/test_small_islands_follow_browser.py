"""Small Islands in the browser: following the others' moves. Every move by another that left
something on the map (a tile laid, a ship landed, a bonus token or a house) after Ana's last
decision is marked on the map (``since-mark``, its ``data-ply``); a click on a log line marks
what that move left (``log-pick``) until clicked again, across new states; the log names no
place by coordinates. Also in the solo game, where Alexis's Expedition cards lay tiles.

The deals are the server's own: the expected marks are worked out here from the API state's
log, whatever was dealt. Screenshots go to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_at_random, play_until, wait_until

PLACING = re.compile(
    r"^(?:place \S+ (-?\d+),(-?\d+) \d+|land (?:own|grey) (-?\d+),(-?\d+)"
    r"|token \w+ (-?\d+),(-?\d+)(?: over \w+)?|house (-?\d+),(-?\d+))$"
)
COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")


def square(text: str) -> tuple[int, int] | None:
    """The square a placing action names (None: the action leaves nothing on the map)."""
    match = PLACING.match(text)
    if not match:
        return None
    x, y = (int(v) for v in match.groups() if v is not None)
    return x, y


def last_decision(state: dict[str, Any], seat: int = 0) -> int | None:
    plies = [e["ply"] for e in state["log"] if e["seat"] == seat]
    return plies[-1] if plies else None


def others_since(state: dict[str, Any], seat: int = 0) -> list[int]:
    """The plies of the moves by other seats after ``seat``'s last decision that left
    something on the map."""
    since = last_decision(state, seat)
    return [
        e["ply"]
        for e in state["log"]
        if e["seat"] is not None
        and e["seat"] != seat
        and (since is None or e["ply"] > since)
        and square(e["text"])
    ]


def open_seat(page: Any, server: Server, game_id: str, token: str, at_ply: int) -> None:
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ready='1']")
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=at_ply)
    page.wait_for_selector(".map-svg[data-tiles]")


def marks(page: Any, testid: str) -> list[dict[str, str]]:
    return list(
        page.locator(f"[data-testid='{testid}']").evaluate_all(
            "(els) => els.map((e) => ({...e.dataset}))"
        )
    )


def board_texts(page: Any) -> list[str]:
    """The log's texts as the board words them (not the score lines under them, which the
    page adds from the server's score sheet)."""
    return list(
        page.locator("#log .log-text").evaluate_all(
            "(els) => els.map((e) => e.firstChild ? e.firstChild.textContent : '')"
        )
    )


def pick(page: Any, ply: int) -> None:
    page.click(f"#log .log-entry[data-ply='{ply}']")


def test_the_others_moves_are_marked_and_the_log_shows_a_move(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]

    def ready(state: dict[str, Any]) -> bool:
        # Ana to move, the bot having laid something since her last decision: a token or a
        # house besides a tile when it comes (to see those marks too), else any
        if not state["legal"] or state["ply"] < 40 or not others_since(state):
            return False
        texts = {e["ply"]: e["text"] for e in state["log"]}
        pieces = [p for p in others_since(state) if texts[p].startswith(("token", "house"))]
        return bool(pieces) or state["ply"] >= 100

    game_id, token = play_at_random(server, "small-islands", seats, seed=5, stop=ready)
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    expected = others_since(state)
    assert expected, "the bot laid nothing since Ana's last decision"

    page = new_page(1280, 860)
    open_seat(page, server, game_id, token, state["ply"])
    shown = marks(page, "since-mark")
    assert sorted(int(m["ply"]) for m in shown) == expected
    by_ply = {e["ply"]: e for e in state["log"]}
    for mark in shown:
        entry = by_ply[int(mark["ply"])]
        assert (int(mark["x"]), int(mark["y"])) == square(entry["text"])
        assert mark["seat"] == "1"
    # the bot's newest move arrives with an animation (the others without)
    fresh = page.locator(".since-mark.fresh").evaluate_all("(els) => els.map((e) => e.dataset.ply)")
    assert fresh == [str(expected[-1])]
    # Ana's own moves are not marked
    assert not set(expected) & {e["ply"] for e in state["log"] if e["seat"] == 0}

    # the log names no square by its coordinates
    texts = board_texts(page)
    assert texts and not [t for t in texts if COORDINATES.search(t)], texts
    page.locator("#log").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "follow-small-islands.png"))

    # a click on a log line marks what that move left on the map; again: it goes
    own_token = [
        e for e in state["log"] if e["seat"] == 0 and e["text"].startswith(("token", "place"))
    ]
    chosen = by_ply[expected[0]]
    pick(page, chosen["ply"])
    page.wait_for_selector("[data-testid='log-pick']")
    picked = marks(page, "log-pick")
    assert len(picked) == 1 and int(picked[0]["ply"]) == chosen["ply"]
    assert (int(picked[0]["x"]), int(picked[0]["y"])) == square(chosen["text"])
    assert page.locator(f"#log .log-entry[data-ply='{chosen['ply']}'].picked").count() == 1
    page.screenshot(path=str(screenshots / "follow-small-islands-pick.png"))
    pick(page, chosen["ply"])
    page.wait_for_selector("[data-testid='log-pick']", state="detached")

    # a move of Ana's own shows too, and stays through the next states
    mine = own_token[-1]
    pick(page, mine["ply"])
    page.wait_for_selector(f"[data-testid='log-pick'][data-ply='{mine['ply']}']")
    rng = random.Random(7)
    action = rng.choice(state["legal"])
    move = {"seat": 0, "token": token, "action": action, "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=state["ply"])
    picked = marks(page, "log-pick")
    assert len(picked) == 1 and int(picked[0]["ply"]) == mine["ply"]
    assert (int(picked[0]["x"]), int(picked[0]["y"])) == square(mine["text"])

    # a move that left nothing on the map shows nothing
    quiet = next(e for e in state["log"] if e["seat"] == 0 and e["text"].startswith("keep"))
    pick(page, quiet["ply"])
    page.wait_for_selector("[data-testid='log-pick']", state="detached")
    assert page.locator("#log .log-entry.picked").count() == 0


def test_alexis_expeditions_are_marked_in_the_solo_game(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    seats = [{"kind": "human", "name": "Ana"}]

    def expedition_since(state: dict[str, Any]) -> list[dict[str, Any]]:
        since = last_decision(state)
        return [
            e
            for e in state["log"]
            if e["text"].startswith("expedition") and (since is None or e["ply"] > since)
        ]

    def ready(state: dict[str, Any]) -> bool:
        alexis = state["view"].get("alexis") or {}
        return (
            bool(state["legal"])
            and len(expedition_since(state)) == 1
            and alexis.get("last_tile") is not None
        )

    game_id, token = play_at_random(server, "small-islands", seats, seed=3, stop=ready)
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    assert ready(state), "no Expedition card laid a tile before the end"
    card = expedition_since(state)[0]
    tile = state["view"]["alexis"]["last_tile"]

    page = new_page(1280, 860)
    open_seat(page, server, game_id, token, state["ply"])
    shown = marks(page, "since-mark")
    assert [(int(m["ply"]), int(m["x"]), int(m["y"])) for m in shown] == [
        (card["ply"], tile["x"], tile["y"])
    ]
    assert shown[0]["seat"] == "alexis"
    assert page.locator(".since-mark.fresh").count() == 1
    line = page.inner_text(f"#log .log-entry[data-ply='{card['ply']}'] .log-text")
    assert f"Alexis turns over Expedition card {card['text'].split()[1]}" in line
    assert tile["design"] in line or "grey ship" in line
    texts = board_texts(page)
    assert not [t for t in texts if COORDINATES.search(t)], texts

    pick(page, card["ply"])
    picked = marks(page, "log-pick")
    assert [(int(m["ply"]), int(m["x"]), int(m["y"])) for m in picked] == [
        (card["ply"], tile["x"], tile["y"])
    ]
    page.screenshot(path=str(screenshots / "follow-small-islands-solo.png"))


ARRIVALS = """() => {
  window.arrivals = [];
  document.addEventListener("animationstart", (e) => {
    const tile = e.target.closest(".layer-tiles > g");
    const at = tile ? tile.dataset : {};
    window.arrivals.push({ name: e.animationName, x: at.x ?? null, y: at.y ?? null });
  });
}"""


def test_the_bots_tile_slides_in_once(server: Server, new_page: Any) -> None:
    """A tile the bot lays while Ana's page is open slides in onto its square: the tile's
    own drawing runs the animation (caught as it starts, however fast the machine). A
    redraw of the same position keeps the tile's element and animates nothing again."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]
    created = server.post(
        "/api/games", {"game": "small-islands", "seats": seats, "bot_delay_ms": 0}
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page = new_page(1280, 860)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(".map-svg[data-tiles]")
    page.evaluate(ARRIVALS)
    opened = int(page.evaluate("document.body.dataset.ply"))

    def bot_tiles(state: dict[str, Any], since: int = 0) -> list[tuple[str, str]]:
        """The squares of the tiles the bot laid after ply ``since``."""
        return [
            (str(at[0]), str(at[1]))
            for e in state["log"]
            if e["seat"] == 1 and e["ply"] > since and e["text"].startswith("place ")
            if (at := square(e["text"]))
        ]

    state = play_until(server, game_id, token, seed=11, stop=lambda s: bool(bot_tiles(s, opened)))
    assert bot_tiles(state, opened), "the game ended before the bot laid a tile"
    x, y = bot_tiles(state, opened)[0]
    wait_until(
        page,
        "(sq) => window.arrivals.some((a) => a.name === 'islands-slide-in'"
        " && a.x === sq.x && a.y === sq.y)",
        arg={"x": x, "y": y},
    )
    laid = bot_tiles(server.get(f"/api/games/{game_id}/state?seat=0&token={token}"))
    arrivals = page.evaluate("window.arrivals")
    slid = {(a["x"], a["y"]) for a in arrivals if a["name"] == "islands-slide-in"}
    assert slid <= set(laid), (slid, laid)  # none of Ana's tiles

    kept = page.evaluate(
        """(sq) => {
          const find = () => document.querySelector(
            `.layer-tiles > g[data-x='${sq.x}'][data-y='${sq.y}']`);
          const before = find();
          window.terranova.board.update(window.terranova.state(), { live: true });
          return before === find() && !document.querySelector(".layer-pieces .arrive-grow");
        }""",
        {"x": x, "y": y},
    )
    assert kept
