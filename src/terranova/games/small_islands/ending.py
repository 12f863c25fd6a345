"""The game's end: why it ended, and the Discovery tokens revealed on the score sheet."""

from __future__ import annotations

from terranova.core.i18n import Said
from terranova.games.small_islands import sheet
from terranova.games.small_islands.record import Record


def end(g: Record, reason: Said, place: int | None = None) -> None:
    """The game is over (``reason`` says why, :mod:`.words`; ``place``: the player it
    names, if any)."""
    g.over = True
    g.ended = reason
    g.ended_seat = place
    g.agenda.clear()
    g.changed()
    sheet.tokens_revealed(g)
