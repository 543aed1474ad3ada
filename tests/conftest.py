"""Shared fixtures: every test gets a private CARDTABLE_HOME so saves never touch the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "cardtable-home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
