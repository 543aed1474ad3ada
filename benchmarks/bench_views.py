"""What a bot's look-ahead spends besides the rules (issue 33): views, the heuristic, a hard move.

The rollout bot (`hard` in ten games) plays every seat of every playout with the game's
heuristic, and the heuristic reads a view: so a playout's decision costs a view and a heuristic
choice as well as the rules' ``legal_actions`` and ``apply``.  For each game, on positions of
matches between ``normal`` bots (the README's ladder options; the same seeds every run):

- view us: the median CPU microseconds of ``view(seat)`` for the seat to act (what a person's
  table and the network receive);
- bot view us: the same for ``playout_view(seat)``, the view without the table's words that the
  bots' playouts read (the whole view where a checkout has no such thing);
- heuristic us: the median of the ``normal`` bot's choice from such a view;
- LEVEL s: the CPU seconds of ``--positions`` decisions of a LEVEL bot (default ``hard``), one
  at every fifth decision with a choice, each with its own seed; and a digest of the choices.

``--against DIR`` measures another checkout (a git worktree of an earlier commit: ``git worktree
add /tmp/before COMMIT``) in the same run, alternating the two ``--rounds`` times and keeping
each figure's least, and prints both with their ratio and whether the choices were the same.

Usage: python benchmarks/bench_views.py [--positions 10] [--level hard] [--against DIR] [--rounds 2]
       [--quick] [GAME ...]
Numbers only: nothing here asserts a speed.  CPU time (time.process_time): other load on the
machine moves it less than the wall clock, but rerun on a quiet machine for figures to quote.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = Path(os.environ.get("BENCH_VIEWS_ROOT") or HERE.parent)  # the checkout measured (--against)
sys.path.insert(0, str(ROOT))
# the measured checkout's games, imported before bench_levels puts its own checkout first on the path
GAMES_PACKAGE = importlib.import_module("games")

from bench_levels import LADDER_OPTIONS  # noqa: E402

QUICK_GAMES = ("tricks_n_trumps",)


def measure(game: str, level: str, positions: int) -> dict:
    """This checkout's figures for one game (see the module docstring)."""
    from games import get_rules
    from games.bots import make_bot

    where = Path(str(GAMES_PACKAGE.__file__)).resolve()
    assert where.is_relative_to(ROOT.resolve()), f"measuring {where}, not the checkout at {ROOT}"
    rules = get_rules(game)
    states, seed = [], 0
    while len(states) < positions:
        state = rules.new_game(rules.default_seats, dict(LADDER_OPTIONS.get(game, {})), seed)
        seed += 1
        bots = [make_bot("normal", game, 7 + i) for i in range(state.num_seats)]
        k = 0
        while state.to_act is not None and len(states) < positions:
            legal = state.legal_actions()
            if len(legal) > 1 and k % 5 == 0:
                states.append(state.clone())
            k += 1
            pick = bots[state.to_act].choose(state.view(state.to_act), legal) if len(legal) > 1 else legal[0]
            state.apply(pick)

    def median_us(call, reps: int = 20) -> float:
        times = []
        for s in states:
            t = time.process_time()
            for _ in range(reps):
                call(s)
            times.append((time.process_time() - t) / reps * 1e6)
        return statistics.median(times)

    heuristic = make_bot("normal", game, 1)
    bare = (lambda s: s.playout_view(s.to_act)) if hasattr(states[0], "playout_view") else None
    figures = {
        "view_us": median_us(lambda s: s.view(s.to_act)),
        "bot_view_us": median_us(bare or (lambda s: s.view(s.to_act))),
        "heuristic_us": median_us(lambda s: heuristic.choose(s.view(s.to_act), s.legal_actions())),
    }
    digest, spent = hashlib.sha256(), 0.0
    for i, s in enumerate(states):
        bot = make_bot(level, game, 100 + i)
        seat = s.to_act
        view, legal, worlds = s.view(seat), list(s.legal_actions()), s.sampler(seat)
        t = time.process_time()
        choice = bot.choose(view, legal, worlds=worlds)
        spent += time.process_time() - t
        digest.update(choice.text.encode())
    return {**figures, "level_s": spent, "choices": digest.hexdigest()[:12]}


def run_child(root: Path, game: str, level: str, positions: int) -> dict:
    """:func:`measure` in a fresh process on the checkout at ``root``."""
    proc = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "--child",
            game,
            "--level",
            level,
            "--positions",
            str(positions),
        ],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "BENCH_VIEWS_ROOT": str(root)},
    )
    if proc.returncode:
        raise SystemExit(f"{game} at {root} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--against", type=Path, help="another checkout to measure in the same run")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="one game, two positions, one round")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.level, args.positions)))
        return
    if args.quick:
        args.positions, args.rounds = 2, 1
    from games import game_names

    games = args.games or (list(QUICK_GAMES) if args.quick else list(game_names()))
    trees = {"now": ROOT} | ({"before": args.against.resolve()} if args.against else {})
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.level} at {args.positions} positions a game, least of {args.rounds} rounds, "
        f"load average {load:.1f} on {os.cpu_count()} CPUs"
    )
    head = f"{'game':16}{'view us':>9}{'bot view':>10}{'heur. us':>10}{f'{args.level} s':>9}"
    if args.against:
        head += f"{'| before: view':>15}{'bot view':>10}{'heur. us':>10}{f'{args.level} s':>9}"
        head += f"{'ratio':>7}{'same':>6}"
    print(head)
    for game in games:
        best: dict[str, dict] = {}
        for _ in range(args.rounds):
            for name, root in trees.items():
                got = run_child(root, game, args.level, args.positions)
                if name in best:
                    got = {k: (min(v, best[name][k]) if k != "choices" else v) for k, v in got.items()}
                best[name] = got
        now = best["now"]
        line = (
            f"{game:16}{now['view_us']:>9.1f}{now['bot_view_us']:>10.1f}{now['heuristic_us']:>10.1f}"
            f"{now['level_s']:>9.2f}"
        )
        if args.against:
            b = best["before"]
            line += (
                f"{b['view_us']:>15.1f}{b['bot_view_us']:>10.1f}{b['heuristic_us']:>10.1f}"
                f"{b['level_s']:>9.2f}{now['level_s'] / b['level_s']:>7.2f}"
                f"{'yes' if now['choices'] == b['choices'] else 'NO':>6}"
            )
        print(line, flush=True)
    print("view us, bot view us, heuristic us: medians over the positions (CPU microseconds);")
    print(f"{args.level} s: CPU seconds of its {args.positions} decisions; ratio: now / before;")
    print("same: the two checkouts chose alike at every position.")


if __name__ == "__main__":
    main()
