"""Preference through the table screen: a whole match decided by keys (bids, the two-card discard
with a take-back, trumps, the announcement, the defenders' choices, cards), the settlement sheet
after each hand, the four-player table with the dealer sitting out, and snapshots at 80x24.

``python -m tests.tui.test_preference_ui`` writes screenshots/preference.svg and
screenshots/preference_80x24.svg from the real app."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtable.session import Table
from cardtable.tui.screens.modals import HandSummaryScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget
from games.preference.bot import PreferenceBot

from .helpers import local_app, screen_text, seats, settle, wait_until

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def pref_table(seed: int = 5, n: int = 3, **options) -> Table:
    return Table.new("preference", seats("human", *["bot"] * (n - 1)), options or None, seed)


async def decide(pilot, table: Table, text: str) -> None:
    """Make the human's decision ``text`` the way a player would: a number key for a choice,
    the cursor and Enter for a card."""
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
    assert await wait_until(pilot, lambda: len(table.state.history) > before), f"{text} was not played"
    assert table.state.history[before] is action and table.state.actors[before] == 0


async def _to_phase(pilot, table: Table, phase: str, seat: int = 0) -> None:
    """Let the human play like the heuristic bot until ``seat`` must act in ``phase``."""
    bot = PreferenceBot(0)
    for _ in range(300):
        await settle(pilot)
        if isinstance(pilot.app.screen, HandSummaryScreen):
            await pilot.press("enter")
            continue
        st = table.state
        if st.phase == phase and st.to_act == seat:
            return
        if st.to_act == 0:
            await decide(pilot, table, bot.choose(table.view(0), st.legal_actions()).text)
    raise AssertionError(f"never reached {phase}")


async def test_a_whole_match_by_keys_with_a_take_back_and_a_settlement_sheet():
    table = pref_table(seed=5)
    app = local_app(table)
    bot, phases, sheets, took_back = PreferenceBot(0), set(), [], False
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(500):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, MatchOverScreen):
                break
            if isinstance(screen, HandSummaryScreen):
                sheets.append(screen_text(app))
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            st = table.state
            if st.to_act != 0:
                await pilot.press("space")  # takes a finished trick off the table
                continue
            phases.add(st.phase)
            if st.phase == "discard" and not took_back:  # pick a card, see it listed, take it back
                keep = next(c for c in st.hands[0] if c.rank == 14 or c is st.hands[0][-1])
                await decide(pilot, table, f"discard {keep.text}")
                assert "To discard" in screen_text(app) and st.picked == (keep,)
                await decide(pilot, table, f"discard {keep.text}")
                assert st.picked == () and "To discard" not in screen_text(app)
                took_back = True
                continue
            await decide(pilot, table, bot.choose(table.view(0), st.legal_actions()).text)
        assert isinstance(app.screen, MatchOverScreen)
    assert table.state.is_over and took_back
    assert {"bid", "discard", "trump", "play"} <= phases
    st = table.state  # the announcement, asked or (holding an ace) answered by the table itself
    assert any(a.text in ("quiet", "noaces") and s == 0 for a, s in zip(st.history, st.actors))
    assert sheets and any("1. Stakes:" in s and "2. Penalties:" in s and "3. Bonuses:" in s for s in sheets)
    assert sum(table.state.scores) + table.state.pot == 300


async def test_the_talon_is_shown_and_the_panel_lists_the_contract():
    table = pref_table(seed=5)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await _to_phase(pilot, table, "discard")
        text = screen_text(app)
        talon = table.state.talon_seen
        assert "Talon " + " ".join(c.display() for c in talon) in text
        assert "Pick two cards to discard" in text
        await _to_phase(pilot, table, "play")
        text = screen_text(app)
        assert "One, " in text and "trump" in text.splitlines()[0]


async def test_four_players_show_the_dealer_sitting_out():
    table = pref_table(seed=12, n=4)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        dealer = table.state.dealer
        text = screen_text(app)
        assert table.view(0).sitting_out == (dealer,)
        box = next(
            i
            for i, line in enumerate(text.splitlines())
            if f"{table.names[dealer]}(D)" in line or f"{table.names[dealer]} (D)" in line
        )
        assert "sits out" in "\n".join(text.splitlines()[box : box + 3])


def test_preference_auction_80x24(snap_compare):
    """80x24, three players, seed 5: the first hand's auction has come to you (Ana): the choice
    bar offers 1 Pass, 2 One (talon), 3 Game (no talon), 4 Hearts (no talon); the side panel reads
    "Pot 30 · ante 10", "Bidding" and "Talon 2 face down"; your ten cards at the bottom."""
    assert snap_compare(local_app(pref_table(seed=5)), terminal_size=(80, 24), run_before=settle)


def test_preference_discard_80x24(snap_compare):
    """80x24, seed 5: you won the auction with One and took the talon; the header shows the two
    talon cards (Up: ...), the panel shows them as "Talon", you hold twelve cards, and the prompt
    asks you to pick two cards to discard."""

    async def before(pilot):
        await _to_phase(pilot, pilot.app.screen.driver, "discard")
        await settle(pilot)  # the log's scroll settles after its last line is laid out
        await pilot.pause(0.2)

    assert snap_compare(local_app(pref_table(seed=5)), terminal_size=(80, 24), run_before=before)


async def _shoot(size: tuple[int, int], name: str) -> Path:
    table = pref_table(seed=5)
    app = local_app(table)
    async with app.run_test(size=size) as pilot:
        await _to_phase(pilot, table, "discard")
        pair = [c for c in table.state.hands[0] if c.rank < 10][:1]
        for c in pair:
            await decide(pilot, table, f"discard {c.text}")
        await pilot.pause()
        app.save_screenshot(filename=name, path=str(SCREENSHOTS))
    return SCREENSHOTS / name


if __name__ == "__main__":
    import os
    import tempfile

    os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
    print(asyncio.run(_shoot((100, 30), "preference.svg")))
    print(asyncio.run(_shoot((80, 24), "preference_80x24.svg")))


def test_the_declarers_picked_cards_are_marked_in_the_hand():
    """The panel tells the hand which cards the declarer has picked for the discard."""
    from dataclasses import replace

    from cardtable.tui.panels.preference import PreferencePanel

    view = Table.new("preference", seats("human", "bot", "bot"), None, 3).view(0)
    picked = tuple(view.hand[:2])
    assert PreferencePanel().marked_cards(view) == frozenset()
    assert PreferencePanel().marked_cards(
        replace(view, extra=replace(view.extra, picked=picked))
    ) == frozenset(picked)


async def test_a_declarer_holding_an_ace_is_not_asked_about_an_announcement():
    """Item 3 of issue 32: seed 5, you declare One holding an ace.  The table says "You hold an
    ace: no announcement" and answers by itself (the record keeps "quiet", so the match replays);
    no "No announcement" choice is ever offered, and undo takes back the trump you named."""
    table = pref_table(seed=5)
    app = local_app(table)
    offered: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_phase(pilot, table, "trump")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bar = screen.query_one(ActionBar)
        trump = next(a.text for a in table.view(0).legal)
        await decide(pilot, table, trump)
        for _ in range(50):  # every frame until the announcement is answered
            offered += bar.labels
            if "quiet" in [a.text for a in table.state.history]:
                break
            await pilot.pause()
        at = [a.text for a in table.state.history].index("quiet")
        assert table.state.actors[at] == 0 and table.state.history[at - 1].text == trump
        assert "No announcement" not in offered
        assert "You hold an ace: no announcement" in screen.message()
        assert table.record().replay().history == table.state.history
        await settle(pilot)
        await pilot.press("u")  # the formality is not a move of yours to take back: the trump is
        await pilot.pause()
        assert table.state.phase == "trump" and table.state.to_act == 0
