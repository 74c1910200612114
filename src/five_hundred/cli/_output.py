"""Output of the command line: plain notation, or suit symbols and colour with rich.

:class:`_Out` writes the lines (wrapped to the terminal's width, :data:`WIDTH`
columns when the output is not a terminal) and formats cards,
suits, calls and actions; the other helpers sort and show a hand, and count words.
"""

import os
import shutil
from collections.abc import Callable, Sequence
from typing import Any, Final, TextIO

from five_hundred.actions import Action, CallPartner, Discard, NominateJoker, PlayCard
from five_hundred.bidding import Bid, Pass, TrickBid
from five_hundred.cards import Card, Strain, Suit
from five_hundred.tricks import PlayContext, card_power, effective_suit

WIDTH: Final = 80
"""The width the output fits in when it is not a terminal (a file, a pipe)."""
MIN_WIDTH: Final = 40
"""The narrowest terminal width used (narrower terminals wrap what does not fit)."""


def _width_of(stream: TextIO) -> int:
    """The width to fit: the terminal's (``COLUMNS`` first), else :data:`WIDTH`."""
    try:
        is_terminal = stream.isatty()
    except (AttributeError, ValueError, OSError):
        is_terminal = False
    if not is_terminal:
        return WIDTH
    return max(MIN_WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)


_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


class _Out:
    """Writes to stdout: plain notation, or suit symbols and colour through rich."""

    def __init__(self, stream: TextIO, *, colour: bool) -> None:
        self.stream = stream
        self.limit = _width_of(stream)
        """The width the lines fit in."""
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
                width=self.limit,
                force_terminal=True,
                no_color=bool(os.environ.get("NO_COLOR")),
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

    def items(
        self, head: str, items: Sequence[str], tail: str = "", *, sep: str = ", "
    ) -> None:
        """Print ``head`` and items separated by ``sep``, wrapped between items."""
        line = head
        for index, item in enumerate(items):
            piece = item + (sep if index < len(items) - 1 else tail)
            if line.strip() and self.width(line + piece.rstrip()) > self.limit:
                self.line(line.rstrip())
                line = "  "
            line += piece
        self.line(line.rstrip())

    def _wrap(self, text: str) -> list[str]:
        if self.width(text) <= self.limit:
            return [text]
        indent = " " * (len(text) - len(text.lstrip(" ")) + 2)
        lines: list[str] = []
        line = ""
        for word in text.split(" "):
            candidate = f"{line} {word}" if line.strip() else line + word
            if line.strip() and self.width(candidate) > self.limit:
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
        per_line = max(1, (self.limit - indent) // cell)
        for start in range(0, len(items), per_line):
            row = items[start : start + per_line]
            self.line(
                " " * indent + "".join(self.pad(item, cell) for item in row).rstrip()
            )


def _pack_key(card: Card) -> tuple[int, int]:
    if card.suit is None or card.rank is None:
        return (4, 0)
    return (card.suit, card.rank)


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


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _write_json(stream: TextIO, data: object) -> None:
    """Write ``data`` as one JSON document (the ``--json`` output)."""
    import json

    stream.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
