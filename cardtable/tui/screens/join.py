"""Joining a hosted table from the lobby.

:class:`JoinScreen` (lobby key ``j``): the table's address and the join code, checked before
anything is sent; the connection is made in a worker thread (the UI stays live, Escape gives up)
with a time limit, and the screen then gives back the connected seat handle as its result (the
app opens the table screen for it exactly as ``cardtable join`` does).  Refusals are shown in
words: a bad address, nobody listening, no answer in time, or the server's own message (e.g. an
unknown join code).

What a remote player sees when the link fails lives with the table: the status line in
:mod:`cardtable.tui.widgets.netstatus`, the closing dialog in :mod:`.modals` (both named here too).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Input, Static

from games.core import CardtableError

from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from ..widgets.netstatus import RECONNECTING, connection_notice
from ..widgets.options import form_row
from ..widgets.toosmall import TooSmall
from .base import SizedScreen
from .modals import TableClosedScreen

__all__ = [
    "CONNECT_TIMEOUT",
    "RECONNECTING",
    "JoinScreen",
    "TableClosedScreen",
    "connection_notice",
    "default_address",
    "explain_failure",
]

CONNECT_TIMEOUT = 10.0


def default_address() -> str:
    from cardtable.net.client import DEFAULT_PORT

    return f"127.0.0.1:{DEFAULT_PORT}"


def explain_failure(error: Exception, where: str, timeout: float) -> str:
    """A player's sentence for a failed join (the server's refusal is quoted as it came)."""
    text = str(error)
    low = text.lower()
    if ("refused" in low and "join code" not in low) or "connect call failed" in low:
        return f"Nobody is hosting at {where} (connection refused): check the address and that the table is open."
    if "timed out" in low or "in time" in low or low.rstrip().endswith(":"):  # a timeout has no text
        return (
            f"The table at {where} did not answer within {timeout:g} s: check the address and your network."
        )
    if "cannot reach the table" in low:
        return f"Cannot reach {where}: {text.split(': ', 1)[-1]}"
    return f"The table refused: {text}"


class JoinScreen(SizedScreen):
    """Address and code in, the connected seat handle out (None when the player goes back)."""

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
            yield form_row(
                "Address", Field(self.address, placeholder="host:port", id="join-address", compact=True)
            )
            yield form_row(
                "Join code", Field(self.code, placeholder="e.g. k7mq-2xpd", id="join-code", compact=True)
            )
            yield Static(
                "The host's screen shows each seat's code and address "
                "(cardtable join HOST:PORT --code CODE).",
                classes="hint",
            )
            yield Button("Join (Enter)", id="join", variant="primary", compact=True)
            yield Static("", id="join-status")
        yield KeyBar()
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
        self.run_worker(
            lambda: self._connect(where, code, attempt), thread=True, group="join", exit_on_error=False
        )

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
        self.dismiss(handle)  # the app opens the table: the same path as run_remote / cardtable join

    def action_back(self) -> None:
        self._attempt += 1  # a late answer is dropped (and its connection closed)
        self.connecting = False
        self.dismiss(None)
