"""The reader's language (docs/web-ui.md, "Languages"): the pages rendered in it, and the
catalogs the browser reads its texts from.

A person's language is the one their account is set to (copied into the language cookie
when they sign in or change it), else the one chosen in the top bar (the same cookie), else
their browser's ``Accept-Language``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.requests import HTTPConnection

from terranova.core import registry
from terranova.core.i18n import (
    LANGUAGES,
    PSEUDO,
    Domain,
    catalog,
    domain,
    fill,
    language,
    site,
)

COOKIE = "terranova_lang"
"""The cookie keeping a browser's chosen language (the top bar's, or the account's)."""


def offered(lang: str) -> bool:
    """A language a page may be asked in (the pseudo-language included, for tests)."""
    return lang in LANGUAGES or lang == PSEUDO


def reader_language(conn: HTTPConnection) -> str:
    """The language of the person making a request (a page, an API call or a socket)."""
    return language(conn.cookies.get(COOKIE), conn.headers.get("accept-language"))


@cache
def game_domains() -> dict[str, Domain]:
    """Each registered game's domain (the games sharing a package share one), by game id."""
    out: dict[str, Domain] = {}
    for info in registry.games().values():
        if info.messages is not None:
            out[info.id] = domain(info.messages)
    return out


def domains() -> list[Domain]:
    """The site's domain and every game's, each once."""
    out = [site()]
    for found in game_domains().values():
        if found not in out:
            out.append(found)
    return out


def messages(lang: str) -> dict[str, object]:
    """What the browser reads its texts from: each domain's messages in ``lang`` (a plural
    one's forms by CLDR category), and the languages offered by their own names."""
    return {
        "lang": lang,
        "languages": LANGUAGES,
        "domains": {found.name: dict(catalog(found, lang).messages) for found in domains()},
    }


@cache
def messages_body(lang: str) -> tuple[bytes, str]:
    """The catalogs of :func:`messages` as a JSON body, and its ETag."""
    body = json.dumps(messages(lang), ensure_ascii=False, sort_keys=True).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


@cache
def pages(static_dir: Path) -> Environment:
    """The pages of the browser UI, as templates whose texts are in the catalogs."""
    return Environment(
        loader=FileSystemLoader(static_dir),
        autoescape=select_autoescape(["html"]),
        auto_reload=True,
    )


def render_page(static_dir: Path, name: str, lang: str, extra: Mapping[str, object] = {}) -> str:
    """A page in ``lang``: ``_("...")`` in it is the site's message."""

    def say(msgid: str, **params: object) -> str:
        return fill(lang, catalog(site(), lang).text(msgid), params)

    template = pages(static_dir).get_template(name)
    return template.render(_=say, lang=lang, languages=LANGUAGES, **extra)
