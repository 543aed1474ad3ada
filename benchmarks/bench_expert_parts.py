"""The expert's parts each measured on its own against ``hard`` (issue 34).

For each game, three or four versions of the expert play seat-rotated tournaments against ``hard`` on the
same seeds (cycle ``c`` uses match seed ``--seed + c``): **deals** (the game's look-ahead with the
expert's budget, as ``hard`` with more deals: no solver, no inference), **+ solver** (the card
play solved in each deal where the game's expert solves it), **+ inference** (the deals
weighed by how likely the other seats' plays were) and **+ bidding** (bids and trump judged by
the solved card play after them, where the game declares it): the declared expert.  One
expert against a field of ``hard`` bots; in a partnership game both partners play the expert.
The matches go to ``benchmarks/ladder/parts-GAME-VERSION.jsonl`` (a stopped run resumes); the
script prints one row per game and version: cycles, the expert's win share with its 95% interval
over cycles, and the fair share (▲: the interval wholly above it).  Cycles are played in turns
across the versions, so a run stopped at any time has them (almost) equal.

Usage: nice -n 10 python benchmarks/bench_expert_parts.py [--cycles 20] [--seed 3400] [--out DIR] [--quick] [GAME ...]
The games are those that declare an expert (``BOT_LEVELS.expert``; all of them by default).
Runs in this process only (the parts are switched in this process).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import arena, game_names, get_rules
from games.bots import Expert, Playouts, expert, levels
from games.bots.expert import PARTS

VERSIONS = {
    "deals": frozenset({"deals"}),
    "+ solver": frozenset({"deals", "solver"}),
    "+ inference": frozenset({"deals", "solver", "inference"}),
    "+ bidding": PARTS,
}
OUT_DIR = [Path(__file__).resolve().parent / "ladder"]  # --out sets it


def line_up(game: str) -> list[str]:
    """One expert against hard bots; both partners expert in a partnership game."""
    rules = get_rules(game)
    n = rules.default_seats
    teams = arena.partnerships(rules.name, n, rules.resolve_options(n, {}))
    first = set(teams[0]) if teams else {0}
    return ["expert" if s in first else "hard" for s in range(n)]


def results_file(game: str, version: str) -> Path:
    name = version.strip("+ ").replace(" ", "_")
    return OUT_DIR[0] / f"parts-{game}-{name}.jsonl"


#: --quick: tiny budgets, one cycle, results in a temporary folder (a test that the script runs)
QUICK = {
    "expert": Expert(deals=12, nodes=100_000, infer=0.1),
    "hard": Playouts(hard=24),
}


def play(game: str, version: str, cycles: int, seed: int, quick: bool = False) -> list[arena.MatchResult]:
    """The version's tournament up to ``cycles`` cycles (resumed from its results file)."""
    declared = levels.levels_of(game)
    if declared.expert is None:
        raise SystemExit(f"{game} declares no expert of its own: its expert is its look-ahead")
    patched = declared
    if quick:
        patched = dataclasses.replace(declared, expert=QUICK["expert"], look_ahead=QUICK["hard"])
    rules = get_rules(game)
    options = rules.resolve_options(rules.default_seats, {})
    path = results_file(game, version)
    done = arena.read_results(str(path), rules.name, options) if path.exists() else []
    expert.PARTS = VERSIONS[version]
    original = levels.levels_of
    levels.levels_of = lambda name: patched if get_rules(name).name == rules.name else original(name)

    def keep(result: arena.MatchResult) -> None:
        with open(path, "a", encoding="utf-8") as sink:
            sink.write(arena.result_line(rules.name, result, options) + "\n")

    try:
        results = arena.tournament(
            game, line_up(game), cycles, seed, options=options, workers=1, done=done, on_result=keep
        )
        # in task order, with the matches of later cycles the file already held (a run with fewer
        # cycles than the file must not drop them)
        keys = {(r.cycle, r.seed, r.levels) for r in results}
        others = [r for r in done if (r.cycle, r.seed, r.levels) not in keys]
        arena.write_results(str(path), rules.name, options, [*results, *others])
        return results
    finally:
        levels.levels_of = original
        expert.PARTS = PARTS


def versions(game: str) -> list[str]:
    """The versions a game has: "+ bidding" only where its expert judges bids (``Expert.bids``)."""
    declared = levels.levels_of(game).expert
    bids = declared is not None and declared.bids > 0
    return [v for v in VERSIONS if v != "+ bidding" or bids]


def row(game: str, version: str, results: list[arena.MatchResult]) -> str:
    summary = arena.summarise(results, ["expert", "hard"])
    st = summary["levels"][0]
    fair = summary["fair_share"]
    lo, hi = st.win_ci
    mark = (
        " ▲" if lo > fair and summary["cycles"] >= 5 else " ▼" if hi < fair and summary["cycles"] >= 5 else ""
    )
    return (
        f"| {get_rules(game).title} | {version} | {summary['cycles']} | {fair:.0%} | "
        f"{st.win_share:.0%} ({lo:.0%}–{hi:.0%}){mark} |"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--seed", type=int, default=3400)
    parser.add_argument(
        "--step", type=int, default=1, help="cycles a version plays before the next one's turn"
    )
    parser.add_argument("--out", type=Path, help="the folder of the results files (benchmarks/ladder)")
    parser.add_argument("--quick", action="store_true", help="tiny budgets, one cycle (a test); needs --out")
    args = parser.parse_args(argv)
    games = args.games or [g for g in game_names() if levels.levels_of(g).expert is not None]
    if args.quick:
        if args.out is None:
            parser.error("--quick writes its results elsewhere: give --out")
        games, args.cycles, args.step = games[:1], 1, 1
    if args.out is not None:
        OUT_DIR[0] = args.out
    OUT_DIR[0].mkdir(parents=True, exist_ok=True)
    final: dict[tuple[str, str], list[arena.MatchResult]] = {}
    for game in games:
        for upto in range(args.step, args.cycles + args.step, args.step):
            for version in versions(game):
                final[(game, version)] = play(game, version, min(upto, args.cycles), args.seed, args.quick)
    print("| game | expert | cycles | fair share | expert's win share against hard (95% interval) |")
    print("|---|---|---:|---:|---|")
    for (game, version), results in final.items():
        print(row(game, version, results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
