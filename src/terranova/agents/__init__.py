"""Bots over the core protocol: ``random``, ``greedy``, ``mcts`` and ``ismcts`` play any
registered game. A game may add bots of its own and its own ``greedy`` policy, declared in
the module its ``GameInfo.bots`` names (found when bots are first asked for).

>>> {"greedy", "ismcts", "mcts", "random"} <= set(available_agents())
True
>>> make_agent("random", seed=1).name
'random'
"""

from terranova.agents.basic import GreedyAgent, RandomAgent
from terranova.agents.ismcts import IsmctsAgent
from terranova.agents.mcts import (
    DEFAULT_C,
    DEFAULT_DEPTH,
    DEFAULT_ITERATIONS,
    MAX_SEARCH_SECONDS,
    ROLLOUTS,
    MctsAgent,
    SearchAgent,
)
from terranova.agents.registry import (
    BotKind,
    BotLimits,
    BotParam,
    GreedyPolicy,
    Rollout,
    agent_kind,
    agent_kinds,
    available_agents,
    check_agent,
    game_rollout,
    greedy_policy,
    make_agent,
    parse_spec,
    register_agent,
    register_greedy_policy,
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
        "one decision ahead: the action after which the game's estimate of its seat is best "
        "(a game may have its own greedy policy instead, see its rules)",
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
        None,
        "decisions played after the tree before the game's estimate scores it (-1: play "
        f"to the end); default: the game's rollout depth, {DEFAULT_DEPTH} for a game with none",
        low=-1,
    ),
    "rollout": BotParam(
        "rollout",
        str,
        "game",
        "who plays those decisions: the game's own rollout policy where it has one (game), "
        "or uniformly at random (random)",
        choices=ROLLOUTS,
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
    "GreedyPolicy",
    "IsmctsAgent",
    "MctsAgent",
    "RandomAgent",
    "Rollout",
    "SearchAgent",
    "agent_kind",
    "agent_kinds",
    "available_agents",
    "check_agent",
    "game_rollout",
    "greedy_policy",
    "make_agent",
    "parse_spec",
    "register_agent",
    "register_greedy_policy",
    "split_specs",
]
