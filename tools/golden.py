"""Golden matches: one recorded bot match per game and notable option set, replayed action for action.

    python tools/golden.py                      check every file (what tests/test_golden.py does)
    python tools/golden.py --update [NAME ...]  play the matches again and rewrite their files
    python tools/golden.py --add GAME [--name VARIANT] [--options k=v,...] [--levels a,b,...] [--seed N]

Each file ``tests/golden/<game>[-<variant>].json`` holds what to play (the game, its options as
given, the bot level of each seat, the match seed) and what was played: every action, one line
of the file per hand, and the final scores, winners and reason.  The match is played as a
tournament plays it (:func:`games.arena.play_match`, the Table's seeding rule), so a change that
alters one bot's choice or one rule's effect anywhere in a match shows here, at the first action
that differs.

A change that should alter play (a rules fix, a stronger bot) refreshes the files on purpose:
``--update`` replays every file from its own parameters (or only the files or games named) and
says which changed and where; commit the files with the change.  ``--update`` also records a
match for a game that has none yet (the default options, seats cycling through
:data:`DEFAULT_LEVELS`), so a new game needs no edit here.  ``--add`` records a new file for an
option set worth keeping (hard bots only where a whole match costs well under ten seconds: the
test replays every file).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games import game_names, get_rules  # noqa: E402
from games.arena import play_match  # noqa: E402
from games.core import GameState  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
DEFAULT_LEVELS = ("normal", "random", "easy")  # seat i of a game's default match: DEFAULT_LEVELS[i % 3]
DEFAULT_SEED = 1


@dataclass(frozen=True)
class Match:
    """What to play (``game``, ``options`` as given, one level per seat, ``seed``) and what was
    played: the actions of each hand, in order, and the final result."""

    game: str
    options: dict[str, Any]
    levels: tuple[str, ...]
    seed: int
    hands: tuple[tuple[str, ...], ...] = ()
    scores: tuple[float, ...] = ()
    winners: tuple[int, ...] = ()
    reason: str = ""

    @property
    def actions(self) -> list[str]:
        return [a for hand in self.hands for a in hand]

    def where(self, index: int) -> str:
        """``hand 3, move 12`` for the action at ``index`` (from 0) of the whole match."""
        for number, hand in enumerate(self.hands, 1):
            if index < len(hand):
                return f"hand {number}, move {index + 1}"
            index -= len(hand)
        return "after the last hand"


def play(spec: Match) -> tuple[Match, GameState]:
    """Play ``spec``'s match; the match with what was played, and the final state."""
    state = play_match(spec.game, spec.levels, spec.seed, spec.options)
    out = state.outcome()
    assert out is not None, "play_match returns a finished match"
    return (
        Match(
            spec.game,
            spec.options,
            spec.levels,
            spec.seed,
            _hands(state),
            tuple(out.scores),
            tuple(out.winners),
            out.reason,
        ),
        state,
    )


def _hands(state: GameState) -> tuple[tuple[str, ...], ...]:
    """The match's actions split by hand: replayed from the start, an action starts a new hand
    when the hand number has moved on since the one before."""
    replay = state.rules.new_game(state.num_seats, dict(state.options), state.seed)
    hands: list[list[str]] = []
    last = None
    for action in state.history:
        number = getattr(replay, "hand_number", 0)
        if number != last or not hands:
            hands.append([])
            last = number
        hands[-1].append(action.text)
        replay.apply(action)
    return tuple(tuple(h) for h in hands)


# ---------------------------------------------------------------- files


def path_of(game: str, variant: str = "") -> Path:
    return GOLDEN / (f"{game}-{variant}.json" if variant else f"{game}.json")


def load(path: Path) -> Match:
    d = json.loads(path.read_text(encoding="utf-8"))
    return Match(
        d["game"],
        d["options"],
        tuple(d["levels"]),
        d["seed"],
        tuple(tuple(h) for h in d["hands"]),
        tuple(d["scores"]),
        tuple(d["winners"]),
        d["reason"],
    )


def dump(match: Match) -> str:
    """The file's text: one field a line, and one line per hand, so that a diff shows the hands
    that changed."""
    head = {
        "game": match.game,
        "options": match.options,
        "levels": list(match.levels),
        "seed": match.seed,
        "scores": list(match.scores),
        "winners": list(match.winners),
        "reason": match.reason,
        "actions": len(match.actions),
    }
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    hands = ",\n".join(f"    {json.dumps(list(h), ensure_ascii=False)}" for h in match.hands)
    return "{\n" + "\n".join(lines) + '\n  "hands": [\n' + hands + "\n  ]\n}\n"


def files() -> list[Path]:
    return sorted(GOLDEN.glob("*.json"))


# ---------------------------------------------------------------- comparing


def differences(path: Path, recorded: Match, played: Match, state: GameState) -> list[str]:
    """What differs between the recorded match and the one just played, in words that name the
    file, the game and the first action that differs (empty: the same match)."""
    name = path.name
    what = f"{name} ({recorded.game}, levels {','.join(recorded.levels)}, seed {recorded.seed})"
    old, new = recorded.actions, played.actions
    for i, (a, b) in enumerate(zip(old, new)):
        if a != b:
            seat = state.actors[i]
            return [
                f"{what}: action {i + 1} of {len(old)} ({recorded.where(i)}) differs: the record has "
                f"{a!r}, seat {seat} ({recorded.levels[seat]}) played {b!r}; "
                f"before it: {' '.join(old[max(0, i - 6) : i]) or '(the start)'}"
            ]
    found = []
    if len(old) != len(new):
        i = min(len(old), len(new))
        longer, rest = (
            ("the record", old[i : i + 6]) if len(old) > len(new) else ("the replay", new[i : i + 6])
        )
        found.append(
            f"{what}: the record has {len(old)} actions, the replay {len(new)}; "
            f"the same for the first {i}, then {longer} goes on with {' '.join(rest)}"
        )
    elif recorded.hands != played.hands:
        found.append(
            f"{what}: the same actions split into other hands ({len(recorded.hands)} then {len(played.hands)})"
        )
    for field in ("scores", "winners", "reason"):
        a, b = getattr(recorded, field), getattr(played, field)
        if a != b:
            found.append(f"{what}: final {field} differ: the record has {a!r}, the replay {b!r}")
    return found


def check(path: Path) -> list[str]:
    """Replay the file's match; the differences (empty: it holds)."""
    recorded = load(path)
    played, state = play(recorded)
    return differences(path, recorded, played, state)


HOW_TO_UPDATE = (
    "if the change is meant to alter play, refresh the file: python tools/golden.py --update {name}"
)


# ---------------------------------------------------------------- the command


def _parse_options(text: str) -> dict[str, Any]:
    """``target=100,nil=false`` -> ``{"target": 100, "nil": False}`` (JSON values, else text)."""
    options: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in text.split(","))):
        key, _, value = item.partition("=")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value.strip()
    return options


def default_match(game: str) -> Match:
    seats = get_rules(game).default_seats
    return Match(game, {}, tuple(DEFAULT_LEVELS[i % len(DEFAULT_LEVELS)] for i in range(seats)), DEFAULT_SEED)


def record(path: Path, spec: Match) -> str:
    """Play ``spec`` and write it to ``path``; a line saying what changed."""
    started = time.process_time()
    played, state = play(spec)
    took = f"{time.process_time() - started:.1f} s"
    if path.exists():
        found = differences(path, load(path), played, state)
        verdict = ("changed: " + found[0]) if found else "unchanged"
    else:
        verdict = f"new: {len(played.actions)} actions in {len(played.hands)} hands"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump(played), encoding="utf-8")
    return f"{path.name} ({took}): {verdict}"


def _selected(names: Sequence[str]) -> Iterable[Path]:
    """The files named (a file name, a path, or a game: all of that game's files), or all."""
    if not names:
        yield from files()
        return
    for name in names:
        candidate = Path(name)
        if candidate.suffix == ".json":
            yield candidate if candidate.exists() else GOLDEN / candidate.name
        else:
            game = get_rules(name).name
            yield from (p for p in files() if load(p).game == game)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--update", action="store_true", help="play the matches again and rewrite their files")
    ap.add_argument("--add", metavar="GAME", help="record a new golden match of GAME")
    ap.add_argument("--name", default="", help="with --add: the variant's name (the file game-NAME.json)")
    ap.add_argument("--options", default="", help="with --add: options as k=v,k=v")
    ap.add_argument("--levels", default="", help="with --add: one bot level per seat (default: a mix)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help="with --add: the match seed")
    ap.add_argument("names", nargs="*", help="files or games (default: all)")
    args = ap.parse_args(argv)

    if args.add:
        game = get_rules(args.add).name
        levels = tuple(args.levels.split(",")) if args.levels else default_match(game).levels
        print(record(path_of(game, args.name), Match(game, _parse_options(args.options), levels, args.seed)))
        return 0
    if args.update:
        for path in _selected(args.names):
            print(record(path, load(path)), flush=True)
        have = {load(p).game for p in files()}
        for game in game_names():
            if game not in have:
                print(record(path_of(game), default_match(game)), flush=True)
        return 0
    failed = 0
    for path in _selected(args.names):
        started = time.process_time()
        found = check(path)
        failed += bool(found)
        print(
            f"{path.name}: {'differs' if found else 'holds'} ({time.process_time() - started:.1f} s)",
            flush=True,
        )
        for line in found:
            print("   ", line)
    if failed:
        print(f"{failed} golden match(es) differ; " + HOW_TO_UPDATE.format(name="NAME ..."))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
