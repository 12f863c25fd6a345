"""The ``terranova`` command, through Typer's CliRunner."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from terranova.cli import app
from terranova.core.records import read, replay
from terranova.core.registry import game_info, games, make

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # default record paths land in a scratch directory
    monkeypatch.setenv("COLUMNS", "160")


def test_no_command_shows_help() -> None:
    result = run()
    assert "simulate" in result.output
    assert "replay" in result.output


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("terranova ")


def test_games_table_and_json() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "discovery" in result.stdout
    assert "The Discovery" in result.stdout
    assert "equal_turns" in result.stdout
    data = json.loads(run("games", "--json").stdout)
    ids = [g["id"] for g in data]
    assert "discovery" in ids
    discovery = data[ids.index("discovery")]
    assert discovery["seats"] == {"min": 2, "max": 5, "default": 2}
    assert set(discovery["variants"]) >= {"hand", "hand_visibility", "equal_turns"}
    # the research interfaces' encodings, which their `encoding` parameter names
    assert discovery["encodings"] == ["standard", "compact"]
    assert data[ids.index("entdecker")]["encodings"] == ["standard"]
    assert "encodings: standard, compact" in " ".join(result.stdout.split())


@pytest.mark.parametrize("width", [80, 60])
def test_games_never_cuts_the_ids_people_type(width: int) -> None:
    # In an 80-column terminal the table once showed "evolution-bl…": every game id and
    # variant name must stand whole in its cell, on one line.
    result = runner.invoke(app, ["games"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    lines = ANSI.sub("", result.stdout).splitlines()
    assert max(len(line) for line in lines if line.startswith(("┃", "│", "┏", "└"))) <= width
    for info in games().values():
        names = [info.id, *info.variants]
        for name in names:
            cell = re.compile(rf"^│ {re.escape(name)} +│")
            assert any(cell.match(line) for line in lines), (name, result.stdout)


def test_bots_lists_the_bots() -> None:
    result = run("bots")
    assert result.exit_code == 0
    assert "greedy" in result.stdout
    assert "random" in result.stdout
    assert "epsilon" in result.stdout


# ------------------------------------------------------------------------- play


def test_play_saves_a_record_that_replays() -> None:
    result = run("play", "discovery", "--players", "3", "--bots", "greedy,greedy", "--seed", "7")
    assert result.exit_code == 0, result.output
    path = Path("games/discovery-7.json")
    assert f"Record saved to {path}" in result.stdout
    record = read(path)
    assert [s.name for s in record.seats] == ["greedy", "greedy", "random"]
    assert record.seed == 7
    assert record.result is not None
    replay(record)
    assert "Final scores" in result.stdout
    assert "winner" in result.stdout.lower()
    for score in record.result["scores"]:
        assert str(score) in result.stdout


def test_play_is_deterministic_and_honours_save_and_variants() -> None:
    args = ["play", "discovery", "--bots", "greedy,random", "--seed", "3", "--variant", "hand=2"]
    first = run(*args, "--save", "a/one.json")
    second = run(*args, "--save", "b/two.json")
    assert first.exit_code == second.exit_code == 0, first.output
    assert Path("a/one.json").read_bytes() == Path("b/two.json").read_bytes()
    record = read("a/one.json")
    assert record.params["hand"] == 2
    assert len(record.seats) == 2


def test_play_shows_the_automaton_as_such() -> None:
    args = ["play", "evolution-explore", "--players", "3", "--variant", "automata=1"]
    result = run(*args, "--bots", "greedy,random", "--seed", "4")
    assert result.exit_code == 0, result.output
    record = read("games/evolution-explore-4.json")
    assert [(s.name, s.kind) for s in record.seats] == [
        ("greedy", "bot"),
        ("random", "bot"),
        ("automaton", "automaton"),
    ]
    replay(record)
    rows = [line for line in result.stdout.splitlines() if re.match(r"\W+2 ", line)]
    assert rows and "automaton" in rows[0] and "random" not in rows[0], rows
    # a bot named for the automaton's seat is refused rather than silently left out
    refused = run(*args, "--bots", "greedy,random,greedy")
    assert refused.exit_code == 2, refused.output
    assert "seat 2 is played by the automaton (automata=1)" in refused.stderr


def test_play_without_a_seed_picks_one_and_says_which() -> None:
    result = run("play", "discovery", "--bots", "random,random")
    assert result.exit_code == 0, result.output
    seed = int(re.search(r"seed (\d+)", result.stdout).group(1))  # type: ignore[union-attr]
    assert Path(f"games/discovery-{seed}.json").is_file()


def test_play_prints_the_final_map() -> None:
    info = game_info("discovery")
    assert info.renderer is not None
    renderer = importlib.import_module(info.renderer)
    result = run("play", "discovery", "--bots", "greedy,random", "--seed", "11")
    assert result.exit_code == 0, result.output
    state = replay(read("games/discovery-11.json"))
    text = ANSI.sub("", renderer.render_text(state)).strip()
    assert text
    assert text in ANSI.sub("", result.stdout)


# --------------------------------------------------------------------- simulate


@pytest.mark.parametrize(
    ("players", "bots", "variants"),
    [
        (2, "greedy,random", []),
        (3, "greedy", ["--variant", "hand=2"]),
        (4, "greedy,random,random,random", ["-V", "hand=2", "-V", "hand_visibility=private"]),
        (5, "random", ["--variant", "equal_turns=exact"]),
    ],
)
def test_simulate_json(players: int, bots: str, variants: list[str]) -> None:
    games = 5
    result = run(
        "simulate", "discovery", "--players", str(players), "--games", str(games),
        "--bots", bots, "--seed", "1", "--json", *variants,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # nothing else on stdout
    assert data["games"] == games
    assert data["players"] == players
    assert data["seed"] == 1
    assert len(data["bots"]) == len(data["seats"]) == players
    specs = bots.split(",")
    assert [b["spec"] for b in data["bots"]] == specs + ["random"] * (players - len(specs))
    for row in data["bots"] + data["seats"]:
        assert row["games"] == games
        assert row["wins"] >= row["win_share"]
    assert sum(b["win_share"] for b in data["bots"]) == pytest.approx(games)
    assert sum(b["wins"] for b in data["bots"]) >= games
    for pair in zip(variants[::2], variants[1::2], strict=True):
        name, value = pair[1].split("=")
        assert str(data["params"][name]) == value


def test_simulate_is_reproducible() -> None:
    def once() -> dict[str, object]:
        result = run("simulate", "discovery", "--games", "4", "--bots", "greedy,random", "-s", "5",
                     "--json")  # fmt: skip
        data: dict[str, object] = json.loads(result.stdout)
        del data["seconds"]
        return data

    assert once() == once()


def test_simulate_table_and_saved_records(tmp_path: Path) -> None:
    out = tmp_path / "records"
    result = run(
        "simulate", "discovery", "--players", "3", "--games", "3", "--bots", "greedy,random",
        "--seed", "2", "--save-records", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Per bot" in result.stdout
    assert "Per seat" in result.stdout
    assert "greedy" in result.stdout
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    for file in files:
        assert replay(read(file)).is_terminal()


# ----------------------------------------------------------------------- replay


@pytest.fixture
def record_path() -> Path:
    result = run("play", "discovery", "--players", "3", "--seed", "4", "--save", "game.json")
    assert result.exit_code == 0, result.output
    return Path("game.json")


def test_replay_checks_and_shows_every_turn(record_path: Path) -> None:
    result = run("replay", str(record_path))
    assert result.exit_code == 0, result.output
    assert "Record OK" in result.stdout
    assert "Scores after every turn" in result.stdout
    record = read(record_path)
    assert record.result is not None
    last = record.turns[-1]
    assert re.search(rf"\b{last.turn}\b.*\b{last.ply}\b", result.stdout)


def test_replay_refuses_a_tampered_record(record_path: Path) -> None:
    data = json.loads(record_path.read_text())
    data["result"]["scores"][0] += 1
    record_path.write_text(json.dumps(data))
    result = run("replay", str(record_path))
    assert result.exit_code == 1
    assert "error" in result.stderr
    assert "result" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content", ["{not json", '{"format": "other"}', "[]"])
def test_replay_refuses_a_malformed_record(content: str) -> None:
    Path("bad.json").write_text(content)
    result = run("replay", "bad.json")
    assert result.exit_code == 1
    assert result.stderr.startswith("error:")
    assert result.stdout == ""


def test_replay_of_a_missing_file() -> None:
    result = run("replay", "nowhere.json")
    assert result.exit_code == 1
    assert "nowhere.json" in result.stderr


# ----------------------------------------------------------------------- render


def test_render_tiles_of_a_game() -> None:
    result = run("render", "discovery", "--tiles", "--out", "tiles.svg")
    assert result.exit_code == 0, result.output
    svg = Path("tiles.svg").read_text()
    assert "<svg" in svg


def test_render_a_record_at_a_turn(record_path: Path) -> None:
    result = run("render", str(record_path), "--out", "map.svg", "--turn", "5")
    assert result.exit_code == 0, result.output
    early = Path("map.svg").read_text()
    assert "<svg" in early
    assert run("render", str(record_path), "--out", "end.svg").exit_code == 0
    assert Path("end.svg").read_text() != early


def test_render_text(record_path: Path) -> None:
    info = game_info("discovery")
    assert info.renderer is not None
    renderer = importlib.import_module(info.renderer)
    record = read(record_path)
    result = run("render", str(record_path), "--turn", "6")
    assert result.exit_code == 0, result.output
    state = replay(record, upto=record.turns[5].ply)
    assert ANSI.sub("", result.stdout).strip() == ANSI.sub("", renderer.render_text(state)).strip()
    fresh = run("render", "discovery", "--variant", "hand=2")
    assert fresh.exit_code == 0, fresh.output
    expected = renderer.render_text(make("discovery", hand=2))
    assert ANSI.sub("", fresh.stdout).strip() == ANSI.sub("", expected).strip()


# ----------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "chess"], "no game 'chess'"),
        (["simulate", "chess", "--games", "1"], "no game"),
        (["play", "discovery", "--bots", "greedy,deepblue"], "no bot 'deepblue'"),
        (["play", "discovery", "--bots", "greedy:depth=3"], "no parameter 'depth'"),
        (["play", "discovery", "--bots", "greedy:epsilon=x"], "epsilon"),
        (["play", "discovery", "--bots", "greedy,,random"], "empty entry"),
        (["play", "discovery", "--players", "9"], "2 to 5 players"),
        (["play", "discovery", "--players", "2", "--bots", "random,random,random"], "3 bots"),
        (["play", "discovery", "--variant", "hand=3"], "hand"),
        (["play", "discovery", "--variant", "colour=red"], "no parameter 'colour'"),
        (["play", "discovery", "--variant", "hand"], "NAME=VALUE"),
        (["play", "discovery", "--variant", "players=3"], "--players"),
        (["play", "discovery", "--variant", "tileset=missing.toml"], "missing.toml"),
        (["simulate", "discovery", "--games", "2", "--variant", "equal_turns=maybe"], "equal"),
        (["simulate", "discovery", "--games", "2", "--bots", "alphazero"], "no bot 'alphazero'"),
        (
            ["play", "discovery", "--bots", "greedy,memory"],
            "bot 'memory' plays only evolution-bluff, not 'discovery'",
        ),
        (
            ["simulate", "evolution", "--games", "2", "--bots", "memory:recall=1,greedy"],
            "bot 'memory' plays only evolution-bluff, not 'evolution-explore'",
        ),
        (
            ["tournament", "discovery", "--games", "2", "--bots", "memory,greedy"],
            "bot 'memory' plays only evolution-bluff, not 'discovery'",
        ),
        (["render", "chess"], "no game 'chess'"),
        (["render", "discovery", "--turn", "3"], "--turn"),
        (["render", "missing.json"], "missing.json"),
    ],
)
def test_errors_exit_2_with_one_line(args: list[str], words: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error:")
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert not Path("games").exists()  # nothing was played


def test_render_errors_on_a_record(record_path: Path) -> None:
    for args in (["--turn", "9999"], ["--variant", "hand=2"]):
        result = run("render", str(record_path), *args)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("error:")
    Path("broken.json").write_text("{")
    result = run("render", "broken.json")
    assert result.exit_code == 2
    assert "not valid JSON" in result.stderr


def test_render_takes_a_game_alias(tmp_path: Path) -> None:
    """``evolution`` names ``evolution-explore``, whose deck both evolution games share."""
    out = tmp_path / "deck.svg"
    result = runner.invoke(app, ["render", "evolution", "--deck", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Discovery: Explore" in result.output and "<svg" in out.read_text()


def test_python_dash_m_runs_the_command() -> None:
    import subprocess
    import sys

    from tests.server.process import child_env

    done = subprocess.run(
        [sys.executable, "-m", "terranova.cli", "games"],
        capture_output=True,
        text=True,
        timeout=120,
        env=child_env(),
    )
    assert done.returncode == 0, done.stderr
    assert "discovery" in done.stdout
