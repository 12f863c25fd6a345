"""Loading deck files: the built-in "Préhistoire" deck or a person's own file.

This is the only module of the game that reads files; :mod:`.cards` checks what it reads.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from terranova.core.errors import ContentError
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
    if path is None:
        text = (
            resources.files("terranova.games.evolution")
            .joinpath("data", DEFAULT_DECK)
            .read_text("utf-8")
        )
        source = f"built-in {DEFAULT_DECK}"
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ContentError(f"cannot read deck file {path}: {exc.strerror}") from None
        except UnicodeDecodeError as exc:
            raise ContentError(f"{path}: not UTF-8 text: {exc.reason}") from None
        source = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source}: not valid TOML: {exc}") from None
    return parse_deck(data, source)
