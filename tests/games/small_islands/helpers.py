"""Built positions for the rule tests: a game on a small test tile set (all-land tiles with
one symbol each, capes, a bay, a land-at-a-corner tile), tiles laid and pieces placed by
hand, and the game put at the step a test needs. Behaviour is then checked through the
protocol: ``legal_actions``, ``apply``, ``view``, ``returns``, ``winners``."""

from __future__ import annotations

import json
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from terranova.core.actions import Action
from terranova.core.state import CHANCE
from terranova.core.turns import Step
from terranova.games.small_islands import exploring, new_game
from terranova.games.small_islands.actions import Token
from terranova.games.small_islands.state import SmallIslandsState

TEST_TILES = """
[meta]
name = "rule-test tiles"

# all land, one symbol each (and a house symbol), or none
[[design]]
id = "land"
count = 6
edges = "LLLL"
corners = "LLLL"

[[design]]
id = "flo"
count = 6
edges = "LLLL"
corners = "LLLL"
flower = 1
house = 1

[[design]]
id = "fru"
count = 6
edges = "LLLL"
corners = "LLLL"
fruit = 1
house = 1

[[design]]
id = "lea"
count = 6
edges = "LLLL"
corners = "LLLL"
leaf = 1
house = 1

[[design]]
id = "tem"
count = 4
edges = "LLLL"
corners = "LLLL"
temple = 1
house = 1

# all land edges, the NE corner a bay
[[design]]
id = "bay"
count = 2
edges = "LLLL"
corners = "SLLL"
house = 1

# land on the N edge only, every corner sea; with a printed port or without
[[design]]
id = "cape"
count = 30
edges = "LSSS"
corners = "SSSS"
port = 1

[[design]]
id = "spit"
count = 30
edges = "LSSS"
corners = "SSSS"

# two printed ports
[[design]]
id = "pp"
count = 1
edges = "LSSS"
corners = "SSSS"
port = 2

# land on the W half: N, S, W edges land, E edge and the east corners sea
[[design]]
id = "west"
count = 4
edges = "LSLL"
corners = "SSLL"
flower = 1
house = 1

# land at the NE corner only
[[design]]
id = "dot"
count = 6
edges = "SSSS"
corners = "LSSS"

[[start]]
id = "S1"
a = { edges = "LLLL", corners = "LLLL", flower = 1, house = 1 }
b = { edges = "LSSS", corners = "SSSS", port = 1 }

[table]
ships = 4
"""


@cache
def tile_file() -> str:
    """The path of the test tile file (written once per session)."""
    folder = Path(tempfile.mkdtemp(prefix="small-islands-test-"))
    path = folder / "tiles.toml"
    path.write_text(TEST_TILES, encoding="utf-8")
    return str(path)


def blank(players: int = 2, builtin: bool = False, **variants: Any) -> SmallIslandsState:
    """A game with nothing on the table, nothing dealt or drawn, and no step pending (set
    one with :func:`at_step`): on the test tiles unless ``builtin``."""
    tiles = None if builtin else tile_file()
    g = new_game(players=players, tiles=tiles, **variants)
    g.agenda.clear()
    g.changed()
    return g


def pos(g: SmallIslandsState, x: int, y: int) -> int:
    return g.tables.grid.encode(x, y)


def design(g: SmallIslandsState, name: str) -> int:
    return g.tables.index[name]


def _from_stack(g: SmallIslandsState, d: int) -> None:
    if d in g.tables.landscape:
        g.pool[d] -= 1
        g.reserve -= 1
        assert g.pool[d] >= 0 and g.reserve >= 0


def lay(g: SmallIslandsState, x: int, y: int, name: str, quarters: int = 0, seat: int = -1) -> None:
    """Lay a tile (from the stack) on (x, y), turned ``quarters`` quarter turns clockwise,
    as ``seat`` (-1: nobody's turn, as at set-up)."""
    d = design(g, name)
    _from_stack(g, d)
    exploring.lay(g, pos(g, x, y), d, quarters, seat)
    g.changed()


def ship(g: SmallIslandsState, x: int, y: int, owner: int) -> None:
    """A ship tile on (x, y): ``owner``'s, or grey (-1)."""
    exploring.lay(g, pos(g, x, y), g.tables.ship, 0, owner)
    g.ships.append((pos(g, x, y), owner))
    g.changed()


def token(g: SmallIslandsState, seat: int, kind: str, x: int, y: int, over: str = "") -> None:
    exploring.place_token(g, seat, Token(kind, x, y, over))
    g.changed()


def hand(g: SmallIslandsState, seat: int, *names: str) -> None:
    for name in names:
        d = design(g, name)
        _from_stack(g, d)
        g.hands[seat].append(d)
    g.changed()


def row(g: SmallIslandsState, *names: str) -> None:
    for name in names:
        d = design(g, name)
        _from_stack(g, d)
        g.row.append(d)
    g.changed()


def navigation(g: SmallIslandsState, tiles: int) -> None:
    """``tiles`` of the main stack go onto the Navigation tile."""
    g.reserve -= tiles
    g.nav += tiles


def objective(g: SmallIslandsState, seat: int, *cards: str) -> None:
    """This round's objective of ``seat``: an objective card, or a Mission and a Reward."""
    for deck, card in zip(g.decks, cards, strict=True):
        g.decks[deck].remove(card)
    g.now[seat] = tuple(cards)
    g.changed()


def at_step(g: SmallIslandsState, *steps: Step) -> None:
    """The agenda, bottom first (the last step is the one waited on)."""
    g.agenda[:] = list(steps)
    g.changed()


def harbour(
    g: SmallIslandsState,
    cx: int,
    cy: int,
    ports: int = 8,
    names: tuple[str, str] = ("cape", "spit"),
) -> None:
    """Eight one-tile islands around (cx, cy), each with its land turned away from it (so
    the square is all sea around): the first ``ports`` are capes with a printed port."""
    ring = [(0, -1, 0), (1, -1, 0), (1, 0, 1), (1, 1, 1), (0, 1, 2), (-1, 1, 2), (-1, 0, 3),
            (-1, -1, 3)]  # fmt: skip
    for i, (dx, dy, quarters) in enumerate(ring):
        lay(g, cx + dx, cy + dy, "cape" if i < ports else "spit", quarters)


def texts(actions: Any) -> list[str]:
    return [str(a) for a in actions]


def play(g: SmallIslandsState, *actions: str) -> None:
    for text in actions:
        g.apply(g.parse_action(text))


def snapshot(g: SmallIslandsState) -> str:
    """Everything anyone sees, as JSON (to compare before and after a refused action)."""
    seats: list[int | None] = [None, *range(g.num_seats)]
    return json.dumps([g.view(s) for s in seats], sort_keys=True)


def random_step(g: SmallIslandsState, rng: random.Random) -> Action:
    """A random legal action (chance by its odds), applied; returned."""
    if g.current_player() == CHANCE:
        action = g.sample_chance(rng)
    else:
        action = rng.choice(list(g.legal_actions()))
    g.apply(action)
    return action


# ------------------------------------------------------------------ brute force, from the rules

EDGE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
CORNER_STEP = ((1, -1), (1, 1), (-1, 1), (-1, -1))


def turned(labels: tuple[int, ...], quarters: int) -> tuple[int, ...]:
    """Edges N, E, S, W and corners NE, SE, SW, NW after ``quarters`` clockwise turns."""
    edges, corners = [0] * 4, [0] * 4
    for i in range(4):
        edges[(i + quarters) % 4] = labels[i]
        corners[(i + quarters) % 4] = labels[4 + i]
    return (*edges, *corners)


def _points(face: tuple[int, ...], x: int, y: int) -> dict[tuple[int, int], int]:
    """Land or sea at each edge middle and corner of a tile on (x, y), in half squares."""
    out = {(2 * x + dx, 2 * y + dy): face[i] for i, (dx, dy) in enumerate(EDGE_STEP)}
    out.update({(2 * x + dx, 2 * y + dy): face[4 + i] for i, (dx, dy) in enumerate(CORNER_STEP)})
    return out


def brute_force(g: SmallIslandsState) -> tuple[list[str], list[str]]:
    """From the view and the components alone: every placement of every design the seat
    to act holds (an empty square next to a tile across an edge, every rotation that
    looks different, each edge and corner point equal to every tile's sharing it) and
    every square a ship may lie on (the same, all sea)."""
    labels = {d["id"]: tuple(d["labels"]) for d in g.components()["designs"]}
    view = g.view(g.current_player())
    laid = {(t["x"], t["y"]): _points(turned(labels[t["design"]], t["rotation"]), t["x"], t["y"])
            for t in view["tiles"]}  # fmt: skip
    squares = {(x + dx, y + dy) for x, y in laid for dx, dy in EDGE_STEP} - set(laid)

    def fits(face: tuple[int, ...], x: int, y: int) -> bool:
        mine = _points(face, x, y)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                theirs = laid.get((x + dx, y + dy), {})
                if any(theirs.get(p, v) != v for p, v in mine.items()):
                    return False
        return True

    hand = view["seats"][g.current_player()]["hand"]
    places: list[str] = []
    for name in sorted(set(hand)):
        looks: set[tuple[int, ...]] = set()
        for r in range(4):
            face = turned(labels[name], r)
            if face not in looks:
                looks.add(face)
                places.extend(
                    f"place {name} {x},{y} {90 * r}" for x, y in squares if fits(face, x, y)
                )
    ships = [f"{x},{y}" for x, y in squares if fits((1,) * 8, x, y)]
    return sorted(places), sorted(ships)
