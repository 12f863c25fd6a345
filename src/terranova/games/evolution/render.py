"""Drawing Discovery (evolution): a game in progress as SVG or text, and the deck.

- :func:`render_svg`: the position as one seat may see it (or a spectator): Explore's tree
  as rows by era, Bluff's pile as a stack showing only its top card, the draw pile, the
  reserve, every seat's hand (face down but for the seat's own), discard and score, whose
  turn it is and what the game waits for (a response window, a Stop, a called card).
- :func:`render_text`: the same as plain text.
- :func:`render_components_svg`: the deck's prerequisite tree.

Both pictures of a game draw only what ``state.view(seat)`` and ``state.components()``
hold, so they never show a hidden card; cards look as in the deck's picture
(:mod:`.deck_render`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import quoteattr

from terranova.core.errors import InvalidParameterError
from terranova.core.i18n import SOURCE
from terranova.core.state import CHANCE
from terranova.games.evolution.actions import JOKER
from terranova.games.evolution.cards import CARDS_PER_ERA, Card, Deck, Era, Family
from terranova.games.evolution.deck_render import (
    JOKER_COLOUR,
    _n,
    _text,
    card_back_svg,
    card_face_svg,
    deck_columns,
    family_legend,
    joker_face_svg,
    render_deck_svg,
    svg_document,
)
from terranova.games.evolution.rules import EvolutionState

# geometry, in pixels
_M = 16.0  # margin
_TREE_W, _TREE_H = 136.0, 56.0  # a card in Explore's tree
_SMALL_W, _SMALL_H = 104.0, 44.0  # a card anywhere else
_BIG_W, _BIG_H = 168.0, 71.0  # the top card of Bluff's pile
_GAP = 12.0
_SMALL_GAP = 6.0
_LABEL_W = 116.0  # an era's label, left of its row
_INFO_W = 196.0  # a seat's name, score and hand size, left of its cards
_HAND_COLUMNS = 5
_OVERLAP = 16.0  # the step between face-down cards of a hand
_MAX_BACKS = 24
_HIGHLIGHT = "#d81b60"  # the seat to move, the last card placed
_INK = 'fill="#222222"'
_GREY = 'fill="#555555"'


def render_components_svg(state: EvolutionState, lang: str = SOURCE) -> str:
    """The deck of the game: every card by era, coloured by family, prerequisite arrows."""
    return render_deck_svg(state.deck)


def _check_seat(state: EvolutionState, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < state.num_seats:
        raise InvalidParameterError(
            f"seat is 0 to {state.num_seats - 1} in this game (or none: a spectator), not {seat}"
        )


def _deck(components: Mapping[str, Any]) -> Deck:
    """The deck described by ``state.components()`` (what a picture needs of it)."""
    eras = tuple(
        Era(e["number"], e["name_fr"], e["name_en"], e["name_de"], "", e["colour"])
        for e in components["eras"]
    )
    cards = tuple(
        Card(
            c["id"],
            c["name_fr"],
            c["name_en"],
            c["name_de"],
            c["era"],
            c["number"],
            Family(c["family"]),
            tuple(c["prerequisites"]),
            "",
            "",
        )
        for c in components["cards"]
    )
    return Deck(components["deck"], cards, eras, components["jokers"], (1,))


# ------------------------------------------------------------------------ text


def render_text(state: EvolutionState, seat: int | None = None) -> str:
    """What ``seat`` sees (``None``: a spectator), as text: the tree by era (Explore) or
    the pile's top card (Bluff), the reserve, discards, hands and scores."""
    _check_seat(state, seat)
    view = state.view(seat)
    deck = state.deck
    name = {card.id: card.name_fr for card in deck.cards}
    turn = "" if view["turn"] is None else f", seat {view['turn']['seat']}'s turn"
    lines = [f"{view['game']} ({view['players']} seats){turn}"]
    if "tree" in view:
        for era in reversed(view["eras"]):
            cards = [
                ("joker: " if c["joker"] else "") + name.get(c["card"], c["card"])
                for c in view["tree"]
                if c["era"] == era["era"]
            ]
            mark = "closed" if era["closed"] else "open" if era["open"] else "not open"
            lines.append(
                f"era {era['era']} ({era['placed']}/{era['size']}, {mark}): "
                + (", ".join(cards) or "-")
            )
    else:
        pile = view["pile"]
        top = pile["top"]
        shown = "-" if top is None else name.get(top["card"], top["card"])
        lines.append(f"pile: {pile['size']} card{'s' if pile['size'] != 1 else ''}, top: {shown}")
    lines.append("reserve: " + (", ".join(name.get(c, c) for c in view["reserve"]) or "-"))
    lines.append(f"draw pile: {view['draw_pile']} cards")
    for s, hand in enumerate(view["hands"]):
        discards = view["discards"][s]
        shown_hand = ""
        if hand["cards"] is not None:
            shown_hand = " (" + ", ".join(name.get(c, c) for c in hand["cards"]) + ")"
        lines.append(
            f"seat {s}: score {view['scores'][s]}, {hand['count']} in hand{shown_hand}, "
            f"discards: {', '.join(name.get(c, c) for c in discards) or '-'}"
        )
    if view["winners"]:
        lines.append("winners: " + ", ".join(f"seat {s}" for s in view["winners"]))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- picture


class _Picture:
    """A picture being drawn: the SVG parts, the deck and the view."""

    def __init__(self, view: dict[str, Any], deck: Deck) -> None:
        self.view = view
        self.deck = deck
        self.bluff = view["mode"] == "bluff"
        self.parts: list[str] = []
        self.slots = max(CARDS_PER_ERA, *(len(cards) for cards in deck.by_era.values()))
        tree_w = _LABEL_W + 12 + self.slots * _TREE_W + (self.slots - 1) * _GAP
        self.width = max(2 * _M + tree_w, 1200.0)

    def name(self, item: str) -> str:
        """A card's French name (a joker: "Joker")."""
        card = self.deck.by_id.get(item)
        return "Joker" if card is None else card.name_fr

    def say(self, action: str) -> str:
        """An action's text with the cards it names written by their names."""
        return " ".join(
            self.deck.by_id[w].name_fr if w in self.deck.by_id else w for w in action.split()
        )

    def text(self, x: float, y: float, content: str, size: float, extra: str = _INK) -> None:
        self.parts.append(_text(x, y, content, size, extra))

    # ------------------------------------------------------------------ cards

    def face(
        self,
        item: str,
        x: float,
        y: float,
        size: tuple[float, float],
        zone: str,
        *,
        joker: bool = False,
        title: str | None = None,
    ) -> None:
        """A card (or a joker) face up; ``joker``: a joker standing for the card."""
        w, h = size
        if item == JOKER:
            self.parts.append(joker_face_svg(x, y, w, h, title or "a joker", {"data-zone": zone}))
            return
        card = self.deck.by_id[item]
        era = self.deck.era(card.era)
        tip = title or (
            f"{card.name_fr} ({card.name_en}) · era {card.era} · "
            f"{card.family.value} ({card.family.name_en})"
        )
        if joker:
            tip = f"a joker standing for {tip}"
        attrs = {"data-zone": zone}
        if joker:
            attrs["data-joker"] = "true"
        self.parts.append(
            card_face_svg(card, x, y, w, h, era.colour, disc=str(card.era), title=tip, attrs=attrs)
        )
        if joker:
            s = h / 66
            self.parts.append(
                f'<rect class="joker-mark" x="{_n(x - 3 * s)}" y="{_n(y - 3 * s)}" '
                f'width="{_n(w + 6 * s)}" height="{_n(h + 6 * s)}" rx="{_n(9 * s)}" fill="none" '
                f'stroke="{JOKER_COLOUR}" stroke-width="{_n(3 * s)}" stroke-dasharray="6 3"/>'
            )
            tag_w, tag_h = 58 * s, 16 * s
            self.parts.append(
                f'<rect x="{_n(x + w - tag_w - 4 * s)}" y="{_n(y + h - tag_h - 4 * s)}" '
                f'width="{_n(tag_w)}" height="{_n(tag_h)}" rx="{_n(4 * s)}" '
                f'fill="{JOKER_COLOUR}"/>'
            )
            self.text(
                x + w - 4 * s - tag_w / 2,
                y + h - 8 * s,
                "★ JOKER",
                10.5 * s,
                'text-anchor="middle" font-weight="bold" fill="#263238"',
            )

    def back(self, x: float, y: float, size: tuple[float, float], title: str) -> None:
        self.parts.append(card_back_svg(x, y, size[0], size[1], title))

    def slot(self, x: float, y: float, size: tuple[float, float], colour: str) -> None:
        """An empty place, faint."""
        self.parts.append(
            f'<rect class="slot" x="{_n(x)}" y="{_n(y)}" width="{_n(size[0])}" '
            f'height="{_n(size[1])}" rx="6" fill="#ffffff" fill-opacity="0.35" '
            f'stroke="{colour}" stroke-opacity="0.35" stroke-width="1.5" '
            'stroke-dasharray="5 4"/>'
        )

    def faces(self, items: list[str], x: float, y: float, width: float, zone: str) -> float:
        """Cards face up, left to right, wrapping within ``width``; the height used."""
        per_line = max(1, int((width + _SMALL_GAP) // (_SMALL_W + _SMALL_GAP)))
        for i, item in enumerate(items):
            row, col = divmod(i, per_line)
            self.face(
                item,
                x + col * (_SMALL_W + _SMALL_GAP),
                y + row * (_SMALL_H + _SMALL_GAP),
                (_SMALL_W, _SMALL_H),
                zone,
            )
        lines = max(1, -(-len(items) // per_line))
        return lines * _SMALL_H + (lines - 1) * _SMALL_GAP

    # ------------------------------------------------------------ the header

    def header(self, seat: int | None) -> float:
        view = self.view
        game = "Discovery Bluff" if self.bluff else "Discovery Explore"
        facts = [f"{view['players']} seats"]
        if view["automata"]:
            facts.append(f"{len(view['automata'])} played by the automaton")
        teams = {t for t in view["teams"] if t is not None}
        if teams:
            facts.append(f"{len(teams)} teams")
        if view["jokers"]:
            facts.append(f"{view['jokers']} jokers")
        self.text(_M, 30, f"{game} · " + ", ".join(facts), 20, 'font-weight="bold" fill="#222222"')
        who = "as a spectator sees it" if seat is None else f"as seat {seat} sees it"
        self.text(self.width - _M, 30, who, 14, 'text-anchor="end" font-style="italic" ' + _GREY)
        y = 54.0
        for i, line in enumerate(self.status()):
            extra = 'font-weight="bold" fill="#222222"' if i == 1 else _INK
            self.text(_M, y, line, 13.5, f'class="status" {extra}')
            y += 20
        return y

    def status(self) -> list[str]:
        """Whose turn it is, what the game waits for, the last call or Stop."""
        view = self.view
        step = view["step"]
        turn = view["turn"]
        if step == "over":
            return [self.result()]
        lines = [self.turn_line(turn) if turn else "Setting up: dealing five cards each"]
        lines.append(self.waiting_line(step))
        last = self.last_line()
        if last:
            lines.append(last)
        return lines

    def result(self) -> str:
        view = self.view
        winners = view["winners"]
        scores = view["scores"]
        if self.bluff and not winners:
            limit = (view.get("finish") or {}).get("limit")
            if limit:  # ruling 49
                return f"Game over: no winner (the game reached its limit of {limit} turns)"
            return "Game over: no winner (no card stayed on the pile for ten rounds)"
        who = ", ".join(f"seat {s}" for s in winners)
        if self.bluff:
            return f"Game over · won by {who}: empty hand once the draw pile was empty"
        return f"Game over · won by {who} with {scores[winners[0]]} points"

    def turn_line(self, turn: dict[str, Any]) -> str:
        parts = [f"Seat {turn['seat']}'s turn"]
        if turn["interruption"]:
            parts[0] += f" (an interruption of seat {turn['interrupted'][-1]}'s turn)"
        series = turn["series"]
        if turn["starts_series"] or series is None:
            parts.append("the next card starts a series")
        elif self.bluff:
            parts.append(f"series of {series['length']}")
        else:
            links = " (a joker's: prerequisite links only)" if series["joker"] else ""
            parts.append(f"series of {series['length']}, last {self.name(series['last'])}{links}")
        if turn["specials"]:
            many = "s" if turn["specials"] > 1 else ""
            parts.append(f"{turn['specials']} special action{many} to use")
        parts.append(f"{turn['placed']} placed this turn")
        if turn["requested"] is not None:
            parts.append(f"asked for {self.name(turn['requested'])}: place it or discard it")
        return " · ".join(parts)

    def waiting_line(self, step: str) -> str:
        view = self.view
        cp = view["current_player"]
        window = view.get("window")
        if step == "turn":
            return f"▶ Seat {cp} to play"
        if step == "window" and window is not None:
            said = f"seat {window['actor']}'s “{self.say(window['action'])}”"
            joker = " (holding a joker: or interrupt)" if view["jokers"] else ""
            if self.bluff:
                seats = ", ".join(str(s) for s in window["waiting"])
                line = f"▶ Response window after {said}: seats {seats} may accept or say Stop!"
                line += joker
            elif window["waiting"]:
                line = f"▶ Response window after {said}: you may interrupt with a joker, or accept"
            else:
                line = f"▶ Response window after {said}: players holding a joker may interrupt"
            if window["interrupter"] is not None:
                line += f" · seat {window['interrupter']} has interrupted"
            return line
        if step == "respond" and window is not None:
            return (
                f"▶ Stop! Seat {window['stopped_by']} challenges seat {window['actor']}'s "
                f"“{self.say(window['action'])}”: seat {window['actor']} verifies or concedes"
            )
        if step == "called":
            also = " (or abandons the call)" if self.bluff else ""
            return f"▶ Seat {cp} called {self.name(view['called'])} and must place it{also}"
        if step == "steal":
            return f"▶ Seat {cp} chooses whom to steal a card from"
        if step == "give":
            return f"▶ Seat {cp} chooses a card to give"
        if step == "automaton":
            return "▶ The automaton turns over its next card"
        chance = {
            "deal": "dealing",
            "draw": "a card is drawn",
            "refill": "the reserve is refilled",
            "take": "a card is taken blindly",
        }
        assert cp == CHANCE
        return f"▶ Chance: {chance.get(step, step)}"

    def last_line(self) -> str:
        view = self.view
        if self.bluff:
            stop = view["last_stop"]
            if stop is None:
                return ""
            # the action's card may be buried in the pile by now (the view then names it
            # "?"): name what was done only
            verb = " ".join(
                w for w in stop["action"].split() if w not in self.deck.by_id and w != "?"
            )
            case = {
                1: "case 1, it was valid: the challenger drew",
                2: "case 2, conceded: in the wrong",
                3: "case 3, it was not valid: in the wrong",
            }[stop["case"]]
            who = f"seat {stop['stopped_by']} stopped seat {stop['actor']}"
            return f"Last Stop: {who} ({verb}): {case}"
        call = view["last_call"]
        if call is None:
            return ""
        how = f"failed, {call['failed']}" if call["failed"] else f"given by seat {call['given_by']}"
        return f"Last call: seat {call['seat']} called {self.name(call['card'])}: {how}"

    # ----------------------------------------------------------------- board

    def tree(self, y: float) -> float:
        """Explore: a row per era, the last era at the top, a faint slot per card not placed."""
        view = self.view
        columns = deck_columns(self.deck)
        eras = view["eras"]
        placed = {entry["card"]: (i, entry) for i, entry in enumerate(view["tree"])}
        last = view["tree"][-1]["card"] if view["tree"] else None
        x0 = _M + _LABEL_W + 12
        self.parts.append('<g class="tree">')
        for row, era in enumerate(reversed(eras)):
            ry = y + row * (_TREE_H + _GAP)
            colour = self.deck.era(era["era"]).colour
            mark = "closed" if era["closed"] else "open" if era["open"] else "not open"
            self.parts.append(
                f'<g class="era" data-era="{era["era"]}"><rect x="{_n(_M)}" y="{_n(ry)}" '
                f'width="{_n(_LABEL_W)}" height="{_n(_TREE_H)}" rx="7" fill="{colour}"/>'
                + _text(_M + 10, ry + 21, f"Era {era['era']}", 15, 'font-weight="bold" fill="#fff"')
                + _text(
                    _M + 10, ry + 41, f"{era['placed']}/{era['size']} · {mark}", 12, 'fill="#fff"'
                )
                + "</g>"
            )
            cards = self.deck.by_era.get(era["era"], ())
            for card in cards:
                x = x0 + columns[card.id] * (_TREE_W + _GAP)
                if card.id not in placed:
                    self.slot(x, ry, (_TREE_W, _TREE_H), colour)
                    continue
                entry = placed[card.id][1]
                self.face(card.id, x, ry, (_TREE_W, _TREE_H), "tree", joker=entry["joker"])
                if card.id == last:
                    self.parts.append(
                        f'<rect class="last-placed" x="{_n(x - 6)}" y="{_n(ry - 6)}" '
                        f'width="{_n(_TREE_W + 12)}" height="{_n(_TREE_H + 12)}" rx="11" '
                        f'fill="none" stroke="{_HIGHLIGHT}" stroke-width="3">'
                        "<title>the last card placed</title></rect>"
                    )
        self.parts.append("</g>")
        return y + len(eras) * (_TREE_H + _GAP) - _GAP

    def pile(self, x: float, y: float) -> None:
        """Bluff: the pile as a stack, only its top card face up, and its size."""
        pile = self.view["pile"]
        size = pile["size"]
        self.text(
            x,
            y + 14,
            f"Pile: {size} card{'s' if size != 1 else ''}",
            14,
            'font-weight="bold" fill="#222222"',
        )
        self.text(x, y + 30, "only the top card is shown", 11.5, _GREY)
        top = y + 42
        if not size:
            self.slot(x, top, (_BIG_W, _BIG_H), "#888888")
            return
        depth = min(size - 1, 6)
        self.parts.append(f'<g class="pile" data-size="{size}">')
        for i in range(depth, 0, -1):
            self.back(x + 4 * i, top + 4 * i, (_BIG_W, _BIG_H), "under the top: to be remembered")
        card = pile["top"]
        self.face(card["card"], x, top, (_BIG_W, _BIG_H), "pile", joker=card["joker"])
        self.parts.append("</g>")

    def announced(self, x: float, y: float) -> float:
        """Bluff: which eras have been announced open or closed (not whether they are)."""
        self.text(x, y + 14, "Announced", 14, 'font-weight="bold" fill="#222222"')
        self.text(
            x + 96, y + 14, "(only what was said: whether an era is open is not shown)", 11.5, _GREY
        )
        w, h = 116.0, 50.0
        for i, era in enumerate(self.view["eras"]):
            ex = x + i * (w + 8)
            colour = self.deck.era(era["era"]).colour
            opened = "—" if era["era"] == 1 else "✓" if era["announced_open"] else "·"
            closed = "✓" if era["announced_closed"] else "·"
            self.parts.append(
                f'<g class="announced" data-era="{era["era"]}" '
                f"data-open={quoteattr(str(era['announced_open']).lower())} "
                f"data-closed={quoteattr(str(era['announced_closed']).lower())}>"
                f'<rect x="{_n(ex)}" y="{_n(y + 24)}" width="{_n(w)}" height="{_n(h)}" rx="7" '
                f'fill="{colour}"/>'
                + _text(ex + 10, y + 42, f"Era {era['era']}", 13, 'font-weight="bold" fill="#fff"')
                + _text(ex + 10, y + 64, f"open {opened}  closed {closed}", 12, 'fill="#fff"')
                + "</g>"
            )
        return y + 24 + h

    def table(self, y: float) -> float:
        """The draw pile (a count), Bluff's pile, the reserve (face up), jokers out."""
        view = self.view
        x = _M
        self.text(
            x, y + 14, f"Draw pile: {view['draw_pile']}", 14, 'font-weight="bold" fill="#222222"'
        )
        top = y + 42
        if view["draw_pile"]:
            for i in range(min(view["draw_pile"], 3) - 1, -1, -1):
                self.back(x + 3 * i, top + 3 * i, (_SMALL_W, _SMALL_H), "the draw pile, face down")
        else:
            self.slot(x, top, (_SMALL_W, _SMALL_H), "#888888")
        if view["jokers"]:
            self.text(x, top + _SMALL_H + 22, f"Jokers out: {view['jokers_out']}", 12, _GREY)
        x += _SMALL_W + 44
        bottom = top + _SMALL_H + 30
        if self.bluff:
            self.pile(x, y)
            x += _BIG_W + 60
            bottom = max(bottom, top + _BIG_H + 30)
        self.text(x, y + 14, "Reserve", 14, 'font-weight="bold" fill="#222222"')
        self.text(x + 74, y + 14, "(face up: any player may place from it)", 11.5, _GREY)
        reserve = view["reserve"]
        for i in range(5):
            rx = x + i * (_SMALL_W + _SMALL_GAP)
            if i < len(reserve):
                self.face(reserve[i], rx, top, (_SMALL_W, _SMALL_H), "reserve")
            else:
                self.slot(rx, top, (_SMALL_W, _SMALL_H), "#888888")
        if self.bluff:
            bottom = max(bottom, self.announced(x, top + _SMALL_H + 14) + 8)
        return bottom

    # ----------------------------------------------------------------- seats

    def seats(self, y: float, seat: int | None) -> float:
        view = self.view
        turn_seat = view["turn"]["seat"] if view["turn"] else None
        for s in range(view["players"]):
            y = self.seat_panel(s, y, seat, turn_seat) + 8
        return y - 8

    def seat_panel(self, s: int, y: float, viewer: int | None, turn_seat: int | None) -> float:
        view = self.view
        hand = view["hands"][s]
        discard = view["discards"][s]
        inner_x = _M + _INFO_W
        hand_w = _HAND_COLUMNS * (_SMALL_W + _SMALL_GAP) + 40
        discard_x = inner_x + hand_w
        discard_w = self.width - _M - 10 - discard_x
        parts_before = len(self.parts)
        self.parts.append("")  # the panel's frame, drawn once its height is known
        # the hand
        self.text(inner_x, y + 18, f"Hand: {hand['count']}", 11.5, 'class="label" ' + _GREY)
        if hand["cards"] is not None:
            hand_h = self.faces(hand["cards"], inner_x, y + 24, hand_w - 20, f"hand {s}")
        else:
            known = hand.get("known", [])
            hidden = hand["count"] - len(known)
            shown = min(hidden, _MAX_BACKS)
            row = "its row, face down" if s in view["automata"] else "face down"
            for i in range(shown):
                self.back(inner_x + i * _OVERLAP, y + 24, (_SMALL_W, _SMALL_H), f"seat {s}: {row}")
            kx = inner_x + (shown - 1) * _OVERLAP + _SMALL_W + 10 if shown else inner_x
            if hidden > shown:
                self.text(kx, y + 50, f"+{hidden - shown}", 12, _GREY)
                kx += 34
            if known:
                self.text(kx, y + 18, "you know:", 11.5, 'class="label" ' + _GREY)
            for i, item in enumerate(known):
                self.face(
                    item,
                    kx + i * (_SMALL_W + _SMALL_GAP),
                    y + 24,
                    (_SMALL_W, _SMALL_H),
                    f"hand {s}",
                    title=f"{self.name(item)}: you know seat {s} holds it",
                )
            hand_h = _SMALL_H
        # the discard
        self.text(discard_x, y + 18, f"Discard: {len(discard)}", 11.5, 'class="label" ' + _GREY)
        if discard:
            discard_h = self.faces(discard, discard_x, y + 24, discard_w, f"discard {s}")
        else:
            discard_h = _SMALL_H
        height = max(94.0 if not self.bluff else 76.0, 24 + max(hand_h, discard_h) + 10)
        # who
        label = f"Seat {s}" + (" (you)" if s == viewer else "")
        self.text(_M + 12, y + 24, label, 15, 'font-weight="bold" fill="#222222"')
        about = []
        if s in view["automata"]:
            about.append("automaton")
        team = view["teams"][s]
        if team is not None:
            about.append(f"team {team}")
        if s in view["winners"] and view["step"] == "over" and any(view["scores"]):
            about.append("★ winner")
        self.text(_M + 12, y + 44, " · ".join(about) or "player", 12, _GREY)
        line = y + 64
        if not self.bluff:
            points = view["scores"][s]
            self.text(_M + 12, line, f"{points} point{'s' if points != 1 else ''}", 14, _INK)
            line += 20
        to_move = view["current_player"] == s
        window = view.get("window")
        if window is not None and not self.bluff and view["step"] == "window":
            to_move = s in window["waiting"]  # Explore names a joker's holder only to itself
        if to_move:
            self.text(_M + 12, line, "▶ to move", 12.5, f'font-weight="bold" fill="{_HIGHLIGHT}"')
        elif turn_seat == s:
            self.text(_M + 12, line, "its turn", 12.5, _GREY)
        stroke = (
            f'stroke="{_HIGHLIGHT}" stroke-width="3"'
            if to_move
            else 'stroke="#d8cfbd" stroke-width="1.2"'
        )
        self.parts[parts_before] = (
            f'<g class="seat" data-seat="{s}"><rect x="{_n(_M)}" y="{_n(y)}" '
            f'width="{_n(self.width - 2 * _M)}" height="{_n(height)}" rx="9" fill="#fffdf8" '
            f"{stroke}/>"
        )
        self.parts.append("</g>")
        return y + height

    def legend(self, y: float) -> float:
        parts, _ = family_legend(_M, y, "Families:")
        self.parts.extend(parts)
        self.text(
            _M,
            y + 42,
            "Border: the card's era (its number in the disc). Dashed gold: a joker standing "
            "for the card. Pink outline: the last card placed, or the seat to move.",
            11.5,
            _GREY,
        )
        return y + 52


def render_svg(state: EvolutionState, seat: int | None = None, lang: str = SOURCE) -> str:
    """The game as ``seat`` may see it (``None``: a spectator), a standalone SVG document.

    Explore: the tree, a row per era (the last at the top), each card in its column of the
    deck's picture, a faint slot for each card not placed, jokers in dashed gold, the last
    card placed outlined. Bluff: the pile as a stack with only its top card face up, its
    size, and the eras announced open or closed. Both: the draw pile (a count), the
    reserve, and a panel per seat: hand (face up for ``seat`` only, else backs and the
    cards ``seat`` knows are there), discard, points (Explore), whose turn and who is to
    move. The header says what the game waits for (a response window, a Stop, a call).
    Cards are ``<g class="card" data-id=... data-zone=...>``; backs ``<g class="card-back">``.
    """
    _check_seat(state, seat)
    view = state.view(seat)
    picture = _Picture(view, _deck(state.components()))
    y = picture.header(seat) + 10
    if not picture.bluff:
        y = picture.tree(y) + 20
    y = picture.table(y) + 16
    y = picture.seats(y, seat) + 18
    height = picture.legend(y) + _M
    mode = "Bluff" if picture.bluff else "Explore"
    who = "a spectator" if seat is None else f"seat {seat}"
    title = f"Discovery {mode}: the game as {who} sees it"
    return svg_document(picture.width, height, title, picture.parts)
