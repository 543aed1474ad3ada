"""Contract Grid: a three-player trick game played for a grid of contracts (seed 002).

Before the first hand every player writes the contracts into their own grid (4x4, sixteen
contracts, all different).  Each hand deals the whole pack; starting left of the dealer each
player names a suit they do not want as trump, and the suit nobody named is trump (CG-1).  The
joker is the highest trump and belongs to the trump suit (CG-2).  Then each player bids a fixed
number of different squares of their own grid, one at a time and in public (CG-3, CG-7).  The
tricks are played with the usual follow-suit rule (CG-2).

After the last trick every player's contracts are judged (CG-5, CG-6) and scored in the seed's
order (CG-4): a point for every made contract whose square was still unmarked, five for every
made bid (whose square then becomes marked, even if it already was), and five for every fully
marked line (completed lines score again every hand).  A 4x4 grid has 14 lines: 4 rows, 4
columns, the 2 long diagonals and the 4 diagonals of three squares.

The match ends after a hand in which someone reaches the cap (CG-8) or completes their grid.
Winner (CG-8, CG-9): if someone reached the cap with a complete grid, the best score among the
complete grids wins; otherwise the best score below the cap; otherwise the best score.  Ties go
to whoever was ahead at the last hand the tied scores differed; tied throughout is a shared win.
Without a cap (``no_cap``) only a complete grid ends the match, which may stall (the seed warns
of it): the option ``hand_limit`` (CG-11, off by default) then ends it after that many hands,
the result says so, and the best score wins with the same tie-break.  ``hand_limit`` without
``no_cap``, and ``cap`` with it, are refused: they would do nothing.

Variations, all off by default (CG-10): ``cap`` (another cap), ``no_cap``, ``bids`` (another
number of bids), ``unmarked_points`` (another reward for an unmarked value), ``grid=3x3`` (the
first nine contracts, three bids and a cap of 100 unless ``bids``/``cap`` say otherwise; our
choice of its lines: 3 rows, 3 columns and the 2 diagonals = 8 lines), ``deck=24`` (9 to ace
without the joker: 8 tricks a hand, 6 trumps for All-Trump), ``complete_grid=false`` (the
complete grid neither ends the match nor protects from the cap: the first to the cap ends it and
the best score wins).

Action model: grid filling is one action per contract in a fixed order (Zero, One, ... Play),
each choosing a free square (``square b3``: column B, row 3), or ``fill random`` for all the
remaining contracts, or ``fill same`` (only before the first placement, when the option
``last_grids`` holds this seat's grid from an earlier match; ``view.extra.last_grids`` at the
end of a match gives the text to pass).  Players fill one after another, starting left of the
first dealer; cards are dealt only when every grid is full.  Naming the suit: ``drop H``.
Bidding: ``bid b3``, one square at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from itertools import compress
from math import isqrt
from operator import attrgetter, gt
from types import MappingProxyType
from typing import Any

from games.core.actions import Action, play, word
from games.core.cards import ALL_CARDS, SUITS, Card, Suit, standard_deck
from games.core.clone import LIST, SHARED
from games.core.errors import BadOptionError
from games.core.exact import SUITS as BY_SUIT
from games.core.exact import Position
from games.core.options import Option
from games.core.potgame import hand_limit_option
from games.core.state import MethodNames, Rules
from games.core.trickgame import TrickGame
from games.core.tricks import follow_suit, next_seat, shared_ranking
from games.core.views import InfoLine, Outcome
from games.core.words import limited, plural

from .viewdata import GridView, HandScore, Square

CONTRACTS = (
    "Zero",
    "One",
    "Two",
    "First",
    "Second",
    "Third",
    "Different",
    "Soloist",
    "Partner",
    "All-Trump",
    "No-Trump",
    "Spades",
    "Hearts",
    "Diamonds",
    "Clubs",
    "Play",
)
SUIT_CONTRACT = {"Spades": Suit.SPADES, "Hearts": Suit.HEARTS, "Diamonds": Suit.DIAMONDS, "Clubs": Suit.CLUBS}
BID_POINTS = 5
LINE_POINTS = 5
_INDEX = attrgetter("index")
_PLAY = {c: play(c) for c in ALL_CARDS}  # card -> its interned play action
_NO_BREAKDOWN: Mapping[str, Any] = MappingProxyType({})  # a seat not scored yet
STANDARD = {"4x4": {"size": 4, "bids": 4, "cap": 1000}, "3x3": {"size": 3, "bids": 3, "cap": 100}}
FILL_RANDOM, FILL_SAME = word("fill", "random"), word("fill", "same")
_SUIT_OF = {s.letter: s for s in SUITS}  # a suit by its letter (Suit(letter) asks Enum, slowly)
_DROPS = tuple((s.letter, word("drop", s.letter)) for s in SUITS)  # each suit's letter and drop action
_PLAIN = shared_ranking()  # the ranking before trump is chosen


@functools.cache
def grid_lines(size: int) -> tuple[tuple[int, ...], ...]:
    """Scoring lines as tuples of square indexes (row-major): 14 on 4x4, 8 on 3x3.  Cached:
    every hand's scoring reads them."""
    idx = lambda r, c: r * size + c  # noqa: E731
    lines = [tuple(idx(r, c) for c in range(size)) for r in range(size)]
    lines += [tuple(idx(r, c) for r in range(size)) for c in range(size)]
    lines.append(tuple(idx(i, i) for i in range(size)))
    lines.append(tuple(idx(i, size - 1 - i) for i in range(size)))
    if size == 4:  # the four short diagonals of three squares
        lines.append(tuple(idx(i, i + 1) for i in range(3)))
        lines.append(tuple(idx(i + 1, i) for i in range(3)))
        lines.append(tuple(idx(i, 2 - i) for i in range(3)))
        lines.append(tuple(idx(i + 1, 3 - i) for i in range(3)))
    return tuple(lines)


def square_action(kind: str, i: int, size: int) -> Action:
    """``square b3`` / ``bid b3``."""
    return square_actions(kind, size)[i]


@functools.cache
def square_actions(kind: str, size: int) -> tuple[Action, ...]:
    """:func:`square_action` for every square of the grid, in order (legal lists use them)."""
    return tuple(word(kind, square_name(i, size)) for i in range(size * size))


def square_name(i: int, size: int) -> str:
    """``b3`` = column B, row 3 (lower case, like chess squares, as typed actions are normalised)."""
    return "abcd"[i % size] + str(i // size + 1)


@functools.cache
def square_of(size: int) -> Mapping[Action, int]:
    """The square index of each square and bid action of a grid (``bid b3`` -> 9 on 4x4)."""
    return {a: i for kind in ("square", "bid") for i, a in enumerate(square_actions(kind, size))}


@functools.cache
def full_lines(marked: tuple[bool, ...]) -> int:
    """How many scoring lines of a grid are fully marked (cached: a grid's marks change at most
    once a hand, and every hand's scoring asks)."""
    return sum(all(map(marked.__getitem__, line)) for line in grid_lines(isqrt(len(marked))))


def judge(
    seat: int,
    tricks: list[int],
    won: Sequence[Sequence[Card]],
    trump: Suit,
    num_trumps: int,
    contracts: tuple[str, ...] = CONTRACTS,
) -> list[str]:
    """The contracts ``seat`` made this hand, from everyone's trick counts and its won cards (CG-5, CG-6)."""
    mine = tricks[seat]
    others = [*tricks[:seat], *tricks[seat + 1 :]]  # everyone else's, in seat order
    low, high = min(others), max(others)
    counts = dict.fromkeys(SUITS, 0)
    for c in won[seat]:
        counts[c.suit or trump] += 1  # CG-6: the joker is a card of the trump suit
    made = {
        "Zero": mine % 3 == 0,
        "One": mine % 3 == 1,
        "Two": mine % 3 == 2,
        "First": mine >= high,  # at least as many as everyone else
        "Second": low < mine < high,
        "Third": mine <= low,
        "Different": len(set(tricks)) == len(tricks),
        "Soloist": others[0] == others[1] and mine != others[0],
        "Partner": mine in others,
        "All-Trump": counts[trump] == num_trumps,
        "No-Trump": counts[trump] == 0,
        "Play": True,
    }
    top = max(counts.values())
    for name, suit in SUIT_CONTRACT.items():
        made[name] = counts[suit] == top
    return list(filter(made.__getitem__, contracts))  # in the grid's order


#: each phase's rules, by name (games.core.state.MethodNames)
_LEGAL, _APPLY = MethodNames("_legal_"), MethodNames("_apply_")


class ContractGrid(TrickGame):
    """State of a Contract Grid match.  Phases: ``fill``, ``drop``, ``bid``, ``play``, ``over``."""

    HAS_BIDS = True  # bids (or a declared Rams) made or set: counted for the statistics

    _COPY = {
        "pack": SHARED,
        "bids": LIST,
        "status": LIST,
        "grids": LIST,  # each seat's grid, marks, bids and made contracts: a tuple a seat,
        "marked": LIST,  # replaced when it changes
        "bid_squares": LIST,
        "stock": SHARED,  # replaced at the deal, never changed in place
        "dropped": LIST,
        "made": LIST,
        "breakdown": LIST,  # read-only mappings, replaced
    }  # how clone() copies our mutable attributes

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        std = STANDARD[options["grid"]]
        self.size = std["size"]
        self.contracts = CONTRACTS[: self.size * self.size]
        self.num_bids = options["bids"] or std["bids"]
        self.cap = None if options["no_cap"] else (options["cap"] or std["cap"])
        self.pack = standard_deck(["JK"], min_rank=7) if options["deck"] == 33 else standard_deck(min_rank=9)
        self.num_trumps = len(self.pack) // 4 + (1 if options["deck"] == 33 else 0)
        n, squares = num_seats, self.size * self.size
        self.grids: list[tuple[str | None, ...]] = [(None,) * squares] * n
        self.marked: list[tuple[bool, ...]] = [(False,) * squares] * n
        self.bid_squares: list[tuple[int, ...]] = [()] * n
        self.won: list[tuple[Card, ...]] = [()] * n
        self.stock: list[Card] = list(self.pack)  # cards not dealt yet (all of them while filling)
        self.dropped: list[str] = []  # suit letters named this hand, in order
        self.trump: str = ""
        self.made: list[tuple[str, ...]] = [()] * n  # contracts made in the last scored hand
        self.breakdown: list[Mapping[str, Any]] = [_NO_BREAKDOWN] * n
        self.score_history: tuple[tuple[int, ...], ...] = ((0,) * n,)  # replaced as it grows
        self.bids: list[str] = [""] * n  # the squares bid, and "dropped" a suit, changed in place
        self.status: list[str] = [""] * n
        self.hands_played = 0
        self.end_kind = ""
        self.dealer = self.rng.randrange(n)
        self.phase = "fill"
        self.to_act = next_seat(self.dealer, n)
        self.log("info", f"Fill your grids: {{p{self.to_act}}} first")

    # -- legal actions ---------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == "play":  # (most decisions: no dispatch by name)
            return self._legal_play()
        return getattr(self, _LEGAL[self.phase])()

    def _legal_fill(self) -> list[Action]:
        grid = self.grids[self.acting]
        squares = square_actions("square", self.size)
        acts = [squares[i] for i, c in enumerate(grid) if c is None]
        acts.append(FILL_RANDOM)
        if grid.count(None) == len(grid) and self._last_grid(self.acting):
            acts.append(FILL_SAME)
        return acts

    def _legal_drop(self) -> list[Action]:
        dropped = self.dropped
        return [a for letter, a in _DROPS if letter not in dropped]

    def _legal_bid(self) -> list[Action]:
        mine = self.bid_squares[self.acting]
        squares = square_actions("bid", self.size)
        return [a for i, a in enumerate(squares) if i not in mine] if mine else list(squares)

    def label(self, action: Action) -> str:
        """Contract Grid's words: a square by its name (and, when bidding, the contract in it)."""
        kind, arg = action.kind, action.arg or ""
        if kind == "square":
            return arg.upper()
        if kind == "bid" and self.to_act is not None:
            return f"{arg.upper()} {self.grids[self.to_act][self._square(arg)]}"
        if kind == "drop":
            return f"Drop {Suit(arg).noun}"
        return {"fill random": "Fill the rest at random", "fill same": "Same grid as last match"}.get(
            action.text, action.label
        )

    def _legal_play(self) -> list[Action]:
        hand, trick = self.hands[self.to_act], self.trick  # type: ignore[index]
        if trick:  # follow suit if able (follow_suit's test, without building its message)
            r = self.ranking
            hand = list(filter(r.of_suit(r.suit_of(trick[0].cards[0])).__contains__, hand)) or hand
        return [_PLAY[c] for c in sorted(hand, key=_INDEX)]

    def _led(self) -> Suit | None:
        return self.ranking.suit_of(self.trick[0].cards[0]) if self.trick else None

    def _why_illegal(self, text: str) -> str:
        kind, _, arg = text.partition(" ")
        if self.phase == "play" and kind not in ("square", "fill", "drop", "bid"):
            if not any(c.text == text for c in self.hands[self.acting]):
                return "you do not hold that card"
            return follow_suit(self.hands[self.acting], self._led(), self.ranking)[1] or super()._why_illegal(
                text
            )
        if self.phase == "fill" and kind == "square":
            return f"square {arg} is not a free square of your grid"
        if self.phase == "fill" and text == "fill same":
            return "there is no earlier grid of yours to copy (see the option last_grids), or you have started placing"
        if self.phase == "drop" and kind == "drop":
            return f"{arg} has already been named or is not a suit (name a suit nobody has named)"
        if self.phase == "bid" and kind == "bid":
            return f"{arg} is not a square of your grid you have not bid yet"
        return f"now is the time to {self._prompt().lower()}; " + super()._why_illegal(text)

    # -- applying --------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.phase == "play":  # (most decisions: no dispatch by name)
            self._apply_play(action)
        else:
            getattr(self, _APPLY[self.phase])(action)

    def _apply_fill(self, action: Action) -> None:
        seat, grid = self.acting, list(self.grids[self.acting])
        if action.kind == "square":
            grid[self._square(action.the_arg)] = self.contracts[sum(c is not None for c in grid)]
        elif action.arg == "random":
            free = [i for i, c in enumerate(grid) if c is None]
            self.rng.shuffle(free)
            for i, name in zip(free, self.contracts[sum(c is not None for c in grid) :]):
                grid[i] = name
        elif (last := self._last_grid(seat)) is not None:  # the same grid as last match
            grid[:] = last
        self.grids[seat] = tuple(grid)
        if any(c is None for c in grid):
            return
        self.log("info", f"{{p{seat}}} has filled their grid", seat)
        nxt = next_seat(seat, self.num_seats)
        if all(c is not None for c in self.grids[nxt]):
            self._deal()
        else:
            self.to_act = nxt

    def _apply_drop(self, action: Action) -> None:
        seat, letter = self.acting, action.the_arg
        self.dropped.append(letter)
        self.status[seat] = f"dropped {letter}"
        text = f"{{p{seat}}} does not want {_SUIT_OF[letter].noun}"
        if len(self.dropped) < self.num_seats:
            self.log("bid", text, seat)
            self.to_act = next_seat(seat, self.num_seats)
            return
        trump = next(s for s in SUITS if s.letter not in self.dropped)  # CG-1: the suit nobody named
        self.trump = trump.letter
        self.ranking = shared_ranking((trump,), joker_suit=trump)  # CG-2
        self.log("bid", f"{text}: {trump.noun} are trump", seat)
        self.phase, self.to_act = "bid", next_seat(self.dealer, self.num_seats)

    def _apply_bid(self, action: Action) -> None:
        seat, i = self.acting, square_of(self.size)[action]
        bid = f"{action.the_arg.upper()} {self.grids[seat][i]}"  # the square's name, its contract
        # the bids so far in the order made ("B3 Zero, A1 First"), this one added to the end
        said = self.bids[seat] = f"{self.bids[seat]}, {bid}" if self.bid_squares[seat] else bid
        self.bid_squares[seat] += (i,)
        if len(self.bid_squares[seat]) < self.num_bids:
            return  # the bids so far are public in extra.bids; the log gets them all at once
        self.log("bid", f"{{p{seat}}} bids {said}", seat)
        nxt = next_seat(seat, self.num_seats)
        if nxt == next_seat(self.dealer, self.num_seats):
            self.phase = "play"
        self.to_act = nxt

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """Follow suit (the joker is the top trump, CG-2); the contracts read each player's tricks
        and how many cards of each suit (the joker a trump, CG-6) it took (issue 34)."""
        return Position.of(self, ends_on=BY_SUIT) if self.phase == "play" else None

    def _apply_play(self, action: Action) -> None:
        seat, c = self.to_act, action.card  # (a card play by the seat to act)
        assert seat is not None and c is not None
        self.play_to_trick(seat, c)
        if len(self.trick) < self.num_seats:
            self.to_act = next_seat(seat, self.num_seats)
            return
        winner = self.collect_trick()
        if not self.hands[winner]:
            self._score_hand()

    def _square(self, name: str) -> int:
        return (int(name[1]) - 1) * self.size + "abcd".index(name[0].lower())

    def _last_grid(self, seat: int) -> list[str] | None:
        text = self.options["last_grids"]
        parts = text.split("/") if text else []
        if seat < len(parts) and parts[seat].strip():
            return [p.strip() for p in parts[seat].split(",")]
        return None

    # -- dealing ---------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        deck = list(self.pack)
        self.rng.shuffle(deck)
        self.hand_number += 1
        self.hands = [sorted(deck[i::n], key=_INDEX) for i in range(n)]
        self.stock = []
        self.won = [()] * n
        self.tricks_won = [0] * n
        self.bid_squares = [()] * n
        self.bids = [""] * n
        self.status = [""] * n
        self.dropped = []
        self.trump = ""
        self.ranking = _PLAIN
        self.trick = ()  # last_trick stays: the previous hand's last trick remains reviewable
        self.phase = "drop"
        self.leader = self.to_act = next_seat(self.dealer, n)
        self.log("deal", f"Hand {self.hand_number}: {{p{self.dealer}}} deals")

    # -- scoring (CG-4) --------------------------------------------------
    def _score_hand(self) -> None:
        lines = []
        for s in range(self.num_seats):
            lines.append(self._score_seat(s))
        self.hands_played += 1
        self.score_history += (tuple(self.scores),)
        self.log("hand", f"Hand {self.hand_number} scored", lines=tuple(lines))
        self.end_kind = self._end_kind()
        if self.end_kind:
            self._finish_match()
        else:
            self.dealer = next_seat(self.dealer, self.num_seats)
            self._deal()

    def _score_seat(self, s: int) -> str:
        grid, bid_squares = self.grids[s], self.bid_squares[s]
        made = judge(s, self.tricks_won, self.won, _SUIT_OF[self.trump], self.num_trumps, self.contracts)
        self.made[s] = tuple(made)
        made_set = set(made)
        made_here = list(map(made_set.__contains__, grid))  # square by square: its contract made
        # the made contracts whose square was unmarked at the start (gt(made, marked): made, not marked)
        unmarked = list(compress(grid, map(gt, made_here, self.marked[s])))
        hits = [c for c in map(grid.__getitem__, bid_squares) if c is not None and c in made_set]
        self.note_bids(s, len(hits), len(bid_squares) - len(hits))
        marked = list(self.marked[s])
        for i in bid_squares:
            if made_here[i]:
                marked[i] = True
        self.marked[s] = tuple(marked)
        full = full_lines(self.marked[s])
        up = self.options["unmarked_points"]
        gained = len(unmarked) * up + len(hits) * BID_POINTS + full * LINE_POINTS
        self.scores[s] += gained
        self.breakdown[s] = MappingProxyType(
            {
                "unmarked": len(unmarked) * up,
                "bids": len(hits) * BID_POINTS,
                "lines": full * LINE_POINTS,
                "gained": gained,
                "made_bids": tuple(hits),
                "tricks": self.tricks_won[s],
            }
        )
        cap = f" of cap {self.cap}" if self.cap else ""
        return (
            f"{{p{s}}}: {plural(self.tricks_won[s], 'trick')}; unmarked values {len(unmarked)} x {up} = {len(unmarked) * up}, "
            f"bids made {len(hits)} of {len(self.bid_squares[s])} x {BID_POINTS} = {len(hits) * BID_POINTS}"
            f"{' (' + ', '.join(hits) + ')' if hits else ''}, lines {full} x {LINE_POINTS} = {full * LINE_POINTS}"
            f"; +{gained}, total {self.scores[s]}{cap}"
        )

    def complete(self, seat: int) -> bool:
        return all(self.marked[seat])

    def _capped(self) -> list[int]:
        return [
            s for s in range(self.num_seats) if self.cap is not None and self.scores[s] >= self.cap
        ]  # CG-8

    def _completed(self) -> list[int]:
        if not self.options["complete_grid"]:
            return []
        return [s for s in range(self.num_seats) if self.complete(s)]

    def _end_kind(self) -> str:
        capped, completed = self._capped(), self._completed()
        if capped and completed:
            return "both"
        if capped:
            return "cap"
        if completed:
            return "complete grid"
        limit = self.options["hand_limit"]  # CG-11: declared, only without a cap
        return "hand limit" if limit is not None and self.hands_played >= limit else ""

    # -- the end (CG-8, CG-9) ----------------------------------------------
    def winners(self) -> tuple[tuple[int, ...], str]:
        """The winning seat(s) by the seed's cascade, and which rule decided."""
        n = range(self.num_seats)
        capped, completed = set(self._capped()), set(self._completed())
        if not self.options["complete_grid"] or self.cap is None:
            pool, rule = list(n), "the best score wins"  # no cap: everybody is below it (CG-11)
        elif capped & completed:
            pool, rule = (
                sorted(completed),
                "someone reached the cap with a complete grid: the best complete grid wins",
            )
        elif len(capped) < self.num_seats:
            pool, rule = [s for s in n if s not in capped], "the best score below the cap wins"
        else:
            pool, rule = list(n), "everyone reached the cap: the best score wins"
        best = max(self.scores[s] for s in pool)
        tied = [s for s in pool if self.scores[s] == best]
        if len(tied) > 1:
            tied = self._break_tie(tied)
            rule += (
                "; the tie goes to whoever led when the scores last differed"
                if len(tied) == 1
                else "; tied throughout"
            )
        return tuple(tied), rule

    def _break_tie(self, tied: list[int]) -> list[int]:
        """CG-9: walk back through the score history, keeping the leaders of the last difference."""
        for snapshot in reversed(self.score_history):
            if len({snapshot[s] for s in tied}) > 1:
                top = max(snapshot[s] for s in tied)
                tied = [s for s in tied if snapshot[s] == top]
                if len(tied) == 1:
                    break
        return tied

    def _finish_match(self) -> None:
        winners, rule = self.winners()
        self.phase, self.to_act = "over", None
        reason = {
            "cap": "a player reached the cap",
            "complete grid": "a player completed their grid",
            "both": "a player reached the cap and a grid was completed",
            "hand limit": f"hand limit of {self.options['hand_limit']} reached",
        }[self.end_kind]
        stats = (f"end: {self.end_kind}", f"hands: {self.hands_played}", f"actions: {len(self.history)}")
        self.result = Outcome(
            tuple(self.scores), winners, f"{reason} after {self.hands_played} hands; {rule}", stats
        )
        names = " and ".join(f"{{p{w}}}" for w in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        self.log(
            "match", f"{names} {verb} with {self.scores[winners[0]]} points ({reason}; {rule})", lines=stats
        )

    # -- views and checks ------------------------------------------------
    def _view_trump(self) -> str:
        return self.ranking.describe() if self.trump else "trump not chosen yet"

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        limit = self.options["hand_limit"]
        hand = f"{self.hand_number} of at most {limit}" if limit else str(self.hand_number)
        return [
            InfoLine("hand", "Hand", hand),
            InfoLine("cap", "Cap", str(self.cap) if self.cap else "none"),
            InfoLine("bids", "Bids", str(self.num_bids)),
            InfoLine("dropped", "Dropped", " ".join(self.dropped) or "-"),
        ]

    def _view_extra(self, seat: int | None) -> GridView:
        size = self.size
        grids = tuple(
            tuple(tuple(Square(g[r * size + c], m[r * size + c]) for c in range(size)) for r in range(size))
            for g, m in zip(self.grids, self.marked)
        )
        return GridView(
            size=size,
            grids=grids,
            bids=tuple(tuple(square_name(i, size) for i in b) for b in self.bid_squares),
            made=tuple(tuple(m) for m in self.made),
            breakdown=tuple(
                HandScore(
                    b["unmarked"], b["bids"], b["lines"], b["gained"], tuple(b["made_bids"]), b["tricks"]
                )
                if b
                else None
                for b in self.breakdown
            ),
            trump_suit=self.trump,
            cap=self.cap,
            num_bids=self.num_bids,
            num_trumps=self.num_trumps,
            complete_grid_rule=bool(self.options["complete_grid"]),
            last_grids="/".join(",".join(c or "" for c in g) for g in self.grids),
        )

    def _prompt(self) -> str:
        if self.phase == "fill":
            grid = self.grids[self.acting]
            k = sum(c is not None for c in grid)
            return f"Choose a square for {self.contracts[k]} (contract {k + 1} of {len(self.contracts)})"
        if self.phase == "drop":
            return "Name a suit you do not want as trump"
        if self.phase == "bid":
            return f"Bid a square ({len(self.bid_squares[self.acting]) + 1} of {self.num_bids})"
        led = self._led()
        return f"Follow {led.noun} if you can" if led else "Lead any card"

    def _hidden_piles(self, seat: int) -> list:
        """The undealt pack while the grids are filled (possible worlds, issue 13)."""
        return [self.pile("stock")]

    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["stock"] = list(self.stock)
        return zones

    def check_invariants(self) -> None:
        assert sum(self.tricks_won) * self.num_seats == sum(len(w) for w in self.won)
        assert len(self.score_history) == self.hands_played + 1
        for s in range(self.num_seats):
            assert self.scores[s] == self.score_history[-1][s]
            assert all(c is not None for c in self.grids[s]) or self.phase == "fill"
            assert not any(self.marked[s]) or self.hands_played > 0


class ContractGridRules(Rules):
    state_class = ContractGrid
    options = (
        Option(
            "grid",
            "4x4",
            "4x4: sixteen contracts, 14 lines; 3x3: the first nine contracts, 8 lines, "
            "3 bids and a cap of 100 by default.",
            choices=("4x4", "3x3"),
        ),
        Option(
            "bids",
            0,
            "Squares each player bids per hand (0: the grid's standard, 4 on 4x4, 3 on 3x3).",
            minimum=0,
            maximum=16,
        ),
        Option(
            "cap",
            0,
            "The score cap (0: the grid's standard, 1000 on 4x4, 100 on 3x3).",
            minimum=0,
            maximum=10000,
        ),
        Option("no_cap", False, "Play without a cap: only a complete grid (or hand_limit) ends the match."),
        Option(
            "unmarked_points",
            1,
            "Points for each contract made on an unmarked square.",
            minimum=0,
            maximum=10,
        ),
        Option(
            "deck",
            33,
            "33: 7 to ace plus the joker (11 tricks); 24: 9 to ace, no joker (8 tricks).",
            choices=(33, 24),
        ),
        Option(
            "complete_grid",
            True,
            "false: a complete grid neither ends the match nor protects from the cap; "
            "the first to the cap ends it and the best score wins.",
        ),
        Option(
            "last_grids",
            "",
            "Grids from an earlier match: each player may then take their old grid again in "
            "one step (Same grid as last match) instead of placing sixteen contracts; the bots do when it is "
            "as good as their own plan.  Per seat, the contract names row by row separated by commas, seats "
            "separated by '/' (a finished match shows this text as its last grids).",
        ),
        hand_limit_option("no_cap=true"),
    )
    summary = """\
Contract Grid — 3 players, 33 cards (7 to ace in each suit plus a joker).

Before play, each player writes the sixteen contracts into their own 4x4 grid, in any order:
Zero, One, Two (tricks taken leave 0, 1 or 2 over when divided by 3); First, Second, Third
(most tricks, strictly in the middle, fewest; ties count for First and Third); Different (all
three trick counts differ), Soloist (the other two tie, you do not), Partner (you tie with
someone); All-Trump (you captured every trump), No-Trump (you captured none); Spades, Hearts,
Diamonds, Clubs (that suit is at least as common as any other among the cards you captured);
Play (always made).  Grids are public.

Each hand deals all the cards.  Starting left of the dealer, each player names a different suit
they do not want; the suit left over is trump, and the joker is its highest card.  Then each
player bids four squares of their grid.  Play eleven tricks: follow suit if you can (the joker
follows trumps); the joker, else the highest trump, else the highest card of the led suit wins.

Scoring: 1 point for each contract you made whose square was unmarked; 5 for each bid you made,
and its square becomes marked; 5 for each line of marked squares (4 rows, 4 columns, 2 long and
4 short diagonals: 14 lines, scoring again every hand).  At most 94 a hand.

The match ends after a hand in which someone reaches 1000 or completes their grid.  If someone
reached the cap with a complete grid, the best complete grid wins; otherwise the best score
below the cap; otherwise the best score.  Ties go to whoever was ahead when the scores last
differed.

Variations: another cap or none, more or fewer bids, another unmarked reward, a 3x3 grid with
the first nine contracts, a 24-card deck, or no complete-grid rule."""

    def check(self, num_seats: int, options: dict[str, Any]) -> None:
        squares = STANDARD[options["grid"]]["size"] ** 2
        if options["bids"] > squares:
            raise BadOptionError(
                f"option bids={options['bids']} is more than the {squares} squares of a {options['grid']} grid"
            )
        if options["no_cap"] and not options["complete_grid"]:
            raise BadOptionError(
                "no_cap=true with complete_grid=false leaves the match no way to end: keep one of them"
            )
        self.require(
            options, ("hand_limit",), options["no_cap"], "no_cap=true"
        )  # CG-11: nothing to do otherwise
        self.require(options, ("cap",), not options["no_cap"], "no_cap=false")
        text = options["last_grids"]
        if text:
            contracts = sorted(CONTRACTS[:squares])
            parts = text.split("/")
            if len(parts) > num_seats:
                raise BadOptionError(f"option last_grids has {len(parts)} grids for {num_seats} seats")
            for i, part in enumerate(parts):
                names = [p.strip() for p in part.split(",")] if part.strip() else []
                if names and sorted(names) != contracts:
                    raise BadOptionError(
                        f"option last_grids: grid {i + 1} must list each of {', '.join(CONTRACTS[:squares])} once"
                    )

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        size = 4 if options["grid"] == "4x4" else 3
        cap = None if options["no_cap"] else (options["cap"] or (1000 if size == 4 else 100))
        if cap is None:
            return limited("until someone completes their grid", options["hand_limit"])
        if not options["complete_grid"]:
            return f"First to {plural(cap, 'point')}"
        return f"First to {plural(cap, 'point')} or a complete grid"

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """Filling: one action a square per player.  A hand: a suit dropped and the bids per
        player, then every card of the pack played once.  Hands: with a cap, every player makes
        at least four contracts a hand (Play, one of Zero/One/Two, of First/Second/Third and of
        Different/Soloist/Partner: CG-5), which score unmarked and, once marked, through lines;
        the bound allows a point a hand toward the cap, plus 20.  Without a cap, hand_limit, or
        a grid completed at random: 100 hands a square, plus 100."""
        std = STANDARD[options["grid"]]
        squares, bids = std["size"] ** 2, options["bids"] or std["bids"]
        per_hand = num_seats * (1 + bids) + options["deck"]
        if not options["no_cap"]:
            hands = (options["cap"] or std["cap"]) + 20
        else:
            hands = options["hand_limit"] or 100 * squares + 100
        return squares * num_seats + hands * per_hand


RULES = ContractGridRules()
