"""The Discovery's board reads moves as data (their ``kind`` and ``fields``): a move not made
(``showHint``: the hint, or an analysis's move played and best) is drawn where the move
would act, and another seat's newest moves arrive on the map (the tile laid slides in, the
follower deployed appears), once. The board is made in the page from its module, as the
guide's test does, and fed the server's own state messages one by one; each mark is
checked against what the move did once it was played."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.conftest import Server

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}

MAKE_BOARD = """async (gameId) => {
    const { createBoard } = await import('/static/games/discovery/board.js');
    const components = await (await fetch(`/api/games/${gameId}/components`)).json();
    const map = document.createElement('div');
    map.id = 'test-map';
    map.style.cssText = 'position: fixed; left: 0; top: 0; width: 900px; height: 700px; z-index: 9';
    document.body.append(map);
    window.board = createBoard({
        map, panel: document.createElement('div'), components, seat: 0,
        send() {}, seatName: (s) => `seat ${s}`, toast() {},
    });
    // every piece given the class "arriving", in order
    window.arrivals = new MutationObserver(() => {});
    window.arrivals.observe(map, {
        subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['class'],
    });
    window.arrived = () => window.arrivals.takeRecords()
        .filter((r) => r.target.classList.contains('arriving')
            && !(r.oldValue || '').includes('arriving'))
        .map((r) => ({
            piece: r.target.classList.contains('tile') ? 'tile' : 'follower',
            x: Number(r.target.dataset.x), y: Number(r.target.dataset.y),
            region: r.target.dataset.region === undefined ? null : Number(r.target.dataset.region),
        }));
}"""

UPDATE = """([message, since]) => {
    window.board.update(message, { live: true, since });
    return window.arrived();
}"""

HINT_MARKS = """(marks) => {
    if (marks !== null) window.board.showHint(marks);
    return [...document.querySelectorAll("#test-map [data-testid='hint-mark']")].map((el) => {
        const tile = el.querySelector('.hint-tile');
        const box = el.getBoundingClientRect();
        return {
            role: el.dataset.role, kind: el.dataset.kind,
            x: Number(el.dataset.x), y: Number(el.dataset.y),
            region: el.dataset.region === undefined ? null : Number(el.dataset.region),
            rotation: el.dataset.rotation === undefined ? null : Number(el.dataset.rotation),
            transform: el.getAttribute('transform'),
            tile: tile && {
                transform: tile.getAttribute('transform'),
                body: tile.querySelector('.tile-body').innerHTML,
            },
            shown: box.width > 0 && box.height > 0,
        };
    });
}"""

PIECE = """([selector]) => {
    const el = document.querySelector(`#test-map ${selector}`);
    return el && {
        transform: el.getAttribute('transform'),
        body: el.querySelector('.tile-body')?.innerHTML ?? null,
    };
}"""


def ana_to_move(server: Server, game_id: str, token: str, after: int) -> dict[str, Any]:
    """Ana's state once she has something to decide at a ply past ``after`` (the greedy
    bot's turn comes in between)."""
    deadline = time.monotonic() + 60
    while True:
        state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
        if state["legal"] and state["ply"] > after:
            return dict(state)
        assert state["status"] == "playing" and time.monotonic() < deadline, state
        time.sleep(0.05)


def play(
    server: Server, game_id: str, token: str, state: dict[str, Any], move: dict[str, Any]
) -> dict[str, Any]:
    """Ana plays ``move`` (one of ``state``'s moves); her next state."""
    body = {"seat": 0, "token": token, "action": move["text"], "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", body)
    return ana_to_move(server, game_id, token, state["ply"])


def of_kind(state: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [m for m in state["moves"] if m["kind"] == kind]


def last_own(state: dict[str, Any]) -> int | None:
    mine = [e["ply"] for e in state["log"] if e["seat"] == 0]
    return mine[-1] if mine else None


def new_game(server: Server, page: Any) -> tuple[str, str, dict[str, Any]]:
    """A game of Ana against greedy, the board made on ``page``; Ana's first state."""
    created = server.post(
        "/api/games", {"game": "discovery", "seats": [ANA, GREEDY], "bot_delay_ms": 0}
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page.goto(server.base + "/")
    page.evaluate(MAKE_BOARD, game_id)
    return game_id, token, ana_to_move(server, game_id, token, -1)


def test_a_move_not_made_is_drawn_where_it_would_act(server: Server, new_page: Any) -> None:
    page = new_page()
    game_id, token, placing = new_game(server, page)

    # a follower deployed: drawn where the follower then stands, on the tile just laid
    deciding = play(server, game_id, token, placing, of_kind(placing, "Place")[0])
    assert deciding["view"]["phase"] == "follower"
    page.evaluate(UPDATE, [deciding, last_own(deciding)])
    deploy = of_kind(deciding, "Deploy")[-1]
    [mark] = page.evaluate(HINT_MARKS, [{"move": deploy, "role": "hint"}])
    laid = deciding["view"]["just_placed"]
    region = deploy["fields"]["region"]
    assert (mark["role"], mark["kind"], mark["x"], mark["y"], mark["region"]) == (
        "hint",
        "Deploy",
        laid["x"],
        laid["y"],
        region,
    )
    assert mark["shown"]
    placing = play(server, game_id, token, deciding, deploy)
    page.evaluate(UPDATE, [placing, last_own(placing)])
    assert len(page.evaluate(HINT_MARKS, None)) == 1  # kept over an update
    follower = f".follower[data-x='{laid['x']}'][data-y='{laid['y']}'][data-region='{region}']"
    stands = page.evaluate(PIECE, [follower])
    assert stands is not None and stands["transform"] == mark["transform"]

    # a placement: the tile on its square, turned as it is then laid
    places = of_kind(placing, "Place")
    place = next((m for m in places if m["fields"]["rotation"]), places[-1])  # turned, if any
    fields = place["fields"]
    [mark] = page.evaluate(HINT_MARKS, [{"move": place, "role": "hint"}])
    assert (mark["kind"], mark["x"], mark["y"], mark["rotation"]) == (
        "Place",
        fields["x"],
        fields["y"],
        fields["rotation"],
    )
    assert mark["tile"] is not None and mark["shown"]
    deciding = play(server, game_id, token, placing, place)
    page.evaluate(UPDATE, [deciding, last_own(deciding)])
    tile = page.evaluate(
        PIECE, [f".layer-tiles .tile[data-x='{fields['x']}'][data-y='{fields['y']}']"]
    )
    assert tile == mark["tile"]

    # in an analysis's replay: the move played and the bot's best, side by side; a
    # follower taken back is ringed where it stands, a pass is marked on the tile just laid
    [remove] = of_kind(deciding, "Remove")
    [pass_] = of_kind(deciding, "Pass")
    marks = page.evaluate(
        HINT_MARKS, [{"move": pass_, "role": "played"}, {"move": remove, "role": "best"}]
    )
    assert [(m["role"], m["kind"]) for m in marks] == [("played", "Pass"), ("best", "Remove")]
    assert all(m["shown"] for m in marks)
    laid = deciding["view"]["just_placed"]
    assert (marks[0]["x"], marks[0]["y"]) == (laid["x"], laid["y"])
    taken = remove["fields"]
    assert (marks[1]["x"], marks[1]["y"], marks[1]["region"]) == (
        taken["x"],
        taken["y"],
        taken["region"],
    )
    where = (
        f".follower[data-x='{taken['x']}'][data-y='{taken['y']}'][data-region='{taken['region']}']"
    )
    assert page.evaluate(PIECE, [where])["transform"] == marks[1]["transform"]

    assert page.evaluate(HINT_MARKS, []) == []  # showHint([]) clears them


def test_another_seats_moves_arrive_once(server: Server, new_page: Any) -> None:
    page = new_page()
    game_id, token, placing = new_game(server, page)
    page.evaluate(UPDATE, [placing, last_own(placing)])

    # Ana's own moves do not arrive
    deciding = play(server, game_id, token, placing, of_kind(placing, "Place")[0])
    assert page.evaluate(UPDATE, [deciding, last_own(deciding)]) == []

    # the greedy bot's turn after her pass: its tile slides in, the follower it deployed
    # (if it did) appears; a follower it took back leaves no piece to arrive
    placing = play(server, game_id, token, deciding, of_kind(deciding, "Pass")[0])
    passed = last_own(placing)
    assert passed is not None
    theirs = [e for e in placing["log"] if e["seat"] == 1 and e["ply"] > passed]
    laid = next(e["fields"] for e in theirs if e["kind"] == "Place")
    expected = [{"piece": "tile", "x": laid["x"], "y": laid["y"], "region": None}]
    expected += [
        {"piece": "follower", "x": laid["x"], "y": laid["y"], "region": e["fields"]["region"]}
        for e in theirs
        if e["kind"] == "Deploy"
    ]
    assert page.evaluate(UPDATE, [placing, passed]) == expected

    # not again at a redraw of the same position
    assert page.evaluate(UPDATE, [placing, passed]) == []
