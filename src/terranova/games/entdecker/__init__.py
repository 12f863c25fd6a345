"""Entdecker (Klaus Teuber; Kosmos 2001, "Die neuen Entdecker"), game id ``entdecker``.

Ships sail out from the board's edge along white sea lanes, discover the tiles of a
12 x 8 map, and settle the islands they find; completed islands score by majority of
settlements, forts and scouts, and scouts go on to the chief huts in the jungle.
``docs/entdecker/`` has the rules, the rulings and the components.
"""

from __future__ import annotations

from terranova.core.i18n import N_
from terranova.core.registry import GameInfo, Playthrough, Variant
from terranova.games.entdecker.components import Components
from terranova.games.entdecker.content import load_components
from terranova.games.entdecker.state import EntdeckerState

RULES_VERSION = "3"


def new_game(
    players: int = 3,
    setup: str = "beginner",
    natives: str = "path",
    edge_costs: str = "printed",
    tile_cap: int = 0,
    island_tie: str = "active",
    tiebreak: str = "gold",
    frame: str = "closed",
    tiles: str | None = None,
    board: str | None = None,
) -> EntdeckerState:
    """A new game in its initial state (the registry's factory)."""
    return EntdeckerState(
        load_components(tiles, board),
        players=players,
        setup=setup,
        natives=natives,
        edge_costs=edge_costs,
        tile_cap=tile_cap,
        island_tie=island_tie,
        tiebreak=tiebreak,
        frame=frame,
        tiles=tiles,
        board=board,
    )


INFO = GameInfo(
    id="entdecker",
    name="Entdecker",
    min_seats=2,
    max_seats=4,
    default_seats=3,
    rules_version=RULES_VERSION,
    has_chance=True,
    has_hidden_information=True,
    factory=new_game,
    variants={
        "setup": Variant(
            "setup",
            "beginner",
            N_(
                "the tiles on the board at the start: the fixed beginner set-up, or a variable"
                " one drawn at random"
            ),
            ("beginner", "variable"),
            note=(
                N_(
                    "The tiles on the board at the start: the same beginner layout in every "
                    "game, or a layout drawn at random."
                )
            ),
            label=N_("Starting layout"),
        ),
        "natives": Variant(
            "natives",
            "path",
            N_(
                "friendly natives: a free scout onto a jungle path (a rules summary of the "
                "2001 game), or a free scout on the natives' land (the reference manual)"
            ),
            ("path", "scout"),
            note=(
                N_(
                    "What friendly natives give you: path, a free scout on a jungle path; "
                    "scout, a free scout on the natives' land."
                )
            ),
            label=N_("Natives"),
        ),
        "edge_costs": Variant(
            "edge_costs",
            "printed",
            N_(
                "start points: printed costs (bottom free, sides 1, top 2; two reviews) or all"
                " free (the reference manual)"
            ),
            ("printed", "free"),
            note=(
                N_(
                    "What it costs to start from the board's edge: printed, the costs on the "
                    "board (bottom free, sides 1, top 2); free, nothing anywhere."
                )
            ),
            label=N_("Edge costs"),
        ),
        "tile_cap": Variant(
            "tile_cap",
            0,
            N_("most tiles announced in a turn: 0 no limit, or 3 (one rules summary)"),
            (0, 3),
            int,
            note=N_("The most tiles you may announce in one turn: 0 for no limit, or 3."),
            label=N_("Tile cap"),
        ),
        "island_tie": Variant(
            "island_tie",
            "active",
            N_(
                "a tie for a place on an island: the player whose turn it is wins it, then "
                "turn order (the reference manual), or the tied players share it"
            ),
            ("active", "share"),
            note=(
                N_(
                    "When players tie for a place on an island: active, the player whose turn "
                    "it is takes it, then the next in turn order; share, the tied players "
                    "share it."
                )
            ),
            label=N_("Island tie"),
        ),
        "tiebreak": Variant(
            "tiebreak",
            "gold",
            N_("a tie at the end: most gold wins (the reference manual), or the win is shared"),
            ("gold", "shared"),
            note=(
                N_(
                    "A tie for the most points at the end: gold, the player with the most gold"
                    " wins; shared, the tied players share the win."
                )
            ),
            label=N_("Tiebreak"),
        ),
        "frame": Variant(
            "frame",
            "closed",
            N_(
                "which empty squares are enclosed (filled at the end of a turn): the board's "
                "edge counts as a side (closed), or a square on the edge, with its start "
                "point, never is (open); the sources are silent (ruling 21)"
            ),
            ("closed", "open"),
            note=(
                N_(
                    "Which empty squares count as enclosed, and are filled at the end of a "
                    "turn: closed, the board's edge closes a square as a tile would; open, a "
                    "square on the edge is never enclosed."
                )
            ),
            label=N_("Board edge"),
        ),
        "tiles": Variant("tiles", None, "path of another tile file (default: the built-in set)"),
        "board": Variant("board", None, "path of another board file (default: the built-in one)"),
    },
    renderer="terranova.games.entdecker.render",
    native="terranova.games.entdecker.native_engine",
    web="terranova.games.entdecker.web",
    messages="terranova.games.entdecker",
    bots="terranova.games.entdecker.bots",
    encoding="terranova.games.entdecker.encoding",
    test_params=(
        {"players": 2, "setup": "variable", "natives": "scout", "tile_cap": 3},
        {"players": 4, "island_tie": "share", "tiebreak": "shared", "edge_costs": "free"},
        {"players": 3, "setup": "variable", "natives": "scout", "island_tie": "share"},
        {"players": 3, "frame": "open"},
    ),
    playthroughs=(
        Playthrough(
            "3p-beginner",
            {"players": 3},
            seed=1,
            full=(0, 70),
            note="the start of a game; the whole game in full would make about 13 MB",
        ),
        Playthrough(
            "2p-variable-scout-cap3",
            {"players": 2, "setup": "variable", "natives": "scout", "tile_cap": 3},
            seed=2,
            full=(300, 350),
            note="the middle of a game; the whole game in full would make about 13 MB",
        ),
        Playthrough(
            "4p-share-shared-free",
            {"players": 4, "island_tie": "share", "tiebreak": "shared", "edge_costs": "free"},
            seed=3,
            full=(648, None),
            note="the last turns of a game; the whole game in full would make about 20 MB",
        ),
    ),
    description=N_(
        "Sail out along the white sea lanes, discover islands tile by tile, settle them with "
        "scouts, forts and settlements, and send scouts to the chiefs' huts."
    ),
)

__all__ = ["INFO", "RULES_VERSION", "Components", "EntdeckerState", "load_components", "new_game"]
