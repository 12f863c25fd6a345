"""A bot that plays by a small trained network, in NumPy (no torch needed to play).

The network reads a seat's observation (its game's encoding, :mod:`terranova.core.encoding`:
what ``view(seat)`` shows, nothing hidden) through layers of tanh units, then gives a logit
for every action of the encoding's action space and one value: the seat to move's chance to
win. It may carry a second stack, its *prospect*: from the view of a seat whose turn has just
ended, the points its margin over the best other seat will still gain or lose by the end.

:class:`LearnedAgent` plays the legal action with the largest logit; :class:`TurnAgent`
searches its own turn, the policy choosing the lines and the prospect judging their ends;
:func:`learned_search` makes the search bot that uses the network as its model (PUCT,
:mod:`terranova.agents.puct`), a :class:`~terranova.agents.mcts.MctsAgent`, which a server
bounds as any search.

A network is a ``.npz`` file: the arrays ``hidden0``, ``bias0``, ... (one pair a layer),
``policy``, ``policy_bias``, ``value``, ``value_bias``, with a prospect ``prospect0``,
``prospect_bias0``, ... (its last layer has one unit), and ``meta``, a JSON text naming the
game, its parameters and its encoding (and the prospect's scale), checked against the game it
is asked to play.
"""

from __future__ import annotations

import json
import math
import random
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from terranova.agents.mcts import MctsAgent, decision_actions
from terranova.agents.puct import Evaluation
from terranova.core.actions import Action
from terranova.core.encoding import STANDARD, Encoding, encoding_of
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import game_info
from terranova.core.rng import make_rng
from terranova.core.state import CHANCE, State

Matrix = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Network:
    """The layers of a policy and value network, and what it was trained to play."""

    hidden: tuple[tuple[Matrix, Matrix], ...]
    """Each tanh layer's weights (inputs x units) and biases."""
    policy: tuple[Matrix, Matrix]
    value: tuple[Matrix, Matrix]
    game: str
    params: Mapping[str, Any]
    encoding: str = STANDARD
    prospect: tuple[tuple[Matrix, Matrix], ...] = ()
    """The prospect's layers (tanh, then a linear layer of one unit); none: no prospect."""
    prospect_scale: float = 1.0
    """Points a prospect of 1 stands for."""

    def __post_init__(self) -> None:
        layers = [*self.hidden, self.policy, self.value, *self.prospect]
        if any(weights.ndim != 2 or bias.ndim != 1 for weights, bias in layers):
            raise ValueError("each layer is a matrix of weights and a vector of biases")
        if not all(np.isfinite(a).all() for layer in layers for a in layer):
            raise ValueError("a weight or a bias is not a finite number")
        width = _stacked(self.hidden, self.inputs, "layer")
        for name, (weights, bias) in (("policy", self.policy), ("value", self.value)):
            if weights.ndim != 2 or weights.shape[0] != width or bias.shape != weights.shape[1:]:
                raise ValueError(f"the {name} layer does not fit the last hidden layer")
        if self.value[0].shape[1] != 1:
            raise ValueError("the value layer gives one number")
        if self.prospect and _stacked(self.prospect, self.inputs, "prospect layer") != 1:
            raise ValueError("the prospect's last layer gives one number")
        if not (math.isfinite(self.prospect_scale) and self.prospect_scale > 0):
            raise ValueError("the prospect's scale is a positive number")

    @property
    def inputs(self) -> int:
        return int((self.hidden[0][0] if self.hidden else self.policy[0]).shape[0])

    @property
    def actions(self) -> int:
        return int(self.policy[0].shape[1])

    def forward(self, x: Matrix) -> tuple[Matrix, Matrix]:
        """The logits (rows x actions) and the values (rows, 0 to 1) of observations."""
        h = x
        for weights, bias in self.hidden:
            h = np.tanh(h @ weights + bias)
        logits = h @ self.policy[0] + self.policy[1]
        z = (h @ self.value[0] + self.value[1])[:, 0]
        return logits, (0.5 * (1 + np.tanh(z / 2))).astype(np.float32)  # logistic, no overflow

    def prospects(self, x: Matrix) -> Matrix:
        """The points still to come of observations' seats (rows), by the prospect; zeros
        for a network without one."""
        if not self.prospect:
            return np.zeros(len(x), np.float32)
        h = x
        *hidden, (weights, bias) = self.prospect
        for w, b in hidden:
            h = np.tanh(h @ w + b)
        return ((h @ weights + bias)[:, 0] * self.prospect_scale).astype(np.float32)

    def coding(self) -> Encoding:
        """The encoding the network reads and numbers actions by."""
        coding = encoding_of(game_info(self.game), self.params, self.encoding)
        if coding.observation_size != self.inputs or coding.actions.size != self.actions:
            raise InvalidParameterError(
                f"the network reads {self.inputs} numbers and names {self.actions} actions; "
                f"{self.game}'s {self.encoding} encoding has {coding.observation_size} and "
                f"{coding.actions.size}"
            )
        return coding

    def save(self, path: Path) -> None:
        """Write the network to ``path``, its numbers as float16 (half the size; a network
        read back plays as the saved one, not exactly as the one in memory)."""
        layers = {("policy", "policy_bias"): self.policy, ("value", "value_bias"): self.value}
        for number, layer in enumerate(self.hidden):
            layers[f"hidden{number}", f"bias{number}"] = layer
        for number, layer in enumerate(self.prospect):
            layers[f"prospect{number}", f"prospect_bias{number}"] = layer
        arrays: dict[str, Any] = {}
        for (name, bias_name), (weights, bias) in layers.items():
            with np.errstate(over="ignore"):  # refused just below
                arrays[name] = weights.astype(np.float16)
                arrays[bias_name] = bias.astype(np.float16)
            if not (np.isfinite(arrays[name]).all() and np.isfinite(arrays[bias_name]).all()):
                raise ValueError(f"the {name} layer has a number too large for float16")
        meta: dict[str, Any] = {
            "game": self.game,
            "params": dict(self.params),
            "encoding": self.encoding,
        }
        if self.prospect:
            meta["prospect_scale"] = self.prospect_scale
        arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
        with path.open("wb") as out:
            np.savez_compressed(out, **arrays)

    @classmethod
    def load(cls, path: Path) -> Network:
        """The network of a file :meth:`save` wrote (ValueError if it is not one)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                found = dict(data)
            meta = json.loads(str(found.pop("meta")))
            hidden: list[tuple[Matrix, Matrix]] = []
            while f"hidden{len(hidden)}" in found:
                number = len(hidden)
                hidden.append((_floats(found, f"hidden{number}"), _floats(found, f"bias{number}")))
            prospect: list[tuple[Matrix, Matrix]] = []
            while f"prospect{len(prospect)}" in found:
                number = len(prospect)
                prospect.append(
                    (_floats(found, f"prospect{number}"), _floats(found, f"prospect_bias{number}"))
                )
            named = {name for name in found if name.startswith("prospect")}
            if named != {f"prospect{k}" for k in range(len(prospect))} | {
                f"prospect_bias{k}" for k in range(len(prospect))
            }:
                raise ValueError("the prospect's layers are not prospect0, prospect_bias0, ...")
            if prospect and "prospect_scale" not in meta:
                raise ValueError("a prospect without its scale")
            return cls(
                tuple(hidden),
                (_floats(found, "policy"), _floats(found, "policy_bias")),
                (_floats(found, "value"), _floats(found, "value_bias")),
                str(meta["game"]),
                dict(meta["params"]),
                str(meta.get("encoding", STANDARD)),
                tuple(prospect),
                float(meta.get("prospect_scale", 1.0)),
            )
        except (KeyError, TypeError, IndexError, ValueError, OSError, zipfile.BadZipFile) as exc:
            raise ValueError(f"{path.name} is not a network file: {exc}") from exc


def _stacked(layers: Sequence[tuple[Matrix, Matrix]], width: int, what: str) -> int:
    """The width out of ``layers`` stacked on ``width`` inputs (ValueError where one does not
    fit the one before it)."""
    for number, (weights, bias) in enumerate(layers):
        if weights.shape[0] != width or bias.shape != weights.shape[1:]:
            raise ValueError(f"{what} {number} does not fit the layer before it")
        width = weights.shape[1]
    return width


def _floats(found: Mapping[str, Any], name: str) -> Matrix:
    return np.asarray(found[name], dtype=np.float32)


class NetworkModel:
    """A network as a search's model (:class:`terranova.agents.puct.Evaluator`): each
    position read from its seat to move's view."""

    def __init__(self, network: Network) -> None:
        self.network = network
        self.coding = network.coding()

    def logits(self, states: Sequence[State]) -> tuple[list[list[float]], Matrix]:
        """For each state, its legal actions' logits in ``legal_actions()`` order; and the
        values of the seats to move. InvalidParameterError for a game or settings other than
        the network's."""
        network = self.network
        for state in states:
            if state.game_id != network.game or dict(state.params()) != dict(network.params):
                raise InvalidParameterError(
                    f"the network plays {network.game} with {dict(network.params)}, "
                    f"not {state.game_id} with {dict(state.params())}"
                )
        x = np.stack([self._observe(state) for state in states])
        logits, values = self.network.forward(x)
        rows = []
        for state, row in zip(states, logits, strict=True):
            column = {a: i for i, a in self.coding.actions.decoder(state.legal_actions()).items()}
            rows.append([float(row[column[a]]) for a in state.legal_actions()])
        return rows, values

    def evaluate(self, states: Sequence[State]) -> list[Evaluation]:
        rows, values = self.logits(states)
        out = []
        for state, row, value in zip(states, rows, values, strict=True):
            top = max(row)
            odds = [float(np.exp(v - top)) for v in row]
            win = float(value)  # the seat to move's; the others share the rest evenly
            seats = [(1 - win) / (state.num_seats - 1)] * state.num_seats
            seats[state.current_player()] = win
            out.append(Evaluation(seats, odds))
        return out

    def worth(self, seat: int, states: Sequence[State]) -> Matrix:
        """What each state is worth to ``seat``: its margin over the best other seat now,
        plus the points the prospect expects still to come (nothing more once the game is
        over), read from ``seat``'s view."""
        now = np.array([margin(state, seat) for state in states], np.float32)
        going = [k for k, state in enumerate(states) if not state.is_terminal()]
        if going and self.network.prospect:
            x = np.stack([self._observe(states[k], seat) for k in going])
            now[going] += self.network.prospects(x)
        return now

    def _observe(self, state: State, seat: int | None = None) -> Matrix:
        to_move = state.current_player()
        seat = to_move if seat is None else seat
        listed = self.coding.listing is not None and seat == to_move
        return self.coding.observation(state.view(seat), state.legal_actions() if listed else ())


def margin(state: State, seat: int) -> float:
    """``seat``'s score less the best score of the other seats (its score alone)."""
    scores = list(state.scores())
    mine = scores.pop(seat)
    return float(mine - max(scores, default=0))


class LearnedAgent:
    """Plays the legal action its network rates best (ties: the first in
    ``legal_actions()``)."""

    def __init__(self, seed: int, network: Network, name: str = "learned") -> None:
        self.name = name
        self.seed = seed
        self.model = NetworkModel(network)

    def select(self, state: State) -> Action:
        legal = decision_actions(state)
        (row,), _values = self.model.logits([state])
        return legal[max(range(len(legal)), key=row.__getitem__)]


LONGEST = 64
"""The most decisions a line of :class:`TurnAgent` follows (an Explore turn has fewer): in a
game where one seat moves on and on, its lines end there."""


class TurnAgent:
    """Searches its own turn. In one world its seat may believe in (``resample``), it follows
    the lines of its consecutive decisions, until another seat is to move or the game ends
    (chance drawn on the way, the same numbers on every line). At each step it follows the
    ``width`` moves its policy rates best, and fewer where its ``positions`` (the line ends it
    judges, shared evenly among a step's moves) run short: down to the one best move, so every
    line goes on to its turn's end. Each end is worth :meth:`NetworkModel.worth` (the margin
    then and, with a prospect, the points still to come); it plays the first move of the
    line worth most (ties: the first line found)."""

    def __init__(
        self, seed: int, network: Network, width: int = 3, positions: int = 100,
        name: str = "learned",
    ) -> None:  # fmt: skip
        if width < 1 or positions < 1:
            raise InvalidParameterError("a turn search keeps at least one move and position")
        self.name = name
        self.seed = seed
        self.width = width
        self.positions = positions
        self.model = NetworkModel(network)
        self._rng = make_rng(seed)

    def select(self, state: State) -> Action:
        legal = decision_actions(state)
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        world = state.resample(seat, self._rng)  # what this seat may know, nothing more
        chance = random.Random(self._rng.getrandbits(64))
        ends: list[tuple[Action, State]] = []
        self._follow(world, seat, None, self.positions, chance, ends)
        worth = self.model.worth(seat, [end for _move, end in ends])
        return ends[int(np.argmax(worth))][0]

    def _follow(
        self, state: State, seat: int, first: Action | None, positions: float,
        chance: random.Random, ends: list[tuple[Action, State]],
    ) -> None:  # fmt: skip
        """Follow ``state``'s lines from ``first`` (None: the decision itself) to at most
        ``positions`` ends, at least one; ``state`` and ``chance`` are this line's own."""
        for _step in range(LONGEST):
            while state.current_player() == CHANCE:
                state.apply(state.sample_chance(chance))
            if state.is_terminal() or state.current_player() != seat:
                break
            moves = self._ranked(state, state.legal_actions())[: max(1, int(positions))]
            if len(moves) > 1:
                for move in moves:
                    line = state.clone()
                    line.apply(move)
                    same = random.Random()
                    same.setstate(chance.getstate())
                    opening = move if first is None else first
                    self._follow(line, seat, opening, positions / len(moves), same, ends)
                return
            state.apply(moves[0])
            first = moves[0] if first is None else first
        if first is not None:
            ends.append((first, state))

    def _ranked(self, state: State, legal: Sequence[Action]) -> list[Action]:
        """The ``width`` legal moves the policy rates best, best first (ties: the first)."""
        if len(legal) == 1:
            return list(legal)
        (row,), _values = self.model.logits([state])
        order = sorted(range(len(legal)), key=lambda k: -row[k])
        return [legal[k] for k in order[: self.width]]


DECISIVE = 1e-9
"""The margin scale of a search guided by a network: a game's end scores 1, 0.5 or 0 for a
win, a tie or a loss, as the network's values (a chance to win) are learned."""


def learned_search(
    seed: int, network: Network, iterations: int, batch: int = 8, c: float = 1.5, name: str = ""
) -> MctsAgent:
    """A PUCT search of ``iterations`` walks a decision, guided by ``network``: its priors
    and values at the leaves (a search bot, bounded by a server like any other)."""
    return MctsAgent(
        seed=seed,
        iterations=iterations,
        model=NetworkModel(network),
        batch=batch,
        c=c,
        scale=DECISIVE,
        name=name or "learned",
    )
