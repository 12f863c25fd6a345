"""Where the points came from: a game's score sheet, one line per scoring event.

Every game's view holds, under the key ``"scoring"``, the lines of its score sheet in the
order they were scored, as :meth:`ScoreLine.json` gives them. The sheet is public: every
viewer gets the same lines, and points nobody may see yet (a hidden token) enter it when
they enter the scores everyone sees. The
web app shows each new line while the game is played ("Ana +6: a grassland of 5 tiles") and
the whole sheet, grouped by kind, on the end card.

The sheet adds up: in every position, the points of the lines of ``view(None)["scoring"]``
credited to a seat sum to its score (``scores()``), except that a finished game may add a
tie-break below one point to the scores (Entdecker's gold, Small Islands' fractions). The
conformance suite checks this on every game.

>>> line = ScoreLine(seats=(1,), points=6, kind="territory", what="a grassland of 5 tiles",
...                  ply=40)
>>> line.json()  # doctest: +NORMALIZE_WHITESPACE
{'seats': [1], 'points': 6, 'kind': 'territory', 'what': 'a grassland of 5 tiles', 'ply': 40,
 'kind_says': 'territory'}
>>> totals([line, ScoreLine((0, 1), 2, "series", "two cards of one era", 41)], 3)
[2, 8, 0]
>>> counted(1, "tile"), counted(3, "port city", "port cities")
('1 tile', '3 port cities')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from terranova.core.i18n import Said, as_data

SCORING = "scoring"
"""The key of a view that holds the visible lines of the score sheet."""


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """Points scored at once by one seat (or pooled by a team) for one reason."""

    seats: tuple[int, ...]
    """The seats whose score the points count towards: one, or a team that pools."""
    points: int
    """The points (negative for a penalty)."""
    kind: str
    """What scored, in the game's words, a plain noun the sheet groups by: ``territory``,
    ``island``, ``hut``, ``objective``, ``series``..."""
    what: Said | str
    """The event for a player: which one and why it is worth that (``a grassland of 5
    tiles``). Names places as a player sees them, never by coordinates alone."""
    ply: int
    """How many actions the game had taken when the points were scored: the move log's
    entry of that ply is the action that scored them (0: before any action)."""
    kind_says: Said | str | None = None
    """The kind as a player reads it, in the reader's language (None: ``kind`` as it is)."""

    def json(self) -> dict[str, Any]:
        """The line as a view holds it."""
        return {
            "seats": list(self.seats),
            "points": self.points,
            "kind": self.kind,
            "what": as_data(self.what),
            "ply": self.ply,
            "kind_says": as_data(self.kind if self.kind_says is None else self.kind_says),
        }


def totals(lines: Iterable[ScoreLine], seats: int) -> list[int]:
    """Each seat's points over ``lines``."""
    out = [0] * seats
    for line in lines:
        for seat in line.seats:
            out[seat] += line.points
    return out


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` things in words for a line's ``what``: ``many`` (default ``one`` + s) unless 1."""
    return f"{n} {one if n == 1 else many or one + 's'}"
