"""``play``: a game in the terminal against computer players."""

import argparse
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Final, TextIO

from five_hundred.actions import (
    Action,
    CallPartner,
    Discard,
    NominateJoker,
    PlayCard,
    parse_action,
)
from five_hundred.bidding import MisereBid, Pass, TrickBid
from five_hundred.bots import Player, RandomPlayer, RuleBasedPlayer
from five_hundred.cli._args import (
    MAX_LINE,
    _add_command,
    _add_rules_options,
    _Commands,
    _count_arg,
    _fresh_seed,
    _int_arg,
    _is_seat,
    _rules,
    _seed_arg,
    _UsageError,
)
from five_hundred.cli._game_text import (
    _describe_rules,
    _result_lines,
    _scores_line,
    _seats_of,
    _show_auction,
    _winners_line,
)
from five_hundred.cli._output import WIDTH, _hand_text, _Out, _plural, _sorted_hand
from five_hundred.dealing import KITTY_SIZE
from five_hundred.errors import InvalidNotationError
from five_hundred.records import record
from five_hundred.rules import side_of
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    explain_illegal,
    new_game,
    next_hand,
)
from five_hundred.views import SeatView, view

__all__ = ["add_parser", "run"]

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
            line = self.stdin.readline(MAX_LINE + 1)
        except KeyboardInterrupt:
            self.out.stream.write("\n")  # end the prompt's line before the message
            self.out.stream.flush()
            raise
        except (OSError, ValueError) as error:  # ValueError: a closed stream
            msg = f"cannot read stdin: {error}"
            raise _UsageError(msg) from None
        if len(line) > MAX_LINE:
            msg = f"a line longer than {MAX_LINE} characters at the prompt"
            raise _UsageError(msg)
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
    if text.isascii() and text.isdigit():
        number = int(text) if len(text) < 10 else 0  # too long to be a choice
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


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``play`` with the parsed ``args``; return the exit status."""
    rules = _rules(args)
    human = args.seat
    if not _is_seat(rules, human):
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
    if sys.stdin is None:
        msg = "play reads your moves from stdin, which is closed"
        raise _UsageError(msg)
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


def add_parser(commands: _Commands) -> None:
    """Add the ``play`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "play",
        "play a game against computer players",
        "Play a game in the terminal against computer players. Your hand is shown "
        "sorted and your legal choices numbered: type a number or an action. "
        "? shows help, h a hint, q quits.",
    )
    parser.add_argument(
        "--seat", type=_int_arg, default=0, help="your seat (default 0)"
    )
    parser.add_argument("--seed", type=_seed_arg, default=None, help="seed of the game")
    parser.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help="write the game record (text form) to FILE when the game stops",
    )
    parser.add_argument(
        "--opponents",
        choices=("rules", "random"),
        default="rules",
        help="the computer players: rule-based (default) or random",
    )
    parser.add_argument(
        "--hands",
        type=_count_arg,
        default=1000,
        metavar="N",
        help="stop after N hands (default 1000)",
    )
    _add_rules_options(parser)
    parser.set_defaults(handler=run)
