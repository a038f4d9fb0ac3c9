"""Render a page in headless Chromium at a phone's size: a screenshot, the DOM after
layout and a few measurements (page width, where chosen elements are and how they look).

Headless Chromium will not lay a window out narrower than 500 CSS pixels, so the page is
written to a file (UTF-8 bytes, as a report is saved) and shown inside an iframe of exactly
the requested size; a script in the wrapping page (the report itself has none) measures
the framed page once everything has loaded.

`require_chromium` skips a test where no Chromium is installed, but fails it when
``CI=true``: there the browser check must run.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape, unescape
from pathlib import Path
from typing import Any

import pytest

__all__ = ["Rendered", "chromium", "require_chromium", "render", "png_size", "png_colours"]

_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--hide-scrollbars", "--mute-audio", "--allow-file-access-from-files")
_TIMEOUT = 60


def chromium() -> str | None:
    """The Chromium executable: ``$CHROMIUM`` if set, else the first one on PATH."""
    env = os.environ.get("CHROMIUM")
    if env:
        return env
    for name in _NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def require_chromium() -> str:
    """The Chromium executable, or skip the test (fail it when ``CI=true``)."""
    path = chromium()
    if path:
        return path
    reason = ("headless Chromium not found (install the Debian package `chromium`, "
              "or set CHROMIUM to the executable)")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + " and CI=true: the browser check must run")
    pytest.skip(reason)


@dataclass(frozen=True)
class Rendered:
    """What the browser made of a page: the screenshot (PNG), the page's DOM as
    serialised after loading, and the measurements (see `render`)."""

    png: bytes
    dom: str
    metrics: dict[str, Any]


_MEASURE = """
window.addEventListener('load', function () {
  var f = document.getElementById('page'), d = f.contentDocument, w = f.contentWindow;
  var root = d.documentElement, out = {scrollWidth: root.scrollWidth,
    clientWidth: root.clientWidth, scrollHeight: root.scrollHeight, overflowing: [],
    elements: {}};
  d.querySelectorAll('body *').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > root.clientWidth + 0.5 && out.overflowing.length < 10)
      out.overflowing.push(el.tagName.toLowerCase() + '.' + el.className + ' right=' + r.right);
  });
  SELECTORS.forEach(function (sel) {
    out.elements[sel] = Array.prototype.map.call(d.querySelectorAll(sel), function (el) {
      var r = el.getBoundingClientRect(), s = w.getComputedStyle(el);
      return {left: r.left, right: r.right, top: r.top, width: r.width, height: r.height,
        text: el.textContent, className: el.className, background: s.backgroundColor,
        color: s.color, outlineStyle: s.outlineStyle, outlineColor: s.outlineColor,
        outlineWidth: s.outlineWidth, fontSize: s.fontSize, visibility: s.visibility};
    });
  });
  document.getElementById('metrics').textContent = JSON.stringify(out);
  document.getElementById('dom').textContent = root.outerHTML;
});
"""


def _wrapper(page_name: str, width: int, height: int, selectors: Sequence[str]) -> str:
    script = _MEASURE.replace("SELECTORS", json.dumps(list(selectors)))
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
            "html,body{margin:0;padding:0;overflow:hidden;background:#fff}"
            "iframe{display:block;border:0}pre{display:none}</style></head><body>"
            f'<iframe id="page" width="{width}" height="{height}" src="{escape(page_name)}">'
            '</iframe><pre id="metrics"></pre><pre id="dom"></pre>'
            f"<script>{script}</script></body></html>")


def _pre(dom: str, ident: str) -> str:
    start = dom.find(f'<pre id="{ident}">')
    if start < 0:
        raise AssertionError(f"the browser's DOM has no #{ident}:\n{dom[:2000]}")
    start = dom.index(">", start) + 1
    return unescape(dom[start:dom.index("</pre>", start)])


def render(page: str, *, width: int = 390, height: int = 844,
           selectors: Sequence[str] = ()) -> Rendered:
    """Load ``page`` (an HTML string) in a ``width`` x ``height`` viewport; screenshot it
    and measure it. ``metrics`` holds ``scrollWidth``/``clientWidth``/``scrollHeight``
    of the page, ``overflowing`` (elements reaching past the right edge) and, for each
    CSS selector, the matching elements' box, text and computed colours/outline."""
    exe = require_chromium()
    with tempfile.TemporaryDirectory(prefix="td-plugin-browser-") as tmp:
        folder = Path(tmp)
        (folder / "page.html").write_bytes(page.encode("utf-8"))
        wrapper = folder / "wrapper.html"
        wrapper.write_text(_wrapper("page.html", width, height, selectors), encoding="utf-8")
        shot = folder / "shot.png"
        url = wrapper.as_uri()
        common = [exe, *_FLAGS, f"--window-size={width},{height}"]
        screenshot = subprocess.Popen(
            [*common, f"--user-data-dir={folder / 'profile-shot'}", f"--screenshot={shot}",
             url], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        dump = subprocess.Popen(
            [*common, f"--user-data-dir={folder / 'profile-dom'}", "--dump-dom", url],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            dom_out, dom_err = dump.communicate(timeout=_TIMEOUT)
            _, shot_err = screenshot.communicate(timeout=_TIMEOUT)
        finally:
            for proc in (dump, screenshot):
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
        if not shot.exists():
            raise AssertionError("Chromium wrote no screenshot:\n"
                                 + shot_err.decode("utf-8", "replace")[-2000:])
        dom = dom_out.decode("utf-8")
        if not dom.strip():
            raise AssertionError("Chromium dumped no DOM:\n"
                                 + dom_err.decode("utf-8", "replace")[-2000:])
        metrics_text = _pre(dom, "metrics")
        if not metrics_text:
            raise AssertionError("the measuring script did not run before the DOM was dumped")
        metrics = json.loads(metrics_text)
        return Rendered(shot.read_bytes(), _pre(dom, "dom"), metrics)


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (raises on anything that is not a PNG)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise AssertionError("not a PNG")
    return struct.unpack(">II", png[16:24])


def png_colours(png: bytes) -> int:
    """How many distinct byte values the PNG's (filtered) image data has: about 2 for a
    blank page, dozens or more once text and colour are drawn."""
    data = b""
    pos = 8
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(data)))
