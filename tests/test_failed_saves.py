"""A write that fails never stalls a table (issue 30, point 2).

The behaviour chosen: a move counts as soon as the rules accept it; when its save fails (too many
open files, a full disk, no permission) the table carries on in memory, says so on every screen
(``save_problem``: a status line in the TUI, the presence message for remote seats), and saves again
after every move (and, when hosted, every couple of seconds) until a save works, which catches the
file up: nothing is lost while the program runs.

Each fault is injected as an ``OSError`` with its errno at every place the host and the TUI write:
the save itself (its temporary file, its flush to disk, its rename), the match store, the
preferences, the host's log, the join codes beside a hosted save, and the ssh host key.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

from cardtable import prefs
from cardtable.net.host import LOG_BURST, _never_fails, log_lines
from cardtable.net.server import codes_path, load_or_make_codes
from cardtable.net.ssh import host_key
from cardtable.paths import saves_dir
from cardtable.session import SeatConfig, Table
from cardtable.store import MatchStore, StoreError, record_finished
from cardtable.tui.screens.table import TableScreen
from games.core import Record

from .tui.helpers import local_app, screen_text, settle

ERRNOS = {
    errno.EMFILE: "too many files are open",
    errno.ENOSPC: "the disk is full",
    errno.EACCES: "no permission",
}


def fault(err: int):
    """A stand-in for an OS call that fails with ``err``."""

    def fail(*args, **kwargs):
        raise OSError(err, os.strerror(err))

    return fail


# the three steps of an atomic save, as games.core.record does them
SAVE_STEPS = {
    "temporary file": ("games.core.record.tempfile.mkstemp", None),
    "flush to disk": ("games.core.record.os.fsync", None),
    "rename": ("games.core.record.os.replace", None),
}


def human_table(path: Path, seed: int = 11) -> Table:
    seats = [SeatConfig("human", "Ann"), SeatConfig("bot", "Bo", "normal"), SeatConfig("bot", "Cy", "normal")]
    table = Table.new("tricks_n_trumps", seats, None, seed, save_path=path)
    table.run_bots()
    return table


@pytest.mark.parametrize("err", sorted(ERRNOS), ids=[errno.errorcode[e] for e in sorted(ERRNOS)])
@pytest.mark.parametrize("step", sorted(SAVE_STEPS))
def test_a_move_whose_save_fails_stands_and_the_table_plays_on(tmp_path, monkeypatch, step, err):
    path = tmp_path / "game.json"
    table = human_table(path)
    saved_before = Record.load(path).actions
    told: list[int] = []
    table.subscribe(lambda: told.append(table.version))
    move = table.view(0).legal[0]

    with monkeypatch.context() as m:
        m.setattr(SAVE_STEPS[step][0], fault(err))
        assert table.submit(0, move) == move  # before: the OSError reached the player ("internal error")
        assert told, "the seats were not told of the move"
        assert ERRNOS[err] in table.save_problem
        assert table.run_bots() > 0  # the bots are woken and play on, each save failing in turn
        assert Record.load(path).actions == saved_before  # the file is behind (and still whole)
        assert not table.retry_save()
    assert not list(tmp_path.glob(".game.json.*"))  # no temporary file left behind

    assert table.retry_save() and table.save_problem == ""  # the fault is gone: the file catches up
    assert Record.load(path).actions == table.record().actions
    assert told[-1] == table.version


def test_a_failed_save_at_the_start_and_at_undo_is_said_not_raised(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    monkeypatch.setattr("games.core.record.os.replace", fault(errno.ENOSPC))
    seats = [SeatConfig("human", "Ann"), SeatConfig("bot", "Bo", "random"), SeatConfig("bot", "Cy", "random")]
    table = Table.new("tricks_n_trumps", seats, None, 5, save_path=path)
    assert table.save_problem == "the disk is full" and not path.exists()
    table.run_bots()
    table.submit(0, table.view(0).legal[0])
    table.run_bots()
    if table.can_undo(0):
        table.undo(0)
    monkeypatch.undo()
    table.submit(0, table.view(0).legal[0])  # the next move saves everything
    assert table.save_problem == "" and Record.load(path).actions == table.record().actions


async def test_the_table_screen_says_not_saved_until_a_save_works(tmp_path, monkeypatch):
    """The TUI's status line (the same line as a lost connection) while the save is behind."""
    path = tmp_path / "game.json"
    table = human_table(path, seed=8)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and "Not saved" not in screen_text(app)
        monkeypatch.setattr("games.core.record.os.replace", fault(errno.ENOSPC))
        await pilot.press("enter")  # plays the highlighted card
        await settle(pilot)
        assert "Not saved: the disk is full" in screen_text(app)
        monkeypatch.undo()
        assert table.retry_save()
        await settle(pilot)
        assert "Not saved" not in screen_text(app)


async def test_quitting_an_unsaved_game_asks_once_more(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    table = human_table(path, seed=8)
    app = local_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        monkeypatch.setattr("games.core.record.os.replace", fault(errno.EACCES))
        await pilot.press("q")
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, TableScreen)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


# ---------------------------------------------------------------- the match store


def finished_record() -> tuple[Record, object]:
    seats = [SeatConfig("bot", f"B{i}", "random") for i in range(3)]
    table = Table.new("tricks_n_trumps", seats, None, 3)
    table.record_matches = False
    table.run_bots()
    return table.record(), table.state.outcome()


STORE_FAULTS = {
    "folder": "cardtable.store.Path.mkdir",
    "database": "cardtable.store.sqlite3.connect",
}


@pytest.mark.parametrize("err", sorted(ERRNOS), ids=[errno.errorcode[e] for e in sorted(ERRNOS)])
@pytest.mark.parametrize("where", sorted(STORE_FAULTS))
def test_the_match_store_reports_a_failed_write_in_plain_words(tmp_path, monkeypatch, where, err):
    record, outcome = finished_record()
    monkeypatch.setattr(STORE_FAULTS[where], fault(err))
    note = record_finished(record, outcome, path=tmp_path / "store" / "cardtable.db")
    assert ERRNOS[err] in note
    with pytest.raises(StoreError, match=ERRNOS[err]):  # the history screen's way in: our error, not OSError
        MatchStore(tmp_path / "store" / "cardtable.db").open()


def test_the_store_opens_when_the_old_saves_cannot_be_marked_imported(tmp_path, monkeypatch):
    record, outcome = finished_record()
    saves_dir().mkdir(parents=True)
    monkeypatch.setattr("cardtable.store.Path.write_text", fault(errno.ENOSPC))
    store = MatchStore(tmp_path / "cardtable.db").open()
    assert "the disk is full" in store.problem
    assert store.add(record, [], outcome) is not None


def test_a_full_disk_while_storing_is_said_not_raised(tmp_path, monkeypatch):
    record, outcome = finished_record()
    store = MatchStore(tmp_path / "cardtable.db").open()
    real = sqlite3.connect

    class Full(sqlite3.Connection):
        def execute(self, sql, *args):
            if sql.startswith("INSERT"):
                raise sqlite3.OperationalError("database or disk is full")
            return super().execute(sql, *args)

    monkeypatch.setattr("cardtable.store.sqlite3.connect", lambda *a, **k: real(*a, factory=Full, **k))
    with pytest.raises(StoreError, match="disk is full"):
        store.add(record, [], outcome)


# ---------------------------------------------------------------- preferences, log, codes, host key


@pytest.mark.parametrize("err", sorted(ERRNOS), ids=[errno.errorcode[e] for e in sorted(ERRNOS)])
def test_preferences_that_cannot_be_written_never_stop_play(monkeypatch, err):
    monkeypatch.setattr("games.core.record.tempfile.mkstemp", fault(err))
    prefs.save(bot_delay=1.5)  # never raises
    assert prefs.load()["bot_delay"] != 1.5


@pytest.mark.parametrize("err", sorted(ERRNOS), ids=[errno.errorcode[e] for e in sorted(ERRNOS)])
def test_the_host_log_never_breaks_the_table_and_never_floods(err):
    written: list[str] = []

    def echo(text: str) -> None:
        written.append(text)
        if len(written) > 3:
            raise OSError(err, os.strerror(err))  # the terminal or the log file has gone bad

    log = log_lines(_never_fails(echo))
    for i in range(LOG_BURST * 10):
        log(f"line {i}")  # never raises
    assert len(written) == LOG_BURST  # the rest are counted, to be said once the log may speak again


@pytest.mark.parametrize("err", sorted(ERRNOS), ids=[errno.errorcode[e] for e in sorted(ERRNOS)])
def test_join_codes_that_cannot_be_kept_are_said_and_the_table_is_served(tmp_path, monkeypatch, err):
    save = tmp_path / "hosted.json"
    monkeypatch.setattr("cardtable.net.server.os.open", fault(err))
    problems: list[str] = []
    codes = load_or_make_codes(save, [0, 1], problems)
    assert sorted(codes) == [0, 1] and not codes_path(save).exists()
    assert len(problems) == 1 and ERRNOS[err] in problems[0]


@pytest.mark.parametrize("err", sorted(ERRNOS), ids=[errno.errorcode[e] for e in sorted(ERRNOS)])
def test_an_ssh_host_key_that_cannot_be_saved_serves_this_run(tmp_path, monkeypatch, err):
    path = tmp_path / "keys" / "host_key"
    with monkeypatch.context() as m:
        m.setattr("cardtable.net.ssh.os.fsync", fault(err))
        problems: list[str] = []
        key = host_key(path, problems)
        assert key.get_fingerprint("sha256").startswith("SHA256:")
        assert len(problems) == 1 and ERRNOS[err] in problems[0] and "new fingerprint" in problems[0]
        assert not path.exists() and not list(path.parent.iterdir())  # never half a key
    assert host_key(path).get_fingerprint() != key.get_fingerprint()  # a new key is kept now
    assert host_key(path).get_fingerprint() == host_key(path).get_fingerprint()
