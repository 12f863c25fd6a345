"""A game's encoding for research interfaces: its fixed action spaces and its tensors.

OpenSpiel, PettingZoo and Gymnasium see a game as numbers: every decision an index in a fixed
action space (:mod:`terranova.core.action_space`), every chance outcome an index in a second
space, and what a seat sees a ``float32`` tensor of fixed shape. A game declares these in a
module named by ``GameInfo.encoding`` with a function ``encoding(params) -> Encoding``; the
interfaces in :mod:`terranova.interop` use nothing else of the game. That is its
``standard`` encoding; the module may offer others in ``ENCODINGS``, a mapping of name to a
function like ``encoding``, which the interfaces take by name (:func:`encoding_of`).

The tensors are built from ``view(seat)`` alone, so they cannot hold what the seat may not
know. The *observation* is what the seat sees now: named planes, filled from one view (and,
in an encoding whose actions are :class:`~terranova.core.action_space.Listed`, from the
legal actions of the seat to move, for that seat: its ``listing``). The *information
state* adds what it has seen: the planes marked ``remembered`` once more, each the largest
value the plane ever held for that seat (a card once seen stays seen).

>>> from terranova.core.action_space import ActionSpace, Part
>>> from terranova.core.actions import Action
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Pick(Action):
...     card: int
>>> def fill(view, planes):
...     planes["hand"][view["hand"]] = 1
...     planes["seen"][view["hand"]] = 1
>>> coding = Encoding(
...     actions=ActionSpace([Part(Pick, card=range(3))]),
...     chance=ActionSpace([Part(Pick, card=range(3))]),
...     planes=(Plane("hand", (3,), "cards in hand"),
...             Plane("seen", (3,), "cards seen in hand", remembered=True)),
...     fill=fill, max_game_length=3, utility=(0.0, 3.0))
>>> coding.observation({"hand": [0, 2]})
array([1., 0., 1., 1., 0., 1.], dtype=float32)
>>> memory = coding.remember(None, coding.observation({"hand": [0, 2]}))
>>> memory = coding.remember(memory, coding.observation({"hand": [1]}))
>>> coding.information_state(coding.observation({"hand": [1]}), memory)
array([0., 1., 0., 0., 1., 0., 1., 1., 1.], dtype=float32)
"""

from __future__ import annotations

import dataclasses
import importlib
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from terranova.core.action_space import ActionSpace
from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.state import JSON

if TYPE_CHECKING:
    from terranova.core.registry import GameInfo

STANDARD = "standard"
"""The name of the encoding every game declares (``encoding(params)`` of its module)."""


Tensor = npt.NDArray[np.float32]
Planes = dict[str, Tensor]
"""Each plane by name: a view into one tensor, shaped as its :class:`Plane`."""


@dataclass(frozen=True)
class Plane:
    """One named block of an observation tensor."""

    name: str
    shape: tuple[int, ...]
    description: str
    remembered: bool = False
    """Whether the information state keeps the largest value it held so far."""

    @property
    def size(self) -> int:
        """How many numbers it holds."""
        return math.prod(self.shape)


@dataclass(frozen=True)
class Encoding:
    """A game configuration as numbers (see the module's docstring)."""

    actions: ActionSpace
    """The seats' decisions: OpenSpiel's ``num_distinct_actions`` is its size."""
    chance: ActionSpace
    """The chance outcomes: OpenSpiel's ``max_chance_outcomes`` is its size."""
    planes: tuple[Plane, ...]
    fill: Callable[[JSON, Planes], None]
    """Writes one view into the planes (all zeros beforehand)."""
    max_game_length: int
    """The most decisions the seats can make in one game (chance outcomes not counted)."""
    utility: tuple[float, float]
    """The least and the most any seat's return can be."""
    utility_sum: float | None = None
    """The sum of the returns, when every game ends with the same sum."""
    notes: str = ""
    """How the bounds are known, for the docs."""
    bounds: tuple[float, float] = (0.0, 1.0)
    """The least and the most any number of a tensor can be (scale the planes to fit)."""
    name: str = STANDARD
    """The encoding's name among the game's (set by :func:`encoding_of`)."""
    listing: Callable[[JSON, Sequence[Action], Planes], None] | None = None
    """For an action space with :class:`~terranova.core.action_space.Listed` kinds: writes
    the legal actions of the seat to move, in the order the state gives them, into the
    planes (after ``fill``), so that a listed index means something to that seat. Called
    only for the view of the seat to move, which knows what it may do."""
    _offsets: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False)
    _remembered: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    _sizes: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.utility[0] < self.utility[1]:
            raise ValueError(f"utility bounds {self.utility} are not a range")
        offsets: dict[str, tuple[int, int]] = {}
        start = 0
        for plane in self.planes:
            if plane.name in offsets:
                raise ValueError(f"plane {plane.name!r} is declared twice")
            offsets[plane.name] = (start, start + plane.size)
            start += plane.size
        object.__setattr__(self, "_offsets", offsets)
        remembered = tuple(offsets[p.name] for p in self.planes if p.remembered)
        object.__setattr__(self, "_remembered", remembered)
        # asked for at every step by the adapters: counted once
        memory = sum(stop - begin for begin, stop in remembered)
        object.__setattr__(self, "_sizes", (start, memory))

    @property
    def observation_size(self) -> int:
        """The length of an observation tensor."""
        return self._sizes[0]

    @property
    def memory_size(self) -> int:
        """The length of the remembered part of an information-state tensor."""
        return self._sizes[1]

    @property
    def information_state_size(self) -> int:
        """The length of an information-state tensor: the observation, then the memory."""
        return self.observation_size + self.memory_size

    def planes_of(self, tensor: Tensor) -> Planes:
        """The named planes of an observation tensor (views sharing its memory)."""
        return {
            p.name: tensor[start:stop].reshape(p.shape)
            for p, (start, stop) in zip(self.planes, self._offsets.values(), strict=True)
        }

    def observation(self, view: JSON, legal: Sequence[Action] = ()) -> Tensor:
        """The observation tensor of one view; ``legal``: the legal actions when the view
        is the seat to move's (read by an encoding with a ``listing`` only)."""
        tensor = np.zeros(self.observation_size, dtype=np.float32)
        self._write(view, self.planes_of(tensor), legal)
        return tensor

    def observe_into(
        self, view: JSON, tensor: Tensor, planes: Planes, legal: Sequence[Action] = ()
    ) -> None:
        """Write one view's observation over ``tensor`` (its first ``observation_size``
        numbers), whose named planes are ``planes``: for a caller that keeps one buffer
        rather than a new tensor a decision."""
        tensor[: self.observation_size] = 0
        self._write(view, planes, legal)

    def _write(self, view: JSON, planes: Planes, legal: Sequence[Action]) -> None:
        """Fill zeroed planes from the view, then list the legal actions if asked."""
        self.fill(view, planes)
        if legal and self.listing is not None:
            self.listing(view, legal, planes)

    def memory_into(self, memory: Tensor, tensor: Tensor) -> None:
        """Write a memory after the observation in an information-state ``tensor``."""
        tensor[self.observation_size :] = memory

    def remember(self, memory: Tensor | None, observation: Tensor) -> Tensor:
        """The memory once ``observation`` is seen too (``None``: nothing seen before)."""
        seen = np.concatenate(
            [observation[start:stop] for start, stop in self._remembered]
            or [np.zeros(0, dtype=np.float32)]
        )
        return seen if memory is None else np.maximum(memory, seen)

    def information_state(self, observation: Tensor, memory: Tensor) -> Tensor:
        """The information-state tensor: the observation now, then the memory."""
        return np.concatenate([observation, memory])


class StateWriter:
    """A writer of ``coding``'s observations (what ``registry.native_observer`` gives) for
    native states that write their own, ``state.observe_into(seat, row)``; where a state
    writes none (it answers False), the seat's view is encoded."""

    def __init__(self, coding: Encoding) -> None:
        self.coding = coding

    def write(self, state: Any, seat: int | None, out: Tensor) -> None:
        """Write what ``seat`` (None: a spectator) sees in ``state`` over ``out``."""
        if state.observe_into(seat, out) is False:
            listed = state.legal_actions() if seat == state.current_player() else ()
            self.coding.observe_into(state.view(seat), out, self.coding.planes_of(out), listed)


def write_on_squares(plane: Tensor, rows: Tensor, tiles: Sequence[JSON], offset: int = 0) -> None:
    """Write ``rows[i]`` over the first channels of a map ``plane`` (channels, rows y,
    columns x) on the square of ``tiles[i]``, a laid tile as a view shows it (its ``x`` and
    ``y``, moved by ``offset`` along both axes): one indexed write for all the tiles.

    >>> plane = np.zeros((2, 2, 3), dtype=np.float32)
    >>> write_on_squares(plane, np.array([[1, 2]], dtype=np.float32), [{"x": 1, "y": 0}], 1)
    >>> plane[:, 1, 2].tolist()
    [1.0, 2.0]
    """
    if not plane.flags.c_contiguous:  # its reshaped copy would take the writes
        raise ValueError("a map plane must be contiguous")
    channels, height, width = plane.shape
    cells = np.array([(t["y"] + offset) * width + t["x"] + offset for t in tiles], dtype=np.intp)
    plane.reshape(channels, height * width)[: rows.shape[1], cells] = rows.T


def _key(params: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(params.items()))


def encodings(info: GameInfo) -> tuple[str, ...]:
    """The names of the game's encodings: ``standard`` first, then any its module lists in
    ``ENCODINGS`` (a mapping of name to a function like ``encoding``); none without one."""
    if info.encoding is None:
        return ()
    others = getattr(importlib.import_module(info.encoding), "ENCODINGS", {})
    return (STANDARD, *sorted(others))


@cache
def _encoding(module: str, name: str, key: tuple[tuple[str, Any], ...]) -> Encoding:
    loaded = importlib.import_module(module)
    make = loaded.encoding if name == STANDARD else loaded.ENCODINGS[name]
    made = make(dict(key))
    if not isinstance(made, Encoding):
        raise TypeError(f"{module}: encoding {name!r} returned {made!r}, not an Encoding")
    return made if made.name == name else dataclasses.replace(made, name=name)


def encoding_of(info: GameInfo, params: Mapping[str, Any], name: str = STANDARD) -> Encoding:
    """The encoding ``name`` of a game with these parameters (checked and completed as
    ``make`` does); raises LookupError for a game that declares none, and
    InvalidParameterError for a name the game does not have."""
    if info.encoding is None:
        raise LookupError(f"{info.id} declares no encoding (GameInfo.encoding)")
    names = encodings(info)
    if name not in names:
        raise InvalidParameterError(
            f"{info.id} has no encoding {name!r}; it has: {', '.join(names)}"
        )
    return _encoding(info.encoding, name, _key(info.resolve(params)))
