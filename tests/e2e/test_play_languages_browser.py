"""The play page in the reader's language (docs/web-ui.md, "Languages"): a game of The
Discovery against greedy, a few moves made by clicking and the rest over HTTP, read in French
and in German (the page's own words: the turn banner, its buttons, the replay bar), and in
the pseudo-language, where every line the page writes is marked, the server's words (the
log's moves, the scoring lines) included; only the seats' and the game's names stay as they
are. The board's own parts (its panel, its map) are its game's to translate
(test_every_game_languages_browser.py).

Screenshots (desktop and phone) are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.e2e.conftest import Server, create_from_lobby, play_until, wait_ready_to_act, wait_until
from tests.e2e.test_browser import play_one_decision

FEW_DECISIONS = 3

# the page's own words as each language writes them
WORDS = {
    "fr": {
        "turn replay": "⟲ Revoir le dernier tour",
        "turn": "tour 1",
        "you": "vous",
        "game over": "Partie terminée : ",
        "replay button": "Revoir coup par coup",
        "banner replay": "Rediffusion : coup 0 sur ",
        "label start": "Coup 0 sur ",
        "after start": "après le début",
        "after Ana": "après Ana : ",
        "back": "Retour à la fin",
        "play": "Lire la rediffusion",
        "sheet": "D'où viennent les points",
    },
    "de": {
        "turn replay": "⟲ Letzte Runde ansehen",
        "turn": "Runde 1",
        "you": "du",
        "game over": "Partie beendet: ",
        "replay button": "Zug für Zug ansehen",
        "banner replay": "Wiederholung: Zug 0 von ",
        "label start": "Zug 0 von ",
        "after start": "nach dem Start",
        "after Ana": "nach Ana: ",
        "back": "Zurück zum Ende",
        "play": "Wiederholung abspielen",
        "sheet": "Woher die Punkte kamen",
    },
}

# the lines of the page outside the board's own parts (its map, its panel, what it adds under
# a seat), the chart and the chat (their modules) and the toasts; each visible text node,
# trimmed
VISIBLE_LINES = """(withBanner) => {
  const roots = [...document.querySelectorAll(
    "main.play, #game-title, #conn, #rules-link, #score-line")];
  const skip = "#map, #board-panel, .chart, #chat-card, .toasts, #end-summary, "
    + ".player-main > :not(.player-name)";
  const lines = [];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent.trim();
      if (!text || el.closest(skip)) continue;
      if (!withBanner && el.closest("#turn-banner")) continue;
      if (el.checkVisibility()) lines.push(text);
    }
  }
  return lines;
}"""

# the names said as they are: the seats'
NAMES = "() => window.terranova.state().seats.map((s) => s.name)"

NUMBERS = re.compile(r"^[\d\s.,:;+\u2212\-·%\u00d7/()★•]*$")  # signs: minus, times


def open_game(page: Any, server: Server) -> tuple[str, str]:
    """A game of Ana against greedy from the lobby, its page open at Ana's first decision:
    the game's id and Ana's token."""
    game_id = create_from_lobby(page, server, ["human", "greedy"])
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ply]")
    wait_ready_to_act(page)
    token = parse_qs(urlparse(page.url).query)["token"][0]
    return game_id, token


def play_a_few(page: Any, seed: int) -> None:
    """A few decisions made by clicking on the page, each answered by the bot."""
    rng = random.Random(seed)
    for _ in range(FEW_DECISIONS):
        play_one_decision(page, rng)
        wait_ready_to_act(page)


def finish(page: Any, server: Server, game_id: str, token: str, seed: int) -> None:
    """The rest of the game played at random over HTTP; the page shows its end (the moves
    come fast: a page whose socket the server dropped for lagging reads it again)."""
    play_until(server, game_id, token, seed)
    page.wait_for_selector("[data-testid='end-card']:not([hidden])", timeout=60_000)
    wait_until(page, "document.body.dataset.status === 'finished'")


def shoot(page: Any, screenshots: Path, name: str) -> None:
    """A screenshot at a desktop's width and one at a phone's (390 by 844)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(screenshots / f"{name}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(screenshots / f"{name}-phone.png"), full_page=True)
    page.locator("aside.sidebar").screenshot(path=str(screenshots / f"{name}-phone-panel.png"))
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("de-DE", "de")])
def test_a_game_in_the_browsers_language(
    server: Server, new_page: Any, screenshots: Path, locale: str, lang: str
) -> None:
    words = WORDS[lang]
    page = new_page(locale=locale)
    game_id, token = open_game(page, server)
    assert page.evaluate("document.documentElement.lang") == lang
    play_a_few(page, seed=7)
    assert page.inner_text("[data-testid='turn-replay']") == words["turn replay"]
    assert words["turn"] in page.locator(".log-turn-number").all_inner_texts()
    assert page.inner_text("[data-testid='player-0'] .tag.you") == words["you"]
    shoot(page, screenshots, f"play-{lang}")

    finish(page, server, game_id, token, seed=11)
    assert page.inner_text("[data-testid='turn-banner']").startswith(words["game over"])
    assert page.inner_text("#replay-button") == words["replay button"]
    assert page.inner_text("[data-testid='points-sheet'] h3") == words["sheet"]
    shoot(page, screenshots, f"play-end-{lang}")

    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    wait_until(page, "document.getElementById('replay-label').textContent !== ''")
    assert page.inner_text("[data-testid='turn-banner']").startswith(words["banner replay"])
    label = page.inner_text("#replay-label")
    assert label.startswith(words["label start"]) and words["after start"] in label, label
    assert page.inner_text("#replay-exit") == words["back"]
    assert page.get_attribute("#replay-play", "aria-label") == words["play"]
    page.click("#replay-next")
    wait_until(page, "document.getElementById('replay-label').textContent.includes(' 1 ')")
    assert words["after Ana"] in page.inner_text("#replay-label")
    shoot(page, screenshots, f"play-replay-{lang}")


def unmarked(page: Any, with_banner: bool) -> list[str]:
    """The page's visible lines that are neither marked as the pseudo-language marks its
    messages nor names nor numbers."""
    allowed = set(page.evaluate(NAMES)) | {"The Discovery", "Terranova"}
    lines = page.evaluate(VISIBLE_LINES, with_banner)
    return [x for x in lines if "⟦" not in x and x not in allowed and not NUMBERS.match(x)]


def test_every_line_of_the_page_is_its_languages(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """In the pseudo-language every message shows as ⟦…⟧: a line without is English left
    over. While the game is played the banner is the board's (its game's words)."""
    page = new_page()
    page.context.add_cookies([{"name": "terranova_lang", "value": "xx", "url": server.base}])
    game_id, token = open_game(page, server)
    assert page.evaluate("document.documentElement.lang") == "xx"
    play_a_few(page, seed=3)
    assert unmarked(page, with_banner=False) == []
    assert "⟦" in page.inner_text("[data-testid='turn-replay']")
    shoot(page, screenshots, "play-xx")

    finish(page, server, game_id, token, seed=5)
    assert unmarked(page, with_banner=True) == []
    shoot(page, screenshots, "play-end-xx")

    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#replay-next")
    wait_until(page, "document.getElementById('replay-label').textContent.includes(' 1 ')")
    lines = page.evaluate(VISIBLE_LINES, True)
    assert any(line.startswith("⟦") for line in lines), lines
    assert unmarked(page, with_banner=True) == []
    shoot(page, screenshots, "play-replay-xx")
