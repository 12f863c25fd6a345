"""Each game's rematch: the public id of the game that replays it with the seats turned.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE, never a batch (see 0004).


def upgrade() -> None:
    op.add_column("games", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "rematch")
