"""The input for one game option, shared by the setup and host forms."""

from __future__ import annotations

from textual.widgets import Select

from games.core import Option

from .field import Field


def option_widget(o: Option) -> Select | Field:
    """A drop-down for a yes/no option or one with listed choices, a text field otherwise; its id
    is ``opt-<name>`` and its value reads back as the option's text."""
    if isinstance(o.default, bool) or o.choices is not None:
        values = (True, False) if isinstance(o.default, bool) else o.choices
        items = [
            ("none" if v is None else str(v).lower(), "none" if v is None else str(v).lower()) for v in values
        ]
        default = "none" if o.default is None else str(o.default).lower()
        return Select(items, value=default, allow_blank=False, id=f"opt-{o.name}", compact=True)
    return Field(str(o.default), id=f"opt-{o.name}", compact=True)
