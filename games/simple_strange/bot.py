"""A sensible Simple Strange player.

It thinks in whole pairs and plays the pair's first card; when its first card is staged it
finishes the same pair (the choice is a pure function of the view, so the two calls agree).

- Each card has a *cost*, what it is worth keeping: its rank for a plain card, 13 + rank for
  a trump, and much more for a super-trump, so super-trumps are spent only when they decide a
  trick (no cheaper pair would win it).
- Following: the target is one pip above the best total so far; a follower with players still
  to come asks for a safety margin.  Among pairs that reach the target it plays the cheapest;
  when none does it throws away the cheapest pair (low plain cards first), but for the last
  trick but one: then it keeps the two cards that can score most in the last trick, which
  another seat leads with cards still unseen (a plain card of a suit nobody else holds scores
  nothing there).  A follower with players still to come wants its safety margin only up to
  the most they could make: the unseen cards, less the suits each has shown it lacks.
  Last to play in that trick, it counts both tricks: a pair that wins or
  draws this one (a drawn trick goes to the last trick's taker) while keeping two cards that
  beat any two the others may hold comes before a win that spends them.
- Leading: the leader shows its cards first, so it normally leads its two cheapest cards and
  lets the others spend theirs; with drawn tricks pending it leads its strongest pair that
  holds no super-trump, unless a pair with them is sure to win (no two cards of the others can
  match it): then that pair, for the trick and every drawn one waiting.
- Claiming: with a few cards left it counts the cards seen this deal, and when its cards pair
  off (strongest with weakest) into pairs that no two unseen cards can match, it leads them: it
  takes every trick left (a super-trump beside a low card where the others hold only small ones).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.bots import Bot, Levels, Playouts
from games.bots.partnership import plays_this_hand
from games.core import Action, Card, SeatView, Suit, play
from games.core.cards import deck_double

from .rules import pair_allowed, pip_value
from .viewdata import StrangeView

SUPER_PREMIUM = 30  # extra cost of a super-trump: keep it for a trick it decides
CLAIM_CARDS = 6  # holding this many or fewer (the staged one too), it checks for every trick left
MARGIN = 4  # pips above the best so far wanted when players are still to come
FALLBACK = 12  # a middle follower may still try a narrower win costing this much more per trick at stake


class SimpleStrangeBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        extra = view.data(StrangeView)
        trumps = tuple(Suit(s) for s in extra.trumps)
        supers = extra.pips()
        staged = extra.staged
        first = (staged.card, None if staged.slot is None else staged.slot - 1) if staged else None
        ctx = _Context(trumps, supers, 1 + len(extra.pending))
        hand = list(view.hand)
        if not view.trick:
            staged_card = first[0] if first else None
            claim = _claim(view, ctx, [*hand, staged_card] if staged_card else hand)
            action = play(self._lead(ctx, hand, staged_card, claim))
        else:
            led = (view.trick[0].cards[0], view.trick[0].cards[1])  # the leader's two cards
            best = max(ctx.pips(p.cards[0], led[0]) + ctx.pips(p.cards[1], led[1]) for p in view.trick)
            last = len(view.trick) == view.num_seats - 1
            held = [*hand, first[0]] if first else hand
            unseen = _unseen_counts(view, held)
            last_but_one = len(held) == 4  # the next trick is the last
            live = [c for c, n in unseen.items() if n > 0] if last_but_one else None
            beat = _best_two(ctx, unseen) if live is not None and last else None
            later = None if last else _later_most(view, ctx, unseen, led)
            a, b = self._follow(ctx, hand, led, first, best, last, live, beat, later)
            action = play(b, 2) if first and first[1] == 0 else play(a, 1)
        return action if action in legal else legal[0]

    # -- leading ---------------------------------------------------------
    @staticmethod
    def _lead(
        ctx: _Context, hand: list[Card], staged: Card | None, claim: list[tuple[Card, Card]] | None = None
    ) -> Card:
        """The next card of the lead pair (``staged``: the first, already put down): when every
        trick left is surely its own (``claim``: the pairs that take them), a card of those
        pairs; with drawn tricks pending, a pair no two cards of the others can beat
        (super-trumps included), else the strongest pair that holds no super-trump; with none
        pending, the cheapest pair.  Picking in order keeps the two calls consistent."""
        if claim:
            if staged is None:
                return claim[0][0]
            return next(b if a == staged else a for a, b in claim if staged in (a, b))
        if ctx.stake >= 2:  # drawn tricks are waiting: go for it
            sure = ctx.sure_pair([*hand, staged] if staged else hand)
            if sure is not None and staged in (None, sure[0]):
                return sure[1] if staged else sure[0]
            pool = [c for c in hand if c not in ctx.supers] or hand
            return min(pool, key=lambda c: (-ctx.pips(c, c), ctx.cost(c), c.index))
        return min(hand, key=lambda c: (ctx.cost(c), c.index))

    # -- following -------------------------------------------------------
    @staticmethod
    def _follow(
        ctx: _Context,
        hand: list[Card],
        led: tuple[Card, Card],
        first,
        best: int,
        last: bool,
        live: list[Card] | None = None,
        beat: int | None = None,
        later: int | None = None,
    ) -> tuple[Card, Card]:
        pairs = _pairs(hand, led, first)
        cards = {c for p in pairs for c in p}
        v0 = {c: ctx.pips(c, led[0]) for c in cards}
        v1 = {c: ctx.pips(c, led[1]) for c in cards}
        cost = {c: ctx.cost(c) for c in cards}
        scored = [(v0[a] + v1[b], cost[a] + cost[b], a.index, b.index, (a, b)) for a, b in pairs]
        held = [*hand, first[0]] if first else hand
        if beat is not None:  # last to play, the last trick next: count both tricks
            tricks = {s[4]: _two_tricks(ctx, held, s[4], s[0] - best, beat) for s in scored}
            most = max(tricks.values())
            if most > max((tricks[s[4]] for s in scored if s[0] > best), default=0):  # better than any win
                return min(
                    (s for s in scored if tricks[s[4]] == most), key=lambda s: (s[1], -s[0], s[2], s[3])
                )[4]
        target = best + 1 if last else best + MARGIN
        if later is not None:  # a total the players still to come cannot reach is sure (simple_strange-n3)
            target = min(target, max(best, later) + 1)
        winners = [s for s in scored if s[0] >= target]
        if not winners and not last and FALLBACK:
            cheapest = min(s[1] for s in scored)
            winners = [s for s in scored if s[0] > best and s[1] - cheapest <= FALLBACK * ctx.stake]
        if winners:  # win as cheaply as possible (a super-trump only when nothing cheaper wins)
            return min(winners, key=lambda s: (s[1], -s[0], s[2], s[3]))[4]
        if live is not None:  # the last trick next, led by another seat: keep what can score in it
            kept = {s[4]: _kept_pips(ctx, held, s[4], live) for s in scored}
            return min(scored, key=lambda s: (-kept[s[4]], s[1], -s[0], s[2], s[3]))[4]
        return min(scored, key=lambda s: (s[1], -s[0], s[2], s[3]))[4]


class _Context:
    """What the bot knows of the deal: trump suits, super-trump pips, tricks at stake."""

    __slots__ = ("stake", "supers", "trumps")

    def __init__(self, trumps: tuple[Suit, ...], supers: dict[Card, int], stake: int) -> None:
        self.trumps, self.supers, self.stake = trumps, supers, stake

    def cost(self, c: Card) -> int:
        """What a card is worth keeping."""
        if c in self.supers:
            return self.supers[c] + SUPER_PREMIUM
        return 13 + c.rank if c.suit in self.trumps else c.rank

    def pips(self, c: Card, against: Card) -> int:
        return pip_value(c, against, self.trumps, self.supers)

    def sure_pair(self, hand: list[Card]) -> tuple[Card, Card] | None:
        """The hand's two strongest cards (stronger first) as a lead when no two cards of the
        others can match them: each other card is at most a super-trump the hand lacks or a
        trump ace (27 pips), whatever has been played."""
        if len(hand) < 2:
            return None
        top = sorted(hand, key=lambda c: (-self.pips(c, c), c.index))[:2]
        theirs = sorted([p for c, p in self.supers.items() if c not in hand] + [27, 27], reverse=True)
        if self.pips(top[0], top[0]) + self.pips(top[1], top[1]) > theirs[0] + theirs[1]:
            return top[0], top[1]
        return None


_PACK = Counter(deck_double())


def _unseen_counts(view: SeatView, cards: list[Card]) -> Counter[Card]:
    """The cards the others may hold: the two packs less ``cards`` (the seat's, the staged one
    included) and every card seen this deal (played, turned up)."""
    unseen = _PACK.copy()
    unseen.subtract(cards)
    unseen.subtract(view.up_cards)
    for e in plays_this_hand(view):
        unseen.subtract(e.cards)
    return unseen


def _kept(held: list[Card], pair: tuple[Card, Card]) -> list[Card]:
    """The cards of ``held`` left once ``pair`` is played."""
    rest = list(held)
    for c in pair:
        rest.remove(c)
    return rest


def _kept_pips(ctx: _Context, held: list[Card], thrown: tuple[Card, Card], live: list[Card]) -> int:
    """What the two cards kept after throwing ``thrown`` can score in the hand's last trick,
    led by another seat with cards from ``live``: each at its best against one of them (a plain
    card scores only against a led card of its suit, so one of a suit none of the others holds
    scores nothing: positions with an agreed move, simple_strange-n2)."""
    return sum(max((ctx.pips(c, u) for u in live), default=0) for c in _kept(held, thrown))


def _lacking(view: SeatView) -> dict[int, set[Suit]]:
    """The suits each other seat has shown it holds none of this deal: a card set against a led
    card of another suit than its own (when the two led cards differ in suit, a follower must
    set a card of each one's suit against it while it holds one), or fewer than two cards of
    the suit against two led cards of one suit (as many as held must go: SS-3, SS-4)."""
    plays = plays_this_hand(view)
    lacking: dict[int, set[Suit]] = {}
    n = view.num_seats
    for i in range(0, len(plays), n):
        trick = plays[i : i + n]
        first, second = trick[0].cards[0].suit, trick[0].cards[1].suit
        for e in trick[1:]:
            if e.seat is None:
                continue
            a, b = e.cards
            lacks = lacking.setdefault(e.seat, set())
            if first is second:
                if (a.suit is first) + (b.suit is first) < 2 and first is not None:
                    lacks.add(first)
            else:
                lacks.update(s for s, c in ((first, a), (second, b)) if s is not None and c.suit is not s)
    return lacking


def _later_most(view: SeatView, ctx: _Context, unseen: Counter[Card], led: tuple[Card, Card]) -> int:
    """The most any seat still to play to this trick could score against ``led``: its two best
    ``unseen`` cards (:func:`_unseen_counts`), each against the led card it scores most against,
    leaving out the suits it has shown it lacks (a bound: the rules may keep it from playing
    those two together)."""
    lacking = _lacking(view)
    played = {p.seat for p in view.trick}
    most = 0
    for seat in range(view.num_seats):
        if seat == view.my_seat or seat in played:
            continue
        lacks = lacking.get(seat, set())
        values = sorted(
            (
                max(ctx.pips(c, led[0]), ctx.pips(c, led[1]))
                for c, k in unseen.items()
                if c.suit not in lacks
                for _ in range(max(0, k))
            ),
            reverse=True,
        )
        most = max(most, sum(values[:2]))
    return most


def _best_two(ctx: _Context, unseen: Counter[Card]) -> int:
    """The most two unseen cards can score together, each at its best (a plain card scores its
    rank only against a led card of its suit)."""
    best = sorted((ctx.pips(c, c) for c, n in unseen.items() for _ in range(max(0, n))), reverse=True)
    return sum(best[:2])


def _two_tricks(ctx: _Context, held: list[Card], pair: tuple[Card, Card], over: int, beat: int) -> int:
    """Tricks sure to come from the last two when the last player of the trick before the last
    plays ``pair`` from ``held``, ``over`` pips above the best so far (0: the trick is drawn, its
    stake goes to the last trick's taker), and two cards of the others score ``beat`` at most:
    the two cards kept win the last trick for sure when they score more than that, led (each
    against itself) after a win, or played after a draw (when only trumps and super-trumps are
    sure to score).  (simple_strange-n1: tie the trick and keep the super-trumps.)"""
    rest = _kept(held, pair)
    if over > 0:
        kept = sum(ctx.pips(c, c) for c in rest)
    else:
        kept = sum(ctx.pips(c, c) for c in rest if c in ctx.supers or c.suit in ctx.trumps)
    sure_last = kept > beat
    now = ctx.stake if over > 0 else 0
    carried = ctx.stake if over == 0 else 0
    return now + (1 + carried if sure_last else 0)


def _claim(view: SeatView, ctx: _Context, cards: list[Card]) -> list[tuple[Card, Card]] | None:
    """Pairs of ``cards`` (the leader's, the staged one included) that each beat any two cards
    the others may hold, counting every card seen this deal (played, turned up), so that it
    takes every trick left; None when it cannot be sure of that (or holds too many to check)."""
    if len(cards) > CLAIM_CARDS or len(cards) % 2:
        return None
    beat = _best_two(ctx, _unseen_counts(view, cards))
    mine = sorted(cards, key=lambda c: (-ctx.pips(c, c), c.index))
    pairs = [(mine[i], mine[-1 - i]) for i in range(len(mine) // 2)]
    if all(ctx.pips(a, a) + ctx.pips(b, b) > beat for a, b in pairs):
        return pairs
    return None


def _pairs(hand: list[Card], led: tuple[Card, Card], first) -> list[tuple[Card, Card]]:
    """Every legal (card against led 1, card against led 2) pair, given a staged first card."""
    if first is not None:
        c, k = first
        seconds = set(pair_allowed(hand, led, 1 - k, c)[0])
        return [(c, b) if k == 0 else (b, c) for b in seconds]
    out: list[tuple[Card, Card]] = []
    for a in set(pair_allowed(hand, led, 0, None)[0]):
        rest = list(hand)
        rest.remove(a)
        out.extend((a, b) for b in set(pair_allowed(rest, led, 1, a)[0]))
    return out


#: hard and expert: the heuristic's playouts, fewer of them: two packs and a long hand make slow playouts.
#: expert 250 (was 400: a move took 3.1 s median, 3.6 s at most, benchmarks/bench_levels.py; issue 34)
BOT_LEVELS = Levels(SimpleStrangeBot, Playouts(hard=100, expert=250))
