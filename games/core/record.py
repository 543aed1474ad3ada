"""Records: a match as game name, seat count, options, seed and actions; exact replay.

A record is JSON with a SHA-256 digest of its content, so a corrupt or hand-edited file is
reported (BadRecordError) instead of replaying into a different match.  A hostile file (deep
nesting, numbers too long to read, fields of the wrong type, options the game refuses) is one
BadRecordError naming the file and the field, never a crash.  Saving is atomic: write a
temporary file beside the target, then rename over it.

The core sits below the game registry and never imports it: a record finds its game through the
finder the registry installs (:mod:`games.core.finder`, set by ``games/__init__.py``, which
Python always runs before any ``games.core`` module).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import BadRecordError, CardtableError, cut_input
from .finder import find_rules, use_rules_finder  # noqa: F401  (use_rules_finder: re-exported)

if TYPE_CHECKING:
    from .state import GameState

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
    def of(
        cls, state: GameState, names: Sequence[str] | None = None, meta: dict[str, Any] | None = None
    ) -> Record:
        return cls(
            state.rules.name,
            state.num_seats,
            dict(state.options),
            state.seed,
            tuple(a.text for a in state.history),
            tuple(names or ()),
            dict(meta or {}),
        )

    # -- JSON ------------------------------------------------------------
    def _content(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": self.seats,
            "options": self.options,
            "seed": self.seed,
            "actions": list(self.actions),
            "names": list(self.names),
            "meta": self.meta,
        }

    def digest(self) -> str:
        blob = json.dumps(self._content(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def to_json(self) -> str:
        doc = {"format": FORMAT, "version": VERSION, **self._content(), "digest": self.digest()}
        return json.dumps(doc, indent=1)

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> Record:
        """Read a record and check it whole: every field of the right type, the digest, then the
        game, seat count and options as the game itself reads them.  Any fault, however hostile
        the text (deep nesting, huge numbers, wrong types), is one BadRecordError that names
        ``source`` and the field; nothing else escapes."""
        doc = _parse(text, source)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise BadRecordError(f"{source} is not a cardtable record")
        if doc.get("version") != VERSION:
            raise BadRecordError(
                f"{source} has record version {_brief(doc.get('version'))}; this cardtable reads {VERSION}"
            )
        try:
            rec = cls(*(_field(doc, name, kind) for name, kind in _FIELDS))
            same = doc.get("digest") == rec.digest()
        except _FieldError as exc:
            raise BadRecordError(f"{source}: field {exc.args[0]!r} {exc.args[1]}") from None
        except RecursionError:
            raise BadRecordError(f"{source} is not a readable record (nested too deeply)") from None
        if not same:
            raise BadRecordError(
                f"{source} has been altered or damaged: its digest does not match its content"
            )
        rec._check_game(source)
        return rec

    def _check_game(self, source: str) -> None:
        """The game exists, takes this many seats and reads these options (its own parser)."""
        for name, check in (
            ("game", lambda: find_rules(self.game)),
            ("seats", lambda: find_rules(self.game).check_seats(self.seats)),
            ("options", lambda: find_rules(self.game).resolve_options(self.seats, self.options)),
        ):
            try:
                check()
            except CardtableError as exc:
                raise BadRecordError(f"{source}: field {name!r}: {exc}") from None

    # -- files -----------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        atomic_write(Path(path), self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        return cls.from_json(read_text(path, "record"), str(path))

    # -- replay ----------------------------------------------------------
    def replay(self, upto: int | None = None) -> GameState:
        """Rebuild the state by applying the actions (the first ``upto`` of them)."""
        rules = find_rules(self.game)
        try:
            state = rules.new_game(self.seats, self.options, self.seed)
        except CardtableError as exc:
            raise BadRecordError(f"record cannot start its game: {exc}") from None
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.apply(text)
            except CardtableError as exc:
                raise BadRecordError(
                    f"record action {i + 1} ({cut_input(text)!r}) does not replay: {exc}"
                ) from None
        return state


def read_text(path: str | os.PathLike[str], what: str) -> str:
    """The text of a file that should hold a ``what`` (a record, a position), or BadRecordError
    saying why it cannot be read (missing, too large for one, not UTF-8 text)."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_RECORD_BYTES:
            raise BadRecordError(f"{p} is too large to be a {what}")
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadRecordError(f"no {what} at {p}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadRecordError(f"cannot read {p}: {exc}") from None


def _parse(text: str, source: str) -> Any:
    """The JSON document, or BadRecordError for text that is not JSON we can read."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRecordError(
            f"{source} is not a readable record (bad JSON: {exc.msg} at line {exc.lineno})"
        ) from None
    except UnicodeDecodeError as exc:
        raise BadRecordError(f"{source} is not a readable record (not text: {exc.reason})") from None
    except RecursionError:
        raise BadRecordError(f"{source} is not a readable record (nested too deeply)") from None
    except ValueError:  # an integer beyond Python's digit limit
        raise BadRecordError(f"{source} is not a readable record (a number in it is too long)") from None


class _FieldError(Exception):
    """(field, problem): a record field that is missing or of the wrong type."""


# the Record fields in order, with the kind of value each holds ("?": optional, empty by default)
_FIELDS = (
    ("game", "text"),
    ("seats", "int"),
    ("options", "object"),
    ("seed", "int"),
    ("actions", "texts"),
    ("names", "texts?"),
    ("meta", "object?"),
)
_PROBLEMS = {
    "text": "must be text",
    "int": "must be a whole number",
    "texts": "must be a list of texts",
    "object": "must be an object (names and values)",
}


def _field(doc: dict[str, Any], name: str, kind: str) -> Any:
    """One field of a record document, checked and converted (lists to tuples, objects copied)."""
    base = kind.rstrip("?")
    if name not in doc:
        if kind.endswith("?"):
            return () if base == "texts" else {}
        raise _FieldError(name, "is missing")
    v = doc[name]
    ok = {
        "text": isinstance(v, str),
        "int": isinstance(v, int) and not isinstance(v, bool),
        "texts": isinstance(v, list) and all(isinstance(x, str) for x in v),
        "object": isinstance(v, dict),
    }[base]
    if not ok:
        raise _FieldError(name, f"{_PROBLEMS[base]}, not {_kind_of(v)}")
    return tuple(v) if base == "texts" else dict(v) if base == "object" else v


def _kind_of(v: Any) -> str:
    names = {
        type(None): "null",
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
    }
    return names.get(type(v), type(v).__name__)


def _brief(v: Any) -> str:
    try:
        text = repr(v)
    except ValueError:  # an int too long to print
        return "a very long number"
    return text if len(text) <= 40 else text[:37] + "..."


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
