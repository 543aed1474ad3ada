"""Hosting a table from the lobby (key ``h``).

The form: the number of players, each seat (``me``: the host plays it here; ``remote``: a friend
joins it with its code; or a bot level) with a name, the game's options, the port (loopback
unless the host ticks "all interfaces", with a warning), optional ssh and web browser doors, and a seed.
Start hands the table to the app's host service (:class:`HostService`: the program that starts
the app passes one in, :class:`cardtable.doors.background.BackgroundHost`, which serves the table
on a background thread; the screen never imports what serves a table) and shows the join codes
with the exact ``cardtable join ...`` and ``ssh -p ...`` lines, plus the server's log.  ``t`` takes the host's
own seat: it joins through a RemoteSeatHandle to loopback, like every other player, and posts
:class:`HostScreen.SeatTaken` with that handle (the app opens the table over this screen).  Leaving
this screen (Esc, or quitting the app) closes the table: byes to the players, the ssh children
hung up and their terminals reset, the record saved.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from cardtable.pacer import BOT_DELAY
from games import get_rules
from games.bots import LEVELS
from games.core import CardtableError

from ..players import BOT_NAMES
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from ..widgets.options import form_row, option_text, option_widget, picked, players_row
from ..widgets.toosmall import TooSmall
from .base import SizedScreen

if TYPE_CHECKING:
    from cardtable.net.config import HostConfig

KINDS = [("me (play here)", "me"), ("remote player", "remote")] + [(f"bot: {lv}", lv) for lv in LEVELS]
DEFAULT_SSH_PORT = 2222
DEFAULT_WEB_PORT = 8420
ALL_INTERFACES_WARNING = (
    "Anyone who can reach this computer can try to join: share each code only with its player."
)
LOG_LINES = 200


class HostedTable(Protocol):
    """A table being hosted, as the host screen drives it."""

    port: int | None  # the table port, once serving

    def start(self) -> str:
        """Serve the table; the join text (codes and commands).  CardtableError if it cannot."""
        ...

    def code_for(self, seat: int) -> str:
        """The join code of ``seat``."""
        ...

    def stop(self) -> None:
        """Close the table: byes to the players, their seat processes ended, the record saved."""
        ...


class HostService(Protocol):
    """Makes the table to host from the form's config; ``echo`` gets the server's log lines (from
    another thread)."""

    def __call__(self, cfg: HostConfig, echo: Callable[[str], None]) -> HostedTable: ...


def _port(text: str, what: str) -> int:
    text = text.strip()
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise CardtableError(f"{what} {text!r} is not a port number (0 to 65535; 0 picks a free one)")
    return int(text)


class HostScreen(SizedScreen):
    """The host's form, then the running table's codes and log."""

    class SeatTaken(Message):
        """The host has joined their own seat: ``handle`` is to be played at a table screen."""

        def __init__(self, handle) -> None:
            super().__init__()
            self.handle = handle

    DEFAULT_CSS = """
    HostScreen #host-form { height: 1fr; padding: 0 1; }
    HostScreen #host-seats { height: auto; }
    HostScreen #host-running { height: 1fr; padding: 0 1; display: none; }
    HostScreen.-running #host-form { display: none; }
    HostScreen.-running #host-running { display: block; }
    HostScreen #host-join { height: auto; margin-bottom: 1; }
    HostScreen #host-log { height: 1fr; color: $text-muted; }
    HostScreen #host-warning { color: $warning; padding-left: 16; display: none; }
    HostScreen #host-warning.-on { display: block; }
    HostScreen #host-error { color: $error; height: auto; }
    HostScreen .row Checkbox { border: none; height: 1; padding: 0; }
    """
    BINDINGS = [
        Binding("escape", "leave", "Back / close table"),
        Binding("ctrl+s", "start", "Start hosting"),
        Binding("t", "take_seat", "Take my seat"),
    ]

    def __init__(self, game: str, service: HostService) -> None:
        super().__init__()
        self.rules = get_rules(game)
        self.service = service
        self.host: HostedTable | None = None  # once started
        self.me_seat: int | None = None
        self.me_handle = None
        self.join_text = ""
        self._server_log: deque[str] = deque(maxlen=LOG_LINES)
        self._log_seen = 0
        self._log_total = 0
        self._starting = False
        self._joining = False

    # -- the form ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        from cardtable.net.client import DEFAULT_PORT

        r = self.rules
        yield Static(f"{r.title} — host a table", id="lobby-title")
        with VerticalScroll(id="host-form"):
            yield players_row(r, r.default_seats)
            yield Vertical(id="host-seats")
            yield Static("Options", classes="section")
            for o in r.options:
                yield form_row(o.name, option_widget(o))
                yield Static(o.help, classes="help")
            yield Static("Network", classes="section")
            yield form_row("Port", Field(str(DEFAULT_PORT), id="port", compact=True))
            yield form_row("", Checkbox("Listen on all interfaces", False, id="public", compact=True))
            yield Static("Warning: " + ALL_INTERFACES_WARNING, id="host-warning")
            yield form_row("", Checkbox("Open an ssh door", False, id="ssh", compact=True))
            yield form_row("ssh port", Field(str(DEFAULT_SSH_PORT), id="ssh-port", compact=True))
            yield form_row("", Checkbox("Open a web browser door", False, id="web", compact=True))
            yield form_row("web port", Field(str(DEFAULT_WEB_PORT), id="web-port", compact=True))
            yield form_row("Seed", Field("", placeholder="random", id="seed", compact=True))
            yield Static("", id="host-error")
            yield Button("Start hosting (ctrl+s)", id="start", variant="primary", compact=True)
        with Vertical(id="host-running"):
            yield Static("", id="host-join")
            yield Static("", id="host-log")
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        super().on_mount()
        self._build_seats(self.rules.default_seats)
        self.set_interval(0.25, self._show_log)

    def _build_seats(self, n: int) -> None:
        box = self.query_one("#host-seats", Vertical)
        box.remove_children()
        rows = []
        for i in range(n):
            kind = "me" if i == 0 else "remote" if i == 1 else "normal"
            name = "You" if i == 0 else "Guest" if i == 1 else BOT_NAMES[i % len(BOT_NAMES)]
            rows.append(
                Horizontal(
                    Label(f"Seat {i + 1}", classes="label"),
                    Select(KINDS, value=kind, allow_blank=False, id=f"kind-{i}", compact=True),
                    Field(name, id=f"name-{i}", compact=True),
                    classes="row",
                )
            )
        box.mount_all(rows)

    def on_select_changed(self, event: Select.Changed) -> None:
        if (
            event.select.id == "count"
            and isinstance(event.value, int)
            and len(self.query_one("#host-seats").children) != event.value
        ):
            self._build_seats(event.value)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "public":
            self.query_one("#host-warning").set_class(event.value, "-on")
            if event.value:
                self.notify(ALL_INTERFACES_WARNING, title="All interfaces", severity="warning")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def read_form(self):
        """A HostConfig from the form and the "me" seat (or None); CardtableError if invalid."""
        from cardtable.net.config import HostConfig
        from cardtable.session import SeatConfig

        n = picked(self.query_one("#count", Select))
        seats, me = [], None
        for i in range(n):
            kind = picked(self.query_one(f"#kind-{i}", Select))
            name = self.query_one(f"#name-{i}", Input).value.strip() or f"Seat {i + 1}"
            if re.search(r"[,:]", name):
                raise CardtableError(f"seat {i + 1}: a name cannot contain ',' or ':' ({name!r})")
            if kind == "me":
                if me is not None:
                    raise CardtableError("only one seat can be yours ('me'): make the others remote or bots")
                me = i
            remote = kind in ("me", "remote")
            seats.append(SeatConfig("remote", name[:20]) if remote else SeatConfig("bot", name[:20], kind))
        if me is None and not any(s.kind == "remote" for s in seats):
            raise CardtableError("no seat is open to players: make at least one seat 'me' or 'remote'")
        given = {o.name: option_text(self, o) for o in self.rules.options}
        options = self.rules.resolve_options(n, given)
        port = _port(self.query_one("#port", Input).value, "port")
        public = self.query_one("#public", Checkbox).value
        ssh = (
            _port(self.query_one("#ssh-port", Input).value, "ssh port")
            if self.query_one("#ssh", Checkbox).value
            else None
        )
        web = (
            _port(self.query_one("#web-port", Input).value, "web port")
            if self.query_one("#web", Checkbox).value
            else None
        )
        text = self.query_one("#seed", Input).value.strip()
        if text and not text.isdigit():
            raise CardtableError(f"seed {text!r} is not a whole number")
        cfg = HostConfig(
            game=self.rules.name,
            options=options,
            seats=seats,
            listen=f"{'0.0.0.0' if public else '127.0.0.1'}:{port}",
            ssh_port=ssh,
            web_port=web,
            bot_delay=getattr(self.app, "bot_delay", BOT_DELAY),
            seed=int(text) if text else None,
        )
        return cfg, me

    def _error(self, text: str) -> None:
        self.query_one("#host-error", Static).update(text)
        self.notify(text, title="Cannot host", severity="error")

    # -- starting and running ----------------------------------------------------------
    def action_start(self) -> None:
        if self.host is not None or self._starting:
            return
        try:
            cfg, me = self.read_form()
            cfg.table_seats()  # names, seat count: said now, before any thread
        except CardtableError as exc:
            self._error(str(exc))
            return
        self._starting = True
        self.query_one("#start", Button).disabled = True
        self.query_one("#host-error", Static).update("Starting the table…")
        self.run_worker(lambda: self._serve(cfg, me), thread=True, group="host", exit_on_error=False)

    def _serve(self, cfg, me: int | None) -> None:
        """Worker thread: start the server (ssh key generation may take a moment)."""
        host = self.service(cfg, echo=self._echo)
        try:
            text = host.start()
        except CardtableError as exc:
            self.app.call_from_thread(self._start_failed, str(exc))
            return
        self.app.call_from_thread(self._started, host, text, me)

    def _echo(self, text: str) -> None:
        """Server thread: queue a log line (shown by a timer: no waiting on the UI thread)."""
        self._server_log.append(text)
        self._log_total += 1

    def _start_failed(self, message: str) -> None:
        self._starting = False
        if self.is_attached:
            self.query_one("#start", Button).disabled = False
            self._error(message)

    def _started(self, host, text: str, me: int | None) -> None:
        self._starting = False
        if not self.is_attached:  # left while starting
            host.stop()
            return
        self.host, self.me_seat = host, me
        lines = [ln for ln in text.splitlines() if not ln.startswith("Press Ctrl-C")]
        if me is not None:
            lines.append(f"You play seat {me + 1}: press t to take it.")
        lines.append("Esc closes the table (it is saved after every move).")
        self.join_text = "\n".join(lines)
        self.query_one("#host-join", Static).update(self.join_text)
        self.set_class(True, "-running")
        self.refresh_bindings()
        self.notify("The table is open: give each player their code", title="Hosting")

    def _show_log(self) -> None:
        if self.host is None or self._log_total == self._log_seen:
            return
        self._log_seen = self._log_total
        self.query_one("#host-log", Static).update("\n".join(list(self._server_log)[-12:]))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "start":
            return self.host is None
        if action == "take_seat":
            return self.host is not None and self.me_seat is not None
        return True

    def action_take_seat(self) -> None:
        if self.host is None or self.host.port is None or self.me_seat is None or self._joining:
            return
        if self.me_handle is not None and not self.me_handle.is_closed:
            self._open_table(self.me_handle)
            return
        self._joining = True
        port, code = self.host.port, self.host.code_for(self.me_seat)
        self.run_worker(
            lambda: self._join_own(port, code), thread=True, group="host-join", exit_on_error=False
        )

    def _join_own(self, port: int, code: str) -> None:
        from cardtable.net.client import RemoteSeatHandle

        try:
            handle = RemoteSeatHandle(f"127.0.0.1:{port}", code).connect()
        except CardtableError as exc:
            self.app.call_from_thread(self._join_failed, str(exc))
            return
        self.app.call_from_thread(self._joined_own, handle)

    def _join_failed(self, message: str) -> None:
        self._joining = False
        self.notify(message, title="Cannot take your seat", severity="error")

    def _joined_own(self, handle) -> None:
        self._joining = False
        if not self.is_attached or self.host is None:
            handle.close()
            return
        self.me_handle = handle
        self._open_table(handle)

    def _open_table(self, handle) -> None:
        self.post_message(self.SeatTaken(handle))

    # -- closing -----------------------------------------------------------------------
    def shutdown(self) -> None:
        """Close the host's own seat, then the table (byes, ssh children, record saved)."""
        if self.me_handle is not None:
            self.me_handle.close()
            self.me_handle = None
        if self.host is not None:
            host, self.host = self.host, None
            host.stop()

    def action_leave(self) -> None:
        if self.host is not None:
            self.shutdown()
            self.notify("The table is closed and saved", title="Hosting")
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.shutdown()
