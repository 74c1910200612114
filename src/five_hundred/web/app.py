"""The ASGI application: the HTTP routes, the table WebSocket and the browser table.

:func:`create_app` builds it over a database file; ``five-hundred serve`` runs it
with uvicorn.  The protocol is described on the reference page "Web server
protocol"; each message has a JSON Schema in ``five_hundred/web/schemas/``.
"""

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from five_hundred import (
    FiveHundredError,
    GameRecord,
    GameState,
    Phase,
    apply,
    new_hand,
    next_hand,
    record,
    view,
)
from five_hundred.web.store import Store
from five_hundred.web.tables import REVIEW_TIME, Hub, Refusal, SpecError, Table

__all__ = [
    "BURST",
    "MAX_ACTION",
    "MAX_BODY",
    "MAX_MESSAGE",
    "RATE",
    "create_app",
    "replay_steps",
]

_log = logging.getLogger("five_hundred.web")

STATIC: Final = Path(__file__).parent / "static"
MAX_MESSAGE: Final = 4096
"""The longest WebSocket message taken (characters); a longer one closes the socket."""
MAX_ACTION: Final = 200
"""The longest action text taken."""
MAX_BODY: Final = 1 << 16
"""The largest ``POST /api/tables`` body (bytes)."""
MAX_RECORD: Final = 1 << 21
"""The largest ``POST /api/replay`` body (bytes): a saved record."""
RATE: Final = 20.0
"""Messages per second a connection may send, on average..."""
BURST: Final = 40.0
"""... and at most this many at once; past that the socket is closed."""
_QUEUE: Final = 1024
"""Messages waiting for a slow connection; past that it is closed."""

# WebSocket close codes (RFC 6455 and the 4000-4999 range for applications).
_POLICY: Final = 1008
_TOO_BIG: Final = 1009
_NO_TABLE: Final = 4404


def create_app(
    db: str | Path = ":memory:",
    *,
    pace: float = 0.5,
    workers: int = 2,
    review_time: float | None = REVIEW_TIME,
) -> Starlette:
    """The server over the SQLite file ``db`` (``":memory:"``: nothing is kept).

    ``pace`` is the seconds a computer player waits before each move (0 for tests
    and benchmarks); ``workers`` the threads the computer players think in;
    ``review_time`` the seconds the review of a hand may take (``None``: hands are
    not reviewed).  The
    stored tables are resumed when the application starts; ``app.state.hub`` is the
    :class:`~five_hundred.web.tables.Hub`.
    """
    hub = Hub(Store(db), pace=pace, workers=workers, review_time=review_time)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.load()
        hub.start()
        try:
            yield
        finally:
            await hub.stop()

    async def create_table(request: Request) -> Response:
        data = await _json_body(request, MAX_BODY)
        if isinstance(data, Response):
            return data
        try:
            table, tokens = hub.create(data)
        except SpecError as error:
            return _error(400, str(error))
        base = str(request.base_url).rstrip("/")
        seats = [
            {
                "seat": seat,
                "token": token,
                "url": f"{base}/play/{table.id}?token={token}",
            }
            for seat, token in sorted(tokens.items())
        ]
        return JSONResponse({"table": table.id, "seats": seats}, status_code=201)

    async def show_table(request: Request) -> Response:
        table = hub.tables.get(request.path_params["table_id"])
        if table is None:
            return _no_table(request.path_params["table_id"])
        return JSONResponse(view(table.state, None).to_dict())

    async def table_record(request: Request) -> Response:
        table = hub.tables.get(request.path_params["table_id"])
        if table is None:
            return _no_table(request.path_params["table_id"])
        if table.state.phase is not Phase.GAME_OVER:
            return _error(409, "the record is given once the game is over")
        return Response(
            record(table.state).to_json(indent=1),
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="500-{table.id}.json"'
            },
        )

    async def replay(request: Request) -> Response:
        body = await _body(request, MAX_RECORD)
        if isinstance(body, Response):
            return body
        try:
            steps = replay_steps(body.decode("utf-8", errors="replace"))
        except (FiveHundredError, TypeError) as error:
            return _error(400, str(error))
        return JSONResponse({"steps": steps})

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def socket(websocket: WebSocket) -> None:
        await _serve_socket(hub, websocket)

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/play/{table_id}", page),
            Route("/replay", page),
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables/{table_id}", show_table),
            Route("/api/tables/{table_id}/record", table_record),
            Route("/api/replay", replay, methods=["POST"]),
            WebSocketRoute("/ws/tables/{table_id}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _no_table(table_id: str) -> JSONResponse:
    return _error(404, f"no table {table_id[:40]!r}")


async def _body(request: Request, limit: int) -> bytes | Response:
    """The request's body, or a 413 answer once it passes ``limit`` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return _error(413, f"the body is larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return _error(413, f"the body is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def _json_body(request: Request, limit: int) -> object:
    body = await _body(request, limit)
    if isinstance(body, Response):
        return body
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as error:
        return _error(400, f"the body is not JSON: {error}")


def replay_steps(text: str) -> list[dict[str, Any]]:
    """Every position of a saved game record, for the browser's replay.

    Each step has the hand's number (from 1), the move that led to it (``None`` at
    a deal), the spectator's view and every seat's cards (a record shows them all).

    Raises:
        FiveHundredError: if ``text`` is not a valid record (the library's message).
    """
    game = GameRecord.from_json(text)
    steps: list[dict[str, Any]] = []
    state: GameState | None = None
    for hand in game.hands:
        if state is None:
            result = hand.result or (0,) * len(hand.scores)
            start = [
                total - change
                for total, change in zip(hand.scores, result, strict=True)
            ]
            state = new_hand(
                game.rules, hand.hands, hand.kitty, dealer=hand.dealer, scores=start
            )
        else:
            state = next_hand(state, hands=hand.hands, kitty=hand.kitty)
        steps.append(_step(state, None))
        for action in hand.actions:
            seat = state.to_act
            state = apply(state, action)
            steps.append(_step(state, {"seat": seat, "action": str(action)}))
    return steps


def _step(state: GameState, move: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "hand": state.hand_number + 1,
        "move": move,
        "view": view(state, None).to_dict(),
        "hands": [[str(card) for card in cards] for cards in state.hands],
        "kitty": [str(card) for card in state.kitty],
        "discards": [str(card) for card in state.discards],
    }


class _Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class _Connection:
    """One WebSocket at a table: its seat and the queue of messages to send it."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.queue: asyncio.Queue[str | int | None] = asyncio.Queue(_QUEUE + 3)
        self.bucket = _Bucket(RATE, BURST)
        self.closing = False

    def deliver(self, text: str) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= _QUEUE:
            self.close(_POLICY, "too-slow", "the connection does not keep up")
            return
        self.queue.put_nowait(text)

    def close(self, code: int, error: str | None = None, reason: str = "") -> None:
        """Send an ``error`` message (if any), then close the socket with ``code``."""
        if self.closing:
            return
        self.closing = True
        if error is not None:
            self.queue.put_nowait(
                json.dumps({"type": "error", "code": error, "reason": reason})
            )
        self.queue.put_nowait(code)

    def gone(self) -> None:
        """The client went away: stop sending."""
        self.closing = True
        self.queue.put_nowait(None)

    async def send_all(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    return
                if isinstance(item, int):
                    await self.websocket.close(item)
                    return
                await self.websocket.send_text(item)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closing = True


async def _serve_socket(hub: Hub, websocket: WebSocket) -> None:
    await websocket.accept()
    table_id = websocket.path_params["table_id"]
    table = hub.tables.get(table_id)
    token = websocket.query_params.get("token")
    seat: int | None = None
    refusal: tuple[int, str, str] | None = None
    if table is None:
        refusal = (_NO_TABLE, "no-table", f"no table {table_id[:40]!r}")
    elif token is not None:
        seat = table.seat_of(token)
        if seat is None:
            refusal = (_POLICY, "bad-token", "the token is no seat's at this table")
    connection = _Connection(websocket, seat)
    sender = asyncio.get_running_loop().create_task(connection.send_all())
    if refusal is not None or table is None:
        connection.close(*(refusal or (_NO_TABLE, "no-table", "no table")))
        await sender
        return
    hub.join(table, connection)
    try:
        await _receive(hub, table, connection)
    finally:
        hub.leave(table, connection)
        connection.close(1000)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(sender, 5)


async def _receive(hub: Hub, table: Table, connection: _Connection) -> None:
    """Read the connection's messages until it closes (or is closed for abuse)."""
    websocket = connection.websocket
    while not connection.closing:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            connection.gone()
            return
        text = message.get("text")
        if text is None:
            connection.close(_POLICY, "not-text", "messages are JSON text")
            return
        if len(text) > MAX_MESSAGE:
            connection.close(
                _TOO_BIG, "too-large", f"a message is at most {MAX_MESSAGE} characters"
            )
            return
        if not connection.bucket.take():
            connection.close(
                _POLICY, "rate-limited", f"at most {RATE:g} messages a second"
            )
            return
        answer = _answer(hub, table, connection.seat, text)
        if answer is not None:
            connection.deliver(json.dumps(answer))


def _answer(
    hub: Hub, table: Table, seat: int | None, text: str
) -> dict[str, Any] | None:
    """What to send back for one message (``None``: nothing, the view follows)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return _protocol_error("bad-json", "the message is not JSON")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        return _protocol_error("bad-message", 'a message is an object with a "type"')
    kind = data["type"]
    refusal: Refusal | None
    if kind == "action":
        action = data.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION:
            return _protocol_error(
                "bad-message",
                f'"action" is the action\'s text (1 to {MAX_ACTION} characters)',
            )
        refusal = hub.act(table, seat, action)
    elif kind == "next_hand":
        refusal = hub.deal_next(table, seat)
    else:
        return _protocol_error(
            "unknown-type", f"unknown message type {kind[:40]!r} (action, next_hand)"
        )
    return None if refusal is None else refusal.message()


def _protocol_error(code: str, reason: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "reason": reason}
