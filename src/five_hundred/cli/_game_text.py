"""What the command line says about a game: sides, results, scores and winners."""

from collections.abc import Sequence
from typing import cast

from five_hundred.bidding import Bid, Pass
from five_hundred.cli._output import _Out, _plural
from five_hundred.rules import Rules, seats_of, side_of
from five_hundred.scoring import contract_made, contracting_sides
from five_hundred.state import GameState


def _side_name(rules: Rules, side: int) -> str:
    seats = seats_of(rules, side)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _result_lines(out: _Out, state: GameState) -> list[str]:
    """What a finished hand scored, in words."""
    rules, contract, result = state.rules, state.contract, state.hand_result
    if contract is None or result is None:
        return ["Everyone passed: the hand is thrown in and nobody scores."]
    contractors = contracting_sides(rules, contract.contractor, state.partner)
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


def _rules_summary(rules: Rules) -> list[str]:
    """A short summary of the rules in force, read from the ``Rules`` value."""
    from five_hundred.bidding import bid_value, parse_bid

    def worth(code: str) -> int:
        return bid_value(cast("Bid", parse_bid(code)), rules)

    seats = (
        f"{rules.players} players in {rules.sides} sides"
        if rules.partnerships
        else f"{rules.players} players, each for themselves"
    )
    if rules.players == 5 and rules.five_player_partner:
        seats += " (the contractor calls a partner card)"
    lines = [f"{seats}; ten tricks a hand, three cards in the kitty."]
    auction = (
        "one round of bidding"
        if rules.single_round_auction
        else "bidding goes round until all but one pass"
    )
    lines.append(
        f"Auction: {auction}; bids run from 6S ({worth('6S')}) "
        f"to 10NT ({worth('10NT')}) on the "
        f"{rules.scoring_table.name} table."
    )
    extras = [
        f"{name} {code} ({worth(code)})"
        for name, code, on in (
            ("misère", "MIS", rules.misere),
            ("open misère", "OMIS", rules.misere and rules.open_misere),
            ("blind misère", "BMIS", rules.misere and rules.blind_misere),
        )
        if on
    ]
    if rules.sans_kitty:
        extras.append("sans-kitty bids (7H-SK)")
    lines.append("Also: " + (", ".join(extras) if extras else "no other bids") + ".")
    joker = "the Joker is the highest trump"
    if rules.joker_nomination:
        joker += (
            "; in no trumps or misère a contractor holding it may nominate its suit"
        )
    lines.append(joker[:1].upper() + joker[1:] + ".")
    defenders = (
        f"defenders score {rules.defender_trick_points} a trick"
        if rules.defender_trick_points
        else "defenders score nothing for tricks"
    )
    lines.append(
        f"Scoring: a made contract scores its value, a failed one loses it; "
        f"{defenders}"
        + ("; all ten tricks score at least 250" if rules.slam_bonus else "")
        + "."
    )
    lines.append(
        f"A side wins at {rules.target} or more"
        + (" by making a contract" if rules.win_requires_contract else "")
        + f" and loses at {rules.losing_score} or less."
    )
    return lines
