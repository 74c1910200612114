"""The review of a game record: each decision of each hand, and what it cost.

:func:`~five_hundred.analysis.review` replays each hand of a record (or of a game
state's record) from its deal and looks at every decision:

- each card play, by the double-dummy solver (:mod:`five_hundred.search.solver`):
  the contracting side's tricks with the best card and with the card played, one
  transposition table shared by every position of the hand;
- the discard and the Joker's nomination, the same way: every other choice is played
  on from the deal as it was (the later choices as made, where they stay legal;
  otherwise as :class:`~five_hundred.bots.RuleBasedPlayer` would make them) and
  solved from the opening lead;
- each call, by the bid advisor (:func:`~five_hundred.sampling.advise_bids`): the
  estimated score of each bid the seat could make, from deals of the cards it could
  not see.

Points come from the scoring's home (:func:`~five_hundred.scoring.score_hand`); a
result's name from :func:`~five_hundred.scoring.contract_made` and
:func:`~five_hundred.scoring.is_slam`.

>>> from five_hundred import RuleBasedPlayer, new_game, play_hand, record, review
>>> state = play_hand(new_game(seed=2), [RuleBasedPlayer()] * 4)
>>> hand = review(state, bid_samples=0).hands[0]
>>> hand.contract.bid, hand.tricks, hand.complete
(parse_bid('6C'), 7, True)
>>> [choice.kind for choice in hand.choices][:2]
['discard', 'play']
"""

import multiprocessing.connection
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, cast

import attrs

from five_hundred._checks import check_count, check_seed
from five_hundred.actions import Action, Discard, PlayCard
from five_hundred.analysis.model import (
    _BIGGEST,
    CallReview,
    ChoiceReview,
    GameReview,
    HandReview,
    SeatSummary,
    SideSummary,
    _by_cost,
    _seat_summary,
    _side_summary,
    _totals,
)
from five_hundred.bidding import Call, MisereBid, Pass, TrickBid
from five_hundred.bots import RuleBasedPlayer
from five_hundred.cards import Card, Suit
from five_hundred.dealing import pack
from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.parallel import ignore_interrupts, worker_context
from five_hundred.records import GameRecord, HandRecord, record
from five_hundred.rules import Rules, side_of
from five_hundred.sampling import BidAdvice, advise_bids
from five_hundred.scoring import (
    TOTAL_TRICKS,
    contract_made,
    contracting_sides,
    is_slam,
    score_hand,
)
from five_hundred.search.playout import action_choice, choice_action
from five_hundred.search.resample import resample
from five_hundred.search.solver import (
    MAX_NODES,
    NO_LIMIT,
    Table,
    best_core_choices,
    solve_core_bounds,
    solve_core_plays,
)
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    is_legal,
    legal_actions,
    new_hand,
    record_of,
)
from five_hundred.tricks import card_power, contract_context, effective_suit
from five_hundred.views import view

__all__ = ["review"]

_EVEN = 1e-9
"""Sampled values closer than this are equal (sums of the same terms in another order)."""
_SOFT_SHARE = 0.8
"""The share of the time limit after which the discard's search gives its best so far."""
_BOUNDED = "bounded"
"""A job's result when the node limit stopped it before any value was known
(compared by value, not identity: a worker process's results are copies)."""


# -- the solver's work: jobs, run here or in a process with a deadline --------------------


class _PlayJob(NamedTuple):
    """The best cards of a position in the play and the value of the one ``made``."""

    state: GameState
    made: Action
    number: int
    """The decision's number: the next one's value, when solved, is the card's."""


class _Work(NamedTuple):
    """What the jobs of one hand share.

    The solver's table, the value of each card play solved (by decision number) and
    the node limit of each decision.
    """

    table: Table
    known: dict[int, int]
    node_limit: int


class _Played(NamedTuple):
    """A card play solved.

    The values of the card made and the best ones (``None``: the node limit was
    reached first), and the best cards.
    """

    values: dict[Action, int] | None
    best: tuple[Action, ...]


class _NominateJob(NamedTuple):
    """The value of each nomination, each played on to the opening lead."""

    state: GameState
    later: tuple[Action, ...]


class _DiscardJob(NamedTuple):
    """The best discard (its value) and the value of the one made."""

    state: GameState
    made: Action
    later: tuple[Action, ...]


class _AdviceJob(NamedTuple):
    """The bid advisor's estimates for one seat's hand."""

    cards: tuple[Card, ...]
    rules: Rules
    seat: int
    dealer: int
    samples: int
    seed: int


class _SampledJob(NamedTuple):
    """Each card's mean margin for the seat over deals that fit what it knew."""

    state: GameState
    samples: int
    seed: int


_Job = _PlayJob | _NominateJob | _DiscardJob | _AdviceJob | _SampledJob


def _to_play(state: GameState, later: Sequence[Action]) -> GameState | None:
    """``state`` played on to the first card: the later choices as made, if legal.

    A choice that is no longer legal (a nomination after the Joker was kept instead
    of discarded, a partner card now in the contractor's hand) is made as the
    rule-based player would make it.
    """
    helper = RuleBasedPlayer()
    pending = list(later)
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        if seat is None:
            return None
        action = pending.pop(0) if pending else None
        if action is None or not is_legal(state, action):
            action = helper.choose(view(state, seat), seat)
        state = apply(state, action)
    return state


def _card_values(state: GameState, table: Table) -> dict[Action, int]:
    values = solve_core_plays(record_of(state), table)
    return {choice_action(choice): value for choice, value in values.items()}


def _taken(state: GameState, team: frozenset[int]) -> int:
    """The tricks the seats of ``team`` have taken so far."""
    return sum(state.tricks_won_by_seat[seat] for seat in team)


def _play_values(job: _PlayJob, work: _Work) -> _Played:
    """The card made's value and the best cards (see :func:`best_core_choices`).

    The card's value is the next decision's best value (solved before: the jobs run
    from the last card back) plus the trick it completes; the other cards are asked
    only whether they do as well as the best so far.
    """
    state, made, number = job
    assert isinstance(made, PlayCard)
    team = state.contracting_seats
    after = apply(state, made)
    value = _taken(after, team) - _taken(state, team)
    left = work.node_limit
    following = work.known.get(number + 1)
    if following is not None:
        value += following
    elif after.phase is Phase.PLAY and after.to_act is not None:
        bounds = solve_core_bounds(record_of(after), work.table, left)
        if not bounds.exact:
            return _Played(None, ())
        value += bounds.low
        left -= bounds.nodes
    core = record_of(state)
    best, top, _, finished = best_core_choices(
        core, work.table, action_choice(made), value, max(left, 1)
    )
    if not finished:
        return _Played(None, ())
    work.known[number] = top
    actions = tuple(choice_action(choice) for choice in best)
    values: dict[Action, int] = dict.fromkeys(actions, top)
    values[made] = value
    return _Played(values, actions)


def _nomination_values(job: _NominateJob, work: _Work) -> dict[Action, int] | str:
    """Each nomination's value (:data:`_BOUNDED`: the node limit was reached first)."""
    values = {}
    left = work.node_limit
    for choice in legal_actions(job.state):
        start = _to_play(apply(job.state, choice), job.later)
        if start is not None:
            bounds = solve_core_bounds(record_of(start), work.table, left)
            if not bounds.exact:
                return _BOUNDED
            left -= bounds.nodes
            values[choice] = bounds.low
    return values


def _discard_class(state: GameState) -> Callable[[Action], tuple[int, ...]]:
    """What makes two discards the same: how many cards each leaves of each run.

    A *run* is a set of the contractor's cards next to each other in the order of
    their effective suit, with no card of another hand between them: which cards of
    a run go makes no difference to the play (the solver plays a run as one card).
    """
    contract = state.contract
    assert contract is not None  # the discard follows the auction
    context = contract_context(contract.bid)
    held = set(state.hands[contract.contractor])
    runs: dict[Card, int] = {}
    number = 0
    by_suit: dict[Suit | None, list[Card]] = {}
    for card in pack(state.rules):
        by_suit.setdefault(effective_suit(card, context), []).append(card)
    for suit, cards in by_suit.items():
        if suit is None:  # the Joker without a suit: a run of its own
            runs.update((card, (number := number + 1)) for card in cards)
            continue
        ordered = sorted(cards, key=lambda c: -card_power(c, context, suit))
        number += 1
        for card in ordered:
            if card in held:
                runs[card] = number
            else:
                number += 1

    def key(action: Action) -> tuple[int, ...]:
        assert isinstance(action, Discard)
        return tuple(sorted(runs[card] for card in action.cards))

    return key


def _discard_values(
    job: _DiscardJob, work: _Work, deadline: float | None
) -> tuple[Action, int, int, bool, bool] | str | None:
    """The best discard found and its value, the one made's, whether all, and bounded.

    Bounded: whether the node limit stopped the search.
    All: whether every kind of discard was tried (not cut off by ``deadline``, a
    monotonic time, or the node limit).  Each other kind of discard (see
    :func:`_discard_class`) is asked only whether it beats the best so far (a solve
    with a floor, or in misère a ceiling: cheap when it does not).  ``None``: the
    hand cannot be played on after the discard made; :data:`_BOUNDED`: its value was
    not found within the node limit.
    """
    table = work.table
    state, made, later = job
    contract = state.contract
    assert contract is not None
    misere = isinstance(contract.bid, MisereBid)
    start = _to_play(apply(state, made), later)
    if start is None:
        return None
    left = work.node_limit
    made_bounds = solve_core_bounds(record_of(start), table, left)
    if not made_bounds.exact:
        return _BOUNDED
    left -= made_bounds.nodes
    made_value = made_bounds.low
    best, best_value = made, made_value
    key = _discard_class(state)
    seen = {key(made)}
    seat = contract.contractor
    # the rule-based discard first: a good floor early makes the others' probes cheap
    first = RuleBasedPlayer().choose(view(state, seat), seat)
    for choice in (first, *legal_actions(state)):
        kind = key(choice)
        if kind in seen:
            continue
        seen.add(kind)
        if best_value == (0 if misere else TOTAL_TRICKS):
            break  # nothing beats it
        if deadline is not None and time.monotonic() > deadline:
            return best, best_value, made_value, False, False
        start = _to_play(apply(state, choice), later)
        if start is None:
            continue
        core = record_of(start)
        if left < 1:
            return best, best_value, made_value, False, True
        if misere:
            bounds = solve_core_bounds(core, table, left, ceiling=best_value - 1)
            worse = bounds.low >= best_value
        else:
            bounds = solve_core_bounds(core, table, left, floor=best_value + 1)
            worse = bounds.high <= best_value
        left -= bounds.nodes
        if worse:
            continue
        if not bounds.exact:  # better, or not known: the node limit was reached
            return best, best_value, made_value, False, True
        best, best_value = choice, bounds.low
    return best, best_value, made_value, True, False


def _sampled_values(job: _SampledJob, table: Table) -> dict[Action, float]:
    """Each legal card's margin for the seat to act, averaged over sampled deals.

    The deals fit everything the seat knew (:func:`~five_hundred.search.resample.resample`);
    each is solved double-dummy after each card.
    """
    state, samples, seed = job
    seat = state.to_act
    assert seat is not None
    rng = random.Random(seed)
    totals: dict[Action, float] = {}
    for _ in range(samples):
        deal = resample(view(state, seat), rng)
        team = deal.contracting_seats
        done = sum(deal.tricks_won_by_seat[s] for s in team)
        sign = 1 if seat in team else -1
        for action, value in _card_values(deal, table).items():
            margin = _outcome(deal, team, done + value)[1]
            totals[action] = totals.get(action, 0.0) + sign * margin / samples
    return totals


def _run_job(job: _Job, work: _Work, deadline: float | None) -> object:
    match job:
        case _PlayJob():
            return _play_values(job, work)
        case _NominateJob():
            return _nomination_values(job, work)
        case _DiscardJob():
            return _discard_values(job, work, deadline)
        case _SampledJob():
            return _sampled_values(job, work.table)
        case _AdviceJob(cards, rules, seat, dealer, samples, seed):
            return tuple(
                advise_bids(
                    cards, rules, seat=seat, dealer=dealer, samples=samples, seed=seed
                )
            )


def _jobs_in_child(
    task: tuple[Sequence[_Job], multiprocessing.connection.Connection, float, int],
) -> None:
    """Run the jobs in a worker process, sending each result as it comes."""
    jobs, sender, deadline, node_limit = task
    ignore_interrupts()
    work = _Work({}, {}, node_limit)
    for index, job in enumerate(jobs):
        sender.send((index, _run_job(job, work, deadline)))
    sender.close()


def _run_jobs(
    jobs: Sequence[_Job], time_limit: float | None, node_limit: int
) -> list[object]:
    """The jobs' results in order; ``None`` for those not done within ``time_limit``.

    Without a limit they run in this process.  With one, in a worker process (the
    time limit is the clock's; the node limit stops a search on its own): the
    results come as each job ends, and the worker is stopped at the deadline.
    """
    if time_limit is None:
        work = _Work({}, {}, node_limit)
        return [_run_job(job, work, None) for job in jobs]
    results: list[object] = [None] * len(jobs)
    if not jobs:
        return results
    deadline = time.monotonic() + time_limit
    # the discard's search stops on its own a little before, with what it found
    soft = time.monotonic() + _SOFT_SHARE * time_limit
    context: Any = worker_context(
        _jobs_in_child
    )  # typeshed's BaseContext has no Process
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(
        target=_jobs_in_child, args=((jobs, sender, soft, node_limit),), daemon=True
    )
    process.start()
    sender.close()
    try:
        done = 0
        while done < len(jobs):
            left = deadline - time.monotonic()
            if left <= 0 or not receiver.poll(left):
                break
            try:
                index, result = receiver.recv()
            except EOFError:
                break
            results[index] = result
            done += 1
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
    return results


# -- points ------------------------------------------------------------------------------


def _outcome(state: GameState, team: frozenset[int], total: int) -> tuple[str, int]:
    """What ``total`` tricks of the contracting side mean: the result and the margin.

    The margin is the contracting side's score for the hand minus the defenders'
    together.  The tricks to come that the contracting side does not take go to the
    first defending side (with several, their sum is what counts).
    """
    rules = state.rules
    contract = state.contract
    assert contract is not None
    bid = contract.bid
    won = [0] * rules.sides
    for seat, count in enumerate(state.tricks_won_by_seat):
        won[side_of(rules, seat)] += count
    contracting = contracting_sides(rules, contract.contractor, state.partner)
    ours = side_of(rules, contract.contractor)
    won[ours] += total - sum(state.tricks_won_by_seat[seat] for seat in team)
    if not isinstance(bid, MisereBid):
        defending = [side for side in range(rules.sides) if side not in contracting]
        won[defending[0]] += TOTAL_TRICKS - sum(won)
    changes = score_hand(bid, won, contracting, scores=state.scores, rules=rules)
    margin = changes[ours] - sum(
        change for side, change in enumerate(changes) if side not in contracting
    )
    if is_slam(bid, total, rules):
        return "slam", margin
    return ("made" if contract_made(bid, total) else "set"), margin


def _choice_review(
    kind: str,
    number: int,
    state: GameState,
    action: Action,
    values: dict[Action, int] | None,
    *,
    best: Sequence[Action] | None = None,
    exhaustive: bool = True,
) -> ChoiceReview:
    """A decision reviewed from the tricks to come after each choice (``values``).

    ``values`` hold the contracting side's tricks from ``state`` on; ``best``, when
    given, are the best choices (otherwise those of the best value).
    """
    seat = state.to_act
    assert seat is not None
    trick = state.tricks_played + 1 if kind == "play" else None
    if values is None or action not in values:
        return ChoiceReview(
            kind,
            number,
            seat,
            action,
            trick,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            exhaustive=False,
        )
    contract = state.contract
    assert contract is not None
    team = state.contracting_seats
    misere = isinstance(contract.bid, MisereBid)
    maximise = (seat in team) != misere
    top = max(values.values()) if maximise else min(values.values())
    if best is None:
        best = [choice for choice, value in values.items() if value == top]
    done = sum(state.tricks_won_by_seat[s] for s in team)
    tricks_best, tricks_made = done + top, done + values[action]
    result_best, margin_best = _outcome(state, team, tricks_best)
    result_made, margin_made = _outcome(state, team, tricks_made)
    sign = 1 if seat in team else -1
    return ChoiceReview(
        kind,
        number,
        seat,
        action,
        trick,
        tuple(best),
        tricks_best,
        tricks_made,
        result_best,
        result_made,
        abs(tricks_best - tricks_made),
        sign * (margin_best - margin_made),
        exhaustive=exhaustive,
    )


# -- the calls ---------------------------------------------------------------------------


def _call_review(
    number: int, state: GameState, call: Call, advice: tuple[BidAdvice, ...] | None
) -> CallReview:
    """A call reviewed by the advisor's estimates (``None``: no deals sampled)."""
    seat = state.to_act
    assert seat is not None
    if advice is None:
        return CallReview(number, seat, call, (), None, None, None, None)
    legal = set(legal_actions(state))
    estimates = tuple(item for item in advice if item.bid in legal)
    estimated: dict[Call, float] = {item.bid: item.expected for item in estimates}
    estimated[Pass()] = 0.0
    made = estimated.get(call)
    best: Call = Pass()
    best_value = 0.0
    if estimates and estimates[0].expected > best_value:  # listed best first
        best, best_value = estimates[0].bid, estimates[0].expected
    cost = None if made is None else max(0.0, best_value - made)
    return CallReview(number, seat, call, estimates, made, best, best_value, cost)


# -- a hand ------------------------------------------------------------------------------


class _Decision(NamedTuple):
    """A decision of the hand: the state before it, the action, its number."""

    number: int
    state: GameState
    action: Action


def _decisions(start: GameState, actions: Sequence[Action]) -> list[_Decision]:
    decisions = []
    state = start
    for number, action in enumerate(actions, 1):
        decisions.append(_Decision(number, state, action))
        state = apply(state, action)
    return decisions


class _Options(NamedTuple):
    """What :func:`review` was asked for."""

    bid_samples: int
    play_samples: int
    seed: int
    time_limit: float | None
    node_limit: int


def _jobs(
    decisions: Sequence[_Decision], options: _Options
) -> tuple[list[_Job], dict[int, int], dict[int, int], dict[int, int]]:
    """The solver's work for a hand, cheapest first (the card plays from the last).

    Also where each decision's result is (by decision number), each seat's advice
    and each card's sampled values.
    """
    samples, seed = options.bid_samples, options.seed
    jobs: list[_Job] = []
    where: dict[int, int] = {}
    for decision in reversed(decisions):
        if decision.state.phase is Phase.PLAY:
            where[decision.number] = len(jobs)
            jobs.append(_PlayJob(decision.state, decision.action, decision.number))
    pre_play = [d for d in decisions if d.state.phase in _PRE_PLAY]
    for decision in pre_play:
        later = tuple(d.action for d in pre_play if d.number > decision.number)
        where[decision.number] = len(jobs)
        if decision.state.phase is Phase.DISCARD:
            jobs.append(_DiscardJob(decision.state, decision.action, later))
        else:
            jobs.append(_NominateJob(decision.state, later))
    advice: dict[int, int] = {}
    if samples:
        for decision in decisions:
            state = decision.state
            seat = state.to_act
            if state.phase is not Phase.BIDDING or seat is None or seat in advice:
                continue
            advice[seat] = len(jobs)
            jobs.append(
                _AdviceJob(
                    state.hands[seat], state.rules, seat, state.dealer, samples, seed
                )
            )
    sampled: dict[int, int] = {}
    if options.play_samples:
        for decision in decisions:
            if decision.state.phase is Phase.PLAY:
                sampled[decision.number] = len(jobs)
                job_seed = seed * 1000 + decision.number
                jobs.append(_SampledJob(decision.state, options.play_samples, job_seed))
    return jobs, where, advice, sampled


_PRE_PLAY = (Phase.DISCARD, Phase.NOMINATE)
"""The phases before the play whose choices are solved (the partner call is not)."""


def _review_hand(
    number: int, start: GameState, hand: HandRecord, options: _Options
) -> HandReview:
    decisions = _decisions(start, hand.actions)
    jobs, where, advice_at, sampled_at = _jobs(decisions, options)
    results = _run_jobs(jobs, options.time_limit, options.node_limit)
    calls: list[CallReview] = []
    choices: list[ChoiceReview] = []
    for decision in decisions:
        state, action = decision.state, decision.action
        phase = state.phase
        if phase is Phase.BIDDING:
            seat = state.to_act
            assert seat is not None
            assert isinstance(action, TrickBid | MisereBid | Pass)
            at = advice_at.get(seat)
            advice = (
                None if at is None else cast(tuple[BidAdvice, ...] | None, results[at])
            )
            calls.append(_call_review(decision.number, state, action, advice))
        elif decision.number in where:
            choice = _solved_choice(decision, results[where[decision.number]])
            at = sampled_at.get(decision.number)
            if at is not None:
                choice = _with_sampled(choice, results[at])
            choices.append(choice)
    end = decisions[-1].state if decisions else start
    end = apply(end, decisions[-1].action) if decisions else start
    tricks = None
    contract = end.contract
    if contract is not None and end.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
        tricks = sum(end.tricks_won_by_seat[s] for s in end.contracting_seats)
    complete = all(result is not None for result in results) and all(
        choice.exhaustive and not choice.bounded for choice in choices
    )
    seats, sides = _summaries(start.rules, calls, choices)
    return HandReview(
        number,
        start.dealer,
        contract,
        tricks,
        hand.result,
        calls,
        choices,
        complete,
        seats,
        sides,
    )


def _with_sampled(choice: ChoiceReview, result: object) -> ChoiceReview:
    """``choice`` with the sampled values of its cards (``None``: not solved)."""
    values = cast(dict[Action, float] | None, result)
    if values is None or choice.action not in values:
        return choice
    top = max(values.values())
    best = tuple(action for action, value in values.items() if value >= top - _EVEN)
    cost = max(0.0, top - values[choice.action])
    return attrs.evolve(choice, sampled_best=best, sampled_cost=cost)


def _solved_choice(decision: _Decision, result: object) -> ChoiceReview:
    """A decision's review from its job's result (``None``: not done in time)."""
    number, state, action = decision
    if state.phase is Phase.PLAY:
        played = cast(_Played | None, result)
        if played is None:
            return _choice_review("play", number, state, action, None)
        if played.values is None:
            return _bounded(_choice_review("play", number, state, action, None))
        return _choice_review(
            "play", number, state, action, played.values, best=played.best
        )
    if state.phase is Phase.NOMINATE:
        if result == _BOUNDED:
            return _bounded(_choice_review("nominate", number, state, action, None))
        values = cast(dict[Action, int] | None, result)
        return _choice_review("nominate", number, state, action, values)
    if result == _BOUNDED:
        return _bounded(_choice_review("discard", number, state, action, None))
    found = cast(tuple[Action, int, int, bool, bool] | None, result)
    if found is None:
        return _choice_review("discard", number, state, action, None)
    best, best_value, made_value, exhaustive, bounded = found
    values = {best: best_value, action: made_value}
    reviewed = _choice_review(
        "discard", number, state, action, values, best=[best], exhaustive=exhaustive
    )
    return _bounded(reviewed) if bounded else reviewed


def _bounded(choice: ChoiceReview) -> ChoiceReview:
    """``choice`` marked as stopped by the node limit."""
    return attrs.evolve(choice, exhaustive=False, bounded=True)


def _summaries(
    rules: Rules, calls: Sequence[CallReview], choices: Sequence[ChoiceReview]
) -> tuple[list[SeatSummary], list[SideSummary]]:
    """Each seat's and each side's errors and what they cost."""
    seats = [_seat_summary(seat, calls, choices) for seat in range(rules.players)]
    return seats, _sides(rules, seats)


def _sides(rules: Rules, seats: Sequence[SeatSummary]) -> list[SideSummary]:
    return [
        _side_summary(
            side, [s.seat for s in seats if side_of(rules, s.seat) == side], seats
        )
        for side in range(rules.sides)
    ]


def _merged(rules: Rules, hands: Sequence[HandReview]) -> list[SeatSummary]:
    """Each seat's summary over several hands."""
    merged = []
    for seat in range(rules.players):
        own = [hand.seats[seat] for hand in hands]
        biggest = sorted((c for s in own for c in s.biggest), key=_by_cost)
        merged.append(SeatSummary(seat, *_totals(own), biggest[:_BIGGEST]))
    return merged


# -- the record --------------------------------------------------------------------------


def _hand_starts(game: GameRecord) -> list[GameState]:
    """The state at the start of each hand of a checked record (its deal, its scores)."""
    starts = []
    before = game.hands[0].scores
    if game.hands[0].result is not None:
        before = tuple(s - r for s, r in zip(before, game.hands[0].result, strict=True))
    for hand in game.hands:
        starts.append(
            new_hand(
                game.rules, hand.hands, hand.kitty, dealer=hand.dealer, scores=before
            )
        )
        before = hand.scores
    return starts


def review(
    source: GameRecord | GameState,
    *,
    hand: int | None = None,
    bid_samples: int = 4,
    play_samples: int = 0,
    seed: int = 0,
    time_limit: float | None = None,
    node_limit: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> GameReview:
    """Review every decision of a game: its double-dummy value and what it cost.

    Args:
        source: a game record (:class:`~five_hundred.records.GameRecord`, loaded
            with its checks) or a game state (its :func:`~five_hundred.records.record`).
        hand: review only this hand (numbered from 1, as in the record's text form).
        bid_samples: deals the bid advisor samples for each seat's hand (0: the calls
            are listed without estimates).
        play_samples: deals sampled for each card play from what its seat knew
            (0, the default: none), for the card's *sampled* value beside the
            double-dummy one (:attr:`ChoiceReview.sampled_cost
            <five_hundred.analysis.ChoiceReview.sampled_cost>`).
        seed: the seed of the samples.
        time_limit: seconds the solver may spend on each hand (``None``: no limit).
            With a limit the solving runs in a worker process, stopped at the
            deadline: the decisions not solved by then have ``None`` values and the
            hand is not ``complete``.  The card plays are solved first, from the last
            trick back, then the discard and the nomination, then the calls, then
            the sampled values.
        node_limit: the most nodes the solver visits for each decision (see
            :func:`~five_hundred.search.solver.solve`; ``None``: no limit).  A
            decision whose search reaches it has ``None`` values and is marked
            :attr:`~five_hundred.analysis.ChoiceReview.bounded`, and the hand is not
            ``complete``; unlike the time limit, the same decisions are reached on
            every machine.  The card plays need far less than the time limit's
            worker: each card's value is the next decision's, and the other cards
            are only asked whether they do as well.
        progress: called with the number of hands done as each one is reviewed.

    Raises:
        TypeError: if ``source`` is neither a record nor a state.
        InvalidStateError: if ``hand`` is not a hand of the record, or
            ``bid_samples`` or ``play_samples`` is not a whole number from 0, or
            ``node_limit`` is not a whole number from 1 (or ``None``).
        FiveHundredError: a record that does not replay raises what
            :meth:`~five_hundred.records.GameRecord.replay` raises.
    """
    if isinstance(source, GameState):
        game = record(source)
    elif isinstance(source, GameRecord):
        game = source
        game.replay()  # the record's own checks, with their typed errors
    else:
        wrong_type(source, "a GameRecord or a GameState", "GameRecord.from_text")
    for name, count in (("bid_samples", bid_samples), ("play_samples", play_samples)):
        if type(count) is not int or count < 0:
            msg = f"invalid {name} {quote(count)}: a whole number from 0"
            raise InvalidStateError(msg)
    seed = check_seed(seed)
    limit: object = time_limit
    if limit is not None and (
        isinstance(limit, bool) or not isinstance(limit, int | float) or limit <= 0
    ):
        msg = f"invalid time_limit {quote(time_limit)}: seconds above 0, or None"
        raise InvalidStateError(msg)
    numbers = range(1, len(game.hands) + 1)
    if hand is not None:
        if type(hand) is not int or hand not in numbers:
            msg = f"invalid hand {quote(hand)}: the record has hands 1 to {len(game.hands)}"
            raise InvalidStateError(msg)
        numbers = range(hand, hand + 1)
    starts = _hand_starts(game)
    limit_nodes = (
        NO_LIMIT
        if node_limit is None
        else check_count(node_limit, "node_limit", most=MAX_NODES)
    )
    options = _Options(bid_samples, play_samples, seed, time_limit, limit_nodes)
    hands = []
    for done, number in enumerate(numbers, 1):
        hands.append(
            _review_hand(number, starts[number - 1], game.hands[number - 1], options)
        )
        if progress is not None:
            progress(done)
    seats = _merged(game.rules, hands)
    return GameReview(game.rules, hands, seats, _sides(game.rules, seats))
