// The searches of agents/mcts.py and agents/ismcts.py (without a model), natively, for a
// game's native engine: Uct (MctsAgent: UCT with chance nodes) and Ismcts (IsmctsAgent: one
// observer's tree over determinizations), both with one value sum a seat, truncated uniform
// rollouts, leaves scored by the margin over the best other seat (margin_values). Every draw
// is the Python search's own, from the same generator (PyRandom), and every sum and
// comparison is made in the same order, so the searches grow the same trees and choose the
// same moves as the Python ones.
//
// R, the game's rules for a search (an object the search keeps), gives:
//   using State;                                  the native state (copied per iteration)
//   int current_player(const State&);             a seat, CHANCE (-1) or TERMINAL (-2)
//   uint32_t draw(const State&, PyRandom&);       sample_chance's outcome, drawn as it is
//   const std::vector<uint32_t>& legal(const State&);   a decision's actions, in order
//   void apply(State&, uint32_t);
//   int seats(const State&);
//   void values(const State&, double*);           returns() at the end, else estimates()
// and for Ismcts:
//   void determinize(State&, int observer, PyRandom&);   resample(observer, rng), in place
//   uint32_t seen(const State&, uint32_t outcome, int observer);   a chance outcome's key:
//       equal for outcomes the observer's describe_action tells apart no better
//   bool decisions_public(const State&);          State.decisions_public, at a decision
// and where a decision is not public, seen(state, action, observer) keys it too.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "pyrandom.hpp"

namespace terranova {

constexpr int CHANCE_SEAT = -1;
constexpr int TERMINAL_SEAT = -2;
constexpr size_t MAX_NODES = size_t(1) << 30;  // an edge's key holds a node in 30 bits

// Each seat's margin over the best other seat, squashed into 0..1 (mcts.margin_values).
inline void margin_values(const double* xs, int n, double scale, double* out) {
    if (n == 1) {
        out[0] = 0.5 + 0.5 * std::tanh(xs[0] / scale);
        return;
    }
    double best = -std::numeric_limits<double>::infinity(), second = best;
    int top = -1;
    for (int s = 0; s < n; ++s) {
        if (xs[s] > best) {
            second = best;
            best = xs[s];
            top = s;
        } else if (xs[s] > second) {
            second = xs[s];
        }
    }
    for (int s = 0; s < n; ++s) out[s] = 0.5 + 0.5 * std::tanh((xs[s] - (s == top ? second : best)) / scale);
}

// What a search is asked from: a position where a seat decides, settings it can search with
// (a game's bindings call it; nanobind says std::invalid_argument as ValueError).
inline void check_search(int seat, double c, int depth, double scale) {
    if (seat < 0) throw std::invalid_argument("no seat to move here");
    if (!(c >= 0) || !std::isfinite(c) || depth < -1 || !(scale > 0) || !std::isfinite(scale))
        throw std::invalid_argument("c >= 0, depth >= -1 and a finite scale > 0");
}

// mcts.rollout without a policy: depth decisions at random (-1: to the end)
template <class R>
void random_rollout(const R& rules, typename R::State& state, PyRandom& rng, int depth) {
    long steps = 0, limit = depth >= 0 ? long(depth) : (1L << 62);
    while (steps < limit) {
        int actor = rules.current_player(state);
        if (actor == TERMINAL_SEAT) return;
        if (actor == CHANCE_SEAT) {
            rules.apply(state, rules.draw(state, rng));
            continue;
        }
        const std::vector<uint32_t>& legal = rules.legal(state);
        uint32_t action = legal[size_t(rng.random() * double(legal.size()))];
        rules.apply(state, action);
        ++steps;
    }
}

// What both searches keep: the rules, the root, the parameters, the nodes with one value sum
// a seat, and the back-up of an iteration (SearchAgent._back_up).
template <class R, class Node>
class Search {
public:
    using State = typename R::State;

    PyRandom rng;

    Search(R rules, State root, PyRandom generator, double c, int depth, double scale)
        : rng(generator), rules_(std::move(rules)), root_(std::move(root)), c_(c),
          depth_(depth), scale_(scale), seats_(rules_.seats(root_)) {
        xs_.resize(size_t(seats_));
        result_.resize(size_t(seats_));
    }

    const Node& node(int index) const { return nodes_[size_t(index)]; }
    double value(int index, int seat) const {
        return values_[size_t(index) * size_t(seats_) + size_t(seat)];
    }
    int seats() const { return seats_; }
    size_t size() const { return nodes_.size(); }

protected:
    R rules_;
    State root_;
    double c_;
    int depth_;
    double scale_;
    int seats_;
    std::vector<Node> nodes_;
    std::vector<double> values_;
    std::vector<int> path_;
    std::vector<double> xs_, result_;

    int add() {
        if (nodes_.size() >= MAX_NODES) throw std::length_error("a search tree of 2**30 nodes");
        nodes_.emplace_back();
        values_.resize(values_.size() + size_t(seats_), 0.0);
        return int(nodes_.size()) - 1;
    }

    // the leaf scored (after its rollout) and its values added up the path
    void back_up(State& state) {
        if (depth_) random_rollout(rules_, state, rng, depth_);
        rules_.values(state, xs_.data());
        margin_values(xs_.data(), seats_, scale_, result_.data());
        for (int index : path_) {
            ++nodes_[size_t(index)].visits;
            double* sums = &values_[size_t(index) * size_t(seats_)];
            for (int s = 0; s < seats_; ++s) sums[s] += result_[size_t(s)];
        }
    }
};

struct UctNode {
    uint32_t action = 0;
    int64_t visits = 0;  // Python's counts are unbounded: a long search must not wrap
    bool listed = false;  // untried holds the legal actions (mcts._Node.untried not None)
    std::vector<int> kids;
    std::vector<uint32_t> untried;
    std::vector<std::pair<uint32_t, int>> outcomes;  // a chance node's children by outcome
};

// MctsAgent's search: UCT with chance nodes keyed by what was drawn.
template <class R>
class Uct : public Search<R, UctNode> {
    using Base = Search<R, UctNode>;
    using Base::back_up, Base::c_, Base::nodes_, Base::path_, Base::root_, Base::rules_;

public:
    using State = typename R::State;
    using Base::rng, Base::value;

    Uct(R rules, State root, PyRandom generator, double c, int depth, double scale)
        : Base(std::move(rules), std::move(root), generator, c, depth, scale) {
        add(0);
        nodes_[0].untried = rules_.legal(root_);
        nodes_[0].listed = true;
    }

    // One iteration (MctsAgent._iterate, then SearchAgent._back_up): the nodes it made.
    int iterate() {
        State state = root_;
        int node = 0, made = 0;
        path_.clear();
        path_.push_back(0);
        while (true) {
            int actor = rules_.current_player(state);
            if (actor < 0) {
                if (actor == TERMINAL_SEAT) break;
                uint32_t action = rules_.draw(state, rng);
                rules_.apply(state, action);
                int child = -1;
                for (auto [outcome, kid] : nodes_[size_t(node)].outcomes)
                    if (outcome == action) {
                        child = kid;
                        break;
                    }
                if (child < 0) {
                    child = add(action);
                    nodes_[size_t(node)].outcomes.emplace_back(action, child);
                    ++made;
                }
                node = child;
                path_.push_back(node);
                continue;
            }
            if (!nodes_[size_t(node)].listed) {
                nodes_[size_t(node)].untried = rules_.legal(state);
                nodes_[size_t(node)].listed = true;
            }
            std::vector<uint32_t>& untried = nodes_[size_t(node)].untried;
            if (!untried.empty()) {
                size_t last = untried.size() - 1;
                size_t pick = size_t(rng.random() * double(last + 1));
                uint32_t action = untried[pick];
                untried[pick] = untried[last];
                untried.pop_back();
                rules_.apply(state, action);
                int child = add(action);
                nodes_[size_t(node)].kids.push_back(child);
                path_.push_back(child);
                ++made;
                break;
            }
            const UctNode& here = nodes_[size_t(node)];
            double exploration = c_ * std::sqrt(std::log(double(here.visits)));
            int best = here.kids[0];
            double best_score = -std::numeric_limits<double>::infinity();
            for (int kid : here.kids) {
                double v = double(nodes_[size_t(kid)].visits);
                double score = value(kid, actor) / v + exploration / std::sqrt(v);
                if (score > best_score) {
                    best_score = score;
                    best = kid;
                }
            }
            rules_.apply(state, nodes_[size_t(best)].action);
            node = best;
            path_.push_back(node);
        }
        back_up(state);
        return made;
    }

    // The root's child the search plays: the most visited, then the best valued for seat,
    // the first of equals (mcts._best); -1 before any.
    int best(int seat) const {
        int found = -1;
        for (int kid : nodes_[0].kids) {
            if (found < 0) {
                found = kid;
                continue;
            }
            int64_t v = nodes_[size_t(kid)].visits, bv = nodes_[size_t(found)].visits;
            if (v > bv || (v == bv && value(kid, seat) > value(found, seat))) found = kid;
        }
        return found;
    }

private:
    int add(uint32_t action) {
        int made = Base::add();
        nodes_[size_t(made)].action = action;
        return made;
    }
};

// The information-set search of ismcts.py: the observer's tree, an edge keyed by the action
// itself for the observer's own and the other seats' public decisions, by what the observer
// sees (R::seen) of a chance outcome or of another seat's decision that is not public; a new
// determinization every iteration; UCT over the times a child was there to choose.
struct IsmctsNode {
    int64_t visits = 0, avail = 0;
};

template <class R>
class Ismcts : public Search<R, IsmctsNode> {
    using Base = Search<R, IsmctsNode>;
    using Base::add, Base::back_up, Base::c_, Base::nodes_, Base::path_, Base::root_, Base::rules_;

public:
    using State = typename R::State;
    using Base::rng, Base::value;
    static constexpr uint64_t OWN = 0, SEEN = 1, PUBLIC = 2;  // the kinds of edge

    // first: the observer's move to expand first at the root (IsmctsAgent.try_first), or -1
    Ismcts(R rules, State root, PyRandom generator, double c, int depth, double scale,
           int observer, int64_t first)
        : Base(std::move(rules), std::move(root), generator, c, depth, scale),
          observer_(observer), first_(first) {
        add();
    }

    int iterate() {
        State state = root_;
        rules_.determinize(state, observer_, rng);
        int node = 0, made = 0;
        path_.clear();
        path_.push_back(0);
        while (true) {
            int actor = rules_.current_player(state);
            if (actor == TERMINAL_SEAT) break;
            if (actor == CHANCE_SEAT) {
                uint32_t action = rules_.draw(state, rng);
                uint64_t key = edge(node, SEEN, rules_.seen(state, action, observer_));
                rules_.apply(state, action);
                auto found = kids_.find(key);
                int child;
                if (found == kids_.end()) {
                    child = add();
                    kids_.emplace(key, child);
                    ++made;
                } else {
                    child = found->second;
                }
                node = child;
                path_.push_back(node);
                continue;
            }
            const std::vector<uint32_t>& legal = rules_.legal(state);
            // another seat's decisions keyed by themselves where public, else by what the
            // observer sees of them, those it cannot tell apart one edge (ismcts.py, groups)
            bool grouped = actor != observer_ && !rules_.decisions_public(state);
            uint64_t kind = actor == observer_ ? OWN : grouped ? SEEN : PUBLIC;
            if (grouped) {
                keys_.clear();
                group_of_.clear();
                for (uint32_t action : legal) {
                    uint32_t key = rules_.seen(state, action, observer_);
                    size_t g = size_t(std::find(keys_.begin(), keys_.end(), key) - keys_.begin());
                    if (g == keys_.size()) keys_.push_back(key);
                    group_of_.push_back(g);
                }
            }
            const std::vector<uint32_t>& keys = grouped ? keys_ : legal;
            // the action behind the g-th key (ismcts._pick): one of its group, drawn
            auto member = [&](size_t g) -> uint32_t {
                if (!grouped) return keys[g];
                int64_t count = std::count(group_of_.begin(), group_of_.end(), g);
                int64_t nth = count == 1 ? 0 : rng.below(int(count));
                for (size_t i = 0; i < legal.size(); ++i)
                    if (group_of_[i] == g && nth-- == 0) return legal[i];
                return legal[0];  // not reached: every key has its group
            };
            found_.clear();
            missing_.clear();
            for (size_t i = 0; i < keys.size(); ++i) {
                auto at = kids_.find(edge(node, kind, keys[i]));
                int kid = at == kids_.end() ? -1 : at->second;
                found_.push_back(kid);
                if (kid < 0) missing_.push_back(i);
            }
            if (!missing_.empty()) {
                size_t pick = missing_[0];
                bool first = false;
                if (node == 0 && first_ >= 0)
                    for (size_t i : missing_)
                        if (int64_t(keys[i]) == first_) {
                            pick = i;
                            first = true;
                            break;
                        }
                if (!first) pick = missing_[size_t(rng.random() * double(missing_.size()))];
                for (int kid : found_)
                    if (kid >= 0) ++nodes_[size_t(kid)].avail;
                uint32_t key = keys[pick];
                rules_.apply(state, member(pick));
                int child = add();
                kids_.emplace(edge(node, kind, key), child);
                nodes_[size_t(child)].avail = 1;
                path_.push_back(child);
                ++made;
                break;
            }
            double best_score = -std::numeric_limits<double>::infinity();
            size_t best = 0;
            for (size_t i = 0; i < found_.size(); ++i) {
                IsmctsNode& kid = nodes_[size_t(found_[i])];
                ++kid.avail;
                double v = double(kid.visits);
                double score = value(found_[i], actor) / v + c_ * std::sqrt(std::log(double(kid.avail)) / v);
                if (score > best_score) {
                    best_score = score;
                    best = i;
                }
            }
            rules_.apply(state, member(best));
            node = found_[best];
            path_.push_back(node);
        }
        back_up(state);
        return made;
    }

    // The root's child for the observer's move ``action``, or -1.
    int root_kid(uint32_t action) const {
        auto at = kids_.find(edge(0, OWN, action));
        return at == kids_.end() ? -1 : at->second;
    }

private:
    int observer_;
    int64_t first_;
    std::unordered_map<uint64_t, int> kids_;  // (node, kind, action or outcome seen) -> child
    std::vector<int> found_;
    std::vector<size_t> missing_, group_of_;
    std::vector<uint32_t> keys_;

    static uint64_t edge(int node, uint64_t kind, uint32_t key) {
        return (uint64_t(node) << 34) | (kind << 32) | key;
    }
};

}  // namespace terranova
