"""Each page in the reader's language, and the catalogs the browser reads its texts from
(docs/web-ui.md, "Languages")."""

from __future__ import annotations

import re

import pytest
from tests.server.conftest import Api

PAGES = [
    "/",
    "/play/abc",
    "/account",
    "/account/sign-in",
    "/leaderboards/discovery",
    "/players/x",
    "/account/unsubscribe",
]


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="([a-z]+)">', html)
    assert found, html[:200]
    return found.group(1)


@pytest.mark.parametrize("path", PAGES)
def test_a_page_is_in_the_browsers_language(api: Api, path: str) -> None:
    french = api.client.get(path, headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"})
    assert french.status_code == 200 and lang_of(french.text) == "fr"
    assert "Vary" in french.headers and "Accept-Language" in french.headers["Vary"]
    plain = api.client.get(path, headers={"Accept-Language": "pt-BR"})
    assert lang_of(plain.text) == "en"


def test_the_chosen_language_comes_before_the_browsers(api: Api) -> None:
    api.client.cookies.set("terranova_lang", "de")
    page = api.client.get("/", headers={"Accept-Language": "fr"})
    assert lang_of(page.text) == "de"
    assert "Neue Partie" in page.text and "New game" not in page.text
    api.client.cookies.set("terranova_lang", "klingon")  # not offered: the browser's
    assert lang_of(api.client.get("/", headers={"Accept-Language": "fr"}).text) == "fr"


def test_the_lobby_page_is_translated(api: Api) -> None:
    page = api.client.get("/", headers={"Accept-Language": "fr"}).text
    assert '<h1 id="new-game-title">Nouvelle partie</h1>' in page
    assert 'title="' not in page or "{{" not in page  # every template marker rendered


def test_the_catalogs_are_served_as_json(api: Api) -> None:
    answer = api.client.get("/api/messages/fr")
    assert answer.status_code == 200
    body = answer.json()
    assert body["lang"] == "fr"
    assert body["languages"] == {"en": "English", "fr": "Français", "de": "Deutsch"}
    assert body["domains"]["terranova"]["New game"] == "Nouvelle partie"
    assert body["domains"]["discovery"]["Turn"] == "Tourner"  # the games' own catalogs
    assert body["domains"]["evolution"]["The tree"] == "L'arbre"
    again = api.client.get("/api/messages/fr", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304
    assert api.client.get("/api/messages/en").json()["domains"]["terranova"] == {}
    missing = api.client.get("/api/messages/es")
    assert missing.status_code == 404 and "fr" in missing.json()["detail"]


def test_the_entdecker_and_small_islands_boards_are_served_in_german(api: Api) -> None:
    domains = api.client.get("/api/messages/de").json()["domains"]
    assert domains["entdecker"]["Hidden tiles"] == "Verdeckte Kärtchen"
    assert domains["small_islands"]["Face-up tiles"] == "Offene Plättchen"


def test_the_catalog_says_each_games_texts_in_the_readers_language(api: Api) -> None:
    """The games' descriptions and their options' labels and notes, from each game's own
    catalog; in English as the game declares them."""
    english = {g["id"]: g for g in api.client.get("/api/catalog").json()["games"]}
    for lang in ("fr", "de"):
        said = api.client.get("/api/catalog", headers={"Accept-Language": lang}).json()
        for game in said["games"]:
            source = english[game["id"]]
            assert game["description"] != source["description"], (lang, game["id"])
            for key, variant in game["variants"].items():
                assert variant["note"] != source["variants"][key]["note"], (lang, key)
            # a label may be the same word ("Jokers", "Mode"), but not all of a game's
            labels = [
                (v["label"], source["variants"][k]["label"]) for k, v in game["variants"].items()
            ]
            assert not labels or any(a != b for a, b in labels), (lang, game["id"])
    assert english["discovery"]["variants"]["hand_visibility"]["label"] == "Hand visibility"
    french = api.client.get("/api/catalog", headers={"Accept-Language": "fr"}).json()
    discovery = next(g for g in french["games"] if g["id"] == "discovery")
    assert discovery["variants"]["hand_visibility"]["label"] == "Main visible"


def test_the_pages_are_served_rendered_only(api: Api) -> None:
    """A page's template is not a static file: its markers are never shown raw."""
    assert api.client.get("/static/index.html").status_code == 404
    assert api.client.get("/static/style.css").status_code == 200
