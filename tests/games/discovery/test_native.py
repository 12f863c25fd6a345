"""The native engine of The Discovery (``native/discovery.hpp``) against the reference, the
Python rules: the same legal actions in the same order, the same chance outcomes and
probabilities, the same returns and the same final position, decision by decision, in
every variant; the golden playthroughs played again on it; positions converted both ways.

These tests need the native engine built (``make test`` builds it with the package); with
``TERRANOVA_NATIVE=0`` they fail rather than skip (a test run without the engine leaves
them out by their marker, ``-m "not native"``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import terranova
from terranova.agents.registry import make_agent
from terranova.core.errors import IllegalActionError, InvalidParameterError
from terranova.core.registry import native_available
from terranova.core.state import CHANCE, State
from terranova.games.discovery import INFO, PASS, DiscoveryState, Place
from terranova.games.discovery.native_state import NativeDiscoveryState, random_games
from tests.conformance import playthroughs

pytestmark = pytest.mark.native

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
        if reference.current_player() == CHANCE:
            action = _chosen(reference, rng)
        else:
            action = agent.select(reference)
            decisions += 1
        reference.apply(action)
        native.apply(action)
    assert isinstance(native, NativeDiscoveryState)
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
    native = NativeDiscoveryState.from_python(reference)
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
    before = native.to_python().position() if isinstance(native, NativeDiscoveryState) else None
    other = native.clone()
    for _ in range(40):
        other.apply(_chosen(other, rng))
    assert isinstance(native, NativeDiscoveryState)
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
    assert isinstance(native, NativeDiscoveryState)
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
    decisions, placements = random_games(game, 20, seed=7)
    # every tile of the stack is laid or discarded: at most one placement a tile, and
    # each placement is followed by one follower decision
    assert 0 < placements <= 20 * len(game.stack)
    assert decisions == 2 * placements


def test_the_engine_is_chosen_by_name() -> None:
    assert native_available("discovery")
    assert isinstance(terranova.make("discovery", engine="native"), NativeDiscoveryState)
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


def test_a_game_without_a_native_engine_says_so() -> None:
    assert not native_available("entdecker")
    with pytest.raises(InvalidParameterError, match="entdecker has no native engine"):
        terranova.make("entdecker", engine="native")
