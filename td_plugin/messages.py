"""Message catalogues (English, Danish) and rendering.

Each law module registers its messages with `register`; keys are dotted
(``revoke.transfer_two``). Templates use `str.format` fields; ``{law:...}`` is not
needed: call `law_ref` to write a clause the way each language cites it ("Law 64A1",
"§ 64A1").
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["register", "render", "law_ref", "laws_ref", "LANGUAGES", "catalogue"]

LANGUAGES = ("en", "da")

_CATALOGUES: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}


def register(lang: str, messages: Mapping[str, str]) -> None:
    """Add messages for a language. A key registered twice with a different text is an
    error, so two modules cannot silently fight over a key."""
    cat = _CATALOGUES.setdefault(lang, {})
    for k, v in messages.items():
        if k in cat and cat[k] != v:
            raise ValueError(f"message key {k!r} registered twice for {lang!r}")
        cat[k] = v


def catalogue(lang: str) -> Mapping[str, str]:
    return _CATALOGUES[lang]


def law_ref(law: str, lang: str = "en") -> str:
    """``"64A1"`` as cited in running text: "Law 64A1" (en), "§ 64A1" (da)."""
    return f"§ {law}" if lang == "da" else f"Law {law}"


def laws_ref(laws: list[str] | tuple[str, ...], lang: str = "en") -> str:
    if not laws:
        return ""
    if lang == "da":
        return ", ".join(f"§ {x}" for x in laws)
    return ("Law " if len(laws) == 1 else "Laws ") + ", ".join(laws)


class _Default(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The text of ``key`` in ``lang`` (falling back to English, then to the key itself)."""
    template = _CATALOGUES.get(lang, {}).get(key) or _CATALOGUES["en"].get(key)
    if template is None:
        return key
    return template.format_map(_Default(params or {}))
