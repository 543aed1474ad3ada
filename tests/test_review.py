"""The review of a match (issue 35): each decision of one seat weighed by the expert from that
seat's view; a planted blunder is marked, a seat played move for move as the judging level's bot
gets no mark; ``cardtable review MATCH|FILE`` prints it (a table or --json), bad input exits 2."""

from __future__ import annotations

import json

import pytest

from cardtable.session import SeatConfig, Table
from games import get_rules
from games.arena import bot_seed, reseed
from games.bots import bot_task, make_bot
from games.bots.advice import evaluation
from games.bots.estimates import paired
from games.bots.explain import cards_named, terms_of, visible_cards
from games.core import Record
from games.review import decision_steps, review, seat_of

from .test_cli import run


def _bot_match(game: str, levels: list[str], seed: int) -> Record:
    seats = [SeatConfig("bot", f"P{i + 1}", level) for i, level in enumerate(levels)]
    table = Table.new(game, seats, seed=seed)
    table.record_matches = False
    table.run_bots()
    return table.record()


@pytest.mark.parametrize(("game", "level"), [("agram", "expert"), ("tricks_n_trumps", "hard")])
def test_a_seat_played_move_for_move_as_the_judge_would_gets_no_mark(game, level):
    n = get_rules(game).default_seats
    record = _bot_match(game, [level] + ["normal"] * (n - 1), seed=4)
    result = review(record, 0, level=level)
    assert result.total == len(result.decisions) > 0
    assert all(d.agreed for d in result.decisions)
    assert result.marks == []


def _with_blunder(game: str, seed: int, seat: int = 0):
    """A match of hard bots in which ``seat`` once plays a move that the heuristic's playouts
    find clearly worse than the bot's (by three quarters of a trick or more on 200 shared deals), and otherwise
    plays as its bot would: the record and the step of the blunder."""
    n = get_rules(game).default_seats
    state = get_rules(game).new_game(n, None, seed)
    bots = [make_bot("hard", game, bot_seed(seed, s)) for s in range(n)]
    terms = terms_of(game)
    planted = None
    while not state.is_over:
        s, step = state.to_act, len(state.history)
        reseed(bots[s], seed, s, step)
        move = bot_task(bots[s], state, s)()
        if planted is None and s == seat and len(state.legal_actions()) > 2:
            view, worlds = state.view(s), state.sampler(s)
            others = [a for a in state.legal_actions() if a != move]
            est = evaluation(game, view, [move, *others], worlds, seed=step, budget=200 * (1 + len(others)))
            worst = min(others, key=lambda a: est[a.text].average(terms.gain))
            cost, err, _ = paired(est[move.text], est[worst.text], terms.gain)
            if cost >= 0.75 and cost > 4 * err:
                move, planted = worst, step
        state.apply(move)
    assert planted is not None, "no decision had a clearly bad move to plant"
    return Record.of(state, [f"P{i + 1}" for i in range(n)], {"bot_seed": seed}), planted


def test_a_planted_blunder_is_the_one_decision_marked():
    record, step = _with_blunder("tricks_n_trumps", seed=3)
    result = review(record, 0, level="hard")
    assert [d.step for d in result.marks] == [step]
    mark = result.marks[0]
    assert mark.played != mark.best and mark.cost >= 0.5 and mark.deals >= 20
    assert mark.view is not None and mark.view.seat == 0
    assert set(cards_named(mark.why)) <= visible_cards(mark.view)
    assert all(d.agreed for d in result.decisions if d.step != step)


def test_the_review_reads_only_the_seats_view_and_worlds(monkeypatch):
    """The judge is asked through the bot interface with the seat's view, legal actions and
    possible worlds (never a state), the way a table asks its bots."""
    from games.bots.rollout import RolloutBot

    seen = []
    choose = RolloutBot.choose

    def spy(self, view, legal, worlds=None):
        seen.append((view, worlds))
        return choose(self, view, legal, worlds)

    monkeypatch.setattr(RolloutBot, "choose", spy)
    record = _bot_match("agram", ["normal"] * 3, seed=2)
    review(record, 1, level="hard")
    assert seen and all(view.seat == 1 and callable(worlds) for view, worlds in seen)
    assert not any(hasattr(worlds, "legal_actions") for _, worlds in seen)


def test_progress_is_reported_and_a_review_can_stop():
    record = _bot_match("agram", ["normal"] * 3, seed=2)
    calls = []
    result = review(record, 0, level="hard", progress=lambda r: calls.append(len(r.decisions)))
    assert calls == list(range(1, result.total + 1))
    stopped = review(record, 0, level="hard", stop=lambda: True)
    assert stopped.decisions == [] and stopped.total == result.total


def test_the_decisions_are_the_seats_choices_among_several_moves():
    record = _bot_match("tricks_n_trumps", ["normal"] * 3, seed=1)
    state = record.replay(0)
    steps = []
    for i, text in enumerate(record.actions):
        if state.to_act == 2 and len(state.legal_actions()) > 1:
            steps.append(i)
        state.apply(text)
    assert decision_steps(record, 2) == steps


def test_a_seat_is_named_by_number_from_one_or_by_name():
    record = _bot_match("agram", ["normal"] * 3, seed=2)
    assert seat_of(record, "2") == 1 and seat_of(record, "p3") == 2 and seat_of(record, None) == 0
    from games.core import BadOptionError

    with pytest.raises(BadOptionError, match=r"choose one of 1 \(P1\), 2 \(P2\), 3 \(P3\)"):
        seat_of(record, "4")


def test_cli_review_of_a_file_as_json_and_as_text(capsys, tmp_path):
    record = _bot_match("agram", ["normal"] * 3, seed=5)
    path = tmp_path / "match.json"
    record.save(path)
    code, out, err = run(capsys, "review", str(path), "--seat", "2", "--level", "hard", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "agram" and data["seat"] == 2 and data["level"] == "hard"
    assert len(data["decisions"]) == len(decision_steps(record, 1))
    assert data["marked"] == sum(d["marked"] for d in data["decisions"])
    code, out, _ = run(capsys, "review", str(path), "--seat", "P2", "--level", "hard", "--all")
    assert code == 0 and "P2's decisions in agram, judged by the hard bot" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert len(rows) >= len(data["decisions"])  # --all: a row for every decision
    for d in data["decisions"]:
        assert any(f" {d['step'] + 1} │" in row and d["played_label"] in row for row in rows)


def test_cli_review_of_a_stored_match(capsys):
    from cardtable.store import MatchStore, seats_of

    record = _bot_match("agram", ["normal"] * 3, seed=6)
    state = record.replay()
    match = MatchStore().open().add(record, seats_of(record), state.outcome(), source="local")
    code, out, err = run(capsys, "review", str(match), "--level", "hard")
    assert code == 0, err
    assert "P1's decisions in agram" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["/nonexistent/match.json"], "no record at"),
        (["424242"], "there is no match 424242"),
        (["{file}", "--seat", "9"], "there is no seat '9' in this match"),
        (["{file}", "--level", "grandmaster"], "unknown bot level 'grandmaster'"),
        (["{bad}"], "record"),
    ],
)
def test_cli_review_bad_input_is_one_line_and_exit_2(capsys, tmp_path, args, message):
    good, bad = tmp_path / "match.json", tmp_path / "bad.json"
    _bot_match("agram", ["normal"] * 3, seed=5).save(good)
    bad.write_text('{"game": "agram", "actions": 7}')
    argv = [a.format(file=good, bad=bad) for a in args]
    code, out, err = run(capsys, "review", *argv)
    assert code == 2 and out == ""
    assert err.startswith("cardtable: error: ") and message in err and err.count("\n") == 1


def test_a_review_is_the_same_for_the_same_record():
    record = _bot_match("agram", ["normal"] * 3, seed=7)
    a = review(record, 0, level="hard")
    b = review(record, 0, level="hard")
    assert [d.as_dict() for d in a.decisions] == [d.as_dict() for d in b.decisions]
