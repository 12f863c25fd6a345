"""Records and stored games of rules version 1 (the starting tiles laid in number order) are
refused, as every game refuses a record of other rules: replayed under version 2 their
set-up would mean something else (``start`` was no parameter then, and its default is now
``free``).

``tests/data/small-islands-rules-1-record.json`` is a real record of version 1, a game of
``greedy`` against ``random`` (``terranova play small-islands -b greedy,random -s 7`` at
commit 50763ef, rules version 1). It is never regenerated."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from terranova.core.errors import RecordError
from terranova.core.records import GameRecord, replay
from terranova.games.small_islands import RULES_VERSION
from terranova.server.cache import Unavailable, rebuild
from terranova.server.db import StoredGame

RECORD = Path(__file__).resolve().parents[2] / "data" / "small-islands-rules-1-record.json"


def old_record() -> GameRecord:
    return GameRecord.from_json(RECORD.read_text(encoding="utf-8"))


def test_the_rules_version_is_2() -> None:
    assert RULES_VERSION == "2"
    assert old_record().rules_version == "1"


def test_a_record_of_rules_version_1_is_refused_saying_why() -> None:
    with pytest.raises(RecordError) as error:
        replay(old_record())
    assert str(error.value) == "record was played under small-islands rules 1, this is 2"


def test_a_stored_game_of_rules_version_1_is_not_resumed_saying_why() -> None:
    record = old_record()
    stored = StoredGame(
        pk=1,
        public_id="old",
        game="small-islands",
        params=dict(record.params),
        seed=record.seed or 0,
        rules_version="1",
        bot_delay_ms=0,
        response_seconds=0.0,
        created_at=datetime.now(UTC),
        practice=False,
        status="playing",
        result=None,
        seats=[],
        entries=[],
    )
    with pytest.raises(Unavailable) as error:
        rebuild(stored)
    assert str(error.value) == (
        "game old was played under Small Islands rules 1; this server has rules 2"
    )
