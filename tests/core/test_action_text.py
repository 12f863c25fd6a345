"""Action text forms (``terranova.core.action_text``): declared once per class, they give
``str()`` and the parser; wrong forms are refused when the class is made.

The example game (tests/example_game, "high card") reads its actions back from their
texts, with the laxer spelling it has always accepted.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import re
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType

import pytest

from terranova.core.action_text import (
    ActionParser,
    Converter,
    action_data,
    choice,
    parser_of,
    seen_data,
    text_form,
)
from terranova.core.actions import Action
from terranova.core.errors import MalformedActionError

EXAMPLE = Path(__file__).resolve().parents[1] / "example_game"


@pytest.fixture(scope="module")
def high_card() -> ModuleType:
    """The example game's rules module (imported from its source folder)."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        return importlib.import_module("terranova_example.rules")
    finally:
        sys.path.remove(str(EXAMPLE))


def test_the_example_game_reads_its_actions_back(high_card: ModuleType) -> None:
    met = {}
    for players in (2, 3, 4):
        for seed in range(5):
            state = high_card.HighCard(players)
            rng = random.Random(seed)
            while not state.is_terminal():
                for action in state.legal_actions():
                    met[str(action)] = action
                state.apply(rng.choice(list(state.legal_actions())))
    assert {type(a).__name__ for a in met.values()} == {"Deal", "Draw", "Keep", "Swap"}
    state = high_card.HighCard(2)
    for text, action in met.items():
        assert state.parse_action(text) == action
        assert str(state.parse_action(text)) == text
    assert str(high_card.Deal(1, 7)) == "deal 1 7"
    assert str(high_card.Draw(10)) == "draw 10"
    # spaces and numbers as str.split() and int() read them, as it always did
    assert state.parse_action(" deal\t0   3\n") == high_card.Deal(0, 3)
    assert state.parse_action("deal +0 1_0") == high_card.Deal(0, 10)
    assert state.parse_action("draw -2") == high_card.Draw(-2)
    assert state.parse_action("draw \u0663") == high_card.Draw(3)
    assert state.parse_action(" keep ") == high_card.Keep()


HIGH_CARD_REFUSED = [
    *["", "keep 1", "Keep", "swap swap", "deal 0", "deal 0 x", "deal 0 3 4", "draw"],
    *["draw 1__0", "draw 1_", "draw 0x1", "draw 1.0", "deal,0,3", "draw +-1"],
]


@pytest.mark.parametrize("text", HIGH_CARD_REFUSED)
def test_the_example_game_refuses(high_card: ModuleType, text: str) -> None:
    with pytest.raises(MalformedActionError):
        high_card.HighCard(2).parse_action(text)


# ------------------------------------------------------------------- the mechanism


@text_form("move {piece:id} to {x},{y}[ facing {turn:quarter}][ {fast}!]")
@dataclass(frozen=True, slots=True)
class Move(Action):
    piece: str
    x: int
    y: int
    turn: int = 0
    fast: bool = False


@text_form("say {word:yes|no|yes-and-no} to {seat:seat}")
@dataclass(frozen=True, slots=True)
class Say(Action):
    word: str
    seat: int


@text_form("{{{n}}} [[{count:nat}]]")
@dataclass(frozen=True, slots=True)
class Braces(Action):
    n: int
    count: int


@text_form("rest")
@dataclass(frozen=True, slots=True)
class Rest(Action):
    pass


@text_form("{n}/{d:nat}")
@dataclass(frozen=True, slots=True)
class Ratio(Action):
    n: int
    d: int


PARSE = ActionParser("the test game", [Move, Say, Braces, Rest, Ratio])


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Move("rook", 3, -1), "move rook to 3,-1"),
        (Move("rook", 3, -1, 2), "move rook to 3,-1 facing 180"),
        (Move("rook", 3, -1, 0, True), "move rook to 3,-1 !"),
        (Move("a-1", 0, 0, 3, True), "move a-1 to 0,0 facing 270 !"),
        (Say("yes-and-no", 12), "say yes-and-no to 12"),
        (Say("no", 0), "say no to 0"),
        (Braces(-3, 4), "{-3} [4]"),
        (Rest(), "rest"),
        (Ratio(-1, 20), "-1/20"),
    ],
)
def test_str_and_parse_come_from_the_form(action: Action, text: str) -> None:
    assert str(action) == text
    assert PARSE(text) == action
    assert PARSE(f" {text}\t") == action
    assert type(PARSE(text)) is type(action)


def test_the_form_is_compiled_once_into_str() -> None:
    assert Move.__str__.__qualname__ == "Move.__str__"
    assert "move <piece> to <x>,<y>[ facing <turn>][ !]" in (Move.__str__.__doc__ or "")
    assert PARSE.forms == [
        "move <piece> to <x>,<y>[ facing <turn>][ !]",
        "say yes|no|yes-and-no to <seat>",
        "{<n>} [<count>]",
        "rest",
        "<n>/<d>",
    ]
    assert PARSE("rest") is PARSE("rest")  # a text of a form without fields: one action


def test_the_class_listed_first_reads_a_text_two_forms_read() -> None:
    @text_form("go {n}")
    @dataclass(frozen=True, slots=True)
    class Go(Action):
        n: int

    @text_form("go {where}")
    @dataclass(frozen=True, slots=True)
    class GoTo(Action):
        where: str

    assert ActionParser("g", [Go, GoTo])("go 3") == Go(3)
    assert ActionParser("g", [GoTo, Go])("go 3") == GoTo("3")
    assert ActionParser("g", [Go, GoTo])("go x") == GoTo("x")


def test_loose_spaces() -> None:
    strict = ActionParser("g", [Say])
    loose = ActionParser("g", [Say], loose_spaces=True)
    assert loose("say\tno   to\n3") == Say("no", 3)
    with pytest.raises(MalformedActionError):
        strict("say\tno   to\n3")
    with pytest.raises(MalformedActionError):
        loose("sayno to 3")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "(expected 'move <piece> to <x>,<y>[ facing <turn>][ !]', 'say yes|no|yes-and-no"),
        ("walk", "(expected 'move <piece> to <x>,<y>[ facing <turn>][ !]', 'say yes|no|"),
        ("move", "(expected 'move <piece> to <x>,<y>[ facing <turn>][ !]': it ends before"),
        ("move rook", "it ends before 'to <x>,<y>[ facing <turn>][ !]')"),
        ("move rook to 3,x", "<y> should be an integer, at 'x')"),
        ("move rook to 3.5,1", "<x> should be an integer, at '3.5,1')"),
        ("move rook from 3,1", "'to' expected at 'from 3,1')"),
        ("move rook to 3,1 facing 45", "<turn> should be 0, 90, 180 or 270 (degrees), at '45')"),
        ("move rook to 3,1 facing 90 fast", "unexpected ' fast' at the end)"),
        ("say maybe to 1", "<word> should be 'yes', 'no' or 'yes-and-no', at 'maybe to 1')"),
        ("say no to 100", "<seat> should be a seat number (0 to 99), at '100')"),
        ("rests", "(expected 'rest': unexpected 's' at the end)"),
    ],
)
def test_a_text_refused_says_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(MalformedActionError) as refused:
        PARSE(text)
    assert str(refused.value).startswith(f"not an action of the test game: {text!r} (")
    assert message in str(refused.value)


def test_converters_of_a_game_of_its_own() -> None:
    hexadecimal = Converter(r"[0-9a-f]+", partial(int, base=16), "{:x}".format, "hex", int)

    @text_form("color {rgb:hex}", hex=hexadecimal)
    @dataclass(frozen=True, slots=True)
    class Color(Action):
        rgb: int

    assert str(Color(0xFF00AA)) == "color ff00aa"
    assert ActionParser("g", [Color])("color ff00aa") == Color(0xFF00AA)
    assert choice("a", "b").expects == "'a' or 'b'"


class Plain(Action):
    pass


@pytest.mark.parametrize(
    ("form", "error", "fields"),
    [
        ("x {a}", "leaves out b", {"a": int, "b": int}),
        ("x {a} {a} {b}", "{a} is twice", {"a": int, "b": int}),
        ("x {c}", "{c} is not a field", {"a": int}),
        ("x {a:nope}", "no converter 'nope'", {"a": int}),
        ("x {a:quarter}", "a str field, but the converter reads int", {"a": str}),
        ("x {a:int}", "a str field, but the converter reads int", {"a": str}),
        ("x [{a}]", "Plain.a is optional: it needs a default", {"a": int}),
        ("x {a}", "a flag goes in an optional part", {"a": bool}),
        ("x [y]{a}", "an optional part without a field", {"a": int}),
        ("x [{a}", "unclosed '['", {"a": bool}),
        ("x {a", "unclosed '{'", {"a": int}),
        ("x } {a}", "single '}'", {"a": int}),
    ],
)
def test_a_wrong_form_is_refused_when_the_class_is_made(
    form: str, error: str, fields: dict[str, type]
) -> None:
    spec = [
        (n, k, dataclasses.field(default=False)) if k is bool else (n, k) for n, k in fields.items()
    ]
    cls = dataclasses.make_dataclass("Plain", spec, bases=(Plain,), frozen=True)
    with pytest.raises((ValueError, TypeError), match=re.escape(error)):
        text_form(form)(cls)


def test_what_is_not_a_text_form_is_refused() -> None:
    with pytest.raises(TypeError, match="above @dataclass"):
        text_form("plain")(Plain)
    with pytest.raises(TypeError, match="has no text form"):
        ActionParser("g", [Plain])
    with pytest.raises(ValueError, match="must not capture"):
        Converter("(a)", str)
    with pytest.raises(TypeError, match="has no text form"):
        str(Plain())


def test_an_action_is_data_that_reads_back_and_a_masked_text_hides_its_fields() -> None:
    parse = ActionParser("the example", [Move, Say])
    move = Move("rook", 3, -1, 2, True)
    data = action_data(move)
    assert data == {
        "kind": "Move",
        "fields": {"piece": "rook", "x": 3, "y": -1, "turn": 2, "fast": True},
    }
    assert parse.from_data(data) == move
    assert parse.from_data(action_data(Say("no", 2))) == Say("no", 2)
    assert parser_of(move) is parse
    # a masked text: its data is read from it alone, '?' for a field it hides
    assert seen_data(move, str(move)) == data
    assert seen_data(move, "move ? to 3,? !") == {
        "kind": "Move",
        "fields": {"piece": None, "x": 3, "y": None, "turn": 0, "fast": True},
    }
    assert seen_data(move, "something moved") == {"kind": None, "fields": {}}
    for wrong in (
        {"kind": "Jump", "fields": {}},
        {"kind": "Move", "fields": {"piece": "rook"}},
        {"kind": "Move", "fields": {**data["fields"], "x": "3"}},
    ):
        with pytest.raises(MalformedActionError):
            parse.from_data(wrong)
