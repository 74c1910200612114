"""Reading the command line: the parser, the shared options and their values.

The parser raises :class:`_UsageError` instead of exiting; the rules options, the
``--color`` option, seeds and counts are read here for every subcommand.
"""

import argparse
import os
import re
import sys
import textwrap
from typing import IO, Final, NoReturn, TypeAlias

import attrs

from five_hundred._checks import check_seat
from five_hundred._shown import MAX_DIGITS
from five_hundred.cli._output import WIDTH
from five_hundred.errors import InvalidStateError, quote
from five_hundred.rules import PERFECT, JokerLeadSuit, Rules, ScoringTable


class _UsageError(Exception):
    """Bad input on the command line (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see {self.prog} --help)")


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help that fits 80 columns, whatever the terminal."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=WIDTH, max_help_position=30)


_SUPPRESS: Final = argparse.SUPPRESS
_RULE_FIELDS: Final = {field.name: field for field in attrs.fields(Rules)}
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "rules options", "The standard Australian game unless changed here."
    )
    group.add_argument(
        "--players",
        type=_int_arg,
        metavar="N",
        default=_SUPPRESS,
        help="number of players, 2 to 6 (default 4)",
    )
    group.add_argument(
        "--american",
        action="store_true",
        default=_SUPPRESS,
        help="the American game: one round of bidding, misère by value",
    )
    group.add_argument(
        "--perfect",
        action="store_true",
        default=_SUPPRESS,
        help="the 'perfect' scoring table (10NT is worth 500)",
    )
    group.add_argument(
        "--three-sides",
        action="store_true",
        default=_SUPPRESS,
        help="six players in three sides of two",
    )
    group.add_argument(
        "--target",
        type=_int_arg,
        metavar="POINTS",
        default=_SUPPRESS,
        help="winning total (default 500)",
    )
    for name, what in (
        ("misere", "misère"),
        ("open-misere", "open misère"),
        ("blind-misere", "blind misère"),
        ("sans-kitty", "sans-kitty bids"),
    ):
        group.add_argument(
            f"--no-{name}",
            action="store_true",
            default=_SUPPRESS,
            help=f"no {what}",
        )
    group.add_argument(
        "--rule",
        action="append",
        metavar="NAME=VALUE",
        default=_SUPPRESS,
        help="set any Rules option, e.g. --rule joker_nomination=false (repeatable)",
    )


def _rule_value(name: str, text: str) -> object:
    field = _RULE_FIELDS.get(name)
    if field is None:
        msg = (
            f"argument --rule: unknown rules option {quote(name)}; the options: "
            + ", ".join(_RULE_FIELDS)
        )
        raise _UsageError(msg)
    word = text.strip().lower()
    default = field.default
    if isinstance(default, bool):
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        msg = f"--rule {name}: expected true or false, got {quote(text)}"
        raise _UsageError(msg)
    if name == "defender_cap" and word == "none":
        return None
    if isinstance(default, int) or name == "defender_cap":
        if not _is_whole(word):
            msg = f"--rule {name}: expected a whole number, got {quote(text)}"
            raise _UsageError(msg)
        return int(word)
    if isinstance(default, JokerLeadSuit):
        try:
            return JokerLeadSuit(word)
        except ValueError:
            choices = ", ".join(member.value for member in JokerLeadSuit)
            msg = f"--rule {name}: expected one of {choices}, got {quote(text)}"
            raise _UsageError(msg) from None
    if isinstance(default, ScoringTable):
        tables = {"avondale": Rules().scoring_table, "perfect": PERFECT}
        if word in tables:
            return tables[word]
        msg = f"--rule {name}: expected avondale or perfect, got {quote(text)}"
        raise _UsageError(msg)
    msg = f"--rule {name} cannot be set from the command line"  # pragma: no cover
    raise _UsageError(msg)  # pragma: no cover


def _rules(args: argparse.Namespace) -> Rules:
    """The rules chosen by the options (raises RulesConfigError if inconsistent)."""
    changes: dict[str, object] = {}
    if hasattr(args, "players"):
        changes["players"] = args.players
    if getattr(args, "perfect", False):
        changes["scoring_table"] = PERFECT
    if getattr(args, "three_sides", False):
        changes["six_player_sides"] = 3
        changes.setdefault("players", 6)
    if hasattr(args, "target"):
        changes["target"] = args.target
    for name in ("misere", "open_misere", "blind_misere", "sans_kitty"):
        if getattr(args, f"no_{name}", False):
            changes[name] = False
    for item in getattr(args, "rule", None) or ():
        name, equals, value = item.partition("=")
        if not equals:
            msg = f"argument --rule: expected NAME=VALUE, got {quote(item)}"
            raise _UsageError(msg)
        changes[name.strip()] = _rule_value(name.strip(), value)
    if getattr(args, "american", False):
        return Rules.american(**changes)
    return Rules().replace(**changes)


MAX_INPUT_BYTES: Final = 16 * 2**20
"""The largest input a command reads (a record file, or stdin): 16 MiB."""
MAX_LINE: Final = 4096
"""The longest line ``play`` reads at its prompt."""
_WHOLE: Final = re.compile(rf"\s*[+-]?[0-9]{{1,{MAX_DIGITS}}}\s*", re.ASCII)


def _is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, of at most 1000 digits."""
    return _WHOLE.fullmatch(text) is not None


def _int_arg(text: str) -> int:
    """An option's whole number (ASCII digits only, at most 1000 of them)."""
    if not _is_whole(text):
        msg = f"expected a whole number, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return int(text)


def _seed_arg(text: str) -> int:
    try:
        if not text.isascii() or len(text) > MAX_DIGITS + 8:  # 0x, _ and sign aside
            raise ValueError  # the same message as int()'s refusal
        seed = int(text, 0)
    except ValueError:
        msg = f"invalid seed {quote(text)}: expected a whole number"
        raise argparse.ArgumentTypeError(msg) from None
    if seed < 0:
        msg = f"invalid seed {quote(text)}: expected a number of 0 or more"
        raise argparse.ArgumentTypeError(msg)
    return seed


def _count_arg(text: str) -> int:
    value = _int_arg(text)
    if value < 1:
        msg = f"expected a number of 1 or more, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return value


def _read_input(path: str) -> str:
    """The text of the file ``path`` (``-``: stdin), read up to :data:`MAX_INPUT_BYTES`.

    Raises:
        _UsageError: if it cannot be read (a missing file, stdin closed), is larger
            than the limit, or is not UTF-8 text.
    """
    name = "stdin" if path == "-" else path
    try:
        if path == "-":
            stream = sys.stdin
            if stream is None:
                msg = "cannot read stdin: it is closed"
                raise _UsageError(msg)
            source: IO[bytes] | IO[str] = getattr(stream, "buffer", stream)
            data = source.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_INPUT_BYTES + 1)
    except (OSError, ValueError) as error:  # ValueError: a closed stream
        reason = error.strerror if isinstance(error, OSError) else None
        msg = f"cannot read {name}: {reason or error}"
        raise _UsageError(msg) from None
    if len(data) > MAX_INPUT_BYTES:
        msg = f"cannot read {name}: larger than the limit of {MAX_INPUT_BYTES} bytes"
        raise _UsageError(msg)
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        msg = f"cannot read {name}: not UTF-8 text (byte {error.start})"
        raise _UsageError(msg) from None


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def _fill(text: str) -> str:
    """Wrap the prose paragraphs of a help text; keep indented lines as they are."""
    paragraphs = []
    for paragraph in text.split("\n\n"):
        lines = paragraph.splitlines()
        if any(line.startswith(" ") for line in lines):
            paragraphs.append(paragraph)
        else:
            paragraphs.append(textwrap.fill(paragraph, WIDTH - 2))
    return "\n\n".join(paragraphs)


def _prog() -> str:
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return (
        "five-hundred" if name.startswith("five-hundred") else "python -m five_hundred"
    )


def _add_colour(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default=_SUPPRESS,
        help="suit symbols and colour with rich: auto (on a terminal, the "
        "default), always or never",
    )


def _use_colour(choice: str, stream: IO[str]) -> bool:
    if choice == "never":
        return False
    try:
        import rich  # noqa: F401
    except ImportError:
        if choice == "always":
            msg = "--color always needs rich (pip install 'five-hundred[cli]')"
            raise _UsageError(msg) from None
        return False
    if choice == "always" or os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    # NO_COLOR turns the colour off, not the suit symbols (see _Out).
    return callable(isatty) and bool(isatty()) and os.environ.get("TERM") != "dumb"


_Commands: TypeAlias = "argparse._SubParsersAction[_Parser]"
"""The subcommands of the parser, to which each command module adds its own."""


def _add_command(
    commands: _Commands, name: str, summary: str, description: str
) -> argparse.ArgumentParser:
    """A subcommand's parser, with its help text and the ``--color`` option."""
    sub = commands.add_parser(
        name,
        help=summary,
        description=_fill(description),
        formatter_class=_Formatter,
    )
    _add_colour(sub)
    return sub


def _is_seat(rules: Rules, seat: int) -> bool:
    """Whether ``seat`` is a seat of the rules (the check of ``check_seat``)."""
    try:
        check_seat(rules, seat)
    except InvalidStateError:
        return False
    return True


def _add_json(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` option: one JSON object on stdout instead of the text."""
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (for scripts) instead of the text",
    )


def _tricks_arg(text: str) -> int:
    value = int(text) if _is_whole(text) else -1
    if not 0 <= value <= 10:
        msg = f"expected a number of tricks from 0 to 10, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return value
