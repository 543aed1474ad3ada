"""The web door's limits (issue 30, point 1): idle and slow connections are capped per address and in
total and timed out, so a flood of them holds only a few of the host's files; with the host's file
limit lowered to what a flood would exhaust, the table port, ssh logins and web sign-ins all still
work during a 400-connection web flood, and the table plays on and saves.

The first tests drive a WebFrontDoor in-process; the last runs ``cardtable host`` as a subprocess
whose own file limit (``resource.setrlimit`` in the child, never in pytest) is lowered so that the
flood would exhaust it within seconds without the caps.
"""

from __future__ import annotations

import asyncio
import os
import re
import resource
import signal
import socket
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from cardtable.doors.web import WebFrontDoor
from cardtable.net.client import RemoteSeatHandle
from cardtable.net.server import TableServer
from games.core import Record

from .helpers import HOST_COMMAND, bounded, make_table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def web(tmp_path):
    made: list[tuple[TableServer, WebFrontDoor]] = []

    async def make(**kw) -> tuple[TableServer, WebFrontDoor, str]:
        server = TableServer(
            make_table("remote,remote,bot", seed=7), {0: "aaaa-bbbb", 1: "cccc-dddd"}, bot_delay=0
        )
        await server.start_tcp("127.0.0.1", 0)
        front = WebFrontDoor(server, child_env={"PYTHONPATH": str(ROOT)}, **kw)
        await front.start("127.0.0.1", 0)
        made.append((server, front))
        return server, front, f"http://127.0.0.1:{front.port}"

    yield make
    for server, front in made:
        await front.close()
        await server.close()


def closed_by_peer(sock: socket.socket) -> bool:
    """The server has closed this connection (end of stream or reset)."""
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def idle_sockets(port: int, n: int, source: str) -> list[socket.socket]:
    out = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        s.setblocking(False)
        out.append(s)
    return out


async def sign_in(url: str, code: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.post(f"{url}/login", data={"code": code}) as r:
        return r.status, await r.text()


async def test_idle_web_connections_are_capped_per_address_and_timed_out(web):
    """Before: every idle connection stayed open for good (300 held 300 files for as long as they liked)."""
    _server, front, url = await web(max_visits_per_address=4, max_visits=8, idle_timeout=0.5)
    flood = idle_sockets(front.port, 60, "127.0.0.2")
    others = idle_sockets(front.port, 3, "127.0.0.3")
    await bounded(lambda: sum(closed_by_peer(s) for s in flood) >= 56, 10, "the flood pushed out")
    assert front.visits("127.0.0.2") <= 4 and front.visits() <= 8
    assert not any(closed_by_peer(s) for s in others)  # one address's flood pushes out only its own
    status, page = await asyncio.wait_for(sign_in(url, "aaaa-bbbb"), 10)
    assert status == 200 and "data-session-websocket-url" in page
    await bounded(lambda: all(closed_by_peer(s) for s in flood + others), 10, "the idle time-out")
    assert front.visits() == 0
    for s in flood + others:
        s.close()


async def test_a_request_sent_too_slowly_is_closed(web):
    """A request that never completes (a byte now and then) does not hold its connection for good."""
    _server, front, _url = await web(idle_timeout=0.5)
    slow = socket.create_connection(("127.0.0.1", front.port), timeout=5)
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # the headers never end
    slow.setblocking(False)
    for _ in range(4):
        await asyncio.sleep(0.2)
        try:
            slow.send(b"X")
        except OSError:
            break
    await bounded(lambda: closed_by_peer(slow), 10, "the slow request closed")
    slow.close()


# ---------------------------------------------------------------- the whole host with few files


FILE_LIMIT = 256  # the host's own limit in this test: far below the flood, far above what it needs
FLOOD = 400


def _lower_file_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


def _open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def test_a_web_flood_starves_no_door_of_a_host_with_few_files(tmp_path):
    """``cardtable host --web --ssh`` with a file limit of 256 and 400 idle web connections: the host keeps
    its files (before: about one per connection, then 'Too many open files' and every door timed out),
    a player joins on the table port, an ssh login and a web sign-in work, a move is made and saved."""
    save = tmp_path / "t.json"
    argv = [
        *HOST_COMMAND,
        "tricks_n_trumps",
        "--seats",
        "remote:Ann,remote:Bob,normal",
        "--listen",
        "127.0.0.1:0",
        "--web",
        "0",
        "--ssh",
        "0",
        "--seed",
        "3",
        "--bot-delay",
        "0",
        "--save",
        str(save),
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDTABLE_HOME": str(tmp_path / "home")}
    host = await asyncio.create_subprocess_exec(
        *argv,
        cwd=ROOT,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_lower_file_limit,
    )
    printed = bytearray()

    async def read() -> None:
        assert host.stdout is not None
        while data := await host.stdout.read(65536):
            printed.extend(data)

    reader = asyncio.ensure_future(read())
    flood: list[socket.socket] = []
    try:
        pattern = re.compile(
            rb"table on (\S+)[^\n]*\n\s+Ann: code (\S+)\n(?:.*\n)*?\s+Bob: code (\S+)\n(?:.*\n)*?"
            rb"\s+in a web browser: http://127\.0\.0\.1:(\d+)/"
        )
        m = await bounded(
            lambda: pattern.search(printed) or host.returncode is not None, 60, "the join lines"
        )
        assert m is not True, printed.decode()
        address, ann, bob = (g.decode() for g in m.groups()[:3])
        web_port = int(m.group(4))
        ssh_port = int(re.search(rb"ssh -p (\d+) ann@", printed).group(1))
        for _ in range(FLOOD):
            try:
                s = socket.create_connection(("127.0.0.1", web_port), timeout=5)
            except (
                OSError
            ):  # the host's accept queue is full (it has no files left): the flood is as big as it gets
                break
            s.setblocking(False)
            flood.append(s)
        # the host closes what it cannot keep as it accepts (a busy machine may take a while to get there)
        await bounded(lambda: _open_files(host.pid) < FILE_LIMIT // 2, 15, "the host to hold few files")

        ssh = await asyncssh.connect("127.0.0.1", ssh_port, username="bob", password=bob, known_hosts=None)
        ssh.close()
        status, page = await asyncio.wait_for(sign_in(f"http://127.0.0.1:{web_port}", bob), 15)
        assert status == 200 and "data-session-websocket-url" in page
        players = [
            await asyncio.to_thread(lambda code=code: RemoteSeatHandle(address, code, timeout=15).connect())
            for code in (ann, bob)
        ]
        try:
            mover = await bounded(
                lambda: next((p for p in players if p.view().is_my_turn), None), 30, "a player's turn"
            )
            await asyncio.to_thread(mover.submit, mover.view().legal[0])
            await bounded(lambda: len(Record.load(save).actions) >= 1, 15, "the move saved")
        finally:
            for p in players:
                await asyncio.to_thread(p.close)
        assert b"Too many open files" not in printed and b"Traceback" not in printed
    finally:
        for s in flood:
            s.close()
        if host.returncode is None:
            host.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(host.wait(), 30)
        except TimeoutError:
            os.killpg(host.pid, signal.SIGKILL)
            await host.wait()
        await asyncio.wait_for(reader, 10)
    assert b"table closed" in printed
