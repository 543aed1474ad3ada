"""Page One through the table screen: a whole game by keys (draws one key press at a time, the
call chosen on the choice bar, once missed on purpose), the panel while someone draws, the
missed-call warning, and snapshots at 80x24."""

from __future__ import annotations

import re

from cardtable.session import Table
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.modals import HandSummaryScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget
from games.bots import make_bot
from games.page_one.bot import PageOneBot

from .helpers import local_app, said, screen_text, seats, settle, wait_until


def page_one_table(seed: int = 0, n: int = 4, **options) -> Table:
    return Table.new("page_one", seats("human", *["bot"] * (n - 1)), options or None, seed)


def advance(table: Table, until, limit: int = 5000) -> None:
    """Play on without the screen (the human seat by the heuristic bot) until ``until(view)``."""
    me = make_bot("heuristic", "page_one", 99)
    for _ in range(limit):
        view = table.view(0)
        assert not table.state.is_over, "the game ended before the moment came"
        if until(view):
            return
        if table.state.to_act == 0:
            table.submit(0, me.choose(view, table.state.legal_actions()))
        else:
            table.play_bot()
    raise AssertionError("the moment never came")


def drawing_twice(view) -> bool:
    """Ana has drawn twice without finding the suit, and must draw again."""
    drawing = view.extra.drawing
    return (
        view.is_my_turn
        and drawing is not None
        and drawing[1] >= 2
        and [a.kind for a in view.legal] == ["draw"]
    )


async def _decide(pilot, table: Table, missed: list[int]) -> str:
    """One decision of the human, chosen as the heuristic bot would and made by keys: a draw with
    1, a card with Enter, then 1 to call (or 2, the first time, to stay silent and see the penalty)."""
    view = table.view(0)
    action = PageOneBot(5).choose(view, table.state.legal_actions())
    if action.kind == "draw":
        assert pilot.app.screen.query_one(ActionBar).actions[0].kind == "draw"
        await pilot.press("1")
        return "draw"
    hand = pilot.app.screen.query_one(HandWidget)
    hand.focus()
    hand.cursor = hand.cards.index(action.card)
    await pilot.press("enter")
    await pilot.pause()
    if action.kind in ("call", "silent"):
        bar = pilot.app.screen.query_one(ActionBar)
        assert [a.kind for a in bar.actions] == ["call", "silent"]
        silent = not missed
        await pilot.press("2" if silent else "1")
        if silent:
            missed.append(len(table.state.history))
        return "silent" if silent else "call"
    return "play"


async def test_a_whole_game_by_keys_with_draws_calls_and_a_missed_call():
    table = page_one_table(seed=50)  # a game with draws, a reshuffle of the discards and calls
    app = local_app(table)
    done: list[str] = []
    missed: list[int] = []
    warned = False
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(600):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, MatchOverScreen):
                break
            if isinstance(screen, HandSummaryScreen):
                assert re.search(r"holds \d+ cards?", screen_text(app))
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            warned = warned or "missed the call: +5" in screen_text(app)
            if table.state.to_act == 0:
                before = len(table.state.history)
                done.append(await _decide(pilot, table, missed))
                await wait_until(pilot, lambda: len(table.state.history) > before)
                assert len(table.state.history) > before and table.state.actors[before] == 0
            else:
                await pilot.press("space")  # takes a finished trick off the table
        assert isinstance(app.screen, MatchOverScreen)
    assert table.state.is_over
    assert "draw" in done and "call" in done and missed
    assert warned, "the panel warned of the missed call"
    texts = [e.text for e in table.state.events]
    assert any("did not call Page One!" in t for t in texts) and any("into a new stock" in t for t in texts)
    assert table.state.outcome().winners == (1,)  # Ben goes out first


async def test_the_panel_counts_the_draws_and_the_log_names_only_my_own_cards():
    table = page_one_table(seed=3)
    advance(table, drawing_twice)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "You drew 2 · needs" in text and "1 Draw a card" in text
        assert "(only you see it)" in text
        stock = table.view(0).extra.stock
        await pilot.press("1")
        await settle(pilot)
        view = table.view(0)
        assert view.extra.stock == stock - 1 and len(view.hand) == len(table.state.hands[0])
        assert "drew 3" in screen_text(app) or [a.kind for a in view.legal] != ["draw"]


async def test_a_missed_call_shows_a_warning_and_a_notification():
    table = page_one_table(seed=0)
    advance(table, lambda v: v.is_my_turn and any(a.kind == "silent" for a in v.legal))
    app = CardTableApp(
        table_handles=[table.handle(0)], driver=table, bot_delay=3.0
    )  # bots wait: time to look
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        silent = next(a for a in table.view(0).legal if a.kind == "silent")
        app.screen.query_one(ActionBar).post_message(ActionBar.Chosen(silent.text))
        await pilot.pause()
        await pilot.pause()
        assert len(table.state.hands[0]) == 6 and table.state.to_act != 0
        text = screen_text(app)
        assert "You missed the call: +5" in text
        assert any("did not call Page One!" in n.message for n in said(app))


def test_page_one_drawing_80x24(snap_compare):
    """80x24, Page One, four players, seed 3, played on until Ana (you) has drawn twice for a suit
    she lacks: Cy's A♦ and Dee's 6♦ in the middle, the panel reads "You drew 2 · needs ♦", the
    prompt "No diamonds: draw a card" with the choice "1 Draw a card", the log ends with the two
    drawn cards shown only to you ("it is 4♣ (only you see it)", "it is A♣ …"), and the seat
    boxes count each player's cards."""
    table = page_one_table(seed=3)
    advance(table, drawing_twice)
    assert snap_compare(local_app(table), terminal_size=(80, 24), run_before=settle)


def test_page_one_call_choice_80x24(snap_compare):
    """80x24, Page One, seed 0: Ana won the trick with the joker and leads holding J♣ 6♦; she
    picks 6♦, so the prompt says "Lead any card — and call Page One!" and the choice bar offers
    "1 6♦, call Page One!" and "2 6♦, no call"."""
    table = page_one_table(seed=0)
    advance(table, lambda v: v.is_my_turn and any(a.kind == "call" for a in v.legal))

    async def pick(pilot):
        await settle(pilot)
        card = next(a.card for a in table.view(0).legal if a.kind == "call")
        hand = pilot.app.screen.query_one(HandWidget)
        hand.focus()
        hand.cursor = hand.cards.index(card)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(local_app(table), terminal_size=(80, 24), run_before=pick)
