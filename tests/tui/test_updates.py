"""Issue 20, cheap updates: when another player moves, a seat's screen draws again only what
changed (the trick, a seat, the turn marker, the log's new line), without laying out the screen
or drawing the scoreboard's table again.  The seat is shown as a networked seat is (one handle, no
driver); the other seats' moves are applied to the table one at a time."""

from __future__ import annotations

import rich.table
from textual.screen import Screen

from cardtable.session import SeatConfig, Table
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import EventLog

from .helpers import screen_text


def _table(seed: int = 3) -> Table:
    seats = [SeatConfig("human", "Ana")] + [SeatConfig("bot", name) for name in ("Ben", "Cy", "Dee")]
    return Table.new("tricks_n_trumps", seats, None, seed)


def _seat_app(table: Table) -> CardTableApp:
    return CardTableApp(table_handles=[table.handle(0)], driver=None, bot_delay=0, ascii_suits=False)


async def _drawn(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def _to_an_opponent_with_a_long_log(pilot, table: Table) -> EventLog:
    """Play (the first legal card for Ana) until the log overflows its box and a bot is to add the
    second or third card of a trick (its card does not end the trick)."""
    log = pilot.app.screen.query_one(EventLog)
    for _ in range(200):
        state = table.state
        if log.show_vertical_scrollbar and state.to_act != 0 and 1 <= len(table.view(0).trick) <= 2:
            return log
        if state.to_act == 0:
            table.submit(0, state.legal_actions()[0].text)
        else:
            table.play_bot()
        await _drawn(pilot)
    raise AssertionError("the log never overflowed with a bot to move")


class _Counter:
    """Counts the screen's layouts and the Rich tables drawn (the scoreboard is the only one here)."""

    def __init__(self, monkeypatch) -> None:
        self.layouts = self.tables = 0
        layout, draw = Screen._refresh_layout, rich.table.Table.__rich_console__

        def counted_layout(screen, *args, **kwargs):
            self.layouts += 1
            return layout(screen, *args, **kwargs)

        def counted_draw(table, *args, **kwargs):
            self.tables += 1
            return draw(table, *args, **kwargs)

        monkeypatch.setattr(Screen, "_refresh_layout", counted_layout)
        monkeypatch.setattr(rich.table.Table, "__rich_console__", counted_draw)


async def test_an_opponents_card_lays_out_nothing_and_draws_no_new_score_table(monkeypatch):
    """A bot plays a card mid-trick: the trick, its seat, the turn and the log change, the scores do
    not.  No layout of the screen (the log once laid it out twice per move) and no new scoreboard
    table (it was drawn again for the turn marker on every move)."""
    table = _table()
    app = _seat_app(table)
    async with app.run_test(size=(100, 28)) as pilot:
        await _drawn(pilot)
        await _to_an_opponent_with_a_long_log(pilot, table)
        count = _Counter(monkeypatch)
        mover = table.state.to_act
        tricks = table.view(0).tricks_won
        table.play_bot()
        await _drawn(pilot)
        assert table.view(0).tricks_won == tricks, "mid-trick: the scores stay"
        assert isinstance(app.screen, TableScreen)
        assert count.layouts == 0
        assert count.tables == 0
        text = screen_text(app)
        assert f"{table.names[mover]} plays" in text  # the new log line is drawn, in view
        marker_rows = [line for line in text.splitlines() if f">{table.names[table.state.to_act]}" in line]
        assert marker_rows, "the turn marker moved to the next player's row"


async def test_the_log_follows_new_lines_unless_the_player_scrolled_up():
    table = _table()
    app = _seat_app(table)
    async with app.run_test(size=(100, 28)) as pilot:
        await _drawn(pilot)
        log = await _to_an_opponent_with_a_long_log(pilot, table)
        assert log.scroll_y == log.max_scroll_y > 0  # the last line in view
        log.scroll_to(y=0, animate=False, immediate=True)  # the player scrolls up to read
        await _drawn(pilot)
        table.play_bot()
        await _drawn(pilot)
        assert log.scroll_y == 0 < log.max_scroll_y, "the player's place is kept"
        log.scroll_to(y=log.max_scroll_y, animate=False, immediate=True)  # and back down
        await _drawn(pilot)
        table.play_bot()
        await _drawn(pilot)
        assert log.scroll_y == log.max_scroll_y
        assert log.lines[-1] in screen_text(app)


async def test_the_log_wraps_long_lines_beside_its_scrollbar():
    """Every row of the log fits beside the scrollbar, and the rows read as the events do."""
    table = _table()
    app = _seat_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await _drawn(pilot)
        log = await _to_an_opponent_with_a_long_log(pilot, table)
        width = log.content_region.width - log.styles.scrollbar_size_vertical
        log.scroll_to(y=0, animate=False, immediate=True)
        rows = [log.render_line(y).text.rstrip() for y in range(log.virtual_size.height)]
        assert all(len(row) <= width for row in rows)
        assert " ".join(" ".join(rows).split()) == " ".join(" ".join(log.lines).split())
