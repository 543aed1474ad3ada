"""``cardtable ask``: each level's move at one point of a recorded match (issue 34: reviewers ask
every level for its move in positions where good players agree)."""

from __future__ import annotations

import json
import re

import pytest

from games.core import Record, SeatView
from tests.test_cli import run  # cardtable in-process: (exit status, stdout, stderr)


@pytest.fixture
def record(capsys, tmp_path):
    code, _, _ = run(
        capsys, "simulate", "tricks_n_trumps", "-n", "1", "--seed", "7", "--record", str(tmp_path)
    )
    assert code == 0
    return tmp_path / "tricks_n_trumps-7-0.json"


def answers(out: str) -> list[str]:
    """The answer lines without their times: ``level  label``."""
    return [
        re.sub(r"\s+\(\d+\.\d\d s\)$", "", line.strip()) for line in out.splitlines() if line.startswith("  ")
    ]


def test_every_level_answers_with_a_legal_move_from_the_acting_seat(capsys, record):
    code, out, err = run(capsys, "ask", str(record), "--at", "10")
    assert code == 0, err
    state = Record.load(record).replay(10)
    legal = {state.label(a) for a in state.legal_actions()}
    lines = answers(out)
    assert [line.split()[0] for line in lines] == ["random", "easy", "normal", "hard", "expert"]
    assert all(line.split(maxsplit=1)[1] in legal for line in lines)
    assert "after 10 actions" in out and "to act" in out


def test_the_same_seed_gives_the_same_answers(capsys, record):
    first = answers(run(capsys, "ask", str(record), "--at", "4", "--levels", "random,hard", "--seed", "3")[1])
    again = answers(run(capsys, "ask", str(record), "--at", "4", "--levels", "random,hard", "--seed", "3")[1])
    assert first == again and len(first) == 2


def test_json_names_the_seat_the_legal_moves_and_each_answer(capsys, record):
    code, out, _ = run(capsys, "ask", str(record), "--at", "10", "--levels", "normal,hard", "--json")
    assert code == 0
    data = json.loads(out)
    state = Record.load(record).replay(10)
    assert data["seat"] == state.to_act and data["after_actions"] == 10
    assert data["legal"] == [a.text for a in state.legal_actions()]
    assert [a["level"] for a in data["answers"]] == ["normal", "hard"]
    assert all(a["action"] in data["legal"] for a in data["answers"])


def test_the_bots_get_the_acting_seats_view_only(capsys, record, monkeypatch):
    import games.bots

    seen = []

    class Spy(games.bots.Bot):
        level = "spy"

        def choose(self, view, legal):
            seen.append(view)
            return legal[0]

    monkeypatch.setattr(games.bots, "make_bot", lambda level, game, seed=None: Spy(seed))
    code, _, _ = run(capsys, "ask", str(record), "--at", "10", "--levels", "normal")
    assert code == 0
    state = Record.load(record).replay(10)
    assert len(seen) == 1 and isinstance(seen[0], SeatView)
    assert seen[0].my_seat == state.to_act and seen[0] == state.view(state.to_act)


@pytest.mark.parametrize(
    "extra, message",
    [
        ((), "no decision to ask about: the match ends"),
        (("--at", "100000"), "no decision to ask about: the match ends"),
        (("--at", "3", "--levels", "wizard"), "unknown bot level 'wizard'"),
        (("--at", "3", "--levels", ","), "name at least one level"),
    ],
)
def test_a_question_without_an_answer_is_one_clear_line(capsys, record, extra, message):
    code, out, err = run(capsys, "ask", str(record), *extra)
    assert code == 2 and message in err and "Traceback" not in err + out


def test_a_missing_or_damaged_record_is_one_clear_line(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "tricks_n_trumps", "actions": [1, 2')
    for path in (str(tmp_path / "none.json"), str(bad)):
        code, out, err = run(capsys, "ask", path)
        assert code == 2 and err.startswith("cardtable: error:") and "Traceback" not in err + out
