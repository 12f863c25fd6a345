"""A rated game between two people, each signed in in their own browser: Ana ticks Rated in
the lobby and leaves the other seat open, Bo joins it signed in, they play it to its end,
and each profile shows a rating moved by that game, the winner's above the loser's; a
guest cannot tick Rated."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from tests.e2e.conftest import Server, create_from_lobby, wait_until

SIGN_UP = """async ([email, name]) => {
  const r = await fetch('/api/account', {method: 'POST', headers: {'Content-Type':
    'application/json'}, body: JSON.stringify({email, name, password: 'a long password'})});
  return r.status;
}"""
JOIN = """async (id) => {
  const s = await (await fetch('/api/account')).json();
  const r = await fetch(`/api/games/${id}/join`, {method: 'POST', headers: {'Content-Type':
    'application/json', 'X-CSRF-Token': s.csrf}, body: JSON.stringify({name: 'Bo'})});
  return [r.status, await r.json()];
}"""


def signed_up(page: Any, server: Server, email: str, name: str) -> str:
    """Sign the page's browser up (e-mail is off: signed in at once); its account's id."""
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate(SIGN_UP, [email, name]) == 200
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    account = page.evaluate("async () => (await (await fetch('/api/account')).json()).account")
    return str(account["account_id"])


def play_out(server: Server, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Both people play at random over HTTP until the game is over; its last state."""
    rng = random.Random(3)
    deadline = time.monotonic() + 180
    while True:
        state = server.get(f"/api/games/{game_id}/state")
        if state["status"] == "finished":
            return dict(state)
        assert time.monotonic() < deadline, state
        seat = state["to_move"]
        if seat not in tokens:
            time.sleep(0.05)
            continue
        mine = server.get(f"/api/games/{game_id}/state?seat={seat}&token={tokens[seat]}")
        if mine["legal"]:
            move = {"seat": seat, "token": tokens[seat], "action": rng.choice(mine["legal"])}
            server.post(f"/api/games/{game_id}/actions", {**move, "ply": mine["ply"]})


def test_a_rated_game_between_two_people_moves_their_ratings(
    server: Server, new_page: Any, screenshots: Any
) -> None:
    guest = new_page()
    guest.goto(server.base + "/")
    guest.wait_for_selector("body[data-ready='1']")
    wait_until(guest, "document.querySelector('#rated').disabled")
    assert "Sign in" in guest.inner_text("#rated-hint")

    ana, bo = new_page(), new_page()
    ana_id = signed_up(ana, server, "ana@example.org", "Ana")
    bo_id = signed_up(bo, server, "bo@example.org", "Bo")
    wait_until(ana, "!document.querySelector('#rated').disabled")
    game_id = create_from_lobby(ana, server, ["human", "open"], rated=True)
    assert server.get(f"/api/games/{game_id}")["rated"] is True
    kept = json.loads(ana.evaluate("localStorage.getItem('terranova.seats')"))
    ana_token = next(s["token"] for s in kept if s["game_id"] == game_id and s["seat"] == 0)
    status, joined = bo.evaluate(JOIN, game_id)
    assert status == 200, joined
    final = play_out(server, game_id, {0: ana_token, 1: joined["token"]})

    ratings: dict[str, int] = {}
    for page, account, name in ((ana, ana_id, "Ana"), (bo, bo_id, "Bo")):
        page.goto(f"{server.base}/players/{account}")
        page.wait_for_selector("[data-testid='ratings'] .rating-value")
        assert "after 1 rated game" in page.inner_text("[data-testid='ratings']")
        games = page.locator("[data-testid='ratings'] svg.rating-chart circle:not(.start)")
        assert games.count() == 1
        ratings[name] = int(page.inner_text("[data-testid='ratings'] .rating-value"))
        page.screenshot(path=str(screenshots / f"ratings-profile-{name}.png"), full_page=True)
    scores = final["result"]["scores"]
    if scores[0] != scores[1]:
        winner, loser = ("Ana", "Bo") if scores[0] > scores[1] else ("Bo", "Ana")
        assert ratings[winner] > ratings[loser], (ratings, scores)
    ana.click("[data-testid='account-name']")
    ana.click("[data-testid='profile-link']")
    ana.wait_for_selector("[data-testid='recent'] a")
    assert game_id in ana.get_attribute("[data-testid='recent'] li a", "href")
