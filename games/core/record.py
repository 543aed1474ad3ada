"""Records: a match as game name, seat count, options, seed and actions; exact replay.

A record is JSON with a SHA-256 digest of its content, so a corrupt or hand-edited file is
reported (BadRecordError) instead of replaying into a different match.  Saving is atomic:
write a temporary file beside the target, then rename over it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BadRecordError, CardtableError

FORMAT = "cardtable-record"
VERSION = 1
MAX_RECORD_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Record:
    game: str
    seats: int
    options: dict[str, Any]
    seed: int
    actions: tuple[str, ...]
    names: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state, names: Sequence[str] | None = None, meta: dict[str, Any] | None = None) -> "Record":
        return cls(state.rules.name, state.num_seats, dict(state.options), state.seed,
                   tuple(a.text for a in state.history), tuple(names or ()), dict(meta or {}))

    # -- JSON ------------------------------------------------------------
    def _content(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "options": self.options, "seed": self.seed,
                "actions": list(self.actions), "names": list(self.names), "meta": self.meta}

    def digest(self) -> str:
        blob = json.dumps(self._content(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def to_json(self) -> str:
        doc = {"format": FORMAT, "version": VERSION, **self._content(), "digest": self.digest()}
        return json.dumps(doc, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> "Record":
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise BadRecordError(f"{source} is not a readable record (bad JSON: {exc.msg} at line {exc.lineno})") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise BadRecordError(f"{source} is not a cardtable record")
        if doc.get("version") != VERSION:
            raise BadRecordError(f"{source} has record version {doc.get('version')!r}; this cardtable reads {VERSION}")
        try:
            rec = cls(str(doc["game"]), _int(doc["seats"]), dict(doc["options"]), _int(doc["seed"]),
                      tuple(_str(a) for a in doc["actions"]), tuple(_str(n) for n in doc.get("names", [])),
                      dict(doc.get("meta", {})))
        except (KeyError, TypeError, ValueError) as exc:
            raise BadRecordError(f"{source} is missing or has a bad field ({exc})") from None
        if doc.get("digest") != rec.digest():
            raise BadRecordError(f"{source} has been altered or damaged: its digest does not match its content")
        return rec

    # -- files -----------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        atomic_write(Path(path), self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Record":
        p = Path(path)
        try:
            if p.stat().st_size > MAX_RECORD_BYTES:
                raise BadRecordError(f"{p} is too large to be a record")
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise BadRecordError(f"no record at {p}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise BadRecordError(f"cannot read {p}: {exc}") from None
        return cls.from_json(text, str(p))

    # -- replay ----------------------------------------------------------
    def replay(self, upto: int | None = None):
        """Rebuild the state by applying the actions (the first ``upto`` of them)."""
        from games import get_rules

        rules = get_rules(self.game)
        try:
            state = rules.new_game(self.seats, self.options, self.seed)
        except CardtableError as exc:
            raise BadRecordError(f"record cannot start its game: {exc}") from None
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.apply(text)
            except CardtableError as exc:
                raise BadRecordError(f"record action {i + 1} ({text!r}) does not replay: {exc}") from None
        return state


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"expected a whole number, got {v!r}")
    return v


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError(f"expected text, got {v!r}")
    return v


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
