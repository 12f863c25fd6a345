"""The lobby tells each option a player may set in plain words (a variant's ``note``); the
sources and rulings behind it stay in its description, for ``terranova games`` and the
docs."""

from __future__ import annotations

import re

from terranova.server.service import catalog

DESIGNER_WORDS = re.compile(
    r"ruling|rule \d|manual|review|sources|wiki|summary|rulebook \(|\bmod N\b|\(\d{4}", re.I
)


def test_every_option_in_the_lobby_says_what_it_does_in_plain_words() -> None:
    seen = 0
    for game in catalog()["games"]:
        for key, variant in game["variants"].items():
            note = variant["note"]
            assert note and not note[0].islower() and note.endswith("."), (game["id"], key, note)
            assert not DESIGNER_WORDS.search(note), (game["id"], key, note)
            seen += 1
    assert seen >= 15


def test_the_description_keeps_the_sources() -> None:
    entdecker = next(g for g in catalog()["games"] if g["id"] == "entdecker")
    frame = entdecker["variants"]["frame"]
    assert "ruling 21" in frame["description"]
    assert "ruling" not in frame["note"] and "enclosed" in frame["note"]
