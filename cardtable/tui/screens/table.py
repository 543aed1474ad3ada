"""The table screen, generic over games: it draws what :class:`~cardtable.tui.flow.TableFlow`
decides, and turns keys and clicks into moves.

It talks only to :class:`~cardtable.seat_handle.SeatHandle` objects and, when the table is
local, to a *driver* (the :class:`~cardtable.session.Table`) whose bots the one bot runner
(:class:`~cardtable.pacer.Pacer`) plays at a readable pace.  A networked seat's move is sent
without waiting (``submit_later``): "sending…" shows until the table's answer, and the screen
answers keys meanwhile.  Updates may arrive from another thread (network); they are marshalled
onto the app thread.

Messages (hints, refusals, notices, and whatever is said with :meth:`TableScreen.notify`) are
drawn in one place at the top of the side column, each for as long as the decision it answers
(:class:`~cardtable.tui.flow.MessageBoard`): never over the prompt, the choices or the cards.

The screen opens no other main screen: when the match is over and the player wants another, or
when a remote table has gone, it posts :class:`TableScreen.PlayAgain`, :class:`TableScreen.Left`
or :class:`TableScreen.Closed` and the app decides what comes next.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future
from dataclasses import replace

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from cardtable.pacer import TRICK_PAUSE, Pacer, pause_before
from cardtable.seat_handle import SeatHandle
from games import get_rules
from games.core import CardtableError, Record, SeatView, plural

from ..flow import BotsPlaying, HandOff, Severity, TableFlow, away_words, moment, seat_name, waiting_for
from ..panels import panel_for
from ..render import cards_line, direction_text, refusal_text, seat_positions, show_cards
from ..widgets import ActionBar, EventLog, HandWidget, KeyBar, Scoreboard, SeatPanel, TooSmall, TrickArea
from ..widgets.actions import are_squares, is_square
from ..widgets.seat import team_tag, text_key
from .base import SizedScreen
from .modals import HandoffScreen, HandSummaryScreen, HelpScreen, MatchOverScreen

DELAY_STEP, MAX_DELAY = 0.2, 3.0
FORMALITY_NOTICE = 4.0  # seconds the notice of a decision answered by itself stays up
SPECTATOR_SUMMARY = 4.0  # seconds a spectator's hand summary stays before the table moves on
#: what a spectator can do at the table (every other key is for players)
SPECTATOR_ACTIONS = frozenset({"quit_table", "help", "last_trick", "speed", "toggle_ascii", "toggle_colours"})


class TableUpdate(Message):
    """A handle changed on another thread (posted thread-safely, without waiting for the UI)."""


class SubmitAnswered(Message):
    """The table answered a move sent to a remote seat (posted from the network thread)."""

    def __init__(self, answer: Future) -> None:
        super().__init__()
        self.answer = answer


class TableScreen(SizedScreen):
    class PlayAgain(Message):
        """The match is over and the player wants another with the same seats and options."""

        def __init__(self, driver) -> None:
            super().__init__()
            self.driver = driver

    class Left(Message):
        """The match is over and the player leaves the table (the app goes back to its lobby)."""

    class Closed(Message):
        """The remote table has gone; ``text`` says why."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class ReviewRequested(Message):
        """The player asked for the review of the finished match (issue 35): ``record``, the
        ``seat`` whose decisions to weigh."""

        def __init__(self, record: Record, seat: int) -> None:
            super().__init__()
            self.record, self.seat = record, seat

    AUTO_FOCUS = "HandWidget"
    BINDINGS = [
        Binding("q", "quit_table", "Save & quit"),
        Binding("question_mark,f1", "help", "Rules & keys"),
        Binding("l", "last_trick", "Last trick"),
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint"),
        Binding("plus,equals_sign", "speed(1)", "Slower", show=False),
        Binding("minus", "speed(-1)", "Faster", show=False),
        Binding("a", "toggle_ascii", "ASCII suits", show=False),
        Binding("c", "toggle_colours", "Four colours", show=False),
        *[Binding(str(i), f"number({i or 10})", show=False) for i in range(10)],
        *[Binding(ch, f"letter('{ch}')", show=False) for ch in "bdefg"],  # grid columns (a, c: below)
    ]

    def __init__(self, handles: Sequence[SeatHandle], driver=None) -> None:
        super().__init__()
        self.handles = list(handles)
        self.driver = driver
        first = self.handles[0].view()
        self.flow = TableFlow(self.handles, first)
        self.num_seats = first.num_seats
        self.rules = get_rules(first.game)
        self.spectator = first.seat is None
        self.pacer = Pacer(driver, note=self._bot_note) if driver is not None else None
        self._sending: str | None = None  # a move sent to a remote table, not answered yet
        self._pending = False
        self._quit_unsaved = False  # q was pressed once while the game could not be saved
        self._unsubscribe: list = []
        self.view: SeatView | None = None
        self.extra_panel = panel_for(first.game)
        self._summary_timer: Timer | None = None
        self._formality: Hashable | None = (
            None  # the moment of a formality being answered (see _answer_formality)
        )
        self._parts: dict[tuple, Widget] = {}  # the screen's fixed parts, found once (see _part)

    @property
    def active(self) -> SeatHandle | None:
        """The seat whose view is drawn (None while a hand-off is due)."""
        return self.flow.active

    # -- layout ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        n = self.num_seats
        yield Static("", id="header")
        if self.flow.networked:  # a networked table: who is away, and for how long
            yield _away_static()
        with Horizontal(id="main"):
            with Vertical(id="felt"):
                with Horizontal(id="top-seats", classes="-empty" if n == 3 else ""):
                    for i in range(1 if n == 2 else max(n - 3, 0)):
                        yield SeatPanel(-1, classes="seat", id=f"top-{i}")
                with Horizontal(id="middle"):
                    if n > 2:
                        yield SeatPanel(-1, classes="seat side", id="left")
                    yield TrickArea(id="trick")
                    if n > 2:
                        yield SeatPanel(-1, classes="seat side", id="right")
            with Vertical(id="side"):
                yield Static("", id="message")
                yield Scoreboard("", id="scores")
                if self.extra_panel is not None:
                    yield self.extra_panel
                yield EventLog(id="log")
        yield Static("", id="me")
        yield ActionBar(id="actions")
        yield HandWidget(id="hand")
        yield KeyBar()
        yield TooSmall()

    def _part(self, selector, expect_type=None):
        """``query_one`` for the screen's fixed parts (header, seats, trick, log, hand...), looked
        up once: a query walks the screen's widgets, and the table is drawn again on every move."""
        key = (selector, expect_type)
        got = self._parts.get(key)
        if got is None or got.parent is None:  # not found yet, or taken off the screen
            got = self._parts[key] = self.query_one(selector, expect_type)
        return got

    def on_mount(self) -> None:
        super().on_mount()
        for h in self.handles:
            self._unsubscribe.append(h.subscribe(self._on_table_changed))
        self._part(HandWidget).focus()
        first = self.handles[0].view()
        if first.seat is None:  # a spectator has no hand (a watcher of bots may see them all) and no choice
            self._part(ActionBar).display = False
            self._part(HandWidget).display = bool(first.open_hands)
        self.refresh_table()
        if self.flow.networked:
            self.set_interval(1.0, self._show_away)  # the hold counts down on screen

    def on_unmount(self) -> None:
        if self.pacer is not None:
            self.pacer.cancel()
        for unsub in self._unsubscribe:
            unsub()
        if self.driver is None:
            for h in self.handles:
                h.close()  # a remote seat says bye

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self.refresh_table()

    # -- updates -----------------------------------------------------------
    def _on_table_changed(self) -> None:
        """Subscriber callback: may run on any thread; coalesces into one refresh."""
        if threading.get_ident() == self.app._thread_id:
            self._flush()  # a local submit: redraw at once (the played card shows fastest)
            return
        if self._pending:
            return
        self._pending = True
        self.post_message(TableUpdate())  # never waits: a blocking call_from_thread here stalled submit()

    def on_table_update(self, _message: TableUpdate) -> None:
        self._flush()

    def _flush(self) -> None:
        self._pending = False
        self.refresh_table()
        from ..widgets.netstatus import watch_connection

        # remote seats: a "reconnecting…" line, and the app is told when the table has gone; any table:
        # a "Not saved" line while its save file is behind
        closed = watch_connection(self, self.active or self.handles[0])
        if closed is not None:
            self.post_message(self.Closed(closed))

    @property
    def ascii_suits(self) -> bool:
        return self.settings.ascii_suits

    def refresh_table(self) -> None:
        """Re-read the view and do what the flow says: a hand-off, the bots' turn, or the table
        (then the hand's summary or the match's end when due)."""
        if not self.is_attached or self.app.screen is not self:
            return
        step = self.flow.step((self.active or self.handles[0]).view())
        if isinstance(step, HandOff):
            self._show_message()
            nxt = step.handle
            who = seat_name(nxt.names, nxt.seat) if nxt.seat is not None else "the next player"
            self.app.push_screen(HandoffScreen(who), lambda _: self._hand_to(nxt))
            return
        if isinstance(step, BotsPlaying):
            _put(self._part("#me", Static), Text("Bots are playing…", style="dim"), layout=True)
            self._schedule_bot(step.view)
            return
        names = self.active.names if self.active is not None else self.handles[0].names
        self.draw(step.view, names)
        if step.summary:
            self._summary_when_trick_seen(step.view)
        elif step.over:
            self.app.push_screen(
                MatchOverScreen(step.view, names, self.driver is not None, self._review_opener()),
                self._match_done,
            )
        else:
            self._answer_formality(step.view)
            self._schedule_bot(step.view)

    def _answer_formality(self, view: SeatView) -> None:
        """A decision that is a mere formality for this player (the game says so, see
        ``GameState.formality``) is said, not asked: its notice shows in place of the prompt, and
        after the bots' pace (time to read it, also for a hot-seat player about to hand on) the
        table answers it by itself with its one legal action."""
        if not (view.is_my_turn and view.formality and len(view.legal) == 1):
            return
        if self._formality is not None or self._sending is not None:
            return  # already under way
        at = self._formality = moment(view)
        self.say(view.formality, seconds=FORMALITY_NOTICE)
        answer = view.legal[0].text
        if self.settings.bot_delay > 0:
            self.set_timer(self.settings.bot_delay, lambda: self._answer(at, answer))
        else:
            self.call_after_refresh(self._answer, at, answer)

    def _answer(self, at: Hashable, action: str) -> None:
        self._formality = None
        view = self.active.view() if self.active is not None else None
        if view is not None and moment(view) == at and self.is_attached:
            self._submit(action)

    def _summary_when_trick_seen(self, view: SeatView) -> None:
        """The hand's final trick stays on the table (until a key or the trick pause), then the summary."""
        delay = self.settings.bot_delay * TRICK_PAUSE
        if self.flow.final_trick_up(view) and delay > 0:
            if self._summary_timer is None:
                self._summary_timer = self.set_timer(delay, self._show_summary)
            return
        self._show_summary()

    def _show_summary(self) -> None:
        if self._summary_timer is not None:
            self._summary_timer.stop()
            self._summary_timer = None
        if self.flow.summary_due is None or not self.is_attached or self.app.screen is not self:
            return
        due = self.flow.take_summary(self.view)
        if due is None:
            return
        self._show_message()  # the hand is over: its messages go with it
        auto = SPECTATOR_SUMMARY if self.spectator else None  # nobody there to press Enter
        names = self.active.names if self.active is not None else self.handles[0].names
        self.app.push_screen(
            HandSummaryScreen(due.event, names, due.last_trick, self.ascii_suits, auto_close=auto)
        )

    def _hand_to(self, handle: SeatHandle) -> None:
        self.flow.hand_to(handle)
        self.refresh_table()

    def draw(self, view: SeatView, names: Sequence[str]) -> None:
        self.view = view
        a = self.ascii_suits
        _put(self._part("#header", Static), self._header(view))  # fixed one-line rows
        for s, (side, i) in seat_positions(view).items():
            panel = self._part(f"#{side}" if side != "top" else f"#top-{i}", SeatPanel)
            panel.seat = s
            panel.show(view, names)
        plays, winner = self.flow.trick_shown(view)
        trick = self._part(TrickArea)
        trick.centre = self.extra_panel.render_centre if self.extra_panel is not None else None
        self.set_class(self.extra_panel is not None and self.extra_panel.wants_room(view), "-wide-centre")
        trick.show(view if view.seat is not None else replace(view, seat=0), names, plays, winner, a)
        _put(self._part("#me", Static), self._me_line(view, names), layout=True)
        self._show_away()
        self._part(Scoreboard).show(view, names, self.extra_panel.hides_info if self.extra_panel else None)
        if self.extra_panel is not None:
            self.extra_panel.show(view, names, a)
        self._part(EventLog).show(view, names, a)
        legal = frozenset(x.card for x in view.legal if x.card is not None)
        hand = self._part(HandWidget)
        if view.seat is None and view.open_hands:  # watching bots with open hands: the bottom seat's cards
            hand.show(view.open_hands[0], frozenset(), False, a)
        else:
            marked = self.extra_panel.marked_cards(view) if self.extra_panel is not None else frozenset()
            active = view.is_my_turn and bool(legal)  # a bid: the cards are no choice
            hand.show(view.hand, legal, active, a, marked)
        if view.is_my_turn and hand.cards and hand.cursor < len(hand.cards):
            self.flow.point_at(view, hand.cards[hand.cursor])  # its ways on offer with it
        bar = self._part(ActionBar)
        buttons = self.flow.buttons(view) if not view.formality else []  # the table answers it
        bar.show(buttons, "", a, [view.label_of(x) for x in buttons])
        self._focus_for(view, bar, hand)
        self._show_message()

    def _focus_for(self, view: SeatView, bar: ActionBar, hand: HandWidget) -> None:
        """Choices only (a bid, a square): focus the bar; cards to play: the hand (Tab switches)."""
        if bar.actions and view.is_my_turn and not any(x.card is not None for x in view.legal):
            if self.focused is not bar:
                bar.focus()
        elif self.focused is bar and not bar.actions:
            hand.focus()

    def _header(self, view: SeatView) -> Text:
        word = self.rules.hand_word
        parts = [self.rules.title] + (
            [f"{word} {view.hand_number}"] if view.hand_number else []
        )  # 0: no deal yet
        if view.trump:
            parts.append(view.trump)
        if not view.clockwise:  # Agram: the direction of play is the unusual one, so say it
            parts.append(direction_text(view, self.ascii_suits))
        out = Text(" · ".join(parts), style="bold")
        if view.up_cards:
            out.append(" · Up: ")
            out.append_text(cards_line(view.up_cards, self.ascii_suits))
        if self.driver is not None:
            out.append(f" · bot pace {self.settings.bot_delay:.1f}s (+/-)", style="dim")
        return out

    def _me_line(self, view: SeatView, names: Sequence[str]) -> Text:
        s = view.seat
        if s is None:
            return self._watch_line(view, names)
        out = Text()
        out.append(("▶ " if view.is_my_turn else "  ") + names[s], style="bold")
        if view.dealer == s:
            out.append(" (D)")
        if view.teams:  # partnerships (games/core/partnership.py)
            out.append(f" · team {team_tag(view, s)}")
        if s in view.sitting_out:
            out.append(" · you sit this hand out", style="italic")
        out.append(f" · {plural(view.tricks_won[s], 'trick')}")
        if view.bids[s]:
            out.append(f" · {view.bids[s]}")
        if view.status[s]:
            out.append(f" · {view.status[s]}")
        if self._sending is not None:
            out.append(f" — sending {show_cards(self._sending, self.ascii_suits)}…", style="bold")
        elif view.is_my_turn:
            said = view.formality or view.prompt  # a formality is said, not asked
            prompt = show_cards(said, self.ascii_suits) if said else "your turn"
            out.append(f" — {prompt}", style="bold")
            if are_squares(view.legal):
                example = next(a.arg for a in view.legal if is_square(a))
                out.append(f" · type a square, e.g. {example}", style="bold")
        elif view.to_act is not None:
            out.append(f" — {self._waiting_for(view.to_act, names)}", style="dim")
        return out

    # -- messages: one at a time, for as long as the moment it answers ---------------------
    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: Severity = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Everything said at the table goes to its message line: bound to the decision on the
        table, or with a ``timeout``, a note about the table that goes after that many seconds."""
        self.say(message, title=title, severity=severity, seconds=timeout)

    def say(
        self, text: str, *, title: str = "", severity: Severity = "information", seconds: float | None = None
    ) -> None:
        """Say ``text`` for the decision on the table now, or for ``seconds`` whatever happens."""
        until = time.monotonic() + seconds if seconds is not None else None
        bound = self._moment() if seconds is None else None
        self.flow.messages.say(text, bound, title=title, severity=severity, until=until)
        if seconds is not None and self.is_attached:
            self.set_timer(seconds + 0.05, self._show_message)
        self._show_message()

    def _moment(self):
        view = self.view if self.active is not None else None
        return moment(view) if view is not None else None

    def message(self) -> str:
        """The message shown now ("" for none), title first (for tests and scripts)."""
        note = self.flow.messages.shown(self._moment(), time.monotonic())
        if note is None:
            return ""
        return f"{note.title}: {note.text}" if note.title else note.text

    def _show_message(self) -> None:
        if not self.is_attached:
            return
        note = self.flow.messages.shown(self._moment(), time.monotonic())
        line = self._part("#message", Static)
        if note is None:
            if line.display:
                line.display = False
            return
        text = Text()
        if note.title:
            text.append(f"{note.title}: ", style="bold")
        text.append(show_cards(note.text, self.ascii_suits))
        _put(line, text, layout=True)
        for severity in ("information", "warning", "error"):
            line.set_class(note.severity == severity, f"-{severity}")
        line.display = True

    # -- spectators and away players (networked tables) ------------------------------
    def _watch_line(self, view: SeatView, names: Sequence[str]) -> Text:
        """A spectator's line: read-only, then the first seat (drawn at the bottom) and whose turn it is."""
        out = Text("Watching (read-only)", style="bold")
        out.append(f" · {_short(names[0])}" + (" (D)" if view.dealer == 0 else ""))
        out.append(f" · {plural(view.tricks_won[0], 'trick')}")
        for extra in (view.bids[0], view.status[0]):
            if extra:
                out.append(f" · {extra}")
        if view.to_act is not None:
            out.append(f" — {self._waiting_for(view.to_act, [_short(n) for n in names])}", style="dim")
        return out

    def _waiting_for(self, seat: int, names: Sequence[str]) -> str:
        bots = tuple(self.driver.bots) if self.driver is not None else ()
        return waiting_for(seat, names, self.handles[0].away(), bots)

    def _show_away(self) -> None:
        """The line under the header: every seat whose player is away, with the hold counting down."""
        if not self.flow.networked:  # a local table: no such line
            return
        line = self._part("#away", Static)
        words = " · ".join(away_words(x) for x in self.handles[0].away())
        _put(line, Text(words, style="bold"), layout=True)
        if line.display != bool(words):
            line.display = bool(words)
        self._show_me()

    # -- bots (local driver only): the pacer thinks in a thread and applies each move once --------
    def _schedule_bot(self, view: SeatView) -> None:
        """Start the next bot move, paced, unless one is under way (its move redraws the table)."""
        if self.pacer is None or self.pacer.busy or self.pacer.due() is None:
            return
        delay = pause_before(self.driver, self.settings.bot_delay, self.flow.final_trick_up(view))
        self.pacer.start(delay, done=self._bot_done)

    def _bot_done(self) -> None:
        """A bot move ended without a change (the table moved on meanwhile): look again."""
        if self.is_attached:
            self.refresh_table()

    def _bot_note(self, text: str) -> None:
        """A bot failed and the pacer played for it: say so (never a silent retry)."""
        self.flow.messages.say(text, None, title="Bot", severity="warning", until=time.monotonic() + 8)
        self._show_message()

    # -- the human's choices ------------------------------------------------------
    def _submit(self, action: str) -> None:
        if self.active is None or self.flow.summary_due is not None or self.app.screen is not self:
            return  # the end-of-hand summary comes first
        why = self.flow.why_not_act(self.active.view(), self.active.names)
        if why is not None:
            self.say(why, severity="warning")
            return
        if self.active.networked:  # the answer comes later, the screen stays live
            self._send(action)
            return
        try:
            self.active.submit(action)
        except CardtableError as exc:
            self._refused(exc)

    def _refused(self, exc: CardtableError) -> None:
        self.say(refusal_text(exc, self.ascii_suits), title="Not allowed", severity="error")

    def _send(self, action: str) -> None:
        """Send a move to a remote table without waiting: "sending…" shows until the answer."""
        if self._sending is not None:
            self.say("Still sending your last move: wait for the table's answer", severity="warning")
            return
        self._sending = action
        self._show_me()
        if self.active is None:
            return
        answer: Future = self.active.submit_later(action)
        answer.add_done_callback(lambda done: self.post_message(SubmitAnswered(done)))

    def on_submit_answered(self, message: SubmitAnswered) -> None:
        """The table's answer to a sent move: accepted (its view follows), or refused with its reason."""
        self._sending = None
        exc = message.answer.exception()
        if isinstance(exc, CardtableError):
            self._refused(exc)
        elif exc is not None:
            self.say(f"The move could not be sent ({type(exc).__name__})", severity="error")
        self._show_me()

    def _show_me(self) -> None:
        """Redraw the player's own line (a move being sent, or its answer)."""
        if self.view is not None and self.active is not None and self.is_attached:
            _put(self._part("#me", Static), self._me_line(self.view, self.active.names), layout=True)

    def on_hand_widget_picked(self, message: HandWidget.Picked) -> None:
        view = self.view
        if view is None:
            return
        action = self.flow.pick(view, message.card)
        if action is not None:
            self._submit(action)
            return
        buttons = self.flow.buttons(view)  # several ways to play it: offer them as numbered buttons
        self._part(ActionBar).show(buttons, "", self.ascii_suits, [view.label_of(x) for x in buttons])
        self.say(f"{message.card.display(self.ascii_suits)} can be played several ways: press its number")

    def on_hand_widget_moved(self, message: HandWidget.Moved) -> None:
        """The ways to play the card under the cursor, shown with it before it is played."""
        view = self.view
        if view is None or not view.is_my_turn or not self.flow.point_at(view, message.card):
            return
        buttons = self.flow.buttons(view)
        self._part(ActionBar).show(buttons, "", self.ascii_suits, [view.label_of(x) for x in buttons])

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        self._submit(message.action)

    def on_key(self, event: Key) -> None:
        """Any key (but ``l``) takes the finished trick off the table."""
        if self.view is not None and event.key != "l" and self.flow.dismiss_trick(self.view):
            self.refresh_table()

    # -- key actions ------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key reaches the table behind "enlarge your terminal"; a spectator's keys are only
        those a spectator can use; a networked table has no undo (the server has none)."""
        if self.has_class("-small"):
            return False
        if self.spectator and action not in SPECTATOR_ACTIONS:
            return False
        return not (action in ("undo", "speed") and self.driver is None)

    def action_number(self, n: int) -> None:
        bar = self._part(ActionBar)
        if bar.squares and bar.display and (bar.typed or not bar.choose(n)):
            self._typed(bar, str(n % 10))  # a row digit (or a digit that numbers no other choice)
        elif not bar.squares and not bar.choose(n):
            self.say(f"There is no choice {n} now")

    def action_letter(self, char: str) -> None:
        """A column letter: part of a square's name while the choices are grid squares."""
        bar = self._part(ActionBar)
        if bar.squares and bar.display:
            self._typed(bar, char)

    def _typed(self, bar: ActionBar, char: str) -> None:
        said = bar.type_char(char)
        if said:
            self.say(said, severity="warning")

    def _squares_take(self, char: str) -> bool:
        """True when ``char`` went to the square choices (the letters a and c are also toggles)."""
        bar = self._part(ActionBar)
        if bar.squares and bar.display:
            self._typed(bar, char)
            return True
        return False

    def action_quit_table(self) -> None:
        if self.driver is not None and not self.driver.save() and not self._quit_unsaved:
            self._quit_unsaved = True  # the second q quits all the same
            self.notify(
                f"The game could not be saved ({self.driver.save_problem}): the moves since the last "
                "save would be lost. Free some space and press q again, or press q again to quit anyway.",
                severity="error",
                timeout=10,
            )
            return
        self.app.exit()

    def action_help(self) -> None:
        opts = self.view.options if self.view is not None else {}
        self.app.push_screen(HelpScreen(self.rules, opts, keys=_key_lines(self)))

    def action_last_trick(self) -> None:
        view = self.view
        last = view.last_trick if view is not None else None
        if view is None or last is None or self.active is None:
            self.say("No trick has been completed in this hand yet")
            return
        names = self.active.names
        plays = ", ".join(
            f"{names[p.seat]} {' '.join(c.display(self.ascii_suits) for c in p.cards)}" for p in last.plays
        )
        won = f" — {names[last.winner]} won" if last.winner is not None else ""
        earlier = not view.trick and not any(view.tricks_won)  # a new deal: nothing played yet
        self.say(plays + won, title="Last trick of the previous hand" if earlier else "Last trick")

    def action_hint(self) -> None:
        """Show the move the hard bot would make for the player to act (a local table, or a
        hosted one whose host allows hints); it thinks in a worker, the screen stays live."""
        if self.driver is None or not self.driver.hints_on():
            self.say("Hints are off at this table", severity="warning")
            return
        if self.active is None:
            return
        why = self.flow.why_not_act(self.active.view(), self.active.names)
        if why is not None:
            self.say(why, severity="warning")
            return
        seat = self.active.view().seat
        if seat is None:
            return
        asked = self._moment()
        self.say("Thinking about a hint…")
        self.run_worker(lambda: self._think_hint(seat, asked), thread=True, group="hint", exit_on_error=False)

    def _think_hint(self, seat: int, asked: Hashable) -> None:
        try:
            hint = self.driver.hint(seat)
        except Exception as exc:
            self.app.call_from_thread(
                self.say, f"No hint this time: the bot failed ({type(exc).__name__})", severity="warning"
            )
            return
        if hint is not None:
            self.app.call_from_thread(self._show_hint, seat, asked, *hint)

    def _show_hint(self, seat: int, asked: Hashable, action, why: str) -> None:
        view = self.active.view() if self.active is not None else None
        if view is None or view.seat != seat or self._moment() != asked or action not in view.legal:
            return  # the table moved on while the hint was thought out: it answered another decision
        words = show_cards(view.label_of(action), self.ascii_suits)
        self.say(f"{words} — {show_cards(why, self.ascii_suits)}", title="Hint")

    def action_undo(self) -> None:
        if self.active is None:
            return
        try:
            if not self.active.can_undo():
                self.say(
                    "Nothing to undo: only your own last move against bots, before any new card is shown",
                    severity="warning",
                )
                return
            self.active.undo()
        except CardtableError as exc:
            self.say(str(exc), severity="error")

    def action_speed(self, step: int) -> None:
        self.settings.bot_delay = round(
            min(MAX_DELAY, max(0.0, self.settings.bot_delay + step * DELAY_STEP)), 1
        )
        if getattr(self.app, "remember_pace", False):
            from cardtable import prefs

            prefs.save(bot_delay=self.settings.bot_delay)
        self.refresh_table()
        self.say(f"Bots play every {self.settings.bot_delay:.1f} s", seconds=3)

    def action_toggle_ascii(self) -> None:
        if self._squares_take("a"):
            return
        self.settings.ascii_suits = not self.settings.ascii_suits
        self.refresh_table()

    def action_toggle_colours(self) -> None:
        """The four-colour deck (each suit its own colour) on or off; kept for the next run."""
        if self._squares_take("c"):
            return
        from cardtable import prefs

        from ..render import four_colour, set_four_colour

        set_four_colour(not four_colour())
        prefs.save(four_colour=four_colour())
        self.refresh_table()
        self.say(
            "Four-colour deck: " + ("♠ black, ♥ red, ♦ blue, ♣ green" if four_colour() else "off"), seconds=4
        )

    def _review_opener(self) -> Callable[[], None] | None:
        """Asks for the review of this match, the first human seat's (a local table only)."""
        if self.driver is None:
            return None
        table = self.driver

        def open_review() -> None:
            humans = table.human_seats()
            self.app.post_message(self.ReviewRequested(table.record(), humans[0] if humans else 0))

        return open_review

    def _match_done(self, result) -> None:
        if result == "again" and self.driver is not None:
            self.post_message(self.PlayAgain(self.driver))
        else:
            self.post_message(self.Left())


def _key_lines(screen: TableScreen) -> list[str]:
    """Every key that works at the table now, for the help screen: ``h  Hint``."""
    lines = []
    seen = set()
    for binding in TableScreen.BINDINGS:
        if not isinstance(binding, Binding):
            continue
        action = binding.action.split("(")[0]
        if (
            action in ("number", "letter")
            or binding.action in seen
            or screen.check_action(action, ()) is False
        ):
            continue
        seen.add(binding.action)
        keys = ", ".join(
            screen.app.get_key_display(Binding(k, binding.action)) for k in binding.key.split(",")
        )
        lines.append(f"{keys:<10} {binding.description}")
    if not screen.spectator:
        lines += [
            f"{'← →  ↑ ↓':<10} Move between cards or choices",
            f"{'Enter':<10} Play the card or take the choice under the cursor",
            f"{'Tab':<10} Between your hand and the choices",
            f"{'1 … 9, 0':<10} Take a numbered choice",
        ]
    return lines


# -- drawing helpers ----------------------------------------------------------------------------


def _short(name: str, width: int = 20) -> str:
    """A player's name on a line of the screen: a long one cut with an ellipsis."""
    return name if len(name) <= width else name[: width - 1] + "…"


def _put(line: Static, text: Text, layout: bool = False) -> None:
    """Show ``text`` on a line of the table unless it shows exactly that already: when another
    player moves, only the parts of the screen that changed are drawn again (issue 20).  With
    ``layout``, a text that may wrap: the screen is laid out again only when its number of
    lines changes."""
    if getattr(line, "_shown", None) == text_key(text):
        return
    line._shown = text_key(text)  # type: ignore[attr-defined]
    if layout and line.is_attached:
        lines = _lines_at(text, line.content_size.width)
        layout = lines != getattr(line, "_lines", None)
        line._lines = lines  # type: ignore[attr-defined]
    line.update(text, layout=layout)


def _lines_at(text: Text, width: int) -> int:
    """How many lines ``text`` takes wrapped at ``width``."""
    if width <= 0:
        return -1
    return len(text.wrap(_MEASURE, width)) if text.plain else 1


_MEASURE = Console(width=200)  # measures wrapped lines only (never prints)


def _away_static() -> Static:
    line = Static("", id="away")
    line.styles.height = 1
    line.styles.padding = (0, 1)
    line.styles.color = "yellow"
    line.display = False
    return line
