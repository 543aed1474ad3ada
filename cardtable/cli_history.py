"""``cardtable stats``, ``cardtable history``, ``cardtable export`` and ``cardtable import``: the
match store from the command line (see :mod:`cardtable.store` and :mod:`cardtable.stats`).

Registered on the main Typer app (:mod:`cardtable.cli_common`) when :mod:`cardtable.cli` imports it; every user error is one line on
stderr with exit status 2, like the other commands.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer

from cardtable.cli_common import _console, _guard, app


def _store():
    from cardtable.store import MatchStore

    store = MatchStore().open()
    if store.problem:
        typer.echo(f"cardtable: note: {store.problem}", err=True)
    return store


def _game_name(game: str | None) -> str | None:
    if not game:
        return None
    from games import get_rules

    return get_rules(game).name


@app.command()
@_guard
def stats(
    game: str | None = typer.Argument(None, help="Only this game (default: every game)."),
    player: str | None = typer.Option(None, "--player", help="Whose figures (default: your login name)."),
    as_json: bool = typer.Option(False, "--json", help="The figures as one JSON object."),
) -> None:
    """How you are doing: matches played and won per game, against each bot level, scores, form."""
    from rich import box
    from rich.measure import Measurement
    from rich.table import Table

    from cardtable.stats import COLUMNS, NUMBER_COLUMNS, figures_row, player_stats
    from cardtable.tui.players import default_player_name

    name = player or default_player_name()
    figures = player_stats(_store().matches(_game_name(game)), name)
    if as_json:
        typer.echo(
            json.dumps({"player": name, "games": {g: s.as_dict() for g, s in figures.items()}}, indent=1)
        )
        return
    if not figures:
        typer.echo(f"No finished matches of {name} yet" + (f" in {game}" if game else "") + ".")
        return
    out = _console()

    def figures_table(title: str, columns: list[int], narrow: bool) -> Table:
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
        for i in columns:
            number = COLUMNS[i] in NUMBER_COLUMNS  # the game's title may fold, never a figure
            table.add_column(
                COLUMNS[i], justify="right" if number else "left", no_wrap=i > 0, overflow="fold"
            )
        for st in figures.values():
            row = figures_row(st, narrow)
            table.add_row(*(row[i] for i in columns))
        return table

    title = f"{name}: finished matches"
    table = figures_table(title, list(range(len(COLUMNS))), narrow=False)
    if Measurement.get(out, out.options.update_width(1000), table).maximum <= out.width:
        out.print(table)
    else:  # 80 columns: the same figures in two tables, the recent form in the second
        form = [COLUMNS.index(c) for c in ("form", "scores")]
        out.print(figures_table(title, [i for i in range(len(COLUMNS)) if i not in form], narrow=True))
        out.print(figures_table("Recent form", [0, *form], narrow=True))
    levels = Table(title="Against each bot level", title_justify="left", box=box.SIMPLE_HEAD)
    for col in ("game", "bot level", "played", "won", "win rate"):
        levels.add_column(col, no_wrap=col != "game", overflow="fold")
    for st in figures.values():
        for level, (played, won) in sorted(st.by_level.items()):
            levels.add_row(st.title, level, str(played), str(won), f"{won / played:.0%}")
    out.print(levels)


@app.command()
@_guard
def history(
    game: str | None = typer.Argument(None, help="Only this game."),
    limit: int = typer.Option(20, "--limit", min=1, help="How many of the newest matches."),
) -> None:
    """The finished matches in the store, newest first, with their ids (for replay and export)."""
    from rich import box
    from rich.table import Table

    from cardtable.stats import game_title, level_name

    matches = _store().matches(_game_name(game), limit)
    if not matches:
        typer.echo("No finished matches yet.")
        return
    # 80 columns: a row per seat (its name and bot level folded, never cut, its score, "won"
    # beside the winners)
    table = Table(title="Finished matches", title_justify="left", box=box.SIMPLE_HEAD, collapse_padding=True)
    table.add_column("id", justify="right", no_wrap=True)
    table.add_column("when", no_wrap=True)
    table.add_column("game", overflow="fold", max_width=15)  # a title fits; another name folds
    table.add_column("players", overflow="fold")
    table.add_column("score", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    for m in matches:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(m.finished_at))
        first = [str(m.id), when, game_title(m.game)]
        for i, s in enumerate(m.seats):  # a row per seat: a folded name keeps its score beside it
            lead = first if i == 0 else ["", "", ""]
            name = s.name + (f" ({level_name(s.level)})" if s.kind == "bot" else "")
            won = "won" if i in m.winners else ""
            table.add_row(*lead, name, _score(m, i), won, end_section=i == len(m.seats) - 1)
    _console().print(table)


def _score(match, seat: int) -> str:
    return f"{match.scores[seat]:g}" if seat < len(match.scores) else "-"


@app.command("export")
@_guard
def export_match(
    match_id: int = typer.Argument(..., help="A match id from `cardtable history`."),
    file: Path = typer.Argument(..., help="Where to write the match record (JSON)."),
) -> None:
    """Write one stored match's record to a file (replay it with `cardtable replay FILE`)."""
    _store().match(match_id).record().save(file)
    typer.echo(f"match {match_id} written to {file}")


@app.command("import")
@_guard
def import_match(file: Path = typer.Argument(..., help="A match record (JSON) of a finished match.")) -> None:
    """Add a finished match's record to the store (a damaged or unfinished record is refused)."""
    from cardtable.store import StoreError, seats_of
    from games.core import Record

    record = Record.load(file)
    state = record.replay()
    if not state.is_over:
        raise StoreError(
            f"{file} holds a match that is not finished: resume it with `cardtable resume {file}`"
        )
    new = _store().add(record, seats_of(record), state.outcome(), source="import", bids=state.bid_record())
    typer.echo(f"imported as match {new}" if new is not None else "that match is already in the store")


@app.command()
@_guard
def watch(
    game: str = typer.Argument(..., help="A game name from `cardtable list`."),
    seats: str | None = typer.Option(
        None,
        "--seats",
        help="Bot levels, one per seat, e.g. hard,normal,normal "
        "(default: the game's usual number of normal bots).",
    ),
    open_hands: bool = typer.Option(
        False, "--open", help="Show every hand (default: only what a spectator sees)."
    ),
    pace: float = typer.Option(1.0, "--pace", min=0.0, max=10.0, help="Seconds between the bots' cards."),
    seed: int | None = typer.Option(None, "--seed", help="The deal's seed (default: random)."),
    option: list[str] = typer.Option([], "-o", "--option", help="A game option, name=value (repeatable)."),
) -> None:
    """Watch bots play a match on screen (+/- changes the pace, q quits)."""
    from cardtable.cli_common import _Fail, _parse_options
    from cardtable.session import SeatConfig, Table, WatchHandle
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.players import BOT_NAMES
    from games import get_rules
    from games.bots import make_bot

    rules = get_rules(game)
    levels = [s.strip() for s in (seats or ",".join(["normal"] * rules.default_seats)).split(",")]
    if any(not level for level in levels):
        raise _Fail(f"--seats {seats!r} has an empty seat: give one bot level per seat")
    for level in levels:
        make_bot(level, rules.name, 0)  # an unknown level is refused here, with the levels to choose from
    configs = [
        SeatConfig("bot", f"{BOT_NAMES[i % len(BOT_NAMES)]} ({level})", level)
        for i, level in enumerate(levels)
    ]
    table = Table.new(rules.name, configs, _parse_options(option) or None, seed)
    table.record_matches = False  # bots among themselves: not part of anyone's history
    CardTableApp(table_handles=[WatchHandle(table, open_hands)], driver=table, bot_delay=pace).run()
