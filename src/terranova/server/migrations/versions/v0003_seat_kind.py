"""A seat's kind takes up to 16 characters: ``automaton`` (9) did not fit in 8.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column(
            "kind",
            existing_type=sa.String(length=8),
            type_=sa.String(length=16),
            existing_nullable=False,
        )


def downgrade() -> None:
    # the automaton's seats go back to what they were before the kind existed: bots that
    # are never asked (kind 'bot', bot 'random')
    op.execute("UPDATE seats SET kind = 'bot', bot = 'random' WHERE kind = 'automaton'")
    with op.batch_alter_table("seats") as batch:
        batch.alter_column(
            "kind",
            existing_type=sa.String(length=16),
            type_=sa.String(length=8),
            existing_nullable=False,
        )
