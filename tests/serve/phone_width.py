"""Nothing wider than the phone: every page a browser test passed through, opened again
in each language the app speaks, and measured (``document.documentElement.scrollWidth``
against ``innerWidth``).

The pages of the app are addresses (a tap is a form post answered by a redirect to the
page after it, the draft in its address), so the pages a scenario passed through are
the addresses the browser was sent to; each is loaded again once per language.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from playwright.sync_api import Page

__all__ = ["Width", "widths", "LANGS"]

#: the languages every page is measured in
LANGS = ("en", "da")

_MEASURE = """() => {
  const root = document.documentElement, out = [];
  document.querySelectorAll('body *').forEach(el => {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > innerWidth + 0.5 && out.length < 5)
      out.push(el.tagName.toLowerCase() + '.' + el.className + ' right=' + Math.round(r.right));
  });
  return [root.scrollWidth, innerWidth, out];
}"""


@dataclass(frozen=True)
class Width:
    """A page's width in one language: its content's (``scroll``) and the window's
    (``window``), and the elements reaching past the window's right edge."""

    lang: str
    path: str
    scroll: int
    window: int
    past: tuple[str, ...]

    @property
    def fits(self) -> bool:
        return self.scroll <= self.window


def widths(page: Page, base: str, addresses: Iterable[str]) -> list[Width]:
    """Every address of ``addresses`` (of the app at ``base``, each once) loaded in each
    language of `LANGS` and measured; the page's language is left as the app's first."""
    seen = list(dict.fromkeys(a for a in addresses if a.startswith(base)))
    out = []
    for lang in LANGS:
        page.goto(f"{base}/lang/{lang}?next=/")
        for address in seen:
            page.goto(address)
            scroll, window, past = page.evaluate(_MEASURE)
            out.append(Width(lang, address[len(base):], scroll, window, tuple(past)))
    page.goto(f"{base}/lang/{LANGS[0]}?next=/")
    return out
