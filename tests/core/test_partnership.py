"""The shared partnership core (games/core/partnership.py): teams, team outcomes, seats sitting
out, bowers and no-trump rankings."""

from __future__ import annotations

import pytest

from games.core import (
    Suit,
    Teams,
    active_seats,
    bowers_of,
    follow_suit,
    next_active,
    parse_card,
    parse_cards,
    same_colour,
    trick_complete,
    trick_winner,
    trump_ranking,
    trump_text,
)

H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS


def test_opposite_teams_put_partners_across_the_table():
    t = Teams.opposite(4)
    assert t.teams == ((0, 2), (1, 3))
    assert t.partner(0) == 2 and t.partner(3) == 1
    assert t.team_of(2) == 0 and t.same_team(1, 3) and not t.same_team(0, 1)
    assert t.for_view() == ((0, 2), (1, 3)) and t.is_partnership
    assert Teams.opposite(6, 3).teams == ((0, 3), (1, 4), (2, 5))


def test_solo_teams_have_no_partners_and_show_no_teams():
    t = Teams.solo(3)
    assert t.partner(1) is None and t.partners(1) == ()
    assert not t.is_partnership and t.for_view() == ()


def test_team_outcome_gives_every_seat_its_team_score_and_the_team_wins():
    t = Teams.opposite(4)
    out = t.outcome([31, 12], "a side reached 30")
    assert out.scores == (31, 12, 31, 12)
    assert out.winners == (0, 2) and out.reason == "a side reached 30"
    assert not out.is_shared  # a team wins together: not a shared win
    assert t.seat_scores([5, 7]) == [5, 7, 5, 7]
    assert t.name(1) == "{p1} & {p3}"


def test_tied_teams_share_the_outcome_as_a_draw():
    out = Teams.opposite(4).outcome([30, 30], "a draw")
    assert out.winners == (0, 1, 2, 3) and out.is_shared


def test_outcome_with_chosen_winning_team():
    out = Teams.opposite(4).outcome([8, 10], "first to 10", winning_teams=[1])
    assert out.winners == (1, 3)


def test_teams_compare_by_value_for_replay_snapshots():
    assert Teams.opposite(4) == Teams.opposite(4)
    assert Teams.opposite(4) != Teams.solo(4)


def test_next_active_skips_a_seat_sitting_out_in_either_direction():
    assert next_active(1, 4, (2,)) == 3
    assert next_active(3, 4, (2,), clockwise=False) == 1
    assert next_active(0, 4) == 1
    with pytest.raises(ValueError):
        next_active(0, 2, (0, 1))


def test_active_seats_and_a_three_card_trick_when_one_sits_out():
    assert active_seats(3, 4, (1,)) == [3, 0, 2]
    assert active_seats(3, 4, (1,), clockwise=False) == [3, 2, 0]
    assert not trick_complete(["a", "b"], 4, (1,))
    assert trick_complete(["a", "b", "c"], 4, (1,))
    assert not trick_complete(["a", "b", "c"], 4)


def test_bowers_of_each_trump_suit():
    assert bowers_of(D) == (parse_card("JD"), parse_card("JH"))
    assert bowers_of(S) == (parse_card("JS"), parse_card("JC"))
    assert same_colour(C) is S and same_colour(H) is D


def test_bower_ranking_left_bower_is_a_trump_for_following_and_winning():
    r = trump_ranking(D, bowers=True)
    assert r.suit_of(parse_card("JH")) is D and r.is_trump(parse_card("JH"))
    assert trick_winner(parse_cards("AD JH JD"), r) == 2  # right bower tops
    assert trick_winner(parse_cards("AD KD JH"), r) == 2  # left bower over the ace
    legal, why = follow_suit(parse_cards("JH 9S"), D, r)  # the left bower follows diamonds
    assert legal == parse_cards("JH") and "diamonds" in why
    legal, _ = follow_suit(parse_cards("JH 9S"), H, r)  # and never hearts
    assert legal == parse_cards("JH 9S")


def test_no_trump_has_no_bowers_and_jacks_rank_in_their_suit():
    r = trump_ranking(None, bowers=True)
    assert r.trumps == () and r.suit_of(parse_card("JH")) is H
    assert trick_winner(parse_cards("QH JH AS"), r) == 0
    assert trump_text(None) == "no trump" and trump_text(H) == "hearts trump"


def test_trump_ranking_without_bowers_ranks_jacks_plainly():
    r = trump_ranking(H)
    assert r.suit_of(parse_card("JD")) is D
    assert trick_winner(parse_cards("AH JH"), r) == 0
    assert trump_ranking(H) is trump_ranking(H)  # shared, caches stay warm
