"""Play a whole match through the real terminal UI, as a person at the keyboard would.

Starts ``cardtable`` in a private tmux server, quick-plays GAME against bots from the lobby,
then keeps pressing keys (a choice button, or Enter on the selected card; Right to move on
when a card is refused) until the end-of-match screen appears.  Prints what it did and the
final screen.  Needs tmux.

    python tools/playthrough.py tricks_n_trumps [--size 100x30] [--max-keys 5000]
"""

from __future__ import annotations

import argparse
import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def choice_bar_shown(text: str) -> bool:
    """The numbered choice bar sits on the line below the "▶ name" prompt line."""
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.lstrip().startswith("▶")), None)
    if at is None or at + 1 >= len(lines) or not re.match(r"\s*1 \S", lines[at + 1]):
        return False
    return not re.match(r"\s*1 Take back\s*(▌|$)", lines[at + 1])  # a staged card: play the second


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--size", default="100x30")
    ap.add_argument("--max-keys", type=int, default=6000)
    args = ap.parse_args()
    from games import game_names

    names = game_names()
    width, height = args.size.split("x")
    sock = f"play-{os.getpid()}"
    home = tempfile.mkdtemp(prefix="cardtable-play-")
    atexit.register(shutil.rmtree, home, True)  # the scratch home goes at exit
    exe = ROOT / ".venv" / "bin" / "cardtable"
    tmux = ["tmux", "-L", sock]

    def screen() -> str:
        return subprocess.run([*tmux, "capture-pane", "-p", "-t", "p"], capture_output=True, text=True).stdout

    def keys(*k: str) -> None:
        subprocess.run([*tmux, "send-keys", "-t", "p", *k], check=True)

    subprocess.run(
        [
            *tmux,
            "new-session",
            "-d",
            "-s",
            "p",
            "-x",
            width,
            "-y",
            height,
            f"CARDTABLE_HOME={home} USER=tester {exe}",
        ],
        check=True,
    )
    try:
        time.sleep(2.5)
        keys(*["Down"] * names.index(args.game))
        keys("p")
        time.sleep(1.5)
        keys(*["-"] * 8)  # fastest bot pace
        pressed, refused, last_refusals = 0, 0, 0
        start = time.monotonic()
        while pressed < args.max_keys:
            text = screen()
            if "Play again" in text:
                print(
                    f"{args.game}: match finished after {pressed} key presses "
                    f"({refused} refusals) in {time.monotonic() - start:.0f} s"
                )
                print(text)
                return 0
            if choice_bar_shown(text):
                keys("1")
            else:  # Enter on the selected card; after a refusal, Right moves on to the next card
                if text.count("Not allowed") != last_refusals:
                    refused += 1
                    keys("Right")
                keys("Enter")
            last_refusals = text.count("Not allowed")
            pressed += 1
            time.sleep(0.05)
        print(f"{args.game}: gave up after {pressed} key presses")
        print(screen())
        return 1
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)


if __name__ == "__main__":
    sys.exit(main())
