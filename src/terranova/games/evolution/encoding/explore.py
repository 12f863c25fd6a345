"""Discovery Explore's encoding (``GameInfo.encoding`` of ``evolution-explore``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from terranova.core.encoding import Encoding
from terranova.games.evolution.encoding import build
from terranova.games.evolution.rules import EXPLORE


def encoding(params: Mapping[str, Any]) -> Encoding:
    """The encoding of Discovery Explore with these (resolved) parameters."""
    return build(EXPLORE, params)
