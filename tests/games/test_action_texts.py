"""The text forms of the games' actions: every action met in random games, over every
variant, reads back from its text as itself; the texts the games have always accepted
(some not canonical) still read as the same actions, and the others are refused.
"""

from __future__ import annotations

import inspect
import random
from functools import cache
from types import ModuleType

import pytest

import terranova
from terranova.core.actions import Action
from terranova.core.errors import MalformedActionError
from terranova.games.discovery import actions as discovery
from terranova.games.entdecker import actions as entdecker
from terranova.games.evolution import actions as evolution
from tests.conformance.test_protocol import choose, param_sets

SEEDS = range(4)
GAMES = {
    "discovery": param_sets("discovery"),
    "evolution-explore": param_sets("evolution-explore"),
    "evolution-bluff": param_sets("evolution-bluff"),
    "entdecker": param_sets("entdecker"),
}
WORDS = [
    evolution.PASS,
    evolution.END,
    evolution.STOP,
    evolution.ACCEPT,
    evolution.VERIFY,
    evolution.CONCEDE,
    evolution.ABANDON,
]
EXTRA: dict[str, list[Action]] = {  # values random games seldom reach
    "discovery": [discovery.Place("15", -120, 7, 3), discovery.Remove(0, -11, 12)],
    "evolution-explore": [
        evolution.PlaceCalled("homo-erectus", True),
        evolution.PlaceCalled("continue", False),
        evolution.PlaceDiscard(12, "feu"),
        evolution.Announce("close", 9),
        *WORDS,
    ],
}
EXTRA["evolution-bluff"] = EXTRA["evolution-explore"]
EXTRA["entdecker"] = [
    entdecker.StartTile(-3, 12, "W", "E10", "0,3,3,11"),
    entdecker.Settle("scout", -1, 0, 12, "-4,7/2"),
    entdecker.Settle("scout", 1, 2, 0, "p7/10"),
    entdecker.Roll("12"),
    entdecker.Income(16),
]


@cache
def met_in_random_games(game_id: str) -> dict[str, Action]:
    """Every action (legal decisions and chance outcomes) met in a few random games of
    each parameter set, by text."""
    met: dict[str, Action] = {}
    for params in GAMES[game_id]:
        for seed in SEEDS:
            state = terranova.make(game_id, **params)
            rng = random.Random(seed)
            while not state.is_terminal():
                for action in state.legal_actions():
                    met.setdefault(str(action), action)
                state.apply(choose(state, rng))
    for action in EXTRA[game_id]:
        met.setdefault(str(action), action)
    return met


def action_classes(module: ModuleType, base: type) -> set[type]:
    return {
        c
        for c in vars(module).values()
        if inspect.isclass(c) and issubclass(c, base) and c is not base
    }


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_action_reads_back_from_its_text(game_id: str) -> None:
    state = terranova.make(game_id)
    met = met_in_random_games(game_id)
    for text, action in met.items():
        parsed = state.parse_action(text)
        assert parsed == action, text
        assert type(parsed) is type(action), text
        assert str(parsed) == text
        assert state.parse_action(f"  {text}\n") == action  # surrounding blanks are ignored


def test_the_random_games_meet_every_kind_of_action() -> None:
    met = {type(a) for g in GAMES for a in met_in_random_games(g).values()}
    assert met == (
        action_classes(discovery, discovery.DiscoveryAction)
        | action_classes(evolution, evolution.EvolutionAction)
        | action_classes(entdecker, entdecker.EntdeckerAction)
    )


def test_texts_of_the_discovery() -> None:
    parse = discovery.parse_action
    assert str(discovery.Place("15", 3, -2, 1)) == "place 15 3,-2 90"
    assert str(discovery.Place("start", 0, 0, 0)) == "place start 0,0 0"
    assert str(discovery.Place("a_b-9", -1, 10, 3)) == "place a_b-9 -1,10 270"
    assert str(discovery.Deploy(3)) == "deploy 3"
    assert str(discovery.Remove(-4, 7, 0)) == "remove -4,7/0"
    assert str(discovery.PASS) == "pass"
    assert str(discovery.Draw("66")) == "draw 66"
    assert str(discovery.SetAside("01")) == "set-aside 01"
    # texts that are not canonical but have always been read
    assert parse(" pass\t") == discovery.PASS
    assert parse("place 15 03,-0 180") == discovery.Place("15", 3, 0, 2)
    assert parse("deploy 007") == discovery.Deploy(7)
    assert parse("deploy \u0663") == discovery.Deploy(3)  # any decimal digit, as int() reads
    assert parse("remove -0,0/0") == discovery.Remove(0, 0, 0)
    assert parse("draw no-such-tile") == discovery.Draw("no-such-tile")


DISCOVERY_REFUSED = [
    "",
    "   ",
    "Pass",
    "pass 1",
    "passe",
    "place",
    "place 15",
    "place 15 3,-2",
    "place 15 3,-2 45",
    "place 15 3,-2 -90",
    "place 15 3,-2 360",
    "place 15 3,-2 090",
    "place 15 3, -2 90",
    "place 15  3,-2 90",
    "place 15 +3,-2 90",
    "place 15 3,x 90",
    "place 1\u00e9 0,0 0",
    "place 15 3,-2 90 extra",
    "PLACE 15 3,-2 90",
    "deploy",
    "deploy -1",
    "deploy x",
    "deploy 1.0",
    "remove 3,-2",
    "remove 3,-2/-1",
    "remove 3 -2/1",
    "draw",
    "draw 1 5",
    "draw \u00e9",
    "set-aside",
    "set aside 15",
    "\x00",
]


@pytest.mark.parametrize("text", DISCOVERY_REFUSED)
def test_the_discovery_refuses(text: str) -> None:
    with pytest.raises(MalformedActionError, match="not an action of The Discovery"):
        discovery.parse_action(text)


DISCOVERY_FORMS = (
    "'place <design> <x>,<y> <rotation>', 'deploy <region>', 'remove <x>,<y>/<region>', "
    "'pass', 'draw <design>' or 'set-aside <design>'"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", DISCOVERY_FORMS),
        ("fly 3,4", DISCOVERY_FORMS),
        (
            "place 15 3,x 90",
            "'place <design> <x>,<y> <rotation>': <y> should be an integer, at 'x 90'",
        ),
        (
            "place 15 3,-2 45",
            "'place <design> <x>,<y> <rotation>': <rotation> should be 0, 90, 180 or 270 "
            "(degrees), at '45'",
        ),
        ("place 15", "'place <design> <x>,<y> <rotation>': it ends before '<x>,<y> <rotation>'"),
        ("remove 3 -2/1", "'remove <x>,<y>/<region>': ',' expected at ' -2/1'"),
        ("deploy -1", "'deploy <region>': <region> should be a number (0 or more), at '-1'"),
        ("pass 1", "'pass': unexpected ' 1' at the end"),
        (
            "draw \u00e9",
            "'draw <design>': <design> should be a name of letters, digits, '-' and '_', at "
            "'\u00e9'",
        ),
    ],
)
def test_the_discovery_says_what_it_expected(text: str, expected: str) -> None:
    with pytest.raises(MalformedActionError) as refused:
        discovery.parse_action(text)
    assert str(refused.value) == f"not an action of The Discovery: {text!r} (expected {expected})"


def test_texts_of_evolution() -> None:
    parse = evolution.parse_action
    e = evolution
    texts = {
        e.PlaceHand("chasse"): "place hand chasse",
        e.PlaceReserve("bande"): "place reserve bande",
        e.PlaceDiscard(2, "nomadisme"): "place discard 2 nomadisme",
        e.PlaceCalled("homo-erectus"): "place called homo-erectus",
        e.PlaceCalled("homo-erectus", True): "place called homo-erectus continue",
        e.JokerAs("feu"): "joker as feu",
        e.JOKER_SPECIAL: "joker special",
        e.INTERRUPT: "interrupt",
        e.REPLAY: "special replay",
        e.SpecialDiscard("chasse"): "special discard chasse",
        e.Steal(2): "steal 2",
        e.Exchange(11): "exchange 11",
        e.Give("chasse"): "give chasse",
        e.Call("homo-erectus"): "call homo-erectus",
        e.Ask(3): "ask 3",
        e.Announce("open", 2): "announce open 2",
        e.Announce("close", 1): "announce close 1",
        e.Discard("chasse"): "discard chasse",
        e.Deal("chasse"): "deal chasse",
        e.Draw(e.JOKER): "draw joker",
        e.Take("feu"): "take feu",
        e.Flip("feu"): "flip feu",
        **{word: word.word for word in WORDS},
    }
    for action, text in texts.items():
        assert str(action) == text
        assert parse(text) == action
    # texts that are not canonical but have always been read
    assert parse(" end\n") == e.END
    assert parse("steal 07") == e.Steal(7)
    assert parse("steal \u0663") == e.Steal(3)
    assert parse("announce close \u0663") == e.Announce("close", 3)
    assert parse("place called continue") == e.PlaceCalled("continue", False)
    assert parse("place called a continue") == e.PlaceCalled("a", True)
    assert parse("give \u00e9t\u00e9") == e.Give("\u00e9t\u00e9")  # any word, checked by the rules


EVOLUTION_REFUSED = [
    "",
    "   ",
    "Pass",
    "end turn",
    "place",
    "place hand",
    "place hnd chasse",
    "place hand a b",
    "place  hand a",
    "place discard x y",
    "place discard 2",
    "place discard 100 feu",
    "place discard -1 feu",
    "place called",
    "place called a b",
    "place called a continue b",
    "joker",
    "joker as",
    "joker special now",
    "interrupt 1",
    "special",
    "special replay now",
    "special discard",
    "steal",
    "steal x",
    "steal 100",
    "steal -1",
    "exchange",
    "ask 1 2",
    "announce open",
    "announce maybe 2",
    "announce open 10",
    "announce open -1",
    "discard",
    "give a b",
    "give a\u00a0b",
    "draw",
    "take",
    "flip",
    "deal",
    "\x00",
]


@pytest.mark.parametrize("text", EVOLUTION_REFUSED)
def test_evolution_refuses(text: str) -> None:
    with pytest.raises(MalformedActionError, match=r"not an action of Discovery \(evolution\)"):
        evolution.parse_action(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "place hnd chasse",
            "'place hand <card>', 'place reserve <card>', 'place discard <seat> <card>' or "
            "'place called <card>[ continue]'",
        ),
        ("place hand", "'place hand <card>': it ends before '<card>'"),
        (
            "place discard 100 feu",
            "'place discard <seat> <card>': <seat> should be a seat number (0 to 99), at '100 feu'",
        ),
        (
            "place called a continue b",
            "'place called <card>[ continue]': unexpected ' b' at the end",
        ),
        ("joker", "'joker as <card>' or 'joker special'"),
        (
            "announce maybe 2",
            "'announce open|close <era>': <what> should be 'open' or 'close', at 'maybe 2'",
        ),
        (
            "announce open 10",
            "'announce open|close <era>': <era> should be a single digit, at '10'",
        ),
        (
            "end turn",
            "'pass|end|stop|accept|verify|concede|abandon': unexpected ' turn' at the end",
        ),
    ],
)
def test_evolution_says_what_it_expected(text: str, expected: str) -> None:
    with pytest.raises(MalformedActionError) as refused:
        evolution.parse_action(text)
    head = f"not an action of Discovery (evolution): {text!r}"
    assert str(refused.value) == f"{head} (expected {expected})"
    with pytest.raises(MalformedActionError, match="'place hand <card>', 'place reserve <card>',"):
        evolution.parse_action("no such action")  # every form


def test_texts_of_entdecker() -> None:
    e = entdecker
    texts = {
        e.Layout("v1"): "layout v1",
        e.Roll("3"): "roll 3",
        e.Roll("wheel"): "roll wheel",
        e.Income(5): "wheel 5",
        e.StartEdge("S0"): "start S0",
        e.StartTile(0, 2, "N", "W2", ""): "start 0,2 N via W2",
        e.StartTile(3, 4, "E", "N3", "1,1"): "start 3,4 E via N3 toll 1,1",
        e.Announce(3, "hidden"): "announce 3 hidden",
        e.Announce(1, "open"): "announce 1 open",
        e.DRAW: "draw",
        e.Take(6): "take 6",
        e.Reveal("bay"): "reveal bay",
        e.Place("open-1", 11, 7, 3): "place open-1 11,7 270",
        e.Settle("fort", 1, 2, 0, ""): "fort 1,2/0",
        e.Settle("settlement", 1, 2, 1): "settlement 1,2/1",
        e.Settle("scout", 1, 2, 1, "4,4/0"): "scout 1,2/1 from 4,4/0",
        e.Settle("scout", 3, 4, 0, "p2/3"): "scout 3,4/0 from p2/3",
        e.STOP: "stop",
        e.Trek("p7"): "path p7",
        e.Token("corn"): "token corn",
        e.Fill("inland"): "fill inland",
    }
    for action, text in texts.items():
        assert str(action) == text
        assert e.parse_action(text) == action
    assert e.parse_action(" stop\n") == e.STOP


ENTDECKER_REFUSED = [
    "",
    "start",
    "start X3",
    "start 3,4",
    "start 3,4 Q via N3",
    "start 3,4 E via N3 toll",
    "start 3,4 E via N3 toll 1,",
    "roll x",
    "wheel -1",
    "announce 2 secret",
    "announce -1 open",
    "place cape 3,4 45",
    "scout 3,4",
    "scout 3,4/0 from",
    "scout 3,4/0 from p2",
    "knight 3,4/0",
    "path",
    "draw 1",
    "Stop",
]


@pytest.mark.parametrize("text", ENTDECKER_REFUSED)
def test_entdecker_refuses(text: str) -> None:
    with pytest.raises(MalformedActionError, match="not an action of Entdecker"):
        entdecker.parse_action(text)
