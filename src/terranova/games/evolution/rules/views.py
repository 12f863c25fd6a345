"""What each seat may know (rulings 47, 48): views, how an action is seen when it is played
and later, and the redeal of what a seat has not seen (for search bots).

Views show a seat its own hand, the others' hand sizes and the cards it knows they hold
(given, taken, called), the draw pile's size, an automaton's row as a count. Draws, deals
and thefts into other hands are seen as ``draw ?``, ``take ?``, ``give ?``. In Bluff a card
covered on the pile is named by nothing shown any more.
"""

from __future__ import annotations

import random
from typing import Any

from terranova.core.actions import Action
from terranova.core.scoring import SCORING
from terranova.games.evolution.actions import parse_action
from terranova.games.evolution.rules.steps import (
    Called,
    Dealing,
    Drawing,
    Giving,
    Stopped,
    Taking,
    Window,
)
from terranova.games.evolution.rules.table import Table


def masked(text: str, card: str) -> str:
    """``text`` with the word ``card`` (a card's id) replaced by ``?``."""
    return " ".join("?" if word == card else word for word in text.split(" "))


def move(text: str) -> dict[str, Any]:
    """The action of ``text`` as data (its kind and fields), ``?`` read as a field hidden
    (null), as the state message gives its moves (``core.action_text``)."""
    return parse_action.masked_data(text)


def view(g: Table, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` sees it (``None``: a spectator)."""
    c = g.tables
    cfg = g.config
    v = g.variant
    names = c.item_names
    known = g.known
    hands = []
    for s, hand in enumerate(g.hands):
        entry: dict[str, Any] = {"seat": s, "count": len(hand), "cards": None}
        if seat == s:
            entry["cards"] = [names[x] for x in hand]
        elif seat is not None:
            bit = 1 << seat
            entry["known"] = sorted([names[x] for x in hand if known.get(x, 0) & bit])
        hands.append(entry)
    step = None if g.over else g.agenda[-1]
    out: dict[str, Any] = {
        "game": g.game_id,
        "mode": cfg.mode,
        "seat": seat,
        "players": g.players,
        "automata": list(cfg.automaton_seats),
        "teams": list(cfg.teams_shown),
        "jokers": cfg.jokers,
        "step": "over" if step is None else step.name or "?",
        "current_player": g.current_player(),
        "scores": g.scores(),
        "draw_pile": g.pile_size(),
        "reserve": [names[x] for x in g.reserve],
        "discards": [[names[x] for x in d] for d in g.discards],
        "jokers_out": len(g.out),
        "hands": hands,
        "winners": g.winners(),
        "last_call": g.last_call,
        "last_stop": g.last_stop,
        SCORING: [line.json() for line in g.sheet],  # public: the same for every seat
    }
    covered = v.covered(g)
    if covered:
        # what was said aloud about a card now under the top is to be remembered
        call = g.last_call
        if call is not None and covered >> c.index[call["card"]] & 1:
            out["last_call"] = {**call, "card": "?"}
        stop = g.last_stop
        card = g.last_stop_card
        if stop is not None and card and covered >> c.index[card] & 1:
            out["last_stop"] = {**stop, "action": masked(stop["action"], card)}
    if out["last_stop"] is not None:
        out["last_stop"] = {**out["last_stop"], "move": move(out["last_stop"]["action"])}
    v.table_view(g, out)
    turn = None
    if g.ctx and not g.over:
        ctx = g.ctx[-1]
        turn = {
            "seat": ctx.seat,
            "interruption": ctx.interruption,
            "interrupted": [t.seat for t in g.ctx[:-1]],
            "series": None
            if ctx.last < 0
            else {
                # a claim stopped and taken back may name a card now under the top
                "last": "?" if covered >> ctx.last & 1 else c.ids[ctx.last],
                "length": ctx.length,
                "joker": ctx.joker,
            },
            "starts_series": ctx.can_start,
            "specials": ctx.specials,
            "placed": ctx.placed,
            "requested": names[ctx.requested] if ctx.requested >= 0 and seat == ctx.seat else None,
        }
    out["turn"] = turn
    match step:
        case Window(actor=actor, seats=seats, deed=deed, interrupter=interrupter):
            out["window"] = {
                "action": deed.text,
                "move": move(deed.text),
                "actor": actor,
                "waiting": v.waiting(seats, seat),
                "interrupter": interrupter if interrupter >= 0 else None,
            }
        case Stopped(actor=actor, challenger=challenger, deed=deed, interrupter=interrupter):
            out["window"] = {
                "action": deed.text,
                "move": move(deed.text),
                "actor": actor,
                "stopped_by": challenger,
                "interrupter": interrupter if interrupter >= 0 else None,
            }
        case Called(card=called):
            out["called"] = c.ids[called]
    if seat is not None and seat == g.current_player():
        out["legal_actions"] = [str(a) for a in g.legal_actions()]
    return out


def describe(g: Table, action: Action, seat: int | None) -> str | None:
    """Draws into a hand, and the cards a steal takes or a player gives, are seen only by
    the players concerned (``draw ?``, ``take ?``, ``give ?`` for the others)."""
    text = str(action)
    if g.over:
        return text
    match g.agenda[-1]:
        case Dealing(k=k):
            slot = k % (g.players + 1)
            return text if slot == 0 or seat == slot - 1 else "deal ?"
        case Drawing(seat=drawer):
            return text if seat == drawer else "draw ?"
        case Taking(thief=thief, victim=victim):
            return text if seat in (thief, victim) else "take ?"
        case Giving(giver=giver, receiver=receiver):
            return text if seat in (giver, receiver) else "give ?"
    return text


def recall(g: Table, action: Action, seen: str) -> str:
    """Bluff: a card under the top of the pile is named by no log line any more (the
    players must remember what lies there), whatever the line tells of it: ``place
    hand ?``, ``call ?``, ``draw ?``. The top card stays named (the view shows it),
    unless an entry under it stands for the same card."""
    covered = g.variant.covered(g)
    if not covered:
        return seen
    card = getattr(action, "card", None)
    if not isinstance(card, str):
        return seen
    index = g.tables.index.get(card)
    if index is None or not covered >> index & 1:
        return seen
    return masked(seen, card)


def components(g: Table) -> dict[str, Any]:
    """The deck: every card with its era, family and prerequisites; the jokers."""
    deck = g.deck
    return {
        "deck": deck.name,
        "jokers": g.config.jokers,
        "eras": [
            {
                "number": e.number,
                "name_fr": e.name_fr,
                "name_en": e.name_en,
                "name_de": e.name_de,
                "colour": e.colour,
            }
            for e in deck.eras
        ],
        "cards": [
            {
                "id": card.id,
                "name_fr": card.name_fr,
                "name_en": card.name_en,
                "name_de": card.name_de,
                "era": card.era,
                "number": card.number,
                "family": str(card.family),
                "prerequisites": list(card.prerequisites),
            }
            for card in deck.cards
        ],
    }


def shown_jokers(g: Table, seat: int) -> set[tuple[int, int]]:
    """The places in hands of the jokers ``seat`` knows are there without having seen
    them: where a response window asks only the seats holding a joker, each seat it still
    waits for holds one (the first joker of its hand stands for it, unless ``seat`` knows
    one there already)."""
    if not g.variant.window_asks_joker_holders:
        return set()
    n, bit = g.tables.n, 1 << seat
    kept: set[tuple[int, int]] = set()
    for step in g.agenda:
        if not isinstance(step, Window):
            continue
        for s in step.seats:
            hand = g.hands[s]
            jokers = [i for i, item in enumerate(hand) if item >= n]
            if s == seat or not jokers or any(g.known.get(hand[i], 0) & bit for i in jokers):
                continue
            kept.add((s, jokers[0]))
    return kept


def redeal(g: Table, other: Table, seat: int, rng: random.Random) -> None:
    """Redeal in ``other`` (a clone of ``g``) what ``seat`` has not seen: the cards of other
    hands (the automata's face-down rows included) it does not know about, and the draw
    pile. Cards it knows the place of (given, taken, called) stay; the Bluff pile stays
    (every card on it was seen when it was placed). The draw pile is dealt in era order,
    so it keeps the latest eras: it gets the latest unseen cards (those of the era where
    it starts chosen at random), the hands the earlier ones. Unseen jokers go to random
    places among the unseen ones (they were shuffled blindly into the draw pile)."""
    c = g.tables
    bit = 1 << seat
    kept = shown_jokers(g, seat)
    slots: list[tuple[int, int]] = []
    unseen: list[int] = []
    for s in range(g.players):
        if s == seat:
            continue
        for i, item in enumerate(g.hands[s]):
            if not g.known.get(item, 0) & bit and (s, i) not in kept:
                slots.append((s, i))
                unseen.append(item)
    unseen += [card for cards in g.pile for card in cards] + g.pile_jokers
    unseen.sort()  # what the seat cannot see must not steer the draw: start from one order
    cards = [x for x in unseen if x < c.n]
    jokers = [x for x in unseen if x >= c.n]
    piled = g.pile_size()
    joker_places = rng.sample(range(piled + len(slots)), len(jokers))
    pile_jokers = [j for j, place in zip(jokers, joker_places, strict=True) if place < piled]
    rng.shuffle(cards)
    cards.sort(key=c.era.__getitem__, reverse=True)  # stable: random within an era
    in_pile = piled - len(pile_jokers)
    rest = cards[:in_pile] + pile_jokers
    pool = cards[in_pile:] + [j for j in jokers if j not in pile_jokers]
    rng.shuffle(pool)
    mapping: dict[int, int] = {}
    for (s, i), new in zip(slots, pool, strict=True):
        mapping[g.hands[s][i]] = new
        other.hands[s][i] = new
    # who knows what lies in a slot stays with the slot
    other.known = {
        new: g.known[old]
        for hand, old_hand in zip(other.hands, g.hands, strict=True)
        for new, old in zip(hand, old_hand, strict=True)
    }
    for s in range(g.players):
        if s != seat and not g.auto[s]:
            other.hands[s].sort()  # a person's hand has no order (a row of the
            # automaton has one, which follows from public events)
    other.pile = [[] for _ in range(c.max_era + 1)]
    other.pile_jokers = []
    for item in sorted(rest):
        if item < c.n:
            other.pile[c.era[item]].append(item)
        else:
            other.pile_jokers.append(item)
    other.pile_n = len(rest) - len(other.pile_jokers)
    if mapping:
        for ctx in other.ctx:
            ctx.requested = mapping.get(ctx.requested, ctx.requested)
        other.agenda = [
            Giving(t.giver, t.receiver, t.reason, mapping.get(t.exclude, t.exclude))
            if isinstance(t, Giving)
            else t
            for t in other.agenda
        ]
    other.changed()
