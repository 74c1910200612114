"""Tests for the computer players in five_hundred.bots."""

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from five_hundred import (
    JOKER,
    CallPartner,
    Card,
    GameState,
    InvalidStateError,
    MisereBid,
    Phase,
    PlayCard,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    Rules,
    TrickBid,
    apply,
    card_power,
    effective_suit,
    is_legal,
    legal_actions,
    new_game,
    new_hand,
    next_hand,
    pack,
    parse_action,
    parse_cards,
    play_game,
    play_hand,
    side_of,
    trick_winner,
    view,
)

Bot = RandomPlayer | RuleBasedPlayer

ALL_RULES = [
    Rules(),
    Rules.two_player(),
    Rules.three_player(),
    Rules.five_player(),
    Rules.six_player(),
    Rules.six_player_three_sides(),
    Rules.american(),
    Rules(joker_nomination=False, misere_by_value=True, open_misere_top=True),
    Rules.five_player(five_player_partner=False),
]
RULE_IDS = [
    "four",
    "two",
    "three",
    "five",
    "six",
    "six-three-sides",
    "american",
    "variants",
    "five-alone",
]


def _play_hands(rules: Rules, players: list[Bot], seed: int, hands: int) -> int:
    """Play ``hands`` hands with the bots on the referee's state; count the actions."""
    state = new_game(rules, seed=seed)
    actions = 0
    for _ in range(hands):
        while state.to_act is not None:
            seat = state.to_act
            action = players[seat].choose(state, seat)
            assert is_legal(state, action), (str(action), state)
            state = apply(state, action)
            actions += 1
        if state.phase is Phase.GAME_OVER:
            state = new_game(rules, seed=seed + 1000)
        else:
            state = next_hand(state)
    return actions


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_rule_based_players_always_choose_legal_actions(rules: Rules) -> None:
    players: list[Bot] = [RuleBasedPlayer() for _ in range(rules.players)]
    assert _play_hands(rules, players, seed=11, hands=12) > 0


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_random_players_always_choose_legal_actions(rules: Rules) -> None:
    players: list[Bot] = [RandomPlayer(seed) for seed in range(rules.players)]
    assert _play_hands(rules, players, seed=5, hands=12) > 0


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_mixed_tables_play_every_kind_of_contract(rules: Rules) -> None:
    # Random players win auctions the rule-based player never would (sans kitty,
    # blind misère), so the rule-based player also defends against those.
    players: list[Bot] = [
        RandomPlayer(seat) if seat % 2 else RuleBasedPlayer()
        for seat in range(rules.players)
    ]
    assert _play_hands(rules, players, seed=3, hands=12) > 0


@given(
    seed=st.integers(0, 2**64 - 1),
    rules=st.sampled_from(ALL_RULES),
    random_seats=st.frozensets(st.integers(0, 5)),
)
def test_any_table_of_bots_finishes_a_hand_legally(
    seed: int, rules: Rules, random_seats: frozenset[int]
) -> None:
    players: list[Bot] = [
        RandomPlayer(seed ^ seat) if seat in random_seats else RuleBasedPlayer()
        for seat in range(rules.players)
    ]
    assert _play_hands(rules, players, seed=seed, hands=1) > 0


@pytest.mark.parametrize("rules", ALL_RULES[:6], ids=RULE_IDS[:6])
def test_a_view_and_the_state_give_the_same_choice(rules: Rules) -> None:
    # The bots read from the referee's state only what the seat's view holds.
    bot = RuleBasedPlayer()
    state = new_game(rules, seed=21)
    for _ in range(2):
        while state.to_act is not None:
            seat = state.to_act
            action = bot.choose(state, seat)
            assert bot.choose(view(state, seat), seat) == action
            state = apply(state, action)
        if state.phase is Phase.GAME_OVER:
            break
        state = next_hand(state)


def test_random_player_is_deterministic_given_its_seed() -> None:
    rules = Rules()
    first = play_game([RandomPlayer(7 + seat) for seat in range(4)], rules, seed=1)
    second = play_game([RandomPlayer(7 + seat) for seat in range(4)], rules, seed=1)
    assert first.scores == second.scores
    assert first.history == second.history
    assert repr(RandomPlayer(3)) == "RandomPlayer(seed=3)"


def test_random_player_without_a_seed_draws_one() -> None:
    player = RandomPlayer()
    assert isinstance(player.seed, int)
    state = new_game(seed=2)
    assert player.choose(state, 1) in legal_actions(state)


def test_random_player_refuses_a_seed_that_is_not_a_number() -> None:
    with pytest.raises(InvalidStateError, match="invalid seed"):
        RandomPlayer("7")  # type: ignore[arg-type]


def test_rule_based_play_is_deterministic() -> None:
    players = [RuleBasedPlayer() for _ in range(4)]
    first = play_game(players, Rules(target=300), seed=9)
    second = play_game(players, Rules(target=300), seed=9)
    assert first.history == second.history
    assert repr(players[0]) == "RuleBasedPlayer()"


def test_bots_satisfy_the_player_protocol() -> None:
    assert isinstance(RandomPlayer(1), Player)
    assert isinstance(RuleBasedPlayer(), Player)


@pytest.mark.parametrize("bot", [RandomPlayer(1), RuleBasedPlayer()], ids=repr)
def test_bots_refuse_a_seat_that_is_not_to_act(bot: Player) -> None:
    state = new_game(seed=1)
    with pytest.raises(InvalidStateError, match="seat 2 is not to act: seat 1 is"):
        bot.choose(state, 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="the view is seat 1's, not seat 2's"):
        bot.choose(view(state, 1), 2)
    with pytest.raises(InvalidStateError, match="expected a SeatView or a GameState"):
        bot.choose("state", 1)  # type: ignore[arg-type]


def test_bots_refuse_a_finished_hand() -> None:
    state = play_hand(new_game(seed=4), [RuleBasedPlayer()] * 4)
    with pytest.raises(InvalidStateError, match="nobody is to act"):
        RuleBasedPlayer().choose(view(state, 0), 0)


def test_play_hand_needs_one_player_per_seat() -> None:
    with pytest.raises(InvalidStateError, match="needs 4 players; got 3"):
        play_hand(new_game(seed=1), [RuleBasedPlayer()] * 3)


def test_play_game_ends_with_a_winner_or_after_max_hands() -> None:
    end = play_game([RuleBasedPlayer()] * 4, Rules(target=200), seed=3)
    assert end.phase is Phase.GAME_OVER
    assert end.winners
    short = play_game([RuleBasedPlayer()] * 4, seed=3, max_hands=2)
    assert short.hand_number == 1
    assert short.phase is Phase.HAND_OVER


# -- the rule-based player's rules of thumb, on a deal chosen for them -------------------

#: Four hands and a kitty of the 43-card pack (dealer 0; seat 1 calls first).
HANDS = {
    1: "9C 5S 6S 7S 8S 9S 10S QS KS AS",
    2: "10C KC 4D 5D 6D 7D 8D 9D 10D JD",
    3: "QC 5C 4H 5H 6H 7H 8H 9H 10H JH",
    0: "8C AC QD KD AD QH KH AH JK JS",
}
KITTY = "6C 7C JC"


def _deal(rules: Rules = Rules()) -> GameState:
    hands = [parse_cards(HANDS[seat]) for seat in range(4)]
    return new_hand(rules, hands, parse_cards(KITTY), dealer=0)


def _after(state: GameState, *actions: str) -> GameState:
    for text in actions:
        state = apply(state, parse_action(text))
    return state


def _choice(state: GameState) -> str:
    seat = state.to_act
    assert seat is not None
    return str(RuleBasedPlayer().choose(view(state, seat), seat))


def test_bids_the_cheapest_bid_in_its_best_strain() -> None:
    assert _choice(_deal()) == "6S"


def test_bids_its_whole_estimate_in_a_single_round_auction() -> None:
    assert _choice(_deal(Rules.american())) == "9S"


def test_never_bids_over_its_partner() -> None:
    state = _after(_deal(), "6S", "PASS")
    assert state.to_act == 3
    assert _choice(state) == "PASS"


def _seat_one_holds(cards: str) -> GameState:
    """A deal (dealer 0) where seat 1, first to call, holds ``cards``."""
    mine = parse_cards(cards)
    rest = [card for card in pack(Rules()) if card not in mine]
    hands = [rest[0:10], list(mine), rest[10:20], rest[20:30]]
    return new_hand(Rules(), hands, rest[30:], dealer=0)


def test_passes_a_weak_hand() -> None:
    state = _seat_one_holds("8S 9S 10S 8C 9C 10C 6D 7D 6H 7H")
    assert _choice(state) == "PASS"


def test_bids_open_misere_with_only_the_lowest_cards() -> None:
    state = _seat_one_holds("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H")
    assert _choice(state) == "OMIS"


def test_discards_the_weakest_cards_outside_trumps() -> None:
    state = _after(_deal(), "6S", "PASS", "PASS", "PASS")
    assert state.phase is Phase.DISCARD
    assert _choice(state) == "DISCARD 6C 7C 9C"


def test_discards_its_most_dangerous_cards_in_misere() -> None:
    # the strongest cards go (the spade honours), whatever the suit's length
    state = _after(
        _deal(Rules(misere_needs_seven=False)), "MIS", "PASS", "PASS", "PASS"
    )
    assert state.phase is Phase.DISCARD
    assert _choice(state) == "DISCARD QS KS AS"


def test_leads_its_top_trump() -> None:
    state = _after(_deal(), "6S", "PASS", "PASS", "PASS", "DISCARD 6C 7C 9C")
    assert _choice(state) == "PLAY JC"  # the left bower


def test_follows_with_the_lowest_card_that_wins() -> None:
    state = _after(_deal(), "6S", "PASS", "PASS", "PASS", "DISCARD 6C 7C JC")
    state = _after(state, "PLAY 9C")
    assert _choice(state) == "PLAY 10C"  # seat 2: 10C beats 9C, KC would too
    state = _after(state, "PLAY 10C")
    assert _choice(state) == "PLAY QC"  # seat 3 overtakes the opponent cheaply
    state = _after(state, "PLAY QC")
    assert _choice(state) == "PLAY AC"  # seat 0 overtakes with its only winner


def test_plays_low_when_its_partner_is_winning() -> None:
    state = _after(_deal(), "6S", "PASS", "PASS", "PASS", "DISCARD 6C 7C JC")
    state = _after(state, "PLAY 9C", "PLAY KC", "PLAY 5C")
    assert _choice(state) == "PLAY 8C"  # seat 0: partner seat 2 holds the trick


def test_nominates_the_joker_into_its_longest_suit() -> None:
    hands = {**HANDS, 0: "8C AC QD KD AD QH KH AH JK JS"}
    state = new_hand(
        Rules(),
        [parse_cards(hands[seat]) for seat in range(4)],
        parse_cards(KITTY),
        dealer=3,
    )
    state = _after(state, "6NT", "PASS", "PASS", "PASS")
    state = _after(state, "DISCARD 6C 7C JC")
    assert state.phase is Phase.NOMINATE
    assert _choice(state) == "NOMINATE H"


def test_the_contractor_learns_its_partner_only_from_the_view() -> None:
    """Five players: before the partner card is played the contractor does not know
    its partner (:ref:`rules-player-counts`), so its bot must not play as if it did.

    At each position where knowing the partner would change the contractor's play,
    the bot given the referee's state must still play as the seat's view allows.
    """
    bot = RuleBasedPlayer()
    checked = 0
    for seed in range(30):
        state = new_game(Rules.five_player(), seed=seed)
        while (seat := state.to_act) is not None:
            partner, contract = state.partner, state.contract
            if (
                state.phase is Phase.PLAY
                and contract is not None
                and seat == contract.contractor
                and partner is not None
                and partner != seat
                and state.partner_card not in played_cards(state)
            ):
                seen = view(state, seat)
                assert seen.partner is None
                honest = bot.choose(seen, seat)
                knowing = bot.choose(attrs.evolve(seen, partner=partner), seat)
                if knowing != honest:
                    assert bot.choose(state, seat) == honest
                    checked += 1
            state = apply(state, bot.choose(state, seat))
    assert checked >= 1


def played_cards(state: GameState) -> set[Card]:
    return {a.card for a in state.actions if isinstance(a, PlayCard)}


def test_calls_the_highest_trump_it_lacks_in_the_five_player_game() -> None:
    rules = Rules.five_player()
    bot = RuleBasedPlayer()
    state = new_game(rules, seed=0)
    for seed in range(1, 40):
        state = new_game(rules, seed=seed)
        while state.phase in (Phase.BIDDING, Phase.DISCARD):
            seat = state.to_act
            assert seat is not None
            state = apply(state, bot.choose(state, seat))
        if state.phase is Phase.CALL_PARTNER:
            break
    assert state.phase is Phase.CALL_PARTNER
    contract, context = state.contract, state.play_context
    assert contract is not None
    assert context is not None
    assert isinstance(contract.bid, TrickBid)
    trump = contract.bid.strain.suit
    assert trump is not None  # the bots' contract here is in a suit
    seat = contract.contractor
    mine = {*state.hands[seat], *state.discards}
    lacking = [
        card
        for card in pack(rules)
        if card != JOKER and effective_suit(card, context) == trump and card not in mine
    ]
    best = max(lacking, key=lambda card: card_power(card, context, trump))
    assert bot.choose(view(state, seat), seat) == CallPartner(best)


# -- properties of the play over many positions -------------------------------------------


def _positions(rules: Rules, seed: int, hands: int) -> list[tuple[GameState, int]]:
    """Play positions where a rule-based player is to play (random opponents)."""
    players: list[Bot] = [
        RuleBasedPlayer() if seat % 2 == 0 else RandomPlayer(seed + seat)
        for seat in range(rules.players)
    ]
    found = []
    state = new_game(rules, seed=seed)
    for _ in range(hands):
        while state.to_act is not None:
            seat = state.to_act
            if state.phase is Phase.PLAY and seat % 2 == 0 and state.trick:
                found.append((state, seat))
            state = apply(state, players[seat].choose(state, seat))
        if state.phase is Phase.GAME_OVER:
            break
        state = next_hand(state)
    return found


def _winning(state: GameState) -> tuple[int, int]:
    context = state.play_context
    led = state.led_suit
    assert context is not None
    assert led is not None
    trick = state.trick
    index = trick_winner(trick, context, led)
    seats = view(state, 0).trick
    assert seats is not None
    return seats.seats[index], card_power(trick[index], context, led)


@pytest.mark.parametrize(
    "rules", [Rules(), Rules.three_player()], ids=["four", "three"]
)
def test_follows_by_the_rules_of_thumb(rules: Rules) -> None:
    checked = 0
    for state, seat in _positions(rules, seed=17, hands=30):
        contract, context, led = state.contract, state.play_context, state.led_suit
        assert contract is not None
        assert context is not None
        assert led is not None
        action = RuleBasedPlayer().choose(state, seat)
        assert isinstance(action, PlayCard)
        cards = [a.card for a in legal_actions(state) if isinstance(a, PlayCard)]
        winner, power = _winning(state)
        mine = card_power(action.card, context, led)
        if isinstance(contract.bid, MisereBid):
            if seat == contract.contractor:
                losing = [c for c in cards if card_power(c, context, led) < power]
                if losing:
                    assert mine < power
                    assert mine == max(card_power(c, context, led) for c in losing)
            continue
        partner = rules.partnerships and side_of(rules, winner) == side_of(rules, seat)
        beating = [c for c in cards if card_power(c, context, led) > power]
        if beating and not partner:
            assert mine == min(card_power(c, context, led) for c in beating)
            checked += 1
        elif partner:
            assert mine <= power or all(
                card_power(c, context, led) > power for c in cards
            )
    assert checked >= 5


def test_hand_strength_is_what_the_rule_based_player_bids_up_to() -> None:
    from five_hundred import Strain, hand_strength, parse_cards

    rules = Rules()
    for seed in range(30):
        state = new_game(rules, seed=seed)
        seat = state.to_act
        assert seat is not None
        action = RuleBasedPlayer().choose(state, seat)
        if isinstance(action, TrickBid):
            strength = hand_strength(state.hands[seat], action.strain, rules)
            assert action.tricks <= strength
            best = max(hand_strength(state.hands[seat], s, rules) for s in Strain)
            assert strength == best
    hand = parse_cards("JK JH JD AH KH QH 10S AS KC 4D")
    assert hand_strength(hand, Strain.HEARTS) > hand_strength(hand, Strain.SPADES)
    with pytest.raises(TypeError, match="use parse_cards"):
        hand_strength("JK JH", Strain.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Strain"):
        hand_strength(hand, "H")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Rules"):
        hand_strength(hand, Strain.HEARTS, 4)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="each card once"):
        hand_strength([*hand, hand[0]], Strain.HEARTS)
