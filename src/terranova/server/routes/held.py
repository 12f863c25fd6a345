"""The seats an account holds: attaching a guest's seats to it, and its games ("My games")
on any device (docs/web.md, "Seats and accounts")."""

from __future__ import annotations

from fastapi import APIRouter

from terranova.core.i18n import _
from terranova.core.registry import game_info
from terranova.server.accounts import Account
from terranova.server.errors import Forbidden
from terranova.server.live import seat_out
from terranova.server.models import (
    AccountGameOut,
    AccountGamesResponse,
    AttachedSeat,
    AttachRequest,
    AttachResponse,
    RefusedSeat,
)
from terranova.server.routes.common import ERRORS
from terranova.server.routes.deps import AccountDep, ServiceDep
from terranova.server.store import AccountGame

router = APIRouter()


def _signed_in(account: Account | None) -> Account:
    if account is None:
        raise Forbidden(_("sign in first: seats and games are held by an account"))
    return account


@router.post("/api/account/seats", response_model=AttachResponse, responses=ERRORS)
async def attach_seats(
    body: AttachRequest, service: ServiceDep, account: AccountDep
) -> AttachResponse:
    """Give the signed-in account the seats this browser holds by their tokens (at most
    ``max_attach_seats`` at once): each whose token is right and that no account holds
    yet. Answers those attached and, for the others, why not."""
    holder = _signed_in(account)
    claims = [(c.game_id, c.seat, c.token) for c in body.seats]
    reasons = await service.attach(holder.id, claims)
    attached: list[AttachedSeat] = []
    refused: list[RefusedSeat] = []
    for claim, reason in zip(body.seats, reasons, strict=True):
        if reason is None:
            attached.append(AttachedSeat(game_id=claim.game_id, seat=claim.seat))
        else:
            refused.append(RefusedSeat(game_id=claim.game_id, seat=claim.seat, reason=reason))
    return AttachResponse(attached=attached, refused=refused)


@router.get("/api/account/games", response_model=AccountGamesResponse, responses=ERRORS)
async def account_games(service: ServiceDep, account: AccountDep) -> AccountGamesResponse:
    """The signed-in account's games, newest first: ``waiting`` for one of its seats to
    decide, ``running`` (someone else's turn), ``finished``; at most ``max_account_games``
    each, read from the database (whose turn as stored with the last move)."""
    holder = _signed_in(account)
    groups = await service.account_games(holder.id)
    return AccountGamesResponse(
        waiting=[_out(g, holder.id) for g in groups["waiting"]],
        running=[_out(g, holder.id) for g in groups["running"]],
        finished=[_out(g, holder.id) for g in groups["finished"]],
    )


def _out(game: AccountGame, account: int) -> AccountGameOut:
    return AccountGameOut(
        game_id=game.public_id,
        game=game.game,
        name=game_info(game.game).name,
        status=game.status,
        seats=[seat_out(s.seat, s.kind, s.name, s.bot) for s in game.seats],
        mine=[s.seat for s in game.seats if s.account_id == account],
        to_move=game.to_move,
        result=game.result,
        created=game.created_at.isoformat(),
    )
