"""The polish pass (issue 3 follow-up): the choice bar, side panels that fit at 80x24 without
repeating the info lines, the hand's final trick before the summary, --ascii, NO_COLOR."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cardtable.session import SeatConfig, Table
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.modals import HandSummaryScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import ActionBar, HandWidget, TrickArea
from games import all_rules

from .helpers import local_app, said, screen_text, seats, settle, table_for

SIDE = 52  # the side column starts here at 80 columns (28 wide, its left border included)


def _bidding_table() -> Table:
    return Table.new("trump_suit", seats("human", "bot", "bot"), None, 3)


# -- the choice bar ------------------------------------------------------------------------------
async def test_fourteen_bids_are_readable_and_numbered_at_80x24():
    t = _bidding_table()
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(ActionBar)
        assert list(bar.labels) == [f"Bid {n}" for n in range(1, 14)] + ["Nil"]
        assert app.focused is bar  # only choices to make: the bar has the focus
        text = screen_text(app)
        for line in text.splitlines():  # no caption is cut or mixed with another one
            assert "Bid 1 / 8" not in line
        bar_lines = text.splitlines()[bar.region.y : bar.region.y + bar.region.height]
        assert bar.region.height == 2 and "1 Bid 1" in bar_lines[0] and "0 Bid 10" in "".join(bar_lines)
        assert "Nil" in bar_lines[1] and "Bid 13" in bar_lines[1]
        await pilot.press("tab")  # Tab moves between the choices and the hand
        assert isinstance(app.focused, HandWidget)
        await pilot.press("shift+tab")
        assert app.focused is bar
        before, tenth = len(t.state.history), bar.actions[9]
        await pilot.press("0")  # the tenth choice
        assert t.state.history[before] is tenth and tenth.label == "Bid 10"


async def test_choices_beyond_ten_by_arrows_and_by_click():
    t = _bidding_table()
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(ActionBar)
        await pilot.press("down", *["right"] * 4)  # the second row, then four to the right
        k = bar.cursor
        assert bar.cells()[k][0] == 1 and k > 9 and bar.actions[k].label == "Bid 12"
        chosen = bar.actions[k]
        before = len(t.state.history)
        await pilot.press("enter")
        assert t.state.history[before] is chosen
    t = _bidding_table()
    app = local_app(t)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(ActionBar)
        before = len(t.state.history)
        await pilot.click(ActionBar, offset=bar.click_offset(13))
        assert t.state.history[before].label == "Nil"


def test_choice_bar_snapshot_80x24(snap_compare):
    """80x24, Trump Suit seed 3, Ana to bid: the prompt across the whole width, then two rows of
    choices "1 Bid 1" ... "0 Bid 10", "Bid 11" "Bid 12" "Bid 13" "Nil", the first highlighted;
    the side shows the scoreboard (Player Pts Tr Bid), "Hand: 1", the pile and bags, no info twice."""
    assert snap_compare(local_app(_bidding_table()), terminal_size=(80, 24), run_before=settle)


def test_four_players_140x40(snap_compare):
    """140x40, four players, seed 4: wider seat boxes and side column; in the trick area the
    cards are spread apart and each is labelled with its player's name (Cy Q♥ on top, Dee 3♥
    on the right); the log shows cards with suit symbols."""
    assert snap_compare(
        local_app(table_for(4, "human", "bot", "bot", "bot")), terminal_size=(140, 40), run_before=settle
    )


# -- the side column at 80x24 ----------------------------------------------------------------------
@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.name)
async def test_scoreboard_and_panel_fit_the_side_at_80x24(rules):
    names = ["Bartholomew", "Christabel", "Dee", "Eve", "Fay", "Gil", "Hal"]
    table = Table.new(
        rules.name,
        [SeatConfig("human" if i == 0 else "bot", names[i], "random") for i in range(rules.default_seats)],
        None,
        2,
    )
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        side = [line[SIDE:] for line in screen_text(app).splitlines()]
        header = next(line for line in side if "Player" in line)
        assert "Pts" in header and "Tr" in header and header.rstrip().endswith(("Tr", "Bid"))
        for s in range(1, rules.default_seats):  # long names shortened, never wrapped or lost
            assert any(names[s][:5] in line for line in side)
        view = table.view(0)
        panel = screen.extra_panel
        shown = [line.label for line in view.info if panel is None or not panel.hides_info(line.key)]
        text = "\n".join(side)
        if panel is not None:
            assert panel.region.width <= 27 and panel.region.right <= 80
            assert all(
                f"{line.label}:" not in text
                for line in view.info
                if panel.hides_info(line.key) and "{" not in line.label
            )
        for label in shown[:1]:
            assert f"{label}:" in text


async def test_trump_suit_panel_does_not_repeat_the_scoreboard():
    app = local_app(_bidding_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert text.count("Draw deck") == 0 and text.count("deck 14") == 1
        assert "Trump:" not in text and "bags 0" not in text and "Bags" in text
        assert "sco…" not in text and "play…" not in text


async def test_rams_has_the_pot_panel():
    table = Table.new("rams", seats("human", "bot", "bot", "bot"), None, 3)
    app = local_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert app.screen.extra_panel is not None and f"Pot {table.view(0).extra.pot} · ante" in text
        assert "Pot:" not in text  # the info line is not repeated


# -- the last trick of a hand ------------------------------------------------------------------
def _last_card_of_a_hand() -> Table:
    """A table where the human plays the last card of the hand's final trick."""
    for seed in range(60):
        t = table_for(seed, "human", "bot", "bot")
        while not t.state.is_over:
            t.run_bots()
            v = t.view(0)
            if len(v.hand) == 1 and len(v.trick) == 2 and v.hand_number == 1:
                return t
            if v.hand_number > 1:
                break
            t.submit(0, t.state.legal_actions()[0])
    raise AssertionError("no seed found")


async def test_final_trick_stays_on_the_table_before_the_summary_and_l_shows_it_after_the_deal():
    t = _last_card_of_a_hand()
    app = CardTableApp(table_handles=[t.handle(0)], driver=t, bot_delay=30, ascii_suits=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        last_card = t.view(0).hand[0]
        await pilot.press("enter")
        await pilot.pause()
        assert t.view(0).hand_number == 2  # the next hand is dealt already
        assert isinstance(app.screen, TableScreen)  # but the final trick is shown first
        trick = str(app.screen.query_one(TrickArea).render())
        assert last_card.display() in trick and " won" in trick
        await pilot.press("x")  # any key
        await pilot.pause()
        assert isinstance(app.screen, HandSummaryScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert " won" not in str(app.screen.query_one(TrickArea).render())  # a clear table
        await pilot.press("l")
        await pilot.pause()
        last = [n for n in said(app) if n.title == "Last trick of the previous hand"]  # said so after a deal
        assert last and last_card.display() in last[-1].message


# -- command line and colours ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv, expected",
    [
        ([], ("lobby", None, None)),
        (["--ascii"], ("lobby", None, True)),
        (["resume", "x.json", "--ascii"], ("resume", "x.json", True)),
        (["resume"], ("resume", None, None)),
    ],
)
def test_ascii_flag(monkeypatch, argv, expected):
    """`cardtable --ascii` and `cardtable resume --ascii` ask the TUI for ASCII suits."""
    import cardtable.tui as tui
    from cardtable.cli import app

    calls = []
    monkeypatch.setattr(tui, "run_lobby", lambda ascii_suits=None: calls.append(("lobby", None, ascii_suits)))
    monkeypatch.setattr(
        tui, "run_resume", lambda path=None, ascii_suits=None: calls.append(("resume", path, ascii_suits))
    )
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    assert calls == [expected]


def _shown_colours(app) -> set:
    """Foreground colours of what the terminal receives (after the app's filters)."""
    colours = set()
    for strip in app.screen._compositor.render_strips():
        segments = list(strip)
        for f in app._filters:
            segments = f.apply(segments, app.screen.styles.background)
        for seg in segments:
            if seg.style is not None and seg.style.color is not None and seg.style.color.triplet is not None:
                colours.add(tuple(seg.style.color.triplet))
    return colours


@pytest.mark.parametrize("no_color", [False, True])
async def test_no_color_renders_without_colour(monkeypatch, no_color):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = local_app(table_for(7, "human", "bot", "bot"))
    assert app.no_color is no_color
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        colours = _shown_colours(app)
        coloured = {c for c in colours if len(set(c)) > 1}
        if no_color:
            assert not coloured  # only greys: red suits, accents and borders lose their colour
        else:
            assert any(
                r > 0xB0 and g < 0x60 and b < 0x60 for r, g, b in coloured
            )  # red suits (control: the check can fail)
