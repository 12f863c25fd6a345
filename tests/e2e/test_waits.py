"""The browser tests wait on a timer, never on animation frames (see ``wait_until``)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent


def test_every_wait_for_a_condition_goes_through_wait_until() -> None:
    calls = {
        f"{path.name}:{number}"
        for path in sorted(HERE.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\.wait_for_function\(", line)
    }
    (helper,) = calls  # the one in wait_until itself
    assert helper.startswith("conftest.py:"), calls
