// The Discovery's rules in C++: the same state machine as rules.py and followers.py (the
// reference), over flat arrays. tests/games/discovery/test_native.py plays both engines
// side by side and checks that they agree at every decision.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace discovery {

constexpr int CHANCE = -1;
constexpr int TERMINAL = -2;
constexpr int MAX_SEATS = 5;
constexpr int MAX_HAND = 4;
constexpr int FOLLOWERS_IN_SUPPLY = 4;
// What the engine's numbers hold (Game's tables are refused beyond them): a design in 8 bits
// of an action, a region in 3; nodes (tiles x regions) and scores in 16 bits.
constexpr int MAX_DESIGNS = 256, MAX_REGIONS = 8, MAX_TILES = 4000, MAX_CITIES = 10000;
constexpr int MOUNTAIN = 0, GRASSLAND = 1, SEA = 2;
constexpr int OPPOSITE[4] = {2, 3, 0, 1};

// An action as one number: its kind in the top bits, then its fields.
enum Kind : uint32_t { PLACE = 0, DEPLOY = 1, REMOVE = 2, PASS = 3, DRAW = 4, SET_ASIDE = 5 };
constexpr uint32_t kind_of(uint32_t a) { return a >> 28; }
constexpr uint32_t place(int pos, int design, int rotation) {
    return (PLACE << 28) | (uint32_t(pos) << 10) | (uint32_t(design) << 2) | uint32_t(rotation);
}
constexpr uint32_t deploy(int region) { return (DEPLOY << 28) | uint32_t(region); }
constexpr uint32_t remove(int pos, int region) {
    return (REMOVE << 28) | (uint32_t(pos) << 4) | uint32_t(region);
}
constexpr uint32_t pass() { return PASS << 28; }
constexpr uint32_t draw(int design) { return (DRAW << 28) | uint32_t(design); }
constexpr uint32_t set_aside(int design) { return (SET_ASIDE << 28) | uint32_t(design); }

// The steps a game waits on (steps.py): set-up, a turn's two steps, draws, the end.
enum Step : uint8_t { SETTING_ASIDE, DEALING, DRAWING, REFILLING, PLACING, FOLLOWING, OVER };

// A configuration's tables, made once from the Python ones (tables.py) and shared.
struct Game {
    int players = 2, hand = 1, to_set_aside = 0, start = 0, designs = 0, stack_size = 0;
    std::vector<int16_t> stack;  // tiles of each design in the stack at the start
    std::vector<uint8_t> regions;  // per design
    std::vector<std::array<uint8_t, 8>> terrain, edges, cities;  // per design, per region
    std::vector<std::array<std::vector<uint8_t>, 8>> grass;  // a mountain's grasslands
    std::vector<std::array<std::array<uint8_t, 4>, 4>> edge_region;  // [design][rotation][edge]
    std::vector<std::array<std::array<uint16_t, 4>, 4>> adds;  // what a tile asks of a square
    std::vector<std::array<uint8_t, 257>> masks;  // [design][code]: rotations that fit
    std::vector<uint8_t> cells;  // per position: 0 off the table, 1 its border, 2 inside
    int stride = 0, origin = 0;
    std::array<int, 4> step{};  // position offsets N, E, S, W
};

struct Node {
    int16_t parent, open, cities, tile;
    int16_t next;  // the next node of its territory: each territory a ring
    uint8_t terrain, crowd;
};
struct Tile {
    int32_t pos;
    uint8_t design, rotation;
    int16_t base;  // its first node
};
struct Follower {
    int16_t node;
    int8_t seat;
};
struct Scored {  // a line of the score sheet (followers.Scored)
    int8_t seat;
    int16_t points;
    uint8_t terrain;
    int16_t tiles;
    bool complete;
    int16_t cities, near;
    bool final;
    int32_t ply;
};

// A square known to the board: a tile's (value: its index) or the frontier's (value: the
// constraint code of its neighbours), with its place in the frontier's order.
struct Slot {
    int32_t pos = -1;
    int16_t value = 0;
    int16_t order = -1;  // -1: a tile lies there
};

class State {
  public:
    const Game* game;
    Step step = SETTING_ASIDE;
    int8_t step_seat = 0, to_move = 0;
    int16_t pending = 0, last = -1, turns = 0;
    int32_t ply = 0;
    int32_t just_pos = 0, just_design = 0, just_base = 0;
    std::array<int8_t, MAX_SEATS> supply{}, held{};
    std::array<int32_t, MAX_SEATS> scores{};
    std::array<std::array<int16_t, MAX_HAND>, MAX_SEATS> hands{};
    std::vector<int16_t> bag;  // tiles of each design left
    int bag_total = 0;
    std::vector<int16_t> set_aside_tiles, discarded;
    std::vector<Follower> followers;  // in the order deployed
    std::vector<Node> nodes;
    std::vector<Tile> tiles;
    std::vector<Slot> slots;  // open addressing, a power of two
    std::vector<int32_t> frontier;  // squares in the order they joined it (-1: since laid)
    std::vector<Scored> sheet;
    mutable std::vector<uint32_t> listed;  // the legal actions at a decision, once listed
    mutable bool fresh = false;  // whether listed is this position's

    explicit State(const Game* g, bool set_up = true) : game(g) {
        bag = g->stack;
        for (int16_t c : bag) bag_total += c;
        supply.fill(FOLLOWERS_IN_SUPPLY);
        int size = 64;
        while (size < 4 * (bag_total + 2)) size *= 2;
        slots.assign(size, Slot{});
        if (set_up) {
            place_tile(g->start, g->origin, 0);
            last = -1;
            pending = int16_t(g->to_set_aside);
            after_set_aside();
        }
    }

    // ------------------------------------------------------------- protocol

    int current_player() const {
        if (step == OVER) return TERMINAL;
        if (step == PLACING || step == FOLLOWING) return step_seat;
        return CHANCE;
    }
    bool over() const { return step == OVER; }
    bool chance() const { return step < PLACING; }

    void legal(std::vector<uint32_t>& out) const {
        out.clear();
        if (step == OVER) return;
        if (chance()) {
            for (int d = 0; d < game->designs; ++d)
                if (bag[d]) out.push_back(step == SETTING_ASIDE ? set_aside(d) : draw(d));
        } else if (step == PLACING) {
            placements(out);
        } else {
            follower_actions(out);
        }
    }

    // The outcomes of the chance step: (action, tiles of it left), of bag_total.
    void outcomes(std::vector<std::pair<uint32_t, int>>& out) const {
        out.clear();
        if (!chance() || step == OVER) return;
        for (int d = 0; d < game->designs; ++d)
            if (bag[d]) out.emplace_back(step == SETTING_ASIDE ? set_aside(d) : draw(d), bag[d]);
    }

    bool is_legal(uint32_t action) const {
        if (step == OVER) return false;
        if (chance()) {
            uint32_t kind = kind_of(action), design = action & 0xFFFFFFF;
            return kind == (step == SETTING_ASIDE ? SET_ASIDE : DRAW) &&
                   design < uint32_t(game->designs) && bag[design] > 0;
        }
        const std::vector<uint32_t>& all = listed_legal();
        return std::find(all.begin(), all.end(), action) != all.end();
    }

    // The legal actions at a decision, listed once a position.
    const std::vector<uint32_t>& listed_legal() const {
        if (!fresh) {
            legal(listed);
            fresh = true;
        }
        return listed;
    }

    // The chance outcome of the k-th tile of the stack, designs in order (as the
    // reference's sample_chance picks from its stack, kept in that order).
    uint32_t tile_drawn(int k) const {
        int d = 0;
        while (k >= bag[d]) k -= bag[d++];
        return step == SETTING_ASIDE ? set_aside(d) : draw(d);
    }

    // Apply a legal action (the caller checked it: is_legal).
    void apply(uint32_t action) {
        ++ply;
        fresh = false;
        uint32_t kind = kind_of(action);
        if (kind == PLACE) {  // step 1: the tile is placed
            int design = (action >> 2) & 0xFF;
            auto& hand = hands[to_move];
            int n = held[to_move];
            for (int i = 0; i < n; ++i)
                if (hand[i] == design) {
                    for (int j = i; j + 1 < n; ++j) hand[j] = hand[j + 1];
                    --held[to_move];
                    break;
                }
            place_tile(design, int(action >> 10) & 0x3FFFF, action & 3);
            step = FOLLOWING;
            step_seat = to_move;
        } else if (kind == DRAW || kind == SET_ASIDE) {  // chance drew a tile from the stack
            int design = action & 0xFFFFFFF;
            --bag[design];
            --bag_total;
            int seat = step_seat;
            switch (step) {
                case DRAWING:
                    give(seat, design);
                    start_turn(seat);
                    break;
                case REFILLING:  // drawn back at the end of its turn
                    give(seat, design);
                    start_turn((seat + 1) % game->players);
                    break;
                case DEALING:
                    give(seat, design);
                    --pending;
                    if (pending && bag_total)
                        wait(DEALING, (seat + 1) % game->players);
                    else
                        start_turn(0);
                    break;
                default:
                    set_aside_tiles.push_back(int16_t(design));
                    --pending;
                    after_set_aside();
            }
        } else {  // step 2: a follower deployed, taken back, or none
            if (kind == DEPLOY)
                deploy_follower(action & 0xFFFFFFF);
            else if (kind == REMOVE)
                take_back(follower_node(int(action >> 4) & 0xFFFFFF, action & 15));
            end_turn(to_move);
        }
    }

    // ---------------------------------------------------------- territories

    int find(int node) {
        while (nodes[node].parent != node) {
            nodes[node].parent = nodes[nodes[node].parent].parent;
            node = nodes[node].parent;
        }
        return node;
    }
    int root_of(int node) const {  // read only
        while (nodes[node].parent != node) node = nodes[node].parent;
        return node;
    }

    int unite(int a, int b) {
        a = find(a);
        b = find(b);
        if (a == b) return a;
        if (a > b) std::swap(a, b);
        nodes[b].parent = int16_t(a);
        std::swap(nodes[a].next, nodes[b].next);  // the two rings made one
        nodes[a].open += nodes[b].open;
        nodes[a].cities += nodes[b].cities;
        nodes[a].crowd += nodes[b].crowd;
        return a;
    }

    // The tiles a territory covers, each once (its ring of nodes walked).
    int tiles_of(int root) const {
        std::array<uint64_t, 64> seen;  // a bit a tile: up to 4096 tiles
        std::fill(seen.begin(), seen.begin() + long((tiles.size() + 63) / 64), 0);
        int count = 0, n = root;
        do {
            int t = nodes[n].tile;
            uint64_t bit = uint64_t(1) << (t & 63);
            if (!(seen[t >> 6] & bit)) {
                seen[t >> 6] |= bit;
                ++count;
            }
            n = nodes[n].next;
        } while (n != root);
        return count;
    }

    // A mountain's: the port cities in the grasslands it touches, each grassland once;
    // has_grass says whether it touches any.
    int grassland_cities(int root, bool* has_grass = nullptr) const {
        std::array<int16_t, 64> seen;  // the grasslands counted: most are here
        std::vector<int16_t> more;  // the others, if any
        int found = 0, cities = 0, n = root;
        bool any = false;
        if (nodes[root].terrain == MOUNTAIN) do {
            const Tile& tile = tiles[nodes[n].tile];
            for (uint8_t g : game->grass[tile.design][n - tile.base]) {
                any = true;
                int rg = root_of(tile.base + g);
                if (std::find(seen.begin(), seen.begin() + found, rg) != seen.begin() + found ||
                    std::find(more.begin(), more.end(), rg) != more.end())
                    continue;
                if (found < int(seen.size()))
                    seen[found++] = int16_t(rg);
                else
                    more.push_back(int16_t(rg));
                cities += nodes[rg].cities;
            }
            n = nodes[n].next;
        } while (n != root);
        if (has_grass) *has_grass = any;
        return cities;
    }

    int counted_cities(int root) const {
        bool has_grass = false;
        int near = grassland_cities(root, &has_grass);
        return nodes[root].cities + (has_grass ? near : 0);
    }

    static int worth(int terrain, int tiles, int cities, bool complete) {
        if (terrain == GRASSLAND) return complete && tiles >= 3 ? 2 * tiles : tiles;
        if (terrain == SEA) return complete && tiles >= 3 ? cities + tiles : cities;
        return complete && tiles >= 3 ? 2 * cities : cities;
    }

    int territory_value(int node, bool final) const {
        int root = root_of(node);
        bool complete = !final && nodes[root].open == 0;
        return worth(nodes[root].terrain, tiles_of(root), counted_cities(root), complete);
    }

    // Score, plus what seat's followers are likely worth, plus the use of followers still
    // in supply (rules.py, DiscoveryState.estimate: the same sums in the same order).
    double estimate(int seat) const {
        int left = bag_total;
        for (int s = 0; s < game->players; ++s) left += held[s];
        double worth = double(scores[seat]) +
                       supply[seat] * (1.0 + double(left) / double(game->stack_size));
        for (const Follower& f : followers) {
            if (f.seat != seat) continue;
            int root = root_of(f.node);
            int value = territory_value(root, false);
            int open = nodes[root].open;
            if (open)
                worth += value + 0.5 * std::min(open, 6);
            else
                worth += value;
        }
        return worth;
    }

    // ------------------------------------------------------------- the board

    Slot* slot(int pos) {
        size_t mask = slots.size() - 1, i = (uint32_t(pos) * 2654435761u) & mask;
        while (slots[i].pos != -1 && slots[i].pos != pos) i = (i + 1) & mask;
        return &slots[i];
    }
    const Slot* find_slot(int pos) const {
        size_t mask = slots.size() - 1, i = (uint32_t(pos) * 2654435761u) & mask;
        while (slots[i].pos != -1) {
            if (slots[i].pos == pos) return &slots[i];
            i = (i + 1) & mask;
        }
        return nullptr;
    }
    int tile_at(int pos) const {
        const Slot* s = find_slot(pos);
        return s && s->order < 0 ? s->value : -1;
    }

    void place_tile(int design, int pos, int rotation) {
        const Game& g = *game;
        int index = int(tiles.size()), base = int(nodes.size());
        for (int r = 0; r < g.regions[design]; ++r)
            nodes.push_back(Node{int16_t(base + r), int16_t(g.edges[design][r]),
                                 int16_t(g.cities[design][r]), int16_t(index),
                                 int16_t(base + r), g.terrain[design][r], 0});
        tiles.push_back(Tile{pos, uint8_t(design), uint8_t(rotation), int16_t(base)});
        last = int16_t(index);
        just_pos = pos;
        just_design = design;
        just_base = base;
        Slot* here = slot(pos);
        if (here->pos == pos && here->order >= 0) frontier[here->order] = -1;
        *here = Slot{pos, int16_t(index), -1};
        bool rim = g.cells[pos] != 2;
        const auto& mine = g.edge_region[design][rotation];
        for (int direction = 0; direction < 4; ++direction) {
            int q = pos + g.step[direction];
            Slot* there = slot(q);
            if (there->pos == q && there->order < 0) {  // a tile: their edges join
                const Tile& other = tiles[there->value];
                int root = unite(base + mine[direction],
                                 other.base + g.edge_region[other.design][other.rotation]
                                                           [OPPOSITE[direction]]);
                nodes[root].open -= 2;
            } else if (!rim || g.cells[q]) {
                uint16_t add = g.adds[design][rotation][direction];
                if (there->pos == q) {
                    there->value = int16_t(there->value + add);
                } else {
                    *there = Slot{q, int16_t(add), int16_t(frontier.size())};
                    frontier.push_back(q);
                }
            }
        }
    }

    bool can_place(int design) const {
        const auto& masks = game->masks[design];
        for (int32_t pos : frontier)
            if (pos >= 0 && masks[find_slot(pos)->value]) return true;
        return false;
    }

    void placements_of(int design, std::vector<uint32_t>& out) const {
        const auto& masks = game->masks[design];
        for (int32_t pos : frontier) {
            if (pos < 0) continue;
            uint8_t m = masks[find_slot(pos)->value];
            for (int r = 0; m; ++r, m >>= 1)
                if (m & 1) out.push_back(place(pos, design, r));
        }
    }

    // The designs in the hand of seat, each once, in order.
    int distinct(int seat, std::array<int16_t, MAX_HAND>& out) const {
        int n = 0;
        for (int i = 0; i < held[seat]; ++i) out[n++] = hands[seat][i];
        std::sort(out.begin(), out.begin() + n);
        return int(std::unique(out.begin(), out.begin() + n) - out.begin());
    }

    void placements(std::vector<uint32_t>& out) const {
        std::array<int16_t, MAX_HAND> designs{};
        int n = distinct(to_move, designs);
        for (int i = 0; i < n; ++i) placements_of(designs[i], out);
    }

    // ------------------------------------------------------------ followers

    void follower_actions(std::vector<uint32_t>& out) const {
        int seat = to_move;
        if (supply[seat]) {
            for (int region = 0; region < game->regions[just_design]; ++region)
                if (!nodes[root_of(just_base + region)].crowd) out.push_back(deploy(region));
        }
        for (const Follower& f : followers)
            if (f.seat == seat) {
                int index = nodes[f.node].tile;
                out.push_back(remove(tiles[index].pos, f.node - tiles[index].base));
            }
        out.push_back(pass());
    }

    void deploy_follower(int region) {
        int node = just_base + region;
        int root = find(node);
        followers.push_back(Follower{int16_t(node), int8_t(to_move)});
        ++nodes[root].crowd;
        --supply[to_move];
    }

    int follower_node(int pos, int region) const {
        int index = tile_at(pos);
        if (index < 0 || region >= game->regions[tiles[index].design]) return -1;
        return tiles[index].base + region;
    }

    void score(int seat, int node, bool final) {
        int points = territory_value(node, final);
        if (!points) return;
        scores[seat] += points;
        int root = root_of(node);
        int terrain = nodes[root].terrain;
        sheet.push_back(Scored{int8_t(seat), int16_t(points), uint8_t(terrain),
                               int16_t(tiles_of(root)), !final && nodes[root].open == 0,
                               nodes[root].cities,
                               int16_t(terrain == MOUNTAIN ? grassland_cities(root) : 0), final,
                               ply});
    }

    void take_back(int node) {
        int seat = to_move;
        int root = find(node);
        score(seat, root, false);
        for (size_t i = 0; i < followers.size(); ++i)
            if (followers[i].node == node) {
                followers.erase(followers.begin() + long(i));
                break;
            }
        --nodes[root].crowd;
        ++supply[seat];
    }

    // ----------------------------------------------------------- turn order

    void wait(Step s, int seat) {
        step = s;
        step_seat = int8_t(seat);
    }

    void give(int seat, int design) { hands[seat][held[seat]++] = int16_t(design); }

    void after_set_aside() {
        if (pending && bag_total) return wait(SETTING_ASIDE, 0);
        if (game->hand > 1) {
            pending = int16_t(game->hand * game->players);
            if (bag_total) return wait(DEALING, 0);
        }
        start_turn(0);
    }

    void discard(int seat, int design) {  // every tile of the design in the hand
        auto& hand = hands[seat];
        int kept = 0;
        for (int i = 0; i < held[seat]; ++i) {
            if (hand[i] == design)
                discarded.push_back(int16_t(design));
            else
                hand[kept++] = hand[i];
        }
        held[seat] = int8_t(kept);
    }

    void start_turn(int seat) {
        const Game& g = *game;
        for (int round = 0; round < g.players + 1; ++round) {
            to_move = int8_t(seat);
            if (held[seat] == 1) {
                if (!can_place(hands[seat][0])) discard(seat, hands[seat][0]);
            } else if (held[seat]) {
                std::array<int16_t, MAX_HAND> designs{};
                int n = distinct(seat, designs);
                for (int i = 0; i < n; ++i)
                    if (!can_place(designs[i])) discard(seat, designs[i]);
            }
            if (held[seat] < g.hand && bag_total) return wait(DRAWING, seat);
            if (held[seat]) return wait(PLACING, seat);
            bool any = false;
            for (int s = 0; s < g.players; ++s) any = any || held[s];
            if (!any) break;
            seat = (seat + 1) % g.players;
        }
        finish();
    }

    void end_turn(int seat) {
        ++turns;
        if (game->hand > 1 && bag_total && held[seat] < game->hand)
            return wait(REFILLING, seat);
        start_turn((seat + 1) % game->players);
    }

    void finish() {  // final scoring: every follower left, as if incomplete
        for (const Follower& f : followers) score(f.seat, f.node, true);
        step = OVER;
        step_seat = 0;  // as a position record writes it (rules.py)
    }
};

// A random game from here to its end, natively: every legal action listed at each
// decision and one chosen uniformly, each tile drawn with its share of the stack.
struct Rng {  // splitmix64
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % uint64_t(n)); }
};

struct Playout {
    long decisions = 0, placements = 0;
};

inline Playout play_out(State& state, Rng& rng, std::vector<uint32_t>& legal) {
    Playout counts;
    while (!state.over()) {
        if (state.chance()) {
            state.apply(state.tile_drawn(rng.below(state.bag_total)));
            continue;
        }
        state.legal(legal);
        uint32_t action = legal[rng.below(int(legal.size()))];
        if (kind_of(action) == PLACE) ++counts.placements;
        state.apply(action);
        ++counts.decisions;
    }
    return counts;
}

}  // namespace discovery
