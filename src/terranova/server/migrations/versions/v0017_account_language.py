"""An account's language (``accounts.language``: ``en``, ``fr`` or ``de``; null: the
browser's): the pages, once signed in, and the e-mails sent to it are in that language.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-29
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    op.drop_column("accounts", "language")
