// Small Islands' rules in C++: the same state machine as state.py and its chapters
// (exploring.py, rounds.py, alexis.py; the reference), over fixed arrays.
// tests/games/small_islands/test_native.py plays both engines side by side and checks that
// they agree at every step.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace small_islands {

constexpr int CHANCE = -1;
constexpr int TERMINAL = -2;
// What the engine's arrays hold (Game's tables are refused beyond them)
constexpr int MAX_SEATS = 4, MAX_PLACES = 5, MAX_DESIGNS = 128, MAX_TILES = 128;
constexpr int MAX_CARDS = 64, MAX_STARTS = 8, MAX_AGENDA = 64, MAX_HELD = 8, MAX_ROW = 8;
constexpr int MAX_HAND = 8, MAX_TOKENS = 8, MAX_EARNED = 64, MAX_PLACED = 64, MAX_HOUSES = 64;
constexpr int MAX_SHIPS = 8;
constexpr uint32_t CONFLICT = 65536;  // a square two neighbours ask different things of
constexpr int LAND = 0;
constexpr int ROW = 3, NAVIGATION = 6, DRAWS = 2, PORTS_PER_TILE = 2, SMALLEST_ISLAND = 2;
constexpr int PORT_TOKEN = 3;  // the bonus token kinds: flower, fruit, leaf, port

// An island's counts: tiles, then the symbols flower, fruit, leaf, temple, port, house
// (symbol s is count s + 1).
enum Count { TILES, FLOWER, FRUIT, LEAF, TEMPLE, PORT, HOUSE, COUNTS };

// An action as one number: its kind in the top bits, then its fields.
enum Kind : uint32_t {
    PLACE, TAKE, LAND_SHIP, TOKEN, PASS, HOUSE_AT, DONE, KEEP, BUILD, CHOOSE, REVEAL, DEAL,
    DRAW, DISCOVER, EXPEDITION
};
constexpr uint32_t kind_of(uint32_t a) { return a >> 24; }
constexpr uint32_t action(uint32_t kind, uint32_t fields) { return (kind << 24) | fields; }
constexpr uint32_t place(int pos, int design, int rotation) {
    return action(PLACE, uint32_t(pos) << 9 | uint32_t(design) << 2 | uint32_t(rotation));
}
constexpr uint32_t land(bool own, int pos) { return action(LAND_SHIP, uint32_t(own) << 13 | uint32_t(pos)); }
constexpr uint32_t token(int kind, int over, int pos) {
    return action(TOKEN, uint32_t(kind) << 16 | uint32_t(over) << 14 | uint32_t(pos));
}
constexpr int pos_of(uint32_t a) { return int(a & 0x1FFF); }

// The steps of the agenda (steps.py), in the order of position.py's STEP_KINDS.
enum StepKind : uint8_t {
    LAYING_START, REVEALING, DEALING, DRAWING, CHOOSING, TURN, PLACING, BONUS, ALEXIS_TURN,
    ROUND_START, HOUSING, DISCOVERING, KEEPING, RECKONING, HOUSING_OVER, ROUND_OVER, BUILDING,
    DRAWN, TURN_OVER, STEP_KINDS
};
// a: LayingStart's starting tiles left (a bit each), Drawing's deck, Discovering's and
// Reckoning's left; b: LayingStart's ordered
struct Step {
    uint8_t kind;
    int8_t seat;
    uint8_t a, b;
};
constexpr bool is_chance(int k) {
    return k == REVEALING || k == DEALING || k == DRAWING || k == ALEXIS_TURN || k == DISCOVERING;
}
constexpr bool is_decision(int k) {
    return k == LAYING_START || k == CHOOSING || k == TURN || k == PLACING || k == BONUS ||
           k == HOUSING || k == KEEPING;
}

// Why a game ended (words.py)
enum Ending : int8_t { NOT_ENDED = -1, STACK_SHORT, SHIPS_LAID, NO_TILE, STUCK };

struct Mission {  // kind: more, equal, match, symbols; a, b: symbols
    uint8_t kind = 0;
    int8_t a = 0, b = 0;
    std::array<int8_t, 6> need{};
};
struct Reward {  // kind: per_symbol, lowest, flat, size, discovery, chosen
    uint8_t kind = 0;
    int8_t symbol = 0;
    int points = 0, bonus = 0;
    std::vector<std::pair<int, int>> sizes;
};
struct Island {
    std::array<int, COUNTS> c{};
};

inline bool fulfils(const Mission& m, const Island& i) {
    const auto& c = i.c;
    switch (m.kind) {
        case 0: return c[m.a + 1] > c[m.b + 1];
        case 1: return c[m.a + 1] == c[m.b + 1] && c[m.b + 1] >= 1;
        case 2: {
            int mine = c[m.a + 1];
            if (mine < 1) return false;
            for (int r = 0; r < 3; ++r)
                if (r != m.a && c[r + 1] == mine) return true;
            return false;
        }
        default:
            for (int s = 0; s < 6; ++s)
                if (c[s + 1] < m.need[s]) return false;
            return true;
    }
}

inline int points(const Reward& r, const Island& i) {
    const auto& c = i.c;
    switch (r.kind) {
        case 0: return r.points * c[r.symbol + 1] + r.bonus;
        case 1: return r.points * std::min({c[FLOWER], c[FRUIT], c[LEAF]}) + r.bonus;
        case 2: return r.points;
        case 3: {
            int reached = 0;
            for (auto [size, p] : r.sizes)
                if (c[TILES] >= size) reached = p;
            return reached;
        }
        case 5: return r.points * std::max({c[FLOWER], c[FRUIT], c[LEAF]}) + r.bonus;
        default: return 0;
    }
}
inline int discoveries(const Reward& r, const Island& i) { return r.kind == 4 ? i.c[TEMPLE] : 0; }

// A configuration's tables, made once from the Python ones (tables.py) and shared.
struct Game {
    int players = 2, places = 2;
    bool solo = false, advanced = false, cover = false, ordered = false;
    int designs = 0, landscape = 0, ship = 0, landscape_total = 0;
    std::vector<std::array<std::array<uint8_t, 8>, 4>> faces;  // [design][rotation]: labels
    std::vector<std::array<uint32_t, 4>> face_code;  // the same as a code (label + 1 a slot)
    std::vector<uint8_t> rotations;  // the distinct rotations, a bit each
    // what a laid tile asks of its 8 neighbours (N, E, S, W, NE, SE, SW, NW): (code, slots)
    std::vector<std::array<std::array<std::pair<uint32_t, uint32_t>, 8>, 4>> asks;
    std::vector<std::array<int8_t, 6>> symbols;
    std::vector<uint8_t> coast;
    std::vector<int16_t> pool;  // landscape tiles of each design
    std::vector<std::pair<int, int>> start_sides;
    std::vector<int8_t> start_of;  // per design: its starting tile, or -1
    int ships = 4, houses = 4, reserve = 4;
    std::vector<int8_t> tokens;  // each player's bonus tokens, by kind
    std::vector<uint8_t> cells;
    int stride = 0, origin = 0;
    std::array<int, 4> step{}, diagonal{};
    std::array<int, 8> around{};
    int decks = 1;
    std::array<int, 2> deck_size{};
    std::vector<Mission> missions;  // by the first deck's card
    std::vector<Reward> rewards;  // by the reward's deck's card (the first, or the second)
    std::vector<int> discovery_values;  // by token, ids sorted
    // the solo game: Alexis's card, the Expedition cards (ids sorted)
    int alexis_houses = 0, alexis_base = 0, alexis_per_house = 0;
    std::vector<uint8_t> expedition_land, expedition_slot, expedition_spread;
    uint64_t expeditions = 0;
    int table_size = 1024;  // the board's hash table

    int reward_deck() const { return advanced ? 1 : 0; }
    uint8_t fit(int design, uint32_t code) const {  // the distinct rotations fitting a code
        if (code >= CONFLICT) return 0;
        uint32_t asked = ((code | code >> 1) & 0x5555) * 3;
        uint8_t out = 0;
        for (int r = 0; r < 4; ++r)
            if ((rotations[design] >> r & 1) && !((code ^ face_code[design][r]) & asked))
                out |= uint8_t(1 << r);
        return out;
    }
};

inline uint32_t ask(uint32_t code, std::pair<uint32_t, uint32_t> more) {
    uint32_t low = code & 0xFFFF, asked = ((low | low >> 1) & 0x5555) * 3;
    if ((low ^ more.first) & asked & more.second) return CONFLICT;
    return code | more.first;
}

struct Square {  // a square known to the board
    int16_t pos = -1;
    uint8_t kind = 0;  // 1: a tile lies there (index: its index); 2: frontier (index: its
                       // place in the frontier); 3: touching tiles only at a corner
    int16_t index = 0;
    uint32_t code = 0;
};
enum : uint8_t { EMPTY, TILE, FRONTIER, PENDING };

struct Laid {
    int16_t pos;
    uint8_t design, rotation;
};
struct Node {
    int16_t parent;
    std::array<int16_t, COUNTS> c;
    uint8_t owners;
};
struct Placed {  // a bonus token: tile square, seat, kind, resource covered (+1, 0: none)
    int16_t pos;
    int8_t seat, kind, over;
};
struct House {
    int16_t pos;
    int8_t place;
};
struct Earned {
    int8_t place;
    int16_t pos;
    int16_t points, tokens;
};
struct AlexisLaid {  // design -1: nothing laid
    int16_t design, pos, rotation;
};
// A line of the score sheet (sheet.py): objective (a: the objective's first card, b: its
// second, island: the island's counts), ship landed, a tile's ports (a: 0) or a port
// token's (a: 1) beside a ship, Discovery token (a: the token)
struct Line {
    int8_t kind, seat;
    int16_t points;
    int32_t ply;
    int8_t round, a, b;
    std::array<int16_t, COUNTS> island;
};
enum : int8_t { OBJECTIVE_LINE, LANDED_LINE, PORTS_LINE, DISCOVERY_LINE };

inline int popcount(uint64_t x) { return __builtin_popcountll(x); }

class State {
  public:
    const Game* game;
    // the flow
    std::array<Step, MAX_AGENDA> agenda{};
    int depth = 0;
    bool over = false;
    int32_t ply = 0;
    // the table
    std::vector<Square> squares;
    std::vector<int16_t> frontier;  // in the order squares joined it (-1: since laid)
    int n_tiles = 0;
    std::array<Laid, MAX_TILES> tiles{};
    std::array<Node, MAX_TILES> nodes{};
    int n_placed = 0, n_houses = 0, n_ships = 0;
    std::array<Placed, MAX_PLACED> placed{};
    std::array<House, MAX_HOUSES> houses{};
    std::array<std::pair<int16_t, int8_t>, MAX_SHIPS> ships{};
    // tiles
    std::array<int16_t, MAX_DESIGNS> pool{};
    int reserve = 0, nav = 0;
    int n_row = 0;
    std::array<int8_t, MAX_ROW> row{};
    std::array<int8_t, MAX_SEATS> n_hand{}, n_tokens{};
    std::array<std::array<int8_t, MAX_HAND>, MAX_SEATS> hands{};
    std::array<std::array<int8_t, MAX_TOKENS>, MAX_SEATS> tokens{};
    std::array<int8_t, MAX_PLACES> supply{}, stock{}, built{};
    std::array<int16_t, MAX_SEATS> prestige{};
    // Discovery tokens
    std::array<int8_t, MAX_SEATS> n_found{};
    std::array<std::array<int8_t, MAX_CARDS>, MAX_SEATS> found{};
    uint64_t disc_pool = 0;
    int n_drawn = 0;
    std::array<int8_t, MAX_CARDS> drawn{};
    std::array<uint64_t, MAX_SEATS> known_returned{};
    // cards
    std::array<uint64_t, 2> decks{};
    std::array<std::array<int8_t, 2>, MAX_SEATS> n_held{};
    std::array<std::array<std::array<int8_t, MAX_HELD>, 2>, MAX_SEATS> held{};
    std::array<int8_t, MAX_SEATS> n_now{}, n_later{};
    std::array<std::array<int8_t, 2>, MAX_SEATS> now{}, later{};
    std::array<std::array<uint64_t, 2>, MAX_SEATS> returned{};
    int n_revealed = 0;
    std::array<int8_t, MAX_PLACES> revealed_order{};  // the seats, in the order revealed
    std::array<std::array<int8_t, 2>, MAX_PLACES> revealed{};
    std::array<int8_t, MAX_PLACES> n_revealed_cards{};
    int n_earned = 0;
    std::array<Earned, MAX_EARNED> earned{};
    int houses_at_last = -1;
    std::vector<AlexisLaid> alexis_tiles;
    int first = 0, round = 0, lander = -1, clock = 0;
    std::array<int, MAX_SEATS> last_tile{};
    uint64_t expeditions = 0;
    int n_discards = 0;
    std::array<int8_t, MAX_CARDS> discards{};
    int last_expedition = -1;
    int8_t ended = NOT_ENDED, ended_seat = -1;
    std::vector<Line> sheet;
    mutable std::vector<uint32_t> listed;  // the legal actions at a decision, once listed
    mutable bool fresh = false;

    explicit State(const Game* g, bool set_up = true) : game(g) {
        squares.assign(size_t(g->table_size), Square{});
        for (int d = 0; d < g->landscape; ++d) pool[d] = g->pool[d];
        reserve = g->landscape_total;
        for (int s = 0; s < g->players; ++s) {
            n_tokens[s] = int8_t(g->tokens.size());
            for (size_t k = 0; k < g->tokens.size(); ++k) tokens[s][k] = g->tokens[k];
            last_tile[s] = -1;
        }
        for (int p = 0; p < g->places; ++p) {
            supply[p] = int8_t(g->houses);
            stock[p] = int8_t(g->reserve);
        }
        if (g->solo) {
            supply[g->players] = int8_t(g->houses + g->reserve);
            stock[g->players] = 0;
            expeditions = g->expeditions;
        }
        disc_pool = g->discovery_values.size() >= 64 ? ~uint64_t(0)
                                                    : (uint64_t(1) << g->discovery_values.size()) - 1;
        for (int k = 0; k < g->decks; ++k)
            decks[k] = g->deck_size[k] >= 64 ? ~uint64_t(0) : (uint64_t(1) << g->deck_size[k]) - 1;
        if (set_up) {
            push(Step{ROUND_START, 0, 0, 0});
            for (int s = g->players - 1; s >= 0; --s)
                for (int k = g->decks - 1; k >= 0; --k) push(Step{DRAWING, int8_t(s), uint8_t(k), 0});
            for (int s = g->players - 1; s >= 0; --s)
                for (int i = 0; i < 2; ++i) push(Step{DEALING, int8_t(s), 0, 0});
            for (int i = 0; i < ROW; ++i) push(Step{REVEALING, 0, 0, 0});
            int starts = int(g->start_sides.size());
            if (starts)
                push(Step{LAYING_START, int8_t(first), uint8_t((1 << starts) - 1), uint8_t(g->ordered)});
            advance();
        }
    }

    // ------------------------------------------------------------- protocol

    const Step& top() const { return agenda[depth - 1]; }
    void push(Step s) { agenda[depth++] = s; }

    int current_player() const {
        if (over) return TERMINAL;
        const Step& t = top();
        return is_decision(t.kind) ? t.seat : CHANCE;
    }
    bool chance() const { return !over && is_chance(top().kind); }

    void legal(std::vector<uint32_t>& out) const {
        out.clear();
        if (over) return;
        const Step& t = top();
        if (is_chance(t.kind)) {
            std::vector<std::pair<uint32_t, int>> o;
            outcomes(o);
            for (auto [a, n] : o) out.push_back(a);
            return;
        }
        options(t, out);
    }

    const std::vector<uint32_t>& listed_legal() const {
        if (!fresh) {
            legal(listed);
            fresh = true;
        }
        return listed;
    }

    // The outcomes of the chance step on top: (action, weight), of outcome_total().
    void outcomes(std::vector<std::pair<uint32_t, int>>& out) const {
        out.clear();
        if (over) return;
        const Step& t = top();
        switch (t.kind) {
            case REVEALING:
            case DEALING:
                if (!(nav + reserve)) return;
                for (int d = 0; d < game->landscape; ++d)
                    if (pool[d]) out.emplace_back(action(t.kind == DEALING ? DEAL : REVEAL, d), pool[d]);
                return;
            case DRAWING:
                for (int c = 0; c < 64; ++c)
                    if (decks[t.a] >> c & 1) out.emplace_back(action(DRAW, uint32_t(t.a) << 6 | c), 1);
                return;
            case DISCOVERING:
                for (int c = 0; c < 64; ++c)
                    if (disc_pool >> c & 1) out.emplace_back(action(DISCOVER, c), 1);
                return;
            case ALEXIS_TURN:
                for (int c = 0; c < 64; ++c)
                    if (expeditions >> c & 1) out.emplace_back(action(EXPEDITION, c), 1);
                return;
            default:
                return;
        }
    }
    int outcome_total() const {
        const Step& t = top();
        switch (t.kind) {
            case REVEALING:
            case DEALING: return nav + reserve;
            case DRAWING: return popcount(decks[t.a]);
            case DISCOVERING: return popcount(disc_pool);
            default: return popcount(expeditions);
        }
    }

    bool is_legal(uint32_t a) const {
        if (over) return false;
        const Step& t = top();
        if (t.kind == REVEALING || t.kind == DEALING) {
            uint32_t d = a & 0xFFFFFF;
            return kind_of(a) == (t.kind == DEALING ? DEAL : REVEAL) && d < uint32_t(game->landscape) &&
                   pool[d] > 0;
        }
        if (is_chance(t.kind)) {
            uint32_t c = a & 0x3F;
            switch (t.kind) {
                case DRAWING:
                    return kind_of(a) == DRAW && (a & 0xFFFFFF) >> 6 == t.a && (decks[t.a] >> c & 1);
                case DISCOVERING:
                    return kind_of(a) == DISCOVER && (a & 0xFFFFFF) < 64 && (disc_pool >> c & 1);
                default:
                    return kind_of(a) == EXPEDITION && (a & 0xFFFFFF) < 64 && (expeditions >> c & 1);
            }
        }
        const std::vector<uint32_t>& all = listed_legal();
        return std::find(all.begin(), all.end(), a) != all.end();
    }

    // The k-th unseen tile, designs in order (as exploring.sample picks it).
    uint32_t tile_drawn(int k) const {
        int d = 0;
        while (k >= pool[d]) k -= pool[d++];
        return action(top().kind == DEALING ? DEAL : REVEAL, d);
    }

    void apply(uint32_t a) {
        ++ply;
        fresh = false;
        Step t = agenda[--depth];
        carry_out(t, a);
        advance();
    }

    void advance() {
        while (!over)
            if (!proceed(top())) return;
    }

    // ------------------------------------------------------------- the board

    Square* square(int pos) {
        size_t mask = squares.size() - 1, i = (uint32_t(pos) * 2654435761u) >> 7 & mask;
        while (squares[i].pos != -1 && squares[i].pos != pos) i = (i + 1) & mask;
        return &squares[i];
    }
    const Square* find(int pos) const {
        size_t mask = squares.size() - 1, i = (uint32_t(pos) * 2654435761u) >> 7 & mask;
        while (squares[i].pos != -1) {
            if (squares[i].pos == pos) return &squares[i];
            i = (i + 1) & mask;
        }
        return nullptr;
    }
    int tile_at(int pos) const {
        const Square* s = find(pos);
        return s && s->kind == TILE ? s->index : -1;
    }

    // kit/board.py, TileBoard.place with corners: the tiles it joins across an edge
    int place_tile(int pos, int design, int rotation, std::array<std::pair<int, int>, 4>& joins) {
        const Game& g = *game;
        int index = n_tiles++;
        tiles[index] = Laid{int16_t(pos), uint8_t(design), uint8_t(rotation)};
        Square* here = square(pos);
        if (here->pos == pos && here->kind == FRONTIER) frontier[here->index] = -1;
        *here = Square{int16_t(pos), TILE, int16_t(index), 0};
        bool rim = g.cells[pos] != 2;
        const auto& asked = g.asks[design][rotation];
        int n = 0;
        for (int d = 0; d < 4; ++d) {
            int q = pos + g.step[d];
            Square* s = square(q);
            if (s->pos == q && s->kind == TILE) {
                joins[n++] = {d, s->index};
            } else if (!rim || g.cells[q]) {
                if (s->pos != q) *s = Square{int16_t(q), EMPTY, 0, 0};
                if (s->kind != FRONTIER) {
                    uint32_t code = s->kind == PENDING ? s->code : 0;
                    *s = Square{int16_t(q), FRONTIER, int16_t(frontier.size()), code};
                    frontier.push_back(int16_t(q));
                }
                s->code = ask(s->code, asked[d]);
            }
        }
        for (int c = 0; c < 4; ++c) {
            int q = pos + g.diagonal[c];
            Square* s = square(q);
            if ((s->pos == q && s->kind == TILE) || (rim && !g.cells[q])) continue;
            if (s->pos != q) *s = Square{int16_t(q), PENDING, 0, 0};
            s->code = ask(s->code, asked[4 + c]);
        }
        return n;
    }

    uint8_t fit_at(int design, int pos) const { return game->fit(design, find(pos)->code); }

    bool can_place(int design) const {
        for (int16_t pos : frontier)
            if (pos >= 0 && fit_at(design, pos)) return true;
        return false;
    }
    void placements_of(int design, std::vector<uint32_t>& out) const {
        for (int16_t pos : frontier) {
            if (pos < 0) continue;
            uint8_t m = fit_at(design, pos);
            for (int r = 0; m; ++r, m >>= 1)
                if (m & 1) out.push_back(place(pos, design, r));
        }
    }

    // ------------------------------------------------------------- islands

    int root(int node) {
        while (nodes[node].parent != node) {
            nodes[node].parent = nodes[nodes[node].parent].parent;
            node = nodes[node].parent;
        }
        return node;
    }
    int root_of(int node) const {
        while (nodes[node].parent != node) node = nodes[node].parent;
        return node;
    }
    void unite(int a, int b) {
        a = root(a);
        b = root(b);
        if (a == b) return;
        if (a > b) std::swap(a, b);
        nodes[b].parent = int16_t(a);
        for (int k = 0; k < COUNTS; ++k) nodes[a].c[k] = int16_t(nodes[a].c[k] + nodes[b].c[k]);
        nodes[a].owners |= nodes[b].owners;
    }
    Island island(int r) const {
        Island i;
        for (int k = 0; k < COUNTS; ++k) i.c[k] = nodes[r].c[k];
        return i;
    }
    void bump(int pos, int count, int delta) {
        int r = root(tile_at(pos));
        nodes[r].c[count] = int16_t(nodes[r].c[count] + delta);
    }

    // exploring.lay, but the score sheet and the clock: a tile laid, its island joined
    void join(int pos, int design, int rotation) {
        std::array<std::pair<int, int>, 4> joins;
        int n = place_tile(pos, design, rotation, joins);
        int node = n_tiles - 1;
        Node& made = nodes[node];
        made.parent = int16_t(node);
        made.c[TILES] = design != game->ship;
        for (int s = 0; s < 6; ++s) made.c[s + 1] = game->symbols[design][s];
        made.owners = 0;
        const auto& face = game->faces[design][rotation];
        for (int k = 0; k < n; ++k)
            if (face[joins[k].first] == LAND) unite(node, joins[k].second);
    }

    void lay(int pos, int design, int rotation, int seat) {
        join(pos, design, rotation);
        int ports = game->symbols[design][4];
        if (ports && n_ships) ports_added(pos, ports, false);
        ++clock;
        if (seat >= 0 && seat < game->players) last_tile[seat] = clock;
    }

    int ports_on(int index) const {
        int ports = game->symbols[tiles[index].design][4];
        for (int k = 0; k < n_placed; ++k)
            if (placed[k].pos == tiles[index].pos && placed[k].kind == PORT_TOKEN) ++ports;
        return ports;
    }
    int ports_around(int pos) const {
        int sum = 0;
        for (int d : game->around) {
            int t = tile_at(pos + d);
            if (t >= 0) sum += ports_on(t);
        }
        return sum;
    }

    void line(int8_t kind, int seat, int pts, int a = 0, int b = 0, const Island* shown = nullptr) {
        Line l{kind, int8_t(seat), int16_t(pts), ply, int8_t(round), int8_t(a), int8_t(b), {}};
        if (shown)
            for (int k = 0; k < COUNTS; ++k) l.island[k] = int16_t(shown->c[k]);
        sheet.push_back(l);
    }
    void ports_added(int pos, int ports, bool by_token) {
        for (int k = 0; k < n_ships; ++k) {
            auto [ship, owner] = ships[k];
            if (owner < 0) continue;
            for (int d : game->around)
                if (pos - ship == d) {
                    line(PORTS_LINE, owner, ports, by_token);
                    break;
                }
        }
    }

    // ------------------------------------------------------------- legal actions

    void distinct_hand(int seat, std::array<int8_t, MAX_HAND>& out, int& n) const {
        n = n_hand[seat];
        for (int i = 0; i < n; ++i) out[i] = hands[seat][i];
        std::sort(out.begin(), out.begin() + n);
        n = int(std::unique(out.begin(), out.begin() + n) - out.begin());
    }

    void options(const Step& t, std::vector<uint32_t>& out) const {
        const Game& g = *game;
        switch (t.kind) {
            case LAYING_START: {
                uint8_t left = t.b ? uint8_t(t.a & -t.a) : t.a;  // ordered: only the first
                for (int i = 0; i < int(g.start_sides.size()); ++i) {
                    if (!(left >> i & 1)) continue;
                    for (int d : {g.start_sides[i].first, g.start_sides[i].second}) {
                        if (!n_tiles) {
                            for (int r = 0; r < 4; ++r)
                                if (g.rotations[d] >> r & 1) out.push_back(place(g.origin, d, r));
                        } else {
                            placements_of(d, out);
                        }
                    }
                }
                return;
            }
            case TURN:
                takes(t.seat, out);
                landings(t.seat, out);
                return;
            case PLACING: {
                std::array<int8_t, MAX_HAND> designs;
                int n;
                distinct_hand(t.seat, designs, n);
                for (int i = 0; i < n; ++i) placements_of(designs[i], out);
                return;
            }
            case BONUS:
                bonus_tokens(t.seat, out);
                if (!out.empty()) out.insert(out.begin(), action(PASS, 0));
                return;
            case CHOOSING:
                choices(t.seat, out);
                return;
            case HOUSING:
                houses_for(t.seat, out);
                out.push_back(action(DONE, 0));
                return;
            case KEEPING: {
                uint64_t set = 0;
                for (int i = 0; i < n_drawn; ++i) set |= uint64_t(1) << drawn[i];
                for (int c = 0; c < 64; ++c)
                    if (set >> c & 1) out.push_back(action(CHOOSE, c));
                return;
            }
            default:
                return;
        }
    }

    void takes(int seat, std::vector<uint32_t>& out) const {
        std::array<int8_t, MAX_HAND> designs;
        int n;
        distinct_hand(seat, designs, n);
        bool hand_fits = false;
        for (int i = 0; i < n && !hand_fits; ++i) hand_fits = can_place(designs[i]);
        uint64_t seen[2] = {0, 0};
        for (int i = 0; i < n_row; ++i) {
            int d = row[i];
            if (seen[d >> 6] >> (d & 63) & 1) continue;
            seen[d >> 6] |= uint64_t(1) << (d & 63);
            if (hand_fits || can_place(d)) out.push_back(action(TAKE, d));
        }
    }

    bool own_ship_free(int seat) const {
        for (int k = 0; k < n_ships; ++k)
            if (ships[k].second == seat) return false;
        return true;
    }
    int grey_ships_left() const {
        int colours = game->solo ? 1 : game->players, grey = 0;
        for (int k = 0; k < n_ships; ++k) grey += ships[k].second < 0;
        return game->ships - colours - grey;
    }
    bool ship_fits(int pos) const { return fit_at(game->ship, pos) != 0; }

    void landings(int seat, std::vector<uint32_t>& out) const {
        if (nav || seat >= game->players) return;
        bool kinds[2] = {own_ship_free(seat), grey_ships_left() > 0};
        for (int k = 0; k < 2; ++k) {
            if (!kinds[k]) continue;
            for (int16_t pos : frontier)
                if (pos >= 0 && ship_fits(pos)) out.push_back(land(k == 0, pos));
        }
    }

    // exploring.token_spots: where a token may go on the tile at index (kind, over + 1)
    int token_spots(int index, std::array<std::pair<int8_t, int8_t>, 16>& out) const {
        const Game& g = *game;
        int design = tiles[index].design, pos = tiles[index].pos, n = 0;
        if (design == g.ship) return 0;
        const auto& printed = g.symbols[design];
        std::array<int, 3> under{};
        int ports = printed[4];
        for (int k = 0; k < n_placed; ++k) {
            if (placed[k].pos != pos) continue;
            if (placed[k].kind == PORT_TOKEN)
                ++ports;
            int what = placed[k].over ? placed[k].over - 1 : placed[k].kind;
            if (what < 3) ++under[what];
        }
        for (int kind = 0; kind < 4; ++kind) {
            if (kind == PORT_TOKEN) {
                if (g.coast[design] && ports < PORTS_PER_TILE) out[n++] = {int8_t(kind), 0};
            } else if (g.cover) {
                for (int r = 0; r < 3; ++r)
                    if (r != kind && printed[r] && printed[r] > under[r])
                        out[n++] = {int8_t(kind), int8_t(r + 1)};
            } else if (printed[kind] && printed[kind] > under[kind]) {
                out[n++] = {int8_t(kind), 0};
            }
        }
        return n;
    }

    void bonus_tokens(int seat, std::vector<uint32_t>& out) const {
        if (!n_tokens[seat]) return;
        bool held[4] = {false, false, false, false};
        for (int i = 0; i < n_tokens[seat]; ++i) held[tokens[seat][i]] = true;
        std::array<std::pair<int8_t, int8_t>, 16> spots;
        for (int kind = 0; kind < 4; ++kind) {
            if (!held[kind]) continue;
            for (int t = 0; t < n_tiles; ++t) {
                int n = token_spots(t, spots);
                for (int k = 0; k < n; ++k)
                    if (spots[k].first == kind) out.push_back(token(kind, spots[k].second, tiles[t].pos));
            }
        }
    }

    void choices(int seat, std::vector<uint32_t>& out) const {
        const auto& h = held[seat];
        if (!game->advanced) {
            int n = n_held[seat][0];
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    if (i != j) out.push_back(action(KEEP, uint32_t(h[0][i]) << 6 | uint32_t(h[0][j])));
            return;
        }
        int m = n_held[seat][0], r = n_held[seat][1];
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < m; ++j) {
                if (i == j) continue;
                for (int k = 0; k < r; ++k)
                    for (int l = 0; l < r; ++l)
                        if (k != l)
                            out.push_back(action(BUILD, uint32_t(h[0][i]) << 18 | uint32_t(h[1][k]) << 12 |
                                                            uint32_t(h[0][j]) << 6 | uint32_t(h[1][l])));
            }
    }
    bool has_choices(int seat) const {
        if (!game->advanced) return n_held[seat][0] >= 2;
        return n_held[seat][0] >= 2 && n_held[seat][1] >= 2;
    }

    // --------------------------------------------------------- houses and objectives

    const Mission& mission(int seat) const { return game->missions[now[seat][0]]; }
    const Reward& reward(int seat) const { return game->rewards[now[seat][game->reward_deck()]]; }

    int free_house_symbols(int index) const {
        int free = game->symbols[tiles[index].design][5];
        for (int k = 0; k < n_houses; ++k) free -= houses[k].pos == tiles[index].pos;
        return free;
    }

    // rounds.havens: per island (root) of two tiles or more, whether it has a tile with a
    // free house symbol; roots in the order of their first such tile
    int havens(std::array<int16_t, MAX_TILES>& roots) const {
        int n = 0;
        std::array<uint64_t, MAX_TILES / 64> seen{};
        for (int t = 0; t < n_tiles; ++t) {
            if (free_house_symbols(t) <= 0) continue;
            int r = root_of(t);
            if (seen[r >> 6] >> (r & 63) & 1) continue;
            seen[r >> 6] |= uint64_t(1) << (r & 63);
            if (nodes[r].c[TILES] >= SMALLEST_ISLAND) roots[n++] = int16_t(r);
        }
        return n;
    }
    bool may_build(int seat, int r, const Mission* wanted) const {
        return !(nodes[r].owners >> seat & 1) && (!wanted || fulfils(*wanted, island(r)));
    }

    void houses_for(int seat, std::vector<uint32_t>& out) const {
        if (!n_now[seat] || supply[seat] <= 0) return;
        std::array<int16_t, MAX_TILES> roots;
        int n = havens(roots);
        const Mission& wanted = mission(seat);
        std::array<bool, MAX_TILES> ok{};
        for (int i = 0; i < n; ++i) ok[roots[i]] = may_build(seat, roots[i], &wanted);
        for (int t = 0; t < n_tiles; ++t)  // in the order laid
            if (free_house_symbols(t) > 0 && ok[root_of(t)]) out.push_back(action(HOUSE_AT, tiles[t].pos));
    }

    int prospect(int seat) const {
        if (!n_now[seat] || over || supply[seat] <= 0) return 0;
        std::array<int16_t, MAX_TILES> roots;
        int n = havens(roots);
        const Mission& wanted = mission(seat);
        const Reward& paid = reward(seat);
        std::array<int, MAX_TILES> pays;
        int k = 0;
        for (int i = 0; i < n; ++i)
            if (may_build(seat, roots[i], &wanted)) pays[k++] = points(paid, island(roots[i]));
        std::sort(pays.begin(), pays.begin() + k, std::greater<int>());
        int sum = 0;
        for (int i = 0; i < std::min(k, int(supply[seat])); ++i) sum += pays[i];
        return sum;
    }

    // ------------------------------------------------------------- scores

    int ports_around_ship(int seat) const {
        for (int k = 0; k < n_ships; ++k)
            if (ships[k].second == seat) return ports_around(ships[k].first);
        return 0;
    }
    int discovery_points(int seat) const {
        int sum = 0;
        for (int i = 0; i < n_found[seat]; ++i) sum += game->discovery_values[found[seat][i]];
        return sum;
    }
    int score(int seat) const { return prestige[seat] + discovery_points(seat) + ports_around_ship(seat); }
    int public_score(int seat) const { return prestige[seat] + ports_around_ship(seat); }
    int alexis_score() const { return game->alexis_base + game->alexis_per_house * built[game->players]; }
    double worth(int seat) const { return double(score(seat) + prospect(seat)); }

    void final_returns(std::array<double, MAX_SEATS>& out) const {
        int n = game->players;
        std::array<int, MAX_SEATS> order{};
        for (int s = 0; s < n; ++s) order[s] = s;
        std::stable_sort(order.begin(), order.begin() + n,
                         [&](int a, int b) { return last_tile[a] < last_tile[b]; });
        std::array<int, MAX_SEATS> rank{};
        for (int i = 0; i < n; ++i) rank[order[i]] = i;
        for (int s = 0; s < n; ++s)
            out[s] = double(score(s)) + double(ports_around_ship(s)) / 100 + double(built[s]) / 10000 +
                     double(last_tile[s] >= 0 ? rank[s] : 0) / 1000000;
    }
    void scores(std::vector<double>& out) const {
        out.clear();
        if (over) {
            if (game->solo) {
                out.push_back(double(score(0)));
                return;
            }
            std::array<double, MAX_SEATS> r;
            final_returns(r);
            out.assign(r.begin(), r.begin() + game->players);
            return;
        }
        for (int s = 0; s < game->players; ++s) out.push_back(double(public_score(s)));
    }

    // ------------------------------------------------------------- carrying out

    void end(Ending reason, int seat = -1) {
        over = true;
        ended = reason;
        ended_seat = int8_t(seat);
        depth = 0;
        fresh = false;
        for (int s = 0; s < game->players; ++s)
            for (int i = 0; i < n_found[s]; ++i) {
                int value = game->discovery_values[found[s][i]];
                if (value) line(DISCOVERY_LINE, s, value, found[s][i]);
            }
    }

    int draw_tile(int design) {
        --pool[design];
        if (nav)
            --nav;
        else
            --reserve;
        return design;
    }

    bool fits_start(int start) const {
        return can_place(game->start_sides[start].first) || can_place(game->start_sides[start].second);
    }

    static void remove_first(int8_t* items, int8_t& n, int value) {
        for (int i = 0; i < n; ++i)
            if (items[i] == value) {
                for (int j = i; j + 1 < n; ++j) items[j] = items[j + 1];
                --n;
                return;
            }
    }

    void carry_out(const Step& t, uint32_t a) {
        const Game& g = *game;
        uint32_t f = a & 0xFFFFFF;
        switch (t.kind) {
            case LAYING_START: {
                int design = int(f >> 2) & 0x7F;
                lay(pos_of(f >> 9), design, int(f & 3), t.seat);
                uint8_t left = uint8_t(t.a & ~(1u << g.start_of[design]));
                if (t.b) {
                    while (left && !fits_start(__builtin_ctz(left))) left &= uint8_t(left - 1);
                } else {
                    bool any = false;
                    for (int i = 0; i < 8 && !any; ++i)
                        if (left >> i & 1) any = fits_start(i);
                    if (!any) left = 0;
                }
                if (left) push(Step{LAYING_START, t.seat, left, t.b});
                return;
            }
            case REVEALING:
                row[n_row++] = int8_t(draw_tile(int(f)));
                return;
            case DEALING:
                hands[t.seat][n_hand[t.seat]++] = int8_t(draw_tile(int(f)));
                return;
            case TURN:
                if (kind_of(a) == TAKE) {
                    int8_t n = int8_t(n_row);
                    remove_first(row.data(), n, int(f));
                    n_row = n;
                    hands[t.seat][n_hand[t.seat]++] = int8_t(f);
                    push(Step{PLACING, t.seat, 0, 0});
                } else {
                    land_ship(t.seat, pos_of(f), f >> 13 & 1);
                }
                return;
            case PLACING: {
                int design = int(f >> 2) & 0x7F;
                remove_first(hands[t.seat].data(), n_hand[t.seat], design);
                lay(pos_of(f >> 9), design, int(f & 3), t.seat);
                push(Step{TURN_OVER, t.seat, 0, 0});
                if (n_tokens[t.seat]) push(Step{BONUS, t.seat, 0, 0});
                push(Step{REVEALING, 0, 0, 0});
                return;
            }
            case BONUS:
                if (kind_of(a) == TOKEN) place_token(t.seat, int(f >> 16), int(f >> 14 & 3), pos_of(f));
                return;
            case ALEXIS_TURN:
                alexis_plays(int(f));
                return;
            case DRAWING: {
                int card = int(f & 63), deck = t.a;
                decks[deck] &= ~(uint64_t(1) << card);
                held[t.seat][deck][n_held[t.seat][deck]++] = int8_t(card);
                for (int s = 0; s < g.players; ++s) returned[s][deck] &= ~(uint64_t(1) << card);
                return;
            }
            case CHOOSING:
                keep(t.seat, a);
                return;
            case HOUSING: {
                if (kind_of(a) == DONE) return;
                int r = build(t.seat, pos_of(f));
                push(Step{BUILDING, t.seat, 0, 0});
                take_reward(t.seat, r);
                return;
            }
            case DISCOVERING:
                disc_pool &= ~(uint64_t(1) << f);
                drawn[n_drawn++] = int8_t(f);
                for (int s = 0; s < g.players; ++s) known_returned[s] = 0;
                if (t.a > 1) push(Step{DISCOVERING, t.seat, uint8_t(t.a - 1), 0});
                return;
            case KEEPING:
                keep_token(t.seat, int(f));
                return;
            default:
                return;
        }
    }

    void place_token(int seat, int kind, int over_, int pos) {
        remove_first(tokens[seat].data(), n_tokens[seat], kind);
        placed[n_placed++] = Placed{int16_t(pos), int8_t(seat), int8_t(kind), int8_t(over_)};
        if (kind == PORT_TOKEN) {
            bump(pos, PORT, 1);
            if (n_ships) ports_added(pos, 1, true);
            return;
        }
        bump(pos, FLOWER + kind, 1);
        if (over_) bump(pos, FLOWER + over_ - 1, -1);
    }

    void land_ship(int seat, int pos, bool own) {
        lay(pos, game->ship, 0, seat);
        ships[n_ships++] = {int16_t(pos), int8_t(own ? seat : -1)};
        if (own) {
            int ports = ports_around(pos);
            if (ports) line(LANDED_LINE, seat, ports);
        }
        lander = seat;
        push(Step{RECKONING, int8_t(lander), uint8_t(game->places - 1), 0});
    }

    void begin_turn(int p) {
        if (p == game->players) {
            push(Step{ALEXIS_TURN, 0, 0, 0});
            return;
        }
        listed.clear();
        takes(p, listed);
        landings(p, listed);
        if (listed.empty()) {
            end(STUCK, p);
            return;
        }
        push(Step{TURN, int8_t(p), 0, 0});
        fresh = true;
    }

    void keep(int seat, uint32_t a) {
        uint32_t f = a & 0xFFFFFF;
        if (kind_of(a) == KEEP) {
            n_now[seat] = n_later[seat] = 1;
            now[seat][0] = int8_t(f >> 6);
            later[seat][0] = int8_t(f & 63);
        } else {
            n_now[seat] = n_later[seat] = 2;
            now[seat] = {int8_t(f >> 18 & 63), int8_t(f >> 12 & 63)};
            later[seat] = {int8_t(f >> 6 & 63), int8_t(f & 63)};
        }
        for (int k = 0; k < game->decks; ++k) {
            for (int i = 0; i < n_held[seat][k]; ++i) {
                int card = held[seat][k][i];
                bool kept = (n_now[seat] > k && now[seat][k] == card) || (n_later[seat] > k && later[seat][k] == card);
                if (!kept) {
                    decks[k] |= uint64_t(1) << card;
                    returned[seat][k] |= uint64_t(1) << card;
                }
            }
            n_held[seat][k] = 0;
        }
    }

    void keep_what_there_is(int seat) {
        bool all = true;
        for (int k = 0; k < game->decks; ++k) all = all && n_held[seat][k];
        if (all) {
            n_now[seat] = int8_t(game->decks);
            for (int k = 0; k < game->decks; ++k) {
                int8_t n = n_held[seat][k];
                now[seat][k] = held[seat][k][0];
                remove_first(held[seat][k].data(), n, held[seat][k][0]);
                n_held[seat][k] = n;
            }
        }
        for (int k = 0; k < game->decks; ++k) {
            for (int i = 0; i < n_held[seat][k]; ++i) decks[k] |= uint64_t(1) << held[seat][k][i];
            n_held[seat][k] = 0;
        }
    }

    int build(int p, int pos) {
        houses[n_houses++] = House{int16_t(pos), int8_t(p)};
        houses_at_last = pos;
        --supply[p];
        ++built[p];
        int r = root(tile_at(pos));
        nodes[r].owners |= uint8_t(1 << p);
        return r;
    }

    void take_reward(int seat, int r) {
        const Reward& paid = reward(seat);
        Island shown = island(r);
        int gained = points(paid, shown);
        prestige[seat] = int16_t(prestige[seat] + gained);
        if (gained) line(OBJECTIVE_LINE, seat, gained, now[seat][0], n_now[seat] > 1 ? now[seat][1] : -1, &shown);
        int drawn_ = discoveries(paid, shown);
        earned[n_earned++] = Earned{int8_t(seat), int16_t(houses_at_last), int16_t(gained), int16_t(drawn_)};
        if (drawn_) {
            push(Step{DRAWN, int8_t(seat), 0, 0});
            push(Step{DISCOVERING, int8_t(seat), uint8_t(drawn_), 0});
        }
    }

    void keep_token(int seat, int tok) {
        found[seat][n_found[seat]++] = int8_t(tok);
        int8_t n = int8_t(n_drawn);
        remove_first(drawn.data(), n, tok);
        n_drawn = n;
        for (int i = 0; i < n_drawn; ++i) {
            known_returned[seat] |= uint64_t(1) << drawn[i];
            disc_pool |= uint64_t(1) << drawn[i];
        }
        n_drawn = 0;
    }

    void finish_building(int seat) {
        for (int k = 0; k < n_now[seat]; ++k) {
            int card = now[seat][k];
            decks[k] |= uint64_t(1) << card;
            for (int s = 0; s < game->players; ++s) returned[s][k] |= uint64_t(1) << card;
        }
        n_now[seat] = 0;
        int wanted = game->houses - supply[seat];
        int moved = std::max(0, std::min(wanted, int(stock[seat])));
        supply[seat] = int8_t(supply[seat] + moved);
        stock[seat] = int8_t(stock[seat] - moved);
    }

    void start_round() {
        const Game& g = *game;
        if (reserve < NAVIGATION) return end(STACK_SHORT);
        ++round;
        n_revealed = 0;
        n_earned = 0;
        reserve -= NAVIGATION;
        nav = NAVIGATION;
        push(Step{TURN_OVER, int8_t(((first - 1) % g.places + g.places) % g.places), 0, 0});
        std::array<int, MAX_PLACES> seats{};
        int n = 0;
        for (int i = 0; i < g.places; ++i) {
            int p = ((first + i) % g.places + g.places) % g.places;  // Python's modulo
            if (p < g.players) seats[n++] = p;
        }
        for (int i = n - 1; i >= 0; --i) push(Step{CHOOSING, int8_t(seats[i]), 0, 0});
        for (int i = n - 1; i >= 0; --i)
            for (int k = g.decks - 1; k >= 0; --k)
                for (int j = 0; j < DRAWS; ++j) push(Step{DRAWING, int8_t(seats[i]), uint8_t(k), 0});
        for (int i = 0; i < n; ++i) {
            int s = seats[i];
            for (int k = 0; k < std::min(int(n_later[s]), g.decks); ++k)
                held[s][k][n_held[s][k]++] = later[s][k];
            n_later[s] = 0;
            returned[s] = {0, 0};
        }
    }

    void alexis_plays(int card) {
        expeditions &= ~(uint64_t(1) << card);
        discards[n_discards++] = int8_t(card);
        last_expedition = card;
        if (!expeditions) {
            for (int i = 0; i < n_discards; ++i) expeditions |= uint64_t(1) << discards[i];
            n_discards = 0;
        }
        alexis_tiles.push_back(alexis_carries_out(card));
    }

    int neighbours(int pos) const {
        int n = 0;
        for (int d : game->around) n += tile_at(pos + d) >= 0;
        return n;
    }

    AlexisLaid alexis_carries_out(int card) {
        const Game& g = *game;
        int me = g.players;
        if (g.expedition_land[card] && !nav && grey_ships_left() > 0) {
            int best = -1, most = -1;
            for (int16_t pos : frontier)
                if (pos >= 0 && ship_fits(pos)) {
                    int ports = ports_around(pos);
                    if (ports > most) {
                        most = ports;
                        best = pos;
                    }
                }
            if (best >= 0) {
                lay(best, g.ship, 0, me);
                ships[n_ships++] = {int16_t(best), int8_t(-1)};
                lander = me;
                push(Step{RECKONING, int8_t(lander), uint8_t(g.places - 1), 0});
                return AlexisLaid{int16_t(g.ship), int16_t(best), 0};
            }
        }
        int slot = g.expedition_land[card] ? 1 : g.expedition_slot[card];
        bool join_up = g.expedition_land[card] || !g.expedition_spread[card];
        push(Step{TURN_OVER, int8_t(me), 0, 0});
        if (!n_row) return AlexisLaid{-1, -1, -1};
        int at = std::min(slot, n_row) - 1, design = row[at];
        for (int i = at; i + 1 < n_row; ++i) row[i] = row[i + 1];
        --n_row;
        listed.clear();
        fresh = false;
        placements_of(design, listed);
        AlexisLaid laid{-1, -1, -1};
        if (!listed.empty()) {
            int pick = join_up ? -1 : 1 << 30;
            uint32_t chosen = 0;
            for (uint32_t a : listed) {
                int n = neighbours(pos_of((a & 0xFFFFFF) >> 9));
                if (join_up ? n > pick : n < pick) {
                    pick = n;
                    chosen = a;
                }
            }
            int pos = pos_of((chosen & 0xFFFFFF) >> 9), rotation = int(chosen & 3);
            lay(pos, design, rotation, me);
            laid = AlexisLaid{int16_t(design), int16_t(pos), int16_t(rotation)};
        }
        listed.clear();
        push(Step{REVEALING, 0, 0, 0});
        return laid;
    }

    void alexis_builds() {
        const Game& g = *game;
        int me = g.players;
        // the islands of land tiles (roots in the order of their first tile), the largest first
        std::array<int16_t, MAX_TILES> roots, size{};
        int n = 0;
        std::array<int16_t, MAX_TILES> count{};
        for (int t = 0; t < n_tiles; ++t) {
            if (tiles[t].design == g.ship) continue;
            int r = root_of(t);
            if (!count[r]++) roots[n++] = int16_t(r);
        }
        int k = 0;
        for (int i = 0; i < n; ++i)
            if (count[roots[i]] >= SMALLEST_ISLAND && !(nodes[roots[i]].owners >> me & 1)) {
                roots[k] = roots[i];
                size[k++] = count[roots[i]];
            }
        std::array<int, MAX_TILES> order;
        for (int i = 0; i < k; ++i) order[i] = i;
        std::stable_sort(order.begin(), order.begin() + k, [&](int a, int b) { return size[a] > size[b]; });
        int done = 0;
        for (int i = 0; i < k; ++i) {
            if (done >= g.alexis_houses || supply[me] <= 0) break;
            int r = roots[order[i]];
            for (int t = 0; t < n_tiles; ++t) {
                if (tiles[t].design == g.ship || root_of(t) != r || free_house_symbols(t) <= 0) continue;
                build(me, tiles[t].pos);
                earned[n_earned++] = Earned{int8_t(me), tiles[t].pos, 0, 0};
                ++done;
                break;
            }
        }
    }

    bool can_draw(const Step& t) const {
        switch (t.kind) {
            case REVEALING:
            case DEALING: return nav + reserve > 0;
            case DRAWING: return decks[t.a] != 0;
            case DISCOVERING: return disc_pool != 0;
            default: return expeditions != 0;
        }
    }

    bool proceed(Step t) {
        const Game& g = *game;
        if (is_chance(t.kind)) {
            if (can_draw(t)) return false;
            --depth;
            if (t.kind != DRAWING && t.kind != DISCOVERING) end(NO_TILE);
            return true;
        }
        if (is_decision(t.kind)) {
            if (t.kind == CHOOSING && !has_choices(t.seat)) {
                --depth;
                keep_what_there_is(t.seat);
                return true;
            }
            if (t.kind == BONUS) {
                std::vector<uint32_t>& legal = listed;
                legal.clear();
                options(t, legal);
                fresh = true;
                if (legal.empty()) {
                    --depth;
                    fresh = false;
                    return true;
                }
            }
            return false;
        }
        --depth;
        fresh = false;
        switch (t.kind) {
            case TURN_OVER:
                begin_turn((t.seat + 1) % g.places);
                break;
            case ROUND_START:
                start_round();
                break;
            case RECKONING: {
                int p = t.seat;
                if (t.a)
                    push(Step{RECKONING, int8_t((p + 1) % g.places), uint8_t(t.a - 1), 0});
                else
                    push(Step{ROUND_OVER, 0, 0, 0});
                if (p == g.players) {
                    alexis_builds();
                    break;
                }
                int at = n_revealed;
                for (int i = 0; i < n_revealed; ++i)
                    if (revealed_order[i] == p) at = i;
                if (at == n_revealed) revealed_order[n_revealed++] = int8_t(p);
                n_revealed_cards[p] = n_now[p];
                revealed[p] = now[p];
                push(Step{HOUSING_OVER, int8_t(p), 0, 0});
                push(Step{BUILDING, int8_t(p), 0, 0});
                break;
            }
            case BUILDING: {
                listed.clear();
                if (n_now[t.seat]) houses_for(t.seat, listed);
                if (!listed.empty()) {
                    listed.push_back(action(DONE, 0));
                    push(Step{HOUSING, t.seat, 0, 0});
                    fresh = true;
                }
                break;
            }
            case DRAWN:
                if (n_drawn == 1)
                    keep_token(t.seat, drawn[0]);
                else if (n_drawn)
                    push(Step{KEEPING, t.seat, 0, 0});
                break;
            case HOUSING_OVER:
                finish_building(t.seat);
                break;
            case ROUND_OVER:
                first = lander;
                if (n_ships >= g.ships)
                    end(SHIPS_LAID);
                else
                    push(Step{ROUND_START, 0, 0, 0});
                break;
            default:
                break;
        }
        return true;
    }
};

// ------------------------------------------------------------- the greedy policy
// bots.greedy (the reference), the same choice for the same state and the same calls on
// the generator: ``below(n)`` is its randrange(n). The values are the reference's floats,
// summed in the reference's order.

constexpr double DISCOVERY_WORTH = 3.0, NEXT = 0.5;
constexpr int LAND_PORTS = 2, PAYS_TO_LAND = 8;

struct Weighed {  // an objective with its weight
    const Mission* mission;
    const Reward* reward;
    double weight;
};

// The order a Python set of small non-negative ints (at most 4: its table of 8 slots)
// gives back the items added, as CPython's set_add_entry places them.
inline int python_set_order(const int* items, int n, int* out) {
    std::array<int, 8> slot;
    slot.fill(-1);
    for (int k = 0; k < n; ++k) {
        size_t hash = size_t(items[k]), i = hash & 7, perturb = hash;
        while (slot[i] != -1 && slot[i] != items[k]) {
            perturb >>= 5;
            i = (i * 5 + 1 + perturb) & 7;
        }
        slot[i] = items[k];
    }
    int m = 0;
    for (int v : slot)
        if (v != -1) out[m++] = v;
    return m;
}

class Greedy {
  public:
    const State& s;
    const Game& g;
    int seat;
    std::array<Weighed, 2> objectives{};
    int n_objectives = 0;
    std::array<int, MAX_TILES> free{};  // per root of land tiles: free house symbols
    std::array<bool, MAX_TILES> land{}, mine{};

    Greedy(const State& state, int seat_) : s(state), g(*state.game), seat(seat_) {
        const int decks = g.decks, rd = g.reward_deck();
        if (s.n_now[seat] == decks)
            objectives[n_objectives++] = {&g.missions[s.now[seat][0]], &g.rewards[s.now[seat][rd]], 1.0};
        if (s.n_later[seat] == decks)
            objectives[n_objectives++] = {&g.missions[s.later[seat][0]], &g.rewards[s.later[seat][rd]], NEXT};
        for (int t = 0; t < s.n_tiles; ++t) {
            if (s.tiles[t].design == g.ship) continue;
            int r = s.root_of(t);
            land[r] = true;
            free[r] += s.free_house_symbols(t);
        }
        for (int r = 0; r < s.n_tiles; ++r) mine[r] = land[r] && (s.nodes[r].owners >> seat & 1);
    }

    double pays(const Mission& m, const Reward& r, const Island& shown) const {
        if (shown.c[TILES] < SMALLEST_ISLAND || !fulfils(m, shown)) return 0.0;
        if (r.kind == 4) {
            int temple = shown.c[TEMPLE];
            return DISCOVERY_WORTH * double(std::min(temple, popcount(s.disc_pool))) / double(std::max(temple, 1));
        }
        return double(points(r, shown));
    }
    double worth(const Island& shown, int free_, bool mine_) const {
        if (free_ <= 0 || mine_) return 0.0;
        double total = 0.0;
        for (int k = 0; k < n_objectives; ++k)
            total += objectives[k].weight * pays(*objectives[k].mission, *objectives[k].reward, shown);
        return total;
    }

    // a placement's design and square, and the islands its land edges join (set order)
    int joining(uint32_t a, int& design, int& pos, int* roots) const {
        uint32_t f = a & 0xFFFFFF;
        design = int(f >> 2) & 0x7F;
        pos = pos_of(f >> 9);
        const auto& face = g.faces[design][f & 3];
        int found[4], n = 0;
        for (int e = 0; e < 4; ++e) {
            int t = s.tile_at(pos + g.step[e]);
            if (t >= 0 && face[e] == LAND) found[n++] = s.root_of(t);
        }
        return python_set_order(found, n, roots);
    }

    double start_value(uint32_t a) const {
        int design, pos, roots[4];
        int n = joining(a, design, pos, roots);
        int tiles = 1, houses = g.symbols[design][5], free_ = houses, before = 0;
        for (int i = 0; i < n; ++i) {
            tiles += s.nodes[roots[i]].c[TILES];
            free_ += free[roots[i]];
            before += s.nodes[roots[i]].c[TILES] >= SMALLEST_ISLAND && free[roots[i]];
        }
        int after = tiles >= SMALLEST_ISLAND && free_ ? 1 : 0;
        return double(after - before) + 0.1 * houses + 0.01 * s.neighbours(pos);
    }

    double place_value(uint32_t a) const {
        int design, pos, roots[4];
        int n = joining(a, design, pos, roots);
        Island joined;
        joined.c[TILES] = 1;
        for (int k = 0; k < 6; ++k) joined.c[k + 1] = g.symbols[design][k];
        int free_ = g.symbols[design][5];
        double before = 0.0;
        bool any_mine = false;
        for (int i = 0; i < n; ++i) {
            Island shown = s.island(roots[i]);
            before += worth(shown, free[roots[i]], mine[roots[i]]);
            for (int k = 0; k < COUNTS; ++k) joined.c[k] += shown.c[k];
            free_ += free[roots[i]];
            any_mine = any_mine || mine[roots[i]];
        }
        return worth(joined, free_, any_mine) - before + 0.05 * s.neighbours(pos);
    }

    double best_placement(int design) const {
        std::vector<uint32_t> placements;
        s.placements_of(design, placements);
        double best = -__builtin_inf();
        bool any = false;
        for (uint32_t p : placements) {
            double v = place_value(p);
            if (!any || v > best) best = v;
            any = true;
        }
        return best;
    }

    double keep_value(uint32_t a) const {
        uint32_t f = a & 0xFFFFFF;
        std::array<Weighed, 2> kept;
        if (kind_of(a) == KEEP) {
            kept = {Weighed{&g.missions[f >> 6], &g.rewards[f >> 6], 1.0},
                    Weighed{&g.missions[f & 63], &g.rewards[f & 63], NEXT}};
        } else {
            kept = {Weighed{&g.missions[f >> 18 & 63], &g.rewards[f >> 12 & 63], 1.0},
                    Weighed{&g.missions[f >> 6 & 63], &g.rewards[f & 63], NEXT}};
        }
        double total = 0.0;
        for (int r = 0; r < s.n_tiles; ++r) {  // the islands by root, in order
            if (!land[r]) continue;
            Island shown = s.island(r);
            double sum = 0.0;
            for (const Weighed& w : kept) sum += w.weight * pays(*w.mission, *w.reward, shown);
            total += sum;
        }
        return total;
    }

    double token_value(uint32_t a) const {
        if (kind_of(a) != TOKEN) return 0.0;
        uint32_t f = a & 0xFFFFFF;
        int kind = int(f >> 16), over = int(f >> 14 & 3), pos = pos_of(f);
        int r = s.root_of(s.tile_at(pos));
        Island shown = s.island(r);
        double before = worth(shown, free[r], mine[r]);
        double bonus = 0.0;
        if (kind == PORT_TOKEN) {
            ++shown.c[PORT];
            for (int k = 0; k < s.n_ships; ++k)
                if (s.ships[k].second == seat) {
                    for (int d : g.around)
                        if (pos - s.ships[k].first == d) bonus = 1.0;
                    break;
                }
        } else {
            ++shown.c[FLOWER + kind];
            if (over) --shown.c[FLOWER + over - 1];
        }
        return worth(shown, free[r], mine[r]) - before + bonus - 0.01;
    }

    double house_value(uint32_t a) const {
        if (kind_of(a) != HOUSE_AT) return 0.0;
        Island shown = s.island(s.root_of(s.tile_at(pos_of(a))));
        return 1.0 + pays(s.mission(seat), s.reward(seat), shown);
    }
};

// bots._best: the best value's action, ties broken by ``below``
template <class Value, class Below>
uint32_t best_of(const std::vector<uint32_t>& legal, Value value, Below& below) {
    std::vector<double> values;
    values.reserve(legal.size());
    double top = -__builtin_inf();
    for (size_t i = 0; i < legal.size(); ++i) {
        values.push_back(value(legal[i]));
        if (i == 0 || values[i] > top) top = values[i];
    }
    std::vector<uint32_t> best;
    for (size_t i = 0; i < legal.size(); ++i)
        if (values[i] >= top - 1e-9) best.push_back(legal[i]);
    return best.size() == 1 ? best[0] : best[size_t(below(int(best.size())))];
}

// bots._turn (and _landing): explore, or land a ship
template <class Below>
uint32_t greedy_turn(const State& s, int seat, const std::vector<uint32_t>& legal, Below& below) {
    const Game& g = *s.game;
    std::vector<uint32_t> takes, lands, own;
    for (uint32_t a : legal) (kind_of(a) == TAKE ? takes : lands).push_back(a);
    if (!lands.empty()) {
        for (uint32_t a : lands)
            if (a >> 13 & 1) own.push_back(a);
        int ships_left = g.ships - s.n_ships;
        bool short_ = s.reserve < NAVIGATION * ships_left, can_explore = !takes.empty();
        auto ports = [&](uint32_t a) { return double(s.ports_around(pos_of(a))); };
        if (!own.empty()) {
            uint32_t best = best_of(own, ports, below);
            if (ports(best) >= LAND_PORTS || !can_explore || short_ || s.prospect(seat) >= PAYS_TO_LAND)
                return best;
        } else if (!can_explore || s.prospect(seat) > 0) {
            return lands[size_t(below(int(lands.size())))];
        }
    }
    if (takes.empty()) return lands[size_t(below(int(lands.size())))];
    Greedy seen(s, seat);
    std::array<int8_t, MAX_HAND> designs;
    int n;
    s.distinct_hand(seat, designs, n);
    double hand = -__builtin_inf();
    for (int i = 0; i < n; ++i) hand = std::max(hand, seen.best_placement(designs[i]));
    return best_of(takes, [&](uint32_t a) { return std::max(hand, seen.best_placement(int(a & 0xFFFFFF))); },
                   below);
}

// bots.greedy: the action greedy plays at a decision (``legal``: its legal actions)
template <class Below>
uint32_t greedy(const State& s, const std::vector<uint32_t>& legal, Below& below) {
    const Game& g = *s.game;
    int seat = s.current_player();
    const Step& t = s.top();
    switch (t.kind) {
        case CHOOSING: {
            Greedy seen(s, seat);
            return best_of(legal, [&](uint32_t a) { return seen.keep_value(a); }, below);
        }
        case LAYING_START:
        case PLACING: {
            Greedy seen(s, seat);
            if (t.kind == LAYING_START)
                return best_of(legal, [&](uint32_t a) { return seen.start_value(a); }, below);
            return best_of(legal, [&](uint32_t a) { return seen.place_value(a); }, below);
        }
        case TURN:
            return greedy_turn(s, seat, legal, below);
        case BONUS: {
            Greedy seen(s, seat);
            return best_of(legal, [&](uint32_t a) { return seen.token_value(a); }, below);
        }
        case HOUSING: {
            Greedy seen(s, seat);
            return best_of(legal, [&](uint32_t a) { return seen.house_value(a); }, below);
        }
        case KEEPING:
            return best_of(legal, [&](uint32_t a) { return double(g.discovery_values[a & 0xFFFFFF]); }, below);
        default:
            return legal[size_t(below(int(legal.size())))];
    }
}

// A random game from here to its end, natively: every legal action listed at each
// decision and one chosen uniformly, each chance outcome with its weight; -1 where a step
// waits on nothing (a position restored from a malformed record).
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

inline long play_out(State& state, Rng& rng, std::vector<uint32_t>& legal,
                     std::vector<std::pair<uint32_t, int>>& outcomes) {
    long decisions = 0;
    while (!state.over) {
        if (state.chance()) {
            const Step& t = state.top();
            if (!state.can_draw(t)) return -1;
            if (t.kind == REVEALING || t.kind == DEALING) {
                state.apply(state.tile_drawn(rng.below(state.nav + state.reserve)));
            } else {
                state.outcomes(outcomes);
                state.apply(outcomes[size_t(rng.below(int(outcomes.size())))].first);
            }
            continue;
        }
        state.legal(legal);
        if (legal.empty()) return -1;
        state.apply(legal[size_t(rng.below(int(legal.size())))]);
        ++decisions;
    }
    return decisions;
}

}  // namespace small_islands
