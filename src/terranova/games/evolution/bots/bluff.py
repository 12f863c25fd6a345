"""``memory`` and ``greedy`` in Discovery Bluff.

It remembers each card of the pile with probability ``recall``: which
ones it forgot is a hash of (seat, position, card, the card under it) through
:func:`~terranova.core.rng.derive_seed`, compared with ``recall``, so it is the same at every
decision of a game, differs between seats and games, and uses nothing hidden. The two top
cards are always known (the top is shown; the one under it was the top a moment ago).
From the cards it remembers, how many it forgot and where it knows the other cards are
(its hand, the reserve, the discards, cards it saw go into other hands), it gives every
placement, call, announcement and abandon a probability of being valid (most placements
are honest, so a forgotten card that a remembered one needs was most likely placed).
On its turn it announces what it knows is true (a special action), plays a joker out of
the tree, places the cards it believes valid (>= :data:`BELIEF`) that shed most cards,
uses its special actions to discard, passes while it may, and otherwise bluffs (a hand
card it believes breaks the rules) with probability ``bluff`` or ends its turn and draws.
In a response window it says ``stop`` when what it remembers proves the action wrong,
with probability ``doubt`` when it cannot tell, and ``accept`` otherwise; stopped, it
verifies what it believes valid and concedes the rest. ``greedy`` in Bluff is ``memory``
with perfect recall that never bluffs nor doubts.

>>> import terranova
>>> state = terranova.make("evolution-bluff", players=3)
>>> while state.current_player() == terranova.CHANCE:
...     state.apply(state.legal_actions()[0])
>>> MemoryAgent(seed=1).select(state) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from terranova.agents.mcts import decision_actions
from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.rng import derive_seed, make_rng
from terranova.core.state import State
from terranova.games.evolution import BLUFF_INFO
from terranova.games.evolution.actions import (
    ABANDON,
    ACCEPT,
    CONCEDE,
    END,
    JOKER,
    JOKER_SPECIAL,
    PASS,
    REPLAY,
    STOP,
    VERIFY,
    Announce,
    Call,
    JokerAs,
    PlaceCalled,
    PlaceDiscard,
    PlaceHand,
    PlaceReserve,
    SpecialDiscard,
    Steal,
    parse_action,
)
from terranova.games.evolution.bots.judgement import as_game, bits, mates, rank_gives
from terranova.games.evolution.rules import CompiledDeck, EvolutionState

BELIEF = 0.5
"""Bluff: a placement believed at least this likely to be valid is played as honest."""
PLAN_NODES = 600
"""Bluff: placements the memory bot's plan may try per move."""
SUPPORT = 0.9
"""Bluff: the chance that a forgotten card is on the pile when a card known to be there
needs it (most placements are honest)."""
WIN = 100.0
"""Bluff: the worth of a plan that empties the hand once the draw pile is empty."""

_PLACEMENTS = (PlaceHand, PlaceReserve, PlaceDiscard, PlaceCalled)


def _remembers(seat: int, position: int, card: str, below: str, recall: float) -> bool:
    """Whether the seat remembers the pile entry at ``position``: a stable hash of public
    facts, compared with ``recall``."""
    if recall >= 1.0:
        return True
    return derive_seed(seat, "pile", position, card, below) < recall * 2.0**64


class _Pile:
    """What a seat believes about some entries of the Bluff pile: the cards it knows are
    there, how many it forgot, and how likely each other card is to be one of those.

    A forgotten entry is a card it does not know to be elsewhere (its hand, the reserve, the
    discards, cards it saw go into a hand): the *pool*. Most placements are honest, so a
    prerequisite (or an earlier ancestor) of a card it knows on the pile was very likely
    placed too: such a card is on the pile with probability :data:`SUPPORT` (as far as the
    forgotten entries go); the other forgotten entries are spread evenly over the rest."""

    def __init__(self, cards: CompiledDeck, known: int, real: int, unknown: int, pool: int) -> None:
        self.cards = cards
        self.known = known
        """Cards it knows are on the pile (a joker standing for a card counts)."""
        self.real = real
        """Cards it knows are on the pile themselves (not a joker)."""
        self.unknown = unknown
        self.pool = pool
        support = 0
        for x in bits(real):
            support |= cards.ancestors[x]
        self.support = support = support & pool
        s = support.bit_count()
        rest = (pool & ~support).bit_count()
        supported = min(s, unknown) * SUPPORT
        self.p_support = supported / s if s else 0.0
        self.p_rest = min(1.0, (unknown - supported) / rest) if rest else 0.0

    def chance(self, card: int) -> float:
        """The chance that ``card``, not known to be on the pile, is a forgotten entry."""
        if not self.pool >> card & 1:
            return 0.0
        return self.p_support if self.support >> card & 1 else self.p_rest

    def all_on(self, mask: int, known: int | None = None) -> float:
        """The chance that every card of ``mask`` is on the pile (``known``: the cards known
        to be there, if more are than the pile's own)."""
        p = 1.0
        for x in bits(mask & ~(self.known if known is None else known)):
            p *= self.chance(x)
            if not p:
                break
        return p

    def era_open(self, era: int) -> float:
        """The chance that a card of ``era`` is on the pile."""
        mask = self.cards.era_mask[era]
        if self.known & mask:
            return 1.0
        none = 1.0
        for x in bits(self.pool & mask):
            none *= 1.0 - self.chance(x)
        return 1.0 - none

    def absent(self, card: int, real: bool = False) -> float:
        """The chance that ``card`` is not on the pile (``real``: not the card itself)."""
        if (self.real if real else self.known) >> card & 1:
            return 0.0
        return 1.0 - self.chance(card)


class _Memory:
    """What a seat remembers of the Bluff pile (module doc) and where it knows the other
    cards are."""

    def __init__(
        self, game: EvolutionState, view: dict[str, Any], seat: int, recall: float
    ) -> None:
        cards = self.cards = game.tables
        self.view = view
        self.seat = seat
        pile = game.pile_memory()
        self._cards = [cards.index[card] for card, _ in pile]
        self._jokers = [joker for _, joker in pile]
        self._remembered = [
            _remembers(seat, position, card, pile[position - 1][0] if position else "-", recall)
            for position, (card, _) in enumerate(pile)
        ]
        self.hand: list[str] = view["hands"][seat]["cards"]
        elsewhere = cards.mask(self.hand) | cards.mask(view["reserve"])
        self.public = cards.mask(view["reserve"])
        for d in view["discards"]:
            elsewhere |= cards.mask(d)
            self.public |= cards.mask(d)
        for entry in view["hands"]:
            elsewhere |= cards.mask(entry.get("known") or ())
        self.elsewhere = elsewhere

    def entries(self, upto: int | None = None) -> list[int]:
        """The card each entry below ``upto`` (all by default) stands for, bottom first, as
        the seat knows them: -1 where forgotten. The two top ones are never forgotten: the
        top is shown, and the one under it was the top a moment ago."""
        end = len(self._cards) if upto is None else upto
        return [
            card if remembered or position >= end - 2 else -1
            for position, (card, remembered) in enumerate(
                zip(self._cards[:end], self._remembered, strict=False)
            )
        ]

    def pile(self, upto: int | None = None, exclude: int = 0) -> _Pile:
        """The belief about the entries below ``upto`` (all by default)."""
        known = real = 0
        unknown = 0
        for card, joker in zip(self.entries(upto), self._jokers, strict=False):
            if card < 0:
                unknown += 1
            else:
                known |= 1 << card
                if not joker:
                    real |= 1 << card
        pool = self.cards.all & ~known & ~self.elsewhere & ~exclude
        return _Pile(self.cards, known, real, unknown, pool)

    def placement(self, card: int, pile: _Pile) -> float:
        """The chance that placing ``card`` now, in the seat's own turn, is valid."""
        turn = self.view["turn"]
        p = pile.all_on(self.cards.prereq[card])
        if turn["starts_series"]:
            return p
        series = turn["series"]
        if not series:
            return 0.0
        last = self.cards.index[series["last"]]
        return p if self.cards.linked(last, card, series["joker"]) else 0.0

    def deed(self, text: str, actor: int) -> float:
        """The chance that the action in the response window (or Stop) was valid."""
        cards = self.cards
        view = self.view
        deed = parse_action(text)
        n = len(self._cards)
        if isinstance(deed, _PLACEMENTS):
            x = cards.index[deed.card]
            below = self.pile(n - 1, exclude=1 << x)
            p = below.all_on(cards.prereq[x])
            series = (view["turn"] or {}).get("series")
            if series and series["length"] > 1 and n >= 2:
                mask = (cards.plink if series["joker"] else cards.link)[x]
                p *= float(mask >> self._cards[-2] & 1)  # the top a moment ago
            return p
        if isinstance(deed, JokerAs):
            x = cards.index[deed.card]
            below = self.pile(n - 1)
            return below.era_open(cards.era[x]) * below.absent(x)
        pile = self.pile()
        if isinstance(deed, Call):
            x = cards.index[deed.card]
            era = cards.era[x]
            holder = view["hands"][actor]
            held = holder["cards"] if holder["cards"] is not None else holder.get("known", [])
            if era >= cards.max_era or self.public >> x & 1 or deed.card in held:
                return 0.0
            return pile.era_open(era + 1) * pile.absent(x, real=True)
        if isinstance(deed, Announce):
            if deed.what == "open":
                return pile.era_open(deed.era)
            return pile.all_on(cards.era_mask[deed.era])
        if deed == ABANDON and view["last_call"]:
            x = cards.index[view["last_call"]["card"]]
            return 1.0 - pile.all_on(cards.prereq[x])
        return 1.0


def remembered_pile(state: State, seat: int, recall: float) -> list[str | None]:
    """The Bluff pile, bottom first, as the memory bot in ``seat`` with this ``recall``
    remembers it: each card's id, ``None`` where it forgot.

    >>> import terranova
    >>> remembered_pile(terranova.make("evolution-bluff", players=2), 0, 0.5)
    []
    """
    game = as_game(state, BLUFF_INFO.id, "memory")
    view = game.view(seat)
    mind = _Memory(game, view, seat, recall)
    return [mind.cards.ids[c] if c >= 0 else None for c in mind.entries()]


def _bluff_victim(view: dict[str, Any], seat: int, actions: Sequence[Action]) -> Action:
    """Whom to rob when a draw is a theft: a teammate whose last card wins the team the
    game, never an opponent it would make win, else a teammate, else the opponent with the
    most cards (farthest from winning)."""
    counts = [h["count"] for h in view["hands"]]
    teams = view["teams"]

    def wins(victim: int) -> bool:
        if counts[victim] != 1:
            return False
        team = teams[victim]
        return team is None or all(
            counts[s] == 0 for s in range(len(counts)) if s != victim and teams[s] == team
        )

    def key(action: Steal) -> tuple[bool, bool, bool, int]:
        victim = action.seat
        mate = mates(view, seat, victim)
        return (mate and wins(victim), not wins(victim), mate, counts[victim])

    return max([a for a in actions if isinstance(a, Steal)], key=key)


def memory_move(
    state: State, rng: random.Random, recall: float, bluff: float, doubt: float
) -> Action:
    """The memory bot's action for the seat to move in Discovery Bluff (module doc)."""
    game = as_game(state, BLUFF_INFO.id, "memory")
    actions = decision_actions(game)
    if len(actions) == 1:
        return actions[0]
    seat = game.current_player()
    view = game.view(seat)
    mind = _Memory(game, view, seat, recall)
    step = view["step"]
    if step == "window":
        p = mind.deed(view["window"]["action"], view["window"]["actor"])
        if p <= 0.0:
            return STOP
        if p >= 1.0:
            return ACCEPT
        return STOP if rng.random() < doubt else ACCEPT
    if step == "respond":
        return VERIFY if mind.deed(view["window"]["action"], seat) >= BELIEF else CONCEDE
    if step == "give":
        return rank_gives(mind.cards, actions, mind.hand, mind.pile().known)[-1]
    if step == "steal":
        return _bluff_victim(view, seat, actions)
    if step == "called":
        return _bluff_called(mind, actions)
    return _bluff_turn(mind, actions, rng, bluff)


def _bluff_called(mind: _Memory, actions: list[Action]) -> Action:
    """The card it called: continue the series if it believes it may, else start one, or
    give the call up when it believes a prerequisite is missing."""
    cards = mind.cards
    options = [a for a in actions if isinstance(a, PlaceCalled)]
    x = cards.index[options[0].card]
    if mind.pile().all_on(cards.prereq[x]) < BELIEF:
        return ABANDON if ABANDON in actions else options[0]
    series = mind.view["turn"]["series"]
    for action in options:
        if (
            action.series
            and series
            and cards.linked(cards.index[series["last"]], x, series["joker"])
        ):
            return action
    return options[0]


def _bluff_turn(mind: _Memory, actions: list[Action], rng: random.Random, bluff: float) -> Action:
    cards = mind.cards
    pile = mind.pile()
    for action in actions:  # what it knows to be true earns a special action
        if isinstance(action, Announce):
            era = cards.era_mask[action.era]
            if pile.known & era if action.what == "open" else pile.known & era == era:
                return action
    if JOKER_SPECIAL in actions:  # one card fewer and a special action: a discard
        return JOKER_SPECIAL
    plan = _Plan(mind, pile, actions)
    first = plan.best()
    if first is not None:
        return first
    hand = mind.hand
    special = [a for a in actions if isinstance(a, SpecialDiscard)]
    if special:
        return rank_gives(cards, special, hand, pile.known)[-1]
    if PASS in actions:
        return PASS
    turn = mind.view["turn"]
    if not turn["placed"] and bluff and rng.random() < bluff:
        bluffs = [a for a in actions if isinstance(a, PlaceHand)]
        if bluffs:
            return max(bluffs, key=lambda a: _bluff_worth(mind, pile, a.card))
    return END if END in actions else actions[0]


def _bluff_worth(mind: _Memory, pile: _Pile, name: str) -> tuple[float, int, int]:
    """How good a card is for a bluff: most likely valid, fewest missing prerequisites."""
    x = mind.cards.index[name]
    missing = (mind.cards.prereq[x] & ~pile.known).bit_count()
    return (mind.placement(x, pile), -missing, -x)


class _Plan:
    """The memory bot's honest placements this turn: a bounded search over sequences of
    placements it believes valid, worth the cards they shed from its hand, the special
    actions their announcements will earn, avoiding the draw, and winning."""

    def __init__(self, mind: _Memory, pile: _Pile, actions: list[Action]) -> None:
        self.mind = mind
        self.cards = cards = mind.cards
        self.pile = pile
        view = mind.view
        turn = view["turn"]
        self.sources: dict[int, Action] = {}
        for action in actions:
            if isinstance(action, (PlaceHand, PlaceReserve, PlaceDiscard)):
                x = cards.index[action.card]
                if x not in self.sources:  # the legal order: hand, reserve, discards
                    self.sources[x] = action
        self.hand = cards.mask(c for c in mind.hand if c != JOKER)
        self.hand_size = len(mind.hand)
        self.open = {a.era for a in actions if isinstance(a, Announce) and a.what == "open"}
        self.close = {a.era for a in actions if isinstance(a, Announce) and a.what == "close"}
        self.final = view["draw_pile"] == 0
        self.placed = bool(turn["placed"])
        self.specials = int(turn["specials"])
        series = turn["series"]
        self.start = (
            bool(turn["starts_series"]),
            cards.index[series["last"]] if series else -1,
            bool(series["joker"]) if series else False,
        )
        self.nodes = PLAN_NODES
        # only cards that could be placed once the others are: the rest never will
        reach = pile.known
        for x in self.sources:
            reach |= 1 << x
        optimistic = _Pile(cards, reach, 0, pile.unknown, pile.pool)
        self.candidates = [x for x in self.sources if optimistic.all_on(cards.prereq[x]) >= BELIEF]

    def best(self) -> Action | None:
        """The first action of the best plan, or ``None`` when nothing is worth doing."""
        start, last, joker = self.start
        value, first = self._search(
            self.pile.known, 0, start, last, joker, self.specials, 0, self.placed, 0
        )
        return first if value > 0 else None

    def _search(
        self,
        known: int,
        used: int,
        start: bool,
        last: int,
        joker: bool,
        specials: int,
        shed: int,
        placed: bool,
        credited: int,
    ) -> tuple[float, Action | None]:
        if self.nodes <= 0:
            return 0.0, None
        cards = self.cards
        pile = self.pile
        best_value = 0.0
        best: Action | None = None
        for x in self.candidates:
            if used >> x & 1:
                continue
            if not start and (last < 0 or not cards.linked(last, x, joker)):
                continue
            if pile.all_on(cards.prereq[x], known) < BELIEF:
                continue
            self.nodes -= 1
            value = 0.0 if placed else 1.0  # no draw at the end of the turn
            from_hand = self.hand >> x & 1
            if from_hand:
                value += 1.0
                if self.final and shed + 1 == self.hand_size:
                    value += WIN
            era = cards.era[x]
            earned = 0
            if era in self.open and not credited >> (2 * era) & 1:
                earned |= 1 << (2 * era)
            now = known | 1 << x
            era_cards = cards.era_mask[era]
            closes = now & era_cards == era_cards
            if era in self.close and closes and not credited >> (2 * era + 1) & 1:
                earned |= 1 << (2 * era + 1)
            value += earned.bit_count()
            sub, _ = self._search(
                now,
                used | 1 << x,
                False,
                x,
                joker and not start,
                specials + earned.bit_count(),
                shed + int(from_hand),
                True,
                credited | earned,
            )
            value += sub
            if value > best_value + 1e-9:
                best_value = value
                best = self.sources[x]
        if not start and specials:  # a replay is legal: a special action and no new series
            self.nodes -= 1
            # it spends a special action that would otherwise discard a card
            cost = 1.0 if self.hand_size - shed >= 2 else 0.0
            sub, _ = self._search(
                known, used, True, -1, False, specials - 1, shed, placed, credited
            )
            if sub - cost > best_value + 1e-9:
                best_value = sub - cost
                best = REPLAY
        return best_value, best


class MemoryAgent:
    """Discovery Bluff with an imperfect memory of the pile (module doc): ``recall`` is the
    chance it remembers each card placed, ``bluff`` the chance it places a card it believes
    breaks the rules when it has no honest move, ``doubt`` the chance it says Stop when it
    cannot tell whether an action was valid."""

    def __init__(
        self,
        seed: int,
        recall: float = 0.8,
        bluff: float = 0.3,
        doubt: float = 0.05,
        name: str = "memory",
    ) -> None:
        for label, value in (("recall", recall), ("bluff", bluff), ("doubt", doubt)):
            if not 0.0 <= value <= 1.0:
                raise InvalidParameterError(f"memory {label} is between 0 and 1, not {value}")
        self.name = name
        self.seed = seed
        self.recall = recall
        self.bluff = bluff
        self.doubt = doubt
        self._rng = make_rng(seed)

    def select(self, state: State) -> Action:
        return memory_move(state, self._rng, self.recall, self.bluff, self.doubt)

    def __repr__(self) -> str:
        return (
            f"MemoryAgent(seed={self.seed}, recall={self.recall}, bluff={self.bluff}, "
            f"doubt={self.doubt}, name={self.name!r})"
        )


def bluff_greedy(state: State, rng: random.Random) -> Action:
    """``greedy`` in Discovery Bluff: the memory bot with perfect recall, no bluffs, no
    doubts."""
    return memory_move(state, rng, 1.0, 0.0, 0.0)
