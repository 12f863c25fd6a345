// terranova.vector's native side (interop/vector.py), what every game's batch does alike:
// many games of one configuration stepped together, chance from each game's own Python
// generator, the observations, masks and seats written straight into the caller's arrays,
// which are checked (shape and type) before anything is written or played.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <vector>

namespace terranova {

namespace nb = nanobind;

constexpr uint32_t NO_ACTION = 0xFFFFFFFF;  // an index no legal action has

// Each game's generator and decisions so far, and where a game is cut.
struct BatchGames {
    std::vector<nb::object> rngs;
    std::vector<int64_t> steps;
    int64_t max_steps;  // 0: none

    BatchGames(int games, int64_t max_steps_) : steps(size_t(games), 0), max_steps(max_steps_) {}

    void started() const {
        if (rngs.size() != steps.size()) throw nb::value_error("no games yet: reset them first");
    }
};

// ... with one state a game, each made from the same game's tables (``game``, kept alive by
// ``game_ref``), and a buffer for the legal actions listed.
template <class State, class Game>
struct BatchStates : BatchGames {
    const Game* game;
    nb::object game_ref;
    std::vector<State> states;
    std::vector<uint32_t> legal;

    BatchStates(nb::object ref, const Game* g, int games, int64_t max_steps_)
        : BatchGames(games, max_steps_), game(g), game_ref(std::move(ref)) {
        states.reserve(size_t(games));
        for (int i = 0; i < games; ++i) states.emplace_back(game);
    }
    size_t games() const { return states.size(); }
    int seats() const { return game->players; }
};

using BatchObs = nb::ndarray<float, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
using BatchMask = nb::ndarray<int8_t, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
using BatchSeats = nb::ndarray<int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
using BatchFlags = nb::ndarray<bool, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
using BatchReturns = nb::ndarray<double, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
using BatchIndices = nb::ndarray<int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

inline void check_batch_arrays(size_t games, int size, int actions, const BatchObs& obs,
                               const BatchMask& mask, const BatchSeats& current) {
    if (obs.shape(0) != games || obs.shape(1) != size_t(size) || mask.shape(0) != games ||
        mask.shape(1) != size_t(actions) || current.shape(0) != games)
        throw nb::value_error("arrays of one row a game, of the encoding's sizes");
}

// reset, first_illegal, step and legal_indices of a game's batch ``B`` (a BatchGames),
// which gives: games(), observation_size(), num_actions() and seats(); restart(i): a new
// game i, its chance played; decode(i, index): the legal action of that index, or
// NO_ACTION; play(i, action): the action, then chance; over(i); returns(i, row); write(i,
// obs, mask, current): game i's row of each; legal_indices(i), sorted.
template <class B>
void bind_batch(nb::class_<B>& cls) {
    cls.def("reset",
            [](B& b, nb::list rngs, BatchObs obs, BatchMask mask, BatchSeats current) {
                if (nb::len(rngs) != b.games()) throw nb::value_error("a generator a game");
                check_batch_arrays(b.games(), b.observation_size(), b.num_actions(), obs, mask,
                                   current);
                b.rngs.clear();
                for (nb::handle rng : rngs) b.rngs.push_back(nb::borrow(rng));
                for (size_t i = 0; i < b.games(); ++i) {
                    b.restart(i);
                    b.write(i, obs.data(), mask.data(), current.data());
                }
            },
            nb::arg("rngs"), nb::arg("obs").noconvert(), nb::arg("mask").noconvert(),
            nb::arg("current").noconvert())
        .def("first_illegal",
             [](B& b, BatchIndices a) {
                 b.started();
                 if (a.shape(0) != b.games()) throw nb::value_error("an index a game");
                 for (size_t i = 0; i < b.games(); ++i)
                     if (a(i) < 0 || a(i) >= b.num_actions() || b.decode(i, a(i)) == NO_ACTION)
                         return int64_t(i);
                 return int64_t(-1);
             },
             nb::arg("actions").noconvert())
        .def("step",
             [](B& b, BatchIndices a, BatchObs obs, BatchMask mask, BatchSeats current,
                BatchFlags terminated, BatchFlags truncated, BatchReturns returns) {
                 b.started();
                 size_t n = b.games();
                 check_batch_arrays(n, b.observation_size(), b.num_actions(), obs, mask, current);
                 if (a.shape(0) != n || terminated.shape(0) != n || truncated.shape(0) != n ||
                     returns.shape(0) != n || returns.shape(1) != size_t(b.seats()))
                     throw nb::value_error("arrays of one row a game");
                 std::vector<uint32_t> chosen(n);
                 for (size_t i = 0; i < n; ++i) {  // all checked before any is played
                     chosen[i] = a(i) < 0 || a(i) >= b.num_actions() ? NO_ACTION : b.decode(i, a(i));
                     if (chosen[i] == NO_ACTION) throw nb::value_error("an illegal index");
                 }
                 for (size_t i = 0; i < n; ++i) {
                     b.play(i, chosen[i]);
                     ++b.steps[i];
                     if (b.over(i)) {
                         b.returns(i, returns.data() + i * size_t(b.seats()));
                         terminated(i) = true;
                         b.restart(i);
                     } else if (b.max_steps && b.steps[i] >= b.max_steps) {
                         truncated(i) = true;
                         b.restart(i);
                     }
                     b.write(i, obs.data(), mask.data(), current.data());
                 }
             },
             nb::arg("actions").noconvert(), nb::arg("obs").noconvert(),
             nb::arg("mask").noconvert(), nb::arg("current").noconvert(),
             nb::arg("terminated").noconvert(), nb::arg("truncated").noconvert(),
             nb::arg("returns").noconvert())
        .def("legal_indices", [](B& b, size_t i) {
            if (i >= b.games()) throw nb::index_error("no such game");
            return b.legal_indices(i);
        });
}

}  // namespace terranova
