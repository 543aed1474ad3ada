"""The match store: recording, migrations, damage, a kill during a write, statistics, the CLI."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from cardtable.cli import app
from cardtable.session import SeatConfig, Table
from cardtable.stats import player_stats, sparkline
from cardtable.store import MIGRATIONS, SCHEMA_VERSION, MatchStore, record_finished, seats_of

SEATS = [SeatConfig("human", "Ana"), SeatConfig("bot", "Ben", "heuristic"), SeatConfig("bot", "Cy", "random")]


def finish(seed: int, store: bool = True) -> Table:
    table = Table.new("tricks_n_trumps", SEATS, {"rounds": 1}, seed)
    table.record_matches = store
    while not table.state.is_over:
        seat = table.state.to_act
        table.submit(*(table.bot_choose() if seat in table.bots else (seat, table.state.legal_actions()[0])))
    return table


def test_a_finished_match_is_recorded_once_with_its_seats_and_result():
    table = finish(1)
    rows = MatchStore().open().matches()
    assert len(rows) == 1
    m = rows[0]
    out = table.state.outcome()
    assert m.game == "tricks_n_trumps" and m.scores == out.scores and m.winners == out.winners
    assert [(s.name, s.kind, s.level) for s in m.seats] == [
        ("Ana", "human", ""),
        ("Ben", "bot", "heuristic"),
        ("Cy", "bot", "random"),
    ]
    assert m.record().replay().snapshot() == table.state.snapshot()  # the full record, replayable
    assert m.duration is not None and m.duration >= 0
    assert record_finished(table.record(), out) == ""  # the same match again: stored once
    assert len(MatchStore().open().matches()) == 1


def test_statistics_match_known_results():
    tables = [finish(seed) for seed in (1, 2, 3, 4)]
    wins = sum(0 in t.state.outcome().winners for t in tables)
    scores = [t.state.outcome().scores[0] for t in tables]
    st = player_stats(MatchStore().open().matches(), "ana")["tricks_n_trumps"]
    assert (st.played, st.won) == (4, wins)
    assert st.best == max(scores) and st.average == pytest.approx(sum(scores) / 4)
    assert st.by_level == {"normal": [4, wins], "random": [4, wins]}  # heuristic: the old name of normal
    assert st.form() == "".join("W" if 0 in t.state.outcome().winners else "L" for t in tables)
    assert sparkline([1, 2, 3]) == "▁▅█" and sparkline([2, 2]) == "▄▄"


def old_store(path, version: int, rec) -> None:
    """A database at schema ``version`` holding ``rec`` as a row of that time."""
    con = sqlite3.connect(path)
    for v in range(1, version + 1):
        for statement in MIGRATIONS[v]:
            con.execute(statement)
    con.execute(
        "INSERT INTO matches (game, finished_at, seats, scores, winners, reason, record, digest)"
        " VALUES (?,?,?,?,?,?,?,?)",
        (
            rec.game,
            1.0,
            json.dumps([s.__dict__ for s in seats_of(rec)]),
            "[1, 2, 3]",
            "[2]",
            "done",
            rec.to_json(),
            rec.digest(),
        ),
    )
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()


def test_an_older_schema_is_migrated_and_keeps_its_matches(tmp_path):
    path = tmp_path / "old.db"
    rec = finish(5, store=False).record()
    old_store(path, 1, rec)
    store = MatchStore(path).open()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    con.close()
    (m,) = store.matches()
    assert m.winners == (2,) and m.options == {} and m.record().digest() == rec.digest()


def test_a_corrupt_database_is_reported_and_moved_aside(tmp_path):
    path = tmp_path / "cardtable.db"
    path.write_bytes(b"this is not a database" * 100)
    store = MatchStore(path).open()
    assert "moved to" in store.problem
    assert any(p.name.startswith("cardtable.db.corrupt-") for p in tmp_path.iterdir())
    table = finish(6, store=False)
    assert store.add(table.record(), seats_of(table.record()), table.state.outcome()) is not None


def test_a_locked_database_never_blocks_play(tmp_path, monkeypatch):
    """Another process holds a write lock: the match ends normally and the problem is noted."""
    monkeypatch.setattr("cardtable.store.BUSY_TIMEOUT_MS", 100)
    path = MatchStore().path
    MatchStore().open()
    holder = sqlite3.connect(path, timeout=0.1)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        table = finish(7)
        assert table.state.is_over and time.monotonic() - started < 30
        assert "busy" in table.store_note or "locked" in table.store_note
    finally:
        holder.rollback()
        holder.close()


WRITER = """
import sys, time
from cardtable.store import MatchStore, seats_of
from games.core import Record
store = MatchStore().open()
record = Record.load(sys.argv[1])
state = record.replay()
store.add(record, seats_of(record), state.outcome(), finished_at=0.0)
print("ready", flush=True)  # one write done: the kill falls among the next ones
i = 1
while True:
    store.add(record, seats_of(record), state.outcome(), finished_at=float(i))
    i += 1
"""


def test_a_kill_during_writes_leaves_a_readable_database(tmp_path):
    """A process killed with SIGKILL while it writes as fast as it can: the database still opens,
    passes SQLite's integrity check and lists the matches written before the kill."""
    rec_path = tmp_path / "m.json"
    finish(8, store=False).record().save(rec_path)
    for n in range(3):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(rec_path)],
            stdout=subprocess.PIPE,
            env={**os.environ},
            text=True,
        )
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.05 + 0.07 * n)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc.stdout.close()
        con = sqlite3.connect(MatchStore().path)
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        con.close()
        assert len(MatchStore().open().matches()) == 1  # the same record: one row however often written


def test_finished_saves_are_imported_once(tmp_path):
    from cardtable.paths import saves_dir

    saves_dir().mkdir(parents=True)
    table = finish(9, store=False)
    table.save_path = saves_dir() / "old.json"
    table.save()
    (saves_dir() / "broken.json").write_text("{")
    assert len(MatchStore().open().matches()) == 1
    MatchStore().open()
    assert len(MatchStore().open().matches()) == 1


def test_cli_stats_history_export_import(tmp_path):
    finish(10)
    runner = CliRunner()
    out = runner.invoke(app, ["stats", "--player", "Ana", "--json"])
    assert out.exit_code == 0 and json.loads(out.output)["games"]["tricks_n_trumps"]["played"] == 1
    assert "Tricks'N'Trumps" in runner.invoke(app, ["history"]).output  # the title, not the name
    target = tmp_path / "match.json"
    assert runner.invoke(app, ["export", "1", str(target)]).exit_code == 0
    assert "already in the store" in runner.invoke(app, ["import", str(target)]).output
    bad = runner.invoke(app, ["export", "99", str(target)])
    assert bad.exit_code == 2 and "no match 99" in bad.output
    assert runner.invoke(app, ["stats", "no_such_game"]).exit_code == 2


def finish_game(game: str, seed: int, n: int, options=None) -> Table:
    seats = [SeatConfig("human", "Ana")] + [SeatConfig("bot", f"Bot{i}", "normal") for i in range(1, n)]
    table = Table.new(game, seats, options, seed)
    while not table.state.is_over:
        seat = table.state.to_act
        table.submit(*(table.bot_choose() if seat in table.bots else (seat, table.state.legal_actions()[0])))
    return table


def test_bids_made_and_set_are_stored_and_counted_for_games_with_bids():
    """Issue 21: statistics give bids made and set where a game has bids (Trump Suit: every seat
    bids every hand, so made + set is the number of hands)."""
    table = finish_game("trump_suit", 3, 3, {"target": 150})
    tally = table.state.bid_record()
    hands = table.state.hands_played
    assert all(made + lost == hands for made, lost in tally) and hands > 0
    (m,) = MatchStore().open().matches()
    assert m.bids == tally and m.bids_json is not None  # stored, not worked out again
    st = player_stats([m], "Ana")["trump_suit"]
    assert (st.bids_made, st.bids_set) == tally[0] and st.bid_rate == tally[0][0] / hands
    finish(1)  # Tricks'N'Trumps has no bids
    ts = player_stats(MatchStore().open().matches(), "Ana")
    assert ts["tricks_n_trumps"].bids_made is None and ts["tricks_n_trumps"].bid_rate is None
    out = CliRunner().invoke(app, ["stats", "--player", "Ana"], env={"COLUMNS": "160"})
    assert f"{tally[0][0]} of {hands}" in out.output, out.output


def test_rows_stored_before_bids_were_kept_work_them_out_from_the_record(tmp_path):
    path = tmp_path / "v2.db"
    table = finish_game("contract_grid", 2, 3, {"cap": 40})
    old_store(path, 2, table.record())
    (m,) = MatchStore(path).open().matches()
    assert m.bids_json is None and m.bids == table.state.bid_record()
    made, lost = m.bids[0]
    assert made + lost == table.state.hands_played * table.state.num_bids  # every bid square judged


def test_replay_takes_a_match_number_from_the_history():
    table = finish(3)
    out = CliRunner().invoke(app, ["replay", "1"])
    assert out.exit_code == 0 and "Final scores" in out.output, out.output
    scores = table.state.outcome().scores
    assert f"Ana {int(scores[0])}" in out.output
    missing = CliRunner().invoke(app, ["replay", "42"])
    assert missing.exit_code == 2 and "no match 42" in missing.output
