"""A hosted table served from a background thread, for front ends that keep their own loop.

:class:`BackgroundHost` runs :func:`cardtable.doors.host.serve` on an asyncio loop in a daemon
thread.  ``start()`` blocks until the server listens (or raises the CardtableError that stopped
it); ``stop()`` closes it the way Ctrl-C closes ``cardtable host``: byes to every player, the ssh
children hung up (their terminals reset), the table saved.  The join instructions become ``text``; the
server's later console lines (joins, leaves, errors, the closing line) go to ``echo``.

The class is the lobby's host service (:class:`cardtable.tui.screens.host.HostService`): the program
that starts the app (``cardtable``) passes it in, so that the table UI never imports what serves a
table.  Importing this module is cheap; the server is loaded when a table is hosted.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from games.core import CardtableError

if TYPE_CHECKING:
    from cardtable.net.config import HostConfig
    from cardtable.net.server import TableServer


class BackgroundHost:
    """``serve(cfg)`` in a thread: ``start()`` -> join text; ``stop()`` -> closed and saved."""

    def __init__(self, cfg: HostConfig, echo: Callable[[str], None] = lambda text: None) -> None:
        self.cfg = cfg
        self.echo = echo
        self.server: TableServer | None = None
        self.text = ""  # the join instructions (codes and commands)
        self.port: int | None = None
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._early: list[str] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task | None = None
        self._thread: threading.Thread | None = None

    def _echo(self, text: str) -> None:
        if not self._ready.is_set():
            self._early.append(text)  # the join instructions are the last line said before ready
            return
        self.echo(text)

    def _on_ready(self, server: TableServer) -> None:
        self.server = server
        self.port = server.servers[0].sockets[0].getsockname()[1]
        if self._early:  # earlier lines (a door tidying up after a killed host) are log lines
            self.text = self._early.pop()
            for line in self._early:
                self.echo(line)
        self._ready.set()

    def _run(self) -> None:
        from .host import serve  # start-up: the lobby holds this class from its start

        async def go() -> None:
            self._loop = asyncio.get_running_loop()
            self._task = asyncio.current_task()
            await serve(self.cfg, echo=self._echo, ready=self._on_ready)

        try:
            asyncio.run(go())
        except asyncio.CancelledError:
            pass
        except BaseException as exc:
            self.error = exc
        finally:
            self._ready.set()

    def start(self, timeout: float = 30.0) -> str:
        """Start serving; returns the join text.  CardtableError if the table cannot be served."""
        self._thread = threading.Thread(target=self._run, name="cardtable-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            self.stop()
            raise CardtableError(f"the table did not start within {timeout:g} s")
        if self.server is None:
            exc = self.error
            if isinstance(exc, CardtableError):
                raise exc
            raise CardtableError(f"the table could not start: {exc}")
        return self.text

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and self.server is not None

    def code_for(self, seat: int) -> str:
        assert self.server is not None
        return self.server.slots[seat].code

    def stop(self, timeout: float = 10.0) -> None:
        """Close the table (byes, ssh children hung up, record saved) and wait for the thread."""
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(task.cancel)
            except RuntimeError:  # the loop has already finished
                pass
        if self._thread is not None:
            self._thread.join(timeout)
        if self.server is not None and self.server.table.save_path is not None:
            try:
                self.server.table.save()
            except (CardtableError, OSError):
                pass
