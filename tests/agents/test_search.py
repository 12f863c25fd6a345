"""The search bots (mcts, ismcts): legal moves in every registered game, determinism, the
information they use, and their choices in small constructed games."""

from __future__ import annotations

import random
from typing import Any, Self

import pytest

import terranova
from terranova.agents import IsmctsAgent, MctsAgent, Rollout, agent_kinds, make_agent, registry
from terranova.agents.mcts import margin_values
from terranova.core import CHANCE, TERMINAL, Action, InvalidParameterError, State
from terranova.core.records import play
from terranova.core.rng import derive_seed
from tests.agents.checked import Checked
from tests.agents.ticking import ticking

SEARCH_BOTS = ["mcts", "ismcts"]


def _settings() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game at its smallest and largest seat count, and at its default
    seat count with each non-default choice of each variant."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for game_id, info in sorted(terranova.games().items()):
        for seats in sorted({info.min_seats, info.max_seats}):
            out.append((game_id, seats, {}))
        for variant in info.variants.values():
            for choice in variant.choices or ():
                if choice != variant.default:
                    out.append((game_id, info.default_seats, {variant.name: choice}))
    return out


def _position(game_id: str, players: int, plies: int, seed: int, **variants: Any) -> State:
    """A position ``plies`` random actions into a game, with a seat to move (or the end,
    for a game shorter than that)."""
    rng = random.Random(seed)
    state = terranova.make(game_id, players=players, **variants)
    done = 0
    while not state.is_terminal() and (done < plies or state.current_player() == CHANCE):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            done += 1
    return state


# ------------------------------------------------------------- every registered game


@pytest.mark.parametrize("bot", SEARCH_BOTS)
@pytest.mark.parametrize(("game_id", "seats", "variants"), _settings())
def test_search_bots_play_legal_moves_in_every_game(
    bot: str, game_id: str, seats: int, variants: dict[str, Any]
) -> None:
    seed = len(variants) * 7 + seats
    state = terranova.make(game_id, players=seats, **variants)
    agents = [
        Checked(make_agent(f"{bot}:iterations=4", derive_seed(seed, "seat", s)))
        for s in range(seats)
    ]
    record = play(state, agents, seed=seed)
    assert state.is_terminal()
    assert record.result is not None
    assert sum(a.moves for a in agents) > 0


@pytest.mark.parametrize("spec", ["mcts:iterations=3,depth=-1", "ismcts:iterations=3,depth=5"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rollouts_to_the_end_or_a_depth_give_legal_moves(spec: str, seed: int) -> None:
    for game_id, info in sorted(terranova.games().items()):
        for plies in (0, 40, 120):
            state = _position(game_id, info.max_seats, plies, seed)
            if state.is_terminal():
                continue
            assert Checked(make_agent(spec, seed)).select(state) in state.legal_actions()


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_same_seed_same_moves(bot: str) -> None:
    def actions(seed: int) -> list[str]:
        state = terranova.make("discovery", players=3)
        agents = [make_agent(f"{bot}:iterations=12", seed + s) for s in range(3)]
        return play(state, agents, seed=9).actions

    assert actions(1) == actions(1)
    assert actions(1) != actions(50)


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_forced_moves_are_played_without_a_search(bot: str) -> None:
    state = TreeGame(("seat", 1, {"only": (0, 1)}), 2)
    agent = make_agent(f"{bot}:iterations=5", 0)
    assert isinstance(agent, MctsAgent | IsmctsAgent)
    assert agent.select(state) == Step("only")
    assert agent.last_iterations == 0


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_search_bots_refuse_chance_and_finished_states(bot: str) -> None:
    state = terranova.make("discovery", players=2)
    assert state.current_player() == CHANCE
    with pytest.raises(InvalidParameterError):
        make_agent(bot, 0).select(state)


# --------------------------------------------------------------- levels by name


def test_levels_by_name() -> None:
    assert {"mcts", "ismcts"} <= set(agent_kinds())
    bot = make_agent("mcts:iterations=400", 1)
    assert isinstance(bot, MctsAgent)
    assert (bot.budget.iterations, bot.budget.seconds, bot.name) == (
        400,
        0.0,
        "mcts:iterations=400",
    )
    timed = make_agent("ismcts:seconds=1", 1)
    assert isinstance(timed, IsmctsAgent)
    assert (timed.budget.iterations, timed.budget.seconds) == (0, 1.0)
    tuned = make_agent("mcts:iterations=50,c=1.2,depth=-1,scale=5", 2)
    assert isinstance(tuned, MctsAgent)
    assert (tuned.c, tuned.depth, tuned.scale) == (1.2, -1, 5.0)
    default = make_agent("mcts", 3)
    assert isinstance(default, MctsAgent)
    assert default.budget.iterations > 0


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=-1",
        "mcts:iterations=0",
        "mcts:seconds=-1",
        "mcts:c=-0.5",
        "ismcts:depth=-2",
        "ismcts:scale=-1",
        "mcts:iterations=many",
        "mcts:rollouts=5",
    ],
)
def test_bad_search_parameters_are_refused(spec: str) -> None:
    with pytest.raises(InvalidParameterError):
        make_agent(spec, 0)


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_a_time_budget_is_kept(bot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _position("discovery", 4, 30, seed=8)
    agent = make_agent(f"{bot}:seconds=0.1", 0)
    assert isinstance(agent, MctsAgent | IsmctsAgent)
    ticking(monkeypatch, 0.01, most=1000)  # 10 ms at each reading of the clock
    assert agent.select(state) in state.legal_actions()
    assert 0 < agent.last_iterations <= 10  # 0.1 s: at least one iteration, then it stops


def test_margin_values() -> None:
    assert margin_values([3.0, 3.0], 1.0) == [0.5, 0.5]
    low, high = margin_values([0.0, 4.0], 2.0)
    assert low < 0.5 < high
    assert low + high == pytest.approx(1.0)


# ---------------------------------------------------- hidden information (ismcts)


def _private_position(seed: int) -> State:
    """A 3-player game with private hands of two, some turns in, a seat to move."""
    state = terranova.make("discovery", players=3, hand=2, hand_visibility="private")
    rng = random.Random(seed)
    bots = [make_agent("greedy", s) for s in range(3)]
    for _ in range(25):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bots[state.current_player()].select(state))
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


def _hidden_parts_differ(a: State, b: State, seat: int) -> bool:
    return any(a.view(s) != b.view(s) for s in range(a.num_seats) if s != seat)


def test_ismcts_decisions_do_not_depend_on_hidden_parts_of_the_discovery() -> None:
    state = _private_position(3)
    seat = state.current_player()
    other = state.resample(seat, random.Random(99))
    assert other.view(seat) == state.view(seat)
    assert _hidden_parts_differ(state, other, seat)
    probe = random.Random(5)
    if _hidden_parts_differ(
        state.resample(seat, probe), other.resample(seat, random.Random(5)), seat
    ):
        pytest.skip(
            "discovery's resample(seat, rng) depends on more than view(seat) and rng (the "
            "order of the stack and of other hands): it must sort the pool it redraws from"
        )
    for seed in range(3):
        mine = IsmctsAgent(seed, iterations=150)
        theirs = IsmctsAgent(seed, iterations=150)
        assert mine.select(state) == theirs.select(other)


class Card(Action):
    """A card dealt (chance) or an action of the hidden-card game."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


class HiddenCardGame(State):
    """Each seat is dealt a private card from 1..9; seat 0 then guesses ``high`` or ``low``
    for seat 1's card (more or less than 5), or ``fold``: 3 points if right, -3 if wrong,
    1 for folding. Seat 1's card is what seat 0 cannot see."""

    game_id = "hidden-card"

    def __init__(self) -> None:
        self.cards: list[int] = []
        self.guess: str | None = None

    @property
    def num_seats(self) -> int:
        return 2

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        return 0 if self.guess is None else TERMINAL

    def legal_actions(self) -> list[Action]:
        if self.current_player() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.guess is None:
            return [Card("fold"), Card("high"), Card("low")]
        return []

    def apply(self, action: Action) -> None:
        assert action in self.legal_actions()
        text = str(action)
        if self.current_player() == CHANCE:
            self.cards.append(int(text.split()[1]))
        else:
            self.guess = text

    def clone(self) -> Self:
        other = type(self)()
        other.cards = self.cards[:]
        other.guess = self.guess
        return other

    def parse_action(self, text: str) -> Action:
        return Card(text)

    def scores(self) -> list[float]:
        if self.guess is None:
            return [0.0, 0.0]
        if self.guess == "fold":
            return [1.0, 0.0]
        right = (self.cards[1] > 5) == (self.guess == "high") and self.cards[1] != 5
        return [3.0, 0.0] if right else [-3.0, 0.0]

    def returns(self) -> list[float]:
        return self.scores()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        left = [c for c in range(1, 10) if c not in self.cards]
        return [(Card(f"deal {c}"), 1.0 / len(left)) for c in left]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "cards": [c if s == seat else None for s, c in enumerate(self.cards)],
            "guess": self.guess,
        }

    def resample(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        for s in range(len(self.cards)):
            if s != seat:
                seen = [c for t, c in enumerate(self.cards) if t == seat]
                other.cards[s] = rng.choice([c for c in range(1, 10) if c not in seen])
        return other

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        if self.current_player() == CHANCE and len(self.cards) != seat:
            return "deal ?"
        return str(action)

    def history(self) -> list[Action]:
        return []

    def params(self) -> dict[str, Any]:
        return {"players": 2}


def _dealt(mine: int, theirs: int) -> HiddenCardGame:
    state = HiddenCardGame()
    state.apply(Card(f"deal {mine}"))
    state.apply(Card(f"deal {theirs}"))
    return state


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_search_bots_never_read_the_hidden_card(bot: str) -> None:
    for mine in (2, 7):
        states = [_dealt(mine, theirs) for theirs in (1, 4, 6, 9)]
        assert len({repr(s.view(0)) for s in states}) == 1
        for seed in range(4):
            picks = {make_agent(f"{bot}:iterations=60", seed).select(s) for s in states}
            assert len(picks) == 1, f"{bot} with seed {seed} read the hidden card"


def test_ismcts_folds_when_the_hidden_card_is_a_coin_flip() -> None:
    # a guess is right 4 times in 8 (3 or -3 points, 0 on average): folding (1) is better;
    # a bot peeking at the card (or keeping one determinization) would guess instead
    state = _dealt(5, 9)
    picks = [IsmctsAgent(seed, iterations=600, scale=2).select(state) for seed in range(3)]
    assert picks == [Card("fold")] * 3


# --------------------------------------------------- choices in constructed trees


class Step(Action):
    __slots__ = ("label",)

    def __init__(self, label: str) -> None:
        self.label = label

    def __str__(self) -> str:
        return self.label

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and other.label == self.label

    def __hash__(self) -> int:
        return hash(self.label)


Tree = Any
"""A leaf is a tuple of scores; ``("seat", s, {label: tree})`` is seat ``s``'s decision;
``("chance", [(label, probability, tree)])`` a chance node."""


class TreeGame(State):
    """A small game given as an explicit tree, played through the protocol."""

    game_id = "tree"

    def __init__(self, tree: Tree, seats: int) -> None:
        self.tree = tree
        self.node = tree
        self.seats = seats
        self.path: list[Action] = []

    @property
    def num_seats(self) -> int:
        return self.seats

    def current_player(self) -> int:
        node = self.node
        if isinstance(node, tuple) and node and node[0] == "seat":
            return int(node[1])
        if isinstance(node, tuple) and node and node[0] == "chance":
            return CHANCE
        return TERMINAL

    def legal_actions(self) -> list[Action]:
        actor = self.current_player()
        if actor == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if actor == TERMINAL:
            return []
        return [Step(label) for label in self.node[2]]

    def apply(self, action: Action) -> None:
        assert action in self.legal_actions()
        label = str(action)
        if self.current_player() == CHANCE:
            self.node = next(t for lab, _, t in self.node[1] if lab == label)
        else:
            self.node = self.node[2][label]
        self.path.append(action)

    def clone(self) -> Self:
        other = type(self)(self.tree, self.seats)
        other.node = self.node
        other.path = self.path[:]
        return other

    def parse_action(self, text: str) -> Action:
        return Step(text)

    def scores(self) -> list[float]:
        if self.current_player() == TERMINAL:
            return [float(x) for x in self.node]
        return [0.0] * self.seats

    def returns(self) -> list[float]:
        return self.scores()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        return [(Step(label), p) for label, p, _ in self.node[1]]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"path": [str(a) for a in self.path]}

    def resample(self, seat: int, rng: random.Random) -> Self:
        return self.clone()

    def history(self) -> list[Action]:
        return self.path[:]

    def params(self) -> dict[str, Any]:
        return {"players": self.seats}


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_each_seat_maximizes_its_own_margin(bot: str) -> None:
    # seat 0 picks a branch, then seat 1 picks the leaf best for seat 1: after L seat 1
    # takes (5, 6) (seat 0 loses by 1); after R it takes (3, 2) (seat 0 wins by 1). A search
    # that let seat 0 choose seat 1's move would go for L's (9, 0).
    tree = (
        "seat",
        0,
        {
            "L": ("seat", 1, {"a": (5, 6), "b": (9, 0)}),
            "R": ("seat", 1, {"c": (4, 1), "d": (3, 2)}),
        },
    )
    for seed in range(3):
        agent = make_agent(f"{bot}:iterations=300,scale=2", seed)
        assert agent.select(TreeGame(tree, 2)) == Step("R")


@pytest.mark.parametrize("bot", SEARCH_BOTS)
def test_chance_outcomes_count_with_their_probabilities(bot: str) -> None:
    def game(p_win: float) -> TreeGame:
        return TreeGame(
            (
                "seat",
                0,
                {
                    "safe": (2, 0),
                    "gamble": ("chance", [("win", p_win, (6, 0)), ("lose", 1 - p_win, (0, 0))]),
                },
            ),
            2,
        )

    for seed in range(3):
        # scale 10: values close to linear in the margin, so the expected score decides
        assert make_agent(f"{bot}:iterations=1000,scale=10", seed).select(game(0.6)) == Step(
            "gamble"
        )
        assert make_agent(f"{bot}:iterations=1000,scale=10", seed).select(game(0.15)) == Step(
            "safe"
        )


def test_mcts_finds_the_winning_move_of_a_three_ply_tree() -> None:
    # seat 0 moves, seat 1 answers, seat 0 again; only "b" then "y" wins whatever seat 1 does
    win, lose = (1, 0), (0, 1)
    tree = (
        "seat",
        0,
        {
            "a": ("seat", 1, {"p": ("seat", 0, {"x": win, "y": lose}), "q": lose}),
            "b": (
                "seat",
                1,
                {"p": ("seat", 0, {"x": lose, "y": win}), "q": ("seat", 0, {"x": win})},
            ),
            "c": lose,
        },
    )
    for seed in range(3):
        assert MctsAgent(seed, iterations=300, depth=-1).select(TreeGame(tree, 2)) == Step("b")


def test_a_game_may_declare_how_its_rollouts_go(monkeypatch: pytest.MonkeyPatch) -> None:
    # every leaf is worth the same, so the search's choice is not the point: who plays the
    # decisions after the tree is
    played: list[str] = []

    def first(state: State, rng: random.Random) -> Action:
        played.append(str(state.legal_actions()[0]))
        return state.legal_actions()[0]

    monkeypatch.setitem(registry._ROLLOUTS, "tree", Rollout(first, 2))
    deep = {"x": ("seat", 0, {"p": (1, 1), "q": (1, 1)}), "y": (1, 1)}
    tree = ("seat", 0, {"a": ("seat", 1, deep), "b": ("seat", 1, deep)})
    own = make_agent("mcts:iterations=20", 0)
    assert isinstance(own, MctsAgent)
    assert own.plan("tree") == (2, first)
    own.select(TreeGame(tree, 2))
    assert played and set(played) <= {"x", "p"}  # the policy's picks, never another
    played.clear()
    shallow = make_agent("mcts:iterations=20,depth=0", 0)
    assert isinstance(shallow, MctsAgent)
    assert shallow.plan("tree") == (0, first)
    shallow.select(TreeGame(tree, 2))
    assert not played
    plain = make_agent("ismcts:iterations=20,rollout=random", 0)
    assert isinstance(plain, IsmctsAgent)
    assert plain.plan("tree") == (2, None)  # the game's depth, random decisions
    plain.select(TreeGame(tree, 2))
    assert not played
    default = make_agent("mcts", 0)
    assert isinstance(default, MctsAgent)
    assert default.plan("discovery") == (0, None)  # a game that declares no rollout


def test_a_rollout_other_than_game_or_random_is_refused() -> None:
    with pytest.raises(InvalidParameterError, match="rollout is one of game, random"):
        make_agent("mcts:rollout=greedy", 0)


@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_a_search_keeps_the_moves_it_weighed(kind: str) -> None:
    state = terranova.make("discovery", players=2)
    rng = random.Random(4)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    bot = make_agent(f"{kind}:iterations=80", seed=2)
    chosen = bot.select(state)
    weighed = bot.last_choices
    assert weighed[0].action == chosen
    assert [c.visits for c in weighed] == sorted((c.visits for c in weighed), reverse=True)
    assert sum(c.visits for c in weighed) == 80
    assert all(0 <= c.value <= 1 for c in weighed)
    assert {c.action for c in weighed} <= set(state.legal_actions())
