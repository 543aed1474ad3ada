"""A sensible Trump Suit player: bid what the hand is worth, then take exactly that.

Bidding (TS-6, TS-9): a small model, fitted on the bot's own hands, turns the hand and the bids
already made into the tricks it takes when it tries to win (``estimate_tricks``, spread normally)
and the chance that it takes none when it tries to lose (``nil_chance``).  It bids the number with
the best expected score (made: 10 a trick plus bags that cost about a tenth of the bag penalty;
set: -10 a trick, TS-7), or nil when nil's expected score is better.  An earlier bid counts for no
more than that player has been taking, so wild bidders do not scare it.  Before looking (blind
options) it bids blind when that pays on average over random hands (at three players, blind 3:
its exact-hit bonus), and far behind a leader about to win it takes the bid most likely to close
the gap (a blind nil).  Nil swaps (TS-10) throw the cards most likely to win a trick; in an
auction it buys the bags it will probably turn into extra tricks, and cashes a bought bag once
its bid is safe.
Play: while tricks are still needed, win as cheaply as is safe (cash sure winners, keep low
cards for later); once the bid is made, or on nil, lose with the highest card that surely
loses.  From the second trick the leader flips a new trump (TS-1) when a fresh trump should suit
it better (or, its bid made, when its trumps would win tricks it does not want).  Against an
opponent on nil it leads low and plays under, and it overtakes an opponent who needs every
remaining trick.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.bots import Bot, Levels, Playouts
from games.core import BIG_JOKER, LITTLE_JOKER, Action, Card, Ranking, SeatView, Suit, deck_54

from .viewdata import TrumpSuitView

_RANKINGS: dict[str | None, Ranking] = {s.letter: Ranking(trumps=(s,), joker_suit=s) for s in Suit}
_RANKINGS[None] = Ranking()
_PACK = tuple(deck_54())
NIL_KINDS = ("nil", "blind_nil")


# -- hand model (bidding) ----------------------------------------------------------------
def features(
    hand: Sequence[Card], trump: Suit | None, first: bool = False, earlier: Sequence[float] = ()
) -> list[float]:
    """What the bidding model reads in a hand: jokers, the trump holding, side honours and
    shape, and the bids made before it (``earlier``: their numbers, 0 for nil).  An open trump
    (a joker turned up, TS-3) counts the longest suit as trump."""
    by_suit: dict[Suit, list[int]] = {s: [] for s in Suit}
    jokers = [c for c in hand if c.suit is None]
    for c in hand:
        if c.suit is not None:
            by_suit[c.suit].append(c.rank)
    if trump is None:
        trump = max(Suit, key=lambda s: (len(by_suit[s]), sum(by_suit[s])))
    t = by_suit[trump]
    side = [by_suit[s] for s in Suit if s is not trump]
    return [
        1.0,
        float(BIG_JOKER in jokers),
        float(LITTLE_JOKER in jokers),
        float(len(t)),
        float(max(0, len(t) - 4)),
        float(14 in t),
        float(13 in t),
        float(12 in t),
        float(11 in t),
        float(10 in t),
        float(sum(14 in s for s in side)),
        float(sum(13 in s for s in side)),
        float(sum(12 in s for s in side)),
        float(sum(11 in s for s in side)),
        float(sum(len(s) == 0 for s in side)),
        float(sum(len(s) == 1 for s in side)),
        float(max(len(s) for s in side)),
        float(len(jokers) * (len(t) <= 2)),
        float(first),
        float(sum(r <= 6 for r in t)),
        float(sum(r <= 6 for s in side for r in s)),
        float(len(earlier)),
        float(sum(earlier)),
        float(sum(b == 0 for b in earlier)),
    ]


#: fitted weights by number of seats (least squares and logistic regression over about 3,200
#: three-seat and 1,900 two-seat hands of the bot's own play, each hand played out again from
#: the first lead trying to win every trick and trying to take none): the tricks a hand takes
#: when it tries to win (normal around the mean, ``_MAX_SD``), and the log-odds of a made nil
_MAX_W: dict[int, list[float]] = {
    2: [
        5.684,
        0.472,
        0.648,
        0.169,
        -0.139,
        0.443,
        0.375,
        0.257,
        0.125,
        0.001,
        0.467,
        0.465,
        0.346,
        0.137,
        -0.13,
        -0.074,
        -0.079,
        0.05,
        0.386,
        -0.261,
        -0.228,
        5.298,
        -0.853,
        0.0,
    ],
    3: [
        2.937,
        0.913,
        0.882,
        0.081,
        -0.216,
        0.772,
        0.465,
        0.386,
        0.19,
        0.159,
        0.757,
        0.625,
        0.401,
        0.281,
        0.186,
        0.205,
        -0.127,
        0.017,
        0.513,
        -0.172,
        -0.17,
        1.844,
        -0.404,
        -0.525,
    ],
}
_MAX_SD = {2: 1.45, 3: 1.37}
_NIL_W: dict[int, list[float]] = {
    2: [
        -1.234,
        -1.163,
        -1.089,
        -0.669,
        0.396,
        0.019,
        -0.383,
        -0.171,
        0.6,
        0.342,
        -0.587,
        -0.468,
        -0.938,
        -0.657,
        0.839,
        0.324,
        -0.1,
        -0.777,
        -1.076,
        0.533,
        0.379,
        -0.158,
        -0.262,
        0.0,
    ],
    3: [
        -1.627,
        -2.605,
        -1.169,
        -0.366,
        0.685,
        -0.623,
        -0.647,
        -0.211,
        -0.465,
        -0.25,
        -0.399,
        -0.445,
        -0.227,
        -0.374,
        1.693,
        0.638,
        -0.122,
        -0.349,
        0.057,
        0.413,
        0.347,
        -0.672,
        0.176,
        -0.013,
    ],
}
#: bags once a bid is made: about ``a + b * (expected tricks - bid)`` (fitted on the same hands)
_BAGS = {2: (0.48, 0.58), 3: (0.28, 0.49)}
#: measured over random hands, for bids made before looking (blind, TS-9): the chance of
#: taking fewer than / exactly ``n`` tricks, and the mean bags, when bidding blind ``n``
_BLIND_SHORT: dict[int, tuple[float, ...]] = {
    2: (0.0, 0.0, 0.009, 0.009, 0.039, 0.091, 0.281, 0.394),
    3: (0.0, 0.003, 0.028, 0.106, 0.267, 0.437, 0.666, 0.835),
}
_BLIND_EXACT: dict[int, tuple[float, ...]] = {
    2: (0.0, 0.089, 0.055, 0.114, 0.159, 0.164, 0.203, 0.282),
    3: (0.0, 0.22, 0.224, 0.346, 0.328, 0.261, 0.203, 0.105),
}
_BLIND_BAGS: dict[int, tuple[float, ...]] = {
    2: (0.0, 3.8, 3.07, 2.65, 2.02, 1.6, 0.99, 0.47),
    3: (0.0, 2.02, 1.57, 0.99, 0.68, 0.46, 0.18, 0.06),
}
#: chance that a random hand makes a blind nil (no swaps)
_BLIND_NIL: dict[int, float] = {2: 0.012, 3: 0.059}
#: expected score of a hand when looking first (the bot's own bids, measured)
_LOOK_VALUE: dict[int, float] = {2: 39.0, 3: 25.0}


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(w, x))


def estimate_tricks(
    hand: Sequence[Card], trump: Suit | None, seats: int, first: bool = False, earlier: Sequence[float] = ()
) -> float:
    """Tricks this hand should take when it tries to win every trick it can."""
    return _dot(_MAX_W[seats], features(hand, trump, first, earlier))


def nil_chance(
    hand: Sequence[Card], trump: Suit | None, seats: int, first: bool = False, earlier: Sequence[float] = ()
) -> float:
    """The chance this hand takes no trick when it tries to take none."""
    z = _dot(_NIL_W[seats], features(hand, trump, first, earlier))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _at_least(n: int, mean: float, sd: float) -> float:
    """P(tricks >= n) for tricks spread normally around ``mean`` (with a continuity correction)."""
    return 0.5 * math.erfc((n - 0.5 - mean) / (sd * math.sqrt(2.0)))


class TrumpSuitBot(Bot):
    level = "heuristic"
    #: flip when a fresh trump should be worth this many tricks more (tuned by bot matches)
    flip_margin = 0.2

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        phase = view.phase
        if phase == "bid":
            return self._bid(view, legal)
        if phase == "swap":
            return self._swap(view, legal)
        if phase == "auction":
            return self._buy(view, legal)
        if phase == "cash":
            return self._cash(view, legal)
        return _Play(view, self.flip_margin).choose(legal)

    #: bids a look-ahead bot plays out: the best few by the bidding model's expected points
    LOOK_AHEAD_BIDS = 3

    def candidates(self, view: SeatView, choices: Sequence[Action], keep: Action) -> list[Action]:
        """For a look-ahead bot: the bids the model rates best, and one card of each run of cards
        that no unseen card separates (only tricks score, so they win and lose the same tricks)."""
        if view.phase == "bid" and all(a.kind in ("bid", "nil") for a in choices):
            values = self.bid_values(view, choices)
            best = sorted(choices, key=lambda a: -values[a.text])[: self.LOOK_AHEAD_BIDS]
            return best if keep in best else [keep, *best[:-1]]
        if view.phase != "play":
            return list(choices)
        unseen = _Play(view).unseen
        kept: list[Action] = []
        runs: dict[tuple, Action] = {}  # (suit, gap count below) -> the card kept for that run
        for a in sorted(choices, key=lambda a: (a is not keep, a.card.index if a.card else -1)):
            c = a.card
            if c is None:
                kept.append(a)
                continue
            below = sum(1 for u in unseen if u.suit is c.suit and (c.suit is None or u.rank < c.rank))
            key = (c.suit, below if c.suit is not None else 0)
            if key not in runs:
                runs[key] = a
                kept.append(a)
        return kept

    # -- bidding ---------------------------------------------------------
    def _bid(self, view: SeatView, legal: Sequence[Action]) -> Action:
        by_text = {a.text: a for a in legal}
        if "look" in by_text:
            return self._blind_or_look(view, legal, by_text)
        values = self.bid_values(view, legal)
        return max(legal, key=lambda a: (values[a.text], -len(a.text)))

    def bid_values(self, view: SeatView, legal: Sequence[Action]) -> dict[str, float]:
        """Expected points of each legal bid for this hand (the bot bids the best)."""
        n = view.num_seats
        trump = _suit(view.data(TrumpSuitView).trump_suit)
        first, earlier = bid_context(view)
        mean = estimate_tricks(view.hand, trump, n, first, earlier)
        p_nil = nil_chance(view.hand, trump, n, first, earlier)
        sure = _sure_tricks(view.hand, trump, view.up_cards, first)
        mean = max(mean, sure)
        bag_cost = _bag_cost(view, view.my_seat)
        values = {}
        for a in legal:
            if a.kind == "nil":
                stake = int(a.arg) if a.arg else 100
                values[a.text] = stake * (2 * p_nil - 1) - (1 - p_nil) * 2.5 * bag_cost  # failed: bags too
            elif a.kind == "bid":
                values[a.text] = _bid_value(a.number, mean, n, bag_cost, sure)
        return values

    def _blind_or_look(self, view: SeatView, legal: Sequence[Action], by_text: dict[str, Action]) -> Action:
        """Before looking (TS-9): bid blind when that is worth more on average than looking.  Far
        behind a leader about to win, take the bid most likely to gain what is missing instead
        (a blind nil's 200, a blind bid met exactly)."""
        n, bag_cost = view.num_seats, _bag_cost(view, view.my_seat)
        gap = max(view.scores) - view.scores[view.my_seat] if _desperate(view) else None
        options = [(by_text["look"], _LOOK_VALUE[n], 100, 0.05)]  # looking: at best a nil
        for a in legal:
            if a.kind == "blind":
                b = a.number
                short, exact = _BLIND_SHORT[n][b], _BLIND_EXACT[n][b]
                value = 10 * b * (1 - 2 * short) + 100 * (exact - short) - _BLIND_BAGS[n][b] * bag_cost
                options.append((a, value, 10 * b + 100, exact))
            elif a.kind == "blind_nil":
                p = _BLIND_NIL[n]
                options.append((a, 200 * (2 * p - 1), 200, p))

        def worth(option: tuple[Action, float, int, float]) -> tuple[float, float]:
            _, value, reach, chance = option
            return (chance if reach >= gap else 0.0) if gap is not None else 0.0, value

        return max(options, key=worth)[0]

    def _swap(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Nil swaps (TS-10): throw the card that most endangers the nil, if it is dangerous."""
        keep = next(a for a in legal if a.kind == "keep")
        ex = view.data(TrumpSuitView)
        if ex.bid_kinds[view.my_seat] not in NIL_KINDS:
            return keep
        trump = _suit(ex.trump_suit)
        swaps = [a for a in legal if a.kind == "swap"]
        worst = max(swaps, key=lambda a: (_danger(a.the_card, view.hand, trump), a.the_card.index))
        return worst if _danger(worst.the_card, view.hand, trump) >= 0.35 else keep

    def _buy(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Buy a bag when the hand will probably take that many tricks beyond its bid."""
        me, n = view.my_seat, view.num_seats
        ex = view.data(TrumpSuitView)
        trump = _suit(ex.trump_suit)
        assert view.dealer is not None, "a hand has a dealer"
        order = [(view.dealer + k) % n for k in range(1, n + 1)]
        first, earlier = bid_context(view, order[: order.index(me)])
        mean = estimate_tricks(view.hand, trump, n, first, earlier)
        bid = ex.bid_values[me]
        k = 0
        while k + 1 < len(legal) and _at_least(bid + k + 1, mean, _MAX_SD[n]) > 0.6:
            k += 1
        return legal[k]

    def _cash(self, view: SeatView, legal: Sequence[Action]) -> Action:
        me = view.my_seat
        ex = view.data(TrumpSuitView)
        counted = view.tricks_won[me] - ex.cashed[me]
        made = counted - 1 >= ex.bid_values[me] and ex.bid_kinds[me] in ("bid", "blind")
        return next(a for a in legal if a.kind == ("cash" if made else "pass"))


def _sure_tricks(hand, trump, up, first: bool) -> int:
    """Tricks no placement of the unseen cards can take away: the jokers (the little one only
    with the big), and, for a seat that leads first or holds nothing but trumps and jokers, the
    unbroken run of top trumps, which keeps the lead (so nobody flips) while it lasts."""
    held = set(hand)
    sure = int(BIG_JOKER in held) + int(BIG_JOKER in held and LITTLE_JOKER in held)
    if trump is None:
        return sure
    seen = held | set(up)
    if not (first or all(c.suit in (None, trump) for c in hand)) or not {BIG_JOKER, LITTLE_JOKER} <= seen:
        return sure  # an unseen joker beats a top trump of a seat void in trump
    for c in sorted((c for c in _PACK if c.suit is trump), key=lambda c: -c.rank):
        if c in held:
            sure += 1
        elif c not in seen:
            break
    return sure


def _bid_value(bid: int, mean: float, seats: int, bag_cost: float, sure: int = 0) -> float:
    """Expected points of a bid (TS-7): 10 a trick when made, less the bags it will likely take
    (once made it ducks, so only forced tricks become bags), -10 a trick when set."""
    p = 1.0 if bid <= sure else _at_least(bid, mean, _MAX_SD[seats])
    c0, c1 = _BAGS[seats]
    bags = c0 + c1 * max(0.0, mean - bid)
    return p * (10 * bid - bags * bag_cost) - (1 - p) * 10 * bid


def bid_context(view: SeatView, before: Sequence[int] | None = None) -> tuple[bool, list[float]]:
    """Whether this seat bids first (and so leads first), and what the bids made before it
    (by ``before``, default: every seat that has bid) claim."""
    ex = view.data(TrumpSuitView)
    kinds, values = ex.bid_kinds, ex.bid_values
    if before is None:
        before = [s for s in range(view.num_seats) if kinds[s] and s != view.my_seat]
    fair = 13 / view.num_seats
    earlier = [max(fair - 2.5, min(values[s], _credible(view, s), fair + 1.5)) for s in before]
    return not earlier, earlier


def _credible(view: SeatView, seat: int) -> float:
    """The most tricks a bid of ``seat`` is believed to claim: one more than it has taken on
    average in earlier hands (a player whose bids overshoot its tricks claims less).  Claims
    are also kept within the range the model was fitted on (a fair share -2.5 to +1.5)."""
    rows = view.data(TrumpSuitView).sheet[-8:]
    if len(rows) < 2:
        return 13.0
    return 1 + sum(row.tricks[seat] for row in rows) / len(rows)


def _desperate(view: SeatView) -> bool:
    """The leader is about to reach the target and this seat is too far behind to catch up by
    ordinary bids: only a big swing (blind nil, a blind bid met exactly) can still win."""
    me, target = view.my_seat, view.data(TrumpSuitView).target
    leader = max(view.scores)
    return leader >= target - 80 and leader - view.scores[me] > 150


def _bag_cost(view: SeatView, seat: int) -> float:
    """What one more bag costs: a share of the bag penalty, more when the counter is near 10."""
    bags = view.data(TrumpSuitView).bags[seat]
    penalty = view.options.get("bag_penalty", 100) if view.options else 100
    return penalty / 10 * (1.5 if bags >= 7 else 1.0) - 1


def _danger(c: Card, hand: Sequence[Card], trump: Suit | None) -> float:
    """How likely a card is to win a trick its nil holder would rather lose."""
    if c.suit is None:
        return 1.0
    low = sum(1 for x in hand if x.suit is c.suit and x.rank < c.rank)
    base = max(0.0, (c.rank - 8) / 6)
    if trump is not None and c.suit is trump:
        base += 0.2
    return base / (1 + 0.5 * low)


# -- card play -------------------------------------------------------------------------------
class _Play:
    """One decision in the play phase: what this seat knows, and the choice."""

    def __init__(self, view: SeatView, flip_margin: float = 0.2) -> None:
        self.view = view
        self.flip_margin = flip_margin
        self.me, self.n = view.my_seat, view.num_seats
        ex = view.data(TrumpSuitView)
        self.trump = _suit(ex.trump_suit)
        self.r = _RANKINGS[ex.trump_suit]
        self.kinds, self.bids = ex.bid_kinds, ex.bid_values
        self.bought, self.cashed = ex.bought, ex.cashed
        self._read_hand(view)

    # -- what this seat knows ----------------------------------------------
    def _read_hand(self, view: SeatView) -> None:
        """Cards played this hand, cards known to lie in the draw deck, and known voids."""
        seen = set(view.hand) | set(view.up_cards)
        self.voids: list[set] = [set() for _ in range(self.n)]
        buried: set[Card] = set()
        now = {"trump": None, "led": None, "lead": True}  # following the trump pile and tricks
        for e in view.events:
            if e.hand == view.hand_number:
                self._read_event(e, now, seen, buried)
        seen |= buried
        self.unseen = [c for c in _PACK if c not in seen]
        self.deck_unknown = max(0, view.data(TrumpSuitView).deck_count - len(buried))
        self._room: dict[Suit | None, int] = {}  # p_holds' denominators, by suit

    def _read_event(self, e, now: dict, seen: set[Card], buried: set[Card]) -> None:
        """One event of this hand: the turned-up card and flips set trump, a swap buries my card
        (TS-10), a play is seen and may show a void, a finished trick starts a new lead."""
        if e.kind == "deal" and e.cards:
            now["trump"] = e.cards[0].suit
        elif e.kind == "info" and e.cards:
            if e.visible_to is None:
                now["trump"] = e.cards[0].suit  # a flip
            elif len(e.cards) == 2:
                buried.add(e.cards[0])  # my own nil swap: at the bottom of the draw deck
        elif e.kind == "play":
            c = e.cards[0]
            seen.add(c)
            self._note_void(e.seat, c, now["lead"], now["led"], now["trump"])
            if now["lead"]:
                now["trump"] = now["trump"] or c.suit  # TS-3: the lead names an open trump
                now["led"], now["lead"] = (c.suit if c.suit is not None else now["trump"]), False
        elif e.kind == "trick":
            now["led"], now["lead"] = None, True

    def _note_void(self, seat: int, c: Card, lead: bool, led: Suit | None, trump: Suit | None) -> None:
        if lead:
            if trump is not None and c.suit is not trump:
                self.voids[seat].add(trump)
            return
        if led is not None and c.suit is not led:
            self.voids[seat].add(led)
        if c.suit is None and trump is not None:
            self.voids[seat].add(trump)

    def need(self, seat: int) -> int:
        """Tricks the seat still wants: its bid plus bought bags still owed, less its tricks
        (zero or less: it wants no more; nil bidders -1)."""
        if self.kinds[seat] in NIL_KINDS:
            return -1
        counted = self.view.tricks_won[seat] - self.cashed[seat]
        return self.bids[seat] + (self.bought[seat] - self.cashed[seat]) - counted

    def live_nil(self, seat: int) -> bool:
        return self.kinds[seat] in NIL_KINDS and self.view.tricks_won[seat] == 0

    def p_holds(self, seat: int, c: Card) -> float:
        """The chance that ``seat`` holds the unseen card ``c``."""
        if c.suit in self.voids[seat]:
            return 0.0
        room = self._room.get(c.suit)
        if room is None:  # the places a card of this suit may be: once a suit and decision
            sizes = self.view.hand_sizes
            room = self._room[c.suit] = self.deck_unknown + sum(
                sizes[s] for s in range(self.n) if s != self.me and c.suit not in self.voids[s]
            )
        return self.view.hand_sizes[seat] / room if room else 0.0

    def will(self, seat: int) -> float:
        """How willing an opponent is to win a trick: eager when it needs tricks, unwilling
        on nil, and unwilling to beat a card of mine while I am on nil (they want me to win)."""
        if self.live_nil(seat) or self.live_nil(self.me):
            return 0.05
        return 1.0 if self.need(seat) > 0 else 0.4

    def p_void(self, seat: int, suit: Suit | None) -> float:
        """The chance that ``seat`` holds no card of ``suit``."""
        if suit is None or suit in self.voids[seat]:
            return 1.0
        p = 1.0
        for h in self.unseen:
            if h.suit is suit:
                p *= 1.0 - self.p_holds(seat, h)
        return p

    def p_can_beat(self, seat: int, c: Card, led: Suit | None) -> float:
        """The chance that ``seat`` may legally play a card above ``c`` in a trick led ``led``:
        a higher card of the led suit, a trump when void in the led suit, a joker when void in
        trump too (a joker is played only by a player without trump)."""
        r, t = self.r, self.trump
        powers = r.powers(led)
        power = powers[c]
        miss_led = miss_trump = miss_joker = 1.0
        for h in self.unseen:
            if powers[h] <= power:
                continue
            p = self.p_holds(seat, h)
            if h.suit is None:
                miss_joker *= 1.0 - p
            elif h.suit is t and led is not t:
                miss_trump *= 1.0 - p
            else:
                miss_led *= 1.0 - p
        void_led = 1.0 if led is t else self.p_void(seat, led)
        beat_trump = void_led * (1.0 - miss_trump)
        beat_joker = void_led * self.p_void(seat, t) * (1.0 - miss_joker)
        return 1.0 - miss_led * (1.0 - beat_trump) * (1.0 - beat_joker)

    def p_beaten(self, c: Card, led: Suit | None, seats: Sequence[int]) -> float:
        """The chance that one of ``seats`` (still to play) plays a card above ``c``."""
        keep = 1.0
        for s in seats:
            keep *= 1.0 - self.will(s) * self.p_can_beat(s, c, led)
        return 1.0 - keep

    # -- choosing ---------------------------------------------------------
    def choose(self, legal: Sequence[Action]) -> Action:
        flip = next((a for a in legal if a.kind == "flip"), None)
        cards = {a.the_card: a for a in legal if a.card is not None}
        if not cards and flip is not None:
            return flip
        if self.view.trick:
            return cards[self._follow(list(cards))]
        if flip is not None and self._want_flip():
            return flip
        return cards[self._lead(list(cards))]

    def others(self) -> list[int]:
        return [(self.me + k) % self.n for k in range(1, self.n)]

    def _want_flip(self) -> bool:
        """Flip (TS-1) when a fresh trump is likely to suit this seat better."""
        need = self.need(self.me)
        now = self._suit_value(self.trump, self.view.hand)
        counts: dict[Suit | None, int] = {}
        for c in self.unseen:
            counts[c.suit] = counts.get(c.suit, 0) + 1
        total = sum(counts.values())
        if not total:
            return False
        best = max(self._suit_value(s, self.view.hand) for s in Suit)
        after = (
            sum(k * (best if s is None else self._suit_value(s, self.view.hand)) for s, k in counts.items())
            / total
        )
        if need > 0:
            return after > now + self.flip_margin
        return now > after + self.flip_margin

    def _suit_value(self, suit: Suit | None, hand: Sequence[Card]) -> float:
        """Roughly how many tricks this hand wins with ``suit`` as trump (its jokers too)."""
        if suit is None:
            return 0.0
        r = _RANKINGS[suit.letter]
        mine = [c for c in hand if c.suit is suit]
        value = 0.0
        powers = r.powers(suit)
        for c in mine:
            power = powers[c]
            higher = sum(1 for h in self.unseen if powers[h] > power)
            lower_mine = sum(1 for x in mine if x.rank < c.rank)
            value += max(0.0, 1.0 - 0.35 * higher / (1 + lower_mine))
        return value + sum(1 for c in hand if c.suit is None)  # a joker wins whatever the trump

    def _lead(self, cards: list[Card]) -> Card:
        if self.trump is None:
            return self._open_lead(cards)
        need = self.need(self.me)
        rank = self.r.rank_in_suit
        if need > 0:
            led = lambda c: c.suit if c.suit is not None else self.trump  # noqa: E731
            chances = {c: 1.0 - self.p_beaten(c, led(c), self.others()) for c in cards}
            best = max(cards, key=lambda c: (round(chances[c], 2), -rank(c)))
            if chances[best] >= 0.7 and not self._nil_to_set():
                return best
            return min(cards, key=lambda c: (rank(c), c.index))
        return self._duck_lead(cards)

    def _duck_lead(self, cards: list[Card]) -> Card:
        """Lead a card that someone will surely beat: the highest such, else the lowest."""
        if self._nil_to_set():
            return min(cards, key=lambda c: (self.r.rank_in_suit(c), c.index))
        safe = [c for c in cards if self.p_beaten(c, c.suit or self.trump, self.others()) > 0.9]
        if safe:
            return max(safe, key=lambda c: (self.r.rank_in_suit(c), c.index))
        return min(cards, key=lambda c: (self.r.rank_in_suit(c), c.index))

    def _nil_to_set(self) -> bool:
        return any(self.live_nil(s) for s in self.others())

    def _open_lead(self, cards: list[Card]) -> Card:
        """Trump is open (TS-3): the card led names it.  To win, lead the top of the best suit;
        to lose, the lowest card of the weakest suit."""
        if self.need(self.me) > 0:
            suit = max(Suit, key=lambda s: (self._suit_value(s, self.view.hand), s.letter))
            mine = [c for c in cards if c.suit is suit] or cards
            return max(mine, key=lambda c: (c.rank, c.index))
        suit = min(Suit, key=lambda s: (self._suit_value(s, self.view.hand), s.letter))
        mine = [c for c in cards if c.suit is suit] or cards
        return min(mine, key=lambda c: (c.rank, c.index))

    def _follow(self, cards: list[Card]) -> Card:
        trick = self.view.trick
        played = [p.cards[0] for p in trick]
        led = played[0].suit if played[0].suit is not None else self.trump  # TS-4: a joker calls trumps
        powers = [self.r.power(c, led) for c in played]
        best = max(powers)
        leader = trick[powers.index(best)].seat
        later = [(self.me + k) % self.n for k in range(1, self.n - len(trick))]
        power = lambda c: self.r.power(c, led)  # noqa: E731
        winning = sorted((c for c in cards if power(c) > best), key=lambda c: (power(c), c.index))
        losing = sorted((c for c in cards if power(c) <= best), key=lambda c: (power(c), c.rank, c.index))
        if self.live_nil(leader):
            return self._leave_to_nil(losing, winning)
        if self.need(self.me) > 0:
            return self._follow_to_win(winning, losing, led, later)
        return self._follow_to_lose(winning, losing, led, later, leader)

    def _follow_to_win(
        self, winning: list[Card], losing: list[Card], led: Suit | None, later: list[int]
    ) -> Card:
        """Still short of the bid: the cheapest card that will probably hold the trick (one trick
        short, the cheapest that surely holds it: a trick made now is not lost to a flip later);
        when none will, a low card (a side card before a trump); forced to win, the safest winner."""
        if self.need(self.me) == 1:
            for c in winning:
                if self.p_beaten(c, led, later) == 0:
                    return c
        for c in winning:
            if self.p_beaten(c, led, later) < 0.35:
                return c
        if losing:
            return min(losing, key=lambda c: (self.r.is_trump(c), c.rank, c.index))
        return min(winning, key=lambda c: (self.p_beaten(c, led, later), self.r.power(c, led)))

    def _follow_to_lose(
        self, winning: list[Card], losing: list[Card], led: Suit | None, later: list[int], leader: int
    ) -> Card:
        """Bid made or on nil: overtake only to set a seat that needs every trick; else the
        highest card that loses (the lowest when a nil bidder plays later: keep the trick low
        for it); forced to win, the highest card when last, else the likeliest to be beaten."""
        if winning and self._should_set(leader):
            return winning[0]
        if losing:
            if any(self.live_nil(s) for s in later):
                return losing[0]
            return losing[-1]
        if not later:
            return winning[-1]
        return max(winning, key=lambda c: (self.p_beaten(c, led, later), -self.r.power(c, led)))

    @staticmethod
    def _leave_to_nil(losing: list[Card], winning: list[Card]) -> Card:
        """A nil bidder is winning the trick: let it (play under it), or overtake as little as possible."""
        if losing:
            return losing[-1]
        return winning[0]

    def _should_set(self, seat: int) -> bool:
        """Overtake a seat that needs every remaining trick, unless on nil myself."""
        if self.live_nil(self.me):
            return False
        need = self.need(seat)
        return need > 0 and need >= len(self.view.hand)


def _suit(letter: str | None) -> Suit | None:
    return Suit(letter) if letter else None


#: hard and expert: the heuristic's playouts, fewer of them: thirteen cards and a careful heuristic
#: make slow playouts; expert 500 (was 800: 1.7 s median but 4.2 s at the 90th percentile,
#: benchmarks/bench_levels.py; issue 34)
BOT_LEVELS = Levels(TrumpSuitBot, Playouts(hard=200, expert=500))
