"""The Sedma heuristic bot: its choices in set scenes, and seat-rotated matches against random
seats (two players, and a heuristic partnership against a random one)."""

from __future__ import annotations

import pytest

from games.bots import make_bot
from games.sedma import RULES
from tests.games.test_sedma import play_all, table


def bot_plays(state) -> str:
    seat = state.to_act
    legal = state.legal_actions()
    action = make_bot("heuristic", "sedma", seed=0).choose(state.view(seat), legal)
    assert action in legal
    return action.text


def test_takes_an_ace_with_a_seven():
    assert bot_plays(table("AH 8C 9C JC", "7S 8D 9D JH", stock="KS QS", played="AH")) == "7S"


def test_takes_a_ten_with_the_starters_rank_before_a_seven():
    assert bot_plays(table("10H 8C 9C JC", "7S 10D 9D JH", stock="KS QS", played="10H")) == "10D"


def test_lets_an_empty_trick_go_keeping_its_seven():
    assert bot_plays(table("9H 8C 9C JC", "7S 8D QD JH", stock="KS QS", played="9H")) == "8D"


def test_takes_an_empty_trick_with_a_spare_card_of_the_starters_rank():
    assert bot_plays(table("9H 8C 9C JC", "7S 9D QD JH", stock="KS QS", played="9H")) == "9D"


def test_never_throws_a_counter_onto_an_opponents_trick_while_a_blank_card_is_left():
    assert bot_plays(table("9H 8C 9C JC", "AS 10D QD JH", stock="KS QS", played="9H")) == "JH"


def test_leads_a_blank_card_it_holds_twice_rather_than_a_counter_or_a_seven():
    assert bot_plays(table("AS 7C 9D 9H", "8C 8D JH QH", stock="KS QS")) in ("9D", "9H")


def test_with_no_blank_card_it_leads_the_counter_and_keeps_the_seven_to_take_it_back():
    """The position tests/positions/sedma-se6-4p-lead-ace-keep-seven.json, in general: a seven
    led can be taken for good, a counter led and taken the seven wins back (the leader goes on)."""
    assert bot_plays(table("AH 7D", "8C 9C")) == "AH"
    assert bot_plays(table("10S AH 7D", "8C 9C QC")) == "10S"


def test_the_leader_goes_on_to_win_back_an_ace_with_a_seven():
    state = table("AH 7C 9D JH", "7S 8D QD KH", stock="KS QS", played="AH 7S")
    assert state.phase == "decide" and bot_plays(state) == "7C"


def test_the_leader_ends_a_trick_it_holds():
    state = table("AH 7C AD JH", "8S 8D QD KH", stock="KS QS", played="AH 8S")
    assert bot_plays(state) == "end"


def test_the_leader_ends_an_empty_trick_an_opponent_took():
    state = table("KH 7C KD JH", "7S 8D QD 9H", stock="8S QS", played="KH 7S")
    assert bot_plays(state) == "end"


def test_never_overtakes_its_partner_and_smears_a_counter_when_the_trick_is_safe():
    # trick 1 shows two kings and two sevens; then Cy (seat 2, the partner) leads the king of hearts
    state = table(
        "KC KS 7C 7D 10C 8H", "7S QS QD QH", "7H KH QC JD", "KD 8C 8S 9H", leader=3, played="KD KC 7S 7H"
    )
    assert state.last_trick.winner == 2
    play_all(state, "KH 8C")
    assert state.to_act == 0 and state.holder == 2
    assert bot_plays(state) == "10C"  # every king and seven is seen or ours: the trick stays ours


def test_keeps_its_counter_when_an_opponent_after_it_may_still_take_the_partners_trick():
    state = table("KS 7C 10C 8H", "QS QD QH JH", "KH QC JD 9S", "8C 8S 9H 9D", leader=2, played="KH 8C")
    assert state.to_act == 0 and state.holder == 2
    assert bot_plays(state) == "8H"  # no king or seven to overtake the partner, no smear either


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_choice_is_legal_through_a_series(seats):
    state = RULES.new_game(seats, {"target": 4, "next_dealer": "loser"}, seed=seats)
    bots = [make_bot("heuristic", "sedma", seats * 10 + s) for s in range(seats)]
    while not state.is_over:
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert max(state.outcome().scores) >= 4


def _win_share(seats: int, heuristic_seats, games: int) -> float:
    wins = 0
    for i in range(games):
        state = RULES.new_game(seats, None, seed=20_000 + i)
        bots = [
            make_bot("heuristic" if s in heuristic_seats else "random", "sedma", i * 7 + s)
            for s in range(seats)
        ]
        while not state.is_over:
            seat = state.to_act
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        wins += bool(set(heuristic_seats) & set(state.outcome().winners))
    return wins / games


def test_a_heuristic_seat_beats_a_random_seat_in_both_positions():
    """Two players, 100 hands in each seat: fair is 1/2; the bot takes about 80% (1000 hands: 0.80 ± 0.025)."""
    assert (_win_share(2, (0,), 100) + _win_share(2, (1,), 100)) / 2 > 0.65


def test_a_heuristic_partnership_beats_a_random_partnership_on_both_sides():
    """Four players, 60 hands per side: fair is 1/2; the bots' side takes about 80% (1000 hands: 0.80 ± 0.025)."""
    assert (_win_share(4, (0, 2), 60) + _win_share(4, (1, 3), 60)) / 2 > 0.65


# -- two players, no stock: the hand's end solved with open cards (games/sedma/endgame.py) -----


def _true_value(state, me: int) -> int:
    """The worth to ``me`` of a single hand's end under best play, by the rules themselves."""
    return _side_value(state, me, state.hand_number)


def _endgames(matches: int):
    """States of random two-player single hands with the stock gone, one in three of them."""
    import random

    rng = random.Random(5)
    for seed in range(matches):
        state = RULES.new_game(2, {}, seed=seed)
        k = 0
        while not state.is_over:
            legal = state.legal_actions()
            if not state.stock and len(legal) > 1:
                k += 1
                if k % 3 == 1:
                    yield state.clone()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_open_card_endgame_model_values_every_choice_as_the_rules_play_it_out(monkeypatch):
    from games.sedma import bot
    from games.sedma.bot import _Scene
    from games.sedma.endgame import value_after

    monkeypatch.setattr(bot, "SOLVE_CARDS", 8)  # the model from the stock's end on (four cards each)
    asked = 0
    for state in _endgames(40):
        me = state.to_act
        ending = _Scene(state.view(me)).ending()
        assert ending is not None
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            assert value_after(ending, action.text) == _true_value(after, me), (state.seed, action.text)
            asked += 1
    assert asked > 200


def test_the_endgame_model_counts_double_and_triple_wins_in_a_series():
    from games.sedma.endgame import KIND, _score

    assert _score([90, 0], [20, 12], 32) == 2 * KIND + 90
    assert _score([0, 90], [0, 32], 32) == -(3 * KIND + 90)
    assert _score([60, 30], [20, 12], 32) == KIND + 30
    assert _score([90, 0], [20, 12], 0) == KIND + 90  # a single hand (no pack counted): a win is a win


def test_with_the_stock_gone_two_players_play_the_solved_best():
    """The heuristic alone would go on with the ace here and let the opponent's last ace retake
    the trick (tests/positions/sedma-se4-*)."""
    from games.sedma.bot import SOLVE_CARDS, _Scene

    solved = 0
    for state in _endgames(30):
        me = state.to_act
        if len(state.hands[0]) + len(state.hands[1]) > SOLVE_CARDS:
            assert _Scene(state.view(me)).ending() is None  # left to the heuristic (time)
            continue
        solved += 1
        values = {}
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            values[action.text] = _true_value(after, me)
        best = sorted(a for a, v in values.items() if v == max(values.values()))
        assert sorted(_Scene(state.view(me)).solved()) == best
        assert bot_plays(state) in best
    assert solved > 20


# -- four players (two sides) with every card placed: the expert's solver (games/sedma/expert.py) --


def _side_value(state, me: int, hand: int) -> int:
    """The worth to ``me``'s side of the hand's end under best play, by the rules themselves
    (the sides' card points; in a series, the victory points the hand gave)."""
    from games.sedma.endgame import KIND

    mine = state.teams.team_of(me)
    if state.is_over or state.hand_number != hand:
        if state.series:  # the hand's points are gone with the next deal: read its log
            line = next(e for e in reversed(state.events) if e.kind == "hand")
            return _series_worth(line, mine)
        ours, theirs = state.points[mine], state.points[1 - mine]
        worth = KIND + abs(ours - theirs)
        return worth if ours > theirs else -worth
    values = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values.append(_side_value(after, me, hand))
    return max(values) if state.teams.same_team(state.to_act, me) else min(values)


def _series_worth(event, mine: int) -> int:
    from games.sedma.endgame import KIND

    points = [int(line.split(": ")[1].split()[0]) for line in event.lines[:2]]
    vp = [int(x.split()[-1]) for x in event.lines[-1].split(": ")[1].split(", ")]
    kind = max(vp) - 0  # (each test hand starts the series at 0 to 0)
    worth = KIND * kind + abs(points[0] - points[1])
    return worth if points[mine] > points[1 - mine] else -worth


def _four_player_ends(matches: int, cards: int, options: dict | None = None):
    """States of random four-player hands with the stock gone and at most ``cards`` in each hand."""
    import random

    rng = random.Random(7)
    for seed in range(matches):
        state = RULES.new_game(4, dict(options or {}), seed=seed)
        hand = state.hand_number
        while state.to_act is not None and state.hand_number == hand:
            legal = state.legal_actions()
            if not state.stock and len(legal) > 1 and max(map(len, state.hands)) <= cards:
                yield state.clone()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_four_player_model_values_every_choice_as_the_rules_play_it_out():
    from games.sedma.endgame import value_after
    from games.sedma.expert import ending_of

    asked = 0
    for state in _four_player_ends(12, 2):
        me = state.to_act
        ending = ending_of(state, me)
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            assert value_after(ending, action.text) == _side_value(after, me, state.hand_number), (
                state.seed,
                action.text,
            )
            asked += 1
    assert asked > 100


def test_the_four_player_model_counts_a_series_hand_as_its_victory_points():
    """In a series the hand's worth is its victory points (a double for all 90, a triple for every
    card: SE-2), the margin after; the model's lines, played through the rules, agree."""
    from games.sedma.endgame import line_after
    from games.sedma.expert import ending_of, play_line

    asked = 0
    for state in _four_player_ends(10, 2, {"target": 3}):
        me = state.to_act
        ending = ending_of(state, me)
        for action in state.legal_actions():
            worth, line = line_after(ending, action.text)
            after = state.clone()
            after.apply(action)
            assert worth == _side_value(after, me, state.hand_number), (state.seed, action.text)
            play_line(after, line)  # the line found is a line of the rules that ends the hand
            assert after.hand_number != state.hand_number or after.is_over
            asked += 1
    assert asked > 50


def test_the_sedma_expert_solves_each_deal_from_the_stocks_end_and_plays_the_best_mean():
    from games.bots import bot_task
    from games.sedma.expert import SedmaExpertBot

    solved = 0
    for state in _four_player_ends(6, 4):
        if max(map(len, state.hands)) != 3:
            continue
        me = state.to_act
        bot = make_bot("expert", "sedma", seed=1)
        assert isinstance(bot, SedmaExpertBot)
        move = bot_task(bot, state, me)().text
        found = bot.last_estimates
        assert bot.solved and set(found) == {a.text for a in state.legal_actions()}
        assert {e.n for e in found.values()} == {bot.last_stats["solved"]} and bot.last_stats["solved"] >= 12
        assert found[move].mean == max(e.mean for e in found.values())
        solved += 1
    assert solved >= 5


def _se5(hidden: tuple[str, str, str] | None = None):
    """The four-player end of tests/positions/sedma-se5-*: seat 0 holds 9H 7D and the trick
    (JD QH 8H 9S, no counter), the stock gone, its side 40 to 10; ``hidden``: the other seats'
    two cards each dealt otherwise (the same six cards)."""
    from games.core.cards import parse_card
    from tools.agreed import FOLDER, Agreed

    state = Agreed.load(FOLDER / "sedma-se5-4p-end-trick-yours-keep-seven.json").position.replay()
    if hidden is not None:
        for seat, cards in enumerate(hidden, start=1):
            state.hands[seat] = [parse_card(t) for t in cards.split()]
    return state


def _played_out(state, first: str, finish: bool) -> list[int]:
    """The side points at the hand's end after ``first``: the heuristic playing every seat, the
    hand's end finished solved where ``finish`` and the heuristic offers it."""
    import random

    from games.sedma.bot import SedmaBot

    state = state.clone()
    state.apply(next(a for a in state.legal_actions() if a.text == first))
    bot = SedmaBot(0)
    bot.rng = random.Random(0)
    while state.to_act is not None:
        if finish and bot.finish_playout(state):
            break
        state.apply(bot.choose(state.playout_view(state.to_act), state.legal_actions()))
    return list(state.points)


def test_a_playout_finishes_four_players_last_tricks_as_best_play_plays_them():
    """Here the heuristic, after ending the trick, leads 9H, goes on with its 7D when the 9D
    takes it, and the 7S behind retakes everything (40-50); best play keeps the 7D for the last
    trick, and the side wins 60-30 (tests/positions/sedma-se5-*: hard's playouts misjudged
    ending there)."""
    state = _se5(("AD 7S", "QD 10H", "9D 10S"))
    assert _played_out(state, "end", finish=False) == [40, 50]
    assert _played_out(state, "end", finish=True) == [60, 30]


def test_a_playout_is_finished_solved_only_at_four_players_last_two_cards():
    from games.sedma.bot import SedmaBot

    bot = SedmaBot(0)
    ends = list(_four_player_ends(4, 3))
    small = [s for s in ends if max(map(len, s.hands)) <= 2]
    assert small and len(small) < len(ends)
    for state in ends:
        finished = bot.finish_playout(state)
        assert finished == (state in small) and (state.to_act is None) == finished
    assert not bot.finish_playout(RULES.new_game(4, {}, seed=1))  # the stock still there
    assert not bot.finish_playout(RULES.new_game(2, {}, seed=1))  # two players: ``choose`` solves their ends


def test_hard_ends_the_trick_its_side_holds_and_keeps_the_seven():
    """Without the solved finish, hard's playouts continued with 7D at four of these six seeds."""
    from games.bots import bot_task

    for seed in range(6):
        state = _se5()
        assert bot_task(make_bot("hard", "sedma", seed), state, state.to_act)().text == "end", seed
