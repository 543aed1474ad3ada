"""Issue 20, cheap updates: when another player moves, a seat's screen draws again only what
changed (the trick, a seat, the turn marker, the log's new line), without laying out the screen
or drawing the scoreboard's table again.  The seat is shown as a networked seat is (one handle, no
driver); the other seats' moves are applied to the table one at a time."""

from __future__ import annotations

import contextlib

import rich.table
from rich.text import Text
from textual.screen import Screen

from cardtable.session import SeatConfig, Table
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import EventLog, HandWidget, Scoreboard, TrickArea
from cardtable.tui.widgets.lines import text_rows, textual_rows

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


def _dirty_rows(widget) -> set[int]:
    """The widget's rows marked to be drawn again at the next frame (content rows)."""
    return {y - widget.content_offset.y for region in widget._repaint_regions for y in region.line_range}


@contextlib.asynccontextmanager
async def _trick_mid_way():
    """Ana's screen with a bot to add a card to a trick already begun: yields (app, table, trick area)."""
    table = _table()
    app = _seat_app(table)
    async with app.run_test(size=(100, 28)) as pilot:
        await _drawn(pilot)
        await _to_an_opponent_with_a_long_log(pilot, table)
        yield app, table, app.screen.query_one(TrickArea)


async def test_a_card_joining_the_trick_draws_only_its_own_rows_again():
    """The trick area keeps its rows: a second card is drawn on the rows it covers, the rest of the
    felt (the first card, the empty rows) is not drawn again, and the area then shows both cards."""
    async with _trick_mid_way() as (app, table, trick):
        before = [trick.render_line(y).text for y in range(trick.content_size.height)]
        app.screen.refresh_table = lambda: None  # hold the screen: the move is drawn below, by hand
        table.play_bot()
        app.screen.draw(table.view(0), table.names)
        dirty = _dirty_rows(trick)
        after = [trick.render_line(y).text for y in range(trick.content_size.height)]
        changed = {y for y, (a, b) in enumerate(zip(before, after)) if a != b}
        assert changed and dirty == changed, "exactly the rows that look different are drawn again"
        assert len(changed) < trick.content_size.height // 2
        assert "".join(after).count("╭") == "".join(before).count("╭") + 1, "one more card face on the felt"


async def test_quick_rows_look_like_textuals():
    """The trick area, the seats, the hand and the log draw their rows without Textual's text pipeline: the
    same characters and colours as Textual draws them (only mouse-selection offsets are left out)."""

    def look(rows):
        return [
            [
                (s.text, s.style.color, s.style.bgcolor, s.style.bold, s.style.italic, s.style.dim)
                for s in row
                if s.text
            ]
            for row in rows
        ]

    async with _trick_mid_way() as (app, _, trick):
        text = trick.render()
        w, h = trick.content_size
        assert look(text_rows(trick, text, w, h)) == look(textual_rows(trick, text, w, h))
        mixed = Text.assemble(("▶ ", "bold"), ("Ben", "bold italic"), " (D)\n", ("▮▮▮", "#6f8fd0"), " 3")
        assert look(text_rows(trick, mixed, w, h)) == look(textual_rows(trick, mixed, w, h))
        assert text_rows(trick, Text("x" * (w + 1)), w, h) is None, "a line to wrap is left to Textual"
        hand = app.screen.query_one(HandWidget)
        w, h = hand.content_size
        assert look(text_rows(hand, hand.render(), w, h)) == look(textual_rows(hand, hand.render(), w, h))
        assert [hand.render_line(y).text for y in range(h)] == [
            row.text for row in textual_rows(hand, hand.render(), w, h)
        ]


async def test_the_end_of_a_trick_lays_out_the_scores_by_hand(monkeypatch):
    """At the end of a trick every seat's scoreboard changes (the tricks column): it is laid out by
    hand, not by drawing a Rich table (several milliseconds on every seat's screen at once), and
    shows the new count."""
    table = _table()
    app = _seat_app(table)
    async with app.run_test(size=(100, 28)) as pilot:
        await _drawn(pilot)
        for _ in range(200):  # to a bot's card that ends the trick
            if table.state.to_act != 0 and len(table.view(0).trick) == 3:
                break
            state = table.state
            table.submit(0, state.legal_actions()[0].text) if state.to_act == 0 else table.play_bot()
            await _drawn(pilot)
        count = _Counter(monkeypatch)
        table.play_bot()
        await _drawn(pilot)
        assert count.tables == 0
        board = app.screen.query_one(Scoreboard)
        counts = [int(board.render_line(y).text.split()[-1]) for y in range(1, 5)]  # row 0: the header
        assert counts == list(table.view(0).tricks_won) and sum(counts) == 1


def test_the_hand_laid_scoreboard_matches_richs_table():
    """The hand layout draws every character where Rich's table draws it, in the same weight and
    dimness, over many names, widths, partnerships and bids; too narrow a names column is left
    to Rich."""
    import random
    from types import SimpleNamespace

    from rich.console import Console

    from cardtable.tui.widgets.scoreboard import score_table, score_text

    console = Console(width=200, color_system="truecolor", force_terminal=True)

    def look(renderable, width):
        rows = []
        for segments in console.render_lines(renderable, console.options.update(width=width), pad=False):
            cells = [
                (ch, bool(s.style and s.style.bold), bool(s.style and s.style.dim)) if ch != " " else None
                for s in segments
                for ch in s.text
            ]
            while cells and cells[-1] is None:
                cells.pop()
            rows.append(cells)
        return rows

    rng = random.Random(5)
    compared = 0
    for _ in range(400):
        n = rng.choice([2, 3, 4, 5])
        names = [
            rng.choice(["Ana", "Ben", "Cy", "Bot 2", "Maximilian", "Ezekiel-Long-Name"]) for _ in range(n)
        ]
        bids = tuple(rng.choice(["", "3", "nil", "blind nil", "10", "pass"]) for _ in range(n))
        view = SimpleNamespace(
            num_seats=n,
            seat=rng.choice([None, 0, 1]),
            teams=((0, 2), (1, 3)) if n == 4 and rng.random() < 0.5 else (),
            bids=bids if rng.random() < 0.5 else ("",) * n,
            scores=[rng.choice([0, 5, -10, 120, 2.5]) for _ in range(n)],
            tricks_won=[rng.randrange(14) for _ in range(n)],
            sitting_out=frozenset({1}) if rng.random() < 0.1 else frozenset(),
        )
        to_act, width = rng.choice([None, *range(n)]), rng.randrange(12, 46)
        mine = score_text(view, names, [], width, to_act=to_act)
        if mine is None:
            assert width < 30, "only narrow boards are left to Rich"
            continue
        compared += 1
        assert look(mine, width) == look(score_table(view, names, [], to_act=to_act), width), (names, width)
    assert compared > 300


async def test_an_update_looks_up_no_widget_by_query(monkeypatch):
    """The table screen finds its parts once: an opponent's move runs no DOM query (each walks the
    whole screen, and every seat's screen is drawn again on every move)."""
    async with _trick_mid_way() as (app, table, _):
        queries: list[str] = []
        for name in ("query", "query_one"):
            original = getattr(type(app.screen), name)
            monkeypatch.setattr(
                type(app.screen),
                name,
                lambda self, *a, _o=original, _n=name, **k: queries.append(_n) or _o(self, *a, **k),
            )
        table.play_bot()  # a local table: the screen is drawn again at once, in this call
        assert isinstance(app.screen, TableScreen) and queries == []
