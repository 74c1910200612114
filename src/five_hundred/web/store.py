"""The server's database: every table and every accepted move, in SQLite.

A table is one row (its rules, seats and seed, as JSON) and each accepted move is
one more row of ``moves``, written and committed before anyone is told of it.  The
game is never stored as a whole: a table is resumed by starting its game again from
the seed and applying its moves in order, so the state after a restart is exactly the
state after its last accepted move, whenever the server was stopped.

The database runs in WAL mode with ``synchronous=NORMAL``: a commit survives the
server's process being killed (``SIGKILL``) at any moment; only a crash of the whole
machine may lose the last moments.

The review of each finished hand (:func:`~five_hundred.analysis.review`) is one row of
``reviews``, kept so that it is not worked out again after a reload or a restart.  A
database written before reviews were kept gets the table when it is opened
(``CREATE TABLE IF NOT EXISTS``): its hands simply have no stored review.
"""

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["NEXT_HAND", "Move", "Store", "StoredReview", "StoredTable"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    spec TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    status TEXT NOT NULL,
    full TEXT,
    public TEXT,
    PRIMARY KEY (table_id, hand)
);
"""

NEXT_HAND = "NEXT HAND"
"""The stored text of the move that deals the next hand (not an action of the game)."""


class Move(NamedTuple):
    """One accepted move: an action in the library's notation, or :data:`~five_hundred.web.store.NEXT_HAND`."""

    seat: int | None
    action: str


class StoredReview(NamedTuple):
    """The review of one finished hand, as its seats are shown it.

    ``status`` is ``"ready"``, ``"cut_off"`` (the time limit stopped it: nothing is
    shown) or ``"withheld"`` (it would tell of cards never played).  ``full`` is
    :meth:`HandReview.to_dict() <five_hundred.analysis.HandReview.to_dict>` for the
    contractor's seat, ``public`` the same without the discard for everyone else
    (both ``None`` unless ready).
    """

    status: str
    full: dict[str, Any] | None = None
    public: dict[str, Any] | None = None


class StoredTable(NamedTuple):
    """A table as stored: its id, its creation spec, its moves in order, its reviews."""

    id: str
    created: float
    spec: dict[str, Any]
    moves: tuple[Move, ...]
    reviews: dict[int, StoredReview]
    """The stored reviews by hand number (from 1)."""


class Store:
    """The SQLite file of a server (``":memory:"`` for a store that is not kept).

    Safe to share between threads: one connection, used under a lock.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            self.path, check_same_thread=False, isolation_level=None
        )
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database file."""
        with self._lock:
            self._db.close()

    def add_table(self, table_id: str, created: float, spec: dict[str, Any]) -> None:
        """Store a new table (its rules, seats and seed) in one transaction."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, created, spec) VALUES (?, ?, ?)",
                (table_id, created, json.dumps(spec)),
            )

    def add_move(self, table_id: str, number: int, move: Move) -> None:
        """Store a table's accepted move ``number`` (from 0) in one transaction."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO moves (table_id, number, seat, action) VALUES (?, ?, ?, ?)",
                (table_id, number, move.seat, move.action),
            )

    def add_review(self, table_id: str, hand: int, stored: StoredReview) -> None:
        """Store the review of a table's hand ``hand`` (from 1) in one transaction."""
        full, public = (
            None if part is None else json.dumps(part, separators=(",", ":"))
            for part in (stored.full, stored.public)
        )
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO reviews (table_id, hand, status, full, public)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, hand, stored.status, full, public),
            )

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table with its moves, the oldest table first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, created, spec FROM tables ORDER BY created, id"
            ).fetchall()
            moves: dict[str, list[Move]] = {table_id: [] for table_id, _, _ in rows}
            for table_id, seat, action in self._db.execute(
                "SELECT table_id, seat, action FROM moves ORDER BY table_id, number"
            ):
                moves[table_id].append(Move(seat, action))
            reviews: dict[str, dict[int, StoredReview]] = {
                table_id: {} for table_id, _, _ in rows
            }
            for table_id, hand, status, full, public in self._db.execute(
                "SELECT table_id, hand, status, full, public FROM reviews"
            ):
                reviews[table_id][hand] = StoredReview(
                    status,
                    None if full is None else json.loads(full),
                    None if public is None else json.loads(public),
                )
        for table_id, created, spec in rows:
            yield StoredTable(
                table_id,
                created,
                json.loads(spec),
                tuple(moves[table_id]),
                reviews[table_id],
            )

    def _transaction(self) -> "_Transaction":
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN`` ... ``COMMIT`` (``ROLLBACK`` on an error) on an autocommit connection."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("ROLLBACK" if kind is not None else "COMMIT")
