"""The evolution games' pictures: the deck; a game in progress as SVG, as one seat sees it
(its own hand face up, never a hidden card, Bluff's pile showing only its top card); the
text view; and ``terranova render`` for these games."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import terranova
from terranova.cli import app
from terranova.core import records
from terranova.core.errors import InvalidParameterError
from terranova.core.state import CHANCE
from terranova.games.evolution import render
from terranova.games.evolution.rules import EvolutionState
from tests.games.evolution.helpers import act, deal, new, scenario_a

SVG = "{http://www.w3.org/2000/svg}"


def played(game: str, plies: int, seed: int, **params: Any) -> EvolutionState:
    state = terranova.make(game, **{"players": 3, **params})
    assert isinstance(state, EvolutionState)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def picture(state: EvolutionState, seat: int | None) -> ET.Element:
    return ET.fromstring(render.render_svg(state, seat).encode("utf-8"))


def groups(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if css_class in (g.get("class") or "").split()]


def card_ids(root: ET.Element, zone: str | None = None) -> list[str]:
    """The cards drawn face up (``zone``: only those of one zone), in drawing order."""
    return [
        g.get("data-id", "")
        for g in groups(root, "card")
        if g.get("data-id") and (zone is None or g.get("data-zone") == zone)
    ]


def words(root: ET.Element) -> str:
    """Every text of the picture, tooltips included, one per line."""
    return "\n".join(t for t in root.itertext() if t.strip())


def status(root: ET.Element) -> str:
    return "\n".join(
        "".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == "status"
    )


def seat_panel(root: ET.Element, seat: int) -> ET.Element:
    return next(g for g in groups(root, "seat") if g.get("data-seat") == str(seat))


def shown(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


# ------------------------------------------------------------------------ the deck


def test_components_picture_is_the_deck_tree() -> None:
    state = terranova.make("evolution-explore", players=2)
    root = ET.fromstring(render.render_components_svg(state))  # type: ignore[arg-type]
    text = "".join(root.itertext())
    for name in ("Cueillette", "Homo erectus", "Fil et corde", "Chasse"):
        assert name in text


# ---------------------------------------------------------- Explore: the tree by era


def test_explore_picture_draws_the_tree_as_rows_by_era() -> None:
    state = scenario_a()  # placed: s1 t1 s4 t3 (era 1), e1 (era 2, the last one)
    root = picture(state, 0)
    assert sorted(card_ids(root, "tree")) == ["e1", "s1", "s4", "t1", "t3"]
    tree = groups(root, "tree")[0]
    ys: dict[str, set[float]] = {}
    for g in groups(tree, "card"):
        rect = g.find(f"{SVG}rect")
        assert rect is not None
        ys.setdefault(g.get("data-era", ""), set()).add(float(rect.get("y", 0)))
    assert all(len(row) == 1 for row in ys.values())  # one row per era...
    assert ys["1"].pop() > ys["2"].pop()  # ...era 1 at the bottom
    # a faint slot for each card not placed, in every era
    slots = [r for r in tree.iter(f"{SVG}rect") if r.get("class") == "slot"]
    assert len(slots) == len(state.deck.cards) - 5
    eras = {g.get("data-era"): "".join(g.itertext()) for g in groups(tree, "era")}
    assert eras["1"] == "Era 14/15 · open"
    assert eras["2"] == "Era 21/3 · open"
    assert eras["4"] == "Era 40/1 · not open"
    last = [r for r in tree.iter(f"{SVG}rect") if r.get("class") == "last-placed"]
    assert len(last) == 1


def test_a_joker_in_the_tree_is_marked() -> None:
    state = new(players=2, jokers=4)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    act(state, "place hand s1", "place hand t1", "end", "draw joker", "draw e1")
    act(state, "place reserve s4", "accept", "draw e2", "end")
    assert "joker" in state.hand(0)
    root = picture(state, 0)
    assert card_ids(root, "hand 0") == ["s2", "u1", "t2", "joker", "e1"]  # face up
    act(state, "joker as t5")  # t5 itself is in seat 1's hand
    for seat in (None, 0, 1):
        root = picture(state, seat)
        jokers = [g for g in groups(root, "card") if g.get("data-joker") == "true"]
        assert [(g.get("data-id"), g.get("data-zone")) for g in jokers] == [("t5", "tree")]


def test_points_turn_and_special_actions_are_shown() -> None:
    state = scenario_a()
    root = picture(state, None)
    assert "7 points" in "".join(seat_panel(root, 0).itertext())
    assert "3 points" in "".join(seat_panel(root, 1).itertext())
    text = status(root)
    assert "Seat 0's turn" in text
    assert "series of 1, last e1" in text
    assert "1 special action to use" in text
    assert "▶ Seat 0 to play" in text
    assert "▶ to move" in "".join(seat_panel(root, 0).itertext())


def test_a_failed_call_is_told_in_the_header() -> None:
    state = scenario_a()
    act(state, "call s3")
    assert "Last call: seat 0 called s3: failed, the card was in the reserve" in status(
        picture(state, 1)
    )


def test_the_end_of_the_game_names_the_winner() -> None:
    state = played("evolution-explore", 100_000, seed=2)
    assert state.is_terminal()
    root = picture(state, None)
    (winner,) = state.winners()
    assert f"won by seat {winner} with {state.scores()[winner]} points" in status(root)
    assert "★ winner" in "".join(seat_panel(root, winner).itertext())


# --------------------------------------------------------------- hands and seats


def test_a_seat_sees_its_own_hand_face_up_and_the_others_face_down() -> None:
    state = scenario_a()
    root = picture(state, 0)
    assert card_ids(root, "hand 0") == state.hand(0)
    assert card_ids(root, "hand 1") == []
    assert len(groups(seat_panel(root, 1), "card-back")) == len(state.hand(1)) == 5
    assert not set(card_ids(root)) & set(state.hand(1))
    assert "Seat 0 (you)" in words(root)
    spectator = picture(state, None)
    zones = {g.get("data-zone", "") for g in groups(spectator, "card")}
    assert not [zone for zone in zones if zone.startswith("hand")]  # no hand face up
    assert "Draw pile: 2" in words(spectator)
    assert card_ids(spectator, "reserve") == ["s3", "s5", "u2", "u5", "e2"]


def test_cards_a_seat_knows_in_another_hand_are_face_up() -> None:
    state = scenario_a()
    act(state, "exchange 1", "take t5", "give e3")
    assert card_ids(picture(state, 1), "hand 0") == ["t5"]  # seat 1 saw it taken
    assert card_ids(picture(state, 0), "hand 1") == ["e3"]  # seat 0 gave it
    assert card_ids(picture(state, None), "hand 0") == []


def test_discards_are_face_up() -> None:
    state = scenario_a()
    act(state, "special discard t2")
    for seat in (None, 0, 1):
        assert card_ids(picture(state, seat), "discard 0") == ["t2"]


def test_a_seat_out_of_range_is_refused() -> None:
    state = scenario_a()
    with pytest.raises(InvalidParameterError, match="seat is 0 to 1"):
        render.render_svg(state, 2)
    with pytest.raises(InvalidParameterError):
        render.render_text(state, -1)


# ---------------------------------------------------------------- response windows


def bluff() -> EvolutionState:
    state = new("bluff", players=2)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    return state


def test_a_bluff_window_and_a_stop_are_in_the_header() -> None:
    state = bluff()
    act(state, "place hand t2")
    root = picture(state, 0)
    assert (
        "Response window after seat 0's “place t2 from the hand”: seats 1 may accept or say Stop!"
        in (status(root))
    )
    assert "▶ to move" in "".join(seat_panel(root, 1).itertext())
    act(state, "stop")
    assert "Stop! Seat 1 challenges seat 0's “place t2 from the hand”: seat 0 verifies" in status(
        picture(state, None)
    )
    act(state, "verify", "give t4", "draw e1")
    text = status(picture(state, 1))
    assert "Last Stop: seat 1 stopped seat 0 (place t2 from the hand): case 3" in text


def test_an_explore_window_names_the_joker_holder_only_to_itself() -> None:
    state = new(players=2, jokers=4)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    act(state, "place hand s1", "place hand t1", "end", "draw joker", "draw e1")
    act(state, "place reserve s4")  # a window: seat 0 holds a joker
    own = picture(state, 0)
    assert "you may interrupt with a joker, or accept" in status(own)
    assert "▶ to move" in "".join(seat_panel(own, 0).itertext())
    for seat in (None, 1):
        root = picture(state, seat)
        assert "players holding a joker may interrupt" in status(root)
        assert "▶" not in "".join(g for s in (0, 1) for g in seat_panel(root, s).itertext())


# ----------------------------------------------------------------- Bluff: the pile


def test_the_bluff_pile_shows_only_its_top_card() -> None:
    state = bluff()
    act(state, "place hand s1", "accept", "place hand t1", "accept")
    assert state.pile_memory() == [("s1", False), ("t1", False)]
    for seat in (None, 0, 1):
        root = picture(state, seat)
        (pile,) = groups(root, "pile")
        assert pile.get("data-size") == "2"
        assert card_ids(pile) == ["t1"]
        assert len(groups(pile, "card-back")) == 1
        assert "s1" not in card_ids(root)
        assert not shown("s1", words(root))
        assert "Pile: 2 cards" in words(root)


def test_the_eras_announced_are_shown_not_the_eras_open() -> None:
    state = bluff()
    act(state, "place hand s1", "accept", "announce open 2", "accept")  # a bluff
    root = picture(state, 1)
    marks = {
        g.get("data-era"): (g.get("data-open"), g.get("data-closed"))
        for g in groups(root, "announced")
    }
    assert marks["2"] == ("true", "false")
    assert marks["1"] == ("false", "false")  # era 1 is open, but nobody said so
    assert "tree" not in [g.get("class") for g in root.iter(f"{SVG}g")]


# ------------------------------------------------ never a hidden card, random games


CASES = [
    ("evolution-explore", {"players": 3}),
    ("evolution-explore", {"players": 4, "jokers": 4, "teams": 2}),
    ("evolution-explore", {"players": 3, "automata": 1, "jokers": 2}),
    ("evolution-bluff", {"players": 3}),
    ("evolution-bluff", {"players": 4, "jokers": 4, "teams": 2}),
    ("evolution-bluff", {"players": 5, "automata": 2, "jokers": 2}),
]


def positions(game: str, params: dict[str, Any], seed: int, every: int) -> list[EvolutionState]:
    state = played(game, 0, seed, **params)
    rng = random.Random(seed)
    out = []
    ply = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        ply += 1
        if ply % every == 0:
            out.append(state.clone())
    return [*out, state]


def said_aloud(view: dict[str, Any]) -> set[str]:
    """Cards named in the open: an action in a window, a call, a joker standing for one."""
    out = {view.get("called") or ""}
    if view.get("window"):
        out |= set(view["window"]["action"].split())
    if view["last_call"]:
        out.add(view["last_call"]["card"])
    out |= {e["card"] for e in view.get("tree", []) if e["joker"]}
    top = view.get("pile", {}).get("top")
    if top:
        out.add(top["card"])
    return out


def hidden_from(state: EvolutionState, seat: int | None) -> set[str]:
    """Ids of the cards ``seat`` may not see: the draw pile, the other hands."""
    view = state.view(seat)
    ids = [c.id for c in state.deck.cards]
    out = {ids[x] for x in state.zones()["pile"] if x < len(ids)}
    for other in range(state.num_seats):
        if other != seat:
            out |= set(state.hand(other)) - set(view["hands"][other].get("known", []))
    return out - said_aloud(view) - {"joker"}


@pytest.mark.parametrize(("game", "params"), CASES, ids=[f"{g}-{p}" for g, p in CASES])
def test_no_picture_shows_a_hidden_card(game: str, params: dict[str, Any]) -> None:
    names = {}
    checked = 0
    for seed in range(2):
        for state in positions(game, params, seed, every=37):
            names = {c.id: c.name_fr for c in state.deck.cards}
            for seat in [None, *range(state.num_seats)]:
                root = picture(state, seat)
                ids, text = set(card_ids(root)), words(root)
                as_text = render.render_text(state, seat)
                if seat is not None:
                    assert card_ids(root, f"hand {seat}") == state.hand(seat)
                for card in hidden_from(state, seat):
                    assert card not in ids, (seat, card)
                    assert names[card] not in text, (seat, card)
                    assert names[card] not in as_text, (seat, card)
                    checked += 1
    assert checked > 200


@pytest.mark.parametrize("seed", range(4))
def test_the_bluff_picture_never_shows_a_card_under_the_top(seed: int) -> None:
    checked = 0
    for state in positions("evolution-bluff", {"players": 4, "jokers": 4}, seed, every=11):
        memory = state.pile_memory()
        if len(memory) < 2:
            continue
        for seat in (None, 0, 2):
            view = state.view(seat)
            elsewhere = {c for d in view["discards"] for c in d} | set(view["reserve"])
            elsewhere.add(memory[-1][0])  # the top (a joker on it names its card)
            if view.get("window"):
                elsewhere |= set(view["window"]["action"].split())  # being said aloud
            for hand in view["hands"]:
                elsewhere |= set(hand["cards"] or hand.get("known", []))
            root = picture(state, seat)
            (pile,) = groups(root, "pile")
            assert card_ids(pile) == [memory[-1][0]]
            assert len(groups(pile, "card-back")) == min(len(memory) - 1, 6)
            text = words(root)
            for card, _ in memory[:-1]:
                if card not in elsewhere:
                    assert card not in card_ids(root)
                    assert state.deck.by_id[card].name_fr not in text
                    checked += 1
    assert checked > 20


# ----------------------------------------------------------------------- the text


def test_text_of_explore_lists_every_placed_card_under_its_era() -> None:
    state = played("evolution-explore", 400, seed=3)
    view = state.view(None)
    text = render.render_text(state)
    names = {card.id: card.name_fr for card in state.deck.cards}
    assert view["tree"], "the game placed something"
    for placed in view["tree"]:
        line = next(x for x in text.splitlines() if x.startswith(f"era {placed['era']} "))
        assert names[placed["card"]] in line
    for seat, score in enumerate(view["scores"]):
        assert f"seat {seat}: score {score}," in text


def test_text_of_bluff_shows_only_the_top_of_the_pile() -> None:
    state = played("evolution-bluff", 200, seed=5)
    pile = state.view(None)["pile"]
    text = render.render_text(state)
    assert f"pile: {pile['size']} cards" in text
    names = {card.id: card.name_fr for card in state.deck.cards}
    placed_below = set(names.values()) - {names.get((pile["top"] or {}).get("card", ""), "")}
    pile_line = next(x for x in text.splitlines() if x.startswith("pile:"))
    assert not any(name in pile_line for name in placed_below)


def test_text_of_a_seat_shows_its_own_hand() -> None:
    state = scenario_a()
    text = render.render_text(state, 0)
    assert "seat 0: score 7, 4 in hand (s2, u1, t2, e3)," in text
    assert "seat 1: score 3, 5 in hand, discards: -" in text
    assert "seat 0's turn" in text.splitlines()[0]


# ------------------------------------------------------------- terranova render


runner = CliRunner()


def test_render_a_new_game_as_svg(tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    result = runner.invoke(app, ["render", "evolution-explore", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert ET.parse(out).getroot().tag == f"{SVG}svg"


def test_render_a_record_as_a_seat_sees_it(tmp_path: Path) -> None:
    state = terranova.make("evolution-bluff", players=3)
    agents = [_Random(s) for s in range(3)]
    path = tmp_path / "game.json"
    records.write(records.play(state, agents, 7), path)
    out = tmp_path / "y.svg"
    result = runner.invoke(
        app, ["render", str(path), "--turn", "4", "--seat", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    record = records.read(path)
    position = records.replay(record, upto=record.turns[3].ply)
    assert isinstance(position, EvolutionState)
    root = ET.parse(out).getroot()
    assert card_ids(root, "hand 1") == position.hand(1)
    assert "as seat 1 sees it" in words(root)
    text = runner.invoke(app, ["render", str(path), "--turn", "4", "--seat", "1"])
    assert text.exit_code == 0, text.output
    assert text.stdout == render.render_text(position, 1) + "\n"
    for bad in (["--seat", "3"], ["--seat", "0", "--deck"]):
        refused = runner.invoke(app, ["render", str(path), *bad, "--out", str(out)])
        assert refused.exit_code == 2, refused.output
        assert "seat" in refused.stderr


class _Random:
    def __init__(self, seed: int) -> None:
        self.name = f"random-{seed}"
        self._rng = random.Random(seed)

    def select(self, state: terranova.core.State) -> Any:
        return self._rng.choice(list(state.legal_actions()))


# ------------------------------------------------------------ in the reader's language


def said_texts(svg: str) -> list[str]:
    """Every ``<text>`` and ``<title>`` of a picture with a letter in it."""
    root = ET.fromstring(svg.encode("utf-8"))
    found = ("".join(e.itertext()) for e in root.iter() if e.tag in (f"{SVG}text", f"{SVG}title"))
    return [t for t in found if re.search(r"[^\W\d_]", t)]


def data_words(state: EvolutionState) -> set[str]:
    """The words the deck's data gives, French as the game is: the cards' and eras' French
    names, the eras' periods, and the title on a card's back."""
    deck = state.deck
    return (
        {card.name_fr for card in deck.cards}
        | {era.name_fr for era in deck.eras}
        | {era.period for era in deck.eras}
        | {"Discovery"}
    )


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("evolution-explore", {"players": 4, "jokers": 4, "teams": 2}),
        ("evolution-bluff", {"players": 3, "automata": 1, "jokers": 2}),
    ],
)
def test_no_english_word_is_left_in_the_pseudo_language(game: str, params: dict[str, Any]) -> None:
    for plies in (0, 30, 80, 100_000):
        state = played(game, plies, seed=5, **params)
        pictures = [render.render_svg(state, seat, "xx") for seat in (None, 0)]
        pictures.append(render.render_components_svg(state, "xx"))
        known = data_words(state)
        for svg in pictures:
            left = [t for t in said_texts(svg) if "⟦" not in t and t not in known]
            assert left == []


def test_the_deck_picture_in_french_and_german() -> None:
    state = terranova.make("evolution-explore", players=2)
    assert isinstance(state, EvolutionState)
    french = said_texts(render.render_components_svg(state, "fr"))
    assert "Ère 1" in french and "Familles :" in french
    assert "Feu" in french and "Fire" not in french  # no gloss for a French reader
    assert any(
        t.startswith("Feu · ère 2, n° 4 · Techniques · ") and "Prérequis : " in t for t in french
    )
    german = said_texts(render.render_components_svg(state, "de"))
    assert "Epoche 2" in german and "Familien:" in german
    assert any(t.startswith("Feuer (Feu) · Epoche 2, Nr. 4 · Techniken · ") for t in german)
    assert "Feuer" in german and "Feu" in german  # the German name, the French original
    assert "Werkzeuge (Outils)" in german
    assert "54 Entdeckungskarten, 6 Epochen, 7 Familien, 4 Joker" in " ".join(german)
    english = said_texts(render.render_components_svg(state))
    assert "Fire" in english and "Feu" in english and "Era 1" in english


def test_a_game_in_french_and_german() -> None:
    state = scenario_a()
    french = "\n".join(said_texts(render.render_svg(state, 0, "fr")))
    assert "Tour de la place 0" in french
    assert "1 action spéciale à utiliser" in french
    assert "Place 0 (vous)" in french and "7 points" in french
    assert "Pioche : 2" in french
    german = "\n".join(said_texts(render.render_svg(state, None, "de")))
    assert "Platz 0 ist am Zug" in german
    assert "Serie von 1, zuletzt e1" in german
    assert "Nachziehstapel: 2" in german and "Epoche 1" in german
    act(state, "call s3")
    assert (
        "Dernier appel : la place 0 a appelé s3 : échec, la carte était dans la réserve"
        in "\n".join(said_texts(render.render_svg(state, 1, "fr")))
    )
