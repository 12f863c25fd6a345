"""The solo game's automaton, Alexis: on his turn he turns over an Expedition card and
carries it out; at a round's end he builds houses. He holds no tiles, objectives or bonus
tokens; his score is his card's (a base and points per house built).

How Alexis chooses is not in any public source (docs/small-islands/rulings.md): an Explore
card names the face-up tile he takes (its place in the row) and where he lays it (where it
touches the most tiles, or the fewest); a Land card lays a grey ship where the most ports
lie around it, once the Navigation stack is empty (before that, he explores with the first
face-up tile); he builds on the largest islands first.
"""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.core.turns import TurnOver
from terranova.games.small_islands import exploring
from terranova.games.small_islands.actions import Expedition, Place
from terranova.games.small_islands.components import Expedition as ExpeditionCard
from terranova.games.small_islands.islands import SMALLEST_ISLAND, free_house_symbols, islands
from terranova.games.small_islands.islands import build as build_house
from terranova.games.small_islands.record import OWNERS, Record
from terranova.games.small_islands.steps import Revealing


def outcomes(g: Record) -> list[tuple[Action, float]]:
    """The Expedition cards left in his deck, each as likely."""
    deck = g.expeditions
    return [(Expedition(card), 1 / len(deck)) for card in deck]


def play(g: Record, action: Action) -> None:
    """Alexis carries out the card turned over."""
    assert isinstance(action, Expedition)
    g.expeditions.remove(action.card)
    g.expedition_discards.append(action.card)
    g.last_expedition = action.card
    if not g.expeditions:
        g.expeditions = sorted(g.expedition_discards)
        g.expedition_discards = []
    g.alexis_tiles += (_carry_out(g, g.tables.expeditions[action.card]),)


def _carry_out(g: Record, card: ExpeditionCard) -> tuple[int, int, int] | None:
    """Alexis lays a grey ship for a Land card, else explores; what he laid, if anything:
    (design, square, rotation)."""
    me = g.players
    if card.kind == "land" and not g.nav and exploring.grey_ships_left(g) > 0:
        spots = exploring.ship_squares(g)
        if spots:
            best = max(spots, key=lambda pos: (exploring.ports_around(g, pos), -spots.index(pos)))
            exploring.lay(g, best, g.tables.ship, 0, me)
            g.ships.append((best, -1))
            g.lander = me
            exploring.begin_round_end(g)
            return (g.tables.ship, best, 0)
    slot, aim = (card.slot, card.aim) if card.kind == "explore" else (1, "join")
    g.agenda.append(TurnOver(me))
    if not g.row:
        return None
    design = g.row.pop(min(slot, len(g.row)) - 1)
    placements: list[Place] = g.placements.of(design)
    laid = None
    if placements:
        encode = g.tables.grid.encode
        touching = [neighbours(g, encode(p.x, p.y)) for p in placements]
        pick = max(touching) if aim == "join" else min(touching)
        chosen = placements[touching.index(pick)]
        exploring.lay(g, encode(chosen.x, chosen.y), design, chosen.rotation, me)
        laid = (design, encode(chosen.x, chosen.y), chosen.rotation)
    g.agenda.append(Revealing())
    return laid


def neighbours(g: Record, pos: int) -> int:
    """Tiles around a square, diagonal ones included."""
    at = g.board.at
    grid = g.tables.grid
    return sum(pos + d in at for d in (*grid.step, *grid.diagonal))


def build(g: Record) -> None:
    """Alexis builds his card's number of houses: on islands of two tiles or more without
    his house, the largest first (then the earliest laid), on the first free house symbol."""
    card = g.alexis_card
    assert card is not None
    me = g.players
    owners = g.islands.columns[OWNERS]
    candidates = [
        squares
        for root, squares in islands(g).items()
        if len(squares) >= SMALLEST_ISLAND and not owners[root] >> me & 1
    ]
    candidates.sort(key=len, reverse=True)
    built = 0
    for squares in candidates:
        if built >= card.houses or g.supply[me] <= 0:
            break
        free = [pos for pos in squares if free_house_symbols(g, pos) > 0]
        if free:
            build_house(g, me, free[0])
            g.earned.append((me, free[0], 0, 0))
            built += 1
