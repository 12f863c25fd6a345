"""An account's language: set and read back, a language not offered refused with nothing
changed, the browser's language cookie set on signing in; and the e-mails written in the
recipient's language (a real SMTP server)."""

from __future__ import annotations

import warnings
from typing import Any

from sqlalchemy import update

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from terranova.server.accounts import AccountRow  # noqa: E402
from terranova.server.languages import COOKIE as LANGUAGE_COOKIE  # noqa: E402

from .mailbox import Mailbox, body, links  # noqa: E402
from .test_accounts import PUBLIC, csrf, device, drain, sign_in, sign_up  # noqa: E402
from .test_turn_mails import (  # noqa: E402
    Open,
    db_of,
    invite,
    look,
    mail_fixture,  # noqa: F401 (the fixture `mail`)
    open_client_fixture,  # noqa: F401 (the fixture `open_client`)
    open_table,
    person,
    waiting,
)


def choose(browser: TestClient, language: object, **kwargs: Any) -> Any:
    return browser.post(
        "/api/account/language",
        json={"language": language},
        headers=kwargs.get("headers", csrf(browser)),
    )


def language_of(browser: TestClient) -> object:
    return browser.get("/api/account").json()["account"]["language"]


def set_language(client: TestClient, email: str, language: str | None) -> None:
    with db_of(client).writing() as session:
        session.execute(
            update(AccountRow).where(AccountRow.email == email).values(language=language)
        )


def test_an_account_keeps_its_language_and_refuses_one_not_offered(open_client: Open) -> None:
    client = open_client()
    assert sign_up(client, "ana@example.org").status_code == 200
    assert language_of(client) is None  # the browser's
    chosen = choose(client, "fr")
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["account"]["language"] == "fr"
    assert f"{LANGUAGE_COOKIE}=fr" in chosen.headers["set-cookie"]
    assert "HttpOnly" not in chosen.headers["set-cookie"]  # the top bar's menu writes it too
    assert language_of(client) == "fr"
    # the pages follow it
    assert '<html lang="fr"' in client.get("/account").text
    for bad in ("es", "xx", "", "FR", "fr-FR", 5, ["de"]):
        refused = choose(client, bad)
        assert refused.status_code == 400, (bad, refused.text)
        assert LANGUAGE_COOKIE not in refused.headers.get("set-cookie", "")
        assert language_of(client) == "fr"
    # without the CSRF header, or signed out, nothing changes either
    assert choose(client, "de", headers={}).status_code == 403
    assert language_of(client) == "fr"
    assert choose(device(client), "de").status_code == 403
    assert language_of(client) == "fr"
    # null: the browser's again, and this browser's cookie goes
    back = choose(client, None)
    assert back.status_code == 200 and back.json()["account"]["language"] is None
    assert f'{LANGUAGE_COOKIE}=""' in back.headers["set-cookie"]
    assert language_of(client) is None


def test_signing_in_sets_the_language_cookie_to_the_accounts(open_client: Open) -> None:
    client = open_client()
    assert sign_up(client, "ana@example.org").status_code == 200
    other = device(client)
    signed = sign_in(other, "ana@example.org")
    assert signed.status_code == 200
    assert LANGUAGE_COOKIE not in signed.headers["set-cookie"]  # none chosen: the browser's
    assert choose(client, "de").status_code == 200
    # a browser that chose French in the top bar: the account's German comes first
    third = device(client)
    third.cookies.set(LANGUAGE_COOKIE, "fr", domain="testserver.local")
    assert '<html lang="fr"' in third.get("/account").text
    signed = sign_in(third, "ana@example.org")
    assert signed.status_code == 200
    assert f"{LANGUAGE_COOKIE}=de" in signed.headers["set-cookie"]
    assert third.cookies.get(LANGUAGE_COOKIE) == "de"
    assert '<html lang="de"' in third.get("/account").text


def test_link_emails_in_the_accounts_language_else_the_requests(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = open_client(smtp_url=url, public_url=PUBLIC)
    french = device(client, headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    # no language chosen yet: the sign-up's request says French
    assert sign_up(french, "ana@example.org").status_code == 202
    drain(client)
    confirm = box.wait("ana@example.org")
    assert confirm["Subject"] == "Confirmez votre adresse e-mail pour Terranova"
    text = body(confirm)
    assert text.startswith("Bonjour Ana,") and "ouvrez" in text
    assert links(confirm)[0].startswith(f"{PUBLIC}/account/verify?token=")
    # the account chooses German: a reset asked from a French browser comes in German
    set_language(client, "ana@example.org", "de")
    asked = french.post("/api/account/reset", json={"email": "ana@example.org"})
    assert asked.status_code == 202
    drain(client)
    reset = box.wait("ana@example.org", 2)
    assert reset["Subject"] == "Setze dein Terranova-Passwort zurück"
    assert body(reset).startswith("Hallo Ana,") and "Minuten lang" in body(reset)
    # someone signs up again with the address: told in the account's German too
    assert sign_up(device(client), "ana@example.org", "Bo").status_code == 202
    drain(client)
    told = box.wait("ana@example.org", 3)
    assert told["Subject"] == "Dein Terranova-Konto" and "schon ein Konto" in body(told)
    # English stays the default
    assert sign_up(device(client), "cy@example.org", "Cy").status_code == 202
    drain(client)
    assert box.wait("cy@example.org")["Subject"] == "Confirm your e-mail address for Terranova"
    # a page in the tests' pseudo-language asks for a mail: it is written in English
    pseudo = device(client)
    pseudo.cookies.set(LANGUAGE_COOKIE, "xx")
    assert sign_up(pseudo, "di@example.org", "Di").status_code == 202
    drain(client)
    assert box.wait("di@example.org")["Subject"] == "Confirm your e-mail address for Terranova"


def test_turn_and_invitation_emails_in_the_accounts_language(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = open_client(smtp_url=url, public_url=PUBLIC, turn_email_minutes=60)
    person(client, "ana@example.org", "Ana")
    set_language(client, "ana@example.org", "de")
    game_id, seat = waiting(client, "ana@example.org", minutes=61)
    assert look(client) == 1
    turn = box.wait("ana@example.org")
    assert turn["Subject"] == "Du bist am Zug in The Discovery auf Terranova"
    text = body(turn)
    assert "schon 61 Minuten lang am Zug" in text and "Kontoeinstellungen" in text
    link, stop = links(turn)
    assert link == f"{PUBLIC}/play/{game_id}?seat={seat}"
    assert stop.startswith(f"{PUBLIC}/account/unsubscribe?key=")

    person(client, "bo@example.org", "Bo")
    set_language(client, "bo@example.org", "fr")
    table, token = open_table(client)
    made = invite(client, table, seat=1, name="Bo", by_seat=0, token=token)
    assert made.status_code == 201 and made.json()["mailed"] is True
    drain(client)
    invitation = box.wait("bo@example.org")
    assert invitation["Subject"] == "Ana vous invite à jouer à The Discovery sur Terranova"
    text = body(invitation)
    assert (
        text.startswith("Bonjour Bo,") and "Ana vous invite à une partie de The Discovery" in text
    )
    lobby, stop = links(invitation)
    assert lobby == f"{PUBLIC}/" and stop.startswith(f"{PUBLIC}/account/unsubscribe?key=")
