"""The turn engine every game's rules run on: an agenda of typed steps.

A game's state keeps an *agenda*, a stack of steps, the one on top first. Each step is one
of three kinds:

- a :class:`Decision` waits for the seat it names (``step.seat``);
- a :class:`Chance` step waits for chance (a draw, a die, a shuffle);
- any other :class:`Step` is carried out by the engine, until the top is a decision or a
  chance step, or the game is over.

:class:`TurnOver` is the step games share where a turn's end is a step of its own: the
turn of ``seat`` is over.

:class:`AgendaState` runs the agenda for the state protocol (``current_player``,
``legal_actions``, ``chance_outcomes``, ``apply``); a game's state says what each of its
steps means through four hooks, as a rulebook's chapters do:

- :meth:`AgendaState.options`: the legal actions at a decision;
- :meth:`AgendaState.outcomes`: the outcomes of a chance step and their probabilities;
- :meth:`AgendaState.carry_out`: what an action does at the step on top (the step pops
  itself if it is done);
- :meth:`AgendaState.proceed`: an automatic step carried out (``True``), or the top waits
  (``False``).

Steps are frozen: a cloned state shares them and copies only the agenda's list.

tests/core/test_turns.py plays a small game on it.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from terranova.core.actions import Action
from terranova.core.errors import IllegalActionError
from terranova.core.state import CHANCE, TERMINAL, State

__all__ = ["AgendaState", "Chance", "Decision", "Step", "TurnOver"]


class Step:
    """A step of the agenda (each kind is a frozen dataclass)."""

    __slots__ = ()
    name: ClassVar[str | None] = None
    """What views call the step while the game waits on it (``None``: it never waits)."""
    waits: ClassVar[bool] = False
    """Whether the game always waits on the step, on top: its game's
    :meth:`AgendaState.proceed` is not asked (a decision or a chance step that never
    passes by itself)."""
    chance: ClassVar[bool] = False
    """Whether the step is a :class:`Chance` step (read where asking ``isinstance`` would
    cost more than the rest of the question)."""


class Chance(Step):
    """A step whose outcome is chance's."""

    __slots__ = ()
    chance: ClassVar[bool] = True


class Decision(Step):
    """A step waiting for ``seat`` (a field, or a property of the step's own fields)."""

    __slots__ = ()
    seat: int


@dataclass(frozen=True, slots=True)
class TurnOver(Step):
    """The turn of ``seat`` is over: what comes next is the game's rule."""

    seat: int


class AgendaState(State):
    """A state whose flow is its agenda; the game gives the meaning of its steps."""

    agenda: list[Step]
    """The steps to come, the one on top (last) first."""
    over: bool
    """Whether the game is over."""
    _history: list[Action]
    _legal: list[Action] | None
    _outcomes: list[tuple[Action, float]] | None

    def start_flow(self) -> None:
        """An empty agenda, no action yet: call it first in ``__init__``."""
        self.agenda = []
        self.over = False
        self._history = []
        self._legal = None
        self._outcomes = None

    def copy_flow(self, other: AgendaState, history: bool = True) -> None:
        """Give ``other`` (a clone being made) this flow: its own agenda, and a copy of the
        history (or, ``history=False``, an empty one: a determinization's)."""
        other.agenda = self.agenda[:]
        other.over = self.over
        other._history = self._history[:] if history else []
        other._legal = self._legal
        other._outcomes = self._outcomes

    # ------------------------------------------------------------- the game's hooks

    @abstractmethod
    def options(self, step: Step) -> list[Action]:
        """The legal actions at the decision ``step``, in a deterministic order."""

    def outcomes(self, step: Step) -> list[tuple[Action, float]]:
        """The outcomes of the chance step ``step`` and their probabilities."""
        raise NotImplementedError(f"{type(self).__name__} has no chance step {step}")

    def chance_actions(self, step: Step) -> list[Action]:
        """The outcomes of the chance step ``step``, as legal actions (a game may list them
        without their probabilities)."""
        return [a for a, _ in self.chance_outcomes()]

    @abstractmethod
    def carry_out(self, step: Step, action: Action) -> None:
        """What the legal ``action`` does at ``step``, the step on top (popping it if done).

        The action is in the history already: what it scores bears its ply."""

    @abstractmethod
    def proceed(self, step: Step) -> bool:
        """Carry out ``step``, the automatic step on top, and say ``True``; or say
        ``False``: the game waits on it (a decision or a chance step)."""

    # ------------------------------------------------------------------- the engine

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        top = self.agenda[-1]
        if isinstance(top, Decision):
            return top.seat
        if top.chance:
            return CHANCE
        raise AssertionError(f"step {top} waits for nobody")

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal()
        return legal[:]

    def _list_legal(self) -> list[Action]:
        if self.over:
            return []
        top = self.agenda[-1]
        return self.chance_actions(top) if top.chance else self.options(top)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = self._outcomes
        if outcomes is None:
            top = self.agenda[-1] if self.agenda and not self.over else None
            outcomes = self.outcomes(top) if isinstance(top, Chance) else []
            self._outcomes = outcomes
        return outcomes[:]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (a game whose chance lists too many outcomes to
        list them may say it otherwise)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal()
        # an action chosen from the legal ones is one of the very objects listed: found by
        # identity, without comparing it to every legal action
        for a in legal:
            if a is action:
                return True
        return action in legal

    def why_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in words."""
        if self.over:
            return "the game is over"
        top = self.agenda[-1]
        if isinstance(top, Chance):
            return f"chance is to move ({top.name}): that outcome is not possible now"
        return f"seat {self.current_player()} is to {top.name} and this is not one of its choices"

    def apply(self, action: Action) -> None:
        if self.over or not self.is_legal(action):
            raise IllegalActionError(action, self.why_illegal(action))
        self._history.append(action)
        # what was listed is forgotten (as changed(), inline): what the game lists while it
        # carries the action out (offer, expect) is of the position it leaves
        self._legal = self._outcomes = None
        agenda = self.agenda
        self.carry_out(agenda[-1], action)
        while not self.over:  # as advance(), inline: it runs after every action
            top = agenda[-1]
            if top.waits or not self.proceed(top):
                return

    def advance(self) -> None:
        """Carry out automatic steps until a decision, a chance step or the end."""
        agenda = self.agenda
        proceed = self.proceed
        while not self.over:
            top = agenda[-1]
            if top.waits or not proceed(top):
                return

    def changed(self) -> None:
        """Forget the legal actions and outcomes listed: the position changed."""
        self._legal = self._outcomes = None

    def take_history(self, history: Sequence[Action]) -> None:
        """Take ``history`` as the actions that led here: a position read back from a record
        (another engine's), whose history replays to it."""
        self._history = list(history)
        self.changed()

    def expect(self, step: Decision, legal: list[Action]) -> None:
        """Wait for the decision ``step`` next, whose legal actions ``legal`` are listed
        already (to know whether the step was needed)."""
        self.agenda.append(step)
        self._legal = legal

    def offer(self, legal: list[Action]) -> None:
        """The legal actions at the step on top, listed already by :meth:`carry_out` or
        :meth:`proceed` (which must leave that step on top)."""
        self._legal = legal

    @property
    def ply(self) -> int:
        """How many actions were applied so far."""
        return len(self._history)

    def history(self) -> list[Action]:
        return self._history[:]
