"""Chat in the browser: two people seated at a table and a spectator chat there (the
spectator's messages marked), a message written as HTML is shown as text, and the lobby
shows who is online."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server, wait_until

# the same accounts in each test, and the lobby's list of who is online
pytestmark = pytest.mark.own_server

HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
HTML = "<b>x</b><script>window.chatInjected = 1</script><img src=x onerror='window.chatInjected=2'>"


def sign_up(page: Any, server: Server, name: str) -> None:
    """Sign up in the page's browser (e-mail is off: it signs in at once)."""
    page.goto(server.base + "/")
    status = page.evaluate(
        """async (name) => (await fetch("/api/account", {
            method: "POST", headers: {"Content-Type": "application/json"},
            body: JSON.stringify({email: `${name.toLowerCase()}@example.org`, name,
                                  password: "correct horse battery"}),
        })).status""",
        name,
    )
    assert status == 200


def say(page: Any, text: str) -> None:
    page.fill("[data-testid='chat'] [data-testid='chat-input']", text)
    page.click("[data-testid='chat'] [data-testid='chat-send']")


def chat_count(page: Any, count: int) -> None:
    wait_until(
        page,
        f"document.querySelectorAll('[data-testid=chat-message]').length === {count}",
    )


def test_seats_and_a_spectator_chat_at_a_table(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    pages = {name: new_page() for name in ("Ana", "Bo", "Cy")}
    for name, page in pages.items():
        sign_up(page, server, name)
    created = server.post("/api/games", {"game": "discovery", "seats": HUMANS})
    game_id = created["game_id"]
    for seat, name in enumerate(("Ana", "Bo")):
        token = created["seats"][seat]["token"]
        pages[name].goto(f"{server.base}/play/{game_id}?seat={seat}&token={token}")
    pages["Cy"].goto(f"{server.base}/play/{game_id}")
    for page in pages.values():
        page.wait_for_selector("body[data-ply]")
        page.wait_for_selector("[data-testid='chat'] [data-testid='chat-input']")

    say(pages["Ana"], "good luck")
    say(pages["Cy"], "enjoying the game")
    for page in pages.values():
        chat_count(page, 2)
    say(pages["Bo"], HTML)
    for page in pages.values():
        chat_count(page, 3)
    ana = pages["Ana"]
    texts = ana.locator("[data-testid='chat-text']").all_inner_texts()
    assert texts == ["good luck", "enjoying the game", HTML]
    messages = ana.locator("[data-testid='chat-message']")
    assert messages.nth(1).locator("[data-testid='spectator-tag']").count() == 1
    assert messages.nth(0).locator("[data-testid='spectator-tag']").count() == 0
    assert messages.nth(2).locator("[data-testid='spectator-tag']").count() == 0
    assert ana.locator("[data-testid='chat-list'] b, [data-testid='chat-list'] img").count() == 0
    assert ana.evaluate("window.chatInjected") is None
    # a mute button on the others' messages, none on one's own
    assert messages.nth(0).locator("[data-testid='chat-mute']").count() == 0
    assert messages.nth(1).locator("[data-testid='chat-mute']").count() == 1
    ana.locator("[data-testid='chat']").screenshot(path=str(screenshots / "chat-table.png"))

    # the history comes back after reconnecting
    ana.reload()
    ana.wait_for_selector("body[data-ply]")
    chat_count(ana, 3)

    # a guest reads, and is asked to sign in to write
    guest = new_page()
    guest.goto(f"{server.base}/play/{game_id}")
    chat_count(guest, 3)
    wait_until(
        guest,
        "document.querySelector('[data-testid=chat-note]').textContent.includes('Sign in to chat')",
    )
    assert guest.locator("[data-testid='chat-input']").is_hidden()


def test_the_lobby_chat_shows_who_is_online(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    ana, bo = new_page(), new_page(width=390, height=844)
    sign_up(ana, server, "Ana")
    sign_up(bo, server, "Bo")
    for page in (ana, bo):
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready='1']")
    for page in (ana, bo):
        wait_until(page, "document.querySelectorAll('[data-testid=online-person]').length === 2")
    assert ana.locator("[data-testid='online-person']").all_inner_texts() == ["Ana", "Bo"]
    say(bo, "anyone for a game?")
    chat_count(ana, 1)
    assert ana.locator("[data-testid='chat-text']").inner_text() == "anyone for a game?"
    bo.close()
    wait_until(ana, "document.querySelectorAll('[data-testid=online-person]').length === 1")
    ana.locator("[data-testid='chat']").screenshot(path=str(screenshots / "chat-lobby.png"))
