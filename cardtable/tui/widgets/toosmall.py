"""Shown instead of a screen's content when the terminal is smaller than 80x24."""

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    def __init__(self) -> None:
        super().__init__(
            f"Please enlarge the terminal to at least {MIN_WIDTH}x{MIN_HEIGHT}.", classes="too-small"
        )
