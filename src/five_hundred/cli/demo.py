"""The demo (``demo``, or no subcommand): computer players bid and play a hand."""

import argparse
from collections.abc import Sequence

from five_hundred.bidding import bid_value
from five_hundred.bots import RuleBasedPlayer
from five_hundred.cli._args import (
    _SUPPRESS,
    _add_command,
    _add_rules_options,
    _Commands,
    _fresh_seed,
    _prog,
    _rules,
    _seed_arg,
)
from five_hundred.cli._game_text import (
    _describe_rules,
    _result_lines,
    _scores_line,
    _show_auction,
    _side_name,
)
from five_hundred.cli._output import _hand_text, _Out, _sorted_hand
from five_hundred.rules import Rules
from five_hundred.state import GameState, Phase, apply, new_game, next_hand
from five_hundred.views import Trick, view

__all__ = ["add_parser", "run"]


def _trick_table(out: _Out, rules: Rules, tricks: Sequence[Trick]) -> list[str]:
    """Completed tricks as rows: one column per seat, the winning card starred."""
    cell = 8
    head = "  #  led by  " + "".join(
        f"seat {seat}".rjust(cell) for seat in range(rules.players)
    )
    rows = [out.text(head)]
    for number, trick in enumerate(tricks, 1):
        played = dict(trick.plays)
        cells = []
        for seat in range(rules.players):
            card = played.get(seat)
            if card is None:
                cells.append(" " * (cell - 1) + "-")
                continue
            star = "*" if seat == trick.winner else " "
            cells.append(out.pad(out.card(card) + star, cell, right=True))
        rows.append((f"{number:>3}  seat {trick.leader} " + "".join(cells)).rstrip())
    return rows


def _show_deal(out: _Out, state: GameState) -> None:
    hands, kitty = state.dealt
    out.line(
        out.bold(f"Hand {view(state, None).hand_ordinal}")
        + f": seat {state.dealer} deals."
    )
    for seat in range(state.rules.players):
        out.line(f"  seat {seat}  {_hand_text(out, hands[seat], None)}")
    if state.rules.players == 2:
        out.line(f"  dead    {_hand_text(out, hands[2], None)}")
    out.line(f"  kitty   {out.cards(kitty)}")


def _show_hand_play(out: _Out, end: GameState) -> None:
    """The story of a finished hand, from its deal to its result."""
    rules = end.rules
    _show_deal(out, end)
    _show_auction(out, end.auction.calls)
    contract = end.contract
    if contract is not None:
        bid = contract.bid
        seat = contract.contractor
        out.line(
            f"Contract: {out.call(bid)} by seat {seat}, worth {bid_value(bid, rules)}."
        )
        if end.discards:
            out.line(
                f"Seat {seat} takes the kitty and discards {out.cards(_sorted_hand(end.discards, end.play_context))}."
            )
        if end.joker_suit is not None:
            out.line(
                f"Seat {seat} nominates the Joker as a {end.joker_suit.name.lower()[:-1]}."
            )
        if end.partner_card is not None:
            out.line(f"Seat {seat} calls {out.card(end.partner_card)} as partner card.")
        if end.sitting_out:
            out.line(
                "Sitting out: "
                + ", ".join(f"seat {s}" for s in sorted(end.sitting_out))
                + "."
            )
        out.line()
        for line in _trick_table(out, rules, view(end, 0).tricks):
            out.line(line)
        out.line()
    for line in _result_lines(out, end):
        out.line(line)
    out.line(out.text(_scores_line(rules, end.scores)))


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run the demo with the parsed ``args``; return the exit status."""
    rules = _rules(args)
    seed = getattr(args, "seed", None)
    if seed is None:
        seed = _fresh_seed()
    bot = RuleBasedPlayer()
    out.line(
        out.bold("Five Hundred")
        + out.text(f": a demo hand ({_describe_rules(rules)}; seed {seed}).")
    )
    if rules.partnerships:
        teams = " play ".join(_side_name(rules, side) for side in range(rules.sides))
        out.line(out.text(f"{teams[0].upper()}{teams[1:]}."))
    out.line()
    state = new_game(rules, seed=seed)
    for _ in range(10):
        while state.to_act is not None:
            turn = state.to_act
            state = apply(state, bot.choose(state, turn))
        _show_hand_play(out, state)
        if state.contract is not None or state.phase is Phase.GAME_OVER:
            break
        out.line()
        state = next_hand(state)
    out.line()
    out.line(out.text(f"Replay it with --seed {seed}."))
    out.line(out.text("Play a game yourself: ") + out.bold(f"{_prog()} play"))
    return 0


def add_parser(commands: _Commands) -> None:
    """Add the the demo subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "demo",
        "a demo hand between computer players (the default)",
        "Deal a hand and let computer players bid and play it, showing the "
        "auction, every trick and the scores.",
    )
    parser.add_argument(
        "--seed", type=_seed_arg, default=_SUPPRESS, help="seed of the deal"
    )
    _add_rules_options(parser)
    parser.set_defaults(handler=run)
