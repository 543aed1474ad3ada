"""Snapshot and Pilot tests of the card table's look: card faces, the fanned hand, backs, the
trick at the seats' positions, and what the middle of the table shows when no card is on it.

Regenerate after an intended change with ``pytest tests/tui/test_card_faces.py --snapshot-update``
and look at the SVGs in tests/tui/__snapshots__ before committing them.
"""

from __future__ import annotations

from cardtable.session import SeatConfig, Table
from cardtable.tui.app import CardTableApp
from cardtable.tui.cardface import LARGE, SMALL, Canvas, draw_face, fan_step
from cardtable.tui.widgets import HandWidget
from games.core import parse_card, parse_cards

from .helpers import local_app, screen_text, settle, table_for


def _app(game: str, seed: int, n: int, ascii_suits: bool = False) -> CardTableApp:
    names = ("Ana", "Ben", "Cy", "Dee")
    table = Table.new(
        game, [SeatConfig("human" if i == 0 else "bot", names[i]) for i in range(n)], None, seed
    )
    return CardTableApp(table_handles=[table.handle(0)], driver=table, bot_delay=0, ascii_suits=ascii_suits)


def test_card_faces_140x40(snap_compare):
    """140x40, four players, seed 4: large framed cards (rank top-left, suit in the middle, rank
    bottom-right) on light card paper; your hand fanned at the bottom with the legal cards raised;
    the cards of this trick around the felt at their players' sides with names; opponents' hidden
    cards as a row of blue backs with the count."""
    assert snap_compare(
        local_app(table_for(4, "human", "bot", "bot", "bot")), terminal_size=(140, 40), run_before=settle
    )


def test_card_faces_ascii_140x40(snap_compare):
    """The same table with ASCII suits: every face shows S H D C letters instead of symbols."""
    assert snap_compare(
        _app("tricks_n_trumps", 4, 4, ascii_suits=True), terminal_size=(140, 40), run_before=settle
    )


def test_card_faces_80x24(snap_compare):
    """80x24, four players, seed 4: small faces (5x3) in the hand, the trick's cards in one row with
    each player's name beneath (no room around the felt), backs with counts in the seat boxes."""
    assert snap_compare(
        local_app(table_for(4, "human", "bot", "bot", "bot")), terminal_size=(80, 24), run_before=settle
    )


def test_four_colour_deck_80x24(snap_compare):
    """The same after `c`: diamonds blue and clubs green on the faces (the four-colour deck)."""

    async def before(pilot):
        await settle(pilot)
        await pilot.press("c")

    assert snap_compare(
        local_app(table_for(4, "human", "bot", "bot", "bot")), terminal_size=(80, 24), run_before=before
    )


def test_contract_grid_grids_in_the_middle_100x30(snap_compare):
    """Contract Grid while grids are filled (100x30, seed 5): all three grids side by side in the
    middle of the table (the side seats hidden), your grid first and marked ▶ when it is your turn."""
    assert snap_compare(_app("contract_grid", 5, 3), terminal_size=(100, 30), run_before=settle)


def test_trump_pile_and_pot_in_the_middle(snap_compare):
    """Trump Suit before the first lead (100x30, seed 3): the trump pile's top card framed and the
    draw deck face down with its count, in the middle of the felt."""
    assert snap_compare(_app("trump_suit", 3, 3), terminal_size=(100, 30), run_before=settle)


# -- behaviour ---------------------------------------------------------------------------------------


def test_a_face_shows_rank_and_suit_in_the_corner():
    canvas = Canvas(8, 5)
    draw_face(canvas, 0, 0, parse_card("10H"), LARGE)
    lines = canvas.to_text().plain.splitlines()
    assert (
        lines[0] == "╭─────╮ "
        and lines[1].startswith("│10")
        and "♥" in lines[2]
        and lines[3].endswith("10│ ")
    )
    small = Canvas(5, 3)
    draw_face(small, 0, 0, parse_card("QS"), SMALL, ascii_suits=True)
    assert small.to_text().plain.splitlines()[1] == "│QS │"


def test_a_fan_fits_any_hand_or_says_it_cannot():
    hand = parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S")
    assert fan_step(12, 76, SMALL, hand) == 6  # Piquet's twelve at 80 columns: a gap between cards
    assert fan_step(34, 76, SMALL, hand) is None  # Simple Strange's 34 do not fit one row of faces


async def test_every_card_of_a_long_hand_can_be_reached_and_clicked():
    """34 cards at 80x24 fall back to lines of tokens; at 140x40 two rows of fanned faces; in both,
    Up/Down move between rows, Home/End to the ends, and a click picks the card under it."""
    for size in ((80, 24), (140, 40)):
        app = _app("simple_strange", 1, 3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            hand = app.screen.query_one(HandWidget)
            assert len(hand.cards) == 34
            rows = hand.cells()[-1][0] + 1
            assert rows >= 2
            await pilot.press("end")
            assert hand.cursor == 33
            await pilot.press("home", "down")
            assert hand.cells()[hand.cursor][0] == 1
            await pilot.press("up")
            assert hand.cells()[hand.cursor][0] == 0
            target = 20
            await pilot.click(HandWidget, offset=hand.click_offset(target))
            await pilot.pause()
            assert hand.cursor == target


def test_the_finished_trick_marks_its_winner():
    """The winning card of a complete trick gets the bright frame; the others the plain one."""
    from cardtable.tui.cardface import CURSOR
    from cardtable.tui.widgets.trick import trick_faces

    table = table_for(4, "human", "bot", "bot", "bot")
    while table.view(0).last_trick is None:
        table.submit(table.state.to_act, table.state.legal_actions()[0])
    view = table.view(0)
    last = view.last_trick
    text = trick_faces(view, ("Ana", "Ben", "Cy", "Dee"), last.plays, last.winner, False, 100, 20)
    framed = {span.start for span in text.spans if CURSOR in str(span.style)}
    assert framed and "won the trick" in text.plain
    plain = trick_faces(view, ("Ana", "Ben", "Cy", "Dee"), last.plays, None, False, 100, 20)
    assert not any(CURSOR in str(span.style) for span in plain.spans)  # control: no winner, no frame


async def test_contract_grid_squares_are_typed_by_name_and_keep_their_keys():
    """Issue 14: Contract Grid's squares are chosen by typing their names (column letter, row
    digit), which never shift; the number keys would move after every pick and are not used."""
    app = _app("contract_grid", 5, 3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen.driver
        bar = app.screen.query_one("ActionBar")
        assert bar.squares and "type a square, e.g. a1" in screen_text(app)
        assert bar.keys.count("") == 16 and "1" in bar.keys  # squares typed; "fill random" numbered
        await pilot.press("b", "3")
        await settle(pilot)
        grid = table.state.grids[0]
        assert grid[1 + 2 * 4] is not None and sum(c is not None for c in grid) == 1
        await pilot.press("c", "1")  # 'c' is a column here, not the four-colour toggle
        await settle(pilot)
        assert table.state.grids[0][2] is not None
        await pilot.press("b", "3")  # taken: a message, nothing chosen
        await settle(pilot)
        assert sum(c is not None for c in table.state.grids[0]) == 2
        await pilot.press("5")  # a digit without a column first that numbers nothing: a message
        await pilot.press("a", "1")
        await settle(pilot)
        assert table.state.grids[0][0] is not None and sum(c is not None for c in table.state.grids[0]) == 3
        await pilot.press("1")  # the other choices keep their numbers: 1 fills the rest at random
        await settle(pilot)
        assert all(c is not None for c in table.state.grids[0])
