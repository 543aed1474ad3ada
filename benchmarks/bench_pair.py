"""Random playouts of two checkouts, interleaved game by game, each beside pyspiel in the same run.

The machines we share move a lot from one minute to the next (pyspiel's own spades went from 87k
to 194k decisions/s within one eight-minute run), so a table of one checkout taken after a table
of the other compares the machine as much as the code.  This script runs, for each game,
``--reps`` rounds of (before, after): each a ``bench_playouts.py --root DIR GAME`` run of this
checkout's script (the same measurement for both trees), with pyspiel's spades measured in the
same process run, right after our figures.  It prints for each side the best and the median
decisions/s, the median ratio to that run's spades, and the medians of the clone and apply
medians (µs); and the median over rounds of after / before (the two runs of a round are
seconds apart).

Usage: python benchmarks/bench_pair.py BEFORE_DIR [AFTER_DIR] [--reps 3] [--seconds 1] [--quick] [GAME ...]
(BEFORE_DIR: a worktree of the earlier commit, e.g. ``git worktree add --detach ../before
458f1ed``; AFTER_DIR: this checkout by default).  Numbers only: nothing here asserts a speed.
For figures that do not move with the machine, use count_instructions.py (callgrind).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from games import game_names  # noqa: E402


def one_run(root: Path, game: str, timing: list[str]) -> dict[str, float] | None:
    """One bench_playouts.py run of ``game`` in checkout ``root``: our figures and spades'."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    cmd = [
        sys.executable,
        str(HERE / "bench_playouts.py"),
        *timing,
        "--root",
        str(root),
        game,
    ]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False).stdout
    ours = re.search(rf"^{game}\s+\d+\s+([\d,]+)\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)\s+(\S+)", out, re.M)
    spades = re.search(r"^pyspiel spades\s+\d+\s+([\d,]+)", out, re.M)
    if ours is None:
        return None
    decisions = float(ours.group(1).replace(",", ""))
    return {
        "decisions": decisions,
        "ratio": decisions / float(spades.group(1).replace(",", "")) if spades else float("nan"),
        "clone": float(ours.group(2)),
        "apply": float(ours.group(3)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", type=Path, help="the earlier checkout (a worktree)")
    ap.add_argument("after", type=Path, nargs="?", default=HERE.parent, help="default: this checkout")
    ap.add_argument("games", nargs="*", help="game names (default: every registered game)")
    ap.add_argument("--reps", type=int, default=3, help="rounds of (before, after) a game")
    ap.add_argument("--seconds", type=float, default=1.0, help="playout CPU time a run")
    ap.add_argument(
        "--quick", action="store_true", help="one round of Agram, bench_playouts' --quick (the tests)"
    )
    args = ap.parse_intermixed_args()
    if args.after.name in game_names():  # AFTER_DIR left out, a game named
        args.games.insert(0, str(args.after))
        args.after = HERE.parent
    games = args.games or (["agram"] if args.quick else list(game_names()))
    timing = ["--quick"] if args.quick else ["--seconds", str(args.seconds)]
    reps = 1 if args.quick else args.reps
    side = f"{'best':>9}{'median':>9}{'/spades':>8}{'clone':>7}{'apply':>7}"
    print(f"{'':16}{'before':^40}{'after':^40}")
    print(f"{'game':16}{side}{side}{'after/before':>13}")
    for game in games:
        runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        gains = []
        for _ in range(reps):
            pair = (
                one_run(args.before.resolve(), game, timing),
                one_run(args.after.resolve(), game, timing),
            )
            for name, run in zip(runs, pair):
                if run is not None:
                    runs[name].append(run)
            if pair[0] is not None and pair[1] is not None:
                gains.append(pair[1]["decisions"] / pair[0]["decisions"])
        cells = []
        for name in runs:
            got = runs[name]
            if not got:
                cells.append(f"{'(failed)':>40}")
                continue
            med = {k: statistics.median(r[k] for r in got) for k in got[0]}
            best = max(r["decisions"] for r in got)
            cells.append(
                f"{best:>9,.0f}{med['decisions']:>9,.0f}{med['ratio']:>8.2f}{med['clone']:>7.2f}{med['apply']:>7.2f}"
            )
        gain = f"{statistics.median(gains):>12.2f}x" if gains else f"{'-':>13}"
        print(f"{game:16}{''.join(cells)}{gain}", flush=True)
    print(
        "best, median: decisions/s over the rounds; /spades: the median of each run's decisions/s over"
        "\nthe spades of the same run; clone, apply: medians of the runs' median µs (mid-match states);"
        "\nafter/before: the median over rounds of the two runs' decisions/s."
    )


if __name__ == "__main__":
    main()
