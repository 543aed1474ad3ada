"""What every ``cardtable`` command shares: the Typer app they are registered on, and how a user's
error becomes one line on stderr with exit status 2 (:func:`_guard`).

The commands live in :mod:`cardtable.cli` and :mod:`cardtable.cli_history`, which both import
this module (and not each other).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, ParamSpec, TypeVar

import typer

P = ParamSpec("P")
R = TypeVar("R")

#: every command's app; its help is cardtable.cli's docstring
app = typer.Typer(
    add_completion=False,
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class _Fail(Exception):
    """A user error found by the CLI itself (not a games.core error)."""


MESSAGE_SHOWN = 600  # characters of an error line the CLI prints


def _die(message: str) -> NoReturn:
    """Print one line on stderr and exit with status 2 (cut to a readable length: a message may
    repeat hostile input)."""
    from games.core.errors import cut_input

    first = cut_input(" ".join(str(message).split()) or "error", MESSAGE_SHOWN)
    typer.echo(f"cardtable: error: {first}", err=True)
    raise typer.Exit(2)


def _guard(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn our errors into one line on stderr and exit status 2 (also under CliRunner)."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        from games.core import CardtableError

        try:
            return fn(*args, **kwargs)
        except (CardtableError, _Fail) as exc:
            _die(str(exc))
        except OSError as exc:
            _die(f"{getattr(exc, 'filename', None) or 'file'}: {exc.strerror or exc}")

    return wrapper


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise _Fail(f"option {pair!r} must be written name=value")
        options[name.strip()] = value
    return options


#: what a ``MATCH`` argument may be: what :func:`_load_and_replay` opens
MATCH_HELP = "A match number from `cardtable history`, or a saved game or record file."


def _load_and_replay(source: str | Path, upto: int | None):
    """The record at ``source`` (a file, or the number of a match in the store when no such file
    exists) and its replayed state.  Records check themselves field by field (BadRecordError);
    should a hostile file still trip anything else, it is reported on one line naming the file,
    never as a traceback."""
    from games.core import CardtableError, Record

    path = Path(source)
    try:
        if str(source).isdigit() and not path.exists():
            from cardtable.store import MatchStore

            rec = MatchStore().open().match(int(str(source))).record()
        else:
            rec = Record.load(path)
        return rec, rec.replay(upto)
    except (CardtableError, OSError):
        raise
    except (
        RecursionError,
        MemoryError,
        ArithmeticError,
        LookupError,
        TypeError,
        ValueError,
        AttributeError,
    ) as exc:
        raise _Fail(f"{path} cannot be replayed ({type(exc).__name__}: {str(exc)[:120]})") from None
