"""Pilot tests of the TUI's behaviour (seeded Tricks'N'Trumps tables, bots without delay)."""

from __future__ import annotations

import pytest

from cardtable.paths import saves_dir
from cardtable.session import Table
from cardtable.tui.app import CardTableApp, default_player_name
from cardtable.tui.screens.lobby import LobbyScreen
from cardtable.tui.screens.modals import HandoffScreen, HelpScreen, MatchOverScreen
from cardtable.tui.screens.setup import SetupScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget
from games.core import Record

from .helpers import local_app, said, screen_text, settle, table_for


def _illegal_spot() -> Table:
    """A seeded table where the human (seat 0) must follow suit and holds a card that may not be played."""
    for seed in range(200):
        t = table_for(seed, "human", "bot", "bot")
        t.run_bots()
        v = t.view(0)
        if v.is_my_turn and v.trick and len(v.legal) < len(v.hand):
            return t
    raise AssertionError("no seed gives an illegal choice")


async def test_start_game_from_lobby_with_quick_key():
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, LobbyScreen)
        assert "Tricks'N'Trumps" in screen_text(app)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        view = app.screen.active.view()
        assert view.game == "tricks_n_trumps" and view.seat == 0 and len(view.hand) == 5
        saves = list(saves_dir().glob("tricks_n_trumps-*.json"))
        names = Record.load(saves[0]).names
        assert len(saves) == 1 and names[0] == "Tester" and "You" not in names  # the login name
        log = "\n".join(e.render(names) for e in view.events)
        assert "You " not in log


@pytest.mark.parametrize(
    "login, name", [("ada", "Ada"), ("root", "Player"), ("", "Player"), ("bruno", "Bruno")]
)
def test_default_name_is_the_capitalised_login(monkeypatch, login, name):
    monkeypatch.setattr("getpass.getuser", lambda: login)
    assert default_player_name() == name


async def test_setup_form_defaults_to_the_login_name(monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "ada")
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        names = [form.query_one(f"#name-{i}").value for i in range(3)]
        assert names[0] == "Ada" and "Ada" not in names[1:]  # no bot shares the human's name


async def test_start_game_from_setup_form_with_options_and_seed():
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#opt-hand_size").value = "30"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SetupScreen)  # refused, with the option's rule
        assert "hand_size" in str(app.screen.query_one("#setup-error").render())
        app.screen.query_one("#opt-hand_size").value = "4"
        app.screen.query_one("#seed").value = "42"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        state = app.screen.driver.state
        assert state.seed == 42 and state.options["hand_size"] == 4


async def test_play_legal_card_by_key():
    t = table_for(3, "human", "bot", "bot")
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = t.view(0)
        assert view.is_my_turn
        hand = app.screen.query_one(HandWidget)
        card = hand.cards[hand.cursor]
        assert card in {a.card for a in view.legal}
        before = len(t.state.history)
        await pilot.press("enter")
        assert t.state.history[before].card is card
        assert card not in t.view(0).hand


async def test_play_card_by_click_and_arrow_keys():
    t = table_for(5, "human", "bot", "bot")
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = t.view(0)
        legal = [i for i, c in enumerate(view.hand) if c in {a.card for a in view.legal}]
        target = legal[-1]
        hand = app.screen.query_one(HandWidget)
        before = len(t.state.history)
        await pilot.click(HandWidget, offset=hand.click_offset(target))
        assert t.state.history[before].card is view.hand[target]


async def test_illegal_card_shows_the_rule_and_changes_nothing():
    t = _illegal_spot()
    app = local_app(t)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        view = t.view(0)
        bad = next(i for i, c in enumerate(view.hand) if c not in {a.card for a in view.legal})
        before = t.state.snapshot()
        hand = app.screen.query_one(HandWidget)
        await pilot.click(HandWidget, offset=hand.click_offset(bad))
        await pilot.pause()
        assert t.state.snapshot() == before
        messages = [n.message for n in said(app)]
        assert len(messages) == 1
        held = " ".join(c.display() for c in view.hand if c in {a.card for a in view.legal})
        assert (
            messages[0] == f"{view.hand[bad].display()}: you must follow {view.trick[0].cards[0].suit.noun} "
            f"(you hold {held})"
        )  # no seat number, suit symbols
        assert "seat" not in messages[0]


async def test_card_pressed_out_of_turn_says_whose_turn_it_is():
    t = table_for(3, "human", "bot", "bot")
    t.run_bots()
    t.submit(0, t.state.legal_actions()[0])  # now a bot must play
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=30)  # bots wait 30 s
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert t.state.to_act != 0
        before = t.state.snapshot()
        await pilot.press("enter")
        await pilot.pause()
        assert t.state.snapshot() == before
        assert [n.message for n in said(app)] == [f"Wait: it is {t.names[t.state.to_act]}'s turn"]


async def test_hot_seat_handoff_shows_no_card_of_either_human():
    t = table_for(11, "human", "human", "bot")
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = t.state.to_act
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert f"Pass to {t.names[first]}" in text
        for seat in (0, 1):
            for c in t.view(seat).hand:
                assert c.display() not in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.active.seat == first
        assert all(c.display() in screen_text(app) for c in t.view(first).hand)
        await pilot.press("enter")  # play a card; the other human is next after the bot(s)
        await settle(pilot)
        other = 1 - first
        assert isinstance(app.screen, HandoffScreen) and f"Pass to {t.names[other]}" in screen_text(app)
        text = screen_text(app)
        assert not any(c.display() in text for s in (0, 1) for c in t.view(s).hand)


async def test_quit_and_resume_gives_the_same_state(tmp_path):
    path = tmp_path / "g.json"
    t = table_for(8, "human", "bot", "bot", save_path=path)
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("q")
    snap, view = t.state.snapshot(), t.view(0)
    resumed = CardTableApp(resume=str(path), bot_delay=0)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(resumed.screen, TableScreen)
        assert resumed.screen.driver.state.snapshot() == snap
        assert resumed.screen.active.view() == view


async def test_corrupt_save_is_reported_and_left_untouched():
    saves_dir().mkdir(parents=True)
    bad = saves_dir() / "tricks_n_trumps-broken.json"
    bad.write_text('{"format": "cardtable-record", "version": 1, "game": "tricks_n_trumps"')
    before = bad.read_bytes()
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("r")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        messages = [n.message for n in said(app)]
        assert any("is not a readable record" in m for m in messages)
    assert bad.read_bytes() == before


async def test_rules_help_undo_and_full_match_to_the_end():
    t = table_for(2, "human", "bot")
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen) and "hearts are always trump" in screen_text(app).lower()
        await pilot.press("escape")
        moves = len(t.state.history)
        await pilot.press("enter")
        await settle(pilot)
        if t.can_undo(0):
            await pilot.press("u")
            await settle(pilot)
            assert len(t.state.history) == moves
        for _ in range(60):
            if isinstance(app.screen, MatchOverScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, MatchOverScreen) and t.state.is_over
        assert "wins" in screen_text(app) or "share the win" in screen_text(app)


async def test_small_terminal_asks_to_enlarge():
    t = table_for(3, "human", "bot", "bot")
    app = local_app(t)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert "enlarge the terminal" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "enlarge" not in screen_text(app)
        assert isinstance(app.focused, HandWidget)  # keys still play cards after the resize


def _human_leads(players: int = 2) -> Table:
    for seed in range(100):
        t = table_for(seed, "human", *["bot"] * (players - 1))
        if t.state.to_act == 0:
            return t
    raise AssertionError("no seed where the human leads")


async def test_undo_own_move_before_a_bot_answers():
    t = _human_leads()
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=30)  # bots wait 30 s
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        before, hand = len(t.state.history), t.view(0).hand
        await pilot.press("enter")
        assert len(t.state.history) == before + 1 and t.view(0).hand != hand
        await pilot.press("u")
        await pilot.pause()
        assert len(t.state.history) == before and t.view(0).hand == hand
        await pilot.press("u")  # nothing left to take back: a warning, no change
        await pilot.pause()
        assert len(t.state.history) == before
        assert any("Nothing to undo" in n.message for n in said(app))


async def test_resume_of_a_corrupt_file_from_the_command_line_opens_the_lobby(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("not json at all")
    app = CardTableApp(resume=str(bad), bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert any("not a readable record" in n.message for n in said(app))
    assert bad.read_text() == "not json at all"


async def test_remote_style_updates_from_another_thread():
    """driver=None (a remote table): bots are played by a 'server' thread and every update
    reaches the screen through call_from_thread."""
    import threading

    t = table_for(3, "human", "bot", "bot")
    stop = threading.Event()

    def server():
        while not stop.is_set():
            if t.play_bot() is None:
                stop.wait(0.005)

    app = CardTableApp(table_handles=[t.handle(0)], driver=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        thread = threading.Thread(target=server, daemon=True)
        thread.start()
        try:
            for _ in range(3):
                for _ in range(200):
                    await pilot.pause(0.01)
                    if t.view(0).is_my_turn and app.screen.view is not None and app.screen.view.is_my_turn:
                        break
                assert app.screen.view.hand == t.view(0).hand
                await pilot.press("enter")
        finally:
            stop.set()
            thread.join(2)
        assert len(t.state.history) >= 3
