"""``python -m terranova.server [--host H] [--port P] [--database-url URL]``."""

from __future__ import annotations

import argparse

from terranova.server.runner import serve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m terranova.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--database-url",
        default=None,
        help="SQLAlchemy URL (default sqlite:///terranova.db; postgresql+psycopg://… for "
        "PostgreSQL)",
    )
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.database_url)


if __name__ == "__main__":
    main()
