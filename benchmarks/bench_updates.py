"""Benchmark the cost of one update on a seat's screen when another player moves (issue 20).

One seat's table screen runs in this process, headless, as a networked seat shows it (one seat
handle, no driver): Tricks'N'Trumps, four players, 100x28 (the ssh benchmark's terminal).  The
other seats' moves are applied to the table one at a time; after each, the screen draws its
update and the frame is encoded as a terminal would receive it.  Printed per opponent move: the
process CPU (median and mean, in ms), the screen layouts, the Rich tables drawn (the scoreboard's)
and the screen rows sent.  Moves that end a hand (a summary dialog opens) are left out.

``--against REF`` runs the same measurement on another commit of this repository (extracted with
``git archive`` into a temporary folder), alternating with this tree, so that the old figure is
printed beside the new one on the same loaded machine.

Usage: .venv/bin/python benchmarks/bench_updates.py [--moves N] [--rounds R] [--against REF] [--quick]

``--quick`` (run by the test suite, so that a broken benchmark fails CI): a few moves, one round,
no comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (100, 28)


class Meter:
    """Counts, while installed, the screen layouts, Rich tables drawn, rows and bytes sent."""

    def __init__(self) -> None:
        self.layouts = self.tables = self.rows = self.bytes = 0

    def install(self) -> None:
        import rich.table
        from textual._compositor import Compositor
        from textual.app import App
        from textual.screen import Screen

        meter = self
        layout, table, partial, display = (
            Screen._refresh_layout,
            rich.table.Table.__rich_console__,
            Compositor.render_partial_update,
            App._display,
        )

        def counted_layout(screen, *args, **kwargs):
            meter.layouts += 1
            return layout(screen, *args, **kwargs)

        def counted_table(tab, *args, **kwargs):
            meter.tables += 1
            return table(tab, *args, **kwargs)

        def counted_partial(compositor):
            update = partial(compositor)
            meter.rows += len(update.spans) if update is not None else 0
            return update

        def encoded_display(app, screen, renderable):  # headless: encode the frame as for a terminal
            if renderable is not None and app.is_headless:
                meter.bytes += len(renderable.render_segments(app.console).encode())
            return display(app, screen, renderable)

        Screen._refresh_layout, rich.table.Table.__rich_console__ = counted_layout, counted_table
        Compositor.render_partial_update, App._display = counted_partial, encoded_display


async def measure(moves: int, seed: int = 3) -> dict:
    """CPU (ms) and counts per opponent move on one seat's screen."""
    from cardtable.session import SeatConfig, Table
    from cardtable.tui.app import CardTableApp

    meter = Meter()
    meter.install()
    seats = [SeatConfig("human", "Ana")] + [SeatConfig("bot", n) for n in ("Ben", "Cy", "Dee")]
    table = Table.new("tricks_n_trumps", seats, {"hand_size": 8}, seed)
    app = CardTableApp(table_handles=[table.handle(0)], driver=None, bot_delay=0, ascii_suits=False)
    cpu: list[float] = []
    counts = {"layouts": 0, "tables": 0, "rows": 0, "bytes": 0}
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(pilot)
        screen = app.screen
        while len(cpu) < moves and not table.state.is_over:
            if app.screen is not screen:  # a hand's summary: closed, not measured
                app.pop_screen()
                await _drawn(pilot)
                continue
            if table.state.to_act == 0:
                table.submit(0, table.state.legal_actions()[0].text)
                await _drawn(pilot)
                continue
            before = {k: getattr(meter, k) for k in counts}
            start = time.process_time()
            table.play_bot()
            await _drawn(pilot)
            spent = time.process_time() - start
            if app.screen is screen:
                cpu.append(spent * 1000)
                for k in counts:
                    counts[k] += getattr(meter, k) - before[k]
    n = max(len(cpu), 1)
    return {
        "moves": len(cpu),
        "median": statistics.median(cpu) if cpu else 0.0,
        "mean": sum(cpu) / n,
        **{k: v / n for k, v in counts.items()},
    }


async def _drawn(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


def run_tree(tree: Path, moves: int) -> dict:
    """``measure`` in a child process whose imports come from ``tree``."""
    proc = subprocess.run(
        [sys.executable, __file__, "--tree", str(tree), "--moves", str(moves), "--json"],
        capture_output=True,
        text=True,
        cwd=tree,
        env=_env(tree),
        timeout=900,
    )
    if proc.returncode != 0:
        raise SystemExit(f"the measurement failed in {tree}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _env(tree: Path) -> dict:
    import os

    home = tempfile.mkdtemp(prefix="bench-updates-")
    atexit.register(shutil.rmtree, home, True)  # the scratch home goes at exit
    return {**os.environ, "PYTHONPATH": str(tree), "CARDTABLE_HOME": home}


def extract(ref: str, into: Path) -> Path:
    """The files of commit ``ref`` of this repository, in ``into``."""
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def line(label: str, got: dict) -> str:
    return (
        f"{label:<10} {got['median']:8.2f} {got['mean']:8.2f} {got['layouts']:8.2f} {got['tables']:8.2f} "
        f"{got['rows']:8.1f} {got['bytes']:9.0f}   ({got['moves']} moves)"
    )


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--moves", type=int, default=40)
    p.add_argument("--rounds", type=int, default=2, help="alternating runs of each tree")
    p.add_argument("--against", metavar="REF", help="also measure this commit (e.g. HEAD~3), alternating")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--tree", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.json:  # a child: measure once, print one JSON line
        sys.path.insert(0, args.tree or str(ROOT))
        print(json.dumps(asyncio.run(measure(args.moves))))
        return
    moves, rounds = (6, 1) if args.quick else (args.moves, args.rounds)
    trees = [("this tree", ROOT)]
    with tempfile.TemporaryDirectory(prefix="bench-updates-ref-") as tmp:
        if args.against and not args.quick:
            trees.append((args.against, extract(args.against, Path(tmp))))
        print(
            f"CPU per update per seat (one seat's screen, {SIZE[0]}x{SIZE[1]}, another player moves); "
            f"load average {' '.join(f'{x:.2f}' for x in _load())}"
        )
        print(
            f"{'tree':<10} {'ms med':>8} {'ms mean':>8} {'layouts':>8} {'tables':>8} {'rows':>8} {'bytes':>9}"
        )
        for _r in range(rounds):
            for label, tree in trees:
                print(line(label[:10], run_tree(tree, moves)), flush=True)


def _load() -> tuple[float, ...]:
    import os

    return os.getloadavg() if hasattr(os, "getloadavg") else ()


if __name__ == "__main__":
    main()
