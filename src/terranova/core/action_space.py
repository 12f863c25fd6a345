"""A game's fixed action space: every action it can ever play, numbered 0 to ``size - 1``.

OpenSpiel and PettingZoo number a game's actions once per configuration, the same in every
state: a policy's output layer has one unit per action, and an action mask says which are
legal now. An :class:`ActionSpace` is made of *parts*, one per kind of action: the action
class and, for each of its fields, the values the field can take (a field left out keeps its
default). An action's index is its part's offset plus its fields' positions in mixed radix,
the first field most significant, so indices sort as the parts are listed, then field by
field in the order of the values given. A kind may have several parts (each of its own
values): an action belongs to the first part that holds it. The numbering depends only on
the parts: a game that declares the same parts for the same configuration numbers its
actions the same way.

A field given as :data:`IMPLIED` does not enter the index: the position tells it (the tile
just drawn is the only one a placement can lay), so an index names an action only together
with a state, through :meth:`ActionSpace.decoder` of its legal actions, which checks that no
two of them share an index. A field given as :class:`Ranked` is numbered by its value's rank
among the legal actions, and a kind of action given as :class:`Listed` by the action's place
among the legal actions of its kind: their indices, too, are read with the legal actions.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, cast

from terranova.core.actions import Action
from terranova.core.errors import ActionSpaceError

KNOWN_LIMIT = 1 << 20
"""The most entries an action space keeps at hand for each kind of action."""


def _no_key(action: Action) -> tuple[()]:
    """The key of a kind of action whose index reads none of its fields."""
    return ()


class _Implied:
    __slots__ = ()

    def __repr__(self) -> str:
        return "IMPLIED"


IMPLIED: Any = _Implied()
"""The values of a field that the position implies: it is left out of the index."""


@dataclass(frozen=True, slots=True)
class Ranked:
    """The values of a field numbered by their rank among the legal actions of its kind
    (all of them, whichever part holds each): with two tiles in hand, ``design=Ranked(2)``
    makes 0 the lower design id of the two that the legal placements lay, 1 the other. Such
    an index is read with the legal actions. A value ranked beyond ``count`` leaves the
    action to a later part of its kind, if one holds it."""

    count: int


class Listed:
    """A kind of action numbered by its place among the legal actions of that kind, in the
    order the state gives them: index 0 of ``Listed(Place, 700)`` is the first legal
    placement, 1 the second, and so on, up to 700 of them. For a kind with too many possible
    actions to number each (a tile on any square of a map that may grow any way), in an
    encoding whose observation lists the legal actions of the kind in that same order.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Lay(Action):
    ...     x: int
    >>> space = ActionSpace([Listed(Lay, 3)])
    >>> space.decoder([Lay(40), Lay(-7)])
    {0: Lay(x=40), 1: Lay(x=-7)}
    >>> space.describe(1)
    'Lay(#1 of the legal)'
    """

    __slots__ = ("kind", "size")

    def __init__(self, kind: type[Action], count: int) -> None:
        if count < 1:
            raise ValueError(f"Listed({kind.__name__}, {count}): list at least one action")
        self.kind = kind
        self.size = count
        """The most legal actions of the kind a position may have."""


class Part:
    """One kind of action in a space: the class and the values each named field takes."""

    __slots__ = (
        "_fetch",
        "_ranked_strides",
        "_scaled",
        "defaults",
        "implied",
        "kind",
        "names",
        "positions",
        "ranked",
        "size",
        "strides",
        "values",
    )

    kind: type[Action]
    names: tuple[str, ...]
    ranked: tuple[str, ...]
    _ranked_strides: tuple[tuple[str, int, int], ...]
    """Each ranked field's name, stride and how many ranks it may take."""
    _scaled: tuple[dict[Any, int], ...]
    _fetch: Callable[[Action], Any] | None
    values: tuple[tuple[Any, ...], ...]
    positions: tuple[dict[Any, int], ...]
    strides: tuple[int, ...]
    size: int

    def __init__(self, kind: type[Action], /, **fields: Iterable[Any] | Ranked) -> None:
        declared = dataclasses.fields(cast(Any, kind))  # a TypeError if not a dataclass
        known = {f.name for f in declared}
        unknown = sorted(set(fields) - known)
        if unknown:
            raise TypeError(f"{kind.__name__} has no field {unknown[0]!r}")
        self.kind = kind
        self.implied = tuple(f.name for f in declared if fields.get(f.name) is IMPLIED)
        self.ranked = tuple(n for n, v in fields.items() if isinstance(v, Ranked))
        given: dict[str, Iterable[Any]] = {
            n: range(v.count) if isinstance(v, Ranked) else v
            for n, v in fields.items()
            if v is not IMPLIED
        }
        self.names = tuple(f.name for f in declared if f.name in given)
        self.values = tuple(tuple(given[name]) for name in self.names)
        self.defaults: dict[str, Any] = {}
        for f in declared:
            if f.name in given or f.name in self.implied:
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
        self._ranked_strides = tuple(
            (n, s, len(v))
            for n, s, v in zip(self.names, self.strides, self.values, strict=True)
            if n in self.ranked
        )
        # each field the index reads from the action, with its values' positions times its
        # stride, then each field that keeps its default (which adds 0), for partial()'s
        # one-pass sum: a value outside fails the lookup
        read = [k for k, n in enumerate(self.names) if n not in self.ranked]
        self._scaled = tuple(
            {v: p * self.strides[k] for v, p in self.positions[k].items()} for k in read
        ) + tuple({v: 0} for v in self.defaults.values())
        fetched = [self.names[k] for k in read] + list(self.defaults)
        self._fetch = attrgetter(*fetched) if fetched else None

    def index(self, action: Action, ranks: Mapping[str, dict[Any, int]] | None = None) -> int | str:
        """The action's index within the part, or why it is not in it; ``ranks`` gives the
        rank of each value of a :class:`Ranked` field among the legal actions."""
        index = self.partial(action)
        if isinstance(index, str) or not self.ranked:
            return index
        if ranks is None:
            raise ActionSpaceError(
                f"{self.kind.__name__}.{self.ranked[0]} is ranked among the legal actions: "
                "index them together (ActionSpace.decoder)"
            )
        return self.completed(index, action, ranks)

    def completed(
        self, partial: int, action: Action, ranks: Mapping[str, dict[Any, int]]
    ) -> int | str:
        """The action's index within the part from its :meth:`partial` index and the ranks
        of its ranked fields' values, or why it is not in the part."""
        index = partial
        for name, stride, allowed in self._ranked_strides:
            value = getattr(action, name)
            rank = ranks[name].get(value)
            if rank is None:
                return f"{name} {value!r} is not among the legal actions' values"
            if rank >= allowed:
                return f"{name} {value!r} ranks {rank}: only {allowed} may"
            index += rank * stride
        return index

    def partial(self, action: Action) -> int | str:
        """The action's index within the part with its ranked fields counted as rank 0 (the
        rest of its index depends on the legal actions), or why it is not in the part."""
        found = self.lookup(action)
        return self.why_not(action) if found is None else found

    def lookup(self, action: Action) -> int | None:
        """:meth:`partial`, or ``None`` when the part does not hold the action."""
        fetch, scaled = self._fetch, self._scaled
        if fetch is None:
            return 0
        try:  # adapters index every legal action of every step: one lookup per field
            if len(scaled) > 1:
                return sum(map(dict.__getitem__, scaled, fetch(action)))
            return scaled[0][fetch(action)]
        except KeyError:
            return None

    def why_not(self, action: Action) -> str:
        """Why the part does not hold ``action`` (which :meth:`lookup` found outside)."""
        for name, default in self.defaults.items():
            if getattr(action, name) != default:
                return f"{name} {getattr(action, name)!r} is not {default!r}"
        for name, positions in zip(self.names, self.positions, strict=True):
            value = getattr(action, name)
            if name not in self.ranked and value not in positions:
                allowed = self.values[self.names.index(name)]
                shown = ", ".join(map(repr, allowed[:6])) + (", ..." if len(allowed) > 6 else "")
                return f"{name} {value!r} is not one of {shown}"
        # a value equal to one listed but not found by its hash (a NaN, or an odd __eq__)
        return "a field's value is not found among its values"

    def action(self, index: int) -> Action:
        """The action at ``index`` within the part (a part with implied fields has none)."""
        if self.implied or self.ranked:
            raise ActionSpaceError(
                f"{self.kind.__name__}'s {', '.join(self.implied + self.ranked)} comes from "
                "the position: "
                "decode its indices with the legal actions (ActionSpace.decoder)"
            )
        fields = dict(self.defaults)
        for name, values, stride in zip(self.names, self.values, self.strides, strict=True):
            fields[name] = values[index // stride]
            index %= stride
        action: Action = self.kind(**fields)
        return action


_Found = int | tuple[int, Part, int]
"""Where an action was found: its index, or when the first part holding it (ranks aside)
has ranked fields, that part's offset, the part and the action's partial index there."""
_Slot = tuple[Callable[[Action], Any], dict[Any, _Found]]
"""A kind of action's key reader and the entries found by it."""


class ActionSpace:
    """Every action of a game configuration, numbered (see the module's docstring)."""

    __slots__ = (
        "_by_kind",
        "_keys",
        "_listed",
        "_ranked",
        "offsets",
        "parts",
        "size",
    )

    def __init__(self, parts: Sequence[Part | Listed]) -> None:
        if not parts:
            raise ValueError("an action space needs at least one part")
        self.parts = tuple(parts)
        offsets = []
        size = 0
        self._by_kind: dict[type[Action], list[tuple[int, Part]]] = {}
        self._listed: dict[type[Action], tuple[int, Listed]] = {}
        for part in self.parts:
            offsets.append(size)
            if isinstance(part, Listed):
                if part.kind in self._listed:
                    raise ValueError(f"{part.kind.__name__} is listed twice")
                self._listed[part.kind] = (size, part)
            else:
                self._by_kind.setdefault(part.kind, []).append((size, part))
            size += part.size
        both = sorted(k.__name__ for k in self._listed.keys() & self._by_kind.keys())
        if both:
            raise ValueError(f"{both[0]} is both listed and numbered by its fields")
        self.offsets = tuple(offsets)
        self._ranked = sorted(
            {(p.kind, n) for p in self.parts if isinstance(p, Part) for n in p.ranked}, key=str
        )
        self._keys: dict[type[Action], _Slot] = {}
        """For each kind of action met, the fields its parts read (one C-level
        ``attrgetter``: no call of the dataclass's Python ``__hash__`` and ``__eq__``, and
        actions differing only in an implied or ranked field share one entry) and each
        entry found so far by them: an index, or when the first part holding the action
        (ranks aside) has ranked fields, that part's offset, the part and the partial
        index there, which the position's ranks complete."""
        self.size = size
        """How many actions: OpenSpiel's ``num_distinct_actions``."""

    def __len__(self) -> int:
        return self.size

    def index(self, action: Action, ranks: Mapping[str, dict[Any, int]] | None = None) -> int:
        """The action's index; raises ActionSpaceError for an action outside the space.
        ``ranks``: the ranks of the values of Ranked fields (see :meth:`decoder`)."""
        parts = self._by_kind.get(type(action))
        if not parts:
            if type(action) in self._listed:
                raise ActionSpaceError(
                    f"{action} is numbered by its place among the legal actions: "
                    "index them together (ActionSpace.decoder)"
                )
            raise ActionSpaceError(f"{action} is outside the action space: no part for its kind")
        for offset, part in parts:
            within = part.lookup(action)
            if within is None:
                continue
            if not part.ranked:
                return offset + within
            done = part.index(action, ranks)  # raises without ranks
            if isinstance(done, int):  # else a rank beyond the part's: maybe another holds it
                return offset + done
        why = parts[-1][1].index(action, ranks)  # a reason: had it held the action, it returned
        raise ActionSpaceError(f"{action} is outside the action space: {why}")

    def _slot(self, kind: type[Action]) -> _Slot:
        """The key reader and the found entries of a kind of action (made once): the key is
        every field that some part of the kind reads for its index (not its implied or
        ranked fields), which alone decide which part holds the action and where."""
        names: list[str] = []
        for _, part in self._by_kind.get(kind, ()):
            read = [n for n in part.names if n not in part.ranked] + list(part.defaults)
            names += [n for n in read if n not in names]
        getter: Callable[[Action], Any] = attrgetter(*names) if names else _no_key
        slot = self._keys[kind] = (getter, {})
        return slot

    def _locate(self, action: Action, slot: _Slot) -> _Found | None:
        """The action's index, or when the first part that holds it (ranks aside) has
        ranked fields, that part's offset, the part and the action's partial index there;
        kept in ``slot``, its kind's. ``None`` when no part holds it."""
        for offset, part in self._by_kind.get(type(action), ()):
            found = part.lookup(action)
            if found is not None:
                entry = (offset, part, found) if part.ranked else offset + found
                getter, known = slot
                if len(known) >= KNOWN_LIMIT:
                    known.clear()
                known[getter(action)] = entry
                return entry
        return None

    def action(self, index: int) -> Action:
        """The action at ``index``; raises ActionSpaceError outside ``0 .. size - 1``."""
        if not 0 <= index < self.size:
            raise ActionSpaceError(f"action index {index} is outside 0..{self.size - 1}")
        k = bisect_right(self.offsets, index) - 1
        part = self.parts[k]
        if isinstance(part, Listed):
            raise ActionSpaceError(
                f"{part.kind.__name__} is numbered by its place among the legal actions: "
                "decode its indices with them (ActionSpace.decoder)"
            )
        return part.action(index - self.offsets[k])

    def standalone(self, index: int) -> bool:
        """Whether ``index`` alone names its action (its part has no field the position
        implies or ranks, and is not listed)."""
        part = self.parts[bisect_right(self.offsets, index) - 1]
        return isinstance(part, Part) and not (part.implied or part.ranked)

    def describe(self, index: int) -> str:
        """The action at ``index`` as text, or what the index tells of it when the position
        implies some of its fields (``Place(x=3, y=-1, rotation=2)``)."""
        if not 0 <= index < self.size:
            raise ActionSpaceError(f"action index {index} is outside 0..{self.size - 1}")
        k = bisect_right(self.offsets, index) - 1
        part = self.parts[k]
        rest = index - self.offsets[k]
        if isinstance(part, Listed):
            return f"{part.kind.__name__}(#{rest} of the legal)"
        if not (part.implied or part.ranked):
            return str(part.action(rest))
        known = []
        for name, values, stride in zip(part.names, part.values, part.strides, strict=True):
            shown = f"#{rest // stride}" if name in part.ranked else repr(values[rest // stride])
            known.append(f"{name}={shown}")
            rest %= stride
        return f"{part.kind.__name__}({', '.join(known)})"

    def decoder(self, legal: Iterable[Action]) -> dict[int, Action]:
        """Each legal action by its index; raises ActionSpaceError if two share one."""
        legal = legal if isinstance(legal, list) else list(legal)
        found: dict[int, Action] = {}
        listed, keys = self._listed, self._keys
        ranks: dict[type[Action], dict[str, dict[Any, int]]] | None = None
        taken: dict[type[Action], int] = {}
        for action in legal:  # adapters decode every position: one lookup per action, warm
            kind = type(action)
            if listed and kind in listed:
                offset, part = listed[kind]
                place = taken.get(part.kind, 0)
                if place >= part.size:
                    raise ActionSpaceError(
                        f"more than {part.size} legal {part.kind.__name__} actions: the space "
                        f"lists at most {part.size}"
                    )
                taken[part.kind] = place + 1
                found[offset + place] = action
                continue
            slot = keys.get(kind) or self._slot(kind)
            entry = slot[1].get(slot[0](action))
            if entry is None:
                entry = self._locate(action, slot)
            if isinstance(entry, int):
                found[entry] = action
                continue
            if ranks is None and self._ranked:
                ranks = self._ranks(legal)
            values = ranks.get(kind) if ranks else None
            if entry is not None and values is not None:
                offset, ranked, within = entry
                done = ranked.completed(within, action, values)
                if isinstance(done, int):
                    found[offset + done] = action
                    continue
            # a rank beyond the first part's: another part, or why none holds the action
            found[self.index(action, values)] = action
        if len(found) < len(legal):
            self._shared_index(legal, ranks if ranks is not None else self._ranks(legal))
        return found

    def _shared_index(
        self, legal: list[Action], ranks: dict[type[Action], dict[str, dict[Any, int]]]
    ) -> None:
        """Raise ActionSpaceError for two legal actions that share an index."""
        seen: dict[int, Action] = {}
        for action in legal:
            if type(action) in self._listed:  # each took an index of its own
                continue
            index = self.index(action, ranks.get(type(action)))
            other = seen.setdefault(index, action)
            if other is not action:
                raise ActionSpaceError(
                    f"{other} and {action} are both legal and share index {index}: "
                    "a field the space leaves to the position does not follow from it"
                )

    def _ranks(self, legal: list[Action]) -> dict[type[Action], dict[str, dict[Any, int]]]:
        """For each ranked field, each of its values among ``legal`` by rank."""
        ranks: dict[type[Action], dict[str, dict[Any, int]]] = {}
        for kind, name in self._ranked:
            values = sorted({getattr(a, name) for a in legal if type(a) is kind})
            ranks.setdefault(kind, {})[name] = {v: i for i, v in enumerate(values)}
        return ranks

    def signature(self) -> list[str]:
        """The parts as text, in order: two spaces number their actions alike exactly when
        their signatures are equal (the tests keep each game's, to see it change)."""
        out = []
        for part in self.parts:
            if isinstance(part, Listed):
                out.append(f"{part.kind.__name__} listed, at most {part.size}")
                continue
            fields = [f"{n}={list(v)!r}" for n, v in zip(part.names, part.values, strict=True)]
            fields = [f + " ranked" if f.split("=")[0] in part.ranked else f for f in fields]
            fields += [f"{n}=IMPLIED" for n in part.implied]
            fields += [f"{n}={v!r}" for n, v in part.defaults.items()]
            out.append(f"{part.kind.__name__}({', '.join(fields)})")
        return out

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The indices of legal ``actions``, sorted (OpenSpiel's order of legal actions)."""
        return sorted(self.decoder(actions))
