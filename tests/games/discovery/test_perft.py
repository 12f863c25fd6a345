"""Perft-style counts of The Discovery's legal moves, stored in tests/data.

``tests/data/discovery_perft.json`` holds a few seeded random games with the number of
legal moves at every decision (placements, follower moves) and, at a few positions, the
number of whole turns (placement, then follower move: a depth-2 perft). The counts were
made ONCE by ``generate()`` below, from the brute-force counters of this module and
``reference.py`` (every empty square next to the map, every rotation, identical-looking
rotations once, edges checked; follower moves from a flood fill), never from
``legal_actions()``. Regenerate (only when the rules or the tile file change on purpose):

    .venv/bin/python -m tests.games.discovery.test_perft
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from terranova.core.registry import make
from terranova.core.state import CHANCE
from terranova.games.discovery.actions import PASS, Deploy, Place, Remove
from terranova.games.discovery.rules import DiscoveryState
from tests.games.discovery.reference import Map, brute_force_placements

DATA = Path(__file__).resolve().parents[2] / "data" / "discovery_perft.json"

GAMES: list[dict[str, Any]] = [
    {"params": {"players": 2}, "seed": 1},
    {"params": {"players": 3}, "seed": 2},
    {"params": {"players": 4, "hand": 2}, "seed": 3},
    {"params": {"players": 5, "hand": 2, "hand_visibility": "private", "equal_turns": "exact"},
     "seed": 4},
]  # fmt: skip
PERFT2_EVERY = 20  # a depth-2 count at every 20th placement decision


# ----------------------------------------------------------------- brute force


def hand_of(state: DiscoveryState, seat: int) -> list[str]:
    return list(state.view(seat)["hands"][seat]["tiles"])


def placements_by_brute_force(state: DiscoveryState) -> list[str]:
    seat = state.current_player()
    found = brute_force_placements(state.tileset, state.placements(), hand_of(state, seat))
    return sorted(str(Place(d, x, y, r)) for d, x, y, r in found)


def follower_moves_by_brute_force(
    state: DiscoveryState, placements: list[tuple[int, int, str, int]] | None = None
) -> list[str]:
    """Step 2 after the last tile of ``placements`` (default: the map): deploy on a
    region of that tile whose territory holds no follower (if the supply is not empty),
    remove one of your followers, or pass."""
    view = state.view(None)
    placements = state.placements() if placements is None else placements
    seat = view["turn_of"]
    ref = Map(state.tileset, placements)
    occupied = {id(ref.territory(f["x"], f["y"], f["region"])) for f in view["followers"]}
    x, y, design_id, _ = placements[-1]
    moves = []
    if view["supply"][seat] > 0:
        regions = len(state.tileset.designs[state.tileset.index(design_id)].regions)
        for region in range(regions):
            if id(ref.territory(x, y, region)) not in occupied:
                moves.append(str(Deploy(region)))
    for f in view["followers"]:
        if f["seat"] == seat:
            moves.append(str(Remove(f["x"], f["y"], f["region"])))
    moves.append(str(PASS))
    return sorted(moves)


def turns_by_brute_force(state: DiscoveryState) -> int:
    """Depth 2: every placement, then every follower move after it."""
    total = 0
    for text in placements_by_brute_force(state):
        place = state.parse_action(text)
        assert isinstance(place, Place)
        after = [*state.placements(), (place.x, place.y, place.design, place.rotation)]
        total += len(follower_moves_by_brute_force(state, after))
    return total


# ------------------------------------------------------------------- generation


def generate() -> dict[str, Any]:
    """Play each game choosing among the brute-force moves (chance: among the outcomes'
    texts, sorted), counting at every decision."""
    games = []
    for game in GAMES:
        state = make("discovery", **game["params"])
        assert isinstance(state, DiscoveryState)
        rng = random.Random(game["seed"])
        counts: list[list[Any]] = []
        perft2: list[list[int]] = []
        placing = 0
        while not state.is_terminal():
            ply = len(state.history())
            if state.current_player() == CHANCE:
                text = rng.choice(sorted(str(a) for a, _ in state.chance_outcomes()))
            elif state.view(None)["phase"] == "place":
                moves = placements_by_brute_force(state)
                counts.append([ply, "place", len(moves)])
                if placing % PERFT2_EVERY == 0:
                    perft2.append([ply, turns_by_brute_force(state)])
                placing += 1
                text = rng.choice(moves)
            else:
                moves = follower_moves_by_brute_force(state)
                counts.append([ply, "follower", len(moves)])
                text = rng.choice(moves)
            state.apply(state.parse_action(text))
        games.append(
            {
                "params": game["params"],
                "seed": game["seed"],
                "actions": [str(a) for a in state.history()],
                "counts": counts,
                "perft2": perft2,
            }
        )
    return {
        "about": (
            "Perft counts of The Discovery (built-in tile set). For each game: the actions "
            "played, then [ply, kind, number of legal moves] at every decision (ply = "
            "actions applied before it) and [ply, number of whole turns: placement x "
            "follower move] at some placement decisions."
        ),
        "generated_by": (
            "tests/games/discovery/test_perft.py generate(): brute force over every empty "
            "square next to the map x every rotation (identical-looking rotations once), "
            "edges checked; follower moves from a flood fill (reference.py); moves chosen "
            "with random.Random(seed) among the sorted brute-force moves, chance outcomes "
            "among the sorted outcome texts. legal_actions() was not called. Run: "
            ".venv/bin/python -m tests.games.discovery.test_perft"
        ),
        "games": games,
    }


# ------------------------------------------------------------------------- tests


def load() -> list[dict[str, Any]]:
    return list(json.loads(DATA.read_text(encoding="utf-8"))["games"])


def game_id(game: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in game["params"].items()) + f",seed={game['seed']}"


def test_the_data_covers_the_games() -> None:
    data = load()
    assert [(g["params"], g["seed"]) for g in data] == [(g["params"], g["seed"]) for g in GAMES]
    for game in data:
        assert len(game["counts"]) > 100
        assert game["perft2"]


@pytest.mark.parametrize("index", range(len(GAMES)), ids=[game_id(g) for g in GAMES])
def test_legal_move_counts_match_the_data_and_brute_force(index: int) -> None:
    game = load()[index]
    state = make("discovery", **game["params"])
    assert isinstance(state, DiscoveryState)
    counts = {ply: (kind, count) for ply, kind, count in game["counts"]}
    perft2 = dict(game["perft2"])
    for ply, text in enumerate(game["actions"]):
        if ply in counts:
            kind, expected = counts[ply]
            legal = sorted(str(a) for a in state.legal_actions())
            assert state.view(None)["phase"] == kind
            assert len(legal) == expected, f"ply {ply}: {kind}"
            brute = (
                placements_by_brute_force(state)
                if kind == "place"
                else follower_moves_by_brute_force(state)
            )
            assert len(brute) == expected
            assert legal == brute, f"ply {ply}"
        else:
            assert state.current_player() in (CHANCE,) or state.is_terminal()
        if ply in perft2:
            total = 0
            for place in state.legal_actions():
                child = state.clone()
                child.apply(place)
                total += len(child.legal_actions())
            assert total == perft2[ply]
        state.apply(state.parse_action(text))
    assert state.is_terminal()


if __name__ == "__main__":
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DATA}")
