"""A sensible Preference player.

Judging a hand: :func:`declarer_tricks` estimates the tricks a ten-card hand takes as declarer
with a given trump suit (trumps that will win once the higher ones are drawn, side aces and
guarded kings, ruffs from short suits with spare trumps); :func:`defender_tricks` estimates
what a defender takes against a known trump suit (aces, guarded kings, high or long trumps).

Bidding: Hearts with a hand worth six tricks in hearts, Game with six in some suit, otherwise
the next number when the best suit allowed for it, plus the talon's expected help
(:data:`TALON_HELP`), reaches six; else pass.  Competing game bidders name the best suit that
still wins.  After the talon: try every pair of discards with every allowed trump suit and keep
the best (picks and take-backs toward that pair, then confirm).  No aces only with a very
strong hand.

Defending by expected value: play when the hand should take two tricks (a little less when the
other defender already plays); a lone defender invites when strong enough to carry the pair to
four, else plays alone.

Card play (the legal list already obeys must-head and the lowest-beater rule): the declarer
draws trumps with a top trump while holding at least three, otherwise leads winners, then low
side cards; defenders lead winners or low cards.  Either cashes first a side card of a suit
every other player has shown it lacks, once none of them can trump it.  Following, a defender
never overtakes the other defender's sure winner; otherwise win as cheaply as possible when last
or with a sure winner, else drop the lowest card.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

from games.bots import Bot, Expert, Levels, Playouts
from games.bots.cardplay import NO_TRUMP, is_boss, seen_cards, showed_out, side_lead
from games.core import Action, Card, Ranking, SeatView, Suit, card, shared_ranking

from .rules import BY_RANK, SUIT_RANK, suits_from
from .viewdata import PreferenceView

TO_MAKE = 6
TALON_HELP = 0.7  # tricks the talon exchange adds on average (tuned by simulation)
GAME_BAR, HEARTS_BAR, NUMBER_BAR = 6.1, 6.0, 5.6
NO_ACES_BAR = 6.8
PLAY_BAR, PLAY_BESIDE_BAR, INVITE_BAR = 1.7, 1.4, 2.8
LOW = 7  # the lowest rank in the pack


def _by_suit(hand: Iterable[Card]) -> dict[Suit, tuple[int, ...]]:
    """Each suit's ranks in ``hand``, highest first."""
    out: dict[Suit, list[int]] = {s: [] for s in BY_RANK}
    for c in hand:
        out[c.the_suit].append(c.rank)
    return {s: tuple(sorted(ranks, reverse=True)) for s, ranks in out.items()}


@functools.cache
def _trump_tricks(ranks: tuple[int, ...]) -> float:
    """Each trump wins once the higher trumps outside the hand are fewer than our trumps above
    it (they fall to those); a trump with enough length below it to guard it wins half the time.
    (Kept for each holding: the discard weighs every pair of twelve cards.)"""
    total = 0.0
    for i, r in enumerate(ranks):
        higher_out = sum(1 for x in range(r + 1, 15) if x not in ranks)
        if higher_out <= i:
            total += 1.0
        elif len(ranks) - i > higher_out:
            total += 0.5
        else:
            total += 0.15
    return total


@functools.cache
def _side_tricks(ranks: tuple[int, ...]) -> float:
    """Aces, kings with the ace or guarded, queens under both; long suits are ruffed sooner."""
    value = 0.0
    if 14 in ranks:
        value += 0.95 if len(ranks) < 5 else 0.8
    if 13 in ranks:
        value += 0.8 if 14 in ranks else (0.5 if len(ranks) >= 2 else 0.15)
    if 12 in ranks and 13 in ranks and 14 in ranks:
        value += 0.5
    elif 12 in ranks and (13 in ranks or 14 in ranks) and len(ranks) >= 3:
        value += 0.25
    return value


def declarer_tricks(hand: Iterable[Card], trump: Suit) -> float:
    """Rough tricks for the declarer of a ten-card hand with ``trump``."""
    return _declarer_value(_by_suit(hand), trump)


def _declarer_value(suits: dict[Suit, tuple[int, ...]], trump: Suit) -> float:
    """:func:`declarer_tricks` of a hand given by its suits' ranks (highest first)."""
    trumps = suits[trump]
    value = _trump_tricks(trumps)
    side = [suits[s] for s in BY_RANK if s != trump]
    value += sum(_side_tricks(r) for r in side)
    spare = max(0, len(trumps) - 3)
    short = sum(max(0, 2 - len(r)) for r in side)
    return value + 0.6 * min(spare, short)


def defender_tricks(hand: Iterable[Card], trump: Suit | None) -> float:
    """Rough tricks for a defender against ``trump``: the top trumps held in an unbroken run
    from the ace each take a trick whatever the others hold (preference-n1), the rest of the
    trumps and the side suits are worth a little less than to a declarer."""
    suits = _by_suit(hand)
    value = 0.0
    for s, ranks in suits.items():
        if s == trump:
            top = _top_run(ranks)
            value += top + (_trump_tricks(ranks) - top) * 0.8
        else:
            value += _side_tricks(ranks) * 0.9
    return value


def _top_run(ranks: tuple[int, ...]) -> int:
    """How many of ``ranks`` (highest first) run unbroken down from the ace."""
    run = 0
    for r in ranks:
        if r != 14 - run:
            break
        run += 1
    return run


def best_discard(hand: Sequence[Card], high: int) -> tuple[tuple[Card, Card], Suit, float]:
    """The two cards to discard and the trump suit (allowed after a bid of ``high``) that give
    the best declarer estimate.  (A pair changes at most two suits of the whole hand's.)"""
    best: tuple[float, tuple[Card, Card], Suit] | None = None
    cards = sorted(hand, key=lambda c: c.index)
    whole = _by_suit(cards)
    trumps = suits_from(high)
    for pair in itertools.combinations(cards, 2):
        suits = dict(whole)
        for c in pair:
            suits[c.the_suit] = tuple(r for r in suits[c.the_suit] if r != c.rank)
        for s in trumps:
            v = _declarer_value(suits, s)
            if best is None or v > best[0]:
                best = (v, pair, s)
    assert best is not None
    return best[1], best[2], best[0]


class PreferenceBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        by_text = {a.text: a for a in legal}
        if len(legal) == 1:
            return legal[0]
        choice = getattr(self, f"_{view.phase}")(view, by_text)
        return by_text[choice] if isinstance(choice, str) else choice

    # -- the auction ------------------------------------------------------------
    def _bid(self, view: SeatView, legal: dict[str, Action]) -> str:
        values = {s: declarer_tricks(view.hand, s) for s in BY_RANK}
        hearts = values[Suit.HEARTS]
        if "hearts" in legal and hearts >= HEARTS_BAR and hearts >= max(values.values()) - 0.3:
            return "hearts"
        if "game" in legal and max(values.values()) >= GAME_BAR:
            return "game"
        number = next((a for a in legal.values() if a.kind == "bid"), None)
        if number is not None:
            k = number.number
            if max(values[s] for s in suits_from(k)) + TALON_HELP >= NUMBER_BAR:
                return number.text
        return "pass"

    def _name(self, view: SeatView, legal: dict[str, Action]) -> str:
        values = {s: declarer_tricks(view.hand, s) for s in BY_RANK}
        top = max((SUIT_RANK[Suit(x)] for _, x in view.data(PreferenceView).named), default=0)
        winning = [s for s in BY_RANK if SUIT_RANK[s] > top]
        pool = winning if winning and max(values[s] for s in winning) >= TO_MAKE - 0.5 else list(BY_RANK)
        return f"trump {max(pool, key=lambda s: values[s]).letter}"

    # -- the talon exchange ----------------------------------------------------------
    def _discard(self, view: SeatView, legal: dict[str, Action]) -> str:
        ex = view.data(PreferenceView)
        picked = list(ex.picked)
        pair, _, _ = best_discard(view.hand, ex.high)
        wrong = [c for c in picked if c not in pair]
        if wrong:
            return f"discard {wrong[0].text}"
        missing = [c for c in pair if c not in picked]
        if missing:
            return f"discard {missing[0].text}"
        return "confirm"

    def _trump(self, view: SeatView, legal: dict[str, Action]) -> str:
        options = [Suit(a.arg) for a in legal.values()]
        return f"trump {max(options, key=lambda s: declarer_tricks(view.hand, s)).letter}"

    def _announce(self, view: SeatView, legal: dict[str, Action]) -> str:
        trump = Suit(view.data(PreferenceView).trump_suit)
        return "noaces" if declarer_tricks(view.hand, trump) >= NO_ACES_BAR else "quiet"

    # -- defending ---------------------------------------------------------------------
    def _defend(self, view: SeatView, legal: dict[str, Action]) -> str:
        ex = view.data(PreferenceView)
        value = defender_tricks(view.hand, Suit(ex.trump_suit))
        beside = bool(ex.playing)  # the other defender already plays
        return "play" if value >= (PLAY_BESIDE_BAR if beside else PLAY_BAR) else "drop"

    def _invite(self, view: SeatView, legal: dict[str, Action]) -> str:
        value = defender_tricks(view.hand, Suit(view.data(PreferenceView).trump_suit))
        return "invite" if value >= INVITE_BAR else "alone"

    # -- card play ------------------------------------------------------------------------
    def _play(self, view: SeatView, legal: dict[str, Action]) -> Action:
        ex = view.data(PreferenceView)
        r = shared_ranking((Suit(ex.trump_suit),))
        cards = {a.the_card: a for a in legal.values()}
        known = seen_cards(view) | set(view.hand) | set(ex.discards)
        if not view.trick:
            return cards[self._lead(view, sorted(cards, key=lambda c: c.index), r, known)]
        return cards[self._follow(view, sorted(cards, key=lambda c: c.index), r, known)]

    def _lead(self, view: SeatView, cards: list[Card], r: Ranking, known: set[Card]) -> Card:
        trumps = sorted((c for c in cards if r.is_trump(c)), key=lambda c: -c.rank)
        outside_trumps = [c for c in _suit_cards(r.trumps[0]) if c not in known]
        declaring = view.data(PreferenceView).declarer == view.my_seat
        if declaring and trumps and outside_trumps and (len(trumps) >= 3 or is_boss(trumps[0], known, LOW)):
            if is_boss(trumps[0], known, LOW):
                return trumps[0]
            # from a sequence (no trump out between the top two), the top trump forces out only
            # the trumps above it and leaves the next as the best
            between = [c for c in outside_trumps if trumps[1].rank < c.rank < trumps[0].rank]
            return trumps[0] if len(trumps) >= 2 and not between else trumps[-1]
        players = view.data(PreferenceView).players or ()
        others = [s for s in players if s != view.my_seat]
        shown = showed_out(view, r, len(players))
        unbeaten = [  # every other player has shown it lacks the suit, and trumps none are out
            c
            for c in cards
            if not r.is_trump(c)
            and all(
                r.suit_of(c) in shown.get(s, ()) and (not outside_trumps or NO_TRUMP in shown.get(s, ()))
                for s in others
            )
        ]
        if unbeaten:  # cash it now: led later, after losing the lead, it may never be (preference-n3)
            return max(unbeaten, key=lambda c: c.rank)
        force = self._force(view, cards, r, known, shown, outside_trumps)
        if force is not None:
            return force
        return side_lead(cards, r, known, LOW)

    @staticmethod
    def _force(
        view: SeatView,
        cards: list[Card],
        r: Ranking,
        known: set[Card],
        shown: dict[int, set[Suit | str | None]],
        outside_trumps: list[Card],
    ) -> Card | None:
        """A defender without trumps keeps its sure winner and leads a low side card first, while
        every trump still out is the declarer's (the other defender has shown it has none;
        preference-n4).  Must-head keeps the winner safe: the declarer cannot ruff a suit it still
        holds, and cannot throw the suit away either, except on a lead it can neither follow nor
        ruff.  The other lead taps the declarer: it must ruff it where it lacks the suit (a suit
        it has shown out of is led first), and once its trumps are gone the defence's side cards
        win too.  Cashed first, the winner takes its trick, and the declarer ruffs the next lead
        and keeps the lead with its own cards."""
        ex = view.data(PreferenceView)
        declarer = ex.declarer
        if declarer is None or declarer == view.my_seat or not outside_trumps:
            return None
        if any(r.is_trump(c) for c in cards):
            return None
        others = [s for s in ex.players or () if s not in (view.my_seat, declarer)]
        if not all(NO_TRUMP in shown.get(s, ()) for s in others):
            return None  # some trumps out may be the other defender's
        lacked = shown.get(declarer, set())
        kept = {r.suit_of(c) for c in cards if is_boss(c, known, LOW) and r.suit_of(c) not in lacked}
        taps = [c for c in cards if r.suit_of(c) not in kept]
        if not kept or not taps:
            return None
        return min(taps, key=lambda c: (r.suit_of(c) not in lacked, c.rank))

    def _follow(self, view: SeatView, cards: list[Card], r: Ranking, known: set[Card]) -> Card:
        played = [(p.seat, c) for p in view.trick for c in p.cards]
        led = r.suit_of(played[0][1])
        top_seat, top = max(played, key=lambda sc: r.power(sc[1], led))
        lowest = min(cards, key=lambda c: (r.is_trump(c), r.power(c, led), is_boss(c, known, LOW), c.rank))
        ex = view.data(PreferenceView)
        declarer = ex.declarer
        players = ex.players or ()
        last = len(view.trick) == len(players) - 1
        partner_wins = view.my_seat != declarer and top_seat != declarer
        if partner_wins and (last or is_boss(top, known, LOW) or r.is_trump(top)):
            return lowest
        winning = sorted(
            (c for c in cards if r.power(c, led) > r.power(top, led)), key=lambda c: r.power(c, led)
        )
        if winning and (last or is_boss(winning[-1], known, LOW) or r.is_trump(winning[0])):
            cheap_sure = [c for c in winning if last or is_boss(c, known, LOW) or r.is_trump(c)]
            return cheap_sure[0]
        return lowest


def _suit_cards(s: Suit) -> list[Card]:
    return [card(rank, s) for rank in range(LOW, 15)]


#: hard and expert: the heuristic's playouts.  Decisions among more than eight choices stay the
#: heuristic's: the two cards of the discard are picked from twelve, and 400 playouts of a whole
#: hand took 2-2.7 s there and never overruled the heuristic in the moves measured (two matches),
#: against 0.2 s for a median move.
#: expert: the playouts (expert budget) until every hand holds eight cards (a solve of ten took 0.56 s
#: a deal), then the card play solved
BOT_LEVELS = Levels(PreferenceBot, Playouts(max_choices=8), expert=Expert(solve=8, infer=0.2))
