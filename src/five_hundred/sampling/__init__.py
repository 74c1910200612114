"""A sampling player, a duplicate-match harness and a bid advisor, on the solver.

:class:`SamplingPlayer` (:mod:`.sampling.player`) bids by simulation (it deals the
unseen cards to fit the auction, plays each deal out with the rule-based player's card
play and bids what scores best on average), plays the early tricks by rollouts (sampled
deals played out after each legal card by the same policy) and the end of the hand by
perfect-information Monte Carlo (PIMC): it draws deals consistent with what its seat
knows (:func:`~five_hundred.search.resample.resample`), solves each one double-dummy
(:mod:`five_hundred.search.solver`) and plays the card with the best expected result
over the samples.  :func:`duplicate_match` (:mod:`.sampling.match`) plays two players
against each other on the same deals with the seats swapped; :func:`advise_bids`
(:mod:`.sampling.advice`) estimates, for a hand, each bid's chance of being made and its
expected score from sampled deals solved double-dummy.  This package only re-exports
them.

>>> from five_hundred import Phase, RuleBasedPlayer, new_game
>>> from five_hundred.sampling import SamplingPlayer, duplicate_match
>>> result = duplicate_match(SamplingPlayer(seed=1), RuleBasedPlayer(), deals=1, seed=4)
>>> result.deals, len(result.differences)
(1, 1)
"""

from five_hundred.sampling.advice import BidAdvice, advise_bids
from five_hundred.sampling.match import MatchResult, duplicate_match
from five_hundred.sampling.player import LEVELS as LEVELS
from five_hundred.sampling.player import ROLLOUTS as ROLLOUTS
from five_hundred.sampling.player import ActionValue, SamplingPlayer

__all__ = [
    "ActionValue",
    "BidAdvice",
    "MatchResult",
    "SamplingPlayer",
    "advise_bids",
    "duplicate_match",
]
