"""Bot specs: ``name`` or ``name:key=value,key=value``, turned into agents by a registry.

>>> agent = make_agent("greedy:epsilon=0.25", seed=3)
>>> agent.name, agent.epsilon
('greedy:epsilon=0.25', 0.25)
>>> parse_spec(" mcts : iterations = 400 , c=1.4 ")
('mcts', {'iterations': '400', 'c': '1.4'})
>>> make_agent("greedy:depth=2", seed=0)
Traceback (most recent call last):
...
terranova.core.errors.InvalidParameterError: bot 'greedy' has no parameter 'depth'; known: epsilon

A server bounds what a spec may ask for (:class:`BotLimits`):

>>> web = BotLimits(max_seconds=5, max_iterations=20_000)
>>> check_agent("mcts:seconds=60", "discovery", web)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
terranova.core.errors.InvalidParameterError: bot 'mcts': seconds=60 is over this server's ...
"""

from __future__ import annotations

import importlib
import math
import random
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Literal, TypeVar

from terranova.core.actions import Action
from terranova.core.agent import Agent
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import game_info, games
from terranova.core.state import State

BotValue = int | float | str | bool
T = TypeVar("T")
Budget = Literal["seconds", "iterations"]

MAX_INT_PARAM = 1 << 62
"""The largest whole number a spec may carry (anything larger is a typo, not a budget)."""


@dataclass(frozen=True)
class BotLimits:
    """What a server lets a bot spec ask for: the largest ``seconds`` and ``iterations``
    per decision (the parameters marked as a budget), and the largest search tree."""

    max_seconds: float
    max_iterations: int
    max_nodes: int = 200_000

    def allows(self, budget: Budget, value: float) -> float:
        """The limit ``value`` breaks, or 0 if it is within bounds."""
        limit = self.max_seconds if budget == "seconds" else self.max_iterations
        return limit if value > limit else 0


@dataclass(frozen=True)
class BotParam:
    """One parameter of a kind of bot: its type, default, meaning, the range of values it
    takes (``low`` to ``high``, both included) and whether it is a budget a server bounds."""

    name: str
    kind: type[int] | type[float] | type[str] | type[bool]
    default: BotValue | None
    """None: set by the game (its ``GameInfo.bots``), as the description says."""
    description: str
    low: float | None = None
    high: float | None = None
    budget: Budget | None = None
    choices: tuple[str, ...] = ()
    """The only values a text parameter takes (empty: any)."""

    def coerce(self, bot: str, text: str) -> BotValue:
        """The parameter's value parsed from its text in a spec, within its range (never
        ``nan`` or an infinity)."""
        try:
            if self.kind is bool:
                lowered = text.lower()
                if lowered in ("1", "true", "yes", "on"):
                    return True
                if lowered in ("0", "false", "no", "off"):
                    return False
                raise ValueError(text)
            value = self.kind(text)
        except ValueError:
            raise InvalidParameterError(
                f"bot {bot!r}: {self.name} takes a {self.kind.__name__}, not {text!r}"
            ) from None
        if isinstance(value, int | float):
            self._check_range(bot, value)
        if self.choices and value not in self.choices:
            raise InvalidParameterError(
                f"bot {bot!r}: {self.name} is one of {', '.join(self.choices)}, not {text!r}"
            )
        return value

    def _check_range(self, bot: str, value: float) -> None:
        if not math.isfinite(value):
            raise InvalidParameterError(f"bot {bot!r}: {self.name} must be finite, not {value}")
        low = self.low
        high = self.high if self.high is not None else MAX_INT_PARAM
        if (low is not None and value < low) or value > high:
            span = f"from {low:g} to {high:g}" if low is not None else f"at most {high:g}"
            raise InvalidParameterError(f"bot {bot!r}: {self.name} is {span}, not {value:g}")


@dataclass(frozen=True)
class BotKind:
    """A registered kind of bot: ``factory(seed, name, **params)`` builds one."""

    name: str
    factory: Callable[..., Agent]
    description: str
    params: Mapping[str, BotParam] = field(default_factory=dict)
    games: tuple[str, ...] = ()
    """The ids of the only games it plays (empty: every game)."""
    served: bool = True
    """Whether a server offers it to its users: a bot whose cost no :class:`BotLimits`
    bounds (a research interface's own search, say) is for the command line only."""
    fits: Callable[[Mapping[str, Any]], str | None] | None = None
    """For a bot made for some settings of its games only (a network trained on one): why
    it cannot play a game with these parameters (resolved), or None if it can."""

    @property
    def searches(self) -> bool:
        """Whether it thinks within a budget (``seconds``, ``iterations``): such bots may
        take long, so a server runs them apart from the quick ones."""
        return any(p.budget is not None for p in self.params.values())

    def plays(self, game_id: str) -> bool:
        """Whether this kind of bot plays the game ``game_id``."""
        return not self.games or game_id in self.games


GreedyPolicy = Callable[[State, random.Random], Action]
"""A game's own greedy play: the action for the seat to move, ties broken by the generator."""


@dataclass(frozen=True)
class Rollout:
    """How the search bots play on after their tree in one game unless their spec says
    otherwise (``depth``, ``rollout=random``): ``depth`` decisions (-1: to the end), each
    chosen by ``policy``."""

    policy: GreedyPolicy
    depth: int


_BOTS: dict[str, BotKind] = {}
_GREEDY_POLICIES: dict[str, GreedyPolicy] = {}
_ROLLOUTS: dict[str, Rollout] = {}
_LOOKED_AT: set[str] = set()
"""The games whose own bots (``GameInfo.bots``) are registered, or that declare none."""


def register_agent(kind: BotKind) -> BotKind:
    """Make a kind of bot available to :func:`make_agent` in this process. Other processes
    (a tournament's workers, a Ray cluster) do not see it: a bot they must play is declared
    by an entry point of :data:`ENTRY_POINT_GROUP`."""
    _BOTS[kind.name] = kind
    return kind


def register_greedy_policy(game_id: str, policy: GreedyPolicy) -> None:
    """Make ``greedy`` play ``game_id`` with ``policy`` instead of its one-ply search."""
    _GREEDY_POLICIES[game_id] = policy


def greedy_policy(game_id: str) -> GreedyPolicy | None:
    """The policy ``greedy`` plays ``game_id`` with, if the game has one."""
    return _declared(_GREEDY_POLICIES, game_id)


def register_rollout(game_id: str, rollout: Rollout) -> None:
    """Make the search bots play on after their tree in ``game_id`` as ``rollout`` says."""
    _ROLLOUTS[game_id] = rollout


def game_rollout(game_id: str) -> Rollout | None:
    """How the search bots play on after their tree in ``game_id``, if the game says."""
    return _declared(_ROLLOUTS, game_id)


def _declared(table: Mapping[str, T], game_id: str) -> T | None:
    """What a game declared in its bots module (registered when first asked for)."""
    if game_id not in _LOOKED_AT:
        _register_game_bots()
    return table.get(game_id)


OPTIONAL_BOTS = {"terranova.interop.openspiel_bots": "pyspiel"}
"""Modules of bots that need an optional extra, and the module the extra installs: their
bots are registered when it is installed, and left out quietly when it is not."""


def _register_optional_bots() -> None:
    for module_name, needs in OPTIONAL_BOTS.items():
        if module_name in _LOOKED_AT:
            continue
        _LOOKED_AT.add(module_name)
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != needs:
                warnings.warn(f"bots of {module_name} are left out: {exc}", stacklevel=3)
            continue
        for kind in getattr(module, "AGENTS", ()):
            register_agent(kind)


ENTRY_POINT_GROUP = "terranova.bots"
"""Where an installed package declares bots of its own, for every game or some: an entry
point naming a :class:`BotKind`, a list of them, or a module whose ``AGENTS`` lists them::

    [project.entry-points."terranova.bots"]
    cautious = "my_bots:CAUTIOUS"
"""


def _plugin_kinds(entry: EntryPoint) -> list[BotKind]:
    """The kinds of bot an entry point of :data:`ENTRY_POINT_GROUP` names (TypeError if it
    names something else)."""
    loaded: Any = entry.load()
    if isinstance(loaded, BotKind):
        return [loaded]
    found = getattr(loaded, "AGENTS", loaded)
    if isinstance(found, Iterable) and not isinstance(found, str | bytes):
        kinds = list(found)
        if kinds and all(isinstance(kind, BotKind) for kind in kinds):
            return kinds
    raise TypeError(
        f"it names {type(loaded).__name__}, not a BotKind, a list of them or a module of AGENTS"
    )


def _register_plugin_bots() -> None:
    """Register the bots of the installed packages' entry points (once each)."""
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        key = f"{ENTRY_POINT_GROUP}:{entry.name}"
        if key in _LOOKED_AT:
            continue
        _LOOKED_AT.add(key)
        try:
            kinds = _plugin_kinds(entry)
        except Exception as exc:
            warnings.warn(
                f"the bots of {entry.name!r} ({entry.value}) are left out: {exc}", stacklevel=3
            )
            continue
        for kind in kinds:
            _register_declared(kind, f"the bot plugin {entry.name!r}")


def _register_declared(kind: BotKind, declared_by: str) -> None:
    """Register a bot a game or plugin declares, unless another has its name."""
    known = _BOTS.get(kind.name)
    if known is not None and known is not kind:
        warnings.warn(f"{declared_by} declares a bot {kind.name!r} again: left out", stacklevel=4)
        return
    register_agent(kind)


def _register_game_bots() -> None:
    """Register the bots every registered game declares (``GameInfo.bots``), once per game,
    those of the optional extras that are installed, and those of the installed packages'
    :data:`ENTRY_POINT_GROUP` entry points. A module that fails to load, or a bot named
    like another, is left out with a warning: the other bots still play."""
    _register_optional_bots()
    for game_id, info in games().items():
        if game_id in _LOOKED_AT:
            continue
        _LOOKED_AT.add(game_id)
        if info.bots is None:
            continue
        try:
            module = importlib.import_module(info.bots)
        except Exception as exc:
            warnings.warn(f"{info.name}'s bots ({info.bots}) are left out: {exc}", stacklevel=3)
            continue
        for kind in getattr(module, "AGENTS", ()):
            _register_declared(kind, info.name)
        for policy_game, policy in getattr(module, "GREEDY_POLICIES", {}).items():
            register_greedy_policy(policy_game, policy)
        for rollout_game, rollout in getattr(module, "ROLLOUTS", {}).items():
            register_rollout(rollout_game, rollout)
    _register_plugin_bots()  # last: Terranova's own bots keep their names


def available_agents(game: str | None = None, *, served: bool = False) -> list[str]:
    """Names of every registered kind of bot, sorted; with ``game``, only those that play
    it (some bots are made for one game); with ``served``, only those a server offers."""
    return sorted(
        name
        for name, kind in agent_kinds().items()
        if (game is None or kind.plays(game)) and (kind.served or not served)
    )


def agent_kinds() -> dict[str, BotKind]:
    """Every registered kind of bot by name, the games' own included."""
    _register_game_bots()
    return dict(_BOTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split a spec into its bot name and its raw ``key=value`` parameters."""
    name, sep, rest = spec.partition(":")
    name = name.strip()
    if not name:
        raise InvalidParameterError(f"a bot spec is NAME or NAME:KEY=VALUE,..., not {spec!r}")
    params: dict[str, str] = {}
    if sep and rest.strip():
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or not key:
                raise InvalidParameterError(
                    f"bot {name!r}: a parameter is KEY=VALUE, not {item.strip()!r}"
                )
            if key in params:
                raise InvalidParameterError(f"bot {name!r}: parameter {key!r} is given twice")
            params[key] = value.strip()
    return name, params


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs, where a spec's own ``key=value`` parameters are also
    comma-separated: an item with ``=`` but no ``:`` continues the spec before it.

    >>> split_specs("greedy, mcts:iterations=400,c=1.4 ,random")
    ['greedy', 'mcts:iterations=400,c=1.4', 'random']
    """
    specs: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if specs and "=" in item and ":" not in item.partition("=")[0]:
            specs[-1] += "," + item
        elif not item:
            raise InvalidParameterError(f"a list of bot specs has an empty entry: {text!r}")
        else:
            specs.append(item)
    return specs


def agent_kind(spec: str) -> BotKind:
    """The kind of bot a spec names (InvalidParameterError if none)."""
    name, _ = parse_spec(spec)
    kind = _BOTS.get(name)
    if kind is None:
        _register_game_bots()
        kind = _BOTS.get(name)
    if kind is None:
        raise InvalidParameterError(f"no bot {name!r}; known: {', '.join(available_agents())}")
    return kind


def _values(spec: str) -> tuple[BotKind, dict[str, BotValue]]:
    """The kind of bot of a spec and its parameters' values, checked."""
    kind = agent_kind(spec)
    _, raw = parse_spec(spec)
    values: dict[str, BotValue] = {}
    for key, text in raw.items():
        param = kind.params.get(key)
        if param is None:
            known = ", ".join(kind.params) or "none"
            raise InvalidParameterError(
                f"bot {kind.name!r} has no parameter {key!r}; known: {known}"
            )
        values[key] = param.coerce(kind.name, text)
    return kind, values


def make_agent(spec: str, seed: int) -> Agent:
    """A new bot from its spec, e.g. ``random``, ``greedy`` or ``greedy:epsilon=0.1``; its
    ``name`` is the spec. The same spec and seed give the same bot, move for move.
    Unknown bots or parameters raise InvalidParameterError naming the known ones."""
    kind, values = _values(spec)
    return kind.factory(seed, name=spec.strip(), **values)


def check_agent(
    spec: str,
    game_id: str,
    limits: BotLimits | None = None,
    params: Mapping[str, Any] | None = None,
) -> None:
    """Refuse (InvalidParameterError) a spec that makes no bot, whose bot does not play
    the game ``game_id`` (a registered id, not an alias) or, with ``params``, not with
    these parameters, or, with ``limits``, whose bot a server does not offer or that asks
    for a budget over them: callers check a lineup before playing, since such a bot would
    fail only at its first decision."""
    make_agent(spec, 0)
    kind, values = _values(spec)
    if not kind.plays(game_id):
        raise InvalidParameterError(
            f"bot {kind.name!r} plays only {', '.join(kind.games)}, not {game_id!r}"
        )
    if params is not None and kind.fits is not None:
        why = kind.fits(game_info(game_id).resolve(params))
        if why is not None:
            raise InvalidParameterError(f"bot {kind.name!r} {why}")
    if limits is None:
        return
    if not kind.served:
        raise InvalidParameterError(f"bot {kind.name!r} is not offered by this server")
    for key, value in values.items():
        budget = kind.params[key].budget
        if budget is None or not isinstance(value, int | float):
            continue
        limit = limits.allows(budget, value)
        if limit:
            raise InvalidParameterError(
                f"bot {kind.name!r}: {key}={value:g} is over this server's limit of "
                f"{limit:g} (max_bot_{budget})"
            )
