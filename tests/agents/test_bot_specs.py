"""Bot specs (``name`` or ``name:key=value,...``) and the bot registry."""

from __future__ import annotations

import pytest

from terranova.agents import (
    BotKind,
    BotParam,
    GreedyAgent,
    RandomAgent,
    agent_kinds,
    available_agents,
    check_agent,
    make_agent,
    parse_spec,
    split_specs,
)
from terranova.core import InvalidParameterError, TerranovaError


def test_check_agent_refuses_a_bot_for_another_game() -> None:
    check_agent("greedy:epsilon=0.1", "discovery")
    check_agent("memory:recall=1", "evolution-bluff")
    refusal = "bot 'memory' plays only evolution-bluff, not 'discovery'"
    with pytest.raises(InvalidParameterError, match=refusal):
        check_agent("memory:recall=1", "discovery")
    with pytest.raises(InvalidParameterError, match="no bot 'deep'"):
        check_agent("deep", "discovery")
    with pytest.raises(InvalidParameterError, match="no parameter 'depth'"):
        check_agent("memory:depth=1", "evolution-bluff")


def test_available_agents() -> None:
    names = available_agents()
    assert {"random", "greedy"} <= set(names)
    assert names == sorted(names)
    assert set(agent_kinds()) == set(names)
    for name, kind in agent_kinds().items():
        assert isinstance(kind, BotKind)
        assert kind.name == name
        assert kind.description


@pytest.mark.parametrize(
    ("spec", "name", "params"),
    [
        ("random", "random", {}),
        ("greedy:", "greedy", {}),
        ("mcts:iterations=400", "mcts", {"iterations": "400"}),
        (" mcts : iterations = 400 , c=1.4 ", "mcts", {"iterations": "400", "c": "1.4"}),
        ("x:path=a=b", "x", {"path": "a=b"}),
    ],
)
def test_parse_spec(spec: str, name: str, params: dict[str, str]) -> None:
    assert parse_spec(spec) == (name, params)


@pytest.mark.parametrize("spec", ["", ":a=1", "greedy:epsilon", "greedy:=1", "g:a=1,a=2", "g:a=1,"])
def test_parse_spec_refuses(spec: str) -> None:
    with pytest.raises(InvalidParameterError):
        parse_spec(spec)


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("greedy", ["greedy"]),
        ("greedy,random,random", ["greedy", "random", "random"]),
        ("greedy:epsilon=0.1,random", ["greedy:epsilon=0.1", "random"]),
        ("mcts:iterations=400,c=1.4,greedy", ["mcts:iterations=400,c=1.4", "greedy"]),
        (" a:x=1 , y=2 , b:z=3 ", ["a:x=1,y=2", "b:z=3"]),
        ("a:path=c:/x,b", ["a:path=c:/x", "b"]),
    ],
)
def test_split_specs(text: str, specs: list[str]) -> None:
    assert split_specs(text) == specs


@pytest.mark.parametrize("text", ["", "greedy,,random", "greedy,", ",greedy"])
def test_split_specs_refuses_empty_entries(text: str) -> None:
    with pytest.raises(InvalidParameterError):
        split_specs(text)


def test_make_agent_builds_the_named_bot_with_its_parameters() -> None:
    random_bot = make_agent("random", seed=4)
    assert isinstance(random_bot, RandomAgent)
    assert random_bot.seed == 4
    greedy = make_agent("greedy:epsilon=0.25", seed=5)
    assert isinstance(greedy, GreedyAgent)
    assert greedy.epsilon == 0.25
    assert greedy.seed == 5
    assert greedy.name == "greedy:epsilon=0.25"
    assert make_agent("  greedy  ", seed=0).name == "greedy"


def test_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(InvalidParameterError) as info:
        make_agent("alphago", 0)
    message = str(info.value)
    assert "alphago" in message
    for name in available_agents():
        assert name in message
    assert isinstance(info.value, TerranovaError)


def test_unknown_parameter_names_the_known_ones() -> None:
    with pytest.raises(InvalidParameterError, match=r"'depth'.*known: epsilon"):
        make_agent("greedy:depth=2", 0)
    with pytest.raises(InvalidParameterError, match=r"'epsilon'.*known: none"):
        make_agent("random:epsilon=0.1", 0)


@pytest.mark.parametrize("spec", ["greedy:epsilon=lots", "greedy:epsilon=1.5", "greedy:epsilon=-1"])
def test_bad_parameter_values(spec: str) -> None:
    with pytest.raises(InvalidParameterError):
        make_agent(spec, 0)


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        (int, "400", 400),
        (float, "1.5", 1.5),
        (str, "abc", "abc"),
        (bool, "yes", True),
        (bool, "off", False),
    ],
)
def test_bot_param_coercion(kind: type, text: str, value: object) -> None:
    assert BotParam("p", kind, value, "a parameter").coerce("bot", text) == value


@pytest.mark.parametrize(("kind", "text"), [(int, "4.5"), (float, "x"), (bool, "maybe")])
def test_bot_param_coercion_refuses(kind: type, text: str) -> None:
    with pytest.raises(InvalidParameterError, match="takes a"):
        BotParam("p", kind, 0, "a parameter").coerce("bot", text)


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:seconds=inf",
        "mcts:seconds=nan",
        "mcts:seconds=-0.5",
        "mcts:iterations=-1",
        "ismcts:iterations=99999999999999999999",
        "mcts:c=-1",
        "mcts:depth=-2",
        "greedy:epsilon=1.5",
        "memory:recall=nan",
    ],
)
def test_values_out_of_range_are_refused_everywhere(spec: str) -> None:
    with pytest.raises(InvalidParameterError):
        make_agent(spec, 0)


def test_the_command_line_keeps_large_budgets_a_server_refuses() -> None:
    from terranova.agents import BotLimits, check_agent

    check_agent("mcts:iterations=1000000000", "discovery")
    check_agent("mcts:seconds=3600", "discovery")
    web = BotLimits(max_seconds=5, max_iterations=20_000)
    for spec in ("mcts:iterations=1000000000", "mcts:seconds=3600"):
        with pytest.raises(InvalidParameterError, match="over this server's limit"):
            check_agent(spec, "discovery", web)
    check_agent("mcts:iterations=20000,seconds=5", "discovery", web)


def test_a_server_caps_a_search_by_time_and_tree_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever its spec, a limited search stops at its node cap or its hard seconds."""
    import terranova
    from terranova.agents import SearchAgent
    from terranova.core.state import CHANCE
    from tests.agents.ticking import ticking

    state = terranova.make("discovery", players=2)
    while state.current_player() == CHANCE:
        state.apply(state.legal_actions()[0])
    for kind in ("mcts", "ismcts"):
        bot = make_agent(f"{kind}:seconds=600", 1)
        assert isinstance(bot, SearchAgent)
        bot.limit(600, 500)
        ticking(monkeypatch, 0.01, most=10_000)  # its 600 s would take 60,000 readings
        assert bot.select(state) in state.legal_actions()
        assert 500 <= bot.last_nodes < 520, (kind, bot.last_nodes)
        bot = make_agent(f"{kind}:iterations=100000000", 1)
        assert isinstance(bot, SearchAgent)
        bot.limit(0.3, 1 << 40)
        ticking(monkeypatch, 0.01, most=1000)  # 10 ms at each reading: 0.3 s in 30
        bot.select(state)
        assert 0 < bot.last_iterations <= 30, (kind, bot.last_iterations)
