"""Issue 32 item 9: ``cardtable stats`` and ``cardtable history`` fit 80 columns with long names
and titles: nothing that matters is cut (names fold, figures never), no line is wider."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

import cardtable.cli  # noqa: F401  (registers every command on the app)
from cardtable import cli_history
from cardtable.cli_common import app

LONG = "Anastasia Papadopoulou"
LONGER = "Maximiliana Wolkenstein-Rosenberg"  # wider than the players column: folded, not cut


def _matches():
    def seat(kind, name, level=""):
        return SimpleNamespace(kind=kind, name=name, level=level)

    seats = (seat("human", LONG), seat("bot", LONGER, "heuristic"), seat("bot", "Cy", "expert"))
    games = ("tricks_n_trumps", "contract_grid", "simple_strange", "preference", "a_game_from_another_table")
    scores = ((12, 30, 5), (1025.5, -300, 880), (120, 100, 95), (135, 80, 85), (1, 2, 3))
    return [
        SimpleNamespace(
            id=100 + i,
            finished_at=1_700_000_000 + i * 3600,
            game=game,
            seats=seats,
            scores=score,
            winners=(0,),
            bids=((3, 1), (0, 0), (0, 0)),
        )
        for i, (game, score) in enumerate(zip(games, scores))
    ]


@pytest.fixture
def store(monkeypatch):
    matches = _matches()
    fake = SimpleNamespace(problem=None, matches=lambda game=None, limit=None: matches)
    monkeypatch.setattr(cli_history, "_store", lambda: fake)
    return matches


def _run(*args: str) -> str:
    out = CliRunner().invoke(app, list(args), env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    return out.output


def test_stats_fit_80_columns_and_cut_nothing(store):
    text = _run("stats", "--player", LONG)
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "…" not in text
    for title in ("Tricks'N'Trumps", "Contract Grid", "Simple Strange", "Preference"):
        assert title in text
    for figure in ("1025.5", "100%", "3/4 (75%)", "Recent form"):
        assert figure in text


def test_history_fits_80_columns_with_long_names_beside_their_scores(store):
    text = _run("history")
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert "…" not in text
    assert LONG in text and "Tricks'N'Trumps" in text
    assert all(text.count(word) == len(store) for word in LONGER.split())  # wrapped, all there
    row = next(line for line in lines if LONG in line and "1025.5" in line)
    assert "won" in row  # the winner's score and mark on the winner's own line
    assert "a_game_from_ano" in text and "ther_table" in text  # a game not installed: its name, folded
