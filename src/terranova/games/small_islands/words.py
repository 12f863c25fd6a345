"""Small Islands' moves in plain words, as a seat reads them (a log, a hint, a toast): the
tiles by what they show, the objectives by what they ask and pay, seats from 1; never more
than :func:`describe_action` shows the seat.

>>> import terranova
>>> g = terranova.make("small-islands", players=2)
>>> from terranova.games.small_islands.actions import Token
>>> said = say_action(g, Token("fruit", 1, -2, "leaf"), 0)
>>> str(said)
'put a fruit token on the tile at 1,-2, over its leaf'
>>> said.render("fr")
'poser un jeton fruit sur la tuile en 1,-2, par-dessus son symbole feuille'
>>> said.render("de")
'ein Bonusplättchen Frucht auf das Plättchen auf 1,-2 legen, über das Symbol Blatt'

A tile by what it shows (a list), turned (a message of the site's, nested):

>>> from terranova.games.small_islands.actions import Place
>>> said = say_action(g, Place("S1a", 0, 0, 2), 0)
>>> str(said)
'lay the starting tile (side a) with a flower and a house symbol at 0,0, turned half a turn'
>>> print(said.render("fr"))  # doctest: +NORMALIZE_WHITESPACE
poser la tuile de départ (face a) avec une fleur et un symbole maison en 0,0, tournée d'un
demi-tour
>>> print(said.render("de"))  # doctest: +NORMALIZE_WHITESPACE
das Startplättchen (Seite a) mit einer Blume und einem Haussymbol auf 0,0 legen, um eine halbe
Drehung gedreht
"""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.core.i18n import Said, texts
from terranova.core.turns import Decision
from terranova.core.words import listed, turned
from terranova.games.small_islands import actions as a
from terranova.games.small_islands.actions import Choose, Deal, Discover, Draw
from terranova.games.small_islands.components import SYMBOLS
from terranova.games.small_islands.record import Record
from terranova.games.small_islands.sheet import NAMES, SHOWN, mission_text, reward_text
from terranova.games.small_islands.steps import Dealing, Discovering, Drawing, Keeping

_, _n = texts("terranova.games.small_islands")

STACK_SHORT = _("the main stack cannot fill the Navigation stack")
SHIPS_LAID = _("every ship tile is laid")
NO_TILE = _("a tile is needed and none is left")
"""Why a game ended (:meth:`~.state.Record.end_reason`), but for :func:`stuck`."""


def stuck(place: int) -> Said:
    """The game ended: the player at ``place`` can neither explore nor land (the board says
    the seat's name for ``player``: the view's ``ended_seat``)."""
    # TRANSLATORS: {player} is a player's name, or "seat 2".
    return _("{player} can neither explore nor land", player=_("seat {n}", n=place + 1))


def tile_shows(g: Record, design: str) -> Said | None:
    """What a tile shows: ``2 flowers and a temple``, or its land and sea when it shows no
    symbol (None for a ship tile or a design not known)."""
    t = g.tables
    index = t.index.get(design)
    if index is None or index == t.ship:
        return None
    face = t.designs[index].face
    shown = [SHOWN[symbol](n) for symbol, n in zip(SYMBOLS, face.symbols(), strict=True) if n]
    if shown:
        return listed(shown)
    if face.coast:
        return _("land and sea")
    return _("only land") if face.land else _("only sea")


def tile_words(g: Record, design: str) -> Said:
    """A tile by what it shows: ``the tile with 2 flowers and a temple``."""
    t = g.tables
    index = t.index.get(design)
    if index is None:
        return _("a tile")
    if index == t.ship:
        return _("a ship tile")
    found = t.designs[index]
    shown = tile_shows(g, design)
    if found.start:
        return _("the starting tile (side {side}) with {shown}", side=found.side, shown=shown)
    return _("the tile with {shown}", shown=shown)


def objective_words(g: Record, card: str) -> Said:
    """An objective (or a Mission, or a Reward) card by what it asks and pays."""
    t = g.tables
    if card in t.objectives:
        o = t.objectives[card]
        return _(
            "the objective '{mission} → {reward}'",
            mission=mission_text(o.mission),
            reward=reward_text(o.reward),
        )
    if card in t.missions:
        return _("the Mission '{mission}'", mission=mission_text(t.missions[card]))
    if card in t.rewards:
        return _("the Reward '{reward}'", reward=reward_text(t.rewards[card]))
    return _("a card")


def describe_action(g: Record, action: Action, seat: int | None) -> str | None:
    """A tile dealt into a hand, a card drawn, a Discovery token drawn or kept is seen by its
    player only; the others see that it happened."""
    if g.over:
        return str(action)
    top = g.agenda[-1]
    if isinstance(top, Dealing | Drawing | Discovering | Keeping) and top.seat != seat:
        if isinstance(action, Deal):
            return f"deal ? to seat {top.seat}"
        if isinstance(action, Draw):
            return f"draw {top.deck if isinstance(top, Drawing) else 'card'} ?"
        if isinstance(action, Discover):
            return "discover ?"
        if isinstance(action, Choose):
            return "choose ?"
    if top.name == "objectives" and isinstance(top, Decision) and top.seat != seat:
        return "objectives kept"
    return str(action)


def say_action(g: Record, action: Action, seat: int | None) -> Said | str | None:
    """``action`` in words for ``seat``, from the position before it."""
    seen = describe_action(g, action, seat)
    if seen is None:
        return None
    top = None if g.over else g.agenda[-1]
    who = getattr(top, "seat", None)
    player = _("a player") if not isinstance(who, int) else _("seat {n}", n=who + 1)
    if seen != str(action):  # what another seat may not see
        if isinstance(action, a.Deal):
            return _("a tile is dealt to {player}'s hand", player=player)
        if isinstance(action, a.Draw):
            deck = getattr(top, "deck", "objective")
            if deck == "mission":
                return _("{player} draws a mission card", player=player)
            if deck == "reward":
                return _("{player} draws a reward card", player=player)
            return _("{player} draws an objective card", player=player)
        if isinstance(action, a.Discover):
            return _("{player} draws a Discovery token", player=player)
        if isinstance(action, a.Choose):
            return _("{player} keeps one of the Discovery tokens drawn", player=player)
        return _("{player} keeps their objectives", player=player)
    return _words(g, action, player)


def _words(g: Record, action: Action, player: Said) -> Said | str:
    t = g.tables
    match action:
        case a.Place(design=design, x=x, y=y, rotation=rotation):
            tile = tile_words(g, design)
            # TRANSLATORS: {tile} is "the tile with a flower..."; {turned} is empty or
            # ", turned half a turn" (the site's words).
            return _("lay {tile} at {x},{y}{turned}", tile=tile, x=x, y=y, turned=turned(rotation))
        case a.Take(design=design):
            shown = tile_shows(g, design)
            if shown is None:
                return _("take {tile}", tile=tile_words(g, design))
            return _("take the face-up tile with {shown}", shown=shown)
        case a.Land(ship=ship, x=x, y=y):
            if ship == "own":
                return _("land their own ship at {x},{y}", x=x, y=y)
            return _("land a grey ship at {x},{y}", x=x, y=y)
        case a.Token(kind=kind, x=x, y=y, over=over):
            name = NAMES[kind]
            if over:
                return _(
                    "put a {kind} token on the tile at {x},{y}, over its {over}",
                    kind=name,
                    x=x,
                    y=y,
                    over=NAMES[over],
                )
            return _("put a {kind} token on the tile at {x},{y}", kind=name, x=x, y=y)
        case a.Pass():
            return _("place no bonus token")
        case a.House(x=x, y=y):
            return _("build a house on the tile at {x},{y}", x=x, y=y)
        case a.Done():
            return _("build no more houses this round")
        case a.Keep(now=now, later=later):
            return _(
                "keep {now} for this round and {later} for the next",
                now=objective_words(g, now),
                later=objective_words(g, later),
            )
        case a.Build(mission=m, reward=r, later_mission=lm, later_reward=lr):
            return _(
                "build this round's objective from {mission} and {reward}, "
                "and keep {later_mission} and {later_reward} for the next",
                mission=objective_words(g, m),
                reward=objective_words(g, r),
                later_mission=objective_words(g, lm),
                later_reward=objective_words(g, lr),
            )
        case a.Choose(token=token):
            value = t.discoveries.get(token)
            if value is None:
                return _("keep a Discovery token")
            return _n(
                "keep the Discovery token worth {n} point",
                "keep the Discovery token worth {n} points",
                value,
            )
        case a.Reveal(design=design):
            return _("{tile} is turned face up", tile=tile_words(g, design))
        case a.Deal(design=design):
            return _(
                "{tile} is dealt to {player}'s hand", tile=tile_words(g, design), player=player
            )
        case a.Draw(card=card):
            return _("{player} draws {card}", player=player, card=objective_words(g, card))
        case a.Discover(token=token):
            value = t.discoveries.get(token)
            if value is None:
                return _("{player} draws a Discovery token", player=player)
            return _n(
                "{player} draws a Discovery token worth {n} point",
                "{player} draws a Discovery token worth {n} points",
                value,
                player=player,
            )
        case a.Expedition(card=card):
            found = next((e for e in t.components.expeditions if e.id == card), None)
            if found is None or found.kind != "explore":
                return _("Alexis turns over a Land card")
            return _("Alexis turns over an Explore card (the face-up tile {slot})", slot=found.slot)
    return str(action)
