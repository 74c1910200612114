"""The game's step on action codes: each phase's check and application after the auction.

Every way into the card play (the public :func:`~five_hundred.state.apply`, its
compiled entry point, the framework adapters) takes a play by its action code
(:data:`._engine.codes.PLAY_CODE` plus a card code, or :data:`._engine.codes.JOKER_LEAD_CODE`
plus the suit the un-nominated Joker names) through :func:`play`, the one home of a
card play's check and application; :func:`play_refused` is its check alone and
:func:`joker_names` the suits a leader of the un-nominated Joker may name.  The rules
themselves have their homes in :mod:`._engine.play` (the legal mask, the Joker's lead,
the trick winner) and the step that builds the next record in :mod:`._engine.step`.

A call's step is :func:`call`, from the auction's record after it
(:func:`._engine.auction.advance` checks and applies the call itself): the next caller,
or once the auction is over the contract (and the kitty taken up) or the throw-in.
The phases between the auction and the play have their steps here too, each taking
its action by a small int: the kitty discard by the mask of the cards discarded
(:func:`discard_refusal`, :func:`discard`), the five-player partner call by the card's
code or -1 to play alone (:func:`partner_cards`, :func:`partner_refusal`,
:func:`call_partner`) and the Joker's nomination by the suit or -1 for none
(:func:`nominate`, any of which is legal).  A refusal is the code of the refusal
table (``"card-not-in-hand"``, ...); the facade words its reason.  Between the phases,
:func:`after_discard` is the one home of what comes next: the partner call, the
nomination or the first lead.  The auction's step is in :mod:`._engine.auction`.
"""

from collections.abc import Sequence
from typing import Any

from five_hundred._engine.auction import A_BIDDER, A_STANDING, A_TO_ACT, AuctionRecord
from five_hundred._engine.codes import (
    ALL_SUITS,
    HAND_SIZE,
    JOKER_BIT,
    JOKER_CODE,
    JOKER_LEAD_CODE,
    KITTY_SIZE,
    PLAY_CODE,
    popcount,
)
from five_hundred._engine.core import (
    CALL_PARTNER,
    DISCARD,
    DONE,
    HAND,
    HAND_OVER,
    HANDS,
    LED,
    LEGAL,
    LOG,
    NOMINATE,
    PHASE,
    PLAY,
    SETUP,
    SUITS_LED,
    TO_ACT,
    VOIDS,
    Hand,
    Record,
    Setup,
    called,
    contracted,
    moved,
    with_auction,
    with_discard,
    with_hands,
    with_nominated,
    with_nomination,
    with_partner,
    with_result,
)
from five_hundred._engine.play import joker_lead_names_suit, joker_suits
from five_hundred._engine.step import play_card, start_play

__all__ = [
    "after_discard",
    "call",
    "call_partner",
    "discard",
    "discard_refusal",
    "joker_names",
    "nominate",
    "partner_called",
    "partner_cards",
    "partner_refusal",
    "play",
    "play_refused",
]


def joker_names(core: Record) -> int:
    """The mask of suits the player to act may name leading the un-nominated Joker.

    Read from the record of a card play (:func:`._engine.play.joker_suits`): the
    rules' option, the suits led so far, the suits the leader showed void in and
    whether this is the last trick.
    """
    fields: tuple[Any, ...] = core  # (by index: see _engine.adapter.play_ids)
    seat: int = fields[TO_ACT]  # the card play always has a player to act
    voids: int = fields[VOIDS]
    done: int = fields[DONE]
    setup = core[SETUP]
    return joker_suits(
        setup.options,
        fields[SUITS_LED],
        voids >> 4 * seat & ALL_SUITS,
        done == HAND_SIZE - 1,
    )


def play_refused(core: Record, action: int) -> bool:
    """Whether the player to act may not make the card play of code ``action`` now.

    Refused outside the card play, for a code that is not a card play, a card not in
    the legal mask, the un-nominated Joker led in No Trumps without naming a suit (it
    must name one: :ref:`rules-joker-lead-suit`), a suit named by any other play, or
    a suit the leader may not name.
    """
    if core[PHASE] != PLAY:
        return True
    legal: Any = core[LEGAL]  # (an object: a hand with the Joker is a long int)
    code: int = action - PLAY_CODE
    if 0 <= code <= JOKER_CODE:
        if not legal >> code & 1:
            return True
        return code == JOKER_CODE and joker_lead_names_suit(
            legal, core[LED], core[SETUP].key
        )
    suit: int = action - JOKER_LEAD_CODE
    if not 0 <= suit < 4 or not joker_lead_names_suit(
        legal, core[LED], core[SETUP].key
    ):
        return True
    return not joker_names(core) >> suit & 1


def play(core: Record, action: int, logged: Any) -> Record | None:
    """``core`` after the player to act makes the card play of code ``action``.

    ``None`` if :func:`play_refused` refuses it.  ``logged`` is the action the log
    keeps (the facade's play object, opaque here).  After the hand's last trick (or a
    misère contractor's first trick won) the result has nobody to act.
    """
    code: int = action - PLAY_CODE
    if 0 <= code < JOKER_CODE and core[PHASE] == PLAY and core[LEGAL] >> code & 1:
        # (play_refused's first case, without its call: a card other than the Joker
        # in the legal mask is a legal play, and most plays are)
        return play_card(core, code, -1, logged)
    if play_refused(core, action):
        return None
    if action < JOKER_LEAD_CODE:
        return play_card(core, code, -1, logged)
    return play_card(core, JOKER_CODE, action - JOKER_LEAD_CODE, logged)


# -- the auction: a call's step, from the auction's record after it --


def call(
    core: Record, book: Any, after: AuctionRecord, logged: Any, seat: int
) -> Record | None:
    """``core`` after ``seat``'s call, which left the auction's record at ``after``.

    ``book`` is the rules' book of the auction (opaque but for two fields the facade
    fills) and ``logged`` the call the log keeps.  While the auction is on, the next
    caller is to act.  Once it is over: a throw-in ends the hand with the book's
    ``no_result`` (nobody scores: :ref:`rules-throw-in`); a contract puts the contractor
    in the discard with the kitty taken up, or straight on (:func:`after_discard`) sans
    kitty, from the book's ``contract_steps`` entry for the bid's rank and bidder:
    ``(contract, play setup, kitty taken up)``.  ``None`` while that entry is ``None``
    (the facade fills it, the first time a contract is met).
    """
    log = (core[LOG], logged, seat)
    parts = (book, after)
    to_act: int = after[A_TO_ACT]
    if to_act >= 0:
        return called(core, parts, to_act, log)
    rank: int = after[A_STANDING]
    if rank < 0:  # thrown in: nobody scores
        result: tuple[int, ...] = book.no_result
        hand = with_result(with_auction(core[HAND], parts), result)
        return moved(core, HAND_OVER, None, hand, log)
    steps: list[Any] = book.contract_steps
    bidder: int = after[A_BIDDER]
    step = steps[8 * rank + bidder]
    if step is None:
        return None
    contract = step[0]
    setup: Setup = step[1]
    kitty_up: bool = step[2]
    done = contracted(core, parts, contract, setup, log, kitty_up)
    return done if kitty_up else after_discard(done)


# -- the kitty discard: its code is the mask of the cards discarded --


def discard_refusal(held: int, mask: int) -> str | None:
    """Why the contractor holding ``held`` may not discard ``mask`` (a refusal code).

    ``"card-not-in-hand"`` for a card not held, ``"discard-count"`` for other than
    :data:`._engine.codes.KITTY_SIZE` cards (as many as the kitty held:
    :ref:`rules-kitty`); ``None`` for a legal discard.
    """
    if mask & ~held:
        return "card-not-in-hand"
    if popcount(mask) != KITTY_SIZE:
        return "discard-count"
    return None


def discard(core: Record, mask: int, logged: Any) -> Record:
    """``core`` after the contractor discards the cards of ``mask`` (a legal discard).

    ``logged`` is the action the log keeps.  What follows is :func:`after_discard`'s.
    """
    fields: tuple[Any, ...] = core  # (the discard always has a player to act)
    seat: int = fields[TO_ACT]
    hands = list(core[HANDS])
    hands[seat] &= ~mask
    hand = with_discard(core[HAND], mask)
    after = moved(core, DISCARD, seat, hand, (core[LOG], logged, seat))
    return after_discard(with_hands(after, tuple(hands)))


def after_discard(core: Record) -> Record:
    """``core`` once the contractor holds the cards to play (discarded, or sans kitty).

    The partner call comes next if the contract's setup has one (five players, a
    trick bid: :ref:`rules-five-players`), else the nomination or the first lead (see
    :func:`_after_partner`).
    """
    setup: Setup = core[SETUP]
    if setup.calls_partner:
        return moved(core, CALL_PARTNER, setup.contractor, core[HAND], core[LOG])
    return _after_partner(core)


def _after_partner(core: Record) -> Record:
    """``core`` once the partner is called (or none is): the nomination, or the play.

    The contractor holding the Joker nominates its suit first where the setup lets
    them (No Trumps or misère, the rules' option: :ref:`rules-joker-nomination`).
    """
    setup: Setup = core[SETUP]
    seat: int = setup.contractor
    held: int = core[HANDS][seat]
    if setup.nominates and held & JOKER_BIT:
        return moved(core, NOMINATE, seat, core[HAND], core[LOG])
    return start_play(core, setup)


# -- the five-player partner call: its code is the card's, or -1 to play alone --


def partner_cards(pack: int, held: int) -> int:
    """The mask of the cards the contractor holding ``held`` may call as partner.

    Any card of the ``pack`` (its mask) but the Joker and the contractor's own.
    """
    return pack & ~held & ~JOKER_BIT


def partner_refusal(pack: int, held: int, card: int) -> str | None:
    """Why the contractor holding ``held`` may not call ``card`` (a refusal code).

    ``"partner-joker"``, ``"card-not-in-pack"`` (not in the ``pack``, its mask) or
    ``"partner-in-own-hand"``; ``None`` for a card of :func:`partner_cards` or -1
    (playing alone).
    """
    if card < 0:
        return None
    if card == JOKER_CODE:
        return "partner-joker"
    if not pack >> card & 1:
        return "card-not-in-pack"
    if held >> card & 1:
        return "partner-in-own-hand"
    return None


def call_partner(core: Record, card: int, logged: Any) -> Record:
    """``core`` after the contractor calls ``card`` as partner (or -1: alone).

    The seat that holds the card (or -1: the card is in the kitty, or discarded) is
    the partner; nobody knows it until the card is played.  ``logged`` is the action
    the log keeps.
    """
    fields: tuple[Any, ...] = core  # (the partner call always has a player to act)
    seat: int = fields[TO_ACT]
    hand = core[HAND]
    if card >= 0:
        hand = partner_called(hand, card, core[HANDS])
    return _after_partner(
        moved(core, CALL_PARTNER, seat, hand, (core[LOG], logged, seat))
    )


def partner_called(hand: Hand, card: int, hands: Sequence[int]) -> Hand:
    """``hand`` with ``card`` called as partner and its holder found in ``hands``.

    The holder is the seat whose cards (``hands``, a mask a seat) hold the card, or -1
    (the card is in the kitty, or discarded).
    """
    holder = -1
    for seat in range(len(hands)):
        if hands[seat] >> card & 1:
            holder = seat
            break
    return with_partner(hand, card, holder)


# -- the Joker's nomination: its code is the suit, or -1 for none (all legal) --


def nominate(core: Record, suit: int, logged: Any) -> Record:
    """``core`` after the contractor nominates ``suit`` for the Joker (-1: none).

    The card order changes with a suit nominated (:ref:`rules-joker-nomination`); the
    play begins.  ``logged`` is the action the log keeps.
    """
    fields: tuple[Any, ...] = core  # (the nomination always has a player to act)
    seat: int = fields[TO_ACT]
    hand = core[HAND]
    setup: Setup = core[SETUP]
    if suit >= 0:
        hand = with_nomination(hand, suit)
        setup = with_nominated(setup, suit)
    return start_play(
        moved(core, NOMINATE, seat, hand, (core[LOG], logged, seat)), setup
    )
