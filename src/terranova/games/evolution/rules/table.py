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
from typing import Any

from terranova.core.actions import Action
from terranova.core.scoring import ScoreLine
from terranova.core.turns import AgendaState
from terranova.games.evolution.actions import JOKER
from terranova.games.evolution.cards import Deck
from terranova.games.evolution.rules.configuration import Configuration
from terranova.games.evolution.rules.steps import Dealing, Series, Turn
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
        self.deck = deck
        """The deck this game is played with."""
        self.config = config
        self.tables = c
        """The deck's compiled tables (bit masks, shared action objects), shared by every
        state of the game's configuration; bots read them."""
        self.variant: Variant[Table] = config.variant
        self.players = config.players
        """How many seats play."""
        self.auto = config.auto
        self.team = config.team
        self.mates = config.mates
        # where every card is
        self.pile: list[list[int]] = [[] for _ in range(c.max_era + 1)]
        for card in range(n):
            self.pile[c.era[card]].append(card)
        self.pile_n = n
        self.pile_jokers: list[int] = []
        self.box = list(range(n, n + config.jokers))  # jokers, shuffled in after the deal
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.emptied = list(range(self.players))
        """The seats whose hands are empty, in the order they emptied them (Bluff's
        winner is the first of them once the draw pile is empty)."""
        self.known: dict[int, int] = {}  # card in a hand -> seats that know it is there
        self.reserve: list[int] = []
        self.discards: list[list[int]] = [[] for _ in range(self.players)]
        self.out: list[int] = []  # jokers out of the game
        self.tree: list[int] = []  # cards and jokers in the tree (Bluff: the pile)
        self.tree_card: list[int] = []  # the card each stands for
        self.tree_valid: list[bool] = []  # Bluff: whether its placement was valid
        self.rep = [0] * n  # tree entries standing for each card
        self.placed = 0  # mask of cards represented in the tree
        self.real = 0  # mask of cards themselves in the tree
        self.era_count = [0] * (c.max_era + 2)
        # play
        self.seat_points = [0] * self.players
        self.sheet: list[ScoreLine] = []  # the score sheet: a line per scoring event
        self.announced = [[False, False] for _ in range(c.max_era + 2)]  # open, close
        self.ctx: list[Turn] = []
        self.base = 0
        self.last_series: Series | None = None
        self.passes = 0
        self.idle = 0  # Bluff: turns in a row with no card kept, the draw pile empty
        self.turns_done = 0  # turns over, interruptions included (Bluff's limit)
        self.winning_seats: list[int] = []
        self.deed_log: list[tuple[int, str, bool]] = []  # (seat, action, valid)
        self.last_call: dict[str, Any] | None = None
        self.last_stop: dict[str, Any] | None = None
        self.last_stop_card = ""  # the card the stopped action names ("" if none)
        # the legal actions as a set, made when first needed, with the list it was made of
        # (a new list is a new position)
        self._legal_set: tuple[list[Action], set[Action]] | None = None

    @property
    def mode(self) -> str:
        """``explore`` or ``bluff``."""
        return self.config.mode

    # ------------------------------------------------------------ looking

    def item_name(self, item: int) -> str:
        return self.tables.ids[item] if item < self.tables.n else JOKER

    def find(self, items: list[int], name: str) -> int:
        if name == JOKER:
            n = self.tables.n
            return next(x for x in items if x >= n)
        return self.tables.index[name]

    def has_joker(self, seat: int) -> bool:
        n = self.tables.n
        return any(x >= n for x in self.hands[seat])

    def victims(self, seat: int) -> list[int]:
        """Seats another seat can steal from, in play order after it."""
        return [v for k in range(1, self.players) if self.hands[v := (seat + k) % self.players]]

    def card_actions(self, items: list[int], actions: Sequence[Action]) -> list[Action]:
        """One action per card of ``items`` in deck order, one for the jokers among them."""
        n = self.tables.n
        cards = sorted(x for x in items if x < n)
        out: list[Action] = [actions[x] for x in cards]
        if len(cards) < len(items):
            out.append(actions[n])
        return out

    def pile_size(self) -> int:
        return self.pile_n + len(self.pile_jokers)

    def lowest(self) -> list[int]:
        """The cards of the lowest era left in the draw pile (the next card is one of them)."""
        for cards in self.pile:
            if cards:
                return cards
        raise AssertionError("the draw pile is empty")  # pragma: no cover

    # ------------------------------------------------------------ moving

    def hand_remove(self, seat: int, item: int) -> None:
        hand = self.hands[seat]
        hand.remove(item)
        self.known.pop(item, None)
        if not hand:
            self.emptied.append(seat)

    def hand_add(self, seat: int, item: int, seen_by: int) -> None:
        """Into the seat's hand, seen by the seats of the mask ``seen_by`` (and itself)."""
        hand = self.hands[seat]
        if not hand:
            self.emptied.remove(seat)
        hand.append(item)
        self.known[item] = seen_by | 1 << seat

    def to_discard(self, seat: int, item: int) -> None:
        """Into the seat's discard; a joker leaves the game instead."""
        if item >= self.tables.n:
            self.out.append(item)
        else:
            self.discards[seat].append(item)

    def joker_out(self, seat: int) -> None:
        """A joker of the seat's hand leaves the game (placed out of the tree)."""
        joker = self.find(self.hands[seat], JOKER)
        self.hand_remove(seat, joker)
        self.out.append(joker)

    def add_entry(self, item: int, card: int, valid: bool) -> tuple[int, int]:
        """Put ``item`` in the tree standing for ``card``; whether it opened and whether it
        closed an era (0 or 1 each)."""
        self.tree.append(item)
        self.tree_card.append(card)
        self.tree_valid.append(valid)
        rep = self.rep[card]
        self.rep[card] = rep + 1
        if item < self.tables.n:
            self.real |= 1 << item
        if rep:
            return 0, 0
        self.placed |= 1 << card
        era = self.tables.era[card]
        count = self.era_count[era] = self.era_count[era] + 1
        return int(count == 1 and era > 1), int(count == self.tables.era_size[era])

    def remove_entry(self, index: int) -> None:
        item = self.tree.pop(index)
        card = self.tree_card.pop(index)
        self.tree_valid.pop(index)
        rep = self.rep[card] = self.rep[card] - 1
        if item < self.tables.n:
            self.real &= ~(1 << item)
        if not rep:
            self.placed &= ~(1 << card)
            self.era_count[self.tables.era[card]] -= 1

    def hand_back(self, card: int, seat: int) -> None:
        """A joker standing for ``card``, just placed itself, goes to the placer's hand
        (rule 2.3: "il récupère le joker et le met dans sa main")."""
        if self.rep[card] < 2:
            return
        n = self.tables.n
        for i, item in enumerate(self.tree):
            if item >= n and self.tree_card[i] == card:
                self.remove_entry(i)
                self.hand_add(seat, item, (1 << self.players) - 1)
                return
