"""``score``: what a hand scores for each side, ``score 8H --tricks 9``."""

import argparse

from five_hundred.bidding import (
    Bid,
    MisereBid,
    Pass,
    TrickBid,
    bid_rank,
    bid_value,
    parse_bid,
)
from five_hundred.cli._args import (
    _add_command,
    _add_json,
    _add_rules_options,
    _Commands,
    _int_arg,
    _is_seat,
    _is_whole,
    _rules,
    _tricks_arg,
    _UsageError,
)
from five_hundred.cli._game_text import _winners_line
from five_hundred.cli._output import _Out, _plural, _write_json
from five_hundred.errors import quote
from five_hundred.rules import Rules, seats_of
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
        msg = f"argument {what}: expected whole numbers separated by commas, got {quote(text)}"
        raise _UsageError(msg)
    return tuple(int(part) for part in parts)


def _tricks(
    args: argparse.Namespace,
    rules: Rules,
    bid: Bid,
    contractor: int,
    contractors: set[int],
    taken: int,
) -> list[int]:
    """Each side's tricks: ``taken`` for the contractors, the rest split."""
    sides = rules.sides
    defenders = [side for side in range(sides) if side not in contractors]
    if args.defenders is not None:
        given = _int_list(args.defenders, "--defenders")
        if len(given) != len(defenders):
            msg = (
                f"argument --defenders: expected {_plural(len(defenders), 'number')}, "
                "one per defending side"
            )
            raise _UsageError(msg)
        if any(n < 0 for n in given) or taken + sum(given) > TOTAL_TRICKS:
            msg = (
                f"argument --defenders: expected tricks of 0 or more that add up to "
                f"at most {TOTAL_TRICKS - taken} with --tricks {taken}, "
                f"got {args.defenders!r}"
            )
            raise _UsageError(msg)
        split = dict(zip(defenders, given, strict=True))
    else:
        rest = 0 if isinstance(bid, MisereBid) else TOTAL_TRICKS - taken
        share, extra = divmod(rest, len(defenders))
        split = {side: share + (i < extra) for i, side in enumerate(defenders)}
    tricks = [split.get(side, 0) for side in range(sides)]
    tricks[contractor] = taken
    return tricks


def _worth(
    args: argparse.Namespace,
    out: _Out,
    rules: Rules,
    bid: Bid,
    contractor: int,
    contractors: set[int],
) -> int:
    """``score BID`` alone: what the bid scores made (just) and set (by one)."""
    need = bid.tricks if isinstance(bid, TrickBid) else 0
    short = need - 1 if isinstance(bid, TrickBid) else 1
    outcomes = {}
    for key, taken in (("made", need), ("set", short)):
        tricks = _tricks(args, rules, bid, contractor, contractors, taken)
        outcomes[key] = list(score_hand(bid, tricks, contractors, rules=rules))
    if args.json:
        _write_json(
            out.stream,
            {
                "bid": str(bid),
                "value": bid_value(bid, rules),
                "contracting_side": contractor,
                "made": outcomes["made"],
                "set": outcomes["set"],
            },
        )
        return 0
    if isinstance(bid, TrickBid):
        how = {
            "made": f"{_plural(need, 'trick')} or more",
            "set": _plural(short, "trick"),
        }
    else:
        how = {"made": "no trick", "set": "a trick"}
    who = (
        "the contractors take"
        if isinstance(bid, TrickBid) and (rules.partnerships or len(contractors) > 1)
        else "the contractor takes"
    )
    out.line(out.call(bid) + out.text(f" is worth {bid_value(bid, rules)}."))
    for key, word in (("made", "Made"), ("set", "Set")):
        result = outcomes[key]
        others = ", ".join(
            f"side {side} {points:+d}"
            for side, points in enumerate(result)
            if side not in contractors and points
        )
        tail = f" (defenders: {others})" if others else ""
        out.line(out.text(f"{word} ({who} {how[key]}): {result[contractor]:+d}{tail}."))
    return 0


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``score`` with the parsed ``args``; return the exit status."""
    rules = _rules(args)
    call = parse_bid(args.bid)
    if isinstance(call, Pass):
        msg = (
            "argument CONTRACT: a pass scores nothing; expected a contract "
            "(8H, 7NT-SK, MIS, OMIS, BMIS)"
        )
        raise _UsageError(msg)
    bid: Bid = call
    bid_rank(bid, rules)  # refuses a bid these rules do not allow
    sides = rules.sides
    contractor = args.side
    if not 0 <= contractor < sides:
        msg = (
            f"argument --side: expected a side from 0 to {sides - 1}, got {contractor}"
        )
        raise _UsageError(msg)
    contractors = {contractor}
    if args.partner is not None:
        if rules.players != 5 or not isinstance(bid, TrickBid):
            msg = (
                "argument --partner: only for a five-player trick contract with a "
                "called partner"
            )
            raise _UsageError(msg)
        if not _is_seat(rules, args.partner) or args.partner == contractor:
            msg = (
                f"argument --partner: expected another seat than {contractor}, "
                f"0 to {rules.players - 1}, got {args.partner}"
            )
            raise _UsageError(msg)
        contractors.add(args.partner)
    if args.tricks is None:
        if args.defenders is not None or args.scores is not None:
            msg = "argument --tricks: needed with --defenders and --scores"
            raise _UsageError(msg)
        return _worth(args, out, rules, bid, contractor, contractors)
    try:  # read here, not by the parser, so that the bid is checked first
        taken = _tricks_arg(args.tricks)
    except argparse.ArgumentTypeError as error:
        msg = f"argument --tricks: {error}"
        raise _UsageError(msg) from None
    before = None if args.scores is None else _int_list(args.scores, "--scores")
    if before is not None and len(before) != sides:
        msg = f"argument --scores: expected {sides} numbers, one per side"
        raise _UsageError(msg)
    tricks = _tricks(args, rules, bid, contractor, contractors, taken)
    result = score_hand(bid, tricks, contractors, scores=before, rules=rules)
    made = contract_made(bid, taken)
    if args.json:
        after = (
            None
            if before is None
            else [b + r for b, r in zip(before, result, strict=True)]
        )
        _write_json(
            out.stream,
            {
                "bid": str(bid),
                "value": bid_value(bid, rules),
                "made": made,
                "contracting_side": contractor,
                "contractor_sides": sorted(contractors),
                "tricks": tricks,
                "result": list(result),
                "scores_before": None if before is None else list(before),
                "scores_after": after,
                "winners": (
                    None
                    if after is None
                    else list(game_winners(rules, after, contractors, made=made))
                ),
            },
        )
        return 0
    name = out.call(bid)
    partnership = rules.partnerships or len(contractors) > 1
    out.line(
        describe_result(bid, taken, rules=rules, partnership=partnership, name=name)
    )
    out.line()
    seat_names = [", ".join(map(str, seats_of(rules, side))) for side in range(sides)]
    column = max(5, *map(len, seat_names))
    head = f"side  {'seats':<{column}}  role         tricks  score"
    if before is not None:
        head += "  before  after"
    out.line(head)
    for side in range(sides):
        role = "contractors" if side in contractors else "defenders"
        if len(seats_of(rules, side)) == 1:
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
        "Examples:\n  score 8H\n  score 8H --tricks 9\n  score MIS --tricks 0\n"
        "  score 7NT --tricks 6 --scores 450,300\n"
        "  score 9S --tricks 9 --players 3 --defenders 1,0",
    )
    parser.add_argument(
        "bid", metavar="CONTRACT", help="the contract: 8H, 7NT, 6S-SK, MIS, OMIS, BMIS"
    )
    parser.add_argument(
        "--tricks",
        default=None,
        metavar="N",
        help="tricks the contracting side took (misère: the contractor); without "
        "it, what the contract is worth made and set",
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
    _add_json(parser)
    _add_rules_options(parser)
    parser.set_defaults(handler=run)
