"""The setup form: number of players, each seat (human or bot, bot level, name), the game's
options with their help text (validated with Rules.resolve_options) and an optional seed.

The form starts no table: Start gives back a :class:`TableRequest` as the screen's result (Esc
gives back None), and the app decides what follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from cardtable.session import SeatConfig
from games import get_rules
from games.bots import LEVELS
from games.core import CardtableError

from ..players import BOT_NAMES, bot_names, default_player_name
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from ..widgets.options import form_row, option_text, option_widget, picked, players_row, show_option_text
from ..widgets.toosmall import TooSmall
from .base import SizedScreen

__all__ = ["BOT_NAMES", "LEVEL_CHOICES", "SetupScreen", "TableRequest"]

LEVEL_CHOICES = [(level, level) for level in LEVELS]  # random, easy, normal, hard, expert


@dataclass(frozen=True)
class TableRequest:
    """What the setup form gives back: the game, its seats, the validated options and the seed."""

    game: str
    seats: tuple[SeatConfig, ...]
    options: dict = field(default_factory=dict)
    seed: int | None = None


class SetupScreen(SizedScreen):
    """The form for one game; ``chosen`` (a request refused before) fills it in again."""

    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, game: str, chosen: TableRequest | None = None) -> None:
        super().__init__()
        self.rules = get_rules(game)
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        r = self.rules
        yield Static(f"{r.title} — set up the table", id="lobby-title")
        yield Static("", id="setup-ending")  # how the match ends with the options chosen
        with VerticalScroll(id="setup"):
            yield players_row(r, self._count())
            with Vertical(id="seats"):  # drawn with the form; rebuilt when the number of players changes
                yield from self._seat_rows(self._count(), self.chosen.seats if self.chosen else ())
            yield Static("Options", classes="section")
            for o in r.options:
                free = not isinstance(o.default, bool) and o.choices is None  # a field: say what it takes
                yield form_row(
                    o.name, option_widget(o), *([Label(o.allowed(), classes="allowed")] if free else [])
                )
                yield Static(o.help, classes="help")
            yield form_row("Seed", Field(self._seed_text(), placeholder="random", id="seed", compact=True))
            yield Static("", id="setup-error")
            yield Button("Start (ctrl+s)", id="start", variant="primary", compact=True)
        yield KeyBar()
        yield TooSmall()

    def _count(self) -> int:
        return len(self.chosen.seats) if self.chosen else self.rules.default_seats

    def _seed_text(self) -> str:
        return "" if self.chosen is None or self.chosen.seed is None else str(self.chosen.seed)

    def _seat_rows(self, n: int, chosen: tuple[SeatConfig, ...] = ()) -> list[Horizontal]:
        """One row per seat: human or bot, the bot's level (not for a human), the name; a seat
        in ``chosen`` shows what was chosen for it, the others the defaults."""
        me = default_player_name()
        bots = bot_names(me)
        rows = []
        for i in range(n):
            seat = (
                chosen[i]
                if i < len(chosen)
                else SeatConfig("human", me)
                if i == 0
                else SeatConfig("bot", bots[(i - 1) % len(bots)], "normal")
            )
            human = seat.kind == "human"
            level = seat.level if seat.level in LEVELS else "normal"
            rows.append(
                Horizontal(
                    Label(f"Seat {i + 1}", classes="label"),
                    Select(
                        [("human", "human"), ("bot", "bot")],
                        value=seat.kind,
                        allow_blank=False,
                        id=f"kind-{i}",
                        compact=True,
                    ),
                    Select(
                        LEVEL_CHOICES,
                        value=level,
                        allow_blank=False,
                        id=f"level-{i}",
                        compact=True,
                        disabled=human,
                    ),
                    Field(seat.name, id=f"name-{i}", compact=True),
                    classes="row",
                )
            )
        return rows

    def on_mount(self) -> None:
        super().on_mount()
        chosen = self.chosen.options if self.chosen else {}
        for o in self.rules.options:  # the options chosen before, as text
            if o.name in chosen:
                value = chosen[o.name]
                show_option_text(self, o, "none" if value is None else str(value).lower())
        self.show_ending()

    def show_ending(self) -> None:
        """The line saying how the match ends with the players and options in the form now (the
        game's own words, ``Rules.ending_text``); while an option is not valid, what is wrong."""
        line = self.query_one("#setup-ending", Static)
        try:
            n = picked(self.query_one("#count", Select))
            given = {o.name: option_text(self, o) for o in self.rules.options}
            line.update("Match: " + self.rules.ending_text(n, self.rules.resolve_options(n, given)))
        except CardtableError as exc:
            line.update(f"Match: no ending yet ({exc})")

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("opt-"):
            self.show_ending()

    def _build_seats(self, n: int) -> None:
        box = self.query_one("#seats", Vertical)
        box.remove_children()
        box.mount_all(self._seat_rows(n))

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if (
            sid == "count"
            and isinstance(event.value, int)
            and len(self.query_one("#seats").children) != event.value
        ):
            self._build_seats(event.value)
        elif sid.startswith("kind-"):  # a human seat has no bot level
            self.query_one(f"#level-{sid[5:]}", Select).disabled = event.value == "human"
        if sid == "count" or sid.startswith("opt-"):
            self.show_ending()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def read_form(self) -> tuple[list[SeatConfig], dict, int | None]:
        """The seats, validated options and seed in the form; CardtableError if invalid."""
        n = picked(self.query_one("#count", Select))
        seats = []
        for i in range(n):
            kind = picked(self.query_one(f"#kind-{i}", Select))
            name = self.query_one(f"#name-{i}", Input).value.strip() or f"Seat {i + 1}"
            seats.append(SeatConfig(kind, name[:20], picked(self.query_one(f"#level-{i}", Select))))
        if not any(s.kind == "human" for s in seats):
            raise CardtableError("at least one seat must be a human player")
        given = {o.name: option_text(self, o) for o in self.rules.options}
        options = self.rules.resolve_options(n, given)
        text = self.query_one("#seed", Input).value.strip()
        if text and not text.isdigit():
            raise CardtableError(f"seed {text!r} is not a whole number")
        return seats, options, int(text) if text else None

    def action_start(self) -> None:
        """Give back the form's choices, or say what is wrong and stay."""
        try:
            seats, options, seed = self.read_form()
        except CardtableError as exc:
            self.query_one("#setup-error", Static).update(str(exc))
            self.notify(str(exc), title="Cannot start", severity="error")
            return
        self.dismiss(TableRequest(self.rules.name, tuple(seats), options, seed))

    def action_back(self) -> None:
        self.dismiss(None)
