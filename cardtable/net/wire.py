"""The table protocol on the wire: newline-delimited JSON, one object per line, UTF-8.

Every message is a JSON object with a ``type``.  A connection starts with the client's hello::

    -> {"type": "hello", "version": 2, "code": "k7mq-2xpd"}        (or "token" on the ssh Unix socket)
    <- {"type": "welcome", "version": 2, "seat": 1, "names": [...], "game": "tricks_n_trumps"}
    <- {"type": "view", "view": {...}}                               (after every change)
    <- {"type": "table", "seats": [{"name": ..., "kind": ..., "connected": ..., "stand_in": ..., "held": ...}],
        "waiting": [...]}                                            ("held": seconds the hold has left, or null)
    -> {"type": "act", "id": 7, "action": "QS"}
    <- {"type": "ok", "id": 7}  |  {"type": "error", "id": 7, "error": "illegal", "message": "..."}
    -> {"type": "ping"}  <- {"type": "pong"}                         (heartbeats, both ways: each side pings
    <- {"type": "ping"}  -> {"type": "pong"}                          every few seconds and drops a silent peer)
    <- {"type": "bye", "reason": "..."}                              (then the server closes)

A :class:`~games.core.SeatView` is written by hand (no pickle): cards by notation, actions by
kind + notation + label (+ card and argument), events, plays, the last trick and the outcome; the
game's typed extra data by its registered name and fields (see :mod:`games.core.viewdata`).
:func:`decode_view` rebuilds real ``games.core`` values, so a remote front end receives the
same SeatView a local one does.  Anything malformed raises :class:`~games.core.ProtocolError`,
including numbers longer than Python will read (4300 digits) and escaped half surrogate pairs.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from games import all_rules
from games.core import (
    Action,
    Card,
    Event,
    InfoLine,
    Outcome,
    Play,
    ProtocolError,
    SeatView,
    TrickResult,
    choose,
    parse_card,
    play,
    word,
)
from games.core.errors import BadNotationError
from games.core.viewdata import from_data, is_view_data, to_data

VERSION = 2  # 2: typed view data (a dict extra of version 1 is refused)
#: Largest line a client may send to the server (the server refuses longer ones).
MAX_CLIENT_LINE = 64 * 1024
#: Largest line the client accepts from the server (views hold the whole match log).
MAX_SERVER_LINE = 8 * 1024 * 1024


# ---------------------------------------------------------------- framing


def dumps(msg: Mapping[str, Any]) -> bytes:
    """One message as a line of compact JSON."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


def loads(line: bytes, limit: int = MAX_CLIENT_LINE) -> dict[str, Any]:
    """Parse one received line into a message dict, or raise ProtocolError saying what is wrong."""
    if len(line) > limit:
        raise ProtocolError(f"message too long ({len(line)} bytes; the limit is {limit})")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("message is not valid UTF-8") from None
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"message is not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise ProtocolError("message is not valid JSON (too deeply nested)") from None
    except ValueError:  # Python refuses to read an integer of more than 4300 digits
        raise ProtocolError("message holds a number that is too long") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError('message must be a JSON object with a "type"')
    if "\\u" in text:  # only an escape can smuggle in half of a surrogate pair, which is not text
        _check_text(msg)
    return msg


def _check_text(value: Any) -> None:
    """ProtocolError if a string anywhere in ``value`` cannot be written back out as UTF-8."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError("message holds text that is not valid Unicode") from None


def field(msg: Mapping[str, Any], name: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    """``msg[name]`` checked against ``kind`` (bool is never an int here)."""
    if name not in msg and optional:
        return None
    value = msg.get(name)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ProtocolError(f"{msg.get('type', 'message')}: field {name!r} is missing or of the wrong type")
    return value


# ---------------------------------------------------------------- values


def encode_action(a: Action, label: str | None = None) -> dict[str, Any]:
    """An action as JSON data; ``label`` is the game's words for it (a view's labels)."""
    out: dict[str, Any] = {"kind": a.kind, "text": a.text, "label": a.label if label is None else label}
    if a.card is not None:
        out["card"] = a.card.text
    if a.arg is not None:
        out["arg"] = a.arg
    return out


def decode_action(d: Any) -> Action:
    """Rebuild the interned Action (the public constructors keep interning intact)."""
    if not isinstance(d, dict):
        raise ProtocolError("an action must be an object")
    kind, text = _s(d, "kind"), _s(d, "text")
    c = _card(d["card"]) if d.get("card") is not None else None
    arg = d.get("arg")
    if arg is not None and not isinstance(arg, str):
        raise ProtocolError("an action's arg must be text")
    if c is not None and kind == "play":
        a = play(c, int(arg) if arg is not None and arg.isdigit() else None)
    elif c is not None:
        a = choose(kind, c)
    else:
        a = word(kind, arg)
    if a.text != text:
        raise ProtocolError(f"action {text!r} does not match its parts")
    return a


MAX_LABEL = 200


def _label(d: Mapping[str, Any]) -> str:
    """The game's words for an action, as the server sent them (text, at most MAX_LABEL long)."""
    label = _s(d, "label")
    if len(label) > MAX_LABEL:
        raise ProtocolError(f"an action's label is longer than {MAX_LABEL} characters")
    return label


def _card(text: Any) -> Card:
    if not isinstance(text, str):
        raise ProtocolError('a card must be written as text, e.g. "QS"')
    try:
        return parse_card(text)
    except BadNotationError as exc:
        raise ProtocolError(str(exc)) from None


def _cards(items: Any) -> tuple[Card, ...]:
    if not isinstance(items, list):
        raise ProtocolError("cards must be a list")
    return tuple(_card(t) for t in items)


def _texts(cs) -> list[str]:
    return [c.text for c in cs]


def _s(d: Mapping[str, Any], name: str) -> str:
    v = d.get(name)
    if not isinstance(v, str):
        raise ProtocolError(f"field {name!r} must be text")
    return v


def _opt_int(v: Any) -> int | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise ProtocolError("expected a whole number or null")
    return v


def _int(v: Any) -> int:
    n = _opt_int(v)
    if n is None:
        raise ProtocolError("expected a whole number")
    return n


def encode_play(p: Play) -> dict[str, Any]:
    return {"seat": p.seat, "cards": _texts(p.cards), "note": p.note}


def decode_play(d: Any) -> Play:
    if not isinstance(d, dict):
        raise ProtocolError("a play must be an object")
    return Play(_opt_int(d.get("seat")) or 0, _cards(d.get("cards")), str(d.get("note", "")))


def encode_event(e: Event) -> dict[str, Any]:
    return {
        "kind": e.kind,
        "text": e.text,
        "seat": e.seat,
        "to": e.visible_to,
        "cards": _texts(e.cards),
        "lines": list(e.lines),
        "hand": e.hand,
    }


def decode_event(d: Any) -> Event:
    if not isinstance(d, dict):
        raise ProtocolError("an event must be an object")
    lines = d.get("lines", [])
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise ProtocolError("event lines must be a list of text")
    return Event(
        _s(d, "kind"),
        _s(d, "text"),
        _opt_int(d.get("seat")),
        _opt_int(d.get("to")),
        _cards(d.get("cards", [])),
        tuple(lines),
        _opt_int(d.get("hand")) or 0,
    )


def encode_outcome(o: Outcome | None) -> dict[str, Any] | None:
    if o is None:
        return None
    return {
        "scores": list(o.scores),
        "winners": list(o.winners),
        "reason": o.reason,
        "lines": list(o.lines),
        "teams": [list(t) for t in o.teams],
    }


def decode_outcome(d: Any) -> Outcome | None:
    if d is None:
        return None
    if not isinstance(d, dict):
        raise ProtocolError("an outcome must be an object")
    return Outcome(
        tuple(_nums(d.get("scores"))),
        tuple(_int(w) for w in _list(d.get("winners"))),
        str(d.get("reason", "")),
        tuple(str(x) for x in _list(d.get("lines", []))),
        tuple(tuple(_opt_int(s) or 0 for s in _list(t)) for t in _list(d.get("teams", []))),
    )


def _list(v: Any) -> list:
    if not isinstance(v, list):
        raise ProtocolError("expected a list")
    return v


def _nums(v: Any) -> list[float]:
    out = _list(v)
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in out):
        raise ProtocolError("expected a list of numbers")
    return out


# A view's options may hold cards and actions anywhere; they are tagged so they come back as values.
def _encode_any(v: Any) -> Any:
    if isinstance(v, Card):
        return {"$card": v.text}
    if isinstance(v, Action):
        return {"$action": encode_action(v)}
    if isinstance(v, (list, tuple)):
        return [_encode_any(x) for x in v]
    if isinstance(v, Mapping):
        return {"$map": [[_encode_any(k), _encode_any(x)] for k, x in v.items()]}
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if hasattr(v, "value") and isinstance(v.value, (str, int)):  # enums (Suit...)
        return v.value
    return str(v)


def _decode_any(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_decode_any(x) for x in v)
    if isinstance(v, dict):
        if "$card" in v:
            return _card(v["$card"])
        if "$action" in v:
            return decode_action(v["$action"])
        if "$map" in v:
            return {_hashable(_decode_any(k)): _decode_any(x) for k, x in _list(v["$map"])}
        raise ProtocolError("bad value in a view's extra data")
    return v


def _hashable(k: Any) -> Any:
    try:
        hash(k)
    except TypeError:
        raise ProtocolError("bad key in a view's extra data") from None
    return k


def encode_extra(extra: Any) -> dict[str, Any]:
    """A view's extra data: the game's typed view data by its registered name and its fields
    (``{"$data": ..., "fields": ...}``, see :mod:`games.core.viewdata`)."""
    if not is_view_data(extra):
        raise TypeError(f"a view's extra must be registered view data, not a {type(extra).__name__}")
    return to_data(extra)


def decode_extra(d: Any) -> Any:
    """The view's typed extra data, rebuilt as its registered type; ProtocolError if anything is off."""
    all_rules()  # every game's view data classes are registered when its package is imported
    return from_data(d)


def encode_view(v: SeatView) -> dict[str, Any]:
    """A SeatView as plain JSON data (see the module docstring)."""
    last = v.last_trick
    return {
        "game": v.game,
        "seat": v.seat,
        "num_seats": v.num_seats,
        "phase": str(v.phase),
        "to_act": v.to_act,
        "dealer": v.dealer,
        "hand": _texts(v.hand),
        "hand_sizes": list(v.hand_sizes),
        "trick": [encode_play(p) for p in v.trick],
        "last_trick": None
        if last is None
        else {"plays": [encode_play(p) for p in last.plays], "winner": last.winner, "note": last.note},
        "trump": v.trump,
        "up_cards": _texts(v.up_cards),
        "tricks_won": list(v.tricks_won),
        "scores": list(v.scores),
        "bids": list(v.bids),
        "status": list(v.status),
        "legal": [encode_action(a, v.label_of(a)) for a in v.legal],
        "hand_number": v.hand_number,
        "events": [encode_event(e) for e in v.events],
        "info": [[line.key, line.label, line.value] for line in v.info],
        "extra": encode_extra(v.data(object)),
        "outcome": encode_outcome(v.outcome),
        "prompt": v.prompt,
        "formality": v.formality,
        "teams": [list(t) for t in v.teams],
        "options": _encode_any(dict(v.options)),
        "sitting_out": list(v.sitting_out),
        "clockwise": bool(v.clockwise),
    }


def decode_view(d: Any) -> SeatView:
    """Rebuild a SeatView of real games.core values; ProtocolError if anything is off."""
    if not isinstance(d, dict):
        raise ProtocolError("a view must be an object")
    try:
        last = d.get("last_trick")
        last_trick = (
            None
            if last is None
            else TrickResult(
                tuple(decode_play(p) for p in _list(last.get("plays"))),
                _opt_int(last.get("winner")),
                str(last.get("note", "")),
            )
        )
        extra = decode_extra(d.get("extra"))
        options = _decode_any(d.get("options", {"$map": []}))
        legal = _list(d.get("legal"))
        if not isinstance(options, dict):
            raise ProtocolError("a view's extra data and options must be objects")
        return SeatView(
            game=_s(d, "game"),
            seat=_opt_int(d.get("seat")),
            num_seats=_opt_int(d.get("num_seats")) or 0,
            phase=_s(d, "phase"),
            to_act=_opt_int(d.get("to_act")),
            dealer=_opt_int(d.get("dealer")),
            hand=_cards(d.get("hand")),
            hand_sizes=tuple(_opt_int(x) or 0 for x in _list(d.get("hand_sizes"))),
            trick=tuple(decode_play(p) for p in _list(d.get("trick"))),
            last_trick=last_trick,
            trump=str(d.get("trump", "")),
            up_cards=_cards(d.get("up_cards", [])),
            tricks_won=tuple(_opt_int(x) or 0 for x in _list(d.get("tricks_won"))),
            scores=tuple(_nums(d.get("scores"))),
            bids=tuple(str(x) for x in _list(d.get("bids"))),
            status=tuple(str(x) for x in _list(d.get("status"))),
            legal=tuple(decode_action(a) for a in legal),
            labels=tuple(_label(a) for a in legal),
            hand_number=_opt_int(d.get("hand_number")) or 0,
            events=tuple(decode_event(e) for e in _list(d.get("events"))),
            info=tuple(
                InfoLine(str(p[0]), str(p[1]), str(p[2]))
                for p in _list(d.get("info", []))
                if isinstance(p, list) and len(p) == 3
            ),
            extra=extra,
            outcome=decode_outcome(d.get("outcome")),
            prompt=str(d.get("prompt", "")),
            formality=str(d.get("formality", "")),
            teams=tuple(tuple(_opt_int(s) or 0 for s in _list(t)) for t in _list(d.get("teams", []))),
            options=options,
            sitting_out=tuple(_opt_int(s) or 0 for s in _list(d.get("sitting_out", []))),
            clockwise=d.get("clockwise", True) is not False,
        )
    except (AttributeError, TypeError, ValueError) as exc:
        if isinstance(exc, ProtocolError):
            raise
        raise ProtocolError(f"malformed view ({exc})") from None
