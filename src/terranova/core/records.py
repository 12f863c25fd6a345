"""Game records: one JSON document per game, written, read and replayed exactly.

A record holds the game id, rules version, parameters, seats, seed, every
action in order (chance outcomes included), the scores after every turn and the
result. A *turn* is a maximal run of consecutive decisions by one seat.
Replaying a record re-applies its actions and fails loudly on any difference.

A game played on the web as practice (unlimited undo) says ``"practice": true``; the
field is left out otherwise, so records without it (all older ones) read as not practice.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from terranova.core.actions import Action
from terranova.core.agent import Agent
from terranova.core.errors import RecordError, TerranovaError
from terranova.core.i18n import as_data
from terranova.core.registry import game_info, make
from terranova.core.rng import make_rng
from terranova.core.state import CHANCE, State

FORMAT = "terranova-record/1"


@dataclass(frozen=True)
class Seat:
    """Who played a seat: a name and a kind: ``human``, ``bot`` or ``automaton`` (a seat the
    game plays itself, see ``GameInfo.automaton_variant``). Records made before the kind
    ``automaton`` existed name such a seat after the bot that stood in for it, kind ``bot``;
    they read and replay as they are."""

    name: str
    kind: str = "bot"


AUTOMATON = Seat("automaton", "automaton")
"""The seat of a bot game that the game plays itself."""


@dataclass(frozen=True)
class TurnScores:
    """The scores after a seat's turn ended; ``ply`` counts the actions applied by then."""

    turn: int
    seat: int
    ply: int
    scores: tuple[float, ...]
    others: dict[str, float] = field(default_factory=dict, compare=False)
    """The scores of the players holding no seat (``State.other_scores``), by key; a
    record made before they were kept has none, and replays still agree with it."""


@dataclass
class GameRecord:
    """Everything needed to replay one game exactly."""

    game: str
    rules_version: str
    params: dict[str, Any]
    seats: list[Seat]
    seed: int | None
    actions: list[str] = field(default_factory=list)
    turns: list[TurnScores] = field(default_factory=list)
    result: dict[str, Any] | None = None
    practice: bool = False
    """Played with unlimited undo (the web's practice games); replaying ignores it."""
    hints: list[int] = field(default_factory=list)
    """The seats that asked a search bot for a hint (the web's hints), sorted; replaying
    ignores it."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON document as a dict."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "params": self.params,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
            "actions": self.actions,
            "turns": [
                {"turn": t.turn, "seat": t.seat, "ply": t.ply, "scores": list(t.scores)}
                | ({"others": dict(t.others)} if t.others else {})
                for t in self.turns
            ],
            "result": self.result,
        }
        if self.practice:
            data["practice"] = True
        if self.hints:
            data["hints"] = list(self.hints)
        return data

    def to_json(self) -> str:
        """The canonical JSON text (the same game gives the same bytes)."""
        return json.dumps(self.to_dict(), indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record, with a clear error for anything missing or mistyped."""
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a Terranova game record (format {data.get('format')!r})")
        for name in ("seats", "actions", "turns"):
            if name in data and not isinstance(data[name], list):
                raise RecordError(f"game record field {name!r} must be a list")
        if "actions" in data and not all(isinstance(a, str) for a in data["actions"]):
            raise RecordError("game record field 'actions' must be a list of action texts")
        if not isinstance(data.get("practice", False), bool):
            raise RecordError("game record field 'practice' must be true or false")
        hints = data.get("hints", [])
        if not isinstance(hints, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in hints
        ):
            raise RecordError("game record field 'hints' must be a list of seats")
        try:
            seats = [Seat(str(s["name"]), str(s.get("kind", "bot"))) for s in data["seats"]]
            turns = [
                TurnScores(
                    int(t["turn"]),
                    int(t["seat"]),
                    int(t["ply"]),
                    tuple(t["scores"]),
                    {str(k): float(v) for k, v in t.get("others", {}).items()},
                )
                for t in data.get("turns", [])
            ]
            seed = data.get("seed")
            return cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                params=dict(data["params"]),
                seats=seats,
                seed=None if seed is None else int(seed),
                actions=[str(a) for a in data["actions"]],
                turns=turns,
                result=data.get("result"),
                practice=data.get("practice", False),
                hints=sorted(hints),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"game record is missing or mistypes a field: {exc}") from None

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse the JSON text of a record."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"game record is not valid JSON: {exc}") from None
        return cls.from_dict(data)


def write(record: GameRecord, path: str | Path) -> Path:
    """Write a record as JSON; returns the path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(record.to_json(), encoding="utf-8")
    return target


def read(path: str | Path) -> GameRecord:
    """Read a record from a JSON file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read game record {path}: {exc.strerror}") from None
    return GameRecord.from_json(text)


class Recorder:
    """Applies actions to a state and keeps its record as it goes."""

    def __init__(self, state: State, seats: Sequence[Seat], seed: int | None) -> None:
        if len(seats) != state.num_seats:
            raise RecordError(f"{len(seats)} seats named for a {state.num_seats}-seat game")
        self.state = state
        self.record = GameRecord(
            game=state.game_id,
            rules_version=game_info(state.game_id).rules_version,
            params=state.params(),
            seats=list(seats),
            seed=seed,
        )
        self._last_seat: int | None = None
        self._finish_if_over()

    def apply(self, action: Action) -> None:
        """Apply one action (a decision or a chance outcome) and record it."""
        actor = self.state.current_player()
        if self._last_seat is not None and (
            (actor >= 0 and actor != self._last_seat)
            # alone at the table, the seat's turn ends where the game answers it (a draw, a
            # solo opponent's move): else the whole game would be one turn
            or (actor == CHANCE and self.state.num_seats == 1)
        ):
            self._close_turn()
        self.state.apply(action)
        self.record.actions.append(str(action))
        if actor >= 0:
            self._last_seat = actor
        self._finish_if_over()

    def _close_turn(self) -> None:
        assert self._last_seat is not None
        self.record.turns.append(
            TurnScores(
                turn=len(self.record.turns) + 1,
                seat=self._last_seat,
                ply=len(self.record.actions),
                scores=tuple(self.state.scores()),
                others=dict(self.state.other_scores()),
            )
        )
        self._last_seat = None

    def _finish_if_over(self) -> None:
        if self.state.is_terminal() and self.record.result is None:
            if self._last_seat is not None:
                self._close_turn()
            self.record.result = {
                "scores": list(self.state.returns()),
                "winners": self.state.winners(),
            }
            reason = self.state.end_reason()
            if reason is not None:
                self.record.result["reason"] = as_data(reason)


def play(
    state: State,
    agents: Sequence[Agent],
    seed: int,
    seats: Sequence[Seat] | None = None,
    on_action: Callable[[State, Action], None] | None = None,
) -> GameRecord:
    """Play ``state`` to the end: ``agents[i]`` decides for seat ``i``; chance is drawn
    from an RNG seeded with ``seed``. Returns the finished record."""
    if len(agents) != state.num_seats:
        raise TerranovaError(f"{len(agents)} players for a {state.num_seats}-seat game")
    rng = make_rng(seed)
    recorder = Recorder(state, seats or bot_seats(state, agents), seed)
    while not state.is_terminal():
        actor = state.current_player()
        action = state.sample_chance(rng) if actor == CHANCE else agents[actor].select(state)
        recorder.apply(action)
        if on_action is not None:
            on_action(state, action)
    return recorder.record


def bot_seats(state: State, agents: Sequence[Agent]) -> list[Seat]:
    """The seats of a game between ``agents``: each named after its bot, but the seats the
    game plays itself (its automaton), whose agent is never asked, are :data:`AUTOMATON`."""
    automata = game_info(state.game_id).automaton_seats(state.params())
    return [AUTOMATON if k in automata else Seat(a.name) for k, a in enumerate(agents)]


def replay(record: GameRecord, upto: int | None = None) -> State:
    """Rebuild the game of ``record``, checking every action, every turn's scores and the
    result; raises RecordError at the first difference. ``upto`` stops after that many
    actions (and checks only what was reached)."""
    try:
        info = game_info(record.game)
    except TerranovaError as exc:
        raise RecordError(f"record is of a game this version does not know: {exc}") from None
    if record.rules_version != info.rules_version:
        raise RecordError(
            f"record was played under {record.game} rules {record.rules_version}, "
            f"this is {info.rules_version}"
        )
    try:
        state = make(record.game, **record.params)
    except TerranovaError as exc:
        raise RecordError(f"record's parameters are refused: {exc}") from None
    if len(record.seats) != state.num_seats:
        raise RecordError(f"record names {len(record.seats)} seats for {state.num_seats}")
    recorder = Recorder(state, record.seats, record.seed)
    actions = record.actions if upto is None else record.actions[:upto]
    for ply, text in enumerate(actions, start=1):
        try:
            recorder.apply(state.parse_action(text))
        except TerranovaError as exc:
            raise RecordError(f"action {ply} ({text!r}) does not replay: {exc}") from None
    replayed = recorder.record
    expected_turns = record.turns if upto is None else record.turns[: len(replayed.turns)]
    for mine, theirs in zip(replayed.turns, expected_turns, strict=False):
        if mine != theirs or (theirs.others and mine.others != theirs.others):
            raise RecordError(
                f"turn {theirs.turn}: record says seat {theirs.seat} scores "
                f"{list(theirs.scores)} at ply {theirs.ply}, replay gives seat {mine.seat} "
                f"{list(mine.scores)} at ply {mine.ply}"
            )
    if upto is None:
        if len(replayed.turns) != len(record.turns):
            raise RecordError(
                f"record lists {len(record.turns)} turns, replay gives {len(replayed.turns)}"
            )
        if _decided(replayed.result) != _decided(record.result):
            raise RecordError(f"record's result {record.result} != replayed {replayed.result}")
    return state


def _decided(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a game's end decided: its result but the reason, which is words (a version may
    word them otherwise, and a record stored before its game said why has none)."""
    if result is None:
        return None
    return {k: v for k, v in result.items() if k != "reason"}
