"""The native engine of Entdecker (``native/entdecker.hpp``) against the reference, the
Python rules: the same position record, legal actions in the same order, chance outcomes
and probabilities, draws from the same generator, returns, estimates and determinizations,
decision by decision, in every variant and on components that end a game otherwise than
with a full board; the golden playthroughs played again on it; positions converted both
ways; the search bots choosing alike on both engines.

These tests need the native engine built (every install builds it); with
``TERRANOVA_NATIVE=0`` or without the engine they fail rather than skip: a run without it
leaves them out by their marker, ``-m "not native"`` (the module imports the engine only in
its tests)."""

from __future__ import annotations

import random
import re
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import terranova
from terranova.agents.registry import make_agent
from terranova.core.errors import IllegalActionError, InvalidParameterError
from terranova.core.registry import native_available, to_native
from terranova.core.state import CHANCE, State
from terranova.games.entdecker import INFO, EntdeckerState, scoring
from terranova.games.entdecker.actions import DRAW, STOP, Place, Settle, StartTile
from terranova.games.entdecker.position import from_position, position
from tests.conformance import batch, playthroughs, walk

pytestmark = pytest.mark.native


def native_state() -> Any:
    """The native engine's module (imported by the tests that use it)."""
    from terranova.games.entdecker import native_state as module

    return module


VARIANTS = [{}, *INFO.test_params, *(p.params for p in INFO.playthroughs)]
"""The default game, the variant combinations the conformance suite plays, and the golden
playthroughs' parameters."""

DATA = resources.files("terranova.games.entdecker").joinpath("data")


def _few_tiles(folder: Path, part: int = 5) -> str:
    """A tile file of the built-in designs, one ``part`` as many of each in the stacks: the
    tiles run out before the board is full."""

    def fewer(match: re.Match[str]) -> str:
        count, stack = int(match[1]), match[2]
        count = count if stack == "setup" else max(1, count // part)
        return f'count = {count}\nstack = "{stack}"'

    text = re.sub(r'count = (\d+)\nstack = "(\w+)"', fewer, DATA.joinpath("tiles.toml").read_text())
    path = folder / f"few-{part}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _board(folder: Path, name: str, **figures: int) -> str:
    """The built-in board file with some of its figures changed."""
    text = DATA.joinpath("board.toml").read_text()
    for key, value in figures.items():
        text = re.sub(rf"^{key} = \d+", f"{key} = {value}", text, flags=re.MULTILINE)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _same(native: State, reference: EntdeckerState, step: int) -> None:
    """The two engines agree on everything a simulation asks here."""
    assert native.record() == position(reference), step  # type: ignore[attr-defined]
    assert native.current_player() == reference.current_player(), step
    assert native.returns() == reference.returns(), step
    assert native.scores() == reference.scores(), step
    assert native.is_terminal() == reference.is_terminal(), step
    assert native.chance_outcomes() == reference.chance_outcomes(), step
    assert native.legal_actions() == reference.legal_actions(), step
    assert native.estimates() == reference.estimates(), step
    seat = step % reference.num_seats
    assert native.estimate(seat) == reference.estimate(seat), step


def _side_by_side(params: dict[str, object], seed: int, bot: str = "random") -> EntdeckerState:
    """Play one game on both engines at once, the decisions ``bot``'s on the reference and
    chance drawn by each engine from its own generator of the same seed, checking that
    they agree at every step; returns the reference's final state."""
    reference = terranova.make("entdecker", **params)
    native = terranova.make("entdecker", engine="native", **params)
    assert isinstance(reference, EntdeckerState)
    ours, theirs = random.Random(seed), random.Random(seed)
    agent = make_agent(bot, seed)
    while True:
        step = reference.ply
        _same(native, reference, step)
        if reference.is_terminal():
            break
        if step % 11 == 0:  # a determinization: the same draws from the same generator
            seat = step % reference.num_seats
            mine = native.resample(seat, random.Random(step))
            assert isinstance(mine, native_state().NativeEntdeckerState)
            redrawn = reference.resample(seat, random.Random(step))
            assert mine.record() == position(redrawn), step
            assert mine.history() == redrawn.history() == []
            if step % 77 == 0:  # and the reference's state of it
                assert position(mine.to_python()) == position(redrawn)
        if reference.current_player() == CHANCE:
            action = reference.sample_chance(theirs)
            assert native.sample_chance(ours) == action, step
        else:
            action = agent.select(reference)
        reference.apply(action)
        native.apply(action)
    assert isinstance(native, native_state().NativeEntdeckerState)
    assert native.view(None) == reference.view(None)
    assert native.view(1) == reference.view(1)
    assert native.history() == reference.history()
    assert native.end_reason() == reference.end_reason()
    assert native.winners() == reference.winners()
    return reference


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default"
)
def test_both_engines_agree_at_every_step(params: dict[str, object]) -> None:
    assert _side_by_side(params, seed=len(params)).ending == scoring.FULL


@pytest.mark.parametrize("seed", [1, 2])
def test_both_engines_agree_on_greedy_games(seed: int) -> None:
    _side_by_side({"players": 2 + seed, "island_tie": "share"}, seed, bot="greedy")


def test_games_that_end_otherwise_agree(tmp_path: Path) -> None:
    """Components on which the tiles run out, or no player can pay for a start (the squares
    left are then filled, most from the hidden stacks by chance)."""
    few = _few_tiles(tmp_path)
    poor = _board(tmp_path, "poor", start_gold=0, income_below=0)
    dear = _board(tmp_path, "dear", start_gold=2, income_below=1)
    endings = [
        _side_by_side({"players": 2, "tiles": few}, seed=1).ending,
        _side_by_side({"players": 3, "board": poor}, seed=2).ending,
        _side_by_side({"players": 2, "board": dear, "tiles": few}, seed=5).ending,
    ]
    assert endings == [scoring.NO_TILES, scoring.NO_START, scoring.NO_START]


def _played_on(reference: EntdeckerState, rng: random.Random) -> None:
    """Play ``reference`` to its end at random, and a native copy of it alongside."""
    native = native_state().NativeEntdeckerState.from_python(reference)
    while not reference.is_terminal():
        _same(native, reference, reference.ply)
        action = _chosen(reference, rng)
        reference.apply(action)
        native.apply(action)
    _same(native, reference, reference.ply)
    assert native.end_reason() == reference.end_reason()


def test_the_turn_limit_ends_both_alike() -> None:
    reference = _position({}, seed=3, steps=90)
    reference.turns = scoring.TURN_LIMIT - 1
    _played_on(reference, random.Random(3))
    assert reference.ending == scoring.TURN_LIMIT_REACHED


def test_a_game_where_no_ship_can_reach_the_squares_left_ends_both_alike(
    tmp_path: Path,
) -> None:
    reference = _position({"players": 3, "tiles": _few_tiles(tmp_path, 2)}, seed=19, steps=0)
    _played_on(reference, random.Random(19))
    assert reference.ending == scoring.UNREACHABLE


@pytest.mark.parametrize(
    "config", [c for c in playthroughs.configs(["entdecker"])], ids=lambda c: c.name
)
def test_the_golden_playthroughs_play_the_same_on_the_native_engine(
    config: playthroughs.Config,
) -> None:
    problem = playthroughs.check(config, texts=playthroughs.play(config, engine="native"))
    assert problem is None, problem


def _chosen(state: State, rng: random.Random) -> Any:
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _position(params: dict[str, object], seed: int, steps: int) -> EntdeckerState:
    state = terranova.make("entdecker", **params)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(_chosen(state, rng))
    assert isinstance(state, EntdeckerState)
    return state


@settings(max_examples=10, deadline=None)
@given(params=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_a_position_converts_both_ways(params: dict[str, object], seed: int) -> None:
    reference = _position(params, seed, steps=seed % 800)  # anywhere in a game
    native = native_state().NativeEntdeckerState.from_python(reference)
    record = native.record()
    assert record == position(reference)
    # the record read back by the reference, and by the engine, makes the same game
    components, params_ = reference.tables.components, reference.params()
    history, log, sheet = reference.history(), reference.log, reference.sheet
    back = from_position(components, params_, record, history, log, sheet)
    assert position(back) == position(reference)
    assert back.view(0) == reference.view(0) == native.view(0)
    again = native_state().NativeEntdeckerState.from_record(params_, record, history, log, sheet)
    assert again.to_python().view(None) == reference.view(None)
    assert back.legal_actions() == reference.legal_actions() == native.legal_actions()
    assert again.legal_actions() == reference.legal_actions()
    # and all go on the same way from there
    rng = random.Random(seed)
    for _ in range(40):
        if reference.is_terminal():
            break
        action = _chosen(reference, rng)
        for state in (reference, back, native, again):
            state.apply(action)
        assert native.legal_actions() == reference.legal_actions() == back.legal_actions()
    assert native.record() == again.record() == position(reference) == position(back)


def test_a_clone_goes_its_own_way() -> None:
    native = terranova.make("entdecker", engine="native")
    rng = random.Random(4)
    for _ in range(60):
        native.apply(_chosen(native, rng))
    before = native.record()  # type: ignore[attr-defined]
    other = native.clone()
    for _ in range(60):
        other.apply(_chosen(other, rng))
    assert native.record() == before  # type: ignore[attr-defined]
    assert other.history()[:60] == native.history()
    assert position(native.to_python()) == before  # type: ignore[attr-defined]
    # a converted state is one's own: playing on it leaves the native state's reference
    mine = native.to_python()  # type: ignore[attr-defined]
    mine.apply(_chosen(mine, rng))
    assert position(native.reference()) == before  # type: ignore[attr-defined]


def test_an_illegal_action_is_refused_with_the_references_reason_and_nothing_changes() -> None:
    reference = _position({}, seed=2, steps=25)
    native = native_state().NativeEntdeckerState.from_python(reference)
    before = native.record()
    wrong = [
        STOP,
        DRAW,
        Place("cape", 50, 50, 0),
        Place("nope", 1, 0, 0),
        Settle("fort", 0, 0, 9, "x,y/1"),
        StartTile(0, 0, "Q", "N0", "9,9"),
        *[a for a, _ in reference.chance_outcomes()],
    ]
    for action in wrong:
        if action in reference.legal_actions():
            continue
        with pytest.raises(IllegalActionError) as refused:
            native.apply(action)
        with pytest.raises(IllegalActionError) as also:
            reference.apply(action)
        assert str(refused.value) == str(also.value)
    assert native.record() == before
    assert native.history() == reference.history()


def test_the_engine_is_chosen_by_name() -> None:
    assert native_available("entdecker")
    made = terranova.make("entdecker", engine="native", players=4, setup="variable")
    assert isinstance(made, native_state().NativeEntdeckerState)
    assert made.params() == terranova.make("entdecker", players=4, setup="variable").params()
    with pytest.raises(InvalidParameterError, match="variant 'island_tie' cannot be 'never'"):
        terranova.make("entdecker", engine="native", island_tie="never")


def test_turned_off_the_native_engine_is_refused_and_python_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    assert not native_available("entdecker")
    with pytest.raises(InvalidParameterError, match="no native engine here"):
        terranova.make("entdecker", engine="native")
    state = terranova.make("entdecker")
    assert isinstance(state, EntdeckerState) and to_native(state) is state


def test_a_board_beyond_the_engines_arrays_is_refused_and_searched_in_python(
    tmp_path: Path,
) -> None:
    wide = _board(tmp_path, "wide", width=20, height=12)
    with pytest.raises(InvalidParameterError, match="at most 128 squares for the native engine"):
        terranova.make("entdecker", engine="native", board=wide)
    state = terranova.make("entdecker", board=wide)
    assert to_native(state) is state
    narrow = _board(tmp_path, "narrow", width=12, height=10)
    searched = to_native(terranova.make("entdecker", board=narrow))
    assert getattr(searched, "engine", "python") == "native"


def _decisions(params: dict[str, object], seed: int, every: int) -> list[State]:
    """Positions of a random game where a seat decides, one in ``every``."""
    state = terranova.make("entdecker", **params)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        deciding = state.current_player() != CHANCE and len(state.legal_actions()) > 1
        if deciding and rng.randrange(every) == 0:
            out.append(state.clone())
        state.apply(_chosen(state, rng))
    return out


@pytest.mark.parametrize("bot", ["mcts:iterations=40", "ismcts:iterations=40"])
def test_the_search_bots_search_natively_and_choose_the_same(
    bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import terranova.agents.ismcts
    import terranova.agents.mcts

    searched: list[str] = []
    for module in (terranova.agents.mcts, terranova.agents.ismcts):
        real = module.to_native

        def spy(state: State, real: Any = real) -> State:
            native: State = real(state)
            searched.append(getattr(native, "engine", "python"))
            return native

        monkeypatch.setattr(module, "to_native", spy)
    for position_ in _decisions({"players": 3}, seed=11, every=60)[:3]:
        picks = []
        for on in ("0", "1"):
            monkeypatch.setenv("TERRANOVA_NATIVE", on)
            agent = make_agent(bot, 5)
            picks.append((agent.select(position_.clone()), agent.last_choices))
        assert picks[0] == picks[1]
    assert searched and searched[::2] == ["python"] * (len(searched) // 2)
    assert searched[1::2] == ["native"] * (len(searched) // 2)


def _record(**changes: object) -> tuple[EntdeckerState, dict[str, Any]]:
    """A position record from the middle of a game, with ``changes``."""
    reference = _position({"players": 3}, seed=5, steps=200)
    return reference, {**position(reference), **changes}


@pytest.mark.parametrize(
    "changes",
    [
        {"tiles": [(10**6, 0, 0)]},  # a square off the board
        {"tiles": [(0, 0, 0)]},
        {"tiles": [(20, 99, 0)]},
        {"agenda": [(99, 0, 0)]},
        {"agenda": [(3, 7, 0)]},
        {"agenda": []},
        {"agenda": [(9, 0, 0)]},  # nobody to move
        {"units": [(10**4, 0, 0)]},
        {"units": [(0, 0, 5)]},
        {"fortified": [1]},  # no tile there
        {"launches": [(10**5, 0, 1)]},
        {"gold": [-1, 0, 0]},
        {"supply": [[1, 1, 1]]},
        {"hidden": [0]},
        {"paths": [[9]]},
        {"bag": [100]},
        {"turn": {"seat": 0}},
        {"turn": 5},
        {"tiles": "tiles"},
        {"units": [(0, 0)]},
        {"ending": 3},
        {"bank": -(2**31) + 2},  # an overflow on the next income
        {"passes": 2**16},  # 0 once held in the engine's 16 bits
        {"turns": -(2**16)},
        {"scored": [5, 5]},  # once each, or the engine's array overflows
        {"agenda": [(12, 0, 0)]},  # a trek, and then nothing: the agenda ran out
        {"agenda": [(0, 0, 0)]},  # a set-up on a board laid out: its tiles laid twice
    ],
    ids=lambda c: next(iter(c)),
)
def test_a_record_out_of_bounds_is_refused_by_name(changes: dict[str, object]) -> None:
    reference, record = _record(**changes)
    with pytest.raises(ValueError, match=r"a record's|no entry"):
        native_state().NativeEntdeckerState.from_record(reference.params(), record, [])


def _nobody_to_move(record: dict[str, Any], case: str) -> None:
    seat = record["agenda"][-1][1]
    if case == "a tile placed nowhere":
        record["agenda"] = [*record["agenda"][:-1], (7, seat, 0)]
        record["turn"] = {**record["turn"], "exits": []}
    elif case == "a hidden tile drawn from empty stacks":
        record["agenda"] = [*record["agenda"][:-1], (6, seat, 0)]
        record["hidden"] = [0] * len(record["hidden"])
    elif case == "a trek on full paths":
        record["agenda"] = [*record["agenda"][:-1], (12, seat, 0)]
        record["paths"] = [[0] * len(path) for path in record["paths"]]
    else:  # a tile laid twice in a turn: the engine's list of them overflows
        laid = record["tiles"][0][0]
        record["turn"] = {**record["turn"], "laid": [laid, laid]}


@pytest.mark.parametrize(
    "case",
    [
        "a tile placed nowhere",
        "a hidden tile drawn from empty stacks",
        "a trek on full paths",
        "a tile laid twice",
    ],
)
def test_a_record_where_nobody_can_move_is_refused(case: str) -> None:
    """Once restored, such a position crashed a native playout (no action to choose from)."""
    reference, record = _record()
    assert record["turn"] is not None and record["agenda"][-1][0] == 7
    _nobody_to_move(record, case)
    with pytest.raises(ValueError, match=r"a record's (agenda|turn)"):
        native_state().NativeEntdeckerState.from_record(reference.params(), record, [])


def test_restore_makes_only_a_state() -> None:
    native = native_state()
    reference, record = _record()
    actions = native.actions_of(reference.params())
    with pytest.raises(TypeError, match="restore makes a Play"):
        native.NativeEntdeckerState.restore(type(actions.native), actions, record, [])


def test_a_generator_giving_back_other_tokens_is_refused() -> None:
    class Lossy(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            del x[1:]

    native = terranova.make("entdecker", engine="native")
    with pytest.raises(ValueError, match="shuffle lost tokens"):
        native.resample(0, Lossy(1))


def test_native_playouts_finish_every_game() -> None:
    params = terranova.make("entdecker", players=4).params()
    decisions, chances = native_state().random_games(params, 10, seed=7)
    assert decisions > 10 * 300 and chances > 10 * 50
    native = terranova.make("entdecker", engine="native", players=2)
    before = native.record()  # type: ignore[attr-defined]
    made, drawn, returns = native.play_out(3)  # type: ignore[attr-defined]
    assert made > 0 and drawn > 0 and len(returns) == 2
    assert native.record() == before  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "default"
)
def test_the_native_greedy_policy_chooses_as_the_reference_with_the_same_draws(
    params: dict[str, object],
) -> None:
    from terranova.games.entdecker import bots

    decisions = ties = 0
    for seed in range(2):
        reference = _position(params, seed, 0)
        native = native_state().NativeEntdeckerState.from_python(reference)
        made, drawn = walk.greedy_alike(reference, native, bots.reference_greedy, bots.greedy, seed)
        decisions, ties = decisions + made, ties + drawn
    assert decisions > 200 and ties > 0


# ------------------------------------------------------------ the encoding, natively


def _vector(params: dict[str, Any], seed: int, max_steps: int | None, native: bool,
            monkeypatch: pytest.MonkeyPatch) -> Any:  # fmt: skip
    """Four games of ``terranova.vector``, on the native engine's batch or on the Python
    engines."""
    from terranova import vector

    monkeypatch.setenv("TERRANOVA_NATIVE", "1" if native else "0")
    games = vector.make("entdecker", num_envs=4, seed=seed, max_steps=max_steps, **params)
    assert bool(games.tables) != native  # played natively: no table a game
    return games


BATCH_IDS = ["default", "two-variable-scout-cap3", "four-share-free", "three-variable-scout-share",
             "three-open-frame"]  # fmt: skip
"""The default game and the conformance suite's variants, by name."""


@pytest.mark.parametrize(
    ("params", "seed", "max_steps", "steps"),
    [
        *((p, seed, None, 350) for seed, p in enumerate([{}, *INFO.test_params])),
        ({"players": 2}, 9, 40, 150),  # the built-in tiles, cut at 40 decisions
    ],
    ids=[*BATCH_IDS, "truncated"],
)
def test_many_games_at_once_play_and_observe_natively_as_in_python(
    params: dict[str, Any],
    seed: int,
    max_steps: int | None,
    steps: int,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    if max_steps is None:  # fewer tiles: whole games end, and start again, within the steps
        params = {**params, "tiles": _few_tiles(tmp_path)}
    python = _vector(params, seed, max_steps, False, monkeypatch)
    native = _vector(params, seed, max_steps, True, monkeypatch)
    rng = np.random.default_rng(seed)  # a NumPy generator, as a training loop's

    def pick(legal: list[int]) -> int:
        return legal[int(rng.integers(len(legal)))]

    ended, cut = batch.plays_alike(python, native, steps, pick)
    if max_steps is None:
        assert ended >= 3  # whole games ended and started again on both
    else:
        assert cut >= 4


def test_an_illegal_index_in_many_games_is_refused_and_none_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games = _vector({"players": 3}, 4, None, True, monkeypatch)
    batch.refuses_an_illegal_index(games, 2)


def test_the_batchs_arrays_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    batch.checks_its_arrays(_vector({}, 0, None, True, monkeypatch))


def test_the_encodings_figures_are_checked_against_the_engines_tables() -> None:
    from terranova.core.encoding import encoding_of

    module = native_state()
    params = INFO.resolve({})
    native = module.actions_of(params).native
    figures = module.observation_figures(params, encoding_of(INFO, params))
    module._native.Observer(native, figures)  # as given: taken
    for wrong in ({"xs": [0]}, {"count_of": [1.0]}, {"size": 10}, {"pieces": 0}):
        with pytest.raises(ValueError, match="figures"):
            module._native.Observer(native, {**figures, **wrong})


def test_a_batch_beyond_the_engines_bounds_is_played_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terranova import vector

    module = native_state()

    def refused(params: dict[str, Any]) -> Any:
        raise ValueError("a board beyond the native engine's bounds")

    monkeypatch.setenv("TERRANOVA_NATIVE", "1")
    monkeypatch.setattr(module, "native_game", refused)
    module._actions.cache_clear()
    try:
        games = vector.make("entdecker", num_envs=2, players=2)
        assert games._native is None and len(games.tables) == 2
        assert games.reset().action_mask.any(axis=1).all()
    finally:
        module._actions.cache_clear()


@pytest.mark.parametrize("params", [{}, *INFO.test_params], ids=BATCH_IDS)
def test_a_native_state_observes_every_seat_as_the_encoding_does(
    params: dict[str, Any], tmp_path: Path
) -> None:
    from terranova.core.encoding import encoding_of

    params = {**params, "tiles": _few_tiles(tmp_path, 3)}
    state = terranova.make("entdecker", engine="native", **params)
    coding = encoding_of(INFO, state.params())
    mine = np.full(coding.observation_size, 9, np.float32)  # written over, every number
    theirs = np.zeros(coding.observation_size, np.float32)
    rng = random.Random(len(params))
    seats: list[int | None] = [*range(state.num_seats), None]
    checked = 0
    while True:
        if state.ply % 4 == 0 or state.is_terminal():
            for seat in seats:
                state.observe_into(seat, mine)
                coding.observe_into(state.view(seat), theirs, coding.planes_of(theirs))
                assert np.array_equal(mine, theirs), (state.ply, seat)
                checked += 1
            if state.current_player() >= 0:
                legal = state.legal_actions()
                assert dict(zip(state.legal_indices(), legal, strict=True)) == (
                    coding.actions.decoder(legal)
                )
        if state.is_terminal():
            break
        state.apply(_chosen(state, rng))
    assert checked > 100
    with pytest.raises(ValueError, match="observation size"):
        state.observe_into(0, mine[:-1])
    with pytest.raises(TypeError):
        state.observe_into(0, mine.astype(np.float64))
    with pytest.raises(ValueError, match="not a seat"):
        state.observe_into(state.num_seats, mine)
