"""The starting tiles and the turn: Explore (take a face-up tile into hand, lay a tile from
hand, refill the face-up row, optionally place a bonus token) or Land (lay a ship tile once
the Navigation stack is empty, which ends the round's exploration).

Placement (for every tile, ships too): next to a laid tile across an edge, any rotation, and
land or sea on each edge and corner as on every tile around it, diagonal ones included:
the kit's corner-matching :class:`~terranova.kit.board.TileBoard` checks that.
"""

from __future__ import annotations

import random

from terranova.core.actions import Action
from terranova.core.turns import Step, TurnOver
from terranova.games.small_islands import ending, sheet, words
from terranova.games.small_islands.actions import (
    PASS,
    Deal,
    Land,
    Pass,
    Place,
    Reveal,
    Take,
    Token,
)
from terranova.games.small_islands.components import LAND, RESOURCES
from terranova.games.small_islands.record import FLOWER, PORT, Record
from terranova.games.small_islands.steps import (
    AlexisTurn,
    Bonus,
    Dealing,
    Drawing,
    LayingStart,
    Placing,
    Reckoning,
    Revealing,
    RoundStart,
    Turn,
)

ROW = 3
"""Face-up landscape tiles beside the Navigation tile."""
HAND = 2
"""Landscape tiles in each hand."""
PORTS_PER_TILE = 2
TOKEN_ORDER = (*RESOURCES, "port")


def set_up(g: Record) -> None:
    """The first player lays the starting tiles (in any order; in number order with
    ``start=ordered``); three tiles are turned face up; each player draws two tiles and an
    objective (advanced: a Mission and a Reward); the first round begins."""
    agenda = g.agenda
    agenda.append(RoundStart())
    for seat in reversed(range(g.players)):
        for deck in reversed(list(g.decks)):
            agenda.append(Drawing(seat, deck))
    for seat in reversed(range(g.players)):
        agenda.extend(Dealing(seat) for _ in range(HAND))
    agenda.extend(Revealing() for _ in range(ROW))
    starts = tuple(range(len(g.tables.start_sides)))
    if starts:
        agenda.append(LayingStart(g.first, starts, g.ordered))


# ------------------------------------------------------------------ legal actions


def legal(g: Record, top: Step) -> list[Action] | None:
    """The legal actions of an exploring step (None for another step)."""
    match top:
        case LayingStart():
            sides = [d for i in top.laying() for d in g.tables.start_sides[i]]
            if not g.board.tiles:
                return [
                    g.tables.tiles.action(d, g.tables.grid.encode(0, 0), r)
                    for d in sides
                    for r in g.tables.tiles.rotations[d]
                ]
            return g.placements.actions(sides)
        case Turn(seat=seat):
            return takes(g, seat) + landings(g, seat)
        case Placing(seat=seat):
            return g.placements.actions(sorted(set(g.hands[seat])))
        case Bonus(seat=seat):
            tokens = bonus_tokens(g, seat)
            return [PASS, *tokens] if tokens else []
    return None


def takes(g: Record, seat: int) -> list[Action]:
    """Explore: the face-up tiles whose taking leaves a tile in hand that can be laid."""
    placements = g.placements
    hand_fits = any(placements.can_place(d) for d in set(g.hands[seat]))
    out: list[Action] = []
    seen: set[int] = set()
    for design in g.row:
        if design not in seen:
            seen.add(design)
            if hand_fits or placements.can_place(design):
                out.append(Take(g.tables.designs[design].id))
    return out


def ship_squares(g: Record) -> list[int]:
    """Where a ship tile may lie: next to a tile, sea all around."""
    masks = g.tables.tiles.masks[g.tables.ship]
    return [pos for pos, code in g.board.frontier.items() if masks[code]]


def own_ship_free(g: Record, seat: int) -> bool:
    return all(owner != seat for _, owner in g.ships)


def grey_ships_left(g: Record) -> int:
    """Grey ships still beside the table: the ship tiles of colours nobody plays."""
    colours = 1 if g.solo else g.players
    grey_laid = sum(owner < 0 for _, owner in g.ships)
    return g.tables.components.ships - colours - grey_laid


def landings(g: Record, seat: int) -> list[Action]:
    """Land: only once the Navigation stack is empty; one's own ship, or a grey one."""
    if g.nav or seat >= g.players:
        return []
    kinds = []
    if own_ship_free(g, seat):
        kinds.append("own")
    if grey_ships_left(g) > 0:
        kinds.append("grey")
    if not kinds:
        return []
    decode = g.tables.grid.decode
    squares = [decode(pos) for pos in ship_squares(g)]
    return [Land(kind, x, y) for kind in kinds for x, y in squares]


def bonus_tokens(g: Record, seat: int) -> list[Action]:
    """Where each kind of bonus token the seat still holds may go (:func:`token_spots`), by
    kind, then in the order the tiles were laid."""
    held = g.tokens[seat]
    if not held:
        return []
    spots = g.token_spots
    if spots is None:
        spots = g.token_spots = all_spots(g)
    return [action for kind in TOKEN_ORDER if kind in held for action in spots[kind]]


def all_spots(g: Record) -> dict[str, list[Token]]:
    """Per kind of bonus token, where one may go (:func:`token_spots`), in the order the
    tiles were laid."""
    spots: dict[str, list[Token]] = {kind: [] for kind in TOKEN_ORDER}
    clean = g.clean_spots
    tokens_at = g.tokens_at
    token = g.tables.token
    for pos, design, _ in g.board.tiles:
        placed = tokens_at.get(pos)
        for kind, over in token_spots(g, design, placed) if placed else clean[design]:
            spots[kind].append(token(kind, pos, over))
    return spots


def add_spots(g: Record, pos: int, design: int) -> None:
    """A tile just laid at ``pos`` adds its spots to :func:`all_spots`, once listed."""
    spots = g.token_spots
    new = g.clean_spots[design]
    if spots is None or not new:
        return
    spots = dict(spots)  # shared with clones: replaced, never changed
    token = g.tables.token
    for kind, over in new:
        spots[kind] = [*spots[kind], token(kind, pos, over)]
    g.token_spots = spots


def clean_spots(g: Record) -> list[list[tuple[str, str]]]:
    """Per design, where a bonus token may go on a tile with none on it yet
    (:func:`token_spots`; listed once per set of components and variant)."""
    kept = g.tables.clean_spots
    found = kept.get(g.cover)
    if found is None:
        found = kept[g.cover] = [token_spots(g, d, None) for d in range(len(g.tables.designs))]
    return found


def token_spots(
    g: Record, design: int, placed: list[tuple[int, str, str]] | None
) -> list[tuple[str, str]]:
    """Where a bonus token may go on a tile of ``design`` with the tokens ``placed`` on it:
    a resource token on a printed resource of its kind (variant ``tokens=cover``: on a
    printed resource of another kind, which it covers), never on another token; a port on
    a tile with land and sea, at most two ports per tile. As (kind, resource covered or
    ''), kinds in :data:`TOKEN_ORDER`."""
    t = g.tables
    if design == t.ship:
        return []
    printed = t.symbols[design]
    out: list[tuple[str, str]] = []
    for kind in TOKEN_ORDER:
        if kind == "port":
            ports = printed[4] + (sum(k == "port" for _, k, _ in placed) if placed else 0)
            if t.designs[design].face.coast and ports < PORTS_PER_TILE:
                out.append((kind, ""))
        elif g.cover:
            for r, over in enumerate(RESOURCES):
                if over != kind and printed[r] and _uncovered(printed[r], placed, over):
                    out.append((kind, over))
        else:
            r = RESOURCES.index(kind)
            if printed[r] and _uncovered(printed[r], placed, kind):
                out.append((kind, ""))
    return out


def _uncovered(printed: int, placed: list[tuple[int, str, str]] | None, resource: str) -> bool:
    if not placed:
        return True
    return printed > sum(1 for _, kind, over in placed if (over or kind) == resource)


def free_symbols(g: Record, pos: int, design: int, resource: str) -> int:
    """Printed symbols of ``resource`` on the tile not under a token."""
    printed = g.tables.symbols[design][RESOURCES.index(resource)]
    under = sum(1 for _, kind, over in g.tokens_at.get(pos, ()) if (over or kind) == resource)
    return printed - under


def ports_on(g: Record, pos: int) -> int:
    """Ports on the tile at ``pos``: printed and placed."""
    design = g.board.tiles[g.board.at[pos]][1]
    printed = g.tables.symbols[design][4]
    placed = g.tokens_at.get(pos)
    if not placed:
        return printed
    return printed + sum(1 for _, kind, _ in placed if kind == "port")


def ports_around(g: Record, pos: int) -> int:
    """Ports on the tiles in the 8 squares around ``pos`` (what a ship there scores)."""
    at = g.board.at
    return sum(ports_on(g, pos + d) for d in g.tables.around if pos + d in at)


# ------------------------------------------------------------------ chance


def outcomes(g: Record) -> list[tuple[Action, float]]:
    """A tile turned face up or dealt: any tile nobody has seen, as many chances as copies."""
    top = g.agenda[-1]
    total = g.nav + g.reserve
    if not total:
        return []
    made = g.tables.deals if isinstance(top, Dealing) else g.tables.reveals
    return [(made[d], n / total) for d, n in enumerate(g.pool) if n]


def sample(g: Record, rng: random.Random) -> Action | None:
    """A tile drawn as :func:`outcomes` weighs them, without listing them (None: none
    left)."""
    total = g.nav + g.reserve
    if not total:
        return None
    pick = rng.randrange(total)
    for design, n in enumerate(g.pool):
        pick -= n
        if pick < 0:
            top = g.agenda[-1]
            return (g.tables.deals if isinstance(top, Dealing) else g.tables.reveals)[design]
    raise AssertionError("the unseen tiles do not add up")


def drawable(g: Record, action: Action) -> bool:
    """Whether a tile-drawing chance outcome is possible now."""
    top = g.agenda[-1]
    wanted = Deal if isinstance(top, Dealing) else Reveal
    if type(action) is not wanted:
        return False
    assert isinstance(action, Deal | Reveal)
    index = g.tables.index.get(action.design)
    return index is not None and index < len(g.pool) and g.pool[index] > 0


# ------------------------------------------------------------------ applying


def apply(g: Record, top: Step, action: Action) -> bool:
    """Carry out an action of an exploring step; False if the step is not one."""
    t = g.tables
    match top:
        case LayingStart(seat=seat, left=left, ordered=ordered):
            assert isinstance(action, Place)
            design = t.index[action.design]
            lay(g, t.grid.encode(action.x, action.y), design, action.rotation, seat)
            left = tuple(i for i in left if i != t.start_of[design])
            if ordered:
                # a starting tile that fits nowhere (a corrected tile file) stays in the box
                while left and not fits(g, left[0]):
                    left = left[1:]
            elif not any(fits(g, i) for i in left):
                left = ()  # none fits anywhere (a corrected tile file): they stay in the box
            if left:
                g.agenda.append(LayingStart(seat, left, ordered))
        case Revealing():
            assert isinstance(action, Reveal)
            g.row.append(draw_tile(g, t.index[action.design]))
        case Dealing(seat=seat):
            assert isinstance(action, Deal)
            g.hands[seat].append(draw_tile(g, t.index[action.design]))
        case Turn(seat=seat):
            if isinstance(action, Take):
                design = t.index[action.design]
                g.row.remove(design)
                g.hands[seat].append(design)
                g.agenda.append(Placing(seat))
            else:
                assert isinstance(action, Land)
                land(g, seat, t.grid.encode(action.x, action.y), action.ship == "own")
        case Placing(seat=seat):
            assert isinstance(action, Place)
            design = t.index[action.design]
            g.hands[seat].remove(design)
            lay(g, t.grid.encode(action.x, action.y), design, action.rotation, seat)
            g.agenda.append(TurnOver(seat))
            if g.tokens[seat]:
                g.agenda.append(Bonus(seat))  # skipped if no token fits anywhere
            g.agenda.append(Revealing())
        case Bonus():
            if not isinstance(action, Pass):
                assert isinstance(action, Token)
                place_token(g, top.seat, action)
        case _:
            return False
    return True


def fits(g: Record, start: int) -> bool:
    """Whether starting tile ``start`` fits anywhere on the table, on either side."""
    return any(g.placements.can_place(d) for d in g.tables.start_sides[start])


def draw_tile(g: Record, design: int) -> int:
    """A tile leaves the unseen tiles: from the Navigation stack while it holds any."""
    g.pool[design] -= 1
    if g.nav:
        g.nav -= 1
    else:
        g.reserve -= 1
    return design


def lay(g: Record, pos: int, design: int, rotation: int, seat: int) -> None:
    """Lay a tile and join its island to those it meets across land edges."""
    join(g, pos, design, rotation)
    ports = g.tables.symbols[design][4]
    if ports and g.ships:
        sheet.ports_added(g, pos, ports, token=False)
    add_spots(g, pos, design)
    g.clock += 1
    if 0 <= seat < g.players:
        g.last_tile[seat] = g.clock


def join(g: Record, pos: int, design: int, rotation: int) -> None:
    """A tile on the table, its island joined to those it meets across land edges (what
    laying it does to the board and the islands, nothing else)."""
    joins = g.board.place(pos, design, rotation)
    symbols = g.tables.symbols[design]
    land = design != g.tables.ship
    node = g.islands.add(1, [1 if land else 0], *([s] for s in symbols), [0])
    face = g.tables.tiles.faces[design][rotation]
    for edge, other in joins:
        if face[edge] == LAND:
            g.islands.union(node, other)


def land(g: Record, seat: int, pos: int, own: bool) -> None:
    """A ship tile is laid: the round's exploration is over."""
    lay(g, pos, g.tables.ship, 0, seat)
    g.ships.append((pos, seat if own else -1))
    if own:
        ports = ports_around(g, pos)
        if ports:
            sheet.landed(g, seat, pos, ports)
    g.lander = seat
    begin_round_end(g)


def begin_round_end(g: Record) -> None:
    """A ship has landed: from the player who landed, each player (and Alexis) builds."""
    g.agenda.append(Reckoning(g.lander, g.places - 1))


def place_token(g: Record, seat: int, token: Token) -> None:
    pos = g.tables.grid.encode(token.x, token.y)
    g.tokens[seat].remove(token.kind)
    g.tokens_at.setdefault(pos, []).append((seat, token.kind, token.over))
    g.token_spots = None  # fewer spots on this tile: listed again when next needed
    if token.kind == "port":
        g.bump(pos, PORT, 1)
        if g.ships:
            sheet.ports_added(g, pos, 1, token=True)
        return
    g.bump(pos, FLOWER + RESOURCES.index(token.kind), 1)
    if token.over:
        g.bump(pos, FLOWER + RESOURCES.index(token.over), -1)


# ------------------------------------------------------------------ turn order


def carry_out(g: Record, top: Step) -> bool:
    """Carry out an automatic step of the turn; False if the step is not one."""
    if not isinstance(top, TurnOver):
        return False
    begin_turn(g, (top.seat + 1) % g.places)
    return True


def begin_turn(g: Record, place: int) -> None:
    """The turn of the player (or Alexis) at ``place`` in turn order; the game ends at once
    if they can neither explore nor land."""
    if place == g.players:
        g.agenda.append(AlexisTurn())
        return
    found = takes(g, place) + landings(g, place)
    if not found:
        ending.end(g, words.stuck(place), place)
        return
    g.expect(Turn(place), found)
