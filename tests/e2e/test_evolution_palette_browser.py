"""Discovery (evolution) in the colour-blind look (the top bar's "Colour-blind colours",
``localStorage["terranova.palette"] = "safe"``): the eras take Okabe and Ito's colours and
every card names its era by number (as in the standard look, the small ones too); the
seats shown by colour (a discard's owner, the marks of the others' moves, the seats to
pick in the panel) carry their numbers. With the option off, none of it shows.

Screenshots are saved to out/screenshots/ (see conftest.py): ``palette-evolution.png``
(the safe look), ``palette-evolution-deuteranopia.png`` (the same page through a
deuteranopia filter) and ``palette-evolution-bluff.png``."""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path
from typing import Any

from tests.e2e.colour_vision import MACHADO, SAFE_PALETTE, lab, rgb, show_as
from tests.e2e.conftest import Server, play_until
from tests.e2e.test_evolution_follow_browser import expected_marks, start, visible_moves

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
# board.js's eras in the colour-blind look, and common.js's safe seat colours and inks
SAFE_ERAS = ["#f0e442", "#e69f00", "#d55e00", "#cc79a7", "#0072b2", "#009e73"]
SAFE_SEATS = ["#d55e00", "#0072b2", "#f0e442"]
SAFE_INKS = ["rgb(255, 255, 255)", "rgb(255, 255, 255)", "rgb(0, 0, 0)"]


def looks(page: Any) -> dict[str, Any]:
    """What the board draws that the option changes."""
    return dict(
        page.evaluate(
            """() => {
                const q = (sel) => [...document.querySelectorAll(sel)];
                const style = (el, name) => el.style.getPropertyValue(name).trim();
                const known = (sel) => q(sel).filter((el) => el.dataset.card !== 'joker');
                const badge = (el) => el.querySelector("[data-testid='mark-seat']");
                const owner = (el) => el.parentElement.closest('[data-testid]');
                return {
                    palette: document.documentElement.dataset.palette,
                    rows: q("[data-testid='era-row']").map((el) =>
                        [Number(el.dataset.era), style(el, '--era')]),
                    chips: known(".evo-card.size-chip").map((el) =>
                        [el.dataset.card, el.querySelector('.evo-num').textContent]),
                    cards: known(".evo-card").map((el) =>
                        [el.dataset.card, el.querySelector('.evo-num').textContent,
                         style(el, '--era')]),
                    numbers: q("[data-testid='seat-num']").map((el) => ({
                        seat: Number(el.dataset.seat), text: el.textContent,
                        background: getComputedStyle(el).backgroundColor,
                        colour: getComputedStyle(el).color,
                        where: owner(el) ? owner(el).dataset.testid : null,
                    })),
                    marks: q("[data-testid='since-mark']").map((el) => ({
                        ply: Number(el.dataset.ply),
                        number: badge(el) ? badge(el).textContent : null,
                        colour: badge(el) ? getComputedStyle(badge(el)).color : null,
                    })),
                };
            }"""
        )
    )


def test_explore_in_the_colour_blind_look(server: Server, new_page: Any, screenshots: Path) -> None:
    seats = [ANA, GREEDY, GREEDY]

    def placed(marked: list[int], state: dict[str, Any]) -> bool:
        discarded = sum(len(d) for d in state["view"]["discards"])
        return bool(marked) and discarded >= 2 and len(state["view"]["tree"]) >= 6

    game_id, token, state = start(server, "evolution-explore", 24, seats, want=placed)
    assert state["status"] == "playing"
    components = server.get(f"/api/games/{game_id}/components")
    era_of = {card["id"]: card["era"] for card in components["cards"]}
    number_of = {card["id"]: card["number"] for card in components["cards"]}
    movers = {entry["ply"]: entry["seat"] for entry in state["log"]}
    automata = state["view"]["automata"]
    marked = expected_marks(state, 0)
    assert marked and all(ply in visible_moves(state) for ply in marked)

    page = new_page(1280, 1000)
    page.add_init_script(SAFE_PALETTE)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector(f"body[data-ply='{state['ply']}']")
    page.wait_for_selector("[data-testid='tree-card']")
    seen = looks(page)
    assert seen["palette"] == "safe"

    # (a) the eras: Okabe and Ito's colours, six of them, told apart with each deficiency
    assert sorted(seen["rows"]) == [[k + 1, colour] for k, colour in enumerate(SAFE_ERAS)]
    for name in MACHADO:
        for one, two in itertools.combinations(SAFE_ERAS, 2):
            assert math.dist(lab(one, name), lab(two, name)) > 15, (name, one, two)
    # every card names its era by number, the small ones too, in its era's colour
    assert seen["chips"], "the reserve and the discards show small cards"
    for card, text, colour in seen["cards"]:
        assert text == f"{era_of[card]}·{number_of[card]}", (card, text)
        assert colour == SAFE_ERAS[era_of[card] - 1], (card, colour)

    # (a) the seats shown by colour carry their numbers, in their ink: every discard's owner
    discards = [n for n in seen["numbers"] if n["where"] and n["where"].startswith("discard-")]
    assert sorted((n["seat"], n["text"]) for n in discards) == [(k, str(k + 1)) for k in range(3)]
    for number in seen["numbers"]:
        seat = number["seat"]
        assert number["text"] == str(seat + 1)
        assert rgb(number["background"]) == rgb(SAFE_SEATS[seat])
        assert number["colour"] == SAFE_INKS[seat]
    # the marks of the others' moves: the mover's number on each
    assert sorted(m["ply"] for m in seen["marks"]) == marked
    for mark in seen["marks"]:
        seat = movers[mark["ply"]]
        if seat is None:
            seat = automata[0]
        assert mark["number"] == str(seat + 1), mark
        assert mark["colour"] == SAFE_INKS[seat], mark
    for name in MACHADO:
        for one, two in itertools.combinations(SAFE_SEATS, 2):
            assert math.dist(lab(one, name), lab(two, name)) > 15, (name, one, two)

    page.wait_for_timeout(900)  # past the bot's fade-in
    page.screenshot(path=str(screenshots / "palette-evolution.png"), full_page=True)
    show_as(page, "deuteranopia")
    page.wait_for_timeout(200)
    page.screenshot(path=str(screenshots / "palette-evolution-deuteranopia.png"), full_page=True)

    # (b) the same game without the option: nothing of it shows
    plain = new_page(1280, 1000)
    plain.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    plain.wait_for_selector(f"body[data-ply='{state['ply']}']")
    plain.wait_for_selector("[data-testid='tree-card']")
    standard = looks(plain)
    assert standard["palette"] == "standard"
    eras = {era["number"]: era["colour"] for era in components["eras"]}
    assert sorted(standard["rows"]) == sorted([k, c] for k, c in eras.items())
    assert standard["numbers"] == []
    assert standard["marks"] and all(m["number"] is None for m in standard["marks"])
    assert plain.locator("[data-testid='mark-seat'], .evo-seat-num").count() == 0
    for card, text in standard["chips"]:  # era·number in either look, as the hand's cards
        assert text == f"{era_of[card]}·{number_of[card]}", (card, text)
    for card, _, colour in standard["cards"]:
        assert colour == eras[era_of[card]]


def test_bluff_in_the_colour_blind_look(server: Server, new_page: Any, screenshots: Path) -> None:
    created = server.post(
        "/api/games", {"game": "evolution-bluff", "seats": [ANA, GREEDY], "bot_delay_ms": 0}
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]

    def ready(state: dict[str, Any]) -> bool:
        return state["ply"] >= 16 and bool(state["legal"]) and state["view"]["pile"]["size"] >= 1

    state = play_until(server, game_id, token, random.randrange(1 << 30), stop=ready)
    assert state["status"] == "playing"
    page = new_page(1280, 1000)
    page.add_init_script(SAFE_PALETTE)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector(f"body[data-ply='{state['ply']}']")
    page.wait_for_selector("[data-testid='pile']")
    chips = page.eval_on_selector_all(
        "[data-testid='era-chip']",
        """(els) => els.map((el) => [Number(el.dataset.era),
            el.style.getPropertyValue('--era').trim(), el.querySelector('b').textContent,
            getComputedStyle(el.querySelector('b')).color])""",
    )
    assert [c[:3] for c in chips] == [[k + 1, c, str(k + 1)] for k, c in enumerate(SAFE_ERAS)]
    # dark ink on the light eras, white on the blue one
    assert [c[3] for c in chips] == ["rgb(0, 0, 0)"] * 4 + ["rgb(255, 255, 255)", "rgb(0, 0, 0)"]
    seen = looks(page)
    discards = [n for n in seen["numbers"] if n["where"] and n["where"].startswith("discard-")]
    assert sorted((n["seat"], n["text"]) for n in discards) == [(0, "1"), (1, "2")]
    for mark in seen["marks"]:
        assert mark["number"] == "2", mark  # greedy's, seat 2
    page.screenshot(path=str(screenshots / "palette-evolution-bluff.png"), full_page=True)
