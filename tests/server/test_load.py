"""The load benchmark's two-process run, short: two server processes on one PostgreSQL
database play games made through one and watched or played through the other, with no
error (the figures themselves are measured by hand: docs/performance.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.server.process import child_env

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


def test_the_load_benchmark_runs_on_two_processes(postgres_url: str) -> None:
    command = [sys.executable, str(BENCHMARK), "--games", "8", "--seconds", "6"]
    command += ["--bot-delay-ms", "100", "--warmup", "1"]
    command += ["--database-url", postgres_url, "--processes", "2"]
    run = subprocess.run(command, capture_output=True, text=True, env=child_env(), timeout=180)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "(2 processes)" in run.stdout
    assert "errors: none" in run.stdout
    human = next(line for line in run.stdout.splitlines() if line.startswith("human moves"))
    bots = next(line for line in run.stdout.splitlines() if line.startswith("bot moves"))
    assert not human.startswith("human moves: 0.0/s") and not bots.startswith("bot moves: 0.0/s")
