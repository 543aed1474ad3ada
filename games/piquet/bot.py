"""A sensible Piquet player.

The exchange (a short run of picks then a confirm, like a person clicking): every card gets a
keep value from its rank and what it builds (the point suit, runs of three or more and near
runs, tens or better of which it holds two or three, aces and guarded kings for play).  Elder
takes five unless that would throw away something worth keeping (then fewer, at least one); the
dealer exchanges only low cards, at least one.  The bot picks its target cards, takes back any
card it has picked that is no longer a target, then confirms.

Carte blanche (PQ-5): always declared (10 points, which count toward repique; the court cards
it lacks are no secret worth keeping once the declarations start).

Declarations: it declares whatever it holds; it sinks only with a reason: the opponent's cards
already named this hand (a scored sequence, a shown carte blanche still in hand) beat it, so
declaring could win nothing and would only tell.  As the dealer it always answers "not good" or
"equal" when it can, and always declares after elder's silence (it is then good).  It never
shows the leftover (showing tells the opponent more than it tells us).

Play (no trumps): lead a card nobody can beat (the top card left of its suit, counting the
cards played, its own discards and the talon cards it has seen, or any card of a suit the
opponent has shown it lacks) from its longest suit, but first, while such a card elsewhere
will bring it back, the top of a sequence that one unseen card outranks (queen and jack
against the king: drive the king out), otherwise a low card of its longest suit; follow by
winning as cheaply as possible, otherwise with the lowest card; when void, throw the least
useful card of its weakest suit (never a low card that guards an honour, as the 7 beside a king
guards it against the ace; with only sure winners left, not the last one of its suit, keeping a
stopper in each suit).  Winning each trick it
can is right here: a trick scores and the next lead scores (PQ-2), seven tricks win the cards and
twelve the capot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Sequence

from games.bots import Bot, Expert, Levels, Playouts
from games.bots.partnership import played_this_hand, shown_out
from games.core import ACE, KING, Action, Card, SeatView, Suit, card

from .rules import CATEGORY, point_of, runs
from .viewdata import PiquetView

RANK_KEEP = {ACE: 6.0, KING: 3.5, 12: 2.5, 11: 2.0, 10: 1.5, 9: 0.8, 8: 0.5, 7: 0.3}
ELDER_KEEP = 5.0  # elder keeps a card worth this much even if it means taking fewer than five
DEALER_KEEP = 2.2  # the dealer exchanges only cards worth less than this


def keep_values(hand: Sequence[Card]) -> dict[Card, float]:
    """How much each card is worth keeping (see the module docstring)."""
    lengths = Counter(c.suit for c in hand)
    point_suit = point_of(hand)[2]
    in_run = {c for n, top, s in runs(hand) for c in _run(n, top, s)}
    counts = Counter(c.rank for c in hand if c.rank >= 10)
    values = {}
    for c in hand:
        v = RANK_KEEP[c.rank]
        v += 1.2 * max(0, lengths[c.suit] - 3) + (1.5 if c.suit is point_suit and lengths[c.suit] >= 4 else 0)
        v += 3.0 if c in in_run else 1.0 * _neighbours(c, hand)
        v += {2: 1.0, 3: 3.0, 4: 6.0}.get(counts.get(c.rank, 0), 0) if c.rank >= 10 else 0
        if c.rank == KING and lengths[c.suit] == 1:
            v -= 1.5  # a bare king is easily caught
        values[c] = v
    return values


def _run(n: int, top: int, suit) -> list[Card]:
    return [card(r, suit) for r in range(top - n + 1, top + 1)]


def _neighbours(c: Card, hand: Sequence[Card]) -> int:
    """How many cards next to this one in rank (same suit) the hand holds: a near run."""
    ranks = {x.rank for x in hand if x.suit is c.suit}
    return sum(1 for r in (c.rank - 1, c.rank + 1, c.rank - 2, c.rank + 2) if r in ranks)


def exchange_target(hand: Sequence[Card], limit: int, elder: bool) -> list[Card]:
    """The cards to put away: elder the five least useful unless one of them is worth keeping,
    the dealer only its low cards; always at least one and at most ``limit``."""
    values = keep_values(hand)
    order = sorted(hand, key=lambda c: (values[c], c.rank, c.index))
    bar = ELDER_KEEP if elder else DEALER_KEEP
    k = sum(1 for c in order[:limit] if values[c] < bar)
    return order[: max(1, min(limit, k))]


def known_gone(view: SeatView) -> set[Card]:
    """Cards that cannot be in the opponent's hand or come to anyone's hand: played this hand,
    our own discards, the talon cards we have seen and a shown leftover."""
    ex = view.data(PiquetView)
    return played_this_hand(view) | set(ex.my_discards) | set(ex.seen) | set(ex.leftover)


def opponent_known(view: SeatView) -> list[Card]:
    """Cards the opponent is known to hold now: named in its scored declarations this hand, or a
    carte blanche it showed before exchanging, minus what it has played."""
    opp = 1 - view.my_seat
    ex = view.data(PiquetView)
    named = set(ex.named[opp])
    if ex.shown[opp] and not ex.took[opp]:
        named |= set(ex.shown[opp])
    return sorted(named - known_gone(view), key=lambda c: c.index)


class PiquetBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        by_text = {a.text: a for a in legal}
        stage = view.data(PiquetView).stage
        if "declare blanche" in by_text:  # PQ-5: always: 10 points, and often the road to repique
            return by_text["declare blanche"]
        if stage == "exchange":
            return by_text[self._exchange(view, by_text)]
        if stage == "leftover":
            return by_text["hide leftover"]
        if stage == "peek":  # always look (it costs nothing), then put them back
            return by_text["look"] if "look" in by_text else by_text["put back"]
        if stage == "declare":
            return by_text[self._declare(view, by_text)]
        return self._play(view, legal)

    # -- the exchange -----------------------------------------------------------
    def _exchange(self, view: SeatView, options: dict[str, Action]) -> str:
        ex = view.data(PiquetView)
        picked = list(ex.picked)
        target = exchange_target(view.hand, ex.exchange_limit, view.my_seat == ex.elder)
        for c in picked:
            if c not in target:
                return f"keep {c.text}"
        for c in target:
            if c not in picked:
                return f"discard {c.text}"
        return f"exchange {len(picked)}"

    # -- declarations -----------------------------------------------------------
    def _declare(self, view: SeatView, options: dict[str, Action]) -> str:
        ex = view.data(PiquetView)
        cat = ex.category
        if ex.step == "answer":
            return next((a for a in ("not good", "equal") if a in options), "good")
        declare = f"declare {cat}"
        if declare not in options:
            return f"sink {cat}"
        if view.my_seat == ex.elder and self._beaten(view, cat):
            return f"sink {cat}"
        return declare

    @staticmethod
    def _beaten(view: SeatView, cat: str) -> bool:
        """The reason to sink: the opponent's known cards alone already hold better."""
        theirs = opponent_known(view)
        ours = CATEGORY[cat].key(list(view.hand))
        best = CATEGORY[cat].key(theirs) if theirs else None
        if best is None or ours is None:
            return False
        return best > ours if cat != "point" else False  # a partial point proves nothing

    # -- play -------------------------------------------------------------------
    def _play(self, view: SeatView, legal: Sequence[Action]) -> Action:
        by_card = {a.the_card: a for a in legal}
        cards = sorted(by_card, key=lambda c: c.index)
        gone = known_gone(view) | set(view.hand)
        if not view.trick:
            void = shown_out(view, lambda c: c.suit, 2).get(1 - view.my_seat, set())
            return by_card[self._lead(list(view.hand), gone, void)]
        led = view.trick[0].cards[0]
        same = [c for c in cards if c.suit is led.suit]
        if same:
            winners = sorted((c for c in same if c.rank > led.rank), key=lambda c: c.rank)
            return by_card[winners[0] if winners else min(same, key=lambda c: c.rank)]
        return by_card[self._throw(list(view.hand), gone)]

    @staticmethod
    def _lead(hand: list[Card], gone: set[Card], void: Container[Suit | None] = ()) -> Card:
        lengths = Counter(c.suit for c in hand)
        bosses = [c for c in hand if is_boss(c, gone) or c.suit in void]  # nothing beats a suit they lack
        drive = _to_drive(hand, gone, void)
        if drive is not None and any(c.suit is not drive.suit for c in bosses):
            return drive  # drive out their one higher card while a sure winner elsewhere brings us back
        if bosses:
            return max(bosses, key=lambda c: (lengths[c.suit], c.rank))
        longest = max(hand, key=lambda c: (lengths[c.suit], -c.index)).suit
        return min((c for c in hand if c.suit is longest), key=lambda c: c.rank)

    @staticmethod
    def _throw(hand: list[Card], gone: set[Card]) -> Card:
        """The least useful card: not a boss, nor a guarded honour or its guards, from the suit
        with the fewest winners, lowest first."""
        lengths = Counter(c.suit for c in hand)
        bosses = {c for c in hand if is_boss(c, gone)}
        wins = Counter(c.suit for c in bosses)
        guards = _guards(hand, gone)
        # among sure winners (all that is left to throw), not the last one of its suit: a winner
        # kept in each suit stops each suit the opponent may lead (piquet-n2)
        return min(
            hand,
            key=lambda c: (
                c in bosses,
                c in guards,
                c in bosses and wins[c.suit] == 1,
                wins[c.suit],
                c.rank,
                lengths[c.suit],
                c.index,
            ),
        )


def _to_drive(hand: Sequence[Card], gone: set[Card], void: Container[Suit | None]) -> Card | None:
    """The top card of a suit where the hand holds two or more cards and one unseen card
    outranks them all: led, it drives that card out and the next one becomes the best left
    (positions with an agreed move, piquet-n3); None when no suit is so."""
    for suit in sorted({c.the_suit for c in hand if c.suit not in void}, key=lambda s: s.value):
        mine = sorted((c for c in hand if c.suit is suit), key=lambda c: -c.rank)
        top = mine[0]
        if len(mine) < 2 or is_boss(top, gone):
            continue
        if _unseen_above(top, gone) == 1 and mine[1].rank == top.rank - 1:
            return top
    return None


def _guards(hand: Sequence[Card], gone: set[Card]) -> set[Card]:
    """Guarded honours and their guards: in each suit, when the hand's highest card that is not
    a boss has as many cards below it as there are higher cards unseen (a king and one small card
    against the ace), it can still win, and each of those low cards saves it once: throwing
    either the honour or a guard gives up that trick."""
    out: set[Card] = set()
    for suit in {c.suit for c in hand}:
        mine = sorted((c for c in hand if c.suit is suit), key=lambda c: -c.rank)
        top = next((c for c in mine if not is_boss(c, gone)), None)
        if top is None:
            continue
        lower = [c for c in mine if c.rank < top.rank]
        if lower and len(lower) == _unseen_above(top, gone):
            out.update(lower)
            out.add(top)
    return out


def _unseen_above(c: Card, gone: set[Card]) -> int:
    """The cards of ``c``'s suit above it that are not accounted for (``gone``)."""
    return sum(1 for r in range(c.rank + 1, ACE + 1) if card(r, c.the_suit) not in gone)


def is_boss(c: Card, known: Iterable[Card]) -> bool:
    """True when every higher card of its suit is accounted for (played, ours, or out of play)."""
    if not isinstance(known, (set, frozenset)):
        known = set(known)
    return all(card(r, c.the_suit) in known for r in range(c.rank + 1, ACE + 1))


#: hard and expert: the heuristic's playouts (the tree search was measured no stronger than it)
#: expert 800 (1600 took 3.7 s median on a loaded machine, benchmarks/bench_levels.py; issue 34);
#: hard 240 (the default 400 took 0.82 s median on a quiet machine, over hard's 0.5 s)
#: expert: the playouts (expert budget) until every hand holds nine cards (a solve of twelve took
#: 0.4 s a deal), then the card play solved
BOT_LEVELS = Levels(PiquetBot, Playouts(hard=240, expert=800), expert=Expert(solve=9, infer=0.2))
