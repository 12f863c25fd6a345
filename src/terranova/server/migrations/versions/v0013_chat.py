"""Chat: the messages written at tables and in the lobby (``chat_messages``), who muted whom
(``chat_mutes``), and which accounts have the lobby open in which server process
(``chat_presence``).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("spectator", sa.Boolean(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_chat_messages_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_chat_messages_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_messages")),
    )
    op.create_index("ix_chat_messages_game_id_id", "chat_messages", ["game_id", "id"])
    op.create_index(op.f("ix_chat_messages_account_id"), "chat_messages", ["account_id"])
    op.create_index(op.f("ix_chat_messages_created_at"), "chat_messages", ["created_at"])
    op.create_table(
        "chat_mutes",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("muted_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_chat_mutes_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["muted_id"],
            ["accounts.id"],
            name=op.f("fk_chat_mutes_muted_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "muted_id", name=op.f("pk_chat_mutes")),
    )
    op.create_table(
        "chat_presence",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("origin", sa.String(length=80), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_chat_presence_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "origin", name=op.f("pk_chat_presence")),
    )
    op.create_index(op.f("ix_chat_presence_seen_at"), "chat_presence", ["seen_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_chat_presence_seen_at"), table_name="chat_presence")
    op.drop_table("chat_presence")
    op.drop_table("chat_mutes")
    op.drop_index(op.f("ix_chat_messages_created_at"), table_name="chat_messages")
    op.drop_index(op.f("ix_chat_messages_account_id"), table_name="chat_messages")
    op.drop_index("ix_chat_messages_game_id_id", table_name="chat_messages")
    op.drop_table("chat_messages")
