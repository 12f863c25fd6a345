"""Tables built once per set of components and shared by every game played with them: the
tile kit's tables (faces per rotation, fit tables, the placement actions) and lookups by id."""

from __future__ import annotations

from terranova.games.small_islands.actions import Deal, Place, Reveal, Token
from terranova.games.small_islands.components import Components
from terranova.kit.board import TileTables
from terranova.kit.grid import Grid
from terranova.kit.matching import Matcher, distinct_rotations, turn

SPAN = 40
"""The table reaches this far from the first tile every way (64 tiles cannot reach it)."""


class Tables:
    """What every game with these components shares."""

    def __init__(self, components: Components) -> None:
        self.components = components
        self.designs = components.designs
        self.grid = Grid(-SPAN, SPAN, -SPAN, SPAN)
        self.ids = tuple(d.id for d in self.designs)
        faces = []
        rotations = []
        for design in self.designs:
            turned = [turn(design.face.labels, r) for r in range(4)]
            faces.append(turned)
            rotations.append(distinct_rotations(turned.__getitem__)[0])
        self.matcher = Matcher(labels=2, corners=True)
        grid = self.grid

        def place(design: int, pos: int, rotation: int) -> Place:
            x, y = grid.decode(pos)
            return Place(self.designs[design].id, x, y, rotation)

        self.tiles: TileTables[Place] = TileTables(grid, self.matcher, faces, rotations, place)
        self.index = {d.id: i for i, d in enumerate(self.designs)}
        self.landscape = range(len(components.landscape))
        """The landscape designs' indices (the starting tiles' sides follow, the ship last)."""
        self.ship = len(self.designs) - 1
        self.start_sides = tuple(
            (self.index[f"{s.start}a"], self.index[f"{s.start}b"])
            for s in components.starts
            if s.side == "a"
        )
        self.start_of = {d: i for i, sides in enumerate(self.start_sides) for d in sides}
        """A starting tile's side (design index) -> the starting tile's index."""
        self.objectives = {o.id: o for o in components.objectives}
        self.missions = {m.id: m for m in components.missions}
        self.rewards = {r.id: r for r in components.rewards}
        self.discoveries = {d.id: d.value for d in components.discoveries}
        self.expeditions = {e.id: e for e in components.expeditions}
        self.symbols = [d.face.symbols() for d in self.designs]
        self.house_symbols = [d.face.house for d in self.designs]
        """Per design, its house symbols."""
        self.around = (*grid.step, *grid.diagonal)
        """The position offsets of the 8 squares around a square."""
        self.reveals = [Reveal(d.id) for d in components.landscape]
        """The chance outcome turning each landscape design face up (made once, shared)."""
        self.deals = [Deal(d.id) for d in components.landscape]
        self._tokens: dict[tuple[str, int, str], Token] = {}
        self.clean_spots: dict[bool, list[list[tuple[str, str]]]] = {}
        """Per variant (whether a token covers a resource), :func:`.exploring.clean_spots`."""

    def token(self, kind: str, pos: int, over: str) -> Token:
        """The one (shared) action placing a bonus token of ``kind`` on the tile at ``pos``
        (covering ``over``, or '')."""
        key = (kind, pos, over)
        found = self._tokens.get(key)
        if found is None:
            found = self._tokens[key] = Token(kind, *self.grid.decode(pos), over)
        return found


def tables_of(components: Components) -> Tables:
    """The tables of these components, made once and kept with them, shared by every game
    on them."""
    found = components.compiled.get("tables")
    if not isinstance(found, Tables):
        found = components.compiled["tables"] = Tables(components)
    return found
