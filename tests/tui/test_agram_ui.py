"""Agram through the table screen: a series of three games played by keys, the direction of
play on screen (header and panel), and a snapshot at 80x24."""

from __future__ import annotations

import re

from cardtable.session import Table
from cardtable.tui.screens.modals import HandSummaryScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget

from .helpers import local_app, screen_text, seats, settle, wait_until


def agram_table(seed: int = 3, n: int = 4, **options) -> Table:
    return Table.new("agram", seats("human", *["bot"] * (n - 1)), options or None, seed)


async def _play_first_legal_card_by_keys(pilot, table: Table) -> None:
    view = table.view(0)
    hand = pilot.app.screen.query_one(HandWidget)
    hand.focus()
    await pilot.press("home")
    target = hand.cards.index(view.legal[0].card)
    for _ in range(target):
        await pilot.press("right")
    before = len(table.state.history)
    await pilot.press("enter")
    await wait_until(pilot, lambda: len(table.state.history) > before)
    assert table.state.history[before] is view.legal[0] and table.state.actors[before] == 0


async def test_a_series_of_three_games_by_keys_with_a_summary_after_each_game():
    table = agram_table(seed=3, games=3)
    app = local_app(table)
    summaries = 0
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(400):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, MatchOverScreen):
                break
            if isinstance(screen, HandSummaryScreen):
                text = screen_text(app)
                assert "won the sixth trick" in text and re.search(r"\d+ games? won", text)
                summaries += 1
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            if table.state.to_act == 0:
                await _play_first_legal_card_by_keys(pilot, table)
            else:
                await pilot.press("space")  # takes a finished trick off the table
        assert isinstance(app.screen, MatchOverScreen)
        text = screen_text(app)
        assert "of 3 games" in text
    assert table.state.is_over and sum(table.state.outcome().scores) == 3 and summaries == 3


async def test_the_header_and_the_panel_show_that_play_goes_to_the_right():
    table = agram_table(seed=3)
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        header = text.splitlines()[0]
        assert "Agram" in header and "play goes right ↺" in header
        view = table.view(0)
        leader = view.trick[0].seat if view.trick else view.to_act
        names = ("Ana", "Ben", "Cy", "Dee")
        order = " → ".join(names[(leader - k) % 4] for k in range(4))
        assert order in text  # the order of play round the table, to the right
        assert "Trick 1 of 6" in text and "Trick:" not in text and "Game:" not in text
        await pilot.press("a")  # ASCII mode: no arrows that may draw badly
        text = screen_text(app)
        assert "play goes right" in text.splitlines()[0] and "↺" not in text and " > " in text


def test_agram_table_80x24(snap_compare):
    """80x24, Agram, four players, seed 3: the header says "play goes right ↺"; Ben (on the left)
    dealt, so Ana, on his right, leads to an empty trick; the side panel reads "Trick 1 of 6 ·
    the 6th wins" and the order of play "Ana → Dee → Cy → Ben" with Ana highlighted; the log
    says Ana leads and play goes to the right; Ana's six cards at the bottom."""
    assert snap_compare(local_app(agram_table(seed=3)), terminal_size=(80, 24), run_before=settle)


def test_the_direction_of_play_travels_to_remote_seats():
    """A remote seat's table draws from a decoded view: it must still know play goes right."""
    from cardtable.net.wire import decode_view, encode_view

    view = agram_table(seed=3).view(0)
    data = encode_view(view)
    assert data["clockwise"] is False and decode_view(data).clockwise is False
    del data["clockwise"]  # an older host that does not send it: the usual direction
    assert decode_view(data).clockwise is True
