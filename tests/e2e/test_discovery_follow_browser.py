"""Following the others' moves in The Discovery: what the others did since Ana's last
decision is marked on the map (the tile laid, the follower deployed or taken back), a
click on a log line shows that move on the map, and the log names tiles and followers by
what they show, never by coordinates."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_at_random, wait_until

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")
PLACE = re.compile(r"^place \S+ (-?\d+),(-?\d+) \d+$")
REMOVE = re.compile(r"^remove (-?\d+),(-?\d+)/(\d+)$")
ON_THE_MAP = re.compile(r"^(place|deploy|remove) ")


def square(log: list[dict[str, Any]], entry: dict[str, Any]) -> tuple[int, int]:
    """The square a map move acted on: a tile laid there, a follower taken back from
    there, or a follower deployed on the tile laid just before."""
    for pattern in (PLACE, REMOVE):
        found = pattern.match(entry["text"])
        if found:
            return int(found[1]), int(found[2])
    earlier = [e for e in log if e["ply"] < entry["ply"] and PLACE.match(e["text"])]
    found = PLACE.match(earlier[-1]["text"])
    assert found
    return int(found[1]), int(found[2])


def marked_for(state: dict[str, Any], seat: int | None) -> list[int]:
    """The plies the map should mark for ``seat``: the others' map moves after its last
    decision, or the newest map move by anyone else when it has made none (a spectator)."""
    log = state["log"]
    mine = [e["ply"] for e in log if seat is not None and e["seat"] == seat]
    moves = [
        e["ply"]
        for e in log
        if e["seat"] is not None and e["seat"] != seat and ON_THE_MAP.match(e["text"])
    ]
    if not mine:
        return moves[-1:]
    return [p for p in moves if p > mine[-1]]


def marks(page: Any, selector: str) -> list[dict[str, str]]:
    return list(
        page.locator(selector).evaluate_all(
            "els => els.map(e => ({ply: e.dataset.ply, x: e.dataset.x, y: e.dataset.y}))"
        )
    )


def ana_to_place(state: dict[str, Any]) -> bool:
    """Ana has a tile to place after a few rounds: the greedy bot's whole turn lies
    between her last decision and now."""
    return bool(state["legal"]) and state["view"]["phase"] == "place" and state["ply"] >= 25


def test_the_others_moves_are_marked_and_a_log_line_shows_its_move(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    game_id, token = play_at_random(server, "discovery", [ANA, GREEDY], seed=5, stop=ana_to_place)
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    log = state["log"]
    expected = marked_for(state, 0)
    assert expected, "greedy's turn laid a tile since Ana's last decision"
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector(f"body[data-ply='{state['ply']}']")
    page.wait_for_selector("#log .log-entry")

    # the others' moves since Ana's last decision, each where it acted
    shown = marks(page, "[data-testid='since-mark']")
    assert sorted(int(m["ply"]) for m in shown) == expected
    by_ply = {e["ply"]: e for e in log}
    for mark in shown:
        x, y = square(log, by_ply[int(mark["ply"])])
        assert (int(mark["x"]), int(mark["y"])) == (x, y), mark
    # the bot's newest move is animated, once
    fresh = page.locator(".since-mark.fresh")
    assert fresh.count() == 1
    assert int(str(fresh.get_attribute("data-ply"))) == expected[-1]

    # the log names places as the board shows them
    texts = page.locator("#log .log-text").all_inner_texts()
    assert texts
    assert not [t for t in texts if COORDINATES.search(t)], texts
    first_place = next(e for e in log if PLACE.match(e["text"]))
    place_text = page.locator(f"#log .log-entry[data-ply='{first_place['ply']}'] .log-text")
    assert place_text.inner_text().startswith("laid a"), place_text.inner_text()

    # a click on one of Ana's placements shows it; zoomed in first, so the map pans to it
    for _ in range(5):
        page.keyboard.press("+")
    placed = [e for e in log if e["seat"] == 0 and PLACE.match(e["text"])]
    pick = placed[0]
    x, y = square(log, pick)
    page.click(f"#log .log-entry[data-ply='{pick['ply']}']")
    picked = f"[data-testid='log-pick'][data-ply='{pick['ply']}']"
    page.wait_for_selector(picked)
    assert marks(page, "[data-testid='log-pick']") == [
        {"ply": str(pick["ply"]), "x": str(x), "y": str(y)}
    ]
    in_view = page.evaluate(
        """([x, y]) => {
            const box = document.querySelector("[data-testid='map']").viewBox.baseVal;
            const cx = (x + 0.5) * 100, cy = (y + 0.5) * 100;
            return cx > box.x && cx < box.x + box.width && cy > box.y && cy < box.y + box.height;
        }""",
        [x, y],
    )
    assert in_view
    page.keyboard.press("f")
    page.wait_for_timeout(1000)  # the newest bot move's animation is over
    page.screenshot(path=str(screenshots / "follow-discovery.png"))

    # it stays through a new state: Ana places her tile
    move = {"seat": 0, "token": token, "action": state["legal"][0], "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=state["ply"])
    assert page.locator(picked).count() == 1
    after = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    assert marked_for(after, 0) == []  # Ana has just decided: nothing of the others since
    assert page.locator("[data-testid='since-mark']").count() == 0

    # clicked again, it is gone
    page.click(f"#log .log-entry[data-ply='{pick['ply']}']")
    page.wait_for_selector("[data-testid='log-pick']", state="detached")

    # a follower deployed or taken back is shown where it stands (or stood)
    followers = [e for e in log if re.match(r"^(deploy|remove) ", e["text"])]
    if followers:
        entry = followers[-1]
        x, y = square(log, entry)
        page.click(f"#log .log-entry[data-ply='{entry['ply']}']")
        selector = f"[data-testid='log-pick'][data-ply='{entry['ply']}']"
        page.wait_for_selector(selector)
        assert marks(page, selector) == [{"ply": str(entry["ply"]), "x": str(x), "y": str(y)}]
        page.click(f"#log .log-entry[data-ply='{entry['ply']}']")

    # a draw left nothing on the map: nothing is marked, and the page says so
    draw = next(e for e in log if e["seat"] is None)
    page.click(f"#log .log-entry[data-ply='{draw['ply']}']")
    page.wait_for_selector("text=That move left nothing on the map to show.")
    assert page.locator("[data-testid='log-pick']").count() == 0


def test_a_spectator_sees_the_newest_move_marked(server: Server, new_page: Any) -> None:
    game_id, _ = play_at_random(server, "discovery", [ANA, GREEDY], seed=8, stop=ana_to_place)
    state = server.get(f"/api/games/{game_id}/state")
    expected = marked_for(state, None)
    assert len(expected) == 1
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}")
    page.wait_for_selector(f"body[data-ply='{state['ply']}']")
    page.wait_for_selector("[data-testid='since-mark']")
    assert [int(m["ply"]) for m in marks(page, "[data-testid='since-mark']")] == expected
