"""Small Islands' moves in plain words, as a seat reads them (a log, a hint, a toast): the
tiles by what they show, the objectives by what they ask and pay, seats from 1; never more
than :func:`~terranova.games.small_islands.views.describe_action` shows the seat.

>>> import terranova
>>> g = terranova.make("small-islands", players=2)
>>> from terranova.games.small_islands.actions import Token
>>> say_action(g, Token("fruit", 1, -2, "leaf"), 0)
'put a fruit token on the tile at 1,-2, over its leaf'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terranova.core.actions import Action
from terranova.core.words import listed, turned
from terranova.games.small_islands import actions as a
from terranova.games.small_islands.components import SYMBOLS
from terranova.games.small_islands.sheet import WORDS, mission_text, reward_text

if TYPE_CHECKING:
    from terranova.games.small_islands.state import SmallIslandsState


def tile_words(g: SmallIslandsState, design: str) -> str:
    """A tile by what it shows: ``the tile with 2 flowers and a temple``."""
    t = g._t
    index = t.index.get(design)
    if index is None:
        return "a tile"
    found = t.designs[index]
    if index == t.ship:
        return "a ship tile"
    shown = []
    for symbol, n in zip(SYMBOLS, found.face.symbols(), strict=True):
        if n:
            one, many = WORDS[symbol]
            shown.append(f"a {one}" if n == 1 else f"{n} {many}")
    what = "the starting tile" if found.start else "the tile"
    if found.start:
        what += f" (side {found.side})"
    if not shown:
        face = found.face
        looks = "land and sea" if face.coast else "only land" if face.land else "only sea"
        return f"{what} with {looks}"
    return f"{what} with {listed(shown)}"


def objective_words(g: SmallIslandsState, card: str) -> str:
    """An objective (or a Mission, or a Reward) card by what it asks and pays."""
    t = g._t
    if card in t.objectives:
        o = t.objectives[card]
        return f"the objective '{mission_text(o.mission)} → {reward_text(o.reward)}'"
    if card in t.missions:
        return f"the Mission '{mission_text(t.missions[card])}'"
    if card in t.rewards:
        return f"the Reward '{reward_text(t.rewards[card])}'"
    return "a card"


def say_action(g: SmallIslandsState, action: Action, seat: int | None) -> str | None:
    """``action`` in words for ``seat``, from the position before it."""
    from terranova.games.small_islands.views import describe_action

    seen = describe_action(g, action, seat)
    if seen is None:
        return None
    top = None if g._over else g._agenda[-1]
    who = getattr(top, "seat", None)
    player = "a player" if not isinstance(who, int) else f"seat {who + 1}"
    if seen != str(action):  # what another seat may not see
        if isinstance(action, a.Deal):
            return f"a tile is dealt to {player}'s hand"
        if isinstance(action, a.Draw):
            deck = getattr(top, "deck", "objective")
            return f"{player} draws a{'n' if deck[0] in 'aeiou' else ''} {deck} card"
        if isinstance(action, a.Discover):
            return f"{player} draws a Discovery token"
        if isinstance(action, a.Choose):
            return f"{player} keeps one of the Discovery tokens drawn"
        return f"{player} keeps their objectives"
    return _words(g, action, player)


def _words(g: SmallIslandsState, action: Action, player: str) -> str:
    t = g._t
    match action:
        case a.Place(design=design, x=x, y=y, rotation=rotation):
            return f"lay {tile_words(g, design)} at {x},{y}{turned(rotation)}"
        case a.Take(design=design):
            return f"take the face-up tile with {tile_words(g, design).partition(' with ')[2]}"
        case a.Land(ship=ship, x=x, y=y):
            return f"land {'their own ship' if ship == 'own' else 'a grey ship'} at {x},{y}"
        case a.Token(kind=kind, x=x, y=y, over=over):
            covered = f", over its {WORDS[over][0]}" if over else ""
            return f"put a {WORDS[kind][0]} token on the tile at {x},{y}{covered}"
        case a.Pass():
            return "place no bonus token"
        case a.House(x=x, y=y):
            return f"build a house on the tile at {x},{y}"
        case a.Done():
            return "build no more houses this round"
        case a.Keep(now=now, later=later):
            return (
                f"keep {objective_words(g, now)} for this round and "
                f"{objective_words(g, later)} for the next"
            )
        case a.Build(mission=m, reward=r, later_mission=lm, later_reward=lr):
            return (
                f"build this round's objective from {objective_words(g, m)} and "
                f"{objective_words(g, r)}, and keep {objective_words(g, lm)} and "
                f"{objective_words(g, lr)} for the next"
            )
        case a.Choose(token=token):
            return f"keep the Discovery token worth {t.discoveries.get(token, '?')} points"
        case a.Reveal(design=design):
            return f"{tile_words(g, design)} is turned face up"
        case a.Deal(design=design):
            return f"{tile_words(g, design)} is dealt to {player}'s hand"
        case a.Draw(card=card):
            return f"{player} draws {objective_words(g, card)}"
        case a.Discover(token=token):
            return f"{player} draws a Discovery token worth {t.discoveries.get(token, '?')} points"
        case a.Expedition(card=card):
            found = next((e for e in t.components.expeditions if e.id == card), None)
            if found is None or found.kind != "explore":
                return "Alexis turns over a Land card"
            return f"Alexis turns over an Explore card (the face-up tile {found.slot})"
    return str(action)
