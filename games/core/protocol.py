"""The GameState protocol that every game implements, and the values it hands out.

- :class:`Option` / :class:`Rules`: a game's identity, seat range and declared options.
- :class:`GameState`: the whole match (hands inside it).  ``to_act``, ``legal_actions()``,
  ``apply()``, ``view(seat)``, ``is_over``, ``outcome()``, ``history``, ``clone()``.
- :class:`SeatView`: exactly what one seat may know; bots, the TUI and network clients only
  ever see views.
- :class:`Event`: things that happened (a card played, a trick won, a hand scored), each
  either public or private to one seat.

Contract for subclasses: keep mutable state in plain lists, dicts and sets of immutable
values (cards and actions are interned), so :meth:`GameState.clone` can copy it without
``deepcopy``; draw randomness only from ``self.rng``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, normalize
from .cards import Card
from .errors import BadNotationError, BadOptionError, IllegalActionError

# copy kinds for GameState._COPY (see there)
LIST, LISTS, DEEP, SHARED = "list", "lists", "deep", "shared"

# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """A declared game option.  The type comes from the default (bool, int or str).

    ``choices`` restricts str (or int) values; ``minimum``/``maximum`` bound ints.  ``None`` as
    a choice (e.g. "no cap") is written ``none`` on the command line.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        if self.choices is not None:
            return ", ".join("none" if c is None else str(c).lower() for c in self.choices)
        if isinstance(self.default, bool):
            return "true, false"
        if isinstance(self.default, int):
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"a whole number {lo}..{hi}".rstrip(".") if (lo or hi) else "a whole number"
        return "any text"

    def parse(self, value: Any) -> Any:
        """Convert a native or string value and check it; raise BadOptionError naming the option."""
        v = self._convert(value)
        if self.choices is not None and v not in self.choices:
            raise BadOptionError(f"option {self.name}={_show(value)} is not allowed: use {self.allowed()}")
        if isinstance(v, int) and not isinstance(v, bool):
            if (self.minimum is not None and v < self.minimum) or (self.maximum is not None and v > self.maximum):
                raise BadOptionError(f"option {self.name}={_show(value)} is out of range: use {self.allowed()}")
        return v

    def _convert(self, value: Any) -> Any:
        """The value as the option's type (bool, int or text, from the default or else the
        choices).  Text is read as typed on a command line; any other value must already have
        the right type, whatever its source (API, record, network): 33.0, True or 5 for a text
        option are refused here, never left to fail later inside a game."""
        if isinstance(value, str):
            return self._from_text(value)
        if value is None and self.choices is not None and None in self.choices:
            return None
        kind = self._kind()
        if kind is bool and not isinstance(value, bool):
            raise BadOptionError(f"option {self.name}={_brief(value)} is not allowed: use true or false")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise BadOptionError(f"option {self.name}={_brief(value)} is not a number: use {self.allowed()}")
        if kind is str:
            problem = "is not allowed" if self.choices else "is not text"
            raise BadOptionError(f"option {self.name}={_brief(value)} {problem}: use {self.allowed()}")
        return value

    def _kind(self) -> type:
        """bool, int or str: the type of the default, or of the choices when the default is None."""
        for t in (bool, int, str):
            if isinstance(self.default, t):
                return t
        return int if self.choices and _all_int(self.choices) else str

    def _from_text(self, value: str) -> Any:
        """A value typed as text (command line, setup form): ``none``, ``yes``, ``12``, a choice in any case."""
        text = value.strip().lower()
        if text in ("none", "off") and self.choices is not None and None in self.choices:
            return None
        kind = self._kind()
        if kind is bool:
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise BadOptionError(f"option {self.name}={_brief(value)} is not allowed: use true or false")
        if kind is int:
            try:
                return int(text)
            except ValueError:  # not digits, or too many of them
                raise BadOptionError(f"option {self.name}={_brief(value)} is not a number: use {self.allowed()}") from None
        for c in self.choices or ():
            if isinstance(c, str) and c.lower() == text:
                return c
        return value.strip()


def _all_int(values: Sequence[Any]) -> bool:
    return all(isinstance(c, int) and not isinstance(c, bool) for c in values if c is not None)


def _show(value: Any) -> str:
    return _cut(value) if isinstance(value, str) else _brief(value)


def _brief(value: Any) -> str:
    """``repr(value)`` cut to a readable length; safe for ints too long to print."""
    try:
        return _cut(repr(value))
    except ValueError:  # an int beyond Python's digit limit for str()
        return f"<a number of about {int(value.bit_length() * 0.30103)} digits>"


def _cut(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _plain(value: Any) -> str:
    """An option value as typed on the command line: ``none``, ``true``, ``50``."""
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


# ---------------------------------------------------------------- values handed out


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened.  ``visible_to`` None means public; otherwise only that seat sees it.

    Texts name seats as ``{p0}``, ``{p1}`` ...; :meth:`render` fills in the players' names.
    ``kind`` is one of: ``deal``, ``play``, ``trick``, ``bid``, ``info``, ``hand`` (a hand was
    scored: ``lines`` explains every score), ``match`` (the match ended).
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


# Event(...) sets each field through the frozen dataclass's object.__setattr__; make_event fills
# the slots through their descriptors instead, about twice as fast (one event per action).
_SET_KIND, _SET_TEXT, _SET_SEAT, _SET_VISIBLE, _SET_CARDS, _SET_LINES, _SET_HAND = (
    Event.__dict__[f].__set__ for f in ("kind", "text", "seat", "visible_to", "cards", "lines", "hand"))


def make_event(kind: str, text: str, seat: int | None, visible_to: int | None, cards: tuple[Card, ...],
               lines: tuple[str, ...], hand: int) -> Event:
    """The same as ``Event(kind, text, seat, visible_to, cards, lines, hand)``, faster."""
    e = object.__new__(Event)
    _SET_KIND(e, kind)
    _SET_TEXT(e, text)
    _SET_SEAT(e, seat)
    _SET_VISIBLE(e, visible_to)
    _SET_CARDS(e, cards)
    _SET_LINES(e, lines)
    _SET_HAND(e, hand)
    return e


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


@dataclass(frozen=True)
class SeatView:
    """Exactly what one seat may know now (seat None: the public view of a spectator).

    Generic fields cover every trick game; ``info`` holds extra scoreboard lines (pot, stock,
    bags...) and ``extra`` structured data for optional per-game panels (grids, trump pile).
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
    info: tuple[tuple[str, str], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
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
    def is_over(self) -> bool:
        return self.outcome is not None


# ---------------------------------------------------------------- rules and state


class Rules:
    """A game: identity, seat range, options and the factory for a new match.

    Subclasses set the class attributes and ``state_class``; ``check(num_seats, options)``
    may add cross-option checks (raise BadOptionError).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]  # one line for `cardtable list`
    summary: ClassVar[str]  # our own rules summary for `cardtable rules` and in-game help
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    default_seats: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type["GameState"]]
    hand_word: ClassVar[str] = "Hand"  # what the table calls one deal ("Game" in Agram and Page One)

    def option(self, name: str) -> Option:
        """The declared option ``name``, in any case, with ``-``, ``_`` or spaces alike."""
        if not isinstance(name, str):
            raise BadOptionError(f"option name {_brief(name)} is not text")
        key = "_".join(name.strip().lower().replace("-", " ").replace("_", " ").split())
        for o in self.options:
            if o.name == key:
                return o
        known = ", ".join(o.name for o in self.options) or "none"
        raise BadOptionError(f"unknown option {name!r} for {self.name}: its options are {known}")

    def resolve_options(self, num_seats: int, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with ``given`` (names may use - or _), each validated."""
        self.check_seats(num_seats)
        resolved = {o.name: o.default for o in self.options}
        if given is not None and not isinstance(given, Mapping):
            raise BadOptionError(f"options must be a mapping of option names to values, not {_brief(given)}")
        for raw_name, value in (given or {}).items():
            opt = self.option(raw_name)
            resolved[opt.name] = opt.parse(value)
        self.check(num_seats, resolved)
        return resolved

    def check_seats(self, num_seats: int) -> None:
        if not isinstance(num_seats, int) or not self.min_seats <= num_seats <= self.max_seats:
            span = (f"{self.min_seats}" if self.min_seats == self.max_seats else f"{self.min_seats} to {self.max_seats}")
            raise BadOptionError(f"{self.title} is for {span} players, not {_brief(num_seats)}")

    def check(self, num_seats: int, options: dict[str, Any]) -> None:
        """Cross-checks between options and the seat count; override to add some."""

    def require(self, options: Mapping[str, Any], names: Sequence[str], when: bool, condition: str) -> None:
        """Refuse a value other than the default of any option in ``names`` unless ``when`` holds:
        those options would do nothing (``condition`` says when they apply, e.g. "ending=broke").
        Defaults pass, so a record, which lists every option, still replays."""
        if when:
            return
        for name in names:
            if options[name] != self.option(name).default:
                raise BadOptionError(f"option {name}={_show(_plain(options[name]))} applies only with {condition}")

    def new_game(self, num_seats: int | None = None, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> "GameState":
        n = self.default_seats if num_seats is None else num_seats
        opts = self.resolve_options(n, options)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        return self.state_class(self, n, opts, seed)

    def summary_text(self) -> str:
        """The rules summary with hard-wrapped lines joined into paragraphs, for any width
        (blank lines, list items and indented lines are kept)."""
        paragraphs = []
        for para in self.summary.split("\n\n"):
            merged: list[str] = []
            for line in para.splitlines():
                starts_item = line.lstrip().startswith(("-", "*", "•")) or line.startswith("  ")
                if merged and line and not starts_item:
                    merged[-1] = merged[-1].rstrip() + " " + line.strip()
                else:
                    merged.append(line)
            paragraphs.append("\n".join(merged))
        notation = self.notation_text()
        return "\n\n".join(paragraphs + ([notation] if notation else []))

    def notation_text(self) -> str:
        """How this game's cards are written on screen (for the rules help): the jokers' names."""
        try:
            deck = self.new_game(self.default_seats, None, 0).deck()
        except Exception:  # a game that cannot start with its defaults has nothing to explain here
            return ""
        jokers = sorted({c.text for c in deck if c.suit is None})
        if not jokers:
            return ""
        names = {"JK": "the joker", "BJ": "the big joker", "LJ": "the little joker"}
        said = [f"{j} is {names.get(j, 'a joker')}" if i == 0 else f"{j} {names.get(j, 'a joker')}"
                for i, j in enumerate(sorted(jokers, key=("BJ", "LJ", "JK").index))]
        return ("Cards are written rank then suit (Q♥, 10♣); " + " and ".join(said)
                + ", the same in the log, in choices and on the cards.")

    def players_text(self) -> str:
        return str(self.min_seats) if self.min_seats == self.max_seats else f"{self.min_seats}-{self.max_seats}"


class GameState:
    """Base class of every game's state: the whole match.

    Subclasses implement ``_legal()``, ``_apply(action)``, ``view(seat)``, ``zones()`` and set
    ``self.to_act`` / ``self.result``.  ``_why_illegal(text)`` may explain refusals better.
    """

    # attributes never copied or compared as game state
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset({"_legal_cache", "_legal_index", "rules", "ranking"})

    #: How :meth:`clone` copies the mutable attributes this class adds (merged over the class
    #: hierarchy): ``LIST`` a list of immutable values, ``LISTS`` a list of such lists, ``DEEP``
    #: anything else mutable (copied generically), ``SHARED`` a container never changed in place.
    #: Undeclared attributes must hold immutable values (ints, strings, tuples, cards, frozen
    #: dataclasses...); :meth:`snapshot` checks that.  A class that declares no ``_COPY`` of its
    #: own is cloned by the slower generic copy, which needs no declaration.
    _COPY: ClassVar[dict[str, str]] = {"history": LIST, "actors": LIST, "events": LIST, "options": SHARED}
    _copy_plan: ClassVar[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None] = None

    #: This game's words for its word actions, by notation (``{"pass": "Pass (fold)"}``).  Actions
    #: are shared by every game, so their words live here; a game whose words depend on the state
    #: (the contract in a bid square) overrides :meth:`label` instead.
    LABELS: ClassVar[Mapping[str, str]] = {}

    #: True for games whose players bid or declare a contract that is then made or set.
    HAS_BIDS: ClassVar[bool] = False
    #: Per seat, (made, set) so far: a tuple of tuples, replaced on every change (clones share it).
    _bid_tally: tuple[tuple[int, int], ...] | None = None

    def note_bid(self, seat: int, made: bool) -> None:
        """Count one bid or declared contract of ``seat`` as made (True) or set (False)."""
        tally = list(self._bid_tally or ((0, 0),) * self.num_seats)
        won, lost = tally[seat]
        tally[seat] = (won + 1, lost) if made else (won, lost + 1)
        self._bid_tally = tuple(tally)

    def bid_record(self) -> tuple[tuple[int, int], ...] | None:
        """Per seat, how many of its bids or contracts were made and how many set in this match
        so far (for the statistics); None for a game without bids."""
        if not self.HAS_BIDS:
            return None
        return self._bid_tally or ((0, 0),) * self.num_seats

    def label(self, action: Action) -> str:
        """The words a player reads for ``action`` in this game (a card is drawn as its notation)."""
        return self.LABELS.get(action.text) or action.label

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_COPY" not in cls.__dict__:
            cls._copy_plan = None  # generic copy
            return
        merged: dict[str, str] = {}
        for base in reversed(cls.__mro__):
            merged.update(base.__dict__.get("_COPY", {}))
        cls._COPY = merged
        cls._copy_plan = tuple(tuple(n for n, k in merged.items() if k == kind) for kind in (LIST, LISTS, DEEP))

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        self.rules = rules
        self.num_seats = num_seats
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        self.actors: list[int] = []  # the seat that took each action in history
        self.events: list[Event] = []
        self.to_act: int | None = None
        self.result: Outcome | None = None
        self._legal_cache: list[Action] | None = None
        self._legal_index: dict[str, Action] | None = None

    # -- the protocol -----------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The match's random numbers.  After clone() both states share a frozen state; each
        thaws its own Random from it on first use, so both draw exactly what the original would."""
        r = self._rng
        if type(r) is _FrozenRng:
            r = self._rng = r.thaw()
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        return self.result

    def legal_actions(self) -> list[Action]:
        """The legal actions of ``to_act`` in a deterministic order (empty when over)."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.result is not None else self._legal()
            self._legal_index = None
        return self._legal_cache

    def action_for(self, text: str | Action) -> Action:
        """The legal action with this notation (any case, ``TH`` for ``10H``), or IllegalActionError."""
        if isinstance(text, Action):
            text = text.text
        legal = self.legal_actions()
        if self._legal_index is None:
            self._legal_index = {a.text: a for a in legal}
        action = self._legal_index.get(text)
        if action is not None:
            return action
        try:
            canonical = normalize(text)
        except BadNotationError as exc:
            raise IllegalActionError(str(text).strip() or "''", self.to_act, str(exc)) from None
        action = self._legal_index.get(canonical)
        if action is None:
            if self.result is not None:
                raise IllegalActionError(canonical, None, "the match is over")
            raise IllegalActionError(canonical, self.to_act, self._why_illegal(canonical))
        return action

    def apply(self, action: Action | str) -> None:
        """Apply a legal action of ``to_act``; anything else raises IllegalActionError and changes nothing."""
        if isinstance(action, str) or self._legal_cache is None or action not in self._legal_cache:
            action = self.action_for(action)
        self.history.append(action)
        self.actors.append(self.to_act)
        self._legal_cache = None
        self._legal_index = None
        self._apply(action)

    def view(self, seat: int | None) -> SeatView:
        raise NotImplementedError

    def zones(self) -> dict[str, list[Card]]:
        """Every card of the deck, by where it is now (hands, trick, stock, won piles...).

        The conformance suite checks that the zones always hold exactly the deck."""
        raise NotImplementedError

    def deck(self) -> list[Card]:
        """The full deck this match uses (for the card-conservation check)."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if a game-specific invariant is broken (pots, totals...)."""

    # -- determinisation (issue 13: search bots) -----------------------------
    def resample(self, seat: int, rng: random.Random) -> "GameState":
        """A possible world for ``seat``: a full state (a new object) that agrees with everything
        ``seat`` knows (its hand, every card it has seen, the size of every hidden place, voids
        and other refusals revealed by play, bids) with every card it cannot see dealt again at
        random among the places it could be.  It depends only on the seat's information: two
        true states that differ only in cards hidden from ``seat`` give identical worlds for the
        same ``rng`` state.  The world's own random numbers (later deals) come from ``rng``."""
        raise NotImplementedError(f"{type(self).__name__} cannot deal possible worlds (resample) yet")

    def sampler(self, seat: int) -> "Callable[[random.Random], GameState]":
        """A callable ``rng -> world`` that gives what ``self.resample(seat, rng)`` gives; the
        Table hands it to search bots instead of the state.  Games may prepare the work once
        and keep only what the seat may know (:class:`games.core.trickgame.TrickGame` does);
        this default keeps a copy of the state."""
        twin = self.clone()
        return lambda rng: twin.resample(seat, rng)

    # -- helpers for subclasses ------------------------------------------
    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _why_illegal(self, text: str) -> str:
        legal = self.legal_actions()
        shown = ", ".join(a.text for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"it is not one of the choices now ({shown})"

    def log(self, kind: str, text: str, seat: int | None = None, visible_to: int | None = None,
            cards: tuple[Card, ...] = (), lines: tuple[str, ...] = ()) -> None:
        self.events.append(make_event(kind, text, seat, visible_to, cards, lines, getattr(self, "hand_number", 0)))

    def visible_events(self, seat: int | None, hand: int | None = None) -> tuple[Event, ...]:
        return tuple(e for e in self.events
                     if (e.visible_to is None or e.visible_to == seat) and (hand is None or e.hand == hand))

    def recent_events(self, seat: int | None) -> tuple[Event, ...]:
        """What a view carries: the events of this hand and the previous one (whose ``hand``
        event summarises its scoring), as visible to ``seat``."""
        since = getattr(self, "hand_number", 0) - 1
        events = self.events
        start = len(events)
        while start > 0 and events[start - 1].hand >= since:
            start -= 1
        return tuple(e for e in events[start:] if e.visible_to is None or e.visible_to == seat)

    # -- copying and comparing ---------------------------------------------
    def clone(self) -> "GameState":
        """An independent copy (lists, dicts and sets copied; interned values shared)."""
        if type(self._rng) is not _FrozenRng:  # neither state draws from this Random again
            self._rng = _FrozenRng(self._rng)
        new = object.__new__(type(self))
        plan = self._copy_plan
        if plan is None:
            _generic_copy(self.__dict__, new.__dict__)
        else:  # the declared plan (_COPY): a dict copy, then only the mutable attributes (speed)
            d = new.__dict__
            d.update(self.__dict__)
            flat, nested, deep = plan
            for name in flat:
                d[name] = d[name][:]
            for name in nested:
                d[name] = [x[:] for x in d[name]]
            for name in deep:
                d[name] = _copy_value(d[name])
        new._legal_cache = None
        new._legal_index = None
        return new

    def snapshot(self) -> dict[str, Any]:
        """Everything that makes up the state, for equality checks in tests and replay."""
        if self._copy_plan is not None:
            self._check_copy_plan()
        snap = {k: _copy_value(v) for k, v in self.__dict__.items() if k not in self._TRANSIENT and k != "_rng"}
        snap["rng"] = self.rng.getstate()
        return snap

    def _check_copy_plan(self) -> None:
        """Assert that every mutable attribute is declared in ``_COPY`` with a fitting kind."""
        for k, v in self.__dict__.items():
            kind = self._COPY.get(k)
            where = f"{type(self).__name__}.{k}"
            if kind in (DEEP, SHARED) or k in ("_rng", "_legal_cache", "_legal_index"):
                continue
            if kind is None:
                assert type(v) not in _CONTAINERS, f"{where} holds a {type(v).__name__}: declare it in _COPY"
                continue
            assert type(v) is list, f"{where} is declared {kind} but holds a {type(v).__name__}"
            items = v
            if kind == LISTS:
                assert all(type(x) is list for x in v), f"{where} is declared {kind}: a list of lists"
                items = [y for x in v for y in x]
            assert not any(type(x) in _CONTAINERS for x in items), f"{where} holds containers: declare it {DEEP}"

    def record(self, names: Sequence[str] | None = None):
        from .record import Record

        return Record.of(self, names)


_CONTAINERS = (list, dict, set)
_ATOMIC = frozenset({int, str, bool, float, type(None), tuple, frozenset})


def _generic_copy(src: dict[str, Any], dst: dict[str, Any]) -> None:
    """Copy every attribute by its type (classes without a ``_COPY`` declaration)."""
    for k, v in src.items():  # _copy_value inlined for the common types (speed)
        t = type(v)
        if t in _ATOMIC:
            dst[k] = v
        elif t is list:
            dst[k] = [_copy_value(x) for x in v] if v and type(v[0]) in _CONTAINERS else v[:]
        else:
            dst[k] = _copy_value(v)


def _copy_value(v: Any) -> Any:
    t = type(v)
    if t is list:
        return [_copy_value(x) for x in v] if v and type(v[0]) in _CONTAINERS else list(v)
    if t is dict:
        new = v.copy()
        for k, x in new.items():
            if type(x) in _CONTAINERS or type(x) is random.Random:
                new[k] = _copy_value(x)
        return new
    if t is set:
        return set(v)
    if t is random.Random:
        new = random.Random(0)
        new.setstate(v.getstate())
        return new
    return v


class _FrozenRng:
    """A Random that no state draws from any more, shared by a state and its clones.

    Copying a Random costs tens of microseconds (``getstate()`` builds 625 integers), and most
    clones never draw (playouts rarely reach the next deal), so clone() shares this token and each
    state thaws its own Random from it on first use: the sequence drawn is exactly the original's."""

    __slots__ = ("_random", "_state")

    def __init__(self, r: random.Random) -> None:
        self._random = r
        self._state: tuple | None = None

    def thaw(self) -> random.Random:
        fresh = getattr(self._random, "fresh", None)  # a seed standing in for a Random (games.core.resample)
        if fresh is not None:
            return fresh()
        if self._state is None:
            self._state = self._random.getstate()
        new = random.Random(0)
        new.setstate(self._state)
        return new
