"""A game's configuration, compiled: the deck's tables (bit masks, shared action objects),
the seats (people, automata, teams) and the variant's rules, checked once and shared, read
only, by every state made with the same parameters (:func:`configure`); the bots read the
deck's tables too (:attr:`EvolutionState.tables`)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from terranova.core.errors import InvalidParameterError
from terranova.core.turns import Step, TurnOver
from terranova.games.evolution.actions import (
    JOKER,
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
    PlaceDiscard,
    PlaceHand,
    PlaceReserve,
    SpecialDiscard,
    Steal,
    Take,
)
from terranova.games.evolution.cards import Deck
from terranova.games.evolution.rules.steps import (
    AutomatonTurn,
    Drawing,
    DrawMode,
    Flipping,
    Playing,
    Robbing,
)
from terranova.games.evolution.rules.variant import Variant


class CompiledDeck:
    """A deck as bit masks (card ``i`` is bit ``i``, the deck's order) and the action
    objects of the hot paths, made once: states and bots share them (read only)."""

    def __init__(self, deck: Deck) -> None:
        cards = deck.cards
        self.n = len(cards)
        self.ids = [c.id for c in cards]
        self.index = dict(deck.index)
        self.era = [c.era for c in cards]
        self.max_era = max(self.era)
        self.names = [c.named for c in cards]
        """Each card's name in the reader's language (the score sheet names cards so)."""
        self.era_names = {e.number: e.named for e in deck.eras}
        self.era_size = [0] * (self.max_era + 2)
        for e in self.era:
            self.era_size[e] += 1
        self.prereq = list(deck.prerequisite_masks)
        self.link = list(deck.link_masks)
        self.plink = list(deck.prerequisite_link_masks)
        names = [*self.ids, JOKER]
        self.item_names = (*self.ids, *(JOKER,) * deck.jokers)
        """Each item's name in views, by item: a card's id, ``JOKER`` for the jokers (items
        n and up)."""
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
        # what the bots' judgement adds
        self.ancestors = [self.mask(deck.ancestors_of(c)) for c in cards]
        """Every card needed before each card."""
        self.era_mask = [0] * (self.max_era + 2)
        for i, e in enumerate(self.era):
            self.era_mask[e] |= 1 << i
        self.all = (1 << self.n) - 1

    def mask(self, names: Iterable[str]) -> int:
        """The mask of the cards named (jokers and unknown names are left out)."""
        out = 0
        for name in names:
            i = self.index.get(name)
            if i is not None:
                out |= 1 << i
        return out

    def linked(self, last: int, card: int, joker: bool) -> bool:
        """Condition #2 between the series' last card and ``card`` (a series started with
        a joker continues only through prerequisite links)."""
        return bool((self.plink if joker else self.link)[last] >> card & 1)

    def place_discard(self, seat: int, card: int) -> PlaceDiscard:
        key = (seat, card)
        action = self._discards.get(key)
        if action is None:
            action = self._discards[key] = PlaceDiscard(seat, self.ids[card])
        return action


@lru_cache(maxsize=16)
def compile_deck(deck: Deck) -> CompiledDeck:
    """The tables of ``deck``, made once (equal decks share them)."""
    return CompiledDeck(deck)


class Configuration:
    """The parameters of a game, checked, and what follows from them."""

    def __init__(
        self,
        deck: Deck,
        variant: Variant[Any],
        players: int,
        automata: int,
        teams: int,
        jokers: int,
        deck_param: str | None,
    ) -> None:
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
        self.cards = compile_deck(deck)
        self.variant = variant
        self.mode = variant.mode
        self.game_id = f"evolution-{variant.mode}"
        self.players = players
        self.automata = automata
        self.auto = tuple(s >= humans for s in range(players))
        """Whether each seat is played by the automaton (the last ``automata`` seats)."""
        self.teams = teams
        self.team = tuple((s % teams if teams and s < humans else -1) for s in range(players))
        """Each seat's team (-1: none); the people sit alternately (ruling 23)."""
        team = self.team
        self.mates = tuple(
            tuple(m for m in range(players) if m != s and team[m] >= 0 and team[m] == team[s])
            for s in range(players)
        )
        """Each seat's teammates."""
        self.credited = tuple(tuple(sorted((s, *self.mates[s]))) for s in range(players))
        """The seats whose score each seat's points count towards (Explore pools a team's
        points, ruling 10): the score sheet credits them together."""
        self.automaton_seats = tuple(s for s in range(players) if self.auto[s])
        """The seats the automaton plays, as views list them."""
        self.teams_shown = tuple(t if t >= 0 else None for t in self.team)
        """Each seat's team as views show it (``None``: none)."""
        self.jokers = jokers
        self.deck_param = deck_param
        self.persons_after = tuple(
            tuple(s for k in range(1, players) if not self.auto[s := (actor + k) % players])
            for actor in range(players)
        )
        """The people after each seat, in turn order (whom a response window asks)."""
        # the steps that name only a seat, made once (steps are frozen, so states share them)
        seats = range(players)
        self.markers: tuple[Step, ...] = tuple(
            AutomatonTurn(s) if self.auto[s] else Playing(s) for s in seats
        )
        """Each seat's turn in progress: a person decides, the automaton follows its
        procedure."""
        self.turns_over = tuple(TurnOver(s) for s in seats)
        self.robbing = tuple(Robbing(s) for s in seats)
        self.flipping = tuple(Flipping(s) for s in seats)
        modes: tuple[DrawMode, ...] = ("up to five", "one", "one or steal")
        self.drawing = {mode: tuple(Drawing(s, mode) for s in seats) for mode in modes}


@lru_cache(maxsize=256, typed=True)
def _cached(
    deck: Deck,
    variant: Variant[Any],
    players: int,
    automata: int,
    teams: int,
    jokers: int,
    deck_param: str | None,
) -> Configuration:
    return Configuration(deck, variant, players, automata, teams, jokers, deck_param)


def configure(
    deck: Deck,
    variant: Variant[Any],
    players: int,
    automata: int,
    teams: int,
    jokers: int,
    deck_param: str | None,
) -> Configuration:
    """The compiled configuration of a game, made once for its parameters (equal decks
    count as the same; parameters of another type, ``True`` for 1, are others) and shared
    by every state made with them; refused parameters raise
    :class:`~terranova.core.errors.InvalidParameterError`."""
    try:
        return _cached(deck, variant, players, automata, teams, jokers, deck_param)
    except TypeError:  # a parameter that cannot be a key: this state's own configuration
        return Configuration(deck, variant, players, automata, teams, jokers, deck_param)
