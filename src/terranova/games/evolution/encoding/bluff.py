"""Discovery Bluff's encoding (``GameInfo.encoding`` of ``evolution-bluff``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from terranova.core.encoding import Encoding
from terranova.games.evolution.encoding import build
from terranova.games.evolution.rules import BLUFF


def encoding(params: Mapping[str, Any]) -> Encoding:
    """The encoding of Discovery Bluff with these (resolved) parameters."""
    return build(BLUFF, params)
