"""The command line: ``python -m five_hundred`` (or the ``five-hundred`` script).

Without a subcommand it plays a short demo hand between computer players.  The
subcommands:

=============  =====================================================================
``table``      the scoring table for the chosen rules
``score``      what a hand scores for each side: ``score 8H --tricks 9``
``legal``      the legal actions in a position, and why an action is not legal
``play``       a game in the terminal against computer players
``watch``      a whole game between computer players (``play --seat none``)
``simulate``   self-play between computer players, with contract statistics
``match``      a duplicate match between two computer players
``advise``     each bid's chance and expected score for a hand, double-dummy
``review``     what each decision of a saved game cost, double-dummy
``serve``      the game server and browser table (the ``web`` extra)
``demo``       the demo hand (the same as no subcommand)
=============  =====================================================================

Every subcommand takes ``--help``.  Bad input ends with exit status 2 and a one-line
message on stderr; ``legal --action`` exits with 1 when the action is well formed but
not legal.  With `rich <https://rich.readthedocs.io>`_ installed (the ``cli`` extra)
and a terminal on stdout, cards are shown with suit symbols and colour; otherwise
the output is plain text in the library's notation.

>>> from five_hundred.cli import main
>>> main(["score", "8H", "--tricks", "9"])
8H made: the contractors took 9 tricks (8 needed); 8H is worth 300.
<BLANKLINE>
side  seats  role         tricks  score
   0  0, 2   contractors       9   +300
   1  1, 3   defenders         1    +10
0
"""

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from five_hundred.cli import (
    advise,
    demo,
    legal,
    match,
    play,
    review,
    score,
    serve,
    simulate,
    table,
)
from five_hundred.cli._args import (
    _SUPPRESS,
    _add_colour,
    _add_rules_options,
    _fill,
    _Formatter,
    _Parser,
    _prog,
    _seed_arg,
    _UsageError,
    _use_colour,
)
from five_hundred.cli._output import WIDTH, _Out
from five_hundred.errors import FiveHundredError

__all__ = ["WIDTH", "main"]


def _parser() -> _Parser:
    from five_hundred import __version__, compiled

    prog = _prog()
    parser = _Parser(
        prog=prog,
        description=_fill(
            "Five Hundred (500), the card game: play a demo hand between computer "
            "players, or use a subcommand (each takes --help)."
        ),
        epilog=f"Examples:\n  {prog}\n  {prog} score 8H --tricks 9\n"
        f"  {prog} play --seed 7\n  {prog} simulate -n 10000 --seed 1",
        formatter_class=_Formatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__} ({'compiled' if compiled else 'pure Python'} engine)",
    )
    parser.add_argument(
        "--seed",
        type=_seed_arg,
        default=_SUPPRESS,
        help="seed of the demo deal (default: a random one)",
    )
    _add_colour(parser)
    _add_rules_options(parser)
    commands = parser.add_subparsers(
        dest="command", title="subcommands", metavar="COMMAND"
    )
    for module in (demo, table, score, legal, play, simulate):
        module.add_parser(commands)
    match.add_parser(commands)
    advise.add_parser(commands)
    review.add_parser(commands)
    serve.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (``sys.argv[1:]`` by default).

    Returns the exit status: 0 on success, 1 when ``legal --action`` finds the action
    illegal, 2 for bad input (with a one-line message on stderr).
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    try:
        args = parser.parse_args(args_list)
        colour = _use_colour(getattr(args, "color", "auto"), sys.stdout)
        out = _Out(sys.stdout, colour=colour)
        handler: Callable[[argparse.Namespace, _Out], int] = getattr(
            args, "handler", demo.run
        )
        return handler(args, out)
    except SystemExit as exit_:  # --help and --version
        code = exit_.code
        return code if isinstance(code, int) else 0
    except (_UsageError, FiveHundredError) as error:
        message = " ".join(str(error).split())
        sys.stderr.write(f"{parser.prog}: error: {message}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"{parser.prog}: interrupted\n")
        return 130
    except BrokenPipeError:  # pragma: no cover - output piped to a closed reader
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
