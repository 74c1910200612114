"""The tables of a server: the one true state of each game, its seats and its moves.

Everything here runs on the server's event loop, one message at a time, so a table
changes in one place only: :meth:`Hub.act` (a seat's action), :meth:`Hub.deal_next`
(the next hand) and the computer players' moves, which are worked out in a worker
thread and applied back on the loop.  Each accepted move is stored
(:class:`~five_hundred.web.store.Store`) before anyone is told of it, then each
connection gets its seat's view.

The library does the refereeing: :func:`~five_hundred.actions.parse_action` reads what the
player typed in the context of their own view, and :func:`~five_hundred.state.apply` with
``seat=`` refuses a move from a seat that is not to act, and any move from a
spectator (``seat=None``).

When a hand at a table with people ends, its review
(:func:`~five_hundred.analysis.review`) is worked out in a thread of its own, which
waits on the review's worker process, bounded by ``review_time``; it is stored and
sent to each connection as a ``review`` message, with only what the seat may see
after the hand (:func:`review_message`).
"""

import asyncio
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, NamedTuple, Protocol

from five_hundred import (
    FiveHundredError,
    GameState,
    IllegalActionError,
    InvalidNotationError,
    Phase,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    Rules,
    RulesConfigError,
    SamplingPlayer,
    apply,
    bid_ladder,
    bid_value,
    contract_made,
    contracting_sides,
    new_game,
    next_hand,
    parse_action,
    review,
    view,
)
from five_hundred.scoring import TOTAL_TRICKS
from five_hundred.web.store import NEXT_HAND, Move, Store, StoredReview

__all__ = [
    "PLAYERS",
    "Hub",
    "Listener",
    "Refusal",
    "SeatSpec",
    "SpecError",
    "Table",
    "TableSpec",
    "hand_review",
    "review_message",
]

_log = logging.getLogger("five_hundred.web")

PLAYERS: Final[Mapping[str, Callable[[int], Player]]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "rules": lambda seed: RuleBasedPlayer(),
    "sampling": lambda seed: SamplingPlayer(seed=seed),
}
"""The computer players a seat may have, by name: each built from a seed."""

REVIEW_TIME: Final = 5.0
"""The seconds the review of a hand may take by default (``serve --review-time``)."""

_MAX_SEED: Final = 2**64
_SEED_MASK: Final = 2**64 - 1


class SpecError(ValueError):
    """A table asked for with bad rules, seats or seed (the message says which)."""


class Refusal(NamedTuple):
    """Why a message from a connection changed nothing: a code and a sentence."""

    code: str
    reason: str

    def message(self) -> dict[str, str]:
        """The ``refused`` message of the protocol."""
        return {"type": "refused", "code": self.code, "reason": self.reason}


class SeatSpec(NamedTuple):
    """One seat of a table: a person (with the hash of its token) or a computer."""

    kind: str
    player: str | None = None
    token_hash: str | None = None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class TableSpec(NamedTuple):
    """What a table was created with: the rules, the seats and the game's seed."""

    rules: Rules
    seats: tuple[SeatSpec, ...]
    seed: int

    @classmethod
    def from_request(cls, data: object) -> tuple["TableSpec", dict[int, str]]:
        """The spec asked for by ``POST /api/tables``, with a new token per person.

        Raises:
            SpecError: naming the bad key or value (with the library's message for
                bad rules).
        """
        if not isinstance(data, dict):
            msg = "the request must be a JSON object with 'rules', 'seats' and 'seed'"
            raise SpecError(msg)
        unknown = sorted(set(data) - {"rules", "seats", "seed"})
        if unknown:
            msg = f"unknown key {unknown[0]!r} (keys: rules, seats, seed)"
            raise SpecError(msg)
        try:
            rules = Rules.from_dict(data.get("rules", {}))
        except RulesConfigError as error:
            raise SpecError(str(error)) from None
        seed = data.get("seed")
        if seed is None:
            seed = secrets.randbits(63)
        elif type(seed) is not int or not 0 <= seed < _MAX_SEED:
            msg = f"'seed' must be a whole number from 0 to 2**64 - 1; got {seed!r:.40}"
            raise SpecError(msg)
        seats, tokens = _seats(data.get("seats"), rules.players)
        return cls(rules, seats, seed), tokens

    def to_dict(self) -> dict[str, Any]:
        """The spec as JSON-ready data (to store; holds token hashes, not tokens)."""
        return {
            "rules": self.rules.to_dict(),
            "seats": [seat._asdict() for seat in self.seats],
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "TableSpec":
        """The spec of :meth:`to_dict`'s data."""
        seats = tuple(SeatSpec(**seat) for seat in data["seats"])
        return cls(Rules.from_dict(data["rules"]), seats, data["seed"])


def _seats(value: object, players: int) -> tuple[tuple[SeatSpec, ...], dict[int, str]]:
    if value is None:
        value = [{"kind": "human"}] + [{"kind": "bot", "player": "rules"}] * (
            players - 1
        )
    if not isinstance(value, list) or len(value) != players:
        msg = f"'seats' must be a list of {players} seats (one per player)"
        raise SpecError(msg)
    seats: list[SeatSpec] = []
    tokens: dict[int, str] = {}
    for number, seat in enumerate(value):
        where = f"seat {number}"
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "bot"):
            msg = f'{where} must be {{"kind": "human"}} or {{"kind": "bot", "player": ...}}'
            raise SpecError(msg)
        if seat["kind"] == "human":
            if set(seat) != {"kind"}:
                msg = f"{where}: a human seat takes no other key"
                raise SpecError(msg)
            token = secrets.token_urlsafe(18)
            tokens[number] = token
            seats.append(SeatSpec("human", None, _hash(token)))
            continue
        player = seat.get("player", "rules")
        if set(seat) - {"kind", "player"} or player not in PLAYERS:
            msg = f"{where}: 'player' must be one of {', '.join(PLAYERS)}; got {player!r:.40}"
            raise SpecError(msg)
        seats.append(SeatSpec("bot", player))
    return tuple(seats), tokens


class Listener(Protocol):
    """A connection to a table: a seat's, or a spectator's (``seat`` is ``None``).

    :meth:`deliver` queues a message to send and returns at once.
    """

    seat: int | None

    def deliver(self, text: str) -> None:
        """Queue ``text`` (a JSON message) to send on this connection."""
        ...


class Table:
    """One table: its spec, the game now, its connections and its score sheet."""

    def __init__(self, table_id: str, spec: TableSpec, created: float) -> None:
        self.id = table_id
        self.spec = spec
        self.created = created
        self.state: GameState = new_game(spec.rules, seed=spec.seed, dealer=None)
        self.moves = 0
        """How many moves have been accepted (and stored)."""
        self.sheet: list[dict[str, Any]] = []
        """The score sheet: one row per finished hand."""
        self.listeners: set[Listener] = set()
        self.players: dict[int, Player] = {}
        self.seat_players()
        self.thinking = False
        rules = spec.rules
        self.ladder = [
            {"bid": str(bid), "value": bid_value(bid, rules)}
            for bid in bid_ladder(rules)
        ]
        """Every bid of the rules, lowest first, with its value."""
        self._views: dict[int | None, str] = {}
        self._views_at = -1
        self.reviews: dict[int, StoredReview] = {}
        """The reviews of the finished hands, by hand number (from 1)."""
        self.reviewing: set[int] = set()
        """The hands whose review is being worked out."""

    def seat_players(self) -> None:
        """A new computer player in each computer's seat, seeded by the table's moves.

        A table resumed after a restart gets players seeded from where it stands.
        """
        self.players = {
            seat: PLAYERS[spec.player or "rules"](
                _player_seed(self.spec.seed, seat, self.moves)
            )
            for seat, spec in enumerate(self.spec.seats)
            if spec.kind == "bot"
        }

    @property
    def has_people(self) -> bool:
        """Whether a person sits at the table (else it plays itself out)."""
        return any(seat.kind == "human" for seat in self.spec.seats)

    def seat_of(self, token: str) -> int | None:
        """The seat of ``token``, ``None`` if it is no seat's token."""
        hashed = _hash(token)
        for number, seat in enumerate(self.spec.seats):
            if seat.token_hash is not None and secrets.compare_digest(
                seat.token_hash, hashed
            ):
                return number
        return None

    def view_text(self, seat: int | None) -> str:
        """The ``view`` message for ``seat`` now (each seat's built once per move)."""
        if self._views_at != self.moves:
            self._views = {}
            self._views_at = self.moves
        text = self._views.get(seat)
        if text is None:
            data = {"type": "view", "view": view(self.state, seat).to_dict()}
            text = self._views[seat] = json.dumps(data, separators=(",", ":"))
        return text

    def table_message(self, seat: int | None) -> dict[str, Any]:
        """The ``table`` message for ``seat``: the seats, who is here, the sheet."""
        here = {listener.seat for listener in self.listeners}
        return {
            "type": "table",
            "table": self.id,
            "seat": seat,
            "seats": [
                {
                    "seat": number,
                    "kind": spec.kind,
                    "player": spec.player,
                    "connected": spec.kind == "bot" or number in here,
                }
                for number, spec in enumerate(self.spec.seats)
            ],
            "ladder": self.ladder,
            "moves": self.moves,
            "sheet": self.sheet,
        }

    def _note_hand_end(self) -> None:
        """Add the finished hand's row to the score sheet (once the hand is over)."""
        state = self.state
        if state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            return
        contract = state.contract
        made: bool | None = None
        if contract is not None:
            sides = contracting_sides(state.rules, contract.contractor, state.partner)
            taken = sum(state.tricks_won[side] for side in sides)
            made = contract_made(contract.bid, taken)
        self.sheet.append(
            {
                "hand": state.hand_number + 1,
                "dealer": state.dealer,
                "contract": None if contract is None else str(contract.bid),
                "contractor": None if contract is None else contract.contractor,
                "made": made,
                "tricks": list(state.tricks_won),
                "changes": list(state.hand_result or (0,) * state.rules.sides),
                "scores": list(state.scores),
            }
        )

    def take(self, move: Move) -> None:
        """Apply a stored or accepted ``move`` (checked by the library)."""
        if move.action == NEXT_HAND:
            self.state = next_hand(self.state)
        else:
            context = view(self.state, move.seat)
            action = parse_action(move.action, context=context)
            self.state = apply(self.state, action, seat=move.seat)
            self._note_hand_end()
        self.moves += 1


def hand_review(state: GameState, time_limit: float) -> StoredReview:
    """The review of the hand just ended in ``state``, as its seats may be shown it.

    The calls get no estimates (no deals sampled) and the card plays no sampled
    values, so that a hand takes a second or two; the solving stops after
    ``time_limit`` seconds, and a review cut off is shown as such, without values.
    A hand whose play stopped before the tenth trick (a misère lost early) is not
    reviewed: its values rest on cards nobody played, which stay hidden.
    """
    if state.contract is not None and state.tricks_played < TOTAL_TRICKS:
        return StoredReview("withheld")
    number = state.hand_number + 1
    hand = review(
        state, hand=number, bid_samples=0, play_samples=0, time_limit=time_limit
    ).hands[0]
    if not hand.complete:
        return StoredReview("cut_off")
    return StoredReview("ready", hand.to_dict(), hand.without("discard").to_dict())


def review_message(table: Table, seat: int | None, hand: int) -> dict[str, Any] | None:
    """The ``review`` message of ``hand`` for ``seat`` (``None``: nothing to tell).

    The contractor's seat is shown the discard's review: it names the discarded
    cards and the kitty's, which no other seat has seen.  Everyone else (spectators
    too) is shown every other decision: after ten tricks each card held in the play
    has been seen by all.
    """
    if hand in table.reviewing:
        return {"type": "review", "hand": hand, "status": "computing", "review": None}
    stored = table.reviews.get(hand)
    if stored is None:
        return None
    data = stored.public
    if stored.full is not None and seat is not None:
        contract = stored.full["contract"]
        if contract is not None and contract["contractor"] == seat:
            data = stored.full
    return {"type": "review", "hand": hand, "status": stored.status, "review": data}


def _player_seed(seed: int, seat: int, moves: int) -> int:
    return (seed * 1_000_003 + seat * 7919 + moves) & _SEED_MASK


class Hub:
    """Every table of a server, its database and its computer players' threads.

    ``pace`` is how long a computer player waits before it moves (and a table of
    computer players alone before its next hand), so that people can follow the
    play; ``workers`` is the number of threads the computer players think in.
    ``review_time`` bounds the review of each hand at a table with people (seconds;
    ``None``: no reviews); the reviews are worked out one at a time.
    """

    def __init__(
        self,
        store: Store,
        *,
        pace: float = 0.5,
        workers: int = 2,
        review_time: float | None = REVIEW_TIME,
    ) -> None:
        self.store = store
        self.pace = pace
        self.review_time = review_time
        self.tables: dict[str, Table] = {}
        self._workers = workers
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="five-hundred-bot")
        self._review_pool = ThreadPoolExecutor(
            1, thread_name_prefix="five-hundred-review"
        )
        self._turns: asyncio.Semaphore | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._started = False

    # -- life ---------------------------------------------------------------------

    def load(self) -> None:
        """Resume every stored table at its last accepted move."""
        for stored in self.store.tables():
            table = Table(stored.id, TableSpec.from_dict(stored.spec), stored.created)
            for move in stored.moves:
                try:
                    table.take(move)
                except (FiveHundredError, TypeError) as error:
                    _log.error(
                        "table %s: stored move %d (%s) refused: %s",
                        stored.id,
                        table.moves,
                        move.action,
                        error,
                    )
                    break
            table.seat_players()
            table.reviews = dict(stored.reviews)
            self.tables[table.id] = table

    def start(self) -> None:
        """Set the computer players going (call on the running event loop)."""
        self._started = True
        # As many computer moves at once as there are threads to think in: the
        # others wait off the event loop's queue, so that people's messages are
        # answered between two computer moves, however many tables are busy.
        self._turns = asyncio.Semaphore(self._workers)
        for table in self.tables.values():
            self._continue(table)
            self._review(table)

    async def stop(self) -> None:
        """Stop the computer players and close the database."""
        self._started = False
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._review_pool.shutdown(wait=True, cancel_futures=True)
        self.store.close()

    # -- tables -------------------------------------------------------------------

    def create(self, data: object) -> tuple[Table, dict[int, str]]:
        """A new table from ``POST /api/tables``'s data, stored; its seat tokens.

        Raises:
            SpecError: for bad rules, seats or seed.
        """
        spec, tokens = TableSpec.from_request(data)
        table_id = secrets.token_hex(6)
        while table_id in self.tables:
            table_id = secrets.token_hex(6)
        table = Table(table_id, spec, time.time())
        self.store.add_table(table_id, table.created, spec.to_dict())
        self.tables[table_id] = table
        self._continue(table)
        return table, tokens

    def join(self, table: Table, listener: Listener) -> None:
        """Add a connection: it gets the table message and its view."""
        table.listeners.add(listener)
        listener.deliver(json.dumps(table.table_message(listener.seat)))
        listener.deliver(table.view_text(listener.seat))
        if table.state.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
            message = review_message(table, listener.seat, table.state.hand_number + 1)
            if message is not None:
                listener.deliver(json.dumps(message))
        self._tell_table(table, but=listener)

    def leave(self, table: Table, listener: Listener) -> None:
        """Remove a connection."""
        table.listeners.discard(listener)
        self._tell_table(table)

    def act(self, table: Table, seat: int | None, text: str) -> Refusal | None:
        """A connection's action; the refusal, or ``None`` once it is accepted.

        The library refuses an action from a seat not to act, and from a spectator
        (``seat=None``: code ``spectator``).
        """
        state = table.state
        try:
            action = parse_action(text, context=view(state, seat))
            after = apply(state, action, seat=seat)
        except IllegalActionError as error:
            return Refusal(error.code, error.reason)
        except InvalidNotationError as error:
            return Refusal(error.code, error.reason)
        self._accept(table, Move(seat, str(action)), after)
        return None

    def deal_next(self, table: Table, seat: int | None) -> Refusal | None:
        """A seat asks for the next hand; the refusal, or ``None`` once it is dealt."""
        if seat is None:
            return Refusal("spectator", "spectators watch: only a seat may deal")
        phase = table.state.phase
        if phase is Phase.GAME_OVER:
            return Refusal("game-over", "the game is over")
        if phase is not Phase.HAND_OVER:
            return Refusal("hand-not-over", "the hand is not over yet")
        self._accept(table, Move(None, NEXT_HAND), next_hand(table.state))
        return None

    # -- what follows a move --------------------------------------------------------

    def _accept(self, table: Table, move: Move, after: GameState) -> None:
        self.store.add_move(table.id, table.moves, move)
        table.state = after
        table.moves += 1
        if move.action != NEXT_HAND:
            table._note_hand_end()
        ended = after.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        for listener in list(table.listeners):
            listener.deliver(table.view_text(listener.seat))
        if ended or move.action == NEXT_HAND:
            self._tell_table(table)
        self._continue(table)
        if ended:
            self._review(table)

    def _review(self, table: Table) -> None:
        """Start the review of the hand just ended, unless it is stored or under way."""
        state = table.state
        hand = state.hand_number + 1
        if (
            not self._started
            or self.review_time is None
            or not table.has_people
            or state.phase not in (Phase.HAND_OVER, Phase.GAME_OVER)
            or hand in table.reviews
            or hand in table.reviewing
        ):
            return
        table.reviewing.add(hand)
        self._tell_review(table, hand)
        self._spawn(self._work_out_review(table, state, hand))

    async def _work_out_review(self, table: Table, state: GameState, hand: int) -> None:
        limit = self.review_time
        assert limit is not None  # checked by _review
        loop = asyncio.get_running_loop()
        try:
            stored = await loop.run_in_executor(
                self._review_pool, hand_review, state, limit
            )
        except Exception:  # a bug in the review must not take the table down
            _log.exception("table %s: the review of hand %d failed", table.id, hand)
            stored = StoredReview("cut_off")
        finally:
            table.reviewing.discard(hand)
        self.store.add_review(table.id, hand, stored)
        table.reviews[hand] = stored
        self._tell_review(table, hand)

    def _tell_review(self, table: Table, hand: int) -> None:
        for listener in list(table.listeners):
            message = review_message(table, listener.seat, hand)
            if message is not None:
                listener.deliver(json.dumps(message, separators=(",", ":")))

    def _tell_table(self, table: Table, but: Listener | None = None) -> None:
        for listener in list(table.listeners):
            if listener is not but:
                listener.deliver(json.dumps(table.table_message(listener.seat)))

    def _continue(self, table: Table) -> None:
        """Start the computer player to act, or the next hand of a computers' table."""
        if not self._started or table.thinking:
            return
        state = table.state
        if state.to_act is not None and state.to_act in table.players:
            table.thinking = True
            self._spawn(self._computer_moves(table, state.to_act))
        elif state.phase is Phase.HAND_OVER and not table.has_people:
            table.thinking = True
            self._spawn(self._computers_deal(table))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _computer_moves(self, table: Table, seat: int) -> None:
        if self.pace:
            await asyncio.sleep(self.pace)
        turns = self._turns
        if turns is None:  # pragma: no cover - started before any task
            return
        async with turns:
            try:
                moves = table.moves
                seen = view(table.state, seat)
                player = table.players[seat]
                loop = asyncio.get_running_loop()
                action = await loop.run_in_executor(
                    self._pool, player.choose, seen, seat
                )
                if table.moves != moves:  # pragma: no cover - only its turn moves
                    return
                try:
                    after = apply(table.state, action, seat=seat)
                except (FiveHundredError, TypeError) as error:
                    _log.error(
                        "table %s: %r chose %r: %s", table.id, player, action, error
                    )
                    action = seen.legal_actions[0]
                    after = apply(table.state, action, seat=seat)
            finally:
                table.thinking = False
            self._accept(table, Move(seat, str(action)), after)

    async def _computers_deal(self, table: Table) -> None:
        try:
            if self.pace:
                await asyncio.sleep(self.pace * 4)
        finally:
            table.thinking = False
        if table.state.phase is Phase.HAND_OVER:
            self._accept(table, Move(None, NEXT_HAND), next_hand(table.state))
