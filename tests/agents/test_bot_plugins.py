"""A bot in a package of its own (tests/example_bot, "first-legal") is found through the
``terranova.bots`` entry points once installed: the command line lists it and plays it,
and so do tournaments, in local processes and on Ray. An entry point that fails to load,
names no bot, or names a bot that exists is left out with a warning; the others still
play."""

from __future__ import annotations

import json
import warnings
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from terranova.agents import BotKind, RandomAgent, available_agents, make_agent, registry
from tests.core.test_plugins import CLI, ROOT, install, run

EXAMPLE = ROOT / "tests" / "example_bot"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The example bot installed; the environment that sees it."""
    return install(EXAMPLE, tmp_path_factory.mktemp("bot-plugin"))


def test_nothing_in_terranova_names_the_example_bot() -> None:
    assert "first-legal" not in available_agents()
    hits = [
        p for p in (ROOT / "src").rglob("*") if p.is_file() and b"first-legal" in p.read_bytes()
    ]
    assert hits == []


def test_the_command_line_lists_and_plays_an_installed_bot(installed: dict[str, str]) -> None:
    listed = run(installed, "-c", CLI, "bots")
    assert listed.returncode == 0, listed.stderr
    assert "first-legal" in listed.stdout and "last" in listed.stdout
    for spec in ("first-legal", "first-legal:last=true"):
        played = run(
            installed, "-c", CLI, "simulate", "evolution-explore", "--bots", f"{spec},random",
            "--games", "4", "--seed", "1", "--json",
        )  # fmt: skip
        assert played.returncode == 0, played.stderr
        assert json.loads(played.stdout)["games"] == 4
    typo = run(installed, "-c", CLI, "simulate", "discovery", "--bots", "first-legal:lats=1,random")
    assert typo.returncode != 0
    assert "no parameter 'lats'; known: last" in typo.stdout + typo.stderr


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_a_tournament_plays_an_installed_bot(
    installed: dict[str, str], tmp_path: Path, backend: str
) -> None:
    if backend == "ray":
        pytest.importorskip("ray")
    out = tmp_path / backend
    done = run(
        installed, "-c", CLI, "tournament", "evolution-explore", "--bots", "first-legal,random",
        "--games", "4", "--seed", "2", "--workers", "2", "--backend", backend,
        "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["games"] == 4, results
    assert {"first-legal", "random"} <= set(json.dumps(results).split('"'))


def plays_badly(seed: int, name: str = "greedy") -> RandomAgent:
    return RandomAgent(seed, name)


GREEDY_AGAIN = BotKind("greedy", plays_badly, "a second greedy")
ANOTHER = BotKind("another-example", plays_badly, "a bot of an entry point that works")


def test_a_bad_entry_point_is_left_out_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    here = "tests.agents.test_bot_plugins"
    points = [
        EntryPoint("missing", "terranova_no_such_package:BOT", registry.ENTRY_POINT_GROUP),
        EntryPoint("not-a-bot", f"{here}:plays_badly", registry.ENTRY_POINT_GROUP),
        EntryPoint("greedy-again", f"{here}:GREEDY_AGAIN", registry.ENTRY_POINT_GROUP),
        EntryPoint("works", f"{here}:ANOTHER", registry.ENTRY_POINT_GROUP),
    ]
    monkeypatch.setattr(registry, "entry_points", lambda group: points)
    monkeypatch.setattr(registry, "_LOOKED_AT", set(registry._LOOKED_AT))
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        names = available_agents()
    said = sorted(str(w.message) for w in caught)
    assert len(said) == 3, said
    assert "'missing' (terranova_no_such_package:BOT) are left out: No module named" in said[1]
    assert "'not-a-bot'" in said[2] and "names function, not a BotKind" in said[2]
    assert said[0] == "the bot plugin 'greedy-again' declares a bot 'greedy' again: left out"
    assert "another-example" in names
    assert make_agent("greedy", 1).__class__.__name__ == "GreedyAgent"
