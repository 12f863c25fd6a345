"""Reading a game's content file (tiles, cards): the built-in one shipped in the game's
package, or a person's own file. Games check what is read; this only reads TOML."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from terranova.core.errors import ContentError


def read_toml(
    package: str, default: str, path: str | None, kind: str
) -> tuple[dict[str, Any], str]:
    """The parsed file and a name for it in messages: ``path``, or when it is ``None`` the
    file ``data/<default>`` of ``package``. ``kind`` names the file in errors ("tile file")."""
    if path is None:
        text = resources.files(package).joinpath("data", default).read_text("utf-8")
        source = f"built-in {default}"
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ContentError(f"cannot read {kind} {path}: {exc.strerror}") from None
        except UnicodeDecodeError as exc:
            raise ContentError(f"{path}: not UTF-8 text: {exc.reason}") from None
        source = str(path)
    try:
        return tomllib.loads(text), source
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source}: not valid TOML: {exc}") from None
