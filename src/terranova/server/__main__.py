"""``python -m terranova.server [OPTIONS]``: the same as ``terranova serve [OPTIONS]``."""

from __future__ import annotations

import sys

from terranova.server.command import app


def main(argv: list[str] | None = None) -> None:
    app(sys.argv[1:] if argv is None else argv, prog_name="python -m terranova.server")


if __name__ == "__main__":
    main()
