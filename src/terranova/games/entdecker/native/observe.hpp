// Entdecker's encoding (encoding.py) written natively: a seat's observation, float32 by
// float32 as encoding.py's ``fill`` writes it from the seat's view, and the index of each
// legal action in the encoding's action space. Its figures (the planes' places, the scales
// and the action space's parts) are given once by the Python side
// (native_state.observation_figures), so that both write from the same numbers.
#pragma once

#include <algorithm>
#include <bit>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <vector>

#include "entdecker.hpp"

namespace entdecker {

constexpr int TILE_CHANNELS = 11;  // encoding.TILE_CHANNELS
constexpr int MAP_CHANNELS = 14;

// One part of the action space: its offset and, per field the index reads (in the order
// the writer names them), its stride, its first value and how many values it has.
struct PartAt {
    struct Field {
        int64_t stride = 0;
        int first = 0, count = 0;
    };
    int64_t at = -1;  // -1: the space has no such part
    std::vector<Field> fields;

    // The index of the action whose fields have these values, or -1: outside the part.
    int64_t index(std::initializer_list<int> values) const {
        if (at < 0 || values.size() != fields.size()) return -1;
        int64_t out = at;
        size_t k = 0;
        for (int v : values) {
            const Field& f = fields[k++];
            if (v < f.first || v - f.first >= f.count) return -1;
            out += int64_t(v - f.first) * f.stride;
        }
        return out;
    }
};

struct Encoding {
    // where each plane starts in an observation, and its size
    int p_map = 0, p_units = 0, p_tiles = 0, p_in_hand = 0, p_points = 0, p_gold = 0;
    int p_supply = 0, p_paths = 0, p_huts = 0, p_seen = 0, p_bag = 0, p_turn = 0;
    int p_active = 0, p_step = 0, p_to_move = 0;
    int size = 0, actions = 0;
    int pieces = 1, path_spaces = 0, over_col = -1, source_paths = 0;
    std::vector<float> features;  // [design * 4 + rotation][TILE_CHANNELS]
    std::vector<double> count_of;  // per design
    std::vector<std::array<int, 2>> open;  // (number, design), in the view's order
    std::array<double, 3> supply_scale{1, 1, 1};
    double most_token = 1, tokens = 1, left_scale = 1, most_points = 1, gold_scale = 30;
    std::vector<int> xs, ys, path_start, step_col;  // per position, per path, per Kind
    // the action space's parts
    PartAt income, edge, draw, place, settle, scout_from, stop, trek;
    std::array<PartAt, 4> start_tile;  // by heading N, E, S, W
    std::array<PartAt, 2> announce;  // hidden, open
    std::array<int64_t, 7> take{-1, -1, -1, -1, -1, -1, -1};  // by number

    // ``me``'s observation of ``s`` (a spectator's: ``me`` 0, no token seen unless over).
    void observe(const State& s, int me, bool spectator, float* o) const {
        std::fill(o, o + size, 0.0f);
        const Game& g = *s.game;
        const int players = g.players, width = g.width, area = g.width * g.height;
        auto rel = [&](int seat) { return ((seat - me) % players + players) % players; };
        auto cell = [&](int pos) { return ys[size_t(pos)] * width + xs[size_t(pos)]; };
        float* map = o + p_map;
        for (int i = 0; i < s.n_tiles; ++i) {
            const auto& tile = s.tiles[size_t(i)];
            const float* row = &features[(size_t(tile[1]) * 4 + tile[2]) * TILE_CHANNELS];
            int c = cell(tile[0]);
            for (int ch = 0; ch < TILE_CHANNELS; ++ch) map[ch * area + c] = row[ch];
        }
        if (s.has_turn) {
            const Turn& t = s.turn;
            if (t.ship >= 0) map[11 * area + cell(t.ship)] = 1;
            for (int k = 0; k < t.exits; ++k) map[12 * area + cell(t.exit_pos[size_t(k)])] = 1;
            for (int k = 0; k < t.laid; ++k) map[13 * area + cell(t.laid_at[size_t(k)])] = 1;
            float* kind = o + p_turn;
            if (t.kind) kind[t.kind == 1 ? 0 : 1] = 1;
            kind[2] = float(double(t.left) / left_scale);
            kind[3] = t.storm ? 1 : 0;
            o[p_active + rel(t.seat)] = 1;
        }
        for (int i = 0; i < s.n_units; ++i) {
            const Unit& u = s.units[size_t(i)];
            int pos = s.node_pos(u.node), piece = u.node - s.first_node(pos);
            o[p_units + ((rel(u.seat) * 3 + u.kind) * pieces + piece) * area + cell(pos)] += 0.5f;
        }
        float* stacks = o + p_tiles;
        const int designs = g.designs;
        for (int d = 0; d < designs; ++d)
            if (s.hidden[size_t(d)]) stacks[d] = float(s.hidden[size_t(d)] / count_of[size_t(d)]);
        for (auto [number, d] : open)
            stacks[designs + d] = float(s.open_stacks[size_t(number)] / count_of[size_t(d)]);
        std::array<int, MAX_DESIGNS> discarded{};
        for (int i = 0; i < s.n_discards; ++i) ++discarded[s.discards[size_t(i)]];
        for (int d = 0; d < designs; ++d)
            if (discarded[size_t(d)])
                stacks[2 * designs + d] = float(discarded[size_t(d)] / count_of[size_t(d)]);
        if (!s.over && s.depth > 0 && s.top().kind == PLACING) o[p_in_hand + s.top().arg] = 1;
        for (int seat = 0; seat < players; ++seat) {
            int row = rel(seat);
            o[p_points + row] = float(s.score[size_t(seat)] / most_points);
            o[p_gold + row] = float(std::min(double(s.gold[size_t(seat)]), gold_scale) / gold_scale);
            for (int k = 0; k < 3; ++k)
                o[p_supply + row * 3 + k] = float(s.supply[size_t(seat)][size_t(k)] / supply_scale[size_t(k)]);
        }
        const int paths = int(g.path_length.size());
        for (int p = 0; p < paths; ++p) {
            for (int k = 0; k < g.path_length[size_t(p)]; ++k) {
                int owner = s.paths[size_t(p)][size_t(k)];
                if (owner >= 0) o[p_paths + rel(owner) * path_spaces + path_start[size_t(p)] + k] = 1;
            }
            int token = s.huts[size_t(p)];
            if (token >= 0) {
                o[p_huts + p * 2] = 1;
                if (s.over || (!spectator && (s.known[size_t(p)] >> me & 1)))
                    o[p_huts + p * 2 + 1] = float(g.token_value[size_t(token)] / most_token);
            }
            for (int seat = 0; seat < players; ++seat)
                if (s.known[size_t(p)] >> seat & 1) o[p_seen + rel(seat) * paths + p] = 1;
        }
        o[p_bag] = float(std::popcount(s.bag) / tokens);
        int step = s.over || s.depth == 0 ? over_col : step_col[s.top().kind];
        if (step >= 0) o[p_step + step] = 1;
        int current = s.current_player();
        if (current >= 0) o[p_to_move + rel(current)] = 1;
    }

    // The index of each of ``legal`` (a decision's legal actions, in their order) in the
    // action space, into ``out`` (``tolls``: a list kept between calls). Throws
    // std::invalid_argument for an action the encoding does not hold (as the Python encoding
    // refuses it).
    void indices(const State& s, const std::vector<uint64_t>& legal, std::vector<int64_t>& out,
                 std::vector<uint32_t>& tolls) const {
        out.clear();
        tolls.clear();
        for (uint64_t a : legal)  // StartTile's tolls are ranked among the legal ones'
            if (act_kind(a) == A_START_TILE) tolls.push_back(uint32_t((a & FIELDS) >> 16));
        if (!tolls.empty()) {
            std::sort(tolls.begin(), tolls.end(), toll_order);
            tolls.erase(std::unique(tolls.begin(), tolls.end()), tolls.end());
        }
        const Game& g = *s.game;
        for (uint64_t a : legal) {
            uint64_t f = a & FIELDS;
            int64_t index = -1;
            auto x = [&](int pos) { return xs[size_t(pos)]; };
            auto y = [&](int pos) { return ys[size_t(pos)]; };
            switch (act_kind(a)) {
                case A_INCOME: index = income.index({int(f)}); break;
                case A_START_EDGE: index = edge.index({int(f)}); break;
                case A_START_TILE: {
                    int pos = int(f & 0xFF);
                    uint32_t paid = uint32_t(f >> 16);
                    auto rank = std::lower_bound(tolls.begin(), tolls.end(), paid, toll_order);
                    index = start_tile[f >> 8 & 3].index({x(pos), y(pos), int(rank - tolls.begin())});
                    break;
                }
                case A_ANNOUNCE: index = announce[f >> 16 ? 1 : 0].index({int(f & 0xFFFF)}); break;
                case A_DRAW: index = draw.index({}); break;
                case A_TAKE: index = f < 7 ? take[f] : -1; break;
                case A_PLACE: {
                    int pos = int(f >> 8 & 0xFF);
                    index = place.index({x(pos), y(pos), int(f >> 16 & 3)});
                    break;
                }
                case A_SETTLE: {
                    int kind = int(f & 3), piece = int(f >> 2 & 7), from = int(f >> 16 & 3);
                    int at = int(f >> 18 & 0xFF), k = int(f >> 26 & 31);
                    if (from == 0) {
                        index = settle.index({kind, piece});
                    } else if (kind == SCOUT && from == 1 && k < pieces) {
                        index = scout_from.index({piece, (x(at) * g.height + y(at)) * pieces + k});
                    } else if (kind == SCOUT && from == 2 && at < int(path_start.size()) && k >= 1 &&
                               k <= g.path_length[size_t(at)]) {
                        index = scout_from.index({piece, source_paths + path_start[size_t(at)] + k - 1});
                    }
                    break;
                }
                case A_STOP: index = stop.index({}); break;
                case A_TREK: index = trek.index({int(f)}); break;
                default: break;
            }
            if (index < 0) throw std::invalid_argument("a legal action outside the encoding's action space");
            out.push_back(index);
        }
    }

    // Tolls (4 bits a seat) in the order of their texts (the seats paid, in order, by
    // commas): the order of the seats' lists, a list before those it begins.
    static bool toll_order(uint32_t a, uint32_t b) {
        for (int seat = 0; seat < MAX_SEATS; ++seat) {
            int na = a >> 4 * seat & 15, nb = b >> 4 * seat & 15;
            if (na != nb) {
                // the lists agree up to this seat's entries: the one with fewer of them goes on
                // with a later seat, or ends
                bool a_more = false, b_more = false;
                for (int later = seat + 1; later < MAX_SEATS; ++later) {
                    a_more = a_more || (a >> 4 * later & 15);
                    b_more = b_more || (b >> 4 * later & 15);
                }
                if (na < nb) return !a_more;  // a ends (before b) or goes on with a later seat
                return b_more;
            }
        }
        return false;
    }
};

}  // namespace entdecker
