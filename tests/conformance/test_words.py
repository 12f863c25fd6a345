"""Every game's words in every language (docs/web-ui.md, "Languages"): over whole random
games, each move as every seat reads it (``say_action``), each line of the score sheet and
the end's reason are messages of the catalogs, said whole in French and German (every
message translated, every placeholder filled) and marked in the pseudo-language; none is
an English string outside them."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import terranova
from terranova.core.i18n import PSEUDO, Listed, Named, Said, Text, catalog, from_data, named
from terranova.core.scoring import SCORING
from tests.conformance.test_protocol import CASES, IDS
from tests.conformance.walk import game_history, key, viewers

case = pytest.mark.parametrize(("game_id", "params"), CASES, ids=IDS)
TRANSLATED = ("fr", "de")
LEFT_OVER = re.compile(r"\{\w+\}")


def texts_in(words: object) -> Iterator[Text]:
    """Every message in ``words``, its parameters' included."""
    if isinstance(words, Text):
        yield words
        for value in words.params.values():
            yield from texts_in(value)
    elif isinstance(words, Listed):
        for item in words.items:
            yield from texts_in(item)


def plain_strings(words: object) -> Iterator[str]:
    """The plain strings said as they are in ``words`` (English if they hold words)."""
    if isinstance(words, str):
        yield words
    elif isinstance(words, Text):
        for value in words.params.values():
            yield from plain_strings(value)
    elif isinstance(words, Listed):
        for item in words.items:
            yield from plain_strings(item)


def check(words: object, where: str) -> None:
    assert isinstance(words, Said), f"{where}: {words!r} is a plain string, not a message"
    for text in texts_in(words):
        for lang in TRANSLATED:
            found = catalog(named(text.domain), lang).messages.get(text.msgid)
            assert found, f"{where}: {text.msgid!r} has no {lang} translation ({text.domain})"
    for lang in (*TRANSLATED, PSEUDO):
        said = words.render(lang)
        assert said and not LEFT_OVER.search(said), f"{where}: {lang} {said!r}"
    assert "⟦" in words.render(PSEUDO) or isinstance(words, Named), where
    for string in plain_strings(words):
        # a parameter said as it is names a thing (a tile's id, a point on the map): never
        # a word of English
        assert not re.search(r"[a-z]{3}", string), f"{where}: {string!r} in {words}"


@case
def test_every_move_line_and_end_is_said_in_every_language(
    game_id: str, params: dict[str, object]
) -> None:
    texts = game_history(game_id, key(params), 0)
    state = terranova.make(game_id, **params)
    every = max(1, len(texts) // 150)
    for ply, text in enumerate(texts, start=1):
        action = state.parse_action(text)
        if ply % every == 0:
            for seat in viewers(state):
                said = state.say_action(action, seat)
                if said is not None:
                    check(said, f"ply {ply} ({text}) for seat {seat}")
            for move in list(state.legal_actions())[:5] if state.current_player() >= 0 else []:
                said = state.say_action(move, state.current_player())
                check(said, f"ply {ply}: legal {move}")
        state.apply(action)
    if state.end_reason() is not None:
        check(state.end_reason(), "the end's reason")
    for line in state.view(None)[SCORING]:
        check(from_data(line["what"]), f"score line {line}")
        check(from_data(line["kind_says"]), f"score line {line}'s kind")
