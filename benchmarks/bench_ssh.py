"""Benchmark the ssh front door: many ssh seats at once, each a real table UI, on one host.

Every seat is an in-process asyncssh client that draws into a pyte screen (a stand-in for the
player's terminal).  Seats sit at Tricks'N'Trumps tables of four remote players, all hosted by
ONE server process (``--serve``, started by this script) with one ssh port.  For each number of
seats (default 4, 8, 16, 24) the script prints:

- first screen: from opening the ssh session to the player's hand drawn on their screen, with
  every seat logging in at once (``--arrival S``: one login every S seconds instead), and the CPU
  each seat's process spent to get there;
- key to other screens: a player presses Enter; the time until the card they played is drawn on
  the OTHER players' screens at that table, while every table plays at once (median and p95).
  Also split: the part spent in the host (from the key reaching the host's ssh server to the
  host writing the frame that shows the card) and the rest, which is the clients' own cost
  (their ssh encryption, this script's terminal emulation and scheduling);
- memory per seat from /proc/PID/smaps_rollup: unique (private pages: what each more seat
  costs), shared (pages shared with the seat template and the other seats) and PSS; and the
  host process and seat template;
- CPU per update per seat: CPU of the seat processes, of the host process, and of this script's
  clients, during the moves, divided by (moves x seats at the moving tables); plus idle CPU.

The host and its seat processes run on the same cores as the clients, so every figure includes
the clients' competition for CPU; their own CPU is printed so that it can be told apart.  The
load average is printed before each run: on a loaded machine figures rise.

Usage: .venv/bin/python benchmarks/bench_ssh.py [N ...] [--moves M] [--arrival S] [--cold] [--quick]

``--cold`` starts every seat as a new Python process (no warm seat template), for comparison.
``--quick`` (run by the test suite, so that a broken benchmark fails CI): 2 seats at one table
and 2 moves; figures only, no verdicts.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402
import pyte  # noqa: E402

SEATS_PER_TABLE = 4
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|JK|BJ|LJ")  # a card as drawn (Card.display)
COLS, ROWS = 100, 28  # under 30 rows small card faces read "A♥", so the screen text tells the cards
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ----------------------------------------------------------------- /proc readers


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a whole process (all its threads), from /proc/PID/stat."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK
    except (OSError, IndexError, ValueError):
        return 0.0


def memory_kib(pid: int) -> dict[str, int]:
    """Rss, Pss, unique (private) and shared KiB of a process, from /proc/PID/smaps_rollup."""
    got: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                got[parts[0][:-1]] = int(parts[1])
    except OSError:
        return {"rss": 0, "pss": 0, "unique": 0, "shared": 0}
    return {
        "rss": got.get("Rss", 0),
        "pss": got.get("Pss", 0),
        "unique": got.get("Private_Clean", 0) + got.get("Private_Dirty", 0),
        "shared": got.get("Shared_Clean", 0) + got.get("Shared_Dirty", 0),
    }


# ----------------------------------------------------------------- the host (a subprocess)


class HostProbe:
    """Inside the host: time stamps of what each ssh session received and sent (by client port)."""

    def __init__(self) -> None:
        self.sessions: dict[int, dict] = {}

    def install(self) -> None:
        from cardtable.doors import ssh

        probe, made, received = self, ssh._Session.connection_made, ssh._Session.data_received

        def connection_made(session, chan) -> None:
            made(session, chan)
            port = (chan.get_extra_info("peername") or ("", 0))[1]
            rec = probe.sessions[port] = {
                "opened": time.monotonic(),
                "out": [],
                "in": [],
                "sent": 0,
                "got": 0,
                "session": session,
            }
            write = chan.write

            def logged_write(data, *a, **kw):
                rec["sent"] += len(data)
                rec["out"].append((time.monotonic(), rec["sent"]))
                return write(data, *a, **kw)

            chan.write = logged_write

        def data_received(session, data, datatype) -> None:
            rec = (
                probe.sessions.get((session.chan.get_extra_info("peername") or ("", 0))[1])
                if session.chan
                else None
            )
            if rec is not None:
                rec["got"] += len(data)
                rec["in"].append((time.monotonic(), rec["got"]))
            received(session, data, datatype)

        ssh._Session.connection_made, ssh._Session.data_received = connection_made, data_received

    def pids(self) -> dict[str, int]:
        out = {}
        for port, rec in self.sessions.items():
            proc = getattr(rec["session"], "proc", None)
            if proc is not None and getattr(proc, "pid", None):
                out[str(port)] = proc.pid
        return out

    def log(self) -> dict[str, dict]:
        return {
            str(p): {"opened": r["opened"], "out": r["out"], "in": r["in"]} for p, r in self.sessions.items()
        }


async def host_main(n: int, per: int, home: str, cold: bool) -> None:
    """The host: ceil(n / per) tables behind one ssh door; talks to the bench on stdin/stdout."""
    from cardtable.session import SeatConfig, Table

    probe = HostProbe()
    probe.install()
    loop = asyncio.get_running_loop()
    tables = []
    for t in range((n + per - 1) // per):
        k = max(2, min(per, n - t * per))
        tables.append(
            Table.new(
                "tricks_n_trumps",
                [SeatConfig("remote", f"P{i}") for i in range(k)],
                {"hand_size": 8},
                seed=100 + t,
                save_path=Path(home) / f"t{t}.json",
            )
        )
    close, port, codes, template = await _open_doors(tables, home, cold)
    say = lambda obj: print(json.dumps(obj), flush=True)  # noqa: E731
    for i, table in enumerate(tables):
        table.subscribe(lambda i=i, table=table: loop.call_soon_threadsafe(_report_move, say, i, table))
    say(
        {
            "port": port,
            "host": os.getpid(),
            "template": template(),
            "tables": [
                {
                    "codes": codes[i],
                    "names": list(tb.names),
                    "to_act": tb.state.to_act,
                    "hands": {s: [c.display() for c in tb.view(s).hand] for s in range(len(tb.seats))},
                }
                for i, tb in enumerate(tables)
            ],
        }
    )
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while not stop.is_set():
        line = await reader.readline()
        if not line or line.strip() == b"quit":
            break
        if line.strip() == b"pids":
            say({"children": probe.pids(), "template": template()})
        elif line.strip() == b"log":
            say({"log": probe.log()})
    await close()  # a clean close: children hung up, private folders removed


def _report_move(say, i: int, table) -> None:
    history = table.state.history
    last = history[-1] if history else None
    card = last.card.display() if last is not None and last.card is not None else None
    say({"move": i, "n": len(history), "card": card, "to_act": table.state.to_act})


async def _open_doors(tables, home: str, cold: bool):
    """Every table behind one ssh door (a TableHub), as ``cardtable host --table ... --ssh`` does."""
    from cardtable.doors.hub import TableHub
    from cardtable.doors.ssh import SshFrontDoor
    from cardtable.net.server import TableServer

    hub = TableHub([TableServer(t, bot_delay=0) for t in tables])
    codes = [{s: sv.slots[s].code for s in sv.slots} for sv in hub.servers]
    # every bench seat logs in from 127.0.0.1 at once: allow them all before authentication
    door = SshFrontDoor(
        hub, key_path=Path(home) / "key", max_sessions=64, max_preauth_per_address=64, warm=not cold
    )
    await door.start("127.0.0.1", 0)
    if door.warm is not None:  # a host is started before its players arrive: the template has imported
        await door.warm.wait_ready(120)

    async def close() -> None:
        await door.close()
        await hub.close()

    return close, door.port, codes, lambda: door.warm.pid if door.warm is not None else None


# ----------------------------------------------------------------- the players (this process)


@dataclass(eq=False)
class Seat:
    """One player: an ssh session whose output is scanned for card texts as it arrives.

    A card on the screen is seen in the byte stream as its text (``Q♥``: a card face draws its rank
    and suit in one run), so the clients need no terminal emulator to time what reaches a screen
    (a pyte screen cost more CPU than the seat processes themselves): the time and byte offset at
    which each card was first drawn are kept.  (A card reaches the other seats' screens only once
    played.)  The last output is kept to show a seat's screen when something goes wrong."""

    table: int
    seat: int
    name: str
    code: str
    port: int
    hand: list[str]
    received: int = 0
    first_screen: float | None = None
    first_bytes: int = 0
    opened_at: float = 0.0
    seen: dict[str, tuple[float, int]] = field(default_factory=dict)  # card -> (first drawn at, byte offset)
    sent: int = 0
    local_port: int = 0
    last_at: float = 0.0  # when the last output arrived

    def __post_init__(self) -> None:
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.tail = ""
        self.recent: deque[bytes] = deque(maxlen=64)

    def screen_text(self) -> str:
        """The seat's screen, rebuilt from its recent output (for error reports only)."""
        screen = pyte.Screen(COLS, ROWS)
        stream = pyte.ByteStream(screen)
        for chunk in self.recent:
            stream.feed(chunk)
        return "\n".join(screen.display)

    async def login(self) -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1", self.port, username=f"seat{self.seat + 1}", password=self.code, known_hosts=None
        )
        self.local_port = self.conn.get_extra_info("sockname")[1]

    async def run(self) -> None:
        self.opened_at = time.monotonic()
        self.proc = await self.conn.create_process(
            term_type="xterm-256color", term_size=(COLS, ROWS), encoding=None
        )
        while True:
            data = await self.proc.stdout.read(65536)
            now = time.monotonic()
            if not data:
                return
            self.last_at = now
            self.received += len(data)
            self.recent.append(data)
            window = self.tail + self.decoder.decode(data)
            self.tail = window[-16:]  # a card text split between two reads is found in the next window
            self._look(window, now)

    def _look(self, window: str, now: float) -> None:
        for card in CARD.findall(window):
            self.seen.setdefault(card, (now, self.received))
        if self.first_screen is None and all(c in self.seen for c in self.hand):
            self.first_screen, self.first_bytes = now - self.opened_at, self.received

    def press_enter(self) -> float:
        self.sent += 1
        self.proc.stdin.write(b"\r")
        return time.monotonic()


class Host:
    """The host subprocess and the lines it prints."""

    def __init__(self, n: int, home: str, cold: bool) -> None:
        env = {**os.environ, "CARDTABLE_HOME": home, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(n), str(SEATS_PER_TABLE), home]
            + (["--cold"] if cold else []),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
            start_new_session=True,
        )
        self.info = json.loads(self.proc.stdout.readline())
        self.moves: dict[int, list[dict]] = {}
        self.replies: asyncio.Queue = asyncio.Queue()

    async def listen(self) -> None:
        while True:
            line = await asyncio.to_thread(self.proc.stdout.readline)
            if not line:
                return
            msg = json.loads(line)
            if "move" in msg:
                self.moves.setdefault(msg["move"], []).append(msg)
            else:
                await self.replies.put(msg)

    async def ask(self, what: str) -> dict:
        self.proc.stdin.write(what + "\n")
        self.proc.stdin.flush()
        return await asyncio.wait_for(self.replies.get(), 60)

    def stop(self) -> None:
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass


def seats_of(info: dict, n: int) -> list[Seat]:
    out = []
    for t, tb in enumerate(info["tables"]):
        for s, code in tb["codes"].items():
            s = int(s)
            out.append(Seat(t, s, tb["names"][s], code, info["port"], tb["hands"][str(s)]))
    return out[:n]


@dataclass
class Results:
    n: int
    tables: int
    firsts: list[float] = field(default_factory=list)
    firsts_host: list[float] = field(default_factory=list)
    start_cpu: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    host_latencies: list[float] = field(default_factory=list)
    memory: list[dict] = field(default_factory=list)
    host_memory: dict = field(default_factory=dict)
    template_memory: dict | None = None
    cpu: dict[str, float] = field(default_factory=dict)
    updates: int = 0
    idle: dict[str, float] = field(default_factory=dict)
    retries: int = 0
    samples: list[tuple] = field(default_factory=list)  # (mover, key number, other seat, byte offset seen)


async def bench(n: int, moves: int, arrival: float, cold: bool) -> Results:
    home = tempfile.mkdtemp(prefix="bench-ssh-")
    host = await asyncio.to_thread(Host, n, home, cold)
    listener = asyncio.create_task(host.listen())
    seats = seats_of(host.info, n)
    res = Results(n, len({s.table for s in seats}))
    tasks: list[asyncio.Task] = []
    try:
        await asyncio.gather(
            *(s.login() for s in seats)
        )  # ssh handshakes first: the clock starts at the session
        for s in seats:
            tasks.append(asyncio.create_task(s.run()))
            if arrival:
                await asyncio.sleep(arrival)
        await _until(lambda: all(s.first_screen is not None for s in seats), 180, "every first screen", seats)
        await asyncio.sleep(1.0)  # let every seat settle before measuring memory
        pids = (await host.ask("pids"))["children"]
        children = {s: pids[str(s.local_port)] for s in seats}
        res.start_cpu = [cpu_seconds(p) for p in children.values()]
        res.memory = [memory_kib(p) for p in children.values()]
        res.host_memory = memory_kib(host.proc.pid)
        if host.info.get("template"):
            res.template_memory = memory_kib(host.info["template"])
        res.idle = await _idle_cpu(host, children, 2.0)
        await _play(host, seats, children, moves, res)
        log = (await host.ask("log"))["log"]
        _host_side(res, seats, log)
    finally:
        for s in seats:
            if hasattr(s, "conn"):
                s.conn.close()
        host.stop()
        listener.cancel()
        for t in tasks:
            t.cancel()
        await asyncio.gather(listener, *tasks, return_exceptions=True)
        shutil.rmtree(home, ignore_errors=True)
    res.firsts = sorted(s.first_screen for s in seats)
    return res


async def _until(pred, timeout: float, what: str, seats: list[Seat] | None = None) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not pred():
                await asyncio.sleep(0.01)
    except TimeoutError:
        late = [s for s in seats or [] if s.first_screen is None]
        shown = f"; one late seat shows:\n{late[0].screen_text()}" if late else ""
        raise SystemExit(f"no {what} after {timeout:g} s{shown}") from None


def _cpu_now(host: Host, children: dict[Seat, int]) -> dict[str, float]:
    return {
        "seats": sum(cpu_seconds(p) for p in children.values()),
        "host": cpu_seconds(host.proc.pid),
        "template": cpu_seconds(host.info["template"]) if host.info.get("template") else 0.0,
        "clients": time.process_time(),
    }


async def _idle_cpu(host: Host, children: dict[Seat, int], seconds: float) -> dict[str, float]:
    """CPU per second while nobody plays (heartbeats, timers), per seat."""
    before = _cpu_now(host, children)
    await asyncio.sleep(seconds)
    after = _cpu_now(host, children)
    return {k: (after[k] - before[k]) / seconds / len(children) for k in before}


async def _play(host: Host, seats: list[Seat], children: dict[Seat, int], moves: int, res: Results) -> None:
    """Every table's player to act presses Enter at once; wait until the card is on the others' screens."""
    before = _cpu_now(host, children)
    tables = sorted({s.table for s in seats})
    to_act = {t: host.info["tables"][t]["to_act"] for t in tables}
    last: dict[int, str | None] = {t: None for t in tables}  # the card played last at each table
    for _ in range(moves):
        pressed = []
        for t in tables:  # a player presses once their own screen shows the last card (and so their turn)
            mover = next(s for s in seats if s.table == t and s.seat == to_act[t])
            await _until(
                lambda: last[t] is None or last[t] in mover.seen, 30, f"{mover.name}'s turn at table {t + 1}"
            )
            done = len(host.moves.get(t, []))
            pressed.append((t, mover, done, mover.press_enter(), mover.sent))
        for t, mover, done, t_press, key_no in pressed:
            move = await _next_move(host, t, done, mover, res)
            to_act[t], last[t] = move["to_act"], move["card"]
            res.updates += sum(1 for s in seats if s.table == t)
            others = [s for s in seats if s.table == t and s is not mover]
            await _until(
                lambda: all(move["card"] in o.seen for o in others), 30, f"{move['card']} on every screen"
            )
            for o in others:
                seen, offset = o.seen[move["card"]]
                res.latencies.append(seen - t_press)
                res.samples.append((mover, key_no, o, offset))  # the host's part: from its log, later
        await asyncio.sleep(0.3)
    after = _cpu_now(host, children)
    res.cpu = {k: after[k] - before[k] for k in before}


async def _next_move(host: Host, t: int, done: int, mover: Seat, res: Results) -> dict:
    """The move the host reports after ``done`` moves at table ``t`` (Enter again if it was lost)."""
    for _attempt in range(3):
        try:
            await _until(lambda: len(host.moves.get(t, [])) > done, 10, f"a move at table {t + 1}")
            return host.moves[t][done]
        except SystemExit:
            res.retries += 1
            mover.press_enter()
    raise SystemExit(
        f"table {t + 1}: Enter played no card three times; {mover.name} shows:\n{mover.screen_text()}"
    )


def _host_side(res: Results, seats: list[Seat], log: dict) -> None:
    """Split each latency: the host's part, from the key reaching it to its writing the frame with the card."""
    import bisect

    host_lat = []
    for mover, key_no, other, offset in res.samples:
        got, out = log[str(mover.local_port)]["in"], log[str(other.local_port)]["out"]
        key_at = next((t for t, total in got if total >= key_no), None)
        i = bisect.bisect_left([total for _, total in out], offset)
        if key_at is not None and i < len(out):
            host_lat.append(out[i][0] - key_at)
    res.host_latencies = host_lat
    for s in seats:
        rec = log.get(str(s.local_port))
        if rec is None:
            continue
        i = bisect.bisect_left([total for _, total in rec["out"]], s.first_bytes)
        if i < len(rec["out"]):
            res.firsts_host.append(rec["out"][i][0] - rec["opened"])


# ----------------------------------------------------------------- printing


def pct(values: list[float], q: float) -> float:
    xs = sorted(values)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))] if xs else float("nan")


def ms(x: float) -> str:
    return f"{x * 1000:.0f} ms"


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


def report(r: Results) -> None:
    how = "seats forked from a warm template" if r.template_memory else "a new Python process per seat"
    print(f"{r.n} concurrent ssh seats ({r.tables} tables): {how}")
    print(
        f"  time to first screen: min {r.firsts[0]:.2f} s, median {statistics.median(r.firsts):.2f} s, "
        f"p95 {pct(r.firsts, 0.95):.2f} s, max {r.firsts[-1]:.2f} s"
        + (
            f"  (host side: median {statistics.median(r.firsts_host):.2f} s, max {max(r.firsts_host):.2f} s)"
            if r.firsts_host
            else ""
        )
    )
    print(
        f"  CPU to first screen per seat: mean {ms(statistics.mean(r.start_cpu))}, max {ms(max(r.start_cpu))}"
    )
    if r.latencies:
        line = (
            f"  key-to-screen latency (other seats): median {ms(statistics.median(r.latencies))}, "
            f"p95 {ms(pct(r.latencies, 0.95))}, max {ms(max(r.latencies))} ({len(r.latencies)} samples)"
        )
        print(line)
        if r.host_latencies:
            print(
                f"    of which in the host: median {ms(statistics.median(r.host_latencies))}, "
                f"p95 {ms(pct(r.host_latencies, 0.95))}; the rest is the clients' own cost"
            )
    mem = r.memory
    print(
        f"  memory per seat: unique {mib(statistics.mean(m['unique'] for m in mem))} "
        f"(max {mib(max(m['unique'] for m in mem))}), shared {mib(statistics.mean(m['shared'] for m in mem))}, "
        f"PSS {mib(statistics.mean(m['pss'] for m in mem))}, RSS {mib(statistics.mean(m['rss'] for m in mem))}"
    )
    extra = f", seat template RSS {mib(r.template_memory['rss'])}" if r.template_memory else ""
    print(f"  host process RSS {mib(r.host_memory['rss'])}{extra}")
    if r.updates:
        per = {k: v / r.updates for k, v in r.cpu.items()}
        print(
            f"  CPU per update per seat: seat processes {ms(per['seats'])}, host {ms(per['host'])}"
            f" (+ template {ms(per['template'])}); clients' own {ms(per['clients'])}"
            f"  ({r.updates} seat updates)"
        )
    print(
        f"  idle CPU per seat: seat process {r.idle['seats'] * 100:.2f}%, host {r.idle['host'] * 100:.2f}%, "
        f"clients {r.idle['clients'] * 100:.2f}% of a core"
    )
    if r.retries:
        print(
            f"  (Enter had to be pressed again {r.retries} times: a key that came before the turn was shown)"
        )


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("sizes", nargs="*", type=int)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--moves", type=int, default=None)
    p.add_argument("--arrival", type=float, default=0.0, help="seconds between logins (0: all at once)")
    p.add_argument("--cold", action="store_true", help="a new Python process per seat (no seat template)")
    p.add_argument("--serve", nargs=3, metavar=("N", "PER", "HOME"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve:
        asyncio.run(host_main(int(args.serve[0]), int(args.serve[1]), args.serve[2], args.cold))
        return
    sizes = args.sizes or ([2] if args.quick else [4, 8, 16, 24])
    moves = args.moves or (2 if args.quick else 16)
    print(f"cpus {os.cpu_count()}, python {sys.version.split()[0]}")
    for n in sizes:
        load = os.getloadavg()
        print(f"load average before: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
        report(asyncio.run(bench(n, moves, args.arrival, args.cold)))
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
