"""The replay of a finished game as a seat saw it: an Entdecker player's own hut tokens
shown, not "?" as a spectator sees them until the end."""

from __future__ import annotations

from typing import Any

GREEDY = {"kind": "bot", "bot": "greedy"}


def hut_tokens(message: dict[str, Any]) -> list[str | None]:
    return [hut["token"] for hut in message["view"]["huts"]]


def test_a_replay_shows_a_seat_its_own_hut_tokens(api: Any) -> None:
    created = api.create([GREEDY, GREEDY], game="entdecker", params={"players": 2})
    game_id = created["game_id"]
    api.wait_idle(120)
    summary = api.client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "finished"
    checked = 0
    for ply in range(summary["ply"] // 2, summary["ply"], 7):
        watched = api.client.get(f"/api/games/{game_id}/replay/{ply}").json()
        assert watched["seat"] is None and watched["legal"] == []
        for seat in (0, 1):
            seen = api.client.get(f"/api/games/{game_id}/replay/{ply}?seat={seat}").json()
            assert seen["seat"] == seat and seen["legal"] == [] and seen["ply"] == ply
            for hut, spectator, mine in zip(
                seen["view"]["huts"], hut_tokens(watched), hut_tokens(seen), strict=True
            ):
                if seat in hut["seen_by"] and spectator == "?":
                    assert mine not in ("?", None)  # the seat's own token, shown
                    checked += 1
                elif spectator == "?":
                    assert mine == "?"  # another's stays hidden, as it was then
    assert checked, "no hut token hidden from a spectator in this game"
    response = api.client.get(f"/api/games/{game_id}/replay/1?seat=5")
    assert response.status_code == 404
