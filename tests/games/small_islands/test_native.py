"""The native engine of Small Islands (``native/small_islands.hpp``) against the reference,
the Python rules: the same legal actions in the same order, the same chance outcomes and
probabilities, the same returns, estimates and determinizations, and the same final
position, step by step, in every variant; the golden playthroughs played again on it;
positions converted both ways.

These tests need the native engine built (every install builds it); with
``TERRANOVA_NATIVE=0`` or without the engine they fail rather than skip: a run without it
leaves them out by their marker, ``-m "not native"`` (the module imports the engine only in
its tests)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import terranova
from terranova.agents.registry import make_agent
from terranova.core.errors import IllegalActionError, InvalidParameterError
from terranova.core.state import CHANCE, State
from terranova.games.small_islands import INFO, SmallIslandsState
from terranova.games.small_islands.actions import DONE, PASS, Land, Place, Take, Token
from tests.conformance import batch, playthroughs, walk

pytestmark = pytest.mark.native

GAME = "small-islands"


def native_state() -> Any:
    """The native engine's module (imported by the tests that use it)."""
    from terranova.games.small_islands import native_state as module

    return module


VARIANTS = [{}, {"players": 1}, *INFO.test_params, *(p.params for p in INFO.playthroughs)]
"""The default game, the solo game, the variant combinations the conformance suite plays,
and the golden playthroughs' parameters."""


def _chosen(state: State, rng: random.Random) -> Any:
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _side_by_side(params: dict[str, Any], seed: int, bot: str = "random") -> int:
    """Play one game on both engines at once, the decisions ``bot``'s on the reference
    (chance sampled by each engine from generators alike), checking that they agree at
    every step; returns the decisions made."""
    reference = terranova.make(GAME, **params)
    native = terranova.make(GAME, engine="native", **params)
    assert isinstance(native, native_state().NativeSmallIslandsState)
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
        assert native.decisions_public() == reference.decisions_public(), step
        if step % 5 == 0:  # a determinization: the same draws from the same generator
            seat = step % reference.num_seats
            mine = native.resample(seat, random.Random(step))
            theirs = reference.resample(seat, random.Random(step))
            assert mine.position() == theirs.position(), step
            assert mine.legal_actions() == theirs.legal_actions(), step
            assert mine.history() == theirs.history() == []
        if step % 11 == 0:
            assert native.position() == reference.position(), step
        if reference.current_player() == CHANCE:
            state = rng.getstate()
            action = reference.sample_chance(rng)
            rng.setstate(state)
            assert native.sample_chance(rng) == action, step
        else:
            action = agent.select(reference)
            decisions += 1
        for seat in range(reference.num_seats):
            assert native.describe_action(action, seat) == reference.describe_action(action, seat)
        reference.apply(action)
        native.apply(action)
    assert native.position() == reference.position()
    assert native.to_python().position() == reference.position()
    assert native.view(None) == reference.view(None)
    assert native.view(0) == reference.view(0)
    assert native.points() == reference.points()
    assert native.winners() == reference.winners()
    assert native.other_scores() == reference.other_scores()
    assert native.end_reason() == reference.end_reason()
    assert native.history() == reference.history()
    return decisions


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default"
)
def test_both_engines_agree_at_every_step(params: dict[str, Any]) -> None:
    decisions = sum(_side_by_side(params, seed) for seed in range(4))
    decisions += _side_by_side(params, 4, bot="greedy")
    assert decisions > 200  # five whole games


@pytest.mark.parametrize("config", list(playthroughs.configs([GAME])), ids=lambda c: c.name)
def test_the_golden_playthroughs_play_the_same_on_the_native_engine(
    config: playthroughs.Config,
) -> None:
    problem = playthroughs.check(config, texts=playthroughs.play(config, engine="native"))
    assert problem is None, problem


def _position(params: dict[str, Any], seed: int, steps: int) -> SmallIslandsState:
    state = terranova.make(GAME, **params)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(_chosen(state, rng))
    assert isinstance(state, SmallIslandsState)
    return state


@settings(max_examples=25, deadline=None)
@given(
    params=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 260),
)
def test_a_position_converts_both_ways(params: dict[str, Any], seed: int, steps: int) -> None:
    reference = _position(params, seed, steps)
    native = native_state().NativeSmallIslandsState.from_python(reference)
    back = native.to_python()
    assert back.position() == reference.position()
    assert back.view(0) == reference.view(0)
    assert back.legal_actions() == reference.legal_actions() == native.legal_actions()
    # and all three go on the same way from there
    rng = random.Random(seed)
    for _ in range(30):
        if reference.is_terminal():
            break
        action = _chosen(reference, rng)
        for state in (reference, native, back):
            state.apply(action)
        assert native.legal_actions() == reference.legal_actions() == back.legal_actions()
        assert native.returns() == reference.returns() == back.returns()
    assert native.position() == reference.position() == back.position()


def test_a_clone_goes_its_own_way() -> None:
    native = terranova.make(GAME, engine="native")
    rng = random.Random(4)
    for _ in range(40):
        native.apply(_chosen(native, rng))
    before = native.position()  # type: ignore[attr-defined]
    other = native.clone()
    for _ in range(40):
        other.apply(_chosen(other, rng))
    assert native.position() == before  # type: ignore[attr-defined]
    assert other.history()[:40] == native.history()


def test_an_illegal_action_is_refused_with_the_references_reason_and_nothing_changes() -> None:
    native = terranova.make(GAME, engine="native")
    reference = terranova.make(GAME)
    rng = random.Random(2)
    for _ in range(30):
        action = _chosen(reference, rng)
        native.apply(action)
        reference.apply(action)
    before = native.position()  # type: ignore[attr-defined]
    wrongs = (PASS, DONE, Place("L01", 50, 50, 0), Place("nope", 1, 0, 0), Take("L99"),
              Land("own", 900, 0), Token("port", 0, 0), Token("gold", 0, 0))  # fmt: skip
    for wrong in wrongs:
        if wrong in reference.legal_actions():
            continue
        with pytest.raises(IllegalActionError) as refused:
            native.apply(wrong)
        with pytest.raises(IllegalActionError) as also:
            reference.apply(wrong)
        assert str(refused.value) == str(also.value)
    assert native.position() == before  # type: ignore[attr-defined]
    assert native.history() == reference.history()


def test_the_engine_is_chosen_by_name_and_turned_off_python_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert terranova.make(GAME, engine="native").engine == "native"  # type: ignore[attr-defined]
    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    with pytest.raises(InvalidParameterError, match="no native engine here"):
        terranova.make(GAME, engine="native")
    assert isinstance(terranova.make(GAME), SmallIslandsState)


def test_bad_parameters_are_refused_as_the_reference_refuses_them() -> None:
    for params in ({"players": 5}, {"mode": "hard"}, {"alexis": 7}):
        with pytest.raises(InvalidParameterError):
            terranova.make(GAME, **params)
        with pytest.raises(InvalidParameterError):
            terranova.make(GAME, engine="native", **params)


def test_a_game_beyond_the_engines_bounds_is_refused_by_name_and_searched_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terranova.core.registry import to_native

    native = native_state()
    tables = _tables(native, native.config_of(terranova.make(GAME).params()))
    with pytest.raises(ValueError, match="a tile count"):
        native._native.Game({**tables, "pool": [2000] * len(tables["pool"])})
    with pytest.raises(ValueError, match="too many tiles"):
        native._native.Game({**tables, "pool": [40] * len(tables["pool"])})
    with pytest.raises(ValueError, match="1 to 4 players"):
        native._native.Game({**tables, "players": 5})

    monkeypatch.setattr(native, "native_game", _refused)
    native.actions_of.cache_clear()
    try:
        with pytest.raises(InvalidParameterError, match="cannot play this game"):
            terranova.make(GAME, engine="native", players=3)
        reference = terranova.make(GAME, players=3)
        assert to_native(reference) is reference  # the search stays in Python
    finally:
        native.actions_of.cache_clear()


def _refused(config: Any) -> Any:
    """A configuration's tables, refused as beyond the engine's bounds."""
    raise ValueError("too many tiles for the native engine")


def _tables(native: Any, config: Any) -> dict[str, Any]:
    """The dict of tables native_game gives the engine."""
    given: list[dict[str, Any]] = []

    class Keep:
        def __init__(self, table: dict[str, Any]) -> None:
            given.append(table)

    real = native._native.Game
    native._native.Game = Keep
    try:
        native.native_game(config)
    finally:
        native._native.Game = real
    return given[0]


def _record(**changes: Any) -> tuple[Any, dict[str, Any], list[Any]]:
    """A position record from the middle of a game, with ``changes``."""
    reference = _position({"players": 3}, seed=5, steps=90)
    record = {**reference.position(), **changes}
    return reference, record, reference.history()


@pytest.mark.parametrize(
    "changes",
    [
        {"tiles": [(10**6, 0, 0)]},  # a square off the table
        {"tiles": [(0, 0, 0)]},
        {"tiles": [(3485, 500, 0)]},
        {"agenda": [(99, 0, 0, 0)]},
        {"agenda": [(5, 9, 0, 0)]},
        {"agenda": []},
        {"agenda": [(9, 0, 0, 0)]},  # a step that waits on nothing
        {"hands": [[0, 0, 0, 0, 0, 0, 0, 0, 0], [], []]},
        {"hands": [[300], [], []]},
        {"pool": [0]},
        {"supply": [99, 4, 4]},
        {"decks": [[70]]},
        {"houses_at": [(1, 0)]},
        {"ended": 9},
    ],
    ids=lambda c: f"{next(iter(c))}-{str(next(iter(c.values())))[:12]}",
)
def test_a_record_out_of_bounds_is_refused_by_name(changes: dict[str, Any]) -> None:
    native = native_state()
    reference, record, history = _record(**changes)
    actions = native.actions_of(native.config_of(reference.params()))
    cls = native.NativeSmallIslandsState
    with pytest.raises(ValueError, match="a record's"):
        cls.restore(cls, actions, record, history)


def _beyond(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Records the engine's arrays could not play on from: each would have written past
    one of them (hands, row, tokens, houses, ships, agenda, the board) or read past the
    starting tiles."""
    tile = record["tiles"][0][0]
    turn = [*record["agenda"][:-1], (5, 0, 0, 0)]  # the first seat's turn
    return [
        {"hands": [[0] * 7, [], []], "agenda": turn},
        {"row": [0] * 7, "agenda": [*turn, *[(1, 0, 0, 0)] * 2]},
        {"tokens_at": [(tile, 0, 0, 0)] * 64},
        {"houses_at": [(tile, 0)] * 60},
        {"ships": [(tile, -1)] * 8},
        {"ships": [(tile, 0), (tile, 0)]},
        {"agenda": [*[(18, 1, 0, 0)] * 40, *record["agenda"]]},
        {"agenda": [(0, 0, 255, 0)]},
        {"revealed": [(0, []), (0, [])]},
        {"tiles": [*record["tiles"], (record["tiles"][-1][0] + 40, 1, 0)]},
    ]


def test_a_record_beyond_the_engines_arrays_is_refused_by_name() -> None:
    native = native_state()
    reference, record, history = _record()
    actions = native.actions_of(native.config_of(reference.params()))
    cls = native.NativeSmallIslandsState
    for changes in _beyond(record):
        with pytest.raises(ValueError, match="a record's"):
            cls.restore(cls, actions, {**record, **changes}, history)


def test_a_record_waiting_on_nothing_is_refused_rather_than_crashing() -> None:
    native = native_state()
    reference = terranova.make(GAME, players=2)
    actions = native.actions_of(native.config_of(reference.params()))
    cls = native.NativeSmallIslandsState
    record = reference.position()  # type: ignore[attr-defined]
    stuck = [
        {"agenda": [*record["agenda"], (3, 0, 0, 0)], "decks": [[]]},  # a draw from no card
        {"agenda": [*record["agenda"], (4, 0, 0, 0)]},  # a choice with no card held
    ]
    for changes in stuck:
        with pytest.raises(ValueError, match="waiting on nothing"):
            cls.restore(cls, actions, {**record, **changes}, [])


def test_a_malformed_record_is_refused_by_a_clear_error() -> None:
    native = native_state()
    reference, record, history = _record()
    actions = native.actions_of(native.config_of(reference.params()))
    cls = native.NativeSmallIslandsState
    del record["pool"]
    with pytest.raises(ValueError, match="no pool in the record"):
        cls.restore(cls, actions, record, history)
    with pytest.raises(TypeError, match="tiles: not the numbers a record holds"):
        cls.restore(cls, actions, {**reference.position(), "tiles": "nonsense"}, history)
    with pytest.raises(TypeError, match="restore makes a Play"):
        cls.restore(type(actions.native), actions, reference.position(), history)


def test_the_record_at_the_end_is_the_references() -> None:
    for params in VARIANTS[:4]:
        reference = _position(params, seed=96, steps=10**4)
        assert reference.is_terminal()
        native = native_state().NativeSmallIslandsState.from_python(reference)
        assert native.position() == reference.position()
        assert native.returns() == reference.returns()


def test_native_playouts_finish_every_game() -> None:
    for params in VARIANTS[:5]:
        resolved = terranova.make(GAME, **params).params()
        assert native_state().random_games(resolved, 20, seed=3) > 20 * 20
    native = terranova.make(GAME, engine="native", players=3)
    decisions, returns = native.play_out(7)  # type: ignore[attr-defined]
    assert decisions > 20 and len(returns) == 3
    assert native.ply == 0 and not native.is_terminal()  # left as it was


def test_a_generator_giving_back_other_items_is_refused() -> None:
    class Wrong(random.Random):
        def randrange(self, *args: Any, **kwargs: Any) -> int:
            return 10**6

        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            if x:
                x[0] = -1

    native = terranova.make(GAME, engine="native")
    while native.current_player() != CHANCE:  # the starting tiles
        native.apply(native.legal_actions()[0])
    with pytest.raises(ValueError, match="out of range"):
        native.sample_chance(Wrong())
    with pytest.raises(ValueError, match="shuffle"):
        native.resample(1, Wrong())


def _decisions(params: dict[str, Any], seed: int, every: int) -> list[State]:
    state = terranova.make(GAME, **params)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        deciding = state.current_player() != CHANCE and len(state.legal_actions()) > 1
        if deciding and rng.randrange(every) == 0:
            out.append(state.clone())
        state.apply(_chosen(state, rng))
    return out


@pytest.mark.parametrize("bot", ["mcts:iterations=60", "ismcts:iterations=60"])
@pytest.mark.parametrize("params", [{}, {"players": 1}], ids=["default", "solo"])
def test_the_search_bots_search_natively_and_choose_the_same(
    bot: str, params: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import terranova.agents.ismcts
    import terranova.agents.mcts

    searched: list[str] = []
    for module in (terranova.agents.mcts, terranova.agents.ismcts):
        real = module.to_native

        def spy(state: State, real: Any = real) -> State:
            native = real(state)
            searched.append(getattr(native, "engine", "python"))
            return native  # type: ignore[no-any-return]

        monkeypatch.setattr(module, "to_native", spy)
    for position in _decisions(params, seed=11, every=30)[:2]:
        picks = []
        for on in ("0", "1"):
            monkeypatch.setenv("TERRANOVA_NATIVE", on)
            agent = make_agent(bot, 5)
            picks.append((agent.select(position.clone()), agent.last_choices))
        assert picks[0] == picks[1]
    assert searched and searched[::2] == ["python"] * (len(searched) // 2)
    assert searched[1::2] == ["native"] * (len(searched) // 2)


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default"
)
def test_the_native_greedy_policy_chooses_as_the_reference_with_the_same_draws(
    params: dict[str, Any],
) -> None:
    from terranova.games.small_islands import bots

    decisions = 0
    for seed in range(3):
        reference = _position(params, seed, 0)
        native = native_state().NativeSmallIslandsState.from_python(reference)
        made, _ties = walk.greedy_alike(reference, native, bots.reference_greedy, bots.greedy, seed)
        decisions += made
    assert decisions > 150


def _vector(params: dict[str, Any], max_steps: int | None, native: bool, monkeypatch: Any) -> Any:
    """Four games of ``terranova.vector`` in the compact encoding, on the native engine's
    batch or on the Python engines."""
    from terranova import vector

    monkeypatch.setenv("TERRANOVA_NATIVE", "1" if native else "0")
    games = vector.make(GAME, num_envs=4, seed=5, encoding="compact", max_steps=max_steps, **params)
    assert bool(games.tables) != native  # played natively: no table a game
    return games


@pytest.mark.parametrize(
    ("params", "max_steps", "steps"),
    [
        *((p, None, 700) for p in INFO.test_params),
        ({}, 45, 200),  # cut at 45 decisions, and started again
    ],
    ids=["solo-alexis", "three-advanced-cover", "four-ordered", "truncated"],
)
def test_many_games_at_once_play_and_observe_natively_as_in_python(
    params: dict[str, Any], max_steps: int | None, steps: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    python = _vector(params, max_steps, False, monkeypatch)
    native = _vector(params, max_steps, True, monkeypatch)
    rng = random.Random(7)
    ended, cut = batch.plays_alike(python, native, steps, lambda legal: rng.choice(legal))
    if max_steps is None:
        assert ended >= 4  # whole games ended and started again on both
    else:
        assert cut >= 4


def test_an_illegal_index_in_many_games_is_refused_and_none_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = _vector({"players": 3}, None, True, monkeypatch)
    batch.refuses_an_illegal_index(games, 2)


def test_the_batchs_arrays_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    batch.checks_its_arrays(_vector({}, None, True, monkeypatch))


def test_a_batch_is_native_in_the_compact_encoding_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from terranova import vector

    monkeypatch.setenv("TERRANOVA_NATIVE", "1")
    assert vector.make(GAME, num_envs=2, encoding="compact")._native is not None
    assert vector.make(GAME, num_envs=2)._native is None  # the standard encoding: Python
    with pytest.raises(ValueError, match="tables"):  # tables not of the engine's numbers
        native_state()._native.Batch(
            native_state().actions_of(native_state().config_of(INFO.resolve({}))).native,
            {**_figures(), "id_rank": [0]},
            2,
            0,
        )


def test_a_batch_beyond_the_engines_bounds_is_played_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terranova import vector

    native = native_state()

    monkeypatch.setenv("TERRANOVA_NATIVE", "1")
    monkeypatch.setattr(native, "native_game", _refused)
    native.actions_of.cache_clear()
    try:
        games = vector.make(GAME, num_envs=2, encoding="compact", players=3)
        assert games._native is None and len(games.tables) == 2
        assert games.reset().action_mask.any(axis=1).all()
    finally:
        native.actions_of.cache_clear()


def _figures() -> dict[str, Any]:
    from terranova.games.small_islands.encoding import compact

    module = native_state()
    params = INFO.resolve({})
    return dict(module.figures(module.config_of(params), compact(params)))
