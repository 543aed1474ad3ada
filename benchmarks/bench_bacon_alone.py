"""Is the normal Bacon bot right to go alone so often? (issue 34)

The normal bot goes alone whenever its hand alone is worth ``ALONE_AT`` (2.3) expected tricks,
which is most of its pick-ups.  Here a partnership of normal bots that goes alone at another
threshold (a variant, seated as the ``easy`` level in this process only) plays seat-rotated
matches against a partnership of the normal bot as it is, on the same seeds: for each
threshold, both sides' win shares per seat with their 95% intervals (fair 25% a seat, each
match won by two seats) and how many of each side's pick-ups went alone.

Usage: nice -n 10 python benchmarks/bench_bacon_alone.py [--cycles 300] [--seed 500] [--quick] [THRESHOLD ...]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import arena
from games.bacon.bot import ALONE_AT, BaconBot
from games.bots import levels

COUNTS: Counter[tuple[str, str]] = Counter()


class Counting(BaconBot):
    """The normal bot, counting its pick-ups and how many went alone."""

    def _auction(self, view, by):
        action = super()._auction(view, by)
        COUNTS[(type(self).__name__, action.kind)] += 1
        return action


def measure(threshold: float, cycles: int, seed: int) -> str:
    class Variant(Counting):
        ALONE_AT = threshold

    COUNTS.clear()
    original = levels.Levels.make

    def make(self, level, game, seed=None):
        if game == "bacon" and level in ("easy", "normal"):
            return (Variant if level == "easy" else Counting)(seed)
        return original(self, level, game, seed)

    levels.Levels.make = make
    try:
        results = arena.tournament("bacon", ["normal", "easy", "normal", "easy"], cycles, seed, workers=1)
    finally:
        levels.Levels.make = original
    summary = arena.summarise(results, ["normal", "easy"])
    cells = []
    for st, name in zip(summary["levels"], ("Counting", "Variant")):
        picks = COUNTS[(name, "pick")] + COUNTS[(name, "alone")]
        lo, hi = st.win_ci
        alone = COUNTS[(name, "alone")]
        cells.append(f"{st.win_share:.1%} ({lo:.1%}–{hi:.1%}), alone on {alone} of {picks} pick-ups")
    return f"| {threshold} | {summary['cycles']} | " + " | ".join(cells) + " |"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("thresholds", nargs="*", type=float, default=[2.0, 2.6, 3.0, 99.0])
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--quick", action="store_true", help="three cycles of one threshold (a test)")
    args = parser.parse_args(argv)
    if args.quick:
        args.thresholds, args.cycles = args.thresholds[:1], 3
    print(f"| variant's threshold | cycles | normal as is ({ALONE_AT}) | variant |")
    print("|---:|---:|---|---|")
    for threshold in args.thresholds:
        print(measure(threshold, args.cycles, args.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
