"""An AlphaZero-style loop on one game, NumPy only: a small network gives a search its
priors and values (PUCT, ``MctsAgent(model=...)``), the search plays itself, and the
network learns from its games; a curve of its wins against a fixed opponent, as a PNG.

    PYTHONPATH=src .venv/bin/python examples/alphazero.py evolution-explore \
        --generations 12 --games 16 --out docs/images/alphazero-evolution-explore.png

Each generation:

1. **Self-play.** ``--games`` games of two seats, every seat the same search
   (``--iterations`` walks a decision, ``--batch`` leaves a call of the network), moves
   drawn in proportion to the root's visits for the first ``--explore`` decisions of a
   game, the most visited after. Each decision with a choice gives an example: the
   observation of the seat to move (``terranova.interop.encode``), the share of the root's
   visits each legal action had, and at the end whether that seat won (1), lost (0) or
   tied (0.5).
2. **Learning.** ``--epochs`` passes of minibatch gradient descent over the last
   ``--window`` generations' examples: cross-entropy of the network's policy (a softmax over
   the legal actions only) against the visit shares, plus the squared error of its value.
3. **The measure.** The search with the network plays ``--eval`` games against
   ``--opponent``, seats swapped every game, from deals fixed for the whole run; the curve
   is its score (a win 1, a tie 0.5). Generation 0 is the untrained network.

The network: the observation, a hidden layer of ``--hidden`` tanh units, then a logit for
every action of the encoding and one value (a sigmoid: the seat to move's chance to win).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path

import curves
import numpy as np

import terranova
from terranova.agents import MctsAgent, make_agent
from terranova.agents.puct import Evaluation
from terranova.core.state import CHANCE, State
from terranova.interop.encode import action_index, encode
from terranova.interop.table import Table


class Network:
    """Observation -> tanh layer -> (action logits, value logit)."""

    def __init__(self, inputs: int, actions: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.w1 = rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.wp = rng.normal(0, 0.01, (hidden, actions)).astype(np.float32)
        self.bp = np.zeros(actions, np.float32)
        self.wv = rng.normal(0, 0.01, hidden).astype(np.float32)
        self.bv = np.float32(0)

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.w1 + self.b1)
        return h, h @ self.wp + self.bp, 1 / (1 + np.exp(-(h @ self.wv + self.bv)))

    def learn(
        self, x: np.ndarray, masks: np.ndarray, targets: np.ndarray, z: np.ndarray, rate: float
    ) -> float:
        """One gradient step on a minibatch; the loss before it."""
        h, logits, value = self.forward(x)
        logits = np.where(masks, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits) * masks
        odds /= odds.sum(axis=1, keepdims=True)
        n = len(x)
        loss = float(-(targets * np.log(odds + 1e-9)).sum() / n + ((value - z) ** 2).mean())
        d_logits = (odds - targets) / n
        d_value = 2 * (value - z) * value * (1 - value) / n
        d_h = d_logits @ self.wp.T + np.outer(d_value, self.wv)
        d_pre = d_h * (1 - h**2)
        self.wp -= rate * h.T @ d_logits
        self.bp -= rate * d_logits.sum(axis=0)
        self.wv -= rate * h.T @ d_value
        self.bv -= rate * d_value.sum()
        self.w1 -= rate * x.T @ d_pre
        self.b1 -= rate * d_pre.sum(axis=0)
        return loss


class Guide:
    """The network as the search's model (terranova.agents.puct.Evaluator)."""

    def __init__(self, network: Network, encoding: str = "standard") -> None:
        self.network = network
        self.encoding = encoding

    def evaluate(self, states: Sequence[State]) -> list[Evaluation]:
        x = np.stack([encode(s, s.current_player(), self.encoding) for s in states])
        _, logits, values = self.network.forward(x)
        out = []
        for state, row, value in zip(states, logits, values, strict=True):
            table = Table.of(state, self.encoding)
            legal = state.legal_actions()
            index = {a: i for i, a in table.legal().items()}
            chosen = row[[index[a] for a in legal]]
            odds = np.exp(chosen - chosen.max())
            seat = state.current_player()
            win = float(value)
            values_of = [1 - win] * state.num_seats
            values_of[seat] = win
            out.append(Evaluation(values_of, (odds / odds.sum()).tolist()))
        return out


def deal(game: str, seed: int) -> State:
    """A new two-seat game, its opening chance drawn from ``seed``."""
    state = terranova.make(game, players=2)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    return state


def play_on(state: State, rng: random.Random) -> None:
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))


def self_play(game: str, guide: Guide, args: argparse.Namespace, seed: int) -> list[tuple]:
    """One game of the search against itself; its examples."""
    rng = random.Random(seed)
    state = deal(game, seed)
    bot = MctsAgent(seed=seed, iterations=args.iterations, model=guide, batch=args.batch)
    examples: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            play_on(state, rng)
            continue
        best = bot.select(state)
        choices = bot.last_choices
        visits = np.array([c.visits for c in choices], np.float64)
        size = Table.of(state).coding.actions.size
        mask = np.zeros(size, bool)
        target = np.zeros(size, np.float32)
        for a in legal:
            mask[action_index(state, a)] = True
        for c, v in zip(choices, visits, strict=True):
            target[action_index(state, c.action)] = v / visits.sum()
        examples.append((encode(state, seat), mask, target, seat))
        if decisions < args.explore:
            move = choices[
                int(
                    np.random.default_rng(seed + decisions).choice(
                        len(choices), p=visits / visits.sum()
                    )
                )
            ].action
        else:
            move = best
        state.apply(move)
        decisions += 1
        play_on(state, rng)
    returns = state.returns()
    result = [
        0.5 if returns[0] == returns[1] else float(returns[s] > returns[1 - s]) for s in range(2)
    ]
    return [(x, m, t, result[s]) for x, m, t, s in examples]


def measure(game: str, guide: Guide, args: argparse.Namespace) -> float:
    """The search with the network against ``--opponent``: its mean score."""
    score = 0.0
    for g in range(args.eval):
        seed = 10**6 + g // 2  # each deal played twice, seats swapped
        ours = g % 2
        rng = random.Random(seed)
        state = deal(game, seed)
        bots = {
            ours: MctsAgent(seed=seed, iterations=args.iterations, model=guide, batch=args.batch),
            1 - ours: make_agent(args.opponent, seed=seed),
        }
        while not state.is_terminal():
            state.apply(bots[state.current_player()].select(state))
            play_on(state, rng)
        mine, theirs = state.returns()[ours], state.returns()[1 - ours]
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return score / args.eval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--generations", type=int, default=12)
    parser.add_argument("--games", type=int, default=16, help="self-play games a generation")
    parser.add_argument("--iterations", type=int, default=48)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--explore", type=int, default=8, help="decisions drawn by visits")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--window", type=int, default=4, help="generations trained on")
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--eval", type=int, default=40, help="games of each measure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("alphazero.png"))
    args = parser.parse_args()

    probe = deal(args.game, 0)
    table = Table.of(probe)
    network = Network(
        table.coding.observation_size, table.coding.actions.size, args.hidden, args.seed
    )
    guide = Guide(network)
    rng = np.random.default_rng(args.seed)
    curve = [(0, measure(args.game, guide, args))]
    print(f"generation 0: score {curve[-1][1]:.2f} against {args.opponent}", flush=True)
    kept: list[list[tuple]] = []
    start = time.process_time()
    for generation in range(1, args.generations + 1):
        games = [
            self_play(args.game, guide, args, args.seed * 10**6 + generation * 1000 + g)
            for g in range(args.games)
        ]
        kept = [*kept, [e for g in games for e in g]][-args.window :]
        examples = [e for batch in kept for e in batch]
        x = np.stack([e[0] for e in examples])
        masks = np.stack([e[1] for e in examples])
        targets = np.stack([e[2] for e in examples])
        z = np.array([e[3] for e in examples], np.float32)
        losses = []
        for _ in range(args.epochs):
            order = rng.permutation(len(x))
            for part in np.array_split(order, max(1, len(x) // 64)):
                losses.append(
                    network.learn(x[part], masks[part], targets[part], z[part], args.rate)
                )
        curve.append((generation, measure(args.game, guide, args)))
        print(
            f"generation {generation}: score {curve[-1][1]:.2f} against {args.opponent}, "
            f"loss {np.mean(losses):.3f}, {len(x)} examples "
            f"({time.process_time() - start:.0f} s)",
            flush=True,
        )
    plot(curve, args)


def plot(curve: list[tuple[int, float]], args: argparse.Namespace) -> None:
    curves.plot(
        curve,
        args.out,
        xlabel=f"generation ({args.games} self-play games each)",
        ylabel=f"score over {args.eval} games",
        title=f"{args.game}: PUCT {args.iterations} + network vs {args.opponent}",
        bounds=(0, 1),
        level=0.5,
    )


if __name__ == "__main__":
    main()
