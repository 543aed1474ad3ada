"""``cardtable join``: open the table UI for one seat of a hosted table.

Also the program the ssh front door starts for each ssh connection, on its own pty:
``python -m cardtable.net.join --unix SOCKET --token TOKEN`` (a one-time token on the table's
private Unix socket).  Kept free of typer so that the ssh child starts quickly.
"""

from __future__ import annotations

import argparse
import sys

from games.core import CardtableError

from .client import RemoteSeatHandle


def run_join(address: str | None = None, code: str | None = None, *, unix: str | None = None,
             token: str | None = None, ascii_suits: bool | None = None) -> str | None:
    """Join and run the TUI until the player quits or the table closes; returns the close reason."""
    handle = RemoteSeatHandle(address, code, unix=unix, token=token).connect()
    try:
        from cardtable.tui import run_remote

        run_remote(handle, ascii_suits=ascii_suits)
    finally:
        handle.close()
    return handle.closed_reason


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="cardtable-join")
    p.add_argument("address", nargs="?")
    p.add_argument("--code")
    p.add_argument("--unix")
    p.add_argument("--token")
    p.add_argument("--ascii", action="store_true", default=None)
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, arg in enumerate(argv[:-1]):  # a token or code may start with "-": glue it to its option
        if arg in ("--token", "--code", "--unix"):
            argv[i:i + 2] = [f"{arg}={argv[i + 1]}", ""]
    args = p.parse_args([a for a in argv if a != ""])
    try:
        reason = run_join(args.address, args.code, unix=args.unix, token=args.token, ascii_suits=args.ascii)
    except CardtableError as exc:
        print(f"cardtable: error: {exc}", file=sys.stderr)
        return 2
    if reason and reason != "closed":
        print(f"cardtable: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
