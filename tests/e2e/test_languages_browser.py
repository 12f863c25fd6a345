"""The site in the reader's language: the browser's, until the top bar's choice (kept by the
browser) says otherwise (docs/web-ui.md, "Languages")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, wait_until


def test_the_lobby_speaks_the_browsers_language_until_another_is_chosen(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page(locale="fr-FR")
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("#new-game-title").inner_text() == "Nouvelle partie"
    page.screenshot(path=str(screenshots / "lobby-fr.png"), full_page=True)
    menu = page.locator("[data-testid='language']")
    assert menu.input_value() == "fr"
    menu.select_option("de")
    wait_until(page, "document.documentElement.lang === 'de'")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#new-game-title").inner_text() == "Neue Partie"
    page.screenshot(path=str(screenshots / "lobby-de.png"), full_page=True)
    page.goto(server.base + "/account/sign-in")  # the choice is kept for every page
    assert page.evaluate("document.documentElement.lang") == "de"
