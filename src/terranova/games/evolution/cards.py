"""Discovery : le jeu de l'évolution: the discovery cards, the deck, and its validation.

A deck file (TOML, read by :mod:`terranova.games.evolution.content`) has a ``[meta]``
table, one ``[[era]]`` table per era and one ``[[card]]`` table per discovery card.
:func:`parse_deck` turns the parsed data into a :class:`Deck` and checks it as a whole;
any fault raises :class:`~terranova.core.errors.ContentError` naming the card and the
field. The format is documented in ``docs/evolution/deck.md``. Pure: no I/O.

The two links of rule 1.5 (condition #2) are :meth:`Deck.family_link`,
:meth:`Deck.prerequisite_link` and, either of them, :meth:`Deck.linked`; condition #1
is :meth:`Deck.placeable`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, TypeGuard

from terranova.core.errors import ContentError
from terranova.core.i18n import Named

ERAS = 6
"""Eras of a deck, numbered 1..ERAS (rule 1.3: "par ère (de 1 à 6)")."""

CARDS_PER_ERA = 9
"""Discovery cards in each era, numbered 1..CARDS_PER_ERA within it (rule 1.3)."""

MAX_PREREQUISITES = 3
"""A card has 0 to 3 prerequisites."""

MIN_STARTING_CARDS = 3
"""Era-1 cards without prerequisites a deck needs at least, so that a game can start."""

CARD_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A card id: a lowercase ASCII slug (``galet-taille``); actions and records name cards by it."""

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class Family(StrEnum):
    """The seven families (symbol at the bottom right of a card). Values are the French
    names written in deck files; a ``Family`` compares equal to its French name."""

    OUTILS = "Outils"
    ALIMENTATION = "Alimentation"
    SOCIETE = "Société"
    SCIENCE = "Science"
    TECHNIQUES = "Techniques"
    CULTURE = "Culture"
    MOUVEMENT = "Mouvement"

    @property
    def name_en(self) -> str:
        """The English name."""
        return _FAMILY_EN[self]

    @property
    def name_de(self) -> str:
        """The German name."""
        return _FAMILY_DE[self]

    @property
    def named(self) -> Named:
        """The family's name in the reader's language (French, English and German)."""
        return Named({"fr": self.value, "en": self.name_en, "de": self.name_de})


_FAMILY_EN = {
    Family.OUTILS: "Tools",
    Family.ALIMENTATION: "Food",
    Family.SOCIETE: "Society",
    Family.SCIENCE: "Science",
    Family.TECHNIQUES: "Techniques",
    Family.CULTURE: "Culture",
    Family.MOUVEMENT: "Movement",
}

_FAMILY_DE = {
    Family.OUTILS: "Werkzeuge",
    Family.ALIMENTATION: "Ernährung",
    Family.SOCIETE: "Gesellschaft",
    Family.SCIENCE: "Wissenschaft",
    Family.TECHNIQUES: "Techniken",
    Family.CULTURE: "Kultur",
    Family.MOUVEMENT: "Bewegung",
}


@dataclass(frozen=True)
class Card:
    """One discovery card, as printed: name, era, number in its era, family, prerequisites."""

    id: str
    name_fr: str
    name_en: str
    name_de: str
    era: int
    number: int
    """Order of the card within its era, 1..9 (unused by the simple games)."""
    family: Family
    prerequisites: tuple[str, ...]
    """Ids of the cards that must already be placed (condition #1), as listed on the card."""
    period: str
    description: str

    @property
    def label(self) -> str:
        """How a card names a prerequisite: era and name (``1 Galet taillé``)."""
        return f"{self.era} {self.name_fr}"

    @property
    def named(self) -> Named:
        """The card's name in the reader's language (the deck gives French, English and
        German)."""
        return Named({"fr": self.name_fr, "en": self.name_en, "de": self.name_de})


@dataclass(frozen=True)
class Era:
    """One era: its number, its theme and the colour of its cards' border."""

    number: int
    name_fr: str
    name_en: str
    name_de: str
    period: str
    colour: str
    """``#rrggbb``."""

    @property
    def named(self) -> Named:
        """The era's name in the reader's language (French, English and German)."""
        return Named({"fr": self.name_fr, "en": self.name_en, "de": self.name_de})


CardRef = str | Card
"""A card given either by its id or as the :class:`Card` itself."""


@dataclass(frozen=True)
class Deck:
    """A whole deck: its discovery cards in order (era, then number), eras, jokers and
    the values of the bank's point cards.

    Build one with :func:`parse_deck` (or :func:`~terranova.games.evolution.content.load_deck`),
    which checks it; the constructor trusts its arguments. ``index[card_id]`` is the
    card's position in :attr:`cards` (0..53), which is also its bit in the masks.
    """

    name: str
    cards: tuple[Card, ...]
    eras: tuple[Era, ...]
    jokers: int
    """Joker cards in the box (rule 2.3 option)."""
    point_cards: tuple[int, ...]
    """Values of the bank's point cards, ascending. The bank itself is unlimited."""
    source: str = "deck data"

    by_id: Mapping[str, Card] = field(init=False, repr=False, compare=False)
    index: Mapping[str, int] = field(init=False, repr=False, compare=False)
    by_era: Mapping[int, tuple[Card, ...]] = field(init=False, repr=False, compare=False)
    """Cards of each era, by number."""
    prerequisite_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """For the card at each index, the bit mask of its prerequisites."""
    link_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """For the card at each index, the bit mask of the cards linked to it (condition #2)."""
    prerequisite_link_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The same through prerequisite links only (a series started with a joker)."""
    _dependents: Mapping[str, tuple[Card, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id = {card.id: card for card in self.cards}
        index = {card.id: i for i, card in enumerate(self.cards)}
        by_era: dict[int, list[Card]] = {era.number: [] for era in self.eras}
        dependents: dict[str, list[Card]] = {card.id: [] for card in self.cards}
        for card in self.cards:
            by_era.setdefault(card.era, []).append(card)
            for pre in card.prerequisites:
                dependents[pre].append(card)
        prerequisite_masks = tuple(
            sum(1 << index[pre] for pre in card.prerequisites) for card in self.cards
        )
        dependent_masks = [0] * len(self.cards)
        for i, mask in enumerate(prerequisite_masks):
            for j in range(len(self.cards)):
                if mask >> j & 1:
                    dependent_masks[j] |= 1 << i
        family_masks: dict[Family, int] = {}
        for i, card in enumerate(self.cards):
            family_masks[card.family] = family_masks.get(card.family, 0) | 1 << i
        link_masks = tuple(
            (family_masks[card.family] | prerequisite_masks[i] | dependent_masks[i]) & ~(1 << i)
            for i, card in enumerate(self.cards)
        )
        setattr_ = object.__setattr__
        setattr_(self, "by_id", MappingProxyType(by_id))
        setattr_(self, "index", MappingProxyType(index))
        setattr_(
            self,
            "by_era",
            MappingProxyType(
                {
                    era: tuple(sorted(cards, key=lambda c: c.number))
                    for era, cards in sorted(by_era.items())
                }
            ),
        )
        setattr_(self, "prerequisite_masks", prerequisite_masks)
        setattr_(self, "link_masks", link_masks)
        setattr_(
            self,
            "prerequisite_link_masks",
            tuple(pre | dep for pre, dep in zip(prerequisite_masks, dependent_masks, strict=True)),
        )
        setattr_(
            self,
            "_dependents",
            MappingProxyType({key: tuple(value) for key, value in dependents.items()}),
        )

    # ----------------------------------------------------------------- look-ups

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.by_id

    def card(self, ref: CardRef) -> Card:
        """The card with this id; raises KeyError naming the id."""
        if isinstance(ref, Card):
            return ref
        try:
            return self.by_id[ref]
        except KeyError:
            raise KeyError(f"no card {ref!r} in deck {self.name!r}") from None

    def era(self, number: int) -> Era:
        """The era with this number (1..6)."""
        for era in self.eras:
            if era.number == number:
                return era
        raise KeyError(f"no era {number} in deck {self.name!r}")

    def by_name(self, name: str) -> Card:
        """The card with this French, English or German name (case and accents ignored)."""
        key = _fold(name)
        for card in self.cards:
            if key in (_fold(card.name_fr), _fold(card.name_en), _fold(card.name_de)):
                return card
        raise KeyError(f"no card named {name!r} in deck {self.name!r}")

    def prerequisites_of(self, ref: CardRef) -> tuple[Card, ...]:
        """The card's prerequisites, in the order the card lists them."""
        return tuple(self.by_id[pre] for pre in self.card(ref).prerequisites)

    def dependents_of(self, ref: CardRef) -> tuple[Card, ...]:
        """The cards that have this card as a prerequisite, in deck order."""
        return self._dependents[self.card(ref).id]

    def ancestors_of(self, ref: CardRef) -> frozenset[str]:
        """Ids of every card needed before this one (prerequisites, theirs, and so on)."""
        seen: set[str] = set()
        stack = list(self.card(ref).prerequisites)
        while stack:
            card_id = stack.pop()
            if card_id not in seen:
                seen.add(card_id)
                stack.extend(self.by_id[card_id].prerequisites)
        return frozenset(seen)

    @property
    def starting_cards(self) -> tuple[Card, ...]:
        """Cards without prerequisites ("cartes de démarrage"), in deck order."""
        return tuple(card for card in self.cards if not card.prerequisites)

    # ----------------------------------------------------------------- rule 1.5

    def placeable(self, ref: CardRef, placed: Collection[str]) -> bool:
        """Condition #1: every prerequisite of the card is among the ``placed`` ids."""
        return all(pre in placed for pre in self.card(ref).prerequisites)

    def family_link(self, a: CardRef, b: CardRef) -> bool:
        """The two cards are of the same family."""
        return self.card(a).family == self.card(b).family

    def prerequisite_link(self, a: CardRef, b: CardRef) -> bool:
        """One card is a prerequisite of the other (either way)."""
        card_a, card_b = self.card(a), self.card(b)
        return card_a.id in card_b.prerequisites or card_b.id in card_a.prerequisites

    def linked(self, a: CardRef, b: CardRef) -> bool:
        """Condition #2: a family link or a prerequisite link between two different cards."""
        card_a, card_b = self.card(a), self.card(b)
        if card_a.id == card_b.id:
            return False
        return self.family_link(card_a, card_b) or self.prerequisite_link(card_a, card_b)

    def topological_order(self) -> tuple[Card, ...]:
        """Every card, each after its prerequisites; ties go by era, then number."""
        order = _topological(self.cards)
        return tuple(self.by_id[card_id] for card_id in order)


# --------------------------------------------------------------------- parsing

_TOP_KEYS = {"meta", "era", "card"}
_META_KEYS = {"name", "version", "jokers", "point_cards"}
_ERA_KEYS = {"number", "name_fr", "name_en", "name_de", "period", "colour"}
_CARD_KEYS = {
    "id",
    "name_fr",
    "name_en",
    "name_de",
    "era",
    "number",
    "family",
    "prerequisites",
    "period",
    "description",
}
_CARD_REQUIRED = _CARD_KEYS - {"prerequisites", "name_de"}


def parse_deck(data: Mapping[str, Any], source: str = "deck data") -> Deck:
    """Build a Deck from parsed TOML data and check it as a whole.

    Raises :class:`ContentError` whose message starts with ``source`` and names the
    card (``card 'chasse'``, or ``card #12`` when the id itself is faulty) and the field.
    """
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ContentError(
            f"{source}: unknown table or key {unknown[0]!r} (a deck file has [meta], "
            "[[era]] and [[card]])"
        )
    name, jokers, point_cards = _parse_meta(data.get("meta"), source)
    eras = _parse_eras(data.get("era"), source)
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise ContentError(f"{source}: no [[card]] entries")
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for position, raw in enumerate(raw_cards, start=1):
        card = _parse_card(raw, position, source)
        if card.id in seen:
            raise ContentError(
                f"{source}: card #{position}: field 'id': {card.id!r} is already the id of "
                f"card #{seen[card.id]}"
            )
        seen[card.id] = position
        cards.append(card)
    _check_deck(cards, source)
    ordered = tuple(sorted(cards, key=lambda c: (c.era, c.number)))
    return Deck(name, ordered, eras, jokers, point_cards, source)


def _parse_meta(raw: object, source: str) -> tuple[str, int, tuple[int, ...]]:
    if raw is None:
        raise ContentError(f"{source}: no [meta] table (name, jokers, point_cards)")
    if not isinstance(raw, dict):
        raise ContentError(f"{source}: [meta] must be a table")

    def fail(key: str, message: str) -> ContentError:
        return ContentError(f"{source}: [meta]: field {key!r}: {message}")

    unknown = sorted(set(raw) - _META_KEYS)
    if unknown:
        raise fail(unknown[0], "unknown field")
    name = _text(raw, "name", fail)
    version = raw.get("version", 1)
    if not _is_int(version) or version != 1:
        raise fail("version", f"{version!r}: only version 1 is known")
    jokers = raw.get("jokers")
    if not _is_int(jokers) or jokers < 0:
        raise fail("jokers", f"{jokers!r}: a whole number of at least 0 is required")
    values = raw.get("point_cards")
    if not isinstance(values, list) or not values or not all(_is_int(v) and v > 0 for v in values):
        raise fail("point_cards", f"{values!r}: a non-empty list of positive whole numbers")
    if sorted(set(values)) != values:
        raise fail("point_cards", f"{values!r}: values must be ascending, each once")
    return name, jokers, tuple(values)


def _parse_eras(raw: object, source: str) -> tuple[Era, ...]:
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{source}: no [[era]] entries (one per era, 1..{ERAS})")
    eras: dict[int, Era] = {}
    for position, item in enumerate(raw, start=1):
        where = f"{source}: era #{position}"
        if not isinstance(item, dict):
            raise ContentError(f"{where}: must be a table")
        number = item.get("number")
        if not _is_int(number) or not 1 <= number <= ERAS:
            raise ContentError(f"{where}: field 'number': {number!r} is not 1..{ERAS}")
        where = f"{source}: era {number}"

        def fail(key: str, message: str, where: str = where) -> ContentError:
            return ContentError(f"{where}: field {key!r}: {message}")

        if number in eras:
            raise fail("number", "era listed twice")
        unknown = sorted(set(item) - _ERA_KEYS)
        if unknown:
            raise fail(unknown[0], "unknown field")
        colour = item.get("colour")
        if not isinstance(colour, str) or not COLOUR.fullmatch(colour):
            raise fail("colour", f"{colour!r} is not a colour written #rrggbb")
        english = _text(item, "name_en", fail)
        eras[number] = Era(
            number,
            _text(item, "name_fr", fail),
            english,
            _german(item, english, fail),
            _text(item, "period", fail),
            colour.lower(),
        )
    missing = [n for n in range(1, ERAS + 1) if n not in eras]
    if missing:
        raise ContentError(f"{source}: era {missing[0]}: no [[era]] entry")
    return tuple(eras[n] for n in range(1, ERAS + 1))


def _parse_card(raw: object, position: int, source: str) -> Card:
    where = f"{source}: card #{position}"
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: must be a table")
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not CARD_ID.fullmatch(card_id):
        raise ContentError(
            f"{where}: field 'id': {card_id!r} is not an id: lowercase letters a-z, digits "
            "and single hyphens inside, such as 'galet-taille'"
        )
    where = f"{source}: card {card_id!r}"

    def fail(key: str, message: str) -> ContentError:
        return ContentError(f"{where}: field {key!r}: {message}")

    unknown = sorted(set(raw) - _CARD_KEYS)
    if unknown:
        raise fail(unknown[0], "unknown field")
    missing = sorted(_CARD_REQUIRED - set(raw))
    if missing:
        raise fail(missing[0], "missing")
    era = raw["era"]
    if not _is_int(era) or not 1 <= era <= ERAS:
        raise fail("era", f"{era!r} is not an era 1..{ERAS}")
    number = raw["number"]
    if not _is_int(number) or not 1 <= number <= CARDS_PER_ERA:
        raise fail("number", f"{number!r} is not a number 1..{CARDS_PER_ERA}")
    family = _family(raw["family"], fail)
    prerequisites = raw.get("prerequisites", [])
    if not isinstance(prerequisites, list) or not all(isinstance(p, str) for p in prerequisites):
        raise fail("prerequisites", f"{prerequisites!r} is not a list of card ids")
    if len(prerequisites) > MAX_PREREQUISITES:
        raise fail(
            "prerequisites",
            f"{len(prerequisites)} prerequisites; a card has at most {MAX_PREREQUISITES}",
        )
    if len(set(prerequisites)) != len(prerequisites):
        raise fail("prerequisites", "a card id is listed twice")
    if card_id in prerequisites:
        raise fail("prerequisites", "a card cannot be its own prerequisite")
    return Card(
        id=card_id,
        name_fr=_text(raw, "name_fr", fail),
        name_en=_text(raw, "name_en", fail),
        name_de=_german(raw, _text(raw, "name_en", fail), fail),
        era=era,
        number=number,
        family=family,
        prerequisites=tuple(prerequisites),
        period=_text(raw, "period", fail),
        description=_text(raw, "description", fail),
    )


def _check_deck(cards: list[Card], source: str) -> None:
    """Checks between cards: prerequisites, numbering, eras, cycles, start, families."""
    by_id = {card.id: card for card in cards}

    def fail(card: Card, key: str, message: str) -> ContentError:
        return ContentError(f"{source}: card {card.id!r}: field {key!r}: {message}")

    for card in cards:
        for pre in card.prerequisites:
            other = by_id.get(pre)
            if other is None:
                raise fail(card, "prerequisites", f"{pre!r} is not the id of a card of this deck")
            if other.era > card.era:
                raise fail(
                    card,
                    "prerequisites",
                    f"{pre!r} is of era {other.era}, later than this card's era {card.era}",
                )
    # a name, in any language, names one card: a card is looked up by any of its names
    names: dict[str, Card] = {}
    for card in cards:
        for key in ("name_fr", "name_en", "name_de"):
            folded = _fold(getattr(card, key))
            other = names.get(folded)
            if other is not None and other.id != card.id:
                raise fail(
                    card,
                    key,
                    f"{getattr(card, key)!r} is already the name of card {other.id!r}",
                )
            names[folded] = card
    numbers: dict[tuple[int, int], Card] = {}
    for card in cards:
        other = numbers.get((card.era, card.number))
        if other is not None:
            raise fail(
                card,
                "number",
                f"{card.number} is also the number of card {other.id!r} in era {card.era}",
            )
        numbers[(card.era, card.number)] = card
    for era in range(1, ERAS + 1):
        taken = sorted(n for e, n in numbers if e == era)
        if len(taken) != CARDS_PER_ERA:
            absent = [n for n in range(1, CARDS_PER_ERA + 1) if n not in taken]
            raise ContentError(
                f"{source}: era {era} has {len(taken)} cards, {CARDS_PER_ERA} are required "
                f"(numbers missing: {', '.join(map(str, absent))})"
            )
    order = _topological(cards)
    if len(order) != len(cards):
        cycle = _find_cycle(by_id, set(by_id) - set(order))
        raise fail(
            by_id[cycle[0]],
            "prerequisites",
            "prerequisites go round in a circle, so none of these cards can ever be placed: "
            + " -> ".join(cycle),
        )
    starting = [card.id for card in cards if card.era == 1 and not card.prerequisites]
    if len(starting) < MIN_STARTING_CARDS:
        raise ContentError(
            f"{source}: era 1 has {len(starting)} cards without prerequisites "
            f"({', '.join(starting) or 'none'}); at least {MIN_STARTING_CARDS} are needed "
            "for a game to start"
        )
    used = {card.family for card in cards}
    unused = [f for f in Family if f not in used]
    if unused:
        raise ContentError(f"{source}: no card of the family {unused[0].value!r}")


def _topological(cards: Iterable[Card]) -> list[str]:
    """Kahn's order, ties by (era, number); cards on a cycle are left out."""
    cards = sorted(cards, key=lambda c: (c.era, c.number, c.id))
    waiting = {card.id: sum(1 for _ in card.prerequisites) for card in cards}
    dependents: dict[str, list[str]] = {card.id: [] for card in cards}
    for card in cards:
        for pre in card.prerequisites:
            if pre in dependents:
                dependents[pre].append(card.id)
    rank = {card.id: i for i, card in enumerate(cards)}
    ready = sorted((c.id for c in cards if waiting[c.id] == 0), key=rank.__getitem__)
    order: list[str] = []
    while ready:
        card_id = ready.pop(0)
        order.append(card_id)
        for dependent in dependents[card_id]:
            waiting[dependent] -= 1
            if waiting[dependent] == 0:
                ready.append(dependent)
                ready.sort(key=rank.__getitem__)
    return order


def _find_cycle(by_id: Mapping[str, Card], stuck: set[str]) -> list[str]:
    """A cycle among the ``stuck`` cards, as ids with the first repeated at the end."""
    start = min(stuck, key=lambda i: (by_id[i].era, by_id[i].number, i))
    path = [start]
    while True:
        step = next(pre for pre in by_id[path[-1]].prerequisites if pre in stuck)
        if step in path:
            cycle = path[path.index(step) :]
            return [*cycle, step]
        path.append(step)


# --------------------------------------------------------------------- helpers


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(raw: Mapping[str, Any], key: str, fail: Any) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise fail(key, f"{value!r}: a non-empty text is required")
    if "\n" in value or "\r" in value:
        raise fail(key, "must be one line")
    return value.strip()


def _german(raw: Mapping[str, Any], english: str, fail: Any) -> str:
    """The German name, where the data gives one (non-empty), else the English: a deck
    written before German names keeps loading."""
    if "name_de" not in raw:
        return english
    return _text(raw, "name_de", fail)


def _fold(text: str) -> str:
    """Lowercase without accents: 'Société' -> 'societe'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def _family(value: object, fail: Any) -> Family:
    names = ", ".join(f.value for f in Family)
    if isinstance(value, str):
        for family in Family:
            if value == family.value:
                return family
        for family in Family:
            if _fold(value) in (_fold(family.value), _fold(family.name_en), _fold(family.name_de)):
                raise fail("family", f"{value!r}: write it {family.value!r}")
    raise fail("family", f"{value!r} is not one of the 7 families: {names}")
