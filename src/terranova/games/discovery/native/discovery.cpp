// terranova.games.discovery._native: the C++ engine of discovery.hpp for Python
// (native_engine.py wraps it in the state protocol).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <stdexcept>
#include <memory>
#include <unordered_map>

#include "batch.hpp"
#include "discovery.hpp"
#include "observe.hpp"
#include "generator.hpp"
#include "search.hpp"

namespace nb = nanobind;
using namespace discovery;

using Rows = std::vector<std::vector<int>>;

namespace {

Game make_game(int players, int hand, int to_set_aside, int start,
               const std::vector<int>& stack, const Rows& terrain, const Rows& edges,
               const Rows& cities, const std::vector<Rows>& grass, const std::vector<Rows>& edge_region,
               const std::vector<Rows>& adds, const std::vector<nb::bytes>& masks,
               const nb::bytes& cells, int stride, int origin) {
    Game g;
    if (players < 2 || players > MAX_SEATS) throw std::invalid_argument("2 to 5 players");
    if (hand < 1 || hand > MAX_HAND) throw std::invalid_argument("1 to 4 tiles in hand");
    g.players = players;
    g.hand = hand;
    g.to_set_aside = to_set_aside;
    g.start = start;
    g.designs = int(terrain.size());
    // the native engine's numbers: a design in 8 bits of an action, a node in 16 bits
    if (g.designs < 1 || g.designs > MAX_DESIGNS)
        throw std::invalid_argument("1 to 256 designs for the native engine");
    size_t n_designs = size_t(g.designs);
    if (stack.size() != n_designs || edges.size() != n_designs || cities.size() != n_designs ||
        grass.size() != n_designs || edge_region.size() != n_designs ||
        adds.size() != n_designs || masks.size() != n_designs)
        throw std::invalid_argument("one entry a design in every table");
    if (start < 0 || start >= g.designs) throw std::invalid_argument("no such start tile");
    if (stride < 3 || cells.size() % size_t(stride) || cells.size() >= (size_t(1) << 18) ||
        origin < 0 ||
        size_t(origin) >= cells.size() || static_cast<const uint8_t*>(cells.data())[origin] != 2)
        throw std::invalid_argument("a table whose origin lies inside it");
    long total = 1, all_cities = 0;
    for (int d = 0; d < g.designs; ++d) {
        if (stack[d] < 0 || stack[d] > MAX_TILES) throw std::invalid_argument("a tile count");
        g.stack.push_back(int16_t(stack[d]));
        total += stack[d];
        long on_tile = 0;
        for (int c : cities[d]) on_tile += c;
        all_cities += on_tile * (stack[d] + (d == start));
    }
    g.stack_size = int(total - 1);
    if (total > MAX_TILES) throw std::invalid_argument("too many tiles for the native engine");
    if (all_cities > MAX_CITIES)
        throw std::invalid_argument("too many port cities for the native engine");
    for (int d = 0; d < g.designs; ++d) {
        int n = int(terrain[d].size());
        if (n < 1 || n > MAX_REGIONS) throw std::invalid_argument("1 to 8 regions a design");
        if (edges[d].size() != size_t(n) || cities[d].size() != size_t(n) ||
            grass[d].size() != size_t(n) || edge_region[d].size() != 4 || adds[d].size() != 4)
            throw std::invalid_argument("one entry a region, and a row a rotation");
        for (int rot = 0; rot < 4; ++rot) {
            if (edge_region[d][rot].size() != 4 || adds[d][rot].size() != 4)
                throw std::invalid_argument("a value an edge");
            for (int k = 0; k < 4; ++k)
                if (edge_region[d][rot][k] < 0 || edge_region[d][rot][k] >= n ||
                    adds[d][rot][k] < 0 || adds[d][rot][k] > 256)
                    throw std::invalid_argument("an edge's region or constraint");
        }
        for (int r = 0; r < n; ++r) {
            if (terrain[d][r] < 0 || terrain[d][r] > SEA || edges[d][r] < 0 ||
                edges[d][r] > 4 || cities[d][r] < 0 || cities[d][r] > 255)
                throw std::invalid_argument("a region's terrain, edges or cities");
            for (int x : grass[d][r])
                if (x < 0 || x >= n) throw std::invalid_argument("a touch of no region");
        }
        g.regions.push_back(uint8_t(n));
        std::array<uint8_t, 8> t{}, e{}, c{};
        std::array<std::vector<uint8_t>, 8> near{};
        for (int r = 0; r < n; ++r) {
            t[r] = uint8_t(terrain[d][r]);
            e[r] = uint8_t(edges[d][r]);
            c[r] = uint8_t(cities[d][r]);
            for (int x : grass[d][r]) near[r].push_back(uint8_t(x));
        }
        g.terrain.push_back(t);
        g.edges.push_back(e);
        g.cities.push_back(c);
        g.grass.push_back(near);
        std::array<std::array<uint8_t, 4>, 4> owner{};
        std::array<std::array<uint16_t, 4>, 4> add{};
        for (int rot = 0; rot < 4; ++rot)
            for (int k = 0; k < 4; ++k) {
                owner[rot][k] = uint8_t(edge_region[d][rot][k]);
                add[rot][k] = uint16_t(adds[d][rot][k]);
            }
        g.edge_region.push_back(owner);
        g.adds.push_back(add);
        std::array<uint8_t, 257> m{};
        if (masks[d].size() != 257) throw std::invalid_argument("a mask table of 257 codes");
        const auto* bytes = static_cast<const uint8_t*>(masks[d].data());
        std::copy(bytes, bytes + 257, m.begin());
        g.masks.push_back(m);
    }
    const auto* c = static_cast<const uint8_t*>(cells.data());
    g.cells.assign(c, c + cells.size());
    g.stride = stride;
    g.origin = origin;
    g.step = {-stride, 1, stride, -1};
    return g;
}

std::vector<uint32_t> legal_of(const State& s) {
    std::vector<uint32_t> out;
    s.legal(out);
    return out;
}

nb::dict record_of(const State& s) {
    nb::dict r;
    r["step"] = int(s.step);
    r["step_seat"] = int(s.step_seat);
    r["to_move"] = int(s.to_move);
    r["pending"] = int(s.pending);
    r["last"] = int(s.last);
    r["turns"] = int(s.turns);
    r["ply"] = s.ply;
    r["just"] = std::make_tuple(s.just_pos, s.just_design, s.just_base);
    std::vector<int> supply, scores;
    std::vector<std::vector<int>> hands;
    for (int p = 0; p < s.game->players; ++p) {
        supply.push_back(s.supply[p]);
        scores.push_back(s.scores[p]);
        hands.emplace_back(s.hands[p].begin(), s.hands[p].begin() + s.held[p]);
    }
    r["supply"] = supply;
    r["scores"] = scores;
    r["hands"] = hands;
    r["bag"] = std::vector<int>(s.bag.begin(), s.bag.end());
    r["set_aside"] = std::vector<int>(s.set_aside_tiles.begin(), s.set_aside_tiles.end());
    r["discarded"] = std::vector<int>(s.discarded.begin(), s.discarded.end());
    std::vector<std::pair<int, int>> followers;
    for (const Follower& f : s.followers) followers.emplace_back(f.node, f.seat);
    r["followers"] = followers;
    std::vector<std::tuple<int, int, int>> tiles;
    for (const Tile& t : s.tiles) tiles.emplace_back(t.pos, t.design, t.rotation);
    r["tiles"] = tiles;
    std::vector<std::tuple<int, int, int, int, bool, int, int, bool, int>> sheet;
    for (const Scored& e : s.sheet)
        sheet.emplace_back(e.seat, e.points, e.terrain, e.tiles, e.complete, e.cities, e.near,
                           e.final, e.ply);
    r["sheet"] = sheet;
    return r;
}

int item(const nb::dict& r, const char* key) { return nb::cast<int>(r[key]); }

template <class T>
T field(const nb::dict& r, const char* key) {
    return nb::cast<T>(r[key]);
}

void check(bool ok, const char* what) {
    if (!ok) throw nb::value_error(what);
}

// A state from a position record (rules.py, DiscoveryState.position): its tiles laid again
// in order, then the rest as recorded, each number checked against the game's bounds.
State restore(const Game* game, const nb::dict& r) {
    const Game& g = *game;
    State s(game, false);
    auto tiles = field<std::vector<std::tuple<int, int, int>>>(r, "tiles");
    check(!tiles.empty() && int(tiles.size()) <= g.stack_size + 1, "a record's tiles");
    for (auto [pos, design, rotation] : tiles) {
        check(pos > 0 && size_t(pos) < g.cells.size() && g.cells[pos] && s.tile_at(pos) < 0,
              "a record's tile off the table or on another");
        check(design >= 0 && design < g.designs && rotation >= 0 && rotation < 4,
              "a record's tile design or rotation");
        s.place_tile(design, pos, rotation);
    }
    for (auto [node, seat] : field<std::vector<std::pair<int, int>>>(r, "followers")) {
        check(node >= 0 && node < int(s.nodes.size()) && seat >= 0 && seat < g.players,
              "a record's follower");
        s.followers.push_back(Follower{int16_t(node), int8_t(seat)});
        ++s.nodes[s.find(node)].crowd;
    }
    int step = item(r, "step");
    check(step >= 0 && step <= OVER, "a record's step");
    s.step = Step(step);
    int step_seat = item(r, "step_seat"), to_move = item(r, "to_move");
    check(step_seat >= 0 && step_seat < g.players && to_move >= 0 && to_move < g.players,
          "a record's seats");
    s.step_seat = int8_t(step_seat);
    s.to_move = int8_t(to_move);
    int pending = item(r, "pending"), last = item(r, "last"), turns = item(r, "turns");
    // (pending: the draws of set-up still to come, which a short stack may leave undrawn)
    check(pending >= 0 && pending <= std::max(g.stack_size, g.hand * g.players) &&
              last >= -1 && last < int(tiles.size()) &&
              turns >= 0 && turns <= g.stack_size,
          "a record's counts");
    s.pending = int16_t(pending);
    s.last = int16_t(last);
    s.turns = int16_t(turns);
    s.ply = item(r, "ply");
    auto [pos, design, base] = field<std::tuple<int, int, int>>(r, "just");
    check(design >= 0 && design < g.designs && base >= 0 &&
              base + g.regions[design] <= int(s.nodes.size()) && s.tile_at(pos) >= 0,
          "a record's tile just placed");
    s.just_pos = pos;
    s.just_design = design;
    s.just_base = base;
    auto supply = field<std::vector<int>>(r, "supply");
    auto scores = field<std::vector<int>>(r, "scores");
    auto hands = field<std::vector<std::vector<int>>>(r, "hands");
    check(int(supply.size()) == g.players && int(scores.size()) == g.players &&
              int(hands.size()) == g.players,
          "a record's entries, one a seat");
    for (int p = 0; p < g.players; ++p) {
        check(supply[p] >= 0 && supply[p] <= FOLLOWERS_IN_SUPPLY, "a record's supply");
        check(int(hands[p].size()) <= g.hand, "a record's hand");
        s.supply[p] = int8_t(supply[p]);
        s.scores[p] = scores[p];
        s.held[p] = int8_t(hands[p].size());
        for (size_t i = 0; i < hands[p].size(); ++i) {
            check(hands[p][i] >= 0 && hands[p][i] < g.designs, "a record's tile in hand");
            s.hands[p][i] = int16_t(hands[p][i]);
        }
    }
    auto bag = field<std::vector<int>>(r, "bag");
    check(int(bag.size()) == g.designs, "a record's stack, one count a design");
    s.bag_total = 0;
    for (int d = 0; d < g.designs; ++d) {
        check(bag[d] >= 0 && bag[d] <= g.stack[d], "a record's stack");
        s.bag[d] = int16_t(bag[d]);
        s.bag_total += bag[d];
    }
    for (int d : field<std::vector<int>>(r, "set_aside")) {
        check(d >= 0 && d < g.designs, "a record's tile set aside");
        s.set_aside_tiles.push_back(int16_t(d));
    }
    for (int d : field<std::vector<int>>(r, "discarded")) {
        check(d >= 0 && d < g.designs, "a record's discarded tile");
        s.discarded.push_back(int16_t(d));
    }
    for (auto [seat, points, terrain, tiles_, complete, cities, near, final, ply] :
         field<std::vector<std::tuple<int, int, int, int, bool, int, int, bool, int>>>(r, "sheet")) {
        check(seat >= 0 && seat < g.players && terrain >= 0 && terrain <= SEA,
              "a record's score sheet");
        s.sheet.push_back(Scored{int8_t(seat), int16_t(points), uint8_t(terrain), int16_t(tiles_),
                                 complete, int16_t(cities), int16_t(near), final, ply});
    }
    return s;
}

// The Python objects of a configuration's actions, both ways: made by the Python side
// (``make``: number -> action, ``encode``: action -> number or None) once each and kept, so
// that an action's object is the same in both engines and found by its address.
struct Actions {
    nb::object make, encode, refuse, game;
    const Game* native;
    nb::object native_ref;
    // number -> object: placements in a row per square (as the kit's TileTables.rows),
    // 4 * design + rotation, made when the square is first met; the others in a map
    std::vector<std::unique_ptr<PyObject*[]>> rows;
    std::unordered_map<uint32_t, PyObject*> by_code;
    std::unordered_map<PyObject*, uint32_t> by_object;

    Actions(nb::object native_game, nb::object game_, nb::object make_, nb::object encode_,
            nb::object refuse_)
        : make(std::move(make_)), encode(std::move(encode_)), refuse(std::move(refuse_)),
          game(std::move(game_)), native(nb::cast<const Game*>(native_game)),
          native_ref(std::move(native_game)) {}
    Actions(const Actions&) = delete;
    ~Actions() {
        for (auto& [object, code] : by_object) Py_DECREF(object);
    }

    PyObject* action(uint32_t code) {
        PyObject** slot;
        if (kind_of(code) == PLACE) {
            size_t pos = (code >> 10) & 0x3FFFF;
            if (pos >= rows.size()) rows.resize(pos + 1);
            auto& row = rows[pos];
            if (!row) {
                size_t n = 4 * size_t(native->designs);
                row.reset(new PyObject*[n]);
                std::fill(row.get(), row.get() + n, nullptr);
            }
            slot = &row[code & 0x3FF];
        } else {
            slot = &by_code[code];
        }
        if (!*slot) {
            PyObject* made = make(code).release().ptr();
            auto [kept, fresh] = by_object.emplace(made, code);
            if (!fresh) Py_DECREF(made);  // an object met under another number: kept once
            *slot = kept->first;
        }
        return *slot;
    }

    // The number of an action, or -1: not one the engine knows.
    int64_t code(nb::handle action) {
        auto found = by_object.find(action.ptr());
        if (found != by_object.end()) return found->second;
        nb::object code = encode(action);
        return code.is_none() ? -1 : int64_t(nb::cast<uint32_t>(code));
    }
};

// A game in the state protocol: the native state, its actions' objects and its history.
struct Play {
    State s;
    Actions* actions;
    nb::object actions_ref;
    std::vector<nb::object> history;

    Play(State state, nb::object actions_)
        : s(std::move(state)), actions(nb::cast<Actions*>(actions_)),
          actions_ref(std::move(actions_)) {}
};

using Self = nb::pointer_and_handle<Play>;

// A new instance of self's own class (a Python subclass keeps its class).
nb::object made_like(nb::handle type, Play&& play) {
    nb::object out = nb::inst_alloc(type);
    new (nb::inst_ptr<Play>(out)) Play(std::move(play));
    nb::inst_mark_ready(out);
    return out;
}

nb::list listed(Play& p, const std::vector<uint32_t>& codes) {
    PyObject* made = PyList_New(Py_ssize_t(codes.size()));
    if (!made) throw nb::python_error();
    nb::list out = nb::steal<nb::list>(made);  // freed (its empty slots too) on an error
    for (size_t i = 0; i < codes.size(); ++i) {
        PyObject* action = p.actions->action(codes[i]);
        Py_INCREF(action);
        PyList_SET_ITEM(made, Py_ssize_t(i), action);
    }
    return out;
}

// The draws of a resample from a Python generator of the caller's: what it gives back is
// checked, never trusted.
struct PythonDraws {
    nb::handle rng;

    // ``tiles`` (sorted) in the order the generator's own shuffle gives them
    void shuffle(std::vector<int>& tiles) {
        nb::list shuffled;
        for (int d : tiles) shuffled.append(d);
        rng.attr("shuffle")(shuffled);
        if (nb::len(shuffled) != tiles.size())
            throw nb::value_error("the generator's shuffle lost tiles");
        std::vector<int> before = tiles;
        for (size_t i = 0; i < tiles.size(); ++i) tiles[i] = nb::cast<int>(shuffled[i]);
        std::vector<int> after = tiles;
        std::sort(after.begin(), after.end());
        if (after != before) throw nb::value_error("the generator's shuffle changed the tiles");
    }

    int below(size_t n) {
        int k = nb::cast<int>(rng.attr("randrange")(n));
        if (k < 0 || size_t(k) >= n)
            throw nb::value_error("the generator's randrange gave a number out of range");
        return k;
    }
};

// The same draws from Python's generator replayed natively (a native search's own copy).
struct NativeDraws {
    terranova::PyRandom& rng;

    void shuffle(std::vector<int>& tiles) {  // random.shuffle
        for (size_t i = tiles.size(); i-- > 1;) std::swap(tiles[i], tiles[size_t(rng.below(int(i + 1)))]);
    }
    int below(size_t n) { return rng.below(int(n)); }
};

// What seat cannot see, the other hands and the stack, drawn again consistently with what
// it saw (rules.py, DiscoveryState.redraw_unseen: the same calls on the same generator).
template <class Draws>
void redraw_unseen(State& s, int seat, Draws& draws) {
    const Game& g = *s.game;
    auto true_hands = s.hands;
    auto true_held = s.held;
    auto true_bag = s.bag;
    std::vector<int> pool;
    for (int d = 0; d < g.designs; ++d)
        for (int k = 0; k < s.bag[d]; ++k) pool.push_back(d);
    for (int p = 0; p < g.players; ++p)
        if (p != seat)
            for (int i = 0; i < s.held[p]; ++i) pool.push_back(s.hands[p][i]);
    std::sort(pool.begin(), pool.end());
    draws.shuffle(pool);
    size_t taken = 0;
    for (int p = 0; p < g.players; ++p)
        if (p != seat)
            for (int i = 0; i < s.held[p]; ++i) s.hands[p][i] = int16_t(pool[taken++]);
    pool.erase(pool.begin(), pool.begin() + long(taken));
    bool kept_true = false;
    int mover = s.to_move;
    if (s.step == PLACING && mover != seat) {
        // the seat to move kept only tiles it can place: its redrawn hand must be placeable
        auto& hand = s.hands[mover];
        for (int i = 0; i < s.held[mover]; ++i) {
            int design = hand[i];
            if (s.can_place(design)) continue;
            std::vector<int> swaps;
            for (size_t j = 0; j < pool.size(); ++j)
                if (s.can_place(pool[j])) swaps.push_back(int(j));
            if (swaps.empty()) {  // nothing else fits: the true hand is the only one
                s.hands[mover] = true_hands[mover];
                s.held[mover] = true_held[mover];
                // the other hands dealt again from the unseen tiles but the mover's
                // (rules.py, _redeal): the generator is asked only if there are such hands
                std::vector<int> rest;
                for (int d = 0; d < g.designs; ++d)
                    for (int k = 0; k < true_bag[d]; ++k) rest.push_back(d);
                bool others = false;
                for (int p = 0; p < g.players; ++p)
                    if (p != seat && p != mover) {
                        others = true;
                        for (int k = 0; k < true_held[p]; ++k) rest.push_back(true_hands[p][k]);
                    }
                if (others) {
                    std::sort(rest.begin(), rest.end());
                    draws.shuffle(rest);
                    size_t dealt = 0;
                    for (int p = 0; p < g.players; ++p)
                        if (p != seat && p != mover)
                            for (int k = 0; k < true_held[p]; ++k)
                                s.hands[p][k] = int16_t(rest[dealt++]);
                    rest.erase(rest.begin(), rest.begin() + long(dealt));
                }
                std::fill(s.bag.begin(), s.bag.end(), 0);
                for (int d : rest) ++s.bag[d];
                kept_true = true;
                break;
            }
            int j = swaps[size_t(draws.below(swaps.size()))];
            hand[i] = int16_t(pool[j]);
            pool[j] = design;
        }
    }
    if (!kept_true) {
        std::fill(s.bag.begin(), s.bag.end(), 0);
        for (int d : pool) ++s.bag[d];
    }
    s.fresh = false;
}

// ------------------------------------------------------------ many games at once

// Many games of one configuration, stepped together (interop/vector.py's native side):
// chance from each game's own Python generator, drawn as the reference draws; the
// observations, masks and seats written straight into the caller's arrays.
struct Batch : terranova::BatchGames {
    const Game* game;
    nb::object game_ref;
    Compact c;
    std::vector<State> states;
    std::vector<uint32_t> legal;

    Batch(nb::object native, Compact compact, int games, int64_t max_steps_)
        : BatchGames(games, max_steps_), game(nb::cast<const Game*>(native)),
          game_ref(std::move(native)), c(std::move(compact)) {
        states.reserve(size_t(games));
        for (int i = 0; i < games; ++i) states.emplace_back(game);
    }

    size_t games() const { return states.size(); }
    int observation_size() const { return c.size; }
    int num_actions() const { return c.actions; }
    int seats() const { return game->players; }
    bool over(size_t i) const { return states[i].over(); }
    void play(size_t i, uint32_t action) {
        states[i].apply(action);
        play_chance(i);
    }
    void returns(size_t i, double* row) const {
        for (int p = 0; p < game->players; ++p) row[p] = states[i].scores[p];
    }
    std::vector<int64_t> legal_indices(size_t i) { return indices(i); }

    void play_chance(size_t i) {
        State& s = states[i];
        static PyObject* randrange = PyUnicode_InternFromString("randrange");  // kept
        while (s.chance() && !s.over()) {
            int k = nb::cast<int>(rngs[i].attr(randrange)(s.bag_total));
            if (k < 0 || k >= s.bag_total)
                throw nb::value_error("the generator's randrange gave a number out of range");
            s.apply(s.tile_drawn(k));
        }
    }

    void restart(size_t i) {
        states[i] = State(game);
        steps[i] = 0;
        play_chance(i);
        if (states[i].over())  // as the Python tables refuse a seat that is not one
            throw nb::value_error("a game of this tile set ends before any seat decides");
    }

    // The action of compact index ``index`` in game i, or NO_ACTION: none legal.
    uint32_t decode(size_t i, int64_t index) {
        const std::vector<uint32_t>& all = states[i].listed_legal();
        int64_t places = -1, removes = -1;
        for (uint32_t a : all) {
            uint32_t kind = kind_of(a);
            if (kind == PLACE && index == c.place_at + ++places) return a;
            if (kind == REMOVE && index == c.remove_at + ++removes) return a;
            if (kind == DEPLOY && index == c.deploy_at + int64_t(a & 0xFFFFFFF)) return a;
            if (kind == PASS && index == c.pass_at) return a;
        }
        return terranova::NO_ACTION;
    }

    std::vector<int64_t> indices(size_t i) {
        std::vector<int64_t> out;
        if (states[i].chance()) return out;  // chance to move (or over): no seat's indices
        int64_t places = 0, removes = 0;
        for (uint32_t a : states[i].listed_legal()) {
            uint32_t kind = kind_of(a);
            if (kind == PLACE)
                out.push_back(c.place_at + places++);
            else if (kind == REMOVE)
                out.push_back(c.remove_at + removes++);
            else if (kind == DEPLOY)
                out.push_back(c.deploy_at + int64_t(a & 0xFFFFFFF));
            else
                out.push_back(c.pass_at);
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    // Game i's seat to move's observation, mask and seat.
    void write(size_t i, float* obs, int8_t* mask, int64_t* current) {
        const State& s = states[i];
        int me = s.current_player();
        current[i] = me;
        write_compact(c, s, me, obs + i * size_t(c.size));
        const std::vector<uint32_t>& all = s.listed_legal();
        int8_t* m = mask + i * size_t(c.actions);
        std::fill(m, m + c.actions, int8_t(0));
        int64_t places_i = 0, removes_i = 0;
        for (uint32_t a : all) {
            uint32_t kind = kind_of(a);
            int64_t index = kind == PLACE    ? c.place_at + places_i++
                            : kind == REMOVE ? c.remove_at + removes_i++
                            : kind == DEPLOY ? c.deploy_at + int64_t(a & 0xFFFFFFF)
                                             : c.pass_at;
            m[index] = 1;
        }
    }
};

// ------------------------------------------------------------- observations

// An encoding's figures (encoding.py, native_figures, with the planes' places added by
// native_state.py), read and checked against the game: each plane the size the writer
// fills, inside the observation.
struct Figures {
    const nb::dict& f;
    const Game& g;
    int size;

    Figures(const nb::dict& figures, const Game& game)
        : f(figures), g(game), size(nb::cast<int>(figures["size"])) {
        if (size < 1) throw nb::value_error("an observation of at least one number");
    }
    int get(const char* key) const { return nb::cast<int>(f[key]); }
    // where plane ``name`` starts, checked to hold ``numbers`` inside the observation
    int plane(const char* name, long numbers) const {
        auto [at, declared] = nb::cast<std::pair<int, long>>(nb::cast<nb::dict>(f["planes"])[name]);
        if (declared != numbers || at < 0 || at + numbers > size)
            throw nb::value_error("a plane of another size than the game's, or beyond the "
                                  "observation");
        return at;
    }

    void read(Shared& c) const {
        long players = g.players, designs = g.designs;
        c.size = size;
        c.reach = get("reach");
        c.stack_norm = get("stack_norm");
        c.hidden = nb::cast<bool>(f["hidden"]);
        c.score_norm = nb::cast<double>(f["score_norm"]);
        c.channels = nb::cast<std::vector<float>>(f["channels"]);
        c.share = nb::cast<std::vector<double>>(f["share"]);
        if (c.reach != g.stack_size || c.channels.size() != size_t(designs) * 20 ||
            c.share.size() != size_t(designs))
            throw nb::value_error("the encoding's tables, one entry a design");
        c.hands = plane("hands", players * designs);
        c.hand_sizes = plane("hand_sizes", players);
        c.out = plane("out", 2 * designs);
        c.scores = plane("scores", players);
        c.supply = plane("supply", players);
        c.stack = plane("stack", 1);
        c.phase = plane("phase", OVER + 1);
        c.to_move = plane("to_move", players);
    }

    Compact compact() const {
        Compact c;
        read(c);
        c.span = get("span");
        c.placements = get("placements");
        c.id_rank = nb::cast<std::vector<int>>(f["id_rank"]);
        if (c.id_rank.size() != size_t(g.designs))
            throw nb::value_error("the encoding's tables, one entry a design");
        c.tiles = plane("tiles", 9L * (c.reach + 1));
        c.followers = plane("followers", 5L * FOLLOWERS_IN_SUPPLY * g.players);
        c.rows = plane("placements", 9L * c.placements);
        c.removals = plane("removals", 4L * FOLLOWERS_IN_SUPPLY);
        auto parts = nb::cast<std::vector<int>>(f["parts"]);
        if (parts.size() != 5) throw nb::value_error("the compact encoding's 4 parts");
        c.place_at = parts[0];
        c.deploy_at = parts[1];
        c.remove_at = parts[2];
        c.pass_at = parts[3];
        c.actions = parts[4];
        return c;
    }

    Standard standard() const {
        Standard c;
        read(c);
        c.map = plane("map", 8L * c.side() * c.side());
        return c;
    }
};

// A writer of one encoding's observations of single states of one configuration
// (native_state.observer): ``F`` its figures, Compact or Standard.
template <class F>
struct Observer {
    F c;
    const Game* game;
    nb::object native_ref, params;  // the configuration's tables and parameters

    // Refuse a state of another configuration (its tables another object of the same
    // parameters, once the Python side has made them again, are the same numbers).
    void check(const Play& p) const {
        const Game& g = *p.s.game;
        if (&g == game) return;
        bool same = g.players == game->players && g.designs == game->designs &&
                    g.stack_size == game->stack_size && g.hand == game->hand &&
                    p.actions->game.attr("params")().equal(params);
        if (!same) throw nb::value_error("a state of another configuration than the writer's");
    }
};

void write_row(const Compact& c, const State& s, int seat, float* o) {
    write_compact(c, s, seat, o);
}
void write_row(const Standard& c, const State& s, int seat, float* o) {
    write_standard(c, s, seat, o);
}

template <class F>
void bind_observer(nb::module_& m, const char* name, F (Figures::*read)() const) {
    nb::class_<Observer<F>>(m, name)
        .def("__init__",
             [read](Observer<F>* self, nb::object native, const nb::dict& figures,
                    nb::object params) {
                 const Game* g = nb::cast<const Game*>(native);
                 new (self) Observer<F>{(Figures(figures, *g).*read)(), g, std::move(native),
                                        std::move(params)};
             })
        .def_prop_ro("size", [](const Observer<F>& o) { return o.c.size; })
        .def(
            "write",
            [](const Observer<F>& o, const Play& p, std::optional<int> seat,
               nb::ndarray<nb::device::cpu> out) {
                o.check(p);
                if (seat && (*seat < 0 || *seat >= p.s.game->players))
                    throw nb::value_error("no such seat");
                if (out.dtype() != nb::dtype<float>() || out.ndim() != 1 ||
                    out.shape(0) != size_t(o.c.size) || out.stride(0) != 1)
                    throw nb::value_error("a row of float32, contiguous, of the encoding's size");
                write_row(o.c, p.s, seat ? *seat : -1, static_cast<float*>(out.data()));
            },
            nb::arg("state"), nb::arg("seat").none(), nb::arg("out").noconvert(),
            "Write the observation of seat (None: a spectator) of state over out.");
}

// The game's rules as the native searches ask for them (core/native/search.hpp): chance drawn
// as sample_chance draws it (randrange over the stack), the leaves valued as mcts.evaluate
// does, a determinization as resample makes it, an outcome keyed as describe_action tells it.
struct SearchRules {
    using State = discovery::State;
    bool hidden;  // the hands are private (DiscoveryGame.private)

    static int current_player(const State& s) { return s.current_player(); }
    static uint32_t draw(const State& s, terranova::PyRandom& rng) {
        return s.tile_drawn(rng.below(s.bag_total));
    }
    static const std::vector<uint32_t>& legal(const State& s) { return s.listed_legal(); }
    static void apply(State& s, uint32_t action) { s.apply(action); }
    static int seats(const State& s) { return s.game->players; }
    static void values(const State& s, double* out) {
        for (int p = 0; p < s.game->players; ++p)
            out[p] = s.over() ? double(s.scores[p]) : s.estimate(p);
    }
    static bool decisions_public(const State&) { return true; }  // DiscoveryState's
    void determinize(State& s, int observer, terranova::PyRandom& rng) const {
        if (!hidden) return;
        NativeDraws draws{rng};
        redraw_unseen(s, observer, draws);
    }
    // another seat's draw into its private hand is "draw ?" to the observer (native_state.py)
    uint32_t seen(const State& s, uint32_t outcome, int observer) const {
        bool into_hand = s.step == DEALING || s.step == DRAWING || s.step == REFILLING;
        if (hidden && kind_of(outcome) == DRAW && into_hand && s.step_seat != observer)
            return 0xFFFFFFFF;
        return outcome;
    }
};

// The native searches over a position (mcts.py's and ismcts.py's), their moves as the
// position's own objects.
template <class Search>
struct Grown {
    Search search;
    Actions* actions;
    nb::object actions_ref;

    nb::object action(uint32_t code) const { return nb::borrow(actions->action(code)); }
    void seat(int seat) const {
        if (seat < 0 || seat >= search.seats()) throw nb::index_error("no such seat");
    }
};
using Tree = Grown<terranova::Uct<SearchRules>>;
using InfoTree = Grown<terranova::Ismcts<SearchRules>>;

}  // namespace

NB_MODULE(_native, m) {
    m.doc() = "The Discovery's rules in C++ (discovery.hpp).";
    m.attr("CHANCE") = CHANCE;
    m.attr("TERMINAL") = TERMINAL;

    nb::class_<Game>(m, "Game")
        .def("__init__",
             [](Game* self, int players, int hand, int to_set_aside, int start,
                const std::vector<int>& stack, const Rows& terrain, const Rows& edges,
                const Rows& cities, const std::vector<Rows>& grass,
                const std::vector<Rows>& edge_region, const std::vector<Rows>& adds,
                const std::vector<nb::bytes>& masks, const nb::bytes& cells, int stride,
                int origin) {
                 new (self) Game(make_game(players, hand, to_set_aside, start, stack, terrain,
                                           edges, cities, grass, edge_region, adds, masks, cells,
                                           stride, origin));
             })
        .def_ro("players", &Game::players);

    nb::class_<Actions>(m, "Actions")
        .def(nb::init<nb::object, nb::object, nb::object, nb::object, nb::object>(),
             nb::arg("native"), nb::arg("game"), nb::arg("make"), nb::arg("encode"),
             nb::arg("refuse"))
        .def_prop_ro("game", [](const Actions& a) { return a.game; })
        .def_prop_ro("native", [](const Actions& a) { return a.native_ref; });

    nb::class_<Play>(m, "Play")
        .def("__init__",
             [](Play* self, nb::object actions) {
                 const Game* game = nb::cast<Actions*>(actions)->native;
                 new (self) Play(State(game), std::move(actions));
             })
        .def_prop_ro("game", [](const Play& p) { return p.actions->game; })
        .def_prop_ro("num_seats", [](const Play& p) { return p.s.game->players; })
        .def_prop_ro("ply", [](const Play& p) { return p.s.ply; })
        .def_prop_ro("waiting",
                     [](const Play& p) { return std::make_pair(int(p.s.step), int(p.s.step_seat)); })
        .def("current_player", [](const Play& p) { return p.s.current_player(); })
        .def("is_terminal", [](const Play& p) { return p.s.over(); })
        .def("legal_actions",
             [](Play& p) {
                 if (!p.s.chance()) return listed(p, p.s.listed_legal());
                 return listed(p, legal_of(p.s));
             })
        .def("chance_outcomes",
             [](Play& p) {
                 std::vector<std::pair<uint32_t, int>> outcomes;
                 p.s.outcomes(outcomes);
                 nb::list out;
                 for (auto [code, count] : outcomes)
                     out.append(nb::make_tuple(nb::handle(p.actions->action(code)),
                                               double(count) / double(p.s.bag_total)));
                 return out;
             })
        .def("sample_chance",
             [](Play& p, nb::handle rng) {
                 if (!p.s.chance() || p.s.over()) throw nb::value_error("not a chance node");
                 static PyObject* randrange = PyUnicode_InternFromString("randrange");  // kept
                 int k = nb::cast<int>(rng.attr(randrange)(p.s.bag_total));
                 if (k < 0 || k >= p.s.bag_total)
                     throw nb::value_error("the generator's randrange gave a number out of range");
                 return nb::borrow(p.actions->action(p.s.tile_drawn(k)));
             })
        .def("apply",
             [](Self self, nb::handle action) {
                 Play& p = *self.p;
                 int64_t code = p.actions->code(action);
                 if (code < 0 || !p.s.is_legal(uint32_t(code))) {
                     p.actions->refuse(self.h, action);  // raises the reference's error
                     throw nb::value_error("not a legal action now");
                 }
                 p.s.apply(uint32_t(code));
                 p.history.push_back(nb::borrow(action));
             })
        .def("clone",
             [](Self self) { return made_like(self.h.type(), Play(*self.p)); })
        .def("returns",
             [](const Play& p) {
                 return std::vector<int>(p.s.scores.begin(),
                                         p.s.scores.begin() + p.s.game->players);
             })
        .def("scores",
             [](const Play& p) {
                 return std::vector<int>(p.s.scores.begin(),
                                         p.s.scores.begin() + p.s.game->players);
             })
        .def("history",
             [](const Play& p) {
                 nb::list out;
                 for (const nb::object& action : p.history) out.append(action);
                 return out;
             })
        .def("estimate",
             [](const Play& p, int seat) {
                 if (seat < 0 || seat >= p.s.game->players) throw nb::index_error("no such seat");
                 return p.s.estimate(seat);
             })
        .def("estimates",
             [](const Play& p) {
                 std::vector<double> out;
                 for (int s = 0; s < p.s.game->players; ++s) out.push_back(p.s.estimate(s));
                 return out;
             })
        .def(
            "redrawn",
            [](Self self, int seat, nb::handle rng) {
                if (seat < 0 || seat >= self.p->s.game->players)
                    throw nb::index_error("no such seat");
                Play copy(*self.p);
                PythonDraws draws{rng};
                redraw_unseen(copy.s, seat, draws);
                copy.history.clear();  // a determinization keeps no history
                return made_like(self.h.type(), std::move(copy));
            },
            "A copy with what seat cannot see drawn again (hands hidden from it).")
        .def("record", [](const Play& p) { return record_of(p.s); })
        .def_static(
            "restore",
            [](nb::handle type, nb::object actions, const nb::dict& record, nb::list history) {
                if (!PyType_Check(type.ptr()) ||
                    !PyType_IsSubtype((PyTypeObject*)type.ptr(),
                                      (PyTypeObject*)nb::type<Play>().ptr()))
                    throw nb::type_error("restore makes a Play or a class derived from it");
                const Game* game = nb::cast<Actions*>(actions)->native;
                Play play(restore(game, record), std::move(actions));
                for (nb::handle action : history) play.history.push_back(nb::borrow(action));
                return made_like(type, std::move(play));
            })
        .def(
            "play_out",
            [](const Play& p, uint64_t seed) {
                State copy(p.s);
                Rng rng{seed};
                std::vector<uint32_t> legal;
                Playout out = play_out(copy, rng, legal);
                return std::make_tuple(
                    out.decisions, out.placements,
                    std::vector<int>(copy.scores.begin(), copy.scores.begin() + copy.game->players));
            },
            "A random game from here to its end, played natively on a copy (this state is left "
            "as it was): (decisions, placements, returns).");

    nb::class_<Tree>(m, "Tree")
        .def("__init__",
             [](Tree* self, const Play& p, nb::handle rng, double c, int depth, double scale) {
                 terranova::check_search(p.s.current_player(), c, depth, scale);
                 new (self) Tree{terranova::Uct<SearchRules>(SearchRules{false}, p.s,
                                                             terranova::read_generator(rng), c,
                                                             depth, scale),
                                 p.actions, p.actions_ref};
             })
        .def("iterate", [](Tree& t) { return t.search.iterate(); },
             "One iteration of the search: the nodes it made.")
        .def("best",
             [](const Tree& t, int seat) -> nb::object {
                 t.seat(seat);
                 int found = t.search.best(seat);
                 return found < 0 ? nb::none() : t.action(t.search.node(found).action);
             })
        .def("weighed",
             [](const Tree& t, int seat) {
                 t.seat(seat);
                 nb::list out;
                 for (int kid : t.search.node(0).kids)
                     out.append(nb::make_tuple(t.action(t.search.node(kid).action),
                                               t.search.node(kid).visits, t.search.value(kid, seat)));
                 return out;
             },
             "The root's moves: (action, visits, value sum of seat), in the order tried.")
        .def("give_back",
             [](const Tree& t, nb::handle rng) { terranova::write_generator(t.search.rng, rng); },
             "Leave the generator where the search's draws have left it.");

    nb::class_<InfoTree>(m, "InfoTree")
        .def("__init__",
             [](InfoTree* self, const Play& p, nb::handle rng, double c, int depth, double scale,
                bool hidden, nb::handle first) {
                 terranova::check_search(p.s.current_player(), c, depth, scale);
                 int64_t code = first.is_none() ? -1 : p.actions->code(first);
                 new (self) InfoTree{
                     terranova::Ismcts<SearchRules>(SearchRules{hidden}, p.s,
                                                    terranova::read_generator(rng), c, depth,
                                                    scale, p.s.current_player(), code),
                     p.actions, p.actions_ref};
             },
             nb::arg("play"), nb::arg("rng"), nb::arg("c"), nb::arg("depth"), nb::arg("scale"),
             nb::arg("hidden"), nb::arg("first").none())
        .def("iterate", [](InfoTree& t) { return t.search.iterate(); },
             "One iteration of the search, on a new determinization: the nodes it made.")
        .def("weighed",
             [](const InfoTree& t, int seat, nb::handle moves) {
                 t.seat(seat);
                 nb::list out;
                 for (nb::handle move : moves) {
                     int64_t code = t.actions->code(move);
                     int kid = code < 0 ? -1 : t.search.root_kid(uint32_t(code));
                     out.append(kid < 0 ? nb::make_tuple(0, 0.0)
                                        : nb::make_tuple(t.search.node(kid).visits,
                                                         t.search.value(kid, seat)));
                 }
                 return out;
             },
             "For each of the observer's moves: (visits, value sum of seat) at the root.")
        .def("give_back",
             [](const InfoTree& t, nb::handle rng) { terranova::write_generator(t.search.rng, rng); },
             "Leave the generator where the search's draws have left it.");

    nb::class_<Batch> batch(m, "Batch");
    batch.def("__init__", [](Batch* self, nb::object native, const nb::dict& f, int games,
                             int64_t max_steps) {
        if (games < 1) throw nb::value_error("one game at least");
        Compact c = Figures(f, *nb::cast<const Game*>(native)).compact();
        new (self) Batch(std::move(native), std::move(c), games, max_steps);
    });
    terranova::bind_batch(batch);
    bind_observer(m, "CompactObserver", &Figures::compact);
    bind_observer(m, "StandardObserver", &Figures::standard);

    m.def(
        "random_games",
        [](const Game* game, int games, uint64_t seed) {
            long decisions = 0, placements = 0;
            {
                nb::gil_scoped_release released;
                Rng rng{seed};
                std::vector<uint32_t> legal;
                legal.reserve(1024);
                for (int i = 0; i < games; ++i) {
                    State s(game);
                    Playout p = play_out(s, rng, legal);
                    decisions += p.decisions;
                    placements += p.placements;
                }
            }
            return std::make_pair(decisions, placements);
        },
        "Play games at random from their start, natively: (decisions, placements).");
}
