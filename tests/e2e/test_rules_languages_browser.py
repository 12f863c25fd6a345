"""The rules pages in each language: a French or German browser reads each game's rules
written for it, every picture drawn, and the top bar's choice turns the page into another
language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from terranova.core.registry import games
from tests.e2e.conftest import Server, wait_until
from tests.e2e.test_rules_browser import every_picture_drawn

TITLES = {"fr": "les règles", "de": "die Regeln"}
"""How each language's rules page names itself, in the top bar and the title."""


@pytest.mark.parametrize("lang", sorted(TITLES))
@pytest.mark.parametrize("game", sorted(games()))
def test_each_games_rules_in_the_browsers_language(
    server: Server, new_page: Any, screenshots: Path, game: str, lang: str
) -> None:
    page = new_page(locale=f"{lang}-{lang.upper()}")
    page.goto(f"{server.base}/rules/{game}")
    page.wait_for_selector("[data-testid='rules'] h1")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("[data-testid='rules']").get_attribute("lang") is None  # written in it
    assert TITLES[lang] in page.locator(".game-title").inner_text()
    assert TITLES[lang] in page.locator("[data-testid='rules'] h1").inner_text()
    every_picture_drawn(page)
    page.screenshot(path=str(screenshots / f"rules-{game}-{lang}.png"), full_page=False)
    other = "de" if lang == "fr" else "fr"
    page.locator("[data-testid='language']").select_option(other)
    wait_until(page, "(lang) => document.documentElement.lang === lang", arg=other)
    page.wait_for_selector("[data-testid='rules'] h1")
    assert TITLES[other] in page.locator("[data-testid='rules'] h1").inner_text()
