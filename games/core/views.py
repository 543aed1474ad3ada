"""The values a game hands out: events, plays, tricks, outcomes and the seat view.

- :class:`SeatView`: exactly what one seat may know; bots, the TUI and network clients only
  ever see views.  :func:`make_view` builds one fast (a game's ``view()``);
  :class:`PlayoutView` is the view without the table's words that bots read in their playouts.
- :class:`Event`: things that happened (a card played, a trick won, a hand scored), each
  either public or private to one seat; :func:`make_event` builds one faster (hot paths).
- :class:`Play` / :class:`TrickResult`: a trick as the table shows it.
- :class:`Outcome`: the final result of a match.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field
from typing import Any, NamedTuple, TypeVar

from .actions import Action
from .cards import Card
from .errors import ProtocolError
from .viewdata import NO_EXTRA

T = TypeVar("T")
V = TypeVar("V", bound="SeatView")


class Event(NamedTuple):
    """Something that happened.  ``visible_to`` None means public; otherwise only that seat sees it.

    Texts name seats as ``{p0}``, ``{p1}`` ...; :meth:`render` fills in the players' names.
    ``kind`` is one of: ``deal``, ``play``, ``trick``, ``bid``, ``info``, ``hand`` (a hand was
    scored: ``lines`` explains every score), ``match`` (the match ended).

    A named tuple (immutable, compared by value) rather than a frozen dataclass: one is made for
    nearly every action, and a tuple is made in a third of the time.
    """

    kind: str
    text: str
    seat: int | None = None
    visible_to: int | None = None
    cards: tuple[Card, ...] = ()
    lines: tuple[str, ...] = ()
    hand: int = 0

    def render(self, names: Sequence[str]) -> str:
        """The text with seat placeholders ``{p0}``, ``{p1}`` ... replaced by names."""
        return render_seats(self.text, names)

    def render_lines(self, names: Sequence[str]) -> list[str]:
        return [render_seats(line, names) for line in self.lines]


_new_tuple = tuple.__new__


def make_event(
    kind: str,
    text: str,
    seat: int | None,
    visible_to: int | None,
    cards: tuple[Card, ...],
    lines: tuple[str, ...],
    hand: int,
) -> Event:
    """The same as ``Event(kind, text, seat, visible_to, cards, lines, hand)``, faster (every
    argument given, no defaults filled in: hot paths)."""
    return _new_tuple(Event, (kind, text, seat, visible_to, cards, lines, hand))


_SEAT_TOKEN = re.compile(r"\{p(\d+)\}")


def render_seats(text: str, names: Sequence[str]) -> str:
    """Replace the seat placeholders ``{p0}``, ``{p1}`` ... of an event text, outcome reason or
    score line by the players' names."""

    def name(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if i < len(names) else f"seat {i}"

    return _SEAT_TOKEN.sub(name, text)


@dataclass(frozen=True, slots=True)
class Play:
    """One seat's contribution to a trick: usually one card, two in Simple Strange."""

    seat: int
    cards: tuple[Card, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class TrickResult:
    plays: tuple[Play, ...]
    winner: int | None  # None: the trick was drawn or abandoned
    note: str = ""


@dataclass(frozen=True)
class Outcome:
    """The final result of a match: per-seat scores, the winning seat(s) and why."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    lines: tuple[str, ...] = ()
    teams: tuple[tuple[int, ...], ...] = ()  # partnerships: a team's seats win together (not shared)

    @property
    def is_shared(self) -> bool:
        """True when the win is shared: several seats, or with teams, several teams (a draw)."""
        if self.teams:
            return sum(1 for t in self.teams if set(t) & set(self.winners)) > 1
        return len(self.winners) > 1


@dataclass(frozen=True, slots=True)
class InfoLine:
    """One line of a game's table information, ``Pot: 12``.  ``key`` is stable and never shown
    (a panel that draws the pot itself leaves the scoreboard's line out by its key); ``label``
    and ``value`` are the words shown, where ``{p0}`` ... name seats."""

    key: str
    label: str
    value: str


@dataclass(frozen=True)
class SeatView:
    """Exactly what one seat may know now (seat None: the public view of a spectator).

    Generic fields cover every trick game; ``info`` holds extra scoreboard lines (pot, stock,
    bags...) and ``extra`` the game's own typed view data for its bot and optional panel (grids,
    trump pile): a frozen dataclass registered with :func:`~games.core.viewdata.view_data`, read
    through :meth:`data` only (``extra`` is typed ``object`` so that a direct read does not check).
    """

    game: str
    seat: int | None
    num_seats: int
    phase: str
    to_act: int | None
    dealer: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[Play, ...]
    last_trick: TrickResult | None
    trump: str
    up_cards: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[float, ...]
    bids: tuple[str, ...]
    status: tuple[str, ...]
    legal: tuple[Action, ...]
    hand_number: int
    events: tuple[Event, ...]
    info: tuple[InfoLine, ...] = ()
    #: the game's typed view data (games.core.viewdata), read through :meth:`data` only
    extra: object = NO_EXTRA
    outcome: Outcome | None = None
    prompt: str = ""
    teams: tuple[tuple[int, ...], ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    sitting_out: tuple[int, ...] = ()  # seats sitting this hand out (a loner's partner): no cards, no turns
    clockwise: bool = True  # the direction of play; False: to the right, counter-clockwise (Agram)
    #: the game's words for each of ``legal``, in the same order (see :meth:`GameState.label`)
    labels: tuple[str, ...] = ()
    #: every seat's hand, only in a watcher's view of a table of bots (``cardtable watch --open``);
    #: a game's own views never fill it
    open_hands: tuple[tuple[Card, ...], ...] = ()
    #: the seat's own decision is a mere formality (its one legal action): the notice a person's
    #: table shows while it answers by itself, "" otherwise (see :meth:`GameState.formality`)
    formality: str = ""

    def data(self, cls: type[T]) -> T:
        """The game's typed view data (``extra``), checked to be a ``cls``: the one way panels,
        hints and bots read it (``view.data(GridView)``); ``view.data(object)`` is whatever the
        view holds, for code that serves every game (the wire, a generic panel).  ProtocolError
        naming the game and both classes when the view holds other data (a peer that sent another
        game's data, or none)."""
        if not isinstance(self.extra, cls):
            raise ProtocolError(
                f"this view of {self.game} holds {type(self.extra).__name__} data, not {cls.__name__}"
            )
        return self.extra

    def info_value(self, key: str) -> str | None:
        """The value of the info line ``key`` (None when the view has no such line)."""
        return next((line.value for line in self.info if line.key == key), None)

    def label_of(self, action: Action) -> str:
        """The game's words for one of this view's legal actions (its generic caption otherwise)."""
        for a, words in zip(self.legal, self.labels):
            if a is action or a.text == action.text:
                return words
        return action.label

    @property
    def is_my_turn(self) -> bool:
        return self.seat is not None and self.to_act == self.seat

    @property
    def my_seat(self) -> int:
        """The view's seat, for code that only ever gets a seat's view (a bot); ValueError for a
        spectator's view."""
        if self.seat is None:
            raise ValueError("a spectator's view has no seat")
        return self.seat

    @property
    def is_over(self) -> bool:
        return self.outcome is not None


#: the number of a SeatView's fields, and the defaults of those that have one (make_view fills them in)
_VIEW_SIZE = len(SeatView.__dataclass_fields__)
_VIEW_DEFAULTS = {n: f.default for n, f in SeatView.__dataclass_fields__.items() if f.default is not MISSING}
_VIEW_FACTORIES = {
    n: f.default_factory for n, f in SeatView.__dataclass_fields__.items() if f.default_factory is not MISSING
}
_new = object.__new__
_set = object.__setattr__


def make_view(fields: dict[str, Any]) -> SeatView:
    """The :class:`SeatView` ``SeatView(**fields)`` makes, equal to it in every way, in about a
    quarter of the time: the frozen dataclass's ``__init__`` sets each of its thirty fields
    through ``object.__setattr__``, and a game's ``view()`` runs at every decision of every
    playout of the search bots (they judge a move by playing the heuristic out, and the
    heuristic reads a view).  A field without a default must be given; TypeError when a field
    is missing or a name is not a field (tests hold every game's views to the constructor's)."""
    return _made(SeatView, _VIEW_DEFAULTS, (), fields)


def _made(cls: type[V], defaults: dict[str, Any], left_out: tuple[str, ...], fields: dict[str, Any]) -> V:
    """A ``cls`` (SeatView or PlayoutView) holding ``fields`` over ``defaults``, every field of a
    SeatView but those ``left_out``; TypeError naming the fields that are missing or wrong."""
    state = {**defaults, **fields}
    for name, factory in _VIEW_FACTORIES.items():
        if name not in state:
            state[name] = factory()
    if len(state) != _VIEW_SIZE - len(left_out) or not state.keys().isdisjoint(left_out):
        wrong = set(state) ^ (set(SeatView.__dataclass_fields__) - set(left_out))
        raise TypeError(f"a {cls.__name__}'s fields are wrong: {', '.join(sorted(wrong))}")
    view = _new(cls)
    _set(view, "__dict__", state)
    return view


#: the fields that only a person reads: the table's words (no bot reads them)
WORDS = ("info", "labels", "prompt", "formality")


class _Unsaid:
    """A field of :class:`PlayoutView` that is not built: reading it is an error, never a blank."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, view: object, owner: type | None = None) -> Any:
        if view is None:
            return self
        raise LookupError(
            f"a playout's view has no {self.name}: the table's words are built only for a person's "
            "view (GameState.view); a bot reads cards, plays, scores and the game's data"
        )

    def __set__(self, view: object, value: Any) -> None:
        raise AttributeError(f"cannot assign field {self.name!r}")


class PlayoutView(SeatView):
    """The view a bot's playout reads (``GameState.playout_view``): every field of the seat's
    view but the table's words (:data:`WORDS`: info lines, the choices' labels, the prompt, the
    formality notice), which take a view a quarter of its time to write and which no bot reads.
    Reading one of them raises LookupError, so a bot that comes to need them says so at once
    instead of playing on blanks.  Made only inside a bot's look-ahead, never sent to a table."""

    info = _Unsaid()
    labels = _Unsaid()
    prompt = _Unsaid()
    formality = _Unsaid()

    def __eq__(self, other: object) -> bool:
        if type(other) is not PlayoutView:
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PlayoutView({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"


_PLAYOUT_DEFAULTS = {k: v for k, v in _VIEW_DEFAULTS.items() if k not in WORDS}


def make_playout_view(fields: dict[str, Any]) -> PlayoutView:
    """:func:`make_view` for a :class:`PlayoutView`: every field but the table's words."""
    return _made(PlayoutView, _PLAYOUT_DEFAULTS, WORDS, fields)
