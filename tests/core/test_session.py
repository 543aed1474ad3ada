"""The Table (cardtable/session.py): turns, bots, autosave, resume and undo."""

from __future__ import annotations

import pytest

from cardtable.paths import saves_dir
from cardtable.session import SeatConfig, Table
from games.core import IllegalActionError, Record

SEATS = [SeatConfig("human", "Ana"), SeatConfig("bot", "Bo", "heuristic"), SeatConfig("bot", "Cy", "random")]


def test_bots_play_until_the_human_is_to_act_and_the_table_autosaves(tmp_path):
    path = tmp_path / "save.json"
    table = Table.new("tricks_n_trumps", SEATS, seed=3, save_path=path)
    table.run_bots()
    assert table.state.to_act == 0
    table.submit(0, table.view(0).legal[0])
    assert Record.load(path).actions == tuple(a.text for a in table.state.history)


def test_a_seat_cannot_act_out_of_turn():
    table = Table.new("tricks_n_trumps", SEATS, seed=3)
    table.run_bots()
    with pytest.raises(IllegalActionError, match="it is Ana's turn, not yours"):
        table.submit(1, "AS")


def test_resume_continues_exactly_where_it_stopped(tmp_path):
    path = tmp_path / "save.json"
    table = Table.new("tricks_n_trumps", SEATS, seed=8, save_path=path)
    table.run_bots()
    table.submit(0, table.view(0).legal[-1])
    table.run_bots()
    again = Table.from_record(Record.load(path), save_path=path)
    assert again.state.snapshot() == table.state.snapshot()
    assert again.names == ("Ana", "Bo", "Cy")
    assert [s.kind for s in again.seats] == ["human", "bot", "bot"]
    # the bots make the same choices after a resume
    table.submit(0, table.view(0).legal[0])
    again.submit(0, again.view(0).legal[0])
    table.run_bots()
    again.run_bots()
    assert again.state.snapshot() == table.state.snapshot()


def test_undo_takes_back_your_move_and_the_bot_moves_after_it():
    """Undo is not limited to the bot delay: the bots' cards played after yours go back too."""
    table = Table.new("tricks_n_trumps", SEATS, seed=3)
    table.run_bots()
    before = table.state.snapshot()
    table.submit(0, table.view(0).legal[0])
    table.run_bots()  # the bots have played on
    assert table.can_undo(0)
    table.undo(0)
    assert table.state.snapshot() == before


def test_no_undo_once_something_new_is_shown_to_you():
    """A new deal (new cards in your hand) after your move: too late to take it back."""
    table = Table.new("tricks_n_trumps", SEATS, seed=3)
    table.run_bots()
    for _ in range(200):
        hand = table.view(0).hand_number
        table.submit(0, table.view(0).legal[0])
        table.run_bots()
        if table.view(0).hand_number != hand:
            break
    assert not table.can_undo(0)
    with pytest.raises(IllegalActionError, match="take back"):
        table.undo(0)


def test_no_undo_with_two_humans():
    seats = [SeatConfig("human", "Ana"), SeatConfig("human", "Bea"), SeatConfig("bot", "Cy")]
    table = Table.new("tricks_n_trumps", seats, seed=4)
    table.run_bots()
    seat = table.state.to_act
    table.submit(seat, table.view(seat).legal[0])
    assert not table.can_undo(seat)


def test_saves_dir_follows_cardtable_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    assert saves_dir() == tmp_path / "saves"
