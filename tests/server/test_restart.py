"""The server as a real process: killed with SIGKILL mid-game and started again, every game
is exactly where it was, bots carry on, and play goes on."""

from __future__ import annotations

import random
from pathlib import Path

from tests.server.process import server

from terranova.records import GameRecord, replay

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}


def test_killed_and_started_again(database_url: str, tmp_path: Path) -> None:
    rng = random.Random(5)
    with server(database_url, tmp_path / "server.log") as srv:
        srv.start()
        # a human against two bots, hidden hands, part played
        vs_bots = srv.create(
            [HUMAN, GREEDY, RANDOM],
            params={"hand": 2, "hand_visibility": "private"},
            bot_delay_ms=0,
        )
        bots_id, bots_token = vs_bots["game_id"], vs_bots["seats"][0]["token"]
        for _ in range(6):
            state = srv.wait_turn(bots_id, 0, bots_token)
            srv.act(bots_id, 0, bots_token, rng.choice(state["legal"]), state["ply"])
        srv.wait_turn(bots_id, 0, bots_token)
        # two people
        friends = srv.create([HUMAN, HUMAN2])
        friends_id = friends["game_id"]
        tokens = [s["token"] for s in friends["seats"]]
        for _ in range(5):
            summary = srv.get(f"/api/games/{friends_id}")
            seat = summary["to_move"]
            state = srv.state(friends_id, seat, tokens[seat])
            srv.act(friends_id, seat, tokens[seat], rng.choice(state["legal"]), state["ply"])
        # bots only, slow enough to be killed in the middle
        auto = srv.create([GREEDY, RANDOM], bot_delay_ms=10)
        auto_id = auto["game_id"]
        seen = srv.wait(auto_id, None, None, lambda s: s["ply"] >= 10)

        who: list[tuple[str, int | None, str | None]] = [
            (bots_id, 0, bots_token),
            (bots_id, None, None),
            (friends_id, 0, tokens[0]),
            (friends_id, 1, tokens[1]),
            (friends_id, None, None),
        ]
        views = [srv.state(*w) for w in who]
        summaries = [srv.get(f"/api/games/{g}") for g in (bots_id, friends_id)]
        srv.kill()

        srv.start()
        assert [srv.state(*w) for w in who] == views
        assert [srv.get(f"/api/games/{g}") for g in (bots_id, friends_id)] == (summaries)

        # play goes on where it was
        state = srv.wait_turn(bots_id, 0, bots_token)
        assert state == views[0]
        for _ in range(3):
            state = srv.wait_turn(bots_id, 0, bots_token)
            srv.act(bots_id, 0, bots_token, rng.choice(state["legal"]), state["ply"])
        after = srv.wait_turn(bots_id, 0, bots_token)
        assert after["ply"] > state["ply"]

        # the bot game was resumed and finished; its past is what was seen before the kill
        done = srv.wait(auto_id, None, None, lambda s: s["status"] == "finished")
        record = GameRecord.from_dict(srv.get(f"/api/games/{auto_id}/record"))
        assert replay(record).is_terminal()
        past = srv.get(f"/api/games/{auto_id}/replay/{seen['ply']}")
        for key in ("ply", "view", "log", "scores_by_turn"):
            assert past[key] == seen[key], key
        assert done["log"][: len(seen["log"])] == seen["log"]
        srv.kill()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "Logging error" not in log
    assert "token=…" in log  # request lines are logged with the tokens left out
    for token in (bots_token, *tokens):
        assert token not in log
