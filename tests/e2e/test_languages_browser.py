"""The site in the reader's language: the browser's, until the top bar's choice (kept by the
browser) says otherwise (docs/web-ui.md, "Languages")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, create_from_lobby, no_horizontal_scroll, wait_until


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


# What the lobby shows that is not a text of ours: the server's catalog of games (names,
# descriptions, variants and bots, translated on the server's side), people's names, the
# languages each by its own name, and numbers.
NOT_OURS = {"Terranova", "Ana", "Bo", "English", "Français", "Deutsch"}
NUMBERS = re.compile(r"^[\d\s.,:%+·()-]*$")

# The lobby's texts as a person reads them: every line of the page, and the placeholders,
# titles and labels of what it shows.
READ = """() => {
  const lines = document.body.innerText.split("\\n");
  for (const el of document.querySelectorAll("[placeholder], [title], [aria-label]")) {
    if (el.closest("[hidden]") || el.hasAttribute("aria-hidden")) continue;
    for (const name of ["placeholder", "title", "aria-label"]) {
      lines.push(el.getAttribute(name) || "");
    }
  }
  return lines.map((line) => line.trim()).filter(Boolean);
}"""


def catalog_texts(server: Server) -> set[str]:
    """Every text of the server's catalog of games that the lobby may show as it arrives."""
    found: set[str] = set()
    catalog = server.get("/api/catalog")
    found.update(catalog.get("bots", []))
    for game in catalog["games"]:
        found.update({game["name"], game.get("description") or ""})
        found.update(game.get("bots") or [])
        for key, variant in (game.get("variants") or {}).items():
            found.update({key.replace("_", " ").capitalize(), variant.get("note") or ""})
            found.update({variant.get("description") or ""})
            found.update(str(choice) for choice in variant.get("choices") or [])
    return found - {""}


def lobby_in(server: Server, new_page: Any, lang: str) -> Any:
    """The lobby in ``lang`` with everything it can show: a game created with a person, an
    open seat and a bot (the created card and my games), another's open table, the chat."""
    page = new_page()
    page.context.add_cookies([{"name": "terranova_lang", "value": lang, "url": server.base}])
    create_from_lobby(page, server, ["human", "open", "greedy"], name="Ana")
    page.wait_for_selector("#my-games-list li.my-game .status-pill")
    page.wait_for_selector("#open-tables-list li.open-table")
    wait_until(page, "document.querySelector('[data-testid=chat-note]').textContent !== ''")
    return page


def test_the_lobby_shows_no_english_of_ours_in_another_language(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    open_seat = [{"kind": "human", "name": "Bo"}, {"kind": "open"}]
    server.post(
        "/api/games",
        {"game": "discovery", "params": {"players": 2}, "seats": open_seat, "bot_delay_ms": 0},
    )
    allowed = NOT_OURS | catalog_texts(server)
    page = lobby_in(server, new_page, "xx")
    assert page.evaluate("document.documentElement.lang") == "xx"
    lines = page.evaluate(READ)
    english = [
        line
        for line in lines
        if "⟦" not in line and line not in allowed and not NUMBERS.match(line)
    ]
    assert english == [], english
    # the dates and the times say it in the page's language too
    assert "⟦" in page.inner_text("#my-games-list .muted")
    page.screenshot(path=str(screenshots / "lobby-xx.png"), full_page=True)
    for lang in ("fr", "de"):
        page = lobby_in(server, new_page, lang)
        assert page.evaluate("document.documentElement.lang") == lang
        # no line is a text of ours left in English where the catalog has it translated
        messages = server.get(f"/api/messages/{lang}")["domains"]["terranova"]
        translated = {
            english
            for english, there in messages.items()
            if isinstance(there, str) and there != english
        }
        assert translated & set(page.evaluate(READ)) == set()
        page.screenshot(path=str(screenshots / f"lobby-all-{lang}.png"), full_page=True)
        # a phone's width in the longer words of another language (the pseudo-language's
        # long unbroken runs of dots would overflow where no real text does)
        phone = lobby_in(server, lambda: new_page(390, 800), lang)
        assert no_horizontal_scroll(phone)
        phone.screenshot(path=str(screenshots / f"lobby-phone-{lang}.png"), full_page=True)
