"""Each game's rules page for players, ``/rules/<game id>``: written in the game's package,
its pictures drawn by the game's renderer, its variants listed from the registry; linked from
the catalog and each game's summary; nothing drawn that a page does not name."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from terranova.core.registry import games
from terranova.server.rules_pages import RulesPageError, render_rules, rules_source

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
GAMES = sorted(games())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_rules_page_with_its_pictures_and_variants(api: Any, game_id: str) -> None:
    info = games()[game_id]
    assert rules_source(info) is not None, f"{game_id}: no web/rules/{game_id}.md"
    page = api.client.get(f"/rules/{game_id}")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    body = page.text
    assert re.search(r"<h1>[^<]*the rules</h1>", body), "the page starts with its title"
    assert body.count("<h2>") >= 4, "a page for players has sections (turn, scoring, end...)"
    for name, variant in info.variants.items():
        listed = f"<code>{name}</code>" in body
        # the lobby's variants are listed; a file path is set only on the command line
        assert listed == (name in info.settable_variants()), name
        if listed:
            assert html.escape(variant.description) in body, name
    pictures = re.findall(rf'src="/rules/{game_id}/pictures/([a-z0-9-]+)\.svg\?lang=en"', body)
    assert len(pictures) >= 2, "a rules page shows the game in pictures"
    for name in pictures:
        drawn = api.client.get(f"/rules/{game_id}/pictures/{name}.svg")
        assert drawn.status_code == 200, name
        assert drawn.headers["content-type"].startswith("image/svg+xml")
        assert "<svg" in drawn.text[:400], name
    # only what the page names is drawn
    unnamed = next(n for n in ("after-299", "after-298", "start") if n not in pictures)
    assert api.client.get(f"/rules/{game_id}/pictures/{unnamed}.svg").status_code == 404
    # no developer's words on a page for players
    for word in ("apply(", "legal_actions", "src/terranova", ".py"):
        assert word not in body, word


def test_the_catalog_and_a_summary_link_the_rules(api: Any) -> None:
    catalog = {g["id"]: g for g in api.client.get("/api/catalog").json()["games"]}
    for game_id in GAMES:
        assert catalog[game_id]["rules"] == f"/rules/{game_id}"
    created = api.create([HUMAN, GREEDY])
    summary = api.client.get(f"/api/games/{created['game_id']}").json()
    assert summary["rules"] == "/rules/discovery"


def test_unknown_pages_and_pictures_answer_404(api: Any) -> None:
    assert "no game" in api.client.get("/rules/no-such-game").json()["detail"]
    for name in ("nothing", "after-0", "after-301", "..%2Fsecret"):
        answer = api.client.get(f"/rules/discovery/pictures/{name}.svg")
        assert answer.status_code == 404, name
    for lang in ("es", "../fr", "FR", ""):
        answer = api.client.get(f"/rules/discovery/pictures/start.svg?lang={lang}")
        assert answer.status_code == 404, lang


def test_markdown_cannot_carry_html_and_pictures_are_checked() -> None:
    page = render_rules("discovery", "# T: the rules\n\n<script>alert(1)</script>\n")
    assert "<script>" not in page.body and "&lt;script&gt;" in page.body
    named = render_rules("discovery", "# T\n\n![The tiles, all of them](picture:components)\n")
    assert named.pictures == {"components"}
    assert "rules-caption'>The tiles, all of them<" in named.body
    for wrong in ("after-301", "after-0", "middle", "after-12x"):
        with pytest.raises(RulesPageError, match="components, start or after-N"):
            render_rules("discovery", f"# T\n\n![x](picture:{wrong})\n")
    # an ordinary image stays as written
    plain = render_rules("discovery", "# T\n\n![logo](/static/favicon.svg)\n")
    assert 'src="/static/favicon.svg"' in plain.body and not plain.pictures


@pytest.mark.parametrize("game_id", sorted(games()))
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_game_has_its_rules_in_french_and_german(api: Any, game_id: str, lang: str) -> None:
    """Written for the language's players, with the English page's pictures."""
    info = games()[game_id]
    path = rules_source(info, lang)
    assert path is not None and path.name == f"{game_id}.{lang}.md", f"no {game_id}.{lang}.md"
    english = rules_source(info)
    assert english is not None
    names = re.compile(r"\(picture:([a-z0-9-]+)\)")
    assert sorted(names.findall(path.read_text())) == sorted(names.findall(english.read_text()))
    page = api.client.get(f"/rules/{game_id}", headers={"Accept-Language": lang})
    assert page.status_code == 200
    assert f'<html lang="{lang}">' in page.text and 'data-testid="rules">' in page.text
    for name in names.findall(english.read_text()):
        assert f'src="/rules/{game_id}/pictures/{name}.svg?lang={lang}"' in page.text
        assert (
            api.client.get(f"/rules/{game_id}/pictures/{name}.svg?lang={lang}").status_code == 200
        )


def test_a_language_without_its_own_page_reads_the_english(api: Any) -> None:
    api.client.cookies.set("terranova_lang", "xx")  # the tests' pseudo-language: no page
    page = api.client.get("/rules/discovery")
    assert page.status_code == 200
    assert '<html lang="xx">' in page.text and 'data-testid="rules" lang="en">' in page.text
