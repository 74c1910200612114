"""``serve``: the game server and browser table (needs the ``web`` extra)."""

import argparse
import contextlib
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from five_hundred.cli._args import _add_command, _Commands, _int_arg, _UsageError
from five_hundred.cli._output import _Out

__all__ = ["add_parser", "default_db", "run"]

_EXTRA = "pip install 'five-hundred[web]'"


def default_db() -> Path:
    """The database used without ``--db``: ``tables.sqlite3`` in the user's data folder.

    ``$XDG_DATA_HOME/five-hundred`` (``~/.local/share/five-hundred``) on Linux,
    ``~/Library/Application Support/five-hundred`` on macOS, and
    ``%LOCALAPPDATA%/five-hundred`` on Windows.
    """
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "five-hundred" / "tables.sqlite3"


def _port_arg(text: str) -> int:
    port = _int_arg(text)
    if not 0 <= port <= 65535:
        msg = f"invalid port {text!r}: expected 0 to 65535"
        raise argparse.ArgumentTypeError(msg)
    return port


def _seconds_arg(name: str, top: float, note: str = "") -> Callable[[str], float]:
    """The parser of an option in seconds from 0 to ``top``."""

    def parse(text: str) -> float:
        try:
            seconds = float(text)
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds <= top:
            msg = f"invalid {name} {text!r}: expected seconds from 0 to {top:g}{note}"
            raise argparse.ArgumentTypeError(msg)
        return seconds

    return parse


def add_parser(commands: _Commands) -> None:
    """Add the ``serve`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "serve",
        "the game server and browser table",
        "Serve tables of Five Hundred to browsers: open the printed address, create "
        "a table with computer players or send the seat links to friends. Tables "
        "are kept in a SQLite file and resume where they were after a restart. "
        f"Needs the web extra: {_EXTRA}.",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)",
    )
    parser.add_argument(
        "--port", type=_port_arg, default=8500, help="port to listen on (default 8500)"
    )
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        metavar="PATH",
        help=f"the SQLite file of the tables (default {default_db()})",
    )
    parser.add_argument(
        "--pace",
        type=_seconds_arg("pace", 10),
        default=0.6,
        metavar="SECONDS",
        help="how long computer players wait before each move (default 0.6)",
    )
    parser.add_argument(
        "--review-time",
        type=_seconds_arg("review time", 60, " (0: off)"),
        default=5.0,
        metavar="SECONDS",
        help="the longest the review of a hand may take (default 5; 0: no reviews)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``serve`` with the parsed ``args`` until Ctrl-C; return the exit status."""
    try:
        import uvicorn

        from five_hundred.web.app import create_app
    except ImportError as error:
        missing = error.name or "a module"
        msg = f"serve needs the web extra ({missing} is not installed): {_EXTRA}"
        raise _UsageError(msg) from None
    db = args.db if args.db is not None else default_db()
    try:
        app = create_app(db, pace=args.pace, review_time=args.review_time or None)
    except (OSError, sqlite3.Error) as error:
        msg = f"cannot open the database {str(db)!r}: {error}"
        raise _UsageError(msg) from None
    shown = f"[{args.host}]" if ":" in args.host else args.host
    out.line(f"Five Hundred: open http://{shown}:{args.port}/ in a browser")
    out.line(f"Tables are kept in {db}. Ctrl-C stops the server.")
    out.stream.flush()
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=1 << 16,
        lifespan="on",
    )
    # uvicorn stops cleanly on Ctrl-C, then passes the KeyboardInterrupt on.
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run()
    out.line("Stopped.")
    return 0
