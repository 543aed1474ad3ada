"""Bot matches and seat-rotated tournaments (pure: no terminal, no threads of its own).

- :func:`play_match` plays one match between bot levels and returns the final state.  The
  seeding rule is the Table's (``cardtable.session.Table``): the bot in seat ``i`` of a match
  with seed ``S`` is built with seed ``S * 101 + i`` and, before each move, reseeded from
  ``(S, seat, number of actions so far)``, so a match reproduces at a table and in a tournament.
- :func:`schedule` rotates the levels through the seats: with as many seats as levels (or
  fewer), every ordering of the levels; with more seats, the cyclic shifts.  A level may be
  named several times: ``hard,normal,normal`` seats one hard bot against two normal ones, in
  each seat in turn (one bot against the field, the clearest test of which is stronger).  Every level sits in
  every seat equally often, and all orderings of one cycle use the same match seed (the same
  cards), so luck of the deal cancels out.  In a game of partnerships, when some seatings keep
  every side to one level (``hard,normal,hard,normal`` in a four-seat partnership game: both
  partners hard against two normal), only those are played: a strong seat beside a weak
  partner, or two hard bots seated as opponents, would hide the difference.
- :func:`tournament` plays ``cycles`` cycles (in parallel over local processes, or on a Dask
  cluster, if asked: games.dispatch) and
  :func:`summarise` reports, per level, the win share (a shared win counts 1/k) and the mean
  final score, each with a 95% confidence interval taken over cycles (a cycle is one sample,
  since its matches share a deal), beside the fair share 1 / seats.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import dispatch, get_rules
from games.bots import bot_task, level_name, make_bot
from games.core import CardtableError, GameState

MAX_ORDERINGS = 24  # beyond this many orderings of the levels, cyclic shifts are used
Z95 = 1.959964


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed a seat's bot is built with (the Table's rule)."""
    return match_seed * 101 + seat


def reseed(bot, match_seed: int, seat: int, step: int) -> None:
    """Reseed a bot before a move from the match seed, its seat and the actions so far (the
    Table's rule): a resumed table, a replay and a tournament all make the same choices."""
    bot.rng.seed(f"{match_seed}:{seat}:{step}")


def play_match(
    game: str, levels: Sequence[str], seed: int, options: Mapping[str, Any] | None = None
) -> GameState:
    """Play one complete match, seat ``i`` taken by a bot of ``levels[i]``; the final state.  A
    match that passes its game's declared bound (``Rules.max_game_length``, issue 29) is a
    CardtableError naming its seed: it has gone wrong, and is never cut short quietly."""
    state = get_rules(game).new_game(len(levels), dict(options or {}), seed)
    bots = [make_bot(level, state.rules.name, bot_seed(seed, i)) for i, level in enumerate(levels)]
    bound = state.rules.max_game_length(state.num_seats, state.options)
    for _ in range(bound + 1):
        seat = state.to_act
        if seat is None:
            return state
        reseed(bots[seat], seed, seat, len(state.history))
        state.apply(bot_task(bots[seat], state, seat)())
    raise CardtableError(
        f"a {state.rules.name} match with seed {seed} ({', '.join(levels)}) did not end within "
        f"{bound} actions, the bound declared for its rules and options: a bug, or players who keep "
        f"the match from ending"
    )


def schedule(levels: Sequence[str], seats: int, teams: Sequence[Sequence[int]] = ()) -> list[tuple[str, ...]]:
    """The seatings of one cycle (see the module docstring); ``teams``: the game's partnerships
    (seats of a side), whose partners then play one level where some seatings allow it."""
    levels = list(levels)
    if seats <= len(levels) and math.perm(len(levels), seats) <= MAX_ORDERINGS:
        seatings = list(
            dict.fromkeys(itertools.permutations(levels, seats))
        )  # a level named twice: once each
    else:
        k = len(levels)
        seatings = list(dict.fromkeys(tuple(levels[(i + r) % k] for i in range(seats)) for r in range(k)))
    together = [s for s in seatings if all(len({s[seat] for seat in team}) == 1 for team in teams)]
    return together or seatings


def partnerships(game: str, seats: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The sides of ``game`` at ``seats`` seats with more than one seat (none: every seat plays
    for itself), from a new match's view."""
    state = get_rules(game).new_game(seats, dict(options), 0)
    return tuple(team for team in state.view(0).teams if len(team) > 1)


@dataclass
class SeatTotals:
    """Per seat over a run of matches at one table (``cardtable simulate``): wins, the wins that
    were shared (a draw, or a win split between sides), and the sum of the final scores."""

    seats: int
    wins: list[int] = field(default_factory=list)
    shared: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins, self.shared, self.scores = [0] * self.seats, [0] * self.seats, [0.0] * self.seats

    def add(self, state: GameState) -> None:
        """Count a finished match."""
        out = state.result
        if out is None:
            raise CardtableError("only a finished match is counted")
        for w in out.winners:
            self.wins[w] += 1
            self.shared[w] += out.is_shared
        for k in range(self.seats):
            self.scores[k] += out.scores[k]


@dataclass(frozen=True)
class MatchResult:
    """One match of a tournament: who sat where, the final scores and the winners."""

    cycle: int
    seed: int
    levels: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int


def _play(task: tuple[str, int, int, tuple[str, ...], dict]) -> MatchResult:
    game, cycle, seed, levels, options = task
    state = play_match(game, levels, seed, options)
    out = state.result
    if out is None:
        raise CardtableError(f"a {game} match with seed {seed} ended without an outcome")
    return MatchResult(
        cycle, seed, levels, tuple(float(x) for x in out.scores), tuple(out.winners), len(state.history)
    )


def tasks(
    game: str,
    levels: Sequence[str],
    cycles: int,
    seed: int = 0,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[tuple]:
    """Every match of a tournament, in a fixed order (cycle ``c`` uses match seed ``seed + c``)."""
    rules = get_rules(game)
    n = rules.default_seats if seats is None else seats
    resolved = rules.resolve_options(n, dict(options or {}))
    canon = [level_name(lv) for lv in levels]
    seatings = schedule(canon, n, partnerships(rules.name, n, resolved))
    return [(rules.name, c, seed + c, seating, resolved) for c in range(cycles) for seating in seatings]


def tournament(
    game: str,
    levels: Sequence[str],
    cycles: int,
    seed: int = 0,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    on_result: Callable[[MatchResult], None] | None = None,
    done: Sequence[MatchResult] = (),
    scheduler: str | None = None,
) -> list[MatchResult]:
    """Play every match of :func:`tasks`, over ``workers`` processes (1: in this process) or on
    the Dask cluster of ``scheduler`` (``tcp://HOST:PORT``, see games.dispatch); ``on_result`` is
    called after each match as it comes back, in any order (for a progress bar).  Results in task
    order, the same wherever they were played.  Matches found in ``done`` (same cycle, seed and
    seating) are not played again."""
    todo = tasks(game, levels, cycles, seed, seats, options)
    have = {(r.cycle, r.seed, r.levels): r for r in done}
    results = [have[(t[1], t[2], t[3])] for t in todo if (t[1], t[2], t[3]) in have]
    with contextlib.closing(
        _run([t for t in todo if (t[1], t[2], t[3]) not in have], workers, scheduler)
    ) as new:
        for result in new:
            results.append(result)
            if on_result is not None:
                on_result(result)
    order = {(t[1], t[3]): i for i, t in enumerate(todo)}
    return sorted(results, key=lambda r: order[(r.cycle, r.levels)])


def result_line(game: str, result: MatchResult, options: Mapping[str, Any]) -> str:
    """One match of a tournament as a JSON line (see :func:`read_results`); ``options`` are the
    game's resolved options (results of other options are never mixed in)."""
    return json.dumps(
        {
            "game": game,
            "options": dict(options),
            "cycle": result.cycle,
            "seed": result.seed,
            "levels": list(result.levels),
            "scores": list(result.scores),
            "winners": list(result.winners),
            "actions": result.actions,
        },
        sort_keys=True,
    )


def write_results(path: str, game: str, options: Mapping[str, Any], results: Sequence[MatchResult]) -> None:
    """Write ``results`` as a whole results file, in their order, atomically (a temporary file
    beside it, then renamed): a finished tournament leaves its matches in task order, so that the
    file is the same byte for byte however and wherever the matches were played."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.writelines(result_line(game, r, options) + "\n" for r in results)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise CardtableError(f"{path}: cannot write the results ({exc.strerror or exc})") from None


def read_results(path: str, game: str, options: Mapping[str, Any]) -> list[MatchResult]:
    """The matches of ``game`` recorded in a results file written line by line by
    :func:`result_line` (a tournament resumes from them).  A last line cut short (the run was
    stopped while writing) is left out; any other bad line is a CardtableError naming it."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise CardtableError(f"{path}: cannot read the results file ({exc})") from None
    out = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if row["game"] != game:
                raise CardtableError(f"{path}, line {number}: a result of {row['game']!r}, not of {game!r}")
            if row.get("options") != json.loads(json.dumps(dict(options))):
                raise CardtableError(
                    f"{path}, line {number}: a result played with other options "
                    f"({row.get('options')!r}); use another results file"
                )
            result = MatchResult(
                int(row["cycle"]),
                int(row["seed"]),
                tuple(str(x) for x in row["levels"]),
                tuple(float(x) for x in row["scores"]),
                tuple(int(x) for x in row["winners"]),
                int(row["actions"]),
            )
            if len(result.scores) != len(result.levels) or not all(
                0 <= w < len(result.levels) for w in result.winners
            ):
                raise ValueError("seats, scores and winners disagree")
        except CardtableError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            if number == len(lines) and not line.endswith("}"):
                break  # cut short by a stopped run: played again
            raise CardtableError(f"{path}, line {number}: not a tournament result ({exc})") from None
        out.append(result)
    return out


def _run(todo: list[tuple], workers: int, scheduler: str | None = None) -> Generator[MatchResult, None, None]:
    """The matches of ``todo`` as they finish: here, over a local pool or on a Dask cluster."""
    return dispatch.unordered(_play, todo, workers, scheduler, describe=describe_task)


def describe_task(task: tuple) -> str:
    """A match of :func:`tasks` in words (for a message)."""
    game, cycle, seed, levels, _ = task
    return f"the {game} match of cycle {cycle} (seed {seed}, seats {','.join(levels)})"


@dataclass
class LevelStats:
    """One level's results: per-cycle win shares and mean scores, and their summaries."""

    level: str
    matches: int = 0  # seat-matches played by this level
    wins: float = 0.0  # shared wins count 1/k
    win_share: float = 0.0
    win_ci: tuple[float, float] = (0.0, 0.0)
    mean_score: float = 0.0
    score_ci: tuple[float, float] = (0.0, 0.0)
    per_cycle: list[tuple[float, float]] = field(default_factory=list, repr=False)


def summarise(results: Sequence[MatchResult], levels: Sequence[str]) -> dict[str, Any]:
    """Per level: matches, wins, win share and mean score with 95% intervals over cycles; the
    fair share; the number of cycles and matches."""
    canon = list(dict.fromkeys(level_name(lv) for lv in levels))
    cycles: dict[int, list[MatchResult]] = {}
    for r in results:
        cycles.setdefault(r.cycle, []).append(r)
    stats = {lv: LevelStats(lv) for lv in canon}
    for matches in cycles.values():
        for lv, (seats, won, score) in _cycle_totals(matches).items():
            st = stats[lv]
            st.matches += seats
            st.wins += won
            st.per_cycle.append((won / seats, score / seats))
    for st in stats.values():
        st.win_share, (lo, hi) = _mean_ci([w for w, _ in st.per_cycle])
        st.win_ci = (max(0.0, lo), min(1.0, hi))  # a share stays within 0..1
        st.mean_score, st.score_ci = _mean_ci([s for _, s in st.per_cycle])
    seats = len(results[0].levels) if results else 0
    return {
        "levels": [stats[lv] for lv in canon],
        "fair_share": 1 / seats if seats else 0.0,
        "cycles": len(cycles),
        "matches": len(results),
        "seats": seats,
    }


def _cycle_totals(matches: Sequence[MatchResult]) -> dict[str, tuple[int, float, float]]:
    """Per level in one cycle: seats taken, wins (shared split) and the sum of final scores."""
    totals: dict[str, list[float]] = {}
    for m in matches:
        for seat, lv in enumerate(m.levels):
            t = totals.setdefault(lv, [0, 0.0, 0.0])
            t[0] += 1
            t[1] += (1 / len(m.winners)) if seat in m.winners else 0.0
            t[2] += m.scores[seat]
    return {lv: (int(t[0]), t[1], t[2]) for lv, t in totals.items()}


def _mean_ci(xs: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean and a normal-approximation 95% interval (zero width for fewer than 2 samples)."""
    n = len(xs)
    if n == 0:
        return 0.0, (0.0, 0.0)
    mean = sum(xs) / n
    if n < 2:
        return mean, (mean, mean)
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, (mean - half, mean + half)


def to_json(summary: Mapping[str, Any], game: str) -> dict[str, Any]:
    """The summary as plain JSON values."""
    return {
        "game": game,
        "cycles": summary["cycles"],
        "matches": summary["matches"],
        "seats": summary["seats"],
        "fair_share": round(summary["fair_share"], 4),
        "levels": [
            {
                "level": st.level,
                "matches": st.matches,
                "wins": round(st.wins, 3),
                "win_share": round(st.win_share, 4),
                "win_ci": [round(x, 4) for x in st.win_ci],
                "mean_score": round(st.mean_score, 3),
                "score_ci": [round(x, 3) for x in st.score_ci],
            }
            for st in summary["levels"]
        ],
    }
