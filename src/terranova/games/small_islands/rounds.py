"""A round around the exploration: preparing it (the Navigation stack, the objectives) and
ending it (from the player who landed: reveal the objective, build houses on islands that
fulfil its Mission, take its Reward for each, refill the houses); the game's end, the
scores and the tie-breaks; what a seat does not know, redrawn for search bots.

Houses: one per player per island, on an island of at least two tiles, on a house symbol
with no house on it.
"""

from __future__ import annotations

import random
from itertools import compress, count, permutations
from typing import NamedTuple

from terranova.core.actions import Action
from terranova.core.turns import Chance, Step, TurnOver
from terranova.games.small_islands import alexis, ending, exploring, sheet, words
from terranova.games.small_islands.actions import (
    DONE,
    Build,
    Choose,
    Discover,
    Done,
    Draw,
    House,
    Keep,
)
from terranova.games.small_islands.components import Mission
from terranova.games.small_islands.islands import SMALLEST_ISLAND, build, free_squares, island
from terranova.games.small_islands.objectives import (
    Island,
    discoveries,
    fulfils,
    mission,
    points,
    reward,
)
from terranova.games.small_islands.record import OWNERS, TILES, Record
from terranova.games.small_islands.steps import (
    Building,
    Choosing,
    Discovering,
    Drawing,
    Drawn,
    Housing,
    HousingOver,
    Keeping,
    Reckoning,
    RoundOver,
    RoundStart,
)

NAVIGATION = 6
"""Tiles put on the Navigation tile at the start of each round."""
DRAWS = 2
"""Cards of each deck drawn at the start of a round (to hold three)."""


# ------------------------------------------------------------------ preparing a round


def start_round(g: Record) -> None:
    """The first player fills the Navigation stack (if the main stack cannot give a tile,
    the game ends at once); each player draws to hold three objectives and keeps one for
    this round and one for the next; the first player begins."""
    if g.reserve < NAVIGATION:
        ending.end(g, words.STACK_SHORT)
        return
    g.round += 1
    g.revealed.clear()
    g.earned.clear()
    g.reserve -= NAVIGATION
    g.nav = NAVIGATION
    agenda = g.agenda
    agenda.append(TurnOver((g.first - 1) % g.places))
    order = [(g.first + i) % g.places for i in range(g.places)]
    seats = [p for p in order if p < g.players]
    agenda.extend(Choosing(seat) for seat in reversed(seats))
    for seat in reversed(seats):
        for deck in reversed(list(g.decks)):
            agenda.extend(Drawing(seat, deck) for _ in range(DRAWS))
    for seat in seats:
        for deck, card in zip(g.decks, g.later[seat], strict=False):
            g.held[seat][deck].append(card)
        g.later[seat] = ()
        g.returned[seat].clear()


def choices(g: Record, seat: int) -> list[Action]:
    """Keep one objective for this round and one for the next (advanced: build each from a
    Mission and a Reward); the rest go back."""
    held = g.held[seat]
    if not g.advanced:
        cards = held["objective"]
        return [Keep(a, b) for a, b in permutations(cards, 2)]
    missions, rewards = held["mission"], held["reward"]
    return [
        Build(m, r, m2, r2)
        for m, m2 in permutations(missions, 2)
        for r, r2 in permutations(rewards, 2)
    ]


def keep_what_there_is(g: Record, seat: int) -> None:
    """Decks too small for a choice (a card file with few cards): the first card of each
    deck held is this round's objective, nothing is kept for the next."""
    held = g.held[seat]
    if all(held.values()):
        g.now[seat] = tuple(cards.pop(0) for cards in held.values())
    for deck, cards in held.items():
        g.decks[deck].extend(cards)
        g.decks[deck].sort()
        cards.clear()


def keep(g: Record, seat: int, action: Action) -> None:
    held = g.held[seat]
    if isinstance(action, Keep):
        g.now[seat], g.later[seat] = (action.now,), (action.later,)
    else:
        assert isinstance(action, Build)
        g.now[seat] = (action.mission, action.reward)
        g.later[seat] = (action.later_mission, action.later_reward)
    kept = {*g.now[seat], *g.later[seat]}
    for deck, cards in held.items():
        for card in cards:
            if card not in kept:
                g.decks[deck].append(card)
                g.returned[seat].add(card)
        g.decks[deck].sort()
        cards.clear()


# ------------------------------------------------------------------ the round's end


def worth(g: Record, seat: int, found: list[Haven] | None = None) -> int:
    """The seat's score (its own Discovery tokens counted) plus its :func:`prospect`."""
    return score(g, seat) + prospect(g, seat, found)


def prospect(g: Record, seat: int, found: list[Haven] | None = None) -> int:
    """Prestige points the seat's objective for this round would pay now: the best islands
    it may build on, one house each, as many as it has houses (``found``: the
    :func:`havens`, when already listed)."""
    if not g.now[seat] or g.over:
        return 0
    paid = reward(g, seat)
    chosen = buildable(g, seat, mission(g, seat), found)
    pays = sorted((points(paid, shown) for _, shown, _ in chosen), reverse=True)
    return sum(pays[: g.supply[seat]])


class Haven(NamedTuple):
    """An island a house may go on: its root, what it shows, its tiles with a free house
    symbol (in the order laid)."""

    root: int
    shown: Island
    free: list[int]


def havens(g: Record) -> list[Haven]:
    """The islands a house may go on, whoever builds: two tiles or more, a free house
    symbol."""
    tiles = g.islands.columns[TILES]
    return [
        Haven(root, island(g, root), squares)
        for root, squares in free_squares(g).items()
        if tiles[root] >= SMALLEST_ISLAND
    ]


def buildable(
    g: Record, seat: int, wanted: Mission | None, found: list[Haven] | None = None
) -> list[Haven]:
    """The havens ``seat`` may build on: without its house, fulfilling ``wanted`` (None: any
    island, for Alexis); none once its houses are all built (``found``: the :func:`havens`,
    when already listed)."""
    if g.supply[seat] <= 0:
        return []
    owners = g.islands.columns[OWNERS]
    return [
        haven
        for haven in (havens(g) if found is None else found)
        if not owners[haven.root] >> seat & 1 and (wanted is None or fulfils(wanted, haven.shown))
    ]


def house_squares(g: Record, seat: int, wanted: Mission | None) -> list[int]:
    """The tiles ``seat`` may build on: a free house symbol, on an island of two tiles or
    more without its house that fulfils ``wanted`` (None: any island, for Alexis)."""
    out = [pos for haven in buildable(g, seat, wanted) for pos in haven.free]
    out.sort(key=g.board.at.__getitem__)
    return out


def houses(g: Record, seat: int) -> list[Action]:
    if not g.now[seat]:
        return []
    decode = g.tables.grid.decode
    return [House(*decode(pos)) for pos in house_squares(g, seat, mission(g, seat))]


def take_reward(g: Record, seat: int, root: int) -> None:
    """The Reward of the seat's objective for a house on the island: prestige points, or
    Discovery tokens (one per temple: keep one)."""
    paid = reward(g, seat)
    shown = island(g, root)
    gained = points(paid, shown)
    g.prestige[seat] += gained
    if gained:
        sheet.objective_scored(g, seat, gained, shown)
    tokens = discoveries(paid, shown)
    g.earned.append((seat, g.houses_at_last, gained, tokens))
    if tokens:
        g.agenda.append(Drawn(seat))
        g.agenda.append(Discovering(seat, tokens))


def finish_building(g: Record, seat: int) -> None:
    """The objective goes back to its deck; the houses are refilled to four from the
    reserve."""
    for deck, card in zip(g.decks, g.now[seat], strict=False):  # () when none was held
        g.decks[deck].append(card)
        g.decks[deck].sort()
        for returned in g.returned:
            returned.add(card)  # shown to all: everyone knows it is in the deck
    g.now[seat] = ()
    wanted = g.tables.components.houses - g.supply[seat]
    moved = max(0, min(wanted, g.stock[seat]))
    g.supply[seat] += moved
    g.stock[seat] -= moved


def end_round(g: Record) -> None:
    """The player who landed becomes first player; the game ends once every ship tile is
    laid."""
    g.first = g.lander
    if len(g.ships) >= g.tables.components.ships:
        ending.end(g, words.SHIPS_LAID)
    else:
        g.agenda.append(RoundStart())


# ------------------------------------------------------------------ the protocol's parts


def legal(g: Record, top: Step) -> list[Action]:
    match top:
        case Choosing(seat=seat):
            return choices(g, seat)
        case Housing(seat=seat):
            return [*houses(g, seat), DONE]
        case Keeping(seat=seat):
            return [Choose(token) for token in sorted(set(g.drawn))]
    return []


def outcomes(g: Record, top: Chance) -> list[tuple[Action, float]]:
    if isinstance(top, Drawing):
        deck = g.decks[top.deck]
        return [(Draw(card), 1 / len(deck)) for card in deck]
    pool = g.disc_pool
    return [(Discover(token), 1 / len(pool)) for token in pool]


def nothing_to_draw(g: Record, top: Chance) -> None:
    """A chance step with nothing left to draw: a tile needed ends the game at once; a card
    or a Discovery token is simply not drawn."""
    if not isinstance(top, Drawing | Discovering):
        ending.end(g, words.NO_TILE)


def apply(g: Record, top: Step, action: Action) -> None:
    match top:
        case Drawing(seat=seat, deck=deck):
            assert isinstance(action, Draw)
            g.decks[deck].remove(action.card)
            g.held[seat][deck].append(action.card)
            for returned in g.returned:
                returned.discard(action.card)
        case Choosing(seat=seat):
            keep(g, seat, action)
        case Housing(seat=seat):
            if isinstance(action, Done):
                return
            assert isinstance(action, House)
            root = build(g, seat, g.tables.grid.encode(action.x, action.y))
            g.agenda.append(Building(seat))
            take_reward(g, seat, root)
        case Discovering(seat=seat, left=left):
            assert isinstance(action, Discover)
            g.disc_pool.remove(action.token)
            g.drawn.append(action.token)
            for known in g.known_returned:
                known.clear()  # once anyone draws, a token put back may be theirs
            if left > 1:
                g.agenda.append(Discovering(seat, left - 1))
        case Keeping(seat=seat):
            assert isinstance(action, Choose)
            keep_token(g, seat, action.token)
        case _:
            raise AssertionError(f"{action} at {top!r}")


def keep_token(g: Record, seat: int, token: str) -> None:
    g.discoveries[seat].append(token)
    g.drawn.remove(token)
    g.known_returned[seat].update(g.drawn)
    g.disc_pool.extend(g.drawn)
    g.disc_pool.sort()
    g.drawn.clear()


def carry_out(g: Record, top: Step) -> None:
    match top:
        case RoundStart():
            start_round(g)
        case Reckoning(seat=place, left=left):
            agenda = g.agenda
            agenda.append(Reckoning((place + 1) % g.places, left - 1) if left else RoundOver())
            if place == g.players:
                alexis.build(g)
                return
            g.revealed[place] = g.now[place]
            agenda.append(HousingOver(place))
            agenda.append(Building(place))
        case Building(seat=seat):
            found = houses(g, seat)
            if found:
                g.expect(Housing(seat), [*found, DONE])
        case Drawn(seat=seat):
            if len(g.drawn) == 1:
                keep_token(g, seat, g.drawn[0])
            elif g.drawn:
                g.agenda.append(Keeping(seat))
        case HousingOver(seat=seat):
            finish_building(g, seat)
        case RoundOver():
            end_round(g)
        case _:
            raise AssertionError(f"no automatic step {top!r}")


# ------------------------------------------------------------------ scores


def ports_around_ship(g: Record, seat: int) -> int:
    """Ports on the tiles in the 8 squares around the seat's own ship tile."""
    for pos, owner in g.ships:
        if owner == seat:
            return exploring.ports_around(g, pos)
    return 0


def discovery_points(g: Record, seat: int) -> int:
    values = g.tables.discoveries
    return sum(values[token] for token in g.discoveries[seat])


def score(g: Record, seat: int) -> int:
    """Prestige from rewards, the Discovery tokens' values, and a point per port around
    one's ship."""
    return g.prestige[seat] + discovery_points(g, seat) + ports_around_ship(g, seat)


def public_score(g: Record, seat: int) -> int:
    """The score without the Discovery tokens, whose values stay hidden until the end."""
    return g.prestige[seat] + ports_around_ship(g, seat)


def alexis_score(g: Record) -> int:
    card = g.alexis_card
    assert card is not None
    return card.base + card.per_house * g.built[g.players]


def final_returns(g: Record) -> list[float]:
    """Each score plus its tie-breaks in decreasing fractions: ports around the ship
    (hundredths), houses built (ten-thousandths), then the order of the last tile laid
    (millionths: the last to lay a tile most)."""
    order = sorted(range(g.players), key=lambda s: g.last_tile[s])
    rank = {s: i for i, s in enumerate(order)}
    return [
        score(g, s)
        + ports_around_ship(g, s) / 100
        + g.built[s] / 10_000
        + (rank[s] if g.last_tile[s] >= 0 else 0) / 1_000_000
        for s in range(g.players)
    ]


def winners(g: Record) -> list[int]:
    if g.solo:
        return [0] if score(g, 0) > alexis_score(g) else []
    returns = final_returns(g)
    best = max(returns)
    return [s for s in range(g.players) if returns[s] == best]


# ------------------------------------------------------------------ resampling


def redraw(g: Record, other: Record, seat: int, rng: random.Random) -> None:
    """Everything ``seat`` has not seen in ``g``, redrawn in ``other`` (its clone): the
    other hands and the unseen tiles; the other players' objectives and the decks (cards it
    put back, or saw revealed, stay in the deck until the next draws); the other players'
    Discovery tokens and the pool (tokens it put back stay in the pool until someone
    draws)."""
    others = [s for s in range(g.players) if s != seat]
    redraw_tiles(g, other, others, rng)
    for index, deck in enumerate(g.decks):
        redraw_cards(g, other, seat, others, index, deck, rng)
    redraw_tokens(g, other, seat, others, rng)


def redraw_tiles(g: Record, other: Record, others: list[int], rng: random.Random) -> None:
    """The tiles nobody has seen and the other hands, shuffled together and dealt back."""
    pool = g.pool
    unseen = list(compress(count(), pool))  # one of each design left: the usual tile file
    if len(unseen) < sum(pool):
        unseen = [d for d, n in enumerate(pool) for _ in range(n)]
    hands = g.hands
    for s in others:
        unseen += hands[s]
    rng.shuffle(unseen)
    left = other.pool  # the clone's copy: less what is dealt now, plus what was in hand
    start = 0
    for s in others:
        for d in hands[s]:
            left[d] += 1
        dealt = other.hands[s] = unseen[start : start + len(hands[s])]
        for d in dealt:
            left[d] -= 1
        start += len(dealt)


def redraw_cards(
    g: Record,
    other: Record,
    seat: int,
    others: list[int],
    index: int,
    deck: str,
    rng: random.Random,
) -> None:
    """The cards of ``deck`` (``index``: its place in an objective) that ``seat`` has not
    seen: the deck less the cards it put back, and the other players' cards in hand, kept
    for the next round and, until revealed, for this one; shuffled and dealt back."""
    fixed = g.returned[seat]
    in_deck = g.decks[deck]
    cards = [c for c in in_deck if c not in fixed]
    # where each card added goes back: (seat, its objectives kept, or None: in hand)
    places: list[tuple[int, list[tuple[str, ...]] | None]] = []
    for s in others:
        if len(g.later[s]) > index:
            places.append((s, other.later))
            cards.append(g.later[s][index])
        if s not in g.revealed and len(g.now[s]) > index:
            places.append((s, other.now))
            cards.append(g.now[s][index])
        held = g.held[s][deck]
        places.extend((s, None) for _ in held)
        cards += held
        other.held[s][deck] = []
    rng.shuffle(cards)
    for s, kept in places:
        card = cards.pop()
        if kept is None:
            other.held[s][deck].append(card)
        else:
            kept[s] = (*kept[s][:index], card, *kept[s][index + 1 :])
    cards += (c for c in in_deck if c in fixed)
    other.decks[deck] = sorted(cards)


def redraw_tokens(
    g: Record, other: Record, seat: int, others: list[int], rng: random.Random
) -> None:
    """The Discovery tokens ``seat`` has not seen: the pool less the tokens it put back
    (until someone draws), and the other players' tokens and those another is drawing;
    shuffled and dealt back."""
    known = g.known_returned[seat]
    pool = g.disc_pool
    tokens = [t for t in pool if t not in known]
    for s in others:
        tokens += g.discoveries[s]
    top = g.agenda[-1]
    drawing = isinstance(top, Discovering | Keeping) and top.seat != seat
    if drawing:
        tokens += g.drawn
    rng.shuffle(tokens)
    start = len(g.drawn) if drawing else 0
    if drawing:
        other.drawn = tokens[:start]
    for s in others:
        size = len(g.discoveries[s])
        other.discoveries[s] = tokens[start : start + size]
        start += size
    other.disc_pool = sorted([*tokens[start:], *(t for t in pool if t in known)])
