import pytest


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Saves go to a temporary CARDTABLE_HOME; ASCII/NO_COLOR and the login name from the outside do not leak in."""
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CARDTABLE_ASCII", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("getpass.getuser", lambda: "tester")  # the human's default name: "Tester"
    return tmp_path / "home"
