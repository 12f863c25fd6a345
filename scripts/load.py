"""Run a command while every core is kept busy: the suite's timing-sensitive tests must
pass on a loaded machine too (a CI machine shared with other jobs), so `.ci/run` runs them
once this way (`make test-load`).

    python scripts/load.py [--workers N] -- COMMAND...

Starts N processes (default: one a core) that each spin on arithmetic at the tests' own
priority (they compete as equals), runs COMMAND, stops the load whatever COMMAND's
result, and exits with COMMAND's status. Says on stderr how many processes it started and
how long COMMAND took.
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.synchronize
import os
import subprocess
import sys
import time

FACTOR = 3
"""How much longer a test may run under the load (tests/server/conftest.py reads it)."""


def spin(stop: multiprocessing.synchronize.Event) -> None:
    """Keep one core busy until ``stop`` is set (checked every few milliseconds)."""
    x = 0
    while not stop.is_set():
        for i in range(20_000):
            x = (x * 31 + i) % 1_000_003


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("command", nargs="+")
    args = parser.parse_args(argv)
    stop = multiprocessing.Event()
    load = [
        multiprocessing.Process(target=spin, args=(stop,), daemon=True) for _ in range(args.workers)
    ]
    for process in load:
        process.start()
    print(f"load: {args.workers} busy processes", file=sys.stderr, flush=True)
    start = time.monotonic()
    try:
        # the tests' last bounds (pytest-timeout's) stretched for the slower machine
        env = {**os.environ, "TERRANOVA_TEST_TIMEOUT_FACTOR": str(FACTOR)}
        status = subprocess.call(args.command, env=env)
    finally:
        stop.set()
        for process in load:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join()
    print(f"load: the command took {time.monotonic() - start:.0f} s", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
