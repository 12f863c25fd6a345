"""A round around the exploration: preparing it (the Navigation stack, the objectives) and
ending it (from the player who landed: reveal the objective, build houses on islands that
fulfil its Mission, take its Reward for each, refill the houses); the game's end, the
scores and the tie-breaks; what a seat does not know, redrawn for search bots.

Houses: one per player per island, on an island of at least two tiles, on a house symbol
with no house on it.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import TYPE_CHECKING

from terranova.core.actions import Action
from terranova.games.small_islands import alexis, exploring, sheet
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
from terranova.games.small_islands.components import Mission, Reward
from terranova.games.small_islands.islands import OWNERS, free_house_symbols, island, islands
from terranova.games.small_islands.objectives import discoveries, fulfils, points
from terranova.games.small_islands.steps import (
    Building,
    Chance,
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
    Step,
    TurnOver,
)

if TYPE_CHECKING:
    from terranova.games.small_islands.state import SmallIslandsState

NAVIGATION = 6
"""Tiles put on the Navigation tile at the start of each round."""
DRAWS = 2
"""Cards of each deck drawn at the start of a round (to hold three)."""
SMALLEST_ISLAND = 2
"""Tiles an island needs before a house may be built on it."""


# ------------------------------------------------------------------ preparing a round


def start_round(g: SmallIslandsState) -> None:
    """The first player fills the Navigation stack (if the main stack cannot give a tile,
    the game ends at once); each player draws to hold three objectives and keeps one for
    this round and one for the next; the first player begins."""
    if g._reserve < NAVIGATION:
        g.end("the main stack cannot fill the Navigation stack")
        return
    g._round += 1
    g._revealed.clear()
    g._earned.clear()
    g._reserve -= NAVIGATION
    g._nav = NAVIGATION
    agenda = g._agenda
    agenda.append(TurnOver((g._first - 1) % g._order))
    order = [(g._first + i) % g._order for i in range(g._order)]
    seats = [p for p in order if p < g._n]
    agenda.extend(Choosing(seat) for seat in reversed(seats))
    for seat in reversed(seats):
        for deck in reversed(list(g._decks)):
            agenda.extend(Drawing(seat, deck) for _ in range(DRAWS))
    for seat in seats:
        for deck, card in zip(g._decks, g._next[seat], strict=False):
            g._held[seat][deck].append(card)
        g._next[seat] = ()
        g._returned[seat].clear()


def choices(g: SmallIslandsState, seat: int) -> list[Action]:
    """Keep one objective for this round and one for the next (advanced: build each from a
    Mission and a Reward); the rest go back."""
    held = g._held[seat]
    if not g._advanced:
        cards = held["objective"]
        return [Keep(a, b) for a, b in permutations(cards, 2)]
    missions, rewards = held["mission"], held["reward"]
    return [
        Build(m, r, m2, r2)
        for m, m2 in permutations(missions, 2)
        for r, r2 in permutations(rewards, 2)
    ]


def keep_what_there_is(g: SmallIslandsState, seat: int) -> None:
    """Decks too small for a choice (a card file with few cards): the first card of each
    deck held is this round's objective, nothing is kept for the next."""
    held = g._held[seat]
    if all(held.values()):
        g._now[seat] = tuple(cards.pop(0) for cards in held.values())
    for deck, cards in held.items():
        g._decks[deck].extend(cards)
        g._decks[deck].sort()
        cards.clear()


def keep(g: SmallIslandsState, seat: int, action: Action) -> None:
    held = g._held[seat]
    if isinstance(action, Keep):
        g._now[seat], g._next[seat] = (action.now,), (action.later,)
    else:
        assert isinstance(action, Build)
        g._now[seat] = (action.mission, action.reward)
        g._next[seat] = (action.later_mission, action.later_reward)
    kept = {*g._now[seat], *g._next[seat]}
    for deck, cards in held.items():
        for card in cards:
            if card not in kept:
                g._decks[deck].append(card)
                g._returned[seat].add(card)
        g._decks[deck].sort()
        cards.clear()


# ------------------------------------------------------------------ the round's end


def begin_round_end(g: SmallIslandsState) -> None:
    """A ship has landed: from the player who landed, each player (and Alexis) builds."""
    g._agenda.append(Reckoning(g._lander, g._order - 1))


def mission(g: SmallIslandsState, seat: int) -> Mission:
    now = g._now[seat]
    t = g._t
    return t.objectives[now[0]].mission if len(now) == 1 else t.missions[now[0]]


def reward(g: SmallIslandsState, seat: int) -> Reward:
    now = g._now[seat]
    t = g._t
    return t.objectives[now[0]].reward if len(now) == 1 else t.rewards[now[1]]


def prospect(g: SmallIslandsState, seat: int) -> int:
    """Prestige points the seat's objective for this round would pay now: the best islands
    it may build on, one house each, as many as it has houses."""
    if not g._now[seat] or g._over:
        return 0
    wanted, paid = mission(g, seat), reward(g, seat)
    roots = {g.island_root(pos) for pos in house_squares(g, seat, wanted)}
    pays = sorted((points(paid, island(g, root)) for root in roots), reverse=True)
    return sum(pays[: g._supply[seat]])


def house_squares(g: SmallIslandsState, seat: int, wanted: Mission | None) -> list[int]:
    """The tiles ``seat`` may build on: a free house symbol, on an island of two tiles or
    more without its house that fulfils ``wanted`` (None: any island, for Alexis)."""
    if g._supply[seat] <= 0:
        return []
    owners = g._islands.columns[OWNERS]
    out: list[int] = []
    for root, squares in islands(g).items():
        if len(squares) < SMALLEST_ISLAND or owners[root] >> seat & 1:
            continue
        if wanted is not None and not fulfils(wanted, island(g, root)):
            continue
        out.extend(pos for pos in squares if free_house_symbols(g, pos) > 0)
    out.sort(key=g._board.at.__getitem__)
    return out


def houses(g: SmallIslandsState, seat: int) -> list[Action]:
    if not g._now[seat]:
        return []
    decode = g._t.grid.decode
    return [House(*decode(pos)) for pos in house_squares(g, seat, mission(g, seat))]


def build(g: SmallIslandsState, place: int, pos: int) -> int:
    """A house of the player (or Alexis) at ``place`` goes on the tile at ``pos``; the root
    of its island."""
    g._houses_at.setdefault(pos, []).append(place)
    g._houses_at_last = pos
    g._supply[place] -= 1
    g._built[place] += 1
    root = g.island_root(pos)
    g._islands.columns[OWNERS][root] |= 1 << place
    return root


def take_reward(g: SmallIslandsState, seat: int, root: int) -> None:
    """The Reward of the seat's objective for a house on the island: prestige points, or
    Discovery tokens (one per temple: keep one)."""
    paid = reward(g, seat)
    shown = island(g, root)
    gained = points(paid, shown)
    g._prestige[seat] += gained
    if gained:
        sheet.objective_scored(g, seat, gained, shown)
    tokens = discoveries(paid, shown)
    g._earned.append((seat, g._houses_at_last, gained, tokens))
    if tokens:
        g._agenda.append(Drawn(seat))
        g._agenda.append(Discovering(seat, tokens))


def finish_building(g: SmallIslandsState, seat: int) -> None:
    """The objective goes back to its deck; the houses are refilled to four from the
    reserve."""
    for deck, card in zip(g._decks, g._now[seat], strict=False):  # () when none was held
        g._decks[deck].append(card)
        g._decks[deck].sort()
        for returned in g._returned:
            returned.add(card)  # shown to all: everyone knows it is in the deck
    g._now[seat] = ()
    wanted = g._t.components.houses - g._supply[seat]
    moved = max(0, min(wanted, g._stock[seat]))
    g._supply[seat] += moved
    g._stock[seat] -= moved


def end_round(g: SmallIslandsState) -> None:
    """The player who landed becomes first player; the game ends once every ship tile is
    laid."""
    g._first = g._lander
    if len(g._ships) >= g._t.components.ships:
        g.end("every ship tile is laid")
    else:
        g._agenda.append(RoundStart())


# ------------------------------------------------------------------ the protocol's parts


def legal(g: SmallIslandsState, top: Step) -> list[Action]:
    match top:
        case Choosing(seat=seat):
            return choices(g, seat)
        case Housing(seat=seat):
            return [*houses(g, seat), DONE]
        case Keeping(seat=seat):
            return [Choose(token) for token in sorted(set(g._drawn))]
    return []


def outcomes(g: SmallIslandsState, top: Chance) -> list[tuple[Action, float]]:
    if isinstance(top, Drawing):
        deck = g._decks[top.deck]
        return [(Draw(card), 1 / len(deck)) for card in deck]
    pool = g._disc_pool
    return [(Discover(token), 1 / len(pool)) for token in pool]


def nothing_to_draw(g: SmallIslandsState, top: Chance) -> None:
    """A chance step with nothing left to draw: a tile needed ends the game at once; a card
    or a Discovery token is simply not drawn."""
    if not isinstance(top, Drawing | Discovering):
        g.end("a tile is needed and none is left")


def apply(g: SmallIslandsState, top: Step, action: Action) -> None:
    match top:
        case Drawing(seat=seat, deck=deck):
            assert isinstance(action, Draw)
            g._decks[deck].remove(action.card)
            g._held[seat][deck].append(action.card)
            for returned in g._returned:
                returned.discard(action.card)
        case Choosing(seat=seat):
            keep(g, seat, action)
        case Housing(seat=seat):
            if isinstance(action, Done):
                return
            assert isinstance(action, House)
            root = build(g, seat, g._t.grid.encode(action.x, action.y))
            g._agenda.append(Building(seat))
            take_reward(g, seat, root)
        case Discovering(seat=seat, left=left):
            assert isinstance(action, Discover)
            g._disc_pool.remove(action.token)
            g._drawn.append(action.token)
            for known in g._known_returned:
                known.clear()  # once anyone draws, a token put back may be theirs
            if left > 1:
                g._agenda.append(Discovering(seat, left - 1))
        case Keeping(seat=seat):
            assert isinstance(action, Choose)
            keep_token(g, seat, action.token)
        case _:
            raise AssertionError(f"{action} at {top!r}")


def keep_token(g: SmallIslandsState, seat: int, token: str) -> None:
    g._discoveries[seat].append(token)
    g._drawn.remove(token)
    g._known_returned[seat].update(g._drawn)
    g._disc_pool.extend(g._drawn)
    g._disc_pool.sort()
    g._drawn.clear()


def carry_out(g: SmallIslandsState, top: Step) -> None:
    match top:
        case RoundStart():
            start_round(g)
        case Reckoning(seat=place, left=left):
            agenda = g._agenda
            agenda.append(Reckoning((place + 1) % g._order, left - 1) if left else RoundOver())
            if place == g._n:
                alexis.build(g)
                return
            g._revealed[place] = g._now[place]
            agenda.append(HousingOver(place))
            agenda.append(Building(place))
        case Building(seat=seat):
            if houses(g, seat):
                g._agenda.append(Housing(seat))
        case Drawn(seat=seat):
            if len(g._drawn) == 1:
                keep_token(g, seat, g._drawn[0])
            elif g._drawn:
                g._agenda.append(Keeping(seat))
        case HousingOver(seat=seat):
            finish_building(g, seat)
        case RoundOver():
            end_round(g)
        case _:
            raise AssertionError(f"no automatic step {top!r}")


# ------------------------------------------------------------------ scores


def ports_around_ship(g: SmallIslandsState, seat: int) -> int:
    """Ports on the tiles in the 8 squares around the seat's own ship tile."""
    for pos, owner in g._ships:
        if owner == seat:
            return exploring.ports_around(g, pos)
    return 0


def discovery_points(g: SmallIslandsState, seat: int) -> int:
    values = g._t.discoveries
    return sum(values[token] for token in g._discoveries[seat])


def score(g: SmallIslandsState, seat: int) -> int:
    """Prestige from rewards, the Discovery tokens' values, and a point per port around
    one's ship."""
    return g._prestige[seat] + discovery_points(g, seat) + ports_around_ship(g, seat)


def public_score(g: SmallIslandsState, seat: int) -> int:
    """The score without the Discovery tokens, whose values stay hidden until the end."""
    return g._prestige[seat] + ports_around_ship(g, seat)


def alexis_score(g: SmallIslandsState) -> int:
    card = g._alexis_card
    assert card is not None
    return card.base + card.per_house * g._built[g._n]


def final_returns(g: SmallIslandsState) -> list[float]:
    """Each score plus its tie-breaks in decreasing fractions: ports around the ship
    (hundredths), houses built (ten-thousandths), then the order of the last tile laid
    (millionths: the last to lay a tile most)."""
    order = sorted(range(g._n), key=lambda s: g._last_tile[s])
    rank = {s: i for i, s in enumerate(order)}
    return [
        score(g, s)
        + ports_around_ship(g, s) / 100
        + g._built[s] / 10_000
        + (rank[s] if g._last_tile[s] >= 0 else 0) / 1_000_000
        for s in range(g._n)
    ]


def winners(g: SmallIslandsState) -> list[int]:
    if g._solo:
        return [0] if score(g, 0) > alexis_score(g) else []
    returns = final_returns(g)
    best = max(returns)
    return [s for s in range(g._n) if returns[s] == best]


# ------------------------------------------------------------------ resampling


def redraw(g: SmallIslandsState, other: SmallIslandsState, seat: int, rng: random.Random) -> None:
    """Everything ``seat`` has not seen in ``g``, redrawn in ``other`` (its clone): the
    other hands and the unseen tiles; the other players' objectives and the decks (cards it
    put back, or saw revealed, stay in the deck until the next draws); the other players'
    Discovery tokens and the pool (tokens it put back stay in the pool until someone
    draws)."""
    # tiles: the other hands and the stacks
    unseen = [d for d, n in enumerate(g._pool) for _ in range(n)]
    for s in range(g._n):
        if s != seat:
            unseen.extend(g._hands[s])
    rng.shuffle(unseen)
    for s in range(g._n):
        if s != seat:
            size = len(g._hands[s])
            other._hands[s] = unseen[:size]
            del unseen[:size]
    other._pool = [0] * len(g._pool)
    for d in unseen:
        other._pool[d] += 1
    # cards
    for index, deck in enumerate(g._decks):
        fixed = g._returned[seat]
        cards = [c for c in g._decks[deck] if c not in fixed]
        slots: list[tuple[int, str, int]] = []
        for s in range(g._n):
            if s == seat:
                continue
            hidden = [("next", g._next[s])]
            if s not in g._revealed:
                hidden.append(("now", g._now[s]))
            for kind, held in hidden:
                if len(held) > index:
                    slots.append((s, kind, index))
                    cards.append(held[index])
            for card in g._held[s][deck]:
                slots.append((s, "held", 0))
                cards.append(card)
            other._held[s][deck] = []
        rng.shuffle(cards)
        for s, kind, i in slots:
            card = cards.pop()
            if kind == "held":
                other._held[s][deck].append(card)
            else:
                field = other._now if kind == "now" else other._next
                values = list(field[s])
                values[i] = card
                field[s] = tuple(values)
        other._decks[deck] = sorted([*cards, *(c for c in g._decks[deck] if c in fixed)])
    # Discovery tokens
    fixed_tokens = g._known_returned[seat]
    tokens = [t for t in g._disc_pool if t not in fixed_tokens]
    for s in range(g._n):
        if s != seat:
            tokens.extend(g._discoveries[s])
    top = g._agenda[-1]
    drawer = top.seat if isinstance(top, Discovering | Keeping) else seat
    if drawer != seat:
        tokens.extend(g._drawn)
    rng.shuffle(tokens)
    if drawer != seat:
        other._drawn = tokens[: len(g._drawn)]
        del tokens[: len(g._drawn)]
    for s in range(g._n):
        if s != seat:
            size = len(g._discoveries[s])
            other._discoveries[s] = tokens[:size]
            del tokens[:size]
    other._disc_pool = sorted([*tokens, *(t for t in g._disc_pool if t in fixed_tokens)])
