"""The Simple Strange heuristic bot: super-trumps only when they decide a trick, cheap
throw-aways when it cannot win, consistent staged pairs, and it beats random players."""

from __future__ import annotations

from games.bots import RandomBot
from games.core import parse_cards
from games.simple_strange import RULES
from games.simple_strange.bot import SimpleStrangeBot


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
