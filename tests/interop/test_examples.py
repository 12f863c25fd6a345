"""The examples of docs/interop.md run (short versions: the docs give the full runs)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_the_training_example_runs_and_draws_its_curve(tmp_path: Path) -> None:
    out = tmp_path / "curve.png"
    done = subprocess.run(
        [
            sys.executable,
            "examples/train_seat.py",
            "evolution-explore",
            "--episodes",
            "20",
            "--every",
            "10",
            "--eval",
            "4",
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "episode 20: mean return" in done.stdout
    assert out.read_bytes().startswith(b"\x89PNG")


def test_the_speed_benchmark_runs() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "benchmarks/interop_speed.py",
            "evolution-explore",
            "--rounds",
            "1",
            "--seconds",
            "0.2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 0, done.stderr
    assert "of native" in done.stdout


def test_the_snippets_of_the_docs_run_as_written() -> None:
    import re

    text = (ROOT / "docs" / "interop.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 4
    names: dict[str, object] = {}
    for block in blocks:  # in order: a later one may use what an earlier one made
        exec(block, names)
