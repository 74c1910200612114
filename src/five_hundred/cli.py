"""The command line: ``python -m five_hundred`` (or the ``five-hundred`` script).

Without a subcommand it plays a short demo hand between computer players.  The
subcommands:

=============  =====================================================================
``table``      the scoring table for the chosen rules
``score``      what a hand scores for each side: ``score 8H --tricks 9``
``legal``      the legal actions in a position, and why an action is not legal
``play``       a game in the terminal against computer players
``simulate``   self-play between computer players, with contract statistics
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
import contextlib
import os
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any, Final, NoReturn, TextIO

import attrs

from five_hundred.actions import (
    Action,
    CallPartner,
    Discard,
    NominateJoker,
    PlayCard,
    parse_action,
)
from five_hundred.bidding import (
    Bid,
    MisereBid,
    Pass,
    TrickBid,
    bid_rank,
    bid_value,
    format_scoring_table,
    parse_bid,
)
from five_hundred.bots import Player, RandomPlayer, RuleBasedPlayer
from five_hundred.cards import Card, Strain, Suit
from five_hundred.dealing import KITTY_SIZE, SplitMix64
from five_hundred.errors import (
    FiveHundredError,
    InvalidNotationError,
    InvalidStateError,
)
from five_hundred.records import GameRecord, record
from five_hundred.rules import PERFECT, JokerLeadSuit, Rules, ScoringTable, side_of
from five_hundred.scoring import game_winners, score_hand
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    explain_illegal,
    legal_actions,
    new_game,
    next_hand,
)
from five_hundred.tricks import PlayContext, card_power, effective_suit
from five_hundred.views import SeatView, Trick, view

__all__ = ["main"]

WIDTH: Final = 80
"""The width the output fits in."""
_TOTAL_TRICKS: Final = 10
_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


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


# -- output -------------------------------------------------------------------------------


class _Out:
    """Writes to stdout: plain notation, or suit symbols and colour through rich."""

    def __init__(self, stream: TextIO, *, colour: bool) -> None:
        self.stream = stream
        self.console: Any = None
        self._escape: Callable[[str], str] = str
        if colour:
            from rich.console import Console
            from rich.markup import escape
            from rich.theme import Theme

            theme = Theme(
                {"red": "red", "black": "bold", "joker": "bold magenta", "b": "bold"}
            )
            self.console = Console(
                file=stream,
                highlight=False,
                width=WIDTH,
                force_terminal=True,
                emoji=False,
                theme=theme,
            )
            self._escape = escape

    @property
    def rich(self) -> bool:
        """Whether output goes through rich."""
        return self.console is not None

    def line(self, text: str = "") -> None:
        """Print a line of (already escaped) markup, wrapped at spaces to fit."""
        for part in self._wrap(text):
            if self.console is not None:
                self.console.print(part, soft_wrap=True)
            else:
                self.stream.write(part + "\n")

    def items(self, head: str, items: Sequence[str], tail: str = "") -> None:
        """Print ``head`` and items separated by commas, wrapped between items."""
        line = head
        for index, item in enumerate(items):
            piece = item + (", " if index < len(items) - 1 else tail)
            if line.strip() and self.width(line + piece.rstrip()) > WIDTH:
                self.line(line.rstrip())
                line = "  "
            line += piece
        self.line(line.rstrip())

    def _wrap(self, text: str) -> list[str]:
        if self.width(text) <= WIDTH:
            return [text]
        indent = " " * (len(text) - len(text.lstrip(" ")) + 2)
        lines: list[str] = []
        line = ""
        for word in text.split(" "):
            candidate = f"{line} {word}" if line.strip() else line + word
            if line.strip() and self.width(candidate) > WIDTH:
                lines.append(line)
                line = indent + word
            else:
                line = candidate
        lines.append(line)
        return lines

    def text(self, text: str) -> str:
        """Plain text, escaped for the markup."""
        return self._escape(text)

    def bold(self, text: str) -> str:
        """Bold text (plain text without rich)."""
        return f"[b]{self._escape(text)}[/b]" if self.rich else text

    def card(self, card: Card) -> str:
        """A card: ``10H``, or ``10♥`` in red with rich."""
        if not self.rich:
            return str(card)
        if card.suit is None:
            return "[joker]JK[/]"
        text = f"{card.rank}{card.suit.symbol}"
        return f"[red]{text}[/]" if card.suit.is_red else f"[black]{text}[/]"

    def suit(self, suit: Suit) -> str:
        """A suit letter, or its symbol with rich."""
        if not self.rich:
            return suit.letter
        return f"[red]{suit.symbol}[/]" if suit.is_red else suit.symbol

    def call(self, call: Bid | Pass) -> str:
        """A call in bid notation (with the suit symbol in colour with rich)."""
        if self.rich and isinstance(call, TrickBid) and call.strain.suit is not None:
            rest = "-SK" if call.sans_kitty else ""
            return f"{call.tricks}{self.suit(call.strain.suit)}{rest}"
        return self.text(str(call))

    def action(self, action: Action, *, short: bool = False) -> str:
        """An action in notation; ``short`` shows a card play as the card alone."""
        if isinstance(action, PlayCard):
            named = "" if action.suit is None else f":{self.suit(action.suit)}"
            body = f"{self.card(action.card)}{named}"
            return body if short else f"PLAY {body}"
        if isinstance(action, Discard):
            return "DISCARD " + self.cards(sorted(action.cards, key=_pack_key))
        if isinstance(action, NominateJoker):
            return "NOMINATE " + (
                "NONE" if action.suit is None else self.suit(action.suit)
            )
        if isinstance(action, CallPartner):
            return "CALL " + (
                "ALONE" if action.card is None else self.card(action.card)
            )
        return self.call(action)

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(card) for card in cards)

    def width(self, markup: str) -> int:
        """The width of a piece of markup on the screen."""
        if self.console is None:
            return len(markup)
        from rich.text import Text

        return int(Text.from_markup(markup).cell_len)

    def pad(self, markup: str, width: int, *, right: bool = False) -> str:
        """Markup padded with spaces to ``width`` columns."""
        fill = " " * max(0, width - self.width(markup))
        return fill + markup if right else markup + fill

    def columns(self, items: Sequence[str], *, indent: int = 2) -> None:
        """Print items in as many columns as fit."""
        if not items:
            return
        cell = max(self.width(item) for item in items) + 2
        per_line = max(1, (WIDTH - indent) // cell)
        for start in range(0, len(items), per_line):
            row = items[start : start + per_line]
            self.line(
                " " * indent + "".join(self.pad(item, cell) for item in row).rstrip()
            )


def _pack_key(card: Card) -> tuple[int, int]:
    if card.suit is None or card.rank is None:
        return (4, 0)
    return (card.suit, card.rank)


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
    if choice == "always":
        return True
    isatty = getattr(stream, "isatty", None)
    return (
        callable(isatty)
        and bool(isatty())
        and "NO_COLOR" not in os.environ
        and os.environ.get("TERM") != "dumb"
    )


# -- shared pieces ------------------------------------------------------------------------


def _sorted_hand(cards: Sequence[Card], context: PlayContext | None) -> list[Card]:
    """Cards as a player holds them: by suit (trumps first), high to low."""
    if context is None:
        context = PlayContext(Strain.NO_TRUMPS)
    trump = context.trumps
    order = list(_SUIT_ORDER)
    if trump is not None:
        order.remove(trump)
        order.insert(0, trump)

    def key(card: Card) -> tuple[int, int]:
        suit = effective_suit(card, context)
        group = -1 if suit is None else order.index(suit)
        power = max(card_power(card, context, led) for led in Suit)
        return (group, -power)

    return sorted(cards, key=key)


def _hand_text(out: _Out, cards: Sequence[Card], context: PlayContext | None) -> str:
    """A hand sorted and grouped by suit, two spaces between the groups."""
    ordered = _sorted_hand(cards, context)
    ctx = context or PlayContext(Strain.NO_TRUMPS)
    groups: list[list[Card]] = []
    last: object = object()
    for card in ordered:
        suit = effective_suit(card, ctx)
        if suit != last:
            groups.append([])
            last = suit
        groups[-1].append(card)
    return "  ".join(out.cards(group) for group in groups) or "-"


def _seats_of(rules: Rules, side: int) -> list[int]:
    return [seat for seat in range(rules.players) if side_of(rules, seat) == side]


def _side_name(rules: Rules, side: int) -> str:
    seats = _seats_of(rules, side)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _contractor_sides(state: GameState) -> set[int]:
    contract = state.contract
    if contract is None:
        return set()
    sides = {side_of(state.rules, contract.contractor)}
    if state.partner is not None:
        sides.add(side_of(state.rules, state.partner))
    return sides


def _result_lines(out: _Out, state: GameState) -> list[str]:
    """What a finished hand scored, in words."""
    rules, contract, result = state.rules, state.contract, state.hand_result
    if contract is None or result is None:
        return ["Everyone passed: the hand is thrown in and nobody scores."]
    contractors = _contractor_sides(state)
    taken = sum(state.tricks_won[side] for side in contractors)
    bid = contract.bid
    made = taken == 0 if isinstance(bid, MisereBid) else taken >= bid.tricks
    side = side_of(rules, contract.contractor)
    who = _side_name(rules, side)
    if state.partner is not None and side_of(rules, state.partner) != side:
        who += f" with partner seat {state.partner}"
    verb = "made" if made else "failed"
    lines = [
        (
            f"{who.capitalize()} {verb} {out.call(bid)} with "
            f"{_plural(taken, 'trick')}: {result[side]:+d}."
        )
    ]
    for other in range(rules.sides):
        if other in contractors:
            continue
        tricks = state.tricks_won[other]
        if tricks or result[other]:
            lines.append(
                f"{_side_name(rules, other).capitalize()}: "
                f"{_plural(tricks, 'trick')}, {result[other]:+d}."
            )
    return lines


def _scores_line(rules: Rules, scores: Sequence[int]) -> str:
    return (
        "Scores: "
        + ", ".join(
            f"{score} for {_side_name(rules, side)}"
            for side, score in enumerate(scores)
        )
        + "."
    )


def _winners_line(rules: Rules, winners: Sequence[int]) -> str:
    names = [_side_name(rules, side) for side in winners]
    verb = "wins" if len(names) == 1 and not names[0].startswith("seats") else "win"
    return f"{' and '.join(names).capitalize()} {verb} the game."


def _trick_table(out: _Out, rules: Rules, tricks: Sequence[Trick]) -> list[str]:
    """Completed tricks as rows: one column per seat, the winning card starred."""
    cell = 8
    head = "  #  led by  " + "".join(
        f"seat {seat}".rjust(cell) for seat in range(rules.players)
    )
    rows = [out.text(head)]
    for number, trick in enumerate(tricks, 1):
        played = dict(trick.plays)
        cells = []
        for seat in range(rules.players):
            card = played.get(seat)
            if card is None:
                cells.append(" " * (cell - 1) + "-")
                continue
            star = "*" if seat == trick.winner else " "
            cells.append(out.pad(out.card(card) + star, cell, right=True))
        rows.append((f"{number:>3}  seat {trick.leader} " + "".join(cells)).rstrip())
    return rows


# -- rules options ------------------------------------------------------------------------

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
        type=int,
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
        type=int,
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
        msg = f"unknown rules option {name!r} (see the Rules reference)"
        raise _UsageError(msg)
    word = text.strip().lower()
    default = field.default
    if isinstance(default, bool):
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        msg = f"--rule {name}: expected true or false, got {text!r}"
        raise _UsageError(msg)
    if name == "defender_cap" and word == "none":
        return None
    if isinstance(default, int) or name == "defender_cap":
        try:
            return int(word)
        except ValueError:
            msg = f"--rule {name}: expected a whole number, got {text!r}"
            raise _UsageError(msg) from None
    if isinstance(default, JokerLeadSuit):
        try:
            return JokerLeadSuit(word)
        except ValueError:
            choices = ", ".join(member.value for member in JokerLeadSuit)
            msg = f"--rule {name}: expected one of {choices}, got {text!r}"
            raise _UsageError(msg) from None
    if isinstance(default, ScoringTable):
        tables = {"avondale": Rules().scoring_table, "perfect": PERFECT}
        if word in tables:
            return tables[word]
        msg = f"--rule {name}: expected avondale or perfect, got {text!r}"
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
            msg = f"--rule expects NAME=VALUE, got {item!r}"
            raise _UsageError(msg)
        changes[name.strip()] = _rule_value(name.strip(), value)
    if getattr(args, "american", False):
        return Rules.american(**changes)
    return Rules().replace(**changes)


def _describe_rules(rules: Rules) -> str:
    words = [f"{rules.players} players"]
    if rules.partnerships:
        words.append(f"{rules.sides} sides")
    if rules.single_round_auction:
        words.append("American auction")
    if rules.scoring_table.name != "avondale":
        words.append(f"{rules.scoring_table.name} table")
    if rules.target != Rules().target:
        words.append(f"target {rules.target}")
    return ", ".join(words)


def _seed_arg(text: str) -> int:
    try:
        seed = int(text, 0)
    except ValueError:
        msg = f"invalid seed {text!r}: expected a whole number"
        raise argparse.ArgumentTypeError(msg) from None
    if seed < 0:
        msg = f"invalid seed {text!r}: expected a number of 0 or more"
        raise argparse.ArgumentTypeError(msg)
    return seed


def _count_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        msg = f"expected a whole number, got {text!r}"
        raise argparse.ArgumentTypeError(msg) from None
    if value < 1:
        msg = f"expected a number of 1 or more, got {text!r}"
        raise argparse.ArgumentTypeError(msg)
    return value


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


# -- table --------------------------------------------------------------------------------


def _cmd_table(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    out.line(
        out.bold(f"Scoring table ({rules.scoring_table.name.capitalize()})")
        + out.text(f", {_describe_rules(rules)}")
    )
    out.line()
    if out.rich:
        heads = [out.suit(suit) for suit in Suit] + ["NT"]
        out.line("tricks" + "".join(out.pad(head, 5, right=True) for head in heads))
        for line in format_scoring_table(rules).splitlines()[1:]:
            out.line(out.text(line))
    else:
        for line in format_scoring_table(rules).splitlines():
            out.line(line)
    notes = []
    if rules.slam_bonus:
        notes.append(
            "All ten tricks on a contract worth less than 250 score 250 (a slam)."
        )
    if rules.defender_trick_points:
        notes.append(
            f"Defenders score {rules.defender_trick_points} for each trick they win."
        )
    notes.append(
        f"A side wins at {rules.target} or more"
        + (" by making a contract" if rules.win_requires_contract else "")
        + f" and loses at {rules.losing_score} or less."
    )
    out.line()
    for note in notes:
        for line in textwrap.wrap(note, WIDTH):
            out.line(out.text(line))
    return 0


# -- score --------------------------------------------------------------------------------


def _int_list(text: str, what: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.replace(",", " ").split())
    except ValueError:
        msg = f"{what} expects whole numbers separated by commas, got {text!r}"
        raise _UsageError(msg) from None


def _cmd_score(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    call = parse_bid(args.bid)
    if isinstance(call, Pass):
        msg = "a pass scores nothing: give the contract (8H, MIS, 7NT-SK, ...)"
        raise _UsageError(msg)
    bid: Bid = call
    bid_rank(bid, rules)  # refuses a bid these rules do not allow
    sides = rules.sides
    contractor = args.side
    if not 0 <= contractor < sides:
        msg = f"--side {contractor}: sides are 0 to {sides - 1}"
        raise _UsageError(msg)
    contractors = {contractor}
    if args.partner is not None:
        if rules.players != 5 or not isinstance(bid, TrickBid):
            msg = "--partner is for a five-player trick contract with a called partner"
            raise _UsageError(msg)
        if not 0 <= args.partner < sides or args.partner == contractor:
            msg = f"--partner {args.partner}: give another seat, 0 to {sides - 1}"
            raise _UsageError(msg)
        contractors.add(args.partner)
    taken = args.tricks
    if not 0 <= taken <= _TOTAL_TRICKS:
        msg = f"--tricks {taken}: a hand has 0 to 10 tricks"
        raise _UsageError(msg)
    defenders = [side for side in range(sides) if side not in contractors]
    if args.defenders is not None:
        given = _int_list(args.defenders, "--defenders")
        if len(given) != len(defenders):
            msg = (
                f"--defenders needs {len(defenders)} number(s), one per defending side"
            )
            raise _UsageError(msg)
        split = dict(zip(defenders, given, strict=True))
    else:
        rest = 0 if isinstance(bid, MisereBid) else _TOTAL_TRICKS - taken
        share, extra = divmod(rest, len(defenders))
        split = {side: share + (i < extra) for i, side in enumerate(defenders)}
    tricks = [split.get(side, 0) for side in range(sides)]
    tricks[contractor] = taken
    before = None if args.scores is None else _int_list(args.scores, "--scores")
    if before is not None and len(before) != sides:
        msg = f"--scores needs {sides} numbers, one per side"
        raise _UsageError(msg)
    result = score_hand(bid, tricks, contractors, scores=before, rules=rules)
    value = bid_value(bid, rules)
    name = out.call(bid)
    if isinstance(bid, MisereBid):
        made = taken == 0
        took = "took no trick" if made else f"took {_plural(taken, 'trick')}"
        out.line(
            f"{name} {'made' if made else 'failed'}: the contractor {took}; {name} is worth {value}."
        )
    else:
        made = taken >= bid.tricks
        who = (
            "contractors"
            if rules.partnerships or len(contractors) > 1
            else "contractor"
        )
        gain = result[contractor]
        if made and gain > value:
            out.line(
                f"{name} made: a slam (all 10 tricks), worth {gain} instead of {value}."
            )
        else:
            out.line(
                f"{name} {'made' if made else 'failed'}: the {who} took "
                f"{_plural(taken, 'trick')} ({bid.tricks} needed); {name} is worth {value}."
            )
    out.line()
    seat_names = [", ".join(map(str, _seats_of(rules, side))) for side in range(sides)]
    column = max(5, *map(len, seat_names))
    head = f"side  {'seats':<{column}}  role         tricks  score"
    if before is not None:
        head += "  before  after"
    out.line(head)
    for side in range(sides):
        role = "contractors" if side in contractors else "defenders"
        if len(_seats_of(rules, side)) == 1:
            role = role[:-1]
        seats = seat_names[side]
        shown = (
            "-"
            if isinstance(bid, MisereBid) and side not in contractors
            else str(tricks[side])
        )
        row = (
            f"{side:>4}  {seats:<{column}}  {role:<11}  {shown:>6}  {result[side]:>+5}"
        )
        if before is not None:
            row += f"  {before[side]:>6}  {before[side] + result[side]:>5}"
        out.line(row.rstrip())
    if before is not None:
        after = [b + r for b, r in zip(before, result, strict=True)]
        winners = game_winners(rules, after, contractors, made=made)
        if winners:
            out.line()
            out.line(_winners_line(rules, winners))
    return 0


# -- legal --------------------------------------------------------------------------------

_TAKES: Final = {"PLAY": 1, "NOMINATE": 1, "CALL": 1, "DISCARD": KITTY_SIZE}


def _split_actions(text: str) -> list[str]:
    """Action texts from a list: comma-separated, or by keyword when spaces only."""
    if "," in text or ";" in text:
        return [
            part.strip() for part in text.replace(";", ",").split(",") if part.strip()
        ]
    words = text.split()
    found: list[str] = []
    index = 0
    while index < len(words):
        take = _TAKES.get(words[index].upper(), 0)
        found.append(" ".join(words[index : index + 1 + take]))
        index += 1 + take
    return found


def _replay(state: GameState, texts: Sequence[str]) -> GameState:
    for number, text in enumerate(texts, 1):
        action = parse_action(text)
        if state.to_act is None:
            msg = f"action {number} ({text}): the hand is over, nothing more can be played"
            raise InvalidStateError(msg)
        why = explain_illegal(state, action)
        if why is not None:
            msg = f"action {number}: {why}"
            raise InvalidStateError(msg)
        state = apply(state, action)
    return state


def _read_record(path: str) -> GameState:
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as file:
                text = file.read()
        except OSError as error:
            msg = f"cannot read {path}: {error.strerror or error}"
            raise _UsageError(msg) from None
    if text.lstrip().startswith("{"):
        return GameRecord.from_json(text).replay()
    return GameRecord.from_text(text).replay()


def _position_lines(out: _Out, state: GameState) -> list[str]:
    rules = state.rules
    lines = [
        out.text(
            f"Hand {state.hand_number + 1} ({_describe_rules(rules)}), "
            f"seat {state.dealer} dealt: {state.phase.value.replace('_', ' ')}."
        )
    ]
    calls = state.auction.calls
    if calls:
        lines.append(
            "Auction: "
            + ", ".join(f"seat {seat} {out.call(call)}" for seat, call in calls)
        )
    contract = state.contract
    if contract is not None:
        lines.append(
            f"Contract: {out.call(contract.bid)} by seat {contract.contractor}."
        )
    seat = state.to_act
    if seat is None:
        return lines
    seen = view(state, seat)
    if seen.tricks:
        lines.append(f"Tricks won by side: {', '.join(map(str, seen.tricks_won))}.")
    if seen.trick is not None and seen.trick.plays:
        lines.append(
            f"Trick {len(seen.tricks) + 1}: "
            + ", ".join(f"seat {s} {out.card(c)}" for s, c in seen.trick.plays)
        )
    lines.append(
        f"Seat {seat} to act, holding {_hand_text(out, seen.hand, seen.play_context)}."
    )
    return lines


def _legal_lines(out: _Out, state: GameState) -> list[str]:
    actions = legal_actions(state)
    seat = state.to_act
    if seat is None:
        return ["The hand is over: nobody is to act."]
    if state.phase is Phase.DISCARD:
        hand = _sorted_hand(state.hands[seat], state.play_context)
        return [
            (
                f"Legal: DISCARD any {KITTY_SIZE} of the {len(hand)} cards "
                f"({len(actions)} ways): {out.cards(hand)}"
            )
        ]
    texts = [out.action(action) for action in actions]
    lines = [f"Legal actions ({len(actions)}):"]
    line = " "
    for index, text in enumerate(texts):
        piece = " " + text + ("," if index < len(texts) - 1 else "")
        if line.strip() and out.width(line + piece) > WIDTH:
            lines.append(line)
            line = " "
        line += piece
    lines.append(line)
    return lines


def _cmd_legal(args: argparse.Namespace, out: _Out) -> int:
    if args.record is not None:
        if args.actions is not None or args.seed is not None:
            msg = "give a record file, or --seed and --actions, not both"
            raise _UsageError(msg)
        state = _read_record(args.record)
    else:
        if args.seed is None:
            msg = "give a record file (or - for stdin), or --seed with --actions"
            raise _UsageError(msg)
        rules = _rules(args)
        state = new_game(rules, seed=args.seed, dealer=args.dealer)
        state = _replay(state, _split_actions(args.actions or ""))
    action = None if args.action is None else parse_action(args.action)
    for line in _position_lines(out, state):
        out.line(line)
    if action is None:
        for line in _legal_lines(out, state):
            out.line(line)
        return 0
    why = explain_illegal(state, action)
    if why is None:
        out.line(f"{out.action(action)} is legal.")
        return 0
    out.line(out.text(why[:1].upper() + why[1:] + "."))
    return 1


# -- the demo -----------------------------------------------------------------------------


def _show_deal(out: _Out, state: GameState) -> None:
    hands, kitty = state.dealt
    out.line(
        out.bold(f"Hand {state.hand_number + 1}") + f": seat {state.dealer} deals."
    )
    for seat in range(state.rules.players):
        out.line(f"  seat {seat}  {_hand_text(out, hands[seat], None)}")
    if state.rules.players == 2:
        out.line(f"  dead    {_hand_text(out, hands[2], None)}")
    out.line(f"  kitty   {out.cards(kitty)}")


def _show_auction(out: _Out, calls: Sequence[tuple[int, Bid | Pass]]) -> None:
    out.items("Auction: ", [f"seat {s} {out.call(c)}" for s, c in calls])


def _show_hand_play(out: _Out, end: GameState) -> None:
    """The story of a finished hand, from its deal to its result."""
    rules = end.rules
    _show_deal(out, end)
    _show_auction(out, end.auction.calls)
    contract = end.contract
    if contract is not None:
        bid = contract.bid
        seat = contract.contractor
        out.line(
            f"Contract: {out.call(bid)} by seat {seat}, worth {bid_value(bid, rules)}."
        )
        if end.discards:
            out.line(
                f"Seat {seat} takes the kitty and discards {out.cards(_sorted_hand(end.discards, end.play_context))}."
            )
        if end.joker_suit is not None:
            out.line(
                f"Seat {seat} nominates the Joker as a {end.joker_suit.name.lower()[:-1]}."
            )
        if end.partner_card is not None:
            out.line(f"Seat {seat} calls {out.card(end.partner_card)} as partner card.")
        if end.sitting_out:
            out.line(
                "Sitting out: "
                + ", ".join(f"seat {s}" for s in sorted(end.sitting_out))
                + "."
            )
        out.line()
        for line in _trick_table(out, rules, view(end, 0).tricks):
            out.line(line)
        out.line()
    for line in _result_lines(out, end):
        out.line(line)
    out.line(out.text(_scores_line(rules, end.scores)))


def _cmd_demo(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    seed = getattr(args, "seed", None)
    if seed is None:
        seed = _fresh_seed()
    bot = RuleBasedPlayer()
    out.line(
        out.bold("Five Hundred")
        + out.text(f": a demo hand ({_describe_rules(rules)}; seed {seed}).")
    )
    if rules.partnerships:
        teams = " play ".join(_side_name(rules, side) for side in range(rules.sides))
        out.line(out.text(f"{teams[0].upper()}{teams[1:]}."))
    out.line()
    state = new_game(rules, seed=seed)
    for _ in range(10):
        while state.to_act is not None:
            turn = state.to_act
            state = apply(state, bot.choose(state, turn))
        _show_hand_play(out, state)
        if state.contract is not None or state.phase is Phase.GAME_OVER:
            break
        out.line()
        state = next_hand(state)
    out.line()
    out.line(out.text(f"Replay it with --seed {seed}."))
    out.line(out.text("Play a game yourself: ") + out.bold(f"{_prog()} play"))
    return 0


# -- play ---------------------------------------------------------------------------------

_HELP_TEXT: Final = (
    "Type the number of a choice, or the action itself: a bid (7H, PASS, MIS), "
    "a card (10H, or JK:H to lead the Joker naming hearts), three cards to discard, "
    "a suit to nominate (H, or NONE), a partner card or ALONE.  "
    "h shows what the computer would do, q quits."
)


class _QuitError(Exception):
    """The player typed q (or the input ended)."""

    state: GameState | None = None
    """The state the game had reached (for ``--save``)."""


class _Terminal:
    """Reads the human player's lines."""

    def __init__(self, out: _Out, stdin: TextIO) -> None:
        self.out = out
        self.stdin = stdin
        self.echo = not (hasattr(stdin, "isatty") and stdin.isatty())

    def ask(self, prompt: str) -> str:
        self.out.stream.write(prompt)
        self.out.stream.flush()
        try:
            line = self.stdin.readline()
        except KeyboardInterrupt:
            self.out.stream.write("\n")  # end the prompt's line before the message
            self.out.stream.flush()
            raise
        if not line:
            self.out.stream.write("\n")
            raise _QuitError
        text = line.strip()
        if self.echo:
            self.out.stream.write(text + "\n")
        if text.lower() in {"q", "quit", "exit"}:
            raise _QuitError
        return text


def _parse_choice(text: str, choices: Sequence[Action], seen: SeatView) -> Action:
    """The action a typed line means: a choice's number, or an action's text.

    Raises:
        InvalidNotationError: if it means no action.
    """
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(choices):
            return choices[number - 1]
        msg = f"choose a number from 1 to {len(choices)}"
        raise InvalidNotationError(msg)
    words = text.upper()
    head = words.split()[0] if words.split() else ""
    if seen.phase is Phase.PLAY and head != "PLAY":
        words = "PLAY " + words
    elif seen.phase is Phase.DISCARD and head != "DISCARD":
        words = "DISCARD " + words
    elif seen.phase is Phase.NOMINATE and head != "NOMINATE":
        words = "NOMINATE " + words
    elif seen.phase is Phase.CALL_PARTNER and head != "CALL":
        words = "CALL " + words
    return parse_action(words)


def _human_turn(
    out: _Out, term: _Terminal, state: GameState, seat: int, helper: Player
) -> Action:
    seen = view(state, seat)
    context = seen.play_context
    out.line()
    if seen.phase is Phase.BIDDING and seen.calls:
        _show_auction(out, seen.calls)
    if seen.exposed and seen.contract is not None:
        out.line(
            f"Seat {seen.contract.contractor} plays open misère: "
            f"{_hand_text(out, seen.exposed, context)}"
        )
    if seen.trick is not None and seen.trick.plays:
        out.items(
            f"Trick {len(seen.tricks) + 1}: ",
            [f"seat {s} {out.card(c)}" for s, c in seen.trick.plays],
        )
    if seen.phase is Phase.DISCARD and seen.kitty:
        out.line(f"You take the kitty: {out.cards(_sorted_hand(seen.kitty, context))}.")
    out.line(f"Your hand: {_hand_text(out, seen.hand, context)}")
    suggestion = helper.choose(seen, seat)
    if seen.phase is Phase.DISCARD:
        choices: Sequence[Action] = [suggestion]
        out.line(
            f"Discard {KITTY_SIZE} cards: type them (e.g. "
            f"{' '.join(map(str, _sorted_hand(seen.hand, context)[-KITTY_SIZE:]))}), "
            "or choose"
        )
        out.columns([f"1. {out.action(suggestion)}"])
    else:
        choices = seen.legal_actions
        if seen.phase is Phase.PLAY:
            place = {c: i for i, c in enumerate(_sorted_hand(seen.hand, context))}
            choices = sorted(
                choices,
                key=lambda a: (
                    (place[a.card], -1 if a.suit is None else int(a.suit))
                    if isinstance(a, PlayCard)
                    else (0, 0)
                ),
            )
        prompt = {
            Phase.BIDDING: "Your call:",
            Phase.NOMINATE: "Nominate the Joker's suit?",
            Phase.CALL_PARTNER: "Call a partner card (or play alone):",
            Phase.PLAY: "Your play:",
        }[seen.phase]
        out.line(prompt)
        out.columns(
            [f"{n}. {out.action(a, short=True)}" for n, a in enumerate(choices, 1)]
        )
    while True:
        text = term.ask("> ")
        if not text:
            continue
        if text in {"?", "help"}:
            for line in textwrap.wrap(_HELP_TEXT, WIDTH):
                out.line(out.text(line))
            continue
        if text.lower() in {"h", "hint"}:
            out.line(f"The computer would choose {out.action(suggestion)}.")
            continue
        try:
            action = _parse_choice(text, choices, seen)
        except InvalidNotationError as error:
            message = str(error)
            out.line(out.text(f"{message[:1].upper()}{message[1:]}; type ? for help."))
            continue
        why = explain_illegal(state, action)
        if why is None:
            return action
        out.line(out.text(why[:1].upper() + why[1:] + "."))


def _announce(
    out: _Out, action: Action, seat: int, state: GameState, human: int
) -> None:
    """What everybody at the table sees of an action by someone else.

    ``state`` is the state before the action; ``human`` is the terminal player's seat.
    """
    who = f"Seat {seat}"
    if isinstance(action, Pass | TrickBid | MisereBid):
        out.line(f"{who} calls {out.call(action)}.")
    elif isinstance(action, Discard):
        out.line(f"{who} takes the kitty and discards {KITTY_SIZE} cards.")
    elif isinstance(action, NominateJoker):
        suit = "no suit" if action.suit is None else f"{action.suit.name.lower()}"
        out.line(f"{who} nominates the Joker: {suit}.")
    elif isinstance(action, CallPartner):
        if action.card is None:
            out.line(f"{who} plays alone.")
            return
        out.line(f"{who} calls {out.card(action.card)} as partner card.")
        if action.card in state.hands[human]:
            out.line(f"You hold it: you are seat {seat}'s partner.")


def _partner_revealed(out: _Out, action: Action, after: GameState, human: int) -> None:
    """Say who the partner is when the partner card is played (five players)."""
    card, partner, contract = after.partner_card, after.partner, after.contract
    if (
        not isinstance(action, PlayCard)
        or card is None
        or action.card != card
        or partner is None
        or partner == human
        or contract is None
    ):
        return
    out.line(
        f"Seat {partner} played the partner card {out.card(card)}: "
        f"seat {partner} is seat {contract.contractor}'s partner."
    )


def _cmd_play(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    human = args.seat
    if not 0 <= human < rules.players:
        msg = f"--seat {human}: seats are 0 to {rules.players - 1}"
        raise _UsageError(msg)
    if args.save is not None:
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            msg = f"--save {args.save}: cannot write in {folder}"
            raise _UsageError(msg)
    seed = args.seed if args.seed is not None else _fresh_seed()
    bots: list[Player] = [
        RandomPlayer(seed + seat) if args.opponents == "random" else RuleBasedPlayer()
        for seat in range(rules.players)
    ]
    helper = RuleBasedPlayer()
    term = _Terminal(out, sys.stdin)
    partners = [s for s in _seats_of(rules, side_of(rules, human)) if s != human]
    team = (
        f", partnered with {' and '.join(f'seat {s}' for s in partners)}"
        if partners
        else ""
    )
    out.line(out.bold("Five Hundred") + out.text(f": you are seat {human}{team}."))
    out.line(out.text(f"Rules: {_describe_rules(rules)}; seed {seed}."))
    out.line(out.text("Type a number or an action; ? for help, q to quit."))
    state = new_game(rules, seed=seed)
    try:
        return _play_hands(args, out, term, state, human, bots, helper)
    except _QuitError as stop:
        out.line("Game abandoned.")
        _save(args, out, stop.state)
        return 0


def _save(args: argparse.Namespace, out: _Out, state: GameState | None) -> None:
    """Write the game record to ``--save`` (text form), if asked."""
    if args.save is None or state is None:
        return
    try:
        with open(args.save, "w", encoding="utf-8") as file:
            file.write(record(state).to_text())
    except OSError as error:
        msg = f"--save {args.save}: {error.strerror or error}"
        raise _UsageError(msg) from None
    out.line(out.text(f"Game saved to {args.save} (check a move: legal {args.save})."))


def _play_hands(
    args: argparse.Namespace,
    out: _Out,
    term: "_Terminal",
    state: GameState,
    human: int,
    bots: list[Player],
    helper: RuleBasedPlayer,
) -> int:
    rules = state.rules
    try:
        for _ in range(args.hands):
            out.line()
            out.line(
                out.bold(f"Hand {state.hand_number + 1}")
                + out.text(f": seat {state.dealer} deals.")
            )
            while state.to_act is not None:
                seat = state.to_act
                if seat == human:
                    action = _human_turn(out, term, state, seat, helper)
                else:
                    action = bots[seat].choose(view(state, seat), seat)
                    _announce(out, action, seat, state, human)
                before = state
                state = apply(state, action)
                _partner_revealed(out, action, state, human)
                if (
                    isinstance(action, Pass | TrickBid | MisereBid)
                    and state.contract is not None
                    and before.contract is None
                ):
                    contract = state.contract
                    out.line(
                        f"Contract: {out.call(contract.bid)} by seat {contract.contractor}."
                    )
                if state.tricks_played > before.tricks_played:
                    trick = view(state, human).tricks[-1]
                    out.items(
                        f"Trick {state.tricks_played}: ",
                        [f"seat {s} {out.card(c)}" for s, c in trick.plays],
                        f"; won by seat {trick.winner}.",
                    )
            out.line()
            for line in _result_lines(out, state):
                out.line(line)
            out.line(out.text(_scores_line(rules, state.scores)))
            if state.phase is Phase.GAME_OVER:
                out.line()
                mine = side_of(rules, human) in state.winners
                out.line(
                    out.bold("You win!" if mine else "You lose.")
                    + " "
                    + out.text(_winners_line(rules, state.winners))
                )
                _save(args, out, state)
                return 0
            state = next_hand(state)
    except _QuitError as stop:
        stop.state = state
        raise
    out.line()
    out.line(out.text(f"Stopped after {_plural(args.hands, 'hand')}."))
    _save(args, out, state)
    return 0


# -- simulate -----------------------------------------------------------------------------


@attrs.define
class _Stats:
    """Counts gathered over simulated hands."""

    hands: int = 0
    thrown_in: int = 0
    games: int = 0
    game_hands: int = 0
    bid: dict[str, int] = attrs.Factory(dict)
    made: dict[str, int] = attrs.Factory(dict)
    points: dict[str, int] = attrs.Factory(dict)
    rank: dict[str, int] = attrs.Factory(dict)
    contractor_points: int = 0
    defender_points: int = 0
    defender_sides: int = 0

    def add(self, state: GameState) -> None:
        self.hands += 1
        contract, result = state.contract, state.hand_result
        if contract is None or result is None:
            self.thrown_in += 1
            return
        key = str(contract.bid)
        contractors = _contractor_sides(state)
        taken = sum(state.tricks_won[side] for side in contractors)
        bid = contract.bid
        made = taken == 0 if isinstance(bid, MisereBid) else taken >= bid.tricks
        side = side_of(state.rules, contract.contractor)
        self.bid[key] = self.bid.get(key, 0) + 1
        self.made[key] = self.made.get(key, 0) + made
        self.points[key] = self.points.get(key, 0) + result[side]
        self.rank.setdefault(key, bid_rank(bid, state.rules))
        self.contractor_points += result[side]
        for other, points in enumerate(result):
            if other not in contractors:
                self.defender_points += points
                self.defender_sides += 1


@contextlib.contextmanager
def _progress(out: _Out, total: int, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A function that reports progress: a rich progress bar, or nothing."""
    if not enabled:
        yield lambda done: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeRemainingColumn,
    )

    columns = ("simulating", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=out.console, transient=True) as bar:
        task = bar.add_task("hands", total=total)
        yield lambda done: bar.update(task, completed=done)


def _simulate(
    rules: Rules, hands: int, seed: int, report: Callable[[int], None]
) -> _Stats:
    stats = _Stats()
    rng = SplitMix64(seed)
    bot = RuleBasedPlayer()
    state = new_game(rules, seed=rng.next64())
    game_hands = 0
    for done in range(1, hands + 1):
        while state.to_act is not None:
            seat = state.to_act
            state = apply(state, bot.choose(state, seat))
        stats.add(state)
        game_hands += 1
        if state.phase is Phase.GAME_OVER:
            stats.games += 1
            stats.game_hands += game_hands
            game_hands = 0
            state = new_game(rules, seed=rng.next64())
        else:
            state = next_hand(state)
        if done % 50 == 0 or done == hands:
            report(done)
    return stats


def _cmd_simulate(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    seed = args.seed if args.seed is not None else _fresh_seed()
    show = args.progress == "always" or (args.progress == "auto" and out.rich)
    if show and not out.rich:
        msg = (
            "--progress always needs rich and --color (pip install 'five-hundred[cli]')"
        )
        raise _UsageError(msg)
    start = time.perf_counter()
    with _progress(out, args.hands, show) as report:
        stats = _simulate(rules, args.hands, seed, report)
    elapsed = max(time.perf_counter() - start, 1e-9)
    n = stats.hands
    out.line(
        out.bold(f"Simulated {_plural(n, 'hand')}")
        + out.text(
            f" of self-play in {elapsed:.1f} s ({n / elapsed:,.0f} hands a second)."
        )
    )
    out.line(out.text(f"Rules: {_describe_rules(rules)}; seed {seed}."))
    if stats.games:
        average = stats.game_hands / stats.games
        games = f"{_plural(stats.games, 'game')} finished, {average:.1f} hands a game"
    else:
        games = "no game finished"
    out.line(
        out.text(
            f"{games}; {_plural(stats.thrown_in, 'hand')} thrown in "
            f"({100 * stats.thrown_in / n:.1f}%)."
        )
    )
    out.line()
    out.line(
        f"{'contract':<8}{'bid':>6}  {'share':>6}  {'made':>5}  {'made %':>6}"
        f"  {'avg score':>9}"
    )

    def row(name: str, count: int, made: int, points: int) -> str:
        return (
            out.pad(name, 8)
            + f"{count:>6}  {100 * count / n:>5.1f}%  {made:>5}  "
            + f"{100 * made / count:>5.1f}%  {points / count:>+9.1f}"
        )

    for key in sorted(stats.bid, key=stats.rank.__getitem__):
        name = out.call(parse_bid(key))
        out.line(row(name, stats.bid[key], stats.made[key], stats.points[key]))
    played = sum(stats.bid.values())
    if played:
        made = sum(stats.made.values())
        out.line(row("all", played, made, stats.contractor_points))
    out.line()
    each = stats.defender_points / max(stats.defender_sides, 1) * played / n
    out.line(
        out.text(
            f"Per hand, thrown-in hands included: the contracting side scores "
            f"{stats.contractor_points / n:+.1f} on average, each defending side "
            f"{each:+.1f}."
        )
    )
    return 0


# -- the parser ---------------------------------------------------------------------------


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


def _parser() -> _Parser:
    from five_hundred import __version__

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
        "--version", action="version", version=f"%(prog)s {__version__}"
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

    def command(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name,
            help=summary,
            description=_fill(description),
            formatter_class=_Formatter,
        )
        _add_colour(sub)
        return sub

    demo = command(
        "demo",
        "a demo hand between computer players (the default)",
        "Deal a hand and let computer players bid and play it, showing the "
        "auction, every trick and the scores.",
    )
    demo.add_argument(
        "--seed", type=_seed_arg, default=_SUPPRESS, help="seed of the deal"
    )
    _add_rules_options(demo)
    demo.set_defaults(handler=_cmd_demo)

    table = command(
        "table",
        "the scoring table",
        "Show the scoring table (what each contract is worth) for the rules.",
    )
    _add_rules_options(table)
    table.set_defaults(handler=_cmd_table)

    score = command(
        "score",
        "what a hand scores: score 8H --tricks 9",
        "Score a finished hand: the contract, and the tricks the contracting side "
        "took. The other tricks go to the defenders (split evenly between several "
        "defending sides unless --defenders says otherwise).\n\n"
        "Examples:\n  score 8H --tricks 9\n  score MIS --tricks 0\n"
        "  score 7NT --tricks 6 --scores 450,300\n"
        "  score 9S --tricks 9 --players 3 --defenders 1,0",
    )
    score.add_argument(
        "bid", metavar="CONTRACT", help="the contract: 8H, 7NT, 6S-SK, MIS, OMIS, BMIS"
    )
    score.add_argument(
        "--tricks",
        type=int,
        required=True,
        metavar="N",
        help="tricks the contracting side took (misère: the contractor)",
    )
    score.add_argument(
        "--side",
        type=int,
        default=0,
        metavar="SIDE",
        help="the contracting side (default 0)",
    )
    score.add_argument(
        "--partner",
        type=int,
        default=None,
        metavar="SEAT",
        help="five players: the called partner's seat",
    )
    score.add_argument(
        "--defenders",
        metavar="N,N",
        default=None,
        help="tricks of each defending side, in side order",
    )
    score.add_argument(
        "--scores",
        metavar="N,N",
        default=None,
        help="each side's total before the hand: show the new totals",
    )
    _add_rules_options(score)
    score.set_defaults(handler=_cmd_score)

    legal = command(
        "legal",
        "the legal actions in a position",
        "List the legal actions in a position, or say whether --action is legal and "
        "why not (exit status 1 if it is not). The position is a game record (text "
        "or JSON, as written by five_hundred.records; - reads stdin), or a seeded "
        "deal and the actions since.\n\n"
        "Examples:\n  legal game.txt --action 'PLAY 10H'\n"
        "  legal --seed 1 --actions '7H, PASS, PASS, PASS'\n"
        "  legal --seed 1 --actions 'PASS 6S PASS PASS' --action 6NT",
    )
    legal.add_argument(
        "record", nargs="?", metavar="RECORD", help="a game record file, or -"
    )
    legal.add_argument(
        "--seed", type=_seed_arg, default=None, help="seed of the deal (new_game)"
    )
    legal.add_argument(
        "--dealer", type=int, default=0, metavar="SEAT", help="the dealer (default 0)"
    )
    legal.add_argument(
        "--actions",
        metavar="ACTIONS",
        default=None,
        help="the actions so far, separated by commas (or spaces)",
    )
    legal.add_argument(
        "--action", metavar="ACTION", default=None, help="an action to check"
    )
    _add_rules_options(legal)
    legal.set_defaults(handler=_cmd_legal)

    play = command(
        "play",
        "play a game against computer players",
        "Play a game in the terminal against computer players. Your hand is shown "
        "sorted and your legal choices numbered: type a number or an action. "
        "? shows help, h a hint, q quits.",
    )
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--seed", type=_seed_arg, default=None, help="seed of the game")
    play.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help="write the game record (text form) to FILE when the game stops",
    )
    play.add_argument(
        "--opponents",
        choices=("rules", "random"),
        default="rules",
        help="the computer players: rule-based (default) or random",
    )
    play.add_argument(
        "--hands",
        type=_count_arg,
        default=1000,
        metavar="N",
        help="stop after N hands (default 1000)",
    )
    _add_rules_options(play)
    play.set_defaults(handler=_cmd_play)

    simulate = command(
        "simulate",
        "self-play statistics",
        "Let rule-based computer players play hands against each other and report "
        "how often each contract is bid and made and what it scores.",
    )
    simulate.add_argument(
        "-n",
        "--hands",
        type=_count_arg,
        default=1000,
        metavar="N",
        help="hands to play (default 1000)",
    )
    simulate.add_argument(
        "--seed", type=_seed_arg, default=None, help="seed of the run"
    )
    simulate.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="a progress bar (with rich, on a terminal by default)",
    )
    _add_rules_options(simulate)
    simulate.set_defaults(handler=_cmd_simulate)
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
            args, "handler", _cmd_demo
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
