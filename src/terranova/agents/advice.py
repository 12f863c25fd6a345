"""A search bot's advice for the seat to move: the move it would play, its estimate, and the
other moves it weighed most (the web's hints).

The estimate is the search's mean value of the move for the seat (0..1: 0.5 level with the
best other seat, 1 a clear lead; see :func:`~terranova.agents.mcts.margin_values`), and the
same read back as a margin in points over the best other seat, with the scale of that
search. A forced move (the only legal one) is played without a search, so it has no
estimate.

>>> import terranova
>>> state = terranova.make("discovery", players=2)
>>> while state.current_player() == terranova.CHANCE:
...     state.apply(state.legal_actions()[0])
>>> advice = advise(state, "ismcts:iterations=60", seed=3)
>>> advice.best.action in [str(a) for a in state.legal_actions()]
True
>>> len(advice.alternatives) <= 3, advice.iterations
(True, 60)
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from terranova.agents.mcts import Considered, SearchAgent
from terranova.agents.registry import BotLimits, make_agent
from terranova.core.errors import InvalidParameterError
from terranova.core.state import State

MOST_SURE = 0.999
"""Values are read back as margins within this distance of the ends (a margin of about 3.8
scales), since a value of exactly 0 or 1 has no finite margin."""


@dataclass(frozen=True)
class Weighed:
    """One move as the advice gives it."""

    action: str
    """Its text, as the seat would send it."""
    says: str
    """How the seat reads it (the game's description)."""
    visits: int
    value: float | None
    """The search's mean value of it for the seat, 0..1 (None: a forced move)."""
    margin: float | None
    """The same as a margin in points over the best other seat."""


@dataclass(frozen=True)
class Advice:
    """The move a search bot would play, and the others it weighed most."""

    best: Weighed
    alternatives: list[Weighed]
    iterations: int
    bot: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def advise(
    state: State,
    spec: str,
    seed: int,
    bounds: BotLimits | None = None,
    alternatives: int = 3,
) -> Advice:
    """What the search bot ``spec`` would play for the seat to move in ``state``, with up
    to ``alternatives`` other moves it weighed, the most tried first. Only what the seat
    may know is read: the bot searches the seat's own determinizations."""
    agent = make_agent(spec, seed)
    if not isinstance(agent, SearchAgent):
        raise InvalidParameterError(f"advice needs a searching bot, not {spec!r}")
    if bounds is not None:
        agent.limit(bounds.max_seconds, bounds.max_nodes)
    seat = state.current_player()
    chosen = agent.select(state)
    weighed = agent.last_choices or [Considered(chosen, 0, math.nan)]
    scale = agent.last_scale

    def shown(choice: Considered) -> Weighed:
        text = str(choice.action)
        says = state.describe_action(choice.action, seat) or text
        if math.isnan(choice.value):
            return Weighed(text, says, 0, None, None)
        sure = max(-MOST_SURE, min(MOST_SURE, 2 * choice.value - 1))
        margin = round(scale * math.atanh(sure), 1)
        return Weighed(text, says, choice.visits, round(choice.value, 3), margin)

    best = next(c for c in weighed if c.action == chosen)
    others = [c for c in weighed if c.action != chosen][:alternatives]
    return Advice(shown(best), [shown(c) for c in others], agent.last_iterations, spec)
