"""How random games of Entdecker come out, for docs/entdecker/components.md: game length,
points, islands scored, tiles on the board, from the records ``terranova simulate entdecker
--save-records DIR`` wrote.

    python -m tests.games.entdecker.report DIR [DIR ...]
    python -m tests.games.entdecker.report --sensible GAMES   # a plain scripted player
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

from terranova.core.actions import Action
from terranova.core.records import read, replay
from terranova.core.state import CHANCE
from terranova.games.entdecker import new_game
from terranova.games.entdecker.state import EntdeckerState


def summary(folder: Path) -> str:
    turns, points, islands, tiles, winners, huts = [], [], [], [], [], []
    players = 0
    for path in sorted(folder.glob("*.json")):
        state = replay(read(path))
        assert isinstance(state, EntdeckerState)
        players = state.num_seats
        view = state.view(None)
        turns.append(view["turns"])
        points.extend(view["points"])
        winners.append(max(view["points"]))
        islands.append(sum(1 for e in state.log if e.get("what") == "island"))
        huts.append(sum(e["points"] for e in state.log if e.get("what") == "hut"))
        tiles.append(len(view["map"]))

    def fig(values: list[int]) -> str:
        return f"{statistics.mean(values):.1f} (min {min(values)}, max {max(values)})"

    return (
        f"| {players} | {len(turns)} | {fig(turns)} | {fig(points)} | {fig(winners)} | "
        f"{fig(islands)} | {fig(huts)} | {fig(tiles)} |"
    )


def sensible(state: EntdeckerState, rng: random.Random) -> Action:
    """A plain player for judging the tile set (not a bot of the platform): the cheapest
    start, as many hidden tiles as leave gold for a fort, always draws, and ends with the
    strongest unit it can pay for on land."""
    legal = state.legal_actions()
    names = [str(a) for a in legal]
    step = state.view(None)["step"]
    gold = state.gold[state.current_player()]
    if step == "wheel":
        return legal[-1]
    if step == "start":

        def cost(text: str) -> int:
            parts = text.split()
            point = parts[1] if len(parts) == 2 else parts[4]
            tolls = len(parts[6].split(",")) if "toll" in parts else 0
            return state.edge_cost[state.tables.point_index[point]] + 2 * tolls

        best = min(map(cost, names))
        return rng.choice([a for a, t in zip(legal, names, strict=True) if cost(t) == best])
    if step == "announce":
        want = max(1, min(4, gold - 3))
        hidden = [a for a, t in zip(legal, names, strict=True) if t.endswith("hidden")]
        return (hidden or legal)[min(want, len(hidden or legal)) - 1]
    if step == "explore":
        if "draw" in names:
            return legal[names.index("draw")]
        takes = [a for a, t in zip(legal, names, strict=True) if t.startswith("take")]
        for action in takes:  # an open tile that fits
            child = state.clone()
            child.apply(action)
            if child.view(None)["step"] == "place":
                return action
        for kind in ("settlement", "fort", "scout"):
            units = [a for a, t in zip(legal, names, strict=True) if t.startswith(kind)]
            if units:
                return units[0]
        return legal[-1]
    return rng.choice(legal)


def play_sensible(players: int, games: int, seed: int) -> str:
    turns, points, islands, huts, tiles = [], [], [], [], []
    for k in range(games):
        state = new_game(players=players)
        rng = random.Random(seed * 1000 + k)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(sensible(state, rng))
        view = state.view(None)
        turns.append(view["turns"])
        points.extend(view["points"])
        islands.append(sum(1 for e in state.log if e.get("what") == "island"))
        huts.append(sum(e["points"] for e in state.log if e.get("what") == "hut"))
        tiles.append(len(view["map"]))

    def fig(values: list[int]) -> str:
        return f"{statistics.mean(values):.1f} (min {min(values)}, max {max(values)})"

    return (f"| {players} | {games} | {fig(turns)} | {fig(points)} | {fig(islands)} | "
            f"{fig(huts)} | {fig(tiles)} |")  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1:2] == ["--sensible"]:
        print("| players | games | turns | points per player | islands scored | "
              "hut points per game | tiles on the board |")  # fmt: skip
        print("|---|---|---|---|---|---|---|")
        for n in (2, 3, 4):
            print(play_sensible(n, int(sys.argv[2]), seed=3))
    else:
        print("| players | games | turns | points per player | winner's points | islands scored "
              "| hut points per game | tiles on the board |")  # fmt: skip
        print("|---|---|---|---|---|---|---|---|")
        for arg in sys.argv[1:]:
            print(summary(Path(arg)))
