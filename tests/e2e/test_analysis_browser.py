"""The analysis on the end card: each player's mean loss and the biggest mistakes, each
shown on the replay at a click."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_at_random, wait_until
from tests.load import burning, every_core

GAME = "evolution-explore"

SEEN_PROGRESS = """() => {
  window.seenProgress = [];
  new MutationObserver(() => {
    const bar = document.querySelector("[data-testid='analysis-progress']");
    if (bar) window.seenProgress.push(bar.textContent);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""
"""Keeps every text the analysis's progress bar shows."""


def random_game(server: Server, seed: int) -> tuple[str, str]:
    """Ana playing at random against greedy, to the end: the game's id and Ana's token."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]
    return play_at_random(server, GAME, seats, seed)


def test_the_analysis_lists_mistakes_and_shows_them(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    """Random play nearly always makes a mistake the bot sees; a game where it finds none
    must say so, and the test goes on to the next game (the deals are the server's)."""
    page = new_page()
    for seed in range(4):
        game_id, token = random_game(server, seed)
        page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
        page.wait_for_selector("[data-testid='end-card']:visible")
        page.evaluate(SEEN_PROGRESS)
        page.click("[data-testid='analysis-button']")
        box = page.locator("[data-testid='analysis']")
        box.wait_for(state="visible", timeout=60_000)
        assert "Ana: " in box.inner_text() and "greedy: " in box.inner_text()
        # made in the background: its progress was shown meanwhile, then taken away
        seen = page.evaluate("window.seenProgress")
        assert any(re.search(r"decision \d+ of \d+", text) for text in seen), seen
        assert page.locator("[data-testid='analysis-progress']").count() == 0
        first = page.locator("[data-testid='mistake-0']")
        if first.count() == 0:
            assert "No mistakes found." in box.inner_text()
            continue
        ply = int(str(page.locator(".mistake").first.get_attribute("data-ply")))
        page.screenshot(path=str(screenshots / "analysis.png"))
        first.click()
        page.wait_for_selector("#replay-bar:not([hidden])")
        wait_until(
            page,
            "document.getElementById('replay-label').textContent.includes('the bot preferred')",
        )
        assert page.evaluate("document.body.dataset.ply") == str(ply)
        # the move played and the bot's best, side by side on the board and in words
        step = page.locator("[data-testid='analysis-step']")
        step.wait_for()
        assert "played" in step.inner_text() and "best" in step.inner_text()
        assert page.evaluate("document.body.dataset.hintMarks") == "played best"
        roles = page.eval_on_selector_all(
            "#map [data-testid='hint-mark']", "(marks) => marks.map((m) => m.dataset.role)"
        )
        assert {"played", "best"} <= set(roles), roles
        page.screenshot(path=str(screenshots / "analysis-step.png"))
        # stepping on: a decision the bot agreed with shows only the move played
        page.click("#replay-next")
        wait_until(page, "(p) => document.body.dataset.ply !== String(p)", ply)
        page.click("#replay-exit")
        wait_until(page, "() => !document.querySelector(\"#map [data-testid='hint-mark']\")")
        return
    raise AssertionError("the analysis found no mistake in four games of random play")


PROGRESS_TEXT = (
    "(document.querySelector(\"[data-testid='analysis-progress']\") || {}).textContent || ''"
)


def test_an_analysis_completes_under_load_and_after_a_restart(
    server: Server, new_page: Any
) -> None:
    """With every core kept busy, the analysis shows its progress; the server stops in the
    middle of it and starts again; the page keeps asking, and the analysis, resumed where
    it was stored, completes."""
    game_id, token = random_game(server, 1)
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("[data-testid='end-card']:visible")
    page.evaluate(SEEN_PROGRESS)
    with burning(every_core()):
        page.click("[data-testid='analysis-button']")
        wait_until(page, f"() => /decision [1-9]\\d* of/.test({PROGRESS_TEXT})", timeout=120_000)
        done, total = (int(n) for n in re.findall(r"\d+", page.evaluate(f"() => {PROGRESS_TEXT}")))
        assert done < total  # stopped in the middle
        server.stop()
        wait_until(page, f"() => {PROGRESS_TEXT}.includes('cannot be reached')", timeout=60_000)
        server.start()
        box = page.locator("[data-testid='analysis']")
        box.wait_for(state="visible", timeout=240_000)
    assert "Ana: " in box.inner_text()
    assert page.locator("[data-testid='analysis-progress']").count() == 0
    seen = page.evaluate("window.seenProgress")
    assert any("cannot be reached" in text for text in seen), seen
