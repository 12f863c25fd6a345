"""Built positions for the rule tests: a game on a board with no set-up tiles, tiles laid
and units placed by hand, and the turn put at the step a test needs."""

from __future__ import annotations

import random
import tempfile
from functools import cache
from importlib import resources
from pathlib import Path

from terranova.core.actions import Action
from terranova.core.i18n import Listed, Named, Said, Text
from terranova.core.state import CHANCE
from terranova.core.turns import Step
from terranova.games.entdecker.components import UNITS
from terranova.games.entdecker.content import load_components
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import Exploring, Starting, Turn
from terranova.kit.grid import S

EMPTY_LAYOUT = '\n[[layout]]\nid = "empty"\nkind = "beginner"\ntiles = []\n'


@cache
def empty_board() -> str:
    """A board file like the built-in one whose beginner set-up lays no tile."""
    text = resources.files("terranova.games.entdecker").joinpath("data", "board.toml")
    body = text.read_text("utf-8").split("[[layout]]")[0]
    folder = Path(tempfile.mkdtemp(prefix="entdecker-test-"))
    path = folder / "board.toml"
    path.write_text(body + EMPTY_LAYOUT, encoding="utf-8")
    return str(path)


def blank(players: int = 3, **variants: object) -> EntdeckerState:
    """A game on an empty board, seat 0 to choose a start."""
    components = load_components(None, empty_board())
    return EntdeckerState(components, players, **variants)  # variants by name


def pos(g: EntdeckerState, x: int, y: int) -> int:
    return g.tables.grid.encode(x, y)


def lay(g: EntdeckerState, x: int, y: int, design: str, rotation: int = 0) -> None:
    g.lay(pos(g, x, y), g.tables.index[design], rotation)


def unit(g: EntdeckerState, x: int, y: int, seat: int, kind: str, piece: int = 0) -> None:
    k = UNITS.index(kind)
    g.supply[seat][k] -= 1
    g.units.append((g.first_node[pos(g, x, y)] + piece, seat, k))


def at_step(g: EntdeckerState, *steps: Step) -> None:
    g.agenda[:] = list(steps)
    g.changed()


def exploring(
    g: EntdeckerState,
    seat: int,
    kind: str,
    left: int,
    exits: list[tuple[int, int, int]],
    ship: tuple[int, int] | None = None,
) -> Turn:
    """Put ``seat`` in the middle of an exploration: ``exits`` are (x, y, edge) of the
    squares the ship may sail into."""  # fmt: skip
    turn = g.turn = Turn(seat)
    turn.kind, turn.left = kind, left
    turn.exits = [(pos(g, x, y), e) for x, y, e in exits]
    if ship is not None:
        turn.ship = pos(g, *ship)
    at_step(g, Exploring(seat))
    return turn


def starting(g: EntdeckerState, seat: int) -> None:
    at_step(g, Starting(seat))


def texts(actions: list[Action]) -> list[str]:
    return [str(a) for a in actions]


def play(g: EntdeckerState, *actions: str) -> None:
    for text in actions:
        g.apply(g.parse_action(text))


def random_game(seed: int, **params: object) -> tuple[EntdeckerState, list[EntdeckerState]]:
    """A whole random game and a clone of every position."""
    from terranova.games.entdecker import new_game

    g = new_game(**params)
    rng = random.Random(seed)
    seen = [g.clone()]
    while not g.is_terminal():
        if g.current_player() == CHANCE:
            g.apply(g.sample_chance(rng))
        else:
            g.apply(rng.choice(g.legal_actions()))
        seen.append(g.clone())
    return g, seen


def long_island(g: EntdeckerState) -> None:
    """Eight tiles of one island along the top edge, 0,0 to 7,0; the ninth at 8,0 closes it."""
    lay(g, 0, 0, "cape", 1)  # land E
    for x in range(1, 8):
        lay(g, x, 0, "isthmus", 1)  # land W-E, bays N and S


def close_long_island(g: EntdeckerState, seat: int) -> None:
    exploring(g, seat, "hidden", 1, [(8, 0, S)], ship=None)
    play(g, "draw", "reveal cape", "place cape 8,0 270", "stop")


def four_on_the_long_island() -> EntdeckerState:
    """Four players on the long island (a settlement, two forts, a fort and a scout), closed
    by seat 3: 9 tiles to share by the scoring cascade."""
    g = blank(4)
    long_island(g)
    unit(g, 1, 0, 0, "settlement")
    unit(g, 2, 0, 1, "fort")
    unit(g, 3, 0, 1, "fort")
    unit(g, 4, 0, 2, "fort")
    unit(g, 5, 0, 3, "scout")
    close_long_island(g, 3)
    return g


def words(data: object) -> Said | str:
    """Words the view sends as data (``as_data``) made words again, to be said in any
    language: ``str(words(e["what"]))`` is the English."""
    if isinstance(data, dict):
        if "list" in data:
            return Listed(tuple(words(item) for item in data["list"]))
        if "names" in data:
            return Named(data["names"])
        params = {
            k: v if isinstance(v, int | float) else words(v) for k, v in data["params"].items()
        }
        return Text(
            data["id"],
            params,
            data.get("plural"),
            data.get("n", 0),
            data.get("domain", "terranova"),
        )
    return str(data)


def english(data: object) -> str:
    """Words the view sends as data, in English."""
    return str(words(data))
