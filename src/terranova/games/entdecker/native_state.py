"""Entdecker on its native engine (``native/entdecker.hpp``, compiled at install), in the
state protocol.

The rules are the reference's (:mod:`terranova.games.entdecker.state` and its chapters),
written again in C++ over flat arrays; tests/games/entdecker/test_native.py plays both
engines side by side and checks they agree at every step. What a simulation asks
(``current_player``, ``legal_actions``, ``apply``, ``clone``, ``returns``, ``estimates``,
``chance_outcomes``, ``sample_chance``, ``resample``, ``is_terminal``) is answered natively,
with the very action objects the reference lists; what a person reads (views, texts, the log
and score sheet, why an action is refused) is the reference's, on the same position
(:meth:`NativeEntdeckerState.to_python`): a reference state kept with the native one (its
*twin*, shared by clones) played on with the actions since, and kept again.

Importing this module needs the engine built (:func:`native_engine.available`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence
from functools import lru_cache
from typing import Any, Self, cast

from terranova.core.action_space import Part
from terranova.core.actions import Action
from terranova.core.encoding import STANDARD, Encoding, encoding_of
from terranova.core.errors import IllegalActionError
from terranova.core.i18n import Said
from terranova.core.scoring import ScoreLine
from terranova.core.state import JSON, State
from terranova.games.entdecker import INFO, _native
from terranova.games.entdecker.actions import (
    DRAW,
    STOP,
    Announce,
    Draw,
    Fill,
    Income,
    Layout,
    Place,
    Reveal,
    Roll,
    Settle,
    StartEdge,
    StartTile,
    Stop,
    Take,
    Token,
    Trek,
    parse_action,
)
from terranova.games.entdecker.components import UNITS, Components
from terranova.games.entdecker.content import load_components
from terranova.games.entdecker.encoding import GOLD_SCALE, scales
from terranova.games.entdecker.encoding import STEPS as SHOWN_STEPS
from terranova.games.entdecker.position import STEPS, from_position, position
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import Hut
from terranova.games.entdecker.tables import compiled

(LAYOUT, ROLL, INCOME, START_EDGE, START_TILE, ANNOUNCE, DRAW_KIND, TAKE, REVEAL, PLACE,
 SETTLE, STOP_KIND, TREK, TOKEN, FILL) = range(15)  # fmt: skip
KIND = 56
"""An action's number: its kind from bit 56, then its fields (entdecker.hpp)."""
FIELDS = (1 << KIND) - 1
HUT = STEPS.index(Hut)
EVENTS = (None, "mine", "pirates", "storm", "natives")


def components_of(params: dict[str, Any]) -> Components:
    """The components a game of ``params`` is played with."""
    return load_components(params["tiles"], params["board"])


def native_game(params: dict[str, Any]) -> _native.Game:
    """The native engine's tables of a configuration: the reference's, as numbers."""
    t = compiled(components_of(params))
    board = t.board
    grid = t.grid
    players = params["players"]
    faces = list(dict.fromkeys(board.faces))
    return _native.Game(
        {
            "players": players,
            "width": board.width,
            "height": board.height,
            "stride": grid.stride,
            "cells": list(grid.cells),
            "squares": t.squares,
            "pieces": t.n_pieces,
            "piece": [[list(row) for row in rows] for rows in t.piece],
            "lane": [[list(row) for row in rows] for rows in t.lane],
            "piece_edges": [
                [[list(edges) for edges in turned] for turned in rows] for rows in t.piece_edges
            ],
            "lane_edges": [
                [[list(edges) for edges in turned] for turned in rows] for rows in t.lane_edges
            ],
            "adds": [[list(row) for row in rows] for rows in t.tiles.adds],
            "fits": [[list(table[code]) for code in range(257)] for table in t.fits],
            "bonus": t.bonus,
            "event": [EVENTS.index(e) for e in t.event],
            "hidden": t.hidden,
            "setup": t.setup,
            "open_design": t.open_design,
            "open_count": t.open_count,
            "layouts": [
                [[design, grid.encode(x, y), rotation] for design, x, y, rotation in lay.tiles]
                for lay in board.layouts
            ],
            "variable": [i for i, lay in enumerate(board.layouts) if lay.kind == "variable"],
            "beginner": next(i for i, lay in enumerate(board.layouts) if lay.kind == "beginner"),
            "point_pos": [p.pos for p in t.points],
            "point_edge": [p.edge for p in t.points],
            "cost": [p.cost if params["edge_costs"] == "printed" else 0 for p in t.points],
            "nearest": [list(t.nearest_points.get(pos, ())) for pos in range(len(grid.cells))],
            "start_gold": board.start_gold,
            "income_below": board.income_below,
            "scouts": board.scouts[players - 2],
            "forts": board.forts,
            "settlements": board.settlements,
            "unit_costs": list(board.unit_costs),
            "open_tile": board.open_tile,
            "hidden_tile": board.hidden_tile,
            "toll": board.toll,
            "mine": board.mine,
            "wheel_low": board.wheel[0],
            "wheel_high": board.wheel[1],
            "faces": [0 if f == "wheel" else int(f) for f in faces],
            "face_chance": [p for _, p in t.roll_outcomes],
            "paths": [p.length for p in board.paths],
            "tokens": [token.value for token in board.tokens],
            "token_mean": t.token_mean,
            "natives_to_path": params["natives"] == "path",
            "tie_active": params["island_tie"] == "active",
            "frame_open": params["frame"] == "open",
            "gold_tiebreak": params["tiebreak"] == "gold",
            "variable_setup": params["setup"] == "variable",
            "tile_cap": params["tile_cap"],
        }
    )


class _Numbering:
    """A configuration's actions and their native numbers, both ways."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.t = t = compiled(components_of(params))
        self.players = params["players"]
        self.faces = list(dict.fromkeys(t.board.faces))
        self.paths = [p.id for p in t.board.paths]

    def action(self, code: int) -> Action:
        """The action a native number stands for: the object the reference lists where it
        keeps one, else an equal one."""
        t = self.t
        kind, f = code >> KIND, code & FIELDS
        grid = t.grid
        if kind == PLACE:
            return t.tiles.action(f & 0xFF, f >> 8 & 0xFF, f >> 16 & 3)
        if kind == START_TILE:
            x, y = grid.decode(f & 0xFF)
            seats = [s for s in range(4) for _ in range(f >> (16 + 4 * s) & 15)]
            point = t.points[f >> 10 & 63].name
            return StartTile(x, y, "NESW"[f >> 8 & 3], point, ",".join(map(str, seats)))
        if kind == SETTLE:
            x, y = grid.decode(f >> 8 & 0xFF)
            source, a, b = f >> 16 & 3, f >> 18 & 0xFF, f >> 26 & 31
            where = ""
            if source == 1:
                where = f"{t.where(a)}/{b}"
            elif source == 2:
                where = f"{self.paths[a]}/{b}"
            return Settle(UNITS[f & 3], x, y, f >> 2 & 7, where)
        if kind == ANNOUNCE:
            return t.announces["open" if f >> 16 else "hidden"][(f & 0xFFFF) - 1]
        made: dict[int, Callable[[int], Action]] = {
            LAYOUT: lambda k: t.layouts[k],
            ROLL: lambda k: t.rolls[self.faces[k]],
            INCOME: Income,
            START_EDGE: lambda k: t.edge_starts[k],
            DRAW_KIND: lambda _: DRAW,
            TAKE: lambda k: t.takes[k],
            REVEAL: lambda k: t.reveals[k],
            STOP_KIND: lambda _: STOP,
            TREK: lambda k: t.treks[k],
            TOKEN: lambda k: t.tokens[k],
            FILL: lambda k: t.fills[k],
        }
        return made[kind](f)

    def code(self, action: Action) -> int | None:
        """The native number of an action, or None: it names nothing the engine knows (so
        it is not legal)."""
        t = self.t
        kind = type(action)
        if kind is Place:
            assert isinstance(action, Place)
            design = t.index.get(action.design)
            if design is None or not 0 <= action.rotation < 4:
                return None
            pos = self._square(action.x, action.y)
            return None if pos is None else _code(PLACE, design | pos << 8 | action.rotation << 16)
        if kind is StartTile:
            assert isinstance(action, StartTile)
            return self._start_tile(action)
        if kind is Settle:
            assert isinstance(action, Settle)
            return self._settle(action)
        if kind is Announce:
            assert isinstance(action, Announce)
            if action.kind not in t.announces or not 1 <= action.count < 1 << 16:
                return None
            return _code(ANNOUNCE, action.count | (action.kind == "open") << 16)
        found: int | None = None
        if kind is Layout:
            assert isinstance(action, Layout)
            found = _code(LAYOUT, t.layout_index.get(action.layout))
        elif kind is Roll:
            assert isinstance(action, Roll)
            face = self.faces.index(action.face) if action.face in self.faces else None
            found = _code(ROLL, face)
        elif kind is Income:
            assert isinstance(action, Income)
            found = _code(INCOME, action.value if 0 <= action.value < 1 << 20 else None)
        elif kind is StartEdge:
            assert isinstance(action, StartEdge)
            found = _code(START_EDGE, t.point_index.get(action.point))
        elif kind is Draw:
            found = _code(DRAW_KIND, 0)
        elif kind is Take:
            assert isinstance(action, Take)
            found = _code(TAKE, action.number if 0 <= action.number < 7 else None)
        elif kind is Reveal or kind is Fill:
            assert isinstance(action, Reveal | Fill)
            found = _code(REVEAL if kind is Reveal else FILL, t.index.get(action.design))
        elif kind is Stop:
            found = _code(STOP_KIND, 0)
        elif kind is Trek:
            assert isinstance(action, Trek)
            found = _code(TREK, t.path_index.get(action.path))
        elif kind is Token:
            assert isinstance(action, Token)
            found = _code(TOKEN, t.token_index.get(action.token))
        return found

    def _square(self, x: int, y: int) -> int | None:
        grid = self.t.grid
        return grid.encode(x, y) if grid.contains(x, y) else None

    def _start_tile(self, action: StartTile) -> int | None:
        t = self.t
        pos = self._square(action.x, action.y)
        point = t.point_index.get(action.via)
        if pos is None or point is None or action.heading not in ("N", "E", "S", "W"):
            return None
        counts = 0
        for seat in action.tolls.split(",") if action.tolls else ():
            if not seat.isdigit() or int(seat) >= self.players:
                return None
            counts += 1 << 4 * int(seat)
            if counts >> 4 * int(seat) & 15 == 15:
                return None
        edge = "NESW".index(action.heading)
        return _code(START_TILE, pos | edge << 8 | point << 10 | counts << 16)

    def _settle(self, action: Settle) -> int | None:
        t = self.t
        pos = self._square(action.x, action.y)
        if pos is None or action.kind not in UNITS or not 0 <= action.piece < 6:
            return None
        source, a, b = 0, 0, 0
        if action.source:
            where, _x, index = action.source.partition("/")
            if not index.isdigit() or int(index) >= 32:
                return None
            if where in t.path_index:
                source, a, b = 2, t.path_index[where], int(index)
            else:
                x, _x, y = where.partition(",")
                try:
                    square = self._square(int(x), int(y))
                except ValueError:
                    return None
                if square is None:
                    return None
                source, a, b = 1, square, int(index)
        fields = UNITS.index(action.kind) | action.piece << 2 | pos << 8
        return _code(SETTLE, fields | source << 16 | a << 18 | b << 26)


def _code(kind: int, fields: int | None) -> int | None:
    return None if fields is None else kind << KIND | fields


def _refuse(state: NativeEntdeckerState, action: Action) -> None:
    """Raise the reference's error for an action the native engine refused."""
    raise IllegalActionError(action, state.reference().why_illegal(action))


def _key(params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(params.items()))


@lru_cache(maxsize=64)
def _actions(key: tuple[tuple[str, Any], ...]) -> _native.Actions:
    params = dict(key)
    numbering = _Numbering(params)
    return _native.Actions(native_game(params), key, numbering.action, numbering.code, _refuse)


def actions_of(params: dict[str, Any]) -> _native.Actions:
    """The native engine's tables and action objects of a configuration (a state's
    ``params()``), made once."""
    return _actions(_key(params))


class _Dealt(random.Random):
    """A generator whose shuffle gives the tokens in the order a native redraw dealt them
    (so that the reference's resample deals the same)."""

    def __init__(self, order: list[int]) -> None:
        super().__init__(0)
        self.order = order

    def shuffle(self, x: MutableSequence[Any]) -> None:
        if sorted(x) != sorted(self.order):
            raise ValueError("a redraw of other tokens than the position's")
        x[:] = self.order


Twin = tuple[Any, ...] | None
"""What a native state keeps of the reference's: None (a new game: the reference's made
again), ("state", a reference state, the ply it stands at), or ("redrawn", the twin before,
the history then, the seat, the huts and the bag dealt)."""


def _resolved(twin: Twin, params: dict[str, Any]) -> tuple[EntdeckerState, int]:
    """A reference state of its own for ``twin``, and the ply of the history it stands at."""
    from terranova.games.entdecker import new_game

    if twin is None:
        return new_game(**params), 0
    if twin[0] == "state":
        return twin[1].clone(), twin[2]
    _x, before, history, seat, huts, bag = twin
    if before is not None and before[0] == "state" and before[2] == len(history):
        state = before[1]  # resample copies it
    else:
        state, at = _resolved(before, params)
        for action in history[at:]:
            state.apply(action)
    unseen = [h for h, k in enumerate(state.huts) if k >= 0 and not state.known[h] >> seat & 1]
    order = sorted(bag) + [huts[h] for h in reversed(unseen)]
    return state.resample(seat, _Dealt(order)), 0


class NativeEntdeckerState(_native.Play):
    """A game of Entdecker on the native engine."""

    __slots__ = ()
    game_id = "entdecker"
    engine = "native"

    @classmethod
    def new(cls, params: dict[str, Any]) -> Self:
        """A new game of these (resolved) parameters, at its first chance or decision."""
        return cls(actions_of(params))

    @classmethod
    def from_python(cls, state: EntdeckerState) -> Self:
        """The same position on the native engine (from its record of numbers)."""
        history = state.history()
        made: Self = cls.restore(cls, actions_of(state.params()), position(state), history)
        made.twin = ("state", state.clone(), len(history))
        return made

    @classmethod
    def from_record(
        cls,
        params: dict[str, Any],
        record: dict[str, Any],
        history: list[Action],
        log: list[dict[str, Any]] | None = None,
        sheet: list[ScoreLine] | None = None,
    ) -> Self:
        """The game of a position record (:func:`.position.position`) of a game of
        ``params``, reached by ``history``; its log and score sheet ``log`` and ``sheet``.
        Raises ValueError for a record the engine cannot hold."""
        made: Self = cls.restore(cls, actions_of(params), record, history)
        made.twin = (
            "state",
            from_position(components_of(params), params, record, history, log, sheet),
            len(history),
        )
        return made

    def to_python(self) -> EntdeckerState:
        """The same position on the reference engine, a state of one's own."""
        return self.reference().clone()

    def reference(self) -> EntdeckerState:
        """The same position on the reference engine, to read and not to change: the twin
        played on with the actions since, and kept as the twin (shared by clones), so that
        the next asks play only what follows."""
        twin = self.twin
        if twin is not None and twin[0] == "state" and twin[2] == self.ply:
            found: EntdeckerState = twin[1]
            return found
        state, at = _resolved(twin, self.params())
        history = self.history()
        for action in history[at:]:
            state.apply(action)
        self.twin = ("state", state, len(history))
        return state

    def params(self) -> dict[str, Any]:
        return dict(cast(tuple[tuple[str, Any], ...], self.game))

    def resample(self, seat: int, rng: random.Random) -> Self:
        # the tokens not seen drawn again natively, with the reference's calls on rng
        other = self.redrawn(seat, rng)
        other.twin = ("redrawn", self.twin, self.history(), seat, *other.tokens())
        return other

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def observe_into(self, seat: int | None, out: Any) -> None:
        """Write what ``seat`` (None: a spectator) sees over ``out``, a float32 NumPy row of
        the encoding's observation size: natively, the very numbers encoding.py's ``fill``
        writes from ``view(seat)`` (for research adapters that keep one buffer; the
        batch of ``terranova.vector`` writes with the same code)."""
        _observer_of(self).observe(self, seat, out)

    def legal_indices(self) -> list[int]:
        """The index in the encoding's action space of each legal action, in the order of
        :meth:`legal_actions` (natively, as ``Table.legal`` numbers them)."""
        indices: list[int] = _observer_of(self).legal_indices(self)
        return indices

    # ------------------------------------------- what people read: the reference's answers

    def view(self, seat: int | None) -> JSON:
        return self.reference().view(seat)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        # as the reference's: a token drawn into a hut is seen by its drawer only
        kind, drawer = self.waiting
        if kind == HUT and drawer != seat:
            return "token ?"
        return str(action)

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        return self.reference().say_action(action, seat)

    def components(self) -> JSON:
        return self.reference().components()

    def end_reason(self) -> Said | str | None:
        return self.reference().end_reason() if self.is_terminal() else None

    def decisions_public(self) -> bool:
        # the reference's answer, asked of it at each call (a test may change it there)
        public = cast("Callable[[object], bool]", EntdeckerState.decisions_public)
        return public(self)

    # the protocol's own answers, written on the protocol (State's)
    other_scores = State.other_scores
    winners = State.winners
    recall_says = State.recall_says
    recall_action = State.recall_action
    response_window = State.response_window


State.register(NativeEntdeckerState)


def random_games(params: dict[str, Any], games: int, seed: int) -> tuple[int, int]:
    """Play ``games`` random games of ``params`` (resolved) from their start, natively (the
    benchmark's playouts): (decisions, chance outcomes) in all."""
    return _native.random_games(actions_of(params).native, games, seed)


def batch(
    params: dict[str, Any], coding: Encoding, games: int, max_steps: int | None
) -> _native.Batch | None:
    """Native games of these (resolved) parameters for ``terranova.vector``, observed in the
    encoding ``coding`` (:func:`encoding.encoding`'s), whose figures it is given here once;
    None where the game is beyond the engine's bounds."""
    try:
        native = actions_of(params).native
    except ValueError:
        return None
    return _native.Batch(_native.Observer(native, observation_figures(params, coding)), games,
                         max_steps or 0)  # fmt: skip


_OBSERVERS: dict[tuple[tuple[str, Any], ...], tuple[Any, _native.Observer]] = {}


def _observer_of(state: NativeEntdeckerState) -> _native.Observer:
    """The native writer of the encoding for the engine tables ``state`` plays on (made once
    for those tables; made again if they were)."""
    key = _key(state.params())
    kept = _OBSERVERS.get(key)
    if kept is None or kept[0] is not state.native:
        params = dict(key)
        coding = encoding_of(INFO, params, STANDARD)
        kept = (state.native, _native.Observer(state.native, observation_figures(params, coding)))
        if len(_OBSERVERS) >= 64:  # many configurations asked for: start over
            _OBSERVERS.clear()
        _OBSERVERS[key] = kept
    return kept[1]


def observation_figures(params: dict[str, Any], coding: Encoding) -> dict[str, Any]:
    """What the native writer reads to write the encoding ``coding`` as its ``fill`` does
    (:func:`encoding.scales`' figures, the planes' places, tables from the engine's numbers
    to the planes' columns) and to index the legal actions as its action space does (each
    part's offset and, per field, its stride, first value and count)."""
    s = scales(params)
    t = s.tables
    board = t.board
    planes: dict[str, int] = {}
    at = 0
    for plane in coding.planes:
        planes[plane.name] = at
        at += plane.size
    space = coding.actions
    parts: dict[str, Any] = {"start_tile": [_NO_PART] * 4, "announce": [_NO_PART] * 2}
    take = [-1] * 7
    kinds = {Income: "income", StartEdge: "edge", Draw: "draw", Place: "place", Stop: "stop",
             Trek: "trek"}  # fmt: skip
    for offset, part in zip(space.offsets, space.parts, strict=True):
        assert isinstance(part, Part)
        fields = _fields(offset, part)
        if part.kind is StartTile:
            parts["start_tile"]["NESW".index(part.values[part.names.index("heading")][0])] = fields
        elif part.kind is Announce:
            kind = part.values[part.names.index("kind")][0]
            parts["announce"][("hidden", "open").index(kind)] = fields
        elif part.kind is Settle:
            parts["scout_from" if "source" in part.names else "settle"] = fields
        elif part.kind is Take:
            for k, number in enumerate(part.values[0]):
                take[number] = offset + k * part.strides[0]
        elif part.kind in kinds:
            parts[kinds[part.kind]] = fields
    for name in (*kinds.values(), "settle", "scout_from"):
        parts.setdefault(name, _NO_PART)
    _check_numbering(space.parts, t, s.pieces)
    shown = {name: i for i, name in enumerate(SHOWN_STEPS)}
    return {
        "planes": planes,
        "size": coding.observation_size,
        "actions": space.size,
        "pieces": s.pieces,
        "path_spaces": s.path_spaces,
        "over_col": shown["over"],
        "source_paths": board.width * board.height * s.pieces,
        "features": s.features.reshape(-1).tolist(),
        "count_of": [float(c) for c in s.count_of],
        "open": [[k, s.open_index[k]] for _, k in t.open_numbers],
        "supply_scale": [float(v) for v in s.supply_scale],
        "most_token": float(s.most_token),
        "tokens": float(s.tokens),
        "left_scale": float(s.left_scale),
        "most_points": float(s.most_points),
        "gold_scale": float(GOLD_SCALE),
        "xs": [x for x, _ in t.grid.xy],
        "ys": [y for _, y in t.grid.xy],
        "path_start": [s.path_start[p.id] for p in board.paths],
        "step_col": [shown.get(getattr(kind, "name", None) or "", -1) for kind in STEPS],
        "parts": parts,
        "take": take,
    }


_NO_PART: dict[str, Any] = {"at": -1, "fields": []}
_SAID_BY_PART = {StartTile: ("heading",), Announce: ("kind",), Settle: ("kind",)}
"""The fields a part holds one value of that the native writer does not give: a part a
heading, a kind of announcement, and the scouts' part of the units sent back."""


def _fields(offset: int, part: Part) -> dict[str, Any]:
    """A part's offset and, per field its index reads, in the order the native writer
    gives their values: its stride, its first value and how many values it has. A field of
    whole numbers in a row is given by value; any other by its place among its values, which
    the engine numbers alike (start points, units, paths, sources: checked here)."""
    out = []
    for name, values, stride in zip(part.names, part.values, part.strides, strict=True):
        if name in _SAID_BY_PART.get(part.kind, ()) and len(values) == 1:
            continue  # one value: the part itself says it
        first = values[0] if isinstance(values[0], int) else 0
        if isinstance(values[0], int):
            assert list(values) == list(range(first, first + len(values))), name
        out.append([stride, first, len(values)])
    return {"at": offset, "fields": out}


def _check_numbering(parts: tuple[Any, ...], t: Any, pieces: int) -> None:
    """Refuse a space whose fields of names are not numbered as the engine numbers them
    (the writer gives a start point, a unit, a path or a scout's source by its number)."""
    board = t.board
    sources = board.width * board.height * pieces + sum(p.length for p in board.paths)
    expected = {
        (StartEdge, "point"): [p.name for p in t.points],
        (Trek, "path"): [p.id for p in board.paths],
    }
    for part in parts:
        for name, values in zip(part.names, part.values, strict=True):
            if (part.kind, name) in expected and list(values) != expected[part.kind, name]:
                raise ValueError(f"{part.kind.__name__}.{name}: not in the engine's order")
            if (
                part.kind is Settle
                and name == "kind"
                and list(values) not in (list(UNITS), ["scout"])
            ):
                raise ValueError("Settle.kind: not in the engine's order")
            if part.kind is Settle and name == "source" and len(values) != sources:
                raise ValueError("Settle.source: not the squares' pieces, then the paths' spaces")
