"""A tiny stand-in for the table UI, run by the ssh front door in tests instead of the TUI.

It is a real remote client (RemoteSeatHandle over the Unix socket with the one-time token) that
draws its seat, terminal size, hand and whose turn it is; 'p' plays the first legal action,
'q' quits.  It enters the alternate screen with mouse reporting on, like the real UI does.
"""

import os
import signal
import sys
import threading

from cardtable.net.client import RemoteSeatHandle

lock = threading.Lock()


def main() -> None:
    args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
    h = RemoteSeatHandle(unix=args["--unix"], token=args["--token"]).connect()
    out = sys.stdout.buffer

    def show() -> None:
        v = h.view()
        cols, rows = os.get_terminal_size(0)
        text = (
            f"\x1b[2J\x1b[Hseat {h.seat} size {cols}x{rows}\r\n"
            f"hand {' '.join(c.text for c in v.hand)}\r\n"
            f"turn {v.to_act} moves {len([e for e in v.events if e.kind == 'play'])}\r\n"
            f"term {os.environ.get('TERM')} {os.environ.get('COLORTERM', '-')}\r\n"
        )
        with lock:
            out.write(text.encode())
            out.flush()

    out.write(b"\x1b[?1049h\x1b[?1000h\x1b[?1006h\x1b[?25l")
    h.subscribe(show)
    signal.signal(signal.SIGWINCH, lambda *a: show())
    show()
    while True:
        key = os.read(0, 1)
        if not key or key == b"q":
            break
        if key == b"p" and h.view().legal:
            try:
                h.submit(h.view().legal[0])
            except Exception as exc:
                with lock:
                    out.write(f"\r\nerror {exc}\r\n".encode())
                    out.flush()
    h.close()


if __name__ == "__main__":
    main()
