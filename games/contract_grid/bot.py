"""A sensible Contract Grid player (it reads only its SeatView: grids and bids are public).

Its plan is to complete its grid (CG-8: the match then ends, and it wins as the best score below
the cap, or over the cap with the complete grid) while scoring fast from lines.

- Filling: a fixed plan (``LAYOUT``) that puts the hardest contracts (All-Trump, Soloist,
  Second, Partner) in the corners, where four squares hold up only six of the fourteen lines,
  and the contracts it makes most easily on the squares shared by the most lines.  An earlier
  grid offered by the option ``last_grids`` ("fill same") is kept when it is worth at least as
  much as that plan by the same measure (issue 11): one action instead of sixteen.
- Dropping a suit (CG-1): with a strong hand, keep its long suit as trump (All-Trump, First); with
  a weak one, keep as trump a suit it barely holds (No-Trump, and taking no tricks at all).
- Bidding (CG-3): a model fitted on its own play gives the tricks the hand will take, never
  fewer than those it cannot lose (``sure_tricks``); from that
  spread (pushed a little up or down, whichever suits the grid) it reckons the chance of each
  contract (Zero/One/Two from the count, First/Second/Third and Different/Soloist/Partner from how
  the others may share the rest, No-Trump, the suits and All-Trump from the cards) and bids the
  squares worth most: 5 points, plus what the mark does for its lines.  Play, always made, is kept
  for the last square, so the grid is completed exactly when that wins; on a 3x3 grid (no Play)
  too far from complete it stops finishing lines that would only bring its own cap nearer.  Near
  the cap it bids to complete the grid when it can, otherwise squares it expects to miss.
- Playing: for each card it weighs who may take the trick (itself or which opponent) by how well
  each outcome leaves its bids, each weighted by what making it is worth, and plays the best;
  near the cap it plays to miss.  On All-Trump it draws trumps from the top; against an
  opponent's All-Trump it wins a trick holding a trump when it can.  In the last three tricks
  it counts them out (games.contract_grid.endgame: every lie of the few unseen cards played
  out against its bids) and keeps its card unless the count finds another one better.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, erfc, sqrt

from games.bots import Bot, Expert, Levels, TreeSearch
from games.core import JOKER, Action, Card, Ranking, SeatView, Suit, card, shared_ranking

from .endgame import TRICKS, LastTricks
from .rules import CONTRACTS, grid_lines
from .viewdata import GridView, Square

SUIT_CONTRACT = {"Spades": "S", "Hearts": "H", "Diamonds": "D", "Clubs": "C"}
COLS = "abcd"
PLACES = ("Zero", "One", "Two")
RANKS = ("First", "Second", "Third")
SHAPES = ("Different", "Soloist", "Partner")

#: how readily the bot marks each contract when it wants to (a rough guess: the contracts it can
#: steer come first, the ones that depend on the others' tricks last); the grid plan, the value
#: of an earlier grid and the 3x3 pace use it
EASE = {
    "Play": 1.0,
    "Different": 0.75,
    "Zero": 0.7,
    "One": 0.65,
    "Two": 0.65,
    "Third": 0.7,
    "First": 0.6,
    "No-Trump": 0.65,
    "Spades": 0.6,
    "Hearts": 0.6,
    "Diamonds": 0.6,
    "Clubs": 0.6,
    "Second": 0.4,
    "Partner": 0.4,
    "Soloist": 0.3,
    "All-Trump": 0.1,
}

#: the grid plan by size: contract -> square (row by row), the best found for ``grid_value``
#: (hill climbing from many random grids)
LAYOUT = {
    4: {
        "Zero": 13,
        "One": 6,
        "Two": 8,
        "First": 4,
        "Second": 0,
        "Third": 9,
        "Different": 5,
        "Soloist": 12,
        "Partner": 15,
        "All-Trump": 3,
        "No-Trump": 7,
        "Spades": 11,
        "Hearts": 14,
        "Diamonds": 2,
        "Clubs": 1,
        "Play": 10,
    },
    3: {
        "Zero": 0,
        "One": 6,
        "Two": 8,
        "First": 1,
        "Second": 5,
        "Third": 2,
        "Different": 4,
        "Soloist": 3,
        "Partner": 7,
    },
}

#: All-Trump with the joker, by trumps held (joker included) and top trumps (A, K): the share of
#: hands that took every trump when trying to (measured against the earlier heuristic)
_ALL_TRUMP = {
    (4, 0): 0.2,
    (4, 1): 0.43,
    (4, 2): 0.83,
    (5, 0): 0.07,
    (5, 1): 0.6,
    (5, 2): 0.93,
    (6, 0): 0.22,
    (6, 1): 0.85,
    (6, 2): 1.0,
}


def all_trump_chance(trumps: Sequence[Card], num_trumps: int) -> float:
    """The chance of taking every trump with these trumps: it needs the top trump (the joker,
    or the ace in the 24-card pack) and is read from ``_ALL_TRUMP`` by the trumps the others
    hold and how many of the next two trumps it has."""
    ranks = {19 if c.suit is None else c.rank for c in trumps}
    order = (19, 14, 13) if num_trumps == 9 else (14, 13, 12)
    if order[0] not in ranks:
        return 0.0
    top = sum(1 for x in order[1:] if x in ranks)
    return _ALL_TRUMP.get((min(6, len(trumps) + 9 - num_trumps), top), 0.0)


def grid_value(grid: Sequence[str | None], size: int) -> float:
    """What a grid is worth to this bot: over every line, the product of its contracts' ease."""
    value = 0.0
    for line in grid_lines(size):
        p = 1.0
        for i in line:
            p *= EASE.get(grid[i] or "", 0.0)
        value += p
    return value


def _name(i: int, size: int) -> str:
    return COLS[i % size] + str(i // size + 1)


def _square(name: str, size: int) -> int:
    return (int(name[1]) - 1) * size + COLS.index(name[0])


class ContractGridBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        phase = view.phase
        if phase == "fill":
            return self._fill(view, legal)
        if phase == "drop":
            return self._drop(view, legal)
        if phase == "bid":
            return _Bidding(view).choose(legal)
        return _Playing(view).choose(legal)

    # -- filling ---------------------------------------------------------
    def _fill(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ex = view.data(GridView)
        size = ex.size
        grid = ex.contracts(view.my_seat)
        plan = LAYOUT[size]
        same = next((a for a in legal if a.text == "fill same"), None)
        planned: list[str | None] = [None] * (size * size)
        for c, i in plan.items():
            planned[i] = c
        if same is not None and grid_value(_earlier_grid(view), size) >= grid_value(planned, size) - 1e-9:
            return same
        contract = CONTRACTS[sum(c is not None for c in grid)]
        by_arg = {a.arg: a for a in legal if a.kind == "square"}
        want = _name(plan[contract], size)
        if want in by_arg:
            return by_arg[want]
        return next(by_arg[_name(i, size)] for i in _squares_by_lines(size) if _name(i, size) in by_arg)

    # -- naming a suit ---------------------------------------------------
    def _drop(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Name the suit it least wants as trump (see the module docstring)."""
        hand = view.hand
        strong = any(c.suit is None for c in hand) or _hand_strength(hand) >= 4.5
        if strong:
            return min(legal, key=lambda a: (_strength(hand, a.the_arg), a.the_arg))
        return max(legal, key=lambda a: (_strength(hand, a.the_arg), a.the_arg))


def _earlier_grid(view: SeatView) -> list[str]:
    """This seat's grid in the option last_grids (offered by "fill same"), row by row."""
    return [c.strip() for c in view.options["last_grids"].split("/")[view.my_seat].split(",")]


def _squares_by_lines(size: int) -> list[int]:
    count = [0] * (size * size)
    for line in grid_lines(size):
        for i in line:
            count[i] += 1
    return sorted(range(size * size), key=lambda i: (-count[i], i))


def _strength(hand: Sequence[Card], suit: str) -> float:
    return sum(1 + max(0, c.rank - 10) * 0.5 for c in hand if c.suit is not None and c.suit.letter == suit)


def _hand_strength(hand: Sequence[Card]) -> float:
    """A rough count of the tricks a hand could take before trump is known."""
    return sum({14: 0.8, 13: 0.45, 12: 0.2}.get(c.rank, 0.0) for c in hand if c.suit is not None)


def _ranking(trump: str) -> Ranking:
    t = Suit(trump)
    return shared_ranking((t,), joker_suit=t)  # (shared: its tables stay filled from move to move)


# -- trick counts -------------------------------------------------------------------------------
def _shares(others: Sequence[int], left: int) -> list[tuple[float, int, int]]:
    """How the two other players may end, sharing ``left`` more tricks: (chance, a, b)."""
    a0, b0 = others
    half = 0.5**left
    return [(comb(left, x) * half, a0 + x, b0 + left - x) for x in range(left + 1)]


def count_chances(t: int, others: Sequence[int], left: int) -> dict[str, float]:
    """The chance of each trick-count contract when this seat ends with ``t`` tricks and the
    others share the remaining ``left`` tricks at random (CG-5)."""
    p = {name: 0.0 for name in RANKS + SHAPES}
    for w, a, b in _shares(others, left):
        lo, hi = min(a, b), max(a, b)
        p["First"] += w * (t >= hi)
        p["Third"] += w * (t <= lo)
        p["Second"] += w * (lo < t < hi)
        p["Different"] += w * (len({t, a, b}) == 3)
        p["Soloist"] += w * (a == b != t)
        p["Partner"] += w * (t in (a, b))
    for j, name in enumerate(PLACES):
        p[name] = 1.0 if t % 3 == j else 0.0
    p["Play"] = 1.0
    return p


def expected_tricks(hand: Sequence[Card], r: Ranking) -> float:
    """Tricks the hand should take when it tries to win."""
    e = 0.0
    for c in hand:
        if c.suit is None:
            e += 1.0
        elif r.is_trump(c):
            e += {14: 0.9, 13: 0.75, 12: 0.55}.get(c.rank, 0.35)
        else:
            e += {14: 0.7, 13: 0.35}.get(c.rank, 0.05)
    return e


#: the tricks a hand takes (mean of a normal with spread ``_TRICKS_SD``), fitted by least
#: squares over about 2,000 hands of the bot's own play: weights of ``hand_features``
_TRICKS_W = (-1.729, 1.789, 0.697, 0.891, 0.593, 0.427, 0.941, 0.628, 0.436, -0.314, 0.006, 0.144)
_TRICKS_SD = 1.46


def hand_features(hand: Sequence[Card], r: Ranking, first: bool) -> list[float]:
    """What the trick model reads in a hand: joker, trump length and honours, side honours,
    voids and singletons, and whether it leads first."""
    trumps = [c for c in hand if r.is_trump(c)]
    side = [c for c in hand if not r.is_trump(c)]
    lengths: dict[Suit | None, int] = {}
    for c in side:
        lengths[c.suit] = lengths.get(c.suit, 0) + 1
    ranks = {c.rank for c in trumps if c.suit is not None}
    return [
        1.0,
        float(len(trumps) > len(ranks)),
        float(len(trumps)),
        float(14 in ranks),
        float(13 in ranks),
        float(12 in ranks),
        float(sum(c.rank == 14 for c in side)),
        float(sum(c.rank == 13 for c in side)),
        float(sum(c.rank == 12 for c in side)),
        float(3 - len(lengths)),
        float(sum(n == 1 for n in lengths.values())),
        float(first),
    ]


def sure_tricks(hand: Sequence[Card], r: Ranking, pack: Sequence[Card]) -> int:
    """Tricks the hand takes whatever the others hold and whoever leads: its unbroken run of
    the top trumps (nothing can beat them) and, when it holds every trump (nobody can ruff),
    the unbroken run from the top of each side suit too."""
    held = set(hand)

    def run(cards: list[Card]) -> int:
        cards.sort(key=r.rank_in_suit, reverse=True)
        n = 0
        while n < len(cards) and cards[n] in held:
            n += 1
        return n

    trumps = [c for c in pack if r.is_trump(c)]
    sure = run(trumps)
    if sure == len(trumps):
        for suit in {r.suit_of(c) for c in pack if not r.is_trump(c)}:
            sure += run([c for c in pack if not r.is_trump(c) and r.suit_of(c) == suit])
    return sure


def trick_spread(mean: float, tricks: int, sure: int = 0) -> list[float]:
    """P(final tricks = t) for t in 0..tricks: a normal around ``mean``, rounded to whole tricks;
    the chance of fewer than the ``sure`` tricks the hand cannot lose is moved onto ``sure``."""
    cdf = [0.5 * erfc(-(t + 0.5 - mean) / (_TRICKS_SD * sqrt(2))) for t in range(tricks + 1)]
    cdf[-1] = 1.0
    spread = [cdf[0]] + [cdf[t] - cdf[t - 1] for t in range(1, tricks + 1)]
    if sure > 0:
        sure = min(sure, tricks)
        spread = [0.0] * sure + [cdf[sure]] + spread[sure + 1 :]
    return spread


# -- bidding ---------------------------------------------------------------------------------
class _Bidding:
    """One bid: choose how far to push the hand's natural trick count (a little up, a little
    down, or not at all) and the squares that count makes likely."""

    SHIFTS = (-0.75, 0.0, 0.75)

    def __init__(self, view: SeatView) -> None:
        ex, me = view.data(GridView), view.my_seat
        self.view, self.me, self.size = view, me, ex.size
        self.cells = [cell for row in ex.grids[me] for cell in row]
        self.contracts = ex.filled(me)
        self.marked = [c.marked for c in self.cells]
        self.chosen = [_square(s, self.size) for s in ex.bids[me]]
        self.r = _ranking(ex.trump_suit)
        hand = view.hand
        self.tricks = sum(view.hand_sizes) // view.num_seats
        first = (
            view.dealer is not None and view.to_act is not None and (view.dealer + 1) % view.num_seats == me
        )
        x = hand_features(hand, self.r, first)
        self.mean = sum(a * b for a, b in zip(_TRICKS_W, x)) * self.tricks / 11
        self.sure = sure_tricks(hand, self.r, _pack_of(view))
        self.racing = self._racing()

    def _racing(self) -> bool:
        """Can the grid be completed before this seat's own lines carry it over the cap (CG-8)?
        If not, it stops completing lines and lets another player reach the cap first.  With a
        Play square (always made, kept for the last) it always races: its last lines come from
        the hard squares, which it needs anyway."""
        ex = self.view.data(GridView)
        if ex.cap is None or not ex.complete_grid_rule or "Play" in self.contracts:
            return True
        left = [c for c, m in zip(self.contracts, self.marked) if not m and c != "Play"]
        needed = 1.5 * sum(min(8.0, 1.0 / EASE[c]) for c in left) / ex.num_bids
        lines = sum(all(self.marked[i] for i in line) for line in grid_lines(self.size))
        pace = 5 * lines + 12
        return (ex.cap - self.view.scores[self.me]) / pace >= needed

    def choose(self, legal: Sequence[Action]) -> Action:
        squares = {_square(a.the_arg, self.size): a for a in legal}
        mode = self._mode()
        gains = self._gains()
        if mode == "miss":
            chance = self._chances(self._best_shift(gains, squares))
            return squares[min(squares, key=lambda i: (chance[self.contracts[i]], not self.marked[i], i))]
        if mode == "complete":
            left = [i for i in squares if not self.marked[i]]
            if left:
                return squares[min(left)]
        chance = self._chances(self._best_shift(gains, squares))
        return squares[max(squares, key=lambda i: (chance[self.contracts[i]] * gains[i], -i))]

    def _best_shift(self, gains: list[float], squares: dict[int, Action]) -> float:
        """How far to push the trick count: the shift whose likely contracts are worth most."""
        k = self.view.data(GridView).num_bids - len(self.chosen)
        best, best_value = 0.0, -1.0
        for shift in self.SHIFTS:
            chance = self._chances(shift)
            worth = sorted((chance[self.contracts[i]] * gains[i] for i in squares), reverse=True)
            value = sum(worth[:k]) + sum(chance[self.contracts[i]] * gains[i] for i in self.chosen)
            if value > best_value + 1e-9:
                best, best_value = shift, value
        return best

    def _chances(self, shift: float) -> dict[str, float]:
        """The chance of each contract when the hand's trick count is pushed by ``shift``."""
        out: dict[str, float] = {}
        for t, w in enumerate(trick_spread(self.mean + shift, self.tricks, self.sure)):
            if w < 1e-4:
                continue
            for name, p in count_chances(t, (0, 0), self.tricks - t).items():
                out[name] = out.get(name, 0.0) + w * p
            for name, p in self._card_chances(t).items():
                out[name] = out.get(name, 0.0) + w * p
        return out

    def _card_chances(self, t: int) -> dict[str, float]:
        """No-Trump, the four suits and All-Trump for a hand that ends with ``t`` tricks."""
        hand, r, ex = self.view.hand, self.r, self.view.data(GridView)
        trumps = [c for c in hand if r.is_trump(c)]
        p = {"All-Trump": 0.0}
        if t == 0:
            p["No-Trump"] = 1.0
            p.update({name: 1.0 for name in SUIT_CONTRACT})
            return p
        joker = any(c.suit is None for c in hand)
        p["No-Trump"] = 0.0 if joker else 1.0 if not trumps else 0.8 if len(trumps) <= 3 else 0.25
        for name, letter in SUIT_CONTRACT.items():
            held = sum(1 for c in hand if (c.suit.letter if c.suit else ex.trump_suit) == letter)
            p[name] = min(0.75, max(0.1, 0.45 + 0.1 * (held - len(hand) / 4)))
        if t >= 3:
            p["All-Trump"] = all_trump_chance(trumps, ex.num_trumps)
        return p

    # -- what a mark is worth ------------------------------------------------
    def _gains(self) -> list[float]:
        """What making each square's bid is worth: 5 points, plus what its mark does for its
        lines; the Play square (always made) is kept for the last, to complete the grid at will."""
        lines = grid_lines(self.size)
        marked = self.marked
        gains = []
        for i in range(len(marked)):
            g = 5.0
            if not marked[i]:
                for line in lines:
                    if i in line:
                        missing = sum(1 for j in line if j != i and not marked[j] and j not in self.chosen)
                        if not self.racing:
                            g -= 12.0 if missing == 0 else 0.0  # a new line only hastens the cap
                        else:
                            g += (30.0, 8.0, 2.0)[missing] if missing < 3 else 0.5
                g *= self._completion_factor(i)
            gains.append(g)
        return gains

    def _completion_factor(self, i: int) -> float:
        """Marking square ``i``: completing the grid ends the match (CG-8), so it is worth much
        when this seat will then win, nothing otherwise; Play (always made) waits to be last."""
        ex = self.view.data(GridView)
        if not ex.complete_grid_rule:
            return 1.0
        others = [j for j, m in enumerate(self.marked) if not m and j != i]
        if self.contracts[i] == "Play" and others:
            return 0.0
        if any(j not in self.chosen for j in others):
            return 1.0
        return 4.0 if self._wins_on_completion() else 0.0

    def _wins_on_completion(self) -> bool:
        """Would a grid completed this hand win: over the cap with it, or the best score below?"""
        view, me, ex = self.view, self.me, self.view.data(GridView)
        mine = view.scores[me] + 5 * len(grid_lines(self.size)) + 10
        if ex.cap is not None and mine >= ex.cap:
            return True
        rivals = [
            view.scores[s] + 5 * _full_lines(ex.grids[s], self.size) + 20
            for s in range(view.num_seats)
            if s != me
        ]
        return all(mine > x or (ex.cap is not None and x >= ex.cap) for x in rivals)

    def _mode(self) -> str:
        """``normal``; ``complete`` when the cap is near and the grid can be completed now; ``miss``
        when making the bids would carry it over the cap (CG-8) with the grid still incomplete."""
        ex = self.view.data(GridView)
        cap = ex.cap
        if cap is None or not ex.complete_grid_rule:
            return "normal"
        lines = sum(all(self.marked[i] for i in line) for line in grid_lines(self.size))
        score = self.view.scores[self.me]
        unmarked = self.marked.count(False)
        if score + 5 * lines + 5 * ex.num_bids + 10 < cap:
            return "normal" if self.racing or not self._first_to_cap(lines) else "miss"
        if unmarked <= ex.num_bids:
            return "complete"
        if score + 5 * lines >= cap:
            return "normal"  # over the cap whatever it bids: score as much as it can
        return "miss"

    def _first_to_cap(self, lines: int) -> bool:
        """At its pace (lines, plus about 8 a hand from bids and unmarked values) would it reach
        the cap before any opponent at theirs (their mean gain a hand so far)?"""
        view, cap = self.view, self.view.data(GridView).cap
        assert cap is not None, "only a match with a cap races to it"
        hands = max(1, view.hand_number - 1)
        mine = (cap - view.scores[self.me]) / (5 * lines + 8)
        theirs = min(
            (cap - view.scores[s]) / max(1.0, view.scores[s] / hands)
            for s in range(view.num_seats)
            if s != self.me
        )
        return mine < theirs


def _full_lines(grid: Sequence[Sequence[Square]], size: int) -> int:
    marked = [cell.marked for row in grid for cell in row]
    return sum(all(marked[i] for i in line) for line in grid_lines(size))


# -- playing ---------------------------------------------------------------------------------
class _Playing:
    """One card: weigh who may take this trick (this seat, or which opponent) by how well each
    outcome leaves its bids, and play the card with the best expectation."""

    def __init__(self, view: SeatView) -> None:
        ex, me = view.data(GridView), view.my_seat
        self.view, self.me, self.size, self.n = view, me, ex.size, view.num_seats
        self.r = _ranking(ex.trump_suit)
        self.trump = ex.trump_suit
        grid = ex.filled(me)
        squares = [_square(s, self.size) for s in ex.bids[me]]
        self.bids = [grid[i] for i in squares]
        bidding = _Bidding(view)
        gains = bidding._gains()
        self.weights = [gains[i] / 5.0 for i in squares]  # a made bid on a marked square counts 1
        self.left = max(view.hand_sizes)
        self.num_trumps = ex.num_trumps
        self.miss_mode = bidding._mode() == "miss"  # it bid to miss (CG-8): it plays to miss too
        self._read_hand()
        self.e = expected_tricks(view.hand, self.r)
        self._memo: dict[tuple, float] = {}

    def _read_hand(self) -> None:
        """From this hand's events: the cards gone, each seat's trumps and (mine) suits won, voids."""
        view, r = self.view, self.r
        self.gone: set[Card] = set()
        self.trumps_won = [0] * self.n
        self.suits_won = {letter: 0 for letter in "SHDC"}
        self.won: list[Card] = []  # the cards this seat took
        self.voids: list[set] = [set() for _ in range(self.n)]
        led = None
        for e in view.events:
            if e.hand != view.hand_number:
                continue
            if e.seat is None:
                continue
            if e.kind == "play":
                c = e.cards[0]
                self.gone.add(c)
                if led is None:
                    led = r.suit_of(c)
                elif r.suit_of(c) != led:
                    self.voids[e.seat].add(led)
            elif e.kind == "trick":
                led = None
                self.trumps_won[e.seat] += sum(1 for c in e.cards if r.is_trump(c))
                if e.seat == self.me:
                    self.won.extend(e.cards)
                    for c in e.cards:
                        self.suits_won[c.suit.letter if c.suit else self.trump] += 1
        self.unseen = [c for c in _pack_of(view) if c not in self.gone and c not in view.hand]

    # -- how good a position is ------------------------------------------------
    def value(self, counts: Sequence[int], left: int, trumps_in: int, suits_in: dict[str, int]) -> float:
        """How well the bids can still end when the tricks stand at ``counts`` with ``left`` to
        play, this seat having taken ``trumps_in`` more trumps and ``suits_in`` more cards by suit
        (the best final count for it; near the cap, the worst for the bids).  Memoised."""
        key = (tuple(counts), left, trumps_in, tuple(sorted(suits_in.items())))
        if key not in self._memo:
            self._memo[key] = self._value(counts, left, trumps_in, suits_in)
        return self._memo[key]

    def _value(self, counts: Sequence[int], left: int, trumps_in: int, suits_in: dict[str, int]) -> float:
        me = self.me
        have = counts[me]
        others = [counts[s] for s in range(self.n) if s != me]
        e = self.view.tricks_won[me] + self.e
        best = -1e9
        for t in range(have, have + left + 1):
            chance = count_chances(t, others, left - (t - have))
            score = -0.12 * abs(t - e)
            for c, weight in zip(self.bids, self.weights):
                p = chance[c] if c in chance else self._card_chance(c, t - have, trumps_in, suits_in)
                score += -p if self.miss_mode else weight * p
            best = max(best, score)
        return best

    def _card_chance(self, contract: str, more: int, trumps_in: int, suits_in: dict[str, int]) -> float:
        """No-Trump, a suit or All-Trump when this seat takes ``more`` further tricks, having
        taken ``trumps_in`` more trumps (negative: that many went to an opponent)."""
        me = self.me
        if contract == "No-Trump":
            if self.trumps_won[me] + max(0, trumps_in):
                return 0.0
            return 1.0 if more == 0 else 0.75**more
        if contract == "All-Trump":
            return 0.8 if self._all_trump_alive() and trumps_in >= 0 else 0.0
        letter = SUIT_CONTRACT[contract]
        counts = {k: v + suits_in.get(k, 0) for k, v in self.suits_won.items()}
        lead = counts[letter] - max(v for k, v in counts.items() if k != letter)
        if more == 0:
            return 1.0 if lead >= 0 else 0.0
        return min(0.9, max(0.05, 0.4 + 0.12 * lead))

    # -- who takes the trick ---------------------------------------------------
    def p_holds(self, seat: int, c: Card) -> float:
        """The chance that ``seat`` holds the unseen card ``c`` (every card is dealt)."""
        suit = self.r.suit_of(c)
        if suit in self.voids[seat]:
            return 0.0
        sizes = self.view.hand_sizes
        room = sum(sizes[s] for s in range(self.n) if s != self.me and suit not in self.voids[s])
        return sizes[seat] / room if room else 0.0

    def p_beats(self, seat: int, power: int, led: Suit | None) -> float:
        """The chance that ``seat`` can play a card with more than ``power`` in a trick led ``led``."""
        r = self.r
        miss_led, miss_trump, void = 1.0, 1.0, 1.0
        for h in self.unseen:
            p = self.p_holds(seat, h)
            suit = r.suit_of(h)
            if suit == led:
                void *= 1.0 - p
                if r.power(h, led) > power:
                    miss_led *= 1.0 - p
            elif r.is_trump(h) and r.power(h, led) > power:
                miss_trump *= 1.0 - p
        return 1.0 - miss_led * (1.0 - void * (1.0 - miss_trump))

    def outcomes(self, c: Card) -> list[tuple[float, int]]:
        """(chance, seat) for who takes the trick when this seat plays ``c``."""
        r, trick = self.r, self.view.trick
        played = [p.cards[0] for p in trick] + [c]
        seats = [p.seat for p in trick] + [self.me]
        led = r.suit_of(played[0])
        powers = [r.power(x, led) for x in played]
        best = max(powers)
        winner = seats[powers.index(best)]
        out = [(1.0, winner)]
        for k in range(1, self.n - len(trick)):
            s = (self.me + k) % self.n
            beat = 0.75 * self.p_beats(s, best, led)
            out = [(w * (1 - beat), seat) for w, seat in out] + [(beat, s)]
        merged: dict[int, float] = {}
        for w, seat in out:
            merged[seat] = merged.get(seat, 0.0) + w
        return [(w, seat) for seat, w in merged.items()]

    # -- choosing ------------------------------------------------------------
    def choose(self, legal: Sequence[Action]) -> Action:
        by_card = {a.the_card: a for a in legal}
        cards = list(by_card)
        return by_card[self._counted(cards, self._heuristic(cards))]

    def _heuristic(self, cards: list[Card]) -> Card:
        """The card by the heuristic's rules: draw trumps for its own All-Trump, stop an
        opponent's, else the best expectation."""
        if "All-Trump" in self.bids and self._all_trump_alive() and not self.miss_mode:
            card = self._all_trump(cards)
            if card is not None:
                return card
        if self.view.trick and self._opponent_all_trump():
            card = self._break_all_trump(cards)
            if card is not None:
                return card
        return max(cards, key=self._expectation)

    # -- the last tricks ------------------------------------------------------
    def _counted(self, cards: list[Card], mine: Card) -> Card:
        """``mine``, unless the last tricks counted out (games.contract_grid.endgame) find it worse
        than another card for the bids: then the best of those by count, the heuristic's
        expectation breaking ties."""
        if len(cards) < 2 or len(self.view.hand) > TRICKS:
            return mine
        values = self._last_tricks().values(cards) if self._knows_every_hand_size() else None
        if values is None:
            return mine
        best = max(values.values())
        if values[mine] >= best - 1e-9:
            return mine
        return max((c for c in cards if values[c] >= best - 1e-9), key=self._expectation)

    def _knows_every_hand_size(self) -> bool:
        """The unseen cards are exactly the other hands' (not so in a position set out by hand
        with short hands)."""
        return len(self.unseen) == sum(n for s, n in enumerate(self.view.hand_sizes) if s != self.me)

    def _last_tricks(self) -> LastTricks:
        view = self.view
        return LastTricks(
            me=self.me,
            hand=tuple(view.hand),
            unseen=tuple(self.unseen),
            sizes=tuple(view.hand_sizes),
            voids=tuple(map(frozenset, self.voids)),
            trick=tuple((p.seat, p.cards[0]) for p in view.trick),
            trump=self.r.trumps[0],
            tricks=tuple(view.tricks_won),
            won=tuple(self.won),
            num_trumps=self.num_trumps,
            bids=self._bid_worth(),
        )

    def _bid_worth(self) -> tuple[tuple[str, float], ...]:
        """Each bid with what making it is worth, as :meth:`value` counts it: its weight, or near
        the cap one point lost."""
        return tuple((c, -1.0 if self.miss_mode else w) for c, w in zip(self.bids, self.weights))

    def _expectation(self, c: Card) -> tuple[float, tuple[int, int]]:
        """Expected value of playing ``c``, then a tie-break: win with the cheapest card, lose
        with the highest (keep low cards for later ducking)."""
        view, r = self.view, self.r
        cards = [p.cards[0] for p in view.trick] + [c]
        trumps = sum(1 for x in cards if r.is_trump(x))
        suits: dict[str, int] = {}
        for x in cards:
            letter = x.suit.letter if x.suit else self.trump
            suits[letter] = suits.get(letter, 0) + 1
        expect = 0.0
        p_mine = 0.0
        for w, seat in self.outcomes(c):
            counts = list(view.tricks_won)
            counts[seat] += 1
            if seat == self.me:
                p_mine += w
                expect += w * self.value(counts, self.left - 1, trumps, suits)
            else:
                expect += w * self.value(counts, self.left - 1, -trumps, {})
        power = r.power(c, r.suit_of(cards[0]))
        tie = (-power, -c.rank) if p_mine > 0.5 else (power, c.rank)
        return round(expect, 6), tie

    def _all_trump_alive(self) -> bool:
        return not any(n for s, n in enumerate(self.trumps_won) if s != self.me)

    def _trumps_out(self) -> int:
        """Trumps that may still lie in the other hands."""
        return sum(1 for c in self.unseen if self.r.is_trump(c))

    def _opponent_all_trump(self) -> bool:
        """An opponent bid All-Trump and has every trump taken so far."""
        ex, size = self.view.data(GridView), self.size
        for s in range(self.n):
            if s == self.me:
                continue
            grid = [cell.contract for row in ex.grids[s] for cell in row]
            bid = {grid[_square(q, size)] for q in ex.bids[s]}
            if "All-Trump" in bid and not any(n for k, n in enumerate(self.trumps_won) if k != s):
                return True
        return False

    def _all_trump(self, cards: list[Card]) -> Card | None:
        """Take every trump: lead trumps from the top while others may hold some; win any
        trick that holds a trump."""
        r = self.r
        trumps = [c for c in cards if r.is_trump(c)]
        if not self.view.trick:
            if trumps and self._trumps_out():
                return max(trumps, key=r.rank_in_suit)
            return None
        played = [p.cards[0] for p in self.view.trick]
        led = r.suit_of(played[0])
        best = max(r.power(c, led) for c in played)
        if any(r.is_trump(c) for c in played) or any(r.is_trump(c) for c in cards):
            winning = [c for c in cards if r.power(c, led) > best]
            if winning:
                return max(winning, key=lambda c: r.power(c, led))
        return None

    def _break_all_trump(self, cards: list[Card]) -> Card | None:
        """Win a trick holding a trump, when that is possible, to stop an opponent's All-Trump."""
        r = self.r
        played = [p.cards[0] for p in self.view.trick]
        led = r.suit_of(played[0])
        best = max(r.power(c, led) for c in played)
        winning = [c for c in cards if r.power(c, led) > best]
        trump_wins = [c for c in winning if r.is_trump(c)]
        if trump_wins:
            return min(trump_wins, key=lambda c: r.power(c, led))
        if any(r.is_trump(c) for c in played) and winning:
            return min(winning, key=lambda c: r.power(c, led))
        return None


def _pack_of(view: SeatView) -> list[Card]:
    """The pack in play: 7 to ace and the joker, or 9 to ace (option deck)."""
    low = 7 if view.options.get("deck", 33) == 33 else 9
    cards = [card(rank, suit) for suit in Suit for rank in range(low, 15)]
    return cards + ([JOKER] if low == 7 else [])


#: hard and expert: the tree search of the card play.  The suit to drop and the squares to bid stay the
#: heuristic's (cards_only): eleven tricks of random play make every contract a lottery, so the
#: search's visits spread almost evenly over the sixteen squares.  And the heuristic's card stands
#: unless the search's beats it by two standard errors (trust): the heuristic plays each card for the
#: squares it bid, while random playouts value the cards nearly alike (visits within a few per cent
#: of each other), so among ten cards the luckiest one often looks a standard error better.
#: Measured (one hard against normals, win share): 8% before, 72% after (20 cycles, fair 33%).
#: expert: the tree search (expert budget) until every hand holds seven cards (a solve of eight took
#: 0.14 s a deal, of nine 1.5 s), then the card play solved
BOT_LEVELS = Levels(
    ContractGridBot,
    TreeSearch(hard=1200, expert=4800, cards_only=True, trust=2.0),
    expert=Expert(solve=7, infer=0.2),
)
