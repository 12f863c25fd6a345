"""The Discovery on its native engine (``native/discovery.hpp``, compiled at install), in
the state protocol.

The rules are the reference's (:mod:`terranova.games.discovery.rules`), written again in
C++ over flat arrays; tests/games/discovery/test_native.py plays both engines side by side
and checks they agree at every step. What a simulation asks (``current_player``,
``legal_actions``, ``apply``, ``clone``, ``returns``, ``chance_outcomes``,
``sample_chance``, ``is_terminal``) is answered natively, with the very action objects the
reference lists; what a person reads (views, texts, why an action is refused) is the
reference's, on the same position converted (:meth:`NativeDiscoveryState.to_python`).

Importing this module needs the engine built (:func:`native_engine.available`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Self, cast

from terranova.core.actions import Action
from terranova.core.encoding import Encoding
from terranova.core.errors import IllegalActionError
from terranova.core.i18n import Said
from terranova.core.state import JSON, State
from terranova.games.discovery import _native
from terranova.games.discovery.actions import (
    PASS,
    Deploy,
    Draw,
    Pass,
    Place,
    Remove,
    SetAside,
    parse_action,
)
from terranova.games.discovery.content import discovery_game
from terranova.games.discovery.encoding import native_figures
from terranova.games.discovery.game import DiscoveryGame
from terranova.games.discovery.rules import ORIGIN, DiscoveryState
from terranova.games.discovery.tables import GRID

_DRAWS_INTO_HANDS = (1, 2, 3)
"""The steps (discovery.hpp's ``Step``) whose draw goes into a seat's hand: dealing, drawing,
refilling."""

PLACE, DEPLOY, REMOVE, PASS_KIND, DRAW, SET_ASIDE = range(6)
KIND = 28
"""An action's number: its kind from bit 28, then its fields (discovery.hpp)."""


def native_game(game: DiscoveryGame) -> _native.Game:
    """The native engine's tables of a configuration: the reference's, as numbers."""
    t = game.tiles
    stack = Counter(game.stack)
    return _native.Game(
        game.players,
        game.hand,
        game.set_aside,
        game.tileset.start,
        [stack[d] for d in range(len(t.ids))],
        t.terrains,
        t.edge_counts,
        t.cities,
        t.grassland_touches,
        t.edge_region,
        t.board.adds,
        [bytes(masks[code] for code in range(257)) for masks in t.board.masks],
        bytes(GRID.cells),
        GRID.stride,
        ORIGIN,
    )


class _Numbering:
    """A configuration's actions and their native numbers, both ways."""

    def __init__(self, game: DiscoveryGame) -> None:
        self.tiles = game.tiles

    def action(self, code: int) -> Action:
        """The action a native number stands for: the very object the reference lists."""
        t = self.tiles
        kind = code >> KIND
        if kind == PLACE:
            return t.board.action((code >> 2) & 0xFF, (code >> 10) & 0x3FFFF, code & 3)
        if kind == DEPLOY:
            return t.deploys[code & 0xFFFFFFF]
        if kind == REMOVE:
            return t.remove((code >> 4) & 0xFFFFFF, code & 15)
        if kind == PASS_KIND:
            return PASS
        if kind == DRAW:
            return t.draws[code & 0xFFFFFFF]
        return t.set_asides[code & 0xFFFFFFF]

    def code(self, action: Action) -> int | None:
        """The native number of an action, or None: it names no tile, region or square the
        engine knows (so it is not legal)."""
        t = self.tiles
        if type(action) is Place:
            design = t.index.get(action.design)
            on_table = GRID.contains(action.x, action.y)
            if design is None or not 0 <= action.rotation < 4 or not on_table:
                return None
            return (GRID.encode(action.x, action.y) << 10) | (design << 2) | action.rotation
        if type(action) is Deploy:
            return (DEPLOY << KIND) | action.region if 0 <= action.region < 16 else None
        if type(action) is Remove:
            if not 0 <= action.region < 16 or not GRID.contains(action.x, action.y):
                return None
            return (REMOVE << KIND) | (GRID.encode(action.x, action.y) << 4) | action.region
        if type(action) is Pass:
            return PASS_KIND << KIND
        if type(action) is Draw or type(action) is SetAside:
            design = t.index.get(action.design)
            if design is None:
                return None
            return ((DRAW if type(action) is Draw else SET_ASIDE) << KIND) | design
        return None


def _refuse(state: NativeDiscoveryState, action: Action) -> None:
    """Raise the reference's error for an action the native engine refused."""
    raise IllegalActionError(action, state.to_python().why_illegal(action))


@lru_cache(maxsize=64)
def actions_of(game: DiscoveryGame) -> _native.Actions:
    """The native engine's tables and action objects of a configuration, made once."""
    numbering = _Numbering(game)
    return _native.Actions(native_game(game), game, numbering.action, numbering.code, _refuse)


class NativeDiscoveryState(_native.Play):
    """A game of The Discovery on the native engine."""

    __slots__ = ()
    game_id = "discovery"
    engine = "native"

    @classmethod
    def new(cls, game: DiscoveryGame) -> Self:
        """A new game of ``game``, before the first draw."""
        return cls(actions_of(game))

    @classmethod
    def from_python(cls, state: DiscoveryState) -> Self:
        """The same position on the native engine."""
        made: Self = cls.restore(cls, actions_of(state.game), state.position(), state.history())
        return made

    def to_python(self) -> DiscoveryState:
        """The same position on the reference engine."""
        return DiscoveryState.from_position(self.game, self.record(), self.history())

    def params(self) -> dict[str, Any]:
        return dict(self.game.params())

    def resample(self, seat: int, rng: random.Random) -> Self:
        # hidden hands drawn again natively, with the reference's calls on the generator
        if self.game.private:
            return self.redrawn(seat, rng)
        return self.clone()

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def search_tree(self, rng: random.Random, c: float, depth: int, scale: float) -> _native.Tree:
        """``mcts``'s search from here, natively (its uniform rollouts; see
        :class:`~terranova.agents.mcts.NativeTree`)."""
        return _native.Tree(self, rng, c, depth, scale)

    def info_set_tree(
        self, rng: random.Random, c: float, depth: int, scale: float, first: Action | None
    ) -> _native.InfoTree:
        """``ismcts``'s search from here for the seat to move, natively (its uniform
        rollouts; see :class:`~terranova.agents.ismcts.NativeInfoTree`). Other seats'
        decisions are keyed by themselves: The Discovery's are public."""
        return _native.InfoTree(self, rng, c, depth, scale, self.game.private, first)

    # ------------------------------------------- what people read: the reference's answers

    def view(self, seat: int | None) -> JSON:
        return self.to_python().view(seat)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        # as the reference's: another seat's draw into a private hand is "draw ?" (asked for
        # every draw and decision of a search's determinization: no conversion here)
        if self.game.private and type(action) is Draw:
            step, drawer = self.waiting
            if step in _DRAWS_INTO_HANDS and drawer != seat:
                return "draw ?"
        return str(action)

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        return self.to_python().say_action(action, seat)

    def components(self) -> JSON:
        return self.to_python().components()

    def decisions_public(self) -> bool:
        # the reference's answer, asked of it at each call (a test may change it there)
        public = cast("Callable[[object], bool]", DiscoveryState.decisions_public)
        return public(self)

    # the protocol's own answers, written on the protocol (State's)
    other_scores = State.other_scores
    points = State.points
    winners = State.winners
    end_reason = State.end_reason
    recall_says = State.recall_says
    recall_action = State.recall_action
    response_window = State.response_window


State.register(NativeDiscoveryState)


def random_games(game: DiscoveryGame, games: int, seed: int) -> tuple[int, int]:
    """Play ``games`` random games of ``game`` from their start, natively (the benchmark's
    playouts): (decisions, placements) in all."""
    return _native.random_games(actions_of(game).native, games, seed)


def _figures(params: dict[str, Any], coding: Encoding, name: str) -> dict[str, Any]:
    """The figures of the encoding ``name`` (``coding``, of these resolved parameters) for
    its native writers: encoding.py's, with where each plane starts and its size, the
    observation's size and the action space's parts."""
    figures = native_figures(params, name)
    planes: dict[str, tuple[int, int]] = {}  # each plane's start in an observation, size
    at = 0
    for plane in coding.planes:
        planes[plane.name] = (at, plane.size)
        at += plane.size
    figures["planes"] = planes
    figures["size"] = coding.observation_size
    figures["parts"] = [*coding.actions.offsets, coding.actions.size]
    return figures


def _native_of(params: dict[str, Any]) -> _native.Game | None:
    """The native tables of these (resolved) parameters; None where the game is beyond the
    engine's bounds."""
    try:
        return actions_of(discovery_game(**params)).native
    except ValueError:
        return None


def batch(
    params: dict[str, Any], coding: Encoding, games: int, max_steps: int | None
) -> _native.Batch | None:
    """Native games of these (resolved) parameters for ``terranova.vector``, observed in the
    compact encoding ``coding`` (:func:`encoding.compact`'s, whose figures it reads); None
    where the game is beyond the engine's bounds."""
    native = _native_of(params)
    if native is None:
        return None
    return _native.Batch(native, _figures(params, coding, "compact"), games, max_steps or 0)


OBSERVERS: dict[str, type[_native.StandardObserver] | type[_native.CompactObserver]] = {
    "standard": _native.StandardObserver,
    "compact": _native.CompactObserver,
}
"""The native writers of observations, by the name of their encoding."""


def observer(
    params: dict[str, Any], name: str, coding: Encoding
) -> _native.StandardObserver | _native.CompactObserver | None:
    """A writer of the observations of encoding ``name`` (``coding``, of these resolved
    parameters) of this configuration's native states: ``write(state, seat, out)`` writes
    over ``out`` (float32, the observation's size) what ``coding`` writes of
    ``state.view(seat)``, with the legal actions listed for the seat to move; None where the
    encoding is not one the engine writes or the game is beyond the engine's bounds."""
    make = OBSERVERS.get(name)
    native = _native_of(params)
    if make is None or native is None:
        return None
    return make(native, _figures(params, coding, name), discovery_game(**params).params())
