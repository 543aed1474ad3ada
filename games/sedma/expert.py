"""Sedma's expert: once the stock is gone, the rest of the hand solved in each possible deal.

Sedma's tricks fit none of the compact positions of the generic solver (games.core.exact: a
trick here grows by rounds while its leader keeps it going, and is taken by a seven or the
starter's rank), so the expert brings its own: the model of the hand's end in
games/sedma/endgame.py, the one the heuristic already solves two-player ends with.  With the
stock empty and every hand at most ``solve`` cards, each choice is judged on up to ``deals``
possible deals of the unseen cards (one with two players, where none are unseen): the hand's end
solved exactly with every card placed, every seat then playing its best for its side, and the
line found played through the rules (games/sedma/rules.py) to measure it as the look-ahead does.
The choice with the best mean is played, the heuristic's where it is as good (``play_sure``: see
:meth:`games.bots.expert.ExpertBot._pick`).  Before that, and with three players (not two
sides), the expert is the look-ahead with its expert budget (``BOT_LEVELS``).

A seven kept for the trick's last word is the kind of move playouts of the heuristic miss: they
play the rest of the hand as the heuristic would, and it spends its sevens early
(tests/positions/sedma-se5-*).  So the look-ahead's playouts (``hard``'s, and the expert's before
the stock's end) play four players' last two cards solved too (``SedmaBot.finish_playout``,
:func:`play_solved`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.bots import Expert
from games.bots.base import Worlds
from games.bots.estimates import Deal, Estimate, Measure, side_of_seat
from games.bots.expert import MIN_DEALS, ExpertBot
from games.bots.rollout import _reward
from games.bots.search import standing, stop_at_next_deal
from games.core import Action, GameState, SeatView

from . import endgame
from .endgame import END, NO_CARD, Ending, best_line, line_after, solvable
from .rules import Sedma
from .viewdata import SedmaView

SOLVE = 4  # cards in each hand: from the stock's end on
DEALS = 48  # possible deals a decision at most (the unseen cards of four players' ends)
#: positions searched a decision, past the first MIN_DEALS deals: four hands of four cards take
#: about 6,000 a deal (23,000 at most in 60 random ends), three cards 600; about 5 us each
NODES = 250_000


class SedmaExpertBot(ExpertBot):
    """ExpertBot whose solver is Sedma's model of the hand's end."""

    def _solvable(self, view: SeatView, choices: Sequence[Action]) -> bool:
        return (
            self.solve > 0
            and solvable(view.num_seats)
            and view.data(SedmaView).stock == 0
            and max(view.hand_sizes) <= self.solve
        )

    def _solve(
        self, view: SeatView, choices: list[Action], worlds: Worlds, deals: int, seed: int
    ) -> dict[str, Estimate] | None:
        rng = random.Random(seed)
        seat = view.my_seat
        found: dict[Action, list[Deal]] = {a: [] for a in choices}
        # two players: the unseen cards are the opponent's, one deal is every deal
        deals = 1 if view.num_seats == 2 else deals
        first, solved = endgame.searched, 0
        while solved < deals and (solved < MIN_DEALS or endgame.searched - first < self.nodes):
            world = worlds(random.Random(rng.getrandbits(64)))
            assert isinstance(world, Sedma)
            ending = ending_of(world, seat)
            for a in choices:
                found[a].append(played(world, seat, ending, a))
            solved += 1
        self._stats = {"choices": len(choices), "solved": solved, "nodes": endgame.searched - first}
        self._estimates = {a.text: Estimate.of(a.text, found[a]) for a in choices}
        return self._estimates


#: Sedma's expert (games.bots.levels.Expert): the look-ahead, and from the stock's end this solver
SEDMA_EXPERT = Expert(kind=SedmaExpertBot, solve=SOLVE, deals=DEALS, nodes=NODES)


def ending_of(state: Sedma, seat: int) -> Ending:
    """The hand's end in ``state`` (every card placed) as ``seat`` sees it: seats counted from
    it, sides from its own (games/sedma/endgame.py)."""
    n = state.num_seats
    assert solvable(n) and not state.stock

    def rel(s: int | None) -> int:
        return (s - seat) % n if s is not None else 0

    mine, theirs = state.teams.team_of(seat), 1 - state.teams.team_of(seat)
    won = [sum(len(state.won[s]) for s in range(n) if state.teams.team_of(s) == t) for t in (mine, theirs)]
    return Ending(
        hands=tuple(frozenset(state.hands[(seat + i) % n]) for i in range(n)),
        trick=tuple(state.trick_cards()),
        leader=rel(state.leader),
        holder=rel(state.holder),
        rounds=state.round,
        deciding=state.phase == "decide",
        points=(state.points[mine], state.points[theirs]),
        captured=(won[0], won[1]),
        pack=len(state.pack),
        series=state.series,
    )


def played(world: GameState, seat: int, ending: Ending, choice: Action) -> Deal:
    """``choice`` made in a copy of ``world``, then the solved line played through the rules to
    the end of the hand: how it ended for ``seat``'s side, measured as the look-ahead measures."""
    w = world.clone()
    stop_at_next_deal(w)
    hand = w.hand_number
    start = standing(w)
    measure = Measure(w, seat, side_of_seat(w, seat), start)
    w.apply(choice)
    play_line(w, line_after(ending, choice.text)[1])
    assert w.to_act is None or w.hand_number != hand, "the solved line ends the hand"
    return measure.deal(w, _reward(w, start, seat), standing(w), None)


def play_solved(state: Sedma) -> None:
    """The rest of the hand in ``state`` (every card placed, the stock gone) played through the
    rules as best play by every seat plays it (games/sedma/endgame.py)."""
    seat = state.to_act
    assert seat is not None, "a hand in play has a seat to act"
    play_line(state, best_line(ending_of(state, seat)))


def play_line(state: GameState, line: Sequence[int]) -> None:
    """Play a line of the model (games/sedma/endgame.py: ranks, ``NO_CARD`` for ending the
    trick) in ``state`` through the rules, any card of each rank."""
    for rank in line:
        legal = state.legal_actions()
        state.apply(
            next(
                a
                for a in legal
                if (a.text == END if rank == NO_CARD else a.card is not None and a.card.rank == rank)
            )
        )
