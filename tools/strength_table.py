"""The README's strength table from `cardtable tournament --results` files.

    python tools/strength_table.py RESULTS.jsonl [...]

Each file holds one game's seat-rotated matches (one JSON line per match, as written by
``cardtable tournament GAME --levels normal,hard --results FILE``).  Prints one Markdown row per
file: cycles, matches, options that differ from the game's defaults, and per level the win share
with its 95% interval (over cycles, only whole cycles), beside the fair share; a level
whose interval lies wholly above the fair share is marked ▲, wholly below ▼ (from five cycles).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games import arena, get_rules  # noqa: E402
from games.core import CardtableError  # noqa: E402

ORDER = ("random", "easy", "normal", "hard", "expert")
MIN_CYCLES = 5  # fewer cycles: the interval is too rough to mark


def game_row(path: Path) -> str | None:
    """One Markdown row for the results in ``path`` (None if it holds no whole cycle)."""
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
    defaults = rules.resolve_options(rules.default_seats, {})
    changed = ", ".join(f"{k}={v}" for k, v in first["options"].items() if defaults.get(k) != v) or "defaults"
    fair = summary["fair_share"]
    cells = []
    for st in summary["levels"]:
        lo, hi = st.win_ci
        sure = summary["cycles"] >= MIN_CYCLES
        mark = " ▲" if sure and lo > fair else " ▼" if sure and hi < fair else ""
        cells.append(f"{st.level} {100 * st.win_share:.0f}% ({100 * lo:.0f}–{100 * hi:.0f}){mark}")
    return (
        f"| {rules.title} | {changed} | {summary['cycles']} | {summary['matches']} | {100 * fair:.0f}% | "
        + " | ".join(cells)
        + " |"
    )


def main(argv: list[str]) -> int:
    print("| game | options | cycles | matches | fair share | win share (95% interval) per level | | |")
    print("|---|---|---:|---:|---:|---|---|---|")
    for name in argv:
        try:
            row = game_row(Path(name))
        except (OSError, CardtableError, ValueError) as exc:
            print(f"strength_table: {name}: {exc}", file=sys.stderr)
            return 2
        if row:
            print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
