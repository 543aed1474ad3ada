"""The match store: every finished match, in one SQLite database in the player's data directory.

What is kept for each match: the game, options, seed, the seats (names, human or bot and the
bot's level), the final scores and winners, the reason the match ended, when it started and
ended, and the full record (so any match can be replayed, reviewed and exported).

Guarantees:

- Writes are single transactions (SQLite's journal), so a crash or a kill in the middle of a
  write leaves the database as it was before that write.
- The store never blocks play: a locked database waits a moment and then gives up, a missing
  one is created, a corrupt one is moved aside (``cardtable.db.corrupt-<time>``) and a fresh one
  started; each of these is reported through :attr:`MatchStore.problem` (and returned as text
  by :func:`record_finished`), never raised into a game.  A file that cannot be written (the
  disk full, too many open files, no permission) is a :class:`StoreError` saying so in plain
  words, never a bare OSError.
- The schema is versioned; :data:`MIGRATIONS` upgrade an older database in place.
- Finished matches in the save files that predate the store are imported once.

The location is ``$CARDTABLE_HOME/cardtable.db`` when ``CARDTABLE_HOME`` is set (tests and
portable installs), else the platform's user data directory (``platformdirs``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.paths import write_problem
from games.core import BadRecordError, CardtableError, Record

SCHEMA_VERSION = 3
BUSY_TIMEOUT_MS = 1500  # a locked database: wait this long, then report and carry on

# schema version -> statements that bring a database at version-1 up to it
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE matches (
               id INTEGER PRIMARY KEY,
               game TEXT NOT NULL,
               finished_at REAL NOT NULL,
               seats TEXT NOT NULL,
               scores TEXT NOT NULL,
               winners TEXT NOT NULL,
               reason TEXT NOT NULL,
               record TEXT NOT NULL,
               digest TEXT NOT NULL UNIQUE)""",
        "CREATE INDEX matches_game ON matches (game, finished_at)",
    ),
    2: (  # version 2: options, seed and duration of their own (read from the record for old rows)
        "ALTER TABLE matches ADD COLUMN options TEXT NOT NULL DEFAULT '{}'",
        "ALTER TABLE matches ADD COLUMN seed INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE matches ADD COLUMN started_at REAL",
        "ALTER TABLE matches ADD COLUMN source TEXT NOT NULL DEFAULT 'local'",
    ),
    3: (  # version 3: per seat, bids made and set (NULL: not known yet, read from the record)
        "ALTER TABLE matches ADD COLUMN bids TEXT",
    ),
}


class StoreError(CardtableError):
    """The match store could not be read or written (the message says why)."""


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # human, bot or remote
    level: str = ""


@dataclass(frozen=True)
class MatchRow:
    """One finished match as stored."""

    id: int
    game: str
    finished_at: float
    started_at: float | None
    seats: tuple[Seat, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    options: dict[str, Any]
    seed: int
    source: str
    record_json: str
    bids_json: str | None = None

    @property
    def bids(self) -> tuple[tuple[int, int], ...] | None:
        """Per seat, (bids made, bids set) in this match; None for a game without bids.  Rows
        stored before the store kept them are worked out from their record."""
        if self.bids_json is not None:
            data = json.loads(self.bids_json)
            return None if data is None else tuple((int(m), int(s)) for m, s in data)
        try:
            return self.record().replay().bid_record()
        except (CardtableError, ValueError, TypeError, RecursionError):
            return None

    @property
    def duration(self) -> float | None:
        return None if self.started_at is None else max(0.0, self.finished_at - self.started_at)

    def record(self) -> Record:
        return Record.from_json(self.record_json, f"match {self.id}")


def default_path() -> Path:
    if os.environ.get("CARDTABLE_HOME"):
        return Path(os.environ["CARDTABLE_HOME"]) / "cardtable.db"
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False)) / "cardtable.db"


class MatchStore:
    """The store at ``path`` (default: :func:`default_path`).  Open with :meth:`open`."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.problem = ""  # the last problem met (reported to the player), "" when all is well

    # -- opening, migrating, repairing ------------------------------------------------------
    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            con.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            yield con
        finally:
            con.close()

    def version(self, con: sqlite3.Connection) -> int:
        return con.execute("PRAGMA user_version").fetchone()[0]

    def migrate(self, con: sqlite3.Connection) -> None:
        """Bring the schema to :data:`SCHEMA_VERSION`, one version per transaction."""
        current = self.version(con)
        if current > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer cardtable (schema {current})")
        for version in range(current + 1, SCHEMA_VERSION + 1):
            with con:
                for statement in MIGRATIONS[version]:
                    con.execute(statement)
                con.execute(f"PRAGMA user_version = {version}")

    def _check(self) -> None:
        """Open the database, migrate it, and move a corrupt one aside for a fresh one."""
        try:
            with self._connect() as con:
                ok = con.execute("PRAGMA quick_check").fetchone()[0]
                if ok != "ok":
                    raise sqlite3.DatabaseError(ok)
                self.migrate(con)
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreError(
                    f"the match store {self.path} is busy (another cardtable is writing): {exc}"
                ) from None
            raise StoreError(f"the match store {self.path} cannot be opened: {exc}") from None
        except sqlite3.DatabaseError as exc:
            aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            os.replace(self.path, aside)
            self.problem = (
                f"the match store was damaged ({exc}); it was moved to {aside} and a new one started"
            )
            with self._connect() as con:
                self.migrate(con)

    def open(self) -> MatchStore:
        """Ready the store (create, migrate or repair it); StoreError if it cannot be used now."""
        try:
            self._check()
        except OSError as exc:
            raise StoreError(f"the match store {self.path} cannot be opened: {write_problem(exc)}") from None
        try:
            self.import_saves()
        except (OSError, StoreError) as exc:  # the old saves wait for the next time; the store is usable
            why = write_problem(exc) if isinstance(exc, OSError) else str(exc)
            self.problem = f"the old saves could not be imported into the match store: {why}"
        return self

    # -- writing ---------------------------------------------------------------------------
    def add(
        self,
        record: Record,
        seats: Sequence[Seat],
        outcome,
        started_at: float | None = None,
        finished_at: float | None = None,
        source: str = "local",
        bids: Sequence[tuple[int, int]] | None = None,
    ) -> int | None:
        """Store one finished match; the same record twice is stored once (None the second time).
        ``bids``: per seat, (bids made, bids set), for a game with bids."""
        row = (
            record.game,
            finished_at or time.time(),
            json.dumps([s.__dict__ for s in seats]),
            json.dumps(list(outcome.scores)),
            json.dumps(list(outcome.winners)),
            outcome.reason,
            record.to_json(),
            record.digest(),
            json.dumps(record.options, sort_keys=True, default=str),
            record.seed,
            started_at,
            source,
            json.dumps([list(b) for b in bids] if bids is not None else None),
        )
        try:
            with self._connect() as con, con:
                cur = con.execute(
                    "INSERT OR IGNORE INTO matches (game, finished_at, seats, scores, winners, reason, record, digest,"
                    " options, seed, started_at, source, bids) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    row,
                )
                return cur.lastrowid if cur.rowcount else None
        except sqlite3.Error as exc:
            raise StoreError(f"the match could not be stored in {self.path}: {exc}") from None
        except OSError as exc:
            raise StoreError(f"the match could not be stored in {self.path}: {write_problem(exc)}") from None

    def import_saves(self, folder: Path | None = None) -> int:
        """Import the finished matches of the save files once (a marker file remembers it)."""
        from cardtable.paths import saves_dir

        folder = folder or saves_dir()
        marker = self.path.with_name("cardtable.db.imported")
        if marker.exists() or not folder.is_dir():
            return 0
        count = 0
        for path in sorted(folder.glob("*.json")):
            try:
                record = Record.load(path)
                state = record.replay()
            except (BadRecordError, CardtableError):
                continue
            if not state.is_over:
                continue
            if (
                self.add(
                    record,
                    seats_of(record),
                    state.outcome(),
                    finished_at=path.stat().st_mtime,
                    source="save",
                    bids=state.bid_record(),
                )
                is not None
            ):
                count += 1
        marker.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))
        return count

    # -- reading ---------------------------------------------------------------------------
    def matches(self, game: str | None = None, limit: int | None = None) -> list[MatchRow]:
        """Finished matches, newest first (of one game, if given)."""
        sql = (
            "SELECT id, game, finished_at, started_at, seats, scores, winners, reason, options, seed, source,"
            " record, bids FROM matches"
        )
        args: list[Any] = []
        if game:
            sql += " WHERE game = ?"
            args.append(game)
        sql += " ORDER BY finished_at DESC, id DESC"
        if limit:
            sql += f" LIMIT {int(limit)}"
        try:
            with self._connect() as con:
                rows = con.execute(sql, args).fetchall()
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"the match store {self.path} cannot be read: {exc}") from None
        return [_row(r) for r in rows]

    def match(self, match_id: int) -> MatchRow:
        rows = [m for m in self.matches() if m.id == match_id]
        if not rows:
            raise StoreError(f"there is no match {match_id} in {self.path}")
        return rows[0]


def _row(r: tuple) -> MatchRow:
    seats = tuple(
        Seat(str(s.get("name", "")), str(s.get("kind", "")), str(s.get("level", "") or ""))
        for s in json.loads(r[4])
    )
    options = json.loads(r[8]) if r[8] and r[8] != "{}" else {}
    return MatchRow(
        r[0],
        r[1],
        r[2],
        r[3],
        seats,
        tuple(json.loads(r[5])),
        tuple(json.loads(r[6])),
        r[7],
        options,
        r[9],
        r[10],
        r[11],
        r[12],
    )


def seats_of(record: Record) -> list[Seat]:
    """The seats of a record: names from the record, kinds and levels from its metadata."""
    meta = record.meta.get("seats") if isinstance(record.meta, dict) else None
    meta = meta if isinstance(meta, list) else []
    out = []
    for i in range(record.seats):
        name = record.names[i] if i < len(record.names) else f"Seat {i + 1}"
        info = meta[i] if i < len(meta) and isinstance(meta[i], dict) else {}
        kind = str(info.get("kind", "human"))
        out.append(Seat(name, kind, str(info.get("level") or "") if kind == "bot" else ""))
    return out


def record_finished(
    record: Record,
    outcome,
    started_at: float | None = None,
    source: str = "local",
    path: Path | None = None,
    bids: Sequence[tuple[int, int]] | None = None,
) -> str:
    """Store a finished match; returns "" or a one-line problem to show the player (never raises)."""
    try:
        store = MatchStore(path).open()
        store.add(record, seats_of(record), outcome, started_at=started_at, source=source, bids=bids)
        return store.problem
    except StoreError as exc:
        return str(exc)
    except OSError as exc:
        return f"the match store could not be written: {write_problem(exc)}"
