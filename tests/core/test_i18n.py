"""The message catalogs: every message the sources use is in every language's catalog, with
the same placeholders, and no catalog keeps a message nobody uses (docs/web-ui.md,
"Languages")."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from terranova.core.i18n import (
    LANGUAGES,
    PSEUDO,
    SOURCE,
    Domain,
    Listed,
    Named,
    Text,
    _,
    _n,
    as_data,
    catalog,
    categories,
    from_data,
    language,
    negotiate,
    placeholders,
    pseudo,
    texts,
)
from terranova.core.i18n import say as say_words

ROOT = Path(__file__).resolve().parents[2]


def catalogs_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = module
    spec.loader.exec_module(module)
    return module


SCRIPT = catalogs_script()
DOMAINS = list(SCRIPT.domains())
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=lang)


def ids(found: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in found if m.id}


@pytest.mark.parametrize(("name", "source", "locale"), DOMAINS, ids=[d[0] for d in DOMAINS])
def test_each_template_holds_the_messages_its_sources_use(
    name: str, source: Path, locale: Path
) -> None:
    """The ``.pot`` is what extraction finds today (run ``scripts/catalogs.py extract``)."""
    template = locale / f"{name}.pot"
    assert template.is_file(), f"no {template.name}: run scripts/catalogs.py extract"
    assert template.read_text() == SCRIPT.text(SCRIPT.extract(name, source)), (
        f"{template.name} is out of date: run scripts/catalogs.py extract, then update"
    )


@pytest.mark.parametrize(("name", "source", "locale"), DOMAINS, ids=[d[0] for d in DOMAINS])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(
    name: str, source: Path, locale: Path, lang: str
) -> None:
    template = read(locale / f"{name}.pot")
    po = locale / lang / "LC_MESSAGES" / f"{name}.po"
    assert po.is_file(), f"no {lang} catalog for {name}: run scripts/catalogs.py update"
    translated = read(po, lang)
    assert ids(translated) - ids(template) == set(), "messages nobody uses (run update)"
    assert ids(template) - ids(translated) == set(), "messages not in the catalog (run update)"
    problems = []
    for message in translated:
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy or not all(strings):
            problems.append(f"untranslated: {sources[0]!r}")
            continue
        wanted = placeholders(sources[0]) | placeholders(sources[-1])
        for string in strings:
            if placeholders(string) - wanted or (placeholders(sources[0]) - {"n"}) - placeholders(
                string
            ):
                problems.append(f"placeholders differ: {sources[0]!r} -> {string!r}")
    assert problems == []


@pytest.mark.parametrize(("name", "source", "locale"), DOMAINS, ids=[d[0] for d in DOMAINS])
def test_no_message_is_built_at_run_time(name: str, source: Path, locale: Path) -> None:
    """A JavaScript template literal in ``t(`...`)`` cannot be looked up: its id is not the
    text it makes."""
    built = [m.id for m in read(locale / f"{name}.pot") if m.id and "${" in str(m.id)]
    assert built == []


def test_a_translation_is_read_from_the_catalog() -> None:
    assert _("New game").render("fr") == "Nouvelle partie"
    assert _("New game").render("de") == "Neue Partie"
    assert _("New game").render("en") == "New game"
    assert _("not a message of ours").render("fr") == "not a message of ours"


def test_numbers_and_plurals_follow_the_language() -> None:
    assert _n("{n} point", "{n} points", 1234567).render("en") == "1,234,567 points"
    assert _("{n} points", n=1234567).render("de") == "{n} points".replace("{n}", "1.234.567")
    assert categories("en") == ["one", "other"]
    assert categories("fr") == ["one", "many", "other"]  # 0 and 1 are singular; millions many


def test_the_compiled_catalog_reads_as_the_source(tmp_path: Path) -> None:
    source = Domain("terranova", ROOT / "src" / "terranova" / "locale")
    copy = Domain("terranova", tmp_path)
    for lang in TRANSLATED:
        copy.po(lang).parent.mkdir(parents=True)
        copy.po(lang).write_bytes(source.po(lang).read_bytes())
        from_po = catalog(copy, lang).messages
        catalog.cache_clear()
        with copy.mo(lang).open("wb") as stream:
            SCRIPT.write_mo(stream, read(copy.po(lang), lang))
        from_mo = catalog(copy, lang).messages
        catalog.cache_clear()
        assert from_mo == from_po and from_po


def test_the_pseudo_language_wraps_and_lengthens() -> None:
    text = pseudo("Seat {seat} moved")
    assert text.startswith("⟦") and text.endswith("⟧") and "{seat}" in text
    assert len(text) >= 1.4 * len("Seat {seat} moved")
    assert _("Seat {seat} moved", seat=2).render(PSEUDO).startswith("⟦Šéáţ 2 ")


@pytest.mark.parametrize(
    ("header", "wanted"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("en-GB;q=0.5, de;q=0.7", "de"),
        ("es, it;q=0.5", "en"),
        ("", "en"),
        (None, "en"),
        ("de;q=nonsense, fr", "fr"),
        ("fr;q=0", "en"),
    ],
)
def test_the_browser_language_is_the_most_wanted_offered(header: str | None, wanted: str) -> None:
    assert negotiate(header) == wanted


def test_a_chosen_language_comes_before_the_browsers() -> None:
    assert language("de", "fr") == "de"
    assert language("pt", "fr") == "fr"  # not offered: the browser's
    assert language(None, None) == "en"


def test_a_games_words_are_said_from_its_own_catalog() -> None:
    _, _n = texts("terranova.games.discovery")
    turn = _(", turned half a turn")  # a site's message is not the game's
    assert turn.domain == "discovery" and turn.render("fr") == ", turned half a turn"
    site = Text(", turned half a turn")
    assert site.render("fr") == ", tournée d'un demi-tour"
    assert _n("{n} tile", "{n} tiles", 2).as_json() == {
        "id": "{n} tile",
        "params": {"n": 2},
        "plural": "{n} tiles",
        "n": 2,
        "domain": "discovery",
    }


def test_a_list_is_joined_as_each_language_lists_words() -> None:
    words = Listed(("sea", Text(", turned half a turn"), "mountain"))
    assert words.render("en") == "sea, , turned half a turn and mountain"
    assert Listed(("a", "b", "c")).render("fr") == "a, b et c"
    assert Listed(("a", "b")).render("de") == "a und b"
    assert Listed(("a",)).render("de") == "a"
    assert "⟦" in words.render(PSEUDO)


def test_a_name_from_data_is_said_in_the_readers_language_else_in_english() -> None:
    turtle = Named({"fr": "Tortue", "en": "Turtle"})
    assert [turtle.render(lang) for lang in ("fr", "en", "de")] == ["Tortue", "Turtle", "Turtle"]
    assert turtle.render(PSEUDO).startswith("⟦")


def test_words_come_back_whole_from_their_data() -> None:
    _, _n = texts("terranova.games.entdecker")
    words = Text(
        "{who} and {what}",
        {"who": Listed((Named({"en": "Ana"}), "2")), "what": _n("{n} a", "{n} b", 3), "x": 1.5},
    )
    back = from_data(words.as_json())
    assert back == words and as_data(back) == words.as_json()
    assert from_data("as it is") == "as it is" and as_data("as it is") == "as it is"


@pytest.mark.parametrize(
    "data",
    [
        {"id": "x {a}", "params": None},
        {"neither": 1},
        {"id": "{n} a", "plural": "{n} b", "n": None},
        {"names": "abc"},
        {"id": 3},
        None,
        ["a"],
    ],
)
def test_words_of_no_known_shape_say_something_harmless(data: object) -> None:
    for lang in ("en", "fr", PSEUDO):
        assert isinstance(say_words(from_data(data), lang), str)


def test_a_message_of_a_domain_nobody_declares_says_its_id() -> None:
    stray = Text("the {thing} fell", {"thing": "cup"}, domain="no-such-game")
    assert stray.render("fr") == "the cup fell"
    assert from_data({"list": [1200, "b"]}).render("en") == "1,200 and b"
