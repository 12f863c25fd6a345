"""Alembic migrations of the web app's database, run by :meth:`Database.migrate` at start."""
