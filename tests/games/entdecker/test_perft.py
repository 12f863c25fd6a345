"""Perft-style counts of Entdecker's legal moves from fixed seeds, stored in
``data/perft.json``: a few seeded games with the number of legal actions at every decision
and, every 25th decision, the number of decision pairs (a depth-2 count, chance steps in
between drawn from the seed). Placements are also checked against a brute force written
from the rules alone (every square the ship may sail into, every rotation, each edge
against its neighbour, a white line where the ship enters, alike rotations once).
Regenerate only when the rules or the components change on purpose:

    python -m tests.games.entdecker.test_perft
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from terranova.core.state import CHANCE
from terranova.games.entdecker import new_game
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import Placing

DATA = Path(__file__).resolve().parent / "data" / "perft.json"
GAMES: list[dict[str, Any]] = [
    {"params": {"players": 2}, "seed": 1},
    {"params": {"players": 3, "natives": "scout"}, "seed": 2},
    {"params": {"players": 4, "setup": "variable", "tile_cap": 3}, "seed": 3},
]
DEPTH2_EVERY = 25


def brute_force_placements(g: EntdeckerState) -> list[str]:
    top = g.agenda[-1]
    assert isinstance(top, Placing)
    t = g.tables
    design = t.designs[top.design]
    view = g.view(None)
    laid = {(m["x"], m["y"]): t.designs[t.index[m["design"]]].edge_piece(m["rotation"])
            for m in view["map"]}  # fmt: skip
    turn = g.turn
    assert turn is not None
    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
    out = []
    for q, entry in turn.exits:
        x, y = t.grid.decode(q)
        if (x, y) in laid:
            continue
        seen = set()
        for r in range(4):
            if design.signature(r) in seen:
                continue
            seen.add(design.signature(r))
            if design.edge_lane(r)[entry] < 0:
                continue
            mine = design.edge_piece(r)
            ok = True
            for e, (dx, dy) in enumerate(steps):
                theirs = laid.get((x + dx, y + dy))
                if theirs is not None and (mine[e] >= 0) != (theirs[(e + 2) % 4] >= 0):
                    ok = False
            if ok:
                out.append(f"place {design.id} {x},{y} {r * 90}")
    return sorted(out)


def walk(params: dict[str, Any], seed: int) -> dict[str, Any]:
    g = new_game(**params)
    rng = random.Random(seed)
    counts: list[int] = []
    depth2: list[int] = []
    while not g.is_terminal():
        if g.current_player() == CHANCE:
            g.apply(g.sample_chance(rng))
            continue
        legal = g.legal_actions()
        counts.append(len(legal))
        if isinstance(g.agenda[-1], Placing):
            assert sorted(map(str, legal)) == brute_force_placements(g)
        if len(counts) % DEPTH2_EVERY == 0:
            total = 0
            for action in legal:
                child = g.clone()
                child.apply(action)
                sub = random.Random(seed)
                while child.current_player() == CHANCE:
                    child.apply(child.sample_chance(sub))
                total += len(child.legal_actions())
            depth2.append(total)
        g.apply(rng.choice(legal))
    return {"params": params, "seed": seed, "counts": counts, "depth2": depth2,
            "returns": list(g.returns())}  # fmt: skip


def generate() -> None:
    DATA.write_text(json.dumps([walk(c["params"], c["seed"]) for c in GAMES], indent=0) + "\n")


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_perft_counts(index: int) -> None:
    stored = json.loads(DATA.read_text())[index]
    case = GAMES[index]
    assert stored["params"] == case["params"] and stored["seed"] == case["seed"]
    assert walk(case["params"], case["seed"]) == stored


if __name__ == "__main__":
    generate()
