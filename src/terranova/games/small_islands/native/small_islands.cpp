// terranova.games.small_islands._native: the C++ engine of small_islands.hpp for Python
// (native_state.py wraps it in the state protocol).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <string>
#include <typeinfo>
#include <unordered_map>

#include "batch.hpp"
#include "small_islands.hpp"

namespace nb = nanobind;
using namespace small_islands;

// named, not anonymous: another game's module binds types of the same names (nanobind tells
// bound types apart by their C++ names)
namespace small_islands {

void check(bool ok, const char* what) {
    if (!ok) throw nb::value_error(what);
}

template <class T>
T field(const nb::dict& d, const char* key) {
    if (!d.contains(key)) throw nb::value_error((std::string("no ") + key + " in the record").c_str());
    try {
        return nb::cast<T>(d[key]);
    } catch (const std::bad_cast&) {
        throw nb::type_error((std::string(key) + ": not the numbers a record holds").c_str());
    }
}

using Ints = std::vector<int>;
using Rows = std::vector<Ints>;

// The tables of a configuration, from native_state.native_game (each checked: a table
// beyond the engine's bounds raises ValueError, so the game stays in Python).
Game make_game(const nb::dict& t) {
    Game g;
    g.players = field<int>(t, "players");
    g.solo = g.players == 1;
    g.places = g.players + g.solo;
    if (g.players < 1 || g.players > MAX_SEATS) throw std::invalid_argument("1 to 4 players");
    g.advanced = field<bool>(t, "advanced");
    g.cover = field<bool>(t, "cover");
    g.ordered = field<bool>(t, "ordered");
    auto faces = field<std::vector<Rows>>(t, "faces");
    auto rotations = field<Ints>(t, "rotations");
    auto asks = field<std::vector<std::vector<std::vector<std::vector<std::pair<int, int>>>>>>(t, "asks");
    auto symbols = field<Rows>(t, "symbols");
    auto coast = field<std::vector<bool>>(t, "coast");
    auto pool = field<Ints>(t, "pool");
    g.designs = int(faces.size());
    g.landscape = int(pool.size());
    g.ship = g.designs - 1;
    if (g.designs < 1 || g.designs > MAX_DESIGNS) throw std::invalid_argument("at most 128 designs");
    if (rotations.size() != faces.size() || asks.size() != faces.size() ||
        symbols.size() != faces.size() || coast.size() != faces.size() || g.landscape > g.designs)
        throw std::invalid_argument("one entry a design in every table");
    for (int d = 0; d < g.designs; ++d) {
        if (faces[d].size() != 4 || asks[d].size() != 4 || symbols[d].size() != 6)
            throw std::invalid_argument("a design's faces, asks or symbols");
        std::array<std::array<uint8_t, 8>, 4> face{};
        std::array<uint32_t, 4> code{};
        std::array<std::array<std::pair<uint32_t, uint32_t>, 8>, 4> ask{};
        for (int r = 0; r < 4; ++r) {
            if (faces[d][r].size() != 8 || asks[d][r].size() != 8) throw std::invalid_argument("8 slots a face");
            for (int s = 0; s < 8; ++s) {
                if (faces[d][r][s] < 0 || faces[d][r][s] > 1) throw std::invalid_argument("land or sea");
                face[r][s] = uint8_t(faces[d][r][s]);
                code[r] |= uint32_t(faces[d][r][s] + 1) << (2 * s);
                for (auto [shift, value] : asks[d][r][s]) {
                    if (shift < 0 || shift > 14 || shift % 2 || value < 1 || value > 2)
                        throw std::invalid_argument("a slot asked");
                    ask[r][s].first |= uint32_t(value) << shift;
                    ask[r][s].second |= uint32_t(3) << shift;
                }
            }
        }
        g.faces.push_back(face);
        g.face_code.push_back(code);
        g.asks.push_back(ask);
        if (rotations[d] < 1 || rotations[d] > 15) throw std::invalid_argument("a design's rotations");
        g.rotations.push_back(uint8_t(rotations[d]));
        std::array<int8_t, 6> sym{};
        for (int s = 0; s < 6; ++s) {
            if (symbols[d][s] < 0 || symbols[d][s] > 8) throw std::invalid_argument("a symbol count");
            sym[s] = int8_t(symbols[d][s]);
        }
        g.symbols.push_back(sym);
        g.coast.push_back(coast[d]);
    }
    long total = 0;
    for (int n : pool) {
        if (n < 0 || n > 1000) throw std::invalid_argument("a tile count");
        g.pool.push_back(int16_t(n));
        total += n;
    }
    g.landscape_total = int(total);
    auto starts = field<std::vector<std::pair<int, int>>>(t, "starts");
    if (starts.size() > MAX_STARTS) throw std::invalid_argument("at most 8 starting tiles");
    g.start_of.assign(size_t(g.designs), -1);
    for (size_t i = 0; i < starts.size(); ++i) {
        auto [a, b] = starts[i];
        if (a < 0 || a >= g.designs || b < 0 || b >= g.designs) throw std::invalid_argument("a starting tile");
        g.start_sides.push_back({a, b});
        g.start_of[a] = g.start_of[b] = int8_t(i);
    }
    g.ships = field<int>(t, "ships");
    g.houses = field<int>(t, "houses");
    g.reserve = field<int>(t, "reserve");
    if (g.ships < 1 || g.ships > MAX_SHIPS || g.houses < 0 || g.houses > 8 || g.reserve < 0 || g.reserve > 8)
        throw std::invalid_argument("ships, houses or reserve");
    if (total + long(starts.size()) + g.ships + 1 > MAX_TILES)
        throw std::invalid_argument("too many tiles for the native engine");
    for (int k : field<Ints>(t, "tokens")) {
        if (k < 0 || k > 3) throw std::invalid_argument("a bonus token");
        g.tokens.push_back(int8_t(k));
    }
    if (g.tokens.size() > MAX_TOKENS || (g.tokens.size() * size_t(g.players)) > MAX_PLACED)
        throw std::invalid_argument("too many bonus tokens");
    auto cells = field<nb::bytes>(t, "cells");
    const auto* c = static_cast<const uint8_t*>(cells.data());
    g.cells.assign(c, c + cells.size());
    if (g.cells.size() >= 8192) throw std::invalid_argument("a table too large for the native engine");
    g.stride = field<int>(t, "stride");
    g.origin = field<int>(t, "origin");
    auto step = field<Ints>(t, "step"), diagonal = field<Ints>(t, "diagonal");
    if (step.size() != 4 || diagonal.size() != 4 || g.origin < 0 || size_t(g.origin) >= g.cells.size() ||
        g.cells[g.origin] != 2)
        throw std::invalid_argument("a table whose origin lies inside it");
    for (int k = 0; k < 4; ++k) {
        g.step[k] = step[k];
        g.diagonal[k] = diagonal[k];
        g.around[k] = step[k];
        g.around[4 + k] = diagonal[k];
    }
    auto deck_sizes = field<Ints>(t, "deck_sizes");
    g.decks = int(deck_sizes.size());
    if (g.decks != (g.advanced ? 2 : 1)) throw std::invalid_argument("a deck or two");
    for (int k = 0; k < g.decks; ++k) {
        if (deck_sizes[k] < 0 || deck_sizes[k] > MAX_CARDS) throw std::invalid_argument("at most 64 cards a deck");
        g.deck_size[k] = deck_sizes[k];
    }
    for (auto [kind, a, b, need] : field<std::vector<std::tuple<int, int, int, Ints>>>(t, "missions")) {
        Mission m;
        if (kind < 0 || kind > 3 || a < 0 || a > 5 || b < 0 || b > 5 || need.size() != 6)
            throw std::invalid_argument("a mission");
        m.kind = uint8_t(kind);
        m.a = int8_t(a);
        m.b = int8_t(b);
        for (int s = 0; s < 6; ++s) m.need[s] = int8_t(std::clamp(need[s], 0, 127));
        g.missions.push_back(m);
    }
    for (auto [kind, symbol, pts, bonus, sizes] :
         field<std::vector<std::tuple<int, int, int, int, std::vector<std::pair<int, int>>>>>(t, "rewards")) {
        Reward r;
        if (kind < 0 || kind > 5 || symbol < 0 || symbol > 5) throw std::invalid_argument("a reward");
        r.kind = uint8_t(kind);
        r.symbol = int8_t(symbol);
        r.points = pts;
        r.bonus = bonus;
        r.sizes = sizes;
        g.rewards.push_back(r);
    }
    if (int(g.missions.size()) != g.deck_size[0] || int(g.rewards.size()) != g.deck_size[g.reward_deck()])
        throw std::invalid_argument("a mission and a reward a card");
    g.discovery_values = field<Ints>(t, "discoveries");
    if (g.discovery_values.size() > MAX_CARDS) throw std::invalid_argument("at most 64 Discovery tokens");
    auto alexis = field<Ints>(t, "alexis");
    auto expeditions = field<std::vector<std::tuple<bool, int, bool>>>(t, "expeditions");
    if (expeditions.size() > MAX_CARDS) throw std::invalid_argument("at most 64 Expedition cards");
    for (auto [land_card, slot, spread] : expeditions) {
        g.expedition_land.push_back(land_card);
        g.expedition_slot.push_back(uint8_t(slot));
        g.expedition_spread.push_back(spread);
    }
    if (g.solo) {
        if (alexis.size() != 3) throw std::invalid_argument("Alexis's card");
        g.alexis_houses = alexis[0];
        g.alexis_base = alexis[1];
        g.alexis_per_house = alexis[2];
    }
    for (int e : field<Ints>(t, "deck")) {
        if (e < 0 || e >= int(expeditions.size())) throw std::invalid_argument("an Expedition card");
        g.expeditions |= uint64_t(1) << e;
    }
    int size = 64;
    while (size < 16 * (int(total) + int(starts.size()) + g.ships + 1)) size *= 2;
    g.table_size = size;
    return g;
}

// The Python objects of a configuration's actions, both ways: made by the Python side once
// each and kept, so that an action's object is the one the reference lists where it shares
// them, and found by its address.
struct Actions {
    nb::object make, encode, refuse, game, native_ref;
    const Game* native;
    std::unordered_map<uint32_t, PyObject*> by_code;
    std::unordered_map<PyObject*, uint32_t> by_object;

    Actions(nb::object native_game, nb::object game_, nb::object make_, nb::object encode_,
            nb::object refuse_)
        : make(std::move(make_)), encode(std::move(encode_)), refuse(std::move(refuse_)),
          game(std::move(game_)), native_ref(native_game), native(nb::cast<const Game*>(native_game)) {}
    Actions(const Actions&) = delete;
    ~Actions() {
        for (auto& [object, code] : by_object) Py_DECREF(object);
    }

    PyObject* action(uint32_t code) {
        PyObject*& slot = by_code[code];
        if (!slot) {
            PyObject* made = make(code).release().ptr();
            auto [kept, fresh] = by_object.emplace(made, code);
            if (!fresh) Py_DECREF(made);
            slot = kept->first;
        }
        return slot;
    }

    int64_t code(nb::handle action) {
        auto found = by_object.find(action.ptr());
        if (found != by_object.end()) return found->second;
        nb::object code = encode(action);
        return code.is_none() ? -1 : int64_t(nb::cast<uint32_t>(code));
    }
};

struct Play {
    State s;
    Actions* actions;
    nb::object actions_ref;
    std::vector<nb::object> history;
    nb::object sheet_before;  // the score sheet's lines from the Python engine, as they were

    Play(State state, nb::object actions_, nb::object sheet)
        : s(std::move(state)), actions(nb::cast<Actions*>(actions_)), actions_ref(std::move(actions_)),
          sheet_before(std::move(sheet)) {}
};

using Self = nb::pointer_and_handle<Play>;

nb::object made_like(nb::handle type, Play&& play) {
    nb::object out = nb::inst_alloc(type);
    new (nb::inst_ptr<Play>(out)) Play(std::move(play));
    nb::inst_mark_ready(out);
    return out;
}

nb::list listed(Play& p, const std::vector<uint32_t>& codes) {
    nb::list out;
    for (uint32_t code : codes) out.append(nb::handle(p.actions->action(code)));
    return out;
}

Ints bits(uint64_t set) {
    Ints out;
    for (int c = 0; c < 64; ++c)
        if (set >> c & 1) out.push_back(c);
    return out;
}
template <size_t N>
Ints items(const std::array<int8_t, N>& a, int n) {
    return Ints(a.begin(), a.begin() + n);
}

// The position record (position.py, ``position``), the same fields the Python engine writes.
nb::dict record_of(const State& s) {
    const Game& g = *s.game;
    nb::dict r;
    std::vector<std::tuple<int, int, int, int>> agenda;
    for (int i = 0; i < s.depth; ++i)
        agenda.emplace_back(s.agenda[i].kind, s.agenda[i].seat, s.agenda[i].a, s.agenda[i].b);
    r["agenda"] = agenda;
    r["over"] = s.over;
    std::vector<std::tuple<int, int, int>> tiles;
    for (int t = 0; t < s.n_tiles; ++t) tiles.emplace_back(s.tiles[t].pos, s.tiles[t].design, s.tiles[t].rotation);
    r["tiles"] = tiles;
    // grouped by square, the squares in the order first met (as the Python engine's dicts)
    std::vector<std::tuple<int, int, int, int>> placed;
    std::vector<bool> done(size_t(s.n_placed));
    for (int i = 0; i < s.n_placed; ++i) {
        if (done[i]) continue;
        for (int j = i; j < s.n_placed; ++j)
            if (!done[j] && s.placed[j].pos == s.placed[i].pos) {
                done[j] = true;
                placed.emplace_back(s.placed[j].pos, s.placed[j].seat, s.placed[j].kind, s.placed[j].over);
            }
    }
    r["tokens_at"] = placed;
    std::vector<std::pair<int, int>> houses;
    std::vector<bool> built(size_t(s.n_houses));
    for (int i = 0; i < s.n_houses; ++i) {
        if (built[i]) continue;
        for (int j = i; j < s.n_houses; ++j)
            if (!built[j] && s.houses[j].pos == s.houses[i].pos) {
                built[j] = true;
                houses.emplace_back(s.houses[j].pos, s.houses[j].place);
            }
    }
    r["houses_at"] = houses;
    std::vector<std::pair<int, int>> ships;
    for (int k = 0; k < s.n_ships; ++k) ships.emplace_back(s.ships[k].first, s.ships[k].second);
    r["ships"] = ships;
    r["pool"] = Ints(s.pool.begin(), s.pool.begin() + g.landscape);
    r["reserve"] = s.reserve;
    r["nav"] = s.nav;
    r["row"] = items(s.row, s.n_row);
    Rows hands, tokens, found, known, now, later, returned;
    std::vector<Rows> held;
    for (int p = 0; p < g.players; ++p) {
        hands.push_back(items(s.hands[p], s.n_hand[p]));
        tokens.push_back(items(s.tokens[p], s.n_tokens[p]));
        found.push_back(items(s.found[p], s.n_found[p]));
        known.push_back(bits(s.known_returned[p]));
        now.push_back(Ints(s.now[p].begin(), s.now[p].begin() + s.n_now[p]));
        later.push_back(Ints(s.later[p].begin(), s.later[p].begin() + s.n_later[p]));
        Rows h;
        Ints back;
        for (int k = 0; k < g.decks; ++k) {
            h.push_back(Ints(s.held[p][k].begin(), s.held[p][k].begin() + s.n_held[p][k]));
            for (int c : bits(s.returned[p][k])) back.push_back(k * 64 + c);
        }
        held.push_back(h);
        returned.push_back(back);
    }
    r["hands"] = hands;
    r["tokens"] = tokens;
    r["supply"] = Ints(s.supply.begin(), s.supply.begin() + g.places);
    r["stock"] = Ints(s.stock.begin(), s.stock.begin() + g.places);
    r["built"] = Ints(s.built.begin(), s.built.begin() + g.places);
    r["prestige"] = Ints(s.prestige.begin(), s.prestige.begin() + g.players);
    r["discoveries"] = found;
    r["disc_pool"] = bits(s.disc_pool);
    r["drawn"] = items(s.drawn, s.n_drawn);
    r["known_returned"] = known;
    Rows decks;
    for (int k = 0; k < g.decks; ++k) decks.push_back(bits(s.decks[k]));
    r["decks"] = decks;
    r["held"] = held;
    r["now"] = now;
    r["later"] = later;
    r["returned"] = returned;
    std::vector<std::pair<int, Ints>> revealed;
    for (int i = 0; i < s.n_revealed; ++i) {
        int p = s.revealed_order[i];
        revealed.emplace_back(p, Ints(s.revealed[p].begin(), s.revealed[p].begin() + s.n_revealed_cards[p]));
    }
    r["revealed"] = revealed;
    std::vector<std::tuple<int, int, int, int>> earned;
    for (int i = 0; i < s.n_earned; ++i)
        earned.emplace_back(s.earned[i].place, s.earned[i].pos, s.earned[i].points, s.earned[i].tokens);
    r["earned"] = earned;
    r["houses_at_last"] = s.houses_at_last;
    std::vector<std::tuple<int, int, int>> alexis;
    for (const AlexisLaid& a : s.alexis_tiles) alexis.emplace_back(a.design, a.pos, a.rotation);
    r["alexis_tiles"] = alexis;
    r["first"] = s.first;
    r["round"] = s.round;
    r["lander"] = s.lander;
    r["clock"] = s.clock;
    r["last_tile"] = Ints(s.last_tile.begin(), s.last_tile.begin() + g.players);
    r["expeditions"] = bits(s.expeditions);
    r["expedition_discards"] = items(s.discards, s.n_discards);
    r["last_expedition"] = s.last_expedition;
    r["ended"] = int(s.ended);
    r["ended_seat"] = int(s.ended_seat);
    std::vector<std::tuple<int, int, int, int, int, int, int, Ints>> lines;
    for (const Line& l : s.sheet)
        lines.emplace_back(l.kind, l.seat, l.points, l.ply, l.round, l.a, l.b,
                           Ints(l.island.begin(), l.island.end()));
    r["sheet_lines"] = lines;
    return r;
}

// A state from a position record: its tiles laid again in order (the same board and
// islands), the tokens and houses on them, then the rest as recorded, each number checked.
State restore(const Game* game, const nb::dict& r, int ply) {
    const Game& g = *game;
    State s(game, false);
    s.ply = ply;
    auto in = [](int v, int lo, int hi) { return v >= lo && v < hi; };
    auto tiles = field<std::vector<std::tuple<int, int, int>>>(r, "tiles");
    // no more tiles than the game has (the board's table is sized for them)
    int most = g.landscape_total + int(g.start_sides.size()) + g.ships;
    check(int(tiles.size()) <= most, "a record's tiles");
    for (auto [pos, design, rotation] : tiles) {
        check(in(pos, 0, int(g.cells.size())) && g.cells[pos] && s.tile_at(pos) < 0 &&
                  in(design, 0, g.designs) && in(rotation, 0, 4),
              "a record's tile");
        // a square the board does not know touches no tile: no tile can lie there
        check(s.n_tiles == 0 || design == g.ship || (s.find(pos) && s.fit_at(design, pos) >> rotation & 1),
              "a record's tile where it does not fit");
        check(s.n_tiles == 0 || s.find(pos), "a record's tile that touches no other");
        s.join(pos, design, rotation);
    }
    for (auto [pos, seat, kind, over] : field<std::vector<std::tuple<int, int, int, int>>>(r, "tokens_at")) {
        check(s.n_placed < MAX_PLACED && s.tile_at(pos) >= 0 && in(seat, 0, g.players) && in(kind, 0, 4) &&
                  in(over, 0, 4),
              "a record's bonus token");
        s.placed[s.n_placed++] = Placed{int16_t(pos), int8_t(seat), int8_t(kind), int8_t(over)};
        if (kind == PORT_TOKEN) {
            s.bump(pos, PORT, 1);
        } else {
            s.bump(pos, FLOWER + kind, 1);
            if (over) s.bump(pos, FLOWER + over - 1, -1);
        }
    }
    for (auto [pos, place] : field<std::vector<std::pair<int, int>>>(r, "houses_at")) {
        check(s.n_houses < MAX_HOUSES && s.tile_at(pos) >= 0 && in(place, 0, g.places), "a record's house");
        s.houses[s.n_houses++] = House{int16_t(pos), int8_t(place)};
        s.nodes[s.root(s.tile_at(pos))].owners |= uint8_t(1 << place);
    }
    for (auto [pos, owner] : field<std::vector<std::pair<int, int>>>(r, "ships")) {
        check(s.n_ships < MAX_SHIPS && s.tile_at(pos) >= 0 && in(owner, -1, g.players), "a record's ship");
        s.ships[s.n_ships++] = {int16_t(pos), int8_t(owner)};
    }
    auto agenda = field<std::vector<std::tuple<int, int, int, int>>>(r, "agenda");
    check(agenda.size() < size_t(MAX_AGENDA), "a record's agenda");
    // room for what the steps still to come push (a round's start the most)
    check(agenda.size() <= size_t(MAX_AGENDA / 2), "a record's agenda");
    int starts = int(g.start_sides.size()), starts_left = 0;
    std::array<int, MAX_SEATS> deals{};
    std::array<std::array<int, 2>, MAX_SEATS> draws{};
    int reveals = 0;
    for (auto [kind, seat, a, b] : agenda) {
        check(in(kind, 0, STEP_KINDS) && in(seat, 0, g.places) && in(a, 0, 256) && in(b, 0, 2),
              "a record's step");
        check(kind != DRAWING || a < g.decks, "a record's deck");
        check(kind != LAYING_START || (a >> starts) == 0, "a record's starting tiles");
        check(!(kind == DRAWING || kind == DEALING) || seat < g.players, "a record's step, of no player");
        if (kind == LAYING_START) starts_left += __builtin_popcount(unsigned(a));
        if (kind == DEALING) ++deals[seat];
        if (kind == DRAWING) ++draws[seat][a];
        reveals += kind == REVEALING;
        s.push(Step{uint8_t(kind), int8_t(seat), uint8_t(a), uint8_t(b)});
    }
    s.over = field<bool>(r, "over");
    check(s.over || s.depth > 0, "a record's agenda, empty while the game goes on");
    check(!s.over || s.depth == 0, "a record's agenda, not empty once the game is over");
    if (!s.over) {
        const Step& t = s.top();
        check(is_chance(t.kind) || is_decision(t.kind), "a record's agenda, waiting on nothing");
        check(!is_decision(t.kind) || t.seat < g.players, "a record's decision, of no player");
    }
    auto pool = field<Ints>(r, "pool");
    check(int(pool.size()) == g.landscape, "a record's unseen tiles, one count a design");
    int unseen = 0;
    for (int d = 0; d < g.landscape; ++d) {
        check(in(pool[d], 0, 1001), "a record's unseen tiles");
        s.pool[d] = int16_t(pool[d]);
        unseen += pool[d];
    }
    s.reserve = field<int>(r, "reserve");
    s.nav = field<int>(r, "nav");
    check(s.reserve >= 0 && s.nav >= 0 && s.reserve + s.nav == unseen, "a record's stacks");
    auto seq = [&](const Ints& v, auto& out, int cap, int lo, int hi, const char* what) {
        check(int(v.size()) <= cap, what);
        for (size_t i = 0; i < v.size(); ++i) {
            check(in(v[i], lo, hi), what);
            out[i] = int8_t(v[i]);
        }
        return int(v.size());
    };
    auto set_of = [&](const Ints& v, int hi, const char* what) {
        uint64_t out = 0;
        for (int c : v) {
            check(in(c, 0, hi), what);
            out |= uint64_t(1) << c;
        }
        return out;
    };
    s.n_row = seq(field<Ints>(r, "row"), s.row, MAX_ROW, 0, g.landscape, "a record's row");
    check(s.n_row + reveals <= MAX_ROW, "a record's row");
    int n_disc = int(g.discovery_values.size());
    auto per_seat = [&](const char* key) {
        auto v = field<Rows>(r, key);
        check(int(v.size()) == g.players, "a record's entries, one a seat");
        return v;
    };
    auto per_place = [&](const char* key, auto& out, int lo, int hi) {
        auto v = field<Ints>(r, key);
        check(int(v.size()) == g.places, "a record's entries, one a place");
        for (int p = 0; p < g.places; ++p) {
            check(in(v[p], lo, hi), "a record's houses");
            out[p] = int8_t(v[p]);
        }
    };
    auto hands = per_seat("hands"), tokens = per_seat("tokens"), found = per_seat("discoveries"),
         known = per_seat("known_returned"), now = per_seat("now"), later = per_seat("later"),
         returned = per_seat("returned");
    auto held = field<std::vector<Rows>>(r, "held");
    check(int(held.size()) == g.players, "a record's cards in hand");
    for (int p = 0; p < g.players; ++p) {
        s.n_hand[p] = int8_t(seq(hands[p], s.hands[p], MAX_HAND, 0, g.landscape, "a record's hand"));
        check(s.n_hand[p] + deals[p] < MAX_HAND, "a record's hand");  // and one tile taken
        s.n_tokens[p] = int8_t(seq(tokens[p], s.tokens[p], MAX_TOKENS, 0, 4, "a record's bonus tokens"));
        s.n_found[p] = int8_t(seq(found[p], s.found[p], MAX_CARDS, 0, n_disc, "a record's Discovery tokens"));
        s.known_returned[p] = set_of(known[p], n_disc, "a record's Discovery tokens put back");
        check(int(now[p].size()) <= g.decks && int(later[p].size()) <= g.decks && int(held[p].size()) == g.decks,
              "a record's objectives");
        s.n_now[p] = int8_t(now[p].size());
        s.n_later[p] = int8_t(later[p].size());
        for (size_t k = 0; k < now[p].size(); ++k) {
            check(in(now[p][k], 0, g.deck_size[k]), "a record's objective");
            s.now[p][k] = int8_t(now[p][k]);
        }
        for (size_t k = 0; k < later[p].size(); ++k) {
            check(in(later[p][k], 0, g.deck_size[k]), "a record's objective");
            s.later[p][k] = int8_t(later[p][k]);
        }
        for (int k = 0; k < g.decks; ++k) {
            s.n_held[p][k] = int8_t(seq(held[p][k], s.held[p][k], MAX_HELD, 0, g.deck_size[k], "a record's card"));
            // and a round's start: the card kept for it and the cards drawn
            check(s.n_held[p][k] + draws[p][k] + 1 + DRAWS <= MAX_HELD, "a record's cards in hand");
        }
        for (int c : returned[p]) {
            check(in(c / 64, 0, g.decks) && in(c % 64, 0, g.deck_size[c / 64]), "a record's card put back");
            s.returned[p][c / 64] |= uint64_t(1) << (c % 64);
        }
    }
    per_place("supply", s.supply, 0, 17);
    per_place("stock", s.stock, 0, 17);
    per_place("built", s.built, 0, 65);
    auto prestige = field<Ints>(r, "prestige");
    check(int(prestige.size()) == g.players, "a record's prestige");
    for (int p = 0; p < g.players; ++p) {
        check(in(prestige[p], 0, 30000), "a record's prestige");
        s.prestige[p] = int16_t(prestige[p]);
    }
    s.disc_pool = set_of(field<Ints>(r, "disc_pool"), n_disc, "a record's Discovery tokens");
    s.n_drawn = seq(field<Ints>(r, "drawn"), s.drawn, MAX_CARDS, 0, n_disc, "a record's tokens drawn");
    auto decks = field<Rows>(r, "decks");
    check(int(decks.size()) == g.decks, "a record's decks");
    for (int k = 0; k < g.decks; ++k) s.decks[k] = set_of(decks[k], g.deck_size[k], "a record's deck");
    for (auto [p, cards] : field<std::vector<std::pair<int, Ints>>>(r, "revealed")) {
        bool again = false;
        for (int i = 0; i < s.n_revealed; ++i) again = again || s.revealed_order[i] == p;
        check(in(p, 0, g.players) && !again && int(cards.size()) <= g.decks, "a record's objective revealed");
        s.revealed_order[s.n_revealed++] = int8_t(p);
        s.n_revealed_cards[p] = int8_t(cards.size());
        for (size_t k = 0; k < cards.size(); ++k) {
            check(in(cards[k], 0, g.deck_size[k]), "a record's objective revealed");
            s.revealed[p][k] = int8_t(cards[k]);
        }
    }
    for (auto [p, pos, pts, drawn] : field<std::vector<std::tuple<int, int, int, int>>>(r, "earned")) {
        check(s.n_earned < MAX_EARNED && in(p, 0, g.places), "a record's houses built");
        s.earned[s.n_earned++] = Earned{int8_t(p), int16_t(pos), int16_t(pts), int16_t(drawn)};
    }
    s.houses_at_last = field<int>(r, "houses_at_last");
    for (auto [design, pos, rotation] : field<std::vector<std::tuple<int, int, int>>>(r, "alexis_tiles")) {
        check(in(design, -1, g.designs), "a record's tile laid by Alexis");
        s.alexis_tiles.push_back(AlexisLaid{int16_t(design), int16_t(pos), int16_t(rotation)});
    }
    s.first = field<int>(r, "first");
    s.round = field<int>(r, "round");
    s.lander = field<int>(r, "lander");
    s.clock = field<int>(r, "clock");
    check(in(s.first, 0, g.places) && in(s.lander, -1, g.places) && in(s.round, 0, 128), "a record's round");
    auto last = field<Ints>(r, "last_tile");
    check(int(last.size()) == g.players, "a record's last tiles");
    for (int p = 0; p < g.players; ++p) s.last_tile[p] = last[p];
    int n_exp = int(g.expedition_land.size());
    s.expeditions = set_of(field<Ints>(r, "expeditions"), n_exp, "a record's Expedition cards");
    s.n_discards = seq(field<Ints>(r, "expedition_discards"), s.discards, MAX_CARDS, 0, n_exp,
                       "a record's Expedition cards");
    s.last_expedition = field<int>(r, "last_expedition");
    check(in(s.last_expedition, -1, n_exp), "a record's last Expedition card");
    check(s.n_discards + popcount(s.expeditions) <= MAX_CARDS, "a record's Expedition cards");
    // what the arrays must still hold: houses built from the supplies and stocks, bonus
    // tokens placed, Discovery tokens drawn and kept, ships landed, tiles laid
    int houses_left = 0, tokens_left = 0, kept = 0;
    for (int p = 0; p < g.places; ++p) houses_left += s.supply[p] + s.stock[p];
    for (int p = 0; p < g.players; ++p) {
        tokens_left += s.n_tokens[p];
        kept += s.n_found[p];
    }
    check(s.n_houses + houses_left <= MAX_HOUSES && s.n_earned + houses_left <= MAX_EARNED,
          "a record's houses");
    check(s.n_placed + tokens_left <= MAX_PLACED, "a record's bonus tokens");
    check(s.n_drawn + popcount(s.disc_pool) + kept <= MAX_CARDS, "a record's Discovery tokens");
    int colours = g.solo ? 1 : g.players, grey = 0;
    uint8_t owners = 0;
    for (int k = 0; k < s.n_ships; ++k) {
        int owner = s.ships[k].second;
        grey += owner < 0;
        check(owner < 0 || !(owners >> owner & 1), "a record's ships, two of one player");
        if (owner >= 0) owners |= uint8_t(1 << owner);
    }
    check(grey <= std::max(0, g.ships - colours), "a record's grey ships");
    int held_tiles = s.n_row;
    for (int p = 0; p < g.players; ++p) held_tiles += s.n_hand[p];
    check(s.n_tiles + unseen + held_tiles + starts_left + std::max(g.ships - s.n_ships, 0) <= most,
          "a record's tiles, more than the game has");
    // the step waiting has something to wait on
    if (!s.over) {
        std::vector<uint32_t> legal;
        s.legal(legal);
        check(!legal.empty(), "a record's agenda, waiting on nothing");
    }
    int ended = field<int>(r, "ended"), ended_seat = field<int>(r, "ended_seat");
    check(in(ended, -1, 4) && in(ended_seat, -1, g.places), "a record's end");
    s.ended = int8_t(ended);
    s.ended_seat = int8_t(ended_seat);
    return s;
}

// ``items`` in the order the generator's own shuffle gives them (random.shuffle moves
// items by their places only, whatever they are).
void shuffled_by(nb::handle rng, Ints& items_) {
    nb::list shuffled;
    for (int x : items_) shuffled.append(x);
    rng.attr("shuffle")(shuffled);
    check(nb::len(shuffled) == items_.size(), "the generator's shuffle lost items");
    Ints before = items_;
    for (size_t i = 0; i < items_.size(); ++i) items_[i] = nb::cast<int>(shuffled[i]);
    Ints after = items_;
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    check(after == before, "the generator's shuffle changed the items");
}

// rounds.redraw: everything seat has not seen, drawn again with the same calls on the same
// generator.
void redraw(State& s, const State& g0, int seat, nb::handle rng) {
    const Game& g = *s.game;
    Ints others;
    for (int p = 0; p < g.players; ++p)
        if (p != seat) others.push_back(p);
    // the tiles nobody has seen and the other hands
    Ints unseen;
    for (int d = 0; d < g.landscape; ++d)
        for (int k = 0; k < g0.pool[d]; ++k) unseen.push_back(d);
    for (int p : others)
        for (int i = 0; i < g0.n_hand[p]; ++i) unseen.push_back(g0.hands[p][i]);
    shuffled_by(rng, unseen);
    size_t start = 0;
    for (int p : others) {
        for (int i = 0; i < g0.n_hand[p]; ++i) ++s.pool[g0.hands[p][i]];
        for (int i = 0; i < g0.n_hand[p]; ++i) {
            int d = unseen[start++];
            s.hands[p][i] = int8_t(d);
            --s.pool[d];
        }
    }
    // the cards, deck by deck
    bool is_revealed[MAX_PLACES] = {};
    for (int i = 0; i < g0.n_revealed; ++i) is_revealed[g0.revealed_order[i]] = true;
    for (int k = 0; k < g.decks; ++k) {
        uint64_t fixed = g0.returned[seat][k];
        Ints cards = bits(g0.decks[k] & ~fixed);
        std::vector<std::pair<int, int>> places;  // (seat, 0: later, 1: now, 2: in hand)
        for (int p : others) {
            if (g0.n_later[p] > k) {
                places.emplace_back(p, 0);
                cards.push_back(g0.later[p][k]);
            }
            if (!is_revealed[p] && g0.n_now[p] > k) {
                places.emplace_back(p, 1);
                cards.push_back(g0.now[p][k]);
            }
            for (int i = 0; i < g0.n_held[p][k]; ++i) {
                places.emplace_back(p, 2);
                cards.push_back(g0.held[p][k][i]);
            }
            s.n_held[p][k] = 0;
        }
        shuffled_by(rng, cards);
        for (auto [p, where] : places) {
            int card = cards.back();
            cards.pop_back();
            if (where == 2)
                s.held[p][k][s.n_held[p][k]++] = int8_t(card);
            else if (where == 1)
                s.now[p][k] = int8_t(card);
            else
                s.later[p][k] = int8_t(card);
        }
        uint64_t deck = g0.decks[k] & fixed;
        for (int c : cards) deck |= uint64_t(1) << c;
        s.decks[k] = deck;
    }
    // the Discovery tokens
    uint64_t known = g0.known_returned[seat];
    Ints tokens = bits(g0.disc_pool & ~known);
    for (int p : others)
        for (int i = 0; i < g0.n_found[p]; ++i) tokens.push_back(g0.found[p][i]);
    const Step& t = g0.top();
    bool drawing = (t.kind == DISCOVERING || t.kind == KEEPING) && t.seat != seat;
    if (drawing)
        for (int i = 0; i < g0.n_drawn; ++i) tokens.push_back(g0.drawn[i]);
    shuffled_by(rng, tokens);
    size_t at = drawing ? size_t(g0.n_drawn) : 0;
    if (drawing)
        for (size_t i = 0; i < at; ++i) s.drawn[i] = int8_t(tokens[i]);
    for (int p : others) {
        for (int i = 0; i < g0.n_found[p]; ++i) s.found[p][i] = int8_t(tokens[at++]);
    }
    uint64_t pool = g0.disc_pool & known;
    for (size_t i = at; i < tokens.size(); ++i) pool |= uint64_t(1) << tokens[i];
    s.disc_pool = pool;
    s.fresh = false;
}

nb::list scores_of(const State& s) {
    std::vector<double> out;
    s.scores(out);
    nb::list l;
    for (double x : out) l.append(x);
    return l;
}


// ------------------------------------------------------------ observations

// An encoding's figures (encoding.py, ``encoding`` or ``compact``), given once by the Python
// side (native_state.figures): where each plane starts, its rows and widths, the scales it
// divides by, the tables from native numbers to the encoding's columns, and the action
// space's parts (the compact encoding's; the batch numbers actions by them).
struct Figures {
    // the whole figures, by the names the Python side gives them
    int build_at = 0, covered_ch = 0, face_channels = 0, house_at = 0, house_ch = 0, house_n = 0, houses = 0, land_at = 0, land_n = 0, laying = 0, n_cards = 0, n_exp = 0, n_land = 0, n_tokens = 0, place_at = 0, place_n = 0, placements_width = 0, reach = 0, rounds = 0, ship_ch = 0, span = 0, tiles_rows = 0, tiles_width = 0, token_at = 0, token_ch = 0, token_n = 0, token_width = 0;
    int side = 0;  // the standard encoding's map: its side (0: no map, the tiles listed)
    int over_step = 0;  // the step plane's column of a game over
    bool lists = false;  // whether the seat to move's legal actions are listed (compact)
    // where each plane starts in an observation (-1: not in this encoding)
    int p_bonus_tokens = 0, p_card_counts = 0, p_counts = 0, p_discoveries = 0, p_discovery_counts = 0, p_drawn = 0, p_expeditions = 0, p_first = 0, p_hand = 0, p_hand_sizes = 0, p_house_spots = 0, p_houses = 0, p_landings = 0, p_map = 0, p_my_cards = 0, p_placements = 0, p_ports = 0, p_revealed = 0, p_row = 0, p_scores = 0, p_step = 0, p_tiles = 0, p_to_move = 0, p_token_spots = 0;
    int in_hand = 1, held = 1, around = 1;
    double house_scale = 1, score_scale = 1, stack_scale = 1;
    std::array<double, 4> token_scale{}, own_tokens{};
    std::array<double, 3> resource_scale{};
    std::array<double, 2> deck_norm{};
    std::vector<float> faces;  // [design][rotation][face channel]
    Ints id_rank, land, xs, ys, token_col, exp_col, step_col;
    Rows card_col;  // per deck
    std::unordered_map<uint32_t, int64_t> fixed;  // the index of each action not listed
    std::array<int64_t, 4> build{};  // Build's strides: mission, reward, later ones
    int size = 0, actions = 0;
};

// The legal actions of the kinds the compact encoding lists, in the order of their indices
// (encoding.py, compact's ``listing``), into the observation ``o``.
void list_legal(const Figures& c, const State& s, float* o) {
    const double span = c.span;
    const int r = c.reach, fc = c.face_channels;
    auto x_of = [&](int pos) { return float(double(c.xs[size_t(pos)] + r) / span); };
    auto y_of = [&](int pos) { return float(double(c.ys[size_t(pos)] + r) / span); };
    const auto& all = s.listed_legal();
    std::array<int, MAX_DESIGNS> designs{};
    int n_designs = 0;
    for (uint32_t a : all)
        if (kind_of(a) == PLACE) {
            int d = (a >> 2) & 0x7F;
            if (std::find(designs.begin(), designs.begin() + n_designs, d) == designs.begin() + n_designs)
                designs[n_designs++] = d;
        }
    std::sort(designs.begin(), designs.begin() + n_designs,
              [&](int a, int b) { return c.id_rank[a] < c.id_rank[b]; });
    int places = 0, lands = 0, tokens = 0, houses = 0;
    int pw = c.placements_width, tw = c.token_width;
    auto next = [](int& n, int most) {
        if (n >= most) throw nb::value_error("more legal actions of a kind than the encoding lists");
        return size_t(n++);
    };
    for (uint32_t a : all) {
        uint32_t kind = kind_of(a), f = a & 0xFFFFFF;
        int pos = pos_of(a);
        if (kind == PLACE) {
            pos = int(f >> 9);
            int d = (f >> 2) & 0x7F, rot = f & 3;
            float* row = o + c.p_placements + next(places, c.place_n) * size_t(pw);
            row[0] = x_of(pos);
            row[1] = y_of(pos);
            const float* face = c.faces.data() + (size_t(d) * 4 + size_t(rot)) * size_t(fc);
            std::copy(face, face + fc, row + 2);
            int rank = int(std::find(designs.begin(), designs.begin() + n_designs, d) - designs.begin());
            row[2 + fc] = float(double(rank) / double(c.laying - 1));
        } else if (kind == LAND_SHIP) {
            float* row = o + c.p_landings + next(lands, c.land_n) * 4;
            row[0] = 1;
            row[1] = x_of(pos);
            row[2] = y_of(pos);
            row[3] = (f >> 13 & 1) ? 0.0f : 1.0f;
        } else if (kind == TOKEN) {
            float* row = o + c.p_token_spots + next(tokens, c.token_n) * size_t(tw);
            row[0] = 1;
            row[1] = x_of(pos);
            row[2] = y_of(pos);
            row[3 + (f >> 16)] = 1;
            int over = (f >> 14) & 3;
            if (over) row[3 + 4 + over - 1] = 1;
        } else if (kind == HOUSE_AT) {
            float* row = o + c.p_house_spots + next(houses, c.house_n) * 3;
            row[0] = 1;
            row[1] = x_of(pos);
            row[2] = y_of(pos);
        }
    }
}

// What ``seat`` (-1: a spectator, as view(None)) observes of state s in the encoding of
// figures ``c``, over the whole row ``o``: what encoding.py's fill writes from the view
// (views.py), float for float, and, where ``list``, its listing (the legal actions of the
// seat to move, which ``seat`` must be).
void observe(const Figures& c, const State& s, int seat, bool list, float* o) {
    const Game& g = *s.game;
    const int players = g.players, me = seat < 0 ? 0 : seat;  // view(None): seat 0's places
    std::fill(o, o + c.size, 0.0f);
    const double span = c.span;
    const int r = c.reach, fc = c.face_channels;
    auto x_of = [&](int pos) { return float(double(c.xs[size_t(pos)] + r) / span); };
    auto y_of = [&](int pos) { return float(double(c.ys[size_t(pos)] + r) / span); };
    auto place = [&](int p) { return p >= players ? p : ((p - me) % players + players) % players; };
    auto add = [](float& cell, double v) { cell = cell + float(v); };  // float32 += float
    // a laid tile's channels (encoding_parts.py, faces_of and write_pieces), channel k at
    // cell[k * stride]: its face, then the bonus tokens, houses and ship on it
    auto tile_channels = [&](float* cell, size_t stride, const Laid& tile) {
        const float* face = c.faces.data() + (size_t(tile.design) * 4 + tile.rotation) * size_t(fc);
        for (int k = 0; k < fc; ++k) cell[size_t(k) * stride] = face[k];
        auto at = [&](int channel) -> float& { return cell[size_t(channel) * stride]; };
        for (int k = 0; k < s.n_placed; ++k) {
            const Placed& p = s.placed[k];
            if (p.pos != tile.pos) continue;
            add(at(c.token_ch + p.kind), 1.0 / c.token_scale[size_t(p.kind)]);
            if (p.over) add(at(c.covered_ch + p.over - 1), 1.0 / c.resource_scale[size_t(p.over - 1)]);
        }
        for (int k = 0; k < s.n_houses; ++k)
            if (s.houses[k].pos == tile.pos) add(at(c.house_ch + place(s.houses[k].place)), 1.0 / c.house_scale);
        for (int k = 0; k < s.n_ships; ++k)
            if (s.ships[k].first == tile.pos) {
                int owner = s.ships[k].second;
                at(c.ship_ch + (owner < 0 ? 2 : owner == me ? 0 : 1)) = 1;
            }
    };
    if (c.side > 0) {  // the standard encoding: each tile on its square of the map
        const size_t side = size_t(c.side), area = side * side;
        for (int t = 0; t < s.n_tiles; ++t) {
            const Laid& tile = s.tiles[t];
            int x = c.xs[size_t(tile.pos)] + r, y = c.ys[size_t(tile.pos)] + r;
            if (x < 0 || y < 0 || size_t(x) >= side || size_t(y) >= side)
                throw nb::value_error("a tile laid off the map");
            tile_channels(o + c.p_map + size_t(y) * side + size_t(x), area, tile);
        }
    } else {  // the compact one: the laid tiles, in the order laid
        int width = c.tiles_width;
        if (s.n_tiles > c.tiles_rows) throw nb::value_error("more tiles laid than the plane holds");
        for (int t = 0; t < s.n_tiles; ++t) {
            const Laid& tile = s.tiles[t];
            float* row = o + c.p_tiles + size_t(t) * size_t(width);
            row[0] = x_of(tile.pos);
            row[1] = y_of(tile.pos);
            tile_channels(row + 2, 1, tile);
        }
    }
    if (list) list_legal(c, s, o);
    // the planes both encodings share (encoding_parts.py, Parts.fill): a seat's own hand,
    // cards and tokens; every seat's score and Discovery tokens once the game is over
    const bool over = s.over;
    const int n_land = c.n_land, n_cards = c.n_cards;
    const int n_tokens = c.n_tokens, n_exp = c.n_exp;
    const double all_houses = c.houses, score_scale = c.score_scale;
    for (int slot = 0; slot < s.n_row; ++slot)
        o[c.p_row + slot * n_land + c.land[size_t(s.row[slot])]] = 1;
    for (int p = 0; p < players; ++p) {
        int row = place(p);
        bool own = p == seat, mine = own || over;
        if (own) {
            for (int k = 0; k < s.n_hand[p]; ++k)
                add(o[c.p_hand + c.land[size_t(s.hands[p][k])]], 1.0 / c.in_hand);
        }
        o[c.p_hand_sizes + row] = float(double(s.n_hand[p]) / c.in_hand);
        for (int k = 0; k < s.n_tokens[p]; ++k) {
            int kind = s.tokens[p][k];
            add(o[c.p_bonus_tokens + row * 4 + kind], 1.0 / c.own_tokens[size_t(kind)]);
        }
        float* h = o + c.p_houses + row * 3;
        h[0] = float(double(s.supply[p]) / all_houses);
        h[1] = float(double(s.stock[p]) / all_houses);
        h[2] = float(double(s.built[p]) / all_houses);
        o[c.p_scores + row] = float(double(mine ? s.score(p) : s.public_score(p)) / score_scale);
        o[c.p_ports + row] = float(double(s.ports_around_ship(p)) / c.around);
        if (mine)
            for (int k = 0; k < s.n_found[p]; ++k)
                o[c.p_discoveries + row * n_tokens + c.token_col[size_t(s.found[p][k])]] = 1;
        o[c.p_discovery_counts + row] = float(double(s.n_found[p]) / std::max(1, n_tokens));
        int cards_held = 0;
        for (int k = 0; k < g.decks; ++k) {
            if (own)
                for (int j = 0; j < s.n_held[p][k]; ++j)
                    o[c.p_my_cards + c.card_col[size_t(k)][size_t(s.held[p][k][j])]] = 1;
            cards_held += s.n_held[p][k];
        }
        if (own) {
            for (int k = 0; k < s.n_now[p]; ++k)
                o[c.p_my_cards + n_cards + c.card_col[size_t(k)][size_t(s.now[p][k])]] = 1;
            for (int k = 0; k < s.n_later[p]; ++k)
                o[c.p_my_cards + 2 * n_cards + c.card_col[size_t(k)][size_t(s.later[p][k])]] = 1;
        }
        float* counts = o + c.p_card_counts + row * 3;
        counts[0] = float(double(cards_held) / double(c.held * g.decks));
        counts[1] = s.n_now[p] ? 1.0f : 0.0f;
        counts[2] = s.n_later[p] ? 1.0f : 0.0f;
    }
    for (int k = 0; k < s.n_revealed; ++k) {
        int p = s.revealed_order[k];
        for (int j = 0; j < s.n_revealed_cards[p]; ++j)
            o[c.p_revealed + place(p) * n_cards + c.card_col[size_t(j)][size_t(s.revealed[p][j])]] = 1;
    }
    // the tokens drawn are shown to the seat drawing them (none: to a spectator, as the view)
    int drawer = !over && (s.top().kind == DISCOVERING || s.top().kind == KEEPING) ? s.top().seat : -1;
    if (drawer == seat)
        for (int k = 0; k < s.n_drawn; ++k) o[c.p_drawn + c.token_col[size_t(s.drawn[k])]] = 1;
    float* numbers = o + c.p_counts;
    int at = 0;
    numbers[at++] = float(double(s.nav) / NAVIGATION);
    numbers[at++] = float(double(s.reserve) / c.stack_scale);
    for (int k = 0; k < g.decks; ++k)
        numbers[at++] = float(double(popcount(s.decks[k])) / c.deck_norm[size_t(k)]);
    numbers[at++] = float(double(popcount(s.disc_pool)) / std::max(1, n_tokens));
    numbers[at++] = float(double(s.n_drawn) / std::max(1, n_tokens));
    numbers[at++] = float(double(std::max(0, s.grey_ships_left())) / g.ships);
    numbers[at++] = float(double(s.round) / c.rounds);
    if (g.solo) {
        numbers[at++] = float(double(popcount(s.expeditions)) / std::max(1, n_exp));
        float* h = o + c.p_houses + players * 3;
        h[0] = float(double(s.supply[players]) / all_houses);
        h[2] = float(double(s.built[players]) / all_houses);
        o[c.p_scores + players] = float(double(s.alexis_score()) / score_scale);
        for (int k = 0; k < s.n_discards; ++k)
            o[c.p_expeditions + c.exp_col[size_t(s.discards[k])]] = 1;
        if (s.last_expedition >= 0)
            o[c.p_expeditions + n_exp + c.exp_col[size_t(s.last_expedition)]] = 1;
    }
    o[c.p_step + (over ? c.over_step : c.step_col[s.top().kind])] = 1;
    int current = s.current_player();
    if (current >= 0) o[c.p_to_move + (current - me + players) % players] = 1;
    o[c.p_first + place(s.first)] = 1;
}

// Many games of one configuration, stepped together (interop/vector.py's native side):
// chance from each game's own Python generator, drawn as the reference draws; the
// observations, masks and seats written straight into the caller's arrays.
struct Batch : terranova::BatchGames {
    const Game* game;
    nb::object game_ref;
    Figures c;
    std::vector<State> states;
    std::vector<int64_t> found;  // the legal actions' indices, in their order

    Batch(nb::object native, Figures figures, int games, int64_t max_steps_)
        : BatchGames(games, max_steps_), game(nb::cast<const Game*>(native)),
          game_ref(std::move(native)), c(std::move(figures)) {
        states.reserve(size_t(games));
        for (int i = 0; i < games; ++i) states.emplace_back(game, false);
    }

    size_t games() const { return states.size(); }
    int observation_size() const { return c.size; }
    int num_actions() const { return c.actions; }
    int seats() const { return game->players; }
    bool over(size_t i) const { return states[i].over; }
    void play(size_t i, uint32_t action) {
        states[i].apply(action);
        play_chance(i);
    }
    void returns(size_t i, double* row) const {
        std::vector<double> scores;
        states[i].scores(scores);
        std::copy(scores.begin(), scores.end(), row);
    }

    // state.sample_chance's draws, with the same calls on the game's generator
    void play_chance(size_t i) {
        State& s = states[i];
        static PyObject* randrange = PyUnicode_InternFromString("randrange");  // kept
        static PyObject* random = PyUnicode_InternFromString("random");  // kept
        std::vector<std::pair<uint32_t, int>> outcomes;
        while (s.chance()) {
            const Step& t = s.top();
            if (!s.can_draw(t)) throw nb::value_error("not a chance node");
            if (t.kind == REVEALING || t.kind == DEALING) {
                int total = s.nav + s.reserve;
                int k = nb::cast<int>(rngs[i].attr(randrange)(total));
                check(k >= 0 && k < total, "the generator's randrange gave a number out of range");
                s.apply(s.tile_drawn(k));
                continue;
            }
            s.outcomes(outcomes);
            double pick = nb::cast<double>(rngs[i].attr(random)()), total = 0.0,
                   each = 1.0 / double(outcomes.size());
            uint32_t chosen = outcomes.back().first;
            for (auto [code, w] : outcomes) {
                total += each;
                if (pick < total) {
                    chosen = code;
                    break;
                }
            }
            s.apply(chosen);
        }
    }

    void restart(size_t i) {
        states[i] = State(game);
        steps[i] = 0;
        play_chance(i);
        if (states[i].over)  // as the Python tables refuse a seat that is not one
            throw nb::value_error("a game of these components ends before any seat decides");
    }

    // The index of each of game i's legal actions, in their order (into ``found``).
    void indices_of(size_t i) {
        const State& s = states[i];
        found.clear();
        if (s.over || s.chance()) return;
        const auto& all = s.listed_legal();
        int64_t places = 0, lands = 0, tokens = 0, houses = 0;
        // Build's ranked fields: each card's rank among the held ones of its deck
        auto rank = [&](int deck, int card) {
            int r = 0;
            const auto& h = s.held[s.top().seat][deck];
            for (int k = 0; k < s.n_held[s.top().seat][deck]; ++k) r += h[k] < card;
            return int64_t(r);
        };
        for (uint32_t a : all) {
            uint32_t kind = kind_of(a), f = a & 0xFFFFFF;
            int64_t index;
            if (kind == PLACE)
                index = c.place_at + places++;
            else if (kind == LAND_SHIP)
                index = c.land_at + lands++;
            else if (kind == TOKEN)
                index = c.token_at + tokens++;
            else if (kind == HOUSE_AT)
                index = c.house_at + houses++;
            else if (kind == BUILD)
                index = c.build_at + rank(0, f >> 18 & 63) * c.build[0] +
                        rank(1, f >> 12 & 63) * c.build[1] + rank(0, f >> 6 & 63) * c.build[2] +
                        rank(1, f & 63) * c.build[3];
            else {
                auto it = c.fixed.find(a);
                if (it == c.fixed.end()) throw nb::value_error("an action outside the encoding");
                index = it->second;
            }
            found.push_back(index);
        }
        if (places > c.place_n || lands > c.land_n ||
            tokens > c.token_n || houses > c.house_n)
            throw nb::value_error("more legal actions of a kind than the encoding lists");
    }

    // The action of index ``index`` in game i, or NO_ACTION: none legal.
    uint32_t decode(size_t i, int64_t index) {
        indices_of(i);
        const auto& all = states[i].listed_legal();
        for (size_t k = 0; k < found.size(); ++k)
            if (found[k] == index) return all[k];
        return terranova::NO_ACTION;
    }

    std::vector<int64_t> legal_indices(size_t i) {
        indices_of(i);
        std::vector<int64_t> out = found;
        std::sort(out.begin(), out.end());
        return out;
    }

    // Game i's seat to move's observation (encoding.compact's, listing its legal actions),
    // mask and seat.
    void write(size_t i, float* obs, int8_t* mask, int64_t* current) {
        const State& s = states[i];
        int me = s.current_player();
        current[i] = me;
        observe(c, s, me, true, obs + i * size_t(c.size));
        int8_t* m = mask + i * size_t(c.actions);
        std::fill(m, m + c.actions, int8_t(0));
        indices_of(i);
        for (int64_t index : found) m[index] = 1;
    }
};

// The figures native_state.figures gives, each checked to be there and of its type.
Figures read_figures(const nb::dict& f) {
    Figures c;
    nb::dict whole = field<nb::dict>(f, "whole"), planes = field<nb::dict>(f, "planes"),
             scales = field<nb::dict>(f, "scales");
    std::pair<const char*, int*> ints[] = {{"build_at", &c.build_at},
                     {"covered_ch", &c.covered_ch},
                     {"face_channels", &c.face_channels},
                     {"house_at", &c.house_at},
                     {"house_ch", &c.house_ch},
                     {"house_n", &c.house_n},
                     {"houses", &c.houses},
                     {"land_at", &c.land_at},
                     {"land_n", &c.land_n},
                     {"laying", &c.laying},
                     {"n_cards", &c.n_cards},
                     {"n_exp", &c.n_exp},
                     {"n_land", &c.n_land},
                     {"n_tokens", &c.n_tokens},
                     {"place_at", &c.place_at},
                     {"place_n", &c.place_n},
                     {"placements_width", &c.placements_width},
                     {"reach", &c.reach},
                     {"rounds", &c.rounds},
                     {"ship_ch", &c.ship_ch},
                     {"side", &c.side},
                     {"over_step", &c.over_step},
                     {"span", &c.span},
                     {"tiles_rows", &c.tiles_rows},
                     {"tiles_width", &c.tiles_width},
                     {"token_at", &c.token_at},
                     {"token_ch", &c.token_ch},
                     {"token_n", &c.token_n},
                     {"token_width", &c.token_width},
                     {"in_hand", &c.in_hand},
                     {"held", &c.held},
                     {"around", &c.around},
                     {"size", &c.size},
                     {"actions", &c.actions}};
    for (auto [name, to] : ints) *to = field<int>(whole, name);
    std::pair<const char*, int*> starts[] = {{"bonus_tokens", &c.p_bonus_tokens},
                     {"card_counts", &c.p_card_counts},
                     {"counts", &c.p_counts},
                     {"discoveries", &c.p_discoveries},
                     {"discovery_counts", &c.p_discovery_counts},
                     {"drawn", &c.p_drawn},
                     {"expeditions", &c.p_expeditions},
                     {"first", &c.p_first},
                     {"hand", &c.p_hand},
                     {"hand_sizes", &c.p_hand_sizes},
                     {"house_spots", &c.p_house_spots},
                     {"houses", &c.p_houses},
                     {"landings", &c.p_landings},
                     {"map", &c.p_map},
                     {"my_cards", &c.p_my_cards},
                     {"placements", &c.p_placements},
                     {"ports", &c.p_ports},
                     {"revealed", &c.p_revealed},
                     {"row", &c.p_row},
                     {"scores", &c.p_scores},
                     {"step", &c.p_step},
                     {"tiles", &c.p_tiles},
                     {"to_move", &c.p_to_move},
                     {"token_spots", &c.p_token_spots}};
    for (auto [name, to] : starts) {
        // a plane the configuration lacks (no expeditions but in the solo game) starts nowhere
        *to = planes.contains(name) ? field<int>(planes, name) : -1;
    }
    c.lists = field<bool>(whole, "lists");
    c.house_scale = field<double>(scales, "house");
    c.score_scale = field<double>(scales, "score");
    c.stack_scale = field<double>(scales, "stack");
    auto four = [&](const char* name, auto& to) {
        auto v = field<std::vector<double>>(scales, name);
        check(v.size() == to.size(), "the encoding's scales");
        std::copy(v.begin(), v.end(), to.begin());
    };
    four("tokens", c.token_scale);
    four("own_tokens", c.own_tokens);
    four("resources", c.resource_scale);
    auto decks = field<std::vector<double>>(scales, "decks");
    check(decks.size() <= 2, "the encoding's decks");
    std::copy(decks.begin(), decks.end(), c.deck_norm.begin());
    c.faces = field<std::vector<float>>(f, "faces");
    c.id_rank = field<Ints>(f, "id_rank");
    c.land = field<Ints>(f, "land");
    c.xs = field<Ints>(f, "xs");
    c.ys = field<Ints>(f, "ys");
    c.token_col = field<Ints>(f, "token_col");
    c.exp_col = field<Ints>(f, "exp_col");
    c.step_col = field<Ints>(f, "step_col");
    c.card_col = field<Rows>(f, "card_col");
    for (auto [code, index] : field<std::vector<std::pair<uint32_t, int64_t>>>(f, "fixed"))
        c.fixed[code] = index;
    auto build = field<std::vector<int64_t>>(f, "build");
    check(build.size() == 4, "Build's four strides");
    std::copy(build.begin(), build.end(), c.build.begin());
    return c;
}

// Raise ValueError unless the figures' tables are of the engine's numbers: an entry a
// design, square, Discovery token, Expedition card, step kind and card of each deck.
void check_figures(const Figures& c, const Game& g) {
    size_t designs = size_t(g.designs);
    bool fits = c.face_channels > 0 && c.faces.size() == designs * 4 * size_t(c.face_channels) &&
                c.id_rank.size() == designs && c.land.size() == size_t(g.landscape) &&
                c.xs.size() == g.cells.size() && c.ys.size() == g.cells.size() &&
                c.token_col.size() == g.discovery_values.size() &&
                c.exp_col.size() == g.expedition_land.size() &&
                c.step_col.size() == size_t(STEP_KINDS) && c.card_col.size() == size_t(g.decks) &&
                c.span > 0 && c.laying > 1 && c.size > 0;
    for (int k = 0; fits && k < g.decks; ++k)
        fits = c.card_col[size_t(k)].size() == size_t(g.deck_size[size_t(k)]);
    if (!fits) throw nb::value_error("the encoding's tables, one entry a number of the engine's");
}

// One state's observations in one encoding, for the research adapters (interop/table.py;
// native_state.observer): the writer of the batch's rows, for any seat or a spectator.
struct Observer {
    nb::object actions_ref;  // the configuration's Actions: its game and tables
    const Actions* actions;
    Figures c;

    Observer(nb::object actions_, Figures figures)
        : actions_ref(std::move(actions_)), actions(nb::cast<const Actions*>(actions_ref)),
          c(std::move(figures)) {
        check_figures(c, *actions->native);
    }

    // The observation of ``seat`` (None: a spectator's) over ``out``, a float32 vector of the
    // encoding's size, C-contiguous: ValueError for another array or a state of another
    // configuration, nothing written.
    void write(const Play& p, std::optional<int> seat, nb::handle out) const {
        if (p.actions != actions && p.s.game != actions->native && !p.actions->game.equal(actions->game))
            throw nb::value_error("a state of another configuration than the observer's");
        nb::ndarray<nb::device::cpu> row;
        if (!nb::try_cast(out, row, false) || row.dtype() != nb::dtype<float>() || row.ndim() != 1 ||
            row.shape(0) != size_t(c.size) || (c.size > 1 && row.stride(0) != 1))
            throw nb::value_error("not a float32 vector of the encoding's observation size");
        int players = p.s.game->players;
        if (seat && (*seat < 0 || *seat >= players)) throw nb::value_error("no such seat");
        int who = seat ? *seat : -1;
        bool list = c.lists && seat && *seat == p.s.current_player();
        observe(c, p.s, who, list, static_cast<float*>(row.data()));
    }
};

}  // namespace small_islands

NB_MODULE(_native, m) {
    m.doc() = "Small Islands' rules in C++ (small_islands.hpp).";
    m.attr("CHANCE") = CHANCE;
    m.attr("TERMINAL") = TERMINAL;

    nb::class_<Game>(m, "Game")
        .def("__init__", [](Game* self, const nb::dict& tables) { new (self) Game(make_game(tables)); })
        .def_ro("players", &Game::players);

    nb::class_<Actions>(m, "Actions")
        .def(nb::init<nb::object, nb::object, nb::object, nb::object, nb::object>(), nb::arg("native"),
             nb::arg("game"), nb::arg("make"), nb::arg("encode"), nb::arg("refuse"))
        .def_prop_ro("game", [](const Actions& a) { return a.game; })
        .def_prop_ro("native", [](const Actions& a) { return a.native_ref; });

    nb::class_<Play>(m, "Play")
        .def("__init__",
             [](Play* self, nb::object actions) {
                 const Game* game = nb::cast<Actions*>(actions)->native;
                 new (self) Play(State(game), std::move(actions), nb::tuple());
             })
        .def_prop_ro("game", [](const Play& p) { return p.actions->game; })
        .def_prop_ro("num_seats", [](const Play& p) { return p.s.game->players; })
        .def_prop_ro("ply", [](const Play& p) { return p.s.ply; })
        .def_prop_ro("over", [](const Play& p) { return p.s.over; })
        .def_prop_ro("waiting",
                     [](const Play& p) {
                         if (p.s.over) return std::make_tuple(-1, 0, 0);
                         const Step& t = p.s.top();
                         return std::make_tuple(int(t.kind), int(t.seat), int(t.a));
                     })
        .def("current_player", [](const Play& p) { return p.s.current_player(); })
        .def("is_terminal", [](const Play& p) { return p.s.over; })
        .def("legal_actions",
             [](Play& p) {
                 if (!p.s.chance()) return listed(p, p.s.listed_legal());
                 std::vector<uint32_t> out;
                 p.s.legal(out);
                 return listed(p, out);
             })
        .def("chance_outcomes",
             [](Play& p) {
                 nb::list out;
                 if (!p.s.chance()) return out;
                 std::vector<std::pair<uint32_t, int>> outcomes;
                 p.s.outcomes(outcomes);
                 double total = p.s.outcome_total();
                 for (auto [code, n] : outcomes)
                     out.append(nb::make_tuple(nb::handle(p.actions->action(code)), double(n) / total));
                 return out;
             })
        .def("sample_chance",
             [](Play& p, nb::handle rng) {
                 // nothing to draw: the reference's error, the generator untouched
                 if (!p.s.chance() || !p.s.can_draw(p.s.top())) throw nb::value_error("not a chance node");
                 const Step& t = p.s.top();
                 if (t.kind == REVEALING || t.kind == DEALING) {
                     int total = p.s.nav + p.s.reserve;
                     int k = nb::cast<int>(rng.attr("randrange")(total));
                     check(k >= 0 && k < total, "the generator's randrange gave a number out of range");
                     return nb::borrow(p.actions->action(p.s.tile_drawn(k)));
                 }
                 std::vector<std::pair<uint32_t, int>> outcomes;
                 p.s.outcomes(outcomes);
                 double pick = nb::cast<double>(rng.attr("random")()), total = 0.0,
                        each = 1.0 / double(outcomes.size());
                 for (auto [code, n] : outcomes) {
                     total += each;
                     if (pick < total) return nb::borrow(p.actions->action(code));
                 }
                 return nb::borrow(p.actions->action(outcomes.back().first));
             })
        .def("apply",
             [](Self self, nb::handle action) {
                 Play& p = *self.p;
                 int64_t code = p.actions->code(action);
                 if (code < 0 || !p.s.is_legal(uint32_t(code))) {
                     p.actions->refuse(self.h, action);
                     throw nb::value_error("not a legal action now");
                 }
                 p.s.apply(uint32_t(code));
                 p.history.push_back(nb::borrow(action));
             })
        .def("clone", [](Self self) { return made_like(self.h.type(), Play(*self.p)); })
        .def("returns", [](const Play& p) { return scores_of(p.s); })
        .def("scores", [](const Play& p) { return scores_of(p.s); })
        .def("points",
             [](const Play& p) {
                 Ints out;
                 for (int s = 0; s < p.s.game->players; ++s)
                     out.push_back(p.s.over ? p.s.score(s) : p.s.public_score(s));
                 return out;
             })
        .def("alexis_score", [](const Play& p) { return p.s.alexis_score(); })
        .def("history",
             [](const Play& p) {
                 nb::list out;
                 for (const nb::object& a : p.history) out.append(a);
                 return out;
             })
        .def("estimate",
             [](const Play& p, int seat) {
                 if (seat < 0 || seat >= p.s.game->players) throw nb::index_error("no such seat");
                 return p.s.worth(seat);
             })
        .def("estimates",
             [](const Play& p) {
                 std::vector<double> out;
                 for (int s = 0; s < p.s.game->players; ++s) out.push_back(p.s.worth(s));
                 return out;
             })
        .def(
            "redrawn",
            [](Self self, int seat, nb::handle rng) {
                if (seat < 0 || seat >= self.p->s.game->players) throw nb::index_error("no such seat");
                Play copy(*self.p);
                copy.history.clear();
                copy.s.ply = 0;
                if (!copy.s.over) redraw(copy.s, self.p->s, seat, rng);
                return made_like(self.h.type(), std::move(copy));
            },
            "A copy with what seat has not seen drawn again, and no history.")
        .def("record",
             [](const Play& p) {
                 nb::dict r = record_of(p.s);
                 r["sheet"] = p.sheet_before;
                 return r;
             })
        .def_static(
            "restore",
            [](nb::handle type, nb::object actions, const nb::dict& record, nb::list history) {
                if (!PyType_Check(type.ptr()) ||
                    !PyType_IsSubtype((PyTypeObject*)type.ptr(), (PyTypeObject*)nb::type<Play>().ptr()))
                    throw nb::type_error("restore makes a Play or a class derived from it");
                const Game* game = nb::cast<Actions*>(actions)->native;
                PyObject* lines = PySequence_Tuple(field<nb::object>(record, "sheet").ptr());
                if (!lines) throw nb::python_error();
                nb::object sheet = nb::steal(lines);
                Play play(restore(game, record, int(nb::len(history))), std::move(actions), sheet);
                for (nb::handle a : history) play.history.push_back(nb::borrow(a));
                return made_like(type, std::move(play));
            })
        .def(
            "greedy",
            [](Play& p, nb::handle rng) {
                if (p.s.over || p.s.chance()) throw nb::value_error("greedy plays a decision");
                auto below = [&](int n) {
                    int k = nb::cast<int>(rng.attr("randrange")(n));
                    check(k >= 0 && k < n, "the generator's randrange gave a number out of range");
                    return k;
                };
                std::vector<uint32_t> legal = p.s.listed_legal();
                if (legal.empty()) throw nb::value_error("no legal action");
                return nb::borrow(p.actions->action(greedy(p.s, legal, below)));
            },
            "The action bots.greedy plays here, ties broken by rng.randrange (the same calls).")
        .def(
            "play_out",
            [](const Play& p, uint64_t seed) {
                State copy(p.s);
                Rng rng{seed};
                std::vector<uint32_t> legal;
                std::vector<std::pair<uint32_t, int>> outcomes;
                long decisions = play_out(copy, rng, legal, outcomes);
                if (decisions < 0) throw nb::value_error("a position that waits on nothing");
                std::vector<double> out;
                copy.scores(out);
                return std::make_pair(decisions, out);
            },
            "A random game from here to its end, natively, on a copy: (decisions, returns).");

    m.def(
        "random_games",
        [](const Game* game, int games, uint64_t seed) {
            long decisions = 0;
            {
                nb::gil_scoped_release released;
                Rng rng{seed};
                std::vector<uint32_t> legal;
                std::vector<std::pair<uint32_t, int>> outcomes;
                legal.reserve(1024);
                for (int i = 0; i < games; ++i) {
                    State s(game);
                    decisions += play_out(s, rng, legal, outcomes);
                }
            }
            return decisions;
        },
        "Play games at random from their start, natively: the decisions made.");

    nb::class_<Batch> batch(m, "Batch");
    batch
        .def("__init__",
             [](Batch* self, nb::object native, const nb::dict& figures, int games, int64_t max_steps) {
                 Figures c = read_figures(figures);
                 check(games >= 1 && max_steps >= 0, "one game or more, and steps 0 or more");
                 check(c.lists && c.side == 0, "the batch observes in the compact encoding");
                 check_figures(c, *nb::cast<const Game*>(native));
                 new (self) Batch(std::move(native), std::move(c), games, max_steps);
             },
             nb::arg("native"), nb::arg("figures"), nb::arg("games"), nb::arg("max_steps"));
    terranova::bind_batch(batch);

    nb::class_<Observer>(m, "Observer")
        .def("__init__",
             [](Observer* self, nb::object actions, const nb::dict& figures) {
                 new (self) Observer(std::move(actions), read_figures(figures));
             },
             nb::arg("actions"), nb::arg("figures"))
        .def("write", &Observer::write, nb::arg("state"), nb::arg("seat").none(), nb::arg("out").none(),
             "Write the observation of ``seat`` (None: a spectator's) of ``state`` over ``out``.");
}
