"""Every registered game is playable through the generic table screen: the human's decisions
are made only with the UI (card clicks, number keys, button clicks), bots play between them."""

from __future__ import annotations

import pytest

from cardtable.session import SeatConfig, Table
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget
from cardtable.tui.widgets.actions import is_square
from games import all_rules

from .helpers import local_app, settle, wait_until

MOVES = 5


async def _decide(pilot, screen: TableScreen) -> None:
    """Make one legal decision the way a player would."""
    view = screen.active.view()
    action = view.legal[0]
    same_card = [a for a in view.legal if a.card is not None and a.card is action.card]
    if action.card is not None and len(same_card) == 1:
        hand = screen.query_one(HandWidget)
        i = hand.cards.index(action.card)
        await pilot.click(HandWidget, offset=hand.click_offset(i))
        return
    if action.card is not None:  # several ways to play this card: pick it, then its button
        hand = screen.query_one(HandWidget)
        await pilot.click(HandWidget, offset=hand.click_offset(hand.cards.index(action.card)))
        await pilot.pause()
    bar = screen.query_one(ActionBar)
    k = bar.actions.index(action)
    if bar.keys[k]:
        await pilot.press(bar.keys[k])
    elif is_square(action):  # a grid square: typed by its name
        await pilot.press(*action.arg)
    else:
        bar.post_message(ActionBar.Chosen(action.text))


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
async def test_game_is_playable_through_the_ui(rules):
    seats = [SeatConfig("human" if i == 0 else "bot", f"P{i}", "random") for i in range(rules.default_seats)]
    table = Table.new(rules.name, seats, None, 1)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        made = 0
        for _ in range(MOVES * 4):
            await settle(pilot)
            if table.state.is_over or made >= MOVES:
                break
            if not isinstance(app.screen, TableScreen):
                await pilot.press("enter")  # hand summary
                continue
            before = len(table.state.history)
            await _decide(pilot, app.screen)
            await wait_until(pilot, lambda: len(table.state.history) > before)
            assert len(table.state.history) > before, f"decision not taken in phase {table.state.phase}"
            made += 1
        assert made >= min(MOVES, 1)
