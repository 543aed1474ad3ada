"""The one bot runner of every front end: the TUI, the table server and ``cardtable watch``.

A :class:`Pacer` plays the bot seats of one :class:`~cardtable.session.Table`, one move at a
time, on the running asyncio loop (Textual's or the server's):

- it waits the bot delay (:func:`pause_before` says how long for this position), then takes the
  bot's task under the table's lock and lets the bot think in a thread of its own, never on
  the loop, so the screen and the other connections stay live however long a search bot thinks;
- it applies the move once, and only if the table is still at the position the bot thought
  about (``Table.version``); a move thought out for a position that has gone is dropped;
- it never has two thinks for the same seat and position at once;
- a bot that raises, or chooses a move the rules refuse, costs a line said through ``note``
  ("Ben's bot failed (ValueError); it played the first legal move instead") and the first legal
  move is played for it: never a silent retry, never a silent stop.  Should even that move be
  refused, the pacer says so and leaves that position alone.

No Textual here: the TUI hands ``note`` its notifications, the server its host log.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from cardtable.session import BotTurn, Table
    from games.bots import Bot
    from games.core import Action

BOT_DELAY = 0.6  # seconds a bot pauses before each move, unless the player or host sets another pace
TRICK_PAUSE = 2.5  # a finished trick stays up this many bot delays (the TUI: or until a key)
QUICK_STEP = 0.12  # seconds between a bot's own consecutive choices that play no card

T = TypeVar("T")


def pause_before(table: Table, delay: float, trick_up: bool = False) -> float:
    """How long to wait before the next bot move: ``delay``, longer while a finished trick is
    still shown (``trick_up``), shorter when the bot that just chose a grid square, a discard or
    a draw chooses again (a draw is watched step by step, a square needs no pause)."""
    if trick_up:
        return delay * TRICK_PAUSE
    state = table.state
    if (
        state.history
        and state.actors
        and state.actors[-1] == state.to_act
        and state.history[-1].kind != "play"
    ):
        return delay / 2 if state.history[-1].kind == "draw" else min(delay, QUICK_STEP)
    return delay


async def in_thread(fn: Callable[[], T]) -> T:
    """Run ``fn`` in a daemon thread of its own and wait for it without blocking the loop.

    Unlike the loop's default executor, a thread still thinking when the program ends does not
    hold up its exit; a caller that stops waiting (cancelled) simply never gets the result."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future = loop.create_future()

    def settle(ok: bool, value: Any) -> None:
        if not done.done():
            done.set_result(value) if ok else done.set_exception(value)

    def run() -> None:
        value: object
        try:
            ok, value = True, fn()
        except Exception as exc:
            ok, value = False, exc
        try:
            loop.call_soon_threadsafe(settle, ok, value)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    threading.Thread(target=run, name="cardtable-bot", daemon=True).start()
    return await done


class Pacer:
    """Plays the bots of ``table``.  ``stand_in(seat)`` may name a bot for a seat that is not
    one of the table's own bots (the server's stand-in for an away player); ``note`` receives
    every line a person should read (a bot that failed); ``apply_in_thread`` applies the moves
    in a thread too (the server: saving the table must not hold up other connections)."""

    def __init__(
        self,
        table: Table,
        *,
        note: Callable[[str], None] = lambda text: None,
        stand_in: Callable[[int], Bot | None] | None = None,
        apply_in_thread: bool = False,
    ) -> None:
        self.table = table
        self.note = note
        self.stand_in = stand_in
        self.apply_in_thread = apply_in_thread
        self.thinks = 0  # how many thinks have started (for the curious and the tests)
        self._thinking: set[tuple[int, int]] = set()  # (seat, version) being thought about now
        self._given_up: int | None = None  # the version where even the fallback move was refused
        self._task: asyncio.Task | None = None  # the move :meth:`start` scheduled, until it applies

    # -- who plays ------------------------------------------------------------------
    def bot_for(self, seat: int) -> Bot | None:
        """The bot that plays ``seat`` now: the table's own, else a stand-in, else None."""
        bot = self.table.bots.get(seat)
        if bot is None and self.stand_in is not None:
            bot = self.stand_in(seat)
        return bot

    def due(self) -> int | None:
        """The seat whose bot must move now, if any (None at a position the pacer gave up)."""
        state = self.table.state
        seat = state.to_act
        if seat is None or state.is_over or self.table.version == self._given_up:
            return None
        return seat if self.bot_for(seat) is not None else None

    @property
    def busy(self) -> bool:
        """A move scheduled by :meth:`start` is waiting or thinking."""
        return self._task is not None

    # -- one paced move ---------------------------------------------------------------
    def start(self, delay: float, done: Callable[[], None] | None = None) -> bool:
        """Schedule one bot move after ``delay`` seconds on the running loop (a front end that
        redraws on every table change: the TUI).  False when one is already under way or no bot
        is to act.  ``done`` is called when the move ended without changing the table (the
        position moved on meanwhile), so the caller can look again."""
        if self.busy or self.due() is None:
            return False
        self._task = asyncio.get_running_loop().create_task(self._one(delay, done))
        return True

    def cancel(self) -> None:
        """Forget the scheduled move (a bot still thinking finishes in its thread, unheard)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _one(self, delay: float, done: Callable[[], None] | None) -> None:
        me = asyncio.current_task()
        applied = None
        try:
            applied = await self.move(delay, thought=lambda: self._release(me))
        finally:
            self._release(me)
        if applied is None and done is not None:
            done()

    def _release(self, task: asyncio.Task | None) -> None:
        if self._task is task:
            self._task = None

    async def move(self, delay: float = 0.0, thought: Callable[[], None] | None = None) -> Action | None:
        """Wait ``delay``, let the bot to act think, apply its move: the move applied, or None
        (no bot to act, the position moved on, another think for it under way, or given up).
        ``thought`` is called once the thinking is over, just before the move is applied."""
        if delay > 0:
            await asyncio.sleep(delay)
        seat = self.due()
        bot = self.bot_for(seat) if seat is not None else None
        version = self.table.version
        if bot is None or seat is None or (seat, version) in self._thinking:
            return None  # (checked before the bot is reseeded: a think under way is never disturbed)
        key = (seat, version)
        self._thinking.add(key)
        try:
            turn = self.table.bot_turn(seat, bot)
            if turn is None or turn.version != key[1]:
                return None
            self.thinks += 1
            try:
                action, failure = await in_thread(turn.think), None
            except Exception as exc:
                action, failure = None, exc
        finally:
            self._thinking.discard(key)
        if thought is not None:
            thought()
        return await self._apply(turn, action, failure)

    async def _apply(self, turn: BotTurn, action: Action | None, failure: Exception | None) -> Action | None:
        """Apply the bot's choice; a failed think or a refused choice plays the first legal move."""
        if failure is None and action is not None:
            try:
                return await self._submit(turn, action)
            except Exception as exc:
                failure = exc
        name = self.table.names[turn.seat]
        fallback = turn.legal[0]
        try:
            applied = await self._submit(turn, fallback)
        except Exception as exc:
            self._given_up = turn.version
            self.note(
                f"{name}'s bot failed ({type(failure).__name__}) and even the first legal move was "
                f"refused ({type(exc).__name__}): the table waits"
            )
            return None
        if applied is not None:
            self.note(
                f"{name}'s bot failed ({type(failure).__name__}); it played the first legal move instead "
                f"({fallback.text})"
            )
        return applied

    async def _submit(self, turn: BotTurn, action: Action) -> Action | None:
        def apply() -> Action | None:
            return self.table.submit_if(turn.version, turn.seat, action)

        return await in_thread(apply) if self.apply_in_thread else apply()
