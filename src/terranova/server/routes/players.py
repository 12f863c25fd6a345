"""People: the leaderboards of rated games and each account's profile (docs/web.md,
"Ratings" and "Profiles")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, cast

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from terranova.core.i18n import _
from terranova.core.registry import game_info, games
from terranova.server.errors import NotFound
from terranova.server.live import seat_out
from terranova.server.models import (
    GameRatingOut,
    GamesPlayedOut,
    LeaderboardResponse,
    PointOut,
    ProfileResponse,
    RecentGameOut,
    ResultOut,
    StandingOut,
)
from terranova.server.ratings import Ratings
from terranova.server.routes.common import ERRORS
from terranova.server.routes.deps import AccountsDep, SettingsDep
from terranova.server.routes.pages import page

router = APIRouter()


def _ratings(request: Request) -> Ratings:
    return cast(Ratings, request.app.state.ratings)


def _game_name(game: str) -> str:
    try:
        return game_info(game).name
    except KeyError:  # a game no longer installed
        return game


@router.get("/api/leaderboards/{game}", response_model=LeaderboardResponse, responses=ERRORS)
async def leaderboard(
    game: str,
    request: Request,
    settings: SettingsDep,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> LeaderboardResponse:
    """The people with the best ratings in ``game`` (those with at least
    ``leaderboard_min_games`` rated games), best first."""
    if game not in games():
        raise NotFound(_("there is no game '{game}': see GET /api/catalog", game=game[:64]))
    most = min(limit, settings.leaderboard_size)
    rows = await asyncio.to_thread(
        _ratings(request).store.leaderboard, game, settings.leaderboard_min_games, most
    )
    return LeaderboardResponse(
        game=game,
        name=_game_name(game),
        min_games=settings.leaderboard_min_games,
        people=[
            StandingOut(account_id=r.account_id, name=r.name, rating=r.rating, games=r.games)
            for r in rows
        ],
    )


@router.get("/api/players/{account_id}", response_model=ProfileResponse, responses=ERRORS)
async def profile(account_id: str, request: Request, accounts: AccountsDep) -> ProfileResponse:
    """An account's profile: its games per game, its ratings with their history, and its
    newest finished games (each replayed at ``/play/{game_id}``)."""
    account = await asyncio.to_thread(accounts.store.by_public_id, account_id[:64])
    if account is None:
        raise NotFound(_("there is no such player"))
    store = _ratings(request).store
    played, rated, history, recent = await asyncio.gather(
        asyncio.to_thread(store.games_played, account.id),
        asyncio.to_thread(store.ratings, account.id),
        asyncio.to_thread(store.history, account.id),
        asyncio.to_thread(store.recent_games, account.id),
    )
    return ProfileResponse(
        account_id=account.public_id,
        name=account.name,
        joined=account.created_at.isoformat(),
        deleted=account.deleted,
        games=[
            GamesPlayedOut(game=game, name=_game_name(game), finished=count)
            for game, count in sorted(played.items())
        ],
        ratings=[
            GameRatingOut(
                game=game,
                name=_game_name(game),
                rating=rating,
                games=count,
                history=[
                    PointOut(at=p.at.isoformat(), rating=p.rating, game_id=p.game_id)
                    for p in history.get(game, [])
                ],
            )
            for game, (rating, count) in sorted(rated.items())
        ],
        recent=[
            RecentGameOut(
                game_id=g.public_id,
                game=g.game,
                name=_game_name(g.game),
                created=g.created_at.isoformat(),
                rated=g.rated,
                seats=[seat_out(*seat) for seat in g.seats],
                result=None if g.result is None else ResultOut.model_validate(g.result),
            )
            for g in recent
        ],
    )


@router.get("/players/{account_id}", include_in_schema=False)
async def profile_page(account_id: str, settings: SettingsDep, request: Request) -> Response:
    """A player's profile."""
    return page(Path(settings.static_dir), "player.html", request)


@router.get("/leaderboards/{game}", include_in_schema=False)
async def leaderboard_page(game: str, settings: SettingsDep, request: Request) -> Response:
    """A game's leaderboard."""
    return page(Path(settings.static_dir), "leaderboard.html", request)
