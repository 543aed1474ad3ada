"""A real headless browser for the tests: Debian's chromium driven over the Chrome DevTools protocol.

:class:`Browser` starts ``chromium --headless`` with its own profile folder and a free debugging
port (read back from the profile's ``DevToolsActivePort`` file), and speaks the protocol over
its websocket with aiohttp's client: open a page, type, press keys, read the page's text, take a
screenshot.  :class:`TerminalMirror` rebuilds what a textual-serve page draws: the terminal
output that the page's websocket received (the DevTools ``Network.webSocketFrame*`` events),
played into a pyte screen of the size the page asked for, so a test reads the table as text.
Only loopback addresses; every wait is bounded; the browser is killed on close.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import aiohttp
import pyte

from .helpers import bounded

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium() -> str | None:
    return next((path for name in CANDIDATES if (path := shutil.which(name))), None)


class TerminalMirror:
    """The terminal a textual-serve page draws, rebuilt from its websocket's frames (pyte)."""

    def __init__(self) -> None:
        self.screen: pyte.Screen | None = None
        self.stream: pyte.ByteStream | None = None
        self.received = 0

    def on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Network.webSocketCreated":
            query = parse_qs(urlparse(params["url"]).query)
            self._size(int(query.get("width", ["80"])[0]), int(query.get("height", ["24"])[0]))
        elif method == "Network.webSocketFrameSent":
            self._sent(params["response"])
        elif method == "Network.webSocketFrameReceived":
            frame = params["response"]
            if frame.get("opcode") == 2 and self.stream is not None:
                self.stream.feed(base64.b64decode(frame["payloadData"]))
                self.received += 1

    def _sent(self, frame: dict[str, Any]) -> None:
        try:
            message = json.loads(frame.get("payloadData", ""))
        except ValueError:
            return
        if isinstance(message, list) and message and message[0] == "resize":
            self._size(message[1]["width"], message[1]["height"])

    def _size(self, cols: int, rows: int) -> None:
        if self.screen is None:
            self.screen = pyte.Screen(cols, rows)
            self.stream = pyte.ByteStream(self.screen)
        else:
            self.screen.resize(rows, cols)

    @property
    def text(self) -> str:
        return "" if self.screen is None else "\n".join(line.rstrip() for line in self.screen.display)


class Browser:
    """One headless chromium with one page (tab), driven over the DevTools protocol."""

    def __init__(self, executable: str, width: int = 960, height: int = 600) -> None:
        self.profile = tempfile.mkdtemp(prefix="cardtable-chromium-")
        self.proc = subprocess.Popen(
            [
                executable,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.http: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.session = ""
        self.listeners: list[Callable[[str, dict[str, Any]], None]] = []
        self.events: list[tuple[str, dict[str, Any]]] = []
        self._next = 0
        self._waiting: dict[int, asyncio.Future] = {}
        self._reader: asyncio.Task | None = None

    async def open(self, timeout: float = 20.0) -> None:
        """Connect to the browser and attach to a new page."""
        port_file = Path(self.profile) / "DevToolsActivePort"
        end = time.monotonic() + timeout
        while len(lines := _read_lines(port_file)) < 2:
            if self.proc.poll() is not None or time.monotonic() > end:
                raise AssertionError("chromium did not start its DevTools endpoint")
            await asyncio.sleep(0.05)
        self.http = aiohttp.ClientSession()
        self.ws = await self.http.ws_connect(f"ws://127.0.0.1:{lines[0]}{lines[1]}", max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        target = await self.send("Target.createTarget", {"url": "about:blank"}, page=False)
        attached = await self.send(
            "Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, page=False
        )
        self.session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Network"):
            await self.send(f"{domain}.enable")

    async def _read(self) -> None:
        assert self.ws is not None
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data:
                future = self._waiting.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_result(data)
            elif "method" in data:
                self.events.append((data["method"], data.get("params", {})))
                for listener in self.listeners:
                    listener(data["method"], data.get("params", {}))

    async def send(
        self, method: str, params: dict[str, Any] | None = None, page: bool = True, timeout: float = 20.0
    ) -> dict[str, Any]:
        assert self.ws is not None
        self._next += 1
        future = asyncio.get_running_loop().create_future()
        self._waiting[self._next] = future
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if page:
            message["sessionId"] = self.session
        await self.ws.send_str(json.dumps(message))
        reply = await asyncio.wait_for(future, timeout)
        if "error" in reply:
            raise AssertionError(f"{method} failed: {reply['error']}")
        return reply.get("result", {})

    async def navigate(self, url: str) -> None:
        seen = len(self.events)
        await self.send("Page.navigate", {"url": url})
        await self.until(
            lambda: any(m == "Page.loadEventFired" for m, _ in self.events[seen:]), what=f"{url} loaded"
        )

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        return result.get("result", {}).get("value")

    async def text(self) -> str:
        return await self.evaluate("document.body ? document.body.innerText : ''") or ""

    async def type(self, text: str) -> None:
        await self.send("Input.insertText", {"text": text})

    async def press(self, key: str = "Enter") -> None:
        codes = {"Enter": (13, "\r"), "Tab": (9, "\t")}
        vk, text = codes[key]
        down = {"type": "keyDown", "key": key, "code": key, "windowsVirtualKeyCode": vk, "text": text}
        await self.send("Input.dispatchKeyEvent", down)
        await self.send(
            "Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": vk}
        )

    async def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode((await self.send("Page.captureScreenshot", {"format": "png"}))["data"])
        path.write_bytes(data)
        return data

    async def until(self, pred: Callable[[], Any], timeout: float = 20.0, what: str = "the page") -> Any:
        """Wait for ``pred()`` to be true (a bound on waiting, not a timing assertion)."""
        return await bounded(pred, timeout, what)

    async def until_text(self, needle: str, timeout: float = 20.0) -> str:
        """The page's text once it holds ``needle`` (bounded wait)."""
        end = time.monotonic() + timeout
        while needle not in (text := await self.text()):
            if time.monotonic() > end:
                raise AssertionError(
                    f"timed out after {timeout:g} s waiting for {needle!r} on the page:\n{text}"
                )
            await asyncio.sleep(0.05)
        return text

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        await asyncio.to_thread(self.proc.wait, 10)
        shutil.rmtree(self.profile, ignore_errors=True)


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text().split()
    except OSError:
        return []
