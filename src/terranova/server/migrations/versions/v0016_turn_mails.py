"""Turn e-mails and invitations: since when a game's position waits for its seat to move
(``games.to_move_since``; the seat is ``games.to_move``, 0014), the seats whose people
have a WebSocket open (``connected_seats``, refreshed by each server process), the turn e-mails sent
(``turn_mails``, one row per game and seat: the claim that keeps two processes from both
sending) and the invitations to open seats (``invitations``).

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("to_move_since", sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f("ix_games_to_move_since"), "games", ["to_move_since"])
    op.create_table(
        "connected_seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_connected_seats_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", "holder", name=op.f("pk_connected_seats")),
    )
    op.create_table(
        "turn_mails",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_turn_mails_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_turn_mails")),
    )
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("inviter_account_id", sa.Integer(), nullable=True),
        sa.Column("inviter_name", sa.String(length=64), nullable=False),
        sa.Column("invitee_account_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("answer", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_invitations_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["inviter_account_id"],
            ["accounts.id"],
            name=op.f("fk_invitations_inviter_account_id_accounts"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["invitee_account_id"],
            ["accounts.id"],
            name=op.f("fk_invitations_invitee_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_invitations")),
        sa.UniqueConstraint("public_id", name=op.f("uq_invitations_public_id")),
    )
    op.create_index(
        op.f("ix_invitations_invitee_account_id"), "invitations", ["invitee_account_id"]
    )
    op.create_index(op.f("ix_invitations_game_id"), "invitations", ["game_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_invitations_game_id"), table_name="invitations")
    op.drop_index(op.f("ix_invitations_invitee_account_id"), table_name="invitations")
    op.drop_table("invitations")
    op.drop_table("turn_mails")
    op.drop_table("connected_seats")
    op.drop_index(op.f("ix_games_to_move_since"), table_name="games")
    op.drop_column("games", "to_move_since")
