"""Card play for a partnership (Pepper, Bacon; usable by any game with teams in the view).

Both sides always want tricks (in Pepper the defenders score every trick; in Bacon each side
needs three), so the policy is: take tricks for the side, never the partner's.

- Following: when the partner already holds the trick with a card that cannot be beaten (the
  best card left, or every opponent has played), drop the lowest card; never overtake it.  When
  an opponent holds the trick, win it if possible: with the cheapest winning card when no
  opponent plays after us, else with the cheapest sure winner (but ruffing, the cheapest trump
  that wins where a higher one is sure: overruffed, that one still wins later), else (ruffing)
  the cheapest trump that wins (the highest, in effect, when the game says the trick decides the
  hand: a higher ruff wins wherever a lower one does), else the highest winner.  Cannot win: drop the lowest card,
  keeping trumps, the best card left of a suit, and a card one off the best with the low card
  that guards it.
- Leading: the declaring side draws trumps (the declarer leads its best trump when it is the
  best left, when it holds three or more, or nothing but trumps); the partner of a declarer
  leads back trump; then any sure winner (not a trump once the others hold none: it wins
  whenever played, and ruffs meanwhile); then a suit the partner has shown to be void in (so the
  partner can ruff) when an opponent is not also void; else a low card of the shortest side suit.

Everything comes from the view: cards seen this hand are the ``play`` events of the hand plus
the trick in progress; a game passes its other public cards (discards) to :func:`unseen_cards`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from games.core import Card, Event, Ranking, SeatView, Suit


def partner_seats(view: SeatView, seat: int) -> tuple[int, ...]:
    """The other seats of ``seat``'s team in the view (empty without teams)."""
    for team in view.teams:
        if seat in team:
            return tuple(s for s in team if s != seat)
    return ()


def plays_this_hand(view: SeatView) -> list[Event]:
    """This hand's ``play`` events in the view, in the order played (the trick in progress too)."""
    hand = view.hand_number
    plays: list[Event] = []
    for e in reversed(view.events):  # the view's events come in the order of their hands
        if e.hand != hand:
            break
        if e.kind == "play":
            plays.append(e)
    plays.reverse()
    return plays


def refusals(
    view: SeatView, suit_of: Callable[[Card], Suit | None], active: int
) -> Iterator[tuple[int, Suit | None, Card]]:
    """This hand's plays that did not follow the suit led, as (seat, suit led, card played)
    (``suit_of``: the suit a card counts as, the game's ranking's; ``active``: the players in a trick)."""
    plays = [e for e in plays_this_hand(view) if e.seat is not None]
    for i in range(0, len(plays), active):
        trick = plays[i : i + active]
        led = suit_of(trick[0].cards[0])
        for e in trick[1:]:
            if suit_of(e.cards[0]) != led and e.seat is not None:
                yield e.seat, led, e.cards[0]


def shown_out(
    view: SeatView, suit_of: Callable[[Card], Suit | None], active: int
) -> dict[int, set[Suit | None]]:
    """Per seat, the suits it has shown it lacks this hand: each suit led that it did not follow
    (see :func:`refusals`)."""
    out: dict[int, set[Suit | None]] = {}
    for seat, led, _card in refusals(view, suit_of, active):
        out.setdefault(seat, set()).add(led)
    return out


def played_this_hand(view: SeatView) -> set[Card]:
    """The cards of this hand's ``play`` events in the view."""
    return {c for e in plays_this_hand(view) for c in e.cards}


def seen_this_hand(view: SeatView) -> set[Card]:
    """Public cards of this hand: everything played (or discarded face up) so far."""
    seen = played_this_hand(view)
    for p in view.trick:
        seen.update(p.cards)
    return seen


def unseen_cards(view: SeatView, pack: Iterable[Card], also_seen: Iterable[Card] = ()) -> set[Card]:
    """Cards of the pack this seat has not seen this hand (other hands and face-down places)."""
    return set(pack) - seen_this_hand(view) - set(view.hand) - set(also_seen)


def is_boss(c: Card, r: Ranking, unseen: set[Card]) -> bool:
    """True when no unseen card of the card's (effective) suit ranks above it (a side-suit card
    may still be trumped: callers check that)."""
    suit, rank = r.suit_of(c), r.rank_in_suit(c)
    return not any(r.suit_of(x) == suit and r.rank_in_suit(x) > rank for x in unseen)


class PartnerPlay:
    """The card-play policy of the module docstring for one decision."""

    def __init__(
        self,
        view: SeatView,
        ranking: Ranking,
        unseen: set[Card],
        declarers: Sequence[int] = (),
        voids: Sequence[str] = (),
        decisive: bool = False,
    ) -> None:
        self.view, self.r, self.unseen = view, ranking, unseen
        self.decisive = decisive  # this trick decides the hand's result (the game says when)
        self.me = view.my_seat
        self.partners = partner_seats(view, self.me)
        self.declarers = tuple(declarers)
        self.voids = tuple(voids) or ("",) * view.num_seats
        self.out = set(view.sitting_out)

    # -- following -------------------------------------------------------------
    def follow(self, cards: Sequence[Card]) -> Card:
        r, trick = self.r, self.view.trick
        led = r.suit_of(trick[0].cards[0])
        powers = [r.power(p.cards[0], led) for p in trick]
        best = max(powers)
        holder = trick[powers.index(best)].seat
        winners = sorted((c for c in cards if r.power(c, led) > best), key=lambda c: r.power(c, led))
        still_to_play = self._opponents_after()
        if holder in self.partners and (
            not still_to_play or self._sure(trick[powers.index(best)].cards[0], led)
        ):
            return self._lowest(cards)
        if not winners:
            return self._lowest(cards)
        overtake = self.decisive and len(winners) == len(cards)  # each card beats the partner's anyway
        if holder in self.partners and not overtake and not any(self._sure(c, led) for c in winners):
            return self._lowest(cards)  # the partner's card may hold: do not waste ours
        if not still_to_play:
            return winners[0]
        sure = [c for c in winners if self._sure(c, led)]
        if sure and r.is_trump(winners[0]) and winners[0] not in sure and led not in r.trumps:
            return winners[0]  # ruff low, keeping the top trump: overruffed, it still wins later (pepper-n2)
        if sure:
            return sure[0]
        if r.is_trump(winners[0]) and led not in r.trumps:
            if self.decisive:  # ruff as high as we can: a lower trump wins only where this one does
                return self._cheapest_equal(winners[-1], winners)  # (bacon-n1)
            return winners[0]  # ruff low
        if led is not None and all(led.letter in self.voids[s] for s in still_to_play):
            return winners[0]  # the opponents after can only ruff: a higher card of the suit gains nothing
        return winners[-1]

    def _cheapest_equal(self, top: Card, cards: Sequence[Card]) -> Card:
        """The lowest of ``cards`` (of one suit) with no unseen card of the suit between it and
        ``top``: each such card wins wherever ``top`` would."""
        r = self.r
        suit = r.suit_of(top)
        ranks = [r.rank_in_suit(x) for x in self.unseen if r.suit_of(x) == suit]
        equal = [
            c
            for c in cards
            if r.suit_of(c) == suit and not any(r.rank_in_suit(c) < x < r.rank_in_suit(top) for x in ranks)
        ]
        return min(equal, key=r.rank_in_suit)

    def _opponents_after(self) -> list[int]:
        """Opponents who still play to this trick after us."""
        n, played = self.view.num_seats, {p.seat for p in self.view.trick}
        return [
            s
            for s in range(n)
            if s not in played and s != self.me and s not in self.out and s not in self.partners
        ]

    def _sure(self, c: Card, led: Suit | None) -> bool:
        """The card wins whatever the opponents still to play hold (as far as we can tell)."""
        r = self.r
        if not is_boss(c, r, self.unseen):
            return False
        if r.is_trump(c) or not r.trumps:
            return True
        trumps_out = any(r.is_trump(x) for x in self.unseen)
        after = self._opponents_after()
        if not trumps_out or led is None:  # (no joker leads in these games: no led suit to be void in)
            return not trumps_out
        trump = r.trumps[0].letter
        return not any(led.letter in self.voids[s] and trump not in self.voids[s] for s in after)

    def _lowest(self, cards: Sequence[Card]) -> Card:
        """The cheapest card to give up, trumps last: first a card that can take no trick and
        guards nothing, keeping the best card left of its suit (a trick when the suit is led:
        positions with an agreed move, pepper-n3) and a card with one unseen card above it
        together with the one low card that guards it (thrown, the guard bares it to that card:
        pepper-n4); then a low card from a short suit."""
        r = self.r
        hand = self.view.hand
        length = {s: sum(1 for c in hand if r.suit_of(c) == s) for s in {r.suit_of(c) for c in cards}}
        guarded = self._guarded_pairs(hand)

        def keep(c: Card) -> int:
            return 2 if is_boss(c, r, self.unseen) else 1 if c in guarded else 0

        return min(cards, key=lambda c: (r.is_trump(c), keep(c), r.rank_in_suit(c), length[r.suit_of(c)]))

    def _guarded_pairs(self, hand: Sequence[Card]) -> set[Card]:
        """The cards of each side suit held exactly twice where the higher has one unseen card
        of the suit above it: once that card falls, the higher one is the best left, if the
        lower one has kept it company."""
        r = self.r
        by_suit: dict[Suit | None, list[Card]] = {}
        for c in hand:
            if not r.is_trump(c):
                by_suit.setdefault(r.suit_of(c), []).append(c)
        out: set[Card] = set()
        for suit, held in by_suit.items():
            if len(held) != 2:
                continue
            top = max(held, key=r.rank_in_suit)
            above = sum(
                1 for x in self.unseen if r.suit_of(x) == suit and r.rank_in_suit(x) > r.rank_in_suit(top)
            )
            if above == 1:
                out.update(held)
        return out

    # -- leading -----------------------------------------------------------------
    def lead(self, cards: Sequence[Card]) -> Card:
        r = self.r
        trumps = sorted((c for c in cards if r.is_trump(c)), key=r.rank_in_suit, reverse=True)
        trumps_out = any(r.is_trump(x) for x in self.unseen)
        if (
            self.me in self.declarers
            and trumps
            and trumps_out
            and (is_boss(trumps[0], r, self.unseen) or len(trumps) >= 3 or len(trumps) == len(cards))
        ):  # with nothing but trumps left, the top one first: the others must follow (bacon-n2)
            return trumps[0]
        if trumps and trumps_out and any(p in self.declarers for p in self.partners):
            return trumps[0] if is_boss(trumps[0], r, self.unseen) else trumps[-1]
        sure = [c for c in cards if is_boss(c, r, self.unseen) and (r.is_trump(c) or not trumps_out)]
        if not trumps_out:  # a trump nobody can beat wins whenever it is played: keep it to ruff (pepper-n1)
            sure = [c for c in sure if not r.is_trump(c)]
        sure = sure or [c for c in cards if is_boss(c, r, self.unseen) and not r.is_trump(c)]
        if sure:
            return max(sure, key=lambda c: (not r.is_trump(c), r.rank_in_suit(c)))
        ruff = self._partner_ruff(cards)
        if ruff is not None:
            return ruff
        side = [c for c in cards if not r.is_trump(c)] or list(cards)
        return self._lowest(side)

    def _partner_ruff(self, cards: Sequence[Card]) -> Card | None:
        """A low card of a suit the partner lacks (and still may trump), opponents not void too."""
        r = self.r
        if not r.trumps:
            return None
        trump_letter = r.trumps[0].letter
        opponents = [
            s
            for s in range(self.view.num_seats)
            if s != self.me and s not in self.partners and s not in self.out
        ]
        for p in self.partners:
            if p in self.out or trump_letter in self.voids[p]:
                continue
            for c in sorted(cards, key=r.rank_in_suit):
                s = r.suit_of(c)
                if s is None or r.is_trump(c):
                    continue
                if s.letter in self.voids[p] and not any(s.letter in self.voids[o] for o in opponents):
                    return c
        return None


def suit_counts(hand: Iterable[Card], r: Ranking) -> dict[Suit | None, int]:
    out: dict[Suit | None, int] = {}
    for c in hand:
        out[r.suit_of(c)] = out.get(r.suit_of(c), 0) + 1
    return out
