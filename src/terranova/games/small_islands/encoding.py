"""Small Islands as numbers for research interfaces: action spaces and tensors
(docs/small-islands/encoding.md describes them part by part and plane by plane).

Everything is derived from the loaded components (``tiles=`` and ``cards=`` may name other
files) and the other parameters. The map is a square of side ``2 * reach + 1`` centred on
the first starting tile, laid on (0, 0). Every other tile is laid next to one already on
the table, so no tile lies farther from it along either axis than the number of tiles
that can be laid after it; the table itself stops at :data:`~.tables.SPAN`. ``reach`` is
the smaller of the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from terranova.core.action_space import ActionSpace, Part, Ranked
from terranova.core.encoding import Encoding, Plane, Planes
from terranova.core.state import JSON
from terranova.games.small_islands.actions import (
    Build,
    Choose,
    Deal,
    Discover,
    Done,
    Draw,
    Expedition,
    House,
    Keep,
    Land,
    Pass,
    Place,
    Reveal,
    Take,
    Token,
)
from terranova.games.small_islands.components import RESOURCES, SYMBOLS, Components, Reward
from terranova.games.small_islands.content import load_components
from terranova.games.small_islands.exploring import HAND, PORTS_PER_TILE, ROW, TOKEN_ORDER
from terranova.games.small_islands.rounds import DRAWS, NAVIGATION
from terranova.games.small_islands.tables import SPAN

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


def reach(components: Components, players: int) -> int:
    """How far from (0, 0) a tile can lie along either axis.

    Laid at most: the starting tiles, the ship tiles, and the landscape tiles but the two
    every hand keeps (after set-up a hand holds two tiles at the end of every turn; a
    game whose deal runs dry ends before any landscape tile is laid)."""
    starts = len(components.starts) // 2
    landscape = max(0, components.landscape_total - HAND * players)
    laid = starts + landscape + components.ships
    return max(0, min(SPAN, laid - 1))


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


def encoding(params: Mapping[str, Any]) -> Encoding:
    """The encoding of Small Islands with these (resolved) parameters."""
    players = int(params["players"])
    advanced = params["mode"] == "advanced"
    cover = params["tokens"] == "cover"
    solo = players == 1
    c = load_components(params["tiles"], params["cards"])
    t = c.tables
    places = players + (1 if solo else 0)
    r = reach(c, players)
    side = 2 * r + 1
    squares = range(-r, r + 1)
    landscape = [d.id for d in c.landscape]
    land_index = {d: i for i, d in enumerate(landscape)}
    decks: tuple[str, ...]
    if advanced:
        cards = list(dict.fromkeys([*(m.id for m in c.missions), *(w.id for w in c.rewards)]))
        rewards: list[Reward] = list(c.rewards)
        decks = ("mission", "reward")
    else:
        cards = [o.id for o in c.objectives]
        rewards = [o.reward for o in c.objectives]
        decks = ("objective",)
    card_index = {k: i for i, k in enumerate(cards)}
    tokens = [d.id for d in c.discoveries]
    token_index = {k: i for i, k in enumerate(tokens)}
    expeditions: list[str] = []
    card = next((a for a in c.alexis if a.stars == int(params["alexis"])), None) if solo else None
    if card is not None:
        explore = [e.id for e in c.expeditions if e.kind == "explore"][: card.explore]
        land = [e.id for e in c.expeditions if e.kind == "land"][: card.land]
        expeditions = sorted(explore + land)
    expedition_index = {k: i for i, k in enumerate(expeditions)}
    kinds = [k for k in TOKEN_ORDER if k in c.tokens]

    # ------------------------------------------------------------------ action spaces
    if cover:
        token_parts = [
            Part(Token, kind=(k,), x=squares, y=squares, over=[o for o in RESOURCES if o != k])
            for k in kinds
            if k != "port"
        ]
        if "port" in kinds:
            token_parts.append(Part(Token, kind=("port",), x=squares, y=squares))
    else:
        token_parts = [Part(Token, kind=kinds, x=squares, y=squares)]
    choice = (
        Part(Build, mission=Ranked(HELD), reward=Ranked(HELD), later_mission=Ranked(HELD),
             later_reward=Ranked(HELD))
        if advanced
        else Part(Keep, now=cards, later=cards)
    )  # fmt: skip
    actions = ActionSpace(
        [
            # a starting tile's side (two), or a tile from hand (three at most): by rank
            Part(Place, design=Ranked(IN_HAND), x=squares, y=squares, rotation=range(4)),
            Part(Take, design=landscape),
            Part(Land, ship=("own", "grey"), x=squares, y=squares),
            *token_parts,
            Part(Pass),
            Part(House, x=squares, y=squares),
            Part(Done),
            # a card file may hold no cards of a deck, or no Discovery tokens
            *([choice] if cards else []),
            *([Part(Choose, token=tokens)] if tokens else []),
        ]
    )
    chance_parts = [Part(Reveal, design=landscape), Part(Deal, design=landscape)]
    if cards:
        chance_parts.append(Part(Draw, card=cards))
    if tokens:
        chance_parts.append(Part(Discover, token=tokens))
    if expeditions:
        chance_parts.append(Part(Expedition, card=expeditions))
    chance = ActionSpace(chance_parts)

    # ------------------------------------------------------------------ bounds
    houses = c.houses + c.reserve
    """Houses one player can build in a game (its supply and reserve)."""
    rounds = c.ships
    """Each round ends when a ship tile is laid; the game ends when all are."""
    starts = len(c.starts) // 2
    takes = max(0, c.landscape_total - HAND * players)
    max_game_length = (
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
    alexis_most = 0 if card is None else card.base + card.per_house * houses
    score_scale = max(1.0, high, float(alexis_most))

    # ------------------------------------------------------------------ planes
    channels = map_channels(places, cover)
    at = {name: i for i, name in enumerate(channels)}
    face_channels = at["printed house"] + 1
    token_at = at["flower tokens"]
    covered_at = at.get("flower covered", 0)
    house_at = at["houses of place 0"]
    ship_at = at["ship: mine"]
    designs = t.designs
    design_index = {d.id: i for i, d in enumerate(designs)}
    symbol_scale = [max(1, *(d.face.symbols()[k] for d in designs)) for k in range(6)]
    house_scale = float(symbol_scale[5])
    resource_scale = symbol_scale[:3]
    # the land of each design turned each way, then its printed symbols, scaled
    faces = np.zeros((len(designs), 4, face_channels), dtype=np.float32)
    for i, d in enumerate(designs):
        symbols = [n / s for n, s in zip(d.face.symbols(), symbol_scale, strict=True)]
        for rotation in range(4):
            labels = t.tiles.faces[i][rotation]
            faces[i, rotation] = [1.0, *(1.0 - label for label in labels), *symbols]
    in_play = {k: max(1, players * c.tokens.count(k)) for k in TOKEN_ORDER}
    token_scale = {k: float(PORTS_PER_TILE if k == "port" else in_play[k]) for k in TOKEN_ORDER}
    own_tokens = {k: max(1, c.tokens.count(k)) for k in TOKEN_ORDER}
    decks_size = {"objective": len(c.objectives), "mission": len(c.missions)}
    decks_size["reward"] = len(c.rewards)
    counts = ["navigation", "stack", *(f"{d} deck" for d in decks)]
    counts += ["discovery pool", "tokens drawn", "grey ships", "round"]
    if solo:
        counts.append("expedition deck")

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0

        def place(p: int) -> int:
            return p if p >= players else (p - me) % players

        board = planes["map"]
        for tile in view["tiles"]:
            x, y = tile["x"] + r, tile["y"] + r
            board[0:face_channels, y, x] = faces[design_index[tile["design"]], tile["rotation"]]
            for token in tile.get("tokens", ()):
                kind = token["kind"]
                board[token_at + TOKEN_ORDER.index(kind), y, x] += 1 / token_scale[kind]
                over = token.get("over")
                if over:
                    k = RESOURCES.index(over)
                    board[covered_at + k, y, x] += 1 / resource_scale[k]
            for p in tile.get("houses", ()):
                board[house_at + place(p), y, x] += 1 / house_scale
            owner = tile.get("ship")
            if owner is not None:
                board[ship_at + (2 if owner < 0 else 0 if owner == me else 1), y, x] = 1
        for slot, design in enumerate(view["row"]):
            planes["row"][slot, land_index[design]] = 1
        for player in view["seats"]:
            s = player["seat"]
            row = place(s)
            hand = player["hand"]
            if isinstance(hand, list):
                for design in hand:
                    planes["hand"][land_index[design]] += 1 / IN_HAND
                planes["hand_sizes"][row] = len(hand) / IN_HAND
            else:
                planes["hand_sizes"][row] = hand / IN_HAND
            for kind in player["tokens"]:
                planes["bonus_tokens"][row, TOKEN_ORDER.index(kind)] += 1 / own_tokens[kind]
            planes["houses"][row] = (
                player["houses"] / houses,
                player["reserve"] / houses,
                player["built"] / houses,
            )
            planes["scores"][row] = player["score"] / score_scale
            planes["ports"][row] = player["ports_around_ship"] / AROUND
            found = player["discoveries"]
            if isinstance(found, list):
                for token in found:
                    planes["discoveries"][row, token_index[token["token"]]] = 1
                found = len(found)
            planes["discovery_counts"][row] = found / max(1, len(tokens))
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
                planes["revealed"][place(int(s)), card_index[k]] = 1
        drawn = view["drawn_tokens"]
        if isinstance(drawn, list):
            for token in drawn:
                planes["drawn"][token_index[token]] = 1
            drawn = len(drawn)
        numbers = [view["navigation"] / NAVIGATION, view["stack"] / max(1, c.landscape_total)]
        numbers += [view["decks"][d] / max(1, decks_size[d]) for d in decks]
        numbers += [view["discovery_pool"] / max(1, len(tokens)), drawn / max(1, len(tokens))]
        numbers += [view["grey_ships"] / c.ships, view["round"] / rounds]
        alexis = view.get("alexis")
        if alexis is not None:
            numbers.append(alexis["deck"] / max(1, len(expeditions)))
            planes["houses"][players] = (alexis["houses"] / houses, 0.0, alexis["built"] / houses)
            planes["scores"][players] = alexis["score"] / score_scale
            for k in alexis["discards"]:
                planes["expeditions"][0, expedition_index[k]] = 1
            if alexis["last_card"] is not None:
                planes["expeditions"][1, expedition_index[alexis["last_card"]]] = 1
        planes["counts"][:] = numbers
        planes["step"][STEPS.index(view["step"])] = 1
        current = view["current_player"]
        if current >= 0:
            planes["to_move"][(current - me) % players] = 1
        planes["first"][place(view["first_player"])] = 1

    n_land, n_cards, n_tokens = len(landscape), len(cards), len(tokens)
    planes = [
        Plane(
            "map",
            (len(channels), side, side),
            "by square (row y + reach, column x + reach), channels: "
            + ", ".join(channels)
            + " (a place is a seat counted from yours, Alexis last; see the docs for scales)",
        ),
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
        Plane("counts", (len(counts),), "scaled counts: " + ", ".join(counts)),
        Plane("step", (len(STEPS),), "the step, one-hot: " + ", ".join(STEPS)),
        Plane("to_move", (players,), "the seat to move, one-hot, your seat first"),
        Plane("first", (places,), "the first player, one-hot, your seat first, Alexis last"),
    ]
    if solo:
        planes.append(
            Plane(
                "expeditions",
                (2, len(expeditions)),
                "Alexis's Expedition cards turned over since the deck was shuffled, and the "
                "last one",
            )
        )
    return Encoding(
        actions=actions,
        chance=chance,
        planes=tuple(planes),
        fill=fill,
        max_game_length=max_game_length,
        utility=(0.0, high),
        notes=(
            "Decisions: the starting tiles, one each; per landscape tile a player lays, "
            "three (take it, lay a tile, a bonus token or pass), and no player lays the two "
            "tiles each hand keeps; one landing per round, a round per ship tile; per "
            "player and round, the objectives kept and one 'done'; per house built (its "
            "supply and reserve at most), the house and a Discovery token kept. Returns: "
            "scores never fall below 0; each house pays at most the best reward of the mode "
            "on an island holding every symbol of the set and every bonus token, or the "
            "best Discovery token; a ship counts at most 16 ports around it (8 tiles, 2 "
            "ports each); with two or more players the tie-breaks add fractions."
        ),
    )
