"""The message catalogs, for translators (docs/web-ui.md, "Languages"):

    python scripts/catalogs.py extract   # each domain's template (.pot) from the sources
    python scripts/catalogs.py update    # each language's .po follows its template
    python scripts/catalogs.py compile   # .po to .mo (the package's build does this too)
    python scripts/catalogs.py check     # exit 1 if a template is out of date

A domain is the site's (``src/terranova`` but its games) or a game's (its package). Texts
are found in Python (``_("...")``, ``_n("...", "...", n)``, ``N_("...")``), in JavaScript
(``t("...")``, ``tn("...", "...", n)``) and in the pages (``{{ _("...") }}``).
"""

from __future__ import annotations

import ast
import io
import json
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from terranova.core.i18n import LANGUAGES as OFFERED
from terranova.core.i18n import SOURCE

ROOT = Path(__file__).resolve().parents[1] / "src" / "terranova"
LANGUAGES = tuple(lang for lang in OFFERED if lang != SOURCE)
"""The languages with catalogs (the ids are English)."""
EPOCH = datetime(2026, 11, 29, tzinfo=UTC)
PYTHON = {"_": None, "_n": (1, 2), "N_": None}
JAVASCRIPT = {"t": None, "tn": (1, 2)}
PASSES = [  # (method map, keywords): JavaScript's names are not Python's (`t` is a variable)
    ([("**/static/**.html", "jinja2"), ("**.py", "python")], PYTHON),
    ([("**.js", "javascript")], JAVASCRIPT),
]
OPTIONS = {"**.js": {"template_string": "true"}}


def domains() -> Iterator[tuple[str, Path, Path]]:
    """Each domain's name, its source directory and its locale directory."""
    yield "terranova", ROOT, ROOT / "locale"
    for package in sorted((ROOT / "games").iterdir()):
        if (package / "locale").is_dir():
            yield package.name, package, package / "locale"


def extract(name: str, source: Path) -> Catalog:
    """A domain's template: every message found in its sources (the site's leaves the
    games' packages to them), each with where it is used."""
    catalog = Catalog(project="terranova", domain=name, fuzzy=False)
    games = source / "games"

    def keep(path: str) -> bool:
        return name != "terranova" or not (source / path).resolve().is_relative_to(games)

    for methods, keywords in PASSES:
        found = extract_from_dir(
            source,
            method_map=methods,
            options_map=OPTIONS,
            keywords=keywords,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for path, line, message, comments, context in found:
            if keep(path):
                catalog.add(message, None, [(path, line)], auto_comments=comments, context=context)
    # Babel reads neither inside an f-string nor inside a template literal's ${...}: these
    # passes find the calls there too
    for path in sorted(source.rglob("*")):
        relative = str(path.relative_to(source))
        if not keep(relative) or "__pycache__" in path.parts:
            continue
        calls = python_calls(path) if path.suffix == ".py" else []
        calls += javascript_calls(path) if path.suffix == ".js" else []
        for line, message in calls:
            catalog.add(message, None, [(relative, line)])
    return catalog


def python_calls(path: Path) -> list[tuple[int, str | tuple[str, str]]]:
    """Every ``_("...")``, ``N_("...")`` and ``_n("...", "...", n)`` of a Python file,
    f-strings included."""
    out: list[tuple[int, str | tuple[str, str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        strings = [a.value for a in node.args if isinstance(a, ast.Constant)]
        texts = [s for s in strings if isinstance(s, str)]
        if node.func.id in ("_", "N_") and texts:
            out.append((node.lineno, texts[0]))
        elif node.func.id == "_n" and len(texts) >= 2:
            out.append((node.lineno, (texts[0], texts[1])))
    return out


STRING = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')"""
JS_T = re.compile(r"\bt\(\s*" + STRING)
JS_TN = re.compile(r"\btn\(\s*" + STRING + r"\s*,\s*" + STRING)


def javascript_calls(path: Path) -> list[tuple[int, str | tuple[str, str]]]:
    """Every ``t("...")`` and ``tn("...", "...", n)`` of a JavaScript file, template
    literals included."""
    code = path.read_text(encoding="utf-8")

    def literal(quoted: str) -> str:
        body = quoted[1:-1]
        if quoted[0] == "'":
            body = body.replace("\\'", "'").replace('"', '\\"')
        return str(json.loads('"' + body + '"'))

    out: list[tuple[int, str | tuple[str, str]]] = []
    for match in JS_T.finditer(code):
        out.append((code.count("\n", 0, match.start()) + 1, literal(match.group(1))))
    for match in JS_TN.finditer(code):
        pair = (literal(match.group(1)), literal(match.group(2)))
        out.append((code.count("\n", 0, match.start()) + 1, pair))
    return out


def settle_header(catalog: Catalog, name: str, lang: str) -> None:
    """A header that changes only with the language (no dates, so that a diff shows
    the messages alone)."""
    catalog.project, catalog.version = "Terranova", ""
    catalog.msgid_bugs_address = catalog.last_translator = catalog.language_team = ""
    catalog.creation_date = catalog.revision_date = EPOCH
    catalog.fuzzy = False
    catalog.header_comment = f"# The {name} messages in {lang} ({OFFERED[lang]})."


def text(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=True, sort_output=True, include_lineno=False)
    return out.getvalue().decode()


def main(command: str) -> int:
    stale = []
    for name, source, locale in domains():
        template = extract(name, source)
        pot = locale / f"{name}.pot"
        if command == "extract":
            pot.write_text(text(template))
        elif command == "check" and (not pot.is_file() or pot.read_text() != text(template)):
            stale.append(str(pot.relative_to(ROOT.parents[1])))
        for lang in LANGUAGES:
            po = locale / lang / "LC_MESSAGES" / f"{name}.po"
            if command == "update":
                po.parent.mkdir(parents=True, exist_ok=True)
                with pot.open("rb") as stream:
                    fresh = read_po(stream)
                if po.is_file():
                    with po.open("rb") as stream:
                        kept = read_po(stream, locale=lang)
                    kept.update(fresh, no_fuzzy_matching=True)
                    kept.obsolete.clear()
                else:
                    kept = Catalog(locale=lang, domain=name)
                    kept.update(fresh, no_fuzzy_matching=True)
                settle_header(kept, name, lang)
                out = io.BytesIO()
                write_po(
                    out,
                    kept,
                    width=100,
                    sort_output=True,
                    ignore_obsolete=True,
                    include_lineno=False,
                )
                po.write_bytes(out.getvalue())
            elif command == "compile" and po.is_file():
                with po.open("rb") as stream:
                    read = read_po(stream, locale=lang)
                with po.with_suffix(".mo").open("wb") as stream:
                    write_mo(stream, read)
    if stale:
        print("out of date (run `python scripts/catalogs.py extract`):", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("extract", "update", "compile", "check"):
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
