"""The input for one game option, and reading a form's inputs, shared by the setup and host forms."""

from __future__ import annotations

from typing import TypeVar

from textual.widget import Widget
from textual.widgets import Input, Select

from games.core import CardtableError, Option

from .field import Field

T = TypeVar("T")


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
