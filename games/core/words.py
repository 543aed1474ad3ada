"""Small helpers for the words players read: counts with the right plural."""

from __future__ import annotations

_IRREGULAR = {"pass": "passes", "bag": "bags"}


def plural(count: int | float, noun: str, many: str | None = None) -> str:
    """``1 trick``, ``2 tricks``, ``0 tricks``; ``many`` for an irregular plural."""
    if count == 1:
        return f"{count:g} {noun}"
    return f"{count:g} {many or _IRREGULAR.get(noun) or noun + 's'}"


_NUMBERS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def counted(count: int, noun: str, many: str | None = None) -> str:
    """``one hand``, ``six hands``, ``20 hands``: a count in words up to twelve, in figures above."""
    said = _NUMBERS[count] if 0 <= count < len(_NUMBERS) else f"{count:g}"
    return f"{said} {noun}" if count == 1 else f"{said} {many or _IRREGULAR.get(noun) or noun + 's'}"


def limited(text: str, hand_limit: int | None, noun: str = "hand") -> str:
    """A match's ending with its declared hand limit, if any: ``..., or 20 hands at most``; the
    first letter capitalised (a line of its own on the setup screen)."""
    if hand_limit:
        text += f", or {counted(hand_limit, noun)} at most"
    return text[:1].upper() + text[1:]
