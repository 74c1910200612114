"""Score hands: what a contract is worth to each side, and who wins the game.

Run it with ``python examples/score_a_hand.py``.
"""

from five_hundred import (
    Pass,
    Rules,
    bid_value,
    contract_made,
    game_winners,
    parse_bid,
    score_hand,
)

RULES = Rules()  # the standard four-player game: sides 0 (seats 0, 2) and 1 (1, 3)


def score(contract: str, tricks: int, totals: tuple[int, int] = (0, 0)) -> None:
    """Print what ``contract`` scores when side 0 bid it and took ``tricks``."""
    bid = parse_bid(contract)
    if isinstance(bid, Pass):
        raise ValueError("a pass is not a contract")
    made = contract_made(bid, tricks)  # misère: the contractor took no trick
    won = (tricks, 10 - tricks)  # tricks per side: side 1 took the rest
    change = score_hand(bid, won, {0}, scores=totals, rules=RULES)
    after = (totals[0] + change[0], totals[1] + change[1])
    print(
        f"{bid} (worth {bid_value(bid, RULES)}) with {tricks} tricks: "
        f"contractors {change[0]:+d}, defenders {change[1]:+d}; totals {after}"
    )
    winners = game_winners(RULES, after, {0}, made=made)
    if winners:
        print(f"  side {winners[0]} wins the game")


def main() -> None:
    score("8H", 9)  # made: 300 for the contractors, 10 for the defenders' trick
    score("8H", 7)  # failed: the contractors lose 300
    score("7NT", 10)  # a slam on a contract worth less than 250 scores 250
    score("MIS", 0)  # misère made: the defenders score nothing
    score("9D", 9, totals=(120, 400))  # making 9D takes side 0 to 500: it wins


if __name__ == "__main__":
    main()
