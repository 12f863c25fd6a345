"""Discovery (evolution) on its native engine (``native/evolution.hpp``, compiled at
install), in the state protocol, for both games (Explore and Bluff).

The rules are the reference's (:mod:`terranova.games.evolution.rules`), written again in C++
over fixed arrays; tests/games/evolution/test_native.py plays both engines side by side and
checks they agree at every step. What a simulation asks (``current_player``,
``legal_actions``, ``apply``, ``clone``, ``returns``, ``estimate``, ``chance_outcomes``,
``sample_chance``, ``resample``, ``is_terminal``, ``describe_action``) is answered natively,
with action objects equal to the reference's (the very ones where the reference shares
them); what a person reads (views, texts, why an action is refused) is the reference's, on
the same position converted (:meth:`NativeEvolutionState.to_python`) through the position
record (:func:`record`).

Importing this module needs the engine built (:func:`native_engine.available`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.encoding import Encoding
from terranova.core.errors import ActionSpaceError, IllegalActionError
from terranova.core.i18n import Said
from terranova.core.scoring import ScoreLine
from terranova.core.state import JSON, ResponseWindow, State
from terranova.core.turns import Step, TurnOver
from terranova.games.evolution import _native
from terranova.games.evolution.actions import (
    ABANDON,
    ACCEPT,
    CONCEDE,
    END,
    INTERRUPT,
    JOKER,
    JOKER_SPECIAL,
    PASS,
    REPLAY,
    STOP,
    VERIFY,
    Announce,
    Ask,
    Call,
    Deal,
    Discard,
    Draw,
    Exchange,
    Flip,
    Give,
    Interrupt,
    JokerAs,
    JokerSpecial,
    PlaceCalled,
    PlaceDiscard,
    PlaceHand,
    PlaceReserve,
    Replay,
    SpecialDiscard,
    Steal,
    Take,
    Word,
    parse_action,
)
from terranova.games.evolution.encoding import STEPS, build
from terranova.games.evolution.rules import BLUFF, EvolutionState
from terranova.games.evolution.rules.bluff import WIN, WON_ALONE, WON_AS_A_TEAM
from terranova.games.evolution.rules.configuration import CompiledDeck, Configuration
from terranova.games.evolution.rules.explore import CARD, SPECIAL_ACTION, card_line, special_line
from terranova.games.evolution.rules.specials import NEXT_ERA_CLOSED
from terranova.games.evolution.rules.steps import (
    REFILLING,
    Abandon,
    Announcement,
    AutomatonTurn,
    Called,
    Calling,
    Dealing,
    Deed,
    Drawing,
    DrawMode,
    Flipping,
    Gift,
    Giving,
    Interrupting,
    Placement,
    Playing,
    Reason,
    Refilling,
    Robbing,
    Series,
    Settling,
    Source,
    Stopped,
    Taking,
    Theft,
    Turn,
    Window,
)

KIND = 16
"""An action's number: its kind from bit 16, then two fields of 8 bits (evolution.hpp)."""
(PLACE_HAND, PLACE_RESERVE, PLACE_DISCARD, PLACE_CALLED, JOKER_AS, JOKER_SPECIAL_KIND,
 INTERRUPT_KIND, REPLAY_KIND, STEAL, EXCHANGE, SPECIAL_DISCARD, CALL, GIVE, ASK, ANNOUNCE,
 DISCARD, WORD, DEAL, DRAW, TAKE, FLIP) = range(21)  # fmt: skip
WORDS = ("pass", "end", "stop", "accept", "verify", "concede", "abandon")
WORD_OBJECTS = (PASS, END, STOP, ACCEPT, VERIFY, CONCEDE, ABANDON)
(DEALING, DRAWING, REFILLING_KIND, TAKING, FLIPPING, PLAYING, AUTOMATON_TURN, SETTLING,
 INTERRUPTING, ROBBING, GIVING, WINDOW, STOPPED, CALLED, TURN_OVER) = range(15)  # fmt: skip
SOURCES: tuple[Source, ...] = ("hand", "reserve", "discard", "called", "joker")
REASONS: tuple[Reason, ...] = ("opened", "closed", "emptied", "joker")
MODES: tuple[DrawMode, ...] = ("up to five", "one", "one or steal")
THEFTS: tuple[Theft, ...] = ("special", "exchange", "forced", "stop case 2")
GIFTS: tuple[Gift, ...] = ("exchange", "request", "stop case 3")
FAILS = (
    None,
    NEXT_ERA_CLOSED,
    "the card was already placed",
    "the card was in the reserve",
    "the card was in a discard",
    "nobody had the card",
    "the card was in your hand",
    "a prerequisite is missing",
)
TURN_FIELDS = (
    "seat", "interruption", "fresh", "can_start", "last", "length", "joker", "specials",
    "placed", "asked", "requested", "ended", "passed", "a_specials", "a_left", "a_groups",
    "a_placed", "a_stop", "a_count",
)  # fmt: skip
NO_DEED: list[Any] = [0, 0, False, 0, -1, -1, 0, None, [], 0, False]


@dataclass(frozen=True)
class Config:
    """A game's parameters (as ``params()`` gives them) and its compiled configuration."""

    mode: str
    items: tuple[tuple[str, Any], ...]
    config: Configuration

    def params(self) -> dict[str, Any]:
        return dict(self.items)


class Numbering:
    """A configuration's actions and their native numbers, both ways."""

    def __init__(self, c: CompiledDeck) -> None:
        self.c = c
        self.made: dict[int, Action] = {}

    def action(self, code: int) -> Action:
        """The action a native number stands for (the reference's own object where it
        shares one)."""
        made = self.made.get(code)
        if made is None:
            made = self.made[code] = self._make(code)
        return made

    def _make(self, code: int) -> Action:
        c = self.c
        kind, a, b = code >> KIND, code >> 8 & 0xFF, code & 0xFF
        simple: dict[int, list[Any]] = {
            PLACE_HAND: c.place_hand, PLACE_RESERVE: c.place_reserve, JOKER_AS: c.joker_as,
            STEAL: c.steal, EXCHANGE: c.exchange, SPECIAL_DISCARD: c.special_discard,
            CALL: c.call, GIVE: c.give, ASK: c.ask, DISCARD: c.discard, DEAL: c.deal,
            DRAW: c.draw, TAKE: c.take, FLIP: c.flip,
        }  # fmt: skip
        if kind in simple:
            made: Action = simple[kind][b]
            return made
        if kind == PLACE_DISCARD:
            return c.place_discard(a, b)
        if kind == PLACE_CALLED:
            return PlaceCalled(c.ids[a], bool(b))
        if kind == ANNOUNCE:
            return c.announce["close" if a else "open", b]
        if kind == WORD:
            return WORD_OBJECTS[b]
        return {JOKER_SPECIAL_KIND: JOKER_SPECIAL, INTERRUPT_KIND: INTERRUPT, REPLAY_KIND: REPLAY}[
            kind
        ]

    def _item(self, card: str) -> int | None:
        return self.c.n if card == JOKER else self.c.index.get(card)

    def code(self, action: Action) -> int | None:
        """The native number of an action, or None: it names nothing the engine knows."""
        c = self.c
        kind = type(action)
        if kind is Word:
            assert isinstance(action, Word)
            return WORD << KIND | WORDS.index(action.word) if action.word in WORDS else None
        if kind in (JokerSpecial, Interrupt, Replay):
            return {
                JokerSpecial: JOKER_SPECIAL_KIND,
                Interrupt: INTERRUPT_KIND,
                Replay: REPLAY_KIND,
            }[kind] << KIND
        if kind in (Steal, Exchange, Ask):
            assert isinstance(action, Steal | Exchange | Ask)
            seat = action.seat
            if type(seat) is not int or not 0 <= seat < 10:
                return None
            return {Steal: STEAL, Exchange: EXCHANGE, Ask: ASK}[kind] << KIND | seat
        if kind is Announce:
            assert isinstance(action, Announce)
            era = action.era
            if action.what not in ("open", "close") or type(era) is not int or not 0 < era < 256:
                return None
            return ANNOUNCE << KIND | (action.what == "close") << 8 | era
        if kind is PlaceDiscard:
            assert isinstance(action, PlaceDiscard)
            card, seat = c.index.get(action.card), action.seat
            if card is None or type(seat) is not int or not 0 <= seat < 10:
                return None
            return PLACE_DISCARD << KIND | seat << 8 | card
        if kind is PlaceCalled:
            assert isinstance(action, PlaceCalled)
            card = c.index.get(action.card)
            return None if card is None else PLACE_CALLED << KIND | card << 8 | bool(action.series)
        cards = {PlaceHand: PLACE_HAND, PlaceReserve: PLACE_RESERVE, JokerAs: JOKER_AS, Call: CALL}
        if kind in cards:
            assert isinstance(action, PlaceHand | PlaceReserve | JokerAs | Call)
            card = c.index.get(action.card)
            return None if card is None else cards[kind] << KIND | card
        items = {
            SpecialDiscard: SPECIAL_DISCARD, Give: GIVE, Discard: DISCARD, Deal: DEAL,
            Draw: DRAW, Take: TAKE, Flip: FLIP,
        }  # fmt: skip
        if kind in items:
            assert isinstance(action, SpecialDiscard | Give | Discard | Deal | Draw | Take | Flip)
            item = self._item(action.card)
            if item is None or (kind is Deal and item == c.n):
                return None
            return items[kind] << KIND | item
        return None


@dataclass(frozen=True)
class Tables:
    """A configuration's engine and numbering, made once."""

    config: Config
    engine: _native.Engine
    numbering: Numbering


def config_of(mode: str, params: dict[str, Any], configuration: Configuration) -> Config:
    return Config(mode, tuple(sorted(params.items(), key=lambda kv: kv[0])), configuration)


@lru_cache(maxsize=64)
def tables_of(config: Config) -> Tables:
    """The native engine's tables of a configuration (its deck and seats, as numbers)."""
    cfg = config.config
    c = cfg.cards
    engine = _native.Engine(
        {
            "bluff": config.mode == BLUFF,
            "n": c.n,
            "jokers": cfg.jokers,
            "players": cfg.players,
            "teams": cfg.teams,
            "era": c.era,
            "prereq": c.prereq,
            "link": c.link,
            "plink": c.plink,
            "automaton": [int(a) for a in cfg.auto],
            "team": list(cfg.team),
        }
    )
    return Tables(config, engine, Numbering(c))


# ------------------------------------------------------------------ the position record


def _series(s: Series | None) -> list[Any] | None:
    return None if s is None else [s.last, s.length, s.joker]


def _deed(d: Deed, numbering: Numbering) -> list[Any]:
    code = numbering.code(parse_action(d.text))
    if code is None:
        raise ValueError(f"a deed of no action: {d.text!r}")
    match d:
        case Placement():
            earned = [REASONS.index(r) for r in d.earned]
            source = SOURCES.index(d.source)
            return [0, d.actor, d.valid, code, d.card, d.item, source, _series(d.prev), earned, 0,
                    False]  # fmt: skip
        case Calling():
            return [1, d.actor, d.valid, code, d.card, -1, 0, None, [], 0, False]
        case Announcement():
            return [2, d.actor, d.valid, code, -1, -1, 0, None, [], d.era, d.close]
        case Abandon():
            return [3, d.actor, d.valid, code, d.card, -1, 0, None, [], 0, False]
    raise ValueError(f"an unknown deed: {d!r}")


def _step(t: Step, numbering: Numbering) -> tuple[Any, ...]:
    """A step as evolution.hpp holds it: kind, seat, b, c, d, k, seats, deed."""
    match t:
        case Dealing(k=k):
            return (DEALING, 0, 0, 0, -1, k, [], NO_DEED)
        case Drawing(seat=seat, mode=mode):
            return (DRAWING, seat, MODES.index(mode), 0, -1, 0, [], NO_DEED)
        case Refilling():
            return (REFILLING_KIND, 0, 0, 0, -1, 0, [], NO_DEED)
        case Taking(thief=thief, victim=victim, reason=reason):
            return (TAKING, thief, victim, THEFTS.index(reason), -1, 0, [], NO_DEED)
        case Flipping(seat=seat):
            return (FLIPPING, seat, 0, 0, -1, 0, [], NO_DEED)
        case Playing(seat=seat):
            return (PLAYING, seat, 0, 0, -1, 0, [], NO_DEED)
        case AutomatonTurn(seat=seat):
            return (AUTOMATON_TURN, seat, 0, 0, -1, 0, [], NO_DEED)
        case Settling(deed=deed, interrupter=i, wrong=wrong):
            return (SETTLING, 0, 0, int(wrong), i, 0, [], _deed(deed, numbering))
        case Interrupting(seat=seat):
            return (INTERRUPTING, seat, 0, 0, -1, 0, [], NO_DEED)
        case Robbing(seat=seat):
            return (ROBBING, seat, 0, 0, -1, 0, [], NO_DEED)
        case Giving(giver=giver, receiver=receiver, reason=reason, exclude=exclude):
            return (GIVING, giver, receiver, GIFTS.index(reason), exclude, 0, [], NO_DEED)
        case Window(actor=actor, seats=seats, deed=deed, interrupter=i):
            return (WINDOW, actor, 0, 0, i, 0, list(seats), _deed(deed, numbering))
        case Stopped(actor=actor, challenger=challenger, deed=deed, interrupter=i):
            return (STOPPED, actor, challenger, 0, i, 0, [], _deed(deed, numbering))
        case Called(seat=seat, card=card):
            return (CALLED, seat, card, 0, -1, 0, [], NO_DEED)
        case TurnOver(seat=seat):
            return (TURN_OVER, seat, 0, 0, -1, 0, [], NO_DEED)
    raise ValueError(f"an unknown step: {t!r}")


def record(g: EvolutionState, numbering: Numbering) -> dict[str, Any]:
    """The position of a reference state as numbers, as evolution.hpp holds it (the score
    sheet and the deeds so far apart: ``sheet`` and ``deed_log`` are empty here)."""
    last_call = g.last_call
    last_stop = g.last_stop
    c = g.tables
    return {
        "pile": [sorted(cards) for cards in g.pile],
        "pile_jokers": g.pile_jokers[:],
        "box": g.box[:],
        "hands": [h[:] for h in g.hands],
        "emptied": g.emptied[:],
        "known": [(item, g.known[item]) for hand in g.hands for item in hand],
        "reserve": g.reserve[:],
        "discards": [d[:] for d in g.discards],
        "out": g.out[:],
        "tree": g.tree[:],
        "tree_card": g.tree_card[:],
        "tree_valid": g.tree_valid[:],
        "seat_points": g.seat_points[:],
        "sheet": [],
        "announced": [(a[0], a[1]) for a in g.announced],
        "ctx": [[int(getattr(t, name)) for name in TURN_FIELDS] for t in g.ctx],
        "base": g.base,
        "last_series": _series(g.last_series),
        "passes": g.passes,
        "idle": g.idle,
        "turns_done": g.turns_done,
        "winning_seats": g.winning_seats[:],
        "deed_log": [],
        "last_call": None
        if last_call is None
        else (
            last_call["seat"],
            c.index[last_call["card"]],
            -1 if last_call["given_by"] is None else last_call["given_by"],
            FAILS.index(last_call["failed"]),
        ),
        "last_stop": None
        if last_stop is None
        else (
            numbering.code(parse_action(last_stop["action"])),
            last_stop["actor"],
            last_stop["stopped_by"],
            last_stop["case"],
            -1 if last_stop["valid"] is None else int(last_stop["valid"]),
        ),
        "last_stop_card": c.index[g.last_stop_card] if g.last_stop_card else -1,
        "agenda": [_step(t, numbering) for t in g.agenda],
        "over": g.over,
    }


def _python_deed(d: list[Any], numbering: Numbering) -> Deed:
    kind, actor, valid, code, card, item, source, prev, earned, era, close = d
    text = str(numbering.action(code))
    if kind == 0:
        series = None if prev is None else Series(prev[0], prev[1], bool(prev[2]))
        reasons = tuple(REASONS[r] for r in earned)
        return Placement(actor, valid, text, card, item, SOURCES[source], series, reasons)
    if kind == 1:
        return Calling(actor, valid, text, card)
    if kind == 2:
        return Announcement(actor, valid, text, era, bool(close))
    return Abandon(actor, valid, text, card)


def _python_step(t: Any, config: Configuration, numbering: Numbering) -> Step:
    kind, seat, b, c, d, k = (int(x) for x in t[:6])
    seats, deed = t[6], t[7]
    if kind == DEALING:
        return Dealing(k)
    if kind == DRAWING:
        return config.drawing[MODES[b]][seat]
    if kind == REFILLING_KIND:
        return REFILLING
    if kind == TAKING:
        return Taking(seat, b, THEFTS[c])
    if kind == FLIPPING:
        return config.flipping[seat]
    if kind in (PLAYING, AUTOMATON_TURN):
        return config.markers[seat]
    if kind == SETTLING:
        return Settling(_python_deed(deed, numbering), d, bool(c))
    if kind == INTERRUPTING:
        return Interrupting(seat)
    if kind == ROBBING:
        return config.robbing[seat]
    if kind == GIVING:
        return Giving(seat, b, GIFTS[c], d)
    if kind == WINDOW:
        return Window(seat, tuple(seats), _python_deed(deed, numbering), d)
    if kind == STOPPED:
        return Stopped(seat, b, _python_deed(deed, numbering), d)
    if kind == CALLED:
        return Called(seat, b)
    return config.turns_over[seat]


def _turn(fields: list[int]) -> Turn:
    t = Turn(fields[0], bool(fields[1]))
    for name, value in zip(TURN_FIELDS, fields, strict=True):
        setattr(t, name, value if isinstance(getattr(t, name), int) and not isinstance(
            getattr(t, name), bool) else bool(value))  # fmt: skip
    return t


def sheet_line(config: Configuration, line: tuple[Any, ...]) -> ScoreLine:
    """A line of the score sheet evolution.hpp made, as the reference writes it."""
    kind, seat, points, card, joker, reason, era, ply, winners, team = line
    c = config.cards
    if kind == 0:
        what = card_line(c.names, points, card, bool(joker))
        return ScoreLine(config.credited[seat], points, "card", what, ply, CARD)
    if kind == 1:
        said = special_line(REASONS[reason], era, c.era_names.get(era, ""))
        return ScoreLine(config.credited[seat], points, "special action", said, ply, SPECIAL_ACTION)
    seats = tuple(s for s in range(config.players) if winners >> s & 1)
    return ScoreLine(seats, 1, "win", WON_AS_A_TEAM if team else WON_ALONE, ply, WIN)


def python_state(
    tables: Tables,
    r: dict[str, Any],
    history: list[Action],
    sheet: tuple[ScoreLine, ...],
    log: tuple[tuple[int, str, bool], ...],
) -> EvolutionState:
    """The reference state of a native record (``sheet`` and ``log``: the score sheet's
    lines and the deeds from before the record's own)."""
    from terranova.games.evolution import new_bluff, new_explore

    config = tables.config
    numbering = tables.numbering
    g = (new_bluff if config.mode == BLUFF else new_explore)(**config.params())
    cfg = g.config
    c = g.tables
    g.pile = [list(cards) for cards in r["pile"]]
    g.pile_n = sum(len(cards) for cards in g.pile)
    g.pile_jokers = list(r["pile_jokers"])
    g.box = list(r["box"])
    g.hands = [list(h) for h in r["hands"]]
    g.emptied = list(r["emptied"])
    g.known = {item: mask for item, mask in r["known"]}
    g.reserve = list(r["reserve"])
    g.discards = [list(d) for d in r["discards"]]
    g.out = list(r["out"])
    g.tree = list(r["tree"])
    g.tree_card = list(r["tree_card"])
    g.tree_valid = [bool(v) for v in r["tree_valid"]]
    g.rep = [0] * c.n
    g.placed = g.real = 0
    g.era_count = [0] * (c.max_era + 2)
    for item, card in zip(g.tree, g.tree_card, strict=True):
        if not g.rep[card]:
            g.placed |= 1 << card
            g.era_count[c.era[card]] += 1
        g.rep[card] += 1
        if item < c.n:
            g.real |= 1 << item
    g.seat_points = list(r["seat_points"])
    g.sheet = [*sheet, *(sheet_line(cfg, tuple(line)) for line in r["sheet"])]
    g.announced = [[bool(a), bool(b)] for a, b in r["announced"]]
    g.ctx = [_turn(list(f)) for f in r["ctx"]]
    g.base = r["base"]
    prev = r["last_series"]
    g.last_series = None if prev is None else Series(prev[0], prev[1], bool(prev[2]))
    g.passes, g.idle, g.turns_done = r["passes"], r["idle"], r["turns_done"]
    g.winning_seats = list(r["winning_seats"])
    g.deed_log = [
        *log,
        *((seat, str(numbering.action(code)), bool(v)) for seat, code, v in r["deed_log"]),
    ]
    call = r["last_call"]
    g.last_call = (
        None
        if call is None
        else {
            "seat": call[0],
            "card": c.ids[call[1]],
            "given_by": None if call[2] < 0 else call[2],
            "failed": FAILS[call[3]],
        }
    )
    stop = r["last_stop"]
    g.last_stop = (
        None
        if stop is None
        else {
            "action": str(numbering.action(stop[0])),
            "actor": stop[1],
            "stopped_by": stop[2],
            "case": stop[3],
            "valid": None if stop[4] < 0 else bool(stop[4]),
        }
    )
    g.last_stop_card = "" if r["last_stop_card"] < 0 else c.ids[r["last_stop_card"]]
    g.agenda = [_python_step(t, cfg, numbering) for t in r["agenda"]]
    g.over = bool(r["over"])
    g.take_history(history)  # its legal actions listed again, for this position
    return g


def _refuse(state: NativeEvolutionState, action: Action) -> None:
    """Raise the reference's error for an action the native engine refused."""
    raise IllegalActionError(action, state.to_python().why_illegal(action))


class CodedTree:
    """A native search whose moves are the engine's codes, read as the actions they number."""

    __slots__ = ("_action", "_tree", "iterate")

    def __init__(self, tree: _native.Tree, action: Callable[[int], Action]) -> None:
        self._tree = tree
        self._action = action
        self.iterate = tree.iterate

    def best(self, seat: int) -> Action | None:
        code = self._tree.best(seat)
        return None if code < 0 else self._action(code)

    def weighed(self, seat: int) -> list[tuple[Action, int, float]]:
        return [(self._action(code), n, v) for code, n, v in self._tree.weighed(seat)]

    def give_back(self, rng: random.Random) -> None:
        self._tree.give_back(rng)


class CodedInfoTree:
    """A native information-set search, asked about the observer's moves by their codes."""

    __slots__ = ("_code", "_tree", "iterate")

    def __init__(self, tree: _native.InfoTree, code: Callable[[Action], int | None]) -> None:
        self._tree = tree
        self._code = code
        self.iterate = tree.iterate

    def weighed(self, seat: int, moves: Sequence[Action]) -> list[tuple[int, float]]:
        codes = [self._code(move) for move in moves]
        return self._tree.weighed(seat, [-1 if code is None else code for code in codes])

    def give_back(self, rng: random.Random) -> None:
        self._tree.give_back(rng)


class NativeEvolutionState(State):
    """A game of Discovery Explore or Bluff on the native engine."""

    engine = "native"

    def __init__(
        self,
        tables: Tables,
        play: _native.Play,
        history: list[Action],
        sheet: tuple[ScoreLine, ...] = (),
        log: tuple[tuple[int, str, bool], ...] = (),
    ) -> None:
        self.game_id = f"evolution-{tables.config.mode}"
        self._t = tables
        self._play = play
        self._history = history
        self._sheet = sheet
        self._log = log

    @classmethod
    def new(cls, mode: str, reference: EvolutionState) -> Self:
        """A new game of the reference's parameters, run to its first step that waits."""
        tables = tables_of(config_of(mode, reference.params(), reference.config))
        return cls(tables, _native.Play(tables.engine), [])

    @classmethod
    def from_python(cls, g: EvolutionState) -> Self:
        """The same position on the native engine (ValueError beyond its bounds)."""
        tables = tables_of(config_of(g.mode, g.params(), g.config))
        r = record(g, tables.numbering)
        history = g.history()
        play = _native.Play.restore(tables.engine, r, len(history))
        return cls(tables, play, history, tuple(g.sheet), tuple(g.deed_log))

    def position(self) -> dict[str, Any]:
        """The native record (:func:`record`'s form)."""
        return self._play.record()

    def to_python(self) -> EvolutionState:
        """The same position on the reference engine."""
        return python_state(self._t, self._play.record(), self._history, self._sheet, self._log)

    # ------------------------------------------------------------------ protocol

    @property
    def num_seats(self) -> int:
        return self._t.config.config.players

    @property
    def ply(self) -> int:
        return self._play.ply

    def current_player(self) -> int:
        return self._play.current_player()

    def is_terminal(self) -> bool:
        return self._play.over

    def legal_actions(self) -> list[Action]:
        action = self._t.numbering.action
        return [action(code) for code in self._play.legal()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        action = self._t.numbering.action
        return [(action(code), p) for code, p in self._play.outcomes()]

    def sample_chance(self, rng: random.Random) -> Action:
        if self._play.over:
            raise ValueError("not a chance node")
        return self._t.numbering.action(self._play.sample(rng))

    def apply(self, action: Action) -> None:
        code = self._t.numbering.code(action)
        if code is None or not self._play.apply(code):
            _refuse(self, action)
            raise IllegalActionError(action, "not a legal action now")  # pragma: no cover
        self._history.append(action)

    def clone(self) -> Self:
        return type(self)(self._t, self._play.clone(), self._history[:], self._sheet, self._log)

    def history(self) -> list[Action]:
        return self._history[:]

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def params(self) -> dict[str, Any]:
        return self._t.config.params()

    def scores(self) -> list[int]:
        return self._play.scores()

    def returns(self) -> list[int]:
        return self._play.scores()

    def estimate(self, seat: int) -> float:
        return self._play.estimate(seat)

    def points(self) -> list[int] | None:
        return None if self._t.config.mode == BLUFF else self.scores()

    def winners(self) -> list[int]:
        return self.to_python().winners()

    def resample(self, seat: int, rng: random.Random) -> Self:
        if self._play.over and self._t.config.mode == BLUFF:
            return type(self)(self._t, self._play.clone(), [], self._sheet, self._log)
        return type(self)(self._t, self._play.redealt(seat, rng), [], self._sheet, self._log)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        # as views.describe, from the step waiting (asked at every step of a search)
        text = str(action)
        if self._play.over:
            return text
        kind, top_seat, b, k = self._play.waiting()
        if kind == DEALING:
            slot = k % (self.num_seats + 1)
            return text if slot == 0 or seat == slot - 1 else "deal ?"
        if kind == DRAWING:
            return text if seat == top_seat else "draw ?"
        if kind == TAKING:
            return text if seat in (top_seat, b) else "take ?"
        if kind == GIVING:
            return text if seat in (top_seat, b) else "give ?"
        return text

    def response_window(self) -> ResponseWindow | None:
        return self.to_python().response_window()

    def search_tree(self, rng: random.Random, c: float, depth: int, scale: float) -> CodedTree:
        """``mcts``'s search from here, natively (:class:`~terranova.agents.mcts.NativeTree`)."""
        return CodedTree(_native.Tree(self._play, rng, c, depth, scale), self._t.numbering.action)

    def info_set_tree(
        self, rng: random.Random, c: float, depth: int, scale: float, first: Action | None
    ) -> CodedInfoTree:
        """``ismcts``'s search from here for the seat to move, natively
        (:class:`~terranova.agents.ismcts.NativeInfoTree`)."""
        numbering = self._t.numbering
        code = None if first is None else numbering.code(first)
        tree = _native.InfoTree(self._play, rng, c, depth, scale, -1 if code is None else code)
        return CodedInfoTree(tree, numbering.code)

    def observe_into(self, seat: int | None, out: Any) -> bool:
        """Write what ``seat`` (``None``: a spectator) sees, in the game's standard encoding
        (encoding/__init__.py), over ``out`` (a float32 NumPy row of its observation
        size), natively: the numbers the encoding's filler writes from ``view(seat)``, no
        view made. True; False where no view is made of the position (then ask the
        encoding with the view)."""
        return self._play.observe_into(observer_of(self._t), -1 if seat is None else seat, out)

    # ------------------------------------------- what people read: the reference's answers

    def view(self, seat: int | None) -> JSON:
        return self.to_python().view(seat)

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        return self.to_python().say_action(action, seat)

    def recall_says(self, action: Action, recalled: str, seat: int | None) -> Said | str:
        return self.to_python().recall_says(action, recalled, seat)

    def recall_action(self, action: Action, seen: str, seat: int | None) -> str:
        return self.to_python().recall_action(action, seen, seat)

    def components(self) -> JSON:
        return self.to_python().components()


def random_games(mode: str, reference: EvolutionState, games: int, seed: int) -> int:
    """Play ``games`` random games of the reference's parameters from their start,
    natively (the benchmark's playouts): the decisions made in all."""
    tables = tables_of(config_of(mode, reference.params(), reference.config))
    return _native.random_games(tables.engine, games, seed)


# ------------------------------------------------------------------ the standard encoding

STEP_COLUMNS = {
    DEALING: "deal",
    DRAWING: "draw",
    REFILLING_KIND: "refill",
    TAKING: "take",
    FLIPPING: "automaton",
    PLAYING: "turn",
    ROBBING: "steal",
    GIVING: "give",
    WINDOW: "window",
    STOPPED: "respond",
    CALLED: "called",
}
"""The native steps a view names (its ``step``); the others never wait for anybody."""


def decision_codes(config: Config) -> list[int]:
    """The native number of every decision the configuration's actions could be."""
    cfg = config.config
    n, players, eras = cfg.cards.n, cfg.players, cfg.cards.max_era
    cards, items, seats = range(n), range(n + (1 if cfg.jokers else 0)), range(players)
    codes = [
        kind << KIND | b for kind in (PLACE_HAND, PLACE_RESERVE, JOKER_AS, CALL) for b in cards
    ]
    codes += [PLACE_DISCARD << KIND | s << 8 | b for s in seats for b in cards]
    codes += [PLACE_CALLED << KIND | b << 8 | series for b in cards for series in (0, 1)]
    codes += [kind << KIND for kind in (JOKER_SPECIAL_KIND, INTERRUPT_KIND, REPLAY_KIND)]
    codes += [kind << KIND | s for kind in (STEAL, EXCHANGE, ASK) for s in seats]
    codes += [kind << KIND | b for kind in (SPECIAL_DISCARD, GIVE, DISCARD) for b in items]
    codes += [ANNOUNCE << KIND | close << 8 | e for close in (0, 1) for e in range(1, eras + 1)]
    codes += [WORD << KIND | w for w in range(len(WORDS))]
    return codes


def layout_figures(config: Config, coding: Encoding) -> dict[str, Any]:
    """What the native writer reads to write the standard encoding ``coding`` (the mode's
    :func:`encoding.build`) as its filler does: the planes' offsets, the figures it divides
    by, the columns of the steps, and each decision's index by its native number (those
    the action space holds)."""
    cfg = config.config
    numbering = Numbering(cfg.cards)
    codes: list[int] = []
    indices: list[int] = []
    for code in decision_codes(config):
        try:
            index = coding.actions.index(numbering.action(code))
        except ActionSpaceError:
            continue  # not offered in this configuration
        codes.append(code)
        indices.append(index)
    planes: dict[str, int] = {}
    at = 0
    for plane in coding.planes:
        planes[plane.name] = at
        at += plane.size
    return {
        "bluff": config.mode == BLUFF,
        "n": cfg.cards.n,
        "players": cfg.players,
        "jokers": cfg.jokers,
        "eras": cfg.cards.max_era,
        "size": coding.observation_size,
        "high": coding.utility[1],
        "steps": [
            STEPS.index(STEP_COLUMNS[kind]) if kind in STEP_COLUMNS else -1
            for kind in range(TURN_OVER + 1)
        ],
        "over": STEPS.index("over"),
        "planes": planes,
        "codes": codes,
        "indices": indices,
        "actions": coding.actions.size,
    }


_OBSERVERS: dict[Config, tuple[Tables, _native.Observer]] = {}


def observer_of(tables: Tables) -> _native.Observer:
    """The native writer of a configuration's standard encoding, for states of the engine
    ``tables`` holds (made once for those tables; made again if they were)."""
    kept = _OBSERVERS.get(tables.config)
    if kept is None or kept[0] is not tables:
        coding = build(tables.config.mode, tables.config.params())
        kept = (tables, _native.Observer(tables.engine, layout_figures(tables.config, coding)))
        if len(_OBSERVERS) >= 64:  # many configurations asked for: start over
            _OBSERVERS.clear()
        _OBSERVERS[tables.config] = kept
    return kept[1]


def batch(
    mode: str, params: dict[str, Any], coding: Encoding, games: int, max_steps: int | None
) -> _native.Batch | None:
    """Native games of ``mode`` with these (resolved) parameters for ``terranova.vector``,
    observed in the standard encoding ``coding``; None where the game is beyond the engine's
    bounds."""
    from terranova.games.evolution import new_bluff, new_explore

    reference = (new_bluff if mode == BLUFF else new_explore)(**params)
    config = config_of(mode, reference.params(), reference.config)
    try:
        engine = tables_of(config).engine
    except ValueError:
        return None
    return _native.Batch(engine, layout_figures(config, coding), games, max_steps or 0)
