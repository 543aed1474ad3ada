"""Soak a game: play many whole matches with bots and check the protocol at every step.

    python tools/soak.py GAME [--matches 100000] [--jobs N] [--seed 0] [--full-every 50]
                              [--seats N] [--bots LEVEL] [--defaults]

Every step of every match gets the cheap checks: the seat to act has a non-empty list of legal
actions with no duplicates, every card of the deck is in exactly one place (hands, trick, won
piles, stock...), and the game's own invariants hold (counters or scores add up).  Every match
ends with an outcome, and its record (written to JSON and read back) replays to the identical
state.  A match that passes its game's declared bound on a match's length
(``Rules.max_game_length``, issue 29) is a failure with its seed, never a quiet stop.  Every
``--full-every``-th match also gets the full checks of the conformance suite
(tests/conformance.py) at every step: no view shows another seat's hidden card, and a refused
action changes nothing.

Matches vary: the seat count cycles over the game's range, most seats are random bots and one
match in four seats a heuristic bot, and most matches use short-match options (``SHORT``, e.g.
Trump Suit to 100 instead of 500) so that many whole matches fit in little time; one match in
25 uses the game's defaults with the heuristic bot in every seat (whole matches as people play
them: random players never end some games at their defaults, e.g. Pepper's sinking scores).
``--seats N`` plays only that seat count, ``--bots LEVEL`` puts that bot level in every seat,
and ``--defaults`` plays every match at the game's default options.  Matches run in parallel
over ``--jobs`` processes, or on a Dask cluster with ``--scheduler tcp://HOST:PORT``
(games.dispatch: the workers need only cardtable installed, this script and the conformance
checks travel with each batch), with a progress
bar; the summary says what was checked (matches, steps, full-check matches, failures with the
seed that reproduces each).  tests/test_soak.py runs a smaller soak in CI with the same code.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games import all_rules, dispatch, get_rules  # noqa: E402
from games.bots import make_bot  # noqa: E402
from games.core import BadOptionError, CardtableError, Record, Rules  # noqa: E402
from tests import conformance  # noqa: E402  (the full checks; shipped by value to Dask workers)

# Options that make a game's matches short (the per-game defaults are long: Trump Suit to 500, ...).
SHORT: dict[str, dict[str, object]] = {
    "trump_suit": {"target": 100, "floor": -50},
    "contract_grid": {"cap": 30},  # a few hands (the default, 1000, takes about 30 hands of random bots)
    "rams": {"hands": 3},
    "bourre": {"hands": 3},
    "cucumber": {"limit": 10},  # the default bust line of 21 takes about five times as many hands
    "pepper": {"target": 10, "hand_limit": 10},  # random bidders never reach a target (PE-9)
    "preference": {"max_hands": 5},  # random players seldom empty a pot (PR-11)
}
# For games not listed in SHORT: options that set a match's length, tried at their minimum.
LENGTH_OPTIONS = ("hands", "rounds", "deals", "games", "pots", "parties", "target", "max_hands")
DEFAULTS_EVERY = 25  # one match in this many plays the game's default options (whole, long matches)
CLUSTER_SLOTS = 32  # on a Dask cluster, batches are cut for about this many worker processes


@dataclass
class Tally:
    """What a batch of matches checked."""

    matches: int = 0
    steps: int = 0
    full: int = 0  # matches that also got the full leak and refusal checks
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.matches += other.matches
        self.steps += other.steps
        self.full += other.full
        self.failures += other.failures


def short_options(rules: Rules) -> dict[str, object]:
    """Options for short matches of ``rules``: SHORT, or each length option at its minimum when
    the game accepts it."""
    if rules.name in SHORT:
        return dict(SHORT[rules.name])
    chosen: dict[str, object] = {}
    for opt in rules.options:
        if opt.name in LENGTH_OPTIONS and opt.minimum is not None and not isinstance(opt.default, bool):
            trial = {**chosen, opt.name: max(opt.minimum, 1)}
            try:
                rules.resolve_options(rules.default_seats, trial)
            except BadOptionError:
                continue
            chosen = trial
    return chosen


@dataclass(frozen=True)
class Plan:
    """One match of a soak: everything needed to play (and reproduce) it."""

    game: str
    seed: int
    seats: int
    levels: tuple[str, ...]
    options: dict
    full: bool

    def describe(self) -> str:
        """The match in words, with what reproduces it."""
        opts = ",".join(f"{k}={v}" for k, v in self.options.items()) or "defaults"
        return f"{self.game} seed={self.seed} seats={self.seats} bots={','.join(self.levels)} options={opts}"


def plan(
    rules: Rules,
    index: int,
    base_seed: int = 0,
    full_every: int = 50,
    seats: int | None = None,
    bots: str | None = None,
    defaults: bool = False,
) -> Plan:
    """The ``index``-th match of a soak of ``rules`` (deterministic); ``seats``, ``bots`` and
    ``defaults`` fix the seat count, the level in every seat and the default options."""
    span = rules.max_seats - rules.min_seats + 1
    n = seats if seats is not None else rules.min_seats + index % span
    levels = ["random"] * n
    if index % 4 == 1:
        levels[index % n] = "heuristic"
    plays_defaults = defaults or index % DEFAULTS_EVERY == DEFAULTS_EVERY - 1
    if plays_defaults and not defaults:
        levels = ["heuristic"] * n  # whole matches at the defaults, as people play them
    if bots is not None:
        levels = [bots] * n
    options = {} if plays_defaults else short_options(rules)
    try:
        rules.resolve_options(n, options)
    except BadOptionError:  # a short option that does not fit this seat count
        options = {}
    return Plan(rules.name, base_seed + index, n, tuple(levels), options, index % full_every == 0)


def play_checked(p: Plan) -> int:
    """Play one planned match with the checks; returns its steps.  AssertionError on a failure."""
    rules = get_rules(p.game)
    state = rules.new_game(p.seats, p.options, p.seed)
    bots = [make_bot(level, rules.name, p.seed * 31 + i) for i, level in enumerate(p.levels)]
    deck = Counter(state.deck())
    watch = _full_checks(state) if p.full else None
    bound = rules.max_game_length(p.seats, state.options)  # issue 29: past it, a failure
    steps = 0
    while not state.is_over:
        legal = cheap_checks(state, deck)
        if watch is not None:
            watch(state)
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), legal))
        steps += 1
        assert steps <= bound, f"the match passed its declared bound of {bound} actions"
    end_checks(state, deck)
    if watch is not None:
        watch(state)
    return steps


def cheap_checks(state, deck: Counter) -> list:
    """The checks made at every step; returns the legal actions."""
    legal = state.legal_actions()
    assert legal, "the player to act has no legal action"
    assert len({a.text for a in legal}) == len(legal), f"duplicate legal actions: {[a.text for a in legal]}"
    zones = Counter(c for cards in state.zones().values() for c in cards)
    assert zones == deck, f"cards not conserved: extra {zones - deck}, missing {deck - zones}"
    state.check_invariants()
    return list(legal)


def end_checks(state, deck: Counter) -> None:
    """A finished match: an outcome, nobody to act, cards and invariants, and an exact replay."""
    out = state.outcome()
    assert out is not None and state.to_act is None and state.legal_actions() == [], "the match must be over"
    assert len(out.scores) == state.num_seats and out.winners and out.reason, f"a bad outcome: {out}"
    assert all(0 <= w < state.num_seats for w in out.winners), f"a bad winner: {out.winners}"
    assert Counter(c for cards in state.zones().values() for c in cards) == deck, (
        "cards not conserved at the end"
    )
    state.check_invariants()
    record = Record.from_json(state.record().to_json())
    assert record.replay().snapshot() == state.snapshot(), "the record does not replay to the same state"


def _full_checks(state):
    """The conformance suite's leak watch and refusal checks, as a per-step callable."""
    watch = conformance.LeakWatch(state)

    def check(s) -> None:
        if s.to_act is not None:
            conformance.check_step(s, True)
        watch.check(s)

    return check


def run_batch(args: tuple) -> Tally:
    """Play matches ``start`` to ``stop - 1`` of a soak; never raises (failures are tallied).
    ``args``: (game, start, stop, base seed, full-every[, {seats, bots, defaults} for :func:`plan`])."""
    game, start, stop, base_seed, full_every, *rest = args
    variant = rest[0] if rest else {}
    rules = get_rules(game)
    tally = Tally()
    for i in range(start, stop):
        p = plan(rules, i, base_seed, full_every, **variant)
        try:
            tally.steps += play_checked(p)
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            tally.failures.append(
                f"{p.describe()}: {type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"
            )
        tally.matches += 1
        tally.full += p.full
    return tally


def batches(
    game: str, matches: int, base_seed: int, full_every: int, size: int, variant: dict | None = None
) -> Iterator[tuple]:
    for start in range(0, matches, size):
        yield game, start, min(start + size, matches), base_seed, full_every, *([variant] if variant else [])


def soak(
    game: str,
    matches: int,
    jobs: int,
    base_seed: int = 0,
    full_every: int = 50,
    progress=None,
    scheduler: str | None = None,
    variant: dict | None = None,
) -> Tally:
    """Run a whole soak, in ``jobs`` processes (1: in this process) or on the Dask cluster of
    ``scheduler``; ``progress(n)`` after each batch; ``variant``: seats, bots and defaults for
    :func:`plan`."""
    slots = CLUSTER_SLOTS if scheduler else jobs
    size = max(1, min(200, matches // (slots * 8) or 1))
    work = list(batches(game, matches, base_seed, full_every, size, variant))
    total = Tally()
    ship = (sys.modules[__name__], conformance)  # a worker needs only cardtable installed
    for t in dispatch.unordered(run_batch, work, jobs, scheduler, by_value=ship):
        total.add(t)
        if progress is not None:
            progress(t.matches)
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a game name, or 'all' for every registered game")
    ap.add_argument("--matches", type=int, default=1000, help="matches per game (default 1000)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    ap.add_argument("--seed", type=int, default=0, help="match i uses seed SEED+i")
    ap.add_argument(
        "--full-every", type=int, default=50, help="full leak and refusal checks every N-th match"
    )
    ap.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="play on this Dask scheduler's workers instead of --jobs processes "
        f"(needs {dispatch.INSTALL_HINT})",
    )
    ap.add_argument(
        "--seats", type=int, help="play only this seat count (games that do not seat it are left out)"
    )
    ap.add_argument("--bots", help="this bot level in every seat (e.g. normal) instead of the mixed plan")
    ap.add_argument("--defaults", action="store_true", help="every match at the game's default options")
    args = ap.parse_args(argv)
    failed = 0
    try:
        if args.scheduler:
            dispatch.import_distributed()
        names = [r.name for r in all_rules()] if args.game == "all" else [get_rules(args.game).name]
        for name in names:
            rules = get_rules(name)
            if args.seats is not None and not rules.min_seats <= args.seats <= rules.max_seats:
                print(f"{name}: left out ({rules.title} is not for {args.seats} players)")
                continue
            failed += report(name, args)
    except CardtableError as exc:  # a bad game name, no Dask, a scheduler gone away
        print(f"soak: error: {exc}", file=sys.stderr)
        return 2
    return 1 if failed else 0


def _log_progress(name: str, total: int):
    done, step = [0, 0], max(1, total // 10)

    def advance(n: int) -> None:
        done[0] += n
        if done[0] // step > done[1]:
            done[1] = done[0] // step
            print(f"{name}: {done[0]} of {total} matches", file=sys.stderr, flush=True)

    return advance


def report(name: str, args) -> int:
    """Soak one game with a progress bar and print what was checked; returns the failure count."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    start = time.perf_counter()
    variant = {k: v for k in ("seats", "bots", "defaults") if (v := getattr(args, k, None))}
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with ExitStack() as stack:
        if sys.stderr.isatty():  # a terminal: a bar
            bar = stack.enter_context(Progress(*columns, transient=True))
            progress = partial(bar.advance, bar.add_task(name, total=args.matches))
        else:  # a log file: a line at every tenth
            progress = _log_progress(name, args.matches)
        tally = soak(
            name, args.matches, args.jobs, args.seed, args.full_every, progress, args.scheduler, variant
        )
    elapsed = time.perf_counter() - start
    where = f"on {args.scheduler}" if args.scheduler else f"{args.jobs} jobs"
    print(
        f"{name}: {tally.matches} matches, {tally.steps} steps, {tally.full} with full leak and refusal checks, "
        f"{len(tally.failures)} failures ({elapsed:.0f} s, {where}, seeds {args.seed}.."
        f"{args.seed + args.matches - 1})"
    )
    print(
        "  checked at every step: legal actions non-empty and unique, every card in one place, the game's "
        "invariants, the match within its declared length bound; at the end: an outcome and an exact "
        "replay of the record"
    )
    for line in tally.failures[:20]:
        print(f"  FAILED {line}")
    if len(tally.failures) > 20:
        print(f"  ... and {len(tally.failures) - 20} more failures")
    return len(tally.failures)


if __name__ == "__main__":
    sys.exit(main())
