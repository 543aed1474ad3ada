"""A room: one hosted table, as the table server sees it (:mod:`.server` does the listening).

A :class:`Room` holds

- the :class:`~cardtable.session.Table` and its remote seats (:class:`SeatSlot`: the seat's join
  code, the connection sitting there, whether its player has come yet, since when they are away,
  the stand-in bot playing for them);
- the connections that joined it (seated players and spectators), to which it fans out views and
  presence: it only marks them dirty and wakes their writers, so a slow reader gets the latest
  view, never a backlog;
- the seats' holds: a dropped seat is held ``hold`` seconds, meanwhile the table waits
  (``while_away="wait"``) or a stand-in bot plays it (``"bot"``); after the hold a stand-in plays
  until the player comes back;
- the bot driving, through the one bot runner (:class:`~cardtable.pacer.Pacer`): bots and
  stand-ins think in a thread, paced by ``bot_delay``; a failing bot is said on the host's log;
- the moves of its players: ``Table.submit(seat, ...)`` for the connection's own seat only;
- one connection per seat: a second login on a seat someone sits at is refused
  (:meth:`Room.taken`) unless the first connection has gone silent (issue 30);
- the turn timer (``turn_timeout``, off by default): a seated player who has been to act that long
  has the stand-in play for them, as for a dropped player, until the turn passes on;
- a save that fails (:attr:`~cardtable.session.Table.save_problem`): said once on the host's log
  and to every seat in the presence message (``"unsaved"``), and tried again every
  ``save_retry`` seconds until the file has caught up.

The server routes a join code or token to its room (:meth:`Room.seat_for_code`), then hands the
connection over with :meth:`Room.admit`; it tells the room when the connection goes
(:meth:`Room.leave`).  Everything here runs on the server's asyncio loop.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.pacer import BOT_DELAY, Pacer, in_thread, pause_before
from cardtable.session import Table
from games.bots import Bot, make_bot
from games.core import CardtableError, IllegalActionError, ProtocolError

from . import wire

if TYPE_CHECKING:
    from .server import Connection

_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
SAVE_RETRY = 2.0  # seconds between tries to save a table whose last save failed


def new_code() -> str:
    """A join code such as ``k7mq-2xpd`` (about 40 bits; easy to read aloud)."""
    chars = [secrets.choice(_CODE_ALPHABET) for _ in range(8)]
    return "".join(chars[:4]) + "-" + "".join(chars[4:])


@dataclass
class SeatSlot:
    seat: int
    code: str
    conn: Connection | None = None
    joined: bool = False
    left_at: float | None = None
    stand_in: Bot | None = None
    timed_out: bool = False  # the turn timer ran out: the stand-in plays until the turn passes on


def error(kind: str, message: str, ident: Any = None) -> dict[str, Any]:
    """An error message of the wire protocol (``ident``: the id of the message it answers)."""
    out = {"type": "error", "error": kind, "message": message}
    if ident is not None:
        out["id"] = ident
    return out


class Room:
    """One table and the connections at it.  ``log`` receives the host's log lines."""

    def __init__(
        self,
        table: Table,
        codes: dict[int, str] | None = None,
        *,
        hold: float = 300.0,
        while_away: str = "wait",
        bot_delay: float = BOT_DELAY,
        wait_for_players: bool = True,
        spectator_code: str | None = None,
        stand_in_level: str = "heuristic",
        resumed: bool = False,
        max_action_chars: int = 200,
        log: Callable[[str], None] = lambda text: None,
        turn_timeout: float | None = None,
        save_retry: float = SAVE_RETRY,
    ) -> None:
        if while_away not in ("wait", "bot"):
            raise CardtableError(f"while-away policy {while_away!r} is not allowed: use wait or bot")
        self.table = table
        remote = [i for i, c in enumerate(table.seats) if c.kind in ("remote", "human")]
        codes = dict(codes or {s: new_code() for s in remote})
        self.slots = {s: SeatSlot(s, codes[s]) for s in remote}
        self.hold, self.while_away, self.bot_delay = hold, while_away, bot_delay
        self.wait_for_players = wait_for_players
        self.spectator_code = spectator_code
        self.stand_in_level = stand_in_level
        self.max_action_chars = max_action_chars
        self.log = log
        self.turn_timeout = turn_timeout if turn_timeout and turn_timeout > 0 else None
        self.save_retry = save_retry
        self._turn: tuple[int, int | None] = (-1, None)  # (table version, seat to act) the clock runs for
        self._turn_since = time.monotonic()
        self._save_said = table.save_problem  # the save problem last said on the log and to the seats
        self.members: set[Connection] = set()  # the connections that joined this room
        self.closing = False
        self.changed = asyncio.Event()  # set on every change the driver may care about
        self.pacer = Pacer(
            table, note=lambda text: self.log(text), stand_in=self._playing_stand_in, apply_in_thread=True
        )
        self._driver: asyncio.Task | None = None
        self._saver: asyncio.Task | None = None
        self._unsubscribe: Callable[[], None] | None = None
        if resumed:  # every remote seat starts away: its hold runs from now
            for slot in self.slots.values():
                slot.joined, slot.left_at = True, time.monotonic()

    # -- lifecycle -----------------------------------------------------------
    @property
    def started(self) -> bool:
        return self._driver is not None

    def start(self) -> None:
        """Listen to the table and start driving its bots (on the running loop; once)."""
        if self._driver is not None:
            return
        loop = asyncio.get_running_loop()

        def changed() -> None:  # from any thread
            loop.call_soon_threadsafe(self._table_changed)

        self._unsubscribe = self.table.subscribe(changed)
        self._driver = asyncio.create_task(self._drive())
        self._saver = asyncio.create_task(self._retry_saves())
        if self._save_said:
            self._say_save()

    async def close(self) -> None:
        """Stop the driver and stop listening to the table (the server says bye to the members)."""
        self.closing = True
        for task in (self._driver, self._saver):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        self.pacer.cancel()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    # -- who may come in -----------------------------------------------------------
    def seat_for_code(self, code: str) -> int | None:
        """The seat a join code opens (-1: spectator), or None."""
        for slot in self.slots.values():
            if secrets.compare_digest(slot.code, code):
                return slot.seat
        if self.spectator_code and secrets.compare_digest(self.spectator_code, code):
            return -1
        return None

    def codes(self) -> list[str]:
        """Every code that opens this room (its seats', its spectators')."""
        return [slot.code for slot in self.slots.values()] + (
            [self.spectator_code] if self.spectator_code else []
        )

    def free_seats(self) -> list[int]:
        """Open remote seats (left by the host for anyone) nobody has come to yet (none once the
        match is over).  A seat named for a person is never free: only its own code opens it."""
        if self.table.state.is_over:
            return []
        return [
            s
            for s, slot in sorted(self.slots.items())
            if not slot.joined and slot.conn is None and self.table.seats[s].open
        ]

    def taken(self, seat: int, silent_after: float) -> bool:
        """Someone sits at ``seat`` on a connection heard from within ``silent_after`` seconds.
        A connection silent longer (its peer frozen or gone) does not keep the seat from a new login."""
        slot = self.slots.get(seat)
        conn = slot.conn if slot is not None else None
        return conn is not None and not conn.closed and time.monotonic() - conn.heard <= silent_after

    def change_code(self, seat: int, taken: set[str]) -> str:
        """Give ``seat`` a fresh join code (not one of ``taken``): the old one opens it no more."""
        code = new_code()
        while code in taken:
            code = new_code()
        self.slots[seat].code = code
        return code

    def spectators(self) -> int:
        return sum(1 for c in self.members if c.seat is None)

    def admit(self, conn: Connection, seat: int) -> Connection | None:
        """Take ``conn`` in at ``seat`` (-1: as a spectator) and welcome it.  A connection that
        sat there before is told why it is replaced and returned, for the server to close."""
        conn.room = self
        self.members.add(conn)
        replaced = None
        if seat == -1:
            conn.seat = None
        else:
            replaced = self._seat(conn, seat)
        conn.send(
            {
                "type": "welcome",
                "version": wire.VERSION,
                "seat": conn.seat,
                "names": list(self.table.names),
                "game": self.table.state.rules.name,
                "title": self.table.state.rules.title,
            }
        )
        conn.view_dirty = True
        self._presence_changed()
        return replaced

    def _seat(self, conn: Connection, seat: int) -> Connection | None:
        conn.seat = seat
        slot = self.slots[seat]
        old = slot.conn if slot.conn is not conn else None
        if old is not None:  # gone silent (see taken): the new login takes the seat over
            old.send({"type": "bye", "reason": "you joined this seat from another connection"})
        slot.conn, slot.joined, slot.left_at = conn, True, None
        if not slot.timed_out:
            slot.stand_in = None
        self.log(f"{self.table.names[seat]} joined from {conn.peer}")
        return old

    def leave(self, conn: Connection, closing: bool = False) -> None:
        """``conn`` has gone: an away seat starts its hold (said on the log unless the host closes)."""
        self.members.discard(conn)
        if conn.seat is None or conn.seat not in self.slots or self.slots[conn.seat].conn is not conn:
            return
        slot = self.slots[conn.seat]
        slot.conn, slot.left_at = None, time.monotonic()
        if not closing:
            self.log(f"{self.table.names[conn.seat]} left; the seat is held for {self.hold:g} s")
        self._presence_changed()

    # -- fan-out -------------------------------------------------------------
    def _table_changed(self) -> None:
        for conn in self.members:
            conn.view_dirty = True
            conn.wake.set()
        self.changed.set()
        if self.table.save_problem != self._save_said:
            self._save_said = self.table.save_problem
            self._say_save()
            self._presence_changed()

    def _say_save(self) -> None:
        """The host's log line when the table's save starts failing, or has caught up again."""
        where, problem = self.table.save_path, self._save_said
        if not problem:
            self.log(f"the table is saved again to {where}")
            return
        self.log(
            f"the table could not be saved to {where} ({problem}): play goes on, and it is saved "
            f"again after every move and every {self.save_retry:g} s until that works"
        )

    async def _retry_saves(self) -> None:
        """While the save file is behind the table, try to save it every ``save_retry`` seconds."""
        while not self.closing:
            await asyncio.sleep(self.save_retry)
            if self.table.save_problem:
                await in_thread(self.table.retry_save)

    def _presence_changed(self) -> None:
        for conn in self.members:
            conn.table_dirty = True
            conn.wake.set()
        self.changed.set()

    def view_message(self, seat: int | None) -> bytes:
        """The wire line of ``seat``'s view (None: a spectator's)."""
        return wire.dumps({"type": "view", "view": wire.encode_view(self.table.view(seat))})

    def presence(self) -> dict[str, Any]:
        names = self.table.names
        seats = []
        for i, _cfg in enumerate(self.table.seats):
            slot = self.slots.get(i)
            if slot is None:
                seats.append({"name": names[i], "kind": "bot", "connected": True})
            else:
                away = slot.conn is None
                seats.append(
                    {
                        "name": names[i],
                        "kind": "remote",
                        "connected": not away,
                        "stand_in": bool(away and slot.stand_in is not None),
                        "held": self._held_for(slot),
                    }
                )
        waiting = [s for s, slot in self.slots.items() if not slot.joined] if self.wait_for_players else []
        out: dict[str, Any] = {"type": "table", "seats": seats, "waiting": waiting}
        if self.table.save_problem:
            out["unsaved"] = self.table.save_problem
        return out

    def _held_for(self, slot: SeatSlot) -> float | None:
        """Seconds the table still waits for an away player before a stand-in plays (None: not waiting)."""
        if slot.conn is not None or not slot.joined or slot.left_at is None or slot.stand_in is not None:
            return None
        if self.while_away != "wait":
            return None
        left = self.hold - (time.monotonic() - slot.left_at)
        return round(left, 1) if left > 0 else None

    # -- a player's move --------------------------------------------------------------
    async def act(self, conn: Connection, msg: dict[str, Any]) -> None:
        """An ``act`` message: applied for the connection's own seat, answered ok or error."""
        ident = msg.get("id")
        if ident is not None and (isinstance(ident, bool) or not isinstance(ident, int)):
            raise ProtocolError("act: field 'id' must be a whole number")
        action = wire.field(msg, "action", str)
        if len(action) > self.max_action_chars:
            raise ProtocolError("act: the action is too long")
        if conn.seat is None:
            conn.send(error("spectator", "spectators cannot play", ident))
            return
        claimed = msg.get("seat", conn.seat)
        if claimed != conn.seat:
            rule = f"you can only act for your own seat ({self.table.names[conn.seat]})"
            err = error("seat", f"{action} is not legal for seat {claimed!r}: {rule}", ident)
            err.update(action=action, seat=claimed if isinstance(claimed, int) else None, rule=rule)
            conn.send(err)
            return
        try:
            await asyncio.to_thread(self.table.submit, conn.seat, action)
        except IllegalActionError as exc:
            err = error("illegal", str(exc), ident)
            err.update(action=exc.action, seat=exc.seat, rule=exc.rule)
            conn.send(err)
            return
        conn.send({"type": "ok", "id": ident})

    # -- the turn driver -------------------------------------------------------
    def all_joined(self) -> bool:
        return not self.wait_for_players or all(s.joined for s in self.slots.values())

    def _stand_in_for(self, seat: int) -> tuple[Bot | None, float | None]:
        """The bot that plays an away (or timed-out) seat now, or (None, seconds until one may)."""
        slot = self.slots[seat]
        if slot.conn is not None:
            wait = self._turn_left(slot)
            return (self._stand_in(slot), None) if wait is not None and wait <= 0 else (None, wait)
        if not slot.joined:
            return None, None
        waited = time.monotonic() - (slot.left_at or time.monotonic())
        if self.while_away == "wait" and waited < self.hold:
            return None, self.hold - waited
        if slot.stand_in is None:
            self.log(f"a bot plays for {self.table.names[seat]} until they return")
        return self._stand_in(slot), None

    def _stand_in(self, slot: SeatSlot) -> Bot:
        if slot.stand_in is None:
            slot.stand_in = make_bot(
                self.stand_in_level, self.table.state.rules.name, self.table.state.seed * 103 + slot.seat
            )
            self._presence_changed()
        return slot.stand_in

    def _turn_left(self, slot: SeatSlot) -> float | None:
        """Seconds a seated player still has for this turn (None: no turn timer); at 0 the turn
        timer has run out and the stand-in plays for them until the turn passes on."""
        if self.turn_timeout is None:
            return None
        if not slot.timed_out:
            left = self.turn_timeout - (time.monotonic() - self._turn_since)
            if left > 0:
                return left
            slot.timed_out = True
            self.log(
                f"{self.table.names[slot.seat]} did not move within {self.turn_timeout:g} s: a bot plays for them"
            )
        return 0.0

    def _clock_turn(self) -> None:
        """Start the turn timer again whenever the position changes; a timed-out seat whose turn
        has passed on plays for itself again."""
        key = (self.table.version, self.table.state.to_act)
        if key == self._turn:
            return
        if key[1] != self._turn[1]:
            for slot in self.slots.values():
                if slot.timed_out:
                    slot.timed_out = False
                    if slot.conn is not None:
                        slot.stand_in = None
                        self._presence_changed()
        self._turn, self._turn_since = key, time.monotonic()

    def _playing_stand_in(self, seat: int) -> Bot | None:
        """The stand-in that plays ``seat`` now: only while its player is away or out of time (the
        pacer asks again after the bot delay, so a player back in time plays their own card)."""
        slot = self.slots.get(seat)
        if slot is None or (slot.conn is not None and not slot.timed_out):
            return None
        return slot.stand_in

    async def _drive(self) -> None:
        """Play bots (and stand-ins for away players) whenever one of them is to act."""
        while not self.closing:
            self.changed.clear()
            timeout = await self._step()
            if timeout == 0:
                continue
            try:  # asyncio.timeout, not wait_for: 3.11's wait_for can swallow a cancellation
                async with asyncio.timeout(timeout):
                    await self.changed.wait()
            except TimeoutError:
                pass

    async def _step(self) -> float | None:
        """Do at most one bot move; 0 means "call again", else how long to wait for a change."""
        table = self.table
        self._clock_turn()
        seat = table.state.to_act
        if seat is None or table.state.is_over or not self.all_joined():
            return None
        if seat in self.slots:
            bot, wait = self._stand_in_for(seat)
            if bot is None:
                return wait
        elif seat not in table.bots:
            return None
        version = table.version
        if await self.pacer.move(pause_before(table, self.bot_delay)) is None and table.version == version:
            return None  # nothing played: the player came back (that change wakes us) or the pacer gave up
        return 0
