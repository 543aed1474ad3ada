"""Cucumber through the table screen: a whole match by keys to its last player (with cucumbers
and eliminations, the human sitting out once eliminated), the played cards on the table, and a
snapshot at 80x24."""

from __future__ import annotations

import re

from cardtable.session import Table
from cardtable.tui.screens.modals import HandSummaryScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget
from games.cucumber.bot import CucumberBot

from .helpers import local_app, screen_text, seats, settle, wait_until


def cucumber_table(seed: int = 0, n: int = 4, **options) -> Table:
    return Table.new("cucumber", seats("human", *["bot"] * (n - 1)), options or None, seed)


def advance(table: Table, until, limit: int = 20000) -> None:
    """Play on without the screen (the human seat by the heuristic bot) until ``until(view)``."""
    me = CucumberBot(99)
    for _ in range(limit):
        view = table.view(0)
        assert not table.state.is_over, "the match ended before the moment came"
        if until(view):
            return
        if table.state.to_act == 0:
            table.submit(0, me.choose(view, table.state.legal_actions()))
        else:
            table.play_bot()
    raise AssertionError("the moment never came")


def pickled_and_out(view) -> bool:
    """Mid-hand, Ana to play, someone holds a cucumber and someone is out."""
    extra = view.extra
    return (
        view.is_my_turn
        and any(extra.cucumbers)
        and bool(extra.eliminated)
        and 4 <= extra.trick_number <= 6
        and len(view.trick) >= 1
    )


async def test_a_whole_match_by_keys_to_the_last_player():
    table = cucumber_table(seed=0, n=2, limit=10)  # five hands: two cucumbers, then one goes out
    app = local_app(table)
    summaries, moves = [], 0
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(3000):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, MatchOverScreen):
                assert "is the last player left" in screen_text(app)
                break
            if isinstance(screen, HandSummaryScreen):
                summaries.append(screen_text(app))
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            if table.state.to_act == 0:
                view = table.view(0)
                choice = CucumberBot(1).choose(view, table.state.legal_actions())
                hand = screen.query_one(HandWidget)
                hand.focus()
                hand.cursor = hand.cards.index(choice.card)
                before = len(table.state.history)
                await pilot.press("enter")
                await wait_until(pilot, lambda: len(table.state.history) > before)
                assert table.state.history[before] is choice
                moves += 1
            else:
                await pilot.press("space")  # takes a finished trick off the table
        assert isinstance(app.screen, MatchOverScreen)
    state = table.state
    assert state.is_over and len(state.eliminated) == 1 and sum(state.cucumbers) == 2 and moves == 35
    assert any("a cucumber" in text for text in summaries) and any("eliminated" in text for text in summaries)
    taken = [re.search(r"takes the last trick with (\S+):", text) for text in summaries]
    assert all(taken) and all(m.group(1)[-1] in "♠♥♦♣" for m in taken), (
        "issue 29: the summary names the card as every other screen does (10♥, not 10H)"
    )


async def test_eliminated_players_and_cucumbers_are_marked_and_played_cards_stay_visible():
    table = cucumber_table(seed=0)
    advance(table, pickled_and_out)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        view = table.view(0)
        out = view.extra.eliminated[0]
        assert "Cucumber: " in text and "Out: " in text and table.names[out] in text
        assert "On the table:" in text and f"Trick {view.extra.trick_number}/7" in text
        assert "sits out" in text or "out" in text


def test_cucumber_table_80x24(snap_compare):
    """80x24, Cucumber, four players, seed 0, played on to hand 11: Cy is out (struck through in
    the panel, "out" in his box), Dee holds a cucumber, the panel shows the trick number and "bust
    over 21" and the last finished tricks of the hand ("On the table:"), the trick in progress in
    the middle, and Ana's cards sorted from high to low at the bottom."""
    table = cucumber_table(seed=0)
    advance(table, pickled_and_out)
    assert snap_compare(local_app(table), terminal_size=(80, 24), run_before=settle)
