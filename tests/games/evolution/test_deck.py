"""The "Préhistoire" deck of Discovery : le jeu de l'évolution, its loader and its pictures."""

from __future__ import annotations

import copy
import itertools
import tomllib
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from terranova.core.errors import ContentError
from terranova.games.evolution.cards import (
    CARDS_PER_ERA,
    ERAS,
    Card,
    Deck,
    Family,
    parse_deck,
)
from terranova.games.evolution.content import load_deck
from terranova.games.evolution.deck_render import deck_table_markdown, main, render_deck_svg

SVG = "{http://www.w3.org/2000/svg}"
DOC = Path(__file__).resolve().parents[3] / "docs" / "evolution" / "deck.md"


def builtin_data() -> dict[str, Any]:
    text = (
        resources.files("terranova.games.evolution")
        .joinpath("data", "prehistoire.toml")
        .read_text("utf-8")
    )
    return tomllib.loads(text)


# ------------------------------------------------------------------ the built-in deck


def test_built_in_deck_has_54_cards_9_per_era() -> None:
    deck = load_deck()
    assert deck.name == "Préhistoire"
    assert len(deck) == len(deck.cards) == 54
    assert [era.number for era in deck.eras] == [1, 2, 3, 4, 5, 6]
    for era in range(1, ERAS + 1):
        cards = deck.by_era[era]
        assert len(cards) == CARDS_PER_ERA
        assert [c.number for c in cards] == list(range(1, 10))
        assert all(c.era == era for c in cards)
    assert [(c.era, c.number) for c in deck.cards] == sorted((c.era, c.number) for c in deck.cards)
    assert len({c.id for c in deck.cards}) == 54
    assert len({c.name_fr for c in deck.cards}) == 54


def test_meta_jokers_and_bank() -> None:
    deck = load_deck()
    assert deck.jokers == 4
    assert deck.point_cards == (1, 5, 20)


def test_every_family_is_used_and_the_families_are_the_seven_of_the_rules() -> None:
    deck = load_deck()
    assert [f.value for f in Family] == [
        "Outils",
        "Alimentation",
        "Société",
        "Science",
        "Techniques",
        "Culture",
        "Mouvement",
    ]
    counts = {f: sum(c.family == f for c in deck.cards) for f in Family}
    assert all(7 <= n <= 8 for n in counts.values()), counts


def test_facts_of_the_rules_text() -> None:
    deck = load_deck()
    card = deck.card
    # 1.1: "Certaines cartes n'ont aucun prérequis, comme la Cueillette"
    assert card("cueillette").name_fr == "Cueillette"
    assert card("cueillette").prerequisites == ()
    # 1.1: "la découverte du feu a permis ensuite de découvrir la cuisson et le métal";
    # "Cuisson dont le prérequis est le Feu" (one prerequisite)
    assert card("feu").name_fr == "Feu"
    assert card("cuisson").name_fr == "Cuisson"
    assert card("cuisson").prerequisites == ("feu",)
    assert card("metal").name_fr == "Métal"
    assert "feu" in card("metal").prerequisites
    assert {c.id for c in deck.dependents_of("feu")} >= {"cuisson", "metal"}
    # 1.1-1.3: Chasse, era 1, Alimentation, prerequisites Bande and Charognage
    chasse = card("chasse")
    assert chasse.name_fr == "Chasse"
    assert chasse.era == 1
    assert chasse.family is Family.ALIMENTATION
    assert set(chasse.prerequisites) == {"bande", "charognage"}
    assert len(chasse.prerequisites) == 2
    # 1.2: the card's period and text as printed in the rules' example card
    assert chasse.period == "Paléolithique inférieur, -1,8 million d'années"
    assert chasse.description == (
        "Guetter, poursuivre ou piéger des animaux pour les capturer ou les tuer"
    )
    # 1.3: "Australopithecus et Bande sont de la même famille"
    assert card("australopithecus").family == card("bande").family
    # 1.3/1.5: Australopithecus -> Galet taillé (its only prerequisite)
    assert card("galet-taille").name_fr == "Galet taillé"
    assert card("galet-taille").prerequisites == ("australopithecus",)
    # 1.3: "Bande est le prérequis de Nomadisme"
    assert card("nomadisme").prerequisites == ("bande",)
    # 1.3: Nomadisme + Charognage -> Homo erectus, "tous deux sont de la famille Mouvement"
    erectus = card("homo-erectus")
    assert erectus.name_fr == "Homo erectus"
    assert set(erectus.prerequisites) == {"nomadisme", "charognage"}
    assert erectus.family is Family.MOUVEMENT
    assert card("nomadisme").family is Family.MOUVEMENT
    # 1.5: Homo erectus opens era 2 in the worked example
    assert erectus.era == 2
    assert erectus.number == 1
    # 2.6: "3 Fil et corde": read as the card's era (cards list prerequisites as
    # "era and name"); its number is by date
    assert card("fil-et-corde").name_fr == "Fil et corde"
    assert card("fil-et-corde").era == 3
    # 1.3: "Chasse est une carte découverte de l'ère 1, dont la couleur est le jaune"
    colour = deck.era(1).colour
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    assert r > 200 and g > 150 and b < 100, colour
    # 1.1: "la plupart des cartes ont 2 ou 3 prérequis"; 0 to 3 on every card
    assert sum(len(c.prerequisites) in (2, 3) for c in deck.cards) > 27
    assert all(len(c.prerequisites) <= 3 for c in deck.cards)


def test_names_the_rules_text_gives() -> None:
    deck = load_deck()
    names = {c.name_fr for c in deck.cards}
    for name in [
        "Cueillette",
        "Feu",
        "Cuisson",
        "Métal",
        "Chasse",
        "Bande",
        "Charognage",
        "Australopithecus",
        "Galet taillé",
        "Nomadisme",
        "Homo erectus",
        "Fil et corde",
    ]:
        assert name in names
        assert deck.by_name(name).name_fr == name
    assert deck.by_name("homo ERECTUS").id == "homo-erectus"
    assert deck.by_name("metal").id == "metal"  # accents ignored
    assert deck.by_name("Hunting").id == "chasse"  # English names too


def test_worked_example_links() -> None:
    """1.5 and 1.3: which link allows each step of the worked example."""
    deck = load_deck()
    # Australopithecus then Bande: a family link (not a prerequisite link)
    assert deck.family_link("australopithecus", "bande")
    assert not deck.prerequisite_link("australopithecus", "bande")
    # Australopithecus then Galet taillé: a prerequisite link
    assert deck.prerequisite_link("australopithecus", "galet-taille")
    assert deck.linked("australopithecus", "galet-taille")
    # Bande then Nomadisme: a prerequisite link
    assert deck.prerequisite_link("bande", "nomadisme")
    assert not deck.family_link("bande", "nomadisme")
    # Nomadisme then Homo erectus: both links; Charognage must be placed too
    assert deck.family_link("nomadisme", "homo-erectus")
    assert deck.prerequisite_link("nomadisme", "homo-erectus")
    assert not deck.placeable("homo-erectus", {"nomadisme"})
    assert deck.placeable("homo-erectus", {"nomadisme", "charognage"})
    # Galet taillé needs only Australopithecus
    assert deck.placeable("galet-taille", {"australopithecus"})
    assert deck.placeable("australopithecus", set())


def _era1_states(deck: Deck) -> list[set[str]]:
    """Every set of placed era-1 cards a game can reach before the example's turn:
    closed under prerequisites, holding Charognage, none of the four cards of the turn."""
    turn = {"australopithecus", "bande", "nomadisme", "galet-taille"}
    others = [c.id for c in deck.by_era[1] if c.id not in turn]
    states = []
    for size in range(len(others) + 1):
        for subset in itertools.combinations(others, size):
            placed = set(subset)
            if "charognage" in placed and all(
                deck.placeable(card_id, placed) for card_id in placed
            ):
                states.append(placed)
    return states


def _play_turn(deck: Deck, placed: set[str], moves: list[tuple[str, str]]) -> int:
    """Score one Discovery Explore turn: ``moves`` are ("start"|"continue", card id).

    1 point for a series' first card, one more for each further card; +3 for each
    special action earned by opening (first card of an era other than 1) or closing
    (last card of an era) an era. Checks conditions #1 and #2 on the way.
    """
    points = 0
    series = 0
    previous: str | None = None
    for how, card_id in moves:
        card = deck.card(card_id)
        assert card_id not in placed
        assert deck.placeable(card, placed), f"condition #1 fails for {card_id}"
        if how == "continue":
            assert previous is not None and deck.linked(previous, card_id), card_id
            series += 1
        else:
            series = 1
        placed.add(card_id)
        points += series
        in_era = [c.id for c in deck.by_era[card.era] if c.id in placed]
        opens = card.era > 1 and len(in_era) == 1
        closes = len(in_era) == CARDS_PER_ERA
        points += 3 * (opens + closes)
        previous = card_id
    return points


def test_worked_example_scores_14_from_every_reachable_state() -> None:
    deck = load_deck()
    moves = [
        ("start", "australopithecus"),  # 1
        ("continue", "bande"),  # 2 (family link)
        ("continue", "nomadisme"),  # 3 (prerequisite link)
        ("continue", "homo-erectus"),  # 4, opens era 2: +3
        ("start", "galet-taille"),  # 1 (replay: a new series)
    ]
    states = _era1_states(deck)
    assert {"bipedie", "cueillette", "charognage"} in states
    for placed in states:
        assert _play_turn(deck, set(placed), moves) == 14, placed


def test_homo_erectus_is_always_the_first_card_of_era_2() -> None:
    """Every other era-2 card needs Homo erectus (directly or not), so the example's
    "vous ouvrez ainsi l'ère 2 avec Homo erectus" holds in every game."""
    deck = load_deck()
    for card in deck.by_era[2]:
        if card.id != "homo-erectus":
            assert "homo-erectus" in deck.ancestors_of(card), card.id


def test_galet_taille_never_closes_era_1() -> None:
    """An era-1 card needs Galet taillé, so placing it never closes era 1 (which would
    add a special action to the example's 14 points)."""
    deck = load_deck()
    assert any("galet-taille" in deck.ancestors_of(c) for c in deck.by_era[1])


def test_authored_order_numbers_and_starting_cards() -> None:
    deck = load_deck()
    for card in deck.cards:
        for pre in deck.prerequisites_of(card):
            assert pre.era <= card.era
            if pre.era == card.era:
                assert pre.number < card.number, (pre.id, card.id)
    starting = [c.id for c in deck.starting_cards]
    assert starting == ["bipedie", "australopithecus", "cueillette", "bande"]
    assert all(deck.card(i).era == 1 for i in starting)
    # every card but the last ones of the story leads somewhere
    leaves = {c.id for c in deck.cards if not deck.dependents_of(c)}
    assert leaves <= {c.id for c in deck.cards if c.era >= 4}


def test_topological_order_places_every_card() -> None:
    deck = load_deck()
    order = deck.topological_order()
    assert sorted(c.id for c in order) == sorted(c.id for c in deck.cards)
    placed: set[str] = set()
    for card in order:
        assert deck.placeable(card, placed), card.id
        placed.add(card.id)


def test_helpers_and_masks_agree() -> None:
    deck = load_deck()
    assert [c.id for c in deck.prerequisites_of("chasse")] == ["bande", "charognage"]
    assert "chasse" in {c.id for c in deck.dependents_of("bande")}
    assert deck.ancestors_of("chasse") == {"bande", "charognage", "bipedie", "cueillette"}
    assert "feu" in deck and "fire" not in deck
    with pytest.raises(KeyError, match="no card 'fire'"):
        deck.card("fire")
    for a, b in itertools.product(deck.cards, repeat=2):
        linked = deck.linked(a, b)
        assert linked == deck.linked(b, a)
        assert linked == bool(deck.link_masks[deck.index[a.id]] >> deck.index[b.id] & 1)
        prerequisite = b.id in a.prerequisites or a.id in b.prerequisites
        assert linked == (a.id != b.id and (a.family == b.family or prerequisite))
    for card in deck.cards:
        mask = deck.prerequisite_masks[deck.index[card.id]]
        assert {c.id for c in deck.cards if mask >> deck.index[c.id] & 1} == set(card.prerequisites)
    assert deck.card("galet-taille").label == "1 Galet taillé"
    assert Family("Société") is Family.SOCIETE
    assert str(Family.SOCIETE) == "Société"
    assert Family.SOCIETE.name_en == "Society"
    assert Family.SOCIETE.name_de == "Gesellschaft"


def test_every_card_era_and_family_has_a_german_name() -> None:
    deck = load_deck()
    for thing in (*deck.cards, *deck.eras):
        assert thing.name_de.strip() == thing.name_de and thing.name_de, thing
        assert thing.named.render("de") == thing.name_de
        assert thing.named.render("fr") == thing.name_fr
        assert thing.named.render("en") == thing.name_en
    assert {f.name_de for f in Family} >= {"Werkzeuge", "Ernährung", "Bewegung"}
    assert len({f.name_de for f in Family}) == len(Family)
    # the names a German edition would print; scientific names stay as they are
    german = {card.id: card.name_de for card in deck.cards}
    assert german["feu"] == "Feuer" and german["roue"] == "Rad" and german["biface"] == "Faustkeil"
    assert german["homo-erectus"] == "Homo erectus"
    assert german["australopithecus"] == "Australopithecus"
    assert deck.era(2).name_de == "Homo erectus und das Feuer"


def test_a_card_is_found_by_any_of_its_names() -> None:
    deck = load_deck()
    assert deck.by_name("Feu") is deck.by_name("fire") is deck.by_name("FEUER") is deck.card("feu")
    assert deck.by_name("Faustkeil").id == "biface"
    assert deck.by_name("Floß") is deck.by_name("floss") is deck.card("radeau")  # ß is "ss"
    assert deck.by_name("hohlenmalerei").id == "art-parietal"  # accents and umlauts ignored
    with pytest.raises(KeyError, match="no card named 'Feuerwehr'"):
        deck.by_name("Feuerwehr")


def test_load_deck_is_cached_and_reads_other_files(tmp_path: Path) -> None:
    assert load_deck() is load_deck()
    path = tmp_path / "copy.toml"
    path.write_text(dump_toml(builtin_data()), encoding="utf-8")
    other = load_deck(path)
    assert other is load_deck(str(path))
    assert other.cards == load_deck().cards
    assert other.source == str(path.resolve())


# ------------------------------------------------------------------ broken files


def dump_toml(data: dict[str, Any]) -> str:
    """Write back the deck data (tables of strings, numbers and lists of those)."""

    def value(v: object) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            escaped = v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            return f'"{escaped}"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        raise TypeError(v)

    lines: list[str] = []
    for key, item in data.items():
        if isinstance(item, dict):
            lines.append(f"[{key}]")
            lines.extend(f"{k} = {value(v)}" for k, v in item.items())
        elif isinstance(item, list) and all(isinstance(x, dict) for x in item):
            for table in item:
                lines.append(f"[[{key}]]")
                lines.extend(f"{k} = {value(v)}" for k, v in table.items())
        else:
            lines.append(f"{key} = {value(item)}")
    return "\n".join(lines) + "\n"


def card_of(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    table: dict[str, Any] = next(c for c in data["card"] if c["id"] == card_id)
    return table


def _unknown_card_field(d: dict[str, Any]) -> None:
    card_of(d, "chasse")["colour"] = "jaune"


def _bad_id(d: dict[str, Any]) -> None:
    card_of(d, "galet-taille")["id"] = "Galet Taillé"


def _duplicate_id(d: dict[str, Any]) -> None:
    card_of(d, "ocre")["id"] = "bande"


def _unknown_family(d: dict[str, Any]) -> None:
    card_of(d, "biface")["family"] = "Outil"


def _family_without_accent(d: dict[str, Any]) -> None:
    card_of(d, "bande")["family"] = "Societe"


def _era_out_of_range(d: dict[str, Any]) -> None:
    card_of(d, "astronomie")["era"] = 7


def _number_out_of_range(d: dict[str, Any]) -> None:
    card_of(d, "chasse")["number"] = 10


def _duplicate_number(d: dict[str, Any]) -> None:
    card_of(d, "chasse")["number"] = 4


def _missing_prerequisite(d: dict[str, Any]) -> None:
    card_of(d, "chasse")["prerequisites"] = ["bande", "peche-au-harpon"]


def _later_era_prerequisite(d: dict[str, Any]) -> None:
    card_of(d, "cueillette")["prerequisites"] = ["feu"]


def _cycle(d: dict[str, Any]) -> None:
    card_of(d, "bande")["prerequisites"] = ["nomadisme"]


def _four_prerequisites(d: dict[str, Any]) -> None:
    card_of(d, "chasse")["prerequisites"] = ["bande", "charognage", "bipedie", "cueillette"]


def _own_prerequisite(d: dict[str, Any]) -> None:
    card_of(d, "chasse")["prerequisites"] = ["chasse"]


def _twice_the_same_prerequisite(d: dict[str, Any]) -> None:
    card_of(d, "chasse")["prerequisites"] = ["bande", "bande"]


def _era_short_of_a_card(d: dict[str, Any]) -> None:
    d["card"] = [c for c in d["card"] if c["id"] != "roue"]


def _too_few_starting_cards(d: dict[str, Any]) -> None:
    card_of(d, "bipedie")["prerequisites"] = ["australopithecus"]
    card_of(d, "cueillette")["prerequisites"] = ["bande"]


def _family_unused(d: dict[str, Any]) -> None:
    for card in d["card"]:
        if card["family"] == "Science":
            card["family"] = "Culture"


def _duplicate_name(d: dict[str, Any]) -> None:
    card_of(d, "foyer")["name_fr"] = "Feu"


def _missing_field(d: dict[str, Any]) -> None:
    del card_of(d, "ocre")["period"]


def _two_line_description(d: dict[str, Any]) -> None:
    card_of(d, "ocre")["description"] = "Broyer l'ocre\npour colorer"


def _empty_name(d: dict[str, Any]) -> None:
    card_of(d, "ocre")["name_en"] = "  "


def _empty_german_name(d: dict[str, Any]) -> None:
    card_of(d, "ocre")["name_de"] = ""


def _german_name_of_another_card(d: dict[str, Any]) -> None:
    card_of(d, "foyer")["name_de"] = "Feu"


def _negative_jokers(d: dict[str, Any]) -> None:
    d["meta"]["jokers"] = -1


def _point_cards_unsorted(d: dict[str, Any]) -> None:
    d["meta"]["point_cards"] = [5, 1, 20]


def _unknown_meta_field(d: dict[str, Any]) -> None:
    d["meta"]["players"] = 4


def _no_meta(d: dict[str, Any]) -> None:
    del d["meta"]


def _missing_era(d: dict[str, Any]) -> None:
    d["era"] = [e for e in d["era"] if e["number"] != 6]


def _bad_era_colour(d: dict[str, Any]) -> None:
    d["era"][0]["colour"] = "jaune"


def _unknown_table(d: dict[str, Any]) -> None:
    d["cards"] = d.pop("card")


BROKEN = [
    (_unknown_card_field, r"card 'chasse': field 'colour': unknown field"),
    (_bad_id, r"card #5: field 'id': 'Galet Taillé' is not an id"),
    (_duplicate_id, r"card #18: field 'id': 'bande' is already the id of card #4"),
    (_unknown_family, r"card 'biface': field 'family': 'Outil' is not one of the 7 families"),
    (_family_without_accent, r"card 'bande': field 'family': 'Societe': write it 'Société'"),
    (_era_out_of_range, r"card 'astronomie': field 'era': 7 is not an era 1\.\.6"),
    (_number_out_of_range, r"card 'chasse': field 'number': 10 is not a number 1\.\.9"),
    (_duplicate_number, r"card 'chasse': field 'number': 4 is also the number of card 'bande'"),
    (
        _missing_prerequisite,
        r"card 'chasse': field 'prerequisites': 'peche-au-harpon' is not the id of a card",
    ),
    (
        _later_era_prerequisite,
        r"card 'cueillette': field 'prerequisites': 'feu' is of era 2, later than",
    ),
    (_cycle, r"card 'bande': field 'prerequisites': .*circle.*: bande -> nomadisme -> bande"),
    (_four_prerequisites, r"card 'chasse': field 'prerequisites': 4 prerequisites; .* at most 3"),
    (_own_prerequisite, r"card 'chasse': field 'prerequisites': a card cannot be its own"),
    (_twice_the_same_prerequisite, r"card 'chasse': field 'prerequisites': .* listed twice"),
    (_era_short_of_a_card, r"era 6 has 8 cards, 9 are required \(numbers missing: 4\)"),
    (_too_few_starting_cards, r"era 1 has 2 cards without prerequisites"),
    (_family_unused, r"no card of the family 'Science'"),
    (_duplicate_name, r"card 'foyer': field 'name_fr': 'Feu' is already the name of card 'feu'"),
    (_missing_field, r"card 'ocre': field 'period': missing"),
    (_two_line_description, r"card 'ocre': field 'description': must be one line"),
    (_empty_name, r"card 'ocre': field 'name_en': .*non-empty text"),
    (_empty_german_name, r"card 'ocre': field 'name_de': .*non-empty text"),
    (
        _german_name_of_another_card,
        r"card 'foyer': field 'name_de': 'Feu' is already the name of card 'feu'",
    ),
    (_negative_jokers, r"\[meta\]: field 'jokers'"),
    (_point_cards_unsorted, r"\[meta\]: field 'point_cards': .*ascending"),
    (_unknown_meta_field, r"\[meta\]: field 'players': unknown field"),
    (_no_meta, r"no \[meta\] table"),
    (_missing_era, r"era 6: no \[\[era\]\] entry"),
    (_bad_era_colour, r"era 1: field 'colour': 'jaune' is not a colour"),
    (_unknown_table, r"unknown table or key 'cards'"),
]


@pytest.mark.parametrize(("break_it", "message"), BROKEN, ids=[b.__name__[1:] for b, _ in BROKEN])
def test_broken_files_are_refused_naming_card_and_field(
    tmp_path: Path, break_it: Any, message: str
) -> None:
    data = copy.deepcopy(builtin_data())
    break_it(data)
    path = tmp_path / "my-deck.toml"
    path.write_text(dump_toml(data), encoding="utf-8")
    with pytest.raises(ContentError, match=message) as caught:
        load_deck(path)
    assert str(caught.value).startswith(str(path.resolve()) + ": ")


def test_a_deck_without_german_names_says_them_in_english() -> None:
    """A deck written before German names loads: its cards and eras say their English
    names to a German reader."""
    data = copy.deepcopy(builtin_data())
    for table in [*data["card"], *data["era"]]:
        del table["name_de"]
    deck = parse_deck(data, "older deck")
    ochre = next(c for c in deck.cards if c.id == "ocre")
    assert ochre.name_de == ochre.name_en and ochre.named.render("de") == ochre.name_en
    assert deck.era(2).name_de == deck.era(2).name_en


def test_unreadable_and_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"cannot read deck file .*missing\.toml"):
        load_deck(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[card]\nid = 1\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad\.toml: not valid TOML"):
        load_deck(bad)
    empty = tmp_path / "empty.toml"
    empty.write_text(dump_toml({"meta": builtin_data()["meta"], "era": builtin_data()["era"]}))
    with pytest.raises(ContentError, match=r"no \[\[card\]\] entries"):
        load_deck(empty)


def test_parse_deck_takes_the_cards_in_any_order() -> None:
    data = builtin_data()
    data["card"] = list(reversed(data["card"]))
    deck = parse_deck(data, "reversed")
    assert deck.cards == load_deck().cards
    assert deck.source == "reversed"


# ------------------------------------------------------------------ pictures and table


def test_tree_svg_is_xml_with_54_cards_and_every_arrow() -> None:
    deck = load_deck()
    text = render_deck_svg(deck)
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    cards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
    assert len(cards) == 54
    assert {g.get("data-id") for g in cards} == {c.id for c in deck.cards}
    arrows = [p for p in root.iter(f"{SVG}path") if "prerequisite" in (p.get("class") or "")]
    assert len(arrows) == sum(len(c.prerequisites) for c in deck.cards)
    assert {(p.get("data-from"), p.get("data-to")) for p in arrows} == {
        (pre, c.id) for c in deck.cards for pre in c.prerequisites
    }
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    spots = set()
    rows: dict[str | None, set[float]] = {}
    for g in cards:
        rect = g.find(f"{SVG}rect")
        assert rect is not None
        x, y = float(rect.get("x", -1)), float(rect.get("y", -1))
        assert x >= 0 and x + float(rect.get("width", 0)) <= width
        assert y >= 0 and y + float(rect.get("height", 0)) <= height
        spots.add((x, y))
        rows.setdefault(g.get("data-era"), set()).add(y)
    assert len(spots) == 54  # no two cards on the same spot
    assert all(len(ys) == 1 for ys in rows.values())  # one row per era...
    row_y = [rows[str(era)].pop() for era in range(1, 7)]
    assert row_y == sorted(row_y, reverse=True)  # ...era 1 at the bottom
    assert render_deck_svg(deck) == text  # deterministic


def test_table_lists_every_card_and_is_the_one_in_the_docs() -> None:
    deck = load_deck()
    table = deck_table_markdown(deck)
    lines = table.strip().splitlines()
    assert len(lines) == 2 + 54
    assert (
        "| 1 | 9 | Chasse | Hunting | Jagd | Alimentation (Food) | 1 Bande, 1 Charognage |" in table
    )
    assert DOC.exists()
    assert table in DOC.read_text(encoding="utf-8"), "regenerate the table in the doc"


def test_command_line_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--table"]) == 0
    assert "| 2 | 1 | Homo erectus |" in capsys.readouterr().out
    out = tmp_path / "deck.svg"
    assert main(["--svg", str(out)]) == 0
    assert ET.parse(out).getroot().tag == f"{SVG}svg"
    assert main(["--table", "--deck", str(tmp_path / "nope.toml")]) == 2
    assert "cannot read deck file" in capsys.readouterr().err


def test_a_card_is_hashable_and_frozen() -> None:
    card = load_deck().card("feu")
    assert isinstance(card, Card)
    assert hash(card) == hash(copy.copy(card))
    with pytest.raises(AttributeError):
        card.era = 3  # type: ignore[misc]
