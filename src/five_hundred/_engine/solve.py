"""The double-dummy solver's core: alpha-beta over the card play on masks.

Every hand is known; the contracting side maximises the tricks it takes (minimises
them in misère, where the hand ends at the contractor's first trick) and everyone else
does the opposite, so the play is a two-sided game whatever the number of players.

The techniques are those of bridge solvers, on the engine's masks:

- a null-window search "can the contracting side take at least ``k`` more tricks",
  driven by MTD(f) probes on ``k`` (:func:`solve_position`): the first at a guess (a
  playout of the move order's first choices), each next just past the bound the last
  returned (the search fails soft, so each probe narrows the bounds);
- a transposition table at the start of each trick, keyed by the remaining cards after
  *rank equivalence*: each card is replaced by its place among the cards of its
  effective suit still in play, so positions that differ only in cards already played
  share an entry; it holds lower and upper bounds;
- *partition search* (DDS's relevant ranks): a search also returns the cards its
  result read beyond the suits' lengths (the winners of tricks where they beat a card
  of their suit, the cards the bounds below read, the lowest card of a run searched
  once), and an entry compares only the places from the top of each suit down to the
  lowest such card, among positions of the same lengths: one entry serves every
  position that differs only in lower cards; entries are compared first by the
  holders of each suit's strongest cards, a machine word (:data:`TOPS_SPECS`), and
  most by it alone;
- a quick-trick bound: the top cards the leader can cash at once (trumps first; side
  suits only while no opponent can ruff or play the un-nominated Joker on them), then
  a partner's top cards of a suit the leader leads a low card of, and a
  sure-trick bound for each side: a seat's ``i`` highest trumps win ``i`` tricks
  less the other side's trumps above the lowest of them (long trumps as well as top
  ones); both are computed once per table entry (stored at once when they cut the
  search off), and the table keys are cached by the exact cards;
- move ordering: winners and cheap wins first (with four seats, first the cheapest
  that the next seat cannot beat in the suit), low cards when the side already wins
  (unless, with four seats, the last seat can beat its card in the suit), second
  hand low when its partner holds the suit's strongest card, discards from the
  shortest suit (low cards first; a suit whose strongest card the seat holds last;
  in misère high cards first), leads of a side suit's top card first, then low
  cards of side suits, then trumps (the top one first), and last those of suits an
  opponent can ruff (and of trumps that draw none);
- at a trick's start, the lead that last cut a search off at the same trick (the
  *killer*, kept in the context by tricks done) first, wherever the order above put
  it (inside a trick the fixed order measured better);
- cards adjacent among those still in play (the trick included) in one effective suit
  are one move: only the highest of such a run is searched;
- the values of every choice (:func:`choice_values`) are searched in the move order
  above, each one's first probe at the best value found so far;
- one machine word for every mask of cards: without six-player ranks in play the
  cards are numbered by the standard slots (:data:`NUMBERINGS`, converted at the
  entry and the exit), so no mask reaches bit 62 (the Joker's code is 64), and a table
  entry keeps how deep it compares each suit in a small integer of its own; the move
  order, the play and the walks of a suit's cards for the table make a card's bit as
  ``1 << number`` (compiled, a shift inline, where reading a bit above ``2**30`` from
  :data:`~._engine.codes.BITS` unboxes it through a slow call: 2.7% fewer
  instructions, and 0.6% fewer again in the table's walks; pure Python allocates
  each shift's int: 2.5% more).

The rules come from their homes: :func:`._engine.play.legal_mask_in` and
:func:`._engine.play.joker_suits` for what may be played, the tables
:data:`~._engine.tables.STRENGTH`, :data:`~._engine.tables.EFF` and
:data:`~._engine.tables.SUIT_MASKS` for who wins a trick (the running form of
:func:`._engine.play.winner_index`, as in the playout loop), renumbered by
:data:`NUMBERINGS`.  A *choice* is a card's number, or ``JOKER_LEAD + suit`` for
leading the un-nominated Joker naming ``suit`` (:mod:`._engine.playout`);
:func:`context_of`, :func:`position_of` and :func:`choice_values` take and give
card codes.
"""

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, Final

from five_hundred._engine.codes import (
    BITS,
    HAND_SIZE,
    JOKER_CODE,
    NO_SUIT,
    NT,
    popcount,
)
from five_hundred._engine.core import (
    DONE,
    HANDS,
    LEADER,
    LED,
    SETUP,
    SUITS_LED,
    TO_ACT,
    TRICK,
    VOIDS,
    Record,
)
from five_hundred._engine.play import (
    LEAD_NOT_LED_BEFORE,
    LEAD_NOT_SHOWN_VOID,
    JokerOptions,
    joker_suits,
    legal_mask_in,
    winner_index,
)
from five_hundred._engine.playout import JOKER_LEAD
from five_hundred._engine.tables import (
    CODE_OF_SLOT,
    EFF,
    SIX_ONLY_MASK,
    SLOT_OF_CODE,
    STRENGTH,
    SUIT_MASKS,
    TRUMP,
    slots_from_mask,
)

__all__ = [
    "NO_LIMIT",
    "Budget",
    "BudgetSpentError",
    "Context",
    "Position",
    "Table",
    "best_choices",
    "choice_bounds",
    "choice_values",
    "context_of",
    "position_of",
    "solve_bounds",
    "solve_position",
]


NUMBERINGS: Final[tuple[tuple[int, ...], ...]] = (
    tuple(range(JOKER_CODE + 1)),
    CODE_OF_SLOT,
)
"""The solver's numberings of the cards: by ``NUMBERINGS[n][number]``, its code.

0: the card codes themselves; 1: the standard *slots*
(:data:`~._engine.tables.CODE_OF_SLOT`: no six-player ranks, the Joker 52), in which
every mask of cards is below ``2**62``: a machine word when compiled (with codes,
the Joker's bit 64 and the hearts' king and ace make a boxed integer of every mask
holding them).  Both keep the codes' order, so the Joker is last and a suit's plain
cards rank as their numbers."""

SLOTTED: Final = 9
"""A *numbered key* is a context key (:func:`~._engine.tables.context_key`), plus
``SLOTTED`` when the cards are numbered by slots: every table below is indexed by it."""


def _numbered(key: int) -> tuple[int, tuple[int, ...]]:
    """The context key and the codes by number of a numbered key."""
    return key % SLOTTED, NUMBERINGS[key // SLOTTED]


N_KEYS: Final = range(2 * SLOTTED)
N_EFF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple([EFF[_numbered(key)[0]][code] for code in _numbered(key)[1]])
    for key in N_KEYS
)
""":data:`~._engine.tables.EFF` by numbered key and number."""
N_STRENGTH: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple([row[code] for code in _numbered(key)[1]])
        for row in STRENGTH[_numbered(key)[0]]
    )
    for key in N_KEYS
)
""":data:`~._engine.tables.STRENGTH` by numbered key, suit led and number."""
N_SUIT_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sum(
            [
                1 << number
                for number, code in enumerate(_numbered(key)[1])
                if SUIT_MASKS[_numbered(key)[0]][suit] >> code & 1
            ]
        )
        for suit in range(NO_SUIT + 1)
    )
    for key in N_KEYS
)
""":data:`~._engine.tables.SUIT_MASKS` by numbered key."""
PLAYED_BITS: Final = 3
"""Below a :data:`N_PLAYED` item's strength, its effective suit's bits (suits to 4)."""

OWN_SUIT: Final = NO_SUIT
"""The row of :data:`N_PLAYED` that reads each card in its own suit (a lead's)."""

N_PLAYED: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            [
                (N_STRENGTH[key][suit][number] << PLAYED_BITS if suit < NO_SUIT else 0)
                | suit
                for number, suit in enumerate(N_EFF[key])
            ]
        )
        if led == OWN_SUIT
        else tuple(
            [
                power << PLAYED_BITS | suit
                for power, suit in zip(N_STRENGTH[key][led], N_EFF[key], strict=True)
            ]
        )
        for led in range(OWN_SUIT + 1)
    )
    for key in N_KEYS
)
"""``N_PLAYED[key][led][number]``: what :func:`_play` reads of a card played to a
trick led in ``led`` (:data:`OWN_SUIT`: led by it, in its own suit): its strength
(:data:`N_STRENGTH`) above :data:`PLAYED_BITS` bits, and its effective suit
(:data:`N_EFF`) in them (compiled, one tuple's item read for the two)."""
N_TRUMP: Final[tuple[int, ...]] = tuple(TRUMP[key % SLOTTED] for key in N_KEYS)
""":data:`~._engine.tables.TRUMP` by numbered key."""
N_NT: Final[tuple[bool, ...]] = tuple(key % SLOTTED == NT for key in N_KEYS)
"""Whether a numbered key is No Trumps with the Joker not nominated."""
N_JOKER: Final[tuple[int, ...]] = tuple(len(_numbered(key)[1]) - 1 for key in N_KEYS)
"""The Joker's number (the last) by numbered key."""
N_JOKER_BIT: Final[tuple[int, ...]] = tuple(1 << joker for joker in N_JOKER)
"""The Joker's bit by numbered key."""
N_RANK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple([code & 15 for code in _numbered(key)[1]]) for key in N_KEYS
)
"""Each number's rank offset in its suit (that of its code) by numbered key."""


def _ranked(key: int) -> tuple[tuple[int, ...], ...]:
    """For each effective suit (4: none), its numbers from the strongest down."""
    out: list[tuple[int, ...]] = []
    for suit in range(NO_SUIT + 1):
        row = N_STRENGTH[key][suit if suit < NO_SUIT else 0]
        mask = N_SUIT_MASKS[key][suit]
        codes = [code for code in range(N_JOKER[key] + 1) if mask >> code & 1]
        codes.sort(key=lambda code: -row[code])
        out.append(tuple(codes))
    return tuple(out)


RANKED: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    _ranked(key) for key in N_KEYS
)
"""``RANKED[key][suit]``: the numbers of an effective suit, strongest first."""

PLAIN: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(
        suit < NO_SUIT and list(codes) == sorted(codes, reverse=True)
        for suit, codes in enumerate(suits)
    )
    for suits in RANKED
)
"""``PLAIN[key][suit]``: whether the cards of a suit rank as their numbers (no bower
or Joker in it, not the Joker's "no suit"), so that bit order is rank order."""

RANKED_BITS: Final[tuple[tuple[tuple[tuple[int, int], ...], ...], ...]] = tuple(
    tuple(tuple((code, BITS[code]) for code in codes) for codes in suits)
    for suits in RANKED
)
"""``RANKED`` with each number's bit."""


HEAD_RANK: Final = 128
"""Above every card's number: :func:`_sure_side` ranks a suit's heads (see
:data:`RANK_HEADS`) ``HEAD_RANK`` down, strongest first, and its tail's cards by
their numbers, so that a higher rank is a stronger card."""


def _tail_start(codes: tuple[int, ...]) -> int:
    """Where the numbers of a suit (strongest first) start to fall to the end."""
    start = len(codes) - 1
    while start > 0 and codes[start - 1] > codes[start]:
        start -= 1
    return max(start, 0)


RANK_HEADS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(codes[: _tail_start(codes)] for codes in suits) for suits in RANKED
)
"""``RANK_HEADS[key][suit]``: the strongest cards of an effective suit that rank out
of their numbers' order (the Joker, the bowers of a trump suit: empty for a plain
suit); the rest, :data:`RANK_TAILS`, rank as their numbers."""

RANK_TAILS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum([BITS[code] for code in codes[_tail_start(codes) :]]) for codes in suits)
    for suits in RANKED
)
"""``RANK_TAILS[key][suit]``: the mask of the cards of an effective suit below its
:data:`RANK_HEADS`, whose bit order is rank order (every card of a plain suit)."""


def _lower(key: int) -> tuple[int, ...]:
    out = [0] * (N_JOKER[key] + 1)
    for codes in RANKED[key]:
        below = 0
        for code in reversed(codes):
            below |= BITS[code]
            out[code] = below
    return tuple(out)


LOWER: Final[tuple[tuple[int, ...], ...]] = tuple(_lower(key) for key in N_KEYS)
"""``LOWER[key][number]``: the mask of the cards of the card's effective suit ranked
at or below it (itself included)."""

DEPTH: Final = 5
"""Bits per suit of an entry's depths (a suit has at most 18 cards)."""

RADIX: Final = HAND_SIZE + 1
"""A shape's lengths are digits of this base (a seat holds at most ``HAND_SIZE``
cards of a suit)."""

SHAPE_SUITS: Final = 3
"""The effective suits whose lengths a shape keeps (see :func:`_canon`): those of the
fourth follow from the hands' size, those of the Joker's "no suit" from its holder."""

SHAPE_SHIFTS: Final[tuple[int, ...]] = tuple(
    [(RADIX ** (SHAPE_SUITS * seats)).bit_length() for seats in range(7)]
)
"""``SHAPE_SHIFTS[n]``: with ``n`` seats, where a shape's rest starts (above its
lengths' digits: a shift, as a product would leave machine words when compiled)."""

SLOT_BITS: Final = 12
"""A context's cache of suits' parts by their packed cards (see :data:`Context`) has
``2 ** SLOT_BITS`` slots a suit."""

SLOT_MASK: Final = (1 << SLOT_BITS) - 1
"""A slot's index within its suit's, of a mixed packed cut (see :func:`_slot`)."""

TOPS_SPECS: Final[tuple[tuple[int, int], ...]] = tuple(
    [(2, 7) if seats <= 4 else (3, 4) for seats in range(7)]
)
"""``TOPS_SPECS[n]``: ``(bits, places)`` of the *tops* of a position of ``n``
seats: for each effective suit, the holder (its index among the seats who play,
``bits`` bits) of each of its ``places`` strongest live cards, the suits
``bits * places`` bits apart, and above them the contracting side (:data:`TEAM_SHIFTS`;
62 bits with four seats, 54 with six: a machine word; the Joker's "no suit" has
no tops: its holder is in the shape).  Same shape and same tops mean the same
places down to ``places`` cards a suit, so a table entry that compares no deeper is
matched by the tops alone."""

TEAM_SHIFTS: Final[tuple[int, ...]] = tuple(
    [bits * places * NO_SUIT for bits, places in TOPS_SPECS]
)
"""``TEAM_SHIFTS[n]``: where the tops of ``n`` seats keep the contracting side's
seats (6 bits: a table may serve several deals)."""

TEAM_MASKS: Final[tuple[int, ...]] = tuple([63 << shift for shift in TEAM_SHIFTS])
"""``TEAM_MASKS[n]``: the contracting side's bits of the tops of ``n`` seats."""

HALF: Final = 30
"""A table entry keeps the tops' mask and pattern in two halves: bits below ``HALF``
and the :data:`HALF_WIDTH` bits above (the contracting side apart: see
:data:`Table`).  Each below ``2**30``: a one-digit Python int, which compiled
code unboxes inline (a wider one through a slow call, most of the cost of
scanning an entry)."""

HALF_MASK: Final = (1 << HALF) - 1
"""The low half's bits."""

HALF_WIDTH: Final = 26
"""The high half's width: to bit 55, the suits' tops (:data:`TOPS_SPECS`) and with
five or six seats the contracting side."""

HIGH_MASK: Final = (1 << HALF_WIDTH) - 1
"""The high half's bits, shifted down."""


def _cut_spec(key: int, suit: int) -> tuple[int, int, int, int, int]:
    """How :func:`_canon` packs a seat's cards of a suit: see :data:`CUT_SPECS`."""
    width = 13 if key >= SLOTTED else 16  # a suit's numbers: 13 slots or 16 codes
    base = width * min(suit, 3) if suit < NO_SUIT else N_JOKER[key]
    window = (1 << width) - 1
    mask = N_SUIT_MASKS[key][suit]
    extras = [
        1 << number
        for number in range(N_JOKER[key] + 1)
        if mask >> number & 1 and not (window << base) >> number & 1
    ]
    extras += [0, 0]
    return base, window, extras[0], extras[1], width + 2


CUT_SPECS: Final[tuple[tuple[tuple[int, int, int, int, int], ...], ...]] = tuple(
    tuple(_cut_spec(key, suit) for suit in range(NO_SUIT + 1)) for key in N_KEYS
)
"""``CUT_SPECS[key][suit]``: ``(base, window, first, second, width)``: a seat's cards
of an effective suit are its numbers ``base`` up, within ``window``, and at most two
more (the left bower, the Joker: bits ``first`` and ``second``, 0 if none); packed
into ``width`` bits (the window, then a bit for each of those two), the cut of a
suit among four seats (slots) is a machine word: the key of ``parts`` (see
:func:`_packed`)."""

CUT_BASES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(base if not first else -1 for base, _, first, _, _ in specs)
    for specs in CUT_SPECS
)
"""``CUT_BASES[key][suit]``: the ``base`` of :data:`CUT_SPECS` when every card of the
suit is in its window (no left bower, no Joker: a seat's cut shifted down is its
packed bits), else -1."""

CUT_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        N_SUIT_MASKS[key][suit] >> base if base >= 0 else 0
        for suit, base in enumerate(CUT_BASES[key])
    )
    for key in N_KEYS
)
"""``CUT_MASKS[key][suit]``: with a :data:`CUT_BASES` ``base``, the suit's mask
shifted down by it (else 0): a seat's cards of the suit are its cards shifted down,
masked by this (a one-digit int, where the suit's mask may be wider: compiled,
read with no slow unboxing call)."""

CUT_WIDTHS: Final[tuple[int, ...]] = tuple([specs[0][4] for specs in CUT_SPECS])
"""``CUT_WIDTHS[key]``: the ``width`` of :data:`CUT_SPECS`, the same for every suit."""

COMPILED: Final = (__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""Whether this module is compiled.  Then a position's key is made anew at every trick
start, its suits' parts found in a list of ints (see :data:`Context`: an int boxed
and hashed costs more than the key's word operations); pure, by a dictionary of
the keys by the hands, then one of the parts (a word operation costs as much as a
dictionary's look-up)."""


class Budget:
    """The nodes a search may still visit (see :func:`solve_bounds`).

    Compiled, a native class: its count is a machine word, where an item of a list
    would be boxed anew at each node.
    """

    def __init__(self, left: int) -> None:
        self.left = left


Context = tuple[
    int,
    bool,
    int,
    tuple[int, ...],
    JokerOptions,
    int,
    int,
    tuple[int, ...],
    list[dict[int, tuple[int, int, int]]],
    dict[tuple[int, ...], tuple[int, int, int]] | None,
    list[int],
    Budget,
    list[int],
]
"""What stays fixed during a solve: ``(key, misere, active, next_seat, options,
contractor, team, seats, parts, keys, slots, budget, killers)``: the contract's play setup (``key`` the
numbered key: the context key, plus :data:`SLOTTED` when the cards are numbered by
slots, see :func:`_slotted`); ``team`` the
seats of the contracting side (the contractor alone in misère) as a mask; ``seats``
those who play; ``parts`` the canonical parts of suits met so far (see
:func:`_part`), a dictionary a plain suit, by the seats' cards of the suit packed
(see :func:`_packed`), ``keys`` what the keys of positions met so far read of
their hands, by the hands (see :func:`_hands_key`; None: not kept), and
``slots`` a cache of them in a list of ints, direct-mapped (:func:`_slot`), each
slot three items: a plain suit's packed cards and the first two items of their part
(-1: none; the list is empty when it is not kept).  The pure build keeps the keys,
the compiled one the slots (see :data:`COMPILED`).  ``budget`` the nodes the search
may still visit (see :func:`solve_bounds`); ``killers`` by tricks done, the lead
that last cut a search off at a trick's start (-1: none), searched first there.

Plain tuples, unpacked where used: cheaper than named fields, and unboxed when
compiled."""

Position = tuple[
    tuple[int, ...], int, int, tuple[int, ...], int, int, int, int, int, int, int
]
"""A point of the play: ``(hands, seat, leader, trick, led, suits_led, voids, done,
winner, best, live)``: the hands, the seat to act, the trick in progress (its leader,
cards and suit led), the suits led and shown void so far, the tricks done, the
seat winning the trick so far (the leader when it is empty) with the strength of its
card (-1 when the trick is empty), and the *live* cards: those the seats who play
still hold and the trick's (kept up to date by :func:`_play`, see :func:`_live`)."""

Table = dict[int, list[tuple[int, ...]]]
"""The transposition table: by a position's shape (see ``_canon``), entries
``(mask_low, pattern_low, mask_high, pattern_high, low, high, depths, kind, ...)``:
bounds on the tricks to come of every position of that shape whose tops
(:data:`TOPS_SPECS`) masked by ``tops_mask`` are ``tops_pattern`` (kept in halves,
see :data:`HALF`), whose contracting side is ``kind >> NO_SUIT`` and, in each
suit of the mask ``kind & 15`` (the *deep* suits: those the entry compares
deeper than the tops go), whose holders (see :func:`_part`) down to the entry's
depth are the entry's item ``8 + suit`` (see ``_search``); ``depths`` tells how
many places of each suit the entry compares (see :func:`_mask_of`).  Most
entries have no deep suit: eight items, matched by the tops and the side alone.
Every item is a one-digit int but the deep patterns.  Typed ``tuple[int, ...]`` so that
compiled, reading one item unboxes that item alone (a fixed tuple type unboxes
them all whenever an entry is taken from its list, and most entries scanned differ
in the first item compared)."""


NO_LIMIT: Final = 1 << 60
"""A node budget no search reaches (below ``2**62``: a machine word compiled)."""


class BudgetSpentError(Exception):
    """The search's node budget ran out (see :func:`solve_bounds`); caught there."""


def _slotted(core: Record) -> bool:
    """Whether the solver numbers the cards of a state by slots (see :data:`NUMBERINGS`).

    When no card in play is of the six-player ranks: its masks are machine words.
    """
    cards = 0
    for hand in core[HANDS]:
        cards |= hand
    for code in core[TRICK]:
        cards |= BITS[code]
    return not cards & SIX_ONLY_MASK


def context_of(core: Record, team: int) -> Context:
    """The solver's context of a state in the play; ``team`` its contracting seats."""
    setup = core[SETUP]
    if setup.misere:
        team = 1 << setup.contractor
    return (
        setup.key + SLOTTED if _slotted(core) else setup.key,
        setup.misere,
        setup.active,
        setup.next_seat,
        setup.options,
        setup.contractor,
        team,
        setup.order[setup.contractor],
        [{}, {}, {}, {}],  # (one a plain suit)
        None if COMPILED else {},
        [-1] * (3 * NO_SUIT << SLOT_BITS) if COMPILED else [],
        Budget(NO_LIMIT),
        [-1] * HAND_SIZE,
    )


def position_of(core: Record) -> Position:
    """The solver's position of a state in the play (someone to act).

    Its cards numbered as :func:`context_of` numbers them (see :func:`_slotted`).
    """
    seat = core[TO_ACT]
    assert seat is not None  # the facade checks there is a player to act
    trick = core[TRICK]
    winner, best = core[LEADER], -1
    if trick:
        key = core[SETUP].key
        index = winner_index(trick, key, core[LED])
        winner = core[SETUP].order[core[LEADER]][index]
        best = STRENGTH[key][core[LED]][trick[index]]
    hands = core[HANDS]
    if _slotted(core):
        hands = tuple([slots_from_mask(hand) for hand in hands])
        trick = tuple([SLOT_OF_CODE[code] for code in trick])
    setup = core[SETUP]
    assert setup.contractor is not None  # in the play there is a contract
    live = _live(setup.order[setup.contractor], hands, trick)
    return (
        hands,
        seat,
        core[LEADER],
        trick,
        core[LED],
        core[SUITS_LED],
        core[VOIDS],
        core[DONE],
        winner,
        best,
        live,
    )


def _legal(ctx: Context, pos: Position) -> tuple[int, int]:
    """The legal mask of the seat to act and the suits it may name for the Joker."""
    # items by index, not unpacked: compiled, an int unpacked into ``_`` is boxed
    key, misere, options = ctx[0], ctx[1], ctx[4]
    hands, seat, trick, led, suits_led = pos[0], pos[1], pos[3], pos[4], pos[5]
    voids, done = pos[6], pos[7]
    held = hands[seat]
    if not trick:
        led = -1
    joker = N_JOKER_BIT[key]
    if not N_NT[key] or not held & joker:
        return (held if led < 0 else (held & N_SUIT_MASKS[key][led] or held)), 0
    last = done == HAND_SIZE - 1
    mask = legal_mask_in(
        held, N_SUIT_MASKS[key], joker, NT, led, options, misere, suits_led, last
    )
    names = 0
    if led < 0 and mask & joker:
        names = joker_suits(options, suits_led, voids >> 4 * seat & 15, last)
        if not names:
            mask ^= joker
    return mask, names


def _live(
    seats: tuple[int, ...], hands: tuple[int, ...], trick: tuple[int, ...]
) -> int:
    """The live cards: those ``seats`` hold in ``hands`` and the ``trick``'s."""
    live = 0
    for seat in seats:
        live |= hands[seat]
    for code in trick:
        live |= BITS[code]
    return live


def _heads(ctx: Context, pos: Position) -> dict[int, int]:
    """The searched choice of every legal choice of the player to act.

    A run of legal cards adjacent among the live cards of one effective suit is
    searched once, through its highest card; the un-nominated Joker led is one
    choice per suit it may name.
    """
    mask, names = _legal(ctx, pos)
    key = ctx[0]
    live = pos[10]
    same: dict[int, int] = {}
    for suit in range(NO_SUIT + 1):
        if not mask & N_SUIT_MASKS[key][suit]:
            continue
        head = -1
        for code, bit in RANKED_BITS[key][suit]:
            if not live & bit:
                continue
            if mask & bit:
                if head < 0:
                    head = code
                same[code] = head
            else:
                head = -1
    if names:
        del same[N_JOKER[key]]
        for suit in range(4):
            if names >> suit & 1:
                same[JOKER_LEAD + suit] = JOKER_LEAD + suit
    return same


def _strongest(key: int, led: int, cards: int) -> int:
    """The strength of the strongest of ``cards`` (of the suit ``led``), 0 if none."""
    if not cards:
        return 0
    if PLAIN[key][led]:
        return N_STRENGTH[key][led][cards.bit_length() - 1]  # bit order is rank order
    for code, bit in RANKED_BITS[key][led]:
        if cards & bit:
            return N_STRENGTH[key][led][code]
    return 0


def _discard_length(key: int, suit: int, held: int, live: int, led: int) -> int:
    """How a discard ranks its suit, shortest first (see :func:`_rank_move`).

    The seat's length in it (``held``: its cards of the suit), plus 16 when the seat
    holds the suit's strongest live card (a winner kept); 0 for the suit led.
    """
    if suit == led:
        return 0
    if PLAIN[key][suit]:
        # bit order is rank order, and of two disjoint masks the one holding the
        # higher bit is the greater int: the seat's cards against the others' live ones
        holds_top = held > live & N_SUIT_MASKS[key][suit] & ~held
    else:
        holds_top = _tops_at(RANKED[key][suit], held, live)[0] > 0
    return popcount(held) + (16 if holds_top else 0)


def _rank_move(
    leading: bool,
    top: bool,
    rank: int,
    power: int,
    mine: bool,
    best: int,
    length: int,
    misere: bool,
) -> int:
    """A choice's place in the search order (higher first), as :func:`_order` says.

    ``top``: no live card above it in its suit; ``rank``: its rank offset (see
    :data:`N_RANK`, below 16); ``power``: its strength in the trick (0: a discard);
    ``mine``: the seat's side wins the trick so far, with strength ``best``;
    ``length``: following, its suit's :func:`_discard_length` (below 31); leading,
    1 when the suit's leads go last (see :func:`_late_leads`), else 2 for the trump
    suit, else 0.
    """
    if leading:
        if length == 1:
            # an opponent can ruff it (or play the Joker on it), so its top card is
            # no sure winner, or it is the trump suit and no opponent has a trump
            # left: led like a low card, after the low cards of the other suits
            return -rank - 48
        if length:
            # trumps after the side suits' low cards, the top one first (leading it
            # first searched more: a low card of a side suit more often takes the
            # tricks needed)
            return -16 if top else -rank - 17
        return 1000 if top else -rank
    if power > best and not mine:
        return 1000 - power
    if not power:
        # a discard: from the shortest suit, its lowest card first; in misère its
        # highest card first, of any suit
        return (500 if mine else -500) - (15 - rank if misere else length << 4 | rank)
    return -power if mine else -1000 - power


def _order(ctx: Context, pos: Position) -> list[int]:
    """The choices to search at ``pos`` (the heads of :func:`_heads`), best first.

    As :func:`_moves` orders them (the search reads its items as they are).
    """
    return [~item & 255 for item in _moves(ctx, pos)]


def _moves(ctx: Context, pos: Position) -> list[int]:
    """The choices to search at ``pos`` (see :func:`_order`), best first, as items.

    Each item is ``255 - (rank << 8 | choice)`` or ``255 - choice`` (choices are
    below 256): its choice is ``~item & 255``, with no list of choices built from the
    ranks; an item ``255 - choice`` is one of Python's cached small ints (no int
    allocated: a following card's, most items).

    Leads: a side suit's top card first, then low cards of side suits, then trumps
    (the top one first, then low ones), and last the cards of suits an opponent
    can ruff or of trumps that draw none (low cards first).  Following: low cards
    when the side already wins the trick, else the cheapest card that wins, else
    low cards; with four seats (two sides, seated in turn), the second and third
    hands read the seats after them: a winner that the next seat cannot beat in the
    suit goes first, a third hand whose partner's card the fourth can beat in the
    suit plays as if the other side won, and a second hand whose partner (last to
    play) holds the suit's strongest live card plays low first.  Discards from the
    shortest suit first, low cards first, the suits whose strongest live card the
    seat holds last (in misère high cards first, of any suit).
    """
    key = ctx[0]
    hands, seat, leader, trick, led, _suits, _voids, _done, winner, best, live = pos
    masks = N_SUIT_MASKS[key]
    # the suit led's mask read once (compiled, each read of a wide int from the
    # tuple unboxes it through a slow call)
    led_mask = masks[led] if trick else 0
    held = hands[seat]
    if not N_NT[key] or not held & N_JOKER_BIT[key]:
        # the rule of :func:`_legal` without the Joker's options, inline (most calls)
        mask, names = (held & led_mask or held) if trick else held, 0
    else:
        mask, names = _legal(ctx, pos)
    if trick and not mask & (mask - 1):
        # one card to follow with (often: the last of a suit, a singleton): nothing
        # to order
        return [256 - mask.bit_length()]  # 255 - choice
    team = ctx[6]
    mine = (team >> seat & 1) == (team >> winner & 1)
    if trick:
        row = N_STRENGTH[key][led]
        # with four seats, the second and third hands read the seats after them: the
        # next one is an opponent still to play, and ``over`` its strongest card of
        # the suit led (read where needed, 0 until then)
        four = ctx[2] == 4 and len(trick) < 3
        over = 0
        if four and mine:
            # third hand (the second's side never wins yet): its partner's card is
            # beaten if it plays low, so it plays to win
            over = _strongest(key, led, hands[ctx[3][seat]] & led_mask)
            if over > best:
                mine = False
        if not mask & ~led_mask:
            # following with cards of the suit led: the order of _rank_move is the
            # heads from the weakest up, the winners first when the other side wins
            # the trick so far; no sort
            heads: list[int] = []
            if PLAIN[key][led]:
                # strength is bit order: the heads from the lowest bit up
                others = (live & led_mask) ^ mask
                rest = mask
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    if rest and not others & ((rest & -rest) - (bit << 1)):
                        continue  # the next held card above is next among the live
                    heads.append(256 - bit.bit_length())  # 255 - choice
            else:
                # the heads (the Joker, the bowers) by rank, then the tail by bit
                # order, as below, strongest first; then turned round
                run = False
                for code in RANK_HEADS[key][led]:
                    bit = 1 << code
                    if not live & bit:
                        continue
                    if mask & bit:
                        if not run:
                            heads.append(255 - code)
                        run = True
                    else:
                        run = False
                tail = RANK_TAILS[key][led]
                rest = mask & tail
                others = (live & tail) ^ rest
                higher = 0
                if run and rest:
                    code = rest.bit_length() - 1
                    if others < (1 << code):
                        higher = 1 << code
                        rest ^= higher
                while rest:
                    code = rest.bit_length() - 1
                    bit = 1 << code
                    rest ^= bit
                    if higher and not others & (higher - (bit << 1)):
                        higher = bit
                        continue
                    higher = bit
                    heads.append(255 - code)
                heads.reverse()
            if mine or len(heads) == 1:
                return heads
            if four:
                if not over:
                    over = _strongest(key, led, hands[ctx[3][seat]] & led_mask)
                if len(trick) == 1:
                    # second hand low when its partner, last to play, holds the
                    # strongest live card of the suit (its own strongest head last)
                    partner = _strongest(
                        key, led, hands[ctx[3][ctx[3][seat]]] & led_mask
                    )
                    if (
                        partner > over
                        and partner > row[255 - heads[-1]]
                        and partner > _strongest(key, led, hands[leader] & led_mask)
                    ):
                        return heads
            for index in range(len(heads)):
                if row[255 - heads[index]] > best:
                    if over:
                        # the cheapest winner the next seat cannot beat first, then
                        # the cheaper winners, then the low cards
                        for sure in range(index, len(heads)):
                            if row[255 - heads[sure]] > over:
                                if sure > index:
                                    return (
                                        heads[sure:] + heads[index:sure] + heads[:index]
                                    )
                                break
                    return heads[index:] + heads[:index] if index else heads
            return heads
        # discards and ruffs: ranked as _rank_move ranks a card that follows (inline,
        # most of its calls), each choice as ``255 - (rank << 8 | choice)`` (see below)
        discard = 500 if mine else -500
        misere = ctx[1]
        heads_of = RANK_HEADS[key]
        tails = RANK_TAILS[key]
        ranks = N_RANK[key]
        scored: list[int] = []
        for suit in range(NO_SUIT + 1):
            held = mask & masks[suit]
            if not held:
                continue
            length = -1  # counted when a discard reads it
            run = False
            for code in heads_of[suit]:
                bit = 1 << code
                if not live & bit:
                    continue
                if held & bit:
                    if not run:
                        power = row[code]
                        if power > best and not mine:
                            move = 1000 - power
                        elif power:
                            move = -power if mine else -1000 - power
                        elif misere:
                            move = discard - (15 - ranks[code])
                        else:
                            if length < 0:
                                length = _discard_length(key, suit, held, live, led)
                            move = discard - (length << 4 | ranks[code])
                        scored.append(255 - (move << 8 | code))
                    run = True
                else:
                    run = False
            tail = tails[suit]
            rest = held & tail
            others = (live & tail) ^ rest
            higher = 0
            if run and rest:
                code = rest.bit_length() - 1
                if others < (1 << code):
                    higher = 1 << code
                    rest ^= higher
            while rest:
                code = rest.bit_length() - 1
                bit = 1 << code
                rest ^= bit
                if higher and not others & (higher - (bit << 1)):
                    higher = bit
                    continue
                higher = bit
                power = row[code]
                if power > best and not mine:
                    move = 1000 - power
                elif power:
                    move = -power if mine else -1000 - power
                elif misere:
                    move = discard - (15 - ranks[code])
                else:
                    if length < 0:
                        length = _discard_length(key, suit, held, live, led)
                    move = discard - (length << 4 | ranks[code])
                scored.append(255 - (move << 8 | code))
        if len(scored) > 2:
            scored.sort()
        elif len(scored) == 2 and scored[0] > scored[1]:
            scored.reverse()  # (two items: no sort called)
        return scored
    # leads: each choice as ``255 - (rank << 8 | choice)`` (choices are below 256): sorting
    # these ints up orders as sorting ``(rank, choice)`` pairs down would, without a
    # tuple each (and compiled, a plain ``sort()`` is a direct call)
    late = _late_leads(ctx, pos)
    scored = []
    heads_of = RANK_HEADS[key]
    tails = RANK_TAILS[key]
    joker = N_JOKER[key]
    trump = N_TRUMP[key]
    row = N_STRENGTH[key][0]
    ranks = N_RANK[key]
    for suit in range(NO_SUIT + 1):
        suit_mask = masks[suit]
        held = mask & suit_mask
        if not held:
            continue
        # a lead's rank reads whether the suit's leads go last, or trumps
        length = 1 if late >> suit & 1 else 2 if suit == trump else 0
        # the heads (the Joker, the bowers: none in a plain suit) by rank, then the
        # tail by bit order (rank order): a held card heads its run when the next
        # live card above it is another seat's (or there is none)
        top = True  # no live card of the suit above (a head's)
        run = False  # the last live head is held: a run goes on into the tail
        for code in heads_of[suit]:
            bit = 1 << code
            if not live & bit:
                continue
            if held & bit:
                if not run and not (code == joker and names):
                    move = _rank_move(
                        True, top, ranks[code], row[code], mine, best, length, ctx[1]
                    )
                    scored.append(255 - (move << 8 | code))
                run = True
            else:
                run = False
            top = False
        tail = tails[suit]
        rest = held & tail
        others = (live & tail) ^ rest
        higher = 0  # the bit of the held card above, or 0
        if run and rest:
            code = rest.bit_length() - 1
            if others < (1 << code):
                higher = 1 << code  # the heads' run goes on
                rest ^= higher
        while rest:
            code = rest.bit_length() - 1
            bit = 1 << code
            rest ^= bit
            if higher and not others & (higher - (bit << 1)):
                higher = bit
                continue  # no other seat's card between: same run
            first = top and not higher and others < bit  # no live card above
            higher = bit
            if code == joker and names:
                continue  # led naming a suit: its choices below
            move = _rank_move(
                True, first, ranks[code], row[code], mine, best, length, ctx[1]
            )
            scored.append(255 - (move << 8 | code))
    if names:
        scored.extend(
            255 - (2000 << 8 | JOKER_LEAD + suit)
            for suit in range(4)
            if names >> suit & 1
        )
    if len(scored) > 2:
        scored.sort()
    elif len(scored) == 2 and scored[0] > scored[1]:
        scored.reverse()  # (two items: no sort called)
    return scored


def _late_leads(ctx: Context, pos: Position) -> int:
    """The suits whose leads the move order tries last, as a mask of suits.

    The side suits that an opponent of the seat to act can ruff (void in it, holding
    a trump; without trumps, holding the un-nominated Joker when it follows only a
    void player), and the trump suit when no opponent holds a trump (a trump led
    draws none).
    """
    key, options, team, seats = ctx[0], ctx[4], ctx[6], ctx[7]
    trump = N_TRUMP[key]
    masks = N_SUIT_MASKS[key]
    if trump >= 0:
        ruffing = masks[trump]
        drawn = 1 << trump
    elif N_NT[key] and options[0]:
        ruffing = N_JOKER_BIT[key]
        drawn = 0
    else:
        return 0
    hands = pos[0]
    side = team >> pos[1] & 1
    late = drawn
    for seat in seats:
        held = hands[seat]
        if team >> seat & 1 != side and held & ruffing:
            late &= ~drawn
            for suit in range(4):
                if suit != trump and not held & masks[suit]:
                    late |= 1 << suit
    return late


def _play(ctx: Context, pos: Position, choice: int) -> tuple[int, bool, Position, int]:
    """Play ``choice``: the contracting side's gain, whether the hand is over, after.

        The hand is over after the last trick, or the misère contractor's first trick
        won; the position after is then ``pos`` itself.  The last item is the bit of the
        card that won the trick when ``choice`` completes one and another card of its
    effective suit was played to it (else its suit alone decided), else 0.
    """
    # the context's items read where used (most plays read only the key)
    key = ctx[0]
    hands, seat, leader, trick, led, suits_led, voids, done, winner, best, live = pos
    code = choice if choice < JOKER_LEAD else N_JOKER[key]
    after: tuple[int, ...]
    items: tuple[Any, ...] = hands
    count = len(items)  # (not ``len(hands) == 4``: mypy would narrow to 4 ints)
    if count == 4:
        # four seats: the tuple built at once, the other hands read as objects
        # (compiled, not unboxed and boxed again; no list copied)
        new: Any = hands[seat] ^ (1 << code)
        if seat == 0:
            after = (new, items[1], items[2], items[3])
        elif seat == 1:
            after = (items[0], new, items[2], items[3])
        elif seat == 2:
            after = (items[0], items[1], new, items[3])
        else:
            after = (items[0], items[1], items[2], new)
    else:
        held = list(hands)
        # the xor on the int, not on the list's item (compiled, a generic object op)
        held[seat] = hands[seat] ^ (1 << code)
        after = tuple(held)
    if not trick:
        if choice < JOKER_LEAD:
            played = N_PLAYED[key][OWN_SUIT][code]
            led = played & (1 << PLAYED_BITS) - 1
        else:
            led = choice - JOKER_LEAD
            played = N_PLAYED[key][led][code]
        suits_led |= 1 << led
        winner, best = seat, played >> PLAYED_BITS
    else:
        played = N_PLAYED[key][led][code]
        eff = played & (1 << PLAYED_BITS) - 1
        if eff != led and (eff != NO_SUIT or ctx[4][0]):
            voids |= 1 << 4 * seat + led
        power = played >> PLAYED_BITS
        if power > best:
            winner, best = seat, power
    count = len(trick)
    if count + 1 < ctx[2]:
        # the trick's cards read as objects, as the hands above
        cards: tuple[Any, ...] = trick
        grown: tuple[int, ...]
        if not count:
            grown = (code,)
        elif count == 1:
            grown = (cards[0], code)
        elif count == 2:
            grown = (cards[0], cards[1], code)
        else:
            grown = trick + (code,)  # noqa: RUF005 (compiled, no list built)
        return (
            0,
            False,
            (
                after,
                ctx[3][seat],
                leader,
                grown,
                led,
                suits_led,
                voids,
                done,
                winner,
                best,
                live,
            ),
            0,
        )
    # the winning card; its rank matters only against another card of its suit
    row = N_STRENGTH[key][led]
    top = code
    gone = 1 << code  # the trick's cards, no longer live after it
    for played in trick:
        gone |= 1 << played
        if row[played] == best:
            top = played
    won = 1 << top
    if not (gone & N_SUIT_MASKS[key][N_EFF[key][top]]) ^ won:
        won = 0  # no other card of its effective suit
    gain = ctx[6] >> winner & 1
    done += 1
    if done == HAND_SIZE or (ctx[1] and winner == ctx[5]):
        return gain, True, pos, won
    return (
        gain,
        False,
        (
            after,
            winner,
            winner,
            (),
            -1,
            suits_led,
            voids,
            done,
            winner,
            -1,
            live ^ gone,
        ),
        won,
    )


def _canon(ctx: Context, pos: Position) -> tuple[int, int]:
    """The transposition key of a position at the start of a trick: shape, tops.

    The *shape* is what every position sharing an entry has in common (with the
    contracting side, in the tops): each seat's length in each effective suit, the
    leader and what the un-nominated Joker's rules read; as a number, the lengths of the first
    :data:`SHAPE_SUITS` suits as digits (:data:`RADIX`, each seat's in each suit),
    then (above :data:`SHAPE_SHIFTS`) the hands' size (4 bits: the fourth suit's
    lengths follow), the index plus one of the Joker's holder when it has no suit
    (3 bits, 0: none), the leader (3 bits) and what the Joker's rules read (the
    suits led, its holder's voids: 8 bits).  The *tops* are the holders of each
    suit's strongest live cards (see :data:`TOPS_SPECS`) and the contracting side
    (:data:`TEAM_SHIFTS`).  Both are machine words with four seats or fewer; the
    parts of suits are kept in the context (a suit often stays the same for long).
    The holders further down a suit, which few table entries compare, are read
    when needed (:func:`_holders`).
    """
    options, team, seats, keys = ctx[4], ctx[6], ctx[7], ctx[9]
    hands, leader = pos[0], pos[2]
    if keys is None:
        known = _hands_key(
            ctx[0], seats, ctx[8], ctx[10], hands, pos[10], HAND_SIZE - pos[7]
        )
    else:
        got = keys.get(hands)
        if got is None:
            got = _hands_key(
                ctx[0], seats, ctx[8], ctx[10], hands, pos[10], HAND_SIZE - pos[7]
            )
            keys[hands] = got
        known = got
    count = len(seats)
    rest = leader << 7
    holder = known[2]
    if holder >= 0:
        # what the un-nominated Joker's rules read: the suits led, and its holder's
        # voids
        if options[1] or options[4] == LEAD_NOT_LED_BEFORE:
            rest |= pos[5] << 10
        if options[4] == LEAD_NOT_SHOWN_VOID:
            rest |= (pos[6] >> 4 * holder & 15) << 14
    # the contracting side is part of the key: a table may serve several deals
    return (
        known[0] | rest << SHAPE_SHIFTS[count],
        known[1] | team << TEAM_SHIFTS[count],
    )


def _hands_key(
    key: int,
    seats: tuple[int, ...],
    parts: list[dict[int, tuple[int, int, int]]],
    slots: list[int],
    hands: tuple[int, ...],
    live: int,
    size: int,
) -> tuple[int, int, int]:
    """What :func:`_canon` reads of the hands alone: shape, tops, the Joker's holder.

    The shape without the leader and what the Joker's rules read; the tops without
    the contracting side; the seat holding the un-nominated Joker, or -1.  Kept in
    the context by the hands (most positions at a trick's start are met more than
    once, with the same or another leader).  ``key``, ``seats``, ``parts`` and
    ``slots`` are the context's (see :data:`Context`: compiled, passed alone, not
    the whole context); ``size`` the hands' (all alike at a trick's start).
    """
    shape = 0
    tops = 0
    count = len(seats)
    four = count == 4
    odd = high = 0
    if four:
        # the usual four hands read once (compiled, each read of a hand from the
        # tuple unboxes it through a call): the cards of the seats of odd index,
        # and those of the seats of index 2 and 3
        h3 = hands[seats[3]]
        odd = hands[seats[1]] | h3
        high = hands[seats[2]] | h3
    masks = N_SUIT_MASKS[key]
    bases = CUT_BASES[key]
    windows = CUT_MASKS[key]
    width = CUT_WIDTHS[key]
    across = 2 * width  # where the cards of seats 2 and 3 start
    slotted = len(slots) > 0
    for suit in range(NO_SUIT):
        # the seats' cards of the suit packed into one int (a machine word with
        # four seats and slots: no tuple to build, box and hash): its live cards,
        # those of odd seats and those of seats 2 and 3 (see _packed)
        base = bases[suit]
        if base >= 0:
            # every card of the suit in its window (no left bower, no Joker):
            # shifted down
            window = windows[suit]
            held = live >> base & window
            if not held:
                continue  # no card left of it: its part is empty
            if four:
                packed = (
                    held
                    | (odd >> base & window) << width
                    | (high >> base & window) << across
                )
            else:
                packed = _packed(key, hands, seats, suit, live)
        else:
            suit_mask = masks[suit]
            held = live & suit_mask
            if not held:
                continue
            if four:
                # unpacked at once: a fixed tuple type, every name used
                base, window, first, second, cut = CUT_SPECS[key][suit]
                packed = (
                    _pack(held, base, window, first, second)
                    | _pack(odd & suit_mask, base, window, first, second) << cut
                    | _pack(high & suit_mask, base, window, first, second) << 2 * cut
                )
            else:
                packed = _packed(key, hands, seats, suit, live)
        if not slotted:
            # (pure: the dictionary read inline, a call costs more than it)
            got = parts[suit].get(packed)
            part = (
                _suit_part(key, parts, hands, seats, suit, packed)
                if got is None
                else got
            )
            shape += part[0]
            tops |= part[1]
            continue
        # its slot in the cache (see _slot, inline)
        mixed = packed ^ packed >> 17 ^ packed >> 31
        at = 3 * (suit << SLOT_BITS | (mixed ^ mixed >> SLOT_BITS) & SLOT_MASK)
        if slots[at] == packed:
            # the suit's cut met before (a list's ints: no int boxed and hashed)
            shape += slots[at + 1]
            tops |= slots[at + 2]
        else:
            part = _suit_part(key, parts, hands, seats, suit, packed)
            lengths = part[0]
            top = part[1]
            slots[at] = packed
            slots[at + 1] = lengths
            slots[at + 2] = top
            shape += lengths
            tops |= top
    rest = size
    holder = -1
    free = N_SUIT_MASKS[key][NO_SUIT]  # the un-nominated Joker without trumps, or 0
    if live & free:
        for index in range(count):
            seat = seats[index]
            if hands[seat] & free:
                rest |= index + 1 << 4
                holder = seat
                break
    return shape | rest << SHAPE_SHIFTS[count], tops, holder


def _slot(suit: int, packed: int) -> int:
    """Where a context's cache (see :data:`Context`) keeps a suit's ``packed`` cards.

    The index of the first of its slot's three items.
    """
    mixed = packed ^ packed >> 17 ^ packed >> 31
    return 3 * (suit << SLOT_BITS | (mixed ^ mixed >> SLOT_BITS) & SLOT_MASK)


def _pack(held: int, base: int, window: int, first: int, second: int) -> int:
    """A seat's cards ``held`` of a suit packed as :data:`CUT_SPECS` tells."""
    bits = held >> base & window
    if held & first:
        bits |= window + 1
    if held & second:
        bits |= (window + 1) << 1
    return bits


def _packed(
    key: int, hands: tuple[int, ...], seats: tuple[int, ...], suit: int, live: int
) -> int:
    """The seats' cards of a plain suit packed: the key of its part in the context.

    With four seats, its ``live`` cards, those of the seats of odd index and those of
    the seats of index 2 and 3 (a card's seat is its index in the last two), each
    packed by :func:`_pack` (:data:`CUT_SPECS`; with every card of the suit in its
    window, see :data:`CUT_BASES`, that is shifted down), ``width`` bits apart; else
    every seat's cards so packed, ``width`` bits apart.  :func:`_hands_key` inlines
    it with four seats.
    """
    suit_mask = N_SUIT_MASKS[key][suit]
    base = CUT_BASES[key][suit]
    if len(seats) == 4:
        held = live & suit_mask
        odd = (hands[seats[1]] | hands[seats[3]]) & suit_mask
        high = (hands[seats[2]] | hands[seats[3]]) & suit_mask
        if base >= 0:
            width = CUT_WIDTHS[key]
            return held >> base | odd >> base << width | high >> base << 2 * width
        base, window, first, second, width = CUT_SPECS[key][suit]
        return (
            _pack(held, base, window, first, second)
            | _pack(odd, base, window, first, second) << width
            | _pack(high, base, window, first, second) << 2 * width
        )
    base, window, first, second, width = CUT_SPECS[key][suit]
    packed = 0
    for seat in seats:
        packed = packed << width | _pack(
            hands[seat] & suit_mask, base, window, first, second
        )
    return packed


def _suit_part(
    key: int,
    parts: list[dict[int, tuple[int, int, int]]],
    hands: tuple[int, ...],
    seats: tuple[int, ...],
    suit: int,
    packed: int,
) -> tuple[int, int, int]:
    """The part (:func:`_part`) of a suit whose seats' cards packed are ``packed``.

    From the context's ``parts`` of the suit, or made and kept there.
    """
    known = parts[suit]
    got = known.get(packed)
    if got is None:
        suit_mask = N_SUIT_MASKS[key][suit]
        cut = tuple([hands[seat] & suit_mask for seat in seats])
        got = _part(RANKED[key][suit], cut, suit)
        known[packed] = got
    return got


def _part(
    ranked: tuple[int, ...], cut: tuple[int, ...], suit: int
) -> tuple[int, int, int]:
    """The seats' cards of one plain suit (``cut``): its shape, tops and holders.

    The *holders*: the index of the seat holding each of its live cards, strongest
    first (``bits`` of :data:`TOPS_SPECS` each, a machine word); the first
    ``places`` of them are its tops, in their place of a position's (shifted up by
    the suit); its seats' lengths are the shape's digits of the suit (see
    :func:`_canon`; none for a suit past :data:`SHAPE_SUITS`).  So a position's
    shape is the sum of its suits' and its tops their union, plus the rest.
    """
    seats = len(cut)
    bits, places = TOPS_SPECS[seats]
    holders = 0
    place = 0
    for code in ranked:
        bit = BITS[code]
        for index in range(seats):
            if cut[index] & bit:
                holders |= index << bits * place
                place += 1
                break
    lengths = 0
    if suit < SHAPE_SUITS:
        for index in range(seats):
            lengths += cut[index].bit_count() * RADIX ** (seats * suit + index)
    tops = (holders & (1 << bits * places) - 1) << bits * places * suit
    return lengths, tops, holders


def _holders(ctx: Context, pos: Position, suit: int) -> int:
    """The holders of a plain suit's live cards at a trick's start (see :func:`_part`).

    What a table entry compares below the tops.
    """
    key, seats, parts = ctx[0], ctx[7], ctx[8]
    hands = pos[0]
    packed = _packed(key, hands, seats, suit, pos[10])
    return _suit_part(key, parts, hands, seats, suit, packed)[2]


def _mask_of(ctx: Context, live: int, rel: int) -> tuple[int, int, int]:
    """The depths an entry with relevant cards ``rel`` compares, its tops, its deep.

    Those of every seat from the top of each suit down to its lowest card in ``rel``;
    the depths are how many places of each suit that is (:data:`DEPTH` bits a suit);
    the tops' mask is that of the holders of those places, as far as the tops go
    (:data:`TOPS_SPECS`), and the contracting side's; *deep* the mask of the suits
    where they go further (their holders compared down to the depth: few entries).
    ``live``: the position's live cards (see :data:`Position`).
    """
    key, seats = ctx[0], ctx[7]
    bits, places = TOPS_SPECS[len(seats)]
    depths = 0
    tops = TEAM_MASKS[len(seats)]
    deep = 0
    masks = N_SUIT_MASKS[key]
    heads_of = RANK_HEADS[key]
    tails = RANK_TAILS[key]
    for suit in range(NO_SUIT + 1):
        read = rel & masks[suit]
        if not read:
            continue
        count = 0
        place = 0
        for code in heads_of[suit]:  # (none in a plain suit)
            bit = 1 << code  # (see the module docstring)
            if live & bit:
                place += 1
                if read & bit:
                    count = place
        tail = tails[suit]
        read &= tail
        if read:
            # bit order is rank order: the live cards from the lowest one read up
            count = place + popcount(live & tail & -(read & -read))
        depths |= count << DEPTH * suit
        if suit == NO_SUIT:
            break  # the Joker alone: its holder is in the shape
        if count > places:
            deep |= 1 << suit
            count = places
        tops |= ((1 << bits * count) - 1) << bits * places * suit
    return depths, tops, deep


def _deeper(one: int, other: int) -> int:
    """The depths of each suit, the deeper of two entries' (see :func:`_mask_of`)."""
    out = 0
    for shift in range(0, DEPTH * (NO_SUIT + 1), DEPTH):
        depth = one >> shift & 31
        deeper = other >> shift & 31
        out |= (deeper if deeper > depth else depth) << shift
    return out


def _rel_of(ctx: Context, live: int, depths: int) -> int:
    """The relevant cards of a position matching entries of ``depths``.

    The lowest card of each suit that those entries compare (those above are
    implied): the ``depth``-th live card from the top (``live``: the position's).
    """
    key = ctx[0]
    heads_of = RANK_HEADS[key]
    tails = RANK_TAILS[key]
    rel = 0
    suit = 0
    while depths:  # the suits up to the last one compared
        count = depths & 31
        depths >>= DEPTH
        if count:
            for code in heads_of[suit]:  # (none in a plain suit)
                bit = 1 << code  # (see the module docstring)
                if live & bit:
                    count -= 1
                    if not count:
                        rel |= bit
                        break
            if count:
                # bit order is rank order: drop the live cards above, from the top
                rest = live & tails[suit]
                while count > 1:  # (compiled, a loop counter ``_`` would be boxed)
                    rest ^= 1 << rest.bit_length() - 1
                    count -= 1
                rel |= 1 << rest.bit_length() - 1
        suit += 1
    return rel


def _run_bottom(ctx: Context, pos: Position, code: int) -> int:
    """The bit of the lowest card of the run ``code`` heads for the seat to act.

    Its cards adjacent among the live ones of the suit, searched once (see
    :func:`_order`).
    """
    key = ctx[0]
    hands, seat, live = pos[0], pos[1], pos[10]
    held = hands[seat]
    suit = N_EFF[key][code]
    bottom = 1 << code
    tail = RANK_TAILS[key][suit]
    if tail & bottom:
        below = tail & (bottom - 1)
    else:
        # a head of the suit (the Joker, a bower): the heads below it, then the tail
        started = False
        for other in RANK_HEADS[key][suit]:
            if not started:
                started = other == code
                continue
            bit = 1 << other
            if live & bit:
                if not held & bit:
                    return bottom
                bottom = bit
        below = tail
    # bit order is rank order: the held cards below down to another seat's
    others = live & below & ~held
    run = held & below & -(1 << others.bit_length()) if others else held & below
    return run & -run if run else bottom


def _quick(ctx: Context, pos: Position) -> tuple[int, int]:
    """Tricks the leader's side takes for sure by cashing the leader's top cards.

    Then, holding a low card of a suit whose top cards a partner holds, it leads that
    card and the partner cashes those tops.  The other side's trumps (without trumps,
    a Joker that follows only a void player) limit each suit to the shortest holding
    of a seat that can ruff it, unless the leader's top trumps draw them first: so
    every counted trick is followed in suit by them.  A partner keeps its top card
    while the leader cashes: it always holds another card to play.  Also the cards
    the count read beyond the lengths of the suits: the lowest of the top cards of
    each suit it counts (as many as a ruffer's length leaves), of the top trumps that
    draw the other side's, and of the partner's top cards it counts (see
    :func:`_tops_at`).  Only those: a position whose holders agree down to them
    counts at least as many (a suit where the leader's side holds no top card, or
    fewer, adds nothing to the count), so a bound from it holds for every such
    position.
    """
    key, options, team, seats = ctx[0], ctx[4], ctx[6], ctx[7]
    hands = pos[0]
    leader = pos[2]
    own = hands[leader]
    side = team >> leader & 1
    live = pos[10]
    trump = N_TRUMP[key]
    # the key's tables read once (compiled, each read of a tuple's item is a call)
    masks = N_SUIT_MASKS[key]
    ranked_of = RANKED[key]
    trumps = masks[trump] if trump >= 0 else 0
    ruffers: list[int] = []
    for seat in seats:
        if team >> seat & 1 != side:
            held = hands[seat]
            if held & trumps:
                ruffers.append(held)
            elif N_NT[key] and held & N_JOKER_BIT[key]:
                if not options[0]:
                    return 0, 0  # it may beat any card led
                ruffers.append(held)
    rel = 0
    if ruffers and trump >= 0:
        # cashing its top trumps first draws the other side's trumps when these
        # are at least as many as any opponent holds: then no one can ruff
        most = 0
        for held in ruffers:  # (compiled, max() of a list is a generic call)
            length = popcount(held & trumps)
            if length > most:
                most = length
        drawn, bit = _tops_at(ranked_of[trump], own, live)
        if drawn >= most:
            ruffers = []
            order = masks[trump] if PLAIN[key][trump] else 0
            rel |= (
                bit if drawn == most else _nth_top(ranked_of[trump], live, order, most)
            )
    count = 0
    entry = 0  # the most tricks a partner's top cards take after a lead to them
    entry_bit = 0  # the lowest of those top cards
    plain = PLAIN[key]
    for suit in range(4):
        suit_mask = masks[suit]
        if not own & suit_mask:
            continue
        ranked = ranked_of[suit]
        order = suit_mask if plain[suit] else 0
        tops, bit = _tops_at(ranked, own, live, order)
        if not tops:
            # a low card of a suit whose top card a partner holds: led after the
            # leader's own tops, it puts that partner on lead to cash its tops
            theirs = 0
            for seat in seats:
                if seat != leader and team >> seat & 1 == side:
                    theirs, bit = _tops_at(ranked, hands[seat], live, order)
                    if theirs:
                        break
            cashed = theirs
            if theirs and suit != trump:
                for held in ruffers:
                    length = popcount(held & suit_mask)
                    if length < cashed:
                        cashed = length
            if cashed > entry:
                entry = cashed
                entry_bit = (
                    bit if cashed == theirs else _nth_top(ranked, live, order, cashed)
                )
            continue
        cashed = tops
        if suit != trump:
            for held in ruffers:
                length = popcount(held & suit_mask)
                if length < cashed:
                    cashed = length
        if cashed:
            count += cashed
            rel |= bit if cashed == tops else _nth_top(ranked, live, order, cashed)
    return count + entry, rel | entry_bit


def _top_holder(ctx: Context, pos: Position) -> tuple[int, int]:
    """The seat holding the top trump (without trumps, the un-nominated Joker), or -1.

    That card wins a trick whenever it is played; its bit is the second item.  The
    top live one: -1 when it is in the trick in progress.
    """
    key = ctx[0]
    trump = N_TRUMP[key]
    if trump >= 0:
        ranked = RANKED[key][trump]
    elif N_NT[key]:
        ranked = RANKED[key][NO_SUIT]
    else:
        return -1, 0
    hands, live = pos[0], pos[10]
    for code in ranked:
        bit = BITS[code]
        if not live & bit:
            continue
        for seat in ctx[7]:
            if hands[seat] & bit:
                return seat, bit
        return -1, 0  # played to the trick in progress
    return -1, 0


def _sure_side(ctx: Context, pos: Position) -> tuple[int, int, int, int]:
    """Tricks each side wins for sure with its trumps (long or top ones).

    The contracting side's count and a bit, then the other side's and a bit.  A
    trick holding a trump (without trumps, the un-nominated Joker: the only such
    card) is won by its highest trump, and every card is played by the hand's end
    (not in misère, which ends early).  So a seat's ``i`` highest trumps, played to
    ``i`` different tricks, win all but those where the other side plays a trump
    above the lowest of them: at least ``i`` minus the other side's trumps above
    it.  A side's count is the best of that over its seats and ``i``; its bit is
    the lowest trump that count read (the cards above it and their holders decide
    the count), 0 when the count is 0.
    """
    key, team, seats = ctx[0], ctx[6], ctx[7]
    trump = N_TRUMP[key]
    if trump >= 0:
        suit = trump
    elif N_NT[key]:
        suit = NO_SUIT
    else:
        return 0, 0, 0, 0
    heads = RANK_HEADS[key][suit]
    tail = RANK_TAILS[key][suit]
    hands = pos[0]
    # the live trumps (at a trick's start, as here, the seats'), and the contracting
    # side's (compiled, each read of a wide hand from the tuple unboxes it through a
    # slow call: each hand is read once here and once below, not once a trump)
    trumps = pos[10] & N_SUIT_MASKS[key][suit]
    team_trumps = 0
    for seat in seats:
        if team >> seat & 1:
            team_trumps |= hands[seat]
    team_trumps &= trumps
    ours = theirs = 0
    our_bit = their_bit = 0
    our_rank = their_rank = 0  # how high each bit ranks (higher: stronger)
    # each seat's trumps walked from the top, counting the other side's above: of
    # the cards that give a side's best count, the bit is the highest one's.  The
    # heads (the Joker, the bowers) by rank, then the tail's live cards of both
    # sides by bit order (rank order), each ranked by its number below the heads'
    # (compiled, no dead card nor partner's visited, no wide bit read from a table)
    for seat in seats:
        mine = hands[seat] & trumps
        if not mine:
            continue
        ally = team >> seat & 1
        other = trumps ^ team_trumps if ally else team_trumps
        best = ours if ally else theirs
        best_rank = our_rank if ally else their_rank
        best_bit = 0
        count = seen = 0
        rank = HEAD_RANK
        for code in heads:
            bit = 1 << code
            if other & bit:
                seen += 1
            elif mine & bit:
                count += 1
                if count - seen > best or (
                    count - seen == best and best and rank > best_rank
                ):
                    best = count - seen
                    best_rank = rank
                    best_bit = bit
                mine ^= bit
            rank -= 1
        rest = (mine | other) & tail
        while mine:
            code = rest.bit_length() - 1
            bit = 1 << code
            rest ^= bit
            if other & bit:
                seen += 1
            else:
                count += 1
                if count - seen > best or (
                    count - seen == best and best and code > best_rank
                ):
                    best = count - seen
                    best_rank = code
                    best_bit = bit
                mine ^= bit
        if best_bit:
            if ally:
                ours, our_bit, our_rank = best, best_bit, best_rank
            else:
                theirs, their_bit, their_rank = best, best_bit, best_rank
    return ours, our_bit, theirs, their_bit


def _tops(ranked: tuple[int, ...], own: int, live: int) -> int:
    """How many of the live cards of a suit, from the top, ``own`` holds."""
    return _tops_at(ranked, own, live)[0]


def _tops_at(
    ranked: tuple[int, ...], own: int, live: int, order: int = 0
) -> tuple[int, int]:
    """:func:`_tops`, and the bit of the lowest of those top cards (0: none).

    A count of them reads those cards alone: a position whose holders of the suit's
    live cards agree down to that bit (with ``own`` holding the same cards above it)
    counts at least as many.  ``order``: the suit's mask when its bit order is rank
    order (see :data:`PLAIN`), so that bit operations count (else 0: walk
    ``ranked``).
    """
    if order:
        held = own & order
        others = live & order & ~own
        if others:
            held &= -(1 << others.bit_length())  # those above every other live card
        return popcount(held), held & -held
    tops = 0
    low = 0
    for code in ranked:
        bit = 1 << code  # (see the module docstring)
        if own & bit:
            tops += 1
            low = bit
        elif live & bit:
            break
    return tops, low


def _nth_top(ranked: tuple[int, ...], live: int, order: int, count: int) -> int:
    """The bit of the ``count``-th live card of a suit from the top (``count`` >= 1).

    ``order`` as for :func:`_tops_at`.
    """
    if order:
        rest = live & order
        while count > 1:  # (compiled, a loop counter ``_`` would be boxed)
            rest ^= 1 << rest.bit_length() - 1
            count -= 1
        return 1 << rest.bit_length() - 1
    for code in ranked:
        bit = 1 << code
        if live & bit:
            count -= 1
            if not count:
                return bit
    return 0


def _bounds(
    ctx: Context, pos: Position, low: int, high: int, alpha: int, beta: int
) -> tuple[int, int, int]:
    """Narrow ``low``/``high`` at the start of a trick by quick and sure tricks.

    Both depend only on the lengths of the suits and the cards they read, so they
    are computed once per transposition-table entry; the cards read by the bounds
    given (a bound narrowed further by another reads only the other's) are the
    third item.  The sure tricks are not counted when the quick tricks already end
    the search of the window ``alpha``, ``beta``.
    """
    misere, contractor, team = ctx[1], ctx[5], ctx[6]
    if misere:
        if low < high:
            holder, bit = _top_holder(ctx, pos)
            if holder == contractor:
                return 1, high, bit  # it holds the top card of all: it wins a trick
        return low, high, 0
    left = HAND_SIZE - pos[7]
    low_rel = high_rel = 0  # the cards each bound read
    quick, read = _quick(ctx, pos)
    quick = min(quick, left)
    if team >> pos[2] & 1:
        if quick > low:
            low, low_rel = quick, read
            if low >= beta:
                return low, high, low_rel
    elif left - quick < high:
        high, high_rel = left - quick, read
        if high <= alpha:
            return low, high, high_rel
    ours, our_bit, theirs, their_bit = _sure_side(ctx, pos)
    if ours > low:
        low, low_rel = ours, our_bit
    if left - theirs < high:
        high, high_rel = left - theirs, their_bit
    return low, high, low_rel | high_rel


def _store(
    ctx: Context,
    table: Table,
    pos: Position,
    shape: int,
    tops: int,
    bounds: tuple[int, int, int],
    entries: list[tuple[int, ...]] | None,
) -> None:
    """Store bounds ``(low, high, relevant cards)`` for positions like ``pos``.

    Every position of ``shape`` whose holders agree with ``pos``'s (so its tops with
    ``tops``) down to the lowest relevant card of each suit (partition search:
    the bounds hold for all of them).  ``entries``: the table's of ``shape`` (None:
    none yet), as :func:`_search` read them for :func:`_lookup`.
    """
    low, high, rel = bounds
    depths, tops_mask, deep = _mask_of(ctx, pos[10], rel)
    tops_pattern = tops & tops_mask
    mask_low = tops_mask & HALF_MASK
    pattern_low = tops_pattern & HALF_MASK
    mask_high = tops_mask >> HALF & HIGH_MASK
    pattern_high = tops_pattern >> HALF & HIGH_MASK
    kind = deep | ctx[6] << NO_SUIT
    entry: tuple[int, ...]
    if deep:
        entry = (
            mask_low,
            pattern_low,
            mask_high,
            pattern_high,
            low,
            high,
            depths,
            kind,
            *_deep_patterns(ctx, pos, depths, deep),
        )
    else:
        entry = (
            mask_low,
            pattern_low,
            mask_high,
            pattern_high,
            low,
            high,
            depths,
            kind,
        )
    if entries is None:
        table[shape] = [entry]
        return
    for index in range(len(entries)):
        old = entries[index]
        if (
            old[1] == pattern_low
            and old[3] == pattern_high
            and old[0] == mask_low
            and old[2] == mask_high
            and old[6] == depths
            and old[7] == kind
            and (not deep or old[8:] == entry[8:])
        ):
            entries[index] = entry
            return
    entries.append(entry)


def _deep_patterns(
    ctx: Context, pos: Position, depths: int, deep: int
) -> tuple[int, int, int, int]:
    """The holders of each plain suit of ``deep`` down to its depth (0 for others)."""
    bits = TOPS_SPECS[len(ctx[7])][0]
    patterns = [0] * NO_SUIT
    for suit in range(NO_SUIT):
        if deep >> suit & 1:
            count = depths >> DEPTH * suit & 31
            patterns[suit] = _holders(ctx, pos, suit) & (1 << bits * count) - 1
    return patterns[0], patterns[1], patterns[2], patterns[3]


def _lookup(
    ctx: Context,
    entries: list[tuple[int, ...]] | None,
    pos: Position,
    tops: int,
    low: int,
    high: int,
    alpha: int,
    beta: int,
) -> tuple[bool, int, int, int]:
    """The table's bounds at a trick's start.

    Whether an entry matched, the bounds narrowed by the entries that match, and the
    relevant cards of those used: every such entry, or those up to the first whose
    bounds end the search of the window ``alpha``, ``beta`` (the bounds meet, or
    one passes the window: the rest are not read).  ``entries``: the table's of the
    position's shape (None: none), ``tops`` its tops (see :func:`_canon`).
    """
    if entries is None:
        return False, low, high, 0
    used = 0  # the depths of the entries used
    found = False
    tops_low = tops & HALF_MASK
    tops_high = tops >> HALF & HIGH_MASK
    team = ctx[6]
    side = team << NO_SUIT  # the kind of an entry of this side with no deep suit
    for entry in entries:
        # the tops first (two one-digit ints): most entries differ there, and most
        # that match them compare no deeper
        if tops_low & entry[0] != entry[1] or tops_high & entry[2] != entry[3]:
            continue
        kind = entry[7]
        if kind != side and (
            kind >> NO_SUIT != team
            or _deep_patterns(ctx, pos, entry[6], kind & 15)
            != (entry[8], entry[9], entry[10], entry[11])
        ):
            continue  # another side, or a deep suit's holders differ
        found = True
        stored_low = entry[4]
        stored_high = entry[5]
        if stored_low > low or stored_high < high:
            depths = entry[6]
            used = _deeper(used, depths) if used else depths
            if stored_low > low:
                low = stored_low
            if stored_high < high:
                high = stored_high
            if low >= beta or high <= alpha or low == high:
                break
    return found, low, high, _rel_of(ctx, pos[10], used) if used else 0


def _search(
    ctx: Context, table: Table, pos: Position, alpha: int, beta: int
) -> tuple[int, int]:
    """Fail-soft alpha-beta: the contracting side's tricks from ``pos`` on.

    Also the cards the result depends on beyond the lengths of the suits: the
    winners of the tricks searched, the cards the bounds read, and the lowest card
    of a run searched through its head when the result reads that suit that low.
    A position that holds the same cards from the top of each suit down to the
    lowest of them (by place among the live cards), with the same lengths, has the
    same value, so a table entry serves all such positions.
    """
    key = ctx[0]
    shape = -1
    rel = 0
    entries: list[tuple[int, ...]] | None = None
    if pos[3]:
        # inside a trick (most positions): no key, no bounds but these.  When the
        # side winning the trick so far takes it whatever the seats still to play
        # do, a probe that asks the other side for every trick left fails at once
        # (the fourth hand then needs no choice searched); and one that asks it for
        # all but one, when the winning side also holds the top trump (without
        # trumps, the Joker) in a hand that has played to this trick: that card
        # takes a later trick (see :func:`_keeps_top`).
        tops = low = high = 0
        left = HAND_SIZE - pos[7]
        team = ctx[6]
        if team >> pos[8] & 1:
            if alpha <= 1 and _decided(ctx, pos):
                if alpha <= 0:
                    return 1, _winning_bit(ctx, pos)
                holder, bit = _top_holder(ctx, pos)
                if _keeps_top(ctx, pos, holder, 1):
                    return 2, _winning_bit(ctx, pos) | bit
        elif beta >= left - 1 and _decided(ctx, pos):
            if beta >= left:
                return left - 1, _winning_bit(ctx, pos)
            holder, bit = _top_holder(ctx, pos)
            if _keeps_top(ctx, pos, holder, 0):
                return left - 2, _winning_bit(ctx, pos) | bit
    else:
        done = pos[7]
        if done == HAND_SIZE - 1:
            return _last(ctx, pos)
        # a node: a position at a trick start searched (past the last trick's)
        budget = ctx[11]
        budget.left -= 1
        if budget.left < 0:
            raise BudgetSpentError
        low, high = 0, HAND_SIZE - done
        if ctx[1]:
            high = min(high, 1)
        shape, tops = _canon(ctx, pos)
        # the shape's entries read once for the look-up and the store (compiled,
        # each read of the table boxes and hashes the shape; the positions searched
        # below hold fewer cards, so none of them adds to these)
        entries = table.get(shape)
        found, low, high, rel = _lookup(ctx, entries, pos, tops, low, high, alpha, beta)
        if not found:
            low, high, rel = _bounds(ctx, pos, low, high, alpha, beta)
            if low == high or low >= beta or high <= alpha:
                _store(ctx, table, pos, shape, tops, (low, high, rel), entries)
        if low >= beta or low == high:
            return low, rel
        if high <= alpha:
            return high, rel
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
    items = _moves(ctx, pos)
    lower = LOWER[key]
    if shape < 0 and len(items) == 1:
        # one choice inside a trick (often): the position's value and relevant cards
        # are that choice's, with no bounds to keep
        choice = ~items[0] & 255
        gain, over, nxt, won = _play(ctx, pos, choice)
        if over:
            result, read = gain, won
        else:
            result, read = _search(ctx, table, nxt, alpha - gain, beta - gain)
            result += gain
            read |= won
        code = choice if choice < JOKER_LEAD else N_JOKER[key]
        if read & lower[code]:
            read |= _run_bottom(ctx, pos, code)
        return result, read
    start_alpha, start_beta = alpha, beta
    killers = ctx[12]
    ply = -1
    if shape >= 0:
        # a lead: first the lead that last cut a search off at this trick (the
        # *killer*), wherever the order put it
        ply = pos[7]
        killer = killers[ply]
        if killer >= 0 and ~items[0] & 255 != killer:
            for index in range(1, len(items)):
                if ~items[index] & 255 == killer:
                    items.insert(0, items.pop(index))
                    break
    maximise = (ctx[6] >> pos[1] & 1 == 1) != ctx[1]
    value = -1 if maximise else HAND_SIZE + 1
    every = 0  # the relevant cards of every choice searched
    best_rel = 0  # those of the best choice
    for item in items:
        choice = ~item & 255
        gain, over, nxt, won = _play(ctx, pos, choice)
        if over:
            result = gain
            read = won
        else:
            sub, read = _search(ctx, table, nxt, alpha - gain, beta - gain)
            result = gain + sub
            read |= won
        code = choice if choice < JOKER_LEAD else N_JOKER[key]
        if read & lower[code]:
            # the result reads this suit at or below the card played: the cards of
            # its run (searched once) must stay alike
            read |= _run_bottom(ctx, pos, code)
        every |= read
        if maximise:
            if result > value:
                value = result
                best_rel = read
                if value > alpha:
                    alpha = value
        elif result < value:
            value = result
            best_rel = read
            if value < beta:
                beta = value
        if alpha >= beta:
            if ply >= 0:
                killers[ply] = choice
            break
    # a bound past the window needs only the choice that gave it
    if (value >= start_beta) if maximise else (value <= start_alpha):
        rel |= best_rel
    else:
        rel |= every
    if shape >= 0:
        if value <= start_alpha:
            if value < high:
                high = value
        elif value >= start_beta:
            if value > low:
                low = value
        else:
            low = high = value
        _store(ctx, table, pos, shape, tops, (low, high, rel), entries)
    return value, rel


def _decided(ctx: Context, pos: Position) -> bool:
    """Whether the side winning the trick in progress takes it, whatever is played.

    So when no seat still to play on the other side may beat the card winning so
    far: one that follows the suit led holds none of it above, one that cannot
    follow holds no trump above (without trumps, holding the Joker it may: not
    decided).  The result reads the ranks above that card (see
    :func:`_winning_bit`) and the lengths of the suits.
    """
    key, team = ctx[0], ctx[6]
    hands, seat, trick, led, best = pos[0], pos[1], pos[3], pos[4], pos[9]
    side = team >> pos[8] & 1
    masks = N_SUIT_MASKS[key]
    led_mask = masks[led]
    trump = N_TRUMP[key]
    trumps = masks[trump] if trump >= 0 else 0
    joker = N_JOKER_BIT[key] if trump < 0 else 0
    next_seat = ctx[3]
    for _ in range(ctx[2] - len(trick)):
        if team >> seat & 1 != side:
            held = hands[seat]
            if held & joker:
                return False
            follow = held & led_mask
            if follow:
                if _strongest(key, led, follow) > best:
                    return False
            elif held & trumps and _strongest(key, trump, held & trumps) > best:
                return False
        seat = next_seat[seat]
    return True


def _keeps_top(ctx: Context, pos: Position, holder: int, side: int) -> bool:
    """Whether the top trump's ``holder`` (see :func:`_top_holder`) keeps it for later.

    So when it is on ``side`` (1 the contracting one) and has played to the trick in
    progress: the card then takes a later trick (not in misère, which may end first).
    """
    if holder < 0 or ctx[1] or ctx[6] >> holder & 1 != side:
        return False
    seat = pos[2]
    next_seat = ctx[3]
    for _ in pos[3]:
        if seat == holder:
            return True
        seat = next_seat[seat]
    return False


def _winning_bit(ctx: Context, pos: Position) -> int:
    """The bit of the card winning the trick in progress.

    (A trump's strength is the same whatever suit is led, so the row of the suit
    led ranks every card.)
    """
    row = N_STRENGTH[ctx[0]][pos[4]]
    best = pos[9]
    for code in pos[3]:
        if row[code] == best:
            return 1 << code
    return 0


def _last(ctx: Context, pos: Position) -> tuple[int, int]:
    """The last trick: every seat plays its one card (the Joker's lead names a suit).

    Also the bit of the card that wins it (see :func:`_play`).
    """
    while True:
        mask, names = _legal(ctx, pos)
        choice = (
            JOKER_LEAD + (names & -names).bit_length() - 1
            if names
            else (mask & -mask).bit_length() - 1
        )
        gain, over, pos, won = _play(ctx, pos, choice)
        if over:
            return gain, won


def _estimate(ctx: Context, pos: Position) -> int:
    """A guess at the contracting side's tricks from ``pos`` on: its playout.

    Every seat plays the first choice of the search order (:func:`_order`) to the
    end of the hand; the first probe of :func:`solve_position` is at this value.
    """
    tricks = 0
    while True:
        gain, over, pos, _ = _play(ctx, pos, _order(ctx, pos)[0])
        tricks += gain
        if over:
            return tricks


def solve_position(
    ctx: Context, table: Table, pos: Position, guess: int = -1, floor: int = 0
) -> int:
    """The contracting side's tricks from ``pos`` on under perfect play by all.

    Null-window probes "at least ``k``" (MTD(f)): the first at ``guess`` (by default
    at the :func:`_estimate`), each next one just past the bound the last returned
    (the search fails soft), until the bounds meet.  With a ``floor``, a value below
    it need not be exact: the search stops once the value is known to be below
    ``floor`` and returns a number below it (no probe is under ``floor``), for a
    caller that asks only whether ``floor`` tricks or more are taken.
    """
    return solve_bounds(ctx, table, pos, guess, floor)[0]


def solve_bounds(
    ctx: Context,
    table: Table,
    pos: Position,
    guess: int = -1,
    floor: int = 0,
    ceiling: int = HAND_SIZE,
) -> tuple[int, int]:
    """:func:`solve_position`'s probes within the context's node budget: the bounds.

    Each trick start searched (past the last trick's) takes one node from
    ``ctx[11].left``; when none is left the probe in progress stops (:class:`BudgetSpentError`)
    and the bounds the finished probes gave are returned: ``(low, high)`` with the
    value within them (equal: the value; without a node left, below a ``floor`` or
    above a ``ceiling``, apart: a ``ceiling`` is the floor's mirror, the search stops
    once the value is known to be above it).  The table keeps only finished searches' entries,
    so a stopped probe leaves it true for later searches.
    """
    low, high = 0, HAND_SIZE - pos[7]
    if ctx[1]:
        high = min(high, 1)
    if guess < 0:
        guess = _estimate(ctx, pos)
    target = min(max(guess, floor, low + 1), high, ceiling + 1)
    try:
        while low < high and high >= floor and low <= ceiling:
            value = _search(ctx, table, pos, target - 1, target)[0]
            if value >= target:
                low = value
                target = low + 1
            else:
                high = value
                target = high
    except BudgetSpentError:
        pass
    return low, high


def choice_values(ctx: Context, table: Table, pos: Position) -> dict[int, int]:
    """The value of each legal choice of the player to act (its trick counted).

    By choice as the engine numbers them (a card's code, see :mod:`._engine.playout`).
    """
    return {choice: low for choice, (low, _) in choice_bounds(ctx, table, pos).items()}


def best_choices(
    ctx: Context, table: Table, pos: Position, made: int, value: int
) -> tuple[list[int], int, bool]:
    """The best choices of the player to act, given the value of the one ``made``.

    ``made`` is a choice (by code) whose value (its trick counted) is ``value``; the
    others are asked only whether they do as well (a probe with a floor, or for the
    side that minimises a ceiling, at the best so far: cheaper than their values).
    The best choices (by code, ``made`` among them if it is one), their value, and
    whether the context's node budget sufficed (if not, the best so far: the best
    value is at least as good).
    """
    same = _heads(ctx, pos)
    slotted = ctx[0] >= SLOTTED
    if slotted and made < JOKER_LEAD:
        made = SLOT_OF_CODE[made]
    made_head = same[made]
    maximise = (ctx[6] >> pos[1] & 1 == 1) != ctx[1]
    top = value
    best = [made_head]
    for head in _order(ctx, pos):
        if head == made_head:
            continue
        gain, over, nxt, _ = _play(ctx, pos, head)
        low = high = gain
        if not over:
            if maximise:
                found = solve_bounds(ctx, table, nxt, top - gain, floor=top - gain)
            else:
                found = solve_bounds(ctx, table, nxt, top - gain, ceiling=top - gain)
            low, high = gain + found[0], gain + found[1]
        if ctx[11].left < 0:
            break
        if low == high and low == top:
            best.append(head)
        elif (maximise and low > top) or (not maximise and high < top):
            top = low if maximise else high
            best = [head]
    heads = set(best)
    found_best = sorted([choice for choice, head in same.items() if head in heads])
    if slotted:
        found_best = [
            CODE_OF_SLOT[choice] if choice < JOKER_LEAD else choice
            for choice in found_best
        ]
    return found_best, top, ctx[11].left >= 0


def choice_bounds(
    ctx: Context, table: Table, pos: Position
) -> dict[int, tuple[int, int]]:
    """:func:`choice_values` within the context's node budget: each choice's bounds.

    The choices are searched best first (in the search's move order), sharing the
    budget (see :func:`solve_bounds`); once it is spent, each one left gets the bounds
    its first probe proves without a node (at worst, none: its trick to every trick
    left).
    """
    same = _heads(ctx, pos)
    searched: dict[int, tuple[int, int]] = {}
    # the searched choices best first (by the search's move order), each one's first
    # probe at the best value so far: the one to beat
    maximise = (ctx[6] >> pos[1] & 1 == 1) != ctx[1]
    best = -1
    for head in _order(ctx, pos):
        gain, over, nxt, _ = _play(ctx, pos, head)
        low = high = gain
        if not over:
            found = solve_bounds(ctx, table, nxt, best - gain)
            low, high = gain + found[0], gain + found[1]
        searched[head] = (low, high)
        if low == high and (best < 0 or (low > best if maximise else low < best)):
            best = low
    values: dict[int, tuple[int, int]] = {}
    for choice, head in sorted(same.items()):
        if head not in values:
            values[head] = searched[head]
        values[choice] = searched[head]
    if ctx[0] < SLOTTED:
        return values
    return {
        CODE_OF_SLOT[choice] if choice < JOKER_LEAD else choice: value
        for choice, value in values.items()
    }
