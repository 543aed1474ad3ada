"""Paired hands: two bot levels in the same seat of the same deal, the other seats alike (issue 34).

A tournament measures levels by whole matches, and most matches are decided by the deal.  This
measures one hand at a time, paired: for each deal (match seed) and each seat, the hand is played
once with level A in that seat and once with level B, every other seat a bot of the ``--field``
level seeded the same way both times (the Table's seeding rule, games.arena), and the seat's
reward is compared: its side's gain in the hand against its opponents' mean gain, plus or minus
1000 where the hand ends the match (games.bots.rollout's reward, the look-ahead's own measure).
Where A and B choose alike the two hands are the same hand and the difference is exactly 0.

Two measuring devices that are not levels (they see every card; no table ever seats them):

- ``cheat``: in the card play, the exact solver (games.bots.solver) on the true deal; ``hard``
  elsewhere (and where the deal is too big to solve at once).  How much a bot could gain in the card play if it knew where every card is.
- ``seer``: the rollout bot (hard's look-ahead, 400 playouts, every choice played out) on the
  true deal for every decision: the bids too.

Against ``hard`` they give a ceiling: what perfect knowledge of the cards would add to hard's play
in this game.  Prints one row: hands, the pairs that differed, A's mean gain over B with its
95% interval.  ``--results FILE`` keeps every pair (a stopped run resumes).

``--parts deals,solver`` plays an expert with only those of its parts (games.bots.expert.PARTS:
deals, solver, inference, bidding), so that each part is measured on its own against ``hard``;
runs on the same seeds pair hand for hand (``hard`` plays every B hand the same way), and
``--against FILE`` prints this run's gain over another run's A, pair by pair.

Usage: python benchmarks/bench_duel.py GAME [--a expert] [--b hard] [--field hard] [--hands 100]
       [--seed 9000] [-o k=v ...] [--expert k=v ...] [--parts deals,solver] [-j 2]
       [--results FILE] [--against FILE] [--quick]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import arena, get_rules
from games.bots import Expert, bot_task, expert, heuristic_of, make_bot
from games.bots.rollout import RolloutBot, _reward
from games.bots.search import standing, stop_at_next_deal
from games.bots.solver import Solver, TooBig
from games.core import Action, GameState, TrickGame

DEVICES = ("cheat", "seer")
CHEAT_NODES = 3_000_000  # a solve of the true deal bigger than this leaves the move to hard


class Cheat:
    """The card play solved on the true deal; hard's move elsewhere (see the module docstring)."""

    def __init__(self, game: str, seed: int) -> None:
        self.hard = make_bot("hard", game, seed)
        self.rng = self.hard.rng

    def act(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        position = state.exact_play() if isinstance(state, TrickGame) and len(legal) > 1 else None
        if position is None:
            return bot_task(self.hard, state, seat)()
        try:
            found = Solver(state, position, seat, max_nodes=CHEAT_NODES).values(legal)
        except TooBig:  # too big to solve at once (Piquet's first tricks): hard's move
            return bot_task(self.hard, state, seat)()
        return max(legal, key=lambda a: found[a].reward)


class Seer:
    """hard's look-ahead on the true deal, every choice played out (see the module docstring)."""

    def __init__(self, game: str, seed: int) -> None:
        base = heuristic_of(game)
        if base is None:
            raise SystemExit(f"{game} has no heuristic for the seer to play out")
        every = type("Every", (base,), {"candidates": lambda self, view, choices, keep: list(choices)})
        self.bot = RolloutBot(every, seed, playouts=400)
        self.rng = self.bot.rng

    def act(self, state: GameState, seat: int) -> Action:
        true = state.clone()
        return self.bot.choose(state.view(seat), state.legal_actions(), lambda rng: true.clone())


def _player(level: str, game: str, seed: int) -> Any:
    if level == "cheat":
        return Cheat(game, seed)
    if level == "seer":
        return Seer(game, seed)
    return make_bot(level, game, seed)


def play_hand(game: str, seed: int, levels: Sequence[str], options: dict) -> list[float]:
    """The first hand of a match with seed ``seed``, seat ``i`` played by ``levels[i]``: each
    seat's reward (see the module docstring)."""
    state = get_rules(game).new_game(len(levels), dict(options), seed)
    players = [_player(level, game, arena.bot_seed(seed, i)) for i, level in enumerate(levels)]
    start = standing(state)
    stop_at_next_deal(state)
    hand = state.hand_number
    while state.to_act is not None and state.hand_number == hand:
        s = state.to_act
        arena.reseed(players[s], seed, s, len(state.history))
        act = getattr(players[s], "act", None)
        state.apply(act(state, s) if act is not None else bot_task(players[s], state, s)())
    return [_reward(state, start, s) for s in range(state.num_seats)]


def declare(game: str, changes: dict[str, Any]) -> None:
    """Make the game's expert the declared one with ``changes`` to its fields (in this process)."""
    if not changes:
        return
    module = importlib.import_module(type(get_rules(game)).__module__.rpartition(".")[0] + ".bot")
    declared = module.BOT_LEVELS
    module.BOT_LEVELS = dataclasses.replace(
        declared, expert=dataclasses.replace(declared.expert or Expert(), **changes)
    )


def pair(task: tuple[str, int, int, str, str, str, dict, dict, frozenset[str]]) -> dict[str, Any]:
    game, seed, seat, a, b, field, options, changes, parts = task
    declare(game, changes)
    expert.PARTS = parts  # this worker's experts use only these parts
    seats = get_rules(game).default_seats
    line_a = [field] * seats
    line_b = [field] * seats
    line_a[seat], line_b[seat] = a, b
    return {
        "seed": seed,
        "seat": seat,
        "a": play_hand(game, seed, line_a, options)[seat],
        "b": play_hand(game, seed, line_b, options)[seat],
    }


def _value(text: str) -> Any:
    """An option's or a field's value as typed: a number, true/false, none, or the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def read_pairs(path: Path) -> list[dict[str, Any]]:
    """The pairs a ``--results`` file holds (one JSON object a line; blank lines skipped)."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def summary(rows: Sequence[dict[str, Any]]) -> tuple[int, int, float, float]:
    """(pairs, pairs that differed, mean of a - b, half-width of its 95% interval)."""
    diffs = [r["a"] - r["b"] for r in rows]
    n = len(diffs)
    if n == 0:
        return 0, 0, 0.0, math.inf
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)
    return n, sum(1 for d in diffs if abs(d) > 1e-9), mean, 1.959964 * math.sqrt(var / n)


def _gain(mean: float, half: float) -> str:
    """A mean gain with its 95% interval, as the rows print it."""
    return f"{mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f})"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--a", default="expert", help="the level measured (or cheat, seer)")
    parser.add_argument("--b", default="hard", help="the level it is measured against")
    parser.add_argument("--field", default="hard", help="the level of every other seat")
    parser.add_argument("--hands", type=int, default=100, help="deals (each played in every seat)")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option, k=v")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--results", type=Path, help="keep every pair here (JSON lines; resumed)")
    parser.add_argument(
        "--expert",
        action="append",
        default=[],
        help="change a field of the game's expert for this run, k=v (solve=6, maxn=true, infer=none)",
    )
    parser.add_argument(
        "--parts",
        default=",".join(sorted(expert.PARTS)),
        help="the expert's parts in play, comma separated (default: all of them)",
    )
    parser.add_argument(
        "--against", type=Path, help="another run's results on the same seeds: this A's gain over its A"
    )
    parser.add_argument("--quick", action="store_true", help="two deals (a test that the script runs)")
    args = parser.parse_args(argv)
    parts = frozenset(p.strip() for p in args.parts.split(",") if p.strip())
    if not parts <= expert.PARTS or "deals" not in parts:
        parser.error(f"--parts: 'deals' and any of {', '.join(sorted(expert.PARTS - {'deals'}))}")
    rules = get_rules(args.game)
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = _value(value)
    changes: dict[str, Any] = {}
    for item in args.expert:
        key, _, value = item.partition("=")
        changes[key] = _value(value)
    hands = 2 if args.quick else args.hands
    done: list[dict[str, Any]] = []
    if args.results and args.results.exists():
        done = read_pairs(args.results)
    have = {(r["seed"], r["seat"]) for r in done}
    todo = [
        (rules.name, args.seed + d, seat, args.a, args.b, args.field, dict(options), changes, parts)
        for d in range(hands)
        for seat in range(rules.default_seats)
        if (args.seed + d, seat) not in have
    ]
    rows = list(done)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for row in pool.map(pair, todo):
            rows.append(row)
            if args.results:
                with open(args.results, "a", encoding="utf-8") as sink:
                    sink.write(json.dumps(row) + "\n")
    n, differed, mean, half = summary(rows)
    print("| game | A | B | field | hands | differed | A's gain a hand over B (95% interval) |")
    print("|---|---|---|---|---:|---:|---|")
    print(f"| {rules.title} | {args.a} | {args.b} | {args.field} | {n} | {differed} | {_gain(mean, half)} |")
    if args.against:
        theirs = {(r["seed"], r["seat"]): r["a"] for r in read_pairs(args.against)}
        both = [
            {"a": r["a"], "b": theirs[(r["seed"], r["seat"])]}
            for r in rows
            if (r["seed"], r["seat"]) in theirs
        ]
        n, differed, mean, half = summary(both)
        print(
            f"against {args.against.name}: {n} pairs, {differed} differed, this A's gain a hand over its A "
            f"{_gain(mean, half)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
