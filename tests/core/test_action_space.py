"""The fixed action space (core/action_space.py): indices and actions both ways, the order
of indices, and the errors for what lies outside."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terranova.core.action_space import IMPLIED, ActionSpace, Listed, Part, Ranked
from terranova.core.action_text import text_form
from terranova.core.actions import Action
from terranova.core.errors import ActionSpaceError


@text_form("place {design:id} {x},{y} {rotation:quarter}")
@dataclass(frozen=True, slots=True)
class Place(Action):
    design: str
    x: int
    y: int
    rotation: int


@text_form("token {kind:flower|port}[ over {over:flower|leaf}]")
@dataclass(frozen=True, slots=True)
class Token(Action):
    kind: str
    over: str = ""


@text_form("done")
@dataclass(frozen=True, slots=True)
class Done(Action):
    pass


SPACE = ActionSpace(
    [
        Part(Place, design=("a", "b", "c"), x=range(-2, 3), y=range(-1, 2), rotation=range(4)),
        Part(Token, kind=("flower", "port")),
        Part(Token, kind=("flower",), over=("leaf",)),
        Part(Done),
    ]
)


def test_size_is_the_sum_of_the_parts() -> None:
    assert SPACE.size == len(SPACE) == 3 * 5 * 3 * 4 + 2 + 1 + 1


@given(st.integers(min_value=0, max_value=SPACE.size - 1))
def test_every_index_is_one_action_and_back(index: int) -> None:
    action = SPACE.action(index)
    assert SPACE.index(action) == index


def test_indices_follow_the_parts_then_the_fields_in_order() -> None:
    every = [SPACE.action(i) for i in range(SPACE.size)]
    places = [a for a in every if isinstance(a, Place)]
    assert places[0] == Place("a", -2, -1, 0)
    assert places[1] == Place("a", -2, -1, 1)  # the last field varies fastest
    assert places[-1] == Place("c", 2, 1, 3)
    assert every[-4:] == [Token("flower"), Token("port"), Token("flower", "leaf"), Done()]
    assert len(set(every)) == SPACE.size


def test_an_action_outside_the_space_is_refused_with_why() -> None:
    with pytest.raises(ActionSpaceError, match="x 3 is not one of -2, -1, 0, 1, 2"):
        SPACE.index(Place("a", 3, 0, 0))
    with pytest.raises(ActionSpaceError, match="over 'flower' is not one of 'leaf'"):
        SPACE.index(Token("flower", "flower"))
    with pytest.raises(ActionSpaceError, match=r"index 184 is outside 0\.\.183"):
        SPACE.action(SPACE.size)
    with pytest.raises(ActionSpaceError, match="outside"):
        SPACE.action(-1)


def test_legal_actions_as_sorted_indices() -> None:
    legal = [Done(), Place("b", 0, 0, 2), Token("port")]
    assert SPACE.indices(legal) == sorted(SPACE.index(a) for a in legal)
    assert [SPACE.action(i) for i in SPACE.indices(legal)] == [
        Place("b", 0, 0, 2),
        Token("port"),
        Done(),
    ]


def test_a_part_must_give_every_field_without_a_default() -> None:
    with pytest.raises(TypeError, match=r"Place\.rotation has no default"):
        Part(Place, design=("a",), x=(0,), y=(0,))
    with pytest.raises(TypeError, match="has no field 'colour'"):
        Part(Done, colour=("red",))
    with pytest.raises(ValueError, match="given twice"):
        Part(Token, kind=("port", "port"))
    with pytest.raises(ValueError, match="at least one part"):
        ActionSpace([])


RANKED = ActionSpace(
    [
        Part(Place, design=Ranked(2), x=range(-1, 2), y=range(1), rotation=IMPLIED),
        Part(Done),
    ]
)


def test_an_implied_field_is_read_from_the_legal_actions() -> None:
    space = ActionSpace(
        [Part(Place, design=IMPLIED, x=range(-1, 2), y=range(1), rotation=range(4))]
    )
    assert space.size == 12
    legal = [Place("b", 0, 0, 1), Place("b", 1, 0, 3)]
    decoded = space.decoder(legal)
    assert decoded == {5: legal[0], 11: legal[1]}
    assert space.describe(5) == "Place(x=0, y=0, rotation=1)"
    with pytest.raises(ActionSpaceError, match="comes from the position"):
        space.action(5)


def test_two_legal_actions_sharing_an_index_are_refused() -> None:
    space = ActionSpace(
        [Part(Place, design=IMPLIED, x=range(-1, 2), y=range(1), rotation=range(4))]
    )
    with pytest.raises(ActionSpaceError, match="share index 5"):
        space.decoder([Place("a", 0, 0, 1), Place("b", 0, 0, 1)])


def test_a_ranked_field_counts_the_values_among_the_legal_actions() -> None:
    legal = [Place("q", -1, 0, 0), Place("c", -1, 0, 2), Place("q", 1, 0, 0), Done()]
    decoded = RANKED.decoder(legal)
    # c is the lower design id, so rank 0; q rank 1: index = rank * 3 + (x + 1)
    assert decoded == {0: legal[1], 3: legal[0], 5: legal[2], 6: legal[3]}
    assert RANKED.indices(legal) == [0, 3, 5, 6]
    assert RANKED.describe(3) == "Place(design=#1, x=-1, y=0)"
    with pytest.raises(ActionSpaceError, match="ranked among the legal actions"):
        RANKED.index(legal[0])


def test_the_signature_tells_spaces_apart() -> None:
    assert RANKED.signature() == [
        "Place(design=[0, 1] ranked, x=[-1, 0, 1], y=[0], rotation=IMPLIED)",
        "Done()",
    ]
    assert SPACE.signature() != RANKED.signature()


def test_a_ranked_index_follows_the_ranks_of_each_call() -> None:
    space = ActionSpace(
        [Part(Place, design=Ranked(2), x=range(-1, 2), y=range(1), rotation=IMPLIED)]
    )
    both = [Place("c", 1, 0, 0), Place("q", 1, 0, 0)]
    assert space.decoder(both) == {2: both[0], 5: both[1]}
    # the same action again, alone: its kept partial index takes its new rank, 0
    assert space.decoder([both[1]]) == {2: both[1]}
    assert space.decoder(both) == {2: both[0], 5: both[1]}


def test_more_ranked_values_than_ranks_are_refused_with_why() -> None:
    legal = [Place("a", 0, 0, 0), Place("b", 0, 0, 0), Place("c", 0, 0, 0)]
    with pytest.raises(ActionSpaceError, match="design 'c' ranks 2: only 2 may"):
        RANKED.decoder(legal)
    RANKED.decoder(legal[:2])  # kept partial indices, then the same refusal
    with pytest.raises(ActionSpaceError, match="design 'c' ranks 2: only 2 may"):
        RANKED.decoder(legal)


def test_an_action_goes_to_the_first_part_that_holds_it() -> None:
    space = ActionSpace(
        [
            Part(Place, design=Ranked(1), x=range(1), y=range(1), rotation=IMPLIED),
            Part(Place, design=("a", "b"), x=range(1), y=range(2), rotation=IMPLIED),
        ]
    )
    # two designs at (0, 0): the second ranks beyond the first part, so the second holds it
    legal = [Place("a", 0, 0, 0), Place("b", 0, 0, 0), Place("b", 0, 1, 0)]
    for _ in range(2):  # cold, then with partial indices kept
        assert space.decoder(legal) == {0: legal[0], 3: legal[1], 4: legal[2]}


@given(
    st.lists(
        st.builds(
            Place,
            design=st.sampled_from("abc"),
            x=st.integers(-1, 1),
            y=st.just(0),
            rotation=st.just(0),
        ),
        unique_by=lambda p: (p.design, p.x),
        max_size=6,
    )
)
def test_ranked_indices_are_rank_then_square(legal: list[Place]) -> None:
    space = ActionSpace(
        [Part(Place, design=Ranked(3), x=range(-1, 2), y=range(1), rotation=IMPLIED)]
    )
    ranks = {d: r for r, d in enumerate(sorted({p.design for p in legal}))}
    expected = {ranks[p.design] * 3 + p.x + 1: p for p in legal}
    assert space.decoder(legal) == expected
    assert space.decoder(legal) == expected  # with partial indices kept


def test_an_action_that_no_ranked_part_holds_needs_no_ranks() -> None:
    space = ActionSpace(
        [
            Part(Place, design=Ranked(1), x=range(1), y=range(1), rotation=IMPLIED),
            Part(Place, design=("a",), x=range(2), y=range(1), rotation=IMPLIED),
        ]
    )
    assert space.index(Place("a", 1, 0, 0)) == 2  # x 1 is outside the ranked part
    with pytest.raises(ActionSpaceError, match="ranked among the legal actions"):
        space.index(Place("a", 0, 0, 0))


def test_a_space_pickles_and_numbers_the_same() -> None:
    import pickle

    for space in (SPACE, RANKED):
        again = pickle.loads(pickle.dumps(space))
        legal = [Place("a", 0, 0, 1), Token("port"), Done()]
        if space is RANKED:
            legal = [Place("a", 0, 0, 1), Done()]
        assert again.decoder(legal) == space.decoder(legal)
        assert again.signature() == space.signature()


@text_form("cell {kind:id} {x},{y}[ {tag:id}]")
@dataclass(frozen=True, slots=True)
class Cell(Action):
    kind: str
    x: int
    y: int
    tag: str = ""


def reference_decoder(parts: list[Part | Listed], legal: list[Action]) -> dict[int, Action]:
    """The decoder as the module's docstring tells it, written plainly: each action goes
    to the first part that holds it, its fields in mixed radix (a ranked field by its
    value's rank among the legal actions of its kind, an implied one left out); a listed
    kind by its place among the legal actions of its kind. Raises ActionSpaceError.
    (Ranks are kept by field name alone: only Cell has ranked fields here.)"""
    ranks: dict[str, dict[Any, int]] = {}
    for part in parts:
        for name in part.ranked if isinstance(part, Part) else ():
            values = sorted({getattr(a, name) for a in legal if type(a) is part.kind})
            ranks[name] = {v: r for r, v in enumerate(values)}
    found: dict[int, Action] = {}
    taken: dict[type[Action], int] = {}
    for action in legal:
        index, offset = None, 0
        for part in parts:
            if index is None and part.kind is type(action):
                if isinstance(part, Listed):
                    place = taken.get(part.kind, 0)
                    taken[part.kind] = place + 1
                    index = offset + place if place < part.size else None
                else:
                    within = reference_index(part, action, ranks)
                    index = None if within is None else offset + within
            offset += part.size
        if index is None or index in found:
            raise ActionSpaceError(f"{action}: outside, or an index shared")
        found[index] = action
    return found


def reference_index(part: Part, action: Action, ranks: dict[str, dict[Any, int]]) -> int | None:
    if any(getattr(action, name) != value for name, value in part.defaults.items()):
        return None
    index = 0
    for name, values in zip(part.names, part.values, strict=True):
        value = getattr(action, name)
        if name in part.ranked:
            position = ranks[name][value] if ranks[name][value] < len(values) else None
        else:
            position = values.index(value) if value in values else None
        if position is None:
            return None
        index = index * len(values) + position
    return index


def field_values(draw: Any, pool: list[Any]) -> Any:
    choice = draw(st.sampled_from(["values", "values", "ranked", "implied"]))
    if choice == "ranked":
        return Ranked(draw(st.integers(2, 3)))
    if choice == "implied":
        return IMPLIED
    # most values, so that most legal actions lie inside some part
    return draw(st.permutations(pool))[: draw(st.integers(len(pool) - 1, len(pool)))]


@st.composite
def spaces_and_legal(draw: Any) -> tuple[list[Part | Listed], list[Action]]:
    parts: list[Part | Listed] = []
    if draw(st.booleans()):
        parts.append(Listed(Token, draw(st.integers(1, 3))))
    for _ in range(draw(st.integers(1, 3))):
        fields: dict[str, Any] = {
            "kind": field_values(draw, ["a", "b", "c"]),
            "x": field_values(draw, [-1, 0, 1, 2]),
            "y": draw(st.sampled_from([IMPLIED, range(2), range(2), (1,)])),
        }
        if draw(st.booleans()):
            fields["tag"] = draw(st.sampled_from([("",), ("", "t"), ("t",)]))
        parts.append(Part(Cell, **fields))
    parts.insert(draw(st.integers(0, len(parts))), Part(Done))
    cell_parts = [p for p in parts if isinstance(p, Part) and p.kind is Cell]
    pools = {"kind": ["a", "b", "c"], "x": [-1, 0, 1, 2], "y": [0, 1], "tag": ["", "t"]}

    def inside(part: Part) -> Any:  # a cell the part may hold (or its implied fields vary)
        fields = {name: st.sampled_from(pool) for name, pool in pools.items()}
        for name, values in zip(part.names, part.values, strict=True):
            if name not in part.ranked:
                fields[name] = st.sampled_from(values)
        fields.update({n: st.just(v) for n, v in part.defaults.items()})
        return st.builds(Cell, **fields)

    stray = st.builds(Cell, kind=st.just("d"), x=st.just(3), y=st.just(0))  # outside most
    tokens = st.builds(
        Token, kind=st.sampled_from(["flower", "port"]), over=st.sampled_from(["", "leaf"])
    )
    actions = st.one_of(
        *map(inside, cell_parts), *map(inside, cell_parts), tokens, tokens, st.just(Done())
    )
    legal = draw(st.lists(actions, max_size=8, unique=True))
    if draw(st.integers(0, 9)) == 0:
        legal.insert(draw(st.integers(0, len(legal))), draw(stray))
    return parts, legal


@settings(max_examples=400)
@given(spaces_and_legal(), st.data())
def test_the_decoder_numbers_as_its_plain_reference(
    case: tuple[list[Any], list[Action]], data: st.DataObject
) -> None:
    """Over random spaces (several parts of a kind, ranked, implied, default and listed
    fields) and random legal actions, the decoder finds the reference's indices, or both
    refuse. One space decodes a position, then another made of some of its actions (where
    a rank that overflowed may fit), then both again: what the space keeps from one
    position must not change another's numbering."""
    parts, legal = case
    other = data.draw(st.lists(st.sampled_from(legal), unique=True) if legal else st.just([]))
    space = ActionSpace(parts)
    for position in (legal, other, legal, other):
        try:
            expected = reference_decoder(parts, position)
        except ActionSpaceError:
            with pytest.raises(ActionSpaceError):
                space.decoder(position)
            continue
        assert space.decoder(position) == expected


def test_an_index_found_in_a_later_part_is_not_kept_for_another_position() -> None:
    """A rank beyond the first part's sends an action to a later part in one position; in
    a position where its rank fits, the first part holds it again."""
    space = ActionSpace(
        [
            Part(Place, design=Ranked(1), x=range(1), y=range(1), rotation=IMPLIED),
            Part(Place, design=("a", "b"), x=range(1), y=range(1), rotation=IMPLIED),
        ]
    )
    a, b = Place("a", 0, 0, 0), Place("b", 0, 0, 0)
    assert space.decoder([a, b]) == {0: a, 2: b}
    assert space.decoder([b]) == {0: b}
    assert space.index(b, {"design": {"b": 0}}) == 0


def test_a_field_kept_at_its_default_is_read_after_an_equal_action_was_found() -> None:
    """The decoder keeps what it found by the fields the index reads, a field kept at its
    default among them: an action that differs from one found only there is still outside."""
    space = ActionSpace([Part(Token, kind=("flower", "port")), Part(Done)])
    inside, outside = Token("flower"), Token("flower", "leaf")
    assert space.decoder([inside, Done()]) == {0: inside, 2: Done()}
    with pytest.raises(ActionSpaceError, match="over 'leaf' is not ''"):
        space.decoder([outside])


def test_actions_differing_only_in_an_implied_field_share_their_index() -> None:
    space = ActionSpace([Part(Place, design=IMPLIED, x=range(2), y=range(1), rotation=range(4))])
    a, b = Place("a", 1, 0, 2), Place("b", 1, 0, 2)
    assert space.decoder([a]) == {6: a}
    assert space.decoder([b]) == {6: b}  # found by the same entry, and given as itself
    with pytest.raises(ActionSpaceError, match="share index 6"):
        space.decoder([a, b])
