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
- the moves of its players: ``Table.submit(seat, ...)`` for the connection's own seat only.

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

from cardtable.pacer import BOT_DELAY, Pacer, pause_before
from cardtable.session import Table
from games.bots import Bot, make_bot
from games.core import CardtableError, IllegalActionError, ProtocolError

from . import wire

if TYPE_CHECKING:
    from .server import Connection

_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i


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
        self.members: set[Connection] = set()  # the connections that joined this room
        self.closing = False
        self.changed = asyncio.Event()  # set on every change the driver may care about
        self.pacer = Pacer(
            table, note=lambda text: self.log(text), stand_in=self._playing_stand_in, apply_in_thread=True
        )
        self._driver: asyncio.Task | None = None
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

    async def close(self) -> None:
        """Stop the driver and stop listening to the table (the server says bye to the members)."""
        self.closing = True
        if self._driver is not None:
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)
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
        """Remote seats nobody has come to yet (none once the match is over)."""
        if self.table.state.is_over:
            return []
        return [s for s, slot in sorted(self.slots.items()) if not slot.joined and slot.conn is None]

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
        if old is not None:
            old.send({"type": "bye", "reason": "you joined this seat from another connection"})
        slot.conn, slot.joined, slot.left_at, slot.stand_in = conn, True, None, None
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
        return {"type": "table", "seats": seats, "waiting": waiting}

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
        """The bot that plays an away seat now, or (None, seconds until one may)."""
        slot = self.slots[seat]
        if slot.conn is not None or not slot.joined:
            return None, None
        waited = time.monotonic() - (slot.left_at or time.monotonic())
        if self.while_away == "wait" and waited < self.hold:
            return None, self.hold - waited
        if slot.stand_in is None:
            slot.stand_in = make_bot(
                self.stand_in_level, self.table.state.rules.name, self.table.state.seed * 103 + seat
            )
            self.log(f"a bot plays for {self.table.names[seat]} until they return")
            self._presence_changed()
        return slot.stand_in, None

    def _playing_stand_in(self, seat: int) -> Bot | None:
        """The stand-in that plays ``seat`` now: only while its player is away (the pacer asks
        again after the bot delay, so a player back in time plays their own card)."""
        slot = self.slots.get(seat)
        return slot.stand_in if slot is not None and slot.conn is None else None

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
