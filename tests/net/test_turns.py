"""A seat that floods or stalls never holds the table up (issue 30, points 2 and 5), and the host waits
for every child it starts (point 6).

- A hosted table whose save fails plays on: the player's move is accepted (before: "internal error"),
  the bots move, every seat is told the table is not saved, and the host saves again once it can.
- An ssh seat that pastes 262,144 arrow keys: its keys beyond a player's pace are dropped at the
  door, so its table screen is not handed minutes of queued input (before: all 786,432 bytes).
- ``--turn-timeout``: a seated player who does not move in time has the stand-in play for them, as
  for a dropped player, until the turn passes on; then they play their own turns again.
- The warm seat template hangs up and waits for its seats before it exits: none is left for anyone
  else to reap (before: an orphan, shown as ``<defunct>`` until init reaped it).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import subprocess
import sys
import textwrap

import pytest

from cardtable.cli import main
from cardtable.doors.ssh import SshFrontDoor
from cardtable.net.client import RemoteSeatHandle
from games.core import Record

from .helpers import ServerThread, make_table, wait_until
from .test_ssh import ROOT, Term, connect, pump, until

# ---------------------------------------------------------------- a hosted save that fails


def test_a_hosted_table_whose_save_fails_plays_on_and_says_so(tmp_path, monkeypatch):
    save = tmp_path / "hosted.json"
    table = make_table("remote,bot,bot", seed=4, save_path=save)
    srv = ServerThread(table)
    log: list[str] = []
    srv.server.on_event = log.append
    srv.server.room.save_retry = 0.05
    player = RemoteSeatHandle(srv.address, srv.code(0)).connect()
    try:
        wait_until(lambda: player.view().is_my_turn, what="the player's turn")
        before = len(Record.load(save).actions)

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr("games.core.record.os.replace", full)
        played = len(table.state.history)
        player.submit(player.view().legal[0])  # before: IllegalActionError "the table could not handle that"
        wait_until(
            lambda: len(table.state.history) >= played + 3 or table.state.is_over, what="the bots moved"
        )
        wait_until(lambda: player.save_problem == "the disk is full", what="the seat told")
        assert len(Record.load(save).actions) == before
        assert sum("could not be saved" in line for line in log) == 1  # said once, not at every move

        monkeypatch.undo()  # space again: the host's retry catches the file up
        wait_until(lambda: player.save_problem == "", what="the seat told it is saved again")
        assert Record.load(save).actions == table.record().actions
        assert any("saved again" in line for line in log)
    finally:
        player.close()
        srv.stop()


# ---------------------------------------------------------------- a flood of keys


async def test_a_seat_pasting_a_flood_of_keys_has_the_excess_dropped(tmp_path):
    """262,144 arrow keys (786,432 bytes): the seat's program receives a burst and a player's pace."""
    from cardtable.net.server import TableServer

    server = TableServer(
        make_table("remote,remote,bot", seed=7), {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0
    )
    await server.start_tcp("127.0.0.1", 0)
    counter = tmp_path / "count_keys.py"
    counter.write_text(
        textwrap.dedent(
            """
            import os, sys
            sys.stdout.write("ready\\r\\n"); sys.stdout.flush()
            got = 0
            while True:
                data = os.read(0, 65536)
                if not data:
                    break
                got += len(data)
                if data.endswith(b"!"):
                    sys.stdout.write(f"got {got}\\r\\n"); sys.stdout.flush()
                    break
            """
        )
    )
    front = SshFrontDoor(
        server,
        key_path=tmp_path / "hostkey",
        child_command=lambda sock, token: [sys.executable, str(counter)],
    )
    await front.start("127.0.0.1", 0)
    try:
        async with await connect(front, "p0", "aaaa-bbbb") as conn:
            term = Term()
            proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            task = asyncio.create_task(pump(proc, term))
            await until(lambda: "ready" in term.text, what="the seat's program")
            session = next(iter(front.sessions))
            flood = b"\x1b[A" * 262_144
            for i in range(0, len(flood), 16384):
                proc.stdin.write(flood[i : i + 16384])
            await proc.stdin.drain()
            # A player's pace again: the next key passes.  On a busy machine the host may still be
            # reading the flood, and a "!" that arrives in one chunk with its tail is dropped with
            # it: then the next "!" a moment later passes.
            for _ in range(30):
                await asyncio.sleep(0.3)
                proc.stdin.write(b"!")
                with contextlib.suppress(AssertionError):
                    await until(lambda: "got " in term.text, timeout=1.0, what="the program's count")
                    break
            assert "got " in term.text, "no key passed after the flood"
            got = int(term.text.split("got ", 1)[1].split()[0])
            assert got < 64 * 1024, f"{got} bytes of the flood reached the seat"
            assert session.budget.dropped > 700_000
            await asyncio.wait_for(task, 10)
    finally:
        await front.close()
        await server.close()


# ---------------------------------------------------------------- the turn timer


def test_a_player_who_does_not_move_in_time_has_the_stand_in_play_for_them():
    table = make_table("remote,bot,bot", seed=4)
    srv = ServerThread(table, turn_timeout=0.5)
    log: list[str] = []
    srv.server.on_event = log.append
    player = RemoteSeatHandle(srv.address, srv.code(0)).connect()
    try:
        wait_until(lambda: player.view().is_my_turn, what="the player's turn")
        mine = len(table.state.history)
        # the player does nothing: after the turn timer the stand-in plays seat 0's move
        wait_until(
            lambda: len(table.state.actors) > mine and table.state.actors[mine] == 0, what="the stand-in"
        )
        assert any("P0 did not move within 0.5 s" in line for line in log)
        assert srv.server.slots[0].conn is not None  # the player is still seated, not dropped
        srv.server.room.turn_timeout = None  # the timer off: the next turn is the player's own again
        # the player's own view must have caught up with the stand-in's move (a view still showing
        # the turn it played would offer the card it has just played)
        wait_until(
            lambda: (
                table.state.is_over or (player.view().is_my_turn and player.view().hand == table.view(0).hand)
            ),
            what="the player's next turn",
        )
        if not table.state.is_over:
            played = len(table.state.history)
            player.submit(player.view().legal[0])
            assert table.state.actors[played] == 0
    finally:
        player.close()
        srv.stop()


def test_turn_timeout_on_the_command_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["host", "tricks_n_trumps", "--turn-timeout", "0"])
    assert exc.value.code == 2 and "--turn-timeout" in capsys.readouterr().err
    from cardtable.net.config import HostConfig

    assert HostConfig().turn_timeout is None  # off unless given


# ---------------------------------------------------------------- children are reaped


REAPER = r"""
import asyncio, ctypes, os, socket, sys, tempfile, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans of our children come to us
from cardtable.doors.warm import SeatTemplate, seat_env

async def main():
    folder = tempfile.mkdtemp(prefix="reap-test-")
    path = os.path.join(folder, "table.sock")
    quiet = socket.socket(socket.AF_UNIX)  # a table that accepts and never answers: the seat waits
    quiet.bind(path)
    quiet.listen()
    template = SeatTemplate(seat_env({"PYTHONPATH": sys.argv[1]}))
    template.start()
    assert await template.wait_ready(120)
    tty_r, tty_w = os.openpty()
    child = template.spawn(["--unix", path, "--token", "t"], seat_env(), tty_w, None)
    while child.pid is None:
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    template.close()  # the host closes: the template must hang up and wait for its seat
    time.sleep(1.0)
    leftovers = []
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            break
        leftovers.append(pid)
    print("seat", child.pid, "left to us:", leftovers)
    os.close(tty_r); os.close(tty_w); quiet.close()
    os.unlink(path); os.rmdir(folder)

asyncio.run(main())
"""


def test_the_seat_template_waits_for_its_seats_before_it_exits():
    """Run as a subreaper, so that an orphaned seat would come to this process to be reaped."""
    out = subprocess.run(
        [sys.executable, "-c", REAPER, str(ROOT)],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr
    assert "left to us: []" in out.stdout, out.stdout
