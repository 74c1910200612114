"""The double-dummy solver against a brute-force minimax on the public API.

The brute force here knows nothing of the solver: it tries every legal action through
``legal_actions`` / ``apply`` and counts the contracting side's tricks from
``tricks_won_by_seat`` (memoised on the public state's cards), over random positions
with up to four tricks left, every player count and contract kind
(:ref:`rules-joker`, :ref:`rules-joker-nomination`, :ref:`rules-kitty-play`,
:ref:`rules-five-players`).
"""

import gc
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tests.random_games import random_action
from tests.strategies import game_rules, seeds

from five_hundred import (
    JOKER,
    Action,
    GameState,
    InvalidStateError,
    JokerLeadSuit,
    MisereBid,
    Pass,
    Phase,
    RuleBasedPlayer,
    Rules,
    Strain,
    TrickBid,
    apply,
    legal_actions,
    new_game,
    side_of,
    solve,
    solve_plays,
    view,
)
from five_hundred._engine.codes import BITS, HAND_SIZE, NO_SUIT
from five_hundred._engine.core import (
    DONE,
    H_PARTNER_CARD,
    HAND,
    HANDS,
    LED,
    LOG,
    SETUP,
    SUITS_LED,
    TO_ACT,
    TRICK,
    Record,
    redealt,
)
from five_hundred._engine.playout import JOKER_LEAD
from five_hundred._engine.solve import (
    CUT_SPECS,
    DEPTH,
    N_EFF,
    N_JOKER,
    N_KEYS,
    N_NT,
    N_RANK,
    N_STRENGTH,
    N_SUIT_MASKS,
    N_TRUMP,
    NO_LIMIT,
    RADIX,
    RANK_HEADS,
    RANK_TAILS,
    RANKED,
    SHAPE_SHIFTS,
    SHAPE_SUITS,
    SLOT_BITS,
    SLOTTED,
    TEAM_SHIFTS,
    TOPS_SPECS,
    Budget,
    Context,
    Position,
    Table,
    _bounds,
    _canon,
    _decided,
    _deeper,
    _heads,
    _holders,
    _keeps_top,
    _live,
    _lookup,
    _mask_of,
    _order,
    _packed,
    _quick,
    _rank_move,
    _rel_of,
    _run_bottom,
    _sure_side,
    _top_holder,
    _tops,
    _winning_bit,
    choice_values,
    position_of,
    solve_position,
)
from five_hundred._engine.step import next_mask
from five_hundred._engine.tables import SIX_ONLY_MASK, SUIT_MASKS
from five_hundred.search.solver import _context, solve_core, solve_core_bounds
from five_hundred.state import record_of, state_of

Memo = dict[tuple[object, ...], int]
RangeMemo = dict[tuple[object, ...], tuple[int, int]]


def _team(state: GameState) -> frozenset[int]:
    """The contracting side's seats (the contractor alone in misère)."""
    contract = state.contract
    assert contract is not None
    rules = state.rules
    if isinstance(contract.bid, MisereBid):
        return frozenset({contract.contractor})
    side = side_of(rules, contract.contractor)
    return frozenset(
        seat
        for seat in range(rules.players)
        if side_of(rules, seat) == side or seat == state.partner
    )


def _brute(state: GameState, team: frozenset[int], misere: bool, memo: Memo) -> int:
    if state.to_act is None or state.phase is not Phase.PLAY:
        return 0
    key = (
        state.hands,
        state.trick,
        state.led_suit,  # the suit named for a Joker led
        state.to_act,
        state.leader,
        state.suits_led,
        state.shown_void,
    )
    found = memo.get(key)
    if found is not None:
        return found
    before = sum(state.tricks_won_by_seat[seat] for seat in team)
    values = []
    for action in legal_actions(state):
        after = apply(state, action)
        gained = sum(after.tricks_won_by_seat[seat] for seat in team) - before
        values.append(gained + _brute(after, team, misere, memo))
    maximise = (state.to_act in team) != misere
    value = max(values) if maximise else min(values)
    memo[key] = value
    return value


def _position(seed: int, rules_seed: int, left: int, rules: Rules) -> GameState | None:
    """A random state in the play with at most ``left`` tricks to go, or None."""
    rng = random.Random(rules_seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAY:
        if state.to_act is None:
            return None
        state = apply(state, random_action(state, rng))
    stop = 10 - left
    extra = rng.randrange(4)
    while state.to_act is not None and (
        state.tricks_played < stop or (state.tricks_played == stop and extra > 0)
    ):
        if state.tricks_played == stop:
            extra -= 1
        state = apply(state, rng.choice(legal_actions(state)))
    return state if state.to_act is not None else None


def _line(seed: int, rules_seed: int, left: int, rules: Rules) -> Iterator[GameState]:
    """The states of a random line of play from :func:`_position` to the hand's end."""
    state = _position(seed, rules_seed, left, rules)
    rng = random.Random(rules_seed)
    while state is not None and state.to_act is not None:
        yield state
        state = apply(state, rng.choice(legal_actions(state)))


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_solver_agrees_with_brute_force(rules: Rules, seed: int, line: int) -> None:
    left = 4 if rules.players <= 4 else 3
    state = _position(seed, line, left, rules)
    if state is None:
        return
    contract = state.contract
    assert contract is not None
    misere = isinstance(contract.bid, MisereBid)
    team = _team(state)
    memo: Memo = {}
    expected = _brute(state, team, misere, memo)
    assert solve(state) == expected
    values = solve_plays(state)
    assert set(values) == set(legal_actions(state))
    before = sum(state.tricks_won_by_seat[seat] for seat in team)
    for action, value in values.items():
        after = apply(state, action)
        gained = sum(after.tricks_won_by_seat[seat] for seat in team) - before
        assert value == gained + _brute(after, team, misere, memo)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_trick_start_bounds_hold(rules: Rules, seed: int, line: int) -> None:
    """The solver's quick- and sure-trick bounds at a trick's start (which cut the
    search off) contain the brute-force value, also when a probe's window (here
    "at least ``k`` tricks", ``k`` drawn from the line) ends their count early."""
    state = _position(seed, line, 4 if rules.players <= 4 else 3, rules)
    rng = random.Random(line)
    while state is not None and state.to_act is not None and state.trick:
        state = apply(state, rng.choice(legal_actions(state)))
    if state is None or state.to_act is None or state.phase is not Phase.PLAY:
        return
    contract = state.contract
    assert contract is not None
    misere = isinstance(contract.bid, MisereBid)
    core = record_of(state)
    left = 10 - state.tricks_played
    high = min(left, 1) if misere else left
    k = line % (high + 1)
    low, high, _ = _bounds(_context(core), position_of(core), 0, high, k - 1, k)
    assert low <= _brute(state, _team(state), misere, {}) <= high


def _trick_takers(state: GameState, team: frozenset[int]) -> set[int]:
    """Whether the contracting side takes the trick in progress (1) or not (0), over
    every way the seats still to play may finish it (public API only)."""
    done = state.tricks_played
    before = sum(state.tricks_won_by_seat[seat] for seat in team)
    takers: set[int] = set()
    for action in legal_actions(state):
        after = apply(state, action)
        if after.tricks_played > done or after.to_act is None:
            takers.add(sum(after.tricks_won_by_seat[seat] for seat in team) - before)
        else:
            takers |= _trick_takers(after, team)
    return takers


def _trick_range(
    state: GameState, team: frozenset[int], memo: RangeMemo
) -> tuple[int, int]:
    """The contracting side's fewest and most tricks from ``state`` on, over every
    line of play (public API only)."""
    if state.to_act is None or state.phase is not Phase.PLAY:
        return 0, 0
    key = (state.hands, state.trick, state.led_suit, state.to_act, state.suits_led)
    found = memo.get(key)
    if found is not None:
        return found
    before = sum(state.tricks_won_by_seat[seat] for seat in team)
    least, most = HAND_SIZE, 0
    for action in legal_actions(state):
        after = apply(state, action)
        gained = sum(after.tricks_won_by_seat[seat] for seat in team) - before
        low, high = _trick_range(after, team, memo)
        least, most = min(least, gained + low), max(most, gained + high)
    memo[key] = least, most
    return least, most


def _decided_checks(rules: Rules, seed: int, line: int) -> Iterator[tuple[bool, bool]]:
    """The solver's ``_decided`` and ``_keeps_top`` at each point inside a trick of a
    random line, checked against every way to play on; what each said."""
    for state in _line(seed, line, 4 if rules.players <= 4 else 3, rules):
        if not state.trick:
            continue
        core = record_of(state)
        ctx, pos = _context(core), position_of(core)
        if not _decided(ctx, pos):
            yield False, False
            continue
        # the side winning so far takes the trick however it is finished
        side = ctx[6] >> pos[8] & 1
        team = _team(state)
        assert _trick_takers(state, team) == {side}
        trick = 0
        for number in pos[3]:
            trick |= BITS[number]
        assert _winning_bit(ctx, pos) & trick
        holder, bit = _top_holder(ctx, pos)
        kept = _keeps_top(ctx, pos, holder, side)
        if kept:
            # and a later one with the top trump (or Joker) its hand kept
            assert bit & pos[0][holder]
            least, most = _trick_range(state, team, {})
            left = HAND_SIZE - state.tricks_played
            assert (least if side else left - most) >= 2
        yield True, kept


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_a_decided_trick_goes_to_the_side_winning_it(
    rules: Rules, seed: int, line: int
) -> None:
    """A trick the solver takes as decided (it cuts a probe asking the other side
    for every trick left there) goes to the side winning it so far, however the
    seats still to play finish it; and that side takes another trick whatever
    happens when it also keeps the top trump for later (a probe asking all tricks
    but one)."""
    for _ in _decided_checks(rules, seed, line):
        pass


def test_tricks_are_taken_as_decided_only_sometimes() -> None:
    """Over random lines of four-, three- and six-player hands, some tricks in
    progress are decided and some are not, and some decided ones keep the top trump
    for later (each check is neither always nor never)."""
    said: list[tuple[bool, bool]] = []
    for players in (4, 3, 6):
        for seed in range(12):
            said += _decided_checks(Rules(players=players), seed, seed)
    decided = [first for first, _ in said]
    assert True in decided
    assert False in decided
    kept = [second for first, second in said if first]
    assert True in kept
    assert False in kept


def _partner_entry(ctx: Context, pos: Position) -> bool:
    """Whether the leader holds a low card of a suit whose top card a partner holds."""
    key, team, seats = ctx[0], ctx[6], ctx[7]
    hands, leader = pos[0], pos[2]
    live = 0
    for seat in seats:
        live |= hands[seat]
    for suit in range(NO_SUIT):
        ranked = RANKED[key][suit]
        own = hands[leader]
        if not own & N_SUIT_MASKS[key][suit] or _tops(ranked, own, live):
            continue
        for seat in seats:
            same_side = team >> seat & 1 == team >> leader & 1
            if seat != leader and same_side and _tops(ranked, hands[seat], live):
                return True
    return False


def _trick_starts(
    rules: Rules, seed: int, line: int, left: int = 0
) -> Iterator[tuple[GameState, Context, Position]]:
    """Up to 12 random trick starts of trick contracts (not misère), solver's view.

    With at most ``left`` tricks to go (by default, few enough to solve by brute force).
    """
    left = left or (4 if rules.players <= 4 else 3)
    for attempt in range(12):
        state = _position(seed, line + attempt, left, rules)
        rng = random.Random(line + attempt)
        while state is not None and state.to_act is not None and state.trick:
            state = apply(state, rng.choice(legal_actions(state)))
        if state is None or state.to_act is None or state.phase is not Phase.PLAY:
            continue
        contract = state.contract
        assert contract is not None
        if isinstance(contract.bid, MisereBid):
            continue
        core = record_of(state)
        yield state, _context(core), position_of(core)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_bounds_with_a_lead_to_partners_tops_hold(
    rules: Rules, seed: int, line: int
) -> None:
    """The quick tricks counting a low lead to a partner's top cards (then cashed)
    stay within the brute-force value: trick starts where that lead exists."""
    assume(rules.players >= 4)
    for state, ctx, pos in _trick_starts(rules, seed, line):
        if not _partner_entry(ctx, pos):
            continue
        left = 10 - state.tricks_played
        low, high, _ = _bounds(ctx, pos, 0, left, -1, left + 1)  # every bound
        assert low <= _brute(state, _team(state), False, {}) <= high
        return


def _alike_below(ctx: Context, pos: Position, rel: int, rng: random.Random) -> Position:
    """``pos`` with the cards of each suit below those ``rel`` reads dealt anew.

    The places from the top of each suit down to the lowest card of ``rel`` keep
    their holders (as a table entry compares them); the live cards below are
    shuffled among the seats that held them, each seat keeping its length.
    """
    key, seats = ctx[0], ctx[7]
    live = pos[10]
    depths = _mask_of(ctx, live, rel)[0]
    hands = list(pos[0])
    for suit in range(NO_SUIT + 1):
        depth = depths >> DEPTH * suit & 31
        lower = [code for code in RANKED[key][suit] if live >> code & 1][depth:]
        holders = [seat for code in lower for seat in seats if hands[seat] >> code & 1]
        rng.shuffle(holders)
        for code in lower:
            for seat in seats:
                hands[seat] &= ~(1 << code)
        for code, seat in zip(lower, holders, strict=True):
            hands[seat] |= 1 << code
    return (tuple(hands), *pos[1:])


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_trick_start_bounds_read_enough_cards(
    rules: Rules, seed: int, line: int
) -> None:
    """A position whose holders agree with a trick start's down to the cards its
    quick and sure tricks read (the rest dealt anew, the lengths kept) counts at
    least as many: the table may give their bounds to every such position."""
    rng = random.Random(line)
    for _, ctx, pos in _trick_starts(rules, seed, line, 8):
        quick, read = _quick(ctx, pos)
        ours, our_bit, theirs, their_bit = _sure_side(ctx, pos)
        for _ in range(8):
            alike = _alike_below(ctx, pos, read, rng)
            assert _quick(ctx, alike)[0] >= quick
            alike = _alike_below(ctx, pos, our_bit | their_bit, rng)
            counts = _sure_side(ctx, alike)
            assert counts[0] >= ours
            assert counts[2] >= theirs


def _top_trumps_only(ctx: Context, pos: Position) -> int:
    """The most trumps a seat holds above every trump of the other side."""
    key, team, seats = ctx[0], ctx[6], ctx[7]
    trump = N_TRUMP[key]
    ranked = RANKED[key][trump] if trump >= 0 else RANKED[key][NO_SUIT]
    hands = pos[0]
    most = 0
    side = -1
    counts = dict.fromkeys(seats, 0)
    for code in ranked:
        holders = [seat for seat in seats if hands[seat] & BITS[code]]
        if not holders:
            continue
        if side < 0:
            side = team >> holders[0] & 1
        elif team >> holders[0] & 1 != side:
            break
        counts[holders[0]] += 1
        most = max(most, counts[holders[0]])
    return most


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_long_trump_counts_hold(rules: Rules, seed: int, line: int) -> None:
    """Each side's sure trump tricks (a seat's ``i`` highest trumps less the other
    side's trumps above the lowest of them) stay within the brute-force value, at
    trick starts where they count more than the top trumps alone."""
    for state, ctx, pos in _trick_starts(rules, seed, line):
        if N_TRUMP[ctx[0]] < 0 and not N_NT[ctx[0]]:
            continue
        ours, _, theirs, _ = _sure_side(ctx, pos)
        if max(ours, theirs) <= _top_trumps_only(ctx, pos):
            continue
        left = 10 - state.tricks_played
        assert ours <= _brute(state, _team(state), False, {}) <= left - theirs
        return


@settings(max_examples=25, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_best_line_takes_the_solved_tricks(rules: Rules, seed: int, line: int) -> None:
    """Everyone playing the solver's choice wins exactly the tricks it promised."""
    state = _position(seed, line, 5, rules)
    if state is None:
        return
    assert state.contract is not None
    team = _team(state)
    misere = isinstance(state.contract.bid, MisereBid)
    promised = solve(state)
    before = sum(state.tricks_won_by_seat[seat] for seat in team)
    while state.to_act is not None:
        values = solve_plays(state)
        pick = max if (state.to_act in team) != misere else min
        best = pick(values.values())
        state = apply(state, next(a for a, v in values.items() if v == best))
    assert sum(state.tricks_won_by_seat[seat] for seat in team) - before == promised


def _joker_lead(seed: int) -> GameState | None:
    """A hand of 6NT by seat 0 (the Joker not nominated), played at random to the
    start of a trick with at most four to go and the Joker's holder on lead; the
    Joker may be led naming any suit before the last trick."""
    rules = Rules(
        joker_lead_suit=JokerLeadSuit.ANY, joker_last_trick_once_all_suits_led=False
    )
    state = new_game(rules, seed=seed, dealer=3)
    bid = TrickBid(6, Strain.NO_TRUMPS)
    helper = RuleBasedPlayer()
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        if seat is None:
            return None
        action: Action
        if state.phase is Phase.BIDDING:
            action = bid if seat == 0 and bid in legal_actions(state) else Pass()
        else:
            action = helper.choose(view(state, seat), seat)
        state = apply(state, action)
    if state.joker_suit is not None:
        return None
    while state.to_act is not None:
        if (
            not state.trick
            and state.tricks_played >= 6
            and JOKER in state.hands[state.to_act]
        ):
            return state
        state = apply(state, rng.choice(legal_actions(state)))
    return None


def test_leading_the_unnominated_joker_agrees_with_brute_force() -> None:
    """No Trumps with the Joker not nominated, its holder on lead: it is led naming a
    suit (:ref:`rules-joker`), a case random positions rarely reach."""
    found = 0
    for seed in range(200):
        state = _joker_lead(seed)
        if state is None:
            continue
        team = _team(state)
        memo: Memo = {}
        assert solve(state) == _brute(state, team, False, memo)
        values = solve_plays(state)
        assert set(values) == set(legal_actions(state))
        before = sum(state.tricks_won_by_seat[seat] for seat in team)
        for action, value in values.items():
            after = apply(state, action)
            gained = sum(after.tricks_won_by_seat[seat] for seat in team) - before
            assert value == gained + _brute(after, team, False, memo)
        found += 1
        if found == 3:
            break
    assert found == 3


def _variant(core: Record, rng: random.Random) -> Record:
    """``core`` with a few cards of one effective suit swapped between two seats in
    play: every seat keeps its lengths (and so what it has shown void); a called
    partner's card stays."""
    setup = core[SETUP]
    key = setup.key
    seats = setup.order[setup.contractor]
    hands = list(core[HANDS])
    called = core[HAND][H_PARTNER_CARD]
    fixed = BITS[called] if called >= 0 else 0
    for _ in range(rng.randrange(1, 4)):
        suit_mask = SUIT_MASKS[key][rng.randrange(NO_SUIT + 1)] & ~fixed
        holders = [seat for seat in seats if hands[seat] & suit_mask]
        if len(holders) < 2:
            continue
        one, two = rng.sample(holders, 2)
        first = rng.choice([c for c in range(65) if hands[one] & suit_mask & BITS[c]])
        second = rng.choice([c for c in range(65) if hands[two] & suit_mask & BITS[c]])
        swap = BITS[first] | BITS[second]
        hands[one] ^= swap
        hands[two] ^= swap
    seat = core[TO_ACT]
    assert seat is not None
    legal = next_mask(setup, hands[seat], core[LED], core[SUITS_LED], core[DONE])
    return redealt(core, core[HAND], core[LOG], tuple(hands), legal)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_a_table_shared_by_positions_alike_gives_their_values(
    rules: Rules, seed: int, line: int
) -> None:
    """Table entries serve every position that agrees on the cards that mattered
    (partition search): positions differing in swapped cards of a suit, solved one
    after the other with one table, each get the brute-force value."""
    state = _position(seed, line, 3, rules)
    if state is None:
        return
    contract = state.contract
    assert contract is not None
    team = _team(state)
    misere = isinstance(contract.bid, MisereBid)
    rng = random.Random(line)
    table: Table = {}
    core = record_of(state)
    for attempt in range(4):
        if attempt:
            core = _variant(record_of(state), rng)
        assert solve_core(core, table) == _brute(state_of(core), team, misere, {})


def test_positions_differing_in_low_cards_share_an_entry() -> None:
    """After solving a trick's start, some positions whose cards differ below the
    ones that decided the tricks (other places, same lengths) find its value in the
    table without a search; it is theirs."""
    shared = 0
    for seed in range(40):
        state = _position(seed, seed, 3, Rules())
        while state is not None and state.to_act is not None and state.trick:
            state = apply(state, legal_actions(state)[0])
        if state is None or state.to_act is None:
            continue
        core = record_of(state)
        assert core[SETUP].contractor is not None
        ctx = _context(core)
        table: Table = {}
        solve_core(core, table)
        first = position_of(core)
        shape, _ = _canon(ctx, first)
        rng = random.Random(seed)
        for _ in range(6):
            other = _variant(core, rng)
            pos = position_of(other)
            other_shape, other_tops = _canon(_context(other), pos)
            assert other_shape == shape
            if all(
                _holders(ctx, pos, suit) == _holders(ctx, first, suit)
                for suit in range(NO_SUIT)
            ):
                continue  # alike after rank equivalence alone
            _, low, high, _ = _lookup(
                ctx, table.get(shape), pos, other_tops, 0, 10, -1, 11
            )
            if low == high:
                assert low == solve_core(other)
                shared += 1
    assert shared >= 3


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_a_searched_card_runs_down_to_the_lowest_card_alike(
    rules: Rules, seed: int, line: int
) -> None:
    """The run of each card searched (its relevance reaches that low when its own
    rank mattered): the seat's cards below it, adjacent among the live cards of the
    effective suit, down to the last before another seat's card."""
    state = _position(seed, line, 6, rules)
    if state is None:
        return
    core = record_of(state)
    ctx, pos = _context(core), position_of(core)
    key = ctx[0]
    held = pos[0][pos[1]]
    live = _live(ctx[7], pos[0], pos[3])
    for choice in _order(ctx, pos):
        code = choice if choice < JOKER_LEAD else N_JOKER[key]
        ranked = [c for c in RANKED[key][N_EFF[key][code]] if live & BITS[c]]
        bottom = code
        for other in ranked[ranked.index(code) + 1 :]:
            if not held & BITS[other]:
                break
            bottom = other
        assert _run_bottom(ctx, pos, code) == BITS[bottom]


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_killers_only_reorder_the_search(rules: Rules, seed: int, line: int) -> None:
    """The leads kept as killers (searched first at a trick's start) change the order
    of the search, never a value: with killers preset at random (cards in play, held
    by the leader or not, Joker leads, none), every choice's value is the one a
    fresh context finds."""
    state = _position(seed, line, 4, rules)
    if state is None:
        return
    core = record_of(state)
    ctx, pos = _context(core), position_of(core)
    fresh = choice_values(ctx, {}, pos)
    rng = random.Random(line)
    preset = _context(core)
    live = [number for number in range(JOKER_LEAD) if pos[10] >> number & 1]
    choices = [-1, *live, *range(JOKER_LEAD, JOKER_LEAD + 4)]
    preset[12][:] = [rng.choice(choices) for _ in preset[12]]
    assert choice_values(preset, {}, pos) == fresh


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_slots_and_codes_give_the_same_values(
    rules: Rules, seed: int, line: int
) -> None:
    """Without six-player ranks in play the solver numbers the cards by slots, every
    mask below 2**62; its values by choice are those of the codes' numbering."""
    state = _position(seed, line, 3, rules)
    if state is None:
        return
    core = record_of(state)
    ctx, pos = _context(core), position_of(core)
    cards = 0
    for hand in core[HANDS]:
        cards |= hand
    for code in core[TRICK]:
        cards |= BITS[code]
    assert (ctx[0] >= SLOTTED) == (not cards & SIX_ONLY_MASK)
    if ctx[0] < SLOTTED:
        assert pos[0] == core[HANDS]
        return
    assert all(hand < 2**62 for hand in pos[0])
    coded: Context = (
        ctx[0] - SLOTTED,
        *ctx[1:8],
        [{}, {}, {}, {}],
        {},
        [-1] * len(ctx[10]),
        Budget(NO_LIMIT),
        [-1] * HAND_SIZE,
    )
    live = _live(ctx[7], core[HANDS], core[TRICK])
    at_codes: Position = (core[HANDS], pos[1], pos[2], core[TRICK], *pos[4:10], live)
    assert choice_values(ctx, {}, pos) == choice_values(coded, {}, at_codes)


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_an_entrys_depths_give_back_the_lowest_card_read(
    rules: Rules, seed: int, line: int
) -> None:
    """The depths of an entry (places compared in each suit) lead back to the lowest
    relevant card of each suit, and entries used together read the deeper of each."""
    state = _position(seed, line, 6, rules)
    if state is None:
        return
    core = record_of(state)
    ctx, pos = _context(core), position_of(core)
    key, hands = ctx[0], pos[0]
    live = _live(ctx[7], hands, ())
    rng = random.Random(line)
    picks = [rng.getrandbits(66) & live for _ in range(2)]
    lowest: list[int] = []
    for rel in picks:
        low = 0
        for suit in range(NO_SUIT + 1):
            read = [c for c in RANKED[key][suit] if rel & BITS[c]]
            if read:
                low |= BITS[read[-1]]
        assert _rel_of(ctx, live, _mask_of(ctx, live, rel)[0]) == low
        lowest.append(low)
    both = _deeper(_mask_of(ctx, live, picks[0])[0], _mask_of(ctx, live, picks[1])[0])
    assert _rel_of(ctx, live, both) == _rel_of(
        ctx, live, _mask_of(ctx, live, lowest[0] | lowest[1])[0]
    )


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_cached_keys_are_those_of_a_fresh_context(
    rules: Rules, seed: int, line: int
) -> None:
    """The transposition keys cached in one context (by the hands, and the suits'
    parts in their dictionaries or their slots) are those a fresh context computes,
    either way (the pure build's and the compiled one's, see ``COMPILED``): along a
    line of play, and for positions with the same hands but another leader, other
    suits led or other voids shown."""
    state = _position(seed, line, 6, rules)
    if state is None:
        return
    rng = random.Random(line)
    shared: dict[int, tuple[Context, Context]] = {}  # by numbered key
    while state.to_act is not None:
        core = record_of(state)
        if not core[TRICK]:
            ctx = _context(core)
            keyed, slotted = shared.setdefault(
                ctx[0],
                (
                    (*ctx[:8], [{}, {}, {}, {}], {}, [], Budget(NO_LIMIT), []),
                    (
                        *ctx[:8],
                        [{}, {}, {}, {}],
                        None,
                        [-1] * (3 * NO_SUIT << SLOT_BITS),
                        Budget(NO_LIMIT),
                        [],
                    ),
                ),
            )
            pos = position_of(core)
            seats = ctx[7]
            for _ in range(3):
                other: Position = (
                    pos[0],
                    pos[1],
                    rng.choice(seats),
                    (),
                    -1,
                    rng.randrange(16),
                    rng.getrandbits(4 * len(core[HANDS])),
                    *pos[7:],
                )
                for probe in (other, pos):
                    fresh: Context = (
                        *ctx[:8],
                        [{}, {}, {}, {}],
                        None,
                        [],
                        Budget(NO_LIMIT),
                        [],
                    )
                    assert _canon(keyed, probe) == _canon(fresh, probe)
                    assert _canon(slotted, probe) == _canon(fresh, probe)
        state = apply(state, rng.choice(legal_actions(state)))


def test_a_suits_heads_and_tail_rank_as_the_suit() -> None:
    """Every effective suit is its heads (``RANK_HEADS``, strongest first) then its
    tail's cards (``RANK_TAILS``) from the highest number down: the order of
    ``RANKED``, so that bit order is rank order in the tail."""
    for key in N_KEYS:
        for suit in range(NO_SUIT + 1):
            tail = RANK_TAILS[key][suit]
            codes = [code for code in range(N_JOKER[key], -1, -1) if tail >> code & 1]
            assert list(RANK_HEADS[key][suit]) + codes == list(RANKED[key][suit])
            assert len(RANK_HEADS[key][suit]) <= 3  # the Joker and the two bowers


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(N_KEYS), st.integers(0, NO_SUIT - 1), st.data())
def test_two_cuts_of_a_suit_never_pack_alike(
    key: int, suit: int, data: st.DataObject
) -> None:
    """The packed cards of a plain suit among four seats (``_packed``: with every card
    in the window, its live cards, the odd seats' and those of seats 2 and 3) differ
    for any two different cuts of the same cards, and for cuts of other cards."""
    numbers = [n for n in range(N_JOKER[key] + 1) if N_SUIT_MASKS[key][suit] >> n & 1]
    seats = (0, 1, 2, 3)
    packed: dict[int, tuple[int, ...]] = {}
    for _ in range(12):
        hands = [0, 0, 0, 0]
        for number in numbers:
            holder = data.draw(st.integers(-1, 3))  # -1: played
            if holder >= 0:
                hands[holder] |= 1 << number
        cut = tuple(hands)
        live = hands[0] | hands[1] | hands[2] | hands[3]
        got = _packed(key, cut, seats, suit, live)
        assert packed.setdefault(got, cut) == cut


def test_a_suits_packed_cut_keeps_every_card_apart() -> None:
    """The cached parts are keyed by the seats' cards of a suit packed into a few
    bits each (``CUT_SPECS``): every card of every effective suit, in every numbering,
    has a bit of its own there, so two different cuts never share a part."""
    for key in N_KEYS:
        for suit in range(NO_SUIT + 1):
            base, window, first, second, width = CUT_SPECS[key][suit]
            assert width == window.bit_length() + 2
            packed = set()
            for number in range(N_JOKER[key] + 1):
                bit = 1 << number
                if not N_SUIT_MASKS[key][suit] & bit:
                    continue
                inside = bit >> base & window
                if bit & first:
                    inside |= window + 1
                if bit & second:
                    inside |= (window + 1) << 1
                assert inside  # a bit of its own, and only one
                assert not inside & inside - 1
                assert inside not in packed
                packed.add(inside)


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_keys_place_each_seats_cards_among_the_live_ones(
    rules: Rules, seed: int, line: int
) -> None:
    """The key of a trick's start (its suits' parts cached) is its definition: the
    holder of each live card of each effective suit, strongest first; each seat's
    length in each suit (those of the first suits as digits, then the hands' size,
    the Joker's holder without trumps, the leader and what the Joker's rules read);
    the holders of each suit's top places (``TOPS_SPECS``) and the contracting side,
    machine words with up to four seats."""
    for state in _line(seed, line, 6, rules):
        core = record_of(state)
        if not core[TRICK]:
            ctx = _context(core)
            pos = position_of(core)
            key, seats, hands, live = ctx[0], ctx[7], pos[0], pos[10]
            lengths = 0
            tops = 0
            rest = HAND_SIZE - pos[7] | pos[2] << 7
            count = len(seats)
            bits, places = TOPS_SPECS[count]
            for suit in range(NO_SUIT + 1):
                place = 0
                holders = 0
                for code in RANKED[key][suit]:
                    if not live >> code & 1:
                        continue
                    holder = [i for i, s in enumerate(seats) if hands[s] >> code & 1]
                    assert len(holder) == 1
                    holders |= holder[0] << bits * place
                    if suit < SHAPE_SUITS:
                        lengths += RADIX ** (count * suit + holder[0])
                    if suit == NO_SUIT:
                        rest |= holder[0] + 1 << 4
                    elif place < places:
                        tops += holder[0] << bits * (places * suit + place)
                    place += 1
                if suit < NO_SUIT and place:
                    assert _holders(ctx, pos, suit) == holders
            shape, got_tops = _canon(ctx, pos)
            assert got_tops == tops | ctx[6] << TEAM_SHIFTS[count]
            assert shape & (1 << SHAPE_SHIFTS[count]) - 1 == lengths
            assert shape >> SHAPE_SHIFTS[count] & 1023 == rest
            if count <= 4:
                assert got_tops < 2**62  # machine words
                assert shape < 2**62


def _strongest_of(key: int, row: tuple[int, ...], cards: int) -> int:
    """The strength (``row``: the suit led's) of the strongest of ``cards``, 0 if none."""
    return max([row[c] for c in range(N_JOKER[key] + 1) if cards & BITS[c]] or [0])


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_the_search_order_ranks_every_head_once(
    rules: Rules, seed: int, line: int
) -> None:
    """The choices searched are the heads of the legal choices, each once, in the
    order of their ranks (``_rank_move``) and, between equal ranks, highest first;
    discards (cards that cannot win the trick) from the shortest suit first, low
    cards first, a suit whose strongest live card the seat holds after the others
    (in misère high cards first, of any suit), after the winners when the other
    side wins the trick so far; leads of side suits that an opponent can ruff (void
    in it, holding a trump; without trumps, the un-nominated Joker when it follows
    only a void player), and of trumps when no opponent holds one, after every
    other lead; other trumps after the side suits' low cards (the top one first).
    With four seats, following in the suit led: a third hand whose partner's card
    the fourth hand can beat in the suit plays as if the other side won; a second
    hand whose partner holds the suit's strongest card of those still held plays
    low first; else the winners that the next seat cannot beat in the suit first
    (cheapest first), then the cheaper winners, then the low cards."""
    for state in _line(seed, line, 6, rules):
        core = record_of(state)
        ctx, pos = _context(core), position_of(core)
        order = _order(ctx, pos)
        same = _heads(ctx, pos)
        assert sorted(order) == sorted(set(same.values()))
        key, team, seat, winner = ctx[0], ctx[6], pos[1], pos[8]
        leading = not pos[3]
        mine = (team >> seat & 1) == (team >> winner & 1)
        trump = N_TRUMP[key]
        masks = N_SUIT_MASKS[key]
        opponents = [
            pos[0][other] for other in ctx[7] if team >> other & 1 != team >> seat & 1
        ]
        late_suits = set()  # leads tried last
        if leading and trump >= 0:
            late_suits = {
                suit
                for suit in range(4)
                for held in opponents
                if suit != trump and not held & masks[suit] and held & masks[trump]
            }
            if not any(held & masks[trump] for held in opponents):
                late_suits.add(trump)
        elif leading and N_NT[key] and ctx[4][0]:
            # the Joker, following only a void player, ruffs the suits it is void in
            late_suits = {
                suit
                for suit in range(4)
                for held in opponents
                if not held & masks[suit] and held & masks[NO_SUIT]
            }
        ruffed_seen = False  # a lead of a ruffable suit searched already
        live = _live(ctx[7], pos[0], pos[3])
        row = N_STRENGTH[key][pos[4] if not leading else 0]
        led_mask = 0 if leading else masks[pos[4]]

        over = 0  # four seats: the next seat's strongest card of the suit led
        low_first = False  # four seats: second hand low, its partner holds the top
        if not leading and ctx[2] == 4 and len(pos[3]) < 3:
            after = ctx[3][seat]
            over = _strongest_of(key, row, pos[0][after] & led_mask)
            if mine and over > pos[9]:
                mine = False
            if len(pos[3]) == 1:
                partner = _strongest_of(key, row, pos[0][ctx[3][after]] & led_mask)
                low_first = partner > max(
                    over,
                    _strongest_of(key, row, pos[0][seat] & led_mask),
                    _strongest_of(key, row, pos[0][pos[2]] & led_mask),
                )
        following = not leading and all(
            c < JOKER_LEAD and N_EFF[key][c] == pos[4] for c in order
        )
        ranks: list[tuple[int, int]] = []
        discards: list[tuple[int, int]] = []  # (length, rank) in the order searched
        # leads by kind, in the order searched: a side suit's top card, a side suit's
        # low card, the top trump, a low trump, a suit an opponent can ruff
        lead_kinds: list[int] = []
        winners_after = False  # a winning card after a discard
        for choice in order:
            if choice >= JOKER_LEAD:
                ranks.append((2000, choice))
                continue
            eff = N_EFF[key][choice]
            above = [c for c in RANKED[key][eff] if live & BITS[c]]
            top = above.index(choice) == 0
            length = sum(1 for c in same if c < JOKER_LEAD and N_EFF[key][c] == eff)
            ruffed = eff in late_suits
            assert ruffed or not ruffed_seen
            ruffed_seen = ruffed_seen or ruffed
            if leading:
                length = 1 if ruffed else 2 if eff == trump else 0
                lead_kinds.append(
                    4 if ruffed else (2 if top else 3) if eff == trump else int(not top)
                )
            elif pos[0][seat] & BITS[above[0]] and eff != pos[4]:
                length += 16  # a discard keeps the suit's strongest card
            if following:
                power = row[choice]
                if mine or low_first:
                    ranks.append((-power, choice))
                    continue
                wins = power > pos[9]
                order_class = 0 if wins and power > over else 1 if wins else 2
                ranks.append((-(order_class * 1000 + power), choice))
                continue
            rank = _rank_move(
                leading,
                top,
                N_RANK[key][choice],
                row[choice],
                mine,
                pos[9],
                length,
                ctx[1],
            )
            ranks.append((rank, choice))
            if not leading and not row[choice]:
                if ctx[1]:
                    discards.append((0, -N_RANK[key][choice]))
                else:
                    discards.append((length, N_RANK[key][choice]))
            elif not leading and discards and not mine and row[choice] > pos[9]:
                winners_after = True
        assert ranks == sorted(ranks, reverse=True)
        assert discards == sorted(discards)
        assert not winners_after
        assert lead_kinds == sorted(lead_kinds)


def test_solve_outside_the_play_is_a_typed_error() -> None:
    state = new_game(seed=1)
    with pytest.raises(InvalidStateError, match="play of the cards"):
        solve(state)
    with pytest.raises(InvalidStateError, match="play of the cards"):
        solve_plays(state)
    with pytest.raises(TypeError, match="GameState"):
        solve("not a state")  # type: ignore[call-overload]


@pytest.mark.parametrize("collecting", [True, False])
def test_a_solve_leaves_the_garbage_collector_as_it_found_it(collecting: bool) -> None:
    """The solver pauses Python's cyclic collector during a search (its tables hold
    no cycles) and restores it after."""
    state = _position(3, 3, 3, Rules())
    assert state is not None
    was = gc.isenabled()
    try:
        if collecting:
            gc.enable()
        else:
            gc.disable()
        solve(state)
        solve_plays(state)
        assert gc.isenabled() == collecting
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def _probed(
    rules: Rules, seed: int, line: int
) -> tuple[int, Record, Context, Position] | None:
    """A position up to three tricks from the end, its brute-force value, record,
    solver context and position (None when the line ends the hand first)."""
    state = _position(seed, line, 3, rules)
    if state is None:
        return None
    contract = state.contract
    assert contract is not None
    misere = isinstance(contract.bid, MisereBid)
    expected = _brute(state, _team(state), misere, {})
    core = record_of(state)
    return expected, core, _context(core), position_of(core)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_every_first_guess_gives_the_same_value(
    rules: Rules, seed: int, line: int
) -> None:
    """The probes of ``solve_position`` (MTD(f): each next one past the bound the
    last returned) end at the brute-force value whatever the first guess, the
    playout's (no guess) included, a table shared or not."""
    probed = _probed(rules, seed, line)
    if probed is None:
        return
    expected, _, ctx, pos = probed
    shared: Table = {}
    for guess in range(-1, 12):
        assert solve_position(ctx, {}, pos, guess) == expected
        assert solve_position(ctx, shared, pos, guess) == expected


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_a_floor_keeps_every_value_at_or_above_it(
    rules: Rules, seed: int, line: int
) -> None:
    """With a ``floor``, ``solve_position`` gives the brute-force value when it is
    at least the floor, and a number below the floor otherwise (as the bid advisor
    reads it: whether each level is made)."""
    probed = _probed(rules, seed, line)
    if probed is None:
        return
    expected, core, ctx, pos = probed
    shared: Table = {}
    for floor in range(6):
        for table in ({}, shared):
            value = solve_position(ctx, table, pos, floor=floor)
            if expected >= floor:
                assert value == expected
            else:
                assert value < floor
        assert solve_core(core, floor=floor) >= floor or expected < floor


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32), st.integers(1, 40))
def test_a_node_limit_bounds_the_brute_force_value(
    rules: Rules, seed: int, line: int, limit: int
) -> None:
    """Within any ``node_limit`` the bounds contain the brute-force value (of the
    position and of every action), they meet when the limit is not reached, the
    nodes spent never pass it, and a table shared by a stopped search still gives
    the brute-force value afterwards."""
    state = _position(seed, line, 4 if rules.players <= 4 else 3, rules)
    if state is None:
        return
    contract = state.contract
    assert contract is not None
    misere = isinstance(contract.bid, MisereBid)
    team = _team(state)
    memo: Memo = {}
    expected = _brute(state, team, misere, memo)
    bounded = solve(state, node_limit=limit)
    assert bounded.low <= expected <= bounded.high
    assert bounded.nodes <= limit
    if bounded.nodes < limit:
        assert bounded.exact
    plays = solve_plays(state, node_limit=limit)
    assert set(plays) == set(legal_actions(state))
    before = sum(state.tricks_won_by_seat[seat] for seat in team)
    for action, found in plays.items():
        after = apply(state, action)
        gained = sum(after.tricks_won_by_seat[seat] for seat in team) - before
        assert found.low <= gained + _brute(after, team, misere, memo) <= found.high
        assert found.nodes <= limit
    core = record_of(state)
    table: Table = {}
    solve_core_bounds(core, table, limit)
    assert solve_core(core, table) == expected


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(game_rules(), seeds(), st.integers(0, 2**32))
def test_a_limit_not_reached_gives_the_unbounded_values(
    rules: Rules, seed: int, line: int
) -> None:
    """A ``node_limit`` the search does not reach changes nothing: the same value
    and the same value of every action as without a limit."""
    state = _position(seed, line, 4, rules)
    if state is None:
        return
    bounded = solve(state, node_limit=10**9)
    assert bounded.exact
    assert bounded.low == solve(state)
    plays = solve_plays(state, node_limit=10**9)
    assert {action: found.low for action, found in plays.items()} == solve_plays(state)
    assert all(found.exact for found in plays.values())


def _opening_lead(players: int, seed: int) -> GameState:
    """A state at the opening lead of a rule-based auction (seeded)."""
    state = new_game(Rules(players=players), seed=seed)
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        state = apply(state, RuleBasedPlayer().choose(view(state, seat), seat))
    return state


@pytest.mark.parametrize("players", [4, 6])
def test_a_bounded_solve_is_the_same_on_every_run(players: int) -> None:
    """The bounds and the nodes spent depend on the position and the limit alone
    (no clock): two runs agree, and a larger limit never widens the bounds."""
    state = _opening_lead(players, 11)
    first = solve_plays(state, node_limit=200)
    assert solve_plays(state, node_limit=200) == first
    assert solve(state, node_limit=50) == solve(state, node_limit=50)
    assert any(not found.exact for found in first.values())
    wider = solve(state, node_limit=50)
    narrower = solve(state, node_limit=5000)
    assert wider.low <= narrower.low <= narrower.high <= wider.high


def test_a_node_limit_must_be_a_whole_number_from_one() -> None:
    state = _opening_lead(4, 11)
    for wrong in (0, -3, 1.5, True, "10"):
        with pytest.raises(InvalidStateError, match="node_limit"):
            solve(state, node_limit=wrong)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError, match="node_limit"):
            solve_plays(state, node_limit=wrong)  # type: ignore[arg-type]
