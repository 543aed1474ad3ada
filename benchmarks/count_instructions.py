"""Instruction counts of clone() and of a random-playout decision, per game, under callgrind.

Instruction counts do not depend on the machine's load, so engine changes can be compared on a busy
machine (wall-clock tables are taken on a quiet one by bench_playouts.py).  For each game, one
valgrind run (``PYTHONHASHSEED=0``, same seeds every time):

- warm-up: the mid-match states of bench_playouts.py (``--states``, seeds from 1000), each cloned
  once, and one random match (seed 0);
- clone: every mid-match state cloned ``--clones`` times; instructions / clones;
- apply: as many clones of them, each applying the first of its legal actions (legal lists made
  before); instructions / applies (a mean over the states, deals and scored hands included);
- playout: random matches with seeds 1..``--matches`` (``Rules.random_play_options``, as
  bench_playouts.py plays them), legal_actions + apply + a random choice; instructions / decisions;
- late clone: bench_playouts.py's late states (``--late`` of them, in the second half of a
  random match), each cloned once (``first``: a state's first clone folds its logs,
  games.core.log), then ``--clones`` times more (``late``).

The phases are split by calls to ``os.getppid`` (callgrind's ``--dump-before=os_getppid``: each
call dumps the counts so far and starts again from zero), so one run gives every figure.  Before
each phase the garbage is collected and what is left frozen (gc.freeze), so the collector's work
in a phase is that of the phase's own objects.

Usage: python benchmarks/count_instructions.py [--states 50] [--clones 20] [--matches 3] [--late 10] [GAME ...]
Needs valgrind and a Python whose libpython keeps its symbols (os_getppid); prints a table.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def child(name: str, n_states: int, clones: int, matches: int, n_late: int) -> None:
    """The measured program (run under valgrind): warm-up, clone, apply, playout and late phases."""
    from bench_playouts import late_states, mid_states

    from games import get_rules

    rules = get_rules(name)
    late = late_states(rules, n_late)
    states = mid_states(rules, n_states)
    for s in states:
        s.clone()
    options = dict(rules.random_play_options)

    def play(seed: int, rng: random.Random) -> int:
        state = rules.new_game(rules.default_seats, dict(options), seed=seed)
        n = 0
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            n += 1
        return n

    play(0, random.Random(0))
    _settle()
    os.getppid()  # dump 0: start-up and warm-up
    for _ in range(clones):
        for s in states:
            s.clone()
    os.getppid()  # dump 1: clones
    copies = [s.clone() for _ in range(clones) for s in states]
    firsts = [c.legal_actions()[0] for c in copies]
    _settle()
    os.getppid()  # dump 2: making the copies and their legal lists
    for c, a in zip(copies, firsts):
        c.apply(a)
    os.getppid()  # dump 3: applies
    del copies, firsts
    _settle()
    rng = random.Random(1)
    os.getppid()  # dump 4: clean-up
    decisions = sum(play(seed, rng) for seed in range(1, matches + 1))
    os.getppid()  # dump 5: playouts
    _settle()
    os.getppid()  # dump 6: clean-up
    for s in late:
        s.clone()
    os.getppid()  # dump 7: the late states' first clones
    for _ in range(clones):
        for s in late:
            s.clone()
    os.getppid()  # dump 8: late clones
    print(len(states) * clones, decisions, len(late))


def _settle() -> None:
    """Collect the garbage and freeze what is left, so that the collector's work in the next
    phase is that of the phase's own objects (not of the states and copies made before it)."""
    gc.collect()
    gc.freeze()


def totals(prefix: Path) -> list[int]:
    """The instruction totals of the dumps callgrind wrote at each os.getppid call, in order."""
    files = sorted(prefix.parent.glob(prefix.name + ".*"), key=lambda p: int(p.name.rsplit(".", 1)[1]))
    out = []
    for f in files:
        for line in f.read_text().splitlines():
            if line.startswith(("totals:", "summary:")):
                out.append(int(line.split()[1]))
                break
    return out


def measure(name: str, args: argparse.Namespace) -> tuple[float, ...]:
    with tempfile.TemporaryDirectory(prefix="count-instructions-") as tmp:
        prefix = Path(tmp) / "cg"
        proc = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--dump-before=os_getppid",
                f"--callgrind-out-file={prefix}",
                sys.executable,
                __file__,
                "--child",
                name,
                "--states",
                str(args.states),
                "--clones",
                str(args.clones),
                "--matches",
                str(args.matches),
                "--late",
                str(args.late),
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True,
        )
        n_clones, decisions, n_late = map(int, proc.stdout.split())
        counts = totals(prefix)
        # dumps: [start-up, clones, copies, applies, clean-up, playouts, clean-up, first late
        # clones, late clones, rest]
        return (
            counts[1] / n_clones,
            counts[3] / n_clones,
            counts[5] / decisions,
            counts[7] / n_late,
            counts[8] / (n_late * args.clones),
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--states", type=int, default=50)
    ap.add_argument("--clones", type=int, default=20)
    ap.add_argument("--matches", type=int, default=3)
    ap.add_argument("--late", type=int, default=10)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.states, args.clones, args.matches, args.late)
        return
    from games import game_names

    names = args.games or list(game_names())
    print(f"{'game':<22}{'clone':>10}{'apply':>10}{'decision':>10}{'first late':>11}{'late':>10}")
    for name in names:
        clone, apply, decision, first, late = measure(name, args)
        print(
            f"{name:<22}{clone:>10,.0f}{apply:>10,.0f}{decision:>10,.0f}{first:>11,.0f}{late:>10,.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
