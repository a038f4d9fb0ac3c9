"""Lossless editing of an XML text: change a few elements, keep every other byte.

A serializer rewrites what it does not understand (quotes, empty elements, character
references, the prolog). Here the text itself is edited instead: `scan` finds where each
element starts and ends, and `TextEditor` replaces the content of leaf elements, removes
elements and inserts new ones with the indentation of their neighbours. Everything not
edited comes out exactly as it went in.

The scan is only ever run on a text that lxml has already parsed safely, so it need not
be a validating parser: it tells comments, CDATA, processing instructions, the DOCTYPE,
end tags and start tags (with quoted attribute values) apart, in document order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

__all__ = ["Span", "scan", "TextEditor", "spans_for"]

_NAME_RE = re.compile(r"[^\s/>]+")


@dataclass(frozen=True)
class Span:
    """Where an element is in the text: ``start`` at its ``<``, ``open_end`` just after
    its start tag, ``close_start`` at its end tag (None when self-closing), ``end`` just
    after it."""

    tag: str
    start: int
    open_end: int
    close_start: int | None
    end: int

    @property
    def self_closing(self) -> bool:
        return self.close_start is None


def _skip_to(text: str, pos: int, marker: str) -> int:
    end = text.find(marker, pos)
    if end < 0:
        raise ValueError(f"unterminated markup at offset {pos}")
    return end + len(marker)


def _markup_end(text: str, pos: int, *, doctype: bool = False) -> int:
    """The offset just after the ``>`` closing the markup that starts at ``pos``: a tag
    (whose quoted attribute values may hold a ``>``) or, with ``doctype``, a DOCTYPE (whose
    quoted literals and bracketed internal subset may too)."""
    quote = None
    depth = 0
    i = pos + 1
    n = len(text)
    while i < n:
        ch = text[i]
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == ">" and not depth:
            return i + 1
        elif doctype and ch == "[":
            depth += 1
        elif doctype and ch == "]":
            depth -= 1
        i += 1
    raise ValueError(f"unterminated {'DOCTYPE' if doctype else 'tag'} at offset {pos}")


def scan(text: str) -> list[Span]:
    """The elements of ``text`` in document order (the order of ``lxml``'s ``iter()``)."""
    spans: list[Span | None] = []
    open_stack: list[tuple[int, str, int, int]] = []  # (index in spans, tag, start, open_end)
    pos = 0
    n = len(text)
    while True:
        lt = text.find("<", pos)
        if lt < 0 or lt >= n:
            break
        if text.startswith("<!--", lt):
            pos = _skip_to(text, lt + 4, "-->")
        elif text.startswith("<![CDATA[", lt):
            pos = _skip_to(text, lt + 9, "]]>")
        elif text.startswith("<?", lt):
            pos = _skip_to(text, lt + 2, "?>")
        elif text.startswith("<!", lt):
            pos = _markup_end(text, lt, doctype=True)
        elif text.startswith("</", lt):
            end = _markup_end(text, lt)
            if not open_stack:
                raise ValueError(f"end tag without start tag at offset {lt}")
            index, tag, start, open_end = open_stack.pop()
            spans[index] = Span(tag, start, open_end, lt, end)
            pos = end
        else:
            end = _markup_end(text, lt)
            m = _NAME_RE.match(text, lt + 1)
            if not m:
                raise ValueError(f"tag without a name at offset {lt}")
            tag = m.group(0)
            if text[end - 2] == "/":
                spans.append(Span(tag, lt, end, None, end))
            else:
                open_stack.append((len(spans), tag, lt, end))
                spans.append(None)
            pos = end
    if open_stack:
        raise ValueError(f"element <{open_stack[-1][1]}> is not closed")
    return [s for s in spans if s is not None]


def _indent_before(text: str, pos: int) -> str:
    """The run of whitespace just before ``pos`` (a newline and an indentation)."""
    i = pos
    while i > 0 and text[i - 1] in " \t\r\n":
        i -= 1
    return text[i:pos]


class TextEditor:
    """Collects edits against the original text and applies them all at once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._edits: list[tuple[int, int, int, str]] = []  # (start, end, sequence, replacement)

    def __bool__(self) -> bool:
        return bool(self._edits)

    def _add(self, start: int, end: int, replacement: str) -> None:
        self._edits.append((start, end, len(self._edits), replacement))

    def set_text(self, span: Span, value: str) -> None:
        """Make ``value`` (escaped here) the whole content of a leaf element."""
        value = escape(value)
        if span.self_closing:
            open_tag = self.text[span.start:span.end]
            body = open_tag[:-2].rstrip()
            self._add(span.start, span.end, f"{body}>{value}</{span.tag}>")
        else:
            assert span.close_start is not None
            if "<" in self.text[span.open_end:span.close_start]:
                raise ValueError(f"<{span.tag}> has children; only a leaf's text can be set")
            self._add(span.open_end, span.close_start, value)

    def text_of(self, span: Span) -> str:
        if span.close_start is None:
            return ""
        return self.text[span.open_end:span.close_start]

    def remove(self, span: Span) -> None:
        """Remove an element with the whitespace that leads up to it."""
        start = span.start - len(_indent_before(self.text, span.start))
        self._add(start, span.end, "")

    def insert_before(self, span: Span, tag: str, value: str) -> None:
        """Insert ``<tag>value</tag>`` before an element, indented like it."""
        indent = _indent_before(self.text, span.start)
        self._add(span.start, span.start, f"<{tag}>{escape(value)}</{tag}>{indent}")

    def insert_after(self, span: Span, tag: str, value: str) -> None:
        """Insert ``<tag>value</tag>`` after an element, indented like it."""
        indent = _indent_before(self.text, span.start)
        self._add(span.end, span.end, f"{indent}<{tag}>{escape(value)}</{tag}>")

    def result(self) -> str:
        """The text with every edit applied. Overlapping edits are an error."""
        edits = sorted(self._edits)
        out: list[str] = []
        pos = 0
        for start, end, _, replacement in edits:
            if start < pos:
                raise ValueError(f"overlapping edits at offset {start}")
            out.append(self.text[pos:start])
            out.append(replacement)
            pos = end
        out.append(self.text[pos:])
        return "".join(out)


def spans_for(elements: Iterable[Any], spans: list[Span]) -> dict[Any, Span]:
    """Pair lxml elements (in document order) with their spans, keyed by the element
    (the dictionary keeps the element objects alive, so lxml hands out the same ones).

    :raises ValueError: when the two walks disagree (the text is not what lxml parsed).
    """
    out: dict[Any, Span] = {}
    elements = [e for e in elements if isinstance(getattr(e, "tag", None), str)]
    if len(elements) != len(spans):
        raise ValueError(f"{len(elements)} elements parsed but {len(spans)} found in the text")
    for el, span in zip(elements, spans):
        tag = el.tag
        if tag != span.tag:
            raise ValueError(f"element <{tag}> found as <{span.tag}> at offset {span.start}")
        out[el] = span
    return out
