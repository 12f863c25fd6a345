"""A game in a package of its own (tests/example_game, "high card") is found through the
``terranova.games`` entry points once installed: it passes the conformance suite, the
command line lists it and the web lobby's catalog offers it; nothing in Terranova names it.
A package that fails to load is left out with a warning, and the other games still play."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "example_game"
CLI = "import sys; from terranova.cli import app; app(sys.argv[1:], prog_name='terranova')"


def install(package: Path, work: Path) -> dict[str, str]:
    """``package`` (a folder with its pyproject.toml) installed by pip into a folder of its
    own under ``work``; the environment that sees it."""
    source = work / "source"
    shutil.copytree(package, source)
    target = work / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(target), str(ROOT / "src"), str(ROOT)])
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The example game installed; the environment that sees it."""
    return install(EXAMPLE, tmp_path_factory.mktemp("plugin"))


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_nothing_in_terranova_names_the_example_game() -> None:
    import terranova

    assert "high-card" not in terranova.games()
    hits = [p for p in (ROOT / "src").rglob("*") if p.is_file() and b"high-card" in p.read_bytes()]
    assert hits == []


def test_an_installed_game_is_registered_and_listed(installed: dict[str, str]) -> None:
    done = run(installed, "-c", "import terranova; print(sorted(terranova.games()))")
    assert done.returncode == 0, done.stderr
    assert "'high-card'" in done.stdout and "'discovery'" in done.stdout
    listed = run(installed, "-c", CLI, "games")
    assert listed.returncode == 0, listed.stderr
    assert "high-card" in listed.stdout
    played = run(installed, "-c", CLI, "simulate", "high-card", "--games", "20", "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["games"] == 20


def test_an_installed_game_brings_its_own_bots(installed: dict[str, str]) -> None:
    script = (
        "import terranova\n"
        "from terranova.agents import available_agents, greedy_policy\n"
        "print(available_agents('high-card'))\n"
        "print(available_agents('discovery'))\n"
        "print(greedy_policy('high-card').__module__)\n"
    )
    done = run(installed, "-c", script)
    assert done.returncode == 0, done.stderr
    for_it, for_others, policy = done.stdout.strip().splitlines()
    assert "'threshold'" in for_it and "'threshold'" not in for_others
    assert policy == "terranova_example.bots"
    played = run(
        installed,
        "-c",
        CLI,
        "simulate",
        "high-card",
        "--bots",
        "threshold:keep=5,greedy",
        "--games",
        "10",
        "--json",
    )
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["games"] == 10
    refused = run(installed, "-c", CLI, "simulate", "discovery", "--bots", "threshold,random")
    assert refused.returncode != 0
    assert "plays only high-card" in refused.stderr + refused.stdout


def test_an_installed_game_passes_the_conformance_suite(
    installed: dict[str, str], tmp_path: Path
) -> None:
    report = tmp_path / "conformance.xml"
    done = run(
        installed,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        f"--junitxml={report}",
        "tests/conformance/test_protocol.py",
        "-k",
        "high-card",
    )
    assert done.returncode == 0, done.stdout[-3000:]
    suite = ElementTree.parse(report).getroot().find("testsuite")
    assert suite is not None
    ran = int(suite.get("tests", 0)) - int(suite.get("skipped", 0))
    assert ran >= 10 and suite.get("failures") == "0" and suite.get("errors") == "0"


def test_an_installed_game_appears_in_the_lobby(installed: dict[str, str]) -> None:
    script = (
        "from fastapi.testclient import TestClient\n"
        "from terranova.server import Settings, create_app\n"
        "import sys, tempfile, os\n"
        "url = 'sqlite:///' + os.path.join(tempfile.mkdtemp(), 'db.sqlite')\n"
        "with TestClient(create_app(Settings(database_url=url))) as client:\n"
        "    games = client.get('/api/catalog').json()['games']\n"
        "    print([g['id'] for g in games])\n"
        "    body = {'game': 'high-card', 'seats': [{'kind': 'human'}, {'kind': 'bot', "
        "'bot': 'greedy'}], 'bot_delay_ms': 0}\n"
        "    created = client.post('/api/games', json=body)\n"
        "    print(created.status_code)\n"
        "    summary = client.get('/api/games/' + created.json()['game_id']).json()\n"
        "    described = next(g for g in games if g['id'] == 'high-card')\n"
        "    board = client.get('/static/games/high-card/board.js').status_code\n"
        "    print(described['board'], summary['board'], board)\n"
    )
    done = run(installed, "-c", script)
    assert done.returncode == 0, done.stderr[-3000:]
    ids, status, board = done.stdout.strip().splitlines()[-3:]
    assert "'high-card'" in ids
    assert status == "200"
    # no board of its own: the play page shows the generic board
    assert board == "None None 404"


def test_a_package_that_fails_to_load_is_left_out(tmp_path: Path) -> None:
    broken = tmp_path / "broken_game-0.1.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (broken / "entry_points.txt").write_text(
        "[terranova.games]\nbroken = no_such_module_anywhere:INFO\n"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(ROOT / "src")])
    done = run(env, "-c", "import terranova; print(sorted(terranova.games()))")
    assert done.returncode == 0, done.stderr
    assert "'discovery'" in done.stdout
    assert "game package broken (no_such_module_anywhere:INFO) is left out" in done.stderr
