"""The JSON of the web API: every request body, answer and WebSocket message (docs/web.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Score = int | float
SeatKind = Literal["human", "bot", "automaton", "open"]
"""``human`` (whoever holds the seat's token), ``bot`` (moved by the server),
``automaton`` (a seat the game plays itself: its ``automaton_variant``) or ``open`` (a
person's seat that anyone may join from the open tables, until someone does)."""
ErrorCode = Literal[
    "illegal",
    "malformed",
    "forbidden",
    "stale",
    "rate",
    "too_large",
    "not_found",
    "refused",
    "server",
]


class Request(BaseModel):
    """A request body: no unknown field, and no conversion (``"0"`` or ``true`` is not a
    number; a float field takes whole numbers too)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# --------------------------------------------------------------------------- HTTP requests


class SeatRequest(Request):
    kind: SeatKind
    """``automaton`` exactly for the seats the game plays itself (the last N, N its
    ``automaton_variant``)."""
    name: str | None = Field(default=None, max_length=200)
    """Shown to everyone; defaults to ``Player N`` (humans), the bot spec or ``Automaton``."""
    bot: str | None = Field(default=None, max_length=200)
    """The bot spec (``greedy``, ``greedy:epsilon=0.1``); required for a bot seat, refused
    for the others."""
    held: bool = Field(default=False, strict=True)
    """A human seat the creator plays: if the creator is signed in, their account holds it
    (they may play it from any device, without its token). Ignored for a guest."""


class CreateGameRequest(Request):
    game: str = Field(max_length=64)
    params: dict[str, int | str | None] = Field(default_factory=dict)
    """``players`` (defaults to the number of seats) and the game's variants."""
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    bot_delay_ms: int | None = Field(default=None, ge=0)
    """Pause before each bot move (the server's default when absent)."""
    response_seconds: float | None = Field(default=None, gt=0)
    """How long a response window (a Stop, an interruption) waits for the people who may
    answer before taking them to let the action pass (the server's default when absent)."""
    practice: bool = Field(default=False, strict=True)
    """Unlimited undo, for people learning the game (docs/web.md, "Undo")."""
    rated: bool = Field(default=False, strict=True)
    """Once over, the game moves its people's ratings: the creator signed in, holding the
    one person's seat it plays, the other people's seats open to accounts, the bots the
    lobby's levels (docs/web.md, "Ratings")."""
    hints: bool = Field(default=False, strict=True)
    """People may ask for hints even against each other (against bots they always may);
    the record says who did."""
    move_seconds: float | None = Field(default=None, gt=0)
    """A live table's time per move for people (none: no limit); past it the server plays
    ``greedy``'s move for them."""


class ActionRequest(Request):
    seat: int
    token: str | None = Field(default=None, max_length=200)
    """The seat's token (403 if missing or wrong)."""
    action: str = Field(max_length=1000)
    ply: int
    """The ply the player saw; a different one is refused as stale (409)."""


class UndoRequest(Request):
    seat: int
    token: str | None = Field(default=None, max_length=200)


class JoinRequest(Request):
    seat: int | None = None
    """The open seat to take (none: the first one)."""
    name: str | None = Field(default=None, max_length=200)
    """Shown to everyone (default: the seat's name, ``Player N``)."""


class JoinResponse(BaseModel):
    game_id: str
    seat: int
    token: str
    """The seat's secret, given only here."""
    held: bool = False
    """The account of the person who joined (signed in) holds the seat."""
    link: str
    """``/play/{game_id}?seat={seat}&token={token}``."""


class OpenTable(BaseModel):
    game_id: str
    game: str
    name: str
    """The game's name."""
    params: dict[str, Any]
    seats: list[SeatOut]
    """Every seat; those of kind ``open`` may be joined."""
    created: str


class OpenTablesResponse(BaseModel):
    games: list[OpenTable]
    """The newest games being played with an open seat."""


Words = str | dict[str, Any]
"""Words said in the reader's language: a message as data (its ``id`` and ``params``, and its
``domain`` when a game's; a list; a name in each language: ``terranova.core.i18n.Said``), or a
plain string said as it is (a record written before its game's words were messages)."""


class WeighedOut(BaseModel):
    action: str
    """The move's text, as the seat would send it."""
    says: Words
    """The move in plain words."""
    kind: str | None = None
    """The move as data (see ``MoveOut``): its kind and fields."""
    fields: dict[str, Any] | None = None
    visits: int
    value: float | None
    """The search's mean value of the move for the seat, 0..1 (0.5: level); null for a
    forced move."""
    margin: float | None
    """The same as a margin in points over the best other seat."""


class HintResponse(BaseModel):
    ply: int
    """The position the hint is for."""
    best: WeighedOut
    """The move the search bot would play."""
    alternatives: list[WeighedOut]
    """The other moves it weighed most, the most tried first (at most 3)."""
    iterations: int
    """Iterations searched (0: a forced move, or greedy's suggestion)."""
    bot: str
    budget: int = 0
    """Iterations the search was given."""
    complete: bool = True
    """Whether the search ran its whole budget; False: cut short by its wall-clock cap or
    the machine's load (the best found by then), or greedy's suggestion."""
    source: str = "search"
    """``search``, or ``greedy``: no search could answer, a plain greedy suggestion."""
    lead: float | None = None
    """About how many points the best move is better than the next move weighed (the
    alternative with the best margin); null with no alternative weighed by a search."""


class JudgedOut(BaseModel):
    ply: int
    """Actions played before the decision (the replay's position ``ply``)."""
    seat: int
    played: str
    says: Words
    best: str
    """The move the search preferred (``played`` if it agreed)."""
    best_says: Words
    loss: float
    """The search's value of its move minus that of the move played, 0..1."""
    kind: str | None = None
    """The move played as data (see ``MoveOut``): its kind and fields (null in an
    analysis made before moves were data)."""
    fields: dict[str, Any] | None = None
    best_kind: str | None = None
    """The preferred move as data."""
    best_fields: dict[str, Any] | None = None
    margin_loss: float
    """The same in points over the best other seat."""


class SeatAnalysisOut(BaseModel):
    seat: int
    decisions: int
    mean_loss: float
    mistakes: int
    """Decisions that lost at least 0.1."""


class AnalysisProgress(BaseModel):
    """An analysis being made (202)."""

    status: str
    """``running``."""
    done: int
    """Decisions judged so far."""
    total: int
    """Decisions to judge (those with a choice)."""


class AnalysisResponse(BaseModel):
    status: str = "done"
    bot: str
    iterations: int
    """Of each decision's search."""
    decisions: list[JudgedOut]
    """Every decision with a choice, in order."""
    mistakes: list[JudgedOut]
    """The biggest mistakes (a loss of at least 0.1), the biggest first, at most 5."""
    seats: list[SeatAnalysisOut]


class ResignRequest(Request):
    seat: int
    token: str | None = Field(default=None, max_length=200)


class RematchRequest(Request):
    seat: int
    token: str | None = Field(default=None, max_length=200)
    """The token of a seat at the finished game (403 if missing or wrong)."""


class RematchResponse(BaseModel):
    game_id: str
    """The rematch: the same game and variants, a new deal, the seats turned."""
    seat: int
    """Where the asking player sits in it, with the same token."""
    link: str
    """Its page for the asking player."""


# --------------------------------------------------------------------------- HTTP answers


# --------------------------------------------------------------------------- accounts


class SignUpRequest(Request):
    email: str = Field(max_length=1000)
    name: str = Field(max_length=1000)
    """The display name others see (unique, at most 40 characters)."""
    password: str = Field(max_length=1000)
    """8 to 256 characters."""


class SignInRequest(Request):
    email: str = Field(max_length=1000)
    password: str = Field(max_length=1000)


class LinkRequest(Request):
    token: str = Field(max_length=200)
    """The ``token`` of the link received by e-mail."""


class ResetAskRequest(Request):
    email: str = Field(max_length=1000)


class ResetRequest(Request):
    token: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class PasswordRequest(Request):
    current: str = Field(max_length=1000)
    new: str = Field(max_length=1000)


class DeleteAccountRequest(Request):
    password: str = Field(max_length=1000)


class AccountChange(Request):
    turn_emails: bool
    """E-mail me when it has been my turn for a while (only with e-mail on)."""


class LanguageRequest(Request):
    language: str | None
    """The account's language: ``en``, ``fr`` or ``de``; null: the browser's."""


class AccountOut(BaseModel):
    account_id: str
    """The account's public id (its profile: ``/players/{account_id}``)."""
    name: str
    email: str
    verified: bool
    turn_emails: bool
    language: str | None = None
    """The account's chosen language (null: the browser's)."""


class SessionResponse(BaseModel):
    """Who is signed in in this browser (``account`` null: nobody), the ``X-CSRF-Token``
    its requests that change something must send, and whether the server sends e-mail."""

    account: AccountOut | None
    csrf: str | None
    mail: bool


class DoneResponse(BaseModel):
    """A request done; ``message`` says what follows (an e-mail to look for)."""

    message: str


# --------------------------------------------------------------------------- ratings


class StandingOut(BaseModel):
    account_id: str
    name: str
    rating: int
    """The conservative rating, ``mu - 3 sigma`` on an Elo-like scale (a newcomer: 1000)."""
    games: int
    """Rated games of this game."""


class LeaderboardResponse(BaseModel):
    game: str
    name: str
    min_games: int
    """Rated games a person needs to be listed."""
    people: list[StandingOut]


class PointOut(BaseModel):
    at: str
    rating: int
    game_id: str
    """The rated game after which the rating was this."""


class GameRatingOut(BaseModel):
    game: str
    name: str
    rating: int
    games: int
    history: list[PointOut]


class RecentGameOut(BaseModel):
    game_id: str
    game: str
    name: str
    created: str
    rated: bool
    seats: list[SeatOut]
    result: ResultOut | None


class GamesPlayedOut(BaseModel):
    game: str
    name: str
    finished: int
    """Finished games of this game, rated or not."""


class ProfileResponse(BaseModel):
    account_id: str
    name: str
    joined: str
    deleted: bool
    games: list[GamesPlayedOut]
    ratings: list[GameRatingOut]
    recent: list[RecentGameOut]
    """The newest finished games, each with its replay at ``/play/{game_id}``."""


class CatalogResponse(BaseModel):
    games: list[dict[str, Any]]
    """Each ``GameInfo.describe()`` (variants the web may set) with ``bots``: the bots that
    play that game."""
    bots: list[str]
    """Every bot, whatever it plays (a game's ``bots`` may be fewer)."""


class CreatedSeat(BaseModel):
    seat: int
    kind: SeatKind
    name: str
    bot: str | None = None
    token: str | None = None
    """The seat's secret: given only here, only for human seats."""
    link: str | None = None
    """``/play/{game_id}?seat={seat}&token={token}`` (human seats)."""
    held: bool = False
    """The creator's account holds the seat."""


class CreateGameResponse(BaseModel):
    game_id: str
    seats: list[CreatedSeat]
    spectator_link: str


class SeatClaim(Request):
    game_id: str = Field(max_length=32)
    seat: int
    token: str = Field(max_length=200)
    """The seat's token, as this browser keeps it."""


class AttachRequest(Request):
    seats: list[SeatClaim] = Field(max_length=500)
    """The seats this browser holds by their tokens (at most ``max_attach_seats``, 50)."""


class AttachedSeat(BaseModel):
    game_id: str
    seat: int


class RefusedSeat(BaseModel):
    game_id: str
    seat: int
    reason: str


class AttachResponse(BaseModel):
    attached: list[AttachedSeat]
    """The seats the account holds now."""
    refused: list[RefusedSeat]
    """The others, each with why."""


class AccountGameOut(BaseModel):
    game_id: str
    game: str
    name: str
    """The game's name (``Discovery``...)."""
    status: str
    """``playing``, ``finished`` or ``abandoned``."""
    seats: list[SeatOut]
    mine: list[int]
    """The seats the account holds."""
    to_move: int | None
    """The seat to decide, as last stored (None: nobody, or not known)."""
    result: dict[str, Any] | None
    """``{"scores", "winners"}`` once over."""
    created: str


class AccountGamesResponse(BaseModel):
    waiting: list[AccountGameOut]
    """Being played, one of the account's seats to decide."""
    running: list[AccountGameOut]
    """Being played, someone else to decide."""
    finished: list[AccountGameOut]
    """Over (or closed as abandoned)."""


class SeatOut(BaseModel):
    seat: int
    kind: SeatKind
    name: str
    bot: str | None = None


class ResultOut(BaseModel):
    scores: list[Score]
    winners: list[int]
    reason: Words | None = None
    """Why the game ended, where the game says (its record's result carries it)."""
    points: list[int] | None = None
    """The final scores as a player reads them, whole points without the tie-breaks that
    ``scores`` may carry as fractions; None in a game won or lost without points (Bluff)."""


class GameSummary(BaseModel):
    game_id: str
    game: str
    name: str
    rules_version: str
    params: dict[str, Any]
    seats: list[SeatOut]
    status: Literal["playing", "finished", "abandoned"]
    ply: int
    to_move: int | None
    result: ResultOut | None
    bot_delay_ms: int
    response_seconds: float
    created: str
    practice: bool
    """Unlimited undo (docs/web.md, "Undo")."""
    rated: bool = False
    hints: bool
    """People may ask for hints even against each other."""
    move_seconds: float | None = None
    """The time per move of a live table, if it has one."""
    board: str | None = None
    """Where the browser loads the game's board module (``/static/games/<game>/board.js``,
    from the game's ``GameInfo.web``); None: the generic board."""
    rules: str | None = None
    """The game's rules page for players (``/rules/<game>``), if it has one."""


class MessageOut(BaseModel):
    """A message of the site's catalog: its id (the English text with ``{placeholders}``)
    and its parameters (a parameter may be a message itself)."""

    id: str
    params: dict[str, Any] = Field(default_factory=dict)
    plural: str | None = None
    """A plural message's plural form (in English); ``n`` chooses the form."""
    n: int | None = None


class ErrorResponse(BaseModel):
    """A refused request (docs/web.md, "Errors")."""

    detail: str
    """What is wrong, in the reader's language (the ``terranova_lang`` cookie, else
    ``Accept-Language``)."""
    code: ErrorCode
    """The kind of refusal, stable for a client to act on."""
    message: MessageOut
    """The message ``detail`` says, for a client that says it itself."""


# --------------------------------------------------------------------------- server messages


class LogEntry(BaseModel):
    ply: int
    """The ply this action reached (1 for the first action): ``/replay/{ply}`` shows the
    position right after it."""
    seat: int | None
    """The seat that decided, or null for a chance outcome."""
    text: str
    """The action's text as this seat saw it (masked, ``draw ?``, when it is hidden)."""
    kind: str | None = None
    """The action's kind (its class's name), null when the text hides it."""
    fields: dict[str, Any] = {}
    """The action's fields as this seat saw them: a hidden one is null."""
    says: Words = ""
    """The action in plain words, as this seat reads it."""


class MoveOut(BaseModel):
    """A legal action as data: what to send back (``text``), what it is and its words."""

    text: str
    """The action's text: what the seat sends to play it."""
    kind: str
    """The action's kind: its class's name (``Place``)."""
    fields: dict[str, Any]
    """Its declared fields with their values (``{"design": "L17", "x": 1, ...}``)."""
    says: Words
    """The move in plain words, as the seat reads it."""


class TurnScoresOut(BaseModel):
    turn: int
    seat: int
    ply: int
    scores: list[Score]
    others: dict[str, float] = {}
    """The scores of the players holding no seat, by key (Small Islands' Alexis)."""


class WindowOut(BaseModel):
    """A response window open now, as one seat (or a spectator) sees it."""

    seconds: float
    """The game's response time."""
    ends_at: float
    """Epoch milliseconds: when the seats that have not answered are taken to let it pass."""
    waiting: bool
    """This seat may still answer: its options are in ``legal``, even when another seat is
    ``to_move`` (every seat of the window may answer at once; the first challenge wins)."""
    answered: bool
    """This seat has let it pass and waits for the others (or the clock)."""


class RematchOut(BaseModel):
    game_id: str
    seats: list[int]
    """``seats[s]``: the seat in the rematch of whoever held seat ``s`` here; a person
    plays it with the token of their seat here."""


class StateMessage(BaseModel):
    type: Literal["state"] = "state"
    game_id: str
    game: str
    ply: int
    status: Literal["playing", "finished", "abandoned"]
    seat: int | None
    """The seat this message is for (null: spectator)."""
    to_move: int | None
    """The seat to move (null once the game is over)."""
    seats: list[SeatOut]
    view: dict[str, Any]
    scores: list[float]
    """Every seat's current score."""
    legal: list[str]
    """The legal actions, only in the message for the seat to move or a seat that may
    answer the open response window (empty otherwise)."""
    moves: list[MoveOut] = []
    """The same actions as data and words, in the same order (``moves[i].text ==
    legal[i]``)."""
    window: WindowOut | None = None
    """The response window open now, if any."""
    log: list[LogEntry]
    scores_by_turn: list[TurnScoresOut]
    result: ResultOut | None
    can_undo: bool
    practice: bool
    """The game allows unlimited undo (docs/web.md, "Undo")."""
    rematch: RematchOut | None = None
    """The game's rematch, once someone at the table asked for it."""
    can_hint: bool = False
    """Whether this seat may ask for hints (``GET /api/games/{id}/hint``)."""
    move_ends_at: float | None = None
    """At a table with a time per move, when the move of the person to move runs out
    (milliseconds since the epoch); then the server plays ``greedy``'s move for them."""


class ErrorMessage(BaseModel):
    type: Literal["error"] = "error"
    message: str
    """What is wrong, in the language of the socket's connection (cookie, else
    ``Accept-Language``)."""
    code: ErrorCode
    text: MessageOut
    """The message ``message`` says: its id and parameters."""


class PongMessage(BaseModel):
    type: Literal["pong"] = "pong"


# --------------------------------------------------------------------------- client messages


class ClientMessageBase(BaseModel):
    """A client message: no unknown field and no conversion, as in request bodies."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ClientAction(ClientMessageBase):
    type: Literal["action"]
    action: str = Field(max_length=1000)
    ply: int


class ClientUndo(ClientMessageBase):
    type: Literal["undo"]


class ClientPing(ClientMessageBase):
    type: Literal["ping"]


class ClientChat(ClientMessageBase):
    """A chat message to the room of the socket (the table, or the lobby)."""

    type: Literal["chat"]
    text: str = Field(max_length=2000)


class ClientMute(ClientMessageBase):
    """Stop (``mute``) or start again (``unmute``) seeing an account's chat messages."""

    type: Literal["mute", "unmute"]
    account_id: str = Field(max_length=32)


ClientMessage = Annotated[
    ClientAction | ClientUndo | ClientPing | ClientChat | ClientMute, Field(discriminator="type")
]
CLIENT_MESSAGE: TypeAdapter[ClientAction | ClientUndo | ClientPing | ClientChat | ClientMute] = (
    TypeAdapter(ClientMessage)
)
LOBBY_MESSAGE: TypeAdapter[ClientPing | ClientChat | ClientMute] = TypeAdapter(
    Annotated[ClientPing | ClientChat | ClientMute, Field(discriminator="type")]
)
"""What a client sends on the lobby's socket."""


# --------------------------------------------------------------------------- chat


class PersonOut(BaseModel):
    """An account as the chat and the online list name it."""

    account_id: str
    name: str


class ChatOut(BaseModel):
    """One chat message, as stored: its text is plain text (pages show it as text)."""

    id: int
    room: str
    """``lobby``, or the game's public id."""
    author: str
    """The author's account (its public id)."""
    name: str
    """The author's name when they wrote it (``deleted player`` once the account is gone)."""
    seat: int | None
    """The seat the author held at the table (None: in the lobby, or a spectator)."""
    spectator: bool
    """Written at a table by someone who holds none of its seats."""
    text: str
    at: float
    """When it was written, in milliseconds since the epoch."""


class ChatMessage(BaseModel):
    type: Literal["chat"] = "chat"
    message: ChatOut


class ChatHistoryMessage(BaseModel):
    """Sent when a socket joins a room: its last messages, oldest first."""

    type: Literal["chat_history"] = "chat_history"
    room: str
    messages: list[ChatOut]
    can_write: bool
    why: str | None = None
    """Why this connection may not write (None: it may)."""
    me: str | None = None
    """The connection's account (its public id; None: a guest)."""
    muted: list[PersonOut] = []
    """The people this account muted: their messages are not sent to it."""


class ChatDeletedMessage(BaseModel):
    type: Literal["chat_deleted"] = "chat_deleted"
    id: int


class PresenceMessage(BaseModel):
    """Who is online in the lobby (signed-in accounts with the lobby open), by name."""

    type: Literal["presence"] = "presence"
    online: list[PersonOut]


class InvitationRequest(Request):
    seat: int
    """The open seat the invitee is invited to."""
    name: str | None = Field(default=None, max_length=200)
    """The invitee's display name (or ``account_id``)."""
    account_id: str | None = Field(default=None, max_length=32)
    by_seat: int | None = None
    """The inviter's seat, with its ``token`` (without them: the signed-in account's seat)."""
    token: str | None = Field(default=None, max_length=200)


class InvitationCreated(BaseModel):
    invitation_id: str
    invitee: str
    """The invitee's display name."""
    mailed: bool
    """Whether the invitee gets an e-mail too (they opted in, and e-mail is on)."""


class InvitationOut(BaseModel):
    invitation_id: str
    game_id: str
    game: str
    seat: int
    inviter: str
    """The inviting seat's name."""
    created_at: datetime


class InvitationsResponse(BaseModel):
    invitations: list[InvitationOut]


class UnsubscribeRequest(Request):
    key: str = Field(max_length=200)
    """The key of the link in a turn e-mail."""
