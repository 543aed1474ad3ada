"""Why a move: the reason a hint gives, in plain words and with the look-ahead's own numbers.

A reason is built from two things only: the player's :class:`~games.core.SeatView` (their hand,
the trick, what has been played and shown) and the per-choice :class:`~games.bots.estimates.Estimate`
of a look-ahead (possible deals made up from that view and played out).  It never sees a state,
so it cannot name a hidden card.  Every number it states is recorded as a :class:`Figure` with
the statistic it came from, so a test can recompute each one from the estimates.

The words have three layers:

- the game's own (``games/<game>/hints.py``: ``words(ctx)``), for what is special about it (a
  Sedma trick taken back with a seven, a Page One call, a Piquet declaration);
- for cards in games of ordinary tricks (one card each, the highest of the led suit or the
  highest trump; the game's ``ranking(view)``): what the card does in this trick (:func:`card_role`);
- the numbers, in the game's own terms (:class:`~games.bots.estimates.Terms`): tricks, points,
  chips, penalty points or the chance to win, for the move and its best rival
  (:func:`outcome`), and for bids what the bid asks (:func:`bid_words`).

A reason is one or two lines at 80 columns (:data:`MAX_LENGTH`).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.bots.estimates import Deal, Estimate, Terms, paired
from games.core import Action, Card, Ranking, SeatView, Suit
from games.core.tricks import trick_winner

MAX_LENGTH = 140  # with the move's words before it, two lines of 80 columns
CLEAR = 2.0  # standard errors by which a rival must beat the move before the reason stops comparing

#: the tests a share of deals may be taken by (a figure names one, with its number ``k``)
TESTS: dict[str, Callable[[int], Callable[[Deal], bool]]] = {
    "tricks>=": lambda k: lambda d: d.tricks >= k,
    "tricks==": lambda k: lambda d: d.tricks == k,
    "trick": lambda k: lambda d: d.trick is True,
    "last": lambda k: lambda d: d.last is True,
    "made": lambda k: lambda d: d.contract > 0,
    "set": lambda k: lambda d: d.contract < 0,
    "scored": lambda k: lambda d: d.points > 0,
    "lost": lambda k: lambda d: d.points < 0,
}
#: the averages a figure may state
AVERAGES: dict[str, Callable[[Terms], Callable[[Deal], float]]] = {
    "value": lambda t: t.value,
    "points": lambda t: lambda d: d.points,
    "tricks": lambda t: lambda d: float(d.tricks),
    "win": lambda t: lambda d: d.win,
}


@dataclass(frozen=True)
class Figure:
    """A number a reason states: ``text`` as shown, computed as ``kind`` (``share``: of the
    deals passing the test ``test`` with ``k``; ``average``: of ``test``; ``deals``: how many)
    over the estimate of the choice ``action``."""

    kind: str
    action: str
    test: str
    k: int
    text: str


@dataclass(frozen=True)
class Reason:
    text: str
    figures: tuple[Figure, ...] = ()


def percent(x: float) -> str:
    return f"{round(100 * x)}%"


def decimal(x: float) -> str:
    return f"{x:.1f}"


def figure_value(fig: Figure, estimates: Mapping[str, Estimate], terms: Terms) -> str:
    """A figure recomputed from the estimates, formatted as a reason shows it (for tests)."""
    est = estimates[fig.action]
    if fig.kind == "deals":
        return str(len(est.deals))
    if fig.kind == "share":
        return percent(est.share(TESTS[fig.test](fig.k)))
    value = est.average(AVERAGES[fig.test](terms))
    return percent(value) if fig.test == "win" else decimal(value)


class Context:
    """One decision to explain: the view, the move, the estimates, the game's terms and words;
    the figures stated so far."""

    def __init__(
        self,
        view: SeatView,
        action: Action,
        estimates: Mapping[str, Estimate],
        terms: Terms,
        ranking: Ranking | None = None,
    ) -> None:
        self.view = view
        self.action = action
        self.estimates = {k: e for k, e in estimates.items() if e.deals}
        self.terms = terms
        self.ranking = ranking
        self.figures: list[Figure] = []
        self.legal = list(view.legal)
        self.team = len(_side(view)) > 1
        #: how short the words must be: 0 all of them; 1 "deals" for "possible deals"; 2 without
        #: the share of the trick; 3 without the rival (see explain)
        self.compact = 0

    # -- the estimates ----------------------------------------------------------------
    def est(self, action: Action | str | None = None) -> Estimate | None:
        text = self.action.text if action is None else getattr(action, "text", action)
        return self.estimates.get(str(text))

    def rivals(self) -> list[Estimate]:
        """The other choices played out, best first in the game's terms."""
        others = [e for k, e in self.estimates.items() if k != self.action.text]
        return sorted(others, key=lambda e: -e.average(self.terms.gain))

    def rival(self, test: Callable[[Action], bool] = lambda a: True) -> Estimate | None:
        for e in self.rivals():
            a = self.action_of(e.action)
            if a is not None and test(a):
                return e
        return None

    def beaten_by(self, rival: Estimate) -> bool:
        """True when ``rival`` did clearly better than the move on the deals both were played on."""
        mine = self.est()
        if mine is None:
            return False
        mean, err, n = paired(rival, mine, self.terms.gain)
        return n >= 2 and mean > CLEAR * err and mean > 0

    def action_of(self, text: str) -> Action | None:
        return next((a for a in self.legal if a.text == text), None)

    def name(self, text: str) -> str:
        """A choice in words: "the 10H" for a card, the game's label (lower case) otherwise."""
        a = self.action_of(text)
        if a is None:
            return text
        if a.card is not None and a.kind in ("play", "call", "silent"):
            return f"the {a.card.text}"
        words = self.view.label_of(a)
        return words[:1].lower() + words[1:]

    # -- figures ------------------------------------------------------------------------
    def _fig(self, kind: str, est: Estimate, test: str, k: int, text: str) -> str:
        self.figures.append(Figure(kind, est.action, test, k, text))
        return text

    def share(self, est: Estimate, test: str, k: int = 0) -> str:
        return self._fig("share", est, test, k, percent(est.share(TESTS[test](k))))

    def average(self, est: Estimate, what: str = "value") -> str:
        value = est.average(AVERAGES[what](self.terms))
        return self._fig("average", est, what, 0, percent(value) if what == "win" else decimal(value))

    def deals(self, est: Estimate) -> str:
        words = "deals" if self.compact else "possible deals"
        return self._fig("deals", est, "", 0, str(len(est.deals))) + f" {words}"

    def only(self, est: Estimate, test: str, k: int = 0) -> str:
        """A share, with "only" before it when it is under a half."""
        text = self.share(est, test, k)
        return f"only {text}" if est.share(TESTS[test](k)) < 0.5 else text

    # -- words ----------------------------------------------------------------------------
    @property
    def you(self) -> str:
        return "your side" if self.team else "you"

    def verb(self, plain: str, third: str) -> str:
        """``take`` for you, ``takes`` for your side."""
        return third if self.team else plain


def _side(view: SeatView) -> tuple[int, ...]:
    for team in view.teams:
        if view.seat in team:
            return tuple(team)
    return (view.seat,) if view.seat is not None else ()


# -- the game's module ------------------------------------------------------------------------
_MODULES: dict[str, ModuleType | None] = {}


def game_hints(game: str) -> ModuleType | None:
    """The game's ``games/<game>/hints.py`` (its terms and words), or None."""
    if game not in _MODULES:
        try:
            _MODULES[game] = importlib.import_module(f"games.{game}.hints")
        except ModuleNotFoundError:
            _MODULES[game] = None
    return _MODULES[game]


def terms_of(game: str) -> Terms:
    module = game_hints(game)
    return getattr(module, "TERMS", Terms()) if module is not None else Terms()


def explain(view: SeatView, action: Action, estimates: Mapping[str, Estimate]) -> Reason:
    """The reason for ``action`` at ``view`` (see the module docstring)."""
    module = game_hints(view.game)
    terms = getattr(module, "TERMS", Terms())
    ranking_of = getattr(module, "ranking", None)
    ranking = ranking_of(view) if ranking_of is not None else None
    words = getattr(module, "words", None)
    text = ""
    for compact in range(4):  # the fullest words that fit
        ctx = Context(view, action, estimates, terms, ranking)
        ctx.compact = compact
        said: str | None = words(ctx) if words is not None else None
        if not said:
            ctx.figures.clear()
            said = generic(ctx)
        text = said
        if len(text) <= MAX_LENGTH:
            break
    text = _fit(text)
    return Reason(text, tuple(f for f in ctx.figures if f.text in text))


def generic(ctx: Context) -> str:
    """The reason when the game has no words of its own for this decision."""
    a = ctx.action
    if len(ctx.legal) == 1:
        return forced(ctx)
    if a.card is not None and a.kind in ("play", "call", "silent"):
        role, settled = card_role(ctx) if ctx.ranking is not None else ("", False)
        return join(role, outcome(ctx, trick=not settled))
    if a.kind in BID_KINDS:
        return bid_words(ctx)
    return join(settle(ctx), outcome(ctx))  # the move's own words are shown beside the reason


def settle(ctx: Context) -> str:
    """Words for a move whose only alternatives take back what was picked (a discard to confirm)."""
    others = [ctx.view.label_of(a) for a in ctx.legal if a != ctx.action]
    if others and all(w.lower().startswith(("take back", "keep ")) for w in others):
        return "you have picked what to give up; the other choices only take picks back"
    return ""


BID_KINDS = frozenset(
    {"bid", "nil", "pass", "little_pepper", "big_pepper", "game", "hearts", "blind", "blind_nil"}
)


def join(first: str, second: str) -> str:
    if first and second:
        return f"{first}; {second}"
    return first or second or "no possible deal was played out for it"


def _fit(text: str) -> str:
    """At most MAX_LENGTH characters: cut at the last clause that fits."""
    if len(text) <= MAX_LENGTH:
        return text
    for sep in ("; ", ", ", " ("):
        cut = text.rfind(sep, 0, MAX_LENGTH)
        if cut > 40:
            return text[:cut]
    return text[: MAX_LENGTH - 1] + "…"


def forced(ctx: Context) -> str:
    a, view = ctx.action, ctx.view
    if a.card is None:
        return "the only move the rules allow you now"
    if view.trick and ctx.ranking is not None and len(view.trick[0].cards) == 1:
        led = ctx.ranking.suit_of(view.trick[0].cards[0])
        if ctx.ranking.suit_of(a.card) == led:
            return f"you must follow {noun(led)} and the {a.card.text} is the only one the rules allow"
    return f"the {a.card.text} is the only card the rules allow you now"


# -- the numbers ------------------------------------------------------------------------------
def outcome(ctx: Context, trick: bool = False, say_deals: bool = True) -> str:
    """What the move gives in the game's terms over the deals played out, and its best rival
    (left out when the rival did clearly better: the move was chosen otherwise).  With
    ``trick``: first how often the card takes the trick in progress; without ``say_deals``,
    the number of deals is left to the words before."""
    mine = ctx.est()
    if mine is None:
        return ""
    pieces = []
    trick = trick and ctx.compact < 2
    if trick and ctx.view.trick is not None and any(d.trick is not None for d in mine.deals):
        pieces.append(f"{ctx.verb('take', 'takes')} this trick {ctx.share(mine, 'trick')} of the time")
    pieces.append(_result_words(ctx, mine))
    text = f"{ctx.you} " + ", and ".join(pieces) + _rival_tail(ctx, mine)
    return f"in {ctx.deals(mine)} {text}" if say_deals else text


def _rival_tail(ctx: Context, mine: Estimate) -> str:
    """The best rival's figure in brackets: "the same" when it shows alike, "too close to call"
    when it did a little better (not clearly: then the move was chosen otherwise, and the
    rival is left out)."""
    rival = ctx.rival() if ctx.compact < 3 else None
    if rival is None or ctx.beaten_by(rival):
        return ""
    name = ctx.name(rival.action)
    gain = ctx.terms.gain
    if rival.average(gain) == mine.average(gain):
        return f" (the same after {name})"
    close = ", too close to call" if rival.average(gain) > mine.average(gain) else ""
    return f" ({_rival_words(ctx, rival)} after {name}{close})"


def _result_words(ctx: Context, est: Estimate) -> str:
    terms = ctx.terms
    if terms.measure == "win":
        return f"{ctx.verb('win', 'wins')} the game {ctx.average(est, 'win')} of the time"
    if terms.measure == "tricks":
        return f"{ctx.verb('take', 'takes')} {ctx.average(est, 'tricks')} tricks a hand on average"
    if terms.low:
        return f"{ctx.verb('collect', 'collects')} {ctx.average(est, 'points')} {terms.unit}s on average"
    return f"{ctx.verb('score', 'scores')} {ctx.average(est, 'points')} {terms.unit}s on average"


def _rival_words(ctx: Context, est: Estimate) -> str:
    if ctx.terms.measure == "win":
        return ctx.average(est, "win")
    if ctx.terms.measure == "tricks":
        return ctx.average(est, "tricks")
    return ctx.average(est, "points")


def bid_words(ctx: Context) -> str:
    """A bid, nil or pass: what it asks of the hand, in the deals played out."""
    a, terms = ctx.action, ctx.terms
    mine = ctx.est()
    if mine is None:
        return ""
    you, take = ctx.you, ctx.verb("take", "takes")
    if terms.trick_bids and a.kind == "bid" and (a.arg or "").isdigit():
        k = int(a.arg or 0)
        return (
            f"{you} {take} {k} or more tricks in {ctx.share(mine, 'tricks>=', k)} of {ctx.deals(mine)}, "
            f"{k + 1} or more in {ctx.share(mine, 'tricks>=', k + 1)}"
        )
    if a.kind in ("nil", "blind_nil"):
        return f"you take no trick at all in {ctx.share(mine, 'tricks==', 0)} of {ctx.deals(mine)}"
    if a.kind == "pass":
        rival = ctx.rival(lambda x: x.kind != "pass")
        if rival is None:
            return outcome(ctx)
        r = ctx.action_of(rival.action)
        if terms.trick_bids and r is not None and r.kind == "bid" and (r.arg or "").isdigit():
            k = int(r.arg or 0)
            need = f"would take {k} or more tricks {ctx.only(rival, 'tricks>=', k)} of the time"
        else:
            need = (
                f"would win the bidding and make it {ctx.only(rival, 'made')} of the time, "
                f"and fail {ctx.share(rival, 'set')}"
            )
        return f"after {ctx.name(rival.action)} {you} {need}; " + outcome(ctx)
    if any(d.contract for d in mine.deals):
        return (
            f"in {ctx.deals(mine)} {you} {ctx.verb('win', 'wins')} the bidding and "
            f"{ctx.verb('make', 'makes')} it {ctx.share(mine, 'made')} of the time, and "
            f"{ctx.verb('fail', 'fails')} {ctx.share(mine, 'set')}"
        )
    return outcome(ctx)


# -- cards in ordinary tricks ----------------------------------------------------------------
def noun(suit: Suit | None, one: bool = False) -> str:
    if suit is None:
        return "joker" if one else "jokers"
    words: str = suit.noun
    return words[:-1] if one and words.endswith("s") else words


def still_to_play(view: SeatView) -> int:
    """Players after this one in the trick in progress (seats with cards, not yet in it)."""
    played = {p.seat for p in view.trick}
    return sum(
        1
        for s in range(view.num_seats)
        if s != view.seat and s not in played and view.hand_sizes[s] > 0 and s not in view.sitting_out
    )


def card_role(ctx: Context) -> tuple[str, bool]:
    """What a card does in an ordinary trick, from the view and the ranking only, and whether
    that settles the trick (then the share of deals in which it takes it says nothing new)."""
    view, r, c = ctx.view, ctx.ranking, ctx.action.card
    assert r is not None and c is not None
    cards = [a.card for a in ctx.legal if a.card is not None]
    if not view.trick:
        return lead_role(c, list(view.hand), r), False
    if any(len(p.cards) != 1 for p in view.trick):
        return "", False
    played = [p.cards[0] for p in view.trick]
    return follow_role(ctx, c, played, cards, r)


def lead_role(c: Card, hand: Sequence[Card], r: Ranking) -> str:
    suit = r.suit_of(c)
    same = sorted((x for x in hand if r.suit_of(x) == suit), key=r.rank_in_suit)
    one, many = ("trump", "trumps") if r.is_trump(c) else (noun(suit, one=True), noun(suit))
    if len(same) == 1:
        if r.trumps and not r.is_trump(c):
            return f"lead your only {one}, so you may trump {many} later"
        return f"lead your only {one}"
    if c == same[-1]:
        return f"lead your highest {one}"
    if c == same[0]:
        return f"lead low and keep your {' '.join(x.text for x in reversed(same[1:3]))}"
    return f"lead the {c.text} from your {many}"


def follow_role(ctx: Context, c: Card, played: list[Card], cards: list[Card], r: Ranking) -> tuple[str, bool]:
    view = ctx.view
    led = r.suit_of(played[0])
    win_now = trick_winner(played, r)
    best = played[win_now]
    wins = trick_winner([*played, c], r) == len(played)
    void = not any(r.suit_of(x) == led for x in view.hand)
    winners = [x for x in cards if trick_winner([*played, x], r) == len(played)]
    last = still_to_play(view) == 0
    power = lambda x: r.power(x, led)  # noqa: E731
    if wins:
        cheapest = c == min(winners, key=power)
        if void and r.is_trump(c):
            how = "your lowest trump that wins" if cheapest and len(winners) > 1 else f"the {c.text}"
            return f"you have no {noun(led)}: trump it with {how}", last
        if cheapest and len(winners) > 1:
            kept = max(winners, key=power)
            return f"win cheaply: the {c.text} beats the {best.text} and you keep the {kept.text}", last
        if last:
            return f"take the trick: you play last and the {c.text} beats the {best.text}", True
        return f"take the trick: the {c.text} beats the {best.text}", False
    holder = view.trick[win_now].seat
    if holder != view.seat and holder in _side(view):
        return f"your partner's {best.text} is winning, so let it win", last
    if void and not winners:
        return f"you have no {noun(led)} and cannot win this trick, so throw away the {c.text}", True
    if void:
        return f"you have no {noun(led)}: throw away the {c.text} and keep your trumps", False
    if not winners:
        return f"nothing you hold beats the {best.text}, so play low", True
    top = max(winners, key=power)
    return f"hold back and keep the {top.text} for a later trick", False


def cards_named(text: str) -> list[str]:
    """The card notations in a reason (for tests)."""
    return re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b|\b(?:JK|BJ|LJ)\b", text)


def visible_cards(view: SeatView) -> set[str]:
    """Every card the view shows its seat: hand, trick, table, events it may see, and the
    game's own view data (for tests: a reason may name only these)."""
    seen: set[str] = {c.text for c in view.hand} | {c.text for c in view.up_cards}
    seen |= {c.text for p in view.trick for c in p.cards}
    if view.last_trick is not None:
        seen |= {c.text for p in view.last_trick.plays for c in p.cards}
    seen |= {c.text for e in view.events if e.visible_to in (None, view.seat) for c in e.cards}
    seen |= {c.text for c in _cards_in(view.data(object))}
    return seen


def _cards_in(value: Any, depth: int = 0) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if depth > 6 or isinstance(value, (str, bytes, int, float)) or value is None:
        return []
    if isinstance(value, Mapping):
        return [c for v in value.values() for c in _cards_in(v, depth + 1)]
    if isinstance(value, (tuple, list, frozenset, set)):
        return [c for v in value for c in _cards_in(v, depth + 1)]
    fields = getattr(value, "__dataclass_fields__", None)
    if fields:
        return [c for f in fields for c in _cards_in(getattr(value, f), depth + 1)]
    return []
