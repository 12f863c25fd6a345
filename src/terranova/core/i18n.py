"""Languages: every text a person reads, in English, French or German, from gettext message
catalogs (docs/web-ui.md, "Languages").

A message's id is its English text, with named ``{placeholders}``; a text to be said later,
in a language not yet known (a server error, a move described), is a :class:`Text`, made
with :func:`_` or :func:`_n` so that extraction finds it. Each package with texts of its own
has a *domain*: a ``locale/<lang>/LC_MESSAGES/<domain>.po`` catalog per language beside its
modules (the site's is ``terranova``, each game's is its package's name), compiled to
``.mo`` when the package is built.

``xx`` is a pseudo-language for tests: each text wrapped in ``⟦ ⟧`` and 40 % longer, so
that a text left outside the catalogs, or cut off when it grows, shows.

>>> _("Seat {seat} moved", seat=2).render("en")
'Seat 2 moved'
>>> _n("{n} point", "{n} points", 1200).render("en")
'1,200 points'
>>> negotiate("de-CH;q=0.9, fr;q=0.8")
'de'
>>> negotiate("pt-BR, es")
'en'
>>> pseudo("{n} points")
'⟦{n} pôîñţš····⟧'
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Protocol

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import read_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

SOURCE = "en"
"""The language the message ids are written in."""
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch"}
"""The languages offered, each by its own name."""
PSEUDO = "xx"
"""The pseudo-language of the tests (not offered to people)."""
SITE = "terranova"
"""The site's own domain (the lobby, the play page, accounts, server errors)."""

Params = Mapping[str, object]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(message: str) -> frozenset[str]:
    """The names of a message's ``{placeholders}``."""
    return frozenset(PLACEHOLDER.findall(message))


@dataclass(frozen=True)
class Domain:
    """A package's catalogs: ``<directory>/<lang>/LC_MESSAGES/<name>.po``."""

    name: str
    directory: Path

    def po(self, lang: str) -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.po(lang).with_suffix(".mo")


def domain(package: str) -> Domain:
    """The domain of a dotted package (``terranova`` or a game's package): named after its
    last part, its catalogs in its ``locale`` directory. The directory is looked up below the
    package, not the package itself made a path: in an editable install a package that holds
    a compiled module is two folders, the source's and the build's."""
    return Domain(package.rsplit(".", 1)[-1], Path(str(files(package) / "locale")))


@cache
def site() -> Domain:
    return domain(SITE)


@dataclass(frozen=True)
class Catalog:
    """One domain's messages in one language: a text, or for a plural message its forms by
    CLDR category (``one``, ``other``...)."""

    lang: str
    messages: Mapping[str, str | Mapping[str, str]]

    def text(self, msgid: str) -> str:
        found = self.messages.get(msgid)
        if isinstance(found, str) and found:
            return found
        return pseudo(msgid) if self.lang == PSEUDO else msgid

    def plural(self, singular: str, plural: str, n: int) -> str:
        forms = self.messages.get(singular)
        category = Locale.parse(locale_of(self.lang)).plural_form(n)
        if isinstance(forms, Mapping) and forms.get(category):
            return forms[category]
        chosen = singular if n == 1 else plural
        return pseudo(chosen) if self.lang == PSEUDO else chosen


def locale_of(lang: str) -> str:
    """The Babel locale that formats a language's numbers and plurals."""
    return SOURCE if lang == PSEUDO else lang


def categories(lang: str) -> list[str]:
    """The CLDR plural category of each of a language's gettext plural forms, in order."""
    rule = get_plural(lang)
    index = gettext.c2py(rule.plural_expr)
    found: dict[int, str] = {}
    locale = Locale.parse(lang)
    for n in [*range(200), 1000, 10**6, 2 * 10**6, 10**7]:
        form, category = index(n), locale.plural_form(n)
        if found.setdefault(form, category) != category:
            raise ValueError(f"{lang}: plural form {form} is both {found[form]} and {category}")
    return [found.get(i, "other") for i in range(rule.num_plurals)]


@cache
def catalog(dom: Domain, lang: str) -> Catalog:
    """A domain's catalog in ``lang`` (empty for English and the pseudo-language): from the
    compiled ``.mo``, or from the ``.po`` where no ``.mo`` is as new (a source checkout)."""
    if lang in (SOURCE, PSEUDO):
        return Catalog(lang, {})
    po, mo = dom.po(lang), dom.mo(lang)
    if not po.is_file():
        return Catalog(lang, {})
    forms = categories(lang)
    messages: dict[str, str | Mapping[str, str]] = {}
    compiled = mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime
    with (mo if compiled else po).open("rb") as source:
        read = read_mo(source) if compiled else read_po(source)
    for message in read:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            if isinstance(message.string, str) and message.string:
                messages[message.id] = message.string
        else:
            strings = message.string if isinstance(message.string, tuple | list) else ()
            messages[message.id[0]] = {forms[i]: s for i, s in enumerate(strings) if s}
    return Catalog(lang, messages)


def number(lang: str, value: float) -> str:
    """A number as the language writes it (``1,200``, ``1 200``, ``1.200``)."""
    return format_decimal(value, locale=locale_of(lang))


def fill(lang: str, template: str, params: Params) -> str:
    """A message with its placeholders filled, numbers formatted for the language."""

    def value(match: re.Match[str]) -> str:
        return say(params.get(match.group(1), match.group(0)), lang)

    return PLACEHOLDER.sub(value, template)


class Said:
    """Words to be said in a language chosen later: a message (:class:`Text`), a list of
    words (:class:`Listed`), or a name a game's data gives in each language
    (:class:`Named`)."""

    def render(self, lang: str) -> str:
        raise NotImplementedError

    def as_json(self) -> dict[str, object]:
        """The words as data, for an API client or the browser to say in its language
        (``say`` in ``static/i18n.js``)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.render(SOURCE)


@dataclass(frozen=True)
class Text(Said):
    """A message to be said in a language chosen later, with its parameters (which may be
    words to say themselves), from its domain's catalog (the site's unless a game's)."""

    msgid: str
    params: Params = field(default_factory=dict)
    plural: str | None = None
    n: int = 0
    domain: str = SITE

    def render(self, lang: str) -> str:
        """The message in ``lang``, from its domain's catalog."""
        try:
            found = catalog(named(self.domain), lang)
        except KeyError:  # a domain no game installed here declares: its ids as they are
            found = Catalog(lang, {})
        if self.plural is None:
            return fill(lang, found.text(self.msgid), self.params)
        return fill(lang, found.plural(self.msgid, self.plural, self.n), self.params)

    def as_json(self) -> dict[str, object]:
        """The message id and its parameters (numbers kept as numbers, words as their own
        ``as_json``), and its domain when it is a game's."""
        out: dict[str, object] = {
            "id": self.msgid,
            "params": {k: plain(v) for k, v in self.params.items()},
        }
        if self.plural is not None:
            out |= {"plural": self.plural, "n": self.n}
        if self.domain != SITE:
            out["domain"] = self.domain
        return out


@dataclass(frozen=True)
class Listed(Said):
    """Words joined as the language lists them: ``a, b and c``, ``a, b et c``."""

    items: tuple[object, ...]

    def render(self, lang: str) -> str:
        said = [say(item, lang) for item in self.items]
        if len(said) <= 1:
            return "".join(said)
        # English without the serial comma, as the boards list ("a, b and c")
        locale = "en_GB" if locale_of(lang) == SOURCE else locale_of(lang)
        return str(format_list(said, locale=locale))

    def as_json(self) -> dict[str, object]:
        return {"list": [plain(item) for item in self.items]}


@dataclass(frozen=True)
class Named(Said):
    """A name a game's data gives in each language (``{"fr": "Tortue", "en": "Turtle"}``),
    said in the reader's, else in English."""

    names: Mapping[str, str]

    def render(self, lang: str) -> str:
        if lang == PSEUDO:
            return pseudo(self.names.get(SOURCE, ""))
        return self.names.get(lang) or self.names.get(SOURCE) or next(iter(self.names.values()), "")

    def as_json(self) -> dict[str, object]:
        return {"names": dict(self.names)}


def say(words: object, lang: str) -> str:
    """Words (:class:`Said`, or a plain string or number, said as they are) in ``lang``."""
    if isinstance(words, Said):
        return words.render(lang)
    if isinstance(words, int | float) and not isinstance(words, bool):
        return number(lang, words)
    return str(words)


def plain(value: object) -> object:
    """Words as JSON: a number or a string as it is, or a :class:`Said`'s ``as_json``."""
    if isinstance(value, Said):
        return value.as_json()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return str(value)


def as_data(words: Said | str) -> str | dict[str, object]:
    """Words as JSON (a game's move said, a scoring line, an end's reason): a plain string
    as it is, else its ``as_json``."""
    return words if isinstance(words, str) else words.as_json()


def from_data(data: object) -> Said | str:
    """Words back from their data (:func:`as_data`): a stored record's reason, a view's
    score line. Data of no known shape says nothing (an empty string)."""
    if isinstance(data, str):
        return data
    if not isinstance(data, Mapping):
        return "" if data is None else str(data)
    if isinstance(data.get("list"), list):
        return Listed(tuple(_parameter(item) for item in data["list"]))
    names = data.get("names")
    if isinstance(names, Mapping):
        return Named({str(k): str(v) for k, v in names.items()})
    if not isinstance(data.get("id"), str):
        return ""
    params = data.get("params")
    plural, n, dom = data.get("plural"), data.get("n"), data.get("domain")
    return Text(
        data["id"],
        {str(k): _parameter(v) for k, v in params.items()} if isinstance(params, Mapping) else {},
        plural=plural if isinstance(plural, str) else None,
        n=n if isinstance(n, int) and not isinstance(n, bool) else 0,
        domain=dom if isinstance(dom, str) else SITE,
    )


def _parameter(value: object) -> object:
    """A parameter back from its data: a number stays a number."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    return from_data(value)


_DOMAINS: dict[str, Domain] = {}
_SOURCES: list[Callable[[], Iterable[str]]] = []


def add_domain_source(source: Callable[[], Iterable[str]]) -> None:
    """Let :func:`named` find more domains: ``source()`` gives the packages whose catalogs a
    text may name. The registry adds its games' ``messages`` (the games sit above this
    module and import it, so it never imports them)."""
    _SOURCES.append(source)


def named(name: str) -> Domain:
    """A domain by its name: the site's, or one a source gives (a registered game's)."""
    if name == SITE:
        return site()
    if name not in _DOMAINS:
        for source in _SOURCES:
            for package in source():
                found = domain(package)
                _DOMAINS.setdefault(found.name, found)
    return _DOMAINS[name]


class Maker(Protocol):
    def __call__(self, msgid: str, /, **params: object) -> Text: ...


class PluralMaker(Protocol):
    def __call__(self, singular: str, plural: str, n: int, /, **params: object) -> Text: ...


def texts(package: str) -> tuple[Maker, PluralMaker]:
    """The ``_`` and ``_n`` of a package's own domain (a game's words)::

    _, _n = texts("terranova.games.discovery")
    """
    dom = domain(package)
    _DOMAINS[dom.name] = dom

    def make(msgid: str, /, **params: object) -> Text:
        return Text(msgid, params, domain=dom.name)

    def make_n(singular: str, plural: str, n: int, /, **params: object) -> Text:
        return Text(singular, {"n": n, **params}, plural=plural, n=n, domain=dom.name)

    return make, make_n


def _(msgid: str, **params: object) -> Text:
    """A text of the site's catalog, said later in the reader's language."""
    return Text(msgid, params)


def N_(msgid: str) -> str:
    """A text kept as it is in data (a game's description, a variant's note), marked for
    extraction: whoever shows it says it in the reader's language with :func:`translate`."""
    return msgid


def translate(dom: Domain | None, lang: str, msgid: str) -> str:
    """A text of ``dom`` (marked with :func:`N_`) in ``lang``; as it is without a domain."""
    if dom is None:
        return pseudo(msgid) if lang == PSEUDO and msgid else msgid
    return catalog(dom, lang).text(msgid) if msgid else msgid


def _n(singular: str, plural: str, n: int, /, **params: object) -> Text:
    """A text with singular and plural forms, chosen by ``n`` (its ``{n}``)."""
    return Text(singular, {"n": n, **params}, plural=plural, n=n)


def negotiate(header: str | None, offered: Mapping[str, str] = LANGUAGES) -> str:
    """The offered language an ``Accept-Language`` header prefers most (English if none)."""
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _sep, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                continue
        lang = tag.strip().split("-")[0].lower()
        if lang in offered and weight > 0:
            weighted.append((-weight, i, lang))
    return min(weighted)[2] if weighted else SOURCE


ACCENTED = str.maketrans("aceinorstuyACEINORSTUY", "áçéîñôŕšţûýÁÇÉÎÑÔŔŠŢÛÝ")


def pseudo(message: str) -> str:
    """A message in the pseudo-language: accented, 40 % longer, wrapped in ``⟦ ⟧``; its
    placeholders kept."""
    parts = PLACEHOLDER.split(message)  # text, name, text, name, ..., text
    out = "".join(
        "{" + part + "}" if i % 2 else part.translate(ACCENTED) for i, part in enumerate(parts)
    )
    padding = "·" * max(1, round(len(message) * 0.4))
    return f"⟦{out}{padding}⟧"


def language(chosen: str | None, header: str | None, offered: Mapping[str, str] = LANGUAGES) -> str:
    """The language of a reader: the one they chose (an account's setting, or the top bar's
    choice kept by the browser) if offered, else their browser's ``Accept-Language``."""
    if chosen is not None and (chosen in offered or chosen == PSEUDO):
        return chosen
    return negotiate(header, offered)
