"""Small Islands on its native engine (``native/small_islands.hpp``, compiled at install),
in the state protocol.

The rules are the reference's (:mod:`terranova.games.small_islands.state` and its chapters),
written again in C++ over fixed arrays; tests/games/small_islands/test_native.py plays both
engines side by side and checks they agree at every step. What a simulation asks
(``current_player``, ``legal_actions``, ``apply``, ``clone``, ``returns``, ``estimates``,
``chance_outcomes``, ``sample_chance``, ``resample``, ``is_terminal``) is answered natively,
with action objects equal to the reference's (the very ones where the reference shares
them: placements, tokens, tiles drawn); what a person reads (views, texts, why an action is
refused) is the reference's, on the same position converted
(:meth:`NativeSmallIslandsState.to_python`).

Importing this module needs the engine built (:func:`native_engine.available`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Self

from terranova.core.action_space import Part
from terranova.core.actions import Action
from terranova.core.encoding import Encoding
from terranova.core.errors import IllegalActionError
from terranova.core.i18n import Said
from terranova.core.state import JSON, State
from terranova.core.turns import TurnOver
from terranova.games.small_islands import _native
from terranova.games.small_islands.actions import (
    DONE,
    PASS,
    Build,
    Choose,
    Deal,
    Discover,
    Done,
    Draw,
    Expedition,
    House,
    Keep,
    Land,
    Pass,
    Place,
    Reveal,
    Take,
    Token,
    parse_action,
)
from terranova.games.small_islands.components import RESOURCES
from terranova.games.small_islands.content import load_components
from terranova.games.small_islands.encoding_parts import AROUND, HELD, IN_HAND, STEPS, Parts
from terranova.games.small_islands.exploring import TOKEN_ORDER
from terranova.games.small_islands.position import STEP_KINDS, Ids, ids_of, sheet_line
from terranova.games.small_islands.state import SmallIslandsState
from terranova.games.small_islands.steps import (
    Choosing,
    Dealing,
    Discovering,
    Drawing,
    Keeping,
)
from terranova.games.small_islands.tables import Tables, tables_of

(PLACE, TAKE, LAND, TOKEN, PASS_KIND, HOUSE, DONE_KIND, KEEP, BUILD, CHOOSE, REVEAL, DEAL, DRAW,
 DISCOVER, EXPEDITION) = range(15)  # fmt: skip
KIND = 24
"""An action's number: its kind from bit 24, then its fields (small_islands.hpp)."""
MISSION_KINDS = ("more", "equal", "match", "symbols")
REWARD_KINDS = ("per_symbol", "lowest", "flat", "size", "discovery", "chosen")
SYMBOLS = ("flower", "fruit", "leaf", "temple", "port", "house")
_WAITS_FOR_HIDDEN = {STEP_KINDS.index(s): s for s in (Dealing, Drawing, Discovering, Keeping)}
_CHOOSING = STEP_KINDS.index(Choosing)
_KEEPING = STEP_KINDS.index(Keeping)


@dataclass(frozen=True)
class Config:
    """A game's parameters (resolved, as ``params()`` gives them) and its tables."""

    items: tuple[tuple[str, Any], ...]
    tables: Tables

    def params(self) -> dict[str, Any]:
        return dict(self.items)

    @property
    def advanced(self) -> bool:
        return bool(self.params()["mode"] == "advanced")

    def decks(self) -> list[str]:
        return ["mission", "reward"] if self.advanced else ["objective"]


def native_game(config: Config) -> _native.Game:
    """The native engine's tables of a configuration: the reference's, as numbers."""
    params = config.params()
    t = config.tables
    c = t.components
    ids = ids_of(t)
    kit = t.tiles
    advanced = config.advanced
    if advanced and set(ids.missions) & set(ids.rewards):
        raise ValueError("a Mission and a Reward of one id")

    def mission(m: Any) -> tuple[int, int, int, list[int]]:
        need = dict(m.need)
        return (
            MISSION_KINDS.index(m.kind),
            SYMBOLS.index(m.a) if m.a else 0,
            SYMBOLS.index(m.b) if m.b else 0,
            [need.get(s, 0) for s in SYMBOLS],
        )

    def reward(r: Any) -> tuple[int, int, int, int, list[tuple[int, int]]]:
        symbol = SYMBOLS.index(r.symbol) if r.symbol else 0
        return REWARD_KINDS.index(r.kind), symbol, r.points, r.bonus, list(r.sizes)

    if advanced:
        missions = [mission(t.missions[m]) for m in ids.missions]
        rewards = [reward(t.rewards[r]) for r in ids.rewards]
        deck_sizes = [len(ids.missions), len(ids.rewards)]
    else:
        missions = [mission(t.objectives[o].mission) for o in ids.objectives]
        rewards = [reward(t.objectives[o].reward) for o in ids.objectives]
        deck_sizes = [len(ids.objectives)]
    players = params["players"]
    card = next((a for a in c.alexis if a.stars == params["alexis"]), None)
    deck: list[int] = []
    alexis: list[int] = []
    if players == 1 and card is not None:
        explore = [e.id for e in c.expeditions if e.kind == "explore"][: card.explore]
        land = [e.id for e in c.expeditions if e.kind == "land"][: card.land]
        deck = sorted(ids.expedition[e] for e in explore + land)
        alexis = [card.houses, card.base, card.per_house]
    grid = t.grid
    return _native.Game(
        {
            "players": players,
            "advanced": advanced,
            "cover": params["tokens"] == "cover",
            "ordered": params["start"] == "ordered",
            "faces": [[list(face) for face in turned] for turned in kit.faces],
            "rotations": [sum(1 << r for r in rotations) for rotations in kit.rotations],
            "asks": [[list(map(list, asks)) for asks in rows] for rows in kit.contributions],
            "symbols": [list(s) for s in t.symbols],
            "coast": [d.face.coast for d in t.designs],
            "pool": [d.count for d in c.landscape],
            "starts": list(t.start_sides),
            "ships": c.ships,
            "houses": c.houses,
            "reserve": c.reserve,
            "tokens": [TOKEN_ORDER.index(k) for k in c.tokens],
            "cells": bytes(grid.cells),
            "stride": grid.stride,
            "origin": grid.encode(0, 0),
            "step": list(grid.step),
            "diagonal": list(grid.diagonal),
            "deck_sizes": deck_sizes,
            "missions": missions,
            "rewards": rewards,
            "discoveries": [t.discoveries[k] for k in ids.discoveries],
            "alexis": alexis,
            "expeditions": [
                (
                    t.expeditions[e].kind == "land",
                    t.expeditions[e].slot,
                    t.expeditions[e].aim == "spread",
                )
                for e in ids.expeditions
            ],
            "deck": deck,
        }
    )


class _Numbering:
    """A configuration's actions and their native numbers, both ways."""

    def __init__(self, config: Config) -> None:
        self.t = t = config.tables
        self.ids: Ids = ids_of(t)
        self.decks = config.decks()
        self.drawn = {
            card: (k, i) for k, deck in enumerate(self.decks) for i, card in
            enumerate(self.ids.deck(deck))
        }  # fmt: skip

    def action(self, code: int) -> Action:
        """The action a native number stands for."""
        t, ids = self.t, self.ids
        kind, f = code >> KIND, code & 0xFFFFFF
        pos = f & 0x1FFF
        if kind == PLACE:
            return t.tiles.action((f >> 2) & 0x7F, f >> 9, f & 3)
        if kind == TAKE:
            return Take(t.ids[f])
        if kind == LAND:
            return Land("own" if f >> 13 & 1 else "grey", *t.grid.decode(pos))
        if kind == TOKEN:
            over = (f >> 14) & 3
            return t.token(TOKEN_ORDER[f >> 16], pos, RESOURCES[over - 1] if over else "")
        if kind == PASS_KIND:
            return PASS
        if kind == HOUSE:
            return House(*t.grid.decode(pos))
        if kind == DONE_KIND:
            return DONE
        if kind == KEEP:
            return Keep(ids.objectives[f >> 6], ids.objectives[f & 63])
        if kind == BUILD:
            m, r = ids.missions, ids.rewards
            return Build(m[f >> 18 & 63], r[f >> 12 & 63], m[f >> 6 & 63], r[f & 63])
        if kind == CHOOSE:
            return Choose(ids.discoveries[f])
        if kind == REVEAL:
            return t.reveals[f]
        if kind == DEAL:
            return t.deals[f]
        if kind == DRAW:
            return Draw(ids.deck(self.decks[f >> 6])[f & 63])
        if kind == DISCOVER:
            return Discover(ids.discoveries[f])
        return Expedition(ids.expeditions[f])

    def _square(self, x: int, y: int) -> int | None:
        grid = self.t.grid
        return grid.encode(x, y) if grid.contains(x, y) else None

    def code(self, action: Action) -> int | None:
        """The native number of an action, or None: it names nothing the engine knows (so
        it is not legal)."""
        t, ids = self.t, self.ids
        kind = type(action)
        if kind is Place:
            assert isinstance(action, Place)
            design, pos = t.index.get(action.design), self._square(action.x, action.y)
            if design is None or pos is None or not 0 <= action.rotation < 4:
                return None
            return pos << 9 | design << 2 | action.rotation
        if kind is Take or kind is Reveal or kind is Deal:
            assert isinstance(action, Take | Reveal | Deal)
            design = t.index.get(action.design)
            if design is None or design >= len(t.landscape):
                return None
            return ({Take: TAKE, Reveal: REVEAL, Deal: DEAL}[kind] << KIND) | design
        if kind is Land:
            assert isinstance(action, Land)
            pos = self._square(action.x, action.y)
            if pos is None or action.ship not in ("own", "grey"):
                return None
            return LAND << KIND | (action.ship == "own") << 13 | pos
        if kind is Token:
            assert isinstance(action, Token)
            pos = self._square(action.x, action.y)
            covers = ("", *RESOURCES)
            if pos is None or action.kind not in TOKEN_ORDER or action.over not in covers:
                return None
            over = covers.index(action.over)
            return TOKEN << KIND | TOKEN_ORDER.index(action.kind) << 16 | over << 14 | pos
        if kind is Pass:
            return PASS_KIND << KIND
        if kind is Done:
            return DONE_KIND << KIND
        if kind is House:
            assert isinstance(action, House)
            pos = self._square(action.x, action.y)
            return None if pos is None else HOUSE << KIND | pos
        number = self.ids.number
        if kind is Keep:
            assert isinstance(action, Keep)
            o = number["objective"]
            if action.now not in o or action.later not in o:
                return None
            return KEEP << KIND | o[action.now] << 6 | o[action.later]
        if kind is Build:
            assert isinstance(action, Build)
            m, r = number["mission"], number["reward"]
            cards = (action.mission, action.reward, action.later_mission, action.later_reward)
            if not all(c in d for c, d in zip(cards, (m, r, m, r), strict=True)):
                return None
            a, b, c, d = (
                m[action.mission], r[action.reward], m[action.later_mission],
                r[action.later_reward],
            )  # fmt: skip
            return BUILD << KIND | a << 18 | b << 12 | c << 6 | d
        if kind is Draw:
            assert isinstance(action, Draw)
            found = self.drawn.get(action.card)
            return None if found is None else DRAW << KIND | found[0] << 6 | found[1]
        if kind is Choose or kind is Discover:
            assert isinstance(action, Choose | Discover)
            token = ids.token.get(action.token)
            if token is None:
                return None
            return (CHOOSE if kind is Choose else DISCOVER) << KIND | token
        if kind is Expedition:
            assert isinstance(action, Expedition)
            card = ids.expedition.get(action.card)
            return None if card is None else EXPEDITION << KIND | card
        return None


def _refuse(state: NativeSmallIslandsState, action: Action) -> None:
    """Raise the reference's error for an action the native engine refused."""
    raise IllegalActionError(action, state.to_python().why_illegal(action))


def config_of(params: dict[str, Any]) -> Config:
    """The configuration of these (resolved) parameters."""
    components = load_components(params.get("tiles"), params.get("cards"))
    return Config(tuple(sorted(params.items())), tables_of(components))


@lru_cache(maxsize=64)
def actions_of(config: Config) -> _native.Actions:
    """The native engine's tables and action objects of a configuration, made once."""
    numbering = _Numbering(config)
    return _native.Actions(native_game(config), config, numbering.action, numbering.code, _refuse)


class NativeSmallIslandsState(_native.Play):
    """A game of Small Islands on the native engine."""

    __slots__ = ()
    game_id = "small-islands"
    engine = "native"

    @classmethod
    def new(cls, params: dict[str, Any]) -> Self:
        """A new game of these (resolved) parameters, run to its first step that waits."""
        return cls(actions_of(config_of(params)))

    @classmethod
    def from_python(cls, state: SmallIslandsState) -> Self:
        """The same position on the native engine."""
        actions = actions_of(config_of(state.params()))
        made: Self = cls.restore(cls, actions, state.position(), state.history())
        return made

    def position(self) -> dict[str, Any]:
        """The position record (:mod:`..position`), as the reference writes it."""
        record = self.record()
        config: Config = self.game
        lines = [sheet_line(config.tables, config.advanced, row) for row in record["sheet_lines"]]
        record["sheet"] = [*record["sheet"], *lines]
        record["sheet_lines"] = []
        return record

    def to_python(self) -> SmallIslandsState:
        """The same position on the reference engine."""
        return SmallIslandsState.from_position(self.params(), self.position(), self.history())

    def params(self) -> dict[str, Any]:
        config: Config = self.game
        return config.params()

    def resample(self, seat: int, rng: random.Random) -> Self:
        # what the seat has not seen drawn again natively, with the reference's calls
        return self.redrawn(seat, rng)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def decisions_public(self) -> bool:
        if self.over:
            raise IndexError("list index out of range")  # as the reference's empty agenda
        return self.waiting[0] not in (_CHOOSING, _KEEPING)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        # as words.describe_action, from the step waiting (asked at every step of a search)
        if self.over:
            return str(action)
        kind, top_seat, deck = self.waiting
        if kind in _WAITS_FOR_HIDDEN and top_seat != seat:
            if isinstance(action, Deal):
                return f"deal ? to seat {top_seat}"
            if isinstance(action, Draw):
                config: Config = self.game
                name = config.decks()[deck] if STEP_KINDS[kind] is Drawing else "card"
                return f"draw {name} ?"
            if isinstance(action, Discover):
                return "discover ?"
            if isinstance(action, Choose):
                return "choose ?"
        if kind == _CHOOSING and top_seat != seat:
            return "objectives kept"
        return str(action)

    def other_scores(self) -> dict[str, float]:
        return {"alexis": float(self.alexis_score())} if self.num_seats == 1 else {}

    def winners(self) -> list[int]:
        if not self.over:
            return []
        if self.num_seats == 1:
            return [0] if self.points()[0] > self.alexis_score() else []
        returns = self.returns()
        best = max(returns)
        return [s for s in range(self.num_seats) if returns[s] == best]

    # ------------------------------------------- what people read: the reference's answers

    def view(self, seat: int | None) -> JSON:
        return self.to_python().view(seat)

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        return self.to_python().say_action(action, seat)

    def components(self) -> JSON:
        return self.to_python().components()

    def end_reason(self) -> Said | None:
        return self.to_python().end_reason()

    # the protocol's own answers, written on the protocol (State's)
    recall_says = State.recall_says
    recall_action = State.recall_action
    response_window = State.response_window


State.register(NativeSmallIslandsState)


def random_games(params: dict[str, Any], games: int, seed: int) -> int:
    """Play ``games`` random games of these (resolved) parameters from their start,
    natively (the benchmark's playouts): the decisions made in all."""
    return _native.random_games(actions_of(config_of(params)).native, games, seed)


def batch(
    params: dict[str, Any], coding: Encoding, games: int, max_steps: int | None
) -> _native.Batch | None:
    """Native games of these (resolved) parameters for ``terranova.vector``, observed in the
    compact encoding ``coding`` (:func:`encoding.compact`'s), whose figures and tables it is
    given here once; None where the game is beyond the engine's bounds."""
    config = config_of(params)
    try:
        native = actions_of(config).native
    except ValueError:
        return None
    return _native.Batch(native, figures(config, coding), games, max_steps or 0)


def observer(params: dict[str, Any], coding: Encoding) -> _native.Observer | None:
    """A writer of the observations of native states of these (resolved) parameters in
    ``coding`` (:func:`encoding.encoding`'s or :func:`encoding.compact`'s), whose figures
    and tables it is given here once; None where the game is beyond the engine's bounds."""
    config = config_of(params)
    try:
        actions = actions_of(config)
    except ValueError:
        return None
    return _native.Observer(actions, figures(config, coding))


def figures(config: Config, coding: Encoding) -> dict[str, Any]:
    """What the native engine reads to write an observation in ``coding`` (the standard
    encoding or the compact one) as :mod:`.encoding` does: the planes' places, the figures
    and scales of :class:`encoding_parts.Parts`, and tables from the engine's numbers
    (designs, squares, cards, tokens, steps) to the encoding's columns, each number the
    float32 or float64 the Python encoding uses; the compact encoding's listed kinds of
    actions, where they start among its indices, for the batch's masks."""
    params = config.params()
    parts = Parts(params)
    t, ids = config.tables, ids_of(config.tables)
    numbering = _Numbering(config)
    space = coding.actions
    names = [type(p).__name__ + p.kind.__name__ for p in space.parts]
    offsets = dict(zip(names, space.offsets, strict=True))
    sizes = dict(zip(names, (p.size for p in space.parts), strict=True))
    planes: dict[str, int] = {}
    widths: dict[str, tuple[int, ...]] = {}
    at = 0
    for plane in coding.planes:
        planes[plane.name] = at
        widths[plane.name] = plane.shape
        at += plane.size
    fixed: dict[int, int] = {}
    codes = [TAKE << KIND | d for d in range(len(t.landscape))]
    codes += [PASS_KIND << KIND, DONE_KIND << KIND]
    if not config.advanced:
        n = len(ids.objectives)
        codes += [KEEP << KIND | a << 6 | b for a in range(n) for b in range(n) if a != b]
    codes += [CHOOSE << KIND | k for k in range(len(ids.discoveries))]
    for code in codes:
        fixed[code] = space.index(numbering.action(code))
    build = next((p for p in space.parts if isinstance(p, Part) and p.kind is Build), None)
    strides = dict(zip(build.names, build.strides, strict=True)) if build is not None else {}
    design_ids = [t.ids[d] for d in range(len(t.designs))]
    order = sorted(range(len(design_ids)), key=design_ids.__getitem__)
    id_rank = [0] * len(design_ids)
    for rank, d in enumerate(order):
        id_rank[d] = rank
    faces = parts.faces[[parts.design_index[i] for i in design_ids]]
    expeditions = parts.expedition_index
    side = widths["map"][1] if "map" in widths else 0
    return {
        "whole": {
            "lists": coding.listing is not None,
            "side": side,
            "over_step": STEPS.index("over"),
            "build_at": offsets.get("PartBuild", 0),
            "face_channels": parts.face_channels,
            "token_ch": parts.token_at,
            "covered_ch": parts.covered_at,
            "house_ch": parts.house_at,
            "ship_ch": parts.ship_at,
            "place_at": offsets.get("ListedPlace", 0),
            "place_n": sizes.get("ListedPlace", 0),
            "land_at": offsets.get("ListedLand", 0),
            "land_n": sizes.get("ListedLand", 0),
            "token_at": offsets.get("ListedToken", 0),
            "token_n": sizes.get("ListedToken", 0),
            "house_at": offsets.get("ListedHouse", 0),
            "house_n": sizes.get("ListedHouse", 0),
            "houses": parts.houses,
            "laying": parts.laying,
            "n_cards": len(parts.cards),
            "n_exp": len(parts.expeditions),
            "n_land": len(parts.landscape),
            "n_tokens": len(parts.tokens),
            "placements_width": widths.get("placements", (0, 0))[1],
            "reach": parts.reach,
            "rounds": parts.rounds,
            "span": max(1, 2 * parts.reach),
            "tiles_rows": widths.get("tiles", (0, 0))[0],
            "tiles_width": widths.get("tiles", (0, 0))[1],
            "token_width": widths.get("token_spots", (0, 0))[1],
            "in_hand": IN_HAND,
            "held": HELD,
            "around": AROUND,
            "size": coding.observation_size,
            "actions": space.size,
        },
        "planes": planes,
        "scales": {
            "house": parts.house_scale,
            "score": parts.score_scale,
            "stack": float(parts.stack_scale),
            "tokens": [parts.token_scale[k] for k in TOKEN_ORDER],
            "own_tokens": [float(parts.own_tokens[k]) for k in TOKEN_ORDER],
            "resources": [float(s) for s in parts.resource_scale],
            "decks": [float(max(1, parts.decks_size[d])) for d in parts.decks],
        },
        "faces": faces.reshape(-1).tolist(),
        "id_rank": id_rank,
        "land": [parts.land_index[t.ids[d]] for d in range(len(t.landscape))],
        "xs": [x for x, _ in t.grid.xy],
        "ys": [y for _, y in t.grid.xy],
        "token_col": [parts.token_index[k] for k in ids.discoveries],
        "exp_col": [expeditions.get(e, -1) for e in ids.expeditions],
        "step_col": [
            STEPS.index(name) if name in STEPS else -1
            for name in (getattr(kind, "name", None) for kind in (*STEP_KINDS, TurnOver))
        ],
        "card_col": [[parts.card_index[k] for k in ids.deck(d)] for d in config.decks()],
        "fixed": sorted(fixed.items()),
        "build": [
            strides.get(f, 0) for f in ("mission", "reward", "later_mission", "later_reward")
        ],
    }
