"""Issue 32, a table that speaks clearly: one Pilot test per behaviour (messages belong to their
decision, the keys the table offers, resize, match over, spectators)."""

from __future__ import annotations

from cardtable.session import SeatConfig, Table, WatchHandle
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.lobby import LobbyScreen
from cardtable.tui.screens.modals import HandSummaryScreen, HelpScreen, MatchOverScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget, KeyBar
from games.bots import make_bot

from .helpers import local_app, said, screen_text, seats, settle, table_for, wait_until


async def _until(pilot, done, tries: int = 200) -> bool:
    for _ in range(tries):
        if done():
            return True
        await pilot.pause(0.02)
    return done()


async def test_a_hint_goes_when_its_decision_is_made_and_never_covers_the_choices():
    """Bacon at 80x24: the hint for the partner's question is on the message line, the choices
    stay readable under it, and it is gone once the question is answered."""
    table = Table.new("bacon", seats("human", "bot", "bot", "bot"), None, 1)
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.active.view().is_my_turn
        await pilot.press("h")
        assert await _until(pilot, lambda: any(s.title == "Hint" for s in said(app)))
        bar = screen.query_one(ActionBar)
        text = screen_text(app)
        for label in bar.labels:  # every choice whole on the screen, the hint beside them
            assert label in text
        message = screen.query_one("#message")
        assert not message.region.overlaps(bar.region) and not message.region.overlaps(
            screen.query_one(HandWidget).region
        )
        before = len(table.state.history)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(table.state.history) > before)
        assert len(table.state.history) > before
        assert not any(s.title == "Hint" for s in said(app))  # the answered question takes its hint along
        assert not message.display


async def test_sixteen_presses_of_plus_leave_one_message():
    app = local_app(table_for(7, "human", "bot", "bot"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(16):
            await pilot.press("plus")
        await pilot.pause()
        assert len(said(app)) == 1 and "Bots play every" in said(app)[0].message
        assert not app._notifications  # no toast over the hand
        await pilot.press("minus")  # back to the test's pace


async def test_a_refusal_goes_with_the_next_move():
    table = table_for(3, "human", "bot", "bot")
    app = CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("9")  # no such choice: said for this decision
        await pilot.pause()
        assert [s.message for s in said(app)] == ["There is no choice 9 now"]
        await pilot.press("enter")  # a card is played: another moment
        await settle(pilot)
        assert not said(app)


async def test_the_key_bar_and_the_help_list_every_key_of_the_table():
    app = local_app(table_for(7, "human", "bot", "bot"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(KeyBar)
        assert "Hint" in bar.render().plain
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(app.screen.keys)  # the help's "Keys at the table" section
        assert text and "Keys at the table" in str(app.screen.query_one("#help-body Static").render())
        for words in ("Hint", "ASCII suits", "Four colours", "Slower", "Faster", "Last trick", "Undo"):
            assert words in text, words


async def test_a_spectator_is_offered_only_what_a_spectator_can_do_and_moves_past_summaries():
    table = Table.new("tricks_n_trumps", [SeatConfig("bot", n) for n in ("Ann", "Bob", "Cy")], None, 7)
    app = CardTableApp(table_handles=[WatchHandle(table)], driver=table, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table_screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        keys = table_screen.query_one(KeyBar).render().plain
        assert "Undo" not in keys and "Hint" not in keys and "Choose" not in keys
        assert "Rules" in keys
        seen = await _until(pilot, lambda: isinstance(app.screen, HandSummaryScreen), tries=600)
        assert seen, "a summary is shown to the spectator"
        summary = app.screen
        assert await _until(pilot, lambda: app.screen is not summary, tries=400)  # it moves on by itself


async def test_no_key_reaches_the_table_behind_the_enlarge_screen():
    table = table_for(3, "human", "bot", "bot")
    app = CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = len(table.state.history)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("enter", "1", "u")
        await pilot.pause()
        assert len(table.state.history) == before


async def test_the_hand_is_whole_after_the_terminal_was_too_small():
    table = table_for(3, "human", "bot", "bot")
    app = CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandWidget)
        height = hand.region.height
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert hand.region.height == height
        text = screen_text(app)
        for c in table.view(0).hand:
            assert c.display(False) in text


async def test_match_over_by_sides_and_q_goes_back_to_the_lobby():
    table = Table.new("pepper", seats("human", "bot", "bot", "bot"), {"target": 5}, 4)
    table.record_matches = False
    bots = [make_bot("normal", "pepper", s) for s in range(4)]  # always passing would never end (PE-9)
    while not table.state.is_over:
        s = table.state.to_act
        table.submit(s, bots[s].choose(table.state.view(s), table.state.legal_actions()))
    app = CardTableApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.start_table(table)
        assert await _until(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        text = screen_text(app)
        assert "Ana & Cy" in text and "Ben & Dee" in text  # two rows, one a side
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen) and app.is_running


async def test_page_ones_call_is_offered_with_the_card_before_enter():
    """The card under the cursor can be played calling Page One! or silently: both ways are on
    the bar as soon as the cursor rests on it, before Enter (they came only after Enter)."""
    from cardtable.tui.render import show_cards

    from .test_page_one_ui import advance, page_one_table

    table = page_one_table(seed=0)
    advance(table, lambda v: v.is_my_turn and any(a.kind == "silent" for a in v.legal))
    app = CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandWidget)
        bar = app.screen.query_one(ActionBar)
        card = hand.cards[hand.cursor]
        assert {a.kind for a in bar.actions} == {"call", "silent"} and all(
            a.card is card for a in bar.actions
        )
        text = screen_text(app)
        assert all(show_cards(label, False) in text for label in bar.labels)


def test_jokers_are_named_in_words():
    from cardtable.tui.cardface import LARGE, Canvas, draw_face
    from cardtable.tui.render import show_cards
    from games.core import parse_card

    assert show_cards("Cy plays JK", False) == "Cy plays Joker"
    assert show_cards("BJ beats LJ", True) == "Big joker beats Little joker"
    canvas = Canvas(7, 5)
    draw_face(canvas, 0, 0, parse_card("JK"), LARGE)
    assert "JOKER" in canvas.to_text().plain


async def test_the_rams_widow_lies_face_down_in_the_middle_until_taken():
    """Item 5: while nobody has taken it, the widow lies in the middle as a card back with its
    count (beside the upcard); once taken, it is gone from the middle."""
    table = Table.new("rams", seats("human", "bot", "bot"), None, 3)
    table.run_bots()
    app = CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table.view(0).phase == "decide" and table.view(0).is_my_turn
        middle = app.screen.query_one("#trick").render().plain
        assert "widow 5" in middle and "▒▒▒" in middle and "upcard" in middle
        await pilot.press(str(app.screen.query_one(ActionBar).labels.index("Take the widow") + 1))
        await pilot.pause()
        assert "widow" not in app.screen.query_one("#trick").render().plain


JOKERS = {
    "trump_suit": {"BJ": "Big joker", "LJ": "Little joker"},
    "tricks_n_trumps": {"JK": "Joker"},
    "contract_grid": {"JK": "Joker"},
    "page_one": {"JK": "Joker"},
}


def test_the_rules_help_names_each_games_own_jokers():
    """Item 6: the help says which mark on a card is which joker of this game and what the table
    calls it, and never a joker the game does not have (Trump Suit's help spoke of JK★)."""
    from games import all_rules, get_rules

    for game, jokers in JOKERS.items():
        text = HelpScreen(get_rules(game), {}).help_text()
        for mark, name in jokers.items():
            assert f"{mark}★" in text and f'"{name}"' in text, (game, mark)
        for mark in {"BJ", "LJ", "JK"} - set(jokers):
            assert f"{mark}★" not in text, (game, mark)
        assert "joker" in get_rules(game).summary.lower()  # the game's own words say what it does
    for rules in all_rules():
        if rules.name not in JOKERS:
            assert "★" not in HelpScreen(rules, {}).help_text(), rules.name


async def test_long_names_are_cut_on_their_line_when_watching_eight_bots_at_80x24():
    """Item 9: ``cardtable watch`` of eight bots with long names at 80x24: every seat's name is
    cut with an ellipsis on its own line, and no line of a seat box wraps (the box keeps its
    rows: name, cards, tricks)."""
    from rich.cells import cell_len

    from cardtable.tui.widgets import SeatPanel

    levels = ["expert", "normal", "hard", "easy", "random", "normal", "normal", "normal"]
    configs = [SeatConfig("bot", f"Player{i} the Magnificent ({lv})", lv) for i, lv in enumerate(levels)]
    table = Table.new("bourre", configs, None, 3)
    table.record_matches = False
    app = CardTableApp(table_handles=[WatchHandle(table)], driver=table, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        panels = [p for p in app.screen.query(SeatPanel) if p.display and p.seat >= 0]
        assert len(panels) == 7
        for panel in panels:
            width = panel.content_size.width
            lines = panel._text.plain.split("\n")
            assert all(cell_len(line) <= width for line in lines), (width, lines)
            assert lines[0].rstrip().endswith(("…", "(D)")), lines
        assert all(cell_len(strip.text) <= 80 for strip in app.screen._compositor.render_strips())
