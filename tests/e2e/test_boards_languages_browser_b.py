"""The boards of Entdecker and Small Islands in the reader's language: in the pseudo-language
every text the board writes itself (its panel and its map's legend, outside the SVG drawing)
is a translated message, and in French and German the board is drawn without a JavaScript
error (docs/web-ui.md, "Languages")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server
from tests.e2e.test_every_game_languages_browser import open_game

GAMES = ["entdecker", "small_islands"]

# The board's own texts outside the SVG drawing, each text node with a word in it; the
# keys in <kbd> are keys, not words. A text that carries a seat's name keeps it inside the
# message, so every such node shows the pseudo-language's "⟦".
UNTRANSLATED = """() => {
  const roots = [document.getElementById("board-panel"), document.querySelector(".map-legend")];
  const out = [];
  for (const root of roots.filter(Boolean)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest("svg, kbd, [hidden]") || !el.getClientRects().length) continue;
      const text = node.textContent.trim();
      if (/[A-Za-z]{2}/.test(text) && !text.includes("⟦") && !text.includes("⟧")) out.push(text);
    }
  }
  return out;
}"""

# Words of the board left cut off: an element of the panel whose text runs past its box.
OVERFLOWING = """() => [...document.querySelectorAll("#board-panel *")]
  .filter((el) => !el.closest("svg") && el.getClientRects().length && el.children.length === 0
    && el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== "visible")
  .map((el) => el.textContent.trim())"""


@pytest.mark.parametrize("game", GAMES)
def test_the_board_writes_no_text_of_its_own_untranslated(
    server: Server, new_page: Any, screenshots: Path, game: str
) -> None:
    page = new_page(1280, 860)
    page.context.add_cookies([{"name": "terranova_lang", "value": "xx", "url": server.base}])
    open_game(server, page, game)
    assert page.evaluate("document.documentElement.lang") == "xx"
    page.screenshot(path=str(screenshots / f"{game}-board-xx.png"))
    assert page.locator("#board-panel").inner_text().count("⟦") >= 3
    assert page.evaluate(UNTRANSLATED) == []
    assert page.evaluate(OVERFLOWING) == []


@pytest.mark.parametrize("locale", ["fr-FR", "de-DE"])
@pytest.mark.parametrize("game", GAMES)
def test_the_board_in_french_and_german(
    server: Server, new_page: Any, screenshots: Path, game: str, locale: str
) -> None:
    page = new_page(1280, 860, locale=locale)
    open_game(server, page, game)
    lang = locale[:2]
    assert page.evaluate("document.documentElement.lang") == lang
    page.screenshot(path=str(screenshots / f"{game}-board-{lang}.png"))
    steps = page.locator(".turn-steps").inner_text()
    english = {"entdecker": "Announce", "small_islands": "Objectives"}[game]
    assert english not in steps
    assert page.evaluate(OVERFLOWING) == []
