// Entdecker's rules in C++: the same state machine as state.py and its chapters (routes.py,
// exploring.py, scoring.py, lanes.py; the reference), over flat fixed arrays.
// tests/games/entdecker/test_native.py plays both engines side by side and checks that they
// agree at every step.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace entdecker {

constexpr int CHANCE = -1;
constexpr int TERMINAL = -2;
// What the engine's arrays hold (a configuration beyond them is refused by name): squares
// with the ring around the board, squares on it, land pieces of the tiles laid, designs...
constexpr int MAX_SEATS = 4, MAX_POS = 256, MAX_SQUARES = 128, MAX_NODES = 256;
constexpr int MAX_LANES = 4 * MAX_POS, MAX_DESIGNS = 64, MAX_POINTS = 64, MAX_PATHS = 16;
constexpr int MAX_PATH = 16, MAX_TOKENS = 64, MAX_UNITS = 128, MAX_AGENDA = 192;
constexpr int MAX_DISCARDS = 256, MAX_COMPLETED = 64, MAX_TOLLS = 30, MAX_PIECES = 6;
constexpr int SCOUT = 0, FORT = 1, SETTLEMENT = 2;
constexpr int TURN_LIMIT = 900;  // scoring.TURN_LIMIT (ruling 22)
constexpr double GROWTH = 0.7, CLOSING = 0.85;  // scoring.py's estimate
// the end's reasons, in scoring.END_REASONS's order
enum Ending : int8_t { NOT_OVER = -1, FULL, UNREACHABLE, NO_TILES, NO_START, OUT_OF_TURNS };
enum Event : uint8_t { NO_EVENT, MINE, PIRATES, STORM, NATIVES };

// The steps of the agenda (steps.py), in the order a position record numbers them.
enum Kind : uint8_t {
    SETTING_UP, ROLLING, WHEEL, STARTING, ANNOUNCING, EXPLORING, REVEALING, PLACING,
    NATIVES_STEP, FILLING, SEARCHING, SCORING, TREKKING, HUT, TURN_OVER, KINDS
};
constexpr bool is_decision(int k) {
    return k == WHEEL || k == STARTING || k == ANNOUNCING || k == EXPLORING || k == PLACING ||
           k == NATIVES_STEP || k == TREKKING;
}
constexpr bool is_chance(int k) {
    return k == SETTING_UP || k == ROLLING || k == REVEALING || k == SEARCHING || k == HUT;
}

// An action as one number: its kind from bit 56, then its fields.
enum Act : uint64_t {
    A_LAYOUT, A_ROLL, A_INCOME, A_START_EDGE, A_START_TILE, A_ANNOUNCE, A_DRAW, A_TAKE,
    A_REVEAL, A_PLACE, A_SETTLE, A_STOP, A_TREK, A_TOKEN, A_FILL
};
constexpr uint64_t act(uint64_t kind, uint64_t fields = 0) { return (kind << 56) | fields; }
constexpr uint64_t act_kind(uint64_t a) { return a >> 56; }
constexpr uint64_t FIELDS = (uint64_t(1) << 56) - 1;
// a route's tolls: how many each seat is paid, 4 bits a seat
constexpr uint64_t start_tile(int pos, int edge, int point, uint32_t tolls) {
    return act(A_START_TILE, uint64_t(pos) | uint64_t(edge) << 8 | uint64_t(point) << 10 |
                                 uint64_t(tolls) << 16);
}
constexpr uint64_t announce(int count, int open) {
    return act(A_ANNOUNCE, uint64_t(count) | uint64_t(open) << 16);
}
constexpr uint64_t place(int design, int pos, int rotation) {
    return act(A_PLACE, uint64_t(design) | uint64_t(pos) << 8 | uint64_t(rotation) << 16);
}
// a unit: kind, the piece and square, and where a scout comes back from (1: a tile's piece,
// 2: a path's space)
constexpr uint64_t settle(int kind, int pos, int piece, int from = 0, int a = 0, int b = 0) {
    return act(A_SETTLE, uint64_t(kind) | uint64_t(piece) << 2 | uint64_t(pos) << 8 |
                             uint64_t(from) << 16 | uint64_t(a) << 18 | uint64_t(b) << 26);
}

// A configuration's tables, made once from the Python ones (tables.py) and shared.
struct Game {
    int players = 3, width = 0, height = 0, stride = 0, positions = 0, designs = 0;
    std::array<int, 4> step{};
    std::vector<uint8_t> cells;  // per position: 0 off the board, 1 its rim, 2 inside
    std::vector<int16_t> squares;  // the board's squares in board order
    // per design
    std::vector<uint8_t> pieces, bonus, event;
    std::vector<std::array<std::array<int8_t, 4>, 4>> piece, lane;  // [rotation][edge]
    std::vector<std::array<std::array<uint8_t, MAX_PIECES>, 4>> piece_edges;  // edge masks
    std::vector<std::array<std::array<std::array<int8_t, 4>, 4>, 4>> lane_edges;  // in order
    std::vector<std::array<uint8_t, 4>> lanes;  // per rotation: lanes (all rotations alike)
    std::vector<std::array<std::array<uint16_t, 4>, 4>> adds;
    std::vector<std::array<uint8_t, 257>> fits;  // [code]: the rotations fitting, a mask
    std::vector<int16_t> hidden, setup;
    std::array<int8_t, 7> open_design{};
    std::array<int16_t, 7> open_count{};
    std::vector<std::vector<std::array<int16_t, 3>>> layouts;  // (design, pos, rotation)
    std::vector<uint8_t> variable;  // the variable set-ups
    int beginner = 0;
    // start points
    int points = 0;
    std::vector<int16_t> point_pos;
    std::vector<uint8_t> point_edge;
    std::vector<int16_t> cost;  // with the variant edge_costs applied
    std::vector<std::vector<uint8_t>> nearest;  // per position: the points, nearest first
    std::vector<std::vector<uint8_t>> points_at;  // per position
    // the board file's figures
    int start_gold = 0, income_below = 0, scouts = 0, forts = 0, settlements = 0;
    std::array<int, 3> unit_costs{};
    int open_tile = 1, hidden_tile = 1, toll = 0, mine = 0, wheel_low = 0, wheel_high = 0;
    std::vector<int> faces;  // the die's distinct faces in order (0: the wheel)
    std::vector<double> face_chance;
    std::vector<int> path_length, token_value;
    double token_mean = 0;
    // the variants
    bool natives_to_path = true, tie_active = true, frame_open = false, gold_tiebreak = true;
    bool variable_setup = false;
    int tile_cap = 0;

    bool on_board(int pos) const { return pos >= 0 && pos < positions && cells[pos] > 0; }
};

struct Step {
    uint8_t kind;
    int8_t seat;
    int16_t arg;  // Placing: the design; Searching: the square; Hut: the path
};
struct Unit {
    int16_t node;
    int8_t seat, kind;
    bool operator==(const Unit&) const = default;
    auto operator<=>(const Unit&) const = default;
};
struct Launch {
    int16_t root, cost;
    uint64_t points;
};
struct Turn {  // steps.Turn
    int8_t seat = 0, kind = 0;  // kind: 0 none yet, 1 hidden, 2 open
    int16_t left = 0, ship = -1;
    int8_t exits = 0;
    std::array<int16_t, 4> exit_pos{};
    std::array<int8_t, 4> exit_edge{};
    bool storm = false;
    int16_t laid = 0, completed = 0;
    std::array<uint8_t, MAX_SQUARES> laid_at{};
    std::array<int16_t, MAX_COMPLETED> completed_at{};
    uint64_t start = ~uint64_t(0);  // none
};

using Bits = std::array<uint64_t, MAX_POS / 64>;
inline bool has(const Bits& b, int i) { return b[i >> 6] >> (i & 63) & 1; }
inline void set(Bits& b, int i, bool on = true) {
    if (on)
        b[i >> 6] |= uint64_t(1) << (i & 63);
    else
        b[i >> 6] &= ~(uint64_t(1) << (i & 63));
}

inline void beyond(bool ok, const char* what) {
    if (!ok) throw std::length_error(what);
}

// A route to a sea region (routes._search): its start point's cost, the tolls paid (a bit
// per opponent's fort or settlement) and the start points it comes from.
struct Route {
    int16_t region;
    int16_t cost;
    uint32_t mask;
    uint64_t via;
};
// A region's route as the starts name it: cost, tolls paid per seat (4 bits a seat, and
// the seats sorted), start points.
struct Paid {
    int cost;
    uint32_t counts;
    uint64_t via;
    std::array<int8_t, 32> seats;
    int n;
};
struct Listed {  // a start from a tile, with the key that orders it
    int exit, k;
    uint64_t action;
};

// Lists a search fills and empties, kept between calls (no allocation once grown).
struct Scratch {
    std::vector<std::pair<int, int>> links, exits;
    std::vector<Route> best, queue;
    std::vector<int> regions, todo, seen;
    std::vector<Paid> routes;
    std::vector<Listed> starts;
    std::vector<std::pair<uint64_t, double>> outcomes;
};
inline Scratch& scratch() {
    static thread_local Scratch lists;
    return lists;
}

class State {
  public:
    const Game* game;
    // the flow (core/turns.py's agenda)
    std::array<Step, MAX_AGENDA> agenda{};
    int16_t depth = 0;
    bool over = false;
    int8_t ending = NOT_OVER;
    // the map
    std::array<int16_t, MAX_POS> at;  // tile index, -1: none
    std::array<std::array<uint8_t, 3>, MAX_SQUARES> tiles{};  // pos, design, rotation
    int16_t n_tiles = 0;
    std::array<uint16_t, MAX_POS> code{};  // the frontier's constraint codes (0: none)
    Bits enclosed{};
    // islands: a node per land piece of each tile laid (record.py's regions)
    std::array<int16_t, MAX_NODES> parent{}, open{}, bonus{};
    std::array<uint8_t, MAX_NODES> node_tile{};
    std::array<int16_t, MAX_SQUARES> tile_base{};
    int16_t nodes = 0;
    // sea lanes (lanes.py): lane nodes pos * 4 + lane
    std::array<int16_t, MAX_LANES> lp;
    std::array<Launch, MAX_POINTS> launches{};  // in the order the reference's dict holds
    int8_t n_launches = 0;
    Bits fortified{};
    uint64_t unexplored = 0;
    // units, players, stacks, paths
    std::array<Unit, MAX_UNITS> units{};
    int16_t n_units = 0;
    std::array<int16_t, MAX_NODES> scored{};
    int16_t n_scored = 0;
    std::array<int32_t, MAX_SEATS> gold{}, score{};
    int32_t bank = 0;
    std::array<std::array<int16_t, 3>, MAX_SEATS> supply{};
    std::array<int16_t, MAX_DESIGNS> hidden{}, box{};
    std::array<int16_t, 7> open_stacks{};
    std::array<uint8_t, MAX_DISCARDS> discards{};
    int16_t n_discards = 0;
    int8_t layout = -1;
    std::array<std::array<int8_t, MAX_PATH>, MAX_PATHS> paths{};
    std::array<int8_t, MAX_PATHS> huts{};
    std::array<uint8_t, MAX_PATHS> known{};
    uint64_t bag = 0;
    bool has_turn = false;
    Turn turn;
    int16_t passes = 0, turns = 0;
    bool closing = false;
    // scoring.out_of_reach's answer and the counts it is for (tiles laid, hidden and open
    // tiles left): tiles are only ever laid and drawn, so the counts name the board and
    // the stacks (a copy keeps the answer until either lays or draws)
    mutable std::array<int16_t, 3> reach_key{-1, -1, -1};
    mutable Bits reach{};
    mutable std::vector<uint64_t> listed;  // the legal actions, once listed a position
    mutable bool fresh = false;

    explicit State(const Game* g, bool begin = true) : game(g) {
        at.fill(-1);
        for (int i = 0; i < MAX_LANES; ++i) lp[i] = int16_t(i);
        unexplored = g->points == 64 ? ~uint64_t(0) : (uint64_t(1) << g->points) - 1;
        for (int s = 0; s < g->players; ++s) {
            gold[s] = g->start_gold;
            supply[s] = {int16_t(g->scouts - 1), int16_t(g->forts), int16_t(g->settlements)};
        }
        for (int d = 0; d < g->designs; ++d) {
            hidden[d] = g->hidden[d];
            box[d] = g->setup[d];
        }
        open_stacks = g->open_count;
        for (auto& p : paths) p.fill(-1);
        huts.fill(-1);
        int tokens = int(g->token_value.size());
        bag = tokens == 64 ? ~uint64_t(0) : (uint64_t(1) << tokens) - 1;
        if (!begin) return;
        if (g->variable_setup) {
            push(SETTING_UP, 0);
        } else {
            lay_out(g->beginner);
            begin_turn(0);
        }
        advance();
    }

    // ------------------------------------------------------------- protocol

    const Step& top() const { return agenda[depth - 1]; }
    int current_player() const {
        if (over) return TERMINAL;
        return is_decision(top().kind) ? top().seat : CHANCE;
    }
    bool chance() const { return !over && is_chance(top().kind); }

    void legal(std::vector<uint64_t>& out) {
        out.clear();
        if (over) return;
        const Step& s = top();
        if (is_chance(s.kind)) {
            auto& outs = scratch().outcomes;
            outcomes(outs);
            for (auto& [a, p] : outs) out.push_back(a);
            return;
        }
        switch (s.kind) {
            case WHEEL:
                for (int v = game->wheel_low; v <= game->wheel_high; ++v)
                    out.push_back(act(A_INCOME, uint64_t(v)));
                break;
            case STARTING: start_actions(s.seat, out); break;
            case ANNOUNCING: announcements(s.seat, out); break;
            case EXPLORING: explore_actions(s.seat, out); break;
            case PLACING: placements(s.arg, out); break;
            default: trek_actions(out);  // natives, a path
        }
    }

    const std::vector<uint64_t>& listed_legal() {
        if (!fresh) {
            legal(listed);
            fresh = true;
        }
        return listed;
    }

    bool is_legal(uint64_t action) {
        const auto& all = listed_legal();
        return std::find(all.begin(), all.end(), action) != all.end();
    }

    // The outcomes of the chance step on top, with their probabilities (state.outcomes).
    void outcomes(std::vector<std::pair<uint64_t, double>>& out) const {
        out.clear();
        if (over) return;
        const Game& g = *game;
        const Step& s = top();
        switch (s.kind) {
            case SETTING_UP:
                for (int i : g.variable)
                    out.emplace_back(act(A_LAYOUT, uint64_t(i)), 1.0 / double(g.variable.size()));
                break;
            case ROLLING:
                for (size_t f = 0; f < g.faces.size(); ++f)
                    out.emplace_back(act(A_ROLL, f), g.face_chance[f]);
                break;
            case REVEALING: {
                int total = 0;
                for (int d = 0; d < g.designs; ++d) total += hidden[d];
                for (int d = 0; d < g.designs; ++d)
                    if (hidden[d])
                        out.emplace_back(act(A_REVEAL, uint64_t(d)), double(hidden[d]) / total);
                break;
            }
            case SEARCHING: {
                int c = code[s.arg], total = 0;
                for (int d = 0; d < g.designs; ++d)
                    if (hidden[d] && g.fits[d][c]) total += hidden[d];
                for (int d = 0; d < g.designs; ++d)
                    if (hidden[d] && g.fits[d][c])
                        out.emplace_back(act(A_FILL, uint64_t(d)), double(hidden[d]) / total);
                break;
            }
            case HUT: {
                int n = std::popcount(bag);
                for (int k = 0; k < 64; ++k)
                    if (bag >> k & 1) out.emplace_back(act(A_TOKEN, uint64_t(k)), 1.0 / n);
                break;
            }
            default: break;
        }
    }

    // Apply a legal action (the caller checked it) and go on to the next decision or chance.
    void apply(uint64_t action) {
        fresh = false;
        carry_out(action);
        advance();
    }

    void advance() {
        do fresh = false;
        while (!over && proceed());
    }

    // ------------------------------------------------------------ the steps

    void push(int kind, int seat, int arg = 0) {
        beyond(depth < MAX_AGENDA, "the agenda is beyond the native engine's bounds");
        agenda[depth++] = Step{uint8_t(kind), int8_t(seat), int16_t(arg)};
    }
    void pop() { --depth; }

    void carry_out(uint64_t action) {
        Step s = top();
        uint64_t f = action & FIELDS;
        switch (s.kind) {
            case SETTING_UP:
                pop();
                lay_out(int(f));
                begin_turn(0);
                break;
            case ROLLING: {
                pop();
                int face = game->faces[f];
                if (face == 0)
                    push(WHEEL, s.seat);
                else
                    pay_income(s.seat, face);
                break;
            }
            case WHEEL:
                pop();
                pay_income(s.seat, int(f));
                break;
            case STARTING: start(s.seat, action); break;
            case ANNOUNCING: {
                int count = int(f & 0xFFFF), open_kind = int(f >> 16);
                int price = open_kind ? game->open_tile : game->hidden_tile;
                gold[s.seat] -= price * count;
                bank += price * count;
                turn.kind = int8_t(open_kind ? 2 : 1);
                turn.left = int16_t(count);
                agenda[depth - 1] = Step{EXPLORING, s.seat, 0};
                break;
            }
            case EXPLORING: {
                uint64_t kind = act_kind(action);
                if (kind == A_DRAW) {
                    --turn.left;
                    push(REVEALING, s.seat);
                } else if (kind == A_TAKE) {
                    --turn.left;
                    --open_stacks[f];
                    drawn(s.seat, game->open_design[f]);
                } else if (kind == A_SETTLE) {
                    settle_unit(s.seat, f);
                } else {
                    end_exploration(s.seat);
                }
                break;
            }
            case REVEALING:
                pop();
                --hidden[f];
                drawn(s.seat, int(f));
                break;
            case PLACING:
                pop();
                place_tile(s.seat, int(f & 0xFF), int(f >> 8 & 0xFF), int(f >> 16 & 3));
                break;
            case NATIVES_STEP:
            case TREKKING:
                pop();
                trek(s.seat, int(f), s.kind == NATIVES_STEP);
                break;
            case SEARCHING: {
                pop();
                --hidden[f];
                lay_filler(s.arg, int(f));
                break;
            }
            case HUT:
                pop();
                bag &= ~(uint64_t(1) << f);
                huts[s.arg] = int8_t(f);
                known[s.arg] |= uint8_t(1 << s.seat);
                break;
            default: break;
        }
    }

    // An automatic step carried out (true), or the top waits (false): state.proceed.
    bool proceed() {
        Step s = top();
        switch (s.kind) {
            case STARTING: {
                listed.clear();
                start_actions(s.seat, listed);
                if (listed.empty()) {
                    pop();
                    ++passes;  // exploring.cannot_pay
                    push(TURN_OVER, s.seat);
                    return true;
                }
                passes = 0;
                fresh = true;  // listed: this position's
                return false;
            }
            case EXPLORING: {
                listed.clear();
                explore_actions(s.seat, listed);
                if (listed.size() == 1 && act_kind(listed[0]) == A_STOP) {
                    end_exploration(s.seat);
                    return true;
                }
                fresh = true;
                return false;
            }
            case TREKKING:
            case NATIVES_STEP:
                if (!any_path_free()) {
                    pop();
                    if (s.kind == TREKKING) ++supply[s.seat][SCOUT];  // no room on any path
                    return true;
                }
                return false;
            case FILLING: fill_next(s.seat); return true;
            case SCORING:
                pop();
                score_next(s.seat);
                return true;
            case TURN_OVER:
                pop();
                turn_over(s.seat);
                return true;
            default: return false;
        }
    }

    // ------------------------------------------------------------- income

    void begin_turn(int seat) {
        has_turn = false;
        push(STARTING, seat);
        if (gold[seat] < game->income_below) push(ROLLING, seat);
    }

    void pay_income(int seat, int value) {
        for (int s = 0; s < game->players; ++s) {
            int amount = s == seat ? value : value + 1;
            gold[s] += amount;
            bank -= amount;
        }
    }

    // ---------------------------------------------------------- the board

    void lay_out(int index) {
        layout = int8_t(index);
        for (const auto& [design, pos, rotation] : game->layouts[index]) {
            --box[design];
            lay(pos, design, rotation);
        }
    }

    int find(int node) {
        while (parent[node] != node) {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        return node;
    }
    int root_of(int node) const {
        while (parent[node] != node) node = parent[node];
        return node;
    }
    int unite(int a, int b) {
        a = find(a);
        b = find(b);
        if (a == b) return a;
        if (a > b) std::swap(a, b);
        parent[b] = int16_t(a);
        open[a] += open[b];
        bonus[a] += bonus[b];
        return a;
    }

    int first_node(int pos) const { return tile_base[at[pos]]; }

    // Lay a tile (record.Record.lay): its pieces join the islands they touch; roots gets
    // the roots of its pieces' islands.
    int lay(int pos, int design, int rotation, int16_t* roots = nullptr) {
        const Game& g = *game;
        beyond(n_tiles < MAX_SQUARES, "too many tiles for the native engine");
        int index = n_tiles, base = nodes, count = g.pieces[design];
        beyond(base + count <= MAX_NODES, "too many land pieces for the native engine");
        for (int k = 0; k < count; ++k) {
            int edges = 0;
            for (int e = 0; e < 4; ++e)
                if (g.piece_edges[design][rotation][k] >> e & 1 && g.on_board(pos + g.step[e]))
                    ++edges;
            parent[base + k] = int16_t(base + k);
            open[base + k] = int16_t(edges);
            bonus[base + k] = int16_t(k == 0 ? g.bonus[design] : 0);
            node_tile[base + k] = uint8_t(index);
        }
        nodes = int16_t(base + count);
        tile_base[index] = int16_t(base);
        // the map (kit TileBoard.place): the frontier's codes
        at[pos] = int16_t(index);
        tiles[index] = {uint8_t(pos), uint8_t(design), uint8_t(rotation)};
        n_tiles = int16_t(index + 1);
        bool rim = g.cells[pos] != 2;
        std::array<int, 4> joins;
        for (int e = 0; e < 4; ++e) {
            int q = pos + g.step[e];
            joins[e] = at[q];
            if (joins[e] < 0 && (!rim || g.cells[q])) code[q] += g.adds[design][rotation][e];
        }
        lanes_lay(pos);
        note_enclosed(pos);
        const auto& mine = g.piece[design][rotation];
        for (int e = 0; e < 4; ++e) {
            if (joins[e] < 0 || mine[e] < 0) continue;
            const auto& other = tiles[joins[e]];
            int theirs = g.piece[other[1]][other[2]][(e + 2) % 4];
            int root = unite(base + mine[e], tile_base[joins[e]] + theirs);
            open[root] -= 2;
        }
        if (roots)
            for (int k = 0; k < count; ++k) roots[k] = int16_t(find(base + k));
        return count;
    }

    void note_enclosed(int pos) {
        const Game& g = *game;
        set(enclosed, pos, false);
        for (int a = 0; a < 4; ++a) {
            int q = pos + g.step[a];
            if (at[q] >= 0 || !g.on_board(q) || (g.frame_open && !g.points_at[q].empty()))
                continue;
            bool shut = true;
            for (int b = 0; b < 4 && shut; ++b) {
                int n = q + g.step[b];
                if (at[n] < 0 && g.on_board(n)) shut = false;
            }
            if (shut) set(enclosed, q);
        }
    }

    // ------------------------------------------------------------ sea lanes

    int lane_at(int pos, int edge) const {  // the lane of the tile on pos at edge, or -1
        int index = at[pos];
        if (index < 0) return -1;
        return game->lane[tiles[index][1]][tiles[index][2]][edge];
    }
    int lfind(int node) {
        while (lp[node] != node) {
            lp[node] = lp[lp[node]];
            node = lp[node];
        }
        return node;
    }
    int launch_index(int root) const {
        for (int i = 0; i < n_launches; ++i)
            if (launches[i].root == root) return i;
        return -1;
    }
    void launch(int region, int cost, uint64_t points) {
        int i = launch_index(region);
        if (i < 0) {
            beyond(n_launches < MAX_POINTS, "too many start points for the native engine");
            launches[n_launches++] = Launch{int16_t(region), int16_t(cost), points};
        } else if (cost < launches[i].cost) {
            launches[i].cost = int16_t(cost);
            launches[i].points = points;
        } else if (cost == launches[i].cost) {
            launches[i].points |= points;
        }
    }
    void lunion(int a, int b) {
        a = lfind(a);
        b = lfind(b);
        if (a == b) return;
        if (a > b) std::swap(a, b);
        lp[b] = int16_t(a);
        int i = launch_index(b);
        if (i >= 0) {
            Launch gone = launches[i];
            for (int j = i; j + 1 < n_launches; ++j) launches[j] = launches[j + 1];
            --n_launches;
            launch(a, gone.cost, gone.points);
        }
    }
    void lanes_lay(int pos) {
        const Game& g = *game;
        const auto& t = tiles[at[pos]];
        for (int k : g.points_at[pos]) {
            unexplored &= ~(uint64_t(1) << k);
            int other = g.lane[t[1]][t[2]][g.point_edge[k]];
            if (other >= 0) launch(pos * 4 + other, g.cost[k], uint64_t(1) << k);
        }
        lanes_join(pos);
    }
    void lanes_join(int pos) {
        const Game& g = *game;
        if (has(fortified, pos)) return;
        const auto& t = tiles[at[pos]];
        for (int k = 0; k < g.lanes[t[1]][t[2]]; ++k)
            for (int8_t edge : g.lane_edges[t[1]][t[2]][k]) {
                if (edge < 0) break;
                int q = pos + g.step[edge];
                if (at[q] < 0 || has(fortified, q)) continue;
                int other = lane_at(q, (edge + 2) % 4);
                if (other >= 0) lunion(pos * 4 + k, q * 4 + other);
            }
    }
    void lanes_rebuild(const Bits& now) {
        const Game& g = *game;
        for (int i = 0; i < 4 * g.positions; ++i) lp[i] = int16_t(i);
        fortified = now;
        for (int i = 0; i < n_tiles; ++i) {
            int pos = tiles[i][0], d = tiles[i][1], r = tiles[i][2];
            if (has(fortified, pos)) continue;
            for (int k = 0; k < g.lanes[d][r]; ++k)
                for (int8_t edge : g.lane_edges[d][r][k]) {
                    if (edge < 0) break;
                    int q = pos + g.step[edge];
                    if (q < pos || at[q] < 0 || has(fortified, q)) continue;
                    int other = lane_at(q, (edge + 2) % 4);
                    if (other >= 0) {
                        int a = lfind(pos * 4 + k), b = lfind(q * 4 + other);
                        if (a != b) lp[std::max(a, b)] = int16_t(std::min(a, b));
                    }
                }
        }
        n_launches = 0;
        for (int k = 0; k < g.points; ++k) {
            int pos = g.point_pos[k];
            int other = lane_at(pos, g.point_edge[k]);
            if (other >= 0) launch(lfind(pos * 4 + other), g.cost[k], uint64_t(1) << k);
        }
    }
    // routes.network: the lanes brought up to date with the forts and settlements
    void network() {
        Bits now{};
        for (int i = 0; i < n_units; ++i)
            if (units[i].kind >= FORT) set(now, node_pos(units[i].node));
        if (now == fortified) return;
        bool more = false;
        for (int w = 0; w < MAX_POS / 64; ++w) more = more || (now[w] & ~fortified[w]);
        if (more) return lanes_rebuild(now);
        Bits freed{};
        for (int w = 0; w < MAX_POS / 64; ++w) freed[w] = fortified[w] & ~now[w];
        fortified = now;
        for (int pos = 0; pos < game->positions; ++pos)
            if (has(freed, pos)) lanes_join(pos);
    }
    int node_pos(int node) const { return tiles[node_tile[node]][0]; }

    // The lines leading out into an undiscovered square, each (pos * 4 + edge) * 4 + lane,
    // with the region (root) of its lane, by square and edge.
    void lane_exits(std::vector<std::pair<int, int>>& out) {
        const Game& g = *game;
        out.clear();
        for (int i = 0; i < n_tiles; ++i) {
            int pos = tiles[i][0];
            const auto& lanes = g.lane[tiles[i][1]][tiles[i][2]];
            for (int e = 0; e < 4; ++e) {
                int lane = lanes[e], q = pos + g.step[e];
                if (lane >= 0 && at[q] < 0 && g.on_board(q))
                    out.emplace_back((pos * 4 + e) * 4 + lane, lfind(pos * 4 + lane));
            }
        }
    }

    // routes._links: the lanes of the fortified squares and the regions they meet, both
    // ways, in the reference's order
    void links_of(std::vector<std::pair<int, int>>& links) {
        const Game& g = *game;
        links.clear();
        for (int w = 0; w < MAX_POS / 64; ++w) {
            for (uint64_t bits = fortified[w]; bits; bits &= bits - 1) {  // squares in order
                int pos = 64 * w + std::countr_zero(bits);
                const auto& t = tiles[at[pos]];
                for (int k = 0; k < g.lanes[t[1]][t[2]]; ++k)
                    for (int8_t edge : g.lane_edges[t[1]][t[2]][k]) {
                        if (edge < 0) break;
                        int q = pos + g.step[edge];
                        if (q < 0 || q >= g.positions || at[q] < 0) continue;
                        int other = lane_at(q, (edge + 2) % 4);
                        if (other < 0) continue;
                        int region = lfind(q * 4 + other);
                        links.emplace_back(pos * 4 + k, region);
                        links.emplace_back(region, pos * 4 + k);
                    }
            }
        }
    }
    static bool linked(const std::vector<std::pair<int, int>>& links, int node) {
        for (auto& [a, b] : links)
            if (a == node) return true;
        return false;
    }

    // -------------------------------------------------------------- routes

    int cheapest_tile() const {  // -1: none left
        for (int d = 0; d < game->designs; ++d)
            if (hidden[d]) return game->hidden_tile;
        for (int k = 1; k < 7; ++k)
            if (open_stacks[k]) return game->open_tile;
        return -1;
    }

    // routes._keep over the routes of one region (its entries in routes[from, to))
    static uint64_t keep(std::vector<Route>& kept, int region, int cost, uint32_t mask,
                         uint64_t via) {
        for (auto& r : kept)
            if (r.region == region && r.cost == cost && r.mask == mask) {
                via &= ~r.via;
                r.via |= via;
                return via;
            }
        for (auto& r : kept)
            if (r.region == region && r.cost <= cost && (r.mask & ~mask) == 0) return 0;
        std::erase_if(kept, [&](const Route& r) {
            return r.region == region && cost <= r.cost && (mask & ~r.mask) == 0;
        });
        kept.push_back(Route{int16_t(region), int16_t(cost), mask, via});
        return via;
    }

    void start_actions(int seat, std::vector<uint64_t>& out) {
        const Game& g = *game;
        int price = cheapest_tile();
        if (price < 0) return;
        int budget = gold[seat] - price;
        if (budget < 0) return;
        uint64_t affordable = 0;
        for (int k = 0; k < g.points; ++k)
            if (g.cost[k] <= budget) affordable |= uint64_t(1) << k;
        for (uint64_t edges = unexplored & affordable; edges; edges &= edges - 1)
            out.push_back(act(A_START_EDGE, uint64_t(std::countr_zero(edges))));
        // routes.tolls: a bit a fort or settlement of an opponent, and its owner
        std::array<uint32_t, MAX_POS> toll_at{};
        std::array<int8_t, 32> owners{};
        int n_owners = 0;
        for (int i = 0; i < n_units; ++i) {
            const Unit& u = units[i];
            if (u.kind >= FORT && u.seat != seat) {
                toll_at[node_pos(u.node)] |= uint32_t(1) << n_owners;
                owners[n_owners++] = u.seat;
            }
        }
        // routes._search (scratch lists kept between calls: no allocation once grown)
        network();
        Scratch& sc = scratch();
        auto &links = sc.links, &exits = sc.exits;
        links_of(links);
        lane_exits(exits);
        auto has_exit = [&](int region) {
            for (auto& [e, root] : exits)
                if (root == region) return true;
            return false;
        };
        auto &best = sc.best, &queue = sc.queue;
        auto& regions = sc.regions;  // in best, in the order met
        best.clear();
        queue.clear();
        regions.clear();
        auto met = [&](int region) {
            return std::find(regions.begin(), regions.end(), region) != regions.end();
        };
        for (int i = 0; i < n_launches; ++i) {
            auto [region, cost, via] = launches[i];
            bool onward = linked(links, region);
            if (!onward && !has_exit(region)) continue;
            uint32_t mask = toll_at[region >> 2];
            if (cost + g.toll * std::popcount(mask) <= budget) {
                regions.push_back(region);
                best.push_back(Route{region, cost, mask, via});
                if (onward) queue.push_back(Route{region, cost, mask, via});
            }
        }
        for (size_t head = 0; head < queue.size(); ++head) {
            Route r = queue[head];
            for (size_t l = 0; l < links.size(); ++l) {
                if (links[l].first != r.region) continue;
                int other = links[l].second;
                uint32_t more = r.mask | toll_at[other >> 2];
                if (more != r.mask && r.cost + g.toll * std::popcount(more) > budget) continue;
                uint64_t fresh_via;
                if (!met(other)) {
                    regions.push_back(other);
                    best.push_back(Route{int16_t(other), r.cost, more, r.via});
                    fresh_via = r.via;
                } else {
                    fresh_via = keep(best, other, r.cost, more, r.via);
                }
                if (fresh_via && linked(links, other))
                    queue.push_back(Route{int16_t(other), r.cost, more, fresh_via});
            }
        }
        if (regions.empty()) return;
        // each region's routes as (cost, tolls paid per seat), then its starts
        auto& listed_starts = sc.starts;
        listed_starts.clear();
        for (int region : regions) {
            if (!has_exit(region)) continue;
            auto& routes = sc.routes;
            routes.clear();
            for (const Route& r : best) {
                if (r.region != region) continue;
                Paid p{r.cost, 0, r.via, {}, 0};
                for (int b = 0; b < n_owners; ++b)
                    if (r.mask >> b & 1) {
                        p.counts += uint32_t(1) << (4 * owners[b]);
                        p.seats[p.n++] = owners[b];
                    }
                std::sort(p.seats.begin(), p.seats.begin() + p.n);
                bool merged = false;
                for (auto& q : routes)
                    if (q.cost == p.cost && q.counts == p.counts) {
                        q.via |= p.via;
                        merged = true;
                    }
                if (!merged) routes.push_back(p);
            }
            std::sort(routes.begin(), routes.end(), [](const Paid& a, const Paid& b) {
                if (a.cost != b.cost) return a.cost < b.cost;
                return std::lexicographical_compare(a.seats.begin(), a.seats.begin() + a.n,
                                                    b.seats.begin(), b.seats.begin() + b.n);
            });
            auto within = [](uint32_t a, uint32_t b) {  // a's counts <= b's, seat by seat
                for (int s = 0; s < MAX_SEATS; ++s)
                    if ((a >> (4 * s) & 15) > (b >> (4 * s) & 15)) return false;
                return true;
            };
            for (auto& [exit, root] : exits) {
                if (root != region) continue;
                int pos = exit >> 4, edge = (exit >> 2) & 3;
                for (size_t k = 0; k < routes.size(); ++k) {
                    const Paid& p = routes[k];
                    bool dominated = false;
                    if (routes.size() > 1)
                        for (size_t j = 0; j < routes.size() && !dominated; ++j)
                            dominated = j != k && routes[j].cost <= p.cost &&
                                        within(routes[j].counts, p.counts);
                    if (dominated) continue;
                    int point;
                    if ((p.via & (p.via - 1)) == 0) {
                        point = std::countr_zero(p.via);
                    } else {
                        point = 0;
                        for (uint8_t n : g.nearest[pos])
                            if (p.via >> n & 1) {
                                point = n;
                                break;
                            }
                    }
                    listed_starts.push_back(
                        Listed{exit >> 2, int(k), start_tile(pos, edge, point, p.counts)});
                }
            }
        }
        std::sort(listed_starts.begin(), listed_starts.end(), [](const Listed& a, const Listed& b) {
            return a.exit != b.exit ? a.exit < b.exit : a.k < b.k;
        });
        for (const Listed& l : listed_starts) out.push_back(l.action);
    }

    // routes.reachable: a ship can still reach some undiscovered square (gold aside)
    bool reachable() {
        if (unexplored) return true;
        network();
        Scratch& sc = scratch();
        auto &links = sc.links, &exits = sc.exits;
        lane_exits(exits);
        auto has_exit = [&](int region) {
            for (auto& [e, root] : exits)
                if (root == region) return true;
            return false;
        };
        for (int i = 0; i < n_launches; ++i)
            if (has_exit(launches[i].root)) return true;
        links_of(links);
        auto &todo = sc.todo, &seen = sc.seen;
        todo.clear();
        seen.clear();
        for (int i = 0; i < n_launches; ++i) {
            todo.push_back(launches[i].root);
            seen.push_back(launches[i].root);
        }
        while (!todo.empty()) {
            int node = todo.back();
            todo.pop_back();
            for (auto& [a, other] : links) {
                if (a != node) continue;
                if (has_exit(other)) return true;
                if (std::find(seen.begin(), seen.end(), other) == seen.end()) {
                    seen.push_back(other);
                    todo.push_back(other);
                }
            }
        }
        return false;
    }

    void start(int seat, uint64_t action) {
        const Game& g = *game;
        has_turn = true;
        turn = Turn{};
        turn.seat = int8_t(seat);
        turn.start = action;
        uint64_t f = action & FIELDS;
        int cost;
        uint32_t paid = 0;
        if (act_kind(action) == A_START_EDGE) {
            cost = g.cost[f];
            turn.exits = 1;
            turn.exit_pos[0] = g.point_pos[f];
            turn.exit_edge[0] = int8_t(g.point_edge[f]);
        } else {
            int pos = int(f & 0xFF), edge = int(f >> 8 & 3), point = int(f >> 10 & 63);
            paid = uint32_t(f >> 16);
            cost = g.cost[point];
            turn.ship = int16_t(pos);
            turn.exits = 1;
            turn.exit_pos[0] = int16_t(pos + g.step[edge]);
            turn.exit_edge[0] = int8_t((edge + 2) % 4);
        }
        gold[seat] -= cost;
        bank += cost;
        for (int s = 0; s < MAX_SEATS; ++s) {
            int times = int(paid >> (4 * s) & 15);
            gold[seat] -= g.toll * times;
            gold[s] += g.toll * times;
        }
        agenda[depth - 1] = Step{ANNOUNCING, int8_t(seat), 0};
    }

    // ----------------------------------------------------------- exploring

    void announcements(int seat, std::vector<uint64_t>& out) const {
        const Game& g = *game;
        int cap = g.tile_cap ? g.tile_cap : 1000000;
        int hidden_left = 0, open_left = 0;
        for (int d = 0; d < g.designs; ++d) hidden_left += hidden[d];
        for (int k = 0; k < 7; ++k) open_left += open_stacks[k];
        int most = std::min({gold[seat] / g.hidden_tile, hidden_left, cap});
        for (int n = 1; n <= most; ++n) out.push_back(announce(n, 0));
        most = std::min({gold[seat] / g.open_tile, open_left, cap});
        for (int n = 1; n <= most; ++n) out.push_back(announce(n, 1));
    }

    bool ship_can_sail() const {
        for (int i = 0; i < turn.exits; ++i)
            if (at[turn.exit_pos[i]] < 0) return true;
        return false;
    }

    void explore_actions(int seat, std::vector<uint64_t>& out) {
        const Game& g = *game;
        if (turn.left && ship_can_sail()) {
            if (turn.kind == 1) {
                for (int d = 0; d < g.designs; ++d)
                    if (hidden[d]) {
                        out.push_back(act(A_DRAW));
                        break;
                    }
            } else {
                for (int k = 1; k < 7; ++k)
                    if (open_stacks[k]) out.push_back(act(A_TAKE, uint64_t(k)));
            }
        }
        if (turn.laid && turn.ship == turn.laid_at[turn.laid - 1]) unit_actions(seat, out);
        out.push_back(act(A_STOP));
    }

    void unit_actions(int seat, std::vector<uint64_t>& out) {
        const Game& g = *game;
        int pos = turn.ship, design = tiles[at[pos]][1];
        for (int piece = 0; piece < g.pieces[design]; ++piece)
            for (int kind = SCOUT; kind <= SETTLEMENT; ++kind) {
                if (g.unit_costs[kind] > gold[seat]) continue;
                if (supply[seat][kind]) {
                    out.push_back(settle(kind, pos, piece));
                } else if (kind == SCOUT) {
                    // exploring.scout_sources: its scouts on tiles (by node), then on paths
                    std::array<Unit, MAX_UNITS> sorted_units;
                    std::copy(units.begin(), units.begin() + n_units, sorted_units.begin());
                    std::sort(sorted_units.begin(), sorted_units.begin() + n_units);
                    int last = -1;
                    for (int i = 0; i < n_units; ++i) {
                        const Unit& u = sorted_units[i];
                        if (u.seat != seat || u.kind != SCOUT || u.node == last) continue;
                        last = u.node;
                        int at_pos = node_pos(u.node);
                        out.push_back(settle(kind, pos, piece, 1, at_pos,
                                             u.node - first_node(at_pos)));
                    }
                    for (size_t p = 0; p < g.path_length.size(); ++p)
                        for (int k = 0; k < g.path_length[p]; ++k)
                            if (paths[p][k] == seat)
                                out.push_back(settle(kind, pos, piece, 2, int(p), k + 1));
                }
            }
    }

    // exploring.placements, each given to found (which says whether to stop there)
    template <class Found>
    bool placements_of(int design, Found&& found) const {
        const Game& g = *game;
        for (int i = 0; i < turn.exits; ++i) {
            int q = turn.exit_pos[i], entry = turn.exit_edge[i];
            if (at[q] >= 0) continue;
            uint8_t fit = g.fits[design][code[q]];
            for (int r = 0; r < 4; ++r)
                if (fit >> r & 1 && g.lane[design][r][entry] >= 0 && found(place(design, q, r)))
                    return true;
        }
        return false;
    }
    bool can_place(int design) const {
        return placements_of(design, [](uint64_t) { return true; });
    }

    void drawn(int seat, int design) {
        if (can_place(design)) {
            push(PLACING, seat, design);
        } else {
            beyond(n_discards < MAX_DISCARDS, "too many discards for the native engine");
            discards[n_discards++] = uint8_t(design);
        }
    }

    void placements(int design, std::vector<uint64_t>& out) const {
        placements_of(design, [&](uint64_t a) {
            out.push_back(a);
            return false;
        });
    }

    void note_completed(const int16_t* roots, int count) {
        for (int k = 0; k < count; ++k) {
            int root = roots[k];
            if (open[root] != 0) continue;
            bool there = false;
            for (int i = 0; i < turn.completed; ++i) there = there || turn.completed_at[i] == root;
            if (!there) {
                beyond(turn.completed < MAX_COMPLETED, "too many islands for the native engine");
                turn.completed_at[turn.completed++] = int16_t(root);
            }
        }
    }

    void place_tile(int seat, int design, int pos, int rotation) {
        const Game& g = *game;
        int entry = 0;
        for (int i = 0; i < turn.exits; ++i)
            if (turn.exit_pos[i] == pos) {
                entry = turn.exit_edge[i];
                break;
            }
        std::array<int16_t, MAX_PIECES> roots;
        int count = lay(pos, design, rotation, roots.data());
        note_completed(roots.data(), count);
        turn.laid_at[turn.laid++] = uint8_t(pos);
        turn.ship = int16_t(pos);
        int lane = g.lane[design][rotation][entry];
        turn.exits = 0;
        for (int8_t e : g.lane_edges[design][rotation][lane]) {
            if (e < 0) break;
            int q = pos + g.step[e];
            if (e == entry || !g.on_board(q)) continue;
            turn.exit_pos[turn.exits] = int16_t(q);
            turn.exit_edge[turn.exits++] = int8_t((e + 2) % 4);
        }
        switch (g.event[design]) {
            case MINE:
                gold[seat] += g.mine;
                bank -= g.mine;
                break;
            case PIRATES: {
                int lost = gold[seat] / 2;
                gold[seat] -= lost;
                bank += lost;
                break;
            }
            case STORM:
                turn.storm = true;
                end_exploration(seat);
                break;
            case NATIVES:
                if (supply[seat][SCOUT]) {
                    if (g.natives_to_path) {
                        push(NATIVES_STEP, seat);
                    } else {
                        --supply[seat][SCOUT];
                        add_unit(first_node(pos), seat, SCOUT);
                    }
                }
                break;
            default: break;
        }
    }

    void add_unit(int node, int seat, int kind) {
        beyond(n_units < MAX_UNITS, "too many units for the native engine");
        units[n_units++] = Unit{int16_t(node), int8_t(seat), int8_t(kind)};
    }
    void remove_unit(const Unit& u) {
        for (int i = 0; i < n_units; ++i)
            if (units[i] == u) {
                for (int j = i; j + 1 < n_units; ++j) units[j] = units[j + 1];
                --n_units;
                return;
            }
    }

    void settle_unit(int seat, uint64_t f) {
        const Game& g = *game;
        int kind = int(f & 3), piece = int(f >> 2 & 7), pos = int(f >> 8 & 0xFF);
        int from = int(f >> 16 & 3), a = int(f >> 18 & 0xFF), b = int(f >> 26 & 31);
        if (from == 2) {
            paths[a][b - 1] = -1;
            ++supply[seat][SCOUT];
        } else if (from == 1) {
            remove_unit(Unit{int16_t(first_node(a) + b), int8_t(seat), SCOUT});
            ++supply[seat][SCOUT];
        }
        --supply[seat][kind];
        gold[seat] -= g.unit_costs[kind];
        bank += g.unit_costs[kind];
        add_unit(first_node(pos) + piece, seat, kind);
        end_exploration(seat);
    }

    void end_exploration(int seat) {
        while (depth && (top().kind == EXPLORING || top().kind == NATIVES_STEP)) pop();
        push(TURN_OVER, seat);
        push(SCORING, seat);
        push(FILLING, seat);
    }

    // -------------------------------------------------------------- paths

    bool any_path_free() const {
        for (size_t p = 0; p < game->path_length.size(); ++p)
            for (int k = 0; k < game->path_length[p]; ++k)
                if (paths[p][k] < 0) return true;
        return false;
    }
    void trek_actions(std::vector<uint64_t>& out) const {
        for (size_t p = 0; p < game->path_length.size(); ++p)
            for (int k = 0; k < game->path_length[p]; ++k)
                if (paths[p][k] < 0) {
                    out.push_back(act(A_TREK, p));
                    break;
                }
    }
    void trek(int seat, int path, bool from_supply) {
        auto& spaces = paths[path];
        for (int k = 0; k < game->path_length[path]; ++k)
            if (spaces[k] < 0) {
                spaces[k] = int8_t(seat);
                break;
            }
        if (from_supply) --supply[seat][SCOUT];
        if (huts[path] < 0 && bag) push(HUT, seat, path);
    }

    // --------------------------------------------------------- filling (7)

    bool layable(int c, int entry) const {  // scoring._layable, for the designs left
        const Game& g = *game;
        auto fits_here = [&](int d) {
            for (int r = 0; r < 4; ++r)
                if (g.fits[d][c] >> r & 1 && g.lane[d][r][entry] >= 0) return true;
            return false;
        };
        for (int d = 0; d < g.designs; ++d)
            if (hidden[d] && fits_here(d)) return true;
        for (int k = 1; k < 7; ++k)
            if (open_stacks[k] && g.open_design[k] >= 0 && fits_here(g.open_design[k]))
                return true;
        return false;
    }

    // scoring.out_of_reach: the undiscovered squares no ship can ever reach
    const Bits& out_of_reach() const {
        int hidden_left = 0, open_left = 0;
        for (int d = 0; d < game->designs; ++d) hidden_left += hidden[d];
        for (int k = 0; k < 7; ++k) open_left += open_stacks[k];
        std::array<int16_t, 3> key{n_tiles, int16_t(hidden_left), int16_t(open_left)};
        if (key != reach_key) {
            reach = unreachable();
            reach_key = key;
        }
        return reach;
    }

    Bits unreachable() const {
        const Game& g = *game;
        Bits out{};
        std::array<int16_t, MAX_POS> region;
        region.fill(-1);
        std::array<int16_t, MAX_SQUARES> members;
        std::array<int16_t, MAX_SQUARES + 1> first{};
        int n_regions = 0, n_members = 0;
        for (int q : g.squares) {
            if (at[q] >= 0 || region[q] >= 0) continue;
            first[n_regions] = int16_t(n_members);
            region[q] = int16_t(n_regions);
            members[n_members++] = int16_t(q);
            for (int i = first[n_regions]; i < n_members; ++i)
                for (int e = 0; e < 4; ++e) {
                    int n = members[i] + g.step[e];
                    if (g.on_board(n) && at[n] < 0 && region[n] < 0) {
                        region[n] = int16_t(n_regions);
                        members[n_members++] = int16_t(n);
                    }
                }
            ++n_regions;
        }
        if (!n_members) return out;
        first[n_regions] = int16_t(n_members);
        std::array<bool, MAX_SQUARES> reached{};
        std::array<uint64_t, MAX_LANES / 64> seen_lanes{};  // lane nodes: pos * 4 + lane
        std::array<int16_t, MAX_LANES> lanes;  // stacks: each lane and region once at most
        std::array<int16_t, MAX_SQUARES> regions;
        int n_lanes = 0, n_reached = 0;
        auto enter = [&](int q, int entry) {
            int k = region[q];
            if (reached[k]) return;
            if (layable(code[q], entry)) {
                reached[k] = true;
                regions[n_reached++] = int16_t(k);
            }
        };
        auto join = [&](int pos, int edge) {
            int k = lane_at(pos, edge);
            if (k < 0) return;
            int node = pos * 4 + k;
            if (seen_lanes[node >> 6] >> (node & 63) & 1) return;
            seen_lanes[node >> 6] |= uint64_t(1) << (node & 63);
            lanes[n_lanes++] = int16_t(node);
        };
        for (int k = 0; k < g.points; ++k) {
            int pos = g.point_pos[k];
            if (at[pos] >= 0)
                join(pos, g.point_edge[k]);
            else
                enter(pos, g.point_edge[k]);
        }
        while (n_lanes || n_reached) {
            while (n_lanes) {
                int node = lanes[--n_lanes];
                int pos = node >> 2;
                const auto& t = tiles[at[pos]];
                for (int8_t e : g.lane_edges[t[1]][t[2]][node & 3]) {
                    if (e < 0) break;
                    int q = pos + g.step[e];
                    if (q >= 0 && q < g.positions && at[q] >= 0)
                        join(q, (e + 2) % 4);
                    else if (g.on_board(q))
                        enter(q, (e + 2) % 4);
                }
            }
            while (n_reached) {
                int k = regions[--n_reached];
                for (int i = first[k]; i < first[k + 1]; ++i)
                    for (int e = 0; e < 4; ++e) {
                        int n = members[i] + g.step[e];
                        if (g.on_board(n) && at[n] >= 0) join(n, (e + 2) % 4);
                    }
            }
        }
        for (int q : g.squares)
            if (at[q] < 0 && !reached[region[q]]) set(out, q);
        return out;
    }

    // The squares step 7 fills, in board order (scoring.to_fill).
    int to_fill(std::array<int16_t, MAX_SQUARES>& out) const {
        int n = 0;
        if (closing) {
            for (int q : game->squares)
                if (at[q] < 0) out[n++] = int16_t(q);
            return n;
        }
        const Bits& far = out_of_reach();
        for (int q : game->squares)
            if (has(enclosed, q) || has(far, q)) out[n++] = int16_t(q);
        return n;
    }

    void fill_next(int seat) {
        const Game& g = *game;
        std::array<int16_t, MAX_SQUARES> squares;
        while (true) {
            int n = to_fill(squares);
            bool filled = false;
            for (int i = 0; i < n && !filled; ++i) {
                int q = squares[i], c = code[q];
                for (int number = 1; number < 7 && !filled; ++number) {
                    int design = g.open_design[number];
                    if (open_stacks[number] && design >= 0 && g.fits[design][c]) {
                        --open_stacks[number];
                        lay_filler(q, design);
                        filled = true;
                    }
                }
                for (int k = 0; k < n_discards && !filled; ++k) {
                    int design = discards[k];
                    if (g.fits[design][c]) {
                        for (int j = k; j + 1 < n_discards; ++j) discards[j] = discards[j + 1];
                        --n_discards;
                        lay_filler(q, design);
                        filled = true;
                    }
                }
                if (filled) break;
                for (int d = 0; d < g.designs; ++d)
                    if (hidden[d] && g.fits[d][c]) {
                        push(SEARCHING, seat, q);
                        return;
                    }
            }
            if (!filled) {
                pop();  // Filling
                return;
            }
        }
    }

    void lay_filler(int pos, int design) {
        uint8_t fit = game->fits[design][code[pos]];
        std::array<int16_t, MAX_PIECES> roots;
        int count = lay(pos, design, std::countr_zero(fit), roots.data());
        note_completed(roots.data(), count);
    }

    // ------------------------------------------------------- scoring (8)

    int island_tiles(int root) const {
        std::array<uint64_t, MAX_SQUARES / 64> seen{};
        for (int n = 0; n < nodes; ++n)
            if (root_of(n) == root) seen[node_tile[n] >> 6] |= uint64_t(1) << (node_tile[n] & 63);
        int count = 0;
        for (uint64_t w : seen) count += std::popcount(w);
        return count;
    }

    struct Best {  // a seat's strongest units on an island: kind and how many
        int kind = -1, many = 0;
        bool operator>(const Best& o) const {
            return kind != o.kind ? kind > o.kind : many > o.many;
        }
    };
    using Strongest = std::array<Best, MAX_SEATS>;  // kind -1: none there

    // scoring.standings: the places (from 1) of the seats on an island, best first
    int standings(const Strongest& best, int active, std::array<int, MAX_SEATS>& seats,
                  std::array<int, MAX_SEATS>& places) const {
        int n = 0, players = game->players;
        for (int s = 0; s < players; ++s)
            if (best[s].kind >= 0) seats[n++] = s;
        std::sort(seats.begin(), seats.begin() + n, [&](int a, int b) {
            if (best[a].kind != best[b].kind) return best[a].kind > best[b].kind;
            if (best[a].many != best[b].many) return best[a].many > best[b].many;
            int ra = (a - active + players) % players, rb = (b - active + players) % players;
            return ra != rb ? ra < rb : a < b;
        });
        for (int k = 0; k < n; ++k) {
            places[k] = k + 1;
            if (!game->tie_active) {
                places[k] = 1;
                for (int o = 0; o < players; ++o)
                    if (best[o].kind >= 0 && best[o] > best[seats[k]]) ++places[k];
            }
        }
        return n;
    }

    static void cascade(int value, int places, std::array<int, MAX_SEATS>& out) {
        out[0] = value;
        for (int k = 1; k < places; ++k) out[k] = (out[k - 1] + 1) / 2;
    }

    static void strongest(Strongest& best, const Unit& u) {
        Best& b = best[u.seat];
        if (u.kind > b.kind)
            b = Best{u.kind, 1};
        else if (u.kind == b.kind)
            ++b.many;
    }

    void score_next(int seat) {
        if (!has_turn) return;
        std::array<int8_t, MAX_UNITS> treks;
        int n_treks = 0;
        for (int i = 0; i < turn.completed; ++i) {
            int root = turn.completed_at[i];
            bool done = false;
            for (int j = 0; j < n_scored; ++j) done = done || scored[j] == root;
            if (done) continue;
            scored[n_scored++] = int16_t(root);
            n_treks = score_island(seat, root, treks, n_treks);
        }
        int n = game->players;
        std::stable_sort(treks.begin(), treks.begin() + n_treks, [&](int a, int b) {
            return (a - seat + n) % n < (b - seat + n) % n;
        });
        for (int i = n_treks - 1; i >= 0; --i) push(TREKKING, treks[i]);
    }

    int score_island(int seat, int root, std::array<int8_t, MAX_UNITS>& treks, int n_treks) {
        std::array<Unit, MAX_UNITS> here;
        int n_here = 0;
        for (int i = 0; i < n_units; ++i)
            if (find(units[i].node) == root) here[n_here++] = units[i];
        if (!n_here) return n_treks;
        int value = island_tiles(root) + bonus[root];
        Strongest best{};
        for (int i = 0; i < n_here; ++i) strongest(best, here[i]);
        std::array<int, MAX_SEATS> seats{}, places{}, points{};
        int ranked = standings(best, seat, seats, places);
        cascade(value, ranked, points);
        for (int k = 0; k < ranked; ++k) score[seats[k]] += points[places[k] - 1];
        for (int i = 0; i < n_here; ++i) {
            remove_unit(here[i]);
            if (here[i].kind == SCOUT)
                treks[n_treks++] = here[i].seat;
            else
                ++supply[here[i].seat][here[i].kind];
        }
        return n_treks;
    }

    // ----------------------------------------------------------- the end

    int end_reason() {
        const Game& g = *game;
        if (closing) return NO_START;
        if (n_tiles == g.width * g.height) return FULL;
        if (cheapest_tile() < 0) return NO_TILES;
        if (passes >= g.players) return NO_START;
        if (!reachable()) return UNREACHABLE;
        const Bits& far = out_of_reach();
        int count = 0, empty = int(g.squares.size()) - n_tiles;
        for (uint64_t w : far) count += std::popcount(w);
        if (count == empty) return UNREACHABLE;
        if (turns >= TURN_LIMIT) return OUT_OF_TURNS;
        return NOT_OVER;
    }

    void turn_over(int seat) {
        if (!closing) ++turns;
        has_turn = false;
        int reason = end_reason();
        if (reason == NO_START && !closing && n_tiles < int(game->squares.size())) {
            closing = true;
            has_turn = true;
            turn = Turn{};
            turn.seat = int8_t(seat);
            push(TURN_OVER, seat);
            push(SCORING, seat);
            push(FILLING, seat);
            return;
        }
        if (reason != NOT_OVER) return finish(reason);
        begin_turn((seat + 1) % game->players);
    }

    int hut_winner(int path) const {  // scoring.path_leader
        int winner = -1, most = 0, length = game->path_length[path];
        const auto& spaces = paths[path];
        for (int k = 0; k < length; ++k) {
            int seat = spaces[k];
            if (seat < 0 || seat == winner) continue;
            int many = 0;
            for (int j = 0; j < length; ++j) many += spaces[j] == seat;
            if (many > most) {
                winner = seat;
                most = many;
            }
        }
        return winner;
    }

    void finish(int reason) {
        ending = int8_t(reason);
        for (size_t p = 0; p < game->path_length.size(); ++p) {
            if (huts[p] < 0) continue;
            int winner = hut_winner(int(p));
            if (winner >= 0) score[winner] += game->token_value[huts[p]];
        }
        over = true;
    }

    // ---------------------------------------------------------- estimates

    double returns_of(int seat) const {
        if (over && game->gold_tiebreak) return double(score[seat]) + double(gold[seat]) / 1000;
        return double(score[seat]);
    }

    struct Held {
        double chance;
        int value;
        Strongest best;
        int seats;  // how many seats have units there
        std::array<int8_t, MAX_SEATS> order;  // the seats in the order their first unit came
    };

    // scoring.held_islands: in the order their first unit was placed
    int held_islands(std::array<Held, MAX_UNITS>& out) const {
        std::array<int16_t, MAX_UNITS> roots;
        int n = 0;
        for (int i = 0; i < n_units; ++i) {
            int root = root_of(units[i].node), k = 0;
            while (k < n && roots[k] != root) ++k;
            if (k == n) {
                roots[n] = int16_t(root);
                out[n] = Held{0, 0, Strongest{}, 0, {}};
                ++n;
            }
            Held& h = out[k];
            if (h.best[units[i].seat].kind < 0) h.order[h.seats++] = units[i].seat;
            strongest(h.best, units[i]);
        }
        for (int k = 0; k < n; ++k) {
            int root = roots[k], edges = open[root];
            out[k].value = int(std::nearbyint(double(island_tiles(root) + bonus[root]) +
                                              GROWTH * edges));
            out[k].chance = std::pow(CLOSING, double(edges));
        }
        return n;
    }

    void outlook(int active, std::array<double, MAX_SEATS>& out) const {
        out.fill(0.0);
        std::array<Held, MAX_UNITS> held;
        int n = held_islands(held);
        for (int i = 0; i < n; ++i) {
            const Held& h = held[i];
            if (h.seats == 1) {
                for (int s = 0; s < game->players; ++s)
                    if (h.best[s].kind >= 0) out[s] += h.chance * h.value;
                continue;
            }
            std::array<int, MAX_SEATS> seats{}, places{}, points{};
            int ranked = standings(h.best, active, seats, places);
            cascade(h.value, ranked, points);
            for (int k = 0; k < ranked; ++k) out[seats[k]] += h.chance * points[places[k] - 1];
        }
    }

    void own_outlooks(std::array<double, MAX_SEATS>& out) const {
        out.fill(0.0);
        std::array<Held, MAX_UNITS> held;
        int n = held_islands(held);
        for (int i = 0; i < n; ++i) {
            const Held& h = held[i];
            std::array<int, MAX_SEATS> points{};
            cascade(h.value, h.seats, points);
            for (int k = 0; k < h.seats; ++k) {
                int s = h.order[k], place = 1;
                for (int o = 0; o < game->players; ++o)
                    if (h.best[o].kind >= 0 && h.best[o] > h.best[s]) ++place;
                out[s] += h.chance * points[place - 1];
            }
        }
    }
    void hut_outlooks(std::array<double, MAX_SEATS>& worth) const {
        worth.fill(0.0);
        for (size_t p = 0; p < game->path_length.size(); ++p) {
            if (huts[p] < 0) continue;
            int seat = hut_winner(int(p));
            if (seat >= 0)
                worth[seat] += known[p] >> seat & 1 ? double(game->token_value[huts[p]])
                                                    : game->token_mean;
        }
    }

    int scouts_on_islands(int seat) const {
        int n = 0;
        for (int i = 0; i < n_units; ++i) n += units[i].seat == seat && units[i].kind == SCOUT;
        return n;
    }

    double worth(int seat, double islands, double huts_worth) const {
        double w = double(score[seat]) + double(gold[seat]) / 3 + islands;
        if (has_turn && turn.seat == seat && turn.left) {
            int price = turn.kind == 1 ? game->hidden_tile : game->open_tile;
            w += double(turn.left * price) / 3;
        }
        w += 0.5 * scouts_on_islands(seat);
        return w + huts_worth;
    }

    double estimate(int seat) const {
        if (over) return returns_of(seat);
        int active = has_turn ? turn.seat : seat;
        std::array<double, MAX_SEATS> islands, huts_worth;
        outlook(active, islands);
        hut_outlooks(huts_worth);
        return worth(seat, islands[seat], huts_worth[seat]);
    }

    void estimates(std::vector<double>& out) const {
        out.clear();
        int n = game->players;
        if (over) {
            for (int s = 0; s < n; ++s) out.push_back(returns_of(s));
            return;
        }
        std::array<double, MAX_SEATS> islands, huts_worth;
        if (has_turn)
            outlook(turn.seat, islands);
        else
            own_outlooks(islands);
        hut_outlooks(huts_worth);
        for (int s = 0; s < n; ++s) out.push_back(worth(s, islands[s], huts_worth[s]));
    }
};

// Random games natively: every legal action listed at each decision and one chosen
// uniformly, each chance outcome drawn with its probability.
struct Rng {  // splitmix64
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % uint64_t(n)); }
    double unit() { return double(next() >> 11) * 0x1.0p-53; }
};

struct Playout {
    long decisions = 0, chances = 0;
};

inline Playout play_out(State& state, Rng& rng, std::vector<std::pair<uint64_t, double>>& outcomes) {
    Playout counts;
    while (!state.over) {
        if (state.chance()) {
            state.outcomes(outcomes);
            double pick = rng.unit(), total = 0;
            uint64_t chosen = outcomes.back().first;
            for (auto& [a, p] : outcomes) {
                total += p;
                if (pick < total) {
                    chosen = a;
                    break;
                }
            }
            state.apply(chosen);
            ++counts.chances;
            continue;
        }
        const auto& listed = state.listed_legal();  // listed already where a step offers it
        state.apply(listed[rng.below(int(listed.size()))]);
        ++counts.decisions;
    }
    return counts;
}

}  // namespace entdecker
