"""An index of each creator's games by the time they were created, to count the games one
address created in the past hour (``max_games_per_address_per_hour``).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(op.f("ix_games_creator_created_at"), "games", ["creator", "created_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_games_creator_created_at"), table_name="games")
