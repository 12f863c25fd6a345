"""Game records: reading, writing, recording and replaying (on The Discovery)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from terranova.core import records
from terranova.core.actions import Action
from terranova.core.errors import RecordError, TerranovaError
from terranova.core.records import GameRecord, Seat
from terranova.core.registry import game_info, make
from terranova.core.state import CHANCE, State
from terranova.games.discovery.actions import PASS, Deploy, Draw, Place


class FirstAgent:
    """Plays the first legal action."""

    name = "first"

    def select(self, state: State) -> Action:
        return state.legal_actions()[0]


class RandomAgent:
    def __init__(self, seed: int) -> None:
        self.name = f"random:{seed}"
        self._rng = random.Random(seed)

    def select(self, state: State) -> Action:
        return self._rng.choice(list(state.legal_actions()))


def a_record(seed: int = 1, **params: object) -> records.GameRecord:
    state = make("discovery", **params)
    return records.play(state, [RandomAgent(seed + s) for s in range(state.num_seats)], seed)


def test_a_record_holds_the_game() -> None:
    record = a_record(players=3)
    data = json.loads(record.to_json())
    assert data["format"] == "terranova-record/1"
    assert data["game"] == "discovery"
    assert data["rules_version"] == game_info("discovery").rules_version
    assert data["params"]["players"] == 3
    assert [s["name"] for s in data["seats"]] == ["random:1", "random:2", "random:3"]
    assert all(s["kind"] == "bot" for s in data["seats"])
    assert data["seed"] == 1
    assert data["actions"][0].startswith("draw ")
    assert set(data["result"]) == {"scores", "winners"}
    assert len(data["result"]["scores"]) == 3
    best = max(data["result"]["scores"])
    assert data["result"]["winners"] == [
        s for s, v in enumerate(data["result"]["scores"]) if v == best
    ]


def test_the_json_text_is_canonical() -> None:
    record = a_record()
    text = record.to_json()
    assert text.endswith("\n")
    assert text == json.dumps(json.loads(text), indent=1, sort_keys=True) + "\n"


def test_write_and_read(tmp_path: Path) -> None:
    record = a_record()
    path = records.write(record, tmp_path / "deep" / "dir" / "game.json")
    assert path.exists()
    again = records.read(path)
    assert again == record
    assert records.replay(again).is_terminal()


def test_a_practice_game_says_so_and_older_records_read_as_not_practice(
    tmp_path: Path,
) -> None:
    record = a_record()
    assert record.practice is False
    assert "practice" not in record.to_dict()  # the same bytes as before the field existed
    record.practice = True
    assert record.to_dict()["practice"] is True
    again = records.read(records.write(record, tmp_path / "practice.json"))
    assert again == record and again.practice is True
    assert records.replay(again).is_terminal()
    data = record.to_dict()
    del data["practice"]
    assert records.GameRecord.from_dict(data).practice is False
    for bad in ("yes", 1, None):
        with pytest.raises(RecordError, match="practice"):
            records.GameRecord.from_dict({**data, "practice": bad})


def test_read_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as error:
        records.read(tmp_path / "nope.json")
    assert "nope.json" in str(error.value)


@pytest.mark.parametrize(
    "text",
    ["", "{not json", "[1, 2]", '"a string"', '{"format": "something else"}'],
)
def test_not_a_record(text: str) -> None:
    with pytest.raises(RecordError):
        records.GameRecord.from_json(text)


@pytest.mark.parametrize("missing", ["game", "rules_version", "params", "seats", "actions"])
def test_a_record_missing_a_field_is_refused(missing: str) -> None:
    data = json.loads(a_record().to_json())
    del data[missing]
    with pytest.raises(RecordError) as error:
        records.GameRecord.from_dict(data)
    assert missing in str(error.value)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seats", 3),
        ("params", [1, 2]),
        ("turns", [{"turn": "x"}]),
        ("seed", "abc"),
        ("actions", "pass"),  # a string is not a list of actions
        ("actions", {"pass": 1}),
    ],
)
def test_a_record_mistyping_a_field_is_refused(field: str, value: Any) -> None:
    data = json.loads(a_record().to_json())
    data[field] = value
    with pytest.raises(RecordError):
        records.GameRecord.from_dict(data)


def test_recorder_needs_one_seat_per_player() -> None:
    with pytest.raises(RecordError):
        records.Recorder(make("discovery", players=3), [records.Seat("a")], seed=None)


def test_play_needs_one_agent_per_seat() -> None:
    with pytest.raises(TerranovaError):
        records.play(make("discovery", players=3), [FirstAgent(), FirstAgent()], seed=0)


def test_recorder_by_hand_keeps_turns_and_scores() -> None:
    """Two turns played by hand: the turn closes when the other seat starts to decide."""
    state = make("discovery")
    recorder = records.Recorder(state, [records.Seat("ann", "human"), records.Seat("bob")], 9)
    first = state.chance_outcomes()[0][0]
    recorder.apply(first)
    place = state.legal_actions()[0]
    assert isinstance(place, Place)
    recorder.apply(place)
    deploy = next(a for a in state.legal_actions() if isinstance(a, Deploy))
    recorder.apply(deploy)
    recorder.apply(state.chance_outcomes()[0][0])
    assert recorder.record.turns == []  # seat 1 has not decided yet
    recorder.apply(state.legal_actions()[0])
    assert len(recorder.record.turns) == 1
    turn = recorder.record.turns[0]
    assert (turn.turn, turn.seat, turn.ply) == (1, 0, 4)
    assert turn.scores == (0, 0)
    recorder.apply(PASS)
    assert recorder.record.actions == [
        str(first),
        str(place),
        str(deploy),
        recorder.record.actions[3],
        recorder.record.actions[4],
        "pass",
    ]
    assert recorder.record.actions[3].startswith("draw ")
    assert recorder.record.result is None
    data = json.loads(recorder.record.to_json())
    assert data["seats"] == [{"name": "ann", "kind": "human"}, {"name": "bob", "kind": "bot"}]
    # the unfinished record replays as far as it goes
    again = records.GameRecord.from_json(recorder.record.to_json())
    state = records.replay(again, upto=len(again.actions))
    assert [str(a) for a in state.history()] == again.actions


def test_replay_checks_every_turn_score() -> None:
    record = a_record(seed=4)
    scored = [k for k, t in enumerate(record.turns) if any(t.scores)]
    assert scored
    data = json.loads(record.to_json())
    data["turns"][scored[0]]["scores"][0] -= 1
    with pytest.raises(RecordError) as error:
        records.replay(records.GameRecord.from_dict(data))
    assert f"turn {scored[0] + 1}" in str(error.value)


def test_replay_checks_the_result_but_not_how_its_reason_is_worded() -> None:
    """A record stored before its game said why it ended, or in other words, replays; a
    result with other winners does not."""
    state = make("small-islands", players=2)
    record = records.play(state, [RandomAgent(7 + s) for s in range(2)], 7)
    data = json.loads(record.to_json())
    assert isinstance(data["result"]["reason"], dict), "words kept as data"
    for reason in (None, "every ship tile is laid"):
        old = json.loads(record.to_json())
        if reason is None:
            del old["result"]["reason"]
        else:
            old["result"]["reason"] = reason
        assert records.replay(records.GameRecord.from_dict(old)).is_terminal()
    data["result"]["winners"] = [s for s in range(2) if s not in data["result"]["winners"]]
    with pytest.raises(RecordError, match="result"):
        records.replay(records.GameRecord.from_dict(data))


def test_replay_refuses_another_rules_version_and_unknown_games() -> None:
    data = json.loads(a_record().to_json())
    data["rules_version"] = "999"
    with pytest.raises(RecordError) as error:
        records.replay(records.GameRecord.from_dict(data))
    assert "999" in str(error.value)
    data = json.loads(a_record().to_json())
    data["game"] = "no-such-game"
    with pytest.raises(RecordError):
        records.replay(records.GameRecord.from_dict(data))


def test_replay_reports_the_ply_of_a_bad_action() -> None:
    record = a_record(seed=2)
    data = json.loads(record.to_json())
    ply = next(k for k, a in enumerate(data["actions"]) if a.startswith("place"))
    data["actions"][ply] = "place 01 99,99 0"
    with pytest.raises(RecordError) as error:
        records.replay(records.GameRecord.from_dict(data))
    assert f"action {ply + 1}" in str(error.value)


def test_replay_upto_stops_early_and_checks_what_was_reached() -> None:
    record = a_record(seed=3)
    state = records.replay(record, upto=10)
    assert len(state.history()) == 10
    assert not state.is_terminal()
    data = json.loads(record.to_json())
    data["result"]["scores"][0] += 5  # the result is not reached by 10 actions
    assert records.replay(records.GameRecord.from_dict(data), upto=10).history()


def test_chance_draws_are_recorded_as_outcomes() -> None:
    record = a_record(seed=5)
    state = make("discovery")
    for text in record.actions:
        if state.current_player() == CHANCE:
            assert text in {str(a) for a, _ in state.chance_outcomes()}
            assert isinstance(state.parse_action(text), Draw)
        state.apply(state.parse_action(text))
    assert state.is_terminal()


def test_the_seats_that_asked_for_hints_round_trip_and_are_checked() -> None:
    record = GameRecord("discovery", "1", {}, [Seat("Ana", "human")], 1)
    assert "hints" not in record.to_dict()
    data = replace(record, hints=[0]).to_dict()
    assert data["hints"] == [0]
    assert GameRecord.from_dict(data).hints == [0]
    for bad in ([True], ["0"], 0):
        with pytest.raises(RecordError, match="'hints'"):
            GameRecord.from_dict({**data, "hints": bad})


def test_the_scores_of_players_holding_no_seat_are_kept_and_checked() -> None:
    """A solo Small Islands game records Alexis's score after every turn; it round-trips,
    a replay checks it, and a record made before it was kept still replays."""
    state = make("small-islands", players=1)
    record = records.play(state, [RandomAgent(3)], 3)
    alexis = [t.others["alexis"] for t in record.turns]
    assert alexis and all(value >= 0 for value in alexis)
    assert alexis[-1] == make_from(record).other_scores()["alexis"]
    data = json.loads(record.to_json())
    assert GameRecord.from_dict(data).turns == record.turns
    assert [t.others for t in GameRecord.from_dict(data).turns] == [t.others for t in record.turns]
    records.replay(GameRecord.from_dict(data))
    wrong = json.loads(record.to_json())
    wrong["turns"][-1]["others"]["alexis"] += 1
    with pytest.raises(RecordError):
        records.replay(GameRecord.from_dict(wrong))
    older = json.loads(record.to_json())
    for turn in older["turns"]:
        del turn["others"]
    records.replay(GameRecord.from_dict(older))
    # a game with no such player keeps none, and its record's text is unchanged
    assert all(t.others == {} for t in a_record().turns)
    assert "others" not in a_record().to_json()


def make_from(record: GameRecord) -> State:
    """The state a record ends in."""
    return records.replay(record)
