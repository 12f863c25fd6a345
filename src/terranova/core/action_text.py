"""Action text forms, declared once per class: ``str()`` and parsing both come from them.

An action class gives its text with its fields in braces, as ``str.format`` would::

    @text_form("place {design:id} {x},{y} {rotation:quarter}")
    @dataclass(frozen=True, slots=True)
    class Place(DiscoveryAction): ...

``{x}`` reads and writes the field ``x`` with the converter its type names (``int``,
``str``, or ``bool`` for a flag); ``{rotation:quarter}`` names a converter (one of
:data:`CONVERTERS`, or one given to :func:`text_form` by keyword), and
``{what:open|close}`` lists the words the field takes. Square brackets mark an optional
part: it is written when a field in it is not at its default, and a ``bool`` field in it
(``[ continue{series}]``) writes nothing but says whether the part is there. ``{{``,
``}}``, ``[[`` and ``]]`` stand for the characters themselves.

The decorator compiles the form once, when the class is made, into the class's
``__str__`` (code made once, as fast as one written by hand); :class:`ActionParser`
reads the texts of a game's classes with one regular expression made once and, on a
text it cannot read, raises a ``MalformedActionError`` that names the form expected and
what is wrong.

An action is also data (:func:`action_data`): ``{"kind": ..., "fields": {...}}``, the
class's name and its declared fields with their JSON values (a field whose text packs
several values, such as a list of seats, as a list or an object: its converter's
``data``), which a user interface reads
instead of the text; :meth:`ActionParser.from_data` makes the action back from it, and
:func:`seen_data` gives the data of a masked text (``draw ?``: its field ``None``), so that
the data never says more than the text a seat was shown.

>>> from dataclasses import dataclass
>>> from terranova.core.actions import Action
>>> @text_form("move {piece:id} to {x},{y}[ facing {turn:quarter}]")
... @dataclass(frozen=True, slots=True)
... class Move(Action):
...     piece: str
...     x: int
...     y: int
...     turn: int = 0
>>> str(Move("rook", 3, -1)), str(Move("rook", 3, -1, 2))
('move rook to 3,-1', 'move rook to 3,-1 facing 180')
>>> parse = ActionParser("the example", [Move])
>>> parse("move rook to 3,-1 facing 180")
Move(piece='rook', x=3, y=-1, turn=2)
>>> parse("move rook to 3,x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
terranova.core.errors.MalformedActionError: ...: <y> should be an integer, at 'x')
"""

from __future__ import annotations

import abc
import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from terranova.core.actions import Action
from terranova.core.errors import MalformedActionError

A = TypeVar("A", bound=Action)


@dataclass(frozen=True, slots=True)
class Converter:
    """How a field is written in a text form and read back.

    ``pattern`` is the regular expression of its text (no capturing group), ``parse``
    turns that text into the value, ``show`` the value into text (``None``: as an
    f-string shows it), ``expects`` names what it takes in an error message and ``kind``
    is the type of the field it suits.
    """

    pattern: str
    parse: Callable[[str], Any]
    show: Callable[[Any], str] | None = None
    expects: str = "a value"
    kind: type = str
    words: tuple[str, ...] = ()
    """The words a choice takes (a form shows them instead of the field's name)."""
    data: Callable[[Any], Any] | None = None
    """The value as JSON data (:func:`action_data`) when a text packs several values (a
    list of seats, a square and a piece): a list or an object, read back by ``undata``;
    ``None``: the value itself."""
    undata: Callable[[Any], Any] | None = None
    """The value whose JSON data (``data``) is given; ``None``: the data itself."""

    def __post_init__(self) -> None:
        if re.compile(self.pattern).groups:
            raise ValueError(f"a converter's pattern must not capture: {self.pattern!r}")


def choice(*words: str) -> Converter:
    """A converter for a field that is one of ``words`` (what ``{what:open|close}`` makes).

    >>> choice("open", "close").expects
    "'open' or 'close'"
    """
    names = [repr(w) for w in words]
    expects = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    longest_first = sorted(words, key=len, reverse=True)
    return Converter("|".join(map(re.escape, longest_first)), str, None, expects, str, words)


def _to_degrees(quarters: int) -> str:
    return str(quarters * 90)


def _true(text: str) -> bool:
    return True


CONVERTERS: Mapping[str, Converter] = {
    "int": Converter(r"-?\d+", int, None, "an integer", int),
    "nat": Converter(r"\d+", int, None, "a number (0 or more)", int),
    "seat": Converter(r"\d{1,2}", int, None, "a seat number (0 to 99)", int),
    "digit": Converter(r"\d", int, None, "a single digit", int),
    "str": Converter(r"\S+", str, None, "a word (no spaces)", str),
    "id": Converter(r"[A-Za-z0-9_-]+", str, None, "a name of letters, digits, '-' and '_'", str),
    "quarter": Converter(
        r"0|90|180|270",
        {"0": 0, "90": 1, "180": 2, "270": 3}.__getitem__,
        _to_degrees,
        "0, 90, 180 or 270 (degrees)",
        int,
    ),
    "flag": Converter("", _true, None, "nothing", bool),
}
"""The built-in converters, by the name a form gives them. ``int``: ``-?\\d+``; ``nat``:
``\\d+``; ``seat``: one or two digits; ``digit``: one; ``str``: a word without blanks;
``id``: letters, digits, ``-`` and ``_``; ``quarter``: quarter turns written in degrees
(0, 90, 180, 270); ``flag``: a ``bool`` in an optional part (no text of its own).
(Digits are any Unicode decimal digits, as ``int()`` reads them.)"""

_BY_TYPE = {"int": "int", "str": "str", "bool": "flag", int: "int", str: "str", bool: "flag"}


# ---------------------------------------------------------------------- a compiled form


@dataclass(frozen=True, slots=True)
class _Literal:
    text: str  # all blanks, or no blank at all


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    converter: Converter


@dataclass(frozen=True, slots=True)
class _Optional:
    parts: tuple[_Literal | _Field, ...]


_Part = _Literal | _Field | _Optional


def _usage(parts: Iterable[_Part]) -> str:
    out = []
    for part in parts:
        if isinstance(part, _Literal):
            out.append(part.text)
        elif isinstance(part, _Field):
            if part.converter.kind is not bool:
                words = part.converter.words
                out.append("|".join(words) if words else f"<{part.name}>")
        else:
            out.append(f"[{_usage(part.parts)}]")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class _TextForm:
    """An action class's text form, compiled."""

    cls: type[Action]
    parts: tuple[_Part, ...]
    usage: str
    defaults: Mapping[str, Any]
    """The defaults of the fields in optional parts."""
    arguments: tuple[tuple[str, bool], ...]
    """The class's ``__init__`` arguments in order, each with whether it is keyword-only."""

    def regex(self, loose_spaces: bool, masked: bool = False) -> tuple[str, list[_Field]]:
        """The form's regular expression, and the fields of its groups in order; with
        ``masked``, a field may also be written ``?``."""
        groups: list[_Field] = []

        def of(parts: Iterable[_Part]) -> str:
            out = []
            for part in parts:
                if isinstance(part, _Literal):
                    blank = loose_spaces and part.text.isspace()
                    out.append(r"\s+" if blank else re.escape(part.text))
                elif isinstance(part, _Field):
                    groups.append(part)
                    hidden = r"|\?" if masked and part.converter.kind is not bool else ""
                    out.append(f"({part.converter.pattern}{hidden})")
                else:
                    out.append(f"(?:{of(part.parts)})?")
            return "".join(out)

        return of(self.parts), groups


def _split_form(form: str) -> list[str | tuple[str, str] | None]:
    """The form's pieces: literal characters, ``(name, converter)`` for a field, ``"["``
    and ``"]"`` as ``None`` markers around an optional part (in that order)."""
    out: list[str | tuple[str, str] | None] = []
    i = 0
    while i < len(form):
        c = form[i]
        if c in "{}[]" and form[i + 1 : i + 2] == c:
            out.append(c)
            i += 2
        elif c == "{":
            end = form.find("}", i)
            if end < 0:
                raise ValueError(f"unclosed '{{' in the text form {form!r}")
            name, _, converter = form[i + 1 : end].partition(":")
            out.append((name.strip(), converter.strip()))
            i = end + 1
        elif c in "[]":
            out.append(None)
            i += 1
        elif c == "}":
            raise ValueError(f"single '}}' in the text form {form!r} (write '}}}}')")
        else:
            out.append(c)
            i += 1
    return out


def _compile(cls: type[Action], form: str, converters: Mapping[str, Converter]) -> _TextForm:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__}: put @text_form above @dataclass")
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    seen: set[str] = set()
    top: list[_Part] = []
    optional: list[_Literal | _Field] | None = None
    text = ""

    def flush() -> None:
        nonlocal text
        target = top if optional is None else optional
        for chunk in re.findall(r"\s+|\S+", text):
            target.append(_Literal(chunk))
        text = ""

    for piece in _split_form(form):
        if isinstance(piece, str):
            text += piece
            continue
        flush()
        if piece is None:  # a bracket
            if optional is None:
                optional = []
                continue
            if not any(isinstance(p, _Field) for p in optional):
                raise ValueError(f"{cls.__name__}: an optional part without a field in {form!r}")
            top.append(_Optional(tuple(optional)))
            optional = None
            continue
        name, spec = piece
        field = fields.get(name)
        if field is None or name in seen:
            problem = "twice" if name in seen else "not a field"
            raise ValueError(f"{cls.__name__}: {{{name}}} is {problem} in {form!r}")
        seen.add(name)
        converter = _converter(cls, field, spec, converters)
        if optional is not None:
            if field.default is dataclasses.MISSING:
                raise ValueError(f"{cls.__name__}.{name} is optional: it needs a default")
            if converter.kind is bool and field.default is not False:
                raise ValueError(f"{cls.__name__}.{name}: a flag's default is False")
        elif converter.kind is bool:
            raise ValueError(f"{cls.__name__}.{name}: a flag goes in an optional part")
        (top if optional is None else optional).append(_Field(name, converter))
    flush()
    if optional is not None:
        raise ValueError(f"{cls.__name__}: unclosed '[' in {form!r}")
    if seen != set(fields):
        missing = ", ".join(sorted(set(fields) - seen))
        raise ValueError(f"{cls.__name__}: the form {form!r} leaves out {missing}")
    defaults = {
        p.name: fields[p.name].default
        for o in top
        if isinstance(o, _Optional)
        for p in o.parts
        if isinstance(p, _Field)
    }
    arguments = tuple((f.name, f.kw_only is True) for f in fields.values())
    return _TextForm(cls, tuple(top), _usage(top), defaults, arguments)


def _converter(
    cls: type, field: dataclasses.Field[Any], spec: str, converters: Mapping[str, Converter]
) -> Converter:
    if "|" in spec:
        converter = choice(*spec.split("|"))
    else:
        name = spec or _BY_TYPE.get(field.type)
        found = None if name is None else converters.get(name, CONVERTERS.get(name))
        if found is None:
            raise ValueError(f"{cls.__name__}.{field.name}: no converter {spec or field.type!r}")
        converter = found
    if field.type not in (converter.kind, converter.kind.__name__):
        kind = getattr(field.type, "__name__", field.type)
        raise TypeError(
            f"{cls.__name__}.{field.name}: a {kind} field, but the converter reads "
            f"{converter.kind.__name__}"
        )
    return converter


def _str_function(form: _TextForm) -> Callable[[Action], str]:
    """``__str__`` for the form, as code made once (as fast as one written by hand)."""
    namespace: dict[str, Any] = {}

    def pieces(parts: Iterable[_Literal | _Field]) -> str:
        out = []
        for part in parts:
            if isinstance(part, _Literal):
                out.append(repr(part.text))
            elif part.converter.kind is not bool:
                value = f"self.{part.name}"
                if part.converter.show is not None:
                    namespace[f"_show_{part.name}"] = part.converter.show
                    value = f"_show_{part.name}({value})"
                out.append(f"f'{{{value}}}'")
        return " ".join(out) or "''"

    terms = []
    run: list[_Literal | _Field] = []
    for part in form.parts:
        if not isinstance(part, _Optional):
            run.append(part)
            continue
        if run:
            terms.append(f"({pieces(run)})")
            run = []
        shown = []
        for field in part.parts:
            if isinstance(field, _Field):
                if field.converter.kind is bool:
                    shown.append(f"self.{field.name}")
                else:
                    namespace[f"_default_{field.name}"] = form.defaults[field.name]
                    shown.append(f"self.{field.name} != _default_{field.name}")
        terms.append(f"({pieces(part.parts)} if {' or '.join(shown)} else '')")
    if run or not terms:
        terms.append(f"({pieces(run)})")
    code = f"def __str__(self):\n    return {' + '.join(terms)}\n"
    exec(code, namespace)
    function: Callable[[Action], str] = namespace["__str__"]
    function.__qualname__ = f"{form.cls.__qualname__}.__str__"
    function.__doc__ = f"The canonical text form: {form.usage!r}."
    return function


def text_form(form: str, **converters: Converter) -> Callable[[type[A]], type[A]]:
    """Class decorator: ``form`` is the text of the action class (a dataclass), from which
    its ``__str__`` and its reading by :class:`ActionParser` come. Keyword arguments name
    converters of the game's own for the form. Put it above ``@dataclass``.

    >>> from dataclasses import dataclass
    >>> from terranova.core.actions import Action
    >>> @text_form("ask {seat:seat}")
    ... @dataclass(frozen=True, slots=True)
    ... class Ask(Action):
    ...     seat: int
    >>> str(Ask(2))
    'ask 2'
    """

    def decorate(cls: type[A]) -> type[A]:
        compiled = _compile(cls, form, converters)
        setattr(cls, "__str__", _str_function(compiled))  # noqa: B010 (a method)
        setattr(cls, "_text_form", compiled)  # noqa: B010
        abc.update_abstractmethods(cls)
        return cls

    return decorate


# ------------------------------------------------------------------- actions as data


def action_data(action: Action) -> dict[str, Any]:
    """The action as data: ``{"kind": name, "fields": {field: value}}``, ``name`` the
    class's name and the fields those its text form declares, in the form's order, with
    their values (an ``int``, a ``str`` or a ``bool``; a list or an object where the
    field's converter gives its ``data``: JSON values). A parser of the
    action's game reads it back (:meth:`ActionParser.from_data`).

    >>> from dataclasses import dataclass
    >>> @text_form("ask {seat:seat}[ twice{again}]")
    ... @dataclass(frozen=True, slots=True)
    ... class Ask(Action):
    ...     seat: int
    ...     again: bool = False
    >>> action_data(Ask(2))
    {'kind': 'Ask', 'fields': {'seat': 2, 'again': False}}
    """
    form = _form_of(type(action))
    return {
        "kind": form.cls.__name__,
        "fields": {
            f.name: _as_data(f.converter, getattr(action, f.name)) for f in _fields(form.parts)
        },
    }


def _as_data(converter: Converter, value: Any) -> Any:
    """A field's value as JSON data (its converter's ``data``, or the value itself)."""
    return value if converter.data is None else converter.data(value)


HIDDEN_DATA: Mapping[str, Any] = {"kind": None, "fields": {}}
"""The data of a text that reads as no action of its game (``objectives kept``): nothing."""


def seen_data(action: Action, seen: str) -> dict[str, Any]:
    """The data of ``action`` as a seat saw it, ``seen`` being the text it was shown
    (:meth:`~terranova.core.state.State.describe_action`): the action's data when
    ``seen`` is its text; otherwise the data of ``seen`` alone, read by the parser of the
    action's game with ``?`` standing for any field (its value ``None``): ``draw ?`` is
    ``{"kind": "Draw", "fields": {"card": None}}``. A masked text that reads as no form,
    or as more than one, gives :data:`HIDDEN_DATA`. The data of a masked text is thus a
    function of the text: it says no more than the text says."""
    if seen == str(action):
        return action_data(action)
    parser = _PARSERS.get(type(action))
    if parser is None:
        return dict(HIDDEN_DATA, fields={})
    return parser.masked_data(seen)


def parser_of(action: Action) -> ActionParser[Any]:
    """The parser of ``action``'s game (the last :class:`ActionParser` made that reads its
    class); raises LookupError if none does."""
    parser = _PARSERS.get(type(action))
    if parser is None:
        raise LookupError(f"no parser reads {type(action).__name__}")
    return parser


def _form_of(cls: type[Action]) -> _TextForm:
    form = cls.__dict__.get("_text_form")
    if not isinstance(form, _TextForm):
        raise TypeError(f"{cls.__name__} has no text form (see text_form)")
    return form


_PARSERS: dict[type[Action], ActionParser[Any]] = {}
"""The parser of each action class's game (the last made that reads it)."""


# ------------------------------------------------------------------------ the parser


class ActionParser(Generic[A]):
    """Reads the text forms of a game's action classes (each with a :func:`text_form`):
    ``parser(str(a)) == a``. Blanks around the text are ignored; when two forms read the
    same text, the class listed first wins. ``game`` names the game in error messages;
    with ``loose_spaces``, a blank in a form reads any run of blanks.
    """

    __slots__ = ("_by_kind", "_fixed", "_forms", "_loose", "_makers", "_masked", "_regex", "game")

    def __init__(self, game: str, classes: Iterable[type[A]], *, loose_spaces: bool = False):
        self.game = game
        self._loose = loose_spaces
        self._forms: list[_TextForm] = []
        self._by_kind: dict[str, _TextForm] = {}
        self._masked: dict[str, dict[str, Any]] = {}
        for cls in classes:
            form = _form_of(cls)
            if cls.__name__ in self._by_kind:
                raise ValueError(f"two action classes of {game} are named {cls.__name__}")
            self._forms.append(form)
            self._by_kind[cls.__name__] = form
        self._regex, self._makers = self._combine(self._forms)
        # the texts of forms with few texts (``pass``) are looked up, once read as above
        self._fixed: dict[str, A] = {}  # (empty while they are read)
        fixed: dict[str, A] = {}
        for form in self._forms:
            for text in _texts(form.parts, 64):
                action = self(text)
                if type(action) is form.cls:
                    fixed.setdefault(text, action)
        self._fixed = fixed
        for form in self._forms:
            _PARSERS[form.cls] = self

    def from_data(self, data: Mapping[str, Any]) -> A:
        """The action whose data (:func:`action_data`) is ``data``; raises
        MalformedActionError for a kind the game does not have or fields that are not its."""
        kind, fields = data.get("kind"), data.get("fields")
        form = self._by_kind.get(kind) if isinstance(kind, str) else None
        if form is None:
            raise MalformedActionError(f"not an action of {self.game}: kind {kind!r}")
        declared = {f.name: f for f in _fields(form.parts)}
        if not isinstance(fields, Mapping) or set(fields) != set(declared):
            raise MalformedActionError(
                f"{kind} of {self.game} takes the fields {', '.join(declared) or 'none'}"
            )
        values = {}
        for name, value in fields.items():
            converter = declared[name].converter
            if converter.undata is not None:
                try:
                    value = converter.undata(value)
                except (TypeError, ValueError, KeyError) as err:
                    raise MalformedActionError(
                        f"{kind}.{name} should be {converter.expects}"
                    ) from err
            if type(value) is not converter.kind:
                raise MalformedActionError(f"{kind}.{name} should be {converter.expects}")
            values[name] = value
        return form.cls(**values)  # type: ignore[return-value]  # a class this parser reads

    def masked_data(self, text: str) -> dict[str, Any]:
        """The data a masked ``text`` shows (see :func:`seen_data`): read with ``?`` for
        any field, by the one form that reads it; :data:`HIDDEN_DATA` if none or several do."""
        known = self._masked.get(text)
        if known is not None:
            return {"kind": known["kind"], "fields": dict(known["fields"])}
        found = []
        for form in self._forms:
            regex, groups = form.regex(self._loose, masked=True)
            match = re.fullmatch(regex, text.strip())
            if match is not None:
                found.append((form, groups, match))
        data: dict[str, Any] = {"kind": None, "fields": {}}
        if len(found) == 1:
            form, groups, match = found[0]
            fields: dict[str, Any] = {}
            for i, part in enumerate(groups, start=1):
                value = match[i]
                if part.converter.kind is bool:
                    fields[part.name] = value is not None
                elif value == "?":
                    fields[part.name] = None
                elif value is None:
                    fields[part.name] = _as_data(part.converter, form.defaults[part.name])
                else:
                    fields[part.name] = _as_data(part.converter, part.converter.parse(value))
            data = {"kind": form.cls.__name__, "fields": fields}
        if len(self._masked) < 4096:
            self._masked[text] = {"kind": data["kind"], "fields": dict(data["fields"])}
        return data

    def _combine(
        self, forms: list[_TextForm]
    ) -> tuple[re.Pattern[str], dict[int | None, Callable[[re.Match[str]], A]]]:
        """One regular expression for ``forms``, and the maker of each one's action by the
        number of its group."""
        alternatives = []
        makers: dict[int | None, Callable[[re.Match[str]], A]] = {}
        group = 1
        for form in forms:
            regex, fields = form.regex(self._loose)
            alternatives.append(f"({regex})")
            makers[group] = _maker(form, {f.name: group + 1 + i for i, f in enumerate(fields)})
            group += 1 + len(fields)
        return re.compile("|".join(alternatives) or "(?!)"), makers

    @property
    def forms(self) -> list[str]:
        """The forms read, as an error message shows them (``deploy <region>``)."""
        return [form.usage for form in self._forms]

    def __call__(self, text: str) -> A:
        """The action whose text is ``text``; raises MalformedActionError."""
        stripped = text.strip()
        action = self._fixed.get(stripped)
        if action is not None:
            return action
        match = self._regex.fullmatch(stripped)
        if match is None:
            raise MalformedActionError(self._explain(text))
        return self._makers[match.lastindex](match)

    # ------------------------------------------------------------- error messages

    def _explain(self, original: str) -> str:
        text = original.strip()
        walks = [(self._walk(form.parts, text, 0, True), form) for form in self._forms]
        best = max(pos for (pos, _, _), _ in walks)
        closest = [(problem, form) for (pos, problem, _), form in walks if pos == best]
        head = f"not an action of {self.game}: {original!r}"
        if best == 0 or len(closest) > 1:
            shown = [repr(form.usage) for _, form in (closest if best else walks)]
            listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
            return f"{head} (expected {listed})"
        problem, form = closest[0]
        return f"{head} (expected {form.usage!r}: {problem})"

    def _walk(
        self, parts: tuple[_Part, ...], text: str, pos: int, whole: bool
    ) -> tuple[int, str | None, int]:
        """How far ``parts`` read ``text`` from ``pos``: the position reached, what stops
        them there (``None``: nothing) and how many parts were read."""
        field: tuple[_Field, int] | None = None  # the field read last, if just before pos
        for i, part in enumerate(parts):
            rest = text[pos:]
            if isinstance(part, _Optional):
                end, problem, read = self._walk(part.parts, text, pos, False)
                if problem is None:
                    pos, field = end, None
                elif read >= _leading(part.parts):  # the part is there, but wrong
                    return end, problem, i
                continue
            if isinstance(part, _Literal):
                blank = self._loose and part.text.isspace()
                match = re.match(r"\s+" if blank else re.escape(part.text), rest)
            else:
                match = re.match(part.converter.pattern, rest)
            if match is not None:
                field = None
                if isinstance(part, _Field) and part.converter.kind is not bool:
                    field = (part, pos)
                pos += match.end()
                continue
            if not rest:
                return pos, f"it ends before {_usage(parts[i:]).strip()!r}", i
            if field is not None and not rest[0].isspace():
                return field[1], _field_problem(field[0], text[field[1] :]), i
            if isinstance(part, _Field):
                return pos, _field_problem(part, rest), i
            return pos, f"{part.text!r} expected at {rest!r}", i
        rest = text[pos:]
        if not whole or not rest:
            return pos, None, len(parts)
        if field is not None and not rest[0].isspace():
            return field[1], _field_problem(field[0], text[field[1] :]), len(parts)
        return pos, f"unexpected {rest!r} at the end", len(parts)


def _maker(form: _TextForm, groups: Mapping[str, int]) -> Callable[[re.Match[str]], Any]:
    """The function that makes the form's action from a match (code made once, as for
    ``__str__``); ``groups`` gives each field's group."""
    if not form.arguments:
        constant = form.cls()
        return lambda match: constant
    namespace: dict[str, Any] = {"_cls": form.cls}
    arguments = []
    fields = {f.name: f for f in _fields(form.parts)}
    order = sorted(fields, key=groups.__getitem__)
    for name, keyword in form.arguments:
        text, converter = f"_{order.index(name)}", fields[name].converter
        if converter.kind is bool:
            value = f"{text} is not None"
        else:
            value = text
            if converter.parse is not str:
                namespace[f"_parse_{name}"] = converter.parse
                value = f"_parse_{name}({text})"
            if name in form.defaults:
                namespace[f"_default_{name}"] = form.defaults[name]
                value = f"({value} if {text} is not None else _default_{name})"
        arguments.append(f"{name}={value}" if keyword else value)
    if len(order) == 1:
        read = f"_0 = match[{groups[order[0]]}]"
    else:
        numbers = ", ".join(str(groups[name]) for name in order)
        read = f"{', '.join(f'_{i}' for i in range(len(order)))} = match.group({numbers})"
    code = f"def make(match):\n    {read}\n    return _cls({', '.join(arguments)})\n"
    exec(code, namespace)
    maker: Callable[[re.Match[str]], Any] = namespace["make"]
    return maker


def _texts(parts: tuple[_Part, ...], limit: int) -> list[str]:
    """All the texts of ``parts`` if they are no more than ``limit``, else none."""
    texts = [""]
    for part in parts:
        if isinstance(part, _Literal):
            choices: list[str] = [part.text]
        elif isinstance(part, _Field):
            words = part.converter.words
            if part.converter.kind is not bool and not words:
                return []
            choices = list(words) or [""]
        else:
            inner = _texts(part.parts, limit)
            if not inner:
                return []
            choices = ["", *inner]
        texts = [t + c for t in texts for c in choices]
        if len(texts) > limit:
            return []
    return texts


def _fields(parts: Iterable[_Part]) -> Iterator[_Field]:
    for part in parts:
        if isinstance(part, _Field):
            yield part
        elif isinstance(part, _Optional):
            yield from _fields(part.parts)


def _leading(parts: tuple[_Literal | _Field, ...]) -> int:
    """How many parts of an optional part must be read for it to count as there: up to
    its first that is neither blank nor a flag."""
    for i, part in enumerate(parts):
        if isinstance(part, _Field) and part.converter.kind is not bool:
            return i + 1
        if isinstance(part, _Literal) and not part.text.isspace():
            return i + 1
    return len(parts)


def _field_problem(field: _Field, rest: str) -> str:
    return f"<{field.name}> should be {field.converter.expects}, at {rest!r}"
