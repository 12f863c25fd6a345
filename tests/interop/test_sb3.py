"""Stable-Baselines3 on the registered ids: SB3's own ``check_env``, and sb3-contrib's
MaskablePPO learning through the action mask. They need the ``learn`` extra (torch), which
``make test`` does not install: ``make test-learn`` installs it and runs these."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest

from terranova.interop.gymnasium import env_ids

from .test_examples import run_script, run_snippets

pytestmark = pytest.mark.learn

WHY = "needs the learn extra: make test-learn"


@pytest.fixture
def sb3_contrib() -> Any:
    """sb3-contrib, imported by the tests that run: ``make test`` deselects them (marked
    ``learn``) and never imports it, so it is neither needed nor reported as skipped."""
    return pytest.importorskip("sb3_contrib", reason=WHY)


@pytest.fixture
def env_checker() -> Any:
    return pytest.importorskip("stable_baselines3.common.env_checker", reason=WHY)


@pytest.mark.parametrize("env_id", sorted(env_ids()))
def test_sb3_check_env_passes_on_every_registered_id(env_id: str, env_checker: Any) -> None:
    env = gymnasium.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # SB3's warnings count as failures
        env_checker.check_env(env.unwrapped, warn=True)


def test_maskable_ppo_learns_and_only_picks_legal_actions(sb3_contrib: Any) -> None:
    env = gymnasium.make("terranova/evolution-explore-v1", players=2, opponents="random")
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=64, batch_size=32, seed=3, device="cpu"
    )
    model.learn(128)
    observation, _info = env.reset(seed=5)
    done = False
    while not done:
        mask = env.unwrapped.action_masks()
        assert mask.dtype == np.bool_ and mask.any()
        action, _ = model.predict(observation, action_masks=mask)
        assert mask[int(action)]
        observation, _reward, terminated, truncated, info = env.step(int(action))
        assert info.get("illegal") is not True
        done = terminated or truncated
    assert not env.unwrapped.action_masks().any()


def test_the_maskable_ppo_example_runs_and_draws_its_curve(
    tmp_path: Path, sb3_contrib: Any
) -> None:
    out = tmp_path / "curve.png"
    done = run_script(
        "examples/maskable_ppo.py", "terranova/evolution-explore-v1", "--steps", "128",
        "--every", "128", "--n-steps", "64", "--eval", "1", "--out", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "step 128: mean return" in done.stdout
    assert out.read_bytes().startswith(b"\x89PNG")


def test_the_sb3_snippets_of_the_docs_run_as_written(sb3_contrib: Any) -> None:
    blocks, names = run_snippets("python sb3")
    assert blocks and names["action"] is not None
