"""Discovery (evolution)'s rules: Discovery Explore and Discovery Bluff, every option, as a
pure state machine over the core protocol (no I/O), in modules named after the rulebook's
chapters (see :mod:`.state`, which ties them together)."""

from terranova.games.evolution.rules.bluff import STALEMATE_ROUNDS, TURN_LIMIT_PER_SEAT, turn_limit
from terranova.games.evolution.rules.configuration import CompiledDeck, Configuration, configure
from terranova.games.evolution.rules.drawing import HAND_SIZE, RESERVE_SIZE
from terranova.games.evolution.rules.explore import SPECIAL_BONUS
from terranova.games.evolution.rules.state import BLUFF, EXPLORE, EvolutionState

__all__ = [
    "BLUFF",
    "EXPLORE",
    "HAND_SIZE",
    "RESERVE_SIZE",
    "SPECIAL_BONUS",
    "STALEMATE_ROUNDS",
    "TURN_LIMIT_PER_SEAT",
    "CompiledDeck",
    "Configuration",
    "EvolutionState",
    "configure",
    "turn_limit",
]
