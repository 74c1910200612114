"""``legal``: the legal actions in a position, and why an action is not legal."""

import argparse
from collections.abc import Sequence
from typing import Final

from five_hundred.actions import Action, parse_action
from five_hundred.cli._args import (
    _add_command,
    _add_json,
    _add_rules_options,
    _Commands,
    _int_arg,
    _read_input,
    _rules,
    _seed_arg,
    _UsageError,
)
from five_hundred.cli._game_text import _describe_rules
from five_hundred.cli._output import (
    _hand_text,
    _Out,
    _sorted_hand,
    _write_json,
)
from five_hundred.dealing import KITTY_SIZE
from five_hundred.errors import IllegalActionError, InvalidStateError
from five_hundred.records import GameRecord
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    explain_illegal,
    legal_actions,
    new_game,
)
from five_hundred.views import view

__all__ = ["add_parser", "run"]

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
    text = _read_input(path)
    if text.lstrip().startswith("{"):
        return GameRecord.from_json(text).replay()
    return GameRecord.from_text(text).replay()


def _position_lines(out: _Out, state: GameState) -> list[str]:
    rules = state.rules
    lines = [
        out.text(
            f"Hand {view(state, None).hand_ordinal} ({_describe_rules(rules)}), "
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
        if line.strip() and out.width(line + piece) > out.limit:
            lines.append(line)
            line = " "
        line += piece
    lines.append(line)
    return lines


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``legal`` with the parsed ``args``; return the exit status."""
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
    # Read by the phase, as the game reads what a player types: 10S and KS are the
    # play of that card in the play, a bid in the bidding.
    action = None if args.action is None else parse_action(args.action, context=state)
    if args.json:
        return _json(out, state, action)
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


def _json(out: _Out, state: GameState, action: Action | None) -> int:
    """``legal --json``: the position, and the legal actions or the verdict."""
    data: dict[str, object] = {
        "hand_number": state.hand_number,
        "hand_ordinal": view(state, None).hand_ordinal,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "contract": None if state.contract is None else str(state.contract.bid),
        "contractor": None if state.contract is None else state.contract.contractor,
    }
    if action is None:
        data["legal"] = [str(legal) for legal in legal_actions(state)]
        _write_json(out.stream, data)
        return 0
    data["action"] = str(action)
    try:
        apply(state, action)
    except IllegalActionError as error:
        data.update(legal=False, code=error.code, reason=error.reason)
        _write_json(out.stream, data)
        return 1
    data.update(legal=True, code=None, reason=None)
    _write_json(out.stream, data)
    return 0


def add_parser(commands: _Commands) -> None:
    """Add the ``legal`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "legal",
        "the legal actions in a position",
        "List the legal actions in a position, or say whether --action is legal and "
        "why not (exit status 1 if it is not). The position is a game record (text "
        "or JSON, as written by five_hundred.records; - reads stdin), or a seeded "
        "deal and the actions since.\n\n"
        "Examples:\n  legal game.txt --action 10H  (in the play: PLAY 10H)\n"
        "  legal --seed 1 --actions '7H, PASS, PASS, PASS'\n"
        "  legal --seed 1 --actions 'PASS 6S PASS PASS' --action 6NT",
    )
    parser.add_argument(
        "record", nargs="?", metavar="RECORD", help="a game record file, or -"
    )
    parser.add_argument(
        "--seed", type=_seed_arg, default=None, help="seed of the deal (new_game)"
    )
    parser.add_argument(
        "--dealer",
        type=_int_arg,
        default=0,
        metavar="SEAT",
        help="the dealer (default 0)",
    )
    parser.add_argument(
        "--actions",
        metavar="ACTIONS",
        default=None,
        help="the actions so far, separated by commas (or spaces)",
    )
    parser.add_argument(
        "--action",
        metavar="ACTION",
        default=None,
        help="an action to check (the short forms the game reads: 10H in the play)",
    )
    _add_json(parser)
    _add_rules_options(parser)
    parser.set_defaults(handler=run)
