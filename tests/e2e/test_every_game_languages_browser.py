"""Every game in the reader's language (docs/web-ui.md, "Languages").

In the pseudo-language ``xx`` every message shows as ``⟦…⟧``: a few decisions of each game
are played from its page, and then no visible text of the page, the board, the log, the
banners and the score sheet included, is English left outside the catalogs, and none is cut
off though each message is 40 % longer. Only names are said as they are: the seats', the
games' and the brand's, and the cards' and eras' a game's data gives in each language.

In French and German a whole game is played, Explore in French and Entdecker in German (a
few decisions made by its page, the rest sent over HTTP while the page is away, then the
page opened again on the finished game): its log, its score sheet and its end say the
server's words in the page's language, as the catalogs say them.

Screenshots are saved to out/screenshots/ (see conftest.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from terranova.core.i18n import from_data
from tests.e2e.conftest import Server, play_until, wait_ready_to_act, wait_until

GAMES = ["discovery", "evolution-explore", "evolution-bluff", "entdecker", "small-islands"]
FEW_DECISIONS = 4

# the names said as they are (see the module's docstring)
NAMED = """const named = (() => {
  const state = window.terranova.state();
  const board = window.terranova.board;
  const out = new Set(["Terranova", state.game]);
  for (const seat of state.seats) out.add(seat.name);
  for (const card of board && board.cards ? board.cards.values() : []) {
    for (const word of [card.name_fr, card.name_en, card.name_de, card.family]) out.add(word);
  }
  for (const era of board && board.eras ? board.eras.values() : []) {
    for (const word of [era.name_fr, era.name_en, era.name_de]) out.add(word);
  }
  const title = document.getElementById("game-title");
  if (title) out.add(title.textContent.trim());
  return out;
})();
const words = (el) => el.textContent.replace(/\u00ad/g, "").trim();"""

# every visible text node of the page with two letters in it, but those of a key (kbd),
# what is hidden, and the names
UNMARKED = """() => {
  NAMED
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("kbd, [hidden], script, style, title")) continue;
    if (!el.getClientRects().length) continue;
    const text = node.textContent.replace(/\u00ad/g, "").trim();
    if (!/[A-Za-z]{2}/.test(text) || text.includes("⟦") || text.includes("⟧")) continue;
    if (named.has(text)) continue;
    out.push(text);
  }
  return out;
}""".replace("NAMED", NAMED)

# text cut off: an element whose words run past its box where the box does not let them
# show (but those only a screen reader reads, and the names, which are not lengthened:
# a card shortens its English name with an ellipsis where it has no room)
OVERFLOWING = """() => {
  NAMED
  return [...document.querySelectorAll("body *")]
    .filter((el) => !el.closest("svg, .sr-only") && el.getClientRects().length
      && el.children.length === 0 && words(el) && !named.has(words(el)) && el.clientWidth > 1
      && el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== "visible")
    .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${words(el)}`);
}""".replace("NAMED", NAMED)


def open_game(server: Server, page: Any, game: str) -> tuple[str, str]:
    """A new game of Ana against a random bot, its page open at Ana's first decision: the
    game's id and Ana's token."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}]
    created = server.post("/api/games", {"game": game, "seats": seats, "bot_delay_ms": 0})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ply]")
    wait_ready_to_act(page)
    return game_id, token


def decide(page: Any, rng: random.Random) -> None:
    """One decision of the page's seat, a legal move at random sent by the page itself (the
    path its board's controls take); then the page is ready for the next."""
    before = int(page.evaluate("document.body.dataset.ply"))
    legal = page.evaluate("window.terranova.state().legal")
    assert legal, "the page's seat has nothing to decide"
    page.evaluate("(text) => window.terranova.send(text)", rng.choice(legal))
    wait_ready_to_act(page, after_ply=before)


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_every_game_is_a_message(
    server: Server, new_page: Any, screenshots: Path, game: str
) -> None:
    page = new_page(1280, 860)
    page.context.add_cookies([{"name": "terranova_lang", "value": "xx", "url": server.base}])
    open_game(server, page, game)
    assert page.evaluate("document.documentElement.lang") == "xx"
    rng = random.Random(5)
    for _step in range(FEW_DECISIONS):
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        decide(page, rng)
    wait_until(page, "window.terranova.state().log.length > 0")
    page.screenshot(path=str(screenshots / f"{game}-every-text-xx.png"), full_page=True)
    unmarked = page.evaluate(UNMARKED)
    assert unmarked == [], "\n".join(unmarked)
    cut = page.evaluate(OVERFLOWING)
    assert cut == [], "\n".join(cut)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(screenshots / f"{game}-every-text-xx-phone.png"), full_page=True)
    cut = page.evaluate(OVERFLOWING)
    assert cut == [], "\n".join(cut)


def server_words(page: Any, lang: str) -> dict[str, list[tuple[str, str]]]:
    """The server's words the page shows, as the catalogs say them in ``lang`` and in
    English: the log's moves and the score sheet's lines."""
    state = page.evaluate("window.terranova.state()")
    log = [(from_data(e["says"]), e["says"]) for e in state["log"] if e.get("says")]
    lines = [(from_data(x["what"]), x["what"]) for x in state["view"].get("scoring", [])]
    return {
        "log": [(str(w.render(lang)), str(w)) for w, _data in log],
        "sheet": [(str(w.render(lang)), str(w)) for w, _data in lines],
    }


@pytest.mark.parametrize(
    ("game", "locale", "lang", "over"),
    [
        ("evolution-explore", "fr-FR", "fr", "Partie terminée"),
        ("entdecker", "de-DE", "de", "Partie beendet"),
    ],
)
def test_a_whole_game_in_its_language(
    server: Server, new_page: Any, screenshots: Path, game: str, locale: str, lang: str, over: str
) -> None:
    page = new_page(1280, 860, locale=locale)
    game_id, token = open_game(server, page, game)
    assert page.evaluate("document.documentElement.lang") == lang
    rng = random.Random(3)
    for _step in range(FEW_DECISIONS):
        decide(page, rng)
    page.screenshot(path=str(screenshots / f"{game}-whole-{lang}-start.png"))
    # the rest of the game with the page away (drawing each of hundreds of moves would cost
    # the browser more than all the rest), then the page back on the finished game
    play_url = page.url
    page.goto("about:blank")
    play_until(server, game_id, token, seed=9)
    page.goto(play_url)
    wait_until(page, "document.body.dataset.status === 'finished'", timeout=60_000)
    page.wait_for_selector("[data-testid='end-card']:not([hidden])")
    assert page.inner_text("[data-testid='turn-banner']").startswith(over)
    page.screenshot(path=str(screenshots / f"{game}-whole-{lang}-end.png"), full_page=True)

    words = server_words(page, lang)
    translated = [said for said, english in words["log"] if said != english]
    assert translated, "no move of the log is said other than in English"
    sheet = page.text_content("[data-testid='points-sheet']") or ""  # its events folded
    assert any(said in sheet for said, _english in words["sheet"]), words["sheet"][:3]
    for said, english in words["sheet"]:
        if said != english:
            assert english not in sheet, f"{english!r} is on the sheet, not {said!r}"
    # the log (which a board may word itself) says no move in English
    log_text = " ".join(page.locator(".log-text").all_inner_texts())
    assert log_text
    for said, english in words["log"]:
        if said != english:
            assert english not in log_text, f"{english!r} is in the log, not {said!r}"
