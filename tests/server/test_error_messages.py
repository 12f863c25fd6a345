"""Errors in the reader's language: an HTTP error answers its sentence (``detail``) in the
reader's language, a stable ``code`` and the message id with its parameters; a WebSocket
error frame says its message in the socket's language; and every refusal the server raises
is built from a message of the catalog (docs/web.md, "Errors")."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import terranova.server
import terranova.server.app  # every kind of refusal defined
from terranova.core.i18n import Text
from terranova.server import errors
from terranova.server.errors import ServiceError
from terranova.server.languages import COOKIE

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
SERVER = Path(terranova.server.__file__).parent

ENGLISH = {}
FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9"}
GERMAN_COOKIE = {COOKIE: "de"}


def as_reader(client: Any, cookies: dict[str, str]) -> None:
    """The client's cookies are ``cookies`` alone (a reader's chosen language, or none)."""
    client.cookies.clear()
    for name, value in cookies.items():
        client.cookies.set(name, value)


def ask_three_ways(send: Callable[[dict[str, str], dict[str, str]], Any]) -> list[Any]:
    """The same request in English (no language asked), French (Accept-Language) and
    German (the language cookie, over an English Accept-Language)."""
    return [
        send(ENGLISH, {}),
        send(FRENCH, {}),
        send({"Accept-Language": "en"}, GERMAN_COOKIE),
    ]


def check_said(
    answers: list[Any], status: int, code: str, msgid: str, distinct: bool = True
) -> list[str]:
    """The three answers agree on the status, code, message id and parameters; their
    ``detail`` is the message said in English, French and German (returned)."""
    bodies = [answer.json() for answer in answers]
    for answer, body in zip(answers, bodies, strict=True):
        assert answer.status_code == status, answer.text
        assert body["code"] == code, body
        assert body["message"]["id"] == msgid, body
    assert bodies[1]["message"] == bodies[0]["message"] == bodies[2]["message"]
    text = Text(msgid, bodies[0]["message"]["params"])
    said = [body["detail"] for body in bodies]
    assert said == [text.render("en"), text.render("fr"), text.render("de")]
    if distinct:
        assert len(set(said)) == 3, said  # each language its own sentence
    return said


@pytest.fixture
def two_people(api: Any) -> tuple[str, list[str], dict[str, Any]]:
    created = api.create([HUMAN, HUMAN2])
    tokens = [s["token"] for s in created["seats"]]
    return created["game_id"], tokens, api.state(created["game_id"], 0, tokens[0])


def test_an_unknown_game_is_not_found_in_each_language(api: Any) -> None:
    def send(headers: dict[str, str], cookies: dict[str, str]) -> Any:
        as_reader(api.client, cookies)
        return api.client.get("/api/games/nope/state", headers=headers)

    said = check_said(ask_three_ways(send), 404, "not_found", "no game '{game_id}'")
    assert said[0] == "no game 'nope'"
    assert said[1] == "pas de partie « nope »"
    assert said[2] == "keine Partie „nope“"
    assert send(ENGLISH, {}).json()["message"]["params"] == {"game_id": "nope"}


def test_an_illegal_move_keeps_the_rules_reason_as_a_parameter(
    api: Any, two_people: tuple[str, list[str], dict[str, Any]]
) -> None:
    game_id, tokens, state = two_people

    def send(headers: dict[str, str], cookies: dict[str, str]) -> Any:
        as_reader(api.client, cookies)
        body = {"seat": 0, "token": tokens[0], "action": "deploy 0", "ply": state["ply"]}
        return api.client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)

    answers = ask_three_ways(send)
    said = check_said(answers, 400, "illegal", "this move is not allowed: {reason}")
    reason = answers[0].json()["message"]["params"]["reason"]
    assert "illegal action" in reason
    assert all(reason in sentence for sentence in said)  # the game's text, as it is
    assert said[1].startswith("ce coup n'est pas permis : ")


def test_a_stale_ply_is_refused_in_each_language(
    api: Any, two_people: tuple[str, list[str], dict[str, Any]]
) -> None:
    game_id, tokens, state = two_people

    def send(headers: dict[str, str], cookies: dict[str, str]) -> Any:
        as_reader(api.client, cookies)
        ply = state["ply"] + 1
        body = {"seat": 0, "token": tokens[0], "action": state["legal"][0], "ply": ply}
        return api.client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)

    answers = ask_three_ways(send)
    msgid = "the game has moved on: it is at ply {ply}, not {sent}"
    said = check_said(answers, 409, "stale", msgid)
    params = answers[0].json()["message"]["params"]
    assert params == {"ply": state["ply"], "sent": state["ply"] + 1}
    assert said[0] == f"the game has moved on: it is at ply {state['ply']}, not {params['sent']}"


def test_bad_json_is_malformed_in_each_language(api: Any) -> None:
    def send(headers: dict[str, str], cookies: dict[str, str]) -> Any:
        as_reader(api.client, cookies)
        heads = {**headers, "Content-Type": "application/json"}
        return api.client.post("/api/games", content=b"{not json", headers=heads)

    answers = ask_three_ways(send)
    said = check_said(answers, 400, "malformed", "{field}: {problem}", distinct=False)
    assert said[1] == said[0].replace(": ", " : ", 1)  # French typography
    assert "JSON" in answers[0].json()["message"]["params"]["problem"]


def test_the_rate_limit_is_said_in_each_language(open_api: Any) -> None:
    api = open_api(http_requests_per_second=0.001, http_burst=1)
    assert api.client.get("/api/catalog").status_code == 200

    def send(headers: dict[str, str], cookies: dict[str, str]) -> Any:
        as_reader(api.client, cookies)
        return api.client.get("/api/catalog", headers=headers)

    said = check_said(ask_three_ways(send), 429, "rate", "too many requests: slow down")
    assert said[0] == "too many requests: slow down"


def test_an_unknown_path_is_not_found_in_french(api: Any) -> None:
    answer = api.client.get("/api/no-such-thing", headers=FRENCH)
    assert answer.status_code == 404
    assert answer.json() == {
        "detail": "Introuvable",
        "code": "not_found",
        "message": {"id": "Not Found", "params": {}},
    }


def test_a_websocket_error_is_said_in_the_sockets_language(
    api: Any, two_people: tuple[str, list[str], dict[str, Any]]
) -> None:
    game_id, tokens, state = two_people
    url = f"/ws/games/{game_id}?seat=0&token={tokens[0]}"
    frames = []
    for headers, cookies in [(ENGLISH, {}), (FRENCH, {}), ({}, GERMAN_COOKIE)]:
        as_reader(api.client, cookies)
        with api.client.websocket_connect(url, headers=headers) as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "action", "action": state["legal"][0], "ply": 99})
            frames.append(ws.receive_json())
    msgid = "the game has moved on: it is at ply {ply}, not {sent}"
    for frame in frames:
        assert frame["type"] == "error" and frame["code"] == "stale", frame
        assert frame["text"] == {"id": msgid, "params": {"ply": state["ply"], "sent": 99}}
    text = Text(msgid, frames[0]["text"]["params"])
    assert [f["message"] for f in frames] == [text.render(lang) for lang in ("en", "fr", "de")]


# --------------------------------------------------------------------------- the sources


def service_errors() -> set[str]:
    """The names of ServiceError and every subclass the server defines."""
    found: set[str] = set()
    pending: list[type] = [ServiceError]
    while pending:
        kind = pending.pop()
        found.add(kind.__name__)
        pending += kind.__subclasses__()
    return found


def sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(SERVER.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def is_message(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("_", "_n")
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def message_constants() -> set[str]:
    """The module-level names the server binds to a message (``ABANDONED = _("...")``)."""
    names: set[str] = set()
    for _path, tree in sources():
        for node in tree.body:
            if isinstance(node, ast.Assign) and is_message(node.value):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def text_parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """A function's parameters annotated ``Text``."""
    every = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
    return {
        a.arg
        for a in every
        if a.annotation is not None and ast.unparse(a.annotation) in ("Text", "'Text'")
    }


def built_from_messages(node: ast.expr, allowed: set[str]) -> bool:
    """A refusal's argument: a message, a name bound to one, or a choice between them."""
    if is_message(node):
        return True
    if isinstance(node, ast.IfExp):
        return built_from_messages(node.body, allowed) and built_from_messages(node.orelse, allowed)
    return isinstance(node, ast.Name) and node.id in allowed


def refusals_not_from_messages() -> list[str]:
    kinds = service_errors() | {"RulesPageError"}
    constants = message_constants()
    wrong: list[str] = []
    for path, tree in sources():
        functions = [
            n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in kinds
            ):
                continue
            allowed = set(constants)
            for function in functions:  # the Text parameters of the functions around it
                if function.lineno <= node.lineno <= (function.end_lineno or 0):
                    allowed |= text_parameters(function)
            if len(node.args) != 1 or not built_from_messages(node.args[0], allowed):
                where = f"{path.relative_to(SERVER.parent)}:{node.lineno}"
                wrong.append(f"{where}: {ast.unparse(node)[:100]}")
    return wrong


def test_every_refusal_the_server_raises_is_a_message_of_the_catalog() -> None:
    assert len(service_errors()) >= 10
    assert {"ABANDONED", "GAME_OVER", "WRONG"} <= message_constants()
    wrong = refusals_not_from_messages()
    assert not wrong, "refusals not built from _(...):\n" + "\n".join(wrong)


def test_the_scan_finds_a_refusal_built_from_a_plain_string() -> None:
    """The scan above is able to fail: a plain or formatted string is found."""
    for bad in ('raise Forbidden("sign in")', 'raise Stale(f"ply {n}")', "raise Refused(why)"):
        call = ast.parse(bad).body[0]
        assert isinstance(call, ast.Raise) and isinstance(call.exc, ast.Call)
        assert not built_from_messages(call.exc.args[0], {"ABANDONED"})
    good = ast.parse('raise Refused(_("x") if over else ABANDONED)').body[0]
    assert isinstance(good, ast.Raise) and isinstance(good.exc, ast.Call)
    assert built_from_messages(good.exc.args[0], {"ABANDONED"})
    assert isinstance(errors.ABANDONED, Text)
