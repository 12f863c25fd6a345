"""Small Islands' rules: a pure state machine over the core protocol (no I/O).

:class:`SmallIslandsState` runs on the core turn engine (:mod:`terranova.core.turns`):
its agenda holds the game's steps (:mod:`.steps`), and the state gives each its meaning,
handing each action to the chapter whose rule it is. The chapters: :mod:`.exploring`
(the starting tiles, Explore: taking, laying, refilling, bonus tokens; Land),
:mod:`.rounds` (preparing a round: the Navigation stack and the objectives; the round's
end: houses, rewards, Discovery tokens; the scores), :mod:`.alexis` (the solo automaton)
and :mod:`.ending` (the game's end); :mod:`.views` says what each seat sees and
:mod:`.sheet` writes the score sheet. The chapters read and write the game's data, the
record (:mod:`.record`), and never import this module. ``docs/small-islands/rules.md``
has the rules in English and ``docs/small-islands/rulings.md`` every decision the sources
leave open.
"""

from __future__ import annotations

import random
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.i18n import Said
from terranova.core.turns import Chance, Decision, Step
from terranova.games.small_islands import alexis, exploring, position, rounds, views, words
from terranova.games.small_islands.actions import parse_action
from terranova.games.small_islands.record import Record
from terranova.games.small_islands.steps import (
    AlexisTurn,
    Bonus,
    Choosing,
    Dealing,
    Discovering,
    Drawing,
    Keeping,
    Revealing,
)


class SmallIslandsState(Record):
    """A game of Small Islands for 1 to 4 players (1: the solo game against Alexis)."""

    def set_up(self) -> None:
        """The bonus tokens' clean spots listed, the set-up's steps, the flow run to the first
        decision."""
        self.clean_spots = exploring.clean_spots(self)
        exploring.set_up(self)
        self.advance()

    # ================================================================ protocol

    @property
    def num_seats(self) -> int:
        return self.players

    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def options(self, step: Step) -> list[Action]:
        found = exploring.legal(self, step)
        return rounds.legal(self, step) if found is None else found

    def outcomes(self, step: Step) -> list[tuple[Action, float]]:
        if isinstance(step, AlexisTurn):
            return alexis.outcomes(self)
        if isinstance(step, Drawing | Discovering):
            return rounds.outcomes(self, step)
        return exploring.outcomes(self)

    def is_legal(self, action: Action) -> bool:
        """A tile turned face up or dealt is legal if such a tile is unseen (without listing
        every outcome)."""
        if not self.over and isinstance(self.agenda[-1], Revealing | Dealing):
            return exploring.drawable(self, action)
        return super().is_legal(action)

    def why_illegal(self, action: Action) -> str:
        if self.over:
            return "the game is over"
        top = self.agenda[-1]
        who = "chance" if isinstance(top, Chance) else f"seat {getattr(top, 'seat', '?')}"
        return f"not a legal action now ({who} to act: {top.name or type(top).__name__})"

    def carry_out(self, step: Step, action: Action) -> None:
        self.agenda.pop()
        if isinstance(step, AlexisTurn):
            alexis.play(self, action)
        elif not exploring.apply(self, step, action):
            rounds.apply(self, step, action)

    def proceed(self, step: Step) -> bool:
        agenda = self.agenda
        if isinstance(step, Chance):
            if self._can_draw(step):
                return False
            agenda.pop()
            rounds.nothing_to_draw(self, step)
            return True
        if isinstance(step, Decision):
            if isinstance(step, Choosing) and not rounds.choices(self, step.seat):
                agenda.pop()
                rounds.keep_what_there_is(self, step.seat)
                return True
            if isinstance(step, Bonus):
                legal = self.options(step)
                if not legal:
                    agenda.pop()  # no bonus token fits anywhere
                    return True
                self.offer(legal)
            return False
        agenda.pop()
        if not exploring.carry_out(self, step):
            rounds.carry_out(self, step)
        return True

    def _can_draw(self, top: Chance) -> bool:
        """Whether a chance step has anything to draw."""
        if isinstance(top, Revealing | Dealing):
            return self.nav + self.reserve > 0
        if isinstance(top, Drawing):
            return bool(self.decks[top.deck])
        if isinstance(top, Discovering):
            return bool(self.disc_pool)
        return bool(self.expeditions)

    def sample_chance(self, rng: random.Random) -> Action:
        top = self.agenda[-1] if self.agenda and not self.over else None
        if isinstance(top, Revealing | Dealing):
            drawn = exploring.sample(self, rng)
            if drawn is not None:
                return drawn
        return super().sample_chance(rng)

    def clone(self) -> Self:
        other = self.copy_record()
        self.copy_flow(other)
        return other

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def scores(self) -> list[float]:
        """The scores everyone sees (Discovery tokens count once revealed, at the end); at
        the end of a game of 2 or more, with the tie-breaks in the fractions (ports around the
        ship, houses built, the last to lay a tile), so that the best is the winner's."""
        if self.over:
            return rounds.final_returns(self) if not self.solo else [float(rounds.score(self, 0))]
        return [float(rounds.public_score(self, s)) for s in range(self.players)]

    def other_scores(self) -> dict[str, float]:
        """Alexis's score in a solo game (her card's base and her houses)."""
        return {"alexis": float(rounds.alexis_score(self))} if self.solo else {}

    def estimate(self, seat: int) -> float:
        """The score with the seat's own Discovery tokens (the others' are hidden), plus
        what its objective for this round would pay if the round ended now."""
        return float(rounds.worth(self, seat))

    def estimates(self) -> list[float]:
        """Every seat's :meth:`estimate`, the islands a house may go on listed once for all."""
        found = rounds.havens(self)
        return [float(rounds.worth(self, s, found)) for s in range(self.players)]

    def returns(self) -> list[float]:
        return self.scores()

    def points(self) -> list[int]:
        """The scores in whole points, without the tie-breaks of :meth:`scores` (Discovery
        tokens counted once the game is over)."""
        if self.over:
            return [rounds.score(self, s) for s in range(self.players)]
        return [rounds.public_score(self, s) for s in range(self.players)]

    def winners(self) -> list[int]:
        """The best return; in the solo game, the player if they beat Alexis, else nobody."""
        if not self.over:
            return []
        return rounds.winners(self)

    def resample(self, seat: int, rng: random.Random) -> Self:
        other = self.copy_record()
        # no history (a seat knows the position, not every draw that made it); the legal
        # actions stay when ``seat`` is to move (it knows them): another seat's may hang on
        # what is redrawn
        self.copy_flow(other, history=False)
        other.changed()
        if self.current_player() == seat:
            other.offer(list(self.legal_actions()))
        if not self.over:
            rounds.redraw(self, other, seat, rng)
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        return words.describe_action(self, action, seat)

    def end_reason(self) -> Said | None:
        """Why the game ended (None while it goes on)."""
        return self.ended if self.over else None

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        """The tiles by what they show, the objectives by what they ask and pay."""
        return words.say_action(self, action, seat)

    def decisions_public(self) -> bool:
        """Every decision but two is public, seen by all as its canonical text: the
        objective cards a player keeps and the Discovery token it keeps are its own."""
        return not isinstance(self.agenda[-1], Choosing | Keeping)

    def components(self) -> dict[str, Any]:
        return views.components(self)

    def position(self) -> dict[str, Any]:
        """The position as a plain record of numbers (:mod:`.position`): what another engine
        needs to go on from here, and :meth:`from_position` reads back."""
        return position.position(self)

    @classmethod
    def from_position(
        cls, params: dict[str, Any], record: dict[str, Any], history: list[Action]
    ) -> Self:
        """The state of a :meth:`position` record of a game of ``params``, reached by
        ``history``."""
        made = position.from_position(cls, params, record, history)
        assert isinstance(made, cls)
        return made
