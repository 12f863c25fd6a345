"""The games: the catalog, creating one, the open tables, and what anyone may read of a
game (its summary, state, components, record and replay)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from terranova.core.i18n import _
from terranova.core.registry import game_info
from terranova.server.languages import reader_language
from terranova.server.live import replay_message, seat_out
from terranova.server.models import (
    CatalogResponse,
    CreatedSeat,
    CreateGameRequest,
    CreateGameResponse,
    GameSummary,
    OpenTable,
    OpenTablesResponse,
    StateMessage,
)
from terranova.server.routes.common import ERRORS, SeatQuery, json_response, query_seat
from terranova.server.routes.deps import AccountDep, AddressDep, ServiceDep, account_id
from terranova.server.rules_pages import rules_link
from terranova.server.seats import authorize
from terranova.server.service import BadRequest, NotFound, Stale, catalog

router = APIRouter()


@router.get("/api/catalog", response_model=CatalogResponse)
async def get_catalog(request: Request) -> dict[str, Any]:
    """The games that can be played, with their variants, and the bots (the texts in the
    reader's language)."""
    return catalog(reader_language(request))


@router.post("/api/games", response_model=CreateGameResponse, responses=ERRORS)
async def create_game(
    body: CreateGameRequest, service: ServiceDep, address: AddressDep, account: AccountDep
) -> CreateGameResponse:
    """A new game (429 if the client's address has ``max_games_per_address`` unfinished
    games). The seats' tokens are in this answer only. Signed in, the creator's account
    holds the human seats marked ``held``."""
    game, tokens = await service.create(body, address, account_id(account))
    seats = []
    for seat in game.seats:
        token = tokens.get(seat.seat)
        seats.append(
            CreatedSeat(
                seat=seat.seat,
                kind=seat.out().kind,
                name=seat.name,
                bot=seat.bot,
                token=token,
                link=(f"/play/{game.public_id}?seat={seat.seat}&token={token}" if token else None),
                held=seat.account_id is not None,
            )
        )
    return CreateGameResponse(
        game_id=game.public_id, seats=seats, spectator_link=f"/play/{game.public_id}"
    )


@router.get("/api/games/{game_id}", response_model=GameSummary, responses=ERRORS)
async def get_game(game_id: str, service: ServiceDep) -> GameSummary:
    """What a game is and where it stands."""
    game = await service.games.get(game_id)
    info = game_info(game.game)
    return GameSummary(
        game_id=game.public_id,
        game=game.game,
        name=info.name,
        rules_version=game.rules_version,
        params=game.params,
        seats=[s.out() for s in game.seats],
        status=game.status,
        ply=game.ply,
        to_move=game.to_move(),
        result=game.timeline.result(),
        bot_delay_ms=game.bot_delay_ms,
        response_seconds=game.response_seconds,
        created=game.created_at.isoformat(),
        practice=game.practice,
        hints=game.hints,
        rated=game.rated,
        move_seconds=game.move_seconds,
        board=info.describe()["board"],
        rules=rules_link(info),
    )


@router.get("/api/games/{game_id}/state", response_model=StateMessage, responses=ERRORS)
async def get_state(
    game_id: str,
    service: ServiceDep,
    account: AccountDep,
    seat_query: SeatQuery = None,
    token: str | None = None,
) -> Any:
    """The state message for a seat (with its token, or signed in to the account holding
    it), or for a spectator."""
    seat = query_seat(seat_query)
    game = await service.games.get(game_id)
    if seat is not None or token is not None:
        authorize(game, seat, token, account_id(account))
    return json_response(game.message_json(seat))


@router.get("/api/games", response_model=OpenTablesResponse, responses=ERRORS)
async def list_games(
    service: ServiceDep, open_: Annotated[str | None, Query(alias="open")] = None
) -> Any:
    """``?open=1``: the open tables, the newest games being played that have a seat
    anyone may join (other games are reached by their id only)."""
    if open_ != "1":
        raise BadRequest(_("only the open tables are listed: GET /api/games?open=1"))
    tables = [
        OpenTable(
            game_id=game.public_id,
            game=game.game,
            name=game_info(game.game).name,
            params=game.params,
            seats=[seat_out(s.seat, s.kind, s.name, s.bot) for s in game.seats],
            created=game.created_at.isoformat(),
        )
        for game in await service.open_tables()
    ]
    return OpenTablesResponse(games=tables)


@router.get("/api/games/{game_id}/components", responses=ERRORS)
async def get_components(game_id: str, service: ServiceDep) -> dict[str, Any]:
    """What the board needs to draw the game's components (tiles, cards)."""
    game = await service.games.get(game_id)
    return game.state.components()


@router.get("/api/games/{game_id}/record", responses=ERRORS)
async def get_record(game_id: str, service: ServiceDep) -> JSONResponse:
    """The game record (as ``terranova replay`` reads it); finished games only."""
    game = await service.games.get(game_id)
    if not game.finished:
        raise Stale(_("the record is available once the game is over"))
    return JSONResponse(
        game.record.to_dict(),
        headers={
            "Content-Disposition": (
                f'attachment; filename="terranova-{game.game}-{game.public_id}.json"'
            )
        },
    )


@router.get("/api/games/{game_id}/replay/{ply}", response_model=StateMessage, responses=ERRORS)
async def get_replay(
    game_id: str, ply: int, service: ServiceDep, seat_query: SeatQuery = None
) -> StateMessage:
    """Finished games: the state message after ``ply`` actions, as ``seat`` saw it then
    (its own hidden pieces shown; no token is asked, since a finished game's record shows
    everything), or as a spectator did without ``seat``."""
    seat = query_seat(seat_query)
    game = await service.games.get(game_id)
    if not game.finished:
        raise Stale(_("replays are available once the game is over"))
    if not 0 <= ply <= game.ply:
        raise NotFound(_("the game has plies 0 to {last}, not {ply}", last=game.ply, ply=ply))
    if seat is not None and not 0 <= seat < len(game.seats):
        raise NotFound(
            _("the game has seats 0 to {last}, not {seat}", last=len(game.seats) - 1, seat=seat)
        )
    return await asyncio.to_thread(replay_message, game, ply, seat)
