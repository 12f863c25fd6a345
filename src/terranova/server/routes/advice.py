"""The search bot's advice: a hint for the seat to move, the analysis of a finished game."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from terranova.core.i18n import _
from terranova.server.models import AnalysisProgress, AnalysisResponse, HintResponse
from terranova.server.routes.common import ERRORS, SeatQuery, query_seat
from terranova.server.routes.deps import AccountDep, ServiceDep, account_id
from terranova.server.service import Forbidden

router = APIRouter()


@router.get("/api/games/{game_id}/hint", response_model=HintResponse, responses=ERRORS)
async def get_hint(
    game_id: str,
    request: Request,
    service: ServiceDep,
    account: AccountDep,
    seat_query: SeatQuery = None,
    token: str | None = None,
) -> HintResponse:
    """For the seat to move, with its token (or signed in to the account holding it):
    the move our search bot (``ismcts``) would play, its estimate and the moves it
    weighed most; in a game between people only if the table allows hints. The seat is
    noted as having asked."""
    seat = query_seat(seat_query)
    if seat is None:
        raise Forbidden(_("a hint needs a seat and its token"))
    if token is None and request.headers.get("sec-fetch-site") == "cross-site":
        # the cookie rides along a link followed from another site: asking is noted
        raise Forbidden(_("a hint asked from another site's page needs the seat's token"))
    ply, advice = await service.hint(game_id, seat, token, account_id(account))
    hint = HintResponse(ply=ply, **advice)
    margins = [w.margin for w in hint.alternatives if w.margin is not None]
    if hint.best.margin is not None and margins:
        hint.lead = round(hint.best.margin - max(margins), 2)
    return hint


@router.get(
    "/api/games/{game_id}/analysis",
    response_model=AnalysisResponse,
    responses={**ERRORS, 202: {"model": AnalysisProgress}},
)
async def get_analysis(game_id: str, service: ServiceDep) -> Any:
    """A finished game reviewed by our search bot: every decision scored by what it
    lost against the bot's preferred move, the biggest mistakes, each seat's mean. Made
    in the background and kept: 202 with its progress until it is made (asking starts
    it, or resumes it)."""
    status, body = await service.analysis(game_id)
    if status == 202:
        return JSONResponse(AnalysisProgress(**body).model_dump(), status_code=202)
    return body
