"""The history screen steps through a stored match; the stats screen shows the stored figures."""

from __future__ import annotations

from cardtable.store import MatchStore
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.history import HistoryScreen, ReplayScreen, StatsScreen

from .helpers import screen_text, table_for


def _finished_match(seed: int = 3):
    table = table_for(seed, "human", "bot", "bot", rounds=1)
    while not table.state.is_over:
        seat = table.state.to_act
        table.submit(*(table.bot_choose() if seat in table.bots else (seat, table.state.legal_actions()[0])))
    return table


async def test_history_steps_forwards_and_backwards_through_a_match():
    table = _finished_match()
    assert not table.store_note
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "Tricks'N'Trumps" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        first = screen_text(app)
        assert "hand 1: the deal" in first and "cards (all open)" in first and replay.stops[0].index == 0
        hands = [table.record().replay(replay.stops[0].index).view(s).hand for s in range(3)]
        for hand in hands:  # every hand as it was dealt, all open
            assert all(c.display(False) in first for c in hand)
        await pilot.press("right")
        await pilot.pause()
        assert replay.at == 1 and "trick 1" in screen_text(app) and "won it" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert replay.at == 0
        await pilot.press("end")
        await pilot.pause()
        assert "Match over" in screen_text(app)
        await pilot.press("g", "2", "enter")
        await pilot.pause()
        assert replay.stops[replay.at].hand == 2 and "hand 2 dealt" in screen_text(app)
        await pilot.press("g", "9", "9", "enter")
        await pilot.pause()
        assert replay.stops[replay.at].hand == 2  # a hand that does not exist: said so, nothing moves


async def test_the_stats_screen_shows_the_stored_figures():
    for seed in (3, 4):
        _finished_match(seed)
    store = MatchStore().open()
    assert len(store.matches()) == 2
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        assert "Statistics of Ana" in text  # no match of the login name: the player with most matches
        assert "Tricks'N'Trumps" in text and "normal" in text and "heuristic" not in text


async def test_watching_bots_with_open_hands_plays_to_the_end_read_only():
    """`cardtable watch`: bots play on screen; with --open every hand shows; a key never plays."""
    from cardtable.session import SeatConfig, Table, WatchHandle
    from cardtable.tui.screens.modals import MatchOverScreen
    from cardtable.tui.widgets import HandWidget

    from .helpers import settle

    table = Table.new(
        "tricks_n_trumps", [SeatConfig("bot", n, "normal") for n in ("Ada", "Bo", "Cy")], {"rounds": 1}, 5
    )
    table.record_matches = False
    app = CardTableApp(table_handles=[WatchHandle(table, open_hands=True)], driver=table, bot_delay=30)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        others = [c.display(False) for c in table.view(1).hand]
        assert "Watching" in text and all(c in text for c in others)  # a bot's cards, face up
        assert app.screen.query_one(HandWidget).cards == tuple(table.view(0).hand)
        await pilot.press("enter", "1")  # no effect: spectators cannot play
        assert not table.state.history
        app.bot_delay = 0
        for _ in range(400):
            await settle(pilot)
            if isinstance(app.screen, MatchOverScreen):
                break
            await pilot.press("enter")  # past a finished trick or a hand's summary
        assert table.state.is_over, len(table.state.history)
    assert not MatchStore().open().matches()  # bots among themselves are not recorded


def test_watch_refuses_an_unknown_level():
    from typer.testing import CliRunner

    from cardtable.cli import app

    out = CliRunner().invoke(app, ["watch", "rams", "--seats", "normal,genius,normal"])
    assert out.exit_code == 2 and "genius" in out.output
