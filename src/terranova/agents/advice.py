"""A search bot's advice for the seat to move: the move it would play, its estimate, and the
other moves it weighed most (the web's hints); and its review of a whole game, each
decision scored by what it lost against the move the bot preferred (the web's analysis).

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from terranova.agents.mcts import Considered, SearchAgent
from terranova.agents.registry import BotLimits, make_agent
from terranova.core.action_text import action_data
from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.i18n import as_data
from terranova.core.registry import make
from terranova.core.rng import derive_seed
from terranova.core.state import State

MOST_SURE = 0.999
"""Values are read back as margins within this distance of the ends (a margin of about 3.8
scales), since a value of exactly 0 or 1 has no finite margin."""


@dataclass(frozen=True)
class Weighed:
    """One move as the advice gives it."""

    action: str
    """Its text, as the seat would send it."""
    says: str | dict[str, object]
    """How the seat reads it: the game's words, as data (:func:`~terranova.core.i18n.as_data`)."""
    visits: int
    value: float | None
    """The search's mean value of it for the seat, 0..1 (None: a forced move)."""
    margin: float | None
    """The same as a margin in points over the best other seat."""
    kind: str | None = None
    """The move as data (:func:`~terranova.core.action_text.action_data`): its kind..."""
    fields: Mapping[str, Any] | None = None
    """... and its fields."""


@dataclass(frozen=True)
class Advice:
    """The move a search bot would play, and the others it weighed most."""

    best: Weighed
    alternatives: list[Weighed]
    iterations: int
    """Iterations searched."""
    bot: str
    budget: int = 0
    """Iterations the search was given (0: none, a greedy suggestion)."""
    complete: bool = True
    """Whether the search ran its whole budget (False: cut short by its wall-clock cap, the
    best found so far by a search still running, or a greedy suggestion)."""
    source: str = "search"
    """``search``: the search bot's advice; ``greedy``: a plain suggestion of the greedy
    bot, given when no search could answer."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def advise(
    state: State,
    spec: str,
    seed: int,
    bounds: BotLimits | None = None,
    alternatives: int = 3,
    progress: Callable[[Advice], None] | None = None,
) -> Advice:
    """What the search bot ``spec`` would play for the seat to move in ``state``, with up
    to ``alternatives`` other moves it weighed, the most tried first. Only what the seat
    may know is read: the bot searches the seat's own determinizations. ``progress`` is
    told the advice of the search so far (``complete`` False) every
    :data:`~terranova.agents.mcts.PROGRESS_SECONDS`, for a server that cannot wait."""
    agent = make_agent(spec, seed)
    if not isinstance(agent, SearchAgent):
        raise InvalidParameterError(f"advice needs a searching bot, not {spec!r}")
    if bounds is not None:
        agent.limit(bounds.max_seconds, bounds.max_nodes)
    seat = state.current_player()
    asked = agent.budget.iterations

    def shown(choice: Considered) -> Weighed:
        text = str(choice.action)
        says = as_data(state.say_action(choice.action, seat) or text)
        data = action_data(choice.action)
        if math.isnan(choice.value):
            return Weighed(text, says, 0, None, None, data["kind"], data["fields"])
        sure = max(-MOST_SURE, min(MOST_SURE, 2 * choice.value - 1))
        margin = round(agent.last_scale * math.atanh(sure), 1)
        return Weighed(
            text, says, choice.visits, round(choice.value, 3), margin, data["kind"], data["fields"]
        )

    def advice(chosen: Action, complete: bool) -> Advice:
        weighed = agent.last_choices or [Considered(chosen, 0, math.nan)]
        best = next((c for c in weighed if c.action == chosen), Considered(chosen, 0, math.nan))
        others = [c for c in weighed if c.action != chosen][:alternatives]
        return Advice(
            shown(best), [shown(c) for c in others], agent.last_iterations, spec, asked, complete
        )

    if progress is not None:
        agent.progress = lambda move: progress(advice(move, False))
    chosen = agent.select(state)
    forced = not agent.last_choices
    return advice(chosen, forced or not asked or agent.last_iterations >= asked)


def suggest(state: State, seed: int) -> Advice:
    """The greedy bot's move for the seat to move in ``state``, as advice (no search: a
    server's hint when no search could answer)."""
    seat = state.current_player()
    move = make_agent("greedy", seed).select(state.clone())
    text = str(move)
    says = as_data(state.say_action(move, seat) or text)
    data = action_data(move)
    shown = Weighed(text, says, 0, None, None, data["kind"], data["fields"])
    return Advice(shown, [], 0, "greedy", 0, False, "greedy")


@dataclass(frozen=True)
class Judged:
    """One decision of a game as a review scores it."""

    ply: int
    """Actions played before it (the position it was made in)."""
    seat: int
    played: str
    says: str | dict[str, object]
    """The move played in the game's words, as data (:func:`~terranova.core.i18n.as_data`)."""
    best: str
    """The move the search preferred (``played`` if it agreed)."""
    best_says: str | dict[str, object]
    loss: float
    """The search's value of its preferred move minus that of the move played, 0..1
    (0: it agreed, or found them as good)."""
    margin_loss: float
    """The same in points over the best other seat."""
    kind: str | None = None
    """The move played as data (:func:`~terranova.core.action_text.action_data`)."""
    fields: Mapping[str, Any] | None = None
    best_kind: str | None = None
    """The preferred move as data."""
    best_fields: Mapping[str, Any] | None = None


def margin(value: float, scale: float) -> float:
    """A search value (0..1) read back as a margin in points (see :data:`MOST_SURE`)."""
    return scale * math.atanh(max(-MOST_SURE, min(MOST_SURE, 2 * value - 1)))


def judge(
    state: State,
    action: Action,
    ply: int,
    spec: str,
    seed: int,
    bounds: BotLimits | None = None,
    progress: Callable[[Action], None] | None = None,
) -> Judged | None:
    """The decision to play ``action`` in ``state`` (the game's position ``ply``) as the
    searching bot ``spec`` judges it on what the deciding seat knew then (see
    :func:`review`); None for no decision with a choice. ``state`` is left as it is;
    ``progress`` is told the search's best move so far as it goes."""
    seat = state.current_player()
    if seat < 0 or len(state.legal_actions()) <= 1:
        return None
    agent = make_agent(spec, derive_seed(seed, "review", ply))
    if not isinstance(agent, SearchAgent):
        raise InvalidParameterError(f"a review needs a searching bot, not {spec!r}")
    if bounds is not None:
        agent.limit(bounds.max_seconds, bounds.max_nodes)
    agent.try_first = action
    agent.progress = progress
    agent.select(state.clone())
    values = {c.action: c.value for c in agent.last_choices}
    if not agent.last_choices or action not in values:
        return None
    best = agent.last_choices[0]
    loss = max(0.0, best.value - values[action])
    scale = agent.last_scale
    lost = max(0.0, margin(best.value, scale) - margin(values[action], scale))
    played, preferred = action_data(action), action_data(best.action)
    return Judged(
        ply,
        seat,
        str(action),
        as_data(state.say_action(action, seat) or str(action)),
        str(best.action),
        as_data(state.say_action(best.action, seat) or str(best.action)),
        round(loss, 3),
        round(lost, 1),
        played["kind"],
        played["fields"],
        preferred["kind"],
        preferred["fields"],
    )


def decisions(state: State, actions: Sequence[Action]) -> list[int]:
    """The plies of the game that plays ``actions`` from ``state`` at which a seat had a
    choice (the decisions a review judges); ``state`` is played on to the end."""
    plies = []
    for ply, action in enumerate(actions):
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            plies.append(ply)
        state.apply(action)
    return plies


def review(
    state: State, actions: Sequence[Action], spec: str, seed: int, bounds: BotLimits | None = None
) -> list[Judged]:
    """Every decision with a choice in the game that plays ``actions`` from ``state``, as
    the searching bot ``spec`` judges it on what the deciding seat knew then: it searches
    each position (the move played tried first, so that it is weighed) and scores the
    move played by its value against the move the search preferred (:func:`judge`, one
    decision at a time). ``state`` is played on to the end."""
    judged: list[Judged] = []
    for ply, action in enumerate(actions):
        one = judge(state, action, ply, spec, seed, bounds)
        if one is not None:
            judged.append(one)
        state.apply(action)
    return judged


def review_game(
    game: str,
    params: Mapping[str, Any],
    texts: Sequence[str],
    spec: str,
    seed: int,
    bounds: BotLimits | None = None,
) -> list[Judged]:
    """:func:`review` of the game ``game`` with these parameters that plays the action
    ``texts`` (a record's, a web game's log)."""
    start = make(game, **params)
    state = start.clone()
    actions = []
    for text in texts:
        action = state.parse_action(text)
        actions.append(action)
        state.apply(action)
    return review(start, actions, spec, seed, bounds)
