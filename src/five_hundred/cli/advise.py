"""``advise``: estimate each bid for a hand from deals solved double-dummy."""

import argparse

from five_hundred.cards import parse_cards
from five_hundred.cli._args import (
    _add_command,
    _add_json,
    _add_rules_options,
    _Commands,
    _count_arg,
    _rules,
    _seed_arg,
)
from five_hundred.cli._output import _Out, _write_json
from five_hundred.cli.simulate import (
    _add_parallel_options,
    _add_progress_option,
    _cluster_errors,
    _progress,
    _show_progress,
)
from five_hundred.sampling import advise_bids

__all__ = ["add_parser", "run"]


def add_parser(commands: _Commands) -> None:
    """Add the ``advise`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "advise",
        "estimate each bid for a hand",
        "Deal the unseen cards at random, solve each deal double-dummy in every "
        "strain (and misère), and print each bid's chance of being made and its "
        "expected score.",
    )
    parser.add_argument("--hand", required=True, help='ten cards: "JK JH JD AH KH ..."')
    parser.add_argument("--seat", type=int, default=0, help="the hand's seat (0)")
    parser.add_argument("--dealer", type=int, default=None, help="the dealer's seat")
    parser.add_argument(
        "--samples", type=_count_arg, default=8, help="deals sampled (default 8)"
    )
    parser.add_argument("--seed", type=_seed_arg, default=0, help="seed of the samples")
    _add_progress_option(parser)
    _add_parallel_options(parser, "the estimates")
    _add_json(parser)
    _add_rules_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``advise`` with the parsed ``args``; return the exit status."""
    rules = _rules(args)
    hand = parse_cards(args.hand)
    show = _show_progress(args.progress)
    try:
        with _cluster_errors(), _progress(args.samples, show, "sampling") as report:
            advice = advise_bids(
                hand,
                rules,
                seat=args.seat,
                dealer=args.dealer,
                samples=args.samples,
                seed=args.seed,
                progress=report,
                workers=args.workers,
                ray=args.ray,
            )
    except KeyboardInterrupt:
        out.line(out.text("Interrupted: no estimate."))
        return 130
    if args.json:
        data = {
            "hand": [str(card) for card in hand],
            "seat": args.seat,
            "dealer": args.dealer,  # null: the seat before the hand's
            "samples": args.samples,
            "seed": args.seed,
            "bids": [
                {"bid": str(item.bid), "chance": item.chance, "expected": item.expected}
                for item in advice
            ],
            "rules": rules.to_dict(),
        }
        _write_json(out.stream, data)
        return 0
    out.line(
        out.text(
            f"{args.samples} sampled deals, solved double-dummy (seed {args.seed})."
        )
    )
    out.line(f"{'bid':<8}{'made %':>7}  {'expected':>8}")
    for item in advice:
        out.line(
            out.pad(out.call(item.bid), 8)
            + f"{100 * item.chance:>6.0f}%  {item.expected:>+8.0f}"
        )
    return 0
