"""The évolution games' own bots, declared to Terranova through ``GameInfo.bots``.

``greedy`` plays both games with the policies of :mod:`.explore` and :mod:`.bluff`;
``memory`` is a Bluff player that remembers the pile imperfectly (:mod:`.bluff`). They see
what their seat may see: ``view(seat)``, ``resample(seat, rng)`` (other hands and the draw
pile redrawn), the deck, and the Bluff pile as a perfect memory knows it
(``EvolutionState.pile_memory()``, public: every entry was shown face up when placed).
"""

from __future__ import annotations

from collections.abc import Mapping

from terranova.agents.registry import BotKind, BotParam, GreedyPolicy
from terranova.games.evolution import BLUFF_INFO, EXPLORE_INFO
from terranova.games.evolution.bots.bluff import MemoryAgent, bluff_greedy, remembered_pile
from terranova.games.evolution.bots.explore import explore_greedy

MEMORY = BotKind(
    "memory",
    MemoryAgent,
    "Discovery Bluff only: remembers each card of the pile with some chance, places what "
    "it believes valid, bluffs now and then, says Stop when it remembers a rule broken",
    {
        "recall": BotParam(
            "recall",
            float,
            0.8,
            "chance it remembers each card placed on the pile (0 to 1)",
            low=0,
            high=1,
        ),
        "bluff": BotParam(
            "bluff",
            float,
            0.3,
            "chance it places a card it believes breaks the rules when it has no honest "
            "move (0 to 1)",
            low=0,
            high=1,
        ),
        "doubt": BotParam(
            "doubt",
            float,
            0.05,
            "chance it says Stop when it cannot tell whether an action was valid (0 to 1)",
            low=0,
            high=1,
        ),
    },
    games=(BLUFF_INFO.id,),
)

AGENTS: tuple[BotKind, ...] = (MEMORY,)
"""The kinds of bot these games add to the common ones."""

GREEDY_POLICIES: Mapping[str, GreedyPolicy] = {
    EXPLORE_INFO.id: explore_greedy,
    BLUFF_INFO.id: bluff_greedy,
}
"""How ``greedy`` plays each game: Explore, the turn's series worth most points now; Bluff,
``memory`` with perfect recall that never bluffs."""

__all__ = [
    "AGENTS",
    "GREEDY_POLICIES",
    "MEMORY",
    "MemoryAgent",
    "bluff_greedy",
    "explore_greedy",
    "remembered_pile",
]
