"""Discovery Bluff through the server's state messages: the memory is the game, so once a
card is covered on the pile (another card placed on it), no message of any seat or of a
spectator names it again: not the log, not ``last_stop`` or ``last_call``, no view field.
The log still says that a card was placed (``place hand ?``).

Whole games are played by bots (random, greedy, memory) over the core protocol, with the
chance outcomes the server draws, and every message the server would send after every ply
is searched for the cards under the top, taken from the true state."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

import pytest

from terranova.agents import make_agent
from terranova.core.i18n import LANGUAGES, from_data
from terranova.core.state import CHANCE
from terranova.games.evolution.rules import EvolutionState
from terranova.server.live import LiveGame, SeatInfo, Timeline, chance_outcome, record_seats

GAME = "evolution-bluff"
CASES = [
    (1, {"players": 3}, ["random", "greedy", "memory"]),
    (2, {"players": 4, "jokers": 4}, ["memory", "random", "memory", "greedy"]),
    (3, {"players": 2, "jokers": 2}, ["greedy", "random"]),
    (4, {"players": 4, "teams": 2, "jokers": 1}, ["random", "memory", "random", "greedy"]),
    (5, {"players": 4, "automata": 1}, ["memory", "random", "greedy", "random"]),
    # a joker's claim stopped and taken back named, in the turn's series, a card lying
    # under the top
    (216, {"players": 3, "jokers": 4}, ["random", "greedy", "memory"]),
]
MAX_PLIES = 3000


def live_game(seed: int, params: dict[str, Any], bots: list[str]) -> LiveGame:
    seats = [SeatInfo(s, "bot", f"Bot {s + 1}", spec, None) for s, spec in enumerate(bots)]
    timeline = Timeline(GAME, params, record_seats(seats), seed)
    return LiveGame(
        pk=1,
        public_id="bluff-test",
        game=GAME,
        params=params,
        seed=seed,
        rules_version="test",
        bot_delay_ms=0,
        response_seconds=10.0,
        practice=False,
        created_at=datetime.now(UTC),
        seats=seats,
        timeline=timeline,
        seq=0,
    )


def named(card: str, text: str) -> bool:
    """Whether ``text`` names the card ``card`` (its id as a whole word: ``feu`` is not
    named by ``feux`` nor ``feu-sacre``)."""
    return re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", text) is not None


TOKEN = re.compile(r"[\w-]+")


def named_among(cards: set[str], text: str) -> set[str]:
    """The cards of ``cards`` that ``text`` names: as :func:`named` says, since a card's id
    is one run of word characters and hyphens (checked by the test), which :func:`named`
    finds only as a whole run."""
    return cards.intersection(TOKEN.findall(text))


def names_pattern(names: set[str]) -> re.Pattern[str]:
    """One pattern for :func:`named` of any of ``names`` (it never matches if none)."""
    alternatives = "|".join(re.escape(name) for name in sorted(names)) or "(?!)"
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


WORDS: dict[str, str] = {}
"""A log entry's words said in every language, by its ``says`` (a game's entries are
rendered again at every ply otherwise)."""


def in_every_language(says: Any) -> str:
    key = json.dumps(says, sort_keys=True)
    if key not in WORDS:
        WORDS[key] = " | ".join(from_data(says).render(lang) for lang in LANGUAGES)
    return WORDS[key]


def covered(state: EvolutionState) -> tuple[set[str], set[str]]:
    """The cards under the pile's top, from the true state: those lying there themselves,
    and those a joker under the top stands for (even when the top names the same card: a
    joker on top as a card lying under it must not uncover it)."""
    memory = state.pile_memory()[:-1]
    real = {card for card, joker in memory if not joker}
    jokers = {card for card, joker in memory if joker}
    return real, jokers


def check_message(
    text: str, real: set[str], jokers: set[str], names: dict[str, tuple[str, ...]]
) -> int:
    """Check one message (its JSON text); returns how many log lines mask a placement.
    ``names``: each card's names, which the log's words (``says``, said in every language)
    must not say either."""
    message = json.loads(text)
    view = message["view"]
    # the legal actions name every card in the same way wherever it lies: a call may name
    # any card, a joker any card not face up in the reserve or a discard
    for action in [*message["legal"], *view.pop("legal_actions", [])]:
        for card in named_among(real, action):
            assert action in (f"call {card}", f"joker as {card}"), action
    # the moves are the same actions as data and words: a card they name is the action's
    for move in message["moves"]:
        assert move["text"] in message["legal"]
        for card in named_among(real, json.dumps(move)):
            assert move["text"] in (f"call {card}", f"joker as {card}"), move
    message["legal"] = []
    message["moves"] = []
    # the top card is in sight (a joker on it names the card it stands for)
    if view["pile"]["top"] is not None:
        view["pile"]["top"].pop("card")
    # an action in its response window is being said aloud now: a call or a joker may name
    # a card under the top (which makes it invalid, for a Stop to catch)
    window = view.get("window")
    if window is not None:
        pending = window.pop("action")
        said = window.pop("move")  # the same action as data: it may name what the text does
        for card in named_among(real, pending):
            assert pending in (f"call {card}", f"joker as {card}"), pending
        for card in named_among(real, json.dumps(said)):
            assert said["kind"] in ("Call", "JokerAs") and named(card, pending), said
    rest = json.dumps(message)
    for card in named_among(real, rest):
        pytest.fail(f"{card} named for seat {message['seat']}: {find(card, message)}")
    words = [in_every_language(entry["says"]) for entry in message["log"]]
    real_names = names_pattern({name for card in real for name in names[card]})
    joker_names = names_pattern({name for card in jokers for name in names[card]})
    spoken = [entry["text"] for entry in message["log"]]
    for said_now in (view["last_stop"], view["last_call"]):
        if said_now is not None:
            spoken.append(json.dumps(said_now))
    for line in spoken:
        assert not named_among(jokers, line), (message["seat"], line)
    for line in words:
        assert real_names.search(line) is None, (message["seat"], line)
        assert joker_names.search(line) is None, (message["seat"], line)
    return sum(
        entry["text"].startswith(("place ", "joker as")) and entry["text"].endswith("?")
        for entry in message["log"]
    )


def find(card: str, message: dict[str, Any]) -> list[str]:
    """Where a message names a card (for the failure report)."""
    out = [f"log {e['ply']}: {e['text']}" for e in message["log"] if named(card, e["text"])]
    for key, value in message["view"].items():
        if named(card, json.dumps(value)):
            out.append(f"view.{key}: {json.dumps(value)[:200]}")
    return out


@pytest.mark.parametrize(("seed", "params", "bots"), CASES, ids=[str(c[0]) for c in CASES])
def test_no_message_names_a_card_under_the_top_of_the_pile(
    seed: int, params: dict[str, Any], bots: list[str]
) -> None:
    game = live_game(seed, params, bots)
    timeline = game.timeline
    state = timeline.state
    assert isinstance(state, EvolutionState)
    seats = [None, *range(state.num_seats)]
    names = {
        card["id"]: (card["name_fr"], card["name_en"], card["name_de"])
        for card in state.components()["cards"]
    }
    assert all(TOKEN.fullmatch(card) for card in names)  # what named_among relies on
    checked = masked = 0
    while not state.is_terminal():
        assert timeline.ply < MAX_PLIES, "the game does not end"
        actor = state.current_player()
        if actor == CHANCE:
            action = chance_outcome(state, seed, timeline.ply)
        else:
            action = make_agent(bots[actor], seed * 10_000 + timeline.ply).select(state)
        timeline.apply(action)
        game.track_window()
        game.changed()
        real, jokers = covered(state)
        for seat in seats:
            masked += check_message(game.message_json(seat), real, jokers, names)
            checked += len(real)
    assert checked > 1000  # cards were covered, and looked for
    assert masked > 0  # the log still tells that a card was placed
