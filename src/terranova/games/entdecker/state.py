"""Entdecker's rules: a pure state machine over the core protocol (no I/O).

:class:`EntdeckerState` runs on the core turn engine (:mod:`terranova.core.turns`): the step
on top of its agenda (:mod:`.steps`) says who acts; the state lists its legal actions, hands
each action to the chapter whose rule it is and carries out the automatic steps until the
next decision or chance node. The chapters, in the order of a
turn: :mod:`.routes` (choosing a start: routes, tolls, edge costs), :mod:`.exploring`
(income, announcing, drawing and laying tiles, events, units) and :mod:`.scoring` (filling
enclosed spaces, islands, the jungle paths, the end); :mod:`.views` says what each seat
sees. The chapters work on the game's fields, the :class:`~.record.Record` this state
derives from, and never import this module: it imports them. ``docs/entdecker/rules.md``
has the rules in English and ``docs/entdecker/rulings.md`` every decision the sources leave
open.
"""

from __future__ import annotations

from typing import Any

from terranova.core.actions import Action
from terranova.core.i18n import Said
from terranova.core.turns import Step, TurnOver
from terranova.games.entdecker import exploring, routes, scoring, views, words
from terranova.games.entdecker.actions import (
    Announce,
    Draw,
    Fill,
    Income,
    Layout,
    Place,
    Reveal,
    Settle,
    StartEdge,
    StartTile,
    Stop,
    Take,
    Token,
    Trek,
    parse_action,
)
from terranova.games.entdecker.record import Record
from terranova.games.entdecker.steps import (
    Announcing,
    Exploring,
    Filling,
    Hut,
    Natives,
    Placing,
    Revealing,
    Rolling,
    Scoring,
    Searching,
    SettingUp,
    Starting,
    Trekking,
    Wheel,
)


class EntdeckerState(Record):
    """A game of Entdecker for 2 to 4 players."""

    game_id = "entdecker"

    def begin(self) -> None:
        """The beginner set-up laid and the first turn begun, or the variable set-up drawn
        first."""
        spec = self.tables.board
        if self._params["setup"] == "beginner":
            beginner = next(i for i, lay in enumerate(spec.layouts) if lay.kind == "beginner")
            self.lay_out(beginner)
            exploring.begin_turn(self, 0)
        else:
            self.agenda.append(SettingUp())
        self.advance()

    # ------------------------------------------------------- the steps' meaning

    def options(self, step: Step) -> list[Action]:
        match step:
            case Wheel():
                low, high = self.tables.board.wheel
                return [Income(v) for v in range(low, high + 1)]
            case Starting(seat=seat):
                return routes.start_actions(self, seat)
            case Announcing(seat=seat):
                return exploring.announcements(self, seat)
            case Exploring(seat=seat):
                return exploring.explore_actions(self, seat)
            case Placing():
                return self.placements[:]
            case Natives() | Trekking():
                return scoring.trek_actions(self)
            case _:  # pragma: no cover
                raise AssertionError(f"step {step} waits for nobody")

    def outcomes(self, step: Step) -> list[tuple[Action, float]]:
        t = self.tables
        match step:
            case SettingUp():
                variable = [i for i, lay in enumerate(t.board.layouts) if lay.kind == "variable"]
                return [(t.layouts[i], 1 / len(variable)) for i in variable]
            case Rolling():
                return t.roll_outcomes[:]
            case Revealing():
                total = sum(self.hidden)
                return [(t.reveals[d], c / total) for d, c in enumerate(self.hidden) if c]
            case Searching(pos=pos):
                fitting = scoring.hidden_fillers(self, pos)
                total = sum(self.hidden[d] for d in fitting)
                return [(t.fills[d], self.hidden[d] / total) for d in fitting]
            case Hut():
                return [(t.tokens[k], 1 / len(self.bag)) for k in sorted(self.bag)]
        return []

    def carry_out(self, step: Step, action: Action) -> None:
        ag = self.agenda
        match step:
            case SettingUp():
                ag.pop()
                assert type(action) is Layout
                self.lay_out(self.tables.layout_index[action.layout])
                exploring.begin_turn(self, 0)
            case Rolling(seat=seat):
                ag.pop()
                exploring.roll(self, seat, action)
            case Wheel(seat=seat):
                ag.pop()
                assert type(action) is Income
                exploring.pay_income(self, seat, action.value)
            case Starting(seat=seat):
                assert type(action) is StartEdge or type(action) is StartTile
                routes.start(self, seat, action)
            case Announcing(seat=seat):
                assert type(action) is Announce
                exploring.announce(self, seat, action)
            case Exploring(seat=seat):
                if type(action) is Draw:
                    exploring.draw(self, seat)
                elif type(action) is Take:
                    exploring.take(self, seat, action.number)
                elif type(action) is Settle:
                    exploring.settle(self, seat, action)
                else:
                    assert type(action) is Stop
                    exploring.stop(self, seat)
            case Revealing(seat=seat):
                ag.pop()
                assert type(action) is Reveal
                exploring.revealed(self, seat, self.tables.index[action.design])
            case Placing(seat=seat):
                ag.pop()
                assert type(action) is Place
                exploring.place(self, seat, action)
            case Natives(seat=seat) | Trekking(seat=seat):
                ag.pop()
                assert type(action) is Trek
                supply = isinstance(step, Natives)
                scoring.trek(self, seat, self.tables.path_index[action.path], supply)
            case Searching(pos=pos):
                ag.pop()
                assert type(action) is Fill
                scoring.fill(self, pos, self.tables.index[action.design])
            case Hut(seat=seat, path=path):
                ag.pop()
                assert type(action) is Token
                scoring.token_drawn(self, seat, path, self.tables.token_index[action.token])

    def proceed(self, step: Step) -> bool:
        ag = self.agenda
        match step:
            case Starting(seat=seat):
                legal = routes.start_actions(self, seat)
                if not legal:
                    ag.pop()
                    exploring.cannot_pay(self, seat)
                    return True
                self.passes = 0
                self.offer(legal)  # listed once
                return False
            case Exploring(seat=seat):
                legal = exploring.explore_actions(self, seat)
                if legal == [exploring.STOP]:
                    exploring.stop(self, seat)  # nothing else to do
                    return True
                self.offer(legal)
                return False
            case Trekking(seat=seat) | Natives(seat=seat):
                if not scoring.trek_actions(self):
                    ag.pop()
                    if isinstance(step, Trekking):
                        self.supply[seat][0] += 1  # no room on any path
                    return True
                return False
            case Filling(seat=seat):
                scoring.fill_next(self, seat)
                return True
            case Scoring(seat=seat):
                ag.pop()
                scoring.score_next(self, seat)
                return True
            case TurnOver(seat=seat):
                ag.pop()
                scoring.turn_over(self, seat)
                return True
        return False

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def end_reason(self) -> Said | str | None:
        """Why the game ended (ruling 11, ruling 22: one of
        :data:`~terranova.games.entdecker.scoring.END_REASONS`, in words); None while it
        goes on."""
        return None if self.ending is None else scoring.END_WORDS[self.ending]

    def estimate(self, seat: int) -> float:
        return scoring.estimate(self, seat)

    def estimates(self) -> list[float]:
        return scoring.estimates(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        """A produce token drawn into a hut is seen by the player who drew it only."""
        if not self.over:
            top = self.agenda[-1]
            if isinstance(top, Hut) and top.seat != seat:
                return "token ?"
        return str(action)

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        """Start points by the board's edge, headings by the compass, seats from 1."""
        return words.say(self, action, seat)

    def decisions_public(self) -> bool:
        """Every decision is public (only chance's draw of a token into a hut is hidden):
        every seat sees it as its canonical text, which names it alone whatever the
        position (``parse_action`` reads it back)."""
        return True

    def components(self) -> dict[str, Any]:
        return views.components(self)
