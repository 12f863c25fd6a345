"""The Discovery's native engine (native/discovery.cpp), as compiled at install."""

import random
from collections.abc import Callable, Sequence
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.batch import NativeBatch

CHANCE: int
TERMINAL: int

class Game:
    players: int
    def __init__(
        self,
        players: int,
        hand: int,
        to_set_aside: int,
        start: int,
        stack: Sequence[int],
        terrain: Sequence[Sequence[int]],
        edges: Sequence[Sequence[int]],
        cities: Sequence[Sequence[int]],
        grass: Sequence[Sequence[Sequence[int]]],
        edge_region: Sequence[Sequence[Sequence[int]]],
        adds: Sequence[Sequence[Sequence[int]]],
        masks: Sequence[bytes],
        cells: bytes,
        stride: int,
        origin: int,
    ) -> None: ...

class Actions:
    game: Any
    native: Game
    def __init__(
        self,
        native: Game,
        game: Any,
        make: Callable[[int], Action],
        encode: Callable[[Action], int | None],
        refuse: Callable[[Any, Action], None],
    ) -> None: ...

class Play:
    game: Any
    num_seats: int
    ply: int
    waiting: tuple[int, int]
    """The step the game waits on (discovery.hpp's ``Step``) and its seat."""
    def __init__(self, actions: Actions) -> None: ...
    def current_player(self) -> int: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[Action]: ...
    def chance_outcomes(self) -> list[tuple[Action, float]]: ...
    def sample_chance(self, rng: random.Random) -> Action: ...
    def apply(self, action: Action) -> None: ...
    def clone(self) -> Self: ...
    def returns(self) -> list[int]: ...
    def scores(self) -> list[int]: ...
    def history(self) -> list[Action]: ...
    def estimate(self, seat: int) -> float: ...
    def estimates(self) -> list[float]: ...
    def redrawn(self, seat: int, rng: random.Random) -> Self: ...
    def record(self) -> dict[str, Any]: ...
    @staticmethod
    def restore(
        type: type[Play], actions: Actions, record: dict[str, Any], history: list[Action]
    ) -> Any: ...
    def play_out(self, seed: int) -> tuple[int, int, list[int]]: ...

class Tree:
    """mcts.py's search natively (core/native/search.hpp), drawing on a copy of ``rng``'s state."""
    def __init__(
        self, play: Play, rng: random.Random, c: float, depth: int, scale: float
    ) -> None: ...
    def iterate(self) -> int: ...
    def best(self, seat: int) -> Action | None: ...
    def weighed(self, seat: int) -> list[tuple[Action, int, float]]: ...
    def give_back(self, rng: random.Random) -> None: ...

class InfoTree:
    """ismcts.py's search natively (core/native/search.hpp), for the seat to move of ``play``."""
    def __init__(
        self,
        play: Play,
        rng: random.Random,
        c: float,
        depth: int,
        scale: float,
        hidden: bool,
        first: Action | None,
    ) -> None: ...
    def iterate(self) -> int: ...
    def weighed(self, seat: int, moves: Sequence[Action]) -> list[tuple[int, float]]: ...
    def give_back(self, rng: random.Random) -> None: ...

class Batch(NativeBatch):
    def __init__(
        self, native: Game, figures: dict[str, Any], games: int, max_steps: int
    ) -> None: ...

class StandardObserver:
    """A writer of the standard encoding's observations of one configuration's states."""

    size: int
    def __init__(self, native: Game, figures: dict[str, Any], params: dict[str, Any]) -> None: ...
    def write(self, state: Play, seat: int | None, out: Any) -> None: ...

class CompactObserver:
    """A writer of the compact encoding's observations of one configuration's states."""

    size: int
    def __init__(self, native: Game, figures: dict[str, Any], params: dict[str, Any]) -> None: ...
    def write(self, state: Play, seat: int | None, out: Any) -> None: ...

def random_games(game: Game, games: int, seed: int) -> tuple[int, int]: ...
