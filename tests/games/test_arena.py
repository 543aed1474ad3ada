"""games.arena and `cardtable tournament` (issue 13): seat rotation, seeding, summaries."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from cardtable.cli import app
from cardtable.session import SeatConfig, Table
from games import arena


@pytest.mark.parametrize(
    "levels,seats",
    [
        (("random", "normal", "hard"), 3),
        (("random", "normal"), 3),
        (("random", "normal", "hard"), 2),
        (("random", "normal", "hard"), 4),
        (("a", "b", "c", "d", "e"), 5),
    ],
)
def test_every_level_sits_in_every_seat_equally_often(levels, seats):
    cycle = arena.schedule(levels, seats)
    for seat in range(seats):
        counts = Counter(s[seat] for s in cycle)
        assert set(counts) == set(levels) and len(set(counts.values())) == 1, (seat, counts)
    assert len(set(cycle)) == len(cycle), "no seating twice in a cycle"


@pytest.mark.parametrize(
    "levels,seats,count",
    [
        (("hard", "normal", "normal"), 3, 3),
        (("hard",) + ("normal",) * 3, 4, 4),
        (("hard",) + ("normal",) * 4, 5, 5),
        (("hard", "normal"), 2, 2),
    ],
)
def test_one_bot_against_the_field_sits_once_in_every_seat(levels, seats, count):
    cycle = arena.schedule(levels, seats)
    assert len(cycle) == count and len(set(cycle)) == count
    assert sorted(s.index("hard") for s in cycle) == list(range(seats))
    assert all(s.count("hard") == 1 for s in cycle)


@pytest.mark.parametrize("game", ["pepper", "bacon", "sedma"])
def test_partners_play_one_level_in_a_partnership_game(game):
    """hard,normal,hard,normal at four seats: both partners hard against two normal, never two
    hard bots seated as opponents nor a hard bot beside a normal partner (issue 34)."""
    teams = arena.partnerships(game, 4, {})
    assert sorted(teams) == [(0, 2), (1, 3)]
    seatings = {t[3] for t in arena.tasks(game, ["hard", "normal", "hard", "normal"], 2, seats=4)}
    assert seatings == {("hard", "normal", "hard", "normal"), ("normal", "hard", "normal", "hard")}
    for seating in seatings:
        for team in teams:
            assert len({seating[s] for s in team}) == 1, seating


def test_games_without_partners_keep_every_seating():
    assert arena.partnerships("tricks_n_trumps", 3, {}) == ()
    levels = ["hard", "normal", "normal"]
    assert {t[3] for t in arena.tasks("tricks_n_trumps", levels, 1)} == set(arena.schedule(levels, 3))


def test_a_match_reproduces_and_follows_the_tables_seeding_rule():
    first = arena.play_match("tricks_n_trumps", ["normal", "random", "easy"], 17)
    again = arena.play_match("tricks_n_trumps", ["normal", "random", "easy"], 17)
    assert [a.text for a in first.history] == [a.text for a in again.history]
    seats = [SeatConfig("bot", f"B{i}", lv) for i, lv in enumerate(["normal", "random", "easy"])]
    table = Table(get_state("tricks_n_trumps", 3, 17), seats)
    table.record_matches = False
    table.run_bots()
    assert [a.text for a in table.state.history] == [a.text for a in first.history]


def get_state(game, seats, seed):
    from games import get_rules

    return get_rules(game).new_game(seats, None, seed)


def test_a_small_tournament_counts_every_seat_and_shares_split_wins():
    results = arena.tournament("tricks_n_trumps", ["random", "normal"], cycles=3, seed=5)
    assert len(results) == 3 * len(arena.schedule(["random", "normal"], 3))
    assert [r.cycle for r in results] == sorted(r.cycle for r in results)
    summary = arena.summarise(results, ["random", "normal"])
    by = {st.level: st for st in summary["levels"]}
    assert by["random"].matches + by["normal"].matches == 3 * len(results)
    assert sum(st.wins for st in by.values()) == pytest.approx(len(results))
    for st in by.values():
        lo, hi = st.win_ci
        assert lo <= st.win_share <= hi and st.score_ci[0] <= st.mean_score <= st.score_ci[1]
    assert summary["fair_share"] == pytest.approx(1 / 3) and summary["cycles"] == 3


def test_parallel_play_gives_the_same_results_as_one_process():
    one = arena.tournament("rams", ["random", "normal"], cycles=2, seed=1)
    two = arena.tournament("rams", ["random", "normal"], cycles=2, seed=1, workers=2)
    assert one == two


def test_confidence_intervals_over_cycles():
    mean, (lo, hi) = arena._mean_ci([0.0, 1.0, 0.0, 1.0])
    assert mean == 0.5 and lo == pytest.approx(0.5 - 1.959964 * (1 / 3) ** 0.5 / 2) and hi > mean
    assert arena._mean_ci([0.25]) == (0.25, (0.25, 0.25))


def test_the_tournament_command_prints_json_and_a_table():
    runner = CliRunner()
    out = runner.invoke(
        app, ["tournament", "tricks_n_trumps", "--levels", "random,heuristic", "-n", "2", "-j", "1", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert [lv["level"] for lv in data["levels"]] == ["random", "normal"]
    assert (
        data["cycles"] == 2
        and data["seats"] == 3
        and set(data["levels"][0]) >= {"win_share", "win_ci", "mean_score"}
    )
    text = runner.invoke(
        app, ["tournament", "tricks_n_trumps", "--levels", "random,normal", "-n", "1", "-j", "1"]
    )
    assert text.exit_code == 0 and "fair share 33.3%" in text.stdout and "normal" in text.stdout


@pytest.mark.parametrize(
    "args,words",
    [
        (["--levels", "random"], "at least two"),
        (["--levels", "random,genius"], "unknown bot level"),
        (["--seats", "9"], "players"),
    ],
)
def test_the_tournament_command_refuses_bad_input_in_one_line(args, words):
    out = CliRunner().invoke(app, ["tournament", "tricks_n_trumps", "-n", "1", *args])
    assert out.exit_code == 2 and words in out.output and "Traceback" not in out.output


def test_a_tournament_with_a_results_file_resumes_and_reprints_without_playing_again(tmp_path, monkeypatch):
    path = tmp_path / "tnt.jsonl"
    args = [
        "tournament",
        "tricks_n_trumps",
        "--levels",
        "random,normal",
        "-j",
        "1",
        "--json",
        "--results",
        str(path),
    ]
    first = CliRunner().invoke(app, [*args, "-n", "2"])
    assert first.exit_code == 0, first.output
    assert len(path.read_text().splitlines()) == 2 * 2  # two seatings (cyclic shifts) per cycle
    path.write_text(path.read_text() + '{"game": "tricks_n_trumps", "cyc')  # a run stopped mid-line
    played = []
    real = arena._play
    monkeypatch.setattr(arena, "_play", lambda task: played.append(task) or real(task))
    more = CliRunner().invoke(app, [*args, "-n", "3"])
    assert more.exit_code == 0, more.output
    assert {t[1] for t in played} == {2} and len(played) == 2  # only the third cycle's matches
    whole = CliRunner().invoke(
        app, ["tournament", "tricks_n_trumps", "--levels", "random,normal", "-j", "1", "--json", "-n", "3"]
    )
    assert json.loads(more.stdout) == json.loads(whole.stdout)  # resumed == played in one go
    again = CliRunner().invoke(app, [*args, "-n", "3"])  # the half line was dropped, not left in the middle
    assert again.exit_code == 0 and json.loads(again.stdout) == json.loads(whole.stdout), again.output
    assert len(path.read_text().splitlines()) == 3 * 2


@pytest.mark.parametrize(
    "text,words",
    [
        ('{"game": "rams", "cycle": 0}\n', "not of 'tricks_n_trumps'"),
        ("[1, 2]\n{}\n", "line 1: not a tournament result"),
        ('{"game": "tricks_n_trumps", "options": {}}\n', "other options"),
    ],
)
def test_a_results_file_of_something_else_is_refused_in_one_line(tmp_path, text, words):
    path = tmp_path / "r.jsonl"
    path.write_text(text)
    out = CliRunner().invoke(app, ["tournament", "tricks_n_trumps", "-n", "1", "--results", str(path)])
    assert out.exit_code == 2 and words in out.output and "Traceback" not in out.output, out.output


def test_the_strength_table_tool_prints_one_row_per_results_file(tmp_path, capsys, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("strength_table", "tools/strength_table.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    path = tmp_path / "rams.jsonl"
    args = [
        "tournament",
        "rams",
        "--levels",
        "random,normal,hard",
        "-j",
        "1",
        "--json",
        "--results",
        str(path),
        "-o",
        "hands=1",
        "-n",
        "1",
    ]
    from games.bots import Levels, TreeSearch
    from games.rams.bot import RamsBot

    monkeypatch.setattr(  # the tool is under test, not the bots
        "games.rams.bot.BOT_LEVELS", Levels(RamsBot, TreeSearch(hard=5, expert=10))
    )
    assert CliRunner().invoke(app, args).exit_code == 0
    with path.open("a") as f:
        f.write('{"game": "rams", "cycle": 1')  # a cycle cut short is left out
    assert tool.main([str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("| game |") and len(rows) == 3
    assert (
        rows[2].startswith("| Rams | hands=1 | 1 | 3 | 25% | random ") and rows[2].count("%") == 4
    )  # 3 seatings


def test_the_strength_table_tool_prints_the_ladder_from_a_folder_of_step_files(tmp_path, capsys):
    """Issue 34: the README's ladder (a row a game, a column a step) comes from one file a step,
    GAME-HIGHER-LOWER.jsonl; a step without a file says so, and a level that held two seats of
    each seating says it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("strength_table", "tools/strength_table.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)

    def play(game: str, levels: str, *more: str) -> None:
        results = tmp_path / f"{game}-{levels.split(',')[0]}-{levels.split(',')[1]}.jsonl"
        args = ["tournament", game, "--levels", levels, "-j", "1", "--json", "--results", str(results)]
        assert CliRunner().invoke(app, [*args, *more]).exit_code == 0

    play("agram", "easy,random,random", "-n", "5")
    play("pepper", "normal,easy,normal,easy", "-n", "1", "-o", "target=5")
    assert tool.main(["--ladder", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {cells[0]: cells[1:] for cells in (line.strip("| ").split(" | ") for line in lines)}
    assert rows["game"] == ["fair", "random < easy", "easy < normal", "normal < hard", "hard < expert"]
    assert len(rows) == 2 + 14  # the header, its rule and a row a game
    agram = rows["Agram"]
    assert agram[0] == "33%" and agram[1].endswith("), 5") and "seats" not in agram[1]
    assert agram[2:] == ["no results"] * 3
    pepper = rows["Pepper"]
    assert pepper[2].startswith("2 seats: target=5: ") and pepper[2].endswith("), 1")
    assert pepper[1] == pepper[3] == pepper[4] == "no results"
    assert tool.main(["--decided", str(tmp_path / "agram-easy-random.jsonl")]) == 0
    assert capsys.readouterr().out.strip().endswith(" of 5 cycles won by the same seats in every seating")
    Match = arena.MatchResult
    results = [  # cycle 0: seat 1 won both seatings (the deal decided); cycle 1: the expert won both
        Match(0, 1, ("expert", "hard"), (0.0, 1.0), (1,), 9),
        Match(0, 1, ("hard", "expert"), (0.0, 1.0), (1,), 9),
        Match(1, 2, ("expert", "hard"), (1.0, 0.0), (0,), 9),
        Match(1, 2, ("hard", "expert"), (0.0, 1.0), (1,), 9),
    ]
    assert tool.decided(results) == 1


def test_a_match_past_its_declared_bound_is_an_error_naming_its_seed(monkeypatch):
    """Issue 29: games.arena stops a match at its game's declared bound with an error naming
    the seed (it used to run on for two million actions)."""
    from games.agram import RULES
    from games.core import CardtableError

    assert arena.play_match("agram", ["random"] * 3, 9).is_over
    monkeypatch.setattr(type(RULES), "max_game_length", lambda self, seats, options: 4)
    with pytest.raises(CardtableError, match="an? agram match with seed 9 .* did not end within 4 actions"):
        arena.play_match("agram", ["random"] * 3, 9)
