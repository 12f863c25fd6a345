"""Train the network the ``learned`` bot plays by: imitation of a teacher bot, then rounds of
DAgger, NumPy only. It wrote ``games/evolution/data/explore-learned.npz``:

    PYTHONPATH=src .venv/bin/python scripts/train_learned.py evolution-explore \
        --out src/terranova/games/evolution/data/explore-learned.npz

1. **Imitation.** ``--games`` games of the teacher (``--teacher``, a bot spec) against
   itself, a random move now and then (``--epsilon``) so that it meets positions it would
   not make. Each decision with a choice is an example: the observation of the seat to move
   (its game's encoding, from ``view(seat)`` only), its legal actions, the teacher's move,
   and whether that seat won the game (1), tied (0.5) or lost (0).
2. **Learning.** ``--epochs`` passes of Adam over minibatches: the cross-entropy of the
   network's policy (a softmax over the legal actions) against the teacher's move, plus the
   squared error of its value (a sigmoid) against the result.
3. **DAgger** (``--rounds``). The network plays one seat of ``--games / 2`` new games, the
   teacher the other; every decision of both is labelled with the teacher's move and added
   to the examples, and the network learns again from all of them (half the epochs, at
   half the rate). It so learns the teacher's answer in the positions its own mistakes
   lead to.

After each step, the network (as saved: float16) plays ``--eval`` games against the teacher
and each bot of ``--also``, each deal twice with seats swapped; the shares it won are
printed, and with ``--plot`` drawn. The same arguments give the same network.

**The prospect** (``--prospect GAMES --start NETWORK``) is learned after, from games rather
than from a teacher: it wrote the prospect of the shipped network:

    PYTHONPATH=src .venv/bin/python scripts/train_learned.py evolution-explore \
        --prospect 6000 --workers 2 --hidden 128 --epochs 15 \
        --start src/terranova/games/evolution/data/explore-learned.npz \
        --out src/terranova/games/evolution/data/explore-learned.npz

1. **Games.** The turn search (:class:`~terranova.agents.learned.TurnAgent`) of the start
   network without a prospect (each line's end worth the margin over the other seat now)
   plays itself ``GAMES`` times, a random move one time in 20 (``--workers`` processes,
   each its share of the deals; the examples, and so the network, depend on their number).
   Whenever a seat's turn ends (another seat is to move), its view is an example, and what
   its margin still gained or lost by the end of the game is the answer.
2. **Learning.** ``--epochs`` passes of Adam over the squared error of a tanh layer
   (the first width of ``--hidden``) and a linear unit, in units of ``SCALE`` points; a
   tenth of the games are held out and the error on them printed after each pass (and
   drawn with ``--plot``), next to the error of always answering their mean.
3. **The measure.** The turn search with the prospect, and without it, play ``--eval``
   games against each bot of ``--also`` as above.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import multiprocessing
import random
import resource
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import terranova
from terranova.agents import make_agent
from terranova.agents.learned import LearnedAgent, Network, TurnAgent, margin
from terranova.core.agent import Agent
from terranova.core.encoding import Encoding, encoding_of
from terranova.core.errors import TerranovaError
from terranova.core.records import play
from terranova.core.registry import game_info
from terranova.core.state import CHANCE, State

MEASURED = 10**12
"""The first deal's seed of the measures: far from every seed the examples are drawn from
(``--seed`` times a million, and up), so a measure never plays a deal it learned from."""

Examples = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Observations, packed legal masks, the teacher's moves (indices) and the results."""


def deal(game: str, players: int, seed: int) -> tuple[State, random.Random]:
    """A new game, its opening chance drawn, and the generator of its chance."""
    state = terranova.make(game, players=players)
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    return state, rng


def collect(
    args: argparse.Namespace, coding: Encoding, seed: int, games: int, student: Agent | None
) -> Examples:
    """Examples of ``games`` games: the teacher's moves at every decision with a choice;
    with ``student``, it plays one seat (alternately the first and the second)."""
    xs, masks, moves, owners, results = [], [], [], [], []
    for game in range(games):
        state, rng = deal(args.game, args.players, seed + game)
        teacher = make_agent(args.teacher, seed=seed + game)
        chooser = random.Random(seed + game)
        first = len(xs)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            seat = state.current_player()
            best = teacher.select(state)
            columns = coding.actions.decoder(legal)
            column = {action: index for index, action in columns.items()}
            listed = legal if coding.listing is not None else ()
            xs.append(coding.observation(state.view(seat), listed))
            mask = np.zeros(coding.actions.size, bool)
            mask[list(columns)] = True
            masks.append(np.packbits(mask))
            moves.append(column[best])
            owners.append(seat)
            move = best
            if student is not None and seat == game % 2:
                move = student.select(state)
            if chooser.random() < args.epsilon:
                move = chooser.choice(legal)
            state.apply(move)
        returns = state.returns()
        best_return = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best_return]
        for k in range(first, len(xs)):
            seat = owners[k]
            results.append(0.0 if seat not in winners else 1.0 / len(winners))
    return (
        np.stack(xs),
        np.stack(masks),
        np.array(moves, np.int64),
        np.array(results, np.float32),
    )


def joined(a: Examples, b: Examples) -> Examples:
    return (
        np.concatenate([a[0], b[0]]),
        np.concatenate([a[1], b[1]]),
        np.concatenate([a[2], b[2]]),
        np.concatenate([a[3], b[3]]),
    )


class Adam:
    """Adam's steps over a list of arrays, changed in place."""

    def __init__(self, params: list[np.ndarray], rate: float) -> None:
        self.params = params
        self.rate = rate
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= self.rate * (m / (1 - 0.9**self.t)) / (np.sqrt(v / (1 - 0.999**self.t)) + 1e-8)


def new_network(args: argparse.Namespace, coding: Encoding, params: dict[str, Any]) -> Network:
    rng = np.random.default_rng(args.seed)
    sizes = [coding.observation_size, *args.hidden]
    hidden = tuple(
        (
            rng.normal(0, 1 / np.sqrt(a), (a, b)).astype(np.float32),
            np.zeros(b, np.float32),
        )
        for a, b in itertools.pairwise(sizes)
    )
    width = sizes[-1]
    return Network(
        hidden,
        (
            rng.normal(0, 0.01, (width, coding.actions.size)).astype(np.float32),
            np.zeros(coding.actions.size, np.float32),
        ),
        (rng.normal(0, 0.01, (width, 1)).astype(np.float32), np.zeros(1, np.float32)),
        args.game,
        params,
    )


def learn(network: Network, examples: Examples, epochs: int, rate: float, seed: int) -> Network:
    """The network after ``epochs`` passes over ``examples`` (a copy; it is not changed)."""
    x, packed, moves, results = examples
    actions = network.actions
    weights = [w.copy() for w, _b in network.hidden]
    biases = [b.copy() for _w, b in network.hidden]
    wp, bp = (a.copy() for a in network.policy)
    wv, bv = (a.copy() for a in network.value)
    adam = Adam([*weights, *biases, wp, bp, wv, bv], rate)
    rng = np.random.default_rng(seed)
    for epoch in range(epochs):
        losses = []
        for part in np.array_split(rng.permutation(len(x)), max(1, len(x) // 256)):
            mask = np.unpackbits(packed[part], axis=1, count=actions).astype(bool)
            layers = [x[part]]
            for w, b in zip(weights, biases, strict=True):
                layers.append(np.tanh(layers[-1] @ w + b))
            top = layers[-1]
            logits = np.where(mask, top @ wp + bp, -1e9)
            logits -= logits.max(axis=1, keepdims=True)
            odds = np.exp(logits) * mask
            odds /= odds.sum(axis=1, keepdims=True)
            value = 1 / (1 + np.exp(-(top @ wv + bv)[:, 0]))
            n = len(part)
            rows = np.arange(n)
            losses.append(
                float(-np.log(odds[rows, moves[part]] + 1e-9).mean())
                + float(((value - results[part]) ** 2).mean())
            )
            d_logits = odds
            d_logits[rows, moves[part]] -= 1
            d_logits /= n
            d_value = 2 * (value - results[part]) * value * (1 - value) / n
            grads_w: list[np.ndarray] = []
            grads_b: list[np.ndarray] = []
            d_top = d_logits @ wp.T + d_value[:, None] @ wv.T
            head = [top.T @ d_logits, d_logits.sum(axis=0), top.T @ d_value[:, None]]
            head.append(d_value.sum(keepdims=True))
            for k in reversed(range(len(weights))):
                d_pre = d_top * (1 - layers[k + 1] ** 2)
                grads_w.insert(0, layers[k].T @ d_pre)
                grads_b.insert(0, d_pre.sum(axis=0))
                d_top = d_pre @ weights[k].T
            adam.step([*grads_w, *grads_b, *head])
        print(f"  epoch {epoch + 1}: loss {np.mean(losses):.3f}", flush=True)
    return Network(
        tuple(zip(weights, biases, strict=True)),
        (wp, bp),
        (wv, bv),
        network.game,
        network.params,
        network.encoding,
    )


def saved(network: Network, out: Path) -> Network:
    """Save the network (float16, as shipped) and read it back."""
    out.parent.mkdir(parents=True, exist_ok=True)
    network.save(out)
    return Network.load(out)


def measure(
    args: argparse.Namespace,
    network: Network,
    opponent: str,
    bot: Callable[[int, Network], Agent] = LearnedAgent,
) -> float:
    """The share of ``--eval`` games ``bot`` of the network won against ``opponent``, each
    deal played twice, seats swapped."""
    won = 0.0
    for game in range(args.eval):
        mine = game % 2
        bots: list[Agent] = [make_agent(opponent, seed=game)] * 2
        bots[mine] = bot(game, network)
        state = terranova.make(args.game, players=args.players)
        play(state, bots, seed=MEASURED + game // 2)
        returns = state.returns()
        best = max(returns)
        if returns[mine] == best:
            won += 1 / returns.count(best)
    return won / args.eval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--teacher", default="greedy")
    parser.add_argument("--games", type=int, default=1500, help="teacher's games to imitate")
    parser.add_argument("--epsilon", type=float, default=0.1, help="chance of a random move")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of DAgger")
    parser.add_argument("--hidden", type=int, nargs="+", default=[256], help="layer widths")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--eval", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--also", nargs="*", default=[], help="bots measured against too")
    parser.add_argument("--plot", type=Path, help="a PNG of the shares won, step by step")
    parser.add_argument("--prospect", type=int, default=0, help="games to learn a prospect from")
    parser.add_argument("--start", type=Path, help="the network a prospect is learned for")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.players != 2:
        parser.error("the measure and DAgger's seats are for two players")
    if args.seed * 10**6 + 10**6 > MEASURED:
        parser.error(f"--seed is at most {MEASURED // 10**6 - 1}")
    if args.workers < 1 or not (args.prospect == 0 or 2 * args.workers <= args.prospect <= 10**6):
        parser.error("--workers: at least 1; --prospect: 0, or 2 games a worker to 10**6")
    if args.prospect:
        if args.start is None:
            parser.error("--prospect learns for a network: name it with --start")
        try:
            given = Network.load(args.start)
            given.coding()
        except (ValueError, TerranovaError) as exc:
            parser.error(f"--start: {exc}")
        if given.game != args.game:
            parser.error(f"--start plays {given.game}, not {args.game}")
        learn_prospect(args, dataclasses.replace(given, prospect=()))
        return

    start = time.process_time()
    params = terranova.make(args.game, players=args.players).params()
    coding = encoding_of(game_info(args.game), params)
    examples = collect(args, coding, args.seed * 10**6, args.games, None)
    print(f"imitation: {len(examples[0])} examples ({time.process_time() - start:.0f} s)")
    network = new_network(args, coding, params)
    network = saved(learn(network, examples, args.epochs, args.rate, 0), args.out)
    judges = [args.teacher, *args.also]
    curve = [[measure(args, network, judge) for judge in judges]]
    print(f"imitation: won {said(judges, curve[-1])}", flush=True)
    for k in range(1, args.rounds + 1):
        student = LearnedAgent(k, network)
        more = collect(args, coding, args.seed * 10**6 + k * 10**5, args.games // 2, student)
        examples = joined(examples, more)
        epochs = max(2, args.epochs // 2)
        network = saved(learn(network, examples, epochs, args.rate / 2, k), args.out)
        curve.append([measure(args, network, judge) for judge in judges])
        print(
            f"DAgger {k}: {len(examples[0])} examples, won {said(judges, curve[-1])} "
            f"({time.process_time() - start:.0f} s)",
            flush=True,
        )
    print(f"wrote {args.out}")
    if args.plot is not None:
        plot(args, judges, curve)


SCALE = 30.0
"""Points a prospect of 1 stands for: about the spread of what a margin still gains."""

Play = tuple[str, int, Network, int, float, int]
"""One worker's games: the game, its seats, the network, the first deal's seed, the chance of
a random move, the number of games."""


def turn_ends(play: Play) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The views of the seats whose turn ended in these games of the turn search against
    itself, what each one's margin still gained by the end, and the game (its number)."""
    game, players, network, seed, epsilon, games = play
    coding = network.coding()
    xs: list[np.ndarray] = []
    gains: list[float] = []
    numbers: list[int] = []
    for number in range(games):
        state, rng = deal(game, players, seed + number)
        bots = [TurnAgent(seed + number + 7 * k, network) for k in range(players)]
        chooser = random.Random(-(seed + number))
        ends: list[tuple[int, float]] = []
        moved = -1
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if moved not in (-1, seat):
                xs.append(coding.observation(state.view(moved), ()))
                ends.append((moved, margin(state, moved)))
            legal = state.legal_actions()
            take = chooser.random() < epsilon
            state.apply(chooser.choice(legal) if take else bots[seat].select(state))
            moved = seat
        gains.extend(margin(state, seat) - now for seat, now in ends)
        numbers.extend([number] * len(ends))
    width = coding.observation_size
    return (
        np.array(xs, np.float32).reshape(-1, width),
        np.array(gains, np.float32),
        np.array(numbers, np.int64),
    )


def learn_prospect(args: argparse.Namespace, start: Network) -> None:
    """Learn ``start``'s prospect from its turn search's games; save and measure it."""
    began = time.process_time()
    cuts = [k * args.prospect // args.workers for k in range(args.workers + 1)]
    plays = [
        (args.game, args.players, start, args.seed * 10**6 + cut, 0.05, end - cut)
        for cut, end in itertools.pairwise(cuts)
    ]
    with multiprocessing.Pool(args.workers) as pool:
        parts = pool.map(turn_ends, plays)
    x_held, y_held = turn_ends_of(parts, True)
    x, y = turn_ends_of(parts, False)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = workers.ru_utime + workers.ru_stime
    print(f"prospect: {len(x)} examples, {len(x_held)} held out (games: {cpu:.0f} s of CPU)")
    rng = np.random.default_rng(args.seed)
    width = args.hidden[0]
    layers = [
        (rng.normal(0, 1 / np.sqrt(x.shape[1]), (x.shape[1], width)).astype(np.float32),
         np.zeros(width, np.float32)),
        (rng.normal(0, 0.01, (width, 1)).astype(np.float32), np.zeros(1, np.float32)),
    ]  # fmt: skip
    params = [a for layer in layers for a in layer]
    adam = Adam(params, args.rate)
    errors = []
    for epoch in range(args.epochs):
        for part in np.array_split(rng.permutation(len(x)), max(1, len(x) // 256)):
            h = np.tanh(x[part] @ params[0] + params[1])
            d = 2 * ((h @ params[2] + params[3])[:, 0] - y[part] / SCALE) / len(part)
            d_h = d[:, None] @ params[2].T * (1 - h**2)
            grads = [x[part].T @ d_h, d_h.sum(axis=0), h.T @ d[:, None], d.sum(keepdims=True)]
            adam.step(
                [g + 1e-4 * p if g.ndim == 2 else g for g, p in zip(grads, params, strict=True)]
            )
        guess = (np.tanh(x_held @ params[0] + params[1]) @ params[2] + params[3])[:, 0]
        errors.append(float(np.mean((guess - y_held / SCALE) ** 2)))
        print(f"  epoch {epoch + 1}: held-out error {errors[-1]:.4f}", flush=True)
    mean_only = float(np.var(y_held / SCALE))
    print(f"  always the mean: {mean_only:.4f}")
    network = saved(
        dataclasses.replace(start, prospect=tuple(layers), prospect_scale=SCALE), args.out
    )
    for name, judged in (("with its prospect", network), ("without", start)):
        won = [measure(args, judged, judge, TurnAgent) for judge in args.also]
        print(f"turn search {name}: won {said(args.also, won)}", flush=True)
    print(f"wrote {args.out} (learning and measures: {time.process_time() - began:.0f} s of CPU)")
    if args.plot is not None:
        plot_errors(args, errors, mean_only)


def turn_ends_of(
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]], held_out: bool
) -> tuple[np.ndarray, np.ndarray]:
    """The examples of each part's last tenth of games (``held_out``), or of the others."""
    xs, ys = [], []
    for x, y, games in parts:
        late = games > 0.9 * games.max(initial=0)
        keep = late if held_out else ~late
        xs.append(x[keep])
        ys.append(y[keep])
    return np.concatenate(xs), np.concatenate(ys)


def plot_errors(args: argparse.Namespace, errors: list[float], mean_only: float) -> None:
    """The prospect's held-out error after each pass, as a PNG."""

    def draw(axes: Any) -> None:
        axes.plot(range(1, len(errors) + 1), errors, marker="o", label="the prospect")
        axes.axhline(mean_only, color="grey", linewidth=0.8, label="always the mean")
        axes.set_xlabel("pass over the examples")
        axes.set_ylabel(f"squared error (units of {SCALE:g} points)")

    chart(args, "the prospect on held-out games", draw)


def said(judges: list[str], shares: list[float]) -> str:
    return ", ".join(
        f"{share:.3f} against {judge}" for judge, share in zip(judges, shares, strict=True)
    )


def plot(args: argparse.Namespace, judges: list[str], curve: list[list[float]]) -> None:
    """The share won against each judge after imitation and after each round, as a PNG."""

    def draw(axes: Any) -> None:
        for k, judge in enumerate(judges):
            axes.plot(range(len(curve)), [row[k] for row in curve], marker="o", label=judge)
        axes.axhline(0.5, color="grey", linewidth=0.8)
        axes.set_xticks(
            range(len(curve)), ["imitation", *(f"DAgger {k}" for k in range(1, len(curve)))]
        )
        axes.set_ylim(0, 1)
        axes.set_ylabel(f"share won of {args.eval} games")

    chart(args, "the learned network against its judges", draw)


def chart(args: argparse.Namespace, title: str, draw: Callable[[Any], None]) -> None:
    """One chart, drawn by ``draw(axes)``, titled and with its legend, as ``--plot``'s PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.5))
    draw(axes)
    axes.set_title(f"{args.game}: {title}", fontsize=10)
    axes.legend()
    axes.grid(alpha=0.3)
    figure.tight_layout()
    args.plot.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(args.plot, dpi=100)
    print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
