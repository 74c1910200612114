"""What the command line says about a game: sides, results, scores and winners."""

from collections.abc import Sequence

from five_hundred.bidding import Bid, Pass
from five_hundred.cli._output import _Out, _plural
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import contract_made
from five_hundred.state import GameState


def _seats_of(rules: Rules, side: int) -> list[int]:
    return [seat for seat in range(rules.players) if side_of(rules, seat) == side]


def _side_name(rules: Rules, side: int) -> str:
    seats = _seats_of(rules, side)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _contractor_sides(state: GameState) -> set[int]:
    contract = state.contract
    if contract is None:
        return set()
    sides = {side_of(state.rules, contract.contractor)}
    if state.partner is not None:
        sides.add(side_of(state.rules, state.partner))
    return sides


def _result_lines(out: _Out, state: GameState) -> list[str]:
    """What a finished hand scored, in words."""
    rules, contract, result = state.rules, state.contract, state.hand_result
    if contract is None or result is None:
        return ["Everyone passed: the hand is thrown in and nobody scores."]
    contractors = _contractor_sides(state)
    taken = sum(state.tricks_won[side] for side in contractors)
    bid = contract.bid
    made = contract_made(bid, taken)
    side = side_of(rules, contract.contractor)
    who = _side_name(rules, side)
    if state.partner is not None and side_of(rules, state.partner) != side:
        who += f" with partner seat {state.partner}"
    verb = "made" if made else "failed"
    lines = [
        (
            f"{who.capitalize()} {verb} {out.call(bid)} with "
            f"{_plural(taken, 'trick')}: {result[side]:+d}."
        )
    ]
    for other in range(rules.sides):
        if other in contractors:
            continue
        tricks = state.tricks_won[other]
        if tricks or result[other]:
            lines.append(
                f"{_side_name(rules, other).capitalize()}: "
                f"{_plural(tricks, 'trick')}, {result[other]:+d}."
            )
    return lines


def _scores_line(rules: Rules, scores: Sequence[int]) -> str:
    return (
        "Scores: "
        + ", ".join(
            f"{score} for {_side_name(rules, side)}"
            for side, score in enumerate(scores)
        )
        + "."
    )


def _winners_line(rules: Rules, winners: Sequence[int]) -> str:
    names = [_side_name(rules, side) for side in winners]
    verb = "wins" if len(names) == 1 and not names[0].startswith("seats") else "win"
    return f"{' and '.join(names).capitalize()} {verb} the game."


def _describe_rules(rules: Rules) -> str:
    words = [f"{rules.players} players"]
    if rules.partnerships:
        words.append(f"{rules.sides} sides")
    if rules.single_round_auction:
        words.append("American auction")
    if rules.scoring_table.name != "avondale":
        words.append(f"{rules.scoring_table.name} table")
    if rules.target != Rules().target:
        words.append(f"target {rules.target}")
    return ", ".join(words)


def _show_auction(out: _Out, calls: Sequence[tuple[int, Bid | Pass]]) -> None:
    out.items("Auction: ", [f"seat {s} {out.call(c)}" for s, c in calls])
