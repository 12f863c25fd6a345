"""Tournaments: seatings, results and their files, workers and Ray giving the same results,
the statistics, the SPRT and the command."""

from __future__ import annotations

import builtins
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from terranova.arena.backends import deal_backend
from terranova.arena.plots import write_results
from terranova.arena.ray_backend import RayBackend
from terranova.arena.stats import (
    Sprt,
    bootstrap_ratings,
    bradley_terry,
    mean_interval,
    t_quantile_975,
    wald_errors,
)
from terranova.arena.tournament import (
    TournamentConfig,
    TournamentResult,
    bot_labels,
    play_deal,
    run_tournament,
    seatings,
)
from terranova.cli import app
from terranova.core import InvalidParameterError, TerranovaError

PNG = b"\x89PNG\r\n\x1a\n"


def _comparable(result: TournamentResult) -> dict[str, Any]:
    """The JSON document without the timing, the one part that varies between runs."""
    data = result.to_dict()
    data.pop("timing")
    return data


# -------------------------------------------------------------------- seatings


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (3, 3), (4, 4), (5, 5), (3, 2), (5, 3)])
def test_every_bot_plays_every_seat_equally_often(bots: int, players: int) -> None:
    games = seatings(bots, players)
    counts = np.zeros((bots, players), dtype=int)
    for seating in games:
        assert len(set(seating)) == players
        for seat, bot in enumerate(seating):
            counts[bot, seat] += 1
    assert (counts == counts[0, 0]).all()
    expected_tables = math.comb(bots, players)
    per_table = math.factorial(players) if players <= 3 else players
    assert len(games) == expected_tables * per_table
    assert len(set(games)) == len(games)


def test_labels_number_repeated_specs() -> None:
    assert bot_labels(["a", "b"]) == ["a", "b"]
    assert bot_labels(["g", "g", "r"]) == ["g #0", "g #1", "r"]


def test_config_rounds_games_up_to_whole_deals_and_checks_everything() -> None:
    config = TournamentConfig(
        "discovery", ["greedy", "random", "random"], players=3, games=7, seed=1
    )
    assert (config.games_per_deal, config.deals) == (6, 2)
    with pytest.raises(InvalidParameterError):
        TournamentConfig("discovery", ["greedy"], players=2, games=2, seed=1)
    with pytest.raises(InvalidParameterError):
        TournamentConfig("discovery", ["greedy", "nobody"], players=2, games=2, seed=1)
    with pytest.raises(InvalidParameterError):
        TournamentConfig("discovery", ["greedy", "random"], players=2, games=0, seed=1)
    with pytest.raises(InvalidParameterError):
        TournamentConfig("discovery", ["a", "b", "c", "d", "e", "f"], players=6, games=1, seed=1)
    with pytest.raises(InvalidParameterError):
        TournamentConfig("discovery", ["greedy", "random"], 2, 2, 1, {"hand": "7"})
    with pytest.raises(InvalidParameterError):
        TournamentConfig(
            "discovery", ["greedy", "random", "random"], 2, 2, 1, sprt=Sprt.parse("0.5,0.6")
        )
    assert TournamentConfig.from_dict(config.to_dict()) == config


def test_a_deal_is_the_same_tiles_for_every_seating() -> None:
    config = TournamentConfig("discovery", ["random", "random"], players=2, games=2, seed=4)
    deal = play_deal(config, 0)
    assert [g.seating for g in deal.games] == [(0, 1), (1, 0)]
    again = play_deal(config, 0)
    assert again.games == deal.games  # a pure function of the config and the deal
    assert play_deal(config, 1).games != deal.games


# ---------------------------------------------------------- running and results


@pytest.fixture(scope="module")
def small() -> TournamentResult:
    config = TournamentConfig(
        "discovery", ["greedy", "random", "mcts:iterations=60"], players=2, games=12, seed=7
    )
    return run_tournament(config, workers=1)


def test_results_count_every_game(small: TournamentResult) -> None:
    assert (small.deals, small.games) == (2, 12)
    assert [b.games for b in small.bots] == [8, 8, 8]
    assert sum(b.win_share for b in small.bots) == pytest.approx(12)
    data = small.to_dict()
    assert data["format"] == "terranova-tournament/1"
    assert len(data["outcomes"]) == 12
    assert data["pairwise"][0][1]["games"] == 4
    assert data["pairwise"][0][0] is None
    greedy, rand, mcts = small.ratings
    assert rand.rating < greedy.rating < mcts.rating
    for rating in small.ratings:
        assert rating.low <= rating.rating <= rating.high
    assert data["score_difference"] is None  # three bots
    assert data["timing"]["bots"][2]["decisions"] > 0


def test_json_and_plots_are_written(small: TournamentResult, tmp_path: Path) -> None:
    paths = write_results(small, tmp_path / "out")
    names = sorted(p.name for p in paths)
    assert names == ["pairwise.png", "ratings.png", "results.json", "scores.png"]
    data = json.loads((tmp_path / "out" / "results.json").read_text())
    assert data["games"] == 12
    assert [b["spec"] for b in data["bots"]] == ["greedy", "random", "mcts:iterations=60"]
    for name in ("ratings.png", "scores.png", "pairwise.png"):
        blob = (tmp_path / "out" / name).read_bytes()
        assert blob.startswith(PNG)
        assert len(blob) > 5000


def test_results_do_not_depend_on_the_workers(small: TournamentResult) -> None:
    again = run_tournament(small.config, workers=2)
    assert again.workers == 2
    assert _comparable(again) == _comparable(small)


def test_ray_backend_gives_the_same_results() -> None:
    pytest.importorskip("ray")
    config = TournamentConfig("discovery", ["greedy", "random"], players=2, games=4, seed=11)
    local = run_tournament(config, workers=1)
    remote = run_tournament(config, workers=2, backend=RayBackend())
    assert remote.backend == "ray"
    assert _comparable(remote) == _comparable(local)


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    config = TournamentConfig("discovery", ["greedy", "random"], players=2, games=2, seed=1)
    with pytest.raises(TerranovaError, match=r"terranova\[ray\]"):
        run_tournament(config, backend=RayBackend())


def test_bad_backend_or_workers_are_refused() -> None:
    config = TournamentConfig("discovery", ["greedy", "random"], players=2, games=2, seed=1)
    with pytest.raises(InvalidParameterError):
        deal_backend("cloud")
    with pytest.raises(InvalidParameterError):
        run_tournament(config, workers=0)
    with pytest.raises(InvalidParameterError):
        deal_backend("local", address="127.0.0.1:6379")


def test_two_bots_give_a_score_difference() -> None:
    config = TournamentConfig("discovery", ["greedy", "random"], players=2, games=6, seed=2)
    result = run_tournament(config)
    difference = result.score_difference()
    assert difference is not None
    assert difference.n == 3
    assert difference.low < difference.mean < difference.high
    assert difference.mean > 20  # greedy beats random by far
    per_game = [
        g.scores[g.seating.index(0)] - g.scores[g.seating.index(1)] for g in result.outcomes
    ]
    assert difference.mean == pytest.approx(sum(per_game) / len(per_game))


# -------------------------------------------------------------------------- SPRT


def test_sprt_stops_early_on_a_clear_case() -> None:
    config = TournamentConfig(
        "discovery", ["greedy", "random"], players=2, games=200, seed=3, sprt=Sprt.parse("0.5,0.8")
    )
    seen: list[int] = []
    result = run_tournament(config, on_deal=lambda deal, _: seen.append(deal.deal))
    assert result.sprt is not None
    assert result.sprt.decision == "H1"
    assert result.stopped_early
    # greedy wins every game: LLR grows by log(0.8/0.5) = 0.47 a game, past log(19) = 2.94
    # after 7 games, so in the 4th deal of 2
    assert (result.deals, result.games) == (4, 8)
    assert seen == [0, 1, 2, 3]
    assert result.to_dict()["sprt"]["decided_after_deal"] == 3
    again = run_tournament(config, workers=2)
    assert _comparable(again) == _comparable(result)


def test_sprt_accepts_h0_when_the_first_bot_is_weaker() -> None:
    config = TournamentConfig(
        "discovery", ["random", "greedy"], players=2, games=100, seed=3, sprt=Sprt.parse("0.5,0.7")
    )
    result = run_tournament(config)
    assert result.sprt is not None
    assert result.sprt.decision == "H0"
    assert result.games < 100


def test_sprt_bounds_and_parsing() -> None:
    test = Sprt.parse("0.5, 0.6, 0.01, 0.2")
    assert (test.p0, test.p1, test.alpha, test.beta) == (0.5, 0.6, 0.01, 0.2)
    assert test.lower == pytest.approx(math.log(0.2 / 0.99))
    assert test.upper == pytest.approx(math.log(0.8 / 0.01))
    assert test.decide(0.0) is None
    for bad in ("0.5", "0.5,0.5", "0,0.6", "0.5,0.6,0.7,0.1", "a,b"):
        with pytest.raises(InvalidParameterError):
            Sprt.parse(bad)


# -------------------------------------------------------------------- statistics


def test_bradley_terry_recovers_known_strengths() -> None:
    # strengths 4 : 2 : 1, so i beats j with probability s_i / (s_i + s_j), many games
    strength = [4.0, 2.0, 1.0]
    wins = np.array(
        [
            [0.0 if i == j else 3000 * s / (s + t) for j, t in enumerate(strength)]
            for i, s in enumerate(strength)
        ]
    )
    ratings = bradley_terry(wins, prior=0.0)
    gap = 400 * math.log10(2)
    assert ratings[0] - ratings[1] == pytest.approx(gap, abs=0.5)
    assert ratings[1] - ratings[2] == pytest.approx(gap, abs=0.5)
    assert sum(ratings) == pytest.approx(0.0, abs=1e-6)
    assert all(e > 0 for e in wald_errors(wins))


def test_bootstrap_intervals_cover_the_estimate_and_are_seeded() -> None:
    rng = np.random.default_rng(0)
    per_deal = np.zeros((40, 2, 2))
    for d in range(40):
        a = rng.binomial(2, 0.7)
        per_deal[d, 0, 1], per_deal[d, 1, 0] = a, 2 - a
    first = bootstrap_ratings(per_deal, 300, seed=5)
    assert first == bootstrap_ratings(per_deal, 300, seed=5)
    for r in first:
        assert r.low < r.rating < r.high
    assert first[0].rating > 0 > first[1].rating
    # one-sided results keep a finite rating and an honest (non-empty) interval
    sweep = np.zeros((10, 2, 2))
    sweep[:, 0, 1] = 2
    strong, weak = bootstrap_ratings(sweep, 200, seed=1)
    assert math.isfinite(strong.rating)
    assert strong.low < strong.rating < strong.high
    assert weak.rating == pytest.approx(-strong.rating)


def test_mean_interval_and_t_quantiles() -> None:
    assert t_quantile_975(1) == pytest.approx(12.706)
    assert t_quantile_975(30) == pytest.approx(2.042, abs=1e-3)
    assert t_quantile_975(100) == pytest.approx(1.984, abs=1e-3)
    m = mean_interval([2.0, 4.0, 6.0])
    assert m.mean == 4.0
    assert m.high - m.mean == pytest.approx(4.303 * 2 / math.sqrt(3))
    assert math.isinf(mean_interval([1.0]).high)


# ----------------------------------------------------------------------- command


def test_tournament_command(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "discovery",
            "--bots",
            "greedy,random",
            "--games",
            "4",
            "--seed",
            "5",
            "--out",
            str(out),
            "--sprt",
            "0.5,0.9",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Score difference greedy - random" in result.output
    assert "SPRT" in result.output
    data = json.loads((out / "results.json").read_text())
    assert data["seed"] == 5
    assert data["players"] == 2
    assert (out / "ratings.png").is_file()
    assert (out / "scores.png").is_file()


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "greedy"],
        ["--bots", "greedy,wizard"],
        ["--bots", "greedy,random", "--backend", "cloud"],
        ["--bots", "greedy,random,random", "--players", "2", "--sprt", "0.5,0.6"],
        ["--bots", "greedy,random", "--sprt", "half"],
    ],
)
def test_tournament_command_refuses_bad_options(args: list[str], tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["tournament", "discovery", *args, "--games", "2", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "error" in result.output
