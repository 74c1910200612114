"""Game records: save a game as JSON or as text, load it back and replay it.

:func:`record` turns a :class:`~five_hundred.state.GameState` into a frozen
:class:`GameRecord`: the rules (every option), the game's seed, and for each hand the
dealer, the deal (every hand, the dead hand of the two-player game, the kitty), every
action and the scores.  :meth:`GameRecord.replay` rebuilds the game from it.

>>> from five_hundred import GameRecord, apply, new_game, next_hand, parse_action, record
>>> state = new_game(seed=5)
>>> for text in ["PASS", "PASS", "PASS", "PASS"]:  # thrown in
...     state = apply(state, parse_action(text))
>>> state = next_hand(state)
>>> for text in ["6S", "PASS", "PASS", "PASS", "DISCARD 6S 5C 7C"]:
...     state = apply(state, parse_action(text))
>>> saved = record(state)
>>> GameRecord.from_json(saved.to_json()) == saved
True
>>> GameRecord.from_text(saved.to_text()) == saved
True
>>> saved.replay() == state
True

The text form is meant to be read (and written) by people:

>>> print(saved.to_text())  # doctest: +ELLIPSIS
# five_hundred game record
[Rules]
players = 4
<BLANKLINE>
[Game]
seed = 5
<BLANKLINE>
[Hand 1]
Dealer: 0
Seat 0: ...
Kitty: ...
Calls: PASS PASS PASS PASS
Result: 0 0
Scores: 0 0
<BLANKLINE>
[Hand 2]
Dealer: 1
...
Calls: 6S PASS PASS PASS
Discard: 6S 5C 7C
Scores: 0 0
<BLANKLINE>

Loading checks everything, because records come from files and other programs; the
errors are those of the library (each a :class:`~five_hundred.errors.FiveHundredError`
and a :class:`ValueError`):

- :class:`~five_hundred.errors.InvalidNotationError`: the input is not a record
  (not JSON, a missing or unknown key, a value of the wrong type, a card or action
  that is not notation);
- :class:`~five_hundred.errors.RulesConfigError`: the rules in the record (an unknown
  option, a value of the wrong type, an inconsistent combination);
- :class:`~five_hundred.errors.InvalidStateError`: content that cannot happen (a card
  twice, a hand of nine cards, a deal that does not match the seed, a dealer out of
  turn, scores that do not add up);
- :class:`~five_hundred.errors.IllegalActionError` (the same subclass that
  :func:`~five_hundred.state.apply` raises): an action the rules forbid, with the
  hand and the action's number in front of the reason.

>>> GameRecord.from_json('{"format": "five_hundred record"}')
Traceback (most recent call last):
...
five_hundred.errors.InvalidNotationError: invalid record: missing key(s) 'version', 'rules', 'seed', 'hands'

The package has one module per job; everything above is importable from here:

- :mod:`~five_hundred.records.model`: the values, :class:`GameRecord`,
  :class:`HandRecord` and :func:`record`;
- :mod:`~five_hundred.records.json_form`: the JSON form, written and read;
- :mod:`~five_hundred.records.text_form`: the text form, written and read;
- :mod:`~five_hundred.records.validate`: the checks of untrusted input, and the
  replay that turns a record into states.
"""

from five_hundred.records.json_form import FORMAT, VERSION
from five_hundred.records.model import GameRecord, HandRecord, record

__all__ = ["FORMAT", "VERSION", "GameRecord", "HandRecord", "record"]
