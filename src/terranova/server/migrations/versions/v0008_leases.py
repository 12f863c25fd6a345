"""Game leases: which server process runs a game's own moves and clocks, until when.

Every game being played gets a lease that has already expired, so that the first server
to start takes them all and resumes the games, as a server did before leases.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "game_leases",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_game_leases_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_game_leases")),
    )
    op.create_index(op.f("ix_game_leases_expires_at"), "game_leases", ["expires_at"])
    games = sa.table("games", sa.column("id", sa.Integer), sa.column("status", sa.String))
    leases = sa.table(
        "game_leases",
        sa.column("game_id", sa.Integer),
        sa.column("holder", sa.String),
        sa.column("expires_at", sa.DateTime(timezone=True)),
    )
    expired = datetime(2000, 1, 1, tzinfo=UTC)
    op.execute(
        leases.insert().from_select(
            ["game_id", "holder", "expires_at"],
            sa.select(games.c.id, sa.literal("before leases"), sa.literal(expired)).where(
                games.c.status == "playing"
            ),
        )
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_game_leases_expires_at"), table_name="game_leases")
    op.drop_table("game_leases")
