"""Discovery (evolution)'s rules: Discovery Explore and Discovery Bluff, every option, as a
pure state machine over the core protocol (no I/O).

:class:`EvolutionState` ties the rulebook's chapters together: it asks the step on top of
its agenda (:mod:`.steps`) who acts, lists the legal actions, hands each action to the
chapter whose rule it is, and carries out the automatic steps until the next decision or
chance node. The chapters: :mod:`.table` (rules 1.3-1.4, where the cards lie),
:mod:`.drawing` (1.4, the deal and the draw pile), :mod:`.turns` (a turn's course),
:mod:`.placing` (1.5, placing and series), :mod:`.specials` (2.2, special actions),
:mod:`.jokers`, :mod:`.teams`, :mod:`.automaton` (2.3, the options), :mod:`.windows`
(response windows), :mod:`.explore` (2.1) and :mod:`.bluff` (2.4, 2.6) with :mod:`.stop`
(2.5), and :mod:`.views` (what each seat may know). The game's variant, Explore or Bluff,
is chosen once (:mod:`.variant`). See ``docs/evolution/rules.md`` for the rules in English
and ``docs/evolution/rulings.md`` for every decision the text leaves open.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.i18n import Said
from terranova.core.state import ResponseWindow
from terranova.core.turns import Chance, Step, TurnOver
from terranova.games.evolution.actions import (
    ABANDON,
    ACCEPT,
    CONCEDE,
    END,
    PASS,
    VERIFY,
    Announce,
    Ask,
    Call,
    Discard,
    Exchange,
    JokerAs,
    JokerSpecial,
    PlaceCalled,
    PlaceDiscard,
    PlaceHand,
    PlaceReserve,
    Replay,
    SpecialDiscard,
    Steal,
    parse_action,
)
from terranova.games.evolution.cards import Deck
from terranova.games.evolution.rules import (
    automaton,
    bluff,
    drawing,
    explore,
    jokers,
    placing,
    specials,
    stop,
    teams,
    turns,
    views,
    windows,
    words,
)
from terranova.games.evolution.rules.configuration import configure
from terranova.games.evolution.rules.steps import (
    Abandon,
    Announcement,
    AutomatonTurn,
    Called,
    Calling,
    Dealing,
    Drawing,
    Flipping,
    Giving,
    Interrupting,
    Placement,
    Playing,
    Refilling,
    Robbing,
    Settling,
    Stopped,
    Taking,
    Turn,
    Window,
)
from terranova.games.evolution.rules.table import Table
from terranova.games.evolution.rules.variant import Variant

EXPLORE = "explore"
BLUFF = "bluff"
VARIANTS: dict[str, Variant[Table]] = {EXPLORE: explore.EXPLORE_RULES, BLUFF: bluff.BLUFF_RULES}


class EvolutionState(Table):
    """A game of Discovery Explore (``mode="explore"``, points) or Discovery Bluff
    (``mode="bluff"``, no points) for 1 to 9 seats, some of them automata."""

    def __init__(
        self,
        deck: Deck,
        mode: str = EXPLORE,
        players: int = 4,
        automata: int = 0,
        teams: int = 0,
        jokers: int = 0,
        deck_param: str | None = None,
    ) -> None:
        variant = VARIANTS.get(mode)
        if variant is None:
            raise InvalidParameterError(f"mode is {EXPLORE!r} or {BLUFF!r}, not {mode!r}")
        super().__init__(
            deck, configure(deck, variant, players, automata, teams, jokers, deck_param)
        )

    # ================================================================ protocol

    @property
    def num_seats(self) -> int:
        return self.players

    # the turn engine's hooks: what each step of the agenda means

    def options(self, step: Step) -> list[Action]:
        # the cases in about the order of how often they come
        match step:
            case Playing():
                return self._turn_actions(self.ctx[-1])
            case Dealing() | Drawing() | Refilling():
                return drawing.outcome_actions(self, step)
            case Taking(victim=victim):
                return specials.take_actions(self, victim)
            case Chance():
                return [a for a, _ in self.outcomes(step)]
            case Window(seats=seats, interrupter=interrupter):
                return self.variant.window_answers(self, seats[0], interrupter)
            case Stopped():
                return [VERIFY, CONCEDE]
            case Robbing(seat=seat):
                return [self.tables.steal[v] for v in self.victims(seat)]
            case Giving(giver=giver, exclude=exclude):
                hand = [x for x in self.hands[giver] if x != exclude]
                return self.card_actions(hand, self.tables.give)
            case Called(card=card):
                return self.variant.called_answers(self, self.ctx[-1], card)
            case _:  # pragma: no cover
                raise AssertionError(f"step {step} waits for nobody")

    def outcomes(self, step: Step) -> list[tuple[Action, float]]:
        match step:
            case Dealing() | Drawing() | Refilling():
                return drawing.outcomes(self, step)
            case Taking(victim=victim):
                return specials.take_outcomes(self, victim)
            case Flipping(seat=seat):
                return automaton.flip_outcome(self, seat)
        return []  # pragma: no cover

    def carry_out(self, step: Step, action: Action) -> None:
        ag = self.agenda
        match step:
            case Playing():
                self._play(self.ctx[-1], action)
            case Dealing() | Drawing() | Refilling():
                drawing.draw(self, step, action)
            case Window():
                windows.answer(self, step, action)
            case Taking():
                ag.pop()
                specials.take(self, step, action)
            case Stopped():
                stop.respond(self, step, action)
            case Flipping():
                ag.pop()
                automaton.flip(self, self.ctx[-1])
            case Robbing(seat=seat):
                assert type(action) is Steal
                ag[-1] = Taking(seat, action.seat, "forced")
            case Giving():
                ag.pop()
                specials.give(self, step, action)
            case Called(seat=seat, card=card):
                ag.pop()
                self._place_called(seat, card, action)

    def proceed(self, step: Step) -> bool:
        # the cases in about the order of how often they come
        ag = self.agenda
        match step:
            case Playing():
                settle = self.variant.between_actions  # Bluff: everybody draws, or the winner
                return settle is not None and settle(self)
            case Drawing():
                return not drawing.draw_waits(self, step)
            case Window() | Stopped() | Called() | Flipping():
                return False  # a decision, or the automaton's card (a chance node)
            case Settling():
                ag.pop()
                self._settle(step)
            case TurnOver():
                settle = self.variant.between_actions
                if settle is None or not settle(self):
                    turns.next_turn(self)
            case Taking(victim=victim):
                if self.hands[victim]:
                    return False
                ag.pop()  # nothing to take
            case Robbing(seat=seat):
                victims = self.victims(seat)
                if not victims:
                    ag.pop()
                elif self.auto[seat]:
                    ag[-1] = Taking(seat, automaton.victim(self, victims), "forced")
                else:
                    return False
            case Giving(giver=giver, exclude=exclude):
                if not [x for x in self.hands[giver] if x != exclude]:
                    ag.pop()  # nothing to give
                    return True
                return False
            case AutomatonTurn():
                settle = self.variant.between_actions
                if settle is None or not settle(self):
                    automaton.next_step(self, self.ctx[-1])
            case Refilling():
                return not drawing.refill_waits(self)
            case Dealing():
                return not drawing.deal_waits(self)
            case Interrupting(seat=seat):
                ag.pop()
                turns.start_turn(self, seat, True)
        return True

    # the engine's legality, with the game's own words and a set for actions not listed

    def chance_actions(self, step: Step) -> list[Action]:
        """A chance step's outcomes, listed by :meth:`options` without their
        probabilities."""
        return self.options(step)

    def is_legal(self, action: Action) -> bool:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.over else self.options(self.agenda[-1])
        # an action chosen from the legal ones (or drawn by sample_chance) is one of the
        # very objects listed: found by identity, without hashing every legal action
        if any(map(is_, legal, repeat(action))):
            return True
        made = self._legal_set
        if made is None or made[0] is not legal:
            made = self._legal_set = (legal, set(legal))
        return action in made[1]

    def why_illegal(self, action: Action) -> str:
        if self.over:
            return "the game is over"
        top = self.agenda[-1]
        if isinstance(top, Chance):
            return "chance is to move: that outcome is not possible now"
        who = self.current_player()
        return f"seat {who} is to move ({top.name or 'turn'}) and this is not one of its choices"

    def sample_chance(self, rng: random.Random) -> Action:
        if self.over or not isinstance(top := self.agenda[-1], Chance):
            raise ValueError("not a chance node")
        match top:
            case Dealing() | Drawing() | Refilling():
                return drawing.sample(self, top, rng)
            case Taking(victim=victim) if not self.auto[victim]:
                hand = self.hands[victim]
                pick = sorted(hand)[rng.randrange(len(hand))]
                return self.tables.take[min(pick, self.tables.n)]
        return self.chance_outcomes()[0][0]

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.pile = [p[:] for p in self.pile]
        other.pile_jokers = self.pile_jokers[:]
        other.hands = [h[:] for h in self.hands]
        other.emptied = self.emptied[:]
        other.known = self.known.copy()
        other.reserve = self.reserve[:]
        other.discards = [d[:] for d in self.discards]
        other.out = self.out[:]
        other.tree = self.tree[:]
        other.tree_card = self.tree_card[:]
        other.tree_valid = self.tree_valid[:]
        other.rep = self.rep[:]
        other.era_count = self.era_count[:]
        other.seat_points = self.seat_points[:]
        other.sheet = self.sheet[:]
        other.announced = [a[:] for a in self.announced]
        other.ctx = [t.copy() for t in self.ctx]
        self.copy_flow(other)  # the agenda's steps are frozen: shared
        other.winning_seats = self.winning_seats[:]
        other.deed_log = self.deed_log[:]
        return other

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def scores(self) -> list[int]:
        return self.variant.scores(self)

    def returns(self) -> list[int]:
        return self.scores()

    def winners(self) -> list[int]:
        """Explore's best scores; Bluff's winners are named by how it ended, and a game
        that ended with no winner has none (not every seat sharing a score of 0)."""
        if self.over and self.variant.mode == "bluff":
            return self.winning_seats[:]
        return super().winners()

    def points(self) -> list[int] | None:
        """Bluff is won or lost, with no points."""
        return None if self.variant.mode == "bluff" else self.scores()

    def params(self) -> dict[str, Any]:
        cfg = self.config
        return {
            "players": cfg.players,
            "automata": cfg.automata,
            "teams": cfg.teams,
            "jokers": cfg.jokers,
            "deck": cfg.deck_param,
        }

    def estimate(self, seat: int) -> float:
        return self.variant.estimate(self, seat)

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Redeal what ``seat`` has not seen (:func:`.views.redeal`). Once Bluff is over
        nothing is hidden: the hands are shown and the draw pile is empty."""
        other = self.clone()
        self.copy_flow(other, history=False)  # no history, the same agenda
        other.changed()  # what is listed may hang on what is redrawn
        if self.over and self.variant.shows_hands_at_end:
            return other
        views.redeal(self, other, seat, rng)
        return other

    # ---------------------------------------------------------------- views

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        """Draws into a hand, and the cards a steal takes or a player gives, are seen only
        by the players concerned (``draw ?``, ``take ?``, ``give ?`` for the others)."""
        return views.describe(self, action, seat)

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        """Cards by their names, seats from 1; a card hidden from ``seat`` is "a card"."""
        return words.say(self, action, seat)

    def recall_says(self, action: Action, recalled: str, seat: int | None) -> Said | str:
        """Bluff: a card the log masks now is "a card" in words too."""
        return words.recall(self, action, recalled)

    def recall_action(self, action: Action, seen: str, seat: int | None) -> str:
        """Bluff: a card under the top of the pile is named by no log line any more (the
        players must remember what lies there), whatever the line tells of it: ``place
        hand ?``, ``call ?``, ``draw ?``. The top card stays named (the view shows it),
        unless an entry under it stands for the same card."""
        return views.recall(self, action, seen)

    def components(self) -> dict[str, Any]:
        """The deck: every card with its era, family and prerequisites; the jokers."""
        return views.components(self)

    def response_window(self) -> ResponseWindow | None:
        """Open after each challengeable action: in Bluff every person may say Stop (or,
        with jokers, "Interruption!"); in Explore the seats holding a joker may interrupt."""
        if self.over:
            return None
        top = self.agenda[-1]
        if not isinstance(top, Window):
            return None
        return ResponseWindow(top.seats, ACCEPT)

    def pile_memory(self) -> list[tuple[str, bool]]:
        """Bluff: the pile, bottom first, as a player with a perfect memory knows it: the
        card each entry stands for and whether it is a joker. Every entry was shown face up
        when it was placed; ``view`` shows only the top, because players must remember the
        rest. (Explore: the tree, which everyone sees.)"""
        c = self.tables
        return [
            (c.ids[card], item >= c.n) for item, card in zip(self.tree, self.tree_card, strict=True)
        ]

    # -------------------------------------------------------- inspection (tests)

    def zones(self) -> dict[str, list[int]]:
        """Every card and joker by where it lies (for checks that each is in one place)."""
        out: dict[str, list[int]] = {
            "pile": [x for cards in self.pile for x in cards] + self.pile_jokers,
            "reserve": self.reserve[:],
            "tree": self.tree[:],
            "out": self.out[:],
            "called": [t.card for t in self.agenda if isinstance(t, Called)],
            "box": self.box[:],
        }
        for s in range(self.players):
            out[f"hand {s}"] = self.hands[s][:]
            out[f"discard {s}"] = self.discards[s][:]
        return out

    def deeds(self) -> list[tuple[int, str, bool]]:
        """Every challengeable action so far: (seat, action, whether it was valid)."""
        return self.deed_log[:]

    def tree_validity(self) -> list[tuple[str, bool]]:
        """The tree (Bluff: the pile, bottom first): each card and whether it was valid."""
        c = self.tables
        return [
            (self.item_name(item) if item < c.n else f"joker as {c.ids[card]}", valid)
            for item, card, valid in zip(self.tree, self.tree_card, self.tree_valid, strict=True)
        ]

    def hand(self, seat: int) -> list[str]:
        """The cards in a seat's hand, in order (an automaton's face-down row: first to
        be turned over first)."""
        return [self.item_name(x) for x in self.hands[seat]]

    # ================================================================= legal

    def _turn_actions(self, ctx: Turn) -> list[Action]:
        """Passing and asking at the start; placements; jokers; special actions; ending."""
        out: list[Action] = []
        if ctx.fresh:
            if turns.may_pass(self, ctx):
                out.append(PASS)
            if not ctx.asked and self.mates[ctx.seat]:
                out += teams.asks(self, ctx.seat)
        out += self.variant.placements(self, ctx)
        if ctx.can_start and self.has_joker(ctx.seat):  # at the start, or after a replay
            out += jokers.joker_actions(self)
        if ctx.specials:
            out += specials.special_actions(self, ctx)
        out += self.variant.closing(self, ctx)
        return out

    # ========================================================== applying

    def _play(self, ctx: Turn, action: Action) -> None:
        """An action of the seat whose turn it is, for the chapter whose rule it is."""
        if action == PASS:
            turns.pass_turn(self, ctx)
            return
        if action == END:
            turns.end_turn(self, ctx, draw=True)
            return
        ctx.fresh = False
        index = self.tables.index
        # type(action) is ...: actions are ABCs, whose isinstance checks (and class
        # patterns) are slow
        if type(action) is PlaceHand:
            placing.place(self, ctx, index[action.card], "hand", -1, ctx.can_start, str(action))
        elif type(action) is PlaceReserve:
            card = index[action.card]
            placing.place(self, ctx, card, "reserve", -1, ctx.can_start, str(action))
        elif type(action) is PlaceDiscard:
            card = index[action.card]
            placing.place(self, ctx, card, "discard", action.seat, ctx.can_start, str(action))
        elif type(action) is Discard:
            explore.discard(self, ctx, action.card)
        elif type(action) is Announce:
            bluff.announce(self, ctx, action.era, action.what == "close", str(action))
        elif type(action) is Call:
            specials.call(self, ctx, index[action.card], str(action))
        elif type(action) is Steal:
            specials.steal(self, ctx, action.seat, exchange=False)
        elif type(action) is Exchange:
            specials.steal(self, ctx, action.seat, exchange=True)
        elif type(action) is SpecialDiscard:
            specials.special_discard(self, ctx, action)
        elif type(action) is Replay:
            specials.replay(self, ctx)
        elif type(action) is JokerAs:
            jokers.joker_as(self, ctx, index[action.card])
        elif type(action) is JokerSpecial:
            jokers.joker_special(self, ctx)
        elif type(action) is Ask:
            teams.ask(self, ctx, action.seat)
        else:  # pragma: no cover - legal_actions offers nothing else
            raise AssertionError(action)

    def _place_called(self, seat: int, card: int, action: Action) -> None:
        """The caller places the card it was given, or (Bluff) gives it up."""
        if action == ABANDON:
            bluff.abandon(self, seat, card, str(action))
            return
        assert type(action) is PlaceCalled
        new = not action.series
        placing.place(self, self.ctx[-1], card, "called", -1, new, str(action))

    # ========================================================== settling

    def _settle(self, step: Settling) -> None:
        """What a deed does once its window is closed (``step.wrong``: a Stop found its
        author in the wrong, cases 2 and 3), then an interruption's extra turn."""
        ctx = self.ctx[-1]
        if step.interrupter >= 0:
            self.agenda.append(Interrupting(step.interrupter))  # after everything below
        deed = step.deed
        if step.wrong:
            stop.in_the_wrong(self, ctx, deed)
            return
        match deed:
            case Placement():
                placing.settle(self, ctx, deed)
            case Calling(card=card):
                specials.answer_call(self, ctx, card, checked=False)
            case Announcement():
                bluff.announced(self, ctx, deed)
            case Abandon():
                turns.end_turn(self, ctx, draw=True)  # the call failed
