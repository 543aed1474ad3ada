"""``cardtable ask MATCH|FILE``: what each bot level would do at one point of a match.

The record is replayed to the point asked for (``--at N``: after its first N actions; by default
where it stops, so a saved game in progress is asked about its current decision), and every level
named is asked for its move from the acting seat's own view, with the same possible deals a table
would give it.  Nothing else of the match reaches the bots.  Seeds are fixed (``--seed``), so the
same question gets the same answers; each answer says the CPU time it took.

Instead of a record, a position file (games.core.position) names the cards some seats were
dealt and the actions since: a hand of the asker's own choosing, put to every level.

Registered on the main Typer app by :mod:`cardtable.cli`; every user error is one line on stderr
with exit status 2, like the other commands.
"""

from __future__ import annotations

import json
import time

import typer

from cardtable.cli_common import MATCH_HELP, _Fail, _guard, _load_and_replay, app

#: the levels asked when --levels is not given, weakest first
ALL_LEVELS = "random,easy,normal,hard,expert"


@app.command("ask")
@_guard
def ask(
    match: str = typer.Argument(
        ..., help=MATCH_HELP + " Or a position file: cards dealt by hand (see README)."
    ),
    at: int | None = typer.Option(
        None, "--at", min=0, help="Ask after the first N actions (default: where the record stops)."
    ),
    levels: str = typer.Option(ALL_LEVELS, "--levels", help="The levels to ask, comma-separated."),
    seed: int = typer.Option(0, "--seed", help="The bots' seed: the same seed gives the same answers."),
    as_json: bool = typer.Option(False, "--json", help="The position and each answer as one JSON object."),
) -> None:
    """Ask each bot level what it would play at one point of a match (from the acting seat's view)."""
    from games.bots import bot_task, level_name, make_bot
    from games.core import BadRecordError
    from games.core.position import Position, is_position

    try:
        record, state = _load_and_replay(match, at)
    except BadRecordError:
        if not is_position(match):  # not a position set out by hand either (games.core.position)
            raise
        record = Position.load(match)
        state = record.replay(at)
    seat = state.to_act
    if seat is None:
        where = "ends" if at is None or at >= len(record.actions) else f"is over after {at} actions"
        raise _Fail(f"no decision to ask about: the match {where}")
    asked = [level_name(name) for name in levels.split(",") if name.strip()]
    if not asked:
        raise _Fail("name at least one level with --levels (e.g. normal,hard)")
    names = list(record.names) + [f"seat {i + 1}" for i in range(len(record.names), record.seats)]
    view = state.view(seat)
    answers = []
    for level in dict.fromkeys(asked):
        bot = make_bot(level, state.rules.name, seed)
        started = time.process_time()
        action = bot_task(bot, state, seat)()
        answers.append((level, state.label(action), action.text, time.process_time() - started))
    done = len(state.history)
    if as_json:
        position = {"game": state.rules.name, "after_actions": done, "seat": seat, "player": names[seat]}
        position["prompt"] = view.prompt
        position["legal"] = [a.text for a in state.legal_actions()]
        position["answers"] = [
            {"level": lv, "action": text, "label": label, "cpu_seconds": round(cpu, 3)}
            for lv, label, text, cpu in answers
        ]
        typer.echo(json.dumps(position, indent=1, ensure_ascii=False))
        return
    typer.echo(f"{state.rules.title} after {done} actions: {names[seat]} to act ({view.prompt})")
    typer.echo(f"hand: {' '.join(str(c) for c in view.hand) or '(none)'}")
    if view.dealer is not None:
        up = f"; turned up: {' '.join(str(c) for c in view.up_cards)}" if view.up_cards else ""
        typer.echo(f"dealer: {names[view.dealer]}{up}")
    typer.echo(f"choices: {', '.join(state.label(a) for a in state.legal_actions())}")
    width = max(len(lv) for lv, *_ in answers)
    for level, label, _text, cpu in answers:
        typer.echo(f"  {level:<{width}}  {label}  ({cpu:.2f} s)")
