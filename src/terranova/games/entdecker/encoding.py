"""Entdecker as numbers for research interfaces: action spaces and tensors
(docs/entdecker/encoding.md describes them part by part and plane by plane).

Everything is sized from the loaded components (``tiles=`` and ``board=`` may name other
files): the board's width and height, the designs, the most land pieces and white lines
on one design, the start points, the paths, the tokens and the set-ups.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from terranova.core.action_space import IMPLIED, ActionSpace, Part, Ranked
from terranova.core.encoding import Encoding, Plane, Planes, write_on_squares
from terranova.core.state import JSON
from terranova.games.entdecker.actions import (
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
)
from terranova.games.entdecker.components import UNITS, Components
from terranova.games.entdecker.content import load_components
from terranova.games.entdecker.scoring import TURN_LIMIT
from terranova.games.entdecker.tables import Tables, compiled

STEPS = (
    "set-up",
    "income",
    "wheel",
    "start",
    "announce",
    "explore",
    "reveal",
    "place",
    "natives",
    "fill",
    "path",
    "token",
    "over",
)
"""The steps a view can show, in the order of the ``step`` plane."""
GOLD_SCALE = 30
"""Gold is shown as min(gold, 30) / 30 (random games seldom hold more than 15)."""
TILE_CHANNELS = 11
"""The map's channels that show a tile (the others show the turn)."""


def _start_tile_parts(width: int, height: int, tolls: int) -> list[Part]:
    """One part per heading: only the squares whose neighbour that way is on the board."""
    limits = {
        "N": (range(width), range(1, height)),
        "E": (range(width - 1), range(height)),
        "S": (range(width), range(height - 1)),
        "W": (range(1, width), range(height)),
    }
    return [
        Part(StartTile, x=xs, y=ys, heading=(h,), via=IMPLIED, tolls=Ranked(tolls))
        for h, (xs, ys) in limits.items()
        if len(xs) and len(ys)
    ]


def encoding(params: Mapping[str, Any]) -> Encoding:
    """The encoding of Entdecker with these (resolved) parameters."""
    s = scales(params)
    t = s.tables
    board = t.board
    designs = t.designs
    players, cap = s.players, int(params["tile_cap"])
    width, height = board.width, board.height
    xs, ys = range(width), range(height)
    pieces = s.pieces
    hidden_ids = [d.id for d in designs if d.stack == "hidden"]
    hidden_total, open_total = s.hidden_total, s.open_total
    numbers = [k for k in range(1, 7) if t.open_design[k] >= 0]
    paths = [p.id for p in board.paths]
    path_spaces = s.path_spaces
    # a route pays each opponent at most once per fort or settlement of theirs on the board
    tolls = (board.forts + board.settlements + 1) ** (players - 1)

    # ------------------------------------------------------------------ actions
    sources = [f"{x},{y}/{p}" for x in xs for y in ys for p in range(pieces)]
    sources += [f"{p.id}/{k}" for p in board.paths for k in range(1, p.length + 1)]
    low, high = board.wheel
    parts = [Part(Income, value=range(low, high + 1))] if "wheel" in board.faces else []
    parts.append(Part(StartEdge, point=[p.name for p in t.points]))
    parts += _start_tile_parts(width, height, tolls)
    for kind, total in (("hidden", hidden_total), ("open", open_total)):
        most = min(total, cap) if cap else total
        if most:
            parts.append(Part(Announce, count=range(1, most + 1), kind=(kind,)))
    parts.append(Part(Draw))
    if numbers:
        parts.append(Part(Take, number=numbers))
    parts += [
        Part(Place, design=IMPLIED, x=xs, y=ys, rotation=range(4)),
        Part(Settle, kind=UNITS, x=IMPLIED, y=IMPLIED, piece=range(pieces)),
        Part(Settle, kind=("scout",), x=IMPLIED, y=IMPLIED, piece=range(pieces), source=sources),
        Part(Stop),
        Part(Trek, path=paths),
    ]
    actions = ActionSpace(parts)
    faces = list(dict.fromkeys(board.faces))
    chance_parts = []
    variable = [lay.id for lay in board.layouts if lay.kind == "variable"]
    if params["setup"] == "variable" and variable:
        chance_parts.append(Part(Layout, layout=variable))
    chance_parts += [
        Part(Roll, face=faces),
        Part(Reveal, design=hidden_ids),
        Part(Fill, design=hidden_ids),
        Part(Token, token=[k.id for k in board.tokens]),
    ]
    chance = ActionSpace(chance_parts)

    # ------------------------------------------------------------------- bounds
    tiles_to_draw = hidden_total + open_total
    turns = TURN_LIMIT
    per_turn = 3 + ("wheel" in board.faces)
    max_length = per_turn * turns + 3 * tiles_to_draw + path_spaces
    island_points, hut_points, most_points = s.island_points, s.hut_points, s.most_points
    incomes = [int(f) for f in board.faces if f != "wheel"]
    income = max([*incomes, high] if "wheel" in board.faces else incomes)
    mines = sum(d.count for d in designs if d.event == "mine")
    most_gold = (
        players * board.start_gold
        + turns * (income + (players - 1) * (income + 1))
        + mines * board.mine
    )
    gold_points = most_gold / 1000 if params["tiebreak"] == "gold" else 0.0

    # ------------------------------------------------------------------- planes
    ids = t.ids
    index_of, count_of, features = s.index_of, s.count_of, s.features
    open_index = {str(k): i for k, i in s.open_index.items()}
    unit_kind = {u: k for k, u in enumerate(UNITS)}
    supply_scale = s.supply_scale
    path_start = s.path_start
    path_of = {p: i for i, p in enumerate(paths)}
    most_token, tokens, left_scale = s.most_token, s.tokens, s.left_scale
    step_of = {name: i for i, name in enumerate(STEPS)}

    def square(where: str) -> tuple[int, int]:
        x, _, y = where.partition(",")
        return int(y), int(x)

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        board_plane = planes["map"]
        laid = view["map"]
        if laid:
            rows = np.array(
                [index_of[tile["design"]] * 4 + tile["rotation"] for tile in laid], dtype=np.intp
            )
            write_on_squares(board_plane, features[rows], laid)
        turn = view["turn"]
        if turn is not None:
            if turn["ship"] is not None:
                board_plane[11][square(turn["ship"])] = 1
            for where in turn["heading"]:
                board_plane[12][square(where)] = 1
            for where in turn["laid"]:
                board_plane[13][square(where)] = 1
            kind = planes["turn"]
            if turn["kind"]:
                kind[0 if turn["kind"] == "hidden" else 1] = 1
            kind[2] = turn["left"] / left_scale
            kind[3] = 1 if turn["storm"] else 0
            planes["active"][(turn["seat"] - me) % players] = 1
        units = planes["units"]
        for unit in view["units"]:
            owner = (unit["seat"] - me) % players
            units[owner, unit_kind[unit["unit"]], unit["piece"], unit["y"], unit["x"]] += 0.5
        stacks = planes["tiles"]
        for design, count in view["hidden"].items():
            i = index_of[design]
            stacks[0, i] = count / count_of[i]
        for number, count in view["open"].items():
            i = open_index[number]
            stacks[1, i] = count / count_of[i]
        for design, count in Counter(view["discards"]).items():
            i = index_of[design]
            stacks[2, i] = count / count_of[i]
        if view["in_hand"] is not None:
            planes["in_hand"][index_of[view["in_hand"]]] = 1
        for seat in range(players):
            row = (seat - me) % players
            planes["points"][row] = view["points"][seat] / most_points
            planes["gold"][row] = min(view["gold"][seat], GOLD_SCALE) / GOLD_SCALE
            supply = view["supply"][seat]
            for k, unit_name in enumerate(UNITS):
                planes["supply"][row, k] = supply[unit_name] / supply_scale[k]
        on_path = planes["paths"]
        huts = planes["huts"]
        seen = planes["seen"]
        for hut in view["huts"]:
            p = path_of[hut["path"]]
            first = path_start[hut["path"]]
            for k, owner in enumerate(hut["spaces"]):
                if owner >= 0:
                    on_path[(owner - me) % players, first + k] = 1
            if hut["token"] is not None:
                huts[p, 0] = 1
                if hut["value"] is not None:
                    huts[p, 1] = hut["value"] / most_token
            for s in hut["seen_by"]:
                seen[(s - me) % players, p] = 1
        planes["bag"][0] = view["bag"] / tokens
        step = step_of.get(view["step"])
        if step is not None:
            planes["step"][step] = 1
        current = view["current_player"]
        if current >= 0:
            planes["to_move"][(current - me) % players] = 1

    planes = (
        Plane(
            "map",
            (14, height, width),
            "by square (row y, column x): 0 a tile lies there; 1-4 land on its N, E, S, W "
            "edge ((piece + 1) / most pieces on a design: equal values, one piece); 5-8 a "
            "white line crosses its N, E, S, W edge ((line + 1) / most lines on a design: "
            "equal values, one line); 9 its land pieces / most pieces; 10 its waterfall "
            "bonus / the highest bonus; 11 the ship stands there; 12 the ship's line leads "
            "there; 13 laid this turn",
        ),
        Plane(
            "units",
            (players, len(UNITS), pieces, height, width),
            "units by seat (yours first), kind (scout, fort, settlement), land piece and "
            "square: how many / 2",
        ),
        Plane(
            "tiles",
            (3, len(ids)),
            "by design: left in the hidden stacks, left in its open stack, discarded; each "
            "/ the design's count",
        ),
        Plane("in_hand", (len(ids),), "the tile to lay, by design, one-hot"),
        Plane("points", (players,), "points / the most a seat can score, yours first"),
        Plane("gold", (players,), f"min(gold, {GOLD_SCALE}) / {GOLD_SCALE}, yours first"),
        Plane(
            "supply",
            (players, len(UNITS)),
            "scouts, forts, settlements in supply / at the start, yours first",
        ),
        Plane(
            "paths",
            (players, path_spaces),
            "the jungle paths' spaces (paths in order, spaces from the hut), by the seat "
            "whose scout stands there, yours first",
        ),
        Plane(
            "huts",
            (len(paths), 2),
            "by path: a token lies in its hut; its value / the highest token value if you "
            "may see it (0 if not)",
        ),
        Plane("seen", (players, len(paths)), "the seats that looked at each hut's token"),
        Plane("bag", (1,), "tokens in the bag / tokens"),
        Plane(
            "turn",
            (4,),
            "the exploration: hidden tiles, open tiles (one-hot, none before announcing), "
            "tiles left to draw / the most one can announce, a storm ended it",
        ),
        Plane(
            "active",
            (players,),
            "whose turn it is, one-hot, your seat first, once a start is chosen",
        ),
        Plane("step", (len(STEPS),), "the step, one-hot: " + ", ".join(STEPS)),
        Plane("to_move", (players,), "the seat to move, one-hot, your seat first"),
    )
    return Encoding(
        actions=actions,
        chance=chance,
        planes=planes,
        fill=fill,
        max_game_length=max_length,
        utility=(0.0, float(most_points) + gold_points),
        notes=(
            f"A game has at most {turns} turns (ruling 22: it ends after the turn that "
            f"reaches the turn limit, if nothing ended it before), each of at most {per_turn} "
            "decisions (the wheel, the start, the announcement, the unit or stop), besides "
            f"two per tile drawn (draw or take, then place; at most the {tiles_to_draw} tiles "
            "of the stacks) and one per scout sent onto a path, which fills a space of a "
            "path: at most the spaces plus one scout taken back from a path per turn that "
            "drew a tile. "
            f"Points: at most {island_points} from islands (a laid tile counts once for "
            "each of its land pieces, plus the waterfall bonuses, on a board of "
            f"{width * height} squares) and {hut_points} from the huts (the best tokens, "
            "one a hut). Gold (thousandths of a point with tiebreak=gold): at most all the "
            "gold there is, the start gold plus one income a turn (the roller's most, "
            "every other seat one more) plus the mines."
        ),
    )


@dataclass(frozen=True)
class Scales:
    """The figures the observation is written with (:func:`encoding`'s ``fill``), made once
    a configuration: what it divides by and the tiles' map rows. The native engine's writer
    is given the same (``native_state.observation_figures``)."""

    tables: Tables
    players: int
    pieces: int
    """The most land pieces on one design (at least 1)."""
    hidden_total: int
    open_total: int
    path_spaces: int
    features: np.ndarray[Any, np.dtype[np.float32]]
    """A design's map channels in each rotation: row ``design * 4 + rotation``."""
    index_of: dict[str, int]
    count_of: list[int]
    open_index: dict[int, int]
    """An open stack's number -> its design's index."""
    supply_scale: tuple[int, int, int]
    path_start: dict[str, int]
    most_token: int
    tokens: int
    left_scale: int
    island_points: int
    hut_points: int

    @property
    def most_points(self) -> int:
        return self.island_points + self.hut_points


def scales(params: Mapping[str, Any]) -> Scales:
    """The figures of :func:`encoding`'s observation for these (resolved) parameters."""
    components = load_components(params["tiles"], params["board"])
    t = compiled(components)
    board = t.board
    designs = t.designs
    players = int(params["players"])
    cap = int(params["tile_cap"])
    pieces = max(1, *(len(d.land) for d in designs))
    lanes = max(1, *(len(d.lanes) for d in designs))
    hidden_total = sum(d.count for d in designs if d.stack == "hidden")
    open_total = sum(d.count for d in designs if d.stack == "open")
    numbers = [k for k in range(1, 7) if t.open_design[k] >= 0]
    ids = t.ids
    index_of = {d: i for i, d in enumerate(ids)}
    most_bonus = max(d.bonus for d in designs)
    features = np.zeros((len(designs) * 4, TILE_CHANNELS), dtype=np.float32)
    for i, d in enumerate(designs):
        for r in range(4):
            row = features[i * 4 + r]
            row[0] = 1
            for edge, piece in enumerate(t.piece[i][r]):
                if piece >= 0:
                    row[1 + edge] = (piece + 1) / pieces
            for edge, lane in enumerate(t.lane[i][r]):
                if lane >= 0:
                    row[5 + edge] = (lane + 1) / lanes
            row[9] = len(d.land) / pieces
            row[10] = d.bonus / most_bonus if most_bonus else 0
    scouts = max(1, board.scouts[players - 2] - 1)
    path_start = {}
    start = 0
    for p in board.paths:
        path_start[p.id] = start
        start += p.length
    most_announced = max(hidden_total, open_total)
    return Scales(
        tables=t,
        players=players,
        pieces=pieces,
        hidden_total=hidden_total,
        open_total=open_total,
        path_spaces=start,
        features=features,
        index_of=index_of,
        count_of=[d.count for d in designs],
        open_index={k: index_of[ids[t.open_design[k]]] for k in numbers},
        supply_scale=(scouts, max(1, board.forts), max(1, board.settlements)),
        path_start=path_start,
        most_token=max(k.value for k in board.tokens),
        tokens=len(board.tokens),
        left_scale=max(1, min(most_announced, cap) if cap else most_announced),
        island_points=_island_points(components, params["setup"] == "variable"),
        hut_points=sum(sorted((k.value for k in board.tokens), reverse=True)[: len(board.paths)]),
    )


def _island_points(components: Components, variable: bool) -> int:
    """The most island points a seat can score: the set-up's tiles, then the tiles with
    the most land pieces and bonus on the squares left; per tile its land pieces (an
    island counts the tile once each) plus its waterfall bonus."""
    board = components.board
    designs = components.tiles.designs
    worth = sorted(
        (len(d.land) + d.bonus for d in designs if d.stack != "setup" for _ in range(d.count)),
        reverse=True,
    )
    best = 0
    for layout in board.layouts:
        if (layout.kind == "variable") != variable:
            continue
        laid = sum(len(designs[d].land) + designs[d].bonus for d, _, _, _ in layout.tiles)
        free = board.width * board.height - len(layout.tiles)
        best = max(best, laid + sum(worth[:free]))
    return best
