"""Property-based tests of the record loader (issue 30, point 7), with Hypothesis: any text, and real
records of every game damaged in one place (with their digest made to match, so that the damage
reaches the field, game and option checks and the replay), load as a Record or fail with one
BadRecordError; a record that loads replays, or fails with BadRecordError; a table resumed from it
is built, or refused with the project's own error.  Nothing is written while loading.

Run sizes (derandomized, see tests/conftest.py): 300 texts, 400 damaged records, 300 records with
changed moves, 200 damaged files.
"""

from __future__ import annotations

import json
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.session import Table
from games.core import BadRecordError, CardtableError, Record

from ..strategies import games_under_way, json_values, mutate


def _records() -> list[dict]:
    """A short real record of every game, as its JSON document."""
    out = []
    for state in games_under_way(11, 10):
        meta = {"seats": [{"kind": "bot", "level": "random"}] * state.num_seats, "bot_seed": 3}
        out.append(json.loads(Record.of(state, [f"S{i}" for i in range(state.num_seats)], meta).to_json()))
    return out


_RECORDS = _records()


def _text(doc: object) -> str:
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # a hostile file may hold numbers of any length
    try:
        return json.dumps(doc)
    finally:
        sys.set_int_max_str_digits(digits)


def _with_digest(doc: object) -> object:
    """The damaged document with its digest recomputed, as a careful forger would."""
    if not isinstance(doc, dict):
        return doc
    try:
        rec = Record(*(doc[k] for k in ("game", "seats", "options", "seed", "actions", "names", "meta")))
        return {**doc, "digest": rec.digest()}
    except (KeyError, TypeError, ValueError, RecursionError):
        return doc


def _load(text: str) -> Record | None:
    try:
        return Record.from_json(text, "the file")
    except BadRecordError as exc:
        assert str(exc)
        return None


@settings(max_examples=300)
@given(st.text(max_size=300) | json_values.map(_text))
def test_any_text_is_a_record_or_a_bad_record_error(text):
    _load(text)


@settings(max_examples=400)
@given(st.sampled_from(range(len(_RECORDS))), st.data(), st.booleans())
def test_a_damaged_record_loads_replays_and_resumes_or_says_why(which, data, forge):
    doc = mutate(_RECORDS[which], data)
    rec = _load(_text(_with_digest(doc) if forge else doc))
    if rec is None:
        return
    try:
        state = rec.replay()
    except BadRecordError as exc:
        assert str(exc)
        return
    assert state.rules.name == rec.game
    try:
        table = Table.from_record(rec)
    except CardtableError as exc:
        assert str(exc)
        return
    assert len(table.seats) == rec.seats


_MOVES = sorted({a for doc in _RECORDS for a in doc["actions"]})


@settings(max_examples=300)
@given(st.sampled_from(range(len(_RECORDS))), st.data())
def test_a_record_with_its_moves_changed_replays_or_says_which_move(which, data):
    """A forger's record whose moves were swapped, dropped or replaced (real moves of any game, or
    made-up words): it replays to a state, or fails naming the move that does not replay."""
    doc = dict(_RECORDS[which])
    moves = list(doc["actions"])
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(moves) - 1))
        how = data.draw(st.sampled_from(["replace", "drop", "swap", "add"]))
        if how == "replace":
            moves[i] = data.draw(st.sampled_from(_MOVES) | st.text(max_size=8))
        elif how == "drop" and len(moves) > 1:
            del moves[i]
        elif how == "swap":
            j = data.draw(st.integers(0, len(moves) - 1))
            moves[i], moves[j] = moves[j], moves[i]
        else:
            moves.insert(i, data.draw(st.sampled_from(_MOVES)))
    rec = _load(_text(_with_digest({**doc, "actions": moves})))
    assert rec is not None  # the moves are text: the loader leaves them to the replay
    try:
        state = rec.replay()
    except BadRecordError as exc:
        assert "does not replay" in str(exc)
        return
    assert len(state.history) == len(moves)


@settings(max_examples=200)
@given(st.sampled_from(range(len(_RECORDS))), st.data())
def test_loading_a_damaged_file_leaves_it_as_it_was(tmp_path_factory, which, data):
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(_text(_with_digest(mutate(_RECORDS[which], data))))
    before = path.read_bytes()
    try:
        Record.load(path)
    except BadRecordError:
        pass
    assert path.read_bytes() == before and [p.name for p in path.parent.iterdir()] == ["game.json"]
