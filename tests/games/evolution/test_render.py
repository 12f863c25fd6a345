"""The evolution games' render module: the deck picture, the text view, no map picture yet."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import terranova
from terranova.core.errors import TerranovaError
from terranova.core.state import CHANCE
from terranova.games.evolution import render


def _played(game: str, plies: int, seed: int) -> terranova.core.State:
    state = terranova.make(game, players=3)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def test_components_picture_is_the_deck_tree() -> None:
    state = terranova.make("evolution-explore", players=2)
    root = ET.fromstring(render.render_components_svg(state))  # type: ignore[arg-type]
    text = "".join(root.itertext())
    for name in ("Cueillette", "Homo erectus", "Fil et corde", "Chasse"):
        assert name in text


def test_text_of_explore_lists_every_placed_card_under_its_era() -> None:
    state = _played("evolution-explore", 400, seed=3)
    view = state.view(None)
    text = render.render_text(state)  # type: ignore[arg-type]
    names = {card.id: card.name_fr for card in state.deck.cards}  # type: ignore[attr-defined]
    assert view["tree"], "the game placed something"
    for placed in view["tree"]:
        line = next(x for x in text.splitlines() if x.startswith(f"era {placed['era']} "))
        assert names[placed["card"]] in line
    for seat, score in enumerate(view["scores"]):
        assert f"seat {seat}: score {score}," in text


def test_text_of_bluff_shows_only_the_top_of_the_pile() -> None:
    state = _played("evolution-bluff", 200, seed=5)
    pile = state.view(None)["pile"]
    text = render.render_text(state)  # type: ignore[arg-type]
    assert f"pile: {pile['size']} cards" in text
    names = {card.id: card.name_fr for card in state.deck.cards}  # type: ignore[attr-defined]
    placed_below = set(names.values()) - {names.get((pile["top"] or {}).get("card", ""), "")}
    pile_line = next(x for x in text.splitlines() if x.startswith("pile:"))
    assert not any(name in pile_line for name in placed_below)


def test_no_map_picture_yet_is_said_plainly() -> None:
    with pytest.raises(TerranovaError, match="not drawn yet"):
        render.render_svg(terranova.make("evolution-bluff", players=2))  # type: ignore[arg-type]
