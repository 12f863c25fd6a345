"""Bots that play any registered game through the core protocol.

>>> available_agents()
['greedy', 'random']
>>> make_agent("random", seed=1).name
'random'
"""

from terranova.agents.basic import GreedyAgent, RandomAgent
from terranova.agents.registry import (
    BotKind,
    BotParam,
    agent_kinds,
    available_agents,
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
        "one decision ahead: the action after which the game's estimate of its seat is best",
        {
            "epsilon": BotParam(
                "epsilon", float, 0.0, "chance of a uniformly random action instead (0 to 1)"
            )
        },
    )
)

__all__ = [
    "BotKind",
    "BotParam",
    "GreedyAgent",
    "RandomAgent",
    "agent_kinds",
    "available_agents",
    "make_agent",
    "parse_spec",
    "register_agent",
    "split_specs",
]
