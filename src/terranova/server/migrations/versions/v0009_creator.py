"""Each game's creator: a digest of the client address that created it (null: none), to
count the unfinished games of one address (``max_games_per_address``).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE, never a batch (see 0004).


def upgrade() -> None:
    op.add_column("games", sa.Column("creator", sa.String(32), nullable=True))
    op.create_index(op.f("ix_games_creator_status"), "games", ["creator", "status"])


def downgrade() -> None:
    op.drop_index(op.f("ix_games_creator_status"), table_name="games")
    op.drop_column("games", "creator")
