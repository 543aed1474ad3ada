"""Small helpers for the words players read: counts with the right plural."""

from __future__ import annotations

_IRREGULAR = {"pass": "passes", "bag": "bags"}


def plural(count: int | float, noun: str, many: str | None = None) -> str:
    """``1 trick``, ``2 tricks``, ``0 tricks``; ``many`` for an irregular plural."""
    if count == 1:
        return f"{count:g} {noun}"
    return f"{count:g} {many or _IRREGULAR.get(noun) or noun + 's'}"
