"""The Simple Strange heuristic bot: super-trumps only when they decide a trick, cheap
throw-aways when it cannot win, consistent staged pairs, and it beats random players."""

from __future__ import annotations

from pathlib import Path

from games.bots import RandomBot
from games.core import Suit, parse_card, parse_cards
from games.core.position import Position
from games.simple_strange import RULES
from games.simple_strange.bot import SimpleStrangeBot, _Context, _lacking

POSITIONS = Path(__file__).resolve().parent.parent / "positions"


def table(up: str, hands: list[str]):
    st = RULES.new_game(3, None, seed=1)
    st.set_up_cards(parse_cards(up))
    st.hands = [parse_cards(h) for h in hands]
    st.leader = st.to_act = 0
    st._legal_cache = None
    return st


def bot_pair(st, bot) -> tuple[str, ...]:
    """Let the bot play its two cards; return the pair it committed, in led-card order."""
    seat = st.to_act
    for _ in range(2):
        st.apply(bot.choose(st.view(seat), st.legal_actions()))
    plays = st.trick if st.trick else st.last_trick.plays
    return tuple(c.text for c in next(p for p in plays if p.seat == seat).cards)


def test_spends_a_super_trump_when_it_decides_the_trick():
    st = table("JC 4H", ["AS KS 2D 3D", "QS JS 2D 3D", "JC 2S 5C 3D"])
    st.apply("AS"), st.apply("KS"), st.apply("QS@1"), st.apply("JS@2")  # 27 against 23
    assert set(bot_pair(st, SimpleStrangeBot(0))) == {"JC", "2S"}  # 2 + 29 = 31 wins
    assert st.last_trick.winner == 2


def test_keeps_the_super_trump_when_a_cheaper_trump_wins():
    st = table("JC 4H", ["AS KS 2D 3D", "QS JS 2D 3D", "JC 2S KH 3D"])
    st.apply("AS"), st.apply("KS"), st.apply("QS@1"), st.apply("JS@2")
    assert set(bot_pair(st, SimpleStrangeBot(0))) == {"KH", "2S"}  # 2 + 26 = 28 still wins
    assert st.last_trick.winner == 2


def test_throws_away_its_cheapest_cards_when_it_cannot_win():
    st = table("JC 4H", ["AS AS 2D 3D", "KS QS 2D 3D", "2S 3D 9D 10C"])
    st.apply("AS"), st.apply("AS"), st.apply("KS@1"), st.apply("QS@2")  # 28: out of reach
    assert set(bot_pair(st, SimpleStrangeBot(0))) == {"2S", "3D"}
    assert st.last_trick.winner == 0


def test_with_drawn_tricks_waiting_it_leads_a_pair_of_super_trumps_nothing_can_beat():
    """The position tests/positions/simple_strange-late-pending.json, in general: 9H and 5C are
    the super-trumps (29 + 28 = 57 against at most two trump aces, 54), so they take this trick
    and the drawn one waiting, where the strongest pair without them would lose both."""
    hands = ["9H 5C 2S 2D 4S 4D", "QS JS 3D 7D 5S 5D", "KS 7S 2D 8D 6S 6D"]
    bot = SimpleStrangeBot(0)
    st = table("9H 5C", hands)
    assert set(bot_pair(st, bot)) == {"2S", "2D"}  # nothing waiting: the cheapest pair
    st = table("9H 5C", hands)
    for move in ("2S", "2D", "QS@1", "3D@2", "KS@1", "2D@2"):  # 4 / 15 / 15: drawn (SS-2)
        st.apply(move)
    assert len(st.pending) == 1 and st.to_act == 0
    assert bot_pair(st, bot) == ("9H", "5C")  # (the strongest pair without them: 4S 4D)


def test_counting_the_cards_seen_it_splits_its_super_trumps_to_take_every_trick_left():
    """The position tests/positions/simple_strange-late-split.json: the others hold nothing above
    a six and no trump, so each super-trump beside a two takes a trick (9H 5C, then 2S 2D, would
    give one away); with 2S put down first, its partner is a super-trump, not 2D."""
    case = Position.load(POSITIONS / "simple_strange-late-split.json")
    st = case.replay()
    assert bot_pair(st, SimpleStrangeBot(0)) in {("2S", "9H"), ("2S", "5C")}
    st = case.replay(len(case.actions) - 1)  # before 2S: it leads a super-trump and a two
    assert sorted(bot_pair(st, SimpleStrangeBot(0))) in (
        ["2D", "9H"],
        ["2S", "9H"],
        ["2D", "5C"],
        ["2S", "5C"],
    )


def test_a_pair_that_some_other_cards_could_beat_is_not_sure():
    ctx = _Context((Suit("H"), Suit("C")), {parse_card("9H"): 29, parse_card("5C"): 28}, 2)
    assert ctx.sure_pair(parse_cards("9H 5C 2S")) == (parse_card("9H"), parse_card("5C"))
    assert ctx.sure_pair(parse_cards("9H AH 2S")) == (parse_card("9H"), parse_card("AH"))  # 56 > 28 + 27
    assert ctx.sure_pair(parse_cards("9H KH 2S")) is None  # 55 = 28 + 27


def test_a_follower_shows_the_suits_it_lacks():
    """simple_strange-n3 counts on it: a card set against a led card of another suit than its
    own (the led cards differing in suit) shows the follower held none of that suit; against two
    led cards of one suit, fewer than two of it show the same.  Nothing is learnt otherwise."""
    st = table("JC 4H", ["AS KH 2D 3D", "QS 9D 2H 3C", "5D 6D 7C 8C"])
    st.apply("AS"), st.apply("KH")  # led cards of two suits
    st.apply("QS@1"), st.apply("2H@2")  # followed both
    st.apply("5D@1"), st.apply("6D@2")  # diamonds against AS and KH
    assert _lacking(st.view(0)) == {1: set(), 2: {Suit("S"), Suit("H")}}
    st = table("JC 4H", ["AS KS 2D 3D", "QS 9D 2H 3C", "5S 6D 7S 8C"])
    st.apply("AS"), st.apply("KS")  # two spades led
    st.apply("QS@1"), st.apply("9D@2")  # one spade: it held no other
    st.apply("5S@1"), st.apply("7S@2")  # two spades: nothing learnt
    assert _lacking(st.view(0)) == {1: {Suit("S")}, 2: set()}


def test_bot_beats_random_players():
    """A short run; the benchmark figure (500 games) is in the report."""
    wins = 0.0
    games = 24
    for g in range(games):
        st = RULES.new_game(3, None, seed=g)
        me = g % 3
        bots = [SimpleStrangeBot(g) if s == me else RandomBot(100 * g + s) for s in range(3)]
        while not st.is_over:
            s = st.to_act
            st.apply(bots[s].choose(st.view(s), st.legal_actions()))
        out = st.outcome()
        wins += (me in out.winners) / len(out.winners)
    assert wins / games > 0.5  # random seats average 1/3
