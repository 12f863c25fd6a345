"""The score sheet (:mod:`terranova.core.scoring`): a line per scoring event, kept in the
state in the order scored and shown to every seat.

Small Islands scores at three moments: a house built at a round's end pays its objective's
Reward at once (``objective``); the ports on the tiles around a player's own ship count as
it lands and as tiles or port tokens come next to it later (``ship``); the Discovery tokens,
hidden until the end, enter the scores everyone sees when the game ends (``discovery``).
A Discovery Reward pays in tokens, not points: it gets its line at the end, with the token.

The cards and islands are words said in the reader's language (:mod:`terranova.core.i18n`):

>>> from terranova.games.small_islands.components import Mission, Reward
>>> more = mission_text(Mission("m", "more", "leaf", "fruit"))
>>> str(more), more.render("fr"), more.render("de")
('more leaves than fruits', 'plus de feuilles que de fruits', 'mehr Blätter als Früchte')
>>> pays = reward_text(Reward("r", "per_symbol", "flower", points=1, bonus=2))
>>> str(pays), pays.render("fr"), pays.render("de")
('1 per flower + 2', '1 par fleur + 2', '1 je Blume + 2')
>>> island = island_text(Island(tiles=4, flower=3, fruit=1, temple=1, house=2))
>>> str(island)
'an island of 4 tiles (3 flowers, 1 fruit, 0 leaves and 1 temple)'
>>> island.render("fr")
'une île de 4 tuiles (3 fleurs, 1 fruit, 0 feuille et 1 temple)'
>>> island.render("de")
'eine Insel aus 4 Plättchen (3 Blumen, 1 Frucht, 0 Blätter und 1 Tempel)'
"""

from __future__ import annotations

from collections.abc import Callable

from terranova.core.i18n import Said, Text, texts
from terranova.core.scoring import ScoreLine
from terranova.core.words import listed
from terranova.games.small_islands.components import RESOURCES, Mission, Reward
from terranova.games.small_islands.objectives import Island, mission, reward
from terranova.games.small_islands.record import Record

_, _n = texts("terranova.games.small_islands")

OBJECTIVE = "objective"
SHIP = "ship"
DISCOVERY = "discovery"

KINDS: dict[str, Said] = {
    OBJECTIVE: _("objective"),
    SHIP: _("ship"),
    DISCOVERY: _("Discovery"),
}
"""Each kind of score line as a player reads it."""

NAMES: dict[str, Said] = {
    "flower": _("flower"),
    "fruit": _("fruit"),
    "leaf": _("leaf"),
    "temple": _("temple"),
    "port": _("port"),
    "house": _("house symbol"),
}
"""Each symbol's name, one of it (as the web page says them)."""

MANY: dict[str, Said] = {
    "flower": _("flowers"),
    "fruit": _("fruits"),
    "leaf": _("leaves"),
    "temple": _("temples"),
    "port": _("ports"),
    "house": _("house symbols"),
}
"""Each symbol's name, many of it."""

COUNTS: dict[str, Callable[[int], Text]] = {
    "flower": lambda n: _n("{n} flower", "{n} flowers", n),
    "fruit": lambda n: _n("{n} fruit", "{n} fruits", n),
    "leaf": lambda n: _n("{n} leaf", "{n} leaves", n),
    "temple": lambda n: _n("{n} temple", "{n} temples", n),
    "port": lambda n: _n("{n} port", "{n} ports", n),
    "house": lambda n: _n("{n} house symbol", "{n} house symbols", n),
    "tile": lambda n: _n("{n} tile", "{n} tiles", n),
}
"""``n`` of each symbol (and tiles)."""

SHOWN: dict[str, Callable[[int], Text]] = {
    "flower": lambda n: (
        # TRANSLATORS: what a tile shows of a symbol, always after "with" ("the tile with
        # a flower and 2 temples"), as are the next five.
        _n("a flower", "{n} flowers", n)
    ),
    "fruit": lambda n: _n("a fruit", "{n} fruits", n),
    "leaf": lambda n: _n("a leaf", "{n} leaves", n),
    "temple": lambda n: _n("a temple", "{n} temples", n),
    "port": lambda n: _n("a port", "{n} ports", n),
    "house": lambda n: _n("a house symbol", "{n} house symbols", n),
}
"""What a tile shows of a symbol: ``a flower``, ``2 flowers``."""


def symbols(n: int, symbol: str) -> Said | str:
    """``n`` of a symbol, by its name on the web page."""
    count = COUNTS.get(symbol)
    return count(n) if count else f"{n} {symbol}"


def many(symbol: str | None) -> Said | str:
    """Many of a symbol, by its name."""
    return MANY.get(symbol or "", symbol or "")


def mission_text(m: Mission) -> Said:
    """A Mission in words."""
    if m.kind == "more":
        return _("more {a} than {b}", a=many(m.a), b=many(m.b))
    if m.kind == "equal":
        return _("as many {a} as {b}", a=many(m.a), b=many(m.b))
    if m.kind == "match":
        b, c = (many(r) for r in RESOURCES if r != m.a)
        return _("as many {a} as {b} or {c}", a=many(m.a), b=b, c=c)
    return _("at least {symbols}", symbols=listed([symbols(n, symbol) for symbol, n in m.need]))


def reward_text(r: Reward) -> Said:
    """A Reward in words (what each house earns)."""
    b = r.bonus
    if r.kind == "per_symbol":
        name = NAMES.get(r.symbol or "", r.symbol or "")
        if b:
            return _("{points} per {symbol} + {bonus}", points=r.points, symbol=name, bonus=b)
        return _("{points} per {symbol}", points=r.points, symbol=name)
    if r.kind == "lowest":
        if b:
            return _(
                "{points} per unit of the scarcest resource + {bonus}", points=r.points, bonus=b
            )
        return _("{points} per unit of the scarcest resource", points=r.points)
    if r.kind == "chosen":
        if b:
            return _("{points} per unit of the resource picked + {bonus}", points=r.points, bonus=b)
        return _("{points} per unit of the resource picked", points=r.points)
    if r.kind == "flat":
        return _n("{n} point", "{n} points", r.points)
    if r.kind == "size":
        sizes = [_("{tiles} tiles: {points} points", tiles=size, points=p) for size, p in r.sizes]
        return _("by size: {sizes}", sizes=listed(sizes))
    return _("a Discovery token per temple")


def island_text(island: Island) -> Said:
    """An island as a player sees it: its tiles and the symbols a Reward counts (the
    resources always, a missing one too; temples and ports when it has any)."""
    shown = [symbols(island.count(r), r) for r in RESOURCES] + [
        symbols(island.count(symbol), symbol)
        for symbol in ("temple", "port")
        if island.count(symbol)
    ]
    return _(
        "an island of {tiles} ({symbols})",
        tiles=symbols(island.tiles, "tile"),
        symbols=listed(shown),
    )


def objective_scored(g: Record, seat: int, points: int, island: Island) -> None:
    """A house built at a round's end paid its objective's Reward. The objective is named
    by what it asks and pays (its card ids are not: a card put back may later be someone's
    secret)."""
    g.sheet.append(
        objective_line(seat, points, mission(g, seat), reward(g, seat), g.round, island, g.ply)
    )


def objective_line(
    seat: int, points: int, wanted: Mission, paid: Reward, round: int, island: Island, ply: int
) -> ScoreLine:
    """The line of :func:`objective_scored`, of the objective's Mission and Reward."""
    what = _(
        "objective '{mission} → {reward}' fulfilled in round {round}: a house on {island}",
        mission=mission_text(wanted),
        reward=reward_text(paid),
        round=round,
        island=island_text(island),
    )
    return line(seat, points, OBJECTIVE, what, ply)


def landed(g: Record, seat: int, pos: int, ports: int) -> None:
    """``seat``'s own ship landed with ``ports`` ports around it."""
    g.sheet.append(landed_line(seat, ports, g.ply))


def landed_line(seat: int, ports: int, ply: int) -> ScoreLine:
    """The line of :func:`landed`."""
    what = _n(
        "own ship landed with {n} port on the tiles around it",
        "own ship landed with {n} ports on the tiles around it",
        ports,
    )
    return line(seat, ports, SHIP, what, ply)


def ports_added(g: Record, pos: int, ports: int, token: bool) -> None:
    """A tile with ``ports`` ports, or a port token (``token``), came onto ``pos``: a point a
    port for the owner of any ship beside it."""
    around = g.tables.around
    for ship, owner in g.ships:
        if owner >= 0 and pos - ship in around:
            g.sheet.append(ports_line(owner, ports, token, g.ply))


def ports_line(owner: int, ports: int, token: bool, ply: int) -> ScoreLine:
    """A line of :func:`ports_added`: ``ports`` ports beside ``owner``'s ship."""
    what = (
        _("a port token placed beside its ship")
        if token
        else _n(
            "a tile with {n} port laid beside its ship",
            "a tile with {n} ports laid beside its ship",
            ports,
        )
    )
    return line(owner, ports, SHIP, what, ply)


def tokens_revealed(g: Record) -> None:
    """The game is over: every Discovery token is shown and counts."""
    values = g.tables.discoveries
    ply = g.ply
    for seat in range(g.players):
        for token in g.discoveries[seat]:
            value = values[token]
            if value:
                g.sheet.append(discovery_line(seat, value, ply))


def discovery_line(seat: int, value: int, ply: int) -> ScoreLine:
    """A line of :func:`tokens_revealed`: a token worth ``value``."""
    what = _("Discovery token worth {value}, revealed at the end", value=value)
    return line(seat, value, DISCOVERY, what, ply)


def line(seat: int, points: int, kind: str, what: Said, ply: int) -> ScoreLine:
    """A score line of ``seat``'s, its kind named for the reader."""
    return ScoreLine((seat,), points, kind, what, ply, KINDS[kind])
