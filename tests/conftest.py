"""Shared fixtures: every test gets a private CARDTABLE_HOME so saves never touch the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "cardtable-home"))
    monkeypatch.delenv("NO_COLOR", raising=False)


# Hypothesis (the property-based tests of the wire decoder, the record loader and the options
# parser): the same examples on every run (derandomize), no example database written, no per-example
# deadline on a shared 2-core machine; each test sets its own max_examples (200 to 500).
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "cardtable",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("cardtable")
