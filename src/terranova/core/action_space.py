"""A game's fixed action space: every action it can ever play, numbered 0 to ``size - 1``.

OpenSpiel and PettingZoo number a game's actions once per configuration, the same in every
state: a policy's output layer has one unit per action, and an action mask says which are
legal now. An :class:`ActionSpace` is made of *parts*, one per kind of action: the action
class and, for each of its fields, the values the field can take (a field left out keeps its
default). An action's index is its part's offset plus its fields' positions in mixed radix,
the first field most significant, so indices sort as the parts are listed, then field by
field in the order of the values given. The numbering depends only on the parts: a game that
declares the same parts for the same configuration numbers its actions the same way.

>>> from dataclasses import dataclass
>>> from terranova.core.action_text import text_form
>>> @text_form("move {piece:id} to {x},{y}")
... @dataclass(frozen=True, slots=True)
... class Move(Action):
...     piece: str
...     x: int
...     y: int
>>> @text_form("pass")
... @dataclass(frozen=True, slots=True)
... class Pass(Action):
...     pass
>>> space = ActionSpace([Part(Move, piece=("rook", "king"), x=range(-1, 2), y=range(2)),
...                      Part(Pass)])
>>> space.size                    # 2 * 3 * 2 moves, and pass
13
>>> space.index(Move("king", 0, 1)), space.index(Pass())
(9, 12)
>>> space.action(9)
Move(piece='king', x=0, y=1)
>>> try:
...     space.index(Move("queen", 0, 1))
... except ActionSpaceError as error:
...     print(error)
move queen to 0,1 is outside the action space: piece 'queen' is not one of 'rook', 'king'
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import Any, cast

from terranova.core.actions import Action
from terranova.core.errors import ActionSpaceError


class Part:
    """One kind of action in a space: the class and the values each named field takes."""

    __slots__ = ("defaults", "kind", "names", "positions", "size", "strides", "values")

    kind: type[Action]
    names: tuple[str, ...]
    values: tuple[tuple[Any, ...], ...]
    positions: tuple[dict[Any, int], ...]
    strides: tuple[int, ...]
    size: int

    def __init__(self, kind: type[Action], /, **fields: Iterable[Any]) -> None:
        declared = dataclasses.fields(cast(Any, kind))  # a TypeError if not a dataclass
        known = {f.name for f in declared}
        unknown = sorted(set(fields) - known)
        if unknown:
            raise TypeError(f"{kind.__name__} has no field {unknown[0]!r}")
        self.kind = kind
        self.names = tuple(f.name for f in declared if f.name in fields)
        self.values = tuple(tuple(fields[name]) for name in self.names)
        self.defaults: dict[str, Any] = {}
        for f in declared:
            if f.name in fields:
                continue
            if f.default is dataclasses.MISSING:
                raise TypeError(f"{kind.__name__}.{f.name} has no default: give its values")
            self.defaults[f.name] = f.default
        self.positions = tuple({v: i for i, v in enumerate(vals)} for vals in self.values)
        for name, vals, positions in zip(self.names, self.values, self.positions, strict=True):
            if not vals:
                raise ValueError(f"{kind.__name__}.{name}: no values")
            if len(positions) != len(vals):
                raise ValueError(f"{kind.__name__}.{name}: a value is given twice")
        strides = []
        size = 1
        for vals in reversed(self.values):
            strides.append(size)
            size *= len(vals)
        self.strides = tuple(reversed(strides))
        self.size = size

    def index(self, action: Action) -> int | str:
        """The action's index within the part, or why it is not in it."""
        for name, default in self.defaults.items():
            if getattr(action, name) != default:
                return f"{name} {getattr(action, name)!r} is not {default!r}"
        index = 0
        for name, positions, stride in zip(self.names, self.positions, self.strides, strict=True):
            value = getattr(action, name)
            position = positions.get(value)
            if position is None:
                allowed = self.values[self.names.index(name)]
                shown = ", ".join(map(repr, allowed[:6])) + (", ..." if len(allowed) > 6 else "")
                return f"{name} {value!r} is not one of {shown}"
            index += position * stride
        return index

    def action(self, index: int) -> Action:
        """The action at ``index`` within the part."""
        fields = dict(self.defaults)
        for name, values, stride in zip(self.names, self.values, self.strides, strict=True):
            fields[name] = values[index // stride]
            index %= stride
        action: Action = self.kind(**fields)
        return action


class ActionSpace:
    """Every action of a game configuration, numbered (see the module's docstring)."""

    __slots__ = ("_by_kind", "offsets", "parts", "size")

    def __init__(self, parts: Sequence[Part]) -> None:
        if not parts:
            raise ValueError("an action space needs at least one part")
        self.parts = tuple(parts)
        offsets = []
        size = 0
        self._by_kind: dict[type[Action], list[tuple[int, Part]]] = {}
        for part in self.parts:
            offsets.append(size)
            self._by_kind.setdefault(part.kind, []).append((size, part))
            size += part.size
        self.offsets = tuple(offsets)
        self.size = size
        """How many actions: OpenSpiel's ``num_distinct_actions``."""

    def __len__(self) -> int:
        return self.size

    def index(self, action: Action) -> int:
        """The action's index; raises ActionSpaceError for an action outside the space."""
        parts = self._by_kind.get(type(action))
        if not parts:
            raise ActionSpaceError(f"{action} is outside the action space: no part for its kind")
        why = ""
        for offset, part in parts:
            found = part.index(action)
            if isinstance(found, int):
                return offset + found
            why = found
        raise ActionSpaceError(f"{action} is outside the action space: {why}")

    def action(self, index: int) -> Action:
        """The action at ``index``; raises ActionSpaceError outside ``0 .. size - 1``."""
        if not 0 <= index < self.size:
            raise ActionSpaceError(f"action index {index} is outside 0..{self.size - 1}")
        k = bisect_right(self.offsets, index) - 1
        return self.parts[k].action(index - self.offsets[k])

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The indices of ``actions``, sorted (OpenSpiel's order of legal actions)."""
        return sorted(map(self.index, actions))
