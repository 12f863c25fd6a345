"""Following the others on the play page, whatever the game: the log grouped by turn (a
turn is a maximal run of one seat's decisions, as ``scores_by_turn`` counts them, with the
chance outcomes after them, or before them where the board says they open the turn),
headed by the seat's name, newest last as the log reads.

The games are the server's own deals, played at random over HTTP; the expected groups are
worked out here from the API state's log. Screenshots go to out/screenshots/."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_at_random, wait_until

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy", "name": "Greta"}


def open_seat(page: Any, server: Server, game_id: str, token: str, at_ply: int) -> None:
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ready='1']")
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=at_ply)


def expected_turns(state: dict[str, Any]) -> list[tuple[int | None, list[int]]]:
    """(seat, plies) of each turn of a Discovery log: a decision by another seat than the
    turn's opens a new one; a draw goes with the turn that follows (the tile is its player's
    to lay), the last one with the seat to move."""
    turns: list[tuple[int | None, list[int]]] = []
    held: list[int] = []
    for entry in state["log"]:
        seat = entry["seat"]
        if seat is None:
            held.append(entry["ply"])
            continue
        if not turns or seat != turns[-1][0] or held:
            turns.append((seat, []))
        turns[-1][1].extend([*held, entry["ply"]])
        held = []
    if held:
        turns.append((state["to_move"], held))
    return turns


def discovery_game(server: Server, seed: int, decisions: int) -> tuple[str, str, dict[str, Any]]:
    """A Discovery game of Ana against a greedy bot, played at random until she made
    ``decisions`` and is to move: its id, her token and state."""
    game_id, token = play_at_random(
        server,
        "discovery",
        [ANA, GREEDY],
        seed=seed,
        stop=lambda s: sum(e["seat"] == 0 for e in s["log"]) >= decisions and bool(s["legal"]),
    )
    return game_id, token, server.get(f"/api/games/{game_id}/state?seat=0&token={token}")


def shown_turns(page: Any) -> list[dict[str, Any]]:
    return list(
        page.locator("#log > li.log-turn").evaluate_all(
            """(els) => els.map((el) => ({
                seat: el.dataset.seat,
                turn: el.dataset.turn,
                head: el.querySelector('.log-turn-head').textContent,
                plies: [...el.querySelectorAll('.log-entry')].map((e) => Number(e.dataset.ply)),
            }))"""
        )
    )


def test_the_log_is_grouped_by_turn(server: Server, new_page: Any, screenshots: Path) -> None:
    """Discovery against a bot, a few turns in: one group per turn, in the order played,
    each headed by its seat's name and number, holding the tile drawn for it and that turn's
    decisions (Discovery's board says a draw opens a turn); every entry of the log is in
    exactly one group, the newest turn last."""
    game_id, token, state = discovery_game(server, seed=4, decisions=6)
    page = new_page(1280, 900)
    open_seat(page, server, game_id, token, state["ply"])
    shown = shown_turns(page)
    expected = expected_turns(state)
    assert [t["plies"] for t in shown] == [plies for _, plies in expected]
    names = {0: "Ana", 1: "Greta"}
    number = 0
    for group, (seat, _plies) in zip(shown, expected, strict=True):
        number += 1
        assert group["seat"] == str(seat) and group["turn"] == str(number)
        assert names[seat] in group["head"] and f"turn {number}" in group["head"]
    assert number >= 5
    page.locator("#log").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "follow-log-turns.png"))
    page.locator(".log-card").screenshot(path=str(screenshots / "follow-log-card.png"))


def test_alexis_is_in_the_player_list(server: Server, new_page: Any, screenshots: Path) -> None:
    """Small Islands alone against Alexis: he holds no seat (his moves are the game's), but
    the player list names him after Ana, as the automaton, with his score as the view
    gives it, and the log heads his Expedition cards as his turns."""
    game_id, token = play_at_random(
        server,
        "small-islands",
        [ANA],
        seed=3,
        stop=lambda s: (
            sum(e["text"].startswith("expedition ") for e in s["log"]) >= 2 and bool(s["legal"])
        ),
    )
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    assert [s["name"] for s in state["seats"]] == ["Ana"]
    page = new_page(1280, 860)
    open_seat(page, server, game_id, token, state["ply"])
    names = page.locator("#players .player-name > span:first-child").all_inner_texts()
    assert names == ["Ana", "Alexis"]
    alexis = page.locator("[data-testid='player-alexis']")
    assert "automaton" in alexis.inner_text()
    score = state["view"]["alexis"]["score"]
    assert page.inner_text("[data-testid='score-alexis']") == str(score)
    page.locator("#players").screenshot(path=str(screenshots / "follow-alexis-players.png"))
    # the log gives his Expedition cards turns of his own, between Ana's
    expeditions = [e["ply"] for e in state["log"] if e["text"].startswith("expedition ")]
    assert expeditions
    for ply in expeditions:
        group = page.locator(f"#log > li.log-turn:has(.log-entry[data-ply='{ply}'])")
        assert group.get_attribute("data-player") == "alexis"
        assert "Alexis" in group.locator(".log-turn-head").inner_text()
    heads = page.locator("#log .log-turn-name").all_inner_texts()
    assert {"Ana", "Alexis"} <= set(heads)
    assert all(a != b for a, b in itertools.pairwise(heads)), heads
    page.locator(".log-card").screenshot(path=str(screenshots / "follow-alexis-log.png"))


def test_replay_the_last_turn_steps_through_the_others_moves(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """Discovery against a bot, Ana to move: "Replay the last turn" steps through every
    entry of the log after her last decision that is not hers (the bot's moves and the
    draws), in order, each marked in the log and, for a tile laid, on the map; then it
    ends, marks cleared, and the button is there again."""
    game_id, token, state = discovery_game(server, seed=5, decisions=4)
    mine = max(e["ply"] for e in state["log"] if e["seat"] == 0)
    expected = [e["ply"] for e in state["log"] if e["ply"] > mine and e["seat"] != 0]
    assert any(state["log"][p - 1]["seat"] == 1 for p in expected)
    page = new_page(1280, 900)
    open_seat(page, server, game_id, token, state["ply"])
    button = page.locator("[data-testid='turn-replay']")
    assert button.is_visible()
    button.click()
    placed = next(p for p in expected if state["log"][p - 1]["text"].startswith("place "))
    wait_until(page, "(p) => document.body.dataset.turnReplay === String(p)", arg=placed)
    assert page.locator(f"#log .log-entry.replay-step[data-ply='{placed}']").count() == 1
    assert page.locator(".log-pick").count() >= 1
    assert "Greta" in page.inner_text("[data-testid='turn-replay-note']")
    page.screenshot(path=str(screenshots / "follow-turn-replay.png"))
    wait_until(
        page,
        "() => document.body.dataset.turnReplayed && !('turnReplay' in document.body.dataset)",
    )
    shown = [int(p) for p in page.evaluate("document.body.dataset.turnReplayed").split()]
    assert shown == expected
    assert page.locator(".log-entry.replay-step").count() == 0
    assert page.locator(".log-pick").count() == 0
    assert page.locator("[data-testid='turn-replay-note']").is_hidden()
    assert button.is_visible() and "Replay the last turn" in button.inner_text()


def test_another_persons_newest_move_is_animated_once_at_the_tables_pace(
    server: Server, new_page: Any
) -> None:
    """Discovery between two people: Bo's tile laid while Ana's page is open arrives with
    the animation (``fresh`` on its mark, once), lasting the table's bot speed; a redraw of
    the same position does not play it again; with reduced motion there is none."""
    created = server.post(
        "/api/games",
        {
            "game": "discovery",
            "seats": [ANA, {"kind": "human", "name": "Bo"}],
            "bot_delay_ms": 1200,
        },
    )
    game_id = created["game_id"]
    ana, bo = (s["token"] for s in created["seats"])

    def move(seat: int, token: str, pick: int = 0) -> dict[str, Any]:
        state = server.get(f"/api/games/{game_id}/state?seat={seat}&token={token}")
        action = {"seat": seat, "token": token, "action": state["legal"][pick], "ply": state["ply"]}
        return dict(server.post(f"/api/games/{game_id}/actions", action))

    move(0, ana)
    mine = move(0, ana, -1)["ply"]  # Ana's follower step ends her turn
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={ana}")
    pages = [new_page(1280, 900), new_page(1280, 900)]
    pages[1].emulate_media(reduced_motion="reduce")
    for page in pages:
        open_seat(page, server, game_id, ana, state["ply"])
        page.wait_for_selector(".map-svg, svg")
    placed = move(1, bo)["ply"]
    for page in pages:
        wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=placed)
    page = pages[0]
    fresh = page.locator(".since-mark.fresh")
    assert fresh.count() == 1 and fresh.get_attribute("data-ply") == str(placed)
    assert fresh.evaluate("(el) => getComputedStyle(el).animationDuration") == "1.2s"
    calm = pages[1].locator(".since-mark.fresh")
    assert calm.count() == 1
    assert calm.evaluate("(el) => getComputedStyle(el).animationName") == "none"
    # the same position drawn again: marked still, not animated again
    page.evaluate(
        "(since) => window.terranova.board.update(window.terranova.shown(), {live: true, since})",
        mine,
    )
    assert page.locator(f".since-mark[data-ply='{placed}']").count() == 1
    assert page.locator(".since-mark.fresh").count() == 0


def test_undo_between_people_on_the_page(server: Server, new_page: Any) -> None:
    """Discovery between two people: once Ana laid her tile the Undo button shows on her
    page (the server's can_undo), a click takes the tile back and Bo's page goes back too;
    after her follower step, her turn passed, it is gone."""
    created = server.post(
        "/api/games",
        {"game": "discovery", "seats": [ANA, {"kind": "human", "name": "Bo"}], "bot_delay_ms": 0},
    )
    game_id = created["game_id"]
    ana_token, bo_token = (s["token"] for s in created["seats"])
    start = server.get(f"/api/games/{game_id}/state?seat=0&token={ana_token}")
    ana, bo = new_page(1280, 900), new_page(1280, 900)
    open_seat(ana, server, game_id, ana_token, start["ply"])
    bo.goto(f"{server.base}/play/{game_id}?seat=1&token={bo_token}")
    wait_until(bo, "(p) => document.body.dataset.ply === String(p)", arg=start["ply"])
    undo = ana.locator("#undo-button")
    assert undo.is_hidden()
    ana.evaluate("(a) => window.terranova.send(a)", start["legal"][0])
    for page in (ana, bo):
        wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=start["ply"] + 1)
    assert undo.is_visible()
    assert bo.locator("#undo-button").is_hidden()
    undo.click()
    for page in (ana, bo):
        wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=start["ply"])
    assert undo.is_hidden()
    ana.evaluate("(a) => window.terranova.send(a)", start["legal"][0])
    wait_until(ana, "(p) => document.body.dataset.ply === String(p)", arg=start["ply"] + 1)
    placed = server.get(f"/api/games/{game_id}/state?seat=0&token={ana_token}")
    ana.evaluate("(a) => window.terranova.send(a)", placed["legal"][-1])
    wait_until(ana, "() => document.body.dataset.toMove === '1'")
    assert undo.is_hidden()


def test_the_automatons_flips_are_its_turns_in_the_log(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """Discovery (evolution) with the automaton in seat 3: its cards turned over are chance
    outcomes in the log, but the log heads them as the automaton's turns."""
    game_id, token = play_at_random(
        server,
        "evolution-explore",
        [ANA, GREEDY, {"kind": "automaton"}],
        seed=2,
        stop=lambda s: any(e["text"].startswith("flip ") for e in s["log"]) and bool(s["legal"]),
        params={"automata": 1},
    )
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    page = new_page(1280, 900)
    open_seat(page, server, game_id, token, state["ply"])
    flips = [e["ply"] for e in state["log"] if e["text"].startswith("flip ")]
    assert flips
    for ply in flips:
        group = page.locator(f"#log > li.log-turn:has(.log-entry[data-ply='{ply}'])")
        assert group.get_attribute("data-seat") == "2"
    page.locator(".log-card").screenshot(path=str(screenshots / "follow-automaton-log.png"))
