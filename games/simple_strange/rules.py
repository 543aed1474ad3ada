"""Simple Strange: every trick is two cards from each player, scored by pips (seed 000).

Three players share two shuffled packs (104 cards): 34 cards each, and the last two cards are
turned up.  The suits of those up-cards are trump (one or two suits), and the other copies of
the up-cards, wherever they sit, are the super-trumps: the higher is worth 29 pips, the lower
28 (SS-5: equal ranks are both 28; SS-6: two identical up-cards leave no super-trump in play,
two up-cards of one suit give one trump suit with a 29 and a 28).

Left of the dealer leads two cards of their choice.  Each other player, clockwise, answers
with two cards, each set against one led card (SS-3: the player states the pairing).  Against
each led card a player must play that card's suit if they hold it; if both led cards share a
suit they must play as many of it as they hold, up to two (SS-4).  A player without the suit
may trump or throw away.  Pips: a super-trump counts 28/29 and any other trump 13 + rank
(J 11, Q 12, K 13, A 14), whatever it is played against; a plain card counts its rank when it
matches the suit of the led card it is set against (the leader's own cards always count) and
0 when thrown away.  The highest total takes the trick.  A shared highest total (SS-2) draws
the trick: its cards stay out, the same leader leads again, and the next decided trick's
winner is credited with it too (SS-8).  A drawn last trick abandons every pending trick.

The match (SS-9) is ``deals`` deals with the dealer rotating clockwise.  **Match score =
tricks won per deal, summed over the deals**; the most total tricks wins and a tie is a
shared win (SS-7).  Option ``hand_size`` gives the two-player variant's 32 or 34 cards each
(three players always get 34); the cards left after the two up-cards sit out.  Reoccurring
Strange (SS-10) is not implemented: its carry-over rules were not recovered.

Action model (design.md: a several-card decision may be a short sequence of atomic actions):
the leader plays ``play(card)`` twice; a follower plays ``play(card, slot)`` (``QS@1``,
``QS@2``) to set a card against led card 1 or 2.  The first card of a seat is *staged*: it
leaves the hand but is not on the table, only that seat's view shows it
(``extra.staged``) and ``takeback`` returns it to the hand.  The second card commits the
pair as one :class:`Play` (cards in led-card order, ``note`` with the pip sum).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.actions import Action, play, word
from games.core.bounds import TAKE_BACKS
from games.core.cards import ALL_CARDS, SUIT_CARDS, Card, Suit, card, cards_text, deck_52, deck_double
from games.core.clone import SHARED
from games.core.errors import BadOptionError
from games.core.options import Option
from games.core.state import Rules
from games.core.trickgame import TrickGame, trick_play, trick_result
from games.core.tricks import next_seat, shared_ranking
from games.core.views import InfoLine, TrickResult
from games.core.words import counted, limited, plural

from .viewdata import Staged, StrangeView

TAKEBACK = word("takeback")
# the interned actions, looked up instead of built (speed): play(c), and play(c, slot) by slot - 1
_PLAY = {c: play(c) for c in deck_52()}
_PLAY_AT = ({c: play(c, 1) for c in deck_52()}, {c: play(c, 2) for c in deck_52()})
_SLOT = {a: k for k, plays in enumerate(_PLAY_AT) for a in plays.values()}  # play against led card k
# where each play comes in a legal list: by card, and a card against led card 1 before 2
_PLACE = {a: 2 * a.the_card.index + k for k, plays in enumerate(_PLAY_AT) for a in plays.values()}
_PLACE.update({a: 2 * a.the_card.index for a in _PLAY.values()})
_CARD_TEXT = re.compile(r"(10|[2-9JQKA])[SHDC]")


# ---------------------------------------------------------------- pips (shared with the bot)


def super_trump_pips(up_cards: Sequence[Card]) -> dict[Card, int]:
    """Super-trump values from the two up-cards (SS-5, SS-6)."""
    a, b = up_cards
    if a is b:
        return {}  # SS-6: both copies are turned up, no super-trump is in play
    if a.rank == b.rank:
        return {a: 28, b: 28}  # SS-5: neither is higher
    hi, lo = (a, b) if a.rank > b.rank else (b, a)
    return {hi: 29, lo: 28}


def pip_value(c: Card, against: Card, trumps: tuple[Suit, ...] | list[Suit], supers: dict[Card, int]) -> int:
    """Pips of card ``c`` set against led card ``against`` (a leader's card is set against itself)."""
    p = supers.get(c)
    if p is not None:
        return p
    if c.suit in trumps:
        return 13 + c.rank
    return c.rank if c.suit is against.suit else 0


def pair_allowed(
    hand: list[Card], led: tuple[Card, Card], slot: int, staged: Card | None
) -> tuple[list[Card], str]:
    """Cards of ``hand`` a follower may set against led card ``slot`` (0 or 1), and the rule.

    ``hand`` excludes ``staged``, the card already set against the other slot (or None when this
    is the seat's first card, which must then leave a legal second card).  SS-3 / SS-4.
    """
    return list(allowed_cards(hand, led, slot, staged)), _pair_rule(hand, led, slot, staged)


def allowed_cards(hand: list[Card], led: tuple[Card, Card], slot: int, staged: Card | None) -> list[Card]:
    """The cards of :func:`pair_allowed` without its sentence (legal lists need no text: speed).
    May return ``hand`` itself: do not change the result."""
    s, other = led[slot].suit, led[1 - slot].suit
    own = list(filter(SUIT_CARDS[s].__contains__, hand))  # the hand's cards of suit s
    if s is other:  # SS-4: as many of the suit as held, up to two
        held = len(own) + (1 if staged is not None and staged.suit is s else 0)
        if held >= 2 or (held == 1 and staged is not None and staged.suit is not s):
            return own
        return hand
    if own:
        return own
    if staged is None:  # the other slot must still be fillable after this card
        need = list(filter(SUIT_CARDS[other].__contains__, hand))
        if len(need) == 1:
            return [c for c in hand if c is not need[0]]
    return hand


def _pair_rule(hand: list[Card], led: tuple[Card, Card], slot: int, staged: Card | None) -> str:
    """The sentence of :func:`pair_allowed`: why other cards may not go against led card ``slot``."""
    s, other = led[slot].the_suit, led[1 - slot].the_suit  # two packs without jokers
    if s is other:
        held = [c for c in hand + ([staged] if staged is not None else []) if c.suit is s]
        return (
            f"you must play {min(2, len(held))} {s.noun} against {led[0]} and {led[1]} "
            f"(you hold {cards_text(held)})"
        )
    own = [c for c in hand if c.suit is s]
    if staged is None and not own:
        need = [c for c in hand if c.suit is other]
        if len(need) == 1:
            return f"you must keep {need[0]} for {led[1 - slot]}"
    return f"you must play {s.noun} against {led[slot]} (you hold {cards_text(own)})"


class SimpleStrange(TrickGame):
    """State of a Simple Strange match.  Phases: ``play`` (the only decision), ``over``."""

    PLAIN_TRICKS = False  # two cards a player, super-trumps

    LABELS = {"takeback": "Take back"}
    _COPY = {
        "pack": SHARED,
        "stock": SHARED,  # replaced at each deal, never changed in place
        "supers": SHARED,  # replaced at each deal, never changed in place
    }  # how clone() copies our mutable attributes; pending, abandoned and pips are tuples

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = deck_double()
        self.stock: list[Card] = []  # cards set aside (two-player variant)
        self.won: list[tuple[Card, ...]] = [()] * num_seats
        self.pending: tuple[TrickResult, ...] = ()  # drawn tricks waiting for a decided trick (SS-8)
        self.abandoned: tuple[Card, ...] = ()  # drawn tricks left when the last trick was drawn
        self.abandoned_tricks = 0
        self.staged: tuple[Card, int | None] | None = None  # (card, slot) of the seat to act
        self.trumps: tuple[Suit, ...] = ()
        self.supers: dict[Card, int] = {}
        self.pips: tuple[int, ...] = ()  # pip total of each committed pair in the trick
        self.deals_played = 0
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- dealing ---------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        deck, order = self._deal_hands(self.options["hand_size"])
        self.set_up_cards([deck.pop(), deck.pop()])
        self.stock = deck
        self.tricks_won = [0] * n
        self.pending, self.abandoned, self.abandoned_tricks = (), (), 0
        self.trick, self.pips, self.staged = (), (), None  # last_trick stays reviewable
        self.leader = self.to_act = order[0]
        self.phase = "play"
        supers = ", ".join(f"{c} ({p})" for c, p in self._super_list()) or "none in play"
        self.log(
            "deal",
            f"Deal {self.hand_number}: {{p{self.dealer}}} deals and turns up {cards_text(self.up_cards)}; "
            f"{self.ranking.describe()}, super-trumps {supers}",
            self.dealer,
            cards=tuple(self.up_cards),
        )

    def set_up_cards(self, up: list[Card]) -> None:
        """Turn up these two cards: trump suits and super-trumps follow from them."""
        self.up_cards = tuple(up)
        self.trumps = tuple(dict.fromkeys(c.the_suit for c in up))
        self.supers = super_trump_pips(self.up_cards)
        self.ranking = shared_ranking(self.trumps)

    def _super_list(self) -> list[tuple[Card, int]]:
        return sorted(self.supers.items(), key=lambda kv: (-kv[1], kv[0].index))

    # -- legal actions ---------------------------------------------------
    def led(self) -> tuple[Card, Card] | None:
        return self.trick[0].cards if self.trick else None  # type: ignore[return-value]

    def takes_back(self, action: Action) -> bool:
        return action.kind == "takeback"  # the staged first card back to the hand

    def _legal(self) -> list[Action]:
        """Each card once (the packs' two copies are one choice), in the pack's order; a
        follower's card once against each led card it may go against, led card 1 first."""
        hand = self.hands[self.acting]
        led = self.led()
        acts: list[Action]
        if led is None:
            acts = [*map(_PLAY.__getitem__, set(hand))]
        elif self.staged is None:
            at_1, at_2 = _PLAY_AT
            acts = [
                *map(at_1.__getitem__, set(allowed_cards(hand, led, 0, None))),
                *map(at_2.__getitem__, set(allowed_cards(hand, led, 1, None))),
            ]
        else:
            staged, slot = self.staged
            assert slot is not None, "a follower's first card went against a led card"
            k = 1 - slot
            acts = [*map(_PLAY_AT[k].__getitem__, set(allowed_cards(hand, led, k, staged)))]
        acts.sort(key=_PLACE.__getitem__)
        if self.staged is not None:
            acts.append(TAKEBACK)
        return acts

    def _why_illegal(self, text: str) -> str:
        hand, led = self.hands[self.acting], self.led()
        if text == "takeback":
            return "you have no card staged to take back"
        card_text, at, slot_text = text.partition("@")
        if not _CARD_TEXT.fullmatch(card_text):
            return super()._why_illegal(text)
        c = next((x for x in hand if x.text == card_text), None)
        if c is None:
            return (
                "that card is already staged (take it back first)"
                if self.staged and card_text == self.staged[0].text
                else f"you do not hold {card_text}"
            )
        if led is None:
            return (
                f"the leader plays two cards without a slot: type {c}" if at else super()._why_illegal(text)
            )
        if not at or slot_text not in ("1", "2"):
            slots = [f"{a.text} (vs {led[a.number - 1]})" for a in self.legal_actions() if a.card is c]
            if slots:
                return f"say which led card it goes against: {' or '.join(slots)}"
            # against neither led card: give the rule for the first open slot
            open_slot = 0 if self.staged is None or self.staged[1] != 0 else 1
            return pair_allowed(hand, led, open_slot, self.staged[0] if self.staged else None)[1]
        k = int(slot_text) - 1
        if self.staged is not None and self.staged[1] == k:
            return f"you already set {self.staged[0]} against {led[k]}: play against led card {2 - k}"
        staged = self.staged[0] if self.staged else None
        return pair_allowed(hand, led, k, staged)[1]

    # -- applying actions ------------------------------------------------
    def _apply(self, action: Action) -> None:
        seat = self.acting
        if action is TAKEBACK and self.staged is not None:
            self.hands[seat].append(self.staged[0])
            self.staged = None
            return
        c, slot = action.card, _SLOT.get(action)  # the led card it goes against (None: a lead)
        assert c is not None  # every action but the take-back plays a card
        self.hands[seat].remove(c)
        if self.staged is None:
            self.staged = (c, slot)
            return
        first, first_slot = self.staged
        self.staged = None
        if slot is None:  # the leader: led-card order is the order played
            pair = (first, c)
        else:
            pair = (first, c) if first_slot == 0 else (c, first)
        self._commit(seat, pair)

    def _commit(self, seat: int, pair: tuple[Card, Card]) -> None:
        trick, trumps, supers = self.trick, self.trumps, self.supers
        led = trick[0].cards if trick else pair
        first, second = pip_value(pair[0], led[0], trumps, supers), pip_value(pair[1], led[1], trumps, supers)
        where = f"vs {led[0].text}/{led[1].text}" if trick else "led"
        note = f"{where}: {first}+{second}={first + second}"
        self.trick += (trick_play(seat, pair, note),)
        self.pips += (first + second,)
        self.log("play", f"{{p{seat}}} plays {pair[0].text} {pair[1].text} ({note})", seat, cards=pair)
        if len(self.trick) < self.num_seats:
            self.to_act = next_seat(seat, self.num_seats)
        else:
            self._finish_trick()

    def totals(self) -> list[tuple[int, int]]:
        """(seat, pip total) of each committed pair in the current trick."""
        return [(p.seat, t) for p, t in zip(self.trick, self.pips)]

    def _finish_trick(self) -> None:
        pips = self.pips
        best = max(pips)
        summary = ", ".join([f"{{p{p.seat}}} {t}" for p, t in zip(self.trick, pips)])
        if pips.count(best) == 1:  # decided: the winner collects this trick and every pending one (SS-8)
            self._win_trick(self.trick[pips.index(best)].seat, summary)
        else:  # SS-2: a shared highest total draws the trick
            self.pending += (trick_result(self.trick, None, f"drawn at {best}"),)
            self.last_trick = self.pending[-1]
            self.log(
                "trick",
                f"The trick is drawn ({summary}); {plural(len(self.pending), 'drawn trick')} pending",
                cards=tuple(self.trick_cards()),
            )
        self.trick, self.pips = (), ()
        self.to_act = self.leader
        if not self.hands[self.leader]:
            self._score_deal()

    def _win_trick(self, winner: int, summary: str) -> None:
        count = 1 + len(self.pending)
        cards = tuple([c for p in self.trick for c in p.cards])
        self.won[winner] += cards
        for t in self.pending:
            self.won[winner] += tuple([c for p in t.plays for c in p.cards])
        self.pending = ()
        self.tricks_won[winner] += count
        self.last_trick = trick_result(self.trick, winner, plural(count, "trick"))
        extra = f" and {plural(count - 1, 'drawn trick')}" if count > 1 else ""
        self.log("trick", f"{{p{winner}}} wins the trick{extra} ({summary})", winner, cards=cards)
        self.leader = winner

    def _score_deal(self) -> None:
        lines = []
        if self.pending:  # a drawn last trick abandons every pending trick
            self.abandoned_tricks = len(self.pending)
            self.abandoned = tuple([c for t in self.pending for p in t.plays for c in p.cards])
            self.pending = ()
            lines.append(
                f"The last trick was drawn: {plural(self.abandoned_tricks, 'drawn trick')} abandoned"
            )
        for s in range(self.num_seats):
            self.scores[s] += self.tricks_won[s]
            lines.append(
                f"{{p{s}}}: {plural(self.tricks_won[s], 'trick')} this deal, {self.scores[s]} in total"
            )
        self.deals_played += 1
        self.log("hand", f"Deal {self.hand_number} scored", lines=tuple(lines))
        if self.deals_played >= self.options["deals"]:
            self._finish_match()
        else:
            self.dealer = next_seat(self.dealer, self.num_seats)
            self._deal()

    def _finish_match(self) -> None:
        best, winners = self._top_scorers()  # SS-7
        self._end_match(winners, f"most tricks over {plural(self.deals_played, 'deal')}", f"{best} tricks")

    # -- views and checks ------------------------------------------------
    def _adjust_view(self, seat: int | None, fields: dict[str, Any]) -> None:
        if self.staged is not None and self.to_act is not None:
            sizes = list(fields["hand_sizes"])
            sizes[self.to_act] += 1  # a staged card is still its owner's until committed
            fields["hand_sizes"] = tuple(sizes)

    def _sorted_hand(self, seat: int) -> list[Card]:
        return sorted(
            self.hands[seat], key=_display_places(self.trumps, tuple(self.supers.items())).__getitem__
        )

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        supers = ", ".join(f"{c} ({p})" for c, p in self._super_list()) or "none in play"
        return [
            InfoLine("deal", "Deal", f"{self.hand_number} of {self.options['deals']}"),
            InfoLine("trumps", "Trumps", " and ".join(s.noun for s in self.trumps)),
            InfoLine("supers", "Super-trumps", supers),
            InfoLine("pending", "Drawn tricks pending", str(len(self.pending))),
        ]

    def _view_extra(self, seat: int | None) -> StrangeView:
        staged = None
        if seat is not None and seat == self.to_act and self.staged is not None:
            c, slot = self.staged
            staged = Staged(c, None if slot is None else slot + 1)
        return StrangeView(
            trumps=tuple(s.letter for s in self.trumps),
            super_trumps=tuple(c for c, _ in self._super_list()),
            super_pips=tuple(self.supers.items()),
            pending=tuple(self.pending),
            staged=staged,
        )

    def _prompt(self) -> str:
        led = self.led()
        if led is None:
            return (
                "Lead your second card (or take back " + str(self.staged[0]) + ")"
                if self.staged
                else "Lead two cards: choose the first"
            )
        if self.staged and self.staged[1] is not None:
            k = 1 - self.staged[1]
            return f"Play a card against {led[k]} (@{k + 1}), or take back {self.staged[0]}"
        return f"Play two cards, one against {led[0]} (@1) and one against {led[1]} (@2)"

    # -- possible worlds (issue 13) ---------------------------------------
    def sampler(self, seat: int):
        """As TrickGame's, but another seat's staged card (hidden: only its owner sees it) goes
        back into that seat's hand first, so worlds never show which card or slot it was."""
        if self.staged is None or self.to_act == seat:
            return super().sampler(seat)
        twin = self.clone()
        twin.hands[self.acting].append(self.staged[0])
        twin.staged = None
        return twin.sampler(seat)

    def _hidden_piles(self, seat: int) -> list:
        return [self.pile("stock")]

    def _refused(self, past, unseen: set[Card]) -> list[Card]:
        """A follower's pair shows which suits it lacked (SS-3, SS-4): a suit is refused when
        holding one more card of it would have made the pair illegal (legality depends on suits
        only, so one card of each suit is tried)."""
        if len(past.before) < 2:
            return []  # the leader may lead anything
        led, cards = (past.before[0], past.before[1]), past.cards
        refused = {s for s in Suit if not _pair_legal([*cards, card(2, s)], led, cards)}
        return [c for c in unseen if c.suit in refused]

    def zones(self) -> dict[str, list[Card]]:
        zones = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        zones.update({f"won {s}": list(w) for s, w in enumerate(self.won)})
        zones["staged"] = [self.staged[0]] if self.staged else []
        zones["trick"] = self.trick_cards()
        zones["pending"] = [c for t in self.pending for p in t.plays for c in p.cards]
        zones["abandoned"] = list(self.abandoned)
        zones["stock"] = list(self.stock) + list(self.up_cards)
        return zones

    def check_invariants(self) -> None:
        per_trick = 2 * self.num_seats
        assert sum(len(w) for w in self.won) == per_trick * sum(self.tricks_won)
        assert len(self.abandoned) == per_trick * self.abandoned_tricks
        assert all(len(t.plays) == self.num_seats for t in self.pending)
        sizes = {
            len(h) + (1 if self.staged and s == self.to_act else 0)
            for s, h in enumerate(self.hands)
            if s not in {p.seat for p in self.trick}
        }
        assert len(sizes) <= 1, "every seat yet to play holds the same number of cards"


def _pair_legal(hand: list[Card], led: tuple[Card, Card], pair: tuple[Card, ...]) -> bool:
    """Whether a follower holding ``hand`` may set ``pair`` (in led-card order) against ``led``,
    staging either card first."""
    for first in (0, 1):
        rest = list(hand)
        rest.remove(pair[first])
        if pair[first] in allowed_cards(hand, led, first, None) and pair[1 - first] in allowed_cards(
            rest, led, 1 - first, pair[first]
        ):
            return True
    return False


@functools.cache
def _display_places(
    trumps: tuple[Suit, ...], super_pips: tuple[tuple[Card, int], ...]
) -> dict[Card, tuple[int, int, int]]:
    """Each card's place in a hand on screen, for a deal with these trumps and super-trumps
    (with their pips): super-trumps first, then by suit (trumps first), then rank high to low
    (a table made once for each pair of up-cards: every view sorts a hand)."""
    supers = dict(super_pips)
    order = {s: i for i, s in enumerate(trumps)}
    rest = [s for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS) if s not in order]
    order.update({s: len(trumps) + i for i, s in enumerate(rest)})
    return {c: (-supers.get(c, 0), order[c.the_suit], -c.rank) for c in ALL_CARDS if c.suit is not None}


class SimpleStrangeRules(Rules):
    state_class = SimpleStrange
    options = (
        Option(
            "deals",
            1,
            "Deals in the match, the dealer rotating clockwise; the most total tricks wins.",
            minimum=1,
            maximum=12,
        ),
        Option(
            "hand_size",
            34,
            "Cards dealt to each player: 34, or 32 in the two-player variant.",
            choices=(34, 32),
        ),
    )
    summary = """\
Simple Strange — 3 players (or 2 in a variant), two packs shuffled together (104 cards).

Each player gets 34 cards and the last two are turned up.  Their suits are trump (often two
trump suits).  The other copies of the two up-cards are the super-trumps, the best cards of
all: the higher one is worth 29 pips, the lower 28 (equal ranks: both 28).

Every trick is two cards from each player.  The player left of the dealer leads any two
cards.  Each other player in turn sets one card against each led card: you must play the led
card's suit against it when you hold that suit (if both led cards share a suit, play as many
of it as you hold, up to two).  Otherwise trump or throw away.  Type QS@1 or QS@2 to say
which led card your card goes against; your first card stays private until your second is
down, and "takeback" returns it to your hand.

Pips: a trump counts 13 + its rank (J 11, Q 12, K 13, A 14), a super-trump 28 or 29, always.
A plain card counts its rank when it matches the suit of the led card it is set against (the
leader's cards always count) and 0 when thrown away.  The highest total wins the trick and
leads next.  A tie for the highest total draws the trick: it stays on the table and goes to
the winner of the next decided trick.  If the last trick is drawn, the pending tricks are
lost.  Seventeen tricks make a deal; the most tricks wins, and ties share the win.

Two players: 32 or 34 cards each (option hand_size), the next two turned up, the rest unused.
Option deals plays several deals with the dealer rotating; total tricks decide the match."""

    def check(self, num_seats: int, options: dict[str, Any]) -> None:
        if num_seats == 3 and options["hand_size"] != 34:
            raise BadOptionError(
                f"option hand_size={options['hand_size']} is only for two players: "
                "three players always get 34 cards"
            )

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        deals = options["deals"]
        if deals == 1:
            return "One deal: the most tricks wins"
        return limited(f"{counted(deals, 'deal')}: the most tricks in all wins", None)

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """``deals`` deals; in each every player plays the cards dealt, one action a card, and
        a staged first card may be taken back (TAKE_BACKS actions a card).  A drawn trick's
        cards stay out, so no card is played twice."""
        return options["deals"] * num_seats * options["hand_size"] * TAKE_BACKS


RULES = SimpleStrangeRules()
