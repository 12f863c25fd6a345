"""The évolution games' own bots, declared to Terranova through ``GameInfo.bots``.

``greedy`` plays both games with the policies of :mod:`.explore` and :mod:`.bluff`;
``memory`` is a Bluff player that remembers the pile imperfectly (:mod:`.bluff`);
``learned`` plays Explore by a network trained on greedy's moves
(:mod:`terranova.agents.learned`). They see what their seat may see: ``view(seat)``,
``resample(seat, rng)`` (other hands and the draw pile redrawn), the deck, and the Bluff
pile as a perfect memory knows it (``EvolutionState.pile_memory()``, public: every entry was
shown face up when placed).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.resources import as_file, files
from typing import Any

from terranova.agents.learned import LearnedAgent, Network, learned_search
from terranova.agents.registry import BotKind, BotParam, GreedyPolicy
from terranova.core.agent import Agent
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

EXPLORE_NETWORK = "explore-learned.npz"
"""The network ``learned`` plays Explore by (``data/``; made by scripts/train_learned.py)."""


@cache
def explore_network() -> Network:
    with as_file(files("terranova.games.evolution") / "data" / EXPLORE_NETWORK) as path:
        return Network.load(path)


def learned(
    seed: int, name: str = "learned", iterations: int = 0, batch: int = 8, c: float = 1.5
) -> Agent:
    """The network's best move, or with ``iterations``, a search guided by it."""
    if iterations:
        return learned_search(seed, explore_network(), iterations, batch, c, name)
    return LearnedAgent(seed, explore_network(), name=name)


def learned_fits(params: Mapping[str, Any]) -> str | None:
    """Why ``learned`` cannot play Explore with these parameters: its network learned the
    game with 2 players and the default variants, and plays nothing else."""
    if dict(params) != dict(explore_network().params):
        return "plays Explore with 2 players and the default variants only (its network's)"
    return None


LEARNED = BotKind(
    "learned",
    learned,
    "Discovery Explore only: a small network trained on greedy's moves (imitation, then "
    "DAgger), in NumPy; with iterations, a search guided by it (PUCT)",
    {
        "iterations": BotParam(
            "iterations",
            int,
            0,
            "search iterations per decision; 0: the move the network rates best, no search",
            low=0,
            budget="iterations",
        ),
        "c": BotParam("c", float, 1.5, "PUCT exploration constant", low=0),
        "batch": BotParam(
            "batch", int, 8, "positions the network evaluates in one call", low=1, high=256
        ),
    },
    games=(EXPLORE_INFO.id,),
    fits=learned_fits,
)

AGENTS: tuple[BotKind, ...] = (MEMORY, LEARNED)
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
    "LEARNED",
    "MEMORY",
    "MemoryAgent",
    "bluff_greedy",
    "explore_greedy",
    "remembered_pile",
]
