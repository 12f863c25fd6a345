// terranova.games.evolution._native: the C++ engine of evolution.hpp for Python
// (native_state.py wraps it in the state protocol; actions are numbers here).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <string>
#include <typeinfo>
#include <unordered_map>

#include "batch.hpp"
#include "evolution.hpp"
#include "generator.hpp"
#include "observation.hpp"
#include "search.hpp"

namespace nb = nanobind;

// named, not anonymous: another game's module binds types of the same names (nanobind tells
// bound types apart by their C++ names)
namespace evolution_native {

using Ints = std::vector<int>;

void check(bool ok, const char* what) {
    if (!ok) throw nb::value_error(what);
}

template <class T>
T field(const nb::dict& d, const char* key) {
    if (!d.contains(key)) throw nb::value_error((std::string("no ") + key + " in the record").c_str());
    try {
        return nb::cast<T>(d[key]);
    } catch (const std::bad_cast&) {
        throw nb::type_error((std::string(key) + ": not what a record holds there").c_str());
    }
}

bool in(int x, int lo, int hi) { return lo <= x && x <= hi; }

Game make_game(const nb::dict& t) {
    Game g;
    g.bluff = field<bool>(t, "bluff");
    g.n = field<int>(t, "n");
    g.jokers = field<int>(t, "jokers");
    g.players = field<int>(t, "players");
    g.teams = field<int>(t, "teams");
    if (!in(g.n, 1, MAXN)) throw nb::value_error("more cards than the engine holds (64)");
    if (!in(g.jokers, 0, MAXJ)) throw nb::value_error("more jokers than the engine holds (8)");
    check(in(g.players, 1, MAXP), "players: 1 to 9");
    check(in(g.teams, 0, MAXP), "teams: 0 to 9");
    Ints era = field<Ints>(t, "era");
    std::vector<uint64_t> prereq = field<std::vector<uint64_t>>(t, "prereq"),
                          link = field<std::vector<uint64_t>>(t, "link"),
                          plink = field<std::vector<uint64_t>>(t, "plink");
    check(int(era.size()) == g.n && int(prereq.size()) == g.n && int(link.size()) == g.n &&
              int(plink.size()) == g.n,
          "a table of another size than the deck");
    for (int c = 0; c < g.n; ++c) {
        if (!in(era[c], 1, MAXE - 2)) throw nb::value_error("more eras than the engine holds (14)");
        g.era[c] = int8_t(era[c]);
        g.max_era = std::max(g.max_era, era[c]);
        ++g.era_size[era[c]];
        g.prereq[c] = prereq[c];
        g.link[c] = link[c];
        g.plink[c] = plink[c];
    }
    Ints automaton = field<Ints>(t, "automaton"), team = field<Ints>(t, "team");
    check(int(automaton.size()) == g.players && int(team.size()) == g.players, "seats of another number");
    for (int s = 0; s < g.players; ++s) {
        g.automaton[s] = automaton[s];
        check(in(team[s], -1, MAXP - 1), "a team out of range");
        g.team[s] = int8_t(team[s]);
    }
    for (int s = 0; s < g.players; ++s) {
        for (int m = 0; m < g.players; ++m)
            if (m != s && g.team[m] >= 0 && g.team[m] == g.team[s]) g.mates[s] |= uint16_t(1 << m);
        for (int k = 1; k < g.players; ++k) {
            int p = (s + k) % g.players;
            if (!g.automaton[p]) g.persons_after[s][g.n_persons_after[s]++] = int8_t(p);
        }
    }
    return g;
}

struct Engine {
    Game game;
};

struct Play {
    State s;
    nb::object engine;
    explicit Play(nb::object e) : s(&nb::cast<Engine*>(e)->game), engine(std::move(e)) {}
    Play(State st, nb::object e) : s(std::move(st)), engine(std::move(e)) {}
};

// ------------------------------------------------------------------ the record

nb::list series_of(const Series& x) {
    nb::list l;
    l.append(int(x.last));
    l.append(int(x.length));
    l.append(x.joker);
    return l;
}

nb::list deed_of(const Deed& d) {
    nb::list l;
    Ints earned(d.earned, d.earned + d.n_earned);
    l.append(int(d.kind));
    l.append(int(d.actor));
    l.append(d.valid);
    l.append(d.code);
    l.append(int(d.card));
    l.append(int(d.item));
    l.append(int(d.source));
    if (d.prev.set)
        l.append(series_of(d.prev));
    else
        l.append(nb::none());
    l.append(nb::cast(earned));
    l.append(int(d.era));
    l.append(d.close);
    return l;
}

template <class T, int N>
Ints listed(const Small<T, N>& items) {
    Ints out;
    for (const T& x : items) out.push_back(int(x));
    return out;
}

nb::dict record_of(const State& s) {
    const Game& g = *s.g;
    nb::dict r;
    std::vector<Ints> pile(g.max_era + 1), hands, discards;
    for (int e = 0; e <= g.max_era; ++e)
        for (int c = 0; c < g.n; ++c)
            if (s.pile[e] >> c & 1) pile[e].push_back(c);
    for (int p = 0; p < g.players; ++p) {
        hands.push_back(listed(s.hands[p]));
        discards.push_back(listed(s.discards[p]));
    }
    r["pile"] = pile;
    r["pile_jokers"] = listed(s.pile_jokers);
    r["box"] = listed(s.box);
    r["hands"] = hands;
    r["emptied"] = listed(s.emptied);
    std::vector<std::pair<int, int>> known;
    for (const Items& hand : s.hands)
        for (int8_t x : hand) known.emplace_back(x, s.known[x]);
    r["known"] = known;
    r["reserve"] = listed(s.reserve);
    r["discards"] = discards;
    r["out"] = listed(s.out);
    r["tree"] = listed(s.tree);
    r["tree_card"] = listed(s.tree_card);
    std::vector<bool> valid(s.tree_valid.begin(), s.tree_valid.end());
    r["tree_valid"] = valid;
    r["seat_points"] = Ints(s.seat_points.begin(), s.seat_points.begin() + g.players);
    nb::list sheet;
    for (const SheetLine& l : s.sheet)
        sheet.append(nb::make_tuple(int(l.kind), int(l.seat), int(l.points), int(l.card), l.joker,
                                    int(l.reason), int(l.era), l.ply, int(l.winners), l.team));
    r["sheet"] = sheet;
    std::vector<std::pair<bool, bool>> announced;
    for (int e = 0; e <= g.max_era + 1; ++e) announced.emplace_back(s.announced[e][0], s.announced[e][1]);
    r["announced"] = announced;
    nb::list ctx;
    for (const Turn& t : s.ctx)
        ctx.append(Ints{t.seat, t.interruption, t.fresh, t.can_start, t.last, t.length, t.joker, t.specials,
                        t.placed, t.asked, t.requested, t.ended, t.passed, t.a_specials, t.a_left, t.a_groups,
                        t.a_placed, t.a_stop, t.a_count});
    r["ctx"] = ctx;
    r["base"] = s.base;
    r["last_series"] = s.last_series.set ? nb::object(series_of(s.last_series)) : nb::none();
    r["passes"] = s.passes;
    r["idle"] = s.idle;
    r["turns_done"] = s.turns_done;
    r["winning_seats"] = listed(s.winning_seats);
    std::vector<std::tuple<int, uint32_t, bool>> log;
    for (const DeedLog& d : s.deed_log) log.emplace_back(d.seat, d.code, d.valid);
    r["deed_log"] = log;
    r["last_call"] = s.call_seat < 0 ? nb::object(nb::none())
                                     : nb::object(nb::make_tuple(int(s.call_seat), int(s.call_card),
                                                                 int(s.call_by), int(s.call_failed)));
    r["last_stop"] = !s.stop_case ? nb::object(nb::none())
                                  : nb::object(nb::make_tuple(s.stop_code, int(s.stop_actor), int(s.stop_by),
                                                              int(s.stop_case), int(s.stop_valid)));
    r["last_stop_card"] = int(s.stop_card);
    nb::list agenda;
    for (const Step& t : s.agenda) {
        Ints seats(t.seats, t.seats + t.n_seats);
        agenda.append(nb::make_tuple(int(t.kind), int(t.seat), int(t.b), int(t.c), int(t.d), int(t.k), seats,
                                     deed_of(t.deed)));
    }
    r["agenda"] = agenda;
    r["over"] = s.over;
    return r;
}

// items from a record, each checked to be an item of the game
template <class T, int N>
void fill(Small<T, N>& out, const Ints& items, int lo, int hi, const char* what) {
    out.n = 0;
    if (int(items.size()) > N) throw nb::value_error((std::string(what) + ": beyond the engine's bounds").c_str());
    for (int x : items) {
        if (!in(x, lo, hi)) throw nb::value_error((std::string(what) + ": an item out of range").c_str());
        out.push(T(x));
    }
}

Series series_from(nb::handle h) {
    Series x;
    if (h.is_none()) return x;
    Ints l = nb::cast<Ints>(h);
    check(l.size() == 3, "a series is (last, length, joker)");
    x.last = int8_t(l[0]);
    x.length = int8_t(l[1]);
    x.joker = l[2];
    x.set = true;
    return x;
}

Deed deed_from(const Game& g, nb::handle h) {
    nb::list l = nb::cast<nb::list>(h);
    check(nb::len(l) == 11, "a deed has 11 fields");
    Deed d;
    d.kind = int8_t(nb::cast<int>(l[0]));
    d.actor = int8_t(nb::cast<int>(l[1]));
    d.valid = nb::cast<bool>(l[2]);
    d.code = nb::cast<uint32_t>(l[3]);
    d.card = int8_t(nb::cast<int>(l[4]));
    d.item = int8_t(nb::cast<int>(l[5]));
    d.source = int8_t(nb::cast<int>(l[6]));
    d.prev = series_from(l[7]);
    Ints earned = nb::cast<Ints>(l[8]);
    check(earned.size() <= 3, "a deed earns at most three special actions");
    for (int x : earned) {
        check(in(x, 0, 3), "a reason out of range");
        d.earned[d.n_earned++] = int8_t(x);
    }
    d.era = int8_t(nb::cast<int>(l[9]));
    d.close = nb::cast<bool>(l[10]);
    check(d.kind == ANNOUNCEMENT ? in(d.era, 1, g.max_era) : in(d.card, 0, g.n - 1), "a deed naming no card");
    check(d.kind != PLACEMENT || in(d.item, 0, g.n + g.jokers - 1), "a placement of no item");
    check(!d.prev.set || in(d.prev.last, 0, g.n - 1), "a deed's series of no card");
    check(in(d.kind, 0, 3) && in(d.actor, 0, g.players - 1) && in(d.card, -1, g.n - 1) &&
              in(d.item, -1, g.n + g.jokers - 1) && in(d.source, 0, 4) && in(d.era, 0, g.max_era),
          "a deed out of range");
    return d;
}

State restore(const Game& g, const nb::dict& r, int ply) {
    State s(&g);
    int items = g.n + g.jokers - 1;
    auto pile = field<std::vector<Ints>>(r, "pile");
    check(int(pile.size()) == g.max_era + 1, "the record's draw pile: a list per era");
    for (int e = 0; e <= g.max_era; ++e)
        for (int c : pile[e]) {
            check(in(c, 0, g.n - 1) && g.era[c] == e, "the record's draw pile: a card out of its era");
            s.pile[e] |= uint64_t(1) << c;
            ++s.pile_n;
        }
    fill(s.pile_jokers, field<Ints>(r, "pile_jokers"), g.n, items, "pile_jokers");
    fill(s.box, field<Ints>(r, "box"), g.n, items, "box");
    auto hands = field<std::vector<Ints>>(r, "hands"), discards = field<std::vector<Ints>>(r, "discards");
    check(int(hands.size()) == g.players && int(discards.size()) == g.players, "hands and discards: one per seat");
    for (int p = 0; p < g.players; ++p) {
        fill(s.hands[p], hands[p], 0, items, "hands");
        fill(s.discards[p], discards[p], 0, g.n - 1, "discards");
    }
    fill(s.emptied, field<Ints>(r, "emptied"), 0, g.players - 1, "emptied");
    for (auto [item, mask] : field<std::vector<std::pair<int, int>>>(r, "known")) {
        check(in(item, 0, items) && in(mask, 1, (1 << g.players) - 1), "known: out of range");
        s.known[item] = uint16_t(mask);
    }
    fill(s.reserve, field<Ints>(r, "reserve"), 0, g.n - 1, "reserve");
    fill(s.out, field<Ints>(r, "out"), g.n, items, "out");
    fill(s.tree, field<Ints>(r, "tree"), 0, items, "tree");
    fill(s.tree_card, field<Ints>(r, "tree_card"), 0, g.n - 1, "tree_card");
    auto valid = field<std::vector<bool>>(r, "tree_valid");
    check(valid.size() == size_t(s.tree.n) && s.tree_card.n == s.tree.n, "the tree's lists of one length");
    for (bool v : valid) s.tree_valid.push(v);
    // what follows from the tree
    for (int i = 0; i < s.tree.n; ++i) {
        int item = s.tree[i], card = s.tree_card[i];
        check(item >= g.n || item == card, "the tree: a card standing for another");
        if (!s.rep[card]++) {
            s.placed |= uint64_t(1) << card;
            ++s.era_count[g.era[card]];
        }
        if (item < g.n) s.real |= uint64_t(1) << item;
    }
    // every item in one place
    int where[MAXI] = {};
    auto count = [&](int x) { ++where[x]; };
    for (int e = 0; e <= g.max_era; ++e)
        for (int c = 0; c < g.n; ++c)
            if (s.pile[e] >> c & 1) count(c);
    for (int8_t x : s.pile_jokers) count(x);
    for (int8_t x : s.box) count(x);
    for (int p = 0; p < g.players; ++p) {
        for (int8_t x : s.hands[p]) count(x);
        for (int8_t x : s.discards[p]) count(x);
    }
    for (int8_t x : s.reserve) count(x);
    for (int8_t x : s.out) count(x);
    for (int8_t x : s.tree) count(x);
    auto seat_points = field<Ints>(r, "seat_points");
    check(int(seat_points.size()) == g.players, "seat_points: one per seat");
    for (int p = 0; p < g.players; ++p) s.seat_points[p] = seat_points[p];
    auto announced = field<std::vector<std::pair<bool, bool>>>(r, "announced");
    check(int(announced.size()) == g.max_era + 2, "announced: one per era and two more");
    for (int e = 0; e <= g.max_era + 1; ++e) s.announced[e] = {announced[e].first, announced[e].second};
    auto ctx = field<std::vector<Ints>>(r, "ctx");
    check(ctx.size() <= size_t(MAXCTX), "ctx: beyond the engine's bounds");
    for (const Ints& f : ctx) {
        check(f.size() == 19, "a turn has 19 fields");
        Turn t;
        t.seat = int8_t(f[0]);
        check(in(f[0], 0, g.players - 1) && in(f[4], -1, g.n - 1) && in(f[10], -1, items), "a turn out of range");
        t.interruption = f[1], t.fresh = f[2], t.can_start = f[3], t.last = int8_t(f[4]);
        t.length = int8_t(f[5]), t.joker = f[6], t.specials = int16_t(f[7]), t.placed = int16_t(f[8]);
        t.asked = f[9], t.requested = int8_t(f[10]), t.ended = f[11], t.passed = f[12];
        t.a_specials = int16_t(f[13]), t.a_left = int16_t(f[14]), t.a_groups = f[15], t.a_placed = f[16];
        t.a_stop = f[17], t.a_count = int16_t(f[18]);
        s.ctx.push(t);
    }
    s.base = field<int>(r, "base");
    check(in(s.base, 0, g.players - 1), "base: a seat");
    s.last_series = series_from(field<nb::object>(r, "last_series"));
    check(!s.last_series.set || in(s.last_series.last, 0, g.n - 1), "last_series: a card");
    s.passes = field<int>(r, "passes");
    s.idle = field<int>(r, "idle");
    s.turns_done = field<int>(r, "turns_done");
    fill(s.winning_seats, field<Ints>(r, "winning_seats"), 0, g.players - 1, "winning_seats");
    for (auto [seat, code, v] : field<std::vector<std::tuple<int, uint32_t, bool>>>(r, "deed_log"))
        s.deed_log.push_back(DeedLog{int8_t(seat), code, v});
    for (nb::handle h : field<nb::list>(r, "sheet")) {
        auto [kind, seat, points, card, joker, reason, era, lply, winners, team] =
            nb::cast<std::tuple<int, int, int, int, bool, int, int, int, int, bool>>(h);
        s.sheet.push_back(SheetLine{int8_t(kind), int8_t(seat), int8_t(points), int8_t(card), joker,
                                    int8_t(reason), int8_t(era), lply, uint16_t(winners), team});
    }
    nb::object call = field<nb::object>(r, "last_call");
    if (!call.is_none()) {
        auto [seat, card, by, failed] = nb::cast<std::tuple<int, int, int, int>>(call);
        check(in(seat, 0, g.players - 1) && in(card, 0, g.n - 1) && in(by, -1, g.players - 1) && in(failed, 0, 7),
              "last_call out of range");
        s.call_seat = int8_t(seat), s.call_card = int8_t(card), s.call_by = int8_t(by), s.call_failed = int8_t(failed);
    }
    nb::object stop = field<nb::object>(r, "last_stop");
    if (!stop.is_none()) {
        auto [code, actor, by, kase, v] = nb::cast<std::tuple<uint32_t, int, int, int, int>>(stop);
        check(in(actor, 0, g.players - 1) && in(by, 0, g.players - 1) && in(kase, 1, 3) && in(v, -1, 1),
              "last_stop out of range");
        s.stop_code = code, s.stop_actor = int8_t(actor), s.stop_by = int8_t(by), s.stop_case = int8_t(kase);
        s.stop_valid = int8_t(v);
    }
    s.stop_card = int8_t(field<int>(r, "last_stop_card"));
    check(in(s.stop_card, -1, g.n - 1), "last_stop_card out of range");
    for (nb::handle h : field<nb::list>(r, "agenda")) {
        auto [kind, seat, b, c, d, k, seats, deed] =
            nb::cast<std::tuple<int, int, int, int, int, int, Ints, nb::object>>(h);
        check(in(kind, 0, TURN_OVER) && in(seat, 0, g.players - 1) && in(b, -1, MAXI) && in(c, -1, 3) &&
                  in(d, -1, items) && in(k, 0, 1000) && seats.size() <= size_t(MAXP),
              "a step out of range");
        Step t;
        t.kind = uint8_t(kind), t.seat = int8_t(seat), t.b = int8_t(b), t.c = int8_t(c), t.d = int8_t(d);
        t.k = int16_t(k);
        for (int x : seats) {
            check(in(x, 0, g.players - 1), "a window's seat out of range");
            t.seats[t.n_seats++] = int8_t(x);
        }
        bool ok = true;
        switch (kind) {
            case DRAWING: ok = in(b, 0, 2); break;
            case TAKING: ok = in(b, 0, g.players - 1) && in(c, 0, 3); break;
            case GIVING: ok = in(b, 0, g.players - 1) && in(c, 0, 2); break;
            case SETTLING: ok = in(c, 0, 1) && in(d, -1, g.players - 1); break;
            case WINDOW: ok = t.n_seats > 0 && in(d, -1, g.players - 1); break;
            case STOPPED: ok = in(b, 0, g.players - 1) && in(d, -1, g.players - 1); break;
            case CALLED: ok = in(b, 0, g.n - 1); break;
            case DEALING: ok = k < (g.players + 1) * HAND_SIZE; break;
        }
        check(ok, "a step out of range");
        if (kind == SETTLING || kind == WINDOW || kind == STOPPED) t.deed = deed_from(g, deed);
        s.agenda.push(t);
    }
    s.over = field<bool>(r, "over");
    s.ply = ply;
    for (int x = 0; x <= items; ++x) check(where[x] <= 1, "an item in two places");
    if (!s.over) {
        check(!s.agenda.empty(), "an agenda with nothing on it");
        // the seats and cards of the steps that wait are checked where they are read
        const Step& t = s.top();
        switch (t.kind) {
            case PLAYING: case CALLED:
                check(!s.ctx.empty(), "a turn's step with no turn in progress");
                break;
            case WINDOW:
                check(t.n_seats > 0, "a window that waits for nobody");
                break;
            case TAKING:
                check(in(t.b, 0, g.players - 1), "a theft from no seat");
                break;
            case FLIPPING:
                check(!s.hands[t.seat].empty(), "an automaton turning over no card");
                break;
            case DEALING: case DRAWING: case REFILLING:
                check(s.pile_size() > 0 || t.kind != DEALING, "a deal from an empty pile");
                break;
        }
        for (const Step& x : s.agenda)
            if (x.kind == GIVING || x.kind == TAKING || x.kind == STOPPED)
                check(in(x.b, 0, g.players - 1), "a step naming no seat");
            else if (x.kind == CALLED)
                check(in(x.b, 0, g.n - 1), "a called step naming no card");
    }
    return s;
}

// ------------------------------------------------------------------ redealing

// views.redeal with the same calls on the same generator
// The draws of a redeal from a Python generator of the caller's, checked, never trusted.
struct PythonDraws {
    nb::handle rng;

    Ints sample(int n, int k) {
        nb::object range = nb::module_::import_("builtins").attr("range")(n);
        Ints places = nb::cast<Ints>(rng.attr("sample")(range, k));
        check(places.size() == size_t(k), "the generator's sample gave another number of places");
        for (int x : places) check(x >= 0 && x < n, "the generator's sample gave a place out of range");
        return places;
    }

    void shuffle(Ints& items) {
        nb::list l;
        for (int x : items) l.append(x);
        rng.attr("shuffle")(l);
        Ints before = items;
        check(nb::len(l) == items.size(), "the generator's shuffle changed the items");
        for (size_t i = 0; i < items.size(); ++i) items[i] = nb::cast<int>(l[i]);
        Ints a = items, b = before;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        check(a == b, "the generator's shuffle changed the items");
    }
};

// The same draws from Python's generator replayed natively (a native search's own copy).
struct NativeDraws {
    terranova::PyRandom& rng;

    Ints sample(int n, int k) {  // random.sample(range(n), k)
        return rng.sample(n, k);
    }
    void shuffle(Ints& items) {  // random.shuffle
        for (size_t i = items.size(); i-- > 1;) std::swap(items[i], items[size_t(rng.below(int(i + 1)))]);
    }
};

template <class Draws>
void redeal(State& o, const State& s, int seat, Draws& draws) {
    const Game& g = *s.g;
    uint16_t bit = uint16_t(1 << seat);
    // views.shown_jokers (Explore: a window's seats hold a joker)
    std::vector<std::pair<int, int>> kept;
    if (!g.bluff)
        for (const Step& t : s.agenda) {
            if (t.kind != WINDOW) continue;
            for (int i = 0; i < t.n_seats; ++i) {
                int p = t.seats[i];
                const Items& hand = s.hands[p];
                int first = -1;
                bool known = false;
                for (int j = 0; j < hand.n; ++j)
                    if (hand[j] >= g.n) {
                        if (first < 0) first = j;
                        if (s.known[hand[j]] & bit) known = true;
                    }
                if (p == seat || first < 0 || known) continue;
                kept.emplace_back(p, first);
            }
        }
    std::vector<std::pair<int, int>> slots;
    Ints unseen;
    for (int p = 0; p < g.players; ++p) {
        if (p == seat) continue;
        for (int i = 0; i < s.hands[p].n; ++i) {
            int item = s.hands[p][i];
            if (!(s.known[item] & bit) && std::find(kept.begin(), kept.end(), std::make_pair(p, i)) == kept.end()) {
                slots.emplace_back(p, i);
                unseen.push_back(item);
            }
        }
    }
    for (int e = 0; e <= g.max_era; ++e)
        for (int c = 0; c < g.n; ++c)
            if (s.pile[e] >> c & 1) unseen.push_back(c);
    for (int8_t j : s.pile_jokers) unseen.push_back(j);
    std::sort(unseen.begin(), unseen.end());
    Ints cards, jokers;
    for (int x : unseen) (x < g.n ? cards : jokers).push_back(x);
    int piled = s.pile_size();
    Ints joker_places = draws.sample(piled + int(slots.size()), int(jokers.size()));
    Ints pile_jokers;
    for (size_t i = 0; i < jokers.size(); ++i)
        if (joker_places[i] < piled) pile_jokers.push_back(jokers[i]);
    auto shuffled = [&](Ints& items) { draws.shuffle(items); };
    shuffled(cards);
    std::stable_sort(cards.begin(), cards.end(), [&](int a, int b) { return g.era[a] > g.era[b]; });
    int in_pile = piled - int(pile_jokers.size());
    Ints rest(cards.begin(), cards.begin() + in_pile), pool(cards.begin() + in_pile, cards.end());
    rest.insert(rest.end(), pile_jokers.begin(), pile_jokers.end());
    for (int j : jokers)
        if (std::find(pile_jokers.begin(), pile_jokers.end(), j) == pile_jokers.end()) pool.push_back(j);
    shuffled(pool);
    int mapping[MAXI];
    for (int x = 0; x < MAXI; ++x) mapping[x] = x;
    for (size_t i = 0; i < slots.size(); ++i) {
        auto [p, at] = slots[i];
        mapping[s.hands[p][at]] = pool[i];
        o.hands[p][at] = int8_t(pool[i]);
    }
    o.known.fill(0);
    for (int p = 0; p < g.players; ++p)
        for (int i = 0; i < s.hands[p].n; ++i) o.known[o.hands[p][i]] = s.known[s.hands[p][i]];
    for (int p = 0; p < g.players; ++p)
        if (p != seat && !g.automaton[p]) std::sort(o.hands[p].v.begin(), o.hands[p].v.begin() + o.hands[p].n);
    o.pile.fill(0);
    o.pile_n = 0;
    o.pile_jokers.n = 0;
    std::sort(rest.begin(), rest.end());
    for (int x : rest)
        if (x < g.n) {
            o.pile[g.era[x]] |= uint64_t(1) << x;
            ++o.pile_n;
        } else {
            o.pile_jokers.push(int8_t(x));
        }
    for (Turn& t : o.ctx.v)
        if (t.requested >= 0) t.requested = int8_t(mapping[t.requested]);
    for (int i = 0; i < o.agenda.n; ++i)
        if (o.agenda[i].kind == GIVING && o.agenda[i].d >= 0) o.agenda[i].d = int8_t(mapping[o.agenda[i].d]);
}

int randrange(nb::handle rng, int n) {
    int k = nb::cast<int>(rng.attr("randrange")(n));
    check(in(k, 0, n - 1), "the generator's randrange gave a number out of range");
    return k;
}

// drawing.sample and EvolutionState.sample_chance: the outcome drawn, by the same calls
// (``below(n)``: the generator's randrange(n))
template <class Below>
uint32_t sampled(const State& s, Below&& below) {
    const Step& t = s.top();
    const Game& g = *s.g;
    if (t.kind == DEALING || t.kind == DRAWING || t.kind == REFILLING) {
        int jokers = s.pile_jokers.n;
        if (jokers && below(s.pile_n + jokers) < jokers) return act(A_DRAW, 0, g.n);
        uint64_t low = s.lowest();
        int k = below(std::popcount(low));
        for (int i = 0; i < k; ++i) low &= low - 1;
        return act(t.kind == DEALING ? A_DEAL : A_DRAW, 0, std::countr_zero(low));
    }
    if (t.kind == TAKING && !g.automaton[t.b]) {
        Ints hand(s.hands[t.b].begin(), s.hands[t.b].end());
        std::sort(hand.begin(), hand.end());
        int pick = hand[size_t(below(int(hand.size())))];
        return act(A_TAKE, 0, std::min(pick, g.n));
    }
    std::vector<std::pair<uint32_t, double>> out;
    s.outcomes(out);
    return out.front().first;
}

// The game's rules as mcts.py's search asks for them natively (core/native/search.hpp):
// chance drawn as sample_chance draws it, the leaves valued as mcts.evaluate does.
struct SearchRules {
    using State = evolution_native::State;
    mutable std::vector<uint32_t> listed;  // the last legal actions asked for

    static int current_player(const State& s) { return s.current_player(); }
    static uint32_t draw(const State& s, terranova::PyRandom& rng) {
        return sampled(s, [&](int n) { return rng.below(n); });
    }
    const std::vector<uint32_t>& legal(const State& s) const {
        s.legal(listed);
        return listed;
    }
    static void apply(State& s, uint32_t code) { s.apply(code); }
    static int seats(const State& s) { return s.g->players; }
    void values(const State& s, double* out) const {
        if (s.over) {
            std::vector<int> scores;
            s.scores(scores);
            for (size_t p = 0; p < scores.size(); ++p) out[p] = double(scores[p]);
            return;
        }
        for (int p = 0; p < s.g->players; ++p) out[p] = s.estimate(p);
    }
};

using Tree = terranova::Uct<SearchRules>;

// ... and as ismcts.py's search asks for them: a determinization as resample makes it (at
// ply 0, as redealt), an action keyed as describe_action tells it to the observer.
struct InfoRules : SearchRules {
    static constexpr uint32_t DEAL_UNSEEN = 0xFFFFFFF0U, DRAW_UNSEEN = 0xFFFFFFF1U,
                              TAKE_UNSEEN = 0xFFFFFFF2U, GIVE_UNSEEN = 0xFFFFFFF3U;

    static bool decisions_public(const State&) { return false; }  // State's default
    static void determinize(State& s, int observer, terranova::PyRandom& rng) {
        State seen = s;
        s.ply = 0;
        NativeDraws draws{rng};
        redeal(s, seen, observer, draws);
    }
    // native_state.describe_action's texts: the action's own, or what it hides
    static uint32_t seen(const State& s, uint32_t action, int observer) {
        const Step& t = s.top();
        switch (t.kind) {
            case DEALING: {
                int slot = t.k % (s.g->players + 1);
                return slot == 0 || observer == slot - 1 ? action : DEAL_UNSEEN;
            }
            case DRAWING: return observer == t.seat ? action : DRAW_UNSEEN;
            case TAKING: return observer == t.seat || observer == t.b ? action : TAKE_UNSEEN;
            case GIVING: return observer == t.seat || observer == t.b ? action : GIVE_UNSEEN;
            default: return action;
        }
    }
};

using InfoTree = terranova::Ismcts<InfoRules>;

// ------------------------------------------------------------------ the encoding

// The layout of the standard encoding (native_state.layout_figures): the planes' offsets,
// the figures, and each decision's index in the action space by its code.
struct Encoded {
    Layout layout;
    std::unordered_map<uint32_t, int64_t> index;  // a decision's code -> its index
    int actions = 0;
};

Encoded read_encoded(const Game& g, const nb::dict& f) {
    Encoded e;
    Layout& L = e.layout;
    L.bluff = field<bool>(f, "bluff");
    L.n = field<int>(f, "n");
    L.players = field<int>(f, "players");
    L.jokers = field<int>(f, "jokers");
    L.eras = field<int>(f, "eras");
    L.size = field<int>(f, "size");
    L.items = double(L.n + L.jokers);
    L.high = field<double>(f, "high");
    L.joker_share = 1.0 / double(std::max(1, L.jokers));
    Ints steps = field<Ints>(f, "steps");
    check(steps.size() == size_t(STEP_KINDS), "the encoding's tables, one entry a number of the engine's");
    std::copy(steps.begin(), steps.end(), L.step_col.begin());
    L.over_col = field<int>(f, "over");
    check(L.bluff == g.bluff && L.n == g.n && L.players == g.players && L.jokers == g.jokers &&
              L.eras == g.max_era && L.high > 0,
          "an encoding of another configuration than the engine's");
    check(L.size >= 1, "an observation of at least one number");
    // the step plane's columns: -1 (a step of no name) or one of the plane's, the end's one
    // of them; the plane holds as many as the highest of them names
    check(L.over_col >= 0, "the step plane's column of the end: not a column");
    int64_t step_columns = int64_t(L.over_col) + 1;
    for (int c : L.step_col) {
        check(c >= -1, "the step plane's columns: -1 (no name) or a column");
        step_columns = std::max(step_columns, int64_t(c) + 1);
    }
    // each plane's offset, and the numbers write_observation writes from it (its extent),
    // inside the observation's row of L.size numbers
    auto planes = field<nb::dict>(f, "planes");
    auto at = [&](const char* name, int& offset, int64_t extent) {
        offset = field<int>(planes, name);
        if (offset < 0 || int64_t(offset) + extent > int64_t(L.size))
            throw nb::value_error((std::string("the encoding's plane ") + name + " (at " + std::to_string(offset) +
                                   ", " + std::to_string(extent) + " numbers) beyond the observation's " +
                                   std::to_string(L.size))
                                      .c_str());
    };
    // the writer's planes of fixed extents: turn_state (encoding.TURN_FLAGS), deed (DEEDS),
    // last_call_flags (a call; it failed), last_stop (there is one, its case 1 to 3, valid)
    constexpr int64_t TURN_STATE = 7, DEED_KINDS = 5, CALL_FLAGS = 2, STOP_CELLS = 5;
    const int64_t n = L.n, p = L.players, E = L.eras;
    at("hands", L.hands, p * (n + 1)), at("hand_sizes", L.hand_sizes, p), at("reserve", L.reserve, n);
    at("discards", L.discards, p * n), at("draw_pile", L.draw_pile, 1), at("jokers_out", L.jokers_out, 1);
    at("scores", L.scores, p), at("seats", L.seats, 2 * p), at("step", L.step, step_columns);
    at("to_move", L.to_move, p), at("turn", L.turn, 2 * p), at("turn_state", L.turn_state, TURN_STATE);
    at("series_last", L.series_last, n), at("requested", L.requested, n), at("window", L.window, 4 * p);
    at("deed", L.deed, DEED_KINDS), at("deed_card", L.deed_card, n), at("deed_era", L.deed_era, 2 * E);
    at("called", L.called, n), at("last_call", L.last_call, n);
    at("last_call_flags", L.last_call_flags, CALL_FLAGS), at("last_call_seats", L.last_call_seats, 2 * p);
    if (L.bluff) {
        at("pile_top", L.pile_top, 2 * n), at("pile_size", L.pile_size, 1);
        at("announced", L.announced, 2 * E), at("last_stop", L.last_stop, STOP_CELLS);
        at("last_stop_seats", L.last_stop_seats, 2 * p);
    } else {
        at("tree", L.tree, 2 * n), at("tree_last", L.tree_last, n), at("eras", L.era_rows, 3 * E);
    }
    auto codes = field<std::vector<uint32_t>>(f, "codes");
    auto indices = field<std::vector<int64_t>>(f, "indices");
    e.actions = field<int>(f, "actions");
    check(codes.size() == indices.size(), "the encoding's tables, one entry a number of the engine's");
    for (size_t k = 0; k < codes.size(); ++k) {
        check(indices[k] >= 0 && indices[k] < e.actions, "an action index outside the space");
        e.index[codes[k]] = indices[k];
    }
    return e;
}

struct Observer {
    Encoded e;
    nb::object engine;  // the engine whose configuration it writes
};

using Row = nb::ndarray<float, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

// Many games of one configuration, stepped together (interop/vector.py's native side):
// chance from each game's own Python generator, drawn as the reference draws
// (sample_chance); the observations, masks and seats written into the caller's arrays.
struct Batch : terranova::BatchStates<State, Game> {
    Encoded e;

    Batch(nb::object engine, Encoded encoded, int games, int64_t max_steps_)
        : BatchStates(engine, &nb::cast<Engine*>(engine)->game, games, max_steps_), e(std::move(encoded)) {}

    int observation_size() const { return e.layout.size; }
    int num_actions() const { return e.actions; }
    bool over(size_t i) const { return states[i].over; }
    void returns(size_t i, double* row) const {
        std::vector<int> scores;
        states[i].scores(scores);
        std::copy(scores.begin(), scores.end(), row);  // the returns: the scores
    }
    void play(size_t i, uint32_t action) { states[i].apply(action), play_chance(i); }
    void play_chance(size_t i) {
        State& s = states[i];
        while (s.chance()) s.apply(sampled(s, [&](int k) { return randrange(rngs[i], k); }));
    }
    void restart(size_t i) {
        states[i] = State(game);
        states[i].start();
        steps[i] = 0;
        play_chance(i);
        if (states[i].over)  // as the Python tables refuse a seat that is not one
            throw nb::value_error("a game of this configuration ends before any seat decides");
    }
    int64_t index_of(uint32_t code) const {
        auto found = e.index.find(code);
        if (found == e.index.end()) throw nb::value_error("a legal action outside the action space");
        return found->second;
    }
    uint32_t decode(size_t i, int64_t index) {
        states[i].legal(legal);
        for (uint32_t code : legal)
            if (index_of(code) == index) return code;
        return terranova::NO_ACTION;
    }
    std::vector<int64_t> legal_indices(size_t i) {
        states[i].legal(legal);
        std::vector<int64_t> out;
        for (uint32_t code : legal) out.push_back(index_of(code));
        std::sort(out.begin(), out.end());
        return out;
    }
    void write(size_t i, float* obs, int8_t* mask, int64_t* current) {
        const State& s = states[i];
        int seat = s.current_player();
        current[i] = seat;
        if (!write_observation(e.layout, s, seat, obs + i * size_t(e.layout.size)))
            throw nb::value_error("a position no view is made of");
        int8_t* m = mask + i * size_t(e.actions);
        std::fill(m, m + e.actions, int8_t(0));
        states[i].legal(legal);
        for (uint32_t code : legal) m[index_of(code)] = 1;
    }
};

}  // namespace evolution_native

using namespace evolution_native;

NB_MODULE(_native, m) {
    m.doc() = "Discovery (evolution)'s rules in C++ (evolution.hpp).";
    m.attr("CHANCE") = CHANCE;
    m.attr("TERMINAL") = TERMINAL;

    nb::class_<Tree>(m, "Tree")
        .def("__init__",
             [](Tree* self, const Play& p, nb::handle rng, double c, int depth, double scale) {
                 terranova::check_search(p.s.current_player(), c, depth, scale);
                 new (self) Tree(SearchRules{}, p.s, terranova::read_generator(rng), c, depth, scale);
             },
             nb::keep_alive<1, 2>())  // its states point into the play's engine
        .def("iterate", [](Tree& t) { return t.iterate(); },
             "One iteration of mcts.py's search: the nodes it made.")
        .def("best",
             [](const Tree& t, int seat) {
                 if (seat < 0 || seat >= t.seats()) throw nb::index_error("no such seat");
                 int found = t.best(seat);
                 return found < 0 ? int64_t(-1) : int64_t(t.node(found).action);
             },
             "The code of the root's move the search plays for seat (-1 before any).")
        .def("weighed",
             [](const Tree& t, int seat) {
                 if (seat < 0 || seat >= t.seats()) throw nb::index_error("no such seat");
                 std::vector<std::tuple<uint32_t, int64_t, double>> out;
                 for (int kid : t.node(0).kids)
                     out.emplace_back(t.node(kid).action, t.node(kid).visits, t.value(kid, seat));
                 return out;
             },
             "The root's moves: (code, visits, value sum of seat), in the order tried.")
        .def("give_back", [](const Tree& t, nb::handle rng) { terranova::write_generator(t.rng, rng); },
             "Leave the generator where the search's draws have left it.");

    nb::class_<InfoTree>(m, "InfoTree")
        .def("__init__",
             [](InfoTree* self, const Play& p, nb::handle rng, double c, int depth, double scale,
                int64_t first) {
                 terranova::check_search(p.s.current_player(), c, depth, scale);
                 new (self) InfoTree(InfoRules{}, p.s, terranova::read_generator(rng), c, depth,
                                     scale, p.s.current_player(), first);
             },
             nb::arg("play"), nb::arg("rng"), nb::arg("c"), nb::arg("depth"), nb::arg("scale"),
             nb::arg("first"), nb::keep_alive<1, 2>())
        .def("iterate", [](InfoTree& t) { return t.iterate(); },
             "One iteration of ismcts.py's search, on a new determinization: the nodes it made.")
        .def("weighed",
             [](const InfoTree& t, int seat, const std::vector<int64_t>& moves) {
                 if (seat < 0 || seat >= t.seats()) throw nb::index_error("no such seat");
                 std::vector<std::pair<int64_t, double>> out;
                 for (int64_t move : moves) {
                     int kid = move < 0 || move > 0xFFFFFFFFLL ? -1 : t.root_kid(uint32_t(move));
                     out.emplace_back(kid < 0 ? 0 : t.node(kid).visits, kid < 0 ? 0.0 : t.value(kid, seat));
                 }
                 return out;
             },
             "For each of the observer's moves (codes): (visits, value sum of seat) at the root.")
        .def("give_back", [](const InfoTree& t, nb::handle rng) { terranova::write_generator(t.rng, rng); },
             "Leave the generator where the search's draws have left it.");

    nb::class_<Engine>(m, "Engine").def("__init__", [](Engine* self, const nb::dict& tables) {
        new (self) Engine{make_game(tables)};
    });

    nb::class_<Play>(m, "Play")
        .def("__init__",
             [](Play* self, nb::object engine) {
                 new (self) Play(std::move(engine));
                 self->s.start();
             })
        .def_prop_ro("ply", [](const Play& p) { return p.s.ply; })
        .def_prop_ro("over", [](const Play& p) { return p.s.over; })
        .def_prop_ro("top", [](const Play& p) { return p.s.over ? -1 : int(p.s.top().kind); })
        .def("waiting",
             [](const Play& p) {
                 if (p.s.over) return std::make_tuple(-1, 0, 0, 0);
                 const Step& t = p.s.top();
                 return std::make_tuple(int(t.kind), int(t.seat), int(t.b), int(t.k));
             })
        .def("current_player", [](const Play& p) { return p.s.current_player(); })
        .def("legal", [](const Play& p) {
            std::vector<uint32_t> out;
            p.s.legal(out);
            return out;
        })
        .def("outcomes", [](const Play& p) {
            std::vector<std::pair<uint32_t, double>> out;
            p.s.outcomes(out);
            return out;
        })
        .def("apply",
             [](Play& p, int64_t code) {
                 if (code < 0 || p.s.over) return false;
                 std::vector<uint32_t> legal;
                 p.s.legal(legal);
                 if (std::find(legal.begin(), legal.end(), uint32_t(code)) == legal.end()) return false;
                 p.s.apply(uint32_t(code));
                 return true;
             },
             "Apply a legal action (True); an illegal one changes nothing (False).")
        .def("clone", [](const Play& p) { return Play(p.s, p.engine); })
        .def("scores", [](const Play& p) {
            std::vector<int> out;
            p.s.scores(out);
            return out;
        })
        .def("estimate",
             [](const Play& p, int seat) {
                 if (seat < 0 || seat >= p.s.g->players) throw nb::index_error("list index out of range");
                 return p.s.estimate(seat);
             })
        .def("hand_size", [](const Play& p, int seat) { return int(p.s.hands.at(seat).n); })
        .def("sample",
             [](const Play& p, nb::handle rng) -> uint32_t {
                 if (!p.s.chance()) throw nb::value_error("not a chance node");
                 return sampled(p.s, [&](int n) { return randrange(rng, n); });
             })
        .def("redealt",
             [](const Play& p, int seat, nb::handle rng) {
                 if (seat < 0 || seat >= p.s.g->players) throw nb::index_error("list index out of range");
                 Play copy(p.s, p.engine);
                 copy.s.ply = 0;
                 PythonDraws draws{rng};
                 redeal(copy.s, p.s, seat, draws);
                 return copy;
             },
             "A copy with what seat has not seen dealt again (views.redeal), at ply 0.")
        .def("record", [](const Play& p) { return record_of(p.s); })
        .def("observe_into",
             [](const Play& p, const Observer& o, int seat, Row out) {
                 if (!o.engine.is(p.engine)) throw nb::value_error("an observer of another engine");
                 if (seat < -1 || seat >= p.s.g->players) throw nb::value_error("no such seat");
                 if (out.shape(0) != size_t(o.e.layout.size))
                     throw nb::value_error("a row of the encoding's observation size");
                 return write_observation(o.e.layout, p.s, seat, out.data());
             },
             nb::arg("observer"), nb::arg("seat"), nb::arg("out").noconvert(),
             "Write what seat (-1: a spectator) sees, in the standard encoding whose layout the "
             "observer holds, over out (float32, its observation size), as encoding.filler "
             "writes view(seat): True; False where no view is made of the position.")
        .def_static("restore",
                    [](nb::object engine, const nb::dict& record, int ply) {
                        const Game& g = nb::cast<Engine*>(engine)->game;
                        try {
                            return Play(restore(g, record, ply), engine);
                        } catch (const std::bad_cast&) {
                            throw nb::type_error("a record's field: not the numbers a record holds");
                        }
                    })
        .def(
            "play_out",
            [](const Play& p, uint64_t seed) {
                State copy(p.s);
                Rng rng{seed};
                std::vector<uint32_t> legal;
                std::vector<std::pair<uint32_t, double>> outcomes;
                long decisions = play_out(copy, rng, legal, outcomes);
                if (decisions < 0) throw nb::value_error("a position that waits on nothing");
                std::vector<int> out;
                copy.scores(out);
                return std::make_pair(decisions, out);
            },
            "A random game from here to its end, natively, on a copy: (decisions, scores).");

    nb::class_<Observer>(m, "Observer")
        .def("__init__",
             [](Observer* self, nb::object engine, const nb::dict& figures) {
                 const Game& g = nb::cast<Engine*>(engine)->game;
                 new (self) Observer{read_encoded(g, figures), std::move(engine)};
             },
             nb::arg("engine"), nb::arg("figures"),
             "The standard encoding's layout for an engine's configuration "
             "(native_state.layout_figures).");

    nb::class_<Batch> batch(m, "Batch");
    batch.def("__init__",
              [](Batch* self, nb::object engine, const nb::dict& figures, int games, int64_t max_steps) {
                  const Game& g = nb::cast<Engine*>(engine)->game;
                  check(games >= 1 && max_steps >= 0, "at least one game, max_steps 0 (none) or more");
                  new (self) Batch(engine, read_encoded(g, figures), games, max_steps);
              },
              nb::arg("engine"), nb::arg("figures"), nb::arg("games"), nb::arg("max_steps"));
    terranova::bind_batch(batch);

    m.def(
        "random_games",
        [](const Engine* engine, int games, uint64_t seed) {
            long decisions = 0;
            {
                nb::gil_scoped_release released;
                Rng rng{seed};
                std::vector<uint32_t> legal;
                std::vector<std::pair<uint32_t, double>> outcomes;
                legal.reserve(256);
                for (int i = 0; i < games; ++i) {
                    State s(&engine->game);
                    s.start();
                    decisions += play_out(s, rng, legal, outcomes);
                }
            }
            return decisions;
        },
        "Play games at random from their start, natively: the decisions made.");
}
