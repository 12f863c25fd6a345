"""Train sb3-contrib's MaskablePPO on one seat of a Terranova game, through its registered
Gymnasium id, and draw its learning curve: the mean return on fixed deals, never trained on.

    pip install -e '.[learn]'   # sb3-contrib and torch (an optional extra)
    PYTHONPATH=src .venv/bin/python examples/maskable_ppo.py terranova/evolution-explore-v1 \
        --opponents random --steps 40000 --every 4000 \
        --out docs/images/maskable-ppo-evolution-explore.png

The environment is ``gymnasium.make(id, opponents=...)`` as it is registered
(``terranova.interop.gymnasium``): a dict of the seat's observation and its action mask.
MaskablePPO reads the mask through the environment's ``action_masks()``, so it only ever
picks legal actions; its policy is SB3's ``MultiInputPolicy`` (it reads the mask as an input
too). Every ``--every`` steps the policy plays ``--eval`` games from deals fixed for the run,
choosing its most likely legal action, and the curve plots their mean return. ``--every``
is rounded up to whole rollouts of ``--n-steps``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import curves
import gymnasium
from sb3_contrib import MaskablePPO

import terranova.interop.gymnasium  # noqa: F401  (registers the ids)


def measure(model: MaskablePPO, env: gymnasium.Env, games: int) -> float:
    """The mean return of ``games`` games from fixed deals, the policy's most likely moves."""
    total = 0.0
    for game in range(games):
        observation, _info = env.reset(seed=10**6 + game)
        done = False
        while not done:
            mask = env.unwrapped.action_masks()
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            observation, reward, terminated, truncated, _info = env.step(int(action))
            total += float(reward)
            done = terminated or truncated
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("env_id", help="a registered id, e.g. terranova/evolution-explore-v1")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=20_000, help="learner's decisions in all")
    parser.add_argument("--every", type=int, default=2_000, help="steps between two measures")
    parser.add_argument("--eval", type=int, default=20, help="games of each measure")
    parser.add_argument("--n-steps", type=int, default=512, help="PPO's rollout length")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("maskable-ppo.png"))
    args = parser.parse_args()

    def make() -> gymnasium.Env:
        return gymnasium.make(args.env_id, players=args.players, opponents=args.opponents)

    env, judge = make(), make()
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=args.n_steps,
        batch_size=64,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    curve = [(0, measure(model, judge, args.eval))]
    print(f"step 0: mean return {curve[-1][1]:.1f}", flush=True)
    start = time.process_time()
    while curve[-1][0] < args.steps:
        model.learn(args.every, reset_num_timesteps=False)
        curve.append((int(model.num_timesteps), measure(model, judge, args.eval)))
        print(
            f"step {curve[-1][0]}: mean return {curve[-1][1]:.1f} "
            f"({time.process_time() - start:.0f} s of CPU)",
            flush=True,
        )
    curves.plot(
        curve,
        args.out,
        xlabel="learner's decisions",
        ylabel=f"mean return over {args.eval} games",
        title=f"{args.env_id}: MaskablePPO vs {args.opponents}",
    )


if __name__ == "__main__":
    main()
