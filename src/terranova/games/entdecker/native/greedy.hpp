// bots.greedy on the native engine: the same choice as the reference policy (bots.py) for
// the same position, its floats made and summed in the reference's order, its ties broken by
// the same calls on the generator (below(n): rng.randrange(n)).
#pragma once

#include <optional>

#include "entdecker.hpp"

namespace entdecker {

constexpr double GOLD = 1.0 / 3, RIVALS = 0.5, SETTLE_NOW = 2.0;  // bots.py's weights

namespace greedy_policy {

// bots._standing: the strength (kind * 100 + count, -1: none) of seat and of the best
// opponent on an island
inline std::pair<int, int> standing(const State& s, int seat, int root) {
    std::array<int, MAX_SEATS> kind, count;
    kind.fill(-1);
    count.fill(0);
    for (int i = 0; i < s.n_units; ++i) {
        const Unit& u = s.units[i];
        if (s.root_of(u.node) != root) continue;
        if (u.kind > kind[u.seat]) {
            kind[u.seat] = u.kind;
            count[u.seat] = 1;
        } else if (u.kind == kind[u.seat]) {
            ++count[u.seat];
        }
    }
    int mine = -1, best_other = -1;
    for (int o = 0; o < s.game->players; ++o) {
        if (kind[o] < 0) continue;
        int strength = kind[o] * 100 + count[o];
        if (o == seat)
            mine = strength;
        else
            best_other = std::max(best_other, strength);
    }
    return {mine, best_other};
}

// bots._promise: what a tile on the undiscovered square target may bring seat
inline double promise(const State& s, int seat, int target) {
    const Game& g = *s.game;
    double worth = 0.0;
    std::array<int, 4> seen;
    int n_seen = 0;
    for (int edge = 0; edge < 4; ++edge) {
        int n = target + g.step[edge];
        if (n < 0 || n >= g.positions || s.at[n] < 0) continue;
        const auto& tile = s.tiles[s.at[n]];
        int piece = g.piece[tile[1]][tile[2]][(edge + 2) % 4];
        if (piece < 0) continue;
        int root = s.root_of(s.first_node(n) + piece);
        bool known = std::find(seen.begin(), seen.begin() + n_seen, root) != seen.begin() + n_seen;
        for (int j = 0; j < s.n_scored && !known; ++j) known = s.scored[j] == root;
        if (known) continue;
        seen[n_seen++] = root;
        auto [mine, best_other] = standing(s, seat, root);
        int value = s.island_tiles(root) + s.bonus[root];
        double closing = s.open[root] == 1 ? 1.0 : 0.4;
        if (mine >= best_other) worth += closing * 0.5 * value;
    }
    return worth;
}

inline double start_value(const State& s, int seat, uint64_t action) {
    const Game& g = *s.game;
    uint64_t f = action & FIELDS;
    int price, target;
    if (act_kind(action) == A_START_EDGE) {
        price = g.cost[f];
        target = g.point_pos[f];
    } else {
        int pos = int(f & 0xFF), edge = int(f >> 8 & 3), point = int(f >> 10 & 63);
        int tolls = 0;
        for (int seat_ = 0; seat_ < MAX_SEATS; ++seat_) tolls += int(f >> (16 + 4 * seat_) & 15);
        price = g.cost[point] + g.toll * tolls;
        target = pos + g.step[edge];
    }
    return promise(s, seat, target) - price * GOLD;
}

inline double own_outlook(const State& s, int seat) {
    std::array<double, MAX_SEATS> out;
    s.outlook(seat, out);
    return out[seat];
}

// bots._settle_value (the unit on the board for the while of the outlook)
inline double settle_value(State& s, int seat, uint64_t action, double base) {
    const Game& g = *s.game;
    uint64_t f = action & FIELDS;
    int kind = int(f & 3), piece = int(f >> 2 & 7), pos = int(f >> 8 & 0xFF);
    int from = int(f >> 16 & 3);
    s.add_unit(s.first_node(pos) + piece, seat, kind);
    double gain = own_outlook(s, seat) - base;
    --s.n_units;
    if (from)
        gain -= 1.0;
    else if (kind == SCOUT)
        gain += 0.5;
    return gain - g.unit_costs[kind] * GOLD;
}

inline double place_value(const State& s, int seat, uint64_t action) {
    const Game& g = *s.game;
    if (g.event[s.top().arg] == STORM) return 0.0;
    static thread_local std::optional<State> kept;  // a copy made anew keeps its lists' room
    if (kept)
        *kept = s;
    else
        kept.emplace(s);
    State& child = *kept;
    child.apply(action);
    if (child.over || !child.has_turn || child.turn.seat != seat) return 0.0;
    std::array<double, MAX_SEATS> expected;
    child.outlook(seat, expected);
    double others = 0.0;
    bool any = false;
    for (int o = 0; o < g.players; ++o)
        if (o != seat && (!any || expected[o] > others)) {
            others = expected[o];
            any = true;
        }
    double worth = expected[seat] - RIVALS * others;
    if (child.turn.left && child.ship_can_sail()) worth += 0.5;
    if (g.pieces[child.tiles[child.at[child.turn.ship]][1]]) worth += 0.3;
    return worth;
}

// bots._path_chance over a path's spaces
inline double path_chance(const State& s, int seat, const int8_t* spaces, int length) {
    int players = s.game->players;
    std::array<int, MAX_SEATS> counts{};
    int free = 0;
    for (int k = 0; k < length; ++k)
        if (spaces[k] >= 0)
            ++counts[spaces[k]];
        else
            ++free;
    int mine = counts[seat], best_other = 0, most = 0;
    for (int o = 0; o < players; ++o) {
        most = std::max(most, counts[o]);
        if (o != seat) best_other = std::max(best_other, counts[o]);
    }
    if (mine == 0 && best_other == 0) return 0.0;
    if (mine > best_other) return 1.0;
    int nearest = -1;
    for (int k = 0; k < length; ++k)
        if (spaces[k] >= 0 && counts[spaces[k]] == most) {
            nearest = spaces[k];
            break;
        }
    if (mine == best_other && nearest == seat) return 1.0;
    int lacking = best_other - mine + 1;
    if (lacking > free) return 0.0;
    return 0.5 / lacking;
}

inline double trek_value(const State& s, int seat, uint64_t action) {
    const Game& g = *s.game;
    int path = int(action & FIELDS), length = g.path_length[path], token = s.huts[path];
    const auto& spaces = s.paths[path];
    double value = token >= 0 && s.known[path] >> seat & 1 ? double(g.token_value[token])
                                                           : g.token_mean;
    double before = path_chance(s, seat, spaces.data(), length);
    auto after = spaces;
    for (int k = 0; k < length; ++k)
        if (after[k] < 0) {
            after[k] = int8_t(seat);
            break;
        }
    return value * (path_chance(s, seat, after.data(), length) - before);
}

// bots._best: the action of the highest value (within 1e-9), ties drawn by below
template <class Value, class Below>
uint64_t best(const std::vector<uint64_t>& legal, Value&& value, Below&& below) {
    std::vector<double> values;
    values.reserve(legal.size());
    for (uint64_t a : legal) values.push_back(value(a));
    double top = *std::max_element(values.begin(), values.end());
    std::vector<uint64_t> tied;
    for (size_t i = 0; i < legal.size(); ++i)
        if (values[i] >= top - 1e-9) tied.push_back(legal[i]);
    return tied.size() == 1 ? tied[0] : tied[size_t(below(int(tied.size())))];
}

inline uint64_t announce_choice(const State& s, int seat, const std::vector<uint64_t>& legal) {
    const Game& g = *s.game;
    int gold = s.gold[seat];
    const auto& costs = g.unit_costs;
    int reserve = s.supply[seat][FORT] && gold >= costs[FORT] + 2 ? costs[FORT] : costs[SCOUT];
    int want = std::max(1, std::min(4, gold - reserve));
    int hidden = 0;
    for (uint64_t a : legal) hidden += (a & FIELDS) >> 16 == 0;
    if (hidden) return legal[size_t(std::min(want, hidden) - 1)];
    return legal[0];
}

template <class Below>
uint64_t explore_choice(State& s, int seat, const std::vector<uint64_t>& legal, Below&& below) {
    const Game& g = *s.game;
    std::vector<uint64_t> draws;
    bool have_unit = false, complete = false;
    uint64_t best_unit = 0;
    double best_value = 0.0;
    double base = 0.0;
    for (uint64_t a : legal) {
        uint64_t kind = act_kind(a);
        if (kind == A_DRAW || kind == A_TAKE) draws.push_back(a);
        if (kind != A_SETTLE) continue;
        if (!have_unit) base = own_outlook(s, seat);
        double v = settle_value(s, seat, a, base);
        if (!have_unit || v > best_value) {  // the first of the highest (values.index)
            best_value = v;
            best_unit = a;
        }
        have_unit = true;
    }
    if (have_unit) {
        int piece = int(best_unit >> 2 & 7);
        complete = s.open[s.root_of(s.first_node(s.turn.ship) + piece)] == 0;
    }
    if (have_unit && (best_value >= SETTLE_NOW || (complete && best_value > 0))) return best_unit;
    if (!draws.empty()) {
        if (act_kind(draws[0]) == A_TAKE) {
            for (uint64_t a : draws)
                if (s.can_place(g.open_design[a & FIELDS])) return a;
            return draws[size_t(below(int(draws.size())))];
        }
        return draws[0];
    }
    if (have_unit && best_value > 0) return best_unit;
    return act(A_STOP);
}

}  // namespace greedy_policy

// The action bots.greedy plays at a decision (legal: the state's legal actions); below(n)
// draws a tie's winner as rng.randrange(n) does.
template <class Below>
uint64_t greedy(State& s, const std::vector<uint64_t>& legal, Below&& below) {
    using namespace greedy_policy;
    int seat = s.current_player();
    switch (s.top().kind) {
        case WHEEL: return legal.back();  // the ship's wheel: the most gold
        case STARTING:
            return best(legal, [&](uint64_t a) { return start_value(s, seat, a); }, below);
        case ANNOUNCING: return announce_choice(s, seat, legal);
        case PLACING:
            return best(legal, [&](uint64_t a) { return place_value(s, seat, a); }, below);
        case TREKKING:
        case NATIVES_STEP:
            return best(legal, [&](uint64_t a) { return trek_value(s, seat, a); }, below);
        default: return explore_choice(s, seat, legal, below);
    }
}

}  // namespace entdecker
