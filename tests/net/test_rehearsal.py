"""The seat template's rehearsal of the table UI (issue 20, memory per seat): it fills what every
seat would fill first, packs the code that ran, leaves nothing running behind, and a failed
rehearsal costs only the sharing."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from cardtable.doors import rehearsal
from cardtable.doors.warm import SeatTemplate

from .test_ssh import ROOT

PROBE = textwrap.dedent("""
    import asyncio, json, os, sys, threading
    from cardtable.doors import rehearsal, template
    from cardtable.net import wire
    from cardtable.session import Table
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.table import TableScreen
    from rich.style import Style
    from textual.app import App

    template.preload()
    fds = sorted(os.listdir("/proc/self/fd"))
    styles = Style.parse.cache_info().currsize
    funcs = {"app": CardTableApp.__init__, "screen": TableScreen.compose, "wire": wire.decode_view,
             "unrun": App.save_screenshot, "table": Table.submit}
    codes = {name: f.__code__ for name, f in funcs.items()}
    ok = rehearsal.rehearse()
    print(json.dumps({
        "ok": ok,
        "threads": [t.name for t in threading.enumerate()],
        "fds_same": fds == sorted(os.listdir("/proc/self/fd")),
        "loop": asyncio.get_event_loop_policy()._local._loop is not None,
        "profile": sys.getprofile() is not None,
        "styles_before": styles, "styles_after": Style.parse.cache_info().currsize,
        "packed": {name: funcs[name].__code__ is not code for name, code in codes.items()},
        "same_code": CardTableApp.__init__.__code__.co_code == codes["app"].co_code,
        "home": sorted(os.listdir(os.environ["CARDTABLE_HOME"])),
    }))
""")


def test_the_rehearsal_fills_the_caches_packs_the_code_that_ran_and_leaves_nothing_behind(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "CARDTABLE_HOME": str(home), "LANG": "C.UTF-8"}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["ok"]
    assert got["styles_after"] > got["styles_before"]  # a cache every seat fills is filled before the fork
    # only the seat's code that ran is copied: not code that did not run, nor the table's side
    assert got["packed"] == {"app": True, "screen": True, "wire": True, "unrun": False, "table": False}
    assert got["same_code"]
    # fork safety: no thread, descriptor, event loop or profiler left; no file written
    assert got["threads"] == ["MainThread"] and got["fds_same"] and not got["loop"] and not got["profile"]
    assert got["home"] == []


def test_pack_code_gives_the_functions_that_ran_a_copy_of_the_same_code():
    def outer(n):
        return [i * 2 for i in range(n)]

    def twin(n):  # shares outer's code object: both get the one copy
        return n

    twin.__code__ = outer.__code__

    def unrun():
        return 7

    ran = [outer.__code__] + [c for c in outer.__code__.co_consts if hasattr(c, "co_code")]
    before = outer.__code__
    assert rehearsal.pack_code(ran, objects=[outer, twin, unrun]) == 2
    assert outer.__code__ is not before and outer.__code__ == before
    assert twin.__code__ is outer.__code__
    inner = [c for c in outer.__code__.co_consts if hasattr(c, "co_code")]
    assert inner and inner[0] is not ran[1]  # the comprehension that ran is copied with its parent
    assert outer(3) == [0, 2, 4] and unrun() == 7
    assert unrun.__code__.co_name == "unrun"


def test_a_failed_rehearsal_is_reported_and_harmless(monkeypatch):
    async def broken(*args):
        raise RuntimeError("no table today")

    packed = []
    monkeypatch.setattr(rehearsal, "play_once", broken)
    monkeypatch.setattr(rehearsal, "pack_code", packed.append)  # (not this test process's code)
    assert rehearsal.rehearse() is False
    assert sys.getprofile() is None and len(packed) == 1


def test_the_host_logs_a_template_that_could_not_rehearse():
    lines: list[str] = []
    template = SeatTemplate(env={}, log=lines.append)
    template._handle({"ready": True, "rehearsed": True})
    assert template.ready and template.rehearsed and lines == []
    template._handle({"ready": True, "rehearsed": False})
    assert not template.rehearsed and "rehearsal" in lines[0]
