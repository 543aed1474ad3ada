"""The Textual front end.  Four blocking entry points, each running :class:`CardTableApp`:

- :func:`run_lobby` -- the lobby (choose a game, seats, options; resume a save);
- :func:`run_resume` -- continue a saved game (``path`` None: the list of saves);
- :func:`run_table` -- play at a local :class:`~cardtable.session.Table` (bots paced, autosaved);
- :func:`run_remote` -- play one seat of a remote table through its SeatHandle (the server runs bots).

Textual is imported lazily so that importing this package stays cheap for the CLI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.session import SeatHandle, Table

    from .screens.host import HostService


def _app(**kwargs):
    from cardtable.tui.app import CardTableApp

    return CardTableApp(**kwargs)


def run_lobby(ascii_suits: bool | None = None, host_service: HostService | None = None) -> None:
    """Open the lobby and block until the player quits (``host_service``: how the lobby hosts a table)."""
    _app(ascii_suits=ascii_suits, host_service=host_service).run()


def run_resume(
    path: str | None = None, ascii_suits: bool | None = None, host_service: HostService | None = None
) -> None:
    """Resume the saved game at ``path`` (None: pick one from the list of saves); the lobby is beneath."""
    _app(resume=path if path is not None else "", ascii_suits=ascii_suits, host_service=host_service).run()


def run_table(table: Table, ascii_suits: bool | None = None) -> None:
    """Play at a local table: one handle per human seat (several: hot-seat), bots paced here."""
    handles = [table.handle(s) for s in table.human_seats()]
    _app(table_handles=handles, driver=table, ascii_suits=ascii_suits).run()


def run_remote(handle: SeatHandle, ascii_suits: bool | None = None) -> None:
    """Play one seat of a table that runs elsewhere (its server runs the bots)."""
    _app(table_handles=[handle], driver=None, ascii_suits=ascii_suits).run()


__all__ = ["run_lobby", "run_remote", "run_resume", "run_table"]
