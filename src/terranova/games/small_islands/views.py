"""What each seat may see: the table, the face-up row, the counts of the stacks and decks,
everyone's pieces, prestige and Discovery token counts; its own hand, objectives and
Discovery tokens; the objectives revealed at a round's end. Once the game is over every
Discovery token is shown (their values make the scores)."""

from __future__ import annotations

from typing import Any

from terranova.core.i18n import Said, as_data, texts
from terranova.core.scoring import SCORING
from terranova.core.turns import Decision
from terranova.core.words import listed
from terranova.games.small_islands import islands as isl
from terranova.games.small_islands import rounds
from terranova.games.small_islands.components import RESOURCES, SYMBOLS, Reward
from terranova.games.small_islands.exploring import grey_ships_left
from terranova.games.small_islands.objectives import Island, discoveries, fulfils, points
from terranova.games.small_islands.record import Record
from terranova.games.small_islands.sheet import COUNTS
from terranova.games.small_islands.steps import (
    Discovering,
    Keeping,
)


def view(g: Record, seat: int | None) -> dict[str, Any]:
    t = g.tables
    xy, ids = t.grid.xy, t.ids
    ship_owner = dict(g.ships)
    houses_at, tokens_at = g.houses_at, g.tokens_at
    tiles = []
    for pos, design, rotation in g.board.tiles:
        x, y = xy[pos]
        tile: dict[str, Any] = {"x": x, "y": y, "design": ids[design], "rotation": rotation}
        if pos in ship_owner:
            tile["ship"] = ship_owner[pos]
        if pos in houses_at:
            tile["houses"] = houses_at[pos][:]
        if pos in tokens_at:
            tile["tokens"] = [_token(s, kind, over) for s, kind, over in tokens_at[pos]]
        tiles.append(tile)
    over = g.over
    top = g.agenda[-1] if g.agenda and not over else None
    players = []
    for s in range(g.players):
        mine = seat == s or over
        player: dict[str, Any] = {
            "seat": s,
            "hand": [ids[d] for d in g.hands[s]] if seat == s else len(g.hands[s]),
            "tokens": g.tokens[s][:],
            "houses": g.supply[s],
            "reserve": g.stock[s],
            "built": g.built[s],
            "prestige": g.prestige[s],
            "ports_around_ship": rounds.ports_around_ship(g, s),
            "discoveries": [{"token": d, "value": t.discoveries[d]} for d in g.discoveries[s]]
            if mine
            else len(g.discoveries[s]),
            "objective": list(g.now[s]) if seat == s or s in g.revealed else bool(g.now[s]),
            "next_objective": list(g.later[s]) if seat == s else bool(g.later[s]),
            "holding": {deck: cards[:] for deck, cards in g.held[s].items()}
            if seat == s
            else {deck: len(cards) for deck, cards in g.held[s].items()},
            "last_tile": g.last_tile[s],
        }
        player["score"] = rounds.score(g, s) if mine else rounds.public_score(g, s)
        players.append(player)
    drawer = top.seat if isinstance(top, Discovering | Keeping) else None
    out: dict[str, Any] = {
        "game": g.game_id,
        "seat": seat,
        "players": g.players,
        "mode": "advanced" if g.advanced else "normal",
        "step": top.name if top is not None else "over",
        "current_player": g.current_player(),
        "round": g.round,
        "first_player": g.first,
        "tiles": tiles,
        "islands": island_facts(g, known_cards(g, seat)),
        "row": [ids[d] for d in g.row],
        "navigation": g.nav,
        "stack": g.reserve,
        "decks": {deck: len(cards) for deck, cards in g.decks.items()},
        "discovery_pool": len(g.disc_pool),
        "drawn_tokens": (g.drawn[:] if seat == drawer else len(g.drawn)) if g.drawn else [],
        "drawn_values": {d: t.discoveries[d] for d in g.drawn} if seat == drawer else {},
        "grey_ships": max(0, _grey(g)),
        "seats": players,
        "revealed": {str(s): list(o) for s, o in g.revealed.items()},
        "houses_built": [
            {"place": p, "x": xy[pos][0], "y": xy[pos][1], "points": pts, "discovery_tokens": tok}
            for p, pos, pts, tok in g.earned
        ],
        "ended": as_data(g.ended) if over and g.ended is not None else None,
        "winners": g.winners(),
        SCORING: [line.json() for line in g.sheet],
    }
    if over:  # the seat the end's reason names, for the board to say by its name
        out["ended_seat"] = g.ended_seat
    if g.solo:
        out["alexis"] = {
            "card": g.alexis_card.id if g.alexis_card else None,
            "built": g.built[g.players],
            "houses": g.supply[g.players],
            "score": rounds.alexis_score(g),
            "deck": len(g.expeditions),
            "discards": g.expedition_discards[:],
            "last_card": g.last_expedition or None,
            "last_tile": _laid(g, g.alexis_tiles[-1]) if g.alexis_tiles else None,
            "laid": [_laid(g, laid) for laid in g.alexis_tiles],
        }
    if seat is not None and isinstance(top, Decision) and top.seat == seat:
        out["legal_actions"] = [str(a) for a in g.legal_actions()]
    return out


def _laid(g: Record, laid: tuple[int, int, int] | None) -> dict[str, Any] | None:
    """A tile Alexis laid, (design, square, rotation), as the view gives it."""
    if laid is None:
        return None
    design, pos, rotation = laid
    x, y = g.tables.grid.xy[pos]
    return {"design": g.tables.ids[design], "x": x, "y": y, "rotation": rotation}


def _token(seat: int, kind: str, over: str) -> dict[str, Any]:
    """A bonus token on a tile (``over``: the resource it covers, if any)."""
    token: dict[str, Any] = {"seat": seat, "kind": kind}
    if over:
        token["over"] = over
    return token


def _grey(g: Record) -> int:
    return grey_ships_left(g)


def known_cards(g: Record, seat: int | None) -> set[str]:
    """The objective, Mission and Reward cards ``seat`` may name: its own (held, kept,
    kept for next round) and those revealed; every card once the game is over."""
    if g.over:
        c = g.tables.components
        return {o.id for o in c.objectives} | {m.id for m in c.missions} | {r.id for r in c.rewards}
    known = {card for cards in g.revealed.values() for card in cards}
    if seat is not None and 0 <= seat < g.players:
        known.update(g.now[seat], g.later[seat])
        for cards in g.held[seat].values():
            known.update(cards)
    return known


def island_facts(g: Record, known: set[str]) -> list[dict[str, Any]]:
    """Every island of land tiles as the rules see it, so that no board works it out: its
    squares, tiles, symbols (bonus tokens counted), house symbols, houses built and their
    owners, the Missions of the ``known`` cards it fulfils (by id: the objective cards',
    or in the advanced mode the Mission cards) and what a house on it would pay by each
    known Reward (by id, left out when nothing: prestige points, or for a Discovery Reward
    its tokens, one per temple). Only the cards a seat may name are named: which cards a
    view lists would otherwise tell where the others are."""
    t = g.tables
    c = t.components
    xy = t.grid.xy
    if g.advanced:
        missions, rewards = list(c.missions), list(c.rewards)
    else:
        missions, rewards = [o.mission for o in c.objectives], [o.reward for o in c.objectives]
    missions = [m for m in missions if m.id in known]
    rewards = [r for r in rewards if r.id in known]
    out = []
    for root, squares in isl.islands(g).items():
        island = isl.island(g, root)
        houses = [s for pos in squares for s in g.houses_at.get(pos, ())]
        out.append(
            {
                "squares": [list(xy[pos]) for pos in squares],
                "tiles": island.tiles,
                **{symbol: island.count(symbol) for symbol in SYMBOLS},
                "built": len(houses),
                "owners": sorted(set(houses)),
                "fulfils": sorted({m.id for m in missions if fulfils(m, island)}),
                "pays": {r.id: paid for r in rewards if (paid := _paid(r, island))},
            }
        )
    return out


def _paid(reward: Reward, island: Island) -> int:
    """What a house on ``island`` earns by ``reward``: points, or Discovery tokens."""
    return discoveries(reward, island) if reward.kind == "discovery" else points(reward, island)


_, _n = texts("terranova.games.small_islands")


def tile_name(design_id: str, symbols: dict[str, int], sea: bool) -> Said:
    """A tile named by what it shows, as a player reads it ("2 flowers, 1 temple, 1 house"),
    rather than by its id; a tile of sea only is "sea", the ship tile "ship"."""
    if design_id == "ship":
        return _("ship")
    words = [COUNTS[kind](n) for kind, n in symbols.items() if n]
    if words:
        return listed(words)
    return _("sea") if sea else _("land, no symbol")


def components(g: Record) -> dict[str, Any]:
    t = g.tables
    c = t.components
    designs = []
    for design in t.designs:
        face = design.face
        symbols = dict(zip(SYMBOLS, face.symbols(), strict=True))
        designs.append(
            {
                "id": design.id,
                "name": as_data(tile_name(design.id, symbols, all(face.labels))),
                "count": design.count,
                "labels": list(face.labels),
                "symbols": symbols,
                **({"start": design.start, "side": design.side} if design.start else {}),
            }
        )
    return {
        "designs": designs,
        "resources": list(RESOURCES),
        "objectives": [
            {"id": o.id, "mission": _mission(o.mission), "reward": _reward(o.reward)}
            for o in c.objectives
        ],
        "missions": [_mission(m) for m in c.missions],
        "rewards": [_reward(r) for r in c.rewards],
        "discoveries": len(c.discoveries),
        "alexis": [
            {
                "id": a.id,
                "stars": a.stars,
                "explore": a.explore,
                "land": a.land,
                "houses": a.houses,
                "base": a.base,
                "per_house": a.per_house,
            }
            for a in c.alexis
        ],
        "expeditions": [
            {"id": e.id, "kind": e.kind, "slot": e.slot, "aim": e.aim} for e in c.expeditions
        ],
    }


def _mission(m: Any) -> dict[str, Any]:
    return {"id": m.id, "kind": m.kind, "a": m.a, "b": m.b, "need": dict(m.need)}


def _reward(r: Any) -> dict[str, Any]:
    return {"id": r.id, "kind": r.kind, "symbol": r.symbol, "points": r.points,
            "bonus": r.bonus, "sizes": [list(p) for p in r.sizes]}  # fmt: skip
