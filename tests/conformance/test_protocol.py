"""Conformance of every registered game to the core state protocol.

Parametrized over ``terranova.games()`` and a few parameter sets per game (every seat
count, every choice of every variant, and a few combinations), so a new game is checked
as soon as it registers. Only the core protocol is used (``terranova.make``, ``State``
methods, ``terranova.core.records``); a game's own checks live with its tests
(``tests/games/<game>``).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import terranova
from terranova.core import records
from terranova.core.action_text import action_data, parser_of, seen_data
from terranova.core.actions import Action
from terranova.core.errors import IllegalActionError, MalformedActionError, RecordError
from terranova.core.i18n import Said, as_data
from terranova.core.registry import (
    game_info,
    games,
)  # terranova.games: see tests/core/test_registry.py
from terranova.core.state import CHANCE, TERMINAL, State
from tests.conformance.walk import MAX_PLIES, choose, game_history, key, positions, sampled, viewers
from tests.pairwise import pairwise

GAMES_PER_CASE = 3  # random games to the end per parameter set


def param_sets(game_id: str) -> list[dict[str, object]]:
    info = games()[game_id]
    out: list[dict[str, object]] = [{}]
    out += [{"players": n} for n in range(info.min_seats, info.max_seats + 1)]
    for variant in info.variants.values():
        for choice in variant.choices or ():
            if choice != variant.default:
                out.append({variant.name: choice})
    out += [dict(p) for p in info.test_params]  # the game's own combinations
    unique: dict[str, dict[str, object]] = {}
    for params in out:
        resolved = info.resolve(params)
        unique.setdefault(json.dumps(resolved, sort_keys=True), params)
    return list(unique.values())


CASES = [(g, p) for g in sorted(games()) for p in param_sets(g)]
IDS = [g + "[" + ",".join(f"{k}={v}" for k, v in p.items()) + "]" for g, p in CASES]

# The checks of every case below, in this order. ``make test`` runs them on a pairwise cover
# (tests/pairwise.py) of check x seat count x every variant's choices, a game at a time, and
# every game's own combinations (GameInfo.test_params) through the whole-game checks; the
# ``slow`` tier (make test-slow) runs the rest of the full sweep, every check on every case.
CHECKS = (
    "test_random_games_run_to_the_end",
    "test_legal_actions_are_deterministic",
    "test_every_legal_action_applies",
    "test_illegal_actions_raise_and_change_nothing",
    "test_parse_action_round_trips",
    "test_clones_are_independent",
    "test_chance_outcomes",
    "test_sample_chance_follows_the_probabilities",
    "test_records_round_trip_and_replay",
    "test_tampered_records_are_refused",
    "test_same_seed_gives_byte_identical_records",
    "test_views_are_json",
    "test_resample_keeps_what_the_seat_sees",
    "test_resampled_states_are_playable",
    "test_describe_action",
    "test_response_windows_match_the_declaration",
    "test_estimates_are_every_seats_estimate",
    "test_actions_are_data_that_reads_back",
    "test_what_a_seat_sees_of_an_action_hides_the_same_in_data_and_words",
)
WHOLE_GAME_CHECKS = ("test_random_games_run_to_the_end", "test_records_round_trip_and_replay")
"""The checks every combination of a game's own (``test_params``) meets in ``make test``."""


@cache
def pairwise_params(game_id: str) -> dict[str, list[dict[str, object]]]:
    """Each check's parameter sets in the pairwise cover of check x seat count x the
    choices of every variant that lists them (only the values that differ from the
    defaults are written), then the game's own combinations for the whole-game checks."""
    out: dict[str, list[dict[str, object]]] = {check: [] for check in CHECKS}
    for check, params in pairwise_settings(game_id, CHECKS):
        out[str(check)].append(params)
    for check in WHOLE_GAME_CHECKS:
        out[check] += [dict(p) for p in games()[game_id].test_params]
    return out


Setting = tuple[object, dict[str, object]]


def pairwise_settings(game_id: str, first: Sequence[object]) -> list[Setting]:
    """A pairwise cover (tests/pairwise.py) of ``first`` (checks, encodings...) x seat
    count x the choices of every variant that lists them: each row's value of ``first`` and
    its parameters (only the values that differ from the defaults written)."""
    info = games()[game_id]
    chosen = [v for v in info.variants.values() if v.choices]
    dimensions: list[list[object]] = [
        list(first),
        list(range(info.min_seats, info.max_seats + 1)),
        *[list(v.choices or ()) for v in chosen],
    ]
    out: list[Setting] = []
    for value, players, *choices in pairwise(dimensions):
        params: dict[str, object] = {}
        if players != info.default_seats:
            params["players"] = players
        for variant, choice in zip(chosen, choices, strict=True):
            if choice != variant.default:
                params[variant.name] = choice
        out.append((value, params))
    return out


def check_cases(check: str) -> list[Any]:
    """The cases of one check: its pairwise cover's, then (marked ``slow``) every other
    case of the full sweep (CASES): together, every case at least once."""
    out: list[Any] = []
    for game_id in sorted(games()):
        info = games()[game_id]
        fast = pairwise_params(game_id)[check]
        seen = {json.dumps(info.resolve(p), sort_keys=True) for p in fast}
        for params in fast:
            out.append(pytest.param(game_id, params, id=case_id(game_id, params)))
        for params in param_sets(game_id):
            if json.dumps(info.resolve(params), sort_keys=True) not in seen:
                ident = case_id(game_id, params)
                out.append(pytest.param(game_id, params, id=ident, marks=pytest.mark.slow))
    return out


def case_id(game_id: str, params: dict[str, object]) -> str:
    return game_id + "[" + ",".join(f"{k}={v}" for k, v in params.items()) + "]"


def test_every_check_is_a_test_here() -> None:
    found = [name for name, value in globals().items() if name.startswith("test_")]
    assert set(CHECKS) <= set(found)
    for game_id in sorted(games()):  # the cover meets every check, every seat count
        fast = pairwise_params(game_id)
        assert all(fast[check] for check in CHECKS)
        info = games()[game_id]
        for check in CHECKS:
            seats = {info.resolve(p)["players"] for p in fast[check]}
            assert seats == set(range(info.min_seats, info.max_seats + 1)), check


def case(test: Callable[[str, dict[str, object]], None]) -> Any:
    """Parametrize a check (listed in CHECKS) over its cases (:func:`check_cases`)."""
    assert test.__name__ in CHECKS, f"{test.__name__} is not in CHECKS"
    return pytest.mark.parametrize(("game_id", "params"), check_cases(test.__name__))(test)


# ------------------------------------------------------------------------- helpers


def snapshot(state: State) -> dict[str, Any]:
    """Everything observable about a state through the protocol."""
    return {
        "history": [str(a) for a in state.history()],
        "views": {str(v): json.dumps(state.view(v), sort_keys=True) for v in viewers(state)},
        "legal": [str(a) for a in state.legal_actions()],
        "chance": [(str(a), p) for a, p in state.chance_outcomes()],
        "scores": list(state.scores()),
        "returns": list(state.returns()),
        "current": state.current_player(),
        "terminal": state.is_terminal(),
        "winners": state.winners(),
    }


class ForeignAction(Action):
    """An action of no game."""

    def __str__(self) -> str:
        return "foreign action"


def mutations(action: Action) -> list[Action]:
    """Malformed variants of an action: every field set to an out-of-range value."""
    if not dataclasses.is_dataclass(action):
        return []
    out: list[Action] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            bad: list[object] = [value + 1_000_000, value - 1_000_000, -1]
        elif isinstance(value, str):
            bad = ["no-such-thing", ""]
        else:
            continue
        for item in bad:
            out.append(dataclasses.replace(action, **{f.name: item}))  # type: ignore[type-var]
    return out


class RandomAgent:
    """A seeded uniformly random player."""

    def __init__(self, seed: int) -> None:
        self.name = f"random-{seed}"
        self._rng = random.Random(seed)

    def select(self, state: State) -> Action:
        return self._rng.choice(list(state.legal_actions()))


def play_record(game_id: str, params: dict[str, object], seed: int) -> records.GameRecord:
    state = terranova.make(game_id, **params)
    agents = [RandomAgent(seed * 100 + s) for s in range(state.num_seats)]
    return records.play(state, agents, seed)


# -------------------------------------------------------------------- whole games


@case
def test_random_games_run_to_the_end(game_id: str, params: dict[str, object]) -> None:
    info = games()[game_id]
    for seed in range(GAMES_PER_CASE):
        state = terranova.make(game_id, **params)
        assert state.game_id == game_id
        n = state.num_seats
        assert info.min_seats <= n <= info.max_seats
        rng = random.Random(seed)
        for _ in range(MAX_PLIES):
            actor = state.current_player()
            assert actor in (CHANCE, TERMINAL) or 0 <= actor < n
            assert state.is_terminal() == (actor == TERMINAL)
            assert len(state.scores()) == n
            if state.is_terminal():
                break
            legal = list(state.legal_actions())
            assert legal, "a state that is not over has legal actions"
            assert len(set(map(str, legal))) == len(legal), "legal actions are distinct"
            assert state.winners() == []
            if actor == CHANCE:
                assert {str(a) for a, _ in state.chance_outcomes()} == set(map(str, legal))
            else:
                assert state.chance_outcomes() == []
            action = choose(state, rng)
            assert action in legal
            state.apply(action)
        assert state.is_terminal(), f"no end in {MAX_PLIES} plies"
        assert list(state.legal_actions()) == []
        assert state.chance_outcomes() == []
        returns = list(state.returns())
        assert len(returns) == n
        best = [s for s in range(n) if returns[s] == max(returns)]
        # a solo game may be lost to the game itself (an automaton), and a game where every
        # seat ends level may end with no winner (Bluff's stalemate): no winner
        nobody = state.winners() == [] and (n == 1 or len(best) == n)
        assert state.winners() == best or nobody
        assert list(state.scores()) == returns
        assert game_history(game_id, key(params), seed) == tuple(map(str, state.history()))


@case
def test_legal_actions_are_deterministic(game_id: str, params: dict[str, object]) -> None:
    for seed in range(2):
        texts = game_history(game_id, key(params), seed)
        a = terranova.make(game_id, **params)
        b = terranova.make(game_id, **params)
        for text in texts:
            legal_a = list(map(str, a.legal_actions()))
            assert legal_a == list(map(str, a.legal_actions())), "same state, same list"
            assert legal_a == list(map(str, b.legal_actions())), "same history, same list"
            assert legal_a == list(map(str, a.clone().legal_actions())), "clone, same list"
            a.apply(a.parse_action(text))
            b.apply(b.parse_action(text))


@case
def test_every_legal_action_applies(game_id: str, params: dict[str, object]) -> None:
    for state in sampled(game_id, params, seed=0, count=12):
        before = snapshot(state)
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            assert [str(a) for a in child.history()] == before["history"] + [str(action)]
        assert snapshot(state) == before


@case
def test_illegal_actions_raise_and_change_nothing(game_id: str, params: dict[str, object]) -> None:
    texts = game_history(game_id, key(params), 1)
    probe = terranova.make(game_id, **params)
    pool: dict[str, Action] = {}
    for text in texts:  # actions of other positions and phases of the same game
        for action in probe.legal_actions():
            pool.setdefault(str(action), action)
        probe.apply(probe.parse_action(text))
    rng = random.Random(7)
    pool_list = sorted(pool.items())
    for state in sampled(game_id, params, seed=1, count=8):
        legal = {str(a) for a in state.legal_actions()}
        others = [a for text, a in pool_list if text not in legal]
        candidates = rng.sample(others, min(12, len(others)))
        candidates.append(ForeignAction())
        for action in rng.sample(list(state.legal_actions()), min(2, len(legal))):
            candidates += [m for m in mutations(action) if str(m) not in legal]
        before = snapshot(state)
        for action in candidates:
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert snapshot(state) == before, f"{action} changed the state"


@case
def test_parse_action_round_trips(game_id: str, params: dict[str, object]) -> None:
    for state in positions(game_id, params, seed=0, every=1):
        for action in [*state.legal_actions(), *state.history()[-1:]]:
            parsed = state.parse_action(str(action))
            assert parsed == action
            assert str(parsed) == str(action)
            assert type(parsed) is type(action)
    state = terranova.make(game_id, **params)
    for text in ["", "   ", "no such action at all 12 34", "foreign action", "\x00"]:
        with pytest.raises(MalformedActionError):
            state.parse_action(text)


@case
def test_clones_are_independent(game_id: str, params: dict[str, object]) -> None:
    rng = random.Random(11)
    for state in sampled(game_id, params, seed=2, count=8):
        original = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == original
        for _ in range(rng.randrange(1, 40)):  # play on the clone
            if copy.is_terminal():
                break
            copy.apply(choose(copy, rng))
        assert snapshot(state) == original
        copy = state.clone()
        kept = snapshot(copy)
        for _ in range(rng.randrange(1, 40)):  # play on the original
            if state.is_terminal():
                break
            state.apply(choose(state, rng))
        assert snapshot(copy) == kept


@case
def test_chance_outcomes(game_id: str, params: dict[str, object]) -> None:
    seen = 0
    for state in positions(game_id, params, seed=0, every=2):
        outcomes = state.chance_outcomes()
        if state.current_player() != CHANCE:
            assert outcomes == []
            continue
        seen += 1
        assert outcomes
        assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
        assert all(0 < p <= 1 for _, p in outcomes)
        texts = [str(a) for a, _ in outcomes]
        assert len(set(texts)) == len(texts)
        before = snapshot(state)
        for seed in range(3):
            assert str(state.sample_chance(random.Random(seed))) in texts
        assert snapshot(state) == before
    assert (seen > 0) == games()[game_id].has_chance


@case
def test_sample_chance_follows_the_probabilities(game_id: str, params: dict[str, object]) -> None:
    state = next(
        (s for s in positions(game_id, params, seed=0, every=1) if s.chance_outcomes()), None
    )
    if state is None:
        assert not games()[game_id].has_chance
        return
    rng = random.Random(1)
    draws = 4000
    counts: dict[str, int] = {}
    for _ in range(draws):
        text = str(state.sample_chance(rng))
        counts[text] = counts.get(text, 0) + 1
    for action, p in state.chance_outcomes():
        freq = counts.get(str(action), 0) / draws
        assert abs(freq - p) <= 5 * math.sqrt(p * (1 - p) / draws) + 1 / draws, action


# ------------------------------------------------------------------------ records


@case
def test_records_round_trip_and_replay(game_id: str, params: dict[str, object]) -> None:
    record = play_record(game_id, params, seed=3)
    text = record.to_json()
    again = records.GameRecord.from_json(text)
    assert again.to_json() == text
    assert json.loads(text)["game"] == game_id
    state = records.replay(again)
    assert [str(a) for a in state.history()] == record.actions
    assert state.is_terminal()
    result: dict[str, object] = {"scores": list(state.returns()), "winners": state.winners()}
    reason = state.end_reason()
    if reason is not None:  # a game that says why it ended (words, kept as data)
        assert isinstance(reason, Said | str) and str(reason)
        result["reason"] = as_data(reason)
    assert record.result == result
    assert record.params == state.params()

    # turns, recomputed from the definition: maximal runs of decisions by one seat, which
    # alone at the table a chance outcome also ends
    probe = terranova.make(game_id, **params)
    runs: list[tuple[int, int, int]] = []  # (seat, first ply, last ply) of each run
    answered = False  # a chance outcome since the last run's decision, with one seat
    for ply, action_text in enumerate(record.actions):
        actor = probe.current_player()
        if actor >= 0:
            if runs and runs[-1][0] == actor and not answered:
                runs[-1] = (actor, runs[-1][1], ply)
            else:
                runs.append((actor, ply, ply))
            answered = False
        elif probe.num_seats == 1 and runs:
            answered = True
        probe.apply(probe.parse_action(action_text))
    assert [t.seat for t in record.turns] == [seat for seat, _, _ in runs]
    assert [t.turn for t in record.turns] == list(range(1, len(runs) + 1))
    for k, (turn, (_, _, last)) in enumerate(zip(record.turns, runs, strict=True)):
        next_first = runs[k + 1][1] if k + 1 < len(runs) else len(record.actions)
        assert last < turn.ply <= max(next_first, last + 1)
        assert len(turn.scores) == state.num_seats
    assert list(record.turns[-1].scores) == list(state.returns())

    half = len(record.actions) // 2
    partial = records.replay(again, upto=half)
    assert [str(a) for a in partial.history()] == record.actions[:half]


@case
def test_tampered_records_are_refused(game_id: str, params: dict[str, object]) -> None:
    record = play_record(game_id, params, seed=4)
    text = record.to_json()

    def tampered(change: Callable[[dict[str, Any]], None]) -> records.GameRecord:
        data = json.loads(text)
        change(data)
        return records.GameRecord.from_dict(data)

    # an action replaced by one that is legal elsewhere but not at its ply
    probe = terranova.make(game_id, **params)
    swaps: list[tuple[int, str]] = []
    seen: list[str] = []
    for ply, action_text in enumerate(record.actions):
        legal = {str(a) for a in probe.legal_actions()}
        foreign = [t for t in seen if t not in legal]
        if foreign and ply % 7 == 0:
            swaps.append((ply, foreign[ply % len(foreign)]))
        seen.extend(sorted(legal)[:3])
        probe.apply(probe.parse_action(action_text))
    assert swaps
    for ply, replacement in swaps[:6]:

        def swap(data: dict[str, Any], ply: int = ply, new: str = replacement) -> None:
            data["actions"][ply] = new

        with pytest.raises(RecordError):
            records.replay(tampered(swap))

    def score(data: dict[str, Any]) -> None:
        data["turns"][len(data["turns"]) // 2]["scores"][0] += 1

    def final(data: dict[str, Any]) -> None:
        data["result"]["scores"][-1] += 1

    def winners(data: dict[str, Any]) -> None:
        data["result"]["winners"] = [
            s for s in range(len(data["seats"])) if s not in data["result"]["winners"]
        ]

    def truncate(data: dict[str, Any]) -> None:
        data["actions"].pop()

    def garbage(data: dict[str, Any]) -> None:
        data["actions"][0] = "this is no action"

    def version(data: dict[str, Any]) -> None:
        data["rules_version"] = "0-no-such-version"

    def unknown_param(data: dict[str, Any]) -> None:
        data["params"]["no_such_parameter"] = 1

    def game(data: dict[str, Any]) -> None:
        data["game"] = "no-such-game"

    def seats(data: dict[str, Any]) -> None:
        data["seats"].append({"name": "extra", "kind": "bot"})

    for change in [score, final, winners, truncate, garbage, version, unknown_param, game, seats]:
        with pytest.raises(RecordError):
            records.replay(tampered(change))


@case
def test_same_seed_gives_byte_identical_records(game_id: str, params: dict[str, object]) -> None:
    first = play_record(game_id, params, seed=5).to_json()
    assert play_record(game_id, params, seed=5).to_json() == first
    assert play_record(game_id, params, seed=6).to_json() != first


SCRIPT = """
import json, random, sys
import terranova
from terranova.core import records
from terranova.core.action_text import action_data, parser_of, seen_data
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


@pytest.mark.parametrize("game_id", sorted(games()))
def test_records_do_not_depend_on_the_process_hash_seed(game_id: str) -> None:
    info = games()[game_id]
    params = dict(info.test_params[0]) if info.test_params else {}
    expected = play_record(game_id, params, seed=5).to_json()
    src = str(Path(terranova.__file__).resolve().parents[1])
    for hash_seed in ["1", "12345"]:
        path = os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")]))
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path}
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT, game_id, json.dumps(params)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            timeout=120,
        )
        assert out.stdout == expected


# ------------------------------------------------------------ views, hidden information


@case
def test_views_are_json(game_id: str, params: dict[str, object]) -> None:
    for state in sampled(game_id, params, seed=0, count=10):
        for seat in viewers(state):
            view = state.view(seat)
            assert isinstance(view, dict)
            text = json.dumps(view, allow_nan=False)
            assert json.loads(text) == view, "the view holds only JSON values"
        components = state.components()
        assert json.loads(json.dumps(components, allow_nan=False)) == components
        assert components == terranova.make(game_id, **params).components()
        assert json.loads(json.dumps(state.params())) == state.params()


@case
def test_resample_keeps_what_the_seat_sees(game_id: str, params: dict[str, object]) -> None:
    """Two states that differ only in what seat s may not see (one of them drawn by
    ``resample(s, rng)``) give s the same view."""
    for state in sampled(game_id, params, seed=1, count=8):
        for seat in range(state.num_seats):
            seen = json.dumps(state.view(seat), sort_keys=True)
            before = snapshot(state)
            for k in range(3):
                other = state.resample(seat, random.Random(k))
                assert json.dumps(other.view(seat), sort_keys=True) == seen
                assert other.num_seats == state.num_seats
                assert other.current_player() == state.current_player()
                assert list(other.scores()) == list(state.scores())
                assert other.is_terminal() == state.is_terminal()
                if state.current_player() == seat:
                    assert list(map(str, other.legal_actions())) == list(
                        map(str, state.legal_actions())
                    )
            assert snapshot(state) == before, "resampling does not touch the state"


@case
def test_resampled_states_are_playable(game_id: str, params: dict[str, object]) -> None:
    """A resampled state is a state of the game: its legal actions apply and it plays
    to the end (search plays on such states)."""
    rng = random.Random(17)
    for index, state in enumerate(sampled(game_id, params, seed=3, count=6)):
        seat = index % state.num_seats
        other = state.resample(seat, rng)
        for _ in range(MAX_PLIES):
            if other.is_terminal():
                break
            legal = list(other.legal_actions())
            assert legal, "a resampled state that is not over has legal actions"
            for action in rng.sample(legal, min(6, len(legal))):
                other.clone().apply(action)
            other.apply(choose(other, rng))
        assert other.is_terminal()


@case
def test_describe_action(game_id: str, params: dict[str, object]) -> None:
    for state in sampled(game_id, params, seed=0, count=10):
        actor = state.current_player()
        for action in list(state.legal_actions())[:10]:
            if actor >= 0:
                assert state.describe_action(action, actor) == str(action)
            for seat in viewers(state):
                described = state.describe_action(action, seat)
                assert described is None or isinstance(described, str)


@case
def test_response_windows_match_the_declaration(game_id: str, params: dict[str, object]) -> None:
    """A window names the seat to move first and offers its let-pass action; only games that
    declare windows open them."""
    declared = game_info(game_id).has_response_windows
    opened = 0
    texts = game_history(game_id, key(params), 0)
    state = terranova.make(game_id, **params)
    for text in texts:
        window = state.response_window()
        if window is not None:
            opened += 1
            assert declared, f"{game_id} opens a window but does not declare any"
            assert window.seats and window.seats[0] == state.current_player()
            assert len(set(window.seats)) == len(window.seats)
            assert window.let_pass in state.legal_actions()
        state.apply(state.parse_action(text))
    assert state.response_window() is None  # none at the end


@case
def test_estimates_are_every_seats_estimate(game_id: str, params: dict[str, object]) -> None:
    """Search asks for all seats' estimates at once; a game that shares the work between
    seats must give exactly what each seat's own estimate gives."""
    for state in sampled(game_id, params, seed=2, count=25):
        assert state.estimates() == [state.estimate(s) for s in range(state.num_seats)]


# ------------------------------------------------------------- actions as data and words


IN_WORDS = {"discovery", "evolution-explore", "evolution-bluff", "small-islands", "entdecker"}
"""The games whose moves are said in words (not their texts)."""


@case
def test_actions_are_data_that_reads_back(game_id: str, params: dict[str, object]) -> None:
    """Every action (decisions and chance outcomes of a random game) is data of JSON
    values (``action_data``: its kind and fields) that its game's parser makes back into
    the action, and says itself in words to the seat that decides it."""
    for state in sampled(game_id, params, seed=4, count=12):
        actor = state.current_player()
        actions = [a for a, _ in state.chance_outcomes()] if actor == CHANCE else []
        actions += list(state.legal_actions())
        for action in actions[:40]:
            data = action_data(action)
            assert data["kind"] == type(action).__name__
            assert json.loads(json.dumps(data)) == data
            assert parser_of(action).from_data(json.loads(json.dumps(data))) == action
            if actor >= 0:
                says = state.say_action(action, actor)
                assert isinstance(says, Said | str) and str(says)
                if game_id in IN_WORDS and " " in str(action):
                    assert str(says) != str(action), "a move of more than a word is said in words"


@case
def test_what_a_seat_sees_of_an_action_hides_the_same_in_data_and_words(
    game_id: str, params: dict[str, object]
) -> None:
    """Hidden information: the data of an action as a seat saw it (``seen_data`` of the
    text ``describe_action`` gives it) and its words (``say_action``) say no more than that
    text: every action that would show a seat the same text from the same position shows
    it the same data and the same words; a seat shown nothing is said nothing."""
    masked = 0
    for state in sampled(game_id, params, seed=5, count=25):
        actor = state.current_player()
        if actor == CHANCE:
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            actions = list(state.legal_actions())
        for seat in viewers(state):
            by_text: dict[str, tuple[object, str | None]] = {}
            for action in actions[:60]:
                seen = state.describe_action(action, seat)
                says = state.say_action(action, seat)
                if seen is None:
                    assert says is None
                    continue
                data = seen_data(action, seen)
                if seen != str(action):
                    masked += 1
                    assert data == parser_of(action).masked_data(seen)
                said = json.dumps(as_data(says), sort_keys=True) if says is not None else None
                shown = (json.dumps(data, sort_keys=True), said)
                assert by_text.setdefault(seen, shown) == shown, (seen, shown, by_text[seen])
    if game_id == "evolution-bluff" and not params:
        assert masked, "the walk meets actions hidden from some seats"
