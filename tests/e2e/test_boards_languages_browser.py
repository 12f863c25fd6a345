"""The boards of The Discovery and of Discovery : le jeu de l'évolution in the reader's
language: in the pseudo-language ``xx`` every text the board writes itself shows its marks
(``⟦…⟧``), so none is left in English; in French and German a screenshot of each to look at
(docs/web-ui.md, "Languages")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server, wait_until

GAMES = ["discovery", "evolution-explore", "evolution-bluff"]
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]

# The texts the board writes itself, shown in its map and panel: every visible text node
# with a letter, but those of the drawing (SVG), a key's letter (kbd) and what the server
# names (the seats, the cards, the eras and their families, the tiles).
UNMARKED = """() => {
    const board = window.terranova.board;
    const named = new Set(window.terranova.state().seats.map((seat) => seat.name));
    for (const card of board.cards ? board.cards.values() : []) {
        for (const word of [card.name_fr, card.name_en, card.name_de, card.family]) named.add(word);
    }
    for (const era of board.eras ? board.eras.values() : []) {
        for (const word of [era.name_fr, era.name_en, era.name_de]) named.add(word);
    }
    const ours = (text) => {
        const plain = text.replace(/\\u00ad/g, "").trim();
        if (!/\\p{L}/u.test(plain) || plain.includes("⟦") || named.has(plain)) return true;
        return [...named].some((name) => name && plain.startsWith(name));
    };
    const out = [];
    for (const root of [document.getElementById("map"), document.getElementById("board-panel")]) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement;
            if (!el || el.closest("svg, kbd, .hand-label") || !el.getClientRects().length) continue;
            if (getComputedStyle(el).visibility === "hidden") continue;
            if (!ours(node.textContent)) out.push(node.textContent.trim());
        }
    }
    return out;
}"""


def open_game(server: Server, new_page: Any, game: str, locale: str | None = None) -> Any:
    """A two-seat game against greedy, seen by the first seat once it is to decide."""
    params: dict[str, Any] = {"players": 2}
    if game != "discovery":
        params["jokers"] = 1
    created = server.post(
        "/api/games", {"game": game, "params": params, "seats": SEATS, "bot_delay_ms": 0}
    )
    page = new_page(locale=locale)
    if locale is None:
        page.context.add_cookies([{"name": "terranova_lang", "value": "xx", "url": server.base}])
    page.goto(server.base + created["seats"][0]["link"])
    page.wait_for_selector("body[data-ply]")
    wait_until(page, "document.querySelector(\"[data-testid='prompt']\").textContent.length > 0")
    return page


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_the_board_is_translated(
    server: Server, new_page: Any, screenshots: Path, game: str
) -> None:
    page = open_game(server, new_page, game)
    assert page.evaluate("document.documentElement.lang") == "xx"
    assert "⟦" in page.locator("[data-testid='prompt']").inner_text()
    left = page.evaluate(UNMARKED)
    page.screenshot(path=str(screenshots / f"board-{game}-xx.png"), full_page=True)
    assert left == [], left


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["fr-FR", "de-DE"])
def test_the_board_in_french_and_german(
    server: Server, new_page: Any, screenshots: Path, game: str, locale: str
) -> None:
    page = open_game(server, new_page, game, locale)
    lang = locale[:2]
    assert page.evaluate("document.documentElement.lang") == lang
    words = {
        "discovery": {"fr": "Pioche", "de": "Stapel"},
        "evolution-explore": {"fr": "L'arbre", "de": "Der Baum"},
        "evolution-bluff": {"fr": "Ères annoncées", "de": "Angesagte Epochen"},
    }[game][lang]
    shown = page.evaluate(
        "['map', 'board-panel'].map((id) => document.getElementById(id).textContent).join(' ')"
    )
    assert words in shown
    page.screenshot(path=str(screenshots / f"board-{game}-{lang}.png"), full_page=True)
