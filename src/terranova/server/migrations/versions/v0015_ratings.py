"""Ratings: a game may be rated (``games.rated``, settled at ``games.rated_at``); each
account's skill per game (``ratings``) and its history (``rating_changes``).

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # plain ALTER TABLE, never a batch (see 0004)
    op.add_column(
        "games", sa.Column("rated", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.add_column("games", sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_ratings_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "game", name=op.f("pk_ratings")),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_rating_changes_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_rating_changes_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_changes")),
    )
    op.create_index("ix_rating_changes_account_game", "rating_changes", ["account_id", "game"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_account_game", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game", table_name="ratings")
    op.drop_table("ratings")
    op.drop_column("games", "rated_at")
    op.drop_column("games", "rated")
