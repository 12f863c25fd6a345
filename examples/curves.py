"""The learning curve the examples draw: one line of points, saved as a PNG."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def plot(
    points: Sequence[tuple[int, float]],
    out: Path,
    *,
    xlabel: str,
    ylabel: str,
    title: str,
    bounds: tuple[float, float] | None = None,
    level: float | None = None,
) -> None:
    """Draw ``points`` (x, y) into ``out``; ``level``: a grey line across at that y."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.5))
    xs, ys = zip(*points, strict=True)
    axes.plot(xs, ys, marker="o")
    if level is not None:
        axes.axhline(level, color="grey", linewidth=0.8)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    if bounds is not None:
        axes.set_ylim(*bounds)
    axes.set_title(title, fontsize=10)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=100)
    print(f"wrote {out}")
