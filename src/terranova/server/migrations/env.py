"""Alembic's environment: migrates the connection that :meth:`Database.migrate` passes in
``config.attributes["connection"]`` (or, from the ``alembic`` command, an engine made from
the ``sqlalchemy.url`` option)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from terranova.server.db import Base, make_engine


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection given and no sqlalchemy.url option")
    engine = make_engine(url)
    try:
        with engine.begin() as new_connection:
            _migrate(new_connection)
    finally:
        engine.dispose()


try:
    context.config  # noqa: B018 (only set while Alembic runs this file)
except (AttributeError, NameError):  # imported outside Alembic (e.g. by a doctest collector)
    pass
else:
    run()
