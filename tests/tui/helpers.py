"""Shared helpers for the TUI tests: screen text, settling bots, seeded tables, a faulty bot."""

from __future__ import annotations

import time
from typing import NamedTuple

from cardtable.session import SeatConfig, Table
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen
from games.bots import Bot


class RaisingBot(Bot):
    """A bot with a bug: every choice raises (the bot runner must cope, locally and on a server)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.calls = 0

    def choose(self, view, legal):
        self.calls += 1
        raise ValueError("a bug in the bot")


def screen_text(app) -> str:
    """What the terminal shows now, as plain text lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot, rounds: int = 400) -> None:
    """Let paced bots (delay 0) play until a human must act or a dialog is up."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        driver = getattr(app.screen, "driver", None) if isinstance(app.screen, TableScreen) else None
        if not isinstance(app.screen, TableScreen) or driver is None:
            break
        if driver.bot_to_act() is None and not app.screen.pacer.busy:
            break
    await pilot.pause()


def seats(*kinds: str) -> list[SeatConfig]:
    names = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
    return [SeatConfig(k, names[i]) for i, k in enumerate(kinds)]


def local_app(table: Table) -> CardTableApp:
    handles = [table.handle(s) for s in table.human_seats()]
    return CardTableApp(table_handles=handles, driver=table, bot_delay=0, ascii_suits=False)


def table_for(seed: int, *kinds: str, save_path=None, **options) -> Table:
    return Table.new("tricks_n_trumps", seats(*kinds), options or None, seed, save_path=save_path)


class Said(NamedTuple):
    message: str
    title: str
    severity: str


def said(app) -> list[Said]:
    """What the player is told now: the table screen's message (shown for its moment) and the
    app's notifications (toasts of the other screens)."""
    out = [Said(n.message, n.title, n.severity) for n in app._notifications]
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            note = screen.flow.messages.shown(screen._moment(), time.monotonic())
            if note is not None:
                out.append(Said(note.text, note.title, note.severity))
    return out


def forget_said(app) -> None:
    """Clear what was said (the app's notifications and every table screen's message)."""
    app.clear_notifications()
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            screen.flow.messages.clear()


async def wait_until(pilot, predicate, seconds: float = 30.0) -> bool:
    """Let the app run until ``predicate()`` holds (True) or ``seconds`` have passed (False):
    one turn of the loop is enough on a quiet machine, more on a busy one."""
    deadline = time.monotonic() + seconds
    await pilot.pause()
    if predicate():
        return True
    while time.monotonic() < deadline:
        await pilot.pause(0.05)
        if predicate():
            return True
    return False
