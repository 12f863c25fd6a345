"""The browser UI end to end: the lobby, whole games played by clicking on the map, live
updates between two browsers, reconnecting after the server restarts, undo, errors, the end
of a game (scores, chart, replay, record) and narrow screens.

Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.e2e.conftest import (
    WHOLE_GAME_BY_CLICKING,
    Server,
    create_from_lobby,
    no_horizontal_scroll,
    page_scores,
    phase,
    ply,
    wait_ready_to_act,
    wait_until,
)

MAX_DECISIONS = 400


# ---------------------------------------------------------------------- helpers


def play_one_decision(page: Any, rng: random.Random) -> str:
    """Make the decision the page offers by clicking (or by key): a tile on a highlighted
    square, or a follower move. Returns what was done."""
    before = ply(page)
    if phase(page) == "place":
        if len(page.query_selector_all("[data-testid='hand-tile']:not([disabled])")) > 1:
            tiles = page.query_selector_all("[data-testid='hand-tile']:not([disabled])")
            rng.choice(tiles).click()
        if rng.random() < 0.3:
            page.keyboard.press("r")
        spots = page.query_selector_all("[data-testid='spot']")
        if not spots:  # the turned tile fits nowhere: a dotted square turns it to fit
            page.locator(".spot.other").first.click()
            spots = page.query_selector_all("[data-testid='spot']")
        assert spots, "no highlighted square for a tile in hand"
        spot = rng.choice(spots)
        action = spot.get_attribute("data-action")
        spot.click()
        done = f"placed: {action}"
    else:
        assert phase(page) == "follower", phase(page)
        deploys = page.query_selector_all("[data-testid='deploy']")
        removes = page.query_selector_all("[data-testid='remove']")
        roll = rng.random()
        if deploys and roll < 0.5:
            target = rng.choice(deploys)
            done = f"deploy: {target.get_attribute('data-action')}"
            target.click()
        elif removes and roll < 0.75:
            target = rng.choice(removes)
            done = f"remove: {target.get_attribute('data-action')}"
            target.click()
        elif roll < 0.85:
            page.keyboard.press("p")
            done = "pass (key)"
        else:
            page.click("[data-testid='pass']")
            done = "pass"
    wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=before)
    return done


def play_to_the_end(
    page: Any,
    rng: random.Random,
    screenshot_at: dict[int, Path],
    follower_shot: Path | None = None,
) -> int:
    decisions = 0
    wait_ready_to_act(page)
    while page.evaluate("document.body.dataset.status") != "finished":
        assert decisions < MAX_DECISIONS, "the game does not end"
        if (
            follower_shot is not None
            and phase(page) == "follower"
            and page.locator("[data-testid='remove']").count() >= 2
            and page.locator("[data-testid='deploy']").count() >= 1
        ):
            page.screenshot(path=str(follower_shot))
            follower_shot = None
        play_one_decision(page, rng)
        decisions += 1
        if decisions in screenshot_at:
            wait_ready_to_act(page)
            page.screenshot(path=str(screenshot_at[decisions]))
        wait_ready_to_act(page)
    return decisions


# ---------------------------------------------------------------------- tests


@WHOLE_GAME_BY_CLICKING
def test_whole_game_against_a_bot(server: Server, new_page: Any, screenshots: Path) -> None:
    """From the lobby to the end against greedy, every move made by clicking; the page's
    final scores are the server's; then the replay and the record."""
    page = new_page()
    game_id = create_from_lobby(page, server, ["human", "greedy"])
    page.screenshot(path=str(screenshots / "lobby-created.png"))
    link = page.input_value("[data-testid='seat-0'] input.link")
    assert f"/play/{game_id}?seat=0&token=" in link
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    assert page.locator("[data-testid='player-0']").inner_text().startswith("1\nAna")
    page.screenshot(path=str(screenshots / "play-first-turn.png"))
    page.hover("[data-testid='spot']")
    page.wait_for_selector(".ghost-tile")
    page.screenshot(path=str(screenshots / "play-place-preview.png"))

    rng = random.Random(2024)
    decisions = play_to_the_end(
        page,
        rng,
        {
            31: screenshots / "play-midgame.png",
            60: screenshots / "play-late.png",
        },
        follower_shot=screenshots / "play-follower-step.png",
    )
    assert decisions > 40

    summary = server.get(f"/api/games/{game_id}")
    assert summary["status"] == "finished"
    page.wait_for_selector("[data-testid='end-card']:not([hidden])")
    assert page_scores(page, 2) == summary["result"]["scores"]
    for seat in range(2):
        shown = page.inner_text(f"[data-testid='score-{seat}']")
        assert int(shown) == summary["result"]["scores"][seat]
    winners = page.inner_text("#winners")
    names = {0: "Ana", 1: "greedy"}
    for seat in summary["result"]["winners"]:
        assert names[seat] in winners
    assert page.locator("#end-chart svg .series").count() == 2
    page.screenshot(path=str(screenshots / "play-game-over.png"))

    # the record
    href = page.get_attribute("#record-link", "href")
    assert href == f"/api/games/{game_id}/record"
    record = page.request.get(server.base + href)
    assert record.ok
    assert record.json()["result"]["scores"] == summary["result"]["scores"]

    # the replay, move by move
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    wait_until(page, "document.querySelector('.map-svg').dataset.tiles === '1'")
    assert "Replay" in page.inner_text("[data-testid='turn-banner']")
    for _ in range(3):
        page.click("#replay-next")
    wait_until(page, "document.querySelector('.map-svg').dataset.tiles === '3'")
    page.keyboard.press("ArrowLeft")
    wait_until(page, "document.querySelector('.map-svg').dataset.tiles === '2'")
    slider_max = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(slider_max // 2))
    wait_until(page, "(n) => Number(document.querySelector('.map-svg').dataset.tiles) > n", arg=10)
    page.screenshot(path=str(screenshots / "play-replay.png"))
    page.click("#replay-exit")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert page_scores(page, 2) == summary["result"]["scores"]

    # the lobby lists the game under "my games"
    page.goto(server.base + "/")
    page.wait_for_selector(f".my-game[data-game-id='{game_id}'].finished")
    page.screenshot(path=str(screenshots / "lobby-my-games.png"), full_page=True)


def test_two_browsers_see_each_other_live(server: Server, new_page: Any, screenshots: Path) -> None:
    """Two human seats in two browser contexts, and a spectator: each move shows up in the
    other pages without reloading."""
    alice = new_page()
    game_id = create_from_lobby(alice, server, ["human", "human"], name="Alice")
    bob_link = alice.input_value("[data-testid='seat-1'] input.link")
    spectator_link = alice.input_value("[data-testid='spectator'] input.link")
    alice.click("[data-testid='seat-0-open']")
    bob = new_page()
    bob.goto(bob_link)
    watcher = new_page(1000, 700)
    watcher.goto(spectator_link)
    for page in (alice, bob, watcher):
        page.wait_for_selector("body[data-ready='1']")
        wait_until(page, "document.body.dataset.ply !== undefined")
    wait_ready_to_act(alice)
    assert bob.evaluate("document.body.dataset.myTurn") == "0"
    assert "Alice" in bob.inner_text("[data-testid='turn-banner']")
    assert "Watching" in watcher.inner_text("[data-testid='turn-banner']")
    assert alice.locator("#undo-button").is_hidden()  # nothing to undo yet

    rng = random.Random(5)
    for turn in range(6):
        mover, other = (alice, bob) if turn % 2 == 0 else (bob, alice)
        wait_ready_to_act(mover)
        tiles_before = int(other.get_attribute(".map-svg", "data-tiles"))
        play_one_decision(mover, rng)  # the tile
        wait_until(
            other,
            "(n) => Number(document.querySelector('.map-svg').dataset.tiles) === n + 1",
            arg=tiles_before,
        )
        wait_until(
            watcher,
            "(n) => Number(document.querySelector('.map-svg').dataset.tiles) === n + 1",
            arg=tiles_before,
        )
        play_one_decision(mover, rng)  # the follower step
        wait_ready_to_act(other)
        assert other.evaluate("document.body.dataset.myTurn") == "1"
        assert mover.evaluate("document.body.dataset.myTurn") == "0"
        for page in (alice, bob, watcher):
            wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=ply(other))
    # every page shows the same scores and log
    scores = [[alice.inner_text(f"[data-testid='score-{s}']") for s in range(2)]]
    scores.append([bob.inner_text(f"[data-testid='score-{s}']") for s in range(2)])
    scores.append([watcher.inner_text(f"[data-testid='score-{s}']") for s in range(2)])
    assert scores[0] == scores[1] == scores[2]
    assert (
        alice.locator("[data-testid='log'] li").count()
        == bob.locator("[data-testid='log'] li").count()
    )
    alice.screenshot(path=str(screenshots / "two-players-alice.png"))
    bob.screenshot(path=str(screenshots / "two-players-bob.png"))
    watcher.screenshot(path=str(screenshots / "two-players-spectator.png"))

    # a move out of turn is refused with a message (a toast), the game unchanged
    at = ply(alice)
    mover = alice if alice.evaluate("document.body.dataset.myTurn") == "0" else bob
    mover.evaluate("window.terranova.send('pass')")
    mover.wait_for_selector(".toast-error")
    assert ply(mover) == at
    summary = server.get(f"/api/games/{game_id}")
    assert summary["ply"] == at


def test_reconnects_after_the_server_restarts(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page()
    create_from_lobby(page, server, ["human", "greedy"])
    page.click("[data-testid='seat-0-open']")
    wait_ready_to_act(page)
    rng = random.Random(1)
    play_one_decision(page, rng)
    play_one_decision(page, rng)
    wait_ready_to_act(page)
    at = ply(page)

    server.stop()
    page.wait_for_selector("#conn[data-state='offline']")
    page.screenshot(path=str(screenshots / "play-offline.png"))
    # The page keeps showing the old state while offline; forget its ply so that the wait
    # below ends only when the state sent on reconnection has been drawn (clicking the old
    # board while that state redraws it hit detached elements in CI).
    page.evaluate("delete document.body.dataset.ply")
    server.start()
    page.wait_for_selector("#conn[data-state='online']", timeout=30_000)
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=at)
    # and play goes on
    wait_ready_to_act(page)
    play_one_decision(page, rng)
    play_one_decision(page, rng)
    wait_ready_to_act(page, after_ply=at)
    assert ply(page) > at


def test_undo_against_a_bot(server: Server, new_page: Any) -> None:
    page = new_page()
    create_from_lobby(page, server, ["human", "random"])
    page.click("[data-testid='seat-0-open']")
    wait_ready_to_act(page)
    start = ply(page)
    assert page.locator("#undo-button").is_hidden()
    play_one_decision(page, random.Random(3))  # place a tile
    assert phase(page) == "follower"
    assert page.get_attribute(".map-svg", "data-tiles") == "2"
    page.click("#undo-button")
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=start)
    assert phase(page) == "place"
    assert page.get_attribute(".map-svg", "data-tiles") == "1"
    assert page.locator("#practice-tag").is_hidden()
    # a whole turn: the next tile is drawn and the bot plays, so the turn stands
    play_one_decision(page, random.Random(3))
    play_one_decision(page, random.Random(4))
    wait_ready_to_act(page, after_ply=start + 1)
    assert ply(page) > start + 3
    assert page.locator("#undo-button").is_hidden()


def test_undo_in_a_practice_game(server: Server, new_page: Any, screenshots: Path) -> None:
    """Practice (unlimited undo), ticked in the lobby: the top bar says so, and undo goes
    back past the bot's turn and the draws."""
    page = new_page()
    game_id = create_from_lobby(page, server, ["human", "random"], practice=True)
    assert server.get(f"/api/games/{game_id}")["practice"] is True
    page.locator("#practice").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "lobby-practice.png"))
    page.click("[data-testid='seat-0-open']")
    wait_ready_to_act(page)
    assert page.locator("#practice-tag").is_visible()
    start = ply(page)
    play_one_decision(page, random.Random(3))
    play_one_decision(page, random.Random(4))
    wait_ready_to_act(page, after_ply=start + 1)
    assert ply(page) > start + 3
    page.wait_for_selector("#undo-button:not([hidden])")
    page.screenshot(path=str(screenshots / "play-practice.png"))
    page.click("#undo-button")
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=start + 1)
    assert phase(page) == "follower"


@pytest.mark.smoke  # in make test: a game made in the lobby, a move by clicks and keys
def test_hand_of_two_tiles_and_keyboard(server: Server, new_page: Any, screenshots: Path) -> None:
    """With the 2-tile hand: choose a tile, turn it by keys and buttons, place it by
    keyboard, pass by key."""
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#variant-hand", "2")
    page.select_option("#bot-delay", "0")
    page.click("#create-button")
    page.click("[data-testid='seat-0-open']")
    wait_ready_to_act(page)
    tiles = page.locator("[data-testid='hand-tile']")
    assert tiles.count() == 2
    second = tiles.nth(1)
    if second.is_enabled():
        second.click()
        assert second.get_attribute("aria-pressed") == "true"
    page.keyboard.press("r")
    page.keyboard.press("Shift+R")
    turn = page.locator("button[aria-label='Turn the tile clockwise']")
    if turn.is_enabled():  # disabled only for a tile that looks the same every way round
        turn.click()
    page.screenshot(path=str(screenshots / "play-hand-of-two.png"))
    spots = page.locator("[data-testid='spot']")
    if spots.count() == 0:
        page.locator(".spot.other").first.click()
    before = ply(page)
    page.locator("[data-testid='spot']").first.focus()
    page.keyboard.press("Enter")
    wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=before)
    assert phase(page) == "follower"
    before = ply(page)
    page.keyboard.press("p")
    wait_ready_to_act(page, after_ply=before)


def test_narrow_screen(server: Server, new_page: Any, screenshots: Path) -> None:
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "params": {"players": 3},
            "seats": [
                {"kind": "human", "name": "Ana"},
                {"kind": "bot", "bot": "greedy"},
                {"kind": "bot", "bot": "random"},
            ],
            "bot_delay_ms": 0,
        },
    )
    link = created["seats"][0]["link"]
    query = parse_qs(urlparse(link).query)
    assert query["seat"] == ["0"]
    page = new_page(390, 844)
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(screenshots / "narrow-lobby.png"), full_page=True)
    page.goto(server.base + link)
    wait_ready_to_act(page)
    rng = random.Random(9)
    for _ in range(6):
        play_one_decision(page, rng)
        wait_ready_to_act(page)
    assert no_horizontal_scroll(page)
    page.screenshot(path=str(screenshots / "narrow-play.png"))
    page.screenshot(path=str(screenshots / "narrow-play-full.png"), full_page=True)


def test_lobby_free_text_bot_spec(server: Server, new_page: Any) -> None:
    """A bot spec typed by hand: a wrong one is refused with the server's message (a toast),
    a right one creates the game."""
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#players-select", "3")
    assert page.locator("#seat-list li").count() == 3
    page.select_option("#seat-2-kind", "bot")
    page.select_option("#seat-2-bot", "__other__")
    page.fill("#seat-2-spec", "nonsense:x=1")
    page.click("#create-button")
    toast = page.wait_for_selector(".toast-error")
    assert "nonsense" in toast.inner_text()
    assert page.locator("#created").is_hidden()
    page.fill("#seat-2-spec", "greedy:epsilon=0.1")
    page.fill("#seat-2-name", "Eps")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    game_id = page.get_attribute("#created", "data-game-id")
    summary = server.get(f"/api/games/{game_id}")
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot"]
    assert summary["seats"][2]["bot"] == "greedy:epsilon=0.1"
    assert summary["seats"][2]["name"] == "Eps"
    assert page.locator("[data-testid='seat-0']").count() == 1
    assert page.locator("[data-testid='seat-1']").count() == 0  # bots get no link


def test_lobby_offers_only_the_bots_of_the_game(server: Server, new_page: Any) -> None:
    """Each seat's bot list is the selected game's: ``memory`` for Bluff only; a seat's
    bot that does not play a newly selected game gives way to greedy."""
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")

    def offered() -> list[str]:
        return list(
            page.eval_on_selector_all("#seat-1-bot option", "(os) => os.map((o) => o.value)")
        )

    page.select_option("#game-select", "discovery")
    assert "memory" not in offered() and {"greedy", "random", "__other__"} <= set(offered())
    page.select_option("#game-select", "evolution-bluff")
    assert "memory" in offered()
    page.select_option("#seat-1-bot", "memory")
    page.select_option("#game-select", "discovery")
    assert "memory" not in offered()
    assert page.input_value("#seat-1-bot") == "greedy"
