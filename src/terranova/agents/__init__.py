"""Bots over the core protocol. Most play any registered game; ``memory`` is made for
Discovery Bluff, and ``greedy`` has its own policies for the two Discovery (evolution) games.

>>> available_agents()
['greedy', 'ismcts', 'mcts', 'memory', 'random']
>>> available_agents("discovery")
['greedy', 'ismcts', 'mcts', 'random']
>>> make_agent("random", seed=1).name
'random'
"""

from terranova.agents.basic import GreedyAgent, RandomAgent, register_greedy_policy
from terranova.agents.evolution import (
    BLUFF_GAME,
    EXPLORE_GAME,
    MemoryAgent,
    bluff_greedy,
    explore_greedy,
)
from terranova.agents.ismcts import IsmctsAgent
from terranova.agents.mcts import (
    DEFAULT_C,
    DEFAULT_DEPTH,
    DEFAULT_ITERATIONS,
    MAX_SEARCH_SECONDS,
    MctsAgent,
    SearchAgent,
)
from terranova.agents.registry import (
    BotKind,
    BotLimits,
    BotParam,
    agent_kind,
    agent_kinds,
    available_agents,
    check_agent,
    make_agent,
    parse_spec,
    register_agent,
    split_specs,
)

register_agent(
    BotKind(
        "random",
        RandomAgent,
        "uniformly random among the legal actions",
    )
)
register_agent(
    BotKind(
        "greedy",
        GreedyAgent,
        "one decision ahead: the action after which the game's estimate of its seat is best; "
        "Discovery (evolution): Explore, the turn's series worth most points now; Bluff, "
        "memory with perfect recall that never bluffs",
        {
            "epsilon": BotParam(
                "epsilon",
                float,
                0.0,
                "chance of a uniformly random action instead (0 to 1)",
                low=0,
                high=1,
            )
        },
    )
)
register_greedy_policy(EXPLORE_GAME, explore_greedy)
register_greedy_policy(BLUFF_GAME, bluff_greedy)
register_agent(
    BotKind(
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
        games=(BLUFF_GAME,),
    )
)

_SEARCH_PARAMS = {
    "iterations": BotParam(
        "iterations",
        int,
        DEFAULT_ITERATIONS,
        "search iterations per decision (the default applies when seconds is not given)",
        low=0,
        budget="iterations",
    ),
    "seconds": BotParam(
        "seconds",
        float,
        0.0,
        "wall time per decision, 0 for none (moves then vary with load)",
        low=0,
        high=MAX_SEARCH_SECONDS,
        budget="seconds",
    ),
    "c": BotParam("c", float, DEFAULT_C, "UCT exploration constant (values are 0..1)", low=0),
    "depth": BotParam(
        "depth",
        int,
        DEFAULT_DEPTH,
        "random decisions played after the tree before the game's estimate scores it "
        "(-1: play to the end)",
        low=-1,
    ),
    "scale": BotParam(
        "scale",
        float,
        0.0,
        "score margin counted as a clear lead (0: from the position)",
        low=0,
    ),
}
register_agent(
    BotKind(
        "mcts",
        MctsAgent,
        "Monte Carlo tree search (UCT) with chance nodes on one determinization of what "
        "its seat may know; each seat maximizes its own margin",
        _SEARCH_PARAMS,
    )
)
register_agent(
    BotKind(
        "ismcts",
        IsmctsAgent,
        "information-set MCTS (single observer): hidden parts redrawn at every iteration, "
        "for games with hidden information",
        _SEARCH_PARAMS,
    )
)

__all__ = [
    "BotKind",
    "BotLimits",
    "BotParam",
    "GreedyAgent",
    "IsmctsAgent",
    "MctsAgent",
    "MemoryAgent",
    "RandomAgent",
    "SearchAgent",
    "agent_kind",
    "agent_kinds",
    "available_agents",
    "check_agent",
    "make_agent",
    "parse_spec",
    "register_agent",
    "register_greedy_policy",
    "split_specs",
]
