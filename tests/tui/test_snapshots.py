"""Snapshot tests of the table screen (fixed terminal sizes, seeded deals, bots without delay).

Regenerate after an intended change with ``pytest tests/tui/test_snapshots.py --snapshot-update``
and look at the SVGs in tests/tui/__snapshots__ before committing them.
"""

from __future__ import annotations

from cardtable.tui.screens.modals import HandSummaryScreen

from .helpers import local_app, settle, table_for


async def _to_summary(pilot) -> None:
    await settle(pilot)
    for _ in range(40):
        if isinstance(pilot.app.screen, HandSummaryScreen):
            break
        await pilot.press("enter")
        await settle(pilot)


def test_trick_in_progress_80x24(snap_compare):
    """80x24, three players, seed 7: Ben (dealer, left) and Cy (right) in their boxes with their
    hidden cards as blue backs and a count, Cy's 4♠ as a small card face in the trick area with his
    name beneath, your five cards fanned as faces at the bottom with the spades raised and A♥ Q♥
    dimmed and lower (you must follow spades), the prompt "Follow spades if you can", the
    scoreboard and the log on the right."""
    assert snap_compare(
        local_app(table_for(7, "human", "bot", "bot")), terminal_size=(80, 24), run_before=settle
    )


def test_four_players_100x30(snap_compare):
    """100x30, four players, seed 4: one opponent on each side and one opposite (top row), the
    cards already played in this trick drawn as faces with their players' names, the dealer
    marked (D), your hand a fan of large faces with the playable cards raised."""
    assert snap_compare(
        local_app(table_for(4, "human", "bot", "bot", "bot")), terminal_size=(100, 30), run_before=settle
    )


def test_ascii_suits(snap_compare):
    """Same deal as the 80x24 test after pressing `a`: every suit is a letter on the faces and in
    the log (7S, AH, 8D)."""

    async def before(pilot):
        await settle(pilot)
        await pilot.press("a")

    assert snap_compare(
        local_app(table_for(7, "human", "bot", "bot")), terminal_size=(80, 24), run_before=before
    )


def test_hand_summary(snap_compare):
    """End of the first hand (seed 7, always playing the first legal card): a dialog titled
    "Hand 1 scored" listing the last trick and each player's tricks × points = score and total."""
    assert snap_compare(
        local_app(table_for(7, "human", "bot", "bot")), terminal_size=(80, 24), run_before=_to_summary
    )


def test_hot_seat_handoff(snap_compare):
    """Two humans and a bot (seed 11): a plain screen "Pass to Ana — press Enter" and no card at all."""
    assert snap_compare(
        local_app(table_for(11, "human", "human", "bot")), terminal_size=(80, 24), run_before=settle
    )


def test_too_small(snap_compare):
    """60x20: only the message asking to enlarge the terminal to at least 80x24."""
    assert snap_compare(
        local_app(table_for(7, "human", "bot", "bot")), terminal_size=(60, 20), run_before=settle
    )
