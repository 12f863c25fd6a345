"""A page whose WebSocket stays up but never brings the bot's move (a message lost on the
server's side) reads the state again once the move is overdue, and shows it."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.conftest import Server, wait_until


def test_a_bot_move_that_never_arrives_is_read_again(server: Server, new_page: Any) -> None:
    seats = [{"kind": "bot", "bot": "greedy"}, {"kind": "human", "name": "Ana"}]
    created = server.post(
        "/api/games", {"game": "evolution-explore", "seats": seats, "bot_delay_ms": 3000}
    )
    game_id, token = created["game_id"], created["seats"][1]["token"]
    page = new_page()
    told: list[int] = []

    def handle(socket: Any) -> None:
        """Pass the first state message on, then only the server's other messages (pongs)."""
        upstream = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state":
                told.append(data["ply"])
                if len(told) > 1:
                    return
            socket.send(message)

        upstream.on_message(from_server)

    page.route_web_socket("**/ws/games/**", handle)
    page.goto(f"{server.base}/play/{game_id}?seat=1&token={token}")
    wait_until(page, "() => document.body.dataset.toMove === '0'")
    shown = int(page.evaluate("() => document.body.dataset.ply"))
    # the bot moves after 3 s; its state message is dropped on the way: the page reads
    # the state again (10 s after the move was due) and it is the person's turn
    wait_until(page, "() => document.body.dataset.toMove === '1'", timeout=45_000)
    assert len(told) > 1, "the server never sent the bot's move: nothing was lost"
    assert int(page.evaluate("() => document.body.dataset.ply")) > shown
