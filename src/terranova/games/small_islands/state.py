"""Small Islands' rules: a pure state machine over the core protocol (no I/O).

:class:`SmallIslandsState` runs on the core turn engine (:mod:`terranova.core.turns`):
its agenda holds the game's steps (:mod:`.steps`), and the state gives each its meaning,
handing each action to the chapter whose rule it is. The chapters: :mod:`.exploring`
(the starting tiles, Explore: taking, laying, refilling, bonus tokens; Land),
:mod:`.rounds` (preparing a round: the Navigation stack and the objectives; the round's
end: houses, rewards, Discovery tokens; the end and the scores) and :mod:`.alexis` (the
solo automaton); :mod:`.views` says what each seat sees and :mod:`.sheet` writes the
score sheet. ``docs/small-islands/rules.md`` has the rules in English and
``docs/small-islands/rulings.md`` every decision the sources leave open.

The table is a kit :class:`~terranova.kit.board.TileBoard` matching edges and corners;
islands are a kit :class:`~terranova.kit.regions.Regions` with one node per laid tile
(tile index), joined across land edges, whose roots hold the island's counts.
"""

from __future__ import annotations

import random
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.i18n import Said
from terranova.core.scoring import ScoreLine
from terranova.core.turns import AgendaState, Chance, Decision, Step
from terranova.games.small_islands import alexis, exploring, rounds, sheet, views
from terranova.games.small_islands.actions import Token, parse_action
from terranova.games.small_islands.components import Components
from terranova.games.small_islands.islands import ISLAND_TOTALS
from terranova.games.small_islands.steps import (
    AlexisTurn,
    Bonus,
    Choosing,
    Dealing,
    Discovering,
    Drawing,
    Keeping,
    Revealing,
)
from terranova.games.small_islands.tables import Tables
from terranova.kit.board import TileBoard
from terranova.kit.placements import Placements
from terranova.kit.regions import Regions

VARIANTS: dict[str, tuple[str | int, ...]] = {
    "mode": ("normal", "advanced"),
    "alexis": (2, 1, 3),
    "tokens": ("add", "cover"),
    "start": ("free", "ordered"),
}
"""Each variant's choices, the default first (docs/small-islands/rulings.md says why)."""


class SmallIslandsState(AgendaState):
    """A game of Small Islands for 1 to 4 players (1: the solo game against Alexis)."""

    game_id = "small-islands"

    def __init__(
        self,
        components: Components,
        players: int = 2,
        mode: str = "normal",
        alexis: int = 2,
        tokens: str = "add",
        start: str = "free",
        tiles: str | None = None,
        cards: str | None = None,
    ) -> None:
        self.start_flow()
        self._params: dict[str, Any] = {
            "players": players,
            "mode": mode,
            "alexis": alexis,
            "tokens": tokens,
            "start": start,
            "tiles": tiles,
            "cards": cards,
        }
        for name, choices in VARIANTS.items():
            if self._params[name] not in choices:
                raise InvalidParameterError(
                    f"{name} is one of {choices}, not {self._params[name]!r}"
                )
        if not 1 <= players <= 4:
            raise InvalidParameterError(f"Small Islands takes 1 to 4 players, not {players}")
        if players > components.ships:
            raise InvalidParameterError(f"{components.ships} ship tiles: at most that many players")
        t: Tables = components.tables
        self.tables = t
        self.players = players
        self.solo = players == 1
        self.advanced = mode == "advanced"
        self.cover = tokens == "cover"
        self.ordered = start == "ordered"
        """Variant ``start=ordered``: the starting tiles are laid in number order."""
        self.clean_spots = exploring.clean_spots(self)
        """Per design, where a bonus token may go on a tile with none on it yet."""
        self.token_spots: dict[str, list[Token]] | None = None
        """Per kind, where a bonus token may go now, once listed (:func:`.exploring.all_spots`;
        shared by clones: replaced, never changed)."""
        card = next((a for a in components.alexis if a.stars == alexis), None)
        if self.solo and card is None:
            raise InvalidParameterError(f"no Alexis card of {alexis} stars in the card file")
        if not self.solo:
            card = None
        self.alexis_card = card
        seats = players + (1 if self.solo else 0)
        self.places = seats
        """Places in turn order: the seats, and Alexis last in the solo game."""
        self.board: TileBoard[Any] = TileBoard(t.tiles)
        self.placements: Placements[Any] = Placements(self.board, keep=8)
        self.islands = Regions(*ISLAND_TOTALS)
        self.island_list: tuple[int, dict[int, list[int]]] | None = None
        """The islands as listed after that many tiles (shared by clones: never changed)."""
        self.houses_at: dict[int, list[int]] = {}
        """Square -> the places (seats, Alexis) with a house on its tile."""
        self.tokens_at: dict[int, list[tuple[int, str, str]]] = {}
        """Square -> the bonus tokens on its tile: (seat, kind, resource covered or '')."""
        self.ships: list[tuple[int, int]] = []
        """Ship tiles laid: (square, owner seat, or -1 for a grey one)."""
        self.pool = [d.count for d in components.landscape]
        """Landscape tiles nobody has seen, per design (the main stack and the Navigation
        stack: both were shuffled alike)."""
        self.reserve = components.landscape_total
        self.nav = 0
        self.row: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.tokens: list[list[str]] = [list(components.tokens) for _ in range(players)]
        self.supply = [components.houses] * seats
        self.stock = [components.reserve] * seats
        if card is not None:
            self.supply[players] = components.houses + components.reserve
            self.stock[players] = 0
        self.built = [0] * seats
        self.prestige = [0] * players
        self.discoveries: list[list[str]] = [[] for _ in range(players)]
        self.disc_pool = sorted(t.discoveries)
        self.drawn: list[str] = []
        self.known_returned: list[set[str]] = [set() for _ in range(players)]
        """Per seat, the Discovery tokens it drew and put back that nobody has drawn since."""
        decks: list[tuple[str, list[str]]] = (
            [("mission", sorted(t.missions)), ("reward", sorted(t.rewards))]
            if self.advanced
            else [("objective", sorted(t.objectives))]
        )
        self.decks = dict(decks)
        self.held: list[dict[str, list[str]]] = [
            {name: [] for name in self.decks} for _ in range(players)
        ]
        """Per seat and deck, the cards in hand not yet set for a round."""
        self.now: list[tuple[str, ...]] = [() for _ in range(players)]
        self.later: list[tuple[str, ...]] = [() for _ in range(players)]
        self.returned: list[set[str]] = [set() for _ in range(players)]
        """Per seat, the cards it put back this round (they stay in the deck until the next
        draws)."""
        self.revealed: dict[int, tuple[str, ...]] = {}
        """The objectives revealed at the last round's end, by seat (until the next round)."""
        self.earned: list[tuple[int, int, int, int]] = []
        """The houses built at the last round's end: (place, square, points, Discovery
        tokens drawn), Alexis's too (until the next round)."""
        self.houses_at_last = -1
        self.alexis_tiles: tuple[tuple[int, int, int] | None, ...] = ()
        """What each Expedition card Alexis turned over laid, in the order turned: (design,
        square, rotation), or None for a card that laid nothing (a tuple: copies share it)."""
        self.first = 0
        self.round = 0
        self.lander = -1
        self.clock = 0
        self.last_tile = [-1] * players
        self.expeditions: list[str] = []
        self.expedition_discards: list[str] = []
        self.last_expedition = ""
        if card is not None:
            explore = [e.id for e in components.expeditions if e.kind == "explore"][: card.explore]
            land = [e.id for e in components.expeditions if e.kind == "land"][: card.land]
            self.expeditions = sorted(explore + land)
        self.ended: Said | None = None
        """Why the game ended (:mod:`.words`), once it has."""
        self.ended_seat: int | None = None
        """The place of the player who could neither explore nor land, if that ended it."""
        self.sheet: list[ScoreLine] = []
        """The score sheet: the lines scored so far, in order (:mod:`.sheet`)."""
        exploring.set_up(self)
        self.advance()

    # ================================================================ protocol

    @property
    def num_seats(self) -> int:
        return self.players

    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def options(self, step: Step) -> list[Action]:
        found = exploring.legal(self, step)
        return rounds.legal(self, step) if found is None else found

    def outcomes(self, step: Step) -> list[tuple[Action, float]]:
        if isinstance(step, AlexisTurn):
            return alexis.outcomes(self)
        if isinstance(step, Drawing | Discovering):
            return rounds.outcomes(self, step)
        return exploring.outcomes(self)

    def is_legal(self, action: Action) -> bool:
        """A tile turned face up or dealt is legal if such a tile is unseen (without listing
        every outcome)."""
        if not self.over and isinstance(self.agenda[-1], Revealing | Dealing):
            return exploring.drawable(self, action)
        return super().is_legal(action)

    def why_illegal(self, action: Action) -> str:
        if self.over:
            return "the game is over"
        top = self.agenda[-1]
        who = "chance" if isinstance(top, Chance) else f"seat {getattr(top, 'seat', '?')}"
        return f"not a legal action now ({who} to act: {top.name or type(top).__name__})"

    def carry_out(self, step: Step, action: Action) -> None:
        self.agenda.pop()
        if isinstance(step, AlexisTurn):
            alexis.play(self, action)
        elif not exploring.apply(self, step, action):
            rounds.apply(self, step, action)

    def proceed(self, step: Step) -> bool:
        agenda = self.agenda
        if isinstance(step, Chance):
            if self._can_draw(step):
                return False
            agenda.pop()
            rounds.nothing_to_draw(self, step)
            return True
        if isinstance(step, Decision):
            if isinstance(step, Choosing) and not rounds.choices(self, step.seat):
                agenda.pop()
                rounds.keep_what_there_is(self, step.seat)
                return True
            if isinstance(step, Bonus):
                legal = self.options(step)
                if not legal:
                    agenda.pop()  # no bonus token fits anywhere
                    return True
                self.offer(legal)
            return False
        agenda.pop()
        if not exploring.carry_out(self, step):
            rounds.carry_out(self, step)
        return True

    def _can_draw(self, top: Chance) -> bool:
        """Whether a chance step has anything to draw."""
        if isinstance(top, Revealing | Dealing):
            return self.nav + self.reserve > 0
        if isinstance(top, Drawing):
            return bool(self.decks[top.deck])
        if isinstance(top, Discovering):
            return bool(self.disc_pool)
        return bool(self.expeditions)

    def sample_chance(self, rng: random.Random) -> Action:
        top = self.agenda[-1] if self.agenda and not self.over else None
        if isinstance(top, Revealing | Dealing):
            drawn = exploring.sample(self, rng)
            if drawn is not None:
                return drawn
        return super().sample_chance(rng)

    def end(self, reason: Said, place: int | None = None) -> None:
        """The game is over (``reason`` says why; ``place``: the player it names, if any)."""
        self.over = True
        self.ended = reason
        self.ended_seat = place
        self.agenda.clear()
        self.changed()
        sheet.tokens_revealed(self)

    def clone(self) -> Self:
        other = self._copy()
        self.copy_flow(other)
        return other

    def _copy(self) -> Self:
        """An independent copy of the record, its flow still to give (shared for now)."""
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        other.board = self.board.copy()
        other.placements = self.placements.copy(other.board)
        other.islands = self.islands.copy()
        other.houses_at = {k: v[:] for k, v in self.houses_at.items()}
        other.tokens_at = {k: v[:] for k, v in self.tokens_at.items()}
        other.ships = self.ships[:]
        other.pool = self.pool[:]
        other.row = self.row[:]
        other.hands = list(map(list.copy, self.hands))
        other.tokens = list(map(list.copy, self.tokens))
        other.supply = self.supply[:]
        other.stock = self.stock[:]
        other.built = self.built[:]
        other.prestige = self.prestige[:]
        other.discoveries = list(map(list.copy, self.discoveries))
        other.disc_pool = self.disc_pool[:]
        other.drawn = self.drawn[:]
        other.known_returned = list(map(set.copy, self.known_returned))
        other.decks = {k: v[:] for k, v in self.decks.items()}
        other.held = [{k: v[:] for k, v in h.items()} for h in self.held]
        other.now = self.now[:]
        other.later = self.later[:]
        other.returned = list(map(set.copy, self.returned))
        other.revealed = dict(self.revealed)
        other.earned = self.earned[:]
        other.last_tile = self.last_tile[:]
        other.expeditions = self.expeditions[:]
        other.expedition_discards = self.expedition_discards[:]
        other.sheet = self.sheet[:]
        return other

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def scores(self) -> list[float]:
        """The scores everyone sees (Discovery tokens count once revealed, at the end); at
        the end of a game of 2 or more, with the tie-breaks in the fractions (ports around the
        ship, houses built, the last to lay a tile), so that the best is the winner's."""
        if self.over:
            return rounds.final_returns(self) if not self.solo else [float(rounds.score(self, 0))]
        return [float(rounds.public_score(self, s)) for s in range(self.players)]

    def other_scores(self) -> dict[str, float]:
        """Alexis's score in a solo game (her card's base and her houses)."""
        return {"alexis": float(rounds.alexis_score(self))} if self.solo else {}

    def estimate(self, seat: int) -> float:
        """The score with the seat's own Discovery tokens (the others' are hidden), plus
        what its objective for this round would pay if the round ended now."""
        return float(rounds.worth(self, seat))

    def estimates(self) -> list[float]:
        """Every seat's :meth:`estimate`, the islands a house may go on listed once for all."""
        found = rounds.havens(self)
        return [float(rounds.worth(self, s, found)) for s in range(self.players)]

    def returns(self) -> list[float]:
        return self.scores()

    def points(self) -> list[int]:
        """The scores in whole points, without the tie-breaks of :meth:`scores` (Discovery
        tokens counted once the game is over)."""
        if self.over:
            return [rounds.score(self, s) for s in range(self.players)]
        return [rounds.public_score(self, s) for s in range(self.players)]

    def winners(self) -> list[int]:
        """The best return; in the solo game, the player if they beat Alexis, else nobody."""
        if not self.over:
            return []
        return rounds.winners(self)

    def resample(self, seat: int, rng: random.Random) -> Self:
        other = self._copy()
        # no history (a seat knows the position, not every draw that made it); the legal
        # actions stay when ``seat`` is to move (it knows them): another seat's may hang on
        # what is redrawn
        other.start_flow()
        other.agenda = self.agenda[:]
        other.over = self.over
        if self.current_player() == seat:
            other.offer(list(self.legal_actions()))
        if not self.over:
            rounds.redraw(self, other, seat, rng)
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        return views.describe_action(self, action, seat)

    def end_reason(self) -> Said | None:
        """Why the game ended (None while it goes on)."""
        return self.ended if self.over else None

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        """The tiles by what they show, the objectives by what they ask and pay."""
        from terranova.games.small_islands.words import say_action

        return say_action(self, action, seat)

    def decisions_public(self) -> bool:
        """Every decision but two is public, seen by all as its canonical text: the
        objective cards a player keeps and the Discovery token it keeps are its own."""
        return not isinstance(self.agenda[-1], Choosing | Keeping)

    def components(self) -> dict[str, Any]:
        return views.components(self)

    # ================================================================ shared helpers

    def island_root(self, pos: int) -> int:
        """The root node of the island of the tile on ``pos``."""
        return self.islands.find(self.board.at[pos])

    def island_count(self, root: int, column: int) -> int:
        value: int = self.islands.columns[column][root]
        return value

    def bump(self, pos: int, column: int, delta: int) -> None:
        """Change one count of the island of the tile on ``pos``."""
        root = self.island_root(pos)
        self.islands.columns[column][root] += delta
