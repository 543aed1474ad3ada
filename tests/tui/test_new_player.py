"""What a new player hit at the table (the table-look issue, point 3), each as a Pilot test."""

from __future__ import annotations

from cardtable.tui.screens.modals import HandoffScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget

from .helpers import local_app, said, screen_text, settle, table_for


def _hot_seat_refusal_spot():
    """A hot-seat table (Ana, Ben, bot) where Ana must follow suit and holds a card she may not play,
    and Ben decides right after her."""
    for seed in range(300):
        t = table_for(seed, "human", "human", "bot")
        t.run_bots()
        v = t.view(0)
        if v.is_my_turn and v.trick and len(v.legal) < len(v.hand) and len(v.trick) == 1:
            return t
    raise AssertionError("no seed gives the spot")


async def test_a_refusal_never_reaches_the_next_players_screen():
    """Ana's refusal names her cards; at the hand-off and on Ben's table it is gone."""
    table = _hot_seat_refusal_spot()
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # Ana confirms the first hand-off
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        hand = app.screen.query_one(HandWidget)
        view = table.view(0)
        bad = next(c for c in view.hand if c not in {a.card for a in view.legal})
        await pilot.click(HandWidget, offset=hand.click_offset(hand.cards.index(bad)))
        await pilot.pause()
        assert len(said(app)) == 1  # control: the refusal is shown to Ana
        good = next(a.card for a in view.legal)
        await pilot.click(HandWidget, offset=hand.click_offset(hand.cards.index(good)))
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        assert not said(app)
        await pilot.press("enter")
        await settle(pilot)
        ana_cards = {c.display(False) for c in table.view(0).hand}
        ben_view = screen_text(app)
        assert not said(app)
        assert not any(f"{c} " in ben_view and "must follow" in ben_view for c in ana_cards)


async def test_messages_do_not_pile_up():
    """Mashing keys that each answer with a message leaves one message, not a pile."""
    app = local_app(table_for(5, "human", "bot", "bot"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(12):
            await pilot.press("9")  # "there is no choice 9 now"
            await pilot.press("l")
        await pilot.pause()
        assert len(said(app)) <= 1


async def test_double_enter_after_the_last_hand_does_not_start_a_new_match():
    """The match-over dialog does not take Enter: the standings stay until p, q or a click."""
    table = table_for(2, "human", "bot", "bot", rounds=1)
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await settle(pilot)
            if isinstance(app.screen, MatchOverScreen):
                break
            if isinstance(app.screen, TableScreen) and table.view(0).is_my_turn:
                await pilot.press("enter")
            else:
                await pilot.press("enter")
        assert isinstance(app.screen, MatchOverScreen)
        finished = table.state
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        assert table.state is finished and table.state.is_over


async def test_undo_after_the_bots_have_played_on():
    """Undo takes back your card and the bots' cards after it, long after the bot delay."""
    table = table_for(3, "human", "bot", "bot")
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = table.state.snapshot()
        await pilot.press("enter")
        await settle(pilot)
        assert table.state.snapshot() != before
        await pilot.press("u")
        await settle(pilot)
        assert table.state.snapshot() == before


async def test_the_resume_list_says_what_each_save_holds(tmp_path):
    """Game, players, hand and scores on each line; finished matches listed apart; bad files said so."""
    from cardtable.paths import saves_dir
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.resume import ResumeScreen

    saves_dir().mkdir(parents=True, exist_ok=True)
    going = table_for(4, "human", "bot", "bot", save_path=saves_dir() / "going.json")
    going.run_bots()
    going.save()
    done = table_for(5, "human", "bot", "bot", save_path=saves_dir() / "done.json")
    while not done.state.is_over:
        done.submit(done.state.to_act, done.state.legal_actions()[0])
    done.save()
    (saves_dir() / "broken.json").write_text("{not json")
    app = CardTableApp(bot_delay=0, resume="")
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        text = screen_text(app)
        lines = [line for line in text.splitlines() if "Tricks'N'Trumps" in line]
        assert len(lines) == 2 and all("Ana, Ben, Cy" in line and "hand " in line for line in lines)
        assert text.index("Finished matches") < text.index("✓ finished")
        assert "cannot be read" in text


async def test_the_resume_list_shows_scores_of_100_and_more_whole_at_80x24():
    """Issue 32 item 9: at 80 columns every seat's score shows whole (Rams' stacks of 100),
    beside its name, long names cut with an ellipsis."""
    from cardtable.paths import saves_dir
    from cardtable.session import SeatConfig, Table
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.resume import ResumeScreen

    saves_dir().mkdir(parents=True, exist_ok=True)
    names = ["Anastasia Papadopoulou", "Bartholomew the Bold", "Cy", "Dee"]
    seats = [SeatConfig("human", names[0])] + [SeatConfig("bot", n) for n in names[1:]]
    table = Table.new("rams", seats, None, 3, save_path=saves_dir() / "rams.json")
    table.save()
    app = CardTableApp(bot_delay=0, resume="")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        text = screen_text(app)
        scores = table.view(0).scores
        assert max(scores) >= 100
        for name, score in zip(("Anastasia Papad…", "Bartholomew the…", "Cy", "Dee"), scores):
            assert f"{name} {score:g}" in text, text.splitlines()[:6]
