"""Each game's rules for players, at ``/rules/<game id>`` (docs/web.md, "Rules pages").

A game writes its rules for players in Markdown, in its own package: ``rules/<game id>.md``
in the directory its ``GameInfo.web`` names, and in another language ``rules/<game
id>.<lang>.md`` (written for its players, not a translation word by word); a reader whose
language has none reads the English. The page adds the variants the lobby offers,
from the game's ``GameInfo.variants``. Pictures are drawn by the game's own renderer: an
image whose address is ``picture:NAME`` becomes ``/rules/<game id>/pictures/NAME.svg``, where
NAME is

- ``components``: the game's components (``render_components_svg``);
- ``start``: a new game, as a spectator sees it (``render_svg``);
- ``after-N``: the position after N actions (1 to 300) of a game between greedy bots,
  seed 1, as a spectator sees it.

Only the pictures a page names are drawn, each once per process: a visitor cannot make the
server draw anything else. Raw HTML in the Markdown is shown as text, never run.
"""

from __future__ import annotations

import html
import re
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from terranova.agents import make_agent
from terranova.core.i18n import LANGUAGES, PSEUDO, SOURCE, Text, _, _n, translate
from terranova.core.registry import GameInfo, games, make
from terranova.core.render import load_renderer
from terranova.core.rng import derive_seed, make_rng
from terranova.core.state import CHANCE, State
from terranova.server.errors import NotFound
from terranova.server.game_files import web_directory
from terranova.server.languages import game_domains

PICTURE = re.compile(r"^(components|start|after-([1-9][0-9]{0,2}))$")
MOST_PLIES = 300
SEED = 1


class RulesPageError(NotFound, LookupError):
    """No such page or picture (the web app answers 404 with the message)."""


@dataclass(frozen=True)
class RulesPage:
    """One game's rules page, rendered."""

    game: GameInfo
    title: str
    body: str
    """The rules as HTML, pictures pointing at their addresses, then the variants."""
    pictures: frozenset[str]
    """The pictures the page names."""
    lang: str = SOURCE
    """The reader's language (the page around the rules)."""
    written: str = SOURCE
    """The language the rules are written in (English where the reader's has none)."""


def rules_source(info: GameInfo, lang: str = SOURCE) -> Path | None:
    """The Markdown file of a game's rules for players in ``lang`` (the English one if there
    is none in it), or None if it has none."""
    folder = web_directory(info)
    if folder is None:
        return None
    for name in (f"{info.id}.{lang}.md", f"{info.id}.md"):
        path = folder / "rules" / name
        if path.is_file() and (name.count(".") == 1 or lang != SOURCE):
            return path
    return None


def source_language(path: Path) -> str:
    """The language a rules file is written in (``<id>.<lang>.md``; English without)."""
    parts = path.name.split(".")
    return parts[-2] if len(parts) == 3 else SOURCE


def rules_link(info: GameInfo) -> str | None:
    """The address of a game's rules page, or None if it has none."""
    return f"/rules/{info.id}" if rules_source(info) is not None else None


def _picture_name(src: str) -> str | None:
    if not src.startswith("picture:"):
        return None
    name = src.removeprefix("picture:")
    found = PICTURE.match(name)
    if found is None or (found.group(2) and int(found.group(2)) > MOST_PLIES):
        raise RulesPageError(
            _(
                "picture '{name}': a picture is components, start or after-N (N from 1 to {most})",
                name=name,
                most=MOST_PLIES,
            )
        )
    return name


def _markdown(game_id: str, pictures: set[str], lang: str) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")

    def image(
        self: RendererHTML, tokens: list[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        token = tokens[idx]
        name = _picture_name(str(token.attrGet("src") or ""))
        if name is None:
            return self.image(tokens, idx, options, env)
        pictures.add(name)
        # each language's picture at an address of its own (its words are the reader's)
        token.attrSet("src", f"/rules/{game_id}/pictures/{name}.svg?lang={lang}")
        token.attrSet("loading", "lazy")
        caption = html.escape(self.renderInlineAsText(token.children or [], options, env))
        # a span, not a figure: the image sits inside the paragraph Markdown made
        return (
            f"<span class='rules-picture' data-picture='{name}'>"
            f"{self.image(tokens, idx, options, env)}"
            f"<span class='rules-caption'>{caption}</span></span>"
        )

    md.add_render_rule("image", image)
    return md


def _variants_html(info: GameInfo, lang: str) -> str:
    def say(text: Text) -> str:
        return html.escape(text.render(lang))

    dom = game_domains().get(info.id)
    rows = []
    for variant in (info.variants[name] for name in info.settable_variants()):
        choices = (
            ", ".join(str(c) for c in variant.choices)
            if variant.choices
            else {int: _("a whole number").render(lang), float: _("a number").render(lang)}.get(
                variant.kind, variant.kind.__name__
            )
        )
        rows.append(
            "<tr>"
            f"<th scope='row'><code>{html.escape(variant.name)}</code></th>"
            f"<td>{html.escape(translate(dom, lang, variant.description))}</td>"
            f"<td>{html.escape(choices)}</td>"
            f"<td>{html.escape(str(variant.default))}</td>"
            "</tr>"
        )
    low, high, game = info.min_seats, info.max_seats, info.name
    played = (
        _("{game} is played by {low} to {high} players.", game=game, low=low, high=high)
        if low != high
        else _n(
            "{game} is played by {n} player.", "{game} is played by {n} players.", low, game=game
        )
    )
    heads = [_("Variant"), _("What it changes"), _("Choices"), _("Default")]
    table = (
        "<table class='rules-variants'><thead><tr>"
        + "".join(f"<th>{say(head)}</th>" for head in heads)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        if rows
        else "<p>" + say(_("This game has no variants.")) + "</p>"
    )
    offered = _(
        "The lobby offers these variants when you create a game; each table plays the "
        "rules above with the choices it made."
    )
    return (
        "<section id='variants'><h2>" + say(_("Variants")) + "</h2>"
        f"<p>{say(played)} {say(offered)}</p>{table}</section>"
    )


@cache
def render_rules(game_id: str, source: str, lang: str = SOURCE, written: str = SOURCE) -> RulesPage:
    """A registered game's rules page from its Markdown ``source`` (written in ``written``),
    for a reader of ``lang``; RulesPageError for a picture it cannot draw."""
    info = games()[game_id]
    pictures: set[str] = set()
    body = _markdown(game_id, pictures, lang).render(source)
    first = re.search(r"<h1>(.*?)</h1>", body)
    title = (
        re.sub(r"<[^>]+>", "", first.group(1))
        if first
        else _("{game}: the rules", game=info.name).render(lang)
    )
    return RulesPage(
        info,
        html.unescape(title),
        body + _variants_html(info, lang),
        frozenset(pictures),
        lang,
        written,
    )


def rules_page(game_id: str, lang: str = SOURCE) -> RulesPage:
    """The rules page of a registered game for a reader of ``lang``; RulesPageError if there
    is none."""
    info = games().get(game_id)
    if info is None:
        raise RulesPageError(_("no game '{game_id}'", game_id=game_id))
    path = rules_source(info, lang)
    if path is None:
        raise RulesPageError(_("{name} has no rules page", name=info.name))
    return render_rules(info.id, path.read_text(encoding="utf-8"), lang, source_language(path))


def _position(info: GameInfo, plies: int) -> State:
    """The position after ``plies`` actions of a game between greedy bots (seed 1)."""
    state = make(info.id)
    bots = [make_agent("greedy", derive_seed(SEED, "seat", k)) for k in range(state.num_seats)]
    rng = make_rng(SEED)
    while not state.is_terminal() and len(state.history()) < plies:
        actor = state.current_player()
        state.apply(state.sample_chance(rng) if actor == CHANCE else bots[actor].select(state))
    return state


_drawing = threading.Lock()  # two first asks for one picture draw it once


@cache
def _draw(game_id: str, name: str, lang: str) -> str:
    info = games()[game_id]
    renderer = load_renderer(info)
    if name == "components":
        return renderer.render_components_svg(make(game_id), lang=lang)
    plies = 0 if name == "start" else int(name.removeprefix("after-"))
    return renderer.render_svg(_position(info, plies), lang=lang)


def picture(game_id: str, name: str, lang: str = SOURCE) -> str:
    """A picture the game's rules page names, as SVG, its words in ``lang`` (one of the
    languages offered, or the pseudo-language); RulesPageError for any other."""
    if lang not in LANGUAGES and lang != PSEUDO:
        raise RulesPageError(_("no language '{lang}'", lang=lang))
    page = rules_page(game_id)
    if name not in page.pictures:
        raise RulesPageError(
            _("the rules of {game} show no picture '{name}'", game=page.game.name, name=name)
        )
    with _drawing:
        return _draw(page.game.id, name, lang)


def page_html(page: RulesPage) -> str:
    """The whole HTML page: the site's header, the rules, links to play."""
    lang = page.lang

    def say(text: Text) -> str:
        return html.escape(text.render(lang))

    written = f' lang="{page.written}"' if page.written != lang else ""
    play = say(_("Play {game}", game=page.game.name))
    heading = say(_("{game}: the rules", game=page.game.name))
    lobby = say(_("Lobby"))
    return f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{html.escape(page.title)} · Terranova</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body class="rules-page" data-game="{html.escape(page.game.id)}">
  <header class="topbar">
    <a class="brand" href="/"><img src="/static/favicon.svg" alt="" width="28" height="28">
      Terranova</a>
    <span class="game-title">{heading}</span>
    <a class="topbar-link" href="/?game={html.escape(page.game.id)}">{play}</a>
    <a class="topbar-link" href="/">{lobby}</a>
  </header>
  <script type="module">
    import {{ languageMenu }} from "/static/common.js";
    document.querySelector(".topbar").append(languageMenu());
  </script>
  <main class="rules card" data-testid="rules"{written}>
{page.body}
  </main>
</body>
</html>
"""
