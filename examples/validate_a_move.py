"""Validate moves the way an app does: parse what the user typed, check, apply.

An app shows a player their view of the game, reads what they type, and must never
trust it: the text may not be an action at all, or the action may break a rule.
``parse_action`` turns text into an action (or raises ``InvalidNotationError``),
``explain_illegal`` says which rule forbids it (``None`` if it is legal), and
``apply`` returns the next state.  The state is immutable, so a refused move
leaves the game exactly as it was.

Run it with ``python examples/validate_a_move.py``.
"""

from five_hundred import (
    GameState,
    IllegalActionError,
    InvalidNotationError,
    apply,
    explain_illegal,
    new_game,
    parse_action,
    view,
)


def submit(state: GameState, typed: str) -> GameState:
    """Handle one line typed by the player to act; return the state afterwards."""
    try:
        action = parse_action(typed)
    except InvalidNotationError as error:
        print(f"{typed!r}: not understood ({error})")
        return state
    reason = explain_illegal(state, action)
    if reason is not None:
        print(f"{typed!r}: refused ({reason})")
        return state
    print(f"{typed!r}: seat {state.to_act} {action}")
    return apply(state, action)


def main() -> None:
    state = new_game(seed=1)  # seat 0 deals, so seat 1 calls first
    seen = view(state, 1)  # what the app shows seat 1: its own cards only
    print("seat 1 holds", " ".join(map(str, seen.hand)))
    for typed in ["7 hearts", "7h", "6NT", "PLAY AS", "pass", "8D", "PASS", "PASS"]:
        state = submit(state, typed)
    # Seat 3 won the auction with 8D: it takes up the kitty and must discard.
    seat = state.to_act
    assert seat is not None
    hand = view(state, seat).hand
    print(f"seat {seat} is to {state.phase.value}, holding {len(hand)} cards")
    state = submit(state, f"DISCARD {hand[0]}")  # three cards are needed
    state = submit(state, f"DISCARD {hand[0]} {hand[1]} {hand[2]}")
    # apply() checks too: it raises instead of returning an illegal state.
    try:
        apply(state, parse_action(f"PLAY {hand[0]}"))  # discarded: no longer held
    except IllegalActionError as error:
        print("apply refused:", error)
    print("legal now:", " ".join(str(a) for a in view(state, seat).legal_actions))


if __name__ == "__main__":
    main()
