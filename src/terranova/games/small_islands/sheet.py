"""The score sheet (:mod:`terranova.core.scoring`): a line per scoring event, kept in the
state in the order scored and shown to every seat.

Small Islands scores at three moments: a house built at a round's end pays its objective's
Reward at once (``objective``); the ports on the tiles around a player's own ship count as
it lands and as tiles or port tokens come next to it later (``ship``); the Discovery tokens,
hidden until the end, enter the scores everyone sees when the game ends (``discovery``).
A Discovery Reward pays in tokens, not points: it gets its line at the end, with the token.

>>> from terranova.games.small_islands.components import Mission, Reward
>>> mission_text(Mission("m", "more", "leaf", "fruit"))
'more leaves than fruits'
>>> reward_text(Reward("r", "per_symbol", "flower", points=1, bonus=2))
'1 per flower + 2'
>>> island_text(Island(tiles=4, flower=3, fruit=1, temple=1, house=2))
'an island of 4 tiles (3 flowers, 1 fruit, 0 leaves, 1 temple)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terranova.core.scoring import ScoreLine, counted
from terranova.games.small_islands.components import RESOURCES, Mission, Reward
from terranova.games.small_islands.objectives import Island

if TYPE_CHECKING:
    from terranova.games.small_islands.state import SmallIslandsState

OBJECTIVE = "objective"
SHIP = "ship"
DISCOVERY = "discovery"

WORDS = {
    "flower": ("flower", "flowers"),
    "fruit": ("fruit", "fruits"),
    "leaf": ("leaf", "leaves"),
    "temple": ("temple", "temples"),
    "port": ("port", "ports"),
    "house": ("house symbol", "house symbols"),
}
"""Each symbol's name, one and many (as the web page says them)."""


def symbols(n: int, symbol: str) -> str:
    """``n`` of a symbol, by its name on the web page."""
    return counted(n, *WORDS.get(symbol, (symbol, symbol + "s")))


def mission_text(m: Mission) -> str:
    """A Mission in words."""
    many = {symbol: words[1] for symbol, words in WORDS.items()}
    if m.kind == "more":
        return f"more {many.get(m.a or '', m.a)} than {many.get(m.b or '', m.b)}"
    if m.kind == "equal":
        return f"as many {many.get(m.a or '', m.a)} as {many.get(m.b or '', m.b)}"
    if m.kind == "match":
        others = " or ".join(many[r] for r in RESOURCES if r != m.a)
        return f"as many {many.get(m.a or '', m.a)} as {others}"
    return "at least " + ", ".join(symbols(n, symbol) for symbol, n in m.need)


def reward_text(r: Reward) -> str:
    """A Reward in words (what each house earns)."""
    bonus = f" + {r.bonus}" if r.bonus else ""
    if r.kind == "per_symbol":
        return f"{r.points} per {WORDS.get(r.symbol or '', (r.symbol,))[0]}{bonus}"
    if r.kind == "lowest":
        return f"{r.points} per unit of the scarcest resource{bonus}"
    if r.kind == "chosen":
        return f"{r.points} per unit of the resource picked{bonus}"
    if r.kind == "flat":
        return f"{r.points} points"
    if r.kind == "size":
        return "by size: " + ", ".join(f"{size} tiles: {p} points" for size, p in r.sizes)
    return "a Discovery token per temple"


def island_text(island: Island) -> str:
    """An island as a player sees it: its tiles and the symbols a Reward counts (the
    resources always, a missing one too; temples and ports when it has any)."""
    shown = [symbols(island.count(r), r) for r in RESOURCES] + [
        symbols(island.count(symbol), symbol)
        for symbol in ("temple", "port")
        if island.count(symbol)
    ]
    return f"an island of {symbols(island.tiles, 'tile')} ({', '.join(shown)})"


def objective_scored(g: SmallIslandsState, seat: int, points: int, island: Island) -> None:
    """A house built at a round's end paid its objective's Reward. The objective is named
    by what it asks and pays (its card ids are not: a card put back may later be someone's
    secret)."""
    from terranova.games.small_islands.rounds import mission, reward

    card = f"{mission_text(mission(g, seat))} → {reward_text(reward(g, seat))}"
    what = f"objective '{card}' fulfilled in round {g._round}: a house on {island_text(island)}"
    g._sheet.append(ScoreLine((seat,), points, OBJECTIVE, what, len(g._history)))


def landed(g: SmallIslandsState, seat: int, pos: int, ports: int) -> None:
    """``seat``'s own ship landed with ``ports`` ports around it."""
    what = f"own ship landed with {symbols(ports, 'port')} on the tiles around it"
    g._sheet.append(ScoreLine((seat,), ports, SHIP, what, len(g._history)))


def ports_added(g: SmallIslandsState, pos: int, ports: int, token: bool) -> None:
    """A tile with ``ports`` ports, or a port token (``token``), came onto ``pos``: a point a
    port for the owner of any ship beside it."""
    around = g._t.around
    for ship, owner in g._ships:
        if owner >= 0 and pos - ship in around:
            what = (
                "a port token placed beside its ship"
                if token
                else f"a tile with {symbols(ports, 'port')} laid beside its ship"
            )
            g._sheet.append(ScoreLine((owner,), ports, SHIP, what, len(g._history)))


def tokens_revealed(g: SmallIslandsState) -> None:
    """The game is over: every Discovery token is shown and counts."""
    values = g._t.discoveries
    ply = len(g._history)
    for seat in range(g._n):
        for token in g._discoveries[seat]:
            value = values[token]
            if value:
                what = f"Discovery token worth {value}, revealed at the end"
                g._sheet.append(ScoreLine((seat,), value, DISCOVERY, what, ply))
