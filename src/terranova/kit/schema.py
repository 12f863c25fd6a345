"""Tile files checked with pydantic: every error names the file, the design and the field.

A tile file (already parsed, e.g. from TOML) has an optional ``meta`` table and a
list ``design`` of tables. A game describes one design as a :class:`DesignModel`
(pydantic; unknown keys are refused, types are strict: ``"4"`` is not a count) and
calls :func:`load_designs`, which checks the file's shape, each design, and that ids
are unique. Checks across fields go in the model's validators and raise
:class:`FieldError` to name the field at fault.

>>> class Square(DesignModel):
...     sides: int = 4
>>> meta, designs = load_designs({"design": [{"id": "a", "count": 2}]}, "f", Square)
>>> designs[0].id, designs[0].count, designs[0].sides, meta
('a', 2, 4, {})
>>> def check(design):
...     try:
...         load_designs({"design": [design]}, "f", Square)
...     except ContentError as error:
...         print(error)
>>> check({"id": "b", "count": 0})
f: design 'b': field 'count': input should be greater than or equal to 1 (got 0)
>>> check({"id": "c", "count": 1, "sides": "four"})
f: design 'c': field 'sides': input should be a valid integer (got 'four')
>>> check({"id": "d", "count": 1, "colour": "red"})
f: design 'd': field 'colour': unknown field
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from terranova.core.errors import ContentError

DESIGN_ID = r"^[A-Za-z0-9_-]+$"
"""What a design id may be made of (ids are written in actions such as ``place 15 0,1 90``)."""

D = TypeVar("D", bound="DesignModel")
T = TypeVar("T", bound="ItemModel")
M = TypeVar("M", bound="TableModel")


class FieldError(ValueError):
    """A fault found by a check across fields, attributed to one field of the design."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class TableModel(BaseModel):
    """One table of a content file, checked strictly: unknown keys are refused, ``"4"``
    is not a number."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    item_names: ClassVar[dict[str, str]] = {}
    """How messages name an item of a list field (``{"regions": "region"}``: "region 2")."""


class ItemModel(TableModel):
    """One table of a list of named items (a design, a path, a token): an ``id`` (letters,
    digits, ``_`` and ``-``) and an optional free-text ``note``; a game adds its own fields."""

    id: str = Field(pattern=DESIGN_ID)
    note: str | None = None


class DesignModel(ItemModel):
    """One ``[[design]]`` table: an item with a ``count`` (at least 1)."""

    count: int = Field(ge=1)


def load_designs(
    data: dict[str, Any], source: str, model: type[D]
) -> tuple[dict[str, Any], list[D]]:
    """The ``meta`` table and the checked designs of a parsed tile file; raises
    ContentError naming ``source``, the design (its id, or its position when the id
    itself is at fault) and the field."""
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise ContentError(f"{source}: [meta] must be a table")
    return meta, load_items(data, "design", source, model)


def load_items(data: dict[str, Any], key: str, source: str, model: type[T]) -> list[T]:
    """The checked items of the list ``key`` of a parsed file (``[[key]]`` tables, at least
    one, ids unique); raises ContentError naming ``source``, the item (``key`` and its id,
    or its position when the id itself is at fault) and the field.

    >>> class Path(ItemModel):
    ...     length: int
    >>> [p.length for p in load_items({"path": [{"id": "p1", "length": 4}]}, "path", "f", Path)]
    [4]
    >>> try:
    ...     load_items({"path": [{"id": "p1", "length": "4"}]}, "path", "f", Path)
    ... except ContentError as error:
    ...     print(error)
    f: path 'p1': field 'length': input should be a valid integer (got '4')
    """
    raw_items = data.get(key)
    if not isinstance(raw_items, list) or not raw_items:
        raise ContentError(f"{source}: no [[{key}]] entries")
    items: list[T] = []
    seen: set[str] = set()
    for position, raw in enumerate(raw_items, start=1):
        item = _validate(model, raw, f"{source}: {key} #{position}", source, key)
        if item.id in seen:
            raise ContentError(f"{source}: {key} {item.id!r}: id is used twice")
        seen.add(item.id)
        items.append(item)
    return items


def load_table(data: dict[str, Any], key: str, source: str, model: type[M]) -> M:
    """The checked table ``[key]`` of a parsed file (an empty one if it is missing); raises
    ContentError naming ``source``, the table and the field.

    >>> class Bank(TableModel):
    ...     gold: int
    >>> load_table({"bank": {"gold": 7}}, "bank", "f", Bank).gold
    7
    >>> try:
    ...     load_table({"bank": {"gold": 7, "silver": 1}}, "bank", "f", Bank)
    ... except ContentError as error:
    ...     print(error)
    f: [bank]: field 'silver': unknown field
    """
    raw = data.get(key, {})
    if not isinstance(raw, dict):
        raise ContentError(f"{source}: [{key}] must be a table")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = min(exc.errors(), key=lambda e: _rank(model, e))
        raise ContentError(f"{source}: [{key}]: {_describe(model, first)}") from None


def _validate(model: type[T], raw: object, where: str, source: str, key: str) -> T:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: must be a table")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        errors = exc.errors()
        design_id = raw.get("id")
        if any(e["loc"][:1] == ("id",) for e in errors):
            raise ContentError(
                f"{where}: field 'id': {design_id!r} is not an id: letters, digits, '_' and "
                "'-' only (ids are written in actions such as 'draw 15')"
            ) from None
        first = min(errors, key=lambda e: _rank(model, e))
        raise ContentError(f"{source}: {key} {design_id!r}: {_describe(model, first)}") from None


def _rank(model: type[TableModel], error: Any) -> int:
    """Errors in the order a reader checks a design: unknown keys, then field by field."""
    if error["type"] == "extra_forbidden":
        return -1
    names = list(model.model_fields)
    loc = error["loc"]
    return names.index(loc[0]) if loc and loc[0] in names else len(names)


def _describe(model: type[TableModel], error: Any) -> str:
    cause = (error.get("ctx") or {}).get("error")
    if isinstance(cause, FieldError):
        return f"field {cause.field!r}: {cause.message}"
    loc = error["loc"]
    if not loc:
        return str(error["msg"])
    if error["type"] == "extra_forbidden":
        return f"field {loc[0]!r}: unknown field"
    if error["type"] == "missing":
        return f"field {loc[0]!r}: required"
    message = str(error["msg"])
    if error["type"] in ("model_type", "model_attributes_type", "dict_type"):
        message = "a table is required"
    parts = []
    item = model.item_names.get(str(loc[0]), "item")
    for part in loc[1:]:
        parts.append(f"{item} {part}" if isinstance(part, int) else str(part))
        item = "item"
    message = message[:1].lower() + message[1:]
    where = ": ".join([*parts, ""])
    return f"field {loc[0]!r}: {where}{message} (got {error['input']!r})"
