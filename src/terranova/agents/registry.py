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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from terranova.core.agent import Agent
from terranova.core.errors import InvalidParameterError

BotValue = int | float | str | bool


@dataclass(frozen=True)
class BotParam:
    """One parameter of a kind of bot: its type, default and meaning."""

    name: str
    kind: type[int] | type[float] | type[str] | type[bool]
    default: BotValue
    description: str

    def coerce(self, bot: str, text: str) -> BotValue:
        """The parameter's value parsed from its text in a spec."""
        try:
            if self.kind is bool:
                lowered = text.lower()
                if lowered in ("1", "true", "yes", "on"):
                    return True
                if lowered in ("0", "false", "no", "off"):
                    return False
                raise ValueError(text)
            return self.kind(text)
        except ValueError:
            raise InvalidParameterError(
                f"bot {bot!r}: {self.name} takes a {self.kind.__name__}, not {text!r}"
            ) from None


@dataclass(frozen=True)
class BotKind:
    """A registered kind of bot: ``factory(seed, name, **params)`` builds one."""

    name: str
    factory: Callable[..., Agent]
    description: str
    params: Mapping[str, BotParam] = field(default_factory=dict)
    games: tuple[str, ...] = ()
    """The ids of the only games it plays (empty: every game)."""

    def plays(self, game_id: str) -> bool:
        """Whether this kind of bot plays the game ``game_id``."""
        return not self.games or game_id in self.games


_BOTS: dict[str, BotKind] = {}


def register_agent(kind: BotKind) -> BotKind:
    """Make a kind of bot available to :func:`make_agent` (and so to the command line)."""
    _BOTS[kind.name] = kind
    return kind


def available_agents(game: str | None = None) -> list[str]:
    """Names of every registered kind of bot, sorted; with ``game``, only those that play
    it (some bots are made for one game)."""
    return sorted(name for name, kind in _BOTS.items() if game is None or kind.plays(game))


def agent_kinds() -> dict[str, BotKind]:
    """Every registered kind of bot by name."""
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


def make_agent(spec: str, seed: int) -> Agent:
    """A new bot from its spec, e.g. ``random``, ``greedy`` or ``greedy:epsilon=0.1``; its
    ``name`` is the spec. The same spec and seed give the same bot, move for move.
    Unknown bots or parameters raise InvalidParameterError naming the known ones."""
    name, raw = parse_spec(spec)
    kind = _BOTS.get(name)
    if kind is None:
        raise InvalidParameterError(f"no bot {name!r}; known: {', '.join(available_agents())}")
    values: dict[str, BotValue] = {}
    for key, text in raw.items():
        param = kind.params.get(key)
        if param is None:
            known = ", ".join(kind.params) or "none"
            raise InvalidParameterError(f"bot {name!r} has no parameter {key!r}; known: {known}")
        values[key] = param.coerce(name, text)
    return kind.factory(seed, name=spec.strip(), **values)


def check_agent(spec: str, game_id: str) -> None:
    """Refuse (InvalidParameterError) a spec that makes no bot, or whose bot does not play
    the game ``game_id`` (a registered id, not an alias): callers check a lineup before
    playing, since such a bot would fail only at its first decision."""
    make_agent(spec, 0)
    name, _ = parse_spec(spec)
    kind = _BOTS[name]
    if not kind.plays(game_id):
        raise InvalidParameterError(
            f"bot {name!r} plays only {', '.join(kind.games)}, not {game_id!r}"
        )
