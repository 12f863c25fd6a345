"""Discovery (evolution)'s rules: Discovery Explore and Discovery Bluff, every option, as a
pure state machine over the core protocol (no I/O).

The engine keeps an *agenda*: a stack of pending steps. The step on top says who acts:
the seat whose turn it is (``TURN``), a seat answering out of turn (a response window, a
Stop, a card to give, a victim to choose), or chance (a draw, the card a steal takes,
the automaton turning over a card). Automatic steps (the effects of an action once its
window is closed, the automaton's procedure, the end of a turn) run inside
:meth:`EvolutionState.apply` until the next decision or chance node.

Cards are ints: ``0..n-1`` the deck's cards in deck order (their bit in the masks),
``n..n+jokers-1`` the jokers. Turns are a stack of :class:`Turn` contexts, so that a
joker's "Interruption!" suspends a turn and resumes it afterwards. See
``docs/evolution/rules.md`` for the rules in English and ``docs/evolution/rulings.md``
for every decision the text leaves open.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.errors import IllegalActionError, InvalidParameterError
from terranova.core.state import CHANCE, TERMINAL, ResponseWindow, State
from terranova.games.evolution.actions import (
    ABANDON,
    ACCEPT,
    CONCEDE,
    END,
    INTERRUPT,
    JOKER,
    JOKER_SPECIAL,
    PASS,
    REPLAY,
    STOP,
    VERIFY,
    Announce,
    Ask,
    Call,
    Deal,
    Discard,
    Draw,
    Exchange,
    Flip,
    Give,
    JokerAs,
    PlaceCalled,
    PlaceDiscard,
    PlaceHand,
    PlaceReserve,
    SpecialDiscard,
    Steal,
    Take,
    parse_action,
)
from terranova.games.evolution.cards import Deck

EXPLORE = "explore"
BLUFF = "bluff"

HAND_SIZE = 5
"""Cards dealt to each player and to the reserve; Explore hands are refilled to it."""
RESERVE_SIZE = 5
SPECIAL_BONUS = 3
"""Explore: points for each special action earned."""
STALEMATE_ROUNDS = 10
"""Bluff: once the draw pile is empty, the game ends with no winner after this many
rounds of turns in which no card stayed on the pile (ruling: a game must end)."""

# agenda steps (tuples whose first item is one of these)
DEAL, DRAW, REFILL, TAKE, FLIP = range(5)  # chance
TURN, AUTO, NEXT, EFFECTS, INTERRUPTION = range(10, 15)  # a turn's marker, automatic steps
STEAL, GIVE, WINDOW, RESPOND, CALLED = range(20, 25)  # decisions out of the turn's flow
STEP_NAMES = {
    DEAL: "deal",
    DRAW: "draw",
    REFILL: "refill",
    TAKE: "take",
    FLIP: "automaton",
    TURN: "turn",
    STEAL: "steal",
    GIVE: "give",
    WINDOW: "window",
    RESPOND: "respond",
    CALLED: "called",
}

# draw modes: up to a full hand (Explore), one card if there is one (Explore's
# replacement draws), one card or a steal when the pile is empty (Bluff)
UPTO, ONE, ONE_OR_STEAL = range(3)
# why a steal happens: a special action (the victim redraws in Explore), the first half of
# an exchange, a forced steal (turn start / instead of a draw), Stop case 2
R_SPECIAL, R_EXCHANGE, R_FORCED, R_CASE2 = range(4)
# why a card is given: the second half of an exchange, a teammate's request, Stop case 3
G_EXCHANGE, G_REQUEST, G_CASE3 = range(3)
# where a placed card comes from
S_HAND, S_RESERVE, S_DISCARD, S_CALLED, S_JOKER = range(5)
# challengeable actions ("deeds")
D_PLACE, D_JOKER, D_CALL, D_ANNOUNCE, D_ABANDON = range(5)

Series = tuple[int, int, bool]
"""(last card, length, started with a joker) of a series."""


@dataclass(frozen=True, slots=True)
class Deed:
    """An action that a response window follows (and, in Bluff, that a Stop may challenge).
    Its effects wait until the window is closed; a Stop that finds it wrong reverses it."""

    kind: int
    actor: int
    card: int
    """The card placed or represented, called, or given up; the era announced."""
    item: int = -1
    """What was put in the tree: the card, or the joker standing for it."""
    source: int = S_HAND
    valid: bool = True
    prev: Series | None = None
    """The series of the last card placed before this one (restored if it is reversed)."""
    earned: int = 0
    """Explore: special actions earned by opening or closing an era with this card."""
    text: str = ""


class Turn:
    """One turn in progress (several when a joker interrupted one)."""

    __slots__ = (
        "a_count",
        "a_groups",
        "a_left",
        "a_placed",
        "a_specials",
        "a_stop",
        "asked",
        "can_start",
        "ended",
        "fresh",
        "interruption",
        "joker",
        "last",
        "length",
        "passed",
        "placed",
        "requested",
        "seat",
        "specials",
    )

    def __init__(self, seat: int, interruption: bool) -> None:
        self.seat = seat
        self.interruption = interruption
        self.fresh = True  # nothing done yet (pass, ask)
        self.can_start = True  # the next placement starts a series
        self.last = -1  # the current series: last card, length, started with a joker
        self.length = 0
        self.joker = False
        self.specials = 0
        self.placed = 0  # cards placed this turn that stayed
        self.asked = False
        self.requested = -1  # the card a teammate gave on request
        self.ended = False
        self.passed = False
        # the automaton's turn
        self.a_specials = 0  # special actions waiting: each turns over two cards
        self.a_left = 0  # cards still to turn over for the current special action
        self.a_groups = False  # turning over cards for special actions
        self.a_placed = False  # ...and it placed at least one of them
        self.a_stop = False  # a card turned over normally could not be placed
        self.a_count = 0  # cards placed this turn (its one series, for points)

    def copy(self) -> Turn:
        other = object.__new__(Turn)
        for name in Turn.__slots__:
            setattr(other, name, getattr(self, name))
        return other


class CompiledDeck:
    """Per-deck tables and shared action objects for the hot paths."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        cards = deck.cards
        self.n = len(cards)
        self.ids = [c.id for c in cards]
        self.index = dict(deck.index)
        self.era = [c.era for c in cards]
        self.max_era = max(self.era)
        self.era_size = [0] * (self.max_era + 2)
        for e in self.era:
            self.era_size[e] += 1
        self.prereq = list(deck.prerequisite_masks)
        self.link = list(deck.link_masks)
        self.plink = list(deck.prerequisite_link_masks)
        names = [*self.ids, JOKER]
        self.place_hand = [PlaceHand(i) for i in self.ids]
        self.place_reserve = [PlaceReserve(i) for i in self.ids]
        self.joker_as = [JokerAs(i) for i in self.ids]
        self.call = [Call(i) for i in self.ids]
        self.give = [Give(i) for i in names]  # index n: a joker
        self.discard = [Discard(i) for i in names]
        self.special_discard = [SpecialDiscard(i) for i in names]
        self.deal = [Deal(i) for i in self.ids]
        self.draw = [Draw(i) for i in names]
        self.take = [Take(i) for i in names]
        self.flip = [Flip(i) for i in names]
        self._discards: dict[tuple[int, int], PlaceDiscard] = {}
        self.steal = [Steal(s) for s in range(10)]
        self.exchange = [Exchange(s) for s in range(10)]
        self.ask = [Ask(s) for s in range(10)]
        self.announce = {
            (what, e): Announce(what, e)
            for what in ("open", "close")
            for e in range(1, self.max_era + 1)
        }

    def place_discard(self, seat: int, card: int) -> PlaceDiscard:
        key = (seat, card)
        action = self._discards.get(key)
        if action is None:
            action = self._discards[key] = PlaceDiscard(seat, self.ids[card])
        return action


_COMPILED: dict[int, CompiledDeck] = {}


def compiled(deck: Deck) -> CompiledDeck:
    """The compiled tables of a deck (cached)."""
    table = _COMPILED.get(id(deck))
    if table is None or table.deck is not deck:
        table = _COMPILED[id(deck)] = CompiledDeck(deck)
    return table


def _masked(text: str, card: str) -> str:
    """``text`` with the word ``card`` (a card's id) replaced by ``?``."""
    return " ".join("?" if word == card else word for word in text.split(" "))


class EvolutionState(State):
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
        if mode not in (EXPLORE, BLUFF):
            raise InvalidParameterError(f"mode is {EXPLORE!r} or {BLUFF!r}, not {mode!r}")
        if not 1 <= players <= 9:
            raise InvalidParameterError(f"Discovery takes 1 to 9 players, not {players}")
        if not 0 <= automata < players:
            raise InvalidParameterError(
                f"automata is 0 to {players - 1} with {players} players (at least one seat "
                f"is a person), not {automata}"
            )
        humans = players - automata
        if teams and not 2 <= teams <= humans:
            raise InvalidParameterError(
                f"teams is 0 (no teams) or 2 to {humans} (the players who are not automata),"
                f" not {teams}"
            )
        if not 0 <= jokers <= deck.jokers:
            raise InvalidParameterError(
                f"jokers is 0 (no jokers) to {deck.jokers} (the jokers of deck "
                f"{deck.name!r}), not {jokers}"
            )
        c = self._c = compiled(deck)
        self.game_id = f"evolution-{mode}"
        self._mode = mode
        self._bluff = mode == BLUFF
        self._n = players
        self._automata = automata
        self._auto = [s >= humans for s in range(players)]
        self._teams = teams
        self._team = [(s % teams if teams and s < humans else -1) for s in range(players)]
        self._mates = [
            tuple(
                m
                for m in range(players)
                if m != s and self._team[m] >= 0 and self._team[m] == self._team[s]
            )
            for s in range(players)
        ]
        self._joker_count = jokers
        self._deck_param = deck_param
        n = c.n
        # where every card is
        self._pile: list[list[int]] = [[] for _ in range(c.max_era + 1)]
        for card in range(n):
            self._pile[c.era[card]].append(card)
        self._pile_n = n
        self._pile_jokers: list[int] = []
        self._box = list(range(n, n + jokers))  # jokers, shuffled in after the deal
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._emptied = list(range(players))
        """The seats whose hands are empty, in the order they emptied them (Bluff's
        winner is the first of them once the draw pile is empty)."""
        self._known: dict[int, int] = {}  # card in a hand -> seats that know it is there
        self._reserve: list[int] = []
        self._discards: list[list[int]] = [[] for _ in range(players)]
        self._out: list[int] = []  # jokers out of the game
        self._tree: list[int] = []  # cards and jokers in the tree (Bluff: the pile)
        self._tree_card: list[int] = []  # the card each stands for
        self._tree_valid: list[bool] = []  # Bluff: whether its placement was valid
        self._rep = [0] * n  # tree entries standing for each card
        self._placed = 0  # mask of cards represented in the tree
        self._real = 0  # mask of cards themselves in the tree
        self._era_count = [0] * (c.max_era + 2)
        # play
        self._points = [0] * players
        self._announced = [[False, False] for _ in range(c.max_era + 2)]  # open, close
        self._ctx: list[Turn] = []
        self._agenda: list[tuple[Any, ...]] = [(DEAL, 0)]
        self._base = 0
        self._last_series: Series | None = None
        self._passes = 0
        self._idle = 0
        self._over = False
        self._winners: list[int] = []
        self._history: list[Action] = []
        self._deeds: list[tuple[int, str, bool]] = []  # (seat, action, valid)
        self._last_call: dict[str, Any] | None = None
        self._last_stop: dict[str, Any] | None = None
        self._last_stop_card = ""  # the card the stopped action names ("" if none)
        self._legal: list[Action] | None = None
        self._legal_set: set[Action] | None = None

    # ================================================================ protocol

    @property
    def num_seats(self) -> int:
        return self._n

    @property
    def deck(self) -> Deck:
        """The deck this game is played with."""
        return self._c.deck

    @property
    def mode(self) -> str:
        """``explore`` or ``bluff``."""
        return self._mode

    def current_player(self) -> int:
        if self._over:
            return TERMINAL
        top = self._agenda[-1]
        kind = top[0]
        if kind < TURN:
            return CHANCE
        if kind in (TURN, STEAL, GIVE, CALLED):
            return int(top[1])
        if kind == WINDOW:
            return int(top[2][0])
        if kind == RESPOND:
            return int(top[1])
        raise AssertionError(f"step {kind} waits for nobody")  # pragma: no cover

    def is_terminal(self) -> bool:
        return self._over

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self._over:
            return []
        top = self._agenda[-1]
        kind = top[0]
        c = self._c
        if kind in (DEAL, DRAW, REFILL):
            actions = c.deal if kind == DEAL else c.draw
            cards = self._pile_n
            jokers = len(self._pile_jokers)
            total = cards + jokers
            out: list[tuple[Action, float]] = []
            if cards:
                low = self._lowest()
                p = cards / total / len(low)
                out = [(actions[card], p) for card in sorted(low)]
            if jokers:
                out.append((c.draw[c.n], jokers / total))
            return out
        if kind == TAKE:
            victim = top[2]
            hand = self._hands[victim]
            if self._auto[victim]:
                return [(c.take[min(hand[-1], c.n)], 1.0)]
            size = len(hand)
            held = sorted(x for x in hand if x < c.n)
            out = [(c.take[x], 1 / size) for x in held]
            if len(held) < size:
                out.append((c.take[c.n], (size - len(held)) / size))
            return out
        if kind == FLIP:
            return [(c.flip[min(self._hands[top[1]][0], c.n)], 1.0)]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        if self._over or self._agenda[-1][0] >= TURN:
            raise ValueError("not a chance node")
        top = self._agenda[-1]
        kind = top[0]
        c = self._c
        if kind in (DEAL, DRAW, REFILL):
            jokers = len(self._pile_jokers)
            if jokers and rng.randrange(self._pile_n + jokers) < jokers:
                return c.draw[c.n]
            low = sorted(self._lowest())
            return (c.deal if kind == DEAL else c.draw)[low[rng.randrange(len(low))]]
        if kind == TAKE and not self._auto[top[2]]:
            hand: list[int] = self._hands[top[2]]
            pick = sorted(hand)[rng.randrange(len(hand))]
            taken: Action = c.take[min(pick, c.n)]
            return taken
        return self.chance_outcomes()[0][0]

    def apply(self, action: Action) -> None:
        legal = self._legal_set
        if legal is None:
            legal = self._legal_set = set(self.legal_actions())
        if action not in legal:
            raise IllegalActionError(action, self._why_illegal(action))
        top = self._agenda[-1]
        kind = top[0]
        if kind < TURN:
            self._apply_chance(top, action)
        elif kind == TURN:
            self._apply_turn(self._ctx[-1], action)
        elif kind == STEAL:
            self._agenda.pop()
            self._agenda.append((TAKE, top[1], action.seat, R_FORCED))  # type: ignore[attr-defined]
        elif kind == GIVE:
            self._apply_give(top, action)
        elif kind == WINDOW:
            self._apply_window(top, action)
        elif kind == RESPOND:
            self._apply_respond(top, action)
        else:  # CALLED
            self._apply_called(top, action)
        self._history.append(action)
        self._legal = self._legal_set = None
        self._run()

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._pile = [p[:] for p in self._pile]
        other._pile_jokers = self._pile_jokers[:]
        other._hands = [h[:] for h in self._hands]
        other._emptied = self._emptied[:]
        other._known = self._known.copy()
        other._reserve = self._reserve[:]
        other._discards = [d[:] for d in self._discards]
        other._out = self._out[:]
        other._tree = self._tree[:]
        other._tree_card = self._tree_card[:]
        other._tree_valid = self._tree_valid[:]
        other._rep = self._rep[:]
        other._era_count = self._era_count[:]
        other._points = self._points[:]
        other._announced = [a[:] for a in self._announced]
        other._ctx = [t.copy() for t in self._ctx]
        other._agenda = self._agenda[:]
        other._winners = self._winners[:]
        other._history = self._history[:]
        other._deeds = self._deeds[:]
        return other

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def scores(self) -> list[int]:
        if self._bluff:
            if not self._over:
                return [0] * self._n
            return [int(s in self._winners) for s in range(self._n)]
        if not self._teams:
            return self._points[:]
        pooled = [0] * self._teams
        for s, team in enumerate(self._team):
            if team >= 0:
                pooled[team] += self._points[s]
        return [pooled[t] if t >= 0 else self._points[s] for s, t in enumerate(self._team)]

    def returns(self) -> list[int]:
        return self.scores()

    def history(self) -> list[Action]:
        return self._history[:]

    def params(self) -> dict[str, Any]:
        return {
            "players": self._n,
            "automata": self._automata,
            "teams": self._teams,
            "jokers": self._joker_count,
            "deck": self._deck_param,
        }

    def estimate(self, seat: int) -> float:
        if self._bluff:
            if self._over:
                return float(seat in self._winners)
            return -len(self._hands[seat]) / 10
        return float(self.scores()[seat])

    def resample(self, seat: int, rng: random.Random) -> Self:
        """Redeal what ``seat`` has not seen: the cards of other hands (the automata's
        face-down rows included) it does not know about, and the draw pile. Cards it knows
        the place of (given, taken, called) stay; the Bluff pile stays (every card on it was
        seen when it was placed). The draw pile is dealt in era order, so it keeps the
        latest eras: it gets the latest unseen cards (those of the era where it starts
        chosen at random), the hands the earlier ones. Unseen jokers go to random places
        among the unseen ones (they were shuffled blindly into the draw pile). Once Bluff
        is over nothing is hidden: the hands are shown and the draw pile is empty."""
        other = self.clone()
        other._history = []
        if self._over and self._bluff:
            return other
        c = self._c
        bit = 1 << seat
        slots: list[tuple[int, int]] = []
        unseen: list[int] = []
        for s in range(self._n):
            if s == seat:
                continue
            for i, item in enumerate(self._hands[s]):
                if not self._known.get(item, 0) & bit:
                    slots.append((s, i))
                    unseen.append(item)
        unseen += [card for cards in self._pile for card in cards] + self._pile_jokers
        unseen.sort()  # what the seat cannot see must not steer the draw: start from one order
        cards = [x for x in unseen if x < c.n]
        jokers = [x for x in unseen if x >= c.n]
        piled = self._pile_size()
        joker_places = rng.sample(range(piled + len(slots)), len(jokers))
        pile_jokers = [j for j, place in zip(jokers, joker_places, strict=True) if place < piled]
        rng.shuffle(cards)
        cards.sort(key=c.era.__getitem__, reverse=True)  # stable: random within an era
        in_pile = piled - len(pile_jokers)
        rest = cards[:in_pile] + pile_jokers
        pool = cards[in_pile:] + [j for j in jokers if j not in pile_jokers]
        rng.shuffle(pool)
        mapping: dict[int, int] = {}
        for (s, i), new in zip(slots, pool, strict=True):
            mapping[self._hands[s][i]] = new
            other._hands[s][i] = new
        # who knows what lies in a slot stays with the slot
        other._known = {
            new: self._known[old]
            for hand, old_hand in zip(other._hands, self._hands, strict=True)
            for new, old in zip(hand, old_hand, strict=True)
        }
        for s in range(self._n):
            if s != seat and not self._auto[s]:
                other._hands[s].sort()  # a person's hand has no order (a row of the
                # automaton has one, which follows from public events)
        other._pile = [[] for _ in range(c.max_era + 1)]
        other._pile_jokers = []
        for item in sorted(rest):
            if item < c.n:
                other._pile[c.era[item]].append(item)
            else:
                other._pile_jokers.append(item)
        other._pile_n = len(rest) - len(other._pile_jokers)
        if mapping:
            for ctx in other._ctx:
                ctx.requested = mapping.get(ctx.requested, ctx.requested)
            other._agenda = [
                (GIVE, t[1], t[2], t[3], mapping.get(t[4], t[4])) if t[0] == GIVE else t
                for t in other._agenda
            ]
        other._legal = other._legal_set = None
        return other

    # ---------------------------------------------------------------- views

    def view(self, seat: int | None) -> dict[str, Any]:
        c = self._c
        name = self._name
        hands = []
        for s, hand in enumerate(self._hands):
            entry: dict[str, Any] = {"seat": s, "count": len(hand), "cards": None}
            if seat == s:
                entry["cards"] = [name(x) for x in hand]
            elif seat is not None:
                bit = 1 << seat
                entry["known"] = sorted(name(x) for x in hand if self._known.get(x, 0) & bit)
            hands.append(entry)
        out: dict[str, Any] = {
            "game": self.game_id,
            "mode": self._mode,
            "seat": seat,
            "players": self._n,
            "automata": [s for s in range(self._n) if self._auto[s]],
            "teams": [t if t >= 0 else None for t in self._team],
            "jokers": self._joker_count,
            "step": "over" if self._over else STEP_NAMES.get(self._agenda[-1][0], "?"),
            "current_player": self.current_player(),
            "scores": self.scores(),
            "draw_pile": self._pile_size(),
            "reserve": [name(x) for x in self._reserve],
            "discards": [[name(x) for x in d] for d in self._discards],
            "jokers_out": len(self._out),
            "hands": hands,
            "winners": self.winners(),
            "last_call": self._last_call,
            "last_stop": self._last_stop,
        }
        covered = self._covered()
        if covered:
            # what was said aloud about a card now under the top is to be remembered
            call = self._last_call
            if call is not None and covered >> c.index[call["card"]] & 1:
                out["last_call"] = {**call, "card": "?"}
            stop = self._last_stop
            card = self._last_stop_card
            if stop is not None and card and covered >> c.index[card] & 1:
                out["last_stop"] = {**stop, "action": _masked(stop["action"], card)}
        if self._bluff:
            top = None
            if self._tree:
                top = {"card": c.ids[self._tree_card[-1]], "joker": self._tree[-1] >= c.n}
            out["pile"] = {"size": len(self._tree), "top": top}
            out["eras"] = [
                {"era": e, "announced_open": a[0], "announced_closed": a[1]}
                for e, a in enumerate(self._announced)
                if 1 <= e <= c.max_era
            ]
            if self._over:
                # the end: who emptied their hand, in what order, and the hands shown
                out["finish"] = {
                    "won": self._winners[:],
                    "emptied": self._emptied[:],
                    "hands": [[name(x) for x in hand] for hand in self._hands],
                }
        else:
            out["tree"] = [
                {"card": c.ids[card], "era": c.era[card], "joker": item >= c.n}
                for item, card in zip(self._tree, self._tree_card, strict=True)
            ]
            out["eras"] = [
                {
                    "era": e,
                    "placed": self._era_count[e],
                    "size": c.era_size[e],
                    "open": self._era_count[e] > 0,
                    "closed": self._era_count[e] == c.era_size[e],
                }
                for e in range(1, c.max_era + 1)
            ]
        turn = None
        if self._ctx and not self._over:
            ctx = self._ctx[-1]
            turn = {
                "seat": ctx.seat,
                "interruption": ctx.interruption,
                "interrupted": [t.seat for t in self._ctx[:-1]],
                "series": None
                if ctx.last < 0
                else {"last": c.ids[ctx.last], "length": ctx.length, "joker": ctx.joker},
                "starts_series": ctx.can_start,
                "specials": ctx.specials,
                "placed": ctx.placed,
                "requested": name(ctx.requested)
                if ctx.requested >= 0 and seat == ctx.seat
                else None,
            }
        out["turn"] = turn
        step: tuple[Any, ...] = self._agenda[-1] if not self._over else (None,)
        if step[0] == WINDOW:
            # Explore asks only the seats holding a joker: name a seat only to itself
            waiting = list(step[2]) if self._bluff else [s for s in step[2] if s == seat]
            out["window"] = {
                "action": step[3].text,
                "actor": step[1],
                "waiting": waiting,
                "interrupter": step[4] if step[4] >= 0 else None,
            }
        elif step[0] == RESPOND:
            out["window"] = {
                "action": step[3].text,
                "actor": step[1],
                "stopped_by": step[2],
                "interrupter": step[4] if step[4] >= 0 else None,
            }
        elif step[0] == CALLED:
            out["called"] = c.ids[step[2]]
        if seat is not None and seat == self.current_player():
            out["legal_actions"] = [str(a) for a in self.legal_actions()]
        return out

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        """Draws into a hand, and the cards a steal takes or a player gives, are seen only
        by the players concerned (``draw ?``, ``take ?``, ``give ?`` for the others)."""
        if self._over:
            return str(action)
        top = self._agenda[-1]
        kind = top[0]
        text = str(action)
        if kind == DEAL:
            slot = top[1] % (self._n + 1)
            return text if slot == 0 or seat == slot - 1 else "deal ?"
        if kind == DRAW:
            return text if seat == top[1] else "draw ?"
        if kind == TAKE:
            return text if seat in (top[1], top[2]) else "take ?"
        if kind == GIVE:
            return text if seat in (top[1], top[2]) else "give ?"
        return text

    def recall_action(self, action: Action, seen: str, seat: int | None) -> str:
        """Bluff: a card under the top of the pile is named by no log line any more (the
        players must remember what lies there), whatever the line tells of it: ``place
        hand ?``, ``call ?``, ``draw ?``. The top card stays named (the view shows it),
        unless an entry under it stands for the same card."""
        covered = self._covered()
        if not covered:
            return seen
        card = getattr(action, "card", None)
        if not isinstance(card, str):
            return seen
        index = self._c.index.get(card)
        if index is None or not covered >> index & 1:
            return seen
        return _masked(seen, card)

    def _covered(self) -> int:
        """Bluff: the mask of the cards that the entries under the pile's top are or stand
        for: what the players must remember, and no view nor log names any more. The
        top's card is among them only if an entry under it stands for it too (a joker on
        top as a card lying under it). 0 in Explore, whose tree is in sight."""
        tree_card = self._tree_card
        if not self._bluff or not tree_card:
            return 0
        top = tree_card[-1]
        if self._rep[top] > 1:
            return self._placed
        return self._placed & ~(1 << top)

    def components(self) -> dict[str, Any]:
        """The deck: every card with its era, family and prerequisites; the jokers."""
        deck = self._c.deck
        return {
            "deck": deck.name,
            "jokers": self._joker_count,
            "eras": [
                {"number": e.number, "name_fr": e.name_fr, "name_en": e.name_en, "colour": e.colour}
                for e in deck.eras
            ],
            "cards": [
                {
                    "id": card.id,
                    "name_fr": card.name_fr,
                    "name_en": card.name_en,
                    "era": card.era,
                    "number": card.number,
                    "family": str(card.family),
                    "prerequisites": list(card.prerequisites),
                }
                for card in deck.cards
            ],
        }

    def response_window(self) -> ResponseWindow | None:
        """Open after each challengeable action: in Bluff every person may say Stop (or,
        with jokers, "Interruption!"); in Explore the seats holding a joker may interrupt."""
        if self._over or self._agenda[-1][0] != WINDOW:
            return None
        return ResponseWindow(tuple(self._agenda[-1][2]), ACCEPT)

    def pile_memory(self) -> list[tuple[str, bool]]:
        """Bluff: the pile, bottom first, as a player with a perfect memory knows it: the
        card each entry stands for and whether it is a joker. Every entry was shown face up
        when it was placed; ``view`` shows only the top, because players must remember the
        rest. (Explore: the tree, which everyone sees.)"""
        c = self._c
        return [
            (c.ids[card], item >= c.n)
            for item, card in zip(self._tree, self._tree_card, strict=True)
        ]

    # -------------------------------------------------------- inspection (tests)

    def zones(self) -> dict[str, list[int]]:
        """Every card and joker by where it lies (for checks that each is in one place)."""
        out: dict[str, list[int]] = {
            "pile": [x for cards in self._pile for x in cards] + self._pile_jokers,
            "reserve": self._reserve[:],
            "tree": self._tree[:],
            "out": self._out[:],
            "called": [t[2] for t in self._agenda if t[0] == CALLED],
            "box": self._box[:],
        }
        for s in range(self._n):
            out[f"hand {s}"] = self._hands[s][:]
            out[f"discard {s}"] = self._discards[s][:]
        return out

    def deeds(self) -> list[tuple[int, str, bool]]:
        """Every challengeable action so far: (seat, action, whether it was valid)."""
        return self._deeds[:]

    def tree_validity(self) -> list[tuple[str, bool]]:
        """The tree (Bluff: the pile, bottom first): each card and whether it was valid."""
        c = self._c
        return [
            (self._name(item) if item < c.n else f"joker as {c.ids[card]}", valid)
            for item, card, valid in zip(self._tree, self._tree_card, self._tree_valid, strict=True)
        ]

    def hand(self, seat: int) -> list[str]:
        """The cards in a seat's hand, in order (an automaton's face-down row: first to
        be turned over first)."""
        return [self._name(x) for x in self._hands[seat]]

    # ================================================================= legal

    def _compute_legal(self) -> list[Action]:
        if self._over:
            return []
        top = self._agenda[-1]
        kind = top[0]
        c = self._c
        if kind < TURN:
            return [a for a, _ in self.chance_outcomes()]
        if kind == TURN:
            return self._turn_actions(self._ctx[-1])
        if kind == STEAL:
            return [c.steal[v] for v in self._victims(top[1])]
        if kind == GIVE:
            exclude = top[4]
            hand = [x for x in self._hands[top[1]] if x != exclude]
            return self._card_actions(hand, c.give)
        if kind == WINDOW:
            seat = top[2][0]
            if not self._bluff:
                return [ACCEPT, INTERRUPT]
            if top[4] < 0 and self._has_joker(seat):
                return [ACCEPT, STOP, INTERRUPT]
            return [ACCEPT, STOP]
        if kind == RESPOND:
            return [VERIFY, CONCEDE]
        # CALLED
        seat, card = top[1], top[2]
        ctx = self._ctx[-1]
        out: list[Action] = [PlaceCalled(c.ids[card], False)]
        if ctx.last >= 0 and (self._bluff or self._linked(ctx, card)):
            out.append(PlaceCalled(c.ids[card], True))
        if self._bluff:
            out.append(ABANDON)
        return out

    def _card_actions(self, items: list[int], actions: list[Any]) -> list[Action]:
        """One action per card of ``items`` in deck order, one for the jokers among them."""
        n = self._c.n
        cards = sorted(x for x in items if x < n)
        out: list[Action] = [actions[x] for x in cards]
        if len(cards) < len(items):
            out.append(actions[n])
        return out

    def _turn_actions(self, ctx: Turn) -> list[Action]:
        c = self._c
        n = c.n
        seat = ctx.seat
        hand = self._hands[seat]
        bluff = self._bluff
        out: list[Action] = []
        if ctx.fresh:
            if not self._tree and not ctx.interruption and self._passes < self._n:
                out.append(PASS)
            if not ctx.asked:
                out += [c.ask[m] for m in self._mates[seat] if self._hands[m]]
        # placements
        placed = self._placed
        prereq = c.prereq
        can_start = ctx.can_start
        if can_start:
            link_mask = -1
        elif ctx.last >= 0:
            link_mask = (c.plink if ctx.joker else c.link)[ctx.last]
        else:
            link_mask = 0
        if bluff:
            out += [c.place_hand[x] for x in sorted(hand) if x < n]
            out += [c.place_reserve[x] for x in sorted(self._reserve)]
            for s, discard in enumerate(self._discards):
                if s != seat:
                    out += [c.place_discard(s, x) for x in sorted(discard)]
        else:
            out += [
                c.place_hand[x]
                for x in sorted(hand)
                if x < n and not prereq[x] & ~placed and link_mask >> x & 1
            ]
            out += [
                c.place_reserve[x]
                for x in sorted(self._reserve)
                if not prereq[x] & ~placed and link_mask >> x & 1
            ]
            for s, discard in enumerate(self._discards):
                if s != seat:
                    out += [
                        c.place_discard(s, x)
                        for x in sorted(discard)
                        if not prereq[x] & ~placed and link_mask >> x & 1
                    ]
        if can_start and self._has_joker(seat):
            seen = 0
            for x in self._reserve:
                seen |= 1 << x
            for discard in self._discards:
                for x in discard:
                    if x < n:
                        seen |= 1 << x
            if bluff:
                out += [c.joker_as[x] for x in range(n) if not seen >> x & 1]
            else:
                era_count = self._era_count
                out += [
                    c.joker_as[x]
                    for x in range(n)
                    if not (seen | placed) >> x & 1 and era_count[c.era[x]]
                ]
            out.append(JOKER_SPECIAL)
        if ctx.specials:
            if not can_start:
                out.append(REPLAY)
            victims = [v for v in range(self._n) if v != seat and self._hands[v]]
            out += [c.steal[v] for v in victims]
            if hand:
                out += [c.exchange[v] for v in victims]
            if len(hand) >= 2:
                out += self._card_actions(hand, c.special_discard)
            out += c.call
        if bluff:
            for e in range(1, c.max_era + 1):
                announced = self._announced[e]
                if e > 1 and not announced[0]:
                    out.append(c.announce["open", e])
                if not announced[1]:
                    out.append(c.announce["close", e])
            out.append(END)
        elif ctx.placed or not hand:
            out.append(END)
        else:
            out += self._card_actions(hand, c.discard)
        return out

    def _why_illegal(self, action: Action) -> str:
        if self._over:
            return "the game is over"
        kind = self._agenda[-1][0]
        who = self.current_player()
        if kind < TURN:
            return "chance is to move: that outcome is not possible now"
        step = STEP_NAMES.get(kind, "turn")
        return f"seat {who} is to move ({step}) and this is not one of its choices"

    # ========================================================== applying

    def _apply_chance(self, top: tuple[Any, ...], action: Action) -> None:
        kind = top[0]
        c = self._c
        if kind == TAKE:
            self._agenda.pop()
            _, thief, victim, reason = top
            hand = self._hands[victim]
            item = hand[-1] if self._auto[victim] else self._find(hand, action.card)  # type: ignore[attr-defined]
            self._hand_remove(victim, item)
            self._hand_add(thief, item, 1 << victim)
            if reason == R_SPECIAL and not self._bluff:
                self._agenda.append((DRAW, victim, ONE))
            elif reason == R_EXCHANGE:
                self._agenda.append((GIVE, thief, victim, G_EXCHANGE, item))
            return
        if kind == FLIP:
            self._agenda.pop()
            self._apply_flip(self._ctx[-1])
            return
        # a card (or a joker) from the draw pile
        text = action.card  # type: ignore[attr-defined]
        if text == JOKER:
            item = self._pile_jokers.pop()
        else:
            item = c.index[text]
            self._pile[c.era[item]].remove(item)
            self._pile_n -= 1
        if kind == DEAL:
            k = top[1]
            slot = k % (self._n + 1)
            if slot == 0:
                self._reserve.append(item)
            else:
                self._hand_add(slot - 1, item, 0)
            k += 1
            if k < (self._n + 1) * HAND_SIZE and self._pile_n:
                self._agenda[-1] = (DEAL, k)
            else:
                self._finish_deal()
        elif kind == REFILL:
            if item < c.n:
                self._reserve.append(item)
            else:  # ruling: a joker turned up for the reserve leaves the game
                self._out.append(item)
        else:  # DRAW
            seat, mode = top[1], top[2]
            self._hand_add(seat, item, 0)
            if mode != UPTO:
                self._agenda.pop()

    def _finish_deal(self) -> None:
        self._agenda.pop()
        self._pile_jokers = self._box[:]
        self._box = []
        self._base = 0
        self._start_turn(0, False)

    def _apply_turn(self, ctx: Turn, action: Action) -> None:
        c = self._c
        seat = ctx.seat
        kind = type(action)
        if action == PASS:
            ctx.passed = True
            self._end_turn(ctx, draw=False)
            return
        if action == END:
            self._end_turn(ctx, draw=True)
            return
        ctx.fresh = False
        if kind is PlaceHand or kind is PlaceReserve or kind is PlaceDiscard:
            source = (
                S_HAND if kind is PlaceHand else S_RESERVE if kind is PlaceReserve else S_DISCARD
            )
            src = action.seat if kind is PlaceDiscard else -1  # type: ignore[attr-defined]
            card = c.index[action.card]  # type: ignore[attr-defined]
            self._place(ctx, card, source, src, ctx.can_start, str(action))
        elif kind is JokerAs:
            self._joker_as(ctx, c.index[action.card])  # type: ignore[attr-defined]
        elif action == JOKER_SPECIAL:
            joker = self._find(self._hands[seat], JOKER)
            self._hand_remove(seat, joker)
            self._out.append(joker)
            earned = 1
            if not self._hands[seat] and self._pile_size():
                earned += 1
                if not self._bluff:
                    self._agenda.append((DRAW, seat, UPTO))
            self._earn(ctx, earned)
        elif action == REPLAY:
            ctx.specials -= 1
            ctx.can_start = True
            ctx.last, ctx.length, ctx.joker = -1, 0, False
        elif kind is Steal:
            ctx.specials -= 1
            self._agenda.append((TAKE, seat, action.seat, R_SPECIAL))  # type: ignore[attr-defined]
        elif kind is Exchange:
            ctx.specials -= 1
            self._agenda.append((TAKE, seat, action.seat, R_EXCHANGE))  # type: ignore[attr-defined]
        elif kind is SpecialDiscard:
            ctx.specials -= 1
            item = self._find(self._hands[seat], action.card)  # type: ignore[attr-defined]
            self._hand_remove(seat, item)
            self._to_discard(seat, item)
        elif kind is Call:
            ctx.specials -= 1
            card = c.index[action.card]  # type: ignore[attr-defined]
            if self._bluff:
                valid = self._call_valid(seat, card)
                self._deed(Deed(D_CALL, seat, card, valid=valid, text=str(action)))
            else:
                self._resolve_call(ctx, card)
        elif kind is Announce:
            era = action.era  # type: ignore[attr-defined]
            what = 0 if action.what == "open" else 1  # type: ignore[attr-defined]
            if what == 0:
                valid = self._era_count[era] > 0
            else:
                valid = self._era_count[era] == c.era_size[era]
            self._deed(Deed(D_ANNOUNCE, seat, era, source=what, valid=valid, text=str(action)))
        elif kind is Ask:
            ctx.asked = True
            self._agenda.append((GIVE, action.seat, seat, G_REQUEST, -1))  # type: ignore[attr-defined]
        elif kind is Discard:
            item = self._find(self._hands[seat], action.card)  # type: ignore[attr-defined]
            self._hand_remove(seat, item)
            self._to_discard(seat, item)
            self._end_turn(ctx, draw=True)
        else:  # pragma: no cover - legal_actions offers nothing else
            raise AssertionError(action)

    def _apply_give(self, top: tuple[Any, ...], action: Action) -> None:
        self._agenda.pop()
        _, giver, receiver, reason, exclude = top
        hand = [x for x in self._hands[giver] if x != exclude]
        item = self._find(hand, action.card)  # type: ignore[attr-defined]
        self._hand_remove(giver, item)
        self._hand_add(receiver, item, 1 << giver)
        if reason == G_REQUEST:
            self._ctx[-1].requested = item
            if not self._bluff:
                self._agenda.append((DRAW, giver, ONE))

    def _apply_window(self, top: tuple[Any, ...], action: Action) -> None:
        ag = self._agenda
        ag.pop()
        _, actor, seats, deed, interrupter = top
        seat, rest = seats[0], seats[1:]
        if action == STOP:
            ag.append((RESPOND, actor, seat, deed, interrupter))
            return
        if action == INTERRUPT:
            joker = self._find(self._hands[seat], JOKER)
            self._hand_remove(seat, joker)
            self._out.append(joker)
            interrupter = seat
            if not self._bluff:
                rest = ()
        if rest:
            ag.append((WINDOW, actor, rest, deed, interrupter))
        else:
            ag[-1] = (EFFECTS, deed, interrupter, False)

    def _apply_respond(self, top: tuple[Any, ...], action: Action) -> None:
        ag = self._agenda
        ag.pop()
        _, actor, challenger, deed, interrupter = top
        if action == VERIFY and deed.valid:
            case = 1
            ag[-1] = (EFFECTS, deed, interrupter, False)
            ag.append((DRAW, challenger, ONE_OR_STEAL))
        elif action == CONCEDE:
            case = 2
            ag[-1] = (EFFECTS, deed, interrupter, True)
            if self._hands[challenger]:
                ag.append((TAKE, actor, challenger, R_CASE2))
        else:
            case = 3
            ag[-1] = (EFFECTS, deed, interrupter, True)
            ag.append((GIVE, challenger, actor, G_CASE3, -1))
        self._last_stop = {
            "action": deed.text,
            "actor": actor,
            "stopped_by": challenger,
            "case": case,
            "valid": deed.valid if case != 2 else None,
        }
        named = deed.kind in (D_PLACE, D_JOKER, D_CALL)
        self._last_stop_card = self._c.ids[deed.card] if named else ""

    def _apply_called(self, top: tuple[Any, ...], action: Action) -> None:
        self._agenda.pop()
        seat, card = top[1], top[2]
        ctx = self._ctx[-1]
        if action == ABANDON:
            self._to_discard(seat, card)
            valid = bool(self._c.prereq[card] & ~self._placed)
            self._deed(Deed(D_ABANDON, seat, card, valid=valid, text=str(action)))
            return
        self._place(ctx, card, S_CALLED, -1, not action.series, str(action))  # type: ignore[attr-defined]

    # ================================================================ the run

    def _run(self) -> None:
        """Carry out automatic steps until a decision, a chance node or the end."""
        ag = self._agenda
        while not self._over:
            top = ag[-1]
            kind = top[0]
            if kind in (TURN, AUTO, NEXT):
                if self._bluff and self._quiet():
                    continue
                if kind == TURN:
                    return
                if kind == AUTO:
                    self._auto_step(self._ctx[-1])
                else:
                    self._next()
            elif kind == EFFECTS:
                ag.pop()
                self._effects(top[1], top[2], top[3])
            elif kind == INTERRUPTION:
                ag.pop()
                self._start_turn(top[1], True)
            elif kind == DRAW:
                if not self._pile_size():
                    ag.pop()
                    if top[2] == ONE_OR_STEAL:
                        ag.append((STEAL, top[1], R_FORCED))
                elif top[2] == UPTO and len(self._hands[top[1]]) >= HAND_SIZE:
                    ag.pop()
                else:
                    return
            elif kind == REFILL:
                if len(self._reserve) >= RESERVE_SIZE or not self._pile_size():
                    ag.pop()
                else:
                    return
            elif kind == DEAL:
                if not self._pile_n:
                    self._finish_deal()
                else:
                    return
            elif kind == TAKE:
                if not self._hands[top[2]]:
                    ag.pop()
                else:
                    return
            elif kind == STEAL:
                seat = top[1]
                victims = self._victims(seat)
                if not victims:
                    ag.pop()
                elif self._auto[seat]:
                    ag.pop()
                    ag.append((TAKE, seat, self._automaton_victim(seat, victims), R_FORCED))
                else:
                    return
            elif kind == GIVE:
                if not [x for x in self._hands[top[1]] if x != top[4]]:
                    ag.pop()
                else:
                    return
            else:  # FLIP, WINDOW, RESPOND, CALLED
                return

    def _quiet(self) -> bool:
        """Bluff, between actions: everyone draws when a hand is empty before the draw
        pile is; once it is empty, the player (the team) whose hand emptied first among
        those with no card left has won (ruling 41)."""
        hands = self._hands
        if self._pile_size():
            if all(hands):
                return False
            start = self._ctx[-1].seat if self._ctx else 0
            for k in range(self._n - 1, -1, -1):
                self._agenda.append((DRAW, (start + k) % self._n, ONE_OR_STEAL))
            return True
        emptied = self._emptied
        if not emptied:
            return False
        if not self._teams:
            self._finish([emptied[0]])  # "le premier joueur à vider sa main a gagné"
            return True
        # a team has emptied its hands when its last player has: the first team to do so
        # wins (a player outside the teams, the automaton, counts as a team of one)
        done: dict[int, int] = {}  # team (or -1 - seat) -> when its last hand emptied
        for when, seat in enumerate(emptied):
            team = self._team[seat]
            done[team if team >= 0 else -1 - seat] = when
        complete = [
            (when, key)
            for key, when in done.items()
            if key < 0 or all(not hands[s] for s in range(self._n) if self._team[s] == key)
        ]
        if not complete:
            return False
        key = min(complete)[1]
        self._finish([-1 - key] if key < 0 else [s for s in range(self._n) if self._team[s] == key])
        return True

    def _finish(self, winners: list[int]) -> None:
        self._over = True
        self._winners = winners

    # ---------------------------------------------------------------- turns

    def _start_turn(self, seat: int, interruption: bool) -> None:
        ctx = Turn(seat, interruption)
        self._ctx.append(ctx)
        ag = self._agenda
        hand = self._hands[seat]
        pile = self._pile_size()
        if self._bluff and not pile and not hand:
            # a team player who has emptied their hand waits for their teammates
            ag.append((NEXT, seat))
            return
        ag.append((AUTO if self._auto[seat] else TURN, seat))
        if self._bluff:
            return
        if interruption and not hand and pile:
            ag.append((DRAW, seat, UPTO))  # the joker was the last card of the hand
        elif not pile and self._victims(seat):
            ag.append((STEAL, seat, R_FORCED))  # Explore: the draw pile is empty

    def _end_turn(self, ctx: Turn, draw: bool) -> None:
        """End ``ctx`` (the turn on top): its marker becomes NEXT; a requested card still
        in hand is discarded; then the end-of-turn draw (unless a Stop or a pass ended it)."""
        ctx.ended = True
        ag = self._agenda
        seat = ctx.seat
        for i in range(len(ag) - 1, -1, -1):
            if ag[i][0] == TURN or ag[i][0] == AUTO:
                ag[i] = (NEXT, seat)
                break
        if ctx.requested >= 0 and ctx.requested in self._hands[seat]:
            self._hand_remove(seat, ctx.requested)
            self._to_discard(seat, ctx.requested)
        if draw:
            if not self._bluff:
                ag.append((DRAW, seat, UPTO))
            elif not ctx.placed:
                ag.append((DRAW, seat, ONE_OR_STEAL))

    def _next(self) -> None:
        """A turn is over: resume the turn it interrupted, or start the next player's."""
        self._agenda.pop()
        ctx = self._ctx.pop()
        if self._bluff:
            if self._pile_size() or ctx.placed:
                self._idle = 0
            else:
                self._idle += 1
                if self._idle >= STALEMATE_ROUNDS * self._n:
                    self._finish([])
                    return
        if self._ctx:
            under = self._ctx[-1]
            if not under.ended and not under.can_start and self._last_series is not None:
                # "il peut notamment continuer la série de la dernière carte placée avant
                # ou durant l'interruption"
                under.last, under.length, under.joker = self._last_series
            return
        self._passes = self._passes + 1 if ctx.passed else 0
        if not self._bluff and not any(self._hands):
            self._finish([])
            return
        self._base = (self._base + 1) % self._n
        self._start_turn(self._base, False)

    def _earn(self, ctx: Turn, count: int) -> None:
        ctx.specials += count
        if not self._bluff:
            self._points[ctx.seat] += SPECIAL_BONUS * count

    # ------------------------------------------------------------ placements

    def _linked(self, ctx: Turn, card: int) -> bool:
        """Condition #2 with the current series' last card (a series started with a joker
        continues only through prerequisite links)."""
        if ctx.last < 0:
            return False
        masks = self._c.plink if ctx.joker else self._c.link
        return bool(masks[ctx.last] >> card & 1)

    def _place(self, ctx: Turn, card: int, source: int, src: int, new: bool, text: str) -> None:
        seat = ctx.seat
        if source == S_HAND:
            self._hand_remove(seat, card)
        elif source == S_RESERVE:
            self._reserve.remove(card)
        elif source == S_DISCARD:
            self._discards[src].remove(card)
        valid = True
        if self._bluff:
            valid = not self._c.prereq[card] & ~self._placed and (new or self._linked(ctx, card))
        prev = self._last_series
        opened, closed = self._add_entry(card, card, valid)
        if new:
            ctx.last, ctx.length, ctx.joker = card, 1, False
        else:
            ctx.last, ctx.length = card, ctx.length + 1
        ctx.can_start = False
        if not self._bluff:
            self._points[seat] += ctx.length
        self._last_series = (card, ctx.length, ctx.joker)
        self._deed(Deed(D_PLACE, seat, card, card, source, valid, prev, opened + closed, text))

    def _joker_as(self, ctx: Turn, card: int) -> None:
        seat = ctx.seat
        joker = self._find(self._hands[seat], JOKER)
        self._hand_remove(seat, joker)
        valid = bool(self._era_count[self._c.era[card]]) and not self._placed >> card & 1
        prev = self._last_series
        opened, closed = self._add_entry(joker, card, valid)
        ctx.last, ctx.length, ctx.joker = card, 1, True
        ctx.can_start = False
        if not self._bluff:
            self._points[seat] += 1
        self._last_series = (card, 1, True)
        text = f"joker as {self._c.ids[card]}"
        self._deed(Deed(D_JOKER, seat, card, joker, S_JOKER, valid, prev, opened + closed, text))

    def _deed(self, deed: Deed) -> None:
        """Record a challengeable action; its effects wait for its response window."""
        self._deeds.append((deed.actor, deed.text, deed.valid))
        ag = self._agenda
        ag.append((EFFECTS, deed, -1, False))
        actor = deed.actor
        if self._bluff:
            seats = tuple(
                s for k in range(1, self._n) if not self._auto[s := (actor + k) % self._n]
            )
        elif deed.kind in (D_PLACE, D_JOKER) and self._joker_count:
            seats = tuple(
                s
                for k in range(1, self._n)
                if not self._auto[s := (actor + k) % self._n] and self._has_joker(s)
            )
        else:
            seats = ()
        if seats:
            ag.append((WINDOW, actor, seats, deed, -1))

    def _effects(self, deed: Deed, interrupter: int, reversed_: bool) -> None:
        """What a deed does once its window is closed (``reversed_``: a Stop found its
        author in the wrong, cases 2 and 3)."""
        ag = self._agenda
        ctx = self._ctx[-1]
        actor = deed.actor
        if interrupter >= 0:
            ag.append((INTERRUPTION, interrupter))  # after everything below is done
        kind = deed.kind
        if kind in (D_PLACE, D_JOKER):
            if reversed_:
                index = len(self._tree) - 1
                self._remove_entry(index)
                self._last_series = deed.prev
                self._to_discard(actor, deed.item)
                self._end_turn(ctx, draw=False)
                ag.append((DRAW, actor, ONE_OR_STEAL))  # "... et en piocher une autre"
                if deed.source == S_RESERVE:
                    ag.append((REFILL,))
                return
            ctx.placed += 1
            earned = 0 if self._bluff else deed.earned
            if kind == D_PLACE:
                self._hand_back(deed.card, actor)
            if deed.source in (S_HAND, S_JOKER) and not self._hands[actor] and self._pile_size():
                earned += 1  # emptied the hand
                if not self._bluff:
                    ag.append((DRAW, actor, UPTO))
            if earned:
                self._earn(ctx, earned)
            if deed.source == S_RESERVE:
                ag.append((REFILL,))
        elif kind == D_CALL:
            if reversed_:
                self._end_turn(ctx, draw=False)
            else:
                self._resolve_call(ctx, deed.card)
        elif kind == D_ANNOUNCE:
            if reversed_:
                self._end_turn(ctx, draw=False)
            else:
                self._announced[deed.card][deed.source] = True
                ctx.specials += 1
        else:  # D_ABANDON: the card is already discarded
            self._end_turn(ctx, draw=not reversed_)

    def _call_valid(self, seat: int, card: int) -> bool:
        """Bluff: whether calling ``card`` now is a valid action (rule 2.5's examples)."""
        era = self._c.era[card]
        if era >= self._c.max_era or not self._era_count[era + 1]:
            return False
        if self._real >> card & 1 or card in self._reserve:
            return False
        if any(card in d for d in self._discards):
            return False
        return card not in self._hands[seat]

    def _resolve_call(self, ctx: Turn, card: int) -> None:
        """Who gives the called card, and whether the call fails (rule 2.2, rulings 13-14).
        In Bluff only who holds the card matters: the rest was for a Stop to catch."""
        seat = ctx.seat
        c = self._c
        ag = self._agenda
        reason = None
        own = card in self._hands[seat]
        if not self._bluff:
            era = c.era[card]
            if era >= c.max_era or not self._era_count[era + 1]:
                reason = "the next era was not open"  # a call that may not be made
                own = False  # takes nothing
            elif self._real >> card & 1:
                reason = "the card was already placed"
            elif card in self._reserve:
                reason = "the card was in the reserve"
            elif any(card in d for d in self._discards):
                reason = "the card was in a discard"
        holder = -1
        if reason is None and not own:
            holder = next(
                (s for k in range(1, self._n) if card in self._hands[s := (seat + k) % self._n]),
                -1,
            )
            if holder < 0:
                reason = "nobody had the card"
        if own:
            reason = "the card was in your hand"
        if holder >= 0:
            self._hand_remove(holder, card)
            if not self._bluff and c.prereq[card] & ~self._placed:
                reason = "a prerequisite is missing"
                self._to_discard(seat, card)
                self._end_turn(ctx, draw=True)
            else:
                ag.append((CALLED, seat, card))
            if not self._bluff:
                ag.append((DRAW, holder, ONE))  # the holder replaces the card at once
        else:
            if own:
                self._hand_remove(seat, card)
                self._to_discard(seat, card)
            self._end_turn(ctx, draw=True)
        self._last_call = {
            "seat": seat,
            "card": c.ids[card],
            "given_by": holder if holder >= 0 else None,
            "failed": reason,
        }

    # ------------------------------------------------------------- automaton

    def _auto_step(self, ctx: Turn) -> None:
        """The automaton decides its next step: turn over a card, or end its turn."""
        hand = self._hands[ctx.seat]
        if ctx.a_left and hand:
            self._agenda.append((FLIP, ctx.seat))
            return
        ctx.a_left = 0
        if ctx.a_specials and hand:
            ctx.a_specials -= 1
            ctx.a_left = 2
            ctx.a_groups = True
            self._agenda.append((FLIP, ctx.seat))
            return
        ctx.a_specials = 0
        if ctx.a_groups:
            ctx.a_groups = False
            if not ctx.a_placed:
                self._end_turn(ctx, draw=True)
                return
            ctx.a_placed = False
        if ctx.a_stop or not hand:
            self._end_turn(ctx, draw=True)
            return
        self._agenda.append((FLIP, ctx.seat))

    def _apply_flip(self, ctx: Turn) -> None:
        """The automaton turns over its first card: a joker is a special action; a card
        whose prerequisites are all placed is placed; any other card is discarded."""
        c = self._c
        seat = ctx.seat
        hand = self._hands[seat]
        item = hand[0]
        self._hand_remove(seat, item)
        group = ctx.a_left > 0
        if group:
            ctx.a_left -= 1
        if item >= c.n:
            self._out.append(item)
            earned = 1
        elif not c.prereq[item] & ~self._placed:
            opened, closed = self._add_entry(item, item, True)
            ctx.a_count += 1
            ctx.placed += 1
            if not self._bluff:
                self._points[seat] += ctx.a_count  # all its cards of a turn: one series
                earned = opened + closed
            else:
                earned = 0
                era = c.era[item]
                for what, happened in ((0, opened), (1, closed)):
                    if happened and not self._announced[era][what]:
                        self._announced[era][what] = True  # it announces its own
                        earned += 1
            self._last_series = (item, ctx.a_count, False)
            self._hand_back(item, seat)
            if group:
                ctx.a_placed = True
        else:
            self._to_discard(seat, item)
            if not group:
                ctx.a_stop = True
            return
        if not hand and self._pile_size():
            earned += 1  # emptied its hand
            if not self._bluff:
                self._agenda.append((DRAW, seat, UPTO))
        ctx.a_specials += earned
        if not self._bluff:
            self._points[seat] += SPECIAL_BONUS * earned

    def _automaton_victim(self, seat: int, victims: list[int]) -> int:
        """The player with the most cards, the nearest on its left on a tie."""
        best = victims[0]
        for v in victims:
            if len(self._hands[v]) > len(self._hands[best]):
                best = v
        return best

    # ------------------------------------------------------------ cards

    def _name(self, item: int) -> str:
        return self._c.ids[item] if item < self._c.n else JOKER

    def _find(self, items: list[int], name: str) -> int:
        if name == JOKER:
            n = self._c.n
            return next(x for x in items if x >= n)
        return self._c.index[name]

    def _has_joker(self, seat: int) -> bool:
        n = self._c.n
        return any(x >= n for x in self._hands[seat])

    def _victims(self, seat: int) -> list[int]:
        """Seats another seat can steal from, in play order after it."""
        return [v for k in range(1, self._n) if self._hands[v := (seat + k) % self._n]]

    def _pile_size(self) -> int:
        return self._pile_n + len(self._pile_jokers)

    def _lowest(self) -> list[int]:
        for cards in self._pile:
            if cards:
                return cards
        raise AssertionError("the draw pile is empty")  # pragma: no cover

    def _hand_remove(self, seat: int, item: int) -> None:
        hand = self._hands[seat]
        hand.remove(item)
        self._known.pop(item, None)
        if not hand:
            self._emptied.append(seat)

    def _hand_add(self, seat: int, item: int, seen_by: int) -> None:
        hand = self._hands[seat]
        if not hand:
            self._emptied.remove(seat)
        hand.append(item)
        self._known[item] = seen_by | 1 << seat

    def _to_discard(self, seat: int, item: int) -> None:
        """Into the seat's discard; a joker leaves the game instead."""
        if item >= self._c.n:
            self._out.append(item)
        else:
            self._discards[seat].append(item)

    def _add_entry(self, item: int, card: int, valid: bool) -> tuple[int, int]:
        """Put ``item`` in the tree standing for ``card``; (opened, closed) an era."""
        self._tree.append(item)
        self._tree_card.append(card)
        self._tree_valid.append(valid)
        rep = self._rep[card]
        self._rep[card] = rep + 1
        if item < self._c.n:
            self._real |= 1 << item
        if rep:
            return 0, 0
        self._placed |= 1 << card
        era = self._c.era[card]
        count = self._era_count[era] = self._era_count[era] + 1
        return int(count == 1 and era > 1), int(count == self._c.era_size[era])

    def _remove_entry(self, index: int) -> None:
        item = self._tree.pop(index)
        card = self._tree_card.pop(index)
        self._tree_valid.pop(index)
        rep = self._rep[card] = self._rep[card] - 1
        if item < self._c.n:
            self._real &= ~(1 << item)
        if not rep:
            self._placed &= ~(1 << card)
            self._era_count[self._c.era[card]] -= 1

    def _hand_back(self, card: int, seat: int) -> None:
        """A joker standing for ``card``, just placed itself, goes to the placer's hand."""
        if self._rep[card] < 2:
            return
        n = self._c.n
        for i, item in enumerate(self._tree):
            if item >= n and self._tree_card[i] == card:
                self._remove_entry(i)
                self._hand_add(seat, item, (1 << self._n) - 1)
                return
