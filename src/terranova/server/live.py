"""A live game in memory: its effective actions applied to a state, what each seat saw of
them, and the state messages built from that. Game-agnostic: only the core protocol."""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, NamedTuple

from terranova.core.action_text import action_data, seen_data
from terranova.core.actions import Action
from terranova.core.errors import TerranovaError
from terranova.core.i18n import Said, _, as_data
from terranova.core.records import GameRecord, Recorder, Seat
from terranova.core.registry import GameInfo, make
from terranova.core.rng import derive_seed, make_rng
from terranova.core.state import CHANCE, ResponseWindow, State
from terranova.server.errors import ABANDONED, GAME_OVER, BadRequest, Illegal, Stale
from terranova.server.models import (
    LogEntry,
    MoveOut,
    RematchOut,
    ResultOut,
    SeatKind,
    SeatOut,
    StateMessage,
    TurnScoresOut,
    WindowOut,
)
from terranova.server.store import GameFacts, StoredGame, StoredSeat, resigned_seats

log = logging.getLogger("terranova.server")

MACHINES = frozenset({"bot", "automaton"})
"""The kinds of seat nobody holds a token for."""
MAX_CHANCE_RUN = 100_000
"""A guard against a game that never leaves its chance nodes."""
REVEAL_PROBES = 16
"""On how many hidden states a seat's decision is tried to see whether it showed the seat
something hidden (see :meth:`Timeline.undoable`)."""


class ReplayError(Exception):
    """A stored game does not replay under the rules this server has."""


@dataclass(frozen=True)
class SeatInfo(StoredSeat):
    """A seat of a live game: the stored seat's fields (its ``account_id``: the account
    whose person may act without the token), and what the game's messages show of it."""

    def out(self) -> SeatOut:
        return seat_out(self.seat, self.kind, self.name, self.bot)

    def stored(self) -> StoredSeat:
        return StoredSeat(
            self.seat, self.kind, self.name, self.bot, self.token_hash, self.account_id
        )


def seat_out(seat: int, kind: str, name: str, bot: str | None) -> SeatOut:
    """A seat as the API shows it (a kind stored before the kinds were checked: human)."""
    kinds: dict[str, SeatKind] = {"bot": "bot", "automaton": "automaton", "open": "open"}
    return SeatOut(seat=seat, kind=kinds.get(kind, "human"), name=name, bot=bot)


def stored_seats(info: GameInfo, stored: StoredGame) -> list[SeatInfo]:
    """The seats of a stored game. A seat the game plays itself that was stored as a bot
    (before the kind ``automaton`` existed, the lobby sent the automaton as a ``random`` bot
    that was never asked) is read as the automaton."""
    try:
        automata = info.automaton_seats(stored.params)
    except TerranovaError:  # the replay says what is wrong with the parameters
        automata = range(0)
    return [
        SeatInfo(s.seat, "automaton", s.name, None, None)
        if s.kind == "bot" and s.seat in automata
        else SeatInfo(s.seat, s.kind, s.name, s.bot, s.token_hash, s.account_id)
        for s in stored.seats
    ]


def chance_outcome(state: State, seed: int, ply: int) -> Action:
    """The chance outcome the server draws at ``ply``: the same on every run and restart."""
    return state.sample_chance(make_rng(derive_seed(seed, "chance", ply)))


def seen_by(state: State, seat: int) -> tuple[Any, ...]:
    """What ``seat``'s state message shows of ``state``: its view, who is to move, the
    response window (open or not, and whether ``seat`` is asked) and its options."""
    actor = state.current_player()
    window = state.response_window()
    return (
        state.view(seat),
        actor,
        None if window is None else seat in window.seats,
        [str(a) for a in state.legal_actions()] if actor == seat else None,
    )


def settle(state: State, seed: int, apply: Callable[[Action], None] | None = None) -> list[Action]:
    """Resolve chance nodes on ``state`` (changing it, through ``apply``: the state's own
    by default) until a seat is to move or the game ends; returns the outcomes drawn."""
    apply = apply or state.apply
    drawn: list[Action] = []
    ply = len(state.history())
    while state.current_player() == CHANCE:
        if len(drawn) >= MAX_CHANCE_RUN:
            raise RuntimeError("the game does not leave its chance nodes")
        outcome = chance_outcome(state, seed, ply + len(drawn))
        apply(outcome)
        drawn.append(outcome)
    return drawn


def views(state: State, action: Action) -> tuple[list[str | None], list[Said | str | None]]:
    """How each seat (then a spectator) sees ``action``, about to be applied to ``state``:
    its text, and its words."""
    seats = [*range(state.num_seats), None]
    return (
        [state.describe_action(action, s) for s in seats],
        [state.say_action(action, s) for s in seats],
    )


class Move:
    """A move being made on a game (:meth:`Timeline.begin`): its actions applied, as they
    are decided or drawn, to the one copy of the live state made for it, which becomes the
    live state once the store has the move (:meth:`Timeline.adopt`). The live game does not
    change before that, nor at all if an action does not apply or the store refuses the
    move: the copy is dropped."""

    def __init__(self, timeline: Timeline) -> None:
        self.before = timeline.state
        """The live state the move starts from (left as it is)."""
        self.ply = timeline.ply
        """The ply of its first action."""
        self.state = timeline.state.clone()
        record = timeline.recorder.record
        self.recorder = copy.copy(timeline.recorder)
        self.recorder.state = self.state
        self.recorder.record = replace(
            record, actions=list(record.actions), turns=list(record.turns)
        )
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.seen: list[list[str | None]] = []
        self.said: list[list[Said | str | None]] = []
        self.decided: tuple[State, Action] | None = None
        """When the last action is a seat's decision: the state it was made in, and it."""
        self.facts: Appended | None = None
        """What the store is told of the position the move leaves, when the live game has
        prepared the move whole (:meth:`LiveGame.begin_move`)."""

    def apply(self, action: Action) -> None:
        """Apply ``action`` (the state's ``apply`` raises if it is not legal)."""
        state = self.state
        actor = state.current_player()
        seen, said = views(state, action)
        before = None
        if actor >= 0:  # the live state is the position of the move's first action
            before = state.clone() if self.actions else self.before
        self.recorder.apply(action)
        self.decided = None if before is None else (before, action)
        self.actions.append(action)
        self.actors.append(actor)
        self.seen.append(seen)
        self.said.append(said)

    def early_passes(self, window: OpenWindow) -> list[Action]:
        """The passes of the seats next in ``window`` that let it pass already, applied."""
        return early_passes(self.state, window, self.apply)

    def settle(self, seed: int) -> list[Action]:
        """The chance outcomes that follow, drawn and applied (:func:`settle`)."""
        return settle(self.state, seed, self.apply)


def needs_runner(state: State, seats: Sequence[SeatInfo], move_seconds: float | None) -> bool:
    """Whether a position needs a server process to run it (to hold the game's lease): a
    bot's turn or chance, a response window's clock, or a person's timed move."""
    if state.is_terminal():
        return False
    actor = state.current_player()
    if actor == CHANCE or state.response_window() is not None:
        return True
    if actor < 0:
        return False
    kind = seats[actor].kind
    return kind == "bot" or (kind == "human" and move_seconds is not None)


def waits_for(state: State) -> int | None:
    """The seat whose decision ``state`` waits for: None for chance, a response window (a
    few seconds' clock) and a finished game."""
    if state.is_terminal() or state.response_window() is not None:
        return None
    actor = state.current_player()
    return actor if actor >= 0 else None


def result_of(state: State) -> dict[str, Any] | None:
    """The result a finished position stores (None: not finished)."""
    if not state.is_terminal():
        return None
    return {"scores": list(state.returns()), "winners": state.winners()}


class Appended(NamedTuple):
    """What the store's ``append`` is told of the position a move leaves, besides its
    entries (:meth:`~terranova.server.store.GameStore.append`)."""

    status: str
    result: dict[str, Any] | None
    runner: bool
    durable: bool
    to_move: int | None


class Timeline:
    """A game's effective actions applied to a state, with a record kept as it goes and,
    for every ply, the actor and how each seat (and a spectator) saw the action."""

    def __init__(self, game: str, params: dict[str, Any], seats: Sequence[Seat], seed: int):
        self.game = game
        self.params = params
        self.seed = seed
        self.state = make(game, **params)
        self.recorder = Recorder(self.state, seats, seed)
        self.seats = self.state.num_seats
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.texts: list[str] = []
        self.seen: list[list[str | None]] = []
        """Per ply: how seat 0..n-1 saw the action, then a spectator (index n)."""
        self.said: list[list[Said | str | None]] = []
        """Per ply: the action in words as each of them reads it (the same order)."""
        self._decided: tuple[State, Action] | None = None
        """When the last action is a seat's decision: the state it was made in, and it."""
        self._revealed: bool | None = None
        """Whether that decision showed its seat something hidden (worked out once)."""

    @classmethod
    def replay(
        cls,
        game: str,
        params: dict[str, Any],
        seats: Sequence[Seat],
        seed: int,
        texts: Iterable[str],
    ) -> Timeline:
        """A timeline rebuilt from action texts; raises ReplayError if one does not apply."""
        timeline = cls(game, params, seats, seed)
        for ply, text in enumerate(texts):
            try:
                timeline.apply(timeline.state.parse_action(text))
            except TerranovaError as exc:
                raise ReplayError(
                    f"stored action {ply + 1} ({text!r}) does not apply: {exc}"
                ) from None
        return timeline

    @property
    def ply(self) -> int:
        return len(self.texts)

    @property
    def record(self) -> GameRecord:
        return self.recorder.record

    def apply(self, action: Action) -> None:
        """Apply an action known to be legal (the state's ``apply`` raises otherwise)."""
        state = self.state
        actor = state.current_player()
        seen, said = views(state, action)
        before = state.clone() if actor >= 0 else None
        self.recorder.apply(action)
        self._decided = None if before is None else (before, action)
        self._revealed = None
        self.actions.append(action)
        self.actors.append(actor)
        self.texts.append(str(action))
        self.seen.append(seen)
        self.said.append(said)

    def begin(self) -> Move:
        """A move from the position now, on a copy of the state (:class:`Move`)."""
        return Move(self)

    def adopt(self, move: Move) -> None:
        """Make ``move``, begun here and taken by the store, the game's position: its
        state becomes the live state, its record the record (nothing is applied again)."""
        if move.before is not self.state:
            raise ValueError("the move was not begun from this position")
        self.state = move.state
        self.recorder = move.recorder
        if move.actions:
            self._decided = move.decided
            self._revealed = None
        self.actions += move.actions
        self.actors += move.actors
        self.texts += [str(action) for action in move.actions]
        self.seen += move.seen
        self.said += move.said

    def log(self, seat: int | None) -> list[LogEntry]:
        """The actions ``seat`` saw, each as it saw it when it was played, then as the
        state lets it be recalled now (a game of memory masks what must be remembered):
        its text, its data as the text shows it (:func:`seen_data`) and its words."""
        index = self.seats if seat is None else seat
        state = self.state
        out: list[LogEntry] = []
        for ply, (action, actor, seen, said) in enumerate(
            zip(self.actions, self.actors, self.seen, self.said, strict=True), start=1
        ):
            shown = seen[index]
            if shown is None:
                continue
            text = state.recall_action(action, shown, seat)
            says = said[index] or text
            if text != shown:
                says = state.recall_says(action, text, seat)
            data = seen_data(action, text)
            out.append(
                LogEntry(
                    ply=ply,
                    seat=actor if actor >= 0 else None,
                    text=text,
                    kind=data["kind"],
                    fields=data["fields"],
                    says=as_data(says),
                )
            )
        return out

    def scores_by_turn(self) -> list[TurnScoresOut]:
        return [
            TurnScoresOut(
                turn=t.turn, seat=t.seat, ply=t.ply, scores=list(t.scores), others=t.others
            )
            for t in self.record.turns
        ]

    def result(self) -> ResultOut | None:
        result = self.record.result
        if result is None:
            return None
        return ResultOut(
            scores=list(result["scores"]),
            winners=list(result["winners"]),
            reason=result.get("reason"),
            points=self.state.points(),
        )

    def undoable(self, seat: int) -> bool:
        """Whether the last action is a decision of ``seat`` that showed it nothing it could
        not know: the decision, tried on states redrawn from what ``seat`` has seen
        (``resample``), leaves ``seat`` seeing the same (:func:`seen_by`) on every one. A
        decision whose outcome depends on something hidden from the seat (a card its own
        action turns over, a verdict, who holds a card) shows it that something."""
        decided = self._decided
        if decided is None or self.actors[-1] != seat:
            return False
        if self._revealed is None:
            before, action = decided
            shown = seen_by(self.state, seat)
            self._revealed = False
            for probe in range(REVEAL_PROBES):
                rng = make_rng(derive_seed(self.seed, "undo", self.ply, probe))
                try:
                    other = before.resample(seat, rng)
                    other.apply(action)
                    same = seen_by(other, seat) == shown
                except Exception:  # the decision needs what the seat cannot see
                    same = False
                if not same:
                    self._revealed = True
                    break
        return not self._revealed

    def last_decision(self, seat: int) -> int | None:
        """The ply of ``seat``'s latest decision, or None if it has made none."""
        for ply in range(len(self.actors) - 1, -1, -1):
            if self.actors[ply] == seat:
                return ply
        return None

    def others_decided_since(self, seat: int) -> bool:
        """Whether another seat has decided something since ``seat``'s latest decision."""
        last = self.last_decision(seat)
        return last is not None and any(
            actor >= 0 and actor != seat for actor in self.actors[last + 1 :]
        )


@dataclass
class OpenWindow:
    """A response window as the server runs it: every seat of it may answer at once, until
    its clock runs out (``ends_at``: the same moment in epoch seconds, for the players);
    then the seats still silent let the action pass."""

    rules: ResponseWindow
    opened_at_ply: int
    seen_at_ply: int
    """The ply of the position ``rules`` was read from."""
    deadline: float
    """When the clock runs out, in ``time.monotonic()`` seconds."""
    ends_at: float
    passed: set[int] = field(default_factory=set)
    """Seats that have let it pass before the rules asked them."""


def early_passes(
    state: State, window: OpenWindow, apply: Callable[[Action], None] | None = None
) -> list[Action]:
    """Apply (to ``state``, through ``apply``: the state's own by default) the answers of
    the seats next in ``window`` that have let it pass already; returns them."""
    apply = apply or state.apply
    played: list[Action] = []
    while True:
        rules = state.response_window()
        if (
            rules is None
            or rules.seats[0] not in window.passed
            or window.rules.seats[len(window.rules.seats) - len(rules.seats) :] != rules.seats
        ):
            return played
        apply(rules.let_pass)
        played.append(rules.let_pass)


@dataclass
class LiveGame(GameFacts):
    """One game as the service holds it: its facts, seats and the live timeline."""

    seats: list[SeatInfo]
    timeline: Timeline
    seq: int
    """How many entries the game's log has (the ``seq`` of the next one)."""
    window: OpenWindow | None = None
    """The response window open now, with its clock (see :meth:`track_window`)."""
    abandoned: bool = False
    """Closed by the retention policy before its end: nobody moves any more."""
    rematch: str | None = None
    """The public id of this game's rematch, once someone at the table asked for it."""
    hints: bool = False
    """The table allows hints between people (against bots they are always allowed)."""
    rated: bool = False
    """Once over, the game moves its people's ratings."""
    hinted: set[int] = field(default_factory=set)
    """The seats that asked for a hint."""
    move_seconds: float | None = None
    """A live table's limit on a person's move (None: none)."""
    creator: str | None = None
    """The digest of the client address that created the game (None: not known): the bots'
    workers are shared fairly between creators."""
    move_ends_at: float | None = None
    """When the move of the person to move runs out (``time.time()``), if it is limited."""
    resigned: set[int] = field(default_factory=set)
    """The seats whose person left: played by a bot, they still count as people's for
    undo and hints (a game between people stays one)."""
    advice: dict[tuple[int, int], asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    """The hints of this position, searched or being searched, by seat and log length (a
    position is searched once per seat; the service drops them when the game changes)."""
    _messages: dict[int | None, str] = field(default_factory=dict)

    @property
    def state(self) -> State:
        return self.timeline.state

    @property
    def ply(self) -> int:
        return self.timeline.ply

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def status(self) -> Literal["playing", "finished", "abandoned"]:
        if self.finished:
            return "finished"
        return "abandoned" if self.abandoned else "playing"

    @property
    def playing(self) -> bool:
        """Whether moves are still taken."""
        return not self.finished and not self.abandoned

    def to_move(self) -> int | None:
        actor = self.state.current_player()
        return actor if actor >= 0 and not self.abandoned else None

    def record_seats(self) -> list[Seat]:
        return record_seats(self.seats)

    @classmethod
    def from_stored(cls, stored: StoredGame, seats: list[SeatInfo], timeline: Timeline) -> LiveGame:
        """The live game of a stored one, whose log ``timeline`` has replayed; a response
        window open in it gets a fresh clock."""
        facts = {f.name: getattr(stored, f.name) for f in fields(GameFacts)}
        game = cls(**facts, seats=seats, timeline=timeline, seq=len(stored.entries))
        game.abandoned = stored.status == "abandoned"
        game.rematch = stored.rematch
        game.hints = stored.hints
        game.hinted = set(stored.hinted)
        game.resigned = resigned_seats(stored.entries)
        game.move_seconds = stored.move_seconds
        game.creator = stored.creator
        game.rated = stored.rated
        game.track_window()
        return game

    def changed(self) -> None:
        """Forget the messages built for the previous position."""
        self._messages.clear()

    def track_window(self, answered_by: int | None = None) -> None:
        """Follow the state's response window after a change: keep the clock of the window
        that ``answered_by`` (a seat of it) has just answered, or start a new clock."""
        rules = self.state.response_window()
        if rules is None:
            self.window = None
            return
        old = self.window
        if old is not None and old.seen_at_ply == self.ply:
            return  # the position has not changed (a seat let it pass early)
        if (
            old is not None
            and answered_by in old.rules.seats
            and rules.let_pass == old.rules.let_pass
            and len(rules.seats) < len(old.rules.seats)
            and old.rules.seats[len(old.rules.seats) - len(rules.seats) :] == rules.seats
        ):
            old.rules = rules
            old.seen_at_ply = self.ply
            old.passed &= set(rules.seats)
            return
        self.window = OpenWindow(
            rules,
            self.ply,
            self.ply,
            time.monotonic() + self.response_seconds,
            time.time() + self.response_seconds,
        )

    def keep_window(self, kept: OpenWindow | None) -> None:
        """Take back the clock and held answers of this game's window from before it was
        rebuilt (it left the cache), if the position is the same."""
        window = self.window
        if (
            kept is not None
            and window is not None
            and kept.seen_at_ply == self.ply
            and kept.rules == window.rules
        ):
            self.window = kept

    def appended(self, after: State) -> Appended:
        """What the store is told of ``after``, the position a move of this game leaves."""
        return Appended(
            "finished" if after.is_terminal() else "playing",
            result_of(after),
            needs_runner(after, self.seats, self.move_seconds),
            # a game against machines loses nothing that matters if a crash of the database
            # takes back its last moves: the person plays them again, chance and bots alike
            self.between_people or after.is_terminal(),
            waits_for(after),
        )

    def begin_move(self, seat: int, text: str, ply: int) -> Move | None:
        """``seat``'s move ``text``, sent at ``ply``, made on a copy of the live state (with
        what follows it at once: the passes of a response window taken early, chance), for
        the service to write then adopt (:meth:`Timeline.adopt`); None if the seat only let
        the open window pass, which this notes (only its own message changes). The game is
        unchanged if the move is refused (BadRequest, Stale, Illegal)."""
        state = self.state
        try:
            action = state.parse_action(text)
        except (TerranovaError, ValueError) as exc:
            raise BadRequest(_("this move cannot be read: {reason}", reason=str(exc))) from None
        if self.finished:
            raise Illegal(GAME_OVER)
        if self.abandoned:
            raise Illegal(ABANDONED)
        window = self.window
        answering = window is not None and seat in window.rules.seats
        # an answer to a window may be sent from any position of that window
        if ply != self.ply and not (
            answering and window and window.opened_at_ply <= ply <= self.ply
        ):
            raise Stale(
                _("the game has moved on: it is at ply {ply}, not {sent}", ply=self.ply, sent=ply)
            )
        if answering and window is not None:
            if seat in window.passed:
                raise Illegal(_("you have already let this action pass"))
            if seat != self.to_move() and action == window.rules.let_pass:
                window.passed.add(seat)
                self.changed()
                return None
            actions = self.window_answer(seat, action)
        else:
            to_move = self.to_move()
            if to_move != seat:
                raise Illegal(
                    _("it is not your turn: nobody is to move")
                    if to_move is None
                    else _(
                        "it is not your turn: {name} (seat {seat}) is to move",
                        name=self.seats[to_move].name,
                        seat=to_move + 1,
                    )
                )
            actions = [action]
        move = self.timeline.begin()
        try:
            for step in actions:
                move.apply(step)
        except TerranovaError as exc:
            raise Illegal(_("this move is not allowed: {reason}", reason=str(exc))) from None
        except Exception:
            log.exception("game %s: the rules failed on %r", self.public_id, text)
            raise Illegal(_("the rules cannot apply '{value}'", value=text)) from None
        if answering and window is not None:
            move.early_passes(window)
        move.settle(self.seed)
        move.facts = self.appended(move.state)
        return move

    def window_answer(self, seat: int, action: Action) -> list[Action]:
        """The decisions that make ``action`` the answer of ``seat`` to the open window: the
        seats before it let the action pass (they were slower), then ``seat`` answers (the
        caller applies them, which checks that ``action`` is one of its options)."""
        window = self.window
        if window is None or seat not in window.rules.seats:
            raise ValueError(f"seat {seat + 1} has no window to answer")
        return [window.rules.let_pass] * window.rules.seats.index(seat) + [action]

    def window_options(self, seat: int) -> list[str]:
        """What ``seat`` may answer to the open window (nothing if it may not)."""
        return [m.text for m in self.window_moves(seat)]

    def window_moves(self, seat: int) -> list[MoveOut]:
        """:meth:`window_options` as moves (data and words)."""
        window = self.window
        if window is None or seat not in window.rules.seats or seat in window.passed:
            return []
        probe = self.state.clone()
        for _earlier in range(window.rules.seats.index(seat)):
            probe.apply(window.rules.let_pass)
        return moves_out(probe, seat)

    def undo_target(self, seat: int) -> int | None:
        """The ply an undo by ``seat`` goes back to (before its previous decision), or None
        when it may not undo: only a human seat, in a game still being played; against
        machines only, in a practice game after it has decided something; otherwise only its
        last decision, if nothing came after it and it revealed nothing to the seat, and,
        with people at the table, only while its turn goes on (docs/web.md, "Undo")."""
        if not 0 <= seat < len(self.seats) or not self.playing:
            return None
        if self.seats[seat].kind != "human":
            return None
        machines = self.against_machines(seat)
        if not machines and not self.in_own_turn(seat):
            return None
        if self.practice and machines:
            return self.timeline.last_decision(seat)
        return self.ply - 1 if self.timeline.undoable(seat) else None

    def in_own_turn(self, seat: int) -> bool:
        """Whether ``seat`` is to move and no other seat is being asked anything (no response
        window open): its turn has not passed to another seat."""
        return self.window is None and self.to_move() == seat

    @property
    def record(self) -> GameRecord:
        """The game record, saying whether the game is a practice game, with the seats as
        they are now (a person who joined an open seat named)."""
        return replace(
            self.timeline.record,
            practice=self.practice,
            seats=self.record_seats(),
            hints=sorted(self.hinted),
        )

    def allows_hints(self, seat: int) -> bool:
        """Whether ``seat`` may ask for hints: a person's seat in a game being played
        against machines only, or at a table that allows hints."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "human":
            return False
        if not self.playing:
            return False
        return self.against_machines(seat) or self.hints

    @property
    def between_people(self) -> bool:
        """Whether two seats or more are people's, or were, or are open to people: their
        moves are promises to each other, committed durably (docs/web.md)."""
        people = [s for s in self.seats if s.kind in ("human", "open") or s.seat in self.resigned]
        return len(people) >= 2

    def against_machines(self, seat: int) -> bool:
        """Whether every other seat than ``seat`` is a bot's or the automaton's, and was
        from the start (a seat whose person resigned still counts as a person's)."""
        return all(
            s.kind in MACHINES and s.seat not in self.resigned for s in self.seats if s.seat != seat
        )

    def message(self, seat: int | None) -> StateMessage:
        """The state message for ``seat`` (None: a spectator)."""
        timeline = self.timeline
        state = timeline.state
        to_move = self.to_move()
        window = self.window
        moves: list[MoveOut] = []
        window_out = None
        if window is not None:
            waiting = seat is not None and seat in window.rules.seats and seat not in window.passed
            window_out = WindowOut(
                seconds=self.response_seconds,
                ends_at=round(window.ends_at * 1000, 1),
                waiting=waiting,
                answered=seat is not None and seat in window.passed,
            )
            if waiting and seat is not None:
                moves = self.window_moves(seat)
        elif seat is not None and seat == to_move:
            moves = moves_out(state, seat)
        return StateMessage(
            game_id=self.public_id,
            game=self.game,
            ply=timeline.ply,
            status=self.status,
            seat=seat,
            to_move=to_move,
            seats=[s.out() for s in self.seats],
            view=state.view(seat),
            scores=list(state.scores()),
            legal=[m.text for m in moves],
            moves=moves,
            log=timeline.log(seat),
            scores_by_turn=timeline.scores_by_turn(),
            result=timeline.result(),
            can_undo=seat is not None and self.undo_target(seat) is not None,
            practice=self.practice,
            window=window_out,
            rematch=self.rematch_out(),
            can_hint=seat is not None and self.allows_hints(seat),
            move_ends_at=None if self.move_ends_at is None else round(self.move_ends_at * 1000),
        )

    def rematch_seats(self) -> list[int]:
        """Where each seat's player sits in the rematch (:func:`turned_seats`)."""
        return turned_seats([s.kind for s in self.seats])

    def rematch_out(self) -> RematchOut | None:
        if self.rematch is None:
            return None
        return RematchOut(game_id=self.rematch, seats=self.rematch_seats())

    def message_json(self, seat: int | None) -> str:
        """The state message as JSON text, built once per position and seat."""
        text = self._messages.get(seat)
        if text is None:
            text = self.message(seat).model_dump_json()
            self._messages[seat] = text
        return text


def moves_out(state: State, seat: int) -> list[MoveOut]:
    """The legal actions of ``seat``, to move in ``state``, as data and words."""
    out = []
    for action in state.legal_actions():
        text = str(action)
        data = action_data(action)
        says = as_data(state.say_action(action, seat) or text)
        out.append(MoveOut(text=text, kind=data["kind"], fields=data["fields"], says=says))
    return out


def replay_message(game: LiveGame, ply: int, seat: int | None = None) -> StateMessage:
    """The message of ``game`` after its first ``ply`` actions, as ``seat`` saw the game
    then (None: a spectator), with nothing to play: a finished game's replay shows a player
    what they knew at each move (their own hidden pieces, such as Entdecker's hut tokens),
    which hides nothing the game's record does not show anyone once it is over."""
    timeline = Timeline.replay(
        game.game,
        game.params,
        game.record_seats(),
        game.seed,
        game.timeline.texts[:ply],
    )
    past = replace(game, timeline=timeline, window=None, _messages={})
    message = past.message(seat)
    message.legal = []
    message.moves = []
    message.can_undo = False
    message.can_hint = False
    return message


def turned_seats(kinds: Sequence[str]) -> list[int]:
    """Where the player of each seat (of these kinds) sits in a rematch: people and bots
    move one seat on, among the seats no automaton holds; an automaton keeps its seat.

    >>> turned_seats(["human", "human", "bot"])
    [1, 2, 0]
    >>> turned_seats(["human", "automaton", "bot"])
    [2, 1, 0]
    >>> turned_seats(["human", "automaton"])
    [0, 1]
    """
    moving = [seat for seat, kind in enumerate(kinds) if kind != "automaton"]
    after = {seat: moving[(k + 1) % len(moving)] for k, seat in enumerate(moving)}
    return [after.get(seat, seat) for seat in range(len(kinds))]


def record_seats(seats: Sequence[SeatInfo]) -> list[Seat]:
    return [Seat(s.name, s.kind) for s in seats]
