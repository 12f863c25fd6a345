"""Entdecker's board with the colour-blind colours (the top bar's option, kept in
localStorage "terranova.palette"): the sea and the land are told apart by lightness and
texture (Okabe and Ito's blue with waves, a light bluish green with dots), and every piece
in a seat's colour (units, the ship, scouts on the jungle paths, the marks of the others'
moves, the dots of who looked at a hut's token) carries the seat's number; with the option
off none of it shows.

A second screenshot is taken through a deuteranopia filter (Machado et al.'s matrix, an SVG
feColorMatrix in linear RGB) to look at the board as a colour-blind player would; the same
matrix checks here that the sea, the land and the two seats' colours stay apart."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from tests.e2e.colour_vision import SAFE_PALETTE, contrast, rgb, seen, show_as
from tests.e2e.conftest import Server, play_until, wait_until

RGB = re.compile(r"rgb\((\d+), (\d+), (\d+)\)")
UNITS = """els => els.map(e => {
  const n = e.querySelector('.seat-number');
  return [Number(e.dataset.seat), n && n.textContent, n && getComputedStyle(n).fill];
})"""
SPACES = """els => els.map(e => {
  const n = e.nextElementSibling;
  return [Number(e.dataset.seat), n && n.textContent];
})"""
MARKS = """els => els.map(e => {
  const n = e.querySelector('.seat-number');
  return [e.dataset.seat, n && n.textContent];
})"""


def pieces_by_seat(state: dict[str, Any]) -> set[int]:
    view = state["view"]
    seats = {u["seat"] for u in view["units"]}
    seats |= {x for hut in view["huts"] for x in hut["spaces"] if x >= 0}
    return seats


def new_game(server: Server) -> tuple[str, str, dict[str, Any]]:
    """Ana plays at random against a bot until both have pieces out, some unit stands on
    the map (both seats' pieces may all be scouts on the jungle paths) and she is to choose
    a new start (the state stands still)."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]
    created = server.post("/api/games", {"game": "entdecker", "seats": seats, "bot_delay_ms": 0})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = play_until(
        server, game_id, token, random.randrange(1 << 30),
        stop=lambda s: s["ply"] >= 30 and bool(s["legal"]) and s["view"]["step"] == "start"
        and pieces_by_seat(s) == {0, 1} and bool(s["view"]["units"]),
    )  # fmt: skip
    return game_id, token, state


def open_page(new_page: Any, server: Server, game_id: str, token: str, ply: int, safe: bool) -> Any:
    page = new_page(1400, 900)
    if safe:
        page.add_init_script(SAFE_PALETTE)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=ply)
    page.wait_for_selector(".layer-tiles .tile")
    return page


def fill_of(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "e => getComputedStyle(e).fill"))


def colour(text: str) -> str:
    """The ``rgb(...)`` of a computed fill (after a pattern's ``url(...)``)."""
    m = RGB.search(text)
    assert m, text
    return m[0]


def test_the_colour_blind_look_of_the_map(server: Server, new_page: Any, screenshots: Path) -> None:
    game_id, token, state = new_game(server)
    view = state["view"]
    page = open_page(new_page, server, game_id, token, state["ply"], safe=True)
    assert page.evaluate("document.documentElement.dataset.palette") == "safe"

    # (a) every unit on the map shows its seat's number (1-based), in the seat's ink
    units = page.eval_on_selector_all(".layer-units .unit", UNITS)
    assert len(units) == len(view["units"]) and units, (units, view["units"])
    inks = {0: "rgb(255, 255, 255)", 1: "rgb(255, 255, 255)"}  # vermilion and blue: white
    for seat, number, ink in units:
        assert number == str(seat + 1), units
        assert ink == inks[seat], units
    # the scouts on the jungle paths too, each space in its owner's colour with the number
    spaces = page.eval_on_selector_all(".layer-jungle .path-space.taken", SPACES)
    on_paths = [x for hut in view["huts"] for x in hut["spaces"] if x >= 0]
    assert sorted(s for s, _ in spaces) == sorted(on_paths)
    assert all(number == str(seat + 1) for seat, number in spaces), spaces
    assert {u[0] for u in units} | {s for s, _ in spaces} == {0, 1}
    # the marks of the bot's moves since Ana's last decision carry its number
    marks = page.eval_on_selector_all("[data-testid='since-mark']", MARKS)
    assert all(number == str(int(seat) + 1) for seat, number in marks), marks
    # the ship of the turn, when one is on the map
    ships = page.locator(".layer-ship .ship")
    numbers = page.locator(".layer-ship .ship .seat-number")
    assert numbers.count() == ships.count() <= 1
    if ships.count():
        assert numbers.text_content() == str(view["turn"]["seat"] + 1)

    # (b) the sea and the land are filled with their patterns (waves, dots), defined once
    assert page.locator("#ent-sea").count() == 1 and page.locator("#ent-land").count() == 1
    sea = fill_of(page, ".layer-tiles .tile-water")
    land = fill_of(page, ".layer-tiles .tile-land")
    assert "#ent-sea" in sea and "rgb(0, 114, 178)" in sea, sea
    assert "#ent-land" in land and "rgb(134, 211, 178)" in land, land
    assert page.locator("#ent-sea path").count() == 1  # the waves
    assert page.locator("#ent-land circle").count() == 2  # the dots
    # the legend shows the same patterns, and what the numbers are
    assert "#ent-sea" in fill_of(page, ".map-legend .swatch-sea rect")
    assert "#ent-land" in fill_of(page, ".map-legend .swatch-land rect")
    assert page.locator(".map-legend .legend-seat .seat-number").text_content() == "1"
    # a deuteranope tells the sea from the land and the land from the empty board by
    # lightness alone, and the two seats apart
    assert contrast(colour(sea), colour(land), "deuteranopia") >= 2.5
    assert contrast(colour(land), "#e8e1cc", "deuteranopia") >= 1.4
    seats = page.eval_on_selector_all(
        ".layer-units .unit-shape path", "els => els.map(e => getComputedStyle(e).fill)"
    )
    assert {rgb(c) for c in seats} <= {(213, 94, 0), (0, 114, 178)}
    # the seats' colours stay apart (yellow-brown and blue to a deuteranope), numbers aside
    a, b = seen("#d55e00", "deuteranopia"), seen("#0072b2", "deuteranopia")
    assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 > 0.2
    page.screenshot(path=str(screenshots / "palette-entdecker.png"))
    show_as(page, "deuteranopia")
    page.wait_for_timeout(200)
    page.screenshot(path=str(screenshots / "palette-entdecker-deuteranopia.png"))

    # (c) with the option off the board looks as before: plain fills, no numbers, no patterns
    plain = open_page(new_page, server, game_id, token, state["ply"], safe=False)
    assert plain.evaluate("document.documentElement.dataset.palette") == "standard"
    assert plain.locator(".seat-number").count() == 0
    assert plain.locator("#ent-sea, #ent-land, .legend-swatch, .legend-seat").count() == 0
    assert fill_of(plain, ".layer-tiles .tile-water") == "rgb(74, 144, 194)"
    assert fill_of(plain, ".layer-tiles .tile-land") == "rgb(127, 176, 105)"
    assert plain.locator(".layer-units .unit").count() == len(view["units"])

    # Ana starts her voyage: her ship, in her colour, carries her number on the hull
    start = next(a for a in state["legal"] if a.startswith("start "))
    move = {"seat": 0, "token": token, "action": start, "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    wait_until(page, "(p) => Number(document.body.dataset.ply) > p", arg=state["ply"])
    page.wait_for_selector(".layer-ship .ship")
    assert page.locator(".layer-ship .ship .seat-number").text_content() == "1"
    assert plain.locator(".layer-ship .ship").count() == 1
    assert plain.locator(".layer-ship .seat-number").count() == 0
    page.evaluate("document.body.style.filter = ''")
    box = page.locator(".layer-ship .ship").bounding_box()
    clip = {
        "x": box["x"] - 60,
        "y": box["y"] - 60,
        "width": box["width"] + 120,
        "height": box["height"] + 120,
    }
    page.screenshot(path=str(screenshots / "palette-entdecker-ship.png"), clip=clip)
