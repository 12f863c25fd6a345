// A Python generator's state into PyRandom and back (random.Random.getstate/setstate), for a
// game's bindings: a native search draws on, then hands the generator back where the Python
// search would have left it.
#pragma once

#include <nanobind/nanobind.h>

#include <typeinfo>

#include "pyrandom.hpp"

namespace terranova {

namespace nb = nanobind;

inline PyRandom read_generator(nb::handle rng) try {
    nb::tuple state = nb::cast<nb::tuple>(rng.attr("getstate")());
    if (state.size() != 3 || nb::cast<int>(state[0]) != 3)
        throw nb::value_error("not the state of a Mersenne Twister (random.Random)");
    nb::tuple words = nb::cast<nb::tuple>(state[1]);
    if (words.size() != size_t(PyRandom::N) + 1)
        throw nb::value_error("not the state of a Mersenne Twister (random.Random)");
    PyRandom out;
    for (int i = 0; i < PyRandom::N; ++i) out.mt[size_t(i)] = nb::cast<uint32_t>(words[size_t(i)]);
    int index = nb::cast<int>(words[size_t(PyRandom::N)]);
    if (index < 0 || index > PyRandom::N)
        throw nb::value_error("not the state of a Mersenne Twister (random.Random)");
    out.index = index;
    return out;
} catch (const std::bad_cast&) {  // a state of other types: said as Python would
    throw nb::value_error("not the state of a Mersenne Twister (random.Random)");
}

inline void write_generator(const PyRandom& r, nb::handle rng) try {
    nb::tuple state = nb::cast<nb::tuple>(rng.attr("getstate")());
    nb::list words;
    for (uint32_t w : r.mt) words.append(w);
    words.append(r.index);
    rng.attr("setstate")(nb::make_tuple(state[0], nb::tuple(words), state[2]));
} catch (const std::bad_cast&) {
    throw nb::value_error("not the state of a Mersenne Twister (random.Random)");
}

}  // namespace terranova
