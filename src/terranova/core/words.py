"""Small helpers for saying moves in plain words (each game's ``say_action``).

>>> listed(["a flower", "a fruit", "a temple"]), listed(["sea"])
('a flower, a fruit and a temple', 'sea')
>>> turned(3)
', turned a quarter turn anticlockwise'
"""

from __future__ import annotations

from collections.abc import Sequence

TURNS = (
    "",
    ", turned a quarter turn clockwise",
    ", turned half a turn",
    ", turned a quarter turn anticlockwise",
)
"""A tile's rotation in words, by quarter turns clockwise (none: nothing)."""


def turned(quarters: int) -> str:
    """How a tile is turned, in words, after its name (``", turned half a turn"``)."""
    return TURNS[quarters % 4]


def listed(words: Sequence[str]) -> str:
    """Words joined as a sentence lists them: ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
