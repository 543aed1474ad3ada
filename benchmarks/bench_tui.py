"""TUI latency and memory, measured on the real process through a pseudo-terminal.

    .venv/bin/python benchmarks/bench_tui.py [--runs N] [--quick]

Prints: first-frame time from process start (spawn ``python -m cardtable.tui`` on a pty and
read until the lobby is fully drawn, footer included), key-press-to-played-card time (press
Enter on your turn and read until the played card is on screen: it leaves the hand row in the
same refresh that draws it in the trick area), and the child's peak memory (ru_maxrss).
Budget (design.md): first frame < 800 ms, card on screen < 50 ms, peak memory < 60 MiB; and
(issue 14) a first frame within 1.2x of a bare ``import textual.app``: both baselines, that import
and a minimal Textual app, are measured beside each run of ours.
The human seat is named after the login name, so the child runs with the login name ``bench``
(seat "Bench").  ``--quick`` (run by the test suite, so that a broken benchmark fails CI): one
run of one play; figures only, no verdicts.
"""

from __future__ import annotations

import argparse
import atexit
import fcntl
import os
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parent.parent
COLS, ROWS = 100, 30
LOGIN = "bench"  # the child's login name: the TUI names the human seat after it
YOU = "▶ Bench"  # the turn marker on the human seat ("▶ " + the login name capitalised)


HELLO = """
from textual.app import App
from textual.widgets import Footer, Label
class Hello(App):
    BINDINGS = [("q", "quit", "Quit")]
    def compose(self):
        yield Label("hello, table")
        yield Footer()
Hello().run()
"""


class Term:
    def __init__(self, argv: list[str] | None = None) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        home = tempfile.mkdtemp(prefix="ct-bench-")
        atexit.register(shutil.rmtree, home, True)  # the scratch home goes at exit
        env = dict(
            os.environ,
            TERM="xterm-256color",
            CARDTABLE_HOME=home,
            COLUMNS=str(COLS),
            LINES=str(ROWS),
            LOGNAME=LOGIN,
            USER=LOGIN,
        )
        env.pop("CARDTABLE_ASCII", None)
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen(
            argv or [sys.executable, "-m", "cardtable.tui"],
            cwd=ROOT,
            env=env,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
        )
        os.close(slave)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, *needles: str, timeout: float = 10.0) -> float:
        """Read output until every needle is on screen; returns the time it happened."""
        return self.wait_until(lambda text: all(n in text for n in needles), timeout, needles)

    def wait_until(self, done, timeout: float = 10.0, needles=()) -> float:
        end = time.perf_counter() + timeout
        while True:
            text = self.text()
            if done(text):
                return time.perf_counter()
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"never saw {needles!r}; screen:\n{text}")
            r, _, _ = select.select([self.master], [], [], left)
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                if not data:
                    raise TimeoutError(f"process ended before {needles!r}")
                self.stream.feed(data)

    def settle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Read until the child has written nothing for ``quiet`` seconds (a whole frame, not a torn one)."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            r, _, _ = select.select([self.master], [], [], quiet)
            if not r:
                return
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.stream.feed(data)

    def send(self, keys: str) -> float:
        t = time.perf_counter()
        os.write(self.master, keys.encode())
        return t

    def close(self) -> int:
        """Quit with q and return the child's peak RSS in KiB."""
        self.send("q")
        deadline = time.time() + 5
        while time.time() < deadline:
            pid, _status, usage = os.wait4(self.proc.pid, os.WNOHANG)
            if pid:
                os.close(self.master)
                return usage.ru_maxrss
            try:
                select.select([self.master], [], [], 0.05)
                os.read(self.master, 65536)
            except OSError:
                pass
        self.proc.kill()
        _, _, usage = os.wait4(self.proc.pid, 0)
        os.close(self.master)
        return usage.ru_maxrss


def hand_line(text: str) -> str:
    """The rows of the player's cards (between the hand box's top and bottom borders).  All of
    them: a fanned hand's top row alone can look the same with one card fewer."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "▔▔▔▔" in line:
            rows = []
            for row in lines[i + 1 :]:
                if "▁▁▁▁" in row:
                    break
                rows.append(row)
            return "\n".join(rows)
    return ""


def one_run(plays: int) -> tuple[float, list[float], float]:
    term = Term()
    first = term.wait_for("choose a game", "Play now") - term.t0
    term.send("p")
    term.wait_for("Save & quit", "Hand 1")
    term.send("---")  # bots without delay, so the run is quick
    term.wait_for("pace 0.0s")
    # the pace messages overlap the hand box: measure once they have gone
    term.wait_until(lambda text: "Bots play every" not in text, timeout=15)
    latencies = []
    for _ in range(plays):
        term.wait_for(YOU)
        term.settle()
        before = hand_line(term.text())
        t = term.send("\r")
        term.wait_until(lambda text: hand_line(text) != before)
        latencies.append(time.perf_counter() - t)
        try:
            term.wait_for(YOU, timeout=3)
        except TimeoutError:
            term.send("\r")  # a hand summary: continue
    rss = term.close()
    return first, latencies, rss / 1024


def hello_baseline() -> float:
    """Seconds from spawn to the first frame of a minimal Textual app (a label and a footer)."""
    term = Term([sys.executable, "-c", HELLO])
    first = term.wait_for("hello, table", "Quit") - term.t0
    term.close()
    return first


def import_baseline() -> float:
    """Seconds for a fresh interpreter to import textual.app and exit (the floor under the first frame)."""
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import textual.app"], check=True)
    return time.perf_counter() - t


def compile_bytecode() -> None:
    """Compile our modules to bytecode first, as a player's second start finds them (Textual's
    were compiled when it was installed).  Where PYTHONDONTWRITEBYTECODE is set, as on some CI
    machines, Python would otherwise compile every module of ours again at each start."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(ROOT / "cardtable"), str(ROOT / "games")],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--plays", type=int, default=3)  # within the first hand (5 tricks)
    ap.add_argument("--quick", action="store_true", help="one run of one play (CI: figures, no verdicts)")
    args = ap.parse_args()
    if args.quick:
        args.runs, args.plays = 1, 1
    compile_bytecode()
    firsts, lats, mems, bases, hellos = [], [], [], [], []
    for _ in range(args.runs):  # ours and the two baselines in turn, so that load hits them alike
        f, l, m = one_run(args.plays)
        firsts.append(f)
        lats.extend(l)
        mems.append(m)
        bases.append(import_baseline())
        hellos.append(hello_baseline())
    base, hello = statistics.median(bases), statistics.median(hellos)
    print(f"{'measure':<34}{'median':>10}{'worst':>10}{'budget':>10}")
    print(
        f"{'first frame (ms, from spawn)':<34}{statistics.median(firsts) * 1000:>10.0f}{max(firsts) * 1000:>10.0f}{800:>10}"
    )
    first = statistics.median(firsts)
    print(
        f"{'(baseline: import textual.app)':<34}{base * 1000:>10.0f}{'':>10}{'':>10}  ours {first / base:.2f}x"
    )
    print(
        f"{'(baseline: minimal Textual app)':<34}{hello * 1000:>10.0f}{'':>10}{'':>10}  ours {first / hello:.2f}x"
    )
    print(
        f"{'key press -> card on screen (ms)':<34}{statistics.median(lats) * 1000:>10.1f}{max(lats) * 1000:>10.1f}{50:>10}"
    )
    print(f"{'peak memory (MiB)':<34}{statistics.median(mems):>10.1f}{max(mems):>10.1f}{60:>10}")
    load = os.getloadavg()[0]
    print(
        f"({args.runs} runs, each beside one of each baseline; load average {load:.1f} on {os.cpu_count()} cores, "
        f"{len(lats)} plays, {COLS}x{ROWS} pty, Python {sys.version.split()[0]})"
    )


if __name__ == "__main__":
    main()
