"""Terranova: play and study tabletop games of exploration and discovery.

>>> import terranova
>>> state = terranova.make("discovery", players=3)
>>> state.num_seats
3
"""

from terranova.core import CHANCE, TERMINAL, games, make

__all__ = ["CHANCE", "TERMINAL", "games", "make"]
__version__ = "0.1.0"
