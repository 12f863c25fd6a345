"""The rating model: who gains and who loses, ties, fixed (bot) ratings, upsets, the
checks on its input, and which seats a game rates."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terranova.arena.skill import DEFAULT, MU, SIGMA, Skill, rate, rated_seats

skills = st.builds(
    Skill,
    mu=st.floats(min_value=0, max_value=50),
    sigma=st.floats(min_value=0.5, max_value=SIGMA),
)
finite_scores = st.floats(min_value=-1000, max_value=1000)


def test_the_winner_gains_and_the_loser_loses() -> None:
    winner, loser = rate([DEFAULT, DEFAULT], [12.0, 7.0], [False, False])
    assert winner.mu > MU > loser.mu
    assert winner.sigma < SIGMA and loser.sigma < SIGMA


def test_the_seat_order_does_not_matter() -> None:
    loser, winner = rate([DEFAULT, DEFAULT], [7.0, 12.0])
    assert (winner, loser) == tuple(rate([DEFAULT, DEFAULT], [12.0, 7.0]))


def test_a_tie_moves_equal_players_equally() -> None:
    first, second = rate([DEFAULT, DEFAULT], [5.0, 5.0])
    assert first == second
    assert first.mu == pytest.approx(MU)
    assert first.sigma < SIGMA


def test_a_shared_first_place_ranks_above_the_last() -> None:
    a, b, c = rate([DEFAULT] * 3, [9.0, 9.0, 2.0])
    assert a == b
    assert a.mu > MU > c.mu


def test_a_fixed_rating_never_changes() -> None:
    bot = Skill(31.0, 2.5)
    person, after = rate([DEFAULT, bot], [10.0, 3.0], [False, True])
    assert after is bot
    assert person.mu > MU


def test_every_seat_fixed_changes_nothing() -> None:
    seats = [Skill(20.0, 3.0), Skill(30.0, 2.0)]
    assert rate(seats, [1.0, 0.0], [True, True]) == seats


def test_four_players_move_in_the_order_of_their_places() -> None:
    scores = [3.0, 11.0, 7.0, 1.0]
    after = rate([DEFAULT] * 4, scores)
    by_place = [after[seat].mu for seat in sorted(range(4), key=lambda s: -scores[s])]
    assert by_place == sorted(by_place, reverse=True)
    assert by_place[0] > MU > by_place[-1]


def test_an_underdog_winner_gains_more_than_a_favourite() -> None:
    strong, weak = Skill(32.0, 3.0), Skill(20.0, 3.0)
    favourite, _ = rate([strong, weak], [1.0, 0.0])
    underdog, _ = rate([weak, strong], [1.0, 0.0])
    assert underdog.mu - weak.mu > favourite.mu - strong.mu > 0


def test_display_is_the_conservative_rating_on_its_scale() -> None:
    assert DEFAULT.display == 1000
    assert Skill(MU, SIGMA / 2).display > DEFAULT.display
    assert Skill(MU + 1, SIGMA).display > DEFAULT.display > Skill(MU - 1, SIGMA).display


@pytest.mark.parametrize(
    ("players", "scores", "fixed", "message"),
    [
        ([DEFAULT, DEFAULT], [1.0], [False, False], "got 2 skills, 1 scores"),
        ([DEFAULT, DEFAULT], [1.0, 0.0], [False], "and 1 fixed flags"),
        ([DEFAULT], [1.0], [False], "at least 2 seats"),
        ([DEFAULT, DEFAULT], [1.0, math.nan], [False, False], "seat 1's score"),
        ([DEFAULT, DEFAULT], [math.inf, 0.0], [False, False], "seat 0's score"),
    ],
)
def test_input_is_checked(
    players: list[Skill], scores: list[float], fixed: list[bool], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        rate(players, scores, fixed)


@pytest.mark.parametrize(("mu", "sigma"), [(math.nan, 1.0), (25.0, 0.0), (25.0, -1.0)])
def test_a_skill_is_finite_with_a_positive_sigma(mu: float, sigma: float) -> None:
    with pytest.raises(ValueError, match="a skill's"):
        Skill(mu, sigma)


@given(st.lists(st.tuples(skills, finite_scores), min_size=2, max_size=6))
def test_a_lone_best_never_loses_and_a_lone_worst_never_gains(
    seats: list[tuple[Skill, float]],
) -> None:
    players = [skill for skill, _ in seats]
    scores = [score for _, score in seats]
    after = rate(players, scores)
    for before, now, score in zip(players, after, scores, strict=True):
        assert math.isfinite(now.mu) and now.sigma > 0
        # a tie is not a win: sharing first place with a weaker seat costs rating
        if scores.count(score) == 1 and score == max(scores):
            assert now.mu >= before.mu
        if scores.count(score) == 1 and score == min(scores):
            assert now.mu <= before.mu


@given(st.lists(skills, min_size=2, max_size=5), st.data())
def test_fixed_seats_keep_their_skill(players: list[Skill], data: st.DataObject) -> None:
    fixed = data.draw(st.lists(st.booleans(), min_size=len(players), max_size=len(players)))
    scores = data.draw(st.lists(finite_scores, min_size=len(players), max_size=len(players)))
    after = rate(players, scores, fixed)
    assert [a for a, keep in zip(after, fixed, strict=True) if keep] == [
        p for p, keep in zip(players, fixed, strict=True) if keep
    ]


def test_a_solo_game_against_the_automaton_is_not_rated() -> None:
    assert rated_seats(1) == []
    assert rated_seats(2, range(1, 2)) == []
    assert rated_seats(4, range(3, 4)) == [0, 1, 2]
    assert rated_seats(3) == [0, 1, 2]
