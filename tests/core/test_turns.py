"""The turn engine (core/turns.py) on a small game: two seats in turn roll a die and then
keep it or roll again once; a six ends the game at once."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import pytest

from terranova.core.actions import Action
from terranova.core.errors import IllegalActionError
from terranova.core.state import CHANCE, TERMINAL
from terranova.core.turns import AgendaState, Chance, Decision, Step, TurnOver


@dataclass(frozen=True, slots=True)
class Face(Action):
    pips: int

    def __str__(self) -> str:
        return f"face {self.pips}"


@dataclass(frozen=True, slots=True)
class Choice(Action):
    word: str

    def __str__(self) -> str:
        return self.word


KEEP, AGAIN = Choice("keep"), Choice("again")
FACES = [Face(p) for p in range(1, 7)]


@dataclass(frozen=True, slots=True)
class Rolling(Chance):
    name: ClassVar[str | None] = "roll"
    seat: int
    first: bool = True


@dataclass(frozen=True, slots=True)
class Keeping(Decision):
    name: ClassVar[str | None] = "keep"
    seat: int
    again: bool


@dataclass(frozen=True, slots=True)
class Scoring(Step):
    seat: int


class Dice(AgendaState):
    game_id = "dice-for-tests"

    def __init__(self) -> None:
        self.start_flow()
        self.kept = [0, 0]
        self.rolled = 0
        self.agenda.append(TurnOver(-1))
        self.advance()

    @property
    def num_seats(self) -> int:
        return 2

    def options(self, step: Step) -> list[Action]:
        assert isinstance(step, Keeping)
        return [KEEP, AGAIN] if step.again else [KEEP]

    def outcomes(self, step: Step) -> list[tuple[Action, float]]:
        return [(f, 1 / 6) for f in FACES]

    def carry_out(self, step: Step, action: Action) -> None:
        self.agenda.pop()
        match step:
            case Rolling(seat=seat):
                assert isinstance(action, Face)
                self.rolled = action.pips
                if action.pips == 6:
                    self.kept[seat] = 6
                    self.over = True
                else:
                    self.agenda += [Scoring(seat), Keeping(seat, step.first)]
            case Keeping(seat=seat):
                if action == AGAIN:
                    self.agenda.pop()  # the first roll is not scored
                    self.agenda.append(Rolling(seat, first=False))

    def proceed(self, step: Step) -> bool:
        match step:
            case Scoring(seat=seat):
                self.agenda.pop()
                self.kept[seat] = self.rolled
                self.agenda.append(TurnOver(seat))
                return True
            case TurnOver(seat=seat):
                self.agenda.pop()
                if seat == 1:
                    self.over = True
                else:
                    self.agenda.append(Rolling(seat + 1))
                return True
        return False

    def clone(self) -> Self:
        other = object.__new__(type(self))
        self.copy_flow(other)
        other.kept, other.rolled = self.kept[:], self.rolled
        return other

    def parse_action(self, text: str) -> Action:
        return next(a for a in [*FACES, KEEP, AGAIN] if str(a) == text)

    def scores(self) -> list[float]:
        return [float(k) for k in self.kept]

    def returns(self) -> list[float]:
        return self.scores() if self.over else [0.0, 0.0]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"kept": self.kept}

    def resample(self, seat: int, rng: random.Random) -> Self:
        return self.clone()

    def params(self) -> dict[str, Any]:
        return {}


def test_the_agenda_says_who_acts_and_what_is_legal() -> None:
    game = Dice()
    assert game.current_player() == CHANCE
    assert [str(a) for a in game.legal_actions()] == [str(f) for f in FACES]
    game.apply(Face(3))
    assert game.current_player() == 0
    assert game.legal_actions() == [KEEP, AGAIN]
    game.apply(AGAIN)
    assert game.current_player() == CHANCE
    game.apply(Face(4))
    assert game.legal_actions() == [KEEP]
    game.apply(KEEP)
    assert game.kept == [4, 0]  # the automatic step scored the second roll
    assert game.current_player() == CHANCE
    game.apply(Face(2))
    game.apply(KEEP)
    assert game.current_player() == TERMINAL and game.is_terminal()
    assert game.legal_actions() == [] and game.chance_outcomes() == []
    assert game.ply == 6 and [str(a) for a in game.history()][:2] == ["face 3", "again"]


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = Dice()
    game.apply(Face(3))
    game.apply(AGAIN)
    game.apply(Face(1))
    before = (game.agenda[:], game.kept[:], game.history())
    with pytest.raises(IllegalActionError, match="seat 0 is to keep"):
        game.apply(AGAIN)
    with pytest.raises(IllegalActionError, match="seat 0 is to keep"):
        game.apply(Face(2))
    assert (game.agenda, game.kept, game.history()) == before
    game.apply(KEEP)
    with pytest.raises(IllegalActionError, match=r"chance is to move \(roll\)"):
        game.apply(KEEP)


def test_the_game_ends_when_a_step_says_so() -> None:
    game = Dice()
    game.apply(Face(6))
    assert game.is_terminal() and game.kept == [6, 0]
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(Face(1))


def test_a_clone_goes_its_own_way() -> None:
    game = Dice()
    game.apply(Face(5))
    other = game.clone()
    other.apply(KEEP)
    assert game.current_player() == 0 and game.legal_actions() == [KEEP, AGAIN]
    assert other.current_player() == CHANCE and other.kept == [5, 0] and game.kept == [0, 0]
    assert game.ply == 1 and other.ply == 2


def test_an_action_equal_to_a_legal_one_is_legal() -> None:
    game = Dice()
    game.apply(Face(2))
    game.apply(Choice("again"))  # not the listed object, but equal to it
    assert game.current_player() == CHANCE


def test_random_games_end() -> None:
    rng = random.Random(7)
    for _ in range(200):
        game = Dice()
        while not game.is_terminal():
            if game.current_player() == CHANCE:
                game.apply(game.sample_chance(rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
        assert game.ply <= 8
