"""Fast playouts for search: play a hand to its end on small integers.

Monte Carlo bots play millions of hands.  :func:`playout` takes any state of a hand
(typically one made by :func:`~five_hundred.resample.resample` from a view), finishes the
hand with a random or a user-supplied policy, and returns the result.  During the play of
the cards it works on bit masks and card codes only; before the play (bidding, discard,
nomination, partner call) it goes through the public API.

It agrees exactly with :func:`~five_hundred.state.legal_actions` and
:func:`~five_hundred.state.apply`: the choices it offers at each step are the legal
actions in their canonical order, and the tests replay every playout through the public
API.

>>> import random
>>> from five_hundred import new_game, playout
>>> result = playout(new_game(seed=3), rng=random.Random(1))
>>> sum(result.tricks_won) <= 10, len(result.hand_result)
(True, 2)

A *choice* is an ``int``: a card code (see :mod:`five_hundred.cards`), or
``65 + suit`` for leading the un-nominated Joker and naming ``suit``.
"""

import random
from collections.abc import Callable
from typing import Final, NamedTuple

from five_hundred.actions import Action, PlayCard
from five_hundred.cards import CARDS_BY_CODE, JOKER, JOKER_CODE, Suit
from five_hundred.deal import HAND_SIZE
from five_hundred.scoring import settle_hand
from five_hundred.state import GameState, Phase, apply, legal_actions
from five_hundred.tricks import JOKER_BIT, NO_SUIT, TABLES, joker_suits, legal_mask

__all__ = ["PlayoutResult", "Policy", "choice_action", "playout"]

_NT: Final = 4
_PLAY: Final = Phase.PLAY
_BITS: Final = tuple(1 << code for code in range(JOKER_CODE + 1))
JOKER_LEAD: Final = JOKER_CODE + 1
"""The choice for leading the Joker naming spades; add the suit for the others."""

Policy = Callable[[int, tuple[int, ...], tuple[int, ...]], int]
"""A playout policy: ``policy(seat, choices, trick) -> choice``.

``choices`` are the legal choices in canonical order, ``trick`` the card codes played
to the trick so far; the policy returns one of the choices.
"""


class PlayoutResult(NamedTuple):
    """How a hand ended."""

    tricks_won: tuple[int, ...]
    """Tricks won by each side."""
    hand_result: tuple[int, ...]
    """The change to each side's score (zeros for a thrown-in hand)."""
    scores: tuple[int, ...]
    """Each side's total after the hand."""
    choices: tuple[int, ...]
    """The choices made during the play of the cards, in order."""


def choice_action(choice: int) -> PlayCard:
    """The action of a playout choice.

    >>> str(choice_action(63)), str(choice_action(65 + 3))
    ('PLAY AH', 'PLAY JK:H')
    """
    if choice > JOKER_CODE:
        return PlayCard(JOKER, Suit(choice - JOKER_LEAD))
    return PlayCard(CARDS_BY_CODE[choice])


def _choices(mask: int, names: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    if names:
        out.pop()  # the Joker is the highest code: replace it by its named leads
        out.extend(JOKER_LEAD + s for s in range(4) if names >> s & 1)
    return tuple(out)


def _before_play(
    state: GameState, rng: random.Random, policy: Policy | None
) -> GameState:
    while state.to_act is not None and state.phase is not _PLAY:
        actions: tuple[Action, ...] = legal_actions(state)
        state = apply(state, actions[int(rng.random() * len(actions))])
    del policy
    return state


def playout(
    state: GameState,
    *,
    rng: random.Random | None = None,
    seed: int | None = None,
    policy: Policy | None = None,
) -> PlayoutResult:
    """Finish the hand of ``state`` and return its result; ``state`` is unchanged.

    Args:
        state: any state of a hand (a finished hand returns its own result).
        rng: the random generator for random choices (default: ``random.Random(seed)``).
        seed: the seed of that generator when ``rng`` is not given.
        policy: chooses each card play; random (uniform over the legal choices) if
            ``None``.  Calls, discards and other actions before the play are random.
    """
    if rng is None:
        rng = random.Random(seed)
    core = state._s
    if core.phase is not _PLAY:
        state = _before_play(state, rng, policy)
        core = state._s
        if core.to_act is None:
            result = state.hand_result or (0,) * core.rules.sides
            return PlayoutResult(state.tricks_won, result, state.scores, ())
    rules, hand, setup = core.rules, core.hand, core.setup
    key, misere, active, next_seat, contractor = setup[:5]
    tables = TABLES[key]
    eff, suit_masks, rows = tables.eff, tables.suit_masks, tables.key_by_led
    hands = list(core.hands)
    trick = list(core.trick)
    led, suits_led, done, leader = core.led, core.suits_led, core.done, core.leader
    voids = core.voids  # 4 bits a seat, as in the state
    won = core.won
    seat = core.to_act
    contract = hand.contract
    assert seat is not None  # the play phase has a player to act
    assert contract is not None  # and a contract
    joker_voids = rules.joker_follows_only_when_void
    random_ = rng.random
    bits = _BITS
    chosen: list[int] = []
    append = chosen.append
    # The trick so far: its size, and the winning seat and strength.
    size = len(trick)
    winner, best_key = leader, -1
    row = rows[max(led, 0)]
    if size:
        position = leader
        for code in trick:
            if row[code] > best_key:
                winner, best_key = position, row[code]
            position = next_seat[position]
    last = done == HAND_SIZE - 1
    simple = key != _NT
    while True:
        held = hands[seat]
        names = 0
        if simple or not held & JOKER_BIT:
            mask = held if led < 0 else (held & suit_masks[led] or held)
        else:
            mask = legal_mask(
                held,
                key,
                led,
                rules,
                misere=misere,
                suits_led=suits_led,
                last_trick=last,
            )
            if led < 0 and mask & JOKER_BIT:
                names = joker_suits(
                    rules,
                    suits_led=suits_led,
                    void=voids >> 4 * seat & 15,
                    last_trick=last,
                )
                if not names:
                    mask ^= JOKER_BIT
        if policy is None:
            if names:
                count = mask.bit_count() + names.bit_count() - 1
                k = int(random_() * count)
                if k >= count - names.bit_count():
                    k -= count - names.bit_count()
                    suit = 0
                    while True:
                        if names >> suit & 1:
                            if k == 0:
                                break
                            k -= 1
                        suit += 1
                    choice = JOKER_LEAD + suit
                else:
                    for _ in range(k):
                        mask &= mask - 1
                    choice = (mask & -mask).bit_length() - 1
            else:
                for _ in range(int(random_() * mask.bit_count())):
                    mask &= mask - 1
                choice = (mask & -mask).bit_length() - 1
        else:
            choice = policy(seat, _choices(mask, names), tuple(trick))
            trick.append(choice if choice <= JOKER_CODE else JOKER_CODE)
        append(choice)
        if choice > JOKER_CODE:
            code = JOKER_CODE
            hands[seat] = held ^ JOKER_BIT
            led = choice - JOKER_LEAD
            suits_led |= 1 << led
            row = rows[led]
            winner, best_key = seat, row[code]
        else:
            code = choice
            hands[seat] = held ^ bits[code]
            suit = eff[code]
            if not size:
                led = suit
                suits_led |= 1 << led
                row = rows[led]
                winner, best_key = seat, row[code]
            else:
                if suit != led and (suit != NO_SUIT or joker_voids):
                    voids |= bits[4 * seat + led]
                power = row[code]
                if power > best_key:
                    winner, best_key = seat, power
        size += 1
        if size < active:
            seat = next_seat[seat]
            continue
        won += bits[4 * winner]
        done += 1
        if done == HAND_SIZE or (misere and winner == contractor):
            break
        seat = winner
        size = 0
        trick.clear()
        led = -1
        last = done == HAND_SIZE - 1
    by_side, result, scores, _ = settle_hand(
        rules,
        contract.bid,
        tuple(won >> 4 * s & 15 for s in range(rules.players)),
        contractor,
        hand.partner,
        core.game.scores,
    )
    return PlayoutResult(by_side, result, scores, tuple(chosen))
