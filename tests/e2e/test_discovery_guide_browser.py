"""The first-game guide in The Discovery: with "First game: guide me" ticked in the lobby,
Ana's page shows the board's own tip for the step she must decide (place the tile, then the
follower step), and the tip follows the position (a follower to deploy, all followers out, a
tile that closes a territory: the view's ``closes``, which the board reads)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from tests.e2e.conftest import (
    Server,
    click_and_wait,
    create_from_lobby,
    phase,
    wait_ready_to_act,
    wait_until,
)

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
REMOVE = re.compile(r"^remove (-?\d+),(-?\d+)/(\d+)$")
TIP = "[data-testid='guide-tip']"
PLACE_TIP = "Place your tile: turn it (R) and click an orange square"
DEPLOY_TIP = "Deploy a follower: click a + on your new tile"


def tip(page: Any) -> str:
    return str(page.locator(TIP).inner_text())


def fits_the_sidebar(page: Any) -> bool:
    """The guide card lies inside the sidebar, and its tip does not overflow it."""
    return bool(
        page.evaluate(
            """() => {
                const box = document.getElementById('guide');
                const tip = box.querySelector("[data-testid='guide-tip']");
                const side = box.parentElement.getBoundingClientRect();
                const b = box.getBoundingClientRect();
                return b.width > 0 && b.left >= side.left - 1 && b.right <= side.right + 1
                    && tip.scrollWidth <= tip.clientWidth + 1;
            }"""
        )
    )


def test_the_guide_tells_ana_what_to_do_at_each_step(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page()
    create_from_lobby(page, server, ["human", "greedy"], guide=True)
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)

    # step 1: place the tile
    assert phase(page) == "place"
    page.wait_for_selector("[data-testid='guide']:not([hidden])")
    first = tip(page)
    assert PLACE_TIP in first, first
    assert "Then you may put a follower on it" in first
    assert len(first) <= 220
    assert "decision 1 of 10" in page.locator("#guide").inner_text()
    assert fits_the_sidebar(page)
    page.screenshot(path=str(screenshots / "guide-discovery-place.png"))

    # step 2: the follower step on the tile just placed (it touches the start tile, whose
    # territories are empty: a follower may go there)
    click_and_wait(page, "[data-testid='spot']")
    wait_ready_to_act(page)
    assert phase(page) == "follower"
    wait_until(
        page, "(t) => !document.querySelector(t).textContent.startsWith('Place your tile')", arg=TIP
    )
    second = tip(page)
    assert DEPLOY_TIP in second, second
    assert "(4 in supply)" in second
    assert "Or pass." in second
    assert len(second) <= 220
    assert "decision 2 of 10" in page.locator("#guide").inner_text()
    assert fits_the_sidebar(page)
    page.screenshot(path=str(screenshots / "guide-discovery.png"))

    # deploy: greedy plays its turn, then Ana places again, with a follower on the map
    click_and_wait(page, "[data-testid='deploy']")
    wait_ready_to_act(page)
    assert phase(page) == "place"
    wait_until(
        page,
        "(t) => !document.querySelector(t).textContent.startsWith('Deploy a follower')",
        arg=TIP,
    )
    third = tip(page)
    assert PLACE_TIP in third or "can close your" in third, third
    assert "decision 3 of 10" in page.locator("#guide").inner_text()


# ---------------------------------------------------------------------- the position


def state_of(server: Server, game_id: str, token: str) -> dict[str, Any]:
    return dict(server.get(f"/api/games/{game_id}/state?seat=0&token={token}"))


def ana_deploys_every_turn(server: Server, game_id: str, token: str) -> dict[str, Any]:
    """Ana (over HTTP) lays each tile on the first square offered and deploys a follower
    whenever she can, until her follower step comes with none left in supply (her 5th
    turn at the latest: 4 followers); that state."""
    deadline = time.monotonic() + 120
    while True:
        state = state_of(server, game_id, token)
        assert state["status"] == "playing", state
        assert time.monotonic() < deadline, state
        legal = state["legal"]
        if not legal:
            time.sleep(0.1)
            continue
        view = state["view"]
        if view["phase"] == "follower" and view["supply"][0] == 0:
            return state
        deploys = [a for a in legal if a.startswith("deploy ")]
        action = deploys[0] if view["phase"] == "follower" and deploys else legal[0]
        if view["phase"] == "follower" and not deploys:
            action = "pass"
        move = {"seat": 0, "token": token, "action": action, "ply": state["ply"]}
        server.post(f"/api/games/{game_id}/actions", move)


def expected_follower_tip(state: dict[str, Any]) -> str:
    """The phrase of the tip for a follower step without a follower in supply: a complete
    territory worth more now than at the end, else the take-back-or-pass tip."""
    view = state["view"]
    at = {(f["x"], f["y"], f["region"]): f for f in view["followers"]}
    mine = []
    for action in state["legal"]:
        found = REMOVE.match(action)
        if found:
            mine.append(at[(int(found[1]), int(found[2]), int(found[3]))])
    assert len(mine) == 4, mine
    ripe = [f for f in mine if f["complete"] and f["value_now"] > f["value_final"]]
    if ripe:
        return "is complete (yellow badge): take it back now"
    return "All your followers are on the map. Take one back (click its orange ring)"


def test_the_tip_follows_the_position_and_names_the_servers_closing_placements(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    for _ in range(5):  # rarely, a tile's territories are all taken and she must pass
        created = server.post(
            "/api/games",
            {"game": "discovery", "seats": [ANA, GREEDY], "bot_delay_ms": 0},
        )
        game_id, token = created["game_id"], created["seats"][0]["token"]
        state = ana_deploys_every_turn(server, game_id, token)
        if sum(1 for e in state["log"] if e["seat"] == 0) < 10:
            break  # still within the guide's 10 decisions
    else:
        raise AssertionError("Ana could not deploy on each of her first 4 turns, 5 times")

    page = new_page()
    page.goto(server.base + "/")
    page.evaluate(
        "(key) => localStorage.setItem('terranova.guide', JSON.stringify([key]))",
        f"{game_id}/0",
    )
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector(f"body[data-ply='{state['ply']}']")
    wait_ready_to_act(page)
    page.wait_for_selector("[data-testid='guide']:not([hidden])")
    shown = tip(page)
    assert expected_follower_tip(state) in shown, shown
    assert "Deploy" not in shown
    assert len(shown) <= 220
    assert fits_the_sidebar(page)
    page.screenshot(path=str(screenshots / "guide-discovery-followers-out.png"))

    # Ana passes; at her next place step the tip names a closing placement exactly when the
    # view's `closes` (the server's) has one, whatever the map: the board reads the fact
    # and works out no territory itself
    placing = ana_passes_then_places(server, game_id, token, state)
    view = placing["view"]
    mine = [f for f in view["followers"] if f["seat"] == 0]
    place = next(m for m in placing["moves"] if m["kind"] == "Place")
    made_up = [{**place["fields"], "follower": {k: mine[-1][k] for k in ("x", "y", "region")}}]
    tips = page.evaluate(
        """async ([gameId, message, madeUp]) => {
            const { createBoard } = await import('/static/games/discovery/board.js');
            const components = await (await fetch(`/api/games/${gameId}/components`)).json();
            const board = createBoard({
                map: document.createElement('div'), panel: document.createElement('div'),
                components, seat: 0, send() {}, seatName: (s) => `seat ${s}`, toast() {},
            });
            const tipWith = (closes) =>
                board.guide({ ...message, view: { ...message.view, closes } });
            const out = {
                real: board.guide(message),
                none: tipWith([]),
                madeUp: tipWith(madeUp),
            };
            board.destroy();
            return out;
        }""",
        [game_id, placing, made_up],
    )
    closes = view["closes"]
    assert ("can close your" in tips["real"]) == bool(closes), (tips["real"], closes)
    if closes:
        at = closes[0]["follower"]
        (f,) = [
            g for g in mine if (g["x"], g["y"], g["region"]) == (at["x"], at["y"], at["region"])
        ]
        assert f"can close your {f['terrain']}" in tips["real"], tips["real"]
        assert f"next to your {f['role']}" in tips["real"], tips["real"]
    assert "can close your" not in tips["none"], tips["none"]
    assert PLACE_TIP in tips["none"], tips["none"]
    f = mine[-1]
    assert tips["madeUp"].startswith(f"Your tile can close your {f['terrain']}: "), tips["madeUp"]
    assert f"Then take the {f['role']} back" in tips["madeUp"], tips["madeUp"]


def ana_passes_then_places(
    server: Server, game_id: str, token: str, state: dict[str, Any]
) -> dict[str, Any]:
    """Ana passes at her follower step (``state``), the bot plays; her next place step's
    state (its view with her followers and ``closes``)."""
    move = {"seat": 0, "token": token, "action": "pass", "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    deadline = time.monotonic() + 60
    while True:
        now = state_of(server, game_id, token)
        assert now["status"] == "playing", now
        assert time.monotonic() < deadline, now
        if now["legal"] and now["view"]["phase"] == "place":
            assert "closes" in now["view"], now["view"]
            return now
        time.sleep(0.1)
