"""Helpers of the web server's tests: the protocol's schemas, a real server process.

The tests that use them import the ``web`` extra through :func:`tests.extras.need`,
so they skip on a machine without it (and fail in CI, which installs it).
"""

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from five_hundred import Card, GameState, Phase, PlayCard, parse_card, record
from tests.extras import need

need("starlette")  # the web extra, before its package is read
jsonschema = need("jsonschema")
referencing = need("referencing")

_BY_TYPE = {
    "view": "view-message.json",
    "table": "table-message.json",
    "refused": "refused-message.json",
    "error": "error-message.json",
    "action": "action-message.json",
    "next_hand": "next-hand-message.json",
    "review": "review-message.json",
}


def _schemas() -> dict[str, Any]:
    folder = resources.files("five_hundred.web") / "schemas"
    return {
        entry.name: json.loads(entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if entry.name.endswith(".json")
    }


SCHEMAS = _schemas()
VIEW_SCHEMA = json.loads(
    (resources.files("five_hundred") / "schemas" / "view.schema.json").read_text(
        encoding="utf-8"
    )
)
"""The library's schema of ``SeatView.to_dict()``, which the view messages refer to."""
_REGISTRY = referencing.Registry().with_resources(
    (schema["$id"], referencing.Resource.from_contents(schema))
    for schema in [*SCHEMAS.values(), VIEW_SCHEMA]
)


def check(name: str, data: object) -> None:
    """Fail unless ``data`` fits the web package's schema file ``name``.

    ``view.schema.json`` is the library's schema of a view.
    """
    schema = VIEW_SCHEMA if name == "view.schema.json" else SCHEMAS[name]
    jsonschema.Draft202012Validator(schema, registry=_REGISTRY).validate(data)


def check_message(message: dict[str, Any]) -> None:
    """Fail unless a protocol message fits the schema of its type."""
    check(_BY_TYPE[message["type"]], message)


def hidden_from(state: GameState, seat: int | None) -> set[Card]:
    """The cards ``seat`` may not see in ``state``: others' hands, kitty, discards.

    The open-misère hand, once exposed to everyone, is not hidden.
    """
    rules = state.rules
    hidden: set[Card] = set(state.dead_hand)
    for other in range(rules.players):
        if other != seat:
            hidden.update(state.hand_of(other))
    contract = state.contract
    contractor = None if contract is None else contract.contractor
    hidden.update(state.kitty)
    hidden.update(state.discards)
    if seat is not None:
        hidden.difference_update(state.hand_of(seat))
        if seat == contractor:
            hidden.difference_update(state.discards)
    if contract is not None and str(contract.bid) == "OMIS":
        shown = state.phase is not Phase.BIDDING and (
            state.tricks_played > 0 or rules.open_misere_exposed_before_lead
        )
        if shown and state.phase in (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER):
            hidden.difference_update(state.hand_of(contract.contractor))
    return hidden


def view_cards(data: dict[str, Any]) -> set[Card]:
    """Every card a view's data shows: hand, kitty, discards, exposed, plays, actions.

    Calls are bids, not cards; a partner call names a card without telling where it
    is, so ``CALL`` actions and ``partner_card`` are left out.
    """
    texts: list[str] = [*data["hand"], *data["kitty"], *data["discards"]]
    texts += data["exposed"]
    for trick in [*data["tricks"], *([data["trick"]] if data["trick"] else [])]:
        texts += [card for _, card in trick["plays"]]
    for action in data["legal_actions"]:
        word, _, rest = action.partition(" ")
        if word in ("PLAY", "DISCARD"):
            texts += rest.split(":")[0].split()
    return {parse_card(text) for text in texts}


def hidden_after_hand(state: GameState, seat: int | None) -> set[Card]:
    """The cards ``seat`` cannot know once the hand of ``state`` is over.

    Those of :func:`hidden_from`, but for every card played in the hand (seen by
    all) and, for the contractor, the kitty it took up.
    """
    hidden = hidden_from(state, seat)
    actions = record(state).hands[-1].actions
    hidden.difference_update(a.card for a in actions if isinstance(a, PlayCard))
    contract = state.contract
    if contract is not None and seat == contract.contractor:
        hidden.difference_update(state.kitty)
    return hidden


def review_cards(message: dict[str, Any]) -> set[Card]:
    """Every card a review message names: in the choices made and the best ones."""
    review = message["review"]
    if review is None:
        return set()
    choices = [*review["choices"]]
    choices += [c for summary in review["seats"] for c in summary["biggest"]]
    texts: list[str] = []
    for choice in choices:
        for action in [choice["action"], *(choice["best"] or [])]:
            word, _, rest = action.partition(" ")
            if word in ("PLAY", "DISCARD"):
                texts += rest.split(":")[0].split()
    return {parse_card(text) for text in texts}


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``five-hundred serve`` in a child process, on a free loopback port."""

    def __init__(
        self,
        db: Path,
        *,
        pace: float = 0.0,
        port: int | None = None,
        review_time: float = 0.0,
    ) -> None:
        self.db = db
        self.pace = pace
        self.review_time = review_time
        """Seconds the review of a hand may take (``--review-time``; 0: none)."""
        self.port = free_port() if port is None else port
        self.process: subprocess.Popen[str] | None = None
        self.log = db.with_name(f"{db.name}.{self.port}.log")

    @property
    def url(self) -> str:
        """The server's base address."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        command = [
            sys.executable,
            "-m",
            "five_hundred",
            "serve",
            "--port",
            str(self.port),
        ]
        command += ["--db", str(self.db), "--pace", str(self.pace)]
        command += ["--review-time", str(self.review_time)]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, text=True, env=env
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.read_output()}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2),
            ):
                return
            time.sleep(0.05)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL the server (no chance to clean up) and wait for it to die."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> int:
        """Stop the server as Ctrl-C does; its exit status."""
        if self.process is None:
            return 0
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        return self.process.returncode

    def read_output(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text() if self.log.exists() else ""

    def __enter__(self) -> "ServerProcess":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def running(db: Path, *, pace: float = 0.0) -> Iterator[ServerProcess]:
    """A started server over ``db``, stopped at the end."""
    server = ServerProcess(db, pace=pace)
    server.start()
    try:
        yield server
    finally:
        server.stop()
