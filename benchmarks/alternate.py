"""Run a benchmark's worker on this tree's code and on an older commit's, alternately.

The older commit is checked out in a temporary git worktree; each run is a fresh
interpreter with that tree's ``src`` first on the import path, so both sides run the same
benchmark loop (the script's own, from this tree) on their own code.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def git(*args: str) -> str:
    """The output of a git command in this repository, stripped."""
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip()


def describe(commit: str) -> str:
    """``old = <sha>, new = <sha>[ + changes]`` for a comparison's heading."""
    old, new = git("rev-parse", "--short", commit), git("rev-parse", "--short", "HEAD")
    dirty = " + changes" if git("status", "--porcelain", "src") else ""
    return f"old = {old}, new = {new}{dirty}"


@contextmanager
def sides(commit: str) -> Iterator[dict[str, Path]]:
    """``{"old": <the commit's src>, "new": <this tree's src>}``, the old one in a
    temporary worktree removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="terranova-old-") as tmp:
        old_tree = Path(tmp) / "old"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(old_tree), commit],
            cwd=ROOT,
            check=True,
        )
        try:
            yield {"old": old_tree / "src", "new": ROOT / "src"}
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(old_tree)], cwd=ROOT, check=False
            )


def order(round_index: int) -> tuple[str, str]:
    """Which side runs first in a round: old first in even rounds, new first in odd ones."""
    return ("old", "new") if round_index % 2 == 0 else ("new", "old")


def run_worker(script: str, src: Path, arguments: list[str]) -> dict[str, float]:
    """Run ``script --worker ARGUMENTS`` with ``src`` first on the import path; returns the
    JSON object its last line prints."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, script, "--worker", *arguments]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result
