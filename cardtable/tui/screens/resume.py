"""Saved games (newest first) from :func:`cardtable.session.saves_dir`; Enter resumes one.

A corrupt save is reported (its BadRecordError message) and left untouched.
"""

from __future__ import annotations

import time
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.session import saves_dir

from ..widgets.toosmall import TooSmall
from .base import SizedScreen


def list_saves() -> list[Path]:
    d = saves_dir()
    if not d.is_dir():
        return []
    return sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


class ResumeScreen(SizedScreen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(f"Resume a saved game ({saves_dir()})", id="lobby-title")
        saves = list_saves()
        opts = [Option(f"{p.stem}   {time.strftime('%Y-%m-%d %H:%M', time.localtime(p.stat().st_mtime))}",
                       id=str(p)) for p in saves]
        yield OptionList(*opts, id="saves")
        yield Static("No saved games yet." if not saves else "Enter resumes the highlighted game · Esc back",
                     classes="hint")
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.app.resume_file(event.option.id)
