"""The table's flow without a terminal (cardtable/tui/flow.py): hand-offs, summaries, the trick
left on the table, picked cards, and messages that live exactly as long as their decision."""

from __future__ import annotations

from cardtable.seat_handle import AwaySeat
from cardtable.session import SeatConfig, Table
from cardtable.tui.flow import BotsPlaying, HandOff, MessageBoard, Show, TableFlow, moment, waiting_for

from .helpers import table_for


def _hot_seat() -> tuple[Table, TableFlow]:
    table = table_for(11, "human", "human", "bot")
    handles = [table.handle(s) for s in table.human_seats()]
    return table, TableFlow(handles, handles[0].view())


# -- messages ---------------------------------------------------------------------------------


def test_a_message_lives_as_long_as_its_moment():
    board = MessageBoard()
    board.say("Q♠ — the highest spade", "decision 1", title="Hint")
    assert board.shown("decision 1", now=0).text == "Q♠ — the highest spade"
    assert board.shown("decision 2", now=0) is None  # the decision was made: gone
    assert board.shown("decision 1", now=0) is None  # and gone for good


def test_saying_again_replaces_the_message_never_stacks():
    board = MessageBoard()
    for i in range(16):
        board.say(f"Bots play every {i / 10:.1f} s", "m")
    assert board.shown("m", now=0).text == "Bots play every 1.5 s"


def test_a_timed_message_goes_at_its_time_and_a_table_note_outlives_moves():
    board = MessageBoard()
    board.say("Bots play every 0.4 s", "m", until=3.0)
    assert board.shown("m", now=2.9) is not None and board.shown("m", now=3.0) is None
    board.say("Ben's bot failed", None, until=8.0)  # about the table, not a decision
    assert board.shown("another move", now=5.0) is not None
    assert board.shown("another move", now=8.0) is None


def test_the_moment_changes_with_every_move_and_only_then():
    table = table_for(7, "human", "bot", "bot")
    before = moment(table.view(0))
    assert moment(table.view(0)) == before  # the same position read again
    table.run_bots()
    seat = table.state.to_act
    table.submit(seat, table.state.legal_actions()[0])
    assert moment(table.view(0)) != before


# -- hand-offs and summaries ---------------------------------------------------------------------


def test_hot_seat_hands_off_and_forgets_what_was_said():
    table, flow = _hot_seat()
    table.run_bots()
    flow.messages.say("you must follow hearts (you hold 9H)", "old moment")
    step = flow.step(table.view(table.state.to_act))
    assert isinstance(step, HandOff) and step.handle.seat == table.state.to_act
    assert flow.active is None and flow.messages.note is None
    assert isinstance(flow.step(table.view(0)), HandOff)  # still due until confirmed
    flow.hand_to(step.handle)
    assert isinstance(flow.step(step.handle.view()), Show)


def test_bots_first_in_hot_seat_shows_no_hand():
    table = Table.new(
        "tricks_n_trumps", [SeatConfig("bot", "B"), SeatConfig("human", "A"), SeatConfig("human", "C")]
    )
    handles = [table.handle(s) for s in table.human_seats()]
    flow = TableFlow(handles, handles[0].view())
    if table.state.to_act in table.bots:
        assert isinstance(flow.step(handles[0].view()), BotsPlaying)


def test_a_new_hand_makes_its_summary_due_once_after_the_final_trick():
    table = table_for(7, "human", "bot", "bot")
    handle = table.handle(0)
    flow = TableFlow([handle], handle.view())
    while table.view(0).hand_number == 1:
        seat = table.state.to_act
        table.submit(seat, table.state.legal_actions()[0])
    view = handle.view()
    step = flow.step(view)
    assert isinstance(step, Show) and step.summary
    assert flow.final_trick_up(view)  # the hand's last trick is still on the table
    due = flow.take_summary(view)
    assert due is not None and due.event.kind == "hand" and due.last_trick.kind == "trick"
    assert not flow.final_trick_up(view)  # seen with the summary: the new hand starts clear
    assert flow.take_summary(view) is None
    assert not flow.step(handle.view()).summary


def test_a_key_takes_the_finished_trick_off_the_table():
    table = table_for(7, "human", "bot", "bot")
    handle = table.handle(0)
    flow = TableFlow([handle], handle.view())
    while not (table.view(0).last_trick and not table.view(0).trick):
        table.submit(table.state.to_act, table.state.legal_actions()[0])
    view = handle.view()
    plays, winner = flow.trick_shown(view)
    assert plays == view.last_trick.plays and winner == view.last_trick.winner
    assert flow.dismiss_trick(view) and flow.trick_shown(view) == ((), None)
    assert not flow.dismiss_trick(view)


# -- the player's choices -------------------------------------------------------------------------


def test_a_card_with_several_ways_becomes_buttons():
    table = Table.new(
        "simple_strange", [SeatConfig("human", "A"), SeatConfig("bot", "B"), SeatConfig("bot", "C")], None, 1
    )
    table.run_bots()
    handle = table.handle(0)
    flow = TableFlow([handle], handle.view())
    view = handle.view()
    card = next(
        (a.card for a in view.legal if a.card is not None and sum(b.card is a.card for b in view.legal) > 1),
        None,
    )
    if card is None:  # this deal's lead needs no choice: the plain pick
        action = view.legal[0]
        assert flow.pick(view, action.card) == action.text
        return
    assert flow.pick(view, card) is None
    ways = [a for a in flow.buttons(view) if a.card is card]
    assert len(ways) > 1


def test_why_a_player_cannot_act():
    table = table_for(3, "human", "bot", "bot")
    table.run_bots()
    table.submit(0, table.state.legal_actions()[0])
    handle = table.handle(0)
    flow = TableFlow([handle], handle.view())
    assert (
        flow.why_not_act(handle.view(), table.names)
        == f"Wait: it is {table.names[table.state.to_act]}'s turn"
    )
    table.run_bots()
    assert flow.why_not_act(handle.view(), table.names) is None


def test_waiting_for_says_why_a_seat_does_not_play():
    names = ("Ann", "Ben", "Cy")
    assert waiting_for(1, names, [], ()) == "waiting for Ben…"
    assert waiting_for(1, names, [], (1,)) == "Ben is thinking…"
    held = AwaySeat(1, "Ben", 272.0, False)
    assert waiting_for(1, names, [held], ()) == "Ben is away (held 4:32)"
    assert waiting_for(2, names, [AwaySeat(2, "Cy", None, True)], ()) == "a bot plays for Cy"
