"""The Discovery's encoding (docs/discovery/encoding.md): the sizes and indices the docs
give, and planes that hold what the view says."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import terranova
from terranova.core.encoding import encoding_of
from terranova.core.registry import game_info
from terranova.core.state import CHANCE
from terranova.games.discovery.actions import PASS, Deploy, Place, Remove

INFO = game_info("discovery")


def test_the_sizes_the_docs_give() -> None:
    coding = encoding_of(INFO, {})
    assert coding.actions.size == 251_007
    assert coding.chance.size == 132
    assert coding.observation_size == 223_392
    assert coding.information_state_size == coding.observation_size
    assert coding.max_game_length == 166
    assert coding.utility == (0.0, 13_944.0)
    assert encoding_of(INFO, {"hand": 2}).actions.parts[0].size == 223_112


def test_the_indices_the_docs_give() -> None:
    actions = encoding_of(INFO, {}).actions
    assert actions.decoder([Place("15", 3, -2, 1)]) == {57_773: Place("15", 3, -2, 1)}
    assert actions.index(Deploy(0)) == 111_556
    assert actions.index(Remove(-83, -83, 0)) == 111_561
    assert actions.index(PASS) == 251_006


def test_two_tiles_in_hand_are_told_apart_by_rank() -> None:
    actions = encoding_of(INFO, {"hand": 2}).actions
    decoded = actions.decoder([Place("40", 0, 1, 0), Place("07", 0, 1, 0)])
    assert sorted(decoded) == [
        actions.parts[0].strides[0] * 0 + 83 * 4 * 167 + 84 * 4,
        actions.parts[0].strides[0] * 1 + 83 * 4 * 167 + 84 * 4,
    ]
    assert decoded[min(decoded)] == Place("07", 0, 1, 0)


def test_the_map_plane_shows_the_tiles_and_the_followers_of_the_view() -> None:
    coding = encoding_of(INFO, {})
    state = terranova.make("discovery")
    play_until(state, lambda s: len(s.view(0)["followers"]) >= 2, 4)
    view = state.view(1)
    board = coding.planes_of(coding.observation(view))["map"]
    occupied = {(t["x"], t["y"]) for t in view["map"]}
    assert {(x - 83, y - 83) for y, x in zip(*np.nonzero(board[0]), strict=True)} == occupied
    for follower in view["followers"]:
        channel = 6 if follower["seat"] == 1 else 7
        assert board[channel, follower["y"] + 83, follower["x"] + 83] > 0
    assert np.count_nonzero(board[6:8]) == len(view["followers"])
    start = next(t for t in view["map"] if (t["x"], t["y"]) == (0, 0))
    assert start["design"] == "start"
    assert board[0:4, 83, 83].tolist() == pytest.approx(
        [
            (int(t) + 1) / 3
            for t in state.game.tileset.designs[state.game.tileset.start].edge_terrains(0)
        ]
    )


def test_the_seat_to_move_comes_first_in_its_own_tensor() -> None:
    coding = encoding_of(INFO, {"players": 3})
    state = terranova.make("discovery", players=3)
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    mover = state.current_player()
    for seat in range(3):
        planes = coding.planes_of(coding.observation(state.view(seat)))
        assert planes["to_move"].tolist().index(1.0) == (mover - seat) % 3


def play_until(state: Any, done: Any, seed: int) -> None:
    """Random play until ``done(state)`` holds at a seat's decision."""
    rng = random.Random(seed)
    while state.current_player() == CHANCE or not done(state):
        assert not state.is_terminal(), "the game ended first"
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))


def test_the_compact_sizes_the_docs_give() -> None:
    coding = encoding_of(INFO, {}, "compact")
    assert coding.actions.size == 690
    assert coding.chance.size == 132
    assert coding.observation_size == 7_212
    assert encoding_of(INFO, {"hand": 2}, "compact").actions.parts[0].size == 1_360
    assert coding.utility == encoding_of(INFO, {}).utility


@pytest.mark.parametrize("hand", [1, 2])
def test_the_compact_observation_lists_the_legal_placements_in_index_order(hand: int) -> None:
    coding = encoding_of(INFO, {"hand": hand}, "compact")
    state = terranova.make("discovery", hand=hand)
    play_until(state, lambda s: len(s.placements()) >= 12 and s.view(None)["phase"] == "place", 2)
    seat = state.current_player()
    legal = list(state.legal_actions())
    decoded = coding.actions.decoder(legal)
    assert sorted(decoded) == list(range(len(legal)))  # placements come first, from 0
    planes = coding.planes_of(coding.observation(state.view(seat), legal))
    rows = planes["placements"]
    for index, action in decoded.items():
        assert rows[index, 0] == 1
        assert rows[index, 1:3].tolist() == pytest.approx(
            [(action.x + 83) / 166, (action.y + 83) / 166]
        )
    assert not rows[len(legal) :].any()
    in_hand = sorted(set(state.view(seat)["hands"][seat]["tiles"]))
    for index, action in decoded.items():  # which tile of the hand, by design id
        assert rows[index, 8] == in_hand.index(action.design) / max(1, hand - 1)
    # the others are not shown the seat's choices, nor is the seat between its turns
    for other in range(state.num_seats):
        if other != seat:
            assert not coding.planes_of(coding.observation(state.view(other)))["placements"].any()


def test_the_compact_observation_lists_the_laid_tiles_in_order() -> None:
    coding = encoding_of(INFO, {}, "compact")
    state = terranova.make("discovery")
    play_until(state, lambda s: s.view(None)["phase"] == "follower" and len(s.placements()) > 5, 3)
    view = state.view(0)
    tiles = coding.planes_of(coding.observation(view))["tiles"]
    laid = view["map"]
    assert tiles[: len(laid), 0].tolist() == [1] * len(laid)
    assert not tiles[len(laid) :].any()
    for row, tile in zip(tiles, laid, strict=False):
        assert row[1:3].tolist() == pytest.approx([(tile["x"] + 83) / 166, (tile["y"] + 83) / 166])
    assert tiles[len(laid) - 1, 8] == 1  # the tile just placed, during the follower step
    assert tiles[: len(laid) - 1, 8].sum() == 0


def test_the_compact_removals_are_the_seats_own_followers_in_index_order() -> None:
    coding = encoding_of(INFO, {}, "compact")
    state = terranova.make("discovery")
    play_until(state, lambda s: any(type(a) is Remove for a in s.legal_actions()), 5)
    seat = state.current_player()
    legal = list(state.legal_actions())
    decoded = coding.actions.decoder(legal)
    removals = coding.planes_of(coding.observation(state.view(seat), legal))["removals"]
    first = coding.actions.offsets[2]
    taken = {i - first: a for i, a in decoded.items() if type(a) is Remove}
    assert sorted(taken) == list(range(len(taken)))
    for k, action in taken.items():
        assert removals[k, 1:3].tolist() == pytest.approx(
            [(action.x + 83) / 166, (action.y + 83) / 166]
        )
    assert not removals[len(taken) :].any()
