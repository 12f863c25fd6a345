"""Special actions (rule 2.2): earned during your turn by opening an era (not era 1),
closing one, or emptying your hand, and used in that turn only (ruling 11): replay,
steal, exchange, discard, call. Also the blind theft itself (a special action, an
exchange, a steal instead of a draw, Stop case 2) and the card given in return."""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.games.evolution.actions import REPLAY, Give, SpecialDiscard, Take
from terranova.games.evolution.rules import placing, teams, turns
from terranova.games.evolution.rules.steps import Called, Giving, Taking, Theft, Turn
from terranova.games.evolution.rules.table import Table

NEXT_ERA_CLOSED = "the next era was not open"


def special_actions(g: Table, ctx: Turn) -> list[Action]:
    """What a special action may do now (the seat whose turn it is has one)."""
    c = g.tables
    seat = ctx.seat
    hand = g.hands[seat]
    out: list[Action] = [] if ctx.can_start else [REPLAY]
    victims = [v for v in range(g.players) if v != seat and g.hands[v]]
    out += [c.steal[v] for v in victims]
    if hand:
        out += [c.exchange[v] for v in victims]
    if len(hand) >= 2:
        out += g.card_actions(hand, c.special_discard)
    out += c.call
    return out


def replay(g: Table, ctx: Turn) -> None:
    """1. Rejouer: the next card starts a new series."""
    ctx.specials -= 1
    ctx.can_start = True
    ctx.last, ctx.length, ctx.joker = -1, 0, False


def steal(g: Table, ctx: Turn, victim: int, exchange: bool) -> None:
    """2. Voler: take a card blindly from ``victim``; 3. Échanger: then give it another
    card of your choice (ruling 16)."""
    ctx.specials -= 1
    reason: Theft = "exchange" if exchange else "special"
    g.agenda.append(Taking(ctx.seat, victim, reason))


def special_discard(g: Table, ctx: Turn, action: SpecialDiscard) -> None:
    """4. Défausser: discard a card, not your last one."""
    ctx.specials -= 1
    seat = ctx.seat
    item = g.find(g.hands[seat], action.card)
    g.hand_remove(seat, item)
    g.to_discard(seat, item)


def call(g: Table, ctx: Turn, card: int, text: str) -> None:
    """5. Appeler: "J'appelle [nom de la carte]" (the variant says when it is answered)."""
    ctx.specials -= 1
    g.variant.call(g, ctx, card, text)


def call_fails(g: Table, card: int) -> str | None:
    """Why a call of ``card`` fails, as far as the table shows it (rule 2.2, "Échec"): the
    era after its own is not open (ruling 12), or the card is placed, in the reserve or in
    a discard; ``None`` if none of these."""
    c = g.tables
    era = c.era[card]
    if era >= c.max_era or not g.era_count[era + 1]:
        return NEXT_ERA_CLOSED  # a call that may not be made
    if g.real >> card & 1:
        return "the card was already placed"
    if card in g.reserve:
        return "the card was in the reserve"
    if any(card in d for d in g.discards):
        return "the card was in a discard"
    return None


def answer_call(g: Table, ctx: Turn, card: int, checked: bool) -> None:
    """Who gives the called card, and whether the call fails (rulings 13-14): the caller
    must then place it; a failed call discards the card if the caller has it and ends the
    turn with its draw. ``checked``: the call is checked at once (Explore); in Bluff only
    who holds the card matters: the rest was for a Stop to catch."""
    seat = ctx.seat
    own = card in g.hands[seat]
    reason = call_fails(g, card) if checked else None
    if reason == NEXT_ERA_CLOSED:
        own = False  # takes nothing
    holder = -1
    if reason is None and not own:
        n = g.players
        holder = next((s for k in range(1, n) if card in g.hands[s := (seat + k) % n]), -1)
        if holder < 0:
            reason = "nobody had the card"
    if own:
        reason = "the card was in your hand"
    if holder >= 0:
        g.hand_remove(holder, card)
        if checked and not placing.condition_1(g, card):
            reason = "a prerequisite is missing"
            g.to_discard(seat, card)
            turns.end_turn(g, ctx, draw=True)
        else:
            g.agenda.append(Called(seat, card))
        g.variant.replace(g, holder)  # the holder replaces the card at once (Explore)
    else:
        if own:
            g.hand_remove(seat, card)
            g.to_discard(seat, card)
        turns.end_turn(g, ctx, draw=True)
    g.last_call = {
        "seat": seat,
        "card": g.tables.ids[card],
        "given_by": holder if holder >= 0 else None,
        "failed": reason,
    }


# ------------------------------------------------------- thefts and gifts


def take_outcomes(g: Table, victim: int) -> list[tuple[Action, float]]:
    """A card taken blindly: any card of the hand (from the automaton, its last)."""
    c = g.tables
    hand = g.hands[victim]
    if g.auto[victim]:
        return [(c.take[min(hand[-1], c.n)], 1.0)]
    size = len(hand)
    held = sorted(x for x in hand if x < c.n)
    out: list[tuple[Action, float]] = [(c.take[x], 1 / size) for x in held]
    if len(held) < size:
        out.append((c.take[c.n], (size - len(held)) / size))
    return out


def take_actions(g: Table, victim: int) -> list[Action]:
    """The actions of :func:`take_outcomes`, in the same order, without their
    probabilities."""
    c = g.tables
    hand = g.hands[victim]
    if g.auto[victim]:
        return [c.take[min(hand[-1], c.n)]]
    held = sorted(x for x in hand if x < c.n)
    out: list[Action] = [c.take[x] for x in held]
    if len(held) < len(hand):
        out.append(c.take[c.n])
    return out


def take(g: Table, step: Taking, action: Action) -> None:
    """The card taken goes to the thief's hand; the victim may redraw (Explore, a special
    action), or the thief gives a card back (an exchange)."""
    assert type(action) is Take
    thief, victim = step.thief, step.victim
    hand = g.hands[victim]
    item = hand[-1] if g.auto[victim] else g.find(hand, action.card)
    g.hand_remove(victim, item)
    g.hand_add(thief, item, 1 << victim)
    if step.reason == "special":
        g.variant.replace(g, victim)
    elif step.reason == "exchange":
        g.agenda.append(Giving(thief, victim, "exchange", item))


def give(g: Table, step: Giving, action: Action) -> None:
    """The giver's card goes to the receiver's hand (an exchange, a request, Stop case 3)."""
    assert type(action) is Give
    giver, exclude = step.giver, step.exclude
    hand = [x for x in g.hands[giver] if x != exclude]
    item = g.find(hand, action.card)
    g.hand_remove(giver, item)
    g.hand_add(step.receiver, item, 1 << giver)
    if step.reason == "request":
        teams.given_on_request(g, giver, item)
