"""Search benchmark (issue 13): ISMCTS simulations/second and random rollouts/second, beside OpenSpiel.

For each game (default seats and options): the search bot's simulations per second at the first
card of a hand (after any bidding; each simulation = deal a possible world + walk the tree + a
random playout to the end of the hand), random rollouts per second from a freshly dealt state
(clone + random play to the end of the hand, through the generic protocol: the hand's last card
also deals the next hand, as a table's does), the same rollouts on the bots' fast path (the world
stops where the next hand would be dealt: ``games.bots.search.stop_at_next_deal``, which every
playout of the bots uses, and which pyspiel's rollouts match: its Oh Hell ends with its one
deal), and the
CPU and wall time of one ``hard`` move there.  In the same run, OpenSpiel (benchmarks/.venv-openspiel,
see setup_openspiel.sh) measures its Python ISMCTS, its C++ ISMCTS and pyspiel rollouts on
three-player Oh Hell with 5 and 13 tricks (compare with Tricks'N'Trumps' 5 cards and Trump Suit's 13).

Usage: python benchmarks/bench_search.py [--seconds 2] [--no-openspiel] [--quick] [GAME ...]
Times are process CPU time unless marked wall.  Numbers only: nothing here asserts a speed.
``--quick`` (run by the test suite): a fraction of a second per figure, two games by default.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_playouts import OPENSPIEL_VENV, _pyspiel_imports, _run_bounded  # noqa: E402

from games import get_rules  # noqa: E402
from games.bots import make_bot  # noqa: E402
from games.bots.search import SearchBot, stop_at_next_deal  # noqa: E402

DEFAULT_GAMES = ("tricks_n_trumps", "trump_suit", "simple_strange", "contract_grid", "rams", "bourre")
QUICK_GAMES = ("tricks_n_trumps", "trump_suit")
OH_HELL_TRICKS = (5, 13)


def first_card(rules, seed: int):
    """A state at the first card of a hand with a real choice (bids and the like played at random)."""
    rng = random.Random(seed)
    state = rules.new_game(rules.default_seats, None, seed)
    while not (state.phase == "play" and not state.trick and len(state.legal_actions()) > 1):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def search_rate(rules, seconds: float) -> float:
    """ISMCTS simulations per CPU second at the first card of several hands."""
    done, spent, seed = 0, 0.0, 0
    while spent < seconds:
        state = first_card(rules, seed)
        worlds = state.sampler(state.to_act)
        bot = SearchBot(seed, iterations=200)
        t0 = time.process_time()
        bot.search(worlds, state.to_act)
        spent += time.process_time() - t0
        done += bot.iterations
        seed += 1
    return done / spent


def rollout_rate(rules, seconds: float, fast: bool = False) -> float:
    """Clone a dealt state and play at random to the end of its hand, per CPU second (``fast``:
    on the bots' fast path, which stops where the next hand would be dealt)."""
    rng, done, spent, seed = random.Random(1), 0, 0.0, 0
    while spent < seconds:
        dealt = rules.new_game(rules.default_seats, None, seed)
        seed += 1
        t0 = time.process_time()
        for _ in range(50):
            s = dealt.clone()
            if fast:
                stop_at_next_deal(s)
            hand = s.hand_number
            while s.to_act is not None and s.hand_number == hand:
                legal = s.legal_actions()
                s.apply(legal[int(rng.random() * len(legal))])
            done += 1
        spent += time.process_time() - t0
    return done / spent


def hard_move(rules) -> dict:
    """One ``hard`` move at the first card of a hand: CPU and wall seconds, and its budget (tree
    search iterations, or a rollout bot's heuristic playouts)."""
    state = first_card(rules, 99)
    bot = make_bot("hard", rules.name, 1)
    worlds = state.sampler(state.to_act)
    view, legal = state.view(state.to_act), list(state.legal_actions())
    c0, w0 = time.process_time(), time.perf_counter()
    bot.choose(view, legal, worlds=worlds)
    budget = f"{bot.iterations} it" if hasattr(bot, "iterations") else f"{bot.playouts} po"
    return {"budget": budget, "cpu_s": time.process_time() - c0, "wall_s": time.perf_counter() - w0}


def openspiel(seconds: float, timeout: float | None) -> tuple[dict | None, str]:
    python = OPENSPIEL_VENV / "bin" / "python"
    if not _pyspiel_imports(python):
        return None, "OpenSpiel is not installed (run benchmarks/setup_openspiel.sh)"
    code, out = _run_bounded(
        [str(python), str(HERE / "pyspiel_search.py"), str(seconds), *map(str, OH_HELL_TRICKS)], timeout
    )
    if code != 0:
        tail = out.strip().splitlines()
        return None, "the pyspiel run did not finish" if code is None else (
            tail[-1] if tail else f"exit {code}"
        )
    return json.loads(out), ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game names (default: the six first games)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel comparison")
    ap.add_argument("--quick", action="store_true", help="a short run (CI: figures, no verdicts)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    names = args.games or (QUICK_GAMES if args.quick else DEFAULT_GAMES)
    if args.quick:
        args.seconds = min(args.seconds, 0.2)
    ours = {}
    for name in names:
        rules = get_rules(name)
        ours[rules.name] = {
            "search_sims_per_s": search_rate(rules, args.seconds),
            "rollouts_per_s": rollout_rate(rules, args.seconds),
            "fast_rollouts_per_s": rollout_rate(rules, args.seconds, fast=True),
            "hard_move": None if args.quick else hard_move(rules),
        }
        print(f"  measured {rules.name}", file=sys.stderr, flush=True)
    spiel, reason = (
        (None, "skipped (--no-openspiel)")
        if args.no_openspiel
        else openspiel(args.seconds, 60 if args.quick else None)
    )
    if args.json:
        print(json.dumps({"ours": ours, "openspiel": spiel, "openspiel_note": reason}, sort_keys=True))
        return
    _print(ours, spiel, reason)


def _print(ours: dict, spiel: dict | None, reason: str) -> None:
    print(f"{'game':18} {'ISMCTS sims/s':>14} {'rollouts/s':>11} {'fast path':>10} {'hard move':>26}")
    for name, r in ours.items():
        hm = r["hard_move"]
        move = "-" if hm is None else f"{hm['budget']}, {hm['cpu_s']:.2f} s cpu, {hm['wall_s']:.2f} s wall"
        print(
            f"{name:18} {r['search_sims_per_s']:14,.0f} {r['rollouts_per_s']:11,.0f} "
            f"{r['fast_rollouts_per_s']:10,.0f} {move:>26}"
        )
    print("(a hard move's budget: it = tree-search iterations, po = the rollout bot's heuristic playouts;")
    print(
        " rollouts/s deal the next hand at the hand's last card, the fast path stops there as the bots' do)"
    )
    print()
    if spiel is None:
        print(f"OpenSpiel: not available ({reason})")
        return
    print(f"OpenSpiel {spiel.get('version', '?')}, three-player oh_hell, first card / dealt state:")
    print(f"{'game':18} {'Python ISMCTS':>14} {'C++ ISMCTS':>11} {'rollouts/s':>11}")
    for key, r in spiel.items():
        if key == "version":
            continue
        print(
            f"{key:18} {r['python_ismcts_sims_per_s']:14,.0f} {r['cpp_ismcts_sims_per_s']:11,.0f} "
            f"{r['rollouts_per_s']:11,.0f}"
        )
    print()
    pairs = (("tricks_n_trumps", "oh_hell_5"), ("trump_suit", "oh_hell_13"))
    for ours_name, theirs in pairs:
        if ours_name in ours and theirs in spiel:
            a, b = ours[ours_name], spiel[theirs]
            print(
                f"{ours_name} vs {theirs}: ISMCTS {a['search_sims_per_s'] / b['python_ismcts_sims_per_s']:.2f}x "
                f"OpenSpiel Python, {a['search_sims_per_s'] / b['cpp_ismcts_sims_per_s']:.3f}x C++; "
                f"rollouts {a['rollouts_per_s'] / b['rollouts_per_s']:.2f}x pyspiel "
                f"({a['fast_rollouts_per_s'] / b['rollouts_per_s']:.2f}x on the fast path)"
            )


if __name__ == "__main__":
    main()
