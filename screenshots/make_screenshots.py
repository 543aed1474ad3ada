"""Drive the real app (App.run_test + pilot, fixed size, seeded deals) and write SVG screenshots.

    .venv/bin/python screenshots/make_screenshots.py [NAME ...]

Each scene is (name, game, seed, steps[, seats, size]): ``game`` None means the lobby; ``steps`` are
key names for the pilot or the words ``settle`` (let bots play until a human must act) and
``summary`` (play first legal cards until an end-of-hand summary shows).
"""

from __future__ import annotations

import asyncio
import atexit
import html
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
atexit.register(shutil.rmtree, os.environ["CARDTABLE_HOME"], True)  # the scratch home goes at exit
os.environ.pop("CARDTABLE_ASCII", None)

from cardtable.session import SeatConfig, Table  # noqa: E402
from cardtable.tui.app import CardTableApp  # noqa: E402
from cardtable.tui.screens.modals import HandSummaryScreen  # noqa: E402
from cardtable.tui.screens.table import TableScreen  # noqa: E402
from games.core import SeatView  # noqa: E402

SIZE = (100, 30)
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gil")  # every seat named: no login name in the images


class Scene(NamedTuple):
    name: str
    game: str | None
    seed: int | None
    steps: tuple[str, ...]
    seats: tuple[str, ...] = ("human", "bot", "bot")
    size: tuple[int, int] = SIZE
    until: Callable[[SeatView], bool] | None = None  # play first choices until this moment
    options: dict | None = None


def mid_trick(view: SeatView) -> bool:
    """The human's turn with cards on the table: the trick drawn as faces, the hand fanned."""
    return view.is_my_turn and len(view.trick) >= 1 and any(a.card is not None for a in view.legal)


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
    # issue 32: the trick at the seats of six players, and a talon lying face up in the middle
    Scene(
        "trick_6_seats_80x24",
        "tricks_n_trumps",
        4,
        ("settle",),
        ("human",) + ("bot",) * 5,
        size=(80, 24),
        until=lambda v: v.is_my_turn and len(v.trick) == 5,
    ),
    Scene("talon_80x24", "preference", 1, ("settle",), size=(80, 24)),
    Scene("history", None, None, ("y", "enter", "right"), size=(100, 30)),
    Scene("stats", None, None, ("s",), size=(100, 30)),
]


def game_scenes() -> list[Scene]:
    """Every registered game at 100x30 and at 80x24, the human deciding after the bots' first moves."""
    from games import all_rules

    out = []
    for rules in all_rules():
        seats = ("human",) + ("bot",) * (rules.default_seats - 1)
        out.append(Scene(f"game_{rules.name}", rules.name, 2, ("settle",), seats, until=mid_trick))
        out.append(
            Scene(
                f"game_{rules.name}_80x24", rules.name, 2, ("settle",), seats, size=(80, 24), until=mid_trick
            )
        )
    return out


async def settle(pilot, rounds: int = 400) -> None:
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TableScreen) or screen.driver is None:
            break
        if screen.driver.bot_to_act() is None and not screen.pacer.busy:
            break
    await pilot.pause()


def make_app(scene: Scene) -> CardTableApp:
    if scene.game is None:
        return CardTableApp(bot_delay=0, ascii_suits=False)
    seats = [SeatConfig(kind, NAMES[i]) for i, kind in enumerate(scene.seats)]
    table = Table.new(scene.game, seats, scene.options, scene.seed)
    return CardTableApp(
        table_handles=[table.handle(s) for s in table.human_seats()],
        driver=table,
        bot_delay=0,
        ascii_suits=False,
    )


_TEXT = re.compile(r'(<text [^>]*?x=")([0-9.]+)("[^>]*?textLength=")([0-9.]+)("[^>]*>)([^<]*)</text>')
_NBSP = "&#160;"


def tidy_svg(path: Path) -> None:
    """Turn the leading and trailing spaces of each text run into position and width: some SVG
    renderers drop them, which glued styled words together ("Ben(D)", "Ana0")."""

    def fix(m: re.Match) -> str:
        body = m.group(6)
        lead = len(re.match(r"(?:&#160;)*", body).group(0)) // len(_NBSP)
        trail = len(re.search(r"(?:&#160;)*$", body).group(0)) // len(_NBSP)
        chars = len(html.unescape(body))
        if not (lead or trail) or lead + trail >= chars:
            return m.group(0)
        cell = float(m.group(4)) / chars
        x = float(m.group(2)) + lead * cell
        width = float(m.group(4)) - (lead + trail) * cell
        inner = body[lead * len(_NBSP) : len(body) - trail * len(_NBSP)]
        return f"{m.group(1)}{x:g}{m.group(3)}{width:g}{m.group(5)}{inner}</text>"

    path.write_text(_TEXT.sub(fix, path.read_text(encoding="utf-8")), encoding="utf-8")


async def play_until(pilot, moment: Callable[[SeatView], bool], moves: int = 300) -> None:
    """The human plays their first choice (a card when there is one) until ``moment`` comes."""
    app = pilot.app
    for _ in range(moves):
        await settle(pilot)
        if not isinstance(app.screen, TableScreen):
            await pilot.press("enter")  # a summary or a hand-off
            continue
        table = app.screen.driver
        view = table.view(0)
        if view.is_over or moment(view):
            return
        if view.is_my_turn:
            cards = [a for a in view.legal if a.card is not None]
            table.submit(0, cards[0] if cards else view.legal[0])
        else:
            await pilot.press("space")


async def shoot(scene: Scene) -> Path:
    app = make_app(scene)
    async with app.run_test(size=scene.size) as pilot:
        await settle(pilot)
        if scene.until is not None:
            await play_until(pilot, scene.until)
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
        tidy_svg(path)
        return path


def finished_matches() -> None:
    """A few finished matches in the store, for the history and statistics screens."""
    for seed in (3, 4, 5):
        seats = [
            SeatConfig("human", NAMES[0]),
            SeatConfig("bot", NAMES[1], "heuristic"),
            SeatConfig("bot", NAMES[2], "random"),
        ]
        table = Table.new("tricks_n_trumps", seats, {"rounds": 1}, seed)
        while not table.state.is_over:
            seat = table.state.to_act
            table.submit(
                *(table.bot_choose() if seat in table.bots else (seat, table.state.legal_actions()[0]))
            )


async def main(names: list[str]) -> None:
    finished_matches()
    for scene in SCENES + game_scenes():
        if not names or scene.name in names:
            try:
                print(await shoot(scene))
            except Exception as exc:  # a game not registered yet: skip that scene, say so
                print(f"skipped {scene.name}: {exc}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
