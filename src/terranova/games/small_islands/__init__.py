"""Small Islands (Alexis Allard; Mushroom Games 2019), game id ``small-islands``.

Players lay landscape tiles whose edges and corners are land or sea into an archipelago,
build houses on islands that fulfil their objectives, and land ships where ports abound;
alone, a player takes on the automaton Alexis. ``docs/small-islands/`` has the rules, the
rulings and the components.
"""

from __future__ import annotations

from terranova.core.i18n import N_
from terranova.core.registry import GameInfo, Playthrough, Variant
from terranova.games.small_islands.components import Components
from terranova.games.small_islands.content import load_components
from terranova.games.small_islands.state import SmallIslandsState

RULES_VERSION = "2"


def new_game(
    players: int = 2,
    mode: str = "normal",
    alexis: int = 2,
    tokens: str = "add",
    start: str = "free",
    tiles: str | None = None,
    cards: str | None = None,
) -> SmallIslandsState:
    """A new game in its initial state (the registry's factory)."""
    return SmallIslandsState(
        load_components(tiles, cards),
        players=players,
        mode=mode,
        alexis=alexis,
        tokens=tokens,
        start=start,
        tiles=tiles,
        cards=cards,
    )


INFO = GameInfo(
    id="small-islands",
    name="Small Islands",
    min_seats=1,
    max_seats=4,
    default_seats=2,
    rules_version=RULES_VERSION,
    has_chance=True,
    has_hidden_information=True,
    factory=new_game,
    variants={
        "mode": Variant(
            "mode",
            "normal",
            N_(
                "normal (objective cards) or advanced (each round's objective built from a "
                "Mission card and a Reward card)"
            ),
            ("normal", "advanced"),
            note=(
                N_(
                    "Each round's objective: normal, an objective card; advanced, a Mission "
                    "card and a Reward card put together."
                )
            ),
            label=N_("Mode"),
        ),
        "alexis": Variant(
            "alexis",
            2,
            N_(
                "solo game (1 player): the stars of Alexis's card, 1 to 3 (ignored with more "
                "players)"
            ),
            (1, 2, 3),
            int,
            note=(
                N_(
                    "The solo game only: how strong Alexis, the automaton you play against, "
                    "is, from 1 to 3 stars."
                )
            ),
            label=N_("Alexis's strength"),
        ),
        "tokens": Variant(
            "tokens",
            "add",
            N_(
                "a resource bonus token lies on a printed resource of its kind and counts as "
                "one more (add: the rules summary), or on a printed resource of another kind, "
                "which it covers (cover: 'used to cover unwanted icons', one review)"
            ),
            ("add", "cover"),
            note=(
                N_(
                    "Where a resource bonus token goes: add, on a printed resource of its "
                    "kind, counting one more; cover, on a resource of another kind, which it "
                    "hides."
                )
            ),
            label=N_("Tokens"),
        ),
        "start": Variant(
            "start",
            "free",
            N_(
                "how the first player lays the 4 starting tiles: free (in any order, each on "
                "either side wherever it fits, as the rules say) or ordered (tile 1 first, "
                "then 2, 3 and 4; about half the layouts cannot be made that way)"
            ),
            ("free", "ordered"),
            note=(
                N_(
                    "How the first player lays the 4 starting tiles: free, in any order and "
                    "arrangement; ordered, tile 1 first, then 2, 3 and 4."
                )
            ),
            label=N_("Starting tiles"),
        ),
        "tiles": Variant("tiles", None, "path of another tile file (default: the built-in set)"),
        "cards": Variant("cards", None, "path of another card file (default: the built-in one)"),
    },
    bots="terranova.games.small_islands.bots",
    web="terranova.games.small_islands.web",
    messages="terranova.games.small_islands",
    renderer="terranova.games.small_islands.render",
    encoding="terranova.games.small_islands.encoding",
    native="terranova.games.small_islands.native_engine",
    aliases=("small_islands",),
    test_params=(
        {"players": 1, "alexis": 3, "mode": "advanced"},
        {"players": 3, "mode": "advanced", "tokens": "cover"},
        {"players": 4, "start": "ordered"},
    ),
    playthroughs=(
        Playthrough(
            "1p-alexis3-advanced",
            {"players": 1, "alexis": 3, "mode": "advanced"},
            seed=1,
            full=(0, 60),
            note="the solo game's set-up and first turns; the rest by action",
        ),
        Playthrough(
            "2p-normal", {"players": 2}, seed=2, full=(60, 110), note="the middle of a game"
        ),
        Playthrough(
            "4p-advanced-cover",
            {"players": 4, "mode": "advanced", "tokens": "cover"},
            seed=3,
            full=(170, None),
            note="the last turns and the end",
        ),
    ),
    description=N_(
        "Lay landscape tiles whose edges and corners must match into an archipelago, build "
        "houses on islands that fulfil your objectives, and land your ship where ports abound;"
        " alone, take on the automaton Alexis."
    ),
)

__all__ = [
    "INFO",
    "RULES_VERSION",
    "Components",
    "SmallIslandsState",
    "load_components",
    "new_game",
]
