"""Drive the real app (App.run_test + pilot, fixed size, seeded deals) and write SVG screenshots.

    .venv/bin/python screenshots/make_screenshots.py [NAME ...]

Each scene is (name, game, seed, steps[, seats, size]): ``game`` None means the lobby; ``steps`` are
key names for the pilot or the words ``settle`` (let bots play until a human must act) and
``summary`` (play first legal cards until an end-of-hand summary shows).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
os.environ.pop("CARDTABLE_ASCII", None)

from cardtable.session import SeatConfig, Table  # noqa: E402
from cardtable.tui.app import CardTableApp  # noqa: E402
from cardtable.tui.screens.modals import HandSummaryScreen  # noqa: E402
from cardtable.tui.screens.table import TableScreen  # noqa: E402

SIZE = (100, 30)
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gil")  # every seat named: no login name in the images


class Scene(NamedTuple):
    name: str
    game: str | None
    seed: int | None
    steps: tuple[str, ...]
    seats: tuple[str, ...] = ("human", "bot", "bot")
    size: tuple[int, int] = SIZE


SCENES = [
    Scene("lobby", None, None, ()),
    Scene("trick", "tricks_n_trumps", 4, ("settle",), ("human", "bot", "bot", "bot")),
    Scene("decision", "trump_suit", 3, ("settle",)),
    Scene("handoff", "tricks_n_trumps", 11, ("settle",), ("human", "human", "bot")),
    Scene("hand_summary", "tricks_n_trumps", 7, ("summary",)),
    Scene("rules_help", "tricks_n_trumps", 7, ("settle", "question_mark")),
    Scene("decision_80x24", "trump_suit", 3, ("settle",), size=(80, 24)),
    Scene("contract_grid", "contract_grid", 5, ("settle", "1", "settle"), size=(140, 40)),
    Scene("pot_80x24", "rams", 3, ("settle",), ("human", "bot", "bot", "bot"), size=(80, 24)),
    # two-card trick: both bots' pairs with their pip totals, and the human's first card staged
    Scene("simple_strange_trick", "simple_strange", 1, ("settle", "enter", "1"), size=(120, 36)),
]


async def settle(pilot, rounds: int = 400) -> None:
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TableScreen) or screen.driver is None:
            break
        if screen.driver.bot_to_act() is None and not screen._bot_scheduled:
            break
    await pilot.pause()


def make_app(scene: Scene) -> CardTableApp:
    if scene.game is None:
        return CardTableApp(bot_delay=0, ascii_suits=False)
    seats = [SeatConfig(kind, NAMES[i]) for i, kind in enumerate(scene.seats)]
    table = Table.new(scene.game, seats, None, scene.seed)
    return CardTableApp(table_handles=[table.handle(s) for s in table.human_seats()], driver=table,
                        bot_delay=0, ascii_suits=False)


async def shoot(scene: Scene) -> Path:
    app = make_app(scene)
    async with app.run_test(size=scene.size) as pilot:
        await settle(pilot)
        for step in scene.steps:
            if step == "settle":
                await settle(pilot)
            elif step == "summary":
                for _ in range(60):
                    if isinstance(app.screen, HandSummaryScreen):
                        break
                    await pilot.press("enter")
                    await settle(pilot)
            else:
                await pilot.press(step)
        await pilot.pause()
        path = HERE / f"{scene.name}.svg"
        app.save_screenshot(filename=path.name, path=str(HERE))
        return path


async def main(names: list[str]) -> None:
    for scene in SCENES:
        if not names or scene.name in names:
            try:
                print(await shoot(scene))
            except Exception as exc:  # a game not registered yet: skip that scene, say so
                print(f"skipped {scene.name}: {exc}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
