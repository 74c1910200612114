"""``score``: what a hand scores for each side, ``score 8H --tricks 9``."""

import argparse

from five_hundred.bidding import (
    Bid,
    MisereBid,
    Pass,
    TrickBid,
    bid_rank,
    parse_bid,
)
from five_hundred.cli._args import (
    _add_command,
    _add_rules_options,
    _Commands,
    _int_arg,
    _is_seat,
    _is_whole,
    _rules,
    _UsageError,
)
from five_hundred.cli._game_text import _seats_of, _winners_line
from five_hundred.cli._output import _Out
from five_hundred.errors import quote
from five_hundred.scoring import (
    TOTAL_TRICKS,
    contract_made,
    describe_result,
    game_winners,
    score_hand,
)

__all__ = ["add_parser", "run"]


def _int_list(text: str, what: str) -> tuple[int, ...]:
    parts = text.replace(",", " ").split()
    if not all(_is_whole(part) for part in parts):
        msg = f"{what} expects whole numbers separated by commas, got {quote(text)}"
        raise _UsageError(msg)
    return tuple(int(part) for part in parts)


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``score`` with the parsed ``args``; return the exit status."""
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
        if not _is_seat(rules, args.partner) or args.partner == contractor:
            msg = f"--partner {args.partner}: give another seat, 0 to {sides - 1}"
            raise _UsageError(msg)
        contractors.add(args.partner)
    taken = args.tricks
    if not 0 <= taken <= TOTAL_TRICKS:
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
        rest = 0 if isinstance(bid, MisereBid) else TOTAL_TRICKS - taken
        share, extra = divmod(rest, len(defenders))
        split = {side: share + (i < extra) for i, side in enumerate(defenders)}
    tricks = [split.get(side, 0) for side in range(sides)]
    tricks[contractor] = taken
    before = None if args.scores is None else _int_list(args.scores, "--scores")
    if before is not None and len(before) != sides:
        msg = f"--scores needs {sides} numbers, one per side"
        raise _UsageError(msg)
    result = score_hand(bid, tricks, contractors, scores=before, rules=rules)
    name = out.call(bid)
    made = contract_made(bid, taken)
    partnership = rules.partnerships or len(contractors) > 1
    out.line(
        describe_result(bid, taken, rules=rules, partnership=partnership, name=name)
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


def add_parser(commands: _Commands) -> None:
    """Add the ``score`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "score",
        "what a hand scores: score 8H --tricks 9",
        "Score a finished hand: the contract, and the tricks the contracting side "
        "took. The other tricks go to the defenders (split evenly between several "
        "defending sides unless --defenders says otherwise).\n\n"
        "Examples:\n  score 8H --tricks 9\n  score MIS --tricks 0\n"
        "  score 7NT --tricks 6 --scores 450,300\n"
        "  score 9S --tricks 9 --players 3 --defenders 1,0",
    )
    parser.add_argument(
        "bid", metavar="CONTRACT", help="the contract: 8H, 7NT, 6S-SK, MIS, OMIS, BMIS"
    )
    parser.add_argument(
        "--tricks",
        type=_int_arg,
        required=True,
        metavar="N",
        help="tricks the contracting side took (misère: the contractor)",
    )
    parser.add_argument(
        "--side",
        type=_int_arg,
        default=0,
        metavar="SIDE",
        help="the contracting side (default 0)",
    )
    parser.add_argument(
        "--partner",
        type=_int_arg,
        default=None,
        metavar="SEAT",
        help="five players: the called partner's seat",
    )
    parser.add_argument(
        "--defenders",
        metavar="N,N",
        default=None,
        help="tricks of each defending side, in side order",
    )
    parser.add_argument(
        "--scores",
        metavar="N,N",
        default=None,
        help="each side's total before the hand: show the new totals",
    )
    _add_rules_options(parser)
    parser.set_defaults(handler=run)
