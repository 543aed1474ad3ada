"""Sedma once the stock is gone, with every card placed: the rest of the hand solved exactly.

With two players and an empty stock, the cards a player has not seen are exactly the opponent's
hand, so the end of the hand is a game of open cards; with four, a bot that deals the unseen
cards in one possible way (a deal of the expert's: games/sedma/expert.py) has one too.  Either
is small: at most four cards each.  :func:`best_moves` searches every line (alpha-beta, cards of
one rank taken as one, a table of the positions met: the many deals of a look-ahead share their
hands' ends) on a model of the hand's end that follows the rules of games/sedma/rules.py step by
step:

- a card to the trick: the first one is the starter and its player holds the trick; a seven or a
  card of the starter's rank takes it over;
- once everyone has played to a round, the leader decides (``end``, or goes on with a seven or
  a card of the starter's rank: SE-1) when the trick has had fewer than four rounds and the
  leader holds such a card; otherwise the trick ends by itself;
- the holder takes the trick's counters (aces and tens, 10 each) for its side and leads next;
  the taker of the hand's last trick scores 10 more.

Seats are counted from the seat that asks (0), to its left; with four players seats 0 and 2 are
one side and 1 and 3 the other (the partners sit opposite), with two each seat is a side: in both
the side of seat ``s`` is ``s & 1``.  Three players are not two sides, and are not solved.  A
line is worth, to the side of seat 0, its victory points should the hand end so (a double win
for all 90 points, a triple for every card: SE-2; in a single hand only the win counts), and then
its margin of card points, so that among lines that win alike the one that takes most is preferred.
tests/bots/test_sedma_bot.py checks the model against the rules on endgames of random matches.
The heuristic solves two-player ends from six cards in the hands on (games/sedma/bot.py
``SOLVE_CARDS``): from eight a solve takes about a millisecond, and the look-ahead's playouts
would meet one in every deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card

from .rules import CARD_POINTS, COUNTERS, LAST_TRICK, MAX_ROUNDS, SEVEN

END = "end"
KIND = 100  # a win's kind outweighs any difference of card points (90 at most)
ALL_POINTS = 8 * CARD_POINTS + LAST_TRICK  # a double win


@dataclass(frozen=True, slots=True)
class Ending:
    """The hand's end as one seat sees it, the seats counted from it (it is 0; see the module
    docstring), every card placed.

    ``hands``: each seat's cards; ``trick``: the cards of the trick in progress in the order
    played; ``leader`` and ``holder`` and ``rounds`` its leader, the seat holding it and its
    rounds begun; ``deciding``: the leader is to end it or go on; ``points`` and ``captured``:
    card points and cards won this hand by each side (seat 0's first); ``pack``: the cards in
    play (a triple win takes them all)."""

    hands: tuple[frozenset[Card], ...]
    trick: tuple[Card, ...]
    leader: int
    holder: int
    rounds: int
    deciding: bool
    points: tuple[int, int]
    captured: tuple[int, int]
    pack: int
    series: bool


def solvable(seats: int) -> bool:
    """The model's tables: two players, or four in two partnerships (not three)."""
    return seats in (2, 4)


def best_moves(e: Ending) -> list[str]:
    """The choices (a card's notation, or ``end``) of seat 0, to act now, whose lines are worth
    the most under best play by every seat.  Cards of one rank are alike (suits play no part):
    all of a best rank are given."""
    pos = _position(e)
    top, best = -WORST, set()
    for rank in _choices(pos):
        after = _step(pos, rank)
        # exact at or above the best so far; below it, only known to be below (cheaper)
        v = after if isinstance(after, int) else _search(after, top - 1, WORST)
        if v > top:
            top, best = v, {rank}
        elif v == top:
            best.add(rank)
    out = sorted(c.text for c in e.hands[0] if c.rank in best)
    return out + ([END] if NO_CARD in best else [])


def value_after(e: Ending, choice: str) -> int:
    """The worth to seat 0's side of playing ``choice`` (a card's notation or ``end``) now."""
    return _worth(_step(_position(e), _rank_of(e, choice)))


def line_after(e: Ending, choice: str) -> tuple[int, list[int]]:
    """``choice`` made now by seat 0, then best play by every seat to the end of the hand: the
    worth to seat 0's side and the ranks played after ``choice`` in order (``NO_CARD``: the
    leader ends the trick), for a caller to play through the rules (any card of the rank)."""
    after = _step(_position(e), _rank_of(e, choice))
    worth = _worth(after)
    return worth, _line(after, worth)


def best_line(e: Ending) -> list[int]:
    """Best play by every seat from now to the end of the hand, seat 0 first: the ranks played in
    order (``NO_CARD``: the leader ends the trick), for a caller to play through the rules."""
    pos = _position(e)
    return _line(pos, _worth(pos))


def _line(after: Position | int, worth: int) -> list[int]:
    """The ranks of a line from ``after`` that attains its ``worth``, to the end of the hand."""
    line: list[int] = []
    while not isinstance(after, int):
        for rank in _choices(after):
            nxt = _step(after, rank)
            # a window holding only ``worth``: exact there, a bound outside it (cheap)
            if (nxt if isinstance(nxt, int) else _search(nxt, worth - 1, worth + 1)) == worth:
                break
        else:  # (cannot happen: some choice attains the position's worth)
            raise AssertionError("no line attains the worth found")
        line.append(rank)
        after = nxt
    return line


def _rank_of(e: Ending, choice: str) -> int:
    return NO_CARD if choice == END else next(c.rank for c in e.hands[0] if c.text == choice)


NO_CARD = 0  # the choice ``end``, among ranks
WORST = 10 * KIND  # beyond any worth
MAX_TABLE = 1 << 19  # positions kept in the table before it starts again

# A position: (hands, trick, leader, holder, rounds, deciding, p0, p1, c0, c1, pack, to_act)
# with each hand and the trick as tuples of ranks, p and c each side's card points and cards won
# (c counted only in a series, where ``pack`` > 0 is the cards in play; 0 outside one, where
# only the win counts), and ``to_act`` the seat to choose (its side: ``to_act & 1``).
Position = tuple
#: per position already searched, bounds (lowest, highest) on its worth: the ends of a hand's
#: lines are shared by the many deals of a look-ahead
_TABLE: dict[Position, tuple[int, int]] = {}
#: positions searched since the module was loaded (a caller's budget is the difference)
searched = 0


def _position(e: Ending) -> Position:
    assert solvable(len(e.hands)), "two players, or four in two sides"
    c0, c1 = e.captured if e.series else (0, 0)
    p0, p1 = e.points
    hands = tuple(tuple(sorted(c.rank for c in h)) for h in e.hands)
    trick = tuple(c.rank for c in e.trick)
    pack = e.pack if e.series else 0
    return (hands, trick, e.leader, e.holder, e.rounds, e.deciding, p0, p1, c0, c1, pack, 0)


def _choices(pos: Position) -> list[int]:
    """The ranks the seat to act may play (each once), and ``end`` (NO_CARD) when the leader decides."""
    hand = pos[0][pos[11]]
    if pos[5]:  # deciding
        starter = pos[1][0]
        return [*sorted({r for r in hand if r in (SEVEN, starter)}), NO_CARD]
    return sorted(set(hand))


def _worth(after: Position | int) -> int:
    return after if isinstance(after, int) else _search(after, -WORST, WORST)


def _search(pos: Position, alpha: int, beta: int) -> int:
    """The worth to seat 0's side of ``pos`` under best play, exact when it lies between
    ``alpha`` and ``beta`` (alpha-beta over the table of bounds)."""
    global searched
    searched += 1
    low, high = _TABLE.get(pos, (-WORST, WORST))
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    a0, b0 = max(alpha, low), min(beta, high)
    a, b = a0, b0
    maximizing = pos[11] & 1 == 0
    best = -WORST if maximizing else WORST
    for rank in _choices(pos):
        after = _step(pos, rank)
        v = after if isinstance(after, int) else _search(after, a, b)
        if maximizing:
            best = max(best, v)
            a = max(a, v)
        else:
            best = min(best, v)
            b = min(b, v)
        if a >= b:
            break
    if len(_TABLE) >= MAX_TABLE:
        _TABLE.clear()
    if best <= a0:
        _TABLE[pos] = (low, best)
    elif best >= b0:
        _TABLE[pos] = (best, high)
    else:
        _TABLE[pos] = (best, best)
    return best


def _step(pos: Position, rank: int) -> Position | int:
    """The position once the seat to act has made its choice ``rank`` (NO_CARD: ``end``), or the
    worth to seat 0's side when that ends the hand."""
    hands, trick, leader, holder, rounds, deciding, p0, p1, c0, c1, pack, seat = pos
    if rank == NO_CARD:
        return _finish(pos)
    hand = list(hands[seat])
    hand.remove(rank)
    hands = (*hands[:seat], tuple(hand), *hands[seat + 1 :])
    if not trick:
        rounds, holder = 1, seat
    else:
        if deciding:
            rounds += 1
        if rank == SEVEN or rank == trick[0]:
            holder = seat
    trick += (rank,)
    nxt = seat + 1 if seat + 1 < len(hands) else 0
    if nxt != leader:
        return (hands, trick, leader, holder, rounds, False, p0, p1, c0, c1, pack, nxt)
    after = (hands, trick, leader, holder, rounds, True, p0, p1, c0, c1, pack, leader)
    if rounds < MAX_ROUNDS and any(r == SEVEN or r == trick[0] for r in hands[leader]):
        return after
    return _finish(after)


def _finish(pos: Position) -> Position | int:
    """The trick goes to its holder's side, the holder leads next; with the hands empty, the
    hand is scored."""
    hands, trick, _leader, w, _rounds, _deciding, p0, p1, c0, c1, pack, _seat = pos
    points = CARD_POINTS * sum(1 for r in trick if r in COUNTERS)
    if w & 1 == 0:
        p0, c0 = p0 + points, c0 + len(trick) * bool(pack)
    else:
        p1, c1 = p1 + points, c1 + len(trick) * bool(pack)
    if not hands[0]:  # (every hand is empty: each seat plays one card a round)
        if w & 1 == 0:
            p0 += LAST_TRICK
        else:
            p1 += LAST_TRICK
        return _score([p0, p1], [c0, c1], pack)
    return (hands, (), w, w, 0, False, p0, p1, c0, c1, pack, w)


def _score(points: list[int], captured: list[int], pack: int) -> int:
    """The worth to side 0 of a hand ended so: the win's kind (in a series, ``pack`` > 0: a
    double for all 90 points, a triple for every card), then the margin of card points."""
    winner = 0 if points[0] > points[1] else 1
    kind = 1
    if pack:
        kind = 3 if captured[winner] == pack else 2 if points[winner] == ALL_POINTS else 1
    worth = KIND * kind + points[winner] - points[1 - winner]
    return worth if winner == 0 else -worth
