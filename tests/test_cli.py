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
    for name in (
        "rounds",
        "ending",
        "ahead_by",
        "hand_size",
        "lowest_rank",
        "turn_up_trump",
        "points_per_trick",
    ):
        assert name in out
    assert "rounds, ahead" in out  # allowed values of ending
    assert "a whole number 1..20" in out  # allowed values of rounds


def test_simulate_table_counts_every_match(capsys):
    code, out, _ = run(
        capsys,
        "simulate",
        "tricks_n_trumps",
        "--games",
        "12",
        "--seed",
        "5",
        "--seats",
        "heuristic,random,random",
    )
    assert code == 0
    assert "12 matches, seeds 5..16" in out
    for col in ("wins", "shared wins", "win %", "mean score"):
        assert col in out
    assert "45.0 actions, 3.00 hands per match" in out  # 3 deals of 5 tricks, 3 cards each
    assert re.search(r"^timing: 12 matches in [\d.]+ s, [\d.]+ matches/s$", out, re.M)


def test_simulate_json_is_consistent(capsys):
    code, out, _ = run(
        capsys,
        "simulate",
        "tricks_n_trumps",
        "-n",
        "10",
        "--seats",
        "random,random",
        "-o",
        "hand_size=7",
        "--json",
    )
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


def test_simulate_default_seats_are_all_normal(capsys):
    _, out, _ = run(capsys, "simulate", "tricks_n_trumps", "-n", "2", "--json")
    assert [s["bot"] for s in json.loads(out)["seats"]] == ["normal"] * 3


def test_simulate_is_deterministic_apart_from_timing(capsys):
    args = (
        "simulate",
        "tricks_n_trumps",
        "-n",
        "15",
        "--seed",
        "42",
        "--seats",
        "heuristic,random,random,random",
    )
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
    code, _, _ = run(
        capsys, "simulate", "tricks_n_trumps", "-n", "2", "--seed", "7", "--record", str(tmp_path)
    )
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
    assert "Hand 3 scored" in out and " tricks × " in out  # the hand's score lines
    assert "** " in out and ("wins with" in out or "share the win" in out)


def test_replay_upto_stops_early(capsys, tmp_path):
    run(capsys, "simulate", "tricks_n_trumps", "-n", "1", "--record", str(tmp_path))
    path = str(tmp_path / "tricks_n_trumps-0-0.json")
    code, out, _ = run(capsys, "replay", path, "--upto", "7")
    assert code == 0
    assert "trick 2:" in out and "trick 3:" not in out
    assert "in progress:" in out  # the 7th card opens trick 3
    assert "(stopped after 7 of 45 actions)" in out and "Current scores:" in out


@pytest.mark.parametrize(
    "argv, message",
    [
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
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and message in err, err
    assert "Traceback" not in out + err


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda t: t.replace('"seed": 0', '"seed": 1'), "has been altered or damaged"),
        (lambda t: t[: len(t) // 2], "is not a readable record"),
        (lambda t: "[1, 2]", "is not a cardtable record"),
    ],
)
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


# ---------------------------------------------------------------- issue 11: names as typed, hostile records


@pytest.mark.parametrize("typed", ["Tricks'N'Trumps", "tricks n trumps", "TRICKS-N-TRUMPS"])
def test_simulate_accepts_game_names_as_people_type_them(capsys, typed):
    code, out, err = run(capsys, "simulate", typed, "-n", "1", "--json")
    assert code == 0 and json.loads(out)["game"] == "tricks_n_trumps", err


@pytest.mark.parametrize("typed", ["Bourré", "BOURRE", "bourre"])
def test_rules_and_simulate_accept_bourre_however_written(capsys, typed):
    code, out, _ = run(capsys, "rules", typed)
    assert code == 0 and "Bourré" in out
    code, out, _ = run(capsys, "simulate", typed, "-n", "1", "--seats", "random,random", "--json")
    assert code == 0 and json.loads(out)["game"] == "bourre"


def test_option_names_in_any_case(capsys):
    code, out, err = run(
        capsys,
        "simulate",
        "tricks_n_trumps",
        "-n",
        "1",
        "-o",
        "Hand_Size=7",
        "-o",
        "POINTS-PER-TRICK=2",
        "--json",
    )
    assert code == 0, err
    options = json.loads(out)["options"]
    assert options["hand_size"] == 7 and options["points_per_trick"] == 2


@pytest.mark.parametrize("seats", ["", " ", ","])
def test_empty_seats_are_an_error_not_the_defaults(capsys, seats):
    code, out, err = run(capsys, "simulate", "tricks_n_trumps", "-n", "1", "--seats", seats)
    assert code == 2 and err.count("\n") == 1 and "--seats" in err and "Traceback" not in out + err


def _resigned(doc: dict) -> str:
    """The record with its digest recomputed, as someone tampering on purpose would."""
    import hashlib

    content = {k: doc[k] for k in ("game", "seats", "options", "seed", "actions", "names", "meta")}
    doc["digest"] = hashlib.sha256(
        json.dumps(content, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    return json.dumps(doc)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda doc: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (
            lambda doc: json.dumps(doc).replace('"seed": 0', '"seed": ' + "1" * 5000),
            "a number in it is too long",
        ),
        (
            lambda doc: _resigned({**doc, "options": {**doc["options"], "last_grids": 5}}),
            "field 'options': option last_grids=5",
        ),
        (lambda doc: _resigned({**doc, "options": None}), "field 'options' must be an object"),
        (lambda doc: _resigned({**doc, "meta": [1, 2]}), "field 'meta' must be an object"),
        (lambda doc: _resigned({**doc, "actions": "pass"}), "field 'actions' must be a list of texts"),
        (lambda doc: _resigned({**doc, "seats": "3"}), "field 'seats' must be a whole number"),
    ],
    ids=[
        "deep-nesting",
        "5000-digits",
        "last_grids-5",
        "options-null",
        "meta-list",
        "actions-text",
        "seats-text",
    ],
)
def test_a_hostile_record_is_one_line_naming_the_file_and_the_field(capsys, tmp_path, make, message):
    """Issue 11: each of these crashed ``cardtable replay`` with a traceback."""
    run(
        capsys,
        "simulate",
        "contract_grid",
        "-n",
        "1",
        "--seats",
        "random,random,random",
        "--record",
        str(tmp_path),
    )
    path = tmp_path / "contract_grid-0-0.json"
    path.write_text(make(json.loads(path.read_text())))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and err.count("\n") == 1, err
    assert str(path) in err and message in err, err
    assert "Traceback" not in out + err


def test_replay_reports_an_unexpected_fault_on_one_line(capsys, tmp_path, monkeypatch):
    """A safety net: should a record that passes every check still trip the replay, the file is
    named on one line (exit 2), never a traceback."""
    run(capsys, "simulate", "tricks_n_trumps", "-n", "1", "--record", str(tmp_path))
    path = tmp_path / "tricks_n_trumps-0-0.json"

    def broken(self, upto=None):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(Record, "replay", broken)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and err.count("\n") == 1 and str(path) in err and "RecursionError" in err
    assert "Traceback" not in out + err


def test_simulate_reports_a_match_past_its_declared_bound_as_an_error_naming_the_seed(capsys, monkeypatch):
    """Issue 29: a match that does not end within its game's declared bound (Rules.max_game_length)
    is an error with its seed (exit 2), not a quiet stop after two million actions."""
    from games.page_one import RULES

    monkeypatch.setattr(type(RULES), "max_game_length", lambda self, seats, options: 5)
    code, out, err = run(
        capsys, "simulate", "page_one", "-n", "3", "--seed", "40", "--seats", "normal,normal"
    )
    assert code == 2 and out == ""
    assert "a page_one match with seed 40 (normal, normal) did not end within 5 actions" in err


def test_simulate_ends_the_endless_page_one_of_issue_29(capsys):
    """`cardtable simulate page_one -n 1 --seed 2500001 --seats normal,normal` never returned."""
    code, out, _ = run(
        capsys, "simulate", "page_one", "-n", "1", "--seed", "2500001", "--seats", "normal,normal"
    )
    assert code == 0 and "1.00 hands per match" in out


def test_replay_cuts_a_long_bad_action_to_a_readable_length(capsys, tmp_path):
    """Issue 29: `cardtable replay` echoed a 100,000-character bad action in full (twice)."""
    path = tmp_path / "long.json"
    Record("agram", 3, {}, 1, ("x" * 100_000,)).save(path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and len(err) < 400, len(err)
    assert "record action 1 ('xxxxxxxx" in err and "… (100,000 characters)" in err


def test_any_message_the_cli_prints_is_cut_to_a_readable_length(capsys):
    code, _, err = run(capsys, "rules", "y" * 50_000)
    assert code == 2 and len(err) < 400 and "… (50,000 characters)" in err and "choose one of" in err
    import typer

    from cardtable.cli import _die

    with pytest.raises(typer.Exit):
        _die("a message of ours repeating " + "z" * 5000)
    assert len(capsys.readouterr().err) < 700
