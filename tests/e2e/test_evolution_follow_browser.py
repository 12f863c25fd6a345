"""Discovery (evolution) in the browser: following the others' moves on the table. The
cards another seat left since Ana's last decision are outlined (``since-mark``), and a
click on a line of the move log shows that move's card (``log-pick``); in Bluff nothing
marks a card covered on the pile. Expected marks are worked out here from the API's log,
independently of the board's JavaScript.

Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_until, wait_until
from tests.e2e.moves import move_data

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")


def placed_card(text: str) -> str | None:
    """The card a placing action puts on the table (the tree, Bluff's pile), or None."""
    words = text.split()
    if words[0] == "place" and len(words) >= 3:
        card = words[2] if words[1] == "called" else words[-1]
        return None if card == "?" else card
    if words[:2] == ["joker", "as"] and len(words) == 3:
        return None if words[2] == "?" else words[2]
    return None


def discarded_card(text: str) -> str | None:
    """The card a discarding action (end of turn, special action) lays face up, or None."""
    words = text.split()
    if words[0] == "discard" and len(words) == 2:
        return words[1]
    if words[:2] == ["special", "discard"] and len(words) == 3:
        return words[2]
    return None


def visible_moves(state: dict[str, Any]) -> dict[int, tuple[str, str]]:
    """Ply -> (where, card) for the moves whose card still lies where they put it: the
    last move putting each card on the table or in a discard, if it is still there. The
    automaton's cards turned over (``flip``, a chance outcome) are its own (one automaton)."""
    view = state["view"]
    automata = view["automata"]
    if view["mode"] == "bluff":
        top = (view.get("pile") or {}).get("top")
        table = {top["card"]} if top else set()
    else:
        table = {entry["card"] for entry in view["tree"]}
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for entry in state["log"]:
        words = entry["text"].split()
        if entry["seat"] is None and words[0] == "flip" and automata and words[1] != "joker":
            flipped = {**entry, "seat": automata[0]}
            latest[("table" if words[1] in table else "discard", words[1])] = flipped
        if entry["seat"] is None:
            continue  # chance
        card = placed_card(entry["text"])
        if card is not None:
            latest[("table", card)] = entry
        card = discarded_card(entry["text"])
        if card is not None:
            latest[("discard", card)] = entry
    out: dict[int, tuple[str, str]] = {}
    for (where, card), entry in latest.items():
        there = card in table if where == "table" else card in view["discards"][entry["seat"]]
        if there:
            out[entry["ply"]] = (where, card)
    return out


def expected_marks(state: dict[str, Any], seat: int) -> list[int]:
    """The plies marked for ``seat``: the others' moves after its last decision whose
    card still shows (or the newest one, before any decision of its own)."""
    mine = [entry["ply"] for entry in state["log"] if entry["seat"] == seat]
    automata = state["view"]["automata"]
    seats = {
        e["ply"]: automata[0] if e["seat"] is None and automata else e["seat"] for e in state["log"]
    }
    others = sorted(ply for ply in visible_moves(state) if seats[ply] != seat)
    if not mine:
        return others[-1:]
    return [ply for ply in others if ply > mine[-1]]


def marks(page: Any, selector: str) -> list[dict[str, str]]:
    """The marks found: their ply, and the card (or era) of the element they mark."""
    return list(
        page.eval_on_selector_all(
            selector,
            """(els) => els.map((el) => ({
                ply: el.dataset.ply,
                card: el.parentElement.dataset.card || '',
                testid: el.parentElement.dataset.testid || '',
                era: el.parentElement.dataset.era || '',
                colour: el.parentElement.style.getPropertyValue('--mark'),
            }))""",
        )
    )


def start(
    server: Server,
    game: str,
    enough: int,
    seats: list[dict[str, Any]] | None = None,
    want: Callable[[list[int], dict[str, Any]], bool] = lambda marked, state: bool(marked),
    **extra: Any,
) -> tuple[str, str, dict[str, Any]]:
    """Ana (seat 0, at random over HTTP) against greedy, until it is her turn again after
    ``enough`` plies with something of the others' since her last decision (``want``); a
    game (its deal is the server's, at random) that ends first is left for a new one."""

    def ready(state: dict[str, Any]) -> bool:
        return (
            state["ply"] >= enough
            and bool(state["legal"])
            and want(expected_marks(state, 0), state)
        )

    for _ in range(5):
        created = server.post(
            "/api/games",
            {"game": game, "seats": seats or [ANA, GREEDY], "bot_delay_ms": 0, **extra},
        )
        game_id, token = created["game_id"], created["seats"][0]["token"]
        state = play_until(server, game_id, token, random.randrange(1 << 30), stop=ready)
        if state["status"] == "playing":
            return game_id, token, state
    raise AssertionError(f"five games of {game} ended before the position wanted")


def open_page(new_page: Any, server: Server, game_id: str, token: str, ply: int) -> Any:
    page = new_page(1280, 900)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector(f"body[data-ply='{ply}']")
    page.wait_for_selector("#log .log-entry")
    return page


def test_explore_marks_greedys_cards_and_shows_a_clicked_move(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    def placed(marked: list[int], state: dict[str, Any]) -> bool:
        return bool(marked) and any(w == "table" for w, _ in visible_moves(state).values())

    game_id, token, state = start(server, "evolution-explore", 30, want=placed)
    expected = expected_marks(state, 0)
    assert state["status"] == "playing" and expected, "greedy placed a card since Ana's turn"
    page = open_page(new_page, server, game_id, token, state["ply"])

    found = marks(page, "[data-testid='since-mark']")
    assert sorted(int(m["ply"]) for m in found) == expected
    moves = visible_moves(state)
    for mark in found:
        where, card = moves[int(mark["ply"])]
        assert mark["card"] == card
        assert mark["testid"] == ("tree-card" if where == "table" else "discard-card")
    assert page.locator("[data-testid='log-pick']").count() == 0

    # the log names cards, never ids or coordinates
    texts = page.eval_on_selector_all("#log .log-text", "(els) => els.map((el) => el.textContent)")
    assert not any(COORDINATES.search(text) for text in texts)
    names = {c["id"]: c["name_fr"] for c in server.get(f"/api/games/{game_id}/components")["cards"]}
    line = page.inner_text(f"#log .log-entry[data-ply='{expected[-1]}'] .log-text")
    card = moves[expected[-1]][1]
    assert names[card] in line and card not in line.split()

    # a click on a placing move of Ana's marks its card; again: gone
    seats = {entry["ply"]: entry["seat"] for entry in state["log"]}
    own = [ply for ply, (where, _) in moves.items() if where == "table" and seats[ply] == 0]
    pick = own[0] if own else next(ply for ply, (where, _) in moves.items() if where == "table")
    page.click(f"#log .log-entry[data-ply='{pick}']")
    page.wait_for_selector("[data-testid='log-pick']")
    picked = marks(page, "[data-testid='log-pick']")
    assert [{k: m[k] for k in ("ply", "card", "testid")} for m in picked] == [
        {"ply": str(pick), "card": moves[pick][1], "testid": "tree-card"}
    ]
    assert page.locator(f"#log .log-entry.picked[data-ply='{pick}']").count() == 1
    page.wait_for_timeout(900)  # past the bot's fade-in
    page.screenshot(path=str(screenshots / "follow-evolution.png"))
    page.click(f"#log .log-entry[data-ply='{pick}']")
    assert page.locator("[data-testid='log-pick']").count() == 0

    # picked again, it survives the next state (Ana plays over HTTP)
    page.click(f"#log .log-entry[data-ply='{pick}']")
    page.wait_for_selector("[data-testid='log-pick']")
    # a placement keeps Ana's turn going: no bot moves while the page catches up
    places = [text for text in state["legal"] if text.startswith("place ")]
    action = places[0] if places else state["legal"][0]
    move = {"seat": 0, "token": token, "action": action, "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=state["ply"])
    assert [m["ply"] for m in marks(page, "[data-testid='log-pick']")] == [str(pick)]
    if places:  # Ana has just decided: nothing of greedy's is new any more
        wait_until(page, "() => !document.querySelector(\"[data-testid='since-mark']\")")
        after = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
        assert expected_marks(after, 0) == []


def test_the_automatons_cards_are_marked_in_its_colour(server: Server, new_page: Any) -> None:
    def flipped(marked: list[int], state: dict[str, Any]) -> bool:
        texts = {e["ply"]: e["text"] for e in state["log"]}
        return any(texts[ply].startswith("flip ") for ply in marked)

    seats = [ANA, GREEDY, {"kind": "automaton"}]
    game_id, token, state = start(
        server, "evolution-explore", 20, seats, flipped, params={"automata": 1}
    )
    assert state["status"] == "playing", "the automaton turned a card over since Ana's turn"
    page = open_page(new_page, server, game_id, token, state["ply"])
    found = marks(page, "[data-testid='since-mark']")
    expected = expected_marks(state, 0)
    assert sorted(int(m["ply"]) for m in found) == expected
    flips = {e["ply"] for e in state["log"] if e["text"].startswith("flip ")}
    colours = {"1": "#1f4fd1", "2": "#f2c200"}  # common.js's seat colours
    for mark in found:
        assert mark["colour"] == colours["2" if int(mark["ply"]) in flips else "1"], mark


def test_a_click_on_a_move_that_left_nothing_shows_nothing(server: Server, new_page: Any) -> None:
    game_id, token, state = start(server, "evolution-explore", 12)
    page = open_page(new_page, server, game_id, token, state["ply"])
    moves = visible_moves(state)
    blank = [e["ply"] for e in state["log"] if e["ply"] not in moves and e["seat"] is not None]
    if not blank:
        return
    page.click(f"#log .log-entry[data-ply='{blank[-1]}']")
    page.wait_for_timeout(200)
    assert page.locator("[data-testid='log-pick']").count() == 0
    assert page.locator("#log .log-entry.picked").count() == 0


def test_bluff_never_marks_a_covered_card(server: Server, new_page: Any, screenshots: Path) -> None:
    created = server.post(
        "/api/games", {"game": "evolution-bluff", "seats": [ANA, GREEDY], "bot_delay_ms": 0}
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]

    def ready(state: dict[str, Any]) -> bool:
        return state["ply"] >= 30 and bool(state["legal"]) and (state["view"]["pile"]["size"] >= 2)

    state = play_until(server, game_id, token, random.randrange(1 << 30), stop=ready)
    page = open_page(new_page, server, game_id, token, state["ply"])
    page.wait_for_selector("[data-testid='pile']")
    top = state["view"]["pile"]["top"]
    allowed = {"pile-top", "discard-card", "era-chip"}
    for mark in marks(page, "[data-testid='since-mark']"):
        assert mark["testid"] in allowed, mark
        if mark["testid"] == "pile-top":
            assert top and mark["card"] == top["card"]
    # a placement now covered reads "?" and shows nothing
    covered = [
        e["ply"] for e in state["log"] if e["text"].startswith("place ") and e["text"].endswith("?")
    ]
    for ply in covered[-2:]:
        page.click(f"#log .log-entry[data-ply='{ply}']")
        page.wait_for_timeout(150)
        assert page.locator("[data-testid='log-pick']").count() == 0
        page.click(f"#log .log-entry[data-ply='{ply}']")  # clears game.js's pick
    # the move that put the top card there shows it
    shown = visible_moves(state)
    on_top = [ply for ply, (where, _) in shown.items() if where == "table"]
    if top and on_top:
        page.click(f"#log .log-entry[data-ply='{on_top[0]}']")
        page.wait_for_selector("[data-testid='log-pick']")
        picked = marks(page, "[data-testid='log-pick']")
        assert picked[0]["testid"] == "pile-top" and picked[0]["card"] == top["card"]
    page.screenshot(path=str(screenshots / "follow-evolution-bluff.png"))
    # an announcement shows on its era chip; a card covered since ("?") nowhere
    added = [
        {"seat": 1, "text": text, **move_data("evolution-bluff", text)}
        for text in ("place hand ?", "announce open 3")
    ]
    marked = page.evaluate(
        """(added) => {
            const msg = JSON.parse(JSON.stringify(window.terranova.state()));
            const ply = msg.ply;
            msg.log = [...msg.log, ...added.map((e, k) => ({ ...e, ply: ply + 1 + k }))];
            msg.ply = ply + 2;
            msg.view.eras = msg.view.eras.map((e) => e.era === 3
                ? { ...e, announced_open: true, announced_closed: false } : e);
            window.terranova.board.update(msg, { live: true, since: ply });
            return [...document.querySelectorAll("[data-testid='since-mark']")].map((el) => ({
                ply: Number(el.dataset.ply), testid: el.parentElement.dataset.testid,
                era: el.parentElement.dataset.era }));
        }""",
        added,
    )
    assert marked == [{"ply": state["ply"] + 2, "testid": "era-chip", "era": "3"}]
    page.wait_for_timeout(900)
    page.locator("[data-testid='pile']").screenshot(
        path=str(screenshots / "follow-evolution-bluff-era.png")
    )


FLIGHTS = """() => {
    window.flights = [];
    new MutationObserver(() => {
        for (const el of document.querySelectorAll("#map .evo-card.since.fresh")) {
            if (window.flights.some((f) => f.el === el)) continue;
            const style = getComputedStyle(el);
            window.flights.push({
                el, card: el.dataset.card, name: style.animationName,
                duration: style.animationDuration, running: el.getAnimations().length,
            });
        }
    }).observe(document.getElementById("map"), { childList: true, subtree: true });
}"""
"""Keeps each card marked as another seat's newest move, as it was when drawn: its CSS
animation and how many animations it runs (the board starts the flight as it draws it)."""


def end_turn(server: Server, game_id: str, token: str) -> int:
    """Ana ends her turn (End the turn or Pass where she may, else a discard, else her
    first choice, and again); the ply of her last decision."""
    ply = -1
    for _ in range(20):
        state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
        if state["status"] != "playing" or state["to_move"] != 0 or not state["legal"]:
            break
        legal = state["legal"]
        ends = [t for t in legal if t in ("end", "pass")] or [
            t for t in legal if t.startswith("discard ")
        ]
        move = {"seat": 0, "token": token, "action": (ends or legal)[0], "ply": state["ply"]}
        ply = server.post(f"/api/games/{game_id}/actions", move)["ply"]
    return ply


def test_a_bots_card_flies_from_where_it_came_once(server: Server, new_page: Any) -> None:
    """Greedy's newest card arrives moving (the CSS animation ``evo-fly``, over the
    table's pace) from where it came from to where it lands, on the card itself; with
    reduced motion it does not move; the same position drawn again does not move it."""

    def ready(marked: list[int], state: dict[str, Any]) -> bool:
        return bool(state["view"]["tree"]) and state["to_move"] == 0 and not state.get("window")

    game_id, token, state = start(server, "evolution-explore", 4, want=ready, bot_delay_ms=600)
    pages = [open_page(new_page, server, game_id, token, state["ply"]) for _ in range(2)]
    pages[1].emulate_media(reduced_motion="reduce")
    for page in pages:
        page.evaluate(FLIGHTS)
    mine = end_turn(server, game_id, token)
    for page in pages:
        wait_until(page, "() => window.flights.length > 0", timeout=60_000)
    flights = pages[0].evaluate("window.flights.map(({ el, ...f }) => f)")
    assert any(f["name"] == "evo-fly" and f["running"] > 0 for f in flights), flights
    assert all(f["duration"] == "0.6s" for f in flights if f["name"] == "evo-fly"), flights
    calm = pages[1].evaluate("window.flights.map(({ el, ...f }) => f)")
    assert all(f["name"] == "none" and f["running"] == 0 for f in calm), calm
    page = pages[0]
    page.evaluate(
        "(since) => window.terranova.board.update(window.terranova.shown(), {live: true, since})",
        mine,
    )
    assert page.locator("#map .evo-card.since.fresh").count() == 0
