"""The seat handle: everything a front end holds for one seat, declared whole.

A table screen, a network server or a script plays one seat through a handle and never looks
past it.  The same :class:`SeatHandle` protocol covers a seat at a local
:class:`~cardtable.session.Table` (hot-seat, against bots), a spectator's place, and a seat at a
networked table (:class:`~cardtable.net.client.RemoteSeatHandle`).  What differs is said by
declared members, never found by probing for attributes:

- ``networked``: moves cross a network.  Such a seat sends its moves with :meth:`submit_later`
  (the screen stays live until the table answers), has a link ``status`` (``connected``,
  ``reconnecting (...)``, ``closed: ...``), may see other players ``away`` and says bye on
  :meth:`close`.
- A local handle answers the same members with what is true of a local table: it is always
  connected, nobody is ever away, a move sent "later" is applied at once, closing does nothing.

No Textual and no network code here.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol

from games.core import Action, CardtableError, SeatView


@dataclass(frozen=True)
class AwaySeat:
    """A remote seat whose player is not connected."""

    seat: int
    name: str
    #: seconds the table still waits for them before a stand-in bot may play (None: not waiting)
    held: float | None
    stand_in: bool  # a bot plays the seat meanwhile
    joined: bool = True  # False: the player has not come to the table yet


class SeatHandle(Protocol):
    """What a front end holds for one seat, local or remote (``seat`` None: a spectator)."""

    seat: int | None
    #: True when moves cross a network (sent without waiting, a link that may drop)
    networked: bool
    #: the link: ``connected``, ``reconnecting (why)``, ``closed: why`` (a local seat: ``local``)
    status: str
    #: why the table has gone (None while it is there)
    closed_reason: str | None

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def is_closed(self) -> bool: ...

    @property
    def save_problem(self) -> str:
        """Why the table's save file is behind ("" while it is up to date; a remote seat hears
        it from the table)."""
        ...

    def view(self) -> SeatView: ...

    def submit(self, action: str | Action) -> None:
        """Apply a move and wait for the verdict: IllegalActionError if it is refused."""
        ...

    def submit_later(self, action: str | Action) -> Future:
        """Send a move without waiting: a future done with None once accepted, or with the
        table's refusal (an IllegalActionError)."""
        ...

    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` (on any thread) whenever the view may have changed; returns the unsubscriber."""
        ...

    def can_undo(self) -> bool: ...

    def undo(self) -> None: ...

    def away(self) -> list[AwaySeat]:
        """The seats whose players are not connected now (always empty at a local table)."""
        ...

    def close(self) -> None:
        """Leave the table (a remote seat says bye; a local one has nothing to do)."""
        ...


class LocalLink:
    """The link members of a seat at a local table: always there, nobody away, moves applied
    at once.  Mixed into the local handles; the class using it defines ``submit``."""

    networked = False
    status = "local"
    closed_reason: str | None = None

    @property
    def is_closed(self) -> bool:
        return False

    def submit(self, action: str | Action) -> None:  # pragma: no cover - defined by the handle
        raise NotImplementedError

    def submit_later(self, action: str | Action) -> Future:
        """Apply the move now: a future already done with None, or with the refusal."""
        answer: Future = Future()
        try:
            self.submit(action)
        except CardtableError as exc:
            answer.set_exception(exc)
        else:
            answer.set_result(None)
        return answer

    def away(self) -> list[AwaySeat]:
        return []

    def close(self) -> None:
        """Nothing to say goodbye to."""
