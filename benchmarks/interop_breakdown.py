"""Where a decision's time goes through the adapters' table: the rules' own work against
the numbering of actions and chance outcomes that every adapter adds.

Plays random games through :class:`terranova.interop.table.Table` (indices, as OpenSpiel's
clients play, without the C++ crossing) and times each part of every step with
``time.perf_counter``. Chance is drawn from the listed outcomes with their probabilities.
With ``--tensor`` every decision also writes the mover's observation over one kept buffer,
as OpenSpiel's observer does: the seat's view (``state.view``, the same the web app sends)
and the encoding's fill (zeroing the buffer included) are timed as two more parts.
``--encoding`` names another of the game's encodings than ``standard``.

Prints each part in µs per decision (a decision: a step of a seat; chance steps are counted
in the parts, not as decisions), and the rules' share of the whole.

    PYTHONPATH=src .venv/bin/python benchmarks/interop_breakdown.py small-islands [--games 100]
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from dataclasses import dataclass
from time import perf_counter

import numpy as np

from terranova.core.encoding import STANDARD, encoding_of
from terranova.core.errors import TerranovaError
from terranova.core.registry import game_info
from terranova.core.state import CHANCE, TERMINAL
from terranova.interop.table import Table

RULES = ("rules: legal actions", "rules: chance outcomes", "rules: apply")


@dataclass(frozen=True)
class How:
    """What a run plays: the encoding, and whether each decision writes a tensor."""

    encoding: str = STANDARD
    tensor: bool = False


class Laps:
    """Adds the time since the last lap to the part named."""

    def __init__(self, spent: defaultdict[str, float]) -> None:
        self.spent = spent
        self.last = perf_counter()

    def __call__(self, part: str) -> None:
        now = perf_counter()
        self.spent[part] += now - self.last
        self.last = now


def play(game: str, seed: int, spent: defaultdict[str, float], how: How) -> int:
    """One random game, its parts' times added to ``spent``; its decisions."""
    rng = random.Random(seed)
    table = Table.new(game, how.encoding)
    buffer = np.zeros(table.coding.observation_size, dtype=np.float32)
    planes = table.coding.planes_of(buffer)
    decisions = 0
    lap = Laps(spent)
    while True:
        player = table.player()
        lap("table: player")
        if player == TERMINAL:
            return decisions
        if player == CHANCE:
            outcomes = table.state.chance_outcomes()
            lap("rules: chance outcomes")
            decoded = table.coding.chance.decoder(a for a, _ in outcomes)
            lap("numbering: chance outcomes")
            index = rng.choices(list(decoded), [p for _, p in outcomes])[0]
            lap("client: choosing")
        else:
            if how.tensor:
                view = table.state.view(player)
                lap("tensor: the seat's view")
                table.coding.observe_into(view, buffer, planes, table.listed(table.state, player))
                lap("tensor: fill")
            legal = table.state.legal_actions()
            lap("rules: legal actions")
            decoded = table.coding.actions.decoder(legal)
            lap("numbering: legal actions")
            indices = sorted(decoded)
            lap("table: sorting indices")
            index = indices[rng.randrange(len(indices))]
            lap("client: choosing")
            decisions += 1
        table.play(decoded[index])
        lap("rules: apply")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--warm-up", type=int, default=30, help="games played first, untimed")
    parser.add_argument("--encoding", default=STANDARD)
    parser.add_argument(
        "--tensor", action="store_true", help="time the view and the tensor fill each decision"
    )
    args = parser.parse_args()
    how = How(args.encoding, args.tensor)
    try:
        encoding_of(game_info(args.game), {}, how.encoding)
    except TerranovaError as error:
        parser.error(str(error))
    if args.games < 1 or args.warm_up < 0:
        parser.error("--games must be at least 1 and --warm-up at least 0")
    for seed in range(args.warm_up):  # fills the action spaces' kept indices
        play(args.game, seed, defaultdict(float), how)
    spent: defaultdict[str, float] = defaultdict(float)
    decisions = sum(
        play(args.game, seed, spent, how) for seed in range(args.warm_up, args.warm_up + args.games)
    )
    total = sum(spent.values())
    shown = args.game if how.encoding == STANDARD else f"{args.game}/{how.encoding}"
    print(f"{shown}: {decisions} decisions in {args.games} games, µs per decision")
    for part, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {part:28} {seconds / decisions * 1e6:7.2f}")
    rules = sum(spent[p] for p in RULES)
    print(f"  {'all':28} {total / decisions * 1e6:7.2f}  (the rules: {rules / total:.2f})")


if __name__ == "__main__":
    main()
