"""Trump Suit: a cutthroat Spades relative for two or three players (seed 004).

Everyone plays alone with a 54-card pack (big joker, little joker, then A down to 2 in each
suit).  Each player gets 13 cards; the rest form a face-down draw deck whose top card is turned
onto the trump pile: the suit of the top card of that pile is trump.

Bidding: from the dealer's left round to the dealer, each player bids how many tricks they will
take, 1 to 13 (TS-6), or nil (none at all; on by default, TS-9).

Play: whoever leads must lead a card of the current trump suit.  From the second trick on the
leader may first flip the next draw card onto the pile, which may change trump; a leader with no
card of the trump suit must flip (TS-1: never on the first trick).  One flip per lead: if still
void after it, or if the deck is empty (TS-2), the leader leads anything.  A turned-up joker
leaves trump open until a suit card is led, whose suit becomes trump (TS-3).  Followers follow
the led suit if they can, otherwise play anything; a joker may be played only by a player who
holds no card of the trump suit, and a led joker calls for trumps (TS-4).  Jokers are the top
trumps (BJ over LJ); the highest trump wins, otherwise the highest card of the led suit (TS-5:
with one pack there are no ties).  The trick winner leads next.

Scoring each hand: a made bid (tricks >= bid) scores 10 per trick bid plus 1 per overtrick
(a "bag"); a set scores -10 per trick bid (TS-7).  Bags are counted separately; each time the
count reaches 10 the player loses 100 and the count drops by 10 (TS-8).  Nil scores +100 made,
-100 failed; tricks a nil bidder takes count as bags.  The match ends after the hand in which
someone reaches the winning total (500) or the losing total (-200): the top score wins, and a
tie for the top means another hand (TS-12).

Options (all off by default except ``nil``; TS-9, TS-10):

- ``blind`` / ``blind_nil``: a player may bid blind (1 to 7) or blind nil (+/-200) *before looking
  at their cards*.  A blind bid earns +100 on top of the contract only when met exactly, loses 100
  when short, and gets neither when it takes more (TS-9: the seed's "if made exactly").  With either option on, a player's hand
  stays face down until their turn to bid, when they either look (then bid normally) or bid
  blind.  ``blind_behind`` demands a deficit of that many points to the leader for a blind bid
  (the seed's "trailing blind bids").
- ``nil_wager``: nil bidders stake 10 to 50 points in steps of 10 instead of 100.
- ``nil_swap``: right after a nil, blind nil or blind bid the bidder may swap up to 2, 3 or 1
  card(s) (TS-10: the seed's step 7.1.3 gives a blind bid one), one at a time, for the top card of
  the draw deck, at -10 each.  Unclear steps,
  resolved: the swapped-out card goes face down to the bottom of the draw deck (the
  step-by-step's "burned onto the bottom"; a reshuffle would do the same job); swaps happen before
  the next player bids; the cost is charged when the hand is scored, made or not.
- ``auction``: bag auctioning.  Unclear steps, resolved: after a hand, the player who took the
  most bags in it (ties: more bags on the counter, then the lower score, then the earlier bidder)
  offers up to 3 of those bags (never more than their bag counter holds); only that one player
  auctions.  The sale takes place after the next hand's bidding, because a buyer may buy no more
  bags than their bid: buyers (every other player with a numeric bid) choose in turn, lowest
  score first (ties: higher bid, then bidding order), how many of the remaining bags to buy.
  Sold bags leave the seller's bag counter at once.  During play, whenever a buyer with bags
  still owed wins a trick, they may "cash" it: that trick becomes a bought bag (+10, and it no
  longer counts toward the bid) and the player on the winner's left leads next.  Bought bags not
  cashed by the end of the hand become the buyer's own bags (+1 each, on the counter).
- ``bag_penalty``: 100, or 110 (the seed's offset for the ten bag points already scored).
- ``target`` / ``floor``: the winning and losing totals.
- ``hand_limit`` (off by default): a shorter match the players choose; after that many hands the
  top score wins (tied top scores share) and the result says the limit was reached.  Nothing else
  stops a match: play goes on until someone reaches a total with nobody level at the top.

Renege penalties (TS-10) do not exist here: illegal plays are refused.  TS-11 (a four-player
caption) needs nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.actions import Action, choose, play, word
from games.core.cards import ALL_CARDS, SUIT_CARDS, Card, Suit, by_index, cards_text, deck_54
from games.core.clone import LIST
from games.core.errors import BadOptionError
from games.core.options import Option
from games.core.potgame import hand_limit_option
from games.core.resample import Place
from games.core.state import MethodNames, Rules
from games.core.trickgame import TrickGame
from games.core.tricks import Ranking, next_seat, with_seat
from games.core.views import InfoLine
from games.core.words import limited, plural

from .viewdata import SheetRow, TrumpSuitView

HAND_SIZE = 13
BLIND_CAP = 7  # TS-9: blind bids are capped at seven
BLIND_BONUS = 100
BLIND_NIL_STAKE = 200
NIL_STAKE = 100
SWAP_COST = 10
SWAP_CAP = {"nil": 2, "blind_nil": 3, "blind": 1}  # TS-10: swaps allowed after each kind of bid
NIL_KINDS = ("nil", "blind_nil")
AUCTION_CAP = 3

FLIP = word("flip")
LOOK = word("look")
KEEP = word("keep")
CASH = word("cash")
NO_CASH = word("pass")
BIDS = {n: word("bid", n) for n in range(1, HAND_SIZE + 1)}
BLINDS = {n: word("blind", n) for n in range(1, BLIND_CAP + 1)}
BLIND_NIL = word("blind_nil")
NIL = word("nil")
NIL_WAGERS = {w: word("nil", w) for w in range(10, 51, 10)}
BUYS = {k: word("buy", k) for k in range(AUCTION_CAP + 1)}
LABELS = {
    "flip": "Flip a new trump",
    "look": "Look at your cards",
    "keep": "Keep this hand",
    "cash": "Cash a bought bag (your left-hand neighbour leads)",
    "pass": "Keep the trick and lead",
    "blind_nil": "Blind nil",
    "nil": "Nil",
    **{a.text: f"Bid {n}" for n, a in BIDS.items()},
    **{a.text: f"Blind {n}" for n, a in BLINDS.items()},
    **{a.text: f"Nil for {w}" for w, a in NIL_WAGERS.items()},
    **{
        a.text: "Buy no bags" if k == 0 else f"Buy {k} bag" + ("" if k == 1 else "s") for k, a in BUYS.items()
    },
}
PACK = tuple(deck_54())
PLAYS = {c: play(c) for c in PACK}
_SUITED = frozenset(ALL_CARDS) - SUIT_CARDS[None]  # every card but the jokers
SHEET_FIELDS = ("hand", "bids", "tricks", "points", "totals", "bags")

# one ranking per trump suit (None: trump still open after a turned-up joker); jokers top trumps
_RANKINGS: dict[Suit | None, Ranking] = {s: Ranking(trumps=(s,), joker_suit=s) for s in Suit}
_RANKINGS[None] = Ranking()


#: each phase's rules, by name (games.core.state.MethodNames)
_LEGAL, _APPLY = MethodNames("_legal_"), MethodNames("_apply_")


class TrumpSuit(TrickGame):
    """State of a Trump Suit match.  Phases: ``bid``, ``swap``, ``auction``, ``play``, ``cash``, ``over``."""

    HAS_BIDS = True  # bids (or a declared Rams) made or set: counted for the statistics

    LABELS = LABELS
    _COPY = {
        "bids": LIST,
        "up_cards": LIST,
        "draw": LIST,
        "bags": LIST,
        "earned_bags": LIST,
    }  # how clone() copies our mutable attributes; the other per-seat values of a hand (the
    # bids' kinds, numbers and stakes, swaps, bags bought and cashed, looks) are tuples, set
    # during the auction and replaced when they change, so that clones share them

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        n = num_seats
        self.draw: list[Card] = []  # face down, top = last
        self.won: list[tuple[Card, ...]] = [()] * n
        self.bags = [0] * n
        self.sheet: tuple[tuple, ...] = ()  # rows of SHEET_FIELDS, replaced as it grows (clones share it)
        self.hands_played = 0
        self.earned_bags = [0] * n  # bags taken in the last hand (for the auction)
        self.dealer = self.rng.randrange(n)
        self._deal()

    # -- dealing ---------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        deck, order = self._deal_hands(HAND_SIZE, pack=PACK)  # one at a time from the dealer's left
        for h in self.hands:
            h.sort(key=by_index)
        top = deck.pop()
        self.draw = deck
        self.up_cards: list[Card] = [top]  # the trump pile, top last
        self._set_trump(top.suit)
        self.tricks_won = [0] * n
        self.trick = ()
        self.tricks_played = 0
        self.flipped = False
        self.led: Suit | None = None
        self.bid_kind = ("",) * n  # "bid", "nil", "blind", "blind_nil"
        self.bid_n = (0,) * n
        self.stake = (0,) * n  # nil stake
        self.bids: list[str] = [""] * n
        self.swapped = (0,) * n
        self.bought = (0,) * n
        self.cashed = (0,) * n
        blind = self.options["blind"] or self.options["blind_nil"]
        self.revealed = (not blind,) * n
        self.bid_order = tuple(order)
        self.bid_turn = 0
        self.phase = "bid"
        self.leader = self.to_act = order[0]
        self._open_auction()
        trump = top.suit.noun + " are trump" if top.suit else "trump stays open until a suit is led"
        self.log(
            "deal",
            f"Hand {self.hand_number}: {{p{self.dealer}}} deals and turns up {top}; {trump}",
            self.dealer,
            cards=(top,),
        )

    def _set_trump(self, suit: Suit | None) -> None:
        self.trump = suit
        self.ranking = _RANKINGS[suit]

    # -- the protocol ----------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == "play":
            return self._legal_play()
        return getattr(self, _LEGAL[self.phase])()

    def _apply(self, action: Action) -> None:
        if self.phase == "play":
            self._apply_play(action)
        else:
            getattr(self, _APPLY[self.phase])(action)

    # -- bidding ---------------------------------------------------------
    def _legal_bid(self) -> list[Action]:
        s = self.acting
        if not self.revealed[s]:
            acts = [LOOK]
            if self._may_bid_blind(s):
                if self.options["blind"]:
                    acts += BLINDS.values()
                if self.options["blind_nil"]:
                    acts.append(BLIND_NIL)
            return acts
        acts = list(BIDS.values())
        if self.options["nil"]:
            acts += NIL_WAGERS.values() if self.options["nil_wager"] else [NIL]
        return acts

    def _may_bid_blind(self, s: int) -> bool:
        return max(self.scores) - self.scores[s] >= self.options["blind_behind"]

    def _apply_bid(self, action: Action) -> None:
        s, kind = self.acting, action.kind
        if kind == "look":
            self.revealed = with_seat(self.revealed, s, True)
            self.log("bid", f"{{p{s}}} looks at their cards", s)
            return
        if kind in ("blind", "blind_nil"):
            self.revealed = with_seat(self.revealed, s, True)
        self.bid_kind = with_seat(self.bid_kind, s, kind)
        self.bid_n = with_seat(self.bid_n, s, action.number if kind in ("bid", "blind") else 0)
        if kind == "nil":
            self.stake = with_seat(self.stake, s, int(action.arg) if action.arg else NIL_STAKE)
        elif kind == "blind_nil":
            self.stake = with_seat(self.stake, s, BLIND_NIL_STAKE)
        self.bids[s] = self._bid_text(s)
        self.log("bid", f"{{p{s}}} bids {self.bids[s]}", s)
        if self.options["nil_swap"] and kind in SWAP_CAP and self.draw:
            self.phase = "swap"
            return
        self._next_bidder()

    def _bid_text(self, s: int) -> str:
        kind, n = self.bid_kind[s], self.bid_n[s]
        if kind == "bid":
            return str(n)
        if kind == "blind":
            return f"blind {n}"
        if kind == "nil" and self.stake[s] != NIL_STAKE:
            return f"nil ({self.stake[s]})"
        return kind.replace("_", " ")

    def _next_bidder(self) -> None:
        self.phase = "bid"
        self.bid_turn += 1
        if self.bid_turn < len(self.bid_order):
            self.to_act = self.bid_order[self.bid_turn]
            return
        if self.auction_seller is not None and self._start_auction():
            return
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.to_act = self.bid_order[0]

    # -- nil swapping (TS-10) ----------------------------------------------
    def _legal_swap(self) -> list[Action]:
        return [choose("swap", c) for c in self.hands[self.acting]] + [KEEP]

    def _apply_swap(self, action: Action) -> None:
        s = self.acting
        if action is KEEP:
            self._next_bidder()
            return
        hand = self.hands[s]
        hand.remove(action.the_card)
        new = self.draw.pop()
        self.draw.insert(0, action.the_card)  # burned to the bottom of the draw deck
        hand.append(new)
        hand.sort(key=by_index)
        self.swapped = with_seat(self.swapped, s, self.swapped[s] + 1)
        self.log("bid", f"{{p{s}}} swaps a card with the draw deck (-{SWAP_COST})", s)
        self.log(
            "info", f"You swapped {action.the_card} for {new}", s, visible_to=s, cards=(action.the_card, new)
        )
        if self.swapped[s] >= SWAP_CAP[self.bid_kind[s]] or not self.draw:
            self._next_bidder()

    # -- bag auction (TS-10) -------------------------------------------------
    def _open_auction(self) -> None:
        """Choose this hand's seller from the bags taken in the last hand (sale after bidding)."""
        self.auction_seller: int | None = None
        self.auction_left = 0
        self.buyers: tuple[int, ...] = ()  # still to be asked, in order
        if not self.options["auction"]:
            return
        offers = [min(AUCTION_CAP, self.earned_bags[s], self.bags[s]) for s in range(self.num_seats)]
        if max(offers) == 0:
            return
        order = self.bid_order
        seller = max(order, key=lambda s: (offers[s], self.bags[s], -self.scores[s], -order.index(s)))
        self.auction_seller, self.auction_left = seller, offers[seller]

    def _start_auction(self) -> bool:
        seller, order = self.auction_seller, self.bid_order
        buyers = [s for s in order if s != seller and self.bid_n[s] > 0]
        if not buyers:
            return False
        buyers.sort(key=lambda s: (self.scores[s], -self.bid_n[s], order.index(s)))
        self.phase = "auction"
        self.to_act, *rest = buyers
        self.buyers = tuple(rest)
        self.log("info", f"{{p{seller}}} auctions {plural(self.auction_left, 'bag')}", seller)
        return True

    def _legal_auction(self) -> list[Action]:
        most = min(self.auction_left, self.bid_n[self.acting])
        return [BUYS[k] for k in range(most + 1)]

    def _apply_auction(self, action: Action) -> None:
        s, k, seller = self.acting, action.number, self.auction_seller
        assert seller is not None, "bags are bought only in an auction"
        self.bought = with_seat(self.bought, s, self.bought[s] + k)
        self.auction_left -= k
        self.bags[seller] -= k
        self.log("bid", f"{{p{s}}} buys {plural(k, 'bag')} from {{p{seller}}}", s)
        if self.auction_left and self.buyers:
            self.to_act, self.buyers = self.buyers[0], self.buyers[1:]
            return
        self._start_play()

    def _legal_cash(self) -> list[Action]:
        return [CASH, NO_CASH]

    def _apply_cash(self, action: Action) -> None:
        s = self.acting
        self.phase = "play"
        if action is CASH:
            self.cashed = with_seat(self.cashed, s, self.cashed[s] + 1)
            self.log("info", f"{{p{s}}} cashes a bought bag (+10)", s)
            self.leader = self.to_act = next_seat(s, self.num_seats)
        if not self.hands[self.acting]:
            self._score_hand()

    # -- playing ---------------------------------------------------------
    def _legal_play(self) -> list[Action]:
        hand = self.hands[self.acting]
        if self.trick:
            return list(map(PLAYS.__getitem__, self._playable_follow(hand)))
        may_flip = self.tricks_played > 0 and not self.flipped and bool(self.draw)  # TS-1, TS-2
        acts = list(map(PLAYS.__getitem__, self._playable_lead(hand, may_flip)))
        if may_flip:
            acts.append(FLIP)
        return acts

    def _playable_lead(self, hand: list[Card], may_flip: bool) -> list[Card]:
        t = self.trump
        if t is None:  # TS-3: any suit card sets trump; a joker only from a hand of jokers
            return list(filter(_SUITED.__contains__, hand)) or hand
        trumps = list(filter(SUIT_CARDS[t].__contains__, hand))  # (the cards of a suit by set: in C)
        if trumps:
            return trumps
        if may_flip:
            return []  # void in trump: the leader must flip first
        return hand  # TS-2, TS-4: still void, lead anything (a joker calls for trumps)

    def _playable_follow(self, hand: list[Card]) -> list[Card]:
        led, t = self.led, self.trump
        if led is not None:
            same = list(filter(SUIT_CARDS[led].__contains__, hand))
            if same:
                return same
        if t is not None and not SUIT_CARDS[t].isdisjoint(hand):
            return list(filter(_SUITED.__contains__, hand))  # jokers only when void of trump
        return hand

    def _apply_play(self, action: Action) -> None:
        s = self.acting
        if action is FLIP:
            self._flip(s)
            return
        c = action.card
        assert c is not None  # (a play of a card)
        if not self.trick:
            if self.trump is None and c.suit is not None:
                self._set_trump(c.suit)  # TS-3
                self.log("info", f"{c.suit.noun.capitalize()} are trump", s)
            self.led = c.suit if c.suit is not None else self.trump  # TS-4
        self.play_to_trick(s, c)
        if len(self.trick) < self.num_seats:
            self.to_act = next_seat(s, self.num_seats)
        else:
            self._finish_trick()

    def _flip(self, s: int) -> None:
        c = self.draw.pop()
        self.up_cards.append(c)
        self.flipped = True
        self._set_trump(c.suit)
        trump = f"{c.suit.noun} are trump" if c.suit else "trump is open: the card led sets it"
        self.log("info", f"{{p{s}}} flips {c}; {trump}", s, cards=(c,))

    def _finish_trick(self) -> None:
        winner = self.collect_trick()
        self.tricks_played += 1
        self.flipped = False
        self.led = None
        self.leader = self.to_act = winner
        if self.bought[winner] > self.cashed[winner]:
            self.phase = "cash"
        elif not self.hands[winner]:
            self._score_hand()

    # -- scoring ---------------------------------------------------------
    def carried(self) -> list[float]:
        """Each bag on the counter is a tenth of the next bag penalty (TS-8)."""
        return [-b * self.options["bag_penalty"] / 10 for b in self.bags]

    def _score_hand(self) -> None:
        lines, points = [], []
        self.earned_bags = [0] * self.num_seats
        for s in range(self.num_seats):
            gained, line = self._score_seat(s)
            points.append(gained)
            lines.append(line)
        self.hands_played += 1
        self.sheet += (
            (
                self.hand_number,
                tuple(self.bids),
                tuple(self.tricks_won),
                tuple(points),
                tuple(self.scores),
                tuple(self.bags),
            ),
        )
        self.log("hand", f"Hand {self.hand_number} scored", lines=tuple(lines))
        if not self._match_over():
            self.dealer = next_seat(self.dealer, self.num_seats)
            self._deal()

    def _score_seat(self, s: int) -> tuple[int, str]:
        """Score one player's hand; returns the points and the sentence explaining them."""
        took = self.tricks_won[s] - self.cashed[s]  # cashed tricks became bought bags
        head = f"{{p{s}}}: {'' if self.bid_kind[s] in NIL_KINDS else 'bid '}{self.bids[s]}, took {took}"
        pts, bags, parts = self._contract(s, took)
        pts, bags = self._extras(s, pts, bags, parts)
        self.earned_bags[s] = bags
        line = f"{head}: {', '.join(parts)}; hand {pts:+d}"
        self.bags[s] += bags
        outs = self.bags[s] // 10  # TS-8: a separate bag counter; every 10 bags cost the penalty
        if outs:
            self.bags[s] -= 10 * outs
            penalty = outs * self.options["bag_penalty"]
            pts -= penalty
            line += f", {10 * outs} bags -{penalty}"
        self.scores[s] += pts
        return pts, f"{line}; total {self.scores[s]} ({plural(self.bags[s], 'bag')})"

    def _contract(self, s: int, took: int) -> tuple[int, int, list[str]]:
        """Points and bags of the bid itself: nil (TS-9), a contract made or set (TS-7), blind."""
        kind, n = self.bid_kind[s], self.bid_n[s]
        if kind in NIL_KINDS:  # the tricks of a failed nil count as bags
            stake = self.stake[s]
            pts, bags = (stake, 0) if took == 0 else (-stake, took)
            parts = [f"{kind.replace('_', ' ')} {'made' if took == 0 else 'failed'} {pts:+d}"]
            self.note_bid(s, took == 0)
        else:
            made = took >= n
            self.note_bid(s, made)
            pts, bags = (10 * n, took - n) if made else (-10 * n, 0)
            parts = [f"{'contract' if made else 'set'} {pts:+d}"]
            if kind == "blind" and took <= n:  # TS-9: the bonus only when met exactly; more: neither
                bonus = BLIND_BONUS if took == n else -BLIND_BONUS
                pts += bonus
                parts.append(f"blind {bonus:+d}")
        if bags:
            parts.append(f"{plural(bags, 'bag')} +{bags}")
        return pts + bags, bags, parts

    def _extras(self, s: int, pts: int, bags: int, parts: list[str]) -> tuple[int, int]:
        """Bought bags (cashed +10, the rest become bags) and nil swaps (-10 each), TS-10."""
        if self.bought[s]:
            cashed, unmet = self.cashed[s], self.bought[s] - self.cashed[s]
            pts += 10 * cashed
            parts.append(f"{plural(cashed, 'bought bag')} cashed +{10 * cashed}")
            if unmet:
                pts, bags = pts + unmet, bags + unmet
                parts.append(f"{plural(unmet, 'bought bag')} not cashed become bags +{unmet}")
        if self.swapped[s]:
            pts -= SWAP_COST * self.swapped[s]
            parts.append(f"{plural(self.swapped[s], 'swap')} -{SWAP_COST * self.swapped[s]}")
        return pts, bags

    def _match_over(self) -> bool:
        target, floor = self.options["target"], self.options["floor"]
        top = max(self.scores)
        leaders = tuple(s for s in range(self.num_seats) if self.scores[s] == top)
        if (top >= target or min(self.scores) <= floor) and len(leaders) == 1:
            # TS-12: a tie for the top means another hand
            reason = f"a player reached {target}" if top >= target else f"a player fell to {floor} or below"
            self._finish_match(leaders, reason)
            return True
        limit = self.options["hand_limit"]  # a short match the players chose, never a hidden stop
        if limit is not None and self.hands_played >= limit:
            self._finish_match(leaders, f"hand limit of {limit} reached; the top score wins")
            return True
        return False

    def _finish_match(self, winners: tuple[int, ...], reason: str) -> None:
        self._end_match(winners, reason, f"{self.scores[winners[0]]} points")

    # -- refusals ----------------------------------------------------------
    def _why_illegal(self, text: str) -> str:
        s = self.acting
        word_, _, arg = text.partition(" ")
        if self.phase == "bid":
            return self._why_bid(s, word_, arg) or super()._why_illegal(text)
        if self.phase == "play":
            return self._why_play(s, text) or super()._why_illegal(text)
        if self.phase == "auction" and word_ == "buy":
            return f"you may buy at most {plural(self._legal_auction()[-1].number, 'bag')} (no more than are offered or you bid)"
        return super()._why_illegal(text)

    def _why_bid(self, s: int, w: str, arg: str) -> str:
        if w in ("blind", "blind_nil"):
            if not self.options[w]:
                return f"{w.replace('_', ' ')} bids are not allowed in this game (option {w})"
            if self.revealed[s]:
                return "a blind bid must be made before you look at your cards"
            if not self._may_bid_blind(s):
                return f"a blind bid needs you to be at least {self.options['blind_behind']} points behind the leader"
            return f"blind bids run from 1 to {BLIND_CAP}"
        if not self.revealed[s] and w in ("bid", "nil"):
            return "decide first: look at your cards or bid blind"
        if w == "nil":
            if not self.options["nil"]:
                return "nil bids are not allowed in this game (option nil)"
            if self.options["nil_wager"]:
                return "a nil wager is 10, 20, 30, 40 or 50 points (nil 10 ... nil 50)"
            return "nil takes no wager in this game (option nil_wager is off)"
        if w == "bid":
            return f"bids run from 1 to {HAND_SIZE}" + (", or nil" if self.options["nil"] else "")
        return ""

    def _why_play(self, s: int, text: str) -> str:
        hand = self.hands[s]
        if text == "flip":
            if self.trick:
                return "only the leader may flip, before leading"
            if self.tricks_played == 0:
                return "the first trump card must be played through the first trick: no flip on trick 1"
            if self.flipped:
                return "you have already flipped for this lead"
            return "the draw deck is empty"
        c = next((x for x in hand if x.text == text), None)
        if c is None:
            return "you do not hold that card" if any(x.text == text for x in PACK) else ""
        t = self.trump
        if not self.trick:
            trumps = [x for x in hand if x.suit is t] if t else []
            if t is not None and trumps:
                what = (
                    "a joker may be led only when you hold no trump"
                    if c.suit is None
                    else "you must lead trump"
                )
                return f"{what} ({t.noun}; you hold {cards_text(trumps)})"
            if t is None:
                return "a joker may be led only when you hold no suit card: the card led sets trump"
            return f"you hold no {t.noun}, so you must flip a new trump card first"
        led = self.led
        same = [x for x in hand if x.suit is led] if led else []
        if led is not None and same:
            return f"you must follow {led.noun} (you hold {cards_text(same)})"
        trumps = [x for x in hand if x.suit is t]
        noun = t.noun if t is not None else "none turned yet"
        return f"a joker may be played only when you hold no trump ({noun}; you hold {cards_text(trumps)})"

    # -- views and checks ------------------------------------------------
    def _adjust_view(self, seat: int | None, fields: dict[str, Any]) -> None:
        if seat is not None and not self.revealed[seat]:
            fields["hand"] = ()  # a blind bid is made before the hand is seen

    def _view_trump(self) -> str:
        if self.trump is None:
            return "trump open (a joker is turned up)"
        return f"{self.trump.noun} trump"

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        info = [
            InfoLine("trump", "Trump", self._view_trump()),
            InfoLine("deck", "Draw deck", f"{plural(len(self.draw), 'card')}"),
            InfoLine(
                "hand",
                "Hand",
                f"{self.hand_number} (to {self.options['target']}, out at {self.options['floor']})",
            ),
        ]
        for s in range(self.num_seats):
            bid = self.bids[s] or "-"
            info.append(
                InfoLine(
                    f"seat{s}", f"{{p{s}}}", f"bid {bid}, took {self.tricks_won[s]}, bags {self.bags[s]}"
                )
            )
        if self.options["auction"] and (self.auction_seller is not None or any(self.bought)):
            info.append(
                InfoLine(
                    "auction",
                    "Auction",
                    f"{{p{self.auction_seller}}} sells; bought "
                    + ", ".join(f"{{p{s}}} {b}" for s, b in enumerate(self.bought) if b),
                )
            )
        return info

    def _view_extra(self, seat: int | None) -> TrumpSuitView:
        return TrumpSuitView(
            trump_suit=self.trump.letter if self.trump else None,
            pile=tuple(self.up_cards),
            deck_count=len(self.draw),
            bags=tuple(self.bags),
            sheet=tuple(SheetRow(*row) for row in self.sheet),
            bid_kinds=tuple(self.bid_kind),
            bid_values=tuple(self.bid_n),
            bought=tuple(self.bought),
            cashed=tuple(self.cashed),
            tricks_played=self.tricks_played,
            target=self.options["target"],
        )

    def _prompt(self) -> str:
        if self.phase == "bid":
            if not self.revealed[self.acting]:
                return "Bid blind now, or look at your cards first"
            return "Bid how many tricks you will take (1-13)" + (" or nil" if self.options["nil"] else "")
        if self.phase == "swap":
            return "Swap a card with the draw deck (-10 each), or keep your hand"
        if self.phase == "auction":
            return f"{plural(self.auction_left, 'bag')} for sale: how many will you buy?"
        if self.phase == "cash":
            return "Cash a bought bag with this trick, or keep it and lead"
        if self.trick:
            return f"Follow {self.led.noun} if you can" if self.led else "Play any card"
        if self.trump is None:
            return "Lead any card: its suit becomes trump"
        acts = self.legal_actions()
        if acts == [FLIP]:
            return f"You hold no {self.trump.noun}: flip a new trump card"
        return f"Lead a {self.trump.noun[:-1]}" + (" or flip a new trump" if FLIP in acts else "")

    def deck(self) -> list[Card]:
        return list(PACK)

    # -- possible worlds (issue 13) -----------------------------------------------
    def _hidden_places(self, seat: int) -> list:
        """Other hands and the draw deck; before a blind decision the seat's own hand too."""
        places = super()._hidden_places(seat)
        if not self.revealed[seat]:
            places.insert(0, Place("hands", seat, len(self.hands[seat])))
        return places

    def _hidden_piles(self, seat: int) -> list:
        """The draw deck; a nil swapper knows the cards it put at the bottom (they stay at the
        bottom of every world's deck, below the other cards, in the order they lie)."""
        mine = {
            e.cards[0]
            for e in self.events
            if e.hand == self.hand_number and e.visible_to == seat and e.kind == "info" and len(e.cards) == 2
        }
        return [self.pile("draw", [c for c in self.draw if c in mine])]

    def _forbidden_cards(self, seat: int, unseen: set[Card]) -> dict[int, frozenset[Card]]:
        """What play showed each other hand lacks: a lead off trump (TS-1, TS-2) or a joker
        (TS-3, TS-4), a failure to follow, a joker played by a follower (no trump held)."""
        lacking: dict[int, set[Suit | None]] = {}
        for s, c, lead, led, trump in self._plays_with_trump():
            if s != seat:
                lacking.setdefault(s, set()).update(_lacks(c, lead, led, trump))
        out = {}
        for s, suits in lacking.items():
            if suits:
                out[s] = frozenset(
                    c for c in unseen if c.suit in suits or (None in suits and c.suit is not None)
                )
        return out

    def _plays_with_trump(self):
        """(seat, card, whether it led, the led suit, trump then) for each play of this hand,
        following the trump pile through flips and a lead that sets trump (TS-3)."""
        trump = self.up_cards[0].suit if self.up_cards else None
        led, lead = None, True
        for e in self.events:
            if e.hand != self.hand_number:
                continue
            if e.kind == "info" and e.cards and e.visible_to is None:  # a flip
                trump = e.cards[0].suit
            elif e.kind == "play":
                c = e.cards[0]
                yield e.seat, c, lead, led, trump
                if lead:
                    trump = trump or c.suit
                    led, lead = (c.suit if c.suit is not None else trump), False
            elif e.kind == "trick":
                led, lead = None, True

    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["draw deck"] = list(self.draw)
        zones["trump pile"] = list(self.up_cards)
        return zones

    def check_invariants(self) -> None:
        assert sum(self.tricks_won) * self.num_seats == sum(len(w) for w in self.won)
        assert all(0 <= b < 10 or self.options["auction"] for b in self.bags)
        totals = [sum(row[3][s] for row in self.sheet) for s in range(self.num_seats)]
        assert totals == self.scores, "the score sheet must add up to the totals"
        assert len({len(h) for h in self.hands}) <= 2


def _lacks(c: Card, lead: bool, led: Suit | None, trump: Suit | None) -> set[Suit | None]:
    """Suits a player cannot hold, given that it played ``c`` (as the lead, or to a trick whose
    led suit is ``led``).  ``None`` in the result stands for every suit (a joker led while trump
    was open)."""
    if lead:  # a lead: off trump only when void in it; a joker on open trump only from jokers
        if trump is None:
            return {None} if c.suit is None else set()
        return set() if c.suit is trump else {trump}
    lacks: set[Suit | None] = set() if led is None or c.suit is led else {led}
    if c.suit is None and trump is not None:
        lacks.add(trump)  # a joker only from a player holding no trump
    return lacks


class TrumpSuitRules(Rules):
    state_class = TrumpSuit
    options = (
        Option(
            "target",
            500,
            "The winning total: the match ends when someone reaches it.",
            minimum=100,
            maximum=2000,
        ),
        Option(
            "floor",
            -200,
            "The losing total: the match ends when someone falls to it.",
            minimum=-1000,
            maximum=-50,
        ),
        Option("nil", True, "Allow nil bids (take no trick: +100 made, -100 failed)."),
        Option("nil_wager", False, "Nil bidders stake 10 to 50 points (steps of 10) instead of 100."),
        Option(
            "blind",
            False,
            "Allow blind bids of 1 to 7 before looking at your cards (+100 on top if met "
            "exactly, -100 if short).",
        ),
        Option("blind_nil", False, "Allow blind nil before looking at your cards (+/-200)."),
        Option(
            "blind_behind",
            0,
            "Blind bids need you to trail the leader by at least this many points.",
            minimum=0,
            maximum=500,
        ),
        Option(
            "nil_swap",
            False,
            "After a nil bid swap up to 2 cards with the draw deck (3 after blind nil, 1 "
            "after a blind bid), -10 each.",
        ),
        Option(
            "auction",
            False,
            "The player with the most bags last hand auctions up to 3 of them to the others.",
        ),
        Option("bag_penalty", 100, "Points lost for every 10 bags.", choices=(100, 110)),
        hand_limit_option(),
    )
    summary = """\
Trump Suit — 2 or 3 players, 52 cards plus a big and a little joker; everyone for themselves.

Each player gets 13 cards.  The rest is the draw deck; its top card is turned up onto the
trump pile, and the suit of the pile's top card is trump.  The jokers are the best trumps:
big joker, little joker, then A K Q ... 2 of the trump suit.

Bid how many tricks you will take, 1 to 13, or nil (none at all).

The leader must lead a trump.  From the second trick on, the leader may first flip the next
draw card onto the pile to change trump, and must flip when holding no trump.  Still no trump
after the flip, or no card left to flip?  Lead anything.  A turned-up joker leaves trump open:
the suit of the next card led becomes trump.  Follow the led suit if you can, otherwise play
anything; but a joker may only be played by someone holding no trump.  The highest trump wins
the trick, otherwise the highest card of the suit led; the winner leads next.

Scoring: make your bid and score 10 per trick bid plus 1 per extra trick (a bag); fall short
and lose 10 per trick bid.  Every 10 bags cost 100 points.  Nil: +100 if you take no trick,
-100 otherwise.  First to 500 wins; if someone sinks to -200 the leader wins.  A tie for the
top means another hand.

Options: blind bids and blind nil (bid before seeing your cards), nil wagers of 10 to 50,
nil swapping with the draw deck, bag auctions, a 110-point bag penalty, other totals, and
hand_limit, off unless you set it: a shorter match that ends after that many hands, the top
score winning (level top scores share it), with the result saying the limit was reached."""

    def check(self, num_seats: int, options: dict[str, Any]) -> None:
        if options["nil_wager"] and not options["nil"]:
            raise BadOptionError("option nil_wager=true needs nil=true: there is no nil bid to wager on")
        if options["nil_swap"] and not (options["nil"] or options["blind_nil"] or options["blind"]):
            raise BadOptionError(
                "option nil_swap=true needs nil=true, blind_nil=true or blind=true: "
                "there is no bid that may swap"
            )

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        text = f"first to {plural(options['target'], 'point')} (or down to {options['floor']})"
        return limited(text, options["hand_limit"])

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A hand: a look or blind bid and a bid per player, up to three swaps each, the bag
        sale (an offer and a buy per player), and per trick a flip, a cash decision and a card
        from each player: at most 20 x seats + 30 actions.  Hands: hand_limit, else the match
        ends when someone reaches the target or the floor; a hand moves every score by 10 or
        more (a bid made or set, a nil), so the bound allows one hand for every 5 points
        between floor and target, plus 50 (TS-12's tied tops play on)."""
        hands = options["hand_limit"] or (options["target"] - options["floor"]) // 5 + 50
        return hands * (20 * num_seats + 30)


RULES = TrumpSuitRules()
