"""Make the 200 seeded records of The Discovery kept as test data (never run it again).

``tests/data/discovery-records.tar.gz`` holds 200 game records of ``discovery``, each a
file ``discovery-NNN.json`` as ``terranova play --save`` and ``simulate --save-records``
write it, and a ``README.txt`` saying where they come from. They were produced by this
script from commit e0fdd23, the last commit before the games were rebuilt on a shared kit
for tile-laying games. ``tests/games/discovery/test_stored_records.py`` replays every one
with the rules of today and checks that the game re-records byte for byte.

They are what The Discovery played before the refactor. They must NEVER be regenerated to
make a change pass: a record that no longer replays means the change altered behaviour.
The script refuses to overwrite the file; it is kept to show how the records were made.

Game ``i`` (0 to 199) is ``play_game("discovery", bots, seed=SEED_BASE + i, params)``
(``terranova.arena.series``, as ``terranova play`` does): the players (2 to 5) and the
variants ``hand``, ``hand_visibility`` and ``equal_turns`` go through all 48 combinations
in turn (game ``i`` has combination ``i % 48``), and each combination is played with the
four line-ups of ``random`` and ``greedy`` bots in turn. Run from a checkout of the commit
to freeze, with its ``src`` on ``PYTHONPATH``::

    PYTHONPATH=src python scripts/discovery_records.py --commit "$(git rev-parse --short HEAD)"
"""

from __future__ import annotations

import argparse
import gzip
import io
import itertools
import sys
import tarfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import terranova
from terranova.arena.series import play_game

ROOT = Path(__file__).resolve().parents[1]
ARCHIVE = ROOT / "tests" / "data" / "discovery-records.tar.gz"
GAMES = 200
SEED_BASE = 7000
COMBINATIONS: list[dict[str, object]] = [
    {"players": players, "hand": hand, "hand_visibility": visibility, "equal_turns": equal}
    for hand, visibility, equal, players in itertools.product(
        (1, 2), ("public", "private"), ("off", "rulebook", "exact"), (2, 3, 4, 5)
    )
]


def lineup(players: int, pattern: int) -> list[str]:
    """The bots of the seats: all random, all greedy, or alternating (greedy first or
    random first).

    >>> lineup(3, 2)
    ['greedy', 'random', 'greedy']
    """
    if pattern == 0:
        return ["random"] * players
    if pattern == 1:
        return ["greedy"] * players
    first, second = ("greedy", "random") if pattern == 2 else ("random", "greedy")
    return [first if seat % 2 == 0 else second for seat in range(players)]


def plan() -> Iterator[tuple[int, list[str], int, dict[str, object]]]:
    """``(index, bots, seed, params)`` of every game."""
    for index in range(GAMES):
        round_, combination = divmod(index, len(COMBINATIONS))
        params = dict(COMBINATIONS[combination])
        players = int(str(params.pop("players")))
        bots = lineup(players, (round_ + combination) % 4)
        yield index, bots, SEED_BASE + index, params


def readme(commit: str) -> str:
    return (
        "200 game records of The Discovery (game id discovery), one file each, as\n"
        "`terranova play --save` and `terranova simulate --save-records` write them.\n\n"
        f"Produced by scripts/discovery_records.py from commit {commit}, the commit before\n"
        "the games were rebuilt on a shared kit for tile-laying games, with Discovery rules\n"
        f"version {terranova.games()['discovery'].rules_version}. "
        "tests/games/discovery/test_stored_records.py replays each\n"
        "with the rules of today and checks that it re-records byte for byte.\n\n"
        "NEVER regenerate these records to make a change pass: they are what the game\n"
        "played before the refactor, and a record that no longer replays means that the\n"
        "change altered the game's behaviour.\n"
    )


def _add(archive: tarfile.TarFile, name: str, text: str) -> None:
    data = text.encode("utf-8")
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    info.mtime = 0
    archive.addfile(info, io.BytesIO(data))


def build(commit: str) -> bytes:
    """The archive (the same bytes for the same rules and commit)."""
    buffer = io.BytesIO()
    with (
        gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as archive,
    ):
        _add(archive, "README.txt", readme(commit))
        for index, bots, seed, params in plan():
            record = play_game("discovery", bots, seed, params)
            _add(archive, f"discovery-{index:03d}.json", record.to_json())
    return buffer.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Make the stored Discovery records (refuses to overwrite them)."
    )
    parser.add_argument("--commit", required=True, help="The commit the rules come from.")
    parser.add_argument("--out", type=Path, default=ARCHIVE, help="Where to write the archive.")
    args = parser.parse_args(argv)
    out: Path = args.out
    if out.exists():
        parser.error(f"{out} exists: the stored records are never regenerated (see the docstring)")
    started = time.monotonic()
    data = build(args.commit)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    print(f"{out}: {GAMES} records, {len(data) / 1e6:.2f} MB, {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
