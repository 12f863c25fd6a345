"""The view gives the islands as the rules see them (``islands``: squares, symbols, houses,
the Missions each fulfils and what each Reward pays), so the board works none of it out."""

from __future__ import annotations

import random

import terranova
from terranova.core.state import CHANCE
from terranova.games.small_islands.objectives import Island, discoveries, fulfils, points
from terranova.games.small_islands.views import known_cards


def test_the_views_islands_are_the_rules_islands() -> None:
    checked = 0
    for seed in range(4):
        g = terranova.make(
            "small-islands", players=2 + seed % 3, mode=("normal", "advanced")[seed % 2]
        )
        rng = random.Random(seed)
        while not g.is_terminal():
            action = (
                g.sample_chance(rng)
                if g.current_player() == CHANCE
                else rng.choice(list(g.legal_actions()))
            )
            g.apply(action)
            if rng.random() > 0.1:
                continue
            seat = rng.choice([None, *range(g.num_seats)])
            view = g.view(seat)
            known = known_cards(g, seat)
            land = {(t["x"], t["y"]) for t in view["tiles"] if t["design"] != "ship"}
            facts = view["islands"]
            squares = [tuple(sq) for fact in facts for sq in fact["squares"]]
            assert sorted(squares) == sorted(land)  # every land tile in one island
            c = g.tables.components
            advanced = view["mode"] == "advanced"
            missions = c.missions if advanced else [o.mission for o in c.objectives]
            rewards = c.rewards if advanced else [o.reward for o in c.objectives]
            # only the cards the seat may name: its own, the revealed, all once over
            missions = [m for m in missions if m.id in known]
            rewards = [r for r in rewards if r.id in known]
            assert all(set(f["fulfils"]) | set(f["pays"]) <= known for f in view["islands"])
            for fact in facts:
                assert fact["tiles"] == len(fact["squares"])
                island = Island(
                    fact["tiles"],
                    *(fact[k] for k in ("flower", "fruit", "leaf", "temple", "port", "house")),
                )
                assert set(fact["fulfils"]) == {m.id for m in missions if fulfils(m, island)}
                for r in rewards:
                    paid = discoveries(r, island) if r.kind == "discovery" else points(r, island)
                    assert fact["pays"].get(r.id, 0) == paid
                houses = [
                    s
                    for t in view["tiles"]
                    if [t["x"], t["y"]] in fact["squares"]
                    for s in t.get("houses", [])
                ]
                assert fact["built"] == len(houses) and fact["owners"] == sorted(set(houses))
                checked += 1
    assert checked > 50
