"""Small Islands with the top bar's "Colour-blind colours": the terrain is told apart by
lightness and texture (waves on the sea and shallows, tufts on the land, Okabe and Ito's
colours on the symbols, whose shapes differ anyway), and every piece in a seat's colour
(houses, ships, bonus tokens) carries the seat's number, 1-based, Alexis's houses an "A";
with the option off, none of it shows.

The deals are the server's own; the game is played at random until pieces are on the map.
Screenshots go to out/screenshots/ (see conftest.py): ``palette-small-islands.png`` and the
same view through a deuteranopia simulation, ``palette-small-islands-deuteranopia.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.colour_vision import MACHADO, SAFE_PALETTE, lightness, show_as
from tests.e2e.colour_vision import seen as seen_with
from tests.e2e.conftest import Server, play_at_random, wait_still, wait_until

# seatInk of the safe palette (common.js), as computed styles give it
SAFE_INK = ["rgb(255, 255, 255)", "rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(255, 255, 255)"]


def pieces_by_seat(state: dict[str, Any]) -> dict[str, set[int]]:
    """Which seats have houses, bonus tokens and ships on the map (Alexis: the seat count)."""
    found: dict[str, set[int]] = {"house": set(), "token": set(), "ship": set()}
    for tile in state["view"]["tiles"]:
        found["house"].update(tile.get("houses") or [])
        found["token"].update(t["seat"] for t in tile.get("tokens") or [])
        if tile["design"] == "ship" and tile.get("ship") is not None and tile["ship"] >= 0:
            found["ship"].add(tile["ship"])
    return found


def open_seat(page: Any, server: Server, game_id: str, token: str, at_ply: int) -> None:
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ready='1']")
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=at_ply)
    page.wait_for_selector(".map-svg[data-tiles]")
    wait_still(page, ".map-svg")  # the last move arrives animated: sizes are read after


def numbers(page: Any, selector: str) -> list[dict[str, Any]]:
    """Each piece's seat (data-seat) and the number drawn on it, with its ink."""
    return list(
        page.locator(selector).evaluate_all(
            """(els) => els.map((e) => {
                const n = e.querySelector('.piece-number');
                return {seat: e.dataset.seat, text: n ? n.textContent : null,
                        ink: n ? getComputedStyle(n).fill : null,
                        size: n ? n.getBoundingClientRect().height : 0};
            })"""
        )
    )


def fills(page: Any) -> dict[str, str]:
    return dict(
        page.evaluate(
            """() => {
                const out = {};
                for (const cls of ['tile-sea', 'tile-shallow', 'tile-beach', 'tile-grass',
                                   'petal', 'fruit-body', 'leaf-body', 'temple-body',
                                   'port-disc', 'house-symbol']) {
                    const el = document.querySelector('.map-svg .' + cls);
                    if (el) out[cls] = getComputedStyle(el).fill;
                }
                return out;
            }"""
        )
    )


def test_safe_colours_number_the_pieces_and_texture_the_terrain(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]

    def ready(state: dict[str, Any]) -> bool:
        found = pieces_by_seat(state)
        both = found["house"] | found["token"] | found["ship"]
        return bool(state["legal"]) and {0, 1} <= both and bool(found["house"])

    game_id, token = play_at_random(server, "small-islands", seats, seed=11, stop=ready)
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    found = pieces_by_seat(state)
    assert found["house"] and {0, 1} <= found["house"] | found["token"] | found["ship"], found

    page = new_page(1280, 860)
    page.add_init_script(SAFE_PALETTE)
    open_seat(page, server, game_id, token, state["ply"])
    assert page.evaluate("document.documentElement.dataset.palette") == "safe"
    assert page.is_checked("[data-testid='palette']")

    # (a) every house, bonus token and owned ship shows its seat's number in the seat's ink
    houses = numbers(page, ".house-piece")
    tokens = numbers(page, ".token-piece")
    assert houses, "no house drawn"
    for piece in houses + tokens:
        seat = int(piece["seat"])
        assert piece["text"] == str(seat + 1), piece
        assert piece["ink"] == SAFE_INK[seat], piece
        assert piece["size"] >= 6, piece  # readable at the board's zoom
    ships = page.locator(".layer-tiles .ship-shape").evaluate_all(
        """(els) => els.map((e) => {
            const n = e.querySelector('.piece-number');
            const hull = getComputedStyle(e.querySelector('.hull')).fill;
            return {hull, text: n ? n.textContent : null};
        })"""
    )
    owned = {seat: 0 for seat in found["ship"]}
    for ship in ships:
        if ship["hull"] == "rgb(154, 164, 173)":  # a grey ship belongs to nobody
            assert ship["text"] is None, ship
        else:
            assert ship["text"] in {str(seat + 1) for seat in found["ship"]}, ship
            owned[int(ship["text"]) - 1] += 1
    assert all(owned.values()), (owned, ships)
    drawn = {int(p["seat"]) for p in houses + tokens} | {k for k, n in owned.items() if n}
    assert {0, 1} <= drawn

    # (b) the terrain: sea and shallows waved, land tufted, symbols in Okabe and Ito's colours
    for pattern in ("si-sea-tex", "si-shallow-tex", "si-land-tex"):
        assert page.locator(f".map-svg defs #{pattern}").count() == 1
    seen = fills(page)
    assert seen["tile-sea"] == 'url("#si-sea-tex")', seen
    assert seen["tile-grass"] == 'url("#si-land-tex")', seen
    if "tile-shallow" in seen:
        assert seen["tile-shallow"] == 'url("#si-shallow-tex")', seen
    expected_symbols = {
        "petal": "rgb(204, 121, 167)",
        "fruit-body": "rgb(230, 159, 0)",
        "leaf-body": "rgb(0, 158, 115)",
        "temple-body": "rgb(255, 255, 255)",
        "port-disc": "rgb(255, 255, 255)",
    }
    for cls, colour in expected_symbols.items():
        if cls in seen:
            assert seen[cls] == colour, (cls, seen)
    # the legend: textured swatches and the seat numbers
    legend = page.locator(".map-legend")
    assert "gradient" in legend.locator("i.sw-sea").evaluate(
        "e => getComputedStyle(e).backgroundImage"
    )
    assert "gradient" in legend.locator("i.sw-land").evaluate(
        "e => getComputedStyle(e).backgroundImage"
    )
    assert "seat number" in legend.inner_text()
    assert legend.locator("[data-testid='legend-numbers'] .piece-number").text_content() == "1"

    # the colours the safe look relies on stay apart for each colour blindness: land and sea
    # (and shallows) by lightness, the resource symbols by lightness or colour (their shapes
    # differ besides)
    colours = {"land": "#d9e7a1", "shallow": "#56b4e9", "sea": "#0072b2"}
    colours.update(flower="#cc79a7", fruit="#e69f00", leaf="#009e73")
    for name in MACHADO:
        seen_as = {k: seen_with(c, name) for k, c in colours.items()}
        light = {k: lightness(c, name) for k, c in colours.items()}
        assert light["land"] - light["shallow"] > 12, (name, light)
        assert light["shallow"] - light["sea"] > 12, (name, light)
        for a, b in (("flower", "fruit"), ("fruit", "leaf"), ("flower", "leaf")):
            apart = max(abs(x - y) for x, y in zip(seen_as[a], seen_as[b], strict=True))
            assert apart > 0.08 or abs(light[a] - light[b]) > 8, (name, a, b, seen_as)

    page.screenshot(path=str(screenshots / "palette-small-islands.png"))
    show_as(page, "deuteranopia")
    page.screenshot(path=str(screenshots / "palette-small-islands-deuteranopia.png"))

    # (c) the option off: the standard look, no number, no texture
    plain = new_page(1280, 860)
    open_seat(plain, server, game_id, token, state["ply"])
    assert plain.evaluate("document.documentElement.dataset.palette") == "standard"
    assert plain.locator(".piece-number").count() == 0
    assert plain.locator("[id^='si-'][id$='-tex']").count() == 0
    assert plain.locator("[data-testid='legend-numbers']").count() == 0
    seen = fills(plain)
    assert seen["tile-sea"] == "rgb(61, 142, 201)", seen
    assert seen["tile-grass"] == "rgb(140, 196, 106)", seen
    if "leaf-body" in seen:
        assert seen["leaf-body"] == "rgb(47, 143, 58)", seen
    assert (
        plain.locator(".map-legend i.sw-sea").evaluate("e => getComputedStyle(e).backgroundImage")
        == "none"
    )
    plain.screenshot(path=str(screenshots / "palette-small-islands-standard.png"))


def test_alexis_houses_carry_an_a_in_safe_colours(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    seats = [{"kind": "human", "name": "Ana"}]

    def ready(state: dict[str, Any]) -> bool:
        return bool(state["legal"]) and 1 in pieces_by_seat(state)["house"]

    game_id, token = play_at_random(server, "small-islands", seats, seed=4, stop=ready)
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    assert 1 in pieces_by_seat(state)["house"], "Alexis built no house"

    page = new_page(1280, 860)
    page.add_init_script(SAFE_PALETTE)
    open_seat(page, server, game_id, token, state["ply"])
    alexis = numbers(page, ".house-piece[data-seat='alexis']")
    assert alexis and all(p["text"] == "A" and p["ink"] == "rgb(255, 255, 255)" for p in alexis), (
        alexis
    )
    for piece in numbers(page, ".house-piece:not([data-seat='alexis']), .token-piece"):
        assert piece["text"] == str(int(piece["seat"]) + 1), piece
    page.screenshot(path=str(screenshots / "palette-small-islands-solo.png"))
