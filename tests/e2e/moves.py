"""Synthetic state messages for board tests, with their moves as data: the tests write the
action texts a message would hold, and these helpers add the data the server sends with
them (``moves``, a log entry's ``kind`` and ``fields``, the view's ``move`` next to an
``action``), as the server makes it (``terranova.core.action_text``)."""

from __future__ import annotations

from typing import Any

import terranova
from terranova.core.action_text import action_data, parser_of
from terranova.core.errors import MalformedActionError


def move_data(game: str, text: str) -> dict[str, Any]:
    """``text``'s data in ``game`` (``?`` for a hidden field); none for a text that is no
    action of the game (a board still shows it as a plain button)."""
    state = terranova.make(game)
    try:
        return action_data(state.parse_action(text))
    except MalformedActionError:
        pass
    first = state.legal_actions()[0] if state.legal_actions() else state.chance_outcomes()[0][0]
    return parser_of(first).masked_data(text)


def with_action(game: str, holder: dict[str, Any]) -> dict[str, Any]:
    """A view's part that names an action by its text (``window``, ``last_stop``), with
    its ``move`` added."""
    if isinstance(holder, dict) and isinstance(holder.get("action"), str):
        return {**holder, "move": move_data(game, holder["action"])}
    return holder


def with_moves(game: str, changes: dict[str, Any]) -> dict[str, Any]:
    """``changes`` to a state message (``message`` and ``view`` fields) with the data of
    the texts they name: ``moves`` for ``legal``, a log entry's ``kind`` and ``fields``,
    ``move`` for a window or last Stop."""
    out = dict(changes)
    message = dict(out.get("message") or {})
    if "legal" in message:
        message["moves"] = [{"text": t, "says": t, **move_data(game, t)} for t in message["legal"]]
    if "log" in message:
        message["log"] = [
            entry
            if "kind" in entry
            else {"says": entry["text"], **entry, **move_data(game, entry["text"])}
            for entry in message["log"]
        ]
    out["message"] = message
    view = dict(out.get("view") or {})
    for key in ("window", "last_stop"):
        if key in view:
            view[key] = with_action(game, view[key])
    out["view"] = view
    return out
