"""Hints: whether a table between people allows them, and which seats asked for one.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE, never a batch (see 0004).


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("hints", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.add_column("games", sa.Column("hinted", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "hinted")
    op.drop_column("games", "hints")
