"""The input for one game option, a labelled row and the number of players, and reading a form's
inputs, shared by the setup, host and join forms."""

from __future__ import annotations

from typing import TypeVar

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from games.core import CardtableError, Option, Rules

from .field import Field

T = TypeVar("T")


def form_row(label: str, *widgets: Widget) -> Horizontal:
    """One row of a form: its label ("" for none) in the label column, then the widgets."""
    return Horizontal(Label(label, classes="label"), *widgets, classes="row")


def players_row(rules: Rules, count: int) -> Horizontal:
    """The row that picks how many play (``#count``): the game's seat range, ``count`` chosen."""
    seats = range(rules.min_seats, rules.max_seats + 1)
    return form_row(
        "Players",
        Select([(str(n), n) for n in seats], value=count, allow_blank=False, id="count", compact=True),
    )


def option_widget(o: Option) -> Select | Field:
    """A drop-down for a yes/no option or one with listed choices, a text field otherwise; its id
    is ``opt-<name>`` and its value reads back as the option's text."""
    if isinstance(o.default, bool) or o.choices is not None:
        values = o.choices if o.choices is not None else (True, False)
        items = [
            ("none" if v is None else str(v).lower(), "none" if v is None else str(v).lower()) for v in values
        ]
        default = "none" if o.default is None else str(o.default).lower()
        return Select(items, value=default, allow_blank=False, id=f"opt-{o.name}", compact=True)
    return Field(str(o.default), id=f"opt-{o.name}", compact=True)


def option_text(form: Widget, o: Option) -> str:
    """The text of the option's input in ``form`` (a drop-down's choice or a field's text)."""
    widget = form.query_one(f"#opt-{o.name}")
    if isinstance(widget, Select | Input):
        return str(widget.value)
    raise TypeError(f"#opt-{o.name} is not an option's input")


def show_option_text(form: Widget, o: Option, text: str) -> None:
    """Put ``text`` into the option's input in ``form``."""
    widget = form.query_one(f"#opt-{o.name}")
    if isinstance(widget, Select | Input):
        widget.value = text


def picked(select: Select[T]) -> T:
    """The choice of a drop-down (ours offer no blank)."""
    value = select.selection
    if value is None:
        raise CardtableError(f"choose a value for {select.id}")
    return value
