"""Drawing Discovery (evolution): the deck's prerequisite tree as SVG, and a game as text.

A picture of a game in progress (the tree by era, the Bluff pile) is not drawn yet:
``render_svg`` says so with an error rather than draw something wrong.
"""

from __future__ import annotations

from terranova.core.errors import TerranovaError
from terranova.games.evolution.deck_render import render_deck_svg
from terranova.games.evolution.rules import EvolutionState


def render_components_svg(state: EvolutionState) -> str:
    """The deck of the game: every card by era, coloured by family, prerequisite arrows."""
    return render_deck_svg(state.deck)


def render_text(state: EvolutionState) -> str:
    """What a spectator sees, as text: the tree by era (Explore) or the pile's top card
    (Bluff), the reserve, discards, hands and scores."""
    view = state.view(None)
    deck = state.deck
    name = {card.id: card.name_fr for card in deck.cards}
    turn = "" if view["turn"] is None else f", turn {view['turn']}"
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
        lines.append(f"pile: {pile['size']} cards, top: {shown}")
    lines.append("reserve: " + (", ".join(name.get(c, c) for c in view["reserve"]) or "-"))
    lines.append(f"draw pile: {view['draw_pile']} cards")
    for seat, hand in enumerate(view["hands"]):
        discards = view["discards"][seat]
        lines.append(
            f"seat {seat}: score {view['scores'][seat]}, {hand['count']} in hand, "
            f"discards: {', '.join(name.get(c, c) for c in discards) or '-'}"
        )
    if view["winners"]:
        lines.append("winners: " + ", ".join(f"seat {s}" for s in view["winners"]))
    return "\n".join(lines) + "\n"


def render_svg(state: EvolutionState) -> str:
    """Not drawn yet (see the module's docstring)."""
    raise TerranovaError(
        "a picture of a Discovery (evolution) game is not drawn yet; use the text view "
        "(render without --out) or draw the deck with --deck"
    )
