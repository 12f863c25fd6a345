"""The browser tests wait on a timer, never on animation frames (see ``wait_until``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import body_guarded, wait_still, wait_until

pytestmark = pytest.mark.smoke  # in make test (the rest of tests/e2e: make test-browser)

HERE = Path(__file__).parent


def test_every_wait_for_a_condition_goes_through_wait_until() -> None:
    calls = {
        f"{path.name}:{number}"
        for path in sorted(HERE.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\.wait_for_function\(", line)
    }
    (helper,) = calls  # the one in wait_until itself
    assert helper.startswith("conftest.py:"), calls


def test_a_wait_is_not_an_error_while_the_page_has_no_body(new_page: Any) -> None:
    """As after a navigation: the body goes, and comes back later with what is waited for.
    The wait says "not yet" meanwhile, and the page records no error."""
    page = new_page()
    page.set_content("<body></body>")
    page.evaluate(
        """() => {
            document.body.remove();
            setTimeout(() => {
                const body = document.createElement('body');
                body.dataset.ply = '7';
                document.documentElement.append(body);
            }, 300);
        }"""
    )
    assert page.evaluate("document.body") is None
    wait_until(page, "(p) => document.body.dataset.ply === String(p)", arg=7)
    wait_until(page, "document.body.dataset.ply === '7'")


GUARD = "(arg) => document.body !== null && "


@pytest.mark.parametrize(
    ("expression", "form"),
    [
        ("(p) => p === 1", GUARD + "((p) => p === 1)(arg)"),
        ("() => { return 1; }", GUARD + "(() => { return 1; })(arg)"),
        ("p => p", GUARD + "(p => p)(arg)"),
        ("function (p) { return p; }", GUARD + "(function (p) { return p; })(arg)"),
        ("document.title === 'x'", "() => document.body !== null && (document.title === 'x')"),
        ("(1 + 1) === 2", "() => document.body !== null && ((1 + 1) === 2)"),
    ],
)
def test_the_guard_keeps_functions_and_expressions_apart(expression: str, form: str) -> None:
    assert body_guarded(expression) == form


def test_waiting_for_stillness_waits_for_a_move_not_for_a_pulse(new_page: Any) -> None:
    """A square that pulses for ever (a legal move's mark) is still; a piece sliding in
    is not, until it stops."""
    page = new_page()
    page.set_content(
        """<style>
        @keyframes pulse { from { opacity: 1; } to { opacity: 0.5; } }
        @keyframes slide { from { transform: translateX(0); } to { transform: translateX(9px); } }
        .pulse { animation: pulse 1s infinite; }
        .slide { animation: slide 600ms 1; }
        </style><div id="map"><span class="pulse">a</span><span id="piece">b</span></div>"""
    )
    wait_still(page, "#map")  # the pulse alone
    page.evaluate("document.getElementById('piece').className = 'slide'")
    assert page.evaluate("document.getAnimations().length") == 2
    wait_still(page, "#map")
    assert page.evaluate("document.getAnimations().length") == 1  # the slide has ended
