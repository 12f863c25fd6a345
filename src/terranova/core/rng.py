"""Seeded randomness. Nothing in Terranova draws from a global random source."""

from __future__ import annotations

import hashlib
import random


def make_rng(seed: int) -> random.Random:
    """A new generator for ``seed``; the same seed gives the same numbers."""
    return random.Random(seed)


def derive_seed(seed: int, *labels: object) -> int:
    """A seed for a sub-stream (one bot, one game of a series), stable across runs.

    >>> derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0)
    True
    >>> derive_seed(1, "bot", 0) != derive_seed(1, "bot", 1)
    True
    """
    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
