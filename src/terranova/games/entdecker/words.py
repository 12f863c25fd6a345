"""Entdecker's moves in plain words, as a seat reads them (a log, a hint, a toast), in the
reader's language (:mod:`terranova.core.i18n`): start points by the board's edge and their
column or row, headings by the compass, seats from 1; never more than
:meth:`~terranova.games.entdecker.state.EntdeckerState.describe_action` shows the seat (a
produce token drawn into another's hut is "a produce token").

>>> import terranova
>>> from terranova.games.entdecker.actions import StartTile
>>> g = terranova.make("entdecker", players=3)
>>> from terranova.games.entdecker.words import point, _tolls
>>> str(point("S4")), str(_tolls(g, "1,1,2"))
('the bottom edge, column 4', ', paying a toll of 2 gold to seat 2 twice and seat 3')
>>> _tolls(g, "1,1,2").render("de")
', mit 2 Gold Wegzoll an Platz 2 zweimal und Platz 3'
"""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.core.i18n import Said, Text, texts
from terranova.core.words import listed, turned
from terranova.games.entdecker import actions as a
from terranova.games.entdecker.record import Record

_, _n = texts("terranova.games.entdecker")

HEADINGS = {"N": _("north"), "E": _("east"), "S": _("south"), "W": _("west")}
"""A heading by the compass."""
UNIT_A = {"scout": _("a scout"), "fort": _("a fort"), "settlement": _("a settlement")}
"""A unit, as the one placed."""
TOKENS = {
    "peanut": _("peanut"),
    "cocoa": _("cocoa"),
    "pineapple": _("pineapple"),
    "tomato": _("tomato"),
    "tobacco": _("tobacco"),
    "rubber": _("rubber"),
    "bean": _("bean"),
    "potato": _("potato"),
    "corn": _("corn"),
}
"""The produce tokens by their plant (the board's data names them)."""


def token_name(token: str) -> Said | str:
    """A produce token by its plant, as the reader's language names it."""
    return TOKENS.get(token, token)


def tile_name(g: Record, design: str) -> Said | str:
    """A tile design by its name in the reader's language (``tiles.toml`` names each)."""
    t = g.tables
    index = t.index.get(design)
    return design if index is None else t.designs[index].named


def point(name: str) -> Text:
    """A start point in words: ``S4`` is "the bottom edge, column 4"."""
    number = int(name[1:])
    match name[0]:
        case "N":
            return _("the top edge, column {number}", number=number)
        case "S":
            return _("the bottom edge, column {number}", number=number)
        case "E":
            return _("the right edge, row {number}", number=number)
    return _("the left edge, row {number}", number=number)


def say(g: Record, action: Action, seat: int | None) -> Said | str | None:
    """``action`` in words for ``seat``, from the position before it."""
    seen = g.describe_action(action, seat)
    if seen is None:
        return None
    if seen != str(action):
        return _("a produce token goes into a hut")
    match action:
        case a.Layout(layout=layout):
            return _("the set-up {layout} is drawn", layout=layout)
        case a.Roll(face=face):
            if face == "wheel":
                return _("the income die shows the ship's wheel")
            return _(
                "the income die shows {face} (the others take {more})",
                face=int(face),
                more=int(face) + 1,
            )
        case a.Income(value=value):
            return _(
                "take {value} gold on the ship's wheel (the others take {more})",
                value=value,
                more=value + 1,
            )
        case a.StartEdge(point=p):
            return _("start at {point}", point=point(p))
        case a.StartTile(x=x, y=y, heading=heading, via=via, tolls=tolls):
            # TRANSLATORS: {heading} is north, east...; {point} is "the bottom edge, column
            # 4"; {tolls} is ", paying a toll of 2 gold to seat 2" or nothing.
            return _(
                "start from the tile at {x},{y} sailing {heading}, coming from start point"
                " {via} ({point}){tolls}",
                x=x,
                y=y,
                heading=HEADINGS[heading],
                via=via,
                point=point(via),
                tolls=_tolls(g, tolls),
            )
        case a.Announce(count=count, kind="open"):
            return _n(
                "announce {n} open tile and pay for it",
                "announce {n} open tiles and pay for them",
                count,
            )
        case a.Announce(count=count):
            return _n(
                "announce {n} hidden tile and pay for it",
                "announce {n} hidden tiles and pay for them",
                count,
            )
        case a.Draw():
            return _("draw a hidden tile")
        case a.Take(number=number):
            return _("take the top tile of open stack {number}", number=number)
        case a.Reveal(design=design):
            # TRANSLATORS: {tile} is a tile's name: "cape", "bay with a mine", "open 2"...
            return _("the hidden tile drawn is tile {tile}", tile=tile_name(g, design))
        case a.Place(design=design, x=x, y=y, rotation=rotation):
            # TRANSLATORS: {tile} is a tile's name: "cape", "bay with a mine", "open 2"...;
            # {turned} is ", turned half a turn" or nothing.
            return _(
                "lay tile {tile} at {x},{y}{turned}",
                tile=tile_name(g, design),
                x=x,
                y=y,
                turned=turned(rotation),
            )
        case a.Settle(kind=kind, x=x, y=y, piece=piece, source=source):
            unit = UNIT_A.get(kind, kind)
            if source:
                # TRANSLATORS: {unit} is "a scout", "a fort" or "a settlement"; {source} is a
                # tile's land piece (5,6/1) or a jungle path's space (p3/2).
                return _(
                    "place {unit} on land piece {piece} of the tile at {x},{y}, taking a scout"
                    " back from {source}",
                    unit=unit,
                    piece=piece + 1,
                    x=x,
                    y=y,
                    source=source,
                )
            # TRANSLATORS: {unit} is "a scout", "a fort" or "a settlement".
            return _(
                "place {unit} on land piece {piece} of the tile at {x},{y}",
                unit=unit,
                piece=piece + 1,
                x=x,
                y=y,
            )
        case a.Stop():
            return _("end the exploration without a unit")
        case a.Trek(path=path):
            return _("send a scout onto jungle path {path}", path=path)
        case a.Token(token=token):
            return _("produce token {token} goes into a hut", token=token_name(token))
        case a.Fill(design=design):
            # TRANSLATORS: {tile} is a tile's name: "inland", "cape"...
            return _("tile {tile} fills a space no ship can reach", tile=tile_name(g, design))
    return seen


def _tolls(g: Record, tolls: str) -> Said | str:
    """The tolls a route pays, in words (none: nothing)."""
    if not tolls:
        return ""
    paid: dict[int, int] = {}
    for s in tolls.split(","):
        paid[int(s)] = paid.get(int(s), 0) + 1
    toll = g.tables.board.toll
    return _(
        ", paying a toll of {gold} to {seats}",
        gold=_n("{n} gold", "{n} gold", toll),
        seats=listed([_seat_times(s + 1, n) for s, n in sorted(paid.items())]),
    )


def _seat_times(seat: int, n: int) -> Text:
    """A seat paid ``n`` times: "seat 2", "seat 2 twice", "seat 2 3 times"."""
    if n == 1:
        return _("seat {seat}", seat=seat)
    if n == 2:
        return _("seat {seat} twice", seat=seat)
    return _n("seat {seat} {n} time", "seat {seat} {n} times", n, seat=seat)
