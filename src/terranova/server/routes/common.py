"""What several routers share: the error responses, the seat query, error messages."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Query
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import ValidationError

from terranova.core.i18n import Text, _
from terranova.server.models import ErrorCode, ErrorMessage, ErrorResponse, MessageOut
from terranova.server.service import BadRequest

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse} for status in (400, 403, 404, 409, 413, 429)
}
"""The error answers the API documents (``responses=`` of a route)."""

SEAT_QUERY = re.compile(r"0|-?[1-9][0-9]{0,8}")
SeatQuery = Annotated[str | None, Query(alias="seat", description="a seat number")]
"""The ``seat`` of a query string, as text: :func:`query_seat` reads it."""


def json_response(text: str) -> Response:
    """``text``, already JSON, as the answer."""
    return Response(content=text, media_type="application/json")


def error_text(text: Text, code: ErrorCode, lang: str) -> str:
    """The WebSocket's error message, said in ``lang``."""
    said = MessageOut.model_validate(text.as_json())
    answer = ErrorMessage(message=text.render(lang), code=code, text=said)
    return answer.model_dump_json(exclude_none=True)


def validation_message(exc: RequestValidationError | ValidationError) -> Text:
    """What is wrong with a request, in one line (its first three errors; what Pydantic says
    of each is in English)."""
    parts: list[Text] = []
    for error in exc.errors()[:3]:
        where = ".".join(str(x) for x in error.get("loc", ()) if x not in ("body",))
        problem = str(error.get("msg", "invalid"))
        parts.append(
            _("{field}: {problem}", field=where, problem=problem)
            if where
            else _("the request is not valid: {problem}", problem=problem)
        )
    if not parts:
        return _("invalid request")
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = _("{first}; {then}", first=part, then=said)
    return said


def query_seat(text: str | None) -> int | None:
    """The ``seat`` of a query string (absent: None); raises BadRequest unless it is a whole
    number written plainly (``0``, ``2``: not ``1.0``, ``+1``, ``01``, ``-0`` or ``abc``), so
    that one seat has one spelling."""
    if text is None:
        return None
    if not SEAT_QUERY.fullmatch(text):
        raise BadRequest(
            _("seat: a seat number written plainly, such as 0 or 1, not '{value}'", value=text[:40])
        )
    return int(text)
