"""Lists of named items other than tile designs (paths, tokens, layouts) are checked like
designs: every error names the file, the list, the item and the field."""

from __future__ import annotations

import pytest
from pydantic import Field

from terranova.core.errors import ContentError
from terranova.kit.schema import (
    DesignModel,
    ItemModel,
    TableModel,
    load_designs,
    load_items,
    load_table,
)


class Path(ItemModel):
    length: int
    hut: bool = True


def error(data: dict[str, object], key: str = "path") -> str:
    with pytest.raises(ContentError) as caught:
        load_items(data, key, "board.toml", Path)
    return str(caught.value)


def test_items_load_in_order() -> None:
    items = load_items({"path": [{"id": "a", "length": 3}, {"id": "b", "length": 5}]}, "path",
                       "board.toml", Path)  # fmt: skip
    assert [(p.id, p.length, p.hut) for p in items] == [("a", 3, True), ("b", 5, True)]


def test_errors_name_the_list_the_item_and_the_field() -> None:
    assert error({"path": [{"id": "a", "length": 3, "huts": 2}]}) == (
        "board.toml: path 'a': field 'huts': unknown field"
    )
    assert error({"path": [{"id": "a"}]}) == "board.toml: path 'a': field 'length': required"
    assert error({"path": [{"id": "a", "length": 1}, {"id": "a", "length": 2}]}) == (
        "board.toml: path 'a': id is used twice"
    )
    assert error({"paths": []}) == "board.toml: no [[path]] entries"
    assert error({"path": ["a"]}) == "board.toml: path #1: must be a table"
    assert "path #2: field 'id'" in error({"path": [{"id": "a", "length": 1}, {"id": "a b"}]})


def test_designs_are_items_with_a_count() -> None:
    assert issubclass(DesignModel, ItemModel)
    with pytest.raises(ContentError, match="design 'x': field 'count'"):
        load_designs({"design": [{"id": "x", "count": 0}]}, "tiles.toml", DesignModel)


class Bank(TableModel):
    gold: int = 0
    coins: list[int] = Field(default_factory=list)


def test_single_tables_are_checked_too() -> None:
    assert load_table({"bank": {"gold": 7}}, "bank", "board.toml", Bank).gold == 7
    assert load_table({}, "bank", "board.toml", Bank).gold == 0
    with pytest.raises(ContentError) as caught:
        load_table({"bank": {"coins": [1, "5"]}}, "bank", "board.toml", Bank)
    assert str(caught.value) == (
        "board.toml: [bank]: field 'coins': item 1: input should be a valid integer (got '5')"
    )
    with pytest.raises(ContentError, match=r"\[bank\] must be a table"):
        load_table({"bank": 3}, "bank", "board.toml", Bank)
