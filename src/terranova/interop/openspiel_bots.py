"""OpenSpiel's own search bots as Terranova bots: ``openspiel-mcts`` and ``openspiel-ismcts``.

They play any encoded game through the OpenSpiel adapter, so they can play from the command
line or in a tournament next to Terranova's ``mcts`` and ``ismcts``::

    terranova tournament <game> --bots openspiel-ismcts,ismcts --games 20

A server does not offer them (``BotKind.served``): each of their simulations plays a whole
random game through the adapter and their trees have no cap, so no server limit bounds
what they spend.

``openspiel-mcts`` is OpenSpiel's ``MCTSBot`` on one determinization of what its seat may
know (the game's ``resample``), as OpenSpiel's MCTS needs the whole state. ``openspiel-ismcts``
is OpenSpiel's ``ISMCTSBot``, which redraws the hidden parts at every iteration through the
same ``resample``. Both use OpenSpiel's random-rollout evaluator; the returns they maximise are
the game's final returns (its points), so the exploration constant ``c`` is in points.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from terranova.agents.registry import BotKind, BotParam
from terranova.core.actions import Action
from terranova.core.registry import game_info
from terranova.core.state import State
from terranova.interop.openspiel import Resampler, TerranovaState, short_name
from terranova.interop.table import Table

DEFAULT_SIMULATIONS = 200
DEFAULT_C = 10.0


class OpenSpielAgent:
    """One of OpenSpiel's search bots, choosing for the seat to move of a Terranova state."""

    def __init__(
        self,
        seed: int,
        name: str,
        search: str,
        simulations: int = DEFAULT_SIMULATIONS,
        c: float = DEFAULT_C,
    ) -> None:
        self.name = name
        self.search = search
        self.simulations = simulations
        self.c = c
        self.rng = random.Random(seed)
        self._games: dict[str, Any] = {}

    def _game(self, state: State) -> Any:
        params = state.params()
        key = repr(sorted(params.items()))
        game = self._games.get(key)
        if game is None:
            spec = {k: ("" if v is None else v) for k, v in params.items()}
            game = pyspiel.load_game(short_name(state.game_id), spec)
            self._games[key] = game
        return game

    def select(self, state: State) -> Action:
        """The action OpenSpiel's bot picks for the seat to move."""
        seat = state.current_player()
        game = self._game(state)
        info = game_info(state.game_id)
        real = Table(info, state.params(), state.clone(), game.table.coding)
        seed = self.rng.getrandbits(31)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        if self.search == "mcts":
            world = real.state.resample(seat, random.Random(seed))
            table = Table(info, real.params, world, real.coding)
            bot: Any = mcts.MCTSBot(
                game,
                self.c,
                self.simulations,
                evaluator,
                solve=False,
                random_state=np.random.RandomState(seed),
            )
            index = bot.step(TerranovaState(game, table))
            chosen = table.legal()[int(index)]
        else:
            bot = ismcts.ISMCTSBot(
                game,
                evaluator,
                self.c,
                self.simulations,
                random_state=np.random.RandomState(seed),
            )
            bot.set_resampler(Resampler(seed))
            index = bot.step(TerranovaState(game, real))
            chosen = real.legal()[int(index)]
        # the seat's own legal actions are the same in every world it cannot tell apart
        for action in state.legal_actions():
            if action == chosen:
                return action
        raise RuntimeError(f"OpenSpiel's {self.search} chose {chosen}, which is not legal here")


_PARAMS = {
    "simulations": BotParam(
        "simulations",
        int,
        DEFAULT_SIMULATIONS,
        "OpenSpiel's max_simulations per decision",
        low=1,
        budget="iterations",
    ),
    "c": BotParam("c", float, DEFAULT_C, "UCT exploration constant, in points", low=0),
}

AGENTS = (
    BotKind(
        "openspiel-mcts",
        lambda seed, name, **p: OpenSpielAgent(seed, name, "mcts", **p),
        "OpenSpiel's MCTSBot with random rollouts, on one determinization of what its seat "
        "may know (needs the openspiel extra)",
        _PARAMS,
        served=False,
    ),
    BotKind(
        "openspiel-ismcts",
        lambda seed, name, **p: OpenSpielAgent(seed, name, "ismcts", **p),
        "OpenSpiel's information-set MCTS (ISMCTSBot) with random rollouts, hidden parts "
        "redrawn by the game's resample (needs the openspiel extra)",
        _PARAMS,
        served=False,
    ),
)
