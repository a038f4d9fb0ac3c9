"""Message catalogues (English, Danish) and rendering.

Each law module registers its messages with `register`; keys are dotted
(``revoke.transfer_two``). Templates use `str.format` fields; ``{law:...}`` is not
needed: call `law_ref` to write a clause the way each language cites it ("Law 64A1",
"§ 64A1").
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["register", "render", "law_ref", "laws_ref", "LANGUAGES", "catalogue", "Msg",
           "seat_name"]

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


class Msg:
    """A message used as a parameter of another: rendered in the same language.

    ``Msg("seat.N")`` renders "North" in English and "Nord" in Danish.
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        self.key = key
        self.params = dict(params or {})

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


def seat_name(seat: Any) -> Msg:
    """The seat's name as a message (``seat.N`` ...)."""
    return Msg(f"seat.{seat.value}")


class _Default(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """The text of ``key`` in ``lang`` (falling back to English, then to the key itself).
    Parameters that are `Msg` values are rendered in the same language first."""
    template = _CATALOGUES.get(lang, {}).get(key) or _CATALOGUES["en"].get(key)
    if template is None:
        return key
    values = {k: (render(v.key, v.params, lang) if isinstance(v, Msg) else v)
              for k, v in (params or {}).items()}
    return template.format_map(_Default(values))


def plain(params: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """Parameters with every `Msg` rendered, for JSON output."""
    return {k: (render(v.key, v.params, lang) if isinstance(v, Msg) else v)
            for k, v in params.items()}


register("en", {"seat.N": "North", "seat.E": "East", "seat.S": "South", "seat.W": "West",
                "side.NS": "North-South", "side.EW": "East-West",
                "vul.yes": "vulnerable", "vul.no": "not vulnerable"})
register("da", {"seat.N": "Nord", "seat.E": "Øst", "seat.S": "Syd", "seat.W": "Vest",
                "side.NS": "Nord-Syd", "side.EW": "Øst-Vest",
                "vul.yes": "i zonen", "vul.no": "uden for zonen"})
