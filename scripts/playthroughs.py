"""Write, or check, the golden playthroughs of tests/data/playthroughs/.

Each file is one seeded random game of a registered game, step by step (the generator,
its configurations and the file format: ``tests/conformance/playthroughs.py``). The test
``tests/conformance/test_playthroughs.py`` fails as soon as a game plays differently.
Regenerate the files only after an intended change of behaviour, and review their diff::

    python scripts/playthroughs.py                 # rewrite every file
    python scripts/playthroughs.py discovery       # only one game's files
    python scripts/playthroughs.py --check         # write nothing; exit 1 on a difference

It runs this checkout's ``src`` (whatever ``terranova`` is installed).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.conformance.playthroughs import (  # noqa: E402
    DIRECTORY,
    check,
    configs,
    generate,
    stale_files,
)

import terranova  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write, or check, the golden playthroughs of every registered game."
    )
    parser.add_argument("games", nargs="*", help="Only these games (default: every one).")
    parser.add_argument(
        "--check",
        action="store_true",
        help="Write nothing; print the first difference of each file that differs from "
        "what is played today, and exit 1 if any does.",
    )
    parser.add_argument("--dir", type=Path, default=DIRECTORY, help="Directory of the files.")
    args = parser.parse_args(argv)
    registered = terranova.games()
    for game_id in args.games:
        if game_id not in registered:
            parser.error(f"no game {game_id!r}; known: {', '.join(sorted(registered))}")
    selected = configs(args.games or None)
    directory: Path = args.dir
    if args.check:
        failed = False
        for config in selected:
            problem = check(config, directory)
            print(problem or f"{config.filename}: same")
            failed = failed or problem is not None
        if not args.games:
            for path in stale_files(directory):
                print(f"{path.name}: made by no configuration (delete it)")
                failed = True
        return 1 if failed else 0
    directory.mkdir(parents=True, exist_ok=True)
    for config in selected:
        path = directory / config.filename
        text = generate(config)
        before = path.read_text(encoding="utf-8") if path.is_file() else None
        path.write_text(text, encoding="utf-8")
        state = "same" if before == text else "new" if before is None else "changed"
        print(f"{path.name}: {state}, {len(text.encode()) / 1e6:.2f} MB")
    if not args.games:
        for path in stale_files(directory):
            path.unlink()
            print(f"{path.name}: removed (made by no configuration)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
