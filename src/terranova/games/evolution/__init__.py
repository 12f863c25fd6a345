"""Discovery : le jeu de l'évolution (Cosys, Fabrizio Nastri), "Préhistoire" deck.

Two games on the same deck: ``evolution-explore`` (Discovery Explore, points) and
``evolution-bluff`` (Discovery Bluff, no points), 1 to 9 seats, any of them but one an
automaton, with the options of rule 2.3 (jokers, teams) as parameters.
"""

from __future__ import annotations

from collections.abc import Callable

from terranova.core.i18n import N_
from terranova.core.registry import GameInfo, Playthrough, Variant
from terranova.core.state import State
from terranova.games.evolution.actions import EvolutionAction, parse_action
from terranova.games.evolution.cards import Card, Deck, parse_deck
from terranova.games.evolution.content import load_deck
from terranova.games.evolution.rules import BLUFF, EXPLORE, EvolutionState

RULES_VERSION = "1"
BLUFF_RULES_VERSION = "3"
"""Bluff's own version: 3 since every game ends with no winner at the latest after
200 turns per seat and 200 more (ruling 49), where version 2 could go on for ever; 2 since
one player wins (the first hand emptied, ruling 41), where version 1 let every hand emptied
in the same settlement win."""


def _make(
    mode: str, players: int, automata: int, teams: int, jokers: int, deck: str | None
) -> EvolutionState:
    return EvolutionState(
        load_deck(deck),
        mode=mode,
        players=players,
        automata=automata,
        teams=teams,
        jokers=jokers,
        deck_param=deck,
    )


def new_explore(
    players: int = 4, automata: int = 0, teams: int = 0, jokers: int = 0, deck: str | None = None
) -> EvolutionState:
    """A new game of Discovery Explore (the registry's factory)."""
    return _make(EXPLORE, players, automata, teams, jokers, deck)


def new_bluff(
    players: int = 4, automata: int = 0, teams: int = 0, jokers: int = 0, deck: str | None = None
) -> EvolutionState:
    """A new game of Discovery Bluff (the registry's factory)."""
    return _make(BLUFF, players, automata, teams, jokers, deck)


def _variants() -> dict[str, Variant]:
    return {
        "automata": Variant(
            "automata",
            0,
            N_(
                "seats played by the automaton (rule 2.3): the last N seats; at least one seat"
                " is a person"
            ),
            None,
            int,
            note=(
                N_(
                    "How many seats, counted from the last, the automaton plays; at least one "
                    "seat is a person."
                )
            ),
            label=N_("Automata"),
        ),
        "teams": Variant(
            "teams",
            0,
            N_(
                "0 for no teams, or the number of teams: the players who are not automata sit "
                "alternately, seat s in team s mod N (rule 2.3)"
            ),
            None,
            int,
            note=(
                N_(
                    "0 to play each for yourself, or the number of teams: the players (not the"
                    " automaton) sit alternately, the first in team 1, the next in team 2, and"
                    " so on."
                )
            ),
            label=N_("Teams"),
        ),
        "jokers": Variant(
            "jokers",
            0,
            N_(
                "jokers shuffled blind into the draw pile after the deal (rule 2.3): 0 (the "
                "option is off) up to the deck's jokers (4 in Préhistoire)"
            ),
            None,
            int,
            note=(
                N_(
                    "How many jokers are shuffled face down into the draw pile after the deal:"
                    " 0 for none, up to 4 with the Préhistoire deck."
                )
            ),
            label=N_("Jokers"),
        ),
        "deck": Variant("deck", None, "path of another deck file (default: Préhistoire)"),
    }


def _info(
    game_id: str,
    name: str,
    factory: Callable[..., State],
    description: str,
    playthroughs: tuple[Playthrough, ...],
    aliases: tuple[str, ...] = (),
    rules_version: str = RULES_VERSION,
) -> GameInfo:
    mode = game_id.removeprefix("evolution-")
    """What the two games declare alike: seats, chance, hidden cards, Stop windows."""
    return GameInfo(
        id=game_id,
        name=name,
        min_seats=1,
        max_seats=9,
        default_seats=4,
        rules_version=rules_version,
        has_chance=True,
        has_hidden_information=True,
        has_response_windows=True,
        automaton_variant="automata",
        renderer="terranova.games.evolution.render",
        web="terranova.games.evolution.web",  # one board for both games
        messages="terranova.games.evolution",  # one catalog for both games too
        bots="terranova.games.evolution.bots",
        factory=factory,
        encoding=f"terranova.games.evolution.encoding.{mode}",
        native=f"terranova.games.evolution.native_{mode}",
        variants=_variants(),
        description=description,
        aliases=aliases,
        playthroughs=playthroughs,
        # the options the conformance suite does not vary (plain numbers), alone and
        # together; the first also runs under other hash seeds
        test_params=(
            {"players": 4, "teams": 2, "jokers": 4},
            {"players": 2, "automata": 1},
            {"players": 1, "jokers": 4},
            {"players": 4, "jokers": 4},
            {"players": 4, "teams": 2},
            {"players": 6, "teams": 3, "jokers": 2},
            {"players": 5, "automata": 2, "jokers": 4},
            {"players": 7, "automata": 3, "teams": 2, "jokers": 4},
            {"players": 9, "automata": 8, "jokers": 4},
        ),
    )


EXPLORE_INFO = _info(
    "evolution-explore",
    "Discovery: Explore",
    new_explore,
    N_(
        "Place discoveries in the tree in series of linked cards: 1, 2, 3... "
        "points per card of a series, 3 more for each special action."
    ),
    (
        Playthrough("2p", {"players": 2}, seed=1),
        Playthrough(
            "4p-jokers-automaton",
            {"players": 4, "jokers": 2, "automata": 1},
            seed=2,
            full=(0, 80),
            note="the whole game in full would make about 2.7 MB",
        ),
        Playthrough(
            "5p-teams-jokers",
            {"players": 5, "teams": 2, "jokers": 4, "automata": 1},
            seed=3,
            full=(170, None),
            note="the end of a game; the whole game in full would make about 2.7 MB",
        ),
    ),
    aliases=("evolution",),  # the game the rules describe first, and the deck's name
)
BLUFF_INFO = _info(
    "evolution-bluff",
    "Discovery: Bluff",
    new_bluff,
    N_(
        "Place discoveries on one pile, remember what is under it, bluff and "
        "say Stop! The first to empty their hand once the draw pile is empty wins."
    ),
    (
        Playthrough(
            "2p-jokers",
            {"players": 2, "jokers": 2},
            seed=1,
            full=(0, 150),
            note="the whole game in full would make about 1.4 MB",
        ),
        Playthrough(
            "4p-automaton-teams",
            {"players": 4, "automata": 1, "teams": 3, "jokers": 1},
            seed=2,
            full=(250, None),
            note="the end of a game; the whole game in full would make about 2.9 MB",
        ),
    ),
    rules_version=BLUFF_RULES_VERSION,
)

INFOS = (EXPLORE_INFO, BLUFF_INFO)
"""The two games this package declares (its entry point), ``evolution-explore`` and
``evolution-bluff``."""

__all__ = [
    "BLUFF",
    "BLUFF_INFO",
    "BLUFF_RULES_VERSION",
    "EXPLORE",
    "EXPLORE_INFO",
    "INFOS",
    "RULES_VERSION",
    "Card",
    "Deck",
    "EvolutionAction",
    "EvolutionState",
    "load_deck",
    "new_bluff",
    "new_explore",
    "parse_action",
    "parse_deck",
]
