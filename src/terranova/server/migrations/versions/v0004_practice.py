"""Each game's practice flag: unlimited undo for people learning the game.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE, never a batch: on SQLite a batch may copy the games table and drop the
# old one, and with foreign keys on, dropping it deletes every game's seats and log.


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("practice", sa.Boolean(), server_default=sa.false(), nullable=False)
    )


def downgrade() -> None:
    op.drop_column("games", "practice")
