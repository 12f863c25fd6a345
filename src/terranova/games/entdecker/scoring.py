"""Steps 7 and 8 of a turn and the end of the game: filling enclosed single spaces, scoring
the islands completed this turn, the jungle paths and their huts.

7. An undiscovered square whose every neighbour on the board is discovered, and every
   undiscovered square no ship can ever reach (:func:`out_of_reach`), is filled with a
   tile that matches it: from the open stacks (lowest number first), else the discards
   (oldest first), else searched out of the hidden stacks (chance: any hidden tile that
   fits); its first matching rotation (ruling 8). Nothing fitting: it stays empty.
8. Each island completed this turn (no land edge left open; the board's edge closes it) is
   scored: its value is its tiles plus its waterfall bonus. Players rank by the strongest
   unit they have on it (settlement, fort, scout), then by how many of that kind; ties go
   to the player whose turn it is, then in turn order (variant ``island_tie=share``: tied
   players share the place). 1st scores the value, 2nd half of 1st rounded up, 3rd half of
   2nd rounded up, 4th likewise. Forts and settlements go back to their owners; once every
   island of the turn is scored, the scouts of all of them go onto the jungle paths
   (ruling 23), the player whose turn it is first, then in turn order, each to the free
   space nearest the hut of a path its owner chooses. The first scout on
   a path draws a produce token into the hut; its owner looks at it.

The end: when the board is full (or, ruling 11, no undiscovered square can be reached any
more and nothing left fills the rest, no tile is left, or no player could pay for a start
for a whole round, the squares left then filled first; or, ruling 22, after the turn that
reaches :data:`TURN_LIMIT`), each hut's token goes to the player with most scouts on its
path (tie: the scout nearest the hut). The reason (:data:`END_REASONS`) is the state's
``end_reason``, in its view and its record.
The final tie-break is gold (variant ``tiebreak=shared``: tied players share the win).

Every change of a seat's points goes through :func:`credit`, which writes its line on the
score sheet (:mod:`terranova.core.scoring`): kind ``island`` (one line per seat placed) and
kind ``hut``.
"""

from __future__ import annotations

from collections.abc import Sequence

from terranova.core.actions import Action
from terranova.core.i18n import Said, Text, as_data, texts
from terranova.core.scoring import ScoreLine
from terranova.games.entdecker import exploring, routes
from terranova.games.entdecker.components import UNITS
from terranova.games.entdecker.record import Record
from terranova.games.entdecker.steps import (
    Filling,
    Hut,
    Scoring,
    Searching,
    Trekking,
    Turn,
    TurnOver,
)
from terranova.games.entdecker.words import token_name

_, _n = texts("terranova.games.entdecker")

SCOUT = 0
TURN_LIMIT = 900
"""Ruling 22: the game ends at the latest after this many turns (all seats' turns together),
a safeguard against stalling (announcing and stopping for ever): the longest of 36,900
random and greedy games lasted 275 turns."""


# ------------------------------------------------------------------ enclosed spaces


def enclosed(g: Record) -> list[int]:
    """The undiscovered squares with no undiscovered neighbour, in board order."""
    return sorted(g.enclosed)


def to_fill(g: Record) -> list[int]:
    """The squares step 7 fills, in board order: the enclosed single spaces (ruling 21) and
    every undiscovered square no ship can ever reach (ruling 8); once no player could pay
    for a start (ruling 11), every undiscovered square."""
    if g.closing:
        return [q for q in g.tables.squares if q not in g.map.at]
    return sorted(g.enclosed.union(out_of_reach(g)))


def _layable(g: Record, designs: list[int], code: int, entry: int) -> bool:
    """Whether one of ``designs`` could be laid by a ship on an undiscovered square whose
    neighbours give the constraint ``code``, entering by ``entry``: it matches them and
    carries a white line at that edge. Tiles left only ever grow fewer and neighbours only
    ever more, so once False for the tiles left it stays False."""
    t = g.tables
    fits, lane = t.fits, t.lane
    return any(lane[d][r][entry] >= 0 for d in designs for r in fits[d][code])


def left_designs(g: Record) -> list[int]:
    """The designs a ship may still explore with: in the hidden or the open stacks."""
    t = g.tables
    out = [d for d, c in enumerate(g.hidden) if c]
    out += [t.open_design[k] for k in range(1, 7) if g.open_stacks[k] and t.open_design[k] >= 0]
    return out


def out_of_reach(g: Record) -> frozenset[int]:
    """The undiscovered squares no ship can ever reach (ruling 8), whatever is laid later.

    The undiscovered squares fall into regions (joined by their sides). A region is within
    reach if a start point on the board's edge leads into one of its squares, or a white
    line of a discovered tile within reach does, and a tile left could be laid there by a
    ship coming that way (:func:`_layable`). A line is within reach if it is joined to
    one within reach, leads out from a start point, or leads into a region within reach
    (tiles laid there may join it to the others). What is not reached so is beyond every
    ship's reach for good: tiles left only grow fewer, and the lines leading into it can
    only be joined to the board's edge through other regions beyond reach."""
    # tiles are only ever laid and drawn, so these counts name the position's board and
    # stacks (a clone keeps the answer of its original until either lays or draws)
    key = (len(g.map.tiles), sum(g.hidden), sum(g.open_stacks))
    known = g.reach_cache
    if known is not None and known[0] == key:
        return known[1]
    found = _out_of_reach(g)
    g.reach_cache = (key, found)
    return found


def _out_of_reach(g: Record) -> frozenset[int]:
    t = g.tables
    at = g.map.at
    empty = [q for q in t.squares if q not in at]
    if not empty:
        return frozenset()
    beside = t.beside
    # the regions of undiscovered squares
    region: dict[int, int] = {}
    members: list[list[int]] = []
    for q in empty:
        if q in region:
            continue
        k = len(members)
        region[q] = k
        group = [q]
        for p in group:
            for _x, n in beside[p]:
                if n not in at and n not in region:
                    region[n] = k
                    group.append(n)
        members.append(group)
    tiles = g.map.tiles
    frontier = g.map.frontier
    lane, lane_edges = t.lane, t.lane_edges
    designs = left_designs(g)
    layable: dict[tuple[int, int], bool] = {}
    reached = [False] * len(members)
    seen: set[int] = set()  # lane nodes: square * 4 + lane
    lanes: list[int] = []
    regions: list[int] = []

    def enter(q: int, entry: int) -> None:
        k = region[q]
        if reached[k]:
            return
        key = (frontier.get(q, 0), entry)
        ok = layable.get(key)
        if ok is None:
            ok = layable[key] = _layable(g, designs, key[0], entry)
        if ok:
            reached[k] = True
            regions.append(k)

    def join(pos: int, edge: int) -> None:
        _x, d, r = tiles[at[pos]]
        k = lane[d][r][edge]
        if k >= 0:
            node = pos * 4 + k
            if node not in seen:
                seen.add(node)
                lanes.append(node)

    for sp in t.points:
        if sp.pos in at:
            join(sp.pos, sp.edge)
        else:
            enter(sp.pos, sp.edge)
    while lanes or regions:
        while lanes:
            node = lanes.pop()
            pos = node >> 2
            _x, d, r = tiles[at[pos]]
            for e in lane_edges[d][r][node & 3]:
                q = pos + t.grid.step[e]
                if q in at:
                    join(q, (e + 2) % 4)
                elif q in region:  # on the board
                    enter(q, (e + 2) % 4)
        while regions:
            for q in members[regions.pop()]:
                for e, n in beside[q]:
                    if n in at:
                        join(n, (e + 2) % 4)
    return frozenset(q for q in empty if not reached[region[q]])


def fill_next(g: Record, seat: int) -> None:
    """Fill the squares of :func:`to_fill` from the open stacks or the discards, looking
    again after each filler (it may enclose more); the first that needs the hidden stacks
    waits for chance; when none is left that a tile fits, go on to scoring."""
    t = g.tables
    while True:
        for q in to_fill(g):
            code = g.map.frontier.get(q, 0)  # read after each filler: it may copy the board
            filled = False
            for number in range(1, 7):
                design = t.open_design[number]
                if g.open_stacks[number] and design >= 0 and t.fits[design][code]:
                    g.open_stacks[number] -= 1
                    lay_filler(g, seat, q, design, "an open stack")
                    filled = True
                    break
            else:
                for k, design in enumerate(g.discards):
                    if t.fits[design][code]:
                        del g.discards[k]
                        lay_filler(g, seat, q, design, "the discards")
                        filled = True
                        break
                else:
                    if hidden_fillers(g, q):
                        g.agenda.append(Searching(seat, q))
                        return
            if filled:
                break
        else:
            g.agenda.pop()  # Filling
            return


def hidden_fillers(g: Record, pos: int) -> list[int]:
    """The hidden designs left that fit the enclosed square ``pos``."""
    t = g.tables
    code = g.map.frontier.get(pos, 0)
    return [d for d, c in enumerate(g.hidden) if c and t.fits[d][code]]


def fill(g: Record, pos: int, design: int) -> None:
    """Chance found ``design`` in the hidden stacks for the enclosed square ``pos``."""
    g.hidden[design] -= 1
    top = g.agenda[-1]
    assert isinstance(top, Filling)
    lay_filler(g, top.seat, pos, design, "the hidden stacks")


FILL_SOURCES = {"an open stack": "open", "the discards": "discards", "the hidden stacks": "hidden"}
"""Where a filler comes from, in words and as the view's log says it (``filled.from``)."""
FILL_WORDS = {
    "open": _("an open stack"),
    "discards": _("the discards"),
    "hidden": _("the hidden stacks"),
}
"""Where a filler comes from, in the reader's language."""


def lay_filler(g: Record, seat: int, pos: int, design: int, source: str) -> None:
    t = g.tables
    rotation = t.fits[design][g.map.frontier.get(pos, 0)][0]
    exploring.note_completed(g, g.lay(pos, design, rotation))
    x, y = t.grid.xy[pos]
    g.log.append(
        {
            "seat": seat,
            "what": as_data(
                # TRANSLATORS: {source} is "an open stack", "the discards" or "the hidden stacks".
                _(
                    "{tile} from {source} fills {x},{y}",
                    tile=t.designs[design].named,
                    source=FILL_WORDS[FILL_SOURCES[source]],
                    x=x,
                    y=y,
                )
            ),
            "event": "filled",
            "filled": {"design": t.ids[design], "x": x, "y": y, "from": FILL_SOURCES[source]},
        }
    )


# ---------------------------------------------------------------------- score sheet


KINDS = {"island": _("island"), "hut": _("hut")}
"""The score sheet's kinds, as a player reads them."""


def credit(g: Record, seat: int, points: int, kind: str, what: Said | str) -> None:
    """``seat`` scores ``points``, with its line on the score sheet; the scorings run as
    automatic steps after the action just applied, whose ply they bear."""
    g.score[seat] += points
    if points:
        line = ScoreLine((seat,), points, kind, what, g.ply, kind_says=KINDS.get(kind))
        g.sheet.append(line)


def ordinal(n: int) -> Text:
    """``1st``, ``2nd``, ``3rd``, ``4th``.

    >>> [str(ordinal(n)) for n in (1, 2, 3, 4)]
    ['1st', '2nd', '3rd', '4th']
    >>> ordinal(1).render("fr"), ordinal(4).render("de")
    ('1er', '4.')
    """
    if n == 1:
        return _("1st")
    if n == 2:
        return _("2nd")
    if n == 3:
        return _("3rd")
    return _("{n}th", n=n)


def with_units(n: int, kind: str) -> Text:
    """``with a fort``, ``with 2 scouts``."""
    if kind == "fort":
        return _n("with a fort", "with {n} forts", n)
    if kind == "settlement":
        return _n("with a settlement", "with {n} settlements", n)
    return _n("with a scout", "with {n} scouts", n)


def island_line(place: int, shared: bool, kind: int, many: int, tiles: int, bonus: int) -> Text:
    """What a seat's line for an island says: its place, the units that won it, the value.

    >>> str(island_line(2, False, 0, 2, 5, 10))
    '2nd with 2 scouts on an island of 5 tiles + 10 waterfall'
    >>> str(island_line(1, True, 1, 1, 1, 0))
    '1st (shared) with a fort on an island of 1 tile'
    >>> island_line(2, False, 0, 2, 5, 10).render("de")
    '2. mit 2 Kundschaftern auf einer Insel aus 5 Kärtchen + 10 Wasserfall'
    """
    params = {
        "place": ordinal(place),
        "units": with_units(many, UNITS[kind]),
        "tiles": _n("{n} tile", "{n} tiles", tiles),
        "bonus": bonus,
    }
    # TRANSLATORS: {place} is 1st, 2nd...; {units} is "with a fort", "with 2 scouts"...;
    # {tiles} is "5 tiles"; {bonus} the waterfall's points.
    if shared and bonus:
        return _("{place} (shared) {units} on an island of {tiles} + {bonus} waterfall", **params)
    if shared:
        return _("{place} (shared) {units} on an island of {tiles}", **params)
    if bonus:
        return _("{place} {units} on an island of {tiles} + {bonus} waterfall", **params)
    return _("{place} {units} on an island of {tiles}", **params)


# -------------------------------------------------------------------------- islands


def cascade(value: int, places: int) -> list[int]:
    """Points of the 1st, 2nd, ... place: each half the one before, rounded up.

    >>> cascade(9, 4), cascade(1, 3)
    ([9, 5, 3, 2], [1, 1, 1])
    """
    out = [value]
    while len(out) < places:
        out.append(-(-out[-1] // 2))
    return out


Strongest = dict[int, tuple[int, int]]
"""Per seat with units on an island: its strongest kind and how many of it it has there."""


def strongest(units: list[tuple[int, int, int]]) -> Strongest:
    """Each seat's strongest units among ``units`` (on one island)."""
    best: Strongest = {}
    for _x, seat, kind in units:
        strongest, count = best.get(seat, (-1, 0))
        if kind > strongest:
            best[seat] = (kind, 1)
        elif kind == strongest:
            best[seat] = (kind, count + 1)
    return best


def ranking(
    g: Record, units: list[tuple[int, int, int]], active: int
) -> list[tuple[int, int, int, int]]:
    """(seat, strongest kind, how many of it, place from 1) of the players with units on an
    island, best first."""
    return standings(g, strongest(units), active)


def standings(g: Record, best: Strongest, active: int) -> list[tuple[int, int, int, int]]:
    """:func:`ranking` from each seat's strongest units on the island."""
    n = g.players
    order = sorted((-kind, -many, (seat - active) % n, seat) for seat, (kind, many) in best.items())
    out = []
    for k, (_x, _x, _x, seat) in enumerate(order):
        place = k + 1
        if not g.tie_active:
            place = 1 + sum(1 for other in best if best[other] > best[seat])
        out.append((seat, best[seat][0], best[seat][1], place))
    return out


def score_next(g: Record, seat: int) -> None:
    """Score every island completed this turn, in the order completed; then the scouts of
    all of them go onto the paths, the player whose turn it is first, then in turn order
    (ruling 23)."""
    turn = g.turn
    if turn is None:
        return
    treks: list[int] = []
    for root in turn.completed:
        if root not in g.scored:
            g.scored.append(root)
            treks += score_island(g, seat, root)
    n = g.players
    treks.sort(key=lambda s: (s - seat) % n)
    g.agenda.extend(Trekking(s) for s in reversed(treks))


def score_island(g: Record, seat: int, root: int) -> list[int]:
    """Score one island completed on the turn of ``seat``; its forts and settlements go
    back to their owners. Returns the owners of its scouts, one per scout, which go onto
    the paths once every island of the turn is scored."""
    find = g.regions.find
    here = [u for u in g.units if find(u[0]) == root]
    if not here:
        return []
    size = g.tile_mask[root].bit_count()
    value = size + g.bonus[root]
    ranks = ranking(g, here, seat)
    points = cascade(value, len(ranks))
    places = [r[3] for r in ranks]
    report = []
    for s, kind, many, place in ranks:
        line = island_line(place, places.count(place) > 1, kind, many, size, g.bonus[root])
        credit(g, s, points[place - 1], "island", line)
        report.append({"seat": s, "unit": UNITS[kind], "count": many, "place": place,
                       "points": points[place - 1]})  # fmt: skip
    treks: list[int] = []
    for unit in here:
        g.units.remove(unit)
        _x, owner, kind = unit
        if kind == SCOUT:
            treks.append(owner)
        else:
            g.supply[owner][kind] += 1
    tiles = [g.tables.where(g.map.tiles[i][0]) for i in range(g.map.tiles.__len__())
             if g.tile_mask[root] >> i & 1]  # fmt: skip
    g.log.append({"seat": seat, "what": "island", "event": "island", "tiles": tiles, "value": value,
                  "ranks": report})  # fmt: skip
    return treks


def trek_actions(g: Record) -> list[Action]:
    """The paths with a free space."""
    return [g.tables.treks[p] for p, spaces in enumerate(g.paths) if -1 in spaces]


def trek(g: Record, seat: int, path: int, from_supply: bool) -> None:
    """A scout onto the free space of ``path`` nearest the hut; the first draws a token."""
    spaces = g.paths[path]
    spaces[spaces.index(-1)] = seat
    if from_supply:
        g.supply[seat][SCOUT] -= 1
    if g.huts[path] < 0 and g.bag:
        g.agenda.append(Hut(seat, path))


def token_drawn(g: Record, seat: int, path: int, token: int) -> None:
    g.bag.remove(token)
    g.huts[path] = token
    g.known[path] |= 1 << seat


# ------------------------------------------------------------------------------ end


FULL = "the board is full"
UNREACHABLE = "no undiscovered square can be reached"
NO_TILES = "no tile is left"
NO_START = "no player could pay for a start"
TURN_LIMIT_REACHED = f"the turn limit ({TURN_LIMIT} turns) is reached"
END_REASONS = (FULL, UNREACHABLE, NO_TILES, NO_START, TURN_LIMIT_REACHED)
"""Why a game ends (ruling 11, ruling 22), as the state keeps it: :data:`END_WORDS` says it."""
END_WORDS = {
    FULL: _("the board is full"),
    UNREACHABLE: _("no undiscovered square can be reached"),
    NO_TILES: _("no tile is left"),
    NO_START: _("no player could pay for a start"),
    TURN_LIMIT_REACHED: _("the turn limit ({n} turns) is reached", n=TURN_LIMIT),
}
"""Each of :data:`END_REASONS` in the reader's language, as the view, the log and the record
say it.

>>> all(str(END_WORDS[reason]) == reason for reason in END_REASONS)
True
>>> END_WORDS[FULL].render("de")
'der Spielplan ist voll'
"""


def end_reason(g: Record) -> str | None:
    """Why the game ends after the turn just over (ruling 11, ruling 22); None: it goes on.
    The board full comes first (a full board ends the game whatever else is true), but
    for a board that was full only once no player could pay for a start."""
    if g.closing:
        return NO_START
    if len(g.map.tiles) == g.tables.board.width * g.tables.board.height:
        return FULL
    if routes.cheapest_tile(g) is None:
        return NO_TILES
    if g.passes >= g.players:
        return NO_START
    if not routes.reachable(g) or len(out_of_reach(g)) == len(g.tables.squares) - len(g.map.tiles):
        return UNREACHABLE
    if out_of_turns(g):
        return TURN_LIMIT_REACHED
    return None


def out_of_turns(g: Record) -> bool:
    """Ruling 22: the turn just over reached the turn limit."""
    return g.turns >= TURN_LIMIT


def turn_over(g: Record, seat: int) -> None:
    """The game ends (ruling 11, ruling 22) or the next player's turn begins. When no
    player could pay for a start, the squares left are first filled (ruling 11), the
    islands so completed scored as on the turn of ``seat``."""
    if not g.closing:
        g.turns += 1
    g.turn = None
    reason = end_reason(g)
    if reason == NO_START and not g.closing and len(g.map.tiles) < len(g.tables.squares):
        g.closing = True
        g.turn = Turn(seat)
        g.log.append(
            {
                "seat": seat,
                "what": as_data(_("no player could pay for a start: the squares left are filled")),
                "event": "no_start",
            }
        )
        g.agenda.extend([TurnOver(seat), Scoring(seat), Filling(seat)])
        return
    if reason is not None:
        finish(g, reason, seat)
        return
    exploring.begin_turn(g, (seat + 1) % g.players)


def hut_winner(g: Record, path: int) -> int:
    """The seat with most scouts on a path (tie: the scout nearest the hut); -1: none."""
    return path_leader(g.paths[path])


def path_leader(spaces: Sequence[int]) -> int:
    """:func:`hut_winner` by the seats on a path's spaces, nearest the hut first."""
    winner, most = -1, 0
    for seat in spaces:  # nearest the hut first: a seat after the winner needs more scouts
        if seat >= 0 and seat != winner:
            many = spaces.count(seat)
            if many > most:
                winner, most = seat, many
    return winner


def finish(g: Record, reason: str, seat: int) -> None:
    """The huts are scored and the game is over after the turn of ``seat``, for ``reason``
    (one of :data:`END_REASONS`), which the log's last entry says."""
    g.ending = reason
    tokens = g.tables.board.tokens
    for path, token in enumerate(g.huts):
        if token < 0:
            continue
        winner = hut_winner(g, path)
        if winner >= 0:
            path_id = g.tables.board.paths[path].id
            spaces = g.paths[path]
            many = spaces.count(winner)
            others = [spaces.count(s) for s in range(g.players) if s != winner]
            why = _("most scouts ({n})", n=many)
            if not any(others):
                why = _n("a scout, alone on the path", "{n} scouts, alone on the path", many)
            elif many in others:
                why = _n(
                    "a scout, tied: nearest the hut", "{n} scouts, tied: nearest the hut", many
                )
            # TRANSLATORS: {token} is a produce token's plant; {why} is "most scouts (3)",
            # "2 scouts, alone on the path" or "a scout, tied: nearest the hut".
            line = _(
                "the hut at the end of path {path}: {token}, {why}",
                path=path_id,
                token=token_name(tokens[token].id),
                why=why,
            )
            credit(g, winner, tokens[token].value, "hut", line)
            g.log.append({"seat": winner, "what": "hut", "event": "hut", "path": path_id,
                          "token": tokens[token].id, "points": tokens[token].value,
                          "token_says": as_data(token_name(tokens[token].id))})  # fmt: skip
    said = END_WORDS[reason]
    g.log.append(
        {
            "seat": seat,
            "what": as_data(_("the game ends: {reason}", reason=said)),
            "event": "end",
            "end": as_data(said),
        }
    )
    g.over = True


GROWTH = 0.7
"""Tiles an island is expected to gain per land edge still open, before it is complete."""
CLOSING = 0.85
"""The chance an island is completed, per land edge still open (a rough guess)."""


Held = list[tuple[float, int, Strongest]]
"""Islands not yet scored that hold units: the chance each is completed, its value grown by
its open edges, and each seat's strongest units there."""


def held_islands(g: Record) -> Held:
    """The islands not yet scored that hold units, as :func:`outlook` weighs them."""
    find = g.regions.find
    islands: dict[int, list[tuple[int, int, int]]] = {}
    for unit in g.units:
        islands.setdefault(find(unit[0]), []).append(unit)
    held = []
    for root, here in islands.items():
        open_edges = g.open_edges[root]
        value = round(g.tile_mask[root].bit_count() + g.bonus[root] + GROWTH * open_edges)
        held.append((CLOSING**open_edges, value, strongest(here)))
    return held


def outlook(g: Record, active: int) -> list[float]:
    """Per seat, the points its units on the islands not yet scored (:func:`held_islands`)
    are expected to bring: the place each seat holds now (ties to ``active``, as in a
    scoring on its turn) on the island's value grown by its open edges, discounted by the
    chance it is completed."""
    out = [0.0] * g.players
    for chance, value, best in held_islands(g):
        if len(best) == 1:
            (seat,) = best
            out[seat] += chance * value  # alone on the island: 1st
            continue
        ranks = standings(g, best, active)
        points = cascade(value, len(ranks))
        for seat, _x, _x, place in ranks:
            out[seat] += chance * points[place - 1]
    return out


def own_outlooks(g: Record, held: Held) -> list[float]:
    """Per seat, ``outlook(g, seat)[seat]`` (``held``: the :func:`held_islands`): the seat
    to play wins its ties, so its
    place on an island is 1 + the seats with stronger units there, whatever the variant."""
    out = [0.0] * g.players
    for chance, value, best in held:
        points = cascade(value, len(best))
        for seat, mine in best.items():
            place = 1 + sum(1 for theirs in best.values() if theirs > mine)
            out[seat] += chance * points[place - 1]
    return out


def hut_outlooks(g: Record) -> list[float]:
    """Per seat, the tokens of the huts it leads (their mean value if it has not seen
    them)."""
    tokens = g.tables.board.tokens
    mean = g.tables.token_mean
    worth = [0.0] * g.players
    for path, token in enumerate(g.huts):
        if token >= 0:
            seat = hut_winner(g, path)
            if seat >= 0:
                worth[seat] += tokens[token].value if g.known[path] >> seat & 1 else mean
    return worth


def scouts_on_islands(g: Record) -> list[int]:
    """Per seat, its scouts on the islands not yet scored."""
    out = [0] * g.players
    for _x, seat, kind in g.units:
        if kind == SCOUT:
            out[seat] += 1
    return out


def estimate(g: Record, seat: int) -> float:
    """Points, gold at a third of a point, the tiles it paid for and has not drawn yet at
    their price (so that announcing costs nothing and stopping early does), the points its
    units on islands not yet scored are expected to bring (:func:`outlook`), half a point
    per such scout (it goes on to a path), and the tokens of the huts it leads (their mean
    value if unseen); the final scores once the game is over."""
    if g.over:
        return g.returns()[seat]
    turn = g.turn
    active = turn.seat if turn is not None else seat
    islands = outlook(g, active)[seat]
    return _worth(g, seat, islands, hut_outlooks(g)[seat], scouts_on_islands(g)[seat])


def estimates(g: Record) -> list[float]:
    """Every seat's :func:`estimate`, the islands' and huts' outlooks worked out once."""
    if g.over:
        return g.returns()
    turn = g.turn
    seats = range(g.players)
    # between turns each seat is taken as the one to play
    islands = own_outlooks(g, held_islands(g)) if turn is None else outlook(g, turn.seat)
    huts = hut_outlooks(g)
    scouts = scouts_on_islands(g)
    return [_worth(g, seat, islands[seat], huts[seat], scouts[seat]) for seat in seats]


def _worth(g: Record, seat: int, islands: float, huts: float, scouts: int) -> float:
    worth = g.score[seat] + g.gold[seat] / 3 + islands
    turn = g.turn
    if turn is not None and turn.seat == seat and turn.left:  # tiles paid for, not drawn
        board = g.tables.board
        worth += turn.left * (board.hidden_tile if turn.kind == "hidden" else board.open_tile) / 3
    worth += 0.5 * scouts
    return worth + huts
