"""Joining a hosted table from the lobby, and what a remote player sees when the link fails.

:class:`JoinScreen` (lobby key ``j``): the table's address and the join code, checked before
anything is sent; the connection is made in a worker thread (the UI stays live, Escape gives up)
with a time limit, and then the table screen opens for that seat exactly as ``cardtable join``
opens it.  Refusals are shown in words: a bad address, nobody listening, no answer in time, or
the server's own message (e.g. an unknown join code).

:func:`watch_connection` is called by the table screen on every update from another thread:
for handles that report a ``status`` (remote seats) it shows a status line while reconnecting
and, once the table has closed, a dialog to go back to the lobby or quit.  Local handles have
no ``status``: nothing happens for them.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from games.core import CardtableError

from ..widgets.field import Field
from ..widgets.toosmall import TooSmall
from .base import SizedModal, SizedScreen

CONNECT_TIMEOUT = 10.0


def default_address() -> str:
    from cardtable.net.client import DEFAULT_PORT

    return f"127.0.0.1:{DEFAULT_PORT}"


def explain_failure(error: Exception, where: str, timeout: float) -> str:
    """A player's sentence for a failed join (the server's refusal is quoted as it came)."""
    text = str(error)
    low = text.lower()
    if "refused" in low and "join code" not in low or "connect call failed" in low:
        return f"Nobody is hosting at {where} (connection refused): check the address and that the table is open."
    if "timed out" in low or "in time" in low or low.rstrip().endswith(":"):  # a timeout has no text
        return f"The table at {where} did not answer within {timeout:g} s: check the address and your network."
    if "cannot reach the table" in low:
        return f"Cannot reach {where}: {text.split(': ', 1)[-1]}"
    return f"The table refused: {text}"


class JoinScreen(SizedScreen):
    """Address and code in, a table screen for that remote seat out."""

    AUTO_FOCUS = "#join-address"
    DEFAULT_CSS = """
    JoinScreen #join-form { height: 1fr; padding: 1 2; }
    JoinScreen .row { height: 1; margin-bottom: 1; }
    JoinScreen .row .label { width: 16; }
    JoinScreen .row Input { width: 40; }
    JoinScreen #join-status { height: auto; margin-top: 1; }
    JoinScreen #join-status.-error { color: $error; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "join", "Join")]

    def __init__(self, address: str | None = None, code: str = "", timeout: float = CONNECT_TIMEOUT) -> None:
        super().__init__()
        self.address, self.code, self.timeout = address or default_address(), code, timeout
        self.connecting = False
        self._attempt = 0

    def compose(self) -> ComposeResult:
        yield Static("cardtable — join a hosted table", id="lobby-title")
        with VerticalScroll(id="join-form"):
            with Horizontal(classes="row"):
                yield Label("Address", classes="label")
                yield Field(self.address, placeholder="host:port", id="join-address", compact=True)
            with Horizontal(classes="row"):
                yield Label("Join code", classes="label")
                yield Field(self.code, placeholder="e.g. k7mq-2xpd", id="join-code", compact=True)
            yield Static("The host's screen shows each seat's code and address "
                         "(cardtable join HOST:PORT --code CODE).", classes="hint")
            yield Button("Join (Enter)", id="join", variant="primary", compact=True)
            yield Static("", id="join-status")
        yield Footer()
        yield TooSmall()

    def _status(self, text: str, error: bool = False) -> None:
        w = self.query_one("#join-status", Static)
        w.update(text)
        w.set_class(error, "-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "join-address" and not self.query_one("#join-code", Input).value.strip():
            self.query_one("#join-code", Input).focus()
            return
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self.action_join()

    def read_form(self) -> tuple[str, str]:
        """The (address, code) in the form; CardtableError naming what is wrong."""
        from cardtable.net.client import parse_address

        address = self.query_one("#join-address", Input).value.strip() or default_address()
        host, port = parse_address(address)  # ProtocolError: bad address / bad port
        if port == 0:
            raise CardtableError(f"bad port 0 in {address!r}: write the port the host shows")
        code = self.query_one("#join-code", Input).value.strip()
        if not code:
            raise CardtableError("enter the join code the host gave you (e.g. k7mq-2xpd)")
        where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        return where, code

    def action_join(self) -> None:
        if self.connecting:
            return
        try:
            where, code = self.read_form()
        except CardtableError as exc:
            self._status(str(exc), error=True)
            return
        self.connecting = True
        self._attempt += 1
        attempt = self._attempt
        self.query_one("#join", Button).disabled = True
        self._status(f"Connecting to {where}… (Esc gives up)")
        self.run_worker(lambda: self._connect(where, code, attempt), thread=True, group="join",
                        exit_on_error=False)

    def _connect(self, where: str, code: str, attempt: int) -> None:
        """Worker thread: join the table (blocking, bounded by the timeout)."""
        from cardtable.net.client import RemoteSeatHandle

        try:
            handle = RemoteSeatHandle(where, code, timeout=self.timeout).connect()
        except (CardtableError, OSError) as exc:
            self.app.call_from_thread(self._failed, explain_failure(exc, where, self.timeout), attempt)
            return
        self.app.call_from_thread(self._joined, handle, attempt)

    def _failed(self, message: str, attempt: int) -> None:
        if attempt != self._attempt or not self.is_attached:
            return
        self.connecting = False
        self.query_one("#join", Button).disabled = False
        self._status(message, error=True)
        self.notify(message, title="Cannot join", severity="error")

    def _joined(self, handle, attempt: int) -> None:
        if attempt != self._attempt or not self.is_attached:
            handle.close()  # the player gave up meanwhile
            return
        self.connecting = False
        if handle.is_closed:
            self._failed(f"The table closed at once: {handle.closed_reason}", attempt)
            handle.close()
            return
        self.app._open_table([handle], None)  # the same path as run_remote / cardtable join

    def action_back(self) -> None:
        self._attempt += 1  # a late answer is dropped (and its connection closed)
        self.connecting = False
        self.app.pop_screen()


# -- connection status at the table ---------------------------------------------------

RECONNECTING = "Connection lost — reconnecting…"


def connection_notice(handle) -> tuple[str, bool] | None:
    """(text, closed) for a remote handle that is not simply connected; None otherwise."""
    status = getattr(handle, "status", None)
    if not isinstance(status, str):
        return None  # a local handle
    if getattr(handle, "is_closed", False):
        reason = getattr(handle, "closed_reason", None) or status.removeprefix("closed: ")
        return f"The table has closed: {reason}", True
    if status.startswith("reconnecting"):
        return RECONNECTING, False
    return None


def watch_connection(screen: Screen) -> None:
    """Show the link state of the screen's remote handle: a status line, a notice, a closing dialog."""
    handles = getattr(screen, "handles", None) or []
    handle = getattr(screen, "active", None) or (handles[0] if handles else None)
    notice = connection_notice(handle)
    if notice is None and getattr(screen, "_net_notice", None) is None:
        return
    shown = getattr(screen, "_net_notice", None)
    if notice == shown:
        return
    screen._net_notice = notice  # type: ignore[attr-defined]
    lines = screen.query("#net-status")
    if notice is None:
        if lines:
            lines.first().display = False
        screen.notify("Connected to the table again")
        return
    text, closed = notice
    line = Text(text, style="bold")
    if lines:
        lines.first().update(line)
        lines.first().display = True
    else:
        w = Static(line, id="net-status")
        w.styles.height = 1
        w.styles.padding = (0, 1)
        w.styles.background = "darkred"
        w.styles.color = "white"
        anchor = screen.query("#header")
        screen.mount(w, after=anchor.first() if anchor else None)
    screen.notify(text, title="Connection", severity="error" if closed else "warning", timeout=8 if closed else 4)
    if closed:
        screen.app.push_screen(TableClosedScreen(text))


def _lobby_in(app) -> bool:
    from .lobby import LobbyScreen

    return any(isinstance(s, LobbyScreen) for s in app.screen_stack)


class TableClosedScreen(SizedModal):
    """The remote table has gone: back to the lobby (when there is one) or quit."""

    BINDINGS = [Binding("l", "lobby", "Back to lobby"), Binding("q,escape", "quit", "Quit")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="table-closed"):
            yield Static("The table has closed", classes="dialog-title")
            reason = self.text.removeprefix("The table has closed: ")
            yield Static(reason[:1].upper() + reason[1:] + ".")
            with Horizontal(classes="buttons"):
                if _lobby_in(self.app):
                    yield Button("Back to lobby (l)", id="lobby", variant="primary", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
        yield TooSmall()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "lobby":
            self.action_lobby()
        else:
            self.action_quit()

    def action_lobby(self) -> None:
        from .lobby import LobbyScreen

        if not _lobby_in(self.app):
            return
        while not isinstance(self.app.screen, LobbyScreen):
            self.app.pop_screen()

    def action_quit(self) -> None:
        self.app.exit()
