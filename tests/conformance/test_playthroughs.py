"""Golden playthroughs: every registered game plays today exactly as its stored files say.

Each seeded random game (see ``scripts/playthroughs.py``) has a full text, step by step:
the state's text, scores, every seat's view and the spectator's, the chance outcomes or
legal actions, the action and how each seat saw it, the returns. ``tests/data/playthroughs/``
keeps, for each registered game, the SHA-256 of every one of these full texts
(``<game>.sha256``) and a few of its games one step a line (``<game>.txt``, at most 150 KB:
a diff of it can be read). Each game is played again here, in memory: its short text is
compared with the readable file where that shows it (a difference names the first step
that differs, the line and where in it), and its full text with its digest (a difference
names the game, its seed and parameters, and the command that prints its full text).

After an intended change of behaviour: ``python scripts/playthroughs.py``, then review the
diff of ``tests/data/playthroughs/`` before committing it (docs/architecture.md, "Golden
playthroughs and stored records"). A game registered later fails here until its files are
written (the same command).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conformance import playthroughs

CONFIGS = playthroughs.configs()


@pytest.mark.parametrize("config", CONFIGS, ids=[c.filename for c in CONFIGS])
def test_playthrough_is_unchanged(config: playthroughs.Config) -> None:
    problem = playthroughs.check(config)
    if problem is not None:
        pytest.fail(
            problem + "\n(an intended change? python scripts/playthroughs.py "
            f"{config.game}, then review the diff)",
            pytrace=False,
        )


def test_every_registered_game_has_playthroughs() -> None:
    import terranova

    assert {c.game for c in CONFIGS} == set(terranova.games())


def test_no_stale_playthrough_files() -> None:
    stale = [p.name for p in playthroughs.stale_files()]
    assert not stale, f"files made by no registered game (python scripts/playthroughs.py): {stale}"


@pytest.mark.parametrize("game", sorted({c.game for c in CONFIGS}))
def test_a_games_files_hold_its_configurations_and_no_other(game: str) -> None:
    names = {f"{c.game}--{c.name}" for c in CONFIGS if c.game == game}
    assert set(playthroughs.stored_digests(game)) == names
    readable = playthroughs.readable_path(game).read_text(encoding="utf-8")
    shown = set(playthroughs.sections(readable))
    assert shown and shown <= names, shown


def test_every_golden_file_is_small_enough_to_read() -> None:
    sizes = {p.name: p.stat().st_size for p in playthroughs.DIRECTORY.iterdir()}
    too_big = {name: size for name, size in sizes.items() if size > playthroughs.MAX_FILE_BYTES}
    assert sizes and not too_big, too_big


def test_the_readable_file_takes_the_games_that_fit() -> None:
    assert playthroughs.readable_choice(["a" * 60, "b" * 50, "c" * 30, "d" * 8], 100) == [0, 2, 3]
    texts = "#### playthrough x--1\na\n\n#### playthrough x--2\nb\n"
    assert playthroughs.sections(texts) == {
        "x--1": "#### playthrough x--1\na\n",
        "x--2": "#### playthrough x--2\nb\n",
    }


def test_a_changed_game_is_named_with_its_seed_and_the_command_for_its_text(
    tmp_path: Path,
) -> None:
    config = min(CONFIGS, key=lambda c: c.filename)
    texts = playthroughs.Texts(full="a full text\n", short="")
    line = playthroughs.digest_line(config, texts)
    (tmp_path / f"{config.game}.sha256").write_text(f"{line}\n", encoding="utf-8")
    changed = playthroughs.Texts(full="another full text\n", short="")
    problem = playthroughs.check(config, tmp_path, changed)
    assert problem is not None
    assert f"seed {config.seed}" in problem
    assert f"--full {config.game}--{config.name}" in problem
    assert playthroughs.check(config, tmp_path, texts) is None


def test_first_difference_names_the_step_and_the_json_path() -> None:
    stored = '## step 0: chance\naction: "a"\n## step 1: seat 0\nview 0: {"a": [1, {"b": 2}]}\n'
    now = stored.replace('"b": 2', '"b": 3')
    found = playthroughs.first_difference(stored, now)
    assert found is not None
    assert found.startswith("first difference at step 1: seat 0, line 4 ('view 0'")
    assert "at view 0.a[1].b: stored 2, now 3" in found
    assert playthroughs.first_difference(stored, stored) is None
    shorter = playthroughs.first_difference(stored, stored.split("## step 1")[0])
    assert shorter is not None and "the stored file goes on" in shorter
