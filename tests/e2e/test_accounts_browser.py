"""The account pages as a person uses them: signing up and confirming the address by the
link received (a real SMTP server), signing in on another browser, a wrong password, a
forgotten one reset by its link, a server without e-mail, and the account page (a new
password, signing out everywhere, deleting the account). Each page is photographed at a
desktop's and a phone's width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, no_horizontal_scroll, wait_until
from tests.server.mailbox import Mailbox, links

PASSWORD = "correct horse battery"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def snap(page: Any, screenshots: Path, name: str) -> None:
    """Photograph the page at a desktop's width and a phone's, and check that the phone's
    page does not scroll sideways."""
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(screenshots / f"account-{name}.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(screenshots / f"account-{name}-phone.png"), full_page=True)
    assert no_horizontal_scroll(page), name
    page.set_viewport_size(DESKTOP)


def open_page(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")


def shown_name(page: Any) -> str:
    """The name the top bar's account area shows (waiting for it to be drawn)."""
    page.wait_for_selector("[data-testid='account-area'][data-signed-in]")
    names = page.locator("[data-testid='account-name']")
    return str(names.inner_text()).strip() if names.count() else ""


def signed_out_bar(page: Any) -> bool:
    page.wait_for_selector("[data-testid='account-area'][data-signed-in]")
    return bool(page.locator("[data-testid='sign-in-link']").is_visible())


def fill(page: Any, **values: str) -> None:
    for name, value in values.items():
        page.fill(f"#field-{name}", value)


def submit(page: Any, form: str) -> None:
    page.click(f"[data-testid='{form}-submit']")


def error_of(page: Any, form: str) -> str:
    error = page.locator(f"[data-testid='{form}-error']")
    error.wait_for(state="visible")
    return str(error.inner_text())


def sign_in(page: Any, server: Server, email: str, password: str = PASSWORD) -> None:
    open_page(page, f"{server.base}/account/sign-in")
    fill(page, email=email, password=password)
    submit(page, "sign-in")
    page.wait_for_url(f"{server.base}/")
    page.wait_for_selector("body[data-ready='1']")


def sign_up_by_link(page: Any, server: Server, box: Mailbox, email: str, name: str) -> None:
    """Sign up in the page, then open the link e-mailed: confirmed and signed in."""
    open_page(page, f"{server.base}/")
    assert signed_out_bar(page)
    page.click("[data-testid='sign-up-link']")
    page.wait_for_selector("#sign-up")
    fill(page, email=email, name=name, password=PASSWORD)
    submit(page, "sign-up")
    page.wait_for_selector("#account-main[data-sent='1']")
    assert email in page.inner_text("#account-main")
    link = links(box.wait(email))[0]
    assert link.startswith(f"{server.base}/account/verify?token=")
    open_page(page, link)
    assert "token" not in page.url  # out of the address bar and the history
    page.click("[data-testid='confirm-button']")  # opening the link alone uses nothing
    done = page.locator("[data-testid='confirmed']")
    done.wait_for()
    assert name in done.inner_text()
    assert "token" not in page.url  # out of the address bar and the history
    assert shown_name(page) == name


def test_sign_up_by_the_link_received_then_sign_in_elsewhere(
    mail_server: tuple[Server, Mailbox], new_page: Any, screenshots: Path
) -> None:
    server, box = mail_server
    page = new_page()
    open_page(page, f"{server.base}/account/sign-up")
    snap(page, screenshots, "sign-up")
    sign_up_by_link(page, server, box, "ana@example.org", "Ana")
    snap(page, screenshots, "verified")
    page.click("[data-testid='lobby-link']")
    page.wait_for_selector("body.lobby-page[data-ready='1']")
    assert shown_name(page) == "Ana"
    page.click("[data-testid='account-name']")
    page.locator("[data-testid='account-link']").wait_for(state="visible")
    snap(page, screenshots, "lobby-menu")

    # the turn e-mails, chosen on the account page, are kept
    page.click("[data-testid='account-link']")
    page.wait_for_selector("[data-testid='turns']")
    assert "(confirmed)" in page.inner_text("[data-testid='facts-confirmed']")
    box_ = page.locator("[data-testid='turn-emails']")
    assert box_.is_enabled() and not box_.is_checked()
    box_.check()
    wait_until(page, "document.querySelector(\"[data-testid='turn-emails-status']\").textContent")
    assert "Saved" in page.inner_text("[data-testid='turn-emails-status']")
    open_page(page, f"{server.base}/account")
    page.wait_for_selector("[data-testid='turns']")
    assert page.locator("[data-testid='turn-emails']").is_checked()
    snap(page, screenshots, "settings")

    other = new_page()
    open_page(other, f"{server.base}/account/sign-in")
    snap(other, screenshots, "sign-in")
    fill(other, email="ana@example.org", password="not the password")
    submit(other, "sign-in")
    assert "do not match" in error_of(other, "sign-in")
    assert other.input_value("#field-email") == "ana@example.org"
    assert other.input_value("#field-password") == "not the password"
    snap(other, screenshots, "sign-in-refused")
    fill(other, password=PASSWORD)
    submit(other, "sign-in")
    other.wait_for_url(f"{server.base}/")
    assert shown_name(other) == "Ana"


def test_a_forgotten_password_reset_by_its_link(
    mail_server: tuple[Server, Mailbox], new_page: Any, screenshots: Path
) -> None:
    server, box = mail_server
    sign_up_by_link(new_page(), server, box, "bo@example.org", "Bo")
    page = new_page()
    open_page(page, f"{server.base}/account/sign-in")
    assert page.locator("[data-testid='no-mail']").count() == 0
    fill(page, email="bo@example.org")
    page.click("[data-testid='forgot-link']")
    page.wait_for_selector("#forgot")
    assert page.input_value("#field-email") == "bo@example.org"
    snap(page, screenshots, "forgot")
    submit(page, "forgot")
    page.wait_for_selector("#account-main[data-sent='1']")
    link = links(box.wait("bo@example.org", 2))[0]
    assert link.startswith(f"{server.base}/account/reset?token=")

    open_page(page, link)
    fill(page, password="short")
    submit(page, "reset")
    assert "8 to 256" in error_of(page, "reset")
    assert page.input_value("#field-password") == "short"
    snap(page, screenshots, "reset")
    fill(page, password="a new password")
    submit(page, "reset")
    page.wait_for_selector("[data-testid='reset-done']")
    assert shown_name(page) == "Bo"

    again = new_page()
    open_page(again, link)  # a link works once
    fill(again, password="another password")
    submit(again, "reset")
    assert "used already" in error_of(again, "reset")
    open_page(again, f"{server.base}/account/sign-in")
    fill(again, email="bo@example.org", password=PASSWORD)
    submit(again, "sign-in")
    assert "do not match" in error_of(again, "sign-in")
    sign_in(again, server, "bo@example.org", "a new password")
    assert shown_name(again) == "Bo"

    used = new_page()
    open_page(used, f"{server.base}/account/verify?token=not-a-token")
    used.click("[data-testid='confirm-button']")
    assert "used already" in used.inner_text("[data-testid='link-error']")
    snap(used, screenshots, "verify-refused")


def test_without_email_a_sign_up_signs_in_at_once(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page()
    open_page(page, f"{server.base}/account/sign-in")
    assert "cannot be reset" in page.inner_text("[data-testid='no-mail']")
    assert page.locator("[data-testid='forgot-link']").count() == 0
    snap(page, screenshots, "sign-in-no-mail")
    page.click("text=Sign up")
    page.wait_for_selector("#sign-up")
    assert "cannot be reset" in page.inner_text("[data-testid='no-mail']")
    fill(page, email="cy@example.org", name="Cy", password="short")
    submit(page, "sign-up")
    assert "8 to 256" in error_of(page, "sign-up")
    assert page.input_value("#field-name") == "Cy"
    fill(page, password=PASSWORD)
    submit(page, "sign-up")
    page.wait_for_url(f"{server.base}/")
    assert shown_name(page) == "Cy"

    open_page(page, f"{server.base}/account")
    page.wait_for_selector("[data-testid='turns']")
    assert page.locator("[data-testid='turn-emails']").is_disabled()
    assert "sends no e-mail" in page.inner_text("[data-testid='turns']")
    assert "not checked" in page.inner_text("[data-testid='facts-confirmed']")
    snap(page, screenshots, "settings-no-mail")

    seats = [{"kind": "human", "name": "Cy"}, {"kind": "bot", "bot": "greedy"}]
    created = server.post("/api/games", {"game": "discovery", "seats": seats})
    token = created["seats"][0]["token"]
    open_page(page, f"{server.base}/play/{created['game_id']}?seat=0&token={token}")
    assert shown_name(page) == "Cy"
    page.wait_for_selector("body[data-ply]")
    snap(page, screenshots, "play-header")


def test_the_account_page_changes_the_password_signs_out_and_deletes(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page()
    open_page(page, f"{server.base}/account/sign-up")
    fill(page, email="di@example.org", name="Di", password=PASSWORD)
    submit(page, "sign-up")
    page.wait_for_url(f"{server.base}/")
    other = new_page()
    sign_in(other, server, "di@example.org")
    assert shown_name(other) == "Di"

    open_page(page, f"{server.base}/account")
    page.wait_for_selector("#password")
    fill(page, current="wrong password", new="a new password")
    submit(page, "password")
    assert "not right" in error_of(page, "password")
    assert page.input_value("#field-new") == "a new password"
    fill(page, current=PASSWORD)
    submit(page, "password")
    page.wait_for_selector("[data-testid='password-done']")
    assert page.input_value("#field-current") == ""
    open_page(other, f"{server.base}/")
    assert signed_out_bar(other)  # a new password signs the other browsers out
    sign_in(other, server, "di@example.org", "a new password")
    assert shown_name(other) == "Di"

    open_page(page, f"{server.base}/account")
    page.click("[data-testid='sign-out-everywhere']")
    page.wait_for_selector("[data-testid='signed-out']")
    assert signed_out_bar(page)
    open_page(other, f"{server.base}/")
    assert signed_out_bar(other)

    sign_in(page, server, "di@example.org", "a new password")
    open_page(page, f"{server.base}/account")
    fill(page, password="wrong password")
    submit(page, "delete")
    assert "not right" in error_of(page, "delete")
    fill(page, password="a new password")
    submit(page, "delete")
    page.wait_for_selector("[data-testid='deleted']")
    assert signed_out_bar(page)
    snap(page, screenshots, "deleted")
    open_page(other, f"{server.base}/account/sign-in")
    fill(other, email="di@example.org", password="a new password")
    submit(other, "sign-in")
    assert "do not match" in error_of(other, "sign-in")

    # signing out from the top bar's menu
    open_page(page, f"{server.base}/account/sign-up")
    fill(page, email="di@example.org", name="Di", password=PASSWORD)
    submit(page, "sign-up")  # the address and the name are free again
    page.wait_for_url(f"{server.base}/")
    page.click("[data-testid='account-name']")
    page.click("[data-testid='sign-out']")
    page.wait_for_selector("[data-testid='account-area'][data-signed-in='0']")
    open_page(page, f"{server.base}/")
    assert signed_out_bar(page)


def test_after_signing_in_the_page_goes_back_only_to_this_site(
    server: Server, new_page: Any
) -> None:
    page = new_page()
    page.goto(server.base + "/account/sign-in")
    page.wait_for_selector("body[data-ready='1']")
    seen = page.evaluate(
        """async (queries) => {
          const { nextPath } = await import('/static/common.js');
          return queries.map((q) => nextPath(q));
        }""",
        [
            "?next=/play/abc%3Fseat%3D1",
            "?next=//evil.example/x",
            "?next=/%09/evil.example",
            "?next=/%5Cevil.example",
            "?next=https://evil.example/",
            "?next=/%0A/evil.example",
        ],
    )
    assert seen == ["/play/abc?seat=1", "/", "/", "/", "/", "/"]
