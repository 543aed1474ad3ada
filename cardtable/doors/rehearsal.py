"""A rehearsal of the seat UI in the seat template, before it forks any seat (issue 20: memory per seat).

Every seat process is forked from the template (:mod:`cardtable.doors.template`) and shares its pages
until it writes to them.  Measured with /proc/PID/pagemap, most of a seat's own memory was not
new objects but copies of template pages that the seat wrote into, and two kinds of writes are
the same in every seat, so the template can take them over:

- the first use of the table UI: module- and class-level caches filled on first use (Rich's cell
  widths and parsed styles, Textual's colours and CSS selectors, ``functools`` caches) and the
  specialised bytecode that Python 3.11 writes into a code object the first times it runs.  The
  rehearsal runs the real table UI once, so that all of it is done before the fork;
- a function call writes to its code object (its reference count, and the counters of the
  specialised bytecode), so every page holding a code object that a seat runs is copied into that
  seat.  Those code objects lay scattered among everything else the imports made; :func:`pack_code`
  gives the functions that ran in the rehearsal fresh copies of their code objects, made one after
  the other, so that the code a seat runs fills few pages, and the pages it does not run stay shared
  (only the seat's code is noted: not the table's side, which a seat never runs).
  A copy is the same code (``code.replace()``): same bytecode, constants, names and line numbers.

The rehearsal reads a seat's command line, then runs the table UI headless over a local table
with a stand-in for the remote seat handle whose views go through the wire encoding as a remote
seat's do: it draws the table screen, plays a card, sees the next player's card come in, moves
the selection and exits.  It holds no player's data, opens no terminal and no socket, writes no
file (no save path, no match record), and leaves no thread or event loop behind.  It never
raises: a failed rehearsal only costs the sharing, and the template serves seats as it would
without it.  Measured with
benchmarks/bench_ssh.py: the rehearsal alone took the unique memory per seat from 17.4 to 16.6 MiB,
with the packed code to 15.2-15.4 MiB (4 and 20 seats; Python 3.11).  The ssh seat's own terminal
and network code, which the rehearsal cannot run, is neither warmed nor packed (rehearsing it over
a real table server measured no better).  The packed copies are not yet specialised, so each seat
spends about 10 ms more CPU on its first screen than with the rehearsal alone (a second rehearsal
would specialise them, but cost 0.7 MiB per seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future

import textual.pilot  # noqa: F401  (the rehearsal's own, imported before any code is noted)

from cardtable.net import wire
from cardtable.session import LocalSeatHandle, SeatConfig, Table
from cardtable.tui.app import CardTableApp
from games.core import SeatView

from .seat import parse_args

GAME = "tricks_n_trumps"
#: The terminal of the rehearsal: the usual default size (what a seat shares hardly depends on it).
SIZE = (80, 24)
#: How many turns of the event loop the played card may take to land (one, on a quiet machine).
PAUSES = 100
#: How long the threads the rehearsal started may take to end (at once, on a quiet machine).
THREADS_SECONDS = 10.0


@contextlib.contextmanager
def _unrecorded() -> Iterator[None]:
    """Stop noting the code that runs (see :func:`run_recorded`) for a while."""
    previous = sys.getprofile()
    sys.setprofile(None)
    try:
        yield
    finally:
        sys.setprofile(previous)


class RehearsalHandle(LocalSeatHandle):
    """A local seat that looks like a connected remote one to the table screen: it has a link
    status, nobody away, and moves sent without waiting (``submit_later``), as over the network."""

    networked = True
    status = "connected"

    def view(self) -> SeatView:
        """The seat's view as a remote seat gets it: encoded, sent as a line of JSON, decoded."""
        with _unrecorded():  # the table's side: a seat never runs it
            line = wire.dumps({"type": "view", "view": wire.encode_view(super().view())})
        return wire.decode_view(wire.loads(line, wire.MAX_SERVER_LINE)["view"])

    def submit_later(self, action) -> Future:
        """Apply the move now; a future done with None, or with the table's refusal."""
        with _unrecorded():
            return super().submit_later(action)


def _another_plays(table: Table) -> None:
    """The seat to act now (another player) plays its first legal card, on the table's side."""
    with _unrecorded():
        seat = table.state.to_act
        if seat is not None:
            table.submit(seat, table.view(seat).legal[0])


def rehearsal_table() -> Table:
    """Four seats at a fresh table of the benchmark's game, never saved nor recorded."""
    table = Table.new(
        GAME, [SeatConfig("human", f"Seat {i + 1}") for i in range(4)], {"hand_size": 8}, seed=1
    )
    table.record_matches = False
    return table


async def play_once(table: Table, size: tuple[int, int] = SIZE) -> None:
    """Draw the table screen for the seat to act, play its selected card, see the next player's
    card come in, move the selection, exit."""
    parse_args(["--unix", "/nowhere", "--token", "-token"])  # a seat reads its command line first
    seat = table.state.acting
    app = CardTableApp(table_handles=[RehearsalHandle(table, seat)], driver=None, ascii_suits=False)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # plays the selected card, as a seat's first key often does
        for _ in range(PAUSES):  # on a busy host the card may take a few turns of the loop
            await pilot.pause()
            if table.state.to_act != seat:
                break
        else:
            raise RuntimeError("the rehearsal's card was not played")
        _another_plays(table)  # and the next player's card comes in, as it does over the network
        await pilot.pause()
        await pilot.press("right", "left")
        await pilot.pause()


#: Code objects by id: code objects that are equal (same name, line and bytecode in two files)
#: are still two.
Codes = dict[int, types.CodeType]


def _recorder(ran: Codes) -> Callable:
    """A profile function that notes the code of every Python function called."""

    def note(frame: types.FrameType, event: str, arg: object) -> None:
        if event == "call":
            ran[id(frame.f_code)] = frame.f_code

    return note


def run_recorded(ran: Codes, size: tuple[int, int] = SIZE) -> bool:
    """Play once, noting into ``ran`` the code that ran in this thread; True if it went to its end."""
    previous = sys.getprofile()
    try:
        sys.setprofile(_recorder(ran))
        asyncio.run(play_once(rehearsal_table(), size))
    except Exception:
        return False
    finally:
        sys.setprofile(previous)
        asyncio.set_event_loop(None)
    return True


#: The code objects replaced by packed copies, kept alive: freed, they would leave holes in pages
#: that no seat writes to otherwise, and each seat's new objects would fill them (measured: about
#: 2 MiB more per seat).
_REPLACED: list[types.CodeType] = []


def pack_code(ran: Iterable[types.CodeType], objects: Iterable[object] | None = None) -> int:
    """Give each function whose code is in ``ran`` a fresh copy of that code, the copies made one
    after the other in the order of ``ran`` (the order the code first ran) so that they share few
    pages; the number of functions changed.  Code nested in a copied code object's constants
    (inner functions, comprehensions) is copied too if it ran.  ``objects``: where to look for
    the functions (default: every object the garbage collector tracks)."""
    hot = {id(code): code for code in ran}
    funcs = [
        o
        for o in (gc.get_objects() if objects is None else objects)
        if isinstance(o, types.FunctionType) and id(o.__code__) in hot
    ]
    copies: Codes = {}

    def copy(code: types.CodeType) -> types.CodeType:
        if id(code) not in copies:
            consts = tuple(
                copy(c) if isinstance(c, types.CodeType) and id(c) in hot else c for c in code.co_consts
            )
            copies[id(code)] = code.replace(co_consts=consts)
        return copies[id(code)]

    order = {key: i for i, key in enumerate(hot)}
    for func in sorted(funcs, key=lambda f: order[id(f.__code__)]):
        func.__code__ = copy(func.__code__)
    _REPLACED.extend(hot[key] for key in copies)
    return len(funcs)


def _join_new_threads(before: set[threading.Thread], timeout: float = THREADS_SECONDS) -> bool:
    """Wait (``timeout`` seconds in all) for the threads started since ``before``; True if none
    is left alive."""
    left = [t for t in threading.enumerate() if t not in before]
    deadline = time.monotonic() + timeout
    for thread in left:
        thread.join(max(0.0, deadline - time.monotonic()))
    return not any(t.is_alive() for t in left)


def rehearse(size: tuple[int, int] = SIZE) -> bool:
    """Rehearse the seat UI here and pack the code it ran (see the module docstring); True if the
    rehearsal went to its end and left no thread behind.  Never raises."""
    before = set(threading.enumerate())
    ran: Codes = {}
    played = run_recorded(ran, size)
    quiet = _join_new_threads(before)
    gc.collect()
    try:
        pack_code(ran.values())
    except Exception:
        pass
    return played and quiet
