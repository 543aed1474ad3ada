"""The ``cardtable`` command line: list games, show rules, simulate bot matches, replay records.

``cardtable`` alone opens the TUI lobby; ``cardtable resume [FILE]`` reopens a saved game.
Every error a user can cause (an unknown game, a bad option or bot level, a wrong seat count,
a corrupt or missing record) is printed as ONE line on stderr with exit status 2, never a
traceback; usage errors of the command line itself also exit 2.

Determinism: ``simulate`` plays match i with seed S+i and seeds each bot from that match seed,
so running the same command twice prints identical output except the timing, which is kept on
the table's last line (``N matches in T s, R matches/s``) or in the ``timing`` field of ``--json``.

Imports of games, rich and the TUI are lazy so that ``cardtable list`` starts fast.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import typer

from cardtable.cli_common import _console, _die, _Fail, _guard, _load_and_replay, _parse_options, app
from cardtable.pacer import BOT_DELAY

app.info.help = __doc__.split("\n\n")[0]


# ---------------------------------------------------------------- lobby, resume


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    ascii_suits: bool = typer.Option(False, "--ascii", help="Suit letters S H D C instead of symbols."),
) -> None:
    """A terminal card table for trick-taking games.  Without a command: open the lobby."""
    if ctx.invoked_subcommand is None:
        try:
            from cardtable.doors.background import BackgroundHost
            from cardtable.tui import run_lobby
        except ImportError:
            _die("the TUI is not installed yet")
        _guard(run_lobby)(ascii_suits=True if ascii_suits else None, host_service=BackgroundHost)


@app.command()
def resume(
    file: Path | None = typer.Argument(None, help="A saved game; without it, choose from the list of saves."),
    ascii_suits: bool = typer.Option(False, "--ascii", help="Suit letters S H D C instead of symbols."),
) -> None:
    """Reopen a saved game in the TUI."""
    try:
        from cardtable.doors.background import BackgroundHost
        from cardtable.tui import run_resume
    except ImportError:
        _die("the TUI is not installed yet")
    _guard(run_resume)(
        str(file) if file is not None else None,
        ascii_suits=True if ascii_suits else None,
        host_service=BackgroundHost,
    )


# ---------------------------------------------------------------- list, rules


@app.command("list")
@_guard
def list_games() -> None:
    """Every game with its player counts and a one-line description."""
    from rich.table import Table

    from games import listings

    table = Table(title="Games", title_justify="left")
    table.add_column("game", style="bold")
    table.add_column("title")
    table.add_column("players", justify="right")
    table.add_column("description")
    for game in listings():
        players = f"{game.players_text()} (default {game.default_seats})"
        table.add_row(game.name, game.title, players, game.description)
    _console().print(table)


@app.command()
@_guard
def rules(game: str = typer.Argument(..., help="A game name from `cardtable list`.")) -> None:
    """Our own summary of a game's rules, and its options."""
    from rich.table import Table

    from games import get_rules

    r = get_rules(game)
    con = _console()
    con.print(r.summary_text(), markup=False)
    con.print()
    con.print(f"Players: {r.players_text()} (default {r.default_seats})", markup=False)
    if not r.options:
        con.print("Options: none")
        return
    table = Table(title="Options (set with -o name=value)", title_justify="left")
    table.add_column("option", style="bold")
    table.add_column("default")
    table.add_column("allowed")
    table.add_column("meaning")
    for o in r.options:
        table.add_row(o.name, _show(o.default), o.allowed(), o.help)
    con.print(table)


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


# ---------------------------------------------------------------- simulate


def simulate_stats(
    game: str,
    games: int,
    seed: int,
    seats: str | None,
    option: list[str],
    record_dir: Path | None = None,
    progress=None,
) -> dict[str, Any]:
    """Play ``games`` matches and return the statistics (see the ``--json`` output)."""
    import time

    from games import get_rules
    from games.arena import SeatTotals, play_match
    from games.bots import make_bot

    r = get_rules(game)
    levels = (
        [s.strip().lower() for s in seats.split(",")] if seats is not None else ["normal"] * r.default_seats
    )
    if not "".join(levels):
        raise _Fail(f"--seats {seats!r} names no seat: write a bot level per seat, e.g. normal,random,random")
    if any(not s for s in levels):
        raise _Fail(f"--seats {seats!r} has an empty entry: write e.g. normal,random,random")
    resolved = r.resolve_options(len(levels), _parse_options(option))
    for level in dict.fromkeys(levels):
        make_bot(level, r.name, 0)  # BadOptionError for an unknown level, before any play
    n = len(levels)
    totals = SeatTotals(n)
    actions = hands = 0
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        state = play_match(r.name, levels, s, resolved)
        totals.add(state)
        actions += len(state.history)
        hands += sum(1 for e in state.events if e.kind == "hand")
        if record_dir is not None:
            names = [f"{levels[k]} {k}" for k in range(n)]
            meta = {
                "seats": [{"kind": "bot", "level": lv} for lv in levels],
                "bot_seed": s,
                "bot_seed_rule": "match_seed * 101 + seat, reseeded before each move (games.arena)",
            }
            from games.core import Record

            Record.of(state, names, meta).save(record_dir / f"{r.name}-{seed}-{i}.json")
        if progress is not None:
            progress()
    elapsed = time.perf_counter() - start
    return {
        "game": r.name,
        "games": games,
        "seed": seed,
        "options": resolved,
        "seats": [
            {
                "seat": k,
                "bot": levels[k],
                "wins": totals.wins[k],
                "shared_wins": totals.shared[k],
                "win_pct": round(100.0 * totals.wins[k] / games, 2),
                "mean_score": round(totals.scores[k] / games, 3),
            }
            for k in range(n)
        ],
        "mean_actions": round(actions / games, 2),
        "mean_hands": round(hands / games, 2),
        "timing": {
            "seconds": round(elapsed, 3),
            "matches_per_second": round(games / elapsed, 1) if elapsed else None,
        },
    }


@app.command()
@_guard
def simulate(
    game: str = typer.Argument(..., help="A game name from `cardtable list`."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many matches to play."),
    seed: int = typer.Option(0, "--seed", "-s", help="Match i uses seed S+i."),
    seats: str | None = typer.Option(
        None,
        "--seats",
        help="Bot level per seat: random, easy, normal, hard or "
        "expert (heuristic = normal), e.g. hard,normal,random.",
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option, name=value (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of a table."),
    record: Path | None = typer.Option(None, "--record", help="Save every match record into this directory."),
) -> None:
    """Play N bot matches and print wins, scores and lengths per seat.

    Output is identical for identical commands except the timing (last line, or the
    "timing" field with --json)."""
    import json

    if record is not None:
        if record.exists() and not record.is_dir():
            raise _Fail(f"--record {record} is not a directory")
        record.mkdir(parents=True, exist_ok=True)
    show_bar = not as_json and sys.stderr.isatty() and games >= 20
    if show_bar:
        from rich.progress import Progress

        with Progress(console=_console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"{game}", total=games)
            stats = simulate_stats(game, games, seed, seats, option, record, lambda: bar.advance(task))
    else:
        stats = simulate_stats(game, games, seed, seats, option, record)
    if as_json:
        typer.echo(json.dumps(stats, sort_keys=True))
        return
    _print_stats(stats)


def _print_stats(stats: dict[str, Any]) -> None:
    from rich.table import Table

    opts = ", ".join(f"{k}={_show(v)}" for k, v in stats["options"].items()) or "none"
    last = stats["seed"] + stats["games"] - 1
    table = Table(
        title=f"{stats['game']}: {stats['games']} matches, seeds {stats['seed']}..{last}",
        title_justify="left",
        caption=f"options: {opts}",
        caption_justify="left",
    )
    for col in ("seat", "bot", "wins", "shared wins", "win %", "mean score"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for s in stats["seats"]:
        table.add_row(
            str(s["seat"]),
            s["bot"],
            str(s["wins"]),
            str(s["shared_wins"]),
            f"{s['win_pct']:.1f}",
            f"{s['mean_score']:.2f}",
        )
    con = _console()
    con.print(table)
    con.print(
        f"mean length: {stats['mean_actions']:.1f} actions, {stats['mean_hands']:.2f} hands per match",
        markup=False,
    )
    con.print("wins include shared wins; the shared wins column counts them apart", markup=False)
    t = stats["timing"]
    rate = "n/a" if t["matches_per_second"] is None else f"{t['matches_per_second']:.1f}"
    con.print(f"timing: {stats['games']} matches in {t['seconds']:.2f} s, {rate} matches/s", markup=False)


# ---------------------------------------------------------------- tournament


@app.command()
@_guard
def tournament(
    game: str = typer.Argument(..., help="A game name from `cardtable list`."),
    levels: str = typer.Option(
        "random,normal,hard", "--levels", help="Bot levels to compare, comma separated."
    ),
    games: int = typer.Option(
        20,
        "--games",
        "-n",
        min=1,
        help="Cycles to play: each cycle seats every level in "
        "every seat position (one match per seating, all on the same deal seed).",
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="Cycle c uses match seed S+c."),
    seats: int | None = typer.Option(
        None, "--seats", help="Players at the table (default: the game's usual number)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option, name=value (repeatable)."),
    workers: int = typer.Option(0, "--workers", "-j", min=0, help="Processes to play in (0: one per core)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of a table."),
    results_file: Path | None = typer.Option(
        None,
        "--results",
        help="Append each match to this file (JSON "
        "lines) and skip the matches it already holds: a stopped "
        "tournament resumes, a finished one reprints at once.",
    ),
    scheduler: str | None = typer.Option(
        None,
        "--scheduler",
        help="Play the matches on a Dask cluster instead of local processes: the address of its "
        "scheduler, tcp://HOST:PORT (needs pip install 'cardtable[cluster]'; --workers is then unused).",
    ),
) -> None:
    """Seat-rotated matches between bot levels: each level's win share and mean score with 95%
    confidence intervals (over cycles), beside the fair share of one seat."""
    import os

    from games import arena, dispatch

    names = [x.strip() for x in levels.split(",") if x.strip()]
    if len(names) < 2:
        raise _Fail(f"--levels {levels!r}: name at least two bot levels, e.g. random,normal,hard")
    todo = arena.tasks(
        game, names, games, seed, seats, _parse_options(option)
    )  # checks game, levels, options
    if scheduler:
        dispatch.import_distributed()  # without Dask: how to install it, before anything is played
    workers = workers or os.cpu_count() or 1
    name, resolved = todo[0][0], todo[0][4]
    done = arena.read_results(str(results_file), name, resolved) if results_file is not None else []
    keys = {(t[1], t[2], t[3]) for t in todo}
    so_far = [r for r in done if (r.cycle, r.seed, r.levels) in keys]  # this tournament's matches
    had = len(so_far)
    sink = None
    if results_file is not None:
        try:
            _drop_cut_line(results_file)
            sink = open(results_file, "a", encoding="utf-8")  # noqa: SIM115 (closed after the run)
        except OSError as exc:
            raise _Fail(f"{results_file}: cannot write the results ({exc.strerror or exc})") from None

    def keep(result: arena.MatchResult) -> None:
        so_far.append(result)
        if sink is not None:
            sink.write(arena.result_line(name, result, resolved) + "\n")
            sink.flush()

    def play(on_result) -> list[arena.MatchResult]:
        return arena.tournament(
            game, names, games, seed, seats, _parse_options(option), workers, on_result, done, scheduler
        )

    try:
        if not as_json and sys.stderr.isatty():
            results = _with_progress(name, names, len(todo), so_far, keep, play)
        else:
            results = play(keep)
    except dispatch.SchedulerLost as exc:
        _show_tournament(arena.summarise(_in_task_order(so_far, todo), names), name, as_json)
        kept = (
            f"they are kept in {results_file}: the same command plays the rest"
            if results_file is not None
            else "the table shows them; give --results FILE to keep a run's matches for a resume"
        )
        raise _Fail(f"{exc}: {len(so_far)} of {len(todo)} matches played, {kept}") from None
    finally:
        if sink is not None:
            sink.close()
    if results_file is not None and len(so_far) > had:  # in task order: the same wherever played
        others = [r for r in done if (r.cycle, r.seed, r.levels) not in keys]
        arena.write_results(str(results_file), name, resolved, [*results, *others])
    _show_tournament(arena.summarise(results, names), name, as_json)


def _in_task_order(results: list, todo: list[tuple]) -> list:
    order = {(t[1], t[3]): i for i, t in enumerate(todo)}
    return sorted(results, key=lambda r: order[(r.cycle, r.levels)])


def _with_progress(game: str, names: list[str], total: int, so_far: list, keep, play) -> list:
    """Run ``play`` under a progress bar whose line shows each level's win share and its 95%
    interval over the matches back so far, whatever their order (refreshed at most twice a second)."""
    import time

    from rich.markup import escape
    from rich.progress import Progress

    from games import arena

    with Progress(console=_console(stderr=True), transient=True) as bar:
        task = bar.add_task(escape(game), total=total, completed=len(so_far))
        shown = [0.0]

        def advance(result: arena.MatchResult) -> None:
            keep(result)
            now = time.monotonic()
            if now - shown[0] >= 0.5 or len(so_far) == total:
                shown[0] = now
                bar.update(task, description=escape(live_line(game, so_far, names)))
            bar.advance(task)

        return play(advance)


def live_line(game: str, results: list, names: list[str]) -> str:
    """The progress bar's line: per level, the win share so far and its 95% interval."""
    from games import arena

    summary = arena.summarise(results, names)
    cells = [
        f"{st.level} {100 * st.win_share:.0f}% ({100 * st.win_ci[0]:.0f}–{100 * st.win_ci[1]:.0f})"
        for st in summary["levels"]
    ]
    return f"{game}: " + ", ".join(cells)


def _show_tournament(summary: dict[str, Any], game: str, as_json: bool) -> None:
    import json

    from games import arena

    out = arena.to_json(summary, game)
    if as_json:
        typer.echo(json.dumps(out, sort_keys=True))
    else:
        _print_tournament(out)


def _drop_cut_line(path: Path) -> None:
    """Cut a results file back to its last whole line (a stopped run may leave half a line)."""
    try:
        with open(path, "rb+") as f:
            data = f.read()
            if data and not data.endswith(b"\n"):
                f.truncate(data.rfind(b"\n") + 1)
    except FileNotFoundError:
        pass


def _print_tournament(out: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(
        title=f"{out['game']}: {out['cycles']} cycles, {out['matches']} matches, {out['seats']} seats",
        title_justify="left",
        caption=f"seats: seat-matches played; fair share {100 * out['fair_share']:.1f}%; "
        "CI: 95% confidence interval over cycles",
        caption_justify="left",
    )
    for col in ("level", "seats", "wins", "win %", "95% CI", "mean score", "95% CI "):
        table.add_column(col, justify="left" if col == "level" else "right")
    for lv in out["levels"]:
        lo, hi = lv["win_ci"]
        slo, shi = lv["score_ci"]
        table.add_row(
            lv["level"],
            str(lv["matches"]),
            f"{lv['wins']:g}",
            f"{100 * lv['win_share']:.1f}%",
            f"{100 * lo:.1f}–{100 * hi:.1f}%",
            f"{lv['mean_score']:.2f}",
            f"{slo:.2f}–{shi:.2f}",
        )
    _console().print(table)


# ---------------------------------------------------------------- replay


@app.command()
@_guard
def replay(
    record: str = typer.Argument(
        ...,
        help="A record saved by `simulate --record` or the TUI, or a match number from `cardtable history`.",
    ),
    upto: int | None = typer.Option(None, "--upto", min=0, help="Show only the first N actions."),
) -> None:
    """Print a recorded match hand by hand and trick by trick (a file, or a match from the history)."""
    rec, state = _load_and_replay(record, upto)
    names = list(rec.names) or [f"seat {i}" for i in range(rec.seats)]
    names += [f"seat {i}" for i in range(len(names), rec.seats)]
    for line in replay_lines(state, names):
        typer.echo(line)
    total = len(rec.actions)
    shown = total if upto is None else min(upto, total)
    if shown < total:
        typer.echo(f"(stopped after {shown} of {total} actions)")
    scores = ", ".join(f"{names[i]} {_num(v)}" for i, v in enumerate(_scores(state)))
    typer.echo(f"{'Final' if state.is_over else 'Current'} scores: {scores}")


def _scores(state) -> tuple:
    out = state.outcome()
    if out is not None:
        return out.scores
    return tuple(getattr(state, "scores", ()) or state.view(None).scores)


def _num(v: Any) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


def replay_lines(state, names: list[str]) -> list[str]:
    """The events of a match as text: a header per hand, one line per trick, the hand's score lines."""
    lines: list[str] = []
    plays: list[str] = []
    trick_no = 0
    for e in state.events:
        text = e.render(names)
        if e.visible_to is not None:
            text = f"({names[e.visible_to] if e.visible_to < len(names) else e.visible_to} only) {text}"
        if e.kind == "deal":
            trick_no = 0
            lines.append(f"== {text}")
        elif e.kind == "play":
            plays.append(text)
        elif e.kind == "trick":
            trick_no += 1
            cards = " ".join(str(c) for c in e.cards)
            lines.append(f"  trick {trick_no}: {cards} -> {text}")
            plays = []
        elif e.kind == "hand":
            if plays:
                lines.append("  (unfinished) " + "; ".join(plays))
                plays = []
            lines.append(f"  {text}")
            lines.extend(f"    {line}" for line in e.render_lines(names))
        elif e.kind == "match":
            lines.append(f"** {text}")
        else:  # bid, info and any future kinds
            if plays:
                lines.append("  " + "; ".join(plays))
                plays = []
            lines.append(f"  {text}")
    if plays:
        lines.append("  in progress: " + "; ".join(plays))
    return lines


# ---------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> NoReturn:
    """Console-script entry point: run the app; our errors and usage errors exit 2 with one line."""
    from games.core import CardtableError

    try:
        rc = app(args=argv, prog_name="cardtable", standalone_mode=False)
    except typer.Exit as exc:
        rc = exc.exit_code
    except (CardtableError, _Fail) as exc:
        typer.echo(f"cardtable: error: {' '.join(str(exc).split())}", err=True)
        rc = 2
    except KeyboardInterrupt:
        typer.echo("cardtable: interrupted", err=True)
        rc = 130
    except Exception as exc:  # usage errors of the command line (click exceptions) and the like
        msg = getattr(exc, "format_message", None)
        if msg is None or not hasattr(exc, "exit_code"):
            raise
        typer.echo(f"cardtable: error: {' '.join(msg().split())} (see cardtable --help)", err=True)
        rc = exc.exit_code
    sys.exit(rc if isinstance(rc, int) else 0)


# --- network commands (served by cardtable/doors) ---


@app.command()
@_guard
def host(
    game: str | None = typer.Argument(
        None, help="A game name from `cardtable list` (not needed with --resume)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option, name=value (repeatable)."),
    seats: str = typer.Option(
        "",
        "--seats",
        help="Comma list, one per seat: remote[:NAME] (open to a player) "
        "or a bot level[:NAME], e.g. remote:Ann,remote:Bob,heuristic.",
    ),
    listen: str = typer.Option(
        "127.0.0.1:7420", "--listen", help="HOST:PORT to listen on (0.0.0.0:7420 for your LAN)."
    ),
    ssh: int | None = typer.Option(None, "--ssh", help="Also accept plain ssh clients on this port."),
    web: int | None = typer.Option(
        None,
        "--web",
        help="Also serve each seat to web browsers on this port "
        "(the player types their code on a sign-in page).",
    ),
    authorized_keys: Path | None = typer.Option(
        None, "--authorized-keys", help="ssh: also accept these keys (the ssh user name picks the seat)."
    ),
    no_auth: bool = typer.Option(False, "--no-auth", help="ssh without any authentication (loopback only)."),
    hold: float = typer.Option(300.0, "--hold", help="Seconds a dropped player's seat is held for them."),
    while_away: str = typer.Option(
        "wait", "--while-away", help="While a seat is held: wait, or bot (a bot plays it)."
    ),
    bot_delay: float = typer.Option(BOT_DELAY, "--bot-delay", help="Seconds a bot pauses before each move."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the deal (default: random)."),
    save: Path | None = typer.Option(None, "--save", help="Save file (default: in the saves folder)."),
    resume: list[Path] = typer.Option(
        [],
        "--resume",
        help="Continue a hosted table from its save file (repeatable: each save is a table of its own).",
    ),
    table: list[str] = typer.Option(
        [],
        "--table",
        help="Host several tables at once, each "
        "'GAME seats=... seed=N save=FILE OPTION=VALUE...' or 'resume=FILE' "
        "(repeatable; ssh then also opens a lobby of the free seats).",
    ),
    spectators: bool = typer.Option(False, "--spectators", help="Also print a code for spectators."),
    public_host: str | None = typer.Option(
        None, "--public-host", help="Host name to print in the join lines."
    ),
    heartbeat: float = typer.Option(
        5.0,
        "--heartbeat",
        min=0.1,
        help="Seconds between checks that each player "
        "is still there; one silent for three is treated as dropped.",
    ),
    turn_timeout: float | None = typer.Option(
        None,
        "--turn-timeout",
        min=1.0,
        help="Seconds a player has to move before a bot plays for them, as for a dropped player "
        "(off unless given).",
    ),
) -> None:
    """Host a table (or several, with --table) that friends join with `cardtable join`, plain ssh or a web browser."""
    from cardtable.doors.host import run
    from cardtable.net.config import HostConfig, parse_seats

    if game is None and not resume and not table:
        raise _Fail("name a game to host (see `cardtable list`), or --resume a hosted table's save file")
    if while_away not in ("wait", "bot"):
        raise _Fail(f"--while-away {while_away!r} is not allowed: use wait or bot")
    table_seats = parse_seats(seats, game) if seats and game else []  # a resumed table brings its own
    cfg = HostConfig(
        game=game or "",
        options=_parse_options(option),
        seats=table_seats,
        listen=listen,
        ssh_port=ssh,
        authorized_keys=authorized_keys,
        no_auth=no_auth,
        hold=hold,
        while_away=while_away,
        bot_delay=bot_delay,
        seed=seed,
        save=save,
        resume=resume[0] if resume else None,
        spectators=spectators,
        public_host=public_host,
        heartbeat=heartbeat,
        web_port=web,
        turn_timeout=turn_timeout,
    )
    if not table and len(resume) <= 1:
        run(cfg)
        return
    from cardtable.doors.host import run_tables
    from cardtable.doors.hub import table_configs

    run_tables(table_configs(cfg, game, resume, table))


@app.command()
@_guard
def join(
    address: str = typer.Argument(..., help="The table's HOST:PORT, as printed by `cardtable host`."),
    code: str = typer.Option(..., "--code", help="Your seat's join code."),
    ascii_suits: bool | None = typer.Option(
        None, "--ascii/--symbols", help="Suit letters instead of symbols."
    ),
) -> None:
    """Join a hosted table and play your seat."""
    from cardtable.doors.seat import run_join

    reason = run_join(address, code, ascii_suits=ascii_suits)
    if reason and reason != "closed":
        typer.echo(f"cardtable: {reason}")


from cardtable import cli_ask, cli_history, cli_review  # noqa: E402,F401  (ask; stats, history, export, import; review)
