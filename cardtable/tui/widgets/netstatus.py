"""The link state of a remote seat, shown on a line of the table screen.

:func:`watch_connection` is called by the table screen on every update: for handles that report
a ``status`` (remote seats) it shows a status line while reconnecting and says when the table has
closed (the screen then asks the app what comes next).  The same line says when the table could
not be saved (a handle's ``save_problem``, local or remote: the host's disk full, say), for as
long as the save file is behind.  Otherwise no line is mounted.
"""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from cardtable.seat_handle import SeatHandle

RECONNECTING = "Connection lost — reconnecting…"
NOT_SAVED = "Not saved"
Notice = tuple[str, bool]  # (text, the table has closed)


def connection_notice(handle: SeatHandle) -> Notice | None:
    """(text, closed) for a remote handle that is not simply connected, or a table whose save is
    behind; None otherwise."""
    problem = handle.save_problem
    unsaved = (
        (f"{NOT_SAVED}: {problem}. Play goes on; the game is saved again after every move.", False)
        if problem
        else None
    )
    if not handle.networked:
        return unsaved  # a local table: only its save can be behind
    if handle.is_closed:
        reason = handle.closed_reason or handle.status.removeprefix("closed: ")
        return f"The table has closed: {reason}", True
    if handle.status.startswith("reconnecting"):
        return RECONNECTING, False
    return unsaved


class NetStatus(Static):
    """The one-line link state; it remembers the notice it shows, so a repeat draws nothing."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(Text(notice[0], style="bold"), id="net-status")
        self.notice: Notice | None = notice
        self.styles.height = 1  # inline: no style sheet of the table can change the alarm's look
        self.styles.padding = (0, 1)
        self.styles.background = "darkred"
        self.styles.color = "white"

    def show(self, notice: Notice | None) -> None:
        """Show ``notice``, or hide the line when the link is back (None)."""
        self.notice = notice
        if notice is None:
            self.display = False
            return
        self.update(Text(notice[0], style="bold"))
        self.display = True


def watch_connection(screen: Screen, handle: SeatHandle) -> str | None:
    """Show the link state of ``handle`` on ``screen`` (a status line and a notice); the text to
    show when the table has just closed, None otherwise."""
    notice = connection_notice(handle)
    line: NetStatus | None = getattr(screen, "_net_status", None)  # kept on the screen: no query per update
    shown = line.notice if line is not None else None
    if notice == shown:
        return None
    if line is not None:
        line.show(notice)
    elif notice is not None:  # (no line and no notice returned above)
        anchor = screen.query("#header")
        line = screen._net_status = NetStatus(notice)  # type: ignore[attr-defined]
        screen.mount(line, after=anchor.first() if anchor else None)
    if notice is None:
        was_unsaved = shown is not None and shown[0].startswith(NOT_SAVED)
        screen.notify("The game is saved again" if was_unsaved else "Connected to the table again")
        return None
    text, closed = notice
    screen.notify(
        text, title="Connection", severity="error" if closed else "warning", timeout=8 if closed else 4
    )
    return text if closed else None
