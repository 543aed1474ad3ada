"""The table screen, generic over games.  It talks only to SeatHandles (view, submit,
subscribe, can_undo, undo, names) and, when the table is local, to a *driver* (the
:class:`~cardtable.session.Table`) whose bots the one bot runner (:class:`~cardtable.pacer.Pacer`)
plays at a readable pace.  A remote seat's move is sent without waiting (``submit_later``):
"sending…" shows until the table's answer, and the screen answers keys meanwhile.

Hot-seat: several handles, one per human seat; whenever the next decision belongs to a
different human than the one shown, a hand-off screen hides everything until they confirm.
Updates may arrive from another thread (network); they are marshalled onto the app thread.

The screen opens no other main screen: when the match is over and the player wants another, or
when a remote table has gone, it posts :class:`TableScreen.PlayAgain` or :class:`TableScreen.Closed`
and the app decides what comes next; quitting exits the app.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from cardtable.pacer import TRICK_PAUSE, Pacer, pause_before
from games import get_rules
from games.core import Action, Card, CardtableError, SeatView, TrickResult, plural

from ..panels import panel_for
from ..render import cards_line, direction_text, refusal_text, seat_positions, show_cards
from ..widgets import ActionBar, EventLog, HandWidget, KeyBar, Scoreboard, SeatPanel, TooSmall, TrickArea
from ..widgets.actions import are_squares, is_square
from ..widgets.seat import team_tag, text_key
from .base import SizedScreen
from .modals import HandoffScreen, HandSummaryScreen, HelpScreen, MatchOverScreen

DELAY_STEP, MAX_DELAY = 0.2, 3.0


class TableUpdate(Message):
    """A handle changed on another thread (posted thread-safely, without waiting for the UI)."""


class SubmitAnswered(Message):
    """The table answered a move sent to a remote seat (posted from the network thread)."""

    def __init__(self, answer: Future) -> None:
        super().__init__()
        self.answer = answer


HINT_TIMEOUT = 600.0  # seconds: a hint stays while its decision waits (it goes with the decision)


def decision_key(view: SeatView) -> tuple:
    """What identifies the decision a view asks for: who acts, the choices, the trick, the last event."""
    return (
        view.seat,
        view.to_act,
        view.hand_number,
        tuple(a.text for a in view.legal),
        tuple(c.text for p in view.trick for c in p.cards),
        view.events[-1] if view.events else None,
    )


class TableScreen(SizedScreen):
    class PlayAgain(Message):
        """The match is over and the player wants another with the same seats and options."""

        def __init__(self, driver) -> None:
            super().__init__()
            self.driver = driver

    class Closed(Message):
        """The remote table has gone; ``text`` says why."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class ReviewRequested(Message):
        """The player asked for the review of the finished match (issue 35): ``record``, the
        ``seat`` whose decisions to weigh."""

        def __init__(self, record, seat: int) -> None:
            super().__init__()
            self.record, self.seat = record, seat

    AUTO_FOCUS = "HandWidget"
    BINDINGS = [
        Binding("q", "quit_table", "Save & quit"),
        Binding("question_mark,f1", "help", "Rules"),
        Binding("l", "last_trick", "Last trick"),
        Binding("u", "undo", "Undo"),
        Binding("h", "hint", "Hint", show=False),
        Binding("plus,equals_sign", "speed(1)", "Slower", show=False),
        Binding("minus", "speed(-1)", "Faster", show=False),
        Binding("a", "toggle_ascii", "ASCII suits", show=False),
        Binding("c", "toggle_colours", "Four colours", show=False),
        *[Binding(str(i), f"number({i or 10})", show=False) for i in range(10)],
        *[Binding(ch, f"letter('{ch}')", show=False) for ch in "bdefg"],  # grid columns (a, c: below)
    ]

    def __init__(self, handles: Sequence, driver=None) -> None:
        super().__init__()
        self.handles = list(handles)
        self.driver = driver
        self.active = self.handles[0] if len(self.handles) == 1 else None
        first = self.handles[0].view()
        self.num_seats = first.num_seats
        self.rules = get_rules(first.game)
        # the last hand summary seen: a view carries only this hand's and the previous hand's
        # events, so a count of hand events stops growing after the second hand
        self._hand_seen = next((e for e in reversed(first.events) if e.kind == "hand"), None)
        self._over_shown = first.is_over and False
        self._dismissed_trick: TrickResult | None = None
        self.pacer = Pacer(driver, note=self._bot_note) if driver is not None else None
        self._sending: str | None = None  # a move sent to a remote table, not answered yet
        self._pending = False
        self._quit_unsaved = False  # q was pressed once while the game could not be saved
        self._unsubscribe: list = []
        self.view: SeatView | None = None
        self.extra_panel = panel_for(first.game)
        self._choice_card: Card | None = None  # a picked card that can be played several ways
        self._summary_due: tuple | None = None  # (hand event, its last trick) not yet shown
        self._summary_timer = None
        self._parts: dict[tuple, Widget] = {}  # the screen's fixed parts, found once (see _part)

    # -- layout ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        n = self.num_seats
        yield Static("", id="header")
        if _away_source(self.handles) is not None:  # a networked table: who is away, and for how long
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
        if _away_source(self.handles) is not None:
            self.set_interval(1.0, self._show_away)  # the hold counts down on screen

    def on_unmount(self) -> None:
        if self.pacer is not None:
            self.pacer.cancel()
        for unsub in self._unsubscribe:
            unsub()
        for h in self.handles if self.driver is None else ():
            getattr(h, "close", lambda: None)()  # a remote seat says bye (local handles have no close)

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
        return self.app.ascii_suits

    def _handle_for(self, seat: int | None):
        return next((h for h in self.handles if h.seat == seat), None)

    def refresh_table(self) -> None:
        """Re-read the view and redraw; open hand-off / summary / end screens when due."""
        if not self.is_attached:
            return
        self._drop_stale_hint()
        if self.app.screen is not self:
            return
        probe = (self.active or self.handles[0]).view()
        nxt = self._handle_for(probe.to_act)
        if nxt is not None and nxt is not self.active and len(self.handles) > 1:
            self.active = None
            self.app.clear_notifications()  # nothing of one player's turn may reach the next player
            self.app.push_screen(HandoffScreen(nxt.names[nxt.seat]), lambda _: self._hand_to(nxt))
            return
        if self.active is None:  # hot-seat, bots first: show no hand until a human must decide
            _put(self._part("#me", Static), Text("Bots are playing…", style="dim"), layout=True)
            self._schedule_bot(probe)
            return
        view = probe
        names = self.active.names
        hand_events = [e for e in view.events if e.kind == "hand"]
        if hand_events and hand_events[-1] != self._hand_seen:
            self._hand_seen = hand_events[-1]
            end = view.events.index(hand_events[-1])
            last = next((e for e in reversed(view.events[:end]) if e.kind == "trick"), None)
            self._summary_due = (hand_events[-1], last)
        if self._summary_due is not None:
            self.draw(view, names)
            self._summary_when_trick_seen(view)
            return
        self.draw(view, names)
        if view.is_over:
            self.app.push_screen(
                MatchOverScreen(view.outcome, names, self.driver is not None, self._review_opener()),
                self._match_done,
            )
            return
        self._schedule_bot(view)

    def _final_trick_up(self, view: SeatView) -> bool:
        return not view.trick and view.last_trick is not None and view.last_trick is not self._dismissed_trick

    def _summary_when_trick_seen(self, view: SeatView) -> None:
        """The hand's final trick stays on the table (until a key or the trick pause), then the summary."""
        delay = self.app.bot_delay * TRICK_PAUSE
        if self._final_trick_up(view) and delay > 0:
            if self._summary_timer is None:
                self._summary_timer = self.set_timer(delay, self._show_summary)
            return
        self._show_summary()

    def _show_summary(self) -> None:
        if self._summary_timer is not None:
            self._summary_timer.stop()
            self._summary_timer = None
        if self._summary_due is None or not self.is_attached or self.app.screen is not self:
            return
        (event, last), self._summary_due = self._summary_due, None
        if self.view is not None and self.view.last_trick is not None:
            self._dismissed_trick = self.view.last_trick  # seen: the new hand starts on a clear table
        self.app.push_screen(HandSummaryScreen(event, self.active.names, last, self.ascii_suits))

    def _hand_to(self, handle) -> None:
        self.active = handle
        self.refresh_table()

    def draw(self, view: SeatView, names: Sequence[str]) -> None:
        self.view = view
        a = self.ascii_suits
        _put(self._part("#header", Static), self._header(view))  # fixed one-line rows
        for s, (side, i) in seat_positions(view).items():
            panel = self._part(f"#{side}" if side != "top" else f"#top-{i}", SeatPanel)
            panel.seat = s
            panel.show(view, names)
        plays, winner = view.trick, None
        shown = view.last_trick
        if not plays and shown is not None and shown is not self._dismissed_trick:
            plays, winner = shown.plays, shown.winner
        trick = self._part(TrickArea)
        trick.centre = self.extra_panel.render_centre if self.extra_panel is not None else None
        self.set_class(self.extra_panel is not None and self.extra_panel.wants_room(view), "-wide-centre")
        trick.show(view if view.seat is not None else replace(view, seat=0), names, plays, winner, a)
        _put(self._part("#me", Static), self._me_line(view, names))
        self._show_away()
        self._part(Scoreboard).show(view, names, self.extra_panel.hides_info if self.extra_panel else None)
        if self.extra_panel is not None:
            self.extra_panel.show(view, names, a)
        self._part(EventLog).show(view, names, a)
        bar = self._part(ActionBar)
        buttons = self._buttons(view)
        bar.show(buttons, "", a, [view.label_of(x) for x in buttons])
        legal = frozenset(x.card for x in view.legal if x.card is not None)
        hand = self._part(HandWidget)
        if view.seat is None and view.open_hands:  # watching bots with open hands: the bottom seat's cards
            hand.show(view.open_hands[0], frozenset(), False, a)
        else:
            marked = self.extra_panel.marked_cards(view) if self.extra_panel is not None else frozenset()
            hand.show(
                view.hand, legal, view.is_my_turn and bool(legal), a, marked
            )  # a bid: the cards are not choices
        self._focus_for(view, bar, hand)

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
        )  # 0: before the deal
        if view.trump:
            parts.append(view.trump)
        if not view.clockwise:  # Agram: the direction of play is the unusual one, so say it
            parts.append(direction_text(view, self.ascii_suits))
        out = Text(" · ".join(parts), style="bold")
        if view.up_cards:
            out.append(" · Up: ")
            out.append_text(cards_line(view.up_cards, self.ascii_suits))
        if self.driver is not None:
            out.append(f" · bot pace {self.app.bot_delay:.1f}s (+/-)", style="dim")
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
            prompt = show_cards(view.prompt, self.ascii_suits) if view.prompt else "your turn"
            out.append(f" — {prompt}", style="bold")
            if are_squares(view.legal):
                example = next(a.arg for a in view.legal if is_square(a))
                out.append(f" · type a square, e.g. {example}", style="bold")
        elif view.to_act is not None:
            out.append(f" — {self._waiting_for(view.to_act, names)}", style="dim")
        return out

    # -- spectators and away players (networked tables) ------------------------------
    def _watch_line(self, view: SeatView, names: Sequence[str]) -> Text:
        """A spectator's line: read-only, then the first seat (drawn at the bottom) and whose turn it is."""
        out = Text("Watching (read-only)", style="bold")
        out.append(f" · {names[0]}" + (" (D)" if view.dealer == 0 else ""))
        out.append(f" · {plural(view.tricks_won[0], 'trick')}")
        for extra in (view.bids[0], view.status[0]):
            if extra:
                out.append(f" · {extra}")
        if view.to_act is not None:
            out.append(f" — {self._waiting_for(view.to_act, names)}", style="dim")
        return out

    def _waiting_for(self, seat: int, names: Sequence[str]) -> str:
        """ "waiting for Ann…", or why Ann does not play: away (held m:ss), or a bot plays for her."""
        source = _away_source(self.handles)
        away = next((x for x in source() if x.seat == seat), None) if source is not None else None
        if away is None and self.driver is not None and seat in self.driver.bots:
            return f"{names[seat]} is thinking…"  # bots think in a worker thread (issue 13)
        return _away_words(away) if away is not None else f"waiting for {names[seat]}…"

    def _show_away(self) -> None:
        """The line under the header: every seat whose player is away, with the hold counting down."""
        source = _away_source(self.handles)
        if source is None:  # a local table: no such line
            return
        line = self._part("#away", Static)
        words = " · ".join(_away_words(x) for x in source())
        _put(line, Text(words, style="bold"), layout=True)
        if line.display != bool(words):
            line.display = bool(words)
        if self.view is not None and self.active is not None:
            _put(self._part("#me", Static), self._me_line(self.view, self.active.names))

    def _buttons(self, view: SeatView) -> list[Action]:
        """Non-card decisions, plus the ways to play the picked card when it has several."""
        card_actions = [a for a in view.legal if a.card is not None and a.card is self._choice_card]
        if len(card_actions) < 2:
            self._choice_card = None
            card_actions = []
        return [a for a in view.legal if a.card is None] + card_actions

    # -- bots (local driver only): the pacer thinks in a thread and applies each move once --------
    def _schedule_bot(self, view: SeatView) -> None:
        """Start the next bot move, paced, unless one is under way (its move redraws the table)."""
        if self.pacer is None or self.pacer.busy or self.pacer.due() is None:
            return
        delay = pause_before(self.driver, self.app.bot_delay, self._final_trick_up(view))
        self.pacer.start(delay, done=self._bot_done)

    def _bot_done(self) -> None:
        """A bot move ended without a change (the table moved on meanwhile): look again."""
        if self.is_attached:
            self.refresh_table()

    def _bot_note(self, text: str) -> None:
        """A bot failed and the pacer played for it: say so (never a silent retry)."""
        self.notify(text, title="Bot", severity="warning", timeout=8)

    # -- the human's choices ------------------------------------------------------
    def _submit(self, action: str) -> None:
        if self.active is None or self._summary_due is not None or self.app.screen is not self:
            return  # the end-of-hand summary comes first
        if self.view is not None and self.view.seat is None:
            self.notify("You are watching this table: spectators cannot play", severity="warning")
            return
        if not self._my_turn_or_say_wait():
            return
        send = getattr(self.active, "submit_later", None)
        if send is not None:  # a remote table: the answer comes later, the screen stays live
            self._send(send, action)
            return
        try:
            self.active.submit(action)
        except CardtableError as exc:
            self._refused(exc)

    def _refused(self, exc: CardtableError) -> None:
        self.notify(refusal_text(exc, self.ascii_suits), title="Not allowed", severity="error")

    def _send(self, send, action: str) -> None:
        """Send a move to a remote table without waiting: "sending…" shows until the answer."""
        if self._sending is not None:
            self.notify("Still sending your last move: wait for the table's answer", severity="warning")
            return
        self._sending = action
        self._show_me()
        answer: Future = send(action)
        answer.add_done_callback(lambda done: self.post_message(SubmitAnswered(done)))

    def on_submit_answered(self, message: SubmitAnswered) -> None:
        """The table's answer to a sent move: accepted (its view follows), or refused with its reason."""
        self._sending = None
        exc = message.answer.exception()
        if isinstance(exc, CardtableError):
            self._refused(exc)
        elif exc is not None:
            self.notify(f"The move could not be sent ({type(exc).__name__})", severity="error")
        self._show_me()

    def _show_me(self) -> None:
        """Redraw the player's own line (a move being sent, or its answer)."""
        if self.view is not None and self.active is not None and self.is_attached:
            _put(self._part("#me", Static), self._me_line(self.view, self.active.names))

    def _my_turn_or_say_wait(self) -> bool:
        """True when the shown player must decide now; otherwise say whose turn it is."""
        view = self.active.view()
        if view.is_over:
            self.notify("The match is over", severity="warning")
            return False
        if view.to_act != view.seat and view.to_act is not None:
            names = self.active.names
            who = names[view.to_act] if view.to_act < len(names) else f"Seat {view.to_act + 1}"
            self.notify(f"Wait: it is {who}'s turn", severity="warning")
            return False
        return True

    def on_hand_widget_picked(self, message: HandWidget.Picked) -> None:
        view, c = self.view, message.card
        if view is None:
            return
        matching = [a for a in view.legal if a.card is c]
        if len(matching) > 1:  # e.g. QS@1 / QS@2: offer the ways as numbered buttons
            self._choice_card = c
            buttons = self._buttons(view)
            self._part(ActionBar).show(buttons, "", self.ascii_suits, [view.label_of(x) for x in buttons])
            self.notify(f"{c.display(self.ascii_suits)} can be played several ways: press its number")
            return
        if matching:
            self._submit(matching[0].text)
            return
        kinds = {a.kind for a in view.legal if a.card is not None}
        kind = next(iter(kinds)) if len(kinds) == 1 else "play"
        self._submit(c.text if kind == "play" else f"{kind} {c.text}")

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        self._submit(message.action)

    def on_key(self, event: Key) -> None:
        """Any key takes the finished trick off the table."""
        if (
            self.view is not None
            and not self.view.trick
            and self.view.last_trick is not None
            and self.view.last_trick is not self._dismissed_trick
            and event.key not in ("l",)
        ):
            self._dismissed_trick = self.view.last_trick
            self.refresh_table()

    # -- key actions ------------------------------------------------------------------
    def action_number(self, n: int) -> None:
        bar = self._part(ActionBar)
        if bar.squares and bar.display and (bar.typed or not bar.choose(n)):
            self._typed(bar, str(n % 10))  # a row digit (or a digit that numbers no other choice)
        elif not bar.squares and not bar.choose(n):
            self.notify(f"There is no choice {n} now")

    def action_letter(self, char: str) -> None:
        """A column letter: part of a square's name while the choices are grid squares."""
        bar = self._part(ActionBar)
        if bar.squares and bar.display:
            self._typed(bar, char)

    def _typed(self, bar: ActionBar, char: str) -> None:
        said = bar.type_char(char)
        if said:
            self.notify(said, severity="warning")

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
        self.app.push_screen(HelpScreen(self.rules, opts))

    def action_last_trick(self) -> None:
        last = self.view.last_trick if self.view is not None else None
        if last is None:
            self.notify("No trick has been completed in this hand yet")
            return
        names = self.active.names
        plays = ", ".join(
            f"{names[p.seat]} {' '.join(c.display(self.ascii_suits) for c in p.cards)}" for p in last.plays
        )
        won = f" — {names[last.winner]} won" if last.winner is not None else ""
        earlier = not self.view.trick and not any(self.view.tricks_won)  # a new deal: nothing played yet
        self.notify(plays + won, title="Last trick of the previous hand" if earlier else "Last trick")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A networked table always refuses undo (the server has no undo): do not offer it."""
        return not (action == "undo" and self.driver is None)

    def action_hint(self) -> None:
        """Show the move the hard bot would make for the player to act (a local table, or a
        hosted one whose host allows hints); it thinks in a worker, the screen stays live."""
        if self.driver is None or not self.driver.hints_on():
            self.notify("Hints are off at this table", severity="warning")
            return
        if self.active is None or not self._my_turn_or_say_wait():
            return
        asked = self.active.view()
        seat, key = asked.seat, decision_key(asked)
        self.notify("Thinking about a hint…", timeout=2)
        self.run_worker(lambda: self._think_hint(seat, key), thread=True, group="hint", exit_on_error=False)

    def _think_hint(self, seat: int, key: tuple) -> None:
        try:
            hint = self.driver.hint(seat)
        except Exception as exc:
            self.app.call_from_thread(
                self.notify, f"No hint this time: the bot failed ({type(exc).__name__})", severity="warning"
            )
            return
        if hint is not None:
            self.app.call_from_thread(self._show_hint, seat, key, *hint)

    def _show_hint(self, seat: int, key: tuple, action, why: str) -> None:
        view = self.active.view() if self.active is not None else None
        if view is None or view.seat != seat or decision_key(view) != key or action not in view.legal:
            return  # the table moved on while the hint was thought out: it answered another decision
        words = show_cards(view.label_of(action), self.ascii_suits)
        self._drop_stale_hint(force=True)
        # a hint answers this decision only: it stays until the decision is made (or changes)
        self.notify(f"{words} — {show_cards(why, self.ascii_suits)}", title="Hint", timeout=HINT_TIMEOUT)
        self._hint_key = decision_key(view)

    def _drop_stale_hint(self, force: bool = False) -> None:
        """Take the hint off the screen once its decision has gone (issue 35)."""
        key = getattr(self, "_hint_key", None)
        if key is None:
            return
        handle = self.active or (self.handles[0] if self.handles else None)
        if not force and handle is not None and decision_key(handle.view()) == key:
            return
        self._hint_key = None
        # the notices of a decision go with it (the hint and anything said about that move)
        self.app.clear_notifications()

    def action_undo(self) -> None:
        if self.active is None:
            return
        try:
            if not self.active.can_undo():
                self.notify(
                    "Nothing to undo: only your own last move against bots, before any new card is shown",
                    severity="warning",
                )
                return
            self.active.undo()
        except CardtableError as exc:
            self.notify(str(exc), severity="error")

    def action_speed(self, step: int) -> None:
        self.app.bot_delay = round(min(MAX_DELAY, max(0.0, self.app.bot_delay + step * DELAY_STEP)), 1)
        if getattr(self.app, "remember_pace", False):
            from cardtable import prefs

            prefs.save(bot_delay=self.app.bot_delay)
        self.notify(f"Bots play every {self.app.bot_delay:.1f} s")
        self.refresh_table()

    def action_toggle_ascii(self) -> None:
        if self._squares_take("a"):
            return
        self.app.ascii_suits = not self.app.ascii_suits
        self.refresh_table()

    def action_toggle_colours(self) -> None:
        """The four-colour deck (each suit its own colour) on or off; kept for the next run."""
        if self._squares_take("c"):
            return
        from cardtable import prefs

        from ..render import four_colour, set_four_colour

        set_four_colour(not four_colour())
        prefs.save(four_colour=four_colour())
        self.notify("Four-colour deck: " + ("♠ black, ♥ red, ♦ blue, ♣ green" if four_colour() else "off"))
        self.refresh_table()

    def _review_opener(self):
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
            self.app.exit()


# -- who is away at a networked table (the handle's ``away()``, see cardtable.net.client) ----------


def _put(line: Static, text: Text, layout: bool = False) -> None:
    """Show ``text`` on a line of the table unless it shows exactly that already: when another
    player moves, only the parts of the screen that changed are drawn again (issue 20)."""
    if getattr(line, "_shown", None) != text_key(text):
        line._shown = text_key(text)  # type: ignore[attr-defined]
        line.update(text, layout=layout)


def _away_source(handles: Sequence):
    """The ``away()`` of a remote handle, or None for a local table."""
    away = getattr(handles[0], "away", None) if handles else None
    return away if callable(away) else None


def _away_static() -> Static:
    line = Static("", id="away")
    line.styles.height = 1
    line.styles.padding = (0, 1)
    line.styles.color = "yellow"
    line.display = False
    return line


def _away_words(away) -> str:
    """ "a bot plays for Ann", "Ann is away (held 4:32)", "Ann is away" or "Ann has not joined yet"."""
    if away.stand_in:
        return f"a bot plays for {away.name}"
    if not away.joined:
        return f"{away.name} has not joined yet"
    if away.held:
        minutes, seconds = divmod(int(away.held + 0.999), 60)
        return f"{away.name} is away (held {minutes}:{seconds:02d})"
    return f"{away.name} is away"
