"""The GameState protocol that every game implements.

- :class:`Rules`: a game's identity, seat range, declared options (:class:`~games.core.options.Option`)
  and the factory for a new match.
- :class:`GameState`: the whole match (hands inside it).  ``to_act``, ``legal_actions()``,
  ``apply()``, ``view(seat)``, ``is_over``, ``outcome()``, ``history``, ``clone()``.

The values a state hands out (SeatView, Event, Outcome...) live in :mod:`games.core.views`,
copying in :mod:`games.core.clone`.

Contract for subclasses: keep mutable state in plain lists, dicts and sets of immutable
values (cards and actions are interned), so :meth:`GameState.clone` can copy it without
``deepcopy``; draw randomness only from ``self.rng``.
"""

from __future__ import annotations

import functools
import random
import sys
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, normalize
from .cards import Card
from .clone import LOG, SHARED, Cloning, MatchRandom, StackedRandom
from .errors import BadNotationError, BadOptionError, IllegalActionError
from .listing import Listing, players_text
from .log import Logged
from .options import Option, _brief, _plain, _show
from .tricks import with_seat
from .views import Event, Outcome, SeatView

#: the pack order of a match being made by Rules.new_game(first_pack=...): GameState.__init__
#: reads it (the games' own constructors, which deal, take no such argument)
_FIRST_PACK: ContextVar[tuple[Card, ...] | None] = ContextVar("first_pack", default=None)

_new_tuple = tuple.__new__
_EVENT_HAND = attrgetter("hand")

if TYPE_CHECKING:
    from .record import Record


class MethodNames(dict[str, str]):
    """``prefix + phase`` for each phase, made once: a state that dispatches by name
    (``getattr(self, APPLY[self.phase])``) builds no string on every action."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def __missing__(self, phase: str) -> str:
        name = self[phase] = sys.intern(self.prefix + phase)
        return name


#: the most option sets Rules.resolve_options keeps (it starts again when full)
_RESOLVED_KEPT = 256

#: the Rules attributes a Listing holds
LISTED = ("name", "title", "description", "min_seats", "max_seats", "default_seats", "position")


class Rules:
    """A game: identity, seat range, options and the factory for a new match.

    Subclasses set the class attributes and ``state_class``; ``check(num_seats, options)``
    may add cross-option checks (raise BadOptionError).  A game is found by the registry
    (``games/__init__.py``) as the package ``games/<name>/`` exporting ``RULES``.  A subclass
    defined in a package that declares a ``LISTING`` (:class:`~games.core.listing.Listing`), or
    that sets ``listing`` itself, takes its name, title, description, seat range and position
    from it.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str]  # one line for `cardtable list`
    summary: ClassVar[str]  # our own rules summary for `cardtable rules` and in-game help
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    default_seats: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[GameState]]
    hand_word: ClassVar[str] = "Hand"  # what the table calls one deal ("Game" in Agram and Page One)
    #: the game's place in listings (``cardtable list``, the lobby): lowest first, then by name
    position: ClassVar[int] = 1000
    #: the package's listing, when it declares one: the attributes above that it holds come from it
    listing: ClassVar[Listing | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "listing" not in cls.__dict__:  # the listing of the package the class is defined in
            package = sys.modules.get(cls.__module__.rpartition(".")[0])
            found = getattr(package, "__dict__", {}).get("LISTING")
            if isinstance(found, Listing):
                cls.listing = found
        if "listing" in cls.__dict__ and cls.listing is not None:
            for attribute in LISTED:
                setattr(cls, attribute, getattr(cls.listing, attribute))

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
        """Defaults overlaid with ``given`` (names may use - or _), each validated: a new dict.

        Options that resolved before are looked up, not worked out again (random playouts
        start a match every few dozen actions, and resolving the defaults took 26k of the 183k
        instructions that starting a Tricks'N'Trumps match takes, callgrind).  The look-up is by
        the seat count (an int: ``2.0`` seats are not two here) and each given name, value and
        value's type (``True`` is not ``1``), so only what resolved to this before finds it;
        anything else (unhashable values too) is resolved as it comes, and what fails fails
        every time."""
        key = None
        if type(num_seats) is int and (given is None or type(given) is dict):
            try:
                key = (num_seats, *[(k, type(v), v) for k, v in given.items()]) if given else (num_seats,)
                found = self._resolved.get(key)
            except TypeError:  # a value that cannot be a key
                key = found = None
            if found is not None:
                return dict(found)
        resolved = self._resolve(num_seats, given)
        if key is not None:
            if len(self._resolved) >= _RESOLVED_KEPT:
                self._resolved.clear()
            self._resolved[key] = dict(resolved)
        return resolved

    @functools.cached_property
    def _resolved(self) -> dict[tuple[Any, ...], dict[str, Any]]:
        """The options resolved so far by :meth:`resolve_options`, by what was asked."""
        return {}

    def _resolve(self, num_seats: int, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """:meth:`resolve_options`, worked out."""
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
            span = (
                f"{self.min_seats}"
                if self.min_seats == self.max_seats
                else f"{self.min_seats} to {self.max_seats}"
            )
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
                raise BadOptionError(
                    f"option {name}={_show(_plain(options[name]))} applies only with {condition}"
                )

    #: Options a match needs to end when its players choose at random (the conformance suite,
    #: the soak and the playout benchmark play random matches with them).  Empty for most games;
    #: a game whose rules end a match only when its players bring the end about names the short
    #: match it offers (Pepper: random bidders overbid and both sides sink for ever, PE-9;
    #: Preference: random players feed the pot with fines faster than declarers empty it, PR-11).
    random_play_options: ClassVar[Mapping[str, Any]] = {}

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A generous bound on the actions of one whole match of ``num_seats`` with these
        resolved ``options``, in the spirit of OpenSpiel's ``max_game_length``; every game
        declares its own, derived from its rules (issue 29).

        It is the most hands a match can take times the most actions a hand can take.  Where the
        rules bound neither (scores that may sink for ever, a pot that may keep growing, picks
        taken back again and again) the figure is a generous multiple of what a match needs when
        its players play to end it, worked out from the target and the least a hand moves toward
        it, and the game says how.  A match that passes its bound has gone wrong (a loop, an end
        that never comes): the soak and the conformance suite count it as a failure naming its
        seed, and ``cardtable simulate`` stops it as an error.  No game stops a match at it."""
        raise NotImplementedError(f"{self.name} declares no bound on the length of a match")

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        """How a match of ``num_seats`` with these resolved ``options`` ends, in one short line
        of the players' words ("First to 500 points", "Until the pot is empty", "Six hands"):
        the setup screen shows it, updated as the options change.  Every game declares its own."""
        raise NotImplementedError(f"{self.name} does not say how its match ends")

    def length_bound(self, num_seats: int, options: Mapping[str, Any] | None = None) -> int:
        """:meth:`max_game_length` for options as given (validated and completed first)."""
        return self.max_game_length(num_seats, self.resolve_options(num_seats, options))

    def new_game(
        self,
        num_seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        first_pack: Sequence[Card] | None = None,
    ) -> GameState:
        """A new match.  ``first_pack``: the order the pack takes at its first shuffle, in place
        of the shuffle's own (a deal set out in advance, games.core.position); the match's
        random numbers are the same as without it."""
        n = self.default_seats if num_seats is None else num_seats
        opts = self.resolve_options(n, options)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if first_pack is None:
            return self.state_class(self, n, opts, seed)
        token = _FIRST_PACK.set(tuple(first_pack))
        try:
            return self.state_class(self, n, opts, seed)
        finally:
            _FIRST_PACK.reset(token)

    def summary_text(self) -> str:
        """The rules summary with hard-wrapped lines joined into paragraphs, for any width: a
        line starting a list item (``- ``, ``* `` or ``• ``) starts a line of its own; every other
        line, indented or not, goes on the line before (an item's continuation lines too)."""
        paragraphs = []
        for para in self.summary.split("\n\n"):
            merged: list[str] = []
            for line in para.splitlines():
                starts_item = line.lstrip().startswith(("- ", "* ", "• "))
                if merged and line and not starts_item:
                    merged[-1] = merged[-1].rstrip() + " " + line.strip()
                else:
                    merged.append(line)
            paragraphs.append("\n".join(merged))
        notation = self.notation_text()
        return "\n\n".join(paragraphs + ([notation] if notation else []))

    def notation_text(self) -> str:
        """How this game's cards are written on screen (for the rules help), and its jokers by
        the marks on their cards and the names the log and the choices give them."""
        try:
            deck = self.new_game(self.default_seats, None, 0).deck()
        except Exception:  # a game that cannot start with its defaults has nothing to explain here
            return ""
        order = ("BJ", "LJ", "JK")
        jokers = sorted(
            {c.text for c in deck if c.suit is None}, key=lambda j: order.index(j) if j in order else 3
        )
        if not jokers:
            return ""
        names = {"JK": "Joker", "BJ": "Big joker", "LJ": "Little joker"}  # as the table writes them
        name = [names.get(j, "Joker") for j in jokers]
        (first, mark), *rest = zip(name, jokers)
        said = f"The {first.lower()}'s card is marked {mark}★" + "".join(
            f" and the {n.lower()}'s {j}★" for n, j in rest
        )
        said += " (" + " and ".join(f"{j}*" for j in jokers) + " with ASCII suits)"
        return (
            "Cards are written rank then suit (Q♥, 10♣). "
            + said
            + ", and a large card says JOKER in its middle; the log, the prompts and the choices call "
            + ("it " if len(jokers) == 1 else "them ")
            + " and ".join(f'"{n}"' for n in name)
            + "."
        )

    def players_text(self) -> str:
        return players_text(self.min_seats, self.max_seats)


class GameState(Cloning):
    """Base class of every game's state: the whole match.

    Subclasses implement ``_legal()``, ``_apply(action)``, ``view(seat)``, ``zones()`` and set
    ``self.to_act`` / ``self.result``.  ``_why_illegal(text)`` may explain refusals better.
    """

    # attributes never copied or compared as game state
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset(
        {"_legal_cache", "_legal_index", "rules", "ranking", "play_start"}
    )

    #: the actions taken so far, the seat that took each, and what happened (games.core.log:
    #: each reads as a list; clones share its past)
    history = Logged[Action]()
    actors = Logged[int]()
    events = Logged[Event]()

    #: how clone() copies the mutable attributes (see games.core.clone.Cloning._COPY)
    _COPY: ClassVar[dict[str, str]] = {"history": LOG, "actors": LOG, "events": LOG, "options": SHARED}

    #: This game's words for its word actions, by notation (``{"pass": "Pass (fold)"}``).  Actions
    #: are shared by every game, so their words live here; a game whose words depend on the state
    #: (the contract in a bid square) overrides :meth:`label` instead.
    LABELS: ClassVar[Mapping[str, str]] = {}

    #: True for games whose scores count against a player (penalty points: the lowest does best);
    #: a search bot then plays to gain as few as it can.
    LOW_SCORES_WIN: ClassVar[bool] = False
    #: True for games whose players bid or declare a contract that is then made or set.
    HAS_BIDS: ClassVar[bool] = False
    #: Per seat, (made, set) so far: a tuple of tuples, replaced on every change (clones share it).
    _bid_tally: tuple[tuple[int, int], ...] | None = None

    #: the hand being played, counted from 1 (0 before the first deal)
    hand_number: int = 0
    #: the hand whose first card has been played (see :meth:`_begin_card_play`)
    _play_hand: int = -1
    #: each seat's score now (set by every game; in pot games, its counters)
    scores: Sequence[float]

    def note_bid(self, seat: int, made: bool) -> None:
        """Count one bid or declared contract of ``seat`` as made (True) or set (False)."""
        self.note_bids(seat, 1 if made else 0, 0 if made else 1)

    def note_bids(self, seat: int, made: int, missed: int) -> None:
        """Count ``made`` bids of ``seat`` made and ``missed`` set, at once (nothing to count:
        the tally is left as it is)."""
        if made or missed:
            tally = self._bid_tally or ((0, 0),) * self.num_seats
            won, lost = tally[seat]
            self._bid_tally = with_seat(tally, seat, (won + made, lost + missed))

    def bid_record(self) -> tuple[tuple[int, int], ...] | None:
        """Per seat, how many of its bids or contracts were made and how many set in this match
        so far (for the statistics); None for a game without bids."""
        if not self.HAS_BIDS:
            return None
        return self._bid_tally or ((0, 0),) * self.num_seats

    def label(self, action: Action) -> str:
        """The words a player reads for ``action`` in this game (a card is drawn as its notation)."""
        return self.LABELS.get(action.text) or action.label

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        self.rules = rules
        self.num_seats = num_seats
        self.options = options
        self.seed = seed
        pack = _FIRST_PACK.get()
        self.rng = MatchRandom(seed) if pack is None else StackedRandom(seed, pack)
        self._history_head: tuple[Action, ...] = ()
        self._history_tail: list[Action] = []
        self._actors_head: tuple[int, ...] = ()
        self._actors_tail: list[int] = []
        self._events_head: tuple[Event, ...] = ()
        self._events_tail: list[Event] = []
        self.to_act: int | None = None
        self.result: Outcome | None = None
        self._legal_cache: list[Action] | None = None
        self._legal_index: dict[str, Action] | None = None

    # -- the protocol -----------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def acting(self) -> int:
        """The seat to act, for rules code that runs only while someone is to act (``_legal``,
        ``_apply`` and what they call); IllegalActionError once the match is over."""
        seat = self.to_act
        if seat is None:
            raise IllegalActionError("", None, "the match is over")
        return seat

    def outcome(self) -> Outcome | None:
        return self.result

    def legal_actions(self) -> list[Action]:
        """The legal actions of ``to_act`` in a deterministic order (empty when over)."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.result is not None else self._legal()
            self._legal_index = None
        return self._legal_cache

    def takes_back(self, action: Action) -> bool:
        """True for a legal action that only undoes part of a choice not yet made (a picked card
        put back before the discard is confirmed).  It never changes how a hand can end, so search
        bots never choose one: a search that valued picking and putting back alike could go on
        doing both for ever.  Games with such actions say which they are."""
        return False

    def silent(self, action: Action) -> bool:
        """True for an action that leaves nothing the other players can see (Piquet's carte
        blanche kept quiet, PQ-5): the bot runner plays a bot's next move after it without a
        pause, so that the pace of play tells nothing either.  Most games have none."""
        return False

    def formality(self) -> str:
        """When the one legal action of the seat to act is a mere formality for a person (nothing
        to choose and nothing to say: Preference's "no announcement" by a declarer holding an ace,
        PR-6), the short notice a table shows instead of asking, in the player's words; "" when
        the decision is a real one (most positions of most games).  The action stays in the game
        and its record (saved matches replay); only a person's table answers it by itself, and
        bots decide it like any other.  A game that declares one says in a comment what the other
        seats can infer from the quick answer, and why that is no more than a real table shows."""
        return ""

    def carried(self) -> list[float]:
        """What each seat carries toward later scores that its score does not show yet, in points
        (Trump Suit's bags: each one brings the bag penalty a tenth nearer).  Look-ahead bots
        judge a hand by the change in score plus this, so that a playout does not count a bag
        as a free point.  Most games carry nothing."""
        return [0.0] * self.num_seats

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
        legal = self._legal_cache
        if legal is None or action not in legal:  # text is never in the list: actions are not text
            action = self.action_for(action)
        seat = self.to_act
        assert seat is not None  # (once the match is over the legal list is empty: refused above)
        if action.kind == "play" and self._play_hand != self.hand_number and action.card is not None:
            self._play_hand = self.hand_number
            self._begin_card_play()
        self._history_tail.append(action)
        self._actors_tail.append(seat)
        self._legal_cache = None
        self._legal_index = None
        self._apply(action)

    def view(self, seat: int | None) -> SeatView:
        raise NotImplementedError

    def playout_view(self, seat: int) -> SeatView:
        """The view a bot reads inside its look-ahead: ``view(seat)`` without the table's words
        (games.core.views.PlayoutView), which no bot reads and which cost a quarter of a view;
        bots' playouts ask for one at every decision.  This default is the whole view."""
        return self.view(seat)

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
    def resample(self, seat: int, rng: random.Random) -> GameState:
        """A possible world for ``seat``: a full state (a new object) that agrees with everything
        ``seat`` knows (its hand, every card it has seen, the size of every hidden place, voids
        and other refusals revealed by play, bids) with every card it cannot see dealt again at
        random among the places it could be.  It depends only on the seat's information: two
        true states that differ only in cards hidden from ``seat`` give identical worlds for the
        same ``rng`` state.  The world's own random numbers (later deals) come from ``rng``."""
        raise NotImplementedError(f"{type(self).__name__} cannot deal possible worlds (resample) yet")

    def sampler(self, seat: int) -> Callable[[random.Random], GameState]:
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

    def _begin_card_play(self) -> None:
        """Called once a hand, just before its first card is played (an action of kind ``play``
        with a card): a game may note the state then (TrickGame keeps it, for the expert's
        inference)."""

    def _why_illegal(self, text: str) -> str:
        legal = self.legal_actions()
        shown = ", ".join(a.text for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"it is not one of the choices now ({shown})"

    def log(
        self,
        kind: str,
        text: str,
        seat: int | None = None,
        visible_to: int | None = None,
        cards: tuple[Card, ...] = (),
        lines: tuple[str, ...] = (),
    ) -> None:
        # make_event's one line, without its call: nearly every action logs an event
        self._events_tail.append(
            _new_tuple(Event, (kind, text, seat, visible_to, cards, lines, self.hand_number))
        )

    def visible_events(self, seat: int | None, hand: int | None = None) -> tuple[Event, ...]:
        return tuple(
            e
            for e in self.events
            if (e.visible_to is None or e.visible_to == seat) and (hand is None or e.hand == hand)
        )

    def recent_events(self, seat: int | None) -> tuple[Event, ...]:
        """What a view carries: the events of this hand and the previous one (whose ``hand``
        event summarises its scoring), as visible to ``seat``.  The log's events come in the
        order of their hands, so where the previous hand starts is found by bisection, in the
        log's tail alone when it reaches back that far (every view asks this)."""
        since = self.hand_number - 1
        head, tail = self._events_head, self._events_tail
        if tail and tail[0].hand < since:
            events = tail[bisect_left(tail, since, key=_EVENT_HAND) :]
        else:
            events = [*head[bisect_left(head, since, key=_EVENT_HAND) :], *tail]
        return tuple([e for e in events if e.visible_to is None or e.visible_to == seat])

    # -- records --------------------------------------------------------
    def record(self, names: Sequence[str] | None = None) -> Record:
        from .record import Record

        return Record.of(self, names)
