"""Review benchmark (issue 35): how long the review of a whole match takes, and what a hint costs.

For each game: a match of normal bots (seed 1, default seats and options) is reviewed for its
first seat by the judging level (``expert`` by default; ``--level hard`` for the quicker one);
printed: the match's actions, the seat's decisions, how many the judge agreed with and marked,
the wall time of the whole review and per decision.  Then the median wall time of a hint (the
``hard`` bot's move and its reason, Table.hint) over the first decisions of that seat.

Usage: python benchmarks/bench_review.py [--level expert|hard] [--budget N] [--hints N] [--quick] [GAME ...]
Numbers only: nothing here asserts a speed.  ``--quick`` (run by the test suite): one short game,
the hard level with a small budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtable.session import SeatConfig, Table
from games import get_rules
from games.arena import play_match
from games.core import Record
from games.review import review

DEFAULT_GAMES = ("tricks_n_trumps", "agram", "page_one", "bacon", "pepper", "cucumber", "piquet")


def review_figures(game: str, level: str, budget: int | None) -> str:
    n = get_rules(game).default_seats
    state = play_match(game, ["normal"] * n, 1)
    record = Record.of(state, [f"P{i + 1}" for i in range(n)], {"bot_seed": 1})
    start = time.perf_counter()
    result = review(record, 0, level=level, budget=budget)
    wall = time.perf_counter() - start
    agreed = sum(1 for d in result.decisions if d.agreed)
    per = wall / max(1, result.total)
    return (
        f"{game:16} {len(record.actions):7} {result.total:9} {agreed:6} {len(result.marks):6} "
        f"{wall:8.1f} {per:8.2f}"
    )


def hint_figures(game: str, hints: int) -> str:
    n = get_rules(game).default_seats
    seats = [SeatConfig("human", "You")] + [SeatConfig("bot", f"B{i}", "normal") for i in range(1, n)]
    table = Table.new(game, seats, seed=2)
    table.record_matches = False
    times = []
    while len(times) < hints and not table.state.is_over:
        if table.state.to_act != 0:
            table.play_bot()
            continue
        if len(table.state.legal_actions()) > 1:
            start = time.perf_counter()
            action, _ = table.hint(0)
            times.append(time.perf_counter() - start)
        else:
            action = table.state.legal_actions()[0]
        table.submit(0, action)
    if not times:
        return f"{game:16} (no decision)"
    return f"{game:16} {len(times):5} {statistics.median(times):8.2f} {max(times):8.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--hints", type=int, default=8)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    games = args.games or (["agram"] if args.quick else list(DEFAULT_GAMES))
    level, budget, hints = args.level, args.budget, args.hints
    if args.quick:
        level, budget, hints = "hard", budget or 60, 2
    print(
        f"Review of a whole match, first seat, judged by {level}" + (f" (budget {budget})" if budget else "")
    )
    print(
        f"{'game':16} {'actions':>7} {'decisions':>9} {'agreed':>6} {'marked':>6} {'wall s':>8} {'s/dec':>8}"
    )
    for game in games:
        print(review_figures(game, level, budget), flush=True)
    print("\nHints (the hard bot's move and its reason), wall seconds")
    print(f"{'game':16} {'hints':>5} {'median':>8} {'max':>8}")
    for game in games:
        print(hint_figures(game, hints), flush=True)


if __name__ == "__main__":
    main()
