"""Golden playthroughs: every registered game plays today exactly as its stored files say.

Each file of ``tests/data/playthroughs/`` (see ``scripts/playthroughs.py``) is one seeded
random game, step by step: the state's text, scores, every seat's view and the
spectator's, the chance outcomes or legal actions, the action and how each seat saw it,
the returns. Each is played again here, in memory, and compared with the stored text;
a difference names the first step that differs, the line and where in it.

After an intended change of behaviour: ``python scripts/playthroughs.py``, then review the
diff of ``tests/data/playthroughs/`` before committing it (docs/architecture.md, "Golden
playthroughs and stored records"). A game registered later fails here until its files are
written (the same command).
"""

from __future__ import annotations

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
    assert not stale, f"files made by no configuration (python scripts/playthroughs.py): {stale}"


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
