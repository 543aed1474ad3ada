"""What every ``cardtable`` command shares: the Typer app they are registered on, and how a user's
error becomes one line on stderr with exit status 2 (:func:`_guard`).

The commands live in :mod:`cardtable.cli` and :mod:`cardtable.cli_history`, which both import
this module (and not each other).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
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


def _die(message: str) -> NoReturn:
    """Print one line on stderr and exit with status 2."""
    first = " ".join(str(message).split()) or "error"
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
