"""Simple Strange played to the end through the table screen, by keys only.

Every card goes through the hand widget (cursor + Enter); a card that can go against either
led card is then placed with the number key of the choice bar (``1`` = against led card 1).
"""

from __future__ import annotations

from cardtable.session import SeatConfig, Table
from cardtable.tui.app import CardTableApp
from cardtable.tui.widgets.actions import ActionBar
from cardtable.tui.widgets.hand import HandWidget


async def test_a_whole_match_by_keys_with_two_card_pairing():
    table = Table.new(
        "simple_strange",
        [SeatConfig("human", "Ana"), SeatConfig("bot", "Bo"), SeatConfig("bot", "Cy")],
        None,
        2,
    )
    app = CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=0)
    two_way = 0
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(600):
            await pilot.pause()
            if table.state.is_over:
                break
            if table.state.to_act != 0:
                continue
            view = table.view(0)
            action = view.legal[0]
            hand = app.screen.query_one(HandWidget)
            before = len(table.state.history)
            hand.cursor = hand.cards.index(action.card)
            hand.focus()
            await pilot.press("enter")
            await pilot.pause()
            ways = [a for a in view.legal if a.card is action.card]
            if len(ways) > 1:  # the choice bar offers "c on led card 1" / "c on led card 2"
                assert [a.text for a in app.screen.query_one(ActionBar).actions][-2:] == [
                    a.text for a in ways
                ]
                await pilot.press("1")
                await pilot.pause()
                two_way += 1
            assert len(table.state.history) > before, f"{action.text} was not played"
            assert table.state.history[before].card is action.card and table.state.actors[before] == 0
    assert table.state.is_over, "the match did not reach its end through the UI"
    assert len(table.state.history) == 102  # 17 tricks of two cards from each of three players
    assert two_way > 0
