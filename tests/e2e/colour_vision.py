"""Colours as people with a colour blindness see them, for the boards' colour-blind tests:
Machado, Oliveira and Fernandes' (2009) simulations at full severity, on linear RGB (as
SVG's feColorMatrix works by default), CIELAB distances and lightness, and a page shown
through one of them for a screenshot.

>>> rgb("#0072b2"), rgb("rgb(0, 114, 178)"), rgb("#fff")
((0, 114, 178), (0, 114, 178), (255, 255, 255))
>>> round(lightness("#ffffff", "deuteranopia"))
100
"""

from __future__ import annotations

import itertools
import math
from typing import Any

SAFE_PALETTE = "localStorage.setItem('terranova.palette', 'safe')"
"""An init script that turns the colour-blind option on before a page loads."""

MACHADO = {
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Each colour blindness's matrix on linear RGB."""


def rgb(colour: str) -> tuple[int, int, int]:
    """``#abc``, ``#aabbcc`` or a computed style's ``rgb(1, 2, 3)`` as a triple."""
    colour = colour.strip()
    if colour.startswith("rgb"):
        r, g, b = (int(float(p)) for p in colour[colour.index("(") + 1 : -1].split(",")[:3])
        return r, g, b
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def seen(colour: str, deficiency: str) -> tuple[float, float, float]:
    """The linear RGB a person with ``deficiency`` sees for ``colour``."""
    lin = [_linear(c) for c in rgb(colour)]
    r, g, b = (
        max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin, strict=True))))
        for row in MACHADO[deficiency]
    )
    return r, g, b


def luminance(colour: str, deficiency: str) -> float:
    """Relative luminance (Y) as seen with ``deficiency``."""
    r, g, b = seen(colour, deficiency)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str, deficiency: str) -> float:
    """The contrast ratio of two colours as seen with ``deficiency`` (1 to 21)."""
    la, lb = sorted((luminance(a, deficiency), luminance(b, deficiency)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _f(t: float) -> float:
    return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116


def lab(colour: str, deficiency: str) -> tuple[float, float, float]:
    """CIELAB (D65) of ``colour`` as seen with ``deficiency``."""
    r, g, b = seen(colour, deficiency)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    return 116 * _f(y) - 16, 500 * (_f(x) - _f(y)), 200 * (_f(y) - _f(z))


def lightness(colour: str, deficiency: str) -> float:
    """CIE L* of ``colour`` as seen with ``deficiency``."""
    return lab(colour, deficiency)[0]


def apart(colours: dict[str, str], least: float) -> None:
    """Every two of ``colours`` differ by at least ``least`` (CIELAB distance) with each
    colour blindness."""
    for name in MACHADO:
        labs = {k: lab(v, name) for k, v in colours.items()}
        for a, b in itertools.combinations(labs, 2):
            distance = math.dist(labs[a], labs[b])
            assert distance >= least, f"{a} and {b} look alike with {name}: {distance:.1f}"


def show_as(page: Any, deficiency: str) -> None:
    """Show the whole page as a person with ``deficiency`` sees it (an SVG filter on the
    root), for a screenshot."""
    values = " ".join(" ".join(str(v) for v in row) + " 0 0" for row in MACHADO[deficiency])
    page.evaluate(
        """([name, values]) => {
            const ns = "http://www.w3.org/2000/svg";
            const svg = document.createElementNS(ns, "svg");
            svg.setAttribute("style", "position:absolute;width:0;height:0");
            svg.innerHTML = `<filter id="cvd-${name}" color-interpolation-filters="linearRGB">` +
              `<feColorMatrix type="matrix" values="${values} 0 0 0 1 0"/></filter>`;
            document.body.append(svg);
            document.documentElement.style.filter = `url(#cvd-${name})`;
        }""",
        [deficiency, values],
    )
