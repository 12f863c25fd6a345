"""The generic conformance checks of ``tests/conformance`` on both games of Discovery
(evolution), with the options that suite does not reach.

``tests/conformance/test_protocol.py`` runs on every registered game with its default
parameters and every seat count (1 to 9 here); it tries a variant's other values only
when the variant lists them, and ``automata``, ``teams`` and ``jokers`` are plain numbers.
So this module runs the same checks with jokers, teams and automata, alone and together,
and the hash-seed check with teams and jokers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import terranova
from terranova.core.registry import games
from terranova.games.evolution import INFOS
from tests.conformance import test_protocol as conformance

PARAMS: list[dict[str, object]] = [
    {"players": 2, "automata": 1},
    {"players": 1, "jokers": 4},
    {"players": 4, "jokers": 4},
    {"players": 4, "teams": 2},
    {"players": 6, "teams": 3, "jokers": 2},
    {"players": 5, "automata": 2, "jokers": 4},
    {"players": 7, "automata": 3, "teams": 2, "jokers": 4},
    {"players": 9, "automata": 8, "jokers": 4},
]
GAMES = [info.id for info in INFOS]
CASES = [(g, p) for g in GAMES for p in PARAMS]
IDS = [g + "[" + ",".join(f"{k}={v}" for k, v in p.items()) + "]" for g, p in CASES]
case = pytest.mark.parametrize(("game_id", "params"), CASES, ids=IDS)

CHECKS = [
    conformance.test_random_games_run_to_the_end,
    conformance.test_legal_actions_are_deterministic,
    conformance.test_every_legal_action_applies,
    conformance.test_illegal_actions_raise_and_change_nothing,
    conformance.test_parse_action_round_trips,
    conformance.test_clones_are_independent,
    conformance.test_chance_outcomes,
    conformance.test_sample_chance_follows_the_probabilities,
    conformance.test_records_round_trip_and_replay,
    conformance.test_tampered_records_are_refused,
    conformance.test_same_seed_gives_byte_identical_records,
    conformance.test_views_are_json,
    conformance.test_resample_keeps_what_the_seat_sees,
    conformance.test_resampled_states_are_playable,
    conformance.test_describe_action,
]


def test_the_generic_suite_tries_every_seat_count_and_no_option() -> None:
    for game_id in GAMES:
        info = games()[game_id]
        tried = [info.resolve(p) for g, p in conformance.CASES if g == game_id]
        assert sorted(p["players"] for p in tried) == list(range(1, 10))
        # the options have no list of values: only this module tries them
        assert all(p["automata"] == p["teams"] == p["jokers"] == 0 for p in tried)


@case
@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__.removeprefix("test_") for c in CHECKS])
def test_conformance(check: object, game_id: str, params: dict[str, object]) -> None:
    check(game_id, params)  # type: ignore[operator]


@pytest.mark.parametrize("game_id", GAMES)
def test_records_do_not_depend_on_the_process_hash_seed(game_id: str) -> None:
    params = {"players": 4, "teams": 2, "jokers": 4}
    expected = conformance.play_record(game_id, params, seed=5).to_json()
    src = str(Path(terranova.__file__).resolve().parents[1])
    for hash_seed in ["1", "12345"]:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": src}
        out = subprocess.run(
            [sys.executable, "-c", conformance.SCRIPT, game_id, json.dumps(params)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=120,
        )
        assert out.stdout == expected
