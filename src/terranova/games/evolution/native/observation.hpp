// The standard encoding of Discovery (evolution) written natively: what encoding/__init__.py's
// filler writes from ``view(seat)``, plane by plane, the same float32 numbers, straight from
// the engine's arrays (no view made). The planes' places and the figures the filler divides
// by are the Python encoding's own, handed over once (native_state.layout_figures).
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "evolution.hpp"

namespace evolution_native {

constexpr int STEP_KINDS = TURN_OVER + 1;

// Where each plane starts in an observation, and the figures of the configuration.
struct Layout {
    bool bluff = false;
    int n = 0, players = 0, jokers = 0, eras = 0, size = 0;
    double items = 1, high = 1, joker_share = 1;  // n + J; the highest return; 1 / max(1, J)
    std::array<int, STEP_KINDS> step_col{};  // a step's column in ``step`` (-1: no name)
    int over_col = 0;
    // the planes' offsets (those of the other game stay 0, unread)
    int hands = 0, hand_sizes = 0, reserve = 0, discards = 0, draw_pile = 0, jokers_out = 0,
        scores = 0, seats = 0, step = 0, to_move = 0, turn = 0, turn_state = 0, series_last = 0,
        requested = 0, window = 0, deed = 0, deed_card = 0, deed_era = 0, called = 0,
        last_call = 0, last_call_flags = 0, last_call_seats = 0, tree = 0, tree_last = 0,
        era_rows = 0, pile_top = 0, pile_size = 0, announced = 0, last_stop = 0,
        last_stop_seats = 0;
};

// The mask of the cards nothing shown may name any more (bluff.covered; Explore: none).
inline uint64_t covered(const State& s) {
    if (!s.g->bluff || s.tree_card.empty()) return 0;
    int top = s.tree_card[s.tree_card.n - 1];
    return s.rep[top] > 1 ? s.placed : s.placed & ~(uint64_t(1) << top);
}

// encoding.deed_of from the deed's action code: its kind, card (-1), era (0) and close.
struct DeedSeen {
    int kind = 0, card = -1, era = 0, close = 0;
};
inline DeedSeen deed_seen(uint32_t code) {
    DeedSeen d;
    switch (kind_of(code)) {
        case A_PLACE_CALLED: d.card = fa(code); break;
        case A_JOKER_AS: d.kind = 1; d.card = fb(code); break;
        case A_CALL: d.kind = 2; d.card = fb(code); break;
        case A_ANNOUNCE: d.kind = 3; d.era = fb(code); d.close = fa(code); break;
        case A_WORD: d.kind = 4; break;
        default: d.card = fb(code);  // a placement from a hand, the reserve, a discard
    }
    return d;
}

inline float share(double count, double of) { return float(count / of); }
inline float capped(double count, double of) { return float(std::min(1.0, count / of)); }

// What ``seat`` (-1: a spectator) sees of ``s``, written over ``out`` (``L.size`` floats);
// false where the position is not one a view is made of (a step that waits on nothing).
inline bool write_observation(const Layout& L, const State& s, int seat, float* out) {
    const Game& g = *s.g;
    const int n = g.n, p = g.players, me = seat >= 0 ? seat : 0, E = L.eras;
    int col = s.over ? L.over_col : L.step_col[s.top().kind];
    if (col < 0) return false;
    std::fill(out, out + L.size, 0.0f);
    auto row = [&](int x) { return (x - me + p) % p; };
    out[L.step + col] = 1;
    const bool shown = g.bluff && s.over;  // Bluff's end shows every hand
    const float joker = float(L.joker_share);
    for (int h = 0; h < p; ++h) {
        int r = row(h);
        out[L.hand_sizes + r] = share(s.hands[h].n, L.items);
        float* cards = out + L.hands + r * (n + 1);
        for (int8_t x : s.hands[h]) {
            if (!(shown || seat == h || (seat >= 0 && s.known[x] >> seat & 1))) continue;
            if (x >= n)
                cards[n] += joker;  // float32 sums, as numpy's
            else
                cards[x] = 1;
        }
        for (int8_t x : s.discards[h]) out[L.discards + r * n + x] = 1;
        if (g.automaton[h]) out[L.seats + r] = 1;
        if (seat >= 0 && g.team[me] >= 0 && g.team[h] == g.team[me]) out[L.seats + p + r] = 1;
    }
    for (int8_t x : s.reserve) out[L.reserve + x] = 1;
    out[L.draw_pile] = share(s.pile_size(), L.items);
    out[L.jokers_out] = float(double(s.out.n) * L.joker_share);
    std::vector<int> scores;
    s.scores(scores);
    for (int h = 0; h < p; ++h) out[L.scores + row(h)] = share(scores[h], L.high);
    int current = s.current_player();
    if (current >= 0) out[L.to_move + row(current)] = 1;
    uint64_t hidden = covered(s);
    if (s.ctx.n && !s.over) {
        const Turn& t = s.ctx[s.ctx.n - 1];
        out[L.turn + row(t.seat)] = 1;
        for (int i = 0; i + 1 < s.ctx.n; ++i) out[L.turn + p + row(s.ctx[i].seat)] = 1;
        float* state = out + L.turn_state;
        state[0] = t.interruption;
        state[1] = t.can_start;
        state[4] = capped(t.specials, 4.0);
        state[5] = capped(t.placed, L.items);
        if (t.last >= 0) {
            state[2] = 1;
            state[3] = t.joker;
            state[6] = capped(t.length, L.items);
            if (!(hidden >> t.last & 1)) out[L.series_last + t.last] = 1;
        }
        if (t.requested >= 0 && t.requested < n && seat == t.seat) out[L.requested + t.requested] = 1;
    }
    if (!s.over) {
        const Step& t = s.top();
        if (t.kind == WINDOW || t.kind == STOPPED) {
            float* rows = out + L.window;
            rows[row(t.seat)] = 1;
            if (t.kind == WINDOW) {
                for (int i = 0; i < t.n_seats; ++i)
                    if (g.bluff || t.seats[i] == seat) rows[p + row(t.seats[i])] = 1;
            } else {
                rows[2 * p + row(t.b)] = 1;
            }
            if (t.d >= 0) rows[3 * p + row(t.d)] = 1;
            DeedSeen d = deed_seen(t.deed.code);
            out[L.deed + d.kind] = 1;
            if (d.card >= 0) out[L.deed_card + d.card] = 1;
            if (d.era >= 1) out[L.deed_era + d.close * E + d.era - 1] = 1;
        } else if (t.kind == CALLED) {
            out[L.called + t.b] = 1;
        }
    }
    if (s.call_seat >= 0) {
        if (!(hidden >> s.call_card & 1)) out[L.last_call + s.call_card] = 1;
        out[L.last_call_flags] = 1;
        out[L.last_call_flags + 1] = s.call_failed != F_NONE;
        out[L.last_call_seats + row(s.call_seat)] = 1;
        if (s.call_by >= 0) out[L.last_call_seats + p + row(s.call_by)] = 1;
    }
    if (!g.bluff) {
        for (int i = 0; i < s.tree.n; ++i) out[L.tree + (s.tree[i] >= n) * n + s.tree_card[i]] = 1;
        if (s.tree.n) out[L.tree_last + s.tree_card[s.tree.n - 1]] = 1;
        for (int e = 1; e <= g.max_era; ++e) {
            int placed = s.era_count[e], size = g.era_size[e];
            out[L.era_rows + e - 1] = share(placed, size);
            out[L.era_rows + E + e - 1] = placed > 0;
            out[L.era_rows + 2 * E + e - 1] = placed == size;
        }
        return true;
    }
    out[L.pile_size] = share(s.tree.n, L.items);
    if (s.tree.n) {
        int last = s.tree.n - 1;
        out[L.pile_top + (s.tree[last] >= n) * n + s.tree_card[last]] = 1;
    }
    for (int e = 1; e <= g.max_era; ++e) {
        out[L.announced + e - 1] = s.announced[e][0];
        out[L.announced + E + e - 1] = s.announced[e][1];
    }
    if (s.stop_case) {
        out[L.last_stop] = 1;
        out[L.last_stop + s.stop_case] = 1;
        out[L.last_stop + 4] = s.stop_valid == 1;
        out[L.last_stop_seats + row(s.stop_actor)] = 1;
        out[L.last_stop_seats + p + row(s.stop_by)] = 1;
    }
    return true;
}

}  // namespace evolution_native
