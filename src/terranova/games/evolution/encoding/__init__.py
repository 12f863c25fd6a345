"""Discovery (evolution) as numbers for research interfaces: the fixed action spaces and
the tensors of its two games (docs/evolution/encoding.md describes them plane by plane).

The two games share variants, so the parameters do not say which game is meant: each has
its own module, :mod:`.explore` and :mod:`.bluff`, whose ``encoding(params)`` calls
:func:`build` with its mode. Everything is derived from the deck the ``deck`` parameter
loads: its cards (in deck order), its eras and how many cards the deal leaves.

Automaton seats never decide: each of their steps is a chance outcome (``flip x``), so the
action space holds only what people do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from terranova.core.action_space import IMPLIED, ActionSpace, Part
from terranova.core.encoding import Encoding, Plane, Planes
from terranova.core.state import JSON
from terranova.games.evolution.actions import (
    JOKER,
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
from terranova.games.evolution.cards import Deck
from terranova.games.evolution.content import load_deck
from terranova.games.evolution.rules import (
    BLUFF,
    EXPLORE,
    HAND_SIZE,
    SPECIAL_BONUS,
    turn_limit,
)

STEPS = (
    "deal",
    "draw",
    "refill",
    "take",
    "automaton",
    "turn",
    "steal",
    "give",
    "window",
    "respond",
    "called",
    "over",
)
"""What a game waits for (the view's ``step``), in the order of the ``step`` plane."""

DEEDS = ("place", "joker as", "call", "announce", "abandon")
"""The kinds of action a response window follows, in the order of the ``deed`` plane."""

WORDS = ("pass", "end", "accept", "stop", "verify", "concede", "abandon")
"""The one-word actions, in the order of the last part of the action space."""

TURN_FLAGS = (
    "interruption",
    "starts_series",
    "series",
    "series_joker",
    "specials",
    "placed",
    "length",
)
"""The cells of the ``turn_state`` plane."""

SPECIALS_SCALE = 4
"""The ``specials`` cell of ``turn_state`` is the special actions in hand / 4, at most 1."""


@dataclass(frozen=True)
class Sizes:
    """What the spaces and the bounds are made of, for one game configuration."""

    cards: int
    """Cards in the deck (n)."""
    jokers: int
    """Jokers in play (the ``jokers`` parameter, J)."""
    players: int
    """Seats (P)."""
    persons: int
    """Seats that are not automata (H = P - automata): only they decide."""
    teams: int
    eras: int
    """The highest era number (E); eras are 1..E."""
    draw_pile: int
    """Cards and jokers in the draw pile once the deal is over (D0)."""

    @property
    def items(self) -> int:
        """Cards and jokers (n + J): no pile, hand or count of them holds more."""
        return self.cards + self.jokers

    @property
    def specials(self) -> int:
        """The most special actions a whole game can earn (S)."""
        # opening an era (not era 1) and closing one happen once per era (Bluff: once
        # announced); each joker leaves the game once (joker special, a joker the automaton
        # turns over); a hand emptied while the draw pile has cards is refilled (or
        # everybody draws) at once, which takes at least one card from the draw pile
        return (self.eras - 1) + self.eras + self.jokers + self.draw_pile


def sizes(deck: Deck, params: Mapping[str, Any]) -> Sizes:
    """The sizes of a configuration (``params`` resolved, ``deck`` the one it loads)."""
    players = int(params["players"])
    automata = int(params["automata"] or 0)
    n = len(deck.cards)
    dealt = min(n, (players + 1) * HAND_SIZE)  # the reserve and each hand, five rounds
    jokers = int(params["jokers"] or 0)
    return Sizes(
        cards=n,
        jokers=jokers,
        players=players,
        persons=players - automata,
        teams=int(params["teams"] or 0),
        eras=max(card.era for card in deck.cards),
        draw_pile=n - dealt + jokers,
    )


# ------------------------------------------------------------------- the spaces


def action_space(mode: str, deck: Deck, z: Sizes) -> ActionSpace:
    """Every decision a person can be offered, by part (see docs/evolution/encoding.md)."""
    ids = [card.id for card in deck.cards]
    cards_or_joker = [*ids, JOKER] if z.jokers else ids
    seats = range(z.players)
    several = z.players > 1  # somebody else to take from, give to, call a card from
    windows = z.persons > 1 and (mode == BLUFF or z.jokers > 0)
    parts = [Part(PlaceHand, card=ids), Part(PlaceReserve, card=ids)]
    if several:
        parts.append(Part(PlaceDiscard, seat=seats, card=ids))
        # the card is the one just called and given: the position tells it
        parts.append(Part(PlaceCalled, card=IMPLIED, series=(False, True)))
    if z.jokers:
        parts += [Part(JokerAs, card=ids), Part(JokerSpecial)]
        if windows:
            parts.append(Part(Interrupt))
    parts.append(Part(Replay))
    if several:
        parts += [Part(Steal, seat=seats), Part(Exchange, seat=seats)]
    parts += [Part(SpecialDiscard, card=cards_or_joker), Part(Call, card=ids)]
    if several:
        parts.append(Part(Give, card=cards_or_joker))
    if z.teams:
        parts.append(Part(Ask, seat=range(z.persons)))  # teams are made of people
    if mode == BLUFF:
        if z.eras > 1:
            parts.append(Part(Announce, what=("open",), era=range(2, z.eras + 1)))
        parts.append(Part(Announce, what=("close",), era=range(1, z.eras + 1)))
    else:
        parts.append(Part(Discard, card=cards_or_joker))
    parts.append(Part(Word, word=words(mode, z)))
    return ActionSpace(parts)


def words(mode: str, z: Sizes) -> list[str]:
    """The one-word actions the configuration can offer, in the order of :data:`WORDS`."""
    offered = {"pass", "end"}
    if mode == EXPLORE:
        if z.persons > 1 and z.jokers:
            offered.add("accept")  # a window asks the people holding a joker
    else:
        if z.persons > 1:
            offered |= {"accept", "stop", "verify", "concede"}
        if z.players > 1:
            offered.add("abandon")  # a called card comes from somebody else's hand
    return [w for w in WORDS if w in offered]


def chance_space(deck: Deck, z: Sizes) -> ActionSpace:
    """Every chance outcome: the deal, draws, the card a steal takes, the automaton's card."""
    ids = [card.id for card in deck.cards]
    cards_or_joker = [*ids, JOKER] if z.jokers else ids
    parts = [Part(Deal, card=ids), Part(Draw, card=cards_or_joker)]
    if z.players > 1:
        parts.append(Part(Take, card=cards_or_joker))
    if z.persons < z.players:
        parts.append(Part(Flip, card=cards_or_joker))
    return ActionSpace(parts)


# ------------------------------------------------------------------- the bounds


def triangle(k: int) -> int:
    return k * (k + 1) // 2


def explore_high(z: Sizes) -> int:
    """The most points a seat can have at the end of Explore (a team's pooled total)."""
    # Each card is placed once; a placement scores its place in its series, and a series
    # holds at most one joker (a joker starts a series), so all the series together score
    # at most one series of every card after a joker, plus 1 for each other joker placed.
    # A card is stood for by a joker at most once (it stays placed), so at most n jokers
    # are placed as cards.
    series = triangle(z.cards + 1) + z.cards - 1 if z.jokers else triangle(z.cards)
    return series + SPECIAL_BONUS * z.specials


def explore_length(z: Sizes) -> int:
    """The most decisions a game of Explore can take (the reasoning: docs/evolution/encoding.md)."""
    n, jokers = z.cards, z.jokers
    as_cards = n if jokers else 0  # jokers placed as cards
    discards = n + jokers  # a card enters a discard once; a joker leaves the game once
    draws = z.draw_pile
    specials = z.specials
    # every turn that is not a pass ends with a placement, a discard, a failed call (a
    # special action), or an empty hand (a draw, a special action, a joker gone)
    turns = (n + as_cards) + discards + specials + draws + jokers
    # passes come only while the tree is empty, at most one per person in a row
    between = discards + specials + draws + jokers
    passes = z.persons * (1 + between)
    steal = 1 if z.players > 1 else 0  # the theft that starts a turn once the pile is empty
    ask = 2 if z.teams else 0  # asking a teammate, who gives a card
    answers = min(z.persons - 1, jokers)  # a window asks the people holding a joker
    return (
        passes * (1 + steal)
        + turns * (1 + steal + ask)
        + (n + as_cards) * (1 + answers)
        + jokers  # joker special
        + 2 * specials  # a special action, and the card given back in an exchange
    )


def bluff_length(z: Sizes) -> int:
    """The most decisions a game of Bluff can take (the reasoning:
    docs/evolution/encoding.md): it lasts at most :func:`turn_limit` turns (ruling 49)."""
    n, jokers = z.cards, z.jokers
    stays = n + (n + jokers if jokers else 0)  # placements that stay on the pile
    turns = turn_limit(z.players)
    specials = z.specials
    announcements = 2 * z.eras - 1  # each stands once
    # a deed stays, stands (an announcement), is a call or an abandon, or ends the turn
    deeds = stays + announcements + 2 * specials + turns
    ask = 2 if z.teams else 0
    return (
        turns * (1 + ask + 1)  # end or pass, ask and give, the draw that becomes a theft
        + deeds * (1 + (z.persons - 1) + 3)  # the deed, the window, Stop's answer, give, steal
        + 2 * specials
        + jokers
        + (z.players - 1)  # the draws for everybody that run out of draw pile
    )


# ------------------------------------------------------------------- the planes


def planes(mode: str, z: Sizes) -> tuple[Plane, ...]:
    """The planes of an observation, in order."""
    n, p, eras = z.cards, z.players, z.eras
    common = (
        Plane(
            "hands",
            (p, n + 1),
            "by seat (yours first): the cards you see in the hand (yours; the others' you "
            "know of; every hand once Bluff is over), column n the jokers seen there / J",
            remembered=True,
        ),
        Plane("hand_sizes", (p,), "cards in each hand / (n + J), your seat first"),
        Plane("reserve", (n,), "the cards in the reserve"),
        Plane("discards", (p, n), "the cards in each seat's discard, your seat first"),
        Plane("draw_pile", (1,), "cards left in the draw pile / (n + J)"),
        Plane("jokers_out", (1,), "jokers out of the game / J (0 without jokers)"),
        Plane("scores", (p,), "each seat's score / the highest return, your seat first"),
        Plane(
            "seats",
            (2, p),
            "your seat first: the automata; your team (you included; none without teams)",
        ),
        Plane("step", (len(STEPS),), "what the game waits for, one-hot: " + ", ".join(STEPS)),
        Plane("to_move", (p,), "the seat to move, one-hot, your seat first (none: chance)"),
        Plane(
            "turn",
            (2, p),
            "your seat first: whose turn it is; the seats whose turns a joker interrupted",
        ),
        Plane(
            "turn_state",
            (len(TURN_FLAGS),),
            "the turn in progress: an interruption, the next card starts a series, a series "
            "is going, it started with a joker, special actions / 4 (at most 1), cards "
            "placed / (n + J), the series' length / (n + J)",
        ),
        Plane("series_last", (n,), "the last card of the series going (not if hidden)"),
        Plane("requested", (n,), "the card your teammate gave on request this turn"),
        Plane(
            "window",
            (4, p),
            "your seat first: who made the action a window follows; the seats it still "
            "waits for (as the view tells); who said Stop; who said Interruption",
        ),
        Plane("deed", (len(DEEDS),), "the kind of that action, one-hot: " + ", ".join(DEEDS)),
        Plane("deed_card", (n,), "the card that action names"),
        Plane("deed_era", (2, eras), "an announcement's era: open (row 0), closed (row 1)"),
        Plane("called", (n,), "the card you called and were given, to place"),
        Plane("last_call", (n,), "the card of the last call (not if hidden)"),
        Plane("last_call_flags", (2,), "a call was made; the last call failed"),
        Plane("last_call_seats", (2, p), "your seat first: who called last; who gave the card"),
    )
    if mode == EXPLORE:
        return (
            *common,
            Plane(
                "tree",
                (2, n),
                "the cards in the tree: placed itself (row 0), a joker stands for it (row 1)",
            ),
            Plane("tree_last", (n,), "the card the last entry of the tree is or stands for"),
            Plane(
                "eras",
                (3, eras),
                "by era: cards placed / cards of the era; open; closed",
            ),
        )
    return (
        *common,
        Plane(
            "pile_top",
            (2, n),
            "the top of the pile: the card itself (row 0), a joker standing for it (row 1); "
            "remembered: every card seen on top (the cards under it)",
            remembered=True,
        ),
        Plane("pile_size", (1,), "entries on the pile / (n + J)"),
        Plane("announced", (2, eras), "by era: announced open (row 0), closed (row 1)"),
        Plane(
            "last_stop",
            (5,),
            "the last Stop: there is one, case 1, case 2, case 3, the action was valid",
        ),
        Plane("last_stop_seats", (2, p), "your seat first: who was stopped; who said Stop"),
    )


def deed_of(text: str, index: Mapping[str, int]) -> tuple[int, int, int, int]:
    """The kind of a window's action (its place in :data:`DEEDS`), the card it names
    (-1: none), and for an announcement its era (-1: none) and whether it closes."""
    action = parse_action(text)
    card: str | None = getattr(action, "card", None)
    if isinstance(action, JokerAs):
        kind = 1
    elif isinstance(action, Call):
        kind = 2
    elif isinstance(action, Announce):
        return 3, -1, action.era, int(action.what == "close")
    elif isinstance(action, Word):
        kind = 4
    else:
        kind = 0
    return kind, index.get(card, -1) if card is not None else -1, -1, 0


def filler(mode: str, deck: Deck, z: Sizes, high: float) -> Any:
    """The ``fill`` function of a configuration: one view into zeroed planes."""
    index = {card.id: i for i, card in enumerate(deck.cards)}
    n, p = z.cards, z.players
    items = z.items
    joker_share = 1 / max(1, z.jokers)
    step_index = {name: i for i, name in enumerate(STEPS)}
    deeds: dict[str, tuple[int, int, int, int]] = {}

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        finish = view.get("finish")
        shown = finish["hands"] if finish is not None else None
        hands, sizes_ = planes["hands"], planes["hand_sizes"]
        for entry in view["hands"]:
            seat = entry["seat"]
            row = (seat - me) % p
            sizes_[row] = entry["count"] / items
            cards = entry["cards"]
            if shown is not None:
                cards = shown[seat]
            elif cards is None:
                cards = entry.get("known") or ()
            for name in cards:
                if name == JOKER:
                    hands[row, n] += joker_share
                else:
                    hands[row, index[name]] = 1
        for name in view["reserve"]:
            planes["reserve"][index[name]] = 1
        discards = planes["discards"]
        for seat, discard in enumerate(view["discards"]):
            row = (seat - me) % p
            for name in discard:
                discards[row, index[name]] = 1
        planes["draw_pile"][0] = view["draw_pile"] / items
        planes["jokers_out"][0] = view["jokers_out"] * joker_share
        scores = planes["scores"]
        for seat, score in enumerate(view["scores"]):
            scores[(seat - me) % p] = score / high
        seats = planes["seats"]
        for seat in view["automata"]:
            seats[0, (seat - me) % p] = 1
        teams = view["teams"]
        mine = teams[me] if view["seat"] is not None else None
        if mine is not None:
            for seat, team in enumerate(teams):
                if team == mine:
                    seats[1, (seat - me) % p] = 1
        planes["step"][step_index[view["step"]]] = 1
        current = view["current_player"]
        if current >= 0:
            planes["to_move"][(current - me) % p] = 1
        turn = view["turn"]
        if turn is not None:
            planes["turn"][0, (turn["seat"] - me) % p] = 1
            for seat in turn["interrupted"]:
                planes["turn"][1, (seat - me) % p] = 1
            state = planes["turn_state"]
            state[0] = turn["interruption"]
            state[1] = turn["starts_series"]
            state[4] = min(1.0, turn["specials"] / SPECIALS_SCALE)
            state[5] = min(1.0, turn["placed"] / items)
            series = turn["series"]
            if series is not None:
                state[2] = 1
                state[3] = series["joker"]
                state[6] = min(1.0, series["length"] / items)
                last = index.get(series["last"])
                if last is not None:
                    planes["series_last"][last] = 1
            requested = turn["requested"]
            if requested is not None and requested in index:
                planes["requested"][index[requested]] = 1
        window = view.get("window")
        if window is not None:
            rows = planes["window"]
            rows[0, (window["actor"] - me) % p] = 1
            for seat in window.get("waiting", ()):
                rows[1, (seat - me) % p] = 1
            stopper = window.get("stopped_by")
            if stopper is not None:
                rows[2, (stopper - me) % p] = 1
            if window["interrupter"] is not None:
                rows[3, (window["interrupter"] - me) % p] = 1
            text = window["action"]
            deed = deeds.get(text)
            if deed is None:
                deed = deeds[text] = deed_of(text, index)
            kind, card, era, close = deed
            planes["deed"][kind] = 1
            if card >= 0:
                planes["deed_card"][card] = 1
            if era >= 1:
                planes["deed_era"][close, era - 1] = 1
        called = view.get("called")
        if called is not None:
            planes["called"][index[called]] = 1
        call = view["last_call"]
        if call is not None:
            called_card = index.get(call["card"])
            if called_card is not None:
                planes["last_call"][called_card] = 1
            planes["last_call_flags"][0] = 1
            planes["last_call_flags"][1] = call["failed"] is not None
            who = planes["last_call_seats"]
            who[0, (call["seat"] - me) % p] = 1
            if call["given_by"] is not None:
                who[1, (call["given_by"] - me) % p] = 1
        if mode == EXPLORE:
            tree = planes["tree"]
            entries = view["tree"]
            for entry in entries:
                tree[int(entry["joker"]), index[entry["card"]]] = 1
            if entries:
                planes["tree_last"][index[entries[-1]["card"]]] = 1
            eras = planes["eras"]
            for era in view["eras"]:
                column = era["era"] - 1
                eras[0, column] = era["placed"] / era["size"]
                eras[1, column] = era["open"]
                eras[2, column] = era["closed"]
            return
        pile = view["pile"]
        planes["pile_size"][0] = pile["size"] / items
        top = pile["top"]
        if top is not None:
            planes["pile_top"][int(top["joker"]), index[top["card"]]] = 1
        announced = planes["announced"]
        for era in view["eras"]:
            column = era["era"] - 1
            announced[0, column] = era["announced_open"]
            announced[1, column] = era["announced_closed"]
        stop = view["last_stop"]
        if stop is not None:
            flags = planes["last_stop"]
            flags[0] = 1
            flags[stop["case"]] = 1
            flags[4] = bool(stop["valid"])
            planes["last_stop_seats"][0, (stop["actor"] - me) % p] = 1
            planes["last_stop_seats"][1, (stop["stopped_by"] - me) % p] = 1

    return fill


# ------------------------------------------------------------------- the encoding

EXPLORE_NOTES = (
    "Length: each card is placed once (n), as a joker at most once more (n, with jokers); "
    "a card enters a discard once, a joker leaves the game once (n + J); the draw pile "
    "after the deal holds D0 cards; a game earns at most S = (eras - 1) + eras + J + D0 "
    "special actions. Every turn that is not a pass ends with one of these events, so "
    "there are at most (n + n) + (n + J) + S + D0 + J such turns; passes come only while "
    "the tree is empty, at most one per person in a row, between turns ending with one of "
    "these events. The bound adds the decisions each event and turn can bring: the theft "
    "that starts a turn once the draw pile is empty, asking a teammate and the gift, the "
    "answers of a window after each placement (the people holding a joker), special "
    "actions and the card an exchange gives back. "
    "Utility: points never go down; a placement scores its place in its series and a "
    "series holds at most one joker, so all placements score at most 1 + 2 + ... + "
    "(n + 1) plus 1 per other joker placed (1 + ... + n without jokers), and special "
    "actions 3 each: a team's pooled total is at most that."
)

BLUFF_NOTES = (
    "Length: a game lasts at most T = 200 (P + 1) turns (ruling 49: it then ends with no "
    "winner), every turn counted (a pass, an interruption's extra turn, an automaton's). "
    "Each turn brings at most an end or pass, an ask and its gift, and a draw turned into "
    "a theft. Each action a window follows (a placement, a joker as a card, a call, an "
    "announcement, an abandon) stays on the pile (at most n cards, and with jokers at "
    "most n + J jokers as cards: a joker comes back to a hand only when its card is "
    "placed), stands (an announcement: at most 2 eras - 1), is a call or the abandon of "
    "the card called (at most 2 S, a game earning at most S = (eras - 1) + eras + J + D0 "
    "special actions), or ends the turn (at most T); each brings at most one answer per "
    "other person, the answer to a Stop, a card given and a theft. Add the special "
    "actions and the card an exchange gives back (2 S), the jokers placed out of the pile "
    "(J), and the thefts when the draw pile runs out while everybody draws (P - 1). "
    "Utility: 1 for the winners (a team), 0 for the others and for a game with no winner."
)


def build(mode: str, params: Mapping[str, Any], deck: Deck | None = None) -> Encoding:
    """The encoding of one game with these (resolved) parameters; ``deck``: the deck
    itself instead of the one ``params["deck"]`` names (tests)."""
    if deck is None:
        deck = load_deck(params.get("deck"))
    z = sizes(deck, params)
    if mode == EXPLORE:
        high = float(explore_high(z))
        length = explore_length(z)
        notes = EXPLORE_NOTES
    else:
        high = 1.0
        length = bluff_length(z)
        notes = BLUFF_NOTES
    return Encoding(
        actions=action_space(mode, deck, z),
        chance=chance_space(deck, z),
        planes=planes(mode, z),
        fill=filler(mode, deck, z, high),
        max_game_length=length,
        utility=(0.0, high),
        notes=notes,
    )


__all__ = [
    "DEEDS",
    "STEPS",
    "TURN_FLAGS",
    "WORDS",
    "Sizes",
    "action_space",
    "build",
    "chance_space",
    "planes",
    "sizes",
]
