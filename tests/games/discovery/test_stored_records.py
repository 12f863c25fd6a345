"""200 seeded records of The Discovery, saved before the kit refactor, replay byte for byte.

``tests/data/discovery-records.tar.gz`` holds 200 bot games (2 to 5 players, every
combination of ``hand``, ``hand_visibility`` and ``equal_turns``, ``random`` and ``greedy``
bots) recorded at commit e0fdd23, the commit before the games were rebuilt on a shared kit
for tile-laying games (``scripts/discovery_records.py``; the archive's ``README.txt``).
Each is replayed with today's rules as ``terranova replay`` does (every action, every
turn's scores, the result), then recorded again from its actions: the new record must be
the stored file, byte for byte.

These records are never regenerated: a failure here means that a change altered how
The Discovery plays (docs/architecture.md, "Golden playthroughs and stored records").
"""

from __future__ import annotations

import tarfile
from functools import cache
from pathlib import Path

import pytest

import terranova
from terranova.core.errors import RecordError
from terranova.core.records import GameRecord, Recorder, replay

ARCHIVE = Path(__file__).resolve().parents[2] / "data" / "discovery-records.tar.gz"
COUNT = 200


@cache
def stored() -> dict[str, str]:
    """Every record's text by file name."""
    out: dict[str, str] = {}
    with tarfile.open(ARCHIVE, "r:gz") as archive:
        for member in archive.getmembers():
            handle = archive.extractfile(member)
            assert handle is not None, member.name
            out[member.name] = handle.read().decode("utf-8")
    return out


NAMES = sorted(name for name in stored() if name.endswith(".json"))


def rerecorded(record: GameRecord) -> str:
    """The record of the game of ``record`` played again from its actions alone."""
    state = terranova.make(record.game, **record.params)
    recorder = Recorder(state, record.seats, record.seed)
    for text in record.actions:
        recorder.apply(state.parse_action(text))
    return recorder.record.to_json()


def first_line_difference(stored_text: str, new_text: str) -> str:
    old, new = stored_text.splitlines(), new_text.splitlines()
    for number, (a, b) in enumerate(zip(old, new, strict=False), start=1):
        if a != b:
            return f"line {number}: stored {a.strip()!r}, now {b.strip()!r}"
    return f"the stored record has {len(old)} lines, the new one {len(new)}"


def test_the_archive_holds_the_records_and_says_where_they_come_from() -> None:
    assert len(NAMES) == COUNT
    readme = stored()["README.txt"]
    assert "e0fdd23" in readme and "NEVER regenerate" in readme
    params = {
        tuple(GameRecord.from_json(stored()[name]).params[k] for k in ("players", "hand"))
        for name in NAMES
    }
    assert params == {(n, h) for n in range(2, 6) for h in (1, 2)}


@pytest.mark.parametrize("name", NAMES)
def test_stored_record_replays_byte_for_byte(name: str) -> None:
    text = stored()[name]
    record = GameRecord.from_json(text)
    problem: str | None
    try:
        state = replay(record)  # every action, every turn's scores, the result
    except RecordError as exc:
        problem = str(exc)
    else:
        problem = None if state.is_terminal() else "the game is not over after its actions"
    if problem is not None:
        pytest.fail(f"{name} no longer replays: {problem}", pytrace=False)
    again = rerecorded(record)
    if again != text:
        pytest.fail(
            f"{name} replays, but records differently: {first_line_difference(text, again)}",
            pytrace=False,
        )
