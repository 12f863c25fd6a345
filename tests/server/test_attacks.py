"""The attack benchmark, short: a WebSocket churn from 127.0.0.2 while a victim plays from
127.0.0.1 prints its table (the figures themselves are measured by hand: the script's
doc)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.server.process import child_env

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "web_attacks.py"


def test_the_attack_benchmark_runs_and_prints_its_table() -> None:
    command = [sys.executable, str(BENCHMARK), "--attack", "churn", "--no-baseline"]
    command += ["--seconds", "2", "--games", "6", "--loops", "2", "--json"]
    run = subprocess.run(command, capture_output=True, text=True, env=child_env(), timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert any(line.startswith("attack ") and "victim p50/p90/p99 ms" in line for line in lines)
    assert any(line.startswith("churn ") for line in lines)
    results = json.loads(run.stdout[run.stdout.index("\n[") :])
    assert [r["attack"] for r in results] == ["churn"]
    assert results[0]["counts"]["games created"] == 6
    assert results[0]["counts"]["connect accepted"] > 0
    assert results[0]["victim_moves"] > 0 and results[0]["rss_mb"]["peak"] > 0
