"""``cardtable review MATCH|FILE``: the decisions of one seat in a finished (or saved) match,
weighed by the expert from that seat's view (see :mod:`games.review`).

Registered on the main Typer app by :mod:`cardtable.cli`; every user error is one line on stderr
with exit status 2, like the other commands.
"""

from __future__ import annotations

import json
import time

import typer

from cardtable.cli_common import MATCH_HELP, _console, _guard, _load_and_replay, app
from games.review import DEALS


@app.command("review")
@_guard
def review_match(
    match: str = typer.Argument(..., help=MATCH_HELP),
    seat: str | None = typer.Option(
        None,
        "--seat",
        help="Whose decisions: a seat number from 1 or a player's name (default: the first human).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Every decision as one JSON object."),
    level: str = typer.Option("expert", "--level", help="The bot that judges: hard or expert."),
    budget: int | None = typer.Option(
        None,
        "--budget",
        min=1,
        help="Playouts the judge spends on a move (default: its level's; fewer is faster).",
    ),
    deals: int = typer.Option(
        DEALS,
        "--deals",
        min=4,
        help="Possible deals a move is weighed on when the judge has no figures of its own.",
    ),
    every: bool = typer.Option(False, "--all", help="List every decision, not only the marked ones."),
) -> None:
    """Review a match: each decision of one seat where the expert would have chosen otherwise,
    the better move and what the difference cost (tricks, points, counters or win chance)."""
    from games.bots import level_name
    from games.review import cost_text, review, seat_of

    record, _ = _load_and_replay(match, None)
    level = level_name(level)
    who = seat_of(record, seat)
    started = time.perf_counter()
    result = _with_bar(lambda progress: review(record, who, level, deals, budget, progress=progress), as_json)
    seconds = time.perf_counter() - started
    if as_json:
        typer.echo(
            json.dumps({**result.as_dict(), "seconds": round(seconds, 1)}, indent=1, ensure_ascii=False)
        )
        return
    _print(result, every, seconds, cost_text)


def _with_bar(run, quiet: bool):
    """Run the review under a progress bar on stderr (one step a decision)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=_console(stderr=True), transient=True, disable=quiet) as bar:
        task = bar.add_task("review", total=None)

        def progress(so_far) -> None:
            bar.update(task, total=so_far.total, completed=len(so_far.decisions))

        return run(progress)


def _print(result, every: bool, seconds: float, cost_text) -> None:
    """A table of the decisions shown (the marks, or every one with --all), then why each
    better move is better, by move number."""
    from rich.table import Table

    shown = result.decisions if every else result.marks
    agreed = sum(1 for d in result.decisions if d.agreed)
    out = _console()
    out.print(
        f"{result.name}'s decisions in {result.game}, judged by the {result.level} bot: "
        f"{len(result.decisions)} decisions, {agreed} as it would have played, "
        f"{len(result.marks)} marked ({seconds:.0f} s).",
        markup=False,
    )
    if not result.marks:
        out.print("Nothing marked: no move cost clearly more than the luck of the deals.")
    if not shown:
        return
    table = Table(title_justify="left")
    table.add_column("", no_wrap=True)
    table.add_column("move", justify="right", no_wrap=True)
    table.add_column("hand", justify="right", no_wrap=True)
    table.add_column("played", no_wrap=True)
    table.add_column("better", overflow="fold")
    table.add_column("cost", overflow="fold")
    for d in shown:
        if d.agreed:
            better, cost = "(the same)", ""
        elif d.marked:
            better, cost = d.best_label, cost_text(d, result.terms)
        else:
            better, cost = d.best_label, "within the noise"
        table.add_row("✗" if d.marked else "", str(d.step + 1), str(d.hand), d.played_label, better, cost)
    out.print(table)
    whys = [d for d in shown if d.marked and d.why]
    if whys:
        out.print("Why the better moves:")
        for d in whys:
            out.print(f"  move {d.step + 1}, {d.best_label}: {d.why}", markup=False)
