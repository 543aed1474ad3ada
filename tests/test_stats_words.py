"""Statistics speak the players' words: game titles, the setup screen's level names, and "best"
as the lowest score in a game where low scores win (issue 32, point 9)."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.stats import level_name, player_stats


def _match(i: int, game: str, scores: tuple[float, ...], winners: tuple[int, ...]):
    seats = (
        SimpleNamespace(kind="human", name="Ana", level=""),
        SimpleNamespace(kind="bot", name="Ben", level="heuristic"),
    )
    return SimpleNamespace(
        id=i, finished_at=i, game=game, seats=seats, scores=scores, winners=winners, bids=None
    )


def test_best_is_the_lowest_where_low_scores_win_and_names_are_the_players_words():
    cucumber = [_match(1, "cucumber", (12, 30), (0,)), _match(2, "cucumber", (25, 8), (1,))]
    st = player_stats(cucumber, "ana")["cucumber"]
    assert st.best == 12 and st.title == "Cucumber" and st.by_level == {"normal": [2, 1]}
    high = player_stats([_match(3, "page_one", (40, 10), (0,)), _match(4, "page_one", (5, 20), (1,))], "ana")
    assert high["page_one"].best == 40 and high["page_one"].title == "Page One"
    assert (
        level_name("heuristic") == "normal" and level_name("hard") == "hard" and level_name(None) == "normal"
    )
