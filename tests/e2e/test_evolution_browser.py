"""Discovery (evolution) in the browser: a whole game of Explore (with jokers and the
automaton) and one of Bluff (with Stop! windows and their countdown) against bots, every
decision made by clicking the board's controls; the page's final scores are the server's.

Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e.conftest import (
    WHOLE_GAME_BY_CLICKING,
    Server,
    create_from_lobby,
    no_horizontal_scroll,
    page_scores,
    ply,
    wait_ready_to_act,
    wait_until,
)
from tests.e2e.moves import with_action, with_moves

MAX_DECISIONS = 700
GAME_SECONDS = 100.0

# how much more often a random player picks each kind of control (by its action's verb)
WEIGHTS = {"place": 6.0, "announce": 2.0, "end": 1.0, "pass": 0.2, "joker": 1.5}


@dataclass
class Played:
    """What a test player did and saw."""

    decisions: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    windows: int = 0
    countdown_seen: bool = False
    fallback_buttons: int = 0

    def count(self, kind: str) -> None:
        self.kinds[kind] = self.kinds.get(kind, 0) + 1


def window_state(page: Any) -> str:
    return str(page.get_attribute("#map", "data-window") or "none")


def visible_actions(page: Any, selector: str = "[data-action]") -> list[Any]:
    return [
        el
        for el in page.query_selector_all(selector)
        if el.get_attribute("data-action") and el.is_visible() and el.is_enabled()
    ]


def answer_window(page: Any, rng: random.Random, played: Played, stop_odds: float) -> str:
    """Answer the response window this page waits on: Stop!, Interruption! or Accept (with
    ``stop_odds``, the first window is stopped and the second let pass, for sure)."""
    played.windows += 1
    if page.locator("[data-testid='window-countdown']").is_visible():
        played.countdown_seen = True
    stop = page.locator("[data-testid='window'] [data-testid='stop']")
    interrupt = page.locator("[data-testid='window'] [data-testid='interrupt']")
    stopped, accepted = played.kinds.get("stop", 0), played.kinds.get("accept", 0)
    if stop.count() and stop_odds and not stopped:
        choice = stop
    elif stop_odds and not accepted:
        choice = page.locator("[data-testid='window'] [data-testid='accept']")
    elif stop.count() and rng.random() < stop_odds:
        choice = stop
    elif interrupt.count() and rng.random() < 0.3:
        choice = interrupt
    else:
        choice = page.locator("[data-testid='window'] [data-testid='accept']")
    text = str(choice.get_attribute("data-action"))
    choice.click(timeout=3000)
    return text


def use_picker(page: Any, rng: random.Random, key: str) -> str | None:
    """Type a card's name offered by a picker (call, joker) and press its button."""
    options = page.eval_on_selector_all(
        f"#evo-pick-{key}-list option", "(els) => els.map((el) => el.value)"
    )
    if not options:
        return None
    name = rng.choice(options)
    page.fill(f"[data-testid='{key}-input']", name)
    page.click(f"[data-testid='{key}-button']", timeout=3000)
    return f"{key}: {name}"


def make_decision(page: Any, rng: random.Random, played: Played, stop_odds: float) -> str:
    """Make the decision the page offers by clicking one of the board's controls."""
    played.fallback_buttons += page.locator("[data-testid='other-action']").count()
    if window_state(page) == "waiting":
        return answer_window(page, rng, played, stop_odds)
    for key in ("call", "joker"):
        if page.locator(f"[data-testid='{key}-picker']").count() and rng.random() < 0.12:
            done = use_picker(page, rng, key)
            if done:
                return done
    modes = page.query_selector_all("[data-hand-mode][aria-pressed='false']")
    if modes and rng.random() < 0.2:
        rng.choice(modes).click()
    joker = page.locator("[data-testid='hand-joker']")
    armed = joker.count() and joker.first.get_attribute("aria-pressed") == "true"
    if joker.count() and not armed and rng.random() < 0.3:
        joker.first.click()  # arms the joker: the slots it may stand for glow
    picks = [el for el in page.query_selector_all(".evo-card.mode-discard") if el.is_visible()]
    if picks and (rng.random() < 0.5 or not visible_actions(page)):
        rng.choice(picks).click()  # picks a card to discard: its confirmation comes up
    controls = visible_actions(page)
    assert controls, f"nothing to click; legal: {page.evaluate('window.terranova.state().legal')}"
    weights = [WEIGHTS.get(str(el.get_attribute("data-action")).split()[0], 1.0) for el in controls]
    target = rng.choices(controls, weights)[0]
    text = str(target.get_attribute("data-action"))
    target.click(timeout=3000)
    return text


def settle_after(page: Any, before: int) -> None:
    """Wait until the decision landed (a new ply, or this seat's answer held while the
    others answer), was refused (a toast; a window may close under the click), or the game
    is over."""
    wait_until(
        page,
        """(p) => {
            const b = document.body.dataset;
            return b.ply !== String(p) || b.status === 'finished'
                || document.querySelector('#map').dataset.window === 'answered'
                || document.querySelector('.toast-error') !== null;
        }""",
        arg=before,
    )
    page.evaluate("document.querySelectorAll('.toast').forEach((t) => t.remove())")


def play_to_the_end(
    page: Any,
    rng: random.Random,
    shots: dict[int, Path],
    stop_odds: float = 0.0,
    window_shot: Path | None = None,
) -> Played:
    played = Played()
    started = time.monotonic()
    wait_ready_to_act(page)
    while page.evaluate("document.body.dataset.status") != "finished":
        assert played.decisions < MAX_DECISIONS, "the game does not end"
        assert time.monotonic() - started < GAME_SECONDS, "the game takes too long"
        if window_shot is not None and window_state(page) == "waiting":
            page.wait_for_timeout(300)  # the countdown has moved
            if window_state(page) == "waiting":
                page.screenshot(path=str(window_shot))
                window_shot = None
        before = ply(page)
        try:
            done = make_decision(page, rng, played, stop_odds)
        except Exception as exc:  # the position changed under the click (a window closed)
            if ply(page) == before and window_state(page) != "answered":
                raise
            done = f"missed: {type(exc).__name__}"
        played.count(done.split()[0].rstrip(":"))
        played.decisions += 1
        settle_after(page, before)
        if played.decisions in shots:
            page.screenshot(path=str(shots[played.decisions]))
        wait_ready_to_act(page)
    return played


def check_the_end(page: Any, server: Server, game_id: str, seats: int) -> dict[str, Any]:
    """The end card's scores are the server's; Explore shows them by each player too,
    Bluff (no points) shows none but its own end summary (checked by ``check_bluff_end``)."""
    summary: dict[str, Any] = server.get(f"/api/games/{game_id}")
    assert summary["status"] == "finished"
    page.wait_for_selector("[data-testid='end-card']:not([hidden])")
    assert page_scores(page, seats) == summary["result"]["scores"]
    if summary["game"] == "evolution-bluff":
        check_bluff_end(page, server, game_id, seats)
        return summary
    for seat in range(seats):
        shown = int(page.inner_text(f"[data-testid='score-{seat}']"))
        assert shown == summary["result"]["scores"][seat]
    return summary


def check_bluff_end(page: Any, server: Server, game_id: str, seats: int) -> None:
    """Bluff's end: no scores ("0 won", "1 won") and no score chart, but who won, the order
    in which the hands emptied and the cards left in the others, as the server says."""
    finish = server.get(f"/api/games/{game_id}/state")["view"]["finish"]
    assert page.locator("[data-testid^='score-']").count() == 0
    assert " won" not in page.inner_text("#players")
    assert not page.is_visible("#final-scores")
    assert not page.is_visible("#end-chart")
    assert not page.is_visible("#chart-card")
    assert page.is_visible("[data-testid='end-summary']")
    rows = page.locator("[data-testid^='finish-']:not([data-testid='finish-card'])")
    assert rows.count() == seats
    order = [int(rows.nth(k).get_attribute("data-seat") or "-1") for k in range(seats)]
    assert order[: len(finish["emptied"])] == finish["emptied"]
    for seat in range(seats):
        row = page.locator(f"[data-testid='finish-{seat}']")
        cards = finish["hands"][seat]
        assert row.get_attribute("data-left") == str(len(cards))
        assert row.locator("[data-testid='finish-card']").count() == len(cards)
        if seat in finish["emptied"]:
            rank = finish["emptied"].index(seat) + 1
            assert row.get_attribute("data-emptied") == str(rank)
        else:
            assert f"{len(cards)} card" in row.inner_text()
    assert page.locator("#players .tag.winner").count() == len(finish["won"])
    title = page.inner_text("#winners")
    why = page.inner_text(".evo-finish-why")
    if finish["won"]:
        assert "share the win" not in title
        assert "first" in why
        for seat in finish["won"]:
            assert "winner" in page.inner_text(f"[data-testid='finish-{seat}']")
    else:
        assert "No winner" in title
    assert "Game over: " in page.inner_text("[data-testid='turn-banner']")


# ---------------------------------------------------------------------- tests


@WHOLE_GAME_BY_CLICKING
def test_explore_against_bots_and_the_automaton(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """Explore with jokers: you, greedy and the automaton; from the lobby to the end by
    clicking cards, slots, special actions and the pickers."""
    page = new_page()
    game_id = create_from_lobby(
        page,
        server,
        ["human", "greedy", "random"],
        game="evolution-explore",
        variants={"jokers": 4, "automata": 1},
    )
    assert page.locator("#seat-list [data-automaton='1']").count() == 1
    assert page.locator("#response-field").is_visible()
    page.screenshot(path=str(screenshots / "evolution-lobby.png"), full_page=True)
    summary = server.get(f"/api/games/{game_id}")
    assert summary["params"]["automata"] == 1
    assert summary["params"]["jokers"] == 4
    assert summary["response_seconds"] == 10
    # the lobby sends the automaton as such, not as a bot that is never asked
    assert summary["seats"][2] == {"seat": 2, "kind": "automaton", "name": "Automaton", "bot": None}
    assert "The automaton: seat 3" in page.inner_text("#invite-list")
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    assert page.locator("[data-testid='era-row']").count() == 6
    assert page.locator("[data-testid='hand-card']").count() == 5
    assert page.locator("[data-testid='reserve-card']").count() == 5
    assert "automaton" in page.inner_text("[data-testid='player-2'] .tag")
    assert "Your turn" in page.inner_text("[data-testid='turn-banner']")
    page.screenshot(path=str(screenshots / "evolution-explore-start.png"))

    played = play_to_the_end(
        page,
        random.Random(7),
        {12: screenshots / "evolution-explore-midgame.png"},
    )
    assert played.decisions > 10
    assert played.kinds.get("place", 0) > 3
    assert played.fallback_buttons == 0, "a legal action had no control of its own"
    summary = check_the_end(page, server, game_id, 3)
    assert page.locator("[data-testid='tree-card']").count() == len(
        server.get(f"/api/games/{game_id}/replay/{summary['ply']}")["view"]["tree"]
    )
    page.screenshot(path=str(screenshots / "evolution-explore-game-over.png"))

    # the replay shows the tree as it grew
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_selector("[data-testid='tree'][data-placed='0']")
    page.fill("#replay-slider", str(int(page.get_attribute("#replay-slider", "max")) // 2))
    wait_until(page, "Number(document.querySelector('[data-testid=tree]').dataset.placed) > 0")
    assert page.locator("[data-testid='hand']").count() == 1  # the seat's view then
    page.screenshot(path=str(screenshots / "evolution-explore-replay.png"))
    page.click("#replay-exit")
    assert page_scores(page, 3) == summary["result"]["scores"]


def test_bluff_with_stop_windows(server: Server, new_page: Any, screenshots: Path) -> None:
    """Bluff with a 2-second response time: you against greedy and random; Stop! and Accept
    in the windows of the bots' moves, with the countdown on screen."""
    page = new_page()
    game_id = create_from_lobby(
        page,
        server,
        ["human", "greedy", "random"],
        game="evolution-bluff",
        variants={"jokers": 1},
        response_seconds=2,
    )
    assert server.get(f"/api/games/{game_id}")["response_seconds"] == 2
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    assert page.locator("[data-testid='pile']").count() == 1
    assert page.locator("[data-testid='era-chip']").count() == 6
    page.screenshot(path=str(screenshots / "evolution-bluff-start.png"))

    played = play_to_the_end(
        page,
        random.Random(11),
        {20: screenshots / "evolution-bluff-midgame.png"},
        stop_odds=0.35,
        window_shot=screenshots / "evolution-bluff-window.png",
    )
    assert played.windows > 0 and played.countdown_seen
    assert played.kinds.get("stop", 0) > 0 and played.kinds.get("accept", 0) > 0
    assert played.fallback_buttons == 0, "a legal action had no control of its own"
    summary = check_the_end(page, server, game_id, 3)
    assert sum(summary["result"]["scores"]) == len(summary["result"]["winners"])
    if page.locator("[data-testid='last-stop']").count():
        assert "stopped" in page.inner_text("[data-testid='last-stop']")
    page.screenshot(path=str(screenshots / "evolution-bluff-game-over.png"))


def test_narrow_screen_evolution(server: Server, new_page: Any, screenshots: Path) -> None:
    """Both boards on a 390 px wide screen: no sideways scrolling of the page, the tree
    scrolls within itself."""
    for game in ("evolution-explore", "evolution-bluff"):
        created = server.post(
            "/api/games",
            {
                "game": game,
                "params": {"players": 3, "jokers": 1},
                "seats": [
                    {"kind": "human", "name": "Ana"},
                    {"kind": "bot", "bot": "greedy"},
                    {"kind": "bot", "bot": "random"},
                ],
                "bot_delay_ms": 0,
                "response_seconds": 3,
            },
        )
        page = new_page(390, 844)
        page.goto(server.base + created["seats"][0]["link"])
        page.wait_for_selector("body[data-ready='1']")
        rng = random.Random(3)
        played = Played()
        for _ in range(6):
            wait_ready_to_act(page)
            if page.evaluate("document.body.dataset.status") == "finished":
                break
            before = ply(page)
            make_decision(page, rng, played, stop_odds=0.5)
            settle_after(page, before)
        wait_ready_to_act(page)
        assert no_horizontal_scroll(page)
        page.screenshot(path=str(screenshots / f"{game}-narrow.png"))
        page.screenshot(path=str(screenshots / f"{game}-narrow-full.png"), full_page=True)


SHOW_SYNTHETIC = """([changes, live]) => {
    const real = window.terranova.state();
    const msg = JSON.parse(JSON.stringify(real));
    Object.assign(msg, changes.message || {});
    Object.assign(msg.view, changes.view || {});
    const hand = msg.view.hands[msg.seat];
    hand.cards = [...hand.cards, ...(changes.hand || [])];
    hand.count = hand.cards.length;
    window.terranova.board.update(msg, { live });
    return { hand: hand.cards, reserve: msg.view.reserve };
}"""


def show_synthetic(page: Any, changes: dict[str, Any]) -> dict[str, list[str]]:
    """Show the board a state message made from the real one with ``changes`` (message
    fields, view fields, cards added to the hand). Only drawn: nothing is sent."""
    game = page.evaluate("window.terranova.state().game")
    shown: dict[str, list[str]] = page.evaluate(SHOW_SYNTHETIC, [with_moves(game, changes), True])
    return shown


def test_every_choice_has_a_control(server: Server, new_page: Any, screenshots: Path) -> None:
    """Each kind of action text gets a control of its own (cards, slots, buttons, pickers,
    hand modes, the window's buttons); an unknown text still gets a plain button."""
    created = server.post(
        "/api/games",
        {
            "game": "evolution-explore",
            "params": {"players": 3, "jokers": 2, "teams": 0},
            "seats": [
                {"kind": "human", "name": "Ana"},
                {"kind": "human", "name": "Bo"},
                {"kind": "human", "name": "Cy"},
            ],
        },
    )
    page = new_page()
    page.goto(server.base + created["seats"][0]["link"])
    wait_ready_to_act(page)
    state = page.evaluate("window.terranova.state()")
    hand = state["view"]["hands"][0]["cards"]
    cards = server.get(f"/api/games/{created['game_id']}/components")["cards"]
    english = {card["id"]: card["name_en"] for card in cards}
    lying = set(hand) | set(state["view"]["reserve"])
    free = [card["id"] for card in cards if card["era"] >= 3 and card["id"] not in lying][:4]
    turn = [
        f"place hand {hand[0]}",
        f"place reserve {state['view']['reserve'][0]}",
        f"discard {hand[1]}",
        f"special discard {hand[2]}",
        "special replay",
        "steal 1",
        "exchange 2",
        f"call {free[0]}",
        f"call {free[1]}",
        f"joker as {free[2]}",
        f"joker as {free[3]}",
        "joker special",
        "ask 2",
        "announce open 2",
        "announce close 1",
        "pass",
        "end",
    ]
    show_synthetic(page, {"message": {"legal": turn}, "hand": ["joker"]})
    assert page.locator("[data-testid='other-action']").count() == 0
    for testid, count in {
        "replay": 1,
        "steal": 1,
        "exchange": 1,
        "ask": 1,
        "announce": 2,
        "joker-special": 1,
        "call-picker": 1,
        "joker-picker": 1,
        "hand-joker": 1,
        "end": 1,
        "pass": 1,
        "hand-mode-discard": 1,
        "hand-mode-special": 1,
    }.items():
        assert page.locator(f"[data-testid='{testid}']").count() == count, testid
    assert page.locator(f"[data-action='place hand {hand[0]}']").count() == 2  # hand and slot
    page.click("[data-testid='hand-mode-discard']")
    page.click(f"[data-testid='hand-card'][data-card='{hand[1]}']")
    assert page.locator(f"[data-testid='discard-confirm'][data-action='discard {hand[1]}']").count()
    # the joker: armed from the hand, its cards glow in the tree; or typed by name
    page.click("[data-testid='hand-mode-place']")
    page.click("[data-testid='hand-joker']")
    assert page.locator(".evo-slot.joker-target").count() == 2
    button = page.locator("[data-testid='joker-button']")
    page.fill("[data-testid='joker-input']", "nonsense")
    assert button.is_disabled()
    page.fill("[data-testid='joker-input']", english[free[2]])
    assert button.is_enabled()
    page.screenshot(path=str(screenshots / "evolution-every-control.png"))

    # a response window, the answer to a Stop, the card called, a card to give
    window = {"seconds": 10, "ends_at": time.time() * 1000 + 8000, "waiting": True}
    show_synthetic(
        page,
        {
            "message": {"legal": ["accept", "stop", "interrupt"], "window": window},
            "view": {"window": {"action": f"place hand {free[0]}", "actor": 1, "waiting": [0]}},
        },
    )
    for testid in ("stop", "interrupt", "accept", "window-countdown"):
        assert page.locator(f"[data-testid='{testid}']").is_visible(), testid
    status = page.evaluate("window.terranova.board.status(window.terranova.board.message)")
    assert status.startswith("Interruption? ")  # with the seconds left
    page.screenshot(path=str(screenshots / "evolution-window-interrupt.png"))
    show_synthetic(
        page,
        {
            "message": {"legal": [], "window": {**window, "waiting": False, "answered": True}},
        },
    )
    assert page.locator("[data-testid='window-answered'] [data-testid='window-countdown']").count()
    show_synthetic(page, {"message": {"legal": ["verify", "concede"]}})
    assert page.locator("[data-testid='respond'] [data-testid='verify']").is_visible()
    called = [f"place called {free[0]}", f"place called {free[0]} continue", "abandon"]
    show_synthetic(page, {"message": {"legal": called}, "view": {"called": free[0]}})
    assert page.locator("[data-testid='place-called']").count() == 2
    assert page.locator("[data-testid='abandon']").count() == 1
    show_synthetic(page, {"message": {"legal": [f"give {c}" for c in hand]}})
    assert page.locator("[data-testid='hand-card'][data-action^='give ']").count() == len(hand)
    show_synthetic(page, {"message": {"legal": ["frobnicate 3", "end"]}})
    assert page.locator("[data-testid='other-action']").inner_text() == "frobnicate 3"


STOP_TEXT = """(stop) => window.terranova.board.stopText(stop)"""
GAME_OF_STOPS = "evolution-bluff"


def test_bluff_end_summary_and_what_a_stop_does(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """A Bluff game of bots, watched to its end: the end tells who emptied their hand first
    and the cards left in the others (not "0 won" / "1 won" and a score chart); the log
    names no card under the pile's top; the last Stop says what happens to an action found
    wrong (the card goes to the discard: it is not "taken back")."""
    created = server.post(
        "/api/games",
        {
            "game": "evolution-bluff",
            "params": {"players": 3, "jokers": 1},
            "seats": [
                {"kind": "bot", "bot": "greedy", "name": "Ana"},
                {"kind": "bot", "bot": "random", "name": "Bo"},
                {"kind": "bot", "bot": "memory", "name": "Cy"},
            ],
            "bot_delay_ms": 0,
            "response_seconds": 0.2,
        },
    )
    game_id = created["game_id"]
    deadline = time.monotonic() + GAME_SECONDS
    while server.get(f"/api/games/{game_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game does not end"
        time.sleep(0.2)
    page = new_page()
    page.goto(server.base + created["spectator_link"])
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("body[data-status='finished']")
    check_the_end(page, server, game_id, 3)
    pile = server.get(f"/api/games/{game_id}/state")["view"]["pile"]
    if pile["size"] >= 2:  # cards lie under the top: the log names none of them
        assert page.locator(".log-text", has_text="(covered since)").count() > 0
        page.locator("[data-testid='log']").screenshot(
            path=str(screenshots / "evolution-bluff-end-log.png")
        )
    page.screenshot(path=str(screenshots / "evolution-bluff-end-summary.png"), full_page=True)

    # a Stop that catches a bluff: what happens, by the kind of action
    cards = server.get(f"/api/games/{game_id}/components")["cards"]
    card = cards[0]["id"]
    base = {"actor": 0, "stopped_by": 1, "valid": False}
    texts = {
        (action, case): page.evaluate(
            STOP_TEXT, with_action(GAME_OF_STOPS, {**base, "action": action, "case": case})
        )
        for action in (f"place hand {card}", "place hand ?", f"joker as {card}", f"call {card}")
        for case in (2, 3)
    }
    announce = {**base, "action": "announce open 2", "case": 3}
    texts["announce", 3] = page.evaluate(STOP_TEXT, with_action(GAME_OF_STOPS, announce))
    for (action, case), text in texts.items():
        assert "takes it back" not in text, text
        assert "Ana's turn ends" in text, text
        assert ("steals a card from Bo" if case == 2 else "Bo gives Ana a card") in text, text
        if action.startswith("place"):
            assert "leaves the pile for Ana's discard and Ana draws another" in text, text
    assert "leaves the pile and the game" in texts[f"joker as {card}", 3]
    assert "the call takes nothing" in texts[f"call {card}", 2]
    assert "earns nothing" in texts["announce", 3]
    assert "(covered since)" in texts["place hand ?", 3]
    valid = page.evaluate(
        STOP_TEXT,
        with_action(GAME_OF_STOPS, {**base, "action": "call x", "case": 1, "valid": True}),
    )
    assert "Bo was wrong and draws a card" in valid

    # shown in the panel, as the last Stop of a game
    page.evaluate(
        """(stop) => {
            const msg = JSON.parse(JSON.stringify(window.terranova.state()));
            msg.view.last_stop = stop;
            window.terranova.board.update(msg, { live: true });
        }""",
        with_action(GAME_OF_STOPS, {**base, "action": f"place hand {card}", "case": 3}),
    )
    shown = page.inner_text("[data-testid='last-stop']")
    assert "leaves the pile for Ana's discard" in shown
    page.locator("[data-testid='last-stop']").screenshot(
        path=str(screenshots / "evolution-bluff-last-stop.png")
    )


def test_explore_reads_plainly(server: Server, new_page: Any, screenshots: Path) -> None:
    """What a new player met in Explore: two bots both named "greedy" (numbered now), era
    names cut off, cards without their English name, the reserve's cards numbered unlike
    the hand's, and a card discarded, ending the turn, at a single click (now a click picks
    it and a second confirms); and in Bluff, "End the turn" highlighted before anything was
    placed."""
    created = server.post(
        "/api/games",
        {
            "game": "evolution-explore",
            "params": {"players": 3},
            "seats": [
                {"kind": "human", "name": "Ana"},
                {"kind": "bot", "bot": "greedy"},
                {"kind": "bot", "bot": "greedy"},
            ],
            "bot_delay_ms": 0,
        },
    )
    assert [s["name"] for s in created["seats"]] == ["Ana", "greedy 1", "greedy 2"]
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(width, height)
        page.goto(server.base + created["seats"][0]["link"])
        wait_ready_to_act(page)
        players = page.inner_text("[data-testid='players']")
        assert "greedy 1" in players and "greedy 2" in players
        # every era's name whole, on the board
        cut = page.evaluate(
            """() => [...document.querySelectorAll('.evo-era-name')].filter((el) =>
                 el.offsetWidth === 0 || el.scrollWidth > el.clientWidth + 1
                 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent)"""
        )
        assert page.locator(".evo-era-name").count() == 6 and cut == []
        # every card of the hand has its English name; the reserve's are numbered alike
        hand = page.locator("[data-testid='hand-card']")
        assert (
            hand.count()
            and hand.count() == page.locator("[data-testid='hand-card'] .evo-en").count()
        )
        texts = page.locator("[data-testid='reserve-card'] .evo-num").all_inner_texts()
        assert texts and all("·" in t for t in texts), texts
        page.screenshot(path=str(screenshots / f"evolution-explore-plain-{width}.png"))

    # a discard is a choice in two steps
    state = page.evaluate("window.terranova.state()")
    mine = state["view"]["hands"][0]["cards"]
    show_synthetic(page, {"message": {"legal": [f"discard {c}" for c in mine]}})
    card = page.locator(f"[data-testid='hand-card'][data-card='{mine[0]}']")
    assert card.get_attribute("data-action") is None  # a click sends nothing
    card.click()
    confirm = page.locator("[data-testid='discard-confirm']")
    assert confirm.get_attribute("data-action") == f"discard {mine[0]}"
    assert "Your turn ends" in page.inner_text("[data-testid='discard-confirm-row']")
    assert int(page.evaluate("document.body.dataset.ply")) == state["ply"]
    page.screenshot(path=str(screenshots / "evolution-discard-confirm.png"))
    page.click("[data-testid='discard-cancel']")
    assert confirm.count() == 0

    # Bluff: place a card first; End the turn is highlighted once one is placed
    bluff = server.post(
        "/api/games",
        {
            "game": "evolution-bluff",
            "params": {"players": 2},
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            "bot_delay_ms": 0,
        },
    )
    page = new_page()
    page.goto(server.base + bluff["seats"][0]["link"])
    wait_ready_to_act(page)
    state = page.evaluate("window.terranova.state()")
    first = state["view"]["hands"][0]["cards"][0]
    turn = dict(state["view"].get("turn") or {}, placed=0, seat=0)
    show_synthetic(
        page, {"message": {"legal": [f"place hand {first}", "end"]}, "view": {"turn": turn}}
    )
    end = page.locator("[data-testid='end']")
    assert "primary" not in (end.get_attribute("class") or "")
    chips = page.locator("[data-testid='reserve-card'] .evo-num").all_inner_texts()
    assert chips and all("·" in t for t in chips), chips  # as the hand's: era·number
    turn["placed"] = 1
    show_synthetic(page, {"message": {"legal": ["end"]}, "view": {"turn": turn}})
    assert "primary" in (end.get_attribute("class") or "")
