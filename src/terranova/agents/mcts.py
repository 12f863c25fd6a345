"""Monte Carlo tree search (UCT) over the core protocol, for any registered game.

One search per decision, on one determinization of what the seat to move may know
(``state.resample(seat, rng)``: a plain copy when nothing is hidden), so the bot never
peeks at other players' private tiles or cards. Every iteration walks down the tree from
the root on a clone of that state:

- at a **decision** node the seat to move picks the child with the best UCT score for
  *its own* value (``mean + c * sqrt(ln N / n)``): every node keeps a value sum per seat,
  so the search works for any number of players (each one maximizes its own);
- at a **chance** node an outcome is drawn with ``state.sample_chance(rng)``: children are
  the outcomes drawn so far, visited as often as they are drawn (closed-loop chance nodes);
- the first decision node with an action not yet tried gets one new child (expansion);
- a **rollout** then plays ``depth`` decisions (chance drawn as in a game; ``depth=-1``
  plays to the end) and the position is scored. A game may declare how its rollouts go
  (:class:`~terranova.agents.registry.Rollout`: its own policy and depth, e.g. Entdecker's
  greedy play for a few decisions); otherwise, and with ``rollout=random``, the decisions
  are uniformly random, and ``depth`` is 0 unless the spec sets it.

Scoring: at the end of the game by the final scores ``returns()``, before it by the game's
own heuristic ``estimate(seat)``. Each seat's value is its *margin* over the best other seat,
squashed into 0..1 by ``0.5 + 0.5 * tanh(margin / scale)``: 0.5 is level, 1 a clear lead.
``scale=0`` (the default) sets the scale for each decision from the position's own figures
(see :func:`auto_scale`), so no game-specific number is built in.

The two steps of a Discovery turn (place a tile, then the follower step) are two tree
levels, since they are two consecutive decisions of one seat. A decision with one legal
action is played at once, without a search.

Budget: ``iterations`` per decision, or ``seconds`` of wall time per decision (then the
moves depend on the machine's speed and load, so a game is no longer repeatable); with
both, whichever runs out first. With the same seed and iterations the bot plays the same
moves. A server may also cut every search short (:meth:`SearchAgent.limit`): after a hard
number of seconds, or once the tree holds a number of nodes, whatever the spec says.

>>> import terranova
>>> state = terranova.make("discovery", players=2)
>>> while state.current_player() == terranova.CHANCE:
...     state.apply(state.legal_actions()[0])
>>> bot = MctsAgent(seed=1, iterations=50)
>>> bot.select(state) in state.legal_actions()
True
>>> bot.last_iterations
50
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from terranova.agents.puct import Evaluator, PuctSearch
from terranova.agents.registry import GreedyPolicy, game_rollout
from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import to_native
from terranova.core.rng import make_rng
from terranova.core.state import CHANCE, TERMINAL, State

DEFAULT_ITERATIONS = 400
"""Iterations per decision when neither ``iterations`` nor ``seconds`` is given."""
DEFAULT_C = 0.7
"""Exploration constant of UCT (values are in 0..1)."""
DEFAULT_DEPTH = 0
"""Decisions played after the tree before the position is scored (-1: to the end), in a
game that declares no rollout of its own."""
ROLLOUTS = ("game", "random")
"""Who plays a rollout's decisions: the game's own rollout policy (when it declares one;
uniformly random otherwise), or uniformly random."""
PROGRESS_SECONDS = 0.2
"""How often a search tells its :attr:`SearchAgent.progress` hook of its best move."""
MAX_SEARCH_SECONDS = 7 * 24 * 3600.0
"""The most ``seconds`` a spec may ask for anywhere (a server allows far less)."""

_tanh = math.tanh
_sqrt = math.sqrt
_log = math.log


def auto_scale(state: State) -> float:
    """A margin scale for ``state``'s game, from the position itself: a quarter of the mean
    absolute estimate of the seats, at least 1 (a margin of one ``scale`` counts as a clear
    lead, value 0.88)."""
    n = state.num_seats
    xs = [float(x) for x in state.returns()] if state.is_terminal() else state.estimates()
    return max(1.0, 0.25 * sum(abs(x) for x in xs) / n)


def margin_values(xs: Sequence[float], scale: float) -> list[float]:
    """Each seat's margin over the best other seat, squashed into 0..1.

    >>> [round(v, 3) for v in margin_values([10.0, 4.0, 10.0], 5.0)]
    [0.5, 0.083, 0.5]
    >>> [round(v, 3) for v in margin_values([3.0], 1.0)]
    [0.998]
    """
    n = len(xs)
    if n == 1:
        return [0.5 + 0.5 * _tanh(xs[0] / scale)]
    best = second = -math.inf
    top = -1
    for s, x in enumerate(xs):
        if x > best:
            best, second, top = x, best, s
        elif x > second:
            second = x
    return [
        0.5 + 0.5 * _tanh((x - (second if s == top else best)) / scale) for s, x in enumerate(xs)
    ]


def evaluate(state: State, scale: float) -> list[float]:
    """Every seat's value of ``state`` in 0..1: final scores at the end, else estimates."""
    if state.current_player() == TERMINAL:
        xs: Sequence[float] = state.returns()
    else:
        xs = state.estimates()
    return margin_values(xs, scale)


def rollout(
    state: State, rng: random.Random, depth: int, policy: GreedyPolicy | None = None
) -> None:
    """Play ``depth`` decisions on ``state`` (``-1``: to the end), each ``policy``'s (a
    forced one played at once) or, without a policy, uniformly at random; chance outcomes on
    the way are drawn with ``sample_chance``."""
    steps = 0
    limit = depth if depth >= 0 else 1 << 62
    rand = rng.random
    while steps < limit:
        actor = state.current_player()
        if actor == TERMINAL:
            return
        if actor == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if policy is None:
            state.apply(legal[int(rand() * len(legal))])
        else:
            state.apply(legal[0] if len(legal) == 1 else policy(state, rng))
        steps += 1


def decision_actions(state: State) -> list[Action]:
    """The legal actions of the seat to move; refuses chance and terminal states."""
    if state.current_player() < 0:
        raise InvalidParameterError(
            "a bot is asked to move when no seat is to move (chance or game over)"
        )
    actions = list(state.legal_actions())
    if not actions:
        raise InvalidParameterError(f"seat {state.current_player()} has no legal action")
    return actions


class Budget:
    """How long one search may run: ``iterations`` (0: no limit) and ``seconds`` (0: none)."""

    def __init__(self, iterations: int | None, seconds: float) -> None:
        if seconds < 0:
            raise InvalidParameterError(f"seconds cannot be negative ({seconds})")
        if iterations is None:
            iterations = 0 if seconds > 0 else DEFAULT_ITERATIONS
        if iterations < 0:
            raise InvalidParameterError(f"iterations cannot be negative ({iterations})")
        if iterations == 0 and seconds == 0:
            raise InvalidParameterError("a search needs iterations > 0 or seconds > 0")
        self.iterations = iterations
        self.seconds = seconds

    def text(self) -> str:
        parts = []
        if self.iterations:
            parts.append(f"iterations={self.iterations}")
        if self.seconds:
            parts.append(f"seconds={self.seconds:g}")
        return ",".join(parts)


def check_search_params(c: float, depth: int | None, scale: float, rollout: str) -> None:
    if c < 0:
        raise InvalidParameterError(f"c cannot be negative ({c})")
    if depth is not None and depth < -1:
        raise InvalidParameterError(f"depth is -1 (to the end) or at least 0, not {depth}")
    if rollout not in ROLLOUTS:
        raise InvalidParameterError(f"rollout is one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    if scale < 0:
        raise InvalidParameterError(f"scale is 0 (automatic) or positive, not {scale}")


class _Node:
    """A tree node: the position after ``action`` from its parent."""

    __slots__ = ("action", "kids", "outcomes", "untried", "value", "visits")

    def __init__(self, action: Action | None, seats: int) -> None:
        self.action = action
        self.visits = 0
        self.value = [0.0] * seats
        self.kids: list[_Node] = []
        self.untried: list[Action] | None = None
        self.outcomes: dict[Action, _Node] | None = None


@dataclass(frozen=True)
class Considered:
    """One move a search weighed at its root: how often it was tried, and its mean value
    for the seat to move (0..1: 0.5 level with the best other seat, 1 a clear lead)."""

    action: Action
    visits: int
    value: float


def by_visits(choices: Sequence[Considered]) -> list[Considered]:
    """The moves weighed, the most tried first (then the best valued)."""
    return sorted(choices, key=lambda c: (-c.visits, -c.value))


def native_settings(c: float, depth: int, scale: float, rng: random.Random) -> bool:
    """Whether a native search takes these settings: finite ``c`` and ``scale``, ``depth``
    within 32 bits, and Python's own generator (a subclass may draw otherwise). Any other is
    searched in Python, on the native engine still."""
    return (
        type(rng) is random.Random
        and math.isfinite(c)
        and math.isfinite(scale)
        and -1 <= depth < 1 << 31
    )


class NativeTree(Protocol):
    """The search of :class:`MctsAgent` (uniform rollouts, no model) run by a game's native
    engine: offered by a native state as ``search_tree(rng, c, depth, scale)``. It draws from
    a copy of ``rng``'s state the numbers the Python search would draw, so it grows the same
    tree and plays the same move; ``give_back`` leaves ``rng`` where the Python search would
    have left it."""

    def iterate(self) -> int:
        """One iteration: the nodes it made."""
        ...

    def best(self, seat: int) -> Action | None:
        """The root's most visited move, then the best valued for ``seat``."""
        ...

    def weighed(self, seat: int) -> list[tuple[Action, int, float]]:
        """The root's moves: action, visits and ``seat``'s value sum, in the order tried."""
        ...

    def give_back(self, rng: random.Random) -> None: ...


class Counted(Protocol):
    """A search tree node as backing up sees it: visits and per-seat value sums."""

    visits: int
    value: list[float]


class SearchAgent:
    """What the search bots share: their parameters, seeded generator, budget and counts."""

    KIND = "mcts"
    """The bot's registered name (its ``name`` when none is given)."""

    def __init__(
        self,
        seed: int,
        iterations: int | None = None,
        seconds: float = 0.0,
        c: float = DEFAULT_C,
        depth: int | None = None,
        scale: float = 0.0,
        rollout: str = "game",
        name: str = "",
        model: Evaluator | None = None,
        batch: int = 8,
    ) -> None:
        self.budget = Budget(iterations, seconds)
        if batch < 1:
            raise InvalidParameterError(f"batch is at least 1, not {batch}")
        self.model = model
        """A model guiding the search (:mod:`terranova.agents.puct`), or None."""
        self.batch = batch
        """The positions the model is asked about in one call."""
        self.last_evaluations = 0
        """The model's calls in the last search (0 without a model)."""
        check_search_params(c, depth, scale, rollout)
        self.name = name or self.KIND
        self.seed = seed
        self.c = c
        self.depth = depth
        """Decisions played after the tree (None: the game's rollout depth, else 0)."""
        self.rollout = rollout
        self.scale = scale
        self._plans: dict[str, tuple[int, GreedyPolicy | None]] = {}
        self._rng = make_rng(seed)
        self.last_iterations = 0
        """Iterations of the last search (0 when the move was forced)."""
        self.total_iterations = 0
        self.total_seconds = 0.0
        """Iterations and wall time of all searches so far."""
        self.hard_seconds = math.inf
        self.max_nodes = 1 << 62
        self.last_nodes = 0
        """Tree nodes made by the last search."""
        self.last_choices: list[Considered] = []
        """The moves the last search weighed, the most tried first (empty when the move
        was forced)."""
        self.last_scale = 1.0
        """The margin scale of the last search (see :func:`margin_values`)."""
        self.try_first: Action | None = None
        """A move of the seat to move to expand first at the root (``ismcts``), so that a
        review of a game weighs the move that was played."""
        self.progress: Callable[[Action], None] | None = None
        """Told the best move so far every :attr:`progress_seconds` of a search (a server's
        worker passes it on, so that a search cut short still has a move to give). When it
        is told, :attr:`last_iterations` and :attr:`last_choices` are those of the search so
        far (a hint's advice is built from them)."""
        self.progress_seconds = PROGRESS_SECONDS

    def limit(self, seconds: float, nodes: int) -> None:
        """Cut every search short after ``seconds`` of wall time or once its tree holds
        ``nodes`` nodes, whatever the budget (a server's bound on time and memory)."""
        self.hard_seconds = seconds
        self.max_nodes = nodes

    def _search(
        self,
        iterate: Callable[[], int],
        best: Callable[[], Action | None],
        weighed: Callable[[], list[Considered]] | None = None,
    ) -> None:
        """Call ``iterate`` (which answers how many tree nodes it made) until the budget or
        the hard limits are spent, telling :attr:`progress` of ``best`` (the move the
        search would play now) on the way, with the counts and ``weighed`` (the moves
        weighed so far) kept first; keep the counts."""
        start = time.perf_counter()
        budget = self.budget
        limit = budget.iterations or 1 << 62
        seconds = min(budget.seconds or math.inf, self.hard_seconds)
        deadline = start + seconds
        clock = time.perf_counter
        max_nodes = self.max_nodes
        report = self.progress
        every = self.progress_seconds
        next_report = start + every if report is not None else math.inf
        timed = deadline != math.inf or report is not None
        done = nodes = 0
        while done < limit:
            nodes += iterate()
            done += 1
            if nodes >= max_nodes:
                break
            if timed:
                now = clock()
                if now >= deadline:
                    break
                if now >= next_report and report is not None:
                    move = best()
                    if move is not None:
                        self.last_iterations = done
                        if weighed is not None:
                            self.last_choices = weighed()
                        report(move)
                    next_report = now + every
        self.last_nodes = nodes
        self.last_iterations = done
        self.total_iterations += done
        self.total_seconds += clock() - start

    def plan(self, game_id: str) -> tuple[int, GreedyPolicy | None]:
        """How this bot's rollouts go in a game: their depth and who plays them (None:
        uniformly random)."""
        plan = self._plans.get(game_id)
        if plan is None:
            declared = game_rollout(game_id) if self.rollout == "game" else None
            depth = self.depth
            if depth is None:
                own = declared or game_rollout(game_id)
                depth = own.depth if own is not None else DEFAULT_DEPTH
            plan = self._plans[game_id] = (depth, declared.policy if declared else None)
        return plan

    def _back_up(self, state: State, path: Sequence[Counted], scale: float) -> None:
        """Score the end of an iteration (after the rollout, if any) and add the result to
        every node on its path."""
        depth, policy = self.plan(state.game_id)
        if depth:
            rollout(state, self._rng, depth, policy)
        result = evaluate(state, scale)
        for node in path:
            node.visits += 1
            value = node.value
            for s, r in enumerate(result):
                value[s] += r

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(seed={self.seed}, {self.budget.text()}, c={self.c}, "
            f"depth={self.depth}, scale={self.scale}, rollout={self.rollout}, "
            f"name={self.name!r})"
        )


class MctsAgent(SearchAgent):
    """UCT with chance nodes, per-seat values and truncated random rollouts (module doc);
    with a ``model``, PUCT guided by its priors and values, asked for ``batch`` leaves at a
    time (:mod:`terranova.agents.puct`)."""

    def select(self, state: State) -> Action:
        actions = decision_actions(state)
        self.last_choices = []
        self.last_evaluations = 0
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        seat = state.current_player()
        root_state = state.resample(seat, self._rng)  # what this seat may know, nothing more
        scale = self.last_scale = self.scale or auto_scale(root_state)
        if self.model is not None:
            return self._guided(root_state, seat, scale, self.model)
        # the same search on the game's native engine, where it has one: the same moves
        root_state = to_native(root_state)
        grow = getattr(root_state, "search_tree", None)
        depth, policy = self.plan(state.game_id)
        if grow is not None and policy is None and native_settings(self.c, depth, scale, self._rng):
            # the whole search natively (a game's own rollout policy is Python's to play)
            tree: NativeTree = grow(self._rng, self.c, depth, scale)
            return self._grown(tree, seat)
        root = _Node(None, state.num_seats)
        root.untried = list(root_state.legal_actions())

        def weighed() -> list[Considered]:
            return by_visits(
                [
                    Considered(k.action, k.visits, k.value[seat] / k.visits)
                    for k in root.kids
                    if k.action is not None and k.visits
                ]
            )

        self._search(
            lambda: self._iterate(root, root_state, scale), lambda: _best(root, seat), weighed
        )
        self.last_choices = weighed()
        best = _best(root, seat)
        assert best is not None
        return best

    def _grown(self, tree: NativeTree, seat: int) -> Action:
        """The move of the search run natively by ``tree``."""

        def weighed() -> list[Considered]:
            return by_visits([Considered(a, n, v / n) for a, n, v in tree.weighed(seat) if n])

        try:
            self._search(tree.iterate, lambda: tree.best(seat), weighed)
        finally:
            tree.give_back(self._rng)
        self.last_choices = weighed()
        best = tree.best(seat)
        assert best is not None
        return best

    def _guided(self, root_state: State, seat: int, scale: float, model: Evaluator) -> Action:
        """The move of a PUCT search guided by ``model``."""
        search = PuctSearch(
            root_state, model, self.batch, self.c, self._rng, lambda s: evaluate(s, scale)
        )

        def weighed() -> list[Considered]:
            return by_visits(
                [
                    Considered(k.action, k.visits, k.value[seat] / k.visits)
                    for k in search.root.kids or ()
                    if k.action is not None and k.visits
                ]
            )

        self._search(search.iterate, search.best, weighed)
        search.flush()  # the leaves of the last, unfilled batch
        self.last_evaluations = search.evaluations
        self.last_choices = weighed()
        best = search.best()
        assert best is not None
        return best

    def _iterate(self, root: _Node, root_state: State, scale: float) -> int:
        state = root_state.clone()
        rng = self._rng
        seats = state.num_seats
        node = root
        path = [root]
        c = self.c
        made = 0
        while True:
            actor = state.current_player()
            if actor < 0:
                if actor == TERMINAL:
                    break
                action = state.sample_chance(rng)
                state.apply(action)
                outcomes = node.outcomes
                if outcomes is None:
                    outcomes = node.outcomes = {}
                child = outcomes.get(action)
                if child is None:
                    child = outcomes[action] = _Node(action, seats)
                    made += 1
                node = child
                path.append(node)
                continue
            untried = node.untried
            if untried is None:
                untried = node.untried = list(state.legal_actions())
            if untried:
                last = len(untried) - 1
                pick = int(rng.random() * (last + 1))
                action = untried[pick]
                untried[pick] = untried[last]
                untried.pop()
                state.apply(action)
                child = _Node(action, seats)
                node.kids.append(child)
                path.append(child)
                made += 1
                break
            exploration = c * _sqrt(_log(node.visits))
            best = node.kids[0]
            best_score = -math.inf
            for kid in node.kids:
                v = kid.visits
                score = kid.value[actor] / v + exploration / _sqrt(v)
                if score > best_score:
                    best_score = score
                    best = kid
            assert best.action is not None
            state.apply(best.action)
            node = best
            path.append(node)
        self._back_up(state, path, scale)
        return made


def _best(root: _Node, seat: int) -> Action | None:
    """The move of ``seat`` the search at ``root`` plays: the most tried, then the best
    valued (None before any)."""
    if not root.kids:
        return None
    return max(root.kids, key=lambda k: (k.visits, k.value[seat])).action
