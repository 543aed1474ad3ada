"""A sensible Contract Grid player (it reads only its SeatView: grids and bids are public).

- Filling: the contracts made most often (Play, Different, Third, First...) go to the squares
  that lie on the most lines; All-Trump and Soloist end up on the fewest.
- Dropping a suit: name the suit it is weakest in, so trumps are likely to be its long suit.
- Bidding: estimate its tricks from the hand, guess the chance of each contract, and bid the
  squares with the best chance times value (5 points, plus the lines a mark would finish).  When
  making its bids would carry it over the cap without completing its grid, it bids squares it
  expects to miss instead, and plays to miss them.
- Playing: pick a target number of tricks that suits its bids (Zero/One/Two, First/Second/Third,
  No-Trump and the suit contracts favour taking none), then win tricks cheaply while below the
  target and duck with its highest safe card once there.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import Bot
from games.contract_grid import CONTRACTS, grid_lines
from games.core import Action, Card, Ranking, SeatView, Suit

# how often a contract is made in random play (measured), the order used to fill the grid
EASE = {"Play": 1.0, "Different": 0.63, "Third": 0.40, "First": 0.39, "Zero": 0.36, "Spades": 0.36,
        "Diamonds": 0.35, "Two": 0.34, "Hearts": 0.34, "Clubs": 0.34, "One": 0.31, "Partner": 0.24,
        "No-Trump": 0.24, "Second": 0.21, "Soloist": 0.12, "All-Trump": 0.01}
SUIT_CONTRACT = {"Spades": "S", "Hearts": "H", "Diamonds": "D", "Clubs": "C"}
COLS = "abcd"


def _square(name: str, size: int) -> int:
    return (int(name[1]) - 1) * size + COLS.index(name[0])


def _name(i: int, size: int) -> str:
    return COLS[i % size] + str(i // size + 1)


class ContractGridBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        phase = view.phase
        if phase == "fill":
            return self._fill(view, legal)
        if phase == "drop":
            return self._drop(view, legal)
        if phase == "bid":
            return self._bid(view, legal)
        return self._play(view, legal)

    # -- filling ---------------------------------------------------------
    def _fill(self, view: SeatView, legal: Sequence[Action]) -> Action:
        size = view.extra["size"]
        grid = [cell["contract"] for row in view.extra["grids"][view.seat] for cell in row]
        placed = sum(c is not None for c in grid)
        contracts = sorted((c for c in EASE if _order(c) < size * size), key=_order)
        target = dict(zip(sorted(contracts, key=lambda c: -EASE[c]), _squares_by_lines(view)))
        want = _name(target[contracts[placed]], size)
        by_arg = {a.arg: a for a in legal if a.kind == "square"}
        if want in by_arg:
            return by_arg[want]
        return next(by_arg[_name(i, size)] for i in _squares_by_lines(view) if _name(i, size) in by_arg)

    # -- naming a suit ---------------------------------------------------
    def _drop(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return min(legal, key=lambda a: (_strength(view.hand, a.arg), a.arg))

    # -- bidding ---------------------------------------------------------
    def _bid(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ex, me = view.extra, view.seat
        size = ex["size"]
        grid = [cell for row in ex["grids"][me] for cell in row]
        marked = [cell["marked"] for cell in grid]
        chance = _chances(view)
        chosen = {_square(s, size) for s in ex["bids"][me]}
        value = {}
        for a in legal:
            i = _square(a.arg, size)
            p = chance.get(grid[i]["contract"], 0.0)
            value[a] = p * (5 + _line_gain(grid_lines(size), marked, chosen, i)) + (0.5 if not marked[i] else 0.0)
        if self._avoid_cap(view, marked):
            return min(legal, key=lambda a: (chance.get(grid[_square(a.arg, size)]["contract"], 0.0),
                                             not marked[_square(a.arg, size)], a.arg))  # a marked square adds no line
        return max(legal, key=lambda a: (value[a], a.arg))

    @staticmethod
    def _avoid_cap(view: SeatView, marked: list[bool]) -> bool:
        return _danger(view, marked) and marked.count(False) > view.extra["num_bids"]

    # -- playing ---------------------------------------------------------
    def _play(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ex = view.extra
        r = _ranking(ex["trump_suit"])
        by_card = {a.card: a for a in legal}
        cards = list(by_card)
        marked = [cell["marked"] for row in ex["grids"][view.seat] for cell in row]
        miss = _danger(view, marked) and marked.count(False) > ex["num_bids"]
        want = view.tricks_won[view.seat] < _target(view, r, miss)
        if not view.trick:
            return by_card[_lead(cards, r, want)]
        return by_card[_follow(cards, r, view, want)]


def _danger(view: SeatView, marked: list[bool]) -> bool:
    """Would making this hand's bids carry it over the cap (lines score anyway)?"""
    cap = view.extra["cap"]
    if cap is None or not view.extra["complete_grid_rule"]:
        return False
    size = view.extra["size"]
    lines = sum(all(marked[i] for i in line) for line in grid_lines(size))
    return view.scores[view.seat] + 5 * lines + 5 * view.extra["num_bids"] + 10 >= cap


def _order(contract: str) -> int:
    return CONTRACTS.index(contract)


def _squares_by_lines(view: SeatView) -> list[int]:
    size = view.extra["size"]
    count = [0] * (size * size)
    for line in grid_lines(size):
        for i in line:
            count[i] += 1
    return sorted(range(size * size), key=lambda i: (-count[i], i))


def _strength(hand: Sequence[Card], suit: str) -> float:
    return sum(1 + max(0, c.rank - 10) * 0.5 for c in hand if c.suit is not None and c.suit.letter == suit)


def _ranking(trump: str) -> Ranking:
    t = Suit(trump)
    return Ranking(trumps=(t,), joker_suit=t)


def _expected_tricks(hand: Sequence[Card], r: Ranking) -> float:
    e = 0.0
    for c in hand:
        if c.suit is None:
            e += 1.0
        elif r.is_trump(c):
            e += {14: 0.9, 13: 0.75, 12: 0.55}.get(c.rank, 0.35)
        else:
            e += {14: 0.7, 13: 0.35}.get(c.rank, 0.05)
    return e


def _chances(view: SeatView) -> dict[str, float]:
    """A rough chance of making each contract with this hand (bidding time)."""
    r = _ranking(view.extra["trump_suit"])
    hand = view.hand
    e = _expected_tricks(hand, r)
    n_trumps = sum(1 for c in hand if r.is_trump(c))
    k = round(e)
    low = e < 1.2
    p = {"Play": 1.0, "Different": 0.6, "Partner": 0.25, "Soloist": 0.12}
    for j, name in enumerate(("Zero", "One", "Two")):
        p[name] = 0.5 if k % 3 == j else 0.22
    if low:
        p["Zero"] = 0.65
    p["First"] = 0.75 if e >= 5.5 else 0.45 if e >= 4.5 else 0.12
    p["Third"] = 0.75 if e <= 2 else 0.45 if e <= 3 else 0.12
    p["Second"] = 0.4 if 3 <= e <= 5 else 0.12
    p["All-Trump"] = 0.35 if n_trumps >= view.extra["num_trumps"] - 2 else 0.0
    p["No-Trump"] = 0.65 if n_trumps == 0 else 0.35 if n_trumps == 1 and low else 0.05
    for name, letter in SUIT_CONTRACT.items():
        if low:
            p[name] = 0.6
        else:
            held = sum(1 for c in hand if (c.suit.letter if c.suit else view.extra["trump_suit"]) == letter)
            p[name] = min(0.75, 0.1 + 0.06 * held)
    return p


def _line_gain(lines: Sequence[Sequence[int]], marked: list[bool], chosen: set[int], i: int) -> float:
    gain = 0.0
    for line in lines:
        if i in line:
            missing = sum(1 for j in line if j != i and not marked[j] and j not in chosen)
            gain += 15 if missing == 0 else 3 if missing == 1 else 0
    return gain


def _target(view: SeatView, r: Ranking, miss: bool = False) -> int:
    """The number of tricks that best fits this hand's bids (or, with ``miss``, misses them)."""
    ex, me = view.extra, view.seat
    size = ex["size"]
    total = sum(view.tricks_won) + max(view.hand_sizes)  # tricks in this hand
    grid = [cell["contract"] for row in ex["grids"][me] for cell in row]
    bid = [grid[_square(s, size)] for s in ex["bids"][me]]
    have = view.tricks_won[me]
    e = have + _expected_tricks(view.hand, r)
    best, best_score = have, -1e9
    for t in range(have, total + 1):
        score = -0.15 * abs(t - e)
        for c in bid:
            score += -_fit(c, t, total, ex["num_trumps"]) if miss else _fit(c, t, total, ex["num_trumps"])
        if score > best_score:
            best, best_score = t, score
    return best


def _fit(contract: str, t: int, total: int, num_trumps: int) -> float:
    third = total / 3
    if contract in ("Zero", "One", "Two"):
        return 1.0 if t % 3 == ("Zero", "One", "Two").index(contract) else 0.0
    if contract == "First":
        return 1.0 if t > third + 1 else 0.0
    if contract == "Third":
        return 1.0 if t < third - 1 else 0.0
    if contract == "Second":
        return 1.0 if third - 1 <= t <= third + 1 else 0.0
    if contract in ("No-Trump", "Spades", "Hearts", "Diamonds", "Clubs"):
        return 1.0 if t == 0 else 0.2
    if contract == "All-Trump":
        return 1.0 if t >= num_trumps // 3 + 2 else 0.0
    return 0.0


def _lead(cards: list[Card], r: Ranking, want: bool) -> Card:
    if want:
        return max(cards, key=lambda c: (r.is_trump(c), r.rank_in_suit(c), -c.index))
    side = [c for c in cards if not r.is_trump(c)] or cards
    return min(side, key=lambda c: (r.rank_in_suit(c), c.index))


def _follow(cards: list[Card], r: Ranking, view: SeatView, want: bool) -> Card:
    played = [c for p in view.trick for c in p.cards]
    led = r.suit_of(played[0])
    best = max(r.power(c, led) for c in played)
    last = len(view.trick) == view.num_seats - 1
    winning = sorted((c for c in cards if r.power(c, led) > best), key=lambda c: (r.power(c, led), c.index))
    losing = sorted((c for c in cards if r.power(c, led) <= best), key=lambda c: (r.power(c, led), c.rank, c.index))
    if want and winning:
        return winning[0] if last else winning[-1]
    if not want and losing:
        return losing[-1]  # the highest card that still loses
    if not want:
        return winning[-1] if last else winning[0]
    return losing[0]
