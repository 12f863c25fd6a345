"""Each game's browser board, served from the game's own package (``GameInfo.web``) at
``/static/games/<id>/``: its files with their content types, nothing outside its folder,
and no board (the generic one) for a game that declares none."""

from __future__ import annotations

import dataclasses
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from terranova.core import registry
from terranova.core.registry import GameInfo, game_info, games
from terranova.server.game_files import web_directory
from terranova.server.settings import STATIC_DIR as STATIC

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
TYPES = {".js": "text/javascript", ".css": "text/css", ".md": "text/markdown"}


def served(api: Any, url: str, suffix: str) -> bytes:
    """The file at ``url``, checked: 200, its content type, revalidated like /static/."""
    response = api.client.get(url)
    assert response.status_code == 200, url
    assert response.headers["content-type"].split(";")[0] == TYPES[suffix], url
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["etag"]
    again = api.client.get(url, headers={"if-none-match": response.headers["etag"]})
    assert again.status_code == 304
    return bytes(response.content)


@pytest.fixture
def game_like(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Registers, for this test only, a copy of The Discovery under a new id with another
    ``web``."""
    games()  # the installed games first

    def register(web: str | None) -> GameInfo:
        base = game_info("discovery")
        info = dataclasses.replace(base, id=f"copy-{uuid.uuid4().hex[:8]}", aliases=(), web=web)
        monkeypatch.setitem(registry._REGISTRY, info.id, info)
        return info

    yield register


def test_the_games_declare_their_boards() -> None:
    declared = {i.id: i.web for i in games().values()}
    assert declared["discovery"] == "terranova.games.discovery.web"
    # both games of the same deck share one board (it tells them apart by view.mode)
    assert declared["evolution-explore"] == declared["evolution-bluff"]
    assert declared["evolution-bluff"] == "terranova.games.evolution.web"


def test_every_file_of_every_board_is_served(api: Any) -> None:
    catalog = {g["id"]: g for g in api.client.get("/api/catalog").json()["games"]}
    boards = [info for info in games().values() if info.web is not None]
    assert len(boards) >= 3
    for info in boards:
        folder = web_directory(info)
        assert folder is not None and (folder / "board.js").is_file(), info.id
        assert (folder / "board.css").is_file(), info.id  # ours all have a stylesheet
        assert catalog[info.id]["board"] == f"/static/games/{info.id}/board.js"
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                name = path.relative_to(folder).as_posix()
                body = served(api, f"/static/games/{info.id}/{name}", path.suffix)
                assert body == path.read_bytes()


def test_a_game_summary_says_where_its_board_is(api: Any) -> None:
    created = api.create([HUMAN, GREEDY])
    summary = api.client.get(f"/api/games/{created['game_id']}").json()
    assert summary["board"] == "/static/games/discovery/board.js"


@pytest.mark.parametrize(
    "path",
    [
        "missing.js",
        "",
        "%2e%2e/%2e%2e/common.js",  # the page's own files: under /static/ only
        "..%2f..%2fcommon.js",
        "%2e%2e/render.py",  # the game's package, beside its web folder
        "%2e%2e/data/tiles.toml",
        "%2e%2e/%2e%2e/evolution/web/board.js",
        "%2e%2e/%2e%2e/%2e%2e/core/registry.py",
        "/etc/hostname",
        "%2fetc%2fhostname",
    ],
)
def test_nothing_outside_a_board_is_served(api: Any, path: str) -> None:
    response = api.client.get(f"/static/games/discovery/{path}")
    assert response.status_code == 404, response.text
    assert response.json()["detail"] == "Not Found"
    assert response.json()["code"] == "not_found"


def test_unknown_games_and_other_methods(api: Any) -> None:
    for url in (
        "/static/games/no-such-game/board.js",
        "/static/games/evolution/board.js",  # an alias: boards go by the game's id
        "/static/games/discovery",
        "/static/games/",
        "/static/games/%2e%2e/common.js",
    ):
        assert api.client.get(url).status_code == 404, url
    refused = api.client.post("/static/games/discovery/board.js")
    assert refused.status_code == 405
    assert api.client.head("/static/games/discovery/board.js").status_code == 200


def test_a_game_without_a_board_falls_back(api: Any, game_like: Any) -> None:
    info = game_like(None)
    catalog = {g["id"]: g for g in api.client.get("/api/catalog").json()["games"]}
    assert catalog[info.id]["board"] is None  # the play page shows the generic board
    created = api.create([HUMAN, GREEDY], game=info.id)
    summary = api.client.get(f"/api/games/{created['game_id']}").json()
    assert summary["board"] is None
    assert api.client.get(f"/static/games/{info.id}/board.js").status_code == 404
    served(api, "/static/boards/generic.js", ".js")


@pytest.mark.parametrize("regular", [False, True], ids=["directory", "package"])
def test_a_board_from_a_package_installed_elsewhere(
    api: Any,
    game_like: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    regular: bool,
) -> None:
    """A game package outside Terranova, its ``web`` a plain directory or a package with an
    ``__init__.py``: found through importlib.resources; a symbolic link out of it is not
    followed."""
    package = f"own_board_{uuid.uuid4().hex[:8]}"
    web = tmp_path / "site" / package / "web"
    web.mkdir(parents=True)
    (web.parent / "__init__.py").write_text("")
    if regular:
        (web / "__init__.py").write_text("")
    (web / "board.js").write_text("export function createBoard(ctx) { return {}; }\n")
    (web / "board.css").write_text(".own { color: red; }\n")
    (web / "parts").mkdir()
    (web / "parts" / "more.js").write_text("export const more = 1;\n")
    secret = tmp_path / "secret.js"
    secret.write_text("secret")
    (web / "leak.js").symlink_to(secret)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    info = game_like(f"{package}.web")

    assert web_directory(info) == web
    base = f"/static/games/{info.id}"
    assert served(api, f"{base}/board.js", ".js").startswith(b"export function createBoard")
    assert served(api, f"{base}/board.css", ".css") == b".own { color: red; }\n"
    assert served(api, f"{base}/parts/more.js", ".js") == b"export const more = 1;\n"
    assert api.client.get(f"{base}/leak.js").status_code == 404
    assert api.client.get(f"{base}/%2e%2e/%2e%2e/secret.js").status_code == 404
    catalog = {g["id"]: g for g in api.client.get("/api/catalog").json()["games"]}
    assert catalog[info.id]["board"] == f"{base}/board.js"


def test_a_board_package_that_is_not_there(api: Any, game_like: Any) -> None:
    info = game_like("no_such_package_anywhere.web")
    assert web_directory(info) is None
    assert api.client.get(f"/static/games/{info.id}/board.js").status_code == 404


ENDLESS = re.compile(r"animation(-iteration-count)?\s*:[^;}]*\binfinite\b")


def test_no_stylesheet_animates_without_end() -> None:
    """A mark that asks for a move pulses ``--pulses`` times, then rests: an endless
    animation redraws a page left open at its seat's turn for as long as it waits."""
    found = {web_directory(info) for info in games().values()}
    folders = sorted(folder for folder in found if folder is not None)
    sheets = sorted(STATIC.rglob("*.css")) + [s for f in folders for s in sorted(f.rglob("*.css"))]
    assert len(folders) >= 4 and len(sheets) >= 1 + len(folders)
    endless = [
        f"{sheet.name}: {match.group(0)}"
        for sheet in sheets
        for match in ENDLESS.finditer(sheet.read_text())
    ]
    assert endless == []
    pulsing = [sheet for sheet in sheets if "var(--pulses)" in sheet.read_text()]
    assert len(pulsing) >= 5, pulsing  # the site's and every board's
    assert (STATIC / "style.css").read_text().count("--pulses:") == 1
