"""A bot worker process: rebuilds positions from a game's actions and answers bot
decisions, bounded by a server's limits. Light on purpose (the core, the registry and the
bots, no web stack), so that a worker starts quickly; the server's runner
(:mod:`terranova.server.bots`) starts and feeds it.

The protocol on the pipe: the worker sends ``("ready", None)`` once it has started, then
answers each :class:`BotJob` with ``("ok", action text)`` (for a job asking for advice,
``("ok", Advice.to_dict())``) or ``("error", reason)``. While a searching bot thinks about
a move, ``("best", action text)`` messages come before the answer: the move its search
would play at that point (every :data:`~terranova.agents.mcts.PROGRESS_SECONDS`), for a
server that cannot wait for the end; for advice, ``("best", Advice.to_dict())``, the
advice of the search so far (``complete`` False). A review of one decision answers
``("ok", Judged as a dict)``, or ``("ok", None)`` for a position without a choice.

A worker dies with the process that started it, at once, even mid-search: on Linux by the
parent-death signal, everywhere by its *lifeline*, a pipe from the parent whose end (the
parent is gone) a watching thread turns into an immediate exit.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from multiprocessing.connection import Connection
from typing import Any

from terranova.agents.advice import advise, judge, review_game
from terranova.agents.mcts import SearchAgent
from terranova.agents.registry import BotLimits, agent_kinds, make_agent
from terranova.core.actions import Action
from terranova.core.registry import make
from terranova.core.state import State

WORKER_POSITIONS = 16
"""Games whose last position a worker keeps."""


@dataclass(frozen=True)
class BotJob:
    """One decision: which bot, with which seed, on which game's position (given as the
    game's parameters and its effective actions, so that a worker can rebuild it)."""

    game_id: str
    game: str
    params: dict[str, Any]
    actions: tuple[str, ...]
    spec: str
    seed: int
    advice: bool = False
    """Answer the bot's advice (:func:`~terranova.agents.advice.advise`), not its move."""
    review: bool = False
    """Answer the bot's review of the whole game the actions play
    (:func:`~terranova.agents.advice.review`), not a move; with ``ply``, of that decision
    only (:func:`~terranova.agents.advice.judge`: the move ``actions[ply]`` played in the
    position of ``actions[:ply]``)."""
    ply: int | None = None
    seconds: float | None = None
    """How long the answer may take (None: a decision's deadline)."""
    creator: str | None = None
    """Who created the game (a digest of a client address; None: not known), for a server
    that shares its workers fairly between creators."""


def decide(
    spec: str,
    seed: int,
    state: State,
    bounds: BotLimits,
    progress: Callable[[Action], None] | None = None,
) -> Action:
    """A bot's decision on ``state``, its search (if any) cut short by ``bounds`` and
    telling ``progress`` of its best move so far."""
    agent = make_agent(spec, seed)
    if isinstance(agent, SearchAgent):
        agent.limit(bounds.max_seconds, bounds.max_nodes)
        agent.progress = progress
    return agent.select(state)


def fallback(state: State, seed: int) -> Action:
    """The move played for a bot that failed or ran out of time."""
    return make_agent("random", seed).select(state)


def worker_main(
    connection: Connection, bounds: BotLimits, memory_mb: int, lifeline: Connection, parent: int
) -> None:
    """A worker process: answers decisions until its pipe closes, and dies as soon as the
    process ``parent`` does (``lifeline``: the read end of a pipe only that process holds
    open)."""
    die_with(parent, lifeline)
    with contextlib.suppress(OSError):
        os.nice(5)  # the server process (people's moves, quick bots) comes first
    if memory_mb > 0:
        import resource

        limit = memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # the installed games and their bots (rollouts, greedy policies) are found and imported
    # before the worker says it is ready (its start is not counted in any job's time):
    # seconds on a busy machine, which a first job paid out of its deadline
    with contextlib.suppress(Exception):
        agent_kinds()
    positions: OrderedDict[str, tuple[tuple[str, ...], State]] = OrderedDict()
    try:
        connection.send(("ready", None))
    except OSError:
        return
    while True:
        try:
            job: BotJob = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            answer: tuple[str, Any]
            if job.review and job.ply is not None:
                ply = job.ply
                state = _position(positions, replace(job, actions=job.actions[:ply]))
                played = state.parse_action(job.actions[ply])
                one = judge(state, played, ply, job.spec, job.seed, bounds, _reporter(connection))
                answer = ("ok", None if one is None else asdict(one))
            elif job.review:
                judged = review_game(job.game, job.params, job.actions, job.spec, job.seed, bounds)
                answer = ("ok", [asdict(j) for j in judged])
            elif job.advice:
                state = _position(positions, job)
                told = advise(
                    state.clone(),
                    job.spec,
                    job.seed,
                    bounds,
                    progress=lambda so_far: connection.send(("best", so_far.to_dict())),
                )
                answer = ("ok", told.to_dict())
            else:
                state = _position(positions, job)
                move = decide(job.spec, job.seed, state.clone(), bounds, _reporter(connection))
                answer = ("ok", str(move))
        except MemoryError:
            positions.clear()
            answer = ("error", "out of memory")
        except Exception as exc:  # the server plays a random move and logs it
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            connection.send(answer)
        except (OSError, KeyboardInterrupt):
            return


def _reporter(connection: Connection) -> Callable[[Action], None]:
    """A search's progress hook: each best move so far, sent to the server."""

    def report(action: Action) -> None:
        connection.send(("best", str(action)))

    return report


def die_with(parent: int, lifeline: Connection) -> None:
    """End this process at once when ``parent`` ends (module doc)."""
    if sys.platform == "linux":
        import ctypes
        import signal

        pr_set_pdeathsig = 1
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # gone before the signal was asked for
        os._exit(0)

    def watch() -> None:
        with contextlib.suppress(Exception):
            lifeline.recv_bytes()  # nothing is ever sent: this returns at the pipe's end
        os._exit(0)

    threading.Thread(target=watch, name="terranova-lifeline", daemon=True).start()


def _position(positions: OrderedDict[str, tuple[tuple[str, ...], State]], job: BotJob) -> State:
    """The position of ``job``, from the last one kept for its game when it leads there."""
    kept = positions.pop(job.game_id, None)
    done: Sequence[str] = ()
    if kept is not None and job.actions[: len(kept[0])] == kept[0]:
        done, state = kept
    else:
        state = make(job.game, **job.params)
    for text in job.actions[len(done) :]:
        state.apply(state.parse_action(text))
    positions[job.game_id] = (job.actions, state)
    while len(positions) > WORKER_POSITIONS:
        positions.popitem(last=False)
    return state
