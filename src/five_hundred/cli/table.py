"""``table``: the scoring table for the chosen rules."""

import argparse
import textwrap

from five_hundred.bidding import format_scoring_table
from five_hundred.cards import Suit
from five_hundred.cli._args import _add_command, _add_rules_options, _Commands, _rules
from five_hundred.cli._game_text import _describe_rules
from five_hundred.cli._output import WIDTH, _Out

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``table`` with the parsed ``args``; return the exit status."""
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


def add_parser(commands: _Commands) -> None:
    """Add the ``table`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "table",
        "the scoring table",
        "Show the scoring table (what each contract is worth) for the rules.",
    )
    _add_rules_options(parser)
    parser.set_defaults(handler=run)
