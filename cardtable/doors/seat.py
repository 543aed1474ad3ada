"""The seat program: the table UI for one seat of a hosted table (or for a spectator).

``cardtable join`` runs it in its own process; the ssh and web doors start it for each session, on
its own pty: ``python -m cardtable.doors.seat --unix SOCKET --token TOKEN`` (a one-time token on the
table's private Unix socket), or fork it warm from the seat template, which calls :func:`main`
(:mod:`cardtable.doors.warm`).  Kept free of typer so that a seat starts quickly.

An ssh player is a remote user: they never see a traceback.  When the host passes a log pipe
(``CARDTABLE_LOG_FD``), everything written to ``sys.stderr`` (Python's and Textual's error reports)
goes there and the host copies it into its own log; the player reads one plain line.  The table
UI itself keeps drawing on the terminal (Textual writes to the original stderr, the pty).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import traceback

from cardtable.net.client import RemoteSeatHandle
from games.core import CardtableError

FAILED = "cardtable: the table screen stopped because of an error; the host has the details"


class ScreenFailed(CardtableError):
    """The table UI ended with an error (its report is already on stderr)."""


def run_join(
    address: str | None = None,
    code: str | None = None,
    *,
    unix: str | None = None,
    token: str | None = None,
    ascii_suits: bool | None = None,
) -> str | None:
    """Join and run the TUI until the player quits or the table closes; returns the close reason."""
    handle = RemoteSeatHandle(address, code, unix=unix, token=token).connect()
    try:
        from cardtable.tui.app import CardTableApp  # start-up: a seat that cannot connect says so at once

        app = CardTableApp(table_handles=[handle], driver=None, ascii_suits=ascii_suits)
        app.run()
        if app.return_code not in (None, 0):
            raise ScreenFailed(f"the table UI exited with status {app.return_code}")
    finally:
        handle.close()
    return handle.closed_reason


def _log_to_host() -> bool:
    """Send stderr to the host's log pipe when there is one (an ssh child); True if so."""
    fd = os.environ.get("CARDTABLE_LOG_FD", "")
    if not fd.isdigit():
        return False
    try:
        sys.stderr = os.fdopen(int(fd), "w", buffering=1, encoding="utf-8", errors="replace")
    except OSError:
        return False
    return True


def _say(text: str) -> None:
    """One line for the player, on their terminal (never on the host's log pipe)."""
    out = sys.__stderr__ or sys.stdout
    try:
        out.write(text + "\r\n" if out.isatty() else text + "\n")
        out.flush()
    except (OSError, ValueError):
        pass


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line of ``cardtable-join`` (a token or code may start with "-")."""
    p = argparse.ArgumentParser(prog="cardtable-join")
    p.add_argument("address", nargs="?")
    p.add_argument("--code")
    p.add_argument("--unix")
    p.add_argument("--token")
    p.add_argument("--ascii", action="store_true", default=None)
    argv = list(argv)
    for i, arg in enumerate(argv[:-1]):  # a token or code may start with "-": glue it to its option
        if arg in ("--token", "--code", "--unix"):
            argv[i : i + 2] = [f"{arg}={argv[i + 1]}", ""]
    return p.parse_args([a for a in argv if a != ""])


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)  # a host started under nohup must not make us ignore hangups
    remote_user = _log_to_host()
    try:
        reason = run_join(args.address, args.code, unix=args.unix, token=args.token, ascii_suits=args.ascii)
    except ScreenFailed:
        _say(FAILED if remote_user else "cardtable: the table screen stopped because of an error (see above)")
        return 1
    except CardtableError as exc:
        _say(f"cardtable: error: {exc}")
        return 2
    except Exception:
        if not remote_user:
            raise
        traceback.print_exc()
        _say(FAILED)
        return 1
    if reason and reason != "closed":
        _say(f"cardtable: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
