"""The README's strength table from `cardtable tournament --results` files.

    python tools/strength_table.py RESULTS.jsonl [...]
    python tools/strength_table.py --ladder [FOLDER]
    python tools/strength_table.py --decided RESULTS.jsonl [...]


Each file holds one game's seat-rotated matches (one JSON line per match, as written by
``cardtable tournament GAME --levels normal,hard --results FILE``).  Prints one Markdown row per
file: cycles, matches, options that differ from the game's defaults, and per level the win share
with its 95% interval (over cycles, only whole cycles), beside the fair share; a level
whose interval lies wholly above the fair share is marked ▲, wholly below ▼ (from five cycles).

``--decided FILE ...`` prints, for each file, how many cycles the same seats won in every
seating (the deal decided them, whichever level sat where): a step not shown over many such
cycles is one the levels rarely tell apart.

``--ladder`` prints the README's ladder instead: a row a game, a column a step (random < easy,
easy < normal, normal < hard, hard < expert), the higher level's share in each from
``FOLDER/GAME-HIGHER-LOWER.jsonl`` (default ``benchmarks/ladder``), "no results" where there is
no such file.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games import all_rules, arena, get_rules  # noqa: E402
from games.core import CardtableError  # noqa: E402

ORDER = ("random", "easy", "normal", "hard", "expert")
MIN_CYCLES = 5  # fewer cycles: the interval is too rough to mark


def _read(path: Path) -> tuple[Any, dict[str, Any], str] | None:
    """The game's rules, the summary of the whole cycles in ``path`` and the options that differ
    from the game's defaults ("defaults" if none); None if the file holds no whole cycle."""
    first = next(
        (json.loads(line) for line in path.read_text().splitlines() if line.strip().endswith("}")), None
    )
    if first is None:
        return None
    rules = get_rules(first["game"])
    results = arena.read_results(str(path), rules.name, first["options"])
    levels = [lv for lv in ORDER if any(lv in r.levels for r in results)]
    per_cycle = Counter(r.cycle for r in results)
    whole = len({r.levels for r in results})  # the seatings of one cycle (a level may sit several times)
    results = [r for r in results if per_cycle[r.cycle] == whole]
    if not results:
        return None
    summary = arena.summarise(results, levels)
    summary["seats_of"] = {lv: results[0].levels.count(lv) for lv in levels}
    summary["decided"] = decided(results)
    defaults = rules.resolve_options(rules.default_seats, {})
    changed = ", ".join(f"{k}={v}" for k, v in first["options"].items() if defaults.get(k) != v) or "defaults"
    return rules, summary, changed


def _share(st: Any, summary: dict[str, Any]) -> str:
    """A level's win share with its interval, marked ▲/▼ against the fair share."""
    fair = summary["fair_share"]
    lo, hi = st.win_ci
    sure = summary["cycles"] >= MIN_CYCLES
    mark = " ▲" if sure and lo > fair else " ▼" if sure and hi < fair else ""
    return f"{100 * st.win_share:.0f}% ({100 * lo:.0f}–{100 * hi:.0f}){mark}"


def game_row(path: Path) -> str | None:
    """One Markdown row for the results in ``path`` (None if it holds no whole cycle)."""
    read = _read(path)
    if read is None:
        return None
    rules, summary, changed = read
    cells = [f"{st.level} {_share(st, summary)}" for st in summary["levels"]]
    return (
        f"| {rules.title} | {changed} | {summary['cycles']} | {summary['matches']} | "
        f"{100 * summary['fair_share']:.0f}% | " + " | ".join(cells) + " |"
    )


def decided(results: list[arena.MatchResult]) -> int:
    """The cycles in which the same seats won every seating, whichever levels held them: there
    the deal decided the match, and the levels' difference shows only in the other cycles."""
    winners: dict[int, set[tuple[int, ...]]] = {}
    for r in results:
        winners.setdefault(r.cycle, set()).add(tuple(sorted(r.winners)))
    return sum(1 for seen in winners.values() if len(seen) == 1)


def decided_line(path: Path) -> str | None:
    """How many of a results file's whole cycles the deal decided (see :func:`decided`)."""
    read = _read(path)
    if read is None:
        return None
    rules, summary, _ = read
    return f"{rules.title} ({path.name}): {summary['decided']} of {summary['cycles']} cycles won by the same seats in every seating"


STEPS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"), ("expert", "hard"))


def ladder_cell(path: Path, higher: str) -> str:
    """The higher level's share in one step's results (a seat's share, however many seats it held
    in a seating: "2 seats: ", the partners in a partnership game), the options that differ from
    the defaults, and the cycles."""
    read = _read(path) if path.exists() else None
    if read is None:
        return "no results"
    _, summary, changed = read
    st = next(st for st in summary["levels"] if st.level == higher)
    seats = summary["seats_of"][higher]
    both = f"{seats} seats: " if seats > 1 else ""
    options = "" if changed == "defaults" else f"{changed}: "
    return f"{both}{options}{_share(st, summary)}, {summary['cycles']}"


def ladder(folder: Path) -> list[str]:
    """The ladder table: a row a game, a column a step, from ``folder/GAME-HIGHER-LOWER.jsonl``."""
    rows = [
        "| game | fair | " + " | ".join(f"{lo} < {hi}" for hi, lo in STEPS) + " |",
        "|---|---:|" + "---|" * len(STEPS),
    ]
    for rules in sorted(all_rules(), key=lambda r: r.title):
        cells = [ladder_cell(folder / f"{rules.name}-{hi}-{lo}.jsonl", hi) for hi, lo in STEPS]
        rows.append(f"| {rules.title} | {100 / rules.default_seats:.0f}% | " + " | ".join(cells) + " |")
    return rows


def _each(names: list[str], line: Callable[[Path], str | None]) -> int:
    """Print ``line`` of each results file (skipping files without a whole cycle); a file that
    cannot be read is one message and status 2."""
    for name in names:
        try:
            text = line(Path(name))
        except (OSError, CardtableError, ValueError) as exc:
            print(f"strength_table: {name}: {exc}", file=sys.stderr)
            return 2
        if text:
            print(text)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--decided"]:
        return _each(argv[1:], decided_line)
    if argv[:1] == ["--ladder"]:
        folder = Path(argv[1] if len(argv) > 1 else ROOT / "benchmarks" / "ladder")
        try:
            print("\n".join(ladder(folder)))
        except (OSError, CardtableError, ValueError) as exc:
            print(f"strength_table: {exc}", file=sys.stderr)
            return 2
        return 0
    print("| game | options | cycles | matches | fair share | win share (95% interval) per level | | |")
    print("|---|---|---:|---:|---:|---|---|---|")
    return _each(argv, game_row)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
