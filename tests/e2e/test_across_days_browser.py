"""Playing across days: the lobby puts the games where it is your move first and counts
them in the tab's title; a seat may ask for a browser notification when its move comes
while the page is hidden."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server, wait_until

GAME = "evolution-explore"


def create(server: Server, first: str) -> tuple[str, list[str]]:
    """A game of Ana and Bo, ``first`` at seat 0 (who moves first); its id and tokens."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    if first == "Bo":
        seats.reverse()
    created = server.post("/api/games", {"game": GAME, "seats": seats, "bot_delay_ms": 0})
    return created["game_id"], [s["token"] for s in created["seats"]]


def test_the_lobby_lists_your_moves_first(server: Server, new_page: Any) -> None:
    page = new_page()
    waiting_id, waiting_tokens = create(server, "Bo")  # Ana at seat 1: Bo moves first
    mine_id, mine_tokens = create(server, "Ana")  # Ana at seat 0: her move
    page.goto(server.base + "/")
    for game_id, seat, token in ((waiting_id, 1, waiting_tokens[1]), (mine_id, 0, mine_tokens[0])):
        page.evaluate(
            "([g, s, t]) => { const list = JSON.parse(localStorage.getItem('terranova.seats')"
            " || '[]'); list.unshift({game_id: g, seat: s, token: t, game: 'evolution-explore',"
            " name: 'Ana'}); localStorage.setItem('terranova.seats', JSON.stringify(list)); }",
            [game_id, seat, token],
        )
    page.reload()
    page.wait_for_selector("#my-games-list[data-my-turns='1']")
    first = page.locator("#my-games-list li").first
    assert first.get_attribute("data-game-id") == mine_id
    assert "your turn" in first.inner_text()
    assert page.title().startswith("(1) ")


FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
window.Notification = class {
  constructor(title) { window.__notes.push(title); }
  static permission = 'granted';
  static requestPermission() { return Promise.resolve('granted'); }
  close() {}
};
Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
"""


def test_a_notification_when_the_move_comes_while_hidden(
    server: Server, browser: Any, page_errors: Any
) -> None:
    context = browser.new_context()
    context.set_default_timeout(15_000)
    context.add_init_script(FAKE_NOTIFICATIONS)
    try:
        page = page_errors.watch(context.new_page())
        game_id, tokens = create(server, "Bo")  # Ana at seat 1: Bo moves first
        page.goto(f"{server.base}/play/{game_id}?seat=1&token={tokens[1]}")
        page.wait_for_selector("body[data-conn='online']")
        page.check("[data-testid='notify']")

        def play_turn(seat: int) -> None:
            """``seat`` plays its first legal action until the other seat is to move."""
            while True:
                query = f"seat={seat}&token={tokens[seat]}"
                state = server.get(f"/api/games/{game_id}/state?{query}")
                if state["to_move"] != seat:
                    return
                move = {
                    "seat": seat,
                    "token": tokens[seat],
                    "action": state["legal"][0],
                    "ply": state["ply"],
                }
                server.post(f"/api/games/{game_id}/actions", move)

        page.evaluate("window.__hidden = true")
        play_turn(0)
        wait_until(page, "window.__notes.length === 1")
        assert page.evaluate("window.__notes[0]").startswith("Your move · ")
        # in view, or with the box unticked, no notification
        wait_until(page, "document.body.dataset.myTurn === '1'")
        page.evaluate("window.__hidden = false")
        play_turn(1)
        wait_until(page, "document.body.dataset.myTurn === '0'")
        play_turn(0)
        wait_until(page, "document.body.dataset.myTurn === '1'")
        assert page.evaluate("window.__notes.length") == 1
        assert page.evaluate("localStorage.getItem('terranova.notify')") == "1"
    finally:
        context.close()


def test_a_time_per_move_from_the_lobby_counts_down(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", GAME)
    page.select_option("#players-select", "2")
    page.select_option("#seat-1-kind", "human")
    page.select_option("#move-seconds", "30")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    game_id = page.get_attribute("#created", "data-game-id")
    assert server.get(f"/api/games/{game_id}")["move_seconds"] == 30
    page.click("[data-testid='seat-0-open']")
    clock = page.locator("[data-testid='move-clock']")
    clock.wait_for(state="visible")
    wait_until(
        page,
        r"/^Your move: 0:(2\d|30) left$/.test("
        "document.querySelector('[data-testid=move-clock]').textContent)",
    )
