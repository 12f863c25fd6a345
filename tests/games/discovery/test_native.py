"""The native engine of The Discovery (``native/discovery.hpp``) against the reference, the
Python rules: the same legal actions in the same order, the same chance outcomes and
probabilities, the same returns and the same final position, decision by decision, in
every variant; the golden playthroughs played again on it; positions converted both ways.

These tests need the native engine built (every install builds it); with
``TERRANOVA_NATIVE=0`` or without the engine they fail rather than skip: a run without it
leaves them out by their marker, ``-m "not native"`` (the module imports the engine only in
its tests)."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import terranova
from terranova.agents.registry import make_agent
from terranova.core.errors import IllegalActionError, InvalidParameterError
from terranova.core.registry import native_available
from terranova.core.state import CHANCE, State
from terranova.games.discovery import INFO, PASS, DiscoveryState, Place
from tests.conformance import batch, playthroughs

pytestmark = pytest.mark.native


def native_state() -> Any:
    """The native engine's module (imported by the tests that use it)."""
    from terranova.games.discovery import native_state as module

    return module


VARIANTS = [{}, *INFO.test_params, *(p.params for p in INFO.playthroughs)]
"""The default game, the variant combinations the conformance suite plays, and the golden
playthroughs' parameters."""


def _chosen(state: State, rng: random.Random) -> object:
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _side_by_side(params: dict[str, object], seed: int, bot: str = "random") -> int:
    """Play one game on both engines at once, the decisions ``bot``'s on the reference
    (chance drawn at random), checking that they agree at every step; returns the
    decisions made."""
    reference = terranova.make("discovery", **params)
    native = terranova.make("discovery", engine="native", **params)
    rng = random.Random(seed)
    agent = make_agent(bot, seed)
    decisions = 0
    while True:
        step = reference.ply
        assert native.current_player() == reference.current_player(), step
        assert native.returns() == reference.returns(), step
        assert native.is_terminal() == reference.is_terminal(), step
        if reference.is_terminal():
            break
        assert native.chance_outcomes() == reference.chance_outcomes(), step
        assert native.legal_actions() == reference.legal_actions(), step
        assert native.estimates() == reference.estimates(), step
        if step % 7 == 0:  # a determinization: the same draws from the same generator
            seat = step % reference.num_seats
            mine = native.resample(seat, random.Random(step))
            assert isinstance(mine, native_state().NativeDiscoveryState)
            theirs = reference.resample(seat, random.Random(step))
            assert mine.to_python().position() == theirs.position(), step
            assert mine.history() == theirs.history()
        if reference.current_player() == CHANCE:
            action = _chosen(reference, rng)
        else:
            action = agent.select(reference)
            decisions += 1
        reference.apply(action)
        native.apply(action)
    assert isinstance(native, native_state().NativeDiscoveryState)
    assert native.to_python().position() == reference.position()
    assert native.view(None) == reference.view(None)
    assert native.history() == reference.history()
    return decisions


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default"
)
def test_both_engines_agree_at_every_step(params: dict[str, object]) -> None:
    decisions = sum(_side_by_side(params, seed) for seed in range(3))
    decisions += _side_by_side(params, 3, bot="greedy")
    assert decisions > 400  # four whole games


@pytest.mark.parametrize(
    "config", [c for c in playthroughs.configs(["discovery"])], ids=lambda c: c.name
)
def test_the_golden_playthroughs_play_the_same_on_the_native_engine(
    config: playthroughs.Config,
) -> None:
    problem = playthroughs.check(config, texts=playthroughs.play(config, engine="native"))
    assert problem is None, problem


def _position(params: dict[str, object], seed: int, steps: int) -> DiscoveryState:
    state = terranova.make("discovery", **params)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(_chosen(state, rng))
    assert isinstance(state, DiscoveryState)
    return state


@settings(max_examples=40, deadline=None)
@given(
    params=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 400),
)
def test_a_position_converts_both_ways(params: dict[str, object], seed: int, steps: int) -> None:
    reference = _position(params, seed, steps)
    native = native_state().NativeDiscoveryState.from_python(reference)
    back = native.to_python()
    assert back.position() == reference.position()
    assert back.view(0) == reference.view(0)
    assert back.legal_actions() == reference.legal_actions() == native.legal_actions()
    # and both go on the same way from there
    rng = random.Random(seed)
    for _ in range(30):
        if reference.is_terminal():
            break
        action = _chosen(reference, rng)
        reference.apply(action)
        native.apply(action)
        assert native.legal_actions() == reference.legal_actions()
    assert native.to_python().position() == reference.position()


def test_a_clone_goes_its_own_way() -> None:
    native = terranova.make("discovery", engine="native")
    rng = random.Random(4)
    for _ in range(40):
        native.apply(_chosen(native, rng))
    before = (
        native.to_python().position()
        if isinstance(native, native_state().NativeDiscoveryState)
        else None
    )
    other = native.clone()
    for _ in range(40):
        other.apply(_chosen(other, rng))
    assert isinstance(native, native_state().NativeDiscoveryState)
    assert native.to_python().position() == before
    assert other.history()[:40] == native.history()


def test_an_illegal_action_is_refused_with_the_references_reason_and_nothing_changes() -> None:
    native = terranova.make("discovery", engine="native")
    reference = terranova.make("discovery")
    rng = random.Random(2)
    while native.current_player() == CHANCE:
        action = _chosen(native, rng)
        native.apply(action)
        reference.apply(action)
    assert isinstance(native, native_state().NativeDiscoveryState)
    before = native.to_python().position()
    for wrong in (PASS, Place("01", 50, 50, 0), Place("nope", 1, 0, 0), Place("01", 500, 0, 0)):
        with pytest.raises(IllegalActionError) as refused:
            native.apply(wrong)
        with pytest.raises(IllegalActionError) as also:
            reference.apply(wrong)
        assert str(refused.value) == str(also.value)
    assert native.to_python().position() == before
    assert native.history() == reference.history()


def test_sample_chance_draws_what_the_reference_draws() -> None:
    # the k-th tile of the stack in design order on both: one seed, one game
    for seed in range(3):
        reference, native = (
            terranova.make("discovery"),
            terranova.make("discovery", engine="native"),
        )
        a, b = random.Random(seed), random.Random(seed)
        while not reference.is_terminal():
            if reference.current_player() == CHANCE:
                x, y = reference.sample_chance(a), native.sample_chance(b)
            else:
                x = reference.legal_actions()[a.randrange(len(reference.legal_actions()))]
                y = native.legal_actions()[b.randrange(len(native.legal_actions()))]
            assert x == y
            reference.apply(x)
            native.apply(y)


def test_native_playouts_finish_every_game() -> None:
    game = terranova.make("discovery", players=3).game  # type: ignore[attr-defined]
    decisions, placements = native_state().random_games(game, 20, seed=7)
    # every tile of the stack is laid or discarded: at most one placement a tile, and
    # each placement is followed by one follower decision
    assert 0 < placements <= 20 * len(game.stack)
    assert decisions == 2 * placements


def test_the_engine_is_chosen_by_name() -> None:
    assert native_available("discovery")
    assert isinstance(
        terranova.make("discovery", engine="native"), native_state().NativeDiscoveryState
    )
    assert isinstance(terranova.make("discovery", engine="python"), DiscoveryState)
    with pytest.raises(InvalidParameterError, match="no engine 'fast'"):
        terranova.make("discovery", engine="fast")


def test_turned_off_the_native_engine_is_refused_and_python_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    assert not native_available("discovery")
    with pytest.raises(InvalidParameterError, match="no native engine here"):
        terranova.make("discovery", engine="native")
    assert isinstance(terranova.make("discovery"), DiscoveryState)


def test_a_game_without_a_native_engine_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from terranova.core import registry

    # every game here has one: a game registered without it, for the test
    plain = dataclasses.replace(INFO, id="discovery-plain", aliases=(), native=None)
    monkeypatch.setitem(registry._REGISTRY, plain.id, plain)
    assert not native_available("discovery-plain")
    with pytest.raises(InvalidParameterError, match="discovery-plain has no native engine"):
        terranova.make("discovery-plain", engine="native")


def _decisions(params: dict[str, object], seed: int, every: int) -> list[State]:
    """Positions of a random game where a seat decides, one in ``every``."""
    state = terranova.make("discovery", **params)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        deciding = state.current_player() != CHANCE and len(state.legal_actions()) > 1
        if deciding and rng.randrange(every) == 0:
            out.append(state.clone())
        state.apply(_chosen(state, rng))
    return out


@pytest.mark.parametrize("bot", ["mcts:iterations=120", "ismcts:iterations=120"])
@pytest.mark.parametrize(
    "params",
    [{}, {"players": 3, "hand": 2, "hand_visibility": "private"}],
    ids=["default", "private"],
)
def test_the_search_bots_search_natively_and_choose_the_same(
    bot: str, params: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    import terranova.agents.ismcts
    import terranova.agents.mcts

    searched: list[str] = []
    for module in (terranova.agents.mcts, terranova.agents.ismcts):
        real = module.to_native

        def spy(state: State, real: object = real) -> State:
            native = real(state)  # type: ignore[operator]
            searched.append(getattr(native, "engine", "python"))
            return native

        monkeypatch.setattr(module, "to_native", spy)
    for position in _decisions(params, seed=11, every=25)[:4]:
        picks = []
        for on in ("0", "1"):
            monkeypatch.setenv("TERRANOVA_NATIVE", on)
            agent = make_agent(bot, 5)
            picks.append((agent.select(position.clone()), agent.last_choices))
        assert picks[0] == picks[1]
    assert searched and searched[::2] == ["python"] * (len(searched) // 2)
    assert searched[1::2] == ["native"] * (len(searched) // 2)


def _record(**changes: object) -> tuple[Any, dict[str, Any], list[Any]]:
    """A position record from the middle of a game, with ``changes``."""
    reference = _position({"players": 3, "hand": 2}, seed=5, steps=60)
    record = {**reference.position(), **changes}
    return reference, record, reference.history()


@pytest.mark.parametrize(
    "changes",
    [
        {"tiles": [(10**8, 0, 0)]},  # a square off the table
        {"tiles": [(0, 0, 0)]},
        {"just": (0, 0, 10**6)},  # a tile just placed that is not there
        {"step": 9},
        {"step_seat": 100},
        {"to_move": -1},
        {"followers": [(10**5, 0)]},
        {"followers": [(0, 7)]},
        {"hands": [[0, 0, 0, 0], [], []]},  # more tiles than a hand holds
        {"hands": [[300], [], []]},
        {"bag": [0]},
        {"supply": [9, 4, 4]},
    ],
    ids=lambda c: next(iter(c)),
)
def test_a_record_out_of_bounds_is_refused_by_name(changes: dict[str, object]) -> None:
    native = native_state()
    reference, record, history = _record(**changes)
    actions = native.actions_of(reference.game)
    with pytest.raises(ValueError, match="a record's"):
        native.NativeDiscoveryState.restore(native.NativeDiscoveryState, actions, record, history)


def test_restore_makes_only_a_state() -> None:
    native = native_state()
    reference, record, history = _record()
    actions = native.actions_of(reference.game)
    game_type = type(actions.native)
    with pytest.raises(TypeError, match="restore makes a Play"):
        native.NativeDiscoveryState.restore(game_type, actions, record, history)


def test_the_record_at_the_end_is_the_references() -> None:
    for params in VARIANTS[:4]:
        reference = _position(params, seed=96, steps=10**4)
        assert reference.is_terminal()
        native = native_state().NativeDiscoveryState.from_python(reference)
        assert native.record() == reference.position()


def test_a_generator_out_of_range_is_refused() -> None:
    class Wrong(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 10**6

    native = terranova.make("discovery", engine="native")
    with pytest.raises(ValueError, match="out of range"):
        native.sample_chance(Wrong())


def test_a_play_out_leaves_the_state_as_it_was() -> None:
    native = terranova.make("discovery", engine="native", players=3)
    before = native.to_python().position()  # type: ignore[attr-defined]
    decisions, placements, returns = native.play_out(3)  # type: ignore[attr-defined]
    assert decisions == 2 * placements > 0 and len(returns) == 3
    assert native.to_python().position() == before  # type: ignore[attr-defined]


def _tables(game: Any, designs: int = 0, cities: int = -1) -> list[Any]:
    """The native game's arguments for ``game`` (native_state.native_game's), with the
    designs repeated up to ``designs`` and every region given ``cities`` port cities."""
    t = game.tiles
    n = max(designs, len(t.ids))
    again = [d % len(t.ids) for d in range(n)]
    counts = [game.stack.count(d % len(t.ids)) for d in range(n)]

    def region_cities(d: int) -> list[int]:
        return list(t.cities[d]) if cities < 0 else [cities] * len(t.cities[d])

    return [
        game.players,
        game.hand,
        game.set_aside,
        game.tileset.start,
        counts,
        [list(t.terrains[d]) for d in again],
        [list(t.edge_counts[d]) for d in again],
        [region_cities(d) for d in again],
        [[list(near) for near in t.grassland_touches[d]] for d in again],
        [[list(r) for r in t.edge_region[d]] for d in again],
        [[list(r) for r in t.board.adds[d]] for d in again],
        [bytes(t.board.masks[d][code] for code in range(257)) for d in again],
        bytes(native_state().GRID.cells),
        native_state().GRID.stride,
        native_state().ORIGIN,
    ]


def test_the_engine_refuses_tables_beyond_its_numbers() -> None:
    from terranova.games.discovery import _native

    game = terranova.make("discovery").game  # type: ignore[attr-defined]
    _native.Game(*_tables(game))  # the built-in set fits
    with pytest.raises(ValueError, match="1 to 256 designs"):
        _native.Game(*_tables(game, designs=300))
    with pytest.raises(ValueError, match="too many port cities"):
        _native.Game(*_tables(game, cities=200))


def test_a_game_beyond_the_engines_numbers_is_played_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terranova.core.registry import to_native

    native = native_state()

    def refused(game: Any) -> Any:
        raise ValueError("1 to 256 designs for the native engine")

    monkeypatch.setattr(native, "native_game", refused)
    native.actions_of.cache_clear()
    try:
        with pytest.raises(InvalidParameterError, match="cannot play this game"):
            terranova.make("discovery", engine="native")
        state = terranova.make("discovery")
        assert to_native(state) is state  # searched on the Python engine
    finally:
        native.actions_of.cache_clear()


@pytest.mark.parametrize(
    ("params", "max_steps"),
    [
        ({}, None),
        ({"players": 3, "hand": 2, "hand_visibility": "private"}, None),
        ({"players": 5, "hand": 2, "equal_turns": "exact"}, None),
        ({"players": 2}, 37),
    ],
    ids=["default", "private", "five", "truncated"],
)
def test_many_games_at_once_play_and_observe_natively_as_in_python(
    params: dict[str, object], max_steps: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terranova import vector

    def made() -> Any:
        return vector.make(
            "discovery",
            num_envs=4,
            seed=3,
            encoding="compact",
            reward="margin",
            max_steps=max_steps,
            **params,
        )

    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    python = made()
    monkeypatch.setenv("TERRANOVA_NATIVE", "1")
    native = made()
    assert python.tables and not native.tables  # played natively: no table a game
    rng = random.Random(3)
    ended, cut = batch.plays_alike(python, native, 260, lambda legal: rng.choice(legal))
    assert ended + cut >= 4  # games ended (or were cut) and started again on both


def test_an_illegal_index_in_many_games_is_refused_and_none_played() -> None:
    from terranova import vector
    from terranova.interop.table import IllegalIndexError

    games = vector.make("discovery", num_envs=3, seed=1, encoding="compact")
    step = games.reset()
    before, legal = step.observation.copy(), games.legal_actions()
    chosen = games.first_legal()
    chosen[1] = int(np.flatnonzero(step.action_mask[1] == 0)[0])
    with pytest.raises(IllegalIndexError, match="game 1: action index"):
        games.step(chosen)
    assert np.array_equal(step.observation, before)
    assert games.legal_actions() == legal


def tile_file(name: str, *designs: tuple[str, int, str]) -> str:
    """A tile file: the start tile (a grassland), then each design as (id, count, its
    regions and other fields in TOML)."""
    out = [f'[meta]\nname = "{name}"\nstart = "start"\n']
    for design, count, fields in (("start", 1, GRASSLAND), *designs):
        out.append(f'[[design]]\nid = "{design}"\ncount = {count}\n{fields}')
    return "\n".join(out)


GRASSLAND = 'regions = [ { terrain = "grassland", edges = "NESW" } ]\n'
PORT = """regions = [ { terrain = "grassland", edges = "NES" }, { terrain = "sea", edges = "W" } ]
touches = [[0, 1]]
cities = [[0, 1]]
"""
MOUNTAIN = 'regions = [ { terrain = "mountain", edges = "NESW" } ]\n'
SEA = 'regions = [ { terrain = "sea", edges = "NESW" } ]\n'

TINY = tile_file("tiny set", ("g2", 4, PORT))
"""A stack of 4 tiles: with 5 players and 2 tiles a hand, the deal runs out of tiles."""

DEAD = tile_file("dead set", ("m", 4, MOUNTAIN))
"""No tile fits the start tile: the game ends while its hands are dealt."""

SWAPS = tile_file("few fits", ("g2", 6, PORT), ("m", 8, MOUNTAIN), ("s", 3, SEA))
"""Tiles that fit few squares: a hand redrawn often holds one that fits nowhere."""


def test_a_deal_that_runs_out_of_tiles_converts_both_ways(tmp_path: Any) -> None:
    tiles = tmp_path / "tiny.toml"
    tiles.write_text(TINY, encoding="utf-8")
    params = {"players": 5, "hand": 2, "tileset": str(tiles)}
    for seed in range(4):
        reference = _position(params, seed, steps=3)
        native = native_state().NativeDiscoveryState.from_python(reference)
        assert native.to_python().position() == reference.position()
        assert _side_by_side(params, seed) >= 0


def test_many_games_of_a_set_that_ends_before_a_decision_are_refused(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terranova import vector

    tiles = tmp_path / "dead.toml"
    tiles.write_text(DEAD, encoding="utf-8")
    for on in ("0", "1"):
        monkeypatch.setenv("TERRANOVA_NATIVE", on)
        games = vector.make("discovery", num_envs=2, encoding="compact", tileset=str(tiles))
        assert games.legal_actions() == [[], []]  # not reset yet: chance is to move
        with pytest.raises(ValueError, match=r"seat -2 is not one|ends before any seat decides"):
            games.reset()


def test_a_generator_giving_back_other_tiles_is_refused(tmp_path: Any) -> None:
    class Lossy(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            del x[1:]

    class Wide(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 10**6

    state = _position({"players": 3, "hand": 2, "hand_visibility": "private"}, 1, 40)
    native = native_state().NativeDiscoveryState.from_python(state)
    with pytest.raises(ValueError, match="shuffle lost tiles"):
        native.resample(0, Lossy(1))
    # a redraw that gives the seat to move an unplaceable tile swaps it: randrange is asked
    # (often with this set, whose mountains and seas fit few squares)
    tiles = tmp_path / "swaps.toml"
    tiles.write_text(SWAPS, encoding="utf-8")
    params = {"players": 3, "hand": 2, "hand_visibility": "private", "tileset": str(tiles)}
    refused = 0
    reference = terranova.make("discovery", **params)
    rng = random.Random(0)
    while not reference.is_terminal():
        if reference.current_player() >= 0:
            position = native_state().NativeDiscoveryState.from_python(reference)
            for seat in range(3):
                try:
                    position.resample(seat, Wide(seat))
                except ValueError as error:
                    assert "out of range" in str(error)
                    refused += 1
        reference.apply(_chosen(reference, rng))
    assert refused


def test_the_batchs_arrays_are_checked() -> None:
    from terranova import vector

    games = vector.make("discovery", num_envs=2, seed=1, encoding="compact")
    batch = games._native
    step = games._step
    rngs = [random.Random(1), random.Random(2)]
    with pytest.raises(ValueError, match="no games yet"):
        batch.first_illegal(np.zeros(2, np.int64))
    with pytest.raises(ValueError, match="of the encoding's sizes"):
        batch.reset(rngs, step.observation[:1], step.action_mask, step.current_player)
    with pytest.raises(TypeError):  # a float64 copy would be written and lost
        batch.reset(
            rngs, step.observation.astype(np.float64), step.action_mask, step.current_player
        )


def test_a_redraw_keeps_every_tile_once_on_both_engines(tmp_path: Any) -> None:
    """A determinization deals what a seat cannot see again: the tiles in hands and in the
    stack are the same tiles as before, on both engines, and the same on each; with this
    set the seat to move's true hand is often the only one it could hold (kept, the others
    dealt again from the rest)."""
    tiles = tmp_path / "swaps.toml"
    tiles.write_text(SWAPS, encoding="utf-8")
    params = {"players": 3, "hand": 2, "hand_visibility": "private", "tileset": str(tiles)}
    reference = terranova.make("discovery", **params)
    rng = random.Random(1)

    def tiles_of(position: dict[str, Any]) -> list[int]:
        held = [d for hand in position["hands"] for d in hand]
        return sorted(held + [d for d, count in enumerate(position["bag"]) for _ in range(count)])

    redraws = 0
    while not reference.is_terminal():
        if reference.current_player() >= 0:
            native = native_state().NativeDiscoveryState.from_python(reference)
            truth = tiles_of(reference.position())
            for seat in range(3):
                ours = reference.resample(seat, random.Random(seat)).position()
                assert tiles_of(ours) == truth
                assert native.resample(seat, random.Random(seat)).to_python().position() == ours
                redraws += 1
        reference.apply(_chosen(reference, rng))
    assert redraws > 20


SEARCHES = [
    "mcts:iterations=150",
    "mcts:iterations=120,depth=8,c=0.3",
    "mcts:iterations=25,depth=-1",
    "ismcts:iterations=150",
    "ismcts:iterations=100,depth=4",
]


def _searched(
    spec: str, position: State, monkeypatch: pytest.MonkeyPatch, way: str, first: bool
) -> tuple[object, ...]:
    """Two decisions of ``spec`` from ``position``: on the Python engine (``python``), on
    the native engine with the Python tree (``tree in python``), or searched natively."""
    monkeypatch.setenv("TERRANOVA_NATIVE", "0" if way == "python" else "1")
    with monkeypatch.context() as patched:
        if way == "tree in python":
            cls = native_state().NativeDiscoveryState
            patched.delattr(cls, "search_tree")
            patched.delattr(cls, "info_set_tree")
        agent = make_agent(spec, 3)
        if first:
            agent.try_first = position.legal_actions()[-1]
        moves = [agent.select(position.clone()) for _ in range(2)]
        return (moves, agent.last_choices, agent.last_nodes, agent._rng.getstate())


@pytest.mark.parametrize("spec", SEARCHES)
@pytest.mark.parametrize(
    "params",
    [{}, {"players": 3, "hand": 2, "hand_visibility": "private"}, {"players": 4}],
    ids=["default", "private", "four"],
)
def test_the_native_searches_grow_the_python_searches_trees(
    spec: str, params: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same moves, the same counts and values of every move weighed, the same nodes,
    and the generator left in the same state, as the Python search on either engine."""
    grown: list[str] = []
    cls = native_state().NativeDiscoveryState
    for name in ("search_tree", "info_set_tree"):
        real = getattr(cls, name)

        def spy(self: Any, *args: Any, real: Any = real, name: str = name) -> Any:
            grown.append(name)
            return real(self, *args)

        monkeypatch.setattr(cls, name, spy)
    first = spec.startswith("ismcts")
    for position in _decisions(params, seed=17, every=20)[:3]:
        ways = [
            _searched(spec, position, monkeypatch, way, first)
            for way in ("native", "tree in python", "python")
        ]
        assert ways[0] == ways[1] == ways[2]
    assert grown == ["info_set_tree" if first else "search_tree"] * 6


def test_a_generator_of_another_kind_is_searched_in_python() -> None:
    """A generator that is not Python's own (a subclass may draw otherwise) keeps the search
    in Python: its draws go through the subclass."""

    class Counting(random.Random):
        calls = 0

        def random(self) -> float:
            Counting.calls += 1
            return super().random()

    position = _decisions({}, seed=5, every=10)[0]
    agent = make_agent("mcts:iterations=50", 1)
    agent._rng = Counting(1)
    assert agent.select(position) in position.legal_actions()
    assert Counting.calls > 0


def test_a_native_search_refuses_what_it_cannot_search() -> None:
    module = native_state()
    state = terranova.make("discovery", engine="native")
    rng = random.Random(1)
    with pytest.raises(ValueError, match="no seat to move"):
        module._native.Tree(state, rng, 0.7, 0, 1.0)  # the first draw: chance
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    for c, depth, scale in [(-1.0, 0, 1.0), (0.7, -2, 1.0), (0.7, 0, 0.0), (0.7, 0, math.nan)]:
        with pytest.raises(ValueError, match="finite scale"):
            module._native.Tree(state, rng, c, depth, scale)
    tree = module._native.Tree(state, rng, 0.7, 0, 1.0)
    assert tree.iterate() == 1
    with pytest.raises(IndexError):
        tree.best(2)
    for odd in (_Odd(), _Junk()):
        with pytest.raises(ValueError, match="Mersenne"):
            module._native.Tree(state, odd, 0.7, 0, 1.0)
    info = module._native.InfoTree(state, rng, 0.7, 0, 1.0, False, PASS)  # not a move here
    assert info.iterate() >= 1
    assert info.weighed(0, [PASS, *state.legal_actions()[:1]])[0] == (0, 0.0)


class _Odd(random.Random):
    def getstate(self) -> Any:
        return (2, (), None)


class _Junk(random.Random):
    def getstate(self) -> Any:
        return "junk"


@pytest.mark.parametrize(
    "settings", [{"c": math.inf}, {"scale": math.nan}, {"depth": 1 << 31}], ids=str
)
def test_settings_beyond_a_native_search_are_searched_in_python(
    settings: dict[str, float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the bot takes and a native search does not (an infinite ``c``, a ``scale`` not a
    number, a depth beyond 32 bits) is searched in Python, as on the Python engine."""
    from terranova.agents.mcts import MctsAgent

    position = _decisions({}, seed=5, every=10)[0]
    moves = []
    for on in ("0", "1"):
        monkeypatch.setenv("TERRANOVA_NATIVE", on)
        agent = MctsAgent(seed=1, iterations=30, **settings)
        moves.append((agent.select(position.clone()), agent.last_nodes))
    assert moves[0] == moves[1]
