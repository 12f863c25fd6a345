// Python's own generator (random.Random: the Mersenne Twister of CPython's _randommodule.c,
// and random.py's random(), getrandbits and _randbelow), so that a native search draws the
// very numbers the Python search draws from the same generator. Its state is read from and
// written back to a Python generator with getstate() and setstate() (by the bindings).
// random.shuffle is a game's to replay (for i from the end: swap with below(i + 1)).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <unordered_set>
#include <vector>

namespace terranova {

class PyRandom {
public:
    static constexpr int N = 624;
    std::array<uint32_t, N> mt{};
    int index = N + 1;

    uint32_t next32() {
        constexpr int M = 397;
        constexpr uint32_t MATRIX_A = 0x9908b0dfU, UPPER = 0x80000000U, LOWER = 0x7fffffffU;
        if (index >= N) {  // N words at once
            int k = 0;
            for (; k < N - M; ++k) {
                uint32_t y = (mt[k] & UPPER) | (mt[k + 1] & LOWER);
                mt[k] = mt[k + M] ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
            }
            for (; k < N - 1; ++k) {
                uint32_t y = (mt[k] & UPPER) | (mt[k + 1] & LOWER);
                mt[k] = mt[k + (M - N)] ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
            }
            uint32_t y = (mt[N - 1] & UPPER) | (mt[0] & LOWER);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ ((y & 1U) ? MATRIX_A : 0U);
            index = 0;
        }
        uint32_t y = mt[index++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }

    // random.random(): 53 bits in [0, 1)
    double random() {
        uint32_t a = next32() >> 5, b = next32() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }

    // random.getrandbits(k), 0 <= k <= 32
    uint32_t bits(int k) { return k == 0 ? 0U : next32() >> (32 - k); }

    // random.randrange(n) for 0 < n < 2**31: _randbelow_with_getrandbits
    int below(int n) {
        int k = 0;
        for (uint32_t m = uint32_t(n); m; m >>= 1) ++k;  // n.bit_length()
        uint32_t r = bits(k);
        while (r >= uint32_t(n)) r = bits(k);
        return int(r);
    }

    // random.sample(range(n), k): a pool for a small population, else a set of those taken
    std::vector<int> sample(int n, int k) {
        if (k < 0 || k > n) throw std::invalid_argument("Sample larger than population or is negative");
        std::vector<int> result(size_t(k), 0);
        long setsize = 21;
        if (k > 5) {
            long power = 1;
            for (double e = std::ceil(std::log(double(k * 3)) / std::log(4.0)); e > 0; --e) power *= 4;
            setsize += power;
        }
        if (n <= setsize) {
            std::vector<int> pool(static_cast<size_t>(n));
            std::iota(pool.begin(), pool.end(), 0);
            for (int i = 0; i < k; ++i) {
                int j = below(n - i);
                result[size_t(i)] = pool[size_t(j)];
                pool[size_t(j)] = pool[size_t(n - i - 1)];
            }
        } else {
            std::unordered_set<int> selected;
            for (int i = 0; i < k; ++i) {
                int j = below(n);
                while (selected.count(j)) j = below(n);
                selected.insert(j);
                result[size_t(i)] = j;
            }
        }
        return result;
    }
};

}  // namespace terranova
