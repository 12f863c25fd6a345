"""The examples of docs/interop.md run (short versions: the docs give the full runs)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def run_script(path: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``path`` (an example or a benchmark) from the repository's root."""
    return subprocess.run(
        [sys.executable, path, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


def test_the_training_example_runs_and_draws_its_curve(tmp_path: Path) -> None:
    out = tmp_path / "curve.png"
    short = ["--episodes", "20", "--every", "10", "--eval", "4"]
    done = run_script("examples/train_seat.py", "evolution-explore", *short, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "episode 20: mean return" in done.stdout
    assert out.read_bytes().startswith(b"\x89PNG")


def test_the_alphazero_example_runs_and_draws_its_curve(tmp_path: Path) -> None:
    out = tmp_path / "curve.png"
    short = ["--generations", "1", "--games", "2", "--iterations", "8", "--eval", "2"]
    done = run_script(
        "examples/alphazero.py", "evolution-explore", *short, "--opponent", "random",
        "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "generation 1: score" in done.stdout and "examples" in done.stdout
    assert out.read_bytes().startswith(b"\x89PNG")


def benchmark(*args: str, script: str = "interop_speed.py") -> subprocess.CompletedProcess[str]:
    return run_script(f"benchmarks/{script}", *args)


def test_the_speed_benchmark_runs() -> None:
    done = benchmark("evolution-explore", "--rounds", "1", "--seconds", "0.2")
    assert done.returncode == 0, done.stderr
    assert "of native" in done.stdout


def test_the_speed_benchmark_runs_each_encoding_named_and_refuses_an_unknown_one() -> None:
    done = benchmark(
        "discovery", "--rounds", "1", "--seconds", "0.1", "--encodings", "standard,compact"
    )
    assert done.returncode == 0, done.stderr
    assert "pettingzoo/compact" in done.stdout
    assert "  pettingzoo " in done.stdout
    wrong = benchmark("discovery", "--encodings", "compac")
    assert wrong.returncode == 2
    assert "no encoding 'compac'; it has: standard, compact" in wrong.stderr


def run_snippets(info: str) -> tuple[int, dict[str, object]]:
    """Run docs/interop.md's code blocks fenced ```` ```{info} ````, in order (a later one may
    use what an earlier one made): how many there were, and the names they made."""
    import re

    text = (ROOT / "docs" / "interop.md").read_text()
    blocks = re.findall(rf"```{re.escape(info)}\n(.*?)```", text, re.S)
    names: dict[str, object] = {}
    for block in blocks:
        exec(block, names)
    return len(blocks), names


@pytest.mark.native  # the page's snippets play on the native engines too
def test_the_snippets_of_the_docs_run_as_written() -> None:
    blocks, _names = run_snippets("python")
    assert blocks >= 4


def shares(stdout: str, first: str) -> dict[str, dict[str, float]]:
    """A peer benchmark's lines that start with ``first``: each game's share of direct
    play by side (the figure after each ``<side> <rate>/s``)."""
    out = {}
    for line in stdout.splitlines():
        if line.startswith(first):
            words = line.split()
            out[words[0]] = {
                words[i - 1]: float(words[i + 1])
                for i, word in enumerate(words)
                if word.endswith("/s")
            }
    return out


def test_the_peer_benchmark_measures_openspiels_own_python_games_each_way() -> None:
    done = benchmark("--rounds", "1", "--seconds", "0.05", script="openspiel_peer.py")
    assert done.returncode == 0, done.stderr
    found = shares(done.stdout, "python_")
    assert list(found) == [
        "python_tic_tac_toe",
        "python_kuhn_poker",
        "python_liars_poker",
        "python_block_dominoes",
    ]
    for game, by_side in found.items():
        assert list(by_side) == ["direct", "pyspiel", "pyspiel+tensor"], game
        assert by_side["direct"] == 1.0
        assert all(share > 0 for share in by_side.values()), game


def test_the_pettingzoo_peer_benchmark_plays_chess_and_tic_tac_toe_both_ways() -> None:
    done = benchmark("--rounds", "1", "--seconds", "0.05", script="pettingzoo_peer.py")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if "of direct" in line]
    assert [line.split()[0] for line in lines] == ["chess", "tic-tac-toe"]
    for line in lines:  # both ways played some decisions
        assert 0 < float(line.split()[-3]) < 1, line


def test_the_breakdown_benchmark_times_each_part_and_refuses_an_unknown_game() -> None:
    done = benchmark(
        "evolution-bluff", "--games", "2", "--warm-up", "0", script="interop_breakdown.py"
    )
    assert done.returncode == 0, done.stderr
    for part in ("rules: apply", "numbering: legal actions", "numbering: chance outcomes"):
        assert part in done.stdout
    assert "tensor:" not in done.stdout
    with_tensor = benchmark(
        "discovery",
        "--games",
        "1",
        "--warm-up",
        "0",
        "--tensor",
        "--encoding",
        "compact",
        script="interop_breakdown.py",
    )
    assert with_tensor.returncode == 0, with_tensor.stderr
    assert with_tensor.stdout.startswith("discovery/compact: ")
    for part in ("tensor: the seat's view", "tensor: fill", "rules: apply"):
        assert part in with_tensor.stdout
    refused = benchmark("blufff", script="interop_breakdown.py")
    assert refused.returncode == 2
    assert "no game 'blufff'" in refused.stderr
