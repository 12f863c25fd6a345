"""Each game's time per move: a live table's limit on a person's move (null: none).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE, never a batch (see 0004).


def upgrade() -> None:
    op.add_column("games", sa.Column("move_seconds", sa.Float(), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "move_seconds")
