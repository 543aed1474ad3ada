"""The hint key (issue 13): `h` shows the move the hard bot would make for the player to act,
thought out in a worker; hints are off at a table without a local driver or a hosted one."""

from __future__ import annotations

from cardtable.tui.render import show_cards

from .helpers import forget_said, local_app, said, settle, table_for, wait_until


async def test_h_shows_the_hard_bots_move_with_a_reason(quick_hints):
    t = table_for(5, "human", "bot", "bot")
    app = local_app(t)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        assert t.view(0).is_my_turn and len(t.view(0).legal) > 1
        before = len(t.state.history)
        await pilot.press("h")
        assert await wait_until(pilot, lambda: any(n.title == "Hint" for n in said(app)), seconds=20)
        hint = next(n for n in said(app) if n.title == "Hint")
        view = t.view(0)
        named = hint.message.split(" — ")[0]
        assert named in {show_cards(view.label_of(a), False) for a in view.legal}
        why = hint.message.split(" — ")[1]
        assert why.startswith("lead your only club")  # the card's own words (a plain trick game)
        assert " deals " in why and "tricks a hand on average" in why  # and the look-ahead's numbers
        assert len(t.state.history) == before, "a hint plays nothing"


async def test_hints_are_off_at_a_hosted_table():
    t = table_for(4, "human", "bot", "bot")
    t.source = "hosted"
    app = local_app(t)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await pilot.pause()
        assert "Hints are off at this table" in [n.message for n in said(app)]
        t.hints_allowed = True  # the host allows them
        forget_said(app)
        await pilot.press("h")
        assert await wait_until(pilot, lambda: any(n.title == "Hint" for n in said(app)), seconds=20)


async def test_the_table_says_when_a_bot_is_thinking():
    from cardtable.tui.app import CardTableApp

    from .helpers import screen_text

    for seed in range(20):
        t = table_for(seed, "human", "bot", "bot")
        if t.bot_to_act() is not None:
            break
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=30, ascii_suits=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        name = t.names[t.state.to_act]
        assert f"{name} is thinking…" in screen_text(app)
