"""A 1,000-connection flood at the web door of ``cardtable host``, and what it costs a real player.

Starts ``cardtable host tricks_n_trumps --web 0 --ssh 0`` as a subprocess with the common file
limit of 1,024 (``resource.setrlimit`` in the host only), opens FLOOD idle TCP connections to its
web port from 127.0.0.1 (the same address as the players), and while they are open measures:

- the host's open files (``/proc/PID/fd``) and how many flood connections the host still holds
  (those it has not closed on its side), right after the flood and after the idle time-out;
- the time for a valid web sign-in (POST /login with a seat's code, to the table page), a join on
  the table port (hello to first view) and an ssh login (password = the code), each during the flood;
- whether the host's log printed "Too many open files".

Run:  .venv/bin/python benchmarks/bench_web_flood.py [FLOOD]    (prints a table; nothing is asserted)
      .venv/bin/python benchmarks/bench_web_flood.py --quick     (100 connections, no wait for the time-out)
"""

from __future__ import annotations

import asyncio
import os
import re
import resource
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOST_FILE_LIMIT = 1024


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (HOST_FILE_LIMIT, HOST_FILE_LIMIT))


def _files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _held(socks: list[socket.socket]) -> int:
    """Flood connections the host has not closed on its side."""
    held = 0
    for s in socks:
        try:
            if s.recv(1) != b"":
                held += 1
        except BlockingIOError:
            held += 1
        except OSError:
            pass
    return held


async def _sign_in(port: int, code: str) -> float:
    import aiohttp

    start = time.perf_counter()
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"http://127.0.0.1:{port}/login", data={"code": code}) as r,
    ):
        page = await r.text()
    assert r.status == 200 and "data-session-websocket-url" in page, (r.status, page[:200])
    return time.perf_counter() - start


def _join(address: str, code: str) -> float:
    from cardtable.net.client import RemoteSeatHandle

    start = time.perf_counter()
    handle = RemoteSeatHandle(address, code, timeout=30).connect()
    took = time.perf_counter() - start
    handle.close()
    return took


async def _ssh(port: int, user: str, code: str) -> float:
    import asyncssh

    start = time.perf_counter()
    conn = await asyncssh.connect("127.0.0.1", port, username=user, password=code, known_hosts=None)
    took = time.perf_counter() - start
    conn.close()
    return took


async def main(flood: int, quick: bool = False) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, flood + 256)), hard))
    with tempfile.TemporaryDirectory(prefix="bench-flood-") as tmp:
        argv = [
            sys.executable,
            "-c",
            "import sys; from cardtable.cli import main; main(sys.argv[1:])",
            "host",
            "tricks_n_trumps",
            "--seats",
            "remote:Ann,remote:Bob,remote:Cy",
            "--listen",
            "127.0.0.1:0",
            "--web",
            "0",
            "--ssh",
            "0",
            "--seed",
            "1",
            "--save",
            os.path.join(tmp, "t.json"),
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDTABLE_HOME": os.path.join(tmp, "home")}
        host = await asyncio.create_subprocess_exec(
            *argv,
            env=env,
            cwd=ROOT,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_limit,
        )
        printed = bytearray()

        async def read() -> None:
            while data := await host.stdout.read(65536):
                printed.extend(data)

        reader = asyncio.ensure_future(read())
        socks: list[socket.socket] = []
        try:
            while b"in a web browser" not in printed:
                if host.returncode is not None:
                    raise SystemExit(printed.decode())
                await asyncio.sleep(0.05)
            text = printed.decode()
            address = re.search(r"table on (\S+)", text).group(1)
            ann, bob, cy = re.findall(r": code (\S+)", text)[:3]
            web_port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", text).group(1))
            ssh_port = int(re.search(r"ssh -p (\d+) ann@", text).group(1))
            await asyncio.sleep(1.0)  # the seat template settles
            base = _files(host.pid)
            start = time.perf_counter()
            refused = 0
            for _ in range(flood):
                try:
                    s = socket.create_connection(("127.0.0.1", web_port), timeout=2)
                except OSError:
                    refused += 1
                    continue
                s.setblocking(False)
                socks.append(s)
            opened = time.perf_counter() - start
            await asyncio.sleep(0.5)
            files_during, held_during = _files(host.pid), _held(socks)
            sign_in = await _sign_in(web_port, bob)
            join = await asyncio.to_thread(_join, address, ann)
            ssh = await _ssh(ssh_port, "cy", cy)
            if not quick:
                await asyncio.sleep(11.0)  # past the idle time-out (10 s)
            files_after, held_after = _files(host.pid), _held(socks)
        finally:
            for s in socks:
                s.close()
            if host.returncode is None:
                host.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(host.wait(), 30)
            except TimeoutError:
                os.killpg(host.pid, signal.SIGKILL)
                await host.wait()
            await reader
    after = "the sign-ins" if quick else "11 s"
    rows = [
        ("flood connections opened (refused)", f"{len(socks)} ({refused}) in {opened:.2f} s"),
        ("host file limit", str(HOST_FILE_LIMIT)),
        (f"host open files before / during / after {after}", f"{base} / {files_during} / {files_after}"),
        (f"flood connections the host holds during / after {after}", f"{held_during} / {held_after}"),
        ("valid web sign-in during the flood", f"{sign_in * 1000:.0f} ms"),
        ("table-port join (hello to first view) during the flood", f"{join * 1000:.0f} ms"),
        ("ssh login during the flood", f"{ssh * 1000:.0f} ms"),
        ('"Too many open files" in the host log', "yes" if b"Too many open files" in printed else "no"),
    ]
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")


if __name__ == "__main__":
    if "--quick" in sys.argv:
        asyncio.run(main(100, quick=True))
    else:
        asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
