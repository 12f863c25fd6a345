"""Each game's response time: how long a response window waits for people.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("response_seconds", sa.Float(), server_default="10", nullable=False)
        )


def downgrade() -> None:
    # not a batch: on SQLite a batch copies the games table and drops the old one, and with
    # foreign keys on, dropping it deletes every game's seats and log
    op.drop_column("games", "response_seconds")
