"""Time per move at each bot level (issue 34): the README's ladder table gives these beside the
win shares.

For each game and level, one bot of the level plays seat 0 of matches against ``normal`` bots
(the README's options, seeds 0, 1, ...) until it has made ``--moves`` decisions that had more than
one legal action; the figures are the CPU time of those decisions: median, 90th percentile and
the largest.  A decision with one legal action costs nothing and is not counted.

Usage: python benchmarks/bench_levels.py [--moves 40] [--levels easy,normal,hard,expert] [--quick] [GAME ...]
Numbers only: nothing here asserts a speed.  Run it niced on a shared machine; CPU time is what
one core spends, so a loaded machine slows the wall clock, not these figures (much).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import arena, game_names, get_rules
from games.bots import bot_task, make_bot

#: the options the README's ladder was played with (shorter matches in a few games)
LADDER_OPTIONS: dict[str, dict[str, int]] = {
    "bourre": {"hands": 4},
    "preference": {"max_hands": 12},
    "rams": {"hands": 5},
    "trump_suit": {"target": 250},
}


def move_times(game: str, level: str, moves: int) -> list[float]:
    """CPU seconds of ``moves`` decisions of a ``level`` bot in seat 0 against normal bots."""
    rules = get_rules(game)
    n = rules.default_seats
    options = rules.resolve_options(n, dict(LADDER_OPTIONS.get(game, {})))
    times: list[float] = []
    seed = 0
    while len(times) < moves:
        state = rules.new_game(n, dict(options), seed)
        bots = [
            make_bot(level if i == 0 else "normal", rules.name, arena.bot_seed(seed, i)) for i in range(n)
        ]
        while state.to_act is not None and len(times) < moves:
            seat = state.to_act
            arena.reseed(bots[seat], seed, seat, len(state.history))
            task = bot_task(bots[seat], state, seat)
            t0 = time.process_time()
            action = task()
            spent = time.process_time() - t0
            if seat == 0 and len(state.legal_actions()) > 1:
                times.append(spent)
            state.apply(action)
        seed += 1
    return times


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--levels", default="easy,normal,hard,expert")
    parser.add_argument("--quick", action="store_true", help="two moves a level in Tricks'N'Trumps (a test)")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.moves = args.games or ["tricks_n_trumps"], 2
    games = args.games or game_names()
    levels = args.levels.split(",")
    print("| game | " + " | ".join(levels) + " |")
    print("|---|" + "---:|" * len(levels))
    for game in games:
        cells = []
        for level in levels:
            t = move_times(game, level, args.moves)
            q90 = sorted(t)[int(0.9 * (len(t) - 1))]
            cells.append(f"{_fmt(statistics.median(t))} / {_fmt(q90)} / {_fmt(max(t))}")
        print(f"| {get_rules(game).title} | " + " | ".join(cells) + " |", flush=True)
    return 0


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds:.2f} s"


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
