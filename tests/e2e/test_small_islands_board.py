"""Small Islands in the browser: a whole two-player game against a bot and a whole solo game
against Alexis (advanced mode: objectives built from Mission and Reward cards), from the
lobby to the end, every move made by clicking the board: the starting tiles' sides, turned
and laid on highlighted squares; the objectives form; a face-up tile taken, a tile of the
hand chosen, turned and laid; bonus tokens (a kind, then a highlighted tile) or pass;
landing a ship; the houses of the round's end; Discovery tokens when a reward draws them.
The page's final scores are the server's. Discovery tokens to keep and a bonus token that
may cover either of two resources, which random play meets seldom, are checked on positions
shown to the board.

Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from tests.e2e.conftest import (
    WHOLE_GAME_BY_CLICKING,
    Server,
    click_and_wait,
    create_from_lobby,
    phase,
    play_until,
    ply,
    points,
    wait_ready_to_act,
    wait_until,
)

MAX_DECISIONS = 400


def lay_a_tile(page: Any, rng: random.Random, shots: dict[str, Path]) -> str:
    """Choose a tile of the hand (or a starting tile's side), maybe turn it, and click a
    highlighted square (a dotted one first turns the tile to fit there)."""
    tiles = page.locator("[data-testid='hand-tile']").all()
    if len(tiles) > 1 and rng.random() < 0.4:
        rng.choice(tiles).click()
    if rng.random() < 0.4 and not page.locator("[data-testid='rotate']").is_disabled():
        page.click("[data-testid='rotate']")
    spots = page.locator("[data-testid='spot']").all()
    if not spots:  # the tile turned this way fits nowhere: a dotted square turns it
        page.locator(".spot.other").first.click()
        spots = page.locator("[data-testid='spot']").all()
    assert spots, "no highlighted square for the tile chosen"
    spot = rng.choice(spots)
    spot.hover()
    page.wait_for_selector(".ghost-tile")
    if "place" in shots and page.locator(".match-mark").count() >= 3:
        page.screenshot(path=str(shots.pop("place")))
    return click_and_wait(page, spot)


def play_one_decision(
    page: Any, rng: random.Random, shots: dict[str, Path], offered: set[str]
) -> str:
    """Make the decision the page offers by clicking; the first ship landing offered is
    always taken, so that a game that offers one lands one. ``offered`` gains the kinds of
    decision the page offered ("land"). Returns the action played."""
    now = phase(page)
    if now in ("starting tiles", "place"):
        return lay_a_tile(page, rng, shots)
    if now == "objectives":
        form = page.locator("[data-testid='objective-form']")
        assert form.count() == 1
        for group in form.locator("fieldset").all():
            cards = group.locator("[data-testid='obj-card']").all()
            first, second = rng.sample(cards, 2)
            # a Discovery reward when there is one (to meet the Discovery tokens)
            discovery = [c for c in cards if "Discovery token" in c.inner_text()]
            if discovery and rng.random() < 0.7:
                first = discovery[0]
                second = rng.choice([c for c in cards if c != first])
            first.locator("[data-testid='obj-now']").click()
            second.locator("[data-testid='obj-next']").click()
        keep = page.locator("[data-testid='keep']")
        assert keep.is_enabled()
        if "objectives" in shots:
            page.screenshot(path=str(shots.pop("objectives")))
        return click_and_wait(page, keep)
    if now == "turn":
        takes = page.locator("[data-testid='take']").all()
        kinds = page.locator("[data-testid='land-kind']").all()
        first = bool(kinds) and "land" not in offered
        if kinds:
            offered.add("land")
        if kinds and (first or not takes or rng.random() < 0.35):
            rng.choice(kinds).click()
            targets = page.locator("[data-testid='land-target']").all()
            assert targets, "no square to land on"
            if "land" in shots:
                page.screenshot(path=str(shots.pop("land")))
            return click_and_wait(page, rng.choice(targets))
        assert takes, "no face-up tile to take"
        if "take" in shots:
            page.screenshot(path=str(shots.pop("take")))
        return click_and_wait(page, rng.choice(takes))
    if now == "bonus":
        kinds = [k for k in page.locator("[data-testid='token-kind']").all() if k.is_enabled()]
        if kinds and rng.random() < 0.6:
            rng.choice(kinds).click()
            targets = page.locator("[data-testid='token-target']").all()
            assert targets, "no tile for the token chosen"
            target = rng.choice(targets)
            if "token" in shots:
                target.hover()
                page.screenshot(path=str(shots.pop("token")))
            if target.get_attribute("data-action"):
                return click_and_wait(page, target)
            target.click()  # several printed resources it may cover: the panel lists them
            return click_and_wait(
                page, rng.choice(page.locator("[data-testid='token-over']").all())
            )
        if rng.random() < 0.3:
            before = ply(page)
            page.keyboard.press("p")
            wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=before)
            return "pass (key)"
        return click_and_wait(page, "[data-testid='pass']")
    if now == "houses":
        targets = page.locator("[data-testid='house-target']").all()
        # the board's own count of the islands the objective pays for is the rules' (each
        # house target names its island)
        islands = {t.get_attribute("data-island") for t in targets}
        counted = page.get_attribute("[data-testid='objective-now']", "data-islands")
        assert counted == str(len(islands)), (counted, islands)
        if "houses" in shots and targets:
            targets[0].hover()
            page.screenshot(path=str(shots.pop("houses")))
        if targets and rng.random() < 0.9:
            return click_and_wait(page, rng.choice(targets))
        return click_and_wait(page, "[data-testid='done']")
    if now == "keep token":
        if "discovery" in shots:
            page.locator("[data-testid='discovery']").first.scroll_into_view_if_needed()
            page.screenshot(path=str(shots.pop("discovery")))
        return click_and_wait(page, rng.choice(page.locator("[data-testid='discovery']").all()))
    others = page.locator("[data-testid='other']").all()
    assert others, f"nothing to click at step {now}"
    return click_and_wait(page, others[0])


def play_to_the_end(
    page: Any,
    rng: random.Random,
    shots: dict[str, Path],
    screenshots: Path,
    name: str,
    offered: set[str] | None = None,
) -> list[str]:
    """Play seat 0's decisions by clicking until the game ends; returns the actions played.
    ``offered`` gains the kinds of decision offered that the caller may check were played."""
    played: list[str] = []
    offered = set() if offered is None else offered
    round_end_shot = False
    while page.evaluate("document.body.dataset.status") != "finished":
        assert len(played) < MAX_DECISIONS, "the game does not end"
        played.append(play_one_decision(page, rng, shots, offered))
        wait_ready_to_act(page)
        if len(played) == 30:
            page.screenshot(path=str(screenshots / f"{name}-midgame.png"))
        if not round_end_shot and page.locator(".round-end:not([hidden]) .built-list li").count():
            round_end_shot = True
            page.locator("[data-testid='round-end']").scroll_into_view_if_needed()
            page.screenshot(path=str(screenshots / f"{name}-round-end.png"))
    return played


@WHOLE_GAME_BY_CLICKING
def test_whole_two_player_game_against_a_bot_by_clicking(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    started = time.monotonic()
    page = new_page(1280, 860)
    game_id = create_from_lobby(page, server, ["human", "greedy"], game="small-islands")
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    assert phase(page) == "starting tiles"
    assert "lay the starting tiles" in page.inner_text("#turn-banner")
    # both sides of each of the 4 starting tiles: any may come first (ruling 4)
    assert page.locator("[data-testid='hand-tile']").count() == 8
    page.screenshot(path=str(screenshots / "small-islands-first-turn.png"))

    rng = random.Random(5)
    shots = {
        name: screenshots / f"small-islands-{name}.png"
        for name in ("objectives", "take", "place", "token", "land", "houses")
    }
    offered: set[str] = set()
    played = play_to_the_end(page, rng, shots, screenshots, "small-islands", offered)
    elapsed = time.monotonic() - started
    print(f"{len(played)} decisions by clicking in {elapsed:.0f} s; not shot: {sorted(shots)}")

    kinds = {text.split()[0] for text in played}
    assert {"place", "keep", "take"} <= kinds, kinds
    # the deal is the server's, so about one game in 300 never lets seat 0 land a ship;
    # test_landing_is_offered_and_played lands one on a position chosen for it
    assert offered <= kinds, (offered, kinds)
    summary = server.get(f"/api/games/{game_id}")
    assert summary["status"] == "finished"
    page.wait_for_selector("[data-testid='end-card']:not([hidden])")
    page.wait_for_selector("[data-testid='islands-end']")
    finals = [
        float(page.get_attribute(f"[data-testid='final-{seat}'] .final-score", "data-final-score"))
        for seat in range(2)
    ]
    assert finals == summary["result"]["scores"]
    state = server.get(f"/api/games/{game_id}/state")
    for seat in range(2):
        shown = page.inner_text(f"[data-testid='end-points-{seat}'] .final-points")
        assert shown == points(state["view"]["seats"][seat]["score"])
    page.screenshot(path=str(screenshots / "small-islands-end.png"), full_page=True)
    page.locator("[data-testid='log']").screenshot(path=str(screenshots / "small-islands-log.png"))

    # the replay shows the board as it was, without controls
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    slider_max = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(slider_max // 2))
    wait_until(page, "(n) => Number(document.querySelector('.map-svg').dataset.tiles) > n", arg=8)
    page.keyboard.press("ArrowRight")
    assert page.locator("[data-testid='spot'], .target").count() == 0
    page.screenshot(path=str(screenshots / "small-islands-replay.png"))
    page.click("#replay-exit")
    page.wait_for_selector("#replay-bar", state="hidden")


@WHOLE_GAME_BY_CLICKING
def test_whole_solo_game_against_alexis_by_clicking(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    started = time.monotonic()
    page = new_page(1280, 900)
    game_id = create_from_lobby(
        page,
        server,
        ["human"],
        game="small-islands",
        variants={"alexis": 1, "mode": "advanced", "tokens": "cover"},
    )
    summary = server.get(f"/api/games/{game_id}")
    assert summary["params"] == {**summary["params"], "players": 1, "alexis": 1, "tokens": "cover"}
    assert len(summary["seats"]) == 1
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    # Alexis's card and score are on the board from the start
    page.wait_for_selector("[data-testid='alexis']:not([hidden])")
    assert page.inner_text("[data-testid='alexis-score']").strip().isdigit()

    rng = random.Random(8)
    shots = {
        name: screenshots / f"small-islands-solo-{name}.png"
        for name in ("objectives", "take", "place", "land", "houses")
    }
    played = play_to_the_end(page, rng, shots, screenshots, "small-islands-solo")
    elapsed = time.monotonic() - started
    print(f"{len(played)} decisions by clicking in {elapsed:.0f} s; not shot: {sorted(shots)}")

    kinds = {text.split()[0] for text in played}
    assert {"place", "build", "take"} <= kinds, kinds
    summary = server.get(f"/api/games/{game_id}")
    assert summary["status"] == "finished"
    state = server.get(f"/api/games/{game_id}/state")
    alexis = state["view"]["alexis"]
    assert page.inner_text("[data-testid='alexis-score']").strip() == str(alexis["score"])
    assert alexis["last_card"] and page.locator("[data-testid='alexis-last']").count() == 1
    # the log tells Alexis's Expedition cards
    assert "Alexis turns over Expedition card" in page.inner_text("[data-testid='log']")
    page.wait_for_selector("[data-testid='islands-end']")
    mine = state["view"]["seats"][0]["score"]
    winners = page.inner_text("#winners")
    if state["view"]["winners"]:
        assert f"beats Alexis, {mine} to {alexis['score']}" in winners
    else:
        assert f"Alexis wins, {alexis['score']} to {mine}" in winners
    assert page.inner_text("[data-testid='end-alexis'] .final-points") == points(alexis["score"])
    final = float(page.get_attribute("[data-testid='final-0'] .final-score", "data-final-score"))
    assert final == summary["result"]["scores"][0]
    page.screenshot(path=str(screenshots / "small-islands-solo-end.png"), full_page=True)


def two_player_game(server: Server, second: dict[str, str]) -> dict[str, Any]:
    """A new two-player game over HTTP: Ana in seat 0, ``second`` in seat 1."""
    seats = [{"kind": "human", "name": "Ana"}, second]
    body = {"game": "small-islands", "params": {"players": 2}, "seats": seats, "bot_delay_ms": 0}
    return dict(server.post("/api/games", body))


def offers_a_landing(state: dict[str, Any]) -> bool:
    return any(a.startswith("land ") for a in state["legal"])


def test_landing_is_offered_and_played(server: Server, new_page: Any) -> None:
    """Seat 0 plays at random over HTTP until the server offers it a ship landing (a new
    game if one ends without: the deal is the server's), then lands by clicking: a ship
    kind, then one of its highlighted squares, which are exactly the rules' landings."""
    for attempt in range(5):
        created = two_player_game(server, {"kind": "bot", "bot": "greedy"})
        game_id, token = created["game_id"], created["seats"][0]["token"]
        state = play_until(server, game_id, token, attempt, offers_a_landing)
        if state["status"] != "finished":
            break
    else:
        raise AssertionError("five games without a ship landing offered to seat 0")
    landings = sorted(a for a in state["legal"] if a.startswith("land "))

    page = new_page(1280, 860)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    assert phase(page) == "turn"
    kinds = page.locator("[data-testid='land-kind']").evaluate_all(
        "(bs) => bs.map((b) => b.dataset.kind)"
    )
    assert sorted(kinds) == sorted({a.split()[1] for a in landings}), (kinds, landings)
    shown = []
    for kind in kinds:
        page.click(f"[data-testid='land-kind'][data-kind='{kind}']")
        shown += page.locator("[data-testid='land-target']").evaluate_all(
            "(ts) => ts.map((t) => t.dataset.action)"
        )
    assert sorted(shown) == landings
    target = page.locator("[data-testid='land-target']").first
    played = click_and_wait(page, target)
    assert played in landings
    log = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")["log"]
    assert played in [entry["text"] for entry in log], log[-3:]


def position(players: int, want: str, **params: Any) -> Any:
    """A seeded random game (seat 0 builds every house it may) played until seat 0 is at
    step ``want`` with what the test needs: two Discovery tokens to choose from, or a tile
    where a bonus token may cover either of two printed resources."""
    from terranova.core.registry import make
    from terranova.core.state import CHANCE

    for seed in range(400):
        rng = random.Random(seed)
        state = make("small-islands", players=players, **params)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            texts = [str(a) for a in state.legal_actions()]
            if seat == 0 and state.view(0)["step"] == want:
                overs = [t.rsplit(" over ", 1)[0] for t in texts if " over " in t]
                if want != "bonus" or len(overs) > len(set(overs)):
                    return state
            houses = [a for a in state.legal_actions() if str(a).startswith("house")]
            state.apply(rng.choice(houses) if houses else rng.choice(state.legal_actions()))
    raise AssertionError(f"no position at step {want}")


def show_position(page: Any, state: Any) -> None:
    """Show the board the message the server would send seat 0 in ``state``."""
    from terranova.core.action_text import action_data
    from terranova.server.live import moves_out

    message = page.evaluate("window.terranova.state()")
    moves = [m.model_dump() for m in moves_out(state, 0)]
    message.update(
        view=state.view(0),
        legal=[m["text"] for m in moves],
        moves=moves,
        log=[
            {"ply": k + 1, "seat": None, "text": str(a), "says": str(a), **action_data(a)}
            for k, a in enumerate(state.history())
        ],
        ply=len(state.history()),
    )
    page.evaluate("(m) => window.terranova.board.update(m, {live: true})", message)


def test_discovery_tokens_and_covering_tokens_are_offered(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """Two positions shown by the board as the server would send them to seat 0: Discovery
    tokens to keep (one button each), and a bonus token that may cover either of two
    printed resources on a tile (its target lists both in the panel)."""
    created = two_player_game(server, {"kind": "human", "name": "Bo"})
    page = new_page(1280, 860)
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)

    state = position(2, "keep token")
    show_position(page, state)
    assert phase(page) == "keep token"
    offered = page.locator("[data-testid='discovery']").evaluate_all(
        "(bs) => bs.map((b) => b.dataset.action)"
    )
    assert sorted(offered) == sorted(str(a) for a in state.legal_actions())
    assert "Keep one of the Discovery tokens" in page.inner_text("[data-testid='prompt']")
    page.locator("[data-testid='discovery']").first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "small-islands-discovery.png"))

    state = position(2, "bonus", tokens="cover")
    show_position(page, state)
    texts = [str(a) for a in state.legal_actions()]
    heads = [t.rsplit(" over ", 1)[0] for t in texts if " over " in t]
    several = next(h for h in heads if heads.count(h) > 1)
    _, kind, square = several.split()
    x, y = square.split(",")
    page.click(f"[data-testid='token-kind'][data-kind='{kind}']")
    target = page.locator(f"[data-testid='token-target'][data-x='{x}'][data-y='{y}']")
    assert target.get_attribute("data-action") is None  # several choices: the panel lists them
    target.click()
    listed = page.locator("[data-testid='token-over']").evaluate_all(
        "(bs) => bs.map((b) => b.dataset.action)"
    )
    assert sorted(listed) == sorted(t for t in texts if t.startswith(several + " over "))
    page.screenshot(path=str(screenshots / "small-islands-token-cover.png"))
