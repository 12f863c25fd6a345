"""A tournament's results on disk: ``results.json`` and PNG plots (matplotlib's Agg
renderer, no display needed).

- ``ratings.png``: each bot's Bradley-Terry rating with its 95 % interval;
- ``scores.png``: each bot's final scores (box plot with every game as a dot);
- ``pairwise.png``: how often the row bot outscored the column bot.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from terranova.arena.tournament import TournamentResult


def _title(result: TournamentResult) -> str:
    config = result.config
    return f"{config.game}, {config.players} players, {result.games} games (seed {config.seed})"


def _save(figure: Figure, path: Path) -> Path:
    FigureCanvasAgg(figure)
    figure.savefig(path, dpi=110)
    return path


def plot_ratings(result: TournamentResult, path: Path) -> Path:
    """Ratings with their intervals, best at the top."""
    ratings = result.ratings or result.compute_ratings()
    order = sorted(range(len(ratings)), key=lambda i: ratings[i].rating)
    labels = [result.bots[i].label for i in order]
    values = [ratings[i].rating for i in order]
    low = [ratings[i].rating - ratings[i].low for i in order]
    high = [ratings[i].high - ratings[i].rating for i in order]
    finite = all(math.isfinite(v) for v in low + high)
    figure = Figure(figsize=(7.0, 1.2 + 0.55 * len(labels)), layout="constrained")
    axes = figure.add_subplot()
    axes.errorbar(
        values,
        range(len(labels)),
        xerr=[low, high] if finite else None,
        fmt="o",
        color="tab:blue",
        ecolor="tab:gray",
        capsize=4,
    )
    axes.set_yticks(range(len(labels)), labels)
    axes.axvline(0.0, color="black", linewidth=0.6)
    axes.set_xlabel("Bradley-Terry rating (Elo scale, mean 0) with its 95 % interval")
    axes.set_title(_title(result), fontsize=10)
    axes.grid(axis="x", alpha=0.3)
    return _save(figure, path)


def plot_scores(result: TournamentResult, path: Path) -> Path:
    """Every bot's final scores: a box plot with the games as dots."""
    labels = [b.label for b in result.bots]
    data = [b.scores for b in result.bots]
    figure = Figure(figsize=(max(5.0, 1.6 * len(labels) + 2.0), 4.5), layout="constrained")
    axes = figure.add_subplot()
    axes.boxplot(data, showmeans=True)
    axes.set_xticks(range(1, len(labels) + 1), labels, rotation=15 if len(labels) > 3 else 0)
    for i, scores in enumerate(data, start=1):
        n = len(scores)
        xs = [i + 0.25 * ((k * 0.618034) % 1.0 - 0.5) for k in range(n)]  # spread, no RNG
        axes.scatter(xs, scores, s=6, alpha=0.35, color="tab:blue")
    axes.set_ylabel("final score")
    axes.set_title(f"Scores: {_title(result)}", fontsize=10)
    axes.grid(axis="y", alpha=0.3)
    return _save(figure, path)


def plot_pairwise(result: TournamentResult, path: Path) -> Path:
    """The pairwise table as a heat map."""
    table = result.pairwise()
    labels = [b.label for b in result.bots]
    m = len(labels)
    grid = [
        [math.nan if cell is None or cell["win_rate"] is None else cell["win_rate"] for cell in row]
        for row in table
    ]
    figure = Figure(figsize=(2.0 + 1.1 * m, 1.5 + 0.9 * m), layout="constrained")
    axes = figure.add_subplot()
    image = axes.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdBu")
    axes.set_xticks(range(m), labels, rotation=30, ha="right")
    axes.set_yticks(range(m), labels)
    for i in range(m):
        for j in range(m):
            if not math.isnan(grid[i][j]):
                color = "white" if abs(grid[i][j] - 0.5) > 0.3 else "black"
                axes.text(j, i, f"{100 * grid[i][j]:.0f}%", ha="center", va="center", color=color)
    figure.colorbar(image, ax=axes, label="row bot outscored column bot")
    axes.set_title(f"Pairwise: {_title(result)}", fontsize=10)
    return _save(figure, path)


def write_plots(result: TournamentResult, directory: Path) -> list[Path]:
    """Write every plot into ``directory``; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    return [
        plot_ratings(result, directory / "ratings.png"),
        plot_scores(result, directory / "scores.png"),
        plot_pairwise(result, directory / "pairwise.png"),
    ]


def write_results(result: TournamentResult, directory: str | Path) -> list[Path]:
    """Write ``results.json`` and the PNG plots into ``directory``; returns their paths."""
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    path = target / "results.json"
    path.write_text(json.dumps(result.to_dict(), indent=1) + "\n", encoding="utf-8")
    return [path, *write_plots(result, target)]
