"""Pictures and tables of a deck of Discovery : le jeu de l'évolution, drawn from its data.

- :func:`render_deck_svg`: the prerequisite tree as an SVG picture: one row per era (era 1
  at the bottom, as the discovery tree is laid out in rule 1.3), each row ordered to
  shorten and uncross the arrows, cards filled with their family's colour and bordered
  with their era's colour (their number in a disc), and an arrow from each prerequisite
  to the card that needs it.
- :func:`deck_table_markdown`: the whole deck as a Markdown table (``docs/evolution/deck.md``).
- The pieces the picture of a game in progress (:mod:`.render`) draws the same way: a card
  face up (:func:`card_face_svg`), face down (:func:`card_back_svg`), a joker
  (:func:`joker_face_svg`), the families' legend, each card's column (:func:`deck_columns`)
  and the document (:func:`svg_document`).

Standard library only. From a shell::

    python -m terranova.games.evolution.deck_render --svg deck.svg [--deck my-deck.toml]
    python -m terranova.games.evolution.deck_render --table [--deck my-deck.toml]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from xml.sax.saxutils import escape, quoteattr

from terranova.core.i18n import SOURCE, texts
from terranova.games.evolution.cards import CARDS_PER_ERA, Card, Deck, Era, Family

_, _n = texts("terranova.games.evolution")

FAMILY_COLOURS: dict[Family, tuple[str, str]] = {
    Family.OUTILS: ("#d7ccc8", "#6d4c41"),
    Family.ALIMENTATION: ("#dcedc8", "#558b2f"),
    Family.SOCIETE: ("#ffe0b2", "#e65100"),
    Family.SCIENCE: ("#bbdefb", "#1565c0"),
    Family.TECHNIQUES: ("#ffcdd2", "#c62828"),
    Family.CULTURE: ("#e1bee7", "#7b1fa2"),
    Family.MOUVEMENT: ("#b2dfdb", "#00695c"),
}
"""Each family's (card fill, ink) colours: the ink draws its symbol and its arrows."""

BACK_COLOURS = ("#34495e", "#c9b37e")
"""A card's back: (fill, ornament)."""

JOKER_COLOUR = "#f1b814"
"""A joker's gold: its face, and the dashed border of a card a joker stands for."""

GAME = "Discovery : le jeu de l'évolution"
"""The game's title, French as the game is (not translated)."""

_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# geometry, in pixels
_CARD_W = 156.0
_CARD_H = 66.0
_COL_GAP = 24.0
_ROW_GAP = 112.0
_LEFT = 176.0
_RIGHT = 24.0
_TOP = 120.0
_LEGEND_H = 56.0
_TOP_SPREAD = _CARD_W * 0.76
_BOTTOM_SPREAD = _CARD_W * 0.6


def _num(value: float) -> str:
    """A number for SVG: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(x: float, y: float, content: str, size: float, extra: str = "") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" {extra}>'
        f"{escape(content)}</text>"
    )


def _columns(deck: Deck) -> dict[str, int]:
    """A column (0..8) for each card within its era's row, chosen to shorten and uncross
    the arrows. Barycentre sweeps up and down the rows (each card moves towards the mean
    column of the cards it is linked to by a prerequisite), then swaps of neighbouring
    cards while that lowers the cost (crossings plus arrow lengths, same-era arches
    counting double). Starts from number order; deterministic."""
    rows = {era: list(cards) for era, cards in deck.by_era.items()}
    neighbours: dict[str, list[str]] = {card.id: [] for card in deck.cards}
    groups: dict[tuple[int, int], list[tuple[str, str]]] = defaultdict(list)
    for card in deck.cards:
        for pre in card.prerequisites:
            neighbours[card.id].append(pre)
            neighbours[pre].append(card.id)
            groups[(deck.by_id[pre].era, card.era)].append((pre, card.id))

    def columns() -> dict[str, int]:
        return {card.id: i for cards in rows.values() for i, card in enumerate(cards)}

    def cost(col: dict[str, int]) -> float:
        total = 0.0
        for (era_a, era_b), edges in groups.items():
            weight = 1.0 if era_a != era_b else 2.0
            for i, (a, b) in enumerate(edges):
                total += 0.5 * weight * abs(col[a] - col[b])
                if era_a == era_b:
                    continue
                for c, d in edges[i + 1 :]:
                    if (col[a] - col[c]) * (col[b] - col[d]) < 0:
                        total += 1.0
        return total

    best = columns()
    best_cost = cost(best)
    eras = sorted(rows)
    for sweep in range(16):
        for era in eras if sweep % 2 == 0 else eras[::-1]:
            col = columns()

            def bary(card: Card, col: dict[str, int] = col) -> tuple[float, int]:
                others = [col[o] for o in neighbours[card.id]]
                if not others:
                    return (float(col[card.id]), card.number)
                return (sum(others) / len(others), card.number)

            rows[era].sort(key=bary)
        current_cost = cost(columns())
        if current_cost < best_cost:
            best, best_cost = columns(), current_cost
    rows = {era: sorted(cards, key=lambda c: best[c.id]) for era, cards in deck.by_era.items()}
    improved = True
    while improved:
        improved = False
        for era in eras:
            for i in range(len(rows[era]) - 1):
                row = rows[era]
                row[i], row[i + 1] = row[i + 1], row[i]
                trial = cost(columns())
                if trial < best_cost - 1e-9:
                    best_cost, improved = trial, True
                else:
                    row[i], row[i + 1] = row[i + 1], row[i]
    return columns()


@lru_cache(maxsize=8)
def _cached_columns(deck: Deck) -> MappingProxyType[str, int]:
    return MappingProxyType(_columns(deck))


def deck_columns(deck: Deck) -> Mapping[str, int]:
    """Each card's column within its era's row in the deck's picture (cached per deck);
    a picture of a game puts the cards of its tree in the same places."""
    return _cached_columns(deck)


class _Layout:
    """Where each card of a deck lies in the picture."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.columns = deck_columns(deck)

    def xy(self, card: Card) -> tuple[float, float]:
        """Top-left corner: row by era (era 1 at the bottom), column from :func:`_columns`."""
        x = _LEFT + self.columns[card.id] * (_CARD_W + _COL_GAP)
        y = _TOP + (len(self.deck.eras) - card.era) * (_CARD_H + _ROW_GAP)
        return x, y


def _spread(count: int, width: float) -> list[float]:
    """``count`` offsets from a centre, spaced evenly over ``width``."""
    if count <= 1:
        return [0.0] * count
    step = width / (count - 1)
    return [-width / 2 + i * step for i in range(count)]


def _label(card: Card, lang: str) -> str:
    """How a card names a prerequisite, in the reader's language: its era and its name
    (``1 Galet taillé``, ``1 Pebble tool``)."""
    return f"{card.era} {card.named.render(lang)}"


def _original(names: Card | Era, lang: str) -> str | None:
    """The French original of a card's or an era's name (the game is French), for a
    reader of another language; ``None`` for a French reader, or a name the same in both."""
    if lang == "fr" or names.named.render(lang) == names.name_fr:
        return None
    return names.name_fr


def _arrows(layout: _Layout, lang: str = SOURCE) -> list[str]:
    """One path per prerequisite, ending in an arrowhead in the prerequisite's family ink.

    From an earlier era: from the prerequisite's top edge to the card's bottom edge, the
    ends spread along the edges so that arrows do not share a point. Within an era
    (dashed): an arch over the row, from the prerequisite's top to the card's top.
    """
    deck = layout.deck
    # the ends of the arrows on each card's top edge (arrows leaving it, same-era arrows
    # arriving) and bottom edge (arrows from earlier eras), ordered by the other card's x
    top: dict[str, list[tuple[float, str]]] = defaultdict(list)
    bottom: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for card in deck.cards:
        cx = layout.xy(card)[0]
        for pre in deck.prerequisites_of(card):
            px = layout.xy(pre)[0]
            top[pre.id].append((cx, f"to {card.id}"))
            (top if pre.era == card.era else bottom)[card.id].append((px, f"from {pre.id}"))
    for ports in (*top.values(), *bottom.values()):
        ports.sort()

    def port(ports: list[tuple[float, str]], key: str, width: float) -> float:
        keys = [k for _, k in ports]
        return _spread(len(keys), width)[keys.index(key)]

    paths: list[str] = []
    for card in deck.cards:
        cx, cy = layout.xy(card)
        for pre in deck.prerequisites_of(card):
            px, py = layout.xy(pre)
            ink = FAMILY_COLOURS[pre.family][1]
            x1 = px + _CARD_W / 2 + port(top[pre.id], f"to {card.id}", _TOP_SPREAD)
            if pre.era == card.era:
                x2 = cx + _CARD_W / 2 + port(top[card.id], f"from {pre.id}", _TOP_SPREAD)
            else:
                x2 = cx + _CARD_W / 2 + port(bottom[card.id], f"from {pre.id}", _BOTTOM_SPREAD)
            if pre.era < card.era:
                y1, y2 = py, cy + _CARD_H + 4
                bend = min(_ROW_GAP * 0.8, (y1 - y2) * 0.45)
                d = (
                    f"M{_num(x1)},{_num(y1)} C{_num(x1)},{_num(y1 - bend)} "
                    f"{_num(x2)},{_num(y2 + bend)} {_num(x2)},{_num(y2)}"
                )
                kind = "earlier-era"
                dash = ""
            else:
                span = abs(cx - px) / (_CARD_W + _COL_GAP)
                lift = min(_ROW_GAP * 0.42, 14 + 8 * span)
                d = (
                    f"M{_num(x1)},{_num(py)} C{_num(x1)},{_num(py - lift)} "
                    f"{_num(x2)},{_num(cy - lift)} {_num(x2)},{_num(cy - 4)}"
                )
                kind = "same-era"
                dash = ' stroke-dasharray="5 3"'
            paths.append(
                f'<path class="prerequisite {kind}" data-from={quoteattr(pre.id)} '
                f'data-to={quoteattr(card.id)} d="{d}" fill="none" stroke="{ink}" '
                f'stroke-width="1.6" stroke-opacity="0.8"{dash} '
                f'marker-end="url(#head-{_family_key(pre.family)})">'
                f"<title>{escape(f'{_label(pre, lang)} → {_label(card, lang)}')}</title></path>"
            )
    return paths


def _family_key(family: Family) -> str:
    return family.name.lower()


def _fit(text: str, width: float, largest: float, bold: bool = False) -> float:
    """A font size at most ``largest`` at which ``text`` fits in ``width`` pixels
    (an estimate of DejaVu Sans' widths: 0.62 em a character, 0.68 em in bold)."""
    per_char = 0.68 if bold else 0.62
    return min(largest, width / (per_char * max(1, len(text))))


def card_face_svg(
    card: Card,
    x: float,
    y: float,
    width: float,
    height: float,
    border: str,
    *,
    disc: str,
    title: str,
    attrs: dict[str, str] | None = None,
    css_class: str = "card",
    lang: str = SOURCE,
) -> str:
    """One card face up as ``<g class="card" data-id=...>`` with its top-left corner at
    (x, y): filled with its family's colour, bordered with ``border`` (its era's colour),
    ``disc`` in a disc at the top left, its family at the top right, its name in the
    reader's language (``lang``) in bold and, for a reader of another language than
    French, the French original in italics. ``title`` is the tooltip; ``attrs`` more
    ``data-`` attributes of the group. Every size follows ``height`` (66 pixels: scale 1)."""
    s = height / _CARD_H
    fill, ink = FAMILY_COLOURS[card.family]
    head = {
        "data-id": card.id,
        "data-era": str(card.era),
        "data-number": str(card.number),
        "data-family": card.family.value,
        **(attrs or {}),
    }
    inner = width - 16 * s
    family = card.family.named.render(lang)
    name = card.named.render(lang)
    original = _original(card, lang)
    return "".join(
        [
            f'<g class="{css_class}" '
            + " ".join(f"{k}={quoteattr(v)}" for k, v in head.items())
            + f"><title>{escape(title)}</title>",
            f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(height)}" '
            f'rx="{_num(7 * s)}" fill="{fill}" stroke="{border}" stroke-width="{_num(3.5 * s)}"/>',
            f'<circle cx="{_num(x + 14 * s)}" cy="{_num(y + 14 * s)}" r="{_num(9 * s)}" '
            f'fill="{border}"/>',
            _text(
                x + 14 * s,
                y + 18 * s,
                disc,
                11 * s,
                'text-anchor="middle" font-weight="bold" fill="#ffffff"',
            ),
            _text(
                x + width - 8 * s,
                y + 18 * s,
                family,
                _fit(family, width - 36 * s, 10 * s),
                f'text-anchor="end" font-weight="bold" fill="{ink}"',
            ),
            _text(
                x + 8 * s,
                y + 40 * s,
                name,
                _fit(name, inner, 14.5 * s, bold=True),
                'font-weight="bold" fill="#1f1f1f"',
            ),
            ""
            if original is None
            else _text(
                x + 8 * s,
                y + 57 * s,
                original,
                _fit(original, inner, 11 * s),
                'font-style="italic" fill="#444444"',
            ),
            "</g>",
        ]
    )


def card_back_svg(x: float, y: float, width: float, height: float, title: str) -> str:
    """One card face down (a hand, the draw pile), ``<g class="card-back">``."""
    s = height / _CARD_H
    return (
        f'<g class="card-back"><title>{escape(title)}</title>'
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(height)}" '
        f'rx="{_num(7 * s)}" fill="{BACK_COLOURS[0]}" stroke="#1c2733" stroke-width="{_num(s)}"/>'
        f'<rect x="{_num(x + 5 * s)}" y="{_num(y + 5 * s)}" width="{_num(width - 10 * s)}" '
        f'height="{_num(height - 10 * s)}" rx="{_num(4 * s)}" fill="none" '
        f'stroke="{BACK_COLOURS[1]}" stroke-width="{_num(1.2 * s)}"/>'
        + _text(
            x + width / 2,
            y + height / 2 + 4 * s,
            "Discovery",
            _fit("Discovery", width - 20 * s, 12 * s),
            f'text-anchor="middle" font-style="italic" fill="{BACK_COLOURS[1]}"',
        )
        + "</g>"
    )


def joker_face_svg(
    x: float,
    y: float,
    width: float,
    height: float,
    title: str,
    attrs: dict[str, str] | None = None,
    lang: str = SOURCE,
) -> str:
    """A joker face up (in a hand), ``<g class="card joker" data-id="joker">``."""
    s = height / _CARD_H
    # TRANSLATORS: the face of a joker card in a picture (★ is drawn as it is)
    joker = _("★ Joker").render(lang)
    head = " ".join(f"{k}={quoteattr(v)}" for k, v in {"data-id": "joker", **(attrs or {})}.items())
    return (
        f'<g class="card joker" {head}><title>{escape(title)}</title>'
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(height)}" '
        f'rx="{_num(7 * s)}" fill="#263238" stroke="{JOKER_COLOUR}" '
        f'stroke-width="{_num(3.5 * s)}"/>'
        + _text(
            x + width / 2,
            y + height / 2 + 6 * s,
            joker,
            _fit(joker, width - 16 * s, 17 * s, bold=True),
            f'text-anchor="middle" font-weight="bold" fill="{JOKER_COLOUR}"',
        )
        + "</g>"
    )


def named_with_original(names: Card | Era, lang: str) -> str:
    """A card's or an era's name in the reader's language, the French original after it
    in parentheses for a reader of another language (``Fire (Feu)``)."""
    original = _original(names, lang)
    name = names.named.render(lang)
    if original is None:
        return name
    # TRANSLATORS: a name in the reader's language, then the game's French original
    return _("{name} ({original})", name=name, original=original).render(lang)


def _card_title(deck: Deck, card: Card, lang: str) -> str:
    """A card's tooltip in the deck's picture: its names, era, number, family, period and
    text (the period and the text as the deck gives them, in French), prerequisites."""
    prerequisites = deck.prerequisites_of(card)
    # TRANSLATORS: a card's tooltip: its name, its era and its number within the era,
    # its family and the period it belongs to (in French, as the deck gives it)
    head = _(
        "{name} · era {era}, no. {number} · {family} · {period}",
        name=named_with_original(card, lang),
        era=card.era,
        number=card.number,
        family=card.family.named,
        period=card.period,
    )
    if prerequisites:
        needs = _("Prerequisites: {cards}", cards=", ".join(_label(p, lang) for p in prerequisites))
    else:
        needs = _("Prerequisites: none (a starting card)")
    return "\n".join([head.render(lang), card.description, needs.render(lang)])


def _card_svg(layout: _Layout, card: Card, lang: str = SOURCE) -> str:
    deck = layout.deck
    x, y = layout.xy(card)
    return card_face_svg(
        card,
        x,
        y,
        _CARD_W,
        _CARD_H,
        deck.era(card.era).colour,
        disc=str(card.number),
        title=_card_title(deck, card, lang),
        lang=lang,
    )


def _era_label(deck: Deck, era_number: int, lang: str = SOURCE) -> str:
    era = deck.era(era_number)
    original = _original(era, lang)
    name = era.named.render(lang)
    y = _TOP + (len(deck.eras) - era_number) * (_CARD_H + _ROW_GAP)
    x = 14.0
    return (
        f'<g class="era" data-era="{era_number}"><title>{escape(era.period)}</title>'
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(_LEFT - x - 16)}" '
        f'height="{_num(_CARD_H)}" '
        f'rx="7" fill="{era.colour}"/>'
        + _text(
            x + 10,
            y + 22,
            _("Era {era}", era=era_number).render(lang),
            15,
            'font-weight="bold" fill="#ffffff"',
        )
        + _text(x + 10, y + 40, name, 10.5, 'fill="#ffffff"')
        + (
            ""
            if original is None
            else _text(x + 10, y + 55, original, 9.5, 'font-style="italic" fill="#ffffff"')
        )
        + "</g>"
    )


def family_legend(x: float, y: float, lang: str = SOURCE) -> tuple[list[str], float]:
    """ "Families:", then a swatch and a name for each family (in the reader's language,
    the French original after it for a reader of another), left to right from (x, y)
    (18 pixels high); the SVG parts and the x where the legend ends."""
    heading = _("Families:").render(lang)
    parts = [_text(x, y + 17, heading, 12, 'font-weight="bold" fill="#333333"')]
    cx = x + max(78.0, 7.2 * len(heading) + 12)
    for family in Family:
        fill, ink = FAMILY_COLOURS[family]
        name = family.named.render(lang)
        label = (
            name
            if lang == "fr" or name == family.value
            else _("{name} ({original})", name=name, original=family.value).render(lang)
        )
        parts.append(
            f'<rect x="{_num(cx)}" y="{_num(y + 4)}" width="18" height="18" rx="3" fill="{fill}" '
            f'stroke="{ink}" stroke-width="1.5"/>'
        )
        parts.append(_text(cx + 24, y + 17, label, 11.5, f'fill="{ink}"'))
        cx += 34 + 6.6 * len(label)
    return parts, cx


def _legend(x: float, y: float, lang: str = SOURCE) -> list[str]:
    parts = family_legend(x, y, lang)[0]
    parts.append(
        _text(
            x,
            y + 44,
            _(
                "Arrow: from the prerequisite to the card that needs it (dashed: within the "
                "same era). Border: the era's colour. Disc: the card's number in its era."
            ).render(lang),
            11,
            'fill="#444444"',
        )
    )
    return parts


def _markers() -> str:
    parts = ["<defs>"]
    for family in Family:
        ink = FAMILY_COLOURS[family][1]
        parts.append(
            f'<marker id="head-{_family_key(family)}" viewBox="0 0 10 10" refX="9" refY="5" '
            'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            f'<path d="M0,0 L10,5 L0,10 z" fill="{ink}"/></marker>'
        )
    parts.append("</defs>")
    return "".join(parts)


def render_deck_svg(deck: Deck, lang: str = SOURCE) -> str:
    """The deck's prerequisite tree as a standalone SVG document (UTF-8 text), its words
    in ``lang`` (cards by their names in it, and their French originals).

    Every card is a ``<g class="card" data-id=...>``; every prerequisite an arrow
    ``<path class="prerequisite" data-from=... data-to=...>``; hovering shows details.
    """
    width = _LEFT + CARDS_PER_ERA * _CARD_W + (CARDS_PER_ERA - 1) * _COL_GAP + _RIGHT
    rows = len(deck.eras)
    tree_h = rows * _CARD_H + (rows - 1) * _ROW_GAP
    height = _TOP + tree_h + 22 + _LEGEND_H
    # TRANSLATORS: {game} is the game's French title, {deck} the deck's name
    title = _("{game}: the deck “{deck}”, its prerequisite tree", game=GAME, deck=deck.name)
    # TRANSLATORS: {cards}, {eras}, {families} and {jokers} are counts ("54 discovery cards")
    facts = _(
        "{cards}, {eras}, {families}, {jokers} · prerequisite tree (era 1 at the bottom)",
        cards=_n("{n} discovery card", "{n} discovery cards", len(deck.cards)),
        eras=_n("{n} era", "{n} eras", len(deck.eras)),
        families=_n("{n} family", "{n} families", len(Family)),
        jokers=_n("{n} joker", "{n} jokers", deck.jokers),
    )
    body: list[str] = [
        _text(
            14,
            30,
            _("{game} · deck “{deck}”", game=GAME, deck=deck.name).render(lang),
            20,
            'font-weight="bold" fill="#222222"',
        ),
        _text(14, 50, facts.render(lang), 12, 'fill="#444444"'),
    ]
    body.extend(_era_label(deck, era.number, lang) for era in deck.eras)
    body.append('<g class="arrows">')
    layout = _Layout(deck)
    body.extend(_arrows(layout, lang))
    body.append("</g>")
    body.extend(_card_svg(layout, card, lang) for card in deck.cards)
    body.extend(_legend(14, _TOP + tree_h + 18, lang))
    return svg_document(width, height, title.render(lang), body, _markers())


def svg_document(width: float, height: float, title: str, body: list[str], defs: str = "") -> str:
    """A standalone SVG document (UTF-8 text) on the pictures' paper-coloured background."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}">'
        f"<title>{escape(title)}</title>"
        f"<style>text{{font-family:{_FONT};}}</style>{defs}"
        '<rect width="100%" height="100%" fill="#faf7f0"/>' + "".join(body) + "</svg>\n"
    )


def deck_table_markdown(deck: Deck) -> str:
    """The whole deck as a Markdown table, one row per card, in deck order: its names in
    French, English and German (nom, name, Name)."""
    lines = [
        "| era | no. | nom | name | Name | family | prerequisites | period |",
        "|---:|---:|---|---|---|---|---|---|",
    ]
    for card in deck.cards:
        prereqs = ", ".join(p.label for p in deck.prerequisites_of(card)) or "—"
        family = f"{card.family.value} ({card.family.name_en})"
        cells = [
            str(card.era),
            str(card.number),
            card.name_fr,
            card.name_en,
            card.name_de,
            family,
            prereqs,
            card.period,
        ]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m terranova.games.evolution.deck_render``: print the table or write the SVG."""
    from terranova.core.errors import ContentError
    from terranova.games.evolution.content import load_deck

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deck", help="a deck file (default: the built-in deck)")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--table", action="store_true", help="print the Markdown table")
    what.add_argument("--svg", metavar="PATH", help="write the prerequisite tree to PATH")
    args = parser.parse_args(argv)
    try:
        deck = load_deck(args.deck)
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.table:
        sys.stdout.write(deck_table_markdown(deck))
    else:
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(render_deck_svg(deck))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
