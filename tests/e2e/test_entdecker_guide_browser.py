"""Entdecker's first-game guide: a game against greedy created with "First game: guide me";
at each of Ana's first decisions the guide card shows Entdecker's own tip for the step of
the turn (the start, announcing and paying, drawing, laying a tile, a unit or stopping, a
jungle path), and the tip changes with the step as Ana plays by clicking the board.

The screenshot is saved to out/screenshots/guide-entdecker.png (see conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, click_and_wait, create_from_lobby, phase, wait_ready_to_act

TIP = "[data-testid='guide-tip']"

# a phrase of the board's tip for each step (board.js, guide())
PHRASES = {
    "wheel": ["The ship's wheel: click the gold you want"],
    "start": ["Choose a start:", "Choose where your ship sails in"],
    "announce": ["Click a number to buy this turn's tiles"],
    "explore": [
        "Claim the new tile's land",
        "Click Draw a hidden tile",
        "Click an open stack",
        "No unit can go on this tile",
        "Your voyage is over",
    ],
    "place": [
        "This tile fits, so it must be laid",
        "A storm tile",
        "Pirates: this tile must be laid",
        "A mine: laying it",
        "Friendly natives: laying it",
    ],
    "natives": ["Friendly natives give you a free scout"],
    "path": ["Your scout from the scored island goes into the jungle"],
}


def decide(page: Any) -> str:
    """Make Ana's decision by clicking the board (cheap starts, a few hidden tiles, a unit
    when one may go on the new tile). Returns the action played."""
    now = phase(page)
    if now == "wheel":
        return click_and_wait(page, "[data-testid='wheel']")
    if now == "start":
        starts = page.locator("[data-testid='start']").all()
        choice = min(starts, key=lambda s: int(s.get_attribute("data-cost") or 0))
        if int(choice.get_attribute("data-routes") or 1) > 1:
            choice.click()
            return click_and_wait(page, "[data-testid='route']")
        return click_and_wait(page, choice)
    if now == "announce":
        hidden = page.locator(".announce-row[data-kind='hidden'] [data-testid='announce']").all()
        return click_and_wait(page, hidden[min(2, len(hidden) - 1)])
    if now == "explore":
        for testid in ("unit-target", "draw", "take", "stop"):
            if page.locator(f"[data-testid='{testid}']").count():
                return click_and_wait(page, f"[data-testid='{testid}']")
    if now == "place":
        if not page.locator("[data-testid='spot']").count():
            page.locator(".spot.other").first.click()  # the tile fits turned another way
        return click_and_wait(page, "[data-testid='spot']")
    if now in ("path", "natives"):
        return click_and_wait(page, "[data-testid='path']")
    return click_and_wait(page, "[data-testid='other']")


def test_the_guide_tells_each_step_of_an_entdecker_turn(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page(1280, 860)
    create_from_lobby(page, server, ["human", "greedy"], game="entdecker", guide=True)
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-ready='1']")
    wait_ready_to_act(page)
    page.wait_for_selector("[data-testid='guide']:visible")

    seen: dict[str, str] = {}
    shot = False
    previous: tuple[str, str] | None = None
    for decision in range(1, 9):
        if page.evaluate("document.body.dataset.status") != "playing":
            break
        step = phase(page)
        tip = page.inner_text(TIP)
        assert f"Tip for your decision {decision} of 10" in page.inner_text("#guide")
        assert any(p in tip for p in PHRASES[step]), f"step {step}: {tip!r}"
        assert len(tip) <= 220, tip
        if previous is not None and previous[0] != step:
            assert tip != previous[1], "the tip changes with the step"
        seen.setdefault(step, tip)
        # readable in the sidebar: the card inside it, no text cut off
        fits = page.evaluate(
            """() => {
                const card = document.getElementById('guide').getBoundingClientRect();
                const side = document.querySelector('.sidebar').getBoundingClientRect();
                const tip = document.querySelector("[data-testid='guide-tip']");
                return card.left >= side.left - 1 && card.right <= side.right + 1
                    && tip.scrollWidth <= tip.clientWidth + 1;
            }"""
        )
        assert fits, "the guide card fits the sidebar"
        if step == "place" and not shot:
            page.locator("#guide").scroll_into_view_if_needed()
            page.screenshot(path=str(screenshots / "guide-entdecker.png"))
            shot = True
        previous = (step, tip)
        decide(page)
        wait_ready_to_act(page)
    assert {"start", "announce", "explore"} <= set(seen), seen
    if not shot:
        page.screenshot(path=str(screenshots / "guide-entdecker.png"))
    print("tips seen:", seen)
