"""Positions where good players agree on the move: what each bot level plays there.

Each file of ``tests/positions/`` is a position (games.core.position: a deal set out by hand
and the actions since) with the move good players agree on (``agreed``), why (``why``), and the
levels known not to find it yet (``fails``).  This asks every level at every position, with the
bots' seed as a table would give it, and prints a line a position and a total a level::

    python tools/agreed.py [--levels normal,hard,expert] [--seed 0] [FILE or GAME ...]

A level that plays otherwise than agreed is marked ``x``; ``!`` marks an answer the file does
not expect (a level listed in ``fails`` that now finds the move, or one not listed that misses
it): the test suite (tests/bots/test_agreed_positions.py) fails on those.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots import bot_task, make_bot  # noqa: E402
from games.core.position import Position  # noqa: E402

FOLDER = ROOT / "tests" / "positions"
LEVELS = ("normal", "hard", "expert")


@dataclass(frozen=True)
class Agreed:
    """A position file with its agreed move(s), the reason, and the levels known to miss it."""

    path: Path
    position: Position
    agreed: tuple[str, ...]
    why: str
    fails: dict[str, str]

    @classmethod
    def load(cls, path: Path) -> Agreed:
        text = path.read_text(encoding="utf-8")
        doc = json.loads(text)
        agreed = doc.get("agreed")
        if not (isinstance(agreed, list) and agreed and all(isinstance(a, str) for a in agreed)):
            raise ValueError(f"{path.name}: 'agreed' must list the agreed move(s) as text")
        fails = doc.get("fails", {})
        return cls(path, Position.from_json(text, path.name), tuple(agreed), str(doc.get("why", "")), fails)

    def answer(self, level: str, seed: int = 0) -> str:
        """The move ``level`` plays here (its notation), from the acting seat's view."""
        state = self.position.replay()
        assert state.to_act is not None, f"{self.path.name}: nobody is to act"
        bot = make_bot(level, state.rules.name, seed)
        return bot_task(bot, state, state.to_act)().text


def files(names: list[str]) -> list[Path]:
    """The position files named (files, or games: every file of that game), or all of them."""
    every = sorted(FOLDER.glob("*.json"))
    if not names:
        return every
    found = []
    for name in names:
        path = Path(name)
        found += [path] if path.suffix == ".json" else [p for p in every if p.name.startswith(f"{name}-")]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="position files or games (default: every position)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=0, help="the bots' seed")
    args = parser.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    found = {lv: 0 for lv in levels}
    spent = {lv: 0.0 for lv in levels}
    paths = files(args.names)
    for path in paths:
        case = Agreed.load(path)
        marks = []
        for level in levels:
            started = time.process_time()
            move = case.answer(level, args.seed)
            spent[level] += time.process_time() - started
            right = move in case.agreed
            found[level] += right
            expected = right != (level in case.fails)
            marks.append(f"{level} {move}{'' if right else ' x'}{'' if expected else ' !'}")
        print(f"{path.stem:44s} agreed {'/'.join(case.agreed):10s} " + "; ".join(marks))
    print(
        f"{len(paths)} positions: "
        + ", ".join(f"{lv} {found[lv]} ({spent[lv] / max(1, len(paths)):.2f} s a move)" for lv in levels)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
