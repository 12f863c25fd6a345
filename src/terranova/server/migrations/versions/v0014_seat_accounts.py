"""Each game's seat to decide in its last stored position (``games.to_move``; null: nobody,
or not known), kept with every move so that an account's games say whose turn it is
without replaying their logs.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE, never a batch (see 0004).


def upgrade() -> None:
    op.add_column("games", sa.Column("to_move", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "to_move")
