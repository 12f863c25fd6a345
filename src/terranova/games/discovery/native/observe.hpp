// The Discovery's observations written natively: encoding.py's two encodings, ``standard``
// (the map as a square around the start tile) and ``compact`` (the laid tiles as a list),
// each number the same float32 the Python encoding writes from the view of the same seat.
// The figures (where each plane starts, the scales, the tables) are the Python side's,
// given once (encoding.py, ``native_figures``). Written for one state at a time: the
// vector batch (discovery.cpp, Batch) and the single-state writers call the same code.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "discovery.hpp"

namespace discovery {

// What both encodings share (encoding.py, _Parts): the planes after the map's, and a laid
// tile's five numbers.
struct Shared {
    int reach = 0, stack_norm = 1;
    bool hidden = false;  // hands hidden from the other seats
    double score_norm = 1;
    std::vector<float> channels;  // (design * 4 + rotation) * 5: a laid tile's 5 numbers
    std::vector<double> share;  // per design: 1 / its count
    // where each plane starts in an observation, and the observation's size
    int hands = 0, hand_sizes = 0, out = 0, scores = 0, supply = 0, stack = 0, phase = 0,
        to_move = 0, size = 0;
};

// The compact encoding's own (encoding.py, ``compact``).
struct Compact : Shared {
    int span = 1, placements = 0;
    std::vector<int> id_rank;  // per design: its id's place among the ids, sorted
    int tiles = 0, followers = 0, rows = 0, removals = 0;
    // the action space: Listed(Place), Deploy by region, Listed(Remove), Pass
    int place_at = 0, deploy_at = 0, remove_at = 0, pass_at = 0, actions = 0;
};

// The standard encoding's own (encoding.py, ``encoding``): the map's plane, 8 channels of
// a square of side 2 * reach + 1.
struct Standard : Shared {
    int map = 0;
    int side() const { return 2 * reach + 1; }
};

inline float shade(int terrain) { return float(double(terrain + 1) / 3.0); }

// A square's x and y from the start tile's, as views give them.
inline int square_x(const Game& g, int pos) { return pos % g.stride - g.origin % g.stride; }
inline int square_y(const Game& g, int pos) { return pos / g.stride - g.origin / g.stride; }

// The seat whose rows come first: the observer's, seat 0 for a spectator (seat -1).
inline int first_row(int seat) { return seat >= 0 ? seat : 0; }

// The planes both encodings share (encoding.py, _Parts.fill), for seat (-1: a spectator).
inline void write_shared(const Shared& c, const State& s, int seat, float* o) {
    const Game& g = *s.game;
    int me = first_row(seat), players = g.players;
    for (int p = 0; p < players; ++p) {
        int row = ((p - me) % players + players) % players;
        if (!c.hidden || p == seat)
            for (int k = 0; k < s.held[p]; ++k)
                o[c.hands + row * g.designs + s.hands[p][k]] += float(1.0 / g.hand);
        o[c.hand_sizes + row] = float(double(s.held[p]) / g.hand);
        o[c.scores + row] = float(double(s.scores[p]) / c.score_norm);
        o[c.supply + row] = float(double(s.supply[p]) / FOLLOWERS_IN_SUPPLY);
    }
    for (int16_t d : s.set_aside_tiles) o[c.out + d] += float(c.share[d]);
    for (int16_t d : s.discarded) o[c.out + g.designs + d] += float(c.share[d]);
    o[c.stack] = float(double(s.bag_total) / c.stack_norm);
    o[c.phase + int(s.step)] = 1;
    int current = s.current_player();
    if (current >= 0) o[c.to_move + ((current - me) % players + players) % players] = 1;
}

// The compact observation of seat (-1: a spectator) over the row o: the laid tiles, the
// followers, and for the seat to move its legal placements and removals in the order of
// their indices (encoding.py, compact's fill and listing).
inline void write_compact(const Compact& c, const State& s, int seat, float* o) {
    const Game& g = *s.game;
    std::fill(o, o + c.size, 0.0f);
    int me = first_row(seat);
    double span = c.span;
    auto at = [&](int v) { return float(double(v + c.reach) / span); };
    size_t count = s.tiles.size();
    for (size_t t = 0; t < count; ++t) {
        float* row = o + c.tiles + t * 9;
        const Tile& tile = s.tiles[t];
        row[0] = 1;
        row[1] = at(square_x(g, tile.pos));
        row[2] = at(square_y(g, tile.pos));
        const float* look = &c.channels[(size_t(tile.design) * 4 + tile.rotation) * 5];
        std::copy(look, look + 5, row + 3);
    }
    // the tile just placed is the last laid
    if (s.last >= 0 && s.step == FOLLOWING) o[c.tiles + (count - 1) * 9 + 8] = 1;
    for (size_t f = 0; f < s.followers.size(); ++f) {
        const Follower& follower = s.followers[f];
        float* row = o + c.followers + f * 5;
        int pos = s.tiles[s.nodes[follower.node].tile].pos;
        row[0] = 1;
        row[1] = follower.seat == me ? 1.0f : 0.0f;
        row[2] = at(square_x(g, pos));
        row[3] = at(square_y(g, pos));
        row[4] = shade(s.nodes[follower.node].terrain);
    }
    write_shared(c, s, seat, o);
    if (seat < 0 || seat != s.current_player()) return;  // only the seat to move lists
    std::array<int16_t, MAX_HAND> hand{};  // its designs, each once, by id
    int distinct = 0;
    for (int k = 0; k < s.held[seat]; ++k) {
        int d = s.hands[seat][k];
        if (std::find(hand.begin(), hand.begin() + distinct, d) == hand.begin() + distinct)
            hand[distinct++] = int16_t(d);
    }
    std::sort(hand.begin(), hand.begin() + distinct,
              [&](int a, int b) { return c.id_rank[a] < c.id_rank[b]; });
    int places = 0, removes = 0;
    for (uint32_t a : s.listed_legal()) {
        uint32_t kind = kind_of(a);
        if (kind == PLACE) {
            // the rows hold every placement the rules allow (encoding.py's bound); checked
            // all the same, as a write past them would land in another plane
            if (places >= c.placements)
                throw std::length_error("more legal placements than the encoding lists");
            int pos = int(a >> 10) & 0x3FFFF, design = (a >> 2) & 0xFF, rotation = a & 3;
            float* row = o + c.rows + size_t(places++) * 9;
            row[0] = 1;
            row[1] = at(square_x(g, pos));
            row[2] = at(square_y(g, pos));
            const float* look = &c.channels[(size_t(design) * 4 + rotation) * 5];
            std::copy(look, look + 5, row + 3);
            int rank =
                int(std::find(hand.begin(), hand.begin() + distinct, design) - hand.begin());
            row[8] = float(double(rank) / double(std::max(1, g.hand - 1)));
        } else if (kind == REMOVE) {
            if (removes >= FOLLOWERS_IN_SUPPLY)
                throw std::length_error("more legal removals than the encoding lists");
            int pos = int(a >> 4) & 0xFFFFFF, region = a & 15;
            int node = s.follower_node(pos, region);
            float* row = o + c.removals + size_t(removes++) * 4;
            row[0] = 1;
            row[1] = at(square_x(g, pos));
            row[2] = at(square_y(g, pos));
            row[3] = shade(s.nodes[node].terrain);
        }
    }
}

// The standard observation of seat (-1: a spectator) over the row o: on the map's square
// of each laid tile its edges and port cities, the tile just placed, the followers (the
// seat's and the others'), then the shared planes (encoding.py, encoding's fill).
inline void write_standard(const Standard& c, const State& s, int seat, float* o) {
    const Game& g = *s.game;
    std::fill(o, o + c.size, 0.0f);
    int me = first_row(seat), side = c.side();
    size_t area = size_t(side) * size_t(side);
    auto cell = [&](int pos) {
        int x = square_x(g, pos) + c.reach, y = square_y(g, pos) + c.reach;
        if (x < 0 || x >= side || y < 0 || y >= side)
            throw std::out_of_range("a square beyond the map's plane");
        return size_t(y) * size_t(side) + size_t(x);
    };
    float* map = o + c.map;
    for (const Tile& tile : s.tiles) {
        size_t here = cell(tile.pos);
        const float* look = &c.channels[(size_t(tile.design) * 4 + tile.rotation) * 5];
        for (size_t k = 0; k < 5; ++k) map[k * area + here] = look[k];
    }
    if (s.last >= 0 && s.step == FOLLOWING) map[5 * area + cell(s.tiles[s.last].pos)] = 1;
    for (const Follower& f : s.followers) {
        size_t channel = f.seat == me ? 6 : 7;
        map[channel * area + cell(s.tiles[s.nodes[f.node].tile].pos)] =
            shade(s.nodes[f.node].terrain);
    }
    write_shared(c, s, seat, o);
}

}  // namespace discovery
