"""The first-game guide on Discovery's (evolution) board: Ana against greedy with "First
game: guide me" ticked in the lobby. The guide card shows the board's tip for the step Ana
must decide now, and a new tip once the step changes: Explore (start the tree, continue
the series, start a series or discard), Bluff (start the pile, a Stop! window, answering a
Stop!). Each other kind of decision is checked on the board's ``guide()`` with a state
message changed in the page (nothing is sent).

Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import (
    Server,
    click_and_wait,
    create_from_lobby,
    ply,
    wait_ready_to_act,
    wait_until,
)
from tests.e2e.moves import with_moves

TIP = "[data-testid='guide-tip']"
MAX_TIP = 230  # "under ~220 characters": the board keeps its tips within 220, names aside


def tip(page: Any) -> str:
    page.wait_for_selector("[data-testid='guide']:not([hidden])")
    text = str(page.inner_text(TIP))
    assert len(text) <= MAX_TIP, text
    return text


def state(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("window.terranova.state()")
    return found


def places(page: Any) -> list[str]:
    return [a for a in state(page)["legal"] if a.startswith("place ")]


def open_seat(page: Any, server: Server, game: str, **options: Any) -> str:
    game_id = create_from_lobby(page, server, ["human", "greedy"], game=game, guide=True, **options)
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    return game_id


def test_explore_guide(server: Server, new_page: Any, screenshots: Path) -> None:
    """Explore: the tip for the first card of the tree, then the series' next card (or the
    end of the turn), then the start of a new turn's series (or a discard)."""
    page = new_page()
    open_seat(page, server, "evolution-explore")
    first = tip(page)
    assert "decision 1 of 10" in page.inner_text("[data-testid='guide']")
    if not places(page):  # greedy holds all four cards that need nothing: pass
        assert "Pass" in first
        click_and_wait(page, "[data-testid='pass']")
        wait_ready_to_act(page)
        first = tip(page)
        assert "Start a series" in first, first
    else:
        assert "Start the tree" in first, first
        assert "Bipédie" in first

    # place a card (its slot in the tree glows): the step is now the series' next card
    before = ply(page)
    click_and_wait(page, "[data-testid='tree-slot-act']")
    wait_ready_to_act(page, before)
    second = tip(page)
    assert second != first
    current = state(page)
    assert current["to_move"] == 0 and current["view"]["turn"]["placed"] >= 1
    if places(page):
        assert "Continue your series" in second, second
        series = current["view"]["turn"]["series"]
        assert f"scores {series['length'] + 1}" in second
    else:
        assert "End the turn" in second, second
    assert "decision 2 of 10" in page.inner_text("[data-testid='guide']")
    page.screenshot(path=str(screenshots / "guide-evolution.png"))

    # end the turn (after the series, if it goes on, for one more card): greedy plays,
    # then a new turn of Ana's starts with a new series, or a discard
    while "end" not in state(page)["legal"]:
        before = ply(page)
        click_and_wait(page, "[data-testid='tree-slot-act']")
        wait_ready_to_act(page, before)
    before = ply(page)
    click_and_wait(page, "[data-testid='end']")
    wait_ready_to_act(page, before)
    wait_until(page, "window.terranova.state().view.step === 'turn'")
    third = tip(page)
    if places(page):
        assert "Start a series" in third, third
        assert "reserve" in third
    else:
        assert "No card can be placed" in third, third
    assert third != second


def test_bluff_guide(server: Server, new_page: Any, screenshots: Path) -> None:
    """Bluff: the tip to start the pile, a Stop! window's tip (what to check, never whether
    the card was a bluff), and the tip of the stopped player when greedy stops a bluff."""
    page = new_page()
    game_id = open_seat(page, server, "evolution-bluff", response_seconds=120)
    first = tip(page)
    assert "Start the pile" in first, first
    assert "bluff" in first

    # a bluff: a card whose prerequisites are not on the (empty) pile; greedy remembers
    # everything and may say Stop!
    cards = {c["id"]: c for c in server.get(f"/api/games/{game_id}/components")["cards"]}
    bluffs = [a for a in places(page) if cards[a.split()[-1]]["prerequisites"]]
    assert bluffs
    before = ply(page)
    page.click(f"[data-action='{bluffs[0]}']")
    wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=before)

    seen: dict[str, str] = {}
    shot = False
    for _ in range(30):
        wait_ready_to_act(page)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        current = state(page)
        legal = current["legal"]
        text = tip(page)
        before = ply(page)
        if "verify" in legal:
            seen.setdefault("respond", text)
            assert "said Stop!" in text and "Concede" in text, text
            click_and_wait(page, "[data-testid='concede']")
        elif page.get_attribute("#map", "data-window") == "waiting":
            seen.setdefault("window", text)
            assert "Stop! if" in text and "Accept" in text, text
            if not shot:
                page.screenshot(path=str(screenshots / "guide-evolution-bluff-window.png"))
                shot = True
            page.click("[data-testid='window'] [data-testid='accept']")
            wait_until(
                page,
                """(p) => document.body.dataset.ply !== String(p)
                    || document.querySelector('#map').dataset.window !== 'waiting'""",
                arg=before,
            )
        elif current["view"]["step"] == "turn":
            seen.setdefault("turn", text)
            assert text != seen.get("window")
            # end the turn at once (or pass): greedy plays, and its cards open windows
            target = "[data-testid='pass']" if "pass" in legal else "[data-testid='end']"
            if "end" not in legal and "pass" not in legal:
                target = "[data-testid='hand-card'][data-action]"
            click_and_wait(page, target)
        else:
            page.locator("[data-action]").first.click()
            wait_until(page, "(p) => document.body.dataset.ply !== String(p)", arg=before)
        if "window" in seen and "turn" in seen:
            break
    assert "window" in seen, seen
    assert seen["window"] != first


GUIDE_OF = """([changes]) => {
    const real = window.terranova.state();
    const msg = JSON.parse(JSON.stringify(real));
    Object.assign(msg, changes.message || {});
    Object.assign(msg.view, changes.view || {});
    if (changes.turn) msg.view.turn = { ...(msg.view.turn || {}), ...changes.turn };
    return window.terranova.board.guide(msg);
}"""


def guide_of(page: Any, changes: dict[str, Any]) -> str:
    game = page.evaluate("window.terranova.state().game")
    text = page.evaluate(GUIDE_OF, [with_moves(game, changes)])
    assert isinstance(text, str) and len(text) <= MAX_TIP, text
    return text


def test_every_decision_has_a_tip(server: Server, new_page: Any) -> None:
    """Each kind of decision of both games gets its own tip from the board (a state message
    changed in the page, given to ``guide()`` only)."""
    created = server.post(
        "/api/games",
        {
            "game": "evolution-explore",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            "bot_delay_ms": 0,
        },
    )
    page = new_page()
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    hand = state(page)["view"]["hands"][0]["cards"]
    card = hand[0]
    series = {"last": "feu", "length": 2, "joker": False}
    turn = {"seat": 0, "starts_series": False, "series": series, "specials": 0, "placed": 2}
    tree = [{"card": "bipedie", "era": 1, "joker": False}]
    cases: dict[str, dict[str, Any]] = {
        "Start the tree": {
            "message": {"legal": ["pass", f"place hand {card}"]},
            "view": {"tree": []},
        },
        "Continue your series": {
            "message": {"legal": [f"place hand {card}", "end"]},
            "view": {"tree": tree},
            "turn": turn,
        },
        "special action": {
            "message": {"legal": ["replay", f"special discard {card}", "end"]},
            "view": {"tree": tree},
            "turn": {**turn, "specials": 1},
        },
        "No card can be placed": {
            "message": {"legal": [f"discard {card}"]},
            "view": {"tree": tree},
            "turn": {**turn, "series": None, "starts_series": True, "placed": 0},
        },
        "No glowing card continues": {
            "message": {"legal": ["end"]},
            "view": {"tree": tree},
            "turn": turn,
        },
        "Interruption!": {"message": {"legal": ["accept", "interrupt"]}},
        "Your call worked": {
            "message": {"legal": [f"place called {card}", f"place called {card} continue"]},
            "view": {"step": "called", "called": card},
        },
        "Exchange": {
            "message": {"legal": [f"give {card}"]},
            "view": {"step": "give"},
            "turn": {"seat": 0},
        },
        "asked you for a card": {
            "message": {"legal": [f"give {card}"]},
            "view": {"step": "give"},
            "turn": {"seat": 1},
        },
        "starts with a theft": {"message": {"legal": ["steal 1"]}, "view": {"step": "steal"}},
    }
    pile = {"size": 3, "top": {"card": "homo-erectus", "joker": False}}
    eras = [{"era": e, "announced_open": False, "announced_closed": False} for e in range(1, 7)]
    bluff = {"mode": "bluff", "pile": pile, "eras": eras}
    window = {"action": "place hand feu", "actor": 1}
    bluff_cases: dict[str, dict[str, Any]] = {
        "Start the pile": {
            "message": {"legal": ["pass", f"place hand {card}"]},
            "view": {**bluff, "pile": {"size": 0, "top": None}},
        },
        "Era 2 is open": {
            "message": {"legal": [f"place hand {card}", "announce open 2", "end"]},
            "view": bluff,
            "turn": {**turn, "placed": 1},
        },
        "Continue with a card linked": {
            "message": {"legal": [f"place hand {card}", "end"]},
            "view": {**bluff, "eras": [{**e, "announced_open": True} for e in eras]},
            "turn": {**turn, "series": {**series, "last": "homo-erectus"}},
        },
        "prerequisites are on the pile": {
            "message": {"legal": [f"place hand {card}", "end"]},
            "view": {**bluff, "eras": [{**e, "announced_open": True} for e in eras]},
            "turn": {**turn, "series": None, "starts_series": True, "placed": 0},
        },
        "a prerequisite not on the pile": {
            "message": {"legal": ["accept", "stop"]},
            "view": {**bluff, "window": window},
        },
        "no link is needed": {
            "message": {"legal": ["accept", "stop"]},
            "view": {**bluff, "window": window},
            "turn": {"seat": 1, "series": {**series, "last": "feu", "length": 1}},
        },
        "era 3 is not really open": {
            "message": {"legal": ["accept", "stop", "interrupt"]},
            "view": {**bluff, "window": {"action": "announce open 3", "actor": 1}},
        },
        "said Stop!": {
            "message": {"legal": ["verify", "concede"]},
            "view": {**bluff, "step": "respond", "window": {**window, "stopped_by": 1}},
        },
        "Give up the call": {
            "message": {"legal": [f"place called {card}", "abandon"]},
            "view": {**bluff, "step": "called", "called": card},
        },
        "Your Stop! was right": {
            "message": {
                "legal": [f"give {card}"],
                "log": [{"ply": 9, "seat": 1, "text": "verify"}],
            },
            "view": {
                **bluff,
                "step": "give",
                "last_stop": {"action": "place hand feu", "actor": 1, "stopped_by": 0, "case": 3},
            },
            "turn": {"seat": 1},
        },
        "last card": {"message": {"legal": ["steal 1"]}, "view": {**bluff, "step": "steal"}},
    }
    tips = {}
    for phrase, changes in [*cases.items(), *bluff_cases.items()]:
        text = guide_of(page, changes)
        assert phrase in text, (phrase, text)
        tips[phrase] = text
    assert len(set(tips.values())) == len(tips)
    # a Stop! window never says whether the card was a bluff: the same tip either way
    honest = guide_of(page, bluff_cases["a prerequisite not on the pile"])
    other = guide_of(
        page,
        {
            "message": {"legal": ["accept", "stop"]},
            "view": {**bluff, "window": {"action": "place hand bipedie", "actor": 1}},
        },
    )
    assert honest == other
