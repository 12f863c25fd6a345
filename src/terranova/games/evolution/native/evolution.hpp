// Discovery : le jeu de l'évolution (Explore and Bluff) over fixed arrays: the rules of
// games/evolution/rules/ written again step for step (the same agenda, the same orders), so
// that every list, draw and score is the reference's.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace evolution_native {

constexpr int MAXN = 64;       // cards (bits of a mask)
constexpr int MAXJ = 8;        // jokers
constexpr int MAXI = MAXN + MAXJ;
constexpr int MAXP = 9;        // seats
constexpr int MAXE = 16;       // eras (1..MAXE-2)
constexpr int MAXCTX = 16;     // turns in progress (interruptions)
constexpr int MAXAG = 96;      // steps on the agenda
constexpr int HAND_SIZE = 5, RESERVE_SIZE = 5, SPECIAL_BONUS = 3, STALEMATE_ROUNDS = 10,
              TURN_LIMIT_PER_SEAT = 200;
constexpr int CHANCE = -1, TERMINAL = -2;

// actions: kind << 16 | a << 8 | b
enum ActionKind : uint32_t {
    A_PLACE_HAND, A_PLACE_RESERVE, A_PLACE_DISCARD, A_PLACE_CALLED, A_JOKER_AS, A_JOKER_SPECIAL,
    A_INTERRUPT, A_REPLAY, A_STEAL, A_EXCHANGE, A_SPECIAL_DISCARD, A_CALL, A_GIVE, A_ASK,
    A_ANNOUNCE, A_DISCARD, A_WORD, A_DEAL, A_DRAW, A_TAKE, A_FLIP
};
enum Word : uint32_t { W_PASS, W_END, W_STOP, W_ACCEPT, W_VERIFY, W_CONCEDE, W_ABANDON };
constexpr uint32_t act(uint32_t kind, uint32_t a = 0, uint32_t b = 0) { return kind << 16 | a << 8 | b; }
constexpr uint32_t word(Word w) { return act(A_WORD, 0, w); }
constexpr uint32_t kind_of(uint32_t code) { return code >> 16; }
constexpr int fa(uint32_t code) { return int(code >> 8 & 0xFF); }
constexpr int fb(uint32_t code) { return int(code & 0xFF); }

// steps (rules/steps.py)
enum StepKind : uint8_t {
    DEALING, DRAWING, REFILLING, TAKING, FLIPPING, PLAYING, AUTOMATON_TURN, SETTLING,
    INTERRUPTING, ROBBING, GIVING, WINDOW, STOPPED, CALLED, TURN_OVER
};
enum DrawMode : int8_t { UP_TO_FIVE, ONE, ONE_OR_STEAL };
enum Theft : int8_t { T_SPECIAL, T_EXCHANGE, T_FORCED, T_STOP2 };
enum Gift : int8_t { G_EXCHANGE, G_REQUEST, G_STOP3 };
enum DeedKind : int8_t { PLACEMENT, CALLING, ANNOUNCEMENT, ABANDON };
enum Source : int8_t { S_HAND, S_RESERVE, S_DISCARD, S_CALLED, S_JOKER };
enum Reason : int8_t { R_OPENED, R_CLOSED, R_EMPTIED, R_JOKER };
// why a call failed (specials.answer_call), 0: it did not
enum CallFail : int8_t { F_NONE, F_NEXT_ERA, F_PLACED, F_RESERVE, F_DISCARD, F_NOBODY, F_OWN, F_PREREQ };

struct Series {
    int8_t last = -1, length = 0;
    bool joker = false, set = false;  // set: not None
};

struct Deed {
    int8_t kind = PLACEMENT, actor = 0;
    bool valid = false;
    uint32_t code = 0;  // the action whose text the deed's is
    int8_t card = -1, item = -1, source = S_HAND;
    Series prev;
    int8_t earned[3] = {0, 0, 0};
    int8_t n_earned = 0;
    int8_t era = 0;
    bool close = false;
};

struct Step {
    uint8_t kind = 0;
    int8_t seat = 0;   // Drawing/Flipping/Playing/AutomatonTurn/Interrupting/Robbing/Called/TurnOver
                       // seat; Taking thief; Giving giver; Window/Stopped actor
    int8_t b = 0;      // Drawing mode; Taking victim; Giving receiver; Stopped challenger; Called card
    int8_t c = 0;      // Taking reason; Giving reason; Settling wrong
    int8_t d = -1;     // Giving exclude; Settling/Window/Stopped interrupter
    int16_t k = 0;     // Dealing k
    int8_t n_seats = 0;
    int8_t seats[MAXP] = {};
    Deed deed;
};

struct Turn {
    int8_t seat = 0;
    bool interruption = false, fresh = true, can_start = true;
    int8_t last = -1, length = 0;
    bool joker = false;
    int16_t specials = 0, placed = 0;
    bool asked = false;
    int8_t requested = -1;
    bool ended = false, passed = false;
    int16_t a_specials = 0, a_left = 0;
    bool a_groups = false, a_placed = false, a_stop = false;
    int16_t a_count = 0;
};

// a line of the score sheet made natively (kind 0: a card, 1: a special action, 2: a win)
struct SheetLine {
    int8_t kind, seat, points, card;
    bool joker;
    int8_t reason, era;
    int32_t ply;
    uint16_t winners;  // a win's seats (mask)
    bool team;         // a team's win
};

struct DeedLog {
    int8_t seat;
    uint32_t code;
    bool valid;
};

struct Game {
    bool bluff = false;
    int n = 0, jokers = 0, max_era = 0, players = 0, teams = 0;
    std::array<int8_t, MAXN> era{};
    std::array<int8_t, MAXE> era_size{};
    std::array<uint64_t, MAXN> prereq{}, link{}, plink{};
    std::array<bool, MAXP> automaton{};
    std::array<int8_t, MAXP> team{};
    std::array<uint16_t, MAXP> mates{};  // mask
    std::array<std::array<int8_t, MAXP>, MAXP> persons_after{};
    std::array<int8_t, MAXP> n_persons_after{};
};

template <class T, int N>
struct Small {  // a list of at most N small items, in order
    std::array<T, N> v{};
    int16_t n = 0;
    void push(T x) {
        if (n >= N) throw std::length_error("beyond the native engine's bounds");
        v[n++] = x;
    }
    T pop() {
        if (n <= 0) throw std::logic_error("nothing to take from a list");
        return v[--n];
    }
    T& back() {
        if (n <= 0) throw std::logic_error("nothing at the end of a list");
        return v[n - 1];
    }
    T& operator[](int i) { return v[i]; }
    const T& operator[](int i) const { return v[i]; }
    bool contains(T x) const {
        for (int i = 0; i < n; ++i)
            if (v[i] == x) return true;
        return false;
    }
    int index(T x) const {
        for (int i = 0; i < n; ++i)
            if (v[i] == x) return i;
        return -1;
    }
    void erase_at(int i) {
        if (i < 0 || i >= n) throw std::logic_error("no such place in a list");
        for (int j = i; j + 1 < n; ++j) v[j] = v[j + 1];
        --n;
    }
    void remove(T x) {
        int i = index(x);
        if (i < 0) throw std::logic_error("an item not where the rules put it");
        erase_at(i);
    }
    bool empty() const { return n == 0; }
    const T* begin() const { return v.data(); }
    const T* end() const { return v.data() + n; }
};

using Items = Small<int8_t, MAXI>;

struct State {
    const Game* g;
    std::array<uint64_t, MAXE> pile{};  // the draw pile's cards by era (each list is sorted)
    int pile_n = 0;
    Small<int8_t, MAXJ> pile_jokers, box, out;
    std::array<Items, MAXP> hands;
    Small<int8_t, MAXP> emptied;
    std::array<uint16_t, MAXI> known{};  // 0: not in a hand
    Small<int8_t, MAXN> reserve;
    std::array<Items, MAXP> discards;
    Items tree, tree_card;
    Small<bool, MAXI> tree_valid;
    std::array<int8_t, MAXN> rep{};
    uint64_t placed = 0, real = 0;
    std::array<int8_t, MAXE> era_count{};
    std::array<int32_t, MAXP> seat_points{};
    std::vector<SheetLine> sheet;
    std::array<std::array<bool, 2>, MAXE> announced{};
    Small<Turn, MAXCTX> ctx;
    int base = 0;
    Series last_series;
    int passes = 0, idle = 0, turns_done = 0;
    Small<int8_t, MAXP> winning_seats;
    std::vector<DeedLog> deed_log;
    // last_call: seat, card, given_by, failed; seat -1: none
    int8_t call_seat = -1, call_card = 0, call_by = -1, call_failed = 0;
    // last_stop: the deed's action, actor, challenger, case, valid (-1: None); case 0: none
    uint32_t stop_code = 0;
    int8_t stop_actor = 0, stop_by = 0, stop_case = 0, stop_valid = -1, stop_card = -1;
    Small<Step, MAXAG> agenda;
    bool over = false;
    int ply = 0;

    explicit State(const Game* game) : g(game) {}

    void start() {
        for (int c = 0; c < g->n; ++c) pile[g->era[c]] |= uint64_t(1) << c;
        pile_n = g->n;
        for (int j = 0; j < g->jokers; ++j) box.push(int8_t(g->n + j));
        for (int s = 0; s < g->players; ++s) emptied.push(int8_t(s));
        Step t;
        t.kind = DEALING;
        t.k = 0;
        agenda.push(t);
        advance();
    }

    // ------------------------------------------------------------------ looking

    int pile_size() const { return pile_n + pile_jokers.n; }
    bool has_joker(int seat) const {
        for (int8_t x : hands[seat])
            if (x >= g->n) return true;
        return false;
    }
    int first_joker(const Items& items, int exclude = -1) const {
        for (int8_t x : items)
            if (x >= g->n && x != exclude) return x;
        throw std::logic_error("no joker there");
    }
    uint64_t lowest() const {
        for (int e = 0; e <= g->max_era; ++e)
            if (pile[e]) return pile[e];
        throw std::logic_error("the draw pile is empty");
    }
    bool in_hand(int seat, int item) const { return hands[seat].contains(int8_t(item)); }
    uint16_t all_seats() const { return uint16_t((1 << g->players) - 1); }

    // ------------------------------------------------------------------ moving

    void hand_remove(int seat, int item) {
        hands[seat].remove(int8_t(item));
        known[item] = 0;
        if (hands[seat].empty()) emptied.push(int8_t(seat));
    }
    void hand_add(int seat, int item, uint16_t seen_by) {
        if (hands[seat].empty()) emptied.remove(int8_t(seat));
        hands[seat].push(int8_t(item));
        known[item] = uint16_t(seen_by | 1 << seat);
    }
    void to_discard(int seat, int item) {
        if (item >= g->n)
            out.push(int8_t(item));
        else
            discards[seat].push(int8_t(item));
    }
    void joker_out(int seat) {
        int j = first_joker(hands[seat]);
        hand_remove(seat, j);
        out.push(int8_t(j));
    }
    // whether it opened, whether it closed an era
    std::pair<int, int> add_entry(int item, int card, bool valid) {
        tree.push(int8_t(item));
        tree_card.push(int8_t(card));
        tree_valid.push(valid);
        int r = rep[card];
        rep[card] = int8_t(r + 1);
        if (item < g->n) real |= uint64_t(1) << item;
        if (r) return {0, 0};
        placed |= uint64_t(1) << card;
        int e = g->era[card];
        int count = ++era_count[e];
        return {int(count == 1 && e > 1), int(count == g->era_size[e])};
    }
    void remove_entry(int i) {
        int item = tree[i], card = tree_card[i];
        tree.erase_at(i);
        tree_card.erase_at(i);
        tree_valid.erase_at(i);
        int r = --rep[card];
        if (item < g->n) real &= ~(uint64_t(1) << item);
        if (!r) {
            placed &= ~(uint64_t(1) << card);
            --era_count[g->era[card]];
        }
    }
    void hand_back(int card, int seat) {
        if (rep[card] < 2) return;
        for (int i = 0; i < tree.n; ++i)
            if (tree[i] >= g->n && tree_card[i] == card) {
                int item = tree[i];
                remove_entry(i);
                hand_add(seat, item, all_seats());
                return;
            }
    }

    // ------------------------------------------------------------------ agenda

    Step& top() { return agenda.back(); }
    const Step& top() const {
        if (agenda.n <= 0) throw std::logic_error("an empty agenda");
        return agenda.v[agenda.n - 1];
    }
    void push_step(uint8_t kind, int seat, int b = 0, int c = 0, int d = -1) {
        Step t;
        t.kind = kind;
        t.seat = int8_t(seat);
        t.b = int8_t(b);
        t.c = int8_t(c);
        t.d = int8_t(d);
        agenda.push(t);
    }
    void push_draw(int seat, DrawMode mode) { push_step(DRAWING, seat, mode); }
    Step marker(int seat) const {
        Step t;
        t.kind = g->automaton[seat] ? AUTOMATON_TURN : PLAYING;
        t.seat = int8_t(seat);
        return t;
    }
    static bool is_chance(uint8_t kind) { return kind <= FLIPPING; }
    bool chance() const { return !over && is_chance(top().kind); }

    int current_player() const {
        if (over) return TERMINAL;
        const Step& t = top();
        if (is_chance(t.kind)) return CHANCE;
        switch (t.kind) {
            case PLAYING: case ROBBING: case CALLED: case WINDOW: case STOPPED: case GIVING:
                return t.kind == WINDOW ? t.seats[0] : t.seat;
        }
        throw std::logic_error("a step that waits for nobody");
    }

    // ------------------------------------------------------------------ listing

    void card_actions(const Items& items, int exclude, uint32_t kind, std::vector<uint32_t>& out) const {
        uint64_t cards = 0;
        bool joker = false;
        for (int8_t x : items) {
            if (x == exclude) continue;
            if (x < g->n)
                cards |= uint64_t(1) << x;
            else
                joker = true;
        }
        for (uint64_t m = cards; m; m &= m - 1) out.push_back(act(kind, 0, uint32_t(std::countr_zero(m))));
        if (joker) out.push_back(act(kind, 0, uint32_t(g->n)));
    }
    static uint64_t mask_of(const Items& items, int n) {
        uint64_t m = 0;
        for (int8_t x : items)
            if (x < n) m |= uint64_t(1) << x;
        return m;
    }
    static uint64_t mask_of(const Small<int8_t, MAXN>& items) {
        uint64_t m = 0;
        for (int8_t x : items) m |= uint64_t(1) << x;
        return m;
    }
    void victims(int seat, int8_t* out, int& k) const {
        k = 0;
        for (int i = 1; i < g->players; ++i) {
            int v = (seat + i) % g->players;
            if (!hands[v].empty()) out[k++] = int8_t(v);
        }
    }
    bool cond1(int card) const { return !(g->prereq[card] & ~placed); }
    bool cond2(const Turn& t, int card) const {
        if (t.last < 0) return false;
        return ((t.joker ? g->plink : g->link)[t.last] >> card) & 1;
    }

    void placements(const Turn& t, std::vector<uint32_t>& out) const {
        int seat = t.seat;
        uint64_t link_mask;
        bool rules = !g->bluff;
        if (t.can_start)
            link_mask = ~uint64_t(0);
        else if (t.last >= 0)
            link_mask = (t.joker ? g->plink : g->link)[t.last];
        else
            link_mask = 0;
        auto ok = [&](int x) { return !rules || (cond1(x) && (link_mask >> x & 1)); };
        for (uint64_t m = mask_of(hands[seat], g->n); m; m &= m - 1) {
            int x = std::countr_zero(m);
            if (ok(x)) out.push_back(act(A_PLACE_HAND, 0, x));
        }
        for (uint64_t m = mask_of(reserve); m; m &= m - 1) {
            int x = std::countr_zero(m);
            if (ok(x)) out.push_back(act(A_PLACE_RESERVE, 0, x));
        }
        for (int s = 0; s < g->players; ++s) {
            if (s == seat) continue;
            for (uint64_t m = mask_of(discards[s], g->n); m; m &= m - 1) {
                int x = std::countr_zero(m);
                if (ok(x)) out.push_back(act(A_PLACE_DISCARD, s, x));
            }
        }
    }

    void turn_actions(const Turn& t, std::vector<uint32_t>& out) const {
        int seat = t.seat;
        if (t.fresh) {
            if (tree.empty() && !t.interruption && passes < g->players) out.push_back(word(W_PASS));
            if (!t.asked && g->mates[seat])
                for (int m = 0; m < g->players; ++m)
                    if (g->mates[seat] >> m & 1 && !hands[m].empty()) out.push_back(act(A_ASK, 0, m));
        }
        placements(t, out);
        if (t.can_start && has_joker(seat)) {
            uint64_t seen = mask_of(reserve);
            for (int s = 0; s < g->players; ++s) seen |= mask_of(discards[s], g->n);
            for (int x = 0; x < g->n; ++x) {
                bool ok = g->bluff ? !(seen >> x & 1) : !((seen | placed) >> x & 1) && era_count[g->era[x]];
                if (ok) out.push_back(act(A_JOKER_AS, 0, x));
            }
            out.push_back(act(A_JOKER_SPECIAL));
        }
        if (t.specials) {
            const Items& hand = hands[seat];
            if (!t.can_start) out.push_back(act(A_REPLAY));
            for (int v = 0; v < g->players; ++v)
                if (v != seat && !hands[v].empty()) out.push_back(act(A_STEAL, 0, v));
            if (!hand.empty())
                for (int v = 0; v < g->players; ++v)
                    if (v != seat && !hands[v].empty()) out.push_back(act(A_EXCHANGE, 0, v));
            if (hand.n >= 2) card_actions(hand, -1, A_SPECIAL_DISCARD, out);
            for (int x = 0; x < g->n; ++x) out.push_back(act(A_CALL, 0, x));
        }
        if (g->bluff) {
            for (int e = 1; e <= g->max_era; ++e) {
                if (e > 1 && !announced[e][0]) out.push_back(act(A_ANNOUNCE, 0, e));
                if (!announced[e][1]) out.push_back(act(A_ANNOUNCE, 1, e));
            }
            out.push_back(word(W_END));
        } else if (t.placed || hands[seat].empty()) {
            out.push_back(word(W_END));
        } else {
            card_actions(hands[seat], -1, A_DISCARD, out);
        }
    }

    void legal(std::vector<uint32_t>& out) const {
        out.clear();
        if (over) return;
        const Step& t = top();
        switch (t.kind) {
            case PLAYING:
                if (ctx.empty()) throw std::logic_error("a turn's step with no turn in progress");
                turn_actions(ctx.v[ctx.n - 1], out);
                return;
            case DEALING: case DRAWING: case REFILLING: {
                uint32_t kind = t.kind == DEALING ? A_DEAL : A_DRAW;
                if (pile_n)
                    for (uint64_t m = lowest(); m; m &= m - 1) out.push_back(act(kind, 0, std::countr_zero(m)));
                if (!pile_jokers.empty()) out.push_back(act(A_DRAW, 0, g->n));
                return;
            }
            case TAKING: {
                const Items& hand = hands[t.b];
                if (hand.empty()) return;
                if (g->automaton[t.b]) {
                    out.push_back(act(A_TAKE, 0, std::min<int>(hand.v[hand.n - 1], g->n)));
                    return;
                }
                card_actions(hand, -1, A_TAKE, out);
                return;
            }
            case FLIPPING:
                if (hands[t.seat].empty()) return;
                out.push_back(act(A_FLIP, 0, std::min<int>(hands[t.seat][0], g->n)));
                return;
            case WINDOW:
                out.push_back(word(W_ACCEPT));
                if (g->bluff) {
                    out.push_back(word(W_STOP));
                    if (t.d < 0 && has_joker(t.seats[0])) out.push_back(act(A_INTERRUPT));
                } else {
                    out.push_back(act(A_INTERRUPT));
                }
                return;
            case STOPPED:
                out.push_back(word(W_VERIFY));
                out.push_back(word(W_CONCEDE));
                return;
            case ROBBING: {
                int8_t vs[MAXP];
                int k;
                victims(t.seat, vs, k);
                for (int i = 0; i < k; ++i) out.push_back(act(A_STEAL, 0, vs[i]));
                return;
            }
            case GIVING:
                card_actions(hands[t.seat], t.d, A_GIVE, out);
                return;
            case CALLED: {
                if (ctx.empty()) throw std::logic_error("a called card with no turn in progress");
                const Turn& c = ctx.v[ctx.n - 1];
                out.push_back(act(A_PLACE_CALLED, t.b, 0));
                if (g->bluff) {
                    if (c.last >= 0) out.push_back(act(A_PLACE_CALLED, t.b, 1));
                    out.push_back(word(W_ABANDON));
                } else if (c.last >= 0 && cond2(c, t.b)) {
                    out.push_back(act(A_PLACE_CALLED, t.b, 1));
                }
                return;
            }
        }
        throw std::logic_error("a step that waits for nobody");
    }

    // chance: outcomes as (action, numerator, denominator) of the reference's float sums
    void outcomes(std::vector<std::pair<uint32_t, double>>& out) const {
        out.clear();
        if (over) return;
        const Step& t = top();
        switch (t.kind) {
            case DEALING: case DRAWING: case REFILLING: {
                uint32_t kind = t.kind == DEALING ? A_DEAL : A_DRAW;
                double cards = pile_n, jokers = pile_jokers.n, total = cards + jokers;
                if (pile_n) {
                    uint64_t low = lowest();
                    double p = cards / total / double(std::popcount(low));
                    for (uint64_t m = low; m; m &= m - 1) out.emplace_back(act(kind, 0, std::countr_zero(m)), p);
                }
                if (pile_jokers.n) out.emplace_back(act(A_DRAW, 0, g->n), jokers / total);
                return;
            }
            case TAKING: {
                const Items& hand = hands[t.b];
                if (hand.empty()) return;
                if (g->automaton[t.b]) {
                    out.emplace_back(act(A_TAKE, 0, std::min<int>(hand.v[hand.n - 1], g->n)), 1.0);
                    return;
                }
                double size = hand.n;
                uint64_t held = mask_of(hand, g->n);
                int k = std::popcount(held);
                for (uint64_t m = held; m; m &= m - 1) out.emplace_back(act(A_TAKE, 0, std::countr_zero(m)), 1 / size);
                if (k < hand.n) out.emplace_back(act(A_TAKE, 0, g->n), double(hand.n - k) / size);
                return;
            }
            case FLIPPING:
                if (hands[t.seat].empty()) return;
                out.emplace_back(act(A_FLIP, 0, std::min<int>(hands[t.seat][0], g->n)), 1.0);
                return;
        }
    }

    // ------------------------------------------------------------------ applying

    void apply(uint32_t code) {
        ++ply;
        carry_out(code);
        advance();
    }
    void advance() {
        while (!over)
            if (!proceed()) return;
    }

    Turn& cur() { return ctx.back(); }

    void carry_out(uint32_t a) {
        Step t = top();
        switch (t.kind) {
            case PLAYING:
                play(cur(), a);
                return;
            case DEALING: case DRAWING: case REFILLING:
                draw(t, a);
                return;
            case WINDOW:
                answer(t, a);
                return;
            case TAKING:
                agenda.pop();
                take(t, a);
                return;
            case STOPPED:
                respond(t, a);
                return;
            case FLIPPING:
                agenda.pop();
                flip(cur());
                return;
            case ROBBING:
                top().kind = TAKING;
                top().seat = t.seat;
                top().b = int8_t(fb(a));
                top().c = T_FORCED;
                return;
            case GIVING:
                agenda.pop();
                give(t, a);
                return;
            case CALLED:
                agenda.pop();
                if (a == word(W_ABANDON))
                    abandon(t.seat, t.b, a);
                else
                    place(cur(), t.b, S_CALLED, -1, !fb(a), a);
                return;
        }
        throw std::logic_error("an action at a step that takes none");
    }

    bool settle_hands() {  // Bluff's between_actions
        if (pile_size()) {
            for (int s = 0; s < g->players; ++s)
                if (hands[s].empty()) goto draw;
            return false;
        draw:
            int start = ctx.n ? ctx.back().seat : 0;
            for (int k = g->players - 1; k >= 0; --k) push_draw((start + k) % g->players, ONE_OR_STEAL);
            return true;
        }
        if (emptied.empty()) return false;
        if (!g->teams) {
            win(uint16_t(1 << emptied[0]), false);
            return true;
        }
        // teams.first_team_out
        int when_of[2 * MAXP + 2];
        bool seen[2 * MAXP + 2] = {};
        auto key_of = [&](int seat) { return g->team[seat] >= 0 ? g->team[seat] + MAXP + 1 : MAXP - seat; };
        for (int w = 0; w < emptied.n; ++w) {
            int key = key_of(emptied[w]);
            when_of[key] = w;
            seen[key] = true;
        }
        int best_when = 1 << 30, best_key = 0;
        for (int key = 0; key < 2 * MAXP + 2; ++key) {
            if (!seen[key]) continue;
            bool complete = true;
            if (key > MAXP) {
                for (int s = 0; s < g->players; ++s)
                    if (g->team[s] == key - MAXP - 1 && !hands[s].empty()) complete = false;
            }
            if (complete && when_of[key] < best_when) best_when = when_of[key], best_key = key;
        }
        if (best_when == 1 << 30) return false;
        uint16_t winners = 0;
        bool team = best_key > MAXP;
        if (team) {
            for (int s = 0; s < g->players; ++s)
                if (g->team[s] == best_key - MAXP - 1) winners |= uint16_t(1 << s);
        } else {
            winners = uint16_t(1 << (MAXP - best_key));
        }
        win(winners, team);
        return true;
    }

    void win(uint16_t winners, bool team) {
        finish(winners);
        SheetLine l{2, 0, 1, 0, false, 0, 0, ply, winners, team};
        sheet.push_back(l);
    }
    void finish(uint16_t winners) {
        over = true;
        winning_seats.n = 0;
        for (int s = 0; s < g->players; ++s)
            if (winners >> s & 1) winning_seats.push(int8_t(s));
    }

    bool between() { return g->bluff && settle_hands(); }

    // one automatic step carried out (true), or the top waits (false)
    bool proceed() {
        Step t = top();
        switch (t.kind) {
            case PLAYING:
                return between();
            case DRAWING:
                return !draw_waits(t);
            case WINDOW: case STOPPED: case CALLED: case FLIPPING:
                return false;
            case SETTLING:
                agenda.pop();
                settle(t);
                return true;
            case TURN_OVER:
                if (!between()) next_turn();
                return true;
            case TAKING:
                if (!hands[t.b].empty()) return false;
                agenda.pop();
                return true;
            case ROBBING: {
                int8_t vs[MAXP];
                int k;
                victims(t.seat, vs, k);
                if (!k) {
                    agenda.pop();
                } else if (g->automaton[t.seat]) {
                    int best = vs[0];
                    for (int i = 0; i < k; ++i)
                        if (hands[vs[i]].n > hands[best].n) best = vs[i];
                    top().kind = TAKING;
                    top().b = int8_t(best);
                    top().c = T_FORCED;
                } else {
                    return false;
                }
                return true;
            }
            case GIVING:
                for (int8_t x : hands[t.seat])
                    if (x != t.d) return false;
                agenda.pop();
                return true;
            case AUTOMATON_TURN:
                if (!between()) automaton_step(cur());
                return true;
            case REFILLING:
                if (reserve.n >= RESERVE_SIZE || !pile_size()) {
                    agenda.pop();
                    return true;
                }
                return false;
            case DEALING:
                if (!pile_n) {
                    finish_deal();
                    return true;
                }
                return false;
            case INTERRUPTING:
                agenda.pop();
                start_turn(t.seat, true);
                return true;
        }
        throw std::logic_error("an unknown step");
    }

    // ------------------------------------------------------------ drawing (1.4)

    void draw(const Step& t, uint32_t a) {
        int x = fb(a), item;
        if (x == g->n) {
            item = pile_jokers.pop();
        } else {
            item = x;
            pile[g->era[x]] &= ~(uint64_t(1) << x);
            --pile_n;
        }
        if (t.kind == DEALING) {
            int slot = t.k % (g->players + 1);
            if (slot == 0)
                reserve.push(int8_t(item));
            else
                hand_add(slot - 1, item, 0);
            int k = t.k + 1;
            if (k < (g->players + 1) * HAND_SIZE && pile_n)
                top().k = int16_t(k);
            else
                finish_deal();
        } else if (t.kind == REFILLING) {
            if (item < g->n)
                reserve.push(int8_t(item));
            else
                out.push(int8_t(item));
        } else {
            hand_add(t.seat, item, 0);
            if (t.b != UP_TO_FIVE) agenda.pop();
        }
    }
    void finish_deal() {
        agenda.pop();
        pile_jokers = box;
        box.n = 0;
        base = 0;
        start_turn(0, false);
    }
    bool draw_waits(const Step& t) {
        if (!pile_size()) {
            agenda.pop();
            if (t.b == ONE_OR_STEAL) push_step(ROBBING, t.seat);
            return false;
        }
        if (t.b == UP_TO_FIVE && hands[t.seat].n >= HAND_SIZE) {
            agenda.pop();
            return false;
        }
        return true;
    }

    // ------------------------------------------------------------------ turns

    void start_turn(int seat, bool interruption) {
        Turn t;
        t.seat = int8_t(seat);
        t.interruption = interruption;
        ctx.push(t);
        int pile = pile_size();
        if (g->bluff) {
            if (!pile && hands[seat].empty())
                push_step(TURN_OVER, seat);
            else
                agenda.push(marker(seat));
            return;
        }
        agenda.push(marker(seat));
        int8_t vs[MAXP];
        int k;
        if (interruption && hands[seat].empty() && pile) {
            push_draw(seat, UP_TO_FIVE);
        } else if (!pile) {
            victims(seat, vs, k);
            if (k) push_step(ROBBING, seat);
        }
    }

    void end_turn(Turn& t, bool drawn) {
        t.ended = true;
        for (int i = agenda.n - 1; i >= 0; --i)
            if (agenda[i].kind == PLAYING || agenda[i].kind == AUTOMATON_TURN) {
                Step over_;
                over_.kind = TURN_OVER;
                over_.seat = t.seat;
                agenda[i] = over_;
                break;
            }
        if (t.requested >= 0 && in_hand(t.seat, t.requested)) {
            hand_remove(t.seat, t.requested);
            to_discard(t.seat, t.requested);
        }
        if (drawn) {
            if (!g->bluff)
                push_draw(t.seat, UP_TO_FIVE);
            else if (!t.placed)
                push_draw(t.seat, ONE_OR_STEAL);
        }
    }

    void next_turn() {
        agenda.pop();
        Turn t = ctx.pop();
        if (g->bluff) {
            ++turns_done;
            bool stale;
            if (pile_size() || t.placed) {
                idle = 0;
                stale = false;
            } else {
                stale = ++idle >= STALEMATE_ROUNDS * g->players;
            }
            if (stale || turns_done >= TURN_LIMIT_PER_SEAT * (g->players + 1)) {
                finish(0);
                return;
            }
        }
        if (ctx.n) {
            Turn& under = ctx.back();
            if (!under.ended && !under.can_start && last_series.set) {
                under.last = last_series.last;
                under.length = last_series.length;
                under.joker = last_series.joker;
            }
            return;
        }
        passes = t.passed ? passes + 1 : 0;
        if (!g->bluff) {
            bool any = false;
            for (int s = 0; s < g->players; ++s) any |= !hands[s].empty();
            if (!any) {
                finish(0);
                return;
            }
        }
        base = (base + 1) % g->players;
        start_turn(base, false);
    }

    void earn(Turn& t, const int8_t* earned, int k, int e) {
        t.specials = int16_t(t.specials + k);
        score_specials(t.seat, earned, k, e);
    }
    void score(int seat, int points, int card, bool joker) {
        if (g->bluff) return;
        seat_points[seat] += points;
        sheet.push_back(SheetLine{0, int8_t(seat), int8_t(points), int8_t(card), joker, 0, 0, ply, 0, false});
    }
    void score_specials(int seat, const int8_t* earned, int k, int e) {
        if (g->bluff) return;
        seat_points[seat] += SPECIAL_BONUS * k;
        for (int i = 0; i < k; ++i)
            sheet.push_back(
                SheetLine{1, int8_t(seat), SPECIAL_BONUS, 0, false, earned[i], int8_t(e), ply, 0, false});
    }
    void replace(int seat) {
        if (!g->bluff) push_draw(seat, ONE);
    }
    void refill_hand(int seat) {
        if (!g->bluff) push_draw(seat, UP_TO_FIVE);
    }
    static void era_specials(Deed& d, int opened, int closed) {
        if (opened) d.earned[d.n_earned++] = R_OPENED;
        if (closed) d.earned[d.n_earned++] = R_CLOSED;
    }

    // ------------------------------------------------------------ a turn's actions

    void play(Turn& t, uint32_t a) {
        if (a == word(W_PASS)) {
            t.passed = true;
            end_turn(t, false);
            return;
        }
        if (a == word(W_END)) {
            end_turn(t, true);
            return;
        }
        t.fresh = false;
        int seat = t.seat, x = fb(a);
        switch (kind_of(a)) {
            case A_PLACE_HAND:
                place(t, x, S_HAND, -1, t.can_start, a);
                return;
            case A_PLACE_RESERVE:
                place(t, x, S_RESERVE, -1, t.can_start, a);
                return;
            case A_PLACE_DISCARD:
                place(t, x, S_DISCARD, fa(a), t.can_start, a);
                return;
            case A_DISCARD: {
                int item = x == g->n ? first_joker(hands[seat]) : x;
                hand_remove(seat, item);
                to_discard(seat, item);
                end_turn(t, true);
                return;
            }
            case A_ANNOUNCE: {
                bool close = fa(a);
                int count = era_count[x];
                Deed d;
                d.kind = ANNOUNCEMENT;
                d.actor = int8_t(seat);
                d.valid = close ? count == g->era_size[x] : count > 0;
                d.code = a;
                d.era = int8_t(x);
                d.close = close;
                open_window(d);
                return;
            }
            case A_CALL:
                --t.specials;
                if (!g->bluff) {
                    answer_call(t, x, true);
                } else {
                    Deed d;
                    d.kind = CALLING;
                    d.actor = int8_t(seat);
                    d.valid = call_fails(x) == F_NONE && !in_hand(seat, x);
                    d.code = a;
                    d.card = int8_t(x);
                    open_window(d);
                }
                return;
            case A_STEAL: case A_EXCHANGE:
                --t.specials;
                push_step(TAKING, seat, x, kind_of(a) == A_EXCHANGE ? T_EXCHANGE : T_SPECIAL);
                return;
            case A_SPECIAL_DISCARD: {
                --t.specials;
                int item = x == g->n ? first_joker(hands[seat]) : x;
                hand_remove(seat, item);
                to_discard(seat, item);
                return;
            }
            case A_REPLAY:
                --t.specials;
                t.can_start = true;
                t.last = -1;
                t.length = 0;
                t.joker = false;
                return;
            case A_JOKER_AS: {
                int joker = first_joker(hands[seat]);
                hand_remove(seat, joker);
                Deed d;
                d.kind = PLACEMENT;
                d.actor = int8_t(seat);
                d.valid = era_count[g->era[x]] && !(placed >> x & 1);
                d.prev = last_series;
                auto [opened, closed] = add_entry(joker, x, d.valid);
                t.last = int8_t(x);
                t.length = 1;
                t.joker = true;
                t.can_start = false;
                score(seat, 1, x, true);
                last_series = Series{int8_t(x), 1, true, true};
                d.code = a;
                d.card = int8_t(x);
                d.item = int8_t(joker);
                d.source = S_JOKER;
                if (!g->bluff) era_specials(d, opened, closed);
                open_window(d);
                return;
            }
            case A_JOKER_SPECIAL: {
                joker_out(seat);
                int8_t earned[2] = {R_JOKER, R_EMPTIED};
                int k = 1;
                if (hands[seat].empty() && pile_size()) {
                    k = 2;
                    refill_hand(seat);
                }
                earn(t, earned, k, 0);
                return;
            }
            case A_ASK:
                t.asked = true;
                push_step(GIVING, x, seat, G_REQUEST, -1);
                return;
        }
        throw std::logic_error("an action a turn does not take");
    }

    void place(Turn& t, int card, int source, int src, bool fresh_series, uint32_t a) {
        int seat = t.seat;
        if (source == S_HAND)
            hand_remove(seat, card);
        else if (source == S_RESERVE)
            reserve.remove(int8_t(card));
        else if (source == S_DISCARD)
            discards[src].remove(int8_t(card));
        Deed d;
        d.kind = PLACEMENT;
        d.actor = int8_t(seat);
        d.valid = cond1(card) && (fresh_series || cond2(t, card));
        d.prev = last_series;
        auto [opened, closed] = add_entry(card, card, d.valid);
        if (fresh_series) {
            t.last = int8_t(card);
            t.length = 1;
            t.joker = false;
        } else {
            t.last = int8_t(card);
            ++t.length;
        }
        t.can_start = false;
        score(seat, t.length, card, false);
        last_series = Series{int8_t(card), t.length, t.joker, true};
        d.code = a;
        d.card = d.item = int8_t(card);
        d.source = int8_t(source);
        if (!g->bluff) era_specials(d, opened, closed);
        open_window(d);
    }

    void open_window(const Deed& d) {
        deed_log.push_back(DeedLog{d.actor, d.code, d.valid});
        Step s;
        s.kind = SETTLING;
        s.d = -1;
        s.c = 0;
        s.deed = d;
        agenda.push(s);
        Step w;
        w.kind = WINDOW;
        w.seat = d.actor;
        w.d = -1;
        w.deed = d;
        const auto& after = g->persons_after[d.actor];
        for (int i = 0; i < g->n_persons_after[d.actor]; ++i) {
            int p = after[i];
            if (g->bluff || (d.kind == PLACEMENT && g->jokers && has_joker(p))) w.seats[w.n_seats++] = int8_t(p);
        }
        if (w.n_seats) agenda.push(w);
    }

    void answer(const Step& w, uint32_t a) {
        agenda.pop();
        int seat = w.seats[0];
        int interrupter = w.d;
        if (a == word(W_STOP)) {
            Step s;
            s.kind = STOPPED;
            s.seat = w.seat;
            s.b = int8_t(seat);
            s.d = int8_t(interrupter);
            s.deed = w.deed;
            agenda.push(s);
            return;
        }
        int rest = w.n_seats - 1;
        if (a == act(A_INTERRUPT)) {
            joker_out(seat);
            interrupter = seat;
            if (!g->bluff) rest = 0;
        }
        if (rest) {
            Step n = w;
            n.n_seats = int8_t(rest);
            for (int i = 0; i < rest; ++i) n.seats[i] = w.seats[i + 1];
            n.d = int8_t(interrupter);
            agenda.push(n);
        } else {
            Step& s = top();
            s.kind = SETTLING;
            s.d = int8_t(interrupter);
            s.c = 0;
            s.deed = w.deed;
        }
    }

    void respond(const Step& st, uint32_t a) {
        agenda.pop();
        int actor = st.seat, challenger = st.b;
        const Deed& d = st.deed;
        Step& s = top();
        s.kind = SETTLING;
        s.deed = d;
        s.d = st.d;
        if (a == word(W_VERIFY) && d.valid) {
            stop_case = 1;
            s.c = 0;
            push_draw(challenger, ONE_OR_STEAL);
        } else if (a == word(W_CONCEDE)) {
            stop_case = 2;
            s.c = 1;
            if (!hands[challenger].empty()) push_step(TAKING, actor, challenger, T_STOP2);
        } else {
            stop_case = 3;
            s.c = 1;
            push_step(GIVING, challenger, actor, G_STOP3, -1);
        }
        stop_code = d.code;
        stop_actor = int8_t(actor);
        stop_by = int8_t(challenger);
        stop_valid = stop_case != 2 ? int8_t(d.valid) : int8_t(-1);
        stop_card = d.kind == PLACEMENT || d.kind == CALLING ? d.card : int8_t(-1);
    }

    void settle(const Step& st) {
        Turn& t = cur();
        if (st.d >= 0) push_step(INTERRUPTING, st.d);
        const Deed& d = st.deed;
        if (st.c) {  // in the wrong
            if (d.kind != PLACEMENT) {
                end_turn(t, false);
                return;
            }
            remove_entry(tree.n - 1);
            last_series = d.prev;
            to_discard(d.actor, d.item);
            end_turn(t, false);
            push_draw(d.actor, ONE_OR_STEAL);
            if (d.source == S_RESERVE) push_step(REFILLING, 0);
            return;
        }
        switch (d.kind) {
            case PLACEMENT: {
                int actor = d.actor;
                ++t.placed;
                int8_t earned[3];
                int k = d.n_earned;
                for (int i = 0; i < k; ++i) earned[i] = d.earned[i];
                if (d.source != S_JOKER) hand_back(d.card, actor);
                if ((d.source == S_HAND || d.source == S_JOKER) && hands[actor].empty() && pile_size()) {
                    earned[k++] = R_EMPTIED;
                    refill_hand(actor);
                }
                if (k) earn(t, earned, k, g->era[d.card]);
                if (d.source == S_RESERVE) push_step(REFILLING, 0);
                return;
            }
            case CALLING:
                answer_call(t, d.card, false);
                return;
            case ANNOUNCEMENT: {
                announced[d.era][d.close] = true;
                int8_t r = d.close ? R_CLOSED : R_OPENED;
                earn(t, &r, 1, d.era);
                return;
            }
            case ABANDON:
                end_turn(t, true);
                return;
        }
    }

    int call_fails(int card) const {
        int e = g->era[card];
        if (e >= g->max_era || !era_count[e + 1]) return F_NEXT_ERA;
        if (real >> card & 1) return F_PLACED;
        if (reserve.contains(int8_t(card))) return F_RESERVE;
        for (int s = 0; s < g->players; ++s)
            if (discards[s].contains(int8_t(card))) return F_DISCARD;
        return F_NONE;
    }

    void answer_call(Turn& t, int card, bool checked) {
        int seat = t.seat;
        bool own = in_hand(seat, card);
        int reason = checked ? call_fails(card) : F_NONE;
        if (reason == F_NEXT_ERA) own = false;
        int holder = -1;
        if (reason == F_NONE && !own) {
            for (int k = 1; k < g->players; ++k) {
                int s = (seat + k) % g->players;
                if (in_hand(s, card)) {
                    holder = s;
                    break;
                }
            }
            if (holder < 0) reason = F_NOBODY;
        }
        if (own) reason = F_OWN;
        if (holder >= 0) {
            hand_remove(holder, card);
            if (checked && !cond1(card)) {
                reason = F_PREREQ;
                to_discard(seat, card);
                end_turn(t, true);
            } else {
                push_step(CALLED, seat, card);
            }
            replace(holder);
        } else {
            if (own) {
                hand_remove(seat, card);
                to_discard(seat, card);
            }
            end_turn(t, true);
        }
        call_seat = int8_t(seat);
        call_card = int8_t(card);
        call_by = int8_t(holder);
        call_failed = int8_t(reason);
    }

    void abandon(int seat, int card, uint32_t a) {
        to_discard(seat, card);
        Deed d;
        d.kind = ABANDON;
        d.actor = int8_t(seat);
        d.valid = (g->prereq[card] & ~placed) != 0;
        d.code = a;
        d.card = int8_t(card);
        open_window(d);
    }

    void take(const Step& t, uint32_t a) {
        int thief = t.seat, victim = t.b;
        const Items& hand = hands[victim];
        int x = fb(a);
        int item = g->automaton[victim] ? hand.v[hand.n - 1] : (x == g->n ? first_joker(hand) : x);
        hand_remove(victim, item);
        hand_add(thief, item, uint16_t(1 << victim));
        if (t.c == T_SPECIAL)
            replace(victim);
        else if (t.c == T_EXCHANGE)
            push_step(GIVING, thief, victim, G_EXCHANGE, item);
    }

    void give(const Step& t, uint32_t a) {
        int giver = t.seat, x = fb(a);
        int item = x == g->n ? first_joker(hands[giver], t.d) : x;
        hand_remove(giver, item);
        hand_add(t.b, item, uint16_t(1 << giver));
        if (t.c == G_REQUEST) {
            ctx.back().requested = int8_t(item);
            replace(giver);
        }
    }

    // ------------------------------------------------------------ the automaton

    void automaton_step(Turn& t) {
        bool hand = !hands[t.seat].empty();
        if (t.a_left && hand) {
            push_step(FLIPPING, t.seat);
            return;
        }
        t.a_left = 0;
        if (t.a_specials && hand) {
            --t.a_specials;
            t.a_left = 2;
            t.a_groups = true;
            push_step(FLIPPING, t.seat);
            return;
        }
        t.a_specials = 0;
        if (t.a_groups) {
            t.a_groups = false;
            if (!t.a_placed) {
                end_turn(t, true);
                return;
            }
            t.a_placed = false;
        }
        if (t.a_stop || !hand) {
            end_turn(t, true);
            return;
        }
        push_step(FLIPPING, t.seat);
    }

    void flip(Turn& t) {
        int seat = t.seat;
        if (hands[seat].empty()) throw std::logic_error("an automaton turning over no card");
        int item = hands[seat][0];
        hand_remove(seat, item);
        bool group = t.a_left > 0;
        if (group) --t.a_left;
        int e = 0;
        int8_t earned[3];
        int k = 0;
        if (item >= g->n) {
            out.push(int8_t(item));
            earned[k++] = R_JOKER;
        } else if (cond1(item)) {
            auto [opened, closed] = add_entry(item, item, true);
            ++t.a_count;
            ++t.placed;
            score(seat, t.a_count, item, false);
            e = g->era[item];
            if (!g->bluff) {
                if (opened) earned[k++] = R_OPENED;
                if (closed) earned[k++] = R_CLOSED;
            } else {
                if (opened && !announced[e][0]) announced[e][0] = true, earned[k++] = R_OPENED;
                if (closed && !announced[e][1]) announced[e][1] = true, earned[k++] = R_CLOSED;
            }
            last_series = Series{int8_t(item), int8_t(t.a_count), false, true};
            hand_back(item, seat);
            if (group) t.a_placed = true;
        } else {
            to_discard(seat, item);
            if (!group) t.a_stop = true;
            return;
        }
        if (hands[seat].empty() && pile_size()) {
            earned[k++] = R_EMPTIED;
            refill_hand(seat);
        }
        if (k) {
            t.a_specials = int16_t(t.a_specials + k);
            score_specials(seat, earned, k, e);
        }
    }

    // ------------------------------------------------------------------ results

    void scores(std::vector<int>& out_) const {
        out_.assign(g->players, 0);
        if (g->bluff) {
            if (over)
                for (int8_t s : winning_seats) out_[s] = 1;
            return;
        }
        for (int s = 0; s < g->players; ++s) out_[s] = seat_points[s];
        if (g->teams) {
            int pool[MAXP] = {};
            for (int s = 0; s < g->players; ++s)
                if (g->team[s] >= 0) pool[g->team[s]] += seat_points[s];
            for (int s = 0; s < g->players; ++s)
                if (g->team[s] >= 0) out_[s] = pool[g->team[s]];
        }
    }
    double estimate(int seat) const {
        if (!g->bluff) {
            std::vector<int> s;
            scores(s);
            return double(s[seat]);
        }
        if (over) return winning_seats.contains(int8_t(seat)) ? 1.0 : 0.0;
        return -double(hands[seat].n) / 10;
    }
};

// the generator of native playouts (splitmix64)
struct Rng {
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

// a random game from here: decisions made, -1 if a position waits on nothing
inline long play_out(State& s, Rng& rng, std::vector<uint32_t>& legal,
                     std::vector<std::pair<uint32_t, double>>& outcomes) {
    long decisions = 0;
    while (!s.over) {
        if (s.chance()) {
            s.outcomes(outcomes);
            if (outcomes.empty()) return -1;
            double pick = rng.unit(), total = 0;
            uint32_t chosen = outcomes.back().first;
            for (auto [code, p] : outcomes) {
                total += p;
                if (pick < total) {
                    chosen = code;
                    break;
                }
            }
            s.apply(chosen);
        } else {
            s.legal(legal);
            if (legal.empty()) return -1;
            s.apply(legal[rng.below(int(legal.size()))]);
            ++decisions;
        }
    }
    return decisions;
}

}  // namespace evolution_native
