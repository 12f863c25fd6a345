"""Many games at once, stepped by one call: ``terranova.vector.make(game, num_envs, seed)``
(:mod:`terranova.interop.vector`)."""

from terranova.interop.vector import Step, VectorGames, make, sub_seed

__all__ = ["Step", "VectorGames", "make", "sub_seed"]
