"""A sensible Rams player.

Judging a hand: :func:`~games.bots.cardplay.hand_strength` (shared with the Bourré bot)
estimates the tricks a hand should take.  The bot declares Rams only with a hand that takes every
trick whatever the others hold (:func:`sure_rams`) and rates high,
passes (when allowed) with less than about one expected trick, throws a hopeless hand in for the
widow when it cannot pass, and as dealer always swaps its weakest card for the turned-up trump.

Playing: the shared must-head card play (:func:`~games.bots.cardplay.choose_card`).  The Rams
declarer leads trumps from the top; opponents of a Rams bid grab any trick they can.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import Bot, Expert, Levels, TreeSearch
from games.bots.cardplay import SIDE_VALUE, choose_card, hand_strength, ranking_of
from games.core import Action, Card, Ranking, SeatView

from .viewdata import RamsView

TRUMPS = 8  # in the 32-card pack


class RamsBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ex = view.data(RamsView)
        r = ranking_of(ex)
        by_text = {a.text: a for a in legal}
        if view.phase == "decide":
            return by_text[self._decide(view, set(by_text), r)]
        if view.phase == "swap":
            worst = min(view.hand, key=lambda c: (r.is_trump(c), SIDE_VALUE.get(c.rank, 0), c.rank))
            return by_text[f"discard {worst.text}"]
        rams_by = ex.rams_by
        if rams_by is not None and rams_by == view.my_seat and not view.trick:
            trumps = [a for a in legal if r.is_trump(a.the_card)]
            if trumps:
                return max(trumps, key=lambda a: a.the_card.rank)
        grab = rams_by is not None and rams_by != view.my_seat
        return choose_card(view, ex, legal, r, low_rank=7, grab=grab)

    def _decide(self, view: SeatView, options: set[str], r: Ranking) -> str:
        strength = hand_strength(view.hand, r, view.num_seats)
        trumps = [c for c in view.hand if r.is_trump(c)]
        if "rams" in options and strength >= 4.2 and len(trumps) >= 4 and sure_rams(view.hand, r):
            return "rams"
        if "swap" in options:
            return "swap"
        if "pass" in options and strength < 0.9:
            return "pass"
        if "widow" in options and strength < 0.5:
            return "widow"
        return "play"


def sure_rams(hand: Sequence[Card], r: Ranking) -> bool:
    """Every trick is ours whatever the others hold: leading the run of trumps from the ace draws
    every trump still out (one round takes one from each holder, so a run at least as long as the
    trumps out leaves none), and then each other card is a trump or a side ace, which nothing
    beats any more."""
    trumps = sorted((c for c in hand if r.is_trump(c)), key=lambda c: -c.rank)
    run = 0
    while run < len(trumps) and trumps[run].rank == 14 - run:
        run += 1
    out = TRUMPS - len(trumps)
    return run >= out and all(r.is_trump(c) or c.rank == 14 for c in hand)


#: hard and expert: the tree search, about 0.3-0.45 s a hard move (benchmarks/bench_search.py, an idle
#: 2-core machine); expert 8000 (was 10000: 2.6 s median, 3.2 s at most on a loaded machine,
#: benchmarks/bench_levels.py; issue 34)
#: expert: the decisions before play by the tree search (expert budget), the card play solved
BOT_LEVELS = Levels(RamsBot, TreeSearch(hard=2500, expert=8000), expert=Expert(infer=0.2))
