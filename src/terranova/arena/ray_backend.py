"""Tournament deals as Ray tasks (``pip install 'terranova[ray]'``).

One task per deal, running :func:`terranova.arena.tournament.play_deal_from_data`, so the
results are
those of the local backend for the same seed. Without an address a private Ray is started
for the run on this machine only (``num_cpus=workers``, no dashboard, bound to 127.0.0.1,
usage statistics off) and shut down after it; with an address (``auto``, ``HOST:PORT``) the
tasks go to that running cluster, whose nodes need this version of Terranova installed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

from terranova.arena.tournament import DealResult, TournamentConfig, play_deal_from_data
from terranova.core.errors import TerranovaError

RAY_MISSING = (
    "the ray backend needs Ray, which is not installed: pip install 'terranova[ray]' "
    "(or use --backend local)"
)


LOOPBACK_ONLY = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
"""Ray binds its servers to the node's address, which it takes from the network (even when
told 127.0.0.1) unless multi-machine clusters are off: then it is the loopback address."""


def _import_ray() -> Any:
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise TerranovaError(RAY_MISSING) from None
    return ray


@contextmanager
def _loopback_only() -> Iterator[None]:
    """Make a Ray started here listen on 127.0.0.1 only (its processes inherit this)."""
    before = os.environ.get(LOOPBACK_ONLY)
    os.environ[LOOPBACK_ONLY] = "0"
    constants: Any = sys.modules.get("ray._private.ray_constants")
    flag = getattr(constants, "ENABLE_RAY_CLUSTER", None)
    if constants is not None:  # Ray imported already: it read the variable then
        constants.ENABLE_RAY_CLUSTER = False
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(LOOPBACK_ONLY, None)
        else:
            os.environ[LOOPBACK_ONLY] = before
        if constants is not None:
            constants.ENABLE_RAY_CLUSTER = flag


@dataclass(frozen=True)
class RayBackend:
    """A tournament's deals as Ray tasks (``run_tournament(config, workers,
    RayBackend(address))``): on a private Ray of ``workers`` CPUs, or on the running cluster
    at ``address``."""

    address: str | None = None
    name: str = "ray"

    def deals(
        self, config: TournamentConfig, workers: int, stop: Callable[[], bool]
    ) -> Iterator[DealResult]:
        """Deal results as their tasks finish; at most twice as many deals in flight as there
        are CPUs, none submitted once ``stop()``."""
        with ExitStack() as stack:
            if self.address is None:
                stack.enter_context(_loopback_only())
            ray = _import_ray()
            yield from _run(ray, config, workers, self.address, stop)


def _run(
    ray: Any,
    config: TournamentConfig,
    workers: int,
    address: str | None,
    stop: Callable[[], bool],
) -> Iterator[DealResult]:
    started = False
    if not ray.is_initialized():
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        if address is None:
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                _node_ip_address="127.0.0.1",
            )
        else:
            ray.init(address=address, log_to_driver=False)
        started = True
    pending: dict[Any, int] = {}
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers)) if address else workers
        window = 2 * max(1, cpus)
        task = ray.remote(num_cpus=1)(play_deal_from_data)
        payload = config.to_dict()
        next_deal = 0
        while next_deal < config.deals or pending:
            while next_deal < config.deals and len(pending) < window and not stop():
                pending[task.remote(payload, next_deal)] = next_deal
                next_deal += 1
            if not pending:
                return
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                del pending[ref]
                yield ray.get(ref)
            if stop():
                return
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
