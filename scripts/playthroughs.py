"""Write, or check, the golden playthroughs of tests/data/playthroughs/.

Each registered game has two files there: ``<game>.txt``, a few of its seeded random games
one step a line, small enough to read as a diff, and ``<game>.sha256``, the digest of the
full text of every one of its seeded games, step by step (the generator, its
configurations and the file formats: ``tests/conformance/playthroughs.py``). The test
``tests/conformance/test_playthroughs.py`` fails as soon as a game plays differently.
Regenerate the files only after an intended change of behaviour, and review their diff::

    python scripts/playthroughs.py                 # rewrite every file
    python scripts/playthroughs.py discovery       # only one game's files
    python scripts/playthroughs.py --check         # write nothing; exit 1 on a difference
    python scripts/playthroughs.py --full discovery--3p-rulebook > full.txt
                                                   # one game's full text, step by step

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
    find,
    generate,
    stale_files,
    write,
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
    parser.add_argument(
        "--full",
        metavar="NAME",
        help="Write nothing; print the full text of one seeded game (NAME as in the "
        ".sha256 files, e.g. a failed digest's), whose SHA-256 is its digest.",
    )
    args = parser.parse_args(argv)
    if args.full:
        try:
            config = find(args.full)
        except KeyError:
            parser.error(f"no playthrough {args.full!r} (the names are in the .sha256 files)")
        sys.stdout.write(generate(config))
        return 0
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
            print(problem or f"{config.game}--{config.name}: same")
            failed = failed or problem is not None
        if not args.games:
            for path in stale_files(directory):
                print(f"{path.name}: made by no registered game (delete it)")
                failed = True
        return 1 if failed else 0
    directory.mkdir(parents=True, exist_ok=True)
    for game in sorted({config.game for config in selected}):
        for name, state in write(game, directory).items():
            size = (directory / name).stat().st_size
            print(f"{name}: {state}, {size / 1e3:.0f} KB")
    if not args.games:
        for path in stale_files(directory):
            path.unlink()
            print(f"{path.name}: removed (made by no registered game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
