"""Saved games (newest first) from :func:`cardtable.paths.saves_dir`; Enter picks one.

The list gives back the chosen save's path as its result (Esc: None); the app resumes it, and
a corrupt save is reported (its BadRecordError message) and left untouched.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from cardtable.paths import saves_dir
from games import get_rules
from games.core import CardtableError, Record

from ..widgets.keybar import KeyBar
from ..widgets.toosmall import TooSmall
from .base import SizedScreen


def list_saves() -> list[Path]:
    d = saves_dir()
    if not d.is_dir():
        return []
    return sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


@dataclass(frozen=True)
class SaveSummary:
    """One line of the list: what the save holds, read by replaying it."""

    path: Path
    game: str
    players: str
    hand: int
    scores: str
    finished: bool
    when: str
    problem: str = ""


def summarise(path: Path) -> SaveSummary:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    try:
        record = Record.load(path)
        state = record.replay()
        title = get_rules(record.game).title
    except CardtableError as exc:
        return SaveSummary(path, path.stem, "", 0, "", False, when, problem=str(exc))
    names = list(record.names) or [f"Seat {i + 1}" for i in range(record.seats)]
    view = state.view(None)
    scores = " · ".join(f"{_cut(n, 16)} {v:g}" for n, v in zip(names, view.scores))
    return SaveSummary(
        path, title, ", ".join(_cut(n, 10) for n in names), view.hand_number, scores, state.is_over, when
    )


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, its end shown cut with an ellipsis."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _row(s: SaveSummary, width: int) -> Text:
    if s.problem:
        return Text(f"{s.game:<18} cannot be read: {s.problem}"[:width], style="dim")
    out = Text()
    out.append(f"{s.game[:18]:<18} ", style="bold")
    out.append(f"{_cut(s.players, 28):<28} ")
    out.append(f"hand {s.hand:<3} ", style="dim")
    out.append(s.when, style="dim")
    if s.finished:
        out.append("  ✓ finished", style="italic")
    out.truncate(width)
    # the scores on a line of their own, whole at any size (scores of 100 and more, every seat)
    scores = Text("\n   " + s.scores)
    return out + scores


class ResumeScreen(SizedScreen):
    """Matches in progress first, then finished ones apart; each entry says game, players, hand
    and when, and the scores beneath."""

    BINDINGS = [Binding("escape", "back", "Back"), Binding("q", "app.quit", "Quit")]

    def __init__(self, highlight: Path | None = None) -> None:
        super().__init__()
        self.highlight = highlight  # the save to show under the cursor (one that could not be resumed)

    def compose(self) -> ComposeResult:
        yield Static(f"Resume a saved game ({saves_dir()})", id="lobby-title")
        summaries = [summarise(p) for p in list_saves()]
        width = max(self.app.size.width - 4, 40)
        going = [s for s in summaries if not s.finished]
        done = [s for s in summaries if s.finished]
        opts: list = [Option(_row(s, width), id=str(s.path)) for s in going]
        if done:
            if going:
                opts.append(None)  # a separator line
            opts.append(Option(Text("Finished matches", style="bold"), disabled=True))
            opts += [Option(_row(s, width), id=str(s.path)) for s in done]
        yield OptionList(*opts, id="saves")
        yield Static(
            "No saved games yet." if not summaries else "Enter resumes the highlighted game · Esc back",
            classes="hint",
        )
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        super().on_mount()
        saves = self.query_one(OptionList)
        saves.focus()
        if self.highlight is not None:
            try:
                saves.highlighted = saves.get_option_index(str(self.highlight))
            except OptionDoesNotExist:  # the file has gone meanwhile: the cursor stays on the first line
                pass

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:  # (every save in the list has its path as id)
            self.dismiss(Path(event.option.id))

    def action_back(self) -> None:
        self.dismiss(None)
