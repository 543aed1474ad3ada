"""Statistics over the match store: how one player is doing, per game.

Pure functions of :class:`~cardtable.store.MatchRow` values, so the CLI (``cardtable stats``) and
the stats screen show the same figures.  A player is found by name (any case) among the human
and remote seats of each match; a match counts as won when that seat is among the winners (a
shared win counts as a win).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from cardtable.store import MatchRow
from games import get_rules
from games.bots import ALIASES
from games.core import CardtableError

SPARK = "▁▂▃▄▅▆▇█"
FORM = 10  # recent form: the last this many matches


@dataclass
class GameStats:
    game: str
    played: int = 0
    won: int = 0
    scores: list[float] = field(default_factory=list)
    results: list[bool] = field(default_factory=list)  # oldest first
    by_level: dict[str, list[int]] = field(default_factory=dict)  # bot level -> [played, won]
    bids_made: int | None = None  # None: a game without bids
    bids_set: int | None = None
    #: matches whose winners had the lowest score minus those where they had the highest: above
    #: zero, low scores win in this game (Cucumber), and "best" is the lowest
    low_wins: int = 0

    @property
    def title(self) -> str:
        """The game as players know it ("Page One", not ``page_one``)."""
        return game_title(self.game)

    @property
    def bid_rate(self) -> float | None:
        """The share of the player's bids (or declared contracts) that were made."""
        if not self.bids_made and not self.bids_set:
            return None
        return (self.bids_made or 0) / ((self.bids_made or 0) + (self.bids_set or 0))

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def best(self) -> float | None:
        """The best score: the highest, or the lowest in a game where low scores win."""
        if not self.scores:
            return None
        return min(self.scores) if self.low_wins > 0 else max(self.scores)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def form(self) -> str:
        """The last results, oldest first: ``W`` won, ``L`` lost."""
        return "".join("W" if r else "L" for r in self.results[-FORM:])

    def as_dict(self) -> dict:
        out = asdict(self)
        rate = self.bid_rate
        out.update(
            win_rate=round(self.win_rate, 4),
            best=self.best,
            average=self.average,
            form=self.form(),
            bid_rate=None if rate is None else round(rate, 4),
        )
        out["by_level"] = {k: {"played": v[0], "won": v[1]} for k, v in self.by_level.items()}
        return out


def seat_of(match: MatchRow, player: str) -> int | None:
    """The player's seat in the match (a human or remote seat of that name), or None."""
    name = player.strip().lower()
    for i, s in enumerate(match.seats):
        if s.kind != "bot" and s.name.strip().lower() == name:
            return i
    return None


def player_stats(matches: Sequence[MatchRow], player: str, game: str | None = None) -> dict[str, GameStats]:
    """Per game (in first-played order), the player's figures; matches without the player are skipped."""
    out: dict[str, GameStats] = {}
    for m in sorted(matches, key=lambda m: (m.finished_at, m.id)):
        if game and m.game != game:
            continue
        seat = seat_of(m, player)
        if seat is None:
            continue
        st = out.setdefault(m.game, GameStats(m.game))
        won = seat in m.winners
        st.played += 1
        st.won += won
        if seat < len(m.scores):
            st.scores.append(m.scores[seat])
        st.results.append(won)
        bids = m.bids
        if bids is not None and seat < len(bids):
            st.bids_made = (st.bids_made or 0) + bids[seat][0]
            st.bids_set = (st.bids_set or 0) + bids[seat][1]
        if len(set(m.scores)) > 1 and m.winners:
            won_scores = [m.scores[w] for w in m.winners if w < len(m.scores)]
            st.low_wins += (max(won_scores) == min(m.scores)) - (min(won_scores) == max(m.scores))
        for level in sorted({level_name(s.level) for s in m.seats if s.kind == "bot"}):
            counts = st.by_level.setdefault(level, [0, 0])
            counts[0] += 1
            counts[1] += won
    return out


def level_name(level: str | None) -> str:
    """A bot level by the name the setup screen uses (``heuristic`` was the old name of ``normal``)."""
    return ALIASES.get(level or "normal", level or "normal")


def game_title(game: str) -> str:
    """A game's title from its name (the name itself for a game no longer installed)."""
    try:
        return get_rules(game).title
    except CardtableError:
        return game


def players(matches: Sequence[MatchRow]) -> list[str]:
    """Every human player's name in the store, most matches first."""
    count: dict[str, int] = defaultdict(int)
    for m in matches:
        for s in m.seats:
            if s.kind != "bot":
                count[s.name] += 1
    return sorted(count, key=lambda n: (-count[n], n.lower()))


def bids_text(st: GameStats) -> str:
    """``7 of 9 (78%)``: the player's bids made of those settled; ``-`` for a game without bids."""
    if st.bids_made is None:
        return "-"
    total = st.bids_made + (st.bids_set or 0)
    return f"{st.bids_made} of {total} ({st.bids_made / total:.0%})" if total else "none yet"


def sparkline(values: Sequence[float]) -> str:
    """``▁▃█▅``: each value's height between the smallest and the largest."""
    if not values:
        return ""
    lo, hi = min(values), max(values)
    if hi == lo:
        return SPARK[3] * len(values)
    return "".join(SPARK[round((v - lo) / (hi - lo) * (len(SPARK) - 1))] for v in values)


def bar(share: float, width: int = 10) -> str:
    """A share from 0 to 1 as a bar of ``width`` cells."""
    full = max(0, min(width, round(share * width)))
    return "█" * full + "·" * (width - full)


#: the columns of a player's figures per game (``cardtable stats``, the statistics screen)
COLUMNS = ("game", "played", "won", "win rate", "best", "average", "bids made", "form", "scores")
#: the columns that hold numbers (aligned right where the table aligns)
NUMBER_COLUMNS = frozenset({"played", "won", "best", "average", "bids made"})


def figures_row(st: GameStats, narrow: bool = False) -> list[str]:
    """One game's figures, a cell for each of :data:`COLUMNS`; ``narrow``: the same figures in
    fewer cells (no bar beside the win rate, ``7/9 (78%)``), for 80 columns."""
    bids = bids_text(st)
    if narrow:
        bids = bids.replace(" of ", "/")
    return [
        st.title,
        str(st.played),
        str(st.won),
        f"{st.win_rate:.0%}" if narrow else f"{bar(st.win_rate)} {st.win_rate:.0%}",
        f"{st.best:g}",
        f"{st.average:.1f}",
        bids,
        st.form(),
        sparkline(st.scores[-20:]),
    ]
