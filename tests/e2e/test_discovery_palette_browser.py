"""The Discovery with the colour-blind colours: the terrains take colours apart in lightness
as well as hue and bolder patterns (peaks, grass, waves), the legend shows them, every
follower carries its seat's number (and every mark of another's move its mover's), and the
standard look shows none of it. A simulated deuteranopia screenshot is taken, and the
terrain and seat colours are checked to stay apart under deuteranopia, protanopia and
tritanopia (Machado, Oliveira and Fernandes' matrices, severity 1)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_until, polite

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
TERRAINS = ["mountain", "grassland", "sea"]
SAFE_FILLS = {"mountain": "#8a7f75", "grassland": "#d0d66a", "sea": "#2f7fc1"}
STANDARD_FILLS = {"mountain": "#a08a74", "grassland": "#9bc862", "sea": "#4f92d8"}
SAFE_INK = ["#fff", "#fff"]  # seatInk of seats 0 and 1 in the safe palette

# Machado et al. (2009), severity 1, on linear RGB (as feColorMatrix works by default)
CVD = {
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    "tritanopia": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
}


def rgb(colour: str) -> tuple[int, int, int]:
    """'#abc', '#aabbcc' or 'rgb(1, 2, 3)' as a triple."""
    colour = colour.strip()
    if colour.startswith("rgb"):
        r, g, b = (int(float(p)) for p in colour[colour.index("(") + 1 : -1].split(",")[:3])
        return r, g, b
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def simulated_lab(colour: str, matrix: list[list[float]]) -> tuple[float, float, float]:
    """CIELAB of ``colour`` as seen with the colour blindness of ``matrix``."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    lin = [linear(c) for c in rgb(colour)]
    r, g, b = (max(0.0, min(1.0, sum(row[j] * lin[j] for j in range(3)))) for row in matrix)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def apart(colours: dict[str, str], least: float) -> None:
    """Every two of ``colours`` differ by ``least`` (CIELAB distance) under each simulation."""
    for name, matrix in CVD.items():
        labs = {k: simulated_lab(v, matrix) for k, v in colours.items()}
        for a, b in itertools.combinations(labs, 2):
            distance = math.dist(labs[a], labs[b])
            assert distance >= least, f"{a} and {b} look alike with {name}: {distance:.1f}"


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
        page.add_init_script("localStorage.setItem('terranova.palette', 'safe')")
    page.goto(server.base + link)
    page.wait_for_selector(f"body[data-ply='{ply}']")
    page.wait_for_selector("#map .follower")
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
    created = polite(
        server.post, "/api/games", {"game": "discovery", "seats": [ANA, GREEDY], "bot_delay_ms": 0}
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

    # the same page as a deuteranope sees it (Machado's matrix in an SVG filter)
    matrix = (
        " ".join(" ".join(str(v) for v in row) + " 0 0" for row in CVD["deuteranopia"])
        + " 0 0 0 1 0"
    )
    page.evaluate(
        """matrix => {
          const ns = "http://www.w3.org/2000/svg";
          const svg = document.createElementNS(ns, "svg");
          svg.setAttribute("width", "0");
          svg.setAttribute("height", "0");
          svg.style.position = "absolute";
          svg.innerHTML = `<filter id="cvd-deuteranopia" color-interpolation-filters="linearRGB">
            <feColorMatrix type="matrix" values="${matrix}"/></filter>`;
          document.body.append(svg);
          document.body.style.filter = "url(#cvd-deuteranopia)";
        }""",
        matrix,
    )
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
