"""A seat's moves in a game: actions, undo, joining, a rematch, resigning."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter

from terranova.server.models import (
    ActionRequest,
    JoinRequest,
    JoinResponse,
    RematchRequest,
    RematchResponse,
    ResignRequest,
    StateMessage,
    UndoRequest,
)
from terranova.server.routes.common import ERRORS, json_response
from terranova.server.routes.deps import AccountDep, AddressDep, ServiceDep, account_id

router = APIRouter()


@router.post("/api/games/{game_id}/actions", response_model=StateMessage, responses=ERRORS)
async def post_action(
    game_id: str, body: ActionRequest, service: ServiceDep, account: AccountDep
) -> Any:
    """Play an action for a seat (with its token, or signed in to the account holding
    it); answers the seat's new state message."""
    game = await service.act(
        game_id, body.seat, body.token, body.action, body.ply, account_id(account)
    )
    return json_response(game.message_json(body.seat))


@router.post("/api/games/{game_id}/undo", response_model=StateMessage, responses=ERRORS)
async def post_undo(
    game_id: str, body: UndoRequest, service: ServiceDep, account: AccountDep
) -> Any:
    """Against bots only: back to before this seat's previous decision, if nothing has
    been shown since (any decision in a practice game)."""
    game = await service.undo(game_id, body.seat, body.token, account_id(account))
    return json_response(game.message_json(body.seat))


@router.post("/api/games/{game_id}/join", response_model=JoinResponse, responses=ERRORS)
async def post_join(
    game_id: str, body: JoinRequest, service: ServiceDep, account: AccountDep
) -> JoinResponse:
    """Take an open seat of a game being played (the one named, or the first): it
    becomes yours, with the name given, and your account's if you are signed in; answers
    its token, given only here."""
    holder = account_id(account)
    game, seat, token = await service.join(game_id, body.seat, body.name, holder)
    link = f"/play/{game.public_id}?" + urlencode({"seat": seat, "token": token})
    return JoinResponse(
        game_id=game.public_id, seat=seat, token=token, link=link, held=holder is not None
    )


@router.post("/api/games/{game_id}/rematch", response_model=RematchResponse, responses=ERRORS)
async def post_rematch(
    game_id: str,
    body: RematchRequest,
    service: ServiceDep,
    address: AddressDep,
    account: AccountDep,
) -> RematchResponse:
    """A finished game again, for a seat of it with its token: the same game, variants
    and seats, a new deal, everyone one seat on, each person with the token they had.
    Every seat is offered it in its state messages; asked again, it is the same game.
    It counts as created by the address that first asks (429 as for a new game)."""
    game, seat = await service.rematch(game_id, body.seat, body.token, address, account_id(account))
    query = {"seat": seat} if body.token is None else {"seat": seat, "token": body.token}
    link = f"/play/{game.public_id}?" + urlencode(query)
    return RematchResponse(game_id=game.public_id, seat=seat, link=link)


@router.post("/api/games/{game_id}/resign", response_model=StateMessage, responses=ERRORS)
async def post_resign(
    game_id: str, body: ResignRequest, service: ServiceDep, account: AccountDep
) -> Any:
    """Leave a game being played: the seat goes on as a bot, named as resigned, and its
    token no longer plays it. Answers the spectator's state message."""
    game = await service.resign(game_id, body.seat, body.token, account_id(account))
    return json_response(game.message_json(None))
