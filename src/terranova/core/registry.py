"""The game registry: ``make(game_id, **params)`` and ``games()``.

Games are found through the entry-point group ``terranova.games``: an installed package
(Terranova's own game packages too) declares each game's :class:`GameInfo`, or a sequence
of them, e.g. in its ``pyproject.toml``::

    [project.entry-points."terranova.games"]
    mygame = "mygame:INFO"

so a separate package adds a game without touching Terranova.
"""

from __future__ import annotations

import importlib
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from terranova.core.errors import InvalidParameterError, UnknownGameError
from terranova.core.i18n import add_domain_source
from terranova.core.state import State

ParamValue = int | str | None
RESERVED = frozenset({"players", "encoding", "engine"})
"""Parameter names no variant may take: the number of seats of every game, the encoding
the research interfaces take beside a game's own parameters (docs/interop.md), and the
engine :func:`make` takes."""
NATIVE_OFF = "TERRANOVA_NATIVE"
"""Set to ``0`` in the environment, every native engine is left unused, as if not built (a
game's native module reads it)."""
ENGINES = ("python", "native")
"""The engines a game may be played on: its Python rules (the reference), or its native
core where the game has one and it was built (docs/architecture.md, "Two engines")."""
BOARD_PATH = "/static/games"
"""Where the web app serves each game's ``web`` directory: ``/static/games/<id>/…``."""


@dataclass(frozen=True)
class Variant:
    """One game parameter: its default, the values it allows and what it means."""

    name: str
    default: ParamValue
    description: str
    choices: tuple[ParamValue, ...] | None = None
    kind: type = str
    note: str = ""
    """What the option does for a player, in plain words, shown in the lobby where the
    ``description`` (with its sources and rulings, for ``terranova games`` and the docs)
    would read like a designer's note; empty: the lobby shows the description."""
    label: str = ""
    """The option's name as the lobby shows it; empty: its name, spaced and capitalised.
    Its description, note and label are marked with ``N_`` in a game with messages, and
    shown in the reader's language."""

    def coerce(self, value: object) -> ParamValue:
        """The value as this variant's type, checked against its choices."""
        if value is None:
            if self.default is None:
                return None
            raise InvalidParameterError(f"variant {self.name!r} needs a value")
        if self.kind is int:
            try:
                out: ParamValue = int(str(value))
            except ValueError:
                raise InvalidParameterError(
                    f"variant {self.name!r} takes a whole number, not {value!r}"
                ) from None
        else:
            out = str(value)
        if self.choices is not None and out not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidParameterError(
                f"variant {self.name!r} cannot be {value!r}; it is one of: {allowed}"
            )
        return out


@dataclass(frozen=True)
class Playthrough:
    """A golden playthrough a game keeps in the tests (``tests/data/playthroughs``): one
    game played from ``seed`` with ``params``, steps ``full[0]`` to ``full[1] - 1`` written
    in full (``full[1]`` ``None``: to the end), the others on one line each."""

    name: str
    params: Mapping[str, object] = field(default_factory=dict)
    seed: int = 1
    full: tuple[int, int | None] = (0, None)
    note: str = ""
    """Why the window of full steps is what it is."""


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of a registered game."""

    id: str
    name: str
    min_seats: int
    max_seats: int
    default_seats: int
    rules_version: str
    has_chance: bool
    has_hidden_information: bool
    factory: Callable[..., State]
    has_response_windows: bool = False
    """Other seats may answer an action before it takes effect (``State.response_window``)."""
    automaton_variant: str | None = None
    """The variant (a number) of seats, counted from the last, that the game plays by its own
    rules: nobody decides for them (e.g. ``automata``, the seats of an automaton)."""
    aliases: tuple[str, ...] = ()
    """Other names it may be asked by (e.g. a shorter one)."""
    variants: Mapping[str, Variant] = field(default_factory=dict)
    description: str = ""
    renderer: str | None = None
    """Dotted path of the game's render module (``render_text(state)``, ``render_svg(state)``,
    ``render_components_svg(state)``; a game with hidden information may take ``seat=`` in
    the first two, to draw what that seat sees), imported only when something is drawn."""
    web: str | None = None
    """Dotted name of the package directory holding the game's board for the browser (e.g.
    ``mygame.web``; a plain directory without ``__init__.py`` will do): ``board.js``, an ES
    module exporting ``createBoard(ctx)`` (docs/web-ui.md, "A board module"), and whatever
    it uses besides, such as its ``board.css`` and modules it imports. The web app serves
    that directory at ``/static/games/<id>/``; games sharing a board declare the same
    package. None: the web app shows its generic board (the legal actions as buttons)."""
    messages: str | None = None
    """Dotted name of the package whose ``locale`` directory holds the game's message
    catalogs (its domain is the package's last name; :mod:`terranova.core.i18n`). None: the
    game's texts are in English only."""
    test_params: tuple[Mapping[str, object], ...] = ()
    """Parameter sets the conformance suite plays besides its own (every seat count, every
    variant choice alone): the combinations of variants worth testing together."""
    playthroughs: tuple[Playthrough, ...] = ()
    """The golden playthroughs the tests keep of the game (none: a default set)."""
    bots: str | None = None
    """Dotted path of the module of the game's own bots, imported when bots are first
    asked for: ``AGENTS`` (kinds of bot it adds, :class:`terranova.agents.BotKind`) and
    ``GREEDY_POLICIES`` (game id to the policy ``greedy`` plays it with), either optional."""

    native: str | None = None
    """Dotted path of the module of the game's native engine, imported when a game is made
    on it: ``available()`` (whether it was built), ``new_game(**params)`` and
    ``from_python(state)`` (the same position on it, or None where the game is beyond the
    native engine's bounds); None: the game has its Python engine only."""

    encoding: str | None = None
    """Dotted path of the module that gives the game's fixed action spaces and tensors for
    research interfaces (``encoding(params) -> terranova.core.encoding.Encoding``),
    imported when an interface first asks; None: the game is left out of them."""

    def __post_init__(self) -> None:
        taken = sorted(RESERVED & set(self.variants))
        if taken:
            raise ValueError(
                f"{self.id}: a variant may not be named {taken[0]!r}, which Terranova gives "
                f"every game ({', '.join(sorted(RESERVED))})"
            )

    def resolve(self, params: Mapping[str, object]) -> dict[str, ParamValue]:
        """Every parameter with its checked value; defaults fill what is missing."""
        unknown = sorted(set(params) - set(self.variants) - {"players"})
        if unknown:
            known = ", ".join(["players", *self.variants])
            raise InvalidParameterError(
                f"{self.id} has no parameter {unknown[0]!r}; known: {known}"
            )
        players_raw = params.get("players", self.default_seats)
        try:
            players = int(str(players_raw))
        except ValueError:
            raise InvalidParameterError(
                f"players must be a whole number, not {players_raw!r}"
            ) from None
        if not self.min_seats <= players <= self.max_seats:
            raise InvalidParameterError(
                f"{self.name} takes {self.min_seats} to {self.max_seats} players, not {players}"
            )
        resolved: dict[str, ParamValue] = {"players": players}
        for name, variant in self.variants.items():
            resolved[name] = variant.coerce(params.get(name, variant.default))
        return resolved

    def automaton_seats(self, params: Mapping[str, object]) -> range:
        """The seats the game plays itself with ``params`` (checked and completed as
        :meth:`resolve` does): the last N, N the value of ``automaton_variant``.

        >>> automata = Variant("automata", 0, "seats the game plays", None, int)
        >>> info = GameInfo("solo", "Solo", 1, 4, 4, "1", False, False, dict,
        ...                 automaton_variant="automata", variants={"automata": automata})
        >>> info.automaton_seats({"players": 4, "automata": 1})
        range(3, 4)
        >>> from dataclasses import replace
        >>> replace(info, automaton_variant=None).automaton_seats({"players": 3})
        range(0, 0)
        """
        if self.automaton_variant is None:
            return range(0)
        resolved = self.resolve(params)
        players = int(str(resolved["players"]))
        count = int(str(resolved[self.automaton_variant] or 0))
        return range(max(0, players - count), players)

    def settable_variants(self) -> list[str]:
        """The variants chosen from a list or as a number; free-text ones (a file path) are
        set only in code and on the command line, never from the web."""
        return [n for n, v in self.variants.items() if v.choices is not None or v.kind is not str]

    def describe(self) -> dict[str, Any]:
        """JSON-safe metadata; ``board`` is where the browser loads the game's board module
        (see ``web``), or None for the generic board."""
        return {
            "id": self.id,
            "name": self.name,
            "seats": {"min": self.min_seats, "max": self.max_seats, "default": self.default_seats},
            "rules_version": self.rules_version,
            "has_chance": self.has_chance,
            "has_hidden_information": self.has_hidden_information,
            "response_windows": self.has_response_windows,
            "automaton_variant": self.automaton_variant,
            "variants": {
                v.name: {
                    "default": v.default,
                    "choices": list(v.choices) if v.choices is not None else None,
                    "description": v.description,
                    "note": v.note or v.description,
                    "label": v.label or v.name.replace("_", " ").capitalize(),
                }
                for v in self.variants.values()
            },
            "description": self.description,
            "board": f"{BOARD_PATH}/{self.id}/board.js" if self.web is not None else None,
        }


_REGISTRY: dict[str, GameInfo] = {}
_ALIASES: dict[str, str] = {}
ENTRY_POINT_GROUP = "terranova.games"
_loaded = False
_loading = False
_load_lock = threading.RLock()
"""Held while the installed games are registered: a thread asking meanwhile waits for them
(a server rebuilds games in threads, and its first requests may come at once)."""


def register(info: GameInfo) -> GameInfo:
    """Add a game to the registry (installed games are added from their entry points; this
    is for games made at run time, e.g. in tests)."""
    _REGISTRY[info.id] = info
    for alias in info.aliases:
        _ALIASES[alias] = info.id
    return info


def _load_installed() -> None:
    """Register the games every installed package declares (once). A package that fails to
    load, or declares something else than games, is left out with a warning: the others
    still play."""
    global _loaded, _loading
    if _loaded:
        return
    with _load_lock:
        if _loaded or _loading:  # loaded meanwhile, or asked again by a package's import
            return
        _loading = True
        try:
            _register_installed()
        finally:
            _loading = False
            _loaded = True


def _register_installed() -> None:
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            declared = entry.load()
        except Exception as exc:
            warnings.warn(
                f"game package {entry.name} ({entry.value}) is left out: {exc}", stacklevel=2
            )
            continue
        infos = declared if isinstance(declared, Sequence) else (declared,)
        for info in infos:
            if not isinstance(info, GameInfo):
                warnings.warn(
                    f"game package {entry.name} ({entry.value}) declares {info!r}, not a "
                    "GameInfo: left out",
                    stacklevel=2,
                )
                continue
            known = _REGISTRY.get(info.id)
            if known is not None and known is not info:
                warnings.warn(
                    f"game package {entry.name} declares game {info.id!r} again: left out",
                    stacklevel=2,
                )
                continue
            register(info)


def games() -> dict[str, GameInfo]:
    """Every registered game by id."""
    _load_installed()
    return dict(_REGISTRY)


def _message_packages() -> list[str]:
    """The packages of the games' catalogs, for a text that names its game's domain."""
    return [info.messages for info in games().values() if info.messages is not None]


add_domain_source(_message_packages)


def game_info(game_id: str) -> GameInfo:
    """The metadata of one game, by its id or an alias; raises UnknownGameError."""
    _load_installed()
    try:
        return _REGISTRY[_ALIASES.get(game_id, game_id)]
    except KeyError:
        known = ", ".join(
            [*sorted(_REGISTRY), *(f"{a} (= {i})" for a, i in sorted(_ALIASES.items()))]
        )
        raise UnknownGameError(f"no game {game_id!r}; known: {known}") from None


def make(game_id: str, engine: object = "python", **params: object) -> State:
    """A new game in its initial state, e.g. ``make("mygame", players=3, hand=2)``; with
    ``engine="native"``, on the game's native engine (:func:`native_available`)."""
    info = game_info(game_id)
    if engine == "python":
        return info.factory(**info.resolve(params))
    if engine not in ENGINES:
        raise InvalidParameterError(f"no engine {engine!r}; the engines: {', '.join(ENGINES)}")
    module = _native_module(info)
    if module is None:
        raise InvalidParameterError(
            f"{info.id} has no native engine here (not built, or TERRANOVA_NATIVE=0)"
        )
    state: State = module.new_game(**info.resolve(params))
    return state


def native_available(game_id: str) -> bool:
    """Whether the game has a native engine, built and not turned off."""
    return _native_module(game_info(game_id)) is not None


def native_batch(
    game_id: str,
    params: Mapping[str, object],
    encoding: str,
    coding: Any,
    games: int,
    max_steps: int | None,
) -> Any:
    """Many games of ``game_id`` on its native engine for ``terranova.vector``, observed in
    ``encoding`` (whose :class:`~terranova.core.encoding.Encoding` is ``coding``), where the
    game's engine offers it (``batch`` in its native module); else None."""
    info = game_info(game_id)
    module = _native_module(info)
    if module is None or not hasattr(module, "batch"):
        return None
    return module.batch(info.resolve(params), encoding, coding, games, max_steps)


def native_observer(game_id: str, params: Mapping[str, object], encoding: str, coding: Any) -> Any:
    """A writer of ``encoding``'s observations of ``game_id``'s native states (``coding`` is
    that encoding for these parameters), where the game's native engine writes them
    (``observer`` in its native module): ``write(state, seat, row)`` overwrites a float32 row
    with what :meth:`~terranova.core.encoding.Encoding.observe_into` writes from the seat's
    view, without making the view. None where there is none: the views are encoded."""
    info = game_info(game_id)
    module = _native_module(info)
    if module is None or not hasattr(module, "observer"):
        return None
    return module.observer(info.resolve(params), encoding, coding)


def to_native(state: State) -> State:
    """The same position on its game's native engine, where the game has one here (built,
    not turned off); else ``state`` itself. Search bots call it on the position they search
    from: the native engine gives the same answers, faster."""
    if getattr(state, "engine", "python") == "native":
        return state
    _load_installed()
    info = _REGISTRY.get(state.game_id)  # a game made for a test may not be registered
    module = None if info is None else _native_module(info)
    if module is None:
        return state
    native: State | None = module.from_python(state)  # None: beyond the engine's bounds
    return state if native is None else native


def _native_module(info: GameInfo) -> Any:
    if info.native is None:
        return None
    module = importlib.import_module(info.native)
    return module if module.available() else None


def parse_variants(items: list[str] | None) -> dict[str, str]:
    """``["hand=2", "equal_turns=exact"]`` as a dict (values are checked by ``make``).

    >>> parse_variants(["hand=2", "tileset=my tiles.toml"])
    {'hand': '2', 'tileset': 'my tiles.toml'}
    """
    out: dict[str, str] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise InvalidParameterError(f"a variant is NAME=VALUE, not {item!r}")
        out[name.strip()] = value.strip()
    return out
