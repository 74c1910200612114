"""``play``: a game in the terminal against computer players."""

import argparse
import os
import re
import sys
import textwrap
import time
from collections.abc import Sequence
from typing import Final, TextIO

import attrs

from five_hundred.actions import (
    Action,
    CallPartner,
    Discard,
    NominateJoker,
    PlayCard,
    parse_action,
)
from five_hundred.bidding import BLIND_MISERE, MisereBid, Pass, TrickBid
from five_hundred.bots import Player, RandomPlayer, RuleBasedPlayer
from five_hundred.cards import parse_card
from five_hundred.cli._args import (
    MAX_LINE,
    _add_command,
    _add_rules_options,
    _Commands,
    _count_arg,
    _fresh_seed,
    _is_seat,
    _is_whole,
    _rules,
    _seed_arg,
    _UsageError,
)
from five_hundred.cli._game_text import (
    _describe_rules,
    _result_lines,
    _rules_summary,
    _scores_line,
    _show_auction,
    _winners_line,
)
from five_hundred.cli._output import _hand_text, _Out, _plural, _sorted_hand
from five_hundred.cli.legal import _read_record
from five_hundred.dealing import KITTY_SIZE
from five_hundred.errors import InvalidNotationError, quote
from five_hundred.records import record
from five_hundred.rules import Rules, seats_of, side_of
from five_hundred.sampling import LEVELS, SamplingPlayer
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

_COMMANDS_HELP: Final = (
    "Also: hint shows what the computer would do, status the contract, tricks and "
    "scores, rules the rules in force, q quits (it asks first and offers to save; "
    "so does Ctrl-C).  Commands are whole words, so a single letter is always a "
    "card, a suit or a choice."
)

_PHASE_HELP: Final = {
    Phase.BIDDING: "Type the number of a choice, or the call itself: a bid or PASS.",
    Phase.DISCARD: (
        "Type the three cards to put down (e.g. 4D 5D 6S), or 1 for the suggested "
        "discard.  The cards you discard take no further part."
    ),
    Phase.NOMINATE: (
        "You hold the Joker: type a suit (S, C, D, H) to make it that suit's highest "
        "card for the whole hand, or NONE to keep it without a suit (it then wins any "
        "trick it is played to).  Or type the number of a choice.  S, C, D and H "
        "are the suits here (type hint for a hint)."
    ),
    Phase.CALL_PARTNER: (
        "Type a card (e.g. AH): whoever holds it is your partner for this hand, "
        "revealed when it is played.  Or ALONE to play on your own.  Or the number "
        "of a choice."
    ),
    Phase.PLAY: (
        "Type a card to play (10H, QS, JK), or the number of a choice.  When you "
        "lead the Joker in no trumps, say which suit it stands for: JK:H."
    ),
}


def _bid_help(rules: Rules) -> list[str]:
    """What each kind of bid means, for the bids the rules allow."""
    lines = [
        (
            "Bids: 6S to 10NT say how many of the ten tricks your side will take (6 "
            "to 10) and the trumps: S spades, C clubs, D diamonds, H hearts, NT no "
            "trumps.  A bid must outrank the one standing; rules shows their values."
        ),
        "PASS: no bid.",
    ]
    if rules.sans_kitty:
        lines.append(
            "-SK after a bid (7H-SK): sans kitty, played without taking up the "
            "kitty; it ranks just above the same bid and scores the same."
        )
    if rules.misere:
        lines.append(
            "MIS, misère: win no trick at all; you play alone (a partner lays their "
            "hand down)."
        )
        if rules.open_misere:
            lines.append(
                "OMIS, open misère: misère with your hand laid face up for everyone "
                "to see."
            )
        if rules.blind_misere:
            lines.append(
                "BMIS, blind misère: misère called before looking at your cards, "
                "only as your first call of the hand: you are asked before your "
                "hand is shown."
            )
    return lines


def _help_lines(seen: SeatView) -> list[str]:
    """What ``?`` shows: what can be typed now, and (in the bidding) the bids."""
    lines = [_PHASE_HELP[seen.phase]]
    if seen.phase is Phase.BIDDING:
        lines += _bid_help(seen.rules)
    lines.append(_COMMANDS_HELP)
    return lines


class _QuitError(Exception):
    """The player quit (q, confirmed) or the input ended."""

    def __init__(self, state: GameState, *, eof: bool) -> None:
        super().__init__("quit")
        self.state = state
        self.eof = eof


class _EndOfInputError(Exception):
    """The input ended at a prompt."""


class _Terminal:
    """Reads the human player's lines."""

    def __init__(self, out: _Out, stdin: TextIO) -> None:
        self.out = out
        self.stdin = stdin
        self.echo = not (hasattr(stdin, "isatty") and stdin.isatty())

    def ask(self, prompt: str) -> str:
        """A line typed at ``prompt``, stripped (raises _EndOfInputError at the end)."""
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
            raise _EndOfInputError
        text = line.strip()
        if self.echo:
            self.out.stream.write(text + "\n")
        return text


def _parse_choice(text: str, choices: Sequence[Action], seen: SeatView) -> Action:
    """The action a typed line means: a choice's number, or an action's text.

    Raises:
        InvalidNotationError: if it means no action.
    """
    if text.isascii() and text.lstrip("+-").isdigit():
        number = int(text) if len(text) < 10 else 0  # too long to be a choice
        if 1 <= number <= len(choices):
            return choices[number - 1]
        if len(choices) == 1:
            msg = f"{text} is not a choice: type 1 (the only choice) or the action"
        else:
            msg = (
                f"{text} is not a choice: type a number from 1 to {len(choices)} "
                "or the action"
            )
        raise InvalidNotationError(msg)
    try:
        return parse_action(text, context=seen)
    except InvalidNotationError:
        if seen.phase is not Phase.BIDDING:
            raise
        msg = (
            f"{quote(text)} is not a call: expected a bid (6S to 10NT, 7H-SK, MIS, OMIS, "
            "BMIS), PASS, or the number of a choice"
        )
        raise InvalidNotationError(msg) from None


def _side_label(rules: Rules, side: int) -> str:
    return "+".join(map(str, seats_of(rules, side)))


def _show_status(out: _Out, seen: SeatView) -> None:
    """The status line, wrapped only between its parts (a label stays with its value)."""
    out.items("Status: ", _status_parts(out, seen), sep=" | ")


def _status_parts(out: _Out, seen: SeatView) -> list[str]:
    """The contract, the Joker's nomination, the tricks won by each side, the scores."""
    rules = seen.rules
    parts = []
    if seen.contract is not None:
        contract = seen.contract
        who = f"seat {contract.contractor}"
        if seen.partner is not None and seen.partner != contract.contractor:
            who += f" with seat {seen.partner}"
        parts.append(f"contract {out.call(contract.bid)} by {who}")
        if seen.joker_suit is not None:
            parts.append(f"Joker {out.suit(seen.joker_suit)}")
        parts.append(
            "tricks "
            + ", ".join(
                f"{_side_label(rules, side)}: {won}"
                for side, won in enumerate(seen.tricks_won)
            )
        )
    parts.append(
        "scores "
        + ", ".join(
            f"{_side_label(rules, side)}: {score}"
            for side, score in enumerate(seen.scores)
        )
    )
    return parts  # markup: no square brackets


def _show_resumed(out: _Out, seen: SeatView, human: int | None) -> None:
    """What happened so far in a resumed hand, as the player's seat saw it."""
    if seen.calls:
        _show_auction(out, seen.calls)
    contract = seen.contract
    if contract is None:
        return
    out.line(f"Contract: {out.call(contract.bid)} by seat {contract.contractor}.")
    if seen.joker_suit is not None:
        out.line(
            f"Seat {contract.contractor} nominated the Joker: "
            f"{seen.joker_suit.name.lower()}."
        )
    trick = seen.trick
    if trick is not None and trick.plays and seen.to_act != human:
        out.items(
            f"Trick {len(seen.tricks) + 1} so far: ",
            [f"seat {s} {out.card(c)}" for s, c in trick.plays],
        )


def _who(seat: int, human: int | None) -> str:
    return "You" if seat == human else f"Seat {seat}"


def _ask_quit(
    out: _Out, term: _Terminal, args: argparse.Namespace, state: GameState
) -> bool:
    """Ask whether to quit, and whether to save first; True to quit."""
    answer = term.ask("Quit the game? (y/n) ").lower()
    if answer not in {"y", "yes"}:
        out.line("Back to the game.")
        return False
    if args.save is not None:
        _save(args.save, out, state)
        return True
    while True:
        name = term.ask("Save it first? Type a file name, or Enter to quit unsaved: ")
        if not name:
            return True
        try:
            _save(name, out, state)
        except _UsageError as error:
            out.line(out.text(f"{error}; try another name."))
            continue
        return True


_CARD_WORD: Final = re.compile(
    r"(?<![\w'])(?:10|1[1-3]|[2-9JQKA])[SCDH](?![\w'])|(?<![\w'])JK(?![\w'])"
)
"""A card in the library's notation inside a message (not inside quoted input)."""


def _on_screen(out: _Out, message: str) -> str:
    """A message with its cards shown as the screen shows cards (symbols in colour)."""
    if not out.rich:
        return out.text(message)
    pieces: list[str] = []
    at = 0
    for found in _CARD_WORD.finditer(message):
        pieces += [
            out.text(message[at : found.start()]),
            out.card(parse_card(found.group())),
        ]
        at = found.end()
    return "".join([*pieces, out.text(message[at:])])


def _interrupted(
    out: _Out, term: "_Terminal", args: argparse.Namespace, state: GameState
) -> None:
    """Ctrl-C at a prompt: the offer ``q`` makes (quit, saving first); else go on.

    A second Ctrl-C while it asks ends the program at once (unsaved).
    """
    if _ask_quit(out, term, args, state):
        raise _QuitError(state, eof=False)


def _asks_blind_misere(term: "_Terminal") -> bool:
    """Whether the player calls blind misère, asked before the hand is shown.

    Only ``y`` or ``yes`` calls it; anything else (Enter) goes on to the hand.
    """
    answer = term.ask(
        "Your first call: blind misère (BMIS), before looking at your cards? (y/N) "
    )
    return answer.lower() in {"y", "yes"}


def _human_turn(
    out: _Out,
    term: _Terminal,
    state: GameState,
    seat: int,
    helper: Player,
    args: argparse.Namespace,
) -> Action:
    seen = view(state, seat)
    context = seen.play_context
    out.line()
    if seen.phase is Phase.BIDDING and seen.calls:
        _show_auction(out, seen.calls)
    if BLIND_MISERE in seen.legal_actions:  # the seat's first call: before the hand
        while True:
            try:
                blind = _asks_blind_misere(term)
            except KeyboardInterrupt:
                _interrupted(out, term, args, state)
                continue
            break
        if blind:
            return BLIND_MISERE
        seen = attrs.evolve(
            seen,
            legal_actions=tuple(a for a in seen.legal_actions if a != BLIND_MISERE),
        )
    if seen.phase is Phase.PLAY:
        _show_status(out, seen)
    if seen.exposed and seen.contract is not None:
        out.line(
            f"Seat {seen.contract.contractor} plays open misère: "
            f"{_hand_text(out, seen.exposed, context)}"
        )
    if seen.trick is not None and seen.trick.plays:
        out.items(
            f"Trick {len(seen.tricks) + 1} so far: ",
            [f"seat {s} {out.card(c)}" for s, c in seen.trick.plays],
        )
    elif seen.phase is Phase.PLAY:
        out.line(f"You lead trick {len(seen.tricks) + 1}.")
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
            if args.auto and len(choices) == 1:
                out.line(out.text("Your only legal card is played for you."))
                return choices[0]
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
        try:
            text = term.ask("> ")
        except KeyboardInterrupt:
            _interrupted(out, term, args, state)
            continue
        if not text:
            continue
        word = text.lower()
        if word in {"?", "help"}:
            for paragraph in _help_lines(seen):
                for line in textwrap.wrap(paragraph, out.limit):
                    out.line(out.text(line))
            continue
        if word == "hint":
            out.line(f"The computer would choose {out.action(suggestion)}.")
            continue
        if word == "status":
            _show_status(out, seen)
            continue
        if word == "rules":
            for line in _rules_summary(seen.rules):
                out.line(out.text(line))
            continue
        if word in {"q", "quit", "exit"}:
            if _ask_quit(out, term, args, state):
                raise _QuitError(state, eof=False)
            continue
        try:
            action = _parse_choice(text, choices, seen)
        except InvalidNotationError as error:
            message = str(error)
            out.line(
                _on_screen(out, f"{message[:1].upper()}{message[1:]}; type ? for help.")
            )
            continue
        if action == BLIND_MISERE and action not in seen.legal_actions:
            out.line(
                out.text(
                    "Blind misère is called before looking at your cards: "
                    "too late now that you have seen them."
                )
            )
            continue
        why = explain_illegal(state, action, seat=seat)
        if why is None:
            return action
        out.line(_on_screen(out, why[:1].upper() + why[1:] + "."))


def _announce(
    out: _Out, action: Action, seat: int, state: GameState, human: int | None
) -> None:
    """The confirmation everybody at the table sees of an action (yours included).

    ``state`` is the state before the action; ``human`` is the terminal player's seat.
    """
    who = _who(seat, human)
    if isinstance(action, Pass | TrickBid | MisereBid):
        out.line(f"{who} call{'' if seat == human else 's'} {out.call(action)}.")
    elif isinstance(action, Discard):
        if seat == human:
            shown = out.cards(_sorted_hand(tuple(action.cards), None))
            out.line(f"You take the kitty and discard {shown}.")
        else:
            out.line(f"{who} takes the kitty and discards {KITTY_SIZE} cards.")
    elif isinstance(action, NominateJoker):
        if action.suit is None and human is not None and seat != human:
            return  # declined: the others cannot tell it happened (rules page)
        suit = "no suit" if action.suit is None else f"{action.suit.name.lower()}"
        verb = "nominate" if seat == human else "nominates"
        out.line(f"{who} {verb} the Joker: {suit}.")
    elif isinstance(action, CallPartner):
        if action.card is None:
            out.line(f"{who} play{'' if seat == human else 's'} alone.")
            return
        verb = "call" if seat == human else "calls"
        out.line(f"{who} {verb} {out.card(action.card)} as partner card.")
        if human is not None and seat != human and action.card in state.hands[human]:
            out.line(f"You hold it: you are seat {seat}'s partner.")
    elif isinstance(action, PlayCard):
        leads = not state.trick
        verb = ("lead" if leads else "play") + ("" if seat == human else "s")
        named = "" if action.suit is None else f" for {action.suit.name.lower()}"
        out.line(f"{who} {verb} {out.card(action.card)}{named}.")


def _partner_revealed(
    out: _Out, action: Action, after: GameState, human: int | None
) -> None:
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


def _start(args: argparse.Namespace) -> GameState:
    """The game to play: a new one, or the one ``--load`` names."""
    if args.load is None:
        seed = args.seed if args.seed is not None else _fresh_seed()
        return new_game(_rules(args), seed=seed)
    if args.seed is not None:
        msg = "argument --load: the game's seed comes from the record; drop --seed"
        raise _UsageError(msg)
    if _rules(args) != Rules():
        msg = (
            "argument --load: the game's rules come from the record; drop the rules "
            "options"
        )
        raise _UsageError(msg)
    state = _read_record(args.load)
    if state.phase is Phase.GAME_OVER:
        msg = f"argument --load: that game is over, got {args.load!r}"
        raise _UsageError(msg)
    if state.phase is Phase.HAND_OVER:
        state = next_hand(state)
    return state


def _opponent(args: argparse.Namespace, seed: int) -> Player:
    """A computer player: the sampling player at ``--level``, else ``--opponents``."""
    if args.level is not None:
        if args.opponents != "rules":
            msg = "argument --level: the computer players are --opponents or --level"
            raise _UsageError(msg)
        return SamplingPlayer.level(args.level, seed=seed)
    if args.opponents == "random":
        return RandomPlayer(seed)
    return RuleBasedPlayer()


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``play`` (or ``watch``) with the parsed ``args``; return the exit status."""
    human: int | None = args.seat
    if args.save is not None:
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            msg = f"argument --save: cannot write in {folder}, got {args.save!r}"
            raise _UsageError(msg)
    state = _start(args)
    rules = state.rules
    if human is not None and not _is_seat(rules, human):
        msg = (
            f"argument --seat: expected a seat from 0 to {rules.players - 1} or none, "
            f"got {human}"
        )
        raise _UsageError(msg)
    seed = state.seed if state.seed is not None else 0
    bots = [_opponent(args, seed + seat) for seat in range(rules.players)]
    helper = RuleBasedPlayer()
    if sys.stdin is None:
        msg = "play reads your moves from stdin, which is closed"
        raise _UsageError(msg)
    term = _Terminal(out, sys.stdin)
    if human is None:
        out.line(out.bold("Five Hundred") + out.text(": computer players only."))
    else:
        partners = [s for s in seats_of(rules, side_of(rules, human)) if s != human]
        team = (
            f", partnered with {' and '.join(f'seat {s}' for s in partners)}"
            if partners
            else ""
        )
        out.line(out.bold("Five Hundred") + out.text(f": you are seat {human}{team}."))
    out.line(out.text(f"Rules: {_describe_rules(rules)}; seed {seed}."))
    if args.load is not None:
        out.line(
            out.text(
                f"Resuming hand {view(state, None).hand_ordinal}, "
                f"{_plural(len(state.moves), 'move')} into it, from {args.load}."
            )
        )
    if human is not None:
        out.line(out.text("Type a number or an action; ? for help, q to quit."))
    try:
        return _play_hands(args, out, term, state, human, bots, helper)
    except _QuitError as stop:
        if stop.eof:
            if args.save is not None:
                _save(args.save, out, stop.state)
            msg = "the input ended before the game did: game abandoned" + (
                "" if args.save is not None else " (--save FILE keeps it)"
            )
            raise _UsageError(msg) from None
        out.line("Game abandoned.")
        return 0


def _save(path: str, out: _Out, state: GameState) -> None:
    """Write the game record to ``path`` (text form)."""
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(record(state).to_text())
    except OSError as error:
        msg = f"cannot save to {path}: {error.strerror or error}"
        raise _UsageError(msg) from None
    out.line(
        out.text(
            f"Game saved to {path} (resume: play --load {path}; check a move: "
            f"legal {path})."
        )
    )


def _play_hands(
    args: argparse.Namespace,
    out: _Out,
    term: "_Terminal",
    state: GameState,
    human: int | None,
    bots: list[Player],
    helper: RuleBasedPlayer,
) -> int:
    rules = state.rules
    delay = _delay(args, out)
    for _ in range(args.hands):
        out.line()
        seen = view(state, human)
        out.line(
            out.bold(f"Hand {seen.hand_ordinal}")
            + out.text(f": seat {state.dealer} deals.")
        )
        if state.moves:  # a hand resumed from a record
            _show_resumed(out, seen, human)
        if seen.phase is not Phase.PLAY or human is None:
            _show_status(out, seen)  # (in the play the player's turn shows it)
        if human is None and state.phase is Phase.BIDDING and not state.moves:
            for seat in range(rules.players):
                hand = state.hands[seat]
                if hand:
                    out.line(f"  seat {seat}: {_hand_text(out, hand, None)}")
        while state.to_act is not None:
            seat = state.to_act
            if seat == human:
                try:
                    action = _human_turn(out, term, state, seat, helper, args)
                except _EndOfInputError:
                    raise _QuitError(state, eof=True) from None
            else:
                action = bots[seat].choose(view(state, seat), seat)
                if delay:
                    time.sleep(delay)
            _announce(out, action, seat, state, human)
            before = state
            state = apply(state, action, seat=seat)
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
                if human is None:
                    _show_status(out, view(state, None))
        out.line()
        for line in _result_lines(out, state):
            out.line(line)
        out.line(out.text(_scores_line(rules, state.scores)))
        if args.review:
            _show_review(out, state, human)
        if state.phase is Phase.GAME_OVER:
            out.line()
            winners = _winners_line(rules, state.winners)
            if human is None:
                out.line(out.bold(winners))
            else:
                mine = side_of(rules, human) in state.winners
                out.line(
                    out.bold("You win!" if mine else "You lose.")
                    + " "
                    + out.text(winners)
                )
            if args.save is not None:
                _save(args.save, out, state)
            return 0
        state = next_hand(state)
    out.line()
    out.line(out.text(f"Stopped after {_plural(args.hands, 'hand')}."))
    if args.save is not None:
        _save(args.save, out, state)
    return 0


def _show_review(out: _Out, state: GameState, human: int | None) -> None:
    """The review of the hand just played (``--review``): what each decision cost."""
    from five_hundred.analysis import review
    from five_hundred.cli.review import hand_lines

    reviewed = review(state, hand=state.hand_number + 1, bid_samples=0, time_limit=10)
    out.line()
    for line in hand_lines(out, reviewed.hands[0], human):
        out.line(line)


def _delay(args: argparse.Namespace, out: _Out) -> float:
    """Seconds to wait after each computer action."""
    if args.delay is not None:
        return float(args.delay)
    if args.seat is None and out.stream.isatty():
        return 0.5
    return 0.0


def _seat_arg(text: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    if not _is_whole(text.strip()):
        msg = f"expected a seat number or none, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return int(text)


def _delay_arg(text: str) -> float:
    try:
        value = float(text) if text.isascii() and len(text) < 20 else -1.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= 60:
        msg = f"expected seconds from 0 to 60, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return value


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """The options ``play`` and ``watch`` share."""
    parser.add_argument("--seed", type=_seed_arg, default=None, help="seed of the game")
    parser.add_argument(
        "--load",
        metavar="FILE",
        default=None,
        help="resume the game saved in FILE (a game record, text or JSON)",
    )
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
        "--level",
        choices=tuple(LEVELS),
        default=None,
        help="the computer players: the sampling player at this level (easy, "
        "medium, hard, expert: stronger and slower)",
    )
    parser.add_argument(
        "--hands",
        type=_count_arg,
        default=1000,
        metavar="N",
        help="stop after N hands (default 1000)",
    )
    _add_rules_options(parser)


def add_parser(commands: _Commands) -> None:
    """Add the ``play`` and ``watch`` subcommands to the command line's subcommands."""
    parser = _add_command(
        commands,
        "play",
        "play a game against computer players",
        "Play a game in the terminal against computer players. Your hand is shown "
        "sorted and your legal choices numbered: type a number or an action (a bare "
        "card in the play). ? explains what you can type, hint gives a hint, status "
        "shows the contract, tricks and scores, rules the rules in force, q (or "
        "Ctrl-C) quits, asking first and offering to save. --seat none watches "
        "computer players.",
    )
    parser.add_argument(
        "--seat",
        type=_seat_arg,
        default=0,
        metavar="SEAT",
        help="your seat (default 0), or none to watch computer players",
    )
    parser.add_argument(
        "--review",
        action="store_true",
        help="after each hand, show what each of your decisions cost (double-dummy)",
    )
    parser.add_argument(
        "--auto",
        action="store_true",
        help="play your card for you when only one card can be played",
    )
    parser.add_argument(
        "--delay",
        type=_delay_arg,
        default=None,
        metavar="SECONDS",
        help="pause after each computer action (default 0; 0.5 watching on a terminal)",
    )
    _add_game_options(parser)
    parser.set_defaults(handler=run)
    watch = _add_command(
        commands,
        "watch",
        "watch a game between computer players",
        "Watch a whole game between computer players, at a readable pace: every "
        "hand, call, card and trick, with the contract, tricks and scores. The same "
        "as play --seat none.",
    )
    watch.add_argument(
        "--delay",
        type=_delay_arg,
        default=None,
        metavar="SECONDS",
        help="pause after each action (default 0.5 on a terminal, else 0)",
    )
    _add_game_options(watch)
    watch.set_defaults(handler=run, seat=None, auto=False, review=False)
