"""The Discovery (Hans im Glück 2005, Leo Colovini; Carcassonne system), game id ``discovery``."""

from __future__ import annotations

from terranova.core.i18n import N_
from terranova.core.registry import GameInfo, Playthrough, Variant
from terranova.games.discovery.actions import (
    PASS,
    Deploy,
    DiscoveryAction,
    Draw,
    Pass,
    Place,
    Remove,
    SetAside,
    parse_action,
)
from terranova.games.discovery.content import discovery_game, load_tileset
from terranova.games.discovery.game import DiscoveryGame
from terranova.games.discovery.rules import DiscoveryState
from terranova.games.discovery.rules import new_game as new_state
from terranova.games.discovery.tiles import Design, Region, Terrain, TileSet

RULES_VERSION = "1"


def new_game(
    players: int = 2,
    hand: int = 1,
    hand_visibility: str = "public",
    equal_turns: str = "off",
    tileset: str | None = None,
) -> DiscoveryState:
    """A new game in its initial state (the registry's factory)."""
    return new_state(discovery_game(players, hand, hand_visibility, equal_turns, tileset))


INFO = GameInfo(
    id="discovery",
    name="The Discovery",
    min_seats=2,
    max_seats=5,
    default_seats=2,
    rules_version=RULES_VERSION,
    has_chance=True,
    has_hidden_information=True,
    factory=new_game,
    variants={
        "hand": Variant(
            "hand",
            1,
            N_("tiles in hand: 1 (rulebook) or 2 (variant drawing rule)"),
            (1, 2),
            int,
            note=N_("How many tiles you hold: 1, or 2 to choose which one to lay."),
            label=N_("Hand"),
        ),
        "hand_visibility": Variant(
            "hand_visibility",
            "public",
            N_("with 2 tiles in hand: public (rulebook, face up) or private (wiki, face down)"),
            ("public", "private"),
            note=N_(
                "With 2 tiles in hand: public, everyone sees the tiles you hold; private, only"
                " you see them."
            ),
            label=N_("Hand visibility"),
        ),
        "equal_turns": Variant(
            "equal_turns",
            "off",
            N_(
                "tiles removed face up at setup: off; rulebook (1/2/3/1 for 2/3/4/5 players); "
                "exact (83 mod players, so every player gets the same turns)"
            ),
            ("off", "rulebook", "exact"),
            note=N_(
                "Tiles put aside at the start so that the game ends after a full round: off, "
                "none; rulebook, 1, 2, 3 or 1 with 2, 3, 4 or 5 players; exact, as many as it "
                "takes for every player to get the same number of turns."
            ),
            label=N_("Equal turns"),
        ),
        "tileset": Variant(
            "tileset", None, "path of another tile file (default: the built-in set)"
        ),
    },
    renderer="terranova.games.discovery.render",
    native="terranova.games.discovery.native_engine",
    encoding="terranova.games.discovery.encoding",
    web="terranova.games.discovery.web",
    messages="terranova.games.discovery",
    test_params=(
        {"players": 3, "hand": 2, "hand_visibility": "private"},
        {"players": 5, "hand": 2, "hand_visibility": "private", "equal_turns": "exact"},
        {"players": 4, "hand": 2, "hand_visibility": "public", "equal_turns": "rulebook"},
        {"players": 2, "hand": 2, "hand_visibility": "private", "equal_turns": "rulebook"},
    ),
    playthroughs=(
        Playthrough(
            "2p-hand2-private-exact",
            {"players": 2, "hand": 2, "hand_visibility": "private", "equal_turns": "exact"},
            seed=1,
            full=(0, 90),
            note="the whole game in full would make about 3 MB",
        ),
        Playthrough(
            "3p-rulebook",
            {"players": 3, "equal_turns": "rulebook"},
            seed=2,
            full=(220, None),
            note="the end of a game; the whole game in full would make about 4 MB",
        ),
        Playthrough(
            "5p-hand2-public",
            {"players": 5, "hand": 2, "hand_visibility": "public"},
            seed=3,
            full=(0, 40),
            note="the whole game in full would make about 6 MB",
        ),
    ),
    description=N_(
        "Lay tiles of mountain, grassland and sea; deploy followers and score territories when"
        " you take them back."
    ),
)

__all__ = [
    "INFO",
    "PASS",
    "RULES_VERSION",
    "Deploy",
    "Design",
    "DiscoveryAction",
    "DiscoveryGame",
    "DiscoveryState",
    "Draw",
    "Pass",
    "Place",
    "Region",
    "Remove",
    "SetAside",
    "Terrain",
    "TileSet",
    "load_tileset",
    "new_game",
    "parse_action",
]
