"""Properties of The Discovery over random games (hypothesis picks the games).

The territories the engine keeps incrementally are compared with a flood fill from
scratch (``reference.Map``), and every follower's value with the rulebook's formulas.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terranova.core.state import CHANCE
from terranova.games.discovery.actions import Place, Remove
from terranova.games.discovery.content import load_tileset
from terranova.games.discovery.rules import DiscoveryState
from tests.games.discovery.reference import LAB, Map

FOLLOWERS = 4

PARAMS = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "hand": st.sampled_from([1, 2]),
        "hand_visibility": st.sampled_from(["public", "private"]),
        "equal_turns": st.sampled_from(["off", "rulebook", "exact"]),
    }
)
TILESETS = st.sampled_from(["built-in", "lab"])
SETTINGS = settings(
    deadline=None,
    max_examples=12,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def new_state(tiles: str, params: dict[str, object]) -> DiscoveryState:
    ts = load_tileset() if tiles == "built-in" else LAB
    return DiscoveryState(ts, **params)  # type: ignore[arg-type]


def step(state: DiscoveryState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    else:
        # a taste for follower moves, so that many followers come and go
        legal = state.legal_actions()
        moves = [a for a in legal if str(a) != "pass"]
        state.apply(rng.choice(moves if moves and rng.random() < 0.7 else legal))


@SETTINGS
@given(tiles=TILESETS, params=PARAMS, seed=st.integers(0, 2**32 - 1))
def test_followers_are_conserved(tiles: str, params: dict[str, object], seed: int) -> None:
    state = new_state(tiles, params)
    rng = random.Random(seed)
    while True:
        view = state.view(None)
        on_map = Counter(f["seat"] for f in view["followers"])
        for seat in range(state.num_seats):
            assert view["supply"][seat] + on_map[seat] == FOLLOWERS
            assert 0 <= view["supply"][seat] <= FOLLOWERS
        if state.is_terminal():
            break
        step(state, rng)


@SETTINGS
@given(tiles=TILESETS, params=PARAMS, seed=st.integers(0, 2**32 - 1))
def test_scores_never_go_down(tiles: str, params: dict[str, object], seed: int) -> None:
    state = new_state(tiles, params)
    rng = random.Random(seed)
    scores = list(state.scores())
    assert scores == [0] * state.num_seats
    while not state.is_terminal():
        step(state, rng)
        now = list(state.scores())
        assert all(b >= a for a, b in zip(scores, now, strict=True)), (scores, now)
        scores = now
    assert list(state.returns()) == scores


def check_against_flood_fill(state: DiscoveryState) -> Map:
    ref = Map(state.tileset, state.placements())
    kept = {frozenset(nodes) for nodes in state.territory_nodes().values()}
    assert kept == ref.partition()
    for f in state.view(None)["followers"]:
        territory = ref.territory(f["x"], f["y"], f["region"])
        assert f["terrain"] == territory.terrain.label
        assert f["tiles"] == len(territory.tiles)
        assert f["open_edges"] == territory.open_edges
        assert f["complete"] == territory.complete
        assert f["value_now"] == ref.value(territory), f
        assert f["value_final"] == ref.value(territory, final=True), f
    return ref


@settings(SETTINGS, max_examples=16)
@given(tiles=TILESETS, params=PARAMS, seed=st.integers(0, 2**32 - 1))
def test_territories_and_values_match_a_flood_fill(
    tiles: str, params: dict[str, object], seed: int
) -> None:
    state = new_state(tiles, params)
    rng = random.Random(seed)
    check_against_flood_fill(state)
    while not state.is_terminal():
        before = state.clone()
        step(state, rng)
        action = state.history()[-1]
        if isinstance(action, Place):
            check_against_flood_fill(state)
        elif isinstance(action, Remove) and not state.is_terminal():
            # the points scored are the territory's value when the follower leaves
            # (at the end of the game final scoring adds to them: checked below)
            ref = Map(before.tileset, before.placements())
            seat = before.current_player()
            territory = ref.territory(action.x, action.y, action.region)
            gained = state.scores()[seat] - before.scores()[seat]
            assert gained == ref.value(territory)
        if state.is_terminal():
            # final scoring: every follower left scores its territory as incomplete
            ref = check_against_flood_fill(state)
            expected = list(before.scores())
            if isinstance(action, Remove):
                seat = before.current_player()
                expected[seat] += ref.value(ref.territory(action.x, action.y, action.region))
            for f in state.view(None)["followers"]:
                territory = ref.territory(f["x"], f["y"], f["region"])
                expected[f["seat"]] += ref.value(territory, final=True)
            assert list(state.returns()) == expected
