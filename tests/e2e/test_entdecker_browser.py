"""Entdecker in the browser: a whole two-player game against a bot, from the lobby to the
end, every move made by clicking the board's controls (the ship's wheel, a start point or a
tile's start arrow and, where several routes lead there, a route; announce and pay; draw or
take a tile, turn it and click a highlighted square; a unit on the new tile or stop; a jungle
path for a scout). The page's final scores are the server's.

Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from terranova.core.i18n import from_data
from tests.e2e.conftest import (
    WHOLE_GAME_BY_CLICKING,
    Server,
    click_and_wait,
    create_from_lobby,
    phase,
    ply,
    points,
    wait_ready_to_act,
    wait_until,
)
from tests.e2e.moves import move_data, with_moves

MAX_DECISIONS = 900


def assert_apart(buttons: list[Any]) -> None:
    """No two round buttons on the map overlap (one would take the other's clicks)."""
    circles = []
    for button in buttons:
        box = button.locator("circle").bounding_box()
        circles.append(
            (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box["width"] / 2)
        )
    for i, (x1, y1, r1) in enumerate(circles):
        for x2, y2, r2 in circles[:i]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (r1 + r2 - 1) ** 2, "buttons overlap"


def play_one_decision(page: Any, rng: random.Random, shots: dict[str, Path]) -> str:
    """Make the decision the page offers by clicking. Returns the action played."""
    now = phase(page)
    if now == "wheel":
        return click_and_wait(page, rng.choice(page.locator("[data-testid='wheel']").all()))
    if now == "start":
        starts = page.locator("[data-testid='start']").all()
        assert starts, "no start offered"
        several = [s for s in starts if int(s.get_attribute("data-routes") or 1) > 1]
        choice = several[0] if several and "routes" in shots else rng.choice(starts)
        if "start" in shots:
            choice.hover()
            page.screenshot(path=str(shots.pop("start")))
        if int(choice.get_attribute("data-routes") or 1) > 1:
            choice.click()  # the panel lists the routes
            routes = page.locator("[data-testid='route']").all()
            assert len(routes) > 1
            route = rng.choice(routes)
            route.hover()
            if "routes" in shots:
                page.screenshot(path=str(shots.pop("routes")))
            return click_and_wait(page, route)
        return click_and_wait(page, choice)
    if now == "announce":
        # the route the ship took from its start point is drawn (the view gives it)
        assert page.locator(".layer-route .route").count() == 1
        if "announce" in shots:
            page.screenshot(path=str(shots.pop("announce")))
        hidden = page.locator(".announce-row[data-kind='hidden'] [data-testid='announce']").all()
        opened = page.locator(".announce-row[data-kind='open'] [data-testid='announce']").all()
        if opened and (not hidden or rng.random() < 0.1):
            return click_and_wait(page, opened[-1])
        return click_and_wait(page, hidden[-1] if rng.random() < 0.85 else rng.choice(hidden))
    if now == "explore":
        targets = page.locator("[data-testid='unit-target']").all()
        units = page.locator("[data-testid='unit']").all()
        draws = page.locator("[data-testid='draw'], [data-testid='take']").all()
        if targets and "unit" in shots:
            page.screenshot(path=str(shots.pop("unit")))
        assert_apart(targets)
        if (targets or units) and (not draws or rng.random() < 0.4):
            return click_and_wait(page, rng.choice(targets or units))
        if draws:
            if page.locator("[data-testid='draw']").count() and rng.random() < 0.2:
                before = ply(page)
                page.keyboard.press("d")
                wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=before)
                return "draw (key)"
            return click_and_wait(page, rng.choice(draws))
        return click_and_wait(page, "[data-testid='stop']")
    if now == "place":
        if rng.random() < 0.3 and not page.locator("[data-testid='rotate']").is_disabled():
            page.click("[data-testid='rotate']")
        spots = page.locator("[data-testid='spot']").all()
        if not spots:  # the tile turned this way fits nowhere: a dotted square turns it
            page.locator(".spot.other").first.click()
            spots = page.locator("[data-testid='spot']").all()
        assert spots, "no highlighted square for the tile drawn"
        spot = rng.choice(spots)
        if "place" in shots:
            spot.hover()
            page.wait_for_selector(".ghost-tile")
            page.screenshot(path=str(shots.pop("place")))
        return click_and_wait(page, spot)
    if now in ("path", "natives"):
        if "path" in shots:
            page.screenshot(path=str(shots.pop("path")))
        return click_and_wait(page, rng.choice(page.locator("[data-testid='path']").all()))
    others = page.locator("[data-testid='other']").all()
    assert others, f"nothing to click at step {now}"
    return click_and_wait(page, others[0])


@WHOLE_GAME_BY_CLICKING
def test_whole_game_against_a_bot_by_clicking(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    started = time.monotonic()
    page = new_page(1280, 860)
    game_id = create_from_lobby(page, server, ["human", "random"], game="entdecker")
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    # the board of its own: 12 x 8, every start point with its cost, the seven paths
    assert page.locator(".start-point").count() == 2 * (12 + 8)
    assert page.locator(".jungle-path").count() == 7
    assert page.inner_text("[data-testid='gold-0']").strip().startswith("7")
    assert "choose where your ship starts" in page.inner_text("#turn-banner")
    page.screenshot(path=str(screenshots / "entdecker-first-turn.png"))

    rng = random.Random(11)
    shots = {
        name: screenshots / f"entdecker-{name}.png"
        for name in ("start", "routes", "announce", "place", "unit", "path")
    }
    decisions = 0
    played: list[str] = []
    island_shot = False
    while page.evaluate("document.body.dataset.status") != "finished":
        assert decisions < MAX_DECISIONS, "the game does not end"
        played.append(play_one_decision(page, rng, shots))
        decisions += 1
        wait_ready_to_act(page)
        if decisions == 60:
            page.screenshot(path=str(screenshots / "entdecker-midgame.png"))
        if not island_shot and page.locator(".event-island").count():
            island_shot = True
            page.screenshot(path=str(screenshots / "entdecker-island-scored.png"))
    elapsed = time.monotonic() - started
    print(f"{decisions} decisions by clicking in {elapsed:.0f} s; not shot: {sorted(shots)}")

    kinds = {text.split()[0] for text in played}
    assert {"start", "announce", "place"} <= kinds, kinds
    summary = server.get(f"/api/games/{game_id}")
    assert summary["status"] == "finished"
    page.wait_for_selector("[data-testid='end-card']:not([hidden])")
    page.wait_for_selector("[data-testid='end-summary']")
    # the returns carry gold as thousandths of a point (the tie-break)
    finals = [
        float(page.get_attribute(f"[data-testid='final-{seat}'] .final-score", "data-final-score"))
        for seat in range(2)
    ]
    assert finals == summary["result"]["scores"]
    state = server.get(f"/api/games/{game_id}/state")
    for seat in range(2):
        shown = page.inner_text(f"[data-testid='end-points-{seat}']")
        assert shown == points(state["view"]["points"][seat])
    said = state["view"]["end_reason"]  # why it ended, as the server says (ruling 11)
    assert said and summary["result"]["reason"] == said
    reason = str(from_data(said))  # in words, the page's language being English
    assert page.inner_text("[data-testid='end-reason']") == f"The game ended: {reason}."
    assert page.inner_text("#turn-banner").endswith(f"({reason})")
    page.screenshot(path=str(screenshots / "entdecker-end.png"), full_page=True)


def several_routes_position() -> tuple[Any, list[str]]:
    """A seeded random game in which seat 1 places every fort and settlement it can, played
    until seat 0 chooses a start that several routes (paying tolls to seat 1) lead to."""
    from terranova.core.registry import make
    from terranova.core.state import CHANCE

    rng = random.Random(1)
    state = make("entdecker", players=2)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0])
            continue
        actions = state.legal_actions()
        texts = [str(a) for a in actions]
        if seat == 0 and state.view(0)["step"] == "start":
            heads = [" ".join(t.split()[:3]) for t in texts if " via " in t]
            several = sorted({h for h in heads if heads.count(h) > 1})
            if several and any(" toll " in t for t in texts):
                return state, several
        strong = [a for a in actions if str(a).split()[0] in ("fort", "settlement")]
        state.apply(rng.choice(strong) if strong and seat == 1 else rng.choice(actions))
    raise AssertionError("no position with several routes")


def test_several_routes_to_a_start_are_listed_and_drawn(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """A position where several routes lead to a start, shown by the board (the message a
    server would send seat 0): the start's marker says so, clicking it lists the routes
    with their costs and tolls, and each route is found along the white lines and drawn."""
    state, several = several_routes_position()
    created = server.post(
        "/api/games",
        {
            "game": "entdecker",
            "params": {"players": 2},
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
            "bot_delay_ms": 0,
        },
    )
    page = new_page(1280, 860)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    message = page.evaluate("window.terranova.state()")
    changes = with_moves(
        "entdecker",
        {
            "message": {
                "legal": [str(a) for a in state.legal_actions()],
                "log": [
                    {"ply": k + 1, "seat": None, "text": str(a)}
                    for k, a in enumerate(state.history())
                ],
            }
        },
    )
    message.update(view=state.view(0), **changes["message"])
    page.evaluate("(m) => window.terranova.board.update(m, {live: true})", message)
    heading = {"N": 0, "E": 1, "S": 2, "W": 3}
    for start in several:
        _, square, _ = start.split()
        options = [str(a) for a in state.legal_actions() if str(a).startswith(start + " via")]
        marker = page.locator(
            f"[data-testid='start'][data-routes='{len(options)}']"
            f"[aria-label^='Start on {square} heading']"
        )
        assert marker.count() >= 1, (start, options)
    first = several[0]
    _, square, letter = first.split()
    options = [str(a) for a in state.legal_actions() if str(a).startswith(first + " via")]
    words = ["north", "east", "south", "west"][heading[letter]]
    page.locator(f"[data-testid='start'][aria-label^='Start on {square} heading {words}']").click()
    routes = page.locator("[data-testid='route']")
    assert sorted(routes.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")) == sorted(options)
    for k in range(routes.count()):
        routes.nth(k).hover()
        page.wait_for_selector(".layer-route .route.preview")
        if k == 0:
            page.screenshot(path=str(screenshots / "entdecker-routes.png"))


def test_hints_of_every_kind_are_drawn_on_the_map(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """showHint draws each move not made on the map: a tile placement as a ghost of the
    tile turned as it would lie (the best move, amber), a move with no place (a draw, the
    move played, dashed) as a label in its words, a start as its route; the marks stay over
    a redraw until cleared."""
    created = server.post(
        "/api/games",
        {
            "game": "entdecker",
            "params": {"players": 2},
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
        },
    )
    page = new_page(1280, 860)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    message = page.evaluate("window.terranova.state()")
    start = next(m for m in message["moves"] if m["kind"] == "StartTile")
    marks = [
        {"move": {"text": t, "says": t, **move_data("entdecker", t)}, "role": role}
        for t, role in (("place cape 0,0 90", "best"), ("announce 2 hidden", "played"))
    ] + [{"move": start, "role": "hint"}]
    page.evaluate("([marks, m]) => window.terranova.board.showHint(marks, m)", [marks, message])
    best = page.locator("#map [data-testid='hint-mark'][data-role='best']")
    assert best.locator(".hint-tile").count() == 1 and best.is_visible()
    played = page.locator("#map [data-testid='hint-mark'][data-role='played']")
    assert played.locator(".hint-text").text_content() == "announce 2 hidden"
    hint = page.locator("#map [data-testid='hint-mark'][data-role='hint']")
    assert hint.locator(".hint-route").count() == 1
    page.screenshot(path=str(screenshots / "entdecker-hints.png"))
    page.evaluate("(m) => window.terranova.board.update(m, {live: true})", message)
    assert page.locator("#map [data-testid='hint-mark']").count() == 3
    page.evaluate("(m) => window.terranova.board.showHint([], m)", message)
    assert page.locator("#map [data-testid='hint-mark']").count() == 0
