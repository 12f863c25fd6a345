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
from xml.sax.saxutils import escape, quoteattr

from terranova.core.errors import InvalidParameterError
from terranova.core.i18n import SOURCE, Said, say, texts
from terranova.core.state import CHANCE
from terranova.games.evolution.actions import JOKER
from terranova.games.evolution.cards import CARDS_PER_ERA, Card, Deck, Era, Family
from terranova.games.evolution.deck_render import (
    JOKER_COLOUR,
    _num,
    _text,
    card_back_svg,
    card_face_svg,
    deck_columns,
    family_legend,
    joker_face_svg,
    named_with_original,
    render_deck_svg,
    svg_document,
)
from terranova.games.evolution.rules import EvolutionState
from terranova.games.evolution.rules.words import words

_, _n = texts("terranova.games.evolution")

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
_FAILED = {
    "nobody had the card": _("nobody had the card"),
    "the card was in your hand": _("the card was in your hand"),
    "a prerequisite is missing": _("a prerequisite is missing"),
    "the next era was not open": _("the next era was not open"),
    "the card was already placed": _("the card was already placed"),
    "the card was in the reserve": _("the card was in the reserve"),
    "the card was in a discard": _("the card was in a discard"),
}
"""Why a call failed (the game's reasons, in ``last_call``) in words."""
_GREY = 'fill="#555555"'


def _label_width(label: str) -> float:
    """About how wide a bold label of 14 pixels is, and a gap after it."""
    return 8.6 * len(label) + 12


def render_components_svg(state: EvolutionState, lang: str = SOURCE) -> str:
    """The deck of the game: every card by era, coloured by family, prerequisite arrows."""
    return render_deck_svg(state.deck, lang)


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

    def __init__(self, view: dict[str, Any], deck: Deck, state: EvolutionState, lang: str) -> None:
        self.view = view
        self.deck = deck
        self.state = state
        self.lang = lang
        self.bluff = view["mode"] == "bluff"
        self.parts: list[str] = []
        self.slots = max(CARDS_PER_ERA, *(len(cards) for cards in deck.by_era.values()))
        tree_w = _LABEL_W + 12 + self.slots * _TREE_W + (self.slots - 1) * _GAP
        self.width = max(2 * _M + tree_w, 1200.0)

    def name(self, item: str) -> Said:
        """A card's name in the reader's language (a joker: "Joker")."""
        card = self.deck.by_id.get(item)
        return _("Joker") if card is None else card.named

    def say(self, move: dict[str, Any], action: str) -> Said | str:
        """A move (its data, and its text) in words, as the game's log says it."""
        return words(self.state, move, action, None)

    def t(self, said: Said | str) -> str:
        """Words in the reader's language."""
        return say(said, self.lang)

    def text(self, x: float, y: float, content: Said | str, size: float, extra: str = _INK) -> None:
        self.parts.append(_text(x, y, self.t(content), size, extra))

    # ------------------------------------------------------------------ cards

    def heading(self, x: float, y: float, title: Said, note: Said, least: float) -> None:
        """A part's title in bold, and a note in grey after it (at ``least`` px from ``x``,
        further when the title is longer in the reader's language)."""
        label = self.t(title)
        self.text(x, y + 14, label, 14, 'font-weight="bold" fill="#222222"')
        self.text(x + max(least, _label_width(label)), y + 14, note, 11.5, _GREY)

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
            self.parts.append(
                joker_face_svg(
                    x, y, w, h, title or self.t(_("a joker")), {"data-zone": zone}, lang=self.lang
                )
            )
            return
        card = self.deck.by_id[item]
        era = self.deck.era(card.era)
        tip = title or self.t(
            # TRANSLATORS: a card's tooltip: its name (and its French original), its era
            # and its family
            _(
                "{name} · era {era} · {family}",
                name=named_with_original(card, self.lang),
                era=card.era,
                family=card.family.named,
            )
        )
        if joker:
            tip = self.t(_("a joker standing for {card}", card=tip))
        attrs = {"data-zone": zone}
        if joker:
            attrs["data-joker"] = "true"
        self.parts.append(
            card_face_svg(
                card,
                x,
                y,
                w,
                h,
                era.colour,
                disc=str(card.era),
                title=tip,
                attrs=attrs,
                lang=self.lang,
            )
        )
        if joker:
            s = h / 66
            self.parts.append(
                f'<rect class="joker-mark" x="{_num(x - 3 * s)}" y="{_num(y - 3 * s)}" '
                f'width="{_num(w + 6 * s)}" height="{_num(h + 6 * s)}" rx="{_num(9 * s)}" '
                'fill="none" '
                f'stroke="{JOKER_COLOUR}" stroke-width="{_num(3 * s)}" stroke-dasharray="6 3"/>'
            )
            tag_w, tag_h = 58 * s, 16 * s
            self.parts.append(
                f'<rect x="{_num(x + w - tag_w - 4 * s)}" y="{_num(y + h - tag_h - 4 * s)}" '
                f'width="{_num(tag_w)}" height="{_num(tag_h)}" rx="{_num(4 * s)}" '
                f'fill="{JOKER_COLOUR}"/>'
            )
            self.text(
                x + w - 4 * s - tag_w / 2,
                y + h - 8 * s,
                # TRANSLATORS: the tag on a card a joker stands for (★ is drawn as it is)
                _("★ JOKER"),
                10.5 * s,
                'text-anchor="middle" font-weight="bold" fill="#263238"',
            )

    def back(self, x: float, y: float, size: tuple[float, float], title: Said) -> None:
        self.parts.append(card_back_svg(x, y, size[0], size[1], self.t(title)))

    def slot(self, x: float, y: float, size: tuple[float, float], colour: str) -> None:
        """An empty place, faint."""
        self.parts.append(
            f'<rect class="slot" x="{_num(x)}" y="{_num(y)}" width="{_num(size[0])}" '
            f'height="{_num(size[1])}" rx="6" fill="#ffffff" fill-opacity="0.35" '
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
        facts = [_n("{n} seat", "{n} seats", view["players"])]
        if view["automata"]:
            automata = len(view["automata"])
            facts.append(_n("{n} played by the automaton", "{n} played by the automaton", automata))
        teams = {t for t in view["teams"] if t is not None}
        if teams:
            facts.append(_n("{n} team", "{n} teams", len(teams)))
        if view["jokers"]:
            facts.append(_n("{n} joker", "{n} jokers", view["jokers"]))
        self.text(
            _M,
            30,
            f"{game} · " + ", ".join(self.t(fact) for fact in facts),
            20,
            'font-weight="bold" fill="#222222"',
        )
        who = (
            _("as a spectator sees it") if seat is None else _("as seat {seat} sees it", seat=seat)
        )
        self.text(self.width - _M, 30, who, 14, 'text-anchor="end" font-style="italic" ' + _GREY)
        y = 54.0
        for i, line in enumerate(self.status()):
            extra = 'font-weight="bold" fill="#222222"' if i == 1 else _INK
            self.text(_M, y, line, 13.5, f'class="status" {extra}')
            y += 20
        return y

    def status(self) -> list[Said | str]:
        """Whose turn it is, what the game waits for, the last call or Stop."""
        view = self.view
        step = view["step"]
        turn = view["turn"]
        if step == "over":
            return [self.result()]
        lines: list[Said | str] = [
            self.turn_line(turn) if turn else _("Setting up: dealing five cards each")
        ]
        lines.append(self.waiting_line(step))
        last = self.last_line()
        if last:
            lines.append(last)
        return lines

    def result(self) -> Said:
        view = self.view
        winners = view["winners"]
        scores = view["scores"]
        if self.bluff and not winners:
            limit = (view.get("finish") or {}).get("limit")
            if limit:  # ruling 49
                return _(
                    "Game over: no winner (the game reached its limit of {limit} turns)",
                    limit=limit,
                )
            return _("Game over: no winner (no card stayed on the pile for ten rounds)")
        who = ", ".join(self.t(_("seat {seat}", seat=s)) for s in winners)
        if self.bluff:
            return _(
                "Game over · won by {seats}: empty hand once the draw pile was empty", seats=who
            )
        points = scores[winners[0]]
        return _n(
            "Game over · won by {seats} with {n} point",
            "Game over · won by {seats} with {n} points",
            points,
            seats=who,
        )

    def turn_line(self, turn: dict[str, Any]) -> str:
        if turn["interruption"]:
            first = _(
                "Seat {seat}'s turn (an interruption of seat {other}'s turn)",
                seat=turn["seat"],
                other=turn["interrupted"][-1],
            )
        else:
            first = _("Seat {seat}'s turn", seat=turn["seat"])
        parts: list[Said] = [first]
        series = turn["series"]
        if turn["starts_series"] or series is None:
            parts.append(_("the next card starts a series"))
        elif self.bluff:
            parts.append(_("series of {length}", length=series["length"]))
        elif series["joker"]:
            parts.append(
                _(
                    "series of {length}, last {card} (a joker's: prerequisite links only)",
                    length=series["length"],
                    card=self.name(series["last"]),
                )
            )
        else:
            parts.append(
                _(
                    "series of {length}, last {card}",
                    length=series["length"],
                    card=self.name(series["last"]),
                )
            )
        if turn["specials"]:
            parts.append(
                _n("{n} special action to use", "{n} special actions to use", turn["specials"])
            )
        parts.append(_n("{n} placed this turn", "{n} placed this turn", turn["placed"]))
        if turn["requested"] is not None:
            parts.append(
                _(
                    "asked for {card}: place it or discard it",
                    card=self.name(turn["requested"]),
                )
            )
        return " · ".join(self.t(part) for part in parts)

    def waiting_line(self, step: str) -> Said | str:
        view = self.view
        cp = view["current_player"]
        window = view.get("window")
        if step == "turn":
            return _("▶ Seat {seat} to play", seat=cp)
        if step == "window" and window is not None:
            # TRANSLATORS: {move} is a move in words ("place Fire from the hand")
            said = _(
                "seat {seat}'s “{move}”",
                seat=window["actor"],
                move=self.say(window["move"], window["action"]),
            )
            line: Said
            if self.bluff:
                seats = ", ".join(str(s) for s in window["waiting"])
                if view["jokers"]:
                    line = _(
                        "▶ Response window after {move}: seats {seats} may accept or say Stop! "
                        "(holding a joker: or interrupt)",
                        move=said,
                        seats=seats,
                    )
                else:
                    line = _(
                        "▶ Response window after {move}: seats {seats} may accept or say Stop!",
                        move=said,
                        seats=seats,
                    )
            elif window["waiting"]:
                line = _(
                    "▶ Response window after {move}: you may interrupt with a joker, or accept",
                    move=said,
                )
            else:
                line = _(
                    "▶ Response window after {move}: players holding a joker may interrupt",
                    move=said,
                )
            if window["interrupter"] is None:
                return line
            interrupted = _("seat {seat} has interrupted", seat=window["interrupter"])
            return f"{self.t(line)} · {self.t(interrupted)}"
        if step == "respond" and window is not None:
            return _(
                "▶ Stop! Seat {challenger} challenges seat {seat}'s “{move}”: "
                "seat {seat} verifies or concedes",
                challenger=window["stopped_by"],
                seat=window["actor"],
                move=self.say(window["move"], window["action"]),
            )
        if step == "called":
            if self.bluff:
                return _(
                    "▶ Seat {seat} called {card} and must place it (or abandons the call)",
                    seat=cp,
                    card=self.name(view["called"]),
                )
            return _(
                "▶ Seat {seat} called {card} and must place it",
                seat=cp,
                card=self.name(view["called"]),
            )
        if step == "steal":
            return _("▶ Seat {seat} chooses whom to steal a card from", seat=cp)
        if step == "give":
            return _("▶ Seat {seat} chooses a card to give", seat=cp)
        if step == "automaton":
            return _("▶ The automaton turns over its next card")
        chance = {
            "deal": _("▶ Chance: dealing"),
            "draw": _("▶ Chance: a card is drawn"),
            "refill": _("▶ Chance: the reserve is refilled"),
            "take": _("▶ Chance: a card is taken blindly"),
        }
        assert cp == CHANCE
        # TRANSLATORS: {step} is the name of a step of the game, as the program calls it
        return chance.get(step) or _("▶ Chance: {step}", step=step)

    def last_line(self) -> Said | str:
        view = self.view
        if self.bluff:
            stop = view["last_stop"]
            if stop is None:
                return ""
            # the action's card may be buried in the pile by now (the view then names it
            # "?", and the words "a card")
            case = {
                1: _("case 1, it was valid: the challenger drew"),
                2: _("case 2, conceded: in the wrong"),
                3: _("case 3, it was not valid: in the wrong"),
            }[stop["case"]]
            return _(
                "Last Stop: seat {challenger} stopped seat {seat} ({move}): {case}",
                challenger=stop["stopped_by"],
                seat=stop["actor"],
                move=self.say(stop["move"], stop["action"]),
                case=case,
            )
        call = view["last_call"]
        if call is None:
            return ""
        if call["failed"]:
            reason = _FAILED.get(call["failed"], call["failed"])
            return _(
                "Last call: seat {seat} called {card}: failed, {reason}",
                seat=call["seat"],
                card=self.name(call["card"]),
                reason=reason,
            )
        return _(
            "Last call: seat {seat} called {card}: given by seat {giver}",
            seat=call["seat"],
            card=self.name(call["card"]),
            giver=call["given_by"],
        )

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
            mark = _("closed") if era["closed"] else _("open") if era["open"] else _("not open")
            # TRANSLATORS: an era's row in the tree: cards placed of its cards, and whether
            # it is open ("4/15 · open")
            count = _(
                "{placed}/{size} · {state}", placed=era["placed"], size=era["size"], state=mark
            )
            said = self.t(count)  # a longer text than English's is drawn smaller
            self.parts.append(
                f'<g class="era" data-era="{era["era"]}"><rect x="{_num(_M)}" y="{_num(ry)}" '
                f'width="{_num(_LABEL_W)}" height="{_num(_TREE_H)}" rx="7" fill="{colour}"/>'
                + _text(
                    _M + 10,
                    ry + 21,
                    self.t(_("Era {era}", era=era["era"])),
                    15,
                    'font-weight="bold" fill="#fff"',
                )
                + _text(_M + 10, ry + 41, said, min(12.0, 12.0 * 16 / len(said)), 'fill="#fff"')
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
                        f'<rect class="last-placed" x="{_num(x - 6)}" y="{_num(ry - 6)}" '
                        f'width="{_num(_TREE_W + 12)}" height="{_num(_TREE_H + 12)}" rx="11" '
                        f'fill="none" stroke="{_HIGHLIGHT}" stroke-width="3">'
                        f"<title>{escape(self.t(_('the last card placed')))}</title></rect>"
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
            _n("Pile: {n} card", "Pile: {n} cards", size),
            14,
            'font-weight="bold" fill="#222222"',
        )
        self.text(x, y + 30, _("only the top card is shown"), 11.5, _GREY)
        top = y + 42
        if not size:
            self.slot(x, top, (_BIG_W, _BIG_H), "#888888")
            return
        depth = min(size - 1, 6)
        self.parts.append(f'<g class="pile" data-size="{size}">')
        for i in range(depth, 0, -1):
            self.back(
                x + 4 * i, top + 4 * i, (_BIG_W, _BIG_H), _("under the top: to be remembered")
            )
        card = pile["top"]
        self.face(card["card"], x, top, (_BIG_W, _BIG_H), "pile", joker=card["joker"])
        self.parts.append("</g>")

    def announced(self, x: float, y: float) -> float:
        """Bluff: which eras have been announced open or closed (not whether they are)."""
        note = _("(only what was said: whether an era is open is not shown)")
        self.heading(x, y, _("Announced"), note, 96.0)
        w, h = 116.0, 50.0
        for i, era in enumerate(self.view["eras"]):
            ex = x + i * (w + 8)
            colour = self.deck.era(era["era"]).colour
            opened = "—" if era["era"] == 1 else "✓" if era["announced_open"] else "·"
            closed = "✓" if era["announced_closed"] else "·"
            # TRANSLATORS: whether an era was announced open and closed: each mark is ✓
            # (announced), · (not yet) or — (era 1, open from the start)
            marks = self.t(_("open {open}  closed {closed}", open=opened, closed=closed))
            self.parts.append(
                f'<g class="announced" data-era="{era["era"]}" '
                f"data-open={quoteattr(str(era['announced_open']).lower())} "
                f"data-closed={quoteattr(str(era['announced_closed']).lower())}>"
                f'<rect x="{_num(ex)}" y="{_num(y + 24)}" width="{_num(w)}" height="{_num(h)}" '
                'rx="7" '
                f'fill="{colour}"/>'
                + _text(
                    ex + 10,
                    y + 42,
                    self.t(_("Era {era}", era=era["era"])),
                    13,
                    'font-weight="bold" fill="#fff"',
                )
                + _text(
                    ex + 10,
                    y + 64,
                    marks,
                    min(12.0, 12.0 * 16 / len(marks)),  # a longer text than English's: smaller
                    'fill="#fff"',
                )
                + "</g>"
            )
        return y + 24 + h

    def table(self, y: float) -> float:
        """The draw pile (a count), Bluff's pile, the reserve (face up), jokers out."""
        view = self.view
        x = _M
        drawn = self.t(_("Draw pile: {n}", n=view["draw_pile"]))
        self.text(
            x,
            y + 14,
            drawn,
            min(14.0, 14.0 * 13 / len(drawn)),  # a longer text than English's: smaller
            'font-weight="bold" fill="#222222"',
        )
        top = y + 42
        if view["draw_pile"]:
            for i in range(min(view["draw_pile"], 3) - 1, -1, -1):
                self.back(
                    x + 3 * i, top + 3 * i, (_SMALL_W, _SMALL_H), _("the draw pile, face down")
                )
        else:
            self.slot(x, top, (_SMALL_W, _SMALL_H), "#888888")
        if view["jokers"]:
            self.text(x, top + _SMALL_H + 22, _("Jokers out: {n}", n=view["jokers_out"]), 12, _GREY)
        x += _SMALL_W + 44
        bottom = top + _SMALL_H + 30
        if self.bluff:
            self.pile(x, y)
            x += _BIG_W + 60
            bottom = max(bottom, top + _BIG_H + 30)
        self.heading(x, y, _("Reserve"), _("(face up: any player may place from it)"), 74.0)
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
        self.text(inner_x, y + 18, _("Hand: {n}", n=hand["count"]), 11.5, 'class="label" ' + _GREY)
        if hand["cards"] is not None:
            hand_h = self.faces(hand["cards"], inner_x, y + 24, hand_w - 20, f"hand {s}")
        else:
            known = hand.get("known", [])
            hidden = hand["count"] - len(known)
            shown = min(hidden, _MAX_BACKS)
            row = (
                _("seat {seat}: its row, face down", seat=s)
                if s in view["automata"]
                else _("seat {seat}: face down", seat=s)
            )
            for i in range(shown):
                self.back(inner_x + i * _OVERLAP, y + 24, (_SMALL_W, _SMALL_H), row)
            kx = inner_x + (shown - 1) * _OVERLAP + _SMALL_W + 10 if shown else inner_x
            if hidden > shown:
                self.text(kx, y + 50, f"+{hidden - shown}", 12, _GREY)
                kx += 34
            if known:
                self.text(kx, y + 18, _("you know:"), 11.5, 'class="label" ' + _GREY)
            for i, item in enumerate(known):
                self.face(
                    item,
                    kx + i * (_SMALL_W + _SMALL_GAP),
                    y + 24,
                    (_SMALL_W, _SMALL_H),
                    f"hand {s}",
                    title=self.t(
                        _("{card}: you know seat {seat} holds it", card=self.name(item), seat=s)
                    ),
                )
            hand_h = _SMALL_H
        # the discard
        self.text(
            discard_x, y + 18, _("Discard: {n}", n=len(discard)), 11.5, 'class="label" ' + _GREY
        )
        if discard:
            discard_h = self.faces(discard, discard_x, y + 24, discard_w, f"discard {s}")
        else:
            discard_h = _SMALL_H
        height = max(94.0 if not self.bluff else 76.0, 24 + max(hand_h, discard_h) + 10)
        # who
        who = _("Seat {seat} (you)", seat=s) if s == viewer else _("Seat {seat}", seat=s)
        self.text(_M + 12, y + 24, who, 15, 'font-weight="bold" fill="#222222"')
        about: list[Said] = []
        if s in view["automata"]:
            about.append(_("automaton"))
        team = view["teams"][s]
        if team is not None:
            about.append(_("team {team}", team=team))
        if s in view["winners"] and view["step"] == "over" and any(view["scores"]):
            about.append(_("★ winner"))
        self.text(
            _M + 12,
            y + 44,
            " · ".join(self.t(words) for words in about) or self.t(_("player")),
            12,
            _GREY,
        )
        line = y + 64
        if not self.bluff:
            points = view["scores"][s]
            self.text(_M + 12, line, _n("{n} point", "{n} points", points), 14, _INK)
            line += 20
        to_move = view["current_player"] == s
        window = view.get("window")
        if window is not None and not self.bluff and view["step"] == "window":
            to_move = s in window["waiting"]  # Explore names a joker's holder only to itself
        if to_move:
            self.text(
                _M + 12, line, _("▶ to move"), 12.5, f'font-weight="bold" fill="{_HIGHLIGHT}"'
            )
        elif turn_seat == s:
            self.text(_M + 12, line, _("its turn"), 12.5, _GREY)
        stroke = (
            f'stroke="{_HIGHLIGHT}" stroke-width="3"'
            if to_move
            else 'stroke="#d8cfbd" stroke-width="1.2"'
        )
        self.parts[parts_before] = (
            f'<g class="seat" data-seat="{s}"><rect x="{_num(_M)}" y="{_num(y)}" '
            f'width="{_num(self.width - 2 * _M)}" height="{_num(height)}" rx="9" fill="#fffdf8" '
            f"{stroke}/>"
        )
        self.parts.append("</g>")
        return y + height

    def legend(self, y: float) -> float:
        parts, _end = family_legend(_M, y, self.lang)
        self.parts.extend(parts)
        self.text(
            _M,
            y + 42,
            _(
                "Border: the card's era (its number in the disc). Dashed gold: a joker standing "
                "for the card. Pink outline: the last card placed, or the seat to move."
            ),
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
    picture = _Picture(view, _deck(state.components()), state, lang)
    y = picture.header(seat) + 10
    if not picture.bluff:
        y = picture.tree(y) + 20
    y = picture.table(y) + 16
    y = picture.seats(y, seat) + 18
    height = picture.legend(y) + _M
    mode = "Bluff" if picture.bluff else "Explore"
    # TRANSLATORS: {mode} is Explore or Bluff, the game's two ways of playing
    title = (
        _("Discovery {mode}: the game as a spectator sees it", mode=mode)
        if seat is None
        else _("Discovery {mode}: the game as seat {seat} sees it", mode=mode, seat=seat)
    )
    return svg_document(picture.width, height, picture.t(title), picture.parts)
