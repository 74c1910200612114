"""The core of a game server: one table, moves from the players' connections.

The page "Write a game server" of the documentation walks through this code.  A
:class:`Table` holds the one true state of a game; :meth:`Table.receive` takes a
message from a connection (the seat it claims and the text typed) and answers with a
dict that is ready to send back as JSON; :meth:`Table.views` gives what to send to
each seat and to the spectators.  Everything a client sends is checked before it
reaches the game: a connection may send anything.

Run it to see a few exchanges, hostile ones among them.
"""

import json
from typing import Any, Final

from five_hundred import (
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidNotationError,
    apply,
    new_game,
    parse_action,
    record,
    view,
)

MAX_TEXT: Final = 200
"""The longest move text read (the longest action is about 20 characters)."""


def refused(code: str, reason: str) -> dict[str, Any]:
    """The reply to a message that did not move."""
    return {"ok": False, "code": code, "reason": reason}


class Table:
    """One game: the state, and the messages for each seat."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def receive(self, seat: object, text: object) -> dict[str, Any]:
        """A player's move, as typed; the reply for that player (a dict).

        ``seat`` and ``text`` come from the client as they are (decoded JSON: any
        value).  Nothing but a legal move from the seat to act changes the state.
        """
        players = self.state.rules.players
        if seat is None:
            return refused("spectator", "a spectator cannot act")
        if type(seat) is not int or not 0 <= seat < players:  # a bool is not a seat
            return refused("bad-seat", f"not a seat: seats are 0 to {players - 1}")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            return refused(
                "bad-message", f"a move is text of at most {MAX_TEXT} characters"
            )
        try:
            action = parse_action(text, context=view(self.state, seat))
            self.state = apply(self.state, action, seat=seat)
        except (InvalidNotationError, IllegalActionError) as error:
            return refused(error.code, error.reason)
        return {"ok": True, "moved": str(action)}

    def views(self) -> dict[int | str, str]:
        """What to send to each seat, and to spectators, as JSON."""
        seats = range(self.state.rules.players)
        messages: dict[int | str, str] = {
            seat: json.dumps(view(self.state, seat).to_dict()) for seat in seats
        }
        messages["spectators"] = json.dumps(view(self.state, None).to_dict())
        return messages

    def save(self) -> str:
        """The table as a JSON record, with the server's own data in its metadata."""
        return record(self.state, metadata={"server": "example"}).to_json()

    @classmethod
    def resume(cls, saved: str) -> "Table":
        """The table of a saved record (checked as it is loaded)."""
        return cls(GameRecord.from_json(saved).replay())


def main() -> None:
    table = Table(new_game(seed=1))
    for seat, text in [
        (1, "7h"),
        (None, "pass"),  # a spectator's connection
        (True, "pass"),  # not a seat: True is not seat 1
        ("2", "pass"),
        (9, "pass"),
        (2, ["pass"]),
        (2, "seven hearts"),
        (2, "pass"),
    ]:
        print(repr(seat), repr(text), "->", table.receive(seat, text))
    resumed = Table.resume(table.save())
    print("resumed equal:", resumed.state == table.state)


if __name__ == "__main__":
    main()
