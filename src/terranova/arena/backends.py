"""A tournament's backend by its name (``terranova tournament --backend``): ``local``
processes or Ray tasks. The backends do not know each other; this module, above both, picks
one and :func:`terranova.arena.tournament.run_tournament` is handed it.

>>> deal_backend("local").name
'local'
>>> deal_backend("cloud")
Traceback (most recent call last):
...
terranova.core.errors.InvalidParameterError: backend is one of local, ray, not 'cloud'
"""

from __future__ import annotations

from terranova.arena.ray_backend import RayBackend
from terranova.arena.tournament import LOCAL, DealBackend
from terranova.core.errors import InvalidParameterError

BACKENDS = ("local", "ray")


def deal_backend(name: str, address: str | None = None) -> DealBackend:
    """The backend called ``name``; ``address`` (an existing Ray cluster) goes with ``ray``
    only."""
    if name not in BACKENDS:
        raise InvalidParameterError(f"backend is one of {', '.join(BACKENDS)}, not {name!r}")
    if address is not None and name != "ray":
        raise InvalidParameterError("--address names a Ray cluster: use it with --backend ray")
    return RayBackend(address) if name == "ray" else LOCAL
