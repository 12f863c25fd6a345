"""Discovery (evolution)'s rules: Discovery Explore and Discovery Bluff, every option, as a
pure state machine over the core protocol (no I/O)."""

from terranova.games.evolution.rules.state import (
    BLUFF,
    EXPLORE,
    HAND_SIZE,
    RESERVE_SIZE,
    SPECIAL_BONUS,
    STALEMATE_ROUNDS,
    CompiledDeck,
    EvolutionState,
    compiled,
)

__all__ = [
    "BLUFF",
    "EXPLORE",
    "HAND_SIZE",
    "RESERVE_SIZE",
    "SPECIAL_BONUS",
    "STALEMATE_ROUNDS",
    "CompiledDeck",
    "EvolutionState",
    "compiled",
]
