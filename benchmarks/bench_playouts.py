"""Playout benchmark: every registered game through the generic protocol, beside OpenSpiel.

For each game (default seat count, default options, or for Pepper and Preference the short
match random players need to end one: ``Rules.random_play_options``): random playouts (legal_actions + apply +
a random choice) as decisions/second and whole matches/second, clone() and apply()
microseconds on mid-match states, and the heuristic bot's milliseconds per move (search-free bots).  In the same
run, OpenSpiel's Python API (pyspiel) plays random games of spades and oh_hell in its own
virtual environment (benchmarks/.venv-openspiel, made by setup_openspiel.sh; never a cardtable
dependency), and the ratios are printed side by side.

Usage: python benchmarks/bench_playouts.py [--seconds 2] [--no-openspiel] [--quick] [--root DIR] [GAME ...]
Numbers only; nothing here asserts a speed (design.md: performance lives in benchmarks/).
``--quick`` (run by the test suite, so that a broken benchmark fails CI): a fraction of a second
per game and fewer samples; OpenSpiel is used if its environment works, or installed from PyPI
within ``--install-timeout`` seconds; otherwise the table says it is not available and our own
figures are printed all the same.
Times are process CPU time (time.process_time) in both this script and the pyspiel worker, so
that other load on the machine disturbs the ratios less; on a busy machine, rerun.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# --root DIR: measure the games of another checkout (an earlier commit's worktree) with this script
ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve() if "--root" in sys.argv[:-1] else HERE.parent
sys.path.insert(0, str(ROOT))

from games import all_rules, get_rules  # noqa: E402
from games.bots import make_bot  # noqa: E402

OPENSPIEL_VENV = Path(
    os.environ.get("OPENSPIEL_VENV") or HERE / ".venv-openspiel"
)  # setup_openspiel.sh reads it too
OPENSPIEL_GAMES = ("spades", "oh_hell")


def random_play_options(rules) -> dict:
    """``Rules.random_play_options``, or for a checkout from before it existed (``--root``) the
    same options where the game has them (Pepper's hand_limit, Preference's max_hands)."""
    found = getattr(rules, "random_play_options", None)
    if found is not None:
        return dict(found)
    known = {o.name for o in rules.options}
    return {k: v for k, v in _RANDOM_PLAY_OPTIONS.get(rules.name, {}).items() if k in known}


_RANDOM_PLAY_OPTIONS = {"pepper": {"hand_limit": 20}, "preference": {"max_hands": 20}}


def random_playouts(rules, seconds: float) -> dict:
    rng = random.Random(1)
    decisions = matches = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = rules.new_game(rules.default_seats, random_play_options(rules), seed=seed)
        seed += 1
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        matches += 1
    elapsed = time.process_time() - start
    return {
        "decisions_per_s": decisions / elapsed,
        "matches_per_s": matches / elapsed,
        "decisions_per_match": decisions / matches,
    }


def mid_states(rules, count: int = 200) -> list:
    rng = random.Random(2)
    states = []
    seed = 1000
    while len(states) < count:
        state = rules.new_game(rules.default_seats, seed=seed)
        seed += 1
        for _ in range(rng.randrange(3, 40)):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if not state.is_over:
            states.append(state)
    return states


def late_states(rules, count: int = 50) -> list:
    """States late in a match: each random match (``Rules.random_play_options``, as the playouts
    play them) replayed from its seed to a random point in the second half of its length.  A
    state's logs (history, events) grow with its match, and search bots clone states there."""
    rng = random.Random(3)
    states = []
    seed = 3000
    options = random_play_options(rules)
    while len(states) < count:
        state = rules.new_game(rules.default_seats, dict(options), seed=seed)
        while state.to_act is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        played = list(state.history)
        stop = rng.randrange(len(played) // 2, len(played))
        state = rules.new_game(rules.default_seats, dict(options), seed=seed)
        for action in played[:stop]:
            state.apply(action)
        states.append(state)
        seed += 1
    return states


def micro(rules, samples: int = 20000) -> dict:
    late = medians(late_states(rules, max(5, samples // 400)), 30)
    states = mid_states(rules, min(200, max(20, samples // 100)))
    reps = max(1, samples // len(states))
    t0 = time.process_time()
    for _ in range(reps):
        for s in states:
            s.clone()
    clone_us = (time.process_time() - t0) / (reps * len(states)) * 1e6
    copies = [s.clone() for _ in range(reps) for s in states]
    actions = [s.legal_actions()[0] for s in copies]  # legal lists computed outside the timing
    t0 = time.process_time()
    for s, a in zip(copies, actions):
        s.apply(a)
    apply_us = (time.process_time() - t0) / len(copies) * 1e6
    return {
        "clone_us": clone_us,
        "apply_us": apply_us,
        **medians(states, reps),
        "first_late_us": late["first_clone_med_us"],
        "clone_late_us": late["clone_med_us"],
        "apply_late_us": late["apply_med_us"],
        "late_length": late["length"],
    }


def medians(states: list, reps: int) -> dict:
    """The median of single clone() and apply() calls on the mid-match states (the design budget is
    a median: one call is timed at a time, so a deal or a scored hand in a few of them, or the
    machine's other load, moves it little).  Wall-clock nanoseconds per call."""
    clock = time.perf_counter_ns
    firsts, clones, applies = [], [], []
    for s in states:  # a state's first clone folds its logs (games.core.log): timed on its own
        t0 = clock()
        s.clone()
        firsts.append(clock() - t0)
    for _ in range(max(1, reps // 10)):
        for s in states:
            t0 = clock()
            copy = s.clone()
            clones.append(clock() - t0)
            action = copy.legal_actions()[0]
            t0 = clock()
            copy.apply(action)
            applies.append(clock() - t0)
    return {
        "first_clone_med_us": statistics.median(firsts) / 1e3,
        "clone_med_us": statistics.median(clones) / 1e3,
        "apply_med_us": statistics.median(applies) / 1e3,
        "length": statistics.median(len(s.history) for s in states),
    }


def heuristic_ms(rules, moves: int = 3000) -> float | None:
    try:
        bots = [make_bot("heuristic", rules.name, i) for i in range(rules.default_seats)]
    except Exception:  # a game without a heuristic bot: only random
        return None
    spent, done, seed = 0.0, 0, 0
    while done < moves:
        state = rules.new_game(rules.default_seats, seed=seed)
        seed += 1
        while state.to_act is not None and done < moves:
            seat = state.to_act
            view, legal = state.view(seat), state.legal_actions()
            t0 = time.process_time()
            action = bots[seat].choose(view, legal)
            spent += time.process_time() - t0
            done += 1
            state.apply(action)
    return spent / done * 1e3


def openspiel(seconds: float, install_timeout: float | None = None) -> tuple[dict | None, str]:
    """Run pyspiel_playouts.py in the OpenSpiel venv (installing it from PyPI if pyspiel does not
    import there, within ``install_timeout`` seconds if given); (results, reason)."""
    python = OPENSPIEL_VENV / "bin" / "python"
    if not _pyspiel_imports(python):
        code, out = _run_bounded(["sh", str(HERE / "setup_openspiel.sh")], install_timeout)
        if code is None:
            return (
                None,
                f"installing open-spiel from PyPI took more than {install_timeout:g} s (rerun to finish it)",
            )
        if code != 0 or not _pyspiel_imports(python):
            tail = out.strip().splitlines()
            return None, f"could not install open-spiel ({tail[-1] if tail else 'setup failed'})"
    code, out = _run_bounded(
        [str(python), str(HERE / "pyspiel_playouts.py"), str(seconds), *OPENSPIEL_GAMES],
        None if install_timeout is None else 30 + 10 * seconds,
    )
    if code != 0:
        tail = out.strip().splitlines()
        return None, "the pyspiel run did not finish" if code is None else (
            tail[-1] if tail else f"exit status {code}"
        )
    return json.loads(out), ""


def _pyspiel_imports(python: Path) -> bool:
    if not python.exists():
        return False
    return _run_bounded([str(python), "-c", "import pyspiel"], 60)[0] == 0


def _run_bounded(cmd: list[str], timeout: float | None) -> tuple[int | None, str]:
    """Run ``cmd``; (exit status, stdout or else stderr), or (None, "") if it outlived ``timeout``
    seconds (then it is stopped with everything it started)."""
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, ""
    return proc.returncode, out if proc.returncode == 0 else (err or out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game names (default: every registered game)")
    ap.add_argument("--seconds", type=float, default=2.0, help="playout time per game")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the pyspiel comparison")
    ap.add_argument("--root", metavar="DIR", help="measure the games of this checkout (default: this one)")
    ap.add_argument(
        "--quick", action="store_true", help="a short run with few samples (CI: figures, no verdicts)"
    )
    ap.add_argument(
        "--install-timeout",
        type=float,
        default=40.0,
        help="with --quick, the most seconds spent installing OpenSpiel (default 40)",
    )
    args = ap.parse_args()
    rules_list = [get_rules(g) for g in args.games] if args.games else all_rules()
    if args.quick:
        args.seconds = min(args.seconds, 0.2)
    samples, moves = (2000, 200) if args.quick else (20000, 3000)

    ours = {}
    for rules in rules_list:
        ours[rules.name] = {
            **random_playouts(rules, args.seconds),
            **micro(rules, samples),
            "bot_ms": heuristic_ms(rules, moves),
            "seats": rules.default_seats,
        }
        print(f"  measured {rules.name}", file=sys.stderr, flush=True)
    if args.no_openspiel:
        spiel, reason = None, "skipped (--no-openspiel)"
    else:
        spiel, reason = openspiel(args.seconds, args.install_timeout if args.quick else None)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Random playouts, {args.seconds:g} s CPU per game, Python {sys.version.split()[0]}, "
        f"load average {load:.1f} on {os.cpu_count()} CPUs"
    )
    head = (
        f"{'game':<22}{'seats':>5}{'decisions/s':>13}{'matches/s':>11}{'dec/match':>10}{'clone us':>10}"
        f"{'apply us':>10}{'clone med':>10}{'apply med':>10}{'bot ms/move':>13}"
        f"{'late at':>9}{'first late':>11}{'clone late':>11}{'apply late':>11}"
    )
    print(head)
    print("-" * len(head))
    for name, r in ours.items():
        bot = "-" if r["bot_ms"] is None else f"{r['bot_ms']:.3f}"
        print(
            f"{name:<22}{r['seats']:>5}{r['decisions_per_s']:>13,.0f}{r['matches_per_s']:>11,.1f}"
            f"{r['decisions_per_match']:>10.1f}{r['clone_us']:>10.2f}{r['apply_us']:>10.2f}"
            f"{r['clone_med_us']:>10.2f}{r['apply_med_us']:>10.2f}{bot:>13}"
            f"{r['late_length']:>9.0f}{r['first_late_us']:>11.2f}{r['clone_late_us']:>11.2f}"
            f"{r['apply_late_us']:>11.2f}"
        )
    if spiel is None:
        print(f"OpenSpiel not available: {reason}; only our own figures are shown")
    else:
        print_openspiel(ours, spiel)
    print()
    print("clone us, apply us: CPU time over a batch of mid-match states (a mean: deals and scored hands")
    print("included); clone med, apply med: the median of single calls (the design budget's figure).")
    print("late at, clone late, apply late: the same medians on states in the second half of a random")
    print("match (late at: their median number of actions played); first late: the median of each")
    print("late state's first clone (it folds the state's logs, once: games.core.log).")
    print("bot ms/move: the heuristic bot's choose() per decision (CPU time): the normal level, which")
    print("looks only at the view.  The hard and expert bots (tree search or the heuristic's playouts")
    print("over possible deals) are measured by benchmarks/bench_search.py.")


def print_openspiel(ours: dict, spiel: dict) -> None:
    for g in OPENSPIEL_GAMES:
        s = spiel[g]
        print(
            f"{'pyspiel ' + g:<22}{s['players']:>5}{s['decisions_per_s']:>13,.0f}{s['games_per_s']:>11,.1f}"
            f"{s['decisions_per_game']:>10.1f}{s['clone_us']:>10.2f}{s['apply_us']:>10.2f}{'-':>10}{'-':>10}{'-':>13}"
        )
    print(
        f"(pyspiel {spiel['version']}: a 'match' there is one deal; chance outcomes are not counted as decisions)"
    )
    print()
    print("Ratio of decisions/s, ours / pyspiel (design budget: at least 1.0 against spades)")
    print(f"{'game':<22}" + "".join(f"{'vs ' + g:>14}" for g in OPENSPIEL_GAMES))
    for name, r in ours.items():
        print(
            f"{name:<22}"
            + "".join(f"{r['decisions_per_s'] / spiel[g]['decisions_per_s']:>14.2f}" for g in OPENSPIEL_GAMES)
        )


if __name__ == "__main__":
    main()
