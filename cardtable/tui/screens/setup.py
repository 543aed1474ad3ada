"""The setup form: number of players, each seat (human or bot, bot level, name), the game's
options with their help text (validated with Rules.resolve_options) and an optional seed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, Select, Static

from cardtable.session import SeatConfig
from games import get_rules
from games.bots import LEVELS
from games.core import CardtableError, Option

from ..widgets.field import Field
from ..widgets.toosmall import TooSmall
from .base import SizedScreen

BOT_NAMES = ("Ada", "Bruno", "Chloe", "Dev", "Esme", "Felix", "Gus", "Hana")
LEVEL_CHOICES = [(level, level) for level in LEVELS]  # random, easy, normal, hard, expert


def _option_widget(o: Option):
    if isinstance(o.default, bool) or o.choices is not None:
        values = (True, False) if isinstance(o.default, bool) else o.choices
        items = [("none" if v is None else str(v).lower(), "none" if v is None else str(v).lower()) for v in values]
        default = "none" if o.default is None else str(o.default).lower()
        return Select(items, value=default, allow_blank=False, id=f"opt-{o.name}", compact=True)
    return Field(str(o.default), id=f"opt-{o.name}", compact=True)


class SetupScreen(SizedScreen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.rules = get_rules(game)

    def compose(self) -> ComposeResult:
        r = self.rules
        yield Static(f"{r.title} — set up the table", id="lobby-title")
        with VerticalScroll(id="setup"):
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield Select([(str(n), n) for n in range(r.min_seats, r.max_seats + 1)], value=r.default_seats,
                             allow_blank=False, id="count", compact=True)
            with Vertical(id="seats"):  # drawn with the form; rebuilt when the number of players changes
                yield from self._seat_rows(r.default_seats)
            yield Static("Options", classes="section")
            for o in r.options:
                with Horizontal(classes="row"):
                    yield Label(o.name, classes="label")
                    yield _option_widget(o)
                    if not isinstance(o.default, bool) and o.choices is None:
                        yield Label(o.allowed(), classes="allowed")
                yield Static(o.help, classes="help")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Field("", placeholder="random", id="seed", compact=True)
            yield Static("", id="setup-error")
            yield Button("Start (ctrl+s)", id="start", variant="primary", compact=True)
        yield Footer()
        yield TooSmall()

    def _seat_rows(self, n: int) -> list[Horizontal]:
        """One row per seat: human or bot, the bot's level (not for a human), the name."""
        from ..app import default_player_name

        me = default_player_name()
        bots = [b for b in BOT_NAMES if b != me]
        rows = []
        for i in range(n):
            human = i == 0
            rows.append(Horizontal(
                Label(f"Seat {i + 1}", classes="label"),
                Select([("human", "human"), ("bot", "bot")], value="human" if human else "bot",
                       allow_blank=False, id=f"kind-{i}", compact=True),
                Select(LEVEL_CHOICES, value="normal",
                       allow_blank=False, id=f"level-{i}", compact=True, disabled=human),
                Field(me if human else bots[(i - 1) % len(bots)], id=f"name-{i}", compact=True),
                classes="row"))
        return rows

    def _build_seats(self, n: int) -> None:
        box = self.query_one("#seats", Vertical)
        box.remove_children()
        box.mount_all(self._seat_rows(n))

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid == "count" and isinstance(event.value, int) and \
                len(self.query_one("#seats").children) != event.value:
            self._build_seats(event.value)
        elif sid.startswith("kind-"):  # a human seat has no bot level
            self.query_one(f"#level-{sid[5:]}", Select).disabled = event.value == "human"

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def read_form(self) -> tuple[list[SeatConfig], dict, int | None]:
        """The seats, validated options and seed in the form; CardtableError if invalid."""
        n = self.query_one("#count", Select).value
        seats = []
        for i in range(n):
            kind = self.query_one(f"#kind-{i}", Select).value
            name = self.query_one(f"#name-{i}", Input).value.strip() or f"Seat {i + 1}"
            seats.append(SeatConfig(kind, name[:20], self.query_one(f"#level-{i}", Select).value))
        if not any(s.kind == "human" for s in seats):
            raise CardtableError("at least one seat must be a human player")
        given = {}
        for o in self.rules.options:
            w = self.query_one(f"#opt-{o.name}")
            given[o.name] = str(w.value)
        options = self.rules.resolve_options(n, given)
        text = self.query_one("#seed", Input).value.strip()
        if text and not text.isdigit():
            raise CardtableError(f"seed {text!r} is not a whole number")
        return seats, options, int(text) if text else None

    def action_start(self) -> None:
        try:
            seats, options, seed = self.read_form()
        except CardtableError as exc:
            self.query_one("#setup-error", Static).update(str(exc))
            self.notify(str(exc), title="Cannot start", severity="error")
            return
        self.app.new_game(self.rules.name, seats, options, seed)
