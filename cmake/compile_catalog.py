"""One message catalog compiled for the wheel (CMakeLists.txt): ``<po> <mo> <lang>``.

Run by the build's Python, which has Babel (a build requirement); the same compilation as
``python scripts/catalogs.py compile``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def main(po: str, mo: str, lang: str) -> None:
    with Path(po).open("rb") as stream:
        catalog = read_po(stream, locale=lang)
    Path(mo).parent.mkdir(parents=True, exist_ok=True)
    with Path(mo).open("wb") as stream:
        write_mo(stream, catalog)


if __name__ == "__main__":
    main(*sys.argv[1:])
