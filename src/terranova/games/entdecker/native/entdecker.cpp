// terranova.games.entdecker._native: the C++ engine of entdecker.hpp for Python
// (native_state.py wraps it in the state protocol).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "batch.hpp"
#include "greedy.hpp"
#include "observe.hpp"

namespace nb = nanobind;
using namespace entdecker;

// a named namespace: another game's module may bind types named alike (Actions, Play), and
// nanobind tells types apart by their names
namespace entdecker_bindings {

void check(bool ok, const char* what) {
    if (!ok) throw nb::value_error(what);
}

template <class T>
T get(const nb::dict& d, const char* key) {
    if (!d.contains(key)) throw nb::value_error((std::string("no entry ") + key).c_str());
    return nb::cast<T>(d[key]);
}

using Ints = std::vector<int>;
using Rows = std::vector<Ints>;

// A configuration's tables from the Python ones (native_state.native_game), checked
// against the engine's bounds: what is beyond them is refused by name.
Game make_game(const nb::dict& t) {
    Game g;
    g.players = get<int>(t, "players");
    g.width = get<int>(t, "width");
    g.height = get<int>(t, "height");
    g.stride = get<int>(t, "stride");
    auto cells = get<Ints>(t, "cells");
    g.positions = int(cells.size());
    check(g.players >= 2 && g.players <= MAX_SEATS, "2 to 4 players for the native engine");
    check(g.width * g.height <= MAX_SQUARES && g.positions <= MAX_POS,
          "a board of at most 128 squares for the native engine");
    check(g.stride == g.width + 2 && g.positions == g.stride * (g.height + 2),
          "a grid with a ring around the board");
    for (int c : cells) g.cells.push_back(uint8_t(c));
    g.step = {-g.stride, 1, g.stride, -1};
    for (int q : get<Ints>(t, "squares")) {
        check(q > 0 && q < g.positions && g.cells[q], "a square on the board");
        g.squares.push_back(int16_t(q));
    }
    auto pieces = get<Ints>(t, "pieces");
    g.designs = int(pieces.size());
    check(g.designs >= 1 && g.designs <= MAX_DESIGNS, "1 to 64 designs for the native engine");
    auto piece = get<std::vector<Rows>>(t, "piece");
    auto lane = get<std::vector<Rows>>(t, "lane");
    auto piece_edges = get<std::vector<std::vector<Rows>>>(t, "piece_edges");
    auto lane_edges = get<std::vector<std::vector<Rows>>>(t, "lane_edges");
    auto adds = get<std::vector<Rows>>(t, "adds");
    auto fits = get<std::vector<Rows>>(t, "fits");
    auto bonus = get<Ints>(t, "bonus"), event = get<Ints>(t, "event");
    auto hidden = get<Ints>(t, "hidden"), setup = get<Ints>(t, "setup");
    size_t n = size_t(g.designs);
    check(piece.size() == n && lane.size() == n && piece_edges.size() == n &&
              lane_edges.size() == n && adds.size() == n && fits.size() == n &&
              bonus.size() == n && event.size() == n && hidden.size() == n && setup.size() == n,
          "one entry a design in every table");
    long all_pieces = 0, stacked = 0;
    for (size_t d = 0; d < n; ++d) {
        check(pieces[d] >= 0 && pieces[d] <= MAX_PIECES, "at most 6 land pieces a design");
        g.pieces.push_back(uint8_t(pieces[d]));
        check(bonus[d] >= 0 && bonus[d] < 256 && event[d] >= 0 && event[d] <= NATIVES,
              "a design's bonus and event");
        g.bonus.push_back(uint8_t(bonus[d]));
        g.event.push_back(uint8_t(event[d]));
        check(hidden[d] >= 0 && setup[d] >= 0 && hidden[d] < 10000 && setup[d] < 10000,
              "a design's count");
        g.hidden.push_back(int16_t(hidden[d]));
        g.setup.push_back(int16_t(setup[d]));
        stacked += hidden[d];
        std::array<std::array<int8_t, 4>, 4> p{}, l{};
        std::array<std::array<uint8_t, MAX_PIECES>, 4> pe{};
        std::array<std::array<std::array<int8_t, 4>, 4>, 4> le{};
        std::array<uint8_t, 4> lanes{};
        std::array<std::array<uint16_t, 4>, 4> a{};
        check(piece[d].size() == 4 && lane[d].size() == 4 && piece_edges[d].size() == 4 &&
                  lane_edges[d].size() == 4 && adds[d].size() == 4,
              "a row a rotation");
        for (int r = 0; r < 4; ++r) {
            check(piece[d][r].size() == 4 && lane[d][r].size() == 4 && adds[d][r].size() == 4 &&
                      int(piece_edges[d][r].size()) == pieces[d] && lane_edges[d][r].size() <= 4,
                  "a value an edge, a piece, a lane");
            lanes[r] = uint8_t(lane_edges[d][r].size());
            for (int e = 0; e < 4; ++e) {
                check(piece[d][r][e] >= -1 && piece[d][r][e] < pieces[d] && lane[d][r][e] >= -1 &&
                          lane[d][r][e] < int(lanes[r]) && adds[d][r][e] >= 0 &&
                          adds[d][r][e] <= 256,
                      "an edge's piece, lane and constraint");
                p[r][e] = int8_t(piece[d][r][e]);
                l[r][e] = int8_t(lane[d][r][e]);
                a[r][e] = uint16_t(adds[d][r][e]);
            }
            for (int k = 0; k < pieces[d]; ++k)
                for (int e : piece_edges[d][r][k]) {
                    check(e >= 0 && e < 4, "a piece's edge");
                    pe[r][k] |= uint8_t(1 << e);
                }
            for (size_t k = 0; k < lanes[r]; ++k) {
                le[r][k].fill(-1);
                check(lane_edges[d][r][k].size() <= 4, "a lane's edges");
                for (size_t i = 0; i < lane_edges[d][r][k].size(); ++i) {
                    int e = lane_edges[d][r][k][i];
                    check(e >= 0 && e < 4, "a lane's edge");
                    le[r][k][i] = int8_t(e);
                }
            }
            for (size_t k = lanes[r]; k < 4; ++k) le[r][k].fill(-1);
        }
        check(lanes[0] == lanes[1] && lanes[1] == lanes[2] && lanes[2] == lanes[3],
              "the same lanes in every rotation");
        g.piece.push_back(p);
        g.lane.push_back(l);
        g.piece_edges.push_back(pe);
        g.lane_edges.push_back(le);
        g.lanes.push_back(lanes);
        g.adds.push_back(a);
        check(fits[d].size() == 257, "a fit table of 257 codes");
        std::array<uint8_t, 257> f{};
        for (int c = 0; c < 257; ++c) {
            int last = -1;
            for (int r : fits[d][c]) {
                check(r > last && r < 4, "a fit table's rotations, in order");
                last = r;
                f[c] |= uint8_t(1 << r);
            }
        }
        g.fits.push_back(f);
        all_pieces += long(pieces[d]) * (hidden[d] + setup[d]);
    }
    auto open_design = get<Ints>(t, "open_design"), open_count = get<Ints>(t, "open_count");
    check(open_design.size() == 7 && open_count.size() == 7, "seven open stacks");
    for (int k = 0; k < 7; ++k) {
        check(open_design[k] >= -1 && open_design[k] < g.designs && open_count[k] >= 0 &&
                  open_count[k] < 10000,
              "an open stack");
        g.open_design[k] = int8_t(open_design[k]);
        g.open_count[k] = int16_t(open_count[k]);
        stacked += open_count[k];
        if (open_design[k] >= 0) all_pieces += long(pieces[open_design[k]]) * open_count[k];
    }
    check(stacked < MAX_DISCARDS, "at most 255 tiles in the stacks for the native engine");
    check(all_pieces <= MAX_NODES ||
              long(g.width) * g.height * MAX_PIECES <= MAX_NODES,
          "at most 256 land pieces for the native engine");
    for (const auto& layout : get<std::vector<Rows>>(t, "layouts")) {
        std::vector<std::array<int16_t, 3>> laid;
        for (const auto& tile : layout) {
            check(tile.size() == 3 && tile[0] >= 0 && tile[0] < g.designs && g.on_board(tile[1]) &&
                      tile[2] >= 0 && tile[2] < 4,
                  "a set-up's tile");
            laid.push_back({int16_t(tile[0]), int16_t(tile[1]), int16_t(tile[2])});
        }
        g.layouts.push_back(laid);
    }
    for (int i : get<Ints>(t, "variable")) {
        check(i >= 0 && i < int(g.layouts.size()), "a variable set-up");
        g.variable.push_back(uint8_t(i));
    }
    g.beginner = get<int>(t, "beginner");
    check(g.beginner >= 0 && g.beginner < int(g.layouts.size()), "the beginner set-up");
    auto point_pos = get<Ints>(t, "point_pos"), point_edge = get<Ints>(t, "point_edge");
    auto cost = get<Ints>(t, "cost");
    g.points = int(point_pos.size());
    check(g.points <= MAX_POINTS, "at most 64 start points for the native engine");
    check(point_edge.size() == point_pos.size() && cost.size() == point_pos.size(),
          "one entry a start point");
    g.points_at.assign(size_t(g.positions), {});
    for (int k = 0; k < g.points; ++k) {
        check(g.on_board(point_pos[k]) && point_edge[k] >= 0 && point_edge[k] < 4 &&
                  cost[k] >= 0 && cost[k] < 1000,
              "a start point");
        g.point_pos.push_back(int16_t(point_pos[k]));
        g.point_edge.push_back(uint8_t(point_edge[k]));
        g.cost.push_back(int16_t(cost[k]));
        g.points_at[point_pos[k]].push_back(uint8_t(k));
    }
    auto nearest = get<Rows>(t, "nearest");
    check(int(nearest.size()) == g.positions, "the nearest start points of every position");
    for (const auto& order : nearest) {
        std::vector<uint8_t> row;
        for (int k : order) {
            check(k >= 0 && k < g.points, "a start point");
            row.push_back(uint8_t(k));
        }
        g.nearest.push_back(row);
    }
    g.start_gold = get<int>(t, "start_gold");
    g.income_below = get<int>(t, "income_below");
    g.scouts = get<int>(t, "scouts");
    g.forts = get<int>(t, "forts");
    g.settlements = get<int>(t, "settlements");
    check(g.scouts >= 1 && g.forts >= 0 && g.settlements >= 0 &&
              g.players * (g.scouts + g.forts + g.settlements) <= MAX_UNITS &&
              (g.players - 1) * (g.forts + g.settlements) <= MAX_TOLLS &&
              g.forts + g.settlements < 16 && g.start_gold >= 0 && g.start_gold < 100000,
          "units beyond the native engine's bounds");
    auto unit_costs = get<Ints>(t, "unit_costs");
    check(unit_costs.size() == 3, "three unit costs");
    for (int k = 0; k < 3; ++k) g.unit_costs[k] = unit_costs[k];
    g.open_tile = get<int>(t, "open_tile");
    g.hidden_tile = get<int>(t, "hidden_tile");
    g.toll = get<int>(t, "toll");
    g.mine = get<int>(t, "mine");
    g.wheel_low = get<int>(t, "wheel_low");
    g.wheel_high = get<int>(t, "wheel_high");
    check(g.open_tile >= 1 && g.hidden_tile >= 1 && g.toll >= 0 && g.mine >= 0 &&
              g.wheel_low >= 1 && g.wheel_high >= g.wheel_low && g.wheel_high < (1 << 20),
          "the board's costs");
    g.faces = get<Ints>(t, "faces");
    g.face_chance = get<std::vector<double>>(t, "face_chance");
    check(!g.faces.empty() && g.faces.size() == g.face_chance.size(), "the die's faces");
    for (int f : g.faces) check(f >= 0 && f < (1 << 20), "a face of the die");
    g.path_length = get<Ints>(t, "paths");
    g.token_value = get<Ints>(t, "tokens");
    check(g.path_length.size() <= MAX_PATHS && g.token_value.size() <= MAX_TOKENS &&
              !g.token_value.empty(),
          "at most 16 paths and 64 tokens for the native engine");
    for (int length : g.path_length)
        check(length >= 1 && length <= MAX_PATH, "paths of 1 to 16 spaces for the native engine");
    g.token_mean = get<double>(t, "token_mean");
    g.natives_to_path = get<bool>(t, "natives_to_path");
    g.tie_active = get<bool>(t, "tie_active");
    g.frame_open = get<bool>(t, "frame_open");
    g.gold_tiebreak = get<bool>(t, "gold_tiebreak");
    g.variable_setup = get<bool>(t, "variable_setup");
    g.tile_cap = get<int>(t, "tile_cap");
    check(!g.variable_setup || !g.variable.empty(), "a variable set-up to draw");
    return g;
}

// ------------------------------------------------------------ position records

const char* TURN_KINDS[] = {"", "hidden", "open"};

nb::object start_of(uint64_t start) {
    if (start == ~uint64_t(0)) return nb::none();
    uint64_t f = start & FIELDS;
    if (act_kind(start) == A_START_EDGE) return nb::make_tuple("edge", int(f));
    nb::list seats;
    for (int s = 0; s < MAX_SEATS; ++s)
        for (uint64_t k = 0; k < (f >> (16 + 4 * s) & 15); ++k) seats.append(s);
    return nb::make_tuple("tile", int(f & 0xFF), int(f >> 8 & 3), int(f >> 10 & 63),
                          nb::tuple(seats));
}

nb::dict record_of(const State& s) {
    const Game& g = *s.game;
    nb::dict r;
    nb::list agenda;
    for (int i = 0; i < s.depth; ++i)
        agenda.append(nb::make_tuple(int(s.agenda[i].kind), int(s.agenda[i].seat),
                                     int(s.agenda[i].arg)));
    r["agenda"] = agenda;
    r["over"] = s.over;
    r["ending"] = int(s.ending);
    nb::list tiles;
    for (int i = 0; i < s.n_tiles; ++i)
        tiles.append(nb::make_tuple(int(s.tiles[i][0]), int(s.tiles[i][1]), int(s.tiles[i][2])));
    r["tiles"] = tiles;
    Ints fortified;
    for (int pos = 0; pos < g.positions; ++pos)
        if (has(s.fortified, pos)) fortified.push_back(pos);
    r["fortified"] = fortified;
    nb::list launches;
    for (int i = 0; i < s.n_launches; ++i)
        launches.append(nb::make_tuple(int(s.launches[i].root), int(s.launches[i].cost),
                                       s.launches[i].points));
    r["launches"] = launches;
    nb::list units;
    for (int i = 0; i < s.n_units; ++i)
        units.append(nb::make_tuple(int(s.units[i].node), int(s.units[i].seat),
                                    int(s.units[i].kind)));
    r["units"] = units;
    r["scored"] = Ints(s.scored.begin(), s.scored.begin() + s.n_scored);
    r["gold"] = Ints(s.gold.begin(), s.gold.begin() + g.players);
    r["bank"] = s.bank;
    r["score"] = Ints(s.score.begin(), s.score.begin() + g.players);
    Rows supply;
    for (int p = 0; p < g.players; ++p) supply.push_back(Ints(s.supply[p].begin(), s.supply[p].end()));
    r["supply"] = supply;
    r["hidden"] = Ints(s.hidden.begin(), s.hidden.begin() + g.designs);
    r["open_stacks"] = Ints(s.open_stacks.begin(), s.open_stacks.end());
    r["discards"] = Ints(s.discards.begin(), s.discards.begin() + s.n_discards);
    r["box"] = Ints(s.box.begin(), s.box.begin() + g.designs);
    r["layout"] = int(s.layout);
    Rows paths;
    for (size_t p = 0; p < g.path_length.size(); ++p)
        paths.push_back(Ints(s.paths[p].begin(), s.paths[p].begin() + g.path_length[p]));
    r["paths"] = paths;
    size_t n_paths = g.path_length.size();
    r["huts"] = Ints(s.huts.begin(), s.huts.begin() + long(n_paths));
    r["known"] = Ints(s.known.begin(), s.known.begin() + long(n_paths));
    Ints bag;
    for (int k = 0; k < 64; ++k)
        if (s.bag >> k & 1) bag.push_back(k);
    r["bag"] = bag;
    if (s.has_turn) {
        const Turn& t = s.turn;
        nb::dict turn;
        turn["seat"] = int(t.seat);
        turn["kind"] = TURN_KINDS[t.kind];
        turn["left"] = int(t.left);
        nb::list exits;
        for (int i = 0; i < t.exits; ++i)
            exits.append(nb::make_tuple(int(t.exit_pos[i]), int(t.exit_edge[i])));
        turn["exits"] = exits;
        turn["ship"] = int(t.ship);
        turn["laid"] = Ints(t.laid_at.begin(), t.laid_at.begin() + t.laid);
        turn["storm"] = t.storm;
        turn["completed"] = Ints(t.completed_at.begin(), t.completed_at.begin() + t.completed);
        turn["start"] = start_of(t.start);
        r["turn"] = turn;
    } else {
        r["turn"] = nb::none();
    }
    r["passes"] = int(s.passes);
    r["closing"] = s.closing;
    r["turns"] = int(s.turns);
    return r;
}

// A state from a position record (position.position), every number checked against the
// game's bounds: its tiles laid again in order, the sea lanes kept apart at the fortified
// squares recorded, the start points in the recorded order, the rest as recorded.
State restore(const Game* game, const nb::dict& r) {
    const Game& g = *game;
    State s(game, false);
    auto tiles = get<std::vector<std::tuple<int, int, int>>>(r, "tiles");
    check(int(tiles.size()) <= int(g.squares.size()), "a record's tiles");
    try {
        for (auto [pos, design, rotation] : tiles) {
            check(g.on_board(pos) && s.at[pos] < 0, "a record's tile off the board or on another");
            check(design >= 0 && design < g.designs && rotation >= 0 && rotation < 4,
                  "a record's tile design or rotation");
            s.lay(pos, design, rotation);
        }
    } catch (const std::length_error&) {
        throw nb::value_error("a record's tiles: beyond the native engine's bounds");
    }
    Bits fortified{};
    for (int pos : get<Ints>(r, "fortified")) {
        check(g.on_board(pos) && s.at[pos] >= 0, "a record's fortified square without a tile");
        set(fortified, pos);
    }
    if (fortified != Bits{}) s.lanes_rebuild(fortified);
    auto launches = get<std::vector<std::tuple<int, int, uint64_t>>>(r, "launches");
    check(launches.size() <= MAX_POINTS, "a record's launches");
    s.n_launches = 0;
    for (auto [root, cost, points] : launches) {
        check(root >= 0 && root < 4 * g.positions && cost >= 0 && cost < 1000 &&
                  (g.points == 64 || points >> g.points == 0),
              "a record's launches");
        s.launches[s.n_launches++] = Launch{int16_t(root), int16_t(cost), points};
    }
    auto units = get<std::vector<std::tuple<int, int, int>>>(r, "units");
    check(units.size() <= MAX_UNITS, "a record's units");
    for (auto [node, seat, kind] : units) {
        check(node >= 0 && node < s.nodes && seat >= 0 && seat < g.players && kind >= 0 &&
                  kind <= SETTLEMENT,
              "a record's unit");
        s.add_unit(node, seat, kind);
    }
    auto scored = get<Ints>(r, "scored");
    check(scored.size() <= MAX_NODES, "a record's islands scored");
    for (int root : scored) {
        check(root >= 0 && root < s.nodes, "a record's island scored");
        // once each: a turn's scoring adds the islands not there yet, and the array holds
        // one entry a node
        for (int j = 0; j < s.n_scored; ++j) check(s.scored[j] != root, "a record's island scored");
        s.scored[s.n_scored++] = int16_t(root);
    }
    auto gold = get<Ints>(r, "gold"), score = get<Ints>(r, "score");
    auto supply = get<Rows>(r, "supply");
    check(int(gold.size()) == g.players && int(score.size()) == g.players &&
              int(supply.size()) == g.players,
          "a record's entries, one a seat");
    for (int p = 0; p < g.players; ++p) {
        check(gold[p] >= 0 && gold[p] < (1 << 24) && score[p] > -(1 << 24) &&
                  score[p] < (1 << 24),
              "a record's gold or score");
        s.gold[p] = gold[p];
        s.score[p] = score[p];
        check(supply[p].size() == 3, "a record's supply");
        for (int k = 0; k < 3; ++k) {
            check(supply[p][k] >= 0 && supply[p][k] < 1000, "a record's supply");
            s.supply[p][k] = int16_t(supply[p][k]);
        }
    }
    s.bank = get<int>(r, "bank");
    check(s.bank > -(1 << 24) && s.bank < (1 << 24), "a record's bank");
    auto hidden = get<Ints>(r, "hidden"), box = get<Ints>(r, "box");
    check(int(hidden.size()) == g.designs && int(box.size()) == g.designs,
          "a record's stacks, one count a design");
    for (int d = 0; d < g.designs; ++d) {
        check(hidden[d] >= 0 && hidden[d] <= g.hidden[d] && box[d] >= 0 && box[d] <= g.setup[d],
              "a record's stacks");
        s.hidden[d] = int16_t(hidden[d]);
        s.box[d] = int16_t(box[d]);
    }
    auto open_stacks = get<Ints>(r, "open_stacks");
    check(open_stacks.size() == 7, "a record's open stacks");
    for (int k = 0; k < 7; ++k) {
        check(open_stacks[k] >= 0 && open_stacks[k] <= g.open_count[k], "a record's open stacks");
        s.open_stacks[k] = int16_t(open_stacks[k]);
    }
    auto discards = get<Ints>(r, "discards");
    check(discards.size() < MAX_DISCARDS, "a record's discards");
    for (int d : discards) {
        check(d >= 0 && d < g.designs, "a record's discard");
        s.discards[s.n_discards++] = uint8_t(d);
    }
    int layout = get<int>(r, "layout");
    check(layout >= -1 && layout < int(g.layouts.size()), "a record's set-up");
    s.layout = int8_t(layout);
    auto paths = get<Rows>(r, "paths");
    auto huts = get<Ints>(r, "huts"), known = get<Ints>(r, "known");
    size_t n_paths = g.path_length.size();
    int tokens = int(g.token_value.size());
    check(paths.size() == n_paths && huts.size() == n_paths && known.size() == n_paths,
          "a record's paths, one entry a path");
    for (size_t p = 0; p < n_paths; ++p) {
        check(int(paths[p].size()) == g.path_length[p], "a record's path");
        for (int k = 0; k < g.path_length[p]; ++k) {
            check(paths[p][k] >= -1 && paths[p][k] < g.players, "a record's path");
            s.paths[p][k] = int8_t(paths[p][k]);
        }
        check(huts[p] >= -1 && huts[p] < tokens && known[p] >= 0 && known[p] < (1 << g.players),
              "a record's hut");
        s.huts[p] = int8_t(huts[p]);
        s.known[p] = uint8_t(known[p]);
    }
    s.bag = 0;
    for (int k : get<Ints>(r, "bag")) {
        check(k >= 0 && k < tokens, "a record's token in the bag");
        s.bag |= uint64_t(1) << k;
    }
    nb::object turn = r.contains("turn") ? nb::object(r["turn"]) : nb::none();
    s.has_turn = !turn.is_none();
    if (s.has_turn) {
        nb::dict t = nb::cast<nb::dict>(turn);
        Turn& u = s.turn;
        int seat = get<int>(t, "seat"), left = get<int>(t, "left"), ship = get<int>(t, "ship");
        std::string kind = get<std::string>(t, "kind");
        check(seat >= 0 && seat < g.players && left >= 0 && left < 10000 &&
                  (ship == -1 || (g.on_board(ship) && s.at[ship] >= 0)),
              "a record's turn");
        u.seat = int8_t(seat);
        u.left = int16_t(left);
        u.ship = int16_t(ship);
        u.kind = int8_t(kind == "hidden" ? 1 : kind == "open" ? 2 : 0);
        check(kind == TURN_KINDS[u.kind], "a record's turn: its kind of tiles");
        auto exits = get<std::vector<std::pair<int, int>>>(t, "exits");
        check(exits.size() <= 4, "a record's turn: its exits");
        for (auto [q, e] : exits) {
            check(g.on_board(q) && e >= 0 && e < 4, "a record's turn: its exits");
            u.exit_pos[u.exits] = int16_t(q);
            u.exit_edge[u.exits++] = int8_t(e);
        }
        auto laid = get<Ints>(t, "laid");
        check(laid.size() <= MAX_SQUARES, "a record's turn: its tiles laid");
        for (int pos : laid) {
            check(g.on_board(pos) && s.at[pos] >= 0, "a record's turn: a tile laid");
            for (int i = 0; i < u.laid; ++i) check(u.laid_at[i] != pos, "a record's turn: a tile laid");
            u.laid_at[u.laid++] = uint8_t(pos);
        }
        u.storm = get<bool>(t, "storm");
        auto completed = get<Ints>(t, "completed");
        check(completed.size() <= MAX_COMPLETED, "a record's turn: its islands completed");
        for (int root : completed) {
            check(root >= 0 && root < s.nodes, "a record's turn: an island completed");
            u.completed_at[u.completed++] = int16_t(root);
        }
        nb::object start = t.contains("start") ? nb::object(t["start"]) : nb::none();
        if (!start.is_none()) {
            nb::tuple st = nb::cast<nb::tuple>(start);
            check(nb::len(st) >= 2, "a record's turn: its start");
            std::string how = nb::cast<std::string>(st[0]);
            if (how == "edge") {
                int k = nb::cast<int>(st[1]);
                check(nb::len(st) == 2 && k >= 0 && k < g.points, "a record's turn: its start");
                u.start = act(A_START_EDGE, uint64_t(k));
            } else {
                check(how == "tile" && nb::len(st) == 5, "a record's turn: its start");
                int pos = nb::cast<int>(st[1]), edge = nb::cast<int>(st[2]);
                int k = nb::cast<int>(st[3]);
                check(g.on_board(pos) && edge >= 0 && edge < 4 && k >= 0 && k < g.points,
                      "a record's turn: its start");
                uint32_t counts = 0;
                for (nb::handle seat_ : nb::cast<nb::tuple>(st[4])) {
                    int paid = nb::cast<int>(seat_);
                    check(paid >= 0 && paid < g.players && (counts >> (4 * paid) & 15) < 15,
                          "a record's turn: its tolls");
                    counts += uint32_t(1) << (4 * paid);
                }
                u.start = start_tile(pos, edge, k, counts);
            }
        }
    }
    int passes = get<int>(r, "passes"), turns = get<int>(r, "turns");
    check(passes >= 0 && passes <= g.players && turns >= 0 && turns <= TURN_LIMIT,
          "a record's counts");
    s.passes = int16_t(passes);
    s.turns = int16_t(turns);
    s.closing = get<bool>(r, "closing");
    s.over = get<bool>(r, "over");
    int ending = get<int>(r, "ending");
    check(ending >= -1 && ending <= OUT_OF_TURNS && (ending >= 0) == s.over, "a record's end");
    s.ending = int8_t(ending);
    auto agenda = get<std::vector<std::tuple<int, int, int>>>(r, "agenda");
    check(agenda.size() <= MAX_AGENDA, "a record's agenda");
    for (auto [kind, seat, arg] : agenda) {
        check(kind >= 0 && kind < KINDS && seat >= 0 && seat < g.players, "a record's step");
        bool ok = arg == 0;
        if (kind == PLACING) ok = arg >= 0 && arg < g.designs;
        if (kind == SEARCHING) ok = g.on_board(arg) && s.at[arg] < 0;
        if (kind == HUT) ok = arg >= 0 && arg < int(n_paths);
        // a set-up lays its tiles on an empty board
        if (kind == SETTING_UP) ok = ok && g.variable_setup && s.n_tiles == 0 && s.layout < 0;
        check(ok, "a record's step");
        s.push(kind, seat, arg);
    }
    if (!s.over) {
        check(s.depth > 0, "a record's agenda: empty while the game goes on");
        // the steps that begin or end a turn, at the bottom, keep the agenda from running
        // empty while the game goes on (each is replaced by the next or pushes one)
        int bottom = s.agenda[0].kind;
        check(bottom == SETTING_UP || bottom == STARTING || bottom == ANNOUNCING ||
                  bottom == EXPLORING || bottom == TURN_OVER,
              "a record's agenda: no turn at its bottom");
        int top = s.top().kind;
        check(is_decision(top) || is_chance(top), "a record's agenda: nobody to move");
        bool needs_turn = top == ANNOUNCING || top == EXPLORING || top == PLACING ||
                          top == REVEALING || top == SEARCHING;
        check(!needs_turn || s.has_turn, "a record's agenda: a turn's step without a turn");
        if (s.chance()) {
            std::vector<std::pair<uint64_t, double>> outcomes;
            s.outcomes(outcomes);
            check(!outcomes.empty(), "a record's agenda: a chance step without an outcome");
        } else {
            check(!s.listed_legal().empty(), "a record's agenda: a decision without a choice");
        }
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
    std::unordered_map<uint64_t, PyObject*> by_code;
    std::unordered_map<PyObject*, uint64_t> by_object;

    Actions(nb::object native_game, nb::object game_, nb::object make_, nb::object encode_,
            nb::object refuse_)
        : make(std::move(make_)), encode(std::move(encode_)), refuse(std::move(refuse_)),
          game(std::move(game_)), native(nb::cast<const Game*>(native_game)),
          native_ref(std::move(native_game)) {}
    Actions(const Actions&) = delete;
    ~Actions() {
        for (auto& [object, code] : by_object) Py_DECREF(object);
    }

    PyObject* action(uint64_t code) {
        PyObject*& slot = by_code[code];
        if (!slot) {
            PyObject* made = make(code).release().ptr();
            auto [kept, fresh] = by_object.emplace(made, code);
            if (!fresh) Py_DECREF(made);
            slot = kept->first;
        }
        return slot;
    }

    // The number of an action, or -1: not one the engine knows.
    int64_t code(nb::handle action) {
        auto found = by_object.find(action.ptr());
        if (found != by_object.end()) return int64_t(found->second);
        nb::object code = encode(action);
        return code.is_none() ? -1 : int64_t(nb::cast<uint64_t>(code));
    }
};

// A game in the state protocol: the native state, its actions' objects, its history, and
// what the Python side keeps with it to answer what people read (``twin``).
struct Play {
    State s;
    Actions* actions;
    nb::object actions_ref;
    std::vector<nb::object> history;
    nb::object twin;

    Play(State state, nb::object actions_)
        : s(std::move(state)), actions(nb::cast<Actions*>(actions_)),
          actions_ref(std::move(actions_)), twin(nb::none()) {}
};

using Self = nb::pointer_and_handle<Play>;

nb::object made_like(nb::handle type, Play&& play) {
    nb::object out = nb::inst_alloc(type);
    new (nb::inst_ptr<Play>(out)) Play(std::move(play));
    nb::inst_mark_ready(out);
    return out;
}

nb::list listed(Play& p, const std::vector<uint64_t>& codes) {
    nb::list out;
    for (uint64_t c : codes) out.append(nb::handle(p.actions->action(c)));
    return out;
}

// The produce tokens seat has not looked at drawn again (record.Record.resample: the same
// calls on the same generator).
void redraw_tokens(State& s, int seat, nb::handle rng) {
    if (s.over) return;
    const Game& g = *s.game;
    std::vector<int> unseen, pool;
    for (size_t h = 0; h < g.path_length.size(); ++h)
        if (s.huts[h] >= 0 && !(s.known[h] >> seat & 1)) {
            unseen.push_back(int(h));
            pool.push_back(s.huts[h]);
        }
    for (int k = 0; k < 64; ++k)
        if (s.bag >> k & 1) pool.push_back(k);
    std::sort(pool.begin(), pool.end());
    nb::list shuffled;
    for (int k : pool) shuffled.append(k);
    rng.attr("shuffle")(shuffled);
    if (nb::len(shuffled) != pool.size()) throw nb::value_error("the generator's shuffle lost tokens");
    std::vector<int> after;
    for (nb::handle k : shuffled) after.push_back(nb::cast<int>(k));
    std::vector<int> check_ = after;
    std::sort(check_.begin(), check_.end());
    if (check_ != pool) throw nb::value_error("the generator's shuffle changed the tokens");
    for (int h : unseen) {
        s.huts[h] = int8_t(after.back());
        after.pop_back();
    }
    s.bag = 0;
    for (int k : after) s.bag |= uint64_t(1) << k;
    s.fresh = false;
}


// The outcome a draw ``pick`` in [0, 1) falls on, the probabilities added up in their order
// (the reference's sample_chance).
uint64_t outcome_at(const std::vector<std::pair<uint64_t, double>>& outcomes, double pick) {
    double total = 0;
    for (auto [code, chance] : outcomes) {
        total += chance;
        if (pick < total) return code;
    }
    return outcomes.back().first;
}

// One draw from a game's Python generator (``rng.random()``) among the chance outcomes of s.
uint64_t sampled(const State& s, nb::handle rng, std::vector<std::pair<uint64_t, double>>& outcomes) {
    if (s.chance()) s.outcomes(outcomes);
    else outcomes.clear();
    if (outcomes.empty()) throw nb::value_error("not a chance node");
    static PyObject* random = PyUnicode_InternFromString("random");  // kept
    return outcome_at(outcomes, nb::cast<double>(rng.attr(random)()));
}

// ------------------------------------------------------------ the encoding, natively

PartAt part_of(const nb::dict& d) {
    PartAt p;
    p.at = get<int64_t>(d, "at");
    for (const auto& f : get<std::vector<std::vector<int64_t>>>(d, "fields")) {
        check(f.size() == 3 && f[0] >= 0 && f[2] >= 1, "a field: stride, first value, count");
        p.fields.push_back({f[0], int(f[1]), int(f[2])});
    }
    return p;
}

// The encoding's figures (native_state.observation_figures), checked against the game's
// tables: one entry a number of the engine's, every plane inside the observation.
Encoding read_encoding(const Game& g, const nb::dict& d) {
    Encoding e;
    auto planes = get<nb::dict>(d, "planes");
    int* at[] = {&e.p_map, &e.p_units, &e.p_tiles, &e.p_in_hand, &e.p_points, &e.p_gold,
                 &e.p_supply, &e.p_paths, &e.p_huts, &e.p_seen, &e.p_bag, &e.p_turn,
                 &e.p_active, &e.p_step, &e.p_to_move};
    const char* names[] = {"map", "units", "tiles", "in_hand", "points", "gold", "supply",
                           "paths", "huts", "seen", "bag", "turn", "active", "step", "to_move"};
    for (size_t k = 0; k < std::size(names); ++k) *at[k] = get<int>(planes, names[k]);
    e.size = get<int>(d, "size");
    e.actions = get<int>(d, "actions");
    e.pieces = get<int>(d, "pieces");
    e.path_spaces = get<int>(d, "path_spaces");
    e.over_col = get<int>(d, "over_col");
    e.source_paths = get<int>(d, "source_paths");
    e.features = get<std::vector<float>>(d, "features");
    e.count_of = get<std::vector<double>>(d, "count_of");
    for (const auto& o : get<Rows>(d, "open")) {
        check(o.size() == 2 && o[0] >= 0 && o[0] < 7 && o[1] >= 0 && o[1] < g.designs, "an open stack");
        e.open.push_back({o[0], o[1]});
    }
    auto supply = get<std::vector<double>>(d, "supply_scale");
    check(supply.size() == 3, "three supply scales");
    std::copy(supply.begin(), supply.end(), e.supply_scale.begin());
    e.most_token = get<double>(d, "most_token");
    e.tokens = get<double>(d, "tokens");
    e.left_scale = get<double>(d, "left_scale");
    e.most_points = get<double>(d, "most_points");
    e.gold_scale = get<double>(d, "gold_scale");
    e.xs = get<Ints>(d, "xs");
    e.ys = get<Ints>(d, "ys");
    e.path_start = get<Ints>(d, "path_start");
    e.step_col = get<Ints>(d, "step_col");
    auto parts = get<nb::dict>(d, "parts");
    PartAt* one[] = {&e.income, &e.edge, &e.draw, &e.place, &e.settle, &e.scout_from, &e.stop, &e.trek};
    const char* part_names[] = {"income", "edge", "draw", "place", "settle", "scout_from", "stop", "trek"};
    for (size_t k = 0; k < std::size(part_names); ++k) *one[k] = part_of(get<nb::dict>(parts, part_names[k]));
    auto tiles = get<std::vector<nb::dict>>(parts, "start_tile");
    auto announced = get<std::vector<nb::dict>>(parts, "announce");
    check(tiles.size() == 4 && announced.size() == 2, "a start tile part a heading, an announcement part a kind");
    for (size_t k = 0; k < 4; ++k) e.start_tile[k] = part_of(tiles[k]);
    for (size_t k = 0; k < 2; ++k) e.announce[k] = part_of(announced[k]);
    auto take = get<std::vector<int64_t>>(d, "take");
    check(take.size() == 7, "a take index a number");
    std::copy(take.begin(), take.end(), e.take.begin());
    // the tables of the engine's numbers, and every plane inside the observation
    size_t designs = size_t(g.designs), paths = g.path_length.size();
    int players = g.players, area = g.width * g.height, most_pieces = 1;
    for (int p : g.pieces) most_pieces = std::max(most_pieces, p);
    int steps = 0;
    for (int c : e.step_col) steps = std::max(steps, c + 1);
    bool fits = e.features.size() == designs * 4 * TILE_CHANNELS && e.count_of.size() == designs &&
                int(e.xs.size()) == g.positions && int(e.ys.size()) == g.positions &&
                e.path_start.size() == paths && e.step_col.size() == size_t(KINDS) &&
                e.pieces >= most_pieces && e.most_token > 0 && e.tokens > 0 && e.left_scale > 0 &&
                e.most_points > 0 && e.gold_scale > 0 && e.supply_scale[0] > 0 &&
                e.supply_scale[1] > 0 && e.supply_scale[2] > 0 && e.actions > 0;
    for (int pos : g.squares)
        fits = fits && e.xs[size_t(pos)] >= 0 && e.xs[size_t(pos)] < g.width &&
               e.ys[size_t(pos)] >= 0 && e.ys[size_t(pos)] < g.height;
    for (size_t p = 0; p < paths; ++p)
        fits = fits && e.path_start[p] >= 0 && e.path_start[p] + g.path_length[p] <= e.path_spaces;
    int extent[] = {MAP_CHANNELS * area, players * 3 * e.pieces * area, 3 * int(designs),
                    int(designs), players, players, 3 * players, players * e.path_spaces,
                    2 * int(paths), players * int(paths), 1, 4, players,
                    std::max(steps, e.over_col + 1), players};
    for (size_t k = 0; k < std::size(names); ++k)
        fits = fits && *at[k] >= 0 && *at[k] + extent[k] <= e.size;
    if (!fits) throw nb::value_error("the encoding's figures, one entry a number of the engine's");
    return e;
}

// A configuration's encoding, natively: a seat's observation of a game (its Play) written
// into a NumPy row, for the batch and for a single state (native_state's observe_into).
struct Observer {
    nb::object native_ref;
    const Game* game;
    Encoding e;

    Observer(nb::object native, const nb::dict& figures)
        : native_ref(std::move(native)), game(nb::cast<const Game*>(native_ref)),
          e(read_encoding(*game, figures)) {}
};

using Row = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

// Many games of one configuration, stepped together (interop/vector.py's native side,
// core/native/batch.hpp): chance from each game's own Python generator, drawn as the
// reference's sample_chance draws; the observations, masks and seats written straight into
// the caller's arrays.
struct Batch : terranova::BatchGames {
    nb::object observer_ref;
    const Observer* observer;
    const Game* game;
    std::vector<State> states;
    std::vector<int64_t> found;  // the legal actions' indices, in their order
    std::vector<uint32_t> tolls;
    std::vector<std::pair<uint64_t, double>> outcomes;

    Batch(nb::object observer_, int games, int64_t max_steps_)
        : BatchGames(games, max_steps_), observer_ref(std::move(observer_)),
          observer(nb::cast<const Observer*>(observer_ref)), game(observer->game) {
        states.reserve(size_t(games));
        for (int i = 0; i < games; ++i) states.emplace_back(game, false);
    }

    size_t games() const { return states.size(); }
    int observation_size() const { return observer->e.size; }
    int num_actions() const { return observer->e.actions; }
    int seats() const { return game->players; }
    bool over(size_t i) const { return states[i].over; }
    void returns(size_t i, double* row) const {
        for (int s = 0; s < game->players; ++s) row[s] = states[i].returns_of(s);
    }

    void play_chance(size_t i) {
        State& s = states[i];
        while (s.chance()) s.apply(sampled(s, rngs[i], outcomes));
    }

    void restart(size_t i) {
        try {
            states[i] = State(game);
            play_chance(i);
        } catch (const std::length_error& e) {
            throw nb::value_error(e.what());
        }
        steps[i] = 0;
        if (states[i].over)  // as the Python tables refuse a seat that is not one
            throw nb::value_error("a game of these components ends before any seat decides");
    }

    // The index of each of game i's legal actions, in their order (into ``found``).
    void indices_of(size_t i) {
        State& s = states[i];
        found.clear();
        if (s.over || s.chance()) return;
        observer->e.indices(s, s.listed_legal(), found, tolls);
    }

    // The place among game i's legal actions of the one of index ``index``, or NO_ACTION.
    uint32_t decode(size_t i, int64_t index) {
        indices_of(i);
        auto it = std::find(found.begin(), found.end(), index);
        return it == found.end() ? terranova::NO_ACTION : uint32_t(it - found.begin());
    }

    void play(size_t i, uint32_t place) {
        State& s = states[i];
        try {
            s.apply(s.listed_legal()[place]);
            play_chance(i);
        } catch (const std::length_error& e) {
            throw nb::value_error(e.what());
        }
    }

    void write(size_t i, float* obs, int8_t* mask, int64_t* current) {
        const State& s = states[i];
        const Encoding& e = observer->e;
        int seat = s.current_player();
        current[i] = seat;
        e.observe(s, seat, false, obs + i * size_t(e.size));
        int8_t* row = mask + i * size_t(e.actions);
        std::fill(row, row + e.actions, int8_t(0));
        indices_of(i);
        for (int64_t index : found) {
            if (row[index]) throw nb::value_error("two legal actions share an index of the encoding");
            row[index] = 1;
        }
    }

    std::vector<int64_t> legal_indices(size_t i) {
        indices_of(i);
        std::vector<int64_t> out = found;
        std::sort(out.begin(), out.end());
        return out;
    }
};

}  // namespace entdecker_bindings

using namespace entdecker_bindings;

NB_MODULE(_native, m) {
    m.doc() = "Entdecker's rules in C++ (entdecker.hpp).";
    m.attr("CHANCE") = CHANCE;
    m.attr("TERMINAL") = TERMINAL;

    nb::class_<Game>(m, "Game")
        .def("__init__", [](Game* self, const nb::dict& tables) { new (self) Game(make_game(tables)); })
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
                 try {
                     new (self) Play(State(game), std::move(actions));
                 } catch (const std::length_error& e) {
                     throw nb::value_error(e.what());
                 }
             })
        .def_prop_ro("game", [](const Play& p) { return p.actions->game; })
        .def_prop_ro("native", [](const Play& p) { return p.actions->native_ref; })
        .def_prop_ro("num_seats", [](const Play& p) { return p.s.game->players; })
        .def_prop_ro("ply", [](const Play& p) { return p.history.size(); })
        .def_prop_ro("waiting",
                     [](const Play& p) {
                         if (p.s.over) return std::make_pair(-1, 0);
                         return std::make_pair(int(p.s.top().kind), int(p.s.top().seat));
                     },
                     "The step on top of the agenda (entdecker.hpp's Kind; -1: over) and its seat.")
        .def_rw("twin", &Play::twin)
        .def("current_player", [](const Play& p) { return p.s.current_player(); })
        .def("is_terminal", [](const Play& p) { return p.s.over; })
        .def("legal_actions", [](Play& p) { return listed(p, p.s.listed_legal()); })
        .def("chance_outcomes",
             [](Play& p) {
                 std::vector<std::pair<uint64_t, double>> outcomes;
                 if (p.s.chance()) p.s.outcomes(outcomes);
                 nb::list out;
                 for (auto [code, chance] : outcomes)
                     out.append(nb::make_tuple(nb::handle(p.actions->action(code)), chance));
                 return out;
             })
        .def("sample_chance",
             [](Play& p, nb::handle rng) {
                 std::vector<std::pair<uint64_t, double>> outcomes;
                 return nb::borrow(p.actions->action(sampled(p.s, rng, outcomes)));
             })
        .def("apply",
             [](Self self, nb::handle action) {
                 Play& p = *self.p;
                 int64_t code = p.actions->code(action);
                 if (code < 0 || p.s.over || !p.s.is_legal(uint64_t(code))) {
                     p.actions->refuse(self.h, action);  // raises the reference's error
                     throw nb::value_error("not a legal action now");
                 }
                 try {
                     p.s.apply(uint64_t(code));
                 } catch (const std::length_error& e) {
                     throw nb::value_error(e.what());
                 }
                 p.history.push_back(nb::borrow(action));
             })
        .def("clone", [](Self self) { return made_like(self.h.type(), Play(*self.p)); })
        .def("returns",
             [](const Play& p) {
                 std::vector<double> out;
                 for (int s = 0; s < p.s.game->players; ++s) out.push_back(p.s.returns_of(s));
                 return out;
             })
        .def("scores",
             [](const Play& p) {
                 std::vector<double> out;
                 for (int s = 0; s < p.s.game->players; ++s)
                     out.push_back(p.s.over ? p.s.returns_of(s) : double(p.s.score[s]));
                 return out;
             })
        .def("points",
             [](const Play& p) {
                 return std::vector<int>(p.s.score.begin(), p.s.score.begin() + p.s.game->players);
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
                 p.s.estimates(out);
                 return out;
             })
        .def(
            "redrawn",
            [](Self self, int seat, nb::handle rng) {
                if (seat < 0 || seat >= self.p->s.game->players)
                    throw nb::index_error("no such seat");
                Play copy(*self.p);
                redraw_tokens(copy.s, seat, rng);
                copy.history.clear();  // a determinization keeps no history
                return made_like(self.h.type(), std::move(copy));
            },
            "A copy with the produce tokens seat has not looked at drawn again.")
        .def("record", [](const Play& p) { return record_of(p.s); })
        .def(
            "tokens",
            [](const Play& p) {
                size_t n = p.s.game->path_length.size();
                Ints bag;
                for (int k = 0; k < 64; ++k)
                    if (p.s.bag >> k & 1) bag.push_back(k);
                return std::make_pair(Ints(p.s.huts.begin(), p.s.huts.begin() + long(n)), bag);
            },
            "The produce tokens in the huts (-1: none yet) and in the bag.")
        .def_static(
            "restore",
            [](nb::handle type, nb::object actions, const nb::dict& record, nb::list history) {
                if (!PyType_Check(type.ptr()) ||
                    !PyType_IsSubtype((PyTypeObject*)type.ptr(),
                                      (PyTypeObject*)nb::type<Play>().ptr()))
                    throw nb::type_error("restore makes a Play or a class derived from it");
                const Game* game = nb::cast<Actions*>(actions)->native;
                State state(game, false);
                try {
                    state = restore(game, record);
                } catch (const std::length_error& e) {
                    throw nb::value_error(e.what());
                } catch (const nb::cast_error&) {
                    throw nb::value_error("a record's entry is not of the kind a record holds");
                }
                Play play(std::move(state), std::move(actions));
                for (nb::handle action : history) play.history.push_back(nb::borrow(action));
                return made_like(type, std::move(play));
            })
        .def(
            "greedy",
            [](Play& p, nb::handle rng) {
                if (p.s.over || p.s.chance()) throw nb::value_error("greedy plays a decision");
                static PyObject* randrange = PyUnicode_InternFromString("randrange");  // kept
                auto below = [&](int n) {
                    int k = nb::cast<int>(rng.attr(randrange)(n));
                    check(k >= 0 && k < n, "the generator's randrange gave a number out of range");
                    return k;
                };
                std::vector<uint64_t> legal = p.s.listed_legal();
                if (legal.empty()) throw nb::value_error("no legal action");
                try {
                    return nb::borrow(p.actions->action(greedy(p.s, legal, below)));
                } catch (const std::length_error& e) {
                    throw nb::value_error(e.what());
                }
            },
            "The action bots.greedy plays here, ties broken by rng.randrange (the same calls).")
        .def(
            "play_out",
            [](const Play& p, uint64_t seed) {
                State copy(p.s);
                Rng rng{seed};
                std::vector<std::pair<uint64_t, double>> outcomes;
                Playout out = play_out(copy, rng, outcomes);
                std::vector<double> returns;
                for (int s = 0; s < copy.game->players; ++s) returns.push_back(copy.returns_of(s));
                return std::make_tuple(out.decisions, out.chances, returns);
            },
            "A random game from here to its end, played natively on a copy (this state is left "
            "as it was): (decisions, chance outcomes, returns).");

    nb::class_<Observer>(m, "Observer",
                         "A configuration's encoding (encoding.py), written natively from its "
                         "figures (native_state.observation_figures).")
        .def(nb::init<nb::object, const nb::dict&>(), nb::arg("native"), nb::arg("figures"))
        .def_prop_ro("size", [](const Observer& o) { return o.e.size; })
        .def(
            "observe",
            [](const Observer& o, const Play& p, std::optional<int> seat, Row out) {
                if (p.s.game != o.game) throw nb::value_error("a game of another configuration");
                if (seat && (*seat < 0 || *seat >= o.game->players))
                    throw nb::value_error("not a seat of the game");
                if (out.shape(0) != size_t(o.e.size))
                    throw nb::value_error("a row of the encoding's observation size");
                o.e.observe(p.s, seat.value_or(0), !seat, out.data());
            },
            nb::arg("play"), nb::arg("seat").none(), nb::arg("out").noconvert(),
            "Write what seat (None: a spectator) sees of play over out (float32, the "
            "observation's size), as encoding.py's fill writes it from the seat's view.")
        .def(
            "legal_indices",
            [](const Observer& o, Play& p) {
                if (p.s.game != o.game) throw nb::value_error("a game of another configuration");
                std::vector<int64_t> out;
                std::vector<uint32_t> tolls;
                if (!p.s.over && !p.s.chance()) o.e.indices(p.s, p.s.listed_legal(), out, tolls);
                return out;
            },
            nb::arg("play"),
            "The index in the encoding's action space of each legal action, in their order.");

    nb::class_<Batch> batch(m, "Batch");
    batch.def(
        "__init__",
        [](Batch* self, nb::object observer, int games, int64_t max_steps) {
            if (games < 1 || max_steps < 0) throw nb::value_error("at least one game, max_steps >= 0");
            nb::cast<const Observer*>(observer);  // a TypeError for anything else
            new (self) Batch(std::move(observer), games, max_steps);
        },
        nb::arg("observer"), nb::arg("games"), nb::arg("max_steps"));
    terranova::bind_batch(batch);

    m.def(
        "random_games",
        [](const Game* game, int games, uint64_t seed) {
            long decisions = 0, chances = 0;
            {
                nb::gil_scoped_release released;
                Rng rng{seed};
                std::vector<std::pair<uint64_t, double>> outcomes;
                for (int i = 0; i < games; ++i) {
                    State s(game);
                    Playout p = play_out(s, rng, outcomes);
                    decisions += p.decisions;
                    chances += p.chances;
                }
            }
            return std::make_pair(decisions, chances);
        },
        "Play games at random from their start, natively: (decisions, chance outcomes).");
}
