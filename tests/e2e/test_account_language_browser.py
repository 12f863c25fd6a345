"""The account's language as a person sets it: signed up from a German browser, they choose
French on the account page, which reloads in French; the top bar's choice is kept by the
account too; and signing in on another browser brings the account's language to it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, no_horizontal_scroll, wait_until

PASSWORD = "correct horse battery"
ACCOUNT = "fetch('/api/account').then((r) => r.json()).then((a) => a.account && a.account.language)"


def ready(page: Any, lang: str) -> None:
    wait_until(page, "(lang) => document.documentElement.lang === lang", lang)
    page.wait_for_selector("body[data-ready='1']")


def snap(page: Any, screenshots: Path, name: str) -> None:
    page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(screenshots / f"{name}-phone.png"), full_page=True)
    assert no_horizontal_scroll(page), name
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_account_page_sets_the_accounts_language(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page(locale="de-DE")
    page.goto(f"{server.base}/account/sign-up")
    ready(page, "de")
    assert page.locator("#sign-up label[for='field-name']").inner_text() == "Anzeigename"
    page.fill("#field-email", "ana@example.org")
    page.fill("#field-name", "Ana")
    page.fill("#field-password", PASSWORD)
    page.click("[data-testid='sign-up-submit']")  # no e-mail on this server: signed in at once
    page.wait_for_url(f"{server.base}/")
    page.goto(f"{server.base}/account")
    ready(page, "de")
    page.wait_for_selector("[data-testid='language']")
    main = page.locator("#account-main")
    assert page.locator("#account-main h1").first.inner_text() == "Dein Konto"
    assert "Überall abmelden" in main.inner_text()
    assert "Sign out" not in main.inner_text()
    choice = page.locator("[data-testid='account-language']")
    assert choice.input_value() == ""  # the browser's language
    snap(page, screenshots, "account-language-de")

    choice.select_option("fr")
    ready(page, "fr")
    page.wait_for_selector("[data-testid='account-language']")
    assert page.locator("[data-testid='account-language']").input_value() == "fr"
    assert page.locator("#account-main h1").first.inner_text() == "Votre compte"
    assert "Se déconnecter partout" in page.locator("#account-main").inner_text()
    assert page.evaluate(ACCOUNT) == "fr"
    snap(page, screenshots, "account-language-fr")

    # the top bar's choice, signed in, is the account's too
    page.locator(".topbar [data-testid='language']").select_option("de")
    ready(page, "de")
    page.wait_for_selector("[data-testid='account-language']")
    assert page.evaluate(ACCOUNT) == "de"
    assert page.locator("[data-testid='account-language']").input_value() == "de"

    # another browser, asking for English: signed in, the pages are in German
    other = new_page(locale="en-US")
    other.goto(f"{server.base}/account/sign-in")
    ready(other, "en")
    other.fill("#field-email", "ana@example.org")
    other.fill("#field-password", PASSWORD)
    other.click("[data-testid='sign-in-submit']")
    other.wait_for_url(f"{server.base}/")
    ready(other, "de")
    other.goto(f"{server.base}/account")
    ready(other, "de")
    other.wait_for_selector("[data-testid='account-language']")
    assert other.locator("#account-main h1").first.inner_text() == "Dein Konto"


def test_a_refusal_marks_its_field_in_french(server: Server, new_page: Any) -> None:
    """The field a refusal names is found from the message's id, not from its words (French
    writes "name : ...", with a space)."""
    page = new_page(locale="fr-FR")
    page.goto(f"{server.base}/account/sign-up")
    ready(page, "fr")
    page.fill("#field-email", "not an address")
    page.fill("#field-name", "Ana")
    page.fill("#field-password", PASSWORD)
    page.click("[data-testid='sign-up-submit']")
    wait_until(
        page, "document.querySelector('#field-email').getAttribute('aria-invalid') === 'true'"
    )
    assert page.locator("#field-name").get_attribute("aria-invalid") is None
