"""``table``: the scoring table for the chosen rules."""

import argparse
import textwrap
from typing import cast

from five_hundred.bidding import Bid, bid_value, format_scoring_table, parse_bid
from five_hundred.cards import Suit
from five_hundred.cli._args import (
    _add_command,
    _add_json,
    _add_rules_options,
    _Commands,
    _rules,
)
from five_hundred.cli._game_text import _describe_rules
from five_hundred.cli._output import _Out, _write_json
from five_hundred.rules import Rules

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``table`` with the parsed ``args``; return the exit status."""
    rules = _rules(args)
    if args.json:
        _write_json(out.stream, _table_data(rules))
        return 0
    described = _describe_rules(rules)
    name = rules.scoring_table.name
    # _describe_rules names any table but the usual one: say it once.
    title = (
        "Scoring table" if name in described else f"Scoring table ({name.capitalize()})"
    )
    out.line(out.bold(title) + out.text(f", {described}"))
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
        for line in textwrap.wrap(note, out.limit):
            out.line(out.text(line))
    return 0


def _table_data(rules: Rules) -> dict[str, object]:
    """What ``table --json`` prints: every bid's value, the notes, the rules."""
    bids: dict[str, int] = {}
    for tricks in range(6, 11):
        for strain in ("S", "C", "D", "H", "NT"):
            bids[f"{tricks}{strain}"] = bid_value(
                cast("Bid", parse_bid(f"{tricks}{strain}")), rules
            )
    misere = {
        "MIS": rules.misere,
        "OMIS": rules.open_misere,
        "BMIS": rules.blind_misere,
    }
    for code, allowed in misere.items():
        if rules.misere and allowed:
            bids[code] = bid_value(cast("Bid", parse_bid(code)), rules)
    return {
        "scoring_table": rules.scoring_table.name,
        "values": bids,
        "slam_bonus": rules.slam_bonus,
        "defender_trick_points": rules.defender_trick_points,
        "target": rules.target,
        "losing_score": rules.losing_score,
        "rules": rules.to_dict(),
    }


def add_parser(commands: _Commands) -> None:
    """Add the ``table`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "table",
        "the scoring table",
        "Show the scoring table (what each contract is worth) for the rules.",
    )
    _add_json(parser)
    _add_rules_options(parser)
    parser.set_defaults(handler=run)
