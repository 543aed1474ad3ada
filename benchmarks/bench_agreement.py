"""How often two bot levels choose differently at the same positions (issue 34: why a ladder step
is or is not shown).

A tournament measures a step by whole matches, which the deal decides more often than the bots.
This asks the question underneath: at positions of real play, does the higher level choose
otherwise at all?  For each game, ``normal`` bots play matches (the README's ladder options,
seeds 0, 1, ...), and at every ``--stride``-th decision with more than one legal action every
level in ``--levels`` is asked for its move there, from the acting seat's view, with the seed
the table would give it.  Printed per game: the positions asked, how many times each pair of
neighbouring levels chose differently, and each level's median CPU seconds a move.  A step whose
levels choose the same move at nearly every position cannot be shown by any number of matches:
the higher level must first choose otherwise.

Usage: python benchmarks/bench_agreement.py [--positions 20] [--stride 3] [--levels normal,hard,expert]
[--play-only] [--quick] [GAME ...]
``--play-only`` asks only in the card play (where Bacon's and Contract Grid's look-ahead plays: it
leaves their auctions and squares to the heuristic).
Numbers only; nothing here asserts a speed or a strength.  Run it niced on a shared machine.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_levels import LADDER_OPTIONS  # this folder: the README's ladder options

from games import arena, game_names, get_rules
from games.bots import bot_task, make_bot
from games.core import GameState


def positions(
    game: str, count: int, stride: int, play_only: bool = False
) -> Iterator[tuple[GameState, int, int]]:
    """``count`` positions (state, match seed, seat) of matches between ``normal`` bots: every
    ``stride``-th decision with more than one legal action (``play_only``: in the card play only)."""
    rules = get_rules(game)
    n = rules.default_seats
    options = rules.resolve_options(n, dict(LADDER_OPTIONS.get(game, {})))
    found = seen = seed = 0
    while found < count:
        state = rules.new_game(n, dict(options), seed)
        bots = [make_bot("normal", rules.name, arena.bot_seed(seed, i)) for i in range(n)]
        while state.to_act is not None and found < count:
            seat = state.to_act
            if len(state.legal_actions()) > 1 and (not play_only or state.phase == "play"):
                seen += 1
                if seen % stride == 0:
                    found += 1
                    yield state.clone(), seed, seat
            arena.reseed(bots[seat], seed, seat, len(state.history))
            state.apply(bot_task(bots[seat], state, seat)())
        seed += 1


def ask(
    game: str, levels: list[str], count: int, stride: int, play_only: bool = False
) -> tuple[int, list[int], list[list[float]]]:
    """Positions asked, for each neighbouring pair of levels how often they differed, and each
    level's CPU seconds a move."""
    differ = [0] * (len(levels) - 1)
    seconds: list[list[float]] = [[] for _ in levels]
    asked = 0
    for state, seed, seat in positions(game, count, stride, play_only):
        asked += 1
        chosen = []
        for i, level in enumerate(levels):
            bot = make_bot(level, game, arena.bot_seed(seed, seat))
            arena.reseed(bot, seed, seat, len(state.history))
            started = time.process_time()
            chosen.append(bot_task(bot, state, seat)())
            seconds[i].append(time.process_time() - started)
        for i in range(len(levels) - 1):
            differ[i] += chosen[i] != chosen[i + 1]
    return asked, differ, seconds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--stride", type=int, default=3)
    parser.add_argument("--levels", default="normal,hard,expert")
    parser.add_argument("--play-only", action="store_true", help="positions of the card play only")
    parser.add_argument("--quick", action="store_true", help="three positions in Tricks'N'Trumps (a test)")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.positions = args.games or ["tricks_n_trumps"], 3
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    if len(levels) < 2:
        parser.error("name at least two levels")
    pairs = [f"{a} ≠ {b}" for a, b in itertools.pairwise(levels)]
    print("| game | positions | " + " | ".join(pairs) + " | " + " | ".join(f"{lv} s" for lv in levels) + " |")
    print("|---|---:|" + "---:|" * (len(pairs) + len(levels)))
    for game in args.games or game_names():
        asked, differ, seconds = ask(game, levels, args.positions, args.stride, args.play_only)
        cells = [f"{d} ({100 * d / asked:.0f}%)" for d in differ]
        cells += [f"{statistics.median(s):.2f}" for s in seconds]
        print(f"| {get_rules(game).title} | {asked} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
