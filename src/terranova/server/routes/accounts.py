"""Accounts and sessions: signing up, confirming an address, signing in and out, a new
password, deleting an account (docs/web.md, "Accounts")."""

from __future__ import annotations

from typing import cast

from fastapi import APIRouter, Request, Response

from terranova.core.i18n import _
from terranova.server.accounts import Account, SignedIn
from terranova.server.errors import Forbidden
from terranova.server.languages import COOKIE as LANGUAGE_COOKIE
from terranova.server.languages import reader_language
from terranova.server.limits import Proxies
from terranova.server.models import (
    AccountChange,
    AccountOut,
    DeleteAccountRequest,
    DoneResponse,
    LanguageRequest,
    LinkRequest,
    PasswordRequest,
    ResetAskRequest,
    ResetRequest,
    SessionResponse,
    SignInRequest,
    SignUpRequest,
)
from terranova.server.routes.common import ERRORS
from terranova.server.routes.deps import (
    AccountDep,
    AccountsDep,
    AddressDep,
    ServiceDep,
    SettingsDep,
)
from terranova.server.sessions import COOKIE, csrf_token, session_token
from terranova.server.settings import Settings

router = APIRouter()

RESPONSES = {**ERRORS, 401: ERRORS[403], 409: ERRORS[409]}
SENT = "if that address may, it gets an e-mail in a moment: follow its link"


def _out(account: Account) -> AccountOut:
    return AccountOut(
        account_id=account.public_id,
        name=account.name,
        email=account.email or "",
        verified=account.verified,
        turn_emails=account.turn_emails,
        language=account.language,
    )


def _secure(request: Request, settings: Settings) -> bool:
    if settings.secure_cookies is not None:
        return settings.secure_cookies
    if request.url.scheme == "https":
        return True
    peer = request.client.host if request.client else ""
    proxies = cast(Proxies, request.app.state.proxies)
    return proxies.trusts(peer) and request.headers.get("x-forwarded-proto") == "https"


def _signed_in(
    request: Request, response: Response, settings: Settings, signed: SignedIn, mail: bool
) -> SessionResponse:
    response.set_cookie(
        COOKIE,
        signed.token,
        max_age=round(settings.session_days * 86_400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=_secure(request, settings),
    )
    _keep_language(response, signed.account)
    return SessionResponse(account=_out(signed.account), csrf=csrf_token(signed.token), mail=mail)


def _keep_language(response: Response, account: Account) -> None:
    """The browser's language cookie set to the account's language, so that its choice
    comes first on every device it signs in on (no language: the browser's own choice
    stays). Not HttpOnly: the top bar's menu writes the same cookie."""
    if account.language is not None:
        response.set_cookie(
            LANGUAGE_COOKIE, account.language, max_age=31_536_000, path="/", samesite="lax"
        )


def _signed_out(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")


def _needs(account: Account | None) -> Account:
    if account is None:
        raise Forbidden(_("sign in first"))
    return account


@router.get("/api/account", response_model=SessionResponse)
async def get_account(
    request: Request, response: Response, account: AccountDep, accounts: AccountsDep
) -> SessionResponse:
    """Who is signed in in this browser, and the ``X-CSRF-Token`` to send."""
    token = session_token(request)
    if account is None or token is None:
        if token is not None:  # expired or ended elsewhere: the browser may forget it
            _signed_out(response)
        return SessionResponse(account=None, csrf=None, mail=accounts.mail_on)
    return SessionResponse(account=_out(account), csrf=csrf_token(token), mail=accounts.mail_on)


@router.patch("/api/account", response_model=SessionResponse, responses=RESPONSES)
async def change_account(
    body: AccountChange, request: Request, account: AccountDep, accounts: AccountsDep
) -> SessionResponse:
    """Change the account's settings: ``turn_emails`` (409 to turn them on when e-mail is
    off on this server)."""
    changed = await accounts.set_turn_emails(_needs(account), body.turn_emails)
    token = session_token(request)
    return SessionResponse(
        account=_out(changed), csrf=csrf_token(token or ""), mail=accounts.mail_on
    )


@router.post("/api/account/language", response_model=SessionResponse, responses=RESPONSES)
async def change_language(
    body: LanguageRequest,
    request: Request,
    response: Response,
    account: AccountDep,
    accounts: AccountsDep,
) -> SessionResponse:
    """Choose the account's language (``null``: the browser's): its pages and the e-mails
    it gets are in it; this browser's language cookie follows (400, nothing changed, for a
    language not offered)."""
    changed = await accounts.set_language(_needs(account), body.language)
    if changed.language is None:
        response.delete_cookie(LANGUAGE_COOKIE, path="/", samesite="lax")
    _keep_language(response, changed)
    return SessionResponse(
        account=_out(changed), csrf=csrf_token(session_token(request) or ""), mail=accounts.mail_on
    )


@router.post("/api/account", responses=RESPONSES)
async def sign_up(
    body: SignUpRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    settings: SettingsDep,
    address: AddressDep,
) -> SessionResponse | DoneResponse:
    """Sign up. With e-mail on the answer is the same whether the address has an account
    or not: a link to confirm it is sent (202). With e-mail off the account is made and
    signed in at once."""
    signed = await accounts.sign_up(
        body.email,
        body.name,
        body.password,
        address,
        session_token(request),
        reader_language(request),
    )
    if signed is None:
        response.status_code = 202
        return DoneResponse(message=SENT)
    return _signed_in(request, response, settings, signed, accounts.mail_on)


@router.post("/api/account/verify", response_model=SessionResponse, responses=RESPONSES)
async def verify(
    body: LinkRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    settings: SettingsDep,
) -> SessionResponse:
    """Confirm the address by the link's token, and sign in."""
    signed = await accounts.verify(body.token, session_token(request))
    return _signed_in(request, response, settings, signed, accounts.mail_on)


@router.post("/api/session", response_model=SessionResponse, responses=RESPONSES)
async def sign_in(
    body: SignInRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    settings: SettingsDep,
    address: AddressDep,
) -> SessionResponse:
    """Sign in: a new session in a new cookie (the one sent, if any, ends)."""
    signed = await accounts.sign_in(
        body.email, body.password, address, session_token(request), reader_language(request)
    )
    return _signed_in(request, response, settings, signed, accounts.mail_on)


@router.delete("/api/session", status_code=204)
async def sign_out(request: Request, response: Response, accounts: AccountsDep) -> None:
    """Sign out in this browser."""
    await accounts.sign_out(session_token(request))
    _signed_out(response)


@router.delete("/api/sessions", response_model=DoneResponse, responses=RESPONSES)
async def sign_out_everywhere(
    response: Response, account: AccountDep, accounts: AccountsDep
) -> DoneResponse:
    """Sign out in every browser, this one too."""
    ended = await accounts.sign_out_everywhere(_needs(account))
    _signed_out(response)
    return DoneResponse(message=f"signed out of {ended} session(s)")


@router.post("/api/account/password", response_model=DoneResponse, responses=RESPONSES)
async def change_password(
    body: PasswordRequest, request: Request, account: AccountDep, accounts: AccountsDep
) -> DoneResponse:
    """A new password (the current one asked); every other session ends."""
    await accounts.change_password(_needs(account), body.current, body.new, session_token(request))
    return DoneResponse(message="password changed: other browsers are signed out")


@router.post("/api/account/reset", status_code=202, responses=RESPONSES)
async def ask_reset(
    body: ResetAskRequest, request: Request, accounts: AccountsDep, address: AddressDep
) -> DoneResponse:
    """Send a link to choose a new password (the same answer for any address; 409 when
    e-mail is off on this server)."""
    await accounts.ask_reset(body.email, address, reader_language(request))
    return DoneResponse(message=SENT)


@router.post("/api/account/reset/confirm", response_model=SessionResponse, responses=RESPONSES)
async def reset(
    body: ResetRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    settings: SettingsDep,
) -> SessionResponse:
    """A new password by a reset link's token: every session ends, this browser is signed
    in."""
    signed = await accounts.reset(body.token, body.password, session_token(request))
    return _signed_in(request, response, settings, signed, accounts.mail_on)


@router.delete("/api/account", response_model=DoneResponse, responses=RESPONSES)
async def delete_account(
    body: DeleteAccountRequest,
    response: Response,
    account: AccountDep,
    accounts: AccountsDep,
    service: ServiceDep,
) -> DoneResponse:
    """Delete the account (its password asked): its games stay, its seats named "deleted
    player" (in the games being played too); every session ends."""
    deleted = _needs(account)
    await accounts.delete(deleted, body.password)
    await service.account_deleted(deleted.id)
    _signed_out(response)
    return DoneResponse(message="the account is deleted")
