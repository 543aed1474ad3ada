import pytest

from games.bots import Levels, Playouts
from games.tricks_n_trumps.bot import TricksNTrumpsBot


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Saves go to a temporary CARDTABLE_HOME; ASCII/NO_COLOR and the login name from the outside do not leak in."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CARDTABLE_ASCII", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("getpass.getuser", lambda: "tester")  # the human's default name: "Tester"
    return tmp_path / "home"


@pytest.fixture
def quick_hints(monkeypatch):
    """Tricks'N'Trumps' hard bot (the hint's) with a small look-ahead, so that a hint comes quickly."""
    monkeypatch.setattr(
        "games.tricks_n_trumps.bot.BOT_LEVELS", Levels(TricksNTrumpsBot, Playouts(hard=60, expert=120))
    )
