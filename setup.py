"""The package's build compiles its message catalogs (``locale/*/LC_MESSAGES/*.po``) to
``.mo``, beside them: in the wheel, and in the source tree for an editable install."""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogs(source: Path, target: Path) -> None:
    for po in sorted(source.glob("**/locale/*/LC_MESSAGES/*.po")):
        lang = po.parent.parent.name
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as stream:
            catalog = read_po(stream, locale=lang)
        with mo.open("wb") as stream:
            write_mo(stream, catalog)


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        source = Path(__file__).parent / "src"
        compile_catalogs(source, source if self.editable_mode else Path(self.build_lib))


setup(cmdclass={"build_py": BuildWithCatalogs})
