"""The table (rules 1.3 and 1.4): where every card lies, and the moves of a card from one
place to another.

Cards are ints: ``0..n-1`` the deck's cards in deck order (their bit in the masks),
``n..n+jokers-1`` the jokers. Every card is in exactly one place: the draw pile (by era:
the deck is ordered by era, each era shuffled within itself), the box (jokers not yet
shuffled in), a hand, the reserve, a discard, the tree (Bluff: the pile), out of the game
(jokers used), or in the hands of a caller waiting to place it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from terranova.core.actions import Action
from terranova.core.scoring import ScoreLine
from terranova.core.turns import AgendaState
from terranova.games.evolution.actions import JOKER
from terranova.games.evolution.cards import Deck
from terranova.games.evolution.rules.configuration import Configuration
from terranova.games.evolution.rules.steps import Dealing, Series, Turn

if TYPE_CHECKING:
    from terranova.games.evolution.rules.variant import Variant


class Table(AgendaState):
    """A game's data: the cards on the table and in the hands, the turns in progress and
    the agenda of steps (the core turn engine's); every chapter of the rules reads and
    changes it."""

    def __init__(self, deck: Deck, config: Configuration) -> None:
        self.start_flow()
        self.agenda.append(Dealing(0))
        c = config.cards
        n = c.n
        self.game_id = config.game_id
        self._deck = deck
        self._cfg = config
        self._c = c
        self._v: Variant = config.variant
        self._n = config.players
        self._auto = config.auto
        self._team = config.team
        self._mates = config.mates
        # where every card is
        self._pile: list[list[int]] = [[] for _ in range(c.max_era + 1)]
        for card in range(n):
            self._pile[c.era[card]].append(card)
        self._pile_n = n
        self._pile_jokers: list[int] = []
        self._box = list(range(n, n + config.jokers))  # jokers, shuffled in after the deal
        self._hands: list[list[int]] = [[] for _ in range(self._n)]
        self._emptied = list(range(self._n))
        """The seats whose hands are empty, in the order they emptied them (Bluff's
        winner is the first of them once the draw pile is empty)."""
        self._known: dict[int, int] = {}  # card in a hand -> seats that know it is there
        self._reserve: list[int] = []
        self._discards: list[list[int]] = [[] for _ in range(self._n)]
        self._out: list[int] = []  # jokers out of the game
        self._tree: list[int] = []  # cards and jokers in the tree (Bluff: the pile)
        self._tree_card: list[int] = []  # the card each stands for
        self._tree_valid: list[bool] = []  # Bluff: whether its placement was valid
        self._rep = [0] * n  # tree entries standing for each card
        self._placed = 0  # mask of cards represented in the tree
        self._real = 0  # mask of cards themselves in the tree
        self._era_count = [0] * (c.max_era + 2)
        # play
        self._points = [0] * self._n
        self._sheet: list[ScoreLine] = []  # the score sheet: a line per scoring event
        self._announced = [[False, False] for _ in range(c.max_era + 2)]  # open, close
        self._ctx: list[Turn] = []
        self._base = 0
        self._last_series: Series | None = None
        self._passes = 0
        self._idle = 0  # Bluff: turns in a row with no card kept, the draw pile empty
        self._turns = 0  # turns over, interruptions included (Bluff's limit)
        self._winners: list[int] = []
        self._deeds: list[tuple[int, str, bool]] = []  # (seat, action, valid)
        self._last_call: dict[str, Any] | None = None
        self._last_stop: dict[str, Any] | None = None
        self._last_stop_card = ""  # the card the stopped action names ("" if none)
        # the legal actions as a set, made when first needed (changed() forgets it)
        self._legal_set: set[Action] | None = None

    # ------------------------------------------------------------ looking

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

    def _card_actions(self, items: list[int], actions: Sequence[Action]) -> list[Action]:
        """One action per card of ``items`` in deck order, one for the jokers among them."""
        n = self._c.n
        cards = sorted(x for x in items if x < n)
        out: list[Action] = [actions[x] for x in cards]
        if len(cards) < len(items):
            out.append(actions[n])
        return out

    def _pile_size(self) -> int:
        return self._pile_n + len(self._pile_jokers)

    def _lowest(self) -> list[int]:
        """The cards of the lowest era left in the draw pile (the next card is one of them)."""
        for cards in self._pile:
            if cards:
                return cards
        raise AssertionError("the draw pile is empty")  # pragma: no cover

    # ------------------------------------------------------------ moving

    def _hand_remove(self, seat: int, item: int) -> None:
        hand = self._hands[seat]
        hand.remove(item)
        self._known.pop(item, None)
        if not hand:
            self._emptied.append(seat)

    def _hand_add(self, seat: int, item: int, seen_by: int) -> None:
        """Into the seat's hand, seen by the seats of the mask ``seen_by`` (and itself)."""
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

    def _joker_out(self, seat: int) -> None:
        """A joker of the seat's hand leaves the game (placed out of the tree)."""
        joker = self._find(self._hands[seat], JOKER)
        self._hand_remove(seat, joker)
        self._out.append(joker)

    def _add_entry(self, item: int, card: int, valid: bool) -> tuple[int, int]:
        """Put ``item`` in the tree standing for ``card``; whether it opened and whether it
        closed an era (0 or 1 each)."""
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
        """A joker standing for ``card``, just placed itself, goes to the placer's hand
        (rule 2.3: "il récupère le joker et le met dans sa main")."""
        if self._rep[card] < 2:
            return
        n = self._c.n
        for i, item in enumerate(self._tree):
            if item >= n and self._tree_card[i] == card:
                self._remove_entry(i)
                self._hand_add(seat, item, (1 << self._n) - 1)
                return
