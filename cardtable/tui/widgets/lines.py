"""Drawing a widget's rows from a Rich Text quickly, for the parts of the table that change on
every move (issue 20: every seat's screen updates whenever anyone plays).

Textual turns a Text into rows through its Content type, which also records each cell's offset
for mouse text selection; for a trick of card faces that costs about three times as much as
rendering the Text's segments directly.  :func:`text_rows` draws the same rows (same characters,
same colours, the widget's own style beneath) without the selection offsets, for texts whose
lines all fit the width; anything else (a line to wrap, a justified text) returns None and the
caller draws it Textual's way (:func:`textual_rows`).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget


def text_rows(widget: Widget, text: Text, width: int, height: int | None) -> list[Strip] | None:
    """``text``'s rows as ``widget`` would draw them at ``width`` x ``height`` (aligned by its
    content-align), or None when a line would wrap or the text asks for justification."""
    if text.justify not in (None, "default", "left") or text.style:
        return None
    lines = text.split("\n", allow_blank=True)
    if any(line.cell_len > width for line in lines):
        return None
    console, base = widget.app.console, widget.visual_style.rich_style
    rows = [
        Strip(
            [
                Segment(seg.text, base + seg.style if seg.style else base)
                for seg in line.render(console)
                if seg.text
            ]
        )
        for line in lines
    ]
    align = widget.styles.content_align
    if align == ("left", "top"):  # as Textual draws a text: rows not padded to the width
        return rows
    aligned = Strip.align(rows, base, width, len(rows) if height is None else height, *align)
    return [Strip([seg for seg in row if seg.text], row.cell_length) for row in aligned]  # no empty pads


def textual_rows(widget: Widget, renderable, width: int, height: int | None) -> list[Strip]:
    """Any renderable's rows drawn Textual's way (as a widget's ``render()`` result is drawn)."""
    return Visual.to_strips(widget, visualize(widget, renderable), width, height, widget.visual_style)


def rows_of(widget: Widget, renderable, width: int, height: int | None) -> list[Strip]:
    """The fast rows of a Text when it fits, else Textual's."""
    if isinstance(renderable, Text):
        rows = text_rows(widget, renderable, width, height)
        if rows is not None:
            return rows
    return textual_rows(widget, renderable, width, height)
