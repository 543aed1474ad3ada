"""Past matches from the match store: a list, a replay viewer, and the statistics screen.

:class:`HistoryScreen` lists the finished matches (newest first); Enter opens
:class:`ReplayScreen`, which steps through the match as it was played: every deal with all
hands open (the match is over, nothing is secret any more), each trick as it was won, and each
hand's scoring lines.  Keys: → / ← a step, ] / [ a hand, Home / End, ``g`` jumps to a hand by
number.  :class:`StatsScreen` shows :mod:`cardtable.stats` figures for one player.

The list opens no screen itself: it posts :class:`HistoryScreen.ReplayRequested` or
:class:`HistoryScreen.StatsRequested` and the app opens the replay or the statistics.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.store import MatchRow, MatchStore, StoreError
from games import get_rules
from games.core import CardtableError, GameState, TrickResult, render_seats

from ..players import default_player_name
from ..render import cards_line, show_cards
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from ..widgets.toosmall import TooSmall
from .base import SizedScreen


def _open_store() -> tuple[MatchStore | None, str]:
    try:
        store = MatchStore().open()
        return store, store.problem
    except StoreError as exc:
        return None, str(exc)


class HistoryScreen(SizedScreen):
    """Finished matches, newest first; Enter asks for a replay of the highlighted one."""

    class ReplayRequested(Message):
        """The player chose ``match`` to replay."""

        def __init__(self, match: MatchRow) -> None:
            super().__init__()
            self.match = match

    class StatsRequested(Message):
        """The player asked for the statistics."""

    AUTO_FOCUS = "OptionList"
    BINDINGS = [Binding("escape", "dismiss", "Back"), Binding("s", "stats", "Statistics")]

    def compose(self) -> ComposeResult:
        yield Static("Finished matches", id="lobby-title")
        store, problem = _open_store()
        self.matches = store.matches(limit=500) if store is not None else []
        opts = [Option(self._line(m), id=str(m.id)) for m in self.matches]
        yield OptionList(*opts, id="saves")
        hint = problem or (
            "No finished matches yet: they appear here when a match ends."
            if not opts
            else "Enter: replay hand by hand · s: statistics · Esc: back"
        )
        yield Static(hint, classes="hint")
        yield KeyBar()
        yield TooSmall()

    @staticmethod
    def _line(m: MatchRow) -> Text:
        try:
            title = get_rules(m.game).title
        except CardtableError:
            title = m.game
        out = Text(f"#{m.id:<4} ", style="dim")
        out.append(time.strftime("%Y-%m-%d %H:%M  ", time.localtime(m.finished_at)), style="dim")
        out.append(f"{title[:18]:<18} ", style="bold")
        out.append(", ".join(f"{s.name} {v:g}" for s, v in zip(m.seats, m.scores)))
        winners = [m.seats[w].name for w in m.winners if w < len(m.seats)]
        if winners:
            out.append(f"  won by {' and '.join(winners)}", style="italic")
        return out

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        match = next(m for m in self.matches if str(m.id) == event.option.id)
        self.post_message(self.ReplayRequested(match))

    def action_stats(self) -> None:
        self.post_message(self.StatsRequested())


@dataclass(frozen=True)
class Stop:
    """One place to stop in a replay: after ``index`` actions, what it shows."""

    index: int
    hand: int
    label: str
    state: GameState
    trick: TrickResult | None = None  # the trick completed by this step, if any


def replay_stops(match: MatchRow) -> list[Stop]:
    """Every deal, every completed trick (the last one of a hand together with its score and the
    next deal), and the end of the match; clones of one replay pass."""
    record = match.record()
    state = get_rules(record.game).new_game(record.seats, record.options, record.seed)
    stops: list[Stop] = []
    view = state.view(None)
    hand, tricks, last = view.hand_number, 0, view.last_trick

    def add(label: str, i: int, trick: TrickResult | None = None) -> None:
        stops.append(Stop(i, state.view(None).hand_number, label, state.clone(), trick))

    add(f"hand {hand}: the deal" if hand else "before the first deal", 0)
    for i, text in enumerate(record.actions, start=1):
        state.apply(text)
        view = state.view(None)
        done = view.last_trick if view.last_trick is not None and view.last_trick is not last else None
        last = view.last_trick
        if view.hand_number != hand:
            prev, hand, tricks = hand, view.hand_number, 0
            label = (
                f"hand {prev} scored"
                if state.is_over
                else (f"hand {prev} scored, hand {hand} dealt" if prev else f"hand {hand}: the deal")
            )
            add(label, i, done)
        elif done is not None:
            tricks += 1
            add(f"hand {hand}: trick {tricks}", i, done)
    end = stops[-1]
    if end.index == len(record.actions) and state.is_over:  # the last trick ended the match
        stops[-1] = Stop(
            end.index,
            end.hand,
            f"{end.label}; hand {end.hand} scored; the match is over",
            end.state,
            end.trick,
        )
    else:
        add("the end of the match", len(record.actions))
    return stops


class ReplayScreen(SizedScreen):
    """Steps through a finished match with every hand open."""

    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Back"),
        Binding("right_square_bracket", "hand(1)", "Next hand"),
        Binding("left_square_bracket", "hand(-1)", "Previous hand"),
        Binding("home", "ends(0)", show=False),
        Binding("end", "ends(1)", show=False),
        Binding("g", "goto", "Go to hand"),
        Binding("escape", "dismiss", "Back"),
    ]

    def __init__(self, match: MatchRow) -> None:
        super().__init__()
        self.match = match
        self.names = [s.name for s in match.seats]
        self.stops = replay_stops(match)
        self.at = 0

    def compose(self) -> ComposeResult:
        title = get_rules(self.match.game).title
        yield Static(f"Replay of match #{self.match.id}: {title}", id="lobby-title")
        with VerticalScroll(id="replay"):
            yield Static("", id="replay-body")
        with Horizontal(id="goto", classes="row"):
            yield Label("Go to hand", classes="label")
            yield Field("", id="goto-hand", compact=True)
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#goto").display = False
        self.show()

    def show(self) -> None:
        stop = self.stops[self.at]
        self.query_one("#replay-body", Static).update(self.render_stop(stop))

    def render_stop(self, stop: Stop) -> Group:
        state = stop.state
        public = state.view(None)
        a = self.settings.ascii_suits
        head = Text(f"{stop.label}  ·  step {self.at + 1} of {len(self.stops)}", style="bold")
        seats = RichTable(box=None, padding=(0, 2), show_header=True, header_style="dim")
        for col in ("player", "score", "tricks", "cards (all open)"):
            seats.add_column(col)
        for s in range(state.num_seats):
            view = state.view(s)
            seats.add_row(
                self.names[s] if s < len(self.names) else f"Seat {s + 1}",
                f"{public.scores[s]:g}",
                str(public.tricks_won[s]),
                cards_line(view.hand, a),
            )
        parts: list[RenderableType] = [head, seats]
        trick = stop.trick
        if trick is not None:
            line = Text("Trick: ")
            for p in trick.plays:
                line.append(f"{self.names[p.seat]} ")
                line.append_text(cards_line(p.cards, a))
                line.append("  ")
            if trick.winner is not None:
                line.append(f"— {self.names[trick.winner]} won it", style="italic")
            parts.append(line)
        scored = [
            e for e in state.events if e.kind == "hand" and e.hand == stop.hand - (0 if state.is_over else 1)
        ]
        events = [e for e in state.events if e.hand == stop.hand and e.kind != "hand"]
        log = [show_cards(e.render(self.names), a) for e in events[-12:]]
        if "scored" in stop.label:
            for e in scored:
                log.append(show_cards(e.render(self.names), a))
                log.extend("  " + show_cards(render_seats(line, self.names), a) for line in e.lines)
        if state.result is not None and stop.index == len(self.match.record().actions):
            log.append(f"Match over: {render_seats(state.result.reason, self.names)}")
        parts.append(Text("\n".join(log), style="dim"))
        return Group(*parts)

    def action_step(self, step: int) -> None:
        self.at = max(0, min(len(self.stops) - 1, self.at + step))
        self.show()

    def action_hand(self, step: int) -> None:
        hand = self.stops[self.at].hand + step
        self._to_hand(hand)

    def _to_hand(self, hand: int) -> bool:
        for i, stop in enumerate(self.stops):  # the first stop of a hand is its deal
            if stop.hand == hand:
                self.at = i
                self.show()
                return True
        return False

    def action_ends(self, last: int) -> None:
        self.at = len(self.stops) - 1 if last else 0
        self.show()

    def action_goto(self) -> None:
        box = self.query_one("#goto")
        box.display = True
        self.query_one("#goto-hand", Field).focus()

    def on_input_submitted(self, event: Field.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        self.query_one("#goto").display = False
        if not text.isdigit() or not self._to_hand(int(text)):
            hands = max(s.hand for s in self.stops)
            self.notify(f"there is no hand {text!r}: this match has hands 1 to {hands}", severity="warning")


class StatsScreen(SizedScreen):
    """The statistics of one player (the login name by default), per game."""

    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def __init__(self, player: str | None = None) -> None:
        super().__init__()
        self.player = player or default_player_name()

    def compose(self) -> ComposeResult:
        from cardtable.stats import COLUMNS, bar, figures_row, player_stats, players

        store, problem = _open_store()
        matches = store.matches() if store is not None else []
        figures = player_stats(matches, self.player)
        if not figures and matches:  # nobody of the login name: the player with the most matches
            self.player = players(matches)[0] if players(matches) else self.player
            figures = player_stats(matches, self.player)
        yield Static(f"Statistics of {self.player}", id="lobby-title")
        table = RichTable(box=None, padding=(0, 1), header_style="dim")
        for col in COLUMNS:
            table.add_column(col, no_wrap=col in ("game", "win rate", "bids made"))
        for st in figures.values():
            table.add_row(*figures_row(st))
        levels = RichTable(
            box=None, padding=(0, 2), header_style="dim", title="Against each bot level", title_justify="left"
        )
        for col in ("game", "bot level", "played", "won", "win rate"):
            levels.add_column(col)
        for st in figures.values():
            for level, (played, won) in sorted(st.by_level.items()):
                levels.add_row(
                    st.title, level, str(played), str(won), f"{bar(won / played)} {won / played:.0%}"
                )
        with VerticalScroll(id="setup"):
            yield Static(
                Group(table, Text(""), levels)
                if figures
                else Text(problem or "No finished matches yet.", style="dim")
            )
        yield KeyBar()
        yield TooSmall()
