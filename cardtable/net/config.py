"""What a host serves, and the small rules every door shares: a leaf module of :mod:`cardtable.net`
(it imports none of the others), so the host, the hub, the ssh door and the TUI's host screen
all read it without importing each other.

- :class:`HostConfig`: one table to host (game, options, seats, seed, save or resume) and the
  host-wide settings (address, ssh and web ports, authentication, holds, bot pace, heartbeat).
  Its seats are a list of :class:`~cardtable.session.SeatConfig`; the command line's comma list
  (``remote:Ann,remote,normal``) is read by :func:`parse_seats`.
- :func:`is_loopback`, :func:`ssh_user`: which addresses may go without authentication, and the
  ssh user name that picks a seat.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable.pacer import BOT_DELAY
from games.core import BadOptionError

if TYPE_CHECKING:  # the session (and the bots it loads) is imported only when seats are read
    from cardtable.session import SeatConfig

DEFAULT_PORT = 7420  # the table port, unless the host names another


def is_loopback(host: str) -> bool:
    """True for 127.0.0.1, ::1 and localhost: the only places where a host may skip authentication."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def ssh_user(seat: int, name: str) -> str:
    """The user name that picks this seat over ssh: the seat's name if it is a plain word, else seatN."""
    low = name.strip().lower()
    return low if re.fullmatch(r"[a-z][a-z0-9_.-]{0,31}", low) else f"seat{seat + 1}"


def parse_seats(text: str, game: str) -> list[SeatConfig]:
    """``remote:Ann,remote,heuristic`` -> SeatConfigs (checked by :func:`check_seats`);
    BadOptionError naming the bad item.  ``human`` is the same as ``remote`` (the host joins
    their own seat like everyone else); ``bot`` is a normal bot.  A remote seat without a name is
    ``open`` (a club's lobby may give it to anyone); one with a name is kept for that person."""
    from cardtable.session import SeatConfig
    from games import bots

    levels, aliases = bots.LEVELS, getattr(bots, "ALIASES", {})
    seats: list[SeatConfig] = []
    for i, item in enumerate(t.strip() for t in text.split(",")):
        kind, _, name = item.partition(":")
        kind, name = kind.strip().lower(), name.strip()
        if kind in ("remote", "human"):
            seats.append(SeatConfig("remote", name or f"Player {i + 1}", open=not name))
        elif kind == "bot" or kind in levels or kind in aliases:  # aliases: older names such as heuristic
            level = ("normal" if "normal" in levels else "heuristic") if kind == "bot" else kind
            seats.append(SeatConfig("bot", name or f"Bot {i + 1}", level))
        else:
            raise BadOptionError(
                f"seat {i + 1} ({item!r}) is not allowed: use remote[:NAME], human[:NAME] "
                f"or a bot level ({', '.join(levels)})[:NAME]"
            )
    check_seats(seats, game)
    return seats


def check_seats(seats: Sequence[SeatConfig], game: str) -> None:
    """BadOptionError unless the seats can host ``game``: their number, distinct names, and at
    least one seat open to players."""
    if len({s.name.lower() for s in seats}) != len(seats):
        raise BadOptionError("two seats have the same name: give each seat its own name")
    from games import get_rules

    if not any(s.kind == "remote" for s in seats):
        raise BadOptionError("no seat is open to players: put at least one 'remote' in --seats")
    get_rules(game).check_seats(len(seats))


def default_seats(game: str) -> list[SeatConfig]:
    """Two seats open to players, bots in the others (the game's usual number of seats)."""
    from games import get_rules

    rules = get_rules(game)
    n = max(rules.default_seats, rules.min_seats)
    return parse_seats(",".join(["remote", "remote"][:n] + ["heuristic"] * max(0, n - 2)), game)


@dataclass
class HostConfig:
    """One hosted table and the host's settings.  ``seats`` empty: :func:`default_seats`.  A
    command-line seat list given as text is read with :func:`parse_seats` (it needs ``game``)."""

    game: str = ""
    options: dict[str, str] = field(default_factory=dict)
    seats: list[SeatConfig] = field(default_factory=list)
    listen: str = f"127.0.0.1:{DEFAULT_PORT}"
    ssh_port: int | None = None
    authorized_keys: Path | None = None
    no_auth: bool = False
    hold: float = 300.0
    while_away: str = "wait"
    bot_delay: float = BOT_DELAY
    seed: int | None = None
    save: Path | None = None
    resume: Path | None = None
    spectators: bool = False
    public_host: str | None = None
    heartbeat: float = 5.0
    web_port: int | None = None  # also serve each seat to web browsers on this port (cardtable.net.web)
    turn_timeout: float | None = (
        None  # a seated player's time to move before a bot plays for them (None: off)
    )

    def __post_init__(self) -> None:
        if isinstance(self.seats, str):
            text = self.seats.strip()
            self.seats = parse_seats(text, self.game) if text and self.game else []
        else:
            self.seats = list(self.seats)

    def table_seats(self) -> list[SeatConfig]:
        """The seats of a new table from this config (checked)."""
        if not self.seats:
            return default_seats(self.game)
        check_seats(self.seats, self.game)
        return list(self.seats)
