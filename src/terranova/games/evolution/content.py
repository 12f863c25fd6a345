"""Loading deck files: the built-in "Préhistoire" deck or a person's own file.

This is the only module of the game that reads files; :mod:`.cards` checks what it reads.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from terranova.core.content import read_toml
from terranova.games.evolution.cards import Deck, parse_deck

DEFAULT_DECK = "prehistoire.toml"


@lru_cache(maxsize=8)
def _load_cached(path: str | None) -> Deck:
    return _load(path)


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and check a deck file; ``None`` loads the built-in deck. Cached by path.

    Raises :class:`ContentError` if the file cannot be read, is not TOML, or fails a check.
    """
    return _load_cached(None if path is None else str(Path(path).resolve()))


def _load(path: str | None) -> Deck:
    data, source = read_toml("terranova.games.evolution", DEFAULT_DECK, path, "deck file")
    return parse_deck(data, source)
