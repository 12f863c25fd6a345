"""The layouts of the starting tiles a game's set-up can make, by enumeration through the
protocol: every sequence of legal set-up decisions, positions with the same tiles on the
same squares (up to translation) merged. ``python -m tests.games.small_islands.layouts``
prints the figures docs/small-islands/rulings.md (ruling 4) quotes."""

from __future__ import annotations

from typing import Any

from terranova.core.state import CHANCE
from terranova.games.small_islands import new_game
from terranova.games.small_islands.actions import Place
from terranova.games.small_islands.state import SmallIslandsState

Laid = tuple[str, int, int, int]
"""A starting tile as laid: its side's design id (``S3b``), x, y, rotation."""
Layout = frozenset[Laid]
"""Starting tiles laid, moved so that the smallest x and the smallest y are 0."""


def normal(laid: frozenset[Laid]) -> Layout:
    """``laid`` moved so that its smallest x and smallest y are 0 (a layout up to
    translation)."""
    if not laid:
        return laid
    dx = min(x for _, x, _, _ in laid)
    dy = min(y for _, _, y, _ in laid)
    return frozenset((d, x - dx, y - dy, r) for d, x, y, r in laid)


def layouts(**params: Any) -> set[Layout]:
    """Every layout of the starting tiles that the set-up of a game with ``params`` can end
    with (the step after it is no longer "starting tiles")."""
    g = new_game(**params)
    level: dict[Layout, tuple[SmallIslandsState, frozenset[Laid]]] = {frozenset(): (g, frozenset())}
    done: set[Layout] = set()
    while level:
        below: dict[Layout, tuple[SmallIslandsState, frozenset[Laid]]] = {}
        for state, laid in level.values():
            for action in state.legal_actions():
                assert isinstance(action, Place)
                more = laid | {(action.design, action.x, action.y, action.rotation)}
                key = normal(more)
                if key in below or key in done:
                    continue
                child = state.clone()
                child.apply(action)
                if child.current_player() != CHANCE:  # still laying: the tiles come next
                    below[key] = (child, more)
                else:
                    done.add(key)
        level = below
    return done


def figures() -> dict[str, int]:
    """How many complete layouts each ``start`` variant reaches, and how many of the free
    ones the ordered one cannot make."""
    free = layouts(start="free")
    ordered = layouts(start="ordered")
    assert ordered <= free
    return {"free": len(free), "ordered": len(ordered), "free only": len(free - ordered)}


if __name__ == "__main__":
    found = figures()
    share = found["free only"] / found["free"]
    print(found, f"{share:.1%} of the free layouts cannot be made in number order")
