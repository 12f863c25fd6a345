"""The games the interop tests run on: every encoded game, in each of its encodings."""

from __future__ import annotations

import pytest

from terranova.core.encoding import STANDARD, encodings
from terranova.interop.table import encoded_games

GAMES = sorted(encoded_games())
CODED = [(g, name) for g in GAMES for name in encodings(encoded_games()[g])]
coded = pytest.mark.parametrize(
    ("game_id", "encoding"),
    CODED,
    ids=[g if name == STANDARD else f"{g}-{name}" for g, name in CODED],
)
"""Parametrize a test over every (game, encoding)."""


def chosen(encoding: str) -> dict[str, str]:
    """The keyword that asks an adapter for ``encoding`` (none for the standard one)."""
    return {} if encoding == STANDARD else {"encoding": encoding}
