"""The ``cardtable`` command line: list, rules, simulate, replay and one-line errors (exit 2)."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.cli import main
from games.core import Record


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``cardtable argv...`` in-process; returns (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    out, err = capsys.readouterr()
    return exc.value.code, out, err


def without_timing(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("timing:"))


def test_list_shows_every_game_with_players_and_description(capsys):
    code, out, err = run(capsys, "list")
    assert code == 0 and err == ""
    assert "tricks_n_trumps" in out and "Tricks'N'Trumps" in out
    assert "2-6 (default 3)" in out
    assert "hearts always trump" in out


def test_rules_prints_summary_and_options_with_defaults_and_allowed_values(capsys):
    code, out, _ = run(capsys, "rules", "Tricks-N-Trumps")
    assert code == 0
    assert "the joker is the best heart of all" in out
    for name in ("rounds", "ending", "ahead_by", "hand_size", "lowest_rank", "turn_up_trump", "points_per_trick"):
        assert name in out
    assert "rounds, ahead" in out  # allowed values of ending
    assert "a whole number 1..20" in out  # allowed values of rounds


def test_simulate_table_counts_every_match(capsys):
    code, out, _ = run(capsys, "simulate", "tricks_n_trumps", "--games", "12", "--seed", "5",
                       "--seats", "heuristic,random,random")
    assert code == 0
    assert "12 matches, seeds 5..16" in out
    for col in ("wins", "shared wins", "win %", "mean score"):
        assert col in out
    assert "45.0 actions, 3.00 hands per match" in out  # 3 deals of 5 tricks, 3 cards each
    assert re.search(r"^timing: 12 matches in [\d.]+ s, [\d.]+ matches/s$", out, re.M)


def test_simulate_json_is_consistent(capsys):
    code, out, _ = run(capsys, "simulate", "tricks_n_trumps", "-n", "10", "--seats", "random,random",
                       "-o", "hand_size=7", "--json")
    assert code == 0
    stats = json.loads(out)
    assert stats["games"] == 10 and stats["options"]["hand_size"] == 7
    assert [s["bot"] for s in stats["seats"]] == ["random", "random"]
    wins = sum(s["wins"] for s in stats["seats"])
    shared = sum(s["shared_wins"] for s in stats["seats"])
    assert wins - shared // 2 == 10  # each match: one winner, or two seats sharing
    assert sum(s["mean_score"] for s in stats["seats"]) == pytest.approx(7 * 2 * 1)  # 2 deals of 7 tricks
    assert stats["mean_actions"] == 28.0 and stats["mean_hands"] == 2.0
    assert set(stats["timing"]) == {"seconds", "matches_per_second"}


def test_simulate_default_seats_are_all_heuristic(capsys):
    _, out, _ = run(capsys, "simulate", "tricks_n_trumps", "-n", "2", "--json")
    assert [s["bot"] for s in json.loads(out)["seats"]] == ["heuristic"] * 3


def test_simulate_is_deterministic_apart_from_timing(capsys):
    args = ("simulate", "tricks_n_trumps", "-n", "15", "--seed", "42", "--seats", "heuristic,random,random,random")
    first, second = run(capsys, *args)[1], run(capsys, *args)[1]
    assert without_timing(first) == without_timing(second)
    j1 = json.loads(run(capsys, *args, "--json")[1])
    j2 = json.loads(run(capsys, *args, "--json")[1])
    j1.pop("timing"), j2.pop("timing")
    assert j1 == j2
    other = json.loads(run(capsys, *args[:-3], "43", *args[-2:], "--json")[1])
    other.pop("timing")
    assert other != j1


def test_record_then_replay_reproduces_the_match(capsys, tmp_path):
    code, _, _ = run(capsys, "simulate", "tricks_n_trumps", "-n", "2", "--seed", "7", "--record", str(tmp_path))
    assert code == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["tricks_n_trumps-7-0.json", "tricks_n_trumps-7-1.json"]
    rec = Record.load(tmp_path / files[1])
    assert rec.seed == 8
    final = rec.replay().outcome()
    code, out, _ = run(capsys, "replay", str(tmp_path / files[1]))
    assert code == 0
    expected = ", ".join(f"{rec.names[i]} {int(s)}" for i, s in enumerate(final.scores))
    assert f"Final scores: {expected}" in out
    assert out.count("== Hand ") == 3 and out.count("trick 5:") == 3 and "trick 6:" not in out
    assert "Hand 3 scored" in out and "trick(s)" in out  # the hand's score lines
    assert "** " in out and ("wins with" in out or "share the win" in out)


def test_replay_upto_stops_early(capsys, tmp_path):
    run(capsys, "simulate", "tricks_n_trumps", "-n", "1", "--record", str(tmp_path))
    path = str(tmp_path / "tricks_n_trumps-0-0.json")
    code, out, _ = run(capsys, "replay", path, "--upto", "7")
    assert code == 0
    assert "trick 2:" in out and "trick 3:" not in out
    assert "in progress:" in out  # the 7th card opens trick 3
    assert "(stopped after 7 of 45 actions)" in out and "Current scores:" in out


@pytest.mark.parametrize("argv, message", [
    (["rules", "bridge"], "unknown game 'bridge'"),
    (["simulate", "no_such_game"], "unknown game 'no_such_game'"),
    (["simulate", "tricks_n_trumps", "-o", "colour=red"], "unknown option 'colour'"),
    (["simulate", "tricks_n_trumps", "-o", "rounds=0"], "option rounds=0 is out of range"),
    (["simulate", "tricks_n_trumps", "-o", "ending=never"], "option ending=never is not allowed"),
    (["simulate", "tricks_n_trumps", "-o", "rounds"], "must be written name=value"),
    (["simulate", "tricks_n_trumps", "-o", "hand_size=20"], "needs 60 cards"),
    (["simulate", "tricks_n_trumps", "--seats", "random"], "is for 2 to 6 players, not 1"),
    (["simulate", "tricks_n_trumps", "--seats", "random,genius"], "unknown bot level 'genius'"),
    (["simulate", "tricks_n_trumps", "--games", "0"], "--games"),
    (["simulate", "tricks_n_trumps", "--bogus"], "No such option: --bogus"),
    (["replay", "/no/such/record.json"], "no record at /no/such/record.json"),
    (["frobnicate"], "No such command"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and message in err, err
    assert "Traceback" not in out + err


@pytest.mark.parametrize("damage, message", [
    (lambda t: t.replace('"seed": 0', '"seed": 1'), "has been altered or damaged"),
    (lambda t: t[: len(t) // 2], "is not a readable record"),
    (lambda t: "[1, 2]", "is not a cardtable record"),
])
def test_corrupt_or_tampered_record_is_one_line_and_exit_2(capsys, tmp_path, damage, message):
    run(capsys, "simulate", "tricks_n_trumps", "-n", "1", "--record", str(tmp_path))
    path = tmp_path / "tricks_n_trumps-0-0.json"
    path.write_text(damage(path.read_text()))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and err.count("\n") == 1 and message in err, err
    assert "Traceback" not in out + err


def test_record_into_a_file_is_refused(capsys, tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    code, _, err = run(capsys, "simulate", "tricks_n_trumps", "-n", "1", "--record", str(target))
    assert code == 2 and "is not a directory" in err


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "simulate" in out and "replay" in out
