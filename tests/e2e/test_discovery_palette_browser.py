"""The Discovery with the colour-blind colours: the terrains take colours apart in lightness
as well as hue and bolder patterns (peaks, grass, waves), the legend shows them, every
follower carries its seat's number (and every mark of another's move its mover's), and the
standard look shows none of it. A simulated deuteranopia screenshot is taken, and the
terrain and seat colours are checked to stay apart under deuteranopia, protanopia and
tritanopia (Machado, Oliveira and Fernandes' matrices, severity 1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.colour_vision import SAFE_PALETTE, apart, show_as
from tests.e2e.conftest import Server, play_until, wait_still

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
TERRAINS = ["mountain", "grassland", "sea"]
SAFE_FILLS = {"mountain": "#8a7f75", "grassland": "#d0d66a", "sea": "#2f7fc1"}
STANDARD_FILLS = {"mountain": "#a08a74", "grassland": "#9bc862", "sea": "#4f92d8"}
SAFE_INK = ["#fff", "#fff"]  # seatInk of seats 0 and 1 in the safe palette


def both_on_the_map(state: dict[str, Any]) -> bool:
    """Ana is to place a tile after some rounds, and both seats have a follower on the map."""
    seats = {f["seat"] for f in state["view"]["followers"]}
    return (
        bool(state["legal"])
        and state["view"]["phase"] == "place"
        and seats == {0, 1}
        and state["ply"] >= 24
    )


def open_game(server: Server, new_page: Any, link: str, ply: int, safe: bool) -> Any:
    page = new_page()
    if safe:
        page.add_init_script(SAFE_PALETTE)
    page.goto(server.base + link)
    page.wait_for_selector(f"body[data-ply='{ply}']")
    page.wait_for_selector("#map .follower")
    wait_still(page, "#map .follower")
    return page


def terrain_fills(page: Any) -> dict[str, list[str]]:
    """The fills of the map's terrain shapes (colour, then pattern), by terrain."""
    return dict(
        page.evaluate(
            """() => {
              const out = {};
              const textures = "#map .layer-tiles [fill^='url(#tex-']";
              for (const use of document.querySelectorAll(textures)) {
                const terrain = use.getAttribute("fill").slice(9, -1);
                const colour = use.previousElementSibling.getAttribute("fill");
                out[terrain] = [colour, use.getAttribute("fill")];
              }
              return out;
            }"""
        )
    )


def followers(page: Any) -> list[dict[str, Any]]:
    return list(
        page.locator("#map .follower").evaluate_all(
            """els => els.map(g => {
              const n = g.querySelector("[data-testid='seat-number']");
              const box = n && n.getBoundingClientRect();
              return {seat: Number(g.dataset.seat),
                      fill: g.querySelector(".meeple").getAttribute("fill"),
                      number: n && n.textContent, ink: n && n.getAttribute("fill"),
                      height: box ? box.height : 0};
            })"""
        )
    )


def test_colour_blind_terrain_and_seat_numbers(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    created = server.post(
        "/api/games", {"game": "discovery", "seats": [ANA, GREEDY], "bot_delay_ms": 0}
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    link = created["seats"][0]["link"]
    state = play_until(server, game_id, token, seed=7, stop=both_on_the_map)
    assert both_on_the_map(state), "both seats have followers on the map after some moves"

    # ---- the colour-blind look
    page = open_game(server, new_page, link, state["ply"], safe=True)
    assert page.evaluate("document.documentElement.dataset.palette") == "safe"
    assert page.is_checked("[data-testid='palette']")

    # (a) every follower shows its seat's number (1-based) in the seat's ink
    shown = followers(page)
    assert {f["seat"] for f in shown} == {0, 1}
    for f in shown:
        assert f["number"] == str(f["seat"] + 1), f
        assert f["ink"] == SAFE_INK[f["seat"]], f
        assert f["height"] >= 9, f"the seat number is readable at the normal zoom: {f}"
    colours = {f["seat"]: f["fill"] for f in shown}
    # the others' moves are marked with their mover's number too
    tags = page.locator("[data-testid='since-mark'] [data-testid='seat-tag']").all_text_contents()
    assert tags and set(tags) == {"2"}, tags

    # (b) the terrains: safe colours under their patterns, bolder; the legend shows both
    fills = terrain_fills(page)
    assert set(fills) <= set(TERRAINS) and len(fills) >= 2, fills
    for terrain, (colour, pattern) in fills.items():
        assert colour == SAFE_FILLS[terrain]
        assert pattern == f"url(#tex-{terrain})"
    for terrain in TERRAINS:
        width = page.get_attribute(f"#tex-{terrain} path", "stroke-width")
        assert width is not None and float(width) >= 1.9, (terrain, width)
        swatch = page.locator(f".map-legend [data-terrain='{terrain}'] svg.terrain-swatch rect")
        assert swatch.nth(0).get_attribute("fill") == SAFE_FILLS[terrain]
        assert swatch.nth(1).get_attribute("fill") == f"url(#tex-{terrain})"
    # apart in every simulated colour blindness: the terrains, and the two seats
    apart(SAFE_FILLS, 25)
    apart({f"seat {k}": c for k, c in colours.items()}, 25)
    page.screenshot(path=str(screenshots / "palette-discovery.png"))

    # the same page as a deuteranope sees it
    show_as(page, "deuteranopia")
    page.wait_for_timeout(200)
    page.screenshot(path=str(screenshots / "palette-discovery-deuteranopia.png"))

    # (c) the standard look: none of it
    plain = open_game(server, new_page, link, state["ply"], safe=False)
    assert plain.evaluate("document.documentElement.dataset.palette") == "standard"
    assert plain.locator("#map [data-testid='seat-number']").count() == 0
    assert plain.locator("#map [data-testid='seat-tag']").count() == 0
    assert plain.locator(".map-legend svg.terrain-swatch").count() == 0
    assert plain.locator(".map-legend i").count() == 4  # three terrains and the port city
    for terrain, (colour, _) in terrain_fills(plain).items():
        assert colour == STANDARD_FILLS[terrain]
    assert plain.get_attribute("#tex-mountain path", "stroke-width") == "1.6"
