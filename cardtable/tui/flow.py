"""The table's flow, without Textual: whose screen is up, when a hand's summary is due, what a
picked card means, and how long a message lives.

The table screen (:mod:`cardtable.tui.screens.table`) asks :class:`TableFlow` what to do after
every update and draws the answer; everything decided here is tested without a terminal
(tests/tui/test_flow.py).

Messages belong to their moment.  A hint, a refusal or a notice answers one decision: it is
said against the :func:`moment` of the view then shown, and it is gone as soon as the table
shows another moment (the decision made, another player's move, a new hand, the match over).
There is one message at a time (:class:`MessageBoard`): a repeated key updates it instead of
stacking another, and the screen draws it in its own place, never over the prompt, the
choices or the cards.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from cardtable.seat_handle import AwaySeat, SeatHandle
from games.core import Action, Card, Event, Play, SeatView, TrickResult

Severity = Literal["information", "warning", "error"]


def moment(view: SeatView) -> Hashable:
    """What a message answers: the decision on the table in ``view``.  Any move, a new hand,
    another seat's turn or the end of the match makes a different moment."""
    return (
        view.hand_number,
        view.phase,
        view.to_act,
        view.is_over,
        len(view.events),
        view.trick,
        view.hand,
        tuple(a.text for a in view.legal),
    )


@dataclass(frozen=True)
class Note:
    """One message: its words, a title, how serious it is, and the moment it belongs to."""

    text: str
    title: str = ""
    severity: Severity = "information"
    #: None: a note about the table, not a decision (a bot failed): it goes with its time only
    moment: Hashable = None
    #: when it goes by itself (a clock's seconds), None: with its moment only
    until: float | None = None


class MessageBoard:
    """The one message of a table screen.  Saying something replaces what was said; a message
    is shown only while the table is at the moment it was said for (and before its ``until``)."""

    def __init__(self) -> None:
        self.note: Note | None = None

    def say(
        self,
        text: str,
        moment: Hashable,
        *,
        title: str = "",
        severity: Severity = "information",
        until: float | None = None,
    ) -> Note:
        self.note = Note(text, title, severity, moment, until)
        return self.note

    def shown(self, now_moment: Hashable, now: float) -> Note | None:
        """The message to show at ``now_moment`` and time ``now``; a message whose moment has
        passed (or whose time is up) is dropped for good."""
        note = self.note
        if note is None:
            return None
        if (note.moment is not None and note.moment != now_moment) or (
            note.until is not None and now >= note.until
        ):
            self.note = note = None
        return note

    def clear(self) -> None:
        self.note = None


# -- what comes next ------------------------------------------------------------------------


@dataclass(frozen=True)
class HandOff:
    """Hot-seat: hide the table until ``handle``'s player confirms."""

    handle: SeatHandle


@dataclass(frozen=True)
class BotsPlaying:
    """Hot-seat with no human chosen yet: show no hand while the bots play."""

    view: SeatView


@dataclass(frozen=True)
class Show:
    """Draw ``view`` for the active player; then show the hand's summary when ``summary`` (once
    the final trick has been seen), or the match's end when ``over``."""

    view: SeatView
    summary: bool = False
    over: bool = False


Step = HandOff | BotsPlaying | Show


@dataclass(frozen=True)
class Summary:
    """A hand's scoring event and the last trick before it (shown with the summary)."""

    event: Event
    last_trick: Event | None


def _last_hand(view: SeatView) -> Event | None:
    return next((e for e in reversed(view.events) if e.kind == "hand"), None)


class TableFlow:
    """The state of the table screen's flow (never the game's: that is in the views).

    ``handles`` are the local seats shown on this screen (several: hot-seat); ``active`` is the
    one whose view is drawn, None while a hand-off is due or only bots play."""

    def __init__(self, handles: Sequence[SeatHandle], first: SeatView) -> None:
        self.handles = list(handles)
        self.active: SeatHandle | None = self.handles[0] if len(self.handles) == 1 else None
        # the last hand summary seen: a view carries only this hand's and the previous hand's
        # events, so a count of hand events stops growing after the second hand
        self.hand_seen = _last_hand(first)
        self.summary_due: Summary | None = None
        self.dismissed_trick: TrickResult | None = None  # a finished trick taken off the table
        self.choice_card: Card | None = None  # a picked card that can be played several ways
        self.messages = MessageBoard()

    @property
    def networked(self) -> bool:
        return bool(self.handles) and self.handles[0].networked

    def handle_for(self, seat: int | None) -> SeatHandle | None:
        return next((h for h in self.handles if h.seat == seat), None)

    def step(self, probe: SeatView) -> Step:
        """What to do with ``probe`` (the latest view of the active, or first, handle)."""
        nxt = self.handle_for(probe.to_act)
        if nxt is not None and nxt is not self.active and len(self.handles) > 1:
            self.active = None
            self.messages.clear()  # nothing of one player's turn may reach the next player
            return HandOff(nxt)
        if self.active is None:
            return BotsPlaying(probe)
        last = _last_hand(probe)
        if last is not None and last != self.hand_seen:
            self.hand_seen = last
            end = probe.events.index(last)
            trick = next((e for e in reversed(probe.events[:end]) if e.kind == "trick"), None)
            self.summary_due = Summary(last, trick)
        if self.summary_due is not None:
            return Show(probe, summary=True)
        return Show(probe, over=probe.is_over)

    def hand_to(self, handle: SeatHandle) -> None:
        """The named player has confirmed the hand-off."""
        self.active = handle

    # -- the trick on the table ----------------------------------------------------------
    def final_trick_up(self, view: SeatView) -> bool:
        """True while a finished trick is still shown (no card of the next one played yet)."""
        return not view.trick and view.last_trick is not None and view.last_trick is not self.dismissed_trick

    def trick_shown(self, view: SeatView) -> tuple[tuple[Play, ...], int | None]:
        """(plays, winner) to draw: the trick being played, or the finished one still up."""
        if self.final_trick_up(view):
            assert view.last_trick is not None
            return view.last_trick.plays, view.last_trick.winner
        return view.trick, None

    def dismiss_trick(self, view: SeatView) -> bool:
        """A key takes the finished trick off the table; True when there was one."""
        if self.final_trick_up(view):
            self.dismissed_trick = view.last_trick
            return True
        return False

    def take_summary(self, view: SeatView | None) -> Summary | None:
        """The summary due now (then it is no longer due); the hand's final trick is seen."""
        due, self.summary_due = self.summary_due, None
        if due is not None and view is not None and view.last_trick is not None:
            self.dismissed_trick = view.last_trick  # the new hand starts on a clear table
        return due

    # -- the player's choices --------------------------------------------------------------
    def buttons(self, view: SeatView) -> list[Action]:
        """Non-card decisions, plus the ways to play the picked card when it has several."""
        ways = [a for a in view.legal if a.card is not None and a.card is self.choice_card]
        if len(ways) < 2:
            self.choice_card = None
            ways = []
        return [a for a in view.legal if a.card is None] + ways

    def point_at(self, view: SeatView, card: Card) -> bool:
        """The cursor rests on ``card``: when it can be played several ways (Page One's call or
        silence, Simple Strange's two slots), its ways are offered at once, before any Enter.
        True when the choices on offer changed."""
        ways = sum(1 for a in view.legal if a.card is card) > 1
        wanted = card if ways else None
        if wanted is self.choice_card:
            return False
        self.choice_card = wanted
        return True

    def pick(self, view: SeatView, card: Card) -> str | None:
        """A card picked in the hand: the action to send, or None when the card can be played
        several ways (its ways become buttons, see :meth:`buttons`)."""
        matching = [a for a in view.legal if a.card is card]
        if len(matching) > 1:
            self.choice_card = card
            return None
        if matching:
            return matching[0].text
        kinds = {a.kind for a in view.legal if a.card is not None}
        kind = next(iter(kinds)) if len(kinds) == 1 else "play"
        return card.text if kind == "play" else f"{kind} {card.text}"  # refused with the rule's reason

    def why_not_act(self, view: SeatView, names: Sequence[str]) -> str | None:
        """Why the shown player cannot decide now (None: they can)."""
        if view.seat is None:
            return "You are watching this table: spectators cannot play"
        if view.is_over:
            return "The match is over"
        if view.to_act is not None and view.to_act != view.seat:
            return f"Wait: it is {seat_name(names, view.to_act)}'s turn"
        return None


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def away_words(away: AwaySeat) -> str:
    """ "a bot plays for Ann", "Ann is away (held 4:32)", "Ann is away" or "Ann has not joined yet"."""
    if away.stand_in:
        return f"a bot plays for {away.name}"
    if not away.joined:
        return f"{away.name} has not joined yet"
    if away.held:
        minutes, seconds = divmod(int(away.held + 0.999), 60)
        return f"{away.name} is away (held {minutes}:{seconds:02d})"
    return f"{away.name} is away"


def waiting_for(seat: int, names: Sequence[str], away: Sequence[AwaySeat], bots: Sequence[int]) -> str:
    """ "waiting for Ann…", or why Ann does not play: away (held m:ss), or a bot thinks for her."""
    gone = next((x for x in away if x.seat == seat), None)
    if gone is not None:
        return away_words(gone)
    if seat in bots:
        return f"{seat_name(names, seat)} is thinking…"  # bots think in a worker thread (issue 13)
    return f"waiting for {seat_name(names, seat)}…"
