"""Golden playthroughs: seeded random games of every registered game, written step by step.

The generator and the comparison; ``scripts/playthroughs.py`` is its command line and
``tests/conformance/test_playthroughs.py`` its test.

Each file of ``tests/data/playthroughs/`` is one game played from a seed: a
``random.Random(seed)`` picks every decision uniformly among ``legal_actions()`` and draws
every chance outcome with ``state.sample_chance(rng)``. For each step the file holds the
state's text (the game's renderer, ``render_text``, as a spectator sees it), the scores,
the view of every seat and of the spectator (JSON, sorted keys), the response window if
one is open, the chance outcomes with their probabilities or the legal actions in order,
the action taken and how every seat sees it (``describe_action``); at the end, the
returns and winners. Only the core protocol and the registry are used, never a game's
internals, so the files stay valid while the games are rebuilt underneath.

A game in full can make a file of several MB; a configuration then shows only a window
of steps in full and the others on one line each (actor, scores, action); the game is
always played to its end, whose state is always shown in full. Each file's header says
which steps are in full.

``tests/conformance/test_playthroughs.py`` regenerates every file in memory and compares
it with the stored one. After an *intended* change of behaviour, regenerate and review
the diff::

    python scripts/playthroughs.py                 # rewrite every file
    python scripts/playthroughs.py discovery       # only one game's files
    python scripts/playthroughs.py --check         # exit 1 at the first difference

A game declares its configurations (``GameInfo.playthroughs``); one that declares none
gets the default ones (:func:`default_configs`). Its files must be generated once.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import terranova
from terranova.core.registry import GameInfo
from terranova.core.state import CHANCE, TERMINAL, State

DIRECTORY = Path(__file__).resolve().parents[1] / "data" / "playthroughs"
"""Where the golden files live."""
SUFFIX = ".txt"
MAX_STEPS = 100_000
"""A game longer than this is cut there (a safety net for a game that never ends)."""
STEP_MARK = "## "
"""Every step's first line starts with this (and no other line does)."""


@dataclass(frozen=True)
class Config:
    """One seeded game: its parameters and which steps are written in full.

    Steps ``full[0]`` to ``full[1] - 1`` are written in full (``full[1]`` ``None``: to the
    end); the others on one line each (actor, scores, action). The final state is always
    written in full."""

    game: str
    name: str
    params: Mapping[str, object] = field(default_factory=dict)
    seed: int = 1
    full: tuple[int, int | None] = (0, None)
    note: str = ""
    """Why the window is what it is, written in the file's header."""

    @property
    def filename(self) -> str:
        return f"{self.game}--{self.name}{SUFFIX}"

    def in_full(self, step: int) -> bool:
        first, stop = self.full
        return first <= step and (stop is None or step < stop)


DEFAULT_FULL_STEPS = 100


def default_configs(info: GameInfo) -> tuple[Config, ...]:
    """The files of a game that declares no playthroughs (``GameInfo.playthroughs``): its
    default parameters and its largest number of seats, the first steps in full."""
    note = "a default configuration"
    window = (0, DEFAULT_FULL_STEPS)
    out = [Config(info.id, "default", {}, 1, window, note)]
    if info.max_seats != info.default_seats:
        out.append(
            Config(info.id, f"{info.max_seats}p", {"players": info.max_seats}, 2, window, note)
        )
    return tuple(out)


def configs(game_ids: Sequence[str] | None = None) -> list[Config]:
    """The configurations of every registered game (or of ``game_ids``), sorted by file."""
    registered = terranova.games()
    out: list[Config] = []
    for game_id in sorted(registered if game_ids is None else game_ids):
        info = registered[game_id]
        declared = tuple(
            Config(info.id, p.name, p.params, p.seed, p.full, p.note) for p in info.playthroughs
        )
        out += declared or default_configs(info)
    return sorted(out, key=lambda c: c.filename)


# --------------------------------------------------------------------------- writing


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _text_renderer(info: GameInfo) -> Callable[[State], str] | None:
    """The game's ``render_text`` (as a spectator sees the game), found by the registry."""
    if info.renderer is None:
        return None
    module = importlib.import_module(info.renderer)
    render: Callable[[State], str] = module.render_text
    return render


def _actor(state: State) -> str:
    player = state.current_player()
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "terminal"
    return f"seat {player}"


def _describe(state: State, render: Callable[[State], str] | None) -> Iterator[str]:
    """The lines of one state in full, up to its legal actions."""
    yield "text:"
    if render is None:
        yield "|(the game has no text renderer)"
    else:
        for line in render(state).split("\n"):
            yield "|" + line
    yield "scores: " + _json(list(state.scores()))
    for seat in range(state.num_seats):
        yield f"view {seat}: " + _json(state.view(seat))
    yield "view spectator: " + _json(state.view(None))
    window = state.response_window()
    if window is not None:
        seats, let_pass = _json(list(window.seats)), _json(str(window.let_pass))
        yield f"response window: seats {seats}, let pass {let_pass}"
    legal = [str(a) for a in state.legal_actions()]
    if state.current_player() == CHANCE:
        outcomes = [[str(a), p] for a, p in state.chance_outcomes()]
        yield f"chance outcomes ({len(outcomes)}): " + _json(outcomes)
        if legal == [o[0] for o in outcomes]:
            yield "legal: the chance outcomes"
        else:
            yield f"legal ({len(legal)}): " + _json(legal)
    else:
        if state.chance_outcomes():
            yield "chance outcomes (not a chance node!): " + _json(
                [[str(a), p] for a, p in state.chance_outcomes()]
            )
        yield f"legal ({len(legal)}): " + _json(legal)


def generate(config: Config) -> str:
    """The text of one golden file."""
    info = terranova.games()[config.game]
    render = _text_renderer(info)
    state = terranova.make(config.game, **config.params)
    rng = random.Random(config.seed)
    first, stop = config.full
    if config.full == (0, None):
        window = "every step"
    else:
        last = "the end" if stop is None else f"{stop - 1} and the final state"
        window = f"steps {first} to {last}; the other steps on one line (actor, scores, action)"
    lines = [
        "# Golden playthrough: one seeded random game, step by step. Written by",
        "# scripts/playthroughs.py and compared by tests/conformance/test_playthroughs.py;",
        "# regenerate it only after an intended change of behaviour (docs/architecture.md).",
        f"game: {config.game}",
        f"rules_version: {info.rules_version}",
        "params: " + _json(state.params()),
        f"seed: {config.seed}",
        "play: rng = random.Random(seed); a decision is legal[rng.randrange(len(legal))], "
        "a chance outcome state.sample_chance(rng)",
        f"in full: {window}" + (f" ({config.note})" if config.note else ""),
        "",
    ]
    step = 0
    while not state.is_terminal() and step < MAX_STEPS:
        actor = _actor(state)
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if config.in_full(step):
            lines.append(f"{STEP_MARK}step {step}: {actor}")
            lines += _describe(state, render)
            lines.append("action: " + _json(str(action)))
            seen = [state.describe_action(action, s) for s in range(state.num_seats)]
            seen.append(state.describe_action(action, None))
            lines.append("seen by seats and spectator: " + _json(seen))
            lines.append("")
        else:
            scores = _json(list(state.scores()))
            lines.append(f"{STEP_MARK}step {step}: {actor}, scores {scores}: {_json(str(action))}")
        state.apply(action)
        step += 1
    if not config.in_full(step - 1):
        lines.append("")
    if state.is_terminal():
        lines.append(f"{STEP_MARK}end after {step} steps: terminal")
    else:
        lines.append(f"{STEP_MARK}cut after {MAX_STEPS} steps: {_actor(state)}")
    lines += _describe(state, render)
    lines.append("returns: " + _json(list(state.returns())))
    lines.append("winners: " + _json(state.winners()))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------ comparing


def _json_difference(stored: Any, now: Any, path: str = "") -> str | None:
    """Where two JSON values first differ, e.g. ``.followers[2].value_now: 4 != 5``."""
    if type(stored) is not type(now):
        return f"{path}: stored {_json(stored)}, now {_json(now)}"
    if isinstance(stored, dict):
        for key in sorted(set(stored) | set(now)):
            if key not in now:
                return f"{path}.{key}: stored {_json(stored[key])}, now missing"
            if key not in stored:
                return f"{path}.{key}: not stored, now {_json(now[key])}"
            found = _json_difference(stored[key], now[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(stored, list):
        for k, (a, b) in enumerate(zip(stored, now, strict=False)):
            found = _json_difference(a, b, f"{path}[{k}]")
            if found:
                return found
        if len(stored) != len(now):
            return f"{path}: stored {len(stored)} items, now {len(now)}"
        return None
    if stored != now:
        return f"{path}: stored {_json(stored)}, now {_json(now)}"
    return None


def _excerpt(line: str, at: int, width: int = 70) -> str:
    start = max(0, at - width // 2)
    return (
        ("..." if start else "")
        + line[start : start + width]
        + ("..." if start + width < len(line) else "")
    )


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def first_difference(stored: str, now: str) -> str | None:
    """``None`` when the texts are equal, else a few lines naming the first step that
    differs, the line's label, where in a JSON value it differs and both excerpts."""
    if stored == now:
        return None
    old, new = _lines(stored), _lines(now)
    index = next(
        (k for k, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
        min(len(old), len(new)),
    )
    if index == len(old) == len(new):
        return "the texts differ only in their final newline"
    step = next(
        (old[k] for k in range(min(index, len(old) - 1), -1, -1) if old[k].startswith(STEP_MARK)),
        "the header",
    )
    where = step[len(STEP_MARK) :] if step.startswith(STEP_MARK) else step
    if index >= len(old) or index >= len(new):
        longer = "stored file" if len(old) > len(new) else "new playthrough"
        return f"first difference at {where}, line {index + 1}: the {longer} goes on"
    a, b = old[index], new[index]
    column = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    column = min(len(a), len(b)) if column is None else column
    label, _, _ = a.partition(": ")
    if a.startswith("|"):
        label = "text"
    detail = ""
    if label != "text" and a.startswith(label + ": ") and b.startswith(label + ": "):
        try:
            detail = (
                _json_difference(json.loads(a[len(label) + 2 :]), json.loads(b[len(label) + 2 :]))
                or ""
            )
        except json.JSONDecodeError:
            detail = ""
    out = [f"first difference at {where}, line {index + 1} ({label!r}, column {column + 1})"]
    if detail:
        out.append(f"  at {label}{detail}")
    out.append(f"  stored: {_excerpt(a, column)}")
    out.append(f"  now:    {_excerpt(b, column)}")
    return "\n".join(out)


def check(config: Config, directory: Path = DIRECTORY) -> str | None:
    """``None`` if the stored file of ``config`` is what the game plays today, else why not."""
    path = directory / config.filename
    if not path.is_file():
        return (
            f"{config.filename}: no stored playthrough (a new game or configuration?); "
            f"write it with: python scripts/playthroughs.py {config.game}"
        )
    found = first_difference(path.read_text(encoding="utf-8"), generate(config))
    return None if found is None else f"{config.filename}: {found}"


def stale_files(directory: Path = DIRECTORY) -> list[Path]:
    """Stored files that no configuration makes any more."""
    expected = {c.filename for c in configs()}
    return sorted(p for p in directory.glob(f"*{SUFFIX}") if p.name not in expected)
