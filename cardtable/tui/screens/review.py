"""The review of a match on screen: the marked decisions of one seat, one at a time.

:class:`ReviewScreen` runs :func:`games.review.review` in a worker thread (the expert thinks
for a while over a whole match) and shows each marked decision as soon as it is found: the
position as that seat saw it (its hand, the trick, the table), the move played, the better move,
what the difference cost, and why.  Keys: → / ← the next or previous mark, ``a`` every decision
instead of the marks only, ``s`` the next seat, Esc back (the review stops).

No game state is kept here: the screen holds the record it was given and the review's results.
"""

from __future__ import annotations

import threading

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from games.core import Record, render_seats
from games.review import Decision, Review, cost_text, review, seat_of

from ..render import cards_line, show_cards
from ..widgets.keybar import KeyBar
from ..widgets.toosmall import TooSmall
from .base import SizedScreen


class ReviewScreen(SizedScreen):
    """One seat's review of ``record``, judged by a ``level`` bot (see the module docstring)."""

    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Back"),
        Binding("a", "toggle_all", "All decisions"),
        Binding("s", "next_seat", "Next player"),
        Binding("escape", "dismiss", "Back"),
    ]

    def __init__(
        self, record: Record, seat: int | None = None, level: str = "expert", title: str = ""
    ) -> None:
        super().__init__()
        self.record = record
        self.seat = seat_of(record, seat) if not isinstance(seat, int) else seat
        self.level = level
        self.title_text = title
        self.names = [
            record.names[i] if i < len(record.names) else f"Seat {i + 1}" for i in range(record.seats)
        ]
        self.result: Review | None = None
        self.every = False  # show every decision, not only the marks
        self.at = 0
        self._stop = threading.Event()
        self._run = 0  # the review in progress (a seat change starts another)

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="lobby-title")
        with VerticalScroll(id="replay"):
            yield Static("", id="review-body")
        yield Static("", id="review-status", classes="hint")
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        super().on_mount()
        self._start()

    def on_unmount(self) -> None:
        self._stop.set()

    def _title(self) -> str:
        game = self.title_text or self.record.game
        return f"Review of {self.names[self.seat]}'s decisions: {game}, judged by the {self.level} bot"

    # -- the review in a worker -----------------------------------------------------------
    def _start(self) -> None:
        self._stop.set()  # a review still running for another seat ends
        self._stop = threading.Event()
        self._run += 1
        run, stop, seat = self._run, self._stop, self.seat
        self.result, self.at = None, 0
        self.query_one("#lobby-title", Static).update(self._title())
        self.show()

        def work() -> None:
            try:
                done = review(
                    self.record,
                    seat,
                    self.level,
                    progress=lambda r: self.app.call_from_thread(self._progress, run, r),
                    stop=stop.is_set,
                )
            except Exception as exc:  # a record that cannot be judged: said, never a crash
                if not stop.is_set():
                    self.app.call_from_thread(self._failed, run, exc)
                return
            if not stop.is_set():
                self.app.call_from_thread(self._progress, run, done, True)

        self.run_worker(work, thread=True, group="review", exit_on_error=False)

    def _progress(self, run: int, result: Review, finished: bool = False) -> None:
        if run != self._run or not self.is_attached:
            return
        self.result = result
        self._finished = finished or len(result.decisions) == result.total
        self.show()

    def _failed(self, run: int, exc: Exception) -> None:
        if run == self._run and self.is_attached:
            self.query_one("#review-status", Static).update(f"The review stopped: {exc}")

    # -- showing -------------------------------------------------------------------------------
    def shown(self) -> list[Decision]:
        if self.result is None:
            return []
        return list(self.result.decisions) if self.every else self.result.marks

    def show(self) -> None:
        items = self.shown()
        self.at = max(0, min(self.at, len(items) - 1))
        body = self.render_decision(items[self.at], self.at, len(items)) if items else self._empty()
        self.query_one("#review-body", Static).update(body)
        self.query_one("#review-status", Static).update(self._status())

    def _status(self) -> str:
        r = self.result
        if r is None:
            return "Starting the review…"
        done = len(r.decisions)
        marks = len(r.marks)
        running = done < r.total and not getattr(self, "_finished", False)
        head = f"Reviewing: {done} of {r.total} decisions" if running else f"{r.total} decisions reviewed"
        agreed = sum(1 for d in r.decisions if d.agreed)
        return f"{head} · {agreed} as the {r.level} bot would play · {marks} marked"

    def _empty(self) -> Text:
        r = self.result
        if r is None or (len(r.decisions) < r.total and not getattr(self, "_finished", False)):
            return Text("Looking for decisions that cost something… the marks appear here as they are found.")
        if not r.decisions:
            return Text(f"{self.names[self.seat]} had no choice to make in this match.")
        return Text(
            "Nothing marked: no decision cost clearly more than the luck of the deals. "
            "Press a to see every decision."
        )

    def render_decision(self, d: Decision, i: int, n: int) -> Group:
        a = self.settings.ascii_suits
        what = "Mark" if not self.every else "Decision"
        head = Text(f"{what} {i + 1} of {n}  ·  hand {d.hand}, move {d.step + 1} ({d.phase})", style="bold")
        parts: list = [head]
        view = d.view
        if view is not None:
            if view.trump:
                trump = show_cards(view.trump, a)
                parts.append(Text(trump[:1].upper() + trump[1:]))
            for info in view.info:
                value = show_cards(render_seats(info.value, self.names), a)
                parts.append(Text(f"{info.label}: {value}", style="dim"))
            if view.up_cards:
                parts.append(Text("On the table: ").append_text(cards_line(view.up_cards, a)))
            parts.append(Text("Your hand: ").append_text(cards_line(view.hand, a)))
            if view.trick:
                line = Text("Trick: ")
                for p in view.trick:
                    line.append(f"{self.names[p.seat]} ")
                    line.append_text(cards_line(p.cards, a))
                    line.append("  ")
                parts.append(line)
            elif view.last_trick is not None and view.last_trick.plays:
                parts.append(Text("You lead.", style="dim"))
        parts.append(Text(""))
        parts.append(Text(f"You played: {show_cards(d.played_label, a)}", style="bold"))
        if d.agreed:
            parts.append(Text(f"The {self.level} bot would have played the same.", style="green"))
        else:
            parts.append(Text(f"Better: {show_cards(d.best_label, a)}", style="bold"))
            terms = self.result.terms if self.result is not None else None
            if d.marked and terms is not None:
                parts.append(Text(f"Cost: about {cost_text(d, terms)} (over {d.deals} possible deals)"))
            else:
                parts.append(
                    Text(f"The difference is within the luck of the deals ({d.deals} deals).", style="dim")
                )
            if d.why:
                parts.append(Text(f"Why: {show_cards(d.why, a)}"))
        return Group(*parts)

    # -- keys -----------------------------------------------------------------------------------
    def action_step(self, step: int) -> None:
        items = self.shown()
        if items:
            self.at = max(0, min(len(items) - 1, self.at + step))
            self.show()

    def action_toggle_all(self) -> None:
        current = self.shown()
        here = current[self.at].step if current else None
        self.every = not self.every
        items = self.shown()
        self.at = next((i for i, d in enumerate(items) if here is not None and d.step >= here), 0)
        self.show()

    def action_next_seat(self) -> None:
        self.seat = (self.seat + 1) % self.record.seats
        self._start()
