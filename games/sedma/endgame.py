"""Two-player Sedma once the stock is gone: every card is known, so the rest of the hand is solved.

With two players and an empty stock, the cards a player has not seen are exactly the opponent's
hand (the pack less the cards played this hand and the player's own), so the end of the hand is a
game of open cards, and a small one: at most four cards each.  :func:`best_moves` searches every
line (alpha-beta, cards of one rank taken as one, a table of the positions met: the many deals of
a look-ahead's playouts share their hands' ends) on a model of the hand's end that follows the
rules of games/sedma/rules.py step by step:

- a card to the trick: the first one is the starter and its player holds the trick; a seven or a
  card of the starter's rank takes it over;
- once both have played to a round, the leader decides (``end``, or goes on with a seven or a
  card of the starter's rank: SE-1) when the trick has had fewer than four rounds and the leader
  holds such a card; otherwise the trick ends by itself;
- the holder takes the trick's counters (aces and tens, 10 each) and leads next; the taker of the
  hand's last trick scores 10 more.

A line is worth, to the seat that asks, its victory points should the hand end so (a double win
for all 90 points, a triple for every card: SE-2; in a single hand only the win counts), and then
its margin of card points, so that among lines that win alike the one that takes most is preferred.
tests/bots/test_sedma_bot.py checks the model against the rules on endgames of random matches.
The bot solves from six cards in the hands on (games/sedma/bot.py ``SOLVE_CARDS``): from eight a
solve takes about a millisecond, and the look-ahead's playouts would meet one in every deal.
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
    """The hand's end as one seat (``me``, index 0 of every pair) sees it, the other being ``1``.

    ``trick``: the cards of the trick in progress in the order played; ``leader`` and ``holder``
    (0 or 1) and ``rounds`` its leader, the seat holding it and its rounds begun; ``deciding``:
    the leader is to end it or go on; ``points`` and ``captured``: card points and cards won this
    hand by each; ``pack``: the cards in play (a triple win takes them all)."""

    hands: tuple[frozenset[Card], frozenset[Card]]
    trick: tuple[Card, ...]
    leader: int
    holder: int
    rounds: int
    deciding: bool
    points: tuple[int, int]
    captured: tuple[int, int]
    pack: int
    series: bool


def best_moves(e: Ending) -> list[str]:
    """The choices (a card's notation, or ``end``) of seat 0, to act now, whose lines are worth
    the most under best play by both.  Cards of one rank are alike (suits play no part): all of
    a best rank are given."""
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
    """The worth to seat 0 of playing ``choice`` (a card's notation or ``end``) now."""
    rank = NO_CARD if choice == END else next(c.rank for c in e.hands[0] if c.text == choice)
    return _worth(_step(_position(e), rank))


NO_CARD = 0  # the choice ``end``, among ranks
WORST = 10 * KIND  # beyond any worth
MAX_TABLE = 1 << 19  # positions kept in the table before it starts again

# A position: (h0, h1, trick, leader, holder, rounds, deciding, p0, p1, c0, c1, pack, to_act) with
# the hands and the trick as tuples of ranks, p and c each seat's card points and cards won (c
# counted only in a series, where ``pack`` > 0 is the cards in play; 0 outside one, where only
# the win counts), and ``to_act`` the seat to choose.
Position = tuple
#: per position already searched, bounds (lowest, highest) on its worth: the ends of a hand's
#: lines are shared by the many deals of a look-ahead's playouts
_TABLE: dict[Position, tuple[int, int]] = {}


def _position(e: Ending) -> Position:
    def ranks(cards: frozenset[Card] | tuple[Card, ...]) -> tuple[int, ...]:
        return tuple(sorted(c.rank for c in cards))

    c0, c1 = e.captured if e.series else (0, 0)
    p0, p1 = e.points
    trick = tuple(c.rank for c in e.trick)
    pack = e.pack if e.series else 0
    return (
        ranks(e.hands[0]),
        ranks(e.hands[1]),
        trick,
        e.leader,
        e.holder,
        e.rounds,
        e.deciding,
        p0,
        p1,
        c0,
        c1,
        pack,
        0,
    )


def _choices(pos: Position) -> list[int]:
    """The ranks the seat to act may play (each once), and ``end`` (NO_CARD) when the leader decides."""
    hand = pos[0] if pos[12] == 0 else pos[1]
    if pos[6]:  # deciding
        starter = pos[2][0]
        return [*sorted({r for r in hand if r in (SEVEN, starter)}), NO_CARD]
    return sorted(set(hand))


def _worth(after: Position | int) -> int:
    return after if isinstance(after, int) else _search(after, -WORST, WORST)


def _search(pos: Position, alpha: int, beta: int) -> int:
    """The worth to seat 0 of ``pos`` under best play, exact when it lies between ``alpha`` and
    ``beta`` (alpha-beta over the table of bounds)."""
    low, high = _TABLE.get(pos, (-WORST, WORST))
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    a0, b0 = max(alpha, low), min(beta, high)
    a, b = a0, b0
    maximizing = pos[12] == 0
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
    worth to seat 0 when that ends the hand."""
    h0, h1, trick, leader, holder, rounds, deciding, p0, p1, c0, c1, pack, seat = pos
    if rank == NO_CARD:
        return _finish(pos)
    hand = list(h0 if seat == 0 else h1)
    hand.remove(rank)
    if seat == 0:
        h0 = tuple(hand)
    else:
        h1 = tuple(hand)
    if not trick:
        rounds, holder = 1, seat
    else:
        if deciding:
            rounds += 1
        if rank == SEVEN or rank == trick[0]:
            holder = seat
    trick += (rank,)
    other = 1 - seat
    if other != leader:
        return (h0, h1, trick, leader, holder, rounds, False, p0, p1, c0, c1, pack, other)
    after = (h0, h1, trick, leader, holder, rounds, True, p0, p1, c0, c1, pack, leader)
    if rounds < MAX_ROUNDS and any(r == SEVEN or r == trick[0] for r in (h0 if leader == 0 else h1)):
        return after
    return _finish(after)


def _finish(pos: Position) -> Position | int:
    """The trick goes to its holder, who leads next; with the hands empty, the hand is scored."""
    h0, h1, trick, _leader, w, _rounds, _deciding, p0, p1, c0, c1, pack, _seat = pos
    points = CARD_POINTS * sum(1 for r in trick if r in COUNTERS)
    if w == 0:
        p0, c0 = p0 + points, c0 + len(trick) * bool(pack)
    else:
        p1, c1 = p1 + points, c1 + len(trick) * bool(pack)
    if not h0:  # (both hands are empty: each plays one card a round)
        if w == 0:
            p0 += LAST_TRICK
        else:
            p1 += LAST_TRICK
        return _score([p0, p1], [c0, c1], pack)
    return (h0, h1, (), w, w, 0, False, p0, p1, c0, c1, pack, w)


def _score(points: list[int], captured: list[int], pack: int) -> int:
    """The worth to seat 0 of a hand ended so: the win's kind (in a series, ``pack`` > 0: a
    double for all 90 points, a triple for every card), then the margin of card points."""
    winner = 0 if points[0] > points[1] else 1
    kind = 1
    if pack:
        kind = 3 if captured[winner] == pack else 2 if points[winner] == ALL_POINTS else 1
    worth = KIND * kind + points[winner] - points[1 - winner]
    return worth if winner == 0 else -worth
