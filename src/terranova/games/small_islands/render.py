"""Drawing Small Islands: the table as text and as SVG, and the catalogue of tiles
(``terranova render small-islands --tiles``), with the kit's SVG helpers.

Everything is drawn from the state's public protocol: ``state.view(seat)`` (the table, the
face-up row, the players as ``seat`` sees them) and ``state.components()`` (each design's
labels, edges N, E, S, W then corners NE, SE, SW, NW, land 0 and sea 1, and its symbols).

A tile is drawn on a 3x3 grid of cells: each corner cell takes its corner's label, each
edge cell its edge's, and the centre is land when any edge is. As text, each cell is one
character (``#`` land, ``~`` sea) and the centre shows the most notable thing on the tile;
as SVG, the land cells are joined into rounded shapes with a beach, the symbols stand on
the land (ports on the coast) and the pieces on their symbols.

>>> import terranova
>>> state = terranova.make("small-islands")
>>> print(render_text(state).splitlines()[0])
Small Islands (normal), round 0, step: starting tiles, seat 0 to act; first player seat 0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from terranova.core.i18n import from_data
from terranova.core.state import State
from terranova.games.small_islands.drawing import render_components_svg, render_svg
from terranova.games.small_islands.look import (
    LEGEND,
    SEAT_COLOURS,
    TEXT_LAND,
    TEXT_SEA,
    cells,
    laid_labels,
    marker,
    place_name,
    status_line,
    who,
    winners_line,
)

__all__ = [
    "SEAT_COLOURS",
    "cells",
    "render_components_svg",
    "render_svg",
    "render_text",
]

# ------------------------------------------------------------------------------ text


def _mission_text(m: dict[str, Any]) -> str:
    kind = m["kind"]
    if kind == "more":
        return f"more {m['a']} than {m['b']}"
    if kind == "equal":
        return f"as many {m['a']} as {m['b']}"
    if kind == "match":
        return f"as many {m['a']} as another resource"
    return " + ".join(f"{n} {symbol}" for symbol, n in m["need"].items())


def _reward_text(r: dict[str, Any]) -> str:
    kind = r["kind"]
    bonus = f" + {r['bonus']}" if r["bonus"] else ""
    if kind == "per_symbol":
        return f"{r['points']} PP per {r['symbol']}{bonus}"
    if kind == "lowest":
        return f"{r['points']} PP per scarcest resource{bonus}"
    if kind == "chosen":
        return f"{r['points']} PP per chosen resource{bonus}"
    if kind == "flat":
        return f"{r['points']} PP"
    if kind == "size":
        sizes = r["sizes"]
        return (
            "size "
            + "/".join(str(s) for s, _ in sizes)
            + " tiles: "
            + "/".join(str(p) for _, p in sizes)
            + " PP"
        )
    return "a Discovery token per temple"


def _objective_text(cards: Sequence[str], components: dict[str, Any]) -> str:
    """An objective's cards and what they ask and pay: an objective card, or a Mission
    and a Reward card."""
    if len(cards) == 1:
        found = next((o for o in components["objectives"] if o["id"] == cards[0]), None)
        if found is None:
            return cards[0]
        mission, reward = found["mission"], found["reward"]
    else:
        mission = next((m for m in components["missions"] if m["id"] == cards[0]), None)
        reward = next((r for r in components["rewards"] if r["id"] == cards[1]), None)
        if mission is None or reward is None:
            return "+".join(cards)
    return f"{'+'.join(cards)} ({_mission_text(mission)}: {_reward_text(reward)})"


def _player_line(player: dict[str, Any], components: dict[str, Any]) -> str:
    """One player's line: prestige and score, houses, bonus tokens, hand, objective,
    Discovery tokens."""
    hand = player["hand"]
    hand_text = f"hand {' '.join(hand) or '-'}" if isinstance(hand, list) else f"hand {hand}"
    parts = [
        f"{player['prestige']} PP (score {player['score']})",
        f"houses {player['houses']} + {player['reserve']} reserve, {player['built']} built",
        "tokens " + (" ".join(player["tokens"]) or "-"),
        hand_text,
    ]
    objective = player["objective"]
    if isinstance(objective, list):
        if objective:
            parts.append("objective " + _objective_text(objective, components))
    elif objective:
        parts.append("objective hidden")
    later = player["next_objective"]
    if isinstance(later, list) and later:
        parts.append("next " + "+".join(later))
    holding = player["holding"]
    held = [card for cards in holding.values() if isinstance(cards, list) for card in cards]
    count = sum(len(c) if isinstance(c, list) else c for c in holding.values())
    if held:
        parts.append("holding " + " ".join(held))
    elif count:
        parts.append(f"holding {count} cards")
    found = player["discoveries"]
    if isinstance(found, list):
        if found:
            tokens = " ".join(f"{d['token']}={d['value']}" for d in found)
            parts.append(f"discoveries {tokens}")
    elif found:
        parts.append(f"discoveries {found} hidden")
    if player["ports_around_ship"]:
        parts.append(f"ports around its ship {player['ports_around_ship']}")
    return f"{who(player['seat'])}: " + ", ".join(parts)


def _x_labels(min_x: int, max_x: int, gutter: int) -> list[str]:
    """Column labels, centred over each 3-character block (staggered on two lines when a
    label needs 3 characters)."""
    labels = [str(x) for x in range(min_x, max_x + 1)]
    if max(len(label) for label in labels) <= 2:
        return [(" " * gutter + "".join(label.center(3) for label in labels)).rstrip()]
    out = []
    for parity in (0, 1):
        line = [" "] * (len(labels) * 3 + 4)
        for k, label in enumerate(labels):
            if k % 2 == parity:
                start = max(0, k * 3 + 1 - len(label) // 2)
                line[start : start + len(label)] = label
        out.append((" " * gutter + "".join(line)).rstrip())
    return out


def _map_lines(tiles: list[dict[str, Any]], designs: dict[str, dict[str, Any]]) -> list[str]:
    if not tiles:
        return ["(no tile laid yet)"]
    xs = [t["x"] for t in tiles]
    ys = [t["y"] for t in tiles]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    rows = [[" "] * ((max_x - min_x + 1) * 3) for _ in range((max_y - min_y + 1) * 3)]
    for tile in tiles:
        design = designs[tile["design"]]
        grid = cells(laid_labels(design, tile["rotation"]))
        left, top = (tile["x"] - min_x) * 3, (tile["y"] - min_y) * 3
        for j in range(3):
            for i in range(3):
                rows[top + j][left + i] = TEXT_LAND if grid[j][i] else TEXT_SEA
        rows[top + 1][left + 1] = marker(tile, design, grid[1][1])
    labels = [str(y) for y in range(min_y, max_y + 1)]
    gutter = max(len(label) for label in labels) + 1
    out = _x_labels(min_x, max_x, gutter)
    for k, chars in enumerate(rows):
        label = labels[k // 3] if k % 3 == 1 else ""
        out.append((label.rjust(gutter - 1) + " " + "".join(chars)).rstrip())
    return out


def _pieces_lines(tiles: list[dict[str, Any]], players: int, solo: bool) -> list[str]:
    """Where the ships, houses and bonus tokens are."""
    ships: list[str] = []
    houses: dict[int, list[str]] = {}
    tokens: dict[int, list[str]] = {}
    for tile in tiles:
        at = f"{tile['x']},{tile['y']}"
        if "ship" in tile:
            owner = tile["ship"]
            ships.append(f"{who(owner) if owner >= 0 else 'grey'} at {at}")
        for place in tile.get("houses", ()):
            houses.setdefault(place, []).append(at)
        for token in tile.get("tokens", ()):
            over = f" over {token['over']}" if "over" in token else ""
            tokens.setdefault(token["seat"], []).append(f"{token['kind']}{over} at {at}")
    out = []
    if ships:
        out.append("ships: " + "; ".join(ships))
    if houses:
        out.append(
            "houses: "
            + "; ".join(
                f"{place_name(p, players, solo)} at {' '.join(houses[p])}" for p in sorted(houses)
            )
        )
    if tokens:
        out.append(
            "bonus tokens: " + "; ".join(f"{who(s)} {', '.join(tokens[s])}" for s in sorted(tokens))
        )
    return out


def render_text(state: State, seat: int | None = None) -> str:
    """The game as ``seat`` sees it (None: a spectator): the round and step, the stacks
    and the face-up row, each player's line (and Alexis's in a solo game), then the map,
    each tile a 3x3 block of characters, its legend and where the pieces are."""
    view = state.view(seat)
    components = state.components()
    designs = {d["id"]: d for d in components["designs"]}
    decks = ", ".join(f"{deck} {n}" for deck, n in view["decks"].items())
    lines = [
        status_line(view),
        f"navigation {view['navigation']}, main stack {view['stack']}, grey ships "
        f"{view['grey_ships']}, decks {decks}, discovery pool {view['discovery_pool']}",
        "face-up: " + (" ".join(view["row"]) or "-"),
    ]
    drawn = view["drawn_tokens"]
    if drawn:
        lines.append(
            "drawn discovery tokens: "
            + (" ".join(drawn) if isinstance(drawn, list) else f"{drawn} hidden")
        )
    for player in view["seats"]:
        lines.append(_player_line(player, components))
    alexis = view.get("alexis")
    if alexis is not None:
        last = alexis["last_card"] or "-"
        lines.append(
            f"Alexis ({alexis['card']}): score {alexis['score']}, houses {alexis['houses']}, "
            f"{alexis['built']} built, expedition deck {alexis['deck']}, last card {last}"
        )
    lines += _map_lines(view["tiles"], designs)
    lines.append(LEGEND)
    lines += _pieces_lines(view["tiles"], view["players"], alexis is not None)
    if view["ended"]:
        won = winners_line(view)
        lines.append(f"over: {from_data(view['ended'])}; winners: {won}")
    return "\n".join(lines) + "\n"
