"""The Table: the one authority that applies actions to a game, runs bots and autosaves.

Everything that plays at a table goes through a seat-scoped :class:`SeatHandle`: the TUI for
a local human, the network server for a remote one.  A handle shows only its seat's
:class:`~games.core.SeatView` and submits actions only for its seat, so hot-seat, bots and
remote play share one code path.  No Textual here.

A save that fails (the disk full, too many open files, no permission) never stops the table
(issue 30): the move stands and play goes on in memory, :attr:`Table.save_problem` says why the
file is behind (every screen shows it), and the table saves again after every move and whenever
:meth:`Table.retry_save` is called, until a save succeeds.  Each save writes the whole record, so
the first one that succeeds catches the file up and nothing is lost while the program runs.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from cardtable.paths import write_problem
from games import get_rules
from games.arena import bot_seed as seat_bot_seed
from games.arena import reseed
from games.bots import Bot, bot_task, make_bot
from games.core import Action, Card, CardtableError, GameState, IllegalActionError, Record, SeatView

from .seat_handle import LocalLink, SeatHandle

__all__ = ["SEAT_KINDS", "LocalSeatHandle", "SeatConfig", "SeatHandle", "Table", "WatchHandle"]

SEAT_KINDS = ("human", "bot", "remote")


@dataclass(frozen=True)
class SeatConfig:
    """Who sits in a seat: a local ``human``, a ``bot`` of some level, or a ``remote`` human.
    ``open``: a remote seat the host left for anyone (no name given), which a club's lobby may
    hand out; a seat named for a person is reached only with its own code."""

    kind: str = "bot"
    name: str = ""
    level: str = "heuristic"
    open: bool = False


class Table:
    """A local, authoritative table.  Thread-safe: bots may think in worker threads."""

    def __init__(
        self,
        state: GameState,
        seats: Sequence[SeatConfig],
        save_path: Path | None = None,
        bot_seed: int | None = None,
    ) -> None:
        if len(seats) != state.num_seats:
            raise CardtableError(f"{state.rules.title} needs {state.num_seats} seats, got {len(seats)}")
        self.state = state
        self.seats = list(seats)
        self.save_path = save_path
        self._lock = threading.RLock()
        self.version = 0  # grows with every change of the state (a move, an undo): a bot's move is applied
        # only at the version it was thought out for
        self._listeners: list[Callable[[], None]] = []
        self.bot_seed = state.seed if bot_seed is None else bot_seed
        self.bots: dict[int, Bot] = {
            i: make_bot(cfg.level, state.rules.name, seat_bot_seed(self.bot_seed, i))
            for i, cfg in enumerate(seats)
            if cfg.kind == "bot"
        }
        self.started_at = time.time() if not state.history else None  # a resumed match: unknown
        self.source = "local"  # "hosted" when a table server owns this table
        self.hints_allowed: bool | None = None  # None: on at a local table, off when hosted (issue 13)
        self.record_matches = True  # a finished match goes to the match store (history, statistics)
        self.store_note = ""  # a problem the store met (shown to the player, never raised)
        self.save_problem = ""  # why the save file is behind the table ("" while it is up to date)
        self._recorded = state.is_over

    # -- construction ----------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        seats: Sequence[SeatConfig],
        options: dict | None = None,
        seed: int | None = None,
        save_path: Path | None = None,
    ) -> Table:
        state = get_rules(game).new_game(len(seats), options, seed)
        table = cls(state, seats, save_path)
        table.save()
        return table

    @classmethod
    def from_record(cls, record: Record, save_path: Path | None = None) -> Table:
        state = record.replay()
        kinds = record.meta.get("seats") or []
        seats = []
        for i in range(record.seats):
            info = kinds[i] if i < len(kinds) and isinstance(kinds[i], dict) else {}
            name = record.names[i] if i < len(record.names) else f"Seat {i + 1}"
            kind = str(info["kind"]) if info.get("kind") in SEAT_KINDS else "bot"
            level, is_open = (
                str(info.get("level", "heuristic")),
                info.get("open") is True and kind == "remote",
            )
            seats.append(SeatConfig(kind, name, level, open=is_open))
        bot_seed = record.meta.get("bot_seed")
        return cls(state, seats, save_path, bot_seed=bot_seed if type(bot_seed) is int else None)

    # -- reading ---------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(cfg.name or f"Seat {i + 1}" for i, cfg in enumerate(self.seats))

    def view(self, seat: int | None) -> SeatView:
        with self._lock:
            return self.state.view(seat)

    def human_seats(self) -> list[int]:
        return [i for i, cfg in enumerate(self.seats) if cfg.kind == "human"]

    def bot_to_act(self) -> int | None:
        """The bot seat that must act now, if any."""
        s = self.state.to_act
        return s if s is not None and s in self.bots else None

    def record(self) -> Record:
        seats = [{"kind": c.kind, "level": c.level} | ({"open": True} if c.open else {}) for c in self.seats]
        meta = {"seats": seats, "bot_seed": self.bot_seed}
        return Record.of(self.state, self.names, meta)

    # -- acting ----------------------------------------------------------
    def submit(self, seat: int, action: str | Action) -> Action:
        """Apply ``action`` for ``seat``; IllegalActionError if it is not that seat's turn or not legal."""
        applied = self.submit_if(None, seat, action)
        assert applied is not None
        return applied

    def submit_if(self, version: int | None, seat: int, action: str | Action) -> Action | None:
        """:meth:`submit`, but only while the table is at ``version`` (None: any): a move thought
        out for a position that has gone is not applied and None is returned."""
        with self._lock:
            if version is not None and version != self.version:
                return None
            if self.state.is_over:
                raise IllegalActionError(str(action), seat, "the match is over")
            if self.state.to_act != seat:
                raise IllegalActionError(
                    str(action), seat, f"it is {self.names[self.state.acting]}'s turn, not yours"
                )
            applied = self.state.action_for(action)
            self.state.apply(applied)
            self.version += 1
            self.save()
            finished = self.state.is_over and not self._recorded
            self._recorded = self._recorded or finished
        if finished and self.record_matches:
            self._store_finished()
        self._notify()
        return applied

    def _store_finished(self) -> None:
        """Put the finished match in the match store (a problem is noted, never raised)."""
        from cardtable.store import record_finished

        self.store_note = record_finished(
            self.record(), self.state.outcome(), self.started_at, self.source, bids=self.state.bid_record()
        )

    def bot_turn(self, seat: int, bot: Bot | None = None) -> BotTurn | None:
        """What ``bot`` (default: the seat's own) needs to choose for ``seat`` now, taken under
        the lock, or None when it is not that seat's turn.  The table's own bots are reseeded
        from the position, so a resumed table's bots choose exactly as before."""
        with self._lock:
            if self.state.is_over or self.state.to_act != seat:
                return None
            own = self.bots.get(seat)
            bot = own if bot is None else bot
            if bot is None:
                return None
            if bot is own:
                reseed(bot, self.bot_seed, seat, len(self.state.history))
            think = bot_task(bot, self.state, seat)  # a view, the legal actions, possible worlds
            return BotTurn(seat, self.version, tuple(self.state.legal_actions()), think)

    def bot_choose(self) -> tuple[int, Action] | None:
        """Let the bot to act think (safe in a worker thread); returns (seat, action) or None."""
        seat = self.bot_to_act()
        turn = self.bot_turn(seat) if seat is not None else None
        return None if turn is None else (turn.seat, turn.think())

    def play_bot(self) -> Action | None:
        """Think and apply one bot action, if a bot is to act."""
        choice = self.bot_choose()
        if choice is None:
            return None
        return self.submit(*choice)

    def hints_on(self) -> bool:
        """Whether players may ask for hints: yes at a local table, at a hosted one only if the
        host allows them (``hints_allowed``)."""
        return self.hints_allowed if self.hints_allowed is not None else self.source != "hosted"

    def hint(self, seat: int, level: str = "hard") -> tuple[Action, str] | None:
        """The move a ``level`` bot would make for ``seat`` now and a reason in a line or two
        (what the move does, with the numbers of the deals its look-ahead played out), or None
        when it is not that seat's turn.  See :meth:`advice`."""
        advice = self.advice(seat, level)
        return None if advice is None else (advice.action, advice.reason.text)

    def advice(self, seat: int, level: str = "hard"):
        """The hint in full (games.bots.advice.Advice: the move, the reason and the estimates it
        was built from), or None when it is not that seat's turn.  The bot and the reason see what
        the seat sees (a view, the legal actions, its possible worlds).  Safe in a worker thread:
        it thinks outside the lock."""
        from games.bots.advice import advise

        with self._lock:
            if self.state.is_over or self.state.to_act != seat:
                return None
            game = self.state.rules.name
            bot = make_bot(level, game, seat_bot_seed(self.bot_seed, seat))
            step = len(self.state.history)
            reseed(bot, self.bot_seed, seat, step)
            view, legal = self.state.view(seat), list(self.state.legal_actions())
            worlds = self.state.sampler(seat)
        return advise(game, view, legal, worlds, bot, seed=hint_seed(self.bot_seed, seat, step))

    def run_bots(self, limit: int = 100_000) -> int:
        """Play bot moves until a human (or nobody) is to act; returns how many were played."""
        n = 0
        while n < limit and self.play_bot() is not None:
            n += 1
        return n

    # -- undo --------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Undo is allowed only at a table of one human against bots, for that human's own last
        action, and only while nothing new has been revealed to them since."""
        with self._lock:
            return self._undo_point(seat) is not None

    def _undo_point(self, seat: int) -> int | None:
        if any(i != seat and cfg.kind != "bot" for i, cfg in enumerate(self.seats)):
            return None
        actors = self.state.actors
        record = self.record()
        for point in range(len(actors) - 1, -1, -1):  # the seat's last move that was a decision
            if actors[point] != seat:
                continue
            before = record.replay(point)
            if not before.formality():  # a formality is answered again at once: take back the one before
                break
        else:
            return None
        played = self.state.history[point].card
        known = _visible_cards(before.view(seat), played)
        return point if known == _visible_cards(self.state.view(seat)) else None

    def undo(self, seat: int) -> None:
        with self._lock:
            point = self._undo_point(seat)
            if point is None:
                raise IllegalActionError(
                    "undo",
                    seat,
                    "you can only take back your own last move against bots, "
                    "before any new card is shown to you",
                )
            self.state = self.record().replay(point)
            self.version += 1
            self.save()
        self._notify()

    # -- saving and listening ------------------------------------------------
    def save(self) -> bool:
        """Write the record to ``save_path`` (atomically); True when the file holds the table now.
        A failed write is never raised: :attr:`save_problem` says why (see the module docstring)."""
        if self.save_path is None:
            return True
        with self._lock:
            try:
                self.record().save(self.save_path)
            except OSError as exc:
                self.save_problem = write_problem(exc)
                return False
            self.save_problem = ""
            return True

    def retry_save(self) -> bool:
        """Save again if the last save failed; listeners are told when the file has caught up."""
        if not self.save_problem:
            return True
        saved = self.save()
        if saved:
            self._notify()
        return saved

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def _notify(self) -> None:
        for cb in list(self._listeners):
            cb()

    def handle(self, seat: int) -> LocalSeatHandle:
        return LocalSeatHandle(self, seat)


def hint_seed(match_seed: int, seat: int, step: int) -> int:
    """The seed of a hint's own evaluation: the same hint for the same position."""
    import random

    return random.Random(f"hint:{match_seed}:{seat}:{step}").getrandbits(63)


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn as the table handed it out: the seat, the table's version then, the legal
    actions, and ``think()`` (safe in any thread) that returns the bot's choice."""

    seat: int
    version: int
    legal: tuple[Action, ...]
    think: Callable[[], Action]


def _visible_cards(view: SeatView, played: Card | None = None) -> tuple:
    """What a seat has privately learnt or been dealt: undo is refused once this changes.

    Cards the bots play to the table after your move are not counted (taking your move back
    takes theirs back too, the way card apps let you correct a misclick), but a new hand, a
    card drawn or shown to you, or a newly turned card is."""
    private = frozenset(c.text for e in view.events if e.visible_to == view.seat for c in e.cards)
    held = sorted(c.text for c in view.hand)
    if played is not None and played.text in held:
        held.remove(played.text)  # one copy: a double pack holds two of a card
    return view.hand_number, tuple(held), frozenset(c.text for c in view.up_cards), private


class LocalSeatHandle(LocalLink):
    """A seat at a local :class:`Table` (the whole :class:`SeatHandle`)."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    def view(self) -> SeatView:
        return self.table.view(self.seat)

    @property
    def save_problem(self) -> str:
        """Why the table's save file is behind ("" while it is up to date)."""
        return self.table.save_problem

    def submit(self, action: str | Action) -> None:
        self.table.submit(self.seat, action)

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        return self.table.subscribe(callback)

    def can_undo(self) -> bool:
        return self.table.can_undo(self.seat)

    def undo(self) -> None:
        self.table.undo(self.seat)


class WatchHandle(LocalLink):
    """A spectator's place at a local :class:`Table` of bots (``cardtable watch``): the public
    view, read-only; with ``open_hands`` every hand is shown too (bots have nothing to hide from
    someone who only watches them)."""

    seat = None

    def __init__(self, table: Table, open_hands: bool = False) -> None:
        self.table = table
        self.open_hands = open_hands

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    @property
    def save_problem(self) -> str:
        return self.table.save_problem

    def view(self) -> SeatView:
        view = self.table.view(None)
        if not self.open_hands:
            return view
        with self.table._lock:
            hands = tuple(tuple(self.table.state.view(s).hand) for s in range(view.num_seats))
        return replace(view, open_hands=hands)

    def submit(self, action: str | Action) -> None:
        raise IllegalActionError(str(action), None, "you are watching: spectators cannot play")

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        return self.table.subscribe(callback)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        raise IllegalActionError("undo", None, "you are watching: there is nothing of yours to take back")
