"""PUCT: ``MctsAgent(model=...)`` and ``IsmctsAgent(model=...)`` follow a model's priors
and values, ask it about ``batch`` leaves a call, and refuse a model whose answers do not
fit the position."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import terranova
from terranova.agents import IsmctsAgent, MctsAgent
from terranova.agents.mcts import SearchAgent
from terranova.agents.puct import Evaluation
from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.state import CHANCE, State


def explore_decision() -> State:
    state = terranova.make("evolution-explore", players=2)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    return state


class Model:
    """A model that favours one action of the root's seat, by its prior or its value, and
    keeps the batches it was asked about."""

    def __init__(
        self, seat: int, favourite: Action, by: str, seats: int = 2, prior: float = 100.0
    ) -> None:
        self.seat, self.favourite, self.by, self.seats, self.prior = (
            seat, favourite, by, seats, prior,
        )  # fmt: skip
        self.batches: list[int] = []

    def evaluate(self, states: Sequence[State]) -> list[Evaluation]:
        assert all(state.current_player() >= 0 for state in states)  # decisions only
        self.batches.append(len(states))
        return [self.one(state) for state in states]

    def one(self, state: State) -> Evaluation:
        legal = state.legal_actions()
        priors = [1.0] * len(legal)
        values = [0.5] * self.seats
        if self.by == "prior" and self.favourite in legal:
            priors[legal.index(self.favourite)] = self.prior
        if self.by == "value" and self.favourite in state.history():
            values = [0.1] * self.seats
            values[self.seat] = 0.9
        return Evaluation(values, priors)


BOTH = pytest.mark.parametrize("agent", [MctsAgent, IsmctsAgent], ids=["mcts", "ismcts"])


@BOTH
def test_a_prior_on_one_move_draws_the_search_to_it(agent: type[SearchAgent]) -> None:
    state = explore_decision()
    seat, legal = state.current_player(), state.legal_actions()
    favourite = legal[-1]  # last in order: no search would try it first by chance
    model = Model(seat, favourite, "prior")
    bot = agent(seed=3, iterations=64, model=model, batch=4)
    assert bot.select(state) == favourite
    visits = {c.action: c.visits for c in bot.last_choices}
    assert visits[favourite] > 0.5 * sum(visits.values())
    flat = agent(seed=3, iterations=64, model=Model(seat, favourite, "prior", prior=1.0))
    flat.select(state)
    spread = {c.action: c.visits for c in flat.last_choices}
    assert spread.get(favourite, 0) < 0.5 * sum(spread.values())  # the prior made it


@BOTH
def test_values_steer_the_search_to_the_move_they_favour(agent: type[SearchAgent]) -> None:
    state = explore_decision()
    seat, legal = state.current_player(), state.legal_actions()
    favourite = legal[len(legal) // 2]
    model = Model(seat, favourite, "value")
    bot = agent(seed=4, iterations=200, model=model, batch=8)
    assert bot.select(state) == favourite
    best = bot.last_choices[0]
    assert best.action == favourite and best.value > 0.8


@BOTH
def test_leaves_are_evaluated_in_batches(agent: type[SearchAgent]) -> None:
    state = explore_decision()
    seat = state.current_player()
    model = Model(seat, state.legal_actions()[0], "prior", prior=1.0)
    bot = agent(seed=5, iterations=96, model=model, batch=8)
    bot.select(state)
    assert bot.last_evaluations == len(model.batches)
    assert max(model.batches) == 8 and sum(model.batches) <= 96 + 1  # ismcts: + the root
    assert len(model.batches) < 96 / 2  # most calls carry several leaves
    one = Model(seat, state.legal_actions()[0], "prior", prior=1.0)
    agent(seed=5, iterations=40, model=one, batch=1).select(state)
    assert set(one.batches) == {1}


@BOTH
def test_the_same_seed_gives_the_same_search(agent: type[SearchAgent]) -> None:
    state = explore_decision()
    seat, legal = state.current_player(), state.legal_actions()

    def run() -> list[tuple[str, int]]:
        bot = agent(seed=9, iterations=80, model=Model(seat, legal[1], "value"), batch=4)
        bot.select(state)
        return [(str(c.action), c.visits) for c in bot.last_choices]

    assert run() == run()


class Wrong:
    def __init__(self, answer: str) -> None:
        self.answer = answer

    def evaluate(self, states: Sequence[State]) -> list[Evaluation]:
        if self.answer == "short":
            return []
        state = states[0]
        n = len(state.legal_actions())
        if self.answer == "priors":
            return [Evaluation([0.5, 0.5], [1.0] * (n + 1)) for _ in states]
        if self.answer == "values":
            return [Evaluation([1.5, float("nan")], [1.0] * n) for _ in states]
        return [Evaluation([0.5, 0.5], [-1.0] * n) for _ in states]


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("short", "answered 0 evaluations for 1 positions"),
        ("priors", "priors for"),
        ("negative", "prior is negative"),
        ("values", "values are from 0 to 1, not"),
    ],
)
@BOTH
def test_a_model_whose_answers_do_not_fit_is_refused(
    agent: type[SearchAgent], answer: str, said: str
) -> None:
    bot = agent(seed=1, iterations=8, model=Wrong(answer), batch=1)
    with pytest.raises(InvalidParameterError, match=said):
        bot.select(explore_decision())


def test_batch_must_be_positive() -> None:
    with pytest.raises(InvalidParameterError, match="batch is at least 1, not 0"):
        MctsAgent(seed=1, batch=0)


@BOTH
@pytest.mark.parametrize("game", ["discovery", "small-islands", "entdecker", "evolution-bluff"])
def test_the_model_is_asked_about_decisions_only(agent: type[SearchAgent], game: str) -> None:
    """Moves that lead to a draw are followed through it before the model is asked."""
    state = terranova.make(game, players=2)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    model = Model(state.current_player(), state.legal_actions()[0], "prior", prior=1.0)
    bot = agent(seed=2, iterations=48, model=model, batch=4)
    assert bot.select(state) in state.legal_actions()
    assert model.batches  # it was asked, each time about decisions (Model.evaluate)
