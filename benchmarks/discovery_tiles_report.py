"""Figures of a tile set of The Discovery, and the spread of random games' scores.

    .venv/bin/python benchmarks/discovery_tiles_report.py [--games N] [--tileset PATH] [--seed S]

Prints the number of designs and tiles, the share of edges per terrain, the port
cities by land terrain, the regions by terrain, the designs per layout family
(every figure counts each copy of a design unless it says "designs"), then the
final scores of random games (every seat picks uniformly among the legal
actions) for 2 and 4 players. Games are played through the public API only:
``terranova.make``, ``legal_actions``, ``sample_chance``, ``apply``, ``returns``.
The figures are in ``docs/discovery/tiles.md``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Sequence

import terranova
from terranova.core.errors import TerranovaError
from terranova.games.discovery import Design, DiscoveryState, Terrain, TileSet

TERRAINS = tuple(Terrain)


def family(design: Design) -> str:
    """The layout family of a design: how its regions split the four edges."""
    owned = sorted((r for r in design.regions if r.edges), key=lambda r: len(r.edges))
    sizes = [len(r.edges) for r in owned]
    centre = sum(1 for r in design.regions if not r.edges)
    if sizes == [4]:
        name = "one region on all four edges"
    elif sizes == [1, 3]:
        name = "one edge + three edges"
    elif sizes == [2, 2]:
        name = "two regions of two adjacent edges"
    elif sizes == [1, 1, 2]:
        a, b = owned[2].edges
        name = (
            "strip: one edge / two opposite edges / one edge"
            if (b - a) % 4 == 2
            else "one edge / one edge / two adjacent edges"
        )
    elif sizes == [1, 1, 1, 1]:
        name = "four single edges"
    else:
        name = "other (" + " + ".join(map(str, sizes)) + " edges)"
    if centre:
        name += f" around {centre} centre region{'s' if centre > 1 else ''}"
    return name


def percent(part: int, whole: int) -> str:
    return f"{part:4d} / {whole} = {100 * part / whole:5.1f}%"


def tile_figures(tileset: TileSet) -> list[str]:
    designs = tileset.designs
    out = [
        f"tile set: {tileset.name} ({tileset.source})",
        f"designs: {len(designs)}, tiles: {tileset.total} (start tile included)",
        "",
        "edges by terrain (each tile copy counted):",
    ]
    edges: Counter[Terrain] = Counter()
    for design in designs:
        for region in design.regions:
            edges[region.terrain] += len(region.edges) * design.count
    total_edges = 4 * tileset.total
    for terrain in TERRAINS:
        out.append(f"  {terrain.label:<10} {percent(edges[terrain], total_edges)}")

    out.append("")
    cities_tiles: Counter[Terrain] = Counter()
    cities_designs: Counter[Terrain] = Counter()
    for design in designs:
        for land, _ in design.cities:
            cities_tiles[design.regions[land].terrain] += design.count
            cities_designs[design.regions[land].terrain] += 1
    ports_per_tile = Counter(len(d.cities) for d in designs for _ in range(d.count))
    out.append(
        f"port cities: {sum(cities_tiles.values())} on the tiles "
        f"({sum(cities_designs.values())} on the designs)"
    )
    for terrain in (Terrain.MOUNTAIN, Terrain.GRASSLAND):
        out.append(
            f"  on a {terrain.label} shore: {cities_tiles[terrain]} "
            f"({cities_designs[terrain]} on the designs)"
        )
    out.append(
        "  tiles with 0/1/2/more ports: "
        + " / ".join(str(ports_per_tile[k]) for k in (0, 1, 2))
        + f" / {sum(v for k, v in ports_per_tile.items() if k > 2)}"
    )

    out.append("")
    regions_tiles: Counter[Terrain] = Counter()
    regions_designs: Counter[Terrain] = Counter()
    for design in designs:
        for region in design.regions:
            regions_tiles[region.terrain] += design.count
            regions_designs[region.terrain] += 1
    out.append(
        f"regions: {sum(regions_tiles.values())} on the tiles "
        f"({sum(regions_designs.values())} on the designs)"
    )
    for terrain in TERRAINS:
        out.append(
            f"  {terrain.label:<10} {regions_tiles[terrain]:4d} "
            f"({regions_designs[terrain]} on the designs)"
        )

    out.append("")
    out.append("layout families: designs / tiles: ids")
    families: dict[str, list[Design]] = {}
    for design in designs:
        families.setdefault(family(design), []).append(design)
    # fewest regions first, then in file order
    for name, members in sorted(families.items(), key=lambda item: len(item[1][0].regions)):
        tiles = sum(d.count for d in members)
        ids = " ".join(d.id for d in members)
        out.append(f"  {name}: {len(members)} / {tiles}: {ids}")
    return out


def random_game(players: int, rng: random.Random, tileset: str | None) -> list[float]:
    """Final scores of one game where every seat plays a uniformly random legal action."""
    state = terranova.make("discovery", players=players, tileset=tileset)
    while not state.is_terminal():
        if state.current_player() == terranova.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return list(state.returns())


def spread(label: str, values: Sequence[float]) -> str:
    q1, median, q3 = statistics.quantiles(values, n=4)
    return (
        f"  {label:<8} mean {statistics.fmean(values):5.1f}  stdev {statistics.stdev(values):4.1f}"
        f"  min {min(values):3.0f}  Q1 {q1:5.1f}  median {median:5.1f}  Q3 {q3:5.1f}"
        f"  max {max(values):3.0f}"
    )


def score_figures(games: int, tileset: str | None, seed: int) -> list[str]:
    out = [
        f"random games: {games} per player count, every seat uniformly random among "
        f"the legal actions, seed {seed}"
    ]
    for players in (2, 4):
        winners: list[float] = []
        everyone: list[float] = []
        shared = 0
        for game in range(games):
            rng = random.Random(f"discovery-{seed}-{players}-{game}")
            scores = random_game(players, rng, tileset)
            best = max(scores)
            winners.append(best)
            everyone.extend(scores)
            shared += scores.count(best) > 1
        out.append(f"{players} players ({games} games, {shared} with a shared win), final scores:")
        out.append(spread("winner", winners))
        out.append(spread("all", everyone))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="random games per player count")
    parser.add_argument("--tileset", default=None, help="a tile file (default: the built-in set)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    args = parser.parse_args(argv)
    try:
        state = terranova.make("discovery", tileset=args.tileset)
    except TerranovaError as exc:
        parser.exit(2, f"error: {exc}\n")
    assert isinstance(state, DiscoveryState)
    lines = tile_figures(state.tileset)
    if args.games >= 2:  # quartiles need two games
        lines.append("")
        lines.extend(score_figures(args.games, args.tileset, args.seed))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
