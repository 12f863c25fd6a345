"""The native engine of Discovery (evolution) (``native/evolution.hpp``) against the
reference, the Python rules, for both games, Explore and Bluff: the same legal actions in
the same order, the same chance outcomes and probabilities, the same draws, returns,
estimates and determinizations, and the same position, step by step, in every variant; the
golden playthroughs played again on it; positions converted both ways.

These tests need the native engine built (every install builds it); with
``TERRANOVA_NATIVE=0`` or without the engine they fail rather than skip: a run without it
leaves them out by their marker, ``-m "not native"`` (the module imports the engine only in
its tests)."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import terranova
from terranova.agents.registry import make_agent
from terranova.core.errors import IllegalActionError, InvalidParameterError
from terranova.core.state import CHANCE, State
from terranova.games.evolution import BLUFF_INFO, EXPLORE_INFO, EvolutionState
from terranova.games.evolution.actions import (
    END,
    PASS,
    STOP,
    Call,
    Discard,
    Give,
    PlaceDiscard,
    PlaceHand,
    Steal,
)
from tests.conformance import batch, playthroughs

pytestmark = pytest.mark.native

GAMES = (EXPLORE_INFO.id, BLUFF_INFO.id)


def native_state() -> Any:
    """The native engine's module (imported by the tests that use it)."""
    from terranova.games.evolution import native_state as module

    return module


CASES = [
    (info.id, params)
    for info in (EXPLORE_INFO, BLUFF_INFO)
    for params in (*info.test_params, *(p.params for p in info.playthroughs))
]
"""Both games in the variant combinations the conformance suite plays, and the golden
playthroughs' parameters."""


def _case_id(case: tuple[str, dict[str, Any]]) -> str:
    game, params = case
    return game.removeprefix("evolution-") + ":" + ",".join(f"{k}={v}" for k, v in params.items())


def _plain(record: dict[str, Any]) -> Any:
    """A record as plain lists (tuples and lists alike), for comparing."""
    return json.loads(json.dumps(record))


def _reference_record(reference: EvolutionState, native: Any) -> Any:
    return _plain(native_state().record(reference, native._t.numbering))


def _native_record(native: Any) -> Any:
    record = native.position()
    record["sheet"], record["deed_log"] = [], []
    return _plain(record)


def _chosen(state: State, rng: random.Random) -> Any:
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _side_by_side(game: str, params: dict[str, Any], seed: int, bot: str = "random") -> int:
    """Play one game on both engines at once, the decisions ``bot``'s on the reference
    (chance sampled by each engine from generators alike), checking that they agree at
    every step; returns the decisions made."""
    reference = terranova.make(game, **params)
    native = terranova.make(game, engine="native", **params)
    assert isinstance(reference, EvolutionState)
    assert isinstance(native, native_state().NativeEvolutionState)
    rng = random.Random(seed)
    agent = make_agent(bot, seed)
    decisions = 0
    while True:
        step = reference.ply
        assert native.ply == step
        assert native.current_player() == reference.current_player(), step
        assert native.returns() == reference.returns(), step
        assert native.is_terminal() == reference.is_terminal(), step
        for seat in range(reference.num_seats):
            assert native.estimate(seat) == reference.estimate(seat), step
        if step % 3 == 0:
            assert _native_record(native) == _reference_record(reference, native), step
        if reference.is_terminal():
            break
        assert native.chance_outcomes() == reference.chance_outcomes(), step
        assert native.legal_actions() == reference.legal_actions(), step
        if reference.current_player() != CHANCE:
            assert native.decisions_public() == reference.decisions_public(), step
        if step % 7 == 0:  # a determinization: the same draws from the same generator
            seat = step % reference.num_seats
            mine_rng, theirs_rng = random.Random(step), random.Random(step)
            mine = native.resample(seat, mine_rng)
            theirs = reference.resample(seat, theirs_rng)
            assert mine_rng.getstate() == theirs_rng.getstate(), step
            assert isinstance(theirs, EvolutionState)
            assert _native_record(mine) == _reference_record(theirs, native), step
            assert mine.legal_actions() == theirs.legal_actions(), step
            assert mine.history() == theirs.history() == []
        if reference.current_player() == CHANCE:
            state = rng.getstate()
            action = reference.sample_chance(rng)
            after = rng.getstate()
            rng.setstate(state)
            assert native.sample_chance(rng) == action, step
            assert rng.getstate() == after, step
        else:
            action = agent.select(reference)
            decisions += 1
        for seat in (*range(reference.num_seats), None):
            assert native.describe_action(action, seat) == reference.describe_action(action, seat)
        reference.apply(action)
        native.apply(action)
    back = native.to_python()
    assert back.sheet == reference.sheet
    assert back.deed_log == reference.deed_log
    assert native.view(None) == reference.view(None)
    assert native.view(0) == reference.view(0)
    assert native.points() == reference.points()
    assert native.winners() == reference.winners()
    assert native.history() == reference.history()
    return decisions


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_both_engines_agree_at_every_step(case: tuple[str, dict[str, Any]]) -> None:
    game, params = case
    decisions = sum(_side_by_side(game, params, seed) for seed in range(2))
    decisions += _side_by_side(game, params, 2, bot="greedy")
    assert decisions > 30


@pytest.mark.parametrize("config", list(playthroughs.configs(list(GAMES))), ids=lambda c: c.name)
def test_the_golden_playthroughs_play_the_same_on_the_native_engine(
    config: playthroughs.Config,
) -> None:
    problem = playthroughs.check(config, texts=playthroughs.play(config, engine="native"))
    assert problem is None, problem


def _position(game: str, params: dict[str, Any], seed: int, steps: int) -> EvolutionState:
    state = terranova.make(game, **params)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(_chosen(state, rng))
    assert isinstance(state, EvolutionState)
    return state


@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 400))
def test_a_position_converts_both_ways(
    case: tuple[str, dict[str, Any]], seed: int, steps: int
) -> None:
    game, params = case
    reference = _position(game, params, seed, steps)
    native = native_state().NativeEvolutionState.from_python(reference)
    back = native.to_python()
    record = _reference_record(reference, native)
    assert _reference_record(back, native) == record == _native_record(native)
    assert back.sheet == reference.sheet and back.deed_log == reference.deed_log
    assert back.view(0) == reference.view(0)
    assert back.legal_actions() == reference.legal_actions() == native.legal_actions()
    # and all three go on the same way from there
    rng = random.Random(seed)
    for _ in range(40):
        if reference.is_terminal():
            break
        action = _chosen(reference, rng)
        for state in (reference, native, back):
            state.apply(action)
        assert native.legal_actions() == reference.legal_actions() == back.legal_actions()
        assert native.returns() == reference.returns() == back.returns()
    assert _native_record(native) == _reference_record(reference, native)
    assert _reference_record(back, native) == _reference_record(reference, native)


def test_a_clone_goes_its_own_way() -> None:
    native = terranova.make(BLUFF_INFO.id, engine="native")
    rng = random.Random(4)
    for _ in range(60):
        native.apply(_chosen(native, rng))
    before = _native_record(native)
    other = native.clone()
    for _ in range(60):
        other.apply(_chosen(other, rng))
    assert _native_record(native) == before
    assert other.history()[:60] == native.history()


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_is_refused_with_the_references_reason_and_nothing_changes(
    game: str,
) -> None:
    native = terranova.make(game, engine="native", players=3, jokers=2)
    reference = terranova.make(game, players=3, jokers=2)
    rng = random.Random(2)
    for ply in range(120):
        before = _native_record(native)
        wrongs = (PASS, END, STOP, PlaceHand("nope"), PlaceHand("A01"), PlaceDiscard(12, "A01"),
                  Discard("joker"), Call("zzz"), Steal(7), Steal(-1), Give("joker"))  # fmt: skip
        for wrong in wrongs:
            if wrong in reference.legal_actions():
                continue
            with pytest.raises(IllegalActionError) as refused:
                native.apply(wrong)
            with pytest.raises(IllegalActionError) as also:
                reference.apply(wrong)
            assert str(refused.value) == str(also.value), ply
        assert _native_record(native) == before
        if reference.is_terminal():
            break
        action = _chosen(reference, rng)
        native.apply(action)
        reference.apply(action)
    assert native.history() == reference.history()


def test_the_engine_is_chosen_by_name_and_turned_off_python_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for game in GAMES:
        native = terranova.make(game, engine="native")
        assert native.engine == "native"  # type: ignore[attr-defined]
        assert native.game_id == game
    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    for game in GAMES:
        with pytest.raises(InvalidParameterError, match="no native engine here"):
            terranova.make(game, engine="native")
        assert isinstance(terranova.make(game), EvolutionState)


def test_bad_parameters_are_refused_as_the_reference_refuses_them() -> None:
    for params in ({"players": 10}, {"automata": 4}, {"teams": 1}, {"jokers": 5}):
        for game in GAMES:
            with pytest.raises(InvalidParameterError):
                terranova.make(game, **params)
            with pytest.raises(InvalidParameterError):
                terranova.make(game, engine="native", **params)


def _tables(native: Any) -> dict[str, Any]:
    """The dict of tables tables_of gives the engine, for the default Explore game."""
    given_: list[dict[str, Any]] = []

    class Keep:
        def __init__(self, table: dict[str, Any]) -> None:
            given_.append(table)

    real = native._native.Engine
    native._native.Engine = Keep
    native.tables_of.cache_clear()
    try:
        reference = terranova.make(EXPLORE_INFO.id)
        assert isinstance(reference, EvolutionState)
        native.tables_of(native.config_of("explore", reference.params(), reference.config))
    finally:
        native._native.Engine = real
        native.tables_of.cache_clear()
    return given_[0]


def test_a_game_beyond_the_engines_bounds_is_refused_by_name_and_searched_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terranova.core.registry import to_native

    native = native_state()
    tables = _tables(native)
    n = tables["n"]
    with pytest.raises(ValueError, match="more cards than the engine holds"):
        native._native.Engine({**tables, "n": 65, "era": [1] * 65})
    with pytest.raises(ValueError, match="more jokers than the engine holds"):
        native._native.Engine({**tables, "jokers": 9})
    with pytest.raises(ValueError, match="more eras than the engine holds"):
        native._native.Engine({**tables, "era": [20] * n})
    with pytest.raises(ValueError, match="a table of another size"):
        native._native.Engine({**tables, "prereq": [0]})

    def refused(config: Any) -> Any:
        raise ValueError("more cards than the engine holds (64)")

    monkeypatch.setattr(native, "tables_of", refused)
    for game in GAMES:
        with pytest.raises(InvalidParameterError, match="cannot play this game"):
            terranova.make(game, engine="native", players=3)
        reference = terranova.make(game, players=3)
        assert to_native(reference) is reference  # the search stays in Python


def _record(game: str = BLUFF_INFO.id) -> tuple[Any, dict[str, Any], int]:
    """A native record from the middle of a game (a response window open in Bluff)."""
    reference = _position(game, {"players": 3, "jokers": 2}, seed=5, steps=150)
    native = native_state().NativeEvolutionState.from_python(reference)
    return native, native.position(), reference.ply


NO_DEED = [0, 0, False, 0, -1, -1, 0, None, [], 0, False]


@pytest.mark.parametrize(
    "changes",
    [
        {"hands": [[200], [], []]},
        {"hands": [[0], [0], []]},
        {"hands": [[], []]},
        {"pile": [[0]]},
        {"tree": [0], "tree_card": [1], "tree_valid": [True]},
        {"tree": [0], "tree_card": [0], "tree_valid": []},
        {"known": [(0, 1 << 12)]},
        {"ctx": [[0] * 18]},
        {"ctx": [[9, *[0] * 18]]},
        {"agenda": []},
        {"agenda": [(99, 0, 0, 0, -1, 0, [], NO_DEED)]},
        {"agenda": [(5, 9, 0, 0, -1, 0, [], NO_DEED)]},
        {"agenda": [(11, 0, 0, 0, -1, 0, [], NO_DEED)]},  # a window asking nobody
        {"agenda": [(7, 0, 0, 0, -1, 0, [], NO_DEED)]},  # a placement of no card
        {"agenda": [(1, 0, 7, 0, -1, 0, [], NO_DEED)]},
        {"agenda": [(3, 0, 5, 0, -1, 0, [], NO_DEED)]},
        {"agenda": [(5, 0, 0, 0, -1, 0, [], NO_DEED)], "ctx": []},  # a turn with no turn
        {"last_call": (0, 999, -1, 0)},
        {"last_stop": (0, 0, 0, 7, 0)},
        {"base": 5},
        {"out": [0]},
    ],
    ids=lambda c: f"{next(iter(c))}-{str(next(iter(c.values())))[:16]}",
)
def test_a_record_out_of_bounds_is_refused_by_a_clear_error(changes: dict[str, Any]) -> None:
    native, record, ply = _record()
    with pytest.raises(ValueError):
        native_state()._native.Play.restore(native._t.engine, {**record, **changes}, ply)


def test_a_malformed_record_is_refused_by_a_clear_error() -> None:
    native, record, ply = _record()
    restore = native_state()._native.Play.restore
    engine = native._t.engine
    for key in ("pile", "hands", "agenda", "ctx", "over"):
        broken = {k: v for k, v in record.items() if k != key}
        with pytest.raises(ValueError, match=f"no {key} in the record"):
            restore(engine, broken, ply)
    for changes in ({"hands": "nope"}, {"agenda": [("x",)]}, {"ctx": [["a"] * 19]}):
        with pytest.raises((TypeError, ValueError)):
            restore(engine, {**record, **changes}, ply)


def test_a_record_is_restored_as_it_was() -> None:
    for game in GAMES:
        native, record, ply = _record(game)
        again = native_state()._native.Play.restore(native._t.engine, record, ply)
        assert _plain(again.record()) == _plain(record)


def test_native_playouts_finish_every_game() -> None:
    module = native_state()
    for game in GAMES:
        for params in ({"players": 2}, {"players": 5, "automata": 2, "jokers": 4, "teams": 2}):
            reference = terranova.make(game, **params)
            assert isinstance(reference, EvolutionState)
            assert module.random_games(reference.mode, reference, 20, seed=3) > 20 * 10


def test_a_generator_giving_back_other_items_is_refused() -> None:
    class Wrong(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            x[:] = [0] * len(x)

    native = terranova.make(BLUFF_INFO.id, engine="native", players=3)
    rng = random.Random(1)
    for _ in range(40):
        native.apply(_chosen(native, rng))
    with pytest.raises(ValueError, match="shuffle"):
        native.resample(1, Wrong())


def _decisions(game: str, params: dict[str, Any], seed: int, every: int) -> list[State]:
    state = terranova.make(game, **params)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        deciding = state.current_player() != CHANCE and len(state.legal_actions()) > 1
        if deciding and rng.randrange(every) == 0:
            out.append(state.clone())
        state.apply(_chosen(state, rng))
    return out


@pytest.mark.parametrize("bot", ["mcts:iterations=40", "ismcts:iterations=40"])
@pytest.mark.parametrize("game", GAMES)
def test_the_search_bots_search_natively_and_choose_the_same(
    bot: str, game: str, monkeypatch: pytest.MonkeyPatch
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
    positions = _decisions(game, {"players": 3, "jokers": 2}, seed=11, every=15)[:2]
    assert positions
    for position in positions:
        picks = []
        for on in ("0", "1"):
            monkeypatch.setenv("TERRANOVA_NATIVE", on)
            agent = make_agent(bot, 5)
            picks.append((agent.select(position.clone()), agent.last_choices))
        assert picks[0] == picks[1]
    assert searched and searched[::2] == ["python"] * (len(searched) // 2)
    assert searched[1::2] == ["native"] * (len(searched) // 2)


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=120",
        "mcts:iterations=60,depth=6,c=0.3",
        "mcts:iterations=20,depth=-1",
        "ismcts:iterations=120",
        "ismcts:iterations=60,depth=4",
    ],
)
@pytest.mark.parametrize("game", GAMES)
def test_the_native_searches_grow_the_python_searches_trees(
    spec: str, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``mcts`` and ``ismcts`` searched natively (``search_tree``, ``info_set_tree``): the
    same moves, the same counts and values of every move weighed, the same nodes and the
    generator left in the same state as the Python search on either engine, over two
    decisions in a row (``ismcts`` told to try the last move first, as a review does)."""
    from terranova.games.evolution.native_state import NativeEvolutionState

    name = "info_set_tree" if spec.startswith("ismcts") else "search_tree"
    grown = []
    real = getattr(NativeEvolutionState, name)

    def spy(self: Any, *args: Any) -> Any:
        grown.append(1)
        return real(self, *args)

    for position in _decisions(game, {"players": 3, "jokers": 2}, seed=13, every=12)[:3]:
        ways = []
        for way in ("native", "tree in python", "python"):
            monkeypatch.setenv("TERRANOVA_NATIVE", "0" if way == "python" else "1")
            with monkeypatch.context() as patched:
                if way == "tree in python":
                    patched.delattr(NativeEvolutionState, name)
                else:
                    patched.setattr(NativeEvolutionState, name, spy)
                agent = make_agent(spec, 3)
                agent.try_first = position.legal_actions()[-1]
                moves = [agent.select(position.clone()) for _ in range(2)]
                choices = [(c.action, c.visits, c.value) for c in agent.last_choices]
                ways.append((moves, choices, agent.last_nodes, agent._rng.getstate()))
        assert ways[0] == ways[1] == ways[2]
    assert len(grown) == 6


@pytest.mark.parametrize("game", GAMES)
def test_the_greedy_bots_play_a_native_state_as_the_reference(game: str) -> None:
    from terranova.games.evolution.bots import explore_greedy
    from terranova.games.evolution.bots.bluff import bluff_greedy

    policy = explore_greedy if game == EXPLORE_INFO.id else bluff_greedy
    reference = terranova.make(game, players=3, jokers=2)
    native = terranova.make(game, engine="native", players=3, jokers=2)
    rng = random.Random(8)
    decisions = 0
    while not reference.is_terminal() and decisions < 60:
        if reference.current_player() == CHANCE:
            action = reference.sample_chance(rng)
        else:
            draws = rng.randrange(1 << 30)
            mine, theirs = random.Random(draws), random.Random(draws)
            action = policy(reference, theirs)
            assert policy(native, mine) == action
            assert mine.getstate() == theirs.getstate()
            decisions += 1
        reference.apply(action)
        native.apply(action)
    assert decisions == 60


# ------------------------------------------------------------ the standard encoding, natively


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_the_native_writer_writes_the_encoding_of_every_seats_view(
    case: tuple[str, dict[str, Any]],
) -> None:
    from terranova.core.encoding import encoding_of
    from terranova.core.registry import game_info

    game, params = case
    coding = encoding_of(game_info(game), params)
    out = np.zeros(coding.observation_size, np.float32)
    rng = random.Random(11)
    state = terranova.make(game, engine="native", **params)
    compared = decisions = 0
    while decisions < 600:
        if not state.is_terminal() and state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if decisions % 5 == 0 or state.is_terminal():
            for seat in (None, *range(state.num_seats)):
                out[:] = -1  # every number written over
                assert state.observe_into(seat, out)
                assert np.array_equal(out, coding.observation(state.view(seat))), (seat, decisions)
                compared += 1
        if state.is_terminal():
            break
        state.apply(_chosen(state, rng))
        decisions += 1
    assert compared > 20
    with pytest.raises(TypeError):  # a float64 row would be written and lost
        state.observe_into(0, np.zeros(coding.observation_size))
    with pytest.raises(ValueError, match="observation size"):
        state.observe_into(0, out[:-1])
    with pytest.raises(ValueError, match="no such seat"):
        state.observe_into(state.num_seats, out)


VECTOR_CASES = [
    (game, params, max_steps, steps[game == BLUFF_INFO.id])
    for game in GAMES
    for params, max_steps, steps in (
        ({"players": 2}, None, (250, 550)),
        ({"players": 3, "jokers": 2}, None, (300, 700)),
        ({"players": 4, "teams": 2, "jokers": 4}, None, (300, 700)),
        ({"players": 5, "automata": 2, "jokers": 4}, None, (200, 250)),
        ({"players": 2, "automata": 1}, None, (150, 150)),
        ({"players": 3, "jokers": 2}, 30, (150, 150)),  # cut at 30 decisions, started again
    )
]
"""Both games, 2 to 5 seats and the variants: (game, params, max_steps, steps), enough
steps for whole games to end (random play) and start again."""


def _vector(
    game: str, params: dict[str, Any], max_steps: int | None, native: bool, seed: int, mp: Any
) -> Any:
    """Four games of ``terranova.vector`` on the native engine's batch or on the Python
    engines."""
    from terranova import vector

    mp.setenv("TERRANOVA_NATIVE", "1" if native else "0")
    games = vector.make(game, num_envs=4, seed=seed, max_steps=max_steps, **params)
    assert bool(games.tables) != native  # played natively: no table a game
    return games


def _pick(generator: np.random.Generator, legal: list[int]) -> int:
    return legal[int(generator.integers(len(legal)))]


@pytest.mark.parametrize(
    ("game", "params", "max_steps", "steps"),
    VECTOR_CASES,
    ids=[f"{g.split('-')[1]}-{_case_id((g, p))}-{m}" for g, p, m, _ in VECTOR_CASES],
)
def test_many_games_at_once_play_and_observe_natively_as_in_python(
    game: str,
    params: dict[str, Any],
    max_steps: int | None,
    steps: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ended = cut = 0
    for seed in (3, 8):
        python = _vector(game, params, max_steps, False, seed, monkeypatch)
        native = _vector(game, params, max_steps, True, seed, monkeypatch)
        generator = np.random.default_rng(seed)  # a seeded numpy generator's choice
        made = batch.plays_alike(python, native, steps, functools.partial(_pick, generator))
        ended, cut = ended + made[0], cut + made[1]
    if max_steps is None:
        assert ended >= 6  # whole games ended and started again on both
    else:
        assert cut >= 8


def test_an_illegal_index_in_many_games_is_refused_and_none_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = _vector(BLUFF_INFO.id, {"players": 3}, None, True, 1, monkeypatch)
    batch.refuses_an_illegal_index(games, 2)


def test_the_batchs_arrays_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    games = _vector(EXPLORE_INFO.id, {"players": 3}, None, True, 1, monkeypatch)
    batch.checks_its_arrays(games)


def test_a_batchs_tables_must_be_its_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    from terranova import vector
    from terranova.games.evolution.encoding import build

    native = native_state()
    monkeypatch.setenv("TERRANOVA_NATIVE", "1")
    assert vector.make(EXPLORE_INFO.id, num_envs=2)._native is not None
    reference = terranova.make(BLUFF_INFO.id, players=3)
    assert isinstance(reference, EvolutionState)
    config = native.config_of("bluff", reference.params(), reference.config)
    figures = native.layout_figures(config, build("bluff", reference.params()))
    engine = native.tables_of(config).engine
    with pytest.raises(ValueError, match="another configuration"):
        native._native.Batch(engine, {**figures, "players": 4}, 2, 0)
    with pytest.raises(ValueError, match="one entry a number"):
        native._native.Batch(engine, {**figures, "steps": [0]}, 2, 0)
    with pytest.raises(ValueError, match="outside the space"):
        native._native.Batch(engine, {**figures, "indices": [-1] * len(figures["codes"])}, 2, 0)
    other = native.tables_of(native.config_of("explore", reference.params(), reference.config))
    observer = native._native.Observer(engine, figures)
    with pytest.raises(ValueError, match="another engine"):
        native._native.Play(other.engine).observe_into(
            observer, 0, np.zeros(figures["size"], np.float32)
        )


@pytest.mark.parametrize("mode", ["explore", "bluff"])
def test_a_layout_with_a_plane_beyond_the_observation_is_refused_by_name(mode: str) -> None:
    from terranova.games.evolution.encoding import build

    native = native_state()
    reference = terranova.make(BLUFF_INFO.id, players=3, jokers=2)
    assert isinstance(reference, EvolutionState)
    config = native.config_of(mode, reference.params(), reference.config)
    coding = build(mode, reference.params())
    figures = native.layout_figures(config, coding)
    engine = native.tables_of(config).engine
    size = figures["size"]
    native._native.Observer(engine, figures)  # the layout as it is: accepted
    native._native.Batch(engine, figures, 1, 0)

    def moved(name: str, offset: int) -> dict[str, Any]:
        return {**figures, "planes": {**figures["planes"], name: offset}}

    assert [plane.name for plane in coding.planes] == list(figures["planes"])
    for plane in coding.planes:
        # the last place the plane's numbers fit is accepted; a number further, or before
        # the row, is refused by the plane's name (not written beyond the row)
        native._native.Observer(engine, moved(plane.name, size - plane.size))
        for offset in (size - plane.size + 1, size, -1):
            with pytest.raises(ValueError, match=rf"plane {plane.name} .*beyond the observation"):
                native._native.Observer(engine, moved(plane.name, offset))
    with pytest.raises(ValueError, match=r"plane scores .*beyond the observation"):
        native._native.Batch(engine, moved("scores", size - 1), 1, 0)
    # the step plane's columns: the end's one a column, the others -1 (no name) or one
    with pytest.raises(ValueError, match=r"plane step .*beyond the observation"):
        native._native.Observer(engine, {**figures, "over": size})
    with pytest.raises(ValueError, match=r"plane step .*beyond the observation"):
        native._native.Observer(engine, {**figures, "steps": [size] * len(figures["steps"])})
    with pytest.raises(ValueError, match="the step plane's column"):
        native._native.Observer(engine, {**figures, "over": -1})
    with pytest.raises(ValueError, match="the step plane's columns"):
        native._native.Observer(engine, {**figures, "steps": [-2] * len(figures["steps"])})


def test_a_batch_beyond_the_engines_bounds_is_played_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terranova import vector

    native = native_state()

    def refused(config: Any) -> Any:
        raise ValueError("more cards than the engine holds (64)")

    monkeypatch.setenv("TERRANOVA_NATIVE", "1")
    monkeypatch.setattr(native, "tables_of", refused)
    for game in GAMES:
        games = vector.make(game, num_envs=2, players=3)
        assert games._native is None and len(games.tables) == 2
        assert games.reset().action_mask.any(axis=1).all()
