"""What both évolution bots judge alike: whose team a seat is in, how useful a card is."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.state import State
from terranova.games.evolution.actions import (
    JOKER,
)
from terranova.games.evolution.rules import CompiledDeck, EvolutionState


def bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def as_game(state: State, game_id: str, bot: str) -> EvolutionState:
    """``state`` as a game of ``game_id`` (a native engine's state converted to the
    reference's); anything else is refused."""
    to_python = getattr(state, "to_python", None)
    if getattr(state, "engine", "python") == "native" and to_python is not None:
        state = to_python()
    if not isinstance(state, EvolutionState) or state.game_id != game_id:
        raise InvalidParameterError(
            f"bot {bot!r} plays only {game_id}, not {state.game_id or type(state).__name__!r}"
        )
    return state


def mates(view: dict[str, Any], seat: int, other: int) -> bool:
    teams = view["teams"]
    return other != seat and teams[seat] is not None and teams[other] == teams[seat]


def uselessness(cards: CompiledDeck, name: str, placed: int, hand: int) -> tuple[int, int, int]:
    """How far a card is from being placeable (missing ancestors), then how few cards of the
    hand it links with, then its deck order (later eras wait longer); a joker is the most
    useful card."""
    if name == JOKER:
        return (-1, 0, -1)
    x = cards.index[name]
    return ((cards.ancestors[x] & ~placed).bit_count(), -(cards.link[x] & hand).bit_count(), x)


def rank_gives(
    cards: CompiledDeck, actions: Sequence[Action], hand: Sequence[str], placed: int
) -> list[Action]:
    """The card actions (give, discard...) from the most useful card to the least."""
    hand_mask = cards.mask(hand)
    options = [a for a in actions if hasattr(a, "card")]
    return sorted(options, key=lambda a: uselessness(cards, a.card, placed, hand_mask))
