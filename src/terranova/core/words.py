"""Small helpers for saying moves in plain words (each game's ``say_action``), in the
reader's language (:mod:`terranova.core.i18n`).

>>> listed(["a flower", "a fruit", "a temple"]).render("fr"), listed(["sea"]).render("en")
('a flower, a fruit et a temple', 'sea')
>>> str(turned(3))
', turned a quarter turn anticlockwise'
"""

from __future__ import annotations

from collections.abc import Sequence

from terranova.core.i18n import Listed, Said, _

TURNS = (
    _(", turned a quarter turn clockwise"),
    _(", turned half a turn"),
    _(", turned a quarter turn anticlockwise"),
)
"""A tile's rotation in words, after its name, by quarter turns clockwise (1 to 3)."""


def turned(quarters: int) -> Said | str:
    """How a tile is turned, in words, after its name (``", turned half a turn"``); nothing
    for a tile not turned."""
    return TURNS[quarters % 4 - 1] if quarters % 4 else ""


def listed(words: Sequence[object]) -> Listed:
    """Words joined as the reader's language lists them: ``a, b and c``."""
    return Listed(tuple(words))
