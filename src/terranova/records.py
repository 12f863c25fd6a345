"""Game records (see :mod:`terranova.core.records`)."""

from terranova.core.records import (
    GameRecord,
    Recorder,
    Seat,
    TurnScores,
    play,
    read,
    replay,
    write,
)

__all__ = ["GameRecord", "Recorder", "Seat", "TurnScores", "play", "read", "replay", "write"]
