"""What Small Islands' two encodings share (:mod:`.encoding`): the figures worked out from
the components and parameters, the action kinds numbered by their fields, the chance
outcomes, the bounds, a laid tile's channels, and the planes after the map's
(docs/small-islands/encoding.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from terranova.core.action_space import ActionSpace, Listed, Part, Ranked
from terranova.core.actions import Action
from terranova.core.encoding import Encoding, Plane, Planes, Tensor
from terranova.core.state import JSON
from terranova.games.small_islands.actions import (
    Build,
    Choose,
    Deal,
    Discover,
    Done,
    Draw,
    Expedition,
    Keep,
    Pass,
    Reveal,
    Take,
)
from terranova.games.small_islands.components import RESOURCES, SYMBOLS, Components, Reward
from terranova.games.small_islands.content import load_components
from terranova.games.small_islands.exploring import HAND, PORTS_PER_TILE, ROW, TOKEN_ORDER
from terranova.games.small_islands.rounds import DRAWS, NAVIGATION
from terranova.games.small_islands.tables import SPAN, tables_of

STEPS = (
    "starting tiles",
    "reveal",
    "deal",
    "draw",
    "objectives",
    "turn",
    "place",
    "bonus",
    "alexis",
    "houses",
    "discovery",
    "keep token",
    "over",
)
"""The steps a view names, in the order of the ``step`` plane."""
IN_HAND = HAND + 1
"""Tiles a hand holds at most: two, and the one just taken."""
HELD = DRAWS + 1
"""Cards of one deck a player holds at most while choosing."""
AROUND = 8 * PORTS_PER_TILE
"""Ports that can lie around a ship: 8 tiles, at most two ports each."""
SHIP_OWNERS = ("mine", "others'", "grey")


def most_laid(components: Components, players: int) -> int:
    """The most tiles that can lie on the table: the starting tiles, the ship tiles, and
    the landscape tiles but the two every hand keeps (after set-up a hand holds two tiles
    at the end of every turn; a game whose deal runs dry ends before any landscape tile is
    laid)."""
    starts = len(components.starts) // 2
    landscape = max(0, components.landscape_total - HAND * players)
    return starts + landscape + components.ships


def reach(components: Components, players: int) -> int:
    """How far from (0, 0) a tile can lie along either axis: each tile but the first is
    laid next to one already there, and the table stops at :data:`~.tables.SPAN`."""
    return max(0, min(SPAN, most_laid(components, players) - 1))


def most_of(components: Components, players: int) -> dict[str, int]:
    """The most of each symbol one island can show: every printed one of the components
    (the side of a starting tile that shows more), and every bonus token of its kind."""
    out = {s: 0 for s in SYMBOLS}
    for design in components.landscape:
        for symbol, n in zip(SYMBOLS, design.face.symbols(), strict=True):
            out[symbol] += design.count * n
    sides = components.starts
    for a, b in zip(sides[0::2], sides[1::2], strict=True):
        for symbol, n, m in zip(SYMBOLS, a.face.symbols(), b.face.symbols(), strict=True):
            out[symbol] += max(n, m)
    for kind in components.tokens:
        out[kind] += players
    return out


def best_pay(reward: Reward, most: Mapping[str, int]) -> int:
    """The most prestige one house can earn with ``reward`` (objectives.points)."""
    resources = [most[r] for r in RESOURCES]
    match reward.kind:
        case "flat":
            return reward.points
        case "per_symbol":
            assert reward.symbol is not None
            return reward.points * most[reward.symbol] + reward.bonus
        case "lowest":
            return reward.points * min(resources) + reward.bonus
        case "chosen":
            return reward.points * max(resources) + reward.bonus
        case "size":
            return max((p for _, p in reward.sizes), default=0)
    return 0  # a Discovery reward pays in tokens


def map_channels(places: int, cover: bool) -> list[str]:
    """The channels of the ``map`` plane, in order (``places``: the seats, and Alexis in
    the solo game; ``cover``: the variant ``tokens=cover``)."""
    out = ["tile", "land N", "land E", "land S", "land W", "land NE", "land SE", "land SW"]
    out += ["land NW", *(f"printed {s}" for s in SYMBOLS), *(f"{k} tokens" for k in TOKEN_ORDER)]
    if cover:
        out += [f"{k} covered" for k in RESOURCES]
    out += [f"houses of place {p}" for p in range(places)]
    return out + [f"ship: {o}" for o in SHIP_OWNERS]


class Parts:
    """What both encodings of one configuration share: its figures, the action kinds
    numbered by their fields, the chance space, the bounds, a laid tile's channels, and the
    planes after the map's."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        players = self.players = int(params["players"])
        advanced = params["mode"] == "advanced"
        cover = self.cover = params["tokens"] == "cover"
        solo = self.solo = players == 1
        c = self.components = load_components(params["tiles"], params["cards"])
        t = tables_of(c)
        self.places = players + (1 if solo else 0)
        self.reach = reach(c, players)
        self.start_sides = [d.id for d in c.starts]
        """Both sides of every starting tile: the designs the set-up lays."""
        self.start_reach = max(0, min(self.reach, len(c.starts) // 2 - 1))
        """How far from (0, 0) a starting tile can lie: the first lies there, each other
        next to one laid before it."""
        self.laying = max(IN_HAND, len(c.starts))
        """The most designs the legal placements of one decision lay: a hand's, or, at the
        set-up, both sides of every starting tile."""
        self.laid = most_laid(c, players)
        landscape = self.landscape = [d.id for d in c.landscape]
        self.land_index = {d: i for i, d in enumerate(landscape)}
        rewards: list[Reward]
        if advanced:
            cards = list(dict.fromkeys([*(m.id for m in c.missions), *(w.id for w in c.rewards)]))
            rewards = list(c.rewards)
            self.decks: tuple[str, ...] = ("mission", "reward")
        else:
            cards = [o.id for o in c.objectives]
            rewards = [o.reward for o in c.objectives]
            self.decks = ("objective",)
        self.cards = cards
        self.card_index = {k: i for i, k in enumerate(cards)}
        tokens = self.tokens = [d.id for d in c.discoveries]
        self.token_index = {k: i for i, k in enumerate(tokens)}
        expeditions: list[str] = []
        card = (
            next((a for a in c.alexis if a.stars == int(params["alexis"])), None) if solo else None
        )
        if card is not None:
            explore = [e.id for e in c.expeditions if e.kind == "explore"][: card.explore]
            land = [e.id for e in c.expeditions if e.kind == "land"][: card.land]
            expeditions = sorted(explore + land)
        self.expeditions = expeditions
        self.expedition_index = {k: i for i, k in enumerate(expeditions)}
        self.kinds = [k for k in TOKEN_ORDER if k in c.tokens]
        self.choice = (
            Part(Build, mission=Ranked(HELD), reward=Ranked(HELD), later_mission=Ranked(HELD),
                 later_reward=Ranked(HELD))
            if advanced
            else Part(Keep, now=cards, later=cards)
        )  # fmt: skip
        chance_parts = [Part(Reveal, design=landscape), Part(Deal, design=landscape)]
        if cards:
            chance_parts.append(Part(Draw, card=cards))
        if tokens:
            chance_parts.append(Part(Discover, token=tokens))
        if expeditions:
            chance_parts.append(Part(Expedition, card=expeditions))
        self.chance = ActionSpace(chance_parts)

        # -------------------------------------------------------------- bounds
        houses = self.houses = c.houses + c.reserve
        """Houses one player can build in a game (its supply and reserve)."""
        self.rounds = rounds = c.ships
        """Each round ends when a ship tile is laid; the game ends when all are."""
        starts = len(c.starts) // 2
        takes = max(0, c.landscape_total - HAND * players)
        self.stack_scale = max(1, c.landscape_total)
        self.max_game_length = (
            starts  # the first player lays each starting tile
            + 3 * takes  # Explore: take, lay, and a bonus token or pass
            + rounds  # Land: one ship a round
            + players * rounds * 2  # objectives kept, and "done" building, each round
            + players * houses * 2  # a house, and a Discovery token kept for it
        )
        most = most_of(c, players)
        per_house = max(
            max((best_pay(w, most) for w in rewards), default=0),
            max((d.value for d in c.discoveries), default=0),
        )
        ports = min(AROUND, most["port"])
        high = float(houses * per_house + ports)
        if not solo:
            high += ports / 100 + houses / 10_000 + (players - 1) / 1_000_000
        self.high = high
        alexis_most = 0 if card is None else card.base + card.per_house * houses
        self.score_scale = max(1.0, high, float(alexis_most))

        # -------------------------------------------------------------- a tile's channels
        self.channels = channels = map_channels(self.places, cover)
        at = {name: i for i, name in enumerate(channels)}
        self.face_channels = at["printed house"] + 1
        self.token_at = at["flower tokens"]
        self.covered_at = at.get("flower covered", 0)
        self.house_at = at["houses of place 0"]
        self.ship_at = at["ship: mine"]
        designs = t.designs
        self.design_index = {d.id: i for i, d in enumerate(designs)}
        symbol_scale = [max(1, *(d.face.symbols()[k] for d in designs)) for k in range(6)]
        self.house_scale = float(symbol_scale[5])
        self.resource_scale = symbol_scale[:3]
        # the land of each design turned each way, then its printed symbols, scaled
        faces = np.zeros((len(designs), 4, self.face_channels), dtype=np.float32)
        for i, d in enumerate(designs):
            symbols = [n / s for n, s in zip(d.face.symbols(), symbol_scale, strict=True)]
            for rotation in range(4):
                labels = t.tiles.faces[i][rotation]
                faces[i, rotation] = [1.0, *(1.0 - label for label in labels), *symbols]
        self.faces = faces
        in_play = {k: max(1, players * c.tokens.count(k)) for k in TOKEN_ORDER}
        self.token_scale = {
            k: float(PORTS_PER_TILE if k == "port" else in_play[k]) for k in TOKEN_ORDER
        }
        self.own_tokens = {k: max(1, c.tokens.count(k)) for k in TOKEN_ORDER}
        self.decks_size = {
            "objective": len(c.objectives),
            "mission": len(c.missions),
            "reward": len(c.rewards),
        }
        counts = ["navigation", "stack", *(f"{d} deck" for d in self.decks)]
        counts += ["discovery pool", "tokens drawn", "grey ships", "round"]
        if solo:
            counts.append("expedition deck")
        self.counts = counts

    def actions(self, place: list[Part | Listed], land: Part | Listed,
                token: list[Part | Listed], house: Part | Listed) -> ActionSpace:  # fmt: skip
        """The seats' decisions, the four kinds on squares numbered as given."""
        return ActionSpace(
            [
                *place,
                Part(Take, design=self.landscape),
                land,
                *token,
                Part(Pass),
                house,
                Part(Done),
                # a card file may hold no cards of a deck, or no Discovery tokens
                *([self.choice] if self.cards else []),
                *([Part(Choose, token=self.tokens)] if self.tokens else []),
            ]
        )

    def place(self, p: int, me: int) -> int:
        """The row of place ``p`` (a seat, or Alexis after the seats) for seat ``me``."""
        return p if p >= self.players else (p - me) % self.players

    def faces_of(self, tiles: Sequence[JSON]) -> Tensor:
        """The first :attr:`face_channels` channels of each laid tile, a row each: 1, its
        land so turned, its printed symbols."""
        index = self.design_index
        designs = [index[tile["design"]] for tile in tiles]
        return self.faces[designs, [tile["rotation"] for tile in tiles]]

    @staticmethod
    def has_pieces(tile: JSON) -> bool:
        """Whether bonus tokens, houses or a ship lie on a laid tile."""
        return "tokens" in tile or "houses" in tile or "ship" in tile

    def write_pieces(self, cell: Tensor, tile: JSON, me: int) -> None:
        """Write the bonus tokens, houses and ship on a laid tile into ``cell``, the
        channels of its square of the map (zeros beforehand, the face's channels apart)."""
        for token in tile.get("tokens", ()):
            kind = token["kind"]
            cell[self.token_at + TOKEN_ORDER.index(kind)] += 1 / self.token_scale[kind]
            over = token.get("over")
            if over:
                k = RESOURCES.index(over)
                cell[self.covered_at + k] += 1 / self.resource_scale[k]
        for p in tile.get("houses", ()):
            cell[self.house_at + self.place(p, me)] += 1 / self.house_scale
        owner = tile.get("ship")
        if owner is not None:
            cell[self.ship_at + (2 if owner < 0 else 0 if owner == me else 1)] = 1

    def planes(self) -> list[Plane]:
        """The planes after the map's, the same in both encodings."""
        players, places = self.players, self.places
        n_land, n_cards, n_tokens = len(self.landscape), len(self.cards), len(self.tokens)
        planes = [
            Plane("row", (ROW, n_land), "the face-up tiles, one-hot by landscape design, by slot"),
            Plane("hand", (n_land,), f"your hand by landscape design / {IN_HAND}"),
            Plane("hand_sizes", (players,), f"tiles in each hand / {IN_HAND}, your seat first"),
            Plane(
                "bonus_tokens",
                (players, len(TOKEN_ORDER)),
                "bonus tokens each seat still holds, by kind (flower, fruit, leaf, port) / the "
                "tokens of that kind a player starts with",
            ),
            Plane(
                "houses",
                (places, 3),
                "houses in supply, in reserve, built / a player's houses, your seat first",
            ),
            Plane("scores", (places,), "each score as the seat sees it / the score scale"),
            Plane("ports", (players,), f"ports around each seat's own ship / {AROUND}"),
            Plane(
                "discoveries",
                (players, n_tokens),
                "the Discovery tokens seen in each seat's hand (yours; everyone's at the end)",
            ),
            Plane("discovery_counts", (players,), "Discovery tokens each seat holds / all tokens"),
            Plane(
                "drawn",
                (n_tokens,),
                "the Discovery tokens you drew and keep one of",
                remembered=True,
            ),
            Plane(
                "my_cards",
                (3, n_cards),
                "your cards: held while choosing, this round's objective, next round's",
            ),
            Plane(
                "revealed",
                (players, n_cards),
                "each seat's objective revealed at the round's end, your seat first",
                remembered=True,
            ),
            Plane(
                "card_counts",
                (players, 3),
                "cards held while choosing / the most, has this round's objective, has next "
                "round's, your seat first",
            ),
            Plane("counts", (len(self.counts),), "scaled counts: " + ", ".join(self.counts)),
            Plane("step", (len(STEPS),), "the step, one-hot: " + ", ".join(STEPS)),
            Plane("to_move", (players,), "the seat to move, one-hot, your seat first"),
            Plane("first", (places,), "the first player, one-hot, your seat first, Alexis last"),
        ]
        if self.solo:
            planes.append(
                Plane(
                    "expeditions",
                    (2, len(self.expeditions)),
                    "Alexis's Expedition cards turned over since the deck was shuffled, and "
                    "the last one",
                )
            )
        return planes

    def fill(self, view: JSON, planes: Planes) -> None:
        """Write the planes after the map's."""
        players, decks = self.players, self.decks
        land_index, card_index, token_index = self.land_index, self.card_index, self.token_index
        n_tokens = len(self.tokens)
        me = view["seat"] if view["seat"] is not None else 0
        for slot, design in enumerate(view["row"]):
            planes["row"][slot, land_index[design]] = 1
        for player in view["seats"]:
            s = player["seat"]
            row = self.place(s, me)
            hand = player["hand"]
            if isinstance(hand, list):
                for design in hand:
                    planes["hand"][land_index[design]] += 1 / IN_HAND
                planes["hand_sizes"][row] = len(hand) / IN_HAND
            else:
                planes["hand_sizes"][row] = hand / IN_HAND
            for kind in player["tokens"]:
                planes["bonus_tokens"][row, TOKEN_ORDER.index(kind)] += 1 / self.own_tokens[kind]
            planes["houses"][row] = (
                player["houses"] / self.houses,
                player["reserve"] / self.houses,
                player["built"] / self.houses,
            )
            planes["scores"][row] = player["score"] / self.score_scale
            planes["ports"][row] = player["ports_around_ship"] / AROUND
            found = player["discoveries"]
            if isinstance(found, list):
                for token in found:
                    planes["discoveries"][row, token_index[token["token"]]] = 1
                found = len(found)
            planes["discovery_counts"][row] = found / max(1, n_tokens)
            holding = player["holding"]
            cards_held = 0
            for deck in decks:
                held = holding[deck]
                if isinstance(held, list):
                    for k in held:
                        planes["my_cards"][0, card_index[k]] = 1
                    held = len(held)
                cards_held += held
            now, later = player["objective"], player["next_objective"]
            if s == view["seat"]:
                for k in now:
                    planes["my_cards"][1, card_index[k]] = 1
                for k in later:
                    planes["my_cards"][2, card_index[k]] = 1
            planes["card_counts"][row] = (cards_held / (HELD * len(decks)), bool(now), bool(later))
        for s, shown in view["revealed"].items():
            for k in shown:
                planes["revealed"][self.place(int(s), me), card_index[k]] = 1
        drawn = view["drawn_tokens"]
        if isinstance(drawn, list):
            for token in drawn:
                planes["drawn"][token_index[token]] = 1
            drawn = len(drawn)
        c = self.components
        numbers = [view["navigation"] / NAVIGATION, view["stack"] / self.stack_scale]
        numbers += [view["decks"][d] / max(1, self.decks_size[d]) for d in decks]
        numbers += [view["discovery_pool"] / max(1, n_tokens), drawn / max(1, n_tokens)]
        numbers += [view["grey_ships"] / c.ships, view["round"] / self.rounds]
        alexis = view.get("alexis")
        if alexis is not None:
            numbers.append(alexis["deck"] / max(1, len(self.expeditions)))
            planes["houses"][players] = (
                alexis["houses"] / self.houses,
                0.0,
                alexis["built"] / self.houses,
            )
            planes["scores"][players] = alexis["score"] / self.score_scale
            for k in alexis["discards"]:
                planes["expeditions"][0, self.expedition_index[k]] = 1
            if alexis["last_card"] is not None:
                planes["expeditions"][1, self.expedition_index[alexis["last_card"]]] = 1
        planes["counts"][:] = numbers
        planes["step"][STEPS.index(view["step"])] = 1
        current = view["current_player"]
        if current >= 0:
            planes["to_move"][(current - me) % players] = 1
        planes["first"][self.place(view["first_player"], me)] = 1

    def encoding(
        self,
        actions: ActionSpace,
        planes: Sequence[Plane],
        fill: Callable[[JSON, Planes], None],
        listing: Callable[[JSON, Sequence[Action], Planes], None] | None = None,
    ) -> Encoding:
        """An encoding with these actions, these planes before the shared ones, and the
        bounds both share."""
        return Encoding(
            actions=actions,
            chance=self.chance,
            planes=(*planes, *self.planes()),
            fill=fill,
            listing=listing,
            max_game_length=self.max_game_length,
            utility=(0.0, self.high),
            notes=(
                "Decisions: the starting tiles, one each; per landscape tile a player lays, "
                "three (take it, lay a tile, a bonus token or pass), and no player lays the "
                "two tiles each hand keeps; one landing per round, a round per ship tile; per "
                "player and round, the objectives kept and one 'done'; per house built (its "
                "supply and reserve at most), the house and a Discovery token kept. Returns: "
                "scores never fall below 0; each house pays at most the best reward of the "
                "mode on an island holding every symbol of the set and every bonus token, or "
                "the best Discovery token; a ship counts at most 16 ports around it (8 tiles, "
                "2 ports each); with two or more players the tie-breaks add fractions."
            ),
        )
