"""Benchmarks that never rot (issue 11): every script in benchmarks/ runs in its ``--quick`` mode
and must finish and print its figures.  Nothing here asserts a speed: the figures are only
printed (design.md: performance lives in benchmarks/); a broken benchmark fails this test.

``bench_tui.py`` once waited for a seat named "You" while the TUI had come to name the human seat
after the login name; it now runs its child with a known login name.  The OpenSpiel comparison
uses pyspiel when its own environment works, may spend up to ``--install-timeout`` seconds
installing it from PyPI, and otherwise says so and prints our own figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
HANG_GUARD = 900  # seconds: only so that a hung benchmark cannot hang the suite


def run_bench(script: str, *args: str, env: dict | None = None) -> str:
    """Run benchmarks/<script> with ``args``; its stdout (the test fails with stderr on a crash)."""
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        env={**os.environ, **(env or {})},
    )
    assert proc.returncode == 0, (
        f"{script} {' '.join(args)} failed:\n{proc.stderr[-3000:]}\n{proc.stdout[-2000:]}"
    )
    assert "Traceback" not in proc.stdout
    return proc.stdout


def test_every_benchmark_script_has_a_quick_test():
    scripts = {p.name for p in BENCH.glob("bench_*.py")}
    assert scripts == {
        "bench_playouts.py",
        "bench_tui.py",
        "bench_ssh.py",
        "bench_search.py",
        "bench_updates.py",
        "bench_cluster.py",
        "bench_web_flood.py",
        "bench_review.py",
        "bench_levels.py",
        "bench_agreement.py",
        "bench_expert_parts.py",
        "bench_bacon_alone.py",
        "bench_duel.py",
        "bench_views.py",
        "bench_pair.py",
    }, f"a benchmark without a --quick test here: {sorted(scripts)}"


def test_bench_playouts_quick_prints_every_game_and_the_openspiel_line():
    from games import game_names

    out = run_bench("bench_playouts.py", "--quick")
    assert "decisions/s" in out and "clone us" in out
    for name in game_names():
        assert f"\n{name} " in out, f"no figures for {name}"
    assert "Ratio of decisions/s, ours / pyspiel" in out or "OpenSpiel not available:" in out


def test_bench_playouts_quick_carries_on_without_openspiel(tmp_path):
    """No OpenSpiel environment and no time to install one: say so, print our own figures."""
    out = run_bench(
        "bench_playouts.py",
        "--quick",
        "--install-timeout",
        "1",
        "tricks_n_trumps",
        env={"OPENSPIEL_VENV": str(tmp_path / "no-openspiel")},
    )
    assert "\ntricks_n_trumps " in out
    assert "OpenSpiel not available: installing open-spiel from PyPI took more than 1 s" in out


def test_bench_tui_quick_plays_a_card_as_the_login_named_seat():
    out = run_bench("bench_tui.py", "--quick")
    for measure in ("first frame (ms, from spawn)", "key press -> card on screen (ms)", "peak memory (MiB)"):
        assert measure in out
    assert "1 plays" in out


@pytest.mark.skipif(not hasattr(os, "getloadavg"), reason="the ssh benchmark reads the load average")
def test_bench_ssh_quick_serves_two_seats():
    out = run_bench("bench_ssh.py", "--quick")
    assert "2 concurrent ssh seats (1 tables):" in out
    assert "time to first screen" in out and "key-to-screen latency" in out


def test_bench_search_quick_prints_our_search_figures_and_the_openspiel_line():
    """Issue 13: ISMCTS simulations/s and rollouts/s, beside OpenSpiel's ISMCTS when available."""
    out = run_bench("bench_search.py", "--quick")
    assert "ISMCTS sims/s" in out and "fast path" in out
    assert "\ntricks_n_trumps " in out and "\ntrump_suit " in out
    assert "Python ISMCTS" in out or "OpenSpiel: not available" in out


def test_bench_review_quick_prints_the_time_of_a_match_review_and_of_a_hint():
    """Issue 35: the wall time of a whole match's review and of a hint."""
    out = run_bench("bench_review.py", "--quick")
    assert "Review of a whole match" in out and "\nagram " in out and "Hints (the hard bot" in out


def test_bench_updates_quick_prints_the_cost_of_an_opponents_move():
    """Issue 20: the CPU, layouts, tables and rows of one seat's screen per opponent move."""
    out = run_bench("bench_updates.py", "--quick")
    assert "CPU per update per seat" in out
    assert "this tree" in out and "moves)" in out


def test_bench_cluster_quick_prints_the_cost_of_a_match_on_dask_beside_the_local_pool():
    """Issue 36: bytes and milliseconds per match shipped, and the same tournament four ways."""
    pytest.importorskip("distributed")
    out = run_bench("bench_cluster.py", "--quick")
    assert "bytes on the wire" in out and "ms each when 10 are queued" in out
    for where in ("this process", "local pool of 2", "Dask, 1 worker", "Dask, 2 workers"):
        assert f"\n{where} " in out


def test_bench_web_flood_quick_prints_the_flood_figures():
    out = run_bench("bench_web_flood.py", "--quick")
    for line in ("flood connections the host holds", "valid web sign-in during the flood", "ssh login"):
        assert line in out


def test_bench_levels_quick_prints_the_time_per_move_at_each_level():
    out = run_bench("bench_levels.py", "--quick")
    assert "| Tricks'N'Trumps |" in out and out.count(" / ") >= 8


def test_bench_views_quick_measures_this_checkout_against_another():
    # (this checkout against itself: the two columns run the same code and choose alike)
    out = run_bench("bench_views.py", "--quick", "--against", str(ROOT))
    row = next(line for line in out.splitlines() if line.startswith("tricks_n_trumps"))
    assert row.split()[-1] == "yes" and len(row.split()) == 11


def test_bench_pair_quick_times_two_checkouts_game_by_game():
    # (this checkout against itself: both sides measured, and their ratio printed)
    out = run_bench("bench_pair.py", "--quick", str(ROOT))
    row = next(line for line in out.splitlines() if line.startswith("agram"))
    cells = row.split()
    assert len(cells) == 12 and "(failed)" not in row and cells[-1].endswith("x"), row
    assert float(cells[1].replace(",", "")) > 0 and float(cells[6].replace(",", "")) > 0


def test_bench_agreement_quick_asks_every_level_at_the_same_positions():
    out = run_bench("bench_agreement.py", "--quick")
    assert "| normal ≠ hard | hard ≠ expert |" in out
    row = next(line for line in out.splitlines() if line.startswith("| Tricks'N'Trumps |"))
    assert row.split("|")[2].strip() == "3" and row.count("%)") == 2


def test_bench_expert_parts_quick_prints_each_version_against_hard(tmp_path):
    out = run_bench("bench_expert_parts.py", "--quick", "--out", str(tmp_path))
    for version in ("| deals |", "| + solver |", "| + inference |"):
        assert version in out
    files = list(tmp_path.glob("parts-tricks_n_trumps-*.jsonl"))
    assert len(files) == 3
    # a file holding more cycles than a run asks for keeps them all (the run once wrote back only
    # its own cycles, and a resumed run of more cycles played them all again)
    first = files[0].read_text().splitlines()
    later = [json.loads(line) | {"cycle": 1} for line in first]
    for match in later:
        match["seed"] += 1
    files[0].write_text("\n".join([*first, *map(json.dumps, later)]) + "\n")
    run_bench("bench_expert_parts.py", "--quick", "--out", str(tmp_path))
    assert files[0].read_text().splitlines() == [*first, *map(json.dumps, later)]


def test_bench_bacon_alone_quick_prints_both_sides():
    out = run_bench("bench_bacon_alone.py", "--quick")
    assert "alone on" in out and "| 2.0 | 3 |" in out


def test_bench_duel_quick_pairs_hands_and_the_devices_run():
    # (a field of normal bots: the script and its devices run, in seconds rather than a minute)
    quick = ("--b", "normal", "--field", "normal", "--quick")
    out = run_bench("bench_duel.py", "tricks_n_trumps", *quick)
    row = next(line for line in out.splitlines() if line.startswith("| Tricks'N'Trumps |"))
    assert row.split("|")[5].strip() == "6"  # two deals, each in all three seats
    out = run_bench("bench_duel.py", "agram", "--a", "cheat", *quick)
    assert "| Agram | cheat | normal | normal | 6 |" in out
    out = run_bench("bench_duel.py", "agram", "--a", "seer", *quick)
    assert "| Agram | seer | normal | normal | 6 |" in out


def test_bench_duel_compares_two_runs_pair_by_pair_and_refuses_unknown_parts(tmp_path):
    # Two finished runs on the same seeds (nothing left to play): this A against the other's A.
    seeds = [(9000 + d, seat) for d in range(2) for seat in range(3)]
    mine, theirs = tmp_path / "solver.jsonl", tmp_path / "deals.jsonl"
    mine.write_text("".join(json.dumps({"seed": s, "seat": t, "a": 3.0, "b": 1.0}) + "\n" for s, t in seeds))
    theirs.write_text(
        "".join(json.dumps({"seed": s, "seat": t, "a": 1.0 + (t == 0), "b": 1.0}) + "\n" for s, t in seeds)
    )
    out = run_bench("bench_duel.py", "agram", "--quick", "--results", str(mine), "--against", str(theirs))
    assert "| Agram | expert | hard | hard | 6 | 6 | +2.000 (+2.000 to +2.000) |" in out
    line = next(x for x in out.splitlines() if x.startswith("against deals.jsonl"))
    assert "6 pairs, 6 differed" in line and "+1.667" in line  # (1 + 2 + 2) / 3 a deal
    proc = subprocess.run(
        [sys.executable, str(BENCH / "bench_duel.py"), "agram", "--quick", "--parts", "deals,bogus"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 2 and "--parts: 'deals' and any of bidding, inference, solver" in proc.stderr
