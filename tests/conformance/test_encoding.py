"""Conformance of every registered game's encoding (core/encoding.py): the fixed action
spaces hold every action and chance outcome of random games, no two legal actions share an
index, the tensors have their declared shape, and the declared bounds hold.

Every encoding of a game is checked (``standard``, and any other its module lists). The
stored digests (tests/data/encodings.json, an encoding other than ``standard`` as
``<game>/<name>``) keep each numbering: a change to an action space or to the planes must
come with a new rules version. After such a change, run
``TERRANOVA_UPDATE_ENCODINGS=1 pytest tests/conformance/test_encoding.py`` and commit the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import terranova
from terranova.core.encoding import STANDARD, Encoding, encoding_of, encodings
from terranova.core.registry import games
from terranova.core.state import CHANCE, State
from tests.conformance.test_protocol import CASES, IDS, case_id, pairwise_settings
from tests.conformance.walk import MAX_PLIES, choose

STORED = Path(__file__).parents[1] / "data" / "encodings.json"
GAMES_PER_CASE = 2
ENCODED = [
    ((*c, name), i if name == STANDARD else f"{i}-{name}")
    for c, i in zip(CASES, IDS, strict=True)
    for name in encodings(games()[c[0]])
]
"""The full sweep: every encoding of every case of the conformance suite."""


def encoded_cases() -> list[Any]:
    """A pairwise cover of encoding x seat count x every variant's choices, a game at a
    time; then (marked ``slow``) the rest of the full sweep."""
    out: list[Any] = []
    fast: set[str] = set()
    for game_id in sorted(games()):
        info = games()[game_id]
        for name, params in pairwise_settings(game_id, encodings(info)):
            ident = case_id(game_id, params) + ("" if name == STANDARD else f"-{name}")
            fast.add(json.dumps([game_id, info.resolve(params), name], sort_keys=True))
            out.append(pytest.param(game_id, params, name, id=ident))
    for (game_id, params, name), ident in ENCODED:
        key = json.dumps([game_id, games()[game_id].resolve(params), name], sort_keys=True)
        if key not in fast:
            out.append(pytest.param(game_id, params, name, id=ident, marks=pytest.mark.slow))
    return out


case = pytest.mark.parametrize(("game_id", "params", "name"), encoded_cases())


def listed(state: State, seat: int, coding: Encoding) -> list[Any]:
    """The legal actions the observation of ``seat`` lists (those of the seat to move)."""
    if coding.listing is None or seat != state.current_player():
        return []
    return list(state.legal_actions())


def test_every_game_declares_an_encoding() -> None:
    missing = [g for g, info in games().items() if info.encoding is None]
    assert not missing, f"no encoding (GameInfo.encoding) for: {', '.join(missing)}"


def check_position(state: State, coding: Encoding) -> None:
    player = state.current_player()
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        decoded = coding.chance.decoder(a for a, _ in outcomes)
        assert len(decoded) == len(outcomes)
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    elif player >= 0:
        legal = list(state.legal_actions())
        assert legal, "a seat to move with no legal action"
        decoded = coding.actions.decoder(legal)
        assert len(decoded) == len(legal)
        for index, action in decoded.items():
            assert 0 <= index < coding.actions.size
            assert coding.actions.describe(index)
            if coding.actions.standalone(index):
                assert coding.actions.action(index) == action


def check_tensors(state: State, coding: Encoding) -> None:
    for seat in range(state.num_seats):
        tensor = coding.observation(state.view(seat), listed(state, seat, coding))
        # a remembered plane holds what was seen (1) or a share of a count seen (the
        # information-state string gives such a cell's value)
        planes = coding.planes_of(tensor)
        for plane in coding.planes:
            if plane.remembered:
                cells = planes[plane.name]
                assert cells.min() >= 0.0 and cells.max() <= 1.0, plane.name
        assert tensor.shape == (coding.observation_size,)
        assert tensor.dtype == np.float32
        assert np.isfinite(tensor).all()
        low, high = coding.bounds
        assert low <= tensor.min() and tensor.max() <= high, (
            f"a number of the observation lies outside {coding.bounds}: planes "
            + ", ".join(
                n
                for n, p in coding.planes_of(tensor).items()
                if p.size and (p.min() < low or p.max() > high)
            )
        )


@case
def test_random_games_stay_inside_the_encoding(
    game_id: str, params: dict[str, object], name: str
) -> None:
    info = games()[game_id]
    coding = encoding_of(info, params, name)
    for seed in range(GAMES_PER_CASE):
        state = terranova.make(game_id, **params)
        rng = random.Random(seed)
        decisions = 0
        for ply in range(MAX_PLIES):
            if state.is_terminal():
                break
            check_position(state, coding)
            if ply % 17 == 0:
                check_tensors(state, coding)
            decisions += state.current_player() >= 0
            state.apply(choose(state, rng))
        assert state.is_terminal()
        check_tensors(state, coding)
        assert decisions <= coding.max_game_length
        low, high = coding.utility
        returns = list(state.returns())
        assert all(low <= r <= high for r in returns), (returns, coding.utility)
        if coding.utility_sum is not None:
            assert sum(returns) == pytest.approx(coding.utility_sum)


@case
def test_equal_views_give_equal_tensors(game_id: str, params: dict[str, object], name: str) -> None:
    """A state resampled for a seat shows that seat the same view (and the seat to move
    the same legal actions), so the same tensor: nothing the seat may not know reaches
    its tensor."""
    coding = encoding_of(games()[game_id], params, name)
    state = terranova.make(game_id, **params)
    rng = random.Random(7)
    ply = 0
    while not state.is_terminal() and ply < MAX_PLIES:
        if ply % 23 == 0:
            for seat in range(state.num_seats):
                other = state.resample(seat, random.Random(ply))
                assert np.array_equal(
                    coding.observation(state.view(seat), listed(state, seat, coding)),
                    coding.observation(other.view(seat), listed(other, seat, coding)),
                )
        state.apply(choose(state, rng))
        ply += 1


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def summary(game_id: str, name: str = STANDARD) -> dict[str, Any]:
    info = games()[game_id]
    coding = encoding_of(info, {}, name)
    return {
        "rules_version": info.rules_version,
        "num_distinct_actions": coding.actions.size,
        "actions": digest(coding.actions.signature()),
        "max_chance_outcomes": coding.chance.size,
        "chance": digest(coding.chance.signature()),
        "planes": [f"{p.name}{list(p.shape)}" for p in coding.planes],
    }


def test_numbering_changes_only_with_the_rules_version() -> None:
    now = {
        g if name == STANDARD else f"{g}/{name}": summary(g, name)
        for g in sorted(games())
        for name in encodings(games()[g])
    }
    stored = json.loads(STORED.read_text()) if STORED.exists() else {}
    for game_id, found in now.items():
        kept = stored.get(game_id)
        if kept is None or kept == found:
            continue
        assert kept["rules_version"] != found["rules_version"], (
            f"{game_id}'s encoding changed under rules version {found['rules_version']}: "
            "give the rules a new version, or keep the numbering"
        )
    if os.environ.get("TERRANOVA_UPDATE_ENCODINGS"):
        STORED.write_text(json.dumps(now, indent=1) + "\n")
        stored = now
    assert stored == now, "the stored encodings are out of date (see this module's docstring)"
