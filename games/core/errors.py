"""One error hierarchy for the whole project.

Every error a user can cause derives from :class:`CardtableError`, so the CLI can print
one clear line (exit status 2) and the TUI a notification, without ever showing a traceback.
"""

from __future__ import annotations

INPUT_SHOWN = 40  # characters of a player's or a file's input that a message repeats
RULE_SHOWN = 300  # characters of a refusal's reason (which may repeat input too)


def cut_input(text: object, most: int = INPUT_SHOWN) -> str:
    """Input that a message repeats, cut to a readable length: the start, then how long it was
    (``xxxx… (100,000 characters)``).  Never the whole of a 100,000-character line."""
    text = str(text)
    if len(text) <= most:
        return text
    return f"{text[: max(1, most - 1)]}… ({len(text):,} characters)"


class CardtableError(Exception):
    """Root of every error the project raises on purpose."""


class IllegalActionError(CardtableError, ValueError):
    """An action that the rules forbid; the message names the action, the seat and the rule.

    Example: ``"7C is not legal for seat 2: you must follow hearts (you hold 9H)"``.  The message
    numbers seats from 1, as the table names them (``seat`` itself is the index, from 0).
    """

    def __init__(self, action: str, seat: int | None, rule: str) -> None:
        self.action = cut_input(action)  # the input as typed or sent: cut to a readable length
        self.seat = seat
        self.rule = cut_input(rule, RULE_SHOWN)
        action, rule = self.action, self.rule
        who = f"seat {seat + 1}" if seat is not None else "anyone"
        super().__init__(f"{action} is not legal for {who}: {rule}")


class BadOptionError(CardtableError, ValueError):
    """An unknown option, a value of the wrong type or out of range, or a bad seat count."""


class UnknownGameError(CardtableError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want a plain sentence
        return str(self.args[0]) if self.args else "unknown game"


class BadRecordError(CardtableError, ValueError):
    """A record (saved game or match log) that is corrupt, tampered with or does not replay."""


class BadNotationError(CardtableError, ValueError):
    """Text that is not a card or action in our notation."""


class ProtocolError(CardtableError, ValueError):
    """A malformed or hostile network message."""
