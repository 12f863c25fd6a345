"""One move's pass through the server, counted: the stops it makes and the times the rules
clone and apply the game's state.

The move's *path*: every frame of ``terranova.server``, listed by ``sys.setprofile``, that
runs for the move: below the path's entry (``GameService.act``, or the WebSocket route's
``_handle``) on the stack, in a task started there, or in the store's thread while it
writes the move; leaving out comprehensions and generator expressions (part of the
function that holds them), functions with no source of their own (a dataclass's
``__init__``) and everything the listeners of the one ``moved`` event do once it fires.

A *stop* is a distinct function of ``terranova.server`` (its module and qualified name)
on that path that is entered from another module, or by the event loop or a thread (a
hand-off: a module's own helpers, called from within it, are part of its stop), and
the path's entry and the ``moved`` event themselves; in the store's thread, only the
store's method that the service calls (what it does inside its transaction is the
storage's own work). A clone or an apply counts when the game's state class's
``clone``/``apply`` is called on that same path (the listeners' own work left out: a
state message's undo check tries the decision on positions redrawn from what its seat
saw). The test prints every function entered, the stops marked, and who the event told.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import CodeType, FrameType
from typing import Any

from terranova.server import service as service_module
from terranova.server.routes import sockets

HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
MOST_STOPS = 8
INLINE = ("<genexpr>", "<listcomp>", "<dictcomp>", "<setcomp>")
EVENT = getattr(service_module.GameService, "moved", None) or getattr(
    service_module.GameService, "_changed", None
)
"""The one event a move fires: what it calls is the listeners' work, not counted."""


@dataclass
class Pass:
    """What one move entered."""

    stops: list[str] = field(default_factory=list)
    functions: list[str] = field(default_factory=list)
    told: list[str] = field(default_factory=list)
    clones: int = 0
    applies: int = 0


def _ours(frame: FrameType) -> bool:
    return str(frame.f_globals.get("__name__", "")).startswith("terranova.server")


def _code(function: Any) -> CodeType:
    return function.__code__  # type: ignore[no-any-return]


@contextmanager
def counted(api: Any, entry: Callable[..., Any], state_class: type) -> Iterator[Pass]:
    """Count what the calls of ``entry`` enter (module doc) while the block runs."""
    seen: Pass = Pass()
    names: dict[str, None] = {}
    handoffs: dict[str, None] = {}
    told: dict[str, None] = {}
    path_tasks: set[asyncio.Task[Any]] = set()
    loop_thread: list[int] = []
    entry_code = _code(entry)
    event_code = None if EVENT is None else _code(EVENT)
    store_threads: set[int] = set()

    def on_path(frame: FrameType | None) -> bool:
        """Whether ``frame`` is below the entry and not inside the listeners' work."""
        thread = threading.get_ident()
        found = thread in store_threads
        if not found and loop_thread and thread == loop_thread[0]:
            found = asyncio.current_task() in path_tasks
        first = True
        while frame is not None:
            if frame.f_code is event_code and not first:
                return False
            if frame.f_code is entry_code:
                found = True
            frame = frame.f_back
            first = False
        return found

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        code = frame.f_code
        if not module.startswith("terranova.server") or code.co_name in INLINE:
            return
        name = f"{module}.{code.co_qualname}"
        if code.co_filename.startswith("<"):  # generated (a dataclass's __init__): no source
            return
        if on_path(frame):
            names.setdefault(name)
            caller = frame.f_back
            if threading.get_ident() in store_threads:
                while caller is not None and not _ours(caller):
                    caller = caller.f_back
                if caller is None:  # the store's method: its own work is not counted
                    handoffs.setdefault(name)
            elif (
                caller is None
                or code is entry_code
                or code is event_code
                or caller.f_globals.get("__name__") != module
            ):
                handoffs.setdefault(name)
        elif frame.f_back is not None and frame.f_back.f_code is event_code:
            told.setdefault(name)

    original_clone, original_apply = state_class.clone, state_class.apply

    def clone(self: Any) -> Any:
        if on_path(sys._getframe(1)):
            seen.clones += 1
        return original_clone(self)

    def apply(self: Any, action: Any) -> Any:
        if on_path(sys._getframe(1)):
            seen.applies += 1
        return original_apply(self, action)

    service = api.service
    append = service.store.append

    def stored_append(*args: Any, **kwargs: Any) -> Any:
        """The store's write, its thread's functions listed too (all on the path)."""
        store_threads.add(threading.get_ident())
        sys.setprofile(profile)
        try:
            return append(*args, **kwargs)
        finally:
            sys.setprofile(None)
            store_threads.discard(threading.get_ident())

    def make_task(loop: Any, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        task = asyncio.Task(coro, loop=loop, **kwargs)
        if on_path(sys._getframe(1)):
            path_tasks.add(task)
        return task

    def install() -> None:
        loop_thread.append(threading.get_ident())
        asyncio.get_event_loop().set_task_factory(make_task)
        sys.setprofile(profile)

    def uninstall() -> None:
        sys.setprofile(None)
        asyncio.get_event_loop().set_task_factory(None)

    state_class.clone, state_class.apply = clone, apply  # type: ignore[method-assign]
    service.store.append = stored_append
    api.client.portal.call(install)
    try:
        yield seen
    finally:
        api.client.portal.call(uninstall)
        service.store.append = append
        state_class.clone, state_class.apply = original_clone, original_apply  # type: ignore[method-assign]
        seen.stops = list(handoffs)
        seen.functions = list(names)
        seen.told = list(told)


def _game(api: Any) -> tuple[str, list[str], Any]:
    created = api.create(HUMANS)
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    return game_id, tokens, api.client.portal.call(api.service.games.get, game_id)


def _quiet_move(api: Any, game_id: str, token: str) -> tuple[str, int]:
    """Seat 0's first legal move and the ply it is made at."""
    state = api.state(game_id, 0, token)
    return state["legal"][0], state["ply"]


def _report(label: str, seen: Pass, actions: int) -> None:
    print(
        f"\n{label}: {len(seen.stops)} stops, {len(seen.functions)} functions, "
        f"{seen.clones} clones, {seen.applies} applies for {actions} action(s)"
    )
    for name in seen.functions:
        print("  ", "*" if name in seen.stops else " ", name)
    print("   told by the event:", ", ".join(seen.told))


def test_a_move_through_the_service_passes_once(api: Any) -> None:
    game_id, tokens, game = _game(api)
    action, ply = _quiet_move(api, game_id, tokens[0])
    seq = game.seq
    with counted(api, service_module.GameService.act, type(game.state)) as seen:
        api.client.portal.call(api.service.act, game_id, 0, tokens[0], action, ply)
    actions = game.seq - seq
    _report("service", seen, actions)
    assert actions == 1  # a decision with no chance after it
    assert seen.applies == 1, "the move is applied once"
    assert seen.clones <= 1
    assert len(seen.stops) <= MOST_STOPS, seen.stops


def test_a_move_through_the_websocket_passes_once(api: Any) -> None:
    game_id, tokens, game = _game(api)
    url = f"/ws/games/{game_id}?seat=0&token={tokens[0]}"
    with api.client.websocket_connect(url) as ws:
        first = ws.receive_json()
        seq = game.seq
        with counted(api, sockets._handle, type(game.state)) as seen:
            ws.send_json({"type": "action", "action": first["legal"][0], "ply": first["ply"]})
            after = ws.receive_json()
        assert after["ply"] > first["ply"]
    actions = game.seq - seq
    _report("websocket", seen, actions)
    assert actions == 1
    assert seen.applies == 1
    assert seen.clones <= 1
    # the route's own stop included
    assert len(seen.stops) <= MOST_STOPS, seen.stops
