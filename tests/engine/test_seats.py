"""The seat order (``_engine.seats``): to the left, wrapping, skipping seats out of turn.

The rules page: :ref:`rules-deal-rotation` (the deal passes to the left) and
:ref:`rules-calls` (the calls go to the left from the dealer's left).
"""

from hypothesis import given
from hypothesis import strategies as st

from five_hundred import Rules, new_game, next_hand, play_hand
from five_hundred._engine.seats import next_seat, previous_seat
from five_hundred.bots import RuleBasedPlayer


@st.composite
def _seats(draw: st.DrawFn) -> tuple[int, int, int]:
    """A table size, a seat and a mask of skipped seats that leaves one to find."""
    players = draw(st.integers(2, 6))
    seat = draw(st.integers(0, players - 1))
    others = [s for s in range(players) if s != seat]
    kept = draw(st.sampled_from(others))
    skipped = draw(st.sets(st.sampled_from(others)))
    mask = sum(1 << s for s in skipped - {kept})
    return players, seat, mask


@given(_seats())
def test_the_next_seat_is_the_first_to_the_left_not_skipped(
    case: tuple[int, int, int],
) -> None:
    players, seat, skipped = case
    left = [(seat + step) % players for step in range(1, players)]
    expected = next(s for s in left if not skipped >> s & 1)
    assert next_seat(seat, players, skipped) == expected


def test_the_order_wraps_past_the_last_seat() -> None:
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [previous_seat(s, 4) for s in range(4)] == [3, 0, 1, 2]
    assert next_seat(3, 4, skipped=0b0011) == 2  # seats 0 and 1 have passed
    assert next_seat(0, 5, skipped=0b00110) == 3


@given(st.integers(2, 6), st.integers(0, 5))
def test_the_previous_seat_undoes_the_next(players: int, seat: int) -> None:
    seat %= players
    assert next_seat(previous_seat(seat, players), players) == seat


def test_the_deal_and_the_first_call_pass_to_the_left() -> None:
    state = new_game(Rules(), seed=3, dealer=3)
    assert state.to_act == 0  # the dealer's left calls first
    after = next_hand(play_hand(state, [RuleBasedPlayer()] * 4))
    assert after.dealer == 0
    assert after.to_act == 1
