"""Matching tiles to their neighbours: edges, and corners too.

A tile's *face* gives a label (a small int: a terrain, land or sea) to each of its
four edges N, E, S, W and, when corners count, to each of its four corners NE,
SE, SW, NW: ``face[0:4]`` are the edges, ``face[4:8]`` the corners. Turning a tile
``r`` quarter turns clockwise moves edge ``e`` to ``(e + r) % 4`` and corner ``c``
to ``(c + r) % 4``.

An empty square's neighbours are summed up in one int, its *constraint code*:
for each slot (edge or corner) of a tile that would lie there, the label it must
have plus one, or 0 when nothing is required. Two neighbours asking different
labels of one corner make the square unplayable (:attr:`Matcher.conflict`).
Per design a table maps each code to the distinct rotations that fit it.

>>> m = Matcher(labels=2, corners=True)          # Small Islands: land 0, sea 1
>>> island = (0, 0, 0, 0, 0, 0, 0, 0)            # land everywhere
>>> bay = (1, 0, 0, 0, 1, 0, 0, 1)               # sea on N and the two north corners
>>> turn(bay, 1)                                  # sea on E, NE and SE
(0, 1, 0, 0, 1, 1, 0, 0)
>>> code = m.require(0, 3, turn(bay, 1))         # the bay turned once lies west (W = 3)
>>> m.fits(island, code), m.fits(turn(bay, 3), code)
(False, True)
>>> distinct_rotations(lambda r: turn(island, r))   # one look: one rotation to offer
((0,), (0, 0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, TypeVar

from terranova.kit.grid import CORNER_STEP, EDGE_STEP, OPPOSITE

T_co = TypeVar("T_co", covariant=True)


class Table(Protocol[T_co]):
    """Anything indexed by a constraint code: a list, or a dict filled in on lookup."""

    def __getitem__(self, code: int, /) -> T_co: ...


Face = tuple[int, ...]
"""Labels of a tile's edges N, E, S, W, then (when corners count) corners NE, SE, SW, NW."""

Contribution = tuple[tuple[int, int], ...]
"""What a placed tile asks of one neighbouring square: (bit shift, label + 1) pairs."""


def turn(face: Sequence[int], rotation: int) -> Face:
    """The face turned ``rotation`` quarter turns clockwise.

    >>> turn((10, 11, 12, 13), 1)
    (13, 10, 11, 12)
    """
    r = rotation % 4
    edges = [0] * 4
    for e in range(4):
        edges[(e + r) % 4] = face[e]
    if len(face) == 4:
        return tuple(edges)
    corners = [0] * 4
    for c in range(4):
        corners[(c + r) % 4] = face[4 + c]
    return (*edges, *corners)


def distinct_rotations(
    looks: Callable[[int], Hashable],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rotations that look different, and for each rotation the lowest one it looks like.

    ``looks(r)`` is any value equal for two rotations exactly when the turned tiles
    look alike. A design symmetric under a half turn offers rotations 0 and 1 only:

    >>> distinct_rotations(lambda r: turn((1, 0, 1, 0), r))
    ((0, 1), (0, 1, 0, 1))
    """
    seen: dict[Hashable, int] = {}
    same = tuple(seen.setdefault(looks(r), r) for r in range(4))
    return tuple(sorted(set(same))), same


class Matcher:
    """How neighbours constrain a square: edges only (orthogonal neighbours) or edges
    and corners (orthogonal and diagonal neighbours), with ``labels`` labels."""

    __slots__ = ("bits", "conflict", "corners", "labels", "mask", "size")

    def __init__(self, labels: int, corners: bool = False) -> None:
        if labels < 1:
            raise ValueError("at least one label")
        self.labels = labels
        self.corners = corners
        self.bits = labels.bit_length()
        self.mask = (1 << self.bits) - 1
        slots = 8 if corners else 4
        self.size = 1 << (self.bits * slots)
        """Codes are below this; :attr:`conflict` is this value."""
        self.conflict = self.size

    def shift(self, slot: int) -> int:
        """The bit shift of a slot (edge 0-3, corner 4-7) in a constraint code."""
        return self.bits * slot

    def contributions(self, face: Face) -> tuple[Contribution, ...]:
        """What a tile with this (turned) face asks of each neighbouring square: 8 entries,
        the orthogonal neighbours N, E, S, W then the diagonal ones NE, SE, SW, NW (empty
        when corners do not count)."""
        out: list[Contribution] = []
        for d in range(4):
            pairs = [(self.shift(OPPOSITE[d]), face[d] + 1)]
            if self.corners:
                pairs.extend(self._corner_pairs(face, EDGE_STEP[d]))
            out.append(tuple(pairs))
        for c in range(4):
            out.append(tuple(self._corner_pairs(face, CORNER_STEP[c])) if self.corners else ())
        return tuple(out)

    def _corner_pairs(self, face: Face, offset: tuple[int, int]) -> list[tuple[int, int]]:
        """The corners this tile shares with the neighbour at ``offset``: each corner point
        seen from the neighbour's centre is the neighbour's corner with those signs."""
        pairs = []
        for c, (sx, sy) in enumerate(CORNER_STEP):
            theirs = (sx - 2 * offset[0], sy - 2 * offset[1])
            if theirs in CORNER_STEP:
                pairs.append((self.shift(4 + CORNER_STEP.index(theirs)), face[4 + c] + 1))
        return pairs

    def add(self, code: int, contribution: Contribution) -> int:
        """``code`` with one more neighbour's demands (:attr:`conflict` if they clash)."""
        mask = self.mask
        for shift, value in contribution:
            current = (code >> shift) & mask
            if current == 0:
                code |= value << shift
            elif current != value:
                return self.conflict
        return code

    def require(self, code: int, direction: int, face: Face) -> int:
        """``code`` plus the demands of a tile with ``face`` lying across edge ``direction``
        (0-3) or beyond corner ``direction - 4`` (4-7) of the square."""
        theirs = OPPOSITE[direction] if direction < 4 else 4 + OPPOSITE[direction - 4]
        return self.add(code, self.contributions(face)[theirs])

    def fits(self, face: Face, code: int) -> bool:
        """Whether a tile with this (turned) face may lie on a square with this code."""
        if code >= self.conflict:
            return False
        for slot in range(len(face)):
            wanted = (code >> (self.bits * slot)) & self.mask
            if wanted and wanted != face[slot] + 1:
                return False
        return True

    def fit_table(self, faces: Sequence[Face], rotations: Sequence[int]) -> Table[tuple[int, ...]]:
        """For every code, the rotations among ``rotations`` whose face (``faces[r]``, the
        design turned ``r`` times) fits. A list for edge codes; computed lazily for corner
        codes (there are 65,536 of them with two labels)."""
        if self.size <= 4096:
            shared: dict[tuple[int, ...], tuple[int, ...]] = {}
            table = []
            for code in range(self.size + 1):
                fit = tuple(r for r in rotations if self.fits(faces[r], code))
                table.append(shared.setdefault(fit, fit))
            return table
        return LazyFits(self, tuple(faces), tuple(rotations))


class LazyFits(dict[int, tuple[int, ...]]):
    """A fit table filled in as codes are looked up (indexing it like a list)."""

    def __init__(self, matcher: Matcher, faces: tuple[Face, ...], rotations: tuple[int, ...]):
        super().__init__()
        self._matcher = matcher
        self._faces = faces
        self._rotations = rotations

    def __missing__(self, code: int) -> tuple[int, ...]:
        fit = tuple(r for r in self._rotations if self._matcher.fits(self._faces[r], code))
        self[code] = fit
        return fit
