"""``review``: what each call, discard, nomination and card of a saved game cost."""

import argparse
from collections.abc import Sequence

from five_hundred.actions import Action, Discard, NominateJoker
from five_hundred.analysis import GameReview, HandReview, review
from five_hundred.analysis.model import CallReview, ChoiceReview
from five_hundred.cli._args import (
    _add_command,
    _add_json,
    _Commands,
    _int_arg,
    _read_input,
    _seed_arg,
    _UsageError,
)
from five_hundred.cli._output import _Out, _write_json
from five_hundred.cli.match import _budget_arg
from five_hundred.cli.simulate import _add_progress_option, _progress, _show_progress
from five_hundred.errors import quote
from five_hundred.records import GameRecord

__all__ = ["add_parser", "hand_lines", "run"]


def _samples_arg(text: str) -> int:
    value = _int_arg(text)
    if value < 0:
        msg = f"expected a number of 0 or more, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return value


def _node_limit_arg(text: str) -> int:
    value = _int_arg(text)
    if value < 1:
        msg = f"expected a number of nodes from 1, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return value


def add_parser(commands: _Commands) -> None:
    """Add the ``review`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "review",
        "review a saved game: what each decision cost",
        "Replay a game record (text or JSON, - for stdin) and review each "
        "decision: each card, the discard and the Joker's nomination by "
        "double-dummy analysis (every hand known), each call by the bid "
        "advisor's estimates.  Errors are marked with what they cost, in "
        "tricks and in points.",
    )
    parser.add_argument("file", metavar="FILE", help="the game record")
    parser.add_argument(
        "--hand", type=_int_arg, default=None, metavar="N", help="only hand N (from 1)"
    )
    parser.add_argument(
        "--seat",
        type=_int_arg,
        default=None,
        metavar="S",
        help="only seat S's decisions",
    )
    parser.add_argument(
        "--bid-samples",
        type=_samples_arg,
        default=4,
        metavar="N",
        help="deals the bid advisor samples per seat (default 4; 0: calls not estimated)",
    )
    parser.add_argument(
        "--play-samples",
        type=_samples_arg,
        default=0,
        metavar="N",
        help="deals sampled per card from what its seat knew, for its sampled cost "
        "beside the double-dummy one (default 0: none)",
    )
    parser.add_argument("--seed", type=_seed_arg, default=0, help="seed of the samples")
    parser.add_argument(
        "--time-limit",
        type=_budget_arg,
        default=30.0,
        metavar="SECONDS",
        help="solver time per hand (default 30; none: no limit); decisions not "
        "solved in time are shown as such",
    )
    parser.add_argument(
        "--node-limit",
        type=_node_limit_arg,
        default=None,
        metavar="N",
        help="solver nodes per decision (default: no limit); unlike the time "
        "limit, the same decisions are left unsolved on every machine",
    )
    _add_progress_option(parser)
    _add_json(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``review`` with the parsed ``args``; return the exit status."""
    text = _read_input(args.file)
    game = (
        GameRecord.from_json(text)
        if text.lstrip().startswith("{")
        else GameRecord.from_text(text)
    )
    count = 1 if args.hand is not None else len(game.hands)
    if args.seat is not None and not 0 <= args.seat < game.rules.players:
        msg = (
            f"argument --seat: expected a seat from 0 to {game.rules.players - 1}, "
            f"got {args.seat}"
        )
        raise _UsageError(msg)
    show = _show_progress(args.progress)
    try:
        with _progress(count, show, "reviewing") as report:
            result = review(
                game,
                hand=args.hand,
                bid_samples=args.bid_samples,
                play_samples=args.play_samples,
                seed=args.seed,
                time_limit=args.time_limit,
                node_limit=args.node_limit,
                progress=report,
            )
    except KeyboardInterrupt:
        out.line(out.text("Interrupted: no review."))
        return 130
    if args.json:
        _write_json(out.stream, _selected(result.to_dict(), args.seat))
        return 0
    for hand in result.hands:
        for line in hand_lines(out, hand, args.seat):
            out.line(line)
        out.line()
    for line in _summary_lines(out, result, args.seat):
        out.line(line)
    return 0


def _selected(data: dict[str, object], seat: int | None) -> dict[str, object]:
    """The JSON data with only ``seat``'s decisions (all of them for ``None``)."""
    if seat is None:
        return data
    hands = data["hands"]
    assert isinstance(hands, list)
    for hand in hands:
        for key in ("calls", "choices"):
            hand[key] = [item for item in hand[key] if item["seat"] == seat]
    return data


def _cost(out: _Out, choice: ChoiceReview) -> str:
    if choice.cost_tricks is None:
        return out.text(
            "not solved within the node limit"
            if choice.bounded
            else "not solved in time"
        )
    if not choice.error:
        return ""
    best = choice.best or ()
    shown = " ".join(_shown(out, a) for a in best[:3]) + (
        " ..." if len(best) > 3 else ""
    )
    tricks = choice.cost_tricks
    if not choice.exhaustive:
        shown += " (of those compared in time)"
    sampled = (
        ""
        if choice.sampled_cost is None
        else f" (from what the seat knew: {-choice.sampled_cost:+.0f})"
    )
    return (
        f"ERROR -{tricks} trick{'s' if tricks != 1 else ''}, "
        f"{-(choice.cost_points or 0):+d}: {choice.result_made}; best {shown}: "
        f"{choice.result_best}{sampled}"
    )


def _shown(out: _Out, action: Action) -> str:
    """An action as the table shows it: a card, the discarded cards, a suit."""
    if isinstance(action, Discard):
        return out.cards(sorted(action.cards, key=str))
    if isinstance(action, NominateJoker):
        return "NONE" if action.suit is None else out.suit(action.suit)
    return out.action(action, short=True)


def _call_line(out: _Out, call: CallReview) -> str:
    head = f"  call   seat {call.seat}  {out.pad(out.call(call.call), 6)}"
    if call.expected_made is None and call.best is None:
        return head
    made = "?" if call.expected_made is None else f"{call.expected_made:+.0f}"
    tail = f"  est. {made}"
    if call.best is not None and call.cost:
        tail += f"  (best {out.call(call.best)} {call.expected_best:+.0f}: cost {call.cost:.0f})"
    return head + tail


def hand_lines(out: _Out, hand: HandReview, seat: int | None = None) -> list[str]:
    """The review of one hand as lines: calls, then trick by trick.

    ``seat`` keeps only that seat's decisions.  ``five-hundred play`` shows the same
    lines after a hand.
    """
    contract = hand.contract
    if contract is None:
        head = f"Hand {hand.number} (seat {hand.dealer} dealt): no contract."
    else:
        took = "" if hand.tricks is None else f", {hand.tricks} tricks taken"
        head = (
            f"Hand {hand.number} (seat {hand.dealer} dealt): {out.call(contract.bid)} "
            f"by seat {contract.contractor}{took}."
        )
    lines = [
        out.bold(head),
        out.text(
            "  dd: the contracting side's tricks after the choice, every hand known"
        ),
    ]
    lines += [_call_line(out, c) for c in hand.calls if seat in (None, c.seat)]
    trick = None
    for choice in hand.choices:
        if seat is not None and choice.seat != seat:
            continue
        if choice.trick is not None and choice.trick != trick:
            trick = choice.trick
            lines.append(f"  trick {trick}")
        label = choice.kind if choice.trick is None else ""
        value = "     " if choice.tricks_made is None else f"dd {choice.tricks_made:>2}"
        text = _shown(out, choice.action)
        lines.append(
            f"  {label:<8} seat {choice.seat}  {out.pad(text, 8)} {value}  "
            + _cost(out, choice)
        )
    if not hand.complete:
        lines.append(
            out.text("  (some decisions were not solved within the time limit)")
        )
    return [line.rstrip() for line in lines]


def _summary_lines(out: _Out, result: GameReview, seat: int | None) -> Sequence[str]:
    lines = ["Summary (points lost: double-dummy; calls: the advisor's estimates)"]
    for summary in result.seats:
        if seat is not None and summary.seat != seat:
            continue
        lines.append(
            f"  seat {summary.seat}: {summary.errors} error"
            f"{'' if summary.errors == 1 else 's'}, {summary.tricks_lost} tricks, "
            f"{summary.points_lost} points; calls {summary.call_points_lost:.0f} points"
        )
        lines.extend(
            f"    {choice.kind} {_shown(out, choice.action)}"
            f"{'' if choice.trick is None else f' (trick {choice.trick})'}: "
            f"{choice.cost_points} points"
            for choice in summary.biggest
        )
    if seat is None:
        lines.extend(
            f"  side {side.side} (seats {', '.join(map(str, side.seats))}): "
            f"{side.points_lost} points, calls {side.call_points_lost:.0f}"
            for side in result.sides
        )
    return lines
