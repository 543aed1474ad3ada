"""The lobby's first frame loads no game's rules, bots or table code (issue 14: a first frame
within 1.2x of importing Textual; benchmarks/bench_tui.py measures it).  Checked in a fresh
interpreter, since this test process has long imported everything."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import asyncio, json, sys
from cardtable.tui.app import CardTableApp

async def main():
    app = CardTableApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = "Tricks'N'Trumps" in str(app.screen.query_one("#games").get_option_at_index(0).prompt)
    print(json.dumps({"shown": shown, "modules": sorted(m for m in sys.modules if m.startswith(("games", "cardtable")))}))

asyncio.run(main())
"""


def test_the_lobby_draws_every_game_without_loading_any_rules(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "CARDTABLE_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout.strip().splitlines()[-1])
    loaded = set(report["modules"])
    assert report["shown"]
    assert "games.tricks_n_trumps" in loaded  # the packages are listed...
    heavy = {m for m in loaded if m.endswith((".rules", ".bot", ".viewdata"))}
    heavy |= loaded & {
        "games.core.state",
        "games.core.views",
        "games.core.record",
        "games.bots",
        "games.arena",
        "cardtable.session",
        "cardtable.tui.screens.table",
    }
    assert not heavy, f"the lobby loaded {sorted(heavy)}"  # ...but none of their rules
