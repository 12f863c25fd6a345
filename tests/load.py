"""A machine kept busy for a test: processes that each keep a core busy."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

BURN_SECONDS = 240
"""The most a burner runs, even if the test's end never kills it."""


def every_core() -> int:
    """Burners enough to keep every core busy: at least both cores of a small machine."""
    return max(2, min(os.cpu_count() or 2, 8))


@contextmanager
def burning(count: int) -> Iterator[None]:
    """``count`` processes that keep a core busy each, ended when the block is left (and by
    themselves after :data:`BURN_SECONDS`)."""
    code = (
        f"import time\nend = time.monotonic() + {BURN_SECONDS}\nwhile time.monotonic() < end: pass"
    )
    burners = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait(timeout=10)
