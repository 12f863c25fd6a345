"""Invitations to an open seat, and the turn e-mails' unsubscribe link (docs/web.md,
"Invitations" and "Turn e-mails")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, cast

from fastapi import APIRouter, Depends, Request, Response
from starlette.requests import HTTPConnection

from terranova.core.i18n import _
from terranova.server.errors import Forbidden, NotFound
from terranova.server.invitations import Invitations
from terranova.server.models import (
    DoneResponse,
    InvitationCreated,
    InvitationOut,
    InvitationRequest,
    InvitationsResponse,
    UnsubscribeRequest,
)
from terranova.server.routes.common import ERRORS
from terranova.server.routes.deps import AccountDep, AddressDep, SettingsDep
from terranova.server.routes.pages import page
from terranova.server.turnmail import TurnMails

router = APIRouter()


async def invitations(connection: HTTPConnection) -> Invitations:
    """The app's invitations."""
    return cast(Invitations, connection.app.state.invitations)


async def turn_mails(connection: HTTPConnection) -> TurnMails:
    """The app's turn e-mails."""
    return cast(TurnMails, connection.app.state.turn_mails)


InvitationsDep = Annotated[Invitations, Depends(invitations)]
TurnMailsDep = Annotated[TurnMails, Depends(turn_mails)]


@router.post(
    "/api/games/{game_id}/invitations",
    status_code=201,
    response_model=InvitationCreated,
    responses=ERRORS,
)
async def invite(
    game_id: str,
    body: InvitationRequest,
    people: InvitationsDep,
    account: AccountDep,
    address: AddressDep,
) -> InvitationCreated:
    """Invite an account (by its name or account_id) to an open seat, as a person at the
    table (``by_seat`` with its ``token``, or signed in with a seat of the game). 409 if
    the seat is not open any more, 429 past the limits."""
    invitation_id, invitee, mailed = await people.invite(
        game_id,
        body.seat,
        body.name,
        body.account_id,
        body.by_seat,
        body.token,
        account,
        address,
    )
    return InvitationCreated(invitation_id=invitation_id, invitee=invitee.name, mailed=mailed)


@router.get("/api/account/invitations", response_model=InvitationsResponse, responses=ERRORS)
async def list_invitations(people: InvitationsDep, account: AccountDep) -> InvitationsResponse:
    """The invitations waiting for the signed-in account's answer (to seats still open),
    newest first. Join one with ``POST /api/games/{game_id}/join``."""
    if account is None:
        raise Forbidden(_("sign in first"))
    found = await people.pending(account)
    return InvitationsResponse(
        invitations=[
            InvitationOut(
                invitation_id=i.invitation_id,
                game_id=i.game_id,
                game=i.game,
                seat=i.seat,
                inviter=i.inviter,
                created_at=i.created_at,
            )
            for i in found
        ]
    )


@router.post(
    "/api/account/invitations/{invitation_id}/decline",
    response_model=DoneResponse,
    responses=ERRORS,
)
async def decline(invitation_id: str, people: InvitationsDep, account: AccountDep) -> DoneResponse:
    """Decline an invitation: it is no longer listed."""
    if account is None:
        raise Forbidden(_("sign in first"))
    await people.decline(invitation_id, account)
    return DoneResponse(message="invitation declined")


@router.get("/account/unsubscribe", include_in_schema=False)
async def unsubscribe_page(settings: SettingsDep, request: Request) -> Response:
    """The page of a turn e-mail's unsubscribe link: a button (opening it changes nothing,
    since mail scanners follow links)."""
    return page(Path(settings.static_dir), "unsubscribe.html", request)


@router.post("/api/account/unsubscribe", response_model=DoneResponse, responses=ERRORS)
async def unsubscribe(body: UnsubscribeRequest, mails: TurnMailsDep) -> DoneResponse:
    """Turn the turn e-mails off by the key of a turn e-mail's link (no need to sign in)."""
    name = await asyncio.to_thread(mails.store.unsubscribe, body.key)
    if name is None:
        raise NotFound(_("this link is not ours, or its account was deleted"))
    return DoneResponse(message=f"no more turn e-mails for {name}")
