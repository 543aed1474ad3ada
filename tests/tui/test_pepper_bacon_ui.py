"""Pepper and Bacon through the table screen: whole matches by keys (bids and vetoes with the
number keys of the choice bar, cards with the hand cursor and Enter), partners marked and
placed opposite, team scores, the sitting-out partner, a veto decided by a human partner after
the hot-seat hand-off, and snapshots at 80x24."""

from __future__ import annotations

from cardtable.session import Table
from cardtable.tui.screens.modals import HandoffScreen, HandSummaryScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget
from games.bots import make_bot

from .helpers import local_app, screen_text, seats, settle, wait_until


async def _act_by_keys(pilot, table: Table, seat: int, choice) -> None:
    """Make ``choice`` for ``seat`` through the UI: a card with the hand cursor and Enter, any
    other decision with its number key on the choice bar."""
    screen = pilot.app.screen
    before = len(table.state.history)
    if choice.card is not None:
        hand = screen.query_one(HandWidget)
        hand.focus()
        await pilot.press("home")
        for _ in range(hand.cards.index(choice.card)):
            await pilot.press("right")
        await pilot.press("enter")
    else:
        bar = screen.query_one(ActionBar)
        index = [a.text for a in bar.actions].index(choice.text)
        await pilot.press(str(index + 1))
    await wait_until(pilot, lambda: len(table.state.history) > before)
    assert table.state.history[before] is choice and table.state.actors[before] == seat


async def _play_match(pilot, table: Table, humans: tuple[int, ...], limit: int = 3000) -> dict:
    """Play to the end, every human decision made by keys (the heuristic bot picks which)."""
    app, seen = pilot.app, {"summaries": 0, "handoffs": 0, "sat_out": 0}
    advisers = {s: make_bot("heuristic", table.state.rules.name, s) for s in humans}
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, MatchOverScreen):
            seen["end"] = screen_text(app)
            return seen
        if isinstance(screen, (HandSummaryScreen, HandoffScreen)):
            seen["summaries" if isinstance(screen, HandSummaryScreen) else "handoffs"] += 1
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen)
        if any(s in table.view(None).sitting_out for s in humans):
            seen["sat_out"] += 1
        seat = table.state.to_act
        if seat in humans:
            view = table.view(seat)
            await _act_by_keys(pilot, table, seat, advisers[seat].choose(view, list(view.legal)))
    raise AssertionError("the match did not end")


async def test_a_whole_pepper_match_by_keys_with_partners_opposite_and_team_scores():
    table = Table.new("pepper", seats("human", "bot", "bot", "bot"), {"target": 8}, 4)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "partner" in text and "team A" in text and "Sd" in text  # Cy, opposite, is the partner
        seen = await _play_match(pilot, table, (0,))
        assert seen["summaries"] >= 1
    out = table.state.outcome()
    assert out is not None and max(table.state.team_scores) >= 8
    assert set(out.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})
    if len(out.winners) == 2:  # a side wins together: "Ana & Cy win!", not a shared win
        names = " & ".join(table.names[w] for w in out.winners)
        assert f"{names} win!" in seen["end"]


async def test_a_three_player_pepper_match_by_keys():
    table = Table.new("pepper", seats("human", "bot", "bot"), {"target": 10}, 2)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await _play_match(pilot, table, (0,))
    assert table.state.is_over and table.view(0).teams == ()


async def test_a_whole_bacon_match_by_keys():
    table = Table.new("bacon", seats("human", "bot", "bot", "bot"), {"target": 4}, 8)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await _play_match(pilot, table, (0,))
    assert table.state.is_over and max(table.state.team_scores) >= 4


async def test_a_human_partner_decides_the_veto_after_the_hand_off():
    """Hot seat, Ana and Cy partners: when Ana picks up, the screen hands over to Cy, who sees
    the veto choices and vetoes with a key; the pick-up then counts as Ana's pass."""
    table = Table.new("bacon", seats("human", "bot", "human", "bot"), None, 3)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
                continue
            if table.state.to_act == 0 and table.state.phase == "auction":
                break
            if table.state.to_act in (0, 2):
                await _act_by_keys(pilot, table, table.state.to_act, table.view(table.state.to_act).legal[-1])
        await _act_by_keys(pilot, table, 0, next(a for a in table.view(0).legal if a.text == "pick"))
        picked = len(table.state.history)
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen) and "Cy" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "Veto the pick-up" in text and "Let it stand" in text
        await _act_by_keys(pilot, table, 2, next(a for a in table.view(2).legal if a.text == "veto"))
    assert table.state.history[picked].text == "veto" and table.state.actors[picked] == 2
    assert any("vetoes the pick-up" in e.text for e in table.state.events)


async def test_a_loners_partner_is_shown_sitting_out():
    """Seed 90: Dee goes alone, so Ben sits out: his seat says so, the scoreboard shows "out"
    for his tricks, and Ana (you) took the upcard and must discard."""
    table = Table.new("bacon", seats("human", "bot", "bot", "bot"), None, 90)
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await _pass_until_declared(pilot, table)
        text = screen_text(app)
        assert table.state.alone and table.state.sitting_out == (1,)
        assert "sits out" in text and " out " in text and "goes alone" in text
        assert table.state.phase == "discard" and table.state.to_act == 0


async def _pass_until_declared(pilot, table: Table) -> None:
    for _ in range(40):
        await settle(pilot)
        st = table.state
        if st.phase not in ("auction", "veto") or st.to_act != 0:
            break
        await _act_by_keys(
            pilot, table, 0, next(a for a in table.view(0).legal if a.text in ("pass", "accept"))
        )
    await settle(pilot)


def test_pepper_snapshot_80x24(snap_compare):
    """80x24, Pepper seed 1: Cy (your partner) opposite at the top marked "partner", Ben and Dee
    on the sides marked B, the scoreboard with a side column (A/B) and points, the panel with
    the high bid so far, and your bidding choices Pass, Bid 3 ... Big pepper."""
    table = Table.new("pepper", seats("human", "bot", "bot", "bot"), None, 1)
    assert snap_compare(local_app(table), terminal_size=(80, 24), run_before=settle)


def test_bacon_loner_snapshot_80x24(snap_compare):
    """80x24, Bacon seed 90: Dee goes alone in hearts, Ben's seat says "sits out" and the
    scoreboard shows "out" for him; the panel shows trump, "Dee goes alone", that you took the
    upcard and the passed upcards; your six cards wait for the discard."""
    table = Table.new("bacon", seats("human", "bot", "bot", "bot"), None, 90)
    assert snap_compare(
        local_app(table), terminal_size=(80, 24), run_before=lambda pilot: _pass_until_declared(pilot, table)
    )
