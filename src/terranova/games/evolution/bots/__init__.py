"""The évolution games' own bots, declared to Terranova through ``GameInfo.bots``.

``greedy`` plays both games with the policies of :mod:`.explore` and :mod:`.bluff`;
``memory`` is a Bluff player that remembers the pile imperfectly (:mod:`.bluff`);
``learned`` plays Explore by a small network, searching its own turn with it
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

from terranova.agents.learned import LearnedAgent, Network, TurnAgent, learned_search
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
    seed: int,
    name: str = "learned",
    width: int = 3,
    positions: int = 100,
    iterations: int = 0,
    batch: int = 8,
    c: float = 1.5,
) -> Agent:
    """A search of its own turn by the network (its policy picks the lines, its prospect
    judges their ends); ``width=0``: the policy's best move; with ``iterations``, a PUCT
    search guided by the network instead."""
    if iterations:
        return learned_search(seed, explore_network(), iterations, batch, c, name)
    if width:
        return TurnAgent(seed, explore_network(), width, positions, name=name)
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
    "Discovery Explore only: searches its own turn with a small network, in NumPy: a "
    "policy trained on greedy's moves picks the lines, a prospect learned from games judges "
    "where they end; with iterations, a search guided by it (PUCT)",
    {
        "width": BotParam(
            "width",
            int,
            3,
            "moves its policy keeps at each step of its turn; 0: no search, the move the "
            "policy rates best",
            low=0,
            high=16,
        ),
        "positions": BotParam(
            "positions",
            int,
            100,
            "ends of lines of its turn it judges, at most, a decision",
            low=1,
            high=1000,
            budget="iterations",
        ),
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
