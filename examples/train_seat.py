"""Train a small policy for one seat of a Terranova game through the Gymnasium interface,
and show it learn: a curve of its mean return against the opponents, saved as a PNG.

    PYTHONPATH=src .venv/bin/python examples/train_seat.py evolution-explore \
        --opponents random --episodes 2000 --out docs/images/train-evolution-explore.png

The policy is REINFORCE on a linear softmax over the legal actions (the action mask): the
logit of action ``a`` is ``bias[a] + weights[a] . (projection @ observation)``, where the
projection is a fixed random matrix to a few dimensions. Only the rows of the legal actions
are read and updated, so it stays cheap for games with large action spaces. NumPy only, on
the CPU. Every ``--every`` episodes the policy is measured on ``--eval`` fixed deals, never
trained on, playing as it plays in training (sampling, from a generator fixed per deal),
and the curve plots that measure: at 0 the policy is uniform, so the first point is
random play.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import curves
import numpy as np

from terranova.interop.gymnasium import SeatEnv


class Policy:
    """A linear softmax over the legal actions, on a random projection of the observation."""

    def __init__(self, actions: int, observation: int, features: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        scale = 1 / np.sqrt(features)
        self.projection = rng.normal(0, scale, (features, observation)).astype(np.float32)
        self.bias = np.zeros(actions, np.float32)
        self.weights = np.zeros((actions, features), np.float32)

    def features(self, observation: np.ndarray) -> np.ndarray:
        seen = np.flatnonzero(observation)
        return self.projection[:, seen] @ observation[seen]

    def probabilities(self, legal: np.ndarray, features: np.ndarray) -> np.ndarray:
        logits = self.bias[legal] + self.weights[legal] @ features
        logits -= logits.max()
        odds = np.exp(logits)
        return odds / odds.sum()


def episode(
    env: SeatEnv, policy: Policy, seed: int, rng: np.random.Generator
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game: its reward, and each decision's (legal actions, features, chosen position)."""
    observation, info = env.reset(seed=seed)
    steps = []
    while True:
        legal = info["legal_actions"]  # what the mask says, without scanning it
        features = policy.features(observation["observation"])
        odds = policy.probabilities(legal, features)
        pick = int(rng.choice(len(legal), p=odds))
        steps.append((legal, features, pick))
        observation, reward, terminated, truncated, info = env.step(int(legal[pick]))
        if terminated or truncated:
            return float(reward), steps


def learn(
    policy: Policy, steps: list[tuple[np.ndarray, np.ndarray, int]], advantage: float, rate: float
) -> None:
    """REINFORCE: move each chosen action's log-probability along the advantage."""
    for legal, features, pick in steps:
        odds = policy.probabilities(legal, features)
        grad = -odds
        grad[pick] += 1
        policy.bias[legal] += rate * advantage * grad
        policy.weights[legal] += rate * advantage * np.outer(grad, features)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--opponents", default="random", help="bot spec(s), comma-separated")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--every", type=int, default=100, help="episodes between measures")
    parser.add_argument("--eval", type=int, default=100, help="deals of each measure")
    parser.add_argument("--features", type=int, default=16)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("train.png"))
    args = parser.parse_args()

    env = SeatEnv(args.game, opponents=args.opponents.split(","), players=args.players)
    size = env.observation_space["observation"].shape[0]
    policy = Policy(int(env.action_space.n), size, args.features, args.seed)
    rng = np.random.default_rng(args.seed)
    # the measure: fixed deals, never trained on (seeds from 10**6 on)
    deals = [10**6 + i for i in range(args.eval)]

    def measure() -> float:
        # the policy as it plays: sampled, from a generator fixed per deal
        return float(np.mean([episode(env, policy, s, np.random.default_rng(s))[0] for s in deals]))

    curve = [(0, measure())]
    print(f"episode 0: mean return {curve[-1][1]:.2f} over {args.eval} fixed deals")
    mean, spread = 0.0, 1.0
    start = time.process_time()
    for n in range(1, args.episodes + 1):
        reward, steps = episode(env, policy, args.seed * 10**7 + n, rng)
        # the advantage: the reward against a running mean, in running standard deviations
        weight = 1 / min(n, 100)
        mean += (reward - mean) * weight
        spread += ((reward - mean) ** 2 - spread) * weight
        learn(policy, steps, (reward - mean) / max(np.sqrt(spread), 1e-6), args.rate)
        if n % args.every == 0:
            curve.append((n, measure()))
            print(
                f"episode {n}: mean return {curve[-1][1]:.2f}  "
                f"({time.process_time() - start:.0f} s)"
            )
    plot(curve, args)


def plot(curve: list[tuple[int, float]], args: argparse.Namespace) -> None:
    curves.plot(
        curve,
        args.out,
        xlabel="training games",
        ylabel=f"mean return over {args.eval} fixed deals",
        title=f"{args.game}: REINFORCE vs {args.opponents}",
    )


if __name__ == "__main__":
    main()
