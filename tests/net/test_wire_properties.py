"""Property-based tests of the wire decoder (issue 30, point 7), with Hypothesis: generated bad lines,
structured bad messages and damaged views get a clear ProtocolError (the project's own type) and
nothing else, and a bad message changes nothing at the table.

Run sizes (derandomized, see tests/conftest.py): 500 raw lines, 400 structured messages, 400 damaged
views; about ten seconds together on the 2-core machine.
"""

from __future__ import annotations

import asyncio
import json
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.net import wire
from cardtable.net.server import Connection, Limits, TableServer
from games.core import ProtocolError, SeatView

from ..strategies import games_under_way, json_values, mutate
from .helpers import make_table


@settings(max_examples=500)
@given(st.binary(max_size=300) | st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_any_line_is_a_message_or_a_protocol_error(line):
    try:
        msg = wire.loads(line)
    except ProtocolError as exc:
        assert str(exc)
        return
    assert isinstance(msg, dict) and isinstance(msg["type"], str)
    wire.dumps(msg)  # whatever is accepted can be written back out


def as_sent(msg: object) -> bytes:
    """The JSON line a hostile client could send for ``msg`` (huge numbers and lone surrogates too)."""
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(msg).encode()
    finally:
        sys.set_int_max_str_digits(digits)


class _Writer:
    """Stands in for a connection's stream writer: nothing is sent anywhere."""

    def write(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


_SERVER = TableServer(make_table("remote,remote,bot", seed=5), bot_delay=0, limits=Limits(guess_interval=0))
_TABLE = _SERVER.table
_TABLE.run_bots()
_LEGAL = {a.text for a in _TABLE.state.legal_actions()}

messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "act", "ping", "pong", "view", "bye", "launch", ""])},
    optional={
        "version": json_values,
        "code": json_values,
        "token": json_values,
        "id": json_values,
        "action": json_values | st.sampled_from(sorted(_LEGAL)),
        "seat": json_values,
    },
)


@settings(max_examples=400)
@given(messages, st.sampled_from([None, 0, 1]), st.booleans())
def test_a_bad_message_gets_a_protocol_error_and_changes_nothing(msg, seat, joined):
    """A seated player, a spectator or a stranger at the door sends a generated message: it is
    refused (a ProtocolError, or an error sent back) and the table is as it was.  The seat to act
    sends anything but one of its legal moves, which would rightly be played."""
    to_act = _TABLE.state.to_act
    if (
        seat == to_act
        and msg.get("type") == "act"
        and isinstance(msg.get("action"), str)
        and msg["action"].strip() in _LEGAL
    ):
        msg = {**msg, "action": "not-a-move"}
    line = as_sent(msg)
    sent: list[dict] = []
    conn = Connection(_Writer(), "peer", "127.0.0.9")  # type: ignore[arg-type]
    conn.send = sent.append  # type: ignore[method-assign]
    if joined:
        conn.hello_done, conn.room, conn.seat = True, _SERVER.room, seat
    version, history = _TABLE.version, len(_TABLE.state.history)

    async def handle() -> None:
        await _SERVER._handle(conn, wire.loads(line))

    try:
        asyncio.run(handle())
    except ProtocolError as exc:
        assert str(exc)
    assert _TABLE.version == version and len(_TABLE.state.history) == history
    assert all(m.get("type") != "ok" for m in sent)
    assert not any(slot.conn is conn for slot in _SERVER.slots.values())  # no code here opens a seat


def _views() -> list[dict]:
    """Real encoded views: every game, from a seat and from a spectator, a few moves in."""
    return [wire.encode_view(state.view(s)) for state in games_under_way(7, 12) for s in (0, None)]


_VIEWS = _views()


@settings(max_examples=400)
@given(st.sampled_from(range(len(_VIEWS))), st.data())
def test_a_damaged_view_is_a_seat_view_or_a_protocol_error(which, data):
    damaged = mutate(_VIEWS[which], data)
    try:
        view = wire.decode_view(
            wire.loads(as_sent({"type": "view", "view": damaged}), wire.MAX_SERVER_LINE)["view"]
        )
    except ProtocolError as exc:
        assert str(exc)
        return
    assert isinstance(view, SeatView)
