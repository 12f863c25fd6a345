"""Golden playthroughs: seeded random games of every registered game, written step by step.

The generator and the comparison; ``scripts/playthroughs.py`` is its command line and
``tests/conformance/test_playthroughs.py`` its test.

Each configuration is one game played from a seed: a ``random.Random(seed)`` picks every
decision uniformly among ``legal_actions()`` and draws every chance outcome with
``state.sample_chance(rng)``. Its *full text* holds, for each step, the state's text (the
game's renderer, ``render_text``, as a spectator sees it), the scores, the view of every
seat and of the spectator (JSON, sorted keys), the response window if one is open, the
chance outcomes with their probabilities or the legal actions in order, the action taken
and how every seat sees it (``describe_action``); at the end, the returns and winners.
Only the core protocol and the registry are used, never a game's internals, so the files
stay valid while the games are rebuilt underneath.

A game in full can make a text of several MB; a configuration then shows only a window
of steps in full and the others on one line each (actor, scores, action); the game is
always played to its end, whose state is always shown in full. Each text's header says
which steps are in full.

No full text is stored. ``tests/data/playthroughs/`` holds two files a registered game,
each at most :data:`MAX_FILE_BYTES`, so that a change reads as a diff:

- ``<game>.txt``, its *short* texts: each of its games that fits, every step on one line,
  then the final state's text, scores, returns and winners (a ``#### playthrough NAME``
  line starts each);
- ``<game>.sha256``: for every one of its games, the SHA-256 of the full text, with its
  seed, parameters and window (``python scripts/playthroughs.py --full NAME`` prints the
  text).

``tests/conformance/test_playthroughs.py`` plays every game again in memory and compares
its short text with the readable file (where that shows it) and its full text with the
digest. After an *intended* change of behaviour, regenerate and review the diff::

    python scripts/playthroughs.py                 # rewrite every file
    python scripts/playthroughs.py discovery       # only one game's files
    python scripts/playthroughs.py --check         # exit 1 at the first difference

A game declares its configurations (``GameInfo.playthroughs``); one that declares none
gets the default ones (:func:`default_configs`). Its files must be generated once.
"""

from __future__ import annotations

import hashlib
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
"""A game's readable file: ``<game>.txt``, and the name of a configuration's full text."""
DIGESTS = ".sha256"
"""A game's digest file: ``<game>.sha256``."""
MAX_STEPS = 100_000
"""A game longer than this is cut there (a safety net for a game that never ends)."""
STEP_MARK = "## "
"""Every step's first line starts with this (and no other line does)."""
SECTION_MARK = "#### playthrough "
"""The first line of each game in a readable file, with the configuration's name."""
SHORT_WINDOW = (
    "no step; every step on one line (actor, scores, action), then the final state's "
    "text, scores, returns and winners (the full text: its digest, in the .sha256 file)"
)
MAX_FILE_BYTES = 150_000
"""The most a golden file may hold: a diff of it can be read."""


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


def _drawn_as_reference(render: Callable[[State], str]) -> Callable[[State], str]:
    """``render`` for a native engine's states: each drawn as its reference state."""

    def drawn(state: State) -> str:
        return render(state.to_python())  # type: ignore[attr-defined]

    return drawn


def _actor(state: State) -> str:
    player = state.current_player()
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "terminal"
    return f"seat {player}"


def _picture(state: State, render: Callable[[State], str] | None) -> Iterator[str]:
    """The state's text (as a spectator sees it) and its scores."""
    yield "text:"
    if render is None:
        yield "|(the game has no text renderer)"
    else:
        for line in render(state).split("\n"):
            yield "|" + line
    yield "scores: " + _json(list(state.scores()))


def _describe(state: State, render: Callable[[State], str] | None) -> Iterator[str]:
    """The lines of one state in full, up to its legal actions."""
    yield from _picture(state, render)
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


@dataclass(frozen=True)
class Texts:
    """One seeded game written twice: ``full``, the golden text its digest is taken of
    (:attr:`Config.full` steps in full), and ``short``, the text a person reads in a diff
    (every step on one line; the final state's picture, scores, returns and winners)."""

    full: str
    short: str

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.full.encode("utf-8")).hexdigest()


def _header(config: Config, info: GameInfo, state: State, window: str) -> list[str]:
    return [
        "# Golden playthrough: one seeded random game, step by step. Written by",
        "# scripts/playthroughs.py and compared by tests/conformance/test_playthroughs.py;",
        "# regenerate it only after an intended change of behaviour (docs/architecture.md).",
        f"game: {config.game}",
        f"rules_version: {info.rules_version}",
        "params: " + _json(state.params()),
        f"seed: {config.seed}",
        "play: rng = random.Random(seed); a decision is legal[rng.randrange(len(legal))], "
        "a chance outcome state.sample_chance(rng)",
        f"in full: {window}",
        "",
    ]


def play(config: Config, engine: str = "python") -> Texts:
    """Play the seeded game of ``config`` once, writing both of its texts (on ``engine``: a
    native engine's state is drawn as its reference state, ``to_python()``)."""
    info = terranova.games()[config.game]
    render = _text_renderer(info)
    if render is not None and engine != "python":
        render = _drawn_as_reference(render)
    state = terranova.make(config.game, engine=engine, **config.params)
    rng = random.Random(config.seed)
    first, stop = config.full
    if config.full == (0, None):
        window = "every step"
    else:
        last = "the end" if stop is None else f"{stop - 1} and the final state"
        window = f"steps {first} to {last}; the other steps on one line (actor, scores, action)"
    lines = _header(config, info, state, window + (f" ({config.note})" if config.note else ""))
    short = [
        f"{SECTION_MARK}{config.filename.removesuffix(SUFFIX)}",
        *_header(config, info, state, SHORT_WINDOW),
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
        scores = _json(list(state.scores()))
        one_line = f"{STEP_MARK}step {step}: {actor}, scores {scores}: {_json(str(action))}"
        short.append(one_line)
        if config.in_full(step):
            lines.append(f"{STEP_MARK}step {step}: {actor}")
            lines += _describe(state, render)
            lines.append("action: " + _json(str(action)))
            seen = [state.describe_action(action, s) for s in range(state.num_seats)]
            seen.append(state.describe_action(action, None))
            lines.append("seen by seats and spectator: " + _json(seen))
            lines.append("")
        else:
            lines.append(one_line)
        state.apply(action)
        step += 1
    if not config.in_full(step - 1):
        lines.append("")
    short.append("")
    if state.is_terminal():
        ending = f"{STEP_MARK}end after {step} steps: terminal"
    else:
        ending = f"{STEP_MARK}cut after {MAX_STEPS} steps: {_actor(state)}"
    lines.append(ending)
    lines += _describe(state, render)
    short.append(ending)
    short += _picture(state, render)
    for part in (lines, short):
        part.append("returns: " + _json(list(state.returns())))
        part.append("winners: " + _json(state.winners()))
    return Texts("\n".join(lines) + "\n", "\n".join(short) + "\n")


def generate(config: Config) -> str:
    """The full text of one seeded game (its digest is stored)."""
    return play(config).full


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


def first_difference(stored: str, now: str, first_line: int = 1) -> str | None:
    """``None`` when the texts are equal, else a few lines naming the first step that
    differs, the line's label, where in a JSON value it differs and both excerpts (lines
    numbered from ``first_line``: where ``stored`` starts in its file)."""
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
        return f"first difference at {where}, line {index + first_line}: the {longer} goes on"
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
    out = [
        f"first difference at {where}, line {index + first_line} ({label!r}, column {column + 1})"
    ]
    if detail:
        out.append(f"  at {label}{detail}")
    out.append(f"  stored: {_excerpt(a, column)}")
    out.append(f"  now:    {_excerpt(b, column)}")
    return "\n".join(out)


# ------------------------------------------------------------------ a game's files


def readable_path(game: str, directory: Path = DIRECTORY) -> Path:
    return directory / f"{game}{SUFFIX}"


def digests_path(game: str, directory: Path = DIRECTORY) -> Path:
    return directory / f"{game}{DIGESTS}"


def _name(config: Config) -> str:
    return config.filename.removesuffix(SUFFIX)


def digest_line(config: Config, texts: Texts) -> str:
    """A configuration's line in its game's digest file: its name, the SHA-256 of its full
    text, and what plays it again (seed, parameters, the steps written in full)."""
    first, stop = config.full
    return (
        f"{_name(config)}: sha256 {texts.digest}, seed {config.seed}, "
        f"params {_json(dict(config.params))}, in full {first}..{'end' if stop is None else stop}"
    )


def digests_text(game: str, lines: Sequence[str]) -> str:
    head = [
        f"# Golden playthroughs of {game} by digest: one line a seeded game, the SHA-256 of",
        "# its full text (every step's state, views, legal actions and action). Print a full",
        "# text with: python scripts/playthroughs.py --full NAME",
    ]
    return "\n".join([*head, *lines]) + "\n"


def readable_choice(shorts: Sequence[str], limit: int = MAX_FILE_BYTES) -> list[int]:
    """The games a readable file shows, in order: each that still fits under ``limit``
    bytes with those before it."""
    chosen: list[int] = []
    size = 0
    for k, text in enumerate(shorts):
        more = len(text.encode("utf-8")) + (1 if chosen else 0)
        if size + more <= limit:
            chosen.append(k)
            size += more
    return chosen


def game_files(game: str, played: Sequence[tuple[Config, Texts]]) -> tuple[str, str]:
    """The texts of a game's readable file and digest file."""
    chosen = readable_choice([texts.short for _, texts in played])
    readable = "\n".join(played[k][1].short for k in chosen)
    digests = digests_text(game, [digest_line(config, texts) for config, texts in played])
    return readable, digests


def sections(readable: str) -> dict[str, str]:
    """A readable file's games by their configuration's name."""
    out: dict[str, str] = {}
    for part in readable.split("\n" + SECTION_MARK):
        if not part:
            continue
        part = part if part.startswith(SECTION_MARK) else SECTION_MARK + part
        name = part[len(SECTION_MARK) :].split("\n", 1)[0]
        out[name] = part if part.endswith("\n") else part + "\n"
    return out


def stored_digests(game: str, directory: Path = DIRECTORY) -> dict[str, str]:
    """A game's stored digest lines by configuration name."""
    path = digests_path(game, directory)
    if not path.is_file():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.split(": ", 1)[0]: line for line in lines if line and not line.startswith("#")}


def check(config: Config, directory: Path = DIRECTORY, texts: Texts | None = None) -> str | None:
    """``None`` if the game of ``config`` plays today as its game's files say (its digest,
    and its text where the readable file shows it), else why not."""
    name = _name(config)
    stored = stored_digests(config.game, directory).get(name)
    if stored is None:
        return (
            f"{name}: no stored playthrough (a new game or configuration?); "
            f"write it with: python scripts/playthroughs.py {config.game}"
        )
    texts = texts or play(config)
    path = readable_path(config.game, directory)
    readable = path.read_text(encoding="utf-8") if path.is_file() else ""
    shown = sections(readable).get(name)
    if shown is not None:
        first_line = readable[: readable.index(shown)].count("\n") + 1
        found = first_difference(shown, texts.short, first_line)
        if found is not None:
            return f"{name} ({path.name}): {found}"
    line = digest_line(config, texts)
    if line != stored:
        return (
            f"{name}: its full text differs from the stored digest "
            f"(seed {config.seed}, params {_json(dict(config.params))})\n"
            f"  stored: {stored}\n  now:    {line}\n"
            f"  print it with: python scripts/playthroughs.py --full {name}"
        )
    return None


def write(game: str, directory: Path = DIRECTORY) -> dict[str, str]:
    """Play every configuration of ``game`` and write its two files; returns each file's
    state (``same``, ``changed``, ``new``) by name."""
    played = [(config, play(config)) for config in configs([game])]
    out: dict[str, str] = {}
    for path, text in zip(
        (readable_path(game, directory), digests_path(game, directory)),
        game_files(game, played),
        strict=True,
    ):
        before = path.read_text(encoding="utf-8") if path.is_file() else None
        path.write_text(text, encoding="utf-8")
        out[path.name] = "same" if before == text else "new" if before is None else "changed"
    return out


def find(name: str) -> Config:
    """A configuration by its name (``<game>--<name>``)."""
    for config in configs():
        if _name(config) == name:
            return config
    raise KeyError(name)


def stale_files(directory: Path = DIRECTORY) -> list[Path]:
    """Stored files that no registered game makes any more."""
    games = {c.game for c in configs()}
    expected = {readable_path(g, directory).name for g in games}
    expected |= {digests_path(g, directory).name for g in games}
    return sorted(p for p in directory.iterdir() if p.is_file() and p.name not in expected)
