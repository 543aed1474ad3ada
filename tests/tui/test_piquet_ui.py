"""Piquet through the table screen: a whole partie decided by keys (the exchange picked card by
card with a take-back, an elder exchange of fewer than five with the private look at the talon,
a sunk declaration, the answers, the play), the side panel, the hand summaries and the partie
result; snapshots at 80x24.

``python -m tests.tui.test_piquet_ui`` writes screenshots/piquet.svg and
screenshots/piquet_80x24.svg from the real app."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtable.session import Table
from cardtable.tui.screens.modals import HandSummaryScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget
from games.piquet.bot import PiquetBot, exchange_target

from .helpers import local_app, screen_text, seats, settle, wait_until

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def piquet_table(seed: int = 5, **options) -> Table:
    return Table.new("piquet", seats("human", "bot"), options or None, seed)


async def decide(pilot, table: Table, text: str) -> None:
    """Make the human's decision ``text`` as a player would: its number key for a choice, the
    cursor and Enter for a card."""
    screen = pilot.app.screen
    view = table.view(0)
    action = next(a for a in view.legal if a.text == text)
    before = len(table.state.history)
    if action.card is None:
        bar = screen.query_one(ActionBar)
        await pilot.press(str(bar.actions.index(action) + 1))
    else:
        hand = screen.query_one(HandWidget)
        hand.focus()
        await pilot.press("home")
        for _ in range(hand.cards.index(action.card)):
            await pilot.press("right")
        await pilot.press("enter")
    await wait_until(pilot, lambda: len(table.state.history) > before)
    assert table.state.history[before] is action and table.state.actors[before] == 0


async def short_exchange(pilot, app, table: Table) -> str:
    """As elder: pick four cards, take one back, exchange three, look at the two cards left of
    the five and put them back; returns the screen while looking."""
    st = table.state
    target = exchange_target(st.hands[0], 5, elder=True)
    picks = target[:4] if len(target) >= 4 else list(st.hands[0][:4])
    for c in picks:
        await decide(pilot, table, f"discard {c.text}")
    assert "Picked" in screen_text(app) and "(4/5)" in screen_text(app)
    await decide(pilot, table, f"keep {picks[-1].text}")
    assert st.picked == picks[:3]
    await decide(pilot, table, "exchange 3")
    await decide(pilot, table, "look")
    text = screen_text(app)
    seen = " ".join(c.display() for c in st.peeked_cards())
    assert f"You see {seen} on top of the talon" in text and "Seen in talon" in text
    await decide(pilot, table, "put back")
    return text


async def test_a_whole_partie_by_keys():
    table = piquet_table(seed=5)
    app = local_app(table)
    bot = PiquetBot(0)
    seen = {"short": False, "sunk": False, "answered": False, "summaries": 0}
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(900):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, MatchOverScreen):
                break
            if isinstance(screen, HandSummaryScreen):
                seen["summaries"] += 1
                assert "Partie 1 after" in screen_text(app)
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            st = table.state
            if st.to_act != 0:
                await pilot.press("space")  # takes a finished trick off the table
                continue
            if st.hand_number == 2 and not seen.get("panel"):  # the panel: stages and the sheet
                text = screen_text(app)
                first = st.sheet[0]
                assert "Bl Pt Sq Se Pl" in text and "hand 2/6" in text
                assert f"+{first[2][0]} {first[3][0]}" in text, "the sheet row of hand 1"
                seen["panel"] = True
            if st.phase == "exchange" and st.elder == 0 and not st.picked and not seen["short"]:
                text = await short_exchange(pilot, app, table)
                assert "1 Put them back" in text
                seen["short"] = True
                continue
            if (
                st.phase == "declare"
                and st.step == "elder"
                and not seen["sunk"]
                and "declare point" in [a.text for a in st.legal_actions()]
            ):
                await decide(pilot, table, "sink point")
                assert f"{table.names[0]}: no point" in screen_text(app)
                seen["sunk"] = True
                continue
            if st.phase == "declare" and st.step == "answer":
                assert "They declare" in screen_text(app)
                seen["answered"] = True
            await decide(pilot, table, bot.choose(table.view(0), st.legal_actions()).text)
        assert isinstance(app.screen, MatchOverScreen)
        final = screen_text(app)
    st = table.state
    assert st.is_over and seen["short"] and seen["sunk"] and seen["answered"] and seen["panel"]
    assert seen["summaries"] >= 5
    assert "won the partie" in final and "margin" in final
    assert len(st.sheet) in (6, 8)


def test_piquet_exchange_80x24(snap_compare):
    """80x24, seed 5: the first hand's exchange has come to you (Ana, elder; Ben deals): the side
    panel reads "P1 · hand 1/6 · elder Ana", the stage table (Bl Pt Sq Se Pl + =) all dots and
    "Picked none (0/5)"; the prompt asks you to pick 1 to 5 cards; your twelve cards below."""
    assert snap_compare(local_app(piquet_table(seed=5)), terminal_size=(80, 24), run_before=settle)


def test_piquet_declaration_80x24(snap_compare):
    """80x24, seed 5: you exchanged three cards, looked at the two left of your five and put
    them back, and Ben exchanged one; the panel lists "Put away 7♣ 9♠ 10♣" and "Seen in talon
    9♣" (the card you saw that is still there); the prompt reads "Point: you hold a point of 5
    (worth 44). Declare it or sink it?" and the choice bar offers "1 Declare a point of 5" and
    "2 Sink it (say nothing)"."""

    async def before(pilot):
        await settle(pilot)
        table = pilot.app.screen.driver
        await short_exchange(pilot, pilot.app, table)
        await settle(pilot)

    assert snap_compare(local_app(piquet_table(seed=5)), terminal_size=(80, 24), run_before=before)


async def _shoot(size: tuple[int, int], name: str) -> Path:
    table = piquet_table(seed=5)
    app = local_app(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await short_exchange(pilot, app, table)
        await settle(pilot)
        await decide(pilot, table, "declare point")
        await settle(pilot)
        app.save_screenshot(filename=name, path=str(SCREENSHOTS))
    return SCREENSHOTS / name


if __name__ == "__main__":
    import os
    import tempfile

    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
    print(asyncio.run(_shoot((100, 30), "piquet.svg")))
    print(asyncio.run(_shoot((80, 24), "piquet_80x24.svg")))


async def test_picked_cards_stand_out_of_the_hand_until_the_exchange():
    """The cards picked for the exchange are raised above the rest of the hand, in their own
    frame, and drop back when taken back (the panel lists them too)."""
    table = piquet_table(seed=5)
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandWidget)
        picks = list(table.state.hands[0][:2])
        for c in picks:
            await decide(pilot, table, f"discard {c.text}")
        await settle(pilot)
        assert hand.marked == frozenset(picks)
        top = hand.render().plain.splitlines()[0]
        assert top.count("╭") == 2  # only the two picked cards reach the top line
        await decide(pilot, table, f"keep {picks[0].text}")
        await settle(pilot)
        assert hand.marked == frozenset(picks[1:])
        assert hand.render().plain.splitlines()[0].count("╭") == 1
