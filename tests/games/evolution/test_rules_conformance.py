"""The generic conformance checks of ``tests/conformance`` on both games of Discovery
(evolution), with every option: jokers, teams, automata, 1 to 9 seats.

The games are registered for the time of this module only (a fixture), so the checks
run through the same registry calls (``terranova.make``, ``games()``) as for every
registered game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import terranova
from terranova.core import records, registry
from terranova.games.evolution import INFOS
from tests.conformance import test_protocol as conformance

PARAMS: list[dict[str, object]] = [
    {},
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {"players": 9},
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


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    added = [info for info in INFOS if info.id not in registry.games()]
    for info in added:
        registry.register(info)
    yield
    for info in added:
        registry._REGISTRY.pop(info.id, None)


CHECKS = [
    conformance.test_random_games_run_to_the_end,
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


@case
@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__.removeprefix("test_") for c in CHECKS])
def test_conformance(check: object, game_id: str, params: dict[str, object]) -> None:
    check(game_id, params)  # type: ignore[operator]


SCRIPT = """
import json, random, sys
from terranova.core import records, registry
from terranova.games.evolution import INFOS
for info in INFOS:
    registry.register(info)
import terranova
game_id, params = sys.argv[1], json.loads(sys.argv[2])

class RandomAgent:
    def __init__(self, seed):
        self.name = f"random-{seed}"
        self._rng = random.Random(seed)
    def select(self, state):
        return self._rng.choice(list(state.legal_actions()))

state = terranova.make(game_id, **params)
agents = [RandomAgent(5 * 100 + s) for s in range(state.num_seats)]
sys.stdout.write(records.play(state, agents, 5).to_json())
"""


@pytest.mark.parametrize("game_id", GAMES)
def test_records_do_not_depend_on_the_process_hash_seed(game_id: str) -> None:
    params = {"players": 4, "teams": 2, "jokers": 4}
    state = terranova.make(game_id, **params)
    agents = [conformance.RandomAgent(5 * 100 + s) for s in range(state.num_seats)]
    expected = records.play(state, agents, 5).to_json()
    src = str(Path(terranova.__file__).resolve().parents[1])
    for hash_seed in ["1", "12345"]:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": src}
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT, game_id, json.dumps(params)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=120,
        )
        assert out.stdout == expected
